// @ts-check
/**
 * A pool of engine workers for long work (a rollout's chunks, a deep analysis's parts), apart from play's worker so that the board never
 * waits on it. Each worker is web/engine/worker.js, started through web/engine/bridge.js as play's is (the same
 * engine, the same boot), and the pool is made only when such work starts and closed when it ends or stops.
 *
 *   const pool = createPool(poolSize(deviceFacts()));
 *   const answer = await pool.run((call) => call("rollout_chunk", params));   // on the next worker free
 *   pool.close();                                                             // pending jobs reject "BridgeClosed"
 *
 * A worker that dies during a job (the browser ended it, it stalled, Python's runtime failed: the watchdog's
 * failures, web/engine/bridge.js) is replaced by a new one and the job is run again from its start on the next
 * worker free, as play's worker is restarted (web/engine/engine.js): a job is a chunk of trials or a part of an
 * analysis, whose answer depends on its request alone, so the result is the same. At most MAX_RESTARTS times a
 * pool; after that the failure is the job's. `onRestart` hears each restart (the page says it).
 *
 * A worker that dies silently (killed without an error event, or hung in a loop) answers nothing and raises
 * nothing: the bridge's watchdog would notice it only after CHUNK_BUDGET_MS. So a job run with a `weight` (its
 * work in units all alike: a rollout chunk's trials) gets a deadline scaled to the pool's own measure, DEADLINE_FACTOR
 * times the slowest unit seen so far (timed from the worker's readiness, so Python's start is not counted), and
 * never less than DEADLINE_FLOOR_MS; past it the worker is ended and replaced as a dead one, the job run again.
 * Before any unit is measured only the watchdog's budget holds.
 *
 * How many workers (`poolSize`): one core is left to play and the page, the rest are used up to POOL_CAP (4), or
 * SMALL_DEVICE_CAP (2) on a phone (a coarse pointer) or a device with 4 GB of memory or less: each worker holds
 * its own Python, rules core and nets (docs/performance.md, "The pool of workers": the memory one costs). A device
 * with one or two cores gets one worker. `?workers=N` in the page URL, or the number N a player chose in
 * *Preferences* (kept under localStorage "backgammon.workers"), sets the size (1 to MAX_WORKERS) whatever the
 * device: for a player who knows their machine, and the tests' way to compare 1 worker with 2. The older names,
 * `?rollout-workers=N` and "backgammon.rollout-workers" (from when only rollouts used the pool), are still read.
 */
import { ANSWER_BUDGET_MS, BridgeError, answerBudgetFromUrl, createBridge, testDiceFromUrl } from "./bridge.js";

export const POOL_CAP = 4;
export const SMALL_DEVICE_CAP = 2;
/** The most workers an override may ask for. */
export const MAX_WORKERS = 16;
/** The storage key of the size a player chose. */
export const WORKERS_KEY = "backgammon.workers";
/** Its older name, still read. */
export const OLD_WORKERS_KEY = "backgammon.rollout-workers";
/** How many dead workers a pool replaces before it gives up. */
export const MAX_RESTARTS = 3;
/** The failures of a worker that a new worker mends (not a rules error about a request, nor the pool's closing). */
const WORKER_DEATHS = new Set(["WorkerError", "EngineStalled", "EngineCrashed"]);
/** A chunk of a rollout is one trial of every candidate: untruncated with variance reduction, a minute or more in
 * Pyodide on a slow phone. The watchdog still catches a dead worker, later. */
export const CHUNK_BUDGET_MS = 600_000;
/** A weighted job's deadline: this many times the slowest unit of work measured so far, ... */
export const DEADLINE_FACTOR = 10;
/** ... and never under this (a loaded machine's pauses; a false alarm costs one restart of MAX_RESTARTS). */
export const DEADLINE_FLOOR_MS = 20_000;

/**
 * @typedef {object} DeviceFacts
 * @property {number} cores navigator.hardwareConcurrency (0 when unknown)
 * @property {number | undefined} memory navigator.deviceMemory in GB, when the browser tells it
 * @property {boolean} coarse the main pointer is coarse (a phone or a tablet)
 * @property {number} asked the size asked for by the URL or storage, 0 when none
 */

/**
 * How many workers a rollout gets on this device.
 * @param {DeviceFacts} facts
 * @returns {number}
 */
export function poolSize({ cores, memory, coarse, asked }) {
  if (Number.isInteger(asked) && asked > 0) return Math.min(asked, MAX_WORKERS);
  const cap = coarse || (memory !== undefined && memory <= 4) ? SMALL_DEVICE_CAP : POOL_CAP;
  const spare = (Number.isInteger(cores) && cores > 0 ? cores : 2) - 1;
  return Math.max(1, Math.min(cap, spare));
}

/**
 * The size the player chose in *Preferences* (kept under its own key, which the pool reads): 0 when none, the
 * device deciding.
 * @returns {number}
 */
export function chosenWorkers() {
  let stored = null;
  try {
    stored = localStorage.getItem(WORKERS_KEY) ?? localStorage.getItem(OLD_WORKERS_KEY);
  } catch {
    // storage refused (a private window's settings): the device decides
  }
  const size = Number(stored ?? 0);
  return Number.isInteger(size) && size > 0 ? Math.min(size, MAX_WORKERS) : 0;
}

/**
 * Keep the player's choice: `size` workers, or 0 for the device's own count. False when storage refused it.
 * @param {number} size
 * @returns {boolean}
 */
export function chooseWorkers(size) {
  try {
    localStorage.removeItem(OLD_WORKERS_KEY);
    if (Number.isInteger(size) && size > 0) localStorage.setItem(WORKERS_KEY, String(Math.min(size, MAX_WORKERS)));
    else localStorage.removeItem(WORKERS_KEY);
    return true;
  } catch {
    return false;
  }
}

/**
 * The page's device facts and any size asked for (the page's URL first, then the player's choice).
 * @returns {DeviceFacts}
 */
export function deviceFacts() {
  const nav = /** @type {Navigator & {deviceMemory?: number}} */ (navigator);
  const query = new URL(location.href).searchParams;
  const fromUrl = query.get("workers") ?? query.get("rollout-workers");
  return {
    cores: nav.hardwareConcurrency ?? 0,
    memory: typeof nav.deviceMemory === "number" ? nav.deviceMemory : undefined,
    coarse: globalThis.matchMedia?.("(pointer: coarse)").matches ?? false,
    asked: Number(fromUrl ?? 0) || chosenWorkers(),
  };
}

/**
 * @typedef {import("../types.js").Call} Call
 * @typedef {import("./bridge.js").Bridge} Bridge
 * @typedef {object} Pool
 * @property {number} size
 * @property {<T>(job: (call: Call) => Promise<T>, options?: {weight?: number}) => Promise<T>} run
 *   Run `job` on the next worker free (a job's calls all go to that worker, one job at a time on each); `weight`:
 *   its units of work, for the deadline scaled to the pool's measure (none: the watchdog's budget alone).
 * @property {() => void} close stop every worker; jobs running or waiting reject with "BridgeClosed"
 * @property {() => number} restarts how many dead workers were replaced so far
 * @property {() => number} ready how many of its workers have started (Python loaded): the ones a job can begin on
 *   at once
 */

/** The pool's workers run worker.js under their own URL, so that none of them is the worker web/engine/start.js
 * started early for play (the bridge adopts that one by its URL). */
function poolWorkerUrl() {
  const url = new URL("./worker.js", import.meta.url);
  url.searchParams.set("pool", "1");
  return url;
}

/** The budget of a pool worker's answer: CHUNK_BUDGET_MS, or in test mode the shorter one the page URL asks for
 * (`&test-answer-budget=`), so that a test of a dead pool worker need not wait out ten minutes. */
function poolAnswerBudget() {
  const asked = answerBudgetFromUrl(location.href, testDiceFromUrl(location.href));
  return asked !== ANSWER_BUDGET_MS ? asked : CHUNK_BUDGET_MS;
}

/**
 * A pool made at its first use and closed once unused for `idleMs`: each call of the getter returned is a use. For
 * work that comes again and again for a while and then not at all (world class's helpers, web/play/think.js: wanted
 * at every move of a match, not after it). A job still running on a pool closed so rejects "BridgeClosed".
 * @param {() => Pool} make
 * @param {number} idleMs
 * @returns {() => Pool}
 */
export function poolKeptWhileUsed(make, idleMs) {
  /** @type {Pool | null} */
  let pool = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  return () => {
    const used = (pool ??= make());
    clearTimeout(timer);
    timer = setTimeout(() => {
      used.close();
      if (pool === used) pool = null;
    }, idleMs);
    return used;
  };
}

/**
 * @param {number} size
 * @param {() => Bridge} [makeBridge]
 * @param {{onRestart?: (restarts: number, error: BridgeError) => void, deadlineFloorMs?: number}} [options]
 *   deadlineFloorMs: DEADLINE_FLOOR_MS unless told (the unit tests' stand-in workers take milliseconds)
 * @returns {Pool}
 */
export function createPool(size, makeBridge = () => createBridge(poolWorkerUrl(), { testDice: null, answerBudget: poolAnswerBudget() }), { onRestart = () => {}, deadlineFloorMs = DEADLINE_FLOOR_MS } = {}) {
  /** The workers whose Python has loaded. */
  const started = new WeakSet();
  const made = () => {
    const bridge = makeBridge();
    void Promise.resolve(bridge.ready).then(() => started.add(bridge), () => {});
    return bridge;
  };
  const bridges = Array.from({ length: size }, made);
  const readyCount = () => bridges.filter((bridge) => started.has(bridge)).length;
  /** @type {Bridge[]} */
  const free = [...bridges];
  /** @type {{job: (call: Call) => Promise<any>, weight: number, resolve: (value: any) => void, reject: (error: unknown) => void}[]} */
  const waiting = [];
  let closed = false;
  let restarts = 0;
  let jobsDone = 0;
  /** The slowest unit of weighted work measured so far (ms), 0 before any. */
  let slowestUnit = 0;
  if (globalThis.location && testDiceFromUrl(location.href) !== null) {
    // Test mode: the browser tests end a pool worker without a word, as the browser does under memory pressure,
    // and see how much work the workers did.
    /** @type {any} */ (globalThis).backgammonPoolProbe = {
      /** @param {number} k @returns {boolean} whether worker k was there to end */
      kill(k = 0) {
        const kill = bridges[k]?.testKill;
        kill?.();
        return Boolean(kill);
      },
      /** @returns {number} how many jobs the pool's workers have answered */
      jobs: () => jobsDone,
      ready: readyCount,
    };
  }

  /** @param {Bridge} bridge */
  function release(bridge) {
    free.push(bridge);
    next();
  }

  function next() {
    while (!closed && free.length && waiting.length) {
      const bridge = /** @type {Bridge} */ (free.shift());
      const task = /** @type {(typeof waiting)[number]} */ (waiting.shift());
      const clock = deadline(bridge, task.weight);
      task.job(bridge.call).then(
        (value) => {
          clock.stop(true);
          jobsDone += 1;
          task.resolve(value);
          release(bridge);
        },
        (/** @type {unknown} */ failure) => {
          clock.stop(false);
          const error = clock.overdue ?? failure;
          if (closed || !(error instanceof BridgeError) || !WORKER_DEATHS.has(error.type) || restarts >= MAX_RESTARTS) {
            task.reject(error);
            release(bridge);
            return;
          }
          // The worker died under the job: a new one in its place, the job again from its start, first in line.
          restarts += 1;
          bridge.terminate();
          const fresh = made();
          bridges[bridges.indexOf(bridge)] = fresh;
          waiting.unshift(task);
          onRestart(restarts, error);
          release(fresh);
        },
      );
    }
  }

  /**
   * The clock of a job on `bridge`: it times the job from the worker's readiness (a weighted job's time per unit
   * joins the measure) and, once a unit is measured, ends the worker when the job is past its deadline.
   * @param {Bridge} bridge @param {number} weight
   * @returns {{stop: (answered: boolean) => void, overdue: BridgeError | null}}
   */
  function deadline(bridge, weight) {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    let started = -1;
    let stopped = false;
    const clock = {
      /** @type {BridgeError | null} */
      overdue: null,
      /** @param {boolean} answered whether the job answered (only an answer's time is a measure) */
      stop(answered) {
        stopped = true;
        clearTimeout(timer);
        if (answered && started >= 0 && weight > 0) slowestUnit = Math.max(slowestUnit, (performance.now() - started) / weight);
      },
    };
    if (weight <= 0) return clock;
    void Promise.resolve(bridge.ready).then(
      () => {
        if (stopped) return;
        started = performance.now();
        if (slowestUnit <= 0) return;
        const ms = Math.min(CHUNK_BUDGET_MS, Math.max(deadlineFloorMs, DEADLINE_FACTOR * slowestUnit * weight));
        timer = setTimeout(() => {
          // Silent: no answer and no error. Ended, its job rejects, and the rejection is read as this death.
          clock.overdue = new BridgeError("EngineStalled", `no answer within ${Math.round(ms / 1000)} s, ${DEADLINE_FACTOR} times the slowest so far`);
          bridge.terminate();
        }, ms);
      },
      () => {},
    );
    return clock;
  }

  return {
    size,
    restarts: () => restarts,
    ready: readyCount,
    run(job, { weight = 0 } = {}) {
      if (closed) return Promise.reject(new BridgeError("BridgeClosed", "the pool was closed"));
      return new Promise((resolve, reject) => {
        waiting.push({ job, weight, resolve, reject });
        next();
      });
    },
    close() {
      if (closed) return;
      closed = true;
      const error = new BridgeError("BridgeClosed", "the pool was closed");
      for (const task of waiting.splice(0)) task.reject(error);
      for (const bridge of bridges) bridge.terminate();
    },
  };
}
