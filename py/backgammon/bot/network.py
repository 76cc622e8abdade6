"""Pure-Python inference for the evaluator's networks, loaded once from the packed weights file.

File format (little-endian): magic `BGNN`, u32 version, u32 net count; per net: u8 name length,
name (ASCII), u32 inputs, u32 hidden, u32 outputs, then float32 arrays w1 (inputs x hidden, row per
input), b1 (hidden), w2 (hidden x outputs, row per hidden unit), b2 (outputs).
"""

from __future__ import annotations

import math
import struct
import sys
from array import array
from collections.abc import Iterable
from functools import cache
from importlib import resources
from operator import add, mul, sub

MAGIC = b"BGNN"
VERSION = 1
WEIGHTS_FILE = "weights.bin"
# Every input value is below this (the largest: a pip count / 100, shot pairs / 4, the bar / 2).
MAX_INPUT = 32.0


def add_rows(sums: list[float], rows: list[list[float]]) -> list[float]:
    """`sums` plus the rows, up to four in one pass: one comprehension over several rows costs about what one
    `map(add)` over each costs in CPython, and half in Pyodide. Exact, so the grouping does not matter."""
    count = len(rows)
    start = 0
    while count - start >= 4:
        a, b, c, d = rows[start : start + 4]
        sums = [s + w + x + y + z for s, w, x, y, z in zip(sums, a, b, c, d, strict=True)]
        start += 4
    left = count - start
    if left == 3:
        a, b, c = rows[start:]
        sums = [s + w + x + y for s, w, x, y in zip(sums, a, b, c, strict=True)]
    elif left == 2:
        a, b = rows[start:]
        sums = [s + w + x for s, w, x in zip(sums, a, b, strict=True)]
    elif left == 1:
        sums = list(map(add, sums, rows[start]))
    return sums


class Network:
    """One hidden sigmoid layer, sigmoid outputs; inputs are given sparsely as (index, value).

    Inference adds, for each active input, that input's weights times its value (its *row*), rounded to a
    grid of `2 ** -grid_bits` (the bias too). Every hidden sum is then a sum of multiples of the grid far
    below 2 ** 53 grid steps, so float additions are exact: a board's sums, and so its outputs, are the
    same to the last bit whatever order the rows were added or subtracted in (from scratch, or by
    adjusting another board's sums). The rounding moves each term by at most 2 ** -(grid_bits + 1).
    """

    def __init__(
        self,
        name: str,
        w1: list[list[float]],
        b1: list[float],
        w2: list[list[float]],
        b2: list[float],
    ) -> None:
        self.name = name
        self.input_rows = w1
        self.hidden_bias = b1
        # Stored per output (columns of w2) so each output is one dot product.
        self.output_columns = [[row[o] for row in w2] for o in range(len(b2))]
        self.output_bias = b2
        # The largest sum any mix of rows can reach: input values stay below MAX_INPUT, and an adjusted sum
        # holds at most two values of each input for a moment. Partial sums below 2 ** (53 - grid_bits)
        # are exact.
        reach = list(map(abs, b1))
        for row in w1:
            reach = [r + 2.0 * MAX_INPUT * abs(w) for r, w in zip(reach, row, strict=True)]
        bound = 1.0 + max(reach, default=0.0)
        self.grid_bits = min(40, 51 - math.frexp(bound)[1])
        self._scale = math.ldexp(1.0, self.grid_bits)
        self._bias = self._on_grid(b1, 1.0)
        self._rows: list[dict[float, list[float]]] = [{} for _ in w1]

    def _on_grid(self, weights: list[float], value: float) -> list[float]:
        scale = self._scale
        return [round(w * value * scale) / scale for w in weights]

    @property
    def hidden_size(self) -> int:
        return len(self.hidden_bias)

    def row(self, index: int, value: float) -> list[float]:
        """Input `index`'s contribution at `value` to the hidden sums, on the grid (made once, kept)."""
        rows = self._rows[index]
        found = rows.get(value)
        if found is None:
            found = rows[value] = self._on_grid(self.input_rows[index], value)
        return found

    def hidden_sums(self, active: Iterable[tuple[int, float]]) -> list[float]:
        """Hidden pre-activations for the sparse input; callers may adjust them incrementally."""
        row = self.row
        return add_rows(self._bias, [row(index, value) for index, value in active])

    def adjust(self, sums: list[float], index: int, old: float, new: float) -> list[float]:
        """`sums` with input `index` changed from `old` to `new` (a new list; exact, see the class)."""
        if old:
            sums = list(map(sub, sums, self.row(index, old)))
        if new:
            sums = list(map(add, sums, self.row(index, new)))
        return sums

    def outputs_from_sums(self, sums: list[float]) -> list[float]:
        exp = math.exp
        if min(sums) > -40.0:  # the test inside the loop costs a third of it (CPython and Pyodide)
            hidden = [1.0 / (1.0 + exp(-s)) for s in sums]
        else:
            hidden = [1.0 / (1.0 + exp(-s)) if s > -40.0 else 0.0 for s in sums]
        out = []
        for column, bias in zip(self.output_columns, self.output_bias, strict=True):
            z = bias + sum(map(mul, hidden, column))
            out.append(1.0 / (1.0 + exp(-z)) if z > -40.0 else 0.0)
        return out

    def evaluate(self, active: Iterable[tuple[int, float]]) -> list[float]:
        return self.outputs_from_sums(self.hidden_sums(active))


def _floats(data: bytes, offset: int, count: int) -> tuple[list[float], int]:
    values = array("f")
    values.frombytes(data[offset : offset + 4 * count])
    if sys.byteorder != "little":
        values.byteswap()
    return values.tolist(), offset + 4 * count


def parse_networks(data: bytes) -> dict[str, Network]:
    if data[:4] != MAGIC:
        raise ValueError("not a backgammon network file")
    version, count = struct.unpack_from("<II", data, 4)
    if version != VERSION:
        raise ValueError(f"unsupported network file version {version}")
    offset = 12
    nets: dict[str, Network] = {}
    for _ in range(count):
        name_length = data[offset]
        name = data[offset + 1 : offset + 1 + name_length].decode("ascii")
        offset += 1 + name_length
        inputs, hidden, outputs = struct.unpack_from("<III", data, offset)
        offset += 12
        flat_w1, offset = _floats(data, offset, inputs * hidden)
        b1, offset = _floats(data, offset, hidden)
        flat_w2, offset = _floats(data, offset, hidden * outputs)
        b2, offset = _floats(data, offset, outputs)
        w1 = [flat_w1[i * hidden : (i + 1) * hidden] for i in range(inputs)]
        w2 = [flat_w2[j * outputs : (j + 1) * outputs] for j in range(hidden)]
        nets[name] = Network(name, w1, b1, w2, b2)
    return nets


def pack_networks(
    nets: dict[str, tuple[list[list[float]], list[float], list[list[float]], list[float]]],
) -> bytes:
    """The file bytes for named (w1, b1, w2, b2) weights (used by training/export.py)."""
    parts = [MAGIC, struct.pack("<II", VERSION, len(nets))]
    for name, (w1, b1, w2, b2) in nets.items():
        encoded = name.encode("ascii")
        parts.append(bytes([len(encoded)]) + encoded)
        parts.append(struct.pack("<III", len(w1), len(b1), len(b2)))
        for values in ([v for row in w1 for v in row], b1, [v for row in w2 for v in row], b2):
            packed = array("f", values)
            if sys.byteorder != "little":
                packed.byteswap()
            parts.append(packed.tobytes())
    return b"".join(parts)


@cache
def shipped_networks() -> dict[str, Network]:
    """The networks shipped with the package, read once."""
    data = resources.files("backgammon.bot").joinpath(WEIGHTS_FILE).read_bytes()
    return parse_networks(data)
