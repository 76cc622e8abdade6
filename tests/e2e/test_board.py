"""The SVG board component (web/board/board.js) on its own: drawing a view, and what the user's pointer,
finger and keyboard report. The harness page tests/e2e/harness/board.html mounts the board with
views written by hand (tests/e2e/board_views.py) and records every callback in `window.events`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .board_views import START_POINTS, after_8_5_view, bar_view, bear_off_view, start_view
from .conftest import REPO_ROOT, screenshot, site_build


@pytest.fixture(scope="module")
def harness_url() -> Iterator[str]:
    """The repository served as it is, so the harness imports web/board/board.js without a build."""
    server = site_build.make_server(REPO_ROOT, port=0)
    site_build.start_server_thread(server)
    try:
        yield f"{server.url}tests/e2e/harness/board.html"
    finally:
        server.shutdown()
        server.server_close()


def mount(page: Page, url: str, view: dict[str, Any], **config: Any) -> Page:
    if page.url != url:
        page.goto(url)
        page.wait_for_function("() => window.harnessReady === true")
    config.setdefault("animationMs", 0)
    page.evaluate("([view, config]) => mount({view, ...config})", [view, config])
    settle(page)
    return page


def settle(page: Page) -> None:
    """Let the batched redraw happen."""
    page.evaluate("frame()")


def events(page: Page, kind: str | None = None) -> list[dict[str, Any]]:
    recorded: list[dict[str, Any]] = page.evaluate("window.events")
    return [e for e in recorded if kind is None or e["type"] == kind]


def moves(page: Page) -> list[dict[str, Any]]:
    return [e["arg"] for e in events(page, "move")]


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def point_centre(page: Page, loc: int | str) -> tuple[float, float]:
    return centre(page, f'.target[data-loc="{loc}"] .hit')


def click_loc(page: Page, loc: int | str) -> None:
    x, y = point_centre(page, loc)
    page.mouse.click(x, y)
    settle(page)


def drag(page: Page, start: tuple[float, float], end: tuple[float, float]) -> None:
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move((start[0] + end[0]) / 2, (start[1] + end[1]) / 2, steps=4)
    page.mouse.move(*end, steps=4)
    page.mouse.up()
    settle(page)


def checkers_at(page: Page, loc: int | str, player: int) -> int:
    count: int = page.locator(f'.layer-checkers .checker.p{player}[data-loc="{loc}"]').count()
    return count


def classes_of(page: Page, cls: str) -> set[str]:
    locs: list[str] = page.eval_on_selector_all(f".target.{cls}", "els => els.map(e => e.dataset.loc)")
    return set(locs)


# ---- drawing ------------------------------------------------------------------------------------


@pytest.mark.parametrize("perspective", [0, 1])
@pytest.mark.parametrize("orientation", ["right", "left"])
def test_start_position_puts_fifteen_checkers_of_each_colour_on_their_points(
    page: Page, harness_url: str, orientation: str, perspective: int
) -> None:
    mount(page, harness_url, start_view(), orientation=orientation, perspective=perspective)
    assert page.locator(".layer-checkers .checker.p0").count() == 15
    assert page.locator(".layer-checkers .checker.p1").count() == 15
    for index, signed in enumerate(START_POINTS):
        point = index + 1
        assert checkers_at(page, point, 0) == max(signed, 0), point
        assert checkers_at(page, point, 1) == max(-signed, 0), point
    screenshot(page, f"board-start-{orientation}-p{perspective}")


@pytest.mark.parametrize(
    ("orientation", "perspective", "corner"),
    [
        ("right", 0, "bottom-right"),
        ("left", 0, "bottom-left"),
        ("right", 1, "top-right"),
        ("left", 1, "top-left"),
    ],
)
def test_point_one_sits_in_the_corner_the_orientation_and_perspective_say(
    page: Page, harness_url: str, orientation: str, perspective: int, corner: str
) -> None:
    # Player 0's home (points 1-6) is at the bottom when player 0 sits there, on the orientation's side.
    mount(page, harness_url, start_view(), orientation=orientation, perspective=perspective)
    board = page.locator("svg.bg-board").bounding_box()
    assert board is not None
    x, y = point_centre(page, 1)
    vertical, horizontal = corner.split("-")
    assert (y > board["y"] + board["height"] / 2) == (vertical == "bottom")
    assert (x > board["x"] + board["width"] / 2) == (horizontal == "right")
    # The tray is on the home side, beside point 1.
    tray_x, _ = point_centre(page, "off")
    assert (tray_x > board["x"] + board["width"] / 2) == (horizontal == "right")


def test_stack_taller_than_five_shows_its_count_on_the_top_checker(page: Page, harness_url: str) -> None:
    mount(page, harness_url, bar_view())
    assert checkers_at(page, 6, 0) == 5
    labels = page.locator('.layer-checkers .checker.p0[data-loc="6"] .count')
    assert labels.count() == 1
    assert labels.text_content() == "8"
    assert page.locator('.layer-checkers .checker[data-loc="5"] .count').count() == 0


def test_bar_and_trays_show_hit_and_borne_off_checkers(page: Page, harness_url: str) -> None:
    mount(page, harness_url, bar_view())
    assert checkers_at(page, "bar", 1) == 1
    assert checkers_at(page, "bar", 0) == 0
    assert page.locator(".borne-off.p0").count() == 3
    assert page.locator(".borne-off.p1").count() == 0


def test_dice_show_the_roll_with_used_dice_dimmed(page: Page, harness_url: str) -> None:
    mount(page, harness_url, after_8_5_view())
    dice = page.locator(".dice.current .die")
    assert [dice.nth(i).get_attribute("data-value") for i in range(2)] == ["3", "1"]
    assert page.locator(".dice.current .die.used").get_attribute("data-value") == "3"
    assert page.locator(".dice.current .die:not(.used)").get_attribute("data-value") == "1"


def test_doubles_show_four_dice_and_the_previous_roll_is_small(page: Page, harness_url: str) -> None:
    view = bar_view()
    view["dice"], view["dice_remaining"] = [2, 2], [2, 2, 2]
    mount(page, harness_url, view)
    assert page.locator(".dice.current .die").count() == 4
    assert page.locator(".dice.current .die.used").count() == 1
    previous = page.locator(".dice.previous .die")
    assert previous.count() == 2
    big = page.locator(".dice.current .die").first.bounding_box()
    small = previous.first.bounding_box()
    assert big is not None and small is not None and small["width"] < big["width"]


def test_roll_prompt_only_when_a_person_is_to_roll(page: Page, harness_url: str) -> None:
    mount(page, harness_url, start_view(phase="roll", dice=None, dice_remaining=None, dests={}))
    assert page.locator(".dice.prompt").count() == 1
    mount(page, harness_url, start_view(phase="roll", dice=None, dests={}, turn=1, decision=1))
    assert page.locator(".dice.prompt").count() == 0


def test_a_tied_opening_roll_shows_each_die_on_its_players_side(page: Page, harness_url: str) -> None:
    view = start_view(phase="opening", dice=None, dice_remaining=[], dests={}, opening_roll=[4, 4])
    mount(page, harness_url, view)
    assert page.locator(".dice.opening .die").count() == 2
    assert page.locator(".dice.opening .die.p0").count() == 1
    board = page.locator("svg.bg-board").bounding_box()
    assert board is not None
    x0, _ = centre(page, ".dice.opening .die.p0")
    x1, _ = centre(page, ".dice.opening .die.p1")
    assert x0 > board["x"] + board["width"] / 2 > x1  # player 0 at the bottom rolls into the right half


def test_cube_centred_shows_64_and_moves_to_its_owner(page: Page, harness_url: str) -> None:
    mount(page, harness_url, start_view())
    cube = page.locator(".cube")
    assert cube.text_content() == "64"
    assert "centered" in (cube.get_attribute("class") or "")
    board = page.locator("svg.bg-board").bounding_box()
    assert board is not None
    mid = board["y"] + board["height"] / 2
    mount(page, harness_url, bar_view())  # cube on 2, owned by player 0 at the bottom
    _, y = centre(page, ".cube")
    assert page.locator(".cube").text_content() == "2"
    assert y > mid + 100
    mount(page, harness_url, bar_view(), perspective=1)  # now player 0 sits at the top
    _, y = centre(page, ".cube")
    assert y < mid - 100


def test_offered_cube_shows_the_new_value(page: Page, harness_url: str) -> None:
    view = start_view(phase="doubled", dice=None, decision=1)
    view["cube"].update(value=2, owner=1, offered_by=1, offered_value=4)
    mount(page, harness_url, view)
    assert page.locator(".cube.offered").text_content() == "4"
    view["cube"].update(offered_by=0, offered_value=8)  # beavered: the taker redoubles at once
    mount(page, harness_url, view)
    assert page.locator(".cube.offered").text_content() == "8"


def test_names_pips_score_and_crawford(page: Page, harness_url: str) -> None:
    mount(page, harness_url, bar_view())
    bottom = page.locator(".player-info.bottom")
    top = page.locator(".player-info.top")
    assert re.search(r"Alice.*56 pips.*3$", bottom.text_content() or "")
    assert re.search(r"Bob.*86 pips.*4$", top.text_content() or "")
    assert "turn" in (top.get_attribute("class") or "")  # player 1 is on roll
    assert page.locator(".match-length").text_content() == "5"
    assert page.locator(".crawford").count() == 1
    mount(page, harness_url, bar_view(), showPips=False)
    assert "86" not in (page.locator(".player-info.top").text_content() or "")


def test_tutorial_view_without_match_draws_the_board(page: Page, harness_url: str) -> None:
    view = {"board": {"points": list(START_POINTS)}, "turn": 0, "dests": {}}
    mount(page, harness_url, view, highlights=[13, 8], arrows=[{"from": 13, "to": 8}])
    assert page.locator(".layer-checkers .checker").count() == 30
    assert classes_of(page, "highlight") == {"13", "8"}
    assert page.locator(".arrow").count() == 1
    assert page.locator(".score").count() == 0


# ---- pointer input ------------------------------------------------------------------------------


def test_selecting_a_checker_lights_exactly_its_destinations(page: Page, harness_url: str) -> None:
    mount(page, harness_url, start_view())
    assert classes_of(page, "dest") == set()
    click_loc(page, 24)
    assert classes_of(page, "selected") == {"24"}
    assert classes_of(page, "dest") == {"21", "23"}
    assert [e["arg"] for e in events(page, "select")] == [24]
    click_loc(page, 24)  # a second tap puts it down
    assert classes_of(page, "dest") == set()


def test_a_checker_in_hand_stays_there_when_the_same_turn_is_drawn_again(
    page: Page, harness_url: str
) -> None:
    """A redraw of the same turn (a status line changed, a preference) keeps the checker in hand; a view of
    another position drops it."""
    mount(page, harness_url, start_view())
    click_loc(page, 24)
    page.evaluate("v => boardApi.set({view: v})", start_view())  # a new object, the same turn
    settle(page)
    assert classes_of(page, "selected") == {"24"}
    assert classes_of(page, "dest") == {"21", "23"}
    page.evaluate("v => boardApi.set({view: v})", after_8_5_view())
    settle(page)
    assert classes_of(page, "selected") == set()


def test_a_point_without_a_legal_move_cannot_be_picked(page: Page, harness_url: str) -> None:
    mount(page, harness_url, start_view())
    click_loc(page, 12)  # the opponent's checkers
    assert classes_of(page, "selected") == set()
    assert events(page, "select") == []


def test_click_then_click_reports_the_move_in_absolute_points(page: Page, harness_url: str) -> None:
    mount(page, harness_url, start_view())
    click_loc(page, 13)
    click_loc(page, 10)
    assert moves(page) == [{"from": 13, "to": 10}]
    # shown at once, before the controller answers
    assert checkers_at(page, 10, 0) == 1 and checkers_at(page, 13, 0) == 4


def test_player_one_at_the_bottom_reports_absolute_points(page: Page, harness_url: str) -> None:
    view = start_view(turn=1, decision=1, dests={"1": [4, 2], "12": [15, 13], "17": [20, 18], "19": [22, 20]})
    mount(page, harness_url, view, perspective=1, orientation="left")
    click_loc(page, 1)
    assert classes_of(page, "dest") == {"4", "2"}
    click_loc(page, 4)
    assert moves(page) == [{"from": 1, "to": 4}]


def test_no_input_while_not_interactive(page: Page, harness_url: str) -> None:
    mount(page, harness_url, start_view(), interactive=False)
    click_loc(page, 13)
    click_loc(page, 10)
    assert moves(page) == []
    assert classes_of(page, "dest") == set()


def test_drag_and_drop_reports_the_move(page: Page, harness_url: str) -> None:
    mount(page, harness_url, start_view())
    drag(page, point_centre(page, 8), point_centre(page, 5))
    assert moves(page) == [{"from": 8, "to": 5}]
    assert checkers_at(page, 5, 0) == 1 and checkers_at(page, 8, 0) == 2


def test_the_destination_under_a_dragged_checker_is_lit(page: Page, harness_url: str) -> None:
    mount(page, harness_url, start_view())
    page.mouse.move(*point_centre(page, 8))
    page.mouse.down()
    page.mouse.move(*point_centre(page, 5), steps=6)
    assert classes_of(page, "drag-over") == {"5"}
    page.mouse.up()
    settle(page)
    assert classes_of(page, "drag-over") == set()


def test_dropping_off_a_destination_reports_nothing_and_keeps_the_checker(
    page: Page, harness_url: str
) -> None:
    mount(page, harness_url, start_view())
    drag(page, point_centre(page, 8), point_centre(page, 2))
    assert moves(page) == []
    assert checkers_at(page, 8, 0) == 3


def test_drop_on_the_tray_bears_off(page: Page, harness_url: str) -> None:
    mount(page, harness_url, bear_off_view())
    drag(page, point_centre(page, 6), point_centre(page, "off"))
    assert moves(page) == [{"from": 6, "to": "off"}]
    assert page.locator(".borne-off.p0").count() == 11


def test_click_then_tray_bears_off(page: Page, harness_url: str) -> None:
    mount(page, harness_url, bear_off_view())
    click_loc(page, 2)
    assert classes_of(page, "dest") == {"off"}
    click_loc(page, "off")
    assert moves(page) == [{"from": 2, "to": "off"}]


def test_entering_from_the_bar(page: Page, harness_url: str) -> None:
    mount(page, harness_url, bar_view())
    drag(page, point_centre(page, "bar"), point_centre(page, 4))
    assert moves(page) == [{"from": "bar", "to": 4}]
    assert checkers_at(page, "bar", 1) == 0 and checkers_at(page, 4, 1) == 1


def test_hitting_a_blot_sends_it_to_the_bar(page: Page, harness_url: str) -> None:
    view = bar_view()
    view.update(turn=0, decision=0, dests={"6": [3]}, dice=[3, 1], dice_remaining=[3, 1])
    view["board"]["bar"] = [0, 0]
    mount(page, harness_url, view)
    click_loc(page, 6)
    assert page.locator(".landing.hit").count() == 1
    click_loc(page, 3)
    assert moves(page) == [{"from": 6, "to": 3}]
    assert checkers_at(page, "bar", 1) == 1
    assert checkers_at(page, 3, 1) == 0 and checkers_at(page, 3, 0) == 1


# ---- position editing (onEditDrop): any checker may be dragged, the controller decides --------------------

EDIT_CALLBACK = """accept => {
  window.clicks = [];
  document.getElementById('board').addEventListener('click', (e) => window.clicks.push(
    e.target.closest('[data-loc]')?.dataset.loc ?? null));
  boardApi.set({ interactive: false, onEditDrop: (drop) => {
    window.events.push({ type: 'edit', arg: drop });
    if (!accept) return false;
    const view = structuredClone(window.mountedView);
    const points = view.board.points;
    const sign = drop.player === 0 ? 1 : -1;
    if (typeof drop.from === 'number') points[drop.from - 1] -= sign;
    if (typeof drop.to === 'number') points[drop.to - 1] += sign;
    if (drop.from === 'bar') view.board.bar[drop.player] -= 1;
    if (drop.to === 'bar') view.board.bar[drop.player] += 1;
    if (drop.from === 'off') view.board.off[drop.player] -= 1;
    if (drop.to === 'off') view.board.off[drop.player] += 1;
    window.mountedView = view;
    boardApi.set({ view });
    return true;
  } });
}"""


def edit_mode(page: Page, url: str, view: dict[str, Any], accept: bool = True) -> None:
    """The board mounted for editing: the callback moves the checker in the view (or refuses every drop)."""
    mount(page, url, view, interactive=False)
    page.evaluate(EDIT_CALLBACK, accept)
    settle(page)


def edits(page: Page) -> list[dict[str, Any]]:
    return [e["arg"] for e in events(page, "edit")]


def test_editing_a_checker_of_either_colour_is_dragged_anywhere(page: Page, harness_url: str) -> None:
    edit_mode(page, harness_url, start_view(dests={}))
    drag(page, point_centre(page, 6), point_centre(page, 5))  # White's
    drag(page, point_centre(page, 12), point_centre(page, "bar"))  # Black's, onto the bar
    assert edits(page) == [{"player": 0, "from": 6, "to": 5}, {"player": 1, "from": 12, "to": "bar"}]
    assert checkers_at(page, 5, 0) == 1 and checkers_at(page, 6, 0) == 4
    assert checkers_at(page, "bar", 1) == 1
    assert page.evaluate("window.clicks") == []  # the release of a drag is no click on the board
    assert moves(page) == []


def test_editing_the_bar_and_the_tray_give_the_colour_of_the_half_pressed(
    page: Page, harness_url: str
) -> None:
    view = start_view(dests={})
    view["board"]["points"][5] = 3  # two White checkers borne off
    view["board"]["off"] = [2, 0]
    view["board"]["points"][11] = -4  # one Black checker on the bar
    view["board"]["bar"] = [0, 1]
    edit_mode(page, harness_url, view)
    tray = page.locator('.target[data-loc="off"] .hit').bounding_box()
    bar = page.locator('.target[data-loc="bar"] .hit').bounding_box()
    assert tray is not None and bar is not None
    # White (player 0) sits at the bottom: its tray half is the lower one; Black's bar checkers are above.
    tray_x = tray["x"] + tray["width"] / 2
    drag(page, (tray_x, tray["y"] + tray["height"] * 0.9), point_centre(page, 4))
    drag(page, (tray_x, tray["y"] + tray["height"] * 0.1), point_centre(page, 4))  # Black has none borne off
    drag(page, (bar["x"] + bar["width"] / 2, bar["y"] + bar["height"] * 0.35), point_centre(page, 20))
    assert edits(page) == [{"player": 0, "from": "off", "to": 4}, {"player": 1, "from": "bar", "to": 20}]
    assert page.locator(".borne-off.p0").count() == 1
    drag(page, point_centre(page, 4), point_centre(page, "off"))
    assert edits(page)[-1] == {"player": 0, "from": 4, "to": "off"}
    assert page.locator(".borne-off.p0").count() == 2


def test_editing_a_refused_drop_puts_the_checker_back_and_a_press_stays_a_click(
    page: Page, harness_url: str
) -> None:
    edit_mode(page, harness_url, start_view(dests={}), accept=False)
    page.mouse.move(*point_centre(page, 8))
    page.mouse.down()
    page.mouse.move(*point_centre(page, 1), steps=6)
    assert classes_of(page, "drag-over") == {"1"}
    assert checkers_at(page, 8, 0) == 2  # one in the hand
    page.mouse.up()
    settle(page)
    assert edits(page) == [{"player": 0, "from": 8, "to": 1}]
    assert checkers_at(page, 8, 0) == 3 and classes_of(page, "drag-over") == set()
    click_loc(page, 8)  # no drag: the controller's click, on the place pressed
    assert page.evaluate("window.clicks") == ["8"]
    assert edits(page) == [{"player": 0, "from": 8, "to": 1}] and moves(page) == []


def test_editing_by_finger_a_slide_drags_and_a_tap_clicks(page: Page, harness_url: str) -> None:
    edit_mode(page, harness_url, start_view(dests={}))
    x, y = point_centre(page, 13)
    tx, ty = point_centre(page, 10)
    touch(page, "pointerdown", x, y)
    touch(page, "pointermove", x + 3, y - 4)  # a wobble, not yet a drag
    touch(page, "pointermove", (x + tx) / 2, (y + ty) / 2)
    touch(page, "pointermove", tx, ty)
    touch(page, "pointerup", tx, ty)
    settle(page)
    assert edits(page) == [{"player": 0, "from": 13, "to": 10}]
    assert checkers_at(page, 10, 0) == 1
    touch(page, "pointerdown", x, y)
    touch(page, "pointermove", x + 3, y - 4)
    touch(page, "pointerup", x + 3, y - 4)
    settle(page)
    assert len(edits(page)) == 1


def test_picking_up_the_moved_checker_lights_its_source_and_dragging_back_undoes(
    page: Page, harness_url: str
) -> None:
    mount(page, harness_url, after_8_5_view())
    start = point_centre(page, 5)
    page.mouse.move(*start)
    page.mouse.down()
    settle(page)
    assert classes_of(page, "undo-source") == {"8"}
    assert classes_of(page, "dest") == {"4"}
    end = point_centre(page, 8)
    page.mouse.move(end[0], end[1], steps=6)
    page.mouse.up()
    settle(page)
    assert len(events(page, "undo")) == 1
    assert moves(page) == []
    assert checkers_at(page, 8, 0) == 3


def test_clicking_the_lit_source_undoes(page: Page, harness_url: str) -> None:
    mount(page, harness_url, after_8_5_view())
    click_loc(page, 5)
    click_loc(page, 8)
    assert len(events(page, "undo")) == 1


def test_input_waits_for_the_next_view_after_a_move(page: Page, harness_url: str) -> None:
    mount(page, harness_url, start_view())
    click_loc(page, 13)
    click_loc(page, 10)
    click_loc(page, 24)  # the old dests no longer hold
    assert classes_of(page, "selected") == set()
    page.evaluate("v => boardApi.set({view: v})", after_8_5_view())
    settle(page)
    click_loc(page, 24)
    assert classes_of(page, "selected") == {"24"}


def test_same_view_while_busy_keeps_the_moved_checker(page: Page, harness_url: str) -> None:
    mount(page, harness_url, start_view())
    click_loc(page, 13)
    click_loc(page, 10)
    # The controller goes busy and redraws with the view it still has: the checker stays put.
    page.evaluate("boardApi.set({view: window.mountedView, interactive: false})")
    settle(page)
    assert checkers_at(page, 10, 0) == 1
    # Input back on with that same view (the rules refused the move): the view is the truth.
    page.evaluate("boardApi.set({view: window.mountedView, interactive: true})")
    settle(page)
    assert checkers_at(page, 10, 0) == 0 and checkers_at(page, 13, 0) == 5


def test_dice_and_cube_clicks_are_reported(page: Page, harness_url: str) -> None:
    mount(page, harness_url, start_view(), interactive=False)
    page.mouse.click(*centre(page, ".dice.current"))
    page.mouse.click(*centre(page, ".cube"))
    assert [e["type"] for e in events(page) if e["type"] in ("dice", "cube")] == ["dice", "cube"]


# ---- animation ----------------------------------------------------------------------------------


def test_animate_move_glides_and_lands_with_a_hit_going_to_the_bar(page: Page, harness_url: str) -> None:
    view = start_view(turn=1, decision=1, dests={})
    view["board"]["points"][5 - 1] = 1  # a player-0 blot on 5
    view["board"]["points"][6 - 1] = 4
    mount(page, harness_url, view, animationMs=400)
    flying = page.evaluate(
        """() => { window.done = boardApi.animateMove({from: 1, to: 5, player: 1});
                   return document.querySelectorAll('.checker.flying').length; }"""
    )
    assert flying == 2  # the mover and the checker it hits
    page.evaluate("window.done")
    settle(page)
    assert page.locator(".checker.flying").count() == 0
    assert checkers_at(page, 5, 1) == 1 and checkers_at(page, 1, 1) == 1
    assert checkers_at(page, "bar", 0) == 1


def test_a_clicked_move_glides_on_while_the_answering_view_arrives(page: Page, harness_url: str) -> None:
    # A glide long enough to be still under way when the view comes, however loaded the machine.
    mount(page, harness_url, start_view(), animationMs=3000)
    click_loc(page, 8)
    click_loc(page, 5)
    flying = page.evaluate(
        """v => { boardApi.set({view: v}); return document.querySelectorAll('.checker.flying').length; }""",
        after_8_5_view(),
    )
    assert flying == 1
    page.wait_for_function("() => !document.querySelector('.checker.flying')")
    settle(page)
    assert checkers_at(page, 5, 0) == 1 and checkers_at(page, 8, 0) == 2


def test_a_fresh_roll_tumbles_in_but_not_on_first_drawing_or_after_a_move(
    page: Page, harness_url: str
) -> None:
    mount(page, harness_url, start_view(), animationMs=300)
    assert page.locator(".dice.rolled").count() == 0  # a reload shows the dice as they are
    page.evaluate(
        "v => boardApi.set({view: v})", start_view(turn=1, decision=1, dice=[6, 5], dice_remaining=[6, 5])
    )
    settle(page)
    assert page.locator(".dice.rolled").count() == 1
    page.wait_for_function("() => !document.querySelector('.dice.rolled') || (boardApi.set({}), false)")
    page.evaluate(
        "v => boardApi.set({view: v})", start_view(turn=1, decision=1, dice=[6, 5], dice_remaining=[5])
    )
    settle(page)
    assert page.locator(".dice.rolled").count() == 0


def test_the_board_glides_as_told_even_with_reduced_motion(page: Page, harness_url: str) -> None:
    """`prefers-reduced-motion` is the page's to weigh (web/preferences.js: no glide by default then, but a
    speed the player picked wins; tests/e2e/test_themes.py): the board glides as long as its config says, 0 =
    not at all."""
    page.emulate_media(reduced_motion="reduce")
    for ms, flying in ((0, 0), (400, 1)):
        mount(page, harness_url, start_view(turn=1, decision=1, dests={}), animationMs=ms)
        seen = page.evaluate(
            """() => { window.done = boardApi.animateMove({from: 12, to: 16, player: 1});
                       return document.querySelectorAll('.checker.flying').length; }"""
        )
        assert seen == flying
        page.evaluate("window.done")
        settle(page)
        assert checkers_at(page, 16, 1) == 1


# ---- keyboard and accessibility -----------------------------------------------------------------


def test_points_are_buttons_named_from_the_view(page: Page, harness_url: str) -> None:
    mount(page, harness_url, start_view())
    point = page.locator('.target[data-loc="13"]')
    assert point.get_attribute("role") == "button"
    assert point.get_attribute("aria-label") == "Point 13, 5 white checkers"
    assert page.locator('.target[data-loc="bar"]').get_attribute("aria-label") == "Bar"
    assert page.locator(".target[role=button]").count() == 26
    # points the view does not label still get a name
    assert (page.locator('.target[data-loc="6"]').get_attribute("aria-label") or "").startswith("Point 6")


def test_keyboard_walks_the_points_and_plays_a_move(page: Page, harness_url: str) -> None:
    mount(page, harness_url, start_view())
    page.evaluate("boardApi.focusPoint(24)")
    page.keyboard.press("Enter")
    settle(page)
    assert classes_of(page, "selected") == {"24"}
    assert "Point" in (page.locator('.target[data-loc="23"]').get_attribute("aria-label") or "")
    page.keyboard.press("Escape")
    settle(page)
    assert classes_of(page, "selected") == set()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowLeft")  # 24 -> 23: point 24 is the top row's right end, 23 drawn left of it
    assert page.evaluate("document.activeElement.dataset.loc") == "23"
    page.keyboard.press("Space")
    settle(page)
    assert moves(page) == [{"from": 24, "to": 23}]


def test_only_one_point_is_in_the_tab_order(page: Page, harness_url: str) -> None:
    mount(page, harness_url, start_view())
    assert page.locator('.target[tabindex="0"]').count() == 1
    page.evaluate("boardApi.focusPoint(8)")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.loc") == "9"
    assert page.locator('.target[tabindex="0"]').get_attribute("data-loc") == "9"


# ---- sizes and life cycle -----------------------------------------------------------------------


def test_phone_portrait_fits_the_width_and_taps_play(browser: Browser, harness_url: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        mount(page, harness_url, start_view())
        box = page.locator("svg.bg-board").bounding_box()
        assert box is not None and box["width"] <= 360 and box["height"] < 640
        page.wait_for_selector("svg.bg-board.narrow")  # the phone's layout: larger points and text
        x, y = point_centre(page, 8)
        page.touchscreen.tap(x, y)
        settle(page)
        assert classes_of(page, "dest") == {"5", "7"}
        x, y = point_centre(page, 5)
        page.touchscreen.tap(x, y)
        settle(page)
        assert moves(page) == [{"from": 8, "to": 5}]
        screenshot(page, "board-phone-portrait")
    finally:
        context.close()


def touch(page: Page, kind: str, x: float, y: float) -> None:
    """A finger's pointer event at page coordinates (Playwright's touchscreen only taps)."""
    page.evaluate(
        """([kind, x, y]) => document.querySelector('svg.bg-board').dispatchEvent(new PointerEvent(kind, {
             pointerId: 7, pointerType: 'touch', isPrimary: true, clientX: x, clientY: y, button: 0,
             bubbles: true, cancelable: true }))""",
        [kind, x, y],
    )


def test_a_finger_that_wobbles_a_little_taps_and_a_longer_slide_drags(page: Page, harness_url: str) -> None:
    mount(page, harness_url, start_view())
    x, y = point_centre(page, 8)

    def wobbly_tap() -> None:
        touch(page, "pointerdown", x, y)
        touch(page, "pointermove", x + 3, y - 4)  # more than a mouse may move, less than a finger
        touch(page, "pointerup", x + 3, y - 4)
        settle(page)

    wobbly_tap()
    assert classes_of(page, "selected") == {"8"}
    wobbly_tap()  # a second tap puts the checker down; a drag would have left it picked up
    assert classes_of(page, "selected") == set()
    assert moves(page) == []
    tx, ty = point_centre(page, 7)
    touch(page, "pointerdown", x, y)
    touch(page, "pointermove", (x + tx) / 2, (y + ty) / 2)
    touch(page, "pointermove", tx, ty)
    touch(page, "pointerup", tx, ty)
    settle(page)
    assert moves(page) == [{"from": 8, "to": 7}]


def test_the_cube_invites_a_double_only_when_a_person_may_double(page: Page, harness_url: str) -> None:
    view = start_view(phase="roll", dice=None, dests={})
    view["cube"].update(may_double=True, why_not=None)
    mount(page, harness_url, view)
    assert page.locator(".cube.may-double").count() == 1
    mount(page, harness_url, {**view, "turn": 1, "decision": 1})  # the computer's turn
    assert page.locator(".cube.may-double").count() == 0


def test_destroy_removes_the_board_and_its_listeners(page: Page, harness_url: str) -> None:
    mount(page, harness_url, start_view())
    x, y = point_centre(page, 13)
    page.evaluate("boardApi.destroy()")
    assert page.locator("svg.bg-board").count() == 0
    page.mouse.click(x, y)
    assert events(page) == []


# Every place's neighbour by each arrow key, as the keyboard moves the focus: keydown events on the focused
# place, and the places' centres on screen.
WALK_ARROWS = """() => {
  const centre = (el) => { const b = el.querySelector('.hit').getBoundingClientRect();
    return {x: b.x + b.width / 2, y: b.y + b.height / 2, h: b.height}; };
  const places = [...document.querySelectorAll('.target[data-loc]')];
  const at = Object.fromEntries(places.map((el) => [el.dataset.loc, centre(el)]));
  const walks = [];
  for (const el of places) {
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
      const loc = el.dataset.loc;
      boardApi.focusPoint(loc === 'bar' || loc === 'off' ? loc : Number(loc));
      const press = new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true});
      document.activeElement.dispatchEvent(press);
      walks.push({from: el.dataset.loc, key, to: document.activeElement.dataset.loc});
    }
  }
  return {at, walks};
}"""


@pytest.mark.parametrize("layout", ["wide", "narrow"])
@pytest.mark.parametrize("perspective", [0, 1])
@pytest.mark.parametrize("orientation", ["right", "left"])
def test_arrow_keys_move_the_focus_the_way_they_point_on_screen(
    page: Page, harness_url: str, orientation: str, perspective: int, layout: str
) -> None:
    """Left and Right go to the next place in the same row on screen (a point, the bar or the tray), Up and
    Down to the point across the board; whatever the numbering, the seat and the layout."""
    mount(page, harness_url, start_view(), orientation=orientation, perspective=perspective, layout=layout)
    found = page.evaluate(WALK_ARROWS)
    at, walks = found["at"], found["walks"]
    points = [loc for loc in at if loc not in ("bar", "off")]
    mid = (min(at[p]["y"] for p in points) + max(at[p]["y"] for p in points)) / 2
    wrong = []
    for walk in walks:
        start, key, end = walk["from"], walk["key"], walk["to"]
        if start in ("bar", "off"):
            continue  # both rows: checked from the points beside them
        here = at[start]
        top = here["y"] < mid
        row = [loc for loc in at if loc in ("bar", "off") or (at[loc]["y"] < mid) == top]
        if key in ("ArrowLeft", "ArrowRight"):
            sign = -1 if key == "ArrowLeft" else 1
            ahead = [loc for loc in row if (at[loc]["x"] - here["x"]) * sign > 1]
            expected = min(ahead, key=lambda loc: abs(at[loc]["x"] - here["x"])) if ahead else start
        else:
            across = (key == "ArrowDown") == top
            expected = start
            if across:
                expected = next(p for p in points if abs(at[p]["x"] - here["x"]) < 1 and p != start)
        if end != expected:
            wrong.append(f"{key} from {start}: {end}, not {expected}")
    assert not wrong, wrong


@pytest.mark.parametrize(("perspective", "numbering"), [(0, 1), (1, None), (1, 0)])
def test_a_points_name_carries_the_number_printed_under_it(
    page: Page, harness_url: str, perspective: int, numbering: int | None
) -> None:
    """The view names point 13 "Point 13" (White's numbering); a board numbered otherwise prints another
    number there, and its name says that number too."""
    mount(page, harness_url, start_view(), perspective=perspective, numbering=numbering)
    printed = page.locator('text.point-number[data-point="13"]').text_content()
    black_numbers = (numbering if numbering is not None else perspective) == 1
    assert printed == ("12" if black_numbers else "13")
    name = page.locator('.target[data-loc="13"]').get_attribute("aria-label")
    assert name == f"Point {printed}, 5 white checkers"


def test_the_place_a_picked_up_checker_goes_back_to_is_named_so(page: Page, harness_url: str) -> None:
    """The keyboard and a screen reader hear what the lit take-back place does, as they hear "destination"."""
    mount(page, harness_url, after_8_5_view())
    page.evaluate("boardApi.focusPoint(5)")
    page.keyboard.press("Enter")
    settle(page)
    assert classes_of(page, "undo-source") == {"8"}
    name = page.locator('.target[data-loc="8"]').get_attribute("aria-label") or ""
    assert name.endswith(", take back here"), name
    name = page.locator('.target[data-loc="4"]').get_attribute("aria-label") or ""
    assert name.endswith(", destination"), name


def test_a_try_on_a_place_that_is_no_destination_is_reported_but_not_shown_as_made(
    page: Page, harness_url: str
) -> None:
    """The tutorial's tries (a blocked point): not lit, reported as a move when the checker is put there, and
    the checker is not drawn there (the lesson answers with the rule, the position unchanged)."""
    mount(page, harness_url, start_view(), tries={"24": [19]})
    click_loc(page, 24)
    assert "19" not in classes_of(page, "dest")
    click_loc(page, 19)
    assert moves(page) == [{"from": 24, "to": 19}]
    assert checkers_at(page, 24, 0) == 2 and checkers_at(page, 19, 0) == 0
    # by drag too: the checker goes back where it came from
    mount(page, harness_url, start_view(), tries={"24": [19]})
    drag(page, point_centre(page, 24), point_centre(page, 19))
    assert moves(page) == [{"from": 24, "to": 19}]
    assert checkers_at(page, 24, 0) == 2 and checkers_at(page, 19, 0) == 0
