"""Depth 2's cube decisions, two plies deep as GNU Backgammon's 2-ply cube decisions, against gnubg's own.

`data/cube_gnubg_two_ply.json` (`benchmarks/cube_two_ply_gnubg.py collect --every 4`): 16 of the 64 reference
positions of `data/cube_reference.json` (8 money, 8 match play at scores from 3-away 4-away to 9-away 9-away),
each with gnubg 1.07's cubeful no double, double/take and double/pass (EMG) from its `hint` at 1 and at 2
plies. Ours come from the analysis's own `cube_figures` (our evaluator, not gnubg's nets: a figure of one
position differs from gnubg's by up to 0.08 EMG at either depth, as its evaluator's chances do).

Measured (2026-11-29, `benchmarks/cube_two_ply_gnubg.py compare`), mean absolute difference from gnubg 2-ply
on these 16: no double 0.011 EMG at depth 2, 0.029 at depth 1 (gnubg's own 1-ply 0.035); double/take 0.026
and 0.024 (gnubg 1-ply 0.054); what doubling gains (the lower of double/take and double/pass, minus no
double), on which the verdict turns, 0.022 and 0.032; every verdict (double or not, take or pass) gnubg
2-ply's at both depths. On all 64 (the same command on a fixture of every position): no double 0.019 against
0.031, double/take 0.038 and 0.038, what doubling gains 0.022 and 0.031, verdicts 63 and 64 of 64.
"""

from __future__ import annotations

import json
import sys
import time
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from backgammon.analysis.decisions import Decision, Kind
from backgammon.analysis.judge import CubeJudgement, OutOfTime, Sweeps, cube_figures
from backgammon.bot.cube import MatchContext
from backgammon.position import Position

FIXTURE = json.loads((Path(__file__).parent / "data" / "cube_gnubg_two_ply.json").read_text())


def decision_of(entry: dict[str, Any]) -> Decision:
    """The entry as a doubler's cube decision, the side on roll player 0."""
    length = entry["length"]
    context = MatchContext()
    if length:
        away, opponent = entry["away"], entry["opponent_away"]
        post = not entry["crawford"] and 1 in (away, opponent)
        context = MatchContext(away, opponent, bool(entry["crawford"]), post)
    return Decision(
        Kind.DOUBLE,
        player=0,
        turn=0,
        game=0,
        action=0,
        position=Position.from_id(entry["position_id"]),
        dice=None,
        cube_value=entry["cube"],
        cube_owner={None: None, "me": 0, "them": 1}[entry["owner"]],
        context=context,
        match_id=None,
        choice="no double",
    )


@cache
def judged(index: int, depth: int) -> CubeJudgement:
    return cube_figures(decision_of(FIXTURE[index]), Sweeps(deep=depth >= 2))


def gain(no_double: float, double_take: float, double_pass: float) -> float:
    """What doubling gains with the right answer: the figure the verdict on doubling turns on."""
    return min(double_take, double_pass) - no_double


def verdict(no_double: float, double_take: float, double_pass: float) -> tuple[bool, bool]:
    return gain(no_double, double_take, double_pass) > 0.0, double_take <= double_pass


# Two positions where gnubg's 2-ply moves no double from its 1-ply by about 0.03 EMG or more: a money
# double/take and a double/pass at 8-away 8-away. Inside Pyodide too (a few seconds each).
MOVED = {"4PPgAUgTz8EBIQ": 0.015, "zDYQ8ETLzCYhEA": 0.035}


@pytest.mark.parametrize("position_id", list(MOVED))
def test_depth_two_moves_a_cube_decision_from_depth_one_as_gnubg_two_ply_moves_from_its_one_ply(
    position_id: str,
) -> None:
    index = next(i for i, entry in enumerate(FIXTURE) if entry["position_id"] == position_id)
    theirs, their_one_ply = FIXTURE[index]["gnubg_2ply"], FIXTURE[index]["gnubg_1ply"]
    deep, shallow = judged(index, 2), judged(index, 1)
    moved = theirs["no_double"] - their_one_ply["no_double"]
    assert abs(moved) >= 0.025
    # Depth 2 moves the same way, a good part of the way (depth 1 stays about where gnubg's 1-ply is).
    assert (deep.no_double - shallow.no_double) * moved > 0.0
    assert abs(deep.no_double - shallow.no_double) >= abs(moved) / 3
    # And lands near gnubg's 2-ply figures (the tolerance: the evaluator's own difference on that position).
    tolerance = MOVED[position_id]
    assert abs(deep.no_double - theirs["no_double"]) <= tolerance
    assert abs(deep.double_take - theirs["double_take"]) <= tolerance
    assert deep.double_pass == pytest.approx(theirs["double_pass"])
    assert verdict(deep.no_double, deep.double_take, deep.double_pass) == verdict(
        theirs["no_double"], theirs["double_take"], theirs["double_pass"]
    )


# CPython only: 16 cube decisions at 2-ply (half a minute; minutes inside Pyodide), the arithmetic of the test
# above again.
@pytest.mark.skipif(sys.platform == "emscripten", reason="16 decisions at 2-ply: on CPython only")
def test_depth_two_cube_figures_come_nearer_gnubg_two_ply_than_depth_one() -> None:
    count = len(FIXTURE)
    differences: dict[tuple[int, str], float] = {}
    for depth in (1, 2):
        for key in ("no_double", "double_take", "gain"):
            differences[(depth, key)] = 0.0
        for index, entry in enumerate(FIXTURE):
            theirs, ours = entry["gnubg_2ply"], judged(index, depth)
            mine = (ours.no_double, ours.double_take, ours.double_pass)
            reference = (theirs["no_double"], theirs["double_take"], theirs["double_pass"])
            differences[(depth, "no_double")] += abs(ours.no_double - theirs["no_double"]) / count
            differences[(depth, "double_take")] += abs(ours.double_take - theirs["double_take"]) / count
            differences[(depth, "gain")] += abs(gain(*mine) - gain(*reference)) / count
            assert verdict(*mine) == verdict(*reference), (depth, entry["position_id"], mine, reference)
    # Measured: no double 0.011 (depth 1 0.029), double/take 0.026 (0.024), the gain 0.022 (0.032) EMG.
    assert differences[(2, "no_double")] <= 0.02
    assert differences[(2, "no_double")] < differences[(1, "no_double")] - 0.01
    assert differences[(2, "gain")] < differences[(1, "gain")]
    assert differences[(2, "double_take")] <= 0.035


# CPython only: one decision at 2-ply twice over, a roll at a time.
@pytest.mark.skipif(sys.platform == "emscripten", reason="a 2-ply decision twice: on CPython only")
def test_a_two_ply_cube_decision_goes_a_roll_at_a_time_and_ends_with_the_same_figures() -> None:
    index = next(i for i, entry in enumerate(FIXTURE) if entry["position_id"] == "4PPgAUgTz8EBIQ")
    sweeps = Sweeps(deep=True)
    stops = 0
    while True:
        sweeps.set_deadline(time.perf_counter() - 1.0)  # already late: one roll of the look, then stop
        try:
            stepped = cube_figures(decision_of(FIXTURE[index]), sweeps)
        except OutOfTime:
            stops += 1
            continue
        break
    # About one stop a roll of the doubler's: the other side's replies to each looked at in a step of their
    # own (rolls whose best plays lead to the same board share them).
    assert stops >= 15
    assert stepped == judged(index, 2)
    # The answer to the double is judged from the same look, at once.
    sweeps.set_deadline(time.perf_counter() - 1.0)
    answered = cube_figures(take_of(FIXTURE[index]), sweeps)
    assert (answered.no_double, answered.double_take) == (stepped.no_double, stepped.double_take)


def take_of(entry: dict[str, Any]) -> Decision:
    """The answer to the entry's double: the other side takes (seen from the doubler, as analysed)."""
    decision = decision_of(entry)
    return Decision(
        Kind.TAKE,
        player=1,
        turn=0,
        game=0,
        action=0,
        position=decision.position,
        dice=None,
        cube_value=decision.cube_value,
        cube_owner=decision.cube_owner,
        context=decision.context,
        match_id=None,
        choice="take",
    )
