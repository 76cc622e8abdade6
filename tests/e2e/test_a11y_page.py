"""What every player needs from the page around the board: it paints at once while Python loads, controls have
real names, dialogs manage focus, it fits a phone held upright, and it works from a sub-path."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from .conftest import PageProblems, Site, screenshot, serving, wait_for_engine_ready
from .match_driver import open_match, phase, status, wait_idle


def test_board_paints_at_once_while_python_loads(page: Page, site: Site) -> None:
    held: list[Route] = []
    # Hold our Python package back: the engine cannot be ready, yet the page must already show the game.
    page.route("**/backgammon.zip", lambda route: held.append(route))
    page.goto(site.url("?no-sw"))
    expect(page.locator("#board .layer-checkers .checker")).to_have_count(30)
    assert page.get_attribute("html", "data-engine") == "loading"
    # The archive held back, the status line says the engine is still downloading.
    expect(page.locator("#engine-status")).to_contain_text("Downloading the rules engine")
    screenshot(page, "loading")
    for route in held:
        route.continue_()
    page.unroute("**/backgammon.zip")
    wait_for_engine_ready(page)


def test_engine_failure_is_said_in_plain_words(page: Page, site: Site, page_problems: PageProblems) -> None:
    page_problems.expect(r"^BridgeError: could not fetch .*/py/backgammon\.zip: Failed to fetch")
    page.route("**/backgammon.zip", lambda route: route.abort())
    page.goto(site.url("?no-sw"))
    page.wait_for_selector("html[data-engine='failed']", state="attached", timeout=60_000)
    expect(page.locator("#engine-status")).to_contain_text("could not start")
    expect(page.locator("#board .layer-checkers .checker")).to_have_count(30)


def test_every_control_has_a_name(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    nameless = page.evaluate(
        """() => [...document.querySelectorAll('button, a, [role=button], input, select')]
            .filter(el => el.getClientRects().length > 0)
            .filter(el => {
              const label = el.getAttribute('aria-label') || el.textContent.trim()
                || el.labels?.[0]?.textContent.trim();
              return !label;
            })
            .map(el => el.outerHTML.slice(0, 80))"""
    )
    assert nameless == []
    assert page.get_attribute("#announcer", "aria-live") == "polite"


def test_dialog_takes_focus_and_gives_it_back(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    page.focus("#preferences-button")
    page.keyboard.press("Enter")
    dialog = page.locator("#preferences-dialog")
    expect(dialog).to_be_visible()
    assert page.evaluate("document.activeElement.closest('dialog')?.id") == "preferences-dialog"
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert page.evaluate("document.activeElement.id") == "preferences-button"


def test_preferences_are_kept(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    page.click("#preferences-button")
    page.locator("#preferences-form select[name=orientation]").select_option("left")
    page.locator("#preferences-form input[name=noAutoRolls]").check()
    page.locator("#preferences-form select[name=endTurn]").select_option("delay")
    page.click("#preferences-form button[value=save]")
    wait_idle(page)  # saved once the dialog's answer is taken up
    page.reload()
    wait_for_engine_ready(page)
    wait_idle(page)
    page.click("#preferences-button")
    expect(page.locator("#preferences-form select[name=orientation]")).to_have_value("left")
    expect(page.locator("#preferences-form input[name=noAutoRolls]")).to_be_checked()
    expect(page.locator("#preferences-form select[name=endTurn]")).to_have_value("delay")


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    # The smallest phone held upright that the page promises to fit (an iPhone SE).
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True)
    try:
        yield context.new_page()
    finally:
        context.close()


def test_phone_portrait_puts_the_controls_below_the_board(phone: Page, site: Site) -> None:
    open_match(phone, site, "31")
    board = phone.locator("#board").bounding_box()
    controls = phone.locator("#controls").bounding_box()
    assert board is not None and controls is not None
    assert board["width"] >= 350
    assert controls["y"] >= board["y"] + board["height"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    # A tap is a click: select and play a checker with taps.
    phone.locator("#board .target[data-loc='8']").tap()
    phone.locator("#board .target[data-loc='5']").tap()
    wait_idle(phone)
    expect(phone.locator("#controls button[data-action=undo]")).to_be_enabled()
    screenshot(phone, "phone-portrait")


def test_the_page_works_from_a_sub_path(page: Page, site: Site) -> None:
    with serving(site.dist, base_path="/games/backgammon/") as server:
        page.goto(f"{server.url}?test-dice=31&no-sw&no-welcome")
        wait_for_engine_ready(page)
        wait_idle(page)
        assert phase(page) == "move"
        assert "White to move 3 and 1" in status(page)
        expect(page.locator("#rules-link")).to_have_attribute("href", "tutorial.html")


def test_phone_on_its_side_shows_the_whole_board_at_once(browser: Browser, site: Site) -> None:
    context = browser.new_context(viewport={"width": 667, "height": 375}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        open_match(page, site, "31")
        page.evaluate("document.getElementById('board').scrollIntoView()")
        svg = page.locator("#board svg").bounding_box()
        assert svg is not None
        assert svg["height"] <= 375
        assert page.evaluate("document.documentElement.scrollWidth") <= 667
        # The board is drawn smaller than its box here; taps still land on the right points.
        page.locator("#board .target[data-loc='8']").tap()
        page.locator("#board .target[data-loc='5']").tap()
        wait_idle(page)
        five = page.locator("#board .target[data-loc='5']")
        expect(five).to_have_attribute("aria-label", re.compile("1 white"))
        screenshot(page, "phone-landscape")
    finally:
        context.close()
