"""The site as an installable offline app: manifest, service worker, offline play, updates that keep
the saved match, hosting under a sub-path, and a Content-Security-Policy the pages live within."""

from __future__ import annotations

import json
import shutil
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect

from .conftest import (
    CHROMIUM_ARGS,
    PageProblems,
    Site,
    launched_chromium,
    serving,
    site_build,
    wait_for_engine_ready,
    watch_problems,
)
from .match_driver import click_move, position_id, saved_record, wait_idle

# The first visit, the network and the offline copy: each test its own new profile (conftest `context`).
pytestmark = pytest.mark.fresh_profile

SW_TIMEOUT_MS = 60_000

# Collects CSP violations from the first script on, before the page's own code runs.
RECORD_CSP_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(
    `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
});
"""


def wait_for_offline_copy(page: Page) -> None:
    """Until a service worker of this build is active and controls the page."""
    try:
        page.wait_for_function(
            "() => navigator.serviceWorker.controller !== null"
            " && navigator.serviceWorker.controller.state === 'activated'",
            timeout=SW_TIMEOUT_MS,
        )
    except Exception as error:
        raise AssertionError(f"no service worker controls the page: {registration_state(page)}") from error


def wait_for_update_ready(page: Page) -> None:
    """Until the page says a new version is installed and waiting (`<html data-update="ready">`)."""
    try:
        page.wait_for_selector("html[data-update='ready']", state="attached", timeout=SW_TIMEOUT_MS)
    except Exception as error:
        # Timed out once in six suite runs under load, the cause not found: the state says where it stopped.
        raise AssertionError(f"no update announced: {registration_state(page)}") from error


def registration_state(page: Page) -> dict[str, Any]:
    """The service worker registration's workers and what the page says of them, for a failure's message."""
    state: dict[str, Any] = page.evaluate(
        """async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            const root = document.documentElement;
            return {offline: root.dataset.offline, update: root.dataset.update, scope: reg?.scope,
                    installing: reg?.installing?.state, waiting: reg?.waiting?.state,
                    active: reg?.active?.state, controlled: !!navigator.serviceWorker.controller};
        }"""
    )
    return state


def served_build_id(page: Page) -> str:
    """The build id of the service worker controlling the page."""
    build: str = page.evaluate(
        """() => new Promise((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = (event) => resolve(event.data.buildId);
            navigator.serviceWorker.controller.postMessage({type: "build-id"}, [channel.port2]);
        })"""
    )
    return build


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.fixture(scope="module")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    """The offline app's tests in Chromium as players have it, not the Liftoff-only browser of the other tests
    (conftest.py): the service worker compiles the WebAssembly of each build it installs, and the test of an
    update timed out once, of six runs of the suite, with Liftoff only (the cause not found)."""
    with launched_chromium(playwright_instance, CHROMIUM_ARGS) as launched:
        yield launched


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Any]:
    """A server of our own (its own origin, so its own service worker and storage)."""
    with serving(tmp_path) as server:
        yield server


def test_manifest_is_valid_and_the_app_is_installable(page: Page, site: Site) -> None:
    page.goto(site.url())
    wait_for_engine_ready(page)
    wait_for_offline_copy(page)
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert manifest["url"] == site.url("manifest.webmanifest")
    data = json.loads(manifest["data"])
    assert data["display"] == "standalone"
    assert data["start_url"] == "./" and data["scope"] == "./"
    sizes = {icon["sizes"] for icon in data["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in data["icons"])
    for icon in data["icons"]:
        response = page.request.get(site.url(icon["src"]))
        assert response.ok, icon["src"]
        if icon["type"] == "image/png":
            width, height = png_size(response.body())
            assert f"{width}x{height}" == icon["sizes"]
    installability = cdp.send("Page.getInstallabilityErrors")
    # Playwright's contexts are incognito profiles, which Chromium never offers to install from.
    errors = [error["errorId"] for error in installability["installabilityErrors"]]
    assert [error for error in errors if error != "in-incognito"] == []


def test_service_worker_precaches_every_file_of_the_build(page: Page, site: Site) -> None:
    page.goto(site.url())
    wait_for_engine_ready(page)
    wait_for_offline_copy(page)
    cached: list[str] = page.evaluate(
        """async () => {
            const names = (await caches.keys()).filter((name) => name.startsWith("backgammon-"));
            if (names.length !== 1) return names;
            const cache = await caches.open(names[0]);
            return (await cache.keys()).map((request) => new URL(request.url).pathname);
        }"""
    )
    files = site_build.precached_files(site.dist)
    assert {"/" + name for name in files} | {"/"} == set(cached)
    assert served_build_id(page) == site_build.build_id(site.dist, files)


def test_a_match_goes_on_offline_after_the_first_visit(
    page: Page, site: Site, context: BrowserContext
) -> None:
    # Not match_driver.open_match: it opens the page with ?no-sw, which keeps the offline copy out.
    page.goto(site.url("?test-dice=31,52&no-welcome"))
    wait_for_engine_ready(page)
    wait_idle(page)
    wait_for_offline_copy(page)
    click_move(page, 8, 5)
    before = position_id(page)
    context.set_offline(True)
    try:
        page.reload()
        wait_for_engine_ready(page)
        wait_idle(page)
        assert position_id(page) == before
        click_move(page, 6, 5)  # finishes 31: 8/5 6/5, played with the engine loaded offline
        assert saved_record(page) is not None
        assert position_id(page) != before

        # A new match (its opening roll is the script's 31 again: the reload restarted it) ...
        page.click("#new-match-button")
        page.locator("#new-match-form button[value=start]").click()
        wait_idle(page)
        assert "to move 3 and 1" in page.inner_text("#status")
        started = saved_record(page)
        # ... is saved and resumed by a reload ...
        page.reload()
        wait_for_engine_ready(page)
        wait_idle(page)
        assert saved_record(page) == started
        assert "to move 3 and 1" in page.inner_text("#status")
        # ... and the rules tutorial, never opened online, runs too.
        page.goto(site.url("tutorial.html#hitting"))
        page.wait_for_selector(
            "html[data-state='ready'][data-lesson='hitting']", state="attached", timeout=SW_TIMEOUT_MS
        )
    finally:
        context.set_offline(False)


def test_an_update_installs_in_the_background_and_keeps_the_saved_match(
    page: Page, site: Site, own_server: Any, tmp_path: Path
) -> None:
    old_build = tmp_path / "old"
    new_build = tmp_path / "new"
    shutil.copytree(site.dist, old_build)
    shutil.copytree(site.dist, new_build)
    with (new_build / "index.html").open("a", encoding="utf-8") as page_file:
        page_file.write("<!-- the next version -->\n")
    site_build.write_service_worker(new_build)
    new_id = site_build.build_id(new_build, site_build.precached_files(new_build))

    own_server.mount.directory = old_build
    page.goto(own_server.url + "?test-dice=31&no-welcome")
    wait_for_engine_ready(page)
    wait_idle(page)
    wait_for_offline_copy(page)
    old_id = served_build_id(page)
    click_move(page, 8, 5)  # a turn in progress: one checker moved
    position_before, record_before = position_id(page), saved_record(page)

    own_server.mount.directory = new_build
    page.evaluate("import('./web/pwa.js').then((pwa) => pwa.offlineApp.checkForUpdate())")
    wait_for_update_ready(page)
    assert served_build_id(page) == old_id  # the running page is not switched under the player
    assert position_id(page) == position_before

    # The player is offered the new version, and takes it.
    offer = page.locator("#update-offer")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("new version")
    with page.expect_navigation():
        offer.locator("button[data-action='apply-update']").click()
    wait_for_engine_ready(page)
    wait_idle(page)
    assert served_build_id(page) == new_id != old_id
    assert position_id(page) == position_before
    assert saved_record(page) == record_before
    cache_names: list[str] = page.evaluate("caches.keys()")
    assert cache_names == [f"backgammon-{new_id}"]
    expect(page.locator("#update-offer")).to_have_count(0)


def test_the_site_works_under_a_sub_path(page: Page, site: Site) -> None:
    with serving(site.dist, base_path="/some/sub/path/") as server:
        assert server.url.endswith("/some/sub/path/")
        page.goto(server.url)
        wait_for_engine_ready(page)
        wait_for_offline_copy(page)
        scope: str = page.evaluate("navigator.serviceWorker.ready.then((reg) => reg.scope)")
        assert scope == server.url
        assert page.request.get(server.url.replace("/some/sub/path/", "/index.html")).status == 404


@pytest.fixture
def strict_page(browser: Browser) -> Iterator[tuple[Page, PageProblems]]:
    """A page whose Content-Security-Policy is enforced (the usual fixtures bypass it)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        problems = watch_problems(page)
        page.add_init_script(RECORD_CSP_VIOLATIONS)
        yield page, problems
    finally:
        context.close()


@pytest.mark.parametrize("path", ["?test-dice=31&no-welcome", "tutorial.html"])
def test_pages_run_within_their_csp_without_console_errors(
    strict_page: tuple[Page, PageProblems], site: Site, path: str
) -> None:
    page, problems = strict_page
    page.goto(site.url(path))
    if path.startswith("?"):
        wait_for_engine_ready(page)
        page.wait_for_selector("html[data-idle='true']", state="attached", timeout=SW_TIMEOUT_MS)
        page.locator("#board .target[data-loc='8']").click()
        page.locator("#board .target[data-loc='5']").click()  # drawn after Python answers
        page.wait_for_selector("html[data-idle='true']", state="attached", timeout=SW_TIMEOUT_MS)
    page.wait_for_selector("html[data-offline='registered']", state="attached", timeout=SW_TIMEOUT_MS)
    policy = page.get_attribute("meta[http-equiv='Content-Security-Policy']", "content") or ""
    assert "'wasm-unsafe-eval'" in policy
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert page.evaluate("window.__cspViolations") == []
    assert problems.all == []
