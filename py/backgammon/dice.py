"""Dice sources. Nothing in the rules core reads a global random generator: a source is passed in.

>>> SeededDice(7).roll() == SeededDice(7).roll()
True
>>> ScriptedDice([(3, 1), (6, 6)]).roll()
(3, 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Protocol

from .errors import BackgammonError
from .limits import shown

Dice = tuple[int, int]


class DiceSource(Protocol):
    """Anything that rolls two dice."""

    def roll(self) -> Dice: ...


def check_dice(dice: object) -> Dice:
    """Return `dice` as a pair of ints 1..6, or raise `BackgammonError` naming the bad value."""
    if not isinstance(dice, (list, tuple)) or len(dice) != 2:
        raise BackgammonError(f"Dice must be a pair of numbers 1 to 6, got {shown(dice)}.")
    first, second = dice
    for die in (first, second):
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
            raise BackgammonError(f"Dice must be a pair of numbers 1 to 6, got {shown(list(dice))}.")
    return (first, second)


class SeededDice:
    """Reproducible dice from a private `random.Random(seed)`."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed)

    def roll(self) -> Dice:
        return (self._random.randint(1, 6), self._random.randint(1, 6))

    def __repr__(self) -> str:
        return "SeededDice(...)"


class ScriptedDice:
    """Dice given in advance, in order; raises when the script runs out."""

    def __init__(self, rolls: Iterable[Sequence[int]]) -> None:
        self._rolls = [check_dice(tuple(roll) if isinstance(roll, (list, tuple)) else roll) for roll in rolls]
        self._next = 0

    def roll(self) -> Dice:
        if self._next >= len(self._rolls):
            raise BackgammonError(f"The scripted dice ran out after {len(self._rolls)} rolls.")
        dice = self._rolls[self._next]
        self._next += 1
        return dice

    @property
    def remaining(self) -> int:
        return len(self._rolls) - self._next

    def __repr__(self) -> str:
        return f"ScriptedDice({self._rolls[self._next :]!r})"
