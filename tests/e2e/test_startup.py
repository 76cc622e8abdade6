"""The page's start: the worker started ahead of the page's modules and adopted by the bridge, and the
drawing of the start board that build.py puts into index.html for the first frame."""

from __future__ import annotations

from playwright.sync_api import Browser, Page
from scripts.board_snapshot import SNAPSHOT, draw_snapshot

from .conftest import Site, wait_for_engine_ready


def test_saved_start_board_matches_the_board_code(browser: Browser, site: Site) -> None:
    """web/board/start.svg is what web/board/board.js draws now (`python3 scripts/board_snapshot.py` redraws
    it)."""
    assert SNAPSHOT.read_text(encoding="utf-8") == draw_snapshot(browser, site.base_url), (
        "web/board/start.svg is out of date: run `python3 scripts/board_snapshot.py`"
    )


def test_the_first_html_has_the_board_and_the_live_board_replaces_it(page: Page, site: Site) -> None:
    html = page.request.get(site.url()).text()
    assert 'class="bg-board board-snapshot"' in html
    page.goto(site.url("?test-dice=31"))
    wait_for_engine_ready(page)
    boards = page.locator("#board svg")
    assert boards.count() == 1
    assert "board-snapshot" not in (boards.first.get_attribute("class") or "")


def test_one_engine_worker_started_before_the_page_modules(page: Page, site: Site) -> None:
    page.goto(site.url("?test-dice=31,52"))
    wait_for_engine_ready(page)
    engines = [worker for worker in page.workers if "/web/engine/worker.js" in worker.url]
    assert len(engines) == 1, [worker.url for worker in page.workers]
    assert "test-dice=31%2C52" in engines[0].url
    # The early script's worker was taken over by the bridge.
    assert page.evaluate("'backgammonEarlyWorker' in globalThis") is False
    assert page.evaluate("performance.getEntriesByName('engine:requested').length") == 1
