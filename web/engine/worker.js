// @ts-check
/// <reference lib="webworker" />
/**
 * The rules engine: a module Web Worker running Pyodide with our `backgammon` package.
 *
 * Protocol (see docs/architecture.md, "Worker protocol"):
 *   page → worker  {id, method, params}
 *   worker → page  {id, result} | {id, error: {type, message, rule?}} (rule: the Python error's code, if it has one)
 *   worker → page  {event: "ready", info} once `backgammon.api` is imported,
 *                  {event: "failed", error: {type, message}} if loading failed (never a silent hang).
 *
 * Loading leaves `performance` marks in the worker (engine:start, engine:pyodide-imported,
 * engine:pyodide-loaded, engine:archive-mounted, engine:api-imported, engine:first-answer) for
 * benchmarks/startup.py.
 *
 * Methods are answered by `backgammon.api.handle(json_text)`, except `engine_info`, which the worker
 * answers itself as soon as Python runs. For `act` with `{type: "roll"}` and no dice, the worker
 * fills in the dice: from `crypto.getRandomValues`, or, only when this worker was started with a
 * `test-dice` query parameter (the page's `?test-dice=31,52,66`), from that script.
 */

// Imported alongside Pyodide rather than statically: a static import is one more download before this worker's
// code (and so Pyodide's) can start, ~200 ms on a first visit to a busy machine.
const diceModule = import("./dice.js");
diceModule.catch(() => {}); // a failure is reported by the roll that needs it

const INDEX_URL = new URL("../../pyodide/", import.meta.url).href;
const ARCHIVE_URL = new URL("../../py/backgammon.zip", import.meta.url).href;
/** Where Python fetches the package data that build.py leaves out of the archive (the bear-off database). */
const DATA_URL = new URL("../../py/", import.meta.url).href;
/** Where the archive sits in Python's file system; build.py compiles the package for this path. */
const ARCHIVE_PATH = "/lib/backgammon.zip";
/** Loading that has not finished by then is reported as failed instead of hanging forever. */
const LOAD_TIMEOUT_MS = 120_000;

/**
 * Pyodide's files are asked for from this worker's first line, not once Pyodide's own script (pyodide.mjs) has
 * arrived and run: a round trip and its parsing sooner on a phone's network, all downloading at once. The same
 * module URL is fetched once by the worker's module map; the files' replies are kept here and handed to
 * Pyodide's `fetch` of the same URL (once each; any other fetch goes to the network as usual).
 */
const EARLY_FILES = ["pyodide.asm.wasm", "stdlib.zip", "pyodide-lock.json"];

/**
 * The engine's download as it goes, for the page's status line: `{event: "progress", stage, received, total}`,
 * stage "download" while a file of the engine is still arriving (received: its bytes so far, as decoded; total:
 * theirs in all, which build.py writes into ENGINE_BYTES below, 0 if not built), then "start" (Python starting).
 */
const ENGINE_BYTES = 0;
/** Our archive's share of ENGINE_BYTES (build.py writes it too). */
const ARCHIVE_BYTES = 0;
const PROGRESS_EVERY_MS = 200;
const progress = { received: 0, arriving: 0, reportedAt: -Infinity };

/** @param {boolean} now */
function reportProgress(now) {
  if (!now && performance.now() - progress.reportedAt < PROGRESS_EVERY_MS) return;
  progress.reportedAt = performance.now();
  const stage = progress.arriving > 0 ? "download" : "start";
  postMessage({ event: "progress", stage, received: progress.received, total: ENGINE_BYTES });
}

/**
 * Our archive is asked for once Pyodide's own files have nearly arrived, not beside them: on a phone's link they
 * would share the bandwidth, and Pyodide's are needed first; its WebAssembly's compilation and Python's start
 * then take seconds of CPU, in which the archive arrives (a first visit at 9 Mbit/s with a phone's CPU: docs/
 * performance.md). Nearly, not wholly: Python's start follows their end at once, a task of seconds in which this
 * thread would not see that end, nor ask.
 */
const PYODIDE_BYTES_BEFORE_ARCHIVE = (ENGINE_BYTES - ARCHIVE_BYTES) * 0.95;
/** @type {() => void} */
let askForArchive = () => {};
/** @type {Promise<void>} */
const archiveAsked = new Promise((resolve) => (askForArchive = resolve));

/**
 * Count a reply's bytes as they arrive (from a copy of it: the reply itself goes on to Pyodide untouched).
 * @param {Promise<Response>} reply
 * @returns {Promise<void>} settled once the reply has arrived whole, or failed
 */
function countDownload(reply) {
  progress.arriving += 1;
  return reply
    .then(async (response) => {
      const reader = response.clone().body?.getReader();
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
        progress.received += chunk.value.byteLength;
        if (progress.received >= PYODIDE_BYTES_BEFORE_ARCHIVE) askForArchive();
        reportProgress(false);
      }
    })
    .catch(() => {}) // the reply's failure is Pyodide's (or fetchBytes') to report
    .finally(() => {
      progress.arriving -= 1;
      reportProgress(true);
    });
}

/** @type {Map<string, Promise<void>>} each early file's arrival, by URL */
const earlyArrivals = new Map();
const earlyReplies = new Map(
  EARLY_FILES.map((name) => {
    const reply = fetch(INDEX_URL + name);
    reply.catch(() => {}); // a failure reaches Pyodide's own fetch, which reports it
    earlyArrivals.set(INDEX_URL + name, countDownload(reply));
    return [INDEX_URL + name, reply];
  }),
);
Promise.all(earlyArrivals.values()).then(askForArchive); // the latest it is asked for
if (ENGINE_BYTES === 0) askForArchive(); // not built: sizes unknown
const archiveReply = archiveAsked.then(() => fetch(ARCHIVE_URL));
archiveReply.catch(() => {}); // awaited by startPython, which reports it
countDownload(archiveReply); // from now: the status line's download does not end between the two
import(INDEX_URL + "pyodide.asm.mjs").catch(() => {}); // Pyodide's import of it reports a failure
const networkFetch = globalThis.fetch;
/** @type {typeof fetch} */
const fetchTakingEarlyReplies = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  const reply = earlyReplies.get(url);
  if (reply === undefined || init?.integrity) {
    return networkFetch(input, init);
  }
  earlyReplies.delete(url);
  return reply;
};
globalThis.fetch = fetchTakingEarlyReplies;

/** @typedef {{type: string, message: string, rule?: string, words?: import("../types.js").Words}} ErrorValue */

class EngineError extends Error {
  /**
   * @param {string} type @param {string} message @param {string} [rule] the Python error's rule code, when it has one
   * @param {import("../types.js").Words} [words] its sentence as a message id, when the catalogues hold it
   */
  constructor(type, message, rule, words) {
    super(message);
    this.type = type;
    this.rule = rule;
    this.words = words;
  }
}

/**
 * Parse a test dice script such as "31,52,66" into pairs of dice.
 * @param {string} script
 * @returns {number[][]}
 */
export function parseDiceScript(script) {
  return script.split(",").filter((token) => token.trim() !== "").map((token) => {
    const text = token.trim();
    if (!/^[1-6][1-6]$/.test(text)) {
      throw new EngineError("InvalidTestDice", `test dice must be two digits 1-6 each, got "${text}"`);
    }
    return [Number(text[0]), Number(text[1])];
  });
}

const testDiceParam = new URL(import.meta.url).searchParams.get("test-dice");
/** @type {number[][] | null} */
let scriptedDice = null;
/** @type {ErrorValue | null} */
let scriptError = null;
if (testDiceParam !== null) {
  try {
    scriptedDice = parseDiceScript(testDiceParam);
  } catch (error) {
    scriptError = toErrorValue(error);
  }
}

/** @returns {Promise<number[]>} */
async function nextDice() {
  if (scriptError) throw new EngineError(scriptError.type, scriptError.message);
  if (scriptedDice) {
    const pair = scriptedDice.shift();
    if (!pair) throw new EngineError("TestDiceExhausted", "the test dice script has no rolls left");
    return pair;
  }
  const { cryptoDie } = await diceModule;
  return [cryptoDie(), cryptoDie()];
}

/**
 * @param {unknown} error
 * @returns {ErrorValue}
 */
function toErrorValue(error) {
  if (error && typeof error === "object") {
    const err = /** @type {{type?: unknown, name?: unknown, message?: unknown, rule?: unknown, words?: unknown}} */ (error);
    const type = typeof err.type === "string" ? err.type : typeof err.name === "string" ? err.name : "Error";
    let message = typeof err.message === "string" ? err.message : String(error);
    // A PythonError's message is the whole traceback; its last line says what went wrong.
    if (type !== "Error" && message.includes("Traceback")) {
      const lines = message.trim().split("\n");
      message = lines[lines.length - 1].replace(/^\w+(\.\w+)*: /, "");
    }
    /** @type {ErrorValue} */
    const value = { type, message };
    if (typeof err.rule === "string") value.rule = err.rule;
    if (err.words && typeof err.words === "object") value.words = /** @type {import("../types.js").Words} */ (err.words);
    return value;
  }
  return { type: "Error", message: String(error) };
}

/**
 * A reply's body, or an EngineLoadError that names the file.
 * @param {string} url  what was asked for
 * @param {Promise<Response>} reply
 * @returns {Promise<ArrayBuffer>}
 */
async function fetchBytes(url, reply) {
  let response;
  try {
    response = await reply;
  } catch (error) {
    throw new EngineError("EngineLoadError", `could not fetch ${url}: ${toErrorValue(error).message}`);
  }
  if (!response.ok) {
    throw new EngineError("EngineLoadError", `could not fetch ${url}: HTTP ${response.status}`);
  }
  return response.arrayBuffer();
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {string} what
 * @returns {Promise<T>}
 */
function withTimeout(promise, what) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new EngineError("EngineLoadError", `${what} did not finish in ${LOAD_TIMEOUT_MS / 1000} s`)),
      LOAD_TIMEOUT_MS,
    );
  });
  return /** @type {Promise<T>} */ (Promise.race([promise, timeout])).finally(() => clearTimeout(timer));
}

/**
 * Pyodide 314 catches a failed `pyodide.asm.wasm` (missing, wrong MIME type) itself, only logs
 * "wasm instantiation failed!" with console.warn, and then never settles. Watch for that warning
 * while loading so the failure is reported at once instead of after the timeout.
 * @returns {{failed: Promise<never>, stop: () => void}}
 */
function watchForWasmFailure() {
  const originalWarn = console.warn;
  /** @type {(error: EngineError) => void} */
  let reject = () => {};
  /** @type {Promise<never>} */
  const failed = new Promise((_, rejectFailed) => {
    reject = rejectFailed;
  });
  failed.catch(() => {});
  let sawFailure = false;
  console.warn = (...args) => {
    originalWarn.apply(console, args);
    if (args[0] === "wasm instantiation failed!") {
      sawFailure = true;
    } else if (sawFailure) {
      const reason = toErrorValue(args[0]).message;
      reject(new EngineError("EngineLoadError", `could not start ${INDEX_URL}pyodide.asm.wasm: ${reason}`));
    }
  };
  return { failed, stop: () => { console.warn = originalWarn; } };
}

/**
 * Start Python: the runtime and our archive download in parallel.
 * @returns {Promise<any>} the Pyodide interface
 */
async function startPython() {
  performance.mark("engine:start");
  const archive = fetchBytes(ARCHIVE_URL, archiveReply);
  archive.catch(() => {}); // awaited below; this only silences the early unhandled-rejection report
  /** @type {{loadPyodide: (options: object) => Promise<any>}} */
  let pyodideModule;
  try {
    pyodideModule = await import(INDEX_URL + "pyodide.mjs");
  } catch (error) {
    throw new EngineError("EngineLoadError", `could not load ${INDEX_URL}pyodide.mjs: ${toErrorValue(error).message}`);
  }
  performance.mark("engine:pyodide-imported");
  const wasmFailure = watchForWasmFailure();
  let pyodide;
  try {
    pyodide = await withTimeout(
      Promise.race([
        pyodideModule.loadPyodide({
          indexURL: INDEX_URL,
          stdLibURL: INDEX_URL + "stdlib.zip", // precompiled to .pyc by build.py
          lockFileURL: INDEX_URL + "pyodide-lock.json",
          env: { HOME: "/home/pyodide", PYTHONHASHSEED: "0", BACKGAMMON_DATA_URL: DATA_URL },
        }),
        wasmFailure.failed,
      ]),
      "loading Pyodide",
    );
  } finally {
    wasmFailure.stop();
  }
  performance.mark("engine:pyodide-loaded");
  // Imported from the archive itself (zipimport), not unpacked: no zipfile/shutil work at start, and
  // the archive's .pyc (build.py) are loaded as they are.
  pyodide.FS.writeFile(ARCHIVE_PATH, new Uint8Array(await archive));
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(ARCHIVE_PATH)})`);
  performance.mark("engine:archive-mounted");
  return pyodide;
}

/** @returns {Promise<(requestJson: string) => string>} `backgammon.api.handle` */
async function importApi() {
  const pyodide = await python;
  const api = pyodide.pyimport("backgammon.api");
  performance.mark("engine:api-imported");
  try {
    // copy(): an attribute proxy is destroyed together with the module proxy it was borrowed from.
    return api.handle.copy(); // one long-lived PyProxy, kept for the life of the worker
  } finally {
    api.destroy();
  }
}

const python = startPython();
const handle = importApi();

/** @returns {Promise<object>} */
async function engineInfo() {
  const pyodide = await python;
  const pythonVersion = pyodide.runPython("import sys\nsys.version.split()[0]");
  return {
    pyodide: pyodide.version,
    python: pythonVersion,
    test_dice: scriptedDice !== null || scriptError !== null,
  };
}

handle.then(
  async () => postMessage({ event: "ready", info: await engineInfo() }),
  (error) => postMessage({ event: "failed", error: toErrorValue(error) }),
);

/**
 * @param {string} method
 * @param {any} params
 * @returns {Promise<unknown>}
 */
async function dispatch(method, params) {
  if (method === "engine_info") return engineInfo();
  const apiHandle = await handle;
  let request = params ?? {};
  if (method === "act" && request.action && request.action.type === "roll" && request.action.dice == null) {
    request = { ...request, action: { ...request.action, dice: await nextDice() } };
  }
  let responseText;
  try {
    responseText = apiHandle(JSON.stringify({ method, params: request }));
  } catch (error) {
    // handle() turns every Python exception into an answer: a throw here is Pyodide's runtime failing (a fatal error,
    // memory exhausted), after which it answers nothing more. The page starts a new worker (web/engine/engine.js).
    postMessage({ event: "crashed", error: toErrorValue(error) });
    throw error;
  }
  const response = JSON.parse(responseText);
  if (response && typeof response === "object" && "error" in response && response.error) {
    const { type, message, rule, words } = response.error;
    throw new EngineError(String(type ?? "Error"), String(message ?? ""), typeof rule === "string" ? rule : undefined, words ?? undefined);
  }
  return response && typeof response === "object" && "result" in response ? response.result : response;
}

// Requests run one at a time in arrival order: the match state in Python is shared.
let queue = Promise.resolve();

/**
 * Test mode only (tests/e2e/test_engine_recovery.py): a worker busy for ever, and a Python session left broken the
 * way a fault in our code could leave it (the next request then fails inside Python).
 * @param {string} method
 */
async function testFault(method) {
  if (method === "test_hang") for (;;);
  const pyodide = await python;
  pyodide.runPython("import backgammon.api\nbackgammon.api.session.match = object()");
  return {};
}

addEventListener("message", (event) => {
  const { id, method, params } = event.data ?? {};
  // The page's heartbeat (web/engine/bridge.js): answered at once, not behind Python's queue, so only a dead or hung worker
  // misses it.
  if (method === "ping") {
    postMessage({ id, result: {} });
    return;
  }
  if (testDiceParam !== null && (method === "test_hang" || method === "test_corrupt")) {
    queue = queue.then(() => testFault(method)).then((result) => postMessage({ id, result }));
    return;
  }
  queue = queue.then(async () => {
    try {
      postMessage({ id, result: await dispatch(String(method), params) });
    } catch (error) {
      postMessage({ id, error: toErrorValue(error) });
    }
    if (performance.getEntriesByName("engine:first-answer").length === 0) performance.mark("engine:first-answer");
  });
});
