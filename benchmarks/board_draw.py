"""How long the SVG board (web/board/board.js) takes to draw, in the system Chromium.

Mounts the board on the test harness page with the opening position and reports the median and 95th
percentile of: creating the board (frame, points and first drawing) and one batched redraw after
`set({view})` (timed between animation-frame callbacks queued before and after the board's own).

    python3 -m benchmarks.board_draw
"""

from __future__ import annotations

import statistics
from pathlib import Path

from playwright.sync_api import sync_playwright
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, load_site_build
from tests.e2e.board_views import after_8_5_view, start_view

ROOT = Path(__file__).resolve().parent.parent

RUNS = 60
MEASURE = """
async ([views, runs]) => {
  const mountMs = [], redrawMs = [];
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    mount({view: views[0], animationMs: 0});
    mountMs.push(performance.now() - t0);
    await frame();
    let start = 0, end = 0;
    requestAnimationFrame(() => { start = performance.now(); });
    boardApi.set({view: views[i % 2]});
    requestAnimationFrame(() => { end = performance.now(); });
    await frame();
    await frame();
    redrawMs.push(end - start);
  }
  return {mountMs, redrawMs};
}
"""


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return f"median {statistics.median(ordered):.2f} ms, p95 {p95:.2f} ms"


def main() -> None:
    site_build = load_site_build()
    server = site_build.make_server(ROOT, port=0)
    site_build.start_server_thread(server)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(f"{server.url}tests/e2e/harness/board.html")
            page.wait_for_function("window.harnessReady === true")
            result = page.evaluate(MEASURE, [[start_view(), after_8_5_view()], RUNS])
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(f"board mount + first drawing ({RUNS} runs): {summary(result['mountMs'])}")
    print(f"board redraw after set({{view}}) ({RUNS} runs): {summary(result['redrawMs'])}")


if __name__ == "__main__":
    main()
