"""A match on two devices when time runs out or the line between them is lost, through the page: the claim
after the time limit (live and by links) and what the other device sees of it; a data channel really closed,
and what each side says and does until it is back. The same two real browser contexts, built site, local relay
and Pyodide workers as tests/e2e/test_remote_play.py (whose fixtures these tests share)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from tests.e2e import remote_driver as rd
from tests.e2e import test_remote_play as play
from tests.e2e.conftest import screenshot
from tests.e2e.test_remote_play import Device, start_live, transcript

from backgammon.remote.messages import DEFAULT_TIMEOUT

# test_remote_play's fixtures, by name: the site built with its relay, the two devices, trystero's close.
site = play.site
devices = play.devices
friend_leaving = play.friend_leaving

# Past the live limit (5 minutes) and the links limit (3 days), with a margin.
LIVE_PAST_S = DEFAULT_TIMEOUT["live"] + 30
LINKS_PAST_S = DEFAULT_TIMEOUT["correspondence"] + 60


# The line's clocks at a quarter of their length on both devices (web/remote/line.js `lineTimeScale`, kept by
# Ann's link for Bob's page): the line says it cannot connect 7.5 s after the friend is gone (30 s for a
# player), and tries to meet them again 0.5, 1.75, 4.25 s after and then every 7.5 s (2, 7, 17 s, every 30 s).
LINE_SCALE = 0.25


def start_live_3(host: Device, guest: Device, site: str, scaled: bool = False) -> tuple[Page, Device]:
    """A live 3-point match started (`scaled`: the line's clocks at `LINE_SCALE`): the page whose player acts
    first, and the other device."""
    start_live(host, guest, site, length=3, query=f"&test-line-scale={LINE_SCALE}" if scaled else "")
    mover = rd.wait_for_turn([host.page, guest.page])
    assert mover is not None
    return mover, guest if mover is host.page else host


def move_clock(page: Page, seconds: float) -> None:
    """The page's clock (its Date and timers, not its worker's: the page dates a claim) moved ahead; the
    timers due meanwhile fire once (the panel's refresh among them)."""
    page.clock.fast_forward(int(seconds * 1000))


def claim(page: Page, said: str = "You claimed the match") -> None:
    """The player who waited claims the match from the panel; the status then says `said`."""
    button = page.locator("#remote-claim")
    expect(button).to_be_visible(timeout=30_000)
    expect(page.locator("#remote-turn")).to_contain_text("you may claim it")
    button.click()
    expect(page.locator("#status")).to_contain_text(said, timeout=30_000)


def claimed_here(claimant: Page, other: Page) -> None:
    """Both pages show the match claimed: over, said plainly, nothing left to play, a rematch offered."""
    told = "claimed the match: it waited too long for you"
    expect(other.locator("#status")).to_contain_text(told, timeout=30_000)
    for page in (claimant, other):
        expect(page.locator("#remote-rematch")).to_be_visible()
        expect(page.locator("#remote-claim")).to_be_hidden()
        rd.wait_ready(page)
        assert not rd.has_work(rd.state(page)), rd.state(page)


def test_a_live_match_is_claimed_after_its_time_limit_and_the_friend_sees_it(
    devices: tuple[Device, Device], site: str
) -> None:
    """Live: the player on roll keeps the other waiting; no *Claim* before the limit; with the waiting page's
    clock past it, *Claim the match* is offered and wins the match, and the friend's page says so at once."""
    host, guest = devices
    for device in devices:
        device.page.clock.install()
    mover, waiting = start_live_3(host, guest, site)
    expect(waiting.page.locator("#remote-claim")).to_be_hidden()
    move_clock(waiting.page, LIVE_PAST_S)
    claim(waiting.page)
    claimed_here(waiting.page, mover)
    rd.wait_until(lambda: transcript(host.page) == transcript(guest.page))
    assert transcript(mover)[-1]["type"] == "claim"
    host.check()
    guest.check()


def test_a_match_by_links_is_claimed_after_its_time_limit_and_the_friend_sees_it_in_the_link(
    devices: tuple[Device, Device], site: str
) -> None:
    """By links: Bob joins and sends his link back; Ann never answers. Three days later on Bob's clock, *Claim
    the match* is offered; the claim wins the match and goes as a link, and Ann's page, opening it, says that
    Bob claimed the match."""
    host, guest = devices
    host.page.goto(f"{site}?no-welcome")
    rd.wait_ready(host.page)
    rd.invite(host.page, "Ann", length=3, mode="correspondence")
    link = rd.turn_link(host.page)
    guest.page.clock.install()
    guest.page.goto(link)
    rd.accept_invitation(guest.page, "Bob")
    rd.wait_ready(guest.page)
    rd.turn_link(guest.page)  # the join, sent; Ann never opens it
    expect(guest.page.locator("#remote-claim")).to_be_hidden()
    move_clock(guest.page, LINKS_PAST_S)
    claim(guest.page, "Send Ann the link below: it holds your claim of the match")
    claim_link = rd.turn_link(guest.page)
    expect(guest.page.locator("#status")).to_contain_text("You claimed the match")
    host.page.goto(claim_link)
    claimed_here(guest.page, host.page)
    rd.wait_until(lambda: transcript(host.page) == transcript(guest.page))
    assert transcript(host.page)[-1]["type"] == "claim"
    host.check()
    guest.check()


# Every data channel the page opens or is offered, kept where a test can close them: closing the open ones
# cuts the line on both sides (a relay stopped, or Playwright's offline mode, leaves an open channel open; a
# peer connection closed here tells nothing to this page's own side). And a network with no route while
# `window.__noRoute` is set: the peer connections made meanwhile may use relayed candidates only, and there
# is no TURN server, so they never connect.
CUTTABLE_LINE = """(() => {
  const Original = window.RTCPeerConnection;
  window.__channels = [];
  window.__noRoute = false;
  window.RTCPeerConnection = class extends Original {
    constructor(config = {}, ...rest) {
      super(window.__noRoute ? { ...config, iceServers: [], iceTransportPolicy: "relay" } : config, ...rest);
      this.addEventListener("datachannel", (event) => window.__channels.push(event.channel));
    }
    createDataChannel(...args) {
      const channel = super.createDataChannel(...args);
      window.__channels.push(channel);
      return channel;
    }
  };
})()"""


def cut_line(page: Page) -> None:
    """The page's open data channels closed, as a network gone would close them."""
    page.evaluate("() => { for (const c of window.__channels) if (c.readyState === 'open') c.close(); }")


def set_route(device: Device, route: bool) -> None:
    """The device's network gone (no new direct connection, the browser offline) or back (online again)."""
    device.page.evaluate(f"() => {{ window.__noRoute = {'false' if route else 'true'}; }}")
    device.context.set_offline(not route)


def connection_state(page: Page) -> str:
    return page.get_attribute("#remote-status", "data-state") or ""


def seconds_until(condition: Callable[[], bool], timeout_s: float) -> float:
    started = time.monotonic()
    rd.wait_until(condition, timeout_s=timeout_s)
    return time.monotonic() - started


def both_connected(host: Device, guest: Device) -> bool:
    return connection_state(host.page) == connection_state(guest.page) == "connected"


def plays_on(host: Device, guest: Device, turns: int = 2) -> None:
    """Live play goes on over the line: each turn reaches the other page, the two records stay the same."""
    for _ in range(turns):
        mover = rd.wait_for_turn([host.page, guest.page])
        if mover is None:
            return
        rd.play_turn(mover)
        rd.wait_until(lambda: transcript(host.page) == transcript(guest.page))
        assert both_connected(host, guest)


@pytest.mark.parametrize("cut_by", ["mover", "waiting"])
def test_a_line_cut_mid_turn_is_said_and_the_two_meet_again_with_the_turn_kept(
    devices: tuple[Device, Device], site: str, cut_by: str
) -> None:
    """The data channels closed mid-turn (on the mover's device, or on the waiting one): both pages say the
    connection is lost within a few seconds; the mover finishes the turn meanwhile, kept on its device, not
    sent into the void; the two pages find each other again by themselves within seconds, the turn reaches the
    waiting device with the same dice, and live play goes on."""
    host, guest = devices
    for device in devices:
        device.page.add_init_script(CUTTABLE_LINE)
    mover, waiting = start_live_3(host, guest, site)
    rd.act_once(mover)
    rd.wait_ready(mover)
    cut_line(mover if cut_by == "mover" else waiting.page)
    lost_after = seconds_until(
        lambda: "connected" not in {connection_state(p) for p in (mover, waiting.page)}, 10
    )
    expect(waiting.page.locator("#remote-status")).to_contain_text("Connection lost")
    rd.play_turn(mover)
    played = transcript(mover)
    back_after = seconds_until(lambda: both_connected(host, guest), 30)
    rd.wait_until(lambda: transcript(waiting.page) == played)
    assert rd.wait_for_turn([host.page, guest.page]) is waiting.page
    plays_on(host, guest)
    assert lost_after < 10, lost_after
    assert back_after < 30, back_after
    host.check(friend_left=True)
    guest.check(friend_left=True)


def test_a_line_gone_for_over_a_minute_between_turns_offers_a_link_then_meets_again(
    devices: tuple[Device, Device], site: str
) -> None:
    """Between turns, the player now on roll loses the network for over a minute (no direct connection can
    be made, the browser offline): both pages say so; the turn just played, which the cut device acknowledged,
    is not offered as a link; the roll asked for meanwhile is kept and offered as a link (half of the dice is
    the friend's); when the network is back the two pages meet again by themselves, the dice come over the
    line, and live play goes on. Meanwhile a tab opened afresh on the waiting device shows that player's own
    match and says plainly that the live match goes on and whose turn it is; at the end it opens the match.
    The minute is the line's, whose clocks run at `LINE_SCALE`: 16 s here, past its timeout and into its
    tries every 30 s (7.5 s here)."""
    host, guest = devices
    for device in devices:
        device.page.add_init_script(CUTTABLE_LINE)
    first, _ = start_live_3(host, guest, site, scaled=True)
    rd.play_turn(first)
    rd.wait_until(lambda: transcript(host.page) == transcript(guest.page))
    played = len(transcript(first)) - 1
    rd.wait_until(lambda: play.kept_match(first).get("acked") == played)  # the friend's device has the turn
    cut = guest if first is host.page else host
    other = host if cut is guest else guest
    set_route(cut, False)
    cut_at = time.monotonic()
    cut_line(cut.page)
    seconds_until(lambda: "connected" not in {connection_state(cut.page), connection_state(other.page)}, 10)
    expect(other.page.locator("#remote-status")).to_contain_text("Connection lost")
    expect(other.page.locator("#status")).to_contain_text("Waiting for")
    expect(other.page.locator("#remote-send")).to_be_hidden()
    assert rd.wait_for_turn([host.page, guest.page]) is cut.page
    rd.act_once(cut.page)  # Roll: half of the dice is the friend's, which cannot come now
    asked = transcript(cut.page)
    expect(cut.page.locator("#status")).to_contain_text("the link below: it asks for your roll")
    expect(cut.page.locator("#remote-send")).to_be_visible()
    assert transcript(other.page) != asked
    friend = "Bob" if cut is guest else "Ann"
    fresh = other_tab_tells_the_match_goes_on(other, site, friend)
    time.sleep(max(0.0, 65 * LINE_SCALE - (time.monotonic() - cut_at)))
    assert connection_state(cut.page) != "connected"
    set_route(cut, True)
    back_after = seconds_until(lambda: both_connected(host, guest), 30)
    rd.wait_until(lambda: transcript(other.page)[: len(asked)] == asked)
    assert rd.wait_for_turn([host.page, guest.page]) is cut.page  # the dice came over the line
    rd.wait_until(lambda: transcript(host.page) == transcript(guest.page))
    plays_on(host, guest)
    assert back_after < 30, back_after
    # The sign's button opens the match in the fresh tab.
    fresh.click("#remote-going-on-open")
    expect(fresh.locator("#remote-panel")).to_be_visible()
    expect(fresh.locator("#remote-going-on")).to_be_hidden()
    expect(fresh.locator("#match-info")).to_contain_text(friend)
    fresh.close()
    host.check(friend_left=True)
    guest.check(friend_left=True)


def other_tab_tells_the_match_goes_on(device: Device, site: str, friend: str) -> Page:
    """A tab opened afresh on `device` while its first tab waits for `friend` (a live match kept): it shows
    the player's own match, with a sign that the live match goes on and that it is the friend's turn."""
    fresh = device.open()
    fresh.goto(f"{site}?no-welcome")
    rd.wait_ready(fresh)
    expect(device.page.locator("#status")).to_contain_text(f"Waiting for {friend}")
    expect(fresh.locator("#match-info")).not_to_contain_text(friend)
    sign = fresh.locator("#remote-going-on")
    expect(sign).to_be_visible()
    expect(sign.locator("p")).to_have_text(f"Your live match with {friend} goes on: it is {friend}'s turn.")
    expect(sign.locator("button")).to_have_text(f"Open the match with {friend}")
    screenshot(fresh, "remote-fresh-tab-sign")
    return fresh


# A page the test can hide and show again as a phone's browser does when the screen goes off and on:
# `document.visibilityState` and a `visibilitychange` event (Playwright cannot hide a page itself).
HIDEABLE = """(() => {
  let hidden = false;
  Object.defineProperty(document, "visibilityState", { get: () => (hidden ? "hidden" : "visible") });
  Object.defineProperty(document, "hidden", { get: () => hidden });
  window.__setHidden = (value) => { hidden = value; document.dispatchEvent(new Event("visibilitychange")); };
})()"""


@pytest.mark.parametrize("line", ["kept", "cut"])
def test_a_page_asleep_and_woken_goes_on_with_the_match(
    devices: tuple[Device, Device], site: str, line: str
) -> None:
    """A phone asleep: the waiting device's page hidden, then frozen (the lifecycle state Chromium gives a
    page in the background; its timers stop) while the friend plays a turn, then woken and shown: the turn
    reaches it and play goes on. With the line `kept` for a few seconds; or `cut` while it sleeps for 20 s of
    the line's clocks (at `LINE_SCALE`: 5 s here; its connection gone meanwhile, the friend's line trying to
    meet it again): woken, it meets the friend again by itself and takes up the turn."""
    host, guest = devices
    for device in devices:
        device.page.add_init_script(CUTTABLE_LINE)
        device.page.add_init_script(HIDEABLE)
    mover, waiting = start_live_3(host, guest, site, scaled=line == "cut")
    waiting.page.evaluate("() => window.__setHidden(true)")
    cdp = waiting.context.new_cdp_session(waiting.page)
    cdp.send("Page.setWebLifecycleState", {"state": "frozen"})
    if line == "cut":
        cut_line(mover)
        rd.wait_until(lambda: connection_state(mover) != "connected", timeout_s=10)
    rd.play_turn(mover)
    time.sleep(20 * LINE_SCALE if line == "cut" else 3)
    cdp.send("Page.setWebLifecycleState", {"state": "active"})
    waiting.page.evaluate("() => window.__setHidden(false)")
    back_after = seconds_until(lambda: both_connected(host, guest), 30)
    next_up = rd.wait_for_turn([host.page, guest.page])
    assert next_up is waiting.page, [
        (rd.state(page), len(transcript(page))) for page in (mover, waiting.page)
    ]
    rd.wait_until(lambda: transcript(host.page) == transcript(guest.page))
    plays_on(host, guest)
    assert back_after < 30, back_after
    host.check(friend_left=True)
    guest.check(friend_left=True)
