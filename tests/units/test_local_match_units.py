"""The match in progress as a Match (web/match/local.js), run under Node with a worker and a storage
that stand in for the real ones: what another tab saves reaches the page as a change, an action that lost
to another tab's save is not kept and the player is told so, and a result of a match replaced meanwhile is
neither shown nor saved. A browser cannot time another tab's save to fall inside one action: these can."""

from __future__ import annotations

from typing import Any

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = """
import { openLocalMatch } from "{WEB}/match/local.js";
import { t } from "{WEB}/i18n/i18n.js";

// The worker: a record is a list of actions; "act" appends one, "load" takes a record as it is.
function fakeWorker() {
  const worker = { record: null, calls: [], hold: null };
  worker.call = async (method, params = {}) => {
    worker.calls.push(method);
    if (worker.hold) await worker.hold;
    if (method === "act") worker.record = { actions: [...worker.record.actions, params.action.type] };
    else if (method === "load") worker.record = params.record;
    return { record: worker.record, view: { actions: worker.record.actions }, events: [{ type: "acted" }] };
  };
  return worker;
}

// This tab's storage: a save is written over the revision this tab knows, or refused with another tab's.
function fakeStorage() {
  const storage = { disk: null, known: 0, saved: [], adopted: [], external: null };
  storage.save = async (record, { force = false } = {}) => {
    const later = storage.disk && storage.disk.revision > storage.known;
    if (!force && later) return { ok: false, conflict: storage.disk };
    storage.disk = { revision: (storage.disk?.revision ?? 0) + 1, record };
    storage.known = storage.disk.revision;
    storage.saved.push(record.actions.join(","));
    return { ok: true, revision: storage.known };
  };
  storage.adopt = (envelope) => {
    storage.known = envelope.revision;
    storage.adopted.push(envelope.record.actions.join(","));
  };
  storage.onExternalChange = (callback) => { storage.external = callback; };
  storage.externalChange = async () => null;
  storage.isStudy = () => false;
  // Another tab saves `record` (its save notice comes later, or not at all while the page is frozen).
  storage.otherTabSaves = (actions) => {
    storage.disk = { revision: storage.disk.revision + 1, record: { actions } };
    return storage.disk;
  };
  return storage;
}

async function setUp() {
  const worker = fakeWorker();
  const storage = fakeStorage();
  const steps = [];
  const told = { changes: [], reports: [], otherTab: 0 };
  const match = openLocalMatch({
    call: worker.call, isRulesError: () => false, storage,
    enqueue: (step) => steps.push(step),
    report: (text) => told.reports.push(text),
    otherTab: () => { told.otherTab += 1; }, t,
  });
  match.onChange((update) => told.changes.push(update));
  const loaded = await worker.call("load", { record: { actions: ["start"] } });
  match.takeUp(loaded);
  await match.saveNew();
  // The page's queue: its steps one after another.
  const drain = async () => { while (steps.length) await steps.shift()(); };
  return { worker, storage, match, told, drain };
}
const brief = (update) => ({
  changed: update.changed, replaced: Boolean(update.replaced), notices: update.notices,
  actions: update.view.actions,
});
"""


NOT_KEPT = "This match was continued in another tab, so your last action was not kept. " + (
    "The match is shown as saved there."
)
CHANGED = "This match was changed in another tab. The latest position is shown."


def run(body: str) -> Any:
    return run_module(IMPORTS, body)


def test_a_persons_action_that_lost_to_another_tabs_save_is_not_kept_and_the_other_tabs_is_shown() -> None:
    out = run(
        """
        const { storage, match, told, drain, worker } = await setUp();
        storage.otherTabSaves(["start", "roll", "move"]); // before this tab heard of it
        const answer = await match.act({ type: "roll" }, { mine: true });
        await drain();
        print({
          answer: brief(answer), changes: told.changes.map(brief), saved: storage.saved,
          adopted: storage.adopted, worker: worker.record.actions, record: (await match.record()).actions,
          otherTab: told.otherTab,
        });
        """
    )
    # The action was made on an old position: it is not written over the other tab's save.
    assert out["saved"] == ["start"]
    assert out["answer"]["changed"] is True
    assert out["changes"] == [
        {
            "changed": True,
            "replaced": True,
            "notices": [NOT_KEPT],
            "actions": ["start", "roll", "move"],
        }
    ]
    assert out["adopted"] == ["start,roll,move"]
    assert out["worker"] == out["record"] == ["start", "roll", "move"]
    assert out["otherTab"] == 1


def test_a_step_taken_by_itself_that_lost_to_another_tab_says_the_match_changed_elsewhere() -> None:
    out = run(
        """
        const { storage, match, told, drain } = await setUp();
        storage.otherTabSaves(["start", "roll"]);
        await match.act({ type: "roll" });
        await drain();
        print(told.changes.map((update) => update.notices));
        """
    )
    assert out == [[CHANGED]]


def test_a_result_that_comes_back_after_another_tabs_match_was_taken_up_is_neither_shown_nor_saved() -> None:
    out = run(
        """
        const { storage, match, told, drain, worker } = await setUp();
        let answer;
        worker.hold = new Promise((resolve) => { answer = resolve; });
        const acting = match.act({ type: "roll" }, { mine: true });
        // Another tab saves while the worker is still applying this tab's action; its notice arrives now.
        storage.external({ envelope: storage.otherTabSaves(["start", "double"]) });
        answer();
        worker.hold = null;
        const update = await acting;
        await drain();
        const worked = worker.record.actions;
        const changes = told.changes.map(brief);
        print({ answer: brief(update), changes, saved: storage.saved, worker: worked });
        """
    )
    assert out["answer"] == {
        "changed": False,
        "replaced": False,
        "notices": [NOT_KEPT],
        "actions": ["start"],
    }
    assert out["saved"] == ["start"]
    assert [change["actions"] for change in out["changes"]] == [["start", "double"]]
    assert out["changes"][0]["notices"] == [CHANGED]
    assert out["worker"] == ["start", "double"]


def test_an_action_queued_before_another_tabs_match_is_taken_up_is_not_applied_to_the_one_before() -> None:
    out = run(
        """
        const { storage, match, told, drain, worker } = await setUp();
        storage.external({ envelope: storage.otherTabSaves(["start", "double"]) });
        worker.calls.length = 0;
        const update = await match.act({ type: "roll" }); // a step the page had queued before the notice
        await drain();
        const shown = told.changes.map(brief);
        print({ answer: brief(update), calls: worker.calls, saved: storage.saved, shown });
        """
    )
    assert out["calls"] == ["load"]
    assert out["answer"]["changed"] is False and out["answer"]["notices"] == []
    assert out["saved"] == ["start"]
    assert [change["actions"] for change in out["shown"]] == [["start", "double"]]


def test_another_tab_starting_afresh_leaves_this_tabs_match_as_it_is() -> None:
    out = run(
        """
        const { storage, match, told, drain } = await setUp();
        storage.external({ removed: true });
        await drain();
        const update = await match.act({ type: "roll" }, { mine: true });
        print({ changes: told.changes.length, actions: update.view.actions, saved: storage.saved });
        """
    )
    assert out == {"changes": 0, "actions": ["start", "roll"], "saved": ["start", "start,roll"]}
