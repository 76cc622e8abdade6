"""The deep analysis (depth 2) of a match in the page, shared among 1, 2, … workers of the pool: its time, and
whether the analyses are the same.

    python3 -m benchmarks.analysis_pool_page [FILE.mat] [--workers 1 2] [--length 7] [--seed 1] [--no-build]
                                             [--gnubg]

Builds the site (or serves dist/ with --no-build). The match is FILE.mat (a finished match, read by
`backgammon.formats.mat_import`), else a `--length`-point match the computer (intermediate) plays against
itself with dice seeded by `--seed`. For each pool size it opens the page in the system Chromium in a fresh
profile with the match saved and depth 2 as the player's preference, `?workers=N`, presses *Analyse the
match* and waits until the analysis is done: the time from the click (the pool's workers' start included),
the decisions, the main-thread tasks over 50 ms meanwhile, and a digest of the analysis stored (the same for
every size, or the pool's work would depend on its size). One JSON line per size, with the load average
before and after (the machine is shared: compare sizes within one run). With `--gnubg`, GNU Backgammon's own
2-ply analysis of the same match (checker play and cube, one process, one core) is timed first: the reference
for what a deep analysis costs in C.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any, cast

from playwright.sync_api import sync_playwright
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, served_site

from backgammon import api
from backgammon.formats.mat_import import import_mat
from backgammon.record import to_record
from benchmarks.analysis_gnubg import analyse_one
from benchmarks.analysis_page import WATCH_SCRIPT, saved

ANALYSES_KEY = "backgammon-test.analysis.v1"  # web/review/analyses.js, in test mode (?test-dice)
TIMEOUT_S = 3600
# The text the page keeps under a key in its IndexedDB (web/keyval.js: database "backgammon", store "texts").
STORED_TEXT = """async (key) => {
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open("backgammon");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const text = await new Promise((resolve, reject) => {
    const request = db.transaction("texts", "readonly").objectStore("texts").get(key);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  db.close();
  return typeof text === "string" ? text : null;
}"""


def call(method: str, params: dict[str, Any]) -> dict[str, Any]:
    return cast(dict[str, Any], api.call(method, params))


def played_match(length: int, seed: int) -> dict[str, Any]:
    """A whole match the intermediate computer plays against itself, with seeded dice."""
    call("new_match", {"settings": {"match_length": length}})
    rng = random.Random(seed)
    for _ in range(20_000):
        action = call("bot_action", {"level": "intermediate"})["action"]
        if action is None:
            break
        if action["type"] == "roll":
            action = {**action, "dice": [rng.randint(1, 6), rng.randint(1, 6)]}
        call("act", {"action": action})
    return cast(dict[str, Any], call("view", {})["record"])


def measure(site_url: str, record: dict[str, Any], workers: int) -> dict[str, Any]:
    load = os.getloadavg()[0]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
            page = context.new_page()
            page.add_init_script(saved(record, 2) + WATCH_SCRIPT)
            page.goto(f"{site_url}?test-dice=31&no-sw&workers={workers}")
            engine = "html[data-engine='ready'], html[data-engine='failed']"
            page.wait_for_selector(engine, state="attached", timeout=900_000)
            if page.get_attribute("html", "data-engine") != "ready":
                raise RuntimeError(f"the engine did not start: {page.inner_text('#status')}")
            page.wait_for_selector("#result-analyse", state="visible", timeout=300_000)
            started = time.perf_counter()
            page.click("#result-analyse")
            page.wait_for_selector("html[data-analysis='done']", state="attached", timeout=TIMEOUT_S * 1000)
            seconds = time.perf_counter() - started
            shown_workers = page.get_attribute("html", "data-analysis-workers")
            progress = page.evaluate("document.getElementById('analysis-count')?.textContent ?? ''")
            long_tasks: list[float] = page.evaluate("window.__analysisBench.longTasks")
            stored = json.loads(page.evaluate(STORED_TEXT, ANALYSES_KEY) or "null")
        finally:
            browser.close()
    analysis = stored["entries"][0]["analysis"] if stored else None
    return {
        "workers": workers,
        "pool_shown": shown_workers,
        "seconds": round(seconds, 1),
        "progress": progress,
        "long_tasks": len(long_tasks),
        "longest_task_ms": round(max(long_tasks), 1) if long_tasks else 0.0,
        "analysis_digest": hashlib.sha256(json.dumps(analysis, sort_keys=True).encode()).hexdigest()[:16],
        "load_before": round(load, 1),
        "load_after": round(os.getloadavg()[0], 1),
    }


def gnubg_seconds(record: dict[str, Any]) -> dict[str, Any]:
    """GNU Backgammon's 2-ply analysis of the match, timed."""
    exported = cast(dict[str, str], call("export_mat", {"record": record}))
    with tempfile.TemporaryDirectory() as folder:
        mat = Path(folder) / "match.mat"
        mat.write_text(exported["text"])
        load = os.getloadavg()[0]
        _, seconds = analyse_one(mat, 2)
    return {"gnubg_2ply_seconds": round(seconds, 1), "load_before": round(load, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("file", nargs="?", type=Path, metavar="FILE.mat")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--length", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    parser.add_argument("--gnubg", action="store_true", help="time gnubg's 2-ply analysis of the match first")
    args = parser.parse_args()
    record = (
        to_record(import_mat(args.file.read_text())) if args.file else played_match(args.length, args.seed)
    )
    if args.gnubg:
        print(json.dumps(gnubg_seconds(record)), flush=True)
    with served_site(args.no_build) as url:
        for workers in args.workers:
            print(json.dumps(measure(url, record, workers)), flush=True)


if __name__ == "__main__":
    main()
