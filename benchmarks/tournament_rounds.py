"""The time from the last result of a tournament's round to every participant's device showing the next
pairing (issue 47's figure): the real built site, a local relay (scripts/local_relay.py), and browser contexts
of the system Chromium, each a participant whose panel is open. docs/performance.md ("Tournaments: from a
round's last result to the next pairing") keeps the figures.

    python3 -m benchmarks.tournament_rounds                       # 4 devices, a knock-out of 16, twice
    python3 -m benchmarks.tournament_rounds --devices 4 --entrants 16 --tournaments 2

Playing whole matches through the page would time the matches, not the tournament: every event here is
signed by this script and sent straight to the relay, as anyone may. The devices' own keys (read from their
storage after the lobby made them) are four of the entrants, so each device shows its own next match; the
other entrants' keys are this script's. For each round, both players' results of all its matches are sent
at once; the clock starts as the batch goes to the relay, and each device notes (Date.now, the same clock)
when its panel first shows every table of the next round with both of its players.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, serving
from scripts.local_relay import local_relay
from scripts.remote_harness import build_site_for_relay

from backgammon.tournament.draw import commitment
from backgammon.tournament.held import Tournaments
from backgammon.tournament.state import TournamentView
from benchmarks.lobby_verify import _point
from benchmarks.tournament_results import TOPIC, Key, key, signed

# When this page's panel first showed every table of a round with both its players, by round.
WATCH_ROUND = """([round, tables]) => {
  window.__roundSeen ??= {};
  delete window.__roundSeen[round]; // a tournament before on this page had its own round of that number
  const players = `#tournament-rounds .tournament-table[data-round="${round}"] .tournament-player[data-key]`;
  const full = () => document.querySelectorAll(players).length === 2 * tables;
  const timer = setInterval(() => {
    if (full()) {
      window.__roundSeen[round] ??= Date.now();
      clearInterval(timer);
    }
  }, 10);
}"""


# The text the page keeps under the key ending in `suffix` (web/keyval.js: IndexedDB "backgammon", "texts").
STORED_TEXT = """async (suffix) => {
  const db = await new Promise((done, fail) => {
    const request = indexedDB.open("backgammon");
    request.onsuccess = () => done(request.result);
    request.onerror = () => fail(request.error);
  });
  const store = db.transaction("texts", "readonly").objectStore("texts");
  const asked = (request) => new Promise((done) => { request.onsuccess = () => done(request.result); });
  const key = (await asked(store.getAllKeys())).find((k) => String(k).endsWith(suffix));
  const text = key === undefined ? null : await asked(store.get(key));
  db.close();
  return text;
}"""

# Events sent straight to the relay from a page (its policy allows the relay); the relay's answers.
PUBLISH = """async ([url, events]) => {
  const socket = new WebSocket(url);
  await new Promise((done) => socket.addEventListener("open", done, { once: true }));
  const answers = [];
  const all = new Promise((done) => socket.addEventListener("message", (message) => {
    const data = JSON.parse(message.data);
    if (data[0] === "OK") answers.push(data);
    if (answers.length === events.length) done();
  }));
  for (const event of events) socket.send(JSON.stringify(["EVENT", event]));
  await Promise.race([all, new Promise((done) => setTimeout(done, 30000))]);
  socket.close();
  return answers;
}"""


def wait_until(condition: Callable[[], bool], timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, "the condition did not come true"
        time.sleep(0.05)


def publish(page: Page, relay: str, events: list[dict[str, Any]]) -> None:
    answers: list[list[Any]] = page.evaluate(PUBLISH, [relay, events])
    assert len(answers) == len(events) and all(answer[2] for answer in answers), answers


def open_lobby(page: Page, site: str, name: str) -> None:
    """The site, then *Play online…* → *Find an opponent*, with a name: the lobby made this device's key."""
    page.goto(f"{site}?no-welcome")
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=600_000)
    page.click("#online-button")
    page.click("#lobby-button")
    page.wait_for_selector("#lobby-list li", timeout=120_000)
    page.fill("#lobby-form input[name=name]", name)


def open_panel(page: Page, name: str) -> None:
    """*Open* on the tournament's row of the lobby's list (the panel before it closed first)."""
    if page.is_visible("#tournament-dialog"):
        page.click("#tournament-dialog button[value=close]")
    row = f"#lobby-tournament-list li.tournament-row:has(.lobby-name:text-is('{name}'))"
    page.click(f"{row} button:text-is('Open')", timeout=120_000)
    page.wait_for_selector("#tournament-dialog[open]")


def device_key(page: Page) -> Key:
    """The key the page's lobby made for this device (web/lobby/identity.js keeps its secret)."""
    text = page.evaluate(STORED_TEXT, ".identity.v1")
    secret = int(json.loads(str(text))["secret"], 16)
    return secret, _point(secret)[0].to_bytes(32, "big").hex()


def drawn_events(players: list[Key], organiser: Key, name: str, d: str) -> tuple[str, list[dict[str, Any]]]:
    """A knock-out's announcement, its entries, closing and reveals, all dated now: drawn once heard."""
    now = int(time.time())
    closes = now + 600
    address = f"31663:{organiser[1]}:{d}"
    tags = [["a", address], ["t", TOPIC]]
    values = [hashlib.sha256(f"{d}/{n}".encode()).hexdigest() for n in range(len(players))]
    terms = {"v": 1, "name": name, "format": "knockout", "length": 1, "mode": "live", "places": len(players)}
    events = [
        signed(
            organiser, 31663, now - 10, [["d", d], ["t", TOPIC]], {**terms, "rated": False, "closes": closes}
        )
    ]
    entries = [
        signed(
            p, 1663, now - 9, tags, {"v": 1, "name": f"Player {n + 1}", "commitment": commitment(values[n])}
        )
        for n, p in enumerate(players)
    ]
    closing = {"v": 1, "entries": sorted(str(e["id"]) for e in entries), "reveals_until": closes + 900}
    events += [*entries, signed(organiser, 1664, now - 8, tags, closing)]
    events += [signed(p, 1665, now - 7, tags, {"v": 1, "value": values[n]}) for n, p in enumerate(players)]
    return address, events


def round_results(
    shown: TournamentView, round_number: int, by_key: dict[str, Key], address: str
) -> list[dict[str, Any]]:
    """Both players' signed results of every match of a round, the first named player winning each."""
    now = int(time.time())
    events = []
    for pairing in shown["rounds"][round_number - 1]:
        if pairing["bye"]:
            continue
        one, two = (str(p) for p in pairing["players"])
        match = hashlib.sha256(f"{address}/{pairing['round']}/{pairing['table']}".encode()).hexdigest()[:22]
        result = {"v": 1, "match": match, "length": 1, "rated": False, "players": [one, two], "score": [1, 0]}
        result |= {"winner": one, "final": "A" * 43, "ended": now - 2, "tournament": address}
        result |= {"round": pairing["round"], "table": pairing["table"]}
        for me, other in ((one, two), (two, one)):
            events.append(
                signed(by_key[me], 1660, now - 1, [["p", other], ["t", TOPIC], ["a", address]], result)
            )
    return events


def one_tournament(pages: list[Page], relay: str, entrants: int, number: int) -> list[list[float]]:
    """A knock-out of `entrants` decided round by round; per round after the first, each device's seconds
    from its results' sending to the next round shown whole."""
    players = [device_key(page) for page in pages] + [
        key(f"rounds {number}/{n}") for n in range(entrants - len(pages))
    ]
    organiser = key(f"rounds organiser {number}")
    name = f"Rounds cup {number}"
    address, events = drawn_events(players, organiser, name, f"roundscup{number:05d}")
    here = Tournaments()  # this script's own view of the bracket, to know each round's pairings
    here.receive(events, int(time.time()))
    publish(pages[0], relay, events)
    for page in pages:
        open_panel(page, name)
        page.wait_for_selector("#tournament-phase[data-phase='drawn']", timeout=120_000)
    by_key = {p[1]: p for p in players}
    delays: list[list[float]] = []
    tournament = here.held[address]
    shown = tournament.view(int(time.time()))
    rounds = len(shown["rounds"])
    for round_number in range(1, rounds):
        tables = len(shown["rounds"][round_number])
        for page in pages:
            page.evaluate(WATCH_ROUND, [round_number + 1, tables])
        results = round_results(shown, round_number, by_key, address)
        here.receive(results, int(time.time()))
        sent = time.time() * 1000
        publish(pages[0], relay, results)
        next_round = round_number + 1

        def everywhere(n: int = next_round) -> bool:
            return all(p.evaluate("(n) => Boolean(window.__roundSeen?.[n])", n) for p in pages)

        try:
            wait_until(everywhere, timeout_s=180)
        except AssertionError:
            for page in pages:  # what each device shows instead, to say why
                print(page.inner_text("#tournament-dialog"), flush=True)
            raise
        seen = [float(p.evaluate("(n) => window.__roundSeen[n]", round_number + 1)) for p in pages]
        delays.append([(at - sent) / 1000 for at in seen])
        shown = tournament.view(int(time.time()))
        print(
            f"  round {round_number} -> {round_number + 1} ({len(results)} results): "
            + ", ".join(f"{d:.2f} s" for d in delays[-1])
            + f"; every device {max(delays[-1]):.2f} s",
            flush=True,
        )
    return delays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--devices", type=int, default=4, help="participants' devices (browser contexts)")
    parser.add_argument(
        "--entrants", type=int, default=16, help="entrants of each knock-out (a power of two)"
    )
    parser.add_argument("--tournaments", type=int, default=2, help="knock-outs decided one after the other")
    args = parser.parse_args()
    with local_relay() as relay, tempfile.TemporaryDirectory() as folder:
        dist = build_site_for_relay(Path(folder) / "dist", relay)
        with serving(dist) as server, sync_playwright() as p:
            browser: Browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            site = str(server.url)
            pages = [
                browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
                for _ in range(args.devices)
            ]
            for n, page in enumerate(pages):
                open_lobby(page, site, f"Device {n + 1}")
            every: list[float] = []
            for number in range(args.tournaments):
                print(f"a knock-out of {args.entrants}, {args.devices} participants' devices:", flush=True)
                every += [max(round_) for round_ in one_tournament(pages, relay, args.entrants, number)]
            spread = f"{min(every):.2f}–{max(every):.2f} s"
            print(
                f"last result -> next pairing on every device: median {statistics.median(every):.2f} s, "
                f"range {spread} ({len(every)} rounds)",
                flush=True,
            )
            browser.close()


if __name__ == "__main__":
    main()
