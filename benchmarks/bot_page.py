"""The computer opponent in the page: its think time per decision and the main thread's longest task.

    python3 benchmarks/bot_page.py [--level expert] [--decisions 40] [--no-build]

Builds the site into a temporary folder (or serves `dist/` with --no-build), stores a money session
between two computer players at the level in the test-mode localStorage slot, opens the page in the
system Chromium with a seeded dice script and lets it play itself (pressing *Next game* after each
game). Measured in the page: how long each `bot_action` keeps the page busy (`data-busy="thinking"`,
from the request to the worker until its answer is back: Pyodide's thinking plus the round trip), and
every main-thread task over 50 ms (PerformanceObserver "longtask") from the first decision on, while
the computer thinks, moves its checkers one at a time and the board redraws.

Measured on 2026-11-23 (`--level expert --decisions 40`, the shared 2-core machine): at a load average of
about 4, think time median 138 ms, p95 619 ms, max 1006 ms, one main-thread task over 50 ms (73 ms); at a
load average of about 8, median 186 ms, p95 965 ms, max 2516 ms, 7 tasks over 50 ms, the longest 1113 ms.
On 2026-11-24 04:19 UTC (load average about 2.5, another benchmark on one core), run 6's weights (contact
net of 128 hidden units) in two runs: median 313 and 335 ms, p95 1275 and 1178 ms, max 1414 and 1410 ms, no
task over 50 ms; run 5's weights between them: median 250 ms, p95 759 ms, max 1242 ms, one task of 102 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "py"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, load_site_build  # noqa: E402

from backgammon import api  # noqa: E402

STORAGE_KEY = "backgammon-test.match.v1"  # web/storage.js: namespace of test mode, STORAGE_VERSION 1

WATCH_SCRIPT = """
(() => {
  const marks = (window.__botBench = {thinking: [], longTasks: [], since: null});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (marks.since !== null && entry.startTime >= marks.since) marks.longTasks.push(entry.duration);
    }
  }).observe({type: "longtask", buffered: true});
  let started = null;
  new MutationObserver(() => {
    const busy = document.documentElement.dataset.busy;
    if (busy === "thinking" && started === null) {
      started = performance.now();
      if (marks.since === null) marks.since = started;
    } else if (busy !== "thinking" && started !== null) {
      marks.thinking.push(performance.now() - started);
      started = null;
    }
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-busy"]});
})();
"""


def session_envelope(level: str) -> str:
    players = [{"name": name, "kind": "computer", "level": level} for name in ("Black", "White")]
    record = api.call("new_match", {"settings": {"match_length": 0}, "players": players})["record"]
    envelope = {
        "format": "backgammon-match",
        "version": 1,
        "revision": 1,
        "savedAt": "2026-11-23T00:00:00Z",
        "tab": "benchmark",
        "record": record,
    }
    return json.dumps(envelope)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * (len(ordered) - 1) + 0.5))]


def measure(site_url: str, level: str, decisions: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    dice = ",".join(f"{rng.randint(1, 6)}{rng.randint(1, 6)}" for _ in range(4 * decisions + 40))
    setup = f"localStorage.setItem({json.dumps(STORAGE_KEY)}, {json.dumps(session_envelope(level))});"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
            page = context.new_page()
            page.add_init_script(setup + WATCH_SCRIPT)
            started = time.perf_counter()
            page.goto(f"{site_url}?test-dice={dice}&no-sw")
            deadline = started + 900
            while page.evaluate("window.__botBench.thinking.length") < decisions:
                if time.perf_counter() > deadline:
                    raise TimeoutError("the computer did not make enough decisions in 15 minutes")
                if page.get_attribute("html", "data-phase") == "game_over":
                    next_game = page.locator("#controls button[data-action='next_game']")
                    if next_game.is_enabled():
                        next_game.click()
                time.sleep(0.5)
            marks = page.evaluate("window.__botBench")
            seconds = time.perf_counter() - started
        finally:
            browser.close()
    thinking = marks["thinking"][:decisions]
    long_tasks = marks["longTasks"]
    return {
        "level": level,
        "decisions": len(thinking),
        "think_median_ms": round(statistics.median(thinking), 1),
        "think_p95_ms": round(percentile(thinking, 0.95), 1),
        "think_max_ms": round(max(thinking), 1),
        "long_tasks": len(long_tasks),
        "longest_task_ms": round(max(long_tasks), 1) if long_tasks else 0.0,
        "seconds": round(seconds, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--level", default="expert")
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    args = parser.parse_args()
    site_build = load_site_build()
    with tempfile.TemporaryDirectory() as tmp:
        dist = ROOT / "dist" if args.no_build else site_build.build(Path(tmp) / "dist")
        server = site_build.make_server(dist, port=0)
        site_build.start_server_thread(server)
        try:
            print(json.dumps(measure(server.url, args.level, args.decisions, args.seed)), flush=True)
        finally:
            server.shutdown()
            server.server_close()


if __name__ == "__main__":
    main()
