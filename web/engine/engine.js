// @ts-check
/**
 * The rules engine as a page uses it: one worker at a time (web/engine/bridge.js), replaced when it dies, stops answering
 * (the bridge's watchdog) or leaves Python broken (an "InternalError" answer: an exception in our code, after which
 * the session may hold half a change). The new worker is given the page's state back (`restore`, e.g. loading the
 * saved match record: its dice are in the record, so nothing is rolled again) before any other request reaches it.
 *
 *   const engine = createEngine({
 *     restore: (call) => call("load", {record}),   // on each new worker, before anything else
 *     onDown: (error) => …,                        // the worker failed; a new one is starting
 *     onBack: (error) => …,                        // the new one is ready and restored
 *     onGiveUp: (error) => …,                      // it could not start, or failed RESTART_LIMIT times in a row
 *   });
 *   await engine.call("act", {action});
 *
 * A request that was with the failed worker is sent again to the new one once it is restored: it never had an effect
 * the page saw (the page changes its state from answers only). A request that meets an InternalError is sent again
 * once to a restored worker; a second InternalError is the request's own fault and rejects as a rules error does.
 * A first worker that could not start (its files failed to load, or it took too long in all) is given up on, as is one
 * that fails RESTART_LIMIT times within RESTART_WINDOW_MS; a first worker that died while starting is replaced.
 */
import { BridgeError, ENGINE_FAILURES, createBridge } from "./bridge.js";

export const RESTART_LIMIT = 3;
export const RESTART_WINDOW_MS = 60_000;

/**
 * @typedef {import("./bridge.js").Bridge} Bridge
 * @typedef {import("../types.js").Call} Call
 * @typedef {object} EngineOptions
 * @property {(call: Call) => Promise<unknown>} [restore] give a new worker the page's state
 * @property {(error: BridgeError) => void} [onDown]  its `message`: the technical words; `words`: the player's
 * @property {(error: BridgeError) => void} [onBack]
 * @property {(error: BridgeError) => void} [onGiveUp]
 * @property {() => Bridge} [makeBridge] defaults to createBridge() (the page's test dice, the early worker)
 */

/**
 * The engine's state: the bridge in use and the promise of it once restored, and the restarts so far.
 * @typedef {object} EngineState
 * @property {Required<EngineOptions>} options
 * @property {Bridge} bridge
 * @property {Promise<Bridge>} usable the bridge to send requests to, once it is restored; the first takes them at once
 * @property {boolean} everReady
 * @property {BridgeError | null} givenUp
 * @property {number[]} restarts when the last restarts were
 * @property {Call} call the engine's own `call` (the test probe reads the match through it)
 */

/**
 * @param {EngineOptions} options
 */
export function createEngine({ restore = async () => {}, onDown = () => {}, onBack = () => {}, onGiveUp = () => {}, makeBridge = () => createBridge() } = {}) {
  const bridge = makeBridge();
  /** @type {EngineState} */
  const state = {
    options: { restore, onDown, onBack, onGiveUp, makeBridge },
    bridge,
    usable: Promise.resolve(bridge),
    everReady: false,
    givenUp: null,
    restarts: [],
    call: (method, params = {}) => engineCall(state, method, params),
  };
  watch(state, bridge);
  return {
    call: state.call,
    /** Resolves once the first worker has started; rejects if it never does. */
    ready: bridge.ready,
    testMode: bridge.testMode,
    /** The failure the engine was given up on, or null. */
    get failure() {
      return state.givenUp;
    },
  };
}

/** @param {EngineState} state @param {BridgeError} error */
function giveUp(state, error) {
  if (state.givenUp) return;
  state.givenUp = error;
  state.usable = Promise.reject(error);
  state.usable.catch(() => {});
  state.options.onGiveUp(error);
}

/** @param {EngineState} state @param {Bridge} which */
function watch(state, which) {
  which.ready.then(() => { state.everReady = true; }, () => {});
  // Test mode: the probe's reads of the match go where the page's requests go, recovery included.
  const probe = /** @type {any} */ (globalThis).backgammonTestProbe;
  if (which.testMode && probe) probe.view = () => state.call("view", {});
  which.onError((error) => {
    if (which !== state.bridge || state.givenUp) return;
    if (error.type === "BridgeClosed" || (!state.everReady && !diedStarting(error))) giveUp(state, error);
    else restart(state, error);
  });
}

/**
 * Whether a worker that had not started yet died rather than failed to start: it went silent (the browser ends a
 * worker without a word under memory pressure) or Python's runtime crashed. Another may start; a worker whose files
 * could not be loaded, or that took too long in all, would fail again the same way.
 * @param {BridgeError} error
 */
function diedStarting(error) {
  return error.type === "EngineCrashed" || (error.type === "EngineStalled" && error.words.id === "failure.noAnswer");
}

/** @param {EngineState} state @param {BridgeError} error */
function restart(state, error) {
  const now = performance.now();
  state.restarts = state.restarts.filter((time) => now - time < RESTART_WINDOW_MS);
  if (state.restarts.length >= RESTART_LIMIT) {
    const count = state.restarts.length + 1;
    const words = { id: "failure.repeated", args: { count } };
    giveUp(state, new BridgeError("EngineStalled", `${count} failures in a minute, the last: ${error.message}`, undefined, words));
    return;
  }
  state.restarts.push(now);
  const old = state.bridge;
  const next = state.options.makeBridge();
  state.bridge = next;
  old.terminate();
  watch(state, next);
  state.options.onDown(error);
  state.usable = next.ready.then(async () => {
    await state.options.restore(next.call);
    state.options.onBack(error);
    return next;
  });
  state.usable.catch(() => {}); // a failed restart is the new bridge's error, handled by watch()
}

/**
 * One request, sent again to a new worker when the one it was with failed (see the top of this file).
 * @param {EngineState} state
 * @param {import("../types.js").MethodName} method
 * @param {object} params
 * @returns {Promise<any>} the method's answer, as the method map (web/types.js) says through `Call`
 */
async function engineCall(state, method, params) {
  let internalRetried = false;
  for (;;) {
    const attempt = state.usable;
    try {
      const target = await attempt;
      return await target.call(method, params);
    } catch (error) {
      const type = error instanceof BridgeError ? error.type : "";
      if (ENGINE_FAILURES.has(type)) {
        if (attempt !== state.usable && !state.givenUp) continue; // a new worker is on its way: ask it
        throw state.givenUp ?? error;
      }
      if (type === "InternalError" && !internalRetried) {
        internalRetried = true;
        const text = `${method}: ${error instanceof Error ? error.message : String(error)}`;
        restart(state, new BridgeError("InternalError", text, undefined, { id: "failure.internal", args: {} }));
        continue;
      }
      throw error;
    }
  }
}
