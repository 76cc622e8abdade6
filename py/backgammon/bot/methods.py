"""The computer opponent's worker methods, registered with `backgammon.api` when it first handles a call.

- `bot_action {level?}` -> `{action}`: the computer's next action for whoever must decide now
  (`level` defaults to that player's level in the match, else expert); `action` is `null` when the
  match is over.
- `hint {}` -> `{player, unit, plays: [...], cube}` for whoever must decide now.
- `position_hint {position_id, match_id?, settings?, players?}` -> `{hint, view}`: the same advice for a
  position set up from its IDs (the position editor's), and its view, without loading it: the match in
  progress stays.
- `rollout_chunk`, `rollout_result`, `rollout_cube_result` and `rollout_take_result`: a rollout's
  trials and its figures, a cube or take decision's with its verdict (`backgammon.bot.rollout_methods`).
"""

from __future__ import annotations

from typing import Any, TypedDict

from backgammon.api import current_match, match_of_setup, register
from backgammon.bot.decide import bot_action, hint
from backgammon.bot.levels import level_named
from backgammon.bot.rollout_methods import (
    RolloutChunkParams,
    RolloutCubeResultParams,
    RolloutResultParams,
    chunk_method,
    cube_result_method,
    result_method,
    take_result_method,
)
from backgammon.shapes import Action, CubeRolloutResult, RolloutChunk, RolloutResult, TakeRolloutResult
from backgammon.view import build_view


class BotActionAnswer(TypedDict):
    #: None when the match is over
    action: Action | None


@register("bot_action")
def bot_action_method(params: dict[str, Any]) -> BotActionAnswer:
    match = current_match()
    level = params.get("level")
    decider = match.game.decision
    if level is None and decider is not None:
        level = match.players[decider].get("level")
    return {"action": bot_action(match, level_named(level))}


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
