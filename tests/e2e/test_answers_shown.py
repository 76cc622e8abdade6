"""What happened is written where a sighted player looks, not only said to a screen reader: the computer's
answers (a take, a pass, a resignation accepted or rejected), the rolls and plays made by themselves (the
opening roll, the computer's turn), and a resignation answered by the other person at the same device. The
status line keeps it until the player acts again."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import Site, screenshot
from .match_driver import (
    announcements,
    button,
    click_move,
    match_id_of,
    open_match,
    phase,
    position_of,
    press_button,
    press_done,
    set_up,
    wait_idle,
)
from .remote_driver import invite


def start_against_computer(page: Page, site: Site, dice: str, length: int = 3) -> None:
    """A new match against the beginner; the page's own first match takes the script's first roll (3-1)."""
    open_match(page, site, f"31,{dice}")
    page.click("#new-match-button")
    form = page.locator("#new-match-form")
    form.locator("select[name=opponent]").select_option("computer")
    form.locator("select[name=level]").select_option("beginner")
    form.locator("input[name=length]").fill(str(length))
    form.locator("button[value=start]").click()
    wait_idle(page)


def shown_status(page: Page) -> str:
    """The status line as read: what just happened (a line of its own) and what is wanted now."""
    return " ".join(page.inner_text("#status").split())


def offer_resignation(page: Page, kind: str) -> None:
    page.click("#resign-button")
    page.locator(f"#resign-dialog button[value={kind}]").click()
    wait_idle(page)


# White to roll with all fifteen checkers in Black's home board; Black has two checkers left on its 1 point:
# Black wins a backgammon next turn whatever White rolls.
BLACK_WINS_A_BACKGAMMON = position_of({21: 5, 20: 5, 19: 5}, {1: 2})
THREE_POINTS_TO_ROLL = match_id_of(match_length=3)


def test_the_computer_rejecting_a_resignation_is_shown(page: Page, site: Site) -> None:
    start_against_computer(page, site, "31")
    set_up(page, BLACK_WINS_A_BACKGAMMON, THREE_POINTS_TO_ROLL)
    offer_resignation(page, "single")
    assert "Black rejects the resignation." in " ".join(announcements(page))
    # Seen, not only heard: the answer stands before what is wanted now.
    assert "Black rejects the resignation. White to roll" in shown_status(page)
    screenshot(page, "answers-resignation-rejected")


def test_the_computer_accepting_a_resignation_is_shown(page: Page, site: Site) -> None:
    start_against_computer(page, site, "31")
    set_up(page, BLACK_WINS_A_BACKGAMMON, THREE_POINTS_TO_ROLL)
    offer_resignation(page, "backgammon")
    assert phase(page) == "match_over"
    assert "Black accepts the resignation." in shown_status(page)
    expect(page.locator("#result-banner")).to_contain_text("(by resignation)")
    # Resigned before rolling: the move list says so before the result (the notation has no line for it).
    lines = page.locator("#movelist li")
    expect(lines.nth(-2)).to_have_text("White Resigns a backgammon")
    expect(lines.last).to_have_text(re.compile(r"^Black Wins \d+ points$"))


def test_a_resignation_in_the_middle_of_a_turn_is_in_the_move_list(page: Page, site: Site) -> None:
    open_match(page, site, "31")  # two players on this device; White on roll with 3-1
    offer_resignation(page, "single")
    press_button(page, "accept_resign")
    # The notation keeps the roll the resigner gave up ("31:"); the list says what became of it.
    listed = ["1) White 31: Resigns a single game", "Black Wins 1 point"]
    expect(page.locator("#movelist li")).to_have_text(listed)


def test_a_resignation_answered_by_the_other_person_here_is_shown(page: Page, site: Site) -> None:
    open_match(page, site, "31")  # two players on this device; White on roll with 3-1
    offer_resignation(page, "single")
    assert "White offers to resign a single game. Black: accept or reject?" in shown_status(page)
    press_button(page, "reject_resign")
    assert "Black rejects the resignation. White to move 3 and 1" in shown_status(page)


def test_the_opening_roll_rolled_by_itself_is_shown(page: Page, site: Site) -> None:
    open_match(page, site, "51")  # nothing to decide: the page rolls the opening roll by itself
    opening = "Opening roll: White 5, Black 1. White plays first with 5 and 1."
    assert f"{opening} White to move 5 and 1." in shown_status(page)


def test_the_computer_winning_the_opening_roll_is_shown_with_its_play(page: Page, site: Site) -> None:
    start_against_computer(page, site, "13,64")  # Black wins the opening roll 3 against 1
    text = shown_status(page)
    assert "Black plays first with 3 and 1." in text
    # Its play as the move list writes it, in Black's numbering; the first move of the game, Black's alone as
    # the .mat file writes it (in its right-hand column).
    line = page.locator("#movelist li").last.inner_text()
    assert line.startswith("1) Black 31: ")
    assert f"Black plays {line.removeprefix('1) Black 31: ')}." in text
    assert text.endswith("White to roll or double.")
    screenshot(page, "answers-computer-opens")


def test_the_computers_take_and_the_roll_that_follows_are_shown(page: Page, site: Site) -> None:
    # White opens 3-1 (8/5 6/5); Black rolls 6-4 and plays; White doubles, Black takes and owns the cube, so
    # White cannot redouble and its 5-2 is rolled by itself.
    start_against_computer(page, site, "31,64,52")
    click_move(page, 8, 5)
    click_move(page, 6, 5)
    press_done(page)
    assert "Black rolls 6 and 4 and plays" in shown_status(page)
    press_button(page, "double")
    text = shown_status(page)
    assert "Black takes. The cube is at 2. White rolls 5 and 2. White to move 5 and 2." in text
    expect(page.locator("#match-info")).to_contain_text("cube 2 (Black)")
    # The move list numbers the moves as GNU Backgammon and the .mat file do ("1)": White's action, then
    # Black's, on one number), not line by line: a number beside "13/8" would read as a point.
    expect(page.locator("#movelist li")).to_have_text(
        ["1) White 31: 8/5 6/5", re.compile(r"^Black 64: \S"), "2) White Doubles => 2", "Black Takes"]
    )
    screenshot(page, "answers-computer-takes")


# White to roll far ahead in a race: 15 checkers in its home board against Black's 15 in White's home board.
WHITE_FAR_AHEAD = position_of({6: 5, 5: 5, 4: 5}, {24: 5, 23: 5, 22: 5})


def test_the_computers_pass_is_shown(page: Page, site: Site) -> None:
    start_against_computer(page, site, "31", length=5)
    set_up(page, WHITE_FAR_AHEAD, match_id_of(match_length=5))
    press_button(page, "double")
    assert phase(page) == "game_over"
    assert "Black drops." in shown_status(page)
    expect(page.locator("#result-banner")).to_contain_text("the double was dropped")
    expect(button(page, "next_game")).to_be_visible()


def test_a_position_set_up_while_a_friends_match_is_shown_is_played_here(page: Page, site: Site) -> None:
    # An invitation by links shows the match with the friend (waiting for them); the position editor starts a
    # match on this device from the match in progress here, not from the friend's seats.
    open_match(page, site, "31")
    invite(page, "Bob", length=3, mode="correspondence")
    page.wait_for_selector("#remote-send:not([hidden])")
    wait_idle(page)
    expect(page.locator("#match-info")).to_contain_text("Bob")
    set_up(page, WHITE_FAR_AHEAD, match_id_of(match_length=5))
    expect(page.locator("#position-id")).to_have_text(WHITE_FAR_AHEAD)
    expect(page.locator("#match-info")).to_contain_text("White 0 – Black 0 · 5-point match")
    assert "kind must be" not in shown_status(page)


# White on the bar against Black's closed board: no roll can be played.
SHUT_OUT = position_of({13: 6, 8: 3, 6: 5}, {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 3}, mine_bar=1)


def test_a_turn_passed_by_itself_is_shown(page: Page, site: Site) -> None:
    open_match(page, site, "31", end_turn="now")  # the player asked for turns that end by themselves
    set_up(page, SHUT_OUT, match_id_of(match_length=5, dice=(6, 5)))
    assert "White cannot move and passes. Black to roll or double." in shown_status(page)


# White's last checker on its 1 point, Black's last on its 6 point: White bears off and wins a single game.
LAST_CHECKERS = position_of({1: 1}, {6: 1})


def test_the_crawford_game_starting_is_shown(page: Page, site: Site) -> None:
    # 1-0 in a 3-point match: White's single game makes it 2-0, and the next game is the Crawford game.
    open_match(page, site, "31,52", end_turn="now")
    set_up(page, LAST_CHECKERS, match_id_of(match_length=3, score=(1, 0), dice=(6, 5)))
    click_move(page, 1, "off")
    assert phase(page) == "game_over"
    press_button(page, "next_game")
    assert "Game 2 begins. This is the Crawford game: no doubling." in shown_status(page)
