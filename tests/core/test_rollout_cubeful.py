"""Cubeful rollouts (backgammon.bot.rollout_cubeful): the cube is turned in the trials, a pass ends a trial at
the cube's value, a dead cube gives the cubeless figure, the same figures however the trials are split, and a
cube decision's rollout gives the proper action."""

from __future__ import annotations

import json
from typing import Any

import pytest

from backgammon.api import handle
from backgammon.bot.cube import MatchContext, Owner
from backgammon.bot.rollout import (
    RolloutSettings,
    before_roll,
    cube_decision_starts,
    rollout_chunk,
    rollout_result,
)
from backgammon.bot.rollout_cubeful import cube_verdict
from backgammon.bot.rollout_take import take_verdict
from backgammon.errors import BackgammonError
from backgammon.position import Position


def board(points: dict[int, int]) -> tuple[int, ...]:
    side = [0] * 25
    for point, count in points.items():
        side[point - 1] = count
    return tuple(side)


RACE = Position(board({9: 2, 7: 2, 5: 3, 4: 3, 3: 2}), board({8: 2, 6: 3, 5: 3, 3: 2, 2: 2}))
# The side on roll far ahead in a race: a double the other side must pass (money).
FAR_AHEAD = Position(board({3: 3, 2: 3, 1: 3}), board({6: 5, 5: 5, 4: 5}))
# Ahead in a race by far, not yet sure of winning: double, and the other side passes (money).
PASS = Position(board({6: 4, 5: 3, 4: 3, 3: 3}), board({6: 5, 5: 5, 4: 5}))
CUBEFUL = RolloutSettings(trials=36, seed=7, truncation=2, cubeful=True)


def call(method: str, params: dict[str, object]) -> dict[str, Any]:
    answer = json.loads(handle(json.dumps({"id": 1, "method": method, "params": params})))
    assert "result" in answer, answer
    result: dict[str, Any] = answer["result"]
    return result


def test_cubeful_chunks_split_any_way_give_the_same_figures() -> None:
    starts = cube_decision_starts(RACE, 1, Owner.CENTRE)
    whole = rollout_result([rollout_chunk(starts, CUBEFUL, 0, 36)])
    parts = [rollout_chunk(starts, CUBEFUL, first, 9) for first in (27, 0, 18, 9)]
    assert rollout_result(parts) == whole
    for candidate in whole["candidates"]:
        assert "cubeful_equity" in candidate and "cubeful_equity" in candidate["errors"]
    cubeful = [c["cubeful_equity"] for c in whole["candidates"]]
    assert cubeful == sorted(cubeful, reverse=True)


def test_a_double_the_other_side_passes_ends_every_trial_at_the_cubes_value() -> None:
    # Money, the cube centred and 2: the side on roll doubles before its first roll, the other passes: +1 per
    # cube in every trial, exactly, with no error (no dice were rolled).
    settings = RolloutSettings(trials=36, seed=1, truncation=4, cubeful=True)
    result = rollout_result([rollout_chunk([before_roll(FAR_AHEAD)], settings, 0, 36, cube_value=2)])
    candidate = result["candidates"][0]
    assert candidate["cubeful_equity"] == 1.0
    assert candidate["errors"]["cubeful_equity"] == 0.0
    # With the cube theirs it cannot double: the games are played (and cut short), not a point exactly.
    held = rollout_result(
        [rollout_chunk([before_roll(FAR_AHEAD, Owner.THEM)], settings, 0, 36, cube_value=2)]
    )["candidates"][0]
    assert held["cubeful_equity"] != 1.0
    assert held["errors"]["cubeful_equity"] > 0.0


def test_where_the_cube_is_dead_the_cubeful_figure_is_the_cubeless_one() -> None:
    # The Crawford game: nobody may double, and a cube that cannot turn is worth nothing.
    context = MatchContext(away=3, opponent_away=1, crawford_game=True)
    result = rollout_result([rollout_chunk([before_roll(RACE)], CUBEFUL, 0, 36, context)])
    candidate = result["candidates"][0]
    assert candidate["cubeful_equity"] == pytest.approx(candidate["equity"], abs=1e-9)


def test_a_cube_decisions_rollout_names_the_proper_action() -> None:
    settings = RolloutSettings(trials=36, seed=3, truncation=2, cubeful=True)
    verdict = cube_verdict(
        rollout_result([rollout_chunk(cube_decision_starts(PASS, 1, Owner.CENTRE), settings, 0, 36)]),
        MatchContext(),
        1,
    )
    assert [a["action"] for a in verdict["actions"]] == ["no_double", "double_take", "double_pass"]
    assert verdict["best"] == "double_pass" and verdict["double"] and not verdict["take"]
    by_action = {a["action"]: a for a in verdict["actions"]}
    assert by_action["double_pass"]["equity"] == 1.0 and by_action["double_pass"]["difference"] == 0.0
    assert by_action["double_take"]["equity"] > 1.0  # taking would lose more than the cube's point
    assert by_action["no_double"]["difference"] < -2 * by_action["no_double"]["difference_error"]
    # Six pips behind in a short race: no double.
    even = cube_verdict(
        rollout_result([rollout_chunk(cube_decision_starts(RACE, 1, Owner.CENTRE), settings, 0, 36)]),
        MatchContext(),
        1,
    )
    assert even["best"] == "no_double" and not even["double"]
    assert {a["action"]: a["difference"] for a in even["actions"]}["no_double"] == 0.0


def test_a_cube_decision_at_a_match_score_through_the_worker_methods() -> None:
    score = {"away": 3, "opponent_away": 5, "cube_value": 1}
    params: dict[str, object] = {
        "position_id": PASS.id,
        "cube_decision": True,
        "trials": 6,
        "truncation": 1,
        **score,
    }
    chunks = [call("rollout_chunk", {**params, "first": first, "count": 3}) for first in (3, 0)]
    verdict = call("rollout_cube_result", {"chunks": chunks, **score})
    assert verdict["unit"] == "mwc" and verdict["trials"] == 6
    # Double/pass at 3-away 5-away: winning one point, 2-away 5-away.
    assert verdict["actions"][2]["equity"] == pytest.approx(MatchContext(3, 5).payoff(1))
    assert verdict["best"] in ("double_pass", "double_take")


@pytest.mark.parametrize(
    "params",
    [
        {"cube_owner": "nobody"},
        {"cube_decision": True, "candidates": [RACE.id]},
        {"cubeful": "yes"},
    ],
)
def test_bad_cube_settings_are_refused_in_words(params: dict[str, object]) -> None:
    request = {"position_id": RACE.id, "trials": 1, "first": 0, "count": 1, **params}
    answer = json.loads(handle(json.dumps({"id": 1, "method": "rollout_chunk", "params": request})))
    assert "error" in answer


def test_a_cube_verdict_needs_a_cube_decisions_rollout() -> None:
    cubeless = rollout_result(
        [rollout_chunk([before_roll(RACE)], RolloutSettings(trials=2, truncation=1), 0, 2)]
    )
    with pytest.raises(BackgammonError):
        cube_verdict(cubeless, MatchContext(), 1)


def test_a_take_decisions_rollout_is_the_doublers_seen_from_the_taker() -> None:
    settings = RolloutSettings(trials=36, seed=3, truncation=2, cubeful=True)
    chunks = [rollout_chunk(cube_decision_starts(PASS, 1, Owner.CENTRE), settings, 0, 36)]
    cube = cube_verdict(rollout_result(chunks), MatchContext(), 1)
    take = take_verdict(cube)
    assert [a["action"] for a in take["actions"]] == ["take", "pass"]
    doublers = {a["action"]: a for a in cube["actions"]}
    answers = {a["action"]: a for a in take["actions"]}
    # Money: the taker's points are the doubler's turned round; a pass gives away the cube's point exactly.
    assert answers["take"]["equity"] == -doublers["double_take"]["equity"]
    assert answers["take"]["error"] == doublers["double_take"]["error"] > 0.0
    assert answers["pass"]["equity"] == -1.0 and answers["pass"]["error"] == 0.0
    # Far ahead in the race: the taker passes, significantly, and the take's difference is what it costs.
    assert take["best"] == "pass" and take["significant"]
    assert answers["pass"]["difference"] == 0.0
    assert answers["take"]["difference"] == pytest.approx(
        doublers["double_pass"]["equity"] - doublers["double_take"]["equity"]
    )
    assert take["summary"].startswith("Pass: ") and "significant" in take["summary"]


def test_a_take_decision_at_a_match_score_through_the_worker_methods() -> None:
    # Six pips behind in a short race at 3-away 5-away, the doubler's: the taker's chances are the doubler's
    # complement, and the right answer is the larger.
    score = {"away": 3, "opponent_away": 5, "cube_value": 1}
    params: dict[str, object] = {"position_id": RACE.id, "cube_decision": True, "trials": 6, "truncation": 1}
    chunks = [call("rollout_chunk", {**params, **score, "first": first, "count": 3}) for first in (0, 3)]
    cube = call("rollout_cube_result", {"chunks": chunks, **score})
    take = call("rollout_take_result", {"chunks": chunks, **score})
    assert take["unit"] == "mwc" and take["trials"] == 6 and take["rollout"] == cube["rollout"]
    doublers = {a["action"]: a["equity"] for a in cube["actions"]}
    answers = {a["action"]: a["equity"] for a in take["actions"]}
    assert answers["take"] == pytest.approx(1.0 - doublers["double_take"])
    assert answers["pass"] == pytest.approx(1.0 - MatchContext(3, 5).payoff(1))
    assert take["best"] == max(answers, key=lambda a: answers[a])
    assert take["significant"] == (
        abs(answers["take"] - answers["pass"]) > 1.96 * take["actions"][0]["error"]
    )


def test_a_take_verdict_needs_a_cube_decisions_rollout() -> None:
    request = {"id": 1, "method": "rollout_take_result", "params": {"chunks": "none"}}
    answer = json.loads(handle(json.dumps(request)))
    assert "chunks" in answer["error"]["message"]
    settings = RolloutSettings(trials=2, truncation=1, cubeful=True)
    cube = cube_verdict(
        rollout_result([rollout_chunk(cube_decision_starts(RACE, 1, Owner.CENTRE), settings, 0, 2)]),
        MatchContext(),
        1,
    )
    with pytest.raises(BackgammonError):
        take_verdict({**cube, "actions": cube["actions"][:2]})
