"""The analysis against GNU Backgammon (runs where `gnubg` is installed, e.g. Debian's package).

gnubg plays a match against itself with noise added to one side's checker play, exports it as .mat,
and analyses it itself; our analysis of the same file must find the same unforced moves and the
noisy side the weaker one, with error rates near gnubg's.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gnubg_support import gnubg_output, needs_gnubg

from backgammon.analysis import analyze_record
from backgammon.formats.mat_import import import_mat
from backgammon.record import to_record

pytestmark = needs_gnubg


def gnubg(commands: list[str]) -> str:
    return gnubg_output("\n".join(["set confirm new off", *commands, ""]), timeout=300)


def noisy_match(path: Path, seed: int, noise: float) -> None:
    """A 5-point match: player 0 plays with `noise` on its checker play, player 1 without."""
    gnubg(
        [
            "set rng mersenne",
            f"set seed {seed}",
            "set player 0 gnubg",
            "set player 1 gnubg",
            "set player 0 chequerplay evaluation plies 0",
            f"set player 0 chequerplay evaluation noise {noise}",
            "set player 1 chequerplay evaluation plies 0",
            "set player 0 cubedecision evaluation plies 0",
            "set player 1 cubedecision evaluation plies 0",
            "new match 5",
            "set player 0 name Noisy",
            "set player 1 name Steady",
            f"export match mat {path}",
        ]
    )


def gnubg_statistics(path: Path) -> dict[str, list[float]]:
    """gnubg's own 0-ply analysis: unforced moves and checker-play error rate (mEMG) per player."""
    output = gnubg(
        [
            f"import mat {path}",
            "set analysis chequerplay evaluation plies 0",
            "set analysis cubedecision evaluation plies 0",
            "analyse match",
            "show statistics match",
        ]
    )
    chequer = output.split("Chequerplay statistics", 1)[1]
    unforced = re.search(r"Unforced moves\s+(\d+)\s+(\d+)", chequer)
    rate = re.search(r"Error rate mEMG \(MWC\)\s+(-?[\d.]+)\s+\([^)]*\)\s+(-?[\d.]+)", chequer)
    assert unforced and rate, output[-3000:]
    return {
        "unforced": [float(unforced.group(1)), float(unforced.group(2))],
        "rate": [abs(float(rate.group(1))), abs(float(rate.group(2)))],
    }


def test_gnubg_and_we_agree_on_who_played_worse(tmp_path: Path) -> None:
    path = tmp_path / "noisy.mat"
    noisy_match(path, seed=31, noise=0.12)
    theirs = gnubg_statistics(path)
    ours = analyze_record(to_record(import_mat(path.read_text())), depth=0)["players"]
    assert [p["unforced_moves"] for p in ours] == theirs["unforced"]
    noisy, steady = (p["chequer_error_rate"] for p in ours)
    assert noisy > steady
    assert theirs["rate"][0] > theirs["rate"][1]
    # The noisy side's rate is large; ours should be of the same size as gnubg's.
    assert noisy == pytest.approx(theirs["rate"][0], rel=0.3)
