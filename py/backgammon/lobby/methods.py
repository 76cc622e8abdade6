"""Worker methods of the lobby, registered with `backgammon.api` on first use.

The worker holds one `Lobby` (this device's); the page feeds it what its relay subscriptions receive and shows
what it answers. `now` (seconds since 1970) is optional everywhere: Python's clock is used without it.

- `lobby_receive {events, now?}` -> `Changes`: invitations added, removed, taken; new verified results;
  the matches being played that a signed result ended; refusals counted by code, the first few with their
  reason
- `lobby_view {me?, now?}` -> `LobbyView`: the open invitations (those addressed to one player only to that
  player and its poster: `me`), each with its poster's rating; the players `me` met in verified results; the
  live matches being played that may be watched
- `lobby_status {poster, d, now?}` -> `InvitationStatus` (an accepter who lost the race reads "taken")
- `lobby_rating {key}` -> `RatingView`
- `lobby_block {keys}` -> `{blocked}`: this device's block list, kept by the page
- `lobby_check_accept {event, content?, mode?, now?}` -> `AcceptCheck`: an accept of one of the invitations
  held open, and its decrypted content when given
- `lobby_result_statement {state, players, tournament?, round?, table?}` or `{result}` -> `ResultStatement`:
  the result content a player signs, from a finished match on two devices (its remote state; a tournament's
  match names its tournament's address and its pairing) or from the fields given
- `lobby_watch {players, address, events?, now?}` -> `WatchView`: a match watched (opened on first use, by
  its invitation's address; at most `MAX_WATCHES` at once), the events given taken in first
- `lobby_matches_between {players, now?}` -> `MatchesBetween`: the invitations one of the two players posted
  and the other took (newest first, live or by links, watched or not): a tournament's pairing finds its match
- `lobby_watch_record {address}` -> `WatchedRecord`: a match watched, as far as it is proven, for review
- `lobby_check_letter {event, content?, now?}` -> `LetterCheck`: a letter (a turn link between two players
  who met here, by links), its outer event and signature, and its decrypted part when given
- `lobby_reset {}` -> `{}`: forget everything (a new identity, tests)
"""

# No `from __future__ import annotations`: Python 3.11 reads `NotRequired` only from evaluated annotations.

import json
from typing import Any, NotRequired, TypedDict, cast

from ..api import now_param, register
from ..errors import BackgammonError, InvalidActionError
from ..remote.messages import check_message
from ..remote.protocol import replay_transcript
from .events import (
    KIND_INVITATION,
    AcceptContent,
    Invitation,
    LobbyMode,
    Result,
    canonical_result,
    check_accept_content,
    check_result_content,
)
from .letters import Letter, LetterPart, check_letter, check_letter_part
from .nostr import HEX_32
from .ratings import Played, played_against
from .refusal import Refused
from .state import Changes, InvitationStatus, Lobby
from .watch import Watch, WatchedRecord, WatchView

Params = dict[str, Any]
LOBBY = Lobby()


class RatingView(TypedDict):
    """A player's rating from the verified results this device holds; `rating` null: no verified rated
    result (shown as "unrated", never as a number)."""

    key: str
    rating: float | None
    results: int
    experience: int


class PlayedView(TypedDict):
    """A player met, with this player's results against them and their rating now."""

    played: Played
    rating: RatingView


class InvitationView(TypedDict):
    """An open invitation as the list shows it, with its poster's rating."""

    invitation: Invitation
    rating: RatingView


class PlayingView(TypedDict):
    """A live match met in the lobby, being played (or just ended) and open to watchers: its invitation
    (`taken_by`, `taken_name`: who took it) and its address, which every watched message names."""

    invitation: Invitation
    address: str


class LobbyView(TypedDict):
    """The open invitations, oldest first; the results held: verified (both signed the same) and claimed by
    one side only (never counted); the players `me` met in verified results, each with their rating."""

    invitations: list[InvitationView]
    verified_results: int
    claimed_results: int
    played: list[PlayedView]
    playing: list[PlayingView]


class MatchesBetween(TypedDict):
    """The matches two players met by here (their invitations taken), newest first, each with its address."""

    matches: list[PlayingView]


class LobbyMatchesBetweenParams(TypedDict):
    players: list[str]
    now: NotRequired[int]


class AcceptCheck(TypedDict):
    """An accept of an invitation held open: who accepts which one, and what the decrypted content says."""

    accepter: str
    invitation: Invitation
    content: NotRequired[AcceptContent]


class ResultStatement(TypedDict):
    """A result's content as both players sign it (`content`, the event's text) and its fields."""

    content: str
    result: Result


class BlockAnswer(TypedDict):
    blocked: int


class LobbyReceiveParams(TypedDict):
    events: list[dict[str, Any]]
    now: NotRequired[int]


class LobbyStatusParams(TypedDict):
    poster: str
    d: str
    now: NotRequired[int]


class LobbyCheckAcceptParams(TypedDict):
    event: dict[str, Any]
    content: NotRequired[str]
    mode: NotRequired[LobbyMode]
    now: NotRequired[int]


def _key(params: Params, name: str) -> str:
    key = params.get(name)
    if not isinstance(key, str) or not HEX_32.fullmatch(key):
        raise InvalidActionError(f"{name} is a player's key: 64 lowercase hex digits.")
    return key


def rating_view(key: str) -> RatingView:
    standing = LOBBY.standing(key)
    if standing is None:
        return RatingView(key=key, rating=None, results=0, experience=0)
    return RatingView(
        key=key, rating=standing["rating"], results=standing["results"], experience=standing["experience"]
    )


@register("lobby_receive", LobbyReceiveParams)
def lobby_receive(params: Params) -> Changes:
    events = params.get("events")
    if not isinstance(events, list):
        raise InvalidActionError("lobby_receive needs events: a list of Nostr events.")
    return LOBBY.receive(events, now_param(params))


@register("lobby_view")
def lobby_view(params: Params) -> LobbyView:
    me = _key(params, "me") if params.get("me") is not None else None
    now = now_param(params)
    invitations = LOBBY.open_invitations(now, me)
    return LobbyView(
        invitations=[InvitationView(invitation=i, rating=rating_view(i["poster"])) for i in invitations],
        verified_results=len(LOBBY.verified_results()),
        claimed_results=LOBBY.claimed_results(),
        played=[
            PlayedView(played=row, rating=rating_view(row["key"]))
            for row in (played_against(me, LOBBY.verified_results()) if me else [])
        ],
        playing=[
            PlayingView(invitation=i, address=f"{KIND_INVITATION}:{i['poster']}:{i['d']}")
            for i in LOBBY.being_played(now, me)
        ],
    )


@register("lobby_matches_between", LobbyMatchesBetweenParams)
def lobby_matches_between(params: Params) -> MatchesBetween:
    players = params.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise InvalidActionError("lobby_matches_between needs the two players' keys.")
    pair = (_key({"p": players[0]}, "p"), _key({"p": players[1]}, "p"))
    return MatchesBetween(
        matches=[
            PlayingView(invitation=i, address=f"{KIND_INVITATION}:{i['poster']}:{i['d']}")
            for i in LOBBY.taken_between(pair, now_param(params))
        ]
    )


@register("lobby_status", LobbyStatusParams)
def lobby_status(params: Params) -> InvitationStatus:
    d = params.get("d")
    if not isinstance(d, str):
        raise InvalidActionError("d is an invitation's id.")
    return LOBBY.status(_key(params, "poster"), d, now_param(params))


@register("lobby_rating")
def lobby_rating(params: Params) -> RatingView:
    return rating_view(_key(params, "key"))


@register("lobby_block")
def lobby_block(params: Params) -> BlockAnswer:
    return BlockAnswer(blocked=LOBBY.set_blocked(params.get("keys")))


@register("lobby_check_accept", LobbyCheckAcceptParams)
def lobby_check_accept(params: Params) -> AcceptCheck:
    accept, invitation = LOBBY.check_accept(params.get("event"), now_param(params))
    answer = AcceptCheck(accepter=accept["accepter"], invitation=invitation)
    if "content" in params:
        answer["content"] = check_accept_content(params["content"], invitation["mode"])
    return answer


class LetterCheck(TypedDict):
    letter: Letter
    part: NotRequired[LetterPart]


@register("lobby_check_letter")
def lobby_check_letter(params: Params) -> LetterCheck:
    letter = check_letter(params.get("event"), now_param(params))
    if letter["sender"] in LOBBY.blocked:
        raise Refused("blocked", "its player is blocked on this device.")
    answer = LetterCheck(letter=letter)
    if "content" in params:
        answer["part"] = check_letter_part(params["content"])
    return answer


@register("lobby_result_statement")
def lobby_result_statement(params: Params) -> ResultStatement:
    if "state" in params:
        pairing: dict[str, Any] = {
            key: params[key] for key in ("tournament", "round", "table") if key in params
        }
        result = result_of_match(params["state"], params.get("players"), pairing)
    else:
        result = check_result_content({"v": 1, **_object(params.get("result"))}, now_param(params))
    return ResultStatement(content=canonical_result(result), result=result)


class LobbyWatchParams(TypedDict):
    players: list[str]
    address: str
    events: NotRequired[list[dict[str, Any]]]
    now: NotRequired[int]


#: Matches watched at once, at most: the one opened longest ago is let go first.
MAX_WATCHES = 8
WATCHES: dict[str, Watch] = {}


@register("lobby_watch", LobbyWatchParams)
def lobby_watch(params: Params) -> WatchView:
    players = params.get("players")
    address = params.get("address")
    if not isinstance(players, list) or len(players) != 2 or not isinstance(address, str):
        raise InvalidActionError("lobby_watch needs the two players' keys and the invitation's address.")
    watch = WATCHES.get(address)
    if watch is None or list(watch.players) != players:
        watch = Watch((_key({"p": players[0]}, "p"), _key({"p": players[1]}, "p")), address)
        WATCHES[address] = watch
        while len(WATCHES) > MAX_WATCHES:
            del WATCHES[next(iter(WATCHES))]
    events = params.get("events", [])
    if not isinstance(events, list):
        raise InvalidActionError("events is a list of Nostr events.")
    watch.receive(events, now_param(params))
    return watch.shown()


@register("lobby_watch_record")
def lobby_watch_record(params: Params) -> WatchedRecord:
    watch = WATCHES.get(str(params.get("address")))
    if watch is None:
        raise InvalidActionError("That match is not watched here.")
    return watch.record()


@register("lobby_reset")
def lobby_reset(params: Params) -> dict[str, Any]:
    global LOBBY
    LOBBY = Lobby()
    WATCHES.clear()
    return {}


def _object(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InvalidActionError("result is an object of the result's fields.")
    return {key: item for key, item in value.items() if key != "v"}


def result_of_match(state: object, players: object, pairing: dict[str, Any] | None = None) -> Result:
    """The result of a finished match on two devices, from its remote state (the transcript the worker's
    session checks): its id, length, whether both agreed to rate it, the score, the winner (who won the
    points, or who claimed the match after the other kept it waiting), the hash of its last message and
    that message's time. `players`: the keys of seat 0 and seat 1 (the transcript does not hold them).
    `pairing`: a tournament's match's `tournament` (its address), `round` and `table`, all three or none."""
    if (
        not isinstance(players, list)
        or len(players) != 2
        or not all(isinstance(p, str) and HEX_32.fullmatch(p) for p in players)
    ):
        raise InvalidActionError("players are the keys of seat 0 and seat 1.")
    transcript = state.get("transcript") if isinstance(state, dict) else None
    if not isinstance(transcript, list) or not transcript:
        raise InvalidActionError("The match's remote state holds no transcript.")
    try:
        replay = replay_transcript([check_message(message) for message in transcript])
    except BackgammonError as error:
        raise InvalidActionError(f"The match's transcript does not replay: {error}") from None
    match = replay.match
    if match is None or not replay.finished:
        raise InvalidActionError("The match is not over: its result is signed once it ends.")
    winner = replay.claimed_by if replay.claimed_by is not None else match.winner
    assert winner is not None
    result = {
        "v": 1,
        "match": replay.match_id,
        "length": replay.settings.match_length,
        "rated": replay.rated,
        "players": list(players),
        "score": list(match.score),
        "winner": players[winner],
        "final": replay.head,
        "ended": replay.last_time,
        **(pairing or {}),
    }
    try:
        return check_result_content(result, replay.last_time)
    except Refused as refusal:
        raise InvalidActionError(f"This match's result cannot be stated: {refusal}") from None


def parse_statement(text: str) -> Result:
    """A statement's text read back (for tests and the page's own check before signing)."""
    return cast(Result, {k: v for k, v in json.loads(text).items() if k != "v"})
