"""Playing from the keyboard alone, with what a screen reader hears (the keys of rules document 001): arrows
and Enter move checkers, Enter rolls, Enter or Space ends a complete play's turn (Done), C/S/T/D/I tell the
state, Ctrl+D doubles, U undoes, Escape cancels."""

from __future__ import annotations

from playwright.sync_api import Page

from .conftest import Site
from .match_driver import (
    announcements,
    open_match,
    phase,
    status,
    steps,
    wait_after,
)
from .test_positions import expect_label


def focused_loc(page: Page) -> str | None:
    loc: str | None = page.evaluate("document.activeElement?.getAttribute('data-loc') ?? null")
    return loc


def enter_board(page: Page) -> None:
    """From the top of the page: the skip link, then into the board's points."""
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    for _ in range(4):
        if focused_loc(page) is not None:
            return
        page.keyboard.press("Tab")
    assert focused_loc(page) is not None, "no board point took the focus"


def place_centre(page: Page, loc: int | str) -> tuple[float, float]:
    box = page.locator(f"#board .target[data-loc='{loc}'] .hit").bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def arrow_to(page: Page, loc: int | str) -> None:
    """Walk the focus to a place with the arrows as a player looking at the board does: Up or Down to its row,
    then Left or Right towards it."""
    board = page.locator("#board svg").bounding_box()
    assert board is not None
    mid = board["y"] + board["height"] / 2
    target = str(loc)
    for _ in range(30):
        here = focused_loc(page)
        if here == target:
            return
        assert here is not None
        (hx, hy), (tx, ty) = place_centre(page, here), place_centre(page, target)
        if target not in ("bar", "off") and (here in ("bar", "off") or (hy < mid) != (ty < mid)):
            page.keyboard.press("ArrowUp" if ty < mid else "ArrowDown")
            if here in ("bar", "off"):
                page.keyboard.press("ArrowRight" if tx > hx else "ArrowLeft")
            continue
        page.keyboard.press("ArrowRight" if tx > hx else "ArrowLeft")
    raise AssertionError(f"could not reach {loc} with the arrow keys")


def press(page: Page, key: str) -> None:
    """Press a key that makes the page act, and wait until it has."""
    before = steps(page)
    page.keyboard.press(key)
    wait_after(page, before)


def said(page: Page, key: str) -> str:
    """Press an information key and return what the live region said."""
    count = len(announcements(page))
    page.keyboard.press(key)
    page.wait_for_function("n => (window.__announcements ?? []).length > n", arg=count)
    return announcements(page)[-1]


def test_a_turn_from_the_keyboard_alone(page: Page, site: Site) -> None:
    open_match(page, site, "31,52")
    enter_board(page)
    arrow_to(page, 8)
    page.keyboard.press("Enter")
    assert announcements(page)[-1] == "Selected point 8. It can go to 7, 5, 4."
    arrow_to(page, 5)
    press(page, "Enter")
    assert "White moves 8 to 5." in announcements(page)
    arrow_to(page, 6)
    page.keyboard.press("Enter")
    arrow_to(page, 5)
    press(page, "Enter")
    # The play is complete: said, and the turn waits.
    assert announcements(page)[-1] == (
        "White moves 6 to 5. White: play complete."
        " Press Done or Enter to end the turn, or Undo to take back a checker."
    )
    assert phase(page) == "move"
    # Still on the board (on the checker just moved), Enter ends the turn, picking nothing up; then it
    # rolls for Black.
    assert focused_loc(page) == "5"
    press(page, "Enter")
    assert "Black to roll or double" in status(page)
    assert not any(text.startswith("Selected point 5") for text in announcements(page))
    assert focused_loc(page) is not None
    press(page, "Enter")
    assert "Black to move 5 and 2" in status(page)
    assert "Black rolls 5 and 2." in announcements(page)


def test_a_complete_play_is_taken_back_by_u_and_ended_by_space(page: Page, site: Site) -> None:
    open_match(page, site, "31,52")
    enter_board(page)
    for source, dest in ((8, 5), (6, 5)):
        arrow_to(page, source)
        page.keyboard.press("Enter")
        arrow_to(page, dest)
        press(page, "Enter")
    assert status(page).startswith("White: play complete.")
    press(page, "u")
    assert announcements(page)[-1] == "White takes back the move 6 to 5."
    assert "White to move 3 and 1" in status(page)
    arrow_to(page, 6)
    page.keyboard.press("Enter")
    arrow_to(page, 5)
    press(page, "Enter")
    press(page, " ")  # Space, as Enter
    assert phase(page) == "roll"
    assert "Black to roll or double" in status(page)
    # Away from the board too, Space rolls (for Black).
    page.evaluate("document.activeElement.blur()")
    press(page, " ")
    assert "Black to move 5 and 2" in status(page)


def test_information_keys(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    enter_board(page)
    assert said(page, "c") == "White rolled 3 and 1. Left to play: 3, 1."
    assert said(page, "s") == "Score: White 0, Black 0 in a 5-point match."
    assert said(page, "t").startswith("It is White's turn.")
    assert said(page, "d") == "The cube is at 1, in the middle."
    info = said(page, "i")
    assert "Pip counts: White 167, Black 167." in info
    assert "Game 1." in info


def test_undo_and_escape_keys(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    enter_board(page)
    arrow_to(page, 13)
    page.keyboard.press("Enter")
    arrow_to(page, 10)
    press(page, "Enter")
    press(page, "u")
    assert "White takes back the move 13 to 10." in announcements(page)
    arrow_to(page, 24)
    page.keyboard.press("Enter")
    assert said(page, "Escape") == "Selection cancelled."
    # Ctrl+Z undoes too.
    arrow_to(page, 24)
    page.keyboard.press("Enter")
    arrow_to(page, 23)
    press(page, "Enter")
    press(page, "Control+z")
    assert announcements(page)[-1].startswith("White takes back the move 24 to 23.")


def test_ctrl_d_doubles_and_keeps_the_browser_shortcut_away(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    enter_board(page)
    for source, dest in ((8, 5), (6, 5)):
        arrow_to(page, source)
        page.keyboard.press("Enter")
        arrow_to(page, dest)
        press(page, "Enter")
    press(page, "Enter")  # Done
    assert phase(page) == "roll"
    page.evaluate("document.addEventListener('keydown', e => { window.__prevented = e.defaultPrevented; })")
    press(page, "Control+d")
    assert phase(page) == "doubled"
    assert page.evaluate("window.__prevented") is True
    assert "Black doubles to 2. White: take or drop?" in announcements(page)


def test_points_are_named_from_the_side_of_the_player_on_roll(page: Page, site: Site) -> None:
    open_match(page, site, "31,52")
    # White on roll: White's mid-point is point 13.
    # The places' names are drawn at the board's next animation frame, which may come after the page is idle.
    expect_label(page, 13, "Point 13, 5 white checkers")
    assert printed_numbers(page) == {str(p): str(p) for p in range(1, 25)}
    enter_board(page)
    arrow_to(page, 8)
    page.keyboard.press("Enter")
    arrow_to(page, 5)
    press(page, "Enter")
    arrow_to(page, 6)
    page.keyboard.press("Enter")
    arrow_to(page, 5)
    press(page, "Enter")
    press(page, "Enter")  # Done
    press(page, "Enter")  # Black rolls 5-2
    assert "Black to move 5 and 2" in status(page)
    # Black on roll: the same place is Black's point 12, and Black's mid-point (absolute 12) is point 13.
    expect_label(page, 13, "Point 12, 5 white checkers")
    expect_label(page, 12, "Point 13, 5 black checkers")
    # ... and the board prints the numbers its names say, under every point.
    assert printed_numbers(page) == {str(p): str(25 - p) for p in range(1, 25)}
    # The keyboard's focus walks over the same names.
    arrow_to(page, 13)
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Point 12, 5 white checkers"


def printed_numbers(page: Page) -> dict[str, str]:
    """The number printed at each point (absolute point -> text), once drawn."""
    numbers: dict[str, str] = page.eval_on_selector_all(
        "#board text.point-number[data-point]",
        "els => Object.fromEntries(els.map((e) => [e.dataset.point, e.textContent]))",
    )
    return numbers
