"""The lobby (web/lobby/lobby.js, docs/lobby-events.md): three people at three devices (three browser
contexts, three profiles) open the real built site, which names a real Nostr relay started on this
machine. Invitations are posted, listed, withdrawn and accepted through the page's own controls; every
event a page receives is checked by Python in that page's worker; an accepted invitation starts the same
live match a friend's invitation does (the real trystero and WebRTC)."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page, expect
from scripts.remote_harness import CONNECT_TIMEOUT_MS
from tests.core.lobby_support import invitation as invitation_template
from tests.core.lobby_support import needs_node, public_keys, result, result_event, sign
from tests.e2e import remote_driver as rd
from tests.e2e import test_remote_play as play
from tests.e2e.conftest import screenshot
from tests.e2e.lobby_driver import ROW, meet, open_lobby, own_row, post, publish, relay_events, row
from tests.e2e.test_axe import audit

# The Accept button of `name`'s invitation whose row says `what`, clicked by the page's own script at the time
# `at` (ms since the epoch, or at once if that is past), as `window.accepted`: whether there was one to click.
CLICK_ACCEPT_AT = """([name, what, at]) => {
  const click = () => {
    const named = (r) => r.querySelector(".lobby-name")?.textContent?.trim() === name;
    const found = [...document.querySelectorAll("#lobby-list li.lobby-row")]
      .find((r) => named(r) && r.textContent.includes(what));
    const button = [...(found?.querySelectorAll("button") ?? [])]
      .find((b) => b.textContent.trim() === "Accept");
    button?.click();
    return Boolean(button);
  };
  window.accepted = new Promise((done) => setTimeout(() => done(click()), Math.max(0, at - Date.now())));
}"""


def posts_five_and_three(ann: Page, site: str) -> None:
    """Ann opens the lobby and posts two live invitations, of 5 points and of 3, likely in the same second
    (each has its own address, `d`: neither replaces the other); both listed as hers."""
    open_lobby(ann, site, "Ann")
    post(ann, 5)
    ann.wait_for_selector(f"{ROW}.lobby-yours:has-text('5-point match')")
    post(ann, 3)
    ann.wait_for_selector(f"{ROW}.lobby-yours:has-text('3-point match')")


@needs_node
def test_post_list_refuse_forged_cancel_accept_and_taken(
    relay_and_site: tuple[str, str], devices: list[Page]
) -> None:
    relay, site = relay_and_site
    ann, bob, cat = devices
    posts_five_and_three(ann, site)
    mark = ann.get_attribute(f"{ROW}.lobby-yours svg.identity-mark", "aria-label")
    assert mark

    # B and C see both in their lists: Ann's name as text, her mark, no verified results.
    for page, name in ((bob, "Bob"), (cat, "Cat")):
        open_lobby(page, site, name)
        for length in (5, 3):
            page.wait_for_selector(row(page, "Ann", length), timeout=CONNECT_TIMEOUT_MS)
        text = page.text_content(row(page, "Ann", 5)) or ""
        assert "no verified results" in text and "live" in text and "not rated" in text
        assert page.get_attribute(f"{row(page, 'Ann', 5)} svg.identity-mark", "aria-label") == mark

    # Straight to the relay: a well-formed invitation (the proof the others were delivered too), one with a
    # length no match has, one whose name hides a right-to-left override, and one changed after signing.
    now = int(time.time())
    good, too_long, bidi, changed = sign(
        [
            ("dan", invitation_template("danfirst0001", created_at=now, name="Dan", length=7)),
            ("eve", invitation_template("evefirst0001", created_at=now, name="Eve", length=40)),
            ("mal", invitation_template("malfirst0001", created_at=now, name="Mal\u202eory", length=7)),
            ("zed", invitation_template("zedfirst0001", created_at=now, name="Zed", length=7)),
        ]
    )
    changed["content"] = changed["content"].replace('"length": 7', '"length": 9')
    answers = publish(cat, relay, [too_long, bidi, changed, good])
    assert [answer[2] for answer in answers[-1:]] == [True], answers
    for page in (bob, cat):
        page.wait_for_selector(row(page, "Dan", 7), timeout=CONNECT_TIMEOUT_MS)
        names = page.eval_on_selector_all(f"{ROW} .lobby-name", "(nodes) => nodes.map((n) => n.textContent)")
        assert sorted(names) == ["Ann", "Ann", "Dan"], names

    # Screenshots of the list, on a wide screen and a phone.
    screenshot(bob, "lobby-list-1280x800")
    bob.set_viewport_size({"width": 390, "height": 844})
    screenshot(bob, "lobby-list-390x844", full_page=False)
    bob.set_viewport_size({"width": 1280, "height": 800})

    # Ann cancels the 3-point invitation: it leaves the others' lists.
    ann.click(f"{ROW}.lobby-yours:has-text('3-point match') button:text-is('Cancel')")
    for page in (bob, cat):
        page.wait_for_selector(row(page, "Ann", 3), state="detached", timeout=CONNECT_TIMEOUT_MS)
    assert bob.is_visible(row(bob, "Ann", 5))

    # Bob and Cat accept the 5-point one at once: one plays Ann, the other is told it was already taken.
    # Clicked by the pages' own script at the same moment, a second ahead: a click through Playwright waits
    # for the button to be stable first, and even one call to each page after the other left time enough, on
    # a loaded machine, for Bob's accept to be answered and the row to leave Cat's list before Cat's click.
    for page in (bob, cat):
        page.wait_for_selector(f"{row(page, 'Ann', 5)} button:text-is('Accept')")
    at = time.time() * 1000 + 1000
    for page in (bob, cat):
        page.evaluate(CLICK_ACCEPT_AT, ["Ann", "5-point match", at])
    assert [page.evaluate("() => window.accepted") for page in (bob, cat)] == [True, True]
    ann.wait_for_function(
        "() => /Bob|Cat/.test(document.querySelector('#match-info')?.textContent ?? '')",
        timeout=CONNECT_TIMEOUT_MS,
    )
    winner, loser = (bob, cat) if "Bob" in (ann.text_content("#match-info") or "") else (cat, bob)
    winner_name = "Bob" if winner is bob else "Cat"
    for page in (ann, winner):
        page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
        page.wait_for_selector("html[data-phase='move']", state="attached", timeout=CONNECT_TIMEOUT_MS)
        page.wait_for_selector(f"#match-info:has-text('{winner_name}')", timeout=CONNECT_TIMEOUT_MS)
        page.wait_for_selector("#match-info:has-text('Ann')", timeout=CONNECT_TIMEOUT_MS)
        assert "5-point match" in (page.text_content("#match-info") or "")
    loser.wait_for_selector("#lobby-message:has-text('Already taken')", timeout=CONNECT_TIMEOUT_MS)
    assert loser.is_hidden("#remote-status"), "the one told it was taken has no match with Ann"
    # Taken: the invitation has left every list.
    loser.wait_for_selector(row(loser, "Ann", 5), state="detached", timeout=CONNECT_TIMEOUT_MS)


def test_one_live_match_at_a_time_the_others_withdrawn_and_no_accept_while_playing(
    relay_and_site: tuple[str, str], devices: list[Page]
) -> None:
    """Ann posts two live invitations; Bob accepts the 5-point one: the match starts, her 3-point one leaves
    every list (one live match at a time). Playing Bob, Ann tries to accept Cat's invitation: the lobby says
    she is playing Bob live, nothing starts, her match with Bob stays shown and connected, Cat's invitation
    stays open and Cat is not pulled into a match."""
    _, site = relay_and_site
    ann, bob, cat = devices
    posts_five_and_three(ann, site)
    anns_five, anns_three = own_row(ann, 5), own_row(ann, 3)
    open_lobby(cat, site, "Cat")
    cat.wait_for_selector(anns_three, timeout=CONNECT_TIMEOUT_MS)
    post(cat, 7)
    cat.wait_for_selector(f"{ROW}.lobby-yours:has-text('7-point match')")
    open_lobby(bob, site, "Bob")
    bob.click(f"{anns_five} button:text-is('Accept')")
    for page in (ann, bob):
        page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
    cat.wait_for_selector(anns_three, state="detached", timeout=CONNECT_TIMEOUT_MS)

    rd.open_online(ann, "lobby")
    ann.click(f"{own_row(cat, 7)} button:text-is('Accept')")
    expect(ann.locator("#lobby-message")).to_contain_text(
        "You are playing a live match with Bob: finish it first", timeout=CONNECT_TIMEOUT_MS
    )
    screenshot(ann, "lobby-accept-while-playing-live")
    ann.keyboard.press("Escape")
    assert "Bob" in (ann.text_content("#match-info") or "")
    expect(ann.locator("#remote-status")).to_have_attribute("data-state", "connected")
    time.sleep(2)  # an accept sent in spite of the refusal would have reached Cat by now
    assert cat.is_visible(f"{ROW}.lobby-yours:has-text('7-point match')")
    assert cat.is_hidden("#remote-status"), "Cat was pulled into a match"


def test_closing_the_page_withdraws_its_invitations(
    relay_and_site: tuple[str, str], devices: list[Page]
) -> None:
    """The page closing re-publishes what it posted as withdrawn: it leaves the others' lists at once, not
    only when its expiration (minutes ahead) comes."""
    _, site = relay_and_site
    ann, bob, _ = devices
    open_lobby(ann, site, "Ann")
    post(ann, 7)
    ann.wait_for_selector(f"{ROW}.lobby-yours:has-text('7-point match')")
    open_lobby(bob, site, "Bob")
    bob.wait_for_selector(row(bob, "Ann", 7), timeout=CONNECT_TIMEOUT_MS)
    # (Relays keep the newest version per `d`: the page dates the withdrawn one a second after the open one
    # even within the same second.)
    ann.close(run_before_unload=True)
    bob.wait_for_selector(row(bob, "Ann", 7), state="detached", timeout=20_000)


def relay_versions(page: Page, relay: str, author: str) -> list[dict[str, Any]]:
    """The invitations the relay holds from `author`."""
    return relay_events(page, relay, {"kinds": [31660], "authors": [author]})


def test_an_invitation_is_published_again_before_it_expires(
    relay_and_site: tuple[str, str], devices: list[Page]
) -> None:
    """While the page is open, its invitation is published again every two minutes with an expiration a few
    minutes ahead (the page's clock is moved on past two minutes; the relay's copy is read)."""
    relay, site = relay_and_site
    ann, bob, _ = devices
    ann.clock.install()
    open_lobby(ann, site, "Ann")
    post(ann, 9)
    ann.wait_for_selector(f"{ROW}.lobby-yours:has-text('9-point match')")
    author = ann.get_attribute(f"{ROW}.lobby-yours", "data-poster") or ""

    def nine_point() -> list[dict[str, Any]]:
        return [e for e in relay_versions(bob, relay, author) if '"length":9' in e["content"]]

    bob.goto(f"{site}?no-welcome")
    first = nine_point()
    assert len(first) == 1
    expiry = int(dict(first[0]["tags"])["expiration"])
    assert 240 <= expiry - first[0]["created_at"] <= 300
    # In one jump, each due timer firing once (as when a laptop's lid is opened: the engine's watchdog takes
    # the gap for a page that was frozen, not for a stalled worker), the re-publication's among them.
    ann.clock.fast_forward(125_000)
    deadline = time.monotonic() + 20
    while (
        (now := nine_point())
        and now[0]["created_at"] == first[0]["created_at"]
        and time.monotonic() < deadline
    ):
        time.sleep(0.5)
    assert now[0]["created_at"] >= first[0]["created_at"] + 120
    assert int(dict(now[0]["tags"])["expiration"]) > expiry
    assert '"state":"open"' in now[0]["content"]


def test_the_filters_narrow_the_list(relay_and_site: tuple[str, str], devices: list[Page]) -> None:
    """A rated invitation asking for a range of ratings and one by links; each filter leaves what it says."""
    _, site = relay_and_site
    ann, bob, _ = devices
    open_lobby(ann, site, "Ann")
    ann.click("#lobby-post summary")
    ann.fill("#lobby-form input[name=length]", "11")
    ann.check("#lobby-form input[name=rated]")
    ann.fill("#lobby-form input[name=min]", "1400")
    ann.fill("#lobby-form input[name=max]", "1800")
    ann.click("#lobby-post-button")
    ann.wait_for_selector(f"{ROW}.lobby-yours:has-text('11-point match')")
    ann.fill("#lobby-form input[name=length]", "13")
    ann.uncheck("#lobby-form input[name=rated]")
    ann.check("#lobby-form input[name=mode][value=links]")
    ann.click("#lobby-post-button")
    ann.wait_for_selector(f"{ROW}.lobby-yours:has-text('13-point match')")

    open_lobby(bob, site, "Bob")
    rated, by_links = row(bob, "Ann", 11), row(bob, "Ann", 13)
    bob.wait_for_selector(rated, timeout=CONNECT_TIMEOUT_MS)
    bob.wait_for_selector(by_links, timeout=CONNECT_TIMEOUT_MS)
    assert "rated · for ratings 1400–1800" in (bob.text_content(rated) or "")
    assert "by links · not rated" in (bob.text_content(by_links) or "")
    audit(bob, "the lobby's list")
    bob.set_viewport_size({"width": 390, "height": 844})
    audit(bob, "the lobby's list on a phone", ["wcag22aa"])
    bob.set_viewport_size({"width": 1280, "height": 800})

    def shown(expected: tuple[bool, bool]) -> tuple[bool, bool]:
        """Which of the two the list shows, once it shows `expected` or after 10 s (it is drawn again after
        the worker's answer)."""
        deadline = time.monotonic() + 10
        while (
            now := (bob.is_visible(rated), bob.is_visible(by_links))
        ) != expected and time.monotonic() < deadline:
            bob.wait_for_timeout(100)
        return now

    bob.select_option("#lobby-form select[name=filter-mode]", "links")
    assert shown((False, True)) == (False, True)
    bob.select_option("#lobby-form select[name=filter-mode]", "")
    bob.select_option("#lobby-form select[name=filter-rated]", "yes")
    assert shown((True, False)) == (True, False)
    bob.select_option("#lobby-form select[name=filter-rated]", "")
    bob.select_option("#lobby-form select[name=filter-length]", "13")
    assert shown((False, True)) == (False, True)
    bob.select_option("#lobby-form select[name=filter-length]", "")
    # A rating range leaves out a player with no verified results.
    bob.fill("#lobby-form input[name=filter-min]", "1000")
    bob.dispatch_event("#lobby-form input[name=filter-min]", "change")
    assert shown((False, False)) == (False, False)
    assert "No open invitation matches" in (bob.text_content("#lobby-list") or "")
    bob.fill("#lobby-form input[name=filter-min]", "")
    bob.dispatch_event("#lobby-form input[name=filter-min]", "change")
    assert shown((True, True)) == (True, True)
    # A length out of range in the unposted form does not keep the lobby open: Close closes it.
    bob.click("#lobby-post summary")
    bob.fill("#lobby-form input[name=length]", "99")
    bob.click("#lobby-dialog .dialog-buttons button[value=close]")
    expect(bob.locator("#lobby-dialog")).to_be_hidden()


def meet_rated(site: str, ann: Page, bob: Page, length: int) -> None:
    """Ann posts a rated live invitation of `length` points, Bob accepts it; both boards connected."""
    meet(site, ann, bob, length, rated=True)


def bob_resigns_a_match_met(site: str, ann: Page, bob: Page, *, rated: bool = False) -> None:
    """Ann and Bob meet in the lobby for a 1-point live match (rated or not); Bob resigns; both see it end."""
    meet(site, ann, bob, 1, rated=rated)
    rd.resign_single(bob, ann)
    for page in (ann, bob):
        rd.wait_until(lambda page=page: rd.state(page)["phase"] == "match_over")


def test_a_rated_invitation_accepted_starts_a_rated_match(
    relay_and_site: tuple[str, str], devices: list[Page]
) -> None:
    """Posting rated and accepting it is both players' agreement: the live match starts rated on both
    boards, with no join dialog on the poster's."""
    _, site = relay_and_site
    ann, bob, _ = devices
    meet_rated(site, ann, bob, 2)
    for page, other in ((ann, "Bob"), (bob, "Ann")):
        page.wait_for_selector(f"#remote-title:has-text('match with {other} · live · rated')")
        assert "2-point match" in (page.text_content("#match-info") or "")
    assert ann.is_hidden("#friend-join-dialog")


@needs_node
def test_a_finished_lobby_match_rates_both_players_from_their_two_signed_results(
    relay_and_site: tuple[str, str], devices: list[Page]
) -> None:
    """Ann posts a rated 1-point match, Bob accepts, Bob resigns: each device publishes its player's signed
    result, and a third player's lobby rates them from the two (FIBS: 1500 each, 1 point, 4·5·√1·0.5 = 10):
    Ann 1510, Bob 1490, each "from 1 verified result". Results Mal sends straight to the relay change
    nothing: one he alone signed of a 25-point match he "won" against Ann, and one of Ann against Bob he has
    no part in. Then the same two meet again: Ann invites Bob again and he accepts; the second match, in a
    room of its own, connects the same two devices again without a reload, and is played."""
    relay, site = relay_and_site
    ann, bob, cy = devices
    bob_resigns_a_match_met(site, ann, bob, rated=True)
    for page in (ann, bob):
        assert "Ann wins the match" in (page.text_content("#result-text") or "")
    first_room = play.kept_match(ann)["invitation"]["room"]

    # Cy, who never played either, sees both rated from their two results once each posts again.
    open_lobby(cy, site, "Cy")
    for page in (ann, bob):
        rd.open_online(page, "lobby")
        post(page, 3)
    ann_key, bob_key = (
        cy.get_attribute(row(cy, name, 3), "data-poster", timeout=CONNECT_TIMEOUT_MS) or ""
        for name in ("Ann", "Bob")
    )
    mal, ended = public_keys(["mal"])["mal"], int(time.time()) - 5
    alone = result("m" * 22, [mal, ann_key], 0, length=25, ended=ended)
    not_his = result("n" * 22, [ann_key, bob_key], 1, ended=ended)
    forged = sign(
        [
            ("mal", result_event(alone, ann_key, created_at=ended)),
            ("mal", result_event(not_his, bob_key, created_at=ended)),
        ]
    )
    answers = publish(cy, relay, forged)
    assert all(answer[2] for answer in answers), answers
    open_lobby(cy, site, "Cy")  # heard again from the start, forged results with the rest
    for name, rating in (("Ann", 1510), ("Bob", 1490)):
        rating_of = f"{row(cy, name, 3)} .lobby-rating"
        cy.wait_for_selector(
            f"{rating_of}:has-text('{rating}, from 1 verified result')", timeout=CONNECT_TIMEOUT_MS
        )
    # What the ratings rest on, said under the list: Mal's result alone is held and not counted (the one he
    # had no part in is refused outright).
    expect(cy.locator("#lobby-results")).to_have_text(
        "Ratings here rest on 1 result both players signed. 1 more, signed by one side only, is not counted."
    )
    screenshot(cy, "lobby-rated-from-results-1280x800")

    # Ann's lobby lists Bob among the people she has played, with her result against him; she invites him
    # again: Bob sees it "for you", and his accept starts their next match.
    ann.click("#lobby-played summary")
    met = ann.locator("#lobby-played-list li")
    expect(met).to_have_count(1)
    expect(met).to_contain_text("Bob · 1490, from 1 verified result")
    expect(met).to_contain_text("1 match: you won 1, lost 0")
    screenshot(ann, "lobby-played-1280x800")
    ann.click("#lobby-played-list button:text-is('Invite again')")
    ann.wait_for_selector(f"{ROW}.lobby-yours:has-text('for Bob')")
    for_bob = f"{row(bob, 'Ann', 3)}:has-text('for you')"
    bob.wait_for_selector(for_bob, timeout=CONNECT_TIMEOUT_MS)
    bob.click(f"{for_bob} button:text-is('Accept')")
    for page, other in ((ann, "Bob"), (bob, "Ann")):
        page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
        page.wait_for_selector(f"#remote-title:has-text('match with {other}')")
    # The match's panel gives both players' ratings in the lobby, from the results this device verified.
    expect(ann.locator("#remote-lobby")).to_have_text(
        "Lobby ratings — you: 1510, from 1 verified result; Bob: 1490, from 1 verified result."
    )
    # Their second match, in a room of its own, is played on the same two pages.
    for page in (ann, bob):
        expect(page.locator("#match-info")).to_contain_text("3-point match")
    assert play.kept_match(ann)["invitation"]["room"] != first_room
    rd.wait_until(lambda: play.transcript(ann) == play.transcript(bob))
    mover = rd.wait_for_turn([ann, bob])
    assert mover is not None
    rd.play_turn(mover)
    rd.wait_until(lambda: play.transcript(ann) == play.transcript(bob))


def test_a_blocked_player_is_hidden_here_until_unblocked(
    relay_and_site: tuple[str, str], devices: list[Page]
) -> None:
    """Bob blocks Ann: her invitation leaves his list (not Cy's), her next one never shows, the block outlives
    a reload, and *Unblock* brings her standing invitations back."""
    _, site = relay_and_site
    ann, bob, cy = devices
    open_lobby(ann, site, "Ann")
    post(ann, 5)
    for page, name in ((bob, "Bob"), (cy, "Cy")):
        open_lobby(page, site, name)
        page.wait_for_selector(row(page, "Ann", 5), timeout=CONNECT_TIMEOUT_MS)
    # By her key: another test's Ann may still have an invitation standing on this relay.
    anns = f"{ROW}[data-poster='{bob.get_attribute(row(bob, 'Ann', 5), 'data-poster')}']"
    bob.click(f"{row(bob, 'Ann', 5)} button:text-is('Block')")
    bob.wait_for_selector(row(bob, "Ann", 5), state="detached")
    assert (bob.text_content("#lobby-blocked summary") or "") == "Blocked players (1)"
    assert bob.is_visible("#lobby-blocked")

    # Ann's next invitation reaches Cy, not Bob: Cy's own, posted after it, shows on Bob's list (the relay
    # sends in order), and Ann's is not beside it.
    post(ann, 7)
    cy.wait_for_selector(row(cy, "Ann", 7), timeout=CONNECT_TIMEOUT_MS)
    post(cy, 9)
    bob.wait_for_selector(row(bob, "Cy", 9), timeout=CONNECT_TIMEOUT_MS)
    assert bob.locator(anns).count() == 0

    # Kept in this browser: after a reload, still blocked.
    open_lobby(bob, site, "Bob")
    bob.wait_for_selector(row(bob, "Cy", 9), timeout=CONNECT_TIMEOUT_MS)
    assert bob.locator(anns).count() == 0
    bob.click("#lobby-blocked summary")
    screenshot(bob, "lobby-blocked-1280x800")
    bob.click("#lobby-blocked-list button:text-is('Unblock')")
    for length in (5, 7):
        bob.wait_for_selector(row(bob, "Ann", length), timeout=CONNECT_TIMEOUT_MS)
    assert bob.is_hidden("#lobby-blocked")


def test_the_lobby_goes_on_after_the_engine_worker_is_replaced(
    relay_and_site: tuple[str, str], devices: list[Page]
) -> None:
    """The engine's worker dies with the lobby open (as a browser may end it under memory pressure); a new
    worker takes over, holding none of what the old one heard: the lobby asks the relays for everything
    again, so Bob's invitation is still there to accept, a new one of Cy's is listed, and accepting starts
    the match."""
    _, site = relay_and_site
    ann, bob, cy = devices
    open_lobby(bob, site, "Bob")
    post(bob, 3)
    bob.wait_for_selector(f"{ROW}.lobby-yours:has-text('3-point match')")
    bobs = own_row(bob, 3)
    # Test mode (a dice script) gives the page its probe, which can end the worker. Ann's clock is
    # Playwright's, flowing as usual until moved on below.
    ann.clock.install()
    ann.goto(f"{site}?test-dice=31&no-sw&no-welcome")
    rd.wait_ready(ann)
    rd.open_online(ann, "lobby")
    ann.fill("#lobby-form input[name=name]", "Ann")
    ann.wait_for_selector(bobs, timeout=CONNECT_TIMEOUT_MS)
    ann.evaluate("() => window.backgammonTestProbe.kill()")
    # The page's watchdog notices the silence on its own timers (web/engine/bridge.js: a ping unanswered 3 s
    # after 2 s of quiet, or a request unanswered for 15 s): those seconds pass on Ann's clock, timer by
    # timer; then her date is set back to the real one (a live match's offers are dated: trystero).
    ann.clock.run_for(16_000)
    ann.clock.set_system_time(time.time())
    ann.wait_for_function(
        "() => Number(document.documentElement.dataset.engineRestarts || 0) >= 1"
        " && document.documentElement.dataset.engine === 'ready'",
        timeout=60_000,
    )
    open_lobby(cy, site, "Cy")
    post(cy, 5)
    ann.wait_for_selector(row(ann, "Cy", 5), timeout=CONNECT_TIMEOUT_MS)
    ann.click(f"{bobs} button:text-is('Accept')")
    for page in (ann, bob):
        page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
