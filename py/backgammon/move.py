"""`Move` (one checker, one die) and `Play` (a whole turn), with gnubg-style notation.

Points use the mover's numbering: 1..24, `BAR` (25) and `OFF` (0).

>>> Move(24, 18)
Move(24, 18)
>>> format_play(Play([Move(24, 18), Move(18, 13)]), hits=[False, False])
'24/13'
>>> format_play(Play([Move(8, 4), Move(8, 4), Move(6, 2), Move(6, 2)]), hits=[False] * 4)
'8/4(2) 6/2(2)'
>>> parse_play_text("bar/22 13/10*(2)")
[(25, 22), (13, 10), (13, 10)]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .errors import InvalidMoveError

BAR = 25
OFF = 0


class Move(NamedTuple):
    """One checker moved by one die, from `source` to `dest` (mover's numbering; 25 = bar, 0 = off)."""

    source: int
    dest: int

    def __repr__(self) -> str:
        return f"Move({self.source}, {self.dest})"

    def __str__(self) -> str:
        return f"{point_name(self.source)}/{point_name(self.dest)}"


class Play(tuple[Move, ...]):
    """The single-die moves of one turn, in the order played. The empty play is a pass."""

    __slots__ = ()

    def __new__(cls, moves: Iterable[Move] = ()) -> Play:
        return super().__new__(cls, (Move(*move) for move in moves))

    def __repr__(self) -> str:
        return f"Play([{', '.join(repr(move) for move in self)}])"

    def __str__(self) -> str:
        """Notation without hit marks; `Position.notation(play)` adds them."""
        return format_play(self, [False] * len(self))


def point_name(point: int) -> str:
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return str(point)


class _Chain:
    """One checker's consecutive steps in a play, for notation."""

    __slots__ = ("hits", "points")

    def __init__(self, source: int) -> None:
        self.points = [source]
        self.hits = [False]

    def text(self) -> str:
        # Intermediate points are written only where the checker hit.
        parts = [point_name(self.points[0])]
        last = len(self.points) - 1
        for index in range(1, last + 1):
            if index == last or self.hits[index]:
                parts.append(point_name(self.points[index]) + ("*" if self.hits[index] else ""))
        return "/".join(parts)


def format_play(play: Sequence[Move], hits: Sequence[bool]) -> str:
    """gnubg notation of `play`; `hits[i]` tells whether move i hit a blot. The empty play is `pass`.

    A checker's consecutive steps are joined (`24/13`, or `24/18*/13` when it hit on the way); identical
    moves are counted (`8/4(2)`); moves are listed from the highest source point down, as gnubg does.
    """
    if not play:
        return "pass"
    chains: list[_Chain] = []
    for move, hit in zip(play, hits, strict=True):
        chain = next((c for c in reversed(chains) if c.points[-1] == move.source and move.source != OFF), None)
        if chain is None:
            chain = _Chain(move.source)
            chains.append(chain)
        chain.points.append(move.dest)
        chain.hits.append(hit)
    chains.sort(key=lambda c: (c.points[0], c.points[-1]), reverse=True)
    texts = [chain.text() for chain in chains]
    parts: list[str] = []
    index = 0
    while index < len(texts):
        count = 1
        while index + count < len(texts) and texts[index + count] == texts[index]:
            count += 1
        parts.append(texts[index] + (f"({count})" if count > 1 else ""))
        index += count
    return " ".join(parts)


_POINT = r"(?:bar|off|\d{1,2})"
_CHECKER_MOVE = re.compile(rf"({_POINT}\*?(?:/{_POINT}\*?)+)(?:\((\d)\))?")


def _parse_point(text: str, original: str) -> int:
    if text == "bar":
        return BAR
    if text == "off":
        return OFF
    point = int(text)
    if not 1 <= point <= BAR:
        raise InvalidMoveError(f"{original!r} is not a move: there is no point {point}.")
    return point


def parse_play_text(text: str) -> list[tuple[int, ...]]:
    """The checker paths written in `text`, one tuple of points per checker, counts expanded.

    `"24/18*/13 6/off(2)"` gives `[(24, 18, 13), (6, 0), (6, 0)]`. Hit marks are accepted and ignored:
    whether a move hits follows from the board. `pass` (or nothing) is the empty play. Raises
    `InvalidMoveError` naming the text when it is not a move in this notation.
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"A play must be text like '24/18 13/10*', got {text!r}.")
    tokens = text.strip().lower().split()
    if tokens in ([], ["pass"]):
        return []
    paths: list[tuple[int, ...]] = []
    for token in tokens:
        match = _CHECKER_MOVE.fullmatch(token)
        if match is None:
            raise InvalidMoveError(f"{text!r} is not a move: cannot read {token!r} (write moves like 24/18 or bar/22).")
        points = tuple(_parse_point(part.rstrip("*"), text) for part in match.group(1).split("/"))
        if OFF in points[:-1] or BAR in points[1:]:
            raise InvalidMoveError(f"{text!r} is not a move: 'bar' can only start a move and 'off' only end one.")
        if any(later >= earlier for earlier, later in zip(points, points[1:])):
            raise InvalidMoveError(f"{text!r} is not a move: {token!r} does not move forward (to lower points).")
        count = int(match.group(2) or 1)
        if not 1 <= count <= 4:
            raise InvalidMoveError(f"{text!r} is not a move: a move is repeated 1 to 4 times, not {count}.")
        paths.extend([points] * count)
    return paths
