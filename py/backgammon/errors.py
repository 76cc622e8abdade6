"""Exceptions of the rules core. Every one is a `ValueError`, so input checks catch one type."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Self

from backgammon.shapes import Words


@dataclass(frozen=True)
class Said:
    """A sentence (or a clause inside one) both ways: its English, and its message id with its arguments."""

    text: str
    words: Words


#: An argument of a sentence: a number, text never translated (an ID, a file's text), or a sentence or clause
#: of its own (`Said`), said in the same language.
Arg = int | float | str | Said


def say(table: Mapping[str, str], key: str, **args: Arg) -> Said:
    """The message `key` of `table` (a module's English by message id, the same text as web/i18n/en.js) with
    its arguments: its English rendered as the page's formatter renders English, and its words."""
    english = {name: value.text if isinstance(value, Said) else value for name, value in args.items()}
    words = {name: value.words if isinstance(value, Said) else value for name, value in args.items()}
    return Said(render(table[key], english), {"id": key, "args": words})


def render(message: str, args: Mapping[str, int | float | str]) -> str:
    """English's message made into text: `{name}`, and `{name, select, case {...} other {...}}` (the subset of
    web/i18n/format.js the core's messages use)."""
    return _render(message, 0, args)[0]


def _render(
    message: str, index: int, args: Mapping[str, int | float | str], nested: bool = False
) -> tuple[str, int]:
    out = ""
    while index < len(message):
        char = message[index]
        if char == "}" and nested:
            return out, index + 1
        if char != "{":
            out += char
            index += 1
            continue
        close = message.index("}", index)
        comma = message.find(",", index, close)
        if comma < 0:
            out += str(args[message[index + 1 : close].strip()])
            index = close + 1
            continue
        name = message[index + 1 : comma].strip()
        index = message.index(",", comma + 1) + 1  # after "select,"
        cases: dict[str, str] = {}
        while True:
            while message[index] == " ":
                index += 1
            if message[index] == "}":
                index += 1
                break
            brace = message.index("{", index)
            case = message[index:brace].strip()
            cases[case], index = _render(message, brace + 1, args, nested=True)
        value = str(args[name])
        out += cases.get(value, cases["other"])
    return out, index


class BackgammonError(ValueError):
    """Base class of every error the rules core raises.

    Its message is English; `words`, when set, is the same sentence as a message id with its arguments, so
    that the page says it in the player's language (`api` sends both). Without words the English is shown.
    """

    words: Words | None = None

    def said_as(self, key: str, **args: int | str) -> Self:
        """This error, with its sentence's message id and arguments."""
        self.words = {"id": key, "args": dict(args)}
        return self

    @classmethod
    def refusing(cls, key: str, **args: int | str) -> Self:
        """This kind of error saying one of `REFUSALS`: its English, with its id and arguments."""
        return cls(REFUSALS[key].format(**args)).said_as(key, **args)

    @classmethod
    def saying(cls, said: Said) -> Self:
        """This kind of error, with a sentence's English as its message and its words."""
        error = cls(said.text)
        error.words = said.words
        return error


# What the rules core refuses a player on the game page, as the page's message ids (web/i18n/CODE.js) with
# their English (tests/units/test_core_words.py holds the two equal). A move's rules: backgammon.turn's
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


# Where a match file's fault is, by message id: the fault's own sentence is `{reason}`, the file's text as
# written `{text}` (never translated). The page says them from the same ids (web/i18n/CODE.js;
# tests/units/test_core_words.py holds English's messages to these).
FILE_WORDS: dict[str, str] = {
    "filefault.gameLineText": "Game {game}, line {line} ({text}): {reason}",
    "filefault.gameLine": "Game {game}, line {line}: {reason}",
    "filefault.gameText": "Game {game} ({text}): {reason}",
    "filefault.game": "Game {game}: {reason}",
    "filefault.lineText": "Line {line} ({text}): {reason}",
    "filefault.line": "Line {line}: {reason}",
    "filefault.text": "{text}: {reason}",
}


class MatchFileError(BackgammonError):
    """A match file (`.mat`, `.sgf`) that cannot be imported.

    `game` and `line` (both from 1) locate the fault when known, `text` is what stands there and `reason`
    the explanation alone (given as `Said`, the whole sentence has words too). Each format says how its text
    is shown (`quote`) and whether it is shown without a line number.
    """

    quote_without_line = False

    def __init__(
        self, reason: str | Said, *, game: int | None = None, line: int | None = None, text: str | None = None
    ):
        said = reason if isinstance(reason, Said) else None
        reason = reason.text if isinstance(reason, Said) else reason
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
        shown = None
        if text is not None and (line is not None or self.quote_without_line):
            shown = self.quote(text)
            place += f" ({shown})" if place else shown
        super().__init__(f"{place}: {reason}" if place else reason)
        if said is not None:
            self.words = said.words if not place else self._place_words(said, shown)

    def _place_words(self, said: Said, shown: str | None) -> Words:
        """The whole sentence's words: where it is (`FILE_WORDS`), the fault's own sentence inside."""
        args: dict[str, Arg] = {"reason": said}
        if self.game is not None:
            args["game"] = self.game
        if self.line is not None:
            args["line"] = self.line
        if shown is not None:
            args["text"] = shown
        shape = "".join(name.capitalize() for name in args if name != "reason")
        return say(FILE_WORDS, "filefault." + shape[0].lower() + shape[1:], **args).words

    def quote(self, text: str) -> str:
        return text
