// @ts-check
/**
 * The review panel's summary: both players' figures in one table, for the whole match or one game (a choice above
 * it), in the unit the player chose; what the analysis judged against what the move list shows; and the verdict said
 * when an analysis is done.
 */

import { decimal, t } from "../i18n/i18n.js";
import { coverage, formatNumber } from "./analysis-data.js";
import { node } from "./dom.js";
import { rate } from "./units.js";
import { hasJudgedDecisions, labelWords, luckLabel, luckUnitsNote, resignationsCell, resigned, verdict as verdictWords } from "./words.js";

/** @typedef {import("./units.js").Unit} Unit */

/**
 * The rows of the table: a label and a player's cell.
 * @param {Unit} unit @param {boolean} match @param {boolean} withResignations  a row for resignations and answers
 * @returns {[string, (p: any) => string][]}
 */
function rows(unit, match, withResignations) {
  const judged = (/** @type {any} */ p, /** @type {string} */ text) => (hasJudgedDecisions(p) ? text : "—");
  /** @type {[string, (p: any) => string][]} */
  const list = [
    [t("review.rowOverall"), (p) => (hasJudgedDecisions(p) ? rate(p, "overall", unit) : t("review.noDecision"))],
    [t("review.rowChecker"), (p) => t("review.cellUnforced", { rate: p.unforced_moves ? rate(p, "chequer", unit) : "—", n: p.unforced_moves ?? 0 })],
    [t("review.rowCube"), (p) => t("review.cellClose", { rate: p.close_cube_decisions ? rate(p, "cube", unit) : "—", n: p.close_cube_decisions ?? 0 })],
    [t("review.rowPr"), (p) => judged(p, formatNumber(p.pr))],
    [t("review.rowRating"), (p) => judged(p, p.rating ? labelWords(String(p.rating)) : "—")],
    [t("review.rowMarks"), (p) => t("review.cellMarks", { doubtful: p.marks?.doubtful ?? 0, bad: p.marks?.bad ?? 0, veryBad: p.marks?.very_bad ?? 0 })],
    [t("review.rowLuck"), (p) => {
      if (!p.moves) return "—";
      const label = luckLabel(p.luck_rating);
      return label ? t("review.cellLuck", { rate: rate(p, "luck", unit), label }) : rate(p, "luck", unit);
    }],
  ];
  if (withResignations) list.push([t("review.rowResignations"), (p) => resignationsCell(p, unit, match)]);
  if (match && unit === "emg") {
    const percent = (/** @type {unknown} */ x) => (typeof x === "number" && Number.isFinite(x) ? decimal(x, 1, { percent: true }) : "—%");
    list.push([t("review.rowLostToErrors"), (p) => percent((p.mwc?.chequer_error_total ?? 0) + (p.mwc?.cube_error_total ?? 0))]);
    list.push([t("review.rowFromLuck"), (p) => percent(p.mwc?.luck_total)]);
  }
  return list;
}

/**
 * The table of both players' figures.
 * @param {Record<string, any>[]} players @param {string[]} names @param {Unit} unit @param {boolean} match
 * @param {{whose: string, game?: number}} whose  "match", "session" or "game" (with its number)
 */
function figuresTable(players, names, unit, match, whose) {
  const table = node("table", "", "review-summary-table");
  table.append(node("caption", t("review.figuresCaption", { ...whose, game: whose.game ?? 0, unit })));
  const head = node("tr");
  head.append(node("td"));
  for (const name of names) {
    const th = node("th", name);
    th.setAttribute("scope", "col");
    head.append(th);
  }
  table.append(head);
  for (const [label, value] of rows(unit, match, players.some(resigned))) {
    const tr = node("tr");
    const th = node("th", label);
    th.setAttribute("scope", "row");
    tr.append(th, ...players.map((p) => node("td", value(p))));
    table.append(tr);
  }
  return table;
}

/**
 * How many decisions the analysis judged and how many of them the move list shows.
 * @param {Record<string, any>} a @param {number} listed
 */
export function countsNote(a, listed) {
  const judged = (a.games ?? []).reduce((/** @type {number} */ n, /** @type {any} */ g) => n + (g.decisions?.length ?? 0), 0);
  const left = judged - listed;
  const resignations = (a.games ?? []).some((/** @type {any} */ g) => (g.decisions ?? []).some((/** @type {any} */ d) => d.kind === "resign"));
  const what = resignations ? "resign" : "other";
  return left ? t("review.countsLeft", { judged, what, listed, left }) : t("review.counts", { judged, what, listed });
}

/**
 * Fill `box` with a choice of the whole match or one game, the table of both players' figures for it, and a note on
 * the depth, the counts and what the analysis covers.
 * @param {HTMLElement} box @param {Record<string, any>} a the analysis @param {Record<string, any>} record
 * @param {string[]} names @param {Unit} unit @param {number} listed  how many decisions the move list shows
 */
export function renderSummary(box, a, record, names, unit, listed) {
  const match = a.unit === "match";
  const games = a.games ?? [];
  const label = node("label", `${t("review.figuresOf")} `, "summary-choice");
  const select = /** @type {HTMLSelectElement} */ (node("select"));
  select.id = "review-summary-game";
  select.append(new Option(match ? t("review.wholeMatch") : t("review.wholeSession"), ""));
  games.forEach((/** @type {any} */ g, /** @type {number} */ i) => {
    const game = g.number ?? i + 1;
    const text = typeof g.winner === "number"
      ? t("review.gameOptionWon", { game, name: names[g.winner] ?? "", points: g.points ?? 0 })
      : t("review.gameOption", { game });
    select.append(new Option(text, String(i)));
  });
  label.append(select);
  // A narrow phone and a long language's words: the table scrolls sideways in a box of its own, not the page.
  const tableBox = node("div", "", "table-scroll");
  tableBox.setAttribute("role", "region");
  tableBox.tabIndex = 0;
  const draw = () => {
    const i = select.value === "" ? null : Number(select.value);
    const g = i === null ? null : games[i];
    const players = g ? g.players ?? [] : a.players ?? [];
    const whose = g ? { whose: "game", game: g.number ?? (i ?? 0) + 1 } : { whose: match ? "match" : "session" };
    const table = /** @type {HTMLTableElement} */ (figuresTable(players, names, unit, match, whose));
    tableBox.setAttribute("aria-label", table.caption?.textContent ?? "");
    tableBox.replaceChildren(table);
  };
  select.addEventListener("change", draw);
  draw();
  const where = coverage(a, record);
  const depth = a.depth === 0 ? t("review.depthQuick") : a.depth === 2 ? t("review.depthDeep") : t("review.depthOf", { depth: a.depth ?? "?" });
  const parts = [depth, countsNote(a, listed)];
  if (where.stale) parts.push(t("review.covers", { covered: where.covered, total: where.total }));
  const luckNote = match ? [node("p", luckUnitsNote(), "luck-units")] : [];
  box.replaceChildren(...(games.length > 1 ? [label] : []), tableBox, ...luckNote, node("p", parts.join(" "), "note"));
}

/**
 * Each player's error rate and rating in a sentence.
 * @param {Record<string, any>} a the analysis @param {string[]} names @param {Unit} unit
 */
export function verdict(a, names, unit) {
  const named = unit === "mwc" && a.unit === "match" ? "mwc" : "emg";
  return verdictWords(a, names, (p) => t("review.ratePerDecision", { rate: rate(p, "overall", named), unit: named }));
}
