"""The memory one more engine worker costs: what a rollout's pool of workers (web/engine/pool.js) adds.

    python3 -m benchmarks.pool_memory [--workers 3] [--no-build]

Builds the site (or serves dist/ with --no-build), opens it in the system Chromium and waits for play's
engine, then starts engine workers one at a time as the pool does (web/engine/worker.js under the pool's
URL), each made to play one rollout trial (so that its nets are loaded, as in a rollout), and after each
reads the memory of the browser's processes: the sum of their proportional set sizes (Pss,
/proc/PID/smaps_rollup: shared pages counted once in all), before and after (the median of 5 readings
after a garbage collection). `performance.measureUserAgentSpecificMemory` would say it from inside the
page, but only in a cross-origin isolated page, which the site is not. One JSON line per step; the last
gives the cost of a worker: what N workers added, over N.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, served_site

OPENING = "4HPwATDgc/ABMA"

START_WORKER = """
async ([opening]) => {
  const url = performance.getEntriesByType("resource").map((e) => e.name)
    .find((n) => /engine\\/worker\\.js/.test(n));
  const workerUrl = new URL(url ?? "web/engine/worker.js", location.href);
  workerUrl.search = "?pool=1";
  const worker = new Worker(workerUrl, { type: "module" });
  (window.__poolWorkers ??= []).push(worker);
  await new Promise((resolve, reject) => {
    worker.addEventListener("message", (event) => {
      const m = event.data ?? {};
      if (m.event === "ready") {
        const params = { position_id: opening, candidates: [opening], trials: 1, truncation: 2,
                         first: 0, count: 1 };
        worker.postMessage({ id: 1, method: "rollout_chunk", params });
      } else if (m.event === "failed") reject(new Error(m.error?.message));
      else if (m.id === 1) (m.error ? reject(new Error(m.error.message)) : resolve(null));
    });
  });
}
"""


def descendants(pid: int) -> list[int]:
    """Every process under `pid` (the browser, its renderers and helpers, started by Playwright's driver)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def chromium_pss_mib() -> float:
    """The Pss of this process's Chromium processes, MiB."""
    total = 0
    for pid in descendants(os.getpid()):
        try:
            if "chrom" not in Path(f"/proc/{pid}/comm").read_text():
                continue
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def settled_pss(page: Page) -> float:
    """The Pss once the page has been idle a moment, after a garbage collection: the median of 5 readings a
    second apart (the renderer's heap grows and shrinks by tens of MiB as it collects)."""
    page.evaluate("() => globalThis.gc?.()")
    time.sleep(2)
    readings = []
    for _ in range(5):
        time.sleep(1)
        readings.append(chromium_pss_mib())
    return statistics.median(readings)


def measure(url: str, workers: int) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, "--js-flags=--expose-gc"])
        page = browser.new_page()
        page.goto(f"{url}?no-sw&no-welcome")
        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=300_000)
        before = settled_pss(page)
        steps.append({"workers": 0, "pss_mib": round(before, 1)})
        for n in range(1, workers + 1):
            page.evaluate(START_WORKER, [OPENING])
            now = settled_pss(page)
            steps.append({"workers": n, "pss_mib": round(now, 1), "added_mib": round(now - before, 1)})
            print(json.dumps(steps[-1]), flush=True)
            before = now
        browser.close()
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    with served_site(args.no_build) as url:
        steps = measure(url, args.workers)
    added = [step["added_mib"] for step in steps[1:]]
    summary = {
        "base_pss_mib": steps[0]["pss_mib"],
        "per_worker_mib": round((steps[-1]["pss_mib"] - steps[0]["pss_mib"]) / args.workers, 1),
        "added_mib": added,
        "load_before": round(load, 1),
        "load_after": round(os.getloadavg()[0], 1),
    }
    print(json.dumps(summary), flush=True)


if __name__ == "__main__":
    main()
