"""Nothing on the board offers a press that does nothing: where no roll can be made (a position being set up),
the board draws no Roll and the dice are not a button. (A match with a friend, where the board waits for the
friend, is checked in test_remote_play.py.)"""

from __future__ import annotations

from playwright.sync_api import Page

from .conftest import Site
from .match_driver import next_frame, open_match


def test_the_position_editor_draws_no_roll_and_the_dice_are_not_a_button(page: Page, site: Site) -> None:
    open_match(page, site, dice="31")
    page.click("#setup-button")
    page.wait_for_selector("html[data-mode='setup']", state="attached")
    next_frame(page)
    assert page.locator("#board .roll-button").count() == 0
    assert page.get_attribute("#board .dice-target", "tabindex") == "-1"
