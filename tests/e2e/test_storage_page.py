"""The saved match: a reload restores exactly the same state, bad saved data is reported and kept, two tabs do
not overwrite each other, files import and export, and test mode never touches a real match."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from backgammon.position import Position

from .conftest import PageProblems, Site, screenshot, wait_for_engine_ready
from .match_driver import (
    MATCH_KEY,
    button,
    click_move,
    open_match,
    phase,
    position_id,
    press_done,
    saved_record,
    status,
    wait_idle,
)
from .stored import store_text, stored_items, stored_text

REAL_KEY = "backgammon.match.v1"


def reload(page: Page) -> None:
    page.reload()
    wait_for_engine_ready(page)
    wait_idle(page)


def test_reload_mid_turn_keeps_the_dice_and_the_moves_made(page: Page, site: Site) -> None:
    open_match(page, site, "31,52")
    click_move(page, 8, 5)
    before = position_id(page)
    assert before != Position.start().id
    record = saved_record(page)
    reload(page)
    # Same dice (the script's next roll, 5-2, was not used), the same checker already moved, still undoable.
    assert "White to move 3 and 1" in status(page)
    assert position_id(page) == before
    expect(button(page, "undo")).to_be_enabled()
    assert saved_record(page) == record
    click_move(page, 6, 5)
    press_done(page)
    assert phase(page) == "roll"


def put_saved_text(page: Page, site: Site, text: str) -> None:
    """Write raw text under the test namespace's key, as if an older or broken page had saved it."""
    open_match(page, site, "31")
    store_text(page, MATCH_KEY, text)


def backups(page: Page) -> dict[str, str]:
    return stored_items(page, MATCH_KEY + ".backup.")


def test_corrupt_saved_match_is_reported_and_kept(page: Page, site: Site) -> None:
    put_saved_text(page, site, "{this is not json")
    reload(page)
    dialog = page.locator("#message-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("could not be opened")
    expect(dialog).to_contain_text("Nothing was deleted")
    assert list(backups(page).values()) == ["{this is not json"]
    screenshot(page, "storage-corrupt")
    dialog.locator("button").click()
    # A new match is on; the board can be played.
    assert phase(page) in ("move", "opening", "roll")


def test_future_version_is_reported_and_kept(page: Page, site: Site) -> None:
    future = json.dumps(
        {"format": "backgammon-match", "version": 99, "revision": 1, "record": {"schema": 99}}
    )
    put_saved_text(page, site, future)
    reload(page)
    expect(page.locator("#message-dialog")).to_contain_text("newer version")
    assert future in backups(page).values()


def test_data_written_by_something_else_is_reported_and_kept(page: Page, site: Site) -> None:
    foreign = json.dumps({"board": "chess", "moves": ["e4", "e5"]})
    put_saved_text(page, site, foreign)
    reload(page)
    expect(page.locator("#message-dialog")).to_contain_text("not written by this game")
    assert foreign in backups(page).values()


def test_record_that_does_not_replay_is_reported_and_kept(
    page: Page, site: Site, page_problems: PageProblems
) -> None:
    page_problems.expect(r"^ApiError: This is not a backgammon match record of this game")
    broken = json.dumps(
        {
            "format": "backgammon-match",
            "version": 1,
            "revision": 3,
            "record": {"schema": 1, "games": "nonsense"},
        }
    )
    put_saved_text(page, site, broken)
    reload(page)
    expect(page.locator("#message-dialog")).to_contain_text("could not be opened")
    assert broken in backups(page).values()


def test_two_tabs_adopt_each_others_progress(context: BrowserContext, site: Site) -> None:
    first = context.new_page()
    open_match(first, site, "31,52")
    second = context.new_page()
    second.goto(site.url("?test-dice=52&no-sw"))
    wait_for_engine_ready(second)
    wait_idle(second)
    # The second tab opened the saved match: the same position, and it did not roll again.
    assert position_id(second) == position_id(first)
    click_move(second, 8, 5)
    # The first tab hears of it and shows the newer state instead of overwriting it later.
    expect(first.locator("#position-id")).to_have_text(position_id(second))
    expect(first.locator("#notice")).to_contain_text("another tab")
    click_move(first, 6, 5)
    press_done(first)
    expect(second.locator("#position-id")).to_have_text(position_id(first))
    assert phase(second) == "roll"


def test_test_mode_never_touches_the_real_match(page: Page, site: Site) -> None:
    page.goto(site.url("tutorial.html"))
    page.evaluate("key => localStorage.setItem(key, 'the real match')", REAL_KEY)
    open_match(page, site, "31")
    click_move(page, 8, 5)
    assert page.evaluate("key => localStorage.getItem(key)", REAL_KEY) == "the real match"
    assert stored_text(page, REAL_KEY) is None  # nor moved into the page's own storage


def test_export_and_import_a_match_file(page: Page, site: Site, tmp_path: Path) -> None:
    open_match(page, site, "31")
    click_move(page, 8, 5)
    before = position_id(page)
    page.click("#match-file-button")
    with page.expect_download() as download:
        page.click("#export-json")
    saved = tmp_path / "match.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text())["schema"] == 1
    page.click("#file-dialog button[value=close]")
    page.click("#controls button[data-action=undo]")
    wait_idle(page)
    assert position_id(page) != before
    page.click("#match-file-button")
    page.set_input_files("#import-file", str(saved))
    wait_idle(page)
    expect(page.locator("#file-dialog")).to_be_hidden()
    assert position_id(page) == before


def test_importing_a_bad_file_says_so_and_keeps_the_match(page: Page, site: Site, tmp_path: Path) -> None:
    open_match(page, site, "31")
    click_move(page, 8, 5)
    before = position_id(page)
    for name, text in [("notes.json", "hello"), ("other.json", '{"schema": 1, "games": 7}')]:
        bad = tmp_path / name
        bad.write_text(text)
        page.click("#match-file-button")
        page.set_input_files("#import-file", str(bad))
        wait_idle(page)
        error = page.locator("#file-dialog [data-role=error]")
        expect(error).to_contain_text("current match is unchanged")
        page.click("#file-dialog button[value=close]")
        assert position_id(page) == before
    # The worker still holds the current match: play goes on.
    click_move(page, 6, 5)
    press_done(page)
    assert phase(page) == "roll"


def test_mat_export_names_the_players(page: Page, site: Site, tmp_path: Path) -> None:
    open_match(page, site, "31")
    click_move(page, 8, 5)
    click_move(page, 6, 5)
    press_done(page)
    page.click("#match-file-button")
    with page.expect_download() as download:
        page.click("#export-mat")
    path = tmp_path / "match.mat"
    download.value.save_as(path)
    text = path.read_text()
    assert re.search(r"5 point match", text)
    assert "8/5 6/5" in text


def test_a_match_from_a_set_up_position_exports_as_sgf_and_says_why_not_as_mat(
    page: Page, site: Site, tmp_path: Path, page_problems: PageProblems
) -> None:
    from backgammon import api

    record = api.call("setup", {"position_id": "4HPwATDgc/ABMA", "match_id": "cAkAAAAAAAAA"})["record"]
    open_match(page, site, "31")
    envelope = {"format": "backgammon-match", "version": 1, "revision": 9, "savedAt": "", "tab": "x"}
    envelope["record"] = record
    store_text(page, MATCH_KEY, json.dumps(envelope))
    reload(page)
    page.click("#match-file-button")
    page.click("#export-mat")
    wait_idle(page)
    expect(page.locator("#file-dialog [data-role=error]")).to_contain_text("cannot hold")
    with page.expect_download() as download:
        page.click("#export-sgf")
    path = tmp_path / "match.sgf"
    download.value.save_as(path)
    assert "AW[" in path.read_text()  # the position the match started from
    expect(page.locator("#file-dialog [data-role=error]")).to_be_empty()
    assert page_problems.all == []  # a refusal is no error of the page


def test_a_match_saved_by_an_earlier_version_in_local_storage_is_moved_and_restored(
    page: Page, site: Site
) -> None:
    # Until 2026-11-26 the page kept the match in localStorage; the first page of the new version moves it.
    from backgammon import api

    record = api.call("setup", {"position_id": "4HPwATDgc/ABMA", "match_id": "cAkAAAAAAAAA"})["record"]
    envelope = {"format": "backgammon-match", "version": 1, "revision": 7, "savedAt": "", "tab": "old"}
    envelope["record"] = record
    page.goto(site.url("tutorial.html"))  # the origin, without the match page
    page.evaluate(
        "([key, text]) => { localStorage.setItem(key, text); localStorage.setItem(key + '.study', '1'); }",
        [MATCH_KEY, json.dumps(envelope)],
    )
    open_match(page, site, "31")
    assert saved_record(page) == record
    expected = api.call("load", {"record": record})["view"]["position_id"]
    expect(page.locator("#position-id")).to_have_text(expected)
    left = page.evaluate("k => [localStorage.getItem(k), localStorage.getItem(k + '.study')]", MATCH_KEY)
    assert left == [None, None]
    # The study mark went with it: leaving this match keeps no "match you left" in its place.
    moved = json.loads(stored_text(page, MATCH_KEY) or "{}")
    assert moved["study"] is True and moved["revision"] == 7
