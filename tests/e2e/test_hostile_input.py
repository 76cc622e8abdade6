"""Hostile links and files (issue 33): what anyone can send a player — a share link that unpacks to
hundreds of megabytes, an oversized match file or history file, a huge pasted XGID — is refused in plain
words naming the limit (docs/limits.md), the saved match and history are unchanged, nothing is logged as an
error, and the page still answers. What the page did with the input is watched, not timed: an oversized
file is never read, nothing of a refused size reaches the Python worker, and a bomb link is unpacked in
pieces with the page let go between them (other work runs meanwhile). The main thread's long tasks while
refusing are printed as figures (PerformanceObserver "longtask"), not asserted: on a shared machine the
scheduler stretches a task of a few milliseconds past any fixed limit (a 296 ms one was seen in CI)."""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import Site
from .match_driver import click_move, next_frame, open_match, wait_idle
from .stored import stored_items

HISTORY_KEY = "backgammon-test.history.v1"
INTERNAL = re.compile(r"\bNone\b(?! of)|undefined|Traceback|NaN|\[object")
# Installed before the page's scripts: long tasks (figures), the size of every Blob read (a file read is a
# Blob read), the largest message posted to a worker, and a probe that counts how often other work got the
# main thread (a timer loop: one long synchronous unpacking would starve it).
WATCH_THE_PAGE = """
window.__longTasks = [];
window.__blobReads = [];
window.__largestPost = 0;
window.__ticks = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration));
}).observe({ type: "longtask", buffered: true });
for (const name of ["text", "arrayBuffer", "stream", "bytes"]) {
  const read = Blob.prototype[name];
  if (!read) continue;
  Blob.prototype[name] = function (...args) {
    window.__blobReads.push(this.size);
    return read.apply(this, args);
  };
}
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  let size = 0;
  try { size = JSON.stringify(message)?.length ?? 0; } catch { size = Infinity; }
  window.__largestPost = Math.max(window.__largestPost, size);
  return post.call(this, message, ...rest);
};
(function tick() { window.__ticks += 1; setTimeout(tick, 0); })();
window.__ticksAtMessage = null;
new MutationObserver(() => {
  if (document.getElementById("message-dialog")?.open && window.__ticksAtMessage === null) {
    window.__ticksAtMessage = window.__ticks;
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["open"] });
"""


def bomb_link(megabytes: int = 300) -> str:
    """The link of issue 33: a JSON string of `megabytes` MB of spaces, raw deflate (wbits -15), base64url."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    chunks = [packer.compress(b'"')]
    block = b" " * 1_000_000
    chunks += [packer.compress(block) for _ in range(megabytes)]
    chunks += [packer.compress(b'"'), packer.flush()]
    packed = b"".join(chunks)
    return base64.urlsafe_b64encode(packed).rstrip(b"=").decode()


def storage(page: Page) -> dict[str, Any]:
    """Everything saved (the match, the history, the rest): compared before and after."""
    saved: dict[str, Any] = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
    return saved | stored_items(page, "")


@pytest.fixture
def hostile_page(page: Page, site: Site) -> Iterator[Page]:
    page.add_init_script(WATCH_THE_PAGE)
    open_match(page, site, "31,65,42,53")
    click_move(page, 8, 5)  # a move made: the match saved has something to lose
    yield page


def start_measuring(page: Page) -> None:
    page.evaluate(
        "window.__longTasks = []; window.__blobReads = []; window.__largestPost = 0; window.__ticks = 0;"
        " window.__ticksAtMessage = null"
    )


def watched(page: Page, what: str) -> dict[str, Any]:
    """What the page did since start_measuring; its long tasks are printed as figures (pytest -s)."""
    seen: dict[str, Any] = page.evaluate(
        "({tasks: window.__longTasks, reads: window.__blobReads, post: window.__largestPost,"
        " ticks: window.__ticks, ticksAtMessage: window.__ticksAtMessage})"
    )
    print(f"{what}: long tasks while refusing {seen['tasks']} ms, other work ran {seen['ticks']} times")
    return seen


def refused_unread(page: Page, what: str, size: int) -> None:
    """Refused by its size alone: the file was never read and nothing of its size reached Python."""
    seen = watched(page, what)
    assert all(read < size // 100 for read in seen["reads"]), f"{what}: read {seen['reads']} bytes"
    assert seen["post"] < size // 100, f"{what}: a message of {seen['post']} characters went to the worker"


def assert_plain(text: str, *words: str) -> None:
    assert not INTERNAL.search(text), text
    for word in words:
        assert word in text, text


def still_answers(page: Page) -> None:
    """The page is alive and takes input: Save / load opens and closes."""
    page.click("#match-file-button")
    expect(page.locator("#file-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#file-dialog")).to_be_hidden()


def test_a_decompression_bomb_link_is_refused_at_the_limit_without_a_crash(hostile_page: Page) -> None:
    page = hostile_page
    link = bomb_link(300)
    assert 300_000 < len(link) < 500_000  # the link of the issue: about 400 KB for 300 MB unpacked
    before = storage(page)
    start_measuring(page)
    open_link(page, f"#v=1&match={link}", "too large", "at most 16 MB", "unchanged", timeout=30_000)
    seen = watched(page, "bomb link")
    # Unpacked in pieces with the page let go between megabytes: other work ran while it was refused, and
    # nothing of it reached Python. One synchronous unpacking would have let the probe run once at most.
    assert seen["ticksAtMessage"] >= 4, seen
    assert seen["post"] < 1_000_000, seen
    dismiss_unchanged(page, before)
    assert page.evaluate("location.hash") == ""
    still_answers(page)


def test_a_link_with_more_games_than_the_limit_is_refused_by_the_page(hostile_page: Page) -> None:
    page = hostile_page
    record = {"format": "backgammon-match", "schema": 1, "settings": {"match_length": 0}, "players": None}
    record["games"] = [{"actions": []} for _ in range(2_001)]
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(json.dumps(record).encode()) + packer.flush()
    before = storage(page)
    fragment = "#v=1&match=" + base64.urlsafe_b64encode(packed).rstrip(b"=").decode()
    open_link(page, fragment, "2001 games", "at most 2000 games", "unchanged")
    dismiss_unchanged(page, before)


def open_link(page: Page, fragment: str, *words: str, timeout: float = 5_000) -> None:
    """Put a share link in the address; the page must refuse it in a message with these words."""
    page.evaluate("(fragment) => { location.hash = fragment; }", fragment)
    dialog = page.locator("#message-dialog")
    expect(dialog).to_be_visible(timeout=timeout)
    assert_plain(dialog.inner_text(), *words)


def dismiss_unchanged(page: Page, before: object) -> None:
    """Close the refusal; everything saved is as it was before the link."""
    page.click("#message-dialog button")
    wait_idle(page)
    assert storage(page) == before


def open_file(page: Page, path: Path) -> str:
    page.click("#match-file-button")
    expect(page.locator("#file-dialog")).to_be_visible()
    error = page.locator("#file-dialog [data-role=error]")
    start_measuring(page)
    page.set_input_files("#import-file", str(path))
    expect(error).not_to_be_empty(timeout=30_000)
    return error.inner_text()


OVERSIZED_MATCH_FILES = [
    ("huge.json", 16_500_000, ["This file (16.5 MB) is too large", "at most 16 MB"]),
    ("huge.mat", 2_100_000, ["This file (2.1 MB) is too large", "at most 2 MB"]),
    ("huge.sgf", 2_100_000, ["This file (2.1 MB) is too large", "at most 2 MB"]),
]


def test_an_oversized_match_file_is_refused_unread(hostile_page: Page, tmp_path: Path) -> None:
    """Each kind in turn, on one page: refused unread, the storage unchanged, the engine still answering."""
    page = hostile_page
    for name, size, words in OVERSIZED_MATCH_FILES:
        path = tmp_path / name
        head = (
            '{"format": "backgammon-match", "record": {"schema": 1, "x": "'
            if name.endswith(".json")
            else " 1 point match\n"
        )
        path.write_text(head + " " * (size - len(head) - 4) + '"}}\n')
        before = storage(page)
        open_file(page, path)
        error = page.locator("#file-dialog [data-role=error]")
        expect(error).to_contain_text(words[0])  # this file's answer, not the one before it
        assert_plain(error.inner_text(), *words, "unchanged")
        refused_unread(page, name, size)
        page.keyboard.press("Escape")
        assert storage(page) == before, name
        still_answers(page)


def test_a_saved_json_with_too_many_actions_is_refused_by_the_page(
    hostile_page: Page, tmp_path: Path
) -> None:
    page = hostile_page
    record = {
        "format": "backgammon-match",
        "schema": 1,
        "games": [{"actions": [{"type": "confirm"}] * 10_001}],
    }
    path = tmp_path / "long.json"
    path.write_text(json.dumps(record))
    before = storage(page)
    assert_plain(open_file(page, path), "10001 actions", "at most 10000 actions in one game", "unchanged")
    page.keyboard.press("Escape")
    assert storage(page) == before


def test_an_oversized_history_file_is_refused_unread(hostile_page: Page, tmp_path: Path) -> None:
    """From *Save / load*, then from *Statistics*, on one page."""
    page = hostile_page
    path = tmp_path / "history.json"
    head = '{"format": "backgammon-history", "version": 1, "entries": [], "x": "'
    path.write_text(head + " " * 16_100_000 + '"}')
    words = ["too large", "16.1 MB", "at most 16 MB", "Your history is unchanged"]
    for where in ["save-load", "statistics"]:
        before = storage(page)
        if where == "save-load":
            page.click("#match-file-button")
            chooser, result = "#import-history", page.locator("#import-history-result")
        else:
            page.click("#stats-button")
            expect(page.locator("#stats-dialog")).to_be_visible()
            chooser, result = "#stats-import", page.locator("#stats-import-result")
        start_measuring(page)
        page.set_input_files(chooser, str(path))
        expect(result).not_to_be_empty(timeout=30_000)
        assert_plain(result.inner_text(), *words)
        refused_unread(page, f"history file ({where})", 16_100_000)
        page.keyboard.press("Escape")
        assert storage(page) == before, where
        assert HISTORY_KEY not in before
        still_answers(page)


def test_a_history_file_with_too_many_matches_is_refused(hostile_page: Page, tmp_path: Path) -> None:
    page = hostile_page
    path = tmp_path / "history.json"
    path.write_text(json.dumps({"format": "backgammon-history", "version": 1, "entries": [0] * 100_001}))
    before = storage(page)
    page.click("#match-file-button")
    page.set_input_files("#import-history", str(path))
    result = page.locator("#import-history-result")
    expect(result).not_to_be_empty()
    assert_plain(result.inner_text(), "100001 matches", "at most 100000 matches", "unchanged")
    assert storage(page) == before


def test_a_huge_pasted_xgid_is_refused_naming_the_limit(hostile_page: Page) -> None:
    page = hostile_page
    before = storage(page)
    page.click("#setup-button")
    page.wait_for_selector("html[data-mode='setup']", state="attached")
    page.fill("#setup-paste", "XGID=" + "-a" * 500_000)
    # Measured from here: filling a field with a megabyte of text is the browser's work, not the refusal.
    next_frame(page)
    start_measuring(page)
    page.press("#setup-paste", "Enter")
    error = page.locator("#setup-paste-error")
    expect(error).not_to_be_empty()
    assert_plain(error.inner_text(), "too long", "1 MB", "at most 1000 characters")
    seen = watched(page, "pasted XGID")
    assert seen["post"] < 10_000, f"a message of {seen['post']} characters went to the worker"
    page.click("#setup-editor button[value=cancel]")
    wait_idle(page)
    assert storage(page) == before
    still_answers(page)


def test_a_huge_position_link_is_refused_naming_the_limit(hostile_page: Page) -> None:
    page = hostile_page
    before = storage(page)
    open_link(page, "#v=1&position=XGID=" + "a" * 10_000, "too large", "at most 1 KB", "unchanged")
    dismiss_unchanged(page, before)
