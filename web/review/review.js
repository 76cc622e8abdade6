// @ts-check
/**
 * Review mode: the same board, used to step through an analysed match. Entered with `enterReview(context)`, left with
 * the handle's `exit()`; it owns the review panel (#review-panel), the chart under the board (#review-chart-area), the
 * keys Left / Right / Home / End / Escape while it is on, and the analysis calls to the worker. It never changes the
 * match in progress: the page (web/app.js) redraws that when review ends.
 *
 * Board config it sets: `{view: <the position before the decision>, interactive: false, arrows: [the play made, the
 * best play]}`.
 *
 * Its state is one object (state.js) handed to the modules beside this one: the panel as a whole (panel.js), the
 * analysis run's control (run-control.js), moving through the decisions (navigation.js), and the views they draw
 * (summary.js, movelist.js, decision.js, board-view.js). Nothing outside web/review/ imports them and they import one
 * another statically, so they all load with this module, on first use.
 */

import { LANGUAGE_CHANGED } from "../i18n/i18n.js";
import { onBodyClick, onKeydown } from "./navigation.js";
import { closePanel, openPanel, relabel, setUnit } from "./panel.js";
import { analyse, leaveRun, offerAnalysis, relabelRun } from "./run-control.js";
import { createState } from "./state.js";

/**
 * @typedef {object} ReviewContext
 * @property {{set: (config: object) => void}} board
 * @property {import("../types.js").Call} call  a worker method (rules errors reject)
 * @property {{say: (text: string) => void}} announcer
 * @property {import("./analyses.js").AnalysisStorage} analyses
 * @property {Record<string, any>} record  the match to review
 * @property {{name: string, summary: Record<string, any>} | null} imported  a match opened from a file, not the one in progress
 * @property {import("../types.js").PlayView | null} [current]  the view of the match in progress, when that is the one
 *   reviewed: whether it is finished, its score
 * @property {number} depth  the analysis depth to offer first (0, 1 or 2)
 * @property {(depth: number) => void} setDepth  remember the player's choice
 * @property {"emg" | "mwc"} [unit]  the unit to show the figures of a match in, as the player last chose
 * @property {(unit: "emg" | "mwc") => void} [setUnit]  remember the player's choice
 * @property {boolean} autostart  analyse at once when no saved analysis covers the whole match
 * @property {() => void} leave  the player asked to go back to the match
 * @property {(() => void) | null} continueMatch  play the imported match on (null: not offered)
 * @property {{open: typeof import("../engine/rollout-panel.js").openRollout,
 *   close: typeof import("../engine/rollout-panel.js").closeRollout,
 *   table: typeof import("../engine/rollout-panel.js").resultTable,
 *   cubeTable: typeof import("../engine/rollout-panel.js").cubeTable,
 *   verdictTable: typeof import("../engine/rollout-panel.js").verdictTable}} [rollout]  the rollout panel (handed over, not
 *   imported: it stays in the page's first modules, and review's chunk does not split them)
 * @property {typeof import("../i18n/player-names.js").playerName} playerName  the name shown for a side, a default
 *   one as the language's word (handed over for the same reason as the rollout panel: the board's chunk holds it)
 * @property {typeof import("../engine/page-engine.js").failureDetail} failureDetail  why the analysis failed, in the
 *   player's words (handed over for the same reason as the rollout panel)
 * @property {(options?: {onRestart?: (restarts: number) => void}) => import("../engine/pool.js").Pool} [pool]  a pool of engine workers for the deep analysis (handed
 *   over for the same reason as the rollout panel)
 * @property {(percent: number | null) => void} [showBackground]  an analysis goes on after review ended: its
 *   progress (per cent done) shown on the page, or null when there is none
 */

/**
 * @param {ReviewContext} ctx
 * @returns {{exit: () => void}}
 */
export function enterReview(ctx) {
  const state = createState(ctx);
  const { dom } = state;
  const unbinds = /** @type {Array<() => void>} */ ([]);

  /** @param {EventTarget} target @param {string} type @param {(event: any) => void} fn */
  function listen(target, type, fn) {
    target.addEventListener(type, fn);
    unbinds.push(() => target.removeEventListener(type, fn));
  }

  openPanel(state);
  void offerAnalysis(state);

  listen(dom.body, "click", (event) => onBodyClick(state, event));
  listen(dom.startButton, "click", () => void analyse(state));
  listen(dom.cancelButton, "click", () => state.run?.cancel());
  listen(dom.closeButton, "click", () => ctx.leave());
  listen(dom.continueButton, "click", () => ctx.continueMatch?.());
  listen(document, "keydown", (event) => onKeydown(state, event));
  listen(dom.unitSelect, "change", () => setUnit(state, dom.unitSelect.value));
  listen(document, LANGUAGE_CHANGED, () => {
    relabel(state);
    relabelRun(state);
  });

  return {
    exit() {
      state.left = true;
      leaveRun(state);
      for (const off of unbinds.splice(0)) off();
      closePanel(state);
    },
  };
}
