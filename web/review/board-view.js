// @ts-check
/**
 * The board as review shows a decision: the position before it, not interactive, the play made and the best one (or
 * the candidate the player chose from the list), the point numbers of the player on roll; and the legend of those
 * arrows, naming only what is drawn. Pure functions but for nothing: the caller hands the config to the board.
 */

import { t } from "../i18n/i18n.js";
import { decisionView, playArrows, playText } from "./analysis-data.js";

/** @typedef {{kind: string, words: string}} LegendItem  an arrow's colour (its `kind`) and what it shows */

/**
 * The board's config for decision `step`; `chosen`: the index in `plays` of the candidate the player picked, if any.
 * @param {import("./analysis-data.js").Step} step @param {Record<string, any>} record
 * @param {number | null} matchLength  the analysis's match length (null: money play or unknown)
 * @param {number | null} [chosen]
 */
export function decisionBoard(step, record, matchLength, chosen = null) {
  const d = step.decision;
  return {
    view: decisionView(step, record, matchLength),
    interactive: false,
    diceActive: false, // a position looked at: no Roll to press
    arrows: arrowsOf(d, chosen),
    numbering: d.turn === 1 ? 1 : 0,
  };
}

/**
 * The play made, and the best play when they differ: the play made in the colour of an error when it is marked.
 * @param {Record<string, any>} d
 */
function madeAndBest(d) {
  if (d.kind !== "move" || !Array.isArray(d.plays) || !d.plays.length) return null;
  const best = d.plays[0];
  const made = d.plays.find((/** @type {any} */ p) => p.played) ?? d.plays.find((/** @type {any} */ p) => p.play === d.played);
  return { best, made: made ?? null };
}

/**
 * The arrows drawn for decision `d`.
 * @param {Record<string, any>} d @param {number | null} [chosen]
 */
export function arrowsOf(d, chosen = null) {
  const found = madeAndBest(d);
  if (!found) return [];
  const pick = chosen === null ? null : d.plays[chosen];
  if (pick) return playArrows(pick, d.turn, "chosen");
  const { best, made } = found;
  if (!made || made === best) return playArrows(best, d.turn, "played");
  return [...playArrows(made, d.turn, d.mark ? "error" : "played"), ...playArrows(best, d.turn, "best", 10)];
}

/**
 * What the arrows of `arrowsOf(d, chosen)` show, one item a colour, in the order drawn.
 * @param {Record<string, any>} d @param {number | null} [chosen]
 * @returns {LegendItem[]}
 */
export function legendOf(d, chosen = null) {
  const found = madeAndBest(d);
  if (!found) return [];
  const pick = chosen === null ? null : d.plays[chosen];
  if (pick) return [{ kind: "chosen", words: t(pick.played ? "review.legendChosenPlayed" : "review.legendChosen", { play: playText(pick.play) }) }];
  const { best, made } = found;
  if (!best.moves?.length) return [];
  if (!made || made === best) return [{ kind: "played", words: t("review.legendPlayedBest") }];
  return [
    d.mark ? { kind: "error", words: t("review.legendPlayedError") } : { kind: "played", words: t("review.legendPlayed") },
    { kind: "best", words: t("review.legendBest") },
  ];
}
