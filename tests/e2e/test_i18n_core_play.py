"""The rules core's refusals on the game page in the player's language (docs/i18n.md): the page offers only
what the rules allow, so a player meets a refusal when a press acts on what the page showed before an earlier
one was taken up (a slow device, a double press, keys faster than the page): the page then says the rules
core's sentence from the catalogues, as the message id Python gave, never its English.

The presses are dispatched in one task, as two presses reach a page that has not yet taken up the first: both
act on the view shown before either."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from scripts.i18n_messages import catalogue_path, read_catalogue

from backgammon.position import Position

from .conftest import Site
from .i18n_driver import in_language
from .match_driver import announcements, match_id_of, open_match, set_up, wait_idle
from .test_i18n_play_words import prefer
from .test_keyboard_play import arrow_to, enter_board

# Key presses on the board's places (`#board .target[data-loc]`), its dice or its cube, all in one task.
PRESS_AT_ONCE = """(presses) => {
  const at = (where) => document.querySelector(`#board ${where}`);
  for (const [where, key] of presses) {
    at(where).dispatchEvent(new KeyboardEvent("keydown", {key, bubbles: true, cancelable: true}));
  }
}"""


def words(language: str, key: str) -> str:
    return read_catalogue(catalogue_path(language))[key]


def refused(page: Page, text: str) -> None:
    """Wait until the page has said `text` (the status line and the live region say a refusal)."""
    page.wait_for_function("(text) => (window.__announcements ?? []).includes(text)", arg=text)
    wait_idle(page)


def assert_no_english(page: Page, *keys: str) -> None:
    english = read_catalogue(catalogue_path("en"))
    said = announcements(page)
    assert not [key for key in keys if any(english[key] in line for line in said)], said


@pytest.mark.parametrize("language", ["de", "ar"])
def test_a_move_on_a_view_already_undone_is_refused_by_its_rule(
    page: Page, site: Site, language: str
) -> None:
    in_language(page, language)
    open_match(page, site, "31")
    enter_board(page)
    arrow_to(page, 8)
    page.keyboard.press("Enter")
    arrow_to(page, 5)
    page.keyboard.press("Enter")
    wait_idle(page)
    # U takes 8/5 back; before the page has done so, the checker on 5 is played on with the 1.
    page.evaluate(
        PRESS_AT_ONCE,
        [
            [".target[data-loc='5']", "u"],
            [".target[data-loc='5']", "Enter"],
            [".target[data-loc='4']", "Enter"],
        ],
    )
    refused(page, words(language, "rule.noChecker"))
    assert_no_english(page, "rule.noChecker")


def test_the_dice_pressed_twice_roll_once_and_say_why_in_arabic(page: Page, site: Site) -> None:
    prefer(page, language="ar", noAutoRolls=True)
    open_match(page, site, "31,52,64")
    set_up(page, Position.start().id, match_id_of(match_length=5))
    page.evaluate(PRESS_AT_ONCE, [[".dice-target", "Enter"], [".dice-target", "Enter"]])
    refused(page, words("ar", "refusal.cannotRoll"))
    assert_no_english(page, "refusal.cannotRoll")


def test_the_cube_pressed_twice_doubles_once_and_says_why_in_german(page: Page, site: Site) -> None:
    prefer(page, language="de", noAutoRolls=True)
    open_match(page, site, "31,52,64")
    set_up(page, Position.start().id, match_id_of(match_length=5))
    page.evaluate(PRESS_AT_ONCE, [[".cube-target", "Enter"], [".cube-target", "Enter"]])
    refused(page, words("de", "double.pending"))
    assert_no_english(page, "double.pending")
