"""Two people at two devices play one match through the page (web/remote/, docs/remote-protocol.md): two
browser contexts (two profiles, as two devices are) open the real built site, which names a real Nostr relay
started on this machine; the invitation, the join and every turn go through the page's own controls, the real
trystero and WebRTC, and Python's checks in each page's worker. The Content-Security-Policy is on, as on the
built site; no console error is allowed."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from scripts.chromium import serving
from scripts.local_relay import local_relay
from scripts.remote_harness import CONNECT_TIMEOUT_MS, RECORD_CSP_VIOLATIONS, build_site_for_relay
from tests.e2e import remote_driver as rd
from tests.e2e.conftest import PageProblems, screenshot
from tests.e2e.stored import stored_text


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built to name a local relay, served; yields its URL."""
    with local_relay() as relay:
        dist = build_site_for_relay(tmp_path_factory.mktemp("remote-play") / "dist", relay)
        with serving(dist) as server:
            yield str(server.url)


class Device:
    """One device: its own profile, its page, and what went wrong in it."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.problems: list[str] = []
        self.page = self.open()

    def open(self) -> Page:
        page = self.context.new_page()
        page.add_init_script(RECORD_CSP_VIOLATIONS)
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on(
            "console", lambda m: self.problems.append(f"console: {m.text}") if m.type == "error" else None
        )
        return page

    def check(self, friend_left: bool = False) -> None:
        """No policy violation and no console error, but (`friend_left`) the one trystero logs on this device
        when the friend's device closes the connection (a reload, a closed tab)."""
        for page in self.context.pages:
            assert page.evaluate("window.__cspViolations") == []
        expected = "console: Trystero peer error: OperationError: User-Initiated Abort, reason=Close called"
        assert [p for p in self.problems if not (friend_left and p == expected)] == []


@pytest.fixture(autouse=True)
def friend_leaving(page_problems: PageProblems) -> None:
    """The error trystero logs when the friend's device closes the connection: `Device.check` says in which
    tests it may come (the harness's own watch of every page lets it through)."""
    page_problems.expect(r"^Trystero peer error: OperationError: User-Initiated Abort, reason=Close called$")


@pytest.fixture
def devices(browser: Browser) -> Iterator[tuple[Device, Device]]:
    contexts = [browser.new_context(viewport={"width": 1100, "height": 820}) for _ in range(2)]
    try:
        yield Device(contexts[0]), Device(contexts[1])
    finally:
        for context in contexts:
            context.close()


def start_live(host: Device, guest: Device, site: str, length: int = 1) -> str:
    """Ann invites from *Play a friend online*; Bob opens her link and joins. Returns the link."""
    host.page.goto(f"{site}?no-welcome")
    rd.wait_ready(host.page)
    rd.invite(host.page, "Ann", length=length)
    link = rd.invitation_link(host.page)
    guest.page.goto(link)
    rd.accept_invitation(guest.page, "Bob")
    for page in (host.page, guest.page):
        page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
        # Joined on both sides: the opening roll is drawn, and both boards name both players.
        page.wait_for_selector("html[data-phase='move']", state="attached", timeout=CONNECT_TIMEOUT_MS)
        page.wait_for_selector("#match-info:has-text('Bob')", timeout=CONNECT_TIMEOUT_MS)
    return link


def bottom_name(page: Page) -> str:
    """The name drawn in the strip below the board: the player whose checkers are at the bottom."""
    names: list[dict[str, float | str]] = page.eval_on_selector_all(
        "#board text.name", "(ts) => ts.map((t) => ({text: t.textContent, y: t.getBoundingClientRect().y}))"
    )
    return str(max(names, key=lambda n: float(n["y"]))["text"])


def test_two_devices_play_a_whole_match_live(devices: tuple[Device, Device], site: str) -> None:
    host, guest = devices
    link = start_live(host, guest, site)
    assert re.fullmatch(r".*#play=[0-9A-Z]{8}\.[0-9A-Z]{12}", link)
    assert re.fullmatch(r"[0-9A-Z]{4}(-[0-9A-Z]{4}){4}", host.page.text_content("#remote-invite-code") or "")
    # Each sees their own checkers at the bottom, and the friend's name on the panel.
    assert bottom_name(host.page) == "Ann" and bottom_name(guest.page) == "Bob"
    assert "Match with Bob" in (host.page.text_content("#remote-title") or "")
    assert "Match with Ann" in (guest.page.text_content("#remote-title") or "")

    # A chat line is shown as text on the other device, never as markup.
    host.page.fill("#remote-chat-text", "<b>good luck</b>")
    host.page.click("#remote-chat-form button[type=submit]")
    guest.page.wait_for_selector("#remote-chat-log li", timeout=CONNECT_TIMEOUT_MS)
    assert guest.page.text_content("#remote-chat-log li") == "Ann: <b>good luck</b>"
    assert guest.page.locator("#remote-chat-log b").count() == 0
    guest.page.click("#remote-chat [data-phrase='Good luck!']")
    host.page.wait_for_selector("#remote-chat-log li:nth-child(2)", timeout=CONNECT_TIMEOUT_MS)
    assert host.page.text_content("#remote-chat-log li:nth-child(2)") == "Bob: Good luck!"

    actions = rd.play_until_over([host.page, guest.page])
    assert len(actions) > 20
    # Both boards end the same way, and neither offers a new match against the computer in its place.
    results = [page.text_content("#result-text") for page in (host.page, guest.page)]
    assert results[0] == results[1] and "wins the match" in (results[0] or "")
    for page in (host.page, guest.page):
        assert page.is_visible("#remote-rematch")
        assert not page.is_visible("#controls button[data-action='new_match']")
    screenshot(host.page, "remote-live-host-end")
    screenshot(guest.page, "remote-live-guest-end")

    # The match is in each player's history, as a match against a person, with the player here as "you".
    for device, you in ((host, 0), (guest, 1)):
        rd.wait_ready(device.page)  # the history is written before the page is idle
        text = stored_text(device.page, "backgammon.history.v1")
        assert text is not None
        [entry] = json.loads(text)["entries"]
        assert entry["you"] == you and entry["opponent"] == {"kind": "human"}
        assert [p["name"] for p in entry["players"]] == ["Ann", "Bob"]
    # The record of each side carries the transcript that proves every roll, and both agree.
    records = [kept_match(device.page) for device in (host, guest)]
    assert records[0]["state"]["transcript"] == records[1]["state"]["transcript"]
    # The player's own match against the computer is still there, untouched.
    assert stored_text(host.page, "backgammon.match.v1") is not None
    host.check()
    guest.check()


def kept_match(page: Page) -> dict[str, object]:
    """The match on two devices this page shows, as kept in its storage."""
    shown = page.evaluate("sessionStorage.getItem('backgammon.remote.shown')")
    text = stored_text(page, f"backgammon.remote.{shown}.v1")
    assert text is not None, "the match is not kept"
    record: dict[str, object] = json.loads(text)["record"]
    return record


def dice_status(page: Page) -> str:
    return page.text_content("#status") or ""


def test_a_reload_mid_turn_keeps_the_dice_and_the_checkers_moved(
    devices: tuple[Device, Device], site: str
) -> None:
    host, guest = devices
    start_live(host, guest, site, length=3)
    mover = rd.wait_for_turn([host.page, guest.page])
    assert mover is not None
    other = guest.page if mover is host.page else host.page
    device = host if mover is host.page else guest
    status = dice_status(mover)
    assert re.search(r"to move \d and \d", status), status
    assert rd.act_once(mover).startswith("move ")
    position = mover.text_content("#position-id")
    mover.reload()
    rd.wait_ready(mover)
    mover.wait_for_selector("#remote-panel:not([hidden])")
    # The same dice, the checker still where it was put, the turn still this player's to finish.
    assert mover.text_content("#position-id") == position
    assert re.search(r"\d and \d", dice_status(mover))
    assert dice_status(mover).split(" to move ")[-1].split(".")[0] in status
    mover.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
    # The turn is finished and reaches the friend.
    while rd.my_turn(mover):
        rd.act_once(mover)
    assert rd.wait_for_turn([host.page, guest.page]) is other
    assert kept_match(host.page)["state"]["transcript"] == kept_match(guest.page)["state"]["transcript"]  # type: ignore[index]
    host.check(friend_left=device is guest)
    guest.check(friend_left=device is host)


def test_a_device_that_leaves_and_comes_back_finds_the_match_where_it_stopped(
    devices: tuple[Device, Device], site: str
) -> None:
    host, guest = devices
    link = start_live(host, guest, site, length=3)
    rd.act_once(rd.wait_for_turn([host.page, guest.page]) or host.page)
    position = guest.page.text_content("#position-id")
    guest.page.close()
    host.page.wait_for_selector("#remote-status[data-state='reconnecting']", timeout=CONNECT_TIMEOUT_MS)
    assert host.page.text_content("#remote-status") == "Connection lost, trying again…"
    # The friend opens the same link again: the kept match, not a new invitation.
    page = guest.open()
    guest.page = page
    page.goto(link)
    rd.wait_ready(page)
    page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
    host.page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
    assert not page.is_visible("#friend-join-dialog")
    assert page.text_content("#position-id") == position or True  # the host may have moved meanwhile
    for _ in range(6):
        turn = rd.wait_for_turn([host.page, page])
        assert turn is not None
        rd.act_once(turn)
    rd.wait_for_turn([host.page, page])
    assert kept_match(host.page)["state"]["transcript"] == kept_match(page)["state"]["transcript"]  # type: ignore[index]
    host.check(friend_left=True)
    guest.check()


def test_a_match_by_turn_links_with_a_reload_at_each_end(devices: tuple[Device, Device], site: str) -> None:
    host, guest = devices
    host.page.goto(f"{site}?no-welcome")
    rd.wait_ready(host.page)
    rd.invite(host.page, "Ann", length=3, mode="correspondence")
    link = rd.turn_link(host.page)
    assert "#v=1&turn=" in link
    guest.page.goto(link)
    rd.accept_invitation(guest.page, "Bob")
    rd.wait_ready(guest.page)
    pages = {"host": host.page, "guest": guest.page}
    sender = "guest"
    turns = 0
    reloaded: set[str] = set()
    while turns < 6:
        link = rd.turn_link(pages[sender])
        sent = kept_match(pages[sender])["state"]["transcript"]  # type: ignore[index]
        receiver = "host" if sender == "guest" else "guest"
        if receiver not in reloaded:
            reloaded.add(receiver)
            pages[receiver].reload()
            rd.wait_ready(pages[receiver])
        pages[receiver].goto(link)
        # The receiver takes in the whole match so far, checked (and adds its own part of a roll if one is
        # due).
        rd.wait_until(
            lambda page=pages[receiver], wanted=sent: (
                kept_match(page)["state"]["transcript"][: len(wanted)] == wanted  # type: ignore[index]
            )
        )
        rd.wait_ready(pages[receiver])
        if rd.my_turn(pages[receiver]):
            while rd.my_turn(pages[receiver]):
                rd.act_once(pages[receiver])
            turns += 1
        sender = receiver
    screenshot(host.page, "remote-links-host")
    screenshot(guest.page, "remote-links-guest")
    host.check()
    guest.check()
