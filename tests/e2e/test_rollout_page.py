"""Rolling out the hint's plays on a pool of engine workers: the same figures with 1 worker or 2, progress
as it runs, the result as GNU Backgammon shows it, *Stop*, and going on after a reload. Tiny rollouts (36
trials cut at 2 or 3 plies): a rollout in Pyodide is slow (docs/performance.md, "Rollout speed")."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from .conftest import Site, screenshot, wait_for_engine_ready
from .match_driver import open_match, wait_idle

# Each pool worker starts its own Pyodide: on a loaded machine that alone can take a minute.
ROLLOUT_TIMEOUT_MS = 400_000
WORKERS_KEY = "backgammon.rollout-workers"
KEPT_KEY = "backgammon.rollout.v1"

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


def roll_out(page: Page, workers: int, trials: str = "36", truncation: str = "2") -> None:
    page.evaluate("([key, n]) => localStorage.setItem(key, n)", [WORKERS_KEY, str(workers)])
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


def test_the_same_figures_with_one_worker_or_two(page: Page, site: Site) -> None:
    open_rollout(page, site)
    # Cut at 3 plies, not 2: with variance reduction the last roll's luck cancels its effect exactly, so at 2
    # plies the figures would depend on the first (rotated) roll alone, not on which dice each trial drew.
    roll_out(page, workers=1, truncation="3")
    one = result_rows(page)
    one_in_full = full_result(page)
    assert isinstance(one_in_full, dict) and one_in_full["trials"] == 36
    progress: list[str] = page.evaluate("window.__rolloutProgress")
    # Progress trial by trial, with the time left once a trial is done, up to the whole.
    assert any(text.startswith("1 of 36 trials") and "left" in text for text in progress), progress
    assert progress[-1] == "36 of 36 trials"
    # The result as gnubg shows it: each side's chances, the equity ± its error, the difference from the best;
    # cubeful by default where the cube can turn (this match's), the cubeless equity beside it.
    assert one[0].split("\t") == [
        "Play",
        "Match winning chances, cubeful",
        "Against the best",
        "Match winning chances, cubeless",
        "Win · gammon · backgammon",
        "Lose · gammon · backgammon",
    ]
    assert all("cubeful_equity" in c for c in one_in_full["candidates"])
    # The equity and the difference from the best show in the panel's column without scrolling sideways.
    panel = page.locator("#rollout-panel").bounding_box()
    against = page.locator("#rollout-figures th:nth-child(3)").bounding_box()
    assert panel and against and against["x"] + against["width"] <= panel["x"] + panel["width"] + 0.5
    assert len(one) == 4  # the heading and three plays
    assert "best" in one[1]
    assert all("±" in row and "significant" in row for row in one[2:])
    expect(page.locator("#rollout-status")).to_have_text("Done: 36 trials.")
    screenshot(page, "rollout-done-desktop")

    roll_out(page, workers=2, truncation="3")
    two = result_rows(page)
    assert two == one
    assert full_result(page) == one_in_full  # to the last bit


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


def test_a_rollout_goes_on_after_a_reload_to_the_same_figures(page: Page, site: Site) -> None:
    open_rollout(page, site)
    roll_out(page, workers=1)
    whole = result_rows(page)
    whole_in_full = full_result(page)
    assert page.evaluate("key => localStorage.getItem(key)", KEPT_KEY) is None  # a finished one is forgotten
    # The same rollout again, cut short by a reload after a few trials.
    roll_out(page, workers=1)
    three_done = "() => Number(document.getElementById('rollout-panel').dataset.done || 0) >= 3"
    page.wait_for_function(three_done, timeout=ROLLOUT_TIMEOUT_MS)
    page.reload()
    wait_for_engine_ready(page)
    wait_idle(page)
    kept = page.evaluate("key => JSON.parse(localStorage.getItem(key)).tally.count", KEPT_KEY)
    assert kept >= 3
    open_panel(page)
    expect(page.locator("#rollout-status")).to_contain_text("of 36 trials were played before")
    expect(page.locator("#rollout-start")).to_have_text("Continue")
    page.click("#rollout-start")
    continued = result_rows(page)
    assert full_result(page) == whole_in_full
    progress: list[str] = page.evaluate("window.__rolloutProgress")
    assert progress[0].startswith(f"{kept} of 36 trials"), progress  # from the kept trials on
    assert continued == whole
