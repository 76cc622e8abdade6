"""Matches with the cube between the computer and GNU Backgammon, run inside gnubg's embedded Python.

`bot_vs_gnubg.py --matches N` uses this. Both players act through our `Match` (the rules core judges
every action of both: a double, take or play it refuses stops the run): the computer by `bot_action`
as in the page, gnubg by its cubeful evaluation at `plies` look-ahead (`gnubg.cfevaluate` for its
doubles and takes, `gnubg.findbestmove` with the match's cube and score for its plays).

Matches come in pairs on the same dice: the dice of a pair are one seeded stream of rolls, handed out
in order, and in the second match of the pair the players change seats, so each gets the rolls the
other had (until their plays part the games).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from backgammon.bot.decide import bot_action
from backgammon.bot.levels import Level
from backgammon.game import Game, Phase, to_absolute
from backgammon.match import Match
from backgammon.move import Move
from backgammon.rules import MatchSettings
from backgammon.shapes import Action, PlayStep

Decider = Callable[[Match], Action]


def gnubg_decider(plies: int) -> Decider:
    """gnubg's action for whoever must decide now in `match` (inside gnubg only)."""
    import gnubg  # type: ignore[import-not-found]  # the module of gnubg's embedded Python

    gnubg.command("set threads 1")
    context = {"cubeful": 1, "plies": plies, "deterministic": 1, "prune": 0, "noise": 0.0}

    def cube_info(match: Match, player: int) -> Any:
        # gnubg's cubeinfo seen from `player` as player 0 (the one on roll): cube value, owner (-1 centred,
        # 0 `player`, 1 the other), player on roll, match length, score, Crawford game.
        game = match.game
        owner = -1 if game.cube.owner is None else (0 if game.cube.owner == player else 1)
        score = (match.score[player], match.score[1 - player])
        crawford = int(game.crawford_game)
        return gnubg.cubeinfo(game.cube.value, owner, 0, match.settings.match_length, score, crawford)

    def board(game: Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
        # (the side not on roll, the side on roll), each as Position keeps a side
        return (tuple(game.position.theirs), tuple(game.position.mine))

    def decide(match: Match) -> Action:
        game = match.game
        player = game.decision
        assert player is not None
        if game.phase is Phase.ROLL:
            if game.why_not_double(player) is None:
                _, no_double, take, drop, *_ = gnubg.cfevaluate(
                    board(game), cube_info(match, player), context
                )
                if min(take, drop) > no_double:
                    return {"type": "double"}
            return {"type": "roll"}
        if game.phase is Phase.MOVE:
            assert game.dice is not None
            if game.no_legal_move:
                return {"type": "confirm"}
            move = gnubg.findbestmove(board(game), cube_info(match, player), context, game.dice)
            steps = [Move(*step) for step in zip(move[::2], move[1::2], strict=True) if step != (0, 0)]
            return {"type": "play", "moves": [_absolute(player, step) for step in steps]}
        if game.phase is Phase.DOUBLED:
            # The doubler is on roll: its equities after no double, a take and a drop, in its own terms.
            doubler = _on_roll(game)
            _, _, take, drop, *_ = gnubg.cfevaluate(board(game), cube_info(match, doubler), context)
            return {"type": "take" if take <= drop else "drop"}
        if game.phase is Phase.RESIGN_OFFERED:
            # Accept when what is offered is at least what gnubg expects to win by playing on: the
            # resigner is on roll, so the chances are the resigner's.
            assert game.resignation is not None
            win, win_g, win_bg, lose_g, lose_bg, *_ = gnubg.evaluate(
                board(game), cube_info(match, _on_roll(game)), context
            )
            expected = (1 - win) + lose_g + lose_bg - win - win_g - win_bg
            offered = game.resignation.kind.value
            return {"type": "accept_resign" if offered >= expected - 1e-9 else "reject_resign"}
        raise AssertionError(f"gnubg has nothing to decide in phase {game.phase}")

    return decide


def _absolute(player: int, move: Move) -> PlayStep:
    return {"from": to_absolute(player, move.source), "to": to_absolute(player, move.dest)}


def level_decider(level: Level) -> Decider:
    def decide(match: Match) -> Action:
        action = bot_action(match, level)
        assert action is not None
        return action

    return decide


def rolls(seed: int) -> Iterator[tuple[int, int]]:
    rng = random.Random(seed)
    while True:
        yield (rng.randint(1, 6), rng.randint(1, 6))


def play_match(deciders: tuple[Decider, Decider], length: int, seed: int) -> dict[str, Any]:
    """One match between `deciders[0]` (player 0) and `deciders[1]`: the final score and what happened."""
    match = Match(MatchSettings(match_length=length))
    dice = rolls(seed)
    games = doubles = drops = 0
    while not match.is_over:
        game = match.game
        if game.phase is Phase.GAME_OVER:
            match.act({"type": "next_game"})
            continue
        if game.phase is Phase.OPENING:
            events = match.act({"type": "roll", "dice": list(next(dice))})
        else:
            player = game.decision
            assert player is not None
            action = deciders[player](match)
            if action["type"] == "roll":
                action = {"type": "roll", "dice": list(next(dice))}
            doubles += action["type"] == "double"
            drops += action["type"] == "drop"
            events = match.act(action)
        games += sum(1 for event in events if event["type"] == "game_over")
    return {
        "score": list(match.score),
        "winner": match.winner,
        "games": games,
        "doubles": doubles,
        "drops": drops,
    }


def _on_roll(game: Game) -> int:
    assert game.turn is not None
    return game.turn
