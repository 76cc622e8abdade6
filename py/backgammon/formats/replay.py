"""What the match importers (`mat_import`, `sgf_import`) share: a match file replayed through `Match.act`.

`Replay` holds the match being rebuilt and the players' names; each importer reads its own format, says
where a fault stands (`fail`, the format's `MatchFileError`) and calls these steps, which the rules check:
the next game, the opening roll, an answer to a double, a play, a game's result and a resignation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import BackgammonError, MatchFileError, Said, say
from ..game import Phase, Win, to_absolute
from ..match import Match
from ..rules import MAX_MATCH_LENGTH, MatchSettings
from ..turn import Turn

__all__ = ["MAX_QUOTED", "Replay", "excerpt", "match_too_long"]

#: the longest text an error quotes
MAX_QUOTED = 80


def excerpt(text: str) -> str:
    """`text` as an error shows it: escaped where it is not printable, cut short after `MAX_QUOTED`."""
    if not text.isprintable():
        text = repr(text)[1:-1]
    if len(text) > MAX_QUOTED:
        text = text[: MAX_QUOTED - 1] + "…"
    return text


def match_too_long(length: int) -> Said:
    """Why a match of `length` points cannot be imported."""
    return say(WORDS, "replay.tooLong", length=length, most=MAX_MATCH_LENGTH)


# What a match file's replay finds wrong, by message id (inside the sentence that says where:
# errors.FILE_WORDS); the page says it in the player's language from the same ids (web/i18n/CODE.js;
# tests/units/test_core_words.py holds English's messages to these). Names and plays as the file
# writes them.
WORDS: dict[str, str] = {
    "replay.noResult": "Game {game} has no result, yet another game begins.",
    "replay.alreadyWon": "{name} had already won the match {score0}-{score1}.",
    "replay.openingDouble": "The first roll of a game cannot be a double ({dice}).",
    "replay.noDouble": (
        "{name} {kind, select, take {takes} other {drops}}, but no double is waiting for an answer."
    ),
    "replay.notTheirs": "{name} answers the double, but it is {other}'s to answer.",
    "replay.nothingPlayed": "{name} rolled {dice} and played nothing, but a legal play exists.",
    "replay.nothingPlayedExample": (
        "{name} rolled {dice} and played nothing, but a legal play exists (for example {play})."
    ),
    "replay.notLegal": "{play} is not a legal play for {name} with {dice}: {why}",
    "replay.wonByOther": "The file says {name} wins, but the game as played is won by {other}.",
    "replay.worth": "The file says {name} wins {points}, but the game as played is worth {worth}.",
    "replay.doubleOutOfPlace": "{name} doubles out of place: a double comes before the doubler's roll.",
    "replay.tooLong": (
        "A {length}-point match is longer than this game plays (1 to {most} points, or 0 for a money "
        "session)."
    ),
    "replay.resignPoints": (
        "{points} points is not a single game, a gammon or a backgammon with the cube at {cube}."
    ),
}


def refusal(error: BackgammonError) -> str | Said:
    """The rules core's refusal as a fault of the file: with its words when it has them."""
    return Said(str(error), error.words) if error.words is not None else str(error)


class Replay:
    """A match file being replayed: `match` as rebuilt so far, `names` its players'."""

    def __init__(self, settings: MatchSettings, players: Sequence[Mapping[str, object]]) -> None:
        self.match = Match(settings, players)
        self.names = [str(player["name"]) for player in self.match.players]

    def fail(self, reason: str | Said) -> MatchFileError:
        """The format's error for `reason`, at the place being read."""
        raise NotImplementedError

    def act(self, action: dict[str, Any]) -> None:
        try:
            self.match.act(action)
        except BackgammonError as error:
            raise self.fail(refusal(error)) from None

    def next_game(self) -> None:
        """The next game begins: the one before must be over and the match not yet won."""
        match = self.match
        previous = match.game
        if previous.phase is not Phase.GAME_OVER:
            raise self.fail(say(WORDS, "replay.noResult", game=previous.number))
        if match.is_over:
            winner = match.winner
            assert winner is not None
            name = self.names[winner]
            raise self.fail(
                say(WORDS, "replay.alreadyWon", name=name, score0=match.score[0], score1=match.score[1])
            )
        self.act({"type": "next_game"})

    def opening_roll(self, player: int, dice: tuple[int, int], dice_text: str) -> None:
        """The opening roll, written as `player`'s first roll of `dice`."""
        if dice[0] == dice[1]:
            raise self.fail(say(WORDS, "replay.openingDouble", dice=dice_text))
        high, low = max(dice), min(dice)
        self.act({"type": "roll", "dice": [high, low] if player == 0 else [low, high]})

    def answer(self, player: int, kind: str) -> None:
        """`player` answers the double waiting: `kind` is "take" or "drop"."""
        game = self.match.game
        pending = game.pending_double
        name = self.names[player]
        if game.phase is not Phase.DOUBLED or pending is None:
            raise self.fail(say(WORDS, "replay.noDouble", name=name, kind=kind))
        if pending.answerer != player:
            raise self.fail(say(WORDS, "replay.notTheirs", name=name, other=self.names[pending.answerer]))
        self.act({"type": kind})

    def nothing_played(self, player: int, dice_text: str) -> MatchFileError:
        """The error for `player`'s roll written with no play although the turn has a legal play."""
        turn = self.match.game.current_turn
        name = self.names[player]
        if turn is not None and turn.legal_plays:
            play = turn.start.notation(turn.legal_plays[0])
            return self.fail(say(WORDS, "replay.nothingPlayedExample", name=name, dice=dice_text, play=play))
        return self.fail(say(WORDS, "replay.nothingPlayed", name=name, dice=dice_text))

    def legal_turn(self, player: int, written: str, shown: str, dice_text: str) -> Turn:
        """The turn of the dice rolled that plays `written` (notation in the mover's numbering); the error
        names the play as `shown`."""
        game = self.match.game
        assert game.dice is not None
        try:
            return Turn.from_notation(game.position, game.dice, written)
        except BackgammonError as error:
            name = self.names[player]
            why = refusal(error)
            if isinstance(why, str):  # the rules core's English alone: the whole sentence in English
                raise self.fail(f"{shown} is not a legal play for {name} with {dice_text}: {why}") from None
            raise self.fail(
                say(WORDS, "replay.notLegal", play=shown, name=name, dice=dice_text, why=why)
            ) from None

    def play(self, player: int, steps: list[tuple[int, int]], turn: Turn) -> None:
        """`player` plays: the moves as written, in their order (they name the dice used; `steps` in the
        mover's numbering), else the legal play they reach (`turn`, from `legal_turn`)."""
        failure: BackgammonError | None = None
        for tried in (steps, [(move.source, move.dest) for move in turn.moves]):
            moves = [{"from": to_absolute(player, s), "to": to_absolute(player, d)} for s, d in tried]
            try:
                self.match.act({"type": "play", "moves": moves})
                return
            except BackgammonError as error:
                failure = error
        assert failure is not None
        raise self.fail(refusal(failure))

    def check_outcome(self, winner: int, points: int) -> None:
        """The result written (`winner` wins `points`) is the one the game as played has reached."""
        game = self.match.game
        outcome = game.outcome
        assert outcome is not None
        name = self.names[winner]
        if outcome.winner != winner:
            raise self.fail(say(WORDS, "replay.wonByOther", name=name, other=self.names[outcome.winner]))
        # gnubg writes the points of a gammon before the Jacoby rule: 2 x cube even when it scores 1.
        if points not in (outcome.points, outcome.kind.value * game.cube.value):
            raise self.fail(say(WORDS, "replay.worth", name=name, points=points, worth=outcome.points))

    def resign(self, points: int) -> None:
        """The player on roll resigns a game worth `points` at the cube's value, and the other accepts."""
        cube = self.match.game.cube.value
        if points % cube or not 1 <= points // cube <= 3:
            raise self.fail(say(WORDS, "replay.resignPoints", points=points, cube=cube))
        self.act({"type": "resign", "kind": Win(points // cube).label})
        self.act({"type": "accept_resign"})
