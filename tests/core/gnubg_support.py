"""What the tests that check our files and IDs against GNU Backgammon share: where gnubg is, one run of it,
one run on a match file and the score it shows, and the summary of the finished matches it made for
tests/core/data (its players Alice and Bob)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

GNUBG = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
needs_gnubg = pytest.mark.skipif(GNUBG is None, reason="GNU Backgammon (gnubg) is not installed")


def gnubg_output(script: str, timeout: int = 120) -> str:
    """What gnubg prints, stdout then stderr, running the commands of `script` (one a line) as its input:
    without a window, quiet, without its rc file, at a low priority (the machine is shared)."""
    assert GNUBG is not None
    completed = subprocess.run(
        ["nice", GNUBG, "-t", "-q", "-r"],
        input=script,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    return completed.stdout + completed.stderr


def gnubg_on_file(read: str, source: Path, text: str, *commands: str) -> str:
    """gnubg's output when it reads `text`, written to `source`, with the command `read` ("import mat",
    "load match"), then runs `commands`."""
    source.write_text(text)
    return gnubg_output("\n".join(["set confirm new off", f"{read} {source}", *commands, ""]))


def gnubg_score(output: str) -> list[int]:
    """The score gnubg showed last (`show score`)."""
    found = re.findall(r"The score \(after \d+ games?\) is: \S+ (\d+), \S+ (\d+)", output)
    assert found, output[-2000:]
    return [int(found[-1][0]), int(found[-1][1])]


def finished_match_summary(length: int, games: int, score: list[int]) -> dict[str, object]:
    """`mat_summary` of a finished match of gnubg's data files (Alice against Bob)."""
    return {
        "players": ["Alice", "Bob"],
        "match_length": length,
        "games": games,
        "score": score,
        "finished": True,
    }
