"""`Move` (one checker, one die) and `Play` (a whole turn), with gnubg-style notation.

Points use the mover's numbering: 1..24, `BAR` (25) and `OFF` (0).

>>> Move(24, 18)
Move(24, 18)
>>> format_play(Play([Move(24, 18), Move(18, 13)]))
'24/13'
>>> format_play(Play([Move(24, 18), Move(18, 13)]), blots={18})
'24/18*/13'
>>> format_play(Play([Move(8, 4), Move(8, 4), Move(6, 2), Move(6, 2)]))
'8/4(2) 6/2(2)'
>>> parse_play_text("bar/22 13/10*(2)")
[(25, 22), (13, 10), (13, 10)]
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from itertools import pairwise
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
        return format_play(self)


def point_name(point: int) -> str:
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return str(point)


def format_play(play: Sequence[Move], blots: Collection[int] = ()) -> str:
    """gnubg notation of `play`; `blots` are the points (mover's numbering) holding one opposing checker
    before the play, so a move landing there hits (`*`). The empty play is `pass`.

    As gnubg writes it: single moves sorted from the highest source (then the highest destination), a
    checker's consecutive moves joined (`24/13`; an intermediate point is kept only where it hit:
    `24/18*/13`), identical moves counted (`8/4(2)`).
    """
    if not play:
        return "pass"
    chains = [[move.source, move.dest] for move in sorted(play, reverse=True)]
    for i, chain in enumerate(chains):
        if not chain:
            continue
        for later in chains[i + 1 :]:
            if later and chain[-1] == later[0]:
                if chain[-1] not in blots:
                    chain.pop()  # a point passed without hitting is not written
                chain.append(later[1])
                later.clear()
    groups: list[tuple[list[int], int]] = []
    for chain in chains:
        if not chain:
            continue
        index = next((k for k, (existing, _) in enumerate(groups) if existing == chain), None)
        if index is None:
            groups.append((chain, 1))
        else:
            groups[index] = (chain, groups[index][1] + 1)
    marked: set[int] = set()
    parts = []
    for chain, count in groups:
        text = point_name(chain[0])
        for point in chain[1:-1]:  # kept intermediate points are hits
            text += f"/{point_name(point)}*"
            marked.add(point)
        last = chain[-1]
        text += f"/{point_name(last)}"
        if last != OFF and last in blots and last not in marked:
            text += "*"
            marked.add(last)
        parts.append(text + (f"({count})" if count > 1 else ""))
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
            raise InvalidMoveError(
                f"{text!r} is not a move: cannot read {token!r} (write moves like 24/18 or bar/22)."
            )
        points = tuple(_parse_point(part.rstrip("*"), text) for part in match.group(1).split("/"))
        if OFF in points[:-1] or BAR in points[1:]:
            raise InvalidMoveError(
                f"{text!r} is not a move: 'bar' can only start a move and 'off' only end one."
            )
        if any(later >= earlier for earlier, later in pairwise(points)):
            raise InvalidMoveError(
                f"{text!r} is not a move: {token!r} does not move forward (to lower points)."
            )
        count = int(match.group(2) or 1)
        if not 1 <= count <= 4:
            raise InvalidMoveError(f"{text!r} is not a move: a move is repeated 1 to 4 times, not {count}.")
        paths.extend([points] * count)
    return paths
