"""Two tabs on one match, acting at the same moment as fast as a script can (issue "Two tabs lose an action"),
and preferences changed in two tabs at once.

Each round, both tabs of a hot-seat match make a different legal move from the same position within a few
milliseconds of each other, and each then takes the automatic steps that follow (rolls, the end of a turn) on
its own. What must hold after every round, once both tabs are idle: the stored match is the one both engines
hold and both boards show (nothing that a board shows is missing from storage), and a tab whose move is not in
the stored match said so in plain words. A save is a compare-and-set in one IndexedDB transaction
(web/keyval.js, web/storage.js); localStorage, which the page used before, lost such updates
(benchmarks/storage_atomicity.py). Preferences stay in localStorage (the theme is read before the first
paint): each change is merged into what is stored, and the newest change of each preference wins in every
tab (web/preferences.js)."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from .conftest import Site, screenshot, watch_problems
from .match_driver import LISTEN_TO_LIVE_REGION, MATCH_KEY, click_move, open_match, point, wait_idle
from .stored import stored_text

# The dice script's turns bring a roll, a move and the end of a turn to race in every three or four rounds,
# so twelve rounds race each of them three times or more; twenty-four raced the same ones again (2026-12-02:
# 8 and 9 moves lost and said in 24 rounds, 4 of them in the first 12, in each of two runs).
ROUNDS = 12
NOT_KEPT = "your last action was not kept"
MOVED = re.compile(r"(White|Black) moves \d")  # a move the tab made (a refusal may also say "moves")
# The default match is hot-seat, so either tab may act for the side on roll; a dice script long enough.
DICE = ",".join(["31", "52", "64", "43", "65", "21", "53", "62", "41", "54", "63", "42"] * 4)


def engine(page: Page) -> dict[str, Any]:
    probe: dict[str, Any] = page.evaluate("() => globalThis.backgammonTestProbe.view()")
    return probe


def stored_record(page: Page) -> dict[str, Any]:
    text = stored_text(page, MATCH_KEY)
    assert text, "no match saved"
    record: dict[str, Any] = json.loads(text)["record"]
    return record


def actions(record: dict[str, Any]) -> list[dict[str, Any]]:
    return [a for game in record["games"] for a in game["actions"]]


def said(page: Page) -> list[str]:
    texts: list[str] = page.evaluate("window.__announcements ?? []")
    return texts


def two_moves(view: dict[str, Any]) -> tuple[tuple[str, str], tuple[str, str]] | None:
    """Two different legal first steps of the play (source, destination), or None when the turn has fewer."""
    steps = [(source, str(dest)) for source, dests in (view.get("dests") or {}).items() for dest in dests]
    return (steps[0], steps[-1]) if len(steps) >= 2 else None


def kept(move: tuple[str, str], made: list[tuple[str, str]]) -> bool:
    """Whether the stored moves hold `move`, made in one step or as a checker's steps one after another."""
    at, dest = move
    for source, to in made:
        if source == at:
            at = to
            if at == dest:
                return True
    return False


def open_tab(context: BrowserContext, site: Site) -> Page:
    page = context.new_page()
    page.add_init_script(LISTEN_TO_LIVE_REGION)
    return page


def test_two_tabs_acting_at_once_lose_no_action_silently_and_keep_both_preferences_changed_at_once(
    context: BrowserContext, site: Site
) -> None:
    first = open_tab(context, site)
    problems = [watch_problems(first)]
    open_match(first, site, DICE)
    second = open_tab(context, site)
    problems.append(watch_problems(second))
    open_match(second, site, DICE)
    raced = lost = conflicts = 0
    for round_ in range(ROUNDS):
        for page in (first, second):
            wait_idle(page)
        view = engine(first)["view"]
        before = {page: len(said(page)) for page in (first, second)}
        played = len(actions(stored_record(first)))
        moves = two_moves(view) if view["phase"] == "move" else None
        if view["phase"] == "roll" or (view["phase"] == "move" and moves is None and view.get("can_confirm")):
            # Both tabs roll at once, or end the complete play (Done) at once.
            action = "roll" if view["phase"] == "roll" else "confirm"
            # A click event each (a real click waits for frames, which a tab in the background never draws).
            for page in (first, second):
                page.locator(f"#controls button[data-action='{action}']").dispatch_event("click")
        elif moves is not None:
            # Pick up a checker in each tab (no action yet), then put both down at once.
            for page, (source, _) in zip((first, second), moves, strict=True):
                page.bring_to_front()
                point(page, source).click()
            # Where each tab's destination is, found first; then a mouse click in each, a few ms apart.
            spots = []
            for page, (_, dest) in zip((first, second), moves, strict=True):
                box = point(page, dest).bounding_box()
                assert box is not None
                spots.append((page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
            for page, x, y in spots:
                page.mouse.click(x, y)
        else:
            break
        raced += 1
        for page in (first, second):
            page.wait_for_function("() => document.documentElement.dataset.idle === 'true'", timeout=30_000)
        # Both tabs settle on the stored match: what each engine holds and each board shows is what is stored.
        for _ in range(40):
            stored = stored_record(first)
            held = [engine(page)["record"] for page in (first, second)]
            if all(record == stored for record in held):
                break
            first.wait_for_timeout(50)
        assert all(record == stored for record in held), f"round {round_}: a tab holds what is not stored"
        shown = [page.text_content("#position-id") for page in (first, second)]
        assert shown[0] == shown[1] == engine(first)["view"]["position_id"], f"round {round_}: {shown}"
        # The move each tab made is in the stored match (a tab that heard of the other's move first may have
        # made its own after it), or that tab said it was not kept.
        made = [(str(a.get("from")), str(a.get("to"))) for a in actions(stored)[played:] if "from" in a]
        for page in (first, second):
            conflicts += any(NOT_KEPT in text for text in said(page)[before[page] :])
        for page, move in zip((first, second), moves or [], strict=False):
            news = said(page)[before[page] :]
            # A tab that heard of the other's move before its own click made none (its selection was dropped).
            if not kept(move, made) and any(MOVED.match(text) for text in news):
                lost += 1
                told = any(NOT_KEPT in text for text in news)
                assert told, f"round {round_}: {move} dropped without a word: {news} {made}"
    assert raced >= 5, f"only {raced} rounds could be raced"
    assert conflicts >= 1, f"in {raced} rounds the two tabs' actions never met"
    assert lost >= 1, f"in {raced} rounds no tab's move was the one not kept"
    print(f"{raced} rounds raced, {conflicts} actions not kept ({lost} of them moves), each said so")
    screenshot(second, "two-tabs-after-the-races")
    # The same two tabs, preferences changed in both at once.
    preferences_changed_in_both_at_once(first, second)
    for found in problems:
        assert found.all == [], found.all


def test_a_save_whose_tab_went_away_before_telling_is_taken_up_when_a_tab_opens(
    context: BrowserContext, site: Site
) -> None:
    """A tab reloaded (or closed) while it saves: the save is kept, but the page is gone before it tells the
    other tabs (web/keyval.js tells them once the transaction is kept). The other tab must not go on showing
    the position before it; the page that opens next asks every tab to look again."""
    first = open_tab(context, site)
    open_match(first, site, DICE)
    second = open_tab(context, site)
    problems = watch_problems(second)
    open_match(second, site, DICE)
    # The first tab's notices never leave it, as when it went away between its save and the notice.
    first.evaluate("BroadcastChannel.prototype.postMessage = function () {}")
    first.bring_to_front()
    view = engine(first)["view"]
    moves = two_moves(view)
    assert view["phase"] == "move" and moves is not None, view
    (source, dest), _ = moves
    click_move(first, source, dest)
    stored = stored_record(first)
    assert actions(stored)[-1].get("to") is not None, actions(stored)[-1]
    second.wait_for_timeout(1000)
    assert engine(second)["record"] != stored, "the second tab heard of a save that was never told"
    # The first tab comes back (a reload): its new page tells nothing of its own, yet the second takes it up.
    first.reload()
    wait_idle(first)
    second.bring_to_front()
    second.wait_for_function(
        "id => document.querySelector('#position-id')?.textContent === id",
        arg=engine(first)["view"]["position_id"],
        timeout=10_000,
    )
    assert engine(second)["record"] == stored
    expect(second.locator("#notice-text")).to_contain_text("changed in another tab")
    screenshot(second, "two-tabs-a-save-told-late")
    assert problems.all == [], problems.all


def stored_preferences(page: Page) -> dict[str, Any]:
    text = page.evaluate("localStorage.getItem('backgammon.preferences.v1')")
    data: dict[str, Any] = json.loads(text or "{}")
    return data


def preferences_changed_in_both_at_once(first: Page, second: Page) -> None:
    """Two tabs of the site, idle: each change of a preference in either is kept, in both."""
    # The second tab picks a theme and the first turns the sound on, at the same moment: each tab writes what
    # it read a moment before, so one write lands on the other's.
    second.bring_to_front()
    second.click("#preferences-button")
    second.locator("#preferences-form select[name=theme]").select_option("dark")
    second.locator("#preferences-form button[value=save]").click(no_wait_after=True)
    first.locator("#sound-button").click(no_wait_after=True)
    for page in (first, second):
        expect(page.locator("html")).to_have_attribute("data-theme", "dark")
        expect(page.locator("#sound-button")).to_have_attribute("aria-pressed", "true")
    stored = stored_preferences(first)
    assert (stored["theme"], stored["sound"]) == ("dark", True), stored
    # One preference changed in both tabs: the later change wins in both.
    second.locator("#sound-button").click()  # off
    for page in (first, second):
        expect(page.locator("#sound-button")).to_have_attribute("aria-pressed", "false")
    assert stored_preferences(second)["sound"] is False
