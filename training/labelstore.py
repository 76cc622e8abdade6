"""Labelled positions kept in git: chunks of gnubg Position IDs and 16-bit chances, xz-compressed.

A chunk file (`training/labels/<set>/NNNNN.xz`, one xz stream) holds, once decompressed:

1. one line of JSON ending in a newline: `{"format": "backgammon-labels", "version": 1, "count": n, ...}` and
   whatever else the writer records (the teacher, the games the positions came from);
2. `n` Position IDs of 10 bytes each, the positions in ascending order of these bytes: gnubg's position key
   (the 14-character Position ID is its Base64), a little-endian bit string that gives, for the player *not*
   on roll and then for the player on roll, for its points 1..24 and then its bar, as many 1 bits as
   checkers there and a 0 bit; the rest of the 80 bits are 0;
3. the teacher's five chances for the side on roll (win, win a gammon, win a backgammon, lose a gammon, lose a
   backgammon: `gnubg_label.py`'s outputs), each rounded to a multiple of 1/65535 and stored as that
   multiple, an unsigned 16-bit number: a (5, n) array, its high bytes (5n bytes, output by output) and then
   its low bytes (5n bytes). By columns and bytes because the high bytes of a column are alike and
   compress; the low bytes are close to noise.

About 13 bytes a position once compressed (5 for the board, 8 for the chances) where a `.npz` of float32
figures and int8 boards takes about 30. `read_labels` gives `(mine, theirs, outputs)` as `positions.py` and
`gnubg_label.py` files do, for `distill.py --labels`.
"""

from __future__ import annotations

import json
import lzma
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

FORMAT = "backgammon-labels"
VERSION = 1
OUTPUTS = 5
KEY_BYTES = 10
SCALE = 65535
CHUNK_SUFFIX = ".xz"

Boards = NDArray[np.int8]
Keys = NDArray[np.uint8]
Figures = NDArray[np.float32]


def position_keys(mine: NDArray[Any], theirs: NDArray[Any]) -> Keys:
    """gnubg's 10-byte position keys of the boards (each side's 25 counts, bar last, `mine` on roll)."""
    counts = np.concatenate([theirs, mine], axis=1).astype(np.int64)  # gnubg: the side not on roll first
    if counts.ndim != 2 or counts.shape[1] != 50:
        raise ValueError(f"boards of 25 counts a side expected, got {counts.shape}")
    if (
        (counts < 0).any()
        or (counts[:, :25].sum(axis=1) > 15).any()
        or (counts[:, 25:].sum(axis=1) > 15).any()
    ):
        raise ValueError("a side has a negative count or more than 15 checkers")
    ends = np.cumsum(counts + 1, axis=1)  # one past each point's 0 bit
    bits = np.arange(8 * KEY_BYTES)[None, :] < ends[:, -1:]
    rows = np.repeat(np.arange(counts.shape[0]), 50)
    bits[rows, (ends - 1).ravel()] = False  # the 0 bit that ends each point
    return np.packbits(bits, axis=1, bitorder="little")


def boards_from_keys(keys: Keys) -> tuple[Boards, Boards]:
    """`(mine, theirs)` of gnubg position keys, (n, 25) int8 each; raises ValueError on a malformed key."""
    keys = np.asarray(keys, dtype=np.uint8).reshape(-1, KEY_BYTES)
    bits = np.unpackbits(keys, axis=1, bitorder="little").astype(bool)
    zeros_before = np.cumsum(~bits, axis=1) - ~bits  # the point each 1 bit belongs to
    if (zeros_before[bits] >= 50).any() or ((~bits).sum(axis=1) < 50).any():
        raise ValueError("a key's bits do not end after 50 points")
    rows = np.nonzero(bits)[0]
    counts = np.bincount(rows * 50 + zeros_before[bits], minlength=keys.shape[0] * 50).reshape(-1, 50)
    if (counts[:, :25].sum(axis=1) > 15).any() or (counts[:, 25:].sum(axis=1) > 15).any():
        raise ValueError("a key gives a side more than 15 checkers")
    return counts[:, 25:].astype(np.int8), counts[:, :25].astype(np.int8)


def quantized(outputs: NDArray[Any]) -> NDArray[np.uint16]:
    """The chances as multiples of 1/65535 (the teacher's float32 figures can stray just outside 0..1)."""
    return np.round(np.clip(np.asarray(outputs, dtype=np.float64), 0.0, 1.0) * SCALE).astype(np.uint16)


def chunk_bytes(
    mine: NDArray[Any], theirs: NDArray[Any], outputs: NDArray[Any], meta: dict[str, Any]
) -> bytes:
    """A chunk file's bytes: the positions (each once) sorted by key, xz-compressed."""
    keys = position_keys(mine, theirs)
    outputs = np.asarray(outputs).reshape(-1, OUTPUTS)
    if outputs.shape[0] != keys.shape[0]:
        raise ValueError(f"{outputs.shape[0]} figures for {keys.shape[0]} positions")
    order = np.lexsort(keys.T[::-1])
    keys = keys[order]
    if keys.shape[0] > 1 and not (keys[1:] != keys[:-1]).any(axis=1).all():
        raise ValueError("a position appears twice")
    figures = quantized(outputs[order]).T  # (5, n)
    header = {"format": FORMAT, "version": VERSION, "count": int(keys.shape[0]), **meta}
    body = b"".join(
        [
            json.dumps(header, sort_keys=True).encode() + b"\n",
            keys.tobytes(),
            (figures >> 8).astype(np.uint8).tobytes(),
            (figures & 0xFF).astype(np.uint8).tobytes(),
        ]
    )
    return lzma.compress(body, preset=9 | lzma.PRESET_EXTREME)


def write_chunk(
    path: Path, mine: NDArray[Any], theirs: NDArray[Any], outputs: NDArray[Any], meta: dict[str, Any]
) -> None:
    """Write a chunk file whole or not at all (a temporary file renamed)."""
    data = chunk_bytes(mine, theirs, outputs, meta)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_bytes(data)
    os.replace(partial, path)


def _chunk_body(path: Path) -> tuple[dict[str, Any], NDArray[np.uint8]]:
    body = lzma.decompress(path.read_bytes())
    line_end = body.index(b"\n")
    header: dict[str, Any] = json.loads(body[:line_end])
    if header.get("format") != FORMAT or header.get("version") != VERSION:
        raise ValueError(f"{path}: not a version {VERSION} {FORMAT} file")
    data = np.frombuffer(body, dtype=np.uint8, offset=line_end + 1)
    if data.shape[0] != int(header["count"]) * (KEY_BYTES + 2 * OUTPUTS):
        raise ValueError(f"{path}: {data.shape[0]} bytes after the header for {header['count']} positions")
    return header, data


def read_chunk(path: Path) -> tuple[Boards, Boards, Figures, dict[str, Any]]:
    """`(mine, theirs, outputs, header)` of a chunk file; outputs as float32 in 0..1."""
    header, data = _chunk_body(path)
    n = int(header["count"])
    mine, theirs = boards_from_keys(data[: n * KEY_BYTES])
    high = data[n * KEY_BYTES : n * (KEY_BYTES + OUTPUTS)].reshape(OUTPUTS, n).astype(np.uint16)
    low = data[n * (KEY_BYTES + OUTPUTS) :].reshape(OUTPUTS, n).astype(np.uint16)
    outputs = (high << 8 | low).T.astype(np.float32) / np.float32(SCALE)
    return mine, theirs, outputs, header


def chunk_files(paths: Iterable[Path]) -> list[Path]:
    """The chunk files named: a directory stands for its chunks (`*.xz`, in name order)."""
    found: list[Path] = []
    for path in paths:
        found.extend(sorted(path.glob("*" + CHUNK_SUFFIX)) if path.is_dir() else [path])
    return found


def read_labels(paths: Iterable[Path]) -> tuple[Boards, Boards, Figures]:
    """`(mine, theirs, outputs)` of every chunk of the files and directories named, one after another."""
    parts = [read_chunk(path)[:3] for path in chunk_files(paths)]
    if not parts:
        empty = np.zeros((0, 25), dtype=np.int8)
        return empty, empty.copy(), np.zeros((0, OUTPUTS), dtype=np.float32)
    return (
        np.concatenate([p[0] for p in parts]),
        np.concatenate([p[1] for p in parts]),
        np.concatenate([p[2] for p in parts]),
    )


def key_values(keys: Keys) -> NDArray[np.void]:
    """Position keys as one 10-byte value each, for `np.isin` and `np.unique`."""
    return np.ascontiguousarray(keys, dtype=np.uint8).reshape(-1, KEY_BYTES).view(f"V{KEY_BYTES}").ravel()


def read_keys(paths: Iterable[Path]) -> NDArray[np.void]:
    """The position keys of the chunks named (`key_values`), without decoding boards or chances."""
    parts = []
    for path in chunk_files(paths):
        header, data = _chunk_body(path)
        parts.append(key_values(data[: int(header["count"]) * KEY_BYTES]))
    return np.concatenate(parts) if parts else key_values(np.zeros((0, KEY_BYTES), dtype=np.uint8))


def aligned(paths: Iterable[Path], mine: NDArray[Any], theirs: NDArray[Any]) -> Figures:
    """The chances stored in the chunks named for each of the boards given, in their order (a scoring set's
    plays, say); raises KeyError if one was not labelled."""
    stored_mine, stored_theirs, outputs = read_labels(paths)
    stored = key_values(position_keys(stored_mine, stored_theirs))
    wanted = key_values(position_keys(mine, theirs))
    order = np.argsort(stored, kind="stable")
    found = np.minimum(np.searchsorted(stored[order], wanted), max(stored.shape[0] - 1, 0))
    if stored.shape[0] == 0 or not (stored[order][found] == wanted).all():
        missing = wanted.shape[0] if stored.shape[0] == 0 else int((stored[order][found] != wanted).sum())
        raise KeyError(f"{missing} of {wanted.shape[0]} positions are not labelled yet")
    return outputs[order][found]
