"""A trial of more inputs for the contact net: some of GNU Backgammon's hand-made ones, in numpy only.

    python3 training/inputs_trial.py distill /tmp/run6.bin training/checkpoints/trial.json \
        --epochs 30 --data training/data/positions3.npz:training/data/labels3-2ply.npz
    python3 training/inputs_trial.py choices score training/data/choices.npz \
        training/data/choices-2ply.npz training/checkpoints/trial.json

Runs `distill.py` or `choices.py` with the encoding of `npnet.encode_batch` followed by 14 more inputs for
each side, after `CalculateHalfInputs` in gnubg's eval.c: pips to break contact, free pips, the rearmost
checker, the rearmost and the forward anchor, containment of the other side's rearmost checker and of any
checker on the points 15 to 24 (and their squares), mobility, the spread of the checkers ahead of their
mean, and the shots at the other side's blots with blocked points counted (pips lost, chances of one hit and
of two; a loop a position, so slow: no look-ahead). The new inputs start with zero weights, so a trial
starts from the nets it is given. The game itself does not know these inputs: this says whether they are
worth porting to `backgammon.bot.encoding`.
"""

from __future__ import annotations

import runpy
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import import_weights
import npnet
import selfplay

from backgammon.bot.encoding import INPUT_COUNT

IntArray = NDArray[np.int64]
Array = NDArray[np.float64]
PER_SIDE = 14
_ESCAPES = np.array(npnet.ESCAPES, dtype=np.float64)
_INDEX = np.arange(25)


def escapes_at(blocker: IntArray, n: int) -> Array:
    """gnubg's `Escapes(anBoard, n)` per row: rolls carrying a checker n pips off past `blocker`'s points."""
    pattern = np.zeros(blocker.shape[0], dtype=np.int64)
    for i in range(min(n, 12)):
        pattern |= (blocker[:, 24 + i - n] >= 2).astype(np.int64) << i
    return _ESCAPES[pattern]


def half_inputs(side: IntArray, other: IntArray) -> Array:
    """The 11 inputs of one side (`side` in its own numbering: index 0 its 1-point, 24 its bar)."""
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
    x[:, 11:14] = [shots(board, opp) for board, opp in zip(side.tolist(), other.tolist(), strict=True)]
    return x


# gnubg's tables for the shots at a blot (eval.c): the ways to hit from each distance, each way as (all the
# intermediate points needed, those points, faces used, pips), and the ways each of the 21 rolls has.
_COMBINATION = [
    [0],
    [1, 2],
    [3, 4, 5],
    [6, 7, 8, 9],
    [10, 11, 12],
    [13, 14, 15, 16, 17],
    [18, 19, 20],
    [21, 22, 23, 24],
    [25, 26, 27],
    [28, 29],
    [30],
    [31, 32, 33],
    [],
    [],
    [34],
    [35],
    [],
    [36],
    [],
    [37],
    [],
    [],
    [],
    [38],
]
_WAYS = [
    (1, (0, 0, 0), 1, 1),
    (1, (0, 0, 0), 1, 2),
    (1, (1, 0, 0), 2, 2),
    (1, (0, 0, 0), 1, 3),
    (0, (1, 2, 0), 2, 3),
    (1, (1, 2, 0), 3, 3),
    (1, (0, 0, 0), 1, 4),
    (0, (1, 3, 0), 2, 4),
    (1, (2, 0, 0), 2, 4),
    (1, (1, 2, 3), 4, 4),
    (1, (0, 0, 0), 1, 5),
    (0, (1, 4, 0), 2, 5),
    (0, (2, 3, 0), 2, 5),
    (1, (0, 0, 0), 1, 6),
    (0, (1, 5, 0), 2, 6),
    (0, (2, 4, 0), 2, 6),
    (1, (3, 0, 0), 2, 6),
    (1, (2, 4, 0), 3, 6),
    (0, (1, 6, 0), 2, 7),
    (0, (2, 5, 0), 2, 7),
    (0, (3, 4, 0), 2, 7),
    (0, (2, 6, 0), 2, 8),
    (0, (3, 5, 0), 2, 8),
    (1, (4, 0, 0), 2, 8),
    (1, (2, 4, 6), 4, 8),
    (0, (3, 6, 0), 2, 9),
    (0, (4, 5, 0), 2, 9),
    (1, (3, 6, 0), 3, 9),
    (0, (4, 6, 0), 2, 10),
    (1, (5, 0, 0), 2, 10),
    (0, (5, 6, 0), 2, 11),
    (1, (6, 0, 0), 2, 12),
    (1, (4, 8, 0), 3, 12),
    (1, (3, 6, 9), 4, 12),
    (1, (5, 10, 0), 3, 15),
    (1, (4, 8, 12), 4, 16),
    (1, (6, 12, 0), 3, 18),
    (1, (5, 10, 15), 4, 20),
    (1, (6, 12, 18), 4, 24),
]
_ROLL_WAYS = [
    (0, 2, 5, 9),
    (0, 1, 4, -1),
    (1, 8, 17, 24),
    (0, 3, 7, -1),
    (1, 3, 12, -1),
    (3, 16, 27, 33),
    (0, 6, 11, -1),
    (1, 6, 15, -1),
    (3, 6, 20, -1),
    (6, 23, 32, 35),
    (0, 10, 14, -1),
    (1, 10, 19, -1),
    (3, 10, 22, -1),
    (6, 10, 26, -1),
    (10, 29, 34, 37),
    (0, 13, 18, -1),
    (1, 13, 21, -1),
    (3, 13, 25, -1),
    (6, 13, 28, -1),
    (10, 13, 30, -1),
    (13, 31, 36, 38),
]


def _hitting_ways(
    ways: tuple[int, ...], hit: list[int]
) -> Iterator[tuple[int, int, tuple[int, int, int], int, int]]:
    """(index in the roll, way, its intermediate points, faces, pips) for each of a roll's ways that hits."""
    for j, way in enumerate(ways):
        if way < 0:
            return
        if hit[way]:
            _, points, faces, length = _WAYS[way]
            yield j, way, points, faces, length


def shots(board: list[int], opp: list[int]) -> tuple[float, float, float]:
    """gnubg's I_PIPLOSS, I_P1 and I_P2 for one side as the hitter: the pips its shots would cost the other
    side on average, and the chances to hit one checker and two, blocked points counted (eval.c)."""
    home = sum(1 for i in range(6) if board[i])
    hit = [0] * 39
    for i in range(23 if home > 2 else 21, -1, -1):
        if opp[i] != 1:
            continue
        for j in range(24 - i, 25):
            if not board[j] or (j < 6 and board[j] == 2):
                continue
            for way in _COMBINATION[j - 24 + i]:  # by distance, 1 first
                every, points, faces, _ = _WAYS[way]
                if every:
                    if faces > 1 and any(p > 0 and opp[i - p] > 1 for p in points):
                        continue
                elif opp[i - points[0]] > 1 and opp[i - points[1]] > 1:
                    continue
                hit[way] |= 1 << j
    pips = [0] * 21
    checkers = [0] * 21
    for r, ways in enumerate(_ROLL_WAYS):
        if board[24] == 0:
            used = -1
            for _, way, points, faces, length in _hitting_ways(ways, hit):
                if faces == 1:
                    for k in range(23, 0, -1):
                        if hit[way] & (1 << k):
                            if used != k or board[k] > 1:
                                checkers[r] += 1
                            used = k
                            pips[r] = max(pips[r], k - length + 1)
                            if ways[3] >= 0 and hit[way] & ~(1 << k):
                                checkers[r] += 1
                            break
                else:
                    checkers[r] = checkers[r] or 1
                    k = next((k for k in range(23, -1, -1) if hit[way] & (1 << k)), -1)
                    pips[r] = max(pips[r], k - length + 1)
                    if any(p > 0 and opp[23 - k + p] == 1 for p in points):
                        checkers[r] += 1
        elif board[24] == 1:
            entering = 0
            for j, way, points, faces, length in _hitting_ways(ways, hit):
                if faces == 1:
                    for k in range(24, 0, -1):
                        if hit[way] & (1 << k):
                            if entering and k != 24:
                                break
                            if k != 24:
                                if opp[_WAYS[ways[1 - j]][3] - 1] > 1:
                                    break
                                entering = 1
                            checkers[r] += 1
                            pips[r] = max(pips[r], k - length + 1)
                elif hit[way] & (1 << 24):
                    checkers[r] = checkers[r] or 1
                    pips[r] = max(pips[r], 25 - length)
                    if any(p > 0 and opp[p + 1] == 1 for p in points):
                        checkers[r] += 1
        else:
            for way in ways[:2]:
                if not hit[way] & (1 << 24) or _WAYS[way][2] != 1:
                    continue
                checkers[r] += 1
                pips[r] = max(pips[r], 25 - _WAYS[way][3])
    weights = [1 if ways[3] > 0 else 2 for ways in _ROLL_WAYS]
    pip_loss = sum(p * w for p, w in zip(pips, weights, strict=True))
    one = sum(w for c, w in zip(checkers, weights, strict=True) if c > 0)
    two = sum(w for c, w in zip(checkers, weights, strict=True) if c > 1)
    return pip_loss / (12.0 * 36.0), one / 36.0, two / 36.0


_base_encode = npnet.encode_batch


def encode_batch(mine: IntArray, theirs: IntArray) -> Array:
    extra = [half_inputs(mine, theirs), half_inputs(theirs, mine)]
    return np.concatenate([_base_encode(mine, theirs), *extra], axis=1)


def main() -> None:
    command = sys.argv.pop(1)
    trial_inputs = INPUT_COUNT + 2 * PER_SIDE
    import_weights.INPUT_COUNT = trial_inputs  # nets loaded are grown to it
    npnet.encode_batch = selfplay.encode_batch = encode_batch  # type: ignore[assignment]
    script = Path(__file__).resolve().parent / f"{command}.py"
    sys.argv[0] = str(script)
    # the script's own `from npnet import encode_batch` now finds the trial's
    runpy.run_path(str(script), run_name="__main__")


if __name__ == "__main__":
    main()
