"""Computations done a unit at a time, so that a caller can share its time: the page's computer thinks in
steps (`bot_think`), since a world-class decision takes seconds.

A `Steps[T]` is a generator that yields (nothing) between units of work (one search of the opponent's best
reply to a roll, in a play's look-ahead; one roll of a cube decision two plies deep) and returns its result;
`finished` runs one through at once.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")
Steps = Generator[None, None, T]


def finished(steps: Steps[T]) -> T:
    """The result of `steps`, all done at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result
