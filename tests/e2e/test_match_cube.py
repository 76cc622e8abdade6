"""The cube and the end of games on the page: double/take, double/drop and the next game, beavers in a money
session, the Crawford game and after it, resignations."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from backgammon.position import Position

from .conftest import Site, screenshot
from .match_driver import (
    announcements,
    button,
    click_move,
    match_id_of,
    open_match,
    phase,
    press_button,
    press_done,
    set_up,
    status,
    wait_idle,
)


def open_after_white_opens(page: Page, site: Site, dice: str) -> None:
    """White wins the opening roll with 3-1, plays 8/5 6/5, Done; Black is then asked to roll or double."""
    open_match(page, site, f"31,{dice}" if dice else "31")
    click_move(page, 8, 5)
    click_move(page, 6, 5)
    press_done(page)
    assert "Black to roll or double" in status(page)


def test_double_and_take(page: Page, site: Site) -> None:
    open_after_white_opens(page, site, "52")
    press_button(page, "double")
    assert phase(page) == "doubled"
    assert "Black doubles to 2. White: take or drop?" in status(page)
    expect(button(page, "beaver")).to_be_hidden()  # beavers are a money-session option
    press_button(page, "take")
    # White owns the cube now, so Black cannot redouble: Black's dice roll by themselves.
    assert "Black to move 5 and 2" in status(page)
    expect(page.locator("#match-info")).to_contain_text("cube 2 (White)")
    spoken = " ".join(announcements(page))
    assert "Black doubles to 2." in spoken
    assert "White takes. The cube is at 2." in spoken


def test_double_and_drop_then_next_game(page: Page, site: Site) -> None:
    open_after_white_opens(page, site, "42")  # 4-2: the opening roll of game 2
    press_button(page, "double")
    press_button(page, "drop")
    assert phase(page) == "game_over"
    banner = page.locator("#result-banner")
    expect(banner).to_contain_text("Black wins a single game (the double was dropped): 1 point")
    expect(page.locator("#match-info")).to_contain_text("White 0 – Black 1")
    screenshot(page, "cube-dropped")
    press_button(page, "next_game")
    assert "White to move 4 and 2" in status(page)
    # Game 1 is folded away in the move list with its result.
    expect(page.locator("#movelist details summary")).to_contain_text("Game 1 — Black won 1 point")


def test_crawford_game_has_no_cube_and_says_why(page: Page, site: Site) -> None:
    open_match(page, site, "31,64")
    # 3-point match, White leads 2-0: this is the Crawford game; Black is on roll.
    set_up(
        page,
        Position.start().id,
        match_id_of(match_length=3, score=(2, 0), crawford=True, player_on_roll=1, turn=1),
    )
    # No cube decision, so Black's dice rolled by themselves.
    assert "Black to move 6 and 4" in status(page)
    expect(button(page, "double")).to_be_hidden()
    expect(page.locator("#match-info")).to_contain_text("Crawford game")
    page.locator("#status").click()  # keys belong to the page, not to a form field
    page.keyboard.press("Control+d")
    wait_idle(page)
    assert announcements(page)[-1] == "No doubling in the Crawford game."


def test_after_the_crawford_game_the_trailer_may_double(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    set_up(page, Position.start().id, match_id_of(match_length=3, score=(2, 1), player_on_roll=1, turn=1))
    assert phase(page) == "roll"
    expect(button(page, "double")).to_be_enabled()
    press_button(page, "double")
    assert "White: take or drop?" in status(page)


def test_the_leader_one_point_away_is_not_offered_a_double(page: Page, site: Site) -> None:
    open_match(page, site, "31,53")
    set_up(page, Position.start().id, match_id_of(match_length=3, score=(2, 1), player_on_roll=0, turn=0))
    assert "White to move 5 and 3" in status(page)
    expect(button(page, "double")).to_be_hidden()


def offered_cube_half(page: Page) -> str:
    """The half of the board ("left" or "right") the offered cube is drawn in, measured in one go inside the
    page: the board may redraw between two Playwright calls, and a replaced element has no box."""
    half: str = page.evaluate(
        """() => {
            const board = document.querySelector("#board").getBoundingClientRect();
            const cube = document.querySelector("#board .cube.offered").getBoundingClientRect();
            return cube.x + cube.width / 2 < board.x + board.width / 2 ? "left" : "right";
        }"""
    )
    return half


def test_money_session_with_beavers_from_the_new_match_dialog(page: Page, site: Site) -> None:
    open_match(
        page, site, "31,31,52"
    )  # the page's first match, then the new session's opening roll, then Black
    page.click("#new-match-button")
    form = page.locator("#new-match-form")
    form.locator("input[name=kind][value=money]").check()
    form.locator("input[name=beavers]").check()
    form.locator("button[value=start]").click()
    wait_idle(page)
    expect(page.locator("#match-info")).to_contain_text("Money session")
    click_move(page, 8, 5)
    click_move(page, 6, 5)
    press_done(page)
    press_button(page, "double")
    # The board shows the offer where the doubler's dice go: Black (on top) offers 2 in the left half.
    offered = page.locator("#board .cube.offered")
    expect(offered).to_have_text("2")
    assert offered_cube_half(page) == "left"
    expect(button(page, "beaver")).to_be_visible()
    press_button(page, "beaver")
    # The beaver turns the cube to 4, kept by White; Black must now take or drop it.
    assert phase(page) == "doubled"
    assert "White beavers: the cube goes to 4. Black: take or drop?" in status(page)
    # The board shows what is at stake now: 4 (not twice the cube), offered from White's side (right half).
    expect(offered).to_have_text("4")
    assert offered_cube_half(page) == "right"
    cube_target = page.locator("#board .cube-target")
    expect(cube_target).to_have_attribute("aria-label", re.compile(r"offered at 4 by White"))
    screenshot(page, "beaver-offered")
    press_button(page, "take")
    expect(page.locator("#board .cube.offered")).to_have_count(0)
    expect(page.locator("#board .cube")).to_have_text("4")
    expect(page.locator("#match-info")).to_contain_text("cube 4")


def test_resignation_offered_and_accepted(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    page.click("#resign-button")
    page.click("#resign-dialog button[value=gammon]")
    wait_idle(page)
    assert phase(page) == "resign_offered"
    assert "White offers to resign a gammon. Black: accept or reject?" in status(page)
    press_button(page, "accept_resign")
    assert phase(page) == "game_over"
    expect(page.locator("#result-banner")).to_contain_text("Black wins a gammon (by resignation): 2 points")


def test_the_page_is_not_idle_between_a_dialog_button_and_its_step(page: Page, site: Site) -> None:
    # The dialog hands the choice over a task after the click (its `close` event): a test or an assistive tool
    # that waits for data-idle must not read the page in between.
    open_match(page, site, "31")
    page.evaluate(
        """document.addEventListener("submit", () => {
             window.__idleAtSubmit = document.documentElement.dataset.idle;
           })"""
    )
    page.click("#resign-button")
    page.click("#resign-dialog button[value=single]")
    assert page.evaluate("window.__idleAtSubmit") == "false"
    wait_idle(page)
    assert phase(page) == "resign_offered"


def test_resignation_rejected_play_goes_on(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    page.click("#resign-button")
    page.click("#resign-dialog button[value=single]")
    wait_idle(page)
    press_button(page, "reject_resign")
    assert "White to move 3 and 1" in status(page)


def test_new_money_session_with_names_jacoby_and_an_automatic_double(page: Page, site: Site) -> None:
    # The page's first match, then the new session's opening rolls: a tie (3-3) turns the cube, then 3-1.
    open_match(page, site, "31,33,31")
    page.click("#new-match-button")
    form = page.locator("#new-match-form")
    form.locator("input[name=name0]").fill("Ann")
    form.locator("input[name=name1]").fill("Bob")
    form.locator("input[name=kind][value=money]").check()
    form.locator("input[name=jacoby]").check()
    form.locator("input[name=automatic_doubles]").fill("1")
    form.locator("button[value=start]").click()
    wait_idle(page)
    expect(page.locator("#match-info")).to_have_text("Ann 0 – Bob 0 · Money session · cube 2")
    assert "Ann to move 3 and 1" in status(page)
    expect(page.locator("#board .player-info.bottom")).to_contain_text("Ann")
    expect(page.locator("#board .player-info.top")).to_contain_text("Bob")
    expect(page.locator("#board .cube")).to_have_text("2")
    # The form offers the same rules again next time.
    page.click("#new-match-button")
    expect(form.locator("input[name=jacoby]")).to_be_checked()
    expect(form.locator("input[name=automatic_doubles]")).to_have_value("1")
    expect(form.locator("input[name=name0]")).to_have_value("Ann")


def test_match_length_outside_1_to_25_is_refused(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    page.click("#new-match-button")
    form = page.locator("#new-match-form")
    form.locator("input[name=length]").fill("26")
    form.locator("button[value=start]").click()
    # The browser keeps the dialog open on the invalid length; the match in progress is untouched.
    expect(page.locator("#new-match-dialog")).to_be_visible()
    assert form.locator("input[name=length]").evaluate("el => el.validity.rangeOverflow")
    form.locator("button[value=cancel]").click()
    expect(page.locator("#new-match-dialog")).to_be_hidden()
    wait_idle(page)
    assert "White to move 3 and 1" in status(page)
