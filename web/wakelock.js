// @ts-check
/**
 * The screen kept awake during a match on a phone (Screen Wake Lock): asked for while a match is in progress and the
 * page is in sight, let go when the match is over, and asked for again when the page comes back (the browser lets
 * go of it whenever the page is hidden). Only on a touch screen: a desktop's screen saver is the player's business.
 * A browser without the API, or one that refuses (power saving, a frame not allowed), plays on as before.
 *
 *   const stop = keepScreenAwake(() => matchInProgress());   // checked again when <html data-phase> changes
 */

/**
 * @param {() => boolean} wanted  whether the screen should stay awake now (a match in progress)
 * @returns {() => void} stop: the lock let go and nothing asked again
 */
export function keepScreenAwake(wanted) {
  const api = /** @type {any} */ (navigator).wakeLock;
  const touch = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
  if (!api || typeof api.request !== "function" || !touch) return () => {};
  /** @type {any} */
  let lock = null;
  let asking = false;
  let stopped = false;

  async function update() {
    const want = !stopped && wanted() && document.visibilityState === "visible";
    if (want && !lock && !asking) {
      asking = true;
      try {
        const got = await api.request("screen");
        lock = got;
        got.addEventListener("release", () => {
          if (lock === got) lock = null;
        });
        if (stopped || !wanted()) void update();
      } catch {
        // refused: the screen may sleep, the game goes on
      } finally {
        asking = false;
      }
    } else if (!want && lock) {
      const held = lock;
      lock = null;
      held.release().catch(() => {});
    }
  }

  const onChange = () => void update();
  document.addEventListener("visibilitychange", onChange);
  const watcher = new MutationObserver(onChange);
  watcher.observe(document.documentElement, { attributes: true, attributeFilter: ["data-phase"] });
  void update();
  return () => {
    stopped = true;
    document.removeEventListener("visibilitychange", onChange);
    watcher.disconnect();
    void update();
  };
}
