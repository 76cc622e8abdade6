"""Doubling-cube decisions from cubeless chances: money play and match play in one model.

Janowski's model: the cubeful value is `x * live + (1 - x) * dead`, where the dead-cube value weighs
each result (single, gammon, backgammon) by what it is worth, and the live-cube value runs linearly
between the points where the cube would be turned: a side's take point and its cash point. `x`, the
cube efficiency, is the share of the cube's full value a side really gets (0.68 in gnubg's notes for
money play; in match play 0.76 agrees best with gnubg's cubeful 2-ply: `benchmarks/cube_gnubg.py`).
Values are money points (per the current cube) or, in a match, the chance of winning the match
(`backgammon.bot.met`), so one model serves both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from itertools import pairwise

from backgammon.bot.evaluator import Probabilities
from backgammon.bot.met import match_winning_chance

CUBE_EFFICIENCY = 0.68
MATCH_CUBE_EFFICIENCY = 0.76
RACE_CUBE_EFFICIENCY = 0.6


class Owner(Enum):
    """Who owns the cube, seen from the side the decision is about."""

    CENTRE = "centre"
    ME = "me"
    THEM = "them"


@dataclass(frozen=True)
class MatchContext:
    """The score and the rules that change cube decisions, seen from one side.

    `away == 0` means money play. `crawford_game`: no doubling in this game. `post_crawford`: the
    Crawford game has been played. `jacoby` and `beavers` are the money-play options.
    """

    away: int = 0
    opponent_away: int = 0
    crawford_game: bool = False
    post_crawford: bool = False
    jacoby: bool = False
    beavers: bool = False

    @property
    def is_money(self) -> bool:
        return self.away == 0

    def flipped(self) -> MatchContext:
        return MatchContext(
            self.opponent_away, self.away, self.crawford_game, self.post_crawford, self.jacoby, self.beavers
        )

    def payoff(self, points: int) -> float:
        """What ending the game with `points` for us (negative: for them) is worth to us."""
        if self.is_money:
            return float(points)
        away, opponent_away = self.away, self.opponent_away
        if points > 0:
            away -= points
        else:
            opponent_away += points
        # After this game: the Crawford game has been played, or one side has just reached 1-away.
        post = self.post_crawford or self.crawford_game
        return match_winning_chance(away, opponent_away, post_crawford=post)


@dataclass(frozen=True)
class CubeAdvice:
    """The cube decision for the side on roll and the right answer for its opponent.

    Values are from the side on roll: money points divided by the cube value, or match-winning
    chances (`unit == "mwc"`).
    """

    double: bool
    take: bool
    beaver: bool
    too_good: bool
    no_double: float
    double_take: float
    double_pass: float
    unit: str

    @property
    def summary(self) -> str:
        if self.too_good:
            return "Too good to double: play on for a gammon."
        if not self.double:
            return "No double." + (" (If doubled: take.)" if self.take else "")
        answer = "beaver" if self.beaver else ("take" if self.take else "pass")
        return f"Double, {answer}."

    def to_dict(self) -> dict[str, object]:
        return {
            "action": "double" if self.double else ("too_good" if self.too_good else "no_double"),
            "response": "beaver" if self.beaver else ("take" if self.take else "drop"),
            "no_double": round(self.no_double, 4),
            "double_take": round(self.double_take, 4),
            "double_pass": round(self.double_pass, 4),
            "unit": self.unit,
            "summary": self.summary,
        }


def _outcome_values(
    probs: Probabilities, stake: int, payoff: Callable[[int], float], gammons: bool
) -> tuple[float, float]:
    """(average value of a win, average value of a loss) at cube `stake`."""
    win = probs.win
    if gammons and win > 1e-9:
        single = win - probs.win_gammon
        gammon = probs.win_gammon - probs.win_backgammon
        won = (
            single * payoff(stake) + gammon * payoff(2 * stake) + probs.win_backgammon * payoff(3 * stake)
        ) / win
    else:
        won = payoff(stake)
    lose = 1.0 - win
    if gammons and lose > 1e-9:
        single = lose - probs.lose_gammon
        gammon = probs.lose_gammon - probs.lose_backgammon
        lost = (
            single * payoff(-stake) + gammon * payoff(-2 * stake) + probs.lose_backgammon * payoff(-3 * stake)
        ) / lose
    else:
        lost = payoff(-stake)
    return won, lost


def _interpolate(p: float, points: list[tuple[float, float]]) -> float:
    for (x0, y0), (x1, y1) in pairwise(points):
        if p <= x1:
            return y0 if x1 <= x0 else y0 + (y1 - y0) * (p - x0) / (x1 - x0)
    return points[-1][1]


def cubeful_value(
    probs: Probabilities,
    stake: int,
    owner: Owner,
    context: MatchContext,
    *,
    efficiency: float | None = None,
    gammons: bool = True,
) -> float:
    """Janowski's cubeful value for the side whose chances are `probs`, cube at `stake` held by `owner`;
    `efficiency` defaults to `cube_efficiency(context, race=False)`."""
    if efficiency is None:
        efficiency = cube_efficiency(context, race=False)
    payoff = context.payoff
    won, lost = _outcome_values(probs, stake, payoff, gammons)
    p = probs.win
    dead = p * won + (1.0 - p) * lost
    if context.crawford_game:
        return dead
    won2, lost2 = _outcome_values(probs, 2 * stake, payoff, True)
    spread = won2 - lost2
    if spread <= 1e-12:
        return dead
    # Dead-cube take and cash points (the other side passes a double below its take point) ...
    dead_cash = min(max((payoff(stake) - lost2) / spread, 0.0), 1.0)
    dead_take = min(max((payoff(-stake) - lost2) / spread, 0.0), 1.0)
    # ... moved out by owning the cube afterwards: Janowski's (W + L) / (W + L + 1/2), with W and L
    # the average win and loss in units of the cube as it is now.
    half = (payoff(stake) - payoff(-stake)) / 2.0
    middle = (payoff(stake) + payoff(-stake)) / 2.0
    gain = (won - middle) / half + (middle - lost) / half if half > 1e-12 else 2.0
    shrink = gain / (gain + 0.5) if gain > 0 else 1.0
    take_point = dead_take * shrink
    cash_point = 1.0 - (1.0 - dead_cash) * shrink
    # A side that wins the match with the cube as it is gains nothing by turning it.
    i_can_double = context.is_money or stake < context.away
    they_can_double = context.is_money or stake < context.opponent_away
    points = [(0.0, lost)]
    if owner is not Owner.ME and they_can_double and take_point < cash_point:
        points.append((take_point, payoff(-stake)))
    if owner is not Owner.THEM and i_can_double and cash_point > take_point:
        points.append((cash_point, payoff(stake)))
    points.append((1.0, won))
    live = _interpolate(p, points)
    return efficiency * live + (1.0 - efficiency) * dead


def cube_efficiency(context: MatchContext, *, race: bool) -> float:
    """Janowski's `x`: races keep less of the cube's value, and match play more than money play."""
    if race:
        return RACE_CUBE_EFFICIENCY
    return CUBE_EFFICIENCY if context.is_money else MATCH_CUBE_EFFICIENCY


def cube_advice(
    probs: Probabilities,
    cube_value: int,
    owner: Owner,
    context: MatchContext,
    *,
    race: bool = False,
    efficiency: float | None = None,
) -> CubeAdvice:
    """Should the side on roll (whose chances, before rolling, are `probs`) double, and should it be taken?"""
    if efficiency is None:
        efficiency = cube_efficiency(context, race=race)
    jacoby_now = context.is_money and context.jacoby and owner is Owner.CENTRE
    no_double = cubeful_value(
        probs, cube_value, owner, context, efficiency=efficiency, gammons=not jacoby_now
    )
    double_take = cubeful_value(probs, 2 * cube_value, Owner.THEM, context, efficiency=efficiency)
    double_pass = context.payoff(cube_value)
    scale = float(cube_value) if context.is_money else 1.0
    take = double_take <= double_pass
    beaver = context.is_money and context.beavers and take and double_take < 0.0
    too_good = no_double >= double_pass and not take
    double = min(double_take, double_pass) > no_double
    post_crawford_trailer = (
        context.post_crawford and context.opponent_away == 1 and context.away > 1 and owner is Owner.CENTRE
    )
    if post_crawford_trailer and not too_good:
        double = True  # the leader's gammons do not matter to it: the trailer doubles at once
    if context.crawford_game:
        double = False
    return CubeAdvice(
        double=double,
        take=take,
        beaver=beaver,
        too_good=too_good and not double,
        no_double=no_double / scale,
        double_take=double_take / scale,
        double_pass=double_pass / scale,
        unit="money" if context.is_money else "mwc",
    )


def accept_resignation(
    probs: Probabilities, points: int, cube_value: int, owner: Owner, context: MatchContext
) -> bool:
    """Should the side whose chances are `probs` (on roll or not) accept a resignation worth `points`?"""
    playing_on = cubeful_value(probs, cube_value, owner, context)
    return context.payoff(points) >= playing_on - 1e-9


def resignation_to_offer(probs: Probabilities) -> int | None:
    """The resignation (1 single, 2 gammon, 3 backgammon) a hopeless side should offer, or None."""
    if probs.win > 0.002:
        return None
    if probs.lose_gammon < 0.002:
        return 1
    if probs.lose_gammon > 0.998 and probs.lose_backgammon < 0.002:
        return 2
    if probs.lose_backgammon > 0.998:
        return 3
    return None
