"""gnubg's 14 inputs a side (`backgammon.bot.gnubg_inputs`) for many boards at once, in numpy: what
`npnet.encode_batch` appends to the 208 of `backgammon.bot.encoding` for the contact net. The shots (gnubg's
`I_PIPLOSS`, `I_P1`, `I_P2`) are the game's own, a row at a time; the rest is computed here apart from the
game's code, and training/tests/test_encoding_gnubg.py checks the two equal.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from backgammon.bot.encoding import ESCAPES
from backgammon.bot.gnubg_inputs import PER_SIDE, shots

IntArray = NDArray[np.int64]
Array = NDArray[np.float64]
_ESCAPES = np.array(ESCAPES, dtype=np.float64)
_INDEX = np.arange(25)


def escapes_at(blocker: IntArray, n: int) -> Array:
    """gnubg's `Escapes(anBoard, n)` per row: rolls carrying a checker n pips off past `blocker`'s points."""
    pattern = np.zeros(blocker.shape[0], dtype=np.int64)
    for i in range(min(n, 12)):
        pattern |= (blocker[:, 24 + i - n] >= 2).astype(np.int64) << i
    return _ESCAPES[pattern]


def half_inputs(side: IntArray, other: IntArray) -> Array:
    """The 14 inputs of one side (`side` in its own numbering: index 0 its 1-point, 24 its bar)."""
    k = side.shape[0]
    x = np.zeros((k, PER_SIDE))
    other_back = np.where(other > 0, _INDEX, -1).max(axis=1)
    opp_back = 23 - other_back  # gnubg's nOppBack: the other's rearmost checker on this side's numbering
    beyond = _INDEX[None, :] > opp_back[:, None]
    x[:, 0] = (np.where(beyond, (_INDEX[None, :] + 1 - opp_back[:, None]) * side, 0)).sum(axis=1) / 167.0
    behind = _INDEX[None, :] < opp_back[:, None]
    x[:, 1] = (np.where(behind, (_INDEX + 1) * side, 0)).sum(axis=1) / 100.0
    back = np.where(side > 0, _INDEX, -1).max(axis=1)
    x[:, 2] = back / 24.0
    made = side >= 2
    anchor_limit = np.where(back == 24, 23, back)
    back_anchor = np.where(made & (_INDEX[None, :] <= anchor_limit[:, None]), _INDEX, -1).max(axis=1)
    x[:, 3] = back_anchor / 24.0
    in_home = made & (_INDEX[None, :] >= 18) & (_INDEX[None, :] <= back_anchor[:, None])
    first_home = np.where(in_home, _INDEX, 99).min(axis=1)
    outfield = made & (_INDEX[None, :] >= 12) & (_INDEX[None, :] <= 17)
    last_outfield = np.where(outfield, _INDEX, -1).max(axis=1)
    forward = np.where(first_home < 99, 24 - first_home, np.where(last_outfield >= 0, 24 - last_outfield, 0))
    x[:, 4] = np.where(forward == 0, 2.0, forward / 6.0)
    escapes = np.stack([escapes_at(side, i) for i in range(15, 25)], axis=1)  # points 15..24
    points = np.arange(15, 25)
    near = points[None, :] <= other_back[:, None]
    anchored = np.where(near, escapes, 36.0).min(axis=1)
    x[:, 5] = (36.0 - anchored) / 36.0
    x[:, 6] = x[:, 5] ** 2
    x[:, 7] = (36.0 - escapes[:, :9].min(axis=1)) / 36.0  # points 15..23
    x[:, 8] = x[:, 7] ** 2
    mobility = np.zeros(k)
    for i in range(6, 25):
        mobility += (i - 5) * side[:, i] * escapes_at(other, i)
    x[:, 9] = mobility / 3600.0
    count = side.sum(axis=1)
    mean = np.where(count > 0, (side @ _INDEX + count - 1) // np.maximum(count, 1), 0)
    ahead = _INDEX[None, :] > mean[:, None]
    spread_count = np.where(ahead, side, 0).sum(axis=1)
    spread = np.where(ahead, side * (_INDEX[None, :] - mean[:, None]) ** 2, 0).sum(axis=1)
    spread = np.where(spread_count > 0, (spread + spread_count - 1) // np.maximum(spread_count, 1), 0)
    x[:, 10] = spread / 400.0
    counts = [shots(board, opp) for board, opp in zip(side.tolist(), other.tolist(), strict=True)]
    x[:, 11:14] = np.array(counts, dtype=np.float64).reshape(k, 3) / (432.0, 36.0, 36.0)
    return x


def extra_batch(mine: IntArray, theirs: IntArray) -> Array:
    """The 28 inputs of each board, the side on roll's first."""
    return np.concatenate([half_inputs(mine, theirs), half_inputs(theirs, mine)], axis=1)
