"""An analysis shared among workers: the match cut into parts by its record alone, each part judged apart (on
any worker, in any order), the parts' entries merged into the same record as one job's."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from test_analysis import played_match
from test_analysis_resign import SURE_GAMMON, record, resign

from backgammon import api
from backgammon.analysis import analyze_record
from backgammon.analysis.decisions import Kind, collect
from backgammon.analysis.job import PART_DECISIONS, InvalidPartError, parts
from backgammon.analysis.judge import Sweeps, sweep
from backgammon.bot.cube import MatchContext
from backgammon.position import Position


@pytest.fixture(scope="module")
def match_record() -> dict[str, Any]:
    # A 3-point match the beginner plays against itself: two games, two doubles taken (a cube turned between
    # a take and the next roll's judgement).
    return played_match({"match_length": 3}, seed=11)


def test_parts_cover_the_match_once_within_games_and_keep_a_resignation_with_its_answer(
    match_record: dict[str, Any],
) -> None:
    _, decisions, games = collect(match_record)
    cuts = parts(decisions)
    assert [first for first, _ in cuts] == [0, *(last for _, last in cuts[:-1])]
    assert cuts[-1][1] == len(decisions)
    for first, last in cuts:
        assert 0 < last - first <= PART_DECISIONS
        assert len({d.game for d in decisions[first:last]}) == 1
    assert len(cuts) >= len(games) > 1
    # A resignation's answer is never the first of a part: it shares the resignation's values.
    offered = record(SURE_GAMMON, resign("single", "accept"), {"match_length": 0})
    _, resigned, _ = collect(offered)
    assert [d.kind for d in resigned] == [Kind.RESIGN, Kind.ACCEPT]
    assert parts(resigned) == [(0, 2)]


def test_a_sweep_is_kept_for_its_score_and_cube_not_for_the_board_alone() -> None:
    # A board whose best plays of some rolls differ for money and at double match point: met again at
    # another score (the next game) or cube (after a take), the sweep of the first meeting must not stand
    # for it, or a decision's figures would depend on the decisions judged before it (and on how a match
    # is cut into parts).
    board = Position.from_id("xGfwASTgc/ABMA")
    money, dmp = MatchContext(), MatchContext(away=1, opponent_away=1)
    assert sweep(board, money, 1) != sweep(board, dmp, 1)
    sweeps = Sweeps()
    sweeps.get(board, money, 1)
    assert sweeps.get(board, dmp, 1) == sweep(board, dmp, 1)
    three_away = MatchContext(away=3, opponent_away=2)
    sweeps.get(board, three_away, 1)
    assert sweeps.get(board, three_away, 2) == sweep(board, three_away, 2)


def judged_in_parts(record_: dict[str, Any], depth: int) -> dict[str, Any]:
    """The worker methods as a pool of workers calls them: the parts, each judged apart (last first, as a
    worker finishing early would hand them in), then merged in order."""
    answer = api.call("analysis_parts", {"record": record_, "depth": depth})
    entries: dict[int, list[Any]] = {}
    for first, last in reversed(answer["parts"]):
        job = api.call("analysis_start", {"record": record_, "depth": depth, "first": first, "last": last})
        assert job["total"] == last - first
        step = {"finished": False}
        while not step["finished"]:
            step = api.call("analysis_step", {"job": job["job"], "budget_ms": 0})
        entries[first] = api.call("analysis_entries", {"job": job["job"]})["entries"]
    assert sum(len(e) for e in entries.values()) == answer["total"]
    whole = [entry for first in sorted(entries) for entry in entries[first]]
    merged: dict[str, Any] = api.call(
        "analysis_merge", {"record": record_, "depth": depth, "entries": whole}
    )["analysis"]
    return merged


# CPython only: a whole 3-point match at depth 1 twice over (minutes inside Pyodide); the page shares a deep
# analysis among its workers in tests/e2e/test_analysis_pool.py.
@pytest.mark.skipif(sys.platform == "emscripten", reason="a whole depth-1 match twice: on CPython only")
def test_a_match_judged_in_parts_is_the_match_judged_whole(match_record: dict[str, Any]) -> None:
    assert judged_in_parts(match_record, depth=1) == analyze_record(match_record, depth=1)


def test_a_part_outside_the_match_or_entries_that_do_not_make_it_whole_are_refused(
    match_record: dict[str, Any],
) -> None:
    with pytest.raises(InvalidPartError, match="not within the match's"):
        api.call("analysis_start", {"record": match_record, "depth": 0, "first": 3, "last": 100_000})
    with pytest.raises(Exception, match="two whole numbers"):
        api.call("analysis_start", {"record": match_record, "depth": 0, "first": "3", "last": 5})
    with pytest.raises(InvalidPartError, match="decisions, not 1"):
        api.call("analysis_merge", {"record": match_record, "depth": 0, "entries": [{}]})
    with pytest.raises(InvalidPartError, match="not none"):
        api.call("analysis_merge", {"record": match_record, "depth": 0, "entries": None})
    job = api.call("analysis_start", {"record": match_record, "depth": 0, "first": 0, "last": 2})
    with pytest.raises(Exception, match="not finished"):
        api.call("analysis_entries", {"job": job["job"]})


def test_the_analysis_refusals_carry_their_message_ids(match_record: dict[str, Any]) -> None:
    """Each refusal gives its sentence as a message id with its arguments too, for the page to say."""

    def words(method: str, params: dict[str, Any]) -> object:
        answer = json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))
        return answer["error"].get("words")

    record = {"record": match_record, "depth": 0}
    total = api.call("analysis_parts", record)["total"]
    assert words("analysis_start", {**record, "first": 3, "last": 100_000}) == {
        "id": "analysis.partOutside",
        "args": {"part": "(3, 100000)", "decisions": total},
    }
    assert words("analysis_start", {**record, "first": "3", "last": 5}) == {
        "id": "analysis.partNumbers",
        "args": {},
    }
    assert words("analysis_start", {**record, "depth": 7}) == {
        "id": "analysis.depth",
        "args": {"depths": "0, 1, 2", "depth": "7"},
    }
    assert words("analysis_merge", {**record, "entries": [{}]}) == {
        "id": "analysis.entriesCount",
        "args": {"decisions": total, "given": 1},
    }
    assert words("analysis_merge", {**record, "entries": None}) == {
        "id": "analysis.entriesMissing",
        "args": {"decisions": total},
    }
    job = api.call("analysis_start", {**record, "first": 0, "last": 2})["job"]
    assert words("analysis_entries", {"job": job}) == {
        "id": "analysis.partUnfinished",
        "args": {"done": 0, "total": 2},
    }
    assert words("analysis_result", {"job": job}) == {
        "id": "analysis.unfinished",
        "args": {"done": 0, "total": 2},
    }
    assert words("analysis_step", {"job": job + 1}) == {"id": "analysis.noJob", "args": {"job": str(job + 1)}}
