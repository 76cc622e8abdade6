"""Cubeful values one ply deep, as GNU Backgammon computes them (eval.c: `EvaluatePositionCubeful4`).

gnubg values a board with a side on roll, at 0-ply, by that side's cubeful value with its own best cube
action (`backgammon.bot.cube.value_on_roll`); one ply deeper, by the average over the side's 21 rolls of
the board after its best play of each, the other side then on roll and valued at 0-ply (with its own
cube action). A cube decision one ply deep takes both values that way, no double with the cube as it
stands and double/take with the doubled cube on the other side, and compares them with double/pass
(`GeneralCubeDecisionE`). The averages are of cubeful values, not of chances: in a last-roll position the
0-ply formula on the average chances sees a live cube where there is none, the average of the values
does not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from backgammon.bot.cube import (
    CubeAdvice,
    MatchContext,
    Owner,
    decide,
    may_double,
    position_efficiency,
    value_on_roll,
)
from backgammon.bot.evaluator import Probabilities
from backgammon.bot.player import ROLLS, average
from backgammon.bot.replies import best_reply
from backgammon.bot.shared import SharedWork, Unit, chances_from, is_number
from backgammon.bot.steps import Steps
from backgammon.errors import InvalidActionError
from backgammon.position import Position


@dataclass(frozen=True)
class Leaf:
    """The board after the best 0-ply play of one roll: the roller's chances (the other side on roll),
    that board's cube efficiency with the other side on roll, the roll's weight (of 36), and the board
    itself (the roller still "mine": where a look one ply deeper goes on from)."""

    probs: Probabilities
    efficiency: float
    weight: int
    after: Position


def other(owner: Owner) -> Owner:
    """The same owner named from the other side."""
    return {Owner.CENTRE: Owner.CENTRE, Owner.ME: Owner.THEM, Owner.THEM: Owner.ME}[owner]


def after_play_efficiency(after: Position) -> float:
    """The cube efficiency of the board after a play (`after`: the mover still "mine"), the other side on
    roll (gnubg's `EvalEfficiency` of that board)."""
    return position_efficiency(after.theirs, after.mine)


def after_play_value(
    probs: Probabilities,
    efficiency: float,
    stake: int,
    owner: Owner,
    context: MatchContext,
    *,
    live_two_away: bool = True,
) -> float:
    """The mover's 0-ply value (money points or MWC) of the board after its play, `probs` its chances, the
    other side on roll with its own cube action; the cube at `stake` held by `owner` (named from the
    mover's side), `context` the mover's. At 2-away 2-away the centred cube counts as live here (see
    `value_on_roll`) unless `live_two_away` is false (gnubg's rule, for the last ply of a 2-ply look)."""
    theirs = value_on_roll(
        probs.flipped(), stake, other(owner), context.flipped(), efficiency, live_two_away=live_two_away
    )
    return -theirs if context.is_money else 1.0 - theirs


def cube_action_value(no_double: float, double_take: float, double_pass: float) -> float:
    """gnubg's `GetECF3`: the value of the side on roll with its better cube action (it may double)."""
    if double_take >= no_double and double_pass >= no_double:
        return min(double_take, double_pass)
    return no_double


def leaves(position: Position, context: MatchContext, cube_value: int) -> tuple[Leaf, ...]:
    """The best 0-ply play of each of the 21 rolls of the side on roll (`play_value`: the computer's
    choice)."""
    found = []
    for dice, weight in ROLLS:
        after, probs, _ = best_reply(position, dice, context, cube_value)
        found.append(Leaf(probs, after_play_efficiency(after), weight, after))
    return tuple(found)


def lookahead_value(
    found: tuple[Leaf, ...], stake: int, owner: Owner, context: MatchContext, *, live_two_away: bool = True
) -> float:
    """The value one ply deeper of the side whose rolls `found` are, the cube at `stake` held by `owner`:
    the average over the rolls of `after_play_value` (money points or MWC)."""
    total = 0.0
    for leaf in found:
        value = after_play_value(
            leaf.probs, leaf.efficiency, stake, owner, context, live_two_away=live_two_away
        )
        total += value * leaf.weight
    return total / 36.0


def lookahead_cube_values(
    found: tuple[Leaf, ...], stake: int, owner: Owner, context: MatchContext
) -> tuple[float, float, float]:
    """No double, double/take and double/pass one ply deeper (money points or MWC, the doubler's side)."""
    no_double = lookahead_value(found, stake, owner, context)
    double_take = lookahead_value(found, 2 * stake, Owner.THEM, context)
    return no_double, double_take, context.payoff(stake)


def chances_of(found: tuple[Leaf, ...]) -> Probabilities:
    """The average chances over the rolls (what the cube decision is shown with)."""
    sums = [0.0] * 5
    for leaf in found:
        for k, value in enumerate(leaf.probs.as_tuple()):
            sums[k] += value * leaf.weight
    return Probabilities(*(value / 36.0 for value in sums))


def lookahead_advice(
    position: Position, cube_value: int, owner: Owner, context: MatchContext
) -> tuple[CubeAdvice, Probabilities]:
    """The cube decision of the side on roll one ply deep, and its average chances over the rolls."""
    found = leaves(position, context, cube_value)
    no_double, double_take, double_pass = lookahead_cube_values(found, cube_value, owner, context)
    return decide(no_double, double_take, double_pass, cube_value, context), chances_of(found)


def lookahead_play_value(
    after: Position,
    stake: int,
    owner: Owner,
    context: MatchContext,
    found: tuple[Leaf, ...],
    *,
    live_two_away: bool = True,
) -> float:
    """The mover's value one ply deep of its play `after` (money points or MWC): `found` are the other
    side's rolls from there (`leaves(after.swap(), ...)`); that side's value with the cube as it stands
    and, where it may double, doubled and owned by the mover, each the average of the mover's 0-ply
    values on roll after its replies; then that side's better cube action."""
    their_context, their_owner = context.flipped(), other(owner)
    no_double = lookahead_value(found, stake, their_owner, their_context, live_two_away=live_two_away)
    theirs = no_double
    if may_double(stake, their_owner, their_context):
        double_take = lookahead_value(
            found, 2 * stake, Owner.THEM, their_context, live_two_away=live_two_away
        )
        theirs = cube_action_value(no_double, double_take, their_context.payoff(stake))
    return -theirs if context.is_money else 1.0 - theirs


def two_ply_value(
    rolls: tuple[tuple[Leaf, tuple[Leaf, ...] | None], ...], stake: int, owner: Owner, context: MatchContext
) -> float:
    """The value two plies deeper of the side on roll, the cube at `stake` held by `owner`, with no cube
    action of its own now (gnubg's `EvaluatePositionCubeful4` from the top of a cube decision, `fTop`):
    the average over its 21 rolls (`rolls`: each roll's best 0-ply play, and the other side's best 0-ply
    replies from there, None where the game is over) of the board's 1-ply value, the other side's cube
    action taken on its averages and the mover's own at each last board. As in gnubg, the last boards at
    2-away 2-away value the centred cube as dead (`fDoCubeful`): the look reaches the boards where the
    doubler may double again."""
    total = 0.0
    for leaf, replies in rolls:
        if replies is None:
            value = after_play_value(leaf.probs, leaf.efficiency, stake, owner, context)
        else:
            value = lookahead_play_value(leaf.after, stake, owner, context, replies, live_two_away=False)
        total += value * leaf.weight
    return total / 36.0


TwoPlyRolls = tuple[tuple[Leaf, tuple[Leaf, ...] | None], ...]


def two_ply_chances(rolls: TwoPlyRolls) -> Probabilities:
    """The chances two plies deep (what a 2-ply cube decision is shown with): each roll's, averaged over the
    other side's replies."""
    return average(
        [
            (leaf.probs if replies is None else chances_of(replies).flipped(), leaf.weight)
            for leaf, replies in rolls
        ]
    )


def two_ply_rolls(position: Position, context: MatchContext, cube_value: int) -> Steps[TwoPlyRolls]:
    """For a cube decision two plies deep of the side on roll: each roll's best 0-ply play, and the other
    side's best 0-ply replies to it (None where the play ends the game), a roll at a time (as the deep
    analysis's `Sweeps.cube_rolls`), as work others may share (`SharedCubeRolls`)."""
    work = SharedCubeRolls((position,), context, cube_value)
    found = yield from work.steps()
    return tuple(found[(0, r)] for r in range(len(ROLLS)))


#: One roll of a cube decision two plies deep: its leaf, and the other side's replies (None: game over).
RollLeaves = tuple[Leaf, tuple[Leaf, ...] | None]
#: A leaf's figures: its five chances, its cube efficiency and its roll's weight.
LEAF_FIGURES = 7


@dataclass(frozen=True)
class SharedCubeRolls(SharedWork[RollLeaves]):
    """The rolls of a cube decision two plies deep of the side on roll at `boards[0]`, as work that other
    workers may share (`shared`): a unit is one of its 21 rolls, the board after its best 0-ply play and the
    other side's best replies from there."""

    kind: ClassVar[str] = "cube_rolls"

    def units(self) -> tuple[Unit, ...]:
        return tuple((0, r) for r in range(len(ROLLS)))

    def unit_steps(self, unit: Unit) -> Steps[RollLeaves]:
        dice, weight = ROLLS[unit[1]]
        after, probs, _ = best_reply(self.boards[0], dice, self.context, self.cube_value)
        leaf = Leaf(probs, after_play_efficiency(after), weight, after)
        if not any(after.mine):
            return leaf, None
        yield None
        return leaf, leaves(after.swap(), self.context.flipped(), self.cube_value)

    def figures(self, result: RollLeaves) -> tuple[list[float], list[str] | None]:
        leaf, replies = result
        every = [leaf, *(replies or ())]
        numbers = [x for one in every for x in (*one.probs.as_tuple(), one.efficiency, float(one.weight))]
        return numbers, [one.after.id for one in every]

    def result(self, unit: Unit, figures: list[float], boards: list[str] | None) -> RollLeaves:
        count = 1 + len(ROLLS)
        if boards is None or len(boards) not in (1, count) or len(figures) != len(boards) * LEAF_FIGURES:
            raise InvalidActionError(
                f"a cube decision's roll must have 1 or {count} boards and {LEAF_FIGURES} figures for each."
            )
        weights = [ROLLS[unit[1]][1], *(weight for _, weight in ROLLS)]
        found = [
            _leaf(figures[k * LEAF_FIGURES : (k + 1) * LEAF_FIGURES], weights[k], board)
            for k, board in enumerate(boards)
        ]
        if (len(found) == 1) != (not any(found[0].after.mine)):
            raise InvalidActionError("a cube decision's roll has replies unless its play ends the game.")
        return found[0], (tuple(found[1:]) if len(found) > 1 else None)


def _leaf(figures: list[float], weight: int, board: str) -> Leaf:
    efficiency, given = figures[5], figures[6]
    if not (is_number(efficiency) and 0.0 <= efficiency <= 1.0 and given == weight):
        raise InvalidActionError("a leaf's cube efficiency must be from 0 to 1, and its weight its roll's.")
    return Leaf(chances_from(figures[:5]), float(efficiency), weight, Position.from_id(board))


def two_ply_advice(
    position: Position, cube_value: int, owner: Owner, context: MatchContext
) -> Steps[tuple[CubeAdvice, Probabilities]]:
    """The cube decision of the side on roll two plies deep, as the deep analysis judges it (gnubg's 2-ply
    cube decision), a roll at a time; and its chances two plies deep."""
    rolls = yield from two_ply_rolls(position, context, cube_value)
    no_double = two_ply_value(rolls, cube_value, owner, context)
    double_take = two_ply_value(rolls, 2 * cube_value, Owner.THEM, context)
    advice = decide(no_double, double_take, context.payoff(cube_value), cube_value, context)
    return advice, two_ply_chances(rolls)
