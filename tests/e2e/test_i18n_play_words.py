"""The play's own words in other languages (docs/i18n.md): why a player may not double (the rules core's
reason as the page's message: the cube's note, the Double button's title, what Ctrl+D says), the cube's
description, and what the keys say (the last roll, the information line, a checker selected and the selection
cancelled) in German and French; "Back to the match." after the position editor is left; the move notation
and the IDs reading left to right in Arabic."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect
from scripts.i18n_messages import catalogue_path, parse, read_catalogue, render_english

from backgammon.position import Position

from .conftest import Site
from .match_driver import (
    PREFERENCES_KEY,
    announcements,
    button,
    click_move,
    match_id_of,
    open_match,
    position_of,
    set_up,
    wait_idle,
)
from .test_keyboard_play import arrow_to, enter_board, said

# The preferences stored before the page loads: the language, and every turn starting with a choice to roll or
# double (so that a player who may not double is shown why).
STORE_PREFERENCES = """(([key, wanted]) => {
  const stored = JSON.parse(localStorage.getItem(key) || "{}");
  localStorage.setItem(key, JSON.stringify({...stored, ...wanted}));
})(ARGS);"""


def prefer(page: Page, **wanted: object) -> None:
    page.add_init_script(STORE_PREFERENCES.replace("ARGS", json.dumps([PREFERENCES_KEY, wanted])))


def words(language: str, id: str, **args: object) -> str:
    """A message of `language`'s catalogue with its arguments (German's and French's plurals of small whole
    numbers are English's)."""
    return render_english(parse(read_catalogue(catalogue_path(language))[id]), args)


def test_why_not_double_in_german(page: Page, site: Site) -> None:
    prefer(page, language="de", noAutoRolls=True)
    open_match(page, site, "31,52")
    # Black owns the cube at 2; White is to roll: only the owner may redouble.
    set_up(page, Position.start().id, match_id_of(match_length=5, cube_value=2, cube_owner=1))
    reason = words("de", "double.notYourCube")
    expect(page.locator("#cube-note")).to_have_text(reason)
    expect(button(page, "double")).to_have_attribute("title", reason)
    page.locator("#status").click()  # keys belong to the page, not to a form field
    page.keyboard.press("Control+d")
    wait_idle(page)
    assert announcements(page)[-1] == reason
    black = words("de", "player.black")
    assert said(page, "d") == words("de", "describe.cubeOwned", value=2, name=black)


def test_what_the_keys_say_in_french(page: Page, site: Site) -> None:
    prefer(page, language="fr")
    open_match(page, site, "31")
    enter_board(page)
    white, black = words("fr", "player.white"), words("fr", "player.black")
    assert said(page, "c").endswith(" " + words("fr", "describe.leftToPlay", dice="3, 1"))
    assert said(page, "t").startswith(words("fr", "describe.turn", name=white) + " ")
    assert said(page, "d") == words("fr", "describe.cubeMiddle", value=1)
    info = said(page, "i")
    assert info.startswith(
        words("fr", "describe.game", number=1) + " " + words("fr", "describe.sides", white=white, black=black)
    )
    assert words("fr", "describe.pips", white=white, a=167, black=black, b=167) in info
    checkers = dict(whiteBar=0, whiteOff=0, blackBar=0, blackOff=0)
    assert words("fr", "describe.checkers", white=white, black=black, **checkers) in info
    arrow_to(page, 8)
    page.keyboard.press("Enter")
    selected = words("fr", "selection.canGo", place="point", point=8, to="7, 5, 4")
    page.wait_for_function("text => (window.__announcements ?? []).at(-1) === text", arg=selected)
    assert said(page, "Escape") == words("fr", "selection.cancelled")


def test_back_to_the_match_in_german(page: Page, site: Site) -> None:
    prefer(page, language="de")
    open_match(page, site, "31")
    page.click("#setup-button")
    page.wait_for_selector("html[data-mode='setup']", state="attached")
    count = len(announcements(page))
    page.keyboard.press("Escape")
    page.wait_for_function("n => (window.__announcements ?? []).length > n", arg=count)
    assert announcements(page)[-1].startswith(words("de", "play.backToMatch") + " ")


# Where characters of `needle` are drawn, left to right: the x of the middle of each of its characters at
# `offsets`, in the first element of `selector` whose text node holds it (a Range over the text as laid out).
DRAWN_AT = """([selector, needle, offsets]) => {
  for (const element of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.data.indexOf(needle);
      if (at < 0) continue;
      return offsets.map((offset) => {
        const range = document.createRange();
        range.setStart(node, at + offset);
        range.setEnd(node, at + offset + 1);
        const box = range.getBoundingClientRect();
        return box.left + box.width / 2;
      });
    }
  }
  return null;
}"""


def test_move_notation_reads_left_to_right_in_arabic(page: Page, site: Site) -> None:
    """The standard notation is the same in every language (docs/i18n.md): in Arabic, laid out right to left,
    "6/off 5/off" still reads "6", "off", then "5" from the left in the move list (the bidirectional algorithm
    alone draws it "off/5 off/6"), and the IDs are laid out left to right."""
    prefer(page, language="ar")
    open_match(page, site, "31", end_turn="now")
    # White bears off from its 6 and 5 points with the 6-5 set up; three checkers stay on its 1 point.
    set_up(page, position_of({6: 1, 5: 1, 1: 3}, {13: 3, 12: 2}), match_id_of(match_length=5, dice=(6, 5)))
    click_move(page, 6, "off")
    click_move(page, 5, "off")
    expect(page.locator("#movelist li").last).to_contain_text("6/off 5/off")
    xs = page.evaluate(DRAWN_AT, ["#movelist li", "6/off 5/off", [0, 2, 6]])  # "6", "off", "5"
    assert xs is not None and xs == sorted(xs), f"the play is not drawn left to right: {xs}"
    # The IDs beside the board too ("XGID=-C---…:0:0:-1:…" would lose its signs and colons to the right).
    for code in ("#position-id", "#match-id", "#xgid"):
        expect(page.locator(code)).to_have_css("direction", "ltr")
