// @ts-check
/**
 * A deep analysis (depth 2: seconds a decision) shared among a pool of engine workers (web/engine/pool.js), never
 * play's worker: the board and the hint do not wait on it. The rules core cuts the match into parts by its record
 * alone (`analysis_parts`: a part never spans two games), each worker judges the next part not yet taken, a roll of a
 * 2-ply look or a few decisions a step, and the parts' entries are merged in order (`analysis_merge`). A decision's
 * figures depend on it alone, so the analysis is the same with 1 worker or 8 (docs/analysis.md, "Depth 2 over the
 * pool").
 *
 *   const run = startPoolAnalysis({makePool, record, depth, onProgress: (done, total) => …});
 *   run.cancel();                       // the pool is closed at once; run.result resolves with null
 *   const analysis = await run.result;  // the analysis record, or null when cancelled
 *
 * The same shape as web/review/analysis-run.js's `startAnalysis`, which runs the lighter depths on play's worker.
 */

/** Milliseconds of work per step on a pool worker: nothing else waits on it, so steps can be longer than on play's
 * worker; short enough that the progress moves every second or two. */
export const POOL_STEP_BUDGET_MS = 1000;

/**
 * @typedef {import("../engine/pool.js").Pool} Pool
 * @param {{makePool: (options?: {onRestart?: (restarts: number) => void}) => Pool, record: object, depth: number,
 *   onProgress?: (done: number, total: number) => void, budgetMs?: number, onRestart?: (restarts: number) => void}} options
 *   onRestart: a pool worker died and was replaced, its part to be judged again (web/engine/pool.js)
 * @returns {{result: Promise<object | null>, cancel: () => void, workers: number}}
 */
export function startPoolAnalysis({ makePool, record, depth, onProgress = () => {}, budgetMs = POOL_STEP_BUDGET_MS, onRestart }) {
  let cancelled = false;
  const pool = makePool(onRestart ? { onRestart } : undefined);

  async function analyse() {
    /** @type {{total: number, parts: [number, number][]}} */
    const plan = await pool.run((call) => call("analysis_parts", { record, depth }));
    // Decisions judged in each part so far, and each part's entries once it is finished.
    const judged = plan.parts.map(() => 0);
    /** @type {object[][]} */
    const entries = plan.parts.map(() => []);
    const report = () => onProgress(judged.reduce((a, b) => a + b, 0), plan.total);
    report();
    let next = 0;

    /** One of the pool's workers: the next part not yet taken, until none is left. */
    async function worker() {
      while (!cancelled && next < plan.parts.length) {
        const k = next;
        next += 1;
        const [first, last] = plan.parts[k];
        entries[k] = await pool.run(async (call) => {
          const { job } = await call("analysis_start", { record, depth, first, last });
          for (;;) {
            const step = await call("analysis_step", { job, budget_ms: budgetMs });
            judged[k] = step.done;
            report();
            if (step.finished) break;
          }
          return (await call("analysis_entries", { job })).entries;
        });
      }
    }

    await Promise.all(Array.from({ length: pool.size }, () => worker()));
    if (cancelled) return null;
    const { analysis } = await pool.run((call) => call("analysis_merge", { record, depth, entries: entries.flat() }));
    return analysis;
  }

  const result = (async () => {
    try {
      return await analyse();
    } catch (error) {
      if (cancelled) return null; // the pool was closed under it
      throw error;
    } finally {
      pool.close();
    }
  })();
  return {
    result,
    workers: pool.size,
    cancel() {
      cancelled = true;
      pool.close();
    },
  };
}
