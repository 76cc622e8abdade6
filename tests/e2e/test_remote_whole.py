"""Whole matches on two devices, through the page: two browser contexts (two profiles, as two devices are)
play a match of several games to "wins the match" (web/remote/, docs/remote-protocol.md), live and by turn
links, with the cube offered, taken and dropped and the Crawford game reached. The dice are the protocol's
own (drawn by both devices together), so the score is steered by the cube and by resignations, which end a
game with its points whatever the checkers: the match's course is the same on every run. At the end both
devices' records must agree move for move, and each history and rating must say the same result."""

from __future__ import annotations

import json
import math
import re

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from scripts.remote_harness import CONNECT_TIMEOUT_MS
from tests.e2e import remote_driver as rd
from tests.e2e import test_remote_play as play
from tests.e2e.remote_driver import press, resign_single
from tests.e2e.stored import stored_text
from tests.e2e.test_remote_play import Device, start_live, transcript

# test_remote_play's fixtures, by name: the site built with its relay, the two devices, trystero's close.
site = play.site
devices = play.devices
friend_leaving = play.friend_leaving


def info(page: Page) -> str:
    return page.text_content("#match-info") or ""


def score(page: Page) -> tuple[int, int]:
    """The match score the panel shows: (Ann, Bob)."""
    found = re.match(r"Ann (\d+) – Bob (\d+) ", info(page))
    assert found, info(page)
    return int(found[1]), int(found[2])


def play_until_can_double(player: Page, pages: list[Page]) -> None:
    """Both devices play on (the other one rolling rather than doubling) until `player` may double."""
    for _ in range(400):
        page = rd.wait_for_turn(pages)
        assert page is not None
        if page is player and "double" in rd.state(page)["buttons"]:
            return
        rd.act_once(page)
    raise AssertionError("no double offered")


def wait_score(pages: list[Page], expected: tuple[int, int]) -> None:
    for page in pages:
        rd.wait_until(lambda page=page: score(page) == expected)


def test_a_live_match_ends_with_the_cube_and_a_resignation_across_two_devices_and_the_crawford_game(
    devices: tuple[Device, Device], site: str
) -> None:
    """A 3-point match: Ann doubles and Bob drops (Ann 1); then Ann doubles, Bob takes and Ann resigns a
    single game at the cube of 2, each board saying whose answer or whose turn it is and offering nothing else
    meanwhile (Bob 2); the Crawford game follows, the cube back in the middle, where nobody may double, and
    Ann resigns it: Bob wins the match. Rated: both ratings move by the FIBS formula. (A longer match would
    only repeat the game at the cube of 2: its next game starts from the middle again, as the Crawford game's
    cube shows here.)"""
    length = 3
    host, guest = devices
    start_live(host, guest, site, length=length, rated=True)
    pages = [host.page, guest.page]
    ann, bob = pages
    # Game 1: a double dropped.
    play_until_can_double(ann, pages)
    press(ann, "double")
    bob.wait_for_selector("#controls button[data-action='drop']:not([hidden])", timeout=CONNECT_TIMEOUT_MS)
    press(bob, "drop")
    wait_score(pages, (1, 0))
    # Then doubles taken, each game resigned at the cube of 2, until Bob is one point from the match.
    expected = (1, 0)
    while expected[1] < length - 1:
        play_until_can_double(ann, pages)
        # Ann on roll: nothing on Bob's board to press (no Roll drawn on the friend's side).
        play.no_dead_controls(bob)
        play.shoot(bob, "live-friend-on-roll")
        press(ann, "double")
        # Waiting for Bob's answer: Ann's status says so, and nothing on her board can be pressed.
        rd.wait_until(lambda: (ann.text_content("#status") or "").startswith("Waiting"))
        play.no_dead_controls(ann)
        assert ann.text_content("#status") == "Waiting for Bob's answer to your double."
        play.shoot(ann, "live-waiting-for-the-answer")
        bob.wait_for_selector(
            "#controls button[data-action='take']:not([hidden])", timeout=CONNECT_TIMEOUT_MS
        )
        assert "doubles to 2" in (bob.text_content("#status") or "")
        press(bob, "take")
        for page in pages:
            page.wait_for_selector("#match-info:has-text('cube 2')", timeout=CONNECT_TIMEOUT_MS)
        resign_single(ann, bob)
        expected = (1, expected[1] + 2)
        wait_score(pages, expected)
    # The Crawford game: both panels say so, and for a few turns neither side is offered the cube.
    # The game at the cube of 2 is over: the Crawford game starts with the cube in the middle again.
    for page in pages:
        rd.wait_until(lambda page=page: "Crawford game" in info(page))
        assert info(page).endswith(" · Crawford game · cube 1"), info(page)
    for _ in range(8):
        page = rd.wait_for_turn(pages)
        assert page is not None
        assert "double" not in rd.state(page)["buttons"]
        rd.act_once(page)
    resign_single(ann, bob)
    for page in pages:
        rd.wait_until(lambda page=page: rd.state(page)["phase"] == "match_over")
    results = [page.text_content("#result-text") or "" for page in pages]
    assert results[0] == results[1] and "Bob wins the match" in results[0], results
    final = (1, length)
    wait_score(pages, final)
    # Both records the same, move for move, once the last acknowledgements are in.
    rd.wait_until(lambda: transcript(ann) == transcript(bob))
    assert len(transcript(ann)) > 10
    # Each history lists the match, Bob the winner, at the final score; each rating moved by the FIBS formula:
    # 1500 against 1500, a new player (K = 5): 4 * 5 * sqrt(length) * 0.5.
    change = 4 * 5 * math.sqrt(length) * 0.5
    for device, you in ((host, 0), (guest, 1)):
        rd.wait_ready(device.page)
        text = stored_text(device.page, "backgammon.history.v1")
        assert text is not None
        [entry] = json.loads(text)["entries"]
        assert entry["you"] == you and entry["winner"] == 1 and entry["score"] == list(final), entry
        assert entry["opponent"] == {"kind": "human", "remote": True, "rating": 1500}
        assert [p["name"] for p in entry["players"]] == ["Ann", "Bob"]
        device.page.click("#stats-button")
        rating = 1500 + change if you == 1 else 1500 - change
        expect(device.page.locator("#stats-rating")).to_contain_text(f"Rating {rating:.1f}")
        device.page.click("#stats-dialog button[value=close]")
    host.check()
    guest.check()


def links_plan(name: str, page: Page, crawford_turns: list[str]) -> None:
    """What the player `name` does on their turn in the match by links, steered by the score: in game 1 Ann
    doubles and Bob drops; in game 2 Ann doubles, Bob takes and Ann resigns a single game; in the Crawford
    game nobody is offered the cube, and Ann resigns. Anything else: the driver's first legal play."""
    s = rd.state(page)
    buttons = s["buttons"]
    shown = info(page)
    if "Crawford game" in shown:
        assert "double" not in buttons, (name, s)
        crawford_turns.append(name)
    if "accept_resign" in buttons:
        press(page, "accept_resign")
    elif "drop" in buttons and score(page) == (0, 0):
        press(page, "drop")
    elif "take" in buttons:
        press(page, "take")
    elif name == "Ann" and "double" in buttons and "cube 1" in shown:
        press(page, "double")
    elif name == "Ann" and ("cube 2" in shown or ("Crawford game" in shown and "Bob" in crawford_turns)):
        page.click("#resign-button")
        page.click("#resign-dialog button[value='single']")
        rd.wait_until(lambda: not rd.has_work(rd.state(page)))
    else:
        rd.act_once(page)


def sending(page: Page) -> bool:
    s = rd.state(page)
    return bool(s["idle"]) and (s["status"].startswith("Send ") or "Send " in s["status"])


def test_a_match_by_links_is_played_to_its_end(devices: tuple[Device, Device], site: str) -> None:
    """A 3-point match by turn links, every message carried from one context to the other as a link: a double
    dropped, a double taken and the game resigned at the cube of 2, the Crawford game; Bob wins 3-1."""
    host, guest = devices
    pages = {"Ann": host.page, "Bob": guest.page}
    host.page.goto(f"{site}?no-welcome")
    rd.wait_ready(host.page)
    rd.invite(host.page, "Ann", length=3, mode="correspondence")
    link = rd.turn_link(host.page)
    guest.page.goto(link)
    rd.accept_invitation(guest.page, "Bob")
    rd.wait_ready(guest.page)
    crawford_turns: list[str] = []
    receiver = "Bob"
    links = 0
    while True:
        page = pages[receiver]
        while True:
            # The player acts until the page offers a link to send (a moment's frame between two of its steps
            # may offer neither).
            rd.wait_until(lambda page=page: rd.has_work(rd.state(page)) or sending(page))
            if not rd.has_work(rd.state(page)):
                break
            links_plan(receiver, page, crawford_turns)
        sender, receiver = receiver, "Ann" if receiver == "Bob" else "Bob"
        try:
            link = rd.turn_link(pages[sender])
        except PlaywrightTimeout:
            seen = {n: (rd.state(p), info(p), p.text_content("#remote-panel")) for n, p in pages.items()}
            raise AssertionError(f"{sender} has no link to send after {links} links: {seen}") from None
        sent = transcript(pages[sender])
        pages[receiver].goto(link)
        links += 1
        rd.wait_until(lambda page=pages[receiver], sent=sent: transcript(page)[: len(sent)] == sent)
        rd.wait_ready(pages[receiver])
        if rd.state(pages[sender])["phase"] == "match_over":
            break
        assert links < 300, "the match did not end"
    assert "Ann" in crawford_turns and "Bob" in crawford_turns, crawford_turns
    both = list(pages.values())
    for page in both:
        rd.wait_until(lambda page=page: rd.state(page)["phase"] == "match_over")
    results = [page.text_content("#result-text") or "" for page in both]
    assert results[0] == results[1] and "Bob wins the match" in results[0], results
    assert score(host.page) == score(guest.page) == (1, 3)
    assert transcript(host.page) == transcript(guest.page)
    for device, you in ((host, 0), (guest, 1)):
        text = stored_text(device.page, "backgammon.history.v1")
        assert text is not None
        [entry] = json.loads(text)["entries"]
        assert entry["you"] == you and entry["winner"] == 1 and entry["score"] == [1, 3], entry
        assert [p["name"] for p in entry["players"]] == ["Ann", "Bob"]
    host.check()
    guest.check()
