"""Positions off the beaten track: which boards are back games, closed or crashed boards, prime against prime.

Each test takes the boards as `positions.py` keeps them ((n, 25) counts a side, points 1..24 then the bar,
`mine` on roll) and asks it of either side, so a position counts whoever holds the back game or the prime:

- `back_game`: a side holds two or more points (anchors) in the other's home board and trails the race by
  at least 40 pips;
- `closed_board`: a side has all six of its home points made and the other has a checker on the bar or in
  that home board;
- `crashed_board`: a side has seven or more checkers on its 1, 2 and 3 points and at most one of its 4, 5
  and 6 points made, while the other has a checker on the bar or in that home board;
- `prime_vs_prime`: both sides have a prime of four or more points and each has a checker behind the other's.

`kinds` tells which of these each board is; `positions.py`'s games are the source (with much random play,
`--explore`), these tests the filter.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

Bools = NDArray[np.bool_]
Ints = NDArray[np.int64]

KINDS = ("back_game", "closed_board", "crashed_board", "prime_vs_prime")


def pips(side: Ints) -> Ints:
    return np.asarray((side * np.arange(1, 26)).sum(axis=1))


def rearmost(side: Ints) -> Ints:
    """The point number of each side's rearmost checker (25 for the bar, 0 when all are off)."""
    return np.asarray(np.where(side > 0, np.arange(1, 26), 0).max(axis=1))


def contact(a: Ints, b: Ints) -> Bools:
    return np.asarray(rearmost(a) + rearmost(b) > 25)


def longest_prime(side: Ints) -> tuple[Ints, Ints]:
    """(length, highest point number) of each side's longest run of made points (the highest such run)."""
    made = side[:, :24] >= 2
    run = np.zeros(side.shape[0], dtype=np.int64)
    best = np.zeros(side.shape[0], dtype=np.int64)
    top = np.zeros(side.shape[0], dtype=np.int64)
    for point in range(24):
        run = np.where(made[:, point], run + 1, 0)
        longer = run >= np.maximum(best, 1)
        best = np.where(longer, run, best)
        top = np.where(longer, point + 1, top)
    return best, top


def back_game(a: Ints, b: Ints) -> Bools:
    anchors = (a[:, 18:24] >= 2).sum(axis=1)
    return np.asarray((anchors >= 2) & (pips(a) - pips(b) >= 40))


def closed_board(a: Ints, b: Ints) -> Bools:
    closed = (a[:, :6] >= 2).all(axis=1)
    return np.asarray(closed & ((b[:, 24] > 0) | (b[:, 18:24].sum(axis=1) > 0)))


def crashed_board(a: Ints, b: Ints) -> Bools:
    buried = a[:, :3].sum(axis=1) >= 7
    high_points = (a[:, 3:6] >= 2).sum(axis=1)
    held_back = b[:, 18:25].sum(axis=1) > 0  # the other side on the bar or in this home board
    return np.asarray(buried & (high_points <= 1) & held_back)


def prime_vs_prime(a: Ints, b: Ints) -> Bools:
    length_a, top_a = longest_prime(a)
    length_b, top_b = longest_prime(b)
    # b's point p is a's point 25 - p: a checker of a behind b's prime stands above 25 - (b's lowest point)
    a_behind = rearmost(a) > 25 - (top_b - length_b + 1)
    b_behind = rearmost(b) > 25 - (top_a - length_a + 1)
    return np.asarray((length_a >= 4) & (length_b >= 4) & a_behind & b_behind)


TESTS = {
    "back_game": back_game,
    "closed_board": closed_board,
    "crashed_board": crashed_board,
    "prime_vs_prime": prime_vs_prime,
}


def kinds(mine: NDArray[Any], theirs: NDArray[Any]) -> dict[str, Bools]:
    """For each test of `KINDS`, which boards it holds for (of either side)."""
    a, b = mine.astype(np.int64), theirs.astype(np.int64)
    return {name: test(a, b) | test(b, a) for name, test in TESTS.items()}


def any_kind(mine: NDArray[Any], theirs: NDArray[Any]) -> Bools:
    found = np.zeros(mine.shape[0], dtype=bool)
    for hits in kinds(mine, theirs).values():
        found |= hits
    return found
