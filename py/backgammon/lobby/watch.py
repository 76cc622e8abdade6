"""Watching a match met in the lobby (docs/lobby-events.md, *Watching*): the players' devices publish
each message of the match's transcript as a signed event (kind 1661), and a watcher's device takes in only
those its two players signed, puts them in order of revision, and replays them with the rules core exactly
as a player's device does. What does not follow (a message out of its place, a roll that fails its
commitment, a move the rules refuse, two different messages for one revision) stops the match there: the
watcher sees it as far as it is proven, and why it stops. A watcher sends nothing: there is no way into the
match from here.
"""

from __future__ import annotations

import json
from typing import Any, Literal, TypedDict

from ..errors import Arg, BackgammonError, InvalidActionError, Said, say
from ..record import to_record
from ..remote.messages import VERSION, Message, check_message, message_hash
from ..remote.protocol import Replay, replay_transcript
from ..shapes import MatSummary, View, Words
from ..view import build_view
from .events import TOPIC, _kind, _not_future, _tags
from .nostr import HEX_32, NostrEvent, check_shape, check_signed
from .refusal import Refused

KIND_WATCH = 1661
#: The messages a transcript is made of (acknowledgements, refusals, chat and syncs pass between the two
#: devices only).
TRANSCRIPT_TYPES = frozenset({"hello", "join", "turn", "claim"})
#: Messages one watched match holds, at most (a long match has a few hundred; a flood stops here).
MAX_WATCHED_MESSAGES = 5_000


#: Why a watched match cannot be followed, by message id (`n`: the first message not shown, counted from 1;
#: `error`: the rules core's English): the page says it in the player's language from its catalogues,
#: whose English is this (tests/units/test_core_rest_words.py holds the two together).
STOPPED = {
    "watch.stoppedDiffer": (
        "From its message {n} on, this match cannot be followed: the players' records of it differ."
    ),
    "watch.stoppedRefused": (
        "From its message {n} on, this match cannot be followed:"
        " that message does not follow from those before ({error})."
    ),
}
#: A watched match not begun, asked for its record.
NOT_BEGUN = {"watch.notBegun": "The match has not begun yet: there is nothing to review."}


class WatchChanges(TypedDict):
    """What one batch changed: messages newly proven (replayed), refusals by code, the first reasons."""

    proven: int
    refused: dict[str, int]
    reasons: list[str]


WatchPhase = Literal["waiting", "invited", "playing", "over", "claimed"]


class WatchState(TypedDict):
    """Where the watched match stands: the revisions proven, held beyond them (waiting for a gap), and the
    reason it stops, if it does (in English, and as a message id: `stopped_words`)."""

    proven: int
    waiting: int
    stopped: str | None
    stopped_words: Words | None
    phase: WatchPhase


class WatchedRecord(TypedDict):
    """A watched match's record, and what review says of it."""

    record: dict[str, Any]
    summary: MatSummary


class WatchView(TypedDict):
    """A watched match as the page draws it."""

    state: WatchState
    names: list[str | None]
    view: View | None


class Watch:
    """One match watched: `players` the two keys (the invitation's poster and the player who took it),
    `address` the invitation's `a` value ("31660:<poster>:<d>") every watch event names."""

    def __init__(self, players: tuple[str, str], address: str) -> None:
        if len(players) != 2 or not all(HEX_32.fullmatch(key) for key in players) or players[0] == players[1]:
            raise Refused("malformed", "a watched match has two players' keys.")
        self.players = players
        self.address = address
        self.held: dict[int, tuple[str, Message]] = {}  # by revision: its canonical text, the message
        self.replay: Replay | None = None
        self.proven = 0  # messages replayed: revisions 0 .. proven - 1
        self.stopped: str | None = None
        self.stopped_words: Words | None = None

    def receive(self, events: list[object], now: int) -> WatchChanges:
        changes = WatchChanges(proven=0, refused={}, reasons=[])
        for data in events:
            try:
                self._take(data, now)
            except Refused as refusal:
                changes["refused"][refusal.code] = changes["refused"].get(refusal.code, 0) + 1
                if len(changes["reasons"]) < 20:
                    changes["reasons"].append(str(refusal))
        before = self.proven
        self._prove()
        changes["proven"] = self.proven - before
        return changes

    def _take(self, data: object, now: int) -> None:
        event = check_shape(data)
        _kind(event, KIND_WATCH, "a watched match's message")
        tags = _tags(event, ("a", "p", "t"))
        if tags["t"] != TOPIC or tags["a"] != self.address:
            raise Refused("kind", "it is not a message of the match watched.")
        author = event["pubkey"]
        if author not in self.players:
            raise Refused("content", "neither player of the match signed it.")
        if tags["p"] != self._other(author):
            raise Refused("content", "it does not name the other player of the match.")
        _not_future(event["created_at"], now, "the message")
        message = self._message(event)
        revision = message["rev"]
        text = json.dumps(message, sort_keys=True)
        if revision in self.held:
            if self.held[revision][0] == text:
                raise Refused("duplicate", "the same message again.")
            check_signed(event)
            # Both players signed different messages for one revision: one of them lies; nothing after counts.
            self._stop(revision, "watch.stoppedDiffer")
            raise Refused("content", f"a second, different message for revision {revision}.")
        if revision < self.proven and self.stopped is None:
            raise Refused("duplicate", "a message already proven.")
        if len(self.held) >= MAX_WATCHED_MESSAGES:
            raise Refused("flood", "the match holds as many messages as a watcher keeps.")
        check_signed(event)
        self.held[revision] = (text, message)

    def _message(self, event: NostrEvent) -> Message:
        try:
            message = check_message(json.loads(event["content"]))
        except (ValueError, BackgammonError) as error:
            raise Refused(
                "content", f"its content is not a message of play on two devices ({error})."
            ) from None
        if message["type"] not in TRANSCRIPT_TYPES:
            raise Refused("content", f"a {message['type']} message is not part of a match's transcript.")
        first = self.held.get(0)
        if first is not None and message["match"] != first[1]["match"]:
            raise Refused("content", "its message belongs to another match.")
        return message

    def _other(self, key: str) -> str:
        return self.players[1] if key == self.players[0] else self.players[0]

    def _stop(self, revision: int, why: str, **args: Arg) -> None:
        """Nothing from `revision` on is shown: the match is proven up to the message before it. `why`: a key
        of STOPPED, `args` its arguments but the message's number."""
        if self.stopped is not None and revision >= self.proven:
            return
        if revision < self.proven:
            self.proven = revision
            trusted = [self.held[r][1] for r in range(revision)]
            self.replay = replay_transcript(trusted) if trusted else None
        said = say(STOPPED, why, n=revision + 1, **args)
        self.stopped = said.text
        self.stopped_words = said.words

    def _prove(self) -> None:
        """Replay the messages held that follow on from those proven, in order, until a gap or a refusal."""
        while self.stopped is None and self.proven in self.held:
            message = self.held[self.proven][1]
            try:
                if self.replay is None:
                    self.replay = Replay.start(message)
                else:
                    self.replay.apply(message)
            except BackgammonError as error:
                # The refusal's own words inside, in the same language, when the core gave them.
                inner: Arg = str(error) if error.words is None else Said(str(error), error.words)
                self._stop(self.proven, "watch.stoppedRefused", error=inner)
                return
            self.proven += 1

    def state(self) -> WatchState:
        phase: WatchPhase = "waiting" if self.replay is None else self.replay.phase
        waiting = sum(1 for revision in self.held if revision >= self.proven)
        return WatchState(
            proven=self.proven,
            waiting=waiting,
            stopped=self.stopped,
            stopped_words=self.stopped_words,
            phase=phase,
        )

    def shown(self) -> WatchView:
        """What a watcher's page draws: where it stands, the players' names, and the rules core's view of the
        match as far as it is proven (None before the match exists)."""
        replay = self.replay
        names: list[str | None] = [replay.names[0], replay.names[1]] if replay is not None else [None, None]
        match = replay.match if replay is not None else None
        return WatchView(
            state=self.state(), names=names, view=build_view(match) if match is not None else None
        )

    def record(self) -> WatchedRecord:
        """The match as far as it is proven, as the rules core's record (what review and files read), with
        its transcript under `remote` as a player's record has it, so any reader can check every roll; and
        what review says of it (as of a match opened from a file)."""
        from ..formats.mat_import import mat_summary  # the page's start imports the lobby; files load later

        if self.replay is None or self.replay.match is None:
            raise InvalidActionError(NOT_BEGUN["watch.notBegun"]).said_as("watch.notBegun")
        data = to_record(self.replay.match)
        data["remote"] = {"v": VERSION, "transcript": [self.held[r][1] for r in range(self.proven)]}
        return WatchedRecord(record=data, summary=mat_summary(self.replay.match))

    def head(self) -> str | None:
        """The hash of the last message proven (what a result's `final` names once the match is over)."""
        if self.proven == 0:
            return None
        return message_hash(self.held[self.proven - 1][1])
