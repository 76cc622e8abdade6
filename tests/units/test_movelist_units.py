"""The move lists' numbers under Node: each line of the game panel's list (web/play/movelist.js) carries
the move number the game's .mat file gives its row (py/backgammon/formats/mat_export.py), as GNU Backgammon
numbers moves, for a match the computer plays with the cube, and a money game with a beaver and a
resignation; review's list (web/review/analysis-data.js `stepsOf`) gives each decision the number the game
panel gives its line."""

from __future__ import annotations

import json
import random
from typing import Any

from backgammon import api
from backgammon.analysis.job import analyze_record
from backgammon.formats.mat_export import export_game, format_mat_play
from backgammon.game import Game
from backgammon.record import load_record

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = 'import { moveNumbers } from "{WEB}/play/movelist.js";'
REVIEW_IMPORTS = 'import { stepsOf } from "{WEB}/review/analysis-data.js";'
# The game panel's lines that are decisions of review's list (a take after a beaver is not numbered).
DECISION_LINES = {"play", "double", "take", "drop", "beaver"}


def call(method: str, params: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(api.handle(json.dumps({"method": method, "params": params})))
    assert "error" not in answer, answer
    result: dict[str, Any] = answer.get("result", answer)
    return result


def computer_match(seed: int, length: int) -> dict[str, Any]:
    """The record of a whole match of two computer players on seeded dice."""
    rng = random.Random(seed)
    players = [{"name": "A", "kind": "computer", "level": "beginner"}] * 2
    result = call("new_match", {"settings": {"match_length": length}, "players": players})
    while (action := call("bot_action", {})["action"]) is not None:
        if action["type"] == "roll":
            action["dice"] = [rng.randint(1, 6), rng.randint(1, 6)]
        result = call("act", {"action": action})
        if action["type"] == "play" and result["view"]["phase"] == "move" and result["view"]["can_confirm"]:
            result = call("act", {"action": {"type": "confirm"}})
    record: dict[str, Any] = result["record"]
    return record


def scripted_money_game(actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The record of a money session with beavers after `actions`."""
    players = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}]
    result = call("new_match", {"settings": {"match_length": 0, "beavers": True}, "players": players})
    for action in actions:
        result = call("act", {"action": action})
    record: dict[str, Any] = result["record"]
    return record


def notated(game: Game) -> dict[str, Any]:
    """A game as the view's notation gives it to the move list (py/backgammon/view.py)."""
    history = game.history
    return {
        "lines": [i.text for i in history],
        "by": [i.player for i in history],
        "kinds": [i.kind for i in history],
    }


def mat_cell(game: Game, at: int) -> str:
    item = game.history[at]
    return format_mat_play(item) if item.kind == "play" else item.text.strip()


def check_numbers_follow_the_mat_rows(record: dict[str, Any]) -> list[list[int | None]]:
    games = load_record(record).games
    all_numbers: list[list[int | None]] = run_module(
        IMPORTS, f"print({json.dumps([notated(g) for g in games])}.map(moveNumbers));"
    )
    for game, numbers in zip(games, all_numbers, strict=True):
        rows = [line for line in export_game(game, ("A", "B")) if line[:5].strip().endswith(")")]
        for at, number in enumerate(numbers):
            if number is None:
                continue
            assert rows[number - 1].startswith(f"{number:3d}) "), rows[number - 1]
            assert mat_cell(game, at) in rows[number - 1], (mat_cell(game, at), rows[number - 1])
        assert max((n for n in numbers if n is not None), default=0) == len(rows)
    return all_numbers


def test_each_line_carries_the_number_of_its_row_in_the_mat_file() -> None:
    record = computer_match(seed=6, length=3)
    check_numbers_follow_the_mat_rows(record)
    kinds = {i.kind for g in load_record(record).games for i in g.history}
    assert {"play", "double", "take", "drop", "win"} <= kinds, kinds  # the cube's actions among them


def test_the_first_player_to_move_opens_row_one_and_a_beavers_take_has_no_number() -> None:
    # B wins the opening roll and plays: row 1 holds B's play alone, in the right-hand column. A doubles, B
    # beavers, A takes (a line the .mat file leaves out), A rolls and resigns.
    actions = [
        {"type": "roll", "dice": [1, 3]},
        {"type": "move", "from": 19, "to": 20},
        {"type": "move", "from": 19, "to": 22},
        {"type": "confirm"},
        {"type": "double"},
        {"type": "beaver"},
        {"type": "take"},
        {"type": "roll", "dice": [6, 4]},
        {"type": "resign", "points": 1},
        {"type": "accept_resign"},
    ]
    numbers = check_numbers_follow_the_mat_rows(scripted_money_game(actions))
    # 31: 6/5 6/3 · Doubles => 2 · Beavers => 4 · Takes · 64: (resigned) · Wins 4 points
    assert numbers == [[1, 2, 2, None, 3, None]]


def test_review_numbers_each_decision_as_the_game_panel_numbers_its_line() -> None:
    record = computer_match(seed=6, length=3)
    # Who decided what, and every decision shown ("close"), each "no double" among them.
    analysis = {
        "games": [
            {
                "decisions": [
                    {k: d[k] for k in ("player", "kind", "played")} | {"close": True} for d in g["decisions"]
                ]
            }
            for g in analyze_record(record, depth=0)["games"]
        ]
    }
    steps: list[dict[str, Any]] = run_module(
        REVIEW_IMPORTS,
        f"print(stepsOf({json.dumps(analysis)})"
        ".map((s) => ({game: s.game, number: s.number, d: s.decision})));",
    )
    games = load_record(record).games
    panel: list[list[int | None]] = run_module(
        IMPORTS, f"print({json.dumps([notated(g) for g in games])}.map(moveNumbers));"
    )
    doubled = False
    for g, (game, numbers) in enumerate(zip(games, panel, strict=True)):
        lines = [
            n
            for i, n in zip(game.history, numbers, strict=True)
            if i.kind in DECISION_LINES and n is not None
        ]
        decisions = [s for s in steps if s["game"] == g]
        cells = [
            s["number"]
            for s in decisions
            if s["d"]["kind"] in ("move", "take") or s["d"]["played"] == "double"
        ]
        assert cells == lines, g
        # Not doubling is part of the row of the move it comes before.
        for at, step in enumerate(decisions):
            if step["d"]["kind"] == "double" and step["d"]["played"] != "double":
                following = next(s for s in decisions[at + 1 :] if s["d"]["player"] == step["d"]["player"])
                assert step["number"] == following["number"], step
        doubled |= any(s["d"]["played"] == "double" for s in decisions)
    assert doubled, "the cube's decisions among them"
