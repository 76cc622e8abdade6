"""Playing a hot-seat match on the page: moves by click and drag, undo, swap dice, the bar, bearing off,
passing, a whole game to the end. Dice are scripted (?test-dice=), positions set up from GNU Backgammon IDs.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from backgammon.position import Position

from .conftest import Site, screenshot
from .match_driver import (
    announcements,
    button,
    click_move,
    drag_move,
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

START = Position.start().id


def after(notation: str, dice: tuple[int, int]) -> str:
    """The Position ID the next player sees after the player on roll at the start plays `notation`."""
    return Position.start().play_notation(notation, dice).swap().id


def test_opening_roll_is_shown_and_the_winner_moves(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    assert phase(page) == "move"
    assert "White to move 3 and 1" in status(page)
    assert any("Opening roll: White 3, Black 1" in text for text in announcements(page))


def test_the_new_match_dialog_says_where_white_plays_not_that_white_starts(page: Page, site: Site) -> None:
    """The opening roll decides who starts (here Black, 3 against 1): no label or text may say a colour moves
    first; the dialog says where White plays, as the board draws it."""
    open_match(page, site, "13")
    assert "Black to move 3 and 1" in status(page)
    page.click("#new-match-button")
    label = page.locator("#new-match-form label:has(input[name=name0])").inner_text()
    assert "first" not in label.lower(), label
    assert "bottom" in label, label
    expect(page.locator("#board .player-info.bottom")).to_contain_text("White")
    # The same mistake anywhere a player reads: the pages, the page's modules, the lessons.
    root = Path(__file__).resolve().parents[2]
    texts = [root / "index.html", root / "tutorial.html", root / "py/backgammon/tutorial/lessons.py"]
    texts += sorted((root / "web").rglob("*.js"))
    claim = re.compile(r"\b(White|Black)\b[^.<\n]{0,40}\b(moves?|goes|go|plays?|starts?) first", re.I)
    found = [f"{path.relative_to(root)}: {m[0]}" for path in texts for m in claim.finditer(path.read_text())]
    assert found == []


def test_click_move_lights_destinations_then_plays(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    expect(
        button(page, "confirm")
    ).to_be_disabled()  # Done: the turn will wait for it once the play is complete
    point(page, 8).click()
    for dest in (7, 5, 4):
        expect(point(page, dest)).to_have_class(re.compile(r"\bdest\b"))
    expect(point(page, 10)).not_to_have_class(re.compile(r"\bdest\b"))
    point(page, 5).click()
    wait_idle(page)
    click_move(page, 6, 5)
    press_done(page)
    # Black's turn (automatic rolls): Black may double, so Black is asked.
    assert position_id(page) == after("8/5 6/5", (3, 1))
    assert phase(page) == "roll"
    assert "Black to roll or double" in status(page)
    # each line names its player, after its move number as the .mat file numbers it
    expect(page.locator("#movelist li").first).to_have_text("1) White 31: 8/5 6/5")
    screenshot(page, "match-after-first-play")


def test_drag_move_and_undo_by_dragging_back(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    drag_move(page, 13, 10)
    assert position_id(page) != START
    expect(point(page, 10)).to_have_attribute("aria-label", re.compile("1 white checker"))
    expect(button(page, "undo")).to_be_enabled()
    drag_move(page, 10, 13)  # back onto its lit source: the move is taken back
    assert position_id(page) == START
    expect(button(page, "undo")).to_be_disabled()


def test_undo_and_undo_all_buttons(page: Page, site: Site) -> None:
    open_match(page, site, "11,62")  # a tied opening roll is rolled again
    assert "White to move 6 and 2" in status(page)
    click_move(page, 24, 18)
    assert position_id(page) != START
    press_button(page, "undo")
    assert position_id(page) == START
    click_move(page, 24, 18)
    press_button(page, "undo_all")
    assert position_id(page) == START
    assert phase(page) == "move"


def test_swap_dice_changes_which_die_is_played_first(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    expect(button(page, "swap_dice")).to_be_visible()
    press_button(page, "swap_dice")
    assert any("Dice swapped: 1 then 3." in text for text in announcements(page))
    assert phase(page) == "move"
    assert "White to move 3 and 1, the 1 first" in status(page)
    expect(button(page, "swap_dice")).to_be_visible()  # and back again, before any checker moves
    press_button(page, "swap_dice")
    assert "White to move 3 and 1" in status(page)
    click_move(page, 8, 5)
    expect(button(page, "swap_dice")).to_be_hidden()


def test_bar_entry(page: Page, site: Site) -> None:
    open_match(page, site, "31")  # the opening roll of the match the page starts with
    # White has a checker on the bar and rolled 3-1: it must enter first (on 22 with the 3, 24 with the 1).
    mine = {24: 1, 13: 5, 8: 3, 6: 5}
    theirs = {24: 2, 13: 5, 8: 3, 6: 4, 2: 1}
    set_up(page, position_of(mine, theirs, mine_bar=1), match_id_of(match_length=5, dice=(3, 1)))
    assert phase(page) == "move"
    point(page, "bar").click()
    expect(point(page, 22)).to_have_class(re.compile(r"\bdest\b"))
    expect(point(page, 24)).to_have_class(re.compile(r"\bdest\b"))
    point(page, 22).click()
    wait_idle(page)
    expect(point(page, 22)).to_have_attribute("aria-label", re.compile("1 white checker"))
    expect(point(page, "bar")).to_have_attribute("aria-label", re.compile("empty"))
    # Only the 1 is left; it must be played, then the turn can end.
    click_move(page, 24, 23)
    press_done(page)
    assert phase(page) == "roll"
    expect(page.locator("#movelist")).to_contain_text("31: bar/22 24/23")


def test_no_auto_rolls_starts_each_turn_with_a_choice(page: Page, site: Site) -> None:
    open_match(page, site, "31,52")  # the opening roll of the match the page starts with, then Black's roll
    page.click("#preferences-button")
    page.check("#preferences-form input[name=noAutoRolls]")
    page.click("#preferences-form button[value=save]")
    wait_idle(page)
    mine = {13: 6, 8: 3, 6: 5}
    theirs = {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 3}
    set_up(page, position_of(mine, theirs, mine_bar=1), match_id_of(match_length=5, dice=(6, 5)))
    assert phase(page) == "move"
    assert "you cannot make a move" in status(page).lower()
    expect(button(page, "pass")).to_be_visible()
    press_button(page, "pass")
    # Black's turn starts with a choice (the cube is available), not with an automatic roll.
    assert phase(page) == "roll"
    expect(button(page, "roll")).to_be_visible()
    expect(button(page, "double")).to_be_enabled()
    press_button(page, "roll")
    expect(button(page, "confirm")).to_be_disabled()
    click_move(page, 12, 17)  # Black's 13/8
    click_move(page, 12, 14)  # Black's 13/11: the play is complete; the turn waits for Done (the default)
    assert phase(page) == "move"
    expect(button(page, "confirm")).to_be_enabled()
    expect(button(page, "undo")).to_be_enabled()
    press_button(page, "confirm")
    assert phase(page) == "roll"
    assert "White to roll or double" in status(page)


def test_a_whole_game_to_the_end_of_the_match(page: Page, site: Site) -> None:
    # Script: the opening roll of the match the page starts with, then White 6-5, Black 2-1, White 6-6.
    open_match(page, site, "31,65,21,66")
    white = {6: 2, 5: 1}
    black = {6: 3}
    set_up(page, position_of(white, black), match_id_of(match_length=1))
    # A 1-point match: no cube, so White's dice rolled by themselves.
    assert "White to move 6 and 5" in status(page)
    click_move(page, 6, "off")
    click_move(page, 5, "off")
    press_done(page)
    assert "Black to move 2 and 1" in status(page)
    click_move(page, 19, 21)  # Black's 6-point is absolute 19; Black moves up
    click_move(page, 19, 20)
    press_done(page)
    click_move(page, 6, "off")
    assert phase(page) == "move"  # the last checker off is a play like any other: Done ends the game
    press_done(page)
    assert phase(page) == "match_over"
    banner = page.locator("#result-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("White wins a single game")
    expect(banner).to_contain_text("White wins the match")
    expect(button(page, "new_match")).to_be_visible()
    screenshot(page, "match-over")


def test_a_mistyped_position_id_is_said_in_the_editor_and_can_be_corrected(page: Page, site: Site) -> None:
    open_match(page, site, "31,65")
    before = position_id(page)
    page.click("#setup-button")
    page.fill("#setup-paste", "not-an-id")
    page.press("#setup-paste", "Enter")  # reads it (Done is not pressed by it)
    error = page.locator("#setup-paste-error")
    expect(error).to_contain_text("not an XGID")
    expect(page.locator("#setup-paste")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#setup-panel")).to_be_visible()
    wait_idle(page)
    assert position_id(page) == before  # the match in progress is untouched
    # Corrected, it is read into the editor, and Done plays from it.
    ids = f"{position_of({6: 2, 5: 1}, {6: 3})}:{match_id_of(match_length=1)}"
    page.fill("#setup-paste", ids)
    page.click("#setup-read")
    expect(page.locator("#setup-paste-error")).to_be_empty()
    expect(page.locator("#setup-position-id")).to_have_text(ids.split(":")[0])
    expect(page.locator("#setup-done")).to_be_enabled()
    page.click("#setup-done")
    wait_idle(page)
    expect(page.locator("#setup-panel")).to_be_hidden()
    assert "White to move 6 and 5" in status(page)
