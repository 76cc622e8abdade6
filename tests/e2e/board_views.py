"""Hand-written views in the shape of docs/architecture.md, for driving the board component alone."""

from __future__ import annotations

import copy
from typing import Any

# Absolute coordinates: + player 0 (moves 24 -> 1), - player 1 (moves 1 -> 24); index 0 = point 1.
START_POINTS = [0] * 24
for point, n in {24: 2, 13: 5, 8: 3, 6: 5}.items():
    START_POINTS[point - 1] = n
for point, n in {1: 2, 12: 5, 17: 3, 19: 5}.items():
    START_POINTS[point - 1] = -n


def start_view(**changes: Any) -> dict[str, Any]:
    """The opening position, player 0 to move 3-1 (the classic 8/5 6/5)."""
    view: dict[str, Any] = {
        "players": [
            {"name": "Alice", "kind": "human"},
            {"name": "Bob", "kind": "computer", "level": "expert"},
        ],
        "settings": {
            "match_length": 5,
            "crawford": True,
            "jacoby": False,
            "beavers": False,
            "automatic_doubles": 0,
            "strict_doubling": False,
        },
        "board": {"points": list(START_POINTS), "bar": [0, 0], "off": [0, 0]},
        "position_id": "4HPwATDgc/ABMA",
        "match_id": "cAkAAAAAAAAA",
        "game_number": 1,
        "phase": "move",
        "turn": 0,
        "decision": 0,
        "dice": [3, 1],
        "dice_remaining": [3, 1],
        "opponent_dice": None,
        "moves_made": [],
        "dests": {"24": [21, 23], "13": [10, 12], "8": [5, 7], "6": [3, 5]},
        "can_undo": False,
        "can_swap_dice": False,
        "can_confirm": False,
        "no_legal_move": False,
        "cube": {
            "value": 1,
            "owner": None,
            "may_double": False,
            "why_not": "first-turn",
            "why_not_text": "No double on the first turn of a game.",
            "offered_by": None,
            "may_beaver": False,
            "dead": False,
        },
        "score": [0, 0],
        "crawford_game": False,
        "post_crawford": False,
        "pips": [167, 167],
        "resignation": None,
        "result": None,
        "match_winner": None,
        "labels": {"13": "Point 13, 5 white checkers", "bar": "Bar", "off": "Borne off"},
    }
    view.update(copy.deepcopy(changes))
    return view


def after_8_5_view() -> dict[str, Any]:
    """Player 0 has played 8/5 of a 3-1 and may now play the 1 (or take the move back)."""
    points = list(START_POINTS)
    points[8 - 1] -= 1
    points[5 - 1] += 1
    return start_view(
        board={"points": points, "bar": [0, 0], "off": [0, 0]},
        dice_remaining=[1],
        moves_made=[{"from": 8, "to": 5, "hit": False}],
        can_undo=True,
        dests={"24": [23], "13": [12], "8": [7], "6": [5], "5": [4]},
    )


def bar_view() -> dict[str, Any]:
    """Player 1 has a checker on the bar, player 0 has borne off 3 and has a tall stack on the 6."""
    points = [0] * 24
    points[6 - 1] = 8
    points[5 - 1] = 4
    points[19 - 1] = -6
    points[20 - 1] = -4
    points[3 - 1] = -1
    points[12 - 1] = -3
    return start_view(
        board={"points": points, "bar": [0, 1], "off": [3, 0]},
        turn=1,
        decision=1,
        dice=[6, 4],
        dice_remaining=[6, 4],
        opponent_dice=[5, 5],
        dests={"bar": [4]},
        pips=[56, 86],
        cube={
            "value": 2,
            "owner": 0,
            "may_double": False,
            "why_not": "not-owner",
            "why_not_text": "",
            "offered_by": None,
            "may_beaver": False,
            "dead": False,
        },
        score=[3, 4],
        crawford_game=True,
    )


def bear_off_view() -> dict[str, Any]:
    """Player 0 bears off with 6-2: the 6 takes a checker off the 6-point."""
    points = [0] * 24
    points[6 - 1] = 3
    points[2 - 1] = 2
    points[20 - 1] = -2
    return start_view(
        board={"points": points, "bar": [0, 0], "off": [10, 13]},
        dice=[6, 2],
        dice_remaining=[6, 2],
        dests={"6": ["off", 4], "2": ["off"]},
        pips=[22, 10],
    )
