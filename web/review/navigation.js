// @ts-check
/**
 * Moving through the decisions of a review: going to one (the board, the panel, the chart and the move list follow),
 * the buttons First / Previous / Next / Last, Previous / Next error, the move list's buttons, the keys Left / Right /
 * Home / End anywhere (Up / Down too in the move list, where the focus follows the decision shown), a candidate play
 * chosen to be shown on the board, and Escape to go back to the match.
 */

import { decisionBoard } from "./board-view.js";
import { renderDecision, spoken } from "./decision.js";
import { t } from "../i18n/i18n.js";
import { JUMP_KINDS, nextError } from "./jumps.js";
import { playText } from "./analysis-data.js";
import { markCurrent } from "./movelist.js";
import { unitOf } from "./units.js";
import { decisionKey, keptRolloutView, leaveRollout, openDecisionRollout } from "./rollout.js";

/** @typedef {import("./state.js").ReviewState} ReviewState */

/** The unit the decisions are shown in. @param {ReviewState} state */
function unit(state) {
  return state.unit === "mwc" && state.analysis?.unit === "match" ? "mwc" : "emg";
}

/**
 * Draw decision `state.at` on the board and in the panel, with the candidate chosen if any.
 * @param {ReviewState} state
 */
export function draw(state) {
  const { steps, dom, at } = state;
  const step = steps[at];
  if (!step) return;
  const kept = state.rollouts[decisionKey(step.decision)];
  state.ctx.board.set(decisionBoard(step, state.record, state.analysis?.match_length ?? null, state.chosen));
  renderDecision(dom.decision, step, state.names, {
    unit: unitOf(step.decision, unit(state)), chosen: state.chosen, allPlays: state.allPlays,
    rollout: kept ? keptRolloutView(state, kept, Boolean(state.analysis?.match_length)) : null,
    canRollOut: Boolean(state.ctx.rollout),
  });
}

/**
 * Show decision `i`: the board before it, the play made and the best one, the figures. Going to another decision
 * drops the candidate chosen and lists the first candidates only.
 * @param {ReviewState} state @param {number} i @param {boolean} speak
 */
export function go(state, i, speak) {
  const { steps, dom } = state;
  if (!steps.length) return;
  const target = Math.min(steps.length - 1, Math.max(0, i));
  if (target !== state.at) {
    state.chosen = null;
    state.allPlays = false;
    leaveRollout(state); // the panel speaks of the decision it was opened on (its trials are kept: reopened, it goes on)
  }
  state.at = target;
  const { at } = state;
  const step = steps[at];
  dom.panel.dataset.at = String(at);
  dom.where.textContent = t("review.where", { n: at + 1, count: steps.length, game: step.gameNumber });
  for (const [name, disabled] of [["first", at === 0], ["previous", at === 0], ["next", at === steps.length - 1], ["last", at === steps.length - 1]]) {
    const b = /** @type {HTMLButtonElement} */ (dom.body.querySelector(`[data-go=${name}]`));
    // a focused button that gets disabled would drop the keyboard player's focus: keep it enabled-looking instead
    b.setAttribute("aria-disabled", String(disabled));
  }
  const inList = dom.moves.contains(document.activeElement);
  markCurrent(state);
  if (inList) state.moveButtons[at]?.focus({ preventScroll: true });
  state.chart?.setCurrent(at);
  draw(state);
  if (speak) state.ctx.announcer.say(spoken(step, steps.length, state.names, unit(state)));
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
 * Go to the next or previous error of the kind and the player chosen; say so when there is none.
 * @param {ReviewState} state @param {string} where  "next" or "previous"
 */
export function jump(state, where) {
  const { dom } = state;
  const level = dom.jumpKind.value;
  const who = dom.jumpWho.value === "" ? null : Number(dom.jumpWho.value);
  const found = nextError(state.steps, state.at, where === "previous" ? -1 : 1, { level, player: who });
  if (found !== null) return go(state, found, true);
  const args = {
    kind: JUMP_KINDS[/** @type {"bad"} */ (level)] ?? "error", where: where === "previous" ? "before" : "after",
    name: who === null ? "" : state.names[who] ?? "", n: state.at + 1,
  };
  state.ctx.announcer.say(who === null ? t("review.noErrorSaid", args) : t("review.noErrorOfSaid", args));
  dom.where.textContent = who === null ? t("review.noErrorShown", args) : t("review.noErrorOfShown", args);
}

/**
 * A click in the panel's body: a navigation button, a jump to an error, a decision of the move list, a candidate play
 * or the button that lists them all.
 * @param {ReviewState} state @param {Event} event
 */
export function onBodyClick(state, event) {
  const target = /** @type {HTMLElement} */ (event.target);
  const nav = target.closest("[data-go]");
  if (nav instanceof HTMLElement) return step(state, nav.dataset.go ?? "");
  const toError = target.closest("[data-jump]");
  if (toError instanceof HTMLElement) return jump(state, toError.dataset.jump ?? "next");
  const move = target.closest("button[data-at]");
  if (move instanceof HTMLElement) {
    go(state, Number(move.dataset.at), true);
    return revealDecision(state);
  }
  const candidate = target.closest("button[data-candidate]");
  if (candidate instanceof HTMLElement) return choose(state, Number(candidate.dataset.candidate));
  if (target.closest("button[data-rollout]")) return openDecisionRollout(state, () => draw(state));
  const more = target.closest("button[data-more-plays]");
  if (more instanceof HTMLElement) {
    state.allPlays = more.dataset.morePlays === "all";
    draw(state);
    /** @type {HTMLElement | null} */ (state.dom.decision.querySelector("button[data-more-plays]"))?.focus();
  }
}

/**
 * On a phone the board stays in sight (at the top upright, on the left sideways, the header over the panel) and the
 * decision sits above the move list: a decision picked in the list brings its verdict into sight below them.
 * @param {ReviewState} state
 */
function revealDecision(state) {
  // the phone's layout of review.css, where the board stays in place (a media query here would pull the board's
  // geometry module into a chunk of its own)
  const board = document.querySelector(".board");
  if (!board || getComputedStyle(board).position !== "sticky") return;
  const box = state.dom.decision.getBoundingClientRect();
  const covering = [...document.querySelectorAll(".board, .top")]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.top <= 1 && r.bottom > 0 && r.left < box.right && r.right > box.left);
  const clear = Math.max(0, ...covering.map((r) => r.bottom));
  if (box.top >= clear && box.top < clear + (innerHeight - clear) / 2) return; // in sight already
  scrollBy({ top: box.top - clear - 8 });
}

/**
 * Show candidate play `i` of the decision on the board, or the play made again when it is chosen a second time.
 * @param {ReviewState} state @param {number} i
 */
function choose(state, i) {
  const d = state.steps[state.at]?.decision;
  const play = d?.plays?.[i];
  if (!play) return;
  state.chosen = state.chosen === i ? null : i;
  draw(state);
  /** @type {HTMLElement | null} */ (state.dom.decision.querySelector(`button[data-candidate="${i}"]`))?.focus();
  state.ctx.announcer.say(state.chosen === null ? t("review.showsMade") : t("review.shows", { play: playText(play.play) }));
}

/**
 * The keys of review, anywhere on the page but in a field, a dialog or on the board; Up and Down in the move list.
 * @param {ReviewState} state @param {KeyboardEvent} event
 */
export function onKeydown(state, event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest("input, select, textarea, dialog, [data-loc]")) return;
  const inList = Boolean(target && state.dom.moves.contains(target));
  /** @type {Record<string, string>} */
  const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
  if (inList) Object.assign(keys, { ArrowUp: "previous", ArrowDown: "next" });
  const where = keys[event.key];
  if (where && state.steps.length) {
    event.preventDefault();
    step(state, where);
  } else if (event.key === "Escape") {
    event.preventDefault();
    state.ctx.leave();
  }
}
