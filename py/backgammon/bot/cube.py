"""Doubling-cube decisions from cubeless chances: GNU Backgammon's cubeful evaluation at 0-ply.

The method is gnubg's (eval.c, matchequity.c of GNU Backgammon; our own code, the functions named in the
comments): a cubeful value is `x * live + (1 - x) * dead`, Janowski's split of the cube's value.

- `dead` is the cubeless value: money equity with the gammon price of the cube state (`Utility`: no
  gammons under the Jacoby rule with the cube centred), or in a match the match-winning chance (MWC)
  expected over the game's results (`eq2mwc(Utility)`).
- `live` runs linearly between the points where the cube is turned. Money play (`MoneyLive`): the take
  point `(L - 1/2) / (W + L + 1/2)` and the cash point `(L + 1) / (W + L + 1/2)`, with W and L the
  average win and loss. Match play (`Cl2CfMatchCentered/Owned/Unavailable`): the live-cube cash points
  of both sides at this score (`GetPoints`), worked out from the match equity table from the cube level
  where a double would end the match (a dead cube, with the other side's free redouble counted) down to
  the cube as it is, with the gammon and backgammon shares of each side's wins.
- `x`, the cube efficiency, depends on the position (`EvalEfficiency`): 0.68 in contact (`rContactX`,
  `rCrashedX`), 0.6 in a bear-off (`rOSCubeX`), and in a race `0.55 + 0.00125 * pips` of the side on
  roll, kept within 0.6 and 0.7 (`rRaceCoefficientX`, `rRaceFactorX`, `rRaceMinX`, `rRaceMaxX`).
- The cube is dead (cubeless values) in the Crawford game, when a double would end the match for both
  sides, and at 2-away 2-away (`fDoCubeful`).

`cubeful_value` is a side's value with the cube as it stands (gnubg's "no double" at the top of a cube
decision); `value_on_roll` adds the side on roll's own cube action, as gnubg does at every position below
the top of a look-ahead (`GetECF3`: the better of no double and double, with the other side's better
answer). Values are money points (per the current cube) or MWC (`backgammon.bot.met`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from backgammon.bot.evaluator import Probabilities
from backgammon.bot.met import match_winning_chance

# gnubg's eval.c, the parameters of EvalEfficiency.
CONTACT_CUBE_EFFICIENCY = 0.68  # rContactX (and rCrashedX: crashed positions the same)
BEAROFF_CUBE_EFFICIENCY = 0.6  # rOSCubeX: both sides bearing off (gnubg's one-sided bear-off class)
RACE_FACTOR = 0.00125  # rRaceFactorX, per pip of the side on roll
RACE_COEFFICIENT = 0.55  # rRaceCoefficientX
RACE_MAX_EFFICIENCY = 0.7  # rRaceMax
RACE_MIN_EFFICIENCY = 0.6  # rRaceMin
# What a caller that knows only "race or contact" gets.
CUBE_EFFICIENCY = CONTACT_CUBE_EFFICIENCY
RACE_CUBE_EFFICIENCY = RACE_MIN_EFFICIENCY


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
        return _flipped(self)

    def payoff(self, points: int) -> float:
        """What ending the game with `points` for us (negative: for them) is worth to us."""
        if self.is_money:
            return float(points)
        return _payoff(self, points)


@lru_cache(maxsize=1024)
def _flipped(context: MatchContext) -> MatchContext:
    return MatchContext(
        context.opponent_away,
        context.away,
        context.crawford_game,
        context.post_crawford,
        context.jacoby,
        context.beavers,
    )


@lru_cache(maxsize=8192)
def _payoff(context: MatchContext, points: int) -> float:
    away, opponent_away = context.away, context.opponent_away
    if points > 0:
        away -= points
    else:
        opponent_away += points
    # After this game: the Crawford game has been played, or one side has just reached 1-away
    # (gnubg's getME and getMEMultiple: the next game is post-Crawford if either side is 1-away now).
    post = context.post_crawford or context.crawford_game or 1 in (context.away, context.opponent_away)
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
        answer = "beaver" if self.beaver else ("take" if self.take else "drop")
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


# --- the cube efficiency ---


def position_efficiency(mine: Sequence[int], theirs: Sequence[int]) -> float:
    """gnubg's `EvalEfficiency` for the side on roll with `mine` (boards in the core's layout: index 0..23
    is point 1..24 counted from that side's home, 24 its bar). `ClassifyPosition` sorts the position:
    over (no cube), contact or crashed, both sides bearing off, or a race."""
    if not any(mine) or not any(theirs):
        return 0.0  # CLASS_OVER: a dead cube
    my_back = max(i for i in range(25) if mine[i]) + 1
    their_back = max(i for i in range(25) if theirs[i]) + 1
    if my_back + their_back > 25:
        return CONTACT_CUBE_EFFICIENCY  # CLASS_CONTACT, CLASS_CRASHED
    if my_back <= 6 and their_back <= 6:
        return BEAROFF_CUBE_EFFICIENCY  # CLASS_BEAROFF1: all checkers home, 15 or fewer (the database's)
    pips = sum((i + 1) * n for i, n in enumerate(mine))
    return min(max(pips * RACE_FACTOR + RACE_COEFFICIENT, RACE_MIN_EFFICIENCY), RACE_MAX_EFFICIENCY)


def cube_efficiency(context: MatchContext, *, race: bool) -> float:
    """A cube efficiency when only "race or contact" is known (the position's own is
    `position_efficiency`): gnubg's contact value, or the least of a race's."""
    del context  # the same in money and match play (gnubg)
    return RACE_CUBE_EFFICIENCY if race else CONTACT_CUBE_EFFICIENCY


# --- money play: gnubg's Utility, MoneyLive and Cl2CfMoney ---


def _money_cubeful(probs: Probabilities, owner: Owner, jacoby: bool, x: float) -> float:
    """Cubeful money equity per unit of the cube (`Cl2CfMoney`)."""
    w, wg, wbg, lg, lbg = (
        probs.win,
        probs.win_gammon,
        probs.win_backgammon,
        probs.lose_gammon,
        probs.lose_backgammon,
    )
    jacoby_now = jacoby and owner is Owner.CENTRE
    price = 0.0 if jacoby_now else 1.0  # SetCubeInfoMoney: arGammonPrice
    dead = 2.0 * w - 1.0 + (wg - lg) * price + (wbg - lbg) * price  # Utility
    if w <= 1e-7 or w >= 0.9999999:
        return dead  # basically a dead cube
    big_w = 1.0 + (wg + wbg) / w
    big_l = 1.0 + (lg + lbg) / (1.0 - w)
    return dead * (1.0 - x) + _money_live(big_w, big_l, w, owner, jacoby_now) * x


def _money_live(big_w: float, big_l: float, p: float, owner: Owner, jacoby_now: bool) -> float:
    """`MoneyLive`: the live-cube equity, linear between the take and cash points."""
    if owner is Owner.CENTRE:
        take = (big_l - 0.5) / (big_w + big_l + 0.5)
        cash = (big_l + 1.0) / (big_w + big_l + 0.5)
        if p < take:
            return -1.0 if jacoby_now else -big_l + (-1.0 + big_l) * p / take
        if p < cash:
            return -1.0 + 2.0 * (p - take) / (cash - take)
        return 1.0 if jacoby_now else 1.0 + (big_w - 1.0) * (p - cash) / (1.0 - cash)
    if owner is Owner.ME:
        cash = (big_l + 1.0) / (big_w + big_l + 0.5)
        if p < cash:
            return -big_l + (1.0 + big_l) * p / cash
        return 1.0 + (big_w - 1.0) * (p - cash) / (1.0 - cash)
    take = (big_l - 0.5) / (big_w + big_l + 0.5)
    if p < take:
        return -big_l + (-1.0 + big_l) * p / take
    return -1.0 + (big_w + 1.0) * (p - take) / (1.0 - take)


# --- match play: gnubg's getMEMultiple, GetPoints and Cl2CfMatch* ---

Results = tuple[tuple[float, float, float, float, float], tuple[float, float, float, float, float]]
# One cube level of GetPoints for one side: (dead, drop, a, b, c, d, e, f); see `_plan`.
Terms = tuple[bool, float, float, float, float, float, float, float]


@lru_cache(maxsize=4096)
def _results(context: MatchContext, cube: int) -> Results:
    """`getMEMultiple` for one cube value, from the side of `context`: the MWC after winning, then after
    losing, 1, 2, 3, 4 and 6 times `cube` (a single game, a gammon or a double, a backgammon, a doubled
    gammon, a doubled backgammon)."""
    wins = tuple(_payoff(context, m * cube) for m in (1, 2, 3, 4, 6))
    losses = tuple(_payoff(context, -m * cube) for m in (1, 2, 3, 4, 6))
    return wins, losses  # type: ignore[return-value]


def _ratios(probs: Probabilities) -> tuple[float, float, float, float]:
    """Gammon-only and backgammon shares of our wins, then of our losses (`rG0`, `rBG0`, `rG1`, `rBG1`)."""
    w = probs.win
    if w > 0.0:
        g0, bg0 = (probs.win_gammon - probs.win_backgammon) / w, probs.win_backgammon / w
    else:
        g0 = bg0 = 0.0
    if w < 1.0:
        g1, bg1 = (probs.lose_gammon - probs.lose_backgammon) / (1.0 - w), probs.lose_backgammon / (1.0 - w)
    else:
        g1 = bg1 = 0.0
    return g0, bg0, g1, bg1


def _cube_prime(away: int, other_away: int, cube: int) -> int:
    """`GetCubePrimeValue`: a double that would win the match for one side only is redoubled at once by
    the other (normalized scores are away - 1)."""
    return 2 * cube if away - 1 < 2 * cube and other_away - 1 >= 2 * cube else cube


@lru_cache(maxsize=4096)
def _plan(context: MatchContext, cube: int) -> tuple[tuple[Terms, Terms], ...]:
    """The match-equity terms of `GetPoints` for the cube levels from `cube` up to the level where a
    double is dead (first the level of `cube`): for each level and side (ours, theirs), whether the
    doubled cube is dead there, the MWC of a double passed, and the MWC of the results the cash point
    weighs (dead: losing and winning the doubled cube, with the other's automatic redouble, singles,
    gammons and backgammons; live: a redouble passed, and winning the doubled cube's results)."""
    i, j = context.away - 1, context.opponent_away - 1
    sides = ((context, i, j), (context.flipped(), j, i))
    values = [cube]
    while i >= 2 * values[-1] and j >= 2 * values[-1]:
        values.append(2 * values[-1])
    levels = []
    for value in values:
        pair = []
        for side, mine, theirs in sides:
            drop = _results(side, value)[0][0]
            if i < 2 * value or j < 2 * value:
                wins, losses = _results(side, _cube_prime(mine + 1, theirs + 1, value))
                pair.append((True, drop, losses[1], losses[3], losses[4], wins[1], wins[3], wins[4]))
            else:
                wins, losses = _results(side, value)
                pair.append((False, drop, losses[1], 0.0, 0.0, wins[1], wins[3], wins[4]))
        levels.append((pair[0], pair[1]))
    return tuple(levels)


def _cash_chain(
    levels: tuple[tuple[Terms, Terms], ...], ratios: tuple[float, float, float, float]
) -> list[tuple[float, float]]:
    """`GetPoints`' live-cube cash points (ours, theirs) at each level of `levels`, from the top down."""
    g0, bg0, g1, bg1 = ratios
    own = ((g0, bg0, g1, bg1), (g1, bg1, g0, bg0))
    found: list[tuple[float, float]] = [(0.0, 0.0)] * len(levels)
    above = (0.0, 0.0)
    for n in range(len(levels) - 1, -1, -1):
        points = [0.0, 0.0]
        for k in (0, 1):
            dead, drop, a, b, c, d, e, f = levels[n][k]
            g, bg, g_other, bg_other = own[k]
            won = (1.0 - g - bg) * d + g * e + bg * f
            if dead:
                lost = (1.0 - g_other - bg_other) * a + g_other * b + bg_other * c
                points[k] = (lost - drop) / (lost - won) if lost != won else 1.0
            else:
                points[k] = 1.0 - above[1 - k] * (drop - won) / (a - won) if a != won else 1.0
        above = found[n] = (points[0], points[1])
    return found


def cash_points(probs: Probabilities, cube: int, context: MatchContext) -> tuple[float, float]:
    """`GetPoints`: the live-cube cash points of both sides (ours, theirs), each as the share of games
    its side must win to cash, at this score and cube, with these gammon rates."""
    return _cash_chain(_plan(context, cube), _ratios(probs))[0]


def _cube_alive(cube: int, context: MatchContext, live_two_away: bool = False) -> bool:
    """`fDoCubeful`: not the Crawford game, not a cube that ends the match for both, not 2-away 2-away
    (unless `live_two_away`: see `value_on_roll`)."""
    if context.away <= cube and context.opponent_away <= cube:
        return False
    if context.away == 2 and context.opponent_away == 2 and not live_two_away:
        return False
    return not context.crawford_game


def _match_dead(probs: Probabilities, results: Results) -> float:
    """The MWC expected over the game's results (gnubg's `eq2mwc(Utility(...))`)."""
    wins, losses = results
    w = probs.win
    return (
        (w - probs.win_gammon) * wins[0]
        + (probs.win_gammon - probs.win_backgammon) * wins[1]
        + probs.win_backgammon * wins[2]
        + (1.0 - w - probs.lose_gammon) * losses[0]
        + (probs.lose_gammon - probs.lose_backgammon) * losses[1]
        + probs.lose_backgammon * losses[2]
    )


def _from_losing(
    g1: float, bg1: float, losses: tuple[float, ...], end: float, p: float, point: float
) -> float:
    """The live MWC from losing the game's results (p = 0) to `end` at p = `point`."""
    lose = (1.0 - g1 - bg1) * losses[0] + g1 * losses[1] + bg1 * losses[2]
    return lose + (end - lose) * p / point if point > 0.0 else lose


def _to_winning(g0: float, bg0: float, wins: tuple[float, ...], cash: float, p: float, point: float) -> float:
    """The live MWC from cashing at p = `point` to winning the game's results (p = 1)."""
    win = (1.0 - g0 - bg0) * wins[0] + g0 * wins[1] + bg0 * wins[2]
    return cash + (win - cash) * (p - point) / (1.0 - point) if point < 1.0 else win


def _match_cubeful(
    probs: Probabilities,
    cube: int,
    owner: Owner,
    context: MatchContext,
    x: float,
    chain: list[tuple[float, float]] | None = None,
    live_two_away: bool = False,
) -> float:
    """Cubeful MWC (`Cl2CfMatch`, with `Cl2CfMatchCentered`, `Cl2CfMatchOwned`, `Cl2CfMatchUnavailable`);
    `chain`: `_cash_chain` from this cube level up, if already known."""
    results = _results(context, cube)
    dead = _match_dead(probs, results)
    if not _cube_alive(cube, context, live_two_away):
        return dead
    ratios = _ratios(probs)
    g0, bg0, g1, bg1 = ratios
    if chain is None:
        chain = _cash_chain(_plan(context, cube), ratios)
    my_cash, their_cash = chain[0]
    wins, losses = results
    cash, their_cash_mwc = wins[0], losses[0]
    p = probs.win
    their_too_good = 1.0 - their_cash  # rOppTG
    if owner is Owner.CENTRE:  # Cl2CfMatchCentered
        if p <= their_too_good:
            live = _from_losing(g1, bg1, losses, their_cash_mwc, p, their_too_good)
        elif p < my_cash:  # in the doubling window
            live = their_cash_mwc + (cash - their_cash_mwc) * (p - their_too_good) / (
                my_cash - their_too_good
            )
        else:
            live = _to_winning(g0, bg0, wins, cash, p, my_cash)
    elif owner is Owner.ME:  # Cl2CfMatchOwned
        if p <= my_cash:
            live = _from_losing(g1, bg1, losses, cash, p, my_cash)
        else:
            live = _to_winning(g0, bg0, wins, cash, p, my_cash)
    elif p <= their_too_good:  # Cl2CfMatchUnavailable
        live = _from_losing(g1, bg1, losses, their_cash_mwc, p, their_too_good)
    else:
        win = (1.0 - g0 - bg0) * wins[0] + g0 * wins[1] + bg0 * wins[2]
        live = (
            their_cash_mwc + (win - their_cash_mwc) * (p - their_too_good) / (1.0 - their_too_good)
            if p != their_too_good
            else win
        )
    return dead * (1.0 - x) + live * x


# --- the values a decision is made from ---


def cubeful_value(
    probs: Probabilities,
    stake: int,
    owner: Owner,
    context: MatchContext,
    *,
    efficiency: float | None = None,
    live_two_away: bool = False,
) -> float:
    """The cubeful value for the side whose chances are `probs`, on roll, the cube at `stake` held by
    `owner`, before any cube action: money points or MWC. `efficiency` is the position's
    (`position_efficiency`); without it, gnubg's contact value. `live_two_away`: see `value_on_roll`."""
    x = CONTACT_CUBE_EFFICIENCY if efficiency is None else efficiency
    if context.is_money:
        return stake * _money_cubeful(probs, owner, context.jacoby, x)
    return _match_cubeful(probs, stake, owner, context, x, live_two_away=live_two_away)


def cubeless_value(probs: Probabilities, stake: int, owner: Owner, context: MatchContext) -> float:
    """The cubeless value for the side whose chances are `probs`: money points at `stake` (gnubg's `Utility`,
    no gammons under the Jacoby rule with the cube centred), or in a match the MWC expected over the game's
    results at that cube (`eq2mwc(Utility)`): the *dead* part of `cubeful_value`."""
    if context.is_money:
        price = 0.0 if context.jacoby and owner is Owner.CENTRE else 1.0
        w = probs.win
        single = 2.0 * w - 1.0
        gammons = (probs.win_gammon - probs.lose_gammon) + (probs.win_backgammon - probs.lose_backgammon)
        return stake * (single + gammons * price)
    return _match_dead(probs, _results(context, stake))


def may_double(stake: int, owner: Owner, context: MatchContext) -> bool:
    """`GetDPEq`'s test: the side on roll has the cube (centred or its own), and in a match it is not
    the Crawford game, a double is not past the match, and it is not the leader after the Crawford game."""
    if owner is Owner.THEM:
        return False
    if context.is_money:
        return True
    if context.crawford_game or context.away <= stake:
        return False
    post_crawford = context.away == 1 or context.opponent_away == 1
    return not (post_crawford and context.away == 1)


def value_on_roll(
    probs: Probabilities,
    stake: int,
    owner: Owner,
    context: MatchContext,
    efficiency: float,
    *,
    live_two_away: bool = False,
) -> float:
    """The side on roll's value with its own cube action (gnubg's `GetECF3` below the top of a look-ahead):
    no double, or a double answered as the other side would (the lower of double/take and double/pass).

    `live_two_away`: at 2-away 2-away, value the centred cube as live (Janowski's model with the cash
    points of `GetPoints`) where gnubg's `fDoCubeful` calls it dead. gnubg's 2-ply reaches boards where
    the side now on roll may double again and credits that double there; a board valued here, one ply
    deep, is the last the look sees, and a dead cube gives that side's coming double no value at all: at
    2-away 2-away every double would look urgent (benchmarks: cube error rates in 2-point matches of
    150 mEMG where gnubg 2-ply finds 23)."""
    if not may_double(stake, owner, context):
        return cubeful_value(probs, stake, owner, context, efficiency=efficiency, live_two_away=live_two_away)
    if context.is_money:
        no_double = stake * _money_cubeful(probs, owner, context.jacoby, efficiency)
        double_take = 2 * stake * _money_cubeful(probs, Owner.THEM, context.jacoby, efficiency)
    else:
        alive = _cube_alive(stake, context, live_two_away)
        chain = _cash_chain(_plan(context, stake), _ratios(probs)) if alive else None
        no_double = _match_cubeful(probs, stake, owner, context, efficiency, chain, live_two_away)
        # The doubled cube's cash points are the next level up of the same chain, when it goes that far.
        above = chain[1:] if chain is not None and len(chain) > 1 else None
        double_take = _match_cubeful(probs, 2 * stake, Owner.THEM, context, efficiency, above)
    double_pass = context.payoff(stake)
    if double_take >= no_double and double_pass >= no_double:
        return min(double_take, double_pass)
    return no_double


def decide(
    no_double: float, double_take: float, double_pass: float, stake: int, context: MatchContext
) -> CubeAdvice:
    """The cube action and the answer from the three values (money points or MWC) of the side on roll."""
    scale = float(stake) if context.is_money else 1.0
    take = double_take <= double_pass
    beaver = context.is_money and context.beavers and take and double_take < 0.0
    too_good = no_double >= double_pass and not take
    double = min(double_take, double_pass) > no_double and not context.crawford_game
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


def cube_advice(
    probs: Probabilities,
    cube_value: int,
    owner: Owner,
    context: MatchContext,
    *,
    race: bool = False,
    efficiency: float | None = None,
) -> CubeAdvice:
    """Should the side on roll (whose chances, before rolling, are `probs`) double, and should it be taken?

    gnubg's cube decision at 0-ply (`GeneralCubeDecisionE` at the top: no double with the cube as it is,
    double/take with the doubled cube on the other side); `efficiency` is the position's
    (`position_efficiency`), else `cube_efficiency(context, race=race)`."""
    x = cube_efficiency(context, race=race) if efficiency is None else efficiency
    no_double = cubeful_value(probs, cube_value, owner, context, efficiency=x)
    double_take = cubeful_value(probs, 2 * cube_value, Owner.THEM, context, efficiency=x)
    return decide(no_double, double_take, context.payoff(cube_value), cube_value, context)


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
