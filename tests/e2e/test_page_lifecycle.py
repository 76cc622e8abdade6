"""The page's life outside plain play: restored from the back/forward cache, frozen in the background,
the clock jumping. Each time the match shown is the latest one saved, the engine answers without a needless
restart, and nothing is logged as an error.

Playwright starts Chromium with the back/forward cache switched off; the first test starts one with it on."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect

from .conftest import TEST_CHROMIUM_ARGS, PageProblems, Site, launched_chromium, watch_problems
from .match_driver import (
    click_move,
    open_match,
    position_id,
    saved_record,
    wait_idle,
)

#: Longer than the watchdog's heartbeat and its ping's budget together (web/engine/bridge.js: 2 s + 3 s).
FROZEN_MS = 7_000


@pytest.fixture(scope="module")
def cached_browser(playwright_instance: Playwright) -> Iterator[Browser]:
    """Chromium with its back/forward cache, as players have it."""
    with launched_chromium(
        playwright_instance, TEST_CHROMIUM_ARGS, ignore_default_args=["--disable-back-forward-cache"]
    ) as browser:
        yield browser


def second_tab(context: BrowserContext, site: Site, dice: str) -> tuple[Page, PageProblems]:
    other = context.new_page()
    problems = watch_problems(other)
    open_match(other, site, dice)
    return other, problems


def assert_no_restart(page: Page) -> None:
    assert page.get_attribute("html", "data-engine-restarts") is None
    assert page.get_attribute("html", "data-engine") == "ready"


def test_a_page_back_from_the_cache_shows_what_another_tab_saved_meanwhile(
    cached_browser: Browser, site: Site, page_problems: PageProblems
) -> None:
    context = cached_browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        watched = watch_problems(page)
        page_problems.console_errors, page_problems.page_errors = watched.console_errors, watched.page_errors
        open_match(page, site, "31,52")
        # The match page goes into the back/forward cache. (A page that installs the offline copy would take
        # it out again: a service worker claiming its pages evicts them; that happens once, on a first visit.)
        page.goto(site.url("tutorial.html?no-sw"))

        other, other_problems = second_tab(context, site, "31,52")
        click_move(other, 8, 5)  # another tab plays on meanwhile
        moved = position_id(other)
        other.close()

        page.go_back(wait_until="commit")  # no load event: the page comes back as it was left
        page.wait_for_selector("html[data-restored-from-cache='1']", state="attached", timeout=10_000)
        wait_idle(page)
        assert position_id(page) == moved
        expect(page.locator("#notice")).to_contain_text("changed in another tab")
        click_move(page, 6, 5)  # and play goes on from there, with the worker that was cached with the page
        assert [a for a in saved_record(page)["games"][-1]["actions"] if a["type"] == "move"] == [
            {"type": "move", "from": 8, "to": 5},
            {"type": "move", "from": 6, "to": 5},
        ]
        assert_no_restart(page)
        assert other_problems.all == []
    finally:
        context.close()


def test_a_frozen_page_catches_up_and_keeps_its_engine(
    page: Page, site: Site, context: BrowserContext
) -> None:
    open_match(page, site, "31,52")
    cdp = context.new_cdp_session(page)
    # As Chromium freezes a tab long in the background.
    cdp.send("Page.setWebLifecycleState", {"state": "frozen"})

    other, other_problems = second_tab(context, site, "31,52")
    click_move(other, 8, 5)
    moved = position_id(other)
    other.wait_for_timeout(FROZEN_MS)
    other.close()

    cdp.send("Page.setWebLifecycleState", {"state": "active"})
    page.wait_for_function(f"() => document.getElementById('position-id').textContent.trim() === '{moved}'")
    wait_idle(page)
    page.wait_for_timeout(FROZEN_MS)  # long enough for a false alarm of the watchdog to show
    assert_no_restart(page)
    click_move(page, 6, 5)
    assert_no_restart(page)
    assert other_problems.all == []


def test_the_clock_jumping_forward_and_back_changes_nothing(page: Page, site: Site) -> None:
    page.clock.install()
    page.clock.resume()  # time flows as usual, until the jumps below
    open_match(page, site, "31,52")
    page.clock.fast_forward("02:00:00")  # a computer woken after two hours asleep
    click_move(page, 8, 5)
    page.clock.set_system_time("2020-01-01T00:00:00Z")  # the clock set back by years
    page.clock.resume()
    click_move(page, 6, 5)
    page.wait_for_timeout(FROZEN_MS)
    assert_no_restart(page)
    moves = [a for a in saved_record(page)["games"][-1]["actions"] if a["type"] == "move"]
    assert moves == [{"type": "move", "from": 8, "to": 5}, {"type": "move", "from": 6, "to": 5}]
