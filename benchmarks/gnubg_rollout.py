"""GNU Backgammon's own rollout of a position, its figures read from what it prints; the commands that set a
position up.

    figures = gnubg_rollout("4HPwATDgc/ABMA", ["set rollout trials 1296", "set rollout seed 5"])
    figures.cubeless, figures.cubeless_error   # the side on roll's equity and its standard error

gnubg prints a rollout's figures only to a terminal: it runs under `script` (util-linux), which gives it
one. Used by tests/core/test_rollout_gnubg.py (our rollouts against gnubg's) and by
benchmarks/checker_errors_rollout.py (gnubg rollouts as the judge of plays).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Sequence
from typing import IO, NamedTuple

from benchmarks.inside_gnubg import GNUBG

SCRIPT = shutil.which("script")
MONEY = "cAkAAAAAAAAA"  # a money game's match ID: the cube centred, no dice rolled

# gnubg's figures and their standard errors for the position rolled out (after "Current Position:").
SIX = r"([\d.]+) ([\d.]+) ([\d.]+) - ([\d.]+) ([\d.]+) ([\d.]+)"
# The cubeless equity (CL) and, in a cubeful rollout, the cubeful one (CF): money points, or with `set output
# mwc on` the chance of winning the match in %.
EQUITIES = r"CL\s+([-+]?[\d.]+)%?(?:\s+CF\s+([-+]?[\d.]+)%?)?"
FIGURES = re.compile(rf"Current Position:\s*\n\s*{SIX} {EQUITIES}\s*\n\s*\[{SIX} {EQUITIES}\]")
# The trials played, in the figures' block ("1296 games, Mersenne Twister dice gen. ...").
GAMES = re.compile(r"(\d+) games, ")
# What gnubg prints once every trial is played, before the final figures. Its progress reports, every few
# seconds, look like the final figures ("Estimated SE" included): only this marks the end.
DONE = "Rollout done. Printing final results."


class RolloutFigures(NamedTuple):
    """A rollout's equities for the side on roll (money points; a match's chance of winning it, 0 to 1) and
    their standard errors, the cubeful ones None in a cubeless rollout; the trials played."""

    cubeless: float
    cubeless_error: float
    cubeful: float | None
    cubeful_error: float | None
    trials: int


def position_commands(position_id: str, match_id: str = MONEY) -> list[str]:
    """The gnubg commands that set up the position `position_id` (its side on roll first) at `match_id`, gnubg
    playing neither side, on one thread."""
    return [
        "set confirm new off",
        "set threads 1",
        "set player 0 human",
        "set player 1 human",
        "new game",
        f"set matchid {match_id}",
        f"set board {position_id}",
    ]


def _read(out: IO[str]) -> str:
    out.seek(0)
    return out.read()


def gnubg_rollout(
    position_id: str, settings: Sequence[str], match_id: str = MONEY, timeout: float = 300
) -> RolloutFigures:
    """gnubg's rollout of the position `position_id` (its side on roll first) at `match_id` (by default money,
    the cube centred, no dice rolled), with the `settings` given as gnubg commands ("set rollout trials 1296",
    ...) on top of gnubg's defaults. Raises RuntimeError with gnubg's last words when it printed no figures
    within `timeout` seconds."""
    if GNUBG is None or SCRIPT is None:
        raise RuntimeError("a gnubg rollout needs gnubg and `script` (util-linux)")
    commands = [*position_commands(position_id, match_id), "set output mwc on", *settings, "rollout"]
    # `quit` goes once the final figures are out (sent sooner, it waits for the rollout's end all the same).
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
        deadline = time.monotonic() + timeout
        while DONE not in _read(out) and run.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        run.stdin.write("quit\ny\n")
        run.stdin.close()
        run.wait(timeout=30)
        text = _read(out)
    output = text.replace("\r", "").rpartition(DONE)[2]
    found, trials = FIGURES.search(output), GAMES.search(output)
    if not found or not trials:
        raise RuntimeError(f"gnubg printed no rollout figures for {position_id}: {output[-3000:]}")
    scale = 1.0 if match_id == MONEY else 0.01  # a match's figures are in %
    cubeful, cubeful_error = found.group(8), found.group(16)
    return RolloutFigures(
        float(found.group(7)) * scale,
        float(found.group(15)) * scale,
        None if cubeful is None else float(cubeful) * scale,
        None if cubeful_error is None else float(cubeful_error) * scale,
        int(trials.group(1)),
    )
