"""The computer opponent's worker methods, registered with `backgammon.api` when it first handles a call.

- `bot_action {level?}` -> `{action}`: the computer's next action for whoever must decide now
  (`level` defaults to that player's level in the match, else expert); `action` is `null` when the
  match is over.
- `bot_think {level?, budget_ms?, helpers?, shared?}` -> `{done, action, parts?, waiting?}`: the same,
  thought about for about `budget_ms` (250 by default) a call: `done` false (and `action` null) means ask
  again. A level that takes seconds a move (world class) is asked for this way, so that the worker answers
  other requests in between and no answer waits long. The worker keeps one thinking, for one match state and
  level: asked about another, it starts again. With `helpers` (other workers of the page's), a look two plies
  deep comes back once as `parts` for the helpers to do (`shared_part`) while this worker does its own share;
  an answer `waiting` asks for what they found, as `shared` (what is missing from it is done here).
- `shared_part {kind, boards, context, cube_value, units}` -> `{figures}`: a helper's part (`bot.sharing`).
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
from backgammon.bot.shared import Awaiting, SharedWork
from backgammon.bot.sharing import MAX_HELPERS, brought, part_figures, parts
from backgammon.bot.steps import Steps
from backgammon.errors import InvalidActionError
from backgammon.match import Match
from backgammon.record import record_json
from backgammon.shapes import (
    Action,
    BotThinkAnswer,
    CubeRolloutResult,
    RolloutChunk,
    RolloutResult,
    SharedPart,
    SharedPartAnswer,
    TakeRolloutResult,
    UnitFigures,
)
from backgammon.view import build_view


class BotActionAnswer(TypedDict):
    #: None when the match is over
    action: Action | None


class BotThinkParams(TypedDict, total=False):
    #: the player's level in the match when not given
    level: str
    #: how long to think in this call, 0 to 5000 ms (250 when not given)
    budget_ms: float
    #: how many helper workers may take parts of the look-ahead (0 when not given: all of it is done here)
    helpers: int
    #: what the helpers found, once the answer says `waiting`
    shared: list[UnitFigures]


THINK_BUDGET_MS = 250
MAX_THINK_BUDGET_MS = 5000


@dataclass
class _Thinking:
    """The computer's decision under way: for which match state and level, and its remaining steps (waiting
    for the helpers' chances when `awaiting` is set)."""

    about: str
    steps: Steps[Action | None]
    work: SharedWork[Any] | None = None
    awaiting: Awaiting | None = None


_thinking: list[_Thinking] = []  # at most one


def _level_of(match: Match, params: dict[str, Any]) -> Level:
    level = params.get("level")
    decider = match.game.decision
    if level is None and decider is not None:
        level = match.players[decider].get("level")
    return level_named(level)


def _helpers_of(params: dict[str, Any]) -> int:
    helpers = params.get("helpers", 0)
    if isinstance(helpers, bool) or not isinstance(helpers, int) or not 0 <= helpers <= MAX_HELPERS:
        raise InvalidActionError(f"helpers must be a whole number from 0 to {MAX_HELPERS}.")
    return helpers


@register("bot_action")
def bot_action_method(params: dict[str, Any]) -> BotActionAnswer:
    match = current_match()
    return {"action": bot_action(match, _level_of(match, params))}


@register("bot_think", BotThinkParams)
def bot_think_method(params: dict[str, Any]) -> BotThinkAnswer:
    match = current_match()
    level = _level_of(match, params)
    budget = budget_param(params, THINK_BUDGET_MS, MAX_THINK_BUDGET_MS)
    helpers = _helpers_of(params)
    # The whole record names the state: the action depends on nothing else, so the same state asked again
    # (another tab, a reload) goes on with the same thinking and gets the same action.
    about = f"{level.name}|{record_json(match)}"
    if not _thinking or _thinking[0].about != about:
        _thinking[:] = [_Thinking(about, bot_action_steps(match, level))]
    thinking = _thinking[0]
    try:
        return _think(thinking, params, helpers, time.perf_counter() + budget)
    except StopIteration as decided:
        _thinking.clear()
        action: Action | None = decided.value
        return {"done": True, "action": action}


def _think(thinking: _Thinking, params: dict[str, Any], helpers: int, deadline: float) -> BotThinkAnswer:
    """Step `thinking` on until `deadline`, until it has parts for the helpers (said at once, so that they
    start), or until it waits for theirs; StopIteration when decided."""
    reply: object = None
    if thinking.awaiting is not None:
        if "shared" not in params:
            return {"done": False, "action": None, "waiting": True}
        assert thinking.work is not None
        reply = brought(params["shared"], thinking.work)
        thinking.awaiting = None
    value = thinking.steps.send(reply)
    handed: list[SharedPart] = []
    while True:
        if isinstance(value, SharedWork):
            handed, taken = parts(value, helpers) if helpers else ([], frozenset())
            thinking.work = value
            value = thinking.steps.send(taken)
            continue
        if isinstance(value, Awaiting):
            thinking.awaiting = value
            answer: BotThinkAnswer = {"done": False, "action": None, "waiting": True}
            if handed:
                answer["parts"] = handed
            return answer
        if handed:
            return {"done": False, "action": None, "parts": handed}
        if time.perf_counter() >= deadline:
            return {"done": False, "action": None}
        value = next(thinking.steps)


@register("shared_part", SharedPart)
def shared_part_method(params: dict[str, Any]) -> SharedPartAnswer:
    """A helper's part of world class's thinking (`sharing.part_figures`)."""
    return {"figures": part_figures(params)}


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
