"""Exact results at the very end of a race, where a network's small errors matter most.

The certain cases are decided here: a side on roll that bears off with every roll wins; a side that cannot
finish this roll while the other finishes with every roll loses. Any other position where both sides have
every checker in their home board is judged by the one-sided bear-off database (`bearoff_db`), read the
first time one is met.
"""

from __future__ import annotations

from collections.abc import Sequence

from backgammon.movegen import generate

_ROLLS = tuple(((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))
Chances = tuple[float, float, float, float, float]


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


def race_probabilities_if_known(mine: Sequence[int], theirs: Sequence[int]) -> Chances | None:
    """The exact chances of the side on roll in a race when the result is certain, else None.

    The five numbers are those of `evaluator.Probabilities` (win, win gammon, win backgammon, lose gammon,
    lose backgammon). A gammon is decided too: the winner finishes now or next roll, so the loser's
    checkers left on the board then are known (the loser's own roll is looked at over all 21 rolls).
    """
    if finishes_with_any_roll(mine):
        gammon = sum(theirs) == 15
        return (1.0, float(gammon), float(gammon and any(theirs[18:25])), 0.0, 0.0)
    if cannot_finish_this_roll(mine) and finishes_with_any_roll(theirs):
        if sum(mine) < 15:
            return (0.0, 0.0, 0.0, 0.0, 0.0)
        return (0.0, 0.0, 0.0, *_gammon_chances_before_their_finish(tuple(mine), tuple(theirs)))
    return None


def exact_race_probabilities(mine: Sequence[int], theirs: Sequence[int]) -> Chances | None:
    """The chances of the side on roll in a race when they are known: certain, or both sides bearing off
    (the database's figures, within its rounding to 1/65535), else None."""
    known = race_probabilities_if_known(mine, theirs)
    if known is None and not any(mine[6:25]) and not any(theirs[6:25]):  # `bearoff_db.is_bearoff`
        # Imported here, the first time it is needed: nothing of it is loaded at start.
        from backgammon.bot.bearoff_db import two_sided

        known = two_sided(mine, theirs)
    return known


def _gammon_chances_before_their_finish(
    mine: tuple[int, ...], theirs: tuple[int, ...]
) -> tuple[float, float]:
    """(gammon, backgammon) chances of `mine`, on roll with no checker off, if it gets only this roll."""
    gammons = backgammons = 0
    for dice, weight in _ROLLS:
        results = [after for after, _, _ in generate(mine, theirs, dice).values()] or [mine]
        # The best play for the loser bears a checker off if it can, else leaves their home board.
        gammon, backgammon = min(
            (sum(after) == 15, sum(after) == 15 and any(after[18:25])) for after in results
        )
        gammons += weight * gammon
        backgammons += weight * backgammon
    return gammons / 36.0, backgammons / 36.0
