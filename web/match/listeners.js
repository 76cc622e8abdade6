// @ts-check
/**
 * The listeners of a match's changes from elsewhere (Match.onChange): each added returns its own unbind, and a
 * change is handed to each in turn, one after the other (inside the page's queue, so the page stays busy until all
 * have shown it).
 */

/** @typedef {import("./match.js").MatchUpdate} MatchUpdate */

export function createListeners() {
  /** @type {Set<(update: MatchUpdate) => void | Promise<void>>} */
  const listeners = new Set();
  return {
    /** @param {(update: MatchUpdate) => void | Promise<void>} listener @returns {() => void} */
    add(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** @param {MatchUpdate} update */
    async emit(update) {
      for (const listener of [...listeners]) await listener(update);
    },
  };
}
