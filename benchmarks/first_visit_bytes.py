"""The bytes of a first visit, compressed as served: index.html and every script and stylesheet of web/ it
names (its module scripts and `modulepreload` links), each file's `.br` copy that build.py writes, and gzip -9
of the same files. Compare two builds to see what a change adds (docs/i18n.md, docs/performance.md).

    python3 build.py --out /tmp/a   (on each commit)
    python3 -m benchmarks.first_visit_bytes /tmp/a /tmp/b
"""

from __future__ import annotations

import argparse
import gzip
import re
from pathlib import Path

NAMED = re.compile(r'(?:src|href)="(web/[^"]+\.(?:js|css))"')


def first_visit_bytes(dist: Path) -> dict[str, int]:
    page = dist / "index.html"
    files = sorted({*NAMED.findall(page.read_text(encoding="utf-8")), "index.html"})
    brotli = sum((dist / f"{name}.br").stat().st_size for name in files if (dist / f"{name}.br").is_file())
    gzipped = sum(len(gzip.compress((dist / name).read_bytes(), 9)) for name in files)
    return {"files": len(files), "brotli": brotli, "gzip": gzipped}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("dist", nargs="+", type=Path, help="built sites (build.py --out)")
    args = parser.parse_args()
    before: dict[str, int] | None = None
    for dist in args.dist:
        figures = first_visit_bytes(dist)
        change = (
            f" (+{figures['brotli'] - before['brotli']} brotli, +{figures['gzip'] - before['gzip']} gzip)"
            if before
            else ""
        )
        print(
            f"{dist}: {figures['files']} files, {figures['brotli']} bytes brotli, {figures['gzip']} gzip"
            + change
        )
        before = figures


if __name__ == "__main__":
    main()
