"""Letters: a lobby match by links carried over the relays (docs/lobby-events.md, *Letter*).

Two players who met in the lobby know no messenger of each other's, so the turn link each would send the other
goes as a letter instead: a stored event (kind 1662) from one player's key to the other's, naming the
invitation they met by, its content encrypted to the recipient (NIP-44). A turn link longer than one letter
holds goes in several parts. The page decrypts; this module checks the outer event (before any signature is
checked, cheapest first) and the decrypted parts. What a letter carries is then checked as any turn link is,
by the protocol of play on two devices: its whole transcript, every roll and move.
"""

from __future__ import annotations

import json
import re
from typing import TypedDict

from ..limits import json_depth
from ..remote.messages import MATCH_ID
from .events import (
    INVITATION_ID,
    KIND_INVITATION,
    MAX_CONTENT_DEPTH,
    NIP44_PAYLOAD,
    _fields,
    _kind,
    _not_future,
    _tags,
)
from .nostr import HEX_32, check_shape, check_signed
from .refusal import Refused

KIND_LETTER = 1662
#: A part of a turn link, at most (its letter, encrypted, stays well under the 64 KB public relays take).
MAX_PART_CHARS = 24_000
#: A letter's text, at most: a part, encrypted (NIP-44 pads it and writes it in base 64).
MAX_LETTER_CHARS = 44_000
#: Parts of one turn link, at most (a 25-point match's link is a few hundred thousand characters at most).
MAX_PARTS = 40
PAYLOAD_CHARS = re.compile(r"[A-Za-z0-9_-]+")
LETTER_FIELDS = frozenset({"v", "match", "rev", "part", "parts", "data"})


class Letter(TypedDict):
    """A letter's outer event: who sent it to whom, for the match met by which invitation."""

    sender: str
    recipient: str
    address: str
    created_at: int


class LetterPart(TypedDict):
    """A letter's decrypted content: part `part` (from 1) of `parts` of the turn link of `match` at `rev`."""

    match: str
    rev: int
    part: int
    parts: int
    data: str


def check_letter(data: object, now: int) -> Letter:
    """A letter's outer event, its id and its signature. Raises `Refused`."""
    event = check_shape(data, MAX_LETTER_CHARS)
    _kind(event, KIND_LETTER, "a letter")
    tags = _tags(event, ("p", "a", "t"))
    recipient, sender = tags["p"], event["pubkey"]
    if not HEX_32.fullmatch(recipient) or recipient == sender:
        raise Refused("kind", "its 'p' tag is not another player's key.")
    parts = tags["a"].split(":")
    if len(parts) != 3 or parts[0] != str(KIND_INVITATION) or not INVITATION_ID.fullmatch(parts[2]):
        raise Refused("kind", "its 'a' tag does not name an invitation.")
    if parts[1] not in (sender, recipient):
        raise Refused("kind", "it names an invitation neither of its two players posted.")
    _not_future(event["created_at"], now, "the letter")
    if not NIP44_PAYLOAD.fullmatch(event["content"]):
        raise Refused("content", "its content is not an encrypted message (NIP-44).")
    check_signed(event)
    return Letter(sender=sender, recipient=recipient, address=tags["a"], created_at=event["created_at"])


def check_letter_part(text: object) -> LetterPart:
    """A letter's decrypted content. Raises `Refused`."""
    if not isinstance(text, str) or len(text) > MAX_PART_CHARS + 200:
        raise Refused("content", "the letter's message is not text of the size a letter holds.")
    if json_depth(text) > MAX_CONTENT_DEPTH:
        raise Refused("content", "the letter's message is nested deeper than the lobby's events are.")
    try:
        data = _fields(json.loads(text), LETTER_FIELDS)
    except (ValueError, RecursionError):
        raise Refused("content", "the letter's message is not JSON.") from None
    match, rev, part, count, chunk = (data[k] for k in ("match", "rev", "part", "parts", "data"))
    if not isinstance(match, str) or not MATCH_ID.fullmatch(match):
        raise Refused("content", "the letter does not name a match of play on two devices.")
    whole = all(isinstance(n, int) and not isinstance(n, bool) for n in (rev, part, count))
    if not whole or not 0 <= rev < 100_000 or not 1 <= part <= count <= MAX_PARTS:
        raise Refused("content", "the letter's revision or part is not a whole number in its range.")
    if not isinstance(chunk, str) or len(chunk) > MAX_PART_CHARS or not PAYLOAD_CHARS.fullmatch(chunk):
        raise Refused("content", "the letter's part of a turn link is not the text a turn link is made of.")
    return LetterPart(match=match, rev=rev, part=part, parts=count, data=chunk)
