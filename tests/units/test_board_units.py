"""The board's pure modules (web/board/geometry.js, web/board/state.js) under Node, without a browser:
where points are, what a press or a drop lands on, and how the drawn checkers change.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from .node_esm import needs_node, run_module

pytestmark = needs_node


def run_js(body: str) -> Any:
    """Run an ES module body with `geo` (createGeometry) and `state` (board-state.js) imported; it
    must `print(value)` once."""
    imports = (
        'import { createGeometry } from "{WEB}/board/geometry.js";\n'
        'import * as state from "{WEB}/board/state.js";'
    )
    return run_module(imports, body)


LAYOUTS = [("right", 0), ("left", 0), ("right", 1), ("left", 1)]


@pytest.mark.parametrize(("orientation", "perspective"), LAYOUTS)
def test_a_press_on_a_point_or_a_drop_on_its_checkers_finds_it(orientation: str, perspective: int) -> None:
    found = run_js(f"""
        const g = createGeometry("{orientation}", {perspective});
        const out = [];
        for (let p = 1; p <= 24; p++) {{
          const h = g.point(p).hit;
          const base = g.checkerOnPoint(p, 0), fifth = g.checkerOnPoint(p, 4);
          out.push([p, g.hitTest(h.x + h.w / 2, h.y + h.h / 2, "press"),
                    g.hitTest(base.x, base.y, "drop"), g.hitTest(fifth.x, fifth.y, "drop")]);
        }}
        print(out);
    """)
    for point, press, drop_base, drop_top in found:
        assert press == drop_base == drop_top == point


@pytest.mark.parametrize(("orientation", "perspective"), LAYOUTS)
def test_bar_tray_and_dice_band(orientation: str, perspective: int) -> None:
    found = run_js(f"""
        const g = createGeometry("{orientation}", {perspective});
        const bar = g.checkerOnBar(0, 0), tray = g.slabCenter(1, 3), dice = g.diceCenter(0);
        print([g.hitTest(bar.x, bar.y, "press"), g.hitTest(tray.x, tray.y, "drop"),
               g.hitTest(dice.x, dice.y, "press"), typeof g.hitTest(dice.x, dice.y, "drop")]);
    """)
    # The middle band is the dice when pressed, but a drop there still lands on a point.
    assert found == ["bar", "off", "dice", "number"]


def test_points_of_one_quarter_are_neighbours_and_the_bar_splits_the_halves() -> None:
    xs = run_js("""
        const g = createGeometry("right", 0);
        print(Array.from({length: 24}, (_, i) => g.point(i + 1).cx));
    """)
    # Bottom row runs 12 (left) .. 1 (right); the top row 13 (left) .. 24 (right).
    bottom = [xs[p - 1] for p in range(12, 0, -1)]
    top = [xs[p - 1] for p in range(13, 25)]
    assert bottom == sorted(bottom) and top == sorted(top)
    assert bottom == top  # point 12 faces 13, point 1 faces 24
    steps = [b - a for a, b in itertools.pairwise(bottom)]
    assert steps[5] > steps[0]  # the bar between points 7 and 6


def test_playing_order_follows_each_players_direction() -> None:
    orders = run_js("""
        const g = createGeometry("right", 0);
        print([g.playingOrder(0), g.playingOrder(1)]);
    """)
    assert orders[0] == ["bar", *range(24, 0, -1), "off"]
    assert orders[1] == ["bar", *range(1, 25), "off"]


def test_a_view_without_tray_counts_puts_the_missing_checkers_off() -> None:
    off = run_js("""
        const points = Array(24).fill(0); points[5] = 10; points[18] = -14;
        print(state.boardOf({board: {points, bar: [0, 1]}}).off);
    """)
    assert off == [5, 0]


def test_moving_onto_a_blot_hits_it_and_taking_back_restores_it() -> None:
    result = run_js("""
        const s = state.boardOf({board: {points: Array(24).fill(0), bar: [0, 0], off: [0, 0]}});
        s.points[7] = 2; s.points[4] = -1;          // two on 8 for player 0, a player-1 blot on 5
        const hit = state.moveChecker(s, 0, 8, 5);
        const after = JSON.parse(JSON.stringify(s));
        const back = state.takeBack(s, 0, {from: 8, to: 5, hit: hit.hit});
        print({hit, after, back, restored: s});
    """)
    assert result["hit"] == {"hit": True}
    assert result["after"]["points"][7] == 1 and result["after"]["points"][4] == 1
    assert result["after"]["bar"] == [0, 1]
    assert result["back"] == {"restored": True}
    assert result["restored"]["points"][7] == 2 and result["restored"]["points"][4] == -1
    assert result["restored"]["bar"] == [0, 0]


def test_bearing_off_and_entering_use_the_movers_tray_and_bar() -> None:
    result = run_js("""
        const s = state.boardOf({board: {points: Array(24).fill(0), bar: [0, 1], off: [0, 0]}});
        s.points[0] = 1;
        state.moveChecker(s, 1, "bar", 3);   // player 1 enters on point 3
        state.moveChecker(s, 0, 1, "off");   // player 0 bears off from point 1
        print(s);
    """)
    assert result["bar"] == [0, 0]
    assert result["points"][2] == -1 and result["points"][0] == 0
    assert result["off"] == [1, 0]


@pytest.mark.parametrize(
    ("values", "remaining", "used"),
    [
        ([5, 2], [5, 2], [False, False]),
        ([5, 2], [2], [True, False]),
        ([5, 2], [], [True, True]),
        ([4, 4, 4, 4], [4], [True, True, True, False]),
        ([3, 1], None, [False, False]),
    ],
)
def test_used_dice(values: list[int], remaining: list[int] | None, used: list[bool]) -> None:
    doubles = len(values) == 4
    found = run_js(f"print(state.usedDice({values}, {json.dumps(remaining)}, {json.dumps(doubles)}));")
    assert found == used


def test_the_arrows_walk_the_rows_as_drawn_and_the_bar_keeps_the_row_it_was_entered_from() -> None:
    """web/board/arrows.js: from point 23 (top row, drawn left of 24 for the bottom player 0), Left is 22 and
    Right 24; with player 1 at the bottom the same screen directions reach the other numbers."""
    found = run_module(
        'import { createGeometry } from "{WEB}/board/geometry.js";\n'
        'import { arrowTarget } from "{WEB}/board/arrows.js";',
        """
        const g0 = createGeometry("right", 0), g1 = createGeometry("right", 1);
        const left = createGeometry("left", 0);
        print({
          fromTop: [arrowTarget(g0, 23, "left", "bottom"), arrowTarget(g0, 23, "right", "bottom")],
          otherSeat: [arrowTarget(g1, 2, "left", "bottom").loc, arrowTarget(g1, 2, "right", "bottom").loc],
          mirrored: [arrowTarget(left, 23, "left", "top").loc, arrowTarget(left, 23, "right", "top").loc],
          across: [arrowTarget(g0, 13, "down", "top").loc, arrowTarget(g0, 12, "up", "bottom").loc],
          bar: [arrowTarget(g0, "bar", "left", "top").loc, arrowTarget(g0, "bar", "right", "bottom").loc],
          edge: arrowTarget(g0, "off", "right", "top").loc,
        });
        """,
    )
    assert found["fromTop"] == [{"loc": 22, "row": "top"}, {"loc": 24, "row": "top"}]
    # player 1 at the bottom: absolute 2 is drawn where 23 was, 1 to its right
    assert found["otherSeat"] == [3, 1]
    assert found["mirrored"] == [24, 22]
    assert found["across"] == [12, 13]
    assert found["bar"] == [18, 6]
    assert found["edge"] == "off"
