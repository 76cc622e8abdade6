"""The plain JSON view of a match: everything the board and the controller draw, in absolute coordinates.

Player 0 ("white") moves 24 -> 1, player 1 ("black") moves 1 -> 24; `dests` is keyed by absolute point
numbers as strings plus `"bar"` of the player on roll. No words: the page names the places in the player's
language (web/board/render.js). Built on every click, so it reuses the turn's cached destinations and the
game's notation instead of replaying anything.
"""

from __future__ import annotations

from .game import Game, Phase, has_contact, to_absolute
from .match import Match, match_id_of
from .position import Position
from .rules import CubeBlock, may_double
from .shapes import Board, CubeView, Notation, Point, ResignationView, View
from .shapes import Phase as PhaseName

# Reasons that hold for the rest of the game whoever is on roll: the cube is dead.
_STATIC_BLOCKS = frozenset(
    {
        CubeBlock.CRAWFORD,
        CubeBlock.CUBE_DEAD,
        CubeBlock.ONE_POINT_AWAY,
        CubeBlock.MAX_CUBE,
        CubeBlock.STRICT_RULE,
    }
)


def absolute_board(position: Position, turn: int) -> Board:
    """Signed checker counts by absolute point (+ player 0, - player 1), bars and trays."""
    sides = (position.mine, position.theirs) if turn == 0 else (position.theirs, position.mine)
    white, black = sides
    points = [white[i] - black[23 - i] for i in range(24)]
    return {
        "points": points,
        "bar": [white[24], black[24]],
        "off": [15 - sum(white), 15 - sum(black)],
    }


def _dests(game: Game) -> dict[str, list[Point]]:
    turn = game.current_turn
    if turn is None or game.turn is None or game.phase is not Phase.MOVE:
        return {}
    player = game.turn
    return {
        str(to_absolute(player, source)): [to_absolute(player, dest) for dest in dests]
        for source, dests in game.dests().items()
    }


def _cube(match: Match, game: Game) -> CubeView:
    block = game.why_not_double()
    pending = game.pending_double
    offered_by = None
    if pending is not None:
        offered_by = 1 - pending.doubler if pending.beavered else pending.doubler
    candidates = (0, 1) if game.cube.owner is None else (game.cube.owner,)
    dead = game.phase is not Phase.GAME_OVER and all(
        may_double(match.settings, game.cube, player, game.score, crawford_game=game.crawford_game)
        in _STATIC_BLOCKS
        for player in candidates
    )
    return {
        "value": game.cube.value,
        "owner": game.cube.owner,
        "may_double": block is None,
        "why_not": None if block is None else block.code,
        "why_not_text": None if block is None else block.text,
        "offered_by": offered_by,
        "offered_value": pending.offered_value if pending else None,
        "may_beaver": game.may_beaver,
        "dead": dead,
    }


def _notation(match: Match) -> Notation:
    return {
        "games": [
            {
                "number": game.number,
                "lines": [item.text for item in game.history],
                "by": [item.player for item in game.history],
                "kinds": [item.kind for item in game.history],
                "values": [item.value for item in game.history],
                "result": game.outcome.to_dict() if game.outcome else None,
            }
            for game in match.games
        ]
    }


def build_view(match: Match) -> View:
    game = match.game
    viewer = game.turn if game.turn is not None else 0
    turn = game.current_turn
    # During a turn the board shows the checkers already moved (so does a reload: the record keeps them).
    position = turn.position if turn is not None else game.position
    board = absolute_board(position, viewer)
    mine, theirs = position.pip_count()
    pips = [mine, theirs] if viewer == 0 else [theirs, mine]
    phase: PhaseName = "match_over" if match.is_over else game.phase.value
    resignation: ResignationView | None = None
    if game.resignation is not None:
        kind = game.resignation.kind
        resignation = {"player": game.resignation.player, "kind": kind.label, "points": game.points_for(kind)}
    opening = None
    if game.phase is Phase.OPENING and game.log:
        opening = game.log[-1].get("dice")
    return {
        "players": [p.copy() for p in match.players],
        "settings": match.settings.to_dict(),
        "board": board,
        "position_id": position.id,
        "match_id": match_id_of(match),
        "game_number": game.number,
        "phase": phase,
        "turn": game.turn,
        "decision": None if match.is_over else game.decision,
        "dice": list(game.dice) if turn is not None and game.dice else None,
        "dice_remaining": list(turn.remaining_dice) if turn is not None else [],
        "opponent_dice": _opponent_dice(game),
        "opening_roll": opening,
        "moves_made": game.moves_made(),
        "dests": _dests(game),
        "can_undo": turn is not None and bool(turn.moves) and game.phase is Phase.MOVE,
        "can_swap_dice": turn is not None and game.phase is Phase.MOVE and bool(turn.can_swap_dice),
        "can_confirm": turn is not None and game.phase is Phase.MOVE and bool(turn.is_complete),
        "no_legal_move": game.no_legal_move,
        "forced_play": game.forced_play,
        "contact": has_contact(position),
        "cube": _cube(match, game),
        "score": list(match.score),
        # The last game of a finished match may have been the Crawford game; the match is in no game now.
        "crawford_game": game.crawford_game and not match.is_over,
        "post_crawford": match.post_crawford,
        "pips": pips,
        "resignation": resignation,
        "result": game.outcome.to_dict() if game.outcome else None,
        "match_winner": match.winner,
        "notation": _notation(match),
    }


def _opponent_dice(game: Game) -> list[int] | None:
    if game.turn is None:
        return None
    last = game.last_dice[1 - game.turn]
    return list(last) if last else None
