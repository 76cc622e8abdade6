"""The computer opponent in the page: its think time per decision and the main thread's longest task.

    python3 -m benchmarks.bot_page [--level expert [intermediate ...]] [--decisions 40] [--seed 7]
                                   [--cpu-throttle 4] [--no-build]

Builds the site into a temporary folder (or serves `dist/` with --no-build), stores a money session
between two computer players at the level in the test-mode localStorage slot, opens the page in the
system Chromium with a seeded dice script and lets it play itself (pressing *Next game* after each
game). Measured in the page: how long each decision keeps the page busy (`data-busy="thinking"`, from
the first `bot_think` request to the worker until the one that decides is answered: Pyodide's thinking plus
the round trips), and every main-thread task over 50 ms (PerformanceObserver "longtask") from the first
decision on, while the computer thinks, moves its checkers one at a time and the board redraws; and the eight
longest frames (Long Animation Frames: a frame's duration, its longest script's, its style and layout's, and
what that script was) to say where a long task's time went. One JSON line per run, with the load average
before and after it (the machine is shared).

`--cpu-throttle 4` emulates a slow phone: each level is measured unthrottled, then throttled, each in a
fresh browser, and a last line gives the throttled / unthrottled ratios. Two threads are slowed:

- the page's main thread, by the DevTools protocol's `Emulation.setCPUThrottlingRate` on the page,
  set before the page loads;
- the dedicated worker where Pyodide runs. The page's throttle leaves it at full speed, and Chromium
  (156) refuses that command on a worker target ("Operation is only supported for pages, not
  workers"), so the benchmark slows the worker's thread itself: it finds the thread named
  "DedicatedWorker" in the renderer processes of the browser it launched and moves it into a cgroup
  (v1 `cpu` controller, as root) allowed 1 ms of CPU per RATE ms. Where that is not possible the run
  goes on with the main thread alone throttled, says so on stderr and reports `"worker": null`.

Neither slows the compositor, V8's background compilers or the GPU process. Each throttled run ends by
timing a fixed loop of JavaScript in both threads, throttled and then unthrottled, in the same browser:
`main_slowdown` and `worker_slowdown` are the factors measured, not assumed.

Measured on 2026-11-23 (`--level expert --decisions 40`, the shared 2-core machine): at a load average of
about 4, think time median 138 ms, p95 619 ms, max 1006 ms, one main-thread task over 50 ms (73 ms); at a
load average of about 8, median 186 ms, p95 965 ms, max 2516 ms, 7 tasks over 50 ms, the longest 1113 ms.
On 2026-11-24 04:19 UTC (load average about 2.5, another benchmark on one core), run 6's weights (contact
net of 128 hidden units) in two runs: median 313 and 335 ms, p95 1275 and 1178 ms, max 1414 and 1410 ms, no
task over 50 ms; run 5's weights between them: median 250 ms, p95 759 ms, max 1242 ms, one task of 102 ms.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Worker, sync_playwright
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, served_site, serving

from backgammon import api

ROOT = Path(__file__).resolve().parent.parent
STORAGE_KEY = "backgammon-test.match.v1"  # web/storage.js: namespace of test mode, STORAGE_VERSION 1
CPU_CGROUPS = Path("/sys/fs/cgroup/cpu")  # cgroup v1's cpu controller

WATCH_SCRIPT = """
(() => {
  const marks = (window.__botBench = {thinking: [], longTasks: [], since: null, started: null});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (marks.since !== null && entry.startTime >= marks.since) marks.longTasks.push(entry.duration);
    }
  }).observe({type: "longtask", buffered: true});
  // What the long frames were spent on (Long Animation Frames): the longest script of each, or style and
  // layout when no script was long.
  marks.longFrames = [];
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries()) {
      if (marks.since === null || frame.startTime < marks.since) continue;
      const scripts = [...frame.scripts].sort((a, b) => b.duration - a.duration);
      const top = scripts[0];
      const file = top ? (top.sourceURL || "").split("/").pop() : "";
      const name = top ? `${top.invoker || top.invokerType} ${top.sourceFunctionName || "?"}` : "";
      const where = top ? `${name} (${file})` : "no script";
      const end = frame.startTime + frame.duration;
      const layout = frame.styleAndLayoutStart ? end - frame.styleAndLayoutStart : 0;
      marks.longFrames.push({duration: Math.round(frame.duration), script: Math.round(top ? top.duration : 0),
        layout: Math.round(layout), where});
    }
  }).observe({type: "long-animation-frame", buffered: true});
  new MutationObserver(() => {
    const busy = document.documentElement.dataset.busy;
    if (busy === "thinking" && marks.started === null) {
      marks.started = performance.now();
      if (marks.since === null) marks.since = marks.started;
    } else if (busy !== "thinking" && marks.started !== null) {
      marks.thinking.push(performance.now() - marks.started);
      marks.started = null;
    }
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-busy"]});
})();
"""

# A fixed loop of JavaScript, timed five times in the thread it runs in: the median in ms.
SPIN = """() => {
  const spin = (n) => { let x = 0; for (let i = 0; i < n; i++) x = (x * 31 + i) | 0; return x; };
  const times = [];
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    spin(2e7);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2];
}"""


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


def load_average() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


class WorkerThrottle:
    """Slows the dedicated worker threads of one browser, each by a cgroup's CPU quota of its own (1 ms per
    `rate` ms): play's worker and the helpers that share world class's thinking (web/play/think.js) are each
    a core `rate` times slower, as on a phone whose cores are all slow (one quota for them all would make
    the helpers share a single slow core)."""

    def __init__(self, rate: float, marker: str) -> None:
        self.rate = rate
        self.marker = marker  # a switch on the browser's command line: finds its process tree
        self.groups: dict[int, Path] = {}  # by thread
        self.ready = False
        self.problem = ""
        if not (CPU_CGROUPS / "cpu.cfs_quota_us").exists():
            self.problem = f"no cgroup v1 cpu controller at {CPU_CGROUPS}"
            return
        try:
            self._group("probe").rmdir()
        except OSError as error:
            self.problem = f"cannot set up a cgroup under {CPU_CGROUPS}: {error}"
            return
        self.ready = True

    @property
    def threads(self) -> set[int]:
        return set(self.groups)

    def _group(self, name: str) -> Path:
        group = CPU_CGROUPS / f"bot_page_{os.getpid()}_{name}"
        group.mkdir(exist_ok=True)
        try:
            (group / "cpu.cfs_period_us").write_text(str(round(1000 * self.rate)))
            (group / "cpu.cfs_quota_us").write_text("1000")
        except OSError:
            group.rmdir()
            raise
        return group

    def _browser_tree(self) -> list[int]:
        parents: dict[int, int] = {}
        roots = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
            if self.marker.encode() in command.split(b"\0"):
                roots.append(int(entry.name))
        tree = set(roots)
        grown = True
        while grown:
            grown = False
            for pid, parent in parents.items():
                if parent in tree and pid not in tree:
                    tree.add(pid)
                    grown = True
        return sorted(tree)

    def worker_threads(self) -> list[int]:
        found = []
        for pid in self._browser_tree():
            try:
                tasks = list(Path(f"/proc/{pid}/task").iterdir())
            except OSError:
                continue
            for task in tasks:
                try:
                    name = (task / "comm").read_text().strip()
                except OSError:
                    continue
                if name.startswith("DedicatedWorker"):
                    found.append(int(task.name))
        return found

    def apply(self, wait: bool = True) -> None:
        """Move every new dedicated worker thread of the browser into a cgroup of its own (with `wait`, for up
        to 2 s until a new one appears: a new worker's thread may take a moment to get its name)."""
        if not self.ready:
            return
        for _ in range(40 if wait else 1):
            threads = [tid for tid in self.worker_threads() if tid not in self.groups]
            if threads:
                break
            time.sleep(0.05)
        for tid in threads:
            with contextlib.suppress(OSError):  # the thread has ended
                group = self._group(str(tid))
                self.groups[tid] = group
                (group / "tasks").write_text(str(tid))

    def release(self) -> None:
        """Back to full speed: the threads return to the parent cgroup."""
        for group in self.groups.values():
            for tid in (group / "tasks").read_text().split():
                with contextlib.suppress(OSError):  # the thread has ended
                    (CPU_CGROUPS / "tasks").write_text(tid)

    def close(self) -> None:
        self.release()
        for group in self.groups.values():
            with contextlib.suppress(OSError):
                group.rmdir()
        self.groups.clear()
        self.ready = False


def slowdowns(page: Page, worker: Worker | None, cdp: Any, throttle: WorkerThrottle) -> dict[str, Any]:
    """The fixed loop in the main thread and in the worker, throttled and then unthrottled."""
    slow_main = page.evaluate(SPIN)
    slow_worker = worker.evaluate(SPIN) if worker is not None else None
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    throttle.release()
    fast_main = page.evaluate(SPIN)
    fast_worker = worker.evaluate(SPIN) if worker is not None else None
    return {
        "main_slowdown": round(slow_main / fast_main, 2),
        "worker_slowdown": round(slow_worker / fast_worker, 2) if slow_worker and fast_worker else None,
    }


def measure(
    site_url: str, level: str, decisions: int, seed: int, rate: float = 1, query: str = ""
) -> dict[str, Any]:
    rng = random.Random(seed)
    dice = ",".join(f"{rng.randint(1, 6)}{rng.randint(1, 6)}" for _ in range(4 * decisions + 40))
    setup = f"localStorage.setItem({json.dumps(STORAGE_KEY)}, {json.dumps(session_envelope(level))});"
    marker = f"--bot-page-benchmark={os.getpid()}-{time.monotonic_ns()}"
    throttle = WorkerThrottle(rate, marker) if rate > 1 else None
    if throttle is not None and throttle.problem:
        print(f"bot_page: the worker is not throttled ({throttle.problem})", file=sys.stderr)
    load_before = load_average()
    result: dict[str, Any] = {"level": level, "cpu_throttle": rate, "query": query}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, marker], headless=True
            )
            try:
                context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
                page = context.new_page()
                page.add_init_script(setup + WATCH_SCRIPT)
                workers: list[Worker] = []
                page.on("worker", lambda worker: workers.append(worker))
                cdp = None
                if throttle is not None:
                    apply = throttle.apply
                    page.on("worker", lambda _worker: apply())
                    cdp = context.new_cdp_session(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                started = time.perf_counter()
                page.goto(f"{site_url}?test-dice={dice}&no-sw{query}")
                if throttle is not None:
                    throttle.apply(wait=False)  # a worker whose thread was not named yet at its event
                    result["throttled"] = {
                        "main": "cdp",
                        "worker": "cgroup" if throttle.threads else None,
                        "before_first_decision": page.evaluate("window.__botBench.since === null"),
                    }
                deadline = started + 900 * rate
                answered_all = True
                while page.evaluate("window.__botBench.thinking.length") < decisions:
                    if time.perf_counter() > deadline:
                        answered_all = False
                        break
                    if page.get_attribute("html", "data-phase") == "game_over":
                        next_game = page.locator("#controls button[data-action='next_game']")
                        if next_game.is_enabled():
                            next_game.click()
                    page.wait_for_timeout(500)
                marks = page.evaluate(
                    "({...window.__botBench, waiting: window.__botBench.started === null"
                    " ? null : performance.now() - window.__botBench.started})"
                )
                seconds = time.perf_counter() - started
                if throttle is not None and cdp is not None:
                    result.update(slowdowns(page, workers[0] if workers else None, cdp, throttle))
            finally:
                browser.close()
    finally:
        if throttle is not None:
            throttle.close()
    thinking = marks["thinking"][:decisions]
    long_tasks = marks["longTasks"]
    result.update(
        {
            "decisions": len(thinking),
            "answered_all": answered_all,
            "think_median_ms": round(statistics.median(thinking), 1) if thinking else None,
            "think_p95_ms": round(percentile(thinking, 0.95), 1) if thinking else None,
            "think_max_ms": round(max(thinking), 1) if thinking else None,
            "long_tasks": len(long_tasks),
            "longest_task_ms": round(max(long_tasks), 1) if long_tasks else 0.0,
            "long_frames": sorted(marks["longFrames"], key=lambda f: -f["duration"])[:8],
            "seconds": round(seconds, 1),
            "load_average": [load_before, load_average()],
        }
    )
    if not answered_all:
        result["waiting_ms"] = round(marks["waiting"], 1) if marks["waiting"] is not None else None
    return result


def ratios(plain: dict[str, Any], throttled: dict[str, Any]) -> dict[str, Any]:
    keys = ("think_median_ms", "think_p95_ms", "think_max_ms", "longest_task_ms")
    return {
        "level": plain["level"],
        "ratio_throttled_to_plain": {
            key: round(throttled[key] / plain[key], 2) if plain[key] and throttled[key] else None
            for key in keys
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--level", nargs="+", default=["expert"], help="one or more levels, measured in turn")
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--cpu-throttle",
        type=float,
        default=1,
        metavar="RATE",
        help="also measure each level with the main thread and the worker slowed RATE times",
    )
    parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    parser.add_argument("--dist", type=Path, help="serve this built site as it is (another commit's build)")
    parser.add_argument(
        "--workers",
        type=int,
        help="the page's pool of workers (?workers=N): world class's helpers among them",
    )
    args = parser.parse_args()
    query = f"&workers={args.workers}" if args.workers else ""
    with contextlib.ExitStack() as stack:
        if args.dist:
            url = str(stack.enter_context(serving(args.dist)).url)
        else:
            url = stack.enter_context(served_site(args.no_build))
        for level in args.level:
            plain = measure(url, level, args.decisions, args.seed, query=query)
            print(json.dumps(plain), flush=True)
            if args.cpu_throttle > 1:
                throttled = measure(url, level, args.decisions, args.seed, args.cpu_throttle, query)
                print(json.dumps(throttled), flush=True)
                print(json.dumps(ratios(plain, throttled)), flush=True)


if __name__ == "__main__":
    main()
