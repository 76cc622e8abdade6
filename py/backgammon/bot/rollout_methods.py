"""The rollout's worker methods (registered by `backgammon.bot.methods`): what a pool of workers calls.

- `rollout_chunk {position_id, candidates?, trials?, truncation?, variance_reduction?, rotate?,
  stop_at_bearoff?, seed?, away?, opponent_away?, crawford_game?, post_crawford?, cube_value?,
  chequer_plies?, first, count}` -> `RolloutChunk`: trials `first` to `first + count - 1`. `position_id`
  is the decision's board, the side on roll first; `candidates` the boards after each candidate play (the
  mover still first), else the position itself is rolled out before its roll (a cube decision). The
  figures are for the side on roll of `position_id`. No match needs to be loaded: a worker of a pool has none.
  With `cubeful` the cube is live in the trials (`backgammon.bot.rollout_cubeful`), held by `cube_owner`
  ("centre", "me": the side on roll of `position_id`, "them"); with `cube_decision` (`candidates` none or
  []) the position's cube decision is rolled out: candidate 0 no double, 1 double/take (always cubeful).
- `rollout_result {chunks}` -> `RolloutResult`: the chunks' figures, in any order.
- `rollout_cube_result {chunks, away?, opponent_away?, crawford_game?, post_crawford?, cube_value?}` ->
  `CubeRolloutResult`: a cube decision's rollout with the proper action and each action's difference.
- `rollout_take_result {the same}` -> `TakeRolloutResult`: the same rollout seen from the side answering the
  double (`backgammon.bot.rollout_take`): take or pass, which is right, and whether significantly.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from backgammon.bot.cube import MatchContext, Owner
from backgammon.bot.rollout import (
    RolloutSettings,
    after_play,
    before_roll,
    cube_decision_starts,
    rollout_chunk,
    rollout_result,
)
from backgammon.bot.rollout_cubeful import cube_verdict
from backgammon.bot.rollout_take import take_verdict
from backgammon.errors import BackgammonError
from backgammon.position import Position
from backgammon.shapes import CubeRolloutResult, RolloutChunk, RolloutResult, TakeRolloutResult

MAX_CANDIDATES = 32


class RolloutChunkParams(TypedDict):
    position_id: str
    candidates: NotRequired[list[str]]
    trials: NotRequired[int]
    truncation: NotRequired[int]
    variance_reduction: NotRequired[bool]
    rotate: NotRequired[bool]
    stop_at_bearoff: NotRequired[bool]
    seed: NotRequired[int]
    #: 0 (the default): money play
    away: NotRequired[int]
    opponent_away: NotRequired[int]
    crawford_game: NotRequired[bool]
    post_crawford: NotRequired[bool]
    cube_value: NotRequired[int]
    #: the cube live in the trials
    cubeful: NotRequired[bool]
    #: who holds the cube, named from the side on roll of `position_id`: "centre" (the default), "me", "them"
    cube_owner: NotRequired[str]
    #: roll out the position's cube decision (no double, double/take) instead of candidates
    cube_decision: NotRequired[bool]
    #: the checker play in trials: 0 (0-ply, the default) or 1 (the expert's 1-ply look-ahead)
    chequer_plies: NotRequired[int]
    first: int
    count: int


class RolloutResultParams(TypedDict):
    chunks: list[RolloutChunk]


class RolloutCubeResultParams(TypedDict):
    chunks: list[RolloutChunk]
    away: NotRequired[int]
    opponent_away: NotRequired[int]
    crawford_game: NotRequired[bool]
    post_crawford: NotRequired[bool]
    cube_value: NotRequired[int]


def _int(params: dict[str, Any], name: str, default: int | None = None) -> int:
    value = params.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise BackgammonError(f"`{name}` must be a whole number.")
    return value


def _bool(params: dict[str, Any], name: str, default: bool) -> bool:
    value = params.get(name, default)
    if not isinstance(value, bool):
        raise BackgammonError(f"`{name}` must be true or false.")
    return value


def _context(params: dict[str, Any]) -> MatchContext:
    away, opponent_away = _int(params, "away", 0), _int(params, "opponent_away", 0)
    if away < 0 or opponent_away < 0 or (away == 0) != (opponent_away == 0) or max(away, opponent_away) > 64:
        raise BackgammonError("`away` and `opponent_away` are both 0 (money) or both 1 to 64.")
    return MatchContext(
        away=away,
        opponent_away=opponent_away,
        crawford_game=_bool(params, "crawford_game", False),
        post_crawford=_bool(params, "post_crawford", False),
    )


def _cube_value(params: dict[str, Any]) -> int:
    cube_value = _int(params, "cube_value", 1)
    if cube_value < 1 or cube_value > 1 << 12 or cube_value & (cube_value - 1):
        raise BackgammonError("`cube_value` is a power of 2.")
    return cube_value


def _owner(params: dict[str, Any]) -> Owner:
    name = params.get("cube_owner", "centre")
    if name not in ("centre", "me", "them"):
        raise BackgammonError('`cube_owner` is "centre", "me" or "them".')
    return Owner(name)


def chunk_method(params: dict[str, Any]) -> RolloutChunk:
    position_id = params.get("position_id")
    if not isinstance(position_id, str):
        raise BackgammonError("`position_id` must be a position ID.")
    position = Position.from_id(position_id)
    candidates = params.get("candidates")
    owner = _owner(params)
    cube_value = _cube_value(params)
    cube_decision = _bool(params, "cube_decision", False)
    if cube_decision:
        if candidates not in (None, []):
            raise BackgammonError("A cube decision's rollout has no `candidates`.")
        starts = cube_decision_starts(position, cube_value, owner)
    elif candidates is None:
        starts = [before_roll(position, owner)]
    else:
        if not isinstance(candidates, list) or not 1 <= len(candidates) <= MAX_CANDIDATES:
            raise BackgammonError(f"`candidates` is a list of 1 to {MAX_CANDIDATES} position IDs.")
        if not all(isinstance(c, str) for c in candidates):
            raise BackgammonError("`candidates` is a list of position IDs.")
        starts = [after_play(Position.from_id(c), owner) for c in candidates]
    defaults = RolloutSettings()
    settings = RolloutSettings(
        trials=_int(params, "trials", defaults.trials),
        truncation=_int(params, "truncation", defaults.truncation),
        variance_reduction=_bool(params, "variance_reduction", defaults.variance_reduction),
        rotate=_bool(params, "rotate", defaults.rotate),
        stop_at_bearoff=_bool(params, "stop_at_bearoff", defaults.stop_at_bearoff),
        seed=_int(params, "seed", defaults.seed),
        cubeful=cube_decision or _bool(params, "cubeful", False),
        chequer_plies=_int(params, "chequer_plies", defaults.chequer_plies),
    )
    context = _context(params)
    first, count = _int(params, "first"), _int(params, "count")
    return rollout_chunk(starts, settings, first, count, context, cube_value)


def result_method(params: dict[str, Any]) -> RolloutResult:
    chunks = params.get("chunks")
    if not isinstance(chunks, list):
        raise BackgammonError("`chunks` is a list of rollout chunks.")
    try:
        return rollout_result(chunks)
    except (KeyError, TypeError, IndexError, AttributeError) as error:
        raise BackgammonError("`chunks` is a list of rollout chunks.") from error


def cube_result_method(params: dict[str, Any]) -> CubeRolloutResult:
    result = result_method(params)
    return cube_verdict(result, _context(params), _cube_value(params))


def take_result_method(params: dict[str, Any]) -> TakeRolloutResult:
    return take_verdict(cube_result_method(params))
