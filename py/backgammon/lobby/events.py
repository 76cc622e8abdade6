"""The lobby's three events, each read into a checked shape or refused with a plain reason.

- the **invitation** (kind 31660, addressable: a relay keeps the newest per key and `d`), an open offer of a
  match that expires unless its poster re-publishes it;
- the **accept** (kind 21660, ephemeral: relays pass it on and keep nothing), its content encrypted to the
  poster with NIP-44; the page decrypts it and hands the plain text to `check_accept_content`;
- the **result** (kind 1660, stored), one by each player with the same content: the match's end, both keys.

Each `check_*` takes an event whose NIP-01 shape `nostr.check_shape` already checked, and checks its kind, its
tags, its times and its content, but not its id and signature: those are the costly part, done last
(`nostr.check_id`, `nostr.check_signature`) by whoever holds the lobby (`backgammon.lobby.state`).
docs/lobby-events.md describes every field.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any, Literal, TypedDict

from ..limits import json_depth, shown
from ..remote.messages import MATCH_ID, MAX_RATING
from ..rules import MAX_MATCH_LENGTH
from .nostr import HEX_32, NostrEvent
from .refusal import Refused

VERSION = 1
KIND_INVITATION = 31660
KIND_ACCEPT = 21660
KIND_RESULT = 1660
KINDS = (KIND_INVITATION, KIND_ACCEPT, KIND_RESULT)
#: The topic every invitation and result carries, so a relay can be asked for the lobby's events alone.
TOPIC = "backgammon-lobby"
INVITATION_ID = re.compile(r"[0-9a-z]{12,32}")
#: A player's name as the lobby shows it: characters after NFC, trimmed.
MAX_NAME_CHARS = 32
#: How far ahead of this device's clock an event may be dated (clocks differ by a little).
MAX_CLOCK_SKEW = 5 * 60
#: How far ahead an invitation may expire: a live one is re-published every few minutes while its page is
#: open; an invitation to play by links may wait longer.
MAX_EXPIRY_AHEAD = {"live": 30 * 60, "links": 7 * 24 * 3600}
#: An accept older than this is not acted on (relays pass ephemeral events on at once).
MAX_ACCEPT_AGE = 10 * 60
#: A final score, at most: the match's length plus the largest single game (a backgammon at a cube of 64).
MAX_SCORE = MAX_MATCH_LENGTH + 3 * 64
#: The nesting of a content's JSON: an object holding a list is 2.
MAX_CONTENT_DEPTH = 3
#: The room and secret of a live invitation (web/remote/link.js): Crockford's base 32, 8 and 12 symbols.
ROOM = re.compile(r"[0-9A-HJKMNP-TV-Z]{8}")
SECRET = re.compile(r"[0-9A-HJKMNP-TV-Z]{12}")
#: A NIP-44 (version 2) payload in base64: at least 132 characters (version, nonce, 32 padded bytes, MAC).
NIP44_PAYLOAD = re.compile(r"[A-Za-z0-9+/]{130,}={0,2}")
#: Characters a name may not hold: controls, format characters (bidi overrides, zero-width joiners, ...),
#: lone surrogates, line and paragraph separators.
FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})

LobbyMode = Literal["live", "links"]
InvitationState = Literal["open", "taken", "withdrawn"]


class Invitation(TypedDict):
    """An invitation as its poster last published it (`taken_by`: the accepter's key once taken; `to`: the one
    player it is for, when the poster invites someone again, else None: anyone may accept)."""

    poster: str
    d: str
    created_at: int
    expires: int
    name: str
    length: int
    mode: LobbyMode
    rated: bool
    min: int | None
    max: int | None
    state: InvitationState
    taken_by: str | None
    to: str | None
    watch: bool
    taken_name: str | None


class Accept(TypedDict):
    """An accept's outer event: who accepts which invitation (its content still encrypted)."""

    accepter: str
    poster: str
    d: str
    created_at: int
    payload: str


class AcceptContent(TypedDict):
    """An accept's decrypted content: the accepter's name, and for a live match the room and its secret."""

    name: str
    room: str | None
    secret: str | None
    watch: bool


class _ResultFields(TypedDict):
    match: str
    length: int
    rated: bool
    players: list[str]
    score: list[int]
    winner: str
    final: str
    ended: int


class Result(_ResultFields, total=False):
    """A result's content, as both players sign it; a match of a tournament names it (`tournament`, its
    announcement's address) and its pairing (`round`, `table`), all three or none."""

    tournament: str
    round: int
    table: int


# ---- pieces ------------------------------------------------------------------------------------------------


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _key(value: object) -> bool:
    return isinstance(value, str) and HEX_32.fullmatch(value) is not None


def check_name(name: object) -> str:
    """A player's name as shown: NFC, trimmed, 1 to `MAX_NAME_CHARS` characters, none of them a control or
    format character (text is shown as text only, never as markup)."""
    if not isinstance(name, str) or len(name) > 4 * MAX_NAME_CHARS:
        raise Refused("content", f"the player's name is not text of 1 to {MAX_NAME_CHARS} characters.")
    if any(unicodedata.category(char) in FORBIDDEN_CATEGORIES for char in name):
        raise Refused("content", "the player's name holds control or invisible formatting characters.")
    clean = unicodedata.normalize("NFC", name).strip()
    if not 1 <= len(clean) <= MAX_NAME_CHARS:
        raise Refused("content", f"the player's name is not text of 1 to {MAX_NAME_CHARS} characters.")
    return clean


def _content(
    event: NostrEvent, fields: frozenset[str], optional: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """The event's content as a JSON object of this version with exactly `fields` (and maybe `optional`)."""
    text = event["content"]
    if json_depth(text) > MAX_CONTENT_DEPTH:
        raise Refused("content", "its content is nested deeper than the lobby's events are.")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused("content", "its content is not JSON.") from None
    return _fields(data, fields, optional)


def _fields(data: object, fields: frozenset[str], optional: frozenset[str] = frozenset()) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise Refused("content", f"its content is {shown(data)}, not an object.")
    if data.get("v") != VERSION:
        raise Refused(
            "content", f"its content is of version {shown(data.get('v'))}; this game reads {VERSION}."
        )
    missing = sorted(fields - set(data))
    extra = sorted(str(key) for key in set(data) - fields - optional)
    if missing:
        raise Refused("content", f"its content lacks the field '{missing[0]}'.")
    if extra:
        raise Refused("content", f"its content has a field {shown(extra[0])} the lobby does not know.")
    return data


def _tags(event: NostrEvent, names: tuple[str, ...]) -> dict[str, str]:
    """Exactly one tag of each name, each a name and one value, and no other tag."""
    found: dict[str, str] = {}
    for tag in event["tags"]:
        if tag[0] not in names or tag[0] in found or len(tag) != 2:
            raise Refused("kind", f"its tags are not those of a lobby event ({shown(tag[0])}).")
        found[tag[0]] = tag[1]
    if len(found) != len(names):
        missing = next(name for name in names if name not in found)
        raise Refused("kind", f"it has no '{missing}' tag.")
    return found


def _not_future(time: int, now: int, what: str) -> None:
    if time > now + MAX_CLOCK_SKEW:
        raise Refused("future", f"{what} is dated {time - now} seconds ahead of this device's clock.")


def _kind(event: NostrEvent, kind: int, what: str) -> None:
    if event["kind"] != kind:
        raise Refused("kind", f"it is of kind {event['kind']}, not {what} ({kind}).")


# ---- the invitation ----------------------------------------------------------------------------------------

INVITATION_FIELDS = frozenset({"v", "name", "length", "mode", "rated", "state"})
INVITATION_OPTIONAL = frozenset({"min", "max", "with", "with_name", "to", "watch"})


def invitation_address(event: NostrEvent) -> tuple[str, str]:
    """(poster, d) of an invitation event, before its content is read: what a relay keeps one of."""
    tags = _tags(event, ("d", "expiration", "t"))
    if not INVITATION_ID.fullmatch(tags["d"]):
        raise Refused("kind", "its 'd' tag is not an invitation id (12 to 32 of 0-9 and a-z).")
    return event["pubkey"], tags["d"]


def check_invitation(event: NostrEvent, now: int) -> Invitation:
    """An invitation's tags, times and content. Raises `Refused`."""
    _kind(event, KIND_INVITATION, "an invitation")
    poster, d = invitation_address(event)
    tags = _tags(event, ("d", "expiration", "t"))
    if tags["t"] != TOPIC:
        raise Refused("kind", f"its topic is {shown(tags['t'])}, not the lobby's.")
    expiration = tags["expiration"]
    if not re.fullmatch(r"[0-9]{1,12}", expiration):
        raise Refused("kind", "its expiration is not a time in whole seconds.")
    expires = int(expiration)
    _not_future(event["created_at"], now, "the invitation")
    if expires <= now:
        raise Refused("expired", "the invitation has expired.")
    data = _content(event, INVITATION_FIELDS, INVITATION_OPTIONAL)
    mode = data["mode"]
    if mode not in MAX_EXPIRY_AHEAD:
        raise Refused("content", f"its mode is {shown(mode)}, neither 'live' nor 'links'.")
    if expires > event["created_at"] + MAX_EXPIRY_AHEAD[mode]:
        raise Refused("content", "it expires further ahead than an invitation of its mode may.")
    if not _whole(data["length"], 1, MAX_MATCH_LENGTH):
        raise Refused("content", f"its match length is not 1 to {MAX_MATCH_LENGTH} points.")
    if not isinstance(data["rated"], bool):
        raise Refused("content", "it does not say whether the match is rated.")
    low, high = data.get("min"), data.get("max")
    for bound in (low, high):
        if bound is not None and not _whole(bound, 0, MAX_RATING):
            raise Refused("content", f"its rating range is not whole numbers from 0 to {MAX_RATING}.")
    if low is not None and high is not None and low > high:
        raise Refused("content", "its rating range runs from more to less.")
    if (low is not None or high is not None) and not data["rated"]:
        raise Refused("content", "it asks for a rating range in a match that is not rated.")
    state = data["state"]
    if state not in ("open", "taken", "withdrawn"):
        raise Refused("content", f"its state {shown(state)} is not open, taken or withdrawn.")
    taken_by = data.get("with")
    if (state == "taken") != (taken_by is not None):
        raise Refused("content", "only a taken invitation names who took it, and it must.")
    if taken_by is not None and (not _key(taken_by) or taken_by == poster):
        raise Refused("content", "it was taken by something that is not another player's key.")
    to = data.get("to")
    if to is not None and (not _key(to) or to == poster):
        raise Refused("content", "it is addressed to something that is not another player's key.")
    if to is not None and taken_by is not None and taken_by != to:
        raise Refused("content", "it was taken by another player than the one it is for.")
    watch = data.get("watch", True)
    if not isinstance(watch, bool):
        raise Refused("content", "it does not say whether its match may be watched.")
    taken_name = data.get("with_name")
    if taken_name is not None and taken_by is None:
        raise Refused("content", "only a taken invitation names who took it.")
    return Invitation(
        poster=poster,
        d=d,
        created_at=event["created_at"],
        expires=expires,
        name=check_name(data["name"]),
        length=data["length"],
        mode=mode,
        rated=data["rated"],
        min=low,
        max=high,
        state=state,
        taken_by=taken_by,
        to=to,
        watch=watch,
        taken_name=check_name(taken_name) if taken_name is not None else None,
    )


# ---- the accept --------------------------------------------------------------------------------------------

ACCEPT_CONTENT_FIELDS = frozenset({"v", "name"})
ACCEPT_CONTENT_OPTIONAL = frozenset({"room", "secret", "watch"})


def check_accept(event: NostrEvent, now: int) -> Accept:
    """An accept's outer event: its kind, its two tags naming one invitation, its time, an encrypted content.
    Raises `Refused`."""
    _kind(event, KIND_ACCEPT, "an accept")
    tags = _tags(event, ("p", "a"))
    poster = tags["p"]
    if not _key(poster):
        raise Refused("kind", "its 'p' tag is not a player's key.")
    parts = tags["a"].split(":")
    if len(parts) != 3 or parts[0] != str(KIND_INVITATION) or parts[1] != poster:
        raise Refused("kind", "its 'a' tag does not name an invitation of the player its 'p' tag names.")
    if not INVITATION_ID.fullmatch(parts[2]):
        raise Refused("kind", "its 'a' tag does not name an invitation id.")
    if poster == event["pubkey"]:
        raise Refused("content", "a player cannot accept their own invitation.")
    _not_future(event["created_at"], now, "the accept")
    if event["created_at"] < now - MAX_ACCEPT_AGE:
        raise Refused("expired", "the accept is too old to act on.")
    if not NIP44_PAYLOAD.fullmatch(event["content"]):
        raise Refused("content", "its content is not an encrypted message (NIP-44).")
    return Accept(
        accepter=event["pubkey"],
        poster=poster,
        d=parts[2],
        created_at=event["created_at"],
        payload=event["content"],
    )


def check_accept_content(text: object, mode: LobbyMode) -> AcceptContent:
    """An accept's decrypted content, for an invitation of `mode`: a live match needs the room and its secret
    (web/remote/link.js makes them), a match by links neither. Raises `Refused`."""
    if not isinstance(text, str) or len(text) > 1_000:
        raise Refused("content", "the accept's message is not short text.")
    if json_depth(text) > MAX_CONTENT_DEPTH:
        raise Refused("content", "the accept's message is nested deeper than the lobby's events are.")
    try:
        data = _fields(json.loads(text), ACCEPT_CONTENT_FIELDS, ACCEPT_CONTENT_OPTIONAL)
    except (ValueError, RecursionError):
        raise Refused("content", "the accept's message is not JSON.") from None
    room, secret = data.get("room"), data.get("secret")
    if mode == "live":
        if not isinstance(room, str) or not ROOM.fullmatch(room):
            raise Refused(
                "content", "the accept of a live match has no room (8 symbols of the link's alphabet)."
            )
        if not isinstance(secret, str) or not SECRET.fullmatch(secret):
            raise Refused(
                "content", "the accept of a live match has no secret (12 symbols of the link's alphabet)."
            )
    elif room is not None or secret is not None:
        raise Refused("content", "the accept of a match by links carries no room or secret.")
    watch = data.get("watch", True)
    if not isinstance(watch, bool):
        raise Refused("content", "the accept does not say whether its match may be watched.")
    return AcceptContent(name=check_name(data["name"]), room=room, secret=secret, watch=watch)


# ---- the result --------------------------------------------------------------------------------------------

RESULT_FIELDS = frozenset({"v", "match", "length", "rated", "players", "score", "winner", "final", "ended"})
#: A tournament's match names the tournament and its pairing (docs/tournaments.md, *Results*).
RESULT_PAIRING = frozenset({"tournament", "round", "table"})
TOURNAMENT_ADDRESS = re.compile(r"31663:[0-9a-f]{64}:[0-9a-z]{12,32}")
#: A tournament's rounds and tables, at most (a round robin of 64: 63 rounds of 32 tables).
MAX_ROUNDS, MAX_TABLES = 63, 32
FINAL_HASH = re.compile(r"[A-Za-z0-9_-]{43}")  # backgammon.remote.messages.message_hash: 32 bytes, base64url


def check_result_content(data: object, now: int) -> Result:
    """A result's content (parsed JSON). Raises `Refused`."""
    data = _fields(data, RESULT_FIELDS, RESULT_PAIRING)
    if not isinstance(data["match"], str) or not MATCH_ID.fullmatch(data["match"]):
        raise Refused("content", "its match id is not one of play on two devices.")
    if not _whole(data["length"], 1, MAX_MATCH_LENGTH):
        raise Refused("content", f"its match length is not 1 to {MAX_MATCH_LENGTH} points.")
    if not isinstance(data["rated"], bool):
        raise Refused("content", "it does not say whether the match was rated.")
    players, score = data["players"], data["score"]
    if not isinstance(players, list) or len(players) != 2 or not all(_key(p) for p in players):
        raise Refused("content", "its players are not two players' keys.")
    if players[0] == players[1]:
        raise Refused("content", "its two players are the same key.")
    if not isinstance(score, list) or len(score) != 2 or not all(_whole(s, 0, MAX_SCORE) for s in score):
        raise Refused("content", "its score is not two whole numbers.")
    if data["winner"] not in players:
        raise Refused("content", "its winner is not one of its players.")
    loser = 1 - players.index(data["winner"])
    if score[loser] >= data["length"]:
        raise Refused("content", "its loser's score reaches the match's length.")
    if not isinstance(data["final"], str) or not FINAL_HASH.fullmatch(data["final"]):
        raise Refused("content", "its final hash is not the hash of a message of the match.")
    if not _whole(data["ended"], 0, 2**40):
        raise Refused("content", "its end is not a time in whole seconds.")
    _not_future(data["ended"], now, "the match's end")
    result = Result(
        match=data["match"],
        length=data["length"],
        rated=data["rated"],
        players=list(players),
        score=list(score),
        winner=data["winner"],
        final=data["final"],
        ended=data["ended"],
    )
    named = RESULT_PAIRING & set(data)
    if named and named != RESULT_PAIRING:
        raise Refused("content", "it names a tournament's pairing without its tournament, round and table.")
    if named:
        if not isinstance(data["tournament"], str) or not TOURNAMENT_ADDRESS.fullmatch(data["tournament"]):
            raise Refused("content", "its tournament is not a tournament's address.")
        if not _whole(data["round"], 1, MAX_ROUNDS) or not _whole(data["table"], 1, MAX_TABLES):
            raise Refused(
                "content", f"its round is not 1 to {MAX_ROUNDS} or its table not 1 to {MAX_TABLES}."
            )
        result["tournament"], result["round"], result["table"] = (
            data["tournament"],
            data["round"],
            data["table"],
        )
    return result


def check_result(event: NostrEvent, now: int) -> Result:
    """One player's result event: its tags (the topic, and the other player; a tournament's match may name
    its tournament by an 'a' tag too, the same as its content's), its author one of the players, its content.
    Raises `Refused`. Two such events with the same content make a verified result."""
    _kind(event, KIND_RESULT, "a result")
    tags = _tags(event, ("p", "t", "a") if any(tag[0] == "a" for tag in event["tags"]) else ("p", "t"))
    if tags["t"] != TOPIC:
        raise Refused("kind", f"its topic is {shown(tags['t'])}, not the lobby's.")
    _not_future(event["created_at"], now, "the result")
    data = _content(event, RESULT_FIELDS, RESULT_PAIRING)
    result = check_result_content(data, now)
    author = event["pubkey"]
    if author not in result["players"]:
        raise Refused("content", "its author is not one of the match's players.")
    other = result["players"][1 - result["players"].index(author)]
    if tags["p"] != other:
        raise Refused("kind", "its 'p' tag does not name the other player.")
    if "a" in tags and tags["a"] != result.get("tournament"):
        raise Refused("kind", "its 'a' tag does not name the tournament its content names.")
    return result


def canonical_result(result: Result) -> str:
    """The one text of a result's content that both players sign: keys sorted, no spaces, ASCII only."""
    return json.dumps({"v": VERSION, **result}, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
