"""The evaluator's network and input encoding in numpy, for training (mirrors backgammon.bot).

Every training net takes `INPUT_COUNT` inputs: `backgammon.bot.encoding`'s 208, then gnubg's 28
(`npgnubg`). A net fitted without gnubg's (the race net) keeps zero rows for them, and `export.py` writes it
with the 208 it uses.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from backgammon.bot.encoding import ESCAPES, FEATURES_START, HIT_ROLLS, SIDE_BLOCK
from backgammon.bot.encoding import INPUT_COUNT as BASE_INPUT_COUNT
from backgammon.bot.gnubg_inputs import EXTENDED_INPUT_COUNT as INPUT_COUNT
from training.npgnubg import extra_batch

OUTPUTS = 5  # win, win gammon, win backgammon, lose gammon, lose backgammon (side on roll)
Array = NDArray[np.float64]
_POINTS = np.arange(1, 26, dtype=np.float64)


def _side_units(side: NDArray[np.int64]) -> Array:
    k = side.shape[0]
    board = side[:, :24]
    units = np.zeros((k, SIDE_BLOCK))
    units[:, 0:96:4] = board >= 1
    units[:, 1:96:4] = board >= 2
    units[:, 2:96:4] = board >= 3
    units[:, 3:96:4] = np.maximum(board - 3, 0) / 2.0
    units[:, 96] = side[:, 24] / 2.0
    units[:, 97] = (15 - side.sum(axis=1)) / 15.0
    return units


_SHOOTER_BITS = 1 << np.arange(1, 26, dtype=np.int64)  # bit p for the shooter's point p (25: its bar)


def _shooters_and_blots(
    shooters: NDArray[np.int64], target: NDArray[np.int64]
) -> tuple[Array, NDArray[np.bool_]]:
    """(present[:, p]: the shooter holds its point p (0..37); blots[:, b - 1]: a blot on its point b)."""
    present = np.zeros((shooters.shape[0], 38))
    present[:, 1:26] = shooters > 0
    return present, (target[:, :24] == 1)[:, ::-1]


def _shot_pairs(shooters: NDArray[np.int64], target: NDArray[np.int64]) -> tuple[Array, Array]:
    present, blots = _shooters_and_blots(shooters, target)
    # window sums of the shooter's points 1..6 and 7..12 above each point b, from a running total
    total = np.zeros((present.shape[0], 39))
    np.cumsum(present, axis=1, out=total[:, 1:])
    direct = total[:, 8:32] - total[:, 2:26]  # points b + 1 .. b + 6 for b = 1..24
    indirect = total[:, 14:38] - total[:, 8:32]  # points b + 7 .. b + 12
    return (blots * direct).sum(axis=1), (blots * indirect).sum(axis=1)


_ROLL_WEIGHTS = np.array([weight for _, weight in HIT_ROLLS], dtype=np.float64)
_ESCAPES = np.array(ESCAPES, dtype=np.float64)
_BITS12 = np.arange(12)
_HIT_TABLE: list[NDArray[np.uint8]] = []


def _hit_table() -> NDArray[np.uint8]:
    """Rolls that hit, for each set of distances (bit d - 1 for distance d = 1..24): 16 MB, made once."""
    if not _HIT_TABLE:
        index = np.arange(1 << 24, dtype=np.uint32)
        table = np.zeros(1 << 24, dtype=np.uint8)
        for mask, weight in HIT_ROLLS:
            table += np.uint8(weight) * ((index & np.uint32(mask >> 1)) != 0).astype(np.uint8)
        _HIT_TABLE.append(table)
    return _HIT_TABLE[0]


def hit_rolls_batch(shooters: NDArray[np.int64], target: NDArray[np.int64]) -> Array:
    """`encoding.hit_rolls` per row."""
    present = (shooters > 0).astype(np.int64) @ _SHOOTER_BITS
    blots = target[:, :24] == 1
    distances = np.zeros(shooters.shape[0], dtype=np.int64)
    for q in np.flatnonzero(blots.any(axis=0)).tolist():
        # the target's point q + 1 is the shooter's point 24 - q: shooters above it, by distance
        distances |= np.where(blots[:, q], present >> (24 - q), 0)
    return _hit_table()[distances >> 1].astype(np.float64)


def escape_rolls_batch(side: NDArray[np.int64], other: NDArray[np.int64]) -> Array:
    """`encoding.escape_rolls` per row."""
    k = side.shape[0]
    back = np.where(side > 0, np.arange(25), 0).max(axis=1)
    cols = np.clip(24 + _BITS12[None, :] - back[:, None], 0, 24)
    blocked = (other[np.arange(k)[:, None], cols] > 1) & (_BITS12[None, :] < back[:, None])
    pattern = blocked.astype(np.int64) @ (1 << _BITS12)
    return _ESCAPES[pattern]


def longest_prime_batch(side: NDArray[np.int64]) -> Array:
    """`encoding.longest_prime` per row."""
    made = side[:, :24] > 1
    run = np.zeros(side.shape[0], dtype=np.int64)
    best = np.zeros(side.shape[0], dtype=np.int64)
    for i in range(24):
        run = (run + 1) * made[:, i]
        np.maximum(best, run, out=best)
    return best.astype(np.float64)


def encode_batch(mine: NDArray[np.int64], theirs: NDArray[np.int64]) -> Array:
    """Rows of `backgammon.bot.encoding.encode` and gnubg's 28 inputs for boards given as (k, 25) int
    arrays."""
    k = mine.shape[0]
    x = np.zeros((k, INPUT_COUNT))
    x[:, :SIDE_BLOCK] = _side_units(mine)
    x[:, SIDE_BLOCK:FEATURES_START] = _side_units(theirs)
    x[:, FEATURES_START] = mine @ _POINTS / 100.0
    x[:, FEATURES_START + 1] = theirs @ _POINTS / 100.0
    d, i = _shot_pairs(mine, theirs)
    x[:, FEATURES_START + 2] = d / 4.0
    x[:, FEATURES_START + 3] = i / 4.0
    d, i = _shot_pairs(theirs, mine)
    x[:, FEATURES_START + 4] = d / 4.0
    x[:, FEATURES_START + 5] = i / 4.0
    x[:, FEATURES_START + 6] = hit_rolls_batch(mine, theirs) / 36.0
    x[:, FEATURES_START + 7] = hit_rolls_batch(theirs, mine) / 36.0
    x[:, FEATURES_START + 8] = escape_rolls_batch(mine, theirs) / 36.0
    x[:, FEATURES_START + 9] = escape_rolls_batch(theirs, mine) / 36.0
    x[:, FEATURES_START + 10] = longest_prime_batch(mine) / 6.0
    x[:, FEATURES_START + 11] = longest_prime_batch(theirs) / 6.0
    x[:, BASE_INPUT_COUNT:] = extra_batch(mine, theirs)
    return x


def sigmoid(z: Array) -> Array:
    return 1.0 / (1.0 + np.exp(-np.clip(z, -40.0, 40.0)))


class Net:
    """One hidden sigmoid layer, five sigmoid outputs."""

    def __init__(self, hidden: int, rng: np.random.Generator) -> None:
        self.w1 = rng.normal(0.0, 0.1, (INPUT_COUNT, hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0.0, 0.1, (hidden, OUTPUTS))
        self.b2 = np.zeros(OUTPUTS)

    def forward(self, x: Array) -> tuple[Array, Array]:
        h = sigmoid(x @ self.w1 + self.b1)
        return h, sigmoid(h @ self.w2 + self.b2)

    def train_step(self, x: Array, target: Array, rate: float) -> None:
        """One gradient step of cross-entropy toward `target` for the rows of `x`."""
        h, y = self.forward(x)
        delta_out = target - y
        delta_hidden = (delta_out @ self.w2.T) * h * (1.0 - h)
        self.w2 += rate * h.T @ delta_out
        self.b2 += rate * delta_out.sum(axis=0)
        self.w1 += rate * x.T @ delta_hidden
        self.b1 += rate * delta_hidden.sum(axis=0)

    def to_json(self) -> dict[str, object]:
        return {
            "inputs": int(self.w1.shape[0]),
            "hidden": int(self.b1.shape[0]),
            "outputs": OUTPUTS,
            # Row per input / per hidden unit, rounded: the file ships with the game.
            "w1": [[round(float(v), 5) for v in row] for row in self.w1],
            "b1": [round(float(v), 5) for v in self.b1],
            "w2": [[round(float(v), 5) for v in row] for row in self.w2],
            "b2": [round(float(v), 5) for v in self.b2],
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Net:
        net = cls.__new__(cls)
        net.w1 = np.array(data["w1"], dtype=np.float64)
        net.b1 = np.array(data["b1"], dtype=np.float64)
        net.w2 = np.array(data["w2"], dtype=np.float64)
        net.b2 = np.array(data["b2"], dtype=np.float64)
        return net


def save_nets(path: Path, nets: dict[str, Net], meta: dict[str, object]) -> None:
    data = {"format": 1, "meta": meta, "nets": {name: net.to_json() for name, net in nets.items()}}
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, separators=(",", ":")))
    tmp.replace(path)


def load_nets(path: Path) -> tuple[dict[str, Net], dict[str, object]]:
    data = json.loads(path.read_text())
    return {name: Net.from_json(n) for name, n in data["nets"].items()}, data["meta"]
