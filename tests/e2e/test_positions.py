"""Positions in and out of the page: an XGID or gnubg's IDs pasted in the set-up dialog, the current XGID shown and
copied, GNU Backgammon .sgf files opened and written, share links to a position or a whole match, and the
installed app's file handlers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import Site, screenshot
from .match_driver import (
    click_move,
    no_page_problems,  # noqa: F401  (a fixture, used by pytestmark)
    open_match,
    position_id,
    saved_record,
    status,
    wait_idle,
)

pytestmark = pytest.mark.usefixtures("no_page_problems")

SGF_DIR = Path(__file__).resolve().parents[1] / "core" / "data" / "sgf"
# White (our and gnubg's player 0, XG's top player) on roll with 5-2 at the start, 3-point match, 1-0.
STUDY_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:0:1:0:3:10"


def xgid(page: Page) -> str:
    expect(page.locator("#xgid")).to_have_text(re.compile(r"^XGID="))
    return page.inner_text("#xgid").strip()


def test_an_xgid_pasted_in_the_setup_dialog_is_played_from(page: Page, site: Site) -> None:
    open_match(page, site, "31,65")
    start_xgid = xgid(page)
    assert start_xgid.startswith("XGID=-b----E-C---eE---c-e----B-:0:0:")
    before = saved_record(page)
    page.click("#setup-button")
    page.fill("#setup-form input[name=position_id]", STUDY_XGID)
    page.click("#setup-form button[value=setup]")
    wait_idle(page)
    expect(page.locator("#setup-dialog")).to_be_hidden()
    assert "to move 5 and 2" in status(page)
    assert "3-point match" in page.inner_text("#match-info")
    assert xgid(page) == STUDY_XGID
    click_move(page, 13, 8)
    click_move(page, 13, 11)
    assert xgid(page) != STUDY_XGID
    assert saved_record(page)["setup"] is not None
    # The match left is kept: Save / load brings it back.
    page.click("#match-file-button")
    page.click("#restore-previous")
    wait_idle(page)
    assert saved_record(page)["games"] == before["games"]


def test_both_gnubg_ids_in_one_field_and_a_mistake_in_plain_words(page: Page, site: Site) -> None:
    open_match(page, site, "31,65")
    before = position_id(page)
    page.click("#setup-button")
    page.fill("#setup-form input[name=position_id]", "XGID=-b----E-C---eE---c-e----B-:0:0:1:92:0:0:3:0:10")
    page.click("#setup-form button[value=setup]")
    wait_idle(page)
    expect(page.locator("#setup-form [data-role=error]")).to_contain_text("dice")
    assert position_id(page) == before
    page.fill("#setup-form input[name=position_id]", "4HPwATDgc/ABMA:cIkKAAAAAAAA")
    page.click("#setup-form button[value=setup]")
    wait_idle(page)
    expect(page.locator("#setup-dialog")).to_be_hidden()
    assert "to move 5 and 2" in status(page)


def test_a_gnubg_sgf_file_opens_for_review_and_an_unfinished_one_plays_on(
    page: Page, site: Site, tmp_path: Path
) -> None:
    open_match(page, site, "31")
    mine = saved_record(page)
    page.click("#match-file-button")
    page.set_input_files("#import-file", str(SGF_DIR / "gnubg-3pt-seed6.sgf"))
    wait_idle(page)
    expect(page.locator("#review-source")).to_contain_text("gnubg-3pt-seed6.sgf")
    expect(page.locator("#review-source")).to_contain_text("3-point match")
    expect(page.locator("#review-continue")).to_be_hidden()  # finished: for review only
    screenshot(page, "positions-sgf-review")
    page.click("#review-close")
    assert saved_record(page) == mine
    # An unfinished match (the first game of the file only) can be played on.
    text = (SGF_DIR / "gnubg-5pt-seed2.sgf").read_text()
    first_game = text[: text.index("(;", 1)] if text.count("(;") > 1 else text
    short = tmp_path / "unfinished.sgf"
    short.write_text(first_game)
    page.click("#match-file-button")
    page.set_input_files("#import-file", str(short))
    wait_idle(page)
    expect(page.locator("#review-source")).to_contain_text("not finished")
    page.click("#review-continue")
    page.click("#message-dialog button[value=play]")
    wait_idle(page)
    assert saved_record(page)["games"] != mine["games"]
    assert "5-point match" in page.inner_text("#match-info")
    # ... and written back as .sgf.
    page.click("#match-file-button")
    with page.expect_download() as download:
        page.click("#export-sgf")
    assert download.value.suggested_filename.endswith("-5pt.sgf")
    written = tmp_path / "out.sgf"
    download.value.save_as(written)
    assert written.read_text().startswith("(;FF[4]GM[6]")


def test_a_broken_sgf_file_is_refused_and_changes_nothing(page: Page, site: Site, tmp_path: Path) -> None:
    open_match(page, site, "31")
    mine = saved_record(page)
    broken = tmp_path / "broken.sgf"
    broken.write_text("(;FF[4]GM[6]MI[length:3]\n;W[31zzzz])")
    page.click("#match-file-button")
    page.set_input_files("#import-file", str(broken))
    wait_idle(page)
    expect(page.locator("#file-dialog [data-role=error]")).to_contain_text("current match is unchanged")
    assert saved_record(page) == mine
