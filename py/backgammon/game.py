"""One game of backgammon: opening roll, turns, passes, the cube, resignations and the result.

A `Game` is driven by its methods (`roll`, `move`, `confirm`, `double`, ...). Each acts for the player
whose decision it is, raises `InvalidActionError` when the action is not allowed now, and returns the
events it caused (plain dicts, absolute coordinates) for animation and announcements. The game also keeps
its own record entries (`log`) and its move list in standard notation (`notation`).

Inside, the board is a `Position` seen from the player whose turn it is (`turn`); the opening roll decides
who that is first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, cast

from .dice import Dice, check_dice
from .errors import REFUSALS, InvalidActionError
from .limits import shown
from .move import Move
from .position import Position
from .rules import Cube, CubeBlock, MatchSettings, may_beaver, may_double
from .shapes import CheckerMove, Event, Point, WinKind
from .shapes import Outcome as OutcomeDict
from .turn import Turn

_DestsKey = tuple[Turn, tuple[Move, ...], Dice]
LogEntry = dict[str, Any]

BAR = 25
OFF = 0


class Phase(Enum):
    OPENING = "opening"
    ROLL = "roll"
    MOVE = "move"
    DOUBLED = "doubled"
    RESIGN_OFFERED = "resign_offered"
    GAME_OVER = "game_over"


class Win(Enum):
    """How big a win is; the value is the multiplier of the cube."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3

    @property
    def label(self) -> WinKind:
        return cast(WinKind, self.name.lower())

    @classmethod
    def from_label(cls, label: object) -> Win:
        for kind in cls:
            if kind.label == label:
                return kind
        raise InvalidActionError(f"A resignation is 'single', 'gammon' or 'backgammon', not {shown(label)}.")


class Ending(Enum):
    """How the game ended."""

    BORNE_OFF = "borne_off"
    DROPPED = "dropped"
    RESIGNED = "resigned"


@dataclass(frozen=True)
class Outcome:
    """The result of a game: `Outcome(winner=0, kind=Win.GAMMON, points=4)`."""

    winner: int
    kind: Win
    points: int
    ending: Ending = Ending.BORNE_OFF

    def to_dict(self) -> OutcomeDict:
        return {
            "winner": self.winner,
            "kind": self.kind.label,
            "points": self.points,
            "ending": self.ending.value,
        }


@dataclass(frozen=True)
class HistoryItem:
    """One entry of the game's move list: a play, a cube action or the result.

    `kind` is "play", "roll" (the dice of a turn cut short by a resignation), "double", "beaver", "take",
    "drop" or "win". `moves` are the single-die moves of a play in the mover's numbering with their hits;
    `value` is the cube value offered (double, beaver) or the points won (win); `text` is the
    standard notation line (`52: 13/8 13/11`, `pass`, ` Doubles => 2`, ` Takes`, ` Wins 2 points`).
    """

    player: int
    kind: str
    text: str
    dice: Dice | None = None
    moves: tuple[tuple[int, int, bool], ...] = ()
    value: int = 0


@dataclass(frozen=True)
class PendingDouble:
    """A double waiting for an answer. After a beaver the original doubler answers."""

    doubler: int
    offered_value: int
    beavered: bool = False

    @property
    def answerer(self) -> int:
        return self.doubler if self.beavered else 1 - self.doubler


@dataclass(frozen=True)
class Resignation:
    player: int
    kind: Win


@dataclass(frozen=True)
class GameStart:
    """A game that does not begin with the standard opening: a set-up position with `turn` on roll.

    `doubled`: `turn` has offered the cube (at twice its value) before rolling, and the other player is to
    take or drop it. The double is part of the set-up, not an action of the game's record.
    """

    position: Position
    turn: int
    cube: Cube = field(default_factory=Cube)
    dice: Dice | None = None
    doubled: bool = False


def to_absolute(player: int, point: int) -> Point:
    """A point in `player`'s own numbering (25 bar, 0 off) as the view's absolute coordinate."""
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return point if player == 0 else 25 - point


def from_absolute(player: int, where: object) -> int:
    """The view's absolute coordinate (`"bar"`, `"off"`, 1..24) in `player`'s own numbering."""
    if where == "bar":
        return BAR
    if where == "off":
        return OFF
    if isinstance(where, bool) or not isinstance(where, int) or not 1 <= where <= 24:
        raise InvalidActionError(f"A point is 1 to 24, 'bar' or 'off', not {shown(where)}.")
    return where if player == 0 else 25 - where


def classify_win(winner_view: Position) -> Win:
    """Size of the win for the player whose side is `mine` and who has borne everything off."""
    loser = winner_view.theirs
    if sum(loser) < 15:
        return Win.SINGLE
    # The loser's points 19..24 are the winner's home board; index 24 is the loser's bar.
    if any(loser[18:25]):
        return Win.BACKGAMMON
    return Win.GAMMON


def has_contact(position: Position) -> bool:
    """Whether some checker of one side still has to pass a checker of the other side."""
    return position.is_contact()


def format_dice(dice: Dice) -> str:
    high, low = max(dice), min(dice)
    return f"{high}{low}"


class Game:
    """One game. `number` counts from 1 within the match; `score` is the match score before this game."""

    def __init__(
        self,
        settings: MatchSettings,
        *,
        number: int = 1,
        score: tuple[int, int] = (0, 0),
        crawford_game: bool = False,
        start: GameStart | None = None,
    ) -> None:
        self.settings = settings
        self.number = number
        self.score = score
        self.crawford_game = crawford_game
        #: the set-up position the game began from (None: the opening, as every game but a set-up one)
        self.start = start
        self.log: list[LogEntry] = []
        self.history: list[HistoryItem] = []
        self.outcome: Outcome | None = None
        self.pending_double: PendingDouble | None = None
        self.resignation: Resignation | None = None
        self.double_offered = False
        self.automatic_doubles = 0
        self.opening_ties = 0
        self.last_dice: list[Dice | None] = [None, None]
        self.dice: Dice | None = None
        self._turn: Turn | None = None
        self._turn_log: list[LogEntry] = []
        self._turn_meta: list[LogEntry] = []
        self._turn_start: Position | None = None
        self._legal_count = 0
        self._phase_before_resign = Phase.ROLL
        self._dests_cache: tuple[_DestsKey, dict[int, tuple[int, ...]]] | None = None
        self.plays_made = 0
        if start is None:
            self.position = Position.start()
            self.turn: int | None = None
            self.cube = Cube()
            self.phase = Phase.OPENING
        else:
            self.position = start.position
            self.turn = start.turn
            self.cube = start.cube
            self.phase = Phase.ROLL
            if start.dice is not None and start.doubled:
                raise InvalidActionError("A double is offered before the roll, not with the dice rolled.")
            if start.dice is not None:
                self._begin_turn(start.dice)
            elif start.doubled:
                self._set_up_double()

    # ---- what the view asks -------------------------------------------------------------------

    @property
    def decision(self) -> int | None:
        """Who must act now: differs from `turn` while a double or a resignation waits for an answer."""
        if self.phase is Phase.DOUBLED and self.pending_double is not None:
            return self.pending_double.answerer
        if self.phase is Phase.RESIGN_OFFERED and self.resignation is not None:
            return 1 - self.resignation.player
        if self.phase in (Phase.OPENING, Phase.GAME_OVER):
            return None
        return self.turn

    @property
    def current_turn(self) -> Turn | None:
        return self._turn

    def dests(self) -> dict[int, tuple[int, ...]]:
        """The turn's destinations (mover's numbering), cached until the turn changes (asked per click)."""
        turn = self._turn
        if turn is None or self.phase is not Phase.MOVE:
            return {}
        key = (turn, turn.moves, turn.dice)
        if self._dests_cache is None or self._dests_cache[0] != key:
            self._dests_cache = (key, turn.dests())
        return self._dests_cache[1]

    @property
    def first_turn(self) -> bool:
        """No double on the first turn: until the opening roll's winner has moved."""
        return self.phase is Phase.OPENING

    @property
    def no_legal_move(self) -> bool:
        return self._turn is not None and self._legal_count == 0

    @property
    def forced_play(self) -> bool:
        return self._turn is not None and self._legal_count == 1

    @property
    def contact(self) -> bool:
        return has_contact(self.position)

    def why_not_double(self, player: int | None = None) -> CubeBlock | None:
        """`None` if `player` (default: whoever decides now) may double now, else the reason."""
        if self.phase is Phase.GAME_OVER:
            return CubeBlock.GAME_OVER
        if self.phase in (Phase.DOUBLED, Phase.RESIGN_OFFERED):
            return CubeBlock.PENDING
        if self.first_turn:
            return CubeBlock.FIRST_TURN
        if player is None:
            player = self.turn
        if player != self.turn or player is None:
            return CubeBlock.NOT_YOUR_TURN
        if self.phase is Phase.MOVE:
            return CubeBlock.AFTER_ROLL
        return may_double(self.settings, self.cube, player, self.score, crawford_game=self.crawford_game)

    @property
    def may_beaver(self) -> bool:
        pending = self.pending_double
        return (
            self.phase is Phase.DOUBLED
            and pending is not None
            and not pending.beavered
            and may_beaver(self.settings, pending.offered_value)
        )

    @property
    def notation(self) -> list[str]:
        return [item.text for item in self.history]

    def record_entries(self) -> list[LogEntry]:
        """This game's record: committed actions, then the turn in progress exactly as it stands."""
        return [*self.log, *self._turn_log, *self._turn_meta]

    # ---- actions ------------------------------------------------------------------------------

    def roll(self, dice: object) -> list[Event]:
        """Roll: in the opening, `dice[0]` is player 0's die and `dice[1]` player 1's."""
        pair = _checked_dice(dice)
        if self.phase is Phase.OPENING:
            return self._opening_roll(pair)
        self._require(Phase.ROLL, "refusal.cannotRoll")
        player = self._player()
        self.log.append({"type": "roll", "dice": list(pair)})
        self._begin_turn(pair)
        return [{"type": "rolled", "player": player, "dice": list(pair)}]

    def move(self, source: int, dest: int) -> list[Event]:
        """Move one checker (mover's numbering: 25 bar, 0 off); may use both dice if `dests` offered it."""
        turn = self._require_turn()
        player = self._player()
        before = len(turn.moves)
        turn.move(source, dest)
        events: list[Event] = []
        for single, hit in self._new_moves(before):
            start, end = to_absolute(player, single.source), to_absolute(player, single.dest)
            self._turn_log.append({"type": "move", "from": start, "to": end})
            events.append({"type": "moved", "player": player, "from": start, "to": end, "hit": hit})
        return events

    def undo(self) -> list[Event]:
        turn = self._require_turn()
        if not turn.moves:
            raise InvalidActionError.refusing("refusal.noMoveToUndo")
        return self._undo_to(turn, undo_all=False)

    def undo_all(self) -> list[Event]:
        turn = self._require_turn()
        if not turn.moves:
            return []
        return self._undo_to(turn, undo_all=True)

    def swap_dice(self) -> list[Event]:
        turn = self._require_turn()
        if not turn.can_swap_dice:
            raise InvalidActionError.refusing("refusal.cannotSwapDice")
        turn.swap_dice()
        if self.dice is not None:
            self.dice = (self.dice[1], self.dice[0])
        self._turn_log.append({"type": "swap_dice"})
        return [{"type": "dice_swapped", "player": self._player(), "dice": list(turn.remaining_dice)}]

    def confirm(self) -> list[Event]:
        """End the turn; with no legal move this records a pass."""
        turn = self._require_turn()
        if not turn.is_complete:
            raise InvalidActionError.refusing("refusal.playNotComplete")
        player = self._player()
        assert self.dice is not None
        play = turn.play
        events: list[Event] = []
        assert self._turn_start is not None
        singles = list(turn.moves)
        hits = _hit_flags(self._turn_start, singles)
        moves = tuple((m.source, m.dest, hit) for m, hit in zip(singles, hits, strict=True))
        if not singles:
            text = f"{format_dice(self.dice)}: pass"
            events.append({"type": "passed", "player": player})
        else:
            text = f"{format_dice(self.dice)}: {self._turn_start.notation(play)}"
        self.history.append(HistoryItem(player, "play", text, self.dice, moves))
        self.log.extend(self._turn_log)
        self.log.extend(self._turn_meta)
        self.log.append({"type": "confirm"})
        self.position = turn.position
        self.last_dice[player] = self.dice
        self._end_turn()
        self.plays_made += 1
        if sum(self.position.mine) == 0:
            kind = classify_win(self.position)
            events.extend(self._finish(Outcome(player, kind, self.points_for(kind), Ending.BORNE_OFF)))
        else:
            self.turn = 1 - player
            self.position = self.position.swap()
            self.phase = Phase.ROLL
        return events

    def double(self) -> list[Event]:
        player = self._player()
        block = self.why_not_double(player)
        if block is not None:
            raise InvalidActionError(block.text).said_as(block.message_id, **block.args)
        offered = self.cube.value * 2
        self.pending_double = PendingDouble(player, offered)
        self.double_offered = True
        self.phase = Phase.DOUBLED
        self.log.append({"type": "double"})
        self.history.append(HistoryItem(player, "double", f" Doubles => {offered}", value=offered))
        return [{"type": "doubled", "player": player, "value": offered}]

    def _set_up_double(self) -> None:
        """A set-up game begins with the player on roll's double waiting for an answer (not in the log)."""
        player = self._player()
        block = self.why_not_double(player)
        if block is not None:
            raise InvalidActionError(f"The player on roll cannot have doubled here: {block.text}")
        offered = self.cube.value * 2
        self.pending_double = PendingDouble(player, offered)
        self.double_offered = True
        self.phase = Phase.DOUBLED
        self.history.append(HistoryItem(player, "double", f" Doubles => {offered}", value=offered))

    def beaver(self) -> list[Event]:
        pending = self._require_double()
        if not self.may_beaver:
            raise InvalidActionError.refusing("refusal.noBeaver")
        beaverer = pending.answerer
        value = pending.offered_value * 2
        self.pending_double = PendingDouble(pending.doubler, value, beavered=True)
        self.log.append({"type": "beaver"})
        self.history.append(HistoryItem(beaverer, "beaver", f" Beavers => {value}", value=value))
        return [{"type": "beavered", "player": beaverer, "value": value}]

    def take(self) -> list[Event]:
        pending = self._require_double()
        taker = pending.answerer
        # After a beaver the beaverer keeps the cube; otherwise the taker owns it.
        owner = 1 - pending.doubler
        self.cube = Cube(pending.offered_value, owner)
        self.pending_double = None
        self.phase = Phase.ROLL
        self.log.append({"type": "take"})
        self.history.append(HistoryItem(taker, "take", " Takes", value=self.cube.value))
        return [{"type": "took", "player": taker, "value": self.cube.value}]

    def drop(self) -> list[Event]:
        pending = self._require_double()
        dropper = pending.answerer
        # A refused (re)double pays what was at stake before it; gammons do not count.
        points = pending.offered_value // 2
        self.pending_double = None
        self.log.append({"type": "drop"})
        self.history.append(HistoryItem(dropper, "drop", " Drops", value=points))
        events: list[Event] = [{"type": "dropped", "player": dropper, "value": points}]
        events.extend(self._finish(Outcome(1 - dropper, Win.SINGLE, points, Ending.DROPPED)))
        return events

    def resign(self, kind: Win) -> list[Event]:
        if self.phase not in (Phase.ROLL, Phase.MOVE):
            raise InvalidActionError.refusing("refusal.resignOwnTurn")
        player = self._player()
        self.resignation = Resignation(player, kind)
        self._phase_before_resign = self.phase
        self.phase = Phase.RESIGN_OFFERED
        entry = {"type": "resign", "kind": kind.label}
        if self._phase_before_resign is Phase.MOVE:
            self._turn_meta.append(entry)
        else:
            self.log.append(entry)
        return [{"type": "resigned", "player": player, "kind": kind.label, "points": self.points_for(kind)}]

    def accept_resign(self) -> list[Event]:
        resignation = self._require_resignation()
        self._append_meta({"type": "accept_resign"})
        self.resignation = None
        if self._turn is not None:
            # The record keeps the turn's moves before the resignation, as they were made.
            self.log.extend(self._turn_log)
            self.log.extend(self._turn_meta)
            self.position = self._turn.position
            if self.dice is not None and self.turn is not None:
                # The roll of the unfinished turn, as gnubg writes it before a resignation.
                text = f"{format_dice(self.dice)}:"
                self.history.append(HistoryItem(self.turn, "roll", text, self.dice))
        self._end_turn()
        events: list[Event] = [{"type": "resign_accepted", "player": 1 - resignation.player}]
        kind = resignation.kind
        outcome = Outcome(1 - resignation.player, kind, self.points_for(kind), Ending.RESIGNED)
        events.extend(self._finish(outcome))
        return events

    def reject_resign(self) -> list[Event]:
        resignation = self._require_resignation()
        self._append_meta({"type": "reject_resign"})
        self.resignation = None
        self.phase = self._phase_before_resign
        return [{"type": "resign_rejected", "player": 1 - resignation.player}]

    # ---- internals ----------------------------------------------------------------------------

    def _opening_roll(self, dice: Dice) -> list[Event]:
        first, second = dice
        self.log.append({"type": "roll", "dice": [first, second]})
        events: list[Event] = [{"type": "rolled", "player": None, "dice": [first, second], "opening": True}]
        if first == second:
            self.opening_ties += 1
            if self.automatic_doubles < self.settings.automatic_doubles:
                self.automatic_doubles += 1
                self.cube = Cube(self.cube.value * 2, None)
                events.append({"type": "automatic_double", "value": self.cube.value})
            return events
        winner = 0 if first > second else 1
        self.turn = winner
        if winner == 1:
            self.position = self.position.swap()
        self._begin_turn((max(dice), min(dice)))
        return events

    def _begin_turn(self, dice: Dice) -> None:
        self.dice = dice
        self._turn_start = self.position
        self._turn = Turn(self.position, dice)
        legal = self._turn.legal_plays
        self._legal_count = len(legal) if legal.move_count else 0
        self._turn_log = []
        self._turn_meta = []
        self.phase = Phase.MOVE

    def _end_turn(self) -> None:
        self._turn = None
        self._turn_log = []
        self._turn_meta = []
        self._turn_start = None

    def _finish(self, outcome: Outcome) -> list[Event]:
        self.outcome = outcome
        self.phase = Phase.GAME_OVER
        self.pending_double = None
        self.resignation = None
        points = "point" if outcome.points == 1 else "points"
        self.history.append(
            HistoryItem(outcome.winner, "win", f" Wins {outcome.points} {points}", value=outcome.points)
        )
        return [
            {
                "type": "game_over",
                "winner": outcome.winner,
                "kind": outcome.kind.label,
                "points": outcome.points,
                "ending": outcome.ending.value,
            }
        ]

    def points_for(self, kind: Win) -> int:
        multiplier = kind.value
        if self.settings.jacoby and self.cube.owner is None:
            # Jacoby: gammons count single while the cube is in the middle (as gnubg scores it); a cube set up
            # on one side has been turned, one in the middle after automatic doubles has not
            multiplier = 1
        return multiplier * self.cube.value

    def _undo_to(self, turn: Turn, *, undo_all: bool) -> list[Event]:
        player = self._player()
        before = list(turn.moves)
        if undo_all:
            turn.undo_all()
        else:
            turn.undo_step()  # the last step, as the board lights where the checker goes back to
        after = len(turn.moves)
        events: list[Event] = []
        for single in reversed(before[after:]):
            events.append(
                {
                    "type": "unmoved",
                    "player": player,
                    "from": to_absolute(player, single.source),
                    "to": to_absolute(player, single.dest),
                }
            )
        # Drop the undone moves from the record (they leave it entirely).
        removed = len(before) - after
        while removed:
            last = self._turn_log.pop()
            if last["type"] == "move":
                removed -= 1
        return events

    def _new_moves(self, before: int) -> list[tuple[Move, bool]]:
        turn = self._turn
        assert turn is not None and self._turn_start is not None
        hits = _hit_flags(self._turn_start, list(turn.moves))
        return [(turn.moves[i], hits[i]) for i in range(before, len(turn.moves))]

    def moves_made(self) -> list[CheckerMove]:
        """The current turn's moves so far, absolute, with hits."""
        turn = self._turn
        if turn is None or self._turn_start is None or self.turn is None:
            return []
        moves = list(turn.moves)
        hits = _hit_flags(self._turn_start, moves)
        player = self.turn
        return [
            {"from": to_absolute(player, m.source), "to": to_absolute(player, m.dest), "hit": hit}
            for m, hit in zip(moves, hits, strict=True)
        ]

    def _append_meta(self, entry: LogEntry) -> None:
        if self._turn is not None:
            self._turn_meta.append(entry)
        else:
            self.log.append(entry)

    def _player(self) -> int:
        player = self.decision
        if player is None:
            raise InvalidActionError.refusing("refusal.nobodyToAct")
        return player

    def _require(self, phase: Phase, key: str) -> None:
        if self.phase is not phase:
            # The page says the sentence alone; the phase in parentheses is for a bug report.
            sentence = REFUSALS[key].removesuffix(".")
            raise InvalidActionError(f"{sentence} (the game is at '{self.phase.value}').").said_as(key)

    def _require_turn(self) -> Turn:
        self._require(Phase.MOVE, "refusal.cannotMove")
        assert self._turn is not None
        return self._turn

    def _require_double(self) -> PendingDouble:
        if self.phase is not Phase.DOUBLED or self.pending_double is None:
            raise InvalidActionError.refusing("refusal.noDoubleWaiting")
        return self.pending_double

    def _require_resignation(self) -> Resignation:
        if self.phase is not Phase.RESIGN_OFFERED or self.resignation is None:
            raise InvalidActionError.refusing("refusal.noResignationWaiting")
        return self.resignation


def _checked_dice(dice: object) -> Dice:
    try:
        return check_dice(dice)
    except InvalidActionError:
        raise
    except Exception as error:
        raise InvalidActionError(str(error)) from None


def _hit_flags(start: Position, moves: list[Move]) -> list[bool]:
    return start.hits(moves)
