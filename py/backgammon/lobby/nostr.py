"""Nostr events as NIP-01 defines them: their shape, their id, and their BIP-340 Schnorr signature.

Everything here reads what a relay handed over, so nothing is trusted: `check_event` looks at the shape
first (cheap), then the id (one SHA-256), and the signature last (the costly part: two scalar
multiplications on secp256k1, done with Python's integers). The page signs with nostr-tools; Python only
verifies.

The id is SHA-256 of `[0, pubkey, created_at, kind, tags, content]` written as JavaScript's `JSON.stringify`
writes it (no spaces, text as UTF-8, only `"`, `\\` and control characters escaped): what nostr-tools, and so
every page of this game, hashes and signs. A text that is not valid Unicode (a lone surrogate) has no such
serialization here and is refused.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import TypedDict

from .refusal import Refused

# ---- secp256k1 and BIP-340 (https://github.com/bitcoin/bips/blob/master/bip-0340.mediawiki) ----------------

P = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
G = (
    0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,
    0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8,
)

#: A point in Jacobian coordinates (X, Y, Z): the affine point is (X/Z², Y/Z³); Z = 0 is infinity.
Jacobian = tuple[int, int, int]
INFINITY: Jacobian = (1, 1, 0)


def _double(point: Jacobian) -> Jacobian:
    x, y, z = point
    if z == 0 or y == 0:
        return INFINITY
    yy = y * y % P
    s = 4 * x * yy % P
    m = 3 * x * x % P  # the curve's a is 0
    x3 = (m * m - 2 * s) % P
    return x3, (m * (s - x3) - 8 * yy * yy) % P, 2 * y * z % P


def _add(one: Jacobian, two: Jacobian) -> Jacobian:
    x1, y1, z1 = one
    x2, y2, z2 = two
    if z1 == 0:
        return two
    if z2 == 0:
        return one
    z1z1, z2z2 = z1 * z1 % P, z2 * z2 % P
    u1, u2 = x1 * z2z2 % P, x2 * z1z1 % P
    s1, s2 = y1 * z2 * z2z2 % P, y2 * z1 * z1z1 % P
    if u1 == u2:
        return _double(one) if s1 == s2 else INFINITY
    h, r = (u2 - u1) % P, (s2 - s1) % P
    hh = h * h % P
    hhh = h * hh % P
    v = u1 * hh % P
    x3 = (r * r - hhh - 2 * v) % P
    return x3, (r * (v - x3) - s1 * hhh) % P, h * z1 * z2 % P


def _table(point: Jacobian, size: int = 16) -> list[Jacobian]:
    """0·P, 1·P, ..., (size-1)·P: a fixed window of 4 bits needs 16."""
    table = [INFINITY, point]
    for _ in range(size - 2):
        table.append(_add(table[-1], point))
    return table


_G_TABLE = _table((G[0], G[1], 1))


def _combined(a: int, table_a: list[Jacobian], b: int, table_b: list[Jacobian]) -> Jacobian:
    """a·A + b·B in one pass over 4-bit windows of both scalars (Shamir's trick): 256 doublings, not 512."""
    result = INFINITY
    for shift in range(252, -4, -4):
        if result[2]:
            for _ in range(4):
                result = _double(result)
        window_a, window_b = (a >> shift) & 15, (b >> shift) & 15
        if window_a:
            result = _add(result, table_a[window_a])
        if window_b:
            result = _add(result, table_b[window_b])
    return result


def lift_x(x: int) -> tuple[int, int] | None:
    """The point with x-coordinate `x` and an even y, or None when there is none (BIP-340's lift_x)."""
    if x >= P:
        return None
    y_squared = (pow(x, 3, P) + 7) % P
    y = pow(y_squared, (P + 1) // 4, P)
    if y * y % P != y_squared:
        return None
    return x, y if y % 2 == 0 else P - y


def tagged_hash(tag: str, data: bytes) -> bytes:
    tag_hash = hashlib.sha256(tag.encode()).digest()
    return hashlib.sha256(tag_hash + tag_hash + data).digest()


def schnorr_verify(message: bytes, public_key: bytes, signature: bytes) -> bool:
    """BIP-340's verification: whether `signature` (64 bytes) signs `message` under `public_key` (32 bytes,
    the x-coordinate). Never raises on a wrong key or signature of the right lengths: it answers False."""
    if len(public_key) != 32 or len(signature) != 64:
        return False
    point = lift_x(int.from_bytes(public_key, "big"))
    r = int.from_bytes(signature[:32], "big")
    s = int.from_bytes(signature[32:], "big")
    if point is None or r >= P or s >= N:
        return False
    e = int.from_bytes(tagged_hash("BIP0340/challenge", signature[:32] + public_key + message), "big") % N
    # R = s·G - e·P = s·G + (n - e)·P
    x, y, z = _combined(s, _G_TABLE, (N - e) % N, _table((point[0], point[1], 1)))
    if z == 0:
        return False
    z_inverse = pow(z, -1, P)
    z_inverse_squared = z_inverse * z_inverse % P
    affine_y = y * z_inverse_squared * z_inverse % P
    return affine_y % 2 == 0 and x * z_inverse_squared % P == r


# ---- events ------------------------------------------------------------------------------------------------


class NostrEvent(TypedDict):
    """A Nostr event (NIP-01) whose shape, id and signature were checked."""

    id: str
    pubkey: str
    created_at: int
    kind: int
    tags: list[list[str]]
    content: str
    sig: str


EVENT_FIELDS = frozenset(NostrEvent.__annotations__)
HEX_32 = re.compile(r"[0-9a-f]{64}")
HEX_64 = re.compile(r"[0-9a-f]{128}")
#: An event's text, at most (a lobby event holds a few hundred characters; public relays take 64 KB or more).
MAX_EVENT_CHARS = 4_000
MAX_TAGS = 8
MAX_TAG_ITEMS = 4
MAX_CREATED_AT = 2**40  # far beyond any real clock, small enough for every JSON reader


def serialization(event: NostrEvent) -> bytes:
    """The bytes NIP-01 hashes into the id, as `JSON.stringify` writes them. Raises `Refused` for text with
    a lone surrogate (no UTF-8 for it)."""
    data = [0, event["pubkey"], event["created_at"], event["kind"], event["tags"], event["content"]]
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise Refused("malformed", "its text is not valid Unicode.") from None


def event_id(event: NostrEvent) -> str:
    """The id an event must carry: SHA-256 of its serialization, in hex."""
    return hashlib.sha256(serialization(event)).hexdigest()


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def check_shape(data: object, max_chars: int = MAX_EVENT_CHARS) -> NostrEvent:
    """The shape NIP-01 gives an event: exactly its seven fields, each of its type, lengths bounded (its text
    at most `max_chars`). Cheap: no hashing, no curve arithmetic. Raises `Refused`."""
    if not isinstance(data, dict):
        raise Refused("malformed", "it is not an object.")
    if set(data) != EVENT_FIELDS:
        missing = sorted(EVENT_FIELDS - set(data))
        raise Refused(
            "malformed",
            f"it lacks the field '{missing[0]}'." if missing else "it has fields NIP-01 does not.",
        )
    for name in ("id", "pubkey"):
        if not isinstance(data[name], str) or not HEX_32.fullmatch(data[name]):
            raise Refused("malformed", f"its {name} is not 64 lowercase hex digits.")
    if not isinstance(data["sig"], str) or not HEX_64.fullmatch(data["sig"]):
        raise Refused("malformed", "its signature is not 128 lowercase hex digits.")
    if not _whole(data["created_at"], 0, MAX_CREATED_AT):
        raise Refused("malformed", "its created_at is not a time in whole seconds.")
    if not _whole(data["kind"], 0, 65535):
        raise Refused("malformed", "its kind is not a number from 0 to 65535.")
    if not isinstance(data["content"], str) or len(data["content"]) > max_chars:
        raise Refused("too-large", f"its content is not text of at most {max_chars:,} characters.")
    tags = data["tags"]
    if not isinstance(tags, list) or len(tags) > MAX_TAGS:
        raise Refused("malformed", f"its tags are not a list of at most {MAX_TAGS}.")
    size = len(data["content"])
    for tag in tags:
        if (
            not isinstance(tag, list)
            or not 1 <= len(tag) <= MAX_TAG_ITEMS
            or not all(isinstance(item, str) for item in tag)
        ):
            raise Refused("malformed", f"a tag is not a list of 1 to {MAX_TAG_ITEMS} texts.")
        size += sum(len(item) for item in tag)
    if size > max_chars:
        raise Refused("too-large", f"it holds more than {max_chars:,} characters of text.")
    return NostrEvent(
        id=data["id"],
        pubkey=data["pubkey"],
        created_at=data["created_at"],
        kind=data["kind"],
        tags=tags,
        content=data["content"],
        sig=data["sig"],
    )


def check_id(event: NostrEvent) -> None:
    """Refuse an event whose id is not the hash of its fields (anything changed after signing)."""
    if event_id(event) != event["id"]:
        raise Refused("bad-id", "its id is not the hash of its contents: it was changed after it was made.")


def check_signature(event: NostrEvent) -> None:
    """Refuse an event its key did not sign (the id must have been checked first)."""
    if not schnorr_verify(
        bytes.fromhex(event["id"]), bytes.fromhex(event["pubkey"]), bytes.fromhex(event["sig"])
    ):
        raise Refused("bad-signature", "its signature is not its key's.")


def check_signed(event: NostrEvent) -> None:
    """Refuse an event changed after it was made, or one its key did not sign: its id (one hash), then its
    signature (the costly part). Checkers of signed events end with it, once the cheap checks passed."""
    check_id(event)
    check_signature(event)


def check_event(data: object) -> NostrEvent:
    """An event checked whole: shape, id, signature (in that order, cheapest first)."""
    event = check_shape(data)
    check_signed(event)
    return event


def tag_values(event: NostrEvent, name: str) -> list[list[str]]:
    """The tags of one name, each without its name."""
    return [tag[1:] for tag in event["tags"] if tag[0] == name]
