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
from operator import mul

MAGIC = b"BGNN"
VERSION = 1
WEIGHTS_FILE = "weights.bin"
# Every input value is below this (the largest: a pip count / 100, shot pairs / 4, the bar / 2).
MAX_INPUT = 32.0
LANE_BITS = 64
# Each hidden sum lives in a 64-bit lane of one Python int, counted in grid units and lifted by
# `LANE_BASE`: the bit pattern of the float 2 ** 52 + 2 ** 51, whose low 52 bits are an integer. Adding
# rows is then one big-int addition each (exact, in C), and a total's bytes, read as an array of
# doubles, are the floats 2 ** 52 + 2 ** 51 + sum, with no conversion in Python.
LANE_BASE = 0x4338000000000000
LANE_FLOAT = float(2**52 + 2**51)


class Network:
    """One hidden sigmoid layer, sigmoid outputs; inputs are given sparsely as (index, value).

    Inference adds, for each active input, that input's weights times its value (its *row*), rounded to a
    grid of `2 ** -grid_bits` (the bias too). Every hidden sum is then a whole number of grid steps below
    2 ** 51, and the sums are kept packed, one lane each, in a Python int (see `LANE_BASE`): integer
    additions are exact, so a board's sums, and so its outputs, are the same to the last bit whatever order
    the rows were added or subtracted in (from scratch, or by adjusting another board's sums). The rounding
    moves each term by at most 2 ** -(grid_bits + 1).
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
        # Twice the largest sum any mix of rows can reach (input values stay below MAX_INPUT) stays below
        # 2 ** 51 grid steps, so a lane's float is exact and the lanes never spill into each other. (Twice:
        # sums were once adjusted in floats, holding two values of an input for a moment; the grid stays.)
        reach = list(map(abs, b1))
        for row in w1:
            reach = [r + 2.0 * MAX_INPUT * abs(w) for r, w in zip(reach, row, strict=True)]
        bound = 1.0 + max(reach, default=0.0)
        self.grid_bits = min(40, 51 - math.frexp(bound)[1])
        self._scale = math.ldexp(1.0, self.grid_bits)
        self._step = math.ldexp(1.0, -self.grid_bits)
        self._lift = LANE_FLOAT * self._step  # a lane's float times the step, minus this: the sum, exactly
        self._bias = self.pack([LANE_BASE + steps for steps in self._steps(b1, 1.0)])
        self._rows: list[dict[float, int]] = [{} for _ in w1]

    def _steps(self, weights: list[float], value: float) -> list[int]:
        scale = self._scale
        return [round(w * value * scale) for w in weights]

    def pack(self, lanes: list[int]) -> int:
        """Whole numbers (grid steps) as the lanes of one int, the first lane lowest."""
        return sum(lane << (LANE_BITS * k) for k, lane in enumerate(lanes))

    def pack_sums(self, sums: list[float]) -> int:
        """Hidden sums given as floats (rounded to the grid) in the packed form `outputs_from_sums` takes."""
        return self.pack([LANE_BASE + steps for steps in self._steps(sums, 1.0)])

    def unpack(self, total: int) -> list[float]:
        """The hidden sums of a packed total, as floats."""
        lift, step = self._lift, self._step
        return [v * step - lift for v in self._lanes(total)]

    def _lanes(self, total: int) -> array[float]:
        lanes = array("d")
        lanes.frombytes(total.to_bytes(8 * len(self.hidden_bias), "little"))
        if sys.byteorder != "little":
            lanes.byteswap()
        return lanes

    @property
    def hidden_size(self) -> int:
        return len(self.hidden_bias)

    def row(self, index: int, value: float) -> int:
        """Input `index`'s contribution at `value` to the hidden sums: on the grid, packed, made once."""
        rows = self._rows[index]
        found = rows.get(value)
        if found is None:
            found = rows[value] = self.pack(self._steps(self.input_rows[index], value))
        return found

    def hidden_sums(self, active: Iterable[tuple[int, float]]) -> int:
        """Hidden pre-activations for the sparse input, packed; callers may add and subtract rows."""
        row = self.row
        return sum([row(index, value) for index, value in active], self._bias)

    def outputs_from_sums(self, total: int) -> list[float]:
        exp = math.exp
        lift, step = self._lift, self._step
        lanes = self._lanes(total)
        if min(lanes) * step - lift > -40.0:  # the test inside the loop costs a third of it
            hidden = [1.0 / (1.0 + exp(lift - v * step)) for v in lanes]
        else:
            hidden = [1.0 / (1.0 + exp(lift - v * step)) if v * step - lift > -40.0 else 0.0 for v in lanes]
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
