"""A storage really full, every writer of the page against it (test_storage_full.py refuses the match's writes
only, by replacing IndexedDB's put).

localStorage (the preferences, the new-match dialog's last choices, the tutorial's progress): the test fills
the origin's real localStorage quota with a filler key, in the browser itself, until a write of a single
character is refused (Chromium: about 5 million characters, keys included). A writer then fails as it would on
a full device: the page goes on, nothing it shows is lost, no error escapes to the console, and nothing stored
before changes.

IndexedDB (the match, the analyses with their loop that drops old ones to make room, the history, the previous
match): Chromium's quota override (DevTools' Storage.overrideQuotaForOrigin) refuses the first write of a new
database but lets small writes to an existing one through, so it cannot stand in for a full disk. Here the
profile lives on a tmpfs of 48 MB mounted for the test (root only: skipped where `mount` is refused), and a
filler database takes what is left: measured 2026-11-26, Chromium reports a quota of about 1 GB there and
refuses IndexedDB writes with QuotaExceededError once the file system is full (about 29 MB of filler on a 40
MB tmpfs).
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, Playwright, expect

from .conftest import CHROMIUM, TEST_CHROMIUM_ARGS, PageProblems, Site, watch_problems
from .match_driver import (
    MATCH_KEY,
    PREFERENCES_KEY,
    announcements,
    click_move,
    match_id_of,
    open_match,
    phase,
    position_of,
    press_done,
    saved_record,
    set_up,
    status,
    wait_idle,
)
from .stored import stored_text
from .test_match_preferences import set_preferences

FILLER_KEY = "filler"

# Fill localStorage to the last character: halve the chunk on each refusal, down to one character.
FILL_LOCAL_STORAGE = """() => {
  let n = 0, filled = 0;
  for (let size = 1 << 21; size >= 1; ) {
    try { localStorage.setItem(`filler.${n}`, "x".repeat(size)); n += 1; filled += size; }
    catch (error) { if (error.name !== "QuotaExceededError") throw error; size >>= 1; }
  }
  try { localStorage.setItem("one-more", "x"); return {filled, refused: false}; }
  catch { return {filled, refused: true}; }
}"""
FREE_LOCAL_STORAGE = """() => {
  for (const key of Object.keys(localStorage)) if (key.startsWith("filler.")) localStorage.removeItem(key);
}"""


def local_items(page: Page) -> dict[str, str]:
    items: dict[str, str] = page.evaluate(
        "() => Object.fromEntries(Object.entries(localStorage).filter(([k]) => !k.startsWith('filler.')))"
    )
    return items


def test_a_full_local_storage_keeps_preferences_and_choices_for_the_visit_only(
    page: Page, site: Site
) -> None:
    open_match(page, site, "31,52")
    before = local_items(page)
    assert PREFERENCES_KEY not in before
    filled = page.evaluate(FILL_LOCAL_STORAGE)
    assert filled["refused"] and filled["filled"] > 4_000_000, filled
    # A preference: applied to the page, not kept (the write is refused), and the page goes on.
    set_preferences(page, showPips=False)
    expect(page.locator("#board .player-info .pips")).to_have_count(0)
    # The new-match dialog's last choices: the new match starts all the same.
    page.click("#new-match-button")
    form = page.locator("#new-match-form")
    form.locator("input[name=length]").fill("7")
    form.locator("button[value=start]").click()
    wait_idle(page)
    expect(page.locator("#match-info")).to_contain_text("7")
    assert local_items(page) == before
    # Room again: the next change is kept.
    page.evaluate(FREE_LOCAL_STORAGE)
    set_preferences(page, showPips=True)
    kept = json.loads(local_items(page)[PREFERENCES_KEY])
    assert kept["showPips"] is True


def lesson_ready(page: Page, lesson: str) -> None:
    ready = f"html[data-state='ready'][data-lesson='{lesson}']"
    page.wait_for_selector(ready, state="attached", timeout=60_000)


def test_a_full_local_storage_keeps_the_tutorials_progress_for_the_visit_only(page: Page, site: Site) -> None:
    page.goto(site.url("tutorial.html#moving"))
    lesson_ready(page, "moving")
    filled = page.evaluate(FILL_LOCAL_STORAGE)
    assert filled["refused"], filled
    before = local_items(page)
    page.click("#btn-show")
    page.wait_for_selector("html[data-lesson-done='1']", state="attached")
    expect(page.locator("#feedback")).to_be_visible()
    assert local_items(page) == before  # the progress could not be kept
    # Room again: the next lesson done keeps the visit's progress, the lesson done meanwhile included.
    page.evaluate(FREE_LOCAL_STORAGE)
    page.goto(site.url("tutorial.html#doubles"))
    lesson_ready(page, "doubles")
    page.click("#btn-show")
    page.wait_for_selector("html[data-lesson-done='1']", state="attached")
    progress = json.loads(local_items(page)["backgammon.tutorial.v1"])
    assert sorted(progress["done"]) == ["doubles", "moving"]


# IndexedDB: a profile on a small file system, filled by a database of its own until a write is refused.
FILL_INDEXED_DB = """async () => {
  const db = await new Promise((ok, ko) => {
    const open = indexedDB.open("filler", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("s");
    open.onsuccess = () => ok(open.result);
    open.onerror = () => ko(open.error);
  });
  let n = 0, filled = 0, error = null;
  for (let size = 4 << 20; size >= 16 << 10; ) {
    try {
      await new Promise((ok, ko) => {
        const tx = db.transaction("s", "readwrite");
        tx.objectStore("s").put(new Uint8Array(size).fill(n % 251), `k${n}`);
        tx.oncomplete = ok;
        tx.onabort = () => ko(tx.error);
      });
      n += 1;
      filled += size;
    } catch (refusal) {
      error = String(refusal);
      size >>= 1;
    }
  }
  db.close();
  return {filled, error};
}"""
FREE_INDEXED_DB = """() => new Promise((ok, ko) => {
  const request = indexedDB.deleteDatabase("filler");
  request.onsuccess = ok;
  request.onerror = () => ko(request.error);
})"""


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A tmpfs of 48 MB for the browser's profile (root can mount one; elsewhere the test is skipped)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=48m", "tmpfs", str(disk)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mounted.returncode:
        pytest.skip(f"cannot mount a small file system here: {mounted.stderr.strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


@pytest.fixture
def full_profile_page(
    playwright_instance: Playwright, small_disk: Path, tmp_path: Path, page_problems: PageProblems
) -> Iterator[Page]:
    context = playwright_instance.chromium.launch_persistent_context(
        str(small_disk / "profile"),
        executable_path=CHROMIUM,
        headless=True,
        # The HTTP cache (Pyodide's 10 MB among it) elsewhere: the small disk is for the site's own storage.
        args=[*TEST_CHROMIUM_ARGS, f"--disk-cache-dir={tmp_path / 'cache'}"],
        viewport={"width": 1280, "height": 800},
    )
    try:
        page = context.pages[0] if context.pages else context.new_page()
        watch_problems(page, page_problems)
        yield page
    finally:
        context.close()


def test_a_full_disk_refuses_every_indexeddb_writer_and_the_page_says_so(
    full_profile_page: Page, site: Site
) -> None:
    page = full_profile_page
    # The page's first match, then a 1-point match set up with White to bear off its last two checkers (2-1),
    # then a position set up with White to play 6-5.
    open_match(page, site, "31,21,65")
    set_up(page, position_of({2: 1, 1: 1}, {6: 5}), match_id_of(match_length=1))
    assert "White to move 2 and 1" in status(page)
    saved_before = saved_record(page)
    previous_before = stored_text(page, MATCH_KEY + ".previous")  # the page's first match, kept at the set-up
    filled = page.evaluate(FILL_INDEXED_DB)
    assert filled["error"] and "QuotaExceededError" in filled["error"] and filled["filled"] > 5 << 20, filled
    # The match: the move is played and shown, its save refused and said; what was saved stays.
    click_move(page, 2, "off")
    said = " ".join(announcements(page))
    assert "could not be saved" in said, said
    assert saved_record(page) == saved_before
    # The match's end: the history cannot take it, and the page says so.
    click_move(page, 1, "off")
    press_done(page)
    assert phase(page) == "match_over"
    expect(page.locator("#notice-text")).to_contain_text("could not be added to your history")
    page.click("#notice-dismiss")
    expect(page.locator("#notice")).to_be_hidden()
    assert saved_record(page) == saved_before
    # The analysis of the match: computed and shown, its save refused (the loop that drops old analyses to
    # make room has none to drop), and said.
    page.click("#result-analyse")
    page.wait_for_function(
        "() => (window.__announcements ?? []).some((text) => text.startsWith('Analysis done'))",
        timeout=120_000,
    )
    done = next(text for text in announcements(page) if text.startswith("Analysis done"))
    assert "not saved (the analysis could not be saved" in done, done
    page.click("#review-close")
    page.wait_for_function("() => !document.documentElement.dataset.mode")
    # A position set up in the editor replaces the match: the match it replaces cannot be kept as the previous
    # one, nor the new one saved; the page says so, and the storage keeps the match and the previous one it
    # held before.
    set_up(page, position_of({13: 2}, {6: 5}), match_id_of(match_length=1))
    assert "could not be saved" in " ".join(announcements(page)[-3:]), announcements(page)[-3:]
    assert saved_record(page) == saved_before
    assert stored_text(page, MATCH_KEY + ".previous") == previous_before
    # Room again: the next action saves the whole match.
    page.evaluate(FREE_INDEXED_DB)
    click_move(page, 13, 7)
    actions = saved_record(page)["games"][-1]["actions"]
    assert actions[-1] == {"type": "move", "from": 13, "to": 7}, actions
