"""The evaluator's network and input encoding in numpy, for training (mirrors backgammon.bot)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from backgammon.bot.encoding import FEATURES_START, INPUT_COUNT, SIDE_BLOCK

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


_SHOT_SOURCES = np.arange(1, 25)[:, None] + np.arange(1, 13)[None, :]  # [blot point b, distance d] -> b + d


def _shot_pairs(shooters: NDArray[np.int64], target: NDArray[np.int64]) -> tuple[Array, Array]:
    k = shooters.shape[0]
    # present[:, p] for the shooter's point p (1..25); blots[:, b - 1] for blots on the shooter's point b.
    present = np.zeros((k, 38))
    present[:, 1:26] = shooters > 0
    blots = (target[:, :24] == 1)[:, ::-1].astype(np.float64)
    pairs = np.einsum("kb,kbd->kd", blots, present[:, _SHOT_SOURCES])
    return pairs[:, :6].sum(axis=1), pairs[:, 6:].sum(axis=1)


def encode_batch(mine: NDArray[np.int64], theirs: NDArray[np.int64]) -> Array:
    """Rows of `backgammon.bot.encoding.encode` for boards given as (k, 25) int arrays."""
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
            "inputs": INPUT_COUNT,
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
