"""Rolling out a decision from the review (web/review/rollout.js, with the hint's panel: web/engine/
rollout-panel.js): the decision's best plays and the play made rolled out on the pool, the result kept with
the match's analysis in the browser's storage and shown for that decision again after a reload. A tiny
rollout (12 trials cut at 3 plies, one worker, a count the tests add to the list): a rollout in Pyodide is
slow (docs/performance.md)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from .conftest import Site, screenshot
from .test_review import (
    analyse,
    computer_match,
    decisions,
    open_saved,
    reload,
    stored_analysis,
    wait_analysis,
)
from .test_rollout_page import OFFER_SMALL_TRIALS, ROLLOUT_TIMEOUT_MS, SMALL_TRIALS, WORKERS_KEY


def a_decision_to_roll_out(analysis: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The first checker decision whose play made is not among the best three (else the first with a
    choice)."""
    listed = enumerate(decisions(analysis))
    moves = [(i, d) for i, d in listed if d["kind"] == "move" and len(d["plays"]) >= 2]
    assert moves, "no checker decision with a choice"
    beyond = [(i, d) for i, d in moves if not any(p["played"] for p in d["plays"][:3])]
    return (beyond or moves)[0]


def go_to(page: Page, at: int) -> None:
    page.click(f"#review-moves button[data-at='{at}']")
    expect(page.locator("#review-panel")).to_have_attribute("data-at", str(at))


def rolled_out_rows(page: Page) -> list[str]:
    rows = page.locator("#review-decision .review-rollout-kept tr")
    expect(rows.first).to_be_visible(timeout=30_000)
    return [rows.nth(i).inner_text() for i in range(rows.count())]


def test_a_decision_rolled_out_in_review_is_kept_with_the_analysis(page: Page, site: Site) -> None:
    page.add_init_script(OFFER_SMALL_TRIALS)
    open_saved(page, site, computer_match())
    page.click("#review-button")
    analyse(page)
    wait_analysis(page)
    analysis = stored_analysis(page)["entries"][0]["analysis"]
    at, decision = a_decision_to_roll_out(analysis)
    best = [p["play"] for p in decision["plays"][:3]]
    made = next(p["play"] for p in decision["plays"] if p["played"])
    plays = best if made in best else [*best, made]

    go_to(page, at)
    expect(page.locator("#review-decision .review-rollout-kept")).to_have_count(0)
    page.evaluate("([key, n]) => localStorage.setItem(key, n)", [WORKERS_KEY, "1"])
    page.click("#review-decision button[data-rollout]")
    panel = page.locator("#review-rollout #rollout-panel")
    expect(panel).to_be_visible()
    # The best three and the play made when it is not among them.
    expect(page.locator("#rollout-what")).to_contain_text(" · ".join(plays))
    page.select_option("#rollout-trials", SMALL_TRIALS)
    page.fill("#rollout-truncation", "3")
    page.fill("#rollout-seed", "7")
    page.click("#rollout-start")
    expect(panel).to_have_attribute("data-state", "done", timeout=ROLLOUT_TIMEOUT_MS)

    # Shown with the decision: what was rolled out, and the table (a heading and a row a play).
    expect(page.locator("#review-decision .rolled-out")).to_have_text(
        "Rolled out: 12 trials, each stopped after 3 plies, seed 7.", timeout=30_000
    )
    shown = rolled_out_rows(page)
    assert len(shown) == 1 + len(plays)
    # Once on the page: the panel under the decision points to it rather than showing the table again.
    expect(page.locator("#review-rollout #rollout-figures tr")).to_have_count(0)
    assert sorted(row.split("\t")[0] for row in shown[1:]) == sorted(plays)
    screenshot(page, "review-rollout-done")

    # Kept with the match's analysis, under the decision's IDs.
    entry = stored_analysis(page)["entries"][0]
    kept = entry["rollouts"][f"{decision['position_id']}:{decision['match_id']}"]
    assert kept["plays"] == plays
    assert (kept["trials"], kept["truncation"], kept["seed"]) == (12, 3, 7)
    assert kept["result"]["trials"] == 12

    reload(page)
    page.click("#review-button")
    wait_analysis(page)
    assert page.get_attribute("html", "data-analysis-source") == "stored"
    go_to(page, at)
    expect(page.locator("#review-decision .rolled-out")).to_have_text(
        "Rolled out: 12 trials, each stopped after 3 plies, seed 7.", timeout=30_000
    )
    assert rolled_out_rows(page) == shown
    expect(page.locator("#review-decision button[data-rollout]")).to_have_text("Roll out again")
    # Another decision shows no rollout of its own.
    go_to(page, 0 if at else 1)
    expect(page.locator("#review-decision .review-rollout-kept")).to_have_count(0)

    # The match analysed again: the analysis that replaces the saved one keeps its rollouts.
    analyse(page)
    expect(page.locator("html")).to_have_attribute("data-analysis-source", "computed", timeout=90_000)
    go_to(page, at)
    assert rolled_out_rows(page) == shown
