"""The messages of play on two devices: their fields, their checks before anything is applied, their hash.

Every message is a JSON object with `v` (the protocol's version), `type` and `match` (the match id). The
messages that make the match (`hello`, `join`, `turn`, `claim`) carry `rev` (their place: 0, 1, 2, ...),
`prev` (the hash of the message before, from `rev` 1 on), `from` (the sender's seat) and `time` (the sender's
clock, whole seconds since 1970); they form the match's transcript. The others (`ack`, `refusal`, `chat`,
`sync`) are not part of it. docs/remote-protocol.md describes each field.

`parse_message(text)` checks the size, the nesting, the JSON, the version and the shape of every field before
anything is read further, and raises `RemoteError` with a stable `code` and a sentence a player can read.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any, Literal, NotRequired, TypedDict, cast

from ..errors import BackgammonError
from ..limits import (
    MAX_CHAT_CHARS,
    MAX_MESSAGE_CHARS,
    MAX_MESSAGE_DEPTH,
    MAX_MESSAGE_ITEMS,
    MAX_NAME_CHARS,
    MAX_RECORD_CHARS,
    MAX_TRANSCRIPT_MESSAGES,
    json_depth,
    megabytes,
    shown,
)
from ..shapes import Settings
from .dice import VALUE_BYTES, b64decode, b64encode

#: The protocol's version: a message of another version is refused, never guessed at.
VERSION = 1

LOGGED = ("hello", "join", "turn", "claim")
OUT_OF_BAND = ("ack", "refusal", "chat", "sync")
Mode = Literal["live", "correspondence"]
MODES: tuple[Mode, ...] = ("live", "correspondence")
#: How long a side may keep the other waiting before the match may be claimed, by mode, and the bounds.
DEFAULT_TIMEOUT = {"live": 5 * 60, "correspondence": 3 * 24 * 3600}
MIN_TIMEOUT = 60
MAX_TIMEOUT = 60 * 24 * 3600
MAX_TIME = 2**40  # seconds since 1970: far beyond any real clock, small enough for every JSON reader
#: A rating a player gives for a rated match (FIBS's scale, whole points): null in a match not rated.
MAX_RATING = 9999

MATCH_ID = re.compile(r"[A-Za-z0-9_-]{22}")
#: Items a message may carry, with their fields. Rolls with dice are never sent: dice come from the reveals.
ITEM_FIELDS: dict[str, frozenset[str]] = {
    "commit": frozenset({"type", "first", "head"}),
    "reveal": frozenset({"type", "roll", "value"}),
    "roll": frozenset({"type"}),
    "move": frozenset({"type", "from", "to"}),
    "swap_dice": frozenset({"type"}),
    "confirm": frozenset({"type"}),
    "double": frozenset({"type"}),
    "take": frozenset({"type"}),
    "drop": frozenset({"type"}),
    "beaver": frozenset({"type"}),
    "resign": frozenset({"type", "kind"}),
    "accept_resign": frozenset({"type"}),
    "reject_resign": frozenset({"type"}),
}
MESSAGE_FIELDS: dict[str, frozenset[str]] = {
    "hello": frozenset({"v", "type", "match", "rev", "from", "time", "name", "rating", "rules", "items"}),
    "join": frozenset({"v", "type", "match", "rev", "prev", "from", "time", "name", "rating", "items"}),
    "turn": frozenset({"v", "type", "match", "rev", "prev", "from", "time", "items"}),
    "claim": frozenset({"v", "type", "match", "rev", "prev", "from", "time"}),
    "ack": frozenset({"v", "type", "match", "rev", "hash"}),
    "refusal": frozenset({"v", "type", "match", "rev", "code", "text"}),
    "chat": frozenset({"v", "type", "match", "from", "time", "text"}),
    "sync": frozenset({"v", "type", "match", "messages"}),
}
REFUSAL_CODES = (
    "too-large",
    "malformed",
    "version",
    "other-match",
    "duplicate",
    "fork",
    "missing",
    "chain",
    "not-your-turn",
    "commit",
    "reveal",
    "illegal",
    "over",
    "early-claim",
    "declined",
)

MessageType = Literal["hello", "join", "turn", "claim", "ack", "refusal", "chat", "sync"]


class Rules(TypedDict):
    """An invitation's terms."""

    settings: Settings
    mode: Mode
    timeout: int


# One shape for every message, its fields by type as `MESSAGE_FIELDS` says (docs/remote-protocol.md); the
# functional syntax for the "from" key. `items` are the moves, commits and reveals of `ITEM_FIELDS`.
Message = TypedDict(
    "Message",
    {
        "v": int,
        "type": MessageType,
        "match": str,
        "rev": NotRequired[int],
        "prev": NotRequired[str],
        "from": NotRequired[int],
        "time": NotRequired[int],
        "name": NotRequired[str],
        "rating": NotRequired[int | None],
        "rules": NotRequired[Rules],
        "items": NotRequired[list[dict[str, Any]]],
        "hash": NotRequired[str],
        "code": NotRequired[str],
        "text": NotRequired[str],
        "messages": NotRequired[list["Message"]],
    },
)


class RemoteError(BackgammonError):
    """A message refused, or an action the protocol does not allow now. `code` is one of `REFUSAL_CODES`
    (stable, for programs); the message is plain words for the player. `revision` is the place of the
    refused message when known."""

    def __init__(self, code: str, text: str, revision: int | None = None) -> None:
        super().__init__(text)
        self.code = code
        self.rule = code  # the worker's error answer carries it as `rule`, like IllegalMoveError's
        self.revision = revision


def canonical(message: Message | list[Any]) -> str:
    """The one text of a message that its hash is taken over: keys sorted, no spaces, ASCII only."""
    return json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def message_hash(message: Message) -> str:
    """SHA-256 of the canonical text, base64url: what the next message names as `prev`."""
    return b64encode(hashlib.sha256(canonical(message).encode("ascii")).digest())


def _int(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _malformed(text: str, revision: int | None = None) -> RemoteError:
    return RemoteError("malformed", f"The message is not one this game can read: {text}", revision)


def parse_message(text: object, *, large: bool = False) -> Message:
    """A message from the other side, checked for size, nesting, JSON, version and shape (not yet for its
    place in the match). `large` admits a `sync` up to a record's size; any other message is small."""
    if not isinstance(text, str):
        raise _malformed("it is not text.")
    limit = MAX_RECORD_CHARS if large else MAX_MESSAGE_CHARS
    if len(text) > limit:
        raise RemoteError(
            "too-large",
            f"The message is too large: it holds {megabytes(len(text))} of text, and this game reads at most "
            f"{megabytes(limit)} in one message.",
        )
    if json_depth(text) > MAX_MESSAGE_DEPTH:
        raise RemoteError(
            "too-large",
            f"The message is nested more than {MAX_MESSAGE_DEPTH} levels deep, so it was not read.",
        )
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise _malformed("it is not valid JSON.") from None
    message = check_message(data, large=large)
    if message["type"] != "sync" and len(text) > MAX_MESSAGE_CHARS:
        raise RemoteError(
            "too-large",
            f"The message is too large: this game reads at most "
            f"{megabytes(MAX_MESSAGE_CHARS)} in one message.",
        )
    return message


def check_message(data: object, *, large: bool = False) -> Message:
    """The shape of a parsed message: every field present, of its type and range, and nothing else."""
    if not isinstance(data, dict):
        raise _malformed(f"it is {shown(data)}, not an object.")
    version = data.get("v")
    if not _int(version, 0, 2**31):
        raise RemoteError("version", "The message does not say which version of the protocol it speaks.")
    if version != VERSION:
        newer = "a newer" if isinstance(version, int) and version > VERSION else "another"
        raise RemoteError(
            "version",
            f"The message was written by {newer} version of the game (protocol {version}; this one speaks "
            f"{VERSION}). Both players need the same version: reload the page to update it.",
        )
    kind = data.get("type")
    if kind not in MESSAGE_FIELDS:
        raise _malformed(f"its type {shown(kind)} is unknown.")
    assert isinstance(kind, str)
    extra = sorted(str(key) for key in set(data) - MESSAGE_FIELDS[kind])
    missing = sorted(MESSAGE_FIELDS[kind] - set(data))
    revision = data.get("rev") if _int(data.get("rev"), 0, MAX_TRANSCRIPT_MESSAGES) else None
    if extra:
        raise _malformed(f"a {kind} message has no field {shown(extra[0])}.", revision)
    if missing:
        raise _malformed(f"a {kind} message needs the field {shown(missing[0])}.", revision)
    if not isinstance(data["match"], str) or not MATCH_ID.fullmatch(data["match"]):
        raise _malformed("its match id is not one.", revision)
    if "rev" in data and revision is None:
        raise _malformed("its revision is not a number of the match.")
    if "from" in data and (isinstance(data["from"], bool) or data["from"] not in (0, 1)):
        raise _malformed("its sender is not player 0 or player 1.", revision)
    if "time" in data and not _int(data["time"], 0, MAX_TIME):
        raise _malformed("its time is not a time.", revision)
    if "prev" in data and b64decode(data["prev"], 32) is None:
        raise _malformed("the hash of the message before it is not a hash.", revision)
    if (kind == "hello" and revision != 0) or (kind == "join" and revision != 1):
        raise _malformed(f"a {kind} message cannot stand at revision {revision}.", revision)
    if kind in ("turn", "claim") and revision is not None and revision < 2:
        raise _malformed(f"a {kind} message cannot stand at revision {revision}.", revision)
    if "name" in data:
        _check_name(data["name"], revision)
    if "rating" in data and data["rating"] is not None and not _int(data["rating"], 0, MAX_RATING):
        raise _malformed(f"a player's rating is a whole number from 0 to {MAX_RATING}, or null.", revision)
    if "rules" in data:
        _check_rules(data["rules"], revision)
    if "items" in data:
        _check_items(data["items"], revision)
    if kind == "ack" and b64decode(data["hash"], 32) is None:
        raise _malformed("the hash it acknowledges is not a hash.", revision)
    if kind == "refusal":
        if data["code"] not in REFUSAL_CODES:
            raise _malformed(f"its reason {shown(data['code'])} is unknown.", revision)
        if not isinstance(data["text"], str) or len(data["text"]) > MAX_MESSAGE_CHARS // 2:
            raise _malformed("its reason is not a sentence.", revision)
    if kind == "chat":
        check_chat_text(data["text"])
    if kind == "sync":
        if not large:
            raise RemoteError("too-large", "A whole transcript is read only where the page expects one.")
        messages = data["messages"]
        if not isinstance(messages, list) or not messages:
            raise _malformed("it holds no list of messages.")
        if len(messages) > MAX_TRANSCRIPT_MESSAGES:
            raise RemoteError(
                "too-large",
                f"The transcript holds {len(messages):,} messages; this game reads at most "
                f"{MAX_TRANSCRIPT_MESSAGES:,}.",
            )
    return cast(Message, data)  # every field checked above


def _check_name(name: object, revision: int | None) -> None:
    if (
        not isinstance(name, str)
        or not name.strip()
        or len(name) > MAX_NAME_CHARS
        or any(not char.isprintable() for char in name)
    ):
        raise _malformed(f"a player's name is one line of 1 to {MAX_NAME_CHARS} characters.", revision)


def _check_rules(rules: object, revision: int | None) -> None:
    if not isinstance(rules, dict) or set(rules) != {"settings", "mode", "timeout"}:
        raise _malformed("its rules must hold the settings, the mode and the timeout.", revision)
    if rules["mode"] not in MODES:
        raise _malformed("its mode is neither 'live' nor 'correspondence'.", revision)
    if not _int(rules["timeout"], MIN_TIMEOUT, MAX_TIMEOUT):
        raise _malformed(
            f"its timeout must be {MIN_TIMEOUT} seconds to {MAX_TIMEOUT // 86400} days.", revision
        )
    if not isinstance(rules["settings"], dict):
        raise _malformed("its settings are not an object.", revision)


def _check_items(items: object, revision: int | None) -> None:
    if not isinstance(items, list) or len(items) > MAX_MESSAGE_ITEMS:
        raise _malformed(f"its items must be a list of at most {MAX_MESSAGE_ITEMS}.", revision)
    for item in items:
        if not isinstance(item, dict) or item.get("type") not in ITEM_FIELDS:
            kind = item.get("type") if isinstance(item, dict) else item
            raise _malformed(f"it holds an item of unknown type {shown(kind)}.", revision)
        fields = ITEM_FIELDS[item["type"]]
        if set(item) != fields:
            if item["type"] == "roll" and "dice" in item:
                raise _malformed(
                    "it names dice: dice are never sent, they follow from both players' reveals.", revision
                )
            raise _malformed(
                f"its {item['type']} item must have exactly the fields {sorted(fields)}.", revision
            )
        if item["type"] == "commit" and (
            not _int(item["first"], 1, MAX_TRANSCRIPT_MESSAGES * 4) or b64decode(item["head"], 32) is None
        ):
            raise _malformed("a commitment needs a roll number and a 32-byte head.", revision)
        if item["type"] == "reveal":
            if not _int(item["roll"], 1, MAX_TRANSCRIPT_MESSAGES * 4):
                raise _malformed("a reveal needs the number of its roll.", revision)
            if b64decode(item["value"], VALUE_BYTES) is None:
                raise _malformed(f"a revealed value must be {VALUE_BYTES} bytes in base64url.", revision)


def check_chat_text(text: object) -> str:
    """A chat text: 1 to `MAX_CHAT_CHARS` characters, lines of printable text."""
    if not isinstance(text, str) or not text.strip():
        raise _malformed("a chat message needs some text.")
    if len(text) > MAX_CHAT_CHARS:
        raise RemoteError(
            "too-large", f"A chat message holds at most {MAX_CHAT_CHARS} characters ({len(text)} given)."
        )
    if any(not (char.isprintable() or char == "\n") for char in text):
        raise _malformed("a chat message holds control characters.")
    return text


def out_of_band(kind: str, match_id: str, **fields: Any) -> Message:
    """An `ack`, `refusal`, `chat` or `sync` message."""
    return cast(Message, {"v": VERSION, "type": kind, "match": match_id, **fields})
