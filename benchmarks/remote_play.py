"""How a live match between two devices feels, measured through the page: the real built site, the real
trystero and a real Nostr relay started here, two browser contexts of the system Chromium (two profiles, two
devices) with the pages' Content-Security-Policy on, both players acting through the page's own controls
(tests/e2e/remote_driver.py). docs/remote-transport.md keeps the figures.

    python3 -m benchmarks.remote_play                 # 3 matches of 1 point
    python3 -m benchmarks.remote_play --matches 5
    python3 -m benchmarks.remote_play --animation-ms 0   # the friend's checkers drawn at once, no glide

Each match:
- `join`: from the friend pressing *Join the match* (the link already open, the invitation heard) to both
  boards showing the opening roll; and `link`: from the friend opening the link (a page load, Python
  starting) to the invitation being asked about;
- `turn`: for each turn, from the click on *Done* on one board to the other board showing the new position
  (both contexts read the same clock); the friend's checkers glide first, one after the other, at the page's
  default speed (200 ms a checker) unless `--animation-ms` says otherwise;
- `bytes`: the protocol's messages of the match (JSON text, acknowledgements included; not WebRTC's framing)
  divided by the turns played.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, serving
from scripts.local_relay import local_relay
from scripts.remote_harness import build_site_for_relay, device
from tests.e2e import remote_driver as rd
from tests.e2e.stored import stored_text

# Each page records when its Done was clicked and when its Position ID changed (the board drawn anew).
WATCH = """() => {
  window.__done = [];
  window.__shown = [];
  document.addEventListener("click", (e) => {
    if (e.target.closest("#controls button[data-action='confirm'], #controls button[data-action='pass']"))
      window.__done.push(Date.now());
  }, true);
  const ids = document.getElementById("position-id");
  new MutationObserver(() => window.__shown.push([Date.now(), ids.textContent]))
    .observe(ids, {childList: true, characterData: true, subtree: true});
}"""


def transcript(page: Page) -> list[dict[str, Any]]:
    shown = page.evaluate("sessionStorage.getItem('backgammon.remote.shown')")
    text = stored_text(page, f"backgammon.remote.{shown}.v1")
    assert text is not None
    messages: list[dict[str, Any]] = json.loads(text)["record"]["state"]["transcript"]
    return messages


def one_match(browser: Any, site: str, animation_ms: int | None) -> dict[str, Any]:
    with device(browser) as first, device(browser) as second:
        host, guest = first.new_page(), second.new_page()
        if animation_ms is not None:
            chosen = json.dumps(json.dumps({"animationMs": animation_ms, "animationAuto": False}))
            for page in (host, guest):
                page.add_init_script(f"localStorage.setItem('backgammon.preferences.v1', {chosen})")
        host.goto(f"{site}?no-welcome")
        rd.wait_ready(host)
        rd.invite(host, "Ann", length=1)
        link = rd.invitation_link(host)
        opened = time.monotonic()
        guest.goto(link)
        guest.wait_for_selector("#friend-join-dialog[open]", timeout=120_000)
        asked = time.monotonic() - opened
        guest.fill("#friend-join-form input[name=name]", "Bob")
        pressed = time.monotonic()
        guest.click("#friend-join-form button[value=join]")
        for page in (host, guest):
            page.wait_for_selector("html[data-phase='move']", state="attached", timeout=60_000)
        joined = time.monotonic() - pressed
        for page in (host, guest):
            page.evaluate(WATCH)
        actions = rd.play_until_over([host, guest])
        delays = []
        for mover, watcher in ((host, guest), (guest, host)):
            done: list[int] = mover.evaluate("window.__done")
            shown: list[list[Any]] = watcher.evaluate("window.__shown")
            for clicked in done:
                after = [at for at, _ in shown if at >= clicked]
                if after:
                    delays.append((after[0] - clicked) / 1000)
        messages = transcript(host)
        turns = sum(
            1 for m in messages if m["type"] == "turn" and any(i["type"] == "confirm" for i in m["items"])
        )
        match = messages[0]["match"]
        ack = len(json.dumps({"v": 1, "type": "ack", "match": match, "rev": 10, "hash": "x" * 43}))
        total = sum(len(json.dumps(m, separators=(",", ":"))) for m in messages) + ack * len(messages)
        return {
            "link": asked,
            "join": joined,
            "delays": delays,
            "turns": turns,
            "bytes": total / max(1, turns),
            "actions": len(actions),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--animation-ms", type=int, default=None, help="the glide (default: the page's)")
    args = parser.parse_args()
    results = []
    with local_relay() as relay, tempfile.TemporaryDirectory() as folder:
        dist = build_site_for_relay(Path(folder) / "dist", relay)
        with serving(dist) as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            for number in range(args.matches):
                result = one_match(browser, str(server.url), args.animation_ms)
                results.append(result)
                print(
                    f"match {number + 1}: link {result['link']:.2f} s, join {result['join']:.2f} s, "
                    f"{result['turns']} turns, {result['bytes']:.0f} bytes a turn",
                    flush=True,
                )
            browser.close()
    delays = sorted(d for r in results for d in r["delays"])
    p95 = delays[min(len(delays) - 1, int(0.95 * len(delays)))]
    print(f"link opened -> invitation asked: median {statistics.median(r['link'] for r in results):.2f} s")
    print(f"Join pressed -> both boards ready: median {statistics.median(r['join'] for r in results):.2f} s")
    print(
        f"Done on one board -> the other board drawn: median {statistics.median(delays) * 1000:.0f} ms, "
        f"p95 {p95 * 1000:.0f} ms ({len(delays)} turns)"
    )
    print(f"bytes a turn: median {statistics.median(r['bytes'] for r in results):.0f}")


if __name__ == "__main__":
    main()
