"""Startup figures for the README: the game against a bare Pyodide page, in the system Chromium.

    python3 -m benchmarks.startup [--runs 3] [--clicks 20] [--dist dist] [--no-build] [--json out.json]
                                  [--compare other-dist] [--bodies]

In one run, on localhost: the game (dist/, built first unless --no-build) and a bare page that only
calls the stock `loadPyodide()` of the same Pyodide release and runs one line of Python, in
interleaved rounds (their order turning from round to round), each in a new browser profile with an
empty on-disk cache. Measured: time to the
first frame with the board drawn; time to `data-engine="ready"` cold (first visit), warm (the first
reload), warm again (a second reload) and offline (a reload with the network cut); bytes the server
sent cold; the longest main-thread task (PerformanceObserver "longtask") while loading and during an
offline visit with 20 clicks and a turn of the computer; from a real click, how long the board takes
to look up a checker's legal destinations and to draw them, and a move through the engine; and the
worker's loading stages (its `engine:*` performance marks).

Figures of 2026-11-23 16:05 UTC on the idle machine (4 rounds, medians, load average under 1.5), and in
brackets those of 12:18 UTC with other work keeping the 2 cores busy (load average 4 to 5; the ratios move
with the load, as the bare page runs Python on its main thread):

| figure | game | bare | ratio | target |
| --- | --- | --- | --- | --- |
| first frame with the board drawn, cold / warm | 136 / 100 ms (287 / 176) | | | < 150 ms |
| ready, cold | 1445 ms (2778) | 2438 ms (4560) | 0.59× (0.61×) | ≤ 0.40×, missed |
| ready, warm (first reload) | 786 ms (1274) | 1404 ms (1760) | 0.56× (0.72×) | ≤ 0.35×, missed |
| ready, warm again (second reload) | 610 ms (862) | 1396 ms (1737) | 0.44× (0.50×) | |
| ready, offline reload | 580 ms (815) | | | |
| bytes sent cold, until ready / with the offline copy | 14.7 / 14.7 MB | 13.5 MB | | |
| longest main-thread task, loading / offline visit | 120 / 0 ms (122 / 86) | 2570 ms | | ≤ 50 ms, missed |
| click → destinations looked up, median / p95 | 1.7 / 3.2 ms (2.1 / 6.5) | | | p95 ≤ 5 ms |
| click → destinations drawn, median / p95 | 10.9 / 13.2 ms (11.2 / 17.0) | | | |
| click → move via the engine, median / p95 | 3.8 / 6.8 ms (4.4 / 8.2) | | | |

Idle, the one task over 50 ms is the first frame of a first visit (the new renderer's font lookups).

The game against a `build.py --no-compile` build (no .pyc), interleaved in one run, 3 rounds: ready
cold 3565 against 11252 ms, first reload 1493 against 5274 ms, second reload 843 against 4315 ms.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Playwright, sync_playwright
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, load_site_build

ROOT = Path(__file__).resolve().parent.parent

TIMEOUT_MS = 120_000
GAME_QUERY = "?test-dice=31,52,64,33"  # a match that opens in the move phase, the same every run

# Marks kept by the page from its first script on (times in ms since navigation start).
MARKS_SCRIPT = """
(() => {
  const marks = (window.__bench = {longest: 0, longestAt: null, longTasks: 0, boardFrame: null, ready: null,
                                   pointerAt: null, handledAt: null, destsAt: null, movedAt: null});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      marks.longTasks += 1;
      if (entry.duration > marks.longest) {
        marks.longest = entry.duration;
        marks.longestAt = entry.startTime;
      }
    }
  }).observe({type: "longtask", buffered: true});
  let boardSeen = false;
  const check = () => {
    if (!boardSeen && document.querySelector("#board svg")) {
      boardSeen = true;
      requestAnimationFrame(() => { marks.boardFrame = performance.now(); });
    }
    if (marks.ready === null && document.documentElement.dataset.engine === "ready") {
      marks.ready = performance.now();
    }
    if (marks.pointerAt !== null && marks.destsAt === null && document.querySelector("#board .dest")) {
      marks.destsAt = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
  addEventListener("pointerdown", (event) => {
    marks.pointerAt = event.timeStamp; marks.destsAt = null; marks.movedAt = null; marks.handledAt = null;
  }, true);
  // Bubbling, on window: runs after the board's own pointerdown handler has looked the destinations up.
  addEventListener("pointerdown", () => { marks.handledAt = performance.now(); });
  document.addEventListener("DOMContentLoaded", () => {
    const id = document.getElementById("position-id");
    if (id) new MutationObserver(() => { marks.movedAt ??= performance.now(); })
      .observe(id, {subtree: true, childList: true, characterData: true});
  });
})();
"""

BARE_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare Pyodide</title></head>
<body><p>bare Pyodide</p>
<script type="module">
import { loadPyodide } from "./pyodide.mjs";
const pyodide = await loadPyodide();
pyodide.runPython("1 + 1");
document.documentElement.dataset.engine = "ready";
</script></body></html>
"""


site_build = load_site_build()


class CountingServer:
    """The build's own server, counting the body bytes it sends, and logging each body sent: when it was
    sent in full (wall clock, ms since the epoch), its size and its path."""

    def __init__(self, directory: Path) -> None:
        self.sent = 0
        self.log: list[tuple[float, int, str]] = []
        self.server = site_build.make_server(directory, port=0)
        handler = self.server.RequestHandlerClass
        counter = self

        def copyfile(handler: Any, source: Any, outputfile: Any) -> None:
            data = source.read()
            outputfile.write(data)
            counter.sent += len(data)
            counter.log.append((time.time() * 1000, len(data), handler.path.split("?", 1)[0]))

        handler.copyfile = copyfile
        site_build.start_server_thread(self.server)

    @property
    def url(self) -> str:
        return str(self.server.url)

    def sent_before(self, page: Page, since_navigation_ms: float) -> tuple[int, list[tuple[float, int, str]]]:
        """The bytes sent in full before this time of the page (ms since its navigation started), and
        those bodies as (ms since navigation, bytes, path)."""
        origin: float = page.evaluate("performance.timeOrigin")
        bodies = [(at - origin, size, path) for at, size, path in self.log]
        bodies = [body for body in bodies if body[0] <= since_navigation_ms]
        return sum(size for _, size, _ in bodies), bodies

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def bare_site(folder: Path) -> Path:
    """Stock Pyodide files (the full npm release's runtime) and the bare page."""
    source = ROOT / "node_modules" / "pyodide"
    for name in (
        "pyodide.mjs",
        "pyodide.asm.mjs",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "pyodide-lock.json",
    ):
        shutil.copy2(source / name, folder / name)
    (folder / "index.html").write_text(BARE_PAGE, encoding="utf-8")
    return folder


def wait_ready(page: Page) -> dict[str, Any]:
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=TIMEOUT_MS)
    page.wait_for_function("window.__bench.ready !== null", timeout=TIMEOUT_MS)
    if page.locator("#board").count():
        page.wait_for_function("window.__bench.boardFrame !== null", timeout=TIMEOUT_MS)
    marks: dict[str, Any] = page.evaluate("window.__bench")
    marks["engine"] = engine_marks(page)
    return marks


def engine_marks(page: Page, script: str = "/web/engine/worker.js") -> dict[str, float]:
    """The loading marks of the worker running `script` (web/engine/worker.js's `engine:*`), in ms since the
    page's navigation started."""
    page_origin: float = page.evaluate("performance.timeOrigin")
    for worker in page.workers:
        if script in worker.url:
            found: dict[str, Any] = worker.evaluate(
                """() => ({origin: performance.timeOrigin, marks: performance.getEntriesByType("mark")
                    .filter((mark) => mark.name.startsWith("engine:"))
                    .map((mark) => [mark.name.slice(7), mark.startTime])})"""
            )
            shift = float(found["origin"]) - page_origin
            return {str(name): shift + float(time) for name, time in found["marks"]}
    return {}


@contextmanager
def fresh_page(playwright: Playwright) -> Iterator[Page]:
    """A page in a new browser profile of its own: an empty HTTP cache on disk, as a first visit has.
    (Playwright's usual contexts are incognito profiles, whose HTTP cache lives in memory and keeps
    no file as big as pyodide.asm.wasm, which a real profile revalidates instead of downloading again.)"""
    with tempfile.TemporaryDirectory(prefix="startup-profile.") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            headless=True,
            viewport={"width": 1280, "height": 800},
            bypass_csp=True,
        )
        context.add_init_script(MARKS_SCRIPT)
        try:
            yield context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()


def wait_idle(page: Page) -> None:
    page.wait_for_selector("html[data-idle='true']", state="attached", timeout=TIMEOUT_MS)


def measure_clicks(page: Page, runs: int) -> dict[str, list[float]]:
    """From a real click on a checker: the destinations looked up (the board's pointer handler done),
    the destinations drawn (the next frame), and a move through the engine drawn; in ms."""
    source = page.locator("#board .target[data-loc='8']")
    dest = page.locator("#board .target[data-loc='5']")
    undo = page.locator("#controls button[data-action='undo']")
    found: list[float] = []
    lit: list[float] = []
    moved: list[float] = []
    for _ in range(runs):
        source.click()
        page.wait_for_function("window.__bench.destsAt !== null", timeout=TIMEOUT_MS)
        found.append(page.evaluate("window.__bench.handledAt - window.__bench.pointerAt"))
        lit.append(page.evaluate("window.__bench.destsAt - window.__bench.pointerAt"))
        dest.click()
        page.wait_for_function("window.__bench.movedAt !== null", timeout=TIMEOUT_MS)
        moved.append(page.evaluate("window.__bench.movedAt - window.__bench.pointerAt"))
        wait_idle(page)
        undo.click()
        page.wait_for_function(
            "document.querySelector(\"#controls button[data-action='undo']\").hidden"
            " || document.querySelector(\"#controls button[data-action='undo']\").disabled",
            timeout=TIMEOUT_MS,
        )
        wait_idle(page)
    return {"found": found, "lit": lit, "moved": moved}


def play_the_computer(page: Page) -> None:
    """A new match against the expert computer: the opening 31 is White's (8/5 6/5), then the computer
    thinks about its 52 in the worker and plays it on the board, and White is on roll again."""
    page.click("#new-match-button")
    form = page.locator("#new-match-form")
    form.locator("select[name=opponent]").select_option("computer")
    form.locator("select[name=level]").select_option("expert")
    form.locator("button[value=start]").click()
    wait_idle(page)
    for source, dest in ((8, 5), (6, 5)):
        page.locator(f"#board .target[data-loc='{source}']").click()
        page.locator(f"#board .target[data-loc='{dest}']").click()
        wait_idle(page)
    confirm = page.locator("#controls button[data-action='confirm']")
    if confirm.is_visible():
        confirm.click()
    page.wait_for_function(
        "document.documentElement.dataset.idle === 'true'"
        " && document.documentElement.dataset.phase === 'roll'"
        " && document.getElementById('movelist').textContent.includes('52:')",
        timeout=TIMEOUT_MS,
    )


def run_game(playwright: Playwright, dist: Path, clicks: int) -> dict[str, Any]:
    server = CountingServer(dist)
    try:
        with fresh_page(playwright) as page:
            page.goto(server.url + GAME_QUERY)
            cold = wait_ready(page)
            # Bytes sent until ready, counted from the server's log (the offline copy starts to download
            # once the engine is ready, so the bytes sent by the time this line runs can include some).
            bytes_cold, cold["bodies"] = server.sent_before(page, cold["ready"])
            # A first visit opens with the welcome over the board: two players, as the page used to open (a
            # build from before the welcome, measured with --compare, has none).
            if page.locator("#welcome-dialog[open]").count():
                page.locator("#welcome-dialog button[value=two]").click()
            wait_idle(page)
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
            bytes_with_offline_copy = server.sent
            page.reload()
            warm = wait_ready(page)
            page.reload()
            again = wait_ready(page)
            page.context.set_offline(True)
            page.reload()
            offline = wait_ready(page)
            wait_idle(page)
            played = measure_clicks(page, clicks)
            play_the_computer(page)
            # Long tasks of the whole offline visit: loading, the clicks and the computer's turn.
            playing: dict[str, Any] = page.evaluate("window.__bench")
            page.context.set_offline(False)
        return {
            "cold": cold,
            "warm": warm,
            "again": again,
            "offline": offline,
            "playing": playing,
            "bytes_cold": bytes_cold,
            "bytes_with_offline_copy": bytes_with_offline_copy,
            "found_ms": played["found"],
            "dests_ms": played["lit"],
            "move_ms": played["moved"],
        }
    finally:
        server.close()


def run_bare(playwright: Playwright, folder: Path) -> dict[str, Any]:
    server = CountingServer(folder)
    try:
        with fresh_page(playwright) as page:
            page.goto(server.url)
            cold = wait_ready(page)
            bytes_cold, cold["bodies"] = server.sent_before(page, cold["ready"])
            page.reload()
            warm = wait_ready(page)
            page.reload()
            again = wait_ready(page)
        return {"cold": cold, "warm": warm, "again": again, "bytes_cold": bytes_cold}
    finally:
        server.close()


def median_of(runs: list[dict[str, Any]], pick: Callable[[dict[str, Any]], float]) -> float:
    return float(statistics.median(pick(run) for run in runs))


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def summarise(game: list[dict[str, Any]], bare: list[dict[str, Any]]) -> dict[str, float]:
    found = [value for run in game for value in run["found_ms"]]
    dests = [value for run in game for value in run["dests_ms"]]
    moves = [value for run in game for value in run["move_ms"]]
    figures = {
        "game_first_board_frame_ms": median_of(game, lambda r: r["cold"]["boardFrame"]),
        "game_first_board_frame_warm_ms": median_of(game, lambda r: r["warm"]["boardFrame"]),
        "game_ready_cold_ms": median_of(game, lambda r: r["cold"]["ready"]),
        "game_ready_warm_ms": median_of(game, lambda r: r["warm"]["ready"]),
        "game_ready_again_ms": median_of(game, lambda r: r["again"]["ready"]),
        "game_ready_offline_ms": median_of(game, lambda r: r["offline"]["ready"]),
        "bare_ready_again_ms": median_of(bare, lambda r: r["again"]["ready"]),
        "bare_ready_cold_ms": median_of(bare, lambda r: r["cold"]["ready"]),
        "bare_ready_warm_ms": median_of(bare, lambda r: r["warm"]["ready"]),
        "game_bytes_cold": median_of(game, lambda r: r["bytes_cold"]),
        "game_bytes_with_offline_copy": median_of(game, lambda r: r["bytes_with_offline_copy"]),
        "bare_bytes_cold": median_of(bare, lambda r: r["bytes_cold"]),
        "game_longest_task_loading_ms": max(
            r[phase]["longest"] for r in game for phase in ("cold", "warm", "again", "offline")
        ),
        "game_longest_task_playing_ms": max(r["playing"]["longest"] for r in game),
        "bare_longest_task_ms": max(r[phase]["longest"] for r in bare for phase in ("cold", "warm", "again")),
        "found_median_ms": float(statistics.median(found)),
        "found_p95_ms": percentile(found, 0.95),
        "dests_median_ms": float(statistics.median(dests)),
        "dests_p95_ms": percentile(dests, 0.95),
        "move_median_ms": float(statistics.median(moves)),
        "move_p95_ms": percentile(moves, 0.95),
    }
    figures["game_longest_task_ms"] = max(
        figures["game_longest_task_loading_ms"], figures["game_longest_task_playing_ms"]
    )
    figures["ready_cold_ratio"] = figures["game_ready_cold_ms"] / figures["bare_ready_cold_ms"]
    figures["ready_warm_ratio"] = figures["game_ready_warm_ms"] / figures["bare_ready_warm_ms"]
    figures["ready_again_ratio"] = figures["game_ready_again_ms"] / figures["bare_ready_again_ms"]
    return figures


STAGES = (
    ("start", "worker started"),
    ("pyodide-imported", "pyodide.mjs imported"),
    ("pyodide-loaded", "`loadPyodide()` done (runtime, stdlib .pyc)"),
    ("archive-mounted", "our archive on `sys.path`"),
    ("api-imported", "`backgammon.api` imported"),
    ("first-answer", "first request answered (the match loaded)"),
)


def stages_markdown(game: list[dict[str, Any]]) -> str:
    """Where the game's time to ready goes: the worker's marks, median ms since navigation."""
    phases = ("cold", "warm", "again", "offline")
    lines = [
        "| stage (ms since navigation, median) | cold | warm | warm again | offline |",
        "| --- | --- | --- | --- | --- |",
    ]
    for key, name in STAGES:
        cells = []
        for phase in phases:
            values = [run[phase]["engine"][key] for run in game if key in run[phase].get("engine", {})]
            cells.append(f"{statistics.median(values):.0f}" if values else "—")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    ready = [f"{statistics.median(run[phase]['ready'] for run in game):.0f}" for phase in phases]
    lines.append('| `data-engine="ready"` on the page | ' + " | ".join(ready) + " |")
    return "\n".join(lines)


def verdict(met: bool) -> str:
    return "met" if met else "**missed**"


def markdown(figures: dict[str, float]) -> str:
    def ms(key: str) -> str:
        return f"{figures[key]:.0f} ms"

    def mb(key: str) -> str:
        return f"{figures[key] / 1e6:.1f} MB"

    def spread(name: str) -> str:
        return f"{figures[name + '_median_ms']:.1f} / {figures[name + '_p95_ms']:.1f} ms"

    cold, warm = figures["ready_cold_ratio"], figures["ready_warm_ratio"]
    longest = figures["game_longest_task_ms"]
    rows = [
        (
            "first frame with the board drawn (cold / warm)",
            f"{ms('game_first_board_frame_ms')} / {ms('game_first_board_frame_warm_ms')}",
            "—",
            "—",
            "< 150 ms",
            verdict(figures["game_first_board_frame_ms"] < 150),
        ),
        (
            'engine ready (`data-engine="ready"`), cold: empty cache',
            ms("game_ready_cold_ms"),
            ms("bare_ready_cold_ms"),
            f"{cold:.2f}×",
            "≤ 0.40×",
            verdict(cold <= 0.40),
        ),
        (
            "engine ready, warm: the first reload",
            ms("game_ready_warm_ms"),
            ms("bare_ready_warm_ms"),
            f"{warm:.2f}×",
            "≤ 0.35×",
            verdict(warm <= 0.35),
        ),
        (
            "engine ready, warm again: a second reload",
            ms("game_ready_again_ms"),
            ms("bare_ready_again_ms"),
            f"{figures['ready_again_ratio']:.2f}×",
            "(≤ 0.35×)",
            verdict(figures["ready_again_ratio"] <= 0.35),
        ),
        ("engine ready, offline reload", ms("game_ready_offline_ms"), "—", "—", "works offline", "met"),
        ("bytes sent, cold, until ready", mb("game_bytes_cold"), mb("bare_bytes_cold"), "—", "", ""),
        ("bytes sent, cold, with the offline copy", mb("game_bytes_with_offline_copy"), "—", "—", "", ""),
        (
            "longest main-thread task: loading (all loads) / the offline visit: 20 clicks, a computer turn",
            f"{ms('game_longest_task_loading_ms')} / {ms('game_longest_task_playing_ms')}",
            ms("bare_longest_task_ms"),
            "—",
            "≤ 50 ms",
            verdict(longest <= 50),
        ),
        (
            "click → legal destinations looked up (median / p95)",
            spread("found"),
            "—",
            "—",
            "p95 ≤ 5 ms",
            verdict(figures["found_p95_ms"] <= 5),
        ),
        ("click → destinations drawn, next frame (median / p95)", spread("dests"), "—", "—", "", ""),
        ("click → move drawn via the engine (median / p95)", spread("move"), "—", "—", "", ""),
    ]
    lines = [
        "| figure | game | bare Pyodide | ratio | target | |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3, help="cold/warm/offline rounds per page (median)")
    parser.add_argument("--clicks", type=int, default=20, help="click measurements per round")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--no-build", action="store_true", help="measure the existing --dist as it is")
    parser.add_argument("--json", type=Path, help="also write the figures and raw runs here")
    parser.add_argument(
        "--compare",
        type=Path,
        metavar="DIST",
        action="append",
        default=[],
        help="also measure this other build (as it is), interleaved in the same rounds: an A/B of a change"
        " (may be given more than once)",
    )
    parser.add_argument(
        "--bodies",
        action="store_true",
        help="also list what the server sent in the first round's first visit until ready, in order",
    )
    args = parser.parse_args(argv)

    if not args.no_build:
        site_build.build(args.dist)
    game_runs: list[dict[str, Any]] = []
    other_runs: dict[Path, list[dict[str, Any]]] = {other: [] for other in args.compare}
    bare_runs: list[dict[str, Any]] = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as bare_folder, sync_playwright() as playwright:
        bare = bare_site(Path(bare_folder))
        # Interleaved, so all see the same machine load, in an order that turns each round: a fixed order
        # puts the same build right after the bare page's long start every round, and on a busy machine
        # (2026-11-26) a fixed and a shuffled order gave builds A and B opposite verdicts.
        pages: list[Path | None] = [None, args.dist, *args.compare]  # None: the bare page
        for round_index in range(args.runs):
            shift = round_index % len(pages)
            for which in pages[shift:] + pages[:shift]:
                if which is None:
                    bare_runs.append(run_bare(playwright, bare))
                elif which == args.dist:
                    game_runs.append(run_game(playwright, args.dist, args.clicks))
                else:
                    other_runs[which].append(run_game(playwright, which, args.clicks))
    figures = summarise(game_runs, bare_runs)
    print(f"{args.dist}:\n")
    print(markdown(figures))
    print()
    print(stages_markdown(game_runs))
    output: dict[str, Any] = {"figures": figures, "game": game_runs, "bare": bare_runs}
    for other, runs in other_runs.items():
        other_figures = summarise(runs, bare_runs)
        print(f"\n{other} (--compare), the same rounds:\n")
        print(markdown(other_figures))
        print()
        print(stages_markdown(runs))
        output.setdefault("compare", {})[str(other)] = {"figures": other_figures, "game": runs}
        print(f"\nready, {args.dist} / {other}, round by round (the same rounds):")
        for phase in ("cold", "warm", "again", "offline"):
            pairs = zip(game_runs, runs, strict=True)
            ratios = [ours[phase]["ready"] / theirs[phase]["ready"] for ours, theirs in pairs]
            listed = " ".join(f"{ratio:.2f}" for ratio in ratios)
            print(f"  {phase}: {listed} (median {statistics.median(ratios):.2f})")
    if args.bodies:
        for name, runs in [(args.dist, game_runs), *other_runs.items(), ("bare Pyodide", bare_runs)]:
            print(f"\n{name}, first visit of round 1 until ready: ms since navigation (body sent), kB, file")
            for at, size, path in runs[0]["cold"]["bodies"]:
                print(f"  {at:6.0f} {size / 1000:8.1f}  {path}")
    print(f"\n{args.runs} rounds in {time.monotonic() - started:.0f} s")
    if args.json:
        args.json.write_text(json.dumps(output, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
