"""The teacher's figures land on the right positions, for the right side (runs where `gnubg` is installed;
`make test` installs Debian's package)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from tests.core.gnubg_support import GNUBG

from backgammon import Position

np = pytest.importorskip("numpy")
pytestmark = pytest.mark.skipif(GNUBG is None, reason="GNU Backgammon (gnubg) is not installed")

LABELLER = Path(__file__).resolve().parents[2] / "training" / "gnubg_label.py"
START = [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]


def board(**points: int) -> list[int]:
    """A side's 25 counts from point numbers (`p1` .. `p24`, `bar`)."""
    counts = [0] * 25
    for name, count in points.items():
        counts[24 if name == "bar" else int(name[1:]) - 1] = count
    return counts


def test_gnubg_figures_are_for_the_side_on_roll(tmp_path: Path) -> None:
    positions = [
        (START, START),
        (board(p1=1), board(p6=15)),  # on roll, bears off its last checker: wins a gammon
        (board(p23=15), board(p1=1)),  # in their home, cannot bear off; they bear off next: backgammon
        (board(p6=5), board(p1=1)),  # ten of ours off, five left: they are off first, a plain loss
    ]
    for mine_side, their_side in positions:
        Position(mine_side, their_side)  # raises on an impossible board
    mine = np.array([p[0] for p in positions], dtype=np.int8)
    theirs = np.array([p[1] for p in positions], dtype=np.int8)
    np.savez(tmp_path / "positions.npz", mine=mine, theirs=theirs)
    command = [sys.executable, str(LABELLER), str(tmp_path / "positions.npz"), str(tmp_path / "labels.npz")]
    subprocess.run([*command, "--plies", "0", "--processes", "2"], check=True, timeout=300)
    figures = np.load(tmp_path / "labels.npz")["outputs"]
    assert figures.shape == (4, 5)
    opening, gammon, backgammon, single = figures.tolist()
    assert 0.45 < opening[0] < 0.6 and 0.05 < opening[1] < 0.3 and 0.05 < opening[3] < 0.3
    assert gammon == pytest.approx([1, 1, 0, 0, 0], abs=1e-3)
    assert backgammon == pytest.approx([0, 0, 0, 1, 1], abs=1e-3)
    assert single == pytest.approx([0, 0, 0, 0, 0], abs=1e-3)
    assert not (tmp_path / "labels.1ply.parts").exists() and not (tmp_path / "labels.0ply.parts").exists()
