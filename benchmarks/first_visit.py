"""A first visit on a phone's network: what a static host sends (compressed) and how long until the board is
drawn and the game can be played, with Chromium's network throttled and its CPU slowed as on a phone.

    python3 -m benchmarks.first_visit [--runs 3] [--profile none 4g 3g] [--cpu 4] [--no-build]
                                      [--brotli] [--bare] [--json out.json]

The built site (dist/, built first unless --no-build) is served as a static host serves it: every file but
images gzip-compressed (level 6) when the browser asks for it, as GitHub Pages, Netlify and Cloudflare Pages
do (brotli, where a host offers it, is smaller still). Each run is a first visit: a new browser, an empty
cache, the service worker left to install as it would (its offline copy counts in "with the offline copy").
The server plays the phone's link for each profile (Chromium's own network throttle does not reach the worker
where Pyodide fetches its files): one round trip before each reply, and all replies paced together at the
link's download rate:

    4g: 9 Mbit/s down, 170 ms round trip (a good mobile connection)
    3g: 1.6 Mbit/s down, 300 ms round trip (Lighthouse's mobile profile is close to this)

and, with --cpu N, the page's main thread is N times slower (`Emulation.setCPUThrottlingRate`) and so is the
worker where Pyodide loads and thinks (a cgroup CPU quota on its thread, as benchmarks/bot_page.py does: the
DevTools throttle does not reach workers). Measured: the bytes the server sent until the engine is ready and
until the offline copy is complete (bodies, compressed), the same files' sizes uncompressed, the first frame
with the board drawn, and the engine ready (`data-engine="ready"`: the board answers a move), medians of the
runs.

With --bare, the same is measured of Pyodide's own floor instead of the game: a bare page whose module worker
imports the build's `pyodide.mjs`, calls `loadPyodide` with the build's files (the same trimmed, precompiled
stdlib and lock file) and runs one line of Python, served the same way from the same static host; ready is its
answer. What the game takes beyond it is ours (our package, the engine's start, the page).
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import gzip
import io
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Playwright, sync_playwright
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, load_site_build

from benchmarks.bot_page import WorkerThrottle, load_average
from benchmarks.startup import MARKS_SCRIPT, STAGES, engine_marks

ROOT = Path(__file__).resolve().parent.parent

site_build = load_site_build()

#: name -> (download bit/s, upload bit/s (not paced), round trip ms); "none": localhost as it is.
PROFILES: dict[str, tuple[float, float, float] | None] = {
    "none": None,
    "4g": (9_000_000, 1_500_000, 170),
    "3g": (1_600_000, 750_000, 300),
}
BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><p>bare Pyodide</p>
<script type="module">
const worker = new Worker("./bare-worker.js", {type: "module"});
worker.onmessage = () => { document.documentElement.dataset.engine = "ready"; };
</script></body></html>
"""
BARE_WORKER = """
const INDEX_URL = new URL("./pyodide/", self.location.href).href;
performance.mark("engine:start");
const { loadPyodide } = await import(INDEX_URL + "pyodide.mjs");
performance.mark("engine:pyodide-imported");
const pyodide = await loadPyodide({
  indexURL: INDEX_URL, stdLibURL: INDEX_URL + "stdlib.zip", lockFileURL: INDEX_URL + "pyodide-lock.json",
});
performance.mark("engine:pyodide-loaded");
postMessage(pyodide.runPython("1 + 1"));
"""
UNCOMPRESSED = (".png", ".jpg", ".jpeg", ".webp", ".ico", ".woff2")
CHUNK = 16_384
TIMEOUT_S = 600


class Link:
    """One phone's connection, shared by all its requests: a round trip before each reply, and the replies'
    bytes paced at the link's download rate (a token bucket over all the server's threads)."""

    def __init__(self, down_bits: float, rtt_ms: float) -> None:
        self.rate = down_bits / 8
        self.rtt = rtt_ms / 1000
        self.free_at = 0.0
        self.lock = threading.Lock()

    def send(self, data: bytes, out: Any) -> None:
        for at in range(0, len(data), CHUNK):
            chunk = data[at : at + CHUNK]
            with self.lock:
                start = max(time.monotonic(), self.free_at)
                self.free_at = start + len(chunk) / self.rate
                until = self.free_at
            time.sleep(max(0.0, until - time.monotonic()))
            out.write(chunk)


class Counter:
    """What the server sent in one visit: bytes on the wire (compressed), the same files uncompressed, and
    when each reply was complete."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.log: list[tuple[float, int, int, str]] = []  # (time.time() ms, wire, raw, path)

    def add(self, wire: int, raw: int, path: str) -> None:
        with self.lock:
            self.log.append((time.time() * 1000, wire, raw, path))

    def totals(self, before_ms: float = float("inf")) -> tuple[int, int]:
        with self.lock:
            sent = [(wire, raw) for at, wire, raw, _ in self.log if at <= before_ms]
        return sum(w for w, _ in sent), sum(r for _, r in sent)


class StaticHostHandler(site_build.SiteRequestHandler):  # type: ignore[name-defined,misc]
    """The build's handler as a static host behind a phone's link: each file gzip-compressed when the browser
    accepts it, the replies paced by `link`, every reply counted in `counter`."""

    cache: dict[tuple[str, float, str], bytes] = {}  # noqa: RUF012 - shared by the server's threads on purpose
    link: Link | None = None
    counter = Counter()
    raw_size = 0
    brotli = False  # FILE.br served where the browser accepts br, as Netlify or Cloudflare Pages do

    def send_head(self) -> Any:
        if self.link is not None:
            time.sleep(self.link.rtt)  # the request's way there and the reply's first byte back
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        self.raw_size = path.stat().st_size if path.is_file() else 0
        accepted = self.headers.get("Accept-Encoding", "")
        accepts = "gzip" in accepted
        if not (accepts and path.is_file() and not path.name.endswith(UNCOMPRESSED)):
            return super().send_head()
        brotli = path.with_name(path.name + ".br")
        encoding = "br" if self.brotli and "br" in accepted and brotli.is_file() else "gzip"
        mtime = path.stat().st_mtime
        since = self.headers.get("If-Modified-Since")
        with contextlib.suppress(TypeError, ValueError, IndexError):
            if since and email.utils.parsedate_to_datetime(since).timestamp() >= int(mtime):
                self.send_response(304)  # the revalidation a host answers without the body
                self.end_headers()
                return None
        key = (str(path), mtime, encoding)
        body = self.cache.get(key)
        if body is None:
            compressed = brotli.read_bytes() if encoding == "br" else None
            body = compressed or gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
            self.cache[key] = body
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(int(mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the browser closed meanwhile
            if self.link is not None:
                self.link.send(data, outputfile)
            else:
                outputfile.write(data)
        self.counter.add(len(data), self.raw_size or len(data), self.path.split("?", 1)[0])


def static_host(directory: Path, link: Link | None, counter: Counter, brotli: bool = False) -> Any:
    server = site_build.make_server(directory, port=0)
    fields = {"mount": server.mount, "quiet": True, "link": link, "counter": counter, "brotli": brotli}
    server.RequestHandlerClass = type("StaticHost", (StaticHostHandler,), fields)
    site_build.start_server_thread(server)
    return server


def bare_site(dist: Path, folder: Path) -> Path:
    """The bare page and its worker, beside a copy of the build's Pyodide files (their .br too)."""
    shutil.copytree(dist / "pyodide", folder / "pyodide", dirs_exist_ok=True)
    (folder / "index.html").write_text(BARE_PAGE, encoding="utf-8")
    (folder / "bare-worker.js").write_text(BARE_WORKER, encoding="utf-8")
    return folder


@contextlib.contextmanager
def phone_page(
    playwright: Playwright, marker: str, cpu: float, throttle: WorkerThrottle | None
) -> Iterator[tuple[Browser, Page]]:
    """A phone's page (390x844, touch) in the system Chromium, its main thread slowed `cpu` times by CDP and
    its workers by `throttle` (which finds them by `marker` on the command line); closed after the block."""
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, marker], headless=True
    )
    try:
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=3
        )
        page = context.new_page()
        if cpu > 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
            assert throttle is not None
            page.on("worker", lambda _worker: throttle.apply())
        yield browser, page
    finally:
        browser.close()


def one_visit(
    dist: Path, profile: str, cpu: float, brotli: bool = False, bare: bool = False
) -> dict[str, Any]:
    conditions = PROFILES[profile]
    link = Link(conditions[0], conditions[2]) if conditions is not None else None
    counter = Counter()
    server = static_host(dist, link, counter, brotli)
    marker = f"--first-visit-benchmark={os.getpid()}-{time.monotonic_ns()}"
    throttle = WorkerThrottle(cpu, marker) if cpu > 1 else None
    if throttle is not None and throttle.problem:
        print(f"first_visit: the worker is not throttled ({throttle.problem})", file=sys.stderr)
    offline_s: float | None = None
    try:
        with sync_playwright() as playwright, phone_page(playwright, marker, cpu, throttle) as (_, page):
            page.add_init_script(MARKS_SCRIPT)
            started = time.perf_counter()
            page.goto(f"{server.url}?no-welcome", timeout=TIMEOUT_S * 1000)
            page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=TIMEOUT_S * 1000)
            marks = page.evaluate("window.__bench")
            stages = engine_marks(page, "/bare-worker.js" if bare else "/web/engine/worker.js")
            # The wall-clock moment of ready (the service worker's precache starts right after it).
            ready_at = page.evaluate("performance.timeOrigin") + marks["ready"]
            # The offline copy: the service worker takes control once it has installed (clients.claim).
            # (Polled by evaluate: the page's CSP forbids the string evaluation of wait_for_function.)
            deadline = time.perf_counter() + (0 if bare else TIMEOUT_S)  # a bare page has no offline copy
            while time.perf_counter() < deadline:
                if page.evaluate("navigator.serviceWorker.controller !== null"):
                    offline_s = time.perf_counter() - started
                    break
                page.wait_for_timeout(100)
            else:
                if not bare:
                    print("first_visit: no offline copy in time", file=sys.stderr)
    finally:
        if throttle is not None:
            throttle.close()
        server.shutdown()
        server.server_close()
    until_ready = counter.totals(ready_at)
    with_copy = counter.totals()
    return {
        "profile": profile,
        "cpu": cpu,
        "worker_throttled": bool(throttle and throttle.threads),
        "first_frame_ms": round(marks["boardFrame"]) if marks["boardFrame"] is not None else None,
        "ready_ms": round(marks["ready"]) if marks["ready"] is not None else None,
        "longest_task_ms": round(marks["longest"]),
        "engine_stages_ms": {name: round(at) for name, at in stages.items()},
        "wire_until_ready": until_ready[0],
        "raw_until_ready": until_ready[1],
        "wire_with_offline_copy": with_copy[0],
        "raw_with_offline_copy": with_copy[1],
        "offline_copy_s": round(offline_s, 1) if offline_s is not None else None,
        "replies": len(counter.log),
        "largest": [
            {"path": path, "wire": wire, "raw": raw, "after_ready_ms": round(at - ready_at)}
            for at, wire, raw, path in sorted(counter.log, key=lambda entry: -entry[1])[:8]
        ],
    }


def megabytes(count: float) -> str:
    return f"{count / 1_000_000:.1f} MB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", nargs="+", default=["none", "4g", "3g"], choices=sorted(PROFILES))
    parser.add_argument("--cpu", type=float, default=4, help="CPU slow-down of the throttled profiles")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--no-build", action="store_true", help="measure the existing --dist as it is")
    parser.add_argument("--brotli", action="store_true", help="serve the build's .br files where accepted")
    parser.add_argument(
        "--bare", action="store_true", help="Pyodide's own floor: a bare page, the build's files"
    )
    parser.add_argument("--json", type=Path, help="also write the runs here")
    args = parser.parse_args(argv)
    if not args.no_build:
        site_build.build(args.dist)
    site = args.dist
    if args.bare:
        site = bare_site(args.dist, Path(tempfile.mkdtemp(prefix="first-visit-bare.")))
    runs: list[dict[str, Any]] = []
    load_before = load_average()
    for number in range(args.runs):
        for profile in args.profile:
            cpu = 1 if profile == "none" else args.cpu
            result = one_visit(site, profile, cpu, args.brotli, args.bare)
            runs.append(result)
            print(f"run {number + 1} {profile} cpu {cpu:g}x: {json.dumps(result)}", flush=True)
    print(f"\nload average {load_before:.1f} -> {load_average():.1f}; medians of {args.runs} runs:")
    print("| network, CPU | on the wire until ready / with the offline copy | uncompressed", end="")
    print(" | first frame | ready |")
    print("| --- | --- | --- | --- | --- |")
    for profile in args.profile:
        mine = [r for r in runs if r["profile"] == profile]

        def median(key: str, mine: list[dict[str, Any]] = mine) -> float:
            values = [r[key] for r in mine if r[key] is not None]
            return statistics.median(values) if values else float("nan")

        cpu = 1 if profile == "none" else args.cpu
        print(
            f"| {profile}, {cpu:g}x | {megabytes(median('wire_until_ready'))} /"
            f" {megabytes(median('wire_with_offline_copy'))} | {megabytes(median('raw_until_ready'))} |"
            f" {median('first_frame_ms'):.0f} ms | {median('ready_ms') / 1000:.1f} s |"
        )
    for profile in args.profile:
        mine = [r for r in runs if r["profile"] == profile]
        names = sorted({name for r in mine for name in r["engine_stages_ms"]}, key=stage_order)
        stages = {
            name: statistics.median(
                r["engine_stages_ms"][name] for r in mine if name in r["engine_stages_ms"]
            )
            for name in names
        }
        print(f"{profile}: the engine's stages, ms since navigation (median): {json.dumps(stages)}")
    if args.json:
        args.json.write_text(json.dumps({"runs": runs}, indent=1))
    return 0


def stage_order(name: str) -> int:
    """The engine's loading stages in the order the worker reaches them (benchmarks.startup.STAGES)."""
    order = [key for key, _ in STAGES]
    return order.index(name) if name in order else len(order)


if __name__ == "__main__":
    raise SystemExit(main())
