// @ts-check
/**
 * The game page's way to web/pwa.js (the offline copy and the offer of a new version): fetched, compiled and run
 * once the rules engine has answered (or failed), in an idle moment, not at start. A phone's first visit then spends
 * its first seconds on the board and the engine; pwa.js's compile was a task of 80 to 270 ms at a phone's speed
 * among the first frames (docs/performance.md). The service worker itself waited for that moment already.
 */

/**
 * Resolves once `<html data-engine>` is no longer "loading" (ready, failed, restarting).
 * @param {HTMLElement} root
 * @returns {Promise<void>}
 */
function engineSettled(root) {
  return new Promise((resolve) => {
    const settled = () => root.dataset.engine !== "loading";
    if (settled()) return resolve();
    const observer = new MutationObserver(() => {
      if (!settled()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-engine"] });
  });
}

/**
 * An idle moment of the main thread (the engine's first answer is drawn first), or 2 s at most.
 * @returns {Promise<void>}
 */
function idle() {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}

/**
 * Load web/pwa.js once the page has started.
 * @param {HTMLElement} [root]
 * @returns {Promise<typeof import("./pwa.js")>}
 */
export async function loadOfflineAppLater(root = document.documentElement) {
  await engineSettled(root);
  await idle();
  return import("./pwa.js");
}
