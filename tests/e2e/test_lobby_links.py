"""A match by links met in the lobby (web/lobby/letters.js, web/remote/lobby-links.js; docs/lobby-events.md,
*Letter*): the two players know no messenger of each other's, so each turn link goes over the relay as a
letter from one player's key to the other's, encrypted to the recipient. Ann posts an invitation by links and
closes her page; it stays listed. Bob accepts: his device hosts the match and sends its invitation to Ann as a
letter. When Ann's game next opens, it reads the letter, joins, and publishes the invitation as taken; they
play on, each turn a letter, with no link for either to send by hand."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect
from scripts.remote_harness import CONNECT_TIMEOUT_MS
from tests.e2e import remote_driver as rd
from tests.e2e.conftest import screenshot
from tests.e2e.lobby_driver import ROW, open_lobby, own_row, post


def test_a_match_by_links_met_in_the_lobby_is_played_by_letters(
    relay_and_site: tuple[str, str], devices: list[Page]
) -> None:
    _, site = relay_and_site
    ann, bob, cy = devices
    open_lobby(ann, site, "Ann")
    post(ann, 1, "links", rated=True)
    ann.wait_for_selector(f"{ROW}.lobby-yours:has-text('by links · rated')")
    expect(ann.locator("#announcer")).to_contain_text("Your invitation is posted")
    # Ann closes her page: an invitation by links stays listed (a live one would be withdrawn).
    ann_browser = ann.context
    anns = own_row(ann, 1)
    ann.close()
    open_lobby(cy, site, "Cy")
    cy.wait_for_selector(anns, timeout=CONNECT_TIMEOUT_MS)

    open_lobby(bob, site, "Bob")
    bob.click(f"{anns}:has-text('by links') button:text-is('Accept')")
    expect(bob.locator("#remote-panel")).to_be_visible()
    expect(bob.locator("#remote-title")).to_contain_text("· by links")
    # Bob's invitation went as a letter: his panel asks him to send nothing, and his status says so.
    expect(bob.locator("#remote-send")).to_be_hidden()
    expect(bob.locator("#status")).to_contain_text("Your invitation went through the lobby")

    # Ann's game opens again: it reads Bob's letter and joins; the invitation leaves every list.
    ann = ann_browser.new_page()
    asked: list[str] = []
    ann.on("websocket", lambda ws: ws.on("framesent", lambda frame: asked.append(str(frame))))
    ann.goto(f"{site}?no-welcome")
    rd.wait_ready(ann)
    ann.wait_for_selector("#remote-title:has-text('match with Bob · by links')", timeout=CONNECT_TIMEOUT_MS)
    bob.wait_for_selector("#remote-title:has-text('match with Ann · by links')", timeout=CONNECT_TIMEOUT_MS)
    expect(cy.locator(anns)).to_have_count(0, timeout=CONNECT_TIMEOUT_MS)
    # Her letters were all heard once already (her first page): they are asked for since then (less a day).
    requests = [json.loads(frame) for frame in asked if frame.startswith('["REQ"')]
    letters = [wanted for _, _, wanted in requests if wanted.get("kinds") == [1662]]
    assert letters and all("since" in wanted for wanted in letters), asked

    # They play, each turn a letter; neither is ever asked to send a link.
    for _ in range(10):
        page = rd.wait_for_turn([ann, bob])
        assert page is not None
        rd.act_once(page)
        for each in (ann, bob):
            expect(each.locator("#remote-send")).to_be_hidden()
            assert "link" not in rd.state(each)["status"], rd.state(each)["status"]
    screenshot(bob, "lobby-links-playing-1280x800")

    # Ann goes back to her own match: Bob's next turn, a letter, does not take her board; she is told, and the
    # match, opened again, holds his turn.
    while (page := rd.wait_for_turn([ann, bob])) is bob:
        rd.act_once(bob)
    assert page is ann
    rd.play_turn(ann)
    ann.click("#remote-leave")
    expect(ann.locator("#remote-panel")).to_be_hidden()
    # Her own match is drawn once the page is idle (the panel hides before the board is drawn again).
    ann.wait_for_selector("html[data-idle='true']", state="attached")
    own = rd.checkers(ann)
    rd.play_turn(bob)
    told = "Bob played in your match by links: it is your turn"
    expect(ann.locator("#notice")).to_contain_text(told, timeout=CONNECT_TIMEOUT_MS)
    expect(ann.locator("#remote-panel")).to_be_hidden()
    assert rd.checkers(ann) == own
    screenshot(ann, "lobby-links-letter-aside-1280x800")
    rd.open_online(ann, "friend")
    ann.click("#friend-matches button:has-text('Open')")
    ann.wait_for_selector("#remote-panel:not([hidden])")
    rd.wait_until(lambda: rd.checkers(ann) == rd.checkers(bob))
    rd.resign_single(bob, ann)
    for page in (ann, bob):
        rd.wait_until(lambda page=page: rd.state(page)["phase"] == "match_over")
        assert "Ann wins the match" in (page.text_content("#result-text") or "")
    # Rated: each device signed and published its player's result; Ann's lobby rates Bob from the two
    # (FIBS: 1500 each, 1 point: 1510 and 1490).
    rd.open_online(ann, "lobby")
    ann.click("#lobby-played summary")
    expect(ann.locator("#lobby-played-list li")).to_contain_text(
        "Bob · 1490, from 1 verified result", timeout=CONNECT_TIMEOUT_MS
    )


def test_two_accepting_one_invitation_by_links_get_one_match(
    relay_and_site: tuple[str, str], devices: list[Page]
) -> None:
    """Bob and Cy both accept Ann's invitation by links: Ann's device takes the first letter it reads and
    publishes the invitation as taken by its sender; the other is told it was already taken, and the match
    their device had made for it leaves their list of matches."""
    _, site = relay_and_site
    ann, bob, cy = devices
    open_lobby(ann, site, "Ann")
    post(ann, 3, "links")
    ann.wait_for_selector(f"{ROW}.lobby-yours:has-text('by links')")
    anns = own_row(ann, 3)
    for page, name in ((bob, "Bob"), (cy, "Cy")):
        open_lobby(page, site, name)
        page.wait_for_selector(anns, timeout=CONNECT_TIMEOUT_MS)
    # Both accept at once: pressed one after the other with a click's waits (visible, stable: two frames, and
    # more on a loaded machine), the second Accept may be gone already: shown taken by the first.
    accepts = [page.locator(f"{anns} button:text-is('Accept')") for page in (bob, cy)]
    for accept in accepts:
        expect(accept).to_be_enabled()
    for accept in accepts:
        accept.dispatch_event("click")
    ann.wait_for_selector("#remote-title:has-text('3-point match with')", timeout=CONNECT_TIMEOUT_MS)
    winner_name = (ann.text_content("#remote-title") or "").split(" with ")[1].split(" ·")[0]
    assert winner_name in ("Bob", "Cy")
    winner, loser = (bob, cy) if winner_name == "Bob" else (cy, bob)
    title = "#remote-title:has-text('match with Ann · by links')"
    winner.wait_for_selector(title, timeout=CONNECT_TIMEOUT_MS)
    # The loser is told in words either way: the taken version came after their accept went out (the notice:
    # the match made for it goes), or before their device had checked the invitation (the lobby's own message:
    # no match made), which a loaded machine brings about.
    told = loser.locator(
        "#notice:has-text('Already taken'), #lobby-message:has-text('already taken by another player')"
    )
    expect(told).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    expect(loser.locator("#remote-panel")).to_be_hidden()
    if loser.locator("#lobby-dialog[open]").count():
        loser.keyboard.press("Escape")
        expect(loser.locator("#lobby-dialog")).not_to_have_attribute("open", "")
    rd.open_online(loser, "friend")
    expect(loser.locator("#friend-matches")).to_have_text("None yet.")


def test_an_accept_by_links_answered_while_its_page_was_closed_is_told_at_the_next_opening(
    relay_and_site: tuple[str, str], devices: list[Page]
) -> None:
    """Ann's page is closed; Bob and Cy both accept her invitation by links and close theirs at once. Ann's
    game opens and joins the match of the first letter it reads. When Bob's and Cy's games next open, the one
    whose letter came second is told it was already taken (the taken version read at the opening), and the
    match their device had made for it leaves their list; the other's goes on."""
    _, site = relay_and_site
    ann, bob, cy = devices
    open_lobby(ann, site, "Ann")
    post(ann, 3, "links")
    ann.wait_for_selector(f"{ROW}.lobby-yours:has-text('by links')")
    ann_browser = ann.context
    anns = own_row(ann, 3)
    ann.close()
    browsers = {}
    for page, name in ((bob, "Bob"), (cy, "Cy")):
        open_lobby(page, site, name)
        page.click(f"{anns} button:text-is('Accept')", timeout=CONNECT_TIMEOUT_MS)
        expect(page.locator("#announcer")).to_contain_text("Your acceptance is sent to Ann")
        browsers[name] = page.context
        page.close()

    ann = ann_browser.new_page()
    ann.goto(f"{site}?no-welcome")
    ann.wait_for_selector("#remote-title:has-text('3-point match with')", timeout=CONNECT_TIMEOUT_MS)
    winner_name = (ann.text_content("#remote-title") or "").split(" with ")[1].split(" ·")[0]
    assert winner_name in ("Bob", "Cy")
    loser_name = "Cy" if winner_name == "Bob" else "Bob"

    loser = browsers[loser_name].new_page()
    loser.goto(f"{site}?no-welcome")
    rd.wait_ready(loser)
    expect(loser.locator("#notice")).to_contain_text("Already taken", timeout=CONNECT_TIMEOUT_MS)
    rd.open_online(loser, "friend")
    expect(loser.locator("#friend-matches")).to_have_text("None yet.")
    winner = browsers[winner_name].new_page()
    winner.goto(f"{site}?no-welcome")
    rd.wait_ready(winner)
    rd.open_online(winner, "friend")
    # Ann's letter may be read after the list was opened: the open list follows.
    expect(winner.locator("#friend-matches")).to_contain_text("Ann", timeout=CONNECT_TIMEOUT_MS)
    expect(winner.locator("#notice")).not_to_contain_text("Already taken")
