"""Two people at two devices play one match through the page (web/remote/, docs/remote-protocol.md): two
browser contexts (two profiles, as two devices are) open the real built site, which names a real Nostr relay
started on this machine; the invitation, the join and every turn go through the page's own controls, the real
trystero and WebRTC, and Python's checks in each page's worker. The Content-Security-Policy is on, as on the
built site; no console error is allowed."""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from scripts.chromium import serving
from scripts.local_relay import local_relay
from scripts.remote_harness import (
    CONNECT_TIMEOUT_MS,
    RECORD_CSP_VIOLATIONS,
    build_site_for_relay,
    join,
    open_harness,
    wait_state,
)
from tests.e2e import remote_driver as rd
from tests.e2e.conftest import PageProblems, screenshot
from tests.e2e.match_driver import PREFERENCES_KEY
from tests.e2e.remote_chaos import run_remote_chaos
from tests.e2e.stored import stored_text

from backgammon.formats.xgid import Xgid
from backgammon.game import Phase, to_absolute
from backgammon.remote import session
from backgammon.remote.dice import b64decode, b64encode
from backgammon.remote.link import decode_transcript
from backgammon.remote.messages import message_hash, out_of_band

# The site with its relay, once per pytest process: the modules that take this fixture by name
# (test_remote_whole, test_remote_choices, test_remote_connection) share it rather than each starting a relay
# and building the site again (some 5 s each on an idle machine, 15 s under load). Their matches never meet:
# each has its own room. Kept on pytest's config, which every module shares (this module is imported twice,
# as pytest's e2e.test_remote_play and as the others' tests.e2e.test_remote_play).
SHARED_SITE = "_remote_play_site"


@pytest.fixture(scope="module")
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The site built to name a local relay, served (until the end of the session); its URL."""
    url: str | None = getattr(request.config, SHARED_SITE, None)
    if url is None:
        stack = contextlib.ExitStack()
        request.config.add_cleanup(stack.close)
        relay = stack.enter_context(local_relay())
        dist = build_site_for_relay(tmp_path_factory.mktemp("remote-play") / "dist", relay)
        url = str(stack.enter_context(serving(dist)).url)
        setattr(request.config, SHARED_SITE, url)
    return url


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

    def check(self, friend_left: bool = False, since: int = 0) -> None:
        """No policy violation and no console error, but (`friend_left`) the one trystero logs on this device
        when the friend's device closes the connection (a reload, a closed tab); `since`: among the problems
        from that one on (those before were checked already)."""
        for page in self.context.pages:
            assert page.evaluate("window.__cspViolations") == []
        expected = "console: Trystero peer error: OperationError: User-Initiated Abort, reason=Close called"
        assert [p for p in self.problems[since:] if not (friend_left and p == expected)] == []


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


def start_live(
    host: Device,
    guest: Device,
    site: str,
    length: int = 1,
    rated: bool = False,
    query: str = "",
    by_code: bool = False,
) -> str:
    """Ann invites from *Play a friend*; Bob opens her link and joins (`rated`: Ann offers a rated
    match and Bob agrees; `query`: more of Ann's page address, which her link keeps for Bob's; `by_code`: Bob
    types the invitation's code, as read aloud, into *Play a friend* instead). Returns the link."""
    host.page.goto(f"{site}?no-welcome{query}")
    rd.wait_ready(host.page)
    rd.invite(host.page, "Ann", length=length, rated=rated)
    link = rd.invitation_link(host.page)
    # Nobody has joined: the connection line can name no one yet.
    expect(host.page.locator("#remote-status")).to_have_text("Looking for your friend…")
    if by_code:
        code = host.page.text_content("#remote-invite-code") or ""
        guest.page.goto(f"{site}?no-welcome")
        rd.wait_ready(guest.page)
        rd.open_online(guest.page, "friend")
        guest.page.fill("#friend-form input[name=code]", code.lower().replace("-", ""))
        guest.page.click("#friend-form button[value=code]")
    else:
        guest.page.goto(link)
    if rated:
        guest.page.wait_for_selector("#friend-join-dialog[open]", timeout=CONNECT_TIMEOUT_MS)
        offer = guest.page.text_content("#friend-join-rated-text") or ""
        assert "Ann offers a rated match (their rating 1500, yours 1500)" in offer
    rd.accept_invitation(guest.page, "Bob", rated=rated)
    for page in (host.page, guest.page):
        page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
        # Joined on both sides: the opening roll is drawn, and both boards name both players.
        page.wait_for_selector("html[data-phase='move']", state="attached", timeout=CONNECT_TIMEOUT_MS)
        page.wait_for_selector("#match-info:has-text('Bob')", timeout=CONNECT_TIMEOUT_MS)
    return link


def bottom_name(page: Page) -> str:
    """The name drawn in the strip below the board: the player whose checkers are at the bottom."""
    # Read after two animation frames: the panel names both players (what start_live waits for) before the
    # board draws the names at its next frame.
    names: list[dict[str, float | str]] = page.evaluate(
        """async () => {
             await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
             return [...document.querySelectorAll('#board text.name')]
               .map((t) => ({text: t.textContent, y: t.getBoundingClientRect().y}));
           }"""
    )
    return str(max(names, key=lambda n: float(n["y"]))["text"])


def test_two_devices_play_a_whole_match_live_each_page_idle_only_once_its_board_agrees_with_its_status(
    devices: tuple[Device, Device], site: str
) -> None:
    """A rated 1-point match, live, from the invitation to its natural end, then each history, rating and kept
    match. Throughout it, at every moment either page becomes idle (after its player's action, or a move, a
    roll or the dice that came from the friend), the board offers checkers to move when the status line says
    this player moves, and none while it says to wait. Ann's board lets Bob's checkers glide (the default);
    Bob has chosen no animation, so Ann's land on his board at once."""
    host, guest = devices
    for device in devices:
        device.page.add_init_script(WATCH_IDLE)
    # Both ways of showing the friend's moves, in one match; and a turn that reaches Bob does not wait for its
    # glides (0.4-0.5 s a turn here, against 0.1 s without: a third of the match's time).
    guest.page.add_init_script(NO_ANIMATION.replace("KEY", json.dumps(PREFERENCES_KEY)))
    link = start_live(host, guest, site, rated=True)
    kept = guest.page.evaluate("(key) => localStorage.getItem(key)", PREFERENCES_KEY)
    assert json.loads(kept or "{}")["animationMs"] == 0, kept
    assert re.fullmatch(r".*#play=[0-9A-Z]{8}\.[0-9A-Z]{12}", link)
    assert re.fullmatch(r"[0-9A-Z]{4}(-[0-9A-Z]{4}){4}", host.page.text_content("#remote-invite-code") or "")
    # Each sees their own checkers at the bottom, and the friend's name on the panel.
    assert bottom_name(host.page) == "Ann" and bottom_name(guest.page) == "Bob"
    # The XGID in each panel is written as each board is drawn: the player at the bottom in upper case.
    assert xgids_of_both(host.page, guest.page)
    assert "match with Bob · live · rated" in (host.page.text_content("#remote-title") or "")
    assert "match with Ann · live · rated" in (guest.page.text_content("#remote-title") or "")
    # The connection line names the friend: the host's from the join, the guest's from the invitation.
    expect(host.page.locator("#remote-status")).to_have_text("Connected to Bob.")
    expect(guest.page.locator("#remote-status")).to_have_text("Connected to Ann.")

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
    # Each moment idle of the match, on each page: the board agrees with the status line.
    for page, name in ((host.page, "Ann"), (guest.page, "Bob")):
        seen = idle_seen(page)
        moving = [at for at in seen if at["status"].startswith(f"{name} to move")]
        waiting = [at for at in seen if at["status"].startswith("Waiting")]
        assert moving and waiting, (name, seen)
        board_agrees(seen, name)
    # Both boards end the same way, and neither offers a new match against the computer in its place.
    results = [page.text_content("#result-text") for page in (host.page, guest.page)]
    assert results[0] == results[1] and "wins the match" in (results[0] or "")
    for page, friend in ((host.page, "Bob"), (guest.page, "Ann")):
        assert page.is_visible("#remote-rematch")
        assert not page.is_visible("#controls button[data-action='new_match']")
        # Over: the next step is the panel's (a rematch, or one's own match); the board offers nothing.
        status = rd.state(page)["status"]
        assert status == f"Match over. Offer {friend} a rematch, or go back to your own match.", status
        no_dead_controls(page)
    screenshot(host.page, "remote-live-host-end")
    screenshot(guest.page, "remote-live-guest-end")

    # The match is in each player's history, as a rated match against a friend (at the rating the friend
    # gave), with the player here as "you"; each rating moved by the FIBS formula: 1500 against 1500, 1 point,
    # a new player (K = 5): 4 * 5 * 1 * 0.5 = 10 points.
    winner = 0 if "Ann wins" in (results[0] or "") else 1
    for device, you in ((host, 0), (guest, 1)):
        rd.wait_ready(device.page)  # the history is written before the page is idle
        text = stored_text(device.page, "backgammon.history.v1")
        assert text is not None
        [entry] = json.loads(text)["entries"]
        assert entry["you"] == you and entry["opponent"] == {"kind": "human", "remote": True, "rating": 1500}
        assert [p["name"] for p in entry["players"]] == ["Ann", "Bob"]
        device.page.click("#stats-button")
        expected = "Rating 1510.0" if you == winner else "Rating 1490.0"
        expect(device.page.locator("#stats-rating")).to_contain_text(expected)
        device.page.click("#stats-dialog button[value=close]")
    # The record of each side carries the transcript that proves every roll, and both agree.
    records = [kept_match(device.page) for device in (host, guest)]
    assert records[0]["state"]["transcript"] == records[1]["state"]["transcript"]
    # The player's own match is still there, untouched: *Back to your own match* shows it, after a reload too.
    own = stored_text(host.page, "backgammon.match.v1")
    assert own is not None
    host.page.click("#remote-leave")
    host.page.wait_for_selector("#remote-panel", state="hidden")
    rd.wait_ready(host.page)  # the panel goes with the friend's match, a moment before the own match is drawn
    # Bob's line says Ann has gone from a match that is over, not that it tries again, in the ink's colour.
    gone = guest.page.locator("#remote-status")
    expect(gone).to_have_text("Ann has left. The match is over: nothing is lost.", timeout=CONNECT_TIMEOUT_MS)
    assert gone.evaluate("(e) => getComputedStyle(e).color") == guest.page.evaluate(
        "getComputedStyle(document.body).color"
    )
    for reloaded in (False, True):
        assert "Bob" not in (host.page.text_content("#match-info") or ""), reloaded
        assert "#play=" not in host.page.url, reloaded
        assert stored_text(host.page, "backgammon.match.v1") == own, reloaded
        if not reloaded:
            host.page.reload()
            rd.wait_ready(host.page)
    # After that reload, the match with Bob stays kept, listed with the others, and opens again from there.
    rd.open_online(host.page, "friend")  # listed before it opens
    listed = host.page.locator("#friend-matches li")
    assert listed.count() == 1 and "With Bob" in (listed.text_content() or "")
    host.page.click("#friend-matches button:has-text('Open')")
    host.page.wait_for_selector("#remote-panel:not([hidden])")
    assert "match with Bob" in (host.page.text_content("#remote-title") or "")
    host.check()
    guest.check(friend_left=True)


# The preference for no animation (Preferences → Animation: off), stored before the page's first load unless
# one is stored already.
NO_ANIMATION = """(() => {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) || "{}");
    if (!("animationMs" in stored)) {
      localStorage.setItem(KEY, JSON.stringify({...stored, animationMs: 0, animationAuto: false}));
    }
  } catch {} // a page without storage of the site's origin (about:blank)
})()"""


def xgids_of_both(host: Page, guest: Page) -> tuple[str, str]:
    """Both panels' XGIDs once they show the same position, each seen from its own bottom player."""
    shown: tuple[str, str] = ("", "")
    for _ in range(40):
        shown = (host.text_content("#xgid") or "", guest.text_content("#xgid") or "")
        # the same state with the other player at the bottom (the mirror itself is checked field by field in
        # tests/core/test_position_methods.py)
        if shown[0].startswith("XGID=") and shown[1] == Xgid.parse(shown[0]).swapped().text:
            return shown
        time.sleep(0.25)
    raise AssertionError(f"the two devices' XGIDs are not each other's mirror: {shown}")


def kept_match(page: Page) -> dict[str, Any]:
    """The match on two devices this page shows, as kept in its storage."""
    shown = page.evaluate("sessionStorage.getItem('backgammon.remote.shown')")
    text = stored_text(page, f"backgammon.remote.{shown}.v1")
    assert text is not None, "the match is not kept"
    record: dict[str, Any] = json.loads(text)["record"]
    return record


def transcript(page: Page) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = kept_match(page)["state"]["transcript"]
    return messages


def move_one_checker(pages: list[Page]) -> Page:
    """Both devices play on until one of them has the dice of a new turn and a checker to move; that player
    moves one checker. Returns that page, its turn in progress."""
    for _ in range(100):
        page = rd.wait_for_turn(pages)
        assert page is not None, "the match ended"
        s = rd.state(page)
        if s["sources"] and re.search(r"to move \d and \d|to move double \d", s["status"]):
            assert rd.act_once(page).startswith("move ")
            rd.wait_ready(page)
            return page
        rd.act_once(page)
    raise AssertionError("no new turn with a checker to move")


def test_joined_by_code_a_device_that_leaves_reloads_mid_turn_or_goes_offline_finds_the_match_as_it_was(
    devices: tuple[Device, Device], site: str
) -> None:
    """A live 3-point match, which Bob joins with the invitation's code typed as read aloud (the same match as
    the link's), through three mishaps in turn:
    - Bob's device closes its tab and opens the link again: the kept match, not a new invitation, and it goes
      on from where it stopped;
    - a player reloads mid-turn: the same dice, the checker still where it was put, the turn still theirs to
      finish, and it reaches the friend;
    - the device that waits goes offline (Playwright's offline mode) while the other is mid-turn: the turn in
      progress keeps its dice and checkers, is finished and sent, and once back online the two records agree
      and the waiting device has its own turn to play."""
    host, guest = devices
    link = start_live(host, guest, site, length=3, by_code=True)
    assert "match with Ann · live" in (guest.page.text_content("#remote-title") or "")
    assert "#play=" in guest.page.url and guest.page.url.split("#")[1] == link.split("#")[1], guest.page.url
    host.check()
    guest.check()

    # Bob leaves and comes back.
    rd.act_once(rd.wait_for_turn([host.page, guest.page]) or host.page)
    transcript_before = transcript(host.page)
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
    # Nothing was lost meanwhile: once the two records agree again, this one goes on from where it was.
    rd.wait_until(lambda: transcript(page)[: len(transcript_before)] == transcript_before)
    for _ in range(6):
        turn = rd.wait_for_turn([host.page, page])
        assert turn is not None
        rd.act_once(turn)
    rd.wait_for_turn([host.page, page])
    assert kept_match(host.page)["state"]["transcript"] == kept_match(page)["state"]["transcript"]
    host.check(friend_left=True)
    guest.check()
    seen = [len(host.problems), len(guest.problems)]

    # A reload mid-turn.
    mover = move_one_checker([host.page, guest.page])
    other = guest.page if mover is host.page else host.page
    device = host if mover is host.page else guest
    # gnubg's Match ID holds the dice, the Position ID the checkers.
    ids = mover.text_content("#position-id"), mover.text_content("#match-id")
    mover.reload()
    rd.wait_ready(mover)
    mover.wait_for_selector("#remote-panel:not([hidden])")
    # The same dice, the checker still where it was put, the turn still this player's to finish.
    assert (mover.text_content("#position-id"), mover.text_content("#match-id")) == ids
    mover.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
    # The turn is finished and reaches the friend.
    while rd.my_turn(mover):
        rd.act_once(mover)
    assert rd.wait_for_turn([host.page, guest.page]) is other
    assert kept_match(host.page)["state"]["transcript"] == kept_match(guest.page)["state"]["transcript"]
    # Since Bob came back, only the friend of the device reloaded may have seen it go.
    host.check(friend_left=device is guest, since=seen[0])
    guest.check(friend_left=device is host, since=seen[1])

    # The waiting device offline while the other is mid-turn.
    mover = move_one_checker([host.page, guest.page])
    waiting = guest if mover is host.page else host
    ids = mover.text_content("#position-id"), mover.text_content("#match-id")  # the checkers, and the dice
    waiting.context.set_offline(True)
    # The mover's turn in progress is unchanged by the friend going offline; it is finished and sent.
    assert (mover.text_content("#position-id"), mover.text_content("#match-id")) == ids
    while rd.my_turn(mover):
        rd.act_once(mover)
    waiting.context.set_offline(False)
    # Back online: the turn played meanwhile reaches the waiting device, which now has its own to play.
    assert rd.wait_for_turn([host.page, guest.page]) is waiting.page
    rd.wait_until(lambda: transcript(host.page) == transcript(guest.page))
    host.check(friend_left=True)
    guest.check(friend_left=True)


def test_a_match_by_turn_links_with_a_reload_at_each_end(devices: tuple[Device, Device], site: str) -> None:
    host, guest = devices
    host.page.goto(f"{site}?no-welcome")
    rd.wait_ready(host.page)
    # Ann offers a rated match; Bob joins without agreeing to it, so it is not rated.
    rd.invite(host.page, "Ann", length=3, mode="correspondence", rated=True)
    link = rd.turn_link(host.page)
    assert "#v=1&turn=" in link
    guest.page.goto(link)
    guest.page.wait_for_selector("#friend-join-rated:not([hidden])")
    rd.accept_invitation(guest.page, "Bob")
    rd.wait_ready(guest.page)
    # Bob asks for his next roll with each play: one link a turn (and no double at the start of his turns).
    guest.page.check("#remote-roll-ahead")
    rd.wait_until(lambda: kept_match(guest.page).get("rollAhead") is True)
    pages = {"host": host.page, "guest": guest.page}
    sender = "guest"
    turns = 0
    reloaded: set[str] = set()
    by_file = False
    while turns < 6:
        receiver = "host" if sender == "guest" else "guest"
        if turns >= 2 and not by_file:
            # One turn goes as a file instead: a few readable lines holding the link, opened in Save / load.
            by_file = True
            name, text = rd.turn_file(pages[sender])
            assert re.fullmatch(r"backgammon-turn-(Ann|Bob)-\d+\.txt", name), name
            assert "Backgammon: a turn of your match with" in text
            sent = kept_match(pages[sender])["state"]["transcript"]
            pages[receiver].click("#match-file-button")
            expect(pages[receiver].locator("#file-dialog")).to_be_visible()
            pages[receiver].set_input_files(
                "#import-file", files=[{"name": name, "mimeType": "text/plain", "buffer": text.encode()}]
            )
        else:
            link = rd.turn_link(pages[sender])
            sent = kept_match(pages[sender])["state"]["transcript"]
            if receiver not in reloaded:
                reloaded.add(receiver)
                pages[receiver].reload()
                rd.wait_ready(pages[receiver])
            pages[receiver].goto(link)
        # The receiver takes in the whole match so far, checked (and adds its part of a roll if one is due).
        rd.wait_until(lambda page=pages[receiver], sent=sent: transcript(page)[: len(sent)] == sent)
        rd.wait_ready(pages[receiver])
        if rd.my_turn(pages[receiver]):
            while rd.my_turn(pages[receiver]):
                rd.act_once(pages[receiver])
            turns += 1
        sender = receiver
    assert by_file
    plays = [
        [item["type"] for item in message["items"]]
        for message in kept_match(guest.page)["state"]["transcript"]
        if message["from"] == 1 and any(item["type"] == "confirm" for item in message.get("items", []))
    ]
    assert plays and all(items[-1] == "roll" for items in plays), plays
    for page in (host.page, guest.page):
        title = page.text_content("#remote-title") or ""
        assert "by links" in title and "rated" not in title
    screenshot(host.page, "remote-links-host")
    screenshot(guest.page, "remote-links-guest")
    host.check()
    guest.check()


def test_a_hostile_peer_is_refused_in_plain_words_and_changes_nothing(
    devices: tuple[Device, Device], site: str
) -> None:
    """A script that speaks the protocol (Python's own session, in this test) joins Ann's room as her friend
    through the transport's harness page, then tries what a cheat would: each message is refused, Ann's page
    says so, her match stays as it was, and the script is told why; a legal turn afterwards is taken."""
    host, other = devices
    host.page.goto(f"{site}?no-welcome")
    rd.wait_ready(host.page)
    rd.invite(host.page, "Ann", length=3)
    room, secret = rd.invitation_link(host.page).split("#play=")[1].split(".")
    mallory = open_harness(other.context, site)
    join(mallory, room, secret, expectPeer=True)
    wait_state(mallory, "connected")
    peer = HostilePeer(mallory)
    hello = json.loads(peer.next())["messages"][0]
    joined = session.join(hello, name="Mallory")
    peer.state = joined["state"]
    peer.send(joined["message"])
    host.page.wait_for_selector("#match-info:has-text('Mallory')", timeout=CONNECT_TIMEOUT_MS)
    # Mallory answers Ann's messages, Ann plays her turns, until it is Mallory's turn to move.
    deadline = time.monotonic() + 120
    while not mallory_to_play(peer):
        assert time.monotonic() < deadline, "Mallory never got a turn to play"
        if peer.unread():
            peer.take_one()
        elif rd.has_work(rd.state(host.page)):
            rd.act_once(host.page)
        elif session.view(peer.state)["remote"]["awaited"] == peer.seat:
            peer.act({"type": "roll"})  # Mallory's decision: roll, not double
        else:
            time.sleep(0.05)
    view = session.view(peer.state)["view"]
    assert view["phase"] == "move" and view["turn"] == peer.seat, view
    # Mallory's roll is hers the moment she sends it; Ann's page keeps it a moment later. The match is
    # compared against itself below, so wait until Ann has kept every message Mallory has.
    rd.wait_until(lambda: len(transcript(host.page)) == len(peer.state["transcript"]))
    planned = peer.plan_first_play()  # a legal turn, made by the rules core, not sent yet
    message = planned["message"]
    rev = message["rev"]

    def variant(**fields: object) -> str:
        return json.dumps({**message, **fields})

    illegal_from = next(p for p in range(1, 25) if str(p) not in view["dests"])
    attempts = {
        "not JSON": ("{not json", "malformed"),
        "oversized": (variant(items=[{"type": "chat", "text": "x" * 400}] * 30), "too-large"),
        "another match": (variant(match="A" * 22), "other-match"),
        "out of order": (variant(rev=rev + 1), "missing"),
        "off the chain": (variant(prev=message_hash(hello)), "chain"),
        "in Ann's name": (variant(**{"from": 1 - peer.seat}), "not-your-turn"),
        "an illegal move": (
            variant(
                items=[{"type": "move", "from": illegal_from, "to": illegal_from - 1}, {"type": "confirm"}]
            ),
            "illegal",
        ),
        "dice of its choosing": (variant(items=[{"type": "roll", "dice": [6, 6]}]), "malformed"),
        "an old message again": (json.dumps(joined["message"]), "duplicate"),
    }
    for what, (text, code) in attempts.items():
        before = kept_match(host.page)
        shown = host.page.text_content("#position-id")
        peer.mallory.evaluate("(text) => window.harness.send(text)", text)
        answer = peer.answer(message_hash(joined["message"]) if code == "duplicate" else None)
        if code == "duplicate":
            assert answer["type"] == "ack", (
                what
            )  # already part of the match: acknowledged again, nothing more
        else:
            assert answer["type"] == "refusal", (what, answer)
            if code is not None:
                assert answer["code"] == code, (what, answer)
            host.page.wait_for_selector("#notice:not([hidden])")
            notice = host.page.text_content("#notice-text") or ""
            assert notice.startswith("A message from Mallory's device was refused:"), notice
            assert notice.endswith("The match is unchanged."), notice
            host.page.click("#notice-dismiss")
        assert kept_match(host.page) == before, f"{what} changed the match"
        assert host.page.text_content("#position-id") == shown, f"{what} changed the board"
    # The match goes on: the legal turn is taken, and Ann's board shows it.
    peer.send(message)
    peer.state = planned["state"]
    host.page.wait_for_selector("#remote-status[data-state='connected']")
    rd.wait_until(lambda: len(kept_match(host.page)["state"]["transcript"]) > rev)
    assert kept_match(host.page)["state"]["transcript"][rev] == message
    # Ann rolls; when Mallory's value for that roll is due, she sends a forged one instead: 32 bytes, written
    # as the protocol writes them, so well formed, but not the next link of her committed chain.
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "Mallory's value for a roll never came due"
        if peer.unread():
            result = session.receive(peer.state, peer.next())
            reveal = next(
                (m for m in result["send"] if any(i["type"] == "reveal" for i in m.get("items", []))), None
            )
            if reveal is not None:
                break
            peer.state = result["state"]
            for sent in result["send"]:
                if sent["type"] != "ack":
                    peer.send(sent)
        elif rd.has_work(rd.state(host.page)):
            rd.act_once(host.page)
        else:
            time.sleep(0.05)
    item = next(i for i in reveal["items"] if i["type"] == "reveal")
    value = b64decode(item["value"], 32)
    assert value is not None
    forged_value = b64encode(bytes([value[0] ^ 1]) + value[1:])
    assert b64decode(forged_value, 32) is not None  # canonical: refused for the commitment, not its form
    forged = {**reveal, "items": [{**i, "value": forged_value} if i is item else i for i in reveal["items"]]}
    before = kept_match(host.page)
    mallory_before = json.dumps(peer.state, sort_keys=True)
    shown = host.page.text_content("#position-id")
    peer.send(forged)
    answer = peer.answer(None)
    assert answer["type"] == "refusal" and answer["code"] == "reveal", answer
    assert "commitment" in answer["text"], answer
    host.page.wait_for_selector("#notice:not([hidden])")
    notice = host.page.text_content("#notice-text") or ""
    assert notice.startswith("A message from Mallory's device was refused:"), notice
    assert "does not match Mallory's commitment" in notice, notice
    assert notice.endswith("The match is unchanged."), notice
    host.page.click("#notice-dismiss")
    assert kept_match(host.page) == before, "the forged reveal changed Ann's match"
    assert host.page.text_content("#position-id") == shown, "the forged reveal changed Ann's board"
    # Mallory's side, told of the refusal, keeps its record as it was too.
    told = session.receive(peer.state, json.dumps(answer))
    assert json.dumps(told["state"], sort_keys=True) == mallory_before, "the refusal changed Mallory's record"
    # The true value is taken, and the dice are rolled on both sides alike.
    peer.state = result["state"]
    peer.send(reveal)
    rd.wait_until(lambda: kept_match(host.page)["state"]["transcript"][-1] == reveal)
    assert kept_match(host.page)["state"]["transcript"] == peer.state["transcript"]
    # Mallory, for her part, refuses Ann's last message: Ann's page tells Ann so in plain words, and nothing
    # of her match changes (a refusal only says why; the message stays part of the match).
    before = kept_match(host.page)
    last = before["state"]["transcript"][-1]
    refusal = out_of_band(
        "refusal", last["match"], rev=last["rev"], code="illegal", text="Mallory says this move is illegal."
    )
    peer.send(refusal)
    host.page.wait_for_selector("#notice:not([hidden])")
    notice = host.page.text_content("#notice-text") or ""
    assert notice == "Mallory's device refused a message of this one: Mallory says this move is illegal.", (
        notice
    )
    host.page.click("#notice-dismiss")
    assert kept_match(host.page) == before, "a refusal changed Ann's match"
    host.check()


def mallory_to_play(peer: HostilePeer) -> bool:
    view = session.view(peer.state)
    return bool(
        view["view"]["phase"] == "move"
        and view["view"]["turn"] == peer.seat
        and view["remote"]["awaited"] == peer.seat
    )


class HostilePeer:
    """The other side of the match as a script: Python's session on the messages the harness page receives."""

    def __init__(self, mallory: Page) -> None:
        self.mallory = mallory
        self.read = 0
        self.state: dict[str, Any] = {}

    @property
    def seat(self) -> int:
        return int(self.state["seat"])

    def next(self) -> str:
        """The next message from Ann's page, as text."""
        self.read += 1
        return received(self.mallory, self.read)[self.read - 1]

    def answer(self, ack_of: str | None) -> dict[str, Any]:
        """Ann's answer to what was just sent: an ack of the message hashed `ack_of`, or any other answer.
        An ack of an earlier message, come late (Ann acknowledges Mallory's roll after Mallory saw her turn),
        is passed over. Were Ann to acknowledge a hostile message, no answer would come and `next` would
        fail."""
        while True:
            answer: dict[str, Any] = json.loads(self.next())
            if answer["type"] != "ack" or answer["hash"] == ack_of:
                return answer

    def send(self, message: dict[str, Any]) -> None:
        self.mallory.evaluate("(text) => window.harness.send(text)", json.dumps(message))

    def unread(self) -> bool:
        count: int = self.mallory.evaluate("window.harness.messages.length")
        return count > self.read

    def take_one(self) -> None:
        """Take in Ann's next message, answering as the protocol asks."""
        result = session.receive(self.state, self.next())
        self.state = result["state"]
        for message in result["send"]:
            if message["type"] != "ack":
                self.send(message)

    def act(self, action: dict[str, Any]) -> None:
        result = session.act(self.state, action)
        self.state = result["state"]
        if result["message"]:
            self.send(result["message"])

    def plan_first_play(self) -> dict[str, Any]:
        """A legal play of the dice (the first move the rules allow, again and again), confirmed, not sent."""
        state = self.state
        while True:
            view = session.view(state)["view"]
            if view["can_confirm"] or view["no_legal_move"]:
                return session.act(state, {"type": "confirm"})
            source, dests = next((k, d) for k, d in view["dests"].items() if d)
            state = session.act(
                state, {"type": "move", "from": source if source == "bar" else int(source), "to": dests[0]}
            )["state"]


def received(page: Page, count: int) -> list[str]:
    """The messages the harness page has received, once there are `count` or more (they come in bursts)."""
    deadline = time.monotonic() + CONNECT_TIMEOUT_MS / 1000
    while True:
        messages: list[str] = page.evaluate("window.harness.messages")
        if len(messages) >= count:
            return messages
        assert time.monotonic() < deadline, f"message {count} did not come"
        time.sleep(0.05)


def test_the_chaos_monkey_plays_both_seats_of_a_live_match(browser: Browser, site: str) -> None:
    """tests/e2e/remote_chaos.py: random clicks, drags, buttons, keys, chat, reloads and closed tabs on two
    devices; after every step the records never fork, replay under the rules, and the match is never stuck.
    REMOTE_CHAOS_SEED and REMOTE_CHAOS_STEPS choose a longer run."""
    seed = int(os.environ.get("REMOTE_CHAOS_SEED", "2611"))
    steps = int(os.environ.get("REMOTE_CHAOS_STEPS", "30"))
    summary = run_remote_chaos(browser, site, seed, steps)
    print(json.dumps({k: v for k, v in summary.items() if k != "log"}))
    # The monkey played every step, or stopped early because the match was over: on both pages and in the
    # record they keep (a run that stopped for any other reason, or a page showing an end the record does not
    # have, fails here).
    assert summary["ended"] == summary["over"], summary
    assert summary["steps"] == steps or summary["ended"], summary
    assert summary["steps"] <= steps, summary
    # The match moved on under the monkey: more than the invitation, the join and the opening roll. (A whole
    # turn takes the monkey a dozen steps or more: with another seed, 30 steps may not hold one; give more.)
    assert summary["messages"] > 4, summary


def first_action(state: dict[str, Any]) -> dict[str, Any]:
    """What a plain player does next on `state`'s side: roll, play the first legal play, take, reject."""
    game = session._peek(state).match.game
    if game.phase is Phase.MOVE:
        plays = list(game.current_turn.legal_plays) if game.current_turn.legal_plays.move_count else []
        if not plays:
            return {"type": "confirm"}
        seat = state["seat"]
        moves = [{"from": to_absolute(seat, m.source), "to": to_absolute(seat, m.dest)} for m in plays[0]]
        return {"type": "play", "moves": moves}
    return {Phase.DOUBLED: {"type": "take"}, Phase.RESIGN_OFFERED: {"type": "reject_resign"}}.get(
        game.phase, {"type": "roll"}
    )


def fork(page: Page, site: str) -> tuple[dict[str, Any], dict[str, Any], int]:
    """Ann (this page) and Bob (Python's session) play by links until Bob plays; Ann receives his play, then
    another record of the same turn (a resignation offered instead): the page shows the fork. Returns Bob's
    two states (played, resigned) and the message the records differ from."""
    page.goto(f"{site}?no-welcome")
    rd.wait_ready(page)
    rd.invite(page, "Ann", length=3, mode="correspondence")
    bob = session.join_link(rd.turn_link(page).split("turn=")[1], name="Bob")["state"]

    def to_ann(state: dict[str, Any]) -> None:
        sent = state["transcript"]
        page.goto(f"{site}?no-welcome#v=1&turn={session.link(state)['payload']}")
        rd.wait_until(lambda: transcript(page)[: len(sent)] == sent)
        rd.wait_ready(page)

    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "Bob never got a turn to play"
        to_ann(bob)
        while rd.my_turn(page):
            rd.act_once(page)
        bob = session.receive_link(bob, rd.turn_link(page).split("turn=")[1])["state"]
        while (view := session.view(bob))["remote"]["awaited"] == bob["seat"]:
            if view["view"]["phase"] == "move":
                break
            bob = session.act(bob, first_action(bob))["state"]
        if view["remote"]["awaited"] == bob["seat"]:
            break
    played = session.act(bob, first_action(bob))["state"]
    resigned = session.act(bob, {"type": "resign", "kind": "single"})["state"]
    to_ann(played)
    fork_at = len(played["transcript"]) - 1
    page.goto(f"{site}?no-welcome#v=1&turn={session.link(resigned)['payload']}")
    page.wait_for_selector("#remote-fork:not([hidden])")
    assert f"differs from yours from message {fork_at} on" in (page.text_content("#remote-fork-text") or "")
    return played, resigned, fork_at


def test_after_a_fork_the_player_may_take_the_friends_record(
    devices: tuple[Device, Device], site: str
) -> None:
    """Bob (Python's session, playing by links) sends Ann one turn, then another record of the same turn (a
    resignation offered instead of the play: what a claim crossing a late move looks like to the slow side).
    Ann's page reports the fork and keeps hers; *Take Bob's record* then makes his hers."""
    host = devices[0]
    page = host.page
    played, resigned, fork_at = fork(page, site)
    assert transcript(page)[: fork_at + 1] == played["transcript"]  # hers kept, nothing changed
    screenshot(page, "remote-fork")
    page.click("#notice-dismiss")
    page.click("#remote-fork-theirs")
    page.wait_for_selector("#remote-fork", state="hidden")
    rd.wait_until(lambda: transcript(page)[: fork_at + 1] == resigned["transcript"])
    rd.wait_ready(page)
    # Bob's record is Ann's now: his offer to resign waits for her answer.
    after = rd.state(page)
    assert after["phase"] == "resign_offered" and "accept_resign" in after["buttons"], after
    host.check()


def test_a_kept_match_is_deleted_from_the_dialog_and_a_wrong_code_is_refused(
    devices: tuple[Device, Device], site: str
) -> None:
    """*Play a friend*: a code that is not a whole invitation is refused in plain words; a kept match
    is deleted only once the player confirms it, and the one shown goes with it (its panel, its key, the tab's
    memory of it)."""
    host, _ = devices
    page = host.page
    page.goto(f"{site}?no-welcome")
    rd.wait_ready(page)
    rd.invite(page, "Ann", mode="correspondence")
    page.wait_for_selector("#remote-send:not([hidden])")
    rd.wait_ready(page)
    shown = page.evaluate("sessionStorage.getItem('backgammon.remote.shown')")
    key = f"backgammon.remote.{shown}.v1"
    assert stored_text(page, key) is not None

    rd.open_online(page, "friend")
    page.fill("#friend-form input[name=code]", "ABCD-EFGH")
    page.click("#friend-form button[value=code]")
    expect(page.locator("#message-title")).to_have_text("Code not read")
    page.click("#message-dialog button")
    rd.wait_ready(page)

    def delete_kept(answer: str) -> None:
        rd.open_online(page, "friend")
        listed = page.locator("#friend-matches li")
        expect(listed).to_have_count(1)
        waiting = "With a friend not joined yet · 1-point match · by links · your invitation to send"
        expect(listed).to_contain_text(waiting)
        page.click("#friend-matches button[aria-label='Delete the match with a friend not joined yet']")
        expect(page.locator("#message-title")).to_have_text("Delete this match?")
        page.click(f"#message-dialog button[value={answer}]")
        rd.wait_ready(page)

    delete_kept("keep")
    assert page.is_visible("#remote-panel") and stored_text(page, key) is not None
    delete_kept("delete")
    page.wait_for_selector("#remote-panel", state="hidden")
    expect(page.locator("#announcer")).to_have_text("The match is deleted from this device.")
    assert stored_text(page, key) is None
    assert page.evaluate("sessionStorage.getItem('backgammon.remote.shown')") is None
    rd.open_online(page, "friend")
    expect(page.locator("#friend-matches li")).to_have_text(["None yet."])
    host.check()


SHOTS = os.environ.get("REMOTE_SHOTS_DIR", "")


def shoot(page: Page, name: str) -> None:
    """A picture of the page at a step (under test-results/; also under REMOTE_SHOTS_DIR when set)."""
    path = screenshot(page, name, full_page=False)
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, path.name), full_page=False)


def no_dead_controls(page: Page) -> None:
    """Nothing on the board or under it offers what the player here cannot do now: no Roll drawn on the board,
    the dice not a button to press, no button of the turn."""
    s = rd.state(page)
    assert s["buttons"] == [], s
    assert page.locator("#board .roll-button").count() == 0, s["status"]
    assert page.get_attribute("#board .dice-target", "tabindex") == "-1", s["status"]


def check_next_step(page: Page, friend: str) -> tuple[str, str]:
    """The status line (read first) says this player's next step, and the panel agrees with it: send the link
    while one is to be sent, play while it is this player's turn, wait otherwise. Returns both texts."""
    page.wait_for_selector("html[data-idle='true']", state="attached")
    s = rd.state(page)
    status = s["status"]
    sending = page.is_visible("#remote-send")
    panel = (page.text_content("#remote-send-text") or "") if sending else ""
    unsent = sending and not panel.startswith("Sent")
    if unsent:
        assert status.startswith("Send "), (status, panel)
        assert friend in status, (status, friend)
    elif rd.has_work(s):
        assert not status.startswith(("Waiting", "Send ")), status
    else:
        assert status.startswith("Waiting"), (status, panel)
    if not rd.has_work(s):
        no_dead_controls(page)
    return status, panel


def test_by_links_the_match_shows_before_the_join_and_the_next_step_is_said_and_final_once_idle(
    devices: tuple[Device, Device], site: str
) -> None:
    """A 3-point match by links, neither player rolling ahead:
    - Ann's own page says a 3-point match at once (the match line, the board, the panel's title, the XGID), as
      Bob's invitation does, before he joins;
    - at every step each device's status line says what its player does now (send the link, play, or wait),
      the panel agrees, a link sent for the dice says why a turn takes up to three links, and nothing on the
      board offers what cannot be done;
    - at the very moment the page becomes idle after an action that leaves a link to send (*Done*, a roll
      asked for), the status line already says to send it and the panel already holds the link with the whole
      match (what a player, or a test, reads then is what the page says a moment later), and at every moment
      idle the board offers checkers to move only while the status line says this player moves."""
    host, guest = devices
    for device in devices:
        device.page.add_init_script(WATCH_IDLE)
    host.page.goto(f"{site}?no-welcome")
    rd.wait_ready(host.page)
    rd.invite(host.page, "Ann", length=3, mode="correspondence")
    host.page.wait_for_selector("#remote-send:not([hidden])")
    rd.wait_ready(host.page)
    info = host.page.text_content("#match-info") or ""
    assert "3-point match" in info, info
    rd.wait_until(lambda: host.page.locator("#board .match-length").count() == 1)
    assert host.page.text_content("#board .match-length") == "3"
    assert "3-point match" in (host.page.text_content("#remote-title") or "")
    # No game has started: no position to name, and certainly not a money session's.
    xgid = host.page.text_content("#xgid") or ""
    assert xgid == "—" or xgid.split(":")[8] == "3", xgid
    shoot(host.page, "links-invited-host")
    check_next_step(host.page, "friend")
    link = rd.turn_link(host.page)
    check_next_step(host.page, "friend")
    guest.page.goto(link)
    guest.page.wait_for_selector("#friend-join-dialog[open]")
    assert "a 3-point match" in (guest.page.text_content("#friend-join-text") or "")
    rd.accept_invitation(guest.page, "Bob")
    rd.wait_ready(guest.page)
    # Beside the box: why a turn takes up to three links, and that both must tick it for one.
    why = guest.page.text_content("#remote-roll-ahead-label") or ""
    assert "three links" in why and "both" in why, why
    pages = {"host": host.page, "guest": guest.page}
    friends = {"host": "Bob", "guest": "Ann"}
    names = {"host": "Ann", "guest": "Bob"}
    sender = "guest"
    explained = False
    checked = 0
    shots: set[str] = set()
    for _ in range(14):
        receiver = "host" if sender == "guest" else "guest"
        _, panel = check_next_step(pages[sender], friends[sender])
        mine = transcript(pages[sender])[-1]
        items = {item["type"] for item in mine.get("items", [])}
        # A link that carries no play (a roll asked for, a device's part of the dice) is sent for the dice.
        if not items & {"confirm", "double", "take", "drop", "move"} and mine["type"] == "turn":
            assert "three links" in panel and "Roll my next turn" in panel, panel
            explained = True
            key = "dice-" + ("roll" if "roll" in items else "reveal")
            if key not in shots:
                shots.add(key)
                shoot(pages[sender], f"links-{key}-sender")
        link = rd.turn_link(pages[sender])
        check_next_step(pages[sender], friends[sender])
        if "sent" not in shots:
            shots.add("sent")
            shoot(pages[sender], "links-sent-waiting")
        sent = transcript(pages[sender])
        pages[receiver].goto(link)
        rd.wait_until(lambda page=pages[receiver], sent=sent: transcript(page)[: len(sent)] == sent)
        rd.wait_ready(pages[receiver])
        while rd.my_turn(pages[receiver]):
            page = pages[receiver]
            check_next_step(page, friends[receiver])
            before = len(transcript(page))
            board_agrees(idle_seen(page), names[receiver])
            action = rd.act_once(page)
            seen = idle_seen(page)
            board_agrees(seen, names[receiver])
            if len(transcript(page)) == before:
                continue  # nothing to send yet: a checker moved within the turn
            # What the page showed the moment it became idle after the action is what it shows settled.
            settled = settled_send(page)
            assert settled["status"].startswith("Send "), (action, settled)
            assert seen[0] == settled, (action, seen[0], settled)
            checked += 1
        sender = receiver
    assert explained
    assert checked >= 3, checked
    # The matches kept here say the match and the next step too: this side has its link to send.
    page = pages[sender]
    page.wait_for_selector("#remote-send:not([hidden])")
    rd.open_online(page, "friend")
    listed = page.locator("#friend-matches li").first.text_content() or ""
    assert f"With {friends[sender]} · 3-point match · by links · your link to send ·" in listed, listed
    page.keyboard.press("Escape")
    host.check()
    guest.check()


# Each time the page says it is idle (`data-idle` set to "true"), what it shows at that very moment: the
# status line (without its news), and the panel's link to send. A MutationObserver runs before the page's next
# task, so it sees what a test or a screen reader that trusts `data-idle` sees, before anything else lands.
WATCH_IDLE = """(() => {
  window.__idleSeen = [];
  new MutationObserver(() => {
    if (document.documentElement.dataset.idle !== 'true') return;
    const status = document.getElementById('status')?.cloneNode(true);
    status?.querySelector('.status-news')?.remove();
    const send = document.getElementById('remote-send');
    window.__idleSeen.push({
      status: status?.textContent ?? '',
      sendShown: Boolean(send && !send.hidden),
      sendText: document.getElementById('remote-send-text')?.textContent ?? '',
      link: document.getElementById('remote-send-link')?.value ?? '',
      sources: document.querySelectorAll('#board .target.source').length,
    });
  }).observe(document, {attributes: true, attributeFilter: ['data-idle'], subtree: true});
})()"""


def idle_seen(page: Page) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = page.evaluate("window.__idleSeen.splice(0)")
    return seen


def link_messages(link: str) -> int:
    """How many messages of the match a turn link holds (0: no link)."""
    return len(decode_transcript(link.split("turn=")[1])) if "turn=" in link else 0


def board_agrees(seen: list[dict[str, Any]], name: str) -> None:
    """At each moment idle, the board offers checkers to move when the status line says this player moves, and
    none while it says to send a link or to wait."""
    for at in seen:
        if at["status"].startswith(f"{name} to move"):
            assert at["sources"] > 0, (at["status"], seen)
        if at["status"].startswith(("Send ", "Waiting")):
            assert at["sources"] == 0, (at["status"], seen)


def settled_send(page: Page) -> dict[str, Any]:
    """The status line and the link to send once the link holds the whole match as kept here (as the page has
    them a moment later, whatever it said when it became idle)."""
    kept = len(transcript(page))
    rd.wait_until(lambda: link_messages(page.input_value("#remote-send-link")) == kept)
    s = rd.state(page)
    return {
        "status": s["status"],
        "sendShown": page.is_visible("#remote-send"),
        "sendText": page.text_content("#remote-send-text") or "",
        "link": page.input_value("#remote-send-link"),
        "sources": len(s["sources"]),
    }
