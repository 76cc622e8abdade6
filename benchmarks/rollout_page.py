"""A rollout in the page with 1 and 2 workers: its speed, and what the workers' start costs.

    python3 -m benchmarks.rollout_page [--workers 1 2] [--trials 36] [--truncation 2] [--no-build]

Builds the site (or serves dist/ with --no-build) and, for each pool size, opens the page in the system
Chromium in a fresh profile (test dice 3-1: White's opening), asks for the hint, and rolls out its best three
plays (`?rollout-workers=N`, seed 1). Measured in the page from the press of *Start*: when the first trial is
done (the pool's workers started, the candidates' boards worked out, one trial played), when the last is,
and the trials a second in between. One JSON line per pool size, with the load average before and after (the
machine is shared: compare sizes within one run).
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from playwright.sync_api import sync_playwright
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, served_site

TIMEOUT_MS = 1_800_000

WATCH = """
window.__rolloutTimes = [];
document.addEventListener("DOMContentLoaded", () => {
  const panel = document.getElementById("rollout-panel");
  document.getElementById("rollout-start").addEventListener("click", () => {
    window.__rolloutStart = performance.now();
  });
  new MutationObserver(() => {
    window.__rolloutTimes.push([Number(panel.dataset.done || 0), performance.now()]);
  }).observe(panel, {attributes: true, attributeFilter: ["data-done"]});
});
"""


def measure(url: str, workers: int, trials: int, truncation: int) -> dict[str, Any]:
    load = os.getloadavg()[0]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.add_init_script(WATCH)
        page.goto(f"{url}?test-dice=31&no-sw&no-welcome&rollout-workers={workers}")
        page.wait_for_selector("html[data-idle='true']", state="attached", timeout=300_000)
        page.click("#hint-button")
        page.click("#rollout-open")
        page.select_option("#rollout-trials", str(trials))
        page.fill("#rollout-truncation", str(truncation))
        page.fill("#rollout-seed", "1")
        page.click("#rollout-start")
        page.wait_for_selector("#rollout-panel[data-state='done']", state="attached", timeout=TIMEOUT_MS)
        start: float = page.evaluate("window.__rolloutStart")
        times: list[list[float]] = page.evaluate("window.__rolloutTimes")
        browser.close()
    first = next(t for done, t in times if done >= 1)
    last = next(t for done, t in times if done >= trials)
    return {
        "workers": workers,
        "trials": trials,
        "truncation": truncation,
        "first_trial_s": round((first - start) / 1000, 1),
        "all_s": round((last - start) / 1000, 1),
        "trials_per_s_after_first": round((trials - 1) / ((last - first) / 1000), 2),
        "load_before": round(load, 1),
        "load_after": round(os.getloadavg()[0], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--trials", type=int, default=36, choices=[36, 144, 324, 1296])
    parser.add_argument("--truncation", type=int, default=2)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    with served_site(args.no_build) as url:
        for workers in args.workers:
            print(json.dumps(measure(url, workers, args.trials, args.truncation)), flush=True)


if __name__ == "__main__":
    main()
