"""How fast live play's connection is between two devices on this machine: the real trystero, a real Nostr
relay (PyPI `nostr-relay`, started here), two browser contexts of the system Chromium with the pages'
Content-Security-Policy enforced. docs/remote-transport.md keeps the figures.

    python3 -m benchmarks.remote_transport                  # 5 rounds, 50 messages a round
    python3 -m benchmarks.remote_transport --rounds 10 --messages 100

Each round, in a fresh room:
- `page`: the first device has index.html open on a `#play=` link and waits; the time from the second device
  opening the same link (a page load, the engine starting beside it) to its page joining the room, and to
  both pages saying "Connected";
- `join`: the same with the transport's harness page already loaded on both (the connection alone: the relay,
  the offers, the direct connection, the check of the secret);
- `one way`: messages sent one at a time from one device to the other and echoed back, each sent once the last
  came back; the time from `send` to the other device's `onMessage` (both contexts read the same clock);
- `leave`: the time from the second device's tab closed to the first device reporting its friend gone: a tab
  closed (trystero says goodbye on `beforeunload`), and a page gone without a word (a crash, a phone that
  kills the tab): then WebRTC finds the connection dead by itself.

A loopback connection: between two real devices the figures add the network's round trips (a relay a few
hundred km away, the direct path between the two).
"""

from __future__ import annotations

import argparse
import json
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, serving
from scripts.local_relay import local_relay
from scripts.remote_harness import build_site_for_relay, device, events, join, open_harness, wait_state

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def new_room() -> tuple[str, str]:
    return "".join(secrets.choice(ALPHABET) for _ in range(8)), "".join(
        secrets.choice(ALPHABET) for _ in range(12)
    )


def page_round(browser: Browser, site: str) -> tuple[float, float]:
    """Seconds from the second device opening the link to its page joining the room (connect() called: the
    page's start), and to both pages connected."""
    room, secret = new_room()
    link = f"{site}?no-welcome#play={room}.{secret}"
    with device(browser) as first, device(browser) as second:
        waiting = first.new_page()
        waiting.goto(link)
        waiting.wait_for_selector("#remote-status[data-state='looking']", timeout=60_000)
        friend = second.new_page()
        start = time.perf_counter()
        friend.goto(link, wait_until="commit")
        friend.wait_for_selector("#remote-status[data-state='looking']", state="attached", timeout=60_000)
        joining = time.perf_counter() - start
        for page in (friend, waiting):
            page.wait_for_selector("#remote-status[data-state='connected']", state="attached", timeout=60_000)
        return joining, time.perf_counter() - start


def transport_round(browser: Browser, site: str, messages: int) -> dict[str, Any]:
    room = new_room()
    with device(browser) as first, device(browser) as second:
        host, guest = open_harness(first, site), open_harness(second, site)
        join(host, *room)
        wait_state(host, "looking")
        start = time.perf_counter()
        join(guest, *room, expectPeer=True, echo=True)
        wait_state(guest, "connected")
        wait_state(host, "connected")
        joined = time.perf_counter() - start
        host.evaluate("(n) => window.harness.pingPong(n)", 3)  # warm up
        trips = host.evaluate("(n) => window.harness.pingPong(n)", messages)
        arrivals = events(guest, "message")[3:]  # after the warm-up's
        one_way = [(arrival["at"] - json.loads(arrival["text"])["sent"]) / 1000 for arrival in arrivals]
        round_trips = [(trip["back"] - trip["sent"]) / 1000 for trip in trips]
        # The tab closed: trystero says goodbye on `beforeunload`.
        closed = time.perf_counter()
        guest.close(run_before_unload=True)
        host.wait_for_selector("html[data-leaves='1']", state="attached", timeout=60_000)
        goodbye = time.perf_counter() - closed
        # The friend back on a new page, then gone without a word (a crash, a phone killing the tab).
        again = open_harness(second, site)
        join(again, *room, expectPeer=True)
        wait_state(host, "connected")
        closed = time.perf_counter()
        again.close()
        host.wait_for_selector("html[data-leaves='2']", state="attached", timeout=60_000)
        silent = time.perf_counter() - closed
    return {
        "join": joined,
        "one_way": one_way,
        "round_trip": round_trips,
        "goodbye": goodbye,
        "silent": silent,
    }


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--messages", type=int, default=50)
    parser.add_argument("--json", action="store_true", help="the raw figures as JSON")
    args = parser.parse_args()
    results: dict[str, list[float]] = {
        "page": [],
        "page_join": [],
        "join": [],
        "one_way": [],
        "round_trip": [],
        "goodbye": [],
        "silent": [],
    }
    with local_relay() as relay, tempfile.TemporaryDirectory() as tmp:
        dist = build_site_for_relay(Path(tmp) / "dist", relay)
        with serving(dist) as server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                for _ in range(args.rounds):
                    joining, both = page_round(browser, str(server.url))
                    results["page_join"].append(joining)
                    results["page"].append(both)
                    measured = transport_round(browser, str(server.url), args.messages)
                    results["join"].append(measured["join"])
                    results["goodbye"].append(measured["goodbye"])
                    results["silent"].append(measured["silent"])
                    results["one_way"].extend(measured["one_way"])
                    results["round_trip"].extend(measured["round_trip"])
            finally:
                browser.close()
    if args.json:
        print(json.dumps(results))
        return 0
    print(f"{args.rounds} rounds, {args.messages} messages a round (trystero 0.25.4, nostr-relay 1.14)")
    rows = [
        ("page: link opened -> its page joins", results["page_join"]),
        ("page: link opened -> both connected", results["page"]),
        ("join: harness joined -> both connected", results["join"]),
        ("one way: send -> onMessage", results["one_way"]),
        ("round trip", results["round_trip"]),
        ("leave: tab closed -> reported", results["goodbye"]),
        ("leave: page gone silently -> reported", results["silent"]),
    ]
    print(f"{'':42} {'median':>9} {'p95':>9} {'max':>9} {'n':>5}")
    for name, values in rows:
        print(
            f"{name:42} {ms(statistics.median(values)):>9} {ms(percentile(values, 95)):>9}"
            f" {ms(max(values)):>9} {len(values):>5}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
