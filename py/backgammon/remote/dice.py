"""Fair dice between two devices that trust nothing: hash chains committed once, revealed one link per roll.

Each side draws a secret (`new_secret`) that never leaves its device. For every stretch of `CHAIN_LENGTH`
rolls (a *segment*, starting at roll `first`) it derives a seed from the secret and hashes it `CHAIN_LENGTH`
times; the last value, the *head*, is its commitment and is sent first. For roll `first + i - 1` the side
reveals the chain's `i`-th value: the value whose hash is the one revealed before it (the head for the
segment's first roll). So a reveal is checked with one hash, and neither side can change a value once its
head is out (that would be a preimage of SHA-256), nor foresee the other's next value (the same).

The dice of roll `n` are SHA-256 over a domain tag, the match id, `n`, player 0's value and player 1's value,
mapped to the 36 outcomes by rejection (bytes of 252 and above are skipped; the hash is extended with a
counter if a whole digest were skipped): both sides compute the same dice, each outcome has probability
1/36, and nobody knows them before both values are out.

>>> secret = bytes(32)
>>> head = chain_head(secret, "m" * 22, 0, 1)
>>> value = chain_value(secret, "m" * 22, 0, 1, 1)
>>> reveal_ok(value, head, "m" * 22, 0, 1)
True
>>> derive_dice("m" * 22, 1, value, value) == derive_dice("m" * 22, 1, value, value)
True
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets

#: Rolls covered by one committed chain; a side commits to the next segment before the last one runs out.
CHAIN_LENGTH = 256
#: A side commits its next segment once this many of its committed rolls or fewer remain.
COMMIT_MARGIN = 16
#: Bytes of a chain value (SHA-256's whole digest).
VALUE_BYTES = 32

_TAG_SEED = b"backgammon-remote/1 seed\x00"
_TAG_CHAIN = b"backgammon-remote/1 chain\x00"
_TAG_DICE = b"backgammon-remote/1 dice\x00"
_ACCEPT_BELOW = 252  # 7 * 36: bytes from 252 to 255 would favour the first four outcomes


def b64encode(data: bytes) -> str:
    """base64url without padding, as the protocol writes bytes."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64decode(text: str, size: int | None = None) -> bytes | None:
    """The bytes of canonical base64url `text` (of `size` bytes when given), or None."""
    if not isinstance(text, str) or not text.isascii():
        return None
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None
    if b64encode(data) != text or (size is not None and len(data) != size):
        return None
    return data


def new_secret() -> bytes:
    """A side's secret for one match, from the operating system's generator (the browser's crypto)."""
    return secrets.token_bytes(32)


def _context(match_id: str, seat: int, first: int) -> bytes:
    return match_id.encode("ascii") + b"\x00" + bytes([seat]) + first.to_bytes(8, "big")


def _step(context: bytes, value: bytes) -> bytes:
    return hashlib.sha256(_TAG_CHAIN + context + value).digest()


def _seed(secret: bytes, context: bytes) -> bytes:
    return hmac.new(secret, _TAG_SEED + context, hashlib.sha256).digest()


def chain_value(secret: bytes, match_id: str, seat: int, first: int, index: int) -> bytes:
    """The `index`-th value (1..CHAIN_LENGTH) of the segment starting at roll `first`; 0 gives the head."""
    if not 0 <= index <= CHAIN_LENGTH:
        raise ValueError(f"A chain has values 0 to {CHAIN_LENGTH}, not {index}.")
    context = _context(match_id, seat, first)
    value = _seed(secret, context)
    for _ in range(CHAIN_LENGTH - index):
        value = _step(context, value)
    return value


def chain_head(secret: bytes, match_id: str, seat: int, first: int) -> bytes:
    """The commitment to the segment of rolls `first` .. `first + CHAIN_LENGTH - 1`."""
    return chain_value(secret, match_id, seat, first, 0)


def reveal_ok(value: bytes, previous: bytes, match_id: str, seat: int, first: int) -> bool:
    """Whether `value` is the chain value after `previous` (the head or the value of the roll before)."""
    return hmac.compare_digest(_step(_context(match_id, seat, first), value), previous)


def derive_dice(match_id: str, roll: int, value0: bytes, value1: bytes) -> tuple[int, int]:
    """The dice of roll `roll` from player 0's and player 1's values: uniform over the 36 outcomes.

    At the opening the first die is player 0's and the second player 1's, as the rules core reads them.
    """
    base = _TAG_DICE + match_id.encode("ascii") + b"\x00" + roll.to_bytes(8, "big") + value0 + value1
    counter = 0
    while True:
        digest = hashlib.sha256(base + counter.to_bytes(4, "big")).digest()
        for byte in digest:
            if byte < _ACCEPT_BELOW:
                outcome = byte % 36
                return (outcome // 6 + 1, outcome % 6 + 1)
        counter += 1  # all 32 bytes rejected: probability (4/256)**32, but never a biased fallback
