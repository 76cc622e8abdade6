// @ts-check
/**
 * One decision in the review panel: who was to play what, the play made and its mark, the best play, the luck of the
 * roll, the table of the best plays or of the cube equities, the chances before it, its IDs; and the same in the
 * sentence said to screen readers.
 */

import { decisionText, formatEquity, formatNumber, LUCK_WORDS, markSymbol, MARK_WORDS } from "./analysis-data.js";
import { node } from "./dom.js";

/** @typedef {import("./analysis-data.js").Step} Step */

/**
 * Fill `box` with the details of decision `step`.
 * @param {HTMLElement} box @param {Step} step @param {string[]} names
 */
export function renderDecision(box, step, names) {
  const d = step.decision;
  const out = [];
  const who = names[d.player] ?? "";
  const title = d.kind === "move"
    ? `${who} to play ${(d.dice ?? []).join("-")}`
    : d.kind === "double" ? `${who}: double or not?` : `${who}: take or drop?`;
  out.push(node("h3", title));
  const made = node("p", "", "made");
  made.append(`Played: ${d.kind === "move" ? d.played : decisionText(d)}`);
  if (d.mark) {
    const mark = node("span", ` ${markSymbol(d.mark)} ${MARK_WORDS[/** @type {"bad"} */ (d.mark)]}`, `mark ${d.mark}`);
    made.append(mark, ` (${formatNumber(d.error)} thousandths lost${typeof d.error_mwc === "number" ? `, ${formatNumber(d.error_mwc, 2)}% of the match` : ""})`);
  } else if (d.forced) {
    made.append(" (forced)");
  }
  out.push(made);
  if (d.best && d.best !== d.played) out.push(node("p", `Best: ${d.best}`, "best"));
  if (d.kind === "move" && typeof d.luck === "number") {
    const luck = `Luck of the roll: ${formatNumber(d.luck)}${d.luck_mark ? ` (${LUCK_WORDS[/** @type {"lucky"} */ (d.luck_mark)]})` : ""}`;
    out.push(node("p", luck, `luck-line${d.luck_mark ? ` ${d.luck_mark}` : ""}`));
  }
  if (d.kind === "move" && Array.isArray(d.plays) && d.plays.length) {
    const legend = node("p", "", "arrow-legend");
    legend.append(node("span", "", "swatch played"), " the play made (", node("span", "", "swatch error"), " an error) ", node("span", "", "swatch best"), " the best play");
    out.push(playsTable(d), legend);
  }
  if (d.cube_equities) out.push(cubeTable(d, names));
  const p0 = d.player0 ?? {};
  if (typeof p0.win === "number") {
    const mwc = typeof p0.mwc === "number" ? `, the match ${(p0.mwc * 100).toFixed(1)}%` : "";
    out.push(node("p", `${names[0]}'s chances before it: the game ${(p0.win * 100).toFixed(1)}%${mwc}.`, "note"));
  }
  out.push(node("p", `Position ID ${d.position_id ?? "—"}${d.match_id ? ` · Match ID ${d.match_id}` : ""}`, "note ids-line"));
  box.replaceChildren(...out);
}

/**
 * What is said of decision `step` when the player goes to it.
 * @param {Step} step @param {number} count  how many decisions the review shows @param {string[]} names
 */
export function spoken(step, count, names) {
  const d = step.decision;
  const parts = [`Decision ${step.at + 1} of ${count}, game ${step.gameNumber}.`, `${names[d.player] ?? ""} ${d.kind === "move" ? `rolled ${(d.dice ?? []).join(" and ")}, played ${d.played}` : decisionText(d)}.`];
  if (d.mark) parts.push(`Marked ${MARK_WORDS[/** @type {"bad"} */ (d.mark)]}: ${formatNumber(d.error)} lost.`);
  if (d.best && d.best !== d.played) parts.push(`Best: ${d.best}.`);
  if (d.luck_mark) parts.push(`The roll was ${LUCK_WORDS[/** @type {"lucky"} */ (d.luck_mark)]}.`);
  return parts.join(" ");
}

/** @param {Record<string, any>} d */
function playsTable(d) {
  const table = node("table", "", "plays-table");
  table.append(node("caption", "The best plays (equity for the player on roll)"));
  const head = node("tr");
  for (const text of ["", "Play", "Equity", "Diff."]) {
    const th = node("th", text);
    th.setAttribute("scope", "col");
    head.append(th);
  }
  table.append(head);
  d.plays.forEach((/** @type {any} */ p, /** @type {number} */ i) => {
    const tr = node("tr", "", p.played ? "played" : "");
    const rank = node("td", String(i + 1));
    const play = node("td", p.play);
    if (p.played) play.append(node("span", " (played)", "tag"));
    tr.append(rank, play, node("td", formatEquity(p.equity)), node("td", i === 0 ? "" : formatEquity(p.difference)));
    table.append(tr);
  });
  return table;
}

/** @param {Record<string, any>} d @param {string[]} names */
function cubeTable(d, names) {
  const c = d.cube_equities;
  const table = node("table", "", "plays-table cube-table");
  const doubler = names[d.turn] ?? "";
  table.append(node("caption", `Cube equities for ${doubler}`));
  const right = c.action === "no_double" ? "no_double" : c.response === "drop" ? "double_pass" : "double_take";
  for (const [key, label] of [["no_double", "No double"], ["double_take", "Double, take"], ["double_pass", "Double, pass"]]) {
    const tr = node("tr", "", key === right ? "best-row" : "");
    const th = node("th", label);
    th.setAttribute("scope", "row");
    tr.append(th, node("td", formatEquity(c[key])));
    table.append(tr);
  }
  const advice = { double: "Double", no_double: "No double", too_good: "Too good to double" }[/** @type {"double"} */ (c.action)] ?? c.action;
  const caption = node("p", `Right action: ${advice}; ${c.response === "drop" ? "pass" : c.response ?? "take"}.`, "note");
  const wrap = node("div");
  wrap.append(table, caption);
  return wrap;
}
