"""The lobby through the page (issue 46's figures): the real built site, a real Nostr relay started here,
and browser contexts of the system Chromium (one profile each, one player each). docs/performance.md ("The
lobby on the page") keeps the figures.

    python3 -m benchmarks.lobby_page               # 5 posts, 3 accepts, a list of 500
    python3 -m benchmarks.lobby_page --rounds 10 --list 500

- `post -> listed`: from Ann's click on *Post* to the row appearing in Bob's open list (both pages read the
  same clock, Date.now);
- `accept -> boards ready`: from Bob's click on *Accept* to both boards showing the match's opening (the
  protocol's hello, join and first roll between the two devices);
- `a full list`: `--list` signed open invitations (three a key) sent straight to the relay; Cy opens the
  lobby: the time until all are listed, and the main thread's long tasks (PerformanceObserver "longtask")
  meanwhile; then the same invitations re-published over 60 s (a minute of a full lobby's traffic: each
  re-published about every two minutes, so this is twice that rate): events per minute and Cy's long tasks.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, serving
from scripts.local_relay import local_relay
from scripts.remote_harness import build_site_for_relay
from tests.core.lobby_support import invitation, sign
from tests.e2e import remote_driver as rd
from tests.e2e.lobby_driver import ROW, open_lobby, post, publish

LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration));
}).observe({ type: "longtask", buffered: true });
"""

# When each row first appeared in this page's list, by its invitation's `d`.
WATCH_ROWS = """() => {
  window.__rowSeen = {};
  const list = document.getElementById("lobby-list");
  const note = () => {
    for (const row of list.querySelectorAll("li.lobby-row")) window.__rowSeen[row.dataset.d] ??= Date.now();
  };
  new MutationObserver(note).observe(list, { childList: true, subtree: true });
  note();
}"""


def new_page(browser: Browser) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.add_init_script(LONG_TASKS)
    return page


def post_to_listed(ann: Page, bob: Page, rounds: int) -> list[float]:
    """Ann posts `rounds` invitations (cancelling each once seen); seconds from her click to Bob's row."""
    bob.evaluate(WATCH_ROWS)
    delays = []

    def mine_now() -> set[str]:
        return set(ann.eval_on_selector_all(f"{ROW}.lobby-yours", "(rows) => rows.map((r) => r.dataset.d)"))

    for number in range(rounds):
        length = 3 + 2 * (number % 5)
        before = mine_now()
        clicked = ann.evaluate("Date.now()")
        post(ann, length)
        rd.wait_until(lambda before=before: len(mine_now()) > len(before))
        (d,) = mine_now() - before
        rd.wait_until(lambda d=d: bob.evaluate("(d) => window.__rowSeen[d] !== undefined", d))
        delays.append((bob.evaluate("(d) => window.__rowSeen[d]", d) - clicked) / 1000)
        ann.click(f"{ROW}.lobby-yours[data-d='{d}'] button:text-is('Cancel')")
        bob.wait_for_selector(f"{ROW}[data-d='{d}']", state="detached", timeout=60_000)
    return delays


def accept_to_ready(browser: Browser, site: str) -> float:
    """A fresh pair: Ann posts, Bob accepts; seconds from Bob's click to both boards in the match's
    opening."""
    ann, bob = new_page(browser), new_page(browser)
    try:
        open_lobby(ann, site, "Ann")
        post(ann, 1)
        open_lobby(bob, site, "Bob")
        accept = f"{ROW}:has(.lobby-name:text-is('Ann')) button:text-is('Accept')"
        bob.wait_for_selector(accept, timeout=60_000)
        pressed = time.monotonic()
        bob.click(accept)
        for page in (ann, bob):
            page.wait_for_selector("#remote-status[data-state='connected']", timeout=120_000)
            rd.wait_until(lambda page=page: rd.state(page).get("phase") in ("roll", "move"), timeout_s=120)
        return time.monotonic() - pressed
    finally:
        ann.context.close()
        bob.context.close()


def full_list(browser: Browser, site: str, relay: str, size: int) -> dict[str, Any]:
    now = int(time.time())
    keys = [f"p{number:03d}" for number in range((size + 2) // 3)]
    templates = [
        (key, invitation(f"{key}invite{n:03d}", created_at=now, name=key.upper(), length=1 + (n * 2) % 25))
        for key in keys
        for n in range(3)
    ][:size]
    first = sign(templates)
    cy = new_page(browser)
    try:
        open_lobby(cy, site, "Cy")
        publish(cy, relay, first)
        cy.evaluate("window.__longTasks = []")
        opened = time.monotonic()
        open_lobby(cy, site, "Cy")  # a fresh page: the whole list fetched from the relay
        rd.wait_until(lambda: cy.eval_on_selector_all(ROW, "(rows) => rows.length") >= size, timeout_s=300)
        listed = time.monotonic() - opened
        listing_tasks: list[int] = cy.evaluate("window.__longTasks")
        # A minute of traffic: every invitation re-published once, dated a second later, spread over 60 s.
        again = sign(
            [
                (
                    key,
                    invitation(
                        f"{key}invite{n:03d}",
                        created_at=now + 1 + n,
                        name=key.upper(),
                        length=1 + (n * 2) % 25,
                    ),
                )
                for key in keys
                for n in range(3)
            ][:size]
        )
        cy.evaluate("window.__longTasks = []")
        started = time.monotonic()
        step = max(1, size // 20)
        for at in range(0, size, step):
            publish(cy, relay, again[at : at + step])
            time.sleep(max(0.0, started + 60 * (at + step) / size - time.monotonic()))
        time.sleep(3)  # the last ones taken in
        minute_tasks: list[int] = cy.evaluate("window.__longTasks")
        still = cy.eval_on_selector_all(ROW, "(rows) => rows.length")
        return {
            "listed_s": listed,
            "listing_tasks": listing_tasks,
            "per_minute": size * 60 / (time.monotonic() - started - 3),
            "minute_tasks": minute_tasks,
            "rows": still,
        }
    finally:
        cy.context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="invitations posted and timed")
    parser.add_argument("--accepts", type=int, default=3, help="matches started and timed")
    parser.add_argument("--list", type=int, default=500, help="open invitations in the full list")
    args = parser.parse_args()
    with local_relay() as relay, tempfile.TemporaryDirectory() as folder:
        dist = build_site_for_relay(Path(folder) / "dist", relay)
        with serving(dist) as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            site = str(server.url)
            ann, bob = new_page(browser), new_page(browser)
            open_lobby(ann, site, "Ann")
            open_lobby(bob, site, "Bob")
            delays = post_to_listed(ann, bob, args.rounds)
            ann.context.close()
            bob.context.close()
            print(
                f"post -> listed on another device: median {statistics.median(delays):.2f} s, "
                f"max {max(delays):.2f} s ({len(delays)} posts)",
                flush=True,
            )
            ready = [accept_to_ready(browser, site) for _ in range(args.accepts)]
            print(
                f"accept -> both boards ready: median {statistics.median(ready):.2f} s, "
                f"max {max(ready):.2f} s ({len(ready)} matches)",
                flush=True,
            )
            full = full_list(browser, site, relay, args.list)
            print(
                f"a list of {args.list}: all listed {full['listed_s']:.1f} s after the page opened; "
                f"long tasks meanwhile: {len(full['listing_tasks'])}, longest "
                f"{max(full['listing_tasks'], default=0)} ms",
                flush=True,
            )
            print(
                f"re-published at {full['per_minute']:.0f} events a minute ({full['rows']} rows after): "
                f"long tasks {len(full['minute_tasks'])}, longest {max(full['minute_tasks'], default=0)} ms "
                f"{sorted(full['minute_tasks'])[-5:]}",
                flush=True,
            )
            browser.close()


if __name__ == "__main__":
    main()
