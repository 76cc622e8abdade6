"""Exceptions of the rules core. Every one is a `ValueError`, so input checks catch one type."""

from __future__ import annotations


class BackgammonError(ValueError):
    """Base class of every error the rules core raises."""


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
