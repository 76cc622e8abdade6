"""Two devices playing one match through the page, as two people would: one invites from *Play online…* →
*Play a friend*, the other opens the link and joins; each plays its own turns on its own board. The pages run
with their Content-Security-Policy on, so everything here reads the page by selectors and `evaluate` (no
`wait_for_function` with a string, which the policy's script-src refuses)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page
from scripts.remote_harness import CONNECT_TIMEOUT_MS

# Generous for a loaded 2-core machine: a turn goes from one device to the other in well under a second here.
TURN_TIMEOUT_S = 60.0
ENGINE_TIMEOUT_MS = 120_000

# What a person here can press to get on with the match, in the order the driver prefers them.
PRIMARY = ("confirm", "pass", "roll", "take", "reject_resign", "accept_resign")

STATE = """() => {
  const root = document.documentElement;
  const buttons = [...document.querySelectorAll('#controls button[data-action]')]
    .filter((b) => !b.hidden && !b.disabled).map((b) => b.dataset.action);
  const sources = [...document.querySelectorAll('#board .target.source')]
    .map((t) => t.getAttribute('data-loc'));
  // The status line: what is wanted now, after the news of what just happened (web/play/news.js).
  const line = document.getElementById('status').cloneNode(true);
  const news = line.querySelector('.status-news');
  news?.remove();
  return {idle: root.dataset.idle === 'true', phase: root.dataset.phase || '', buttons, sources,
          steps: Number(root.dataset.steps || 0), status: line.textContent, news: news?.textContent ?? ''};
}"""


def state(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(STATE)
    return result


def wait_ready(page: Page) -> None:
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector("html[data-idle='true']", state="attached", timeout=ENGINE_TIMEOUT_MS)


def open_online(page: Page, choice: str) -> None:
    """*Play online…*, then its choice: `friend` (*Play a friend*) or `lobby` (*Find an opponent*); the dialog
    of that choice open."""
    page.click("#online-button")
    page.wait_for_selector("#online-dialog[open]")
    page.click(f"#{choice}-button")
    page.wait_for_selector(f"#{choice}-dialog[open]")


def invite(page: Page, name: str, length: int = 1, mode: str = "live", rated: bool = False) -> None:
    """*Play online…* → *Play a friend*, a name, a match length, a way to play and whether to offer a rated
    match; Invite."""
    open_online(page, "friend")
    page.fill("#friend-form input[name=name]", name)
    page.select_option("#friend-form select[name=length]", str(length))
    page.check(f"#friend-form input[name=mode][value={mode}]")
    page.set_checked("#friend-form input[name=rated]", rated)
    page.click("#friend-form button[value=invite]")


def invitation_link(page: Page) -> str:
    page.wait_for_selector("#remote-invite:not([hidden])")
    return page.input_value("#remote-invite-link")


def accept_invitation(page: Page, name: str, timeout_ms: int = 60_000, rated: bool = False) -> None:
    """Join with a name; `rated`: agree to the rated match the friend offers (the box is there only then)."""
    page.wait_for_selector("#friend-join-dialog[open]", timeout=timeout_ms)
    page.fill("#friend-join-form input[name=name]", name)
    if rated:
        page.check("#friend-join-form input[name=rated]")
    page.click("#friend-join-form button[value=join]")


def has_work(s: dict[str, Any]) -> bool:
    return bool(s["idle"]) and (bool(s["sources"]) or any(name in s["buttons"] for name in PRIMARY))


def my_turn(page: Page) -> bool:
    """A person here has something to do once the page has settled (a forced move the page makes by itself
    comes first): a checker to move or a button of the turn to press."""
    page.wait_for_selector("html[data-idle='true']", state="attached", timeout=int(TURN_TIMEOUT_S * 1000))
    return has_work(state(page))


def wait_for_turn(pages: list[Page], timeout_s: float = TURN_TIMEOUT_S) -> Page | None:
    """The page whose person must act next, or None once the match is over on every page."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if all(state(page)["phase"] == "match_over" for page in pages):
            return None
        for page in pages:
            if has_work(state(page)):
                return page
        time.sleep(0.05)
    raise AssertionError("neither device had anything to do: " + repr([state(page) for page in pages]))


# Resolves once the page has taken a step more than `before` and is idle again (true), or after `ms` (false):
# the page's own signal, watched in the page (a MutationObserver on <html>), rather than polled from here.
IDLE_AFTER = """([before, ms]) => new Promise((resolve) => {
  const root = document.documentElement;
  const done = () => Number(root.dataset.steps || 0) > before && root.dataset.idle === 'true';
  if (done()) return resolve(true);
  const observer = new MutationObserver(() => {
    if (!done()) return;
    observer.disconnect();
    clearTimeout(timer);
    resolve(true);
  });
  const timer = setTimeout(() => { observer.disconnect(); resolve(false); }, ms);
  observer.observe(root, {attributes: true, attributeFilter: ['data-steps', 'data-idle']});
})"""


def wait_idle_after(page: Page, before: int) -> None:
    if not page.evaluate(IDLE_AFTER, [before, int(TURN_TIMEOUT_S * 1000)]):
        raise AssertionError(f"the page did not take up the action: {state(page)}")


# The middle of the element `selector` finds, scrolled into the window, and whether a click there reaches it
# (nothing drawn over it); null when there is no such element.
CLICK_POINT = """(selector) => {
  const element = document.querySelector(selector);
  if (!element) return null;
  element.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const box = element.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {x, y, reaches: box.width > 0 && box.height > 0 && hit !== null && element.contains(hit)};
}"""


def click(page: Page, selector: str) -> None:
    """A mouse click in the middle of `selector`'s element, as Playwright's click makes it, once the page says
    the element is there and nothing covers it; without Playwright's wait for the element to stand still over
    two animation frames (a few round trips to the page per click, most of a move's time on a loaded machine).
    An element not there, or covered, is left to Playwright's click (which waits for it, or fails saying
    why)."""
    at = page.evaluate(CLICK_POINT, selector)
    if at is None or not at["reaches"]:
        page.click(selector)
        return
    page.mouse.click(at["x"], at["y"])


# After a click on a checker: two animation frames (the board draws what the click did at the next one), then
# the destinations the board offers, or null when it does not show the checker at `source` picked up.
PICKED = """async (source) => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  if (!document.querySelector(`#board .target.selected[data-loc='${source}']`)) return null;
  return [...document.querySelectorAll('#board .target.dest')].map((t) => t.getAttribute('data-loc'));
}"""


def pick_up(page: Page, source: str) -> list[str] | None:
    """Click the checker at `source` until the board shows it picked up; the destinations it offers then, or
    None when it does not pick it up. A click on the checker already picked up puts it down, and until the
    next frame the board still shows it picked up with its destinations: read then, they are gone by the time
    one is clicked."""
    for _ in range(2):
        click(page, f"#board .target[data-loc='{source}']")
        dests: list[str] | None = page.evaluate(PICKED, source)
        if dests is not None:
            return dests
    return None


def act_once(page: Page) -> str:
    """One thing a player does: end a complete turn, move a checker (the first legal one), or press the turn's
    main button."""
    s = state(page)
    before = s["steps"]
    if "confirm" in s["buttons"] or "pass" in s["buttons"]:
        name = "confirm" if "confirm" in s["buttons"] else "pass"
        click(page, f"#controls button[data-action='{name}']")
        wait_idle_after(page, before)
        return name
    for source in s["sources"]:
        # A checker just moved is a source too (picked up, it can be taken back): it has no destination. The
        # board marks the checker picked up and its destinations in the same frame, so once it shows the one
        # the others are there, or there are none (waiting for a destination instead cost a second each).
        dests = pick_up(page, source)
        if dests is None:
            continue
        if not dests:
            page.keyboard.press("Escape")
            continue
        click(page, f"#board .target.dest[data-loc='{dests[0]}']")
        wait_idle_after(page, before)
        return f"move {source}->{dests[0]}"
    for name in PRIMARY:
        if name in s["buttons"]:
            click(page, f"#controls button[data-action='{name}']")
            wait_idle_after(page, before)
            return name
    raise AssertionError(f"nothing to do: {s}")


def play_until_over(pages: list[Page], max_actions: int = 2000) -> list[str]:
    """Both devices play the match to its end, each acting only on its own board; the actions taken."""
    log: list[str] = []
    for _ in range(max_actions):
        page = wait_for_turn(pages)
        if page is None:
            return log
        log.append(f"{pages.index(page)}: {act_once(page)}")
    raise AssertionError(f"the match did not end in {max_actions} actions")


def turn_file(page: Page) -> tuple[str, str]:
    """The turn the page offers to send, saved as a file (*Save as a file*): its name and its text."""
    page.wait_for_selector("#remote-send:not([hidden])", timeout=int(TURN_TIMEOUT_S * 1000))
    wait_until(lambda: page.input_value("#remote-send-link").startswith("http"))
    before = state(page)["steps"]
    with page.expect_download() as download:
        page.click("#remote-send-file")
    wait_idle_after(page, before)
    path = download.value.path()
    return download.value.suggested_filename, path.read_text(encoding="utf-8")


def turn_link(page: Page) -> str:
    """The turn link the page offers to send (by correspondence), copied as a player would."""
    page.wait_for_selector("#remote-send:not([hidden])", timeout=int(TURN_TIMEOUT_S * 1000))
    deadline = time.monotonic() + TURN_TIMEOUT_S
    while not page.input_value("#remote-send-link").startswith("http"):
        assert time.monotonic() < deadline, "no turn link"
        time.sleep(0.05)
    link = page.input_value("#remote-send-link")
    before = state(page)["steps"]
    page.click("#remote-send-copy")
    wait_idle_after(page, before)
    return link


CHECKERS = """() => [...document.querySelectorAll('#board .layer-checkers .checker')]
  .map((c) => `${c.getAttribute('class').includes('p0') ? 0 : 1}@${c.dataset.loc}`).sort().join(' ')"""


def checkers(page: Page) -> str:
    """Where every checker of the board stands, as drawn."""
    drawn: str = page.evaluate(CHECKERS)
    return drawn


def play_turn(page: Page) -> None:
    """The player of `page` plays the rest of their turn, to Done (or a roll with no move)."""
    for _ in range(20):
        wait_until(lambda: has_work(state(page)))
        if act_once(page) in ("confirm", "pass"):
            return
    raise AssertionError(f"the turn did not end: {state(page)}")


def wait_until(condition: Callable[[], bool], timeout_s: float = TURN_TIMEOUT_S) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, "the condition did not come true"
        time.sleep(0.05)


def press(page: Page, action: str) -> None:
    """A button of the panel's controls, by its action; the page idle after it."""
    before = state(page)["steps"]
    click(page, f"#controls button[data-action='{action}']")
    wait_idle_after(page, before)


def resign_single(resigner: Page, other: Page) -> None:
    """Both play on until it is `resigner`'s turn, who offers to resign a single game; the friend accepts on
    the other device."""
    while not has_work(state(resigner)):
        page = wait_for_turn([resigner, other])
        assert page is not None
        if page is other:
            act_once(other)
    resigner.click("#resign-button")
    resigner.click("#resign-dialog button[value='single']")
    other.wait_for_selector(
        "#controls button[data-action='accept_resign']:not([hidden])", timeout=CONNECT_TIMEOUT_MS
    )
    press(other, "accept_resign")
