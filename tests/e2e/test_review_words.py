"""What review says of a match, in the page: which match it is (a finished one with its result, not "the match
in progress"), its rolls the higher die first as everywhere else, and why a match's luck can favour one player
in EMG and the other in MWC."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import Site, screenshot
from .test_review import computer_match, open_saved, wait_analysis


def _review_finished_match(page: Page, site: Site) -> None:
    open_saved(page, site, computer_match())
    page.click("#result-analyse")
    wait_analysis(page)


def test_the_review_of_a_finished_match_says_it_is_finished_and_who_won(page: Page, site: Site) -> None:
    open_saved(page, site, computer_match())
    winner = re.search(r"(\w+) wins the match", page.inner_text("#result-text"))
    assert winner, page.inner_text("#result-text")
    page.click("#result-analyse")
    wait_analysis(page)
    source = page.locator("#review-source")
    expect(source).not_to_contain_text("in progress")
    # Seed 6's match ends on a gammon: 2-0 in a 1-point match, which the line explains.
    expect(source).to_have_text(
        f"A finished match: Wendy against Boris, a 1-point match. {winner.group(1)} won it 2–0 "
        "(a 1-point match ends at 1 or more: the last game's points all count)."
    )
    screenshot(page, "review-words-finished")


def test_review_writes_each_roll_the_higher_die_first(page: Page, site: Site) -> None:
    _review_finished_match(page, site)
    rolls = re.findall(r"\b([1-6])([1-6]):", page.inner_text("#review-moves"))
    assert rolls, "no roll in the move list"
    assert all(int(a) >= int(b) for a, b in rolls), rolls
    titles = []
    for button in page.locator("#review-moves .move-button").all()[:12]:
        button.click()
        titles.append(page.inner_text("#review-decision h3"))
    dashed = [re.search(r"to play ([1-6])-([1-6])", t) for t in titles]
    shown = [m.groups() for m in dashed if m]
    assert shown and all(int(a) >= int(b) for a, b in shown), titles
    screenshot(page, "review-words-rolls")


def test_the_summary_of_a_match_says_why_luck_can_differ_between_emg_and_mwc(page: Page, site: Site) -> None:
    _review_finished_match(page, site)
    note = page.locator("#review-summary .luck-units")
    expect(note).to_contain_text("Luck in EMG and in MWC can favour different players")
    page.select_option("#review-unit", "mwc")
    expect(page.locator("#review-summary .luck-units")).to_be_visible()


def test_the_verdict_said_when_an_analysis_is_done_follows_the_unit_chosen(page: Page, site: Site) -> None:
    _review_finished_match(page, site)
    note = page.locator("#analysis-note")
    expect(note).to_contain_text("mEMG per decision")
    page.select_option("#review-unit", "mwc")
    expect(note).to_contain_text("MWC per decision")
    expect(note).not_to_contain_text("mEMG")


def test_the_match_line_of_a_finished_match_says_who_won_beside_a_score_past_the_length(
    page: Page, site: Site
) -> None:
    open_saved(page, site, computer_match())
    # Seed 6's 1-point match ends on a gammon: "Wendy 2 – Boris 0" beside "1-point match" says who won it.
    expect(page.locator("#match-info")).to_contain_text("1-point match, won by Wendy")
    screenshot(page, "play-words-match-over")
