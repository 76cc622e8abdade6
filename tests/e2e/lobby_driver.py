"""The lobby through the page, as a player uses it (tests/e2e/test_lobby.py, benchmarks/lobby_page.py): open
*Find an opponent*, post, find a row; and events sent straight to a relay, as anyone may."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect
from scripts.remote_harness import CONNECT_TIMEOUT_MS
from tests.e2e import remote_driver as rd

ROW = "#lobby-list li.lobby-row"


def open_lobby(page: Page, site: str, name: str) -> None:
    page.goto(f"{site}?no-welcome")
    rd.wait_ready(page)
    rd.open_online(page, "lobby")
    page.wait_for_selector("#lobby-list li")
    page.fill("#lobby-form input[name=name]", name)


def post(page: Page, length: int, mode: str = "live", *, rated: bool = False) -> None:
    """*Post an invitation*: `length` points, `mode` "live" or "links" (listed for a day), rated or not."""
    if page.get_attribute("#lobby-post", "open") is None:
        page.click("#lobby-post summary")
    page.fill("#lobby-form input[name=length]", str(length))
    page.check(f"#lobby-form input[name=mode][value={mode}]")
    page.set_checked("#lobby-form input[name=rated]", rated)
    page.click("#lobby-post-button")


def meet(
    site: str, ann: Page, bob: Page, length: int, *, rated: bool = False, watchable: bool = True
) -> None:
    """Ann posts a live invitation of `length` points (rated or not, watching on or off), Bob accepts it; both
    boards connected."""
    open_lobby(ann, site, "Ann")
    ann.set_checked("#lobby-form input[name=watchable]", watchable)
    post(ann, length, rated=rated)
    ann.wait_for_selector(f"{ROW}.lobby-yours:has-text('{length}-point match')")
    open_lobby(bob, site, "Bob")
    bob.click(f"{own_row(ann, length)} button:text-is('Accept')")
    for page in (ann, bob):
        page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)


def row(page: Page, poster_name: str, length: int) -> str:
    return f"{ROW}:has(.lobby-name:text-is('{poster_name}')):has-text('{length}-point match')"


def own_row(page: Page, length: int) -> str:
    """The row of `page`'s own invitation of `length` points, on any device's list: by its poster's key, not
    the name (another test's Ann may still have an invitation of the same length standing on the module's
    relay: its page closed before it could withdraw it, and an accept of it is answered by no one)."""
    key = page.get_attribute(f"{ROW}.lobby-yours:has-text('{length}-point match')", "data-poster") or ""
    assert key, "no invitation of this page's listed"
    return f"{ROW}[data-poster='{key}']:has-text('{length}-point match')"


def publish(page: Page, relay: str, events: list[dict[str, Any]]) -> list[Any]:
    """Events sent straight to the relay from a page (its policy allows the relay); the relay's answers."""
    answers: list[Any] = page.evaluate(
        """async ([url, events]) => {
             const socket = new WebSocket(url);
             await new Promise((done) => socket.addEventListener("open", done, { once: true }));
             const answers = [];
             const all = new Promise((done) => socket.addEventListener("message", (message) => {
               const data = JSON.parse(message.data);
               if (data[0] === "OK") answers.push(data);
               if (answers.length === events.length) done();
             }));
             for (const event of events) socket.send(JSON.stringify(["EVENT", event]));
             await Promise.race([all, new Promise((done) => setTimeout(done, 10000))]);
             socket.close();
             return answers;
           }""",
        [relay, events],
    )
    return answers


def relay_events(page: Page, relay: str, wanted: dict[str, Any]) -> list[dict[str, Any]]:
    """The events the relay holds that the filter `wanted` asks for (asked from a page, whose policy allows
    the relay)."""
    events: list[dict[str, Any]] = page.evaluate(
        """async ([url, wanted]) => {
             const socket = new WebSocket(url);
             await new Promise((done) => socket.addEventListener("open", done, { once: true }));
             const events = [];
             await new Promise((done) => {
               socket.addEventListener("message", (message) => {
                 const data = JSON.parse(message.data);
                 if (data[0] === "EVENT") events.push(data[2]);
                 if (data[0] === "EOSE") done();
               });
               socket.send(JSON.stringify(["REQ", "asked", wanted]));
             });
             socket.close();
             return events;
           }""",
        [relay, wanted],
    )
    return events


# ---- tournaments (tests/e2e/test_tournament.py) ------------------------------------------------------------

TOURNAMENT_ROW = "#lobby-tournament-list li.tournament-row"


def tournament_row(name: str) -> str:
    return f"{TOURNAMENT_ROW}:has(.lobby-name:text-is('{name}'))"


def organise(
    page: Page,
    name: str,
    *,
    places: int = 4,
    length: int = 1,
    tournament_format: str = "knockout",
    closes_minutes: int = 30,
    mode: str = "live",
    presses: int = 1,
) -> None:
    """*Organise a tournament*: its name, the format ("knockout" or "roundrobin"), matches of `length` points,
    `mode` ("live", or "links" with a day to move), `places` places, not rated, registration closing in
    `closes_minutes`; announced (*Announce* pressed `presses` times in a row, as a double click does)."""
    if page.get_attribute("#lobby-organise", "open") is None:
        page.click("#lobby-organise summary")
    page.fill("#lobby-form input[name=tournament-name]", name)
    page.select_option("#lobby-form select[name=tournament-format]", tournament_format)
    page.fill("#lobby-form input[name=tournament-length]", str(length))
    page.check(f"#lobby-form input[name=tournament-mode][value={mode}]")
    if mode == "links":
        page.select_option("#lobby-form select[name=tournament-move-hours]", "24")
    page.fill("#lobby-form input[name=tournament-places]", str(places))
    page.fill("#lobby-form input[name=tournament-closes]", str(closes_minutes))
    page.select_option("#lobby-form select[name=tournament-closes-unit]", "60")
    page.click("#lobby-organise-button", click_count=presses)


def open_tournament(page: Page, name: str) -> None:
    """*Open* on the tournament's row: its panel shown over the lobby, drawn (the worker's view is drawn after
    the dialog opens)."""
    page.click(f"{tournament_row(name)} button:text-is('Open')")
    page.wait_for_selector("#tournament-dialog[open]")
    expect(page.locator("#tournament-title")).to_have_text(name)


def bracket(page: Page) -> list[list[list[str]]]:
    """The bracket (or rounds) the panel shows: per round, per table, each player as "<key> <name>" (the key
    from the drawing, the name as shown, less the " (you)" of one's own), or the text of an empty place."""
    shown: list[list[list[str]]] = page.eval_on_selector_all(
        "#tournament-rounds li.tournament-round",
        """(rounds) => rounds.map((round) => Array.from(round.querySelectorAll("li.tournament-table"),
             (table) => Array.from(table.querySelectorAll(":scope > .tournament-player"),
               (p) => `${p.dataset.key ?? "-"} ${p.textContent.replace(" (you)", "")}`)))""",
    )
    return shown
