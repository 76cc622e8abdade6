"""`Position`: an immutable board seen from the player on roll.

`Position(mine, theirs)` takes two sequences of 25 counts: index `i` in 0..23 is point `i + 1` counted from
that side's own home board, index 24 is that side's bar. Borne-off checkers are `15 - sum(side)`. Our point
`p` is the opponent's point `25 - p`.

>>> pos = Position.start()
>>> pos.id
'4HPwATDgc/ABMA'
>>> pos.pip_count()
(167, 167)
>>> pos.play_notation("8/5 6/5", (3, 1)).pip_count()
(163, 167)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .errors import IllegalMoveError, InvalidPositionError
from .formats.gnubg_id import decode_position_id, encode_position_id
from .move import BAR, OFF, Move, Play, format_play

# A deliberate circle: movegen and turn import Position; it imports them late (docs/architecture.md).
if TYPE_CHECKING:
    from .movegen import LegalPlays

CHECKERS = 15
SLOTS = 25  # points 1..24 and the bar
BAR_INDEX = 24
START_SIDE: tuple[int, ...] = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)

_set = object.__setattr__


def position_problem(mine: Sequence[int], theirs: Sequence[int]) -> str | None:
    """Why `(mine, theirs)` is not a possible board, or None."""
    for name, side in (("mine", mine), ("theirs", theirs)):
        if len(side) != SLOTS:
            return f"{name} has {len(side)} entries, not {SLOTS} (points 1..24 and the bar)"
        for index, count in enumerate(side):
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                return f"{name}[{index}] is {count!r}, not a count of checkers"
        if sum(side) > CHECKERS:
            return f"{name} has {sum(side)} checkers on the board; a side has {CHECKERS}"
    for index in range(24):
        if mine[index] and theirs[23 - index]:
            return f"point {index + 1} holds checkers of both sides"
    if mine[BAR_INDEX] and theirs[BAR_INDEX] and all(mine[i] >= 2 and theirs[i] >= 2 for i in range(6)):
        # as gnubg's check: the last checker hit could not have been hit with both home boards closed
        return "both sides have checkers on the bar against closed home boards"
    return None


class Position:
    """A board seen from the player on roll. Immutable and hashable; equal boards are equal.

    Build it with `Position.start()`, `Position.from_id(...)` or `Position(mine, theirs)` (validated).
    """

    __slots__ = ("mine", "theirs")
    mine: tuple[int, ...]
    theirs: tuple[int, ...]

    def __init__(self, mine: Sequence[int], theirs: Sequence[int]) -> None:
        mine_t, theirs_t = tuple(mine), tuple(theirs)
        problem = position_problem(mine_t, theirs_t)
        if problem:
            raise InvalidPositionError(
                f"Not a possible position: {problem} (mine={mine_t}, theirs={theirs_t})."
            )
        _set(self, "mine", mine_t)
        _set(self, "theirs", theirs_t)

    @classmethod
    def unchecked(cls, mine: tuple[int, ...], theirs: tuple[int, ...]) -> Position:
        """Fast path for generators: no validation; the caller guarantees a possible board."""
        position = _new(cls)
        _set_mine(position, mine)
        _set_theirs(position, theirs)
        return position

    @classmethod
    def start(cls) -> Position:
        return cls.unchecked(START_SIDE, START_SIDE)

    @classmethod
    def from_id(cls, position_id: str) -> Position:
        """The position of a gnubg Position ID; raises `InvalidIdError` or `InvalidPositionError`."""
        mine, theirs = decode_position_id(position_id)
        problem = position_problem(mine, theirs)
        if problem:
            raise InvalidPositionError(f"Position ID {position_id!r} is not a possible position: {problem}.")
        return cls.unchecked(mine, theirs)

    @property
    def id(self) -> str:
        """The gnubg Position ID (player on roll is `mine`)."""
        return encode_position_id(self.mine, self.theirs)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Position is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Position is immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.mine == other.mine and self.theirs == other.theirs

    def __hash__(self) -> int:
        return hash((self.mine, self.theirs))

    def __repr__(self) -> str:
        return f"Position.from_id({self.id!r})"

    def __str__(self) -> str:
        """A text diagram numbered from the side on roll (X); the opponent is O.

        >>> print(Position.start())
        Position 4HPwATDgc/ABMA, X on roll
         13 14 15 16 17 18 | 19 20 21 22 23 24
         5X  .  .  . 3O  . | 5O  .  .  .  . 2X
         5O  .  .  . 3X  . | 5X  .  .  .  . 2O
         12 11 10  9  8  7 |  6  5  4  3  2  1
        bar X 0, O 0; off X 0, O 0
        """

        def cell(point: int) -> str:
            if self.mine[point - 1]:
                return f"{self.mine[point - 1]}X"
            if self.theirs[24 - point]:
                return f"{self.theirs[24 - point]}O"
            return "."

        def line(texts: list[str]) -> str:
            cells = [f"{text:>3}" for text in texts]  # up to "15X"
            return "".join(cells[:6]) + " |" + "".join(cells[6:])

        top, bottom = list(range(13, 25)), list(range(12, 0, -1))
        mine_off, theirs_off = self.borne_off()
        return "\n".join(
            [
                f"Position {self.id}, X on roll",
                line([str(point) for point in top]),
                line([cell(point) for point in top]),
                line([cell(point) for point in bottom]),
                line([str(point) for point in bottom]),
                f"bar X {self.mine[BAR_INDEX]}, O {self.theirs[BAR_INDEX]}; off X {mine_off}, O {theirs_off}",
            ]
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (Position.unchecked, (self.mine, self.theirs))

    # -- facts about the board ------------------------------------------------------------------------------

    def pip_count(self) -> tuple[int, int]:
        """(mine, theirs): pips each side needs to bear everything off (a checker on the bar counts 25)."""
        return (
            sum(count * (index + 1) for index, count in enumerate(self.mine)),
            sum(count * (index + 1) for index, count in enumerate(self.theirs)),
        )

    def borne_off(self) -> tuple[int, int]:
        """(mine, theirs): checkers each side has borne off."""
        return CHECKERS - sum(self.mine), CHECKERS - sum(self.theirs)

    def on_bar(self) -> tuple[int, int]:
        return self.mine[BAR_INDEX], self.theirs[BAR_INDEX]

    def all_home(self) -> bool:
        """Whether every checker of the player on roll still in play is in the home board (may bear off)."""
        return not any(self.mine[6:])

    def is_contact(self) -> bool:
        """Whether some checkers can still meet (False in a pure race)."""
        my_back = max((i for i in range(SLOTS) if self.mine[i]), default=-1)
        their_back = max((i for i in range(SLOTS) if self.theirs[i]), default=-1)
        # our index i faces their index 23 - i; contact while our back checker is behind theirs
        return my_back >= 0 and their_back >= 0 and my_back + their_back >= 23

    def winner_side(self) -> int | None:
        """0 if the player on roll has borne off everything, 1 if the opponent has, else None."""
        if not any(self.mine):
            return 0
        if not any(self.theirs):
            return 1
        return None

    def swap(self) -> Position:
        """The same board seen from the other side (the opponent on roll)."""
        return Position.unchecked(self.theirs, self.mine)

    # -- playing --------------------------------------------------------------------------------------------

    def legal_plays(self, dice: tuple[int, int]) -> LegalPlays:
        from .movegen import legal_plays

        return legal_plays(self, dice)

    def apply_move_unchecked(self, move: Move) -> Position:
        """Move one checker without checking the rules (hits a blot on the destination)."""
        return self.apply_unchecked((move,))

    def apply_unchecked(self, play: Sequence[Move]) -> Position:
        """The board after `play` by the player on roll, sides not swapped; no rules are checked."""
        mine = list(self.mine)
        theirs = list(self.theirs)
        for source, dest in play:
            mine[source - 1] -= 1
            if dest != OFF:
                mine[dest - 1] += 1
                if theirs[24 - dest] == 1:
                    theirs[24 - dest] = 0
                    theirs[BAR_INDEX] += 1
        return Position.unchecked(tuple(mine), tuple(theirs))

    def hits(self, play: Sequence[Move]) -> list[bool]:
        """For each move of `play` (applied in order), whether it hits a blot."""
        theirs = list(self.theirs)
        result = []
        for _source, dest in play:
            hit = dest != OFF and theirs[24 - dest] == 1
            if hit:
                theirs[24 - dest] = 0
            result.append(hit)
        return result

    def blots(self) -> frozenset[int]:
        """Points (our numbering) holding exactly one opposing checker: a checker landing there hits."""
        return frozenset(point for point in range(1, 25) if self.theirs[24 - point] == 1)

    def notation(self, play: Sequence[Move]) -> str:
        """gnubg notation of `play` here: `24/18 13/10*`, `bar/22`, `6/off`, `8/4(2)`, `pass`."""
        return format_play(play, self.blots())

    def play(self, play: Sequence[Move], dice: tuple[int, int]) -> Position:
        """The board after a whole legal `play` of `dice`; raises `IllegalMoveError` otherwise.

        The play's moves are normally single-die moves (as `legal_plays` lists them); a move using several
        dice through open points is accepted too, as on the board.
        """
        from .movegen import legal_plays

        plays = legal_plays(self, dice)
        result = plays.result_of(Play(play)) if _well_formed(play) else None
        if result is not None:
            return result
        if _well_formed(play):
            from .turn import Turn

            # Replay it move by move (a move may use several dice); an error names the rule broken.
            return Turn.replay(self, dice, play).position
        raise IllegalMoveError(
            f"{play!r} is not a play: a play is a sequence of Move(source, dest) (position {self.id}).",
            "illegal-play",
        )

    def parse_play(self, text: str, dice: tuple[int, int]) -> Play:
        """The play written in `text` (gnubg notation), checked against the rules for `dice`.

        Raises `InvalidMoveError` for text that is not a move and `IllegalMoveError` (with the rule) for a
        play the rules forbid.
        """
        from .turn import Turn

        return Turn.from_notation(self, dice, text).play

    def play_notation(self, text: str, dice: tuple[int, int]) -> Position:
        """The board after the play written in `text`; see `parse_play`."""
        return self.apply_unchecked(self.parse_play(text, dice))


# The slots' own setters: about twice as fast as object.__setattr__, which matters to engines building
# thousands of positions (see `unchecked_positions`).
_new = object.__new__
_set_mine: Callable[[Position, tuple[int, ...]], None] = Position.__dict__["mine"].__set__
_set_theirs: Callable[[Position, tuple[int, ...]], None] = Position.__dict__["theirs"].__set__


def unchecked_positions(boards: Iterable[tuple[tuple[int, ...], tuple[int, ...]]]) -> list[Position]:
    """`Position.unchecked` for many `(mine, theirs)` boards at once (no validation)."""
    found = []
    for mine, theirs in boards:
        position = _new(Position)
        _set_mine(position, mine)
        _set_theirs(position, theirs)
        found.append(position)
    return found


def _well_formed(play: Sequence[Move]) -> bool:
    return all(
        isinstance(move, tuple) and len(move) == 2 and 1 <= move[0] <= BAR and OFF <= move[1] < move[0]
        for move in play
    )
