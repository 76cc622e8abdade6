"""Work a computation in steps may share with other workers (the page's helpers, `bot_think`): units that
depend on nothing but the work's request, each done by whichever worker takes it.

A `SharedWork`'s `steps` yield the work itself once, first: the caller sends back the units it hands to
others (None or an empty set: all are done here, which is what `steps.finished` does); then they yield
between units as any steps do, and once the units kept here are done, an `Awaiting` for the others' results
(sent back as a dict by unit; a unit missing from it is then done here). The result is the same, to the last
bit, however the units were shared: each unit's result depends on its request alone, and the caller combines
them in one order.

A unit crosses to the page as `UnitFigures`: its board and roll, and its result as numbers (`to_wire`); what
comes back is checked (`result`) as anything else from the page. The kinds: `player.SharedTwoPly` (a
play's 2-ply, a unit one board after one of the opponent's rolls) and `cubeful.SharedCubeRolls` (a cube
decision two plies deep, a unit one of the doubler's rolls).
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

from backgammon.bot.cube import MatchContext
from backgammon.bot.evaluator import Probabilities
from backgammon.bot.steps import Steps
from backgammon.errors import InvalidActionError
from backgammon.position import Position
from backgammon.shapes import UnitFigures

R = TypeVar("R")
#: A unit: a board of the work's (its index) and a roll (its index of the 21).
Unit = tuple[int, int]


@dataclass(frozen=True)
class Awaiting:
    """What a shared work's steps yield once its own units are done: they wait for the results of `units`."""

    units: frozenset[Unit]


@dataclass(frozen=True)
class SharedWork(ABC, Generic[R]):
    """Boards judged at a score and cube (`context`, `cube_value`), a unit at a time."""

    #: its name on the wire (`SharedPart.kind`)
    kind: ClassVar[str]
    boards: tuple[Position, ...]
    context: MatchContext
    cube_value: int

    @abstractmethod
    def units(self) -> tuple[Unit, ...]: ...

    @abstractmethod
    def unit_steps(self, unit: Unit) -> Steps[R]: ...

    @abstractmethod
    def figures(self, result: R) -> tuple[list[float], list[str] | None]:
        """A unit's result as numbers, and the boards it names (position IDs), if any."""

    @abstractmethod
    def result(self, unit: Unit, figures: list[float], boards: list[str] | None) -> R:
        """A unit's result from its numbers and boards; InvalidActionError when they cannot be one."""

    def steps(self) -> Steps[dict[Unit, R]]:
        """Every unit's result, some of them perhaps done by others (see the module)."""
        taken: frozenset[Unit] = (yield self) or frozenset()
        found: dict[Unit, R] = {}
        for unit in self.units():
            if unit not in taken:
                found[unit] = yield from self.unit_steps(unit)
        if taken:
            brought: dict[Unit, R] = (yield Awaiting(taken)) or {}
            found.update((unit, result) for unit, result in brought.items() if unit in taken)
            for unit in sorted(taken - found.keys()):
                found[unit] = yield from self.unit_steps(unit)
        return found

    def to_wire(self, unit: Unit, result: R) -> UnitFigures:
        figures, boards = self.figures(result)
        entry = UnitFigures(board=self.boards[unit[0]].id, roll=unit[1], figures=figures)
        if boards is not None:
            entry["boards"] = boards
        return entry


def chances_from(figures: list[float]) -> Probabilities:
    """Five numbers as a side's chances; InvalidActionError unless each is a chance (0 to 1)."""
    if len(figures) != 5 or not all(is_number(c) and 0.0 <= c <= 1.0 for c in figures):
        raise InvalidActionError("a unit's chances must be five numbers from 0 to 1.")
    return Probabilities(*map(float, figures))


def is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
