"""The decisions of a match record, found by replaying it: checker plays, cube decisions, take decisions,
resignations offered and their answers.

Each `Decision` carries what judging it needs (the position before it from the side on turn, the dice,
the cube, the score seen by that side) and what was chosen. Nothing here evaluates anything.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from backgammon.bot.cube import MatchContext
from backgammon.bot.decide import context_for
from backgammon.game import Phase
from backgammon.match import Match, match_id_of
from backgammon.move import Move, Play
from backgammon.position import Position
from backgammon.record import load_record
from backgammon.shapes import Event


class Kind(Enum):
    MOVE = "move"
    DOUBLE = "double"
    TAKE = "take"
    RESIGN = "resign"  # the offer of a resignation, by the player on turn
    ACCEPT = "accept"  # the answer to it: accept or reject


@dataclass(frozen=True)
class Decision:
    """One decision of one player.

    `position` is seen from the player whose turn it is (`turn`): the mover, or the side that may
    double or has doubled; `player` is who decides (the answerer for a take decision). `action` is the
    index, in the record's list of the game's actions, of the first action of the decision. `choice`
    is the play made, or `"double"`, `"no double"`, `"take"`, `"drop"`, `"beaver"`; for a resignation the
    size offered (`"single"`, `"gammon"`, `"backgammon"`), for its answer `"accept"` or `"reject"`.
    `legal_count` is the number of distinct legal plays (0: no move; 1: forced).

    A resignation and its answer are both seen from the resigner (`turn`), as a take decision is from the
    doubler: `position` is the board at the start of the resigner's turn, `dice` its roll when it resigned
    after rolling (None before the roll), `may_double` whether it could have doubled instead (before the
    roll), `size` the resignation's ("single", "gammon", "backgammon") and `points` what it gives away (the
    cube and the Jacoby rule counted).
    """

    kind: Kind
    player: int
    turn: int
    game: int
    action: int
    position: Position
    dice: tuple[int, int] | None
    cube_value: int
    cube_owner: int | None
    context: MatchContext
    match_id: str | None
    choice: Play | str
    opening: bool = False
    legal_count: int = 0
    may_beaver: bool = False
    may_double: bool = False
    points: int = 0
    size: str = ""


@dataclass(frozen=True)
class GameSummary:
    """A game of the record: the score before it and how it ended (`winner` None if unfinished)."""

    number: int
    score: tuple[int, int]
    winner: int | None
    points: int | None
    actions: int


@dataclass(frozen=True)
class _State:
    """What the match looked like after an action: enough to judge the next action as a decision."""

    phase: Phase
    turn: int | None
    position: Position
    cube_value: int
    cube_owner: int | None
    may_double: bool
    beavered: bool
    may_beaver: bool
    context: MatchContext | None
    match_id: str | None


def _state(match: Match) -> _State:
    game = match.game
    turn = game.turn
    may_double = game.phase is Phase.ROLL and turn is not None and game.why_not_double(turn) is None
    wants_context = turn is not None and game.phase in (Phase.ROLL, Phase.DOUBLED)
    return _State(
        phase=game.phase,
        turn=turn,
        position=game.position,
        cube_value=game.cube.value,
        cube_owner=game.cube.owner,
        may_double=may_double,
        beavered=game.pending_double is not None and game.pending_double.beavered,
        may_beaver=game.may_beaver,
        context=context_for(match, turn) if wants_context and turn is not None else None,
        match_id=match_id_of(match) if wants_context else None,
    )


class _Collector:
    """Watches a replay (`load_record`'s observer) and keeps the decisions it sees."""

    def __init__(self, start: _State) -> None:
        self.decisions: list[Decision] = []
        self._before: _State | None = start  # a set-up match may begin with a cube decision
        self._game = 0
        self._move: Decision | None = None  # the move decision whose play is being made
        self._resign: Decision | None = None  # the resignation waiting for its answer
        self._offered_id: str | None = None
        self._history_length = 0

    def observe(
        self, match: Match, game_index: int, index: int, action: dict[str, Any], events: list[Event]
    ) -> None:
        game = match.game
        if game_index != self._game:
            self._game = game_index
            self._move = None
            self._resign = None
            self._before = None
        before = self._before
        kind = action["type"]
        if before is not None and before.turn is not None and before.context is not None:
            if kind in ("roll", "double") and before.phase is Phase.ROLL and before.may_double:
                self._cube(
                    Kind.DOUBLE, before.turn, index, before, "double" if kind == "double" else "no double"
                )
            elif kind in ("take", "drop", "beaver") and before.phase is Phase.DOUBLED and not before.beavered:
                self._cube(Kind.TAKE, 1 - before.turn, index, before, kind, may_beaver=before.may_beaver)
        if kind == "roll" and game.phase is Phase.MOVE and game.turn is not None and game.dice is not None:
            turn = game.current_turn
            assert turn is not None
            legal = turn.legal_plays
            self._move = Decision(
                kind=Kind.MOVE,
                player=game.turn,
                turn=game.turn,
                game=game_index,
                action=index,
                position=game.position,
                dice=game.dice,
                cube_value=game.cube.value,
                cube_owner=game.cube.owner,
                context=context_for(match, game.turn),
                match_id=match_id_of(match),
                choice=Play(),
                opening=before is None or before.phase is Phase.OPENING,
                legal_count=len(legal) if legal.move_count else 0,
            )
            self._history_length = len(game.history)
        elif kind == "confirm" and self._move is not None:
            played = [item for item in game.history[self._history_length :] if item.kind == "play"]
            if played:
                play = Play(tuple(Move(source, dest) for source, dest, _ in played[0].moves))
                self.decisions.append(replace(self._move, choice=play))
            self._move = None
        elif kind == "resign":
            self._resignation(match, index, before, events)
        elif kind in ("accept_resign", "reject_resign"):
            if self._resign is not None:
                answer = "accept" if kind == "accept_resign" else "reject"
                self.decisions.append(
                    replace(
                        self._resign,
                        kind=Kind.ACCEPT,
                        player=1 - self._resign.turn,
                        action=index,
                        match_id=self._offered_id,
                        choice=answer,
                    )
                )
            self._resign = None
            if kind == "accept_resign":
                self._move = None  # a turn cut short by a resignation is not judged
        self._before = _state(match)
        if any(event["type"] == "game_over" for event in events):
            self._move = None

    def _resignation(
        self,
        match: Match,
        index: int,
        before: _State | None,
        events: list[Event],
    ) -> None:
        """The player on turn offers to resign: before its roll (`before`, the state then) or after it (the
        move decision of its turn holds the board at the turn's start and the roll)."""
        self._resign = None
        offered = next((event for event in events if event["type"] == "resigned"), None)
        if offered is None or before is None or before.turn is None:
            return
        choice = str(offered["kind"])
        points = int(offered["points"])
        if before.phase is Phase.MOVE and self._move is not None and self._move.turn == before.turn:
            decision = replace(
                self._move,
                kind=Kind.RESIGN,
                action=index,
                choice=choice,
                opening=False,
                legal_count=0,
                points=points,
                size=choice,
            )
        elif before.phase is Phase.ROLL and before.context is not None:
            decision = self._before_roll(
                Kind.RESIGN,
                before.turn,
                index,
                before,
                choice,
                may_double=before.may_double,
                points=points,
                size=choice,
            )
        else:
            return
        self.decisions.append(decision)
        self._resign = decision
        self._offered_id = match_id_of(match)  # the state the answer is made in: the offer waiting

    def _cube(
        self, kind: Kind, player: int, index: int, state: _State, choice: str, *, may_beaver: bool = False
    ) -> None:
        self.decisions.append(self._before_roll(kind, player, index, state, choice, may_beaver=may_beaver))

    def _before_roll(
        self, kind: Kind, player: int, index: int, state: _State, choice: str, **more: Any
    ) -> Decision:
        """A decision before the roll (the cube, its answer, a resignation) in the state of the game then."""
        assert state.turn is not None and state.context is not None
        return Decision(
            kind=kind,
            player=player,
            turn=state.turn,
            game=self._game,
            action=index,
            position=state.position,
            dice=None,
            cube_value=state.cube_value,
            cube_owner=state.cube_owner,
            context=state.context,
            match_id=state.match_id,
            choice=choice,
            **more,
        )


def collect(record: object) -> tuple[Match, list[Decision], list[GameSummary]]:
    """Replay `record` (raises `InvalidRecordError` if it does not replay) and find its decisions."""
    if not isinstance(record, dict) or not isinstance(record.get("games"), list) or not record["games"]:
        load_record(record)  # raises the reason
        raise AssertionError("unreachable")
    empty = {**record, "games": [{"actions": []}]}
    collector = _Collector(_state(load_record(empty)))
    match = load_record(record, collector.observe)
    games: list[GameSummary] = []
    for game, entry in zip(match.games, record["games"], strict=True):
        outcome = game.outcome
        games.append(
            GameSummary(
                number=game.number,
                score=game.score,
                winner=outcome.winner if outcome else None,
                points=outcome.points if outcome else None,
                actions=len(entry["actions"]),
            )
        )
    return match, collector.decisions, games
