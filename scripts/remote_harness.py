"""What the tests and the benchmark of live play's transport share: the site built to name a local Nostr
relay (its Content-Security-Policy and its relays), the transport's harness page put into that build, and
browser contexts of their own (two profiles, as two devices would be) with the policy enforced. Needs
Playwright (the dev extras)."""

from __future__ import annotations

import contextlib
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

from scripts.chromium import load_site_build

HARNESS_DIR = Path(__file__).resolve().parent.parent / "tests" / "e2e" / "harness"
HARNESS_FOLDER = "test-harness"
CSP = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
RELAYS = re.compile(r'<meta name="remote-relays" content="([^"]*)">')
# Generous for a loaded 2-core machine: two peers usually meet in under a second here.
CONNECT_TIMEOUT_MS = 30_000
RECORD_CSP_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__cspViolations.push(e.violatedDirective + " " + e.blockedURI));
"""


def build_site_for_relay(out: Path, *relay_urls: str) -> Path:
    """The site built with `relay_urls` as its relays, and the transport's harness page beside it with the
    same Content-Security-Policy and relays as index.html."""
    dist: Path = load_site_build().build(out, relays=list(relay_urls))
    add_harness(dist)
    return dist


def add_harness(dist: Path) -> None:
    html = (dist / "index.html").read_text(encoding="utf-8")
    csp, relays = CSP.search(html), RELAYS.search(html)
    assert csp is not None and relays is not None, "index.html names no policy or no relays"
    target = dist / HARNESS_FOLDER
    target.mkdir(exist_ok=True)
    page = (HARNESS_DIR / "remote.html").read_text(encoding="utf-8")
    page = page.replace("__CSP__", csp.group(1)).replace("__RELAYS__", relays.group(1))
    (target / "remote.html").write_text(page, encoding="utf-8")
    shutil.copy2(HARNESS_DIR / "remote.js", target / "remote.js")


@contextlib.contextmanager
def device(browser: Browser) -> Iterator[BrowserContext]:
    """A browser context of its own (its profile, storage and trystero peer), the page's policy enforced."""
    context = browser.new_context(viewport={"width": 1000, "height": 760})
    try:
        yield context
    finally:
        context.close()


def open_harness(context: BrowserContext, base_url: str) -> Page:
    page = context.new_page()
    page.add_init_script(RECORD_CSP_VIOLATIONS)
    page.goto(f"{base_url}{HARNESS_FOLDER}/remote.html")
    page.wait_for_selector("html[data-harness='ready']", state="attached")
    return page


def join(page: Page, room: str, secret: str, **options: Any) -> None:
    page.evaluate(
        "(options) => window.harness.connect(options)", {"roomId": room, "secret": secret, **options}
    )


def wait_state(page: Page, state: str, timeout_ms: int = CONNECT_TIMEOUT_MS) -> None:
    page.wait_for_selector(f"html[data-state='{state}']", state="attached", timeout=timeout_ms)


def events(page: Page, kind: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(
        "(kind) => window.harness.events.filter((e) => e.type === kind)", kind
    )
    return found
