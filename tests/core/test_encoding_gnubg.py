"""The pure-Python port of gnubg's extra inputs (`training/encoding_gnubg.py`, not used by the game yet)
agrees with the numpy trial's (`training/inputs_trial.py`), and the game's incremental sums extended with them
(`training/inputs_cost.py`) give the same numbers as sums made from nothing."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "training"))

import encoding_gnubg as eg  # noqa: E402
import inputs_cost  # noqa: E402
import inputs_trial  # noqa: E402

from backgammon.bot import evaluator  # noqa: E402
from backgammon.bot.pubeval import is_race  # noqa: E402
from backgammon.movegen import legal_positions  # noqa: E402
from backgammon.position import Position  # noqa: E402


def random_boards(seed: int, moves: int) -> list[list[tuple[tuple[int, ...], tuple[int, ...]]]]:
    """The boards after every play of each roll of a game of random plays (the mover's view), begun again
    when one ends."""
    rng = random.Random(seed)
    position = Position.start()
    groups = []
    for _ in range(moves):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        boards = sorted({(p.mine, p.theirs) for p in legal_positions(position, dice)})
        groups.append(boards)
        mine, theirs = rng.choice(boards)
        position = Position(theirs, mine) if any(mine) else Position.start()
    return groups


def test_extra_inputs_match_the_numpy_trial() -> None:
    boards = [b for group in random_boards(7, 400) for b in group if any(b[0]) and any(b[1])]
    mine = np.array([b[0] for b in boards], dtype=np.int64)
    theirs = np.array([b[1] for b in boards], dtype=np.int64)
    expected = np.concatenate(
        [inputs_trial.half_inputs(mine, theirs), inputs_trial.half_inputs(theirs, mine)], axis=1
    )
    shots_seen = 0
    for (m, t), row in zip(boards, expected, strict=True):
        got = [0.0] * eg.EXTRA_COUNT
        for index, value in eg.extra_inputs(m, t):
            got[index - eg.EXTRA_START] = value
        assert got == row.tolist()
        shots_seen += row[11] > 0
    assert shots_seen > 100  # the shots were exercised, not only their early way out


def test_extended_sums_are_exact_whatever_the_order() -> None:
    net = inputs_cost.extended_net(None)
    incremental = inputs_cost.ExtendedSums(net)
    evaluator.clear_caches()
    for group in random_boards(11, 120):
        for theirs, mine in group:  # the side on roll first
            if not any(mine) or not any(theirs) or is_race(mine, theirs):
                continue
            counts = evaluator.feature_counts(evaluator.side_summary(mine), evaluator.side_summary(theirs))
            counts += tuple(eg.extra_counts(mine, theirs))
            fresh = inputs_cost.ExtendedSums(net).sums_for(mine, theirs, counts)
            assert incremental.sums_for(mine, theirs, counts) == fresh
