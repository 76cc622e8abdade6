"""The JSON view of a lesson position, shaped like the match view of docs/architecture.md.

The learner is player 0, so the mover's numbering of the core is the board's absolute numbering; the
opponent's own point ``q`` is the board's point ``25 - q``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from backgammon.game import has_contact
from backgammon.position import Position
from backgammon.tutorial.lessons import BAR, OFF, Lesson
from backgammon.tutorial.words import SESSION

Loc = int | str


def position_of(me: Mapping[int, int], them: Mapping[int, int]) -> Position:
    """Build the core position of a lesson setup written from the learner's side."""
    mine = [0] * 25
    theirs = [0] * 25
    for point, count in me.items():
        mine[point - 1] = count  # BAR (25) lands on index 24, the bar
    for point, count in them.items():
        theirs[24 - point] = count  # their point 25 - p; key 0 lands on index 24, their bar
    return Position(tuple(mine), tuple(theirs))


def loc_to_json(point: int) -> Loc:
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return point


def loc_from_json(loc: object) -> int:
    """A board location ("bar", "off" or 1..24) as a point of the mover's numbering."""
    if loc == "bar":
        return BAR
    if loc == "off":
        return OFF
    if isinstance(loc, int) and not isinstance(loc, bool) and 1 <= loc <= 24:
        return loc
    if isinstance(loc, str) and loc.isdigit() and 1 <= int(loc) <= 24:
        return int(loc)
    raise ValueError(f"not a board location: {loc!r}")


def board_of(position: Position) -> dict[str, Any]:
    mine, theirs = position.mine, position.theirs
    points = [mine[i] - theirs[23 - i] for i in range(24)]
    return {
        "points": points,
        "bar": [mine[24], theirs[24]],
        "off": [15 - sum(mine), 15 - sum(theirs)],
    }


def lesson_view(
    lesson: Lesson,
    position: Position,
    *,
    dice: Sequence[int] | None,
    remaining: Sequence[int],
    moves_made: Iterable[tuple[int, int, bool]],
    dests: Mapping[int, Iterable[int]],
    no_legal_move: bool,
    tries: Mapping[int, Iterable[int]] | None = None,
) -> dict[str, Any]:
    """The view the board draws: the lesson position after the moves made so far. `dests` are the legal
    destinations (the board lights them); `tries` the other places a checker may be dropped on, so that the
    rules core answers the try with its rule (the board accepts them but lights none)."""
    board = board_of(position)
    pips = [
        sum(n * (i + 1) for i, n in enumerate(position.mine)),
        sum(n * (i + 1) for i, n in enumerate(position.theirs)),
    ]
    owner = {"me": 0, "them": 1, None: None}[lesson.cube.owner]
    offered = lesson.id == "take-drop"
    made = list(moves_made)
    return {
        "players": [
            {"name": SESSION["session.you"], "kind": "human"},
            {"name": SESSION["session.opponent"], "kind": "human"},
        ],
        "settings": {
            "match_length": lesson.match_length,
            "crawford": True,
            "jacoby": "jacoby" in lesson.options,
            "beavers": "beavers" in lesson.options,
            "automatic_doubles": 1 if "automatic_doubles" in lesson.options else 0,
            "strict_doubling": "strict_doubling" in lesson.options,
        },
        "board": board,
        "position_id": position.id,
        "match_id": "",
        "game_number": 1,
        # Never "roll": the board would draw a Roll button, and a lesson's roll is set by the lesson.
        "phase": "doubled" if offered else "move",
        "turn": 0,
        "decision": 0,
        "dice": list(dice) if dice else None,
        "dice_remaining": list(remaining),
        "opponent_dice": None,
        "opening_roll": None,
        "moves_made": [{"from": loc_to_json(s), "to": loc_to_json(d), "hit": hit} for s, d, hit in made],
        "dests": {str(loc_to_json(s)): [loc_to_json(d) for d in ds] for s, ds in dests.items()},
        "tries": {str(loc_to_json(s)): [loc_to_json(d) for d in ds] for s, ds in (tries or {}).items()},
        "can_undo": bool(made),
        "can_swap_dice": False,
        "can_confirm": False,
        "no_legal_move": no_legal_move,
        "forced_play": False,
        "contact": has_contact(position),
        "cube": {
            "value": lesson.cube.value,
            "owner": owner,
            "may_double": False,
            "why_not": "tutorial",
            "why_not_text": SESSION["session.cubeUnused"],
            "offered_by": 1 if offered else None,
            "offered_value": lesson.cube.value * 2 if offered else None,
            "may_beaver": False,
            "dead": False,
        },
        "score": list(lesson.score),
        "crawford_game": lesson.crawford_game,
        "post_crawford": False,
        "pips": pips,
        "resignation": None,
        "result": None,
        "match_winner": None,
        "notation": {"games": []},
    }
