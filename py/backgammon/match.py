"""A match of games: the score, the Crawford game, money sessions, and the action dispatcher.

`Match.act(action)` takes the JSON actions of the worker protocol (absolute coordinates) and applies
them to the current game, so the browser, the record's replay and the computer opponent all go through
one door.

>>> from backgammon.rules import MatchSettings
>>> m = Match(MatchSettings(match_length=3))
>>> [e["type"] for e in m.act({"type": "roll", "dice": [3, 1]})]
['rolled']
>>> m.game.turn, m.game.phase.value
(0, 'move')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .errors import InvalidActionError, InvalidIdError, say
from .formats.gnubg_id import GameState, MatchIdInfo, decode_match_id, encode_match_id
from .game import BAR, OFF, Ending, Game, GameStart, Phase, Win, from_absolute
from .limits import MAX_NAME_CHARS, shown
from .position import Position
from .rules import Cube, MatchSettings
from .shapes import Event, Player, SetupIds

DEFAULT_PLAYERS: tuple[Player, ...] = (
    {"name": "White", "kind": "human"},
    {"name": "Black", "kind": "human"},
)


@dataclass(frozen=True)
class Setup:
    """A match that starts from a set-up position (GNU Backgammon Position ID and optional Match ID)."""

    position_id: str
    match_id: str | None = None

    def to_dict(self) -> SetupIds:
        return {"position_id": self.position_id, "match_id": self.match_id}


@dataclass(frozen=True)
class SetupState:
    """What a setup decodes to: the first game's start plus the match context."""

    start: GameStart
    score: tuple[int, int] = (0, 0)
    crawford_game: bool = False
    crawford_done: bool = False


# A saved match's or link's players the core refuses, by message id, said by the page inside `record.header`
# (tests/units/test_core_words.py holds them to en.js). A players list of another shape stays English.
PLAYER_WORDS: dict[str, str] = {
    "record.playerName": "Player {index}'s name must be 1 to {most} characters.",
    "record.playerControl": (
        "Player {index}'s name holds control characters (a line break, a tab, ...): a name is one line "
        "of text."
    ),
    "record.playerKind": "Player {index}'s kind must be 'human' or 'computer'.",
    "record.playerLevel": "Player {index}'s level must be a word like 'expert'.",
}


# A Match ID a match cannot start from (a shared link's, a pasted one), by message id, the same way.
SETUP_WORDS: dict[str, str] = {
    "ids.setupNotPlaying": "The Match ID describes a game that is not being played.",
    "ids.setupResignation": "The Match ID has a resignation waiting: set up the turn before it.",
    "ids.setupDoubleAfterRoll": "The Match ID has a double waiting after the roll: a double comes before.",
    "ids.setupScoreWon": "The score {score0}-{score1} has already won a {length}-point match.",
}


def _player_refused(key: str, **args: int) -> InvalidActionError:
    return InvalidActionError.saying(say(PLAYER_WORDS, key, **args))


def check_players(players: object) -> list[Player]:
    """Two player descriptions `{"name", "kind": "human"|"computer", "level"?}`; defaults fill gaps."""
    if players is None:
        return [p.copy() for p in DEFAULT_PLAYERS]
    if not isinstance(players, list) or len(players) != 2:
        raise InvalidActionError("Players must be a list of two player descriptions.")
    checked = []
    for index, player in enumerate(players):
        if not isinstance(player, dict):
            raise InvalidActionError(f"Player {index} must be an object with a name.")
        name = player.get("name", DEFAULT_PLAYERS[index]["name"])
        kind = player.get("kind", "human")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME_CHARS:
            raise _player_refused("record.playerName", index=index, most=MAX_NAME_CHARS)
        if any(not char.isprintable() for char in name):
            raise _player_refused("record.playerControl", index=index)
        if kind not in ("human", "computer"):
            raise _player_refused("record.playerKind", index=index)
        entry: Player = {"name": name.strip(), "kind": kind}
        if "level" in player:
            if not isinstance(player["level"], str) or len(player["level"]) > MAX_NAME_CHARS:
                raise _player_refused("record.playerLevel", index=index)
            entry["level"] = player["level"]
        checked.append(entry)
    return checked


class Match:
    """A match (or, with `match_length` 0, an endless money session) between player 0 and player 1."""

    def __init__(
        self,
        settings: MatchSettings | None = None,
        players: Sequence[Mapping[str, object]] | None = None,
        *,
        setup: Setup | None = None,
        setup_state: SetupState | None = None,
    ) -> None:
        self.settings = settings or MatchSettings()
        self.players = check_players(players)
        self.setup = setup
        self.score = [0, 0]
        self.crawford_done = False
        self.games: list[Game] = []
        if setup_state is not None:
            self.score = list(setup_state.score)
            self.crawford_done = setup_state.crawford_done or setup_state.crawford_game
            self.games.append(
                Game(
                    self.settings,
                    number=1,
                    score=setup_state.score,
                    crawford_game=setup_state.crawford_game and self.settings.crawford,
                    start=setup_state.start,
                )
            )
        else:
            self._start_game()

    @property
    def game(self) -> Game:
        return self.games[-1]

    @property
    def winner(self) -> int | None:
        length = self.settings.match_length
        if length:
            for player in (0, 1):
                if self.score[player] >= length:
                    return player
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def post_crawford(self) -> bool:
        return self.settings.crawford and self.crawford_done and not self.game.crawford_game

    def next_game(self) -> list[Event]:
        if self.game.phase is not Phase.GAME_OVER:
            raise InvalidActionError.refusing("refusal.gameNotOver")
        if self.is_over:
            raise InvalidActionError.refusing("refusal.matchOver")
        self._start_game()
        return [{"type": "new_game", "number": self.game.number, "crawford_game": self.game.crawford_game}]

    def _start_game(self) -> None:
        length = self.settings.match_length
        crawford_game = (
            self.settings.crawford
            and length > 0
            and bool(self.games)  # only after a game has brought someone to match point
            and not self.crawford_done
            and length - 1 in self.score
        )
        if crawford_game:
            self.crawford_done = True
        self.games.append(
            Game(
                self.settings,
                number=len(self.games) + 1,
                score=(self.score[0], self.score[1]),
                crawford_game=crawford_game,
            )
        )

    def act(self, action: object) -> list[Event]:
        """Apply one protocol action to the current game; returns the events it caused."""
        if not isinstance(action, dict):
            raise InvalidActionError(f"An action must be an object with a 'type', got {shown(action)}.")
        kind = action.get("type")
        if kind == "next_game":
            return self.next_game()
        if self.is_over:
            raise InvalidActionError.refusing("refusal.matchOver")
        game = self.game
        events: list[Event]
        if kind == "roll":
            events = game.roll(action.get("dice"))
        elif kind == "move":
            player = game.decision
            if player is None or game.phase is not Phase.MOVE:
                raise InvalidActionError.refusing("refusal.cannotMove")
            source = from_absolute(player, action.get("from"))
            dest = from_absolute(player, action.get("to"))
            if source == OFF or dest == BAR:
                raise InvalidActionError("A checker moves from a point or the bar to a point or off.")
            events = game.move(source, dest)
        elif kind == "play":
            events = self._play(action.get("moves"))
        elif kind == "undo":
            events = game.undo()
        elif kind == "undo_all":
            events = game.undo_all()
        elif kind == "swap_dice":
            events = game.swap_dice()
        elif kind == "confirm":
            events = game.confirm()
        elif kind == "double":
            events = game.double()
        elif kind == "take":
            events = game.take()
        elif kind == "drop":
            events = game.drop()
        elif kind == "beaver":
            events = game.beaver()
        elif kind == "resign":
            events = game.resign(Win.from_label(action.get("kind", "single")))
        elif kind == "accept_resign":
            events = game.accept_resign()
        elif kind == "reject_resign":
            events = game.reject_resign()
        else:
            raise InvalidActionError(f"Unknown action type {shown(kind)}.")
        if (
            game.outcome is not None
            and game.phase is Phase.GAME_OVER
            and any(e["type"] == "game_over" for e in events)
        ):
            self.score[game.outcome.winner] += game.outcome.points
            winner = self.winner
            if winner is not None:
                events.append({"type": "match_over", "winner": winner})
        return events

    def _play(self, moves: object) -> list[Event]:
        """A whole play at once (computer opponent, automatic moves): moves, then confirm."""
        game = self.game
        if not isinstance(moves, list):
            raise InvalidActionError("A play is a list of moves {from, to}.")
        if game.phase is not Phase.MOVE:
            raise InvalidActionError.refusing("refusal.cannotMove")
        if game.current_turn is not None and game.current_turn.moves:
            game.undo_all()
        events: list[Event] = []
        try:
            for step in moves:
                if not isinstance(step, dict):
                    raise InvalidActionError("A play is a list of moves {from, to}.")
                events.extend(self.act({"type": "move", "from": step.get("from"), "to": step.get("to")}))
            events.extend(game.confirm())
        except Exception:
            game.undo_all()
            raise
        return events


def match_from_ids(
    setup: Setup, settings: MatchSettings | None, players: Sequence[Mapping[str, object]] | None
) -> Match:
    """A new match from a GNU Backgammon Position ID and optional Match ID.

    The Position ID is seen from the player on roll. Without a Match ID player 0 is on roll, the cube is
    in the middle and the score is 0-0. With one, its match length, score, cube, Crawford flag, player on
    roll and dice (if already rolled) are used, and a double it has offered waits for the other player's
    answer (if the player on roll may double there); a finished game or a resignation waiting is refused.
    """
    base = settings or MatchSettings()
    position = Position.from_id(setup.position_id)
    if setup.match_id is None:
        start = GameStart(position, turn=0)
        return Match(base, players, setup=setup, setup_state=SetupState(start))
    info = decode_match_id(setup.match_id)
    if info.game_state is not GameState.PLAYING:
        raise InvalidActionError.saying(say(SETUP_WORDS, "ids.setupNotPlaying"))
    if info.resignation:
        raise InvalidActionError.saying(say(SETUP_WORDS, "ids.setupResignation"))
    if info.double_offered and info.dice != (0, 0):
        raise InvalidActionError.saying(say(SETUP_WORDS, "ids.setupDoubleAfterRoll"))
    length = info.match_length
    if length and max(info.score) >= length:
        score0, score1 = info.score
        raise InvalidActionError.saying(
            say(SETUP_WORDS, "ids.setupScoreWon", score0=score0, score1=score1, length=length)
        )
    money = length == 0
    merged = MatchSettings(
        match_length=length,
        crawford=base.crawford or info.crawford,
        jacoby=info.jacoby if money else False,
        beavers=base.beavers and money,
        automatic_doubles=base.automatic_doubles if money else 0,
        strict_doubling=base.strict_doubling,
    )
    dice = info.dice if info.dice != (0, 0) else None
    start = GameStart(
        position,
        turn=info.player_on_roll,
        cube=Cube(info.cube_value, info.cube_owner),
        dice=dice,
        doubled=info.double_offered,
    )
    crawford_game = info.crawford and not money
    post_crawford = not money and not crawford_game and length - 1 in info.score
    state = SetupState(start, score=info.score, crawford_game=crawford_game, crawford_done=post_crawford)
    return Match(merged, players, setup=setup, setup_state=state)


def match_id_of(match: Match) -> str | None:
    """The GNU Backgammon Match ID of the current state (None when it cannot be written)."""
    game = match.game
    length = match.settings.match_length
    state = GameState.PLAYING
    if game.outcome is not None:
        state = {
            Ending.BORNE_OFF: GameState.OVER,
            Ending.RESIGNED: GameState.RESIGNED,
            Ending.DROPPED: GameState.DROPPED,
        }[game.outcome.ending]
    on_roll = game.turn if game.turn is not None else 0
    decision = game.decision
    score = match.score
    if length:
        score = [min(points, length) for points in score]
    dice = game.dice if game.phase is Phase.MOVE and game.dice else (0, 0)
    info = MatchIdInfo(
        cube_value=game.cube.value,
        cube_owner=game.cube.owner,
        player_on_roll=on_roll,
        crawford=game.crawford_game,
        game_state=state,
        turn=decision if decision is not None else on_roll,
        double_offered=game.phase is Phase.DOUBLED,
        resignation=game.resignation.kind.value if game.resignation else 0,
        dice=dice,
        match_length=length,
        score=(score[0], score[1]),
        jacoby=match.settings.jacoby,
    )
    try:
        return encode_match_id(info)
    except InvalidIdError:
        return None
