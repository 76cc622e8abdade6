// @ts-check
/** The board as review shows a decision: the position before it, not interactive, the play made and the best one. */

import { decisionView, playArrows } from "./analysis-data.js";

/**
 * The board's config for decision `step`.
 * @param {import("./analysis-data.js").Step} step @param {Record<string, any>} record
 * @param {number | null} matchLength  the analysis's match length (null: money play or unknown)
 */
export function decisionBoard(step, record, matchLength) {
  return { view: decisionView(step, record, matchLength), interactive: false, arrows: arrowsOf(step.decision) };
}

/** @param {Record<string, any>} d */
function arrowsOf(d) {
  if (d.kind !== "move" || !Array.isArray(d.plays) || !d.plays.length) return [];
  const best = d.plays[0];
  const made = d.plays.find((/** @type {any} */ p) => p.played) ?? d.plays.find((/** @type {any} */ p) => p.play === d.played);
  if (!made || made === best) return playArrows(best, d.turn, "played");
  return [...playArrows(made, d.turn, d.mark ? "error" : "played"), ...playArrows(best, d.turn, "best", 10)];
}
