// @ts-check
/**
 * Running a match analysis in the worker a step at a time (docs/analysis.md: analysis_start, analysis_step,
 * analysis_result, analysis_cancel), so the page can show progress and cancel, and other requests never wait for more
 * than one step. The main thread only posts messages and updates a progress bar: no long task here.
 *
 *   const run = startAnalysis({call, record, depth, onProgress: (done, total) => …});
 *   run.cancel();                       // resolves run.result with null
 *   const analysis = await run.result;  // the analysis record, or null when cancelled
 */

/** Milliseconds of work per step: small enough that a computer move or a hint waits little behind it. */
export const STEP_BUDGET_MS = 150;
/** An analysis whose worker was replaced starts again, this many times at most. */
const MAX_STARTS = 3;

/**
 * @param {{call: import("../types.js").Call, record: object, depth: number,
 *   onProgress?: (done: number, total: number) => void, budgetMs?: number}} options
 * @returns {{result: Promise<object | null>, cancel: () => void}}
 */
export function startAnalysis({ call, record, depth, onProgress = () => {}, budgetMs = STEP_BUDGET_MS }) {
  let cancelled = false;
  /** @type {number | null} */
  let job = null;

  async function analyse() {
    const started = await call("analysis_start", { record, depth });
    job = started.job;
    onProgress(0, started.total);
    for (;;) {
      if (cancelled) break;
      const step = await call("analysis_step", { job, budget_ms: budgetMs });
      onProgress(step.done, step.total);
      if (step.finished) break;
    }
    if (cancelled) {
      await call("analysis_cancel", { job }).catch(() => undefined);
      return null;
    }
    const { analysis } = await call("analysis_result", { job });
    return analysis;
  }

  async function run() {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await analyse();
      } catch (error) {
        // The worker was replaced (web/engine/engine.js) and the new one knows no job: start again, from the beginning.
        const lost = /** @type {{type?: string}} */ (error)?.type === "AnalysisJobError";
        if (!lost || attempt >= MAX_STARTS) throw error;
      }
    }
  }

  const result = run();
  return {
    result,
    cancel() {
      cancelled = true;
    },
  };
}
