"""A deep analysis shared among the pool's workers (web/review/analysis-pool.js over web/engine/pool.js),
under Node with stand-in workers: the parts the core planned are merged in the core's order whichever worker
judged which part and whichever finished first, so the analysis is the same with 1 worker, 2 or 3. The browser
test (tests/e2e/test_analysis_pool.py) runs the real engines once, on 2 workers; a part's figures depending on
its request alone is the core's (tests/core/test_analysis_parts.py: a match judged in parts is the match
judged whole)."""

from __future__ import annotations

from typing import Any

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = """
import { createPool } from "{WEB}/engine/pool.js";
import { startPoolAnalysis } from "{WEB}/review/analysis-pool.js";
"""
# Stand-in workers: five parts, each judged in two steps; a part's entries answer after a delay that makes the
# early parts finish last, so that with more than one worker the parts end out of order.
BODY = """
const PARTS = [[0, 3], [3, 5], [5, 9], [9, 10], [10, 14]];
const bridge = () => {
  const jobs = new Map();
  const later = (ms, value) => new Promise((resolve) => setTimeout(() => resolve(value), ms));
  return {
    ready: Promise.resolve(),
    terminate() {},
    async call(method, params) {
      if (method === "analysis_parts") return { total: 14, parts: PARTS };
      if (method === "analysis_start") {
        const job = `${params.first}-${params.last}`;
        jobs.set(job, { first: params.first, last: params.last, steps: 0 });
        return { job };
      }
      if (method === "analysis_step") {
        const job = jobs.get(params.job);
        job.steps += 1;
        return later(job.steps === 1 ? 20 - 4 * job.first / 3 : 1, {
          done: job.steps === 1 ? 1 : job.last - job.first, finished: job.steps === 2,
        });
      }
      if (method === "analysis_entries") {
        const { first, last } = jobs.get(params.job);
        return { entries: Array.from({ length: last - first }, (_, k) => ({ decision: first + k })) };
      }
      if (method === "analysis_merge") return { analysis: { merged: params.entries.map((e) => e.decision) } };
      throw new Error(`no ${method}`);
    },
  };
};
const found = {};
for (const size of [1, 2, 3]) {
  const progress = [];
  const run = startPoolAnalysis({
    makePool: (options) => createPool(size, bridge, options),
    record: {}, depth: 2, onProgress: (done, total) => progress.push([done, total]),
  });
  found[size] = { analysis: await run.result, workers: run.workers, last: progress.at(-1) };
}
print(found);
"""


def test_the_parts_are_merged_in_order_with_one_worker_two_or_three() -> None:
    found: dict[str, Any] = run_module(IMPORTS, BODY)
    in_order = {"merged": list(range(14))}
    for size in ("1", "2", "3"):
        assert found[size]["analysis"] == in_order, size
        assert found[size]["workers"] == int(size)
        assert found[size]["last"] == [14, 14]  # progress counted every part's decisions
