"""Resignations in review (web/review/decision.js, summary.js, words.js): a match where Bob resigns a gammon
in the second turn of the game, Ann rejects it, Bob resigns a single game and Ann accepts. The move list names
each offer and answer with its mark; each shows what the game was worth to the resigner against the points
given up and says in words who should have done what and what the choice cost; the summary counts them apart
from the error rates (as GNU Backgammon does)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from .conftest import Site, screenshot
from .test_review import api_call, at, decisions
from .test_review_tools import analysed

MINUS = "\N{MINUS SIGN}"


def resigned_match() -> dict[str, Any]:
    """A 3-point match of two humans: Ann opens 31 (8/5 6/5); Bob offers a gammon, Ann rejects it; Bob offers
    a single game, Ann accepts. Both offers give away far more than Bob's game is worth (about -0.26 EMG);
    rejecting the gammon throws away two points Ann would have been glad of."""
    players = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    api_call("new_match", {"settings": {"match_length": 3}, "players": players})
    actions = [
        {"type": "roll", "dice": [3, 1]},
        {"type": "move", "from": 8, "to": 5},
        {"type": "move", "from": 6, "to": 5},
        {"type": "confirm"},
        {"type": "resign", "kind": "gammon"},
        {"type": "reject_resign"},
        {"type": "resign", "kind": "single"},
        {"type": "accept_resign"},
    ]
    result: dict[str, Any] = {}
    for action in actions:
        result = api_call("act", {"action": action})
    assert result["view"]["phase"] == "game_over"
    record: dict[str, Any] = result["record"]
    return record


def test_a_resignation_and_its_answer_are_listed_with_their_verdicts_in_words(page: Page, site: Site) -> None:
    analysis = analysed(page, site, resigned_match())
    steps = decisions(analysis)
    kinds = [(d["kind"], d["played"]) for d in steps]
    assert kinds == [
        ("move", "8/5 6/5"),
        ("resign", "resign gammon"),
        ("accept", "reject"),
        ("resign", "resign single"),
        ("accept", "accept"),
    ]
    buttons = page.locator("#review-moves button")
    expect(buttons).to_have_count(5)
    expect(buttons.nth(1)).to_have_text("Bob Resigns a gammon ??")
    expect(buttons.nth(2)).to_have_text("Ann Rejects the resignation ??")
    expect(buttons.nth(3)).to_have_text("Bob Resigns a single game ??")
    expect(buttons.nth(4)).to_have_text("Ann Accepts the resignation")

    # Bob's offer of a gammon: his game against the two points, the verdict and its cost, in EMG.
    buttons.nth(1).click()
    assert at(page) == 1
    offer = steps[1]
    equities = offer["resign_equities"]
    box = page.locator("#review-decision")
    expect(box.locator("h3")).to_have_text("Bob: resign a gammon or play on?")
    expect(box.locator(".made")).to_contain_text("Played: Resigns a gammon ?? very bad")
    expect(box.locator(".best")).to_have_text("Best: play on")
    table = box.locator(".resign-table")
    expect(table.locator("caption")).to_have_text("What the game is worth to Bob (EMG)")
    expect(table.locator("tr")).to_have_count(3)
    play_on = f"{equities['play_on']:+.3f}".replace("-", MINUS)
    expect(table.locator("tr").nth(1)).to_contain_text(f"Play on{play_on}")
    expect(table.locator("tr").nth(2)).to_contain_text("Resign a gammon (2 points)")
    verdict = box.locator(".resign-verdict")
    expect(verdict).to_contain_text("Bob's game is worth more than the 2 points given up: Bob should play on")
    expect(verdict).to_contain_text(f"Resigning cost {offer['error'] / 1000:.3f} EMG.")
    screenshot(page, "review-resignation-offered")

    # Ann's rejection: she should have taken the two points.
    page.keyboard.press("ArrowRight")
    assert at(page) == 2
    expect(box.locator("h3")).to_have_text("Ann: accept or reject Bob's resignation of a gammon?")
    expect(box.locator(".best")).to_have_text("Best: accept")
    expect(box.locator(".resign-verdict")).to_contain_text(
        "The resignation gives Ann 2 points, at least what playing on is worth: Ann should accept."
    )
    expect(box.locator(".resign-verdict")).to_contain_text("Rejecting cost ")
    screenshot(page, "review-resignation-rejected")
    for width, height in ((390, 844), (844, 390)):  # a phone upright and sideways: to look at
        page.set_viewport_size({"width": width, "height": height})
        buttons.nth(2).click()  # tapped in the list, as on a phone
        expect(box.locator(".resign-verdict")).to_be_visible()
        screenshot(page, f"review-resignation-rejected-{width}x{height}", full_page=False)
    page.set_viewport_size({"width": 1280, "height": 800})

    # The single game accepted: right.
    buttons.nth(4).click()
    expect(box.locator(".resign-verdict")).to_contain_text("Accepting was right.")

    # MWC, as the player may choose in a match: the equities and the cost follow.
    page.select_option("#review-unit", "mwc")
    buttons.nth(1).click()
    expect(table.locator("caption")).to_have_text("What the game is worth to Bob (MWC)")
    cost = f"Resigning cost {offer['error_mwc']:.2f}% MWC."
    expect(box.locator(".resign-verdict")).to_contain_text(cost)

    # The summary counts them apart from the rates.
    summary = page.locator("#review-summary table")
    row = summary.locator("tr", has_text="Resignations (outside the rates")
    expect(row).to_have_count(1)
    expect(row.locator("td").nth(0)).to_contain_text("2 answered, 1 wrong")
    expect(row.locator("td").nth(1)).to_contain_text("2 offered, 2 wrong")
    ann, bob = analysis["players"]
    assert bob["resignations"] == 2 and bob["wrong_resignations"] == 2 and bob["overall_error_total"] == 0.0
    assert ann["resignation_answers"] == 2 and ann["wrong_rejects"] == 1
    page.select_option("#review-unit", "emg")
    expect(row.locator("td").nth(1)).to_contain_text(f"{bob['resignation_error_total']:.1f} mEMG lost")
    screenshot(page, "review-resignation-summary")
