"""The status line's news (web/play/news.js) under Node: a play made by itself is written as the move list
writes it (Python's move.format_play), and what is news depends on who made the change."""

from __future__ import annotations

import json
from typing import Any

import pytest

from backgammon.move import BAR, OFF, Move, format_play

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = 'import { addNews, newsText, playNotation } from "{WEB}/play/news.js";'

# (moves as (from, to), the points holding a blot that the play hits), in the mover's numbering.
PLAYS = [
    ([(8, 5), (6, 5)], set()),
    ([(6, 5), (6, 3)], set()),
    ([(24, 18), (18, 13)], set()),
    ([(24, 18), (18, 13)], {18}),
    ([(13, 7), (7, 2)], {2}),
    ([(8, 4), (8, 4), (6, 2), (6, 2)], set()),
    ([(BAR, 20), (20, 14)], set()),
    ([(BAR, 22), (13, 7)], {7}),
    ([(6, OFF), (5, OFF)], set()),
    ([(13, 4), (8, 4)], {4}),
]


@pytest.mark.parametrize(("moves", "blots"), PLAYS)
def test_a_play_is_written_as_the_move_list_writes_it(moves: list[tuple[int, int]], blots: set[int]) -> None:
    # A move hits where it lands on a blot, once: the event of the second checker to land there has no hit.
    events, hit = [], set()
    for source, dest in moves:
        hits = dest in blots and dest not in hit
        hit |= {dest} if hits else set()
        events.append({"from": source, "to": dest, "hit": hits})
    written = run_module(IMPORTS, f"print(playNotation({json.dumps(events)}));")
    assert written == format_play([Move(s, d) for s, d in moves], blots)


VIEW: dict[str, Any] = {"players": [{"name": "White"}, {"name": "Black"}], "turn": 0, "phase": "roll"}


def news(steps: list[tuple[list[dict[str, Any]], bool]], wanted: str = "White to roll.") -> str:
    """The news after `steps` (events, mine), as the status line writes it before `wanted`."""
    body = f"""
        let items = [];
        const view = {json.dumps(VIEW)};
        for (const [events, mine] of {json.dumps(steps)}) items = addNews(items, view, events, mine);
        print(newsText(items, view, {json.dumps(wanted)}));
    """
    result: str = run_module(IMPORTS, body)
    return result


def test_the_computers_turn_is_one_sentence() -> None:
    steps = [
        ([{"type": "rolled", "player": 1, "dice": [6, 4]}], False),
        ([{"type": "moved", "player": 1, "from": 1, "to": 7, "hit": False}], False),
        ([{"type": "moved", "player": 1, "from": 12, "to": 16, "hit": False}], False),
    ]
    assert news(steps) == "Black rolls 6 and 4 and plays 24/18 13/9."


def test_a_persons_own_roll_and_moves_are_not_news_but_the_answer_to_them_is() -> None:
    mine = [([{"type": "rolled", "player": 0, "dice": [5, 2]}], True)]
    assert news(mine) == ""
    answered = [
        ([{"type": "doubled", "player": 0, "value": 2}], True),
        ([{"type": "took", "player": 1, "value": 2}], False),
    ]
    assert news(answered) == "Black takes. The cube is at 2."


def test_a_person_acting_here_starts_the_news_again_but_an_answer_made_here_is_news() -> None:
    steps = [
        ([{"type": "rolled", "player": 1, "dice": [6, 4]}], False),
        ([{"type": "resign_rejected", "player": 1}], True),
    ]
    assert news(steps) == "Black rejects the resignation."


def test_what_the_status_already_says_is_not_said_twice() -> None:
    steps = [([{"type": "doubled", "player": 1, "value": 2}], False)]
    assert news(steps, wanted="Black doubles to 2. White: take or drop?") == ""


def test_steps_made_by_themselves_are_news() -> None:
    # An automatic double at the opening roll, then a forced play moved by itself after the player's roll.
    steps = [
        ([{"type": "automatic_double", "value": 2}], False),
        ([{"type": "rolled", "player": 0, "dice": [6, 6]}], True),
        ([{"type": "moved", "player": 0, "from": 24, "to": 18, "hit": False}], False),
        ([{"type": "moved", "player": 0, "from": 18, "to": 12, "hit": True}], False),
    ]
    assert news(steps) == "White plays 24/12*."
    assert news(steps[:1]) == "Automatic double: the cube is at 2."


def test_where_nobody_here_acts_the_news_keeps_the_last_two_turns() -> None:
    """Two computers playing each other: the line says the last turns, not every turn since the page
    opened."""
    turns = [([{"type": "rolled", "player": n % 2, "dice": [3, 1]}], False) for n in range(6)]
    turns.insert(3, ([{"type": "doubled", "player": 1, "value": 2}], False))
    assert news(turns) == "White rolls 3 and 1. Black rolls 3 and 1."
    assert news(turns[:2]) == "White rolls 3 and 1. Black rolls 3 and 1."
    assert news(turns[:5]) == "White rolls 3 and 1. Black doubles to 2. Black rolls 3 and 1."
