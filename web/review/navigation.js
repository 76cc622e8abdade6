// @ts-check
/**
 * Moving through the decisions of a review: going to one (the board, the panel, the chart and the move list follow),
 * the buttons First / Previous / Next / Last and the move list's buttons, the keys Left / Right / Home / End, and
 * Escape to go back to the match.
 */

import { decisionBoard } from "./board-view.js";
import { renderDecision, spoken } from "./decision.js";
import { markCurrent } from "./movelist.js";

/** @typedef {import("./state.js").ReviewState} ReviewState */

/**
 * Show decision `i`: the board before it, the play made and the best one, the figures.
 * @param {ReviewState} state @param {number} i @param {boolean} speak
 */
export function go(state, i, speak) {
  const { steps, dom } = state;
  if (!steps.length) return;
  state.at = Math.min(steps.length - 1, Math.max(0, i));
  const { at } = state;
  const step = steps[at];
  dom.panel.dataset.at = String(at);
  state.ctx.board.set(decisionBoard(step, state.record, state.analysis?.match_length ?? null));
  dom.where.textContent = `Decision ${at + 1} of ${steps.length} · game ${step.gameNumber}`;
  for (const [name, disabled] of [["first", at === 0], ["previous", at === 0], ["next", at === steps.length - 1], ["last", at === steps.length - 1]]) {
    const b = /** @type {HTMLButtonElement} */ (dom.body.querySelector(`[data-go=${name}]`));
    // a focused button that gets disabled would drop the keyboard player's focus: keep it enabled-looking instead
    b.setAttribute("aria-disabled", String(disabled));
  }
  markCurrent(state);
  state.chart?.setCurrent(at);
  renderDecision(dom.decision, step, state.names);
  if (speak) state.ctx.announcer.say(spoken(step, steps.length, state.names));
}

/**
 * Go to the first, previous, next or last decision.
 * @param {ReviewState} state @param {string} where
 */
export function step(state, where) {
  const { steps, at } = state;
  if (!steps.length) return;
  const target = { first: 0, previous: at - 1, next: at + 1, last: steps.length - 1 }[/** @type {"first"} */ (where)];
  if (typeof target === "number") go(state, target, true);
}

/**
 * A click in the panel's body: a navigation button or a decision of the move list.
 * @param {ReviewState} state @param {Event} event
 */
export function onBodyClick(state, event) {
  const target = /** @type {HTMLElement} */ (event.target);
  const nav = target.closest("[data-go]");
  if (nav instanceof HTMLElement) return step(state, nav.dataset.go ?? "");
  const move = target.closest("button[data-at]");
  if (move instanceof HTMLElement) go(state, Number(move.dataset.at), true);
}

/**
 * The keys of review, anywhere on the page but in a field, a dialog or on the board.
 * @param {ReviewState} state @param {KeyboardEvent} event
 */
export function onKeydown(state, event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest("input, select, textarea, dialog, [data-loc]")) return;
  const where = /** @type {Record<string, string>} */ ({ ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" })[event.key];
  if (where && state.steps.length) {
    event.preventDefault();
    step(state, where);
  } else if (event.key === "Escape" && !state.run) {
    event.preventDefault();
    state.ctx.leave();
  }
}
