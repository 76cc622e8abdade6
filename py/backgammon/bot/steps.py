"""Computations done a unit at a time, so that a caller can share its time: the page's computer thinks in
steps (`bot_think`), since a world-class decision takes seconds.

A `Steps[T]` is a generator that yields (None) between units of work (one search of the opponent's best
reply to a roll, in a play's look-ahead; one roll of a cube decision two plies deep) and returns its result;
`finished` runs one through at once. Some steps also yield work that the caller may share with other workers
(`player.SharedTwoPly`), and take what the caller sends back; sent nothing (`next`, as `finished` does), they
do it all themselves.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar

T = TypeVar("T")
Steps = Generator[object, Any, T]


def finished(steps: Steps[T]) -> T:
    """The result of `steps`, all done at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result
