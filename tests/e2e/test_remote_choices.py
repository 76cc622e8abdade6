"""The choices a player makes about matches on two devices, through the page (web/remote/): *Rematch* once a
live match is over, *Keep mine* and *Take NAME's record* after the two records forked, deleting a finished and
an abandoned match from *Play a friend*; and a friend's reload, which must log no error on this page.
The real built site naming a local relay, real Chromium in two profiles, trystero and WebRTC, as in
test_remote_play.py. The Content-Security-Policy is on; no console error is allowed (trystero's line for a
friend who closed the connection included: this file does not let it through)."""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Page, WebSocket, expect
from scripts.remote_harness import CONNECT_TIMEOUT_MS
from tests.e2e import remote_driver as rd
from tests.e2e import test_remote_play as play
from tests.e2e.conftest import screenshot
from tests.e2e.stored import stored_text
from tests.e2e.test_remote_play import Device, kept_match, start_live, transcript

from backgammon.remote import session

# test_remote_play's fixtures, by name: the site built with its relay, the two devices, trystero's close.
site = play.site
devices = play.devices
friend_leaving = play.friend_leaving


def shown_id(page: Page) -> str | None:
    shown = page.evaluate("sessionStorage.getItem('backgammon.remote.shown')")
    return str(shown) if shown else None


def remote_key(match_id: str) -> str:
    return f"backgammon.remote.{match_id}.v1"


def listed(page: Page) -> list[str]:
    """The matches *Play a friend* lists, its dialog left open."""
    rd.open_online(page, "friend")
    return [text.strip() for text in page.locator("#friend-matches li").all_text_contents()]


def delete_listed(page: Page, having: str) -> None:
    """Delete, from the open dialog, the one match whose line has `having`; confirmed."""
    item = page.locator("#friend-matches li", has_text=having)
    expect(item).to_have_count(1)
    item.locator("button", has_text="Delete").click()
    expect(page.locator("#message-title")).to_have_text("Delete this match?")
    page.click("#message-dialog button[value=delete]")
    expect(page.locator("#announcer")).to_have_text("The match is deleted from this device.")
    rd.wait_ready(page)


def test_a_reload_of_the_friend_logs_no_error_here(devices: tuple[Device, Device], site: str) -> None:
    """Bob reloads in the middle of a live match: Ann's page sees the friend go and come back, and logs no
    error (trystero reports the friend's close as a data-channel error; the page tells it apart)."""
    host, guest = devices
    start_live(host, guest, site)
    guest.page.reload()
    for page in (guest.page, host.page):
        page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
    rd.wait_until(lambda: transcript(host.page) == transcript(guest.page))
    host.check()
    guest.check()


def test_a_rematch_and_deleting_a_finished_and_an_abandoned_match(
    devices: tuple[Device, Device], site: str
) -> None:
    """A 1-point live match to its end (a resignation); Ann offers a rematch, Bob takes it: both pages show
    the new match, the old one kept and in the history. Ann deletes the finished one from the dialog, then the
    rematch Bob walked away from: each goes from the list and from storage, and the others stay."""
    host, guest = devices
    start_live(host, guest, site)
    # Ended short: the player on turn resigns a single game, the friend accepts (the whole match is
    # test_remote_play.py's).
    pages = [host.page, guest.page]
    resigner = rd.wait_for_turn(pages)
    assert resigner is not None
    acceptor = guest.page if resigner is host.page else host.page
    resigner.click("#resign-button")
    resigner.click("#resign-dialog button[value='single']")
    acceptor.click("#controls button[data-action='accept_resign']", timeout=CONNECT_TIMEOUT_MS)
    for page in pages:
        page.wait_for_selector("#remote-rematch:not([hidden])", timeout=CONNECT_TIMEOUT_MS)
        assert "wins the match" in (page.text_content("#result-text") or "")
    rd.wait_until(lambda: transcript(host.page) == transcript(guest.page))
    first = [shown_id(device.page) for device in (host, guest)]
    assert first[0] and first[0] == first[1]
    old_transcript = transcript(host.page)

    host.page.click("#remote-rematch")
    guest.page.wait_for_selector("#friend-join-dialog[open]", timeout=CONNECT_TIMEOUT_MS)
    assert "Ann offers a rematch: a 1-point match, live, now." in (
        guest.page.text_content("#friend-join-text") or ""
    )
    assert guest.page.text_content("#friend-join-title") == "A rematch"
    # Offered on the line already open, to Bob by name: no link to send, nobody called "your friend".
    expect(host.page.locator("#status")).to_have_text(
        "Waiting for Bob to join: the match starts when they do."
    )
    assert "match with Bob · live" in (host.page.text_content("#remote-title") or "")
    assert "Bob 0" in (host.page.text_content("#match-info") or "")
    assert host.page.is_hidden("#remote-invite")
    rd.accept_invitation(guest.page, "Bob")
    for page in (host.page, guest.page):
        rd.wait_until(lambda p=page: shown_id(p) not in (None, first[0]))  # type: ignore[misc]
        page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
        page.wait_for_selector("html[data-phase='move']", state="attached", timeout=CONNECT_TIMEOUT_MS)
        page.wait_for_selector("#match-info:has-text('Bob')", timeout=CONNECT_TIMEOUT_MS)
        assert not page.is_visible("#remote-rematch")
    second = [shown_id(device.page) for device in (host, guest)]
    assert second[0] == second[1]
    rd.wait_until(lambda: transcript(host.page) == transcript(guest.page))
    assert "match with Bob · live" in (host.page.text_content("#remote-title") or "")
    assert "match with Ann · live" in (guest.page.text_content("#remote-title") or "")
    for device in (host, guest):
        rd.wait_ready(device.page)
        # The match before is kept as it ended, and is in the history once.
        old = stored_text(device.page, remote_key(str(first[0])))
        assert old is not None and json.loads(old)["record"]["state"]["transcript"] == old_transcript
        history = stored_text(device.page, "backgammon.history.v1")
        assert history is not None and len(json.loads(history)["entries"]) == 1
        lines = listed(device.page)
        assert len(lines) == 2 and sum("· over ·" in line for line in lines) == 1, lines
        device.page.keyboard.press("Escape")

    # Ann deletes the finished match: the rematch, shown, stays.
    page = host.page
    listed(page)
    delete_listed(page, "· over ·")
    assert stored_text(page, remote_key(str(first[0]))) is None
    assert stored_text(page, remote_key(str(second[0]))) is not None
    assert shown_id(page) == second[0] and page.is_visible("#remote-panel")
    lines = listed(page)
    assert len(lines) == 1 and "· over ·" not in lines[0] and "With Bob · 1-point match · live" in lines[0], (
        lines
    )
    page.keyboard.press("Escape")
    # Bob's device keeps both.
    assert stored_text(guest.page, remote_key(str(first[0]))) is not None

    # Bob walks away from the rematch; Ann deletes it, shown: her own match and the history stay.
    own = stored_text(page, "backgammon.match.v1")
    guest.page.close()
    listed(page)
    delete_listed(page, "With Bob")
    page.wait_for_selector("#remote-panel", state="hidden")
    assert stored_text(page, remote_key(str(second[0]))) is None and shown_id(page) is None
    assert stored_text(page, "backgammon.match.v1") == own
    history = stored_text(page, "backgammon.history.v1")
    assert history is not None and len(json.loads(history)["entries"]) == 1
    assert listed(page) == ["None yet."]
    host.check(friend_left=False)


class RelayFrames:
    """What one page sends to the relays for trystero, with the time of each. A join of a room (each try to
    meet the friend again: web/remote/transport.js leaves the room and joins it anew) closes the old
    subscription, subscribes to the room's topics ("REQ") and announces the page in it four times in about two
    seconds ("EVENT" whose content is only the page's peer id); a room joined announces the page once a minute
    after that."""

    def __init__(self) -> None:
        self.frames: list[tuple[float, str]] = []  # (time, "join" | "announce" | "signal" | "close" | …)

    def watch(self, socket: WebSocket) -> None:
        socket.on("framesent", lambda payload: self.frames.append((time.monotonic(), relay_frame(payload))))

    def since(self, start: float, kind: str, until: float = float("inf")) -> list[float]:
        return [at for at, seen in self.frames if seen == kind and start < at <= until]

    def told(self, start: float) -> str:
        """The frames since `start`, for a failing assertion."""
        return ", ".join(f"{at - start:.1f} s {kind}" for at, kind in self.frames if at > start)


def relay_frame(payload: str | bytes) -> str:
    """What a frame sent to a Nostr relay is to trystero: a subscription to a room's topics (tagged "#x"), its
    close, an announcement of the page in a room, or a connection offer, answer or candidate for one peer."""
    try:
        message = json.loads(payload)
        kind = message[0]
        if kind == "REQ":
            return "join" if "#x" in message[2] else "REQ"
        if kind == "EVENT" and any(tag[0] == "x" for tag in message[1]["tags"]):
            content = json.loads(message[1]["content"])
            return "announce" if set(content) <= {"peerId", "passive"} else "signal"
        return str(kind).lower()
    except (ValueError, KeyError, IndexError, TypeError):
        return "?"


# The line's clocks at a quarter of their length (web/remote/line.js `lineTimeScale`): it says it cannot
# connect 7.5 s after the friend's leaving is seen (30 s for a player), and tries to meet them again 0.5,
# 1.75, 4.25, 9.25 s… after it (2, 7, 17, 37 s…). Ann's link keeps it for Bob's page.
LINE_SCALE = 0.25


def test_a_finished_match_stops_looking_for_a_friend_gone_a_while_and_meets_them_when_they_come_back(
    devices: tuple[Device, Device], site: str
) -> None:
    """Ann's device goes away once the match is over. Bob's line says she has left and tries to meet her
    again (each try joins the room anew); once she has been gone a while it stops trying and offers *Look for
    Ann again*. Asked, it tries at once, and meets her when she opens the match again. She goes again; this
    time she comes back while Bob's line rests: its room is still joined, and the two meet without his
    asking. The line's clocks run at a quarter of their length (`LINE_SCALE`)."""
    host, guest = devices
    sent = RelayFrames()
    guest.page.on("websocket", sent.watch)
    link = start_live(host, guest, site, query=f"&test-line-scale={LINE_SCALE}")
    assert f"test-line-scale={LINE_SCALE}" in link
    resigner = rd.wait_for_turn([host.page, guest.page])
    assert resigner is not None
    rd.resign_single(resigner, guest.page if resigner is host.page else host.page)
    for page in (host.page, guest.page):
        rd.wait_until(lambda page=page: rd.state(page)["phase"] == "match_over")  # type: ignore[misc]
    status = guest.page.locator("#remote-status")
    look_again = guest.page.locator("#remote-look-again")
    left = "Ann has left. The match is over: nothing is lost."

    def ann_back() -> None:
        host.page = host.open()
        host.page.goto(link)
        for page in (host.page, guest.page):
            friend = "Bob" if page is host.page else "Ann"
            expect(page.locator("#remote-status")).to_have_text(
                f"Connected to {friend}.", timeout=CONNECT_TIMEOUT_MS
            )
            expect(page.locator("#remote-rematch")).to_be_visible()
        expect(look_again).to_be_hidden()

    def gone_until_rest() -> float:
        """Ann's page closes; Bob's line tries to meet her again until it rests. Returns when it rested."""
        host.page.close()
        gone = time.monotonic()
        expect(status).to_have_text(left, timeout=CONNECT_TIMEOUT_MS)
        expect(look_again).to_be_visible(timeout=60_000)
        expect(look_again).to_have_text("Look for Ann again")
        expect(status).to_have_text(left)
        rested = time.monotonic()
        # Tries 2, 7 and 17 s after her page's leaving is seen (REJOIN_DELAYS_MS), before the line says it
        # cannot connect (30 s); here a quarter of those.
        assert len(sent.since(gone, "join", rested)) >= 2, sent.told(gone)
        return rested

    rested = gone_until_rest()
    # Without the rest, a try would fall 37 s after she left (here 9.25 s, under 2 s after the rest).
    guest.page.wait_for_timeout(25_000 * LINE_SCALE)
    assert sent.since(rested, "join") == [], sent.told(rested)
    # The room stays joined: trystero announces it once a minute, not the four at once of a try.
    assert len(sent.since(rested, "announce")) <= 1, sent.told(rested)
    screenshot(guest.page, "remote-friend-gone-look-again")

    look_again.click()
    asked = time.monotonic()
    expect(look_again).to_be_hidden()
    # Ann comes back once this wake's tries are over (0, 1.25 and 3.75 s after it, here): her page meeting
    # Bob's while his line leaves a room for the next is another matter (noted in docs/remote-transport.md).
    guest.page.wait_for_timeout(5_000)
    assert sent.since(asked, "join") and len(sent.since(asked, "announce")) >= 2, sent.told(rested)
    ann_back()

    rested = gone_until_rest()
    ann_back()
    assert sent.since(rested, "join") == [], sent.told(rested)  # Bob's line met her at rest
    guest.check(friend_left=True)


def fork(page: Page, site: str) -> tuple[dict[str, Any], dict[str, Any], int]:
    """test_remote_play's fork, its notice dismissed."""
    played, resigned, fork_at = play.fork(page, site)
    expect(page.locator("#remote-fork-theirs")).to_have_text("Take Bob's record")
    page.click("#notice-dismiss")
    return played, resigned, fork_at


def test_after_a_fork_the_player_may_keep_her_record_and_the_friend_goes_on_from_it(
    devices: tuple[Device, Device], site: str
) -> None:
    """*Keep mine*: Ann's record stays as it was, the fork is no longer shown (after a reload either), and her
    next turn's link is one Bob's record of his play (the branch she kept) takes: the two agree again."""
    host = devices[0]
    page = host.page
    played, _, _ = fork(page, site)
    before = kept_match(page)
    page.click("#remote-fork-mine")
    page.wait_for_selector("#remote-fork", state="hidden")
    rd.wait_ready(page)
    assert transcript(page) == before["state"]["transcript"] == played["transcript"]
    page.reload()
    rd.wait_ready(page)
    assert not page.is_visible("#remote-fork")
    while rd.my_turn(page):
        rd.act_once(page)
    bob = session.receive_link(played, rd.turn_link(page).split("turn=")[1])["state"]
    ann = transcript(page)
    assert bob["transcript"][: len(ann)] == ann  # Bob's side takes Ann's turn whole (and answers it)
    host.check()


def test_after_a_fork_taking_the_friends_record_makes_both_agree(
    devices: tuple[Device, Device], site: str
) -> None:
    """*Take Bob's record*: Ann's record is Bob's from the fork on; she answers his offer to resign, and her
    link is one Bob's record takes: the two agree."""
    host = devices[0]
    page = host.page
    _, resigned, fork_at = fork(page, site)
    page.click("#remote-fork-theirs")
    page.wait_for_selector("#remote-fork", state="hidden")
    rd.wait_until(lambda: transcript(page) == resigned["transcript"])
    rd.wait_ready(page)
    after = rd.state(page)
    assert after["phase"] == "resign_offered" and "accept_resign" in after["buttons"], after
    while rd.my_turn(page):
        rd.act_once(page)
    bob = session.receive_link(resigned, rd.turn_link(page).split("turn=")[1])["state"]
    ann = transcript(page)
    assert bob["transcript"][: len(ann)] == ann  # Bob's side takes Ann's turn whole (and answers it)
    assert transcript(page)[: fork_at + 1] == resigned["transcript"][: fork_at + 1]
    host.check()
