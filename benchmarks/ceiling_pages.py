"""The pages that say how far a first visit's targets can go, measured with the same tools as the game
(benchmarks/lighthouse.py and benchmarks/long_tasks.py `--page`):

- `static`: the game's own first HTML with no script at all (no module, no inline start script, no worker):
  the drawn board, the page's CSS and its markup, as the first frame shows them. Its long tasks and blocking
  time are what this page's content costs a browser before any of our JavaScript runs.
- `bare`: benchmarks/first_visit.py's bare Pyodide page (a module worker calls `loadPyodide` with the build's
  files and runs `1 + 1`): what Pyodide alone costs, with none of our page.
- `game`: the built site as it is.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from benchmarks.first_visit import bare_site

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("game", "static", "bare")
SCRIPT = re.compile(r"<script\b[^>]*>.*?</script>\n?", re.DOTALL)
MODULE_PRELOAD = re.compile(r'^[ \t]*<link rel="modulepreload" href="[^"]*">\n', re.MULTILINE)


def static_html(html: str) -> str:
    """The page without its scripts and module preloads."""
    return MODULE_PRELOAD.sub("", SCRIPT.sub("", html))


def static_site(dist: Path, folder: Path) -> Path:
    """index.html with no script (and its brotli copy), beside the build's icons and manifest."""
    folder.mkdir(parents=True, exist_ok=True)
    page = folder / "index.html"
    page.write_text(static_html((dist / "index.html").read_text(encoding="utf-8")), encoding="utf-8")
    for name in ("manifest.webmanifest", "favicon.ico", "icons", "web/icon.svg"):
        source = dist / name
        if source.is_dir():
            shutil.copytree(source, folder / name, dirs_exist_ok=True)
        elif source.is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, folder / name)
    node = shutil.which("node")
    if node is not None:
        command = [node, str(ROOT / "scripts" / "brotli.mjs"), str(page), str(page) + ".br"]
        subprocess.run(command, check=True)
    return folder


def page_site(page: str, dist: Path, folder: Path) -> Path:
    """The folder to serve for `page` (one of PAGES)."""
    if page == "static":
        return static_site(dist, folder)
    if page == "bare":
        return bare_site(dist, folder)
    return dist
