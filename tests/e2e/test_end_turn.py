"""A play is the player's until they say so (issue 31): once the last checker of a play is down the turn
waits, Undo takes the checkers back one by one, and *Done* ends the turn, by the button, by the dice (with the
Done button drawn beside them, as GNU Backgammon ends a turn on a click of the dice), by Enter or Space. The
preference `endTurn` lets a player who wants speed have the turn end by itself, after a stated delay during
which Undo still works, or at once. A roll that cannot be played waits for *Pass* the same way. A reload
while a complete play waits restores it, undoable and to be confirmed, with the same dice.

The keyboard's own tests are in test_keyboard_play.py; a forced play that plays itself is in
test_match_preferences.py."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from backgammon.position import Position

from .conftest import Site, screenshot, wait_for_engine_ready
from .match_driver import (
    announcements,
    button,
    centre,
    click_move,
    drag_move,
    match_id_of,
    open_match,
    phase,
    point,
    position_id,
    position_of,
    press_button,
    press_done,
    saved_record,
    set_up,
    status,
    steps,
    wait_after,
    wait_idle,
)

START = Position.start().id
WAITING = "White: play complete. Press Done or Enter to end the turn, or Undo to take back a checker."
# A phone has no Enter key to name.
WAITING_BY_TOUCH = "White: play complete. Press Done to end the turn, or Undo to take back a checker."
# White on the bar against Black's closed board: no roll can be played.
SHUT_OUT = position_of({13: 6, 8: 3, 6: 5}, {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 3}, mine_bar=1)


def click_at(page: Page, selector: str) -> None:
    """Press where the board draws something (its drawings let presses through to the board, which reports
    them) and wait until the page has acted on it."""
    x, y = centre(page, selector)
    before = steps(page)
    page.mouse.click(x, y)
    wait_after(page, before)


def test_a_complete_play_waits_for_done_and_undo_takes_it_back_checker_by_checker(
    page: Page, site: Site
) -> None:
    open_match(page, site, "31,52")
    expect(button(page, "confirm")).to_be_disabled()  # shown from the start of the play: the turn will wait
    click_move(page, 8, 5)
    one_moved = position_id(page)
    click_move(page, 6, 5)
    both_moved = position_id(page)
    # The play is complete: nothing happens by itself; the page says so and how to end the turn.
    assert phase(page) == "move"
    assert status(page) == WAITING
    assert announcements(page)[-1] == f"White moves 6 to 5. {WAITING}"
    expect(button(page, "confirm")).to_be_enabled()
    expect(button(page, "confirm")).to_have_text("Done")
    expect(button(page, "undo")).to_be_enabled()
    expect(page.locator("#board .end-prompt.done")).to_have_text("Done")
    expect(page.locator("#board .dice-target")).to_have_attribute(
        "aria-label", "Done: end the turn. Dice 3 1"
    )
    screenshot(page, "end-turn-waiting-desktop")
    # Taken back one checker at a time, the last first.
    press_button(page, "undo")
    assert position_id(page) == one_moved
    assert announcements(page)[-1] == "White takes back the move 6 to 5."
    assert "White to move 3 and 1" in status(page)
    expect(page.locator("#board .end-prompt")).to_have_count(0)
    expect(button(page, "confirm")).to_be_disabled()
    press_button(page, "undo")
    assert position_id(page) == START
    # Played again, by dragging this time, and confirmed.
    drag_move(page, 8, 5)
    drag_move(page, 6, 5)
    assert position_id(page) == both_moved
    assert status(page) == WAITING
    press_done(page)
    assert phase(page) == "roll"
    assert "Black to roll or double" in status(page)
    expect(page.locator("#movelist li").first).to_have_text("1) White 31: 8/5 6/5")
    assert [a["type"] for a in saved_record(page)["games"][0]["actions"]] == [
        "roll",
        "move",
        "move",
        "confirm",
    ]


def test_the_dice_end_the_turn_of_either_player(page: Page, site: Site) -> None:
    open_match(page, site, "31,52")
    click_move(page, 8, 5)
    click_move(page, 6, 5)
    click_at(page, "#board .end-prompt.done")  # the Done drawn beside the dice
    assert phase(page) == "roll"
    press_button(page, "roll")
    assert "Black to move 5 and 2" in status(page)
    click_move(page, 12, 17)  # Black's 13/8
    click_move(page, 12, 14)  # Black's 13/11: Black's play waits the same way
    assert status(page).startswith("Black: play complete.")
    click_at(page, "#board .dice.current .die")  # the dice themselves, as in GNU Backgammon
    assert phase(page) == "roll"
    assert "White to roll or double" in status(page)


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        yield context.new_page()
    finally:
        context.close()


def tap(page: Page, selector: str) -> None:
    before = steps(page)
    x, y = centre(page, selector)
    page.touchscreen.tap(x, y)
    wait_after(page, before)


def test_by_touch_a_play_is_taken_back_and_confirmed_on_the_board(phone: Page, site: Site) -> None:
    open_match(phone, site, "31,52")
    for source, dest in ((8, 5), (6, 5)):
        phone.locator(f"#board .target[data-loc='{source}']").tap()
        tap(phone, f"#board .target[data-loc='{dest}']")
    assert status(phone) == WAITING_BY_TOUCH
    phone.evaluate("document.getElementById('board').scrollIntoView()")
    screenshot(phone, "end-turn-waiting-phone")
    tap(phone, "#controls button[data-action='undo']")
    assert "White to move 3 and 1" in status(phone)
    phone.locator("#board .target[data-loc='6']").tap()
    tap(phone, "#board .target[data-loc='5']")
    assert status(phone) == WAITING_BY_TOUCH
    tap(phone, "#board .end-prompt.done")
    assert phase(phone) == "roll"
    assert "Black to roll or double" in status(phone)


NOTE_WHEN_COUNTING = """() => {
  const status = document.getElementById("status");
  window.__completeAt = null;
  new MutationObserver(() => {
    if (window.__completeAt === null && status.textContent.includes("The turn ends in")) {
      window.__completeAt = performance.now();
    }
  }).observe(status, {childList: true, characterData: true, subtree: true});
}"""


def test_the_turn_ends_by_itself_after_the_stated_delay_and_undo_works_meanwhile(
    page: Page, site: Site
) -> None:
    open_match(page, site, "31,52", end_turn="delay")
    expect(button(page, "confirm")).to_be_hidden()  # no Done to wait for during the play
    click_move(page, 8, 5)
    one_moved = position_id(page)
    # The last checker: the page is not idle while the turn counts down, and says when it will end.
    point(page, 6).click()
    point(page, 5).click()
    expect(page.locator("#status")).to_have_text(
        "White: play complete. The turn ends in 2 seconds; Undo takes back a checker."
    )
    assert phase(page) == "move"
    expect(button(page, "confirm")).to_be_enabled()  # to end it before the delay is over
    # Undo within the delay: the checker comes back and the turn does not end.
    page.locator("#controls button[data-action='undo']").click()
    wait_idle(page)
    assert position_id(page) == one_moved
    assert phase(page) == "move"
    assert "White to move 3 and 1" in status(page)
    # Played again, and left alone: the turn ends, not before the delay (a timer never fires early). The
    # moment the status line says so is taken in the page: the countdown starts after it.
    page.evaluate(NOTE_WHEN_COUNTING)
    point(page, 6).click()
    point(page, 5).click()
    expect(page.locator("#status")).to_contain_text("The turn ends in 2 seconds")
    assert page.get_attribute("html", "data-idle") == "false"
    page.wait_for_function("() => document.documentElement.dataset.phase === 'roll'", timeout=10_000)
    assert page.evaluate("performance.now() - window.__completeAt") >= 1990
    wait_idle(page)
    assert "Black to roll or double" in status(page)
    assert [a["type"] for a in saved_record(page)["games"][0]["actions"]] == [
        "roll",
        "move",
        "move",
        "confirm",
    ]


def test_the_turn_ends_at_once_when_the_player_asks_for_speed(page: Page, site: Site) -> None:
    open_match(page, site, "31,52")
    page.click("#preferences-button")
    expect(page.locator("#preferences-form select[name=endTurn]")).to_have_value("wait")  # the default
    page.locator("#preferences-form select[name=endTurn]").select_option("now")
    page.click("#preferences-form button[value=save]")
    wait_idle(page)
    expect(button(page, "confirm")).to_be_hidden()
    click_move(page, 8, 5)
    click_move(page, 6, 5)
    assert phase(page) == "roll"
    assert "Black to roll or double" in status(page)


def test_a_reload_while_a_play_waits_keeps_it_undoable_and_to_be_confirmed(page: Page, site: Site) -> None:
    open_match(page, site, "31,52")
    click_move(page, 8, 5)
    click_move(page, 6, 5)
    waiting = position_id(page)
    record = saved_record(page)
    page.reload()
    wait_for_engine_ready(page)
    wait_idle(page)
    # The same checkers moved, the same dice, nothing rolled or ended meanwhile.
    assert phase(page) == "move"
    assert position_id(page) == waiting
    assert status(page) == WAITING
    assert f"Match restored. {WAITING}" in " ".join(announcements(page))
    assert saved_record(page) == record
    expect(page.locator("#board .dice.current .die")).to_have_count(2)
    press_button(page, "undo")
    assert "White to move 3 and 1" in status(page)
    click_move(page, 6, 5)
    press_done(page)
    assert phase(page) == "roll"
    assert [a["type"] for a in saved_record(page)["games"][0]["actions"]] == [
        "roll",
        "move",
        "move",
        "confirm",
    ]


def test_a_roll_that_cannot_be_played_waits_for_pass_and_is_announced(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    set_up(page, SHUT_OUT, match_id_of(match_length=5, dice=(6, 5)))
    assert phase(page) == "move"
    assert (
        status(page) == "White rolled 6 and 5: you cannot make a move. Press Pass or Enter to end the turn."
    )
    assert announcements(page)[-1].endswith("you cannot make a move. Press Pass or Enter to end the turn.")
    expect(button(page, "pass")).to_be_visible()
    expect(page.locator("#board .end-prompt.pass")).to_have_text("Pass")
    before = steps(page)
    page.keyboard.press("Enter")
    wait_after(page, before)
    assert announcements(page)[-1] == "White cannot move and passes. Black to roll or double."
    assert phase(page) == "roll"
    assert "Black to roll or double" in status(page)


def test_a_roll_that_cannot_be_played_passes_by_itself_when_asked(page: Page, site: Site) -> None:
    open_match(page, site, "31", end_turn="now")
    set_up(page, SHUT_OUT, match_id_of(match_length=5, dice=(6, 5)))
    assert "Black to roll or double" in status(page)  # the pass handed the turn over
    spoken = " ".join(announcements(page))
    assert "you cannot make a move." in spoken
    assert "cannot move and passes" in spoken
    expect(page.locator("#movelist")).to_contain_text("pass")


def test_against_the_computer_the_persons_play_waits_and_the_computers_does_not(
    page: Page, site: Site
) -> None:
    open_match(
        page, site, "31,31,64"
    )  # the default match's opening; the new match's (White 3-1); Black's roll
    page.click("#new-match-button")
    form = page.locator("#new-match-form")
    form.locator("select[name=opponent]").select_option("computer")
    form.locator("select[name=level]").select_option("beginner")
    form.locator("input[name=length]").fill("3")
    form.locator("button[value=start]").click()
    wait_idle(page)
    assert "White to move 3 and 1" in status(page)
    click_move(page, 8, 5)
    click_move(page, 6, 5)
    assert status(page) == WAITING  # the computer does not start while White's play waits
    assert phase(page) == "move"
    press_done(page)
    # The computer rolled 6-4, played it and ended its own turn; White is asked.
    assert phase(page) == "roll"
    assert "White to roll or double" in status(page)
    expect(page.locator("#movelist")).to_contain_text(re.compile(r"64: "))
