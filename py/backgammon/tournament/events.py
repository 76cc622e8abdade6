"""A tournament's events (docs/tournaments.md, *the events*): the announcement, the entries, the leaves, the
organiser's closing and the reveals, each a signed Nostr event checked here as the lobby's are
(backgammon.lobby: shape, kind, tags, times, content, then id and signature). Results are the lobby's
(backgammon.lobby.events `check_result`), naming their tournament and pairing."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Literal, TypedDict

from ..lobby.events import (
    KIND_RESULT,
    TOPIC,
    TOURNAMENT_ADDRESS,
    _content,
    _kind,
    _not_future,
    _tags,
    _whole,
    check_name,
)
from ..lobby.nostr import NostrEvent, check_shape, check_signed
from ..lobby.refusal import Refused
from ..rules import MAX_MATCH_LENGTH
from .draw import VALUE
from .knockout import MAX_ENTRANTS

KIND_ANNOUNCEMENT = 31663
KIND_ENTRY = 1663
KIND_CLOSING = 1664
KIND_REVEAL = 1665
KIND_LEAVE = 1666
KIND_CLAIM = 1667
KIND_ANSWER = 1668
TOURNAMENT_ID = re.compile(r"[0-9a-z]{12,32}")
EVENT_ID = re.compile(r"[0-9a-f]{64}")
#: Places a tournament offers, at least.
MIN_PLACES = 4
#: Hours a player may take to move in a tournament by links, at most (BrainKing's correspondence: days).
MAX_MOVE_HOURS = 14 * 24
#: A tournament's event's text, at most: a closing of 64 entries holds 64 ids of 64 hex digits.
MAX_TOURNAMENT_EVENT_CHARS = 6_000

Format = Literal["knockout", "roundrobin"]


class Announcement(TypedDict):
    organiser: str
    d: str
    created_at: int
    name: str
    organiser_name: str | None
    format: Format
    length: int
    mode: Literal["live", "links"]
    move_hours: int | None
    places: int
    rated: bool
    closes: int


class Entry(TypedDict):
    id: str
    entrant: str
    created_at: int
    name: str
    commitment: str


class Closing(TypedDict):
    id: str
    created_at: int
    entries: list[str]
    reveals_until: int


class Leave(TypedDict):
    entrant: str
    created_at: int
    entry: str


class Reveal(TypedDict):
    entrant: str
    created_at: int
    value: str


def checked(
    data: object, kind: int, what: str, tags: tuple[str, ...], now: int
) -> tuple[NostrEvent, dict[str, str]]:
    event = check_shape(data, MAX_TOURNAMENT_EVENT_CHARS)
    _kind(event, kind, what)
    found = _tags(event, tags)
    if found["t"] != TOPIC:
        raise Refused("kind", "it is not of the lobby's topic.")
    _not_future(event["created_at"], now, what)
    return event, found


def tournament_address(organiser: str, d: str) -> str:
    return f"{KIND_ANNOUNCEMENT}:{organiser}:{d}"


def named_tournament(event: NostrEvent) -> str | None:
    """The tournament an event names by its 'a' tag (an entry, a closing, a reveal), or, for a result, by its
    content's `tournament` (its 'a' tag optional); None when it names none. Cheap: read before any check."""
    if event["kind"] == KIND_ANNOUNCEMENT:
        d = next((tag[1] for tag in event["tags"] if tag[0] == "d" and len(tag) == 2), None)
        return tournament_address(event["pubkey"], d) if d is not None else None
    if event["kind"] == KIND_RESULT:
        try:
            named = json.loads(event["content"]).get("tournament")
        except (ValueError, RecursionError, AttributeError):
            return None
        return named if isinstance(named, str) and TOURNAMENT_ADDRESS.fullmatch(named) else None
    return next((tag[1] for tag in event["tags"] if tag[0] == "a" and len(tag) == 2), None)


def hex_field(content: Mapping[str, object], key: str, pattern: re.Pattern[str], words: str) -> str:
    """A content's field that must be lowercase hex of one length (a value, an event id); refused in `words`
    otherwise."""
    found = content[key]
    if not isinstance(found, str) or not pattern.fullmatch(found):
        raise Refused("content", words)
    return found


def of_tournament(found: dict[str, str], address: str) -> None:
    if found["a"] != address:
        raise Refused("kind", "it names another tournament.")


def check_announcement(data: object, now: int) -> Announcement:
    event, found = checked(data, KIND_ANNOUNCEMENT, "a tournament's announcement", ("d", "t"), now)
    if not TOURNAMENT_ID.fullmatch(found["d"]):
        raise Refused("kind", "its 'd' tag is not a tournament id.")
    fields = frozenset({"v", "name", "format", "length", "mode", "places", "rated", "closes"})
    content = _content(event, fields, frozenset({"move_hours", "organiser_name"}))
    if content["format"] not in ("knockout", "roundrobin"):
        raise Refused("content", "its format is neither a knock-out nor a round robin.")
    if not _whole(content["length"], 1, MAX_MATCH_LENGTH):
        raise Refused("content", f"its match length is not 1 to {MAX_MATCH_LENGTH} points.")
    if content["mode"] not in ("live", "links"):
        raise Refused("content", "its mode is neither live nor by links.")
    hours = content.get("move_hours")
    if (content["mode"] == "links") != (hours is not None) or (
        hours is not None and not _whole(hours, 1, MAX_MOVE_HOURS)
    ):
        raise Refused(
            "content", f"a tournament by links gives 1 to {MAX_MOVE_HOURS} hours to move; a live one none."
        )
    if not _whole(content["places"], MIN_PLACES, MAX_ENTRANTS):
        raise Refused("content", f"its places are not {MIN_PLACES} to {MAX_ENTRANTS}.")
    if not isinstance(content["rated"], bool):
        raise Refused("content", "it does not say whether its matches are rated.")
    # The organiser's name, checked as the lobby checks a player's (announcements made before it carry none).
    organiser_name = check_name(content["organiser_name"]) if "organiser_name" in content else None
    if not _whole(content["closes"], event["created_at"] + 1, event["created_at"] + 30 * 24 * 3600):
        raise Refused(
            "content", "its registration closes before it was announced, or more than 30 days after."
        )
    check_signed(event)
    return Announcement(
        organiser=event["pubkey"],
        d=found["d"],
        created_at=event["created_at"],
        name=check_name(content["name"]),
        organiser_name=organiser_name,
        format=content["format"],
        length=content["length"],
        mode=content["mode"],
        move_hours=hours,
        places=content["places"],
        rated=content["rated"],
        closes=content["closes"],
    )


def check_entry(data: object, address: str, now: int) -> Entry:
    event, found = checked(data, KIND_ENTRY, "an entry", ("a", "t"), now)
    of_tournament(found, address)
    content = _content(event, frozenset({"v", "name", "commitment"}))
    committed = hex_field(content, "commitment", VALUE, "its commitment is not 64 lowercase hex digits.")
    check_signed(event)
    return Entry(
        id=event["id"],
        entrant=event["pubkey"],
        created_at=event["created_at"],
        name=check_name(content["name"]),
        commitment=committed,
    )


def check_closing(data: object, announcement: Announcement, now: int) -> Closing:
    address = tournament_address(announcement["organiser"], announcement["d"])
    event, found = checked(data, KIND_CLOSING, "a closing", ("a", "t"), now)
    of_tournament(found, address)
    if event["pubkey"] != announcement["organiser"]:
        raise Refused("content", "only the organiser closes the registration.")
    content = _content(event, frozenset({"v", "entries", "reveals_until"}))
    entries = content["entries"]
    if (
        not isinstance(entries, list)
        or not 2 <= len(entries) <= announcement["places"]
        or len(set(entries)) != len(entries)
        or not all(isinstance(e, str) and EVENT_ID.fullmatch(e) for e in entries)
    ):
        raise Refused("content", "its entries are not 2 to the places' number of distinct entry ids.")
    if not _whole(
        content["reveals_until"], announcement["closes"] + 60, announcement["closes"] + 7 * 24 * 3600
    ):
        raise Refused(
            "content", "its reveals close less than a minute or more than 7 days after registration."
        )
    check_signed(event)
    return Closing(
        id=event["id"],
        created_at=event["created_at"],
        entries=sorted(entries),
        reveals_until=content["reveals_until"],
    )


def check_reveal(data: object, address: str, now: int) -> Reveal:
    event, found = checked(data, KIND_REVEAL, "a reveal", ("a", "t"), now)
    of_tournament(found, address)
    content = _content(event, frozenset({"v", "value"}))
    value = hex_field(content, "value", VALUE, "its value is not 64 lowercase hex digits.")
    check_signed(event)
    return Reveal(entrant=event["pubkey"], created_at=event["created_at"], value=value)


def check_leave(data: object, address: str, now: int) -> Leave:
    """An entrant leaving before the draw: the entry it takes back, by id (whose entrant must be the leave's
    author: `Tournament` checks it against the entry)."""
    event, found = checked(data, KIND_LEAVE, "a leave", ("a", "t"), now)
    of_tournament(found, address)
    content = _content(event, frozenset({"v", "entry"}))
    entry = hex_field(content, "entry", EVENT_ID, "the entry it leaves is not an event id.")
    check_signed(event)
    return Leave(entrant=event["pubkey"], created_at=event["created_at"], entry=entry)
