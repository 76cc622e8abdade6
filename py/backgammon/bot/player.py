"""Checker play: rank every legal play by the evaluator, look the best ones 1 ply deeper, pick one.

0-ply scores the board after a play with the opponent to roll; 1-ply averages, over the opponent's 21
rolls, the board after its best 0-ply reply; 2-ply averages, over the opponent's 21 rolls, the 1-ply value
of the board after its best 0-ply reply (gnubg's plies count the same way). A reply is the best of those the
pruning net picks (`replies.best_reply`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import ClassVar

from backgammon.bot.cube import MatchContext
from backgammon.bot.evaluator import Probabilities, evaluate_many, evaluate_many_after_play
from backgammon.bot.levels import EXPERT, Level
from backgammon.bot.replies import best_reply, play_value
from backgammon.bot.shared import SharedWork, Unit, chances_from
from backgammon.bot.steps import Steps, finished
from backgammon.move import Play
from backgammon.movegen import legal_plays
from backgammon.position import Position

MONEY = MatchContext()
ROLLS: tuple[tuple[tuple[int, int], int], ...] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)
)


@dataclass(frozen=True)
class RankedPlay:
    """A legal play with the board after it (mover still on roll) and its estimate for the mover."""

    play: Play
    position: Position
    probs: Probabilities
    value: float
    plies: int


def average(weighted: list[tuple[Probabilities, int]]) -> Probabilities:
    total = sum(weight for _, weight in weighted)
    sums = [0.0] * 5
    for probs, weight in weighted:
        for k, value in enumerate(probs.as_tuple()):
            sums[k] += value * weight
    return Probabilities(*(value / total for value in sums))


def one_ply(after: Position, context: MatchContext, cube_value: int) -> tuple[Probabilities, int]:
    """The mover's chances after `after` (mover still on roll) averaged over the opponent's replies.

    Returns the chances and how many boards the replies were (what the look-ahead's budget counts).
    """
    return finished(one_ply_steps(after, context, cube_value))


def one_ply_steps(
    after: Position, context: MatchContext, cube_value: int
) -> Steps[tuple[Probabilities, int]]:
    """`one_ply`, a roll of the opponent's at a time: a step is one search of the best reply, so that a
    thinking step stays short on a slow or loaded device (a 2-ply roll holds 22 of them)."""
    if not any(after.mine):
        return evaluate_many_after_play([(after.mine, after.theirs)])[0], 1
    opponent = after.swap()
    their_context = context.flipped()
    outcomes: list[tuple[Probabilities, int]] = []
    spent = 0
    for dice, weight in ROLLS:
        _, best, count = best_reply(opponent, dice, their_context, cube_value)
        spent += count
        outcomes.append((best.flipped(), weight))
        yield None
    return average(outcomes), spent


def two_ply(after: Position, context: MatchContext, cube_value: int) -> tuple[Probabilities, int]:
    """As `one_ply`, one ply deeper: each of the opponent's best 0-ply replies is judged at 1-ply.

    Returns the chances and how many boards were evaluated.
    """
    return finished(two_ply_steps(after, context, cube_value))


def two_ply_steps(
    after: Position, context: MatchContext, cube_value: int
) -> Steps[tuple[Probabilities, int]]:
    """`two_ply`, a roll at a time."""
    if not any(after.mine):
        return evaluate_many_after_play([(after.mine, after.theirs)])[0], 1
    outcomes: list[tuple[Probabilities, int]] = []
    spent = 0
    for dice, weight in ROLLS:
        probs, cost = yield from two_ply_roll_steps(after, dice, context, cube_value)
        outcomes.append((probs, weight))
        spent += cost
    return average(outcomes), spent


def two_ply_roll(
    after: Position, dice: tuple[int, int], context: MatchContext, cube_value: int
) -> tuple[Probabilities, int]:
    """One roll of `two_ply`: the mover's chances after the opponent's best 0-ply reply to `dice`, that
    reply judged at 1-ply; and how many boards were evaluated."""
    return finished(two_ply_roll_steps(after, dice, context, cube_value))


def two_ply_roll_steps(
    after: Position, dice: tuple[int, int], context: MatchContext, cube_value: int
) -> Steps[tuple[Probabilities, int]]:
    """`two_ply_roll`, the reply's 1-ply a roll at a time."""
    their_context = context.flipped()
    reply, _, count = best_reply(after.swap(), dice, their_context, cube_value)
    yield None
    theirs_1, cost = yield from one_ply_steps(reply, their_context, cube_value)
    return theirs_1.flipped(), count + cost


def rank_plays(
    position: Position,
    dice: tuple[int, int],
    *,
    level: Level = EXPERT,
    context: MatchContext = MONEY,
    cube_value: int = 1,
) -> list[RankedPlay]:
    """Every legal play, best first for the side on roll, with the level's look-ahead applied."""
    return finished(ranking(position, dice, level=level, context=context, cube_value=cube_value))


def ranking(
    position: Position,
    dice: tuple[int, int],
    *,
    level: Level = EXPERT,
    context: MatchContext = MONEY,
    cube_value: int = 1,
) -> Steps[list[RankedPlay]]:
    """`rank_plays`, an opponent's reply searched at a time (`steps.Steps`)."""
    plays = legal_plays(position, dice)
    items = plays.items() if len(plays.positions) == len(plays.plays) else [(Play(), position)]
    probs = evaluate_many_after_play([(after.mine, after.theirs) for _, after in items])
    ranked = sorted(
        (
            RankedPlay(play, after, p, play_value(p, context, cube_value), 0)
            for (play, after), p in zip(items, probs, strict=True)
        ),
        key=lambda r: -r.value,
    )
    if level.lookahead and len(ranked) > 1:
        best_value = ranked[0].value
        window = level.window if context.is_money else level.window / 4.0  # MWC moves less than equity
        spent = 0
        deeper: list[RankedPlay] = []
        for candidate in ranked[: level.lookahead]:
            if candidate.value < best_value - window or spent >= level.budget:
                break
            probs_1, cost = yield from one_ply_steps(candidate.position, context, cube_value)
            spent += cost
            deeper.append(
                replace(candidate, probs=probs_1, value=play_value(probs_1, context, cube_value), plies=1)
            )
        # Plays looked at more deeply rank above the rest, which stay in their 0-ply order.
        ranked = sorted(deeper, key=lambda r: -r.value) + ranked[len(deeper) :]
        if level.deep and len(deeper) > 1:
            ranked = yield from _two_ply_leaders(ranked, level, context, cube_value)
    return ranked


def _two_ply_leaders(
    ranked: list[RankedPlay], level: Level, context: MatchContext, cube_value: int
) -> Steps[list[RankedPlay]]:
    """The best 1-ply plays within the level's window looked at once more, at 2-ply: nine tenths of a world
    class decision, so work that the caller may share (`SharedTwoPly`)."""
    best_value = ranked[0].value
    window = level.window if context.is_money else level.window / 4.0
    leaders = [r for r in ranked[: level.deep] if r.plies == 1 and r.value >= best_value - window]
    if len(leaders) < 2:
        return ranked
    work = SharedTwoPly(tuple(c.position for c in leaders), context, cube_value)
    chances = work.chances((yield from work.steps()))
    deeper = [
        replace(candidate, probs=probs_2, value=play_value(probs_2, context, cube_value), plies=2)
        for candidate, probs_2 in zip(leaders, chances, strict=True)
    ]
    return sorted(deeper, key=lambda r: -r.value) + ranked[len(deeper) :]


@dataclass(frozen=True)
class SharedTwoPly(SharedWork[Probabilities]):
    """Each board's 2-ply chances (`two_ply`), as work that other workers may share (`shared`): a unit is one
    board's chances after one of the opponent's 21 rolls (`two_ply_roll`). A board the play bears off from
    entirely has none: it is over, and judged as it is."""

    kind: ClassVar[str] = "two_ply"

    def units(self) -> tuple[Unit, ...]:
        return tuple(
            (b, r) for b, board in enumerate(self.boards) if any(board.mine) for r in range(len(ROLLS))
        )

    def unit_steps(self, unit: Unit) -> Steps[Probabilities]:
        board, roll = unit
        dice = ROLLS[roll][0]
        chances, _ = yield from two_ply_roll_steps(self.boards[board], dice, self.context, self.cube_value)
        return chances

    def figures(self, result: Probabilities) -> tuple[list[float], list[str] | None]:
        return list(result.as_tuple()), None

    def result(self, unit: Unit, figures: list[float], boards: list[str] | None) -> Probabilities:
        return chances_from(figures)

    def chances(self, found: dict[Unit, Probabilities]) -> list[Probabilities]:
        """Each board's 2-ply chances from its units' (each board's rolls averaged in one order)."""
        return [self._chances(b, found) for b in range(len(self.boards))]

    def _chances(self, b: int, found: dict[Unit, Probabilities]) -> Probabilities:
        board = self.boards[b]
        if not any(board.mine):
            return evaluate_many_after_play([(board.mine, board.theirs)])[0]
        return average([(found[(b, r)], weight) for r, (_, weight) in enumerate(ROLLS)])


def choose_play(
    position: Position,
    dice: tuple[int, int],
    *,
    level: Level = EXPERT,
    rng: random.Random | None = None,
    context: MatchContext = MONEY,
    cube_value: int = 1,
) -> RankedPlay:
    """The play the level makes; the same `rng` state gives the same choice."""
    ranked = rank_plays(position, dice, level=level, context=context, cube_value=cube_value)
    return pick(ranked, level=level, rng=rng, context=context)


def pick(
    ranked: list[RankedPlay], *, level: Level, rng: random.Random | None, context: MatchContext
) -> RankedPlay:
    """The play the level makes among `ranked` (best first): the best, or with its noise a near one."""
    if level.noise <= 0.0 or len(ranked) == 1:
        return ranked[0]
    rng = rng or random.Random(0)
    scale = level.noise if context.is_money else level.noise / 4.0
    return max(ranked, key=lambda r: r.value + rng.gauss(0.0, scale))


def evaluate_position(position: Position, *, lookahead: bool = False) -> Probabilities:
    """Chances for the side on roll, before it rolls.

    With `lookahead`, the average over its 21 rolls of its best play's 0-ply estimate: steadier than
    the one static estimate, at the cost of a few hundred evaluations.
    """
    if not lookahead:
        return evaluate_many([(position.mine, position.theirs)])[0]
    outcomes: list[tuple[Probabilities, int]] = []
    for dice, weight in ROLLS:
        outcomes.append((best_reply(position, dice, MONEY, 1)[1], weight))
    return average(outcomes)
