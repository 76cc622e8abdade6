// @ts-check
/**
 * Which buttons the player sees, from the view alone: the rules already decided (in Python) what is allowed; this
 * only maps that onto the page. Kept apart from the controller so the mapping reads in one place.
 */
/**
 * @typedef {{visible: boolean, enabled: boolean, title?: string, label?: string}} ButtonState  label: a text of the
 *   moment, in place of the button's own
 * @typedef {Record<string, ButtonState>} ControlStates
 */

import { t } from "../i18n/i18n.js";
import { whyNotText } from "./describe.js";

const HIDDEN = Object.freeze({ visible: false, enabled: false });

/**
 * @param {import("../types.js").PlayView} view
 * @param {{humanToAct: boolean, endTurn?: import("../preferences.js").EndTurn}} context  endTurn: the player's
 *   preference for a complete play. "wait": *Done* is shown through the whole play (greyed out until the play is
 *   complete), as the turn will wait for it; "delay": it shows once the play is complete, to end the turn before the
 *   delay is over; "now": a complete play ends the turn by itself, so *Done* only shows for a play that may stop
 *   short (Python's `can_confirm` with moves still open)
 * @returns {ControlStates}
 */
export function controlStates(view, { humanToAct, endTurn = "wait" }) {
  /** @type {ControlStates} */
  const states = {};
  for (const name of [
    "roll", "double", "confirm", "pass", "undo", "undo_all", "swap_dice", "take", "drop", "beaver",
    "accept_resign", "reject_resign", "next_game", "new_match",
  ]) {
    states[name] = HIDDEN;
  }
  const cube = view.cube ?? {};
  const phase = view.phase;
  // Not disabled while busy: a disabled button drops the keyboard focus; clicks are ignored meanwhile instead.
  const act = (/** @type {boolean} */ enabled) => ({ visible: true, enabled });

  if (phase === "game_over") states.next_game = act(true);
  // A match with a friend on another device ends with its own panel's Rematch (web/remote/friends.js).
  if (phase === "match_over" && !view.remote) states.new_match = { visible: true, enabled: true };
  if (!humanToAct) return states;

  if (phase === "opening") states.roll = act(true);
  if (phase === "roll") {
    states.roll = act(true);
    if (!view.crawford_game && !cube.dead) {
      states.double = {
        ...act(Boolean(cube.may_double)),
        title: cube.may_double ? t("controls.doubleTitle", { value: (cube.value ?? 1) * 2 }) : whyNotText(view) || t("controls.cannotDouble"),
      };
    }
  }
  if (phase === "move") {
    if (view.no_legal_move) {
      states.pass = act(true);
    } else if (endTurn === "wait" || (view.can_confirm && (endTurn === "delay" || hasDests(view)))) {
      states.confirm = { ...act(Boolean(view.can_confirm)), title: t("controls.doneTitle") };
    }
    states.undo = act(Boolean(view.can_undo));
    states.undo_all = act(Boolean(view.can_undo));
    if (view.can_swap_dice) states.swap_dice = { ...act(true), ...swapLabel(view.dice ?? []) };
  }
  if (phase === "doubled") {
    states.take = act(true);
    states.drop = act(true);
    if (cube.may_beaver) states.beaver = act(true);
  }
  if (phase === "resign_offered") {
    states.accept_resign = act(true);
    states.reject_resign = act(true);
  }
  return states;
}

/**
 * *Swap dice* says what it does: the die it puts first, which a one-tap move (and the dice drawn) play first.
 * @param {number[]} dice  in the current order
 */
function swapLabel([first, second]) {
  return {
    label: t("controls.swapLabel", { die: second }),
    title: t("controls.swapTitle", { first, second }),
  };
}

/** @param {import("../types.js").PlayView} view */
function hasDests(view) {
  return Object.values(view.dests ?? {}).some((list) => Array.isArray(list) && list.length > 0);
}

/**
 * Apply states to the buttons of a container (`data-action` names them).
 * @param {HTMLElement} container
 * @param {ControlStates} states
 */
export function applyControlStates(container, states) {
  for (const button of container.querySelectorAll("button[data-action]")) {
    const b = /** @type {HTMLButtonElement} */ (button);
    const state = states[b.dataset.action ?? ""] ?? HIDDEN;
    b.hidden = !state.visible;
    b.disabled = !state.enabled;
    if (state.title) b.title = state.title;
    else b.removeAttribute("title");
    if (state.label) b.textContent = state.label;
  }
}
