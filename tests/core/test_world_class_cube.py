"""World class's cube, two plies deep (`cubeful.two_ply_advice`), against GNU Backgammon's 2-ply cube
decisions on the 16 positions of `data/cube_gnubg_two_ply.json` (tests/core/test_cube_two_ply.py says how
they were collected): every verdict, double or not and take or pass, is gnubg 2-ply's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis_budget import IN_PYODIDE

from backgammon.bot.cube import Owner
from backgammon.bot.cubeful import two_ply_advice
from backgammon.bot.steps import finished
from backgammon.position import Position
from benchmarks.cube_two_ply_gnubg import context_of  # how the fixture's scores were read

FIXTURE = json.loads((Path(__file__).parent / "data" / "cube_gnubg_two_ply.json").read_text())
OWNERS = {None: Owner.CENTRE, "me": Owner.ME, "them": Owner.THEM}


def gnubg_verdict(figures: dict[str, float]) -> tuple[bool, bool]:
    no_double, double_take, double_pass = figures["no_double"], figures["double_take"], figures["double_pass"]
    return min(double_take, double_pass) > no_double, double_take <= double_pass


# Inside Pyodide, four of the sixteen: the other twelve are the same arithmetic on other boards, 1 to 11 s
# each there (66 s of the 72 s the sixteen took there in a run of 2026-12-02, beside other runs). The four are
# the cheapest there that give each of gnubg's four verdicts once, two for money and two in a match; all
# sixteen run on CPython.
IN_PYODIDE_TOO = {
    "P7cFAIB8bwEAAA",  # money: no double, take
    "4HlwAHib7SICIA",  # money: too good to double
    "zDYQ8ETLzCYhEA",  # 8-point match: double, pass
    "M5vBA0Bq2wMBGA",  # 4-away 3-away: double, take
}
ON_CPYTHON_ONLY = pytest.mark.skipif(
    IN_PYODIDE, reason="the same 2-ply cube arithmetic on another board: four of these run inside Pyodide"
)


@pytest.mark.parametrize(
    "entry",
    [
        pytest.param(entry, marks=() if entry["position_id"] in IN_PYODIDE_TOO else ON_CPYTHON_ONLY)
        for entry in FIXTURE
    ],
    ids=[entry["position_id"] for entry in FIXTURE],
)
def test_world_class_doubles_and_takes_as_gnubg_two_ply(entry: dict[str, Any]) -> None:
    position = Position.from_id(entry["position_id"])
    steps = two_ply_advice(position, entry["cube"], OWNERS[entry["owner"]], context_of(entry))
    advice, chances = finished(steps)
    assert (advice.double, advice.take) == gnubg_verdict(entry["gnubg_2ply"])
    assert chances.win == pytest.approx(entry["gnubg_2ply"]["chances"][0], abs=0.06)


def test_the_two_ply_cube_is_thought_about_a_roll_at_a_time() -> None:
    entry = FIXTURE[0]
    position, context = Position.from_id(entry["position_id"]), context_of(entry)
    steps = two_ply_advice(position, entry["cube"], OWNERS[entry["owner"]], context)
    taken = 0
    try:
        while True:
            next(steps)
            taken += 1
    except StopIteration as done:
        advice, _ = done.value
    # One step offering the rolls to share (`shared.SharedWork`; none taken here), then one for each roll
    # whose play does not end the game: here all 21.
    assert taken == 1 + 21
    assert (advice.double, advice.take) == gnubg_verdict(entry["gnubg_2ply"])
