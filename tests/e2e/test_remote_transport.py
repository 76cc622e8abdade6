"""Live play's connection (web/remote/transport.js, docs/remote-transport.md) between two devices: two browser
contexts (two profiles) open the built site, find each other through the real trystero and a real Nostr relay
started on this machine, and pass messages directly. Nothing is mocked: the site is built to name that relay,
and its Content-Security-Policy is enforced."""

from __future__ import annotations

import json
import re
import secrets
import time
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page
from scripts.chromium import serving
from scripts.local_relay import free_port, local_relay
from scripts.remote_harness import (
    CONNECT_TIMEOUT_MS,
    RECORD_CSP_VIOLATIONS,
    build_site_for_relay,
    device,
    events,
    join,
    open_harness,
    wait_state,
)

from .conftest import PageProblems

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
MAX_REMOTE_MESSAGE_CHARS = 16_000_000 + 100_000  # web/limits.js


def new_code(length: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


@pytest.fixture(scope="module")
def relay() -> Iterator[str]:
    """A Nostr relay on a free port of this machine, its sqlite database in a temporary folder."""
    with local_relay() as url:
        yield url


@pytest.fixture(scope="module")
def dead_relay() -> str:
    """The address of a relay that is down: nothing listens on that port."""
    return f"ws://127.0.0.1:{free_port()}"


@pytest.fixture(scope="module")
def relay_site(relay: str, dead_relay: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built to name the local relay and one that is down, as public relays sometimes are
    (index.html's relays and policy), served; yields its URL."""
    dist = build_site_for_relay(tmp_path_factory.mktemp("relay-site") / "dist", relay, dead_relay)
    with serving(dist) as server:
        yield str(server.url)


@pytest.fixture(autouse=True)
def expected_problems(page_problems: PageProblems, dead_relay: str) -> None:
    """What Chromium and trystero log as errors here on purpose: the site names a relay that is down, and a
    test that closes a connection (or has it cut off) makes trystero log the peer's abort."""
    page_problems.expect("^WebSocket connection to '" + re.escape(dead_relay) + "/' failed")
    page_problems.expect(r"^Trystero peer error: OperationError: User-Initiated Abort, reason=Close called")


@pytest.fixture
def two_devices(browser: Browser, relay_site: str) -> Iterator[tuple[Page, Page]]:
    """The transport's harness page open on two devices (two browser contexts), neither connected yet."""
    with device(browser) as first, device(browser) as second:
        host, guest = open_harness(first, relay_site), open_harness(second, relay_site)
        yield host, guest
        for page in (host, guest):
            if not page.is_closed():
                assert page.evaluate("window.__cspViolations") == []


@pytest.fixture
def room() -> tuple[str, str]:
    """A fresh room and secret, as web/remote/link.js draws them."""
    return new_code(8), new_code(12)


def connected(host: Page, guest: Page, room: tuple[str, str], **guest_options: object) -> None:
    join(host, *room)
    join(guest, *room, expectPeer=True, **guest_options)
    wait_state(host, "connected")
    wait_state(guest, "connected")


def received(page: Page, count: int) -> list[str]:
    page.wait_for_selector(f"html[data-messages='{count}']", state="attached", timeout=CONNECT_TIMEOUT_MS)
    messages: list[str] = page.evaluate("window.harness.messages")
    return messages


def test_two_devices_find_each_other_and_exchange_messages_both_ways(
    two_devices: tuple[Page, Page], room: tuple[str, str]
) -> None:
    host, guest = two_devices
    join(host, *room)
    assert host.get_attribute("html", "data-state") == "looking"
    join(guest, *room, expectPeer=True)
    wait_state(host, "connected")
    wait_state(guest, "connected")
    statuses = [event["text"] for event in events(guest, "status")]
    assert statuses[0] == "Looking for your friend…" and statuses[-1] == "Connected to your friend."

    hello = json.dumps({"v": 1, "type": "hello", "name": "Ann ✓ 🎲"})
    assert host.evaluate("(text) => window.harness.send(text)", hello) == {"ok": True}
    assert received(guest, 1) == [hello]
    answers = [json.dumps({"v": 1, "type": "join", "rev": 1}), json.dumps({"v": 1, "type": "turn", "rev": 2})]
    for answer in answers:
        assert guest.evaluate("(text) => window.harness.send(text)", answer) == {"ok": True}
    assert received(host, len(answers)) == answers

    # A message larger than one of trystero's 16 KB chunks arrives whole: a sync of a long match is this size.
    long = json.dumps({"type": "sync", "messages": ["x" * 100 for _ in range(3_000)]})
    assert host.evaluate("(text) => window.harness.send(text)", long) == {"ok": True}
    assert received(guest, 2)[-1] == long

    peers = events(host, "peer"), events(guest, "peer")
    assert len(peers[0]) == 1 and len(peers[1]) == 1
    assert host.evaluate("window.harness.events.some((e) => e.type === 'refused')") is False


def test_a_message_over_the_limit_is_refused_before_it_is_sent(
    two_devices: tuple[Page, Page], room: tuple[str, str]
) -> None:
    host, guest = two_devices
    connected(host, guest, room)
    result = host.evaluate("(n) => window.harness.sendLong(n)", MAX_REMOTE_MESSAGE_CHARS + 1)
    assert result["ok"] is False and result["reason"] == "too-large"
    assert "too large" in result["text"] and "16.1 MB" in result["text"]
    # Nothing of it went out; the connection carries the next message as before.
    assert host.evaluate("(text) => window.harness.send(text)", '{"after": true}') == {"ok": True}
    assert received(guest, 1) == ['{"after": true}']


def test_a_message_over_the_limit_is_refused_on_receipt(
    two_devices: tuple[Page, Page], room: tuple[str, str]
) -> None:
    """A device that does not check what it sends (an older or altered page) is refused by the receiver."""
    host, guest = two_devices
    connected(host, guest, room, maxChars=1_000)
    assert host.evaluate("(n) => window.harness.sendLong(n)", 5_000) == {"ok": True}
    guest.wait_for_selector("html[data-refused='1']", state="attached", timeout=CONNECT_TIMEOUT_MS)
    refusal = events(guest, "refused")[0]
    assert refusal["reason"] == "too-large" and refusal["size"] == 5_000 and refusal["limit"] == 1_000
    assert "too large" in refusal["text"]
    # The oversized message was not handed on; a message within the limit still is.
    assert host.evaluate("(n) => window.harness.sendLong(n)", 1_000) == {"ok": True}
    assert [len(text) for text in received(guest, 1)] == [1_000]


def test_a_stream_far_over_the_limit_is_cut_off_before_it_is_whole(
    two_devices: tuple[Page, Page], room: tuple[str, str]
) -> None:
    host, guest = two_devices
    connected(host, guest, room, maxChars=1_000)
    host.evaluate("(n) => { void window.harness.sendLong(n); }", 2_000_000)
    guest.wait_for_selector("html[data-refused='1']", state="attached", timeout=CONNECT_TIMEOUT_MS)
    refusal = events(guest, "refused")[0]
    assert refusal["reason"] == "too-large" and refusal["size"] < 2_000_000
    assert guest.evaluate("window.harness.messages.length") == 0
    # The sender was cut off: the receiver dropped the connection.
    guest.wait_for_selector("html[data-leaves='1']", state="attached", timeout=CONNECT_TIMEOUT_MS)


def test_a_friend_leaving_is_reported_and_a_friend_coming_back_is_connected_again(
    browser: Browser, two_devices: tuple[Page, Page], room: tuple[str, str]
) -> None:
    host, guest = two_devices
    connected(host, guest, room)
    first_friend = events(host, "peer")[0]["peerId"]
    guest.close()  # the friend's tab closed, without a goodbye
    host.wait_for_selector("html[data-leaves='1']", state="attached", timeout=CONNECT_TIMEOUT_MS)
    wait_state(host, "reconnecting")
    assert events(host, "leave")[0]["peerId"] == first_friend
    assert events(host, "status")[-1]["text"] == "Connection lost, trying again…"
    # The friend opens the link again: a new page, a new peer, the same room.
    again = open_harness(guest.context, host.url.rsplit("/", 2)[0] + "/")
    join(again, *room, expectPeer=True)
    wait_state(again, "connected")
    wait_state(host, "connected")
    assert events(host, "peer")[-1]["peerId"] != first_friend
    assert again.evaluate("(text) => window.harness.send(text)", '"back"') == {"ok": True}
    assert received(host, 1) == ['"back"']


def test_closing_the_connection_is_seen_by_the_other_device(
    two_devices: tuple[Page, Page], room: tuple[str, str]
) -> None:
    host, guest = two_devices
    connected(host, guest, room)
    guest.evaluate("window.harness.close()")
    wait_state(guest, "closed")
    host.wait_for_selector("html[data-leaves='1']", state="attached", timeout=CONNECT_TIMEOUT_MS)
    result = guest.evaluate("(text) => window.harness.send(text)", '"late"')
    assert result["ok"] is False and result["reason"] == "closed"


# Every RTCPeerConnection the page makes, kept in `window.__connections` (to end an old one by hand).
KEEP_CONNECTIONS = """(() => {
  const Made = window.RTCPeerConnection;
  window.__connections = [];
  window.RTCPeerConnection = class extends Made {
    constructor(...args) { super(...args); window.__connections.push(this); }
  };
})()"""


def test_two_devices_meeting_again_in_a_new_room_connect_anew_whatever_becomes_of_the_old_connection(
    browser: Browser, relay_site: str
) -> None:
    """A rematch or a second lobby match between the same two devices: the new room's connection is its own
    (trystero shares one connection across the rooms of an application id; each room is one here). The first
    match's connection, ended on one device after the second match connected, takes nothing with it."""
    with device(browser) as first, device(browser) as second:
        for context in (first, second):
            context.add_init_script(KEEP_CONNECTIONS)
        host, guest = open_harness(first, relay_site), open_harness(second, relay_site)
        connected(host, guest, (new_code(8), new_code(12)))
        for page in (host, guest):
            page.evaluate("window.harness.close()")
            wait_state(page, "closed")
            page.evaluate("window.__old = [...window.__connections]")
        connected(host, guest, (new_code(8), new_code(12)))
        leaves = len(events(host, "leave")), len(events(guest, "leave"))
        closed = guest.evaluate(
            "window.__old.filter((c) => c.connectionState !== 'closed').map((c) => c.close()).length"
        )
        assert closed >= 1  # the first match's connection was still open (trystero keeps it two minutes)
        assert host.evaluate("(text) => window.harness.send(text)", '"after"') == {"ok": True}
        assert received(guest, 1) == ['"after"']
        assert guest.evaluate("(text) => window.harness.send(text)", '"back"') == {"ok": True}
        assert received(host, 1) == ['"back"']
        host.wait_for_timeout(1_000)  # an ended connection's news takes a moment to reach the other side
        assert (len(events(host, "leave")), len(events(guest, "leave"))) == leaves
        for page in (host, guest):
            assert page.get_attribute("html", "data-state") == "connected"


def test_a_friend_gone_for_long_after_connecting_is_not_blamed_on_the_network(
    two_devices: tuple[Page, Page], room: tuple[str, str]
) -> None:
    # The friend's device left: past the timeout the words say what is likely, not that networks block it.
    # It leaves the room (`close()`), which the host hears at once; a tab closed is heard only once WebRTC
    # finds the connection dead, some 11 s here (the test of a friend leaving above).
    host, guest = two_devices
    room_id, secret = room
    join(host, room_id, secret, timeoutMs=4_000)
    join(guest, room_id, secret, expectPeer=True)
    wait_state(host, "connected")
    guest.evaluate("window.harness.close()")
    host.wait_for_selector("html[data-leaves='1']", state="attached", timeout=CONNECT_TIMEOUT_MS)
    wait_state(host, "no-direct", timeout_ms=4_000 + CONNECT_TIMEOUT_MS)
    text = events(host, "status")[-1]["text"]
    assert text.startswith("Your friend's device has been gone for a while: their page may be closed")
    assert "TURN" not in text


def test_a_wrong_secret_never_connects_and_says_so_after_the_timeout(
    two_devices: tuple[Page, Page], room: tuple[str, str]
) -> None:
    host, guest = two_devices
    room_id, secret = room
    join(host, room_id, secret)
    join(guest, room_id, new_code(12), expectPeer=True, timeoutMs=4_000)
    wait_state(guest, "no-direct", timeout_ms=4_000 + CONNECT_TIMEOUT_MS)
    text = events(guest, "status")[-1]["text"]
    assert text.startswith("Could not connect")
    # Some more time: still nobody connected on either side, and nothing was received.
    host.wait_for_timeout(2_000)
    for page in (host, guest):
        assert events(page, "peer") == []
        assert page.get_attribute("html", "data-state") != "connected"
        assert page.evaluate("window.harness.messages.length") == 0


def test_sending_before_the_friend_is_connected_says_so(
    two_devices: tuple[Page, Page], room: tuple[str, str]
) -> None:
    host, _guest = two_devices
    join(host, *room)
    result = host.evaluate("(text) => window.harness.send(text)", '"early"')
    assert result["ok"] is False and result["reason"] == "not-connected"


def test_the_game_page_joins_from_a_play_link_and_shows_the_status(
    browser: Browser, relay_site: str, room: tuple[str, str]
) -> None:
    """index.html opened with `#play=ROOM.SECRET` on two devices: each connects to the other and says so under
    the board, within the page's own Content-Security-Policy."""
    link = f"{relay_site}#play={room[0]}.{room[1]}"
    with device(browser) as first, device(browser) as second:
        pages = []
        for context in (first, second):
            page = context.new_page()
            page.add_init_script(RECORD_CSP_VIOLATIONS)
            page.goto(link)
            pages.append(page)
        for page in pages:
            page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
            assert page.text_content("#remote-status") == "Connected to your friend."
            assert page.is_visible("#remote-status")
            assert page.evaluate("window.__cspViolations") == []
            # No welcome dialog in the way of a friend's link.
            assert not page.is_visible("#welcome-dialog")


def test_the_transport_is_not_loaded_by_a_page_without_a_play_link(browser: Browser, relay_site: str) -> None:
    with device(browser) as context:
        page = context.new_page()
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        page.goto(f"{relay_site}?no-welcome")
        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=60_000)
        assert not [url for url in requested if "remote/" in url]
        assert page.is_hidden("#remote-status")


def test_the_built_page_names_its_relays_in_its_policy_and_nowhere_else(
    relay_site: str, relay: str, dead_relay: str
) -> None:
    with urllib.request.urlopen(relay_site) as response:
        html = response.read().decode()
    assert f'<meta name="remote-relays" content="{relay} {dead_relay}">' in html
    policy = html.split('http-equiv="Content-Security-Policy" content="', 1)[1].split('"', 1)[0]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["connect-src"] == f"'self' {relay} {dead_relay}"
    assert directives["default-src"] == "'self'"
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy


def test_a_broken_play_link_says_so_and_joins_nothing(browser: Browser, relay_site: str) -> None:
    with device(browser) as context:
        page = context.new_page()
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        page.goto(f"{relay_site}#play=ABCD2345.K7QD")  # cut short
        page.wait_for_selector("#remote-status[data-state='closed']")
        assert page.text_content("#remote-status") == (
            "This link to play a friend is not whole: ask your friend to send it again."
        )
        assert not [url for url in requested if "remote/transport" in url]


def test_relays_that_cannot_be_reached_are_reported(
    two_devices: tuple[Page, Page], room: tuple[str, str], dead_relay: str
) -> None:
    host, _guest = two_devices
    host.clock.install()
    join(host, *room, relays=[dead_relay])
    assert host.get_attribute("html", "data-state") == "looking"
    # The transport's grace for relays to open (RELAY_GRACE_MS, 8 s) passed on the page's clock
    # (Playwright's): its ticker, due meanwhile, looks once more.
    host.clock.fast_forward(8_000)
    wait_state(host, "no-relay", timeout_ms=CONNECT_TIMEOUT_MS)
    text = events(host, "status")[-1]["text"]
    host_and_port = dead_relay.removeprefix("ws://")
    assert text == (
        f"Cannot reach the relays that bring the two devices together ({host_and_port}): "
        "check the connection to the internet."
    )


class SignalsHeard:
    """The connection offers, answers and candidates a page has received from the relay (Nostr events whose
    content is more than a peer's announcement)."""

    def __init__(self, page: Page) -> None:
        self.count = 0
        page.on("websocket", lambda socket: socket.on("framereceived", self.heard))

    def heard(self, payload: str | bytes) -> None:
        try:
            message = json.loads(payload)
            if message[0] == "EVENT" and not set(json.loads(message[2]["content"])) <= {"peerId", "passive"}:
                self.count += 1
        except (ValueError, KeyError, IndexError, TypeError):
            pass


def test_without_a_direct_path_both_sides_say_so_once_the_offers_led_nowhere(
    two_devices: tuple[Page, Page], room: tuple[str, str]
) -> None:
    """A network with no direct path and no TURN server: one device allowed relayed ICE candidates only,
    and none to relay through. The offers cross through the relay, no connection follows, and trystero
    gives up on them (23.3 s after the offer is answered, by its own timers): both sides say so, the host
    too, with no clock of its own, and the guest well before its own timeout. Once each side has heard the
    other's offer or answer, the pages' clocks (Playwright's) are moved 24 s ahead, their timers due
    meanwhile firing once: trystero's timers are JavaScript's, the direct connection that never comes is
    the browser's."""
    host, guest = two_devices
    heard = [SignalsHeard(page) for page in (host, guest)]
    for page in (host, guest):
        page.clock.install()
    join(host, *room)
    join(guest, *room, expectPeer=True, timeoutMs=300_000, rtcConfig={"iceTransportPolicy": "relay"})
    deadline = time.monotonic() + CONNECT_TIMEOUT_MS / 1000
    while not all(signals.count for signals in heard) and time.monotonic() < deadline:
        host.wait_for_timeout(100)  # Playwright hands on the frames received meanwhile
    host.wait_for_timeout(500)  # the answer decrypted and applied
    for page in (host, guest):
        page.clock.fast_forward(24_000)  # short of the guest's timeout (300 s)
    for page in (guest, host):
        wait_state(page, "no-direct", timeout_ms=90_000)
        text = events(page, "status")[-1]["text"]
        assert text.startswith("Could not connect directly to your friend's device.")
        assert "TURN" in text and "correspondence" in text
        assert events(page, "peer") == []
