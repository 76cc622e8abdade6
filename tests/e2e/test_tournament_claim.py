"""The claim of a tournament's match on the page (web/lobby/tournament-claim-view.js, docs/tournaments.md
*Claims*): four devices (browser contexts) and a local relay; a live knock-out of four is drawn through the
page; one player's opponent never starts. Every page's clock (its Date and timers: the page dates its events
and asks its worker with its time) is moved on together past the time limit: *Claim the match* is offered,
the claim shows on every device, the opponent's *Play on* voids it, a second claim unanswered wins by forfeit,
and every device moves the winner on to the final."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from scripts.remote_harness import CONNECT_TIMEOUT_MS
from tests.core.lobby_support import needs_node
from tests.e2e.conftest import PageProblems, screenshot
from tests.e2e.lobby_driver import bracket, open_lobby, open_tournament, organise, tournament_row

#: A live tournament's time limit (py/backgammon/tournament/claims.py LIVE_LIMIT_SECONDS), and a minute more.
PAST_LIMIT_S = 15 * 60 + 60
CLAIM_BOX = "#tournament-claim"


@pytest.fixture
def four(browser: Browser, page_problems: PageProblems) -> Iterator[list[Page]]:
    page_problems.expect(r"^Trystero peer error: OperationError: User-Initiated Abort, reason=Close called$")
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(4)]
    try:
        pages = [context.new_page() for context in contexts]
        for page in pages:
            page.clock.install()  # time flows as usual, until moved on below
        yield pages
    finally:
        for context in contexts:
            context.close()


def move_clocks(pages: list[Page], seconds: int) -> None:
    """Every page's clock moved ahead by `seconds`, one page after the other, in one jump each: each page's
    due timers fire once, as when a laptop's lid is opened (the engine's watchdog takes the gap for a page
    that was frozen, not for a stalled worker; web/engine/bridge.js). The panel's tick is among them: it
    draws the panel at the new time. No timer of these pages publishes an event meanwhile (no invitation is
    open, every reveal is sent), so no page hears one dated ahead of its own clock."""
    for page in pages:
        page.clock.fast_forward(seconds * 1000)


def drawn_knockout(everyone: dict[str, Page], site: str, name: str) -> None:
    """Ann organises a live knock-out of four 1-point matches; all four join (registration closes by itself
    once every place is taken); every device draws it, each panel open."""
    ann = everyone["Ann"]
    for player, page in everyone.items():
        open_lobby(page, site, player)
    organise(ann, name, places=4, length=1, closes_minutes=30)
    for page in everyone.values():
        page.wait_for_selector(tournament_row(name), timeout=CONNECT_TIMEOUT_MS)
    for taken, player in enumerate(everyone, start=1):
        everyone[player].click(f"{tournament_row(name)} button:text-is('Join')")
        for page in everyone.values():
            page.wait_for_selector(
                f"{tournament_row(name)}:has-text('{taken} of 4 places taken')", timeout=CONNECT_TIMEOUT_MS
            )
    for page in everyone.values():
        open_tournament(page, name)
    for page in everyone.values():
        page.wait_for_selector("#tournament-phase[data-phase='drawn']", timeout=CONNECT_TIMEOUT_MS)


@needs_node
def test_a_player_who_never_starts_loses_by_claim_and_an_answer_voids_a_claim(
    relay_and_site: tuple[str, str], four: list[Page]
) -> None:
    _, site = relay_and_site
    everyone = dict(zip(("Ann", "Bob", "Cy", "Dee"), four, strict=True))
    ann = everyone["Ann"]
    drawn_knockout(everyone, site, "Noon cup")
    me = ann.get_attribute("#tournament-entrants li.tournament-me", "data-key")
    mine = "#tournament-rounds li.tournament-table[data-round='1'].tournament-mine"
    other_key = next(
        key
        for key in ann.eval_on_selector_all(
            f"{mine} .tournament-player", "(ps) => ps.map((p) => p.dataset.key)"
        )
        if key != me
    )
    other_name = ann.text_content(f"{mine} .tournament-player[data-key='{other_key}']") or ""
    silent = everyone[other_name]
    table = f"#tournament-rounds li.tournament-table[data-round='1']:has(.tournament-player[data-key='{me}'])"

    # Before the time limit: Ann is told when she may claim, with no button yet.
    expect(ann.locator(CLAIM_BOX)).to_contain_text(f"If {other_name} has not started or moved by")
    expect(ann.locator(f"{CLAIM_BOX} button")).to_have_count(0)

    # Past it (every device's clock moved on together), Ann claims; every device shows the claim.
    move_clocks(four, PAST_LIMIT_S)
    claim = ann.locator(f"{CLAIM_BOX} button:text-is('Claim the match')")
    expect(claim).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    claim.click()
    for page in four:
        expect(page.locator(f"{table} .tournament-claimed")).to_contain_text(
            f"Claimed by Ann{' (you)' if page is ann else ''}: counted at", timeout=CONNECT_TIMEOUT_MS
        )
        expect(page.locator(f"{table} .tournament-claimed")).to_contain_text(
            "unless you answer." if page is silent else f"unless {other_name} answers."
        )
    expect(ann.locator(CLAIM_BOX)).to_contain_text("You claimed the match at")
    expect(silent.locator(CLAIM_BOX)).to_contain_text("Ann claimed the match at")
    for size, viewport in (
        ("desktop", {"width": 1280, "height": 800}),
        ("phone", {"width": 390, "height": 844}),
    ):
        silent.set_viewport_size(viewport)
        silent.locator(CLAIM_BOX).scroll_into_view_if_needed()
        screenshot(silent, f"tournament-claim-answer-{size}")
    silent.set_viewport_size({"width": 1280, "height": 800})

    # The claimed player comes back within the window and plays on: the claim is void on every device.
    silent.click(f"{CLAIM_BOX} button:text-is('Play on')")
    for page in four:
        expect(page.locator(f"{table} .tournament-claimed")).to_have_count(0, timeout=CONNECT_TIMEOUT_MS)
    expect(ann.locator(CLAIM_BOX)).to_contain_text(f"{other_name} answered your claim.")
    expect(ann.locator(f"{CLAIM_BOX} button")).to_have_count(0)

    # The answer restarts the time limit; they still never start. Past it, Ann claims again; the window
    # passes unanswered: won by forfeit on every device, and Ann goes on to the final.
    move_clocks(four, PAST_LIMIT_S)
    claim = ann.locator(f"{CLAIM_BOX} button:text-is('Claim the match')")
    expect(claim).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    claim.click()
    for page in four:
        expect(page.locator(f"{table} .tournament-claimed")).to_contain_text(
            "counted at", timeout=CONNECT_TIMEOUT_MS
        )
    move_clocks(four, PAST_LIMIT_S)
    won = f"{table} .tournament-winner[data-key='{me}']"
    in_final = f"#tournament-rounds li.tournament-table[data-round='2'] .tournament-player[data-key='{me}']"
    for page in four:
        expect(page.locator(won)).to_contain_text("won by forfeit", timeout=CONNECT_TIMEOUT_MS)
        expect(page.locator(f"{table} .tournament-claimed")).to_have_text(
            f"Won by Ann{' (you)' if page is ann else ''} by forfeit."
        )
        # No "Finished" nor Review under it: no match was played to review.
        expect(page.locator(f"{table} .tournament-follow")).to_have_count(0)
        page.wait_for_selector(in_final, timeout=CONNECT_TIMEOUT_MS)
    expect(ann.locator(CLAIM_BOX)).to_be_hidden()
    brackets = {name: bracket(page) for name, page in everyone.items()}
    assert len({repr(b) for b in brackets.values()}) == 1, brackets
    for size, viewport in (
        ("desktop", {"width": 1280, "height": 800}),
        ("phone", {"width": 390, "height": 844}),
    ):
        ann.set_viewport_size(viewport)
        ann.locator("#tournament-rounds").scroll_into_view_if_needed()
        screenshot(ann, f"tournament-claim-forfeit-{size}")
