"""Nothing on the page moves as it comes: a layout-shift observer (the browser's own `layout-shift` entries,
what Lighthouse's cumulative layout shift adds up) over a whole first visit, from the first byte through the
welcome, the engine's start and the first turn, on a phone and on a desktop. The drawn start board is replaced
by the live one in the same box, and what arrives later has its space kept."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from .conftest import Site, wait_for_engine_ready
from .match_driver import LISTEN_TO_LIVE_REGION, click_move, press_done, wait_idle

#: Lighthouse's "good" is 0.1; the target here is the one of a static board game's page: next to nothing.
MAX_SHIFT = 0.02

# Every shift the browser reports that no input caused (as Lighthouse counts them), with what moved.
RECORD_SHIFTS = """(() => {
  const shifts = (window.__shifts = []);
  const name = (node) => node && node.nodeType === 1
    ? node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') +
      (node.classList.length ? '.' + [...node.classList].join('.') : '')
    : String(node && node.nodeName);
  const rect = (r) => [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      shifts.push({value: entry.value, at: Math.round(entry.startTime), sources: entry.sources.map((s) => ({
        node: name(s.node), from: rect(s.previousRect), to: rect(s.currentRect)}))});
    }
  }).observe({type: 'layout-shift', buffered: true});
})();"""

SCREENS = {
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 3,
    },
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}


@pytest.fixture(params=sorted(SCREENS))
def screen(browser: Browser, request: pytest.FixtureRequest) -> Iterator[BrowserContext]:
    context = browser.new_context(**SCREENS[request.param])
    try:
        yield context
    finally:
        context.close()


def shifts_of(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate("window.__shifts"))


def test_a_first_visit_and_its_first_turn_do_not_shift(screen: BrowserContext, site: Site) -> None:
    page = screen.new_page()
    page.add_init_script(RECORD_SHIFTS)
    page.add_init_script(LISTEN_TO_LIVE_REGION)
    # A first visit (nothing saved): the drawn board, the welcome over it, the engine starting behind.
    page.goto(site.url("?test-dice=31,52,64&no-sw"))
    page.wait_for_selector("html[data-welcome='open']", state="attached")
    wait_for_engine_ready(page)
    page.locator("#welcome-dialog").get_by_role("button", name="Play the computer").click()
    page.wait_for_selector("html[data-welcome='closed']", state="attached")
    wait_idle(page)
    # The first turn: White's 3-1 makes the 5-point, then the computer plays its 5-2 and White rolls.
    click_move(page, 8, 5)
    click_move(page, 6, 5)
    press_done(page)
    page.wait_for_function("document.querySelector('#status').textContent.includes('White')")
    wait_idle(page)
    shifts = shifts_of(page)
    total = sum(shift["value"] for shift in shifts)
    assert total <= MAX_SHIFT, f"the page shifted by {total:.4f} in all: {shifts}"
