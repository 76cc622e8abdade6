"""The decisions of a match record, found by replaying it: checker plays, cube decisions, take decisions.

Each `Decision` carries what judging it needs (the position before it from the side on turn, the dice,
the cube, the score seen by that side) and what was chosen. Nothing here evaluates anything.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from backgammon.bot.cube import MatchContext
from backgammon.bot.decide import context_for
from backgammon.game import Event, Phase
from backgammon.match import Match, match_id_of
from backgammon.move import Move, Play
from backgammon.position import Position
from backgammon.record import load_record


class Kind(Enum):
    MOVE = "move"
    DOUBLE = "double"
    TAKE = "take"


@dataclass(frozen=True)
class Decision:
    """One decision of one player.

    `position` is seen from the player whose turn it is (`turn`): the mover, or the side that may
    double or has doubled; `player` is who decides (the answerer for a take decision). `action` is the
    index, in the record's list of the game's actions, of the first action of the decision. `choice`
    is the play made, or `"double"`, `"no double"`, `"take"`, `"drop"`, `"beaver"`. `legal_count` is
    the number of distinct legal plays (0: no move; 1: forced).
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
        self._history_length = 0

    def observe(
        self, match: Match, game_index: int, index: int, action: dict[str, Any], events: list[Event]
    ) -> None:
        game = match.game
        if game_index != self._game:
            self._game = game_index
            self._move = None
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
        elif kind == "accept_resign":
            self._move = None  # a turn cut short by a resignation is not judged
        self._before = _state(match)
        if any(event["type"] == "game_over" for event in events):
            self._move = None

    def _cube(
        self, kind: Kind, player: int, index: int, state: _State, choice: str, *, may_beaver: bool = False
    ) -> None:
        assert state.turn is not None and state.context is not None
        self.decisions.append(
            Decision(
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
                may_beaver=may_beaver,
            )
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
