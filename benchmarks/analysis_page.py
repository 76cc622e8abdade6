"""The match analysis in the page: how long *Analyse the match* takes, and the main thread's longest task.

    python3 -m benchmarks.analysis_page FILE.mat [FILE.mat ...] [--depth 0|1|2] [--no-build]

Builds the site into a temporary folder (or serves `dist/` with --no-build), stores each finished match
(a `.mat` file, read by `backgammon.formats.mat_import`) as the saved match in the test-mode localStorage
slot with the analysis depth as the player's preference, opens the page in the system Chromium, presses
*Analyse the match* and waits until the analysis is done (`data-analysis="done"`): the time from the click,
the decisions analysed, and every main-thread task over 50 ms meanwhile (PerformanceObserver "longtask").

Measured on 2026-11-24 13:20 UTC on the idle shared 2-core machine (load average under 1), three 7-point
matches of the GNU Backgammon reference set (`data/benchmarks/set1/match-{002,014,020}.mat`, made by
`analysis_gnubg.py make-set`; 261, 294 and 340 decisions): depth 1 took 30.2, 26.6 and 25.0 s from the
click to the analysis done, depth 0 1.9, 1.4 and 1.4 s; no main-thread task over 50 ms in either.
After the evaluator's packed sums (2026-11-25, a numpy job on the other core, load average about 2.5): depth 1
20.6, 19.1 and 16.6 s (two tasks over 50 ms, 93 ms, in the second); depth 2 366 s for match-002, 12 tasks over
50 ms, the longest 136 ms.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, served_site

from backgammon.formats.mat_import import import_mat
from backgammon.record import to_record
from benchmarks.bot_page import STORAGE_KEY

ROOT = Path(__file__).resolve().parent.parent

PREFERENCES_KEY = "backgammon.preferences.v1"  # web/preferences.js
TIMEOUT_S = 600

WATCH_SCRIPT = """
(() => {
  const marks = (window.__analysisBench = {longTasks: []});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (document.documentElement.dataset.analysis === "running") marks.longTasks.push(entry.duration);
    }
  }).observe({type: "longtask"});
})();
"""


def saved(record: dict[str, Any], depth: int) -> str:
    envelope = {"format": "backgammon-match", "version": 1, "revision": 1, "savedAt": "", "tab": "benchmark"}
    envelope["record"] = record
    preferences = json.dumps({"analysisDepth": depth})
    return (
        f"localStorage.setItem({json.dumps(STORAGE_KEY)}, {json.dumps(json.dumps(envelope))});"
        f"localStorage.setItem({json.dumps(PREFERENCES_KEY)}, {json.dumps(preferences)});"
    )


def measure(site_url: str, path: Path, depth: int) -> dict[str, Any]:
    record = to_record(import_mat(path.read_text()))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
            page = context.new_page()
            page.add_init_script(saved(record, depth) + WATCH_SCRIPT)
            page.goto(f"{site_url}?test-dice=31&no-sw")
            page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=120_000)
            page.wait_for_selector("#result-analyse", state="visible", timeout=60_000)
            started = time.perf_counter()
            page.click("#result-analyse")
            page.wait_for_selector("html[data-analysis='done']", state="attached", timeout=TIMEOUT_S * 1000)
            seconds = time.perf_counter() - started
            total = page.evaluate("document.getElementById('analysis-count')?.textContent ?? ''")
            long_tasks = page.evaluate("window.__analysisBench.longTasks")
        finally:
            browser.close()
    return {
        "match": path.name,
        "depth": depth,
        "seconds": round(seconds, 1),
        "progress": total,
        "long_tasks": len(long_tasks),
        "longest_task_ms": round(max(long_tasks), 1) if long_tasks else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE.mat")
    parser.add_argument("--depth", type=int, default=1, choices=(0, 1, 2))
    parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    args = parser.parse_args()
    with served_site(args.no_build) as url:
        for path in args.files:
            print(json.dumps(measure(url, path, args.depth)), flush=True)


if __name__ == "__main__":
    main()
