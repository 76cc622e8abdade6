"""Drive the match page like a player: open it with scripted dice, click points, read what it says.

The page marks its state on <html>: `data-engine="ready"` once Python answered, `data-idle="true"` when
nothing is queued and nothing will happen by itself (from the press of a dialog's button until the step it
leads to is queued, the page is not idle either), `data-phase` the phase of the view. Tests wait on those,
never on time."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Locator, Page

from .conftest import Site, wait_for_engine_ready
from .stored import stored_text

STEP_TIMEOUT_MS = 30_000
MATCH_KEY = "backgammon-test.match.v1"
PREFERENCES_KEY = "backgammon.preferences.v1"

# The player's preference for a complete play (web/preferences.js `endTurn`), stored before the page's first
# load unless the test has stored one of its own: "wait" (the default: the turn waits for Done), "delay" or
# "now".
STORE_END_TURN = """
(([key, how]) => {
  try {
    const stored = JSON.parse(localStorage.getItem(key) || "{}");
    if (!("endTurn" in stored)) localStorage.setItem(key, JSON.stringify({...stored, endTurn: how}));
  } catch {} // a page without storage of the site's origin (about:blank)
})(ARGS);
"""


# Records every text the aria-live region shows, as a screen reader would hear it.
LISTEN_TO_LIVE_REGION = """
window.__announcements = [];
document.addEventListener("DOMContentLoaded", () => {
  const region = document.getElementById("announcer");
  if (!region) return; // another page of the site (the tutorial)
  new MutationObserver(() => {
    const text = region.textContent.trim();
    if (text) window.__announcements.push(text);
  }).observe(region, {childList: true, subtree: true, characterData: true});
});
"""


def open_match(page: Page, site: Site, dice: str, query: str = "", end_turn: str | None = None) -> Page:
    """Open index.html in test mode with a dice script (`"31,52"`: one pair per roll); wait until settled.

    `end_turn` ("wait", "delay", "now"): the player's preference for a complete play, set before the page
    loads. Left out, the page's default holds: a complete play waits for Done (`press_done`). Tests that are
    about something else and play turns through pass "now", as a player who wants speed would choose it."""
    page.add_init_script(LISTEN_TO_LIVE_REGION)
    if end_turn is not None:
        page.add_init_script(STORE_END_TURN.replace("ARGS", json.dumps([PREFERENCES_KEY, end_turn])))
    # no-sw: the offline copy would answer the engine worker's URL without its ?test-dice= after a reload.
    # no-welcome: the page opens in its default match at once, as for a returning player (test_welcome.py has
    # the first visit).
    page.goto(site.url(f"?test-dice={dice}&no-sw&no-welcome{query}"))
    wait_for_engine_ready(page)
    wait_idle(page)
    return page


def wait_idle(page: Page) -> None:
    page.wait_for_selector("html[data-idle='true']", state="attached", timeout=STEP_TIMEOUT_MS)


def next_frame(page: Page) -> None:
    """Wait until the board has drawn what the last input did: it draws on the next animation frame."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def resize(page: Page, width: int, height: int) -> None:
    """The page's window resized (a phone turned, a desktop window narrowed), drawn again and scrolled to its
    top (a phone sideways: the fixed header covers what is scrolled under it)."""
    page.set_viewport_size({"width": width, "height": height})
    next_frame(page)
    page.evaluate("window.scrollTo(0, 0)")


def phase(page: Page) -> str:
    return str(page.get_attribute("html", "data-phase"))


def status(page: Page) -> str:
    return page.inner_text("#status")


def position_id(page: Page) -> str:
    return page.inner_text("#position-id").strip()


def announcements(page: Page) -> list[str]:
    """Every sentence the page has announced so far (the live region keeps only the latest)."""
    history: list[str] = page.evaluate("window.__announcements ?? []")
    return history


def point(page: Page, loc: int | str) -> Locator:
    """The board's element for an absolute point (1..24), "bar" or "off" of the player on roll."""
    return page.locator(f"#board .target[data-loc='{loc}']")


def steps(page: Page) -> int:
    """How many steps the page has queued so far (each player action or automatic step is one)."""
    return int(page.get_attribute("html", "data-steps") or 0)


def centre(page: Page, selector: str) -> tuple[float, float]:
    """The centre of the first element matched, once it is drawn (the board redraws its layers at the next
    animation frame after a move, so the element may be between two drawings when first looked up)."""
    box = page.wait_for_function(
        """selector => { const el = document.querySelector(selector);
             const b = el && el.getBoundingClientRect();
             return b && b.width > 0 && b.height > 0 ? [b.x + b.width / 2, b.y + b.height / 2] : null; }""",
        arg=selector,
        timeout=10_000,
    ).json_value()
    return box[0], box[1]


def wait_after(page: Page, before: int) -> None:
    """Wait until the page has taken up an action made after `before` steps and has settled."""
    page.wait_for_function(
        "n => Number(document.documentElement.dataset.steps || 0) > n"
        " && document.documentElement.dataset.idle === 'true'",
        arg=before,
        timeout=STEP_TIMEOUT_MS,
    )


def click_move(page: Page, source: int | str, dest: int | str) -> None:
    point(page, source).click()
    before = steps(page)
    point(page, dest).click()
    wait_after(page, before)


def drag_move(page: Page, source: int | str, dest: int | str) -> None:
    """Press on the source, move past the drag threshold in small steps, release on the destination."""
    start = point(page, source).bounding_box()
    end = point(page, dest).bounding_box()
    assert start is not None and end is not None
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    before = steps(page)
    page.mouse.up()
    wait_after(page, before)


def press_button(page: Page, action: str) -> None:
    before = steps(page)
    page.locator(f"#controls button[data-action='{action}']").click()
    wait_after(page, before)


def press_done(page: Page) -> None:
    """End the turn of a complete play (or of a roll that cannot be played) as a player does: Done or Pass."""
    done = page.locator("#controls button[data-action='confirm']:not([hidden])")
    press_button(page, "confirm" if done.count() else "pass")


def button(page: Page, action: str) -> Locator:
    return page.locator(f"#controls button[data-action='{action}']")


def saved_record(page: Page) -> dict[str, Any]:
    text = stored_text(page, MATCH_KEY)
    assert text, "no match saved"
    envelope: dict[str, Any] = json.loads(text)
    return envelope["record"]


def set_up(page: Page, position: str, match_id: str = "") -> None:
    """Use the page's own position editor: GNU Backgammon IDs pasted, read, checked (the editor shows the same
    IDs back), then Done."""
    page.click("#setup-button")
    page.wait_for_selector("html[data-mode='setup']", state="attached")
    page.fill("#setup-paste", f"{position}:{match_id}" if match_id else position)
    page.click("#setup-read")
    page.wait_for_function(
        """([position, match]) => document.documentElement.dataset.setupCheck === "ok"
             && document.getElementById("setup-position-id").textContent === position
             && (!match || document.getElementById("setup-match-id").textContent === match)""",
        arg=[position, match_id],
        timeout=STEP_TIMEOUT_MS,
    )
    page.click("#setup-done")
    wait_idle(page)


def side(points: dict[int, int], bar: int = 0) -> tuple[int, ...]:
    """One side of a Position from {point: checkers} in that side's own numbering (1..24), plus its bar."""
    counts = [0] * 25
    for number, checkers in points.items():
        counts[number - 1] = checkers
    counts[24] = bar
    return tuple(counts)


def position_of(mine: dict[int, int], theirs: dict[int, int], mine_bar: int = 0, theirs_bar: int = 0) -> str:
    """The GNU Backgammon Position ID of a board seen from the player on roll."""
    from backgammon.formats.gnubg_id import encode_position_id

    return encode_position_id(side(mine, mine_bar), side(theirs, theirs_bar))


def match_id_of(**fields: Any) -> str:
    """A GNU Backgammon Match ID: `match_id_of(match_length=3, score=(1, 0), player_on_roll=0, turn=0)`."""
    from backgammon.formats.gnubg_id import MatchIdInfo

    return MatchIdInfo(**fields).id
