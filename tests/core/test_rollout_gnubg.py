"""Our rollouts against GNU Backgammon's `rollout` of the same positions with the same settings (0-ply play
both sides, variance reduction, quasi-random dice): cubeless, a contact position truncated, a race played
to the bear-off database, a bear-off played out; cubeful, a contact position for money and a cube decision
at a match score. Each equity must lie within the other's interval: the difference at most two standard
errors of the difference. Trials are few (the machine is shared); the variance reduction makes the errors
small all the same.

gnubg's rollout is run and read by benchmarks/gnubg_rollout.py."""

from __future__ import annotations

import math

import pytest
from gnubg_support import needs_gnubg

from backgammon.bot.cube import MatchContext, Owner
from backgammon.bot.rollout import (
    RolloutSettings,
    before_roll,
    cube_decision_starts,
    rollout_chunk,
    rollout_result,
)
from backgammon.bot.rollout_cubeful import cube_verdict
from backgammon.formats.gnubg_id import MatchIdInfo
from backgammon.position import Position
from benchmarks.gnubg_rollout import MONEY, SCRIPT
from benchmarks.gnubg_rollout import gnubg_rollout as run_gnubg_rollout

needs_terminal = pytest.mark.skipif(SCRIPT is None, reason="`script` (util-linux) is not installed")


def board(points: dict[int, int]) -> tuple[int, ...]:
    side = [0] * 25
    for point, count in points.items():
        side[point - 1] = count
    return tuple(side)


RACE = Position(board({9: 2, 7: 2, 5: 3, 4: 3, 3: 2}), board({8: 2, 6: 3, 5: 3, 3: 2, 2: 2}))
BEAR_OFF = Position(board({6: 2, 5: 3, 4: 2, 3: 2, 2: 1}), board({6: 1, 5: 2, 4: 3, 3: 2, 2: 2, 1: 1}))
CASES = {
    # name: position (side on roll first), our settings
    "contact": (Position.from_id("4HPwATDgc/ABMA"), RolloutSettings(trials=36, truncation=2, seed=5)),
    "race": (RACE, RolloutSettings(trials=36, seed=5)),
    "bear-off": (BEAR_OFF, RolloutSettings(trials=36, seed=5, stop_at_bearoff=False)),
    # The checker play at 1-ply in trials (ours: the expert's look-ahead; gnubg's: its 1-ply with its own move
    # filter): a few hundred trials, as the plays of a race differ little, so the errors are small.
    "race, 1-ply": (RACE, RolloutSettings(trials=144, seed=5, chequer_plies=1)),
}


def gnubg_rollout(
    position: Position, settings: RolloutSettings, match_id: str = MONEY
) -> tuple[float, float]:
    """gnubg's equity of `position` (side on roll) and its standard error: cubeless, or with
    `settings.cubeful` the cubeful one (in a match, the chance of winning it). `match_id`: by default money,
    the cube centred, no dice rolled."""
    on = {True: "on", False: "off"}
    commands = [
        f"set rollout trials {settings.trials}",
        f"set rollout truncation enable {on[settings.truncation > 0]}",
        *([f"set rollout truncation plies {settings.truncation}"] if settings.truncation else []),
        f"set rollout varredn {on[settings.variance_reduction]}",
        f"set rollout quasirandom {on[settings.rotate]}",
        f"set rollout seed {settings.seed}",
        f"set rollout cubeful {on[settings.cubeful]}",
        f"set rollout chequerplay plies {settings.chequer_plies}",
        "set rollout cubedecision plies 0",
        f"set rollout bearofftruncation onesided {on[settings.stop_at_bearoff]}",
        f"set rollout bearofftruncation exact {on[settings.stop_at_bearoff]}",
    ]
    figures = run_gnubg_rollout(position.id, commands, match_id)
    if settings.cubeful:
        assert figures.cubeful is not None and figures.cubeful_error is not None, figures
        return figures.cubeful, figures.cubeful_error
    return figures.cubeless, figures.cubeless_error


@needs_gnubg
@needs_terminal
@pytest.mark.parametrize("name", list(CASES))
def test_our_rollout_agrees_with_gnubgs(name: str) -> None:
    position, settings = CASES[name]
    ours = rollout_result([rollout_chunk([before_roll(position)], settings, 0, settings.trials)])
    equity, error = ours["candidates"][0]["equity"], ours["candidates"][0]["errors"]["equity"]
    theirs, their_error = gnubg_rollout(position, settings)
    # Both round to 3 decimals at best (gnubg prints 3): half a thousandth each is allowed for it.
    allowed = 2.0 * math.hypot(error, their_error) + 0.001
    assert abs(equity - theirs) <= allowed, (name, equity, error, theirs, their_error)


# Cubeful. gnubg's cubeful rollouts stop at no bear-off database but its two-sided one, in money play only
# (we have none): both sides play out or truncate here. gnubg's command line rolls out the position as it
# stands (`rollout`: the side on roll may double before its first roll); a cube decision is the same position
# rolled out twice: "double, take" with the cube doubled and the taker's, "no double" with the cube as it is
# where the side on roll's 0-ply does not double at once (then no trial doubles before the first roll, in
# gnubg's or ours).
CUBEFUL = RolloutSettings(trials=36, truncation=2, seed=5, cubeful=True)


@needs_gnubg
@needs_terminal
def test_a_cubeful_rollout_for_money_agrees_with_gnubgs() -> None:
    position = Position.from_id("4HPwATDgc/ABMA")
    ours = rollout_result([rollout_chunk([before_roll(position)], CUBEFUL, 0, CUBEFUL.trials)])["candidates"][
        0
    ]
    equity, error = ours["cubeful_equity"], ours["errors"]["cubeful_equity"]
    theirs, their_error = gnubg_rollout(position, CUBEFUL)
    allowed = 2.0 * math.hypot(error, their_error) + 0.001
    assert abs(equity - theirs) <= allowed, (equity, error, theirs, their_error)


@needs_gnubg
@needs_terminal
def test_a_cube_decision_at_a_match_score_agrees_with_gnubgs() -> None:
    # 7-point match, the side on roll 3-away, the other 5-away: a short race six pips behind, no double.
    context = MatchContext(away=3, opponent_away=5)
    settings = RolloutSettings(trials=36, truncation=3, seed=5, cubeful=True)
    starts = cube_decision_starts(RACE, 1, Owner.CENTRE)
    verdict = cube_verdict(rollout_result([rollout_chunk(starts, settings, 0, 36, context)]), context, 1)
    assert verdict["best"] == "no_double"
    as_it_is = MatchIdInfo(match_length=7, score=(4, 2)).id
    doubled = MatchIdInfo(match_length=7, score=(4, 2), cube_value=2, cube_owner=1).id
    for action, match_id in (("no_double", as_it_is), ("double_take", doubled)):
        ours = next(a for a in verdict["actions"] if a["action"] == action)
        theirs, their_error = gnubg_rollout(RACE, settings, match_id)
        # gnubg prints a match's chances to 0.01%: half of that is allowed for it.
        allowed = 2.0 * math.hypot(ours["error"], their_error) + 0.0001
        assert abs(ours["equity"] - theirs) <= allowed, (action, ours, theirs, their_error)
