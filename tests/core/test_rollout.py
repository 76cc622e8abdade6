"""Rollouts (backgammon.bot.rollout): the figures do not depend on how the trials are split among workers,
the dice are the seed's and the trial's alone, and the standard errors and differences are what the
trials say."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import pytest

from backgammon.api import handle
from backgammon.bot.rollout import (
    RolloutSettings,
    after_play,
    before_roll,
    roll_for,
    rollout_chunk,
    rollout_result,
    trial_dice,
)
from backgammon.errors import BackgammonError
from backgammon.movegen import legal_positions
from backgammon.position import Position


def board(points: dict[int, int]) -> tuple[int, ...]:
    side = [0] * 25
    for point, count in points.items():
        side[point - 1] = count
    return tuple(side)


# A short race: cheap trials (truncated: the chunks are what is tested), candidates of a 6-4 that differ.
RACE = Position(board({9: 2, 7: 2, 5: 3, 4: 3, 3: 2}), board({8: 2, 6: 3, 5: 3, 3: 2, 2: 2}))
SETTINGS = RolloutSettings(trials=72, seed=7, truncation=2)


def candidates() -> list[Position]:
    return legal_positions(RACE, (4, 6))[:3]


# The same arithmetic many times over: inside Pyodide (a minute there) it proves nothing CPython does not.
@pytest.mark.skipif(
    sys.platform == "emscripten", reason="one rollout three times, split three ways: on CPython only"
)
def test_one_chunk_of_72_and_four_of_18_in_any_order_give_the_same_figures() -> None:
    starts = [after_play(after) for after in candidates()]
    whole = rollout_result([rollout_chunk(starts, SETTINGS, 0, 72)])
    parts = [rollout_chunk(starts, SETTINGS, first, 18) for first in (54, 0, 36, 18)]
    assert rollout_result(parts) == whole
    assert rollout_result(list(reversed(parts))) == whole
    assert whole["trials"] == 72
    ranked = whole["candidates"]
    assert [c["equity"] for c in ranked] == sorted((c["equity"] for c in ranked), reverse=True)
    assert ranked[0]["difference"] == 0.0
    for candidate in ranked[1:]:
        assert candidate["difference"] <= 0.0
        assert candidate["significant"] == (
            abs(candidate["difference"]) > 1.96 * candidate["difference_error"]
        )


def test_chunks_must_cover_the_trials_once() -> None:
    starts = [before_roll(RACE)]
    settings = RolloutSettings(trials=4, seed=1)
    first, again = rollout_chunk(starts, settings, 0, 2), rollout_chunk(starts, settings, 1, 2)
    with pytest.raises(BackgammonError):
        rollout_result([first, again])
    with pytest.raises(BackgammonError):
        rollout_chunk(starts, settings, 3, 2)


def test_a_trials_dice_are_the_seeds_and_its_number_alone() -> None:
    settings = RolloutSettings(trials=1296, seed=3)

    def rolls(trial: int) -> list[tuple[int, int]]:
        dice = trial_dice(settings, trial)
        return [roll_for(settings, trial, ply, dice) for ply in range(6)]

    assert rolls(100) == rolls(100)
    assert rolls(100) != rolls(101)
    other_seed = RolloutSettings(trials=1296, seed=4)
    dice = trial_dice(other_seed, 100)
    assert [roll_for(other_seed, 100, ply, dice) for ply in range(6)] != rolls(100)


def test_rotation_deals_each_first_roll_once_in_36_trials_and_each_pair_once_in_1296() -> None:
    settings = RolloutSettings(trials=1296, seed=9)
    firsts = [roll_for(settings, trial, 0, trial_dice(settings, trial)) for trial in range(36)]
    assert sorted(firsts) == sorted((a, b) for a in range(1, 7) for b in range(1, 7))
    pairs = set()
    for trial in range(1296):
        dice = trial_dice(settings, trial)
        pairs.add((roll_for(settings, trial, 0, dice), roll_for(settings, trial, 1, dice)))
    assert len(pairs) == 1296
    # Not a multiple of 36: nothing rotated (gnubg the same), the dice are random.
    loose = RolloutSettings(trials=35, seed=9)
    rng = random.Random("rollout:9:0")
    assert roll_for(loose, 0, 0, trial_dice(loose, 0)) == (rng.randint(1, 6), rng.randint(1, 6))


# The same arithmetic many times over: inside Pyodide (a minute there) it proves nothing CPython does not.
@pytest.mark.skipif(sys.platform == "emscripten", reason="two rollouts' statistics: on CPython only")
def test_variance_reduction_shrinks_the_error_and_keeps_the_mean() -> None:
    start = [before_roll(RACE)]
    plain = RolloutSettings(trials=36, seed=2, variance_reduction=False)
    reduced = RolloutSettings(trials=36, seed=2)
    without = rollout_result([rollout_chunk(start, plain, 0, 36)])["candidates"][0]
    with_luck = rollout_result([rollout_chunk(start, reduced, 0, 36)])["candidates"][0]
    assert with_luck["errors"]["equity"] < without["errors"]["equity"] / 3
    bound = 2.0 * (with_luck["errors"]["equity"] + without["errors"]["equity"])
    assert abs(with_luck["equity"] - without["equity"]) <= bound


def test_settings_out_of_range_are_refused() -> None:
    with pytest.raises(BackgammonError):
        RolloutSettings(trials=0)
    with pytest.raises(BackgammonError):
        RolloutSettings(truncation=-1)


def call(method: str, params: dict[str, object]) -> dict[str, Any]:
    answer = json.loads(handle(json.dumps({"id": 1, "method": method, "params": params})))
    assert "result" in answer, answer
    result: dict[str, Any] = answer["result"]
    return result


def test_the_worker_methods_roll_out_by_chunks_through_json() -> None:
    ids = [after.id for after in candidates()[:2]]
    params: dict[str, object] = {"position_id": RACE.id, "candidates": ids, "trials": 8, "truncation": 1}
    chunks = [call("rollout_chunk", {**params, "first": first, "count": 4}) for first in (4, 0)]
    result = call("rollout_result", {"chunks": chunks})
    direct = rollout_result(
        [
            rollout_chunk(
                [after_play(Position.from_id(i)) for i in ids], RolloutSettings(8, truncation=1), 0, 8
            )
        ]
    )
    assert result == json.loads(json.dumps(direct))
    refused = json.loads(
        handle(json.dumps({"id": 2, "method": "rollout_chunk", "params": {"position_id": 3}}))
    )
    assert "error" in refused
