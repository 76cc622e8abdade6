"""Fixtures for the browser tests: the site is built once per session into a temporary folder,
served on 127.0.0.1 (a free port), and opened in the system Chromium through Playwright.

    def test_something(app_page: Page) -> None:   # index.html, engine ready
    def test_other(page: Page, site: Site) -> None:  # a blank page; site.url("web/...")
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Playwright, sync_playwright
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, load_site_build, serving
from scripts.local_relay import local_relay
from scripts.remote_harness import build_site_for_relay

REPO_ROOT = Path(__file__).resolve().parents[2]

RESULTS_DIR = REPO_ROOT / "test-results"
# WebAssembly compiled by V8's baseline compiler (Liftoff) only: a page started in a fresh context costs
# about 1 s of CPU less, as the hot functions of Pyodide's module are not compiled again by the optimising
# compiler, and Python in the page runs about 1.4x slower. Most browser tests are a page start and a few
# seconds of play, on 2 cores shared by two workers. The benchmarks, the players' browsers and the offline
# app's tests (test_pwa.py) keep Chromium's default; E2E_JS_FLAGS="" runs every test with it (docs/testing.md,
# "Durations of the suite").
JS_FLAGS = os.environ.get("E2E_JS_FLAGS", "--liftoff-only")
TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, f"--js-flags={JS_FLAGS}"] if JS_FLAGS else CHROMIUM_ARGS
# Python loads in a few seconds here; the margin is for a loaded 2-core machine, not a target.
ENGINE_READY_TIMEOUT_MS = 60_000

site_build = load_site_build()


@dataclass
class Site:
    """The built site as served for this test session."""

    server: Any  # build.SiteServer (build.py is loaded by path, so not importable as a type)
    dist: Path

    @property
    def base_url(self) -> str:
        return str(self.server.url)

    def url(self, relative: str = "") -> str:
        return self.base_url + relative.lstrip("/")


@dataclass
class PageProblems:
    """Console errors, uncaught exceptions and CSP violations seen by the pages of one test.

    Every page a browser test opens is watched (`watch_every_page`), and the test fails on any problem it
    has not announced with `expect`: a player would not see a console error, but it is a bug."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    expected: list[re.Pattern[str]] = field(default_factory=list)

    @property
    def all(self) -> list[str]:
        return self.console_errors + self.page_errors

    def expect(self, pattern: str) -> None:
        """A problem this test provokes on purpose: any console error or page error matching `pattern`."""
        self.expected.append(re.compile(pattern))

    @property
    def unexpected(self) -> list[str]:
        return [problem for problem in self.all if not any(p.search(problem) for p in self.expected)]


@pytest.fixture(scope="session")
def dist_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One build for the whole session, apart from any dist/ a developer is serving."""
    out: Path = site_build.build(tmp_path_factory.mktemp("site") / "dist")
    return out


@pytest.fixture(scope="session")
def site(dist_dir: Path) -> Iterator[Site]:
    with serving(dist_dir) as server:
        yield Site(server, dist_dir)


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `apt-get install -y chromium` (make test does it)")
    with sync_playwright() as playwright:
        yield playwright


@contextlib.contextmanager
def launched_chromium(playwright: Playwright, args: list[str], **options: Any) -> Iterator[Browser]:
    """The system Chromium, headless, with `args` (and Playwright's other launch `options`), closed when the
    block ends."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args, headless=True, **options)
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    with launched_chromium(playwright_instance, TEST_CHROMIUM_ARGS) as launched:
        yield launched


# E2E_FRESH_PROFILES=1: every test its own new profile, as before the shared one (to compare or rule it out).
FRESH_PROFILES = os.environ.get("E2E_FRESH_PROFILES", "") not in ("", "0")
# Browser.new_context as Playwright has it: `watch_every_page` wraps it for each test, and the shared profile
# outlives the test that first opens it.
UNWATCHED_NEW_CONTEXT = Browser.new_context
VIEWPORT = {"width": 1280, "height": 800}
# What a test may change in a context that the next test would inherit: a test that calls one of these on the
# shared profile leaves it to be closed after it, and the next test gets a new one.
CONTEXT_CHANGES = (
    "add_init_script",
    "route",
    "route_from_har",
    "route_web_socket",
    "set_offline",
    "grant_permissions",
    "set_geolocation",
    "set_extra_http_headers",
    "expose_binding",
    "expose_function",
    "add_cookies",
    "on",
    "once",
)


class SharedProfile:
    """One browser context per worker for the tests that take `page` or `context`: a returning visitor's
    browser rather than a new one per test. Between tests its pages are closed and every origin they
    visited is cleared (localStorage, IndexedDB, Cache Storage, service workers, cookies:
    `Storage.clearDataForOrigin`), so a test starts with nothing saved, as in a fresh profile; what is kept
    is Chromium's memory cache and its renderer process, so a page start costs about 0.7 s of CPU less
    (docs/testing.md, "Browser-test conventions"). A page of a second server on 127.0.0.1 (the same site to
    Chromium, another origin, so no storage shared) keeps that process alive between tests. Tests of the
    first visit, the network and the offline copy take a fresh profile (`@pytest.mark.fresh_profile`)."""

    def __init__(self, browser: Browser, keeper_url: str) -> None:
        self.browser = browser
        self.keeper_url = keeper_url
        self.context: BrowserContext | None = None
        self.keeper: Page | None = None
        self.problems = PageProblems()
        self.origins: set[str] = set()
        self.changed = False

    def open(self, problems: PageProblems) -> BrowserContext:
        if self.context is None:
            self.context = UNWATCHED_NEW_CONTEXT(self.browser, viewport=VIEWPORT)  # type: ignore[arg-type]
            self.keeper = self.context.new_page()
            self.keeper.goto(self.keeper_url)
            # A page that crashed took the shared process with it: the next test starts a new profile.
            self.keeper.on("crash", lambda _: setattr(self, "changed", True))
            self.context.on("page", self._watch)
        self.problems = problems
        self.origins.clear()
        self.changed = False
        return self.context

    def _watch(self, page: Page) -> None:
        watch_problems(page, self.problems)
        page.on("framenavigated", lambda frame: self.origins.add(origin_of(frame.url)))

    def close_test(self) -> None:
        """Close the test's pages and clear what they kept; or the whole context, if the test changed it."""
        context, keeper = self.context, self.keeper
        if context is None or keeper is None:
            return
        if self.changed or keeper.is_closed():
            self.close()
            return
        for page in context.pages:
            if page != keeper:
                page.close()
        cdp = context.new_cdp_session(keeper)
        try:
            for origin in sorted(self.origins - {"", "null"}):
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        finally:
            cdp.detach()
        context.clear_cookies()

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context = self.keeper = None


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else ""


@pytest.fixture(scope="session")
def shared_profile(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedProfile]:
    keeper_dir = tmp_path_factory.mktemp("keeper")
    (keeper_dir / "index.html").write_text("<!doctype html><title>Keeps Chromium's process</title>")
    with serving(keeper_dir) as keeper_server:
        profile = SharedProfile(browser, str(keeper_server.url))
        try:
            yield profile
        finally:
            profile.close()


@pytest.fixture
def context(
    request: pytest.FixtureRequest,
    browser: Browser,
    page_problems: PageProblems,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[BrowserContext]:
    """A profile with nothing saved: the worker's shared one, emptied between tests (`SharedProfile`), or for
    a test marked `fresh_profile` a new one (empty caches too: the first visit).

    The pages' Content-Security-Policy is on, as on the built site: a refusal by the policy is a console
    error, which fails the test (`watch_every_page`). Playwright's own evaluations (`evaluate`,
    `wait_for_function`) go through the DevTools protocol, which the policy does not govern."""
    if FRESH_PROFILES or request.node.get_closest_marker("fresh_profile"):
        fresh = browser.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
        try:
            yield fresh
        finally:
            fresh.close()
        return
    profile: SharedProfile = request.getfixturevalue("shared_profile")
    shared = profile.open(page_problems)
    for name in CONTEXT_CHANGES:
        monkeypatch.setattr(shared, name, changing(profile, getattr(shared, name)), raising=False)
    monkeypatch.setattr(Page, "clock", property(lambda page: clock_of(profile, page)))
    try:
        yield shared
    finally:
        profile.close_test()


def changing(profile: SharedProfile, method: Callable[..., Any]) -> Callable[..., Any]:
    def changed(*args: Any, **kwargs: Any) -> Any:
        profile.changed = True
        return method(*args, **kwargs)

    return changed


def clock_of(profile: SharedProfile, page: Page) -> Any:
    """A page's clock is its context's: installed, it stays for every page after."""
    if page.context == profile.context:
        profile.changed = True
    return page.context.clock


def watch_problems(page: Page, problems: PageProblems | None = None) -> PageProblems:
    """Collect the page's console errors and uncaught exceptions into `problems` (a new one by default)."""
    problems = PageProblems() if problems is None else problems

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location.get("url", "")
            # "Failed to load resource" does not say which: the location does.
            problems.console_errors.append(
                f"{message.text} ({where})" if "Failed to load" in message.text else message.text
            )

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.page_errors.append(str(error)))
    return problems


@pytest.fixture
def page_problems() -> PageProblems:
    return PageProblems()


@pytest.fixture(autouse=True)
def watch_every_page(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every page of every browser context a browser test opens reports into its `page_problems`; the test
    fails on a problem it did not `expect`."""
    if not Path(str(request.node.fspath)).is_relative_to(Path(__file__).parent):
        yield
        return
    problems: PageProblems = request.getfixturevalue("page_problems")
    new_context = Browser.new_context

    def watch(page: Page) -> None:
        watch_problems(page, problems)

    def watched_context(self: Browser, *args: Any, **kwargs: Any) -> BrowserContext:
        made = new_context(self, *args, **kwargs)
        made.on("page", watch)
        return made

    monkeypatch.setattr(Browser, "new_context", watched_context)
    yield
    assert problems.unexpected == [], f"the pages reported problems: {problems.unexpected}"


@pytest.fixture
def page(context: BrowserContext) -> Page:
    """A new page in a profile with nothing saved (`context`); its console errors and page errors land in
    `page_problems`."""
    return context.new_page()


def wait_for_engine_ready(page: Page, timeout_ms: int = ENGINE_READY_TIMEOUT_MS) -> None:
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=timeout_ms)


@pytest.fixture
def app_page(page: Page, site: Site) -> Page:
    """index.html opened with the engine ready."""
    page.goto(site.url())
    wait_for_engine_ready(page)
    return page


def screenshot(page: Page, name: str, full_page: bool = True) -> Path:
    """Save a PNG under test-results/ and return its path: the whole page, or what the window shows (a
    phone's view, where a full-page shot misplaces the sticky header and the fixed board)."""
    RESULTS_DIR.mkdir(exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-") or "page"
    path = RESULTS_DIR / f"{safe}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """On a failing browser test, keep a screenshot of its page for the post-mortem."""
    outcome: Any = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    page_fixture = item.funcargs.get("page") if hasattr(item, "funcargs") else None
    if isinstance(page_fixture, Page) and not page_fixture.is_closed():
        # A crashed page cannot be photographed; the failure itself is reported anyway.
        with contextlib.suppress(Exception):
            screenshot(page_fixture, f"failed-{item.name}")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


@pytest.fixture
def take_screenshot() -> Callable[[Page, str], Path]:
    """`take_screenshot(page, "name")` saves test-results/name.png."""
    return screenshot


# ---- the lobby's tests (test_lobby*.py): each module its own relay, three people at three devices ---------


@pytest.fixture(scope="module")
def relay_and_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The site built to name a local relay, served; yields the relay's URL and the site's."""
    with local_relay() as relay:
        dist = build_site_for_relay(tmp_path_factory.mktemp("lobby") / "dist", relay)
        with serving(dist) as server:
            yield relay, str(server.url)


@pytest.fixture
def devices(browser: Browser, page_problems: PageProblems) -> Iterator[list[Page]]:
    """Three browser contexts (three profiles), a page each. The error trystero logs when the other device
    closes the connection (a context closed at the end) is expected."""
    page_problems.expect(r"^Trystero peer error: OperationError: User-Initiated Abort, reason=Close called$")
    contexts: list[BrowserContext] = [
        browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(3)
    ]
    try:
        yield [context.new_page() for context in contexts]
    finally:
        for context in contexts:
            context.close()
