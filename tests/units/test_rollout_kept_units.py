"""A rollout's trials kept across a reload (web/engine/rollout-kept.js) and the pool's size asked for by
name or chosen in Preferences (web/engine/pool.js `deviceFacts`, `chooseWorkers`), under Node with a
stand-in for the browser's storage: what is kept is found again only for the very same rollout, goes on to
the figures of an uninterrupted run, and storage that refuses or holds something else loses nothing."""

from __future__ import annotations

import json
from typing import Any

from backgammon.bot.rollout_methods import chunk_method, result_method

from .node_esm import needs_node, run_module

pytestmark = needs_node

# localStorage as the browser has it, in memory; `refuse` makes every write throw (a full or refused storage).
STORAGE = """
const stored = new Map();
let refuse = false;
globalThis.localStorage = {
  getItem: (key) => (stored.has(key) ? stored.get(key) : null),
  setItem: (key, value) => {
    if (refuse) throw new Error("QuotaExceededError");
    stored.set(key, String(value));
  },
  removeItem: (key) => { stored.delete(key); },
};
"""
IMPORTS = """
import { KEPT_KEY, forgetRollout, keepRollout, keptRollout, keptTally } from "{WEB}/engine/rollout-kept.js";
import { addChunk, emptyTally, tallyChunk } from "{WEB}/engine/rollout-run.js";
"""
ID = {"position_id": "4HPwATDgc/ABMA", "match_id": None, "plays": ["8/5 6/5", "24/21 24/23"], "trials": 4}
SETTINGS = {"truncation": 1, "seed": 7}


def chunks() -> list[Any]:
    opening = "4HPwATDgc/ABMA"
    params: dict[str, Any] = {
        "position_id": opening,
        "candidates": [opening, opening],
        "trials": 4,
        "truncation": 1,
    }
    return [chunk_method({**params, "seed": 7, "first": i, "count": 1}) for i in range(4)]


def run(body: str) -> Any:
    return run_module(IMPORTS, STORAGE + f"const id = {json.dumps({**ID, **SETTINGS})};\n" + body)


def test_the_trials_kept_are_found_again_for_the_same_rollout_only() -> None:
    found = run(
        f"""
        const chunks = {json.dumps(chunks()[:2])};
        const tally = emptyTally();
        for (const chunk of chunks) addChunk(tally, chunk);
        keepRollout(id, tally);
        const again = keptTally({{ ...id }});
        print({{
          again: again && tallyChunk(again),
          kept: tallyChunk(tally),
          otherSeed: keptTally({{ ...id, seed: 8 }}),
          otherTrials: keptTally({{ ...id, trials: 36 }}),
          otherPlays: keptTally({{ ...id, plays: ["8/5 6/5"] }}),
          otherMatch: keptTally({{ ...id, match_id: "cAkAAAAAAAAA" }}),
          otherPlies: keptTally({{ ...id, plies: 1 }}),
          zeroPlies: Boolean(keptTally({{ ...id, plies: 0 }})),
          whatever: keptRollout()?.id,
        }});
        """
    )
    assert found["again"] == found["kept"] and found["again"]["count"] == 2
    assert found["otherSeed"] is None and found["otherTrials"] is None
    assert found["otherPlays"] is None and found["otherMatch"] is None
    # Trials played at 1-ply are not those of a 0-ply rollout (kept ones without `plies` were 0-ply).
    assert found["otherPlies"] is None and found["zeroPlies"] is True
    assert found["whatever"] == {**ID, **SETTINGS}  # the panel offers to continue it, whatever was asked


def test_a_kept_rollout_continued_gives_the_figures_of_an_uninterrupted_one() -> None:
    all_chunks = chunks()
    whole = result_method({"chunks": all_chunks})
    merged = run(
        f"""
        const chunks = {json.dumps(all_chunks)};
        const before = emptyTally();
        addChunk(before, chunks[0]);
        keepRollout(id, before);
        // A reload: the tally read back from storage, the rest played from trial `done` on.
        const after = keptTally(id);
        for (const chunk of chunks.slice(after.done)) addChunk(after, chunk);
        print(tallyChunk(after));
        """
    )
    assert result_method({"chunks": [merged]}) == whole


def test_nothing_is_kept_before_a_trial_nor_after_forgetting_and_refused_storage_loses_nothing() -> None:
    found = run(
        f"""
        const chunk = {json.dumps(chunks()[0])};
        keepRollout(id, emptyTally());
        const beforeAny = localStorage.getItem(KEPT_KEY);
        const tally = emptyTally();
        addChunk(tally, chunk);
        keepRollout(id, tally);
        forgetRollout();
        const forgotten = keptTally(id);
        refuse = true;
        let threw = false;
        try {{ keepRollout(id, tally); }} catch {{ threw = true; }}
        refuse = false;
        localStorage.setItem(KEPT_KEY, "not json {{");
        const garbled = keptRollout();
        localStorage.setItem(KEPT_KEY, JSON.stringify({{ version: 2, id, tally: chunk }}));
        const newer = keptRollout();
        print({{ beforeAny, forgotten, threw, garbled, newer, tallyStill: tally.done }});
        """
    )
    assert found == {
        "beforeAny": None,
        "forgotten": None,
        "threw": False,
        "garbled": None,
        "newer": None,
        "tallyStill": 1,
    }


def asked(url: str, stored: dict[str, str]) -> int:
    size: int = run_module(
        'import { deviceFacts } from "{WEB}/engine/pool.js";',
        STORAGE
        + f"""
        for (const [key, value] of Object.entries({json.dumps(stored)})) localStorage.setItem(key, value);
        globalThis.navigator = {{ hardwareConcurrency: 8 }};
        globalThis.location = {{ href: {json.dumps(url)} }};
        print(deviceFacts().asked);
        """,
    )
    return size


def test_the_pools_size_is_asked_for_by_its_name_or_by_the_older_rollout_name() -> None:
    page = "https://example.org/index.html"
    assert asked(page, {}) == 0
    assert asked(f"{page}?workers=3", {}) == 3
    assert asked(f"{page}?rollout-workers=2", {}) == 2
    assert asked(page, {"backgammon.workers": "5"}) == 5
    assert asked(page, {"backgammon.rollout-workers": "6"}) == 6
    assert asked(f"{page}?workers=1", {"backgammon.workers": "5"}) == 1  # the page's URL first


def test_the_size_chosen_in_preferences_is_kept_read_back_and_cleared() -> None:
    found: dict[str, Any] = run_module(
        'import { chooseWorkers, chosenWorkers, deviceFacts } from "{WEB}/engine/pool.js";',
        STORAGE
        + """
        globalThis.navigator = { hardwareConcurrency: 8 };
        globalThis.location = { href: "https://example.org/index.html" };
        localStorage.setItem("backgammon.rollout-workers", "6");
        const before = chosenWorkers();
        const kept = chooseWorkers(3);
        const old = localStorage.getItem("backgammon.rollout-workers");
        const chosen = [chosenWorkers(), deviceFacts().asked, old];
        chooseWorkers(40);
        const most = chosenWorkers();
        chooseWorkers(0);
        const cleared = [chosenWorkers(), localStorage.getItem("backgammon.workers")];
        localStorage.setItem("backgammon.workers", "2.5");
        const garbled = chosenWorkers();
        refuse = true;
        localStorage.removeItem = () => { throw new Error("SecurityError"); };
        print({ before, kept, chosen, most, cleared, garbled, refused: chooseWorkers(2) });
        """,
    )
    assert found == {
        "before": 6,  # the older name's size, still read
        "kept": True,
        "chosen": [3, 3, None],  # the older name is dropped once a size is chosen
        "most": 16,
        "cleared": [0, None],  # the device decides again
        "garbled": 0,
        "refused": False,
    }
