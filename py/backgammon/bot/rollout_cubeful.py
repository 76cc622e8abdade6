"""Cubeful trials: the cube live in each game played out, as GNU Backgammon's cubeful rollouts
(rollout.c, `BasicCubefulRollout`) have it.

- Before each roll the side on roll decides to double by the net's 0-ply cubeful values at the match score
  (`cube.cube_advice`, the position's cube efficiency), and the other side takes or passes the same way: a
  take doubles the cube and gives it to the taker; a pass ends the game for the cube's value. A cube
  decision's own rollout starts with that decision made ("no double" or "double, take"): no cube action
  before the first roll (gnubg's `afCubeDecTop` off).
- A trial's cubeful figure is the deciding side's result at the cube the game ended with: money points per
  the rollout's cube, or the chance of winning the match by the match equity table. A game cut short is
  valued by the net's cubeful value of the side then on roll with its own cube action (gnubg's cubeful
  0-ply evaluation, `value_on_roll`).
- Variance reduction, as gnubg's: at each roll the 21 rolls are played and the board after each valued
  cubefully the same way (the other side on roll, with its cube action); the roll's luck is that value
  less its average over the 36 rolls, added up and taken from the figure. Its expectation is nought
  whatever the valuation, so the mean stays unbiased.
- The five chances are kept as in a cubeless trial (a game ended by a pass: the chances before that roll,
  as gnubg keeps them), with their own luck taken out.
- Not as gnubg: checker play picks by the cubeless value at the cube in play (`replies.best_reply`; gnubg's
  0-ply picks by the cubeful equity), and no trial stops at the bear-off database (gnubg's cubeful rollouts
  stop only at its two-sided database, and only in money play: we have the one-sided one).
"""

from __future__ import annotations

from typing import Literal

from backgammon.bot.cube import (
    MatchContext,
    Owner,
    cube_advice,
    decide,
    may_double,
    position_efficiency,
    value_on_roll,
)
from backgammon.bot.cubeful import other
from backgammon.bot.evaluator import Probabilities, evaluate, game_over_value
from backgammon.bot.replies import best_reply
from backgammon.bot.rollout import (
    ROLLS,
    RolloutSettings,
    Start,
    looked_ahead,
    ordered_roll,
    owners_chances,
    roll_for,
    trial_dice,
    trial_play,
)
from backgammon.errors import BackgammonError
from backgammon.position import Position
from backgammon.shapes import CubeRolloutResult, RolloutResult

ActionName = Literal["no_double", "double_take", "double_pass"]


def _cubeful_on_roll(
    probs: Probabilities, position: Position, stake: int, holder: Owner, context: MatchContext
) -> float:
    """The side on roll's cubeful value (money points, or MWC) with its own cube action: gnubg's cubeful
    0-ply evaluation of a board."""
    efficiency = position_efficiency(position.mine, position.theirs)
    return value_on_roll(probs, stake, holder, context, efficiency)


def _for_owner(value: float, roller_is_owner: bool, context: MatchContext, base_cube: int) -> float:
    """The roller's value (money points or its MWC) as the deciding side's figure: money per the
    rollout's cube, a match its MWC."""
    if context.is_money:
        return (value if roller_is_owner else -value) / base_cube
    return value if roller_is_owner else 1.0 - value


def _after_value(
    after: Position, probs: Probabilities, stake: int, holder: Owner, context: MatchContext
) -> float:
    """The mover's cubeful value of the board after its play (`after`, the mover still "mine", `probs` its
    chances): the other side on roll with its own cube action, named back to the mover."""
    theirs = value_on_roll(
        probs.flipped(),
        stake,
        other(holder),
        context.flipped(),
        position_efficiency(after.theirs, after.mine),
    )
    return -theirs if context.is_money else 1.0 - theirs


def play_cubeful_trial(
    start: Start, settings: RolloutSettings, trial: int, context: MatchContext, base_cube: int
) -> tuple[tuple[float, ...], int]:
    """One cubeful trial: the deciding side's five chances and cubeful figure (luck taken out where variance
    reduction is on), and the cube the game ended with."""
    dice = trial_dice(settings, trial)
    position, owner_on_roll = start.position, start.on_roll_is_owner
    stake = start.stake or base_cube
    holder = start.holder  # named from the deciding side
    luck = [0.0] * 6
    ply = 0
    while True:
        roller_context = context if owner_on_roll else context.flipped()
        roller_holder = holder if owner_on_roll else other(holder)
        if settings.truncation and ply == settings.truncation:
            probs = evaluate(position.mine, position.theirs)
            value = _cubeful_on_roll(probs, position, stake, roller_holder, roller_context)
            outcome = (
                *owners_chances(probs, owner_on_roll),
                _for_owner(value, owner_on_roll, context, base_cube),
            )
            break
        if (ply > 0 or start.cube_first) and may_double(stake, roller_holder, roller_context):
            probs = evaluate(position.mine, position.theirs)
            efficiency = position_efficiency(position.mine, position.theirs)
            advice = cube_advice(probs, stake, roller_holder, roller_context, efficiency=efficiency)
            if advice.double and advice.take:
                stake *= 2
                holder = Owner.THEM if owner_on_roll else Owner.ME
            elif advice.double:
                value = roller_context.payoff(stake)
                outcome = (
                    *owners_chances(probs, owner_on_roll),
                    _for_owner(value, owner_on_roll, context, base_cube),
                )
                break
        roll = roll_for(settings, trial, ply, dice)
        roller_holder = holder if owner_on_roll else other(holder)
        if settings.variance_reduction:
            after = _played_with_luck(
                position, roll, roller_context, stake, roller_holder, owner_on_roll, base_cube, luck
            )
            if settings.chequer_plies:
                after = looked_ahead(position, roll, roller_context, stake)
        else:
            after = trial_play(position, roll, roller_context, stake, settings)
        if not any(after.mine):
            result = game_over_value(after.mine, after.theirs)
            points = stake * (1 + (result.win_gammon > 0) + (result.win_backgammon > 0))
            value = roller_context.payoff(points)
            outcome = (
                *owners_chances(result, owner_on_roll),
                _for_owner(value, owner_on_roll, context, base_cube),
            )
            break
        position, owner_on_roll, ply = after.swap(), not owner_on_roll, ply + 1
    return tuple(value - lucky for value, lucky in zip(outcome, luck, strict=True)), stake


def _played_with_luck(
    position: Position,
    roll: tuple[int, int],
    context: MatchContext,
    stake: int,
    holder: Owner,
    owner_on_roll: bool,
    base_cube: int,
    luck: list[float],
) -> Position:
    """The best play of `roll` (`context`, `holder`: the roller's), the other 20 rolls played too: the
    roll's luck in the five chances and in the cubeful figure (the deciding side's) is added to `luck`."""
    wanted = ordered_roll(roll)
    mean = [0.0] * 6
    chosen: Position | None = None
    actual: tuple[float, ...] = ()
    for dice, weight in ROLLS:
        after, probs, _ = best_reply(position, dice, context, stake)
        value = _for_owner(
            _after_value(after, probs, stake, holder, context), owner_on_roll, context, base_cube
        )
        figures = (*owners_chances(probs, owner_on_roll), value)
        for k in range(6):
            mean[k] += figures[k] * weight
        if dice == wanted:
            chosen, actual = after, figures
    assert chosen is not None
    for k in range(6):
        luck[k] += actual[k] - mean[k] / 36.0
    return chosen


def cube_verdict(result: RolloutResult, context: MatchContext, cube_value: int) -> CubeRolloutResult:
    """A cube decision's verdict from its cubeful rollout (`cube_decision_starts`: candidate 0 no double,
    1 double/take): double/pass is the cube's value, no trials needed; the proper action as the analysis
    decides it (`cube.decide`), and every action's difference from it."""
    by_index = {c["index"]: c for c in result["candidates"]}
    if set(by_index) != {0, 1} or any("cubeful_equity" not in c for c in by_index.values()):
        raise BackgammonError("A cube decision's rollout is cubeful, with no double and double/take.")
    nd, dt = by_index[0], by_index[1]
    nd_value, dt_value = nd["cubeful_equity"], dt["cubeful_equity"]
    nd_error, dt_error = nd["errors"]["cubeful_equity"], dt["errors"]["cubeful_equity"]
    # The paired error of no double against double/take: the one ranked second carries it.
    paired = result["candidates"][1]["difference_error"]
    dp_value = 1.0 if context.is_money else context.payoff(cube_value)
    advice = decide(nd_value, dt_value, dp_value, 1, context)
    best: ActionName = ("double_take" if advice.take else "double_pass") if advice.double else "no_double"
    values = {"no_double": nd_value, "double_take": dt_value, "double_pass": dp_value}
    alone = {"no_double": nd_error, "double_take": dt_error, "double_pass": 0.0}
    proper = values[best]

    def difference_error(action: ActionName) -> float:
        if action == best:
            return 0.0
        if {action, best} == {"no_double", "double_take"}:
            return paired
        # Against double/pass (a fixed value): the rolled-out one's own error.
        return alone[action] + alone[best]

    names: tuple[ActionName, ...] = ("no_double", "double_take", "double_pass")
    return {
        "trials": result["trials"],
        "unit": "money" if context.is_money else "mwc",
        "actions": [
            {
                "action": name,
                "equity": values[name],
                "error": alone[name],
                "difference": values[name] - proper,
                "difference_error": difference_error(name),
            }
            for name in names
        ],
        "best": best,
        "double": advice.double,
        "take": advice.take,
        "summary": advice.summary,
        "rollout": result,
    }
