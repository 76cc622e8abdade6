// @ts-check
/**
 * Starts the rules engine's worker as early as the page allows, before the page's own modules have loaded, so
 * Python downloads and starts while they load and draw the board. `createBridge()` (web/engine/bridge.js) then adopts this
 * worker instead of starting its own.
 *
 *   <script src="web/engine/start.js">   (a classic script, first in <head>; build.py puts it inline)
 *
 * A classic script runs the moment it has arrived (a few ms: it is tiny), where a module script, even `async`,
 * waited here until the page had been parsed (~80 ms later on a reload).
 * It starts `worker.js` with the page's `?test-dice=` script, exactly as `createBridge()` would, and keeps every
 * message and error the worker sends until the bridge takes it over (`takeEarlyWorker` in bridge.js), so nothing
 * the worker says before the page's modules have run is lost.
 */

/**
 * @typedef {object} EarlyWorker
 * @property {Worker} worker
 * @property {string} url the worker's URL, test-dice included
 * @property {Event[]} events what the worker sent before the bridge took it ("message", "error", "messageerror")
 * @property {() => void} stopKeeping remove this script's listeners (the bridge has its own)
 */

(() => {
  const script = /** @type {HTMLScriptElement} */ (document.currentScript);
  // Inline in the built index.html (build.py), the script has no URL of its own: the worker is the page's.
  const url = script.src ? new URL("./worker.js", script.src) : new URL("web/engine/worker.js", document.baseURI);
  const testDice = new URL(location.href).searchParams.get("test-dice");
  if (testDice !== null) url.searchParams.set("test-dice", testDice);
  performance.mark("engine:requested");
  let worker;
  try {
    worker = new Worker(url, { type: "module" });
  } catch {
    return; // the bridge starts its own and reports why it failed
  }
  /** @type {Event[]} */
  const events = [];
  /** @param {Event} event */
  const keep = (event) => {
    if (event.type === "error") event.preventDefault();
    events.push(event);
  };
  const types = ["message", "error", "messageerror"];
  for (const type of types) worker.addEventListener(type, keep);
  /** @type {EarlyWorker} */
  const early = {
    worker,
    url: url.href,
    events,
    stopKeeping: () => {
      for (const type of types) worker.removeEventListener(type, keep);
    },
  };
  /** @type {any} */ (globalThis).backgammonEarlyWorker = early;
})();
