"""Rolling out a cube decision and a take decision from the review (web/review/rollout.js, the panel's cube
and taker modes in web/engine/rollout-panel.js), one page and one analysis for both: no double and double/take
rolled out cubefully on the pool, double/pass worked out, the three shown with the proper action; the take
decision the same rollout seen from the side that answers the double: take or pass, which is right, the
difference ± its error, significant or not; each shown once, with the decision, and kept with the match's
analysis. Tiny rollouts (12 trials cut at 2 plies): a rollout in Pyodide is slow. The same figures with 1
worker or 2: tests/e2e/test_rollout_page.py and the tally's units (tests/units/test_pool_units.py)."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Locator, Page, expect

from .conftest import Site, screenshot
from .test_review import analyse, decisions, open_saved, stored_analysis, two_game_match, wait_analysis
from .test_review_rollout import go_to
from .test_rollout_page import OFFER_SMALL_TRIALS, ROLLOUT_TIMEOUT_MS, SMALL_TRIALS, WORKERS_KEY

ACTIONS = ["No double", "Double, take", "Double, pass"]


def a_cube_decision(analysis: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The first doubler's decision review lists (a double, or a no double that was close or marked)."""
    found = [(i, d) for i, d in enumerate(decisions(analysis)) if d["kind"] == "double"]
    assert found, "no cube decision in the match's review"
    return found[0]


def kept_and_shown(
    page: Page, decision: dict[str, Any], verdict: dict[str, Any], kept_view: Locator, name: str
) -> None:
    """The verdict kept with the analysis under the decision's key; screenshots of it, desktop and phone."""
    entry = stored_analysis(page)["entries"][0]
    kept = entry["rollouts"][f"{decision['position_id']}:{decision['match_id']}"]
    assert kept["cubeful"] is True and kept["cube"] == verdict
    screenshot(page, f"{name}-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    kept_view.scroll_into_view_if_needed()
    screenshot(page, f"{name}-phone", full_page=False)
    page.set_viewport_size({"width": 1280, "height": 900})


def roll_out_decision(page: Page, workers: int, what: str) -> dict[str, Any]:
    """Open the panel under the decision (`what`: how the panel names it), roll it out on `workers` workers,
    and read the verdict in full."""
    page.evaluate("([key, n]) => localStorage.setItem(key, n)", [WORKERS_KEY, str(workers)])
    page.click("#review-decision button[data-rollout]")
    panel = page.locator("#review-rollout #rollout-panel")
    expect(panel).to_be_visible()
    expect(page.locator("#rollout-what")).to_contain_text(what)
    # A cube or take decision is rolled out with the cube live, always.
    expect(page.locator("#rollout-cubeful")).to_be_checked()
    expect(page.locator("#rollout-cubeful")).to_be_disabled()
    page.select_option("#rollout-trials", SMALL_TRIALS)
    page.fill("#rollout-truncation", "2")
    page.fill("#rollout-seed", "3")
    page.click("#rollout-start")
    expect(panel).to_have_attribute("data-workers", str(workers))
    expect(panel).to_have_attribute("data-state", "done", timeout=ROLLOUT_TIMEOUT_MS)
    verdict: dict[str, Any] = json.loads(
        page.locator("#rollout-figures").get_attribute("data-result") or "null"
    )
    return verdict


def a_take_decision(analysis: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The first take decision review lists (a double answered)."""
    found = [(i, d) for i, d in enumerate(decisions(analysis)) if d["kind"] == "take"]
    assert found, "no take decision in the match's review"
    return found[0]


def test_a_cube_and_a_take_decision_rolled_out_in_review(page: Page, site: Site) -> None:
    page.add_init_script(OFFER_SMALL_TRIALS)
    open_saved(page, site, two_game_match())
    page.click("#review-button")
    analyse(page)
    wait_analysis(page)
    analysis = stored_analysis(page)["entries"][0]["analysis"]
    at, decision = a_cube_decision(analysis)
    go_to(page, at)
    expect(page.locator("#review-decision button[data-rollout]")).to_have_text("Roll out")

    one = roll_out_decision(page, 2, "The cube decision")
    assert [a["action"] for a in one["actions"]] == ["no_double", "double_take", "double_pass"]
    assert one["trials"] == 12 and one["unit"] == "mwc"
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
        "Rolled out: 12 trials, each stopped after 2 plies, seed 3, cubeful.", timeout=30_000
    )
    expect(kept_view.locator(".rollout-verdict")).to_have_text(f"Proper cube action: {one['summary']}")
    rows = kept_view.locator("tr[data-action]")
    expect(rows).to_have_count(3)
    assert [rows.nth(i).inner_text().split("\t")[0] for i in range(3)] == ACTIONS
    expect(kept_view.locator(f"tr[data-action='{one['best']}']")).to_contain_text("proper")
    expect(page.locator(".rollout-verdict")).to_have_count(1)  # once, not again in the panel under it
    kept_and_shown(page, decision, one, kept_view, "review-cube-rollout")

    expect(page.locator("#review-decision button[data-rollout]")).to_have_text("Roll out again")

    # The take decision, in the same review.
    take_decision(page, analysis)


def take_decision(page: Page, analysis: dict[str, Any]) -> None:
    """Roll out the first take decision on 2 workers: the taker's verdict, shown once, kept, shown again."""
    at, decision = a_take_decision(analysis)
    go_to(page, at)
    button = page.locator("#review-decision button[data-rollout]")
    expect(button).to_have_text("Roll out")

    verdict = roll_out_decision(page, 2, "The take decision")

    # The taker's answers: take and pass, the right one worth more to the taker (a match: its chances).
    assert [a["action"] for a in verdict["actions"]] == ["take", "pass"]
    assert verdict["trials"] == 12 and verdict["unit"] == "mwc"
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
        "Rolled out: 12 trials, each stopped after 2 plies, seed 3, cubeful.", timeout=30_000
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
    kept_and_shown(page, decision, verdict, kept_view, "review-take-rollout")

    # Shown again when review comes back to the decision.
    go_to(page, 0)
    go_to(page, at)
    expect(page.locator("#review-decision .review-rollout-kept .rollout-verdict")).to_have_text(
        f"Right answer: {verdict['summary']}"
    )
