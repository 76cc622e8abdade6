"""Play on two devices as the page calls it: plain JSON-able dicts in and out.

The page keeps one *state* per match played on two devices (it stores it like a match record):

```
{"format": "backgammon-remote", "v": 1, "seat": 0 | 1, "secret": "<base64url, never sent>",
 "transcript": [hello, join, turn, ...],   # every message of the match, sent or received, in order
 "pending": [items...],                    # this side's items not yet sent (its turn is not over)
 "turn": [{"type": "move", ...}, ...]}     # checker moves of a turn in progress (undo may take them back)
```

Every function takes the state and returns a new one; the state handed in is never changed, so a refused
message or action leaves the caller's match exactly as it was. What to send is returned as messages
(`message`, `send`); a correspondence turn link is `link(state)`.

- `create(name=, settings=, seat=, mode=, timeout=)` -> `{state, message}`: an invitation (the `hello`)
- `join(hello, name=)` -> `{state, message}`: the invited side's answer (`join`: its commitment and reveal)
- `act(state, action)` -> `{state, events, message}`: this side's action, as the worker's `act` takes it
  (`roll` without dice, `move`, `undo`, `undo_all`, `swap_dice`, `confirm`, `play`, `double`, `take`,
  `drop`, `beaver`, `resign`, `accept_resign`, `reject_resign`); `message` once the turn is handed over
- `receive(state, text)` -> `{state, accepted, events, send, refusal?, chat?, ...}`: any message from the
  other side; a refusal leaves the state as it was and `send` holds the refusal to tell the other side why
- `claim(state)` -> `{state, message}` once the other side has kept the match waiting past the timeout
- `chat(state, text)` -> `{message}`; `view(state)` -> `{view, remote}`
- `reconcile(state, messages, prefer=)` -> `{state, status, ...}`: two records of one match agreed again
- `record(state)`: the match record of the rules core, with the transcript that proves every roll
"""

from __future__ import annotations

import json
import secrets as _secrets
import time as _time
from collections import OrderedDict
from typing import Any, Literal, TypedDict

from ..errors import BackgammonError, InvalidActionError
from ..game import Game, Phase
from ..record import to_record
from ..rules import MatchSettings
from ..shapes import Event, View
from ..view import build_view
from .dice import b64decode, b64encode, chain_head, chain_value, new_secret
from .link import decode_transcript, encode_transcript
from .messages import (
    DEFAULT_TIMEOUT,
    MAX_TIMEOUT,
    MIN_TIMEOUT,
    MODES,
    VERSION,
    Message,
    RemoteError,
    Rules,
    canonical,
    check_chat_text,
    check_message,
    message_hash,
    out_of_band,
    parse_message,
)
from .protocol import Replay, replay_prefix, replay_transcript

FORMAT = "backgammon-remote"


class State(TypedDict):
    """This side's saved match on two devices: its seat, its secret (base64), the transcript so far, and the
    items of its turn not yet sent (`pending`) and of the turn in progress (`turn`). Read back from storage,
    it is checked (`_checked`) before anything is used."""

    format: str
    v: int
    seat: int
    secret: str
    transcript: list[Message]
    pending: list[dict[str, Any]]
    turn: list[dict[str, Any]]


class RemoteView(TypedDict):
    """The protocol's state as the page shows it beside the board."""

    match: str
    seat: int
    host: int
    names: list[str | None]
    ratings: list[int | None]
    rated: bool
    mode: str
    timeout: int
    phase: Literal["invited", "claimed", "over", "playing"]
    revision: int
    awaited: int | None
    waiting_for: Literal["join", "dice", "decision"] | None
    unsent: int
    rolls: int
    last_time: int
    deadline: int | None
    may_claim: bool
    claimed_by: int | None
    last_result: Any


class Refusal(TypedDict):
    code: str
    text: str
    revision: int | None


# A message in brief (what a fork shows of each side's message at the revision they part).
Brief = TypedDict("Brief", {"type": str, "from": int | None, "time": int | None})


class Result(TypedDict, total=False):
    """What a step of the match on two devices answers: the new state and, by step, the events, the message(s)
    to send, the refusal of the friend's message, and the views (`view`, `remote`)."""

    state: State
    events: list[Event]
    message: Message | None
    send: list[Message]
    accepted: bool
    refusal: Refusal
    #: reconcile: "same", "mine", "theirs" or "fork" (then `revision`, and `mine` and `theirs` in brief)
    status: str
    revision: int
    mine: Brief
    theirs: Brief
    dropped: Any
    #: receive: the revision an `ack` acknowledges and whether its hash is this side's; a refusal of this
    #: side's message; a chat message
    acked: int
    ack_matches: bool
    peer_refusal: Refusal
    chat: Any
    their_error: Refusal | None
    view: View | None
    remote: RemoteView


# Spread into a `Result` (`**_views(...)`), a `Views` is marked `type: ignore[typeddict-item]`: mypy refuses
# a ** item without the Result's other keys (they could be there with other types); `_views` gives these two.
class Views(TypedDict):
    """The rules core's view of the match (None until it is joined) and the protocol's state
    (`remote_view`)."""

    view: View | None
    remote: RemoteView


class Step(Views):
    """A step of this side's: the new state, and the views of it."""

    state: State


class Sent(Step):
    """A step whose message goes out at once: a match created or joined, a claim."""

    message: Message


class Opened(TypedDict):
    """A match created or joined: this side's first state and its message (the invitation, or the answer)."""

    state: State
    message: Message


class ActStep(Step):
    """This side's action (`remote_act`): what it did, and the message to send once the turn is over (None
    while it goes on)."""

    events: list[Event]
    message: Message | None


class ChatResult(TypedDict):
    message: Message


class LinkPayload(TypedDict):
    payload: str
    revision: int


class LinkInfo(TypedDict):
    """What a turn link holds, read without a state (`read_link`)."""

    match: str
    names: list[str | None]
    ratings: list[int | None]
    revision: int
    invitation: bool
    host: int
    rules: Rules
    error: Refusal | None


_CACHE: OrderedDict[tuple[Any, ...], Replay] = OrderedDict()
_CACHE_SIZE = 4


# ---- the state ------------------------------------------------------------------------------------


def _now(now: object) -> int:
    if now is None:
        return int(_time.time())
    if isinstance(now, bool) or not isinstance(now, (int, float)) or not 0 <= now < 2**40:
        raise InvalidActionError("The time must be a number of seconds since 1970.")
    return int(now)


def _unreadable(what: str) -> RemoteError:
    return RemoteError("malformed", f"The saved match on two devices cannot be read: {what}")


def _checked(state: object) -> tuple[int, bytes, list[Message], list[dict[str, Any]], list[dict[str, Any]]]:
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise _unreadable("it is not one.")
    if state.get("v") != VERSION:
        raise _unreadable(f"it was saved by another version of the protocol ({state.get('v')!s}).")
    seat = state.get("seat")
    text = state.get("secret")
    secret = b64decode(text, 32) if isinstance(text, str) else None
    transcript, pending, turn = state.get("transcript"), state.get("pending"), state.get("turn")
    if isinstance(seat, bool) or seat not in (0, 1):
        raise _unreadable("its seat is not player 0 or 1.")
    if secret is None:
        raise _unreadable("its secret is missing.")
    if not isinstance(transcript, list) or not transcript or not all(isinstance(m, dict) for m in transcript):
        raise _unreadable("it has no transcript.")
    for name, value in (("pending", pending), ("turn", turn)):
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            raise _unreadable(f"its {name} items are not a list.")
    assert isinstance(seat, int) and isinstance(transcript, list)
    assert isinstance(pending, list) and isinstance(turn, list)
    return seat, secret, transcript, pending, turn


def _key(state: State) -> tuple[Any, ...]:
    transcript = state["transcript"]
    return (
        state["seat"],
        len(transcript),
        canonical(transcript[-1]),
        canonical(state["pending"]),
        canonical(state["turn"]),
    )


def _build(state: State) -> Replay:
    seat, _secret, transcript, pending, turn = _checked(state)
    replay = replay_transcript([check_message(message) for message in transcript])
    events: list[Event] = []
    try:
        for item in pending:
            check_message(
                {
                    "v": VERSION,
                    "type": "turn",
                    "match": replay.match_id,
                    "rev": 2,
                    "prev": replay.head,
                    "from": seat,
                    "time": 0,
                    "items": [item],
                }
            )
            replay._apply_item(seat, item, events)
        for entry in turn:
            if entry.get("type") not in ("move", "swap_dice") or replay.match is None:
                raise _unreadable("its turn in progress holds something other than checker moves.")
            replay.core_action(seat, entry)
    except BackgammonError as error:
        raise _unreadable(str(error)) from None
    return replay


def _take(state: State) -> Replay:
    """The replayed match of `state`, taken out of the cache (put it back with `_keep` once changed)."""
    _checked(state)
    replay = _CACHE.pop(_key(state), None)
    return replay if replay is not None else _build(state)


def _keep(state: State, replay: Replay) -> None:
    _CACHE[_key(state)] = replay
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)


def _peek(state: State) -> Replay:
    replay = _take(state)
    _keep(state, replay)
    return replay


def _state(seat: int, secret: bytes, transcript: list[Message], pending: list[Any], turn: list[Any]) -> State:
    return {
        "format": FORMAT,
        "v": VERSION,
        "seat": seat,
        "secret": b64encode(secret),
        "transcript": transcript,
        "pending": pending,
        "turn": turn,
    }


# ---- starting a match -------------------------------------------------------------------------------


def _commit_item(secret: bytes, match_id: str, seat: int, first: int) -> dict[str, Any]:
    return {"type": "commit", "first": first, "head": b64encode(chain_head(secret, match_id, seat, first))}


def create(
    *,
    name: str,
    settings: object = None,
    seat: int = 0,
    mode: str = "live",
    timeout: int | None = None,
    secret: bytes | None = None,
    match_id: str | None = None,
    rating: int | None = None,
    now: object = None,
) -> Opened:
    """A new match to play on two devices: the host's state and its invitation (`hello`) to send. With a
    `rating` (the host's, whole points) the invitation offers a rated match."""
    if isinstance(seat, bool) or seat not in (0, 1):
        raise InvalidActionError("The host sits at seat 0 or 1.")
    if mode not in MODES:
        raise InvalidActionError("The mode is 'live' or 'correspondence'.")
    if timeout is None:
        timeout = DEFAULT_TIMEOUT[mode]
    if isinstance(timeout, bool) or not isinstance(timeout, int) or not MIN_TIMEOUT <= timeout <= MAX_TIMEOUT:
        raise InvalidActionError(
            f"The timeout is {MIN_TIMEOUT} seconds to {MAX_TIMEOUT // 86400} days, in seconds."
        )
    secret = secret if secret is not None else new_secret()
    match_id = match_id or b64encode(_secrets.token_bytes(16))
    hello: Message = {
        "v": VERSION,
        "type": "hello",
        "match": match_id,
        "rev": 0,
        "from": seat,
        "time": _now(now),
        "name": name.strip() if isinstance(name, str) else name,
        "rating": rating,
        "rules": {"settings": MatchSettings.from_dict(settings).to_dict(), "mode": mode, "timeout": timeout},
        "items": [_commit_item(secret, match_id, seat, 1)],
    }
    check_message(hello)
    replay = Replay.start(hello)
    state = _state(seat, secret, [hello], [], [])
    _keep(state, replay)
    return {"state": state, "message": hello}


def join(
    hello: object,
    *,
    name: str,
    rating: int | None = None,
    secret: bytes | None = None,
    now: object = None,
) -> Opened:
    """Accept an invitation: the guest's state and its `join` message (its commitment and first reveal). A
    `rating` (the guest's) accepts a rated invitation's offer; without one the match is not rated."""
    message = parse_message(hello) if isinstance(hello, str) else check_message(hello)
    replay = Replay.start(message)
    seat = replay.guest
    secret = secret if secret is not None else new_secret()
    answer: Message = {
        "v": VERSION,
        "type": "join",
        "match": replay.match_id,
        "rev": 1,
        "prev": replay.head,
        "from": seat,
        "time": _now(now),
        "name": name.strip() if isinstance(name, str) else name,
        "rating": rating,
        "items": [
            _commit_item(secret, replay.match_id, seat, 1),
            {
                "type": "reveal",
                "roll": 1,
                "value": b64encode(chain_value(secret, replay.match_id, seat, 1, 1)),
            },
        ],
    }
    check_message(answer)
    replay.apply(answer)
    state = _state(seat, secret, [message, answer], [], [])
    _keep(state, replay)
    return {"state": state, "message": answer}


# ---- this side's actions ------------------------------------------------------------------------------


def _in_progress(game: Game) -> list[dict[str, Any]]:
    """The checker moves of the turn in progress, as the record holds them."""
    return [
        entry for entry in game.record_entries()[len(game.log) :] if entry["type"] in ("move", "swap_dice")
    ]


class _Local:
    """This side's work on a replayed match: items added to `pending`, its reveals and commitments made."""

    def __init__(self, state: State, replay: Replay, now: int) -> None:
        self.seat, self.secret, transcript, pending, turn = _checked(state)
        self.replay = replay
        self.transcript = list(transcript)
        self.pending = list(pending)
        self.turn = list(turn)
        self.now = now
        self.events: list[Event] = []
        self.sent: list[Message] = []

    def begin(self) -> None:
        """A message's first item: this side's next commitment, when few of its committed rolls are left."""
        replay = self.replay
        if not self.pending and replay.segments[self.seat] and replay.needs_commit(self.seat):
            commit = _commit_item(self.secret, replay.match_id, self.seat, replay.coverage_end(self.seat) + 1)
            replay._apply_item(self.seat, commit, self.events)
            self.pending.append(commit)

    def add(self, item: dict[str, Any]) -> None:
        self.begin()
        self.replay._apply_item(self.seat, item, self.events)
        self.pending.append(item)

    def reveal(self) -> bool:
        """Add this side's value for the roll due; True when that completed the roll."""
        replay = self.replay
        roll = replay.next_roll
        segment = next(s for s in replay.segments[self.seat] if s.covers(roll))
        value = chain_value(self.secret, replay.match_id, self.seat, segment.first, roll - segment.first + 1)
        self.add({"type": "reveal", "roll": roll, "value": b64encode(value)})
        return replay.next_roll > roll

    def settle_reveals(self) -> bool:
        """Reveal whatever roll is due from this side; True when that completed a roll."""
        replay = self.replay
        rolled = False
        while replay.roll_due() and replay.may_act(self.seat):
            rolled = self.reveal()
        return rolled

    def settle(self) -> None:
        """Reveal whatever roll is due from this side, and send once the match no longer waits for it."""
        replay = self.replay
        rolled = self.settle_reveals()
        waiting = replay.may_act(self.seat)
        # Live, the dice go out as soon as they are known, so the other side watches the turn as it is played.
        early = rolled and replay.mode == "live" and not self.turn
        if self.pending and (not waiting or early):
            self.hand_over()

    def hand_over(self) -> None:
        replay = self.replay
        message: Message = {
            "v": VERSION,
            "type": "turn",
            "match": replay.match_id,
            "rev": replay.revision + 1,
            "prev": replay.head,
            "from": self.seat,
            "time": self.now,
            "items": self.pending,
        }
        check_message(message)
        replay.revision += 1
        replay.hashes.append(message_hash(message))
        replay.last_time = self.now
        replay.last_from = self.seat
        self.transcript.append(message)
        self.sent.append(message)
        self.pending = []

    def state(self) -> State:
        return _state(self.seat, self.secret, self.transcript, self.pending, self.turn)


def act(state: State, action: object, *, now: object = None) -> ActStep:
    """This side's action (the worker's `act` actions); `message` is what to send once the turn is over."""
    replay = _take(state)  # on an error it stays out of the cache: the next call replays the state handed in
    local = _Local(state, replay, _now(now))
    _act(local, action)
    local.settle()
    new = local.state()
    _keep(new, replay)
    return {
        "state": new,
        "events": local.events,
        "message": local.sent[-1] if local.sent else None,
        **_views(new, replay, local.now),
    }


def _act(local: _Local, action: object) -> None:
    replay, seat = local.replay, local.seat
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise InvalidActionError("An action is an object with a 'type'.")
    kind = action["type"]
    if replay.match is None:
        raise RemoteError("not-your-turn", "The match has not been joined yet.")
    if replay.finished:
        raise RemoteError("over", "The match is over.")
    match = replay.match
    if kind == "roll":
        if "dice" in action:
            raise InvalidActionError("Dice are never chosen here: they come from both players' secrets.")
        if replay.roll_due():
            raise RemoteError(
                "not-your-turn", f"The dice are on their way: the match waits for {_other(replay, seat)}."
            )
        local.add({"type": "roll"})
    elif kind in ("move", "undo", "undo_all", "swap_dice"):
        replay.check_core_action(seat)
        local.events.extend(match.act(action))
        local.turn = _in_progress(match.game)
    elif kind in ("confirm", "play"):
        ahead = action.get("roll_ahead", False)
        if not isinstance(ahead, bool):
            raise InvalidActionError("roll_ahead is true or false.")
        replay.check_core_action(seat)
        game = match.game
        start = len(game.log)
        local.events.extend(match.act({key: value for key, value in action.items() if key != "roll_ahead"}))
        done = [entry for entry in game.log[start:] if entry["type"] in ("move", "swap_dice", "confirm")]
        local.begin()
        local.pending.extend(done)
        local.events.extend(replay.after_core_action())
        local.turn = []
        game_over = match.game is not game
        if ahead and not game_over and not replay.finished and match.game.turn != seat:
            local.settle_reveals()
            local.add({"type": "roll"})
    elif kind == "resign":
        replay.check_core_action(seat)
        if match.game.phase is Phase.MOVE and local.turn:
            # A resignation is offered before the turn's moves: they are taken back, never sent.
            local.events.extend(match.act({"type": "undo_all"}))
            local.turn = []
        local.add({"type": "resign", "kind": action.get("kind", "single")})
    elif kind in ("double", "take", "drop", "beaver", "accept_resign", "reject_resign"):
        local.add({"type": kind})
    elif kind == "next_game":
        raise InvalidActionError("The next game starts by itself when a game ends.")
    else:
        raise InvalidActionError(f"Unknown action type {kind!r}.")


def _other(replay: Replay, seat: int) -> str:
    return replay.name(1 - seat)


# ---- messages from the other side -----------------------------------------------------------------------


def _refusal(match_id: str, error: RemoteError) -> Message:
    return out_of_band("refusal", match_id, rev=error.revision or 0, code=error.code, text=str(error))


def receive(state: State, text: object, *, now: object = None) -> Result:
    """Any message from the other side (JSON text). Accepted: the new state, the events and what to send
    (an `ack`, and this side's own message when it had only to reveal). Refused: the state as it was,
    `refusal` in plain words and the `refusal` message to send back."""
    replay = _peek(state)
    match_id = replay.match_id
    try:
        message = parse_message(text, large=_is_sync(text))
        if message["match"] != match_id:
            raise RemoteError(
                "other-match",
                "This message belongs to another match, not to the one played here.",
                message.get("rev"),
            )
    except RemoteError as error:
        return _refused(state, replay, error, now)
    kind = message["type"]
    if kind == "ack":
        rev = message["rev"]
        same = rev < len(replay.hashes) and replay.hashes[rev] == message["hash"]
        return {
            "state": state,
            "accepted": True,
            "events": [],
            "send": [],
            "acked": rev,
            "ack_matches": same,
            **_views(state, replay, _now(now)),  # type: ignore[typeddict-item]  # see Views
        }
    if kind == "refusal":
        return {
            "state": state,
            "accepted": True,
            "events": [],
            "send": [],
            "peer_refusal": {"revision": message["rev"], "code": message["code"], "text": message["text"]},
            **_views(state, replay, _now(now)),  # type: ignore[typeddict-item]  # see Views
        }
    if kind == "chat":
        return {
            "state": state,
            "accepted": True,
            "events": [],
            "send": [],
            "chat": {"from": message["from"], "text": message["text"], "time": message["time"]},
            **_views(state, replay, _now(now)),  # type: ignore[typeddict-item]  # see Views
        }
    if kind == "sync":
        return reconcile(state, message["messages"], now=now)
    if kind == "hello":
        code = "duplicate" if message_hash(message) == replay.hashes[0] else "fork"
        return _refused(
            state, replay, RemoteError(code, "This invitation is not news: the match has begun.", 0), now
        )
    seat, secret, transcript, pending, turn = _checked(state)
    if pending or turn:
        # The match waits for this side: only a claim can be accepted, and it ends the turn in progress.
        replay = replay_transcript([check_message(m) for m in transcript])
        pending, turn = [], []
    else:
        replay = _take(state)
    try:
        events = replay.apply(message)
    except RemoteError as error:
        return _refused(state, _peek(state), error, now)
    received = _state(seat, secret, [*transcript, message], pending, turn)
    local = _Local(received, replay, _now(now))
    local.events = events
    local.settle()
    new = local.state()
    _keep(new, replay)
    ack = out_of_band("ack", match_id, rev=message["rev"], hash=message_hash(message))
    return {
        "state": new,
        "accepted": True,
        "events": local.events,
        "send": [ack, *local.sent],
        "message": local.sent[-1] if local.sent else None,
        **_views(new, replay, local.now),  # type: ignore[typeddict-item]  # see Views
    }


def _is_sync(text: object) -> bool:
    return isinstance(text, str) and '"type":"sync"' in text[:200].replace(" ", "")


def _refused(state: State, replay: Replay, error: RemoteError, now: object = None) -> Result:
    refusal: Refusal = {"code": error.code, "text": str(error), "revision": error.revision}
    duplicate = error.code == "duplicate"
    send: list[Message] = []
    if duplicate and error.revision is not None and error.revision < len(replay.hashes):
        send.append(
            out_of_band("ack", replay.match_id, rev=error.revision, hash=replay.hashes[error.revision])
        )
    else:
        send.append(_refusal(replay.match_id, error))
    return {
        "state": state,
        "accepted": False,
        "events": [],
        "send": send,
        "refusal": refusal,
        **_views(state, replay, _now(now)),  # type: ignore[typeddict-item]  # see Views
    }


def claim(state: State, *, now: object = None) -> Sent:
    """Claim the match after the other side has kept it waiting longer than the match's timeout."""
    replay = _peek(state)
    seat, secret, transcript, pending, turn = _checked(state)
    moment = _now(now)
    message: Message = {
        "v": VERSION,
        "type": "claim",
        "match": replay.match_id,
        "rev": replay.revision + 1,
        "prev": replay.head,
        "from": seat,
        "time": moment,
    }
    if pending:
        raise RemoteError("early-claim", "The match waits for you, not for the other player.")
    fresh = replay_transcript([check_message(m) for m in transcript])
    fresh.apply(message)  # refused when the match is not waiting for the other side long enough
    new = _state(seat, secret, [*transcript, message], [], turn)
    _keep(new, fresh)
    return {"state": new, "message": message, **_views(new, fresh, moment)}


def chat(state: State, text: object, *, now: object = None) -> ChatResult:
    """A chat message to the other side (not part of the match)."""
    replay = _peek(state)
    return {
        "message": out_of_band(
            "chat", replay.match_id, **{"from": state["seat"]}, time=_now(now), text=check_chat_text(text)
        )
    }


def decline(hello: object) -> Message:
    """The answer to an invitation not taken (a rematch offered on the line of the match before, say): a
    `refusal` of its `hello` with the code `declined`, for the host's page to say so and drop the
    invitation."""
    message = parse_message(hello) if isinstance(hello, str) else check_message(hello)
    if message["type"] != "hello":
        raise RemoteError("malformed", "Only an invitation can be declined.", message.get("rev"))
    return out_of_band(
        "refusal", message["match"], rev=0, code="declined", text="The invitation was declined."
    )


def sync_message(state: State) -> Message:
    """This side's whole transcript, for the other side to agree again after a reload or a lost connection."""
    replay = _peek(state)
    return out_of_band("sync", replay.match_id, messages=state["transcript"])


# ---- agreeing again -------------------------------------------------------------------------------------


def reconcile(state: State, messages: object, *, prefer: str | None = None, now: object = None) -> Result:
    """Agree again with the other side's transcript of the same match.

    The longer valid record wins: the other side's record is read up to its first message that does not
    check; if it extends this side's, it is taken (`status` "theirs"), if this side's extends it, it is kept
    ("mine": send it), and if both are the same, "same". Two records that differ at some revision are a
    fork ("fork", with the revision): nothing changes unless `prefer` is "theirs".
    """
    moment = _now(now)
    seat, secret, transcript, pending, turn = _checked(state)
    mine = _peek(state)
    if not isinstance(messages, list) or not messages:
        raise RemoteError("malformed", "The other record holds no messages.")
    checked: list[Message] = []
    error: RemoteError | None = None
    for message in messages:
        try:
            checked.append(check_message(message))
        except RemoteError as problem:
            error = problem
            break
    theirs, replay_error = replay_prefix(checked) if checked else (None, error)
    error = replay_error or error
    result: Result = {"their_error": _error_dict(error) if error else None}
    if theirs is None or theirs.hashes[0] != mine.hashes[0]:
        if theirs is not None and theirs.match_id == mine.match_id:
            result["status"], result["revision"] = "fork", 0
            return {**result, "state": state, "send": [], **_views(state, mine, moment)}
        raise error or RemoteError("other-match", "The other record is of another match.")
    common = 0
    for ours, other in zip(mine.hashes, theirs.hashes, strict=False):
        if ours != other:
            break
        common += 1
    mine_count, their_count = len(mine.hashes), len(theirs.hashes)
    if common == mine_count == their_count:
        return {
            **result,
            "status": "same",
            "state": state,
            "send": [],
            "events": [],
            **_views(state, mine, moment),
        }
    if common == their_count:
        sync = out_of_band("sync", mine.match_id, messages=transcript)
        return {
            **result,
            "status": "mine",
            "state": state,
            "send": [sync],
            "events": [],
            **_views(state, mine, moment),
        }
    if common < mine_count and prefer != "theirs":
        result["status"], result["revision"] = "fork", common
        result["mine"], result["theirs"] = _brief(transcript[common]), _brief(checked[common])
        return {**result, "state": state, "send": [], "events": [], **_views(state, mine, moment)}
    # Theirs is taken: it extends this side's, or the player chose it after a fork.
    status = "theirs" if common == mine_count else "fork_resolved"
    adopted = checked[:their_count]
    replay = replay_transcript(adopted[:common])
    events: list[Event] = []
    for message in adopted[common:]:
        events.extend(replay.apply(message))
    dropped = bool(pending or turn) or status == "fork_resolved"
    local = _Local(_state(seat, secret, adopted, [], []), replay, moment)
    local.events = events
    local.settle()
    new = local.state()
    _keep(new, replay)
    return {
        **result,
        "status": status,
        "dropped": dropped,
        "state": new,
        "events": local.events,
        "send": local.sent,
        "message": local.sent[-1] if local.sent else None,
        **_views(new, replay, moment),
    }


def _brief(message: Message) -> Brief:
    return {"type": message["type"], "from": message.get("from"), "time": message.get("time")}


def _error_dict(error: RemoteError) -> Refusal:
    return {"code": error.code, "text": str(error), "revision": error.revision}


# ---- what the page shows ---------------------------------------------------------------------------------


def view(state: State, *, now: object = None) -> Views:
    """The rules core's view of the match (None until it is joined) and the protocol's state."""
    return _views(state, _peek(state), _now(now))


def _views(state: State, replay: Replay, now: int) -> Views:
    seat = state["seat"]
    awaited = replay.awaited
    phase = replay.phase
    waiting_on_other = awaited is not None and awaited != seat and not state["pending"]
    deadline = replay.last_time + replay.timeout if waiting_on_other else None
    waiting_for: Literal["join", "dice", "decision"] | None = None
    if phase == "invited":
        waiting_for = "join"
    elif awaited is not None:
        waiting_for = "dice" if replay.roll_due() else "decision"
    remote: RemoteView = {
        "match": replay.match_id,
        "seat": seat,
        "host": replay.host,
        "names": [replay.names[0], replay.names[1]],
        "ratings": [replay.ratings[0], replay.ratings[1]],
        "rated": replay.rated,
        "mode": replay.mode,
        "timeout": replay.timeout,
        "phase": phase,
        "revision": replay.revision,
        "awaited": awaited,
        "waiting_for": waiting_for,
        "unsent": len(state["pending"]),
        "rolls": len(replay.dice),
        "last_time": replay.last_time,
        "deadline": deadline,
        "may_claim": deadline is not None and phase == "playing" and now >= deadline,
        "claimed_by": replay.claimed_by,
        "last_result": replay.last_result,
    }
    return {"view": build_view(replay.match) if replay.match is not None else None, "remote": remote}


def record(state: State) -> dict[str, Any]:
    """The match record of the rules core (what analysis and files read), with the transcript under `remote`
    so that any later reader can check every roll (`verify_record`)."""
    replay = _peek(state)
    if replay.match is None:
        raise RemoteError("not-your-turn", "The match has not been joined yet: it has no record.")
    committed = replay_transcript([check_message(m) for m in state["transcript"]])
    assert committed.match is not None
    data = to_record(committed.match)
    data["remote"] = {"v": VERSION, "transcript": state["transcript"]}
    return data


def verify_record(data: object) -> dict[str, Any]:
    """Check a record that carries its transcript: every message, reveal and move, and that the record's games
    are what the transcript plays. Returns `{match, rolls, revision}`; raises `RemoteError`."""
    if not isinstance(data, dict) or not isinstance(data.get("remote"), dict):
        raise RemoteError("malformed", "This record was not played on two devices: it has no transcript.")
    remote = data["remote"]
    if remote.get("v") != VERSION or not isinstance(remote.get("transcript"), list):
        raise RemoteError("version", "The record's transcript is of another version of the protocol.")
    replay = replay_transcript([check_message(m) for m in remote["transcript"]])
    if replay.match is None:
        raise RemoteError("malformed", "The record's transcript ends before the match was joined.")
    played = to_record(replay.match)
    if json.dumps(played["games"], sort_keys=True) != json.dumps(data.get("games"), sort_keys=True):
        raise RemoteError("illegal", "The record's games are not the ones its transcript plays.")
    return {"match": replay.match_id, "rolls": len(replay.dice), "revision": replay.revision}


# ---- correspondence links ---------------------------------------------------------------------------------


def link(state: State) -> LinkPayload:
    """The turn link's payload for this side's transcript (what it has sent and received so far)."""
    _checked(state)
    return {"payload": encode_transcript(state["transcript"]), "revision": len(state["transcript"]) - 1}


def read_link(payload: object) -> LinkInfo:
    """What a turn link holds, checked as far as it goes, without a state: the match, its players, its
    revision and whether it is an invitation (a link of the `hello` alone) — for the page to find the match
    it belongs to, or to offer to join."""
    messages = decode_transcript(payload)
    replay, error = replay_prefix(messages)
    if replay is None:
        assert error is not None
        raise error
    return {
        "match": replay.match_id,
        "names": [replay.names[0], replay.names[1]],
        "ratings": [replay.ratings[0], replay.ratings[1]],
        "revision": replay.revision,
        "invitation": len(messages) == 1,
        "host": replay.host,
        "rules": messages[0]["rules"],
        "error": _error_dict(error) if error else None,
    }


def receive_link(state: State, payload: object, *, prefer: str | None = None, now: object = None) -> Result:
    """A turn link from the other side: its whole transcript checked and agreed with this side's record."""
    return reconcile(state, decode_transcript(payload), prefer=prefer, now=now)


def join_link(
    payload: object,
    *,
    name: str,
    rating: int | None = None,
    secret: bytes | None = None,
    now: object = None,
) -> Opened:
    """Join the match of an invitation link (a link holding the `hello` alone)."""
    messages = decode_transcript(payload)
    if len(messages) != 1:
        raise RemoteError(
            "not-your-turn", "This link is not an invitation: the match has already been joined."
        )
    return join(messages[0], name=name, rating=rating, secret=secret, now=now)
