// @ts-check
/**
 * The page's side of the rules engine: an async API over `postMessage` to web/engine/worker.js.
 *
 *   const engine = createBridge();
 *   await engine.ready;                       // resolves with {pyodide, python, test_dice}
 *   const {record, view} = await engine.call("new_match", {settings, players});
 *
 * Errors: `call()` and `ready` REJECT with a `BridgeError` (an `Error` with `.type`, `.message` and, when Python's
 * error has one, `.rule`: a stable code such as "must-use-both-dice" to branch on instead of the message's words).
 * `.type` is the Python exception class for rules errors (e.g. "IllegalMoveError",
 * "InvalidActionError", "InvalidRecordError"), or one of the worker's own:
 *   "EngineLoadError"   Pyodide, the runtime files or our archive could not be loaded
 *   "WorkerError"       the worker script itself failed (not found, crashed)
 *   "TestDiceExhausted" / "InvalidTestDice"   only in test mode, see below
 *   "BridgeClosed"      `terminate()` was called while the request was pending
 *   "EngineStalled"     the worker said nothing for too long (see below): it was stopped
 *   "EngineCrashed"     Python's runtime itself failed (not an exception in our code, which is an answer)
 * The worker's own types, `ENGINE_FAILURES`, are failures of the engine as a whole; any other is about one request.
 * Nothing is retried behind the caller's back; nothing hangs: a failed load rejects `ready` and
 * every pending and later call. web/engine/engine.js starts a new worker when one fails.
 *
 * The watchdog: a worker that dies (terminated by the browser, out of memory) sends nothing, ever. So a request owes
 * an answer within ANSWER_BUDGET_MS of being sent or of the worker's last message (Python answers one request at a
 * time, each in about a second at most), and a worker that is idle or still loading is pinged after HEARTBEAT_MS of
 * silence (answered in the worker's JavaScript, outside Python) and owes the answer within PING_BUDGET_MS (while
 * loading, LOADING_PING_BUDGETS answer budgets). A page that was itself frozen or throttled (a background tab, a suspended laptop)
 * gives the worker a fresh budget rather than blaming it.
 *
 * A page may start the worker sooner with web/engine/start.js (a tiny classic script, first in <head>):
 * `createBridge()` then adopts that worker, and what it has already said, instead of starting another.
 *
 * Test mode: when the page URL has `?test-dice=31,52,66` (two digits 1-6 per roll, comma-separated),
 * the worker takes the dice of `act {type: "roll"}` from that script instead of the browser's crypto.
 * `bridge.testMode` is then true; the app must keep such matches apart from real saved ones. In test mode
 * `&test-answer-budget=6000` gives requests 6 s instead of 15 (the tests of hung and dead workers).
 */

/**
 * A failure of the engine in the player's words: a message id of web/i18n/ with its arguments (the page
 * translates it; `message` keeps the technical detail, for the console and bug reports).
 * @typedef {{id: string, args: Record<string, number>}} FailureWords
 */

/** Each failure of the engine as a whole, in the player's words, by its type. */
const FAILURE_WORDS = /** @type {Record<string, string>} */ ({
  EngineLoadError: "failure.load",
  WorkerError: "failure.worker",
  EngineStalled: "failure.stalled",
  EngineCrashed: "failure.crashed",
  BridgeClosed: "failure.closed",
});

export class BridgeError extends Error {
  /**
   * @param {string} type
   * @param {string} message
   * @param {string} [rule] the Python error's rule code, when it has one
   * @param {FailureWords} [words] what the player is told (by default, by the type)
   */
  constructor(type, message, rule, words) {
    super(message);
    this.name = "BridgeError";
    /** @type {string} */
    this.type = type;
    /** @type {string | undefined} */
    this.rule = rule;
    /** @type {FailureWords} */
    this.words = words ?? { id: FAILURE_WORDS[type] ?? "failure.unknown", args: {} };
    /** @type {import("../types.js").Words | undefined} a rules error's sentence as Python gave it, by message id */
    this.said = undefined;
  }
}

/** Failures of the engine as a whole (its worker failed, stalled or was stopped), as opposed to a rules error about
 * one request. */
export const ENGINE_FAILURES = new Set(["EngineLoadError", "WorkerError", "EngineStalled", "EngineCrashed", "BridgeClosed"]);

/** The longest a request may go without a word from a ready worker. */
export const ANSWER_BUDGET_MS = 15_000;
/** The longest the worker may take to load (it reports its own failure after 120 s). */
export const LOAD_BUDGET_MS = 150_000;
/** An idle ready worker is pinged after this long without a message ... */
export const HEARTBEAT_MS = 2_000;
/** ... and owes the answer within this. */
export const PING_BUDGET_MS = 3_000;
/** A worker still starting owes a ping's answer within this many answer budgets (45 s): its start has one silent
 * task of seconds, Pyodide's start of Python (4.4 s at 4× CPU on a loaded machine, docs/performance.md), and a
 * worker taken for dead there is started again from nothing. */
export const LOADING_PING_BUDGETS = 3;
/** The watchdog's tick; a tick that comes far later than this means the page itself was frozen. */
const TICK_MS = 1_000;

/**
 * The test dice script in a page URL, or null outside test mode.
 * @param {string | URL} href
 * @returns {string | null}
 */
export function testDiceFromUrl(href) {
  return new URL(href).searchParams.get("test-dice");
}

/**
 * The answer budget of a bridge made for `href`: ANSWER_BUDGET_MS, or in test mode a shorter one asked for by the
 * page URL's `?test-answer-budget=` (ms), so that the tests of a hung or dead worker need not wait out 15 s each.
 * @param {string | URL} href
 * @param {string | null} testDice
 * @returns {number}
 */
export function answerBudgetFromUrl(href, testDice) {
  const asked = Number(new URL(href).searchParams.get("test-answer-budget"));
  return testDice !== null && asked > 0 ? asked : ANSWER_BUDGET_MS;
}

/**
 * The worker web/engine/start.js started ahead of the page's modules, if it runs `url` and no bridge has taken it
 * yet. Its own listeners are removed; the events it kept come with it, to be handled first.
 * @param {URL} url
 * @returns {{worker: Worker, events: Event[]} | null}
 */
function takeEarlyWorker(url) {
  const holder = /** @type {any} */ (globalThis);
  const early = holder.backgammonEarlyWorker;
  if (!early || early.url !== url.href) return null;
  delete holder.backgammonEarlyWorker;
  early.stopKeeping();
  return { worker: early.worker, events: early.events };
}

/**
 * @typedef {import("../types.js").Call} Call
 * @typedef {import("../types.js").EngineInfo} EngineInfo
 * @typedef {object} Bridge
 * @property {Call} call
 *   Send one request; resolves with its `result`, rejects with a `BridgeError`.
 * @property {Promise<EngineInfo>} ready
 *   Resolves once Python and `backgammon.api` are loaded; rejects with a `BridgeError`.
 * @property {(listener: (error: BridgeError) => void) => () => void} onError
 *   Called when the engine fails as a whole (load failure, worker crash); returns its unbind.
 * @property {boolean} testMode true when dice come from a `?test-dice=` script
 * @property {() => void} terminate stop the worker; pending calls reject with "BridgeClosed"
 * @property {() => void} [testKill] test mode only (the page URL's `test-dice`): the worker ended without a word, as
 *   the browser ends one under memory pressure (a pool's workers: web/engine/pool.js)
 */

/** Why a worker stopped, as the watchdog or the worker tells it. */
const STALLED = "EngineStalled";
const CRASHED = "EngineCrashed";

/**
 * One bridge's state: its worker, the requests it owes answers to, and the watchdog's clocks.
 * @typedef {object} BridgeState
 * @property {URL} url the worker's URL, test dice included
 * @property {Worker} worker
 * @property {number} answerBudget
 * @property {Map<number, {resolve: (value: unknown) => void, reject: (error: BridgeError) => void}>} pending
 * @property {Set<(error: BridgeError) => void>} errorListeners
 * @property {BridgeError | null} fatal
 * @property {number} nextId
 * @property {boolean} isReady
 * @property {number} startedAt
 * @property {number} lastHeard when the worker last said something, or since when it owes an answer
 * @property {number} lastTick
 * @property {number} pingSentAt
 * @property {number | null} pingId the heartbeat's request id while it waits for its answer
 * @property {ReturnType<typeof setInterval> | undefined} watchdog
 * @property {(info: EngineInfo) => void} resolveReady
 * @property {(error: BridgeError) => void} rejectReady
 * @property {(progress: EngineProgress) => void} onProgress
 */

/**
 * How far the engine's start has come (web/engine/worker.js): its files arriving ("download": `received` of
 * `total` bytes, as decoded; total 0 when unknown), then Python starting ("start").
 * @typedef {{stage: "download" | "start", received: number, total: number}} EngineProgress
 */

/**
 * @param {string | URL} [workerUrl] defaults to worker.js next to this module
 * @param {{testDice?: string | null, onProgress?: (progress: EngineProgress) => void, answerBudget?: number}} [options]
 *   testDice defaults to the page URL's `test-dice` parameter; onProgress hears the engine's download and start
 *   (worker.js); answerBudget (ms) replaces ANSWER_BUDGET_MS for a worker whose requests are long by design (a
 *   rollout's chunk, web/engine/pool.js)
 * @returns {Bridge}
 */
export function createBridge(workerUrl, options = {}) {
  const url = new URL(workerUrl ?? new URL("./worker.js", import.meta.url), location.href);
  const testDice = options.testDice !== undefined ? options.testDice : testDiceFromUrl(location.href);
  if (testDice !== null) url.searchParams.set("test-dice", testDice);
  const early = takeEarlyWorker(url);
  const startedAt = performance.now();
  /** @type {BridgeState} */
  const state = {
    url,
    worker: early?.worker ?? new Worker(url, { type: "module" }),
    answerBudget: options.answerBudget ?? answerBudgetFromUrl(location.href, testDice),
    pending: new Map(),
    errorListeners: new Set(),
    fatal: null,
    nextId: 1,
    isReady: false,
    startedAt,
    lastHeard: startedAt,
    lastTick: startedAt,
    pingSentAt: startedAt,
    pingId: null,
    watchdog: undefined,
    resolveReady: () => {},
    rejectReady: () => {},
    onProgress: options.onProgress ?? (() => {}),
  };
  /** @type {Promise<EngineInfo>} */
  const ready = new Promise((resolve, reject) => {
    state.resolveReady = resolve;
    state.rejectReady = reject;
  });
  ready.catch(() => {}); // callers that only use call() still see the error there

  listen(state, early?.events ?? []);
  if (!state.fatal) state.watchdog = setInterval(() => checkAlive(state), TICK_MS);
  /** @type {Call} */
  const call = (method, params = {}) => request(state, method, params);
  if (testDice !== null) installTestProbe(state, call);

  return {
    ready,
    testMode: testDice !== null,
    call,
    onError(listener) {
      state.errorListeners.add(listener);
      return () => state.errorListeners.delete(listener);
    },
    terminate() {
      state.worker.terminate();
      fail(state, new BridgeError("BridgeClosed", "the engine was stopped"));
    },
    ...(testDiceFromUrl(location.href) !== null ? { testKill: () => state.worker.terminate() } : {}),
  };
}

/**
 * Take the worker's messages and errors, first those an early worker kept, in the order they came.
 * @param {BridgeState} state
 * @param {Event[]} kept
 */
function listen(state, kept) {
  const { worker } = state;
  worker.addEventListener("message", (event) => onMessage(state, event));
  worker.addEventListener("error", (event) => onWorkerError(state, event));
  worker.addEventListener("messageerror", () => onMessageError(state));
  // What the early worker said before this page's modules ran, in the order it came.
  for (const event of kept) {
    if (event.type === "message") onMessage(state, /** @type {MessageEvent} */ (event));
    else if (event.type === "error") onWorkerError(state, event);
    else onMessageError(state);
  }
}

/** @param {BridgeState} state @param {BridgeError} error */
function fail(state, error) {
  if (state.fatal) return;
  state.fatal = error;
  clearInterval(state.watchdog);
  state.rejectReady(error);
  for (const { reject } of state.pending.values()) reject(error);
  state.pending.clear();
  for (const listener of [...state.errorListeners]) listener(error);
}

/** @param {BridgeState} state @param {MessageEvent} event */
function onMessage(state, event) {
  const message = event.data ?? {};
  state.lastHeard = performance.now();
  if (message.event === "ready") {
    state.isReady = true;
    state.resolveReady(message.info);
  } else if (message.event === "progress") {
    state.onProgress({ stage: message.stage, received: Number(message.received), total: Number(message.total) });
  } else if (message.event === "failed") {
    fail(state, new BridgeError(message.error?.type ?? "EngineLoadError", message.error?.message ?? ""));
  } else if (message.event === "crashed") {
    state.worker.terminate();
    fail(state, new BridgeError(CRASHED, `Python's runtime failed: ${message.error?.message ?? "no reason given"}`));
  } else if (typeof message.id === "number") {
    if (message.id === state.pingId) state.pingId = null;
    const request = state.pending.get(message.id);
    if (!request) return;
    state.pending.delete(message.id);
    if (message.error) {
      const { type, message: text, rule, words } = message.error;
      const error = new BridgeError(String(type), String(text), typeof rule === "string" ? rule : undefined);
      if (words && typeof words === "object") error.said = words;
      request.reject(error);
    } else {
      request.resolve(message.result);
    }
  }
}

/** @param {BridgeState} state @param {Event} event */
function onWorkerError(state, event) {
  event.preventDefault();
  const text = event instanceof ErrorEvent ? event.message : "";
  fail(state, new BridgeError("WorkerError", text || `the engine worker ${state.url.pathname} failed to start`));
}

/** @param {BridgeState} state */
function onMessageError(state) {
  fail(state, new BridgeError("WorkerError", "a message from the engine could not be read"));
}

/**
 * Send one request; its answer resolves the promise (a rules error rejects it, as a failure of the engine does).
 * @param {BridgeState} state
 * @param {string} method
 * @param {object} params
 * @returns {Promise<any>} the method's answer, as the method map (web/types.js) says through `Call`
 */
function request(state, method, params) {
  if (state.fatal) return Promise.reject(state.fatal);
  const id = state.nextId++;
  return new Promise((resolve, reject) => {
    // It owes an answer from now.
    if (state.pending.size === (state.pingId === null ? 0 : 1)) state.lastHeard = performance.now();
    state.pending.set(id, { resolve, reject });
    state.worker.postMessage({ id, method, params });
  });
}

/**
 * @param {BridgeState} state
 * @param {"failure.noAnswer" | "failure.notStarted"} id  what the silence was: no answer, or no start
 * @param {number} seconds  how long it lasted
 */
function stalled(state, id, seconds) {
  state.worker.terminate();
  const why = id === "failure.noAnswer" ? `no answer for ${seconds} s` : `not started after ${seconds} s`;
  fail(state, new BridgeError(STALLED, why, undefined, { id, args: { seconds } }));
}

/** @param {BridgeState} state */
function checkAlive(state) {
  const now = performance.now();
  // Timers run late or not at all while the page is frozen or hidden: the worker was not to blame for that time.
  if (now - state.lastTick > 3 * TICK_MS) {
    state.lastHeard = now;
    state.pingSentAt = now;
  }
  state.lastTick = now;
  const { isReady, pingId, answerBudget } = state;
  const calls = state.pending.size - (pingId === null ? 0 : 1);
  // Loading has stretches of seconds in Python's start, when the worker answers nothing.
  const pingBudget = isReady ? PING_BUDGET_MS : LOADING_PING_BUDGETS * answerBudget;
  if (pingId !== null && now - state.pingSentAt > pingBudget) {
    stalled(state, "failure.noAnswer", Math.round(pingBudget / 1000));
  } else if (isReady && calls > 0 && now - state.lastHeard > answerBudget) {
    stalled(state, "failure.noAnswer", Math.round(answerBudget / 1000));
  } else if (!isReady && now - state.startedAt > LOAD_BUDGET_MS) {
    stalled(state, "failure.notStarted", LOAD_BUDGET_MS / 1000);
  } else if (pingId === null && (calls === 0 || !isReady) && now - state.lastHeard > HEARTBEAT_MS && globalThis.document?.visibilityState !== "hidden") {
    const id = state.nextId++;
    state.pingId = id;
    state.pingSentAt = now;
    state.pending.set(id, { resolve: () => {}, reject: () => {} });
    state.worker.postMessage({ id, method: "ping", params: {} });
  }
}

/**
 * Test mode only: the browser tests (tests/e2e/chaos.py) compare what the page shows with what the engine holds.
 * Read-only: `view` answers the loaded match unchanged, in its turn among the page's own requests.
 * kill/hang/corrupt stand for the engine's failures (tests/e2e/test_engine_recovery.py): the worker terminated
 * without a word (as the browser does under memory pressure), busy for ever, a Python session left broken.
 * @param {BridgeState} state
 * @param {Call} call
 */
function installTestProbe(state, call) {
  /** @type {any} */ (globalThis).backgammonTestProbe = {
    view: () => call("view", {}),
    kill: () => state.worker.terminate(),
    hang: () => state.worker.postMessage({ id: 0, method: "test_hang", params: {} }),
    corrupt: () => call("test_corrupt", {}),
  };
}
