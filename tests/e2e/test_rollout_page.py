"""Rolling out the hint's plays on a pool of engine workers: the same figures with 2 workers, one of them
dying silently, as with 1 worker cut short by a reload and continued; progress as it runs, the result as GNU
Backgammon shows it, *Stop*. Tiny rollouts (12 trials cut at 3 plies, a count the page's list does not offer:
the tests add it): a rollout in Pyodide is slow (docs/performance.md, "Rollout speed"), and each rollout
starts its workers' Pyodide, so one page rolls out twice for all of it."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from .conftest import Site, screenshot, wait_for_engine_ready
from .match_driver import open_match, wait_idle

# Each pool worker starts its own Pyodide: on a loaded machine that alone can take a minute.
ROLLOUT_TIMEOUT_MS = 400_000
WORKERS_KEY = "backgammon.workers"
KEPT_KEY = "backgammon.rollout.v1"

# The fewest trials that still give each of 2 workers several chunks (one trial each:
# web/engine/rollout-run.js) and leave a reload time to come before the end. The page's list starts at 36; the
# tests add this count to it on every load (a kept rollout of 12 trials is shown again after a reload).
SMALL_TRIALS = "12"
OFFER_SMALL_TRIALS = f"""
document.addEventListener("DOMContentLoaded", () => {{
  const trials = document.getElementById("rollout-trials");
  if (trials) trials.prepend(new Option("{SMALL_TRIALS}"));
}});
"""

# Every text the progress line shows, in order, and the pool's size at each start.
RECORD_PROGRESS = """
window.__rolloutProgress = [];
document.addEventListener("DOMContentLoaded", () => {
  const line = document.getElementById("rollout-progress-line");
  if (!line) return;
  new MutationObserver(() => window.__rolloutProgress.push(line.textContent)).observe(
    line, {childList: true, subtree: true, characterData: true});
});
"""


def open_rollout(page: Page, site: Site) -> None:
    page.add_init_script(RECORD_PROGRESS)
    page.add_init_script(OFFER_SMALL_TRIALS)
    open_match(page, site, "31")  # White opens with 3-1
    open_panel(page)


def open_panel(page: Page) -> None:
    if page.locator("#menu-button").is_visible():  # a phone: Hint is in the menu's sheet
        page.click("#menu-button")
    page.click("#hint-button")
    wait_idle(page)
    page.click("#rollout-open")
    expect(page.locator("#rollout-panel")).to_be_visible()
    expect(page.locator("#rollout-what")).to_contain_text("The best 3 plays of 3-1")


def roll_out(page: Page, workers: int, trials: str = SMALL_TRIALS, truncation: str = "3") -> None:
    # The pool's size as a player chooses it in the panel (kept for the next rollouts and deep analyses); the
    # device's own count is offered first (one engine a core but play's: the machine's cores decide it).
    engines = page.locator("#rollout-workers")
    expect(engines.locator("option").first).to_have_text(re.compile(r"^Automatic \([1-4]\)$"))
    engines.select_option(str(workers))
    assert page.evaluate("key => localStorage.getItem(key)", WORKERS_KEY) == str(workers)
    expect(page.locator("#rollout-cubeful")).to_be_checked()  # a match with a live cube
    page.select_option("#rollout-trials", trials)
    page.fill("#rollout-truncation", truncation)
    page.fill("#rollout-seed", "7")
    page.click("#rollout-start")
    expect(page.locator("#rollout-panel")).to_have_attribute("data-state", "running")
    expect(page.locator("#rollout-panel")).to_have_attribute("data-workers", str(workers))


def result_rows(page: Page) -> list[str]:
    expect(page.locator("#rollout-panel")).to_have_attribute("data-state", "done", timeout=ROLLOUT_TIMEOUT_MS)
    rows = page.locator("#rollout-figures tr")
    return [rows.nth(i).inner_text() for i in range(rows.count())]


def full_result(page: Page) -> object:
    """The result's figures in full (the table rounds them)."""
    return json.loads(page.locator("#rollout-figures").get_attribute("data-result") or "null")


DONE_AT_LEAST = "n => Number(document.getElementById('rollout-panel').dataset.done || 0) >= n"


def test_the_same_figures_on_two_workers_one_dying_or_one_worker_and_a_reload(page: Page, site: Site) -> None:
    """Cut at 3 plies, not 2: with variance reduction the last roll's luck cancels its effect exactly, so at
    2 plies the figures would depend on the first (rotated) roll alone, not on which dice each trial drew; a
    trial lost or played twice changes the mean."""
    open_rollout(page, site)
    roll_out(page, workers=2)
    page.wait_for_function(DONE_AT_LEAST, arg=2, timeout=ROLLOUT_TIMEOUT_MS)
    # A pool worker ended without a word (as the browser ends one under memory pressure): no error comes, only
    # silence; the pool's deadline, scaled to the trials it has timed, notices it (web/engine/pool.js).
    assert page.evaluate("backgammonPoolProbe.kill(0)") is True
    # Within 5 minutes, under the watchdog's 10: only the pool's deadline can notice it in time.
    expect(page.locator("#rollout-status")).to_contain_text("An engine stopped", timeout=300_000)
    two = result_rows(page)
    two_in_full = full_result(page)
    panel = page.locator("#rollout-panel")
    assert int(panel.get_attribute("data-restarts") or "0") >= 1
    expect(page.locator("#rollout-status")).to_have_text(
        "Done: 12 trials. An engine stopped and was started again; its trials were played again."
    )
    assert isinstance(two_in_full, dict) and two_in_full["trials"] == 12
    progress: list[str] = page.evaluate("window.__rolloutProgress")
    # Progress trial by trial, with the time left once a trial is done, up to the whole.
    # (on 2 workers the count may step by 2: both workers' trials done within one update)
    under_way = re.compile(r"([1-9]|1[01]) of 12 trials")
    assert any(under_way.match(text) and "left" in text for text in progress), progress
    assert progress[-1] == "12 of 12 trials"
    # The result as gnubg shows it: each side's chances, the equity ± its error, the difference from the best;
    # cubeful by default where the cube can turn (this match's), the cubeless equity beside it.
    assert two[0].split("\t") == [
        "Play",
        "Match winning chances, cubeful",
        "Against the best",
        "Match winning chances, cubeless",
        "Win · gammon · backgammon",
        "Lose · gammon · backgammon",
    ]
    assert all("cubeful_equity" in c for c in two_in_full["candidates"])
    # The equity and the difference from the best show in the panel's column without scrolling sideways.
    box = panel.bounding_box()
    against = page.locator("#rollout-figures th:nth-child(3)").bounding_box()
    assert box and against and against["x"] + against["width"] <= box["x"] + box["width"] + 0.5
    assert len(two) == 4  # the heading and three plays
    assert "best" in two[1]
    assert all("±" in row and "significant" in row for row in two[2:])
    assert page.evaluate("key => localStorage.getItem(key)", KEPT_KEY) is None  # a finished one is forgotten
    screenshot(page, "rollout-done-desktop")

    # The same rollout on 1 worker, cut short by a reload after a few trials and continued: the same figures.
    roll_out(page, workers=1)
    page.wait_for_function(DONE_AT_LEAST, arg=3, timeout=ROLLOUT_TIMEOUT_MS)
    page.reload()
    wait_for_engine_ready(page)
    wait_idle(page)
    kept = page.evaluate("key => JSON.parse(localStorage.getItem(key)).tally.count", KEPT_KEY)
    assert kept >= 3
    open_panel(page)
    expect(page.locator("#rollout-status")).to_contain_text("of 12 trials were played before")
    expect(page.locator("#rollout-start")).to_have_text("Continue")
    page.click("#rollout-start")
    expect(panel).to_have_attribute("data-workers", "1")
    one = result_rows(page)
    assert full_result(page) == two_in_full  # to the last bit
    assert one == two
    assert panel.get_attribute("data-restarts") is None
    expect(page.locator("#rollout-status")).to_have_text("Done: 12 trials.")
    progress = page.evaluate("window.__rolloutProgress")
    assert progress[0].startswith(f"{kept} of 12 trials"), progress  # from the kept trials on


def test_stop_stops_the_rollout(page: Page, site: Site) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_rollout(page, site)
    roll_out(page, workers=1, trials="1296", truncation="2")
    panel = page.locator("#rollout-panel")
    one_done = "() => Number(document.getElementById('rollout-panel').dataset.done || 0) >= 1"
    page.wait_for_function(one_done, timeout=ROLLOUT_TIMEOUT_MS)
    expect(page.locator("#rollout-figures tr")).to_have_count(4)  # the figures so far, per play
    page.click("#rollout-stop")
    expect(panel).to_have_attribute("data-state", "stopped")
    expect(page.locator("#rollout-status")).to_have_text("Stopped.")
    expect(page.locator("#rollout-start")).to_be_visible()
    done = panel.get_attribute("data-done")
    # The pool is closed: no trial is added afterwards (a worker still running would add one within seconds).
    page.wait_for_timeout(4_000)
    assert panel.get_attribute("data-done") == done
    panel.scroll_into_view_if_needed()
    screenshot(page, "rollout-stopped-phone", full_page=False)
