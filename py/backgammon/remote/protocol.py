"""The match as both devices see it: a transcript of messages replayed and checked one item at a time.

`Replay.start(hello)` begins a match from its invitation; `Replay.apply(message)` checks a message's place
(its match, revision and the hash of the message before), that its sender is the one the match waits for,
then applies its items in order: commitments and reveals are checked against the hash chains, every checker
move and cube action by the rules core (`Match.act`), and a roll happens, with dice derived from both
reveals, as soon as both are in. Anything wrong raises `RemoteError`; a `Replay` that raised is spoilt
(`broken`) and must be replayed again from its transcript.

Who may send: at every moment the state says which side the match waits for (`awaited`). While a roll is
due, the side whose reveal is missing; otherwise the side whose decision it is in the rules core. A roll is
due at every opening roll, and when the player on roll cannot double; when he can, only once he has asked to
roll (a `roll` item). A message must leave its sender with nothing to do: it ends its turn, its answer or its
reveal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..errors import BackgammonError, Said, say
from ..game import Phase
from ..match import Match
from ..record import REPLAYABLE
from ..rules import MatchSettings
from ..shapes import Event
from .dice import CHAIN_LENGTH, COMMIT_MARGIN, b64decode, derive_dice, reveal_ok
from .messages import Message, RemoteError, message_hash

#: Items that the rules core applies (the rest are the protocol's own: commit, reveal, roll): a record's
#: actions less the roll (the dice come from both sides' reveals) and the undos (a turn is sent once played).
CORE_ITEMS = REPLAYABLE - {"roll", "undo", "undo_all"}

# An action of the rules core refused in a transcript (what a watcher's page shows inside its stop reason), by
# message id, the core's refusal inside (tests/units/test_core_words.py holds it to en.js).
ACTIONS_SAID = (
    "move",
    "confirm",
    "swap_dice",
    "double",
    "take",
    "drop",
    "beaver",
    "resign",
    "accept_resign",
    "reject_resign",
)
REFUSED_WORDS: dict[str, str] = {
    "remote.actionRefused": (
        "{name}'s {action, select, move {move} confirm {confirm} swap_dice {swap_dice} double {double}"
        " take {take} drop {drop} beaver {beaver} resign {resign} accept_resign {accept_resign}"
        " reject_resign {reject_resign} other {action}} is refused: {error}"
    ),
}


@dataclass(frozen=True)
class Segment:
    """A committed hash chain: the head covers rolls `first` .. `first + CHAIN_LENGTH - 1`."""

    first: int
    head: bytes

    def covers(self, roll: int) -> bool:
        return self.first <= roll < self.first + CHAIN_LENGTH


@dataclass
class Replay:
    """The checked state of a match played on two devices."""

    match_id: str
    host: int
    settings: MatchSettings
    mode: str
    timeout: int
    names: list[str | None]
    #: each player's rating as they gave it (hello, join): a match is rated when both gave one
    ratings: list[int | None] = field(default_factory=lambda: [None, None])
    match: Match | None = None
    segments: tuple[list[Segment], list[Segment]] = field(default_factory=lambda: ([], []))
    #: roll number -> [player 0's value, player 1's value] (None until revealed)
    reveals: dict[int, list[bytes | None]] = field(default_factory=dict)
    #: the dice of each roll, from roll 1
    dice: list[tuple[int, int]] = field(default_factory=list)
    next_roll: int = 1
    requested: bool = False
    #: per player: a roll asked for ahead, before the other's turn is over (no double at that next turn)
    ahead: list[bool] = field(default_factory=lambda: [False, False])
    revision: int = 0
    hashes: list[str] = field(default_factory=list)
    last_time: int = 0
    last_from: int = 0
    claimed_by: int | None = None
    #: the result of the game before the one being played (the next game starts at once)
    last_result: dict[str, Any] | None = None
    broken: bool = False

    # ---- building ---------------------------------------------------------------------------------

    @classmethod
    def start(cls, hello: Message) -> Replay:
        """A match from its invitation (a checked `hello` message)."""
        if hello["type"] != "hello":
            raise RemoteError("malformed", "A match begins with an invitation (a hello message).", 0)
        rules = hello["rules"]
        try:
            settings = MatchSettings.from_dict(rules["settings"])
        except BackgammonError as error:
            raise RemoteError("malformed", f"The invitation's rules cannot be played: {error}", 0) from None
        host = hello["from"]
        names: list[str | None] = [None, None]
        names[host] = hello["name"].strip()
        replay = cls(hello["match"], host, settings, rules["mode"], rules["timeout"], names)
        replay.ratings[host] = hello["rating"]
        items = hello["items"]
        if len(items) != 1 or items[0]["type"] != "commit":
            raise RemoteError(
                "commit", "An invitation carries its sender's commitment to the dice, alone.", 0
            )
        replay._apply_item(host, items[0], [])
        replay.hashes.append(message_hash(hello))
        replay.last_time = hello["time"]
        replay.last_from = host
        return replay

    @property
    def head(self) -> str:
        """The hash of the last message: the next one names it as `prev`."""
        return self.hashes[-1]

    @property
    def guest(self) -> int:
        return 1 - self.host

    @property
    def rated(self) -> bool:
        """Whether both agreed to a rated match: the host offered it, the guest accepted with their rating."""
        return self.ratings[0] is not None and self.ratings[1] is not None

    def name(self, seat: int) -> str:
        return self.names[seat] or ("the host" if seat == self.host else "the guest")

    # ---- what the state says ----------------------------------------------------------------------

    @property
    def phase(self) -> Literal["invited", "claimed", "over", "playing"]:
        """Where the match stands: not joined yet, claimed after a timeout, over, or being played."""
        if self.match is None:
            return "invited"
        if self.claimed_by is not None:
            return "claimed"
        return "over" if self.match.is_over else "playing"

    @property
    def finished(self) -> bool:
        return self.claimed_by is not None or (self.match is not None and self.match.is_over)

    def roll_due(self) -> bool:
        """Whether the next roll waits only for reveals (no decision stands before it)."""
        if self.match is None or self.finished:
            return False
        game = self.match.game
        if game.phase is Phase.OPENING:
            return True
        if game.phase is Phase.ROLL and game.turn is not None:
            return self.requested or self.ahead[game.turn] or game.why_not_double(game.turn) is not None
        return False

    def may_act(self, seat: int) -> bool:
        """Whether the match waits for `seat` (its reveal, or its decision)."""
        if self.match is None:
            return seat == self.guest and self.revision == 0
        if self.finished:
            return False
        if self.roll_due():
            return self.reveals.get(self.next_roll, [None, None])[seat] is None
        return self.match.game.decision == seat

    @property
    def awaited(self) -> int | None:
        """The side the match waits for, or None when it is over."""
        waiting = [seat for seat in (0, 1) if self.may_act(seat)]
        return waiting[0] if len(waiting) == 1 else None

    def coverage_end(self, seat: int) -> int:
        """The last roll that `seat`'s commitments cover (0 before any)."""
        segments = self.segments[seat]
        return segments[-1].first + CHAIN_LENGTH - 1 if segments else 0

    def needs_commit(self, seat: int) -> bool:
        """Whether `seat` should commit its next chain now (few of its committed rolls are left)."""
        return self.coverage_end(seat) - self.next_roll + 1 <= COMMIT_MARGIN

    # ---- applying messages ------------------------------------------------------------------------

    def check_place(self, message: Message) -> None:
        """Refuse a message for another match, from the past, from the future, or off the hash chain."""
        revision = message.get("rev")
        if message["match"] != self.match_id:
            raise RemoteError(
                "other-match", "This message belongs to another match, not to the one played here.", revision
            )
        if not isinstance(revision, int):
            raise RemoteError("malformed", "This message has no place in a match.")
        if revision <= self.revision:
            if message_hash(message) == self.hashes[revision]:
                raise RemoteError(
                    "duplicate",
                    f"Message {revision} arrived again; it is already part of the match.",
                    revision,
                )
            raise RemoteError(
                "fork",
                f"This message is another version of message {revision}, which this device already has "
                "differently: the two records of the match disagree from there.",
                revision,
            )
        if revision > self.revision + 1:
            raise RemoteError(
                "missing",
                f"This is message {revision}, but this device has only up to message {self.revision}: the "
                "messages between are missing.",
                revision,
            )
        if message["prev"] != self.head:
            raise RemoteError(
                "chain",
                f"Message {revision} does not follow the message {self.revision} this device has (its hash "
                "of the message before differs): the two records of the match disagree.",
                revision,
            )

    def apply(self, message: Message) -> list[Event]:
        """Check and apply one message of the transcript (already checked for shape); returns the events."""
        if self.broken:
            raise RuntimeError("This replay raised before: replay the transcript again.")
        self.check_place(message)
        revision = message["rev"]
        sender = message["from"]
        if self.finished:
            raise RemoteError("over", "The match is over: no message can follow.", revision)
        try:
            events = self._apply(message, sender)
        except RemoteError as error:
            self.broken = True
            error.revision = revision
            raise
        except BackgammonError as error:  # pragma: no cover - every path above raises RemoteError
            self.broken = True
            raise RemoteError("illegal", str(error), revision) from None
        except Exception:
            self.broken = True
            raise
        self.revision = revision
        self.hashes.append(message_hash(message))
        self.last_time = message["time"]
        self.last_from = sender
        return events

    def _apply(self, message: Message, sender: int) -> list[Event]:
        kind = message["type"]
        if kind == "hello":
            raise RemoteError("malformed", "An invitation can only begin a match.")
        if kind == "claim":
            self._claim(message, sender)
            return [{"type": "claimed", "player": sender}]
        if kind == "join":
            if sender != self.guest:
                raise RemoteError("not-your-turn", "Only the invited player can join the match.")
            if message["rating"] is not None and self.ratings[self.host] is None:
                raise RemoteError(
                    "malformed", "The invitation is not to a rated match: a rating cannot answer it.", 1
                )
            self.names[sender] = message["name"].strip()
            self.ratings[sender] = message["rating"]
            players = [{"name": self.name(seat), "kind": "human"} for seat in (0, 1)]
            self.match = Match(self.settings, players)
        elif self.match is None:
            raise RemoteError("not-your-turn", "The match has not been joined yet.")
        if not self.may_act(sender):
            raise RemoteError(
                "not-your-turn",
                f"It is not {self.name(sender)}'s turn to send: the match waits for {self._waiting_text()}.",
            )
        events: list[Event] = []
        rolled = False
        for item in message["items"]:
            before = self.next_roll
            self._apply_item(sender, item, events)
            rolled = self.next_roll > before
        # A message ends its sender's part, or (live) brings the dice its sender is about to play.
        if self.may_act(sender) and not rolled:
            raise RemoteError(
                "illegal",
                f"The message stops before {self.name(sender)} has finished: the match still waits for "
                f"{self._waiting_text()}.",
            )
        return events

    def _waiting_text(self) -> str:
        if self.match is None:
            return f"{self.name(self.guest)} to join"
        waiting = [seat for seat in (0, 1) if self.may_act(seat)]
        if not waiting:
            return "nobody (the match is over)"
        what = "the dice" if self.roll_due() else "a decision"
        return " and ".join(self.name(seat) for seat in waiting) + f" ({what})"

    def _claim(self, message: Message, sender: int) -> None:
        if self.match is None:
            raise RemoteError("early-claim", "A match nobody has joined cannot be claimed.")
        if self.may_act(sender):
            raise RemoteError(
                "early-claim",
                f"{self.name(sender)} cannot claim the match: the match waits for {self.name(sender)}.",
            )
        waited = message["time"] - self.last_time
        if waited < self.timeout:
            raise RemoteError(
                "early-claim",
                f"The match was claimed {_duration(max(waited, 0))} after the last message; its rules "
                f"allow a claim after {_duration(self.timeout)} without an answer.",
            )
        self.claimed_by = sender

    # ---- items --------------------------------------------------------------------------------------

    def _apply_item(self, seat: int, item: dict[str, Any], events: list[Event]) -> None:
        kind = item["type"]
        if kind == "commit":
            self._commit(seat, item)
        elif kind == "reveal":
            events.extend(self._reveal(seat, item))
        elif self.match is None:
            raise RemoteError("not-your-turn", "Nothing can be played before the match has been joined.")
        elif kind == "roll":
            self._request_roll(seat)
        else:
            events.extend(self.core_action(seat, item))

    def _commit(self, seat: int, item: dict[str, Any]) -> None:
        first = item["first"]
        head = b64decode(item["head"], 32)
        assert head is not None  # checked with the message's shape
        end = self.coverage_end(seat)
        if first != end + 1:
            raise RemoteError(
                "commit",
                f"{self.name(seat)}'s commitment starts at roll {first}, but the one before ends at roll "
                f"{end}.",
            )
        revealed = self.next_roll if self.next_roll in self.reveals else self.next_roll - 1
        if first <= revealed:
            raise RemoteError(
                "commit",
                f"{self.name(seat)}'s commitment for roll {first} comes after a value for that roll was "
                "revealed: a commitment must come before.",
            )
        if end and not self.needs_commit(seat):
            raise RemoteError(
                "commit",
                f"{self.name(seat)} commits again while more than {COMMIT_MARGIN} rolls are still committed.",
            )
        if any(segment.head == head for side in self.segments for segment in side):
            raise RemoteError("commit", f"{self.name(seat)}'s commitment repeats one already made.")
        self.segments[seat].append(Segment(first, head))

    def _reveal(self, seat: int, item: dict[str, Any]) -> list[Event]:
        roll = item["roll"]
        if not self.roll_due():
            raise RemoteError(
                "reveal", f"{self.name(seat)} reveals a value for the dice, but no roll is due."
            )
        if roll != self.next_roll:
            raise RemoteError(
                "reveal", f"The value revealed is for roll {roll}, but the roll due is roll {self.next_roll}."
            )
        pair = self.reveals.setdefault(roll, [None, None])
        if pair[seat] is not None:
            raise RemoteError("reveal", f"{self.name(seat)} has already revealed a value for roll {roll}.")
        segment = next((s for s in self.segments[seat] if s.covers(roll)), None)
        if segment is None:
            raise RemoteError("commit", f"No commitment of {self.name(seat)} covers roll {roll}.")
        previous = segment.head if roll == segment.first else self.reveals[roll - 1][seat]
        value = b64decode(item["value"], 32)
        assert value is not None and previous is not None
        if not reveal_ok(value, previous, self.match_id, seat, segment.first):
            raise RemoteError(
                "reveal",
                f"The value {self.name(seat)} revealed for roll {roll} does not match {self.name(seat)}'s "
                "commitment, so these dice cannot be trusted.",
            )
        pair[seat] = value
        first, second = pair
        if first is None or second is None:
            return []
        assert self.match is not None
        dice = derive_dice(self.match_id, roll, first, second)
        events = self.match.act({"type": "roll", "dice": list(dice)})
        self.dice.append(dice)
        self.next_roll += 1
        self.requested = False
        if self.match.game.turn is not None:
            self.ahead[self.match.game.turn] = False
        return events

    def _request_roll(self, seat: int) -> None:
        """Asked by the player on roll: roll now, no double. Asked by the other: roll without doubling at
        the next turn of this game (so the dice can come with the other's play: one message a turn)."""
        assert self.match is not None
        game = self.match.game
        if game.phase is Phase.ROLL and game.turn == seat:
            if self.roll_due():
                raise RemoteError("illegal", f"{self.name(seat)} cannot ask to roll now: the roll is due.")
            self.requested = True
            return
        if game.phase in (Phase.OPENING, Phase.GAME_OVER) or self.ahead[seat] or game.turn is None:
            raise RemoteError("illegal", f"{self.name(seat)} cannot ask for the next roll now.")
        self.ahead[seat] = True

    def check_core_action(self, seat: int) -> None:
        """Refuse an action of the rules core by `seat` when the protocol does not let `seat` act now."""
        assert self.match is not None
        if self.roll_due():
            if not self.may_act(seat):
                raise RemoteError(
                    "not-your-turn",
                    f"It is not {self.name(seat)}'s turn: the match waits for {self._waiting_text()}.",
                )
            raise RemoteError(
                "illegal",
                f"The dice come first: {self.name(seat)} cannot act before the roll due has been revealed.",
            )
        if self.match.game.decision != seat:
            raise RemoteError("not-your-turn", f"It is not {self.name(seat)}'s decision now.")

    def core_action(self, seat: int, action: dict[str, Any]) -> list[Event]:
        """One action of the rules core for `seat`, checked by the protocol and by the rules."""
        self.check_core_action(seat)
        assert self.match is not None
        try:
            events = self.match.act(action)
        except BackgammonError as error:
            refused = RemoteError("illegal", f"{self.name(seat)}'s {action['type']} is refused: {error}")
            if action["type"] in ACTIONS_SAID and error.words is not None:  # a watcher's page says it
                inner = Said(str(error), error.words)
                refused.words = say(
                    REFUSED_WORDS,
                    "remote.actionRefused",
                    name=self.name(seat),
                    action=action["type"],
                    error=inner,
                ).words
            raise refused from None
        return events + self.after_core_action()

    def after_core_action(self) -> list[Event]:
        """A game that has ended leads to the next one at once (nobody decides that)."""
        assert self.match is not None
        game = self.match.game
        if game.phase is Phase.GAME_OVER and game.outcome is not None and not self.match.is_over:
            self.last_result = {"game_number": game.number, **game.outcome.to_dict()}
            self.ahead = [False, False]
            return self.match.next_game()
        return []


def replay_transcript(messages: list[Message]) -> Replay:
    """The checked state after every message of `messages` (checked for shape); raises `RemoteError`."""
    if not messages:
        raise RemoteError("malformed", "A transcript holds at least the invitation.")
    replay = Replay.start(messages[0])
    for message in messages[1:]:
        replay.apply(message)
    return replay


def replay_prefix(messages: list[Message]) -> tuple[Replay | None, RemoteError | None]:
    """The longest valid prefix of a transcript: its state and the error that stopped it (None if whole).
    A spoilt state is replayed again up to the last message that was accepted."""
    if not messages:
        return None, RemoteError("malformed", "A transcript holds at least the invitation.")
    try:
        replay = Replay.start(messages[0])
    except RemoteError as error:
        return None, error
    for index, message in enumerate(messages[1:], start=1):
        try:
            replay.apply(message)
        except RemoteError as error:
            return replay_transcript(messages[:index]), error
    return replay, None


def _duration(seconds: int) -> str:
    if seconds >= 2 * 86400:
        return f"{seconds // 86400} days"
    if seconds >= 2 * 3600:
        return f"{seconds // 3600} hours"
    if seconds >= 120:
        return f"{seconds // 60} minutes"
    return f"{seconds} seconds"
