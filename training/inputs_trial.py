"""A trial of more inputs for the contact net: some of GNU Backgammon's hand-made ones, in numpy only.

    python3 training/inputs_trial.py distill /tmp/run6.bin training/checkpoints/trial.json \
        --epochs 30 --data training/data/positions3.npz:training/data/labels3-2ply.npz
    python3 training/inputs_trial.py choices score training/data/choices.npz \
        training/data/choices-2ply.npz training/checkpoints/trial.json

Runs `distill.py` or `choices.py` with the encoding of `npnet.encode_batch` followed by 11 more inputs for
each side, after `CalculateHalfInputs` in gnubg's eval.c: pips to break contact, free pips, the rearmost
checker, the rearmost and the forward anchor, containment of the other side's rearmost checker and of any
checker on the points 15 to 24 (and their squares), mobility, and the spread of the checkers ahead of their
mean. The new inputs start with zero weights, so a trial starts from the nets it is given. The game itself
does not know these inputs: this says whether they are worth porting to `backgammon.bot.encoding`.
"""

from __future__ import annotations

import runpy
import sys
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
PER_SIDE = 11
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
    return x


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
    # distill.py imports encode_batch by name: run it with the trial's in its namespace
    runpy.run_path(str(script), init_globals={"encode_batch": encode_batch}, run_name="__main__")


if __name__ == "__main__":
    main()
