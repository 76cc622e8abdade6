"""*Roll out* from the position editor with a double offered: the take decision rolled out cubefully at the
editor's score and cube (the doubler's double/take, double/pass worked out), seen from the taker: take or
pass, the figures the rules core's own for that score and cube. A tiny rollout (12 trials cut at 2 plies, a
count the tests add to the panel's list)."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from backgammon import Position
from backgammon.bot.rollout_methods import chunk_method, take_result_method

from .conftest import Site, screenshot
from .match_driver import open_match
from .test_positions import open_editor, wait_checked
from .test_rollout_page import OFFER_SMALL_TRIALS, full_result
from .test_setup_rollout import HINT_TIMEOUT_MS, start_rollout

# White (on roll) leads 2-1 in a 5-point match, holds the cube at 2 and redoubles to 4: 3-away 4-away.
SCORE = {"away": 3, "opponent_away": 4, "crawford_game": False, "post_crawford": False, "cube_value": 2}


def core_take_rollout(position_id: str) -> dict[str, Any]:
    """The rules core's rollout of the take decision at SCORE, the cube White's, as the page asks for it."""
    params: dict[str, Any] = {
        "position_id": position_id,
        "cube_decision": True,
        "cubeful": True,
        "cube_owner": "me",
        "trials": 12,
        "truncation": 2,
        "seed": 7,
        "variance_reduction": True,
        "rotate": True,
        "stop_at_bearoff": True,
        **SCORE,
    }
    chunks = [chunk_method({**params, "first": i, "count": 1}) for i in range(12)]
    result: dict[str, Any] = dict(take_result_method({"chunks": chunks, **SCORE}))
    return result


def test_a_double_offered_in_the_editor_rolls_out_the_take_decision(page: Page, site: Site) -> None:
    page.add_init_script(OFFER_SMALL_TRIALS)  # start_rollout chooses 12 trials
    open_match(page, site, "31")
    open_editor(page)
    page.fill("#setup-editor input[name=match_length]", "5")
    page.fill("#setup-editor input[name=score0]", "2")
    page.fill("#setup-editor input[name=score1]", "1")
    page.select_option("#setup-editor select[name=cube_value]", "2")
    page.select_option("#setup-editor select[name=cube_owner]", "0")
    page.check("#setup-editor input[name=doubled]")
    assert wait_checked(page) == "ok"
    expect(page.locator("#setup-doubled-text")).to_have_text("White has doubled: Black to take or drop")

    page.click("#setup-rollout")
    panel = page.locator("#setup-panel #rollout-panel")
    expect(panel).to_be_visible(timeout=HINT_TIMEOUT_MS)
    expect(page.locator("#setup-rollout-line")).to_be_hidden()
    expect(page.locator("#rollout-what")).to_have_text(
        "Black's answer to White's double to 4, at this score and cube: double/take rolled out, double/pass"
        " worked out, seen from Black: take or pass."
    )
    expect(page.locator("#rollout-cubeful")).to_be_checked()
    expect(page.locator("#rollout-cubeful")).to_be_disabled()
    start_rollout(page, truncation="2")
    expect(panel).to_have_attribute("data-state", "done", timeout=900_000)
    verdict: Any = full_result(page)

    # What a player reads: the right answer in words, a row for take and one for pass.
    expect(page.locator("#rollout-figures .rollout-verdict")).to_have_text(
        f"Right answer: {verdict['summary']}"
    )
    rows = page.locator("#rollout-figures tr[data-action]")
    expect(rows).to_have_count(2)
    expect(page.locator(f"#rollout-figures tr[data-action='{verdict['best']}']")).to_contain_text("right")
    page.locator("#rollout-figures").scroll_into_view_if_needed()
    screenshot(page, "setup-take-rollout-desktop", full_page=False)
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#rollout-figures").scroll_into_view_if_needed()
    screenshot(page, "setup-take-rollout-phone", full_page=False)

    # The rules core's own figures for this score and cube (a cube of 1 or money would differ).
    core = core_take_rollout(Position.start().id)
    assert verdict["unit"] == "mwc" and verdict["trials"] == 12 and verdict["best"] == core["best"]
    for mine, theirs in zip(verdict["actions"], core["actions"], strict=True):
        assert mine["action"] == theirs["action"]
        for figure in ("equity", "error", "difference"):
            assert abs(mine[figure] - theirs[figure]) < 1e-6, json.dumps(
                [verdict["actions"], core["actions"]]
            )
