"""World class's cube, two plies deep (`cubeful.two_ply_advice`), against GNU Backgammon's 2-ply cube
decisions on the 16 positions of `data/cube_gnubg_two_ply.json` (tests/core/test_cube_two_ply.py says how
they were collected): every verdict, double or not and take or pass, is gnubg 2-ply's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

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


@pytest.mark.parametrize("entry", FIXTURE, ids=[entry["position_id"] for entry in FIXTURE])
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
