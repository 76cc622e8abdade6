"""A seeded monkey for the match page: it plays whole matches the way a hurried new player would (random
clicks and drags anywhere, buttons as they appear, shortcut keys, undo, the cube, resignations, reloads at odd
moments, a second tab, resizes, preference changes) and checks after every step what a player relies on:

- the page answers, and within a bounded time it settles: either a person can act, or the computer is visibly
  working and then acts (never a match that waits for nobody);
- the board drawn (checkers, dice, phase, Position ID) is exactly the engine's view of the match, which is
  exactly the saved record replayed by the rules core in CPython (`load_record` + `build_view`);
- the match only moves forward as the rules allow (a roll, a cube action or a finished turn is never lost or
  re-rolled; only the turn in progress may be taken back);
- no console error, no uncaught exception, no unhandled rejection.

Everything random comes from one seed: the dice script (`?test-dice=`), every choice of the monkey. A
failure prints the seed and the steps, and keeps the record, the steps and a screenshot under
test-results/chaos/, so that `CHAOS_SEED=<seed> pytest tests/e2e/test_chaos.py -k replay` plays the same game
again (timing aside).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

from backgammon.record import load_record
from backgammon.view import build_view

from .conftest import RESULTS_DIR, PageProblems, Site, watch_problems
from .match_driver import PREFERENCES_KEY, STORE_END_TURN, set_up
from .match_driver import steps as steps_queued
from .stored import STORED_TEXT_JS, stored_text

MATCH_KEY = "backgammon-test.match.v1"
#: How long the page may stay busy after a step without a step of its own before it counts as stuck (the
#: expert thinks in under 2 s).
SETTLE_S = float(os.environ.get("CHAOS_SETTLE_S", "30"))
#: The engine's answer budget in the monkey's pages (test mode's `&test-answer-budget=`, ms): a worker killed
#: in the middle of a request (`engine_fault`) is noticed after this long, not after the 15 s a player's page
#: waits (16-17 s of a short game's 35-50 s each time, 2026-12-02). Still far above one answer (each in about
#: a second at most, web/engine/bridge.js; the computer thinks in requests of 250 ms), and a worker that
#: starts has three budgets (24 s).
ANSWER_BUDGET_MS = 8000
#: How long a page may go on by itself while it keeps taking steps: with the turn passing 2 s after a roll
#: that cannot be played, a player closed out on the bar dances turn after turn while the computer bears off,
#: and nobody need act for a minute or more (CI's seed 21: four checkers on the bar, a five-point board).
#: Beyond this, two tabs taking turns for ever would count as stuck.
GOING_ON_S = max(6 * SETTLE_S, 180.0)
ENGINE_READY_S = 60.0
DEBUG_FRAMES = bool(os.environ.get("CHAOS_DEBUG_FRAMES"))
#: Entries of the turn in progress that undo may take away again (resign/reject come after the turn's moves).
UNDOABLE = {"move", "swap_dice", "resign", "reject_resign"}
KEYS = [
    "Enter",
    "Escape",
    "c",
    "i",
    "s",
    "t",
    "d",
    "p",
    "u",
    "h",
    "Control+d",
    "Control+z",
    " ",
    "ArrowLeft",
    "ArrowRight",
    "ArrowUp",
    "ArrowDown",
    "Tab",
    "Home",
    "End",
]
VIEWPORTS = [(1280, 800), (1024, 768), (800, 600), (390, 844), (600, 900), (1600, 1000)]


@dataclass(frozen=True)
class Scenario:
    """Who plays: `opponent` "computer" (at `level`) or "human" (two people on one device); match length;
    how a complete play ends at the start (the preference `endTurn`: "wait" for Done, the default, "delay"
    or "now"; the monkey may change it in Preferences as it goes)."""

    opponent: str
    level: str = "intermediate"
    length: int = 1
    end_turn: str = "wait"
    # "POSITION_ID:MATCH_ID" to set up through the position editor once the match is made (a late position,
    # so that a short game reaches the match's natural end); empty: the match from its opening roll.
    start: str = ""

    @property
    def name(self) -> str:
        who = f"computer-{self.level}" if self.opponent == "computer" else "two-people"
        ending = "" if self.end_turn == "wait" else f"-end-{self.end_turn}"
        return f"{who}-{self.length or 'money'}pt{ending}"


def scenario_for(seed: int) -> Scenario:
    """The long form's mix: each level of the computer and two people, 1- and 3-point matches, money."""
    rng = random.Random(f"scenario-{seed}")
    opponent = rng.choice(["computer", "computer", "computer", "human"])
    level = rng.choice(["beginner", "intermediate", "expert"])
    length = rng.choice([1, 1, 3, 0] if opponent == "human" else [1, 1, 3])
    end_turn = rng.choice(["wait", "wait", "delay", "now"])
    return Scenario(opponent, level, length, end_turn)


class ChaosFailure(AssertionError):
    pass


@dataclass
class DomState:
    data: dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.data[key]


# Every write of the saved match, as each tab made it, and every notice a tab heard of another's (kept in
# sessionStorage so it survives a reload).
WATCH_SAVES_JS = """
(() => {
  const remember = (entry) => {
    const log = JSON.parse(sessionStorage.getItem("chaos-saves") || "[]");
    log.push([Math.round(performance.timeOrigin + performance.now()) % 1000000, ...entry]);
    sessionStorage.setItem("chaos-saves", JSON.stringify(log.slice(-40)));
  };
  const original = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (value, key) {
    if (key === MATCH_KEY) {
      try {
        const e = JSON.parse(value);
        const entries = (e.record?.games ?? []).reduce((n, g) => n + (g.actions?.length ?? 0), 0);
        remember([e.tab, e.revision, entries]);
      } catch {}
    }
    return original.call(this, value, key);
  };
  const channel = new BroadcastChannel("backgammon.storage");
  channel.onmessage = (event) => {
    if (event.data?.key === MATCH_KEY) remember(["heard"]);
  };
})();
""".replace("MATCH_KEY", json.dumps(MATCH_KEY))

SNAPSHOT_JS = """
async () => {
  const saved = await (STORED_TEXT_JS)(MATCH_KEY);
  const html = document.documentElement;
  const checkers = {};
  for (const g of document.querySelectorAll('#board .layer-checkers g.checker')) {
    const key = (g.classList.contains('p0') ? '0' : '1') + ':' + g.getAttribute('data-loc');
    const entry = checkers[key] ?? (checkers[key] = {n: 0, label: null});
    entry.n += 1;
    const text = g.querySelector('text.count');
    if (text) entry.label = Number(text.textContent);
  }
  const counts = {};
  for (const [key, e] of Object.entries(checkers)) counts[key] = e.label ?? e.n;
  for (const p of [0, 1]) {
    counts[p + ':off'] = document.querySelectorAll('#board .layer-checkers rect.borne-off.p' + p).length;
  }
  const dice = [...document.querySelectorAll('#board .dice.current g.die')].map(
    (d) => ({value: Number(d.getAttribute('data-value')), used: d.classList.contains('used')}));
  const controls = {};
  for (const b of document.querySelectorAll('#controls button[data-action]')) {
    controls[b.dataset.action] = {visible: !b.hidden, enabled: !b.disabled};
  }
  return {
    engine: html.dataset.engine ?? null, idle: html.dataset.idle ?? null, busy: html.dataset.busy ?? '',
    phase: html.dataset.phase ?? null, steps: Number(html.dataset.steps || 0),
    status: document.getElementById('status')?.textContent ?? '',
    positionId: (document.getElementById('position-id')?.textContent ?? '').trim(),
    matchId: (document.getElementById('match-id')?.textContent ?? '').trim(),
    counts, dice, controls,
    dialogs: [...document.querySelectorAll('dialog[open]')].map((d) => d.id),
    interactive: Boolean(document.querySelector('#board svg.bg-board.interactive')),
    sources: document.querySelectorAll('#board .target.source').length,
    flying: document.querySelector('#board .layer-float')?.childElementCount ?? 0,
    reviewing: !(document.getElementById('review-panel')?.hidden ?? true),
    saved,
  };
}
""".replace("MATCH_KEY", json.dumps(MATCH_KEY)).replace("STORED_TEXT_JS", STORED_TEXT_JS)


def saved_record_of(dom: DomState) -> dict[str, Any] | None:
    text = dom["saved"]
    if not text:
        return None
    envelope: dict[str, Any] = json.loads(text)
    record: dict[str, Any] = envelope["record"]
    return record


def flat_entries(record: dict[str, Any]) -> list[tuple[int, str]]:
    return [
        (index, json.dumps(action, sort_keys=True))
        for index, game in enumerate(record.get("games", []))
        for action in game.get("actions", [])
    ]


def committed(record: dict[str, Any]) -> list[tuple[int, str]]:
    """The part of a record no action may take back: all but the turn in progress (see UNDOABLE)."""
    entries = flat_entries(record)
    last_game = len(record.get("games", [])) - 1
    end = len(entries)
    while (
        end > 0 and entries[end - 1][0] == last_game and json.loads(entries[end - 1][1])["type"] in UNDOABLE
    ):
        end -= 1
    return entries[:end]


def dice_script(rng: random.Random, rolls: int = 600) -> str:
    return ",".join(f"{rng.randint(1, 6)}{rng.randint(1, 6)}" for _ in range(rolls))


@dataclass
class Monkey:
    context: BrowserContext
    site: Site
    seed: int
    scenario: Scenario
    max_steps: int
    #: Actions left out (by name, see ACTIONS).
    without: frozenset[str] = frozenset()
    #: The step before which a second tab is opened whatever the dice say (0: only when the monkey picks it).
    second_tab_at: int = 0
    rng: random.Random = field(init=False)
    page: Page = field(init=False)
    problems: PageProblems = field(init=False)
    other: Page | None = field(default=None, init=False)
    other_problems: PageProblems | None = field(default=None, init=False)
    front: Page | None = field(default=None, init=False)
    steps: list[str] = field(default_factory=list, init=False)
    url: str = field(default="", init=False)
    baseline: list[tuple[int, str]] = field(default_factory=list, init=False)
    baseline_key: str = field(default="", init=False)
    games_seen: int = field(default=0, init=False)
    checks: int = field(default=0, init=False)
    started: float = field(default_factory=time.monotonic, init=False)
    _replayed: tuple[str, dict[str, Any]] = field(default=("", {}), init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        dice = dice_script(random.Random(f"dice-{self.seed}"))
        self.url = self.site.url(f"?test-dice={dice}&no-sw&no-welcome&test-answer-budget={ANSWER_BUDGET_MS}")

    # ---- bookkeeping --------------------------------------------------------------------------------------

    def log(self, text: str) -> None:
        self.steps.append(f"{len(self.steps) + 1:4d} {time.monotonic() - self.started:7.2f}s {text}")

    def fail(self, reason: str) -> None:
        folder = RESULTS_DIR / "chaos" / f"seed-{self.seed}"
        folder.mkdir(parents=True, exist_ok=True)
        saved = None
        with contextlib.suppress(Exception):
            saved = stored_text(self.page, MATCH_KEY)
        (folder / "record.json").write_text(saved or "null")
        (folder / "steps.txt").write_text("\n".join(self.steps) + "\n")
        (folder / "reason.txt").write_text(reason + "\n")
        with contextlib.suppress(Exception):
            dom = self.snapshot(self.page).data
            dom.pop("saved", None)
            (folder / "page-state.json").write_text(json.dumps(dom, indent=1))
        for name, page in (("main", self.page), ("second", self.other)):
            with contextlib.suppress(Exception):
                if page is not None and not page.is_closed():
                    saves = page.evaluate("sessionStorage.getItem('chaos-saves')")
                    engine = page.evaluate("() => globalThis.backgammonTestProbe?.view() ?? null")
                    (folder / f"{name}-tab.json").write_text(
                        json.dumps(
                            {"saves": json.loads(saves or "[]"), "engine_record": engine and engine["record"]}
                        )
                    )
        with contextlib.suppress(Exception):
            self.page.screenshot(path=str(folder / "screenshot.png"), full_page=True)
        tail = "\n".join(self.steps[-25:])
        raise ChaosFailure(
            f"chaos seed {self.seed} ({self.scenario.name}) failed after {len(self.steps)} steps: {reason}\n"
            f"replay: CHAOS_SEED={self.seed} .venv/bin/python -m pytest tests/e2e/test_chaos.py -k replay\n"
            f"kept in {folder.relative_to(RESULTS_DIR.parent)}/ (record.json, steps.txt, screenshot.png)\n"
            f"last steps:\n{tail}"
        )

    # ---- the run ------------------------------------------------------------------------------------------

    def run(self) -> dict[str, Any]:
        self.page = self.context.new_page()
        self.front = self.page
        self.problems = watch_problems(self.page)
        self.page.add_init_script(WATCH_SAVES_JS)
        # The player's preference for a complete play, stored before the page's first load (and kept after).
        self.page.add_init_script(
            STORE_END_TURN.replace("ARGS", json.dumps([PREFERENCES_KEY, self.scenario.end_turn]))
        )
        self.page.goto(self.url)
        self.log(f"open {self.scenario.name}")
        self.settle()
        self.new_match()
        steps = 0
        while steps < self.max_steps:
            steps += 1
            if steps == self.second_tab_at and self.other is None:
                act_second_tab(self)
            self.step()
            before = time.monotonic()
            dom = self.check()
            self.log(f"(checked in {time.monotonic() - before:.2f} s)")
            if dom["phase"] == "match_over" or (self.scenario.length == 0 and self.games_seen >= 2):
                break
        self.close_other()
        self.check()
        folder = RESULTS_DIR / "chaos"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"last-steps-{self.seed}.txt").write_text("\n".join(self.steps) + "\n")
        final = self.snapshot(self.page)
        record = saved_record_of(final) or {"games": []}
        actions = [action for game in record["games"] for action in game["actions"]]
        last_game = record["games"][-1]["actions"] if record["games"] else []
        return {
            "steps": len(self.steps),
            "checks": self.checks,
            "games": self.games_seen,
            "over": final["phase"] == "match_over",
            "tabs_opened": sum("open a second tab" in line for line in self.steps),
            # What the match saved has grown by: turns played (rolls) and checkers moved, and how it ended.
            "rolls": sum(action["type"] == "roll" for action in actions),
            "checkers_moved": sum(action["type"] == "move" for action in actions),
            "last_action": last_game[-1]["type"] if last_game else None,
        }

    def new_match(self) -> None:
        page = self.page
        self.close_dialogs(page)
        page.click("#new-match-button")
        form = page.locator("#new-match-form")
        form.locator("select[name=opponent]").select_option(self.scenario.opponent)
        if self.scenario.opponent == "computer":  # the level is off when a person plays Black
            form.locator("select[name=level]").select_option(self.scenario.level)
        if self.scenario.length:
            form.locator("input[name=kind][value=match]").check()
            form.locator("input[name=length]").fill(str(self.scenario.length))
        else:
            form.locator("input[name=kind][value=money]").check()
            if self.rng.random() < 0.5:
                form.locator("input[name=beavers]").check()
        form.locator("button[value=start]").click()
        self.log(f"new match {self.scenario.name}")
        self.baseline = []
        self.baseline_key = ""
        self.settle()
        if self.scenario.start:
            position, match_id = self.scenario.start.split(":")
            set_up(page, position, match_id)
            self.log(f"set up {self.scenario.start}")
            self.baseline = []
            self.baseline_key = ""
            self.settle()

    def step(self) -> None:
        """One step: a burst of one to four quick actions (no waiting between them), then the checks."""
        names = [name for name in ACTIONS if name not in self.without]
        for _ in range(self.rng.choice([1, 1, 1, 2, 3, 4])):
            action = self.rng.choices(names, weights=[ACTIONS[name][0] for name in names])[0]
            ACTIONS[action][1](self)
            if DEBUG_FRAMES:
                for page in self.pages():
                    if not frames_alive(page, 1000):
                        self.log(
                            f"(no animation frames in the {'second' if page is self.other else 'main'} tab)"
                        )

    # ---- checks -------------------------------------------------------------------------------------------

    def snapshot(self, page: Page) -> DomState:
        return DomState(page.evaluate(SNAPSHOT_JS))

    def pages(self) -> list[Page]:
        return [p for p in (self.page, self.other) if p is not None and not p.is_closed()]

    def wait_settled(self, page: Page) -> None:
        """Wait until `page` has its engine ready and is idle. A page still taking steps of its own
        (data-steps growing) is going on by itself, not stuck: SETTLE_S more each time, GOING_ON_S in all."""
        began = time.monotonic()
        steps = steps_taken(page)
        while True:
            try:
                page.wait_for_function(
                    "() => document.documentElement.dataset.engine === 'ready'"
                    " && document.documentElement.dataset.idle === 'true'",
                    timeout=(
                        ENGINE_READY_S
                        if page.evaluate("document.documentElement.dataset.engine") != "ready"
                        else SETTLE_S
                    )
                    * 1000,
                )
            except PlaywrightError:
                now = steps_taken(page)
                if now > steps and time.monotonic() - began < GOING_ON_S:
                    self.log(f"(the page went on by itself: {now - steps} steps in {SETTLE_S:.0f} s)")
                    steps = now
                    continue
                raise
            return

    def settle(self) -> None:
        """Wait until every open tab has its engine ready and is idle; fail if a tab stays busy SETTLE_S
        without a step of its own, or GOING_ON_S in all."""
        for page in [*self.pages()[1:], self.page]:
            self.look_at(page)
            try:
                self.wait_settled(page)
            except PlaywrightError as error:
                state = {}
                with contextlib.suppress(Exception):
                    state = self.snapshot(page).data
                    state.pop("saved", None)
                    state.pop("counts", None)
                with contextlib.suppress(Exception):
                    state["tab"] = "second tab" if page is self.other else "main tab"
                    state["visibility"] = page.evaluate("document.visibilityState")
                    # What the page's queue waits on: each open step or hold, when and where it was asked for.
                    state["queue_open"] = page.evaluate("() => globalThis.backgammonQueueOpen?.() ?? null")
                    state["now_ms"] = page.evaluate("() => Math.round(performance.now())")
                    state["animation_frames"] = page.evaluate(
                        "() => new Promise((r) => { let n = 0;"
                        " const f = () => { n += 1; requestAnimationFrame(f); };"
                        " requestAnimationFrame(f); setTimeout(() => r(n), 500); })"
                    )
                self.fail(
                    f"the page did not settle ({SETTLE_S:.0f} s without a step of its own,"
                    f" or {GOING_ON_S:.0f} s in all): {state} ({error})"
                )
            # Let drawing and the glides of the last move land (they run on animation frames).
            with contextlib.suppress(PlaywrightError):
                page.wait_for_function(
                    "() => (document.querySelector('#board .layer-float')?.childElementCount ?? 0) === 0",
                    timeout=3000,
                )
            if not frames_alive(page):
                self.fail(
                    "the page draws no animation frames any more (requestAnimationFrame never called back)"
                )

    def check(self) -> DomState:
        self.checks += 1
        self.check_problems()
        self.settle()
        dom = self.consistent_state()
        self.check_progress(dom)
        self.check_someone_acts(dom)
        self.check_problems()
        return dom

    def check_problems(self) -> None:
        for problems in (self.problems, self.other_problems):
            if problems is not None and problems.all:
                self.fail(f"the page reported problems: {problems.all}")

    def consistent_state(self) -> DomState:
        """The board, the engine and the saved record agree (a second tab may take a moment to hear of it)."""
        last = ""
        for attempt in range(4):
            problems = []
            for page in self.pages():
                dom = self.snapshot(page)
                problems += self.compare(page, dom)
            if not problems:
                return self.snapshot(self.page)
            last = "; ".join(problems)
            self.log(f"(check: not yet consistent: {last[:300]})")
            time.sleep(0.25 * (attempt + 1))
            self.settle()
        self.fail(f"what the page shows differs from the match: {last}")
        raise AssertionError("unreachable")

    def compare(self, page: Page, dom: DomState) -> list[str]:
        who = "second tab" if page is self.other else "page"
        record = saved_record_of(dom)
        if record is None:
            return [f"{who}: no saved match"]
        try:
            view = self.replayed(dom["saved"])
        except Exception as error:
            return [f"{who}: the saved record does not replay: {error}"]
        engine = page.evaluate("() => globalThis.backgammonTestProbe?.view() ?? null")
        problems = []
        if engine is None:
            problems.append(f"{who}: no engine probe")
        else:
            if engine["record"] != record:
                problems.append(
                    f"{who}: the engine's match is not the saved one "
                    f"(engine {len(flat_entries(engine['record']))} entries, "
                    f"saved {len(flat_entries(record))})"
                )
            if engine["view"]["position_id"] != view["position_id"]:
                problems.append(
                    f"{who}: engine position {engine['view']['position_id']} != saved {view['position_id']}"
                )
        if dom["reviewing"]:
            return problems
        if dom["positionId"] != view["position_id"]:
            problems.append(
                f"{who}: shows position {dom['positionId']}, the match is at {view['position_id']}"
            )
        if dom["phase"] != view["phase"]:
            problems.append(f"{who}: shows phase {dom['phase']}, the match is in {view['phase']}")
        if dom["matchId"] != (view["match_id"] or "—"):
            problems.append(f"{who}: shows match ID {dom['matchId']}, the match has {view['match_id']}")
        board = view["board"]
        counts = dom["counts"]
        for p in range(1, 25):
            value = board["points"][p - 1]
            for player, expected in ((0, max(value, 0)), (1, max(-value, 0))):
                drawn = counts.get(f"{player}:{p}", 0)
                if drawn != expected:
                    problems.append(
                        f"{who}: point {p} shows {drawn} of player {player}'s checkers, "
                        f"the match has {expected}"
                    )
        for player in (0, 1):
            for loc in ("bar", "off"):
                drawn = counts.get(f"{player}:{loc}", 0)
                expected = board[loc][player]
                if drawn != expected:
                    problems.append(
                        f"{who}: {loc} shows {drawn} of player {player}'s checkers, the match has {expected}"
                    )
        dice = view.get("dice")
        if view["phase"] == "move" and dice:
            shown = sorted(d["value"] for d in dom["dice"])
            expected_dice = sorted(dice * 2 if dice[0] == dice[1] else dice)
            if shown != expected_dice:
                problems.append(f"{who}: shows dice {shown}, the roll is {dice}")
            unused = sorted(d["value"] for d in dom["dice"] if not d["used"])
            if unused != sorted(view["dice_remaining"]):
                problems.append(
                    f"{who}: shows unused dice {unused}, the dice left are {view['dice_remaining']}"
                )
        return problems

    def replayed(self, saved_text: str) -> dict[str, Any]:
        """The view of a saved match, as the rules core in CPython replays it (the last one is kept)."""
        if self._replayed[0] != saved_text:
            record = json.loads(saved_text)["record"]
            self._replayed = (saved_text, build_view(load_record(record)))
        return self._replayed[1]

    def check_progress(self, dom: DomState) -> None:
        record = saved_record_of(dom)
        assert record is not None
        key = json.dumps([record.get("settings"), record.get("players"), record.get("setup")], sort_keys=True)
        entries = flat_entries(record)
        if self.baseline_key and key == self.baseline_key and entries[: len(self.baseline)] != self.baseline:
            first = next(
                (i for i, (a, b) in enumerate(zip(entries, self.baseline, strict=False)) if a != b),
                min(len(entries), len(self.baseline)),
            )
            self.fail(
                "the match went back: an action that cannot be undone was lost or changed "
                f"(entry {first}: was {self.baseline[first] if first < len(self.baseline) else None}, "
                f"now {entries[first] if first < len(entries) else None})"
            )
        self.baseline_key = key
        self.baseline = committed(record)
        self.games_seen = max(self.games_seen, len(record.get("games", [])))

    def check_someone_acts(self, dom: DomState) -> None:
        """Settled: a person can act now, or the match is over. The computer never leaves the page waiting."""
        if dom["reviewing"]:
            return
        view = self.replayed(dom["saved"])
        phase = view["phase"]
        controls = dom["controls"]

        def offered(*names: str) -> bool:
            return any(
                controls.get(n, {}).get("visible") and controls.get(n, {}).get("enabled") for n in names
            )

        if phase == "match_over":
            if not offered("new_match"):
                self.fail("the match is over but no New match button is offered")
            return
        if phase == "game_over":
            if not offered("next_game"):
                self.fail("the game is over but no Next game button is offered")
            return
        deciding = view["decision"] if phase not in ("move", "roll", "opening") else view["turn"]
        kinds = [p.get("kind") for p in view["players"]]
        if phase == "opening":
            computer = all(k == "computer" for k in kinds)
        else:
            computer = kinds[deciding if deciding is not None else 0] == "computer"
        if computer:
            self.fail(
                f"the page is idle but it is the computer's turn ({phase}, status {dom['status']!r}): stuck"
            )
        means = {
            "opening": offered("roll"),
            "roll": offered("roll", "double"),
            "move": dom["sources"] > 0 or offered("confirm", "pass", "undo", "undo_all"),
            "doubled": offered("take", "drop", "beaver"),
            "resign_offered": offered("accept_resign", "reject_resign"),
        }
        if not means.get(phase, True):
            self.fail(
                f"a person is to act ({phase}) but the page offers no way to (status {dom['status']!r})"
            )

    # ---- the second tab -----------------------------------------------------------------------------------

    def close_other(self) -> None:
        if self.other is not None:
            with contextlib.suppress(Exception):
                self.other.close()
            self.log("close the second tab")
        self.other = None
        self.other_problems = None
        self.front = None
        self.look_at(self.page)

    # ---- helpers for actions ------------------------------------------------------------------------------

    def target(self) -> Page:
        """Mostly the main tab; the second tab when one is open, now and then."""
        page = self.page
        if self.other is not None and not self.other.is_closed() and self.rng.random() < 0.3:
            page = self.other
        self.look_at(page)
        return page

    def look_at(self, page: Page) -> None:
        """Bring a tab to the front, as a player does before clicking in it (a tab in the background gets no
        animation frames: headless Chromium draws only the front tab, as a browser draws no hidden tab)."""
        if page is not self.front:
            page.bring_to_front()
            self.front = page

    def close_dialogs(self, page: Page) -> None:
        for _ in range(3):
            if not page.evaluate("() => Boolean(document.querySelector('dialog[open]'))"):
                return
            page.keyboard.press("Escape")

    def box(self, page: Page, selector: str) -> Any:
        with contextlib.suppress(PlaywrightError):
            return page.locator(selector).first.bounding_box(timeout=500)
        return None

    def click_at(self, page: Page, selector: str) -> bool:
        box = self.box(page, selector)
        if not box or box["width"] <= 0:
            return False
        page.mouse.click(
            box["x"] + box["width"] * self.rng.uniform(0.3, 0.7),
            box["y"] + box["height"] * self.rng.uniform(0.3, 0.7),
        )
        return True

    def visible_buttons(self, page: Page) -> list[str]:
        names: list[str] = page.evaluate(
            "() => [...document.querySelectorAll('#controls button[data-action]')].filter((b) => !b.hidden)"
            ".map((b) => b.dataset.action)"
        )
        return names


# ---- actions: each takes the monkey, does one thing, logs it ---------------------------------------------


def act_play(m: Monkey) -> None:
    """What a player trying to get on with the game does: close a dialog, move a checker, press the main
    button."""
    page = m.target()
    m.close_dialogs(page)
    buttons = m.visible_buttons(page)
    sources: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('#board .target.source')].map((t) => t.getAttribute('data-loc'))"
    )
    if sources and m.rng.random() < 0.9:
        source = m.rng.choice(sources)
        m.click_at(page, f"#board .target[data-loc='{source}']")
        next_frame(page)
        dests: list[str] = page.evaluate(
            "() => [...document.querySelectorAll('#board .target.dest')]"
            ".map((t) => t.getAttribute('data-loc'))"
        )
        if dests:
            dest = m.rng.choice(dests)
            if m.rng.random() < 0.3:
                drag(m, page, source, dest)
                m.log(f"play: drag {source} -> {dest}")
            else:
                m.click_at(page, f"#board .target[data-loc='{dest}']")
                m.log(f"play: click {source} -> {dest}")
        else:
            m.log(f"play: click {source} (no destination shown)")
        return
    for name in (
        "next_game",
        "new_match",
        "roll",
        "confirm",
        "pass",
        "take",
        "drop",
        "reject_resign",
        "accept_resign",
    ):
        if name in buttons:
            if name == "new_match":
                return  # the match is over: the run ends there
            m.click_at(page, f"#controls button[data-action='{name}']")
            m.log(f"play: button {name}")
            return
    m.log("play: nothing to do, wait")
    page.wait_for_timeout(m.rng.randint(50, 400))


def frames_alive(page: Page, timeout_ms: int = 2000) -> bool:
    """Two animation frames pass within the timeout (the board draws on them)."""
    alive: bool = page.evaluate(
        "ms => new Promise((r) => { requestAnimationFrame(() => requestAnimationFrame(() => r(true)));"
        " setTimeout(() => r(false), ms); })",
        timeout_ms,
    )
    return alive


def next_frame(page: Page) -> None:
    frames_alive(page, 500)


def drag(m: Monkey, page: Page, source: str, dest: str, release: bool = True) -> None:
    a = m.box(page, f"#board .target[data-loc='{source}']")
    b = m.box(page, f"#board .target[data-loc='{dest}']")
    if not a or not b:
        return
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] * m.rng.uniform(0.2, 0.8))
    page.mouse.down()
    page.mouse.move(
        b["x"] + b["width"] / 2, b["y"] + b["height"] * m.rng.uniform(0.2, 0.8), steps=m.rng.randint(2, 8)
    )
    if release:
        page.mouse.up()


def act_click_board(m: Monkey) -> None:
    page = m.target()
    box = m.box(page, "#board svg")
    if not box:
        return
    x, y = m.rng.uniform(0, box["width"]), m.rng.uniform(0, box["height"])
    page.mouse.click(box["x"] + x, box["y"] + y)
    m.log(f"click the board at ({x / box['width']:.2f}, {y / box['height']:.2f})")


def act_click_point(m: Monkey) -> None:
    page = m.target()
    loc = m.rng.choice([*map(str, range(1, 25)), "bar", "off"])
    if m.click_at(page, f"#board .target[data-loc='{loc}']"):
        m.log(f"click point {loc}")


def act_drag(m: Monkey) -> None:
    page = m.target()
    locs = [*map(str, range(1, 25)), "bar", "off"]
    source, dest = m.rng.choice(locs), m.rng.choice(locs)
    release = m.rng.random() < 0.85
    drag(m, page, source, dest, release)
    m.log(f"drag {source} -> {dest}" + ("" if release else " (not released)"))
    if not release and m.rng.random() < 0.5:
        reload(m, page, "mid-drag")
    elif not release:
        page.mouse.up()


def act_button(m: Monkey) -> None:
    page = m.target()
    buttons = m.visible_buttons(page)
    if buttons:
        name = m.rng.choice(buttons)
        m.click_at(page, f"#controls button[data-action='{name}']")
        m.log(f"button {name}")


def act_key(m: Monkey) -> None:
    page = m.target()
    key = m.rng.choice(KEYS)
    if m.rng.random() < 0.3:
        # Keys on the board itself (arrows + Enter pick and move checkers there).
        with contextlib.suppress(PlaywrightError):
            page.locator("#board .target[tabindex='0']").first.focus(timeout=500)
            m.log("focus the board")
    page.keyboard.press(key)
    m.log(f"key {key}")


def act_dice_or_cube(m: Monkey) -> None:
    page = m.target()
    what = m.rng.choice(["dice-target", "cube-target"])
    if m.click_at(page, f"#board .{what}"):
        m.log(f"click {what}")


def act_resign(m: Monkey) -> None:
    page = m.target()
    # ?.: a tab just opened may still be parsing the page (act_second_tab waits for the commit only).
    # A mode other than play (review, the editor) hides the button, enabled or not.
    if not page.evaluate(
        "() => { const b = document.getElementById('resign-button');"
        " return b?.disabled === false && b.checkVisibility(); }"
    ):
        return
    m.close_dialogs(page)  # a dialog left open in this tab (act_dialog) would take the click
    page.click("#resign-button", timeout=2000)
    # Mostly thought better of: a resignation the computer accepts ends a 1-point match at once.
    choice = m.rng.choices(["single", "gammon", "backgammon", "cancel"], weights=[1, 1, 1, 6])[0]
    with contextlib.suppress(PlaywrightError):
        page.click(f"#resign-dialog button[value={choice}]", timeout=2000)
    m.log(f"resign: {choice}")


def act_hint(m: Monkey) -> None:
    page = m.target()
    if page.evaluate("() => document.getElementById('hint-button')?.disabled === false"):
        m.click_at(page, "#hint-button")
        m.log("hint")


def act_preferences(m: Monkey) -> None:
    page = m.target()
    m.close_dialogs(page)
    try:
        page.click("#preferences-button", timeout=2000)
        form = page.locator("#preferences-form")
        changed = []
        for name in ("noAutoRolls", "autoForced", "autoBearOff", "showPips"):
            if m.rng.random() < 0.4:
                box = form.locator(f"input[name={name}]")
                box.set_checked(not box.is_checked(), timeout=2000)
                changed.append(name)
        if m.rng.random() < 0.4:
            how = m.rng.choice(["wait", "delay", "now"])
            form.locator("select[name=endTurn]").select_option(how, timeout=2000)
            changed.append(f"endTurn={how}")
        if m.rng.random() < 0.5:
            speed = m.rng.choice(["off", "fast", "normal", "slow"])
            form.locator("select[name=animation]").select_option(speed, timeout=2000)
            changed.append(f"animation={speed}")
        if m.rng.random() < 0.2:
            side = m.rng.choice(["left", "right"])
            form.locator("select[name=orientation]").select_option(side, timeout=2000)
            changed.append(f"orientation={side}")
        choice = "save" if m.rng.random() < 0.8 else "cancel"
        form.locator(f"button[value={choice}]").click(timeout=2000)
        m.log(f"preferences {choice}: {', '.join(changed) or 'nothing changed'}")
    except PlaywrightError as error:
        m.log(f"preferences: could not ({str(error).splitlines()[0]})")


def act_dialog(m: Monkey) -> None:
    """Open a dialog that does not replace the match and leave it, by a button or Escape."""
    page = m.target()
    m.close_dialogs(page)
    which = m.rng.choice(["#new-match-button", "#match-file-button"])
    with contextlib.suppress(PlaywrightError):
        page.click(which, timeout=2000)
        if m.rng.random() < 0.5:
            page.keyboard.press("Escape")
        elif which == "#new-match-button":
            page.click("#new-match-form button[value=cancel]", timeout=2000)
        else:
            page.click("#file-dialog button[value=close]", timeout=2000)
        m.log(f"open and close {which}")


def reload(m: Monkey, page: Page, why: str) -> None:
    m.log(f"reload ({why})")
    page.reload(wait_until="commit")
    if m.rng.random() < 0.5:
        page.wait_for_timeout(m.rng.randint(0, 1500))


def act_reload(m: Monkey) -> None:
    page = m.target()
    busy = page.evaluate(
        "() => document.documentElement.dataset.busy || (document.documentElement.dataset.idle"
        " === 'false' ? 'queued' : 'idle')"
    )
    reload(m, page, f"while {busy}")


def steps_taken(page: Page) -> int:
    """The steps the page has queued (match_driver.steps), or -1 while the page cannot be read (loading)."""
    try:
        return steps_queued(page)
    except PlaywrightError:
        return -1


def act_second_tab(m: Monkey) -> None:
    if m.other is not None:
        if m.rng.random() < 0.5:
            m.close_other()
        return
    m.other = m.context.new_page()
    m.other_problems = watch_problems(m.other)
    m.other.add_init_script(WATCH_SAVES_JS)
    m.front = m.other  # a new tab opens in front
    m.other.goto(m.url, wait_until="commit")
    m.log("open a second tab on the match")


def act_resize(m: Monkey) -> None:
    m.look_at(m.page)
    width, height = m.rng.choice(VIEWPORTS)
    m.page.set_viewport_size({"width": width, "height": height})
    m.log(f"resize to {width}x{height}")


def act_engine_fault(m: Monkey) -> None:
    """The engine's worker dies without a word, or its Python session breaks (see test_engine_recovery.py)."""
    page = m.target()
    fault = m.rng.choice(["kill", "kill", "corrupt"])
    m.log(f"engine fault: {fault}")
    page.evaluate(f"() => {{ void globalThis.backgammonTestProbe?.{fault}(); }}")


def act_wait(m: Monkey) -> None:
    ms = m.rng.choice([0, 30, 100, 250, 600])
    m.target().wait_for_timeout(ms)
    m.log(f"wait {ms} ms")


ACTIONS: dict[str, tuple[float, Any]] = {
    "play": (40, act_play),
    "click_board": (8, act_click_board),
    "click_point": (8, act_click_point),
    "drag": (5, act_drag),
    "button": (8, act_button),
    "key": (8, act_key),
    "dice_or_cube": (4, act_dice_or_cube),
    "resign": (1.5, act_resign),
    "hint": (1.5, act_hint),
    "preferences": (2, act_preferences),
    "dialog": (1.5, act_dialog),
    "reload": (2.5, act_reload),
    "second_tab": (1.5, act_second_tab),
    "resize": (1, act_resize),
    "wait": (4, act_wait),
    "engine_fault": (0.7, act_engine_fault),
}


def run_chaos(
    context: BrowserContext,
    site: Site,
    seed: int,
    scenario: Scenario,
    max_steps: int,
    without: frozenset[str] = frozenset(),
    second_tab_at: int = 0,
) -> dict[str, Any]:
    monkey = Monkey(context, site, seed, scenario, max_steps, without, second_tab_at)
    summary = monkey.run()
    summary.update(seed=seed, scenario=scenario.name)
    return summary


def write_summary(path: Path, summary: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as out:
        out.write(json.dumps(summary) + "\n")
