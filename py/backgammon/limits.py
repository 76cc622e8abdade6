"""How much the game reads from outside: the limits of docs/limits.md, checked before the work is done.

Everything that comes in (a share link, a file, a pasted ID, a request to the worker) is measured against
these before it is parsed, unpacked or replayed; what is over a limit is refused with `InputTooLargeError`,
whose message names the limit in plain words. The page (web/limits.js) holds the same figures and checks
them first, where the data enters; Python checks them again, so an over-limit input is refused even when the
page did not stop it.

The figures are about ten times the largest real records measured (scripts/measure_records.py): see
docs/limits.md for the measurements and the reasoning.
"""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Any

from .errors import BackgammonError, Said, say

__all__ = [
    "MAX_ACTIONS",
    "MAX_CHAT_CHARS",
    "MAX_DEPTH",
    "MAX_FILE_CHARS",
    "MAX_GAMES",
    "MAX_GAME_ACTIONS",
    "MAX_LINK_CHARS",
    "MAX_MESSAGE_CHARS",
    "MAX_MESSAGE_DEPTH",
    "MAX_MESSAGE_ITEMS",
    "MAX_NAME_CHARS",
    "MAX_POSITION_CHARS",
    "MAX_RECORD_CHARS",
    "MAX_REQUEST_CHARS",
    "MAX_REQUEST_DEPTH",
    "MAX_SGF_DEPTH",
    "MAX_TRANSCRIPT_MESSAGES",
    "InputTooLargeError",
    "check_record_size",
    "check_text_size",
    "json_depth",
    "megabytes",
    "shown",
    "shown_said",
    "size_said",
]

#: A match record as JSON text (a share link once unpacked, a saved .json file): characters.
MAX_RECORD_CHARS = 16_000_000
#: A .mat or .sgf match file: characters.
MAX_FILE_CHARS = 2_000_000
#: One request to the worker as JSON text (a record and its wrapping; every other request is far smaller).
MAX_REQUEST_CHARS = MAX_RECORD_CHARS + 100_000
#: Games in one record or match file.
MAX_GAMES = 2_000
#: Actions (rolls, checker moves, cube actions, ...) in one game of a record.
MAX_GAME_ACTIONS = 10_000
#: Actions in a whole record.
MAX_ACTIONS = 400_000
#: Nesting of a record's JSON (objects and lists inside each other; a record as written has 6).
MAX_DEPTH = 12
#: Nesting of a whole request to the worker: a record inside its request (`{"params": {"record": ...}}`).
MAX_REQUEST_DEPTH = MAX_DEPTH + 4
#: Variations nested inside each other in an .sgf file (gnubg writes one level; a variation inside it is two).
MAX_SGF_DEPTH = 50
#: A player's name (as the page lets one be typed).
MAX_NAME_CHARS = 40
#: A link's text as the page reads it (a share link's fragment, a correspondence turn link's payload).
MAX_LINK_CHARS = 1_000_000
#: One message of the protocol of play on two devices (docs/remote-protocol.md) as JSON text; in six whole
#: 7-point matches the largest was a turn of 554 characters, an invitation 403.
MAX_MESSAGE_CHARS = 8_000
#: Nesting of one such message (an invitation, the deepest, has 4 levels; a whole transcript sent to agree
#: again has 6).
MAX_MESSAGE_DEPTH = 8
#: Items (reveals, commitments, checker moves, cube actions, ...) in one message; the most seen was 8.
MAX_MESSAGE_ITEMS = 64
#: Messages in one transcript of a match played on two devices (one a turn, two when the roller may double).
MAX_TRANSCRIPT_MESSAGES = 100_000
#: One chat text between the two players.
MAX_CHAT_CHARS = 500
#: A pasted position: an XGID, or GNU Backgammon's Position ID and Match ID (an XGID is about 60 characters).
MAX_POSITION_CHARS = 1_000


# A record over the limits, by message id: the page says it in the player's language from the same ids
# (web/i18n/CODE.js; tests/units/test_core_words.py holds English's messages to these). Python writes its
# numbers with a thousands separator; the page writes them in the language's figures.
WORDS: dict[str, str] = {
    "limits.tooManyGames": (
        "This match record holds {n} games; this game reads at most {most} games in one record."
    ),
    "limits.tooManyGameActions": (
        "Game {game} of this match record holds {n} actions; this game reads at most {most} actions in "
        "one game."
    ),
    "limits.tooManyActions": (
        "This match record holds {n} actions; this game reads at most {most} actions in one record."
    ),
    "limits.recordNested": (
        "This match record is nested more than {most} levels deep; a real record is nested 6 levels, so "
        "it was "
        "not read."
    ),
    "limits.textTooLarge": (
        "{what, select, mat {This .mat file} sgf {This .sgf file} xgid {This XGID}"
        " other {This position text}} is too large to open: it holds {size} of text, and this game reads"
        " at most {limit} (a real one is far smaller)."
    ),
    "size.megabytes": "{n} MB",
    "size.kilobytes": "{n} KB",
    "limits.recordTooMuch": (
        "This match record holds far more data than a record of this game; it was not read."
    ),
}


class InputTooLargeError(BackgammonError):
    """Input over one of the limits above: refused before it is read further."""


def megabytes(chars: int) -> str:
    """`chars` in words a player reads: '8 MB', '2 MB', '100 KB'."""
    if chars >= 1_000_000:
        return f"{round(chars / 1_000_000, 1):g} MB"
    if chars >= 1_000:
        return f"{round(chars / 1_000, 1):g} KB"
    return f"{chars} characters"


def size_said(chars: int) -> Said:
    """`chars` (a thousand and more) as `megabytes` words them, in the page's words for sizes."""
    value = round(chars / 1_000_000, 1) if chars >= 1_000_000 else round(chars / 1_000, 1)
    n = int(value) if value.is_integer() else value
    return say(WORDS, "size.megabytes" if chars >= 1_000_000 else "size.kilobytes", n=n)


def check_text_size(text: str, limit: int, what: str) -> None:
    """Refuse `text` longer than `limit` characters (a thousand and more); `what` names it: mat, sgf, xgid,
    or a position's text."""
    if len(text) > limit:
        said = say(WORDS, "limits.textTooLarge", what=what, size=size_said(len(text)), limit=size_said(limit))
        raise InputTooLargeError.saying(said)


def check_record_size(data: object) -> None:
    """Refuse a record (already parsed JSON) that nests deeper than `MAX_DEPTH` or holds more games or actions
    than the limits, before anything of it is replayed. The walk stops at the first excess, so its cost is
    bounded by the limits, not by the size of what was handed in."""
    games = data.get("games") if isinstance(data, dict) else None
    if isinstance(games, list):
        if len(games) > MAX_GAMES:
            raise InputTooLargeError(
                f"This match record holds {len(games)} games; this game reads at most {MAX_GAMES:,} games "
                "in one record."
            ).said_as("limits.tooManyGames", n=len(games), most=MAX_GAMES)
        total = 0
        for number, game in enumerate(games, start=1):
            actions = game.get("actions") if isinstance(game, dict) else None
            if isinstance(actions, list):
                if len(actions) > MAX_GAME_ACTIONS:
                    raise InputTooLargeError(
                        f"Game {number} of this match record holds {len(actions):,} actions; this game "
                        f"reads at most {MAX_GAME_ACTIONS:,} actions in one game."
                    ).said_as("limits.tooManyGameActions", game=number, n=len(actions), most=MAX_GAME_ACTIONS)
                total += len(actions)
        if total > MAX_ACTIONS:
            raise InputTooLargeError(
                f"This match record holds {total:,} actions; this game reads at most {MAX_ACTIONS:,} "
                "actions in one record."
            ).said_as("limits.tooManyActions", n=total, most=MAX_ACTIONS)
    _check_depth(data)


def _check_depth(data: object) -> None:
    # Iterative, so a hostile nesting cannot exhaust Python's stack; each node is seen once.
    stack: list[tuple[Any, int]] = [(data, 1)]
    budget = MAX_ACTIONS * 8 + 10_000  # nodes: an action is at most a few
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > MAX_DEPTH:
            raise InputTooLargeError.saying(say(WORDS, "limits.recordNested", most=MAX_DEPTH))
        budget -= len(value)
        if budget < 0:
            raise InputTooLargeError.saying(say(WORDS, "limits.recordTooMuch"))
        stack.extend((child, depth + 1) for child in children)


def shown(value: object) -> str:
    """A value from outside as a message shows it: text quoted and cut short, a number as written, anything
    else by what it is ('nothing', 'a list', 'an object'): never a Python repr such as None."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        text = str(value)
        return text if len(text) <= 20 else "a very long number"
    if isinstance(value, str):
        clean = "".join(c if c.isprintable() else "?" for c in value[:40])
        return f"'{clean}…'" if len(value) > 40 else f"'{clean}'"
    if isinstance(value, (list, tuple)):
        if len(value) <= 4 and all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in value):
            return "[" + ", ".join(shown(v) for v in value) + "]"
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return "a value of another kind"


# What `shown` words in English for a value that is not text or a number, by message id (the page says them in
# the player's language inside the sentence that shows the value; tests/units/test_core_words.py).
SHOWN_WORDS: dict[str, str] = {
    "shown.nothing": "nothing",
    "shown.longNumber": "a very long number",
    "shown.list": "a list of {n}",
    "shown.object": "an object",
    "shown.otherKind": "a value of another kind",
}


def shown_said(value: object) -> str | Said:
    """`shown(value)`, as words where it is a phrase of English rather than the value as written."""
    text = shown(value)
    if value is None:
        return say(SHOWN_WORDS, "shown.nothing")
    if text == "a very long number" and isinstance(value, (int, float)):
        return say(SHOWN_WORDS, "shown.longNumber")
    if isinstance(value, (list, tuple)) and text.startswith("a list of "):
        return say(SHOWN_WORDS, "shown.list", n=len(value))
    if isinstance(value, dict):
        return say(SHOWN_WORDS, "shown.object")
    if text == "a value of another kind" and not isinstance(value, str):
        return say(SHOWN_WORDS, "shown.otherKind")
    return text


_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """How deeply JSON `text` nests, found without parsing it: Python's parser recurses once per level, and in
    Pyodide a few thousand levels overflow the WebAssembly stack and kill the interpreter (a RecursionError is
    not raised there). Strings are taken out first, then the brackets counted; all of it runs in C (regular
    expressions, `map`, `accumulate`), a few milliseconds per megabyte. Broken JSON may count too deep, which
    only refuses what the parser would refuse anyway."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)
