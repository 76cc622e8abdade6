"""*Roll out* from the position editor: with dice set, the best plays of the roll rolled out as the hint's are
(the same plays, the same figures to the last bit); on roll without dice, the position itself before the roll,
cubeless, to the rules core's own figures; an illegal position refused in words (a double offered:
tests/e2e/test_setup_take_rollout.py). Tiny rollouts (12 trials cut at 2 plies, a count the tests add to the
list): a rollout in Pyodide is slow (docs/performance.md, "Rollout speed")."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from backgammon import Position
from backgammon.bot.rollout_methods import chunk_method, result_method

from .conftest import Site, screenshot
from .match_driver import open_match, wait_idle
from .test_positions import open_editor, wait_checked
from .test_rollout_page import OFFER_SMALL_TRIALS, SMALL_TRIALS, full_result, open_panel

WORKERS_KEY = "backgammon.workers"
# The expert's hint (a look-ahead at its best plays) on a loaded machine.
HINT_TIMEOUT_MS = 120_000
# A worker's Pyodide started, then 12 short trials: minutes when the machine is loaded.
ROLLOUT_TIMEOUT_MS = 900_000


def result_rows(page: Page) -> list[str]:
    """The result's rows once the rollout is done (tests/e2e/test_rollout_page.py's, with room for a machine
    loaded by other work)."""
    expect(page.locator("#rollout-panel")).to_have_attribute("data-state", "done", timeout=ROLLOUT_TIMEOUT_MS)
    rows = page.locator("#rollout-figures tr")
    return [rows.nth(i).inner_text() for i in range(rows.count())]


def start_rollout(page: Page, truncation: str) -> None:
    """The panel's settings (12 trials, seed 7, one worker), then Start."""
    page.evaluate("([key, n]) => localStorage.setItem(key, n)", [WORKERS_KEY, "1"])
    page.select_option("#rollout-trials", SMALL_TRIALS)
    page.fill("#rollout-truncation", truncation)
    page.fill("#rollout-seed", "7")
    page.click("#rollout-start")
    expect(page.locator("#rollout-panel")).to_have_attribute("data-state", "running")


def test_a_roll_set_in_the_editor_rolls_out_the_plays_the_hint_would(page: Page, site: Site) -> None:
    page.add_init_script(OFFER_SMALL_TRIALS)
    open_match(page, site, "31")  # White opens with 3-1: the editor starts from it, dice set
    open_editor(page)
    assert wait_checked(page) == "ok"
    page.click("#setup-rollout")
    panel = page.locator("#rollout-panel")
    expect(page.locator("#setup-rollout-line")).to_have_text("Finding the best plays of the roll…")
    expect(panel).to_be_visible(timeout=HINT_TIMEOUT_MS)
    expect(page.locator("#setup-rollout-line")).to_be_hidden()
    expect(page.locator("#setup-panel #rollout-panel")).to_have_count(1)  # under the editor
    expect(page.locator("#rollout-what")).to_contain_text("White's best 3 plays of 3-1 in this position: ")
    start_rollout(page, truncation="2")
    from_editor = result_rows(page)
    from_editor_in_full = full_result(page)
    assert len(from_editor) == 4 and "best" in from_editor[1]
    screenshot(page, "setup-rollout-desktop")
    # Leaving the editor closes the panel and puts it back; the same roll's hint in play rolls out the same
    # plays to the same figures.
    page.click("#setup-editor button[value=cancel]")
    expect(page.locator("html")).not_to_have_attribute("data-mode", "setup")
    expect(panel).to_be_hidden()
    wait_idle(page)
    open_panel(page)
    start_rollout(page, truncation="2")
    assert result_rows(page) == from_editor
    assert full_result(page) == from_editor_in_full


def core_rollout_before_the_roll(position_id: str) -> dict[str, Any]:
    """The rules core's rollout of a position before its roll (money, cube 1), as the page asks for it."""
    params: dict[str, Any] = {
        "position_id": position_id,
        "trials": 12,
        "truncation": 2,
        "seed": 7,
        "variance_reduction": True,
        "rotate": True,
        "stop_at_bearoff": True,
        "cube_value": 1,
    }
    chunks = [chunk_method({**params, "first": i, "count": 1}) for i in range(12)]
    result: dict[str, Any] = dict(result_method({"chunks": chunks}))
    return result


def test_a_position_on_roll_is_rolled_out_before_the_roll_and_an_illegal_one_is_refused(
    page: Page, site: Site
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.add_init_script(OFFER_SMALL_TRIALS)
    open_match(page, site, "31")
    open_editor(page)
    page.fill("#setup-editor input[name=match_length]", "0")  # a money session
    page.select_option("#setup-editor select[name=die1]", "0")  # to roll
    assert wait_checked(page) == "ok"
    line = page.locator("#setup-rollout-line")
    # An illegal position: said, nothing opened.
    page.click("#setup-clear")
    assert wait_checked(page) == "problems"
    page.click("#setup-rollout")
    expect(line).to_contain_text("cannot be rolled out until it is legal")
    expect(page.locator("#rollout-panel")).to_be_hidden()
    page.click("#setup-start")
    assert wait_checked(page) == "ok"

    page.click("#setup-rollout")
    expect(page.locator("#rollout-panel")).to_be_visible(timeout=HINT_TIMEOUT_MS)
    expect(line).to_be_hidden()
    expect(page.locator("#rollout-what")).to_have_text(
        "This position with White on roll, before the roll, cubeless: the cube is not turned in the trials."
    )
    start_rollout(page, truncation="2")
    rows = result_rows(page)
    assert len(rows) == 2 and rows[1].startswith("White on roll\t")
    page.locator("#rollout-figures").scroll_into_view_if_needed()
    screenshot(page, "setup-rollout-phone", full_page=False)
    page_result: Any = full_result(page)
    core = core_rollout_before_the_roll(Position.start().id)
    assert page_result["trials"] == core["trials"] == 12
    for figure in ("win", "win_gammon", "lose", "lose_gammon", "equity"):
        assert abs(page_result["candidates"][0][figure] - core["candidates"][0][figure]) < 1e-6, json.dumps(
            [page_result, core]
        )
    # Not the figures of the board after a play (the other side to roll): the side on roll's, before its roll.
    assert page_result["candidates"][0]["win"] > 0.5
