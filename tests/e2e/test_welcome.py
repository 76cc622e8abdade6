"""The first visit's welcome: a short dialog over the board with the four ways in, shown only when nothing is
saved; one click starts a match against the computer; a returning player lands in the saved match."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import Site, wait_for_engine_ready
from .match_driver import LISTEN_TO_LIVE_REGION, MATCH_KEY, saved_record, wait_idle
from .stored import stored_text

WELCOME = "#welcome-dialog"


def first_visit(page: Page, site: Site, dice: str = "31,52") -> None:
    """Open the page as a first visit would (nothing saved), in test mode for scripted dice."""
    page.add_init_script(LISTEN_TO_LIVE_REGION)
    page.goto(site.url(f"?test-dice={dice}&no-sw"))
    page.wait_for_selector("html[data-welcome='open']", state="attached")


def choose(page: Page, name: str) -> None:
    page.locator(WELCOME).get_by_role("button", name=name).click()
    page.wait_for_selector("html[data-welcome='closed']", state="attached")
    wait_for_engine_ready(page)
    wait_idle(page)


def test_a_first_visit_sees_the_welcome_over_the_board(
    page: Page, site: Site, take_screenshot: Callable[[Page, str], Path]
) -> None:
    first_visit(page, site)
    dialog = page.locator(WELCOME)
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", name="Welcome to Backgammon")).to_be_visible()
    for name in ("Play the computer", "Two players on this device", "Open a match file…"):
        expect(dialog.get_by_role("button", name=name)).to_be_visible()
    expect(dialog.get_by_role("link", name="Learn the rules")).to_have_attribute("href", "tutorial.html")
    # The way to change the computer's level and the match's length is in sight, at the intermediate level.
    expect(dialog.get_by_label("Level")).to_have_value("intermediate")
    expect(dialog.get_by_label("Match to")).to_have_value("5")
    # Keyboard first: the one-click choice has the focus; the board is drawn behind.
    assert page.evaluate("document.activeElement.textContent") == "Play the computer"
    expect(page.locator("#board svg")).to_have_count(1)
    wait_for_engine_ready(page)
    # Nothing is saved until the player has chosen.
    assert stored_text(page, MATCH_KEY) is None
    take_screenshot(page, "welcome")


def test_play_the_computer_starts_an_intermediate_match_in_one_click(page: Page, site: Site) -> None:
    first_visit(page, site)
    choose(page, "Play the computer")
    expect(page.locator(WELCOME)).to_be_hidden()
    expect(page.locator("#match-info")).to_contain_text("Black (computer)")
    expect(page.locator("#match-info")).to_contain_text("5-point match")
    record = saved_record(page)
    assert record["players"][1] == {"name": "Black", "kind": "computer", "level": "intermediate"}
    assert record["settings"]["match_length"] == 5
    # The opening roll was the script's first (3 for White, 1 for Black): White moves.
    assert "White to move 3 and 1" in page.inner_text("#status")


def test_the_level_and_length_can_be_changed_and_the_new_match_dialog_remembers_them(
    page: Page, site: Site
) -> None:
    first_visit(page, site)
    dialog = page.locator(WELCOME)
    dialog.get_by_label("Level").select_option("expert")
    dialog.get_by_label("Match to").select_option("3")
    choose(page, "Play the computer")
    record = saved_record(page)
    assert record["players"][1]["level"] == "expert"
    assert record["settings"]["match_length"] == 3
    page.click("#new-match-button")
    form = page.locator("#new-match-form")
    expect(form.locator("select[name=opponent]")).to_have_value("computer")
    expect(form.locator("select[name=level]")).to_have_value("expert")
    expect(form.locator("input[name=length]")).to_have_value("3")
    form.locator("button[value=cancel]").click()


def test_a_returning_visit_lands_in_the_saved_match_without_the_welcome(page: Page, site: Site) -> None:
    first_visit(page, site)
    choose(page, "Play the computer")
    before = saved_record(page)
    page.reload()
    wait_for_engine_ready(page)
    wait_idle(page)
    expect(page.locator(WELCOME)).to_be_hidden()
    assert page.get_attribute("html", "data-welcome") is None
    expect(page.locator("#match-info")).to_contain_text("Black (computer)")
    assert saved_record(page) == before


def test_leaving_without_a_choice_keeps_the_welcome_for_next_time(page: Page, site: Site) -> None:
    first_visit(page, site)
    wait_for_engine_ready(page)
    page.reload()
    page.wait_for_selector("html[data-welcome='open']", state="attached")
    expect(page.locator(WELCOME)).to_be_visible()


def test_escape_means_not_now_and_starts_nothing(page: Page, site: Site) -> None:
    first_visit(page, site)
    page.keyboard.press("Escape")
    page.wait_for_selector("html[data-welcome='closed']", state="attached")
    wait_for_engine_ready(page)
    wait_idle(page)
    # The two-player match waits behind, unsaved: nothing rolled by itself, the Roll button is there.
    expect(page.locator("#match-info")).to_contain_text("White 0 – Black 0 · 5-point match")
    assert page.get_attribute("html", "data-phase") == "opening"
    assert "to move" not in page.inner_text("#status")
    assert stored_text(page, MATCH_KEY) is None
    # Pressing Roll starts it, and says who won the opening roll.
    page.locator("#controls button[data-action='roll']").click()
    wait_idle(page)
    shown = " ".join(page.inner_text("#status").split())
    assert "Opening roll: White 3, Black 1. White plays first with 3 and 1. White to move 3 and 1." in shown
    assert all(p["kind"] == "human" for p in saved_record(page)["players"])


def test_two_players_button(page: Page, site: Site) -> None:
    first_visit(page, site)
    choose(page, "Two players on this device")
    expect(page.locator("#match-info")).to_contain_text("White 0 – Black 0 · 5-point match")
    assert saved_record(page)["players"][1]["kind"] == "human"


def test_open_a_match_file_uses_the_save_load_dialog_and_comes_back_when_nothing_is_opened(
    page: Page, site: Site
) -> None:
    first_visit(page, site)
    page.locator(WELCOME).get_by_role("button", name="Open a match file…").click()
    expect(page.locator("#file-dialog")).to_be_visible()
    expect(page.locator("#import-file")).to_be_attached()
    page.locator("#file-dialog button[value=close]").click()
    expect(page.locator(WELCOME)).to_be_visible()
    assert page.evaluate("document.activeElement.textContent") == "Open a match file…"


def test_a_match_file_opened_from_the_welcome_becomes_the_match(page: Page, site: Site) -> None:
    first_visit(page, site)
    wait_for_engine_ready(page)
    record = {
        "format": "backgammon-match",
        "schema": 1,
        "settings": {
            "match_length": 3,
            "crawford": True,
            "jacoby": False,
            "beavers": False,
            "automatic_doubles": 0,
            "strict_doubling": False,
        },
        "players": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}],
        "setup": None,
        "games": [{"actions": [{"type": "roll", "dice": [6, 2]}]}],
    }
    page.locator(WELCOME).get_by_role("button", name="Open a match file…").click()
    # A file is chosen in the dialog once it is shown (it opens after reading whether a match was left).
    expect(page.locator("#file-dialog")).to_be_visible()
    page.set_input_files(
        "#import-file",
        files=[{"name": "mine.json", "mimeType": "application/json", "buffer": json.dumps(record).encode()}],
    )
    page.wait_for_selector("html[data-welcome='closed']", state="attached")
    wait_idle(page)
    expect(page.locator("#match-info")).to_contain_text("Ann 0 – Bob 0 · 3-point match")
    assert saved_record(page)["players"][0]["name"] == "Ann"


def test_a_share_link_opens_without_the_welcome(page: Page, site: Site) -> None:
    page.goto(site.url("?no-sw#v=1&position=XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"))
    wait_for_engine_ready(page)
    wait_idle(page)
    expect(page.locator(WELCOME)).to_be_hidden()
