"""The game's port of gnubg's extra inputs (`backgammon.bot.gnubg_inputs`) agrees with the numpy one
(`training/npgnubg.py`) the contact net is fitted with, and the evaluator's incremental sums with them give
the same numbers as sums made from nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from backgammon.bot import evaluator  # noqa: E402
from backgammon.bot import gnubg_inputs as eg  # noqa: E402
from backgammon.bot.pubeval import is_race  # noqa: E402
from backgammon.movegen import legal_positions  # noqa: E402
from backgammon.position import Position  # noqa: E402
from training import npgnubg, npnet  # noqa: E402


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


def test_extra_inputs_match_the_numpy_ones() -> None:
    """The 28 inputs of the game and of training agree (the shots are the game's code in both)."""
    boards = [b for group in random_boards(7, 400) for b in group if any(b[0]) and any(b[1])]
    mine = np.array([b[0] for b in boards], dtype=np.int64)
    theirs = np.array([b[1] for b in boards], dtype=np.int64)
    expected = npgnubg.extra_batch(mine, theirs)
    shots_seen = 0
    for (m, t), row in zip(boards, expected, strict=True):
        got = [0.0] * eg.EXTRA_COUNT
        for index, value in eg.extra_inputs(m, t):
            got[index - eg.EXTRA_START] = value
        assert got == row.tolist()
        shots_seen += row[11] > 0
    assert shots_seen > 100  # the shots were exercised, not only their early way out


def test_incremental_sums_are_exact_whatever_the_order() -> None:
    """The shipped contact net takes the 28 inputs: each board's numbers are the same whether its sums were
    made from nothing or from the board before (in the order of the moves, or shuffled)."""
    evaluator.clear_caches()
    boards = [
        (theirs, mine)  # the side on roll first
        for group in random_boards(11, 160)
        for mine, theirs in group
        if any(mine) and any(theirs) and not is_race(mine, theirs)
    ]
    assert evaluator.takes_extras(evaluator.network_for(False))
    in_order = evaluator.evaluate_many(boards)
    evaluator.clear_caches()
    shuffled = list(range(len(boards)))
    random.Random(5).shuffle(shuffled)
    again = evaluator.evaluate_many([boards[i] for i in shuffled])
    for k, i in enumerate(shuffled):
        assert again[k] == in_order[i] == evaluator.evaluate(*boards[i])
    for pruning in (False, True):
        evaluator.clear_caches()
        pruned = evaluator.evaluate_many(boards[:300], pruning=pruning)
        assert pruned == [evaluator.evaluate(*b, pruning=pruning) for b in boards[:300]]


def test_the_game_reads_the_inputs_as_they_were_fitted() -> None:
    """The game's contact net gives the training code's outputs (the encoding the net was fitted with)."""
    from training import check

    net = check.load_any(Path(evaluator.__file__).with_name("weights.bin"))["contact"]
    boards = [
        (theirs, mine)
        for group in random_boards(13, 200)
        for mine, theirs in group
        if any(mine) and any(theirs) and not is_race(mine, theirs)
    ][:2000]
    mine = np.array([b[0] for b in boards], dtype=np.int64)
    theirs = np.array([b[1] for b in boards], dtype=np.int64)
    expected = net.forward(npnet.encode_batch(mine, theirs))[1]
    state = evaluator._sums_of(False)
    for (m, t), row in zip(boards, expected, strict=True):
        sums = state.fresh(m, t, evaluator._features(state.net, m, t))
        got = state.net.outputs_from_sums(sums)
        assert max(abs(a - b) for a, b in zip(got, row, strict=True)) < 1e-5
