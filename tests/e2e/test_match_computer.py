"""Playing the computer: it takes its turns by itself (one checker at a time, announced), and the Hint control
shows the best plays for the person."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import Site, screenshot
from .match_driver import (
    STEP_TIMEOUT_MS,
    announcements,
    click_move,
    open_match,
    phase,
    press_button,
    status,
    wait_idle,
)

WORLD_CLASS_MOVE_MS = 180_000


def start_against_computer(
    page: Page, site: Site, dice: str, level: str = "beginner", query: str = ""
) -> None:
    open_match(page, site, f"31,{dice}", query)  # 3-1 is the opening roll of the match the page starts with
    page.click("#new-match-button")
    form = page.locator("#new-match-form")
    form.locator("select[name=opponent]").select_option("computer")
    form.locator("select[name=level]").select_option(level)
    form.locator("input[name=length]").fill("3")
    form.locator("button[value=start]").click()
    # World class thinks for seconds a move: up to a minute and more on a slow, shared machine.
    timeout = WORLD_CLASS_MOVE_MS if level == "world_class" else STEP_TIMEOUT_MS
    page.wait_for_selector("html[data-idle='true']", state="attached", timeout=timeout)


def test_the_computer_plays_its_turn_and_hands_over(page: Page, site: Site) -> None:
    # Black (the computer) wins the opening roll 3 against 1 and plays; then White is asked to roll or double.
    start_against_computer(page, site, "13,64")
    expect(page.locator("#match-info")).to_contain_text("Black (computer)")
    spoken = " ".join(announcements(page))
    assert "Black plays first with 3 and 1." in spoken
    assert spoken.count("Black moves") == 2
    assert phase(page) == "roll"
    assert "White to roll or double" in status(page)
    expect(page.locator("#movelist")).to_contain_text("31:")
    press_button(page, "roll")
    assert "White to move 6 and 4" in status(page)
    screenshot(page, "computer-handed-over")


def test_world_class_thinks_for_seconds_in_steps_and_plays(page: Page, site: Site) -> None:
    # World class looks two plies ahead: seconds a move, longer than the worker may take to answer one
    # request here (4 s in this test, 15 s in play). It thinks in steps of a quarter of a second, each
    # answered at once, so the engine is never taken for hung, and plays the move an opening 3-1 calls for.
    start_against_computer(page, site, "13,64", level="world_class", query="&test-answer-budget=4000")
    expect(page.locator("#board")).to_contain_text("world class")
    spoken = " ".join(announcements(page))
    assert "Black plays first with 3 and 1." in spoken
    assert "Black moves" in spoken
    expect(page.locator("#movelist")).to_contain_text("31: 8/5 6/5")
    assert phase(page) == "roll"
    assert "White to roll or double" in status(page)
    # The engine was never taken for hung.
    expect(page.locator("#notice")).not_to_contain_text("started again")


def test_hint_lists_the_best_plays(page: Page, site: Site) -> None:
    start_against_computer(page, site, "31")  # White wins the opening roll of the new match with 3-1
    assert "White to move 3 and 1" in status(page)
    page.click("#hint-button")
    wait_idle(page)
    plays = page.locator("#hint-panel li")
    expect(plays.first).to_contain_text("8/5 6/5")
    assert plays.count() >= 2
    expect(page.locator("#hint-panel")).not_to_contain_text("from where the turn began")
    # Asked again with a checker moved: the same plays of the whole roll, and the panel says they start from
    # before that checker.
    click_move(page, 13, 10)
    page.click("#hint-button")
    wait_idle(page)
    expect(plays.first).to_contain_text("8/5 6/5")
    expect(page.locator("#hint-panel")).to_contain_text(
        "These are plays of the whole roll, from where the turn began: the checkers moved so far are not"
        " counted."
    )
