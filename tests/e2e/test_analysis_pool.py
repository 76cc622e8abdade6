"""The deep analysis (depth 2) shared among the pool's engine workers, never play's: a whole analysis on 2
workers, progress as it runs, the game answered meanwhile, the pool closed at the end; Cancel closes the pool.
The same analysis with 1 worker or 2 is checked where it is cheap: the parts merged in the core's order
whoever judged them (tests/units/test_analysis_pool_units.py) and a match judged in parts the match judged
whole (tests/core/test_analysis_parts.py); one deep analysis in the page is minutes on a loaded machine."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import Site, screenshot
from .match_driver import wait_idle
from .test_review import analyse, open_saved, stored_analysis

WORKERS_KEY = "backgammon.workers"
# Two engines' Pyodide started on a loaded machine, then 2-ply looks of seconds each.
DEEP_TIMEOUT_MS = 600_000


def api_call(method: str, params: dict[str, Any]) -> dict[str, Any]:
    from backgammon import api

    answer: dict[str, Any] = api.call(method, params)
    return answer


def short_match() -> dict[str, Any]:
    """A 3-point match, two short games each ended by a resignation, and a third one begun: few decisions (the
    deep analysis takes seconds a decision in the page), in more than one part (a part never spans two games),
    and a match still going on, so that the game can be played while the analysis runs."""
    api_call("new_match", {"settings": {"match_length": 3}})
    for opening, reply in (([3, 1], [6, 4]), ([4, 2], [5, 3])):
        api_call("act", {"action": {"type": "roll", "dice": opening}})
        for _ in range(2):  # the opener's play, then the other's roll and play, each the computer's choice
            for _ in range(8):
                view = api_call("view", {})["view"]
                if view["phase"] != "move":
                    break
                action = api_call("bot_action", {"level": "beginner"})["action"]
                api_call("act", {"action": action})
            if api_call("view", {})["view"]["phase"] == "roll":
                api_call("act", {"action": {"type": "roll", "dice": reply}})
        api_call("act", {"action": {"type": "resign", "kind": "single"}})
        api_call("act", {"action": {"type": "accept_resign"}})
        api_call("act", {"action": {"type": "next_game"}})
    record: dict[str, Any] = api_call("view", {})["record"]
    return record


def wait_analysis(page: Page, state: str = "done") -> None:
    """The analysis ended (test_review's, with the time a deep one needs on a loaded machine)."""
    ended = "html[data-analysis='done'], html[data-analysis='failed'], html[data-analysis='cancelled']"
    page.wait_for_selector(ended, state="attached", timeout=DEEP_TIMEOUT_MS)
    shown = page.get_attribute("html", "data-analysis")
    assert shown == state, (shown, page.inner_text("#analysis-note"), page.evaluate("window.__progress"))


def pool_workers(page: Page) -> int:
    return sum("pool=1" in worker.url for worker in page.workers)


def expect_no_pool(page: Page) -> None:
    """The pool's workers are gone (Playwright hears of a worker's end a moment after it is terminated)."""
    for _ in range(50):
        if pool_workers(page) == 0:
            return
        page.wait_for_timeout(200)
    assert pool_workers(page) == 0, [worker.url for worker in page.workers]


def test_a_deep_analysis_on_two_workers_leaves_play_free(page: Page, site: Site) -> None:
    record = short_match()
    open_saved(page, site, record, depth=2)
    page.click("#review-button")
    expect(page.locator("#review-panel")).to_be_visible()
    page.evaluate("([key, n]) => localStorage.setItem(key, n)", [WORKERS_KEY, "2"])
    page.evaluate("window.__progress = []")
    analyse(page, depth=2)
    expect(page.locator("html")).to_have_attribute("data-analysis-workers", "2")
    page.wait_for_function(
        "() => window.__progress.some((t) => / by 2 engines$/.test(t))", timeout=DEEP_TIMEOUT_MS
    )
    # The work is on the pool's two workers, play's worker apart: back to the game, it answers a hint
    # meanwhile.
    assert pool_workers(page) == 2
    page.click("#review-close")
    expect(page.locator("#review-panel")).to_be_hidden()
    if page.get_attribute("html", "data-analysis") == "background":
        expect(page.locator("#review-button")).to_have_text(re.compile(r"analysing, \d+%"))
        if page.locator("#menu-button").is_visible():
            page.click("#menu-button")
        page.click("#hint-button")
        # Play's worker shares the machine's cores with the pool's two: on a loaded machine the expert's hint
        # can take minutes (at a load of 15 it took more than two); it must answer, before or after the end.
        expect(page.locator("#hint-panel")).to_contain_text("Hint", timeout=DEEP_TIMEOUT_MS)
        still = page.get_attribute("html", "data-analysis")
        print(f"the hint answered while the analysis was {still}")
    page.wait_for_selector(
        "html[data-analysis='background-done'], html[data-analysis='done']",
        state="attached",
        timeout=DEEP_TIMEOUT_MS,
    )
    wait_idle(page)
    two = stored_analysis(page)["entries"][0]["analysis"]
    assert two["depth"] == 2 and two["complete"]
    assert len(two["games"]) >= 2  # more than one part
    # Progress in review counted every part's decisions (in the background it is on the review button).
    total = sum(len(g["decisions"]) for g in two["games"])
    progress: list[str] = page.evaluate("window.__progress")
    counts = [int(m.group(1)) for t in progress if (m := re.match(r"(\d+) of \d+ decisions judged", t))]
    assert counts and counts == sorted(counts), progress
    judged = [t for t in progress if " of " in t]
    assert all(t.endswith(f" of {total} decisions judged by 2 engines") for t in judged), progress
    expect_no_pool(page)
    page.click("#review-button")
    wait_analysis(page)
    screenshot(page, "analysis-pool-desktop")


def test_cancelling_a_deep_analysis_closes_the_pool(page: Page, site: Site) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_saved(page, site, short_match(), depth=2)
    page.evaluate("([key, n]) => localStorage.setItem(key, n)", [WORKERS_KEY, "2"])
    page.click("#menu-button")  # on a phone the page's commands are in the menu
    page.click("#review-button")
    analyse(page, depth=2)
    expect(page.locator("#analysis-count")).to_contain_text("Starting 2 engines for the deep analysis")
    page.wait_for_function(
        "() => window.__progress.some((t) => / by 2 engines$/.test(t))", timeout=DEEP_TIMEOUT_MS
    )
    screenshot(page, "analysis-pool-running-phone", full_page=False)
    page.click("#analysis-cancel")
    wait_analysis(page, "cancelled")
    expect(page.locator("#analysis-note")).to_contain_text("Analysis cancelled")
    expect_no_pool(page)
