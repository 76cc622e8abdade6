"""A pool worker that dies under a job (web/engine/pool.js), under Node with stand-in bridges: a new worker
takes its place and the job is run again from its start, so its answer is the one a living worker gives;
a rules error about a request is the job's, not a restart; after MAX_RESTARTS the failure is the job's;
a closed pool restarts nothing."""

from __future__ import annotations

from typing import Any

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = """
import { BridgeError } from "{WEB}/engine/bridge.js";
import { MAX_RESTARTS, createPool } from "{WEB}/engine/pool.js";
"""
# Stand-in bridges, numbered as made: `dies` lists the bridges whose first call fails as a dead worker does
# (`EngineStalled`: the watchdog's word); every other call answers its chunk's number times ten.
BRIDGES = """
const made = [];
const terminated = [];
function bridges(dies, failure = "EngineStalled") {
  return () => {
    const n = made.length;
    made.push(n);
    return {
      call: async (method, params) => {
        if (dies.includes(n)) throw new BridgeError(failure, "no answer for 30 s");
        return params.first * 10;
      },
      terminate: () => terminated.push(n),
    };
  };
}
const heard = [];
const chunk = (first) => (call) => call("rollout_chunk", { first });
"""


def run(body: str) -> Any:
    return run_module(IMPORTS, BRIDGES + body)


def test_a_job_whose_worker_dies_runs_again_on_a_new_worker() -> None:
    found = run(
        """
        const pool = createPool(2, bridges([1]), { onRestart: (n, error) => heard.push([n, error.type]) });
        const answers = await Promise.all([0, 1, 2, 3].map((first) => pool.run(chunk(first))));
        print({ answers, made, terminated, heard, restarts: pool.restarts() });
        """
    )
    assert found["answers"] == [0, 10, 20, 30]  # every job's own answer, the dead one's too
    assert found["made"] == [0, 1, 2] and found["terminated"] == [1]  # bridge 2 took the place of 1
    assert found["heard"] == [[1, "EngineStalled"]] and found["restarts"] == 1


def test_a_rules_error_is_the_jobs_and_not_a_restart() -> None:
    found = run(
        """
        const pool = createPool(1, bridges([0], "InvalidActionError"));
        let error = null;
        try { await pool.run(chunk(0)); } catch (e) { error = e.type; }
        print({ error, made, restarts: pool.restarts() });
        """
    )
    assert found == {"error": "InvalidActionError", "made": [0], "restarts": 0}


def test_after_max_restarts_the_failure_is_the_jobs() -> None:
    found = run(
        """
        // Every worker dies: the pool gives up after MAX_RESTARTS new ones.
        const dies = Array.from({ length: 20 }, (_, k) => k);
        const pool = createPool(1, bridges(dies, "WorkerError"));
        let error = null;
        try { await pool.run(chunk(0)); } catch (e) { error = e.type; }
        print({ error, made: made.length, restarts: pool.restarts(), max: MAX_RESTARTS });
        """
    )
    assert found["error"] == "WorkerError"
    assert found["restarts"] == found["max"] == 3 and found["made"] == 4


def test_a_closed_pool_restarts_nothing() -> None:
    found = run(
        """
        const pool = createPool(1, bridges([0]));
        const job = pool.run(async (call) => { pool.close(); return call("rollout_chunk", { first: 0 }); });
        let error = null;
        try { await job; } catch (e) { error = e.type; }
        print({ error, made: made.length, restarts: pool.restarts() });
        """
    )
    assert found == {"error": "EngineStalled", "made": 1, "restarts": 0}


def test_a_worker_silent_past_the_measured_deadline_is_replaced() -> None:
    found = run(
        """
        // Bridge 0 answers its first chunk in 5 ms, then its second never (killed without a word, or hung):
        // no error comes, only silence. The deadline, scaled to the 5 ms measured (floor 100 ms here), ends
        // it.
        const silent = [];
        const made2 = [];
        const makeBridge = () => {
          const n = made2.length;
          made2.push(n);
          let calls = 0;
          let hung = null;
          return {
            ready: Promise.resolve(),
            call: (method, params) => new Promise((resolve, reject) => {
              calls += 1;
              // never answers
              if (n === 0 && calls === 2) { silent.push(params.first); hung = reject; return; }
              setTimeout(() => resolve(params.first * 10), 5);
            }),
            // as the real bridge: its calls still owed reject "BridgeClosed" when it is ended
            terminate: () => {
              terminated.push(n);
              hung?.(new BridgeError("BridgeClosed", "the engine was stopped"));
            },
          };
        };
        const onRestart = (n, e) => heard.push([n, e.type]);
        const pool = createPool(1, makeBridge, { deadlineFloorMs: 100, onRestart });
        const started = Date.now();
        const answers = [];
        for (const first of [0, 1, 2]) answers.push(await pool.run(chunk(first), { weight: 1 }));
        print({ answers, made: made2, terminated, silent, heard, quick: Date.now() - started < 5000 });
        """
    )
    assert found["answers"] == [0, 10, 20]  # the silent chunk played again on a new worker, the same answer
    assert found["silent"] == [1] and found["made"] == [0, 1] and set(found["terminated"]) == {0}
    assert found["heard"] == [[1, "EngineStalled"]]
    assert found["quick"]  # noticed at the deadline, not the watchdog's ten minutes
