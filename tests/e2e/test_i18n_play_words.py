"""The play's own words in other languages (docs/i18n.md): why a player may not double (the rules core's
reason as the page's message: the cube's note, the Double button's title, what Ctrl+D says), the cube's
description, and what the keys say (the last roll, the information line, a checker selected and the selection
cancelled) in German and French; "Back to the match." after the position editor is left."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect
from scripts.i18n_messages import catalogue_path, parse, read_catalogue, render_english

from backgammon.position import Position

from .conftest import Site
from .match_driver import PREFERENCES_KEY, announcements, button, match_id_of, open_match, set_up, wait_idle
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
