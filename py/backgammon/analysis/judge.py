"""Judging one decision: equities of the choices in EMG, the error of the choice made, the luck of a roll.

Values are cubeful, by GNU Backgammon's method (`backgammon.bot.cube`; gnubg's eval.c,
`EvaluatePositionCubeful4`): a board with a side on roll is worth, at 0-ply, that side's cubeful value
with its own best cube action (`value_on_roll`); one ply deeper, the average over its 21 rolls of the
board after the best play of each, and then its cube action on those averages. They are expressed in EMG
for the side on turn: money points per unit of the cube, or in a match the match-winning chance mapped
so that losing a single game at the current cube is -1 and winning one +1 (gnubg's `mwc2eq`). See
docs/analysis.md for every definition.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from backgammon.bot.cube import MatchContext, Owner, cubeful_value, cubeless_value, position_efficiency
from backgammon.bot.cubeful import (
    Leaf,
    TwoPlyRolls,
    after_play_efficiency,
    after_play_value,
    leaves,
    lookahead_play_value,
    lookahead_value,
    two_ply_chances,
    two_ply_value,
)
from backgammon.bot.evaluator import Probabilities, evaluate_many, evaluate_many_after_play
from backgammon.bot.levels import DEEP
from backgammon.bot.player import ROLLS, average, two_ply_roll
from backgammon.move import Play
from backgammon.movegen import legal_plays
from backgammon.position import Position

from .decisions import Decision, Kind

# Depth 1 looks 1 ply deeper at the best few plays at 0-ply within this many EMG of the best (and at the
# play made): a little narrower than the expert computer's 4 within 0.16, for speed; the figures barely move.
LOOKAHEAD_PLAYS = 3
LOOKAHEAD_WINDOW = 0.12
# Depth 2 chooses as the DEEP setting does (`benchmarks/checker_errors_gnubg.py` measures it): its
# look-ahead's plays at 1-ply, then the best few of those at 2-ply, each within its window (EMG).

# A resignation worth this little (EMG) more or less than playing on is worth the same: an error the analysis
# would write as 0.00 mEMG (gnubg's computer, likewise, accepts one that gains it less than 1e-6: play.c,
# `max_gain`); sure results come out of the evaluation within rounding of the exact values.
RESIGN_EPSILON = 5e-6

# The 30 opening rolls: (my die, their die) with mine higher gives me the first turn, else them.
OPENING_ROLLS = tuple((a, b) for a in range(1, 7) for b in range(1, 7) if a != b)


@dataclass(frozen=True)
class Scale:
    """The cube and score of a decision, and how its values turn into EMG and MWC."""

    cube_value: int
    owner: Owner
    context: MatchContext

    @property
    def win_single(self) -> float:
        return self.context.payoff(self.cube_value)

    @property
    def lose_single(self) -> float:
        return self.context.payoff(-self.cube_value)

    def emg(self, value: float) -> float:
        """A cubeful value (money points or MWC) in EMG."""
        if self.context.is_money:
            return value / self.cube_value
        win, lose = self.win_single, self.lose_single
        if win - lose <= 1e-12:
            return 0.0
        return (2.0 * value - (win + lose)) / (win - lose)

    def mwc_of_emg(self, emg_difference: float) -> float | None:
        """An EMG difference as a difference of match-winning chance (None in money play)."""
        if self.context.is_money:
            return None
        return emg_difference * (self.win_single - self.lose_single) / 2.0

    def before_roll(self, probs: Probabilities, efficiency: float) -> float:
        """Cubeful EMG of the side on turn before its roll, the cube as it stands (no cube action)."""
        return self.emg(
            cubeful_value(probs, self.cube_value, self.owner, self.context, efficiency=efficiency)
        )

    def after_play(self, probs: Probabilities, efficiency: float) -> float:
        """Cubeful EMG at 0-ply of the board after the play of the side on turn (`probs` its chances), the
        other side on roll with its own cube action: gnubg's value of a play at 0-ply. `efficiency` is
        the board's with the other side on roll (`after_play_efficiency`)."""
        return self.emg(self.raw_after_play(probs, self.cube_value, self.owner, efficiency))

    def raw_after_play(self, probs: Probabilities, stake: int, owner: Owner, efficiency: float) -> float:
        """`after_play` in money points or MWC, with the cube at `stake` held by `owner` (our side)."""
        return after_play_value(probs, efficiency, stake, owner, self.context)


def scale_of(decision: Decision) -> Scale:
    owner = decision.cube_owner
    relative = Owner.CENTRE if owner is None else (Owner.ME if owner == decision.turn else Owner.THEM)
    return Scale(decision.cube_value, relative, decision.context)


@dataclass(frozen=True)
class Sweep:
    """Every roll's best 0-ply play from one position before the roll.

    The same figures serve the luck of the roll made, the cube's look-ahead (the average of the 21),
    and, seen from the other side, the 1-ply value of the play that led to the position.
    """

    rolls: dict[tuple[int, int], Leaf]

    def value(self, dice: tuple[int, int], scale: Scale) -> float:
        best = self.rolls[(min(dice), max(dice))]
        return scale.after_play(best.probs, best.efficiency)

    def mean(self, scale: Scale) -> float:
        return sum(self.value(dice, scale) * weight for dice, weight in ROLLS) / 36.0

    @property
    def leaves(self) -> tuple[Leaf, ...]:
        return tuple(self.rolls[dice] for dice, _ in ROLLS)

    def chances(self) -> Probabilities:
        return average([(self.rolls[dice].probs, weight) for dice, weight in ROLLS])


def sweep(position: Position, context: MatchContext, cube_value: int) -> Sweep:
    """The best 0-ply play of each of the 21 rolls, chosen as the computer chooses (`play_value`)."""
    return Sweep(
        {dice: leaf for (dice, _), leaf in zip(ROLLS, leaves(position, context, cube_value), strict=True)}
    )


class OutOfTime(Exception):
    """A 2-ply look stopped at its deadline; its finished rolls are kept, so judging again goes on."""


class Sweeps:
    """Sweeps of the last positions met: the 1-ply look at the play made is the next turn's sweep.

    `deep`: the leading plays are looked at once more, at 2-ply, and cube decisions are judged at 2-ply
    (depth 2). That takes seconds a decision, so it is done a roll at a time: past `deadline`
    (`time.perf_counter()`), once a roll has been done since `deadline` was set, `two_ply` and
    `cube_rolls` raise `OutOfTime`, and the rolls done are remembered.
    """

    def __init__(self, size: int = 16, *, deep: bool = False) -> None:
        # A 2-ply cube decision keeps its 21 rolls' sweeps here, and the play made after it finds its own.
        self.size = max(size, 64) if deep else size
        self.deep = deep
        # Keyed by the score and cube too: a sweep's best plays depend on them (the cube is doubled between a
        # take and the next roll), so that a decision's figures never depend on which decisions came before.
        self._found: dict[tuple[Position, MatchContext, int], Sweep] = {}
        self.deadline: float | None = None
        self._rolls_done_since_deadline = 0
        self._two_ply_rolls: dict[tuple[Position, tuple[int, int], MatchContext, int], Probabilities] = {}

    def get(self, position: Position, context: MatchContext, cube_value: int) -> Sweep:
        key = (position, context, cube_value)
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = sweep(position, context, cube_value)
            if len(self._found) > self.size:
                del self._found[next(iter(self._found))]
        return found

    def one_ply(self, after: Position, context: MatchContext, cube_value: int) -> Probabilities:
        """The mover's chances after its play `after` (mover still on roll), over the other side's replies."""
        if not any(after.mine):
            return evaluate_many_after_play([(after.mine, after.theirs)])[0]
        return self.get(after.swap(), context.flipped(), cube_value).chances().flipped()

    def one_ply_value(self, after: Position, scale: Scale) -> float:
        """The mover's cubeful EMG of its play `after` at 1-ply (`cubeful.lookahead_play_value`: the other
        side's rolls from there, the mover's 0-ply value on roll after each reply, the other side's cube
        action on the averages)."""
        context, stake = scale.context, scale.cube_value
        if not any(after.mine):
            probs = evaluate_many_after_play([(after.mine, after.theirs)])[0]
            return scale.after_play(probs, 0.0)
        replies = self.get(after.swap(), context.flipped(), stake)
        return scale.emg(lookahead_play_value(after, stake, scale.owner, context, replies.leaves))

    def set_deadline(self, deadline: float | None) -> None:
        self.deadline = deadline
        self._rolls_done_since_deadline = 0

    def two_ply(self, after: Position, context: MatchContext, cube_value: int) -> Probabilities:
        """`player.two_ply`'s chances, a roll at a time (see the class)."""
        if not any(after.mine):
            return evaluate_many_after_play([(after.mine, after.theirs)])[0]
        outcomes: list[tuple[Probabilities, int]] = []
        for dice, weight in ROLLS:
            key = (after, dice, context, cube_value)
            found = self._two_ply_rolls.get(key)
            if found is None:
                late = self.deadline is not None and time.perf_counter() >= self.deadline
                if late and self._rolls_done_since_deadline:
                    raise OutOfTime
                found = self._two_ply_rolls[key] = two_ply_roll(after, dice, context, cube_value)[0]
                self._rolls_done_since_deadline += 1
            outcomes.append((found, weight))
        return average(outcomes)

    def cube_rolls(self, position: Position, context: MatchContext, cube_value: int) -> TwoPlyRolls:
        """For a 2-ply cube decision of the side on roll of `position`: each roll's best 0-ply play, and the
        other side's best 0-ply replies to it (None where the play ends the game), a roll at a time (see
        the class). The moves are chosen with the cube as it stands, for every cube the values take (as
        gnubg chooses them with the cube of the position)."""
        found: list[tuple[Leaf, tuple[Leaf, ...] | None]] = []
        for leaf in self.get(position, context, cube_value).leaves:
            if not any(leaf.after.mine):
                found.append((leaf, None))
                continue
            key = (leaf.after.swap(), context.flipped(), cube_value)
            if key not in self._found:
                late = self.deadline is not None and time.perf_counter() >= self.deadline
                if late and self._rolls_done_since_deadline:
                    raise OutOfTime
                self._rolls_done_since_deadline += 1
            found.append((leaf, self.get(*key).leaves))
        return tuple(found)

    def forget_two_ply(self) -> None:
        """Drop the remembered rolls (a decision is judged: they are not needed again)."""
        self._two_ply_rolls.clear()


@dataclass(frozen=True)
class PlayFigure:
    """A legal play judged: its value (EMG, for the mover), chances, and how deep it was looked at."""

    play: Play
    position: Position
    value: float
    probs: Probabilities
    plies: int


@dataclass(frozen=True)
class MoveJudgement:
    plays: list[PlayFigure]  # best first
    played: PlayFigure
    error: float  # EMG, >= 0
    luck: float | None  # EMG, for the mover
    before: Probabilities  # the mover's chances before the roll


@dataclass(frozen=True)
class CubeJudgement:
    no_double: float
    double_take: float
    double_pass: float
    beaver: float | None  # the doubler's value if the answer is a beaver (money, beavers allowed)
    error: float  # EMG, >= 0, for the decider
    chances: Probabilities  # the doubler's

    @property
    def best_double(self) -> float:
        """What doubling is worth with the right answer."""
        return min(self.double_take, self.double_pass)

    @property
    def action(self) -> str:
        if self.no_double >= self.best_double:
            return "too_good" if self.no_double > self.double_pass else "no_double"
        return "double"

    @property
    def response(self) -> str:
        if (
            self.beaver is not None
            and self.beaver < self.double_take
            and self.double_take <= self.double_pass
        ):
            return "beaver"
        return "take" if self.double_take <= self.double_pass else "drop"

    @property
    def close(self) -> bool:
        """gnubg's `isCloseCubedecision`: doubling would not have been a very bad error."""
        return max(self.no_double, self.best_double) - min(self.double_take, 1.0) < 0.16


def _rank(
    position: Position, dice: tuple[int, int], scale: Scale, sweeps: Sweeps | None, played: Play | None
) -> tuple[list[PlayFigure], PlayFigure]:
    """The legal plays of `dice`, best first, and the figure of `played` (None: no play was made, the
    returned figure is the best)."""
    legal = legal_plays(position, dice)
    items = legal.items() if legal.move_count else [(Play(), position)]
    probs = evaluate_many_after_play([(after.mine, after.theirs) for _, after in items])
    figures = [
        PlayFigure(play, after, scale.after_play(p, after_play_efficiency(after)), p, 0)
        for (play, after), p in zip(items, probs, strict=True)
    ]
    figures.sort(key=lambda f: -f.value)
    if played is None:
        played_after = figures[0].position
    else:
        found = legal.result_of(played) if legal.move_count else position
        if found is None:
            raise ValueError(f"The play {played!r} is not legal with {dice} in {position.id}.")
        played_after = found
    chosen = next(f for f in figures if f.position == played_after)
    if sweeps is not None and len(figures) > 1:
        best = figures[0].value
        plays, window = (DEEP.lookahead, DEEP.window) if sweeps.deep else (LOOKAHEAD_PLAYS, LOOKAHEAD_WINDOW)
        deeper = [f for f in figures[:plays] if f.value >= best - window]
        if chosen not in deeper:
            deeper.append(chosen)  # the play made is always judged as deeply as the best
        looked = []
        for figure in deeper:
            probs_1 = sweeps.one_ply(figure.position, scale.context, scale.cube_value)
            value_1 = sweeps.one_ply_value(figure.position, scale)
            looked.append(PlayFigure(figure.play, figure.position, value_1, probs_1, 1))
        looked_positions = {f.position for f in looked}
        rest = [f for f in figures if f.position not in looked_positions]
        figures = sorted(looked, key=lambda f: -f.value) + rest
        chosen = next(f for f in looked if f.position == played_after)
        if sweeps.deep:
            figures, chosen = _two_ply_leaders(figures, chosen, scale, sweeps)
    return figures, chosen


def _two_ply_leaders(
    figures: list[PlayFigure], chosen: PlayFigure, scale: Scale, sweeps: Sweeps
) -> tuple[list[PlayFigure], PlayFigure]:
    """Depth 2: the best 1-ply plays within DEEP's window, and the play made, looked at at 2-ply."""
    best = figures[0].value
    deeper = [f for f in figures[: DEEP.deep] if f.plies == 1 and f.value >= best - DEEP.window]
    if chosen not in deeper:
        deeper.append(chosen)
    if len(deeper) < 2:
        return figures, chosen
    looked = []
    for figure in deeper:
        # 2-ply: the chances averaged over both plies, valued as a board at 0-ply (an approximation of
        # gnubg's cubeful recursion, which would cost 441 cube looks a play).
        probs_2 = sweeps.two_ply(figure.position, scale.context, scale.cube_value)
        value_2 = scale.after_play(probs_2, after_play_efficiency(figure.position))
        looked.append(PlayFigure(figure.play, figure.position, value_2, probs_2, 2))
    looked_positions = {f.position for f in looked}
    rest = [f for f in figures if f.position not in looked_positions]
    played = next(f for f in looked if f.position == chosen.position)
    return sorted(looked, key=lambda f: -f.value) + rest, played


def judge_move(decision: Decision, sweeps: Sweeps | None) -> MoveJudgement:
    """Every legal play of the roll ranked, the error of the play made, the luck of the roll.

    With `sweeps` (depth 1) the leading plays and the play made are looked at 1 ply deeper and the luck
    is exact; without (depth 0) everything is 0-ply and the luck is measured against the static
    estimate before the roll, but for a game's first roll, which is always measured exactly (it also
    decides who moves first, which the static estimate of the side on roll cannot know).
    """
    assert decision.dice is not None and isinstance(decision.choice, tuple)
    scale = scale_of(decision)
    position = decision.position
    figures, chosen = _rank(position, decision.dice, scale, sweeps, decision.choice)
    error = max(0.0, figures[0].value - chosen.value) if decision.legal_count > 1 else 0.0
    if sweeps is not None:
        roll_sweep = sweeps.get(position, scale.context, scale.cube_value)
        before = roll_sweep.chances()
        luck = _luck_exact(decision, roll_sweep, sweeps, scale)
    elif decision.opening:
        opening = Sweeps()
        roll_sweep = opening.get(position, scale.context, scale.cube_value)
        before = roll_sweep.chances()
        luck = _luck_exact(decision, roll_sweep, opening, scale)
    else:
        before = evaluate_many([(position.mine, position.theirs)])[0]
        # Depth 0: the static chances before the roll stand for the average chances after it (their
        # expectation), valued as the rolls' best plays are: the other side on roll, with its cube action.
        luck = figures[0].value - scale.after_play(
            before, position_efficiency(position.theirs, position.mine)
        )
    return MoveJudgement(figures, chosen, error, luck, before)


def _luck_exact(decision: Decision, roll_sweep: Sweep, sweeps: Sweeps, scale: Scale) -> float:
    assert decision.dice is not None
    actual = roll_sweep.value(decision.dice, scale)
    if not decision.opening:
        return actual - roll_sweep.mean(scale)
    # The opening roll also decides who moves first: average over the 30 non-doubles, the rolls that
    # give the other side the first turn counted from its side (gnubg's LuckFirst).
    their_scale = Scale(scale.cube_value, Owner.CENTRE, scale.context.flipped())
    their_sweep = sweeps.get(decision.position.swap(), their_scale.context, scale.cube_value)
    total = 0.0
    for mine, theirs in OPENING_ROLLS:
        dice = (mine, theirs)
        total += roll_sweep.value(dice, scale) if mine > theirs else -their_sweep.value(dice, their_scale)
    return actual - total / len(OPENING_ROLLS)


def cube_figures(decision: Decision, sweeps: Sweeps | None) -> CubeJudgement:
    """The cube equities (EMG, the doubler's side) and the error of the choice made.

    gnubg's cube decision (`GeneralCubeDecisionE`): no double with the cube as it stands, double/take with
    the doubled cube on the other side, double/pass from the score. At depth 0 each from the static
    chances (`cubeful_value`); with `sweeps` (depth 1) one ply deeper: the average over the 21 rolls of
    the board after the best play of each, the other side on roll with its own cube action."""
    scale = scale_of(decision)
    stake, owner, context = decision.cube_value, scale.owner, scale.context
    chances, value = _before_roll(decision.position, scale, sweeps)
    no_double = scale.emg(value(stake, owner))
    double_take = scale.emg(value(2 * stake, Owner.THEM))
    double_pass = scale.emg(context.payoff(stake))
    # A beaver: the taker doubles back at once and keeps the cube, at twice the stake.
    beaver = scale.emg(value(4 * stake, Owner.THEM)) if decision.may_beaver else None
    judged = CubeJudgement(no_double, double_take, double_pass, beaver, 0.0, chances)
    best_double = judged.best_double
    choice = decision.choice
    if decision.kind is Kind.DOUBLE:
        best = max(no_double, best_double)
        error = best - (best_double if choice == "double" else no_double)
    else:
        answers = {"take": double_take, "drop": double_pass}
        if beaver is not None:
            answers["beaver"] = beaver
        error = answers[str(choice)] - min(answers.values())
    return CubeJudgement(no_double, double_take, double_pass, beaver, max(0.0, error), chances)


def _before_roll(
    position: Position, scale: Scale, sweeps: Sweeps | None
) -> tuple[Probabilities, Callable[[int, Owner], float]]:
    """The chances of the side on roll before its roll, and its cubeful value (money points or MWC) with the
    cube at a stake held by an owner: at depth 0 from the static chances (`cubeful_value`), with `sweeps`
    one ply deeper (`lookahead_value` over its 21 rolls)."""
    context = scale.context
    if sweeps is None:
        chances = static_chances(position)
        efficiency = position_efficiency(position.mine, position.theirs)

        def value(cube: int, holder: Owner) -> float:
            return cubeful_value(chances, cube, holder, context, efficiency=efficiency)

        return chances, value
    if sweeps.deep:
        rolls = sweeps.cube_rolls(position, context, scale.cube_value)

        def two_ply(cube: int, holder: Owner) -> float:
            return two_ply_value(rolls, cube, holder, context)

        return two_ply_chances(rolls), two_ply
    roll_sweep = sweeps.get(position, context, scale.cube_value)

    def lookahead(cube: int, holder: Owner) -> float:
        return lookahead_value(roll_sweep.leaves, cube, holder, context)

    return roll_sweep.chances(), lookahead


@dataclass(frozen=True)
class ResignJudgement:
    """A resignation offered, valued from the resigner's side (EMG).

    `play_on`: what the resigner's game is worth if it plays on, cubeful, at the analysis's depth: before
    its roll with its own best cube action, after its roll the value of its best play with that roll.
    `resign`: what the resignation is worth to it (minus the points given up, in EMG). `cubeless`: GNU
    Backgammon's own figure for playing on (`getResignEquities`: `Utility` of the chances before the roll,
    no cube). `error` is the decider's: the resigner's, or the answerer's for an answer.
    """

    play_on: float
    resign: float
    cubeless: float
    chances: Probabilities  # the resigner's, before its roll
    error: float

    @property
    def action(self) -> str:
        """The resigner's right choice: "resign" when the resignation costs it nothing, else "play_on"."""
        return "resign" if self.resign >= self.play_on - RESIGN_EPSILON else "play_on"

    @property
    def response(self) -> str:
        """The right answer: accept when the resignation gives the answerer at least what playing on would."""
        return "accept" if self.play_on >= self.resign - RESIGN_EPSILON else "reject"


def judge_resignation(
    decision: Decision, sweeps: Sweeps | None, offer: ResignJudgement | None = None
) -> ResignJudgement:
    """A resignation (`Kind.RESIGN`) or its answer (`Kind.ACCEPT`) judged as gnubg judges them (analysis.c,
    `AnalyzeMove`, `MOVE_RESIGN`): the resignation is an error of the resigner when the points given up are
    worth less to it than playing on (`rAfter < rBefore`), by the difference; accepting it is an error of
    the other side when playing on is worth less to the resigner than the resignation (`rBefore <
    rAfter`), and rejecting it, which gnubg does not record, when it is worth more. gnubg values playing
    on cubeless and before the roll; here it is the cubeful value at the analysis's depth (see
    `ResignJudgement`), the cubeless figure kept beside it. `offer`: the judgement of the resignation an
    answer answers, whose values it shares (not evaluated again)."""
    if offer is None:
        offer = _resignation_values(decision, sweeps)
    play_on, resign = offer.play_on, offer.resign
    if decision.kind is Kind.RESIGN or decision.choice == "reject":
        error = play_on - resign
    else:
        error = resign - play_on
    return replace(offer, error=error if error > RESIGN_EPSILON else 0.0)


def _resignation_values(decision: Decision, sweeps: Sweeps | None) -> ResignJudgement:
    """The values of a resignation (`judge_resignation`), its error not yet set."""
    scale = scale_of(decision)
    stake, owner, context = decision.cube_value, scale.owner, scale.context
    chances, value = _before_roll(decision.position, scale, sweeps)
    if decision.dice is None:
        play_on = scale.emg(value(stake, owner))
        if decision.may_double:
            double_take = scale.emg(value(2 * stake, Owner.THEM))
            double_pass = scale.emg(context.payoff(stake))
            play_on = max(play_on, min(double_take, double_pass))
    else:
        figures, _ = _rank(decision.position, decision.dice, scale, sweeps, None)
        play_on = figures[0].value
    resign = scale.emg(context.payoff(-decision.points))
    cubeless = scale.emg(cubeless_value(chances, stake, owner, context))
    return ResignJudgement(play_on, resign, cubeless, chances, 0.0)


def static_chances(position: Position) -> Probabilities:
    """The chances of the side on roll before it rolls, from one evaluation."""
    return evaluate_many([(position.mine, position.theirs)])[0]
