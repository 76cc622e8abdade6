"""Lighthouse (npm `lighthouse`, pinned in package.json) over the built site, as a person would run it: its
default mobile profile (an emulated mid-range phone, simulated slow 4G, CPU 4x), the system Chromium, the
site served as a static host serves it (`benchmarks.first_visit`'s host: each file but images gzipped,
or brotli where the build wrote a `.br` and `--brotli` is given).

    python3 -m benchmarks.lighthouse [--runs 3] [--no-build] [--dist DIST] [--brotli] [--json FILE]
                                     [--page game|static|bare]

Prints each run's scores and metrics, then their medians. A benchmark, never run by the tests or CI.
`--page static` measures the game's first HTML with no script (the drawn board and the CSS), `--page bare` a
bare page that starts Pyodide alone (benchmarks/ceiling_pages.py): the ceilings of this page's content and of
Pyodide.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from scripts.chromium import CHROMIUM, load_site_build

from benchmarks.bot_page import load_average
from benchmarks.ceiling_pages import PAGES, page_site
from benchmarks.first_visit import Counter, static_host

ROOT = Path(__file__).resolve().parent.parent
CATEGORIES = ("performance", "accessibility", "best-practices")
METRICS = {
    "first-contentful-paint": "FCP ms",
    "largest-contentful-paint": "LCP ms",
    "cumulative-layout-shift": "CLS",
    "total-blocking-time": "TBT ms",
    "speed-index": "SI ms",
}
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --no-first-run"


def lighthouse_command() -> list[str]:
    """The pinned lighthouse: node_modules' (`npm ci`), or the one named by $LIGHTHOUSE."""
    named = os.environ.get("LIGHTHOUSE")
    path = Path(named) if named else ROOT / "node_modules" / ".bin" / "lighthouse"
    if not path.exists():
        raise SystemExit(f"{path} is missing: run `npm ci` (lighthouse is a pinned dev dependency)")
    return [str(path)]


def one_run(url: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        command = [
            *lighthouse_command(),
            url,
            "--quiet",
            "--output=json",
            f"--output-path={report}",
            f"--only-categories={','.join(CATEGORIES)}",
            f"--chrome-flags={CHROME_FLAGS}",
        ]
        env = {**os.environ, "CHROME_PATH": CHROMIUM}
        subprocess.run(command, check=True, env=env, cwd=folder)
        data = json.loads(report.read_text(encoding="utf-8"))
    audits = data["audits"]
    result: dict[str, Any] = {name: data["categories"][name]["score"] for name in CATEGORIES}
    for audit, label in METRICS.items():
        result[label] = audits[audit]["numericValue"]
    shifts = audits.get("layout-shifts", {}).get("details", {}).get("items", [])
    result["shifted"] = [
        {"node": item.get("node", {}).get("selector"), "score": round(item.get("score", 0), 4)}
        for item in shifts
    ]
    # What the blocking time is made of: the main thread's long tasks, by the script Lighthouse charges them.
    long_tasks = audits.get("long-tasks", {}).get("details", {}).get("items", [])
    result["long tasks"] = [
        {
            "url": str(item.get("url", "")).rsplit("/", 1)[-1],
            "start ms": round(item.get("startTime", 0)),
            "ms": round(item.get("duration", 0)),
        }
        for item in long_tasks
    ]
    result["failed"] = sorted(
        name
        for name, audit in audits.items()
        if audit.get("score") is not None
        and audit.get("score") < 1
        and audit.get("scoreDisplayMode") == "binary"
    )
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--no-build", action="store_true", help="measure the existing --dist as it is")
    parser.add_argument("--brotli", action="store_true", help="serve the build's .br files where accepted")
    parser.add_argument("--json", type=Path, help="also write the runs here")
    parser.add_argument("--page", choices=PAGES, default="game", help="the game, or a ceiling's page")
    args = parser.parse_args(argv)
    if shutil.which("node") is None:
        raise SystemExit("node is missing")
    if not args.no_build:
        load_site_build().build(args.dist)
    site = page_site(args.page, args.dist, Path(tempfile.mkdtemp(prefix=f"lighthouse-{args.page}.")))
    server = static_host(site, None, Counter(), brotli=args.brotli)
    runs: list[dict[str, Any]] = []
    load_before = load_average()
    try:
        for number in range(args.runs):
            result = one_run(server.url)
            runs.append(result)
            print(f"run {number + 1}: {json.dumps(result)}", flush=True)
    finally:
        server.shutdown()
        server.server_close()
    print(
        f"\n{args.page}: load average {load_before:.1f} -> {load_average():.1f}; medians of {args.runs} runs:"
    )
    keys = [*CATEGORIES, *METRICS.values()]
    print("| " + " | ".join(keys) + " |")
    print("|" + " --- |" * len(keys))
    medians = [statistics.median(run[key] for run in runs) for key in keys]
    print("| " + " | ".join(f"{value:.3g}" if value < 10 else f"{value:.0f}" for value in medians) + " |")
    if args.json:
        args.json.write_text(json.dumps({"runs": runs}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
