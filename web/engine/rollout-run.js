// @ts-check
/**
 * A rollout run over a pool of workers (web/engine/pool.js): trials handed out one chunk at a time as workers free
 * up, their exact sums added up here as they come (whole numbers: in any order, the same), the figures so far for
 * the progress, and at the end `rollout_result` over the sums: the same figures to the last bit with 1 worker or 8
 * (docs/analysis.md, "Rollouts (the core)").
 *
 *   const run = startRollout({pool, request, onProgress});
 *   const result = await run.done;   // RolloutResult, or null when stopped
 *   run.stop();
 */

/** Trials in a chunk: one, so that progress moves trial by trial and a chunk stays within the watchdog's budget
 * however long a trial is (the cost of a call is small beside a trial's). */
export const CHUNK_TRIALS = 1;

/**
 * @typedef {import("../types.generated.js").RolloutChunk} RolloutChunk
 * @typedef {import("../types.generated.js").RolloutResult} RolloutResult
 * @typedef {Omit<import("../types.generated.js").RolloutChunkParams, "first" | "count">} RolloutRequest
 * @typedef {object} Tally the chunks' sums so far: tables of whole numbers of 2⁻³², per candidate
 * @property {number} done trials added
 * @property {bigint[][]} sums
 * @property {bigint[][]} squares
 * @property {bigint[][]} products
 * @typedef {object} CandidateSoFar
 * @property {number} equity
 * @property {number} error the equity's standard error (0 before two trials)
 * @typedef {object} RolloutProgress
 * @property {number} done trials finished
 * @property {number} trials trials asked for
 * @property {CandidateSoFar[]} candidates in the request's order
 * @property {number | null} secondsLeft estimated from the pace so far (null before the first chunk)
 */

/** @returns {Tally} */
export function emptyTally() {
  return { done: 0, sums: [], squares: [], products: [] };
}

/** @param {bigint[][]} into @param {string[][]} table */
function addTable(into, table) {
  table.forEach((row, k) => {
    into[k] ??= row.map(() => 0n);
    row.forEach((value, f) => {
      into[k][f] += BigInt(value);
    });
  });
}

/**
 * Add a chunk's sums to the tally.
 * @param {Tally} tally @param {RolloutChunk} chunk
 */
export function addChunk(tally, chunk) {
  addTable(tally.sums, chunk.sums);
  addTable(tally.squares, chunk.squares);
  addTable(tally.products, chunk.products);
  tally.done += chunk.count;
}

/**
 * The tally as one chunk of trials 0 to done − 1: `rollout_result` reads it as it reads the chunks it sums (the
 * same whole numbers, so the same figures), whichever trials were played in which order.
 * @param {Tally} tally
 * @returns {RolloutChunk}
 */
export function tallyChunk(tally) {
  const text = (/** @type {bigint[][]} */ table) => table.map((row) => row.map(String));
  return { first: 0, count: tally.done, sums: text(tally.sums), squares: text(tally.squares), products: text(tally.products) };
}

const QUANTUM = 2 ** 32;

/**
 * Each candidate's equity so far and its standard error, for the progress (the final figures are Python's): the
 * last of a chunk's figures, the equity (cubeless: the sixth) or the cubeful equity (a cubeful rollout's seventh).
 * @param {Tally} tally
 * @returns {CandidateSoFar[]}
 */
export function equitiesSoFar(tally) {
  const n = tally.done;
  return tally.sums.map((row, k) => {
    const EQUITY = row.length - 1;
    const total = row[EQUITY];
    const equity = Number(total) / (n * QUANTUM);
    if (n < 2) return { equity, error: 0 };
    const spread = BigInt(n) * tally.squares[k][EQUITY] - total * total;
    const variance = Number(spread > 0n ? spread : 0n) / (n * (n - 1) * QUANTUM * QUANTUM);
    return { equity, error: Math.sqrt(variance / n) };
  });
}

/**
 * Roll out `request` on `pool`: its workers each take the next chunk as they free up.
 * @param {{pool: import("./pool.js").Pool, request: RolloutRequest, onProgress?: (progress: RolloutProgress) => void,
 *   tally?: Tally, onChunk?: (tally: Tally) => void, now?: () => number}} options
 *   tally: trials already done (continuing a rollout; the rest are played from trial `tally.done` on); onChunk
 *   hears the tally after each chunk (to keep it)
 * @returns {{done: Promise<RolloutResult | null>, stop: () => void}}
 */
export function startRollout({ pool, request, onProgress = () => {}, tally = emptyTally(), onChunk = () => {}, now = () => performance.now() }) {
  const trials = request.trials;
  let nextTrial = tally.done;
  let stopped = false;
  const started = now();
  const startedAt = tally.done;
  /** @type {Map<number, RolloutChunk>} chunks finished ahead of an earlier one still being played */
  const early = new Map();

  function report() {
    const played = tally.done - startedAt;
    const perTrial = played > 0 ? (now() - started) / played : null;
    onProgress({
      done: tally.done,
      trials,
      candidates: equitiesSoFar(tally),
      secondsLeft: perTrial === null ? null : (perTrial * (trials - tally.done)) / 1000,
    });
  }

  async function worker() {
    while (!stopped && nextTrial < trials) {
      const first = nextTrial;
      const count = Math.min(CHUNK_TRIALS, trials - first);
      nextTrial += count;
      /** @type {RolloutChunk} */
      let chunk;
      try {
        // weighed by its trials: a worker silent past the pool's deadline is replaced (web/engine/pool.js)
        chunk = await pool.run((call) => call("rollout_chunk", { ...request, first, count }), { weight: count });
      } catch (error) {
        if (stopped) return; // the pool was closed under it
        throw error;
      }
      if (stopped) return;
      early.set(first, chunk);
      // Added in trial order: the tally is always trials 0 to done − 1, so a rollout stopped (or kept) at any
      // moment goes on from trial `done` without a gap.
      for (let ready = early.get(tally.done); ready; ready = early.get(tally.done)) {
        early.delete(ready.first);
        addChunk(tally, ready);
      }
      onChunk(tally);
      report();
    }
  }

  const done = (async () => {
    report();
    await Promise.all(Array.from({ length: pool.size }, () => worker()));
    if (stopped || tally.done < trials) return null;
    return pool.run((call) => call("rollout_result", { chunks: [tallyChunk(tally)] }));
  })();
  done.catch(() => {});
  return {
    done,
    stop() {
      stopped = true;
    },
  };
}
