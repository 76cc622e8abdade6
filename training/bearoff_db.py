"""Compute the one-sided bear-off database, `py/backgammon/bot/bearoff.bin` (see `backgammon.bot.bearoff_db`).

    python3 -m training.bearoff_db [--out py/backgammon/bot/bearoff.bin] [--checkers 15]

Pure Python (no numpy). Every home board of up to 15 checkers is taken in order of pip count (a roll always
lowers it), so the boards a roll can reach are done first: the expected number of rolls to bear off is 1 plus
the mean, over the 21 rolls, of the lowest expectation among the boards the roll can reach, and the
distribution follows the play chosen for each roll (ties: the lower record number). The same for the rolls
until the first checker is off, for the 15-checker boards, playing for that. Probabilities are computed in
floating point and rounded once, at the end, to units of 1/65535 (the largest one takes the rounding's
remainder so that each distribution sums to exactly 65535). `Solver(checkers)` solves the boards of up to
that many checkers only (the same numbers as the full table for those boards).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from pathlib import Path

from backgammon.bot.bearoff_db import (
    CHECKERS,
    GAMMON_POSITIONS,
    POINTS,
    POSITIONS,
    UNIT,
    gammon_index,
    index,
    pack,
)

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "py" / "backgammon" / "bot" / "bearoff.bin"
ROLLS = tuple(((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))
Board = tuple[int, ...]  # six counts: points 1..6


def boards(checkers: int = CHECKERS, points: int = POINTS) -> Iterator[Board]:
    """Every placement of at most `checkers` checkers on `points` points."""
    if points == 0:
        yield ()
        return
    for count in range(checkers + 1):
        for rest in boards(checkers - count, points - 1):
            yield (count, *rest)


def single_moves(board: Board, die: int) -> list[Board]:
    """The boards after one checker moves `die` pips (the rules of bearing off); a finished board stays."""
    highest = max((p for p in range(POINTS) if board[p]), default=-1)
    if highest < 0:
        return [board]
    results = []
    for p in range(highest + 1):
        if not board[p]:
            continue
        point = p + 1
        if point > die or point == die or p == highest:  # move down, bear off exactly, or off from the top
            after = list(board)
            after[p] -= 1
            if point > die:
                after[p - die] += 1
            results.append(tuple(after))
    return results


class Solver:
    """Expectations and distributions of the rolls to finish, and of the rolls to the first checker off."""

    def __init__(self, checkers: int = CHECKERS) -> None:
        self.checkers = checkers
        # board -> (expected rolls, distribution from 0 rolls)
        self.finish: dict[Board, tuple[float, list[float]]] = {}
        self.first: dict[Board, tuple[float, list[float]]] = {}
        self._memo: dict[tuple[bool, Board, int, int], tuple[float, int, Board]] = {}

    def _value(self, gammon: bool, board: Board) -> tuple[float, int, Board]:
        if gammon and sum(board) < CHECKERS:
            return (0.0, -1, board)  # a checker is off: the first-off race is over
        table = self.first if gammon else self.finish
        return (table[board][0], index(board), board)

    def best(self, gammon: bool, board: Board, die: int, moves: int) -> tuple[float, int, Board]:
        """The lowest (expectation, record number, board) reachable by `moves` moves of `die`."""
        if moves == 0:
            return self._value(gammon, board)
        key = (gammon, board, die, moves)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = min(
                self.best(gammon, after, die, moves - 1) for after in single_moves(board, die)
            )
        return found

    def choice(self, gammon: bool, board: Board, dice: tuple[int, int]) -> Board:
        a, b = dice
        if a == b:
            return self.best(gammon, board, a, 4)[2]
        either = min(
            min(self.best(gammon, after, b, 1) for after in single_moves(board, a)),
            min(self.best(gammon, after, a, 1) for after in single_moves(board, b)),
        )
        return either[2]

    def solve_board(self, gammon: bool, board: Board) -> None:
        table = self.first if gammon else self.finish
        if not any(board):
            table[board] = (0.0, [1.0])
            return
        expected = 1.0
        dist = [0.0]
        for dice, weight in ROLLS:
            after = self.choice(gammon, board, dice)
            if gammon and sum(after) < CHECKERS:
                after_expected, after_dist = 0.0, [1.0]
            else:
                after_expected, after_dist = table[after]
            expected += weight * after_expected / 36.0
            if len(dist) < len(after_dist) + 1:
                dist.extend([0.0] * (len(after_dist) + 1 - len(dist)))
            for n, p in enumerate(after_dist):
                dist[n + 1] += weight * p / 36.0
        table[board] = (expected, dist)

    def solve(self) -> None:
        every = sorted(
            boards(self.checkers), key=lambda b: (sum((p + 1) * n for p, n in enumerate(b)), index(b))
        )
        for board in every:
            self.solve_board(False, board)
        for board in every:
            if sum(board) == CHECKERS:
                self.solve_board(True, board)
        self._memo.clear()


def quantised(dist: list[float]) -> tuple[int, list[int]]:
    """(rolls of the first nonzero unit, units) of a distribution in units of 1/65535 that sum to 65535."""
    units = [round(p * UNIT) for p in dist]
    mode = max(range(len(units)), key=lambda n: units[n])
    units[mode] += UNIT - sum(units)
    first = next(n for n, u in enumerate(units) if u)
    last = max(n for n, u in enumerate(units) if u)
    return first, units[first : last + 1]


def records(solver: Solver) -> list[tuple[int, list[int]]]:
    """The file's records of a solved full table, in file order."""
    rows: list[tuple[int, list[int]]] = [(0, [])] * (POSITIONS + GAMMON_POSITIONS)
    for board, (_, dist) in solver.finish.items():
        rows[index(board)] = quantised(dist)
    for board, (_, dist) in solver.first.items():
        rows[POSITIONS + gammon_index(board)] = quantised(dist)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    began = time.time()
    solver = Solver()
    solver.solve()
    solved = time.time()
    data = pack(records(solver))
    args.out.write_bytes(data)
    longest = max(len(d) for _, d in solver.finish.values())
    print(
        f"{len(solver.finish)} boards, {len(solver.first)} gammon boards solved in {solved - began:.1f} s; "
        f"distributions up to {longest - 1} rolls; {args.out}: {len(data)} bytes"
    )


if __name__ == "__main__":
    main()
