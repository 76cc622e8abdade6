"""The player's preferences at work on the match page: forced plays and bearing off without contact played by
themselves, pip counts hidden, the home board on the left, the animation's speed; and the Position ID copied
to the clipboard."""

from __future__ import annotations

import re

from playwright.sync_api import BrowserContext, Page, expect

from .conftest import Site, screenshot
from .match_driver import (
    click_move,
    match_id_of,
    open_match,
    phase,
    point,
    position_id,
    position_of,
    press_button,
    press_done,
    set_up,
    status,
    wait_idle,
)


def set_preferences(page: Page, **choices: bool | str) -> None:
    """Open Preferences, tick or untick checkboxes and pick options by name, save."""
    page.click("#preferences-button")
    form = page.locator("#preferences-form")
    for name, value in choices.items():
        field = form.locator(f"[name={name}]")
        if isinstance(value, bool):
            field.set_checked(value)
        else:
            field.select_option(value)
    form.locator("button[value=save]").click()
    wait_idle(page)


# White: one back checker on 24, the rest on the 1-point; Black: all fifteen on its 6-point (White's 19), so
# with 6-5 the only play is 24/18/13.
FORCED = position_of({24: 1, 1: 14}, {6: 15})


def test_a_forced_play_waits_for_the_player_by_default(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    set_up(page, FORCED, match_id_of(match_length=5, dice=(6, 5)))
    assert phase(page) == "move"
    assert "White to move 6 and 5" in status(page)


def test_a_forced_play_plays_itself_when_asked(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    set_preferences(page, autoForced=True)
    set_up(page, FORCED, match_id_of(match_length=5, dice=(6, 5)))
    # Played checker by checker, and written above the status (no hand of the player's made it); the play
    # complete, the turn waits for Done, as any play does (the default).
    assert status(page).startswith("White plays 24/13.\nWhite: play complete.")
    press_done(page)
    # Black may double, so Black is asked.
    assert "Black to roll or double" in status(page)
    expect(page.locator("#movelist")).to_contain_text(re.compile(r"65: 24/(18/)?13"))


def test_a_forced_play_ends_the_turn_by_itself_when_asked(page: Page, site: Site) -> None:
    open_match(page, site, "31", end_turn="now")
    set_preferences(page, autoForced=True)
    set_up(page, FORCED, match_id_of(match_length=5, dice=(6, 5)))
    assert "Black to roll or double" in status(page)
    expect(page.locator("#movelist")).to_contain_text(re.compile(r"65: 24/(18/)?13"))


def test_bearing_off_plays_itself_once_the_sides_have_passed(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    set_preferences(page, autoBearOff=True)
    # No contact: White bears off with 6-5 (two plays are legal, so this is not a forced play).
    set_up(page, position_of({6: 2, 5: 1, 4: 1}, {6: 3}), match_id_of(match_length=5, dice=(6, 5)))
    assert status(page).startswith("White plays 6/off 5/off.\nWhite: play complete.")
    press_done(page)
    assert "Black to roll" in status(page)
    expect(page.locator("#movelist")).to_contain_text("65: 6/off 5/off")
    expect(point(page, "off")).to_have_attribute("aria-label", re.compile("Off"))


# Times each gliding checker of the board's float layer: from when it appears to when it has landed.
TIME_GLIDES = """
window.__glides = [];
document.addEventListener("DOMContentLoaded", () => {
  const seen = new Map();
  new MutationObserver((records) => {
    const now = performance.now();
    for (const record of records) {
      for (const node of record.addedNodes) if (node.classList?.contains("flying")) seen.set(node, now);
      for (const node of record.removedNodes) {
        if (seen.has(node)) window.__glides.push(now - seen.get(node));
        seen.delete(node);
      }
    }
  }).observe(document.getElementById("board"), {childList: true, subtree: true});
});
"""


def glide_of_one_move(page: Page, animation: str, glides: int) -> list[float]:
    """How long the checker of a click move glides (ms) with the Animation preference at `animation`, once
    `glides` checkers have landed and none is in flight."""
    set_preferences(page, animation=animation)
    page.evaluate("window.__glides = []")
    click_move(page, 8, 5)
    page.wait_for_function(
        "n => window.__glides.length >= n && !document.querySelector('#board .flying')", arg=glides
    )
    measured: list[float] = page.evaluate("window.__glides")
    press_button(page, "undo")
    return measured


def test_the_animation_preference_sets_how_long_a_checker_glides(page: Page, site: Site) -> None:
    page.add_init_script(TIME_GLIDES)
    open_match(page, site, "31")
    slow = glide_of_one_move(page, "slow", 1)
    fast = glide_of_one_move(page, "fast", 1)
    assert glide_of_one_move(page, "off", 0) == []  # dropped at once: no checker in flight
    assert len(slow) == 1 and len(fast) == 1
    # The page offers 450 ms (slow) and 120 ms (fast): a glide never lands before its time (a loaded machine
    # may make it later, so there is no upper bound), and in the same run the fast one lands sooner.
    assert slow[0] >= 450 and fast[0] >= 120
    assert fast[0] < slow[0]


def test_pips_hidden_and_home_board_on_the_left(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    expect(page.locator("#board .player-info .pips").first).to_contain_text("pips")
    one = point(page, 1).bounding_box()
    board = page.locator("#board").bounding_box()
    assert one is not None and board is not None
    assert one["x"] > board["x"] + board["width"] / 2  # White's home board on the right by default
    set_preferences(page, showPips=False, orientation="left")
    expect(page.locator("#board .player-info .pips")).to_have_count(0)
    one = point(page, 1).bounding_box()
    assert one is not None
    assert one["x"] + one["width"] < board["x"] + board["width"] / 2
    # The move in progress is unchanged by the new layout: the same checkers can move.
    assert "White to move 3 and 1" in status(page)
    screenshot(page, "preferences-left-no-pips")


def test_position_id_copies_to_the_clipboard(page: Page, site: Site, context: BrowserContext) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.base_url.rstrip("/"))
    open_match(page, site, "31")
    page.click("button[data-copy=position-id]")
    expect(page.locator("#announcer")).to_contain_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == position_id(page)
