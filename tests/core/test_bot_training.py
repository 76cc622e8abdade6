"""The training code's numpy encoding agrees with the one the game uses."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "training"))

from npnet import encode_batch  # noqa: E402

from backgammon.bot.encoding import encode  # noqa: E402
from backgammon.movegen import legal_positions  # noqa: E402
from backgammon.position import Position  # noqa: E402


def test_numpy_encoding_matches_the_game() -> None:
    rng = random.Random(21)
    position = Position.start()
    for _ in range(150):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        core = {(p.mine, p.theirs) for p in legal_positions(position, dice)}
        boards = sorted(core)
        rows = encode_batch(np.array([b[0] for b in boards]), np.array([b[1] for b in boards]))
        for (mine, theirs), row in zip(boards, rows, strict=True):
            assert row.tolist() == pytest.approx(encode(mine, theirs))
        mine, theirs = rng.choice(boards)
        position = Position(theirs, mine) if any(mine) else Position.start()
