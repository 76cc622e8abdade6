"""Depth 2 of the analysis: the leading plays and the play made looked at at 2-ply, a roll at a time."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from test_analysis import MONEY, board, setup_record

from backgammon import Position, legal_positions
from backgammon.analysis import AnalysisJob, analyze_record
from backgammon.analysis.judge import Sweeps
from backgammon.bot.cube import MatchContext
from backgammon.bot.player import two_ply

OPENING_31 = [
    {"type": "roll", "dice": [3, 1]},
    {"type": "move", "from": 24, "to": 21},
    {"type": "move", "from": 24, "to": 23},
    {"type": "confirm"},
]


def opening_record() -> dict[str, Any]:
    # 3-1 from the starting position played 24/21 24/23: a real choice, 8/5 6/5 is the book play.
    return setup_record(Position.start(), OPENING_31, MONEY)


def test_two_ply_is_certain_where_the_game_is_decided() -> None:
    # After our play the other side (one checker on its 1 point) bears off with any roll: a sure loss.
    lost = board({6: 2}, {1: 1})
    probs, _ = two_ply(lost, MatchContext(), 1)
    assert probs.win == 0.0
    # We leave one checker on our 1 point; they (two checkers on their 20 point) cannot finish with one
    # roll, and we bear off with any roll next turn: a sure win.
    won = board({1: 1}, {20: 2})
    probs, _ = two_ply(won, MatchContext(), 1)
    assert probs.win == 1.0


# The same arithmetic many times over: inside Pyodide (a minute there) it proves nothing CPython does not.
@pytest.mark.skipif(
    sys.platform == "emscripten", reason="a 2-ply analysis twice over, a roll at a time: on CPython only"
)
def test_the_analysis_two_ply_a_roll_at_a_time_equals_the_players_two_ply() -> None:
    after = legal_positions(Position.start(), (3, 1))[0]
    sweeps = Sweeps(deep=True)
    assert sweeps.two_ply(after, MatchContext(), 1) == two_ply(after, MatchContext(), 1)[0]


# CPython only: a whole depth-2 analysis, 2-ply looks over 21 rolls each (11 s inside Pyodide), the arithmetic
# of the test above again and again; the page runs the deep analysis inside Pyodide in
# tests/e2e/test_review_deep.py.
@pytest.mark.skipif(sys.platform == "emscripten", reason="a whole deep analysis: on CPython only")
def test_depth_two_judges_the_leading_plays_at_two_ply_and_steps_inside_a_decision() -> None:
    record = opening_record()
    job = AnalysisJob(record, depth=2)
    steps = 0
    while not job.finished:
        job.step(0.0)  # one roll of one 2-ply look a step, then the decision
        steps += 1
    assert steps > job.total + 21  # at least two plays looked at over the other side's 21 rolls
    result = job.result()
    assert result == analyze_record(record, depth=2)
    move = next(d for d in result["games"][0]["decisions"] if d["kind"] == "move")
    assert move["played"] == "24/23 24/21"
    assert move["best"] != move["played"] and move["error"] > 0
    looked = [play for play in move["plays"] if play["plies"] == 2]
    assert len(looked) >= 2 and any(play["played"] for play in looked)
    assert result["depth"] == 2
