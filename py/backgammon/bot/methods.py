"""The computer opponent's worker methods, registered with `backgammon.api` when it first handles a call.

- `bot_action {level?}` -> `{action}`: the computer's next action for whoever must decide now
  (`level` defaults to that player's level in the match, else expert); `action` is `null` when the
  match is over.
- `bot_think {level?, budget_ms?}` -> `{done, action}`: the same, thought about for about `budget_ms` (250 by
  default) a call: `done` false (and `action` null) means ask again. A level that takes seconds a move (world
  class) is asked for this way, so that the worker answers other requests in between and no answer waits long.
  The worker keeps one thinking, for one match state and level: asked about another, it starts again.
- `hint {}` -> `{player, unit, plays: [...], cube}` for whoever must decide now.
- `position_hint {position_id, match_id?, settings?, players?}` -> `{hint, view}`: the same advice for a
  position set up from its IDs (the position editor's), and its view, without loading it: the match in
  progress stays.
- `rollout_chunk`, `rollout_result`, `rollout_cube_result` and `rollout_take_result`: a rollout's
  trials and its figures, a cube or take decision's with its verdict (`backgammon.bot.rollout_methods`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, TypedDict

from backgammon.api import budget_param, current_match, match_of_setup, register
from backgammon.bot.decide import bot_action, bot_action_steps, hint
from backgammon.bot.levels import Level, level_named
from backgammon.bot.rollout_methods import (
    RolloutChunkParams,
    RolloutCubeResultParams,
    RolloutResultParams,
    chunk_method,
    cube_result_method,
    result_method,
    take_result_method,
)
from backgammon.bot.steps import Steps
from backgammon.match import Match
from backgammon.record import record_json
from backgammon.shapes import Action, CubeRolloutResult, RolloutChunk, RolloutResult, TakeRolloutResult
from backgammon.view import build_view


class BotActionAnswer(TypedDict):
    #: None when the match is over
    action: Action | None


class BotThinkParams(TypedDict, total=False):
    #: the player's level in the match when not given
    level: str
    #: how long to think in this call, 0 to 5000 ms (250 when not given)
    budget_ms: float


class BotThinkAnswer(TypedDict):
    #: false: not decided yet, ask again
    done: bool
    #: None while not done, or when the match is over
    action: Action | None


THINK_BUDGET_MS = 250
MAX_THINK_BUDGET_MS = 5000


@dataclass
class _Thinking:
    """The computer's decision under way: for which match state and level, and its remaining steps."""

    about: str
    steps: Steps[Action | None]


_thinking: list[_Thinking] = []  # at most one


def _level_of(match: Match, params: dict[str, Any]) -> Level:
    level = params.get("level")
    decider = match.game.decision
    if level is None and decider is not None:
        level = match.players[decider].get("level")
    return level_named(level)


@register("bot_action")
def bot_action_method(params: dict[str, Any]) -> BotActionAnswer:
    match = current_match()
    return {"action": bot_action(match, _level_of(match, params))}


@register("bot_think", BotThinkParams)
def bot_think_method(params: dict[str, Any]) -> BotThinkAnswer:
    match = current_match()
    level = _level_of(match, params)
    budget = budget_param(params, THINK_BUDGET_MS, MAX_THINK_BUDGET_MS)
    # The whole record names the state: the action depends on nothing else, so the same state asked again
    # (another tab, a reload) goes on with the same thinking and gets the same action.
    about = f"{level.name}|{record_json(match)}"
    if not _thinking or _thinking[0].about != about:
        _thinking[:] = [_Thinking(about, bot_action_steps(match, level))]
    deadline = time.perf_counter() + budget
    steps = _thinking[0].steps
    try:
        while True:
            next(steps)
            if time.perf_counter() >= deadline:
                return {"done": False, "action": None}
    except StopIteration as decided:
        _thinking.clear()
        action: Action | None = decided.value
        return {"done": True, "action": action}


@register("hint")
def hint_method(params: dict[str, Any]) -> dict[str, Any]:
    return hint(current_match())


@register("position_hint")
def position_hint_method(params: dict[str, Any]) -> dict[str, Any]:
    match = match_of_setup(params)
    return {"hint": hint(match), "view": build_view(match)}


@register("rollout_chunk", RolloutChunkParams)
def rollout_chunk_method(params: dict[str, Any]) -> RolloutChunk:
    return chunk_method(params)


@register("rollout_result", RolloutResultParams)
def rollout_result_method(params: dict[str, Any]) -> RolloutResult:
    return result_method(params)


@register("rollout_cube_result", RolloutCubeResultParams)
def rollout_cube_result_method(params: dict[str, Any]) -> CubeRolloutResult:
    return cube_result_method(params)


@register("rollout_take_result", RolloutCubeResultParams)
def rollout_take_result_method(params: dict[str, Any]) -> TakeRolloutResult:
    return take_result_method(params)
