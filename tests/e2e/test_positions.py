"""Positions in and out of the page: an XGID or gnubg's IDs pasted in the set-up dialog, the XGID shown
and copied, GNU Backgammon .sgf files opened and written, share links to a position or a whole match, and the
installed app's file handlers."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect

from backgammon.formats.gnubg_id import decode_match_id

from .conftest import Site, screenshot, watch_problems
from .match_driver import (
    announcements,
    button,
    click_move,
    match_id_of,
    open_match,
    position_id,
    position_of,
    press_button,
    saved_record,
    status,
    wait_idle,
)
from .stored import stored_text

SGF_DIR = Path(__file__).resolve().parents[1] / "core" / "data" / "sgf"
# White (our player 0, drawn at the bottom: XG's bottom player, upper case) on roll with 5-2 at the start,
# 3-point match, 1-0.
STUDY_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:1:0:0:3:10"


def xgid(page: Page) -> str:
    expect(page.locator("#xgid")).to_have_text(re.compile(r"^XGID="))
    return page.inner_text("#xgid").strip()


def paste_position(page: Page, text: str) -> None:
    """Paste a position into the editor (opened by *Set up a position…*) and read it with Enter."""
    if page.get_attribute("html", "data-mode") != "setup":
        page.click("#setup-button")
        page.wait_for_selector("html[data-mode='setup']", state="attached")
    page.fill("#setup-paste", text)
    page.press("#setup-paste", "Enter")


def test_an_xgid_pasted_in_the_editor_shows_its_three_forms_and_is_played(page: Page, site: Site) -> None:
    open_match(page, site, "31,65")
    start_xgid = xgid(page)
    assert start_xgid.startswith("XGID=-b----E-C---eE---c-e----B-:0:0:")
    before = saved_record(page)
    paste_position(page, STUDY_XGID)
    expect(page.locator("#setup-xgid")).to_have_text(STUDY_XGID)
    expect(page.locator("#setup-position-id")).to_have_text("4HPwATDgc/ABMA")
    expect(page.locator("#setup-match-id")).to_have_text("MIFqABAAAAAE")
    expect(page.locator("#setup-editor select[name=die1]")).to_have_value("5")
    expect(page.locator("#setup-editor input[name=match_length]")).to_have_value("3")
    assert saved_record(page) == before  # nothing is played until Done
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#setup-panel button[data-copy='setup-xgid']")
    expect(page.locator("#announcer")).to_contain_text(f"Copied {STUDY_XGID}")
    assert page.evaluate("navigator.clipboard.readText()") == STUDY_XGID
    screenshot(page, "positions-editor-pasted")
    page.click("#setup-done")
    wait_idle(page)
    expect(page.locator("#setup-panel")).to_be_hidden()
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


def test_both_gnubg_ids_in_one_field_a_position_id_alone_and_a_mistake_in_plain_words(
    page: Page, site: Site
) -> None:
    open_match(page, site, "31,65")
    before = position_id(page)
    paste_position(page, "XGID=-b----E-C---eE---c-e----B-:0:0:1:92:0:0:3:0:10")
    expect(page.locator("#setup-paste-error")).to_contain_text("dice")
    expect(page.locator("#setup-paste")).to_be_focused()
    paste_position(page, "cImqACAACAAE 4HPwATDgc/ABMA")  # as gnubg's `show board` prints them
    expect(page.locator("#setup-paste-error")).to_be_empty()
    expect(page.locator("#setup-match-id")).to_have_text("cImqACAACAAE")
    expect(page.locator("#setup-position-id")).to_have_text("4HPwATDgc/ABMA")
    # gnubg's player 1 (Black) on roll: XG's top player, lower case.
    expect(page.locator("#setup-xgid")).to_have_text("XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:2:1:0:5:10")
    # A Position ID alone sets the checkers only, seen from the player on roll: here Black with 5-2 (as read).
    page.select_option("#setup-editor select[name=cube_value]", "2")
    paste_position(page, position_of({6: 2, 5: 1}, {6: 3}))
    expect(page.locator("#announcer")).to_contain_text("the checkers are set")
    expect_label(page, 19, "Point 19, 2 black checkers")  # Black's 6-point
    expect_label(page, 6, "Point 6, 3 white checkers")
    expect(page.locator("#setup-editor select[name=cube_value]")).to_have_value("2")
    expect(page.locator("#setup-editor select[name=die1]")).to_have_value("5")
    expect(page.locator("#setup-position-id")).to_have_text(position_of({6: 2, 5: 1}, {6: 3}))
    assert position_id(page) == before  # play waits for Done
    page.click("#setup-done")
    wait_idle(page)
    assert "Black to move 5 and 2" in status(page)
    assert "5-point match" in page.inner_text("#match-info")


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
    expect(page.locator("#notice-text")).to_contain_text("now the match in progress")
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


# ---- share links -----------------------------------------------------------------------------------------

REAL_KEY = "backgammon.match.v1"


def share_links(page: Page) -> tuple[str, str]:
    """Open the Share dialog; copy the position link, then the match link (each confirmation must show, the
    clipboard must hold each); both links."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#share-button")
    page.wait_for_selector("#share-dialog[open]")
    expect(page.locator("#share-match-link")).not_to_have_value("")
    page.click("#share-copy-position")
    expect(page.locator("#share-copied")).to_contain_text("copied to the clipboard")
    position = page.input_value("#share-position-link")
    assert page.evaluate("navigator.clipboard.readText()") == position
    match = page.input_value("#share-match-link")
    page.click("#share-copy-match")
    expect(page.locator("#share-copied")).to_contain_text("The link to the match is copied to the clipboard")
    assert page.evaluate("navigator.clipboard.readText()") == match
    screenshot(page, "positions-share-dialog")
    page.click("#share-dialog button[value=close]")
    return position, match


def real_record(page: Page, key: str = REAL_KEY) -> dict[str, object] | None:
    text = stored_text(page, key)
    if not text:
        return None
    record: dict[str, object] = json.loads(text)["record"]
    return record


def open_link(page: Page, link: str) -> None:
    page.goto(link)
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=60_000)
    wait_idle(page)


def test_a_position_link_opens_as_a_study_and_keeps_the_players_match(
    page: Page, site: Site, browser: Browser
) -> None:
    open_match(page, site, "31,65")
    paste_position(page, STUDY_XGID)
    expect(page.locator("#setup-xgid")).to_have_text(STUDY_XGID)
    page.click("#setup-done")
    wait_idle(page)
    position, _ = share_links(page)
    assert "#v=2&position=XGID=" in position and "test-dice" not in position
    # Another device: its own match in progress, then the link.
    other = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        visitor = other.new_page()
        open_link(visitor, site.url("?no-sw&no-welcome"))
        own = real_record(visitor)
        assert own is not None
        open_link(visitor, position)
        assert xgid(visitor) == STUDY_XGID
        assert "to move 5 and 2" in status(visitor)
        assert visitor.evaluate("location.hash") == ""  # a reload resumes the study, not the link
        expect(visitor.locator("#notice-text")).to_contain_text("your own match is kept")
        screenshot(visitor, "positions-study-from-link")
        # A second link does not push the player's own match out of its place.
        open_link(visitor, position)
        visitor.click("#match-file-button")
        visitor.click("#restore-previous")
        wait_idle(visitor)
        # The restore is saved once the engine has taken it up: on a loaded machine, after the page is idle.
        deadline = time.monotonic() + 10
        while real_record(visitor) != own and time.monotonic() < deadline:
            time.sleep(0.1)
        assert real_record(visitor) == own
    finally:
        other.close()


def test_a_position_links_money_rules_reach_a_fresh_browser(page: Page, site: Site, browser: Browser) -> None:
    """The link's XGID holds the Jacoby rule and beavers (rules field 3); gnubg's Match ID, which the page
    sets up from, holds the Jacoby rule only, so beavers must come through the link's reading on their own."""
    money = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
    open_match(page, site, "31,65")
    paste_position(page, money)
    expect(page.locator("#setup-editor input[name=beavers]")).to_be_checked()
    page.click("#setup-done")
    wait_idle(page)
    assert xgid(page) == money
    position, _ = share_links(page)
    other = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        visitor = other.new_page()
        open_link(visitor, position)
        assert xgid(visitor).endswith(":3:0:10"), xgid(visitor)
        assert xgid(visitor) == money
    finally:
        other.close()


def test_a_match_link_opens_the_match_for_review_on_another_device(
    page: Page, site: Site, browser: Browser
) -> None:
    open_match(page, site, "31,65")
    click_move(page, 8, 5)
    click_move(page, 6, 5)
    _, match = share_links(page)
    assert "#v=2&match=" in match
    mine = saved_record(page)
    other = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        visitor = other.new_page()
        open_link(visitor, match)
        expect(visitor.locator("#review-source")).to_contain_text("a shared link")
        expect(visitor.locator("#review-continue")).to_be_visible()  # not finished: can be played on
        visitor.click("#review-continue")
        visitor.click("#message-dialog button[value=play]")
        expect(visitor.locator("#notice-text")).to_contain_text("now the match in progress")
        wait_idle(visitor)
        record = real_record(visitor)
        assert record is not None and record["games"] == mine["games"]
    finally:
        other.close()


BROKEN_OR_NEWER_LINKS = [
    ("#v=1&match=not*base64", "broken"),
    ("#v=1&match=AAAA", "broken"),
    ("#v=7&position=XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", "newer version"),
    ("#position=XGID=-b----E-C---eE---c-e----B-:0:0:1:5", "could not be opened"),
]


def test_a_broken_or_newer_link_is_refused_and_loses_nothing(page: Page, site: Site) -> None:
    """Each link in turn opened on the page holding the player's match, half a turn played: each is
    refused in words, and the match is as it was."""
    open_match(page, site, "31,65")
    click_move(page, 8, 5)
    mine = saved_record(page)
    for fragment, words in BROKEN_OR_NEWER_LINKS:
        page.evaluate(f"location.hash = {fragment!r}")
        page.wait_for_selector("#message-dialog[open]")
        expect(page.locator("#message-dialog")).to_contain_text(words)
        expect(page.locator("#message-dialog")).to_contain_text("unchanged")
        if words == "newer version":
            screenshot(page, "positions-newer-link")
        page.click("#message-dialog button")
        page.wait_for_selector("#message-dialog:not([open])", state="attached")
        wait_idle(page)
        assert saved_record(page) == mine, fragment
        assert page.evaluate("location.hash") == "", fragment


def test_a_position_link_opens_offline(page: Page, site: Site, context: BrowserContext) -> None:
    from .test_pwa import wait_for_offline_copy

    page.goto(site.url("?no-welcome"))  # a player with a match of their own
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=60_000)
    wait_idle(page)
    wait_for_offline_copy(page)
    context.set_offline(True)
    try:
        offline = context.new_page()
        open_link(offline, site.url(f"#v=2&position={STUDY_XGID}"))
        assert xgid(offline) == STUDY_XGID
        assert "to move 5 and 2" in status(offline)
    finally:
        context.set_offline(False)


# ---- the installed app -----------------------------------------------------------------------------------

# A stand-in for the File Handling API's launchQueue, handing the page one file as an installed app would.
FAKE_LAUNCH = """
Object.defineProperty(window, "launchQueue", {configurable: true, value: {setConsumer(consumer) {
  const file = new File([window.__launchText], window.__launchName, {type: "text/plain"});
  setTimeout(() => consumer({files: [{getFile: async () => file}]}), 0);
}}});
"""


def test_the_manifest_declares_file_handlers_and_a_share_target(page: Page, site: Site) -> None:
    page.goto(site.url("?no-sw"))
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    data = json.loads(manifest["data"])
    accepted = [handler["accept"] for handler in data["file_handlers"]]
    extensions = {ext for accept in accepted for exts in accept.values() for ext in exts}
    assert {".mat", ".sgf", ".json"} <= extensions
    assert all(handler["action"] == "./?launch=file" for handler in data["file_handlers"])
    target = data["share_target"]
    assert target["method"] == "GET" and target["params"]["text"] == "shared"


def test_a_file_launched_into_the_installed_app_opens_for_review(page: Page, site: Site) -> None:
    text = (SGF_DIR / "gnubg-1pt-seed5.sgf").read_text()
    page.add_init_script(f"window.__launchText = {json.dumps(text)}; window.__launchName = 'g.sgf';")
    page.add_init_script(FAKE_LAUNCH)
    open_match(page, site, "31", "&launch=file")
    expect(page.locator("#review-source")).to_contain_text("g.sgf")
    assert "launch" not in page.evaluate("location.search")


def test_text_shared_into_the_installed_app_sets_up_the_position(page: Page, site: Site) -> None:
    from urllib.parse import quote

    open_match(page, site, "31", f"&shared={quote('Look at this: ' + STUDY_XGID)}")
    assert xgid(page) == STUDY_XGID
    assert "to move 5 and 2" in status(page)
    assert "shared" not in page.evaluate("location.search")


# ---- the position editor ---------------------------------------------------------------------------------


def open_editor(page: Page) -> None:
    page.click("#setup-button")
    page.wait_for_selector("html[data-mode='setup']", state="attached")
    wait_checked(page)


def wait_checked(page: Page) -> str:
    page.wait_for_function("() => ['ok', 'problems'].includes(document.documentElement.dataset.setupCheck)")
    return str(page.get_attribute("html", "data-setup-check"))


def test_the_editor_by_mouse_checks_as_it_goes_and_plays_from_the_position(page: Page, site: Site) -> None:
    open_match(page, site, "31,65")
    open_editor(page)
    assert wait_checked(page) == "ok"
    page.click("#setup-clear")
    wait_checked(page)
    expect(page.locator("#setup-problems")).to_contain_text("White has no checker left on the board")
    page.click("#setup-start")
    assert wait_checked(page) == "ok"
    page.locator("#board .target[data-loc='6']").click(modifiers=["Shift"])  # a White checker off the 6-point
    page.locator("#board .target[data-loc='5']").click()  # ... onto the 5-point
    page.check("#setup-editor input[name=colour][value='1']")
    page.locator("#board .target[data-loc='5']").click()  # Black cannot join White there
    expect(page.locator("#announcer")).to_contain_text("both colours cannot share a point")
    page.check("#setup-editor input[name=crawford]")
    wait_checked(page)
    expect(page.locator("#setup-problems")).to_contain_text("The Crawford game comes when")
    page.uncheck("#setup-editor input[name=crawford]")
    page.select_option("#setup-editor select[name=die1]", "6")
    page.select_option("#setup-editor select[name=die2]", "5")
    assert wait_checked(page) == "ok"
    expect(page.locator("#setup-problems")).to_contain_text("ready to play")
    screenshot(page, "positions-editor")
    page.click("#setup-done")
    wait_idle(page)
    assert page.get_attribute("html", "data-mode") in (None, "")
    assert "White to move 6 and 5" in status(page)
    assert saved_record(page)["setup"] is not None
    click_move(page, 13, 7)
    click_move(page, 13, 8)
    assert page.evaluate("document.documentElement.dataset.phase") in ("roll", "move")


def test_a_tap_the_editor_cannot_honour_is_said_in_the_panel_not_ready(page: Page, site: Site) -> None:
    """A 16th checker of a colour is refused: the panel says why where it shows the position's state, and does
    not say the position is ready in the same breath; the next edit clears the word."""
    open_match(page, site, "31,65")
    open_editor(page)
    expect(page.locator("#setup-problems")).to_contain_text("ready to play")
    page.locator("#board .target[data-loc='6']").click()  # a 16th White checker
    refused = page.locator("#setup-panel").get_by_text("All 15 white checkers are in play")
    expect(refused).to_be_visible()
    wait_checked(page)
    expect(page.locator("#setup-panel")).not_to_contain_text("ready to play")
    expect(page.locator("#announcer")).to_contain_text("All 15 white checkers are in play")
    screenshot(page, "positions-editor-refused")
    page.locator("#board .target[data-loc='6']").click(modifiers=["Shift"])  # one taken away: honoured
    expect(refused).to_be_hidden()
    expect(page.locator("#setup-problems")).to_contain_text("ready to play")


def test_the_editor_by_keyboard(page: Page, site: Site) -> None:
    open_match(page, site, "31,65")
    open_editor(page)
    page.locator("#board .target[data-loc='12']").focus()
    page.keyboard.press("-")  # one Black checker off its 13-point
    page.keyboard.press("b")
    page.locator("#board .target[data-loc='bar']").focus()
    page.keyboard.press("Enter")  # ... onto the bar
    bar = page.locator("#board .target[data-loc='bar']")
    expect(bar).to_have_attribute("aria-label", "Bar, 1 black checker")
    page.locator("#setup-editor select[name=turn]").focus()
    page.keyboard.press("ArrowDown")  # Black on roll
    assert wait_checked(page) == "ok"
    page.locator("#setup-done").focus()
    page.keyboard.press("Enter")
    wait_idle(page)
    assert "Black" in status(page)
    assert saved_record(page)["setup"] is not None
    # Escape leaves the editor and changes nothing.
    before = saved_record(page)
    open_editor(page)
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.documentElement.dataset.mode")
    assert saved_record(page) == before


def place_label(page: Page, loc: int | str) -> str:
    return str(page.get_attribute(f"#board .target[data-loc='{loc}']", "aria-label"))


def expect_label(page: Page, loc: int | str, label: str | re.Pattern[str]) -> None:
    """The place's accessible name (drawn on the next frame)."""
    expect(page.locator(f"#board .target[data-loc='{loc}']")).to_have_attribute("aria-label", label)


def centre_of(page: Page, loc: int | str, part: float = 0.5) -> tuple[float, float]:
    """A place on the board in page coordinates, `part` of the way down (the bar and the tray have halves)."""
    box = page.locator(f"#board .target[data-loc='{loc}'] .hit").bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] * part


def mouse_drag(page: Page, start: tuple[float, float], end: tuple[float, float]) -> None:
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=8)
    page.mouse.up()


def test_the_editor_by_drag_and_drop(page: Page, site: Site) -> None:
    open_match(page, site, "31,65")
    open_editor(page)
    mouse_drag(page, centre_of(page, 6), centre_of(page, 5))  # a White checker from the 6-point to the 5
    expect(page.locator("#announcer")).to_contain_text(
        "A white checker moved from point 6 to point 5. Point 5, 1 white checker"
    )
    expect_label(page, 5, "Point 5, 1 white checker")
    expect_label(page, 6, "Point 6, 4 white checkers")
    mouse_drag(page, centre_of(page, 12), centre_of(page, "bar"))  # a Black checker onto the bar
    expect_label(page, "bar", "Bar, 1 black checker")
    mouse_drag(page, centre_of(page, 24), centre_of(page, "off"))  # a White checker borne off
    expect_label(page, "off", "Off, 1 white checker borne off")
    expect_label(page, 24, "Point 24, 1 white checker")
    # The refused drop: White onto Black's point goes back, and the page says why.
    mouse_drag(page, centre_of(page, 24), centre_of(page, 1))
    expect(page.locator("#announcer")).to_contain_text("Point 1 holds black checkers")
    expect_label(page, 24, "Point 24, 1 white checker")
    expect_label(page, 1, "Point 1, 2 black checkers")
    # Held over a place, the checker lights it; the picture is checked by eye (test-results/).
    page.mouse.move(*centre_of(page, 24))
    page.mouse.down()
    page.mouse.move(*centre_of(page, 22), steps=8)
    expect(page.locator("#board .target.drag-over")).to_have_attribute("data-loc", "22")
    screenshot(page, "positions-editor-dragging")
    page.mouse.up()
    # White's borne-off checker back from its half of the tray (the lower one: White sits at the bottom).
    mouse_drag(page, centre_of(page, "off", 0.9), centre_of(page, 23))
    expect_label(page, 23, "Point 23, 1 white checker")
    expect_label(page, 22, "Point 22, 1 white checker")
    expect_label(page, "off", "Off, none borne off")
    assert wait_checked(page) == "ok"
    edited = page.inner_text("#setup-xgid")
    page.click("#setup-done")
    wait_idle(page)
    assert "White to move 3 and 1" in status(page)
    assert saved_record(page)["setup"] is not None
    expect_label(page, 5, "Point 5, 1 white checker")
    expect_label(page, 24, "Point 24, empty")
    assert xgid(page) == edited
    # White is XG's bottom player (upper case): 5 6 8 13 22 23; Black has one checker on the bar (the first).
    assert xgid(page).startswith("XGID=ab---AD-C---dE---c-e--AA--:")


def test_the_editor_by_finger(browser: Browser, site: Site) -> None:
    context = browser.new_context(viewport={"width": 412, "height": 915}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        problems = watch_problems(page)
        open_match(page, site, "31,65")
        open_editor(page)
        cdp = context.new_cdp_session(page)

        def finger(kind: str, at: tuple[float, float] | None) -> None:
            points = [] if at is None else [{"x": at[0], "y": at[1]}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        def slide(start: tuple[float, float], end: tuple[float, float]) -> None:
            # At a finger's pace, and held still before it lifts: at the speed of back-to-back events the
            # browser takes the release for a fling, and a tap that follows only stops the fling (as on a
            # phone).
            finger("touchStart", start)
            for step in [*range(1, 9), 8, 8]:
                page.wait_for_timeout(30)
                k = step / 8
                finger("touchMove", (start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k))
            finger("touchEnd", None)

        slide(centre_of(page, 13), centre_of(page, 10))
        expect_label(page, 10, "Point 10, 1 white checker")
        expect_label(page, 13, "Point 13, 4 white checkers")
        slide(centre_of(page, 24), centre_of(page, "off"))
        expect_label(page, "off", "Off, 1 white checker borne off")
        expect_label(page, 24, "Point 24, 1 white checker")
        page.touchscreen.tap(*centre_of(page, 10))  # a tap places one of the chosen colour (from the tray)
        expect_label(page, 10, "Point 10, 2 white checkers")
        expect_label(page, "off", "Off, none borne off")
        expect(page.locator("#announcer")).to_contain_text("Point 10, 2 white checkers")
        screenshot(page, "positions-editor-phone")
        assert problems.all == []
    finally:
        context.close()


def test_the_editor_sets_up_a_money_session_with_its_rules_by_keyboard(page: Page, site: Site) -> None:
    open_match(page, site, "31,65")
    open_editor(page)
    expect(page.locator("#setup-money-rules")).to_be_hidden()
    page.locator("#setup-editor input[name=match_length]").focus()
    page.keyboard.press("Control+a")
    page.keyboard.type("0")
    expect(page.locator("#setup-money-rules")).to_be_visible()
    expect(page.locator("#setup-match-rules")).to_be_hidden()  # no score or Crawford game in money play
    page.keyboard.press("Tab")
    expect(page.locator("#setup-editor input[name=jacoby]")).to_be_focused()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    expect(page.locator("#setup-editor input[name=beavers]")).to_be_checked()
    assert wait_checked(page) == "ok"
    expect(page.locator("#setup-xgid")).to_have_text(re.compile(r":0:0:3:0:10$"))  # Jacoby 1 + beavers 2
    screenshot(page, "positions-editor-money")
    page.locator("#setup-done").focus()
    page.keyboard.press("Enter")
    wait_idle(page)
    expect(page.locator("#match-info")).to_contain_text("Money session")
    settings = saved_record(page)["settings"]
    assert (settings["match_length"], settings["jacoby"], settings["beavers"]) == (0, True, True)
    # The editor opens on those rules again.
    open_editor(page)
    expect(page.locator("#setup-editor input[name=jacoby]")).to_be_checked()
    expect(page.locator("#setup-editor input[name=beavers]")).to_be_checked()


def test_the_editor_sets_up_a_double_waiting_for_the_answer(page: Page, site: Site) -> None:
    open_match(page, site, "31,65")
    open_editor(page)
    page.select_option("#setup-editor select[name=cube_value]", "2")
    page.select_option("#setup-editor select[name=cube_owner]", "0")
    page.check("#setup-editor input[name=doubled]")
    expect(page.locator("#setup-doubled-text")).to_have_text("White has doubled: Black to take or drop")
    expect(page.locator("#setup-editor select[name=die1]")).to_be_disabled()  # a double comes before the roll
    expect(page.locator("#board .cube.offered")).to_have_text("4")
    assert wait_checked(page) == "ok"
    # White, at the bottom, is XG's bottom player (upper case): it owns the cube, is on roll and has doubled.
    expect(page.locator("#setup-xgid")).to_have_text(re.compile(r"^XGID=[^:]+:1:1:1:D:"))
    screenshot(page, "positions-editor-double-offered")
    # Black may not have doubled a cube White owns: the rules core says so.
    page.select_option("#setup-editor select[name=turn]", "1")
    expect(page.locator("#setup-problems")).to_contain_text("White owns the cube")
    page.select_option("#setup-editor select[name=turn]", "0")
    assert wait_checked(page) == "ok"
    page.click("#setup-done")
    wait_idle(page)
    assert page.get_attribute("html", "data-phase") == "doubled"
    assert "Black: take or drop?" in status(page)
    assert saved_record(page)["games"] == [{"actions": []}]
    page.reload()
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=60_000)
    wait_idle(page)
    assert page.get_attribute("html", "data-phase") == "doubled"  # the record keeps the double waiting
    press_button(page, "take")
    expect(page.locator("#board .cube")).to_have_text("4")
    assert "White to move 3 and 1" in status(page)  # Black owns the cube: White's roll is automatic


def test_a_pasted_xgid_with_a_double_and_the_money_rules_fills_the_editor(page: Page, site: Site) -> None:
    # Black (XG's top player) owns 2 and has doubled; Jacoby, beavers.
    text = "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:D:0:0:3:0:10"
    open_match(page, site, "31,65")
    paste_position(page, text)
    expect(page.locator("#setup-xgid")).to_have_text(text)
    for name in ("doubled", "jacoby", "beavers"):
        expect(page.locator(f"#setup-editor input[name={name}]")).to_be_checked()
    expect(page.locator("#setup-editor input[name=match_length]")).to_have_value("0")
    page.click("#setup-done")
    wait_idle(page)
    assert "White: take or drop?" in status(page)
    expect(button(page, "beaver")).to_be_visible()
    assert saved_record(page)["settings"]["beavers"] is True


def test_share_in_review_links_the_position_shown_and_the_match_reviewed(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    page.click("#match-file-button")
    page.set_input_files("#import-file", str(SGF_DIR / "gnubg-1pt-seed5.sgf"))
    wait_idle(page)
    page.locator("#analysis-depth").select_option("0")
    page.click("#analysis-start")
    page.wait_for_selector("html[data-analysis='done']", state="attached", timeout=90_000)
    page.keyboard.press("End")
    page.click("#share-button")
    expect(page.locator("#share-what")).to_contain_text("review")
    expect(page.locator("#share-position-link")).to_have_value(re.compile(r"#v=2&position=XGID="))
    expect(page.locator("#share-match-link")).to_have_value(re.compile(r"#v=2&match="))


def test_swap_sides_in_the_editor_gives_each_side_the_others_checkers_score_and_turn(
    page: Page, site: Site
) -> None:
    open_match(page, site, "31")
    page.click("#setup-button")
    page.wait_for_selector("html[data-mode='setup']", state="attached")
    before = position_of({6: 5, 8: 3, 13: 5, 24: 2}, {6: 4, 8: 3, 13: 5, 20: 1, 24: 2})
    pasted = match_id_of(match_length=5, score=(3, 1))
    page.fill("#setup-paste", f"{before}:{pasted}")
    page.click("#setup-read")
    # The editor has read the pasted IDs (its first check, of the match in progress, is "ok" too).
    page.wait_for_function(
        "pasted => document.documentElement.dataset.setupCheck === 'ok'"
        " && document.getElementById('setup-match-id').textContent === pasted",
        arg=pasted,
    )
    shown_before = pasted
    page.click("#setup-swap")
    page.wait_for_function(
        "before => document.documentElement.dataset.setupCheck === 'ok'"
        " && document.getElementById('setup-match-id').textContent !== before",
        arg=shown_before,
    )
    assert "Sides swapped." in announcements(page)
    info = decode_match_id(page.inner_text("#setup-match-id"))
    assert info.score == (1, 3) and info.player_on_roll == 1 and info.match_length == 5
    # The player on roll now has the other side's checkers, seen from its own side: the same Position ID.
    assert page.inner_text("#setup-position-id") == before
    page.click("#setup-done")
    wait_idle(page)
    assert position_id(page) == before
    expect(page.locator("#match-info")).to_contain_text("5")
