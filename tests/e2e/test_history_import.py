"""Importing a history of finished matches (a player moving to a new device): the file the game exports is
read strictly, its matches join the history without duplicates (a match is the same when its id, the
fingerprint of its whole finished record, is), the player is told how many were added; a corrupt or foreign
file is refused in plain words and changes nothing. From the statistics view and from Save / load."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import PageProblems, Site, watch_problems
from .match_driver import open_match
from .stored import stored_text
from .test_axe import audit
from .test_history import HISTORY_KEY, finish_two_matches, resign, start_match


@pytest.fixture
def exported(page: Page, site: Site, tmp_path: Path) -> Path:
    """The history file the game downloads after two finished matches (1-point against the beginner, lost;
    3-point between two people, won by White)."""
    finish_two_matches(page, site)
    page.click("#match-file-button")
    with page.expect_download() as download_info:
        page.click("#export-history")
    page.keyboard.press("Escape")
    path = tmp_path / "backgammon-history.json"
    download_info.value.save_as(path)
    return path


@pytest.fixture
def new_device(browser: Browser, site: Site) -> Iterator[Page]:
    """Another browser profile: nothing of the first one's storage."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    problems = watch_problems(page)
    try:
        yield page
        assert problems.all == [], f"the page reported problems: {problems.all}"
    finally:
        context.close()


def stored(page: Page) -> str | None:
    return stored_text(page, HISTORY_KEY)


def entries(page: Page) -> list[dict[str, Any]]:
    text = stored(page)
    assert text, "no history saved"
    found: list[dict[str, Any]] = json.loads(text)["entries"]
    return found


def import_in_statistics(page: Page, path: Path) -> str:
    """Open the statistics, choose the file, and return what the page says."""
    if not page.locator("#stats-dialog").is_visible():
        page.click("#stats-button")
        # Shown once its file input is listened to (web/home/statsview.js opens the dialog last).
        expect(page.locator("#stats-dialog")).to_be_visible()
    result = page.locator("#stats-import-result")
    page.evaluate("document.getElementById('stats-import-result').textContent = ''")
    page.set_input_files("#stats-import", str(path))
    expect(result).not_to_be_empty()
    return result.inner_text()


def test_a_history_moves_to_a_new_device_once(
    exported: Path, page: Page, new_device: Page, site: Site, page_problems: PageProblems
) -> None:
    original = entries(page)
    file = json.loads(exported.read_text(encoding="utf-8"))
    assert file["format"] == "backgammon-history" and file["entries"] == original
    # The new device has a match of its own (finished after them): the file's matches join it, in time order.
    open_match(new_device, site, "31,31")
    start_match(new_device, opponent="computer", length=1, level="expert")
    resign(new_device, "single")
    assert stored(new_device) is not None  # the page is idle only once the finished match is in the history
    own = entries(new_device)
    assert len(own) == 1
    said = import_in_statistics(new_device, exported)
    assert said == "2 matches were added to your history."
    merged = entries(new_device)
    assert merged == sorted(own + original, key=lambda e: e["finishedAt"])
    assert [e["finishedAt"] for e in merged] == sorted(e["finishedAt"] for e in merged)
    # The view is drawn again with the three.
    rows = {
        row.locator("th").inner_text(): row.locator("td").first.inner_text()
        for row in new_device.locator("#stats-dialog table.stats-table:not(details table) tbody tr").all()
    }
    assert rows["All matches"] == "1"  # matches won: the 3-point match between two people
    expect(new_device.locator("#stats-body")).to_contain_text("Computer, beginner")
    expect(new_device.locator("#stats-body")).to_contain_text("Computer, expert")
    audit(new_device, "the statistics view after an import")
    # The same file again: nothing is added twice.
    before = stored(new_device)
    said = import_in_statistics(new_device, exported)
    assert said == "No match was added to your history; 2 matches of the file were already there."
    assert stored(new_device) == before
    # And back on the first device, its own file adds nothing either.
    said = import_in_statistics(page, exported)
    assert said == "No match was added to your history; 2 matches of the file were already there."
    assert entries(page) == original


def test_an_analysis_in_the_file_joins_a_match_already_there(
    exported: Path, page: Page, tmp_path: Path
) -> None:
    file = json.loads(exported.read_text(encoding="utf-8"))
    figures = {
        "overall_error_rate": 12.5,
        "chequer_error_rate": 11.0,
        "cube_error_rate": 1.5,
        "pr": 6.1,
        "rating": "Casual player",
    }
    file["entries"][0]["analysis"] = {"depth": 1, "players": [figures, figures]}
    analysed = tmp_path / "analysed.json"
    analysed.write_text(json.dumps(file), encoding="utf-8")
    said = import_in_statistics(page, analysed)
    assert said == (
        "No match was added to your history; 2 matches of the file were already there;"
        " the analysis of 1 match was added."
    )
    assert entries(page)[0]["analysis"] == {"depth": 1, "players": [figures, figures]}
    expect(page.locator("#stats-errors")).to_contain_text("Average error rate in 1 analysed match")


# Each a file made from the real export, and what the page says of it.
WRONG_FILES: list[tuple[str, Callable[[str], str], str]] = [
    (
        "cut short",
        lambda text: text[: len(text) // 2],
        "it is not valid JSON (it may be cut short or damaged)",
    ),
    ("empty", lambda text: "", "it is not valid JSON (it may be cut short or damaged)"),
    (
        "not ours",
        lambda text: json.dumps({"entries": []}),
        "it is not a history of matches saved by this game",
    ),
    (
        "a match",
        lambda text: json.dumps({"format": "backgammon-match", "schema": 1, "games": []}),
        "it is a match, not a history (open it with Open a match, in Save / load)",
    ),
    (
        "newer",
        lambda text: json.dumps({**json.loads(text), "version": 2}),
        "it was written by a newer version of this game (history version 2)",
    ),
    (
        "no list",
        lambda text: json.dumps({**json.loads(text), "entries": {}}),
        "it has no list of matches in it",
    ),
]

# One field of the file's second match damaged, and the reason given.
DAMAGED_MATCHES: list[tuple[str, Any, str]] = [
    ("score", [3], "its score is missing or wrong"),
    ("winner", 2, "its winner is missing"),
    ("finishedAt", "yesterday", "its date is missing or wrong"),
    ("id", None, "its identity is missing"),
    (
        "games",
        [{"winner": 0, "points": 1, "kind": "triple", "ending": "resigned"}],
        "its games are missing or wrong",
    ),
    ("players", [{"name": "White", "kind": "human"}], "its players are missing or wrong"),
]


def test_a_wrong_or_corrupt_file_is_refused_and_changes_nothing(
    exported: Path, page: Page, tmp_path: Path
) -> None:
    before = stored(page)
    text = exported.read_text(encoding="utf-8")
    for name, damage, said in WRONG_FILES:
        bad = tmp_path / f"{name}.json"
        bad.write_text(damage(text), encoding="utf-8")
        assert import_in_statistics(page, bad) == (
            f"This file cannot be added to your history: {said}. Your history is unchanged."
        ), name
        assert stored(page) == before, name


def test_one_damaged_match_refuses_the_whole_file(
    exported: Path, new_device: Page, site: Site, tmp_path: Path
) -> None:
    open_match(new_device, site, "31")
    for field, value, why in DAMAGED_MATCHES:
        file = json.loads(exported.read_text(encoding="utf-8"))
        file["entries"][1][field] = value
        bad = tmp_path / f"damaged-{field}.json"
        bad.write_text(json.dumps(file), encoding="utf-8")
        assert import_in_statistics(new_device, bad) == (
            f"This file cannot be added to your history: match 2 of 2 in it is damaged ({why})."
            " Your history is unchanged."
        ), field
        assert stored(new_device) is None, field  # not even the good first match
    expect(new_device.locator("#stats-body")).to_contain_text("No finished match yet")


def test_the_history_imports_from_save_and_load_too(exported: Path, new_device: Page, site: Site) -> None:
    open_match(new_device, site, "31")
    new_device.click("#match-file-button")
    new_device.set_input_files("#import-history", str(exported))
    result = new_device.locator("#import-history-result")
    expect(result).to_have_text("2 matches were added to your history.")
    assert len(entries(new_device)) == 2
    new_device.keyboard.press("Escape")
    new_device.click("#match-file-button")
    expect(result).to_be_empty()  # said once
