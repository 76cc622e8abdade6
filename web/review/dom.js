// @ts-check
/** The review mode's small DOM helpers: its elements by id, a node with its text and classes. */

export const root = document.documentElement;

export const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @param {string} tag @param {string} [text] @param {string} [className] */
export function node(tag, text = "", className = "") {
  const el = document.createElement(tag);
  if (text) el.textContent = text;
  if (className) el.className = className;
  return el;
}
