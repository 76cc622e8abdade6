"""Storage that refuses to save (full): the player is told, play goes on, what was saved before stays as it
was, and saving resumes by itself once storage takes writes again."""

from __future__ import annotations

from playwright.sync_api import Page

from .conftest import Site
from .match_driver import (
    MATCH_KEY,
    announcements,
    click_move,
    open_match,
    phase,
    press_done,
    saved_record,
    wait_idle,
)

# The storage as a browser's full quota refuses a write: IndexedDB's put throws QuotaExceededError (the
# match's key only: the page goes on reading). A real quota cannot stand in here: Chromium's quota override
# (DevTools' Storage.overrideQuotaForOrigin) refuses the first write of a new database but lets small writes
# to an existing one through (tried: 2-20 KB writes under a quota of 1 byte all landed).
FILL_STORAGE = """key => {
  window.__realPut = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (value, name) {
    if (name === key) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return window.__realPut.call(this, value, name);
  };
}"""
FREE_STORAGE = "() => { IDBObjectStore.prototype.put = window.__realPut; }"


def test_a_full_storage_is_reported_play_goes_on_and_saving_resumes(page: Page, site: Site) -> None:
    open_match(page, site, "31,52,64")
    click_move(page, 8, 5)
    saved_before = saved_record(page)
    page.evaluate(FILL_STORAGE, MATCH_KEY)
    click_move(page, 6, 5)  # completes White's opening 3-1
    press_done(page)  # Black is to roll
    assert phase(page) == "roll"
    said = " ".join(announcements(page))
    assert "could not be saved" in said and "quota" in said.lower(), said
    # What was saved before is untouched.
    assert saved_record(page) == saved_before
    # Storage takes writes again: the next action saves the whole match, the move made meanwhile included.
    page.evaluate(FREE_STORAGE)
    page.click("#controls button[data-action='roll']")
    wait_idle(page)
    actions = saved_record(page)["games"][0]["actions"]
    assert [a["type"] for a in actions] == ["roll", "move", "move", "confirm", "roll"]
    assert [(a["from"], a["to"]) for a in actions if a["type"] == "move"] == [(8, 5), (6, 5)]
    assert actions[-1]["dice"] == [5, 2]


# As in a browser whose storage is switched off for the site: touching localStorage or IndexedDB throws.
NO_STORAGE = """
for (const name of ["localStorage", "indexedDB"]) {
  Object.defineProperty(window, name, {
    get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
  });
}
"""


def test_without_storage_the_game_says_so_and_can_still_be_played(page: Page, site: Site) -> None:
    page.add_init_script(NO_STORAGE)
    open_match(page, site, "31,52")
    click_move(page, 8, 5)
    click_move(page, 6, 5)
    press_done(page)
    assert phase(page) == "roll"
    said = " ".join(announcements(page))
    assert "does not allow saving" in said, said
