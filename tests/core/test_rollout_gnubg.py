"""Our rollouts against GNU Backgammon's `rollout` of the same positions with the same settings (0-ply play
both sides, variance reduction, quasi-random dice): cubeless, a contact position truncated, a race played
to the bear-off database, a bear-off played out; cubeful, a contact position for money and a cube decision
at a match score. Each equity must lie within the other's interval: the difference at most two standard
errors of the difference. Trials are few (the machine is shared); the variance reduction makes the errors
small all the same.

gnubg prints a rollout's figures only to a terminal: it runs here under `script`, which gives it one."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import tempfile
import time
from typing import IO

import pytest
from gnubg_support import GNUBG, needs_gnubg

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

SCRIPT = shutil.which("script")
needs_terminal = pytest.mark.skipif(SCRIPT is None, reason="`script` (util-linux) is not installed")
# gnubg's figures and their standard errors for the position rolled out (after "Current Position:").
SIX = r"([\d.]+) ([\d.]+) ([\d.]+) - ([\d.]+) ([\d.]+) ([\d.]+)"
# The cubeless equity (CL) and, in a cubeful rollout, the cubeful one (CF): money points, or with `set output
# mwc on` the chance of winning the match in %.
EQUITIES = r"CL\s+([-+]?[\d.]+)%?(?:\s+CF\s+([-+]?[\d.]+)%?)?"
FIGURES = re.compile(rf"Current Position:\s*\n\s*{SIX} {EQUITIES}\s*\n\s*\[{SIX} {EQUITIES}\]")


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


def _read(out: IO[str]) -> str:
    out.seek(0)
    return out.read()


def gnubg_rollout(
    position: Position, settings: RolloutSettings, match_id: str = "cAkAAAAAAAAA"
) -> tuple[float, float]:
    """gnubg's equity of `position` (side on roll) and its standard error: cubeless, or with
    `settings.cubeful` the cubeful one (in a match, the chance of winning it). `match_id`: by default money,
    the cube centred, no dice rolled."""
    assert GNUBG is not None and SCRIPT is not None
    on = {True: "on", False: "off"}
    commands = [
        "set confirm new off",
        "set threads 1",
        "set player 0 human",
        "set player 1 human",
        "new game",
        f"set matchid {match_id}",
        f"set board {position.id}",
        "set output mwc on",
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
        "rollout",
    ]
    # Input that arrives during a rollout stops it: `quit` goes only once the figures are out.
    with tempfile.TemporaryFile("w+") as out:
        run = subprocess.Popen(
            [SCRIPT, "-qfc", f"nice {GNUBG} -t -q -r", "/dev/null"],
            stdin=subprocess.PIPE,
            stdout=out,
            stderr=subprocess.STDOUT,
            text=True,
        )
        assert run.stdin is not None
        run.stdin.write("\n".join(commands) + "\n")
        run.stdin.flush()
        deadline = time.monotonic() + 300
        while "Estimated SE" not in _read(out) and run.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        run.stdin.write("quit\ny\n")
        run.stdin.close()
        run.wait(timeout=30)
        text = _read(out)
    # The figures after the last progress report: the final ones.
    output = text.replace("\r", "").rpartition("Printing final results")[2]
    found = FIGURES.search(output)
    assert found, output[-3000:]
    scale = 1.0 if match_id == "cAkAAAAAAAAA" else 0.01  # a match's figures are in %
    if settings.cubeful:
        return float(found.group(8)) * scale, float(found.group(16)) * scale
    return float(found.group(7)) * scale, float(found.group(15)) * scale


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
