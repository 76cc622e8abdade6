// @ts-check
/**
 * The editor's form: filled from the view it starts from or from a pasted position, and read into the parameters of
 * the rules core's `check_position`.
 */

import { t } from "../i18n/i18n.js";
import { nameOf } from "./state.js";

/** @typedef {import("./state.js").SetupState} SetupState */

/** @param {SetupState} state @param {string} name */
export function field(state, name) {
  return /** @type {HTMLInputElement | HTMLSelectElement} */ (state.dom.form.elements.namedItem(name));
}

/** @param {SetupState} state @param {string} name */
export function box(state, name) {
  return /** @type {HTMLInputElement} */ (field(state, name));
}

/** @param {SetupState} state @returns {0 | 1} the colour chosen to place */
export function colour(state) {
  return /** @type {HTMLInputElement} */ (state.dom.form.querySelector("input[name=colour]:checked"))?.value === "1" ? 1 : 0;
}

/** @param {SetupState} state whether a click takes a checker away ("Click removes") */
export function removing(state) {
  return /** @type {HTMLInputElement} */ (state.dom.form.querySelector("input[name=tool]:checked"))?.value === "remove";
}

/**
 * The form's words that are not the page's marked ones, in the language in force: the players named where it says
 * so (a side's default name as the language's word for it), each one's score, the paste field's example.
 * @param {SetupState} state
 */
export function writeWords(state) {
  const { form, pasteField } = state.dom;
  for (const p of [0, 1]) {
    const name = nameOf(state, p);
    for (const el of form.querySelectorAll(`[data-name="${p}"]`)) el.textContent = name;
    for (const el of form.querySelectorAll(`[data-score="${p}"]`)) el.textContent = t("setup.score", { name });
  }
  pasteField.placeholder = t("setup.pastePlaceholder");
}

/**
 * The form filled from the view the editor starts from (the match in progress), the players named where it says so.
 * @param {SetupState} state
 */
export function fillForm(state) {
  const { view } = state.ctx;
  writeWords(state);
  field(state, "turn").value = String(view.turn ?? 0);
  const dice = Array.isArray(view.dice) && view.dice.length === 2 && view.phase === "move" ? view.dice : [0, 0];
  field(state, "die1").value = String(dice[0]);
  field(state, "die2").value = String(dice[1] || 1);
  field(state, "cube_value").value = String(view.cube?.value ?? 1);
  field(state, "cube_owner").value = view.cube?.owner === 0 || view.cube?.owner === 1 ? String(view.cube.owner) : "";
  field(state, "match_length").value = String(view.settings?.match_length ?? 0);
  field(state, "score0").value = String(view.score?.[0] ?? 0);
  field(state, "score1").value = String(view.score?.[1] ?? 0);
  box(state, "crawford").checked = Boolean(view.crawford_game);
  box(state, "jacoby").checked = Boolean(view.settings?.jacoby);
  box(state, "beavers").checked = Boolean(view.settings?.beavers);
  box(state, "doubled").checked = view.phase === "doubled";
}

/**
 * Fill the editor from the rules core's reading of a pasted position (`read_position`'s `state`); a Position ID
 * alone sets the checkers only.
 * @param {SetupState} state @param {Record<string, any>} read @param {boolean} checkersOnly
 */
export function loadPosition(state, read, checkersOnly) {
  state.points = [...read.points];
  state.bar = [...read.bar];
  if (checkersOnly) return;
  field(state, "turn").value = String(read.turn);
  field(state, "die1").value = String(read.dice[0]);
  field(state, "die2").value = String(read.dice[1] || 1);
  const cube = /** @type {HTMLSelectElement} */ (field(state, "cube_value"));
  if (![...cube.options].some((option) => option.value === String(read.cube_value))) cube.add(new Option(String(read.cube_value)));
  cube.value = String(read.cube_value);
  field(state, "cube_owner").value = read.cube_owner === null ? "" : String(read.cube_owner);
  field(state, "match_length").value = String(read.match_length);
  field(state, "score0").value = String(read.score[0]);
  field(state, "score1").value = String(read.score[1]);
  box(state, "crawford").checked = Boolean(read.crawford);
  box(state, "jacoby").checked = Boolean(read.jacoby);
  box(state, "beavers").checked = Boolean(read.beavers);
  box(state, "doubled").checked = Boolean(read.doubled);
}

/**
 * The position as the editor holds it, as `check_position` takes it.
 * @param {SetupState} state
 */
export function params(state) {
  const doubled = box(state, "doubled").checked;
  const die1 = doubled ? 0 : Number(field(state, "die1").value); // a double comes before the roll
  const length = Math.max(0, Math.min(25, Math.trunc(Number(field(state, "match_length").value) || 0)));
  const score = (/** @type {string} */ name) => Math.max(0, Math.trunc(Number(field(state, name).value) || 0));
  return {
    points: state.points, bar: state.bar, names: state.names,
    turn: Number(field(state, "turn").value) === 1 ? 1 : 0,
    dice: die1 ? [die1, Number(field(state, "die2").value)] : [0, 0],
    cube_value: Number(field(state, "cube_value").value),
    cube_owner: field(state, "cube_owner").value === "" ? null : Number(field(state, "cube_owner").value),
    match_length: length,
    score: [score("score0"), score("score1")],
    // Each rule where it applies: the Crawford game in a match, the Jacoby rule and beavers in money play.
    crawford: length > 0 && box(state, "crawford").checked,
    jacoby: length === 0 && box(state, "jacoby").checked,
    beavers: length === 0 && box(state, "beavers").checked,
    doubled,
  };
}
