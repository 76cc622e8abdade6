"""Following a tournament from its panel (web/lobby/tournament-follow.js, docs/tournaments.md *Following a
tournament*): five people at five devices (browser contexts) on the real built site and a local relay. Four
enter a knock-out and play their semi-finals through the page; Eve, who never entered, opens its panel: each
table says what its match is doing, she watches the match in progress that may be watched (the lobby's
watching mode, every message proven by her worker's rules core), is told in words that the other is not
published for watching, and reviews the finished matches from the panel: from the watched moves, or, for
the match nobody could watch, is told no record of it is here. A player reviews their own match from their
device's own record. The panel on a phone, upright and sideways: axe, screenshots, nothing cut. Each
player's connection line names their opponent; a player whose match is over watches another table, and their
own connection line is hidden under the watched board and back with their match. A knock-out by links, its
events signed here: a finished match by links is offered for review only to its players (published nowhere,
it is on no other device), and anyone else is told that only its result is here."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from scripts.remote_harness import CONNECT_TIMEOUT_MS
from tests.core.lobby_support import TOPIC, announcement, needs_node, nsec, public_keys, sign
from tests.e2e import remote_driver as rd
from tests.e2e.conftest import PageProblems, screenshot
from tests.e2e.lobby_driver import (
    ROW,
    bracket,
    open_lobby,
    open_tournament,
    organise,
    publish,
    tournament_row,
)
from tests.e2e.stored import stored_items
from tests.e2e.test_axe import audit

from backgammon.tournament.draw import commitment
from backgammon.tournament.held import Tournaments


def device_pages(browser: Browser, page_problems: PageProblems, count: int) -> Iterator[list[Page]]:
    """`count` browser contexts (profiles), a page each; the error trystero logs when a device closes the
    connection (a context closed at the end) is expected."""
    page_problems.expect(r"^Trystero peer error: OperationError: User-Initiated Abort, reason=Close called$")
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(count)]
    try:
        yield [context.new_page() for context in contexts]
    finally:
        for context in contexts:
            context.close()


@pytest.fixture
def four(browser: Browser, page_problems: PageProblems) -> Iterator[list[Page]]:
    yield from device_pages(browser, page_problems, 4)


@pytest.fixture
def five(browser: Browser, page_problems: PageProblems) -> Iterator[list[Page]]:
    yield from device_pages(browser, page_problems, 5)


def drawn_knockout(site: str, entrants: dict[str, Page], name: str) -> dict[str, str]:
    """The first of `entrants` organises a 4-place live knock-out of 1-point matches, all four join from the
    list (registration closes by itself once every place is taken): drawn on every device. Their keys, by
    name."""
    organiser = next(iter(entrants.values()))
    open_lobby(organiser, site, next(iter(entrants)))
    organise(organiser, name, places=4, length=1, closes_minutes=30)
    organiser.wait_for_selector(f"{tournament_row(name)}.lobby-yours", timeout=CONNECT_TIMEOUT_MS)
    for who, page in entrants.items():
        if page is not organiser:
            open_lobby(page, site, who)
        page.click(f"{tournament_row(name)} button:text-is('Join')", timeout=CONNECT_TIMEOUT_MS)
        page.wait_for_selector(f"{tournament_row(name)}:has-text('you entered')", timeout=CONNECT_TIMEOUT_MS)
    for page in entrants.values():
        page.wait_for_selector(
            f"{tournament_row(name)}:has-text('4 of 4 places taken')", timeout=CONNECT_TIMEOUT_MS
        )
        open_tournament(page, name)
    for page in entrants.values():
        page.wait_for_selector("#tournament-phase[data-phase='drawn']", timeout=CONNECT_TIMEOUT_MS)
    return {
        who: page.get_attribute("#tournament-entrants li.tournament-me", "data-key") or ""
        for who, page in entrants.items()
    }


def drawn_with_ann(site: str, entrants: dict[str, Page], name: str) -> tuple[dict[str, str], list[str], str]:
    """`drawn_knockout` with Ann among the entrants: their keys, Ann's first-round table (as `bracket` reads
    it) and her opponent's key."""
    keys = drawn_knockout(site, entrants, name)
    semis, _ = bracket(entrants["Ann"])
    ann_table = next(t for t in semis if any(p.split(" ")[0] == keys["Ann"] for p in t))
    rival_key = next(k for k in (p.split(" ")[0] for p in ann_table) if k != keys["Ann"])
    return keys, ann_table, rival_key


def table_of(key: str) -> str:
    """The first round's table of the player with `key`, in the panel's bracket."""
    return f"#tournament-rounds li.tournament-table[data-round='1']:has(.tournament-player[data-key='{key}'])"


def play_your_match(
    name: str, poster: Page, accepter: Page, poster_key: str, *, watchable: bool = True
) -> None:
    """*Play your match* from the poster's panel (watching on or off, as the lobby's form says), the opponent
    accepts the invitation for them in the list: both boards connected."""
    poster.click("#tournament-dialog button[value=close]")
    poster.set_checked("#lobby-form input[name=watchable]", watchable)
    open_tournament(poster, name)
    poster.click("#tournament-play")
    expect(poster.locator("#tournament-message")).to_contain_text("Your invitation is posted for")
    accepter.click("#tournament-dialog button[value=close]")
    for_them = f"{ROW}[data-poster='{poster_key}']:has-text('for you')"
    accepter.wait_for_selector(for_them, timeout=CONNECT_TIMEOUT_MS)
    accepter.click(f"{for_them} button:text-is('Accept')")
    for page in (poster, accepter):
        page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)


def reopen_panel(page: Page, name: str) -> None:
    rd.open_online(page, "lobby")
    page.wait_for_selector(tournament_row(name), timeout=CONNECT_TIMEOUT_MS)
    open_tournament(page, name)


def nothing_cut(page: Page) -> None:
    """The panel fits the screen's width (the bracket's region may scroll sideways, by design), and every
    table's words and buttons fit inside their table."""
    fits = page.evaluate(
        """() => {
             const dialog = document.getElementById("tournament-dialog");
             const box = dialog.getBoundingClientRect();
             const wide = dialog.scrollWidth <= dialog.clientWidth + 1
               && box.right <= innerWidth + 1 && box.left >= -1;
             const inside = Array.from(document.querySelectorAll(".tournament-follow > *")).every((item) => {
               const table = item.closest(".tournament-table").getBoundingClientRect();
               const r = item.getBoundingClientRect();
               return r.left >= table.left - 1 && r.right <= table.right + 1;
             });
             return { wide, inside };
           }"""
    )
    assert fits == {"wide": True, "inside": True}, fits


def test_both_players_pressing_play_your_match_start_one_match_and_a_rematch_after_it_is_friendly(
    relay_and_site: tuple[str, str], four: list[Page]
) -> None:
    """The two players of a pairing each press *Play your match*: one after the other, the second accepts the
    first's invitation (and says so in the panel); both at once, the two invitations crossing, the device with
    the smaller key takes the other's. Either way one match starts on both boards, with no accept to find in
    the list.

    Then, on the same devices (one draw for both parts), Ann offers a rematch after her tournament match: her
    opponent is told it is a friendly match, not part of the tournament, and presses *Not now*. Ann is told
    so, and her board keeps the finished match (its result, its review, the rematch to offer again), not an
    empty new match waiting for a join; the offer declined is not kept on her device."""
    _, site = relay_and_site
    ann, bob, cy, dee = four
    entrants = {"Ann": ann, "Bob": bob, "Cy": cy, "Dee": dee}
    name = "Crossing cup"
    keys, _, rival_key = drawn_with_ann(site, entrants, name)
    rival_name = next(who for who, key in keys.items() if key == rival_key)
    rival = entrants[rival_name]
    x, y = (page for page in entrants.values() if page not in (ann, rival))

    ann.click("#tournament-play")
    expect(ann.locator("#tournament-message")).to_contain_text("Your invitation is posted for")
    rival.wait_for_selector(
        f"{ROW}[data-poster='{keys['Ann']}']:has-text('for you')", timeout=CONNECT_TIMEOUT_MS
    )
    rival.click("#tournament-play")
    expect(rival.locator("#tournament-message")).to_have_text(
        "Ann had invited you already: you accepted their invitation, and the match starts when their device"
        " answers."
    )
    x.click("#tournament-play")
    y.click("#tournament-play")
    for page in (ann, rival, x, y):
        page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
    for page in (x, y):
        expect(page.locator("#tournament-dialog")).to_be_hidden()
    screenshot(x, "tournament-crossing-started-1280x800")

    # Ann's match, started by the two presses above, ends; she offers a rematch.
    rd.resign_single(rival, ann)
    for page in (ann, rival):
        rd.wait_until(lambda page=page: rd.state(page)["phase"] == "match_over")
    result = ann.text_content("#result-text") or ""
    assert "Ann wins the match" in result, result
    played = ann.evaluate("sessionStorage.getItem('backgammon.remote.shown')")
    # The lobby started the tournament's match: its panel gives the players' lobby ratings.
    expect(ann.locator("#remote-lobby")).to_contain_text("Lobby ratings — you: ")

    ann.click("#remote-rematch")
    rival.wait_for_selector("#friend-join-dialog[open]", timeout=CONNECT_TIMEOUT_MS)
    # The rematch, offered on the same room, is another match, not the lobby's: no lobby ratings.
    shown = "sessionStorage.getItem('backgammon.remote.shown')"
    rd.wait_until(lambda: ann.evaluate(shown) not in (None, played))
    expect(ann.locator("#remote-lobby")).to_be_hidden()
    expect(rival.locator("#friend-join-text")).to_have_text(
        f"Ann offers a rematch — a friendly match, not part of the tournament {name}: a 1-point match,"
        " live, now."
    )
    screenshot(rival, "tournament-rematch-offered")
    rival.click("#friend-join-dialog button[value=cancel]")

    expect(ann.locator("#notice-text")).to_have_text(
        f"{rival_name} declined the rematch.", timeout=CONNECT_TIMEOUT_MS
    )
    expect(ann.locator("#result-text")).to_have_text(result)
    expect(ann.locator("#status")).to_have_text(
        f"Match over. Offer {rival_name} a rematch, or go back to your own match."
    )
    expect(ann.locator("#remote-rematch")).to_be_visible()
    expect(ann.locator("#review-button")).to_be_enabled()
    expect(ann.locator("#remote-status")).to_have_text(f"Connected to {rival_name}.")
    expect(ann.locator("#remote-lobby")).to_contain_text("Lobby ratings — you: ")
    assert ann.evaluate("sessionStorage.getItem('backgammon.remote.shown')") == played
    kept = [key for key in stored_items(ann, "backgammon.remote.") if key.endswith(".v1")]
    assert kept == [f"backgammon.remote.{played}.v1"], kept
    screenshot(ann, "tournament-rematch-declined")
    # Bob's board too keeps the match, and either may offer the rematch again.
    expect(rival.locator("#result-text")).to_have_text(result)
    expect(rival.locator("#remote-rematch")).to_be_visible()


def test_matches_in_progress_are_watched_and_finished_ones_reviewed_from_the_panel(
    relay_and_site: tuple[str, str], five: list[Page]
) -> None:
    _, site = relay_and_site
    ann, bob, cy, dee, eve = five
    entrants = {"Ann": ann, "Bob": bob, "Cy": cy, "Dee": dee}
    name = "Follow cup"
    keys, ann_table, rival_key = drawn_with_ann(site, entrants, name)
    names_by_key = {key: who for who, key in keys.items()}
    rival = entrants[names_by_key[rival_key]]
    x_key, y_key = sorted(k for k in keys.values() if k not in (keys["Ann"], rival_key))
    x, y = entrants[names_by_key[x_key]], entrants[names_by_key[y_key]]

    # Eve never entered: the tournament is in her lobby's list, and its panel says both matches are to play.
    open_lobby(eve, site, "Eve")
    eve.wait_for_selector(tournament_row(name), timeout=CONNECT_TIMEOUT_MS)
    open_tournament(eve, name)
    for key in (keys["Ann"], x_key):
        expect(eve.locator(f"{table_of(key)} .tournament-state")).to_have_text(
            "To play.", timeout=CONNECT_TIMEOUT_MS
        )
    assert eve.locator("#tournament-rounds .tournament-follow button").count() == 0

    # One semi-final is played with watching off, the other with it on.
    play_your_match(name, x, y, x_key, watchable=False)
    play_your_match(name, ann, rival, keys["Ann"])
    # Each connection line names the opponent: the host knew the name from the lobby, the other from the join.
    rival_name, y_name = names_by_key[rival_key], names_by_key[y_key]
    expect(ann.locator("#remote-status")).to_have_text(f"Connected to {rival_name}.")
    expect(rival.locator("#remote-status")).to_have_text("Connected to Ann.")
    ann_on_eve = eve.locator(table_of(keys["Ann"]))
    expect(ann_on_eve.locator(".tournament-state")).to_have_text("In progress.", timeout=CONNECT_TIMEOUT_MS)
    expect(eve.locator(f"{table_of(x_key)} .tournament-state")).to_have_text(
        "In progress, not published for watching: one of its players chose not to let it be watched.",
        timeout=CONNECT_TIMEOUT_MS,
    )
    assert eve.locator(f"{table_of(x_key)} .tournament-follow button").count() == 0
    screenshot(eve, "tournament-follow-in-progress-1280x800")
    audit(eve, "a tournament's matches in progress")

    # Eve watches Ann's match from the panel: the lobby's watching mode, each message proven by her worker.
    watch = ann_on_eve.locator(".tournament-follow button:text-is('Watch')")
    in_bracket = " against ".join(names_by_key[p.split(" ")[0]] for p in ann_table)  # the draw's order
    expect(watch).to_have_attribute("aria-label", f"Watch the match of {in_bracket}")
    watch.click()
    expect(eve.locator("#watch-panel")).to_be_visible()
    expect(eve.locator("#tournament-dialog")).to_be_hidden()
    expect(eve.locator("#watch-title")).to_have_text(f"Watching Ann against {names_by_key[rival_key]}")
    expect(eve.locator("#watch-proof")).to_contain_text(
        "of the match checked by the rules", timeout=CONNECT_TIMEOUT_MS
    )
    # The other semi-final ends first, and its winner watches Ann's from the panel: their own match's
    # connection line is not under the watched board, and is back with their match.
    rd.resign_single(y, x)
    rd.wait_until(lambda: rd.state(x)["phase"] == "match_over")
    expect(x.locator("#remote-status")).to_have_text(f"Connected to {y_name}.")
    reopen_panel(x, name)
    x.click(f"{table_of(keys['Ann'])} .tournament-follow button:text-is('Watch')", timeout=CONNECT_TIMEOUT_MS)
    expect(x.locator("#watch-panel")).to_be_visible()
    expect(x.locator("#remote-status")).to_be_hidden()
    x.click("#watch-leave")
    expect(x.locator("#remote-status")).to_have_text(f"Connected to {y_name}.")
    expect(x.locator("#remote-status")).to_be_visible()
    rd.resign_single(rival, ann)
    expect(eve.locator("#watch-status")).to_contain_text("Ann wins the match", timeout=CONNECT_TIMEOUT_MS)
    for page in (ann, rival, x, y):
        rd.wait_until(lambda page=page: rd.state(page)["phase"] == "match_over")

    # Both semi-finals are decided: each table offers its review.
    eve.click("#watch-leave")
    reopen_panel(eve, name)
    for key in (keys["Ann"], x_key):
        expect(eve.locator(f"{table_of(key)} .tournament-follow button")).to_have_text(
            "Review", timeout=CONNECT_TIMEOUT_MS
        )
    expect(ann_on_eve.locator(".tournament-state")).to_have_text("Finished: Ann won.")
    # The final is now to play, and nothing else is said of a place still to be decided.
    expect(
        eve.locator("#tournament-rounds li.tournament-table[data-round='2'] .tournament-state")
    ).to_have_text("To play.", timeout=CONNECT_TIMEOUT_MS)
    screenshot(eve, "tournament-follow-finished-1280x800")

    # The match nobody could watch: no record of it here, said in words.
    eve.click(f"{table_of(x_key)} .tournament-follow button:text-is('Review')")
    expect(eve.locator("#tournament-message")).to_contain_text(
        "No record of this match is available here", timeout=CONNECT_TIMEOUT_MS
    )
    expect(eve.locator("#review-panel")).to_be_hidden()
    # Ann's, from its watched moves replayed by Eve's worker.
    ann_on_eve.locator(".tournament-follow button:text-is('Review')").click()
    expect(eve.locator("#review-panel")).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    expect(eve.locator("#review-source")).to_contain_text(f"{name}, round 1: ")
    expect(eve.locator("#review-source")).to_contain_text("from its watched moves")
    expect(eve.locator("#review-source")).to_contain_text("a finished match")
    screenshot(eve, "tournament-follow-review-1280x800")

    # Ann reviews her own match from her device's own record of it.
    reopen_panel(ann, name)
    ann.click(
        f"{table_of(keys['Ann'])} .tournament-follow button:text-is('Review')", timeout=CONNECT_TIMEOUT_MS
    )
    expect(ann.locator("#review-panel")).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    expect(ann.locator("#review-source")).to_contain_text(f"your match of {name}, round 1")
    expect(ann.locator("#review-source")).to_contain_text("a finished match")

    # The panel on a phone, upright and held sideways.
    eve.click("#review-close")
    reopen_panel(eve, name)
    expect(eve.locator(f"{table_of(x_key)} .tournament-follow button")).to_have_text("Review")
    for width, height in ((390, 844), (844, 390)):
        eve.set_viewport_size({"width": width, "height": height})
        eve.locator("#tournament-rounds").scroll_into_view_if_needed()
        nothing_cut(eve)
        screenshot(eve, f"tournament-follow-{width}x{height}", full_page=False)
        audit(eve, f"a tournament's panel at {width}x{height}", ["wcag22aa"])


def decided_by_links(name: str) -> tuple[list[dict[str, Any]], dict[str, str], str]:
    """A 4-place knock-out by links, drawn, whose two semi-finals are decided by the results both players of
    each signed (as their devices do after the match), every event signed here: the events, the players' keys
    by name, and the winner of the semi-final Ann is not in (she wins hers)."""
    now = int(time.time())
    closes, d = now - 600, f"lettercup{now}"
    players = ["Ann", "Bob", "Cy", "Dee"]
    signer = {who: f"letter cup {who}" for who in ["Org", *players]}  # keys of this test's own
    keys = dict(zip(signer, public_keys(list(signer.values())).values(), strict=True))
    address = f"31663:{keys['Org']}:{d}"

    def made(
        who: str, kind: int, at: int, content: dict[str, Any], **tagged: str
    ) -> tuple[str, dict[str, Any]]:
        tags = [*([k, v] for k, v in tagged.items()), ["t", TOPIC], ["a", address]]
        return signer[who], {"kind": kind, "created_at": at, "tags": tags, "content": json.dumps(content)}

    announced = announcement(
        name, d, created_at=closes - 600, closes=closes, organiser_name="Org", mode="links"
    )
    announced["content"] = json.dumps(json.loads(announced["content"]) | {"move_hours": 24})
    value = {who: hashlib.sha256(f"{d} {who}".encode()).hexdigest() for who in players}
    entered = [
        made(who, 1663, closes - 300 + i, {"v": 1, "name": who, "commitment": commitment(value[who])})
        for i, who in enumerate(players)
    ]
    entries = sign(entered)
    closing = {"v": 1, "entries": sorted(e["id"] for e in entries), "reveals_until": closes + 86_400}
    revealed = [made(who, 1665, closes + 10, {"v": 1, "value": value[who]}) for who in players]
    drawn = [*sign([(signer["Org"], announced), made("Org", 1664, closes, closing), *revealed]), *entries]
    device = Tournaments()  # the draw, as every device computes it
    assert device.receive(drawn, now)["refused"] == {}
    names = {key: who for who, key in keys.items()}
    signed: list[tuple[str, dict[str, Any]]] = []
    other_winner = ""
    for pairing in device.held[address].view(now)["rounds"][0]:
        first, second = (names[key] for key in pairing["players"])
        winner, loser = (second, first) if second == "Ann" else (first, second)
        other_winner = other_winner if "Ann" in (first, second) else winner
        result = {"v": 1, "match": f"lettercup{pairing['table']}".ljust(22, "x"), "length": 1, "rated": False}
        result |= {"players": [keys[winner], keys[loser]], "score": [1, 0], "winner": keys[winner]}
        result |= {"final": "F" * 43, "ended": now - 60, "tournament": address, "round": 1}
        result["table"] = pairing["table"]
        signed += [
            made(me, 1660, now - 30, result, p=keys[them]) for me, them in ((winner, loser), (loser, winner))
        ]
    results = sign(signed)
    assert device.receive(results, now)["refused"] == {}
    assert all(p["winner"] for p in device.held[address].view(now)["rounds"][0]), "both results count"
    return [*drawn, *results], keys, other_winner


@needs_node
def test_a_finished_match_by_links_is_offered_for_review_only_to_its_players(
    relay_and_site: tuple[str, str], page: Page
) -> None:
    """Ann's device, her identity imported (a key she made elsewhere), opens a knock-out by links whose
    semi-finals are over: her own match offers *Review* (played on another device, there is no record here,
    said so); the other semi-final, played by links between two others, is published nowhere, so it offers
    nothing to review, and its line says that only its result is here."""
    relay, site = relay_and_site
    name = "Letter cup"
    events, keys, other_winner = decided_by_links(name)
    page.goto(f"{site}?no-welcome")
    rd.wait_ready(page)
    assert all(answer[2] for answer in publish(page, relay, events))
    page.click("#online-button")
    page.click("#identity-button")
    page.wait_for_selector("#identity-dialog[open][data-state='ready']")
    page.click("#identity-import-button")
    page.fill("#identity-import-text", nsec("letter cup Ann"))
    page.click("#identity-import-key")
    page.click("#identity-import-replace")
    expect(page.locator("#identity-dialog")).to_have_attribute("data-public-key", keys["Ann"])
    page.click("#identity-dialog button[value='close']")
    page.click("#lobby-button")
    page.wait_for_selector(tournament_row(name), timeout=CONNECT_TIMEOUT_MS)
    open_tournament(page, name)

    others = page.locator(
        f"#tournament-rounds li.tournament-table[data-round='1']"
        f":not(:has(.tournament-player[data-key='{keys['Ann']}']))"
    )
    expect(others.locator(".tournament-state")).to_have_text(
        f"Finished: {other_winner} won. Played by links, its moves stay on its two players' devices: only its"
        " result is shown here.",
        timeout=CONNECT_TIMEOUT_MS,
    )
    expect(others.locator(".tournament-follow button")).to_have_count(0)
    own = page.locator(table_of(keys["Ann"]))
    expect(own.locator(".tournament-state")).to_have_text("Finished: Ann (you) won.")
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator("#tournament-rounds").scroll_into_view_if_needed()
        nothing_cut(page)
        screenshot(page, f"tournament-follow-links-{width}x{height}", full_page=False)
    own.locator(".tournament-follow button:text-is('Review')").click()
    expect(page.locator("#tournament-message")).to_contain_text("No record of this match is available here")
    expect(page.locator("#review-panel")).to_be_hidden()
