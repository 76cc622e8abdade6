"""Rolling out a cube decision from the review (web/review/rollout.js, the panel's cube mode in web/engine/
rollout-panel.js): no double and double/take rolled out cubefully on the pool, double/pass worked out, the
three shown with the proper action; kept with the match's analysis; the same figures, bit for bit, with one
worker or two. A tiny rollout (36 trials cut at 2 plies): a rollout in Pyodide is slow."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import Site, screenshot
from .test_review import analyse, decisions, open_saved, stored_analysis, two_game_match, wait_analysis
from .test_review_rollout import go_to
from .test_rollout_page import ROLLOUT_TIMEOUT_MS, WORKERS_KEY

ACTIONS = ["No double", "Double, take", "Double, pass"]


def a_cube_decision(analysis: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The first doubler's decision review lists (a double, or a no double that was close or marked)."""
    found = [(i, d) for i, d in enumerate(decisions(analysis)) if d["kind"] == "double"]
    assert found, "no cube decision in the match's review"
    return found[0]


def roll_out_cube(page: Page, workers: int) -> dict[str, Any]:
    """Open the panel under the decision, roll it out on `workers` workers, and read the verdict in full."""
    page.evaluate("([key, n]) => localStorage.setItem(key, n)", [WORKERS_KEY, str(workers)])
    page.click("#review-decision button[data-rollout]")
    panel = page.locator("#review-rollout #rollout-panel")
    expect(panel).to_be_visible()
    expect(page.locator("#rollout-what")).to_contain_text("The cube decision")
    # A cube decision is rolled out with the cube live, always.
    expect(page.locator("#rollout-cubeful")).to_be_checked()
    expect(page.locator("#rollout-cubeful")).to_be_disabled()
    page.select_option("#rollout-trials", "36")
    page.fill("#rollout-truncation", "2")
    page.fill("#rollout-seed", "3")
    page.click("#rollout-start")
    expect(panel).to_have_attribute("data-workers", str(workers))
    expect(panel).to_have_attribute("data-state", "done", timeout=ROLLOUT_TIMEOUT_MS)
    verdict: dict[str, Any] = json.loads(
        page.locator("#rollout-figures").get_attribute("data-result") or "null"
    )
    return verdict


def test_a_cube_decision_rolled_out_in_review_the_same_with_one_worker_or_two(page: Page, site: Site) -> None:
    open_saved(page, site, two_game_match())
    page.click("#review-button")
    analyse(page)
    wait_analysis(page)
    analysis = stored_analysis(page)["entries"][0]["analysis"]
    at, decision = a_cube_decision(analysis)
    go_to(page, at)
    expect(page.locator("#review-decision button[data-rollout]")).to_have_text("Roll out")

    one = roll_out_cube(page, 1)
    assert [a["action"] for a in one["actions"]] == ["no_double", "double_take", "double_pass"]
    assert one["trials"] == 36 and one["unit"] == "mwc"
    # The proper action is the best of the three for the doubler, the taker answering at best.
    values = {a["action"]: a["equity"] for a in one["actions"]}
    answered = min(values["double_take"], values["double_pass"])
    assert one["best"] == (
        "no_double"
        if values["no_double"] >= answered
        else min(("double_take", "double_pass"), key=lambda a: values[a])
    )

    # Shown with the decision, the proper action in words and a row an action; kept with the analysis.
    kept_view = page.locator("#review-decision .review-rollout-kept")
    expect(kept_view.locator(".rolled-out")).to_have_text(
        "Rolled out: 36 trials, each stopped after 2 plies, seed 3, cubeful.", timeout=30_000
    )
    expect(kept_view.locator(".rollout-verdict")).to_have_text(f"Proper cube action: {one['summary']}")
    rows = kept_view.locator("tr[data-action]")
    expect(rows).to_have_count(3)
    assert [rows.nth(i).inner_text().split("\t")[0] for i in range(3)] == ACTIONS
    expect(kept_view.locator(f"tr[data-action='{one['best']}']")).to_contain_text("proper")
    entry = stored_analysis(page)["entries"][0]
    kept = entry["rollouts"][f"{decision['position_id']}:{decision['match_id']}"]
    assert kept["cubeful"] is True and kept["cube"] == one
    screenshot(page, "review-cube-rollout-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    kept_view.scroll_into_view_if_needed()
    screenshot(page, "review-cube-rollout-phone", full_page=False)
    page.set_viewport_size({"width": 1280, "height": 900})

    # Two workers: the same figures to the last bit.
    expect(page.locator("#review-decision button[data-rollout]")).to_have_text("Roll out again")
    two = roll_out_cube(page, 2)
    assert two == one
