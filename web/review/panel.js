// @ts-check
/**
 * The review panel and the chart area as a whole: opened on entering (which match this is), closed on leaving, the
 * note that says what review is doing, and an analysis shown in all its views at once.
 */

import { t } from "../i18n/i18n.js";
import { renderChart } from "./analysis-chart.js";
import { stepsOf } from "./analysis-data.js";
import { root } from "./dom.js";
import { renderMoves } from "./movelist.js";
import { draw, go } from "./navigation.js";
import { leaveRollout, loadRollouts } from "./rollout.js";
import { renderSummary } from "./summary.js";
import { namesOf } from "./state.js";
import { checkUnit } from "./units.js";
import { sourceText } from "./words.js";

/** @typedef {import("./state.js").ReviewState} ReviewState */

/** @param {ReviewState} state */
export function openPanel(state) {
  const { ctx, dom, names } = state;
  root.dataset.mode = "review";
  dom.panel.hidden = false;
  dom.chartArea.hidden = true;
  dom.body.hidden = true;
  dom.moves.replaceChildren();
  dom.decision.replaceChildren();
  dom.summary.replaceChildren();
  dom.source.textContent = sourceText(names, ctx.imported, ctx.current ?? null);
  dom.continueButton.hidden = !ctx.continueMatch;
  jumpChoices(state);
  dom.unitSelect.value = state.unit;
}

/**
 * The choice of whose errors to go to: both players, or one by name (the choice made kept).
 * @param {ReviewState} state
 */
function jumpChoices(state) {
  const { dom, names } = state;
  const chosen = dom.jumpWho.value;
  dom.jumpWho.replaceChildren(new Option(t("review.bothPlayers"), ""), ...names.map((name, i) => new Option(name, String(i))));
  dom.jumpWho.value = chosen;
}

/**
 * Another language is in force: everything review wrote is written again in it (the decision shown, the summary's
 * game chosen and the move list's place kept).
 * @param {ReviewState} state
 */
export function relabel(state) {
  const { ctx, dom } = state;
  state.names = namesOf(state.record, ctx.playerName);
  dom.source.textContent = sourceText(state.names, ctx.imported, ctx.current ?? null);
  jumpChoices(state);
  dom.startButton.textContent = state.analysis ? t("review.analyseAgain") : t("review.analyse");
  const a = state.analysis;
  if (a) {
    const game = /** @type {HTMLSelectElement | null} */ (dom.summary.querySelector("#review-summary-game"))?.value ?? "";
    renderSummary(dom.summary, a, state.record, state.names, shownUnit(state, a), state.steps.length);
    const select = /** @type {HTMLSelectElement | null} */ (dom.summary.querySelector("#review-summary-game"));
    if (select && game) {
      select.value = game;
      select.dispatchEvent(new Event("change"));
    }
    const scrolled = dom.moves.scrollTop;
    state.moveButtons = renderMoves(dom.moves, state.steps, a.games ?? [], state.names);
    dom.moves.scrollTop = scrolled;
    state.chart = state.steps.length
      ? renderChart(dom.chart, state.steps, { match: a.unit === "match", names: state.names, onPick: (i) => go(state, i, true) })
      : null;
    go(state, state.at, false);
  }
  if (state.noteWords) dom.note.textContent = state.noteWords();
}

/**
 * The unit of an analysis's figures: MWC only for a match.
 * @param {ReviewState} state @param {Record<string, any> | null} a
 */
export function shownUnit(state, a) {
  return state.unit === "mwc" && a?.unit === "match" ? "mwc" : "emg";
}

/**
 * The player chose the unit: remembered, and the summary and the decision shown again in it.
 * @param {ReviewState} state @param {string} value
 */
export function setUnit(state, value) {
  state.unit = checkUnit(value);
  state.ctx.setUnit?.(state.unit);
  const a = state.analysis;
  if (!a) return;
  renderSummary(state.dom.summary, a, state.record, state.names, shownUnit(state, a), state.steps.length);
  // the verdict said when the analysis finished names its error rates' unit: written again in the new one
  if (state.noteWords) state.dom.note.textContent = state.noteWords();
  go(state, state.at, false);
}

/** @param {ReviewState} state */
export function closePanel(state) {
  const { dom } = state;
  root.dataset.mode = "";
  if (root.dataset.analysis === "running") root.dataset.analysis = "background";
  leaveRollout(state);
  dom.panel.hidden = true;
  dom.chartArea.hidden = true;
  dom.chart.replaceChildren();
  state.ctx.board.set({ arrows: [], numbering: null });
}

/**
 * Say `words()` in the panel's note and to screen readers; the note is written again by `words` in another
 * language or unit.
 * @param {ReviewState} state @param {() => string} words
 */
export function say(state, words) {
  const text = words();
  state.dom.note.textContent = text;
  state.noteWords = words;
  state.ctx.announcer.say(text);
}

/**
 * Show analysis `a`: its summary, move list and chart, and its first decision.
 * @param {ReviewState} state @param {Record<string, any>} a
 */
export function showAnalysis(state, a) {
  const { dom, names } = state;
  state.analysis = a;
  state.steps = stepsOf(a);
  const { steps } = state;
  root.dataset.analysis = "done";
  dom.body.hidden = false;
  dom.unitChoice.hidden = a.unit !== "match";
  renderSummary(dom.summary, a, state.record, names, shownUnit(state, a), steps.length);
  state.moveButtons = renderMoves(dom.moves, steps, a.games ?? [], names);
  dom.chartArea.hidden = steps.length === 0;
  state.chart = steps.length
    ? renderChart(dom.chart, steps, { match: a.unit === "match", names, onPick: (i) => go(state, i, true) })
    : null;
  state.at = 0;
  state.chosen = null;
  state.allPlays = false;
  leaveRollout(state);
  go(state, 0, false);
  void loadRollouts(state, () => draw(state));
}
