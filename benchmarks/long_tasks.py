"""What the page's main thread does in its long tasks on a first visit: a Chromium performance trace of a
first visit at a phone's network and CPU (benchmarks/first_visit.py's static host, link and throttles), each
main-thread task over the limit listed with what ran inside it.

    python3 -m benchmarks.long_tasks [--runs 1] [--profile 4g] [--cpu 4] [--limit 50] [--welcome]
                                     [--no-build] [--dist DIST] [--brotli] [--after-ready-s 3]
                                     [--trace out.json] [--page game|static|bare] [--browser-detail]

The trace runs from the navigation until `--after-ready-s` seconds after the engine is ready (so the first
render of the live board and the offline copy's start are in it). Each long task is printed with its start
(ms since the navigation started), its length, and its largest parts: scripts run (by file and function),
module compilation, style and layout (a layout inside a script is a forced synchronous one), paint, HTML
parsing, garbage collection and messages from the worker. `--welcome` opens the site as Lighthouse does (the
welcome shown); without it, as first_visit.py does (`?no-welcome`). `--page static` traces the game's first
HTML with no script until its load event, `--page bare` a bare page that starts Pyodide alone until it is
ready (benchmarks/ceiling_pages.py).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from benchmarks.bot_page import WorkerThrottle, load_average
from benchmarks.ceiling_pages import PAGES, page_site
from benchmarks.first_visit import PROFILES, Counter, Link, phone_page, site_build, static_host

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 600
CATEGORIES = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame",
    "v8.execute",
    "v8",
    "blink.user_timing",
    "loading",
    "toplevel",
    "disabled-by-default-v8.cpu_profiler",
]
# (An init script runs before the page has its <html>: the document is what it can observe.)
READY_SCRIPT = """
new MutationObserver((_, observer) => {
  if (document.documentElement.dataset.engine !== "ready") return;
  observer.disconnect();
  console.log(`engine ready at ${Math.round(performance.now())} ms`);
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-engine"]});
"""
TASKS = {"RunTask", "ThreadControllerImpl::RunTask", "ThreadPool_RunTask"}
GC = ("MajorGC", "MinorGC", "V8.GC", "BlinkGC", "GCEvent", "V8.GCScavenger", "V8.GCFinalizeMC")


#: What `--browser-detail` adds: Blink's own steps (style, the font lookups and their calls to the browser).
BROWSER_DETAIL = ["blink", "fonts", "ipc"]


def trace_visit(
    dist: Path,
    profile: str,
    cpu: float,
    welcome: bool,
    brotli: bool,
    after_s: float,
    static: bool = False,
    categories: list[str] = CATEGORIES,
) -> bytes:
    conditions = PROFILES[profile]
    link = Link(conditions[0], conditions[2]) if conditions is not None else None
    server = static_host(dist, link, Counter(), brotli)
    marker = f"--long-tasks-benchmark={os.getpid()}-{time.monotonic_ns()}"
    throttle = WorkerThrottle(cpu, marker) if cpu > 1 else None
    if throttle is not None and throttle.problem:
        print(f"long_tasks: the worker is not throttled ({throttle.problem})", file=sys.stderr)
    try:
        with (
            sync_playwright() as playwright,
            phone_page(playwright, marker, cpu, throttle) as (browser, page),
        ):
            # Told by a console line, not by Playwright's polling of the page (its queries are tasks too).
            page.add_init_script(READY_SCRIPT)
            browser.start_tracing(page=page, categories=categories)
            if static:  # no engine: the page's load event ends its start
                page.goto(server.url, wait_until="load", timeout=TIMEOUT_S * 1000)
                time.sleep(after_s)
                return bytes(browser.stop_tracing())
            with page.expect_console_message(
                lambda message: message.text.startswith("engine ready at"), timeout=TIMEOUT_S * 1000
            ) as ready:
                page.goto(server.url + ("" if welcome else "?no-welcome"), timeout=TIMEOUT_S * 1000)
            print(f"  {ready.value.text}")
            time.sleep(after_s)
            return bytes(browser.stop_tracing())
    finally:
        if throttle is not None:
            throttle.close()
        server.shutdown()
        server.server_close()


def describe(event: dict[str, Any]) -> str:
    """One event's name and, where the trace says it, the script or function it ran."""
    name = str(event["name"])
    args = event.get("args", {})
    data = args.get("data", {}) or args.get("beginData", {}) or {}
    where = data.get("url") or data.get("fileName") or args.get("fileName") or ""
    where = str(where).rsplit("/", 1)[-1]
    function = data.get("functionName") or ""
    kind = data.get("type") or ""
    if name.startswith(GC) or "GC" in name:
        return "GC"
    detail = " ".join(part for part in (where, function and f"{function}()", kind) if part)
    return f"{name} {detail}".strip()


def main_thread(events: list[dict[str, Any]]) -> tuple[int, int]:
    """The page's renderer main thread: the CrRendererMain that parsed the most HTML (the page's, not the
    service worker's or a blank one's)."""
    names = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M" and e.get("args", {}).get("name") == "CrRendererMain"
    }
    parsed: dict[tuple[int, int], float] = defaultdict(float)
    for e in events:
        key = (e.get("pid"), e.get("tid"))
        if key in names and e.get("name") in {"ParseHTML", "EvaluateScript", "v8.compileModule"}:
            parsed[key] += float(e.get("dur", 0))
    return max(parsed, key=lambda key: parsed[key])


#: Events named for what they do; the time of others (messages, tasks) goes to the nearest named one around.
NAMED = (
    "FunctionCall",
    "EvaluateScript",
    "v8.compile",
    "v8.evaluateModule",
    "v8.produce",
    "ParseHTML",
    "ParseAuthorStyleSheet",
    "UpdateLayoutTree",
    "Layout",
    "PrePaint",
    "Paint",
    "Layerize",
    "Commit",
    "HandlePostMessage",
    "TimerFire",
    "FireAnimationFrame",
    "EventDispatch",
    "FireIdleCallback",
    "V8.GC",
    "MajorGC",
    "MinorGC",
    "BlinkGC",
    "V8.Execute",
    "HitTest",
    "IntersectionObserverController",
)
SCRIPTS = (
    "FunctionCall",
    "EvaluateScript",
    "v8.evaluateModule",
    "v8.compile",
    "TimerFire",
    "FireAnimationFrame",
    "HandlePostMessage",
    "EventDispatch",
    "FireIdleCallback",
)


Open = list[
    tuple[dict[str, Any], str, str]
]  # events open around the one read: (event, label, script around it)


def close(stack: Open, child_ms: dict[int, float], self_ms: dict[str, float], until: float) -> None:
    """Close the open events that end before `until`: each one's own time (its length less its children's)
    goes to its label."""
    while stack and stack[-1][0]["ts"] + stack[-1][0].get("dur", 0) <= until:
        event, label, _ = stack.pop()
        own = event.get("dur", 0) - child_ms[id(event)]
        self_ms[label] += max(0.0, own) / 1000
        if stack:
            child_ms[id(stack[-1][0])] += event.get("dur", 0)


def js_samples(events: list[dict[str, Any]], pid: int, tid: int) -> list[tuple[float, str, str]]:
    """The V8 sampling profiler's samples on the page's main thread: (trace time in µs, the function
    sampled, the outermost function of ours on its stack), "url:function" each."""
    nodes: dict[int, dict[str, Any]] = {}
    samples: list[tuple[float, str, str]] = []
    # The profile is started on the sampled thread and its chunks are written by the profiler's thread.
    profiles = [
        e for e in events if e.get("name") == "Profile" and e.get("pid") == pid and e.get("tid") == tid
    ]
    if not profiles:
        return samples
    at = float(profiles[0].get("args", {}).get("data", {}).get("startTime", 0))
    for event in events:
        if (
            event.get("name") != "ProfileChunk"
            or event.get("pid") != pid
            or event.get("id") != profiles[0]["id"]
        ):
            continue
        data = event.get("args", {}).get("data", {})
        profile = data.get("cpuProfile", {})
        for node in profile.get("nodes", []):
            nodes[node["id"]] = node
        for node_id, delta in zip(profile.get("samples", []), data.get("timeDeltas", []), strict=False):
            at += delta

            def name(node: dict[str, Any]) -> str:
                frame = node.get("callFrame", {})
                where = str(frame.get("url", "")).rsplit("/", 1)[-1]
                return (
                    f"{where}:{frame.get('functionName') or '(top)'}"
                    if where
                    else frame.get("functionName", "?")
                )

            node = nodes.get(node_id, {})
            outer = ""
            walk: dict[str, Any] | None = node
            while walk is not None:
                if "/web/" in str(walk.get("callFrame", {}).get("url", "")):
                    outer = name(walk)
                walk = nodes.get(walk.get("parent", -1)) if walk.get("parent") else None
            samples.append((at, name(node), outer))
    return samples


def long_tasks(trace: bytes, limit_ms: float) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = json.loads(trace)["traceEvents"]
    pid, tid = main_thread(events)
    samples = js_samples(events, pid, tid)
    mine = [e for e in events if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") == "X"]
    starts = [e["ts"] for e in events if e.get("name") == "navigationStart" and e.get("pid") == pid]
    origin = min(starts) if starts else min(e["ts"] for e in mine)
    mine.sort(key=lambda e: (e["ts"], -e.get("dur", 0)))
    found = []
    task_end = 0.0
    for task in mine:
        if task["name"] not in TASKS or task["ts"] < task_end:
            continue  # a task inside a task (the scheduler's own wrapper) is the same task
        task_end = task["ts"] + task.get("dur", 0)
        if task.get("dur", 0) <= limit_ms * 1000:
            continue
        inside = [e for e in mine if task["ts"] <= e["ts"] < task_end and e is not task]
        # The tree of the task's events, each one's own time (its length less its children's) given to its
        # label: its own name where it names what it does, else the nearest named event around it.
        self_ms: dict[str, float] = defaultdict(float)
        stack: Open = []
        child_ms: dict[int, float] = defaultdict(float)

        for event in inside:
            close(stack, child_ms, self_ms, event["ts"])
            outer_label = stack[-1][1] if stack else "other"
            script = stack[-1][2] if stack else ""
            name = describe(event)
            if name == "GC" or event["name"].startswith(NAMED):
                label = name.split(" ")[0] if not event["name"].startswith(SCRIPTS) else name
                if name == "GC" or not event["name"].startswith(SCRIPTS):
                    label = f"{label} (in {script})" if script else label
            else:
                label = outer_label if stack else f"other: {event['name']}"
            if event["name"].startswith(SCRIPTS) and not script:
                script = name
            stack.append((event, label, script))
        close(stack, child_ms, self_ms, float("inf"))
        top = sorted(self_ms.items(), key=lambda item: -item[1])
        inside_samples = [s for s in samples if task["ts"] <= s[0] < task_end]
        leaves: dict[str, int] = defaultdict(int)
        outers: dict[str, int] = defaultdict(int)
        for _, leaf, outer in inside_samples:
            leaves[leaf] += 1
            if outer:
                outers[outer] += 1
        found.append(
            {
                "start ms": round((task["ts"] - origin) / 1000),
                "ms": round(task["dur"] / 1000),
                "parts": [{"what": what, "ms": round(ms, 1)} for what, ms in top[:8] if ms >= 2],
                "samples": len(inside_samples),
                "functions": sorted(leaves.items(), key=lambda item: -item[1])[:6],
                "ours, outermost": sorted(outers.items(), key=lambda item: -item[1])[:6],
            }
        )
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--profile", default="4g", choices=sorted(PROFILES))
    parser.add_argument("--cpu", type=float, default=4)
    parser.add_argument("--limit", type=float, default=50, help="list the tasks longer than this (ms)")
    parser.add_argument("--welcome", action="store_true", help="open the site as a first visitor does")
    parser.add_argument("--after-ready-s", type=float, default=3)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--brotli", action="store_true")
    parser.add_argument("--trace", type=Path, help="also write the (last) trace here")
    parser.add_argument("--page", choices=PAGES, default="game", help="the game, or a ceiling's page")
    parser.add_argument(
        "--browser-detail", action="store_true", help="trace Blink's steps and font lookups too (see --trace)"
    )
    args = parser.parse_args(argv)
    if not args.no_build:
        site_build.build(args.dist)
    site = page_site(args.page, args.dist, Path(tempfile.mkdtemp(prefix=f"long-tasks-{args.page}.")))
    for number in range(args.runs):
        load = load_average()
        categories = CATEGORIES + BROWSER_DETAIL if args.browser_detail else CATEGORIES
        trace = trace_visit(
            site,
            args.profile,
            args.cpu,
            args.welcome,
            args.brotli,
            args.after_ready_s,
            args.page == "static",
            categories,
        )
        if args.trace:
            args.trace.write_bytes(trace)
        tasks = long_tasks(trace, args.limit)
        print(
            f"run {number + 1} ({args.page}, {args.profile}, CPU {args.cpu:g}x,"
            f" load {load:.1f} -> {load_average():.1f}):"
        )
        print(f"  {len(tasks)} tasks over {args.limit:g} ms, {sum(t['ms'] for t in tasks)} ms in all")
        for task in tasks:
            print(f"  at {task['start ms']} ms: {task['ms']} ms")
            for part in task["parts"]:
                print(f"      {json.dumps(part)}")
            if task["samples"]:
                print(f"      JS samples {task['samples']}: {task['functions']}")
                print(f"      ours, outermost: {task['ours, outermost']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
