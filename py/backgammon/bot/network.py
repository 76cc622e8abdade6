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


class Network:
    """One hidden sigmoid layer, sigmoid outputs; inputs are given sparsely as (index, value)."""

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

    @property
    def hidden_size(self) -> int:
        return len(self.hidden_bias)

    def hidden_sums(self, active: Iterable[tuple[int, float]]) -> list[float]:
        """Hidden pre-activations for the sparse input; callers may adjust them incrementally."""
        sums = self.hidden_bias
        rows = self.input_rows
        for index, value in active:
            row = rows[index]
            if value == 1.0:
                sums = list(map(add, sums, row))
            else:
                sums = [s + w * value for s, w in zip(sums, row, strict=True)]
        return sums

    def adjust(self, sums: list[float], index: int, delta: float) -> list[float]:
        """`sums` with input `index` changed by `delta` (a new list)."""
        row = self.input_rows[index]
        if delta == 1.0:
            return list(map(add, sums, row))
        if delta == -1.0:
            return list(map(sub, sums, row))
        return [s + w * delta for s, w in zip(sums, row, strict=True)]

    def outputs_from_sums(self, sums: list[float]) -> list[float]:
        exp = math.exp
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
