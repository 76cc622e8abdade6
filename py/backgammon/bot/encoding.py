"""Network inputs for a board seen from the side on roll (pure Python; training/ mirrors it in numpy).

Layout (`INPUT_COUNT` values):
- for each side (on roll first, then the other), for points 1..24 of that side: four units
  `n >= 1`, `n >= 2`, `n >= 3`, `(n - 3) / 2` (Tesauro's raw encoding), then `bar / 2`, `off / 15`;
- six hand-made features: both pip counts / 100, then for each side the direct (1..6 away) and
  indirect (7..12 away) shooter/blot pairs it has against the other side, / 4.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul

SIDE_BLOCK = 98
FEATURES_START = 2 * SIDE_BLOCK
INPUT_COUNT = FEATURES_START + 6


def shot_pairs(shooters: Sequence[int], target: Sequence[int]) -> tuple[int, int]:
    """(direct, indirect) pairs of a point of `shooters` and a blot of `target` it could hit.

    Both boards are seen from their own side; the shooter's bar counts as its point 25.
    Blocking points in between are ignored: this is a cheap hint, not a shot count.
    """
    direct = indirect = 0
    for q in range(24):
        if target[q] != 1:
            continue
        blot_point = 24 - q  # the target's point q + 1 is the shooter's point 25 - (q + 1)
        for distance in range(1, 13):
            source = blot_point + distance
            if source > 25:
                break
            if shooters[source - 1]:
                if distance <= 6:
                    direct += 1
                else:
                    indirect += 1
    return direct, indirect


_POINT_NUMBERS = tuple(range(1, 26))


def pip_count(side: Sequence[int]) -> int:
    return sum(map(mul, side, _POINT_NUMBERS))


def active_inputs(mine: Sequence[int], theirs: Sequence[int]) -> list[tuple[int, float]]:
    """The non-zero inputs as (index, value) pairs: most inputs are zero, so inference sums only these."""
    active: list[tuple[int, float]] = []
    for base, side in ((0, mine), (SIDE_BLOCK, theirs)):
        for i in range(24):
            n = side[i]
            if n:
                unit = base + 4 * i
                active.append((unit, 1.0))
                if n >= 2:
                    active.append((unit + 1, 1.0))
                    if n >= 3:
                        active.append((unit + 2, 1.0))
                        if n > 3:
                            active.append((unit + 3, (n - 3) / 2.0))
        if side[24]:
            active.append((base + 96, side[24] / 2.0))
        off = 15 - sum(side)
        if off:
            active.append((base + 97, off / 15.0))
    features = (
        pip_count(mine) / 100.0,
        pip_count(theirs) / 100.0,
        *(pairs / 4.0 for pairs in shot_pairs(mine, theirs)),
        *(pairs / 4.0 for pairs in shot_pairs(theirs, mine)),
    )
    for k, value in enumerate(features):
        if value:
            active.append((FEATURES_START + k, value))
    return active


def encode(mine: Sequence[int], theirs: Sequence[int]) -> list[float]:
    """The full dense input vector (for tests and tools; inference uses `active_inputs`)."""
    inputs = [0.0] * INPUT_COUNT
    for index, value in active_inputs(mine, theirs):
        inputs[index] = value
    return inputs
