// @ts-check
/** The review panel's summary: both players' figures in one table, and the verdict said when an analysis is done. */

import { coverage, formatNumber } from "./analysis-data.js";
import { node } from "./dom.js";

/**
 * Fill `box` with the table of both players' figures and a note on the depth and what the analysis covers.
 * @param {HTMLElement} box @param {Record<string, any>} a the analysis @param {Record<string, any>} record
 * @param {string[]} names
 */
export function renderSummary(box, a, record, names) {
  const table = node("table", "", "review-summary-table");
  table.append(node("caption", "Both players' figures (errors and luck in thousandths of a point per decision)"));
  const head = node("tr");
  head.append(node("td"));
  for (const name of names) {
    const th = node("th", name);
    th.setAttribute("scope", "col");
    head.append(th);
  }
  table.append(head);
  const players = a.players ?? [];
  const match = a.unit === "match";
  /** @type {[string, (p: any) => string][]} */
  const rows = [
    ["Error rate, overall", (p) => formatNumber(p.overall_error_rate)],
    ["Checker play", (p) => `${formatNumber(p.chequer_error_rate)} (${p.unforced_moves ?? 0} moves)`],
    ["Cube", (p) => `${formatNumber(p.cube_error_rate)} (${p.close_cube_decisions ?? 0} decisions)`],
    ["Performance rating (PR)", (p) => formatNumber(p.pr)],
    ["Rating", (p) => p.rating ?? "—"],
    ["Marks ?! / ? / ??", (p) => `${p.marks?.doubtful ?? 0} / ${p.marks?.bad ?? 0} / ${p.marks?.very_bad ?? 0}`],
    ["Luck per move", (p) => `${formatNumber(p.luck_rate)} (${p.luck_rating ?? ""})`],
  ];
  if (match) {
    rows.push(["Match chance lost to errors", (p) => `${formatNumber((p.mwc?.chequer_error_total ?? 0) + (p.mwc?.cube_error_total ?? 0))}%`]);
    rows.push(["Match chance from luck", (p) => `${formatNumber(p.mwc?.luck_total)}%`]);
  }
  for (const [label, value] of rows) {
    const tr = node("tr");
    const th = node("th", label);
    th.setAttribute("scope", "row");
    tr.append(th, ...players.map((/** @type {any} */ p) => node("td", value(p))));
    table.append(tr);
  }
  const where = coverage(a, record);
  const parts = [`Depth ${a.depth ?? "?"}${a.depth === 0 ? " (quick)" : a.depth === 2 ? " (deep, 2-ply)" : ""}.`];
  if (where.stale) parts.push(`Covers ${where.covered} of ${where.total} actions: the match went on after it.`);
  box.replaceChildren(table, node("p", parts.join(" "), "note"));
}

/**
 * Each player's error rate and rating in a sentence.
 * @param {Record<string, any>} a the analysis @param {string[]} names
 */
export function verdict(a, names) {
  return (a.players ?? [])
    .map((/** @type {any} */ p, /** @type {number} */ i) => `${names[i] ?? p.name}: error rate ${formatNumber(p.overall_error_rate)}, ${p.rating ?? ""}.`)
    .join(" ");
}
