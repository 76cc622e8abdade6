"""The page's side of a decision shared with helpers (web/play/think.js), under Node with a stand-in worker
and pool: the parts go to the pool, what they found goes back when the worker waits, a part that failed brings
nothing (the worker does it), helpers still starting are not counted, and a level that does not look two plies
deep never starts them. The real engines: tests/e2e/test_world_class_helpers.py."""

from __future__ import annotations

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = """
import { think } from "{WEB}/play/think.js";
"""
BODY = """
const part = (units) => ({ kind: "two_ply", boards: ["b"], context: {}, cube_value: 1, units });
const scripted = (answers, sent) => async (method, params) => {
  sent.push({ method, ...params });
  return answers.shift();
};
const pool = (ready, jobs) => ({
  ready: () => ready,
  async run(job) {
    return job(async (method, params) => {
      jobs.push(params.units);
      if (params.units[0][1] === 9) throw new Error("the helper died");
      return { figures: params.units.map(([b, r]) => ({ board: "b", roll: r, figures: [0.5, 0, 0, 0, 0] })) };
    });
  },
});
const out = {};

// Two parts handed out, one of them failing: the worker is sent the other's chances when it waits.
let sent = [], jobs = [];
out.action = await think("world_class", {
  call: scripted([
    { done: false, action: null, parts: [part([[0, 1], [0, 2]]), part([[0, 9]])] },
    { done: false, action: null },
    { done: false, action: null, waiting: true },
    { done: true, action: { type: "roll" } },
  ], sent),
  current: () => true,
  helpers: () => pool(2, jobs),
});
out.sent = sent;
out.jobs = jobs;

// Helpers still starting: none counted.
sent = [];
const decided = () => [{ done: true, action: { type: "roll" } }];
await think("world_class", {
  call: scripted(decided(), sent), current: () => true, helpers: () => pool(0, []),
});
out.starting = sent;

// The expert never starts them.
let asked = 0;
sent = [];
await think("expert", {
  call: scripted(decided(), sent), current: () => true, helpers: () => ((asked += 1), null),
});
out.expert = { asked, sent };

// The match changed meanwhile: no action.
out.stale = await think("world_class", {
  call: scripted([{ done: false, action: null }], []), current: () => false, helpers: () => null,
});
print(out);
"""


def test_the_page_shares_a_decision_with_its_helpers() -> None:
    out = run_module(IMPORTS, BODY)
    assert out["action"] == {"type": "roll"}
    assert out["jobs"] == [[[0, 1], [0, 2]], [[0, 9]]]
    calls = out["sent"]
    assert [c["helpers"] for c in calls] == [2, 2, 2, 2]
    assert ["shared" in c for c in calls] == [False, False, False, True]
    # The part that failed brought nothing: the worker is sent the chances of rolls 1 and 2 only.
    assert [c["roll"] for c in calls[-1]["shared"]] == [1, 2]
    assert out["starting"][0]["helpers"] == 0
    assert out["expert"] == {
        "asked": 0,
        "sent": [{"method": "bot_think", "level": "expert", "budget_ms": 250, "helpers": 0}],
    }
    assert out["stale"] is None


KEPT = """
import { poolKeptWhileUsed } from "{WEB}/engine/pool.js";
"""
KEPT_BODY = """
const made = [];
const take = poolKeptWhileUsed(() => {
  const pool = { closed: false, close() { this.closed = true; } };
  made.push(pool);
  return pool;
}, 300);
const later = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const first = take();
await later(50);
const again = take(); // used again within the idle time: the same pool, its idle time from now
await later(50);
const stillOpen = !first.closed;
await later(600);
const closedWhenIdle = first.closed;
const fresh = take(); // a new one after it was closed
const same = first === again;
print({ same, stillOpen, closedWhenIdle, made: made.length, fresh: fresh !== first && !fresh.closed });
"""


def test_the_helpers_are_kept_while_used_and_closed_when_idle() -> None:
    out = run_module(KEPT, KEPT_BODY)
    assert out == {"same": True, "stillOpen": True, "closedWhenIdle": True, "made": 2, "fresh": True}
