"""The deep analysis (depth 2) in the page: chosen in the review panel and remembered, its 2-ply looks done a
roll at a time by the worker (a decision takes seconds, longer than a worker step), the page responsive."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from backgammon import Position

from .conftest import Site
from .test_review import PREFERENCES_KEY, analyse, open_saved, reload, stored_analysis, wait_analysis


def opening_record() -> dict[str, object]:
    # A set-up money game at the starting position: White rolls 3-1 and plays 24/23 24/21 (8/5 6/5 is
    # the book play), one checker decision with a real choice.
    actions = [
        {"type": "roll", "dice": [3, 1]},
        {"type": "move", "from": 24, "to": 21},
        {"type": "move", "from": 24, "to": 23},
        {"type": "confirm"},
    ]
    return {
        "format": "backgammon-match",
        "schema": 1,
        "settings": {"match_length": 0},
        "players": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}],
        "setup": {"position_id": Position.start().id, "match_id": None},
        "games": [{"actions": actions}],
    }


def test_a_deep_analysis_judges_the_leading_plays_at_two_ply(page: Page, site: Site) -> None:
    open_saved(page, site, opening_record(), depth=1)
    page.click("#review-button")
    expect(page.locator("#review-panel")).to_be_visible()
    analyse(page, depth=2)
    wait_analysis(page)
    analysis = stored_analysis(page)["entries"][0]["analysis"]
    assert analysis["depth"] == 2
    move = next(d for g in analysis["games"] for d in g["decisions"] if d["kind"] == "move")
    assert move["played"] == "24/23 24/21" and move["error"] > 0
    assert sum(play["plies"] == 2 for play in move["plays"]) >= 2
    expect(page.locator("#review-summary")).to_contain_text("Depth 2 (deep, 2-ply).")
    preferences = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(PREFERENCES_KEY)})"))
    assert preferences["analysisDepth"] == 2
    # The choice is offered first next time.
    reload(page)
    page.click("#review-button")
    expect(page.locator("#review-panel")).to_be_visible()
    expect(page.locator("#analysis-depth")).to_have_value("2")
