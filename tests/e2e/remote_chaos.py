"""The chaos monkey's remote seat: two devices (two browser contexts) play one live match through the page,
and at each step the monkey picks a device and does something a person might: a random checker dragged or
clicked, a random button of the turn (double, take, drop, undo, roll), a key, a chat line, a reload, the tab
closed and the link opened again. After each step, what must hold whatever was done:

- no error in either page (but the one trystero logs when the friend's device goes away);
- the two devices' records of the match never fork: one is always the other's beginning (or both the same);
- each record replays under the rules core (every roll checked against both commitments, every move legal);
- the match is never stuck: once both pages are quiet, a person on one of the devices has something to do,
  or the match is over.

`run_remote_chaos(browser, site, seed, steps)` returns a summary; test_remote_play.py runs a short one.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page
from scripts.remote_harness import CONNECT_TIMEOUT_MS, RECORD_CSP_VIOLATIONS
from tests.e2e import remote_driver as rd
from tests.e2e.match_driver import next_frame
from tests.e2e.stored import stored_text

from backgammon.remote.messages import check_message
from backgammon.remote.protocol import replay_transcript

FRIEND_GONE = "Trystero peer error: OperationError: User-Initiated Abort, reason=Close called"
# How long the devices may take to meet again before the match counts as stuck: a line lost (a tab closed, or
# the data channel dropped on a loaded machine) is joined anew after 2, 5, 10, 20, then every 30 s
# (web/remote/transport.js REJOIN_DELAYS_MS), so past the longest of those and a connection's few seconds.
QUIET_S = 45.0


@dataclass
class RemoteDevice:
    name: str
    context: BrowserContext
    link: str = ""
    problems: list[str] = field(default_factory=list)
    page: Page | None = None

    def open(self, url: str) -> Page:
        page = self.context.new_page()
        page.add_init_script(RECORD_CSP_VIOLATIONS)
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on(
            "console",
            lambda m: (
                self.problems.append(f"console: {m.text}")
                if m.type == "error" and FRIEND_GONE not in m.text
                else None
            ),
        )
        page.goto(url)
        self.page = page
        return page

    @property
    def live(self) -> Page:
        assert self.page is not None
        return self.page


def transcript(page: Page) -> list[dict[str, Any]]:
    shown = page.evaluate("sessionStorage.getItem('backgammon.remote.shown')")
    if not shown:
        return []
    text = stored_text(page, f"backgammon.remote.{shown}.v1")
    if text is None:
        return []
    messages: list[dict[str, Any]] = json.loads(text)["record"]["state"]["transcript"]
    return messages


@dataclass
class RemoteMonkey:
    devices: tuple[RemoteDevice, RemoteDevice]
    rng: random.Random
    log: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)

    def pages(self) -> list[Page]:
        return [device.live for device in self.devices]

    def step(self) -> None:
        device = self.rng.choice(self.devices)
        page = device.live
        roll = self.rng.random()
        if roll < 0.55:
            kind = self.play(page)
        elif roll < 0.70:
            kind = self.button(page)
        elif roll < 0.78:
            kind = self.key(page)
        elif roll < 0.84:
            kind = self.chat(page)
        elif roll < 0.92:
            page.reload()
            rd.wait_ready(page)
            kind = "reload"
        else:
            page.close()
            device.open(device.link)
            rd.wait_ready(device.live)
            kind = "close and open the link again"
        self.counts[kind.split(":")[0]] = self.counts.get(kind.split(":")[0], 0) + 1
        self.log.append(f"{device.name}: {kind}")

    def play(self, page: Page) -> str:
        """A checker picked up and put down somewhere (legal or not), or the turn's main step."""
        s = rd.state(page)
        if not s["sources"] or self.rng.random() < 0.2:
            return rd.act_once(page) if rd.has_work(s) else "play: nothing to do"
        source = self.rng.choice(s["sources"])
        page.click(f"#board .target[data-loc='{source}']")
        next_frame(page)
        locs = "(ts) => ts.map((t) => t.getAttribute('data-loc'))"
        targets = page.eval_on_selector_all("#board .target", locs)
        dests = page.eval_on_selector_all("#board .target.dest", locs)
        dest = self.rng.choice(dests) if dests and self.rng.random() < 0.85 else self.rng.choice(targets)
        page.click(f"#board .target[data-loc='{dest}']")
        return f"play: {source} -> {dest}"

    def button(self, page: Page) -> str:
        buttons = rd.state(page)["buttons"]
        if not buttons:
            return "button: none shown"
        name = self.rng.choice(buttons)
        page.click(f"#controls button[data-action='{name}']")
        return f"button: {name}"

    def key(self, page: Page) -> str:
        key = self.rng.choice(["Enter", " ", "u", "Escape", "ArrowLeft", "ArrowRight", "c", "d", "Control+d"])
        page.keyboard.press(key)
        return f"key: {key}"

    def chat(self, page: Page) -> str:
        if page.is_hidden("#remote-chat-form"):
            return "chat: hidden"
        text = self.rng.choice(["gl", "<i>hi</i>", "ok " * 40, "🎲"])
        page.fill("#remote-chat-text", text)
        page.click("#remote-chat-form button[type=submit]")
        return "chat"

    def check(self) -> None:
        """The invariants, once both pages are quiet."""
        for page in self.pages():
            page.wait_for_selector("html[data-idle='true']", state="attached", timeout=CONNECT_TIMEOUT_MS * 2)
        for device in self.devices:
            assert device.problems == [], (device.name, device.problems, self.log[-10:])
            assert device.live.evaluate("window.__cspViolations") == [], device.name
        records = [transcript(page) for page in self.pages()]
        # Both pages show the match after every step (an empty record would pass the checks below for a page
        # that lost it): at least the invitation and the join.
        for device, record in zip(self.devices, records, strict=True):
            assert len(record) >= 2, (f"{device.name} shows no match", self.log[-10:])
        shorter, longer = sorted(records, key=len)
        assert longer[: len(shorter)] == shorter, ("the two records forked", self.log[-10:])
        for record in records:
            replay_transcript([check_message(message) for message in record])

    def check_not_stuck(self) -> bool:
        """Someone can act, or the match is over (True: over); waits for the devices to meet again."""
        deadline = time.monotonic() + QUIET_S
        while time.monotonic() < deadline:
            states = [rd.state(page) for page in self.pages()]
            if all(s["phase"] == "match_over" for s in states):
                return True
            if any(rd.has_work(s) for s in states):
                return False
            time.sleep(0.1)
        states = [rd.state(page) for page in self.pages()]
        raise AssertionError(f"stuck: nobody can act ({states}); {self.log[-12:]}")


def run_remote_chaos(browser: Browser, site: str, seed: int, steps: int) -> dict[str, Any]:
    rng = random.Random(seed)
    contexts = [browser.new_context(viewport={"width": 1100, "height": 820}) for _ in range(2)]
    try:
        host, guest = RemoteDevice("host", contexts[0]), RemoteDevice("guest", contexts[1])
        host.open(f"{site}?no-welcome")
        rd.wait_ready(host.live)
        rd.invite(host.live, "Ann", length=rng.choice([1, 3]))
        link = rd.invitation_link(host.live)
        host.link = guest.link = link
        guest.open(link)
        rd.accept_invitation(guest.live, "Bob")
        for page in (host.live, guest.live):
            page.wait_for_selector("html[data-phase='move']", state="attached", timeout=CONNECT_TIMEOUT_MS)
        monkey = RemoteMonkey((host, guest), rng)
        monkey.check()
        over = False
        done = 0
        while done < steps and not over:
            done += 1
            try:
                monkey.step()
                monkey.check()
                over = monkey.check_not_stuck()
            except Exception as error:
                # The steps that led here, to replay them (REMOTE_CHAOS_SEED, REMOTE_CHAOS_STEPS).
                error.add_note(f"seed {seed}, step {done}: " + "; ".join(monkey.log[-12:]))
                raise
        records = [transcript(page) for page in monkey.pages()]
        # "over" is what the pages showed; the record itself must say so too (a match won, or claimed).
        ended = replay_transcript([check_message(message) for message in max(records, key=len)]).finished
        return {
            "seed": seed,
            "steps": done,
            "over": over,
            "ended": ended,
            "messages": max(len(r) for r in records),
            "actions": monkey.counts,
            "log": monkey.log,
        }
    finally:
        for context in contexts:
            context.close()
