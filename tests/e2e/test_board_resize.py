"""A two-person match on a page that turns from wide to phone-sized in the move phase, with Ctrl+D (a refused
double) pressed there: the board never passes through a state where no checker is offered to move. The board's
relayout rebuilt its targets and drew the checkers onto them only at the next animation frame: for the rest of
that task (and until the frame came, later still on a busy or hidden page) no point offered a checker."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import Site
from .match_driver import next_frame, open_match, phase, wait_idle

# After every batch of changes to the board's targets: how many points offer a checker to move.
WATCH_SOURCES = """() => {
  window.__sources = [];
  const layer = document.querySelector('#board .target')?.parentElement;
  new MutationObserver(() => {
    window.__sources.push(document.querySelectorAll('#board .target.source').length);
  }).observe(layer, {childList: true, subtree: true, attributes: true, attributeFilter: ['class']});
}"""


def test_a_resize_and_a_refused_double_in_the_move_phase_always_leave_checkers_to_move(
    page: Page, site: Site
) -> None:
    page.set_viewport_size({"width": 1100, "height": 820})
    open_match(page, site, dice="31,52,64")
    page.click("#new-match-button")
    form = page.locator("#new-match-form")
    form.locator("select[name=opponent]").select_option("human")
    form.locator("input[name=length]").fill("1")
    form.locator("button[value=start]").click()
    wait_idle(page)
    while phase(page) != "move":
        page.locator("body").press("Enter")
        wait_idle(page)
    assert page.locator("#board .target.source").count() > 0
    page.evaluate(WATCH_SOURCES)
    page.set_viewport_size({"width": 390, "height": 700})
    expect(page.locator("#board svg.narrow")).to_have_count(1)
    page.keyboard.press("Control+d")
    wait_idle(page)
    next_frame(page)
    seen: list[int] = page.evaluate("window.__sources")
    assert seen, "the board was not redrawn for the narrow page"
    assert min(seen) > 0, f"a moment with no checker offered to move: {seen}"
    assert phase(page) == "move" and page.locator("#board .target.source").count() > 0
