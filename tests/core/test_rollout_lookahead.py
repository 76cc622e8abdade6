"""The checker play's look-ahead in rollout trials (`RolloutSettings.chequer_plies`, gnubg's rollout setting
"chequer play plies"): at 1-ply a trial plays the expert's 1-ply choice, not the 0-ply best; the setting
goes through the worker methods; the figures are still exact sums, the same however the trials are split."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from backgammon.api import handle
from backgammon.bot.cube import Owner
from backgammon.bot.evaluator import evaluate
from backgammon.bot.levels import EXPERT
from backgammon.bot.player import rank_plays
from backgammon.bot.replies import best_reply
from backgammon.bot.rollout import (
    MONEY,
    RolloutSettings,
    before_roll,
    cube_decision_starts,
    rollout_chunk,
    rollout_result,
)
from backgammon.errors import BackgammonError
from backgammon.position import Position

# An early contact position where the 1-ply choice of 6-3 is not the 0-ply best (found by playing games).
CONTACT = Position.from_id("jGfwATDgc/ABMA")
ROLL = (3, 6)
# Seed 1 deals trial 0 of a one-trial rollout a 6-3 first (no rotation with fewer than 36 trials).
ONE_TRIAL = RolloutSettings(trials=1, seed=1, truncation=1, variance_reduction=False)


def win_after(board: Position) -> float:
    """The chance that the side on roll of CONTACT wins after `board` (it still "mine"), by the net, the
    other side on roll: what a trial cut after one ply gives."""
    theirs = evaluate(board.theirs, board.mine)
    return theirs.flipped().win


def first_trial(settings: RolloutSettings) -> dict[str, Any]:
    candidate: dict[str, Any] = dict(
        rollout_result([rollout_chunk([before_roll(CONTACT)], settings, 0, 1)])["candidates"][0]
    )
    return candidate


def test_a_one_ply_trial_plays_the_experts_one_ply_choice() -> None:
    zero_ply = best_reply(CONTACT, ROLL, MONEY, 1)[0]
    one_ply = rank_plays(CONTACT, ROLL, level=EXPERT)[0].position
    assert zero_ply != one_ply  # the position tells the two apart
    played_0 = first_trial(ONE_TRIAL)
    played_1 = first_trial(RolloutSettings(**{**ONE_TRIAL.__dict__, "chequer_plies": 1}))
    assert played_0["win"] == pytest.approx(win_after(zero_ply), abs=1e-9)
    assert played_1["win"] == pytest.approx(win_after(one_ply), abs=1e-9)
    assert played_0["win"] != played_1["win"]


def test_with_variance_reduction_the_luck_is_the_same_and_the_play_the_one_ply_choice() -> None:
    # The luck of the roll is measured at 0-ply either way: the two trials differ by their plays alone.
    reduced = RolloutSettings(trials=1, seed=1, truncation=1, variance_reduction=True)
    at_0 = first_trial(reduced)["win"]
    at_1 = first_trial(RolloutSettings(**{**reduced.__dict__, "chequer_plies": 1}))["win"]
    zero_ply = best_reply(CONTACT, ROLL, MONEY, 1)[0]
    one_ply = rank_plays(CONTACT, ROLL, level=EXPERT)[0].position
    assert at_1 - at_0 == pytest.approx(win_after(one_ply) - win_after(zero_ply), abs=1e-8)


# The same arithmetic many times over: inside Pyodide (a minute there) it proves nothing CPython does not.
@pytest.mark.skipif(
    sys.platform == "emscripten", reason="1-ply trials rolled out twice, split two ways: on CPython only"
)
def test_one_ply_chunks_split_any_way_give_the_same_figures_cubeful_too() -> None:
    settings = RolloutSettings(trials=3, seed=2, truncation=1, cubeful=True, chequer_plies=1)
    starts = cube_decision_starts(CONTACT, 1, Owner.CENTRE)
    whole = rollout_result([rollout_chunk(starts, settings, 0, 3)])
    parts = [rollout_chunk(starts, settings, first, 1) for first in (2, 0, 1)]
    assert rollout_result(parts) == whole


def call(method: str, params: dict[str, object]) -> dict[str, Any]:
    return dict(json.loads(handle(json.dumps({"id": 1, "method": method, "params": params}))))


def test_the_look_ahead_goes_through_the_worker_methods_and_bad_values_are_refused() -> None:
    params: dict[str, object] = {"position_id": CONTACT.id, "trials": 1, "seed": 1, "truncation": 1}
    params |= {"variance_reduction": False, "first": 0, "count": 1}
    through = call("rollout_chunk", {**params, "chequer_plies": 1})["result"]
    direct = rollout_chunk(
        [before_roll(CONTACT)], RolloutSettings(**{**ONE_TRIAL.__dict__, "chequer_plies": 1}), 0, 1
    )
    assert through == json.loads(json.dumps(direct))
    assert call("rollout_chunk", params)["result"] != through  # 0-ply by default
    for bad in (2, -1, "1", True):
        answer = call("rollout_chunk", {**params, "chequer_plies": bad})
        assert "error" in answer and answer["error"]["message"], bad
    with pytest.raises(BackgammonError, match="0-ply or 1-ply") as refused:
        RolloutSettings(chequer_plies=2)
    assert refused.value.words == {"id": "rollout.pliesRange", "args": {"plies": "2"}}
    with pytest.raises(BackgammonError, match="1 to 1,000,000 trials, not 0") as refused:
        RolloutSettings(trials=0)
    assert refused.value.words == {"id": "rollout.trialsRange", "args": {"most": 1_000_000, "trials": "0"}}
    # Plies per trial out of range, as a player may type them: said as a message id too.
    answer = call("rollout_chunk", {**params, "truncation": 5000})
    assert answer["error"]["message"] == "Truncation is 0 to 1000 plies, not 5000."
    assert answer["error"]["words"] == {
        "id": "rollout.truncationRange",
        "args": {"most": 1000, "truncation": "5000"},
    }
