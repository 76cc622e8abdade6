"""The history of finished matches: every match that ends is added (opponent, level, length, score, winner,
date, games), kept in the browser's storage with a version, exportable as a file; unreadable history is kept
aside under a backup key and said in plain words, never dropped. Matches are finished quickly by resigning."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import Site
from .match_driver import button, open_match, wait_idle
from .stored import store_text, stored_items, stored_text

HISTORY_KEY = "backgammon-test.history.v1"


def start_match(page: Page, *, opponent: str, length: int, level: str = "intermediate") -> None:
    page.click("#new-match-button")
    form = page.locator("#new-match-form")
    form.locator("select[name=opponent]").select_option(opponent)
    if opponent == "computer":
        form.locator("select[name=level]").select_option(level)
    form.locator("input[name=kind][value=match]").check()
    form.locator("input[name=length]").fill(str(length))
    form.locator("button[value=start]").click()
    wait_idle(page)


def resign(page: Page, kind: str = "single", *, accept_by_hand: bool = False) -> None:
    """The player on roll offers to resign; the computer answers by itself, a person by the Accept button."""
    page.click("#resign-button")
    page.locator(f"#resign-dialog button[value={kind}]").click()
    wait_idle(page)
    if accept_by_hand:
        button(page, "accept_resign").click()
    page.wait_for_selector("html[data-phase='match_over'][data-idle='true']", state="attached")


def history(page: Page) -> dict[str, Any]:
    text = stored_text(page, HISTORY_KEY)
    assert text, "no history saved"
    data: dict[str, Any] = json.loads(text)
    return data


def finish_two_matches(page: Page, site: Site) -> None:
    """A 1-point match lost to the beginner (a gammon resigned), then a 3-point match between two people that
    White wins when Black resigns a backgammon (worth the match)."""
    # Openings: the page's first match, then 3-1 for White in each new match.
    open_match(page, site, "31,31,13")
    start_match(page, opponent="computer", length=1, level="beginner")
    resign(page, "gammon")
    start_match(page, opponent="human", length=3)
    resign(page, "backgammon", accept_by_hand=True)  # 1-3: Black is on roll and resigns


def test_each_finished_match_is_added_to_the_history(page: Page, site: Site) -> None:
    finish_two_matches(page, site)
    data = history(page)
    assert data["format"] == "backgammon-history" and data["version"] == 1
    first, second = data["entries"]
    assert first["opponent"] == {"kind": "computer", "level": "beginner"}
    assert first["matchLength"] == 1 and first["you"] == 0 and first["winner"] == 1
    assert first["score"] == [0, 2]
    assert first["games"] == [{"winner": 1, "points": 2, "kind": "gammon", "ending": "resigned"}]
    assert first["analysis"] is None and first["fromSetup"] is False
    assert first["finishedAt"] <= second["finishedAt"]
    assert second["opponent"] == {"kind": "human"}
    assert second["matchLength"] == 3 and second["winner"] == 0 and second["score"] == [3, 0]
    assert second["games"][0]["kind"] == "backgammon"
    assert [p["name"] for p in second["players"]] == ["White", "Black"]


def test_the_history_downloads_as_a_json_file(page: Page, site: Site) -> None:
    finish_two_matches(page, site)
    page.click("#match-file-button")
    with page.expect_download() as download_info:
        page.click("#export-history")
    download = download_info.value
    assert download.suggested_filename == "backgammon-history.json"
    exported = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert exported["format"] == "backgammon-history"
    assert exported["entries"] == history(page)["entries"]


def test_an_unreadable_history_is_kept_aside_and_said(page: Page, site: Site) -> None:
    open_match(page, site, "31,31")
    broken = '{"format": "backgammon-history", "version": 1, "entries": [trunc'
    store_text(page, HISTORY_KEY, broken)
    start_match(page, opponent="computer", length=1, level="beginner")
    resign(page, "single")
    notice = page.locator("#notice-text")
    expect(notice).to_contain_text("Your match history could not be read (it is not valid JSON)")
    expect(notice).to_contain_text("Nothing was deleted")
    backups = stored_items(page, HISTORY_KEY + ".backup.")
    assert list(backups.values()) == [broken]
    assert next(iter(backups)) in notice.inner_text()
    # The match just finished starts the new history.
    assert len(history(page)["entries"]) == 1


def test_a_history_from_a_newer_version_is_kept_aside(page: Page, site: Site) -> None:
    open_match(page, site, "31,31")
    future = json.dumps({"format": "backgammon-history", "version": 9, "entries": []})
    store_text(page, HISTORY_KEY, future)
    start_match(page, opponent="computer", length=1, level="beginner")
    resign(page, "single")
    expect(page.locator("#notice-text")).to_contain_text("newer version of this game (history version 9)")
    assert future in stored_items(page, HISTORY_KEY).values()


def test_the_analysis_of_a_finished_match_joins_its_history_entry(page: Page, site: Site) -> None:
    open_match(page, site, "31,31")
    start_match(page, opponent="computer", length=1, level="beginner")
    page.click("#board .target[data-loc='8']")
    page.click("#board .target[data-loc='5']")
    wait_idle(page)
    resign(page, "single")
    assert history(page)["entries"][0]["analysis"] is None
    page.click("#result-analyse")
    page.wait_for_selector("html[data-analysis='done']", state="attached", timeout=60_000)
    analysis = history(page)["entries"][0]["analysis"]
    assert analysis is not None and len(analysis["players"]) == 2
    assert set(analysis["players"][0]) == {
        "overall_error_rate",
        "chequer_error_rate",
        "cube_error_rate",
        "pr",
        "rating",
        "unforced_moves",
        "close_cube_decisions",
    }
