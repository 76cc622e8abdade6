"""The statistics view: after two finished matches against the computer, the results per level, the gammons
and backgammons, and the rating on the FIBS formula (a chart with a table of the same figures); an unreadable
history is said there and kept; the view passes the accessibility audit."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import Site
from .match_driver import open_match
from .stored import store_text, stored_items
from .test_axe import audit
from .test_history import HISTORY_KEY, resign, start_match


def fibs_change(rating: float, opponent: float, length: int, experience: int, won: bool) -> float:
    """FIBS's `help formula`, written out again here for the expected figures."""
    upset = 1 / (10 ** (abs(rating - opponent) * math.sqrt(length) / 2000) + 1)
    underdog_won = rating < opponent if won else opponent < rating
    p = 1 - upset if underdog_won else upset
    k = max(1, -experience / 100 + 5)
    return (1 if won else -1) * 4 * k * math.sqrt(length) * p


def open_statistics(page: Page) -> None:
    page.click("#stats-button")
    expect(page.locator("#stats-dialog")).to_be_visible()


def test_history_and_rating_after_two_finished_matches(
    page: Page, site: Site, take_screenshot: Callable[[Page, str], Path]
) -> None:
    # Openings: the page's first match, then 3-1 for White in each new match; White resigns both.
    open_match(page, site, "31,31,31")
    start_match(page, opponent="computer", length=1, level="beginner")
    resign(page, "gammon")  # lost 0-2 (a gammon)
    start_match(page, opponent="computer", length=3, level="expert")
    resign(page, "backgammon")  # lost 0-3 (a backgammon)
    open_statistics(page)
    dialog = page.locator("#stats-dialog")
    # 1500 loses a 1-point match to the beginner (1400), experience 0; then a 3-point match to the expert
    # (1800), experience 1.
    first = 1500 + fibs_change(1500, 1400, 1, 0, False)
    second = first + fibs_change(first, 1800, 3, 1, False)
    expect(page.locator("#stats-rating")).to_contain_text(f"Rating {second:.1f}")
    expect(page.locator("#stats-rating")).to_contain_text("2 rated matches, experience 4")
    rows = {
        row.locator("th").inner_text(): [int(cell) for cell in row.locator("td").all_inner_texts()]
        for row in dialog.locator("table.stats-table:not(details table) tbody tr").all()
    }
    # Matches won, lost; games won, lost; gammons won, lost; backgammons won, lost.
    assert rows == {
        "Computer, beginner": [0, 1, 0, 1, 0, 1, 0, 0],
        "Computer, expert": [0, 1, 0, 1, 0, 0, 0, 1],
        "All matches": [0, 2, 0, 2, 0, 1, 0, 1],
    }
    expect(page.locator("#stats-errors")).to_contain_text("No finished match analysed yet")
    # The chart: the start and a point per rated match, and its name says what it shows.
    chart = dialog.locator("svg.stats-chart")
    expect(chart.locator("circle")).to_have_count(3)
    expect(chart.locator("title")).to_contain_text(f"from 1500 to {second:.1f}")
    # The table alternative holds each value.
    dialog.locator("details summary").click()
    table = dialog.locator("details table tbody tr")
    expect(table).to_have_count(2)
    expect(table.nth(0)).to_contain_text(f"{first:.1f}")
    expect(table.nth(0)).to_contain_text("computer, beginner")
    expect(table.nth(0)).to_contain_text(f"\N{MINUS SIGN}{abs(first - 1500):.1f}")
    expect(table.nth(1)).to_contain_text(f"{second:.1f}")
    expect(table.nth(1)).to_contain_text("lost 0–3")
    take_screenshot(page, "statistics")
    audit(page, "the statistics view")
    # The history downloads from here too.
    with page.expect_download() as download_info:
        page.click("#stats-export")
    exported = json.loads(Path(download_info.value.path()).read_text(encoding="utf-8"))
    assert len(exported["entries"]) == 2
    page.locator("#stats-dialog button[value=close]").click()
    expect(page.locator("#stats-dialog")).to_be_hidden()


def test_statistics_say_when_the_history_could_not_be_read_and_keep_it(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    broken = "not a history"
    store_text(page, HISTORY_KEY, broken)
    open_statistics(page)
    problem = page.locator("#stats-problem")
    expect(problem).to_contain_text("Your match history could not be read (it is not valid JSON)")
    backups = stored_items(page, HISTORY_KEY + ".backup.")
    assert list(backups.values()) == [broken]
    assert next(iter(backups)) in problem.inner_text()
    expect(page.locator("#stats-dialog")).to_contain_text("No finished match yet")


def test_statistics_with_no_finished_match(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    open_statistics(page)
    expect(page.locator("#stats-body")).to_have_text(
        "No finished match yet. Every match you finish on this device is counted here."
    )
    audit(page, "the statistics view with no match yet")
