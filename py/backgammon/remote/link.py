"""The correspondence turn link: the whole transcript of the match, deflated and written in base64url.

A player who has sent a turn passes the link (or a file holding the same text) to the other; whoever opens it
checks the whole match so far (every message, reveal and move, `reconcile`) before anything is shown.

The payload is `base64url(deflate-raw(JSON))` of `{"v": 1, "match": id, "messages": [...]}` where each message
leaves out what the reader can restore: `v` and `match` (the payload's own) and `prev` (the hash of the
message before, recomputed in order; a message that was changed then breaks the chain, since the next
message's revision no longer follows it). The page puts the payload after `#v=1&turn=` in the address.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from ..limits import (
    MAX_LINK_CHARS,
    MAX_MESSAGE_DEPTH,
    MAX_RECORD_CHARS,
    MAX_TRANSCRIPT_MESSAGES,
    json_depth,
    megabytes,
)
from .messages import VERSION, Message, RemoteError, check_message, message_hash

_RESTORED = ("v", "match", "prev")


def encode_transcript(messages: list[Message]) -> str:
    """The link payload of a transcript."""
    if not messages:
        raise RemoteError("malformed", "A link needs at least the invitation.")
    body = {
        "v": VERSION,
        "match": messages[0]["match"],
        "messages": [{key: value for key, value in m.items() if key not in _RESTORED} for m in messages],
    }
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text) + packer.flush()
    return base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def _bad_link(text: str) -> RemoteError:
    return RemoteError("malformed", f"This turn link cannot be read: {text}")


def decode_transcript(payload: object) -> list[Message]:
    """The transcript in a link payload, each message checked for shape (not yet replayed: `reconcile`)."""
    if not isinstance(payload, str):
        raise _bad_link("it is not text.")
    payload = payload.strip()
    if len(payload) > MAX_LINK_CHARS:
        raise RemoteError(
            "too-large",
            f"This turn link is too long: {megabytes(len(payload))}, and this game reads at most "
            f"{megabytes(MAX_LINK_CHARS)}.",
        )
    if not payload or not payload.isascii():
        raise _bad_link("it is empty or not base64url.")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise _bad_link("it is not base64url (part of it may be missing).") from None
    unpacker = zlib.decompressobj(-15)
    try:
        raw = unpacker.decompress(packed, MAX_RECORD_CHARS + 1)
    except zlib.error:
        raise _bad_link("it does not unpack (part of it may be missing).") from None
    if len(raw) > MAX_RECORD_CHARS or unpacker.unconsumed_tail:
        raise RemoteError(
            "too-large",
            f"This turn link unpacks to more than {megabytes(MAX_RECORD_CHARS)}, so it was not read.",
        )
    if not unpacker.eof:
        raise _bad_link("it is cut short.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _bad_link("it does not hold text.") from None
    if json_depth(text) > MAX_MESSAGE_DEPTH:
        raise RemoteError(
            "too-large", "This turn link is nested too deeply to be a match, so it was not read."
        )
    try:
        body = json.loads(text)
    except (ValueError, RecursionError):
        raise _bad_link("it does not hold JSON.") from None
    if not isinstance(body, dict) or set(body) != {"v", "match", "messages"}:
        raise _bad_link("it does not hold a match.")
    if body["v"] != VERSION:
        raise RemoteError(
            "version",
            f"This turn link was made by another version of the game (protocol {body['v']!s}; this one "
            f"speaks {VERSION}). Both players need the same version: reload the page to update it.",
        )
    messages = body["messages"]
    if not isinstance(messages, list) or not messages:
        raise _bad_link("it holds no messages.")
    if len(messages) > MAX_TRANSCRIPT_MESSAGES:
        raise RemoteError(
            "too-large", f"This turn link holds more than {MAX_TRANSCRIPT_MESSAGES:,} messages."
        )
    restored: list[Message] = []
    for message in messages:
        if not isinstance(message, dict) or any(key in message for key in _RESTORED):
            raise _bad_link("a message in it is not one.")
        full: dict[str, Any] = {"v": VERSION, "match": body["match"], **message}
        if restored:
            full["prev"] = message_hash(restored[-1])
        restored.append(check_message(full))
    return restored
