"""The draw: an order of the entrants that no one party chooses (docs/tournaments.md, *The draw*).

Each entry carries a commitment, the SHA-256 of a secret 32-byte value its entrant keeps. Once registration
closes, each entrant reveals their value; a value that does not match its commitment, or comes after the
reveals close, leaves its entrant out. The seed is the SHA-256 of every revealed value with its entrant's key,
in the order of the keys; the order of the draw is a Fisher–Yates shuffle of the keys (sorted) driven by
SHA-256 of the seed and a counter, with rejection sampling so that every order is equally likely. No one can
choose the seed: it depends on values committed before any was known. The last to reveal can at most choose
between two draws (revealing or not), at the cost of their place; docs/tournaments.md says so.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Mapping

from ..errors import InvalidActionError

VALUE = re.compile(r"[0-9a-f]{64}")


def commitment(value: str) -> str:
    """The commitment an entry carries for its secret `value` (64 lowercase hex digits)."""
    if not VALUE.fullmatch(value):
        raise InvalidActionError("A draw value is 64 lowercase hex digits (32 bytes).")
    return hashlib.sha256(bytes.fromhex(value)).hexdigest()


def reveals_match(commitments: Mapping[str, str], reveals: Mapping[str, str]) -> dict[str, str]:
    """The reveals that match their entrant's commitment (by key); the rest are left out."""
    return {
        key: value
        for key, value in reveals.items()
        if key in commitments and VALUE.fullmatch(value) and commitment(value) == commitments[key]
    }


def draw_seed(reveals: Mapping[str, str]) -> bytes:
    """The seed of the draw from the values revealed, by entrant key (order does not matter)."""
    digest = hashlib.sha256(b"backgammon-tournament-draw-v1\n")
    for key in sorted(reveals):
        digest.update(f"{key}:{reveals[key]}\n".encode())
    return digest.digest()


def _stream(seed: bytes) -> Iterator[int]:
    """Bytes of SHA-256(seed || counter), counter 0, 1, 2, ... as 8-byte big-endian."""
    counter = 0
    while True:
        yield from hashlib.sha256(seed + counter.to_bytes(8, "big")).digest()
        counter += 1


def _below(stream: Iterator[int], bound: int) -> int:
    """A whole number in [0, bound), uniform: 4 bytes at a time, drawn again past the last whole multiple."""
    limit = (1 << 32) - (1 << 32) % bound
    while True:
        value = int.from_bytes(bytes(next(stream) for _ in range(4)), "big")
        if value < limit:
            return value % bound


def draw_order(keys: list[str], seed: bytes) -> list[str]:
    """The entrants in the order of the draw (its first is the first seed)."""
    order = sorted(keys)
    stream = _stream(seed)
    for last in range(len(order) - 1, 0, -1):
        other = _below(stream, last + 1)
        order[last], order[other] = order[other], order[last]
    return order
