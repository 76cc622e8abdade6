"""Rollouts: a position played out to the end (or to a truncation) many times by the engine, cubeless, as
GNU Backgammon's `rollout` does them (rollout.c), with the same settings a gnubg user sets.

- A trial plays both sides at 0-ply (`replies.best_reply`: the pruning net picks, the contact net judges),
  or with `chequer_plies` 1 by the expert's look-ahead (`player.rank_plays` at the expert level: its best
  plays at 0-ply re-scored 1 ply deeper; gnubg's rollout setting "chequer play plies 1"), until the game
  ends, until `truncation` plies have been played (the side then on roll's chances by the net), or until
  both sides are bearing off and `stop_at_bearoff` (the chances by the exact database).
- Dice: trial *i*'s rolls come from the seed and *i* alone (`trial_dice`), so trials can be shared among any
  number of workers. With `rotate`, the first roll runs through the 36 rolls once every 36 trials and the
  second through them once every 1,296 (gnubg's quasi-random dice: each in an order shuffled by the seed),
  when the number of trials is a multiple of 36, resp. 1,296.
- Variance reduction (gnubg's): at each roll the engine also plays the 20 other rolls; the luck of the roll
  is the chances after the roll played less their average over the 36 rolls, and a trial's result is its
  outcome less the sum of its luck. The expected luck is nought, so the mean is unbiased, and much of the
  dice's noise is taken out.
- Every candidate of a decision gets the same dice in a trial: their differences are far steadier than
  their values, and a difference's standard error is computed from the paired trials.
- The luck of a roll is always measured at 0-ply (the 21 rolls' best 0-ply plays), whichever play the
  trial makes: its expectation over the rolls is still nought, so the mean stays unbiased at 1-ply.

The work is split into chunks of trials (`rollout_chunk`); a chunk's answer is sums of the trials' figures
and of their squares and products, kept exact as whole numbers of `QUANTUM` (a float sum would depend on
the order of the additions), so chunks combine in any order, and with any number of workers, to the same
figures (`rollout_result`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from backgammon.bot.cube import MatchContext, Owner
from backgammon.bot.evaluator import Probabilities, evaluate, game_over_value
from backgammon.bot.levels import EXPERT
from backgammon.bot.replies import best_reply, play_value
from backgammon.errors import BackgammonError
from backgammon.position import Position
from backgammon.shapes import RolloutCandidate, RolloutChunk, RolloutResult

ROLLS: tuple[tuple[tuple[int, int], int], ...] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)
)
#: A trial's figures are kept as whole numbers of this (2**-32: far below any figure shown).
QUANTUM_BITS = 32
#: The figures of a trial, in this order: the five chances of `Probabilities`, then the equity.
FIGURES = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon", "equity")
#: A cubeful rollout's last figure (after `FIGURES`): the one its candidates are ranked by.
CUBEFUL = ("cubeful_equity",)
#: A difference is significant when it is more than this many standard errors (95%, two-sided).
SIGNIFICANT_Z = 1.96
MAX_TRIALS = 1_000_000
MAX_TRUNCATION = 1000
#: The checker play's look-ahead in trials: 0-ply or 1-ply (the expert's).
CHEQUER_PLIES = (0, 1)
#: The settings a player can type out of range (the rollout panel's plies per trial), by message id: the page
#: says them in the player's language, English's catalogue holding this (tests/units/test_core_rest_words.py).
SETTINGS_WORDS = {
    "rollout.truncationRange": "Truncation is 0 to {most} plies, not {truncation}.",
    "rollout.pliesRange": "The checker play in trials is 0-ply or 1-ply, not {plies}.",
}
#: The rest a player can meet (the panel's field stops trials out of range first), the same way; Python writes
#: the most with a thousands separator (tests/units/test_core_words.py holds them to en.js).
RARE_WORDS = {"rollout.trialsRange": "A rollout has 1 to {most} trials, not {trials}."}
MONEY = MatchContext()


@dataclass(frozen=True)
class RolloutSettings:
    """What a gnubg user sets for a rollout. `truncation` 0: play each game to its end."""

    trials: int = 1296
    truncation: int = 0
    variance_reduction: bool = True
    rotate: bool = True
    stop_at_bearoff: bool = True
    seed: int = 1
    #: the cube live in the trials (`rollout_cubeful`): the figures get the cubeful equity
    cubeful: bool = False
    #: the checker play in trials: 0 (0-ply) or 1 (the expert's look-ahead, gnubg's chequer play plies 1)
    chequer_plies: int = 0

    def __post_init__(self) -> None:
        if not 1 <= self.trials <= MAX_TRIALS:
            raise BackgammonError(f"A rollout has 1 to {MAX_TRIALS:,} trials, not {self.trials}.").said_as(
                "rollout.trialsRange", most=MAX_TRIALS, trials=str(self.trials)
            )
        if not 0 <= self.truncation <= MAX_TRUNCATION:
            raise _refused("rollout.truncationRange", most=MAX_TRUNCATION, truncation=str(self.truncation))
        if self.chequer_plies not in CHEQUER_PLIES:
            raise _refused("rollout.pliesRange", plies=str(self.chequer_plies))


def _refused(key: str, **args: int | str) -> BackgammonError:
    return BackgammonError(SETTINGS_WORDS[key].format(**args)).said_as(key, **args)


@dataclass(frozen=True)
class Start:
    """Where a candidate's trials start: `position` seen from the side on roll, and whether that side is
    the one the figures are for (a cube decision: yes; the board after a candidate play: no, the opponent
    rolls first)."""

    position: Position
    on_roll_is_owner: bool
    #: cubeful trials only: the cube at the start (None: the rollout's) and who holds it, named from the
    #: side the figures are for; `cube_first`: the side on roll may double before the first roll (not in
    #: a cube decision's own rollout, where that decision is what is rolled out)
    stake: int | None = None
    holder: Owner = Owner.CENTRE
    cube_first: bool = True


def after_play(after: Position, holder: Owner = Owner.CENTRE) -> Start:
    """The start of a candidate play's trials: `after` is the board after it, the mover still "mine";
    `holder`: who has the cube, named from the mover."""
    return Start(after.swap(), False, holder=holder)


def before_roll(position: Position, holder: Owner = Owner.CENTRE) -> Start:
    """The start of a position's trials: the side on roll rolls first (and may double first)."""
    return Start(position, True, holder=holder)


def cube_decision_starts(position: Position, cube_value: int, holder: Owner) -> list[Start]:
    """A cube decision's two rollouts (gnubg's `rollout =cube`), the side on roll's: "no double" (the cube
    as it is) and "double, take" (the cube doubled, the taker's), each rolling first without a cube action
    before that roll; double/pass needs no trials. The same dice go to both."""
    return [
        Start(position, True, stake=cube_value, holder=holder, cube_first=False),
        Start(position, True, stake=2 * cube_value, holder=Owner.THEM, cube_first=False),
    ]


@cache
def rotation(seed: int, turn: int) -> tuple[int, ...]:
    """The order of the 36 rolls for the rotated `turn` (0 or 1), shuffled by the seed."""
    order = list(range(36))
    random.Random(f"rollout-rotation:{seed}:{turn}").shuffle(order)
    return tuple(order)


def trial_dice(settings: RolloutSettings, trial: int) -> random.Random:
    """The random dice of trial `trial`: from the seed and the trial's number alone."""
    return random.Random(f"rollout:{settings.seed}:{trial}")


def roll_for(settings: RolloutSettings, trial: int, ply: int, dice: random.Random) -> tuple[int, int]:
    """The roll of trial `trial` at `ply` (0: the first roll): rotated as the module says, else random."""
    if settings.rotate and ply < 2 and settings.trials % 36 ** (ply + 1) == 0:
        index = rotation(settings.seed, ply)[(trial // 36**ply) % 36]
        # Drawn all the same, so that the later rolls do not depend on whether this one was rotated.
        dice.randint(1, 6), dice.randint(1, 6)
        return index // 6 + 1, index % 6 + 1
    return dice.randint(1, 6), dice.randint(1, 6)


def owners_chances(probs: Probabilities, owner: bool) -> tuple[float, ...]:
    return (probs if owner else probs.flipped()).as_tuple()


def play_trial(
    start: Start, settings: RolloutSettings, trial: int, context: MatchContext, cube_value: int
) -> tuple[float, ...]:
    """One trial: the owner's five chances (0 or 1 where the game was played out, the net's or the
    database's where it was cut short), less the luck where variance reduction is on."""
    dice = trial_dice(settings, trial)
    position, owner_on_roll = start.position, start.on_roll_is_owner
    luck = [0.0] * 5
    ply = 0
    while True:
        if (settings.truncation and ply == settings.truncation) or (
            settings.stop_at_bearoff and _both_bearing_off(position)
        ):
            outcome = owners_chances(evaluate(position.mine, position.theirs), owner_on_roll)
            break
        roll = roll_for(settings, trial, ply, dice)
        roller_context = context if owner_on_roll else context.flipped()
        if settings.variance_reduction:
            after = _played_with_luck(position, roll, roller_context, cube_value, owner_on_roll, luck)[0]
            if settings.chequer_plies:
                after = looked_ahead(position, roll, roller_context, cube_value)
        else:
            after = trial_play(position, roll, roller_context, cube_value, settings)
        if not any(after.mine):
            outcome = owners_chances(game_over_value(after.mine, after.theirs), owner_on_roll)
            break
        position, owner_on_roll, ply = after.swap(), not owner_on_roll, ply + 1
    return tuple(value - lucky for value, lucky in zip(outcome, luck, strict=True))


def looked_ahead(
    position: Position, roll: tuple[int, int], context: MatchContext, cube_value: int
) -> Position:
    """The board after the expert's 1-ply choice of `roll` (the mover still "mine")."""
    from backgammon.bot.player import rank_plays  # the player builds on the replies this module uses

    return rank_plays(position, ordered_roll(roll), level=EXPERT, context=context, cube_value=cube_value)[
        0
    ].position


def trial_play(
    position: Position,
    roll: tuple[int, int],
    context: MatchContext,
    cube_value: int,
    settings: RolloutSettings,
) -> Position:
    """The board after a trial's play of `roll`: the best at 0-ply, or the expert's 1-ply choice."""
    if settings.chequer_plies:
        return looked_ahead(position, roll, context, cube_value)
    return best_reply(position, ordered_roll(roll), context, cube_value)[0]


def ordered_roll(roll: tuple[int, int]) -> tuple[int, int]:
    return (roll[0], roll[1]) if roll[0] <= roll[1] else (roll[1], roll[0])


def _both_bearing_off(position: Position) -> bool:
    return not any(position.mine[6:25]) and not any(position.theirs[6:25])


def _played_with_luck(
    position: Position,
    roll: tuple[int, int],
    context: MatchContext,
    cube_value: int,
    owner_on_roll: bool,
    luck: list[float],
) -> tuple[Position, Probabilities]:
    """The best play of `roll`, the other 20 rolls played too: the roll's luck (the owner's chances after it
    less their average over the 36 rolls) is added to `luck`."""
    wanted = ordered_roll(roll)
    mean = [0.0] * 5
    chosen: tuple[Position, Probabilities] | None = None
    actual: tuple[float, ...] = ()
    for dice, weight in ROLLS:
        after, probs, _ = best_reply(position, dice, context, cube_value)
        owners = owners_chances(probs, owner_on_roll)
        for k in range(5):
            mean[k] += owners[k] * weight
        if dice == wanted:
            chosen, actual = (after, probs), owners
    assert chosen is not None
    for k in range(5):
        luck[k] += actual[k] - mean[k] / 36.0
    return chosen


def trial_figures(chances: Sequence[float], context: MatchContext, cube_value: int) -> tuple[float, ...]:
    """The five chances and the equity they are worth (money points per cube, or the chance of winning
    the match): linear in the chances, so the mean of the equities is the equity of the mean chances."""
    probs = Probabilities(*chances)
    return (*chances, play_value(probs, context, cube_value))


def _trial(
    start: Start, settings: RolloutSettings, trial: int, context: MatchContext, cube_value: int
) -> tuple[float, ...]:
    """A trial's figures: the five chances and the cubeless equity (`FIGURES`), and with `cubeful` the
    cubeful equity after them (the figure candidates are ranked by)."""
    if not settings.cubeful:
        return trial_figures(play_trial(start, settings, trial, context, cube_value), context, cube_value)
    from backgammon.bot.rollout_cubeful import play_cubeful_trial  # it builds on this module

    figures, _ = play_cubeful_trial(start, settings, trial, context, cube_value)
    stake = start.stake or cube_value
    return (*trial_figures(figures[:5], context, stake), figures[5])


def _quantised(value: float) -> int:
    return round(value * (1 << QUANTUM_BITS))


def rollout_chunk(
    starts: Sequence[Start],
    settings: RolloutSettings,
    first: int,
    count: int,
    context: MatchContext = MONEY,
    cube_value: int = 1,
) -> RolloutChunk:
    """Trials `first` to `first + count - 1` of each start: the sums of their figures (`FIGURES`), of
    their squares, and of the products of the candidates' equities (for their differences), as decimal
    strings of whole numbers of 2**-QUANTUM_BITS (exact, and safe through JSON)."""
    if not starts:
        raise BackgammonError("A rollout needs a position or at least one candidate.")
    if first < 0 or count < 1 or first + count > settings.trials:
        raise BackgammonError(f"Trials {first} to {first + count - 1} are not within the rollout's.")
    width = len(FIGURES) + settings.cubeful
    sums = [[0] * width for _ in starts]
    squares = [[0] * width for _ in starts]
    products = [[0] * len(starts) for _ in starts]
    for trial in range(first, first + count):
        equities = []
        for k, start in enumerate(starts):
            figures = [_quantised(v) for v in _trial(start, settings, trial, context, cube_value)]
            for f, value in enumerate(figures):
                sums[k][f] += value
                squares[k][f] += value * value
            equities.append(figures[-1])
        for j, ej in enumerate(equities):
            for k, ek in enumerate(equities):
                products[j][k] += ej * ek
    return {
        "first": first,
        "count": count,
        "sums": [[str(v) for v in row] for row in sums],
        "squares": [[str(v) for v in row] for row in squares],
        "products": [[str(v) for v in row] for row in products],
    }


def _combined(
    chunks: Sequence[RolloutChunk],
) -> tuple[int, list[list[int]], list[list[int]], list[list[int]]]:
    """The chunks' sums added up (whole numbers: in any order, the same), checked to cover trials 0 to n-1
    once each."""
    if not chunks:
        raise BackgammonError("No trials to combine.")
    spans = sorted((chunk["first"], chunk["count"]) for chunk in chunks)
    expected = 0
    for first, count in spans:
        if first != expected:
            raise BackgammonError(f"The chunks do not cover the trials once each (at trial {expected}).")
        expected += count
    size = len(chunks[0]["sums"])

    def total(tables: list[list[list[str]]]) -> list[list[int]]:
        if any(len(table) != size or len(table[0]) != len(tables[0][0]) for table in tables):
            raise BackgammonError("The chunks are of different rollouts.")
        rows = [[0] * len(tables[0][0]) for _ in range(size)]
        for table in tables:
            for k, row in enumerate(table):
                for f, value in enumerate(row):
                    rows[k][f] += int(value)
        return rows

    return (
        expected,
        total([chunk["sums"] for chunk in chunks]),
        total([chunk["squares"] for chunk in chunks]),
        total([chunk["products"] for chunk in chunks]),
    )


def _mean_and_error(total: int, square: int, trials: int) -> tuple[float, float]:
    """The mean and its standard error, from exact sums of whole numbers of the quantum: whole-number
    arithmetic, then one correctly rounded division each (the same figures whatever the sums' history)."""
    scale = 1 << QUANTUM_BITS
    mean = total / (trials * scale)
    if trials < 2:
        return mean, 0.0
    # n * sum of squares - sum squared: n (n - 1) times the variance, exact.
    spread = max(trials * square - total * total, 0)
    variance = spread / (trials * (trials - 1) * scale * scale)
    return mean, math.sqrt(variance / trials)


def rollout_result(chunks: Sequence[RolloutChunk]) -> RolloutResult:
    """The rollout's figures from its chunks (in any order): each candidate's chances and equity with their
    standard errors, ranked best first, each with its difference from the best, that difference's standard
    error (from the paired trials) and whether it is significant."""
    trials, sums, squares, products = _combined(chunks)
    if len(sums[0]) not in (len(FIGURES), len(FIGURES) + len(CUBEFUL)):
        raise BackgammonError("The chunks are not a rollout's.")
    candidates: list[RolloutCandidate] = []
    for k in range(len(sums)):
        figures = [_mean_and_error(sums[k][f], squares[k][f], trials) for f in range(len(sums[k]))]
        named = dict(zip(FIGURES + CUBEFUL[: len(figures) - len(FIGURES)], figures, strict=True))
        win, win_error = named["win"]
        candidates.append(
            {
                "index": k,
                "win": win,
                "win_gammon": named["win_gammon"][0],
                "win_backgammon": named["win_backgammon"][0],
                "lose": 1.0 - win,
                "lose_gammon": named["lose_gammon"][0],
                "lose_backgammon": named["lose_backgammon"][0],
                "equity": named["equity"][0],
                "errors": {
                    "win": win_error,
                    "win_gammon": named["win_gammon"][1],
                    "win_backgammon": named["win_backgammon"][1],
                    "lose": win_error,
                    "lose_gammon": named["lose_gammon"][1],
                    "lose_backgammon": named["lose_backgammon"][1],
                    "equity": named["equity"][1],
                },
                "difference": 0.0,
                "difference_error": 0.0,
                "significant": False,
            }
        )
        if "cubeful_equity" in named:
            candidates[-1]["cubeful_equity"] = named["cubeful_equity"][0]
            candidates[-1]["errors"]["cubeful_equity"] = named["cubeful_equity"][1]
    ranked = sorted(candidates, key=lambda c: (-c.get("cubeful_equity", c["equity"]), c["index"]))
    best = ranked[0]["index"]
    for candidate in ranked[1:]:
        k = candidate["index"]
        # The paired differences' variance: var(k) + var(best) - 2 cov(k, best), from exact sums.
        diff_sum = sums[k][-1] - sums[best][-1]
        diff_square = squares[k][-1] + squares[best][-1] - 2 * products[k][best]
        mean, error = _mean_and_error(diff_sum, diff_square, trials)
        candidate["difference"] = mean
        candidate["difference_error"] = error
        candidate["significant"] = trials > 1 and abs(mean) > SIGNIFICANT_Z * error
    return {"trials": trials, "candidates": ranked}
