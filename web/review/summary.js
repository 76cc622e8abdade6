// @ts-check
/**
 * The review panel's summary: both players' figures in one table, for the whole match or one game (a choice above
 * it), in the unit the player chose; what the analysis judged against what the move list shows; and the verdict said
 * when an analysis is done.
 */

import { coverage, formatNumber } from "./analysis-data.js";
import { node } from "./dom.js";
import { rate, rateUnitWords } from "./units.js";
import { hasJudgedDecisions, LUCK_UNITS_NOTE, luckLabel, plural, resignationsCell, resigned, verdict as verdictWords } from "./words.js";

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
    ["Error rate, overall", (p) => (hasJudgedDecisions(p) ? rate(p, "overall", unit) : "no decision to judge")],
    ["Checker play", (p) => `${p.unforced_moves ? rate(p, "chequer", unit) : "—"} (${plural(p.unforced_moves ?? 0, "unforced move")})`],
    ["Cube", (p) => `${p.close_cube_decisions ? rate(p, "cube", unit) : "—"} (${plural(p.close_cube_decisions ?? 0, "close decision")})`],
    ["Performance rating (PR)", (p) => judged(p, formatNumber(p.pr))],
    ["Rating", (p) => judged(p, p.rating ?? "—")],
    ["Marks ?! / ? / ??", (p) => `${p.marks?.doubtful ?? 0} / ${p.marks?.bad ?? 0} / ${p.marks?.very_bad ?? 0}`],
    ["Luck per move", (p) => {
      if (!p.moves) return "—";
      const label = luckLabel(p.luck_rating);
      return `${rate(p, "luck", unit)}${label ? ` (${label})` : ""}`;
    }],
  ];
  if (withResignations) list.push(["Resignations (outside the rates, as in GNU Backgammon)", (p) => resignationsCell(p, unit, match)]);
  if (match && unit === "emg") {
    list.push(["Match chance lost to errors", (p) => `${formatNumber((p.mwc?.chequer_error_total ?? 0) + (p.mwc?.cube_error_total ?? 0))}%`]);
    list.push(["Match chance from luck", (p) => `${formatNumber(p.mwc?.luck_total)}%`]);
  }
  return list;
}

/**
 * The table of both players' figures.
 * @param {Record<string, any>[]} players @param {string[]} names @param {Unit} unit @param {boolean} match
 * @param {string} whose  "the match" or "game 2"
 */
function figuresTable(players, names, unit, match, whose) {
  const table = node("table", "", "review-summary-table");
  table.append(node("caption", `Both players' figures in ${whose} (rates in ${rateUnitWords(unit)})`));
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
  const what = resignations ? "every play, every chance to double, every resignation and its answer" : "every play and every chance to double";
  return `${plural(judged, "decision")} judged (${what}); the move list shows ${listed}${left ? `: the ${plural(left, "clear no-double", "clear no-doubles")} ${left === 1 ? "is" : "are"} left out` : ""}.`;
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
  const label = node("label", "Figures of ", "summary-choice");
  const select = /** @type {HTMLSelectElement} */ (node("select"));
  select.id = "review-summary-game";
  select.append(new Option(match ? "the whole match" : "the whole session", ""));
  games.forEach((/** @type {any} */ g, /** @type {number} */ i) => {
    const won = typeof g.winner === "number" ? `, ${names[g.winner] ?? ""} won ${plural(g.points ?? 0, "point")}` : "";
    select.append(new Option(`game ${g.number ?? i + 1}${won}`, String(i)));
  });
  label.append(select);
  const tableBox = node("div");
  const draw = () => {
    const i = select.value === "" ? null : Number(select.value);
    const g = i === null ? null : games[i];
    const players = g ? g.players ?? [] : a.players ?? [];
    tableBox.replaceChildren(figuresTable(players, names, unit, match, g ? `game ${g.number ?? (i ?? 0) + 1}` : match ? "the match" : "the session"));
  };
  select.addEventListener("change", draw);
  draw();
  const where = coverage(a, record);
  const parts = [`Depth ${a.depth ?? "?"}${a.depth === 0 ? " (quick)" : a.depth === 2 ? " (deep, 2-ply)" : ""}.`, countsNote(a, listed)];
  if (where.stale) parts.push(`Covers ${where.covered} of ${where.total} actions: the match went on after it.`);
  const luckNote = match ? [node("p", LUCK_UNITS_NOTE, "luck-units")] : [];
  box.replaceChildren(...(games.length > 1 ? [label] : []), tableBox, ...luckNote, node("p", parts.join(" "), "note"));
}

/**
 * Each player's error rate and rating in a sentence.
 * @param {Record<string, any>} a the analysis @param {string[]} names @param {Unit} unit
 */
export function verdict(a, names, unit) {
  const named = unit === "mwc" && a.unit === "match" ? "mwc" : "emg";
  return verdictWords(a, names, (p) => `${rate(p, "overall", named)}${named === "emg" ? " mEMG" : " MWC"} per decision`);
}
