// @ts-check
/**
 * Page-wide keyboard shortcuts (the keys of the screen-reader game in rules document 001, plus undo):
 * Enter or Space rolls or ends the turn (*Done*, *Pass*), C last roll, I information, S scores, T whose turn, D cube
 * value, Ctrl+D double, P pip counts, U or Ctrl+Z undo, Escape cancels the selection. Moving checkers with arrows + Enter is the board's.
 */

/**
 * @typedef {"primary" | "boardEnter" | "lastRoll" | "info" | "scores" | "turn" | "cube" | "double" | "pips" | "undo" | "cancel" | "hint"} Command
 */

/**
 * Which command a key press means, or null. Pure, so it can be reasoned about apart from the DOM.
 * @param {{key: string, ctrlKey?: boolean, metaKey?: boolean, altKey?: boolean}} e
 * @returns {Command | null}
 */
export function commandForKey(e) {
  const ctrl = Boolean(e.ctrlKey || e.metaKey);
  if (e.altKey) return null;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (ctrl) {
    if (key === "d") return "double";
    if (key === "z") return "undo";
    return null;
  }
  switch (key) {
    case "Enter":
    case " ":
      return "primary";
    case "Escape":
      return "cancel";
    case "c":
      return "lastRoll";
    case "i":
      return "info";
    case "s":
      return "scores";
    case "t":
      return "turn";
    case "d":
      return "cube";
    case "p":
      return "pips";
    case "u":
      return "undo";
    case "h":
      return "hint";
    default:
      return null;
  }
}

/** Elements whose own Enter/Space/letters must not be taken over. */
function ownsKeys(/** @type {EventTarget | null} */ target) {
  if (!(target instanceof Element)) return false;
  return Boolean(target.closest("input, select, textarea, [contenteditable=''], [contenteditable=true], dialog"));
}

/**
 * @param {(command: Command) => boolean | void} run returns false when the command did nothing (the key then keeps
 *   its ordinary meaning)
 * @returns {() => void} unbind
 */
export function bindShortcuts(run) {
  /** @param {KeyboardEvent} event */
  const listener = (event) => {
    if (event.isComposing) return;
    const command = commandForKey(event);
    if (!command) return;
    if (ownsKeys(event.target)) return;
    const target = /** @type {Element | null} */ (event.target instanceof Element ? event.target : null);
    // Enter or Space on a point picks checkers (the board's job); when there is nothing to pick it still rolls or
    // ends the turn, so a player whose focus stays on the board never has to leave it.
    if (command === "primary" && target?.closest("[data-loc]")) {
      if (run("boardEnter") !== false) event.preventDefault(); // Space would scroll the page too
      return;
    }
    if (event.defaultPrevented) return;
    // Enter or Space on a button, a link or a board point belongs to that element.
    if (command === "primary" && target?.closest("button, a, summary, [role=button]")) return;
    if (command === "cancel" && target?.closest("[role=button]")) return; // the board cancels its own selection
    const handled = run(command);
    // Ctrl+D is the browser's bookmark shortcut: always keep it from opening the bookmark dialog.
    if (handled !== false || command === "double") event.preventDefault();
  };
  document.addEventListener("keydown", listener);
  return () => document.removeEventListener("keydown", listener);
}
