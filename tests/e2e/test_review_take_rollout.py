"""Rolling out a take decision from the review (web/review/rollout.js, the panel's taker mode in web/engine/
rollout-panel.js): the doubler's cube decision rolled out cubefully on the pool and seen from the side that
answers the double: take or pass, which is right, the difference ± its error, significant or not; shown with
the decision and kept with the match's analysis. A tiny rollout (36 trials cut at 2 plies): a rollout in
Pyodide is slow."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import Site, screenshot
from .test_review import analyse, decisions, open_saved, stored_analysis, two_game_match, wait_analysis
from .test_review_rollout import go_to
from .test_rollout_page import ROLLOUT_TIMEOUT_MS, WORKERS_KEY


def a_take_decision(analysis: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The first take decision review lists (a double answered)."""
    found = [(i, d) for i, d in enumerate(decisions(analysis)) if d["kind"] == "take"]
    assert found, "no take decision in the match's review"
    return found[0]


def test_a_take_decision_rolled_out_in_review_says_take_or_pass(page: Page, site: Site) -> None:
    open_saved(page, site, two_game_match())
    page.click("#review-button")
    analyse(page)
    wait_analysis(page)
    analysis = stored_analysis(page)["entries"][0]["analysis"]
    at, decision = a_take_decision(analysis)
    go_to(page, at)
    button = page.locator("#review-decision button[data-rollout]")
    expect(button).to_have_text("Roll out")

    page.evaluate("([key, n]) => localStorage.setItem(key, n)", [WORKERS_KEY, "2"])
    button.click()
    panel = page.locator("#review-rollout #rollout-panel")
    expect(panel).to_be_visible()
    expect(page.locator("#rollout-what")).to_contain_text("The take decision")
    expect(page.locator("#rollout-cubeful")).to_be_checked()
    expect(page.locator("#rollout-cubeful")).to_be_disabled()
    page.select_option("#rollout-trials", "36")
    page.fill("#rollout-truncation", "2")
    page.fill("#rollout-seed", "3")
    page.click("#rollout-start")
    expect(panel).to_have_attribute("data-state", "done", timeout=ROLLOUT_TIMEOUT_MS)
    verdict: dict[str, Any] = json.loads(
        page.locator("#rollout-figures").get_attribute("data-result") or "null"
    )

    # The taker's answers: take and pass, the right one worth more to the taker (a match: its chances).
    assert [a["action"] for a in verdict["actions"]] == ["take", "pass"]
    assert verdict["trials"] == 36 and verdict["unit"] == "mwc"
    values = {a["action"]: a["equity"] for a in verdict["actions"]}
    assert verdict["best"] == max(values, key=lambda a: values[a])
    take_error = verdict["actions"][0]["error"]
    assert take_error > 0 and verdict["actions"][1]["error"] == 0
    assert verdict["significant"] == (abs(values["take"] - values["pass"]) > 1.96 * take_error)
    # A pass gives the doubler the cube's value: the taker's match chances after losing it.
    assert 0 < values["pass"] < 1

    # Shown with the decision in words a player reads, and kept with the analysis under the decision's key.
    kept_view = page.locator("#review-decision .review-rollout-kept")
    expect(kept_view.locator(".rolled-out")).to_have_text(
        "Rolled out: 36 trials, each stopped after 2 plies, seed 3, cubeful.", timeout=30_000
    )
    expect(kept_view.locator(".rollout-verdict")).to_have_text(f"Right answer: {verdict['summary']}")
    words = "not significant" if not verdict["significant"] else ", significant."
    expect(kept_view.locator(".rollout-verdict")).to_contain_text(words)
    rows = kept_view.locator("tr[data-action]")
    expect(rows).to_have_count(2)
    assert [rows.nth(i).inner_text().split("\t")[0] for i in range(2)] == ["Take", "Pass"]
    expect(kept_view.locator(f"tr[data-action='{verdict['best']}']")).to_contain_text("right")
    # Once on the page while the panel is still open: with the decision, the panel pointing to it.
    expect(page.locator(".rollout-verdict")).to_have_count(1)
    expect(page.locator("#review-rollout #rollout-figures tr")).to_have_count(0)
    expect(page.locator("#rollout-figures")).to_have_text("The result is shown with the decision, above.")
    entry = stored_analysis(page)["entries"][0]
    kept = entry["rollouts"][f"{decision['position_id']}:{decision['match_id']}"]
    assert kept["cubeful"] is True and kept["cube"] == verdict

    screenshot(page, "review-take-rollout-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    kept_view.scroll_into_view_if_needed()
    screenshot(page, "review-take-rollout-phone", full_page=False)
    page.set_viewport_size({"width": 1280, "height": 900})

    # Shown again when review comes back to the decision.
    go_to(page, 0)
    go_to(page, at)
    expect(page.locator("#review-decision .review-rollout-kept .rollout-verdict")).to_have_text(
        f"Right answer: {verdict['summary']}"
    )
