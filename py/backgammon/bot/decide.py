"""The computer's decisions on a live match: what to do now, and hints for a human.

Everything is seen from the player who must decide (`game.decision`); `game.position` is seen from the
player whose turn it is.
"""

from __future__ import annotations

import copy
import random
import zlib
from typing import Any

from backgammon.bot.cube import (
    CubeAdvice,
    MatchContext,
    Owner,
    accept_resignation,
    cube_advice,
    position_efficiency,
    resignation_to_offer,
)
from backgammon.bot.cubeful import lookahead_advice, two_ply_advice
from backgammon.bot.evaluator import Probabilities
from backgammon.bot.levels import EXPERT, Level
from backgammon.bot.player import (
    RankedPlay,
    evaluate_position,
    pick,
    rank_plays,
    ranking,
)
from backgammon.bot.steps import Steps, finished
from backgammon.game import Game, Phase, to_absolute
from backgammon.match import Match
from backgammon.position import Position
from backgammon.shapes import Action, PlayStep
from backgammon.turn import Turn

HINT_PLAYS = 10


def context_for(match: Match, player: int) -> MatchContext:
    settings = match.settings
    if settings.is_money:
        return MatchContext(jacoby=settings.jacoby, beavers=settings.beavers)
    length = settings.match_length
    return MatchContext(
        away=length - match.score[player],
        opponent_away=length - match.score[1 - player],
        crawford_game=match.game.crawford_game,
        post_crawford=match.post_crawford,
    )


def owner_for(game: Game, player: int) -> Owner:
    owner = game.cube.owner
    if owner is None:
        return Owner.CENTRE
    return Owner.ME if owner == player else Owner.THEM


def seeded_rng(game: Game, salt: str) -> random.Random:
    """Randomness that depends only on the game state: a replayed match gets the same choices."""
    state = f"{game.number}|{len(game.record_entries())}|{game.position.id}|{game.dice}|{salt}"
    return random.Random(zlib.crc32(state.encode()))


def chances_for(game: Game, player: int, *, lookahead: bool = False) -> Probabilities:
    """Chances for `player` with the player whose turn it is about to roll."""
    probs = evaluate_position(game.position, lookahead=lookahead)
    return probs if player == game.turn else probs.flipped()


def absolute_moves(ranked: RankedPlay, player: int) -> list[PlayStep]:
    return [
        {"from": to_absolute(player, move.source), "to": to_absolute(player, move.dest)}
        for move in ranked.play
    ]


def _noisy(probs: Probabilities, level: Level, rng: random.Random) -> Probabilities:
    if level.cube_noise <= 0.0:
        return probs
    win = min(max(probs.win + rng.gauss(0.0, level.cube_noise), 0.0), 1.0)
    return Probabilities(
        win,
        min(probs.win_gammon, win),
        min(probs.win_backgammon, win),
        min(probs.lose_gammon, 1.0 - win),
        min(probs.lose_backgammon, 1.0 - win),
    )


def _rejected_resignation(game: Game) -> bool:
    return any(entry.get("type") == "reject_resign" for entry in game.record_entries())


def bot_action(match: Match, level: Level) -> Action | None:
    """The computer's next protocol action for the player who must decide now, or None (match over)."""
    return finished(bot_action_steps(match, level))


def bot_action_steps(match: Match, level: Level) -> Steps[Action | None]:
    """`bot_action`, its look-ahead a unit at a time (`steps.Steps`). What it needs of the
    match is read before the first step: the match may change in between, and the caller then drops it."""
    game = match.game
    if game.phase is Phase.GAME_OVER:
        return None if match.is_over else {"type": "next_game"}
    if game.phase is Phase.OPENING:
        return {"type": "roll"}
    player = game.decision
    assert player is not None
    context = context_for(match, player)
    rng = seeded_rng(game, level.name)
    if game.phase is Phase.ROLL:
        probs = chances_for(game, player)
        kind = resignation_to_offer(probs)
        if kind is not None and not _rejected_resignation(game):
            return {"type": "resign", "kind": ("single", "gammon", "backgammon")[kind - 1]}
        if (
            game.why_not_double(player) is None
            and (yield from _cube_advice(match, player, level, rng)).double
        ):
            return {"type": "double"}
        return {"type": "roll"}
    if game.phase is Phase.MOVE:
        assert game.dice is not None
        if game.no_legal_move:
            return {"type": "confirm"}  # records the pass
        turn = copy.deepcopy(game.current_turn) if game.current_turn and game.current_turn.moves else None
        ranked = yield from ranking(
            game.position, game.dice, level=level, context=context, cube_value=game.cube.value
        )
        chosen = pick(ranked, level=level, rng=rng, context=context)
        if turn is not None:
            # A turn in progress (the page was reloaded, or another tab took over, in the middle of the
            # computer's play; the match is saved after every checker): the rest of it, never a whole play
            # from the start of the turn, which need not fit on top of the moves already made.
            return _rest_of_turn(turn, [chosen.position, *(r.position for r in ranked)], player)
        return {"type": "play", "moves": absolute_moves(chosen, player)}
    if game.phase is Phase.DOUBLED:
        return (yield from _answer_double(match, player, level, rng))
    if game.phase is Phase.RESIGN_OFFERED:
        assert game.resignation is not None
        probs = chances_for(game, player)
        points = game.points_for(game.resignation.kind)
        accept = accept_resignation(probs, points, game.cube.value, owner_for(game, player), context)
        return {"type": "accept_resign" if accept else "reject_resign"}
    return None


def _rest_of_turn(turn: Turn, wanted: list[Position], player: int) -> Action:
    """The moves that complete a turn in progress, to the first of `wanted` (final boards, best first) that
    the moves already made still reach; `confirm` when the turn is already complete."""
    work = copy.deepcopy(turn)
    reachable: dict[Position, list[tuple[int, int]]] = {}

    def walk(path: list[tuple[int, int]]) -> None:
        if work.is_complete:
            reachable.setdefault(work.position, list(path))
            return
        for source, dests in work.dests().items():
            for dest in dests:
                work.move(source, dest)
                path.append((source, dest))
                walk(path)
                path.pop()
                work.undo()

    walk([])
    rest = next((reachable[p] for p in wanted if p in reachable), None)
    if rest is None:  # not reached by any ranked play: still finish the turn legally
        rest = next(iter(reachable.values()), [])
    if not rest:
        return {"type": "confirm"}
    moves: list[PlayStep] = [
        {"from": to_absolute(player, source), "to": to_absolute(player, dest)} for source, dest in rest
    ]
    return {"type": "play", "moves": moves}


def _cube_advice(match: Match, doubler: int, level: Level, rng: random.Random) -> Steps[CubeAdvice]:
    """The cube decision of `doubler` (on roll) as `level` judges it: world class's two plies deep and the
    expert's one, as GNU Backgammon's cubeful evaluation (`cubeful.two_ply_advice`, `lookahead_advice`); the
    noisy levels on their noisy chances at 0-ply."""
    game = match.game
    context, owner = context_for(match, doubler), owner_for(game, doubler)
    if level.cube_deep:
        advice, _ = yield from two_ply_advice(game.position, game.cube.value, owner, context)
        return advice
    if level.cube_lookahead and level.cube_noise <= 0.0:
        return lookahead_advice(game.position, game.cube.value, owner, context)[0]
    probs = _noisy(chances_for(game, doubler, lookahead=level.cube_lookahead), level, rng)
    efficiency = position_efficiency(game.position.mine, game.position.theirs)
    return cube_advice(probs, game.cube.value, owner, context, efficiency=efficiency)


def _answer_double(match: Match, player: int, level: Level, rng: random.Random) -> Steps[Action]:
    game = match.game
    pending = game.pending_double
    assert pending is not None
    doubler = pending.doubler
    doubler_context = context_for(match, doubler)
    if not pending.beavered:
        may_beaver = game.may_beaver
        advice = yield from _cube_advice(match, doubler, level, rng)
        if advice.beaver and may_beaver:
            return {"type": "beaver"}
        return {"type": "take" if advice.take else "drop"}
    # The original doubler answers a beaver: play on at the beavered cube, owned by the beaverer, or pay.
    from backgammon.bot.cube import cubeful_value

    doubler_probs = _noisy(chances_for(game, doubler, lookahead=level.cube_lookahead), level, rng)
    playing_on = cubeful_value(doubler_probs, pending.offered_value, Owner.THEM, doubler_context)
    dropping = doubler_context.payoff(-(pending.offered_value // 2))
    return {"type": "take" if playing_on >= dropping else "drop"}


def _play_entry(ranked: RankedPlay, start: Position, player: int, best: float) -> dict[str, Any]:
    return {
        "play": start.notation(ranked.play),
        "moves": absolute_moves(ranked, player),
        "equity": round(ranked.value, 4),
        "difference": round(ranked.value - best, 4),
        **ranked.probs.to_dict(),
        "plies": ranked.plies,
    }


def hint(match: Match) -> dict[str, Any]:
    """Advice for the player who must decide now: the best plays (after a roll) and the cube."""
    game = match.game
    player = game.decision
    result: dict[str, Any] = {"player": player, "plays": [], "cube": None, "unit": "money"}
    if player is None:
        return result
    context = context_for(match, player)
    result["unit"] = "money" if context.is_money else "mwc"
    if game.phase is Phase.MOVE and game.dice is not None:
        ranked = rank_plays(
            game.position, game.dice, level=EXPERT, context=context, cube_value=game.cube.value
        )
        best = ranked[0].value
        result["plays"] = [_play_entry(r, game.position, player, best) for r in ranked[:HINT_PLAYS]]
    elif game.phase is Phase.ROLL:
        advice, probs = lookahead_advice(game.position, game.cube.value, owner_for(game, player), context)
        block = game.why_not_double(player)
        result["cube"] = {
            **advice.to_dict(),
            **probs.to_dict(),
            "may_double": block is None,
        }
        if block is not None:
            result["cube"]["action"] = "no_double"
            result["cube"]["summary"] = block.text
    elif game.phase is Phase.DOUBLED and game.pending_double is not None:
        doubler = game.pending_double.doubler
        owner, doubler_context = owner_for(game, doubler), context_for(match, doubler)
        advice, probs = lookahead_advice(game.position, game.cube.value, owner, doubler_context)
        response = advice.to_dict()["response"]
        if response == "beaver" and not game.may_beaver:
            response = "take"
        result["cube"] = {**advice.to_dict(), **probs.flipped().to_dict(), "response": response}
    return result
