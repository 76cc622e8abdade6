"""Tournaments on the page (web/lobby/tournaments.js, docs/tournaments.md *On the page*): four people at four
devices (four browser contexts, four profiles) open the real built site, which names a real Nostr relay
started on this machine. A tournament is organised, joined and drawn through the page's own controls; every
event a page receives is checked by Python in that page's worker, and every device computes the draw and the
bracket for itself from the signed events alone."""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from scripts.remote_harness import CONNECT_TIMEOUT_MS
from tests.core.lobby_support import announcement, needs_node, public_keys, sign
from tests.e2e import remote_driver as rd
from tests.e2e.conftest import PageProblems, screenshot
from tests.e2e.lobby_driver import (
    ROW,
    TOURNAMENT_ROW,
    bracket,
    open_lobby,
    open_tournament,
    organise,
    publish,
    tournament_row,
)
from tests.e2e.test_axe import audit


@pytest.fixture
def four(browser: Browser, page_problems: PageProblems) -> Iterator[list[Page]]:
    """Four browser contexts (four profiles), a page each. The error trystero logs when the other device
    closes the connection (a context closed at the end) is expected."""
    page_problems.expect(r"^Trystero peer error: OperationError: User-Initiated Abort, reason=Close called$")
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(4)]
    try:
        yield [context.new_page() for context in contexts]
    finally:
        for context in contexts:
            context.close()


#: How an entrant's line is marked: numbered once drawn (their seed), not before.
LIST_STYLE = "(li) => getComputedStyle(li).listStyleType"


def heading_sizes(page: Page) -> list[str]:
    """Whether the standings' caption has the size and weight of the draw's heading ("The rounds"): "bold"
    for each that does, else what differs."""
    return page.eval_on_selector_all(
        "#tournament-draw-title, #tournament-standings-title",
        """(all) => {
             const [heading] = all.map((e) => getComputedStyle(e));
             return all.map((e) => {
               const style = getComputedStyle(e);
               return style.fontSize === heading.fontSize && Number(style.fontWeight) >= 700
                 ? "bold" : `${style.fontSize} ${style.fontWeight}`;
             });
           }""",
    )


def overflows(page: Page, selector: str) -> bool:
    """Whether what `selector` holds is wider than it shows (scrolled sideways)."""
    return bool(page.eval_on_selector(selector, "(e) => e.scrollWidth > e.clientWidth + 1"))


def edge_shades(page: Page, selector: str) -> list[str]:
    """How the background layers of a sideways scroller move: the covers with the content ("local"), the
    shades with the box ("scroll"); each a gradient of the panel's colour or of the edge's shade."""
    style = page.eval_on_selector(
        selector, "(e) => [getComputedStyle(e).backgroundAttachment, getComputedStyle(e).backgroundImage]"
    )
    attachments, images = style
    assert images.count("radial-gradient") == 2 and images.count("linear-gradient") == 2, images
    return [a.strip() for a in attachments.split(",")]


def places_taken(page: Page, name: str, taken: int) -> None:
    page.wait_for_selector(
        f"{tournament_row(name)}:has-text('{taken} of 4 places taken')", timeout=CONNECT_TIMEOUT_MS
    )


def moved_on_everywhere(everyone: dict[str, Page], winner: str) -> None:
    """Every device marks `winner` (a key) the winner of their semi-final and puts them in the final, and
    every bracket is the same."""
    won = f"#tournament-rounds li.tournament-table[data-round='1'] .tournament-winner[data-key='{winner}']"
    in_final = (
        f"#tournament-rounds li.tournament-table[data-round='2'] .tournament-player[data-key='{winner}']"
    )
    for page in everyone.values():
        page.wait_for_selector(won, timeout=CONNECT_TIMEOUT_MS)
        page.wait_for_selector(in_final, timeout=CONNECT_TIMEOUT_MS)
    brackets = {name: bracket(page) for name, page in everyone.items()}
    assert len({repr(b) for b in brackets.values()}) == 1, brackets


def plays_and_wins(
    tournament: str,
    winner: Page,
    winner_name: str,
    loser: Page,
    loser_name: str,
    *,
    winner_told: str,
    both_press: bool = False,
) -> None:
    """Their match of `tournament`, whose panel both have open: the winner presses *Play your match* (an
    invitation for the loser alone), the loser accepts it in the lobby's list (`both_press`: presses *Play
    your match* too, which accepts it), the live match starts on both boards (in place of any match shown
    before), the loser resigns. Over the board, each is told where the match leaves them in the tournament
    (the winner `winner_told`, the loser that they are out); both open the panel again."""
    round_ = (winner.text_content("#tournament-yours") or "").split(":")[0]
    play = winner.locator("#tournament-play")
    winner.click("#tournament-play")
    expect(winner.locator("#tournament-message")).to_contain_text("Your invitation is posted for")
    expect(winner.locator("#tournament-message")).to_have_class(re.compile(r"\bform-info\b"))  # news, not red
    # Posted, the panel says it waits for the opponent, and its button withdraws it.
    waiting = f"{round_}: your invitation is posted: waiting for {loser_name} to accept"
    expect(winner.locator("#tournament-yours")).to_have_text(waiting)
    expect(play).to_have_text("Withdraw your invitation")
    play.click()
    expect(winner.locator("#tournament-message")).to_have_text(
        f"Your invitation to {loser_name} is withdrawn."
    )
    expect(winner.locator(f"{ROW}.lobby-yours")).to_have_count(0)
    expect(play).to_have_text("Play your match")
    play.dblclick()  # a double press posts one invitation, and does not withdraw it at once
    expect(winner.locator("#tournament-yours")).to_have_text(waiting)
    time.sleep(1)
    assert winner.locator(f"{ROW}.lobby-yours").count() == 1
    expect(play).to_have_text("Withdraw your invitation")
    key = winner.get_attribute("#tournament-entrants li.tournament-me", "data-key")
    for_loser = f"{ROW}[data-poster='{key}']:has-text('for you')"
    loser.wait_for_selector(for_loser, state="attached", timeout=CONNECT_TIMEOUT_MS)
    # The lobby's row names the tournament and the round; the loser's panel says who invited them.
    expect(loser.locator(f"{for_loser} .lobby-terms")).to_contain_text(f"for you: {tournament}, {round_} · ")
    expect(loser.locator("#tournament-yours")).to_have_text(
        f"{round_}: {winner_name} has invited you to your match"
    )
    expect(loser.locator("#tournament-play")).to_have_text("Accept")
    screenshot(loser, f"tournament-invited-{loser_name.lower()}-1280x800", full_page=False)
    screenshot(winner, f"tournament-waiting-{winner_name.lower()}-1280x800", full_page=False)
    if both_press:
        loser.click("#tournament-play")
    else:
        loser.click("#tournament-dialog button[value=close]")
        loser.click(f"{for_loser} button:text-is('Accept')")
    for page, opponent in ((winner, loser_name), (loser, winner_name)):
        page.wait_for_selector(f"#remote-title:has-text('match with {opponent}')", timeout=CONNECT_TIMEOUT_MS)
        page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
        assert page.is_hidden("#tournament-dialog"), "the panel closed as the match started"
    rd.wait_until(lambda: "match_over" not in (rd.state(winner)["phase"], rd.state(loser)["phase"]))
    rd.resign_single(loser, winner)
    for page in (winner, loser):
        rd.wait_until(lambda page=page: rd.state(page)["phase"] == "match_over")
    out = rf"^{tournament} — [\w-]+: {winner_name} won your match; you are out of the tournament\.$"
    expect(loser.locator("#notice-text")).to_have_text(re.compile(out), timeout=CONNECT_TIMEOUT_MS)
    told = f"{tournament} — {winner_told}."
    expect(winner.locator("#notice-text")).to_have_text(told, timeout=CONNECT_TIMEOUT_MS)
    screenshot(loser, f"tournament-told-{loser_name.lower()}-1280x800", full_page=False)
    for page in (winner, loser):
        rd.open_online(page, "lobby")
        open_tournament(page, tournament)


@needs_node
def test_a_knockout_is_organised_joined_and_drawn_the_same_on_every_device(
    relay_and_site: tuple[str, str], four: list[Page]
) -> None:
    """Ann organises a 4-place knock-out of 1-point matches and enters it; Bob, Dee and Cy join, every
    device's list counting the entrants as they come (Dee reloads her page after joining: her value is kept);
    Cy takes the last place, and registration closes by itself; each device reveals its part by itself, and
    every device shows the same bracket, with each player's own match marked. An entry signed after the
    closing (Eve's, sent straight to the relay) is not in it. The semi-finals and the final are played live on
    the same pages, each player told over the board where the match leaves them, and every device names the
    champion."""
    relay, site = relay_and_site
    ann, bob, cy, dee = four
    everyone = {"Ann": ann, "Bob": bob, "Cy": cy, "Dee": dee}
    open_lobby(ann, site, "Ann")
    organise(ann, "Dawn cup", places=4, length=1, closes_minutes=30, presses=2)
    ann.wait_for_selector(f"{tournament_row('Dawn cup')}.lobby-yours", timeout=CONNECT_TIMEOUT_MS)
    # A double click announced it once; the form folded away.
    time.sleep(1)
    assert ann.locator(tournament_row("Dawn cup")).count() == 1
    assert ann.get_attribute("#lobby-organise", "open") is None
    shown = ann.text_content(tournament_row("Dawn cup")) or ""
    assert "knock-out · 1-point matches · live · not rated" in shown, shown
    assert re.search(r"0 of 4 places taken · Registration closes in (29|30) minutes", shown), shown
    ann_mark = ann.get_attribute(f"{tournament_row('Dawn cup')} svg.identity-mark", "aria-label")
    assert ann_mark and "Ann" not in ann_mark
    for name in ("Bob", "Cy", "Dee"):
        open_lobby(everyone[name], site, name)
        places_taken(everyone[name], "Dawn cup", 0)
        # The announcement names its organiser: the list shows Ann's name, with her mark beside it.
        row = everyone[name].locator(tournament_row("Dawn cup"))
        expect(row.locator(".lobby-rating")).to_have_text(" · organised by Ann")
        assert row.locator("svg.identity-mark").get_attribute("aria-label") == ann_mark

    # Each joins from the list; every device's list counts the entrants as they come.
    for taken, name in enumerate(("Ann", "Bob", "Dee"), start=1):
        everyone[name].click(f"{tournament_row('Dawn cup')} button:text-is('Join')")
        for page in everyone.values():
            places_taken(page, "Dawn cup", taken)
        assert "you entered" in (everyone[name].text_content(tournament_row("Dawn cup")) or "")
        assert everyone[name].locator(f"{tournament_row('Dawn cup')} button:text-is('Join')").count() == 0
    # Said where the player looks: the lobby's message line, as news (not a refusal's red).
    expect(ann.locator("#lobby-message")).to_have_text(
        "You entered the tournament. The draw is made when registration closes."
    )
    expect(ann.locator("#lobby-message")).to_have_class(re.compile(r"\bform-info\b"))
    # Dee's page closes and opens again, and she does not open the lobby: her device reveals by itself, from
    # the value behind her commitment kept on it.
    dee.goto(f"{site}?no-welcome")
    rd.wait_ready(dee)
    others = {name: page for name, page in everyone.items() if page is not dee}

    # Every panel names the three entrants; only the organiser is offered to close registration early.
    for name, page in others.items():
        if page is cy:
            continue
        open_tournament(page, "Dawn cup")
        expect(page.locator("#tournament-entrants li")).to_have_count(3, timeout=CONNECT_TIMEOUT_MS)
        entrants = page.eval_on_selector_all(
            "#tournament-entrants li", "(items) => items.map((i) => i.textContent)"
        )
        assert sorted(entrants) == sorted(f"{n} (you)" if n == name else n for n in ("Ann", "Bob", "Dee"))
        # Not numbered before the draw: a number would read as a seed.
        assert page.eval_on_selector("#tournament-entrants li", LIST_STYLE) != "decimal"
        expect(page.locator("#tournament-phase")).to_contain_text("Registration closes in")
        if page is not ann:
            expect(page.locator("#tournament-terms")).to_contain_text("organised by Ann")
            assert page.get_attribute("#tournament-terms svg.identity-mark", "aria-label") == ann_mark
    expect(ann.locator("#tournament-close-now")).to_be_visible()
    assert bob.is_hidden("#tournament-close-now"), "only the organiser closes the registration"

    # Cy takes the last place: Ann's device closes registration by itself (nobody else can enter), each
    # entrant's device reveals, every device draws; Dee's too, before she opens the lobby.
    cy.click(f"{tournament_row('Dawn cup')} button:text-is('Join')")
    open_tournament(cy, "Dawn cup")
    for page in others.values():
        page.wait_for_selector("#tournament-phase[data-phase='drawn']", timeout=CONNECT_TIMEOUT_MS)
        expect(page.locator("#tournament-phase")).to_have_text("Semi-finals being played")
        expect(page.locator("#tournament-entrants li")).to_have_count(4)
        assert page.eval_on_selector("#tournament-entrants li", LIST_STYLE) == "decimal", "seed 1 first"
    # Dee, over the board with the lobby never opened, is told the draw's news all the same.
    expect(dee.locator("#notice-text")).to_contain_text(
        "Dawn cup — Semi-finals: your match against ", timeout=CONNECT_TIMEOUT_MS
    )
    open_lobby(dee, site, "Dee")
    open_tournament(dee, "Dawn cup")
    expect(dee.locator("#tournament-phase")).to_have_text("Semi-finals being played")
    keys = {
        name: page.get_attribute("#tournament-entrants li.tournament-me", "data-key")
        for name, page in everyone.items()
    }
    assert len(set(keys.values())) == 4 and all(keys.values()), keys
    drawn = bracket(ann)
    for name, page in everyone.items():
        assert bracket(page) == drawn, f"{name}'s bracket differs from Ann's"
    semis, final = drawn
    seated = sorted(player.split(" ")[0] for table in semis for player in table)
    assert seated == sorted(keys.values()), "the four entrants, each once, in the first round"
    assert final == [["- to be decided", "- to be decided"]]
    for page in everyone.values():
        expect(page.locator("#tournament-rounds h4")).to_have_text(["Semi-finals", "Final"])
    # Each player's own match, named with the opponent the bracket gives them.
    names_by_key = {key: name for name, key in keys.items()}
    for name, page in everyone.items():
        table = next(t for t in semis if any(p.split(" ")[0] == keys[name] for p in t))
        opponent = next(p.split(" ")[0] for p in table if p.split(" ")[0] != keys[name])
        expect(page.locator("#tournament-yours")).to_have_text(
            f"Semi-finals: your match against {names_by_key[opponent]}"
        )

    # Eve's entry, signed after the closing and sent straight to the relay, and then an announcement of hers
    # (the relay sends in order: once her tournament is listed, her entry was heard): the draw is unchanged.
    address = ann.get_attribute(tournament_row("Dawn cup"), "data-address") or ""
    now = int(time.time())
    late = {
        "kind": 1663,
        "created_at": now,
        "tags": [["a", address], ["t", "backgammon-lobby"]],
        "content": json.dumps({"v": 1, "name": "Eve", "commitment": hashlib.sha256(b"eve").hexdigest()}),
    }
    evening = announcement(
        "Evening cup",
        "evening00001",
        created_at=now,
        closes=now + 3600,
        tournament_format="roundrobin",
        length=3,
        places=6,
    )
    answers = publish(bob, relay, sign([("eve", late), ("eve", evening)]))
    assert all(answer[2] for answer in answers), answers
    for name, page in everyone.items():
        page.click("#tournament-dialog button[value=close]")
        page.wait_for_selector(tournament_row("Evening cup"), timeout=CONNECT_TIMEOUT_MS)
        places_taken(page, "Dawn cup", 4)
        assert page.locator(f"{tournament_row('Dawn cup')} button:text-is('Join')").count() == 0
        open_tournament(page, "Dawn cup")
        expect(page.locator("#tournament-entrants li")).to_have_count(4)
        assert bracket(page) == drawn, f"{name}'s bracket changed after a late entry"
        assert "Eve" not in (page.text_content("#tournament-dialog") or "")

    # How it looks, and what a screen reader is given, on a wide screen and a phone.
    screenshot(bob, "tournament-bracket-1280x800")
    audit(bob, "a tournament's bracket")
    bob.set_viewport_size({"width": 390, "height": 844})
    screenshot(bob, "tournament-bracket-390x844", full_page=False)
    audit(bob, "a tournament's bracket on a phone", ["wcag22aa"])
    bob.click("#tournament-dialog button[value=close]")
    screenshot(bob, "tournament-list-390x844", full_page=False)
    assert bob.locator(TOURNAMENT_ROW).count() >= 2
    bob.set_viewport_size({"width": 1280, "height": 800})
    open_tournament(bob, "Dawn cup")

    # Ann plays her semi-final: *Play your match* invites her opponent alone; they accept it in the lobby's
    # list, and the live match starts; the opponent resigns. Both devices publish the result naming its
    # pairing, and every device marks Ann the winner of her table and puts her in the final.
    table = next(t for t in semis if any(p.split(" ")[0] == keys["Ann"] for p in t))
    rival_key = next(k for k in (p.split(" ")[0] for p in table) if k != keys["Ann"])
    rival = everyone[names_by_key[rival_key]]
    other_names = [names_by_key[p.split(" ")[0]] for t in semis if t is not table for p in t]
    plays_and_wins(
        "Dawn cup",
        ann,
        "Ann",
        rival,
        names_by_key[rival_key],
        winner_told="Final: your match against the winner of {} and {}".format(*other_names),
    )
    moved_on_everywhere(everyone, keys["Ann"])
    expect(rival.locator("#tournament-yours")).to_have_text(
        "Semi-finals: Ann won your match; you are out of the tournament"
    )
    # Its results signed, the match is no longer among the matches being played (on either player's list).
    for page in (ann, rival):
        page.click("#tournament-dialog button[value=close]")
        expect(page.locator("#lobby-playing")).to_be_hidden()
        assert page.locator("#lobby-playing li").count() == 0
        open_tournament(page, "Dawn cup")
    screenshot(cy, "tournament-bracket-a-winner-1280x800")

    # The other semi-final, then the final, on the same pages: each finalist's board still shows the match
    # they won when the final starts (no page is opened again).
    finalist, loser = other_names
    told = "Final: your match against Ann"
    plays_and_wins("Dawn cup", everyone[finalist], finalist, everyone[loser], loser, winner_told=told)
    moved_on_everywhere(everyone, keys[finalist])
    for page in everyone.values():
        expect(page.locator("#tournament-phase")).to_have_text("Final to play")
    # Ann, waiting in the final, is told her opponent once known (over the board, whatever she has open).
    expect(ann.locator("#notice-text")).to_have_text(f"Dawn cup — Final: your match against {finalist}.")
    for page in (ann, everyone[finalist]):
        expect(page.locator("#tournament-yours")).to_contain_text("Final: your match against")
    won = "You won the tournament"
    plays_and_wins("Dawn cup", ann, "Ann", everyone[finalist], finalist, winner_told=won, both_press=True)
    expect(ann.locator("#tournament-yours")).to_have_text("You won the tournament")
    for page in everyone.values():
        expect(page.locator("#tournament-phase")).to_contain_text("Ann won", timeout=CONNECT_TIMEOUT_MS)
    # The lobby's list of tournaments names the champion too.
    out = everyone[loser]
    out.click("#tournament-dialog button[value=close]")
    expect(out.locator(tournament_row("Dawn cup"))).to_contain_text("Finished: Ann won the tournament")


def test_a_round_robin_is_drawn_into_rounds_where_everyone_meets_everyone_once(
    relay_and_site: tuple[str, str], four: list[Page]
) -> None:
    """A 4-place round robin, all four entered (registration closing by itself once they are): every device
    shows the same three rounds of two tables (the Berger tables: each player meets each other once) and the
    same standings table, nobody having played yet."""
    _, site = relay_and_site
    ann, bob, cy, dee = four
    everyone = {"Ann": ann, "Bob": bob, "Cy": cy, "Dee": dee}
    open_lobby(ann, site, "Ann")
    ann.set_viewport_size({"width": 390, "height": 844})
    organise(ann, "Noon league", places=4, length=3, tournament_format="roundrobin", closes_minutes=60)
    ann.locator("#lobby-organise-button").scroll_into_view_if_needed()
    screenshot(ann, "tournament-organise-390x844", full_page=False)
    ann.set_viewport_size({"width": 1280, "height": 800})
    ann.wait_for_selector(f"{tournament_row('Noon league')}.lobby-yours", timeout=CONNECT_TIMEOUT_MS)
    for name, page in everyone.items():
        if page is not ann:
            open_lobby(page, site, name)
        page.click(f"{tournament_row('Noon league')} button:text-is('Join')", timeout=CONNECT_TIMEOUT_MS)
        page.wait_for_selector(f"{tournament_row('Noon league')}:has-text('you entered')")
    for page in everyone.values():
        places_taken(page, "Noon league", 4)
        assert "round robin · 3-point matches" in (page.text_content(tournament_row("Noon league")) or "")
    for page in everyone.values():
        open_tournament(page, "Noon league")
        page.wait_for_selector("#tournament-phase[data-phase='drawn']", timeout=CONNECT_TIMEOUT_MS)
        expect(page.locator("#tournament-rounds h4")).to_have_text(["Round 1", "Round 2", "Round 3"])
        expect(page.locator("#tournament-phase")).to_have_text("Round 1 of 3 being played")
    drawn = bracket(ann)
    standings = ann.eval_on_selector_all(
        "#tournament-standings tbody tr", "(rows) => rows.map((r) => r.innerText.replace(' (you)', ''))"
    )
    for name, page in everyone.items():
        assert bracket(page) == drawn, f"{name}'s rounds differ from Ann's"
        assert (
            page.eval_on_selector_all(
                "#tournament-standings tbody tr",
                "(rows) => rows.map((r) => r.innerText.replace(' (you)', ''))",
            )
            == standings
        ), f"{name}'s standings differ from Ann's"
    assert [len(round_) for round_ in drawn] == [2, 2, 2]
    meetings = sorted(
        tuple(sorted(player.split(" ")[0] for player in table)) for round_ in drawn for table in round_
    )
    keys = sorted({key for pair in meetings for key in pair})
    assert len(keys) == 4
    assert meetings == sorted((a, b) for i, a in enumerate(keys) for b in keys[i + 1 :]), (
        "each pair of players meets once"
    )
    assert len(standings) == 4 and all(re.search(r"\t0\t0\t0\t0\t0$", row) for row in standings), standings
    # Nobody has played: no places yet (the order is the draw's alone).
    assert all(row.startswith("–\t") for row in standings), standings
    expect(cy.locator("#tournament-yours")).to_have_text(
        re.compile(r"^Round 1: your match against (Ann|Bob|Dee)$")
    )
    screenshot(cy, "tournament-round-robin-1280x800")
    assert heading_sizes(cy) == ["bold"] * 2, "the standings' caption reads as 'The rounds' heading does"
    cy.set_viewport_size({"width": 390, "height": 844})
    cy.locator("#tournament-draw").scroll_into_view_if_needed()
    screenshot(cy, "tournament-round-robin-390x844", full_page=False)
    assert heading_sizes(cy) == ["bold"] * 2, "the same on a phone"
    # On a phone the three rounds wrap and the standings fit: nothing is cut off, nothing to scroll sideways.
    for region in ("#tournament-rounds", ".tournament-standings-scroll"):
        assert not overflows(cy, region), f"{region} is cut off at 390 px"
    inside = cy.eval_on_selector(
        "#tournament-dialog",
        """(dialog) => [...dialog.querySelectorAll("#tournament-rounds h4, #tournament-standings th")]
             .every((e) => e.getBoundingClientRect().right <= dialog.getBoundingClientRect().right)""",
    )
    assert inside, "every round and every column of the standings is inside the panel"
    # Narrower still, the standings no longer fit: a shade at the edge says there is more to scroll to.
    cy.set_viewport_size({"width": 300, "height": 640})
    cy.locator(".tournament-standings-scroll").scroll_into_view_if_needed()
    screenshot(cy, "tournament-round-robin-300x640", full_page=False)
    assert overflows(cy, ".tournament-standings-scroll")
    assert edge_shades(cy, ".tournament-standings-scroll") == ["local", "local", "scroll", "scroll"]
    cy.set_viewport_size({"width": 390, "height": 844})
    audit(cy, "a round robin's rounds and standings on a phone", ["wcag22aa"])


@needs_node
def test_a_link_opens_a_tournament_to_join_from_it_and_an_entrant_leaves(
    relay_and_site: tuple[str, str], devices: list[Page]
) -> None:
    """Ann organises a tournament and copies its link from the panel; Bob, at a fresh device, opens the link:
    the site opens the lobby and the tournament's panel with *Join*, he gives his name and joins, and Ann's
    panel counts him; he leaves (every device counts one fewer) and enters again. A link not whole says so; a
    link to a tournament the relays do not have says so after a wait, and the panel opens as soon as a relay
    sends it."""
    relay, site = relay_and_site
    ann, bob, cy = devices
    open_lobby(ann, site, "Ann")
    organise(ann, "Link cup", places=4, length=1, closes_minutes=30)
    ann.wait_for_selector(f"{tournament_row('Link cup')}.lobby-yours", timeout=CONNECT_TIMEOUT_MS)
    address = ann.get_attribute(tournament_row("Link cup"), "data-address") or ""
    open_tournament(ann, "Link cup")
    link = ann.input_value("#tournament-link")
    assert link.endswith(f"#tournament={address}") and address.startswith("31663:"), link
    ann.click("#tournament-copy-link")
    ann.wait_for_selector("#tournament-copy-link + .copy-sign")  # copied, or selected to copy by hand

    # Bob's device has never opened the site: the link opens it, the lobby and the tournament's panel.
    bob.goto(link)
    rd.wait_ready(bob)
    bob.wait_for_selector("#tournament-dialog[open]", timeout=CONNECT_TIMEOUT_MS)
    expect(bob.locator("#tournament-title")).to_have_text("Link cup")
    expect(bob.locator("#tournament-terms")).to_contain_text("organised by Ann")
    expect(bob.locator("#tournament-join")).to_be_visible()
    # Join without a name: refused, and said so until a name passes.
    bob.click("#tournament-join")
    expect(bob.locator("#tournament-message")).not_to_have_text("")
    refused = "Choose a name: other players see it when you meet them."
    expect(bob.locator("#lobby-message")).to_have_text(refused)
    bob.fill("#tournament-entrant-name", "Bob")
    bob.click("#tournament-join")
    expect(bob.locator("#tournament-entrants li")).to_have_text(["Bob (you)"], timeout=CONNECT_TIMEOUT_MS)
    expect(bob.locator("#tournament-join")).to_be_hidden()
    expect(ann.locator("#tournament-entrants li")).to_have_text(["Bob"], timeout=CONNECT_TIMEOUT_MS)
    expect(bob.locator("#tournament-message")).to_have_text(
        "You entered the tournament. The draw is made when registration closes."
    )
    expect(bob.locator("#lobby-message")).to_have_text("")
    assert "#tournament=" not in bob.url, "the link is taken: a reload does not open it again"

    # Bob leaves before the draw: every device counts one entrant fewer; he may enter again.
    expect(ann.locator("#tournament-leave")).to_be_hidden()
    bob.click("#tournament-leave")
    for page in (ann, bob):
        expect(page.locator("#tournament-entrants-title")).to_have_text(
            "Entrants (0 of 4)", timeout=CONNECT_TIMEOUT_MS
        )
    expect(bob.locator("#tournament-leave")).to_be_hidden()
    bob.click("#tournament-join")
    for page in (ann, bob):
        expect(page.locator("#tournament-entrants-title")).to_have_text(
            "Entrants (1 of 4)", timeout=CONNECT_TIMEOUT_MS
        )
    expect(bob.locator("#tournament-leave")).to_be_visible()

    # A link cut short says so plainly. (Cy's clock is Playwright's, flowing as usual until moved on below.)
    cy.clock.install()
    cy.goto(f"{site}#tournament=31663:{address.split(':')[1][:20]}")
    rd.wait_ready(cy)
    expect(cy.locator("#lobby-message")).to_have_text(
        "This link to a tournament is not whole: ask whoever sent it to send it again.",
        timeout=CONNECT_TIMEOUT_MS,
    )
    assert cy.is_hidden("#tournament-dialog")
    # A link to a tournament the relays do not have (yet): said after a wait; it opens once a relay has it.
    keys = public_keys(["eve"])
    missing = f"31663:{keys['eve']}:latecup000001"
    cy.goto(f"{site}#tournament={missing}")
    # Looking for it is said at once; the page's wait of 15 s (web/lobby/tournaments.js LINK_WAIT_MS), its
    # timer set as that is said, passes on Cy's clock moved on.
    expect(cy.locator("#lobby-message")).to_have_text(
        "Looking for the tournament of your link on the relays…", timeout=CONNECT_TIMEOUT_MS
    )
    cy.clock.fast_forward(16_000)
    expect(cy.locator("#lobby-message")).to_contain_text(
        "The relays have not sent the tournament of your link (yet)", timeout=CONNECT_TIMEOUT_MS
    )
    assert cy.is_hidden("#tournament-dialog")
    now = int(time.time())
    late_cup = announcement(
        "Late cup", "latecup000001", created_at=now, closes=now + 3600, organiser_name="Eve"
    )
    answers = publish(ann, relay, sign([("eve", late_cup)]))
    assert all(answer[2] for answer in answers), answers
    cy.wait_for_selector("#tournament-dialog[open]", timeout=CONNECT_TIMEOUT_MS)
    expect(cy.locator("#tournament-title")).to_have_text("Late cup")
    expect(cy.locator("#tournament-join")).to_be_visible()
    # A third device, which heard Bob's entry, his leave and his entry again, counts him once.
    cy.click("#tournament-dialog button[value=close]")
    cy.wait_for_selector(
        f"{tournament_row('Link cup')}:has-text('1 of 4 places taken')", timeout=CONNECT_TIMEOUT_MS
    )


@needs_node
def test_a_knockout_by_links_has_its_semi_final_played_by_letters(
    relay_and_site: tuple[str, str], four: list[Page]
) -> None:
    """A 4-place knock-out by links: drawn as a live one is; Ann's *Play your match* posts an invitation by
    links for her opponent alone, and her page opens again; they accept it in the lobby's list, their device
    hosts the match and its turns go as letters. Both devices note the same pairing (Ann's, kept with her
    invitation, when her device reads the accept's letter; the accepter's as it accepts), so the two results
    they sign are the same and count: the opponent resigns, and every device marks Ann the winner of her table
    and puts her in the final."""
    _, site = relay_and_site
    ann, bob, cy, dee = four
    everyone = {"Ann": ann, "Bob": bob, "Cy": cy, "Dee": dee}
    open_lobby(ann, site, "Ann")
    organise(ann, "Post cup", places=4, length=1, closes_minutes=30, mode="links")
    ann.wait_for_selector(f"{tournament_row('Post cup')}.lobby-yours", timeout=CONNECT_TIMEOUT_MS)
    assert "knock-out · 1-point matches · by links, a day to move" in (
        ann.text_content(tournament_row("Post cup")) or ""
    )
    for name in ("Bob", "Cy", "Dee"):
        open_lobby(everyone[name], site, name)
    for taken, name in enumerate(everyone, start=1):
        everyone[name].wait_for_selector(tournament_row("Post cup"), timeout=CONNECT_TIMEOUT_MS)
        everyone[name].click(f"{tournament_row('Post cup')} button:text-is('Join')")
        places_taken(ann, "Post cup", taken)
    for page in everyone.values():
        places_taken(page, "Post cup", 4)
        open_tournament(page, "Post cup")
    for page in everyone.values():
        page.wait_for_selector("#tournament-phase[data-phase='drawn']", timeout=CONNECT_TIMEOUT_MS)
    keys = {
        name: page.get_attribute("#tournament-entrants li.tournament-me", "data-key")
        for name, page in everyone.items()
    }
    names_by_key = {key: name for name, key in keys.items()}
    semis, _ = bracket(ann)
    table = next(t for t in semis if any(p.split(" ")[0] == keys["Ann"] for p in t))
    rival_key = next(k for k in (p.split(" ")[0] for p in table) if k != keys["Ann"])
    rival = everyone[names_by_key[rival_key]]

    ann.click("#tournament-play")
    expect(ann.locator("#tournament-message")).to_contain_text("and goes on by letters")
    # Ann's page opens again before the accept comes: the pairing is kept with her invitation on the device.
    ann.goto(f"{site}?no-welcome")
    rd.wait_ready(ann)
    rival.click("#tournament-dialog button[value=close]")
    for_rival = f"{ROW}[data-poster='{keys['Ann']}']:has-text('for you')"
    rival.wait_for_selector(f"{for_rival}:has-text('by links')", timeout=CONNECT_TIMEOUT_MS)
    rival.click(f"{for_rival} button:text-is('Accept')")
    # The rival's device hosts the match and sends it as a letter; Ann's, open, reads it and joins.
    title = f"#remote-title:has-text('match with {names_by_key[rival_key]} · by links')"
    ann.wait_for_selector(title, timeout=CONNECT_TIMEOUT_MS)
    rival.wait_for_selector("#remote-title:has-text('match with Ann · by links')", timeout=CONNECT_TIMEOUT_MS)
    assert ann.is_hidden("#tournament-dialog"), "the panel closed as the match started"
    rd.resign_single(rival, ann)
    for page in (ann, rival):
        rd.wait_until(lambda page=page: rd.state(page)["phase"] == "match_over")
        assert "Ann wins the match" in (page.text_content("#result-text") or "")
        rd.open_online(page, "lobby")
        open_tournament(page, "Post cup")
    moved_on_everywhere(everyone, keys["Ann"])
    expect(rival.locator("#tournament-yours")).to_have_text(
        "Semi-finals: Ann won your match; you are out of the tournament"
    )
