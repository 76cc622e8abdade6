"""Exceptions of the rules core. Every one is a `ValueError`, so input checks catch one type."""

from __future__ import annotations

from typing import Self

from backgammon.shapes import Words


class BackgammonError(ValueError):
    """Base class of every error the rules core raises.

    Its message is English; `words`, when set, is the same sentence as a message id with its arguments, so
    that the page says it in the player's language (`api` sends both). Without words the English is shown.
    """

    words: Words | None = None

    def said_as(self, key: str, **args: int | str) -> Self:
        """This error, with its sentence's message id and arguments."""
        self.words = {"id": key, "args": args}
        return self

    @classmethod
    def refusing(cls, key: str, **args: int | str) -> Self:
        """This kind of error saying one of `REFUSALS`: its English, with its id and arguments."""
        return cls(REFUSALS[key].format(**args)).said_as(key, **args)


# What the rules core refuses a player on the game page, as the page's message ids (web/i18n/CODE.js) with
# their English (tests/units/test_refusal_words.py holds the two equal). A move's rules: backgammon.turn's
# RULE_WORDS; why a player may not double: backgammon.rules' `double.*`. What only a program sends is English.
REFUSALS: dict[str, str] = {
    "refusal.noMoveToUndo": "There is no move to undo.",
    "refusal.cannotSwapDice": "The dice cannot be swapped now.",
    "refusal.playNotComplete": "The play is not complete: use the rest of the dice that can be played.",
    "refusal.noBeaver": "A beaver is not allowed here.",
    "refusal.resignOwnTurn": "You may offer to resign only during your own turn.",
    "refusal.nobodyToAct": "Nobody can act now: roll the opening dice or start the next game.",
    "refusal.cannotRoll": "You cannot roll now.",
    "refusal.cannotMove": "You cannot move checkers now.",
    "refusal.noDoubleWaiting": "No double is waiting for an answer.",
    "refusal.noResignationWaiting": "No resignation is waiting for an answer.",
    "refusal.gameNotOver": "The game is not over yet.",
    "refusal.matchOver": "The match is over.",
    "refusal.noMatch": "No match is loaded: start a new match or load a record first.",
    "refusal.matchLength": "Match length must be 0 (money session) or 1 to {max} points, got {got}.",
    "refusal.autoDoubles": "Automatic doubles must be a limit from 0 (off) to 6, got {got}.",
    "refusal.moneyJacoby": "The jacoby rule is for money sessions (match length 0) only.",
    "refusal.moneyBeavers": "The beavers rule is for money sessions (match length 0) only.",
    "refusal.moneyAutoDoubles": "Automatic doubles are for money sessions (match length 0) only.",
}


class InvalidPositionError(BackgammonError):
    """A board that cannot occur: wrong checker counts, a point held by both sides, ..."""


class InvalidIdError(BackgammonError):
    """A malformed GNU Backgammon Position ID or Match ID."""


class InvalidMoveError(BackgammonError):
    """Text that is not a move or a play at all (a syntax error)."""


class IllegalMoveError(BackgammonError):
    """A well-formed move or play that the rules forbid here.

    `rule` is a short stable code (for example ``"must-use-both-dice"``) that a program can test;
    the message states the rule in plain words, names the input and the Position ID; `explanation` is the
    rule sentence alone.
    """

    def __init__(self, message: str, rule: str, explanation: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        #: the rule in plain words, without the input and the Position ID (for learners)
        self.explanation = explanation or message


class InvalidActionError(BackgammonError):
    """An action that is not allowed at this moment (for example rolling twice)."""


class MatchFileError(BackgammonError):
    """A match file (`.mat`, `.sgf`) that cannot be imported.

    `game` and `line` (both from 1) locate the fault when known, `text` is what stands there and `reason`
    the explanation alone. Each format says how its text is shown (`quote`) and whether it is shown
    without a line number.
    """

    quote_without_line = False

    def __init__(
        self, reason: str, *, game: int | None = None, line: int | None = None, text: str | None = None
    ):
        self.reason = reason
        self.game = game
        self.line = line
        self.text = text
        where = []
        if game is not None:
            where.append(f"Game {game}")
        if line is not None:
            where.append(f"line {line}" if where else f"Line {line}")
        place = ", ".join(where)
        if text is not None and (line is not None or self.quote_without_line):
            shown = self.quote(text)
            place += f" ({shown})" if place else shown
        super().__init__(f"{place}: {reason}" if place else reason)

    def quote(self, text: str) -> str:
        return text
