"""The page's start: the worker started ahead of the page's modules and adopted by the bridge, the
drawing of the start board that build.py puts into index.html for the first frame, and the page's modules
and stylesheets that build.py joins into a few files."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from scripts.board_snapshot import SNAPSHOT, SNAPSHOT_NARROW, SNAPSHOTS, draw_snapshot

from .conftest import RESULTS_DIR, PageProblems, Site, site_build, wait_for_engine_ready
from .test_pwa import wait_for_offline_copy

# The first visit, the network and the offline copy: each test its own new profile (conftest `context`).
pytestmark = pytest.mark.fresh_profile

# What the engine's worker asks for at its start, before pyodide.mjs has run (web/engine/worker.js).
EARLY_ENGINE_FILES = ("pyodide.asm.wasm", "stdlib.zip", "pyodide-lock.json", "pyodide.asm.mjs")


@pytest.mark.parametrize("layout", ["wide", "narrow"])
def test_saved_start_board_matches_the_board_code(browser: Browser, site: Site, layout: str) -> None:
    """web/board/start.svg and start-narrow.svg are what web/board/board.js draws now, on a desktop and on a
    phone (`python3 -m scripts.board_snapshot` redraws them)."""
    path = SNAPSHOTS[layout][0]
    assert path.read_text(encoding="utf-8") == draw_snapshot(browser, site.base_url, layout), (
        f"{path.name} is out of date: run `python3 -m scripts.board_snapshot`"
    )


def test_the_first_html_has_the_board_and_the_live_board_replaces_it(page: Page, site: Site) -> None:
    html = page.request.get(site.url()).text()
    assert 'class="bg-board wide board-snapshot"' in html
    assert 'class="bg-board narrow board-snapshot"' in html
    page.goto(site.url("?test-dice=31"))
    wait_for_engine_ready(page)
    boards = page.locator("#board svg")
    assert boards.count() == 1
    assert "board-snapshot" not in (boards.first.get_attribute("class") or "")


def test_one_engine_worker_started_before_the_page_modules(page: Page, site: Site) -> None:
    page.goto(site.url("?test-dice=31,52"))
    wait_for_engine_ready(page)
    engines = [worker for worker in page.workers if "/web/engine/worker.js" in worker.url]
    assert len(engines) == 1, [worker.url for worker in page.workers]
    assert "test-dice=31%2C52" in engines[0].url
    # The early script's worker was taken over by the bridge.
    assert page.evaluate("'backgammonEarlyWorker' in globalThis") is False
    assert page.evaluate("performance.getEntriesByName('engine:requested').length") == 1


# When the engine was ready (or failed), in the page's time: an attribute set by the page's code (the parser's
# data-engine="loading" is no mutation).
RECORD_ENGINE_SETTLED = """
new MutationObserver((_, observer) => {
  if (document.documentElement.dataset.engine === "loading") return;
  observer.disconnect();
  window.__engineSettledAt = performance.now();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-engine"]});
"""


def requested_before_ready(page: Page) -> list[str]:
    """The URLs the page asked for before its engine was ready (RECORD_ENGINE_SETTLED)."""
    urls: list[str] = page.evaluate(
        """() => performance.getEntriesByType("resource")
            .filter((entry) => entry.startTime < window.__engineSettledAt).map((entry) => entry.name)"""
    )
    return urls


def test_the_game_loads_its_modules_joined_and_preloaded(page: Page, site: Site) -> None:
    """build.py joins the page's modules (scripts/bundle.mjs): until the engine is ready the game fetches
    a handful of script files, each named in the page (a module script or a modulepreload, so none waits
    for another to be parsed), and none of web/'s separate modules."""
    html = page.request.get(site.url()).text()
    named = set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', html))
    named |= set(re.findall(r'<script type="module" src="([^"]+)">', html))
    page.add_init_script(RECORD_ENGINE_SETTLED)
    page.goto(site.url("?test-dice=31"))
    wait_for_engine_ready(page)
    # The page's own requests (the worker's are not in its timeline) until the engine was ready.
    fetched = [url.split("?", 1)[0].removeprefix(site.url()) for url in requested_before_ready(page)]
    # The classic scripts of <head>, and the worker's own modules (its graph, not the page's).
    own = {"web/engine/start.js", "web/theme-start.js", "web/engine/worker.js", "web/engine/dice.js"}
    modules = {url for url in fetched if url.startswith("web/") and url.endswith(".js") and url not in own}
    assert modules == named, sorted(modules ^ named)
    assert len(modules) <= 8, sorted(modules)
    # The stylesheets are one, inline (test_the_first_frame_needs_the_html_alone).
    assert re.findall(r'<link rel="stylesheet"', html) == []
    assert len(re.findall(r"<style>", html)) == 1


def test_the_engine_and_the_page_arrive_brotli_compressed(page: Page, site: Site) -> None:
    """build.py writes FILE.br beside each text file and the WebAssembly, and `build.py serve` sends it to a
    browser that accepts br, as the static hosts that serve precompressed files do: the engine starts from
    them. The service worker's precache list names the files, not their copies."""
    copies = sorted(path.relative_to(site.dist).as_posix() for path in site.dist.rglob("*.br"))
    for wanted in ("index.html.br", "pyodide/pyodide.asm.wasm.br", "web/app.js.br", "sw.js.br"):
        assert wanted in copies
    for copy in copies:
        original = site.dist / copy.removesuffix(".br")
        assert (site.dist / copy).stat().st_size < original.stat().st_size, copy
    encodings: dict[str, str | None] = {}

    def note(response: Any) -> None:
        path = response.url.split("?", 1)[0].removeprefix(site.url())
        encodings[path] = response.headers.get("content-encoding")

    page.context.on("response", note)
    page.goto(site.url("?test-dice=31&no-sw"))
    wait_for_engine_ready(page)
    for path in (
        "",
        "web/app.js",
        "pyodide/pyodide.asm.wasm",
        "pyodide/pyodide.asm.mjs",
    ):
        assert encodings.get(path) == "br", (path, encodings.get(path))
    assert encodings.get("pyodide/stdlib.zip") is None  # compressed already: no copy
    assert not any(name.endswith(".br") for name in site_build.precached_files(site.dist))


def test_the_first_frame_needs_the_html_alone(page: Page, site: Site, page_problems: PageProblems) -> None:
    """build.py puts index.html's stylesheet and its start scripts (the theme's, the engine worker's) inline,
    each allowed by its hash in the page's policy: with every other request refused, the page is styled,
    its theme set, the drawn board in its box, and the worker asked for (a refusal by the policy would be a
    console error, which fails the test)."""
    page_problems.expect(r"Failed to load|net::ERR_FAILED|Failed to fetch|error loading|Importing a module")
    html = page.request.get(site.url()).text()
    assert re.findall(r"^\s*<script src=", html, re.MULTILINE) == []  # no script that holds the parsing
    refused: list[str] = []

    def only_the_page(route: Any) -> None:
        if route.request.url.split("?", 1)[0] == site.url():
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    page.context.route("**/*", only_the_page)
    page.goto(site.url("?no-sw"), wait_until="domcontentloaded")
    assert page.get_attribute("html", "data-theme") == "classic"
    board = page.locator("#board").bounding_box()
    assert board is not None and board["width"] > 600
    assert abs(board["width"] / board["height"] - 15 / 11) < 0.01
    assert page.locator("#board svg.board-snapshot.wide").is_visible()
    assert page.evaluate("getComputedStyle(document.querySelector('.panel')).display") == "flex"
    assert page.evaluate("performance.getEntriesByName('engine:requested').length") == 1
    assert any(url.split("?", 1)[0].endswith("/web/engine/worker.js") for url in refused), refused


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_first_html_draws_the_board_from_less_and_paints_it_the_same(
    browser: Browser, site: Site, page_problems: PageProblems, size: str
) -> None:
    """build.py leaves out of index.html's copy of the start board what the first frame does not show (the
    points' hit areas, glows and focus rings, the names and data the live board reads): the page from its HTML
    alone paints the board exactly as the whole saved drawing does, from fewer elements."""
    page_problems.expect(r"Failed to load|net::ERR_FAILED|Failed to fetch|error loading|Importing a module")
    viewport = {"width": 1280, "height": 800} if size == "desktop" else {"width": 390, "height": 844}
    context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        html = page.request.get(site.url()).text()
        drawn = html[html.index('<div id="board"') : html.index("</div>", html.index('<div id="board"'))]
        for unseen in ('class="hit"', 'class="glow"', 'class="focus-ring"', "data-loc=", 'role="button"'):
            assert unseen not in drawn, unseen
        saved = SNAPSHOT.read_text(encoding="utf-8") + SNAPSHOT_NARROW.read_text(encoding="utf-8")
        assert drawn.count("<") < 0.8 * saved.count("<")
        page.context.route(
            "**/*",
            lambda route: (
                route.continue_() if route.request.url.split("?", 1)[0] == site.url() else route.abort()
            ),
        )
        page.goto(site.url("?no-sw"), wait_until="domcontentloaded")
        board = page.locator("#board")
        # The engine's status line lies over the board's foot on a phone: its spinner turns.
        still = {"animations": "disabled", "mask": [page.locator("#engine-status")]}
        first_frame = board.screenshot(**still)  # type: ignore[arg-type]
        (RESULTS_DIR / "first-html").mkdir(parents=True, exist_ok=True)
        (RESULTS_DIR / "first-html" / f"board-{size}.png").write_bytes(first_frame)
        page.evaluate(
            """(saved) => new Promise((resolve) => {
                document.getElementById("board").innerHTML = saved;
                requestAnimationFrame(() => requestAnimationFrame(resolve));
            })""",
            saved,
        )
        assert page.locator("#board svg.board-snapshot .hit").count() > 0  # the whole drawing is in
        whole = board.screenshot(**still)  # type: ignore[arg-type]
        (RESULTS_DIR / "first-html" / f"board-{size}-whole-drawing.png").write_bytes(whole)
        assert whole == first_frame
    finally:
        context.close()


def test_the_engine_files_are_asked_for_before_pyodides_script_arrives(page: Page, site: Site) -> None:
    """The worker asks for Pyodide's WebAssembly, its stdlib, lock file and pyodide.asm.mjs from its first
    line, in parallel with pyodide.mjs, instead of once pyodide.mjs has arrived and run: held back here, they
    are asked for all the same, once each, and the engine starts from those replies."""
    held: list[Any] = []
    asked: list[str] = []
    page.context.route("**/pyodide/pyodide.mjs", lambda route: held.append(route))
    page.context.on("request", lambda request: asked.append(request.url.split("?", 1)[0]))
    page.goto(site.url("?test-dice=31&no-sw"))
    early = [site.url(f"pyodide/{name}") for name in EARLY_ENGINE_FILES]
    for _ in range(300):
        if held and all(url in asked for url in early):
            break
        page.wait_for_timeout(50)
    assert held, "pyodide.mjs was not asked for"
    assert [url for url in early if url not in asked] == []
    held[0].continue_()
    wait_for_engine_ready(page)
    for url in early:
        assert asked.count(url) == 1, (url, asked.count(url))


# Every text of the engine's status line, in order, from the first frame on.
RECORD_ENGINE_STATUS = """(() => {
  const seen = (window.__engineStatus = []);
  const note = () => {
    const line = document.getElementById('engine-status');
    const text = line && !line.hidden ? line.textContent : null;
    if (text !== null && seen[seen.length - 1] !== text) seen.push(text);
  };
  new MutationObserver(note).observe(document, {subtree: true, childList: true, characterData: true,
                                                attributes: true});
})();"""


def test_the_status_line_tells_how_far_the_engine_has_come(page: Page, site: Site) -> None:
    """Until the engine is ready the status line says what is happening: the engine's files downloading,
    with the share of their bytes arrived so far (of their size in all, which build.py writes into the
    worker), then Python starting. The WebAssembly is held back here until the page has said it is
    downloading."""
    worker = (site.dist / "web" / "engine" / "worker.js").read_text(encoding="utf-8")
    counted = (
        "pyodide/pyodide.asm.wasm",
        "pyodide/stdlib.zip",
        "pyodide/pyodide-lock.json",
        "py/backgammon.zip",
    )
    total = sum((site.dist / name).stat().st_size for name in counted)
    assert f"const ENGINE_BYTES = {total};" in worker
    assert f"const ARCHIVE_BYTES = {(site.dist / 'py' / 'backgammon.zip').stat().st_size};" in worker
    held: list[Any] = []
    page.context.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))
    archive_asked: list[str] = []
    page.on(
        "request",
        lambda request: archive_asked.append(request.url) if "backgammon.zip" in request.url else None,
    )
    page.add_init_script(RECORD_ENGINE_STATUS)
    page.goto(site.url("?test-dice=31&no-sw"))
    page.wait_for_selector("#engine-status:has-text('Downloading the rules engine')", timeout=60_000)
    assert held, "the WebAssembly was not asked for"
    assert page.get_attribute("html", "data-engine") == "loading"
    # Our archive waits until Pyodide's own files have nearly arrived: on a phone's link it would take their
    # bandwidth, and they are needed first (web/engine/worker.js).
    page.wait_for_timeout(1_000)
    assert not archive_asked, "the archive was asked for while the WebAssembly was still on its way"
    held[0].continue_()
    wait_for_engine_ready(page)
    assert page.locator("#engine-status").is_hidden()
    seen: list[str] = page.evaluate("window.__engineStatus")
    downloading = [text for text in seen if text.startswith("Downloading the rules engine…")]
    shares = [int(text.rsplit(" ", 1)[1].rstrip("%")) for text in downloading]
    assert shares and shares == sorted(shares) and shares[0] >= 0 and shares[-1] <= 99, seen
    # Without the WebAssembly (9.6 MB of the 13 or so) less than a third has arrived.
    assert shares[0] < 35, seen
    assert "Starting the rules engine…" in seen, seen
    assert seen.index("Starting the rules engine…") > seen.index(downloading[-1]), seen


def test_the_offline_app_is_loaded_once_the_engine_is_ready(page: Page, site: Site) -> None:
    """web/pwa.js (the offline copy, the offer of a new version) is no module of the page's start, whose first
    seconds a phone spends on the board and the engine: the page asks for it once the engine is ready, and the
    offline copy is made all the same (the service worker installed, controlling the page)."""
    html = page.request.get(site.url()).text()
    assert "web/pwa.js" not in html
    page.add_init_script(RECORD_ENGINE_SETTLED)
    page.goto(site.url("?test-dice=31&no-welcome"))
    wait_for_engine_ready(page)
    wait_for_offline_copy(page)
    assert not [url for url in requested_before_ready(page) if url.endswith("/web/pwa.js")]
    asked: list[float] = page.evaluate(
        """() => performance.getEntriesByType("resource")
            .filter((entry) => new URL(entry.name).pathname.endsWith("/web/pwa.js"))
            .map((entry) => entry.startTime - window.__engineSettledAt)"""
    )
    assert len(asked) == 1 and asked[0] > 0, asked
    assert page.get_attribute("html", "data-offline") == "registered"
