"""Following a tournament from its panel (web/lobby/tournament-follow.js, docs/tournaments.md *Following a
tournament*): five people at five devices (browser contexts) on the real built site and a local relay. Four
enter a knock-out and play their semi-finals through the page; Eve, who never entered, opens its panel: each
table says what its match is doing, she watches the match in progress that may be watched (the lobby's
watching mode, every message proven by her worker's rules core), is told in words that the other is not
published for watching, and reviews the finished matches from the panel: from the watched moves, or, for
the match nobody could watch, is told no record of it is here. A player reviews their own match from their
device's own record. The panel on a phone, upright and sideways: axe, screenshots, nothing cut."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from scripts.remote_harness import CONNECT_TIMEOUT_MS
from tests.e2e import remote_driver as rd
from tests.e2e.conftest import PageProblems, screenshot
from tests.e2e.lobby_driver import ROW, bracket, open_lobby, open_tournament, organise, tournament_row
from tests.e2e.test_axe import audit


@pytest.fixture
def five(browser: Browser, page_problems: PageProblems) -> Iterator[list[Page]]:
    """Five browser contexts (five profiles), a page each; the error trystero logs when a device closes the
    connection (a context closed at the end) is expected."""
    page_problems.expect(r"^Trystero peer error: OperationError: User-Initiated Abort, reason=Close called$")
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(5)]
    try:
        yield [context.new_page() for context in contexts]
    finally:
        for context in contexts:
            context.close()


def drawn_knockout(site: str, entrants: dict[str, Page], name: str) -> dict[str, str]:
    """The first of `entrants` organises a 4-place live knock-out of 1-point matches, all four join from the
    list (registration closes by itself once every place is taken): drawn on every device. Their keys, by
    name."""
    organiser = next(iter(entrants.values()))
    open_lobby(organiser, site, next(iter(entrants)))
    organise(organiser, name, places=4, length=1, closes_minutes=30)
    organiser.wait_for_selector(f"{tournament_row(name)}.lobby-yours", timeout=CONNECT_TIMEOUT_MS)
    for who, page in entrants.items():
        if page is not organiser:
            open_lobby(page, site, who)
        page.click(f"{tournament_row(name)} button:text-is('Join')", timeout=CONNECT_TIMEOUT_MS)
        page.wait_for_selector(f"{tournament_row(name)}:has-text('you entered')", timeout=CONNECT_TIMEOUT_MS)
    for page in entrants.values():
        page.wait_for_selector(
            f"{tournament_row(name)}:has-text('4 of 4 places taken')", timeout=CONNECT_TIMEOUT_MS
        )
        open_tournament(page, name)
    for page in entrants.values():
        page.wait_for_selector("#tournament-phase[data-phase='drawn']", timeout=CONNECT_TIMEOUT_MS)
    return {
        who: page.get_attribute("#tournament-entrants li.tournament-me", "data-key") or ""
        for who, page in entrants.items()
    }


def drawn_with_ann(site: str, entrants: dict[str, Page], name: str) -> tuple[dict[str, str], list[str], str]:
    """`drawn_knockout` with Ann among the entrants: their keys, Ann's first-round table (as `bracket` reads
    it) and her opponent's key."""
    keys = drawn_knockout(site, entrants, name)
    semis, _ = bracket(entrants["Ann"])
    ann_table = next(t for t in semis if any(p.split(" ")[0] == keys["Ann"] for p in t))
    rival_key = next(k for k in (p.split(" ")[0] for p in ann_table) if k != keys["Ann"])
    return keys, ann_table, rival_key


def table_of(key: str) -> str:
    """The first round's table of the player with `key`, in the panel's bracket."""
    return f"#tournament-rounds li.tournament-table[data-round='1']:has(.tournament-player[data-key='{key}'])"


def play_your_match(
    name: str, poster: Page, accepter: Page, poster_key: str, *, watchable: bool = True
) -> None:
    """*Play your match* from the poster's panel (watching on or off, as the lobby's form says), the opponent
    accepts the invitation for them in the list: both boards connected."""
    poster.click("#tournament-dialog button[value=close]")
    poster.set_checked("#lobby-form input[name=watchable]", watchable)
    open_tournament(poster, name)
    poster.click("#tournament-play")
    expect(poster.locator("#tournament-message")).to_contain_text("Your invitation is posted for")
    accepter.click("#tournament-dialog button[value=close]")
    for_them = f"{ROW}[data-poster='{poster_key}']:has-text('for you')"
    accepter.wait_for_selector(for_them, timeout=CONNECT_TIMEOUT_MS)
    accepter.click(f"{for_them} button:text-is('Accept')")
    for page in (poster, accepter):
        page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)


def reopen_panel(page: Page, name: str) -> None:
    rd.open_online(page, "lobby")
    page.wait_for_selector(tournament_row(name), timeout=CONNECT_TIMEOUT_MS)
    open_tournament(page, name)


def nothing_cut(page: Page) -> None:
    """The panel fits the screen's width (the bracket's region may scroll sideways, by design), and every
    table's words and buttons fit inside their table."""
    fits = page.evaluate(
        """() => {
             const dialog = document.getElementById("tournament-dialog");
             const box = dialog.getBoundingClientRect();
             const wide = dialog.scrollWidth <= dialog.clientWidth + 1
               && box.right <= innerWidth + 1 && box.left >= -1;
             const inside = Array.from(document.querySelectorAll(".tournament-follow > *")).every((item) => {
               const table = item.closest(".tournament-table").getBoundingClientRect();
               const r = item.getBoundingClientRect();
               return r.left >= table.left - 1 && r.right <= table.right + 1;
             });
             return { wide, inside };
           }"""
    )
    assert fits == {"wide": True, "inside": True}, fits


def test_both_players_pressing_play_your_match_start_one_match(
    relay_and_site: tuple[str, str], five: list[Page]
) -> None:
    """The two players of a pairing each press *Play your match*: one after the other, the second accepts the
    first's invitation (and says so in the panel); both at once, the two invitations crossing, the device with
    the smaller key takes the other's. Either way one match starts on both boards, with no accept to find in
    the list."""
    _, site = relay_and_site
    ann, bob, cy, dee, _ = five
    entrants = {"Ann": ann, "Bob": bob, "Cy": cy, "Dee": dee}
    keys, _, rival_key = drawn_with_ann(site, entrants, "Crossing cup")
    rival = entrants[next(who for who, key in keys.items() if key == rival_key)]
    x, y = (page for page in entrants.values() if page not in (ann, rival))

    ann.click("#tournament-play")
    expect(ann.locator("#tournament-message")).to_contain_text("Your invitation is posted for")
    rival.wait_for_selector(
        f"{ROW}[data-poster='{keys['Ann']}']:has-text('for you')", timeout=CONNECT_TIMEOUT_MS
    )
    rival.click("#tournament-play")
    expect(rival.locator("#tournament-message")).to_have_text(
        "Ann had invited you already: you accepted their invitation, and the match starts when their device"
        " answers."
    )
    x.click("#tournament-play")
    y.click("#tournament-play")
    for page in (ann, rival, x, y):
        page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
    for page in (x, y):
        expect(page.locator("#tournament-dialog")).to_be_hidden()
    screenshot(x, "tournament-crossing-started-1280x800")


def test_matches_in_progress_are_watched_and_finished_ones_reviewed_from_the_panel(
    relay_and_site: tuple[str, str], five: list[Page]
) -> None:
    _, site = relay_and_site
    ann, bob, cy, dee, eve = five
    entrants = {"Ann": ann, "Bob": bob, "Cy": cy, "Dee": dee}
    name = "Follow cup"
    keys, ann_table, rival_key = drawn_with_ann(site, entrants, name)
    names_by_key = {key: who for who, key in keys.items()}
    rival = entrants[names_by_key[rival_key]]
    x_key, y_key = sorted(k for k in keys.values() if k not in (keys["Ann"], rival_key))
    x, y = entrants[names_by_key[x_key]], entrants[names_by_key[y_key]]

    # Eve never entered: the tournament is in her lobby's list, and its panel says both matches are to play.
    open_lobby(eve, site, "Eve")
    eve.wait_for_selector(tournament_row(name), timeout=CONNECT_TIMEOUT_MS)
    open_tournament(eve, name)
    for key in (keys["Ann"], x_key):
        expect(eve.locator(f"{table_of(key)} .tournament-state")).to_have_text(
            "To play.", timeout=CONNECT_TIMEOUT_MS
        )
    assert eve.locator("#tournament-rounds .tournament-follow button").count() == 0

    # One semi-final is played with watching off, the other with it on.
    play_your_match(name, x, y, x_key, watchable=False)
    play_your_match(name, ann, rival, keys["Ann"])
    ann_on_eve = eve.locator(table_of(keys["Ann"]))
    expect(ann_on_eve.locator(".tournament-state")).to_have_text("In progress.", timeout=CONNECT_TIMEOUT_MS)
    expect(eve.locator(f"{table_of(x_key)} .tournament-state")).to_have_text(
        "In progress, not published for watching: one of its players chose not to let it be watched.",
        timeout=CONNECT_TIMEOUT_MS,
    )
    assert eve.locator(f"{table_of(x_key)} .tournament-follow button").count() == 0
    screenshot(eve, "tournament-follow-in-progress-1280x800")
    audit(eve, "a tournament's matches in progress")

    # Eve watches Ann's match from the panel: the lobby's watching mode, each message proven by her worker.
    watch = ann_on_eve.locator(".tournament-follow button:text-is('Watch')")
    in_bracket = " against ".join(names_by_key[p.split(" ")[0]] for p in ann_table)  # the draw's order
    expect(watch).to_have_attribute("aria-label", f"Watch the match of {in_bracket}")
    watch.click()
    expect(eve.locator("#watch-panel")).to_be_visible()
    expect(eve.locator("#tournament-dialog")).to_be_hidden()
    expect(eve.locator("#watch-title")).to_have_text(f"Watching Ann against {names_by_key[rival_key]}")
    expect(eve.locator("#watch-proof")).to_contain_text(
        "of the match checked by the rules", timeout=CONNECT_TIMEOUT_MS
    )
    rd.resign_single(rival, ann)
    expect(eve.locator("#watch-status")).to_contain_text("Ann wins the match", timeout=CONNECT_TIMEOUT_MS)
    rd.resign_single(y, x)
    for page in (ann, rival, x, y):
        rd.wait_until(lambda page=page: rd.state(page)["phase"] == "match_over")

    # Both semi-finals are decided: each table offers its review.
    eve.click("#watch-leave")
    reopen_panel(eve, name)
    for key in (keys["Ann"], x_key):
        expect(eve.locator(f"{table_of(key)} .tournament-follow button")).to_have_text(
            "Review", timeout=CONNECT_TIMEOUT_MS
        )
    expect(ann_on_eve.locator(".tournament-state")).to_have_text("Finished: Ann won.")
    # The final is now to play, and nothing else is said of a place still to be decided.
    expect(
        eve.locator("#tournament-rounds li.tournament-table[data-round='2'] .tournament-state")
    ).to_have_text("To play.", timeout=CONNECT_TIMEOUT_MS)
    screenshot(eve, "tournament-follow-finished-1280x800")

    # The match nobody could watch: no record of it here, said in words.
    eve.click(f"{table_of(x_key)} .tournament-follow button:text-is('Review')")
    expect(eve.locator("#tournament-message")).to_contain_text(
        "No record of this match is available here", timeout=CONNECT_TIMEOUT_MS
    )
    expect(eve.locator("#review-panel")).to_be_hidden()
    # Ann's, from its watched moves replayed by Eve's worker.
    ann_on_eve.locator(".tournament-follow button:text-is('Review')").click()
    expect(eve.locator("#review-panel")).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    expect(eve.locator("#review-source")).to_contain_text(f"{name}, round 1: ")
    expect(eve.locator("#review-source")).to_contain_text("from its watched moves")
    expect(eve.locator("#review-source")).to_contain_text("a finished match")
    screenshot(eve, "tournament-follow-review-1280x800")

    # Ann reviews her own match from her device's own record of it.
    reopen_panel(ann, name)
    ann.click(
        f"{table_of(keys['Ann'])} .tournament-follow button:text-is('Review')", timeout=CONNECT_TIMEOUT_MS
    )
    expect(ann.locator("#review-panel")).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    expect(ann.locator("#review-source")).to_contain_text(f"your match of {name}, round 1")
    expect(ann.locator("#review-source")).to_contain_text("a finished match")

    # The panel on a phone, upright and held sideways.
    eve.click("#review-close")
    reopen_panel(eve, name)
    expect(eve.locator(f"{table_of(x_key)} .tournament-follow button")).to_have_text("Review")
    for width, height in ((390, 844), (844, 390)):
        eve.set_viewport_size({"width": width, "height": height})
        eve.locator("#tournament-rounds").scroll_into_view_if_needed()
        nothing_cut(eve)
        screenshot(eve, f"tournament-follow-{width}x{height}", full_page=False)
        audit(eve, f"a tournament's panel at {width}x{height}", ["wcag22aa"])
