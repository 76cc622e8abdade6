"""The start board as web/board/board.js draws it, saved as web/board/start.svg for build.py to put into
index.html: the page's first frame then shows the board without waiting for its modules, and the
page's own board replaces it as soon as web/app.js runs.

    python3 scripts/board_snapshot.py           # write web/board/start.svg from web/board/board.js
    python3 scripts/board_snapshot.py --check   # exit 1 if web/board/start.svg is out of date

Needs Playwright and the system Chromium (it draws with the real board code, in the real page);
tests/e2e/test_board_snapshot.py fails when the saved drawing no longer matches.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, load_site_build  # noqa: E402 - needs the path above

SNAPSHOT = ROOT / "web" / "board" / "start.svg"

# The page's own board as first drawn (the start position, before the engine answers), made inert:
# hidden from assistive technology (the real board, with its names, replaces it at once), no
# focusable parts, ids of its own, and none of the classes set from the drawn size.
TAKE = """() => {
  const svg = document.querySelector("#board svg:not(.board-snapshot)").cloneNode(true);
  svg.classList.remove("compact");
  svg.classList.add("board-snapshot");
  svg.removeAttribute("role");
  svg.removeAttribute("aria-label");
  svg.setAttribute("aria-hidden", "true");
  for (const el of svg.querySelectorAll("[tabindex]")) el.removeAttribute("tabindex");
  return svg.outerHTML;
}"""


def draw_snapshot(browser: Browser, page_url: str) -> str:
    """The start board of the page at `page_url` (a served build), as SVG text."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(page_url + "?no-sw")
        page.wait_for_selector("#board svg:not(.board-snapshot)", state="attached")
        svg: str = page.evaluate(TAKE)
    finally:
        page.close()
    return svg.replace('"bgb1-', '"bgs-').replace("(#bgb1-", "(#bgs-") + "\n"


def snapshot_of_current_code() -> str:
    """Build the site into a temporary folder, serve it, and draw its start board."""
    site_build = load_site_build()
    with tempfile.TemporaryDirectory(prefix="board-snapshot.") as folder:
        out = site_build.build(Path(folder) / "dist")
        server = site_build.make_server(out, port=0)
        site_build.start_server_thread(server)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    return draw_snapshot(browser, str(server.url))
                finally:
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--check", action="store_true", help="only compare with the saved drawing")
    args = parser.parse_args(argv)
    drawn = snapshot_of_current_code()
    if args.check:
        same = SNAPSHOT.is_file() and SNAPSHOT.read_text(encoding="utf-8") == drawn
        print(f"{SNAPSHOT.relative_to(ROOT)} is {'up to date' if same else 'OUT OF DATE'}")
        return 0 if same else 1
    SNAPSHOT.write_text(drawn, encoding="utf-8")
    print(f"wrote {SNAPSHOT.relative_to(ROOT)} ({len(drawn)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
