// @ts-check
/**
 * The review mode's state: one plain object, made when review is entered and handed to the modules that draw it,
 * move through it and run the analysis. Nothing else keeps any of it.
 */

import { byId } from "./dom.js";
import { checkUnit } from "./units.js";
import { countActions } from "../record.js";

/**
 * The elements of the review panel and the chart area (index.html).
 * @typedef {object} ReviewElements
 * @property {HTMLElement} panel  #review-panel
 * @property {HTMLElement} chartArea  the area under the board, shown when there are decisions to chart
 * @property {HTMLElement} chart  the chart's container in it
 * @property {HTMLElement} body  what shows once there is an analysis: navigation, move list, decision, summary
 * @property {HTMLElement} note  the line that says what review is doing
 * @property {HTMLElement} progress  the run's progress: its bar and count
 * @property {HTMLProgressElement} bar
 * @property {HTMLElement} count
 * @property {HTMLButtonElement} startButton
 * @property {HTMLButtonElement} cancelButton
 * @property {HTMLSelectElement} depthSelect
 * @property {HTMLButtonElement} closeButton
 * @property {HTMLButtonElement} continueButton
 * @property {HTMLElement} source  which match this is
 * @property {HTMLElement} moves  the move list
 * @property {HTMLElement} where  "Decision n of m"
 * @property {HTMLElement} decision  the decision's details
 * @property {HTMLElement} summary  both players' figures
 * @property {HTMLSelectElement} jumpKind  which errors Previous / Next go to
 * @property {HTMLSelectElement} jumpWho  whose errors
 * @property {HTMLElement} unitChoice  the choice of unit, shown in a match
 * @property {HTMLSelectElement} unitSelect
 */

/**
 * @typedef {object} ReviewState
 * @property {import("./review.js").ReviewContext} ctx  what the page gave
 * @property {Record<string, any>} record  the match reviewed
 * @property {string[]} names  the players' names, as the panel shows them
 * @property {number} total  how many actions the match has
 * @property {ReviewElements} dom
 * @property {Record<string, any> | null} analysis  the analysis shown, if any
 * @property {import("./analysis-data.js").Step[]} steps  its decisions that review shows, in match order
 * @property {number} at  the decision shown: its index in `steps`
 * @property {ReturnType<typeof import("./analysis-run.js").startAnalysis> | null} run  the analysis in progress
 * @property {ReturnType<typeof import("./analysis-chart.js").renderChart> | null} chart
 * @property {HTMLButtonElement[]} moveButtons  the move list's buttons, one a step
 * @property {HTMLElement | null} toKeepInSight  the move button to scroll to at the next frame
 * @property {boolean} left  review has ended (what was still being read from storage is not shown)
 * @property {import("./units.js").Unit} unit  the unit the figures are shown in (MWC in a match only)
 * @property {number | null} chosen  the candidate play the player chose to see on the board (index in `plays`)
 * @property {boolean} allPlays  every candidate play kept is listed, not the first five
 * @property {Record<string, import("./analyses.js").KeptRollout>} rollouts  the decisions rolled out, kept with the
 *   analysis shown (by rollout.js `decisionKey`)
 * @property {(() => string) | null} noteWords  what the note says, written again in another language or unit
 */

/**
 * The players' names as review shows them: a side's default name as the language's word for it (docs/i18n.md).
 * @param {Record<string, any>} record
 * @param {import("./review.js").ReviewContext["playerName"]} playerName
 */
export function namesOf(record, playerName) {
  return [0, 1].map((i) => playerName(record, i));
}

/**
 * @param {import("./review.js").ReviewContext} ctx
 * @returns {ReviewState}
 */
export function createState(ctx) {
  const { record } = ctx;
  return {
    ctx,
    record,
    names: namesOf(record, ctx.playerName),
    total: countActions(record),
    dom: {
      panel: byId("review-panel"),
      chartArea: byId("review-chart-area"),
      chart: byId("review-chart"),
      body: byId("review-body"),
      note: byId("analysis-note"),
      progress: byId("analysis-progress"),
      bar: /** @type {HTMLProgressElement} */ (byId("analysis-bar")),
      count: byId("analysis-count"),
      startButton: /** @type {HTMLButtonElement} */ (byId("analysis-start")),
      cancelButton: /** @type {HTMLButtonElement} */ (byId("analysis-cancel")),
      depthSelect: /** @type {HTMLSelectElement} */ (byId("analysis-depth")),
      closeButton: /** @type {HTMLButtonElement} */ (byId("review-close")),
      continueButton: /** @type {HTMLButtonElement} */ (byId("review-continue")),
      source: byId("review-source"),
      moves: byId("review-moves"),
      where: byId("review-where"),
      decision: byId("review-decision"),
      summary: byId("review-summary"),
      jumpKind: /** @type {HTMLSelectElement} */ (byId("review-jump-kind")),
      jumpWho: /** @type {HTMLSelectElement} */ (byId("review-jump-who")),
      unitChoice: byId("review-unit-choice"),
      unitSelect: /** @type {HTMLSelectElement} */ (byId("review-unit")),
    },
    analysis: null,
    steps: [],
    at: 0,
    run: null,
    chart: null,
    moveButtons: [],
    toKeepInSight: null,
    left: false,
    unit: checkUnit(ctx.unit),
    chosen: null,
    allPlays: false,
    rollouts: {},
    noteWords: null,
  };
}
