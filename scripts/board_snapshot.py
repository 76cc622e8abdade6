"""The start board as web/board/board.js draws it, saved as web/board/start.svg (the desktop's board) and
web/board/start-narrow.svg (the phone's) for build.py to put into index.html: the page's first frame then
shows the board without waiting for its modules, and the page's own board replaces it as soon as
web/app.js runs.

    python -m scripts.board_snapshot           # write both from web/board/board.js
    python -m scripts.board_snapshot --check   # exit 1 if either is out of date

Needs Playwright and the system Chromium (it draws with the real board code, in the real page);
tests/e2e/test_board_snapshot.py fails when the saved drawing no longer matches.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, load_site_build

ROOT = Path(__file__).resolve().parent.parent

SNAPSHOT = ROOT / "web" / "board" / "start.svg"
SNAPSHOT_NARROW = ROOT / "web" / "board" / "start-narrow.svg"
# Each drawing, the window it is drawn in (the narrow board is the one of phones, NARROW_MEDIA in
# web/board/geometry.js) and the prefix of its ids (both are in the same page).
SNAPSHOTS = {
    "wide": (SNAPSHOT, {"width": 1280, "height": 800}, "bgs-"),
    "narrow": (SNAPSHOT_NARROW, {"width": 390, "height": 844}, "bgsn-"),
}

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


def draw_snapshot(browser: Browser, page_url: str, layout: str = "wide") -> str:
    """The start board of the page at `page_url` (a served build) in one layout, as SVG text."""
    _, viewport, ids = SNAPSHOTS[layout]
    page = browser.new_page(viewport=viewport)  # type: ignore[arg-type]
    try:
        page.goto(page_url + "?no-sw")
        page.wait_for_selector(f"#board svg.{layout}:not(.board-snapshot)", state="attached")
        svg: str = page.evaluate(TAKE)
    finally:
        page.close()
    return svg.replace('"bgb1-', f'"{ids}').replace("(#bgb1-", f"(#{ids}") + "\n"


def snapshot_of_current_code() -> dict[str, str]:
    """Build the site into a temporary folder, serve it, and draw its start board in each layout."""
    site_build = load_site_build()
    with tempfile.TemporaryDirectory(prefix="board-snapshot.") as folder:
        out = site_build.build(Path(folder) / "dist")
        server = site_build.make_server(out, port=0)
        site_build.start_server_thread(server)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    return {layout: draw_snapshot(browser, str(server.url), layout) for layout in SNAPSHOTS}
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
    stale = 0
    for layout, (path, _, _) in SNAPSHOTS.items():
        if args.check:
            same = path.is_file() and path.read_text(encoding="utf-8") == drawn[layout]
            print(f"{path.relative_to(ROOT)} is {'up to date' if same else 'OUT OF DATE'}")
            stale += not same
        else:
            path.write_text(drawn[layout], encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)} ({len(drawn[layout])} bytes)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
