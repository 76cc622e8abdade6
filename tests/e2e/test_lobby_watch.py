"""Watching a match met in the lobby (web/lobby/watched.js, watch-mode.js; docs/lobby-events.md, *Watching*):
Ann posts, Bob accepts, and Cy, at a third device, finds their match under *Matches being played* and watches
it. Each of the players' devices publishes every message of the match's transcript to the local relay as it
is saved; Cy's page asks the relay for them and its worker proves them with the rules core before the board
shows anything. Cy sees every turn as the players' boards show it, the same final score, and the match in
review at the end; Cy has nothing to press in the match itself."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect
from scripts.remote_harness import CONNECT_TIMEOUT_MS
from tests.e2e import remote_driver as rd
from tests.e2e.conftest import screenshot
from tests.e2e.lobby_driver import meet, open_lobby, post, relay_events, row
from tests.e2e.test_axe import audit


def test_a_third_player_watches_a_lobby_match_move_by_move_to_its_end(
    relay_and_site: tuple[str, str], devices: list[Page]
) -> None:
    _, site = relay_and_site
    ann, bob, cy = devices
    meet(site, ann, bob, 1)
    open_lobby(cy, site, "Cy")
    playing = "#lobby-playing li:has-text('Ann against Bob')"
    cy.wait_for_selector(playing, timeout=CONNECT_TIMEOUT_MS)
    expect(cy.locator(playing)).to_contain_text("1-point match · live")
    screenshot(cy, "lobby-being-played-1280x800")
    audit(cy, "the matches being played")
    # In a player's own lobby the match is said to be theirs: nothing there to watch.
    rd.open_online(ann, "lobby")
    own = ann.locator(playing)
    expect(own).to_contain_text("your match", timeout=CONNECT_TIMEOUT_MS)
    expect(own.locator("button")).to_have_count(0)
    ann.click("#lobby-dialog .dialog-buttons button[value=close]")
    cy.click(f"{playing} button:text-is('Watch')")
    expect(cy.locator("#watch-panel")).to_be_visible()
    expect(cy.locator("#watch-title")).to_have_text("Watching Ann against Bob")
    expect(cy.locator("#play-panel")).to_be_hidden()

    # Turn by turn, Cy's board comes to what both players' boards show once the player to move is done.
    # Two whole turns, however many actions the dice make them (doubles: four moves; a roll may allow none).
    turns = 0
    for _ in range(40):
        page = rd.wait_for_turn([ann, bob])
        assert page is not None
        # A turn ends with Done (or a roll with no move); the phase read then may already be the other's.
        if rd.act_once(page) in ("confirm", "pass"):
            rd.wait_until(lambda: rd.checkers(cy) == rd.checkers(ann) == rd.checkers(bob))
            turns += 1
            if turns == 2:
                break
    assert turns == 2
    # Cy can act in nothing: no checker to pick up, no button of the match, and nothing of the menu that acts
    # on Cy's own match behind the watched one (a resignation offered there, a hint about it).
    assert cy.locator("#board .target.source").count() == 0
    assert cy.locator("#controls button:visible").count() == 0
    for item in ("#resign-button", "#hint-button", "#new-match-button", "#review-button"):
        expect(cy.locator(item)).to_be_hidden()
    screenshot(cy, "lobby-watching-1280x800")
    audit(cy, "watching a match")
    cy.set_viewport_size({"width": 390, "height": 844})
    audit(cy, "watching a match on a phone", ["wcag22aa"])
    screenshot(cy, "lobby-watching-390x844")
    cy.set_viewport_size({"width": 844, "height": 390})
    audit(cy, "watching a match on a phone held sideways", ["wcag22aa"])
    screenshot(cy, "lobby-watching-844x390", full_page=False)
    cy.set_viewport_size({"width": 1280, "height": 800})

    rd.resign_single(bob, ann)
    for page in (ann, bob):
        rd.wait_until(lambda page=page: rd.state(page)["phase"] == "match_over")
    final = ann.text_content("#result-text") or ""
    assert "Ann wins the match" in final
    expect(cy.locator("#watch-status")).to_contain_text("Ann wins the match", timeout=CONNECT_TIMEOUT_MS)
    # Bob hosts the match (the accepter does), so he is its first player.
    expect(cy.locator("#watch-score")).to_have_text("Score: Bob 0, Ann 1 in a 1-point match.")
    assert rd.checkers(cy) == rd.checkers(ann)
    expect(cy.locator("#watch-proof")).to_contain_text("of the match checked by the rules")

    # At the end, the match opens in review, as one opened from a file.
    cy.click("#watch-review")
    expect(cy.locator("#review-panel")).to_be_visible()
    expect(cy.locator("#review-panel")).to_contain_text("the match of Ann against Bob you watched")
    screenshot(cy, "lobby-watched-review-1280x800")

    # Ann offers a rematch: Bob is asked with the name he played under (met in the lobby, never typed in the
    # dialog of matches with friends).
    ann.click("#remote-rematch")
    bob.wait_for_selector("#friend-join-dialog[open]", timeout=CONNECT_TIMEOUT_MS)
    expect(bob.locator("#friend-join-form input[name=name]")).to_have_value("Bob")


def test_a_match_either_player_keeps_private_is_neither_published_nor_listed(
    relay_and_site: tuple[str, str], devices: list[Page]
) -> None:
    """Dee turns watching off before posting: her match with Eve starts and is played, but neither device
    publishes a message of it for watchers, its taken invitation says so, and Cy's lobby does not list it."""
    relay, site = relay_and_site
    dee, eve, cy = devices
    open_lobby(dee, site, "Dee")
    dee.set_checked("#lobby-form input[name=watchable]", False)
    post(dee, 2)
    open_lobby(eve, site, "Eve")
    dee_key = eve.get_attribute(row(eve, "Dee", 2), "data-poster", timeout=CONNECT_TIMEOUT_MS) or ""
    eve.click(f"{row(eve, 'Dee', 2)} button:text-is('Accept')")
    for page in (dee, eve):
        page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
    for _ in range(6):
        page = rd.wait_for_turn([dee, eve])
        assert page is not None
        rd.act_once(page)
    (held,) = relay_events(cy, relay, {"kinds": [31660], "authors": [dee_key]})
    content = json.loads(held["content"])
    assert content["state"] == "taken" and content["watch"] is False, content
    address = f"31660:{dee_key}:{next(value for name, value in held['tags'] if name == 'd')}"
    assert relay_events(cy, relay, {"kinds": [1661], "#a": [address]}) == []
    open_lobby(cy, site, "Cy")
    cy.wait_for_selector("#lobby-list li")
    expect(cy.locator("#lobby-playing li:has-text('Dee')")).to_have_count(0)
