"""Taking a checker back on the board: the place lit when the checker just moved is picked up is where a
click sends it, and it goes there, for every kind of move: entered from the bar and moved on, a hit, a
bear-off, a checker moved twice. A take-back undoes the last step, as the Undo button does (each die's step is
a move of its own in the move list)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import Site, screenshot
from .match_driver import (
    button,
    click_move,
    match_id_of,
    open_match,
    point,
    position_of,
    press_button,
    set_up,
    steps,
    wait_after,
)

LIT = re.compile(r"\bundo-source\b")

# White on the bar with 5-6: it enters on 20 (Black's 6-point shuts 19), then may go on to 14 with the 6.
WHITE = {24: 1, 13: 5, 8: 3, 6: 5}
BLACK = {24: 2, 13: 5, 8: 3, 6: 5}


def drawn(page: Page, counts: dict[int | str, int], player: int = 0) -> None:
    """The board draws these counts of a player's checkers (five at most a point), once they have landed."""
    for loc, n in counts.items():
        expect(page.locator(f"#board .layer-checkers .checker.p{player}[data-loc='{loc}']")).to_have_count(n)


def lit(page: Page) -> list[str]:
    """The places lit as where the checker picked up goes back to."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    found: list[str] = page.eval_on_selector_all(
        "#board .target.undo-source", "els => els.map((e) => e.dataset.loc)"
    )
    return found


def take_back(page: Page, checker: int | str) -> list[str]:
    """Pick up the checker just moved and click the place lit for it; return the place that was lit."""
    point(page, checker).click()
    where = lit(page)
    assert len(where) == 1, where
    before = steps(page)
    point(page, where[0]).click()
    wait_after(page, before)
    return where


def test_a_checker_entered_and_moved_on_in_one_go_goes_back_where_it_is_lit(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    set_up(page, position_of(WHITE, BLACK, mine_bar=1), match_id_of(match_length=5, dice=(5, 6)))
    click_move(page, "bar", 14)  # one click for both dice: bar/20/14
    drawn(page, {14: 1, "bar": 0})
    point(page, 14).click()
    where = lit(page)
    screenshot(page, "take-back-bar-20-14")
    assert where == ["20"], where
    before = steps(page)
    point(page, 20).click()
    wait_after(page, before)
    # It stops where it was lit: on 20, not back on the bar.
    drawn(page, {20: 1, 14: 0, "bar": 0})
    expect(point(page, 20)).to_have_attribute("aria-label", re.compile("1 white checker"))
    # Then from 20 back to the bar, where it came from.
    assert take_back(page, 20) == ["bar"]
    drawn(page, {20: 0, "bar": 1})


def test_the_undo_button_takes_back_the_same_step(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    set_up(page, position_of(WHITE, BLACK, mine_bar=1), match_id_of(match_length=5, dice=(5, 6)))
    click_move(page, "bar", 14)
    press_button(page, "undo")
    drawn(page, {20: 1, 14: 0, "bar": 0})
    press_button(page, "undo")
    drawn(page, {20: 0, "bar": 1})
    expect(button(page, "undo")).to_be_disabled()


def test_a_hit_on_the_way_is_undone_with_its_own_step(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    black = {**BLACK, 5: 1, 6: 4}  # a Black blot on its 5-point: White's 20
    set_up(page, position_of(WHITE, black, mine_bar=1), match_id_of(match_length=5, dice=(5, 6)))
    click_move(page, "bar", 14)  # bar/20*/14
    drawn(page, {"bar": 1}, 1)
    # The bar's name says what is drawn on it: Black's checker, though it is White's turn.
    expect(point(page, "bar")).to_have_attribute("aria-label", "Bar, 1 black checker")
    assert take_back(page, 14) == ["20"]
    # Back on 20, where it hit: the hit stands.
    drawn(page, {20: 1})
    drawn(page, {20: 0, "bar": 1}, 1)
    assert take_back(page, 20) == ["bar"]
    # The hit undone: Black's checker is back on 20.
    drawn(page, {20: 1, "bar": 0}, 1)
    drawn(page, {"bar": 1, 20: 0})


def test_a_bear_off_with_both_dice_is_taken_back_a_step_at_a_time(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    white = {6: 1, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2}
    black = {1: 3, 2: 3, 3: 3}
    set_up(page, position_of(white, black), match_id_of(match_length=5, dice=(4, 2)))
    click_move(page, 6, "off")  # 6/2/off, or 6/4/off: both dice
    drawn(page, {6: 0})
    first = take_back(page, "off")
    assert first in (["2"], ["4"])
    drawn(page, {int(first[0]): 3, 6: 0})
    assert take_back(page, int(first[0])) == ["6"]
    drawn(page, {6: 1})


def test_a_checker_moved_twice_goes_back_one_move_at_a_time(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    set_up(page, position_of({13: 5, 8: 3, 6: 5, 24: 2}, BLACK), match_id_of(match_length=5, dice=(5, 2)))
    click_move(page, 13, 8)
    click_move(page, 8, 6)
    assert take_back(page, 6) == ["8"]
    drawn(page, {8: 4, 6: 5})
    assert take_back(page, 8) == ["13"]
    drawn(page, {13: 5})
