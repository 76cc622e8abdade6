// @ts-check
/**
 * The rules engine as a page uses it: one worker at a time (web/engine/bridge.js), replaced when it dies, stops answering
 * (the bridge's watchdog) or leaves Python broken (an "InternalError" answer: an exception in our code, after which
 * the session may hold half a change). The new worker is given the page's state back (`restore`, e.g. loading the
 * saved match record: its dice are in the record, so nothing is rolled again) before any other request reaches it.
 *
 *   const engine = createEngine({
 *     restore: (call) => call("load", {record}),   // on each new worker, before anything else
 *     onDown: (reason) => …,                       // the worker failed; a new one is starting
 *     onBack: (reason) => …,                       // the new one is ready and restored
 *     onGiveUp: (error) => …,                      // it could not start, or failed RESTART_LIMIT times in a row
 *   });
 *   await engine.call("act", {action});
 *
 * A request that was with the failed worker is sent again to the new one once it is restored: it never had an effect
 * the page saw (the page changes its state from answers only). A request that meets an InternalError is sent again
 * once to a restored worker; a second InternalError is the request's own fault and rejects as a rules error does.
 * A worker that never started (the first one, or RESTART_LIMIT restarts within RESTART_WINDOW_MS) is given up on.
 */
import { BridgeError, ENGINE_FAILURES, createBridge } from "./bridge.js";

export const RESTART_LIMIT = 3;
export const RESTART_WINDOW_MS = 60_000;

/**
 * @typedef {import("./bridge.js").Bridge} Bridge
 * @typedef {import("../types.js").Call} Call
 * @typedef {object} EngineOptions
 * @property {(call: Call) => Promise<unknown>} [restore] give a new worker the page's state
 * @property {(reason: string) => void} [onDown]
 * @property {(reason: string) => void} [onBack]
 * @property {(error: BridgeError) => void} [onGiveUp]
 * @property {() => Bridge} [makeBridge] defaults to createBridge() (the page's test dice, the early worker)
 */

/**
 * @param {EngineOptions} options
 */
export function createEngine({ restore = async () => {}, onDown = () => {}, onBack = () => {}, onGiveUp = () => {}, makeBridge = () => createBridge() } = {}) {
  let bridge = makeBridge();
  /** The bridge to send requests to, once it is restored; the first one takes requests at once. */
  let usable = Promise.resolve(bridge);
  let everReady = false;
  /** @type {BridgeError | null} */
  let givenUp = null;
  /** @type {number[]} when the last restarts were */
  let restarts = [];

  /** @param {BridgeError} error */
  function giveUp(error) {
    if (givenUp) return;
    givenUp = error;
    usable = Promise.reject(error);
    usable.catch(() => {});
    onGiveUp(error);
  }

  /** @param {Bridge} which */
  function watch(which) {
    which.ready.then(() => { everReady = true; }, () => {});
    // Test mode: the probe's reads of the match go where the page's requests go, recovery included.
    const probe = /** @type {any} */ (globalThis).backgammonTestProbe;
    if (which.testMode && probe) probe.view = () => call("view", {});
    which.onError((error) => {
      if (which !== bridge || givenUp) return;
      if (!everReady || error.type === "BridgeClosed") giveUp(error);
      else restart(error.message);
    });
  }

  /** @param {string} reason */
  function restart(reason) {
    const now = performance.now();
    restarts = restarts.filter((time) => now - time < RESTART_WINDOW_MS);
    if (restarts.length >= RESTART_LIMIT) {
      giveUp(new BridgeError("EngineStalled", `${restarts.length + 1} failures in a minute, the last: ${reason}`));
      return;
    }
    restarts.push(now);
    const old = bridge;
    bridge = makeBridge();
    old.terminate();
    watch(bridge);
    const next = bridge;
    onDown(reason);
    usable = next.ready.then(async () => {
      await restore(next.call);
      onBack(reason);
      return next;
    });
    usable.catch(() => {}); // a failed restart is the new bridge's error, handled by watch()
  }

  /** @type {Call} */
  async function call(method, params = {}) {
    let internalRetried = false;
    for (;;) {
      const attempt = usable;
      try {
        const target = await attempt;
        return await target.call(method, params);
      } catch (error) {
        const type = error instanceof BridgeError ? error.type : "";
        if (ENGINE_FAILURES.has(type)) {
          if (attempt !== usable && !givenUp) continue; // a new worker is on its way: ask it
          throw givenUp ?? error;
        }
        if (type === "InternalError" && !internalRetried) {
          internalRetried = true;
          restart(`${method}: ${error instanceof Error ? error.message : String(error)}`);
          continue;
        }
        throw error;
      }
    }
  }

  watch(bridge);
  return {
    call,
    /** Resolves once the first worker has started; rejects if it never does. */
    ready: bridge.ready,
    testMode: bridge.testMode,
    /** The failure the engine was given up on, or null. */
    get failure() {
      return givenUp;
    },
  };
}
