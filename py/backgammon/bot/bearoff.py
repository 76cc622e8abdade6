"""Exact results at the very end of a race, where a network's small errors matter most.

Only the certain cases are decided here: a side on roll that bears off with every roll wins; a side
that cannot finish this roll while the other finishes with every roll loses.
"""

from __future__ import annotations

from collections.abc import Sequence


def finishes_with_any_roll(side: Sequence[int]) -> bool:
    """True when every roll bears off all of `side`'s checkers (all of them in its home board)."""
    if any(side[6:25]):
        return False
    checkers = [point for point in range(6, 0, -1) for _ in range(side[point - 1])]
    if len(checkers) == 1:
        return checkers[0] <= 3  # 2-1 moves it 3 pips, 1-1 four
    if len(checkers) == 2:
        return checkers[0] <= 2 and checkers[1] <= 1  # 2-1 takes one checker per die
    return False


def cannot_finish_this_roll(side: Sequence[int]) -> bool:
    """True when no roll bears off all of `side`'s checkers (6-6 does at most 4 checkers, 24 pips)."""
    if any(side[6:25]):
        return True
    count = sum(side)
    pips = sum((i + 1) * n for i, n in enumerate(side))
    return count > 4 or pips > 24


def race_probabilities_if_known(mine: Sequence[int], theirs: Sequence[int]) -> float | None:
    """The exact winning chance of the side on roll in a race when it is certain, else None."""
    if finishes_with_any_roll(mine):
        return 1.0
    if cannot_finish_this_roll(mine) and finishes_with_any_roll(theirs):
        return 0.0
    return None
