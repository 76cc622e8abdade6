// @ts-check
/**
 * One decision in the review panel: who was to play what, the play made with its mark and what it cost, the best
 * play, the luck of the roll, the candidate plays with their chances (five, all that were kept on request; each can
 * be shown on the board), the cube's three equities, or a resignation's two (playing on, resigning) with the verdict
 * in words, the legend of the board's arrows, the chances before it and its IDs; every figure in the unit the player
 * chose, named. And the same in the sentence said to screen readers.
 */

import { rollDashed, rollWords } from "../dice-words.js";
import { decisionText, LUCK_WORDS, markSymbol, MARK_WORDS, sizeWords } from "./analysis-data.js";
import { legendOf } from "./board-view.js";
import { node } from "./dom.js";
import { differenceIn, equityHeading, equityIn, costAmount, errorAmount, figure, luckAmount, UNIT_NAMES, unitOf } from "./units.js";
import { plural, resignVerdict } from "./words.js";
import { canRollOutDecision } from "./rollout.js";

/** @typedef {import("./analysis-data.js").Step} Step */
/** @typedef {import("./units.js").Unit} Unit */

/** The cube choice made, as the subject of a sentence (declining a double is a drop, as the buttons say). */
const CHOICE_WORDS = Object.freeze({ double: "Doubling", "no double": "Not doubling", take: "Taking", drop: "Dropping", beaver: "Beavering" });

/** How many candidate plays show before the player asks for all. */
export const FIRST_PLAYS = 5;

/**
 * What the decision view shows besides the decision: the unit, the candidate picked, whether all candidates show,
 * and the decision's rollout kept with the analysis drawn (rollout.js), if any; `canRollOut`: the page handed review the panel.
 * @typedef {{unit: Unit, chosen: number | null, allPlays: boolean,
 *   rollout?: HTMLElement | null, canRollOut?: boolean}} DecisionOptions
 */

/**
 * Fill `box` with the details of decision `step`.
 * @param {HTMLElement} box @param {Step} step @param {string[]} names @param {DecisionOptions} options
 */
export function renderDecision(box, step, names, options) {
  const d = step.decision;
  const unit = unitOf(d, options.unit);
  const out = [];
  out.push(node("h3", decisionTitle(d, names)));
  const made = node("p", "", "made");
  made.append(`Played: ${d.kind === "move" ? d.played : decisionText(d)}`);
  if (d.mark) {
    made.append(node("span", ` ${markSymbol(d.mark)} ${MARK_WORDS[/** @type {"bad"} */ (d.mark)]}`, `mark ${d.mark}`), `: ${errorAmount(d, unit)}`);
  } else if (d.forced) {
    made.append(" (forced)");
  } else if (Number(d.error) > 0) {
    made.append(` (${errorAmount(d, unit)})`);
  }
  out.push(made);
  if (d.best && d.best !== d.played) out.push(node("p", `Best: ${bestText(d)}`, "best"));
  if (d.kind === "move" && typeof d.luck === "number") {
    const luck = `Luck of the roll: ${luckAmount(d, unit)}${d.luck_mark ? ` (${LUCK_WORDS[/** @type {"lucky"} */ (d.luck_mark)]})` : ""}`;
    out.push(node("p", luck, `luck-line${d.luck_mark ? ` ${d.luck_mark}` : ""}`));
  }
  if (d.kind === "move" && Array.isArray(d.plays) && d.plays.length) {
    out.push(playsTable(d, names, unit, options));
    const legend = arrowLegend(d, options.chosen);
    if (legend) out.push(legend);
  }
  if (options.canRollOut && canRollOutDecision(d)) {
    const rollOut = /** @type {HTMLButtonElement} */ (node("button", options.rollout ? "Roll out again" : "Roll out", "small review-rollout-open"));
    rollOut.type = "button";
    rollOut.dataset.rollout = "open";
    out.push(rollOut);
  }
  if (options.rollout) out.push(options.rollout);
  if (d.cube_equities) out.push(cubeTable(d, names, unit));
  if (d.resign_equities) out.push(resignTable(d, names, unit));
  const p0 = d.player0 ?? {};
  if (typeof p0.win === "number") {
    const mwc = typeof p0.mwc === "number" ? `, the match ${(p0.mwc * 100).toFixed(1)}%` : "";
    out.push(node("p", `${names[0]}'s chances before it: the game ${(p0.win * 100).toFixed(1)}%${mwc}.`, "note"));
  }
  out.push(node("p", `Position ID ${d.position_id ?? "—"}${d.match_id ? ` · Match ID ${d.match_id}` : ""}`, "note ids-line"));
  box.replaceChildren(...out);
}

/**
 * The best choice of decision `d` in words: a play, a cube action, "play on", "resign a gammon", "accept".
 * @param {Record<string, any>} d
 */
export function bestText(d) {
  if (d.kind === "resign" && d.best !== "play on") return `resign ${sizeWords(d)}`;
  if (d.best === "too good") return "too good to double (play on for a gammon)";
  return String(d.best);
}

/**
 * The heading of decision `d`: who was to do what ("Black to play 6-5", the higher die first).
 * @param {Record<string, any>} d @param {string[]} names
 */
export function decisionTitle(d, names) {
  const who = names[d.player] ?? "";
  const rolled = Array.isArray(d.dice) ? ` (having rolled ${rollDashed(d.dice)})` : "";
  if (d.kind === "move") return `${who} to play ${rollDashed(d.dice)}`;
  if (d.kind === "double") return `${who}: double or not?`;
  if (d.kind === "resign") return `${who}${rolled}: resign ${sizeWords(d)} or play on?`;
  if (d.kind === "accept") return `${who}: accept or reject ${names[d.turn] ?? ""}'s resignation of ${sizeWords(d)}?`;
  return `${who}: take or drop?`;
}

/**
 * What is said of decision `step` when the player goes to it.
 * @param {Step} step @param {number} count  how many decisions the review shows @param {string[]} names
 * @param {Unit} [unit]
 */
export function spoken(step, count, names, unit = "emg") {
  const d = step.decision;
  const parts = [`Decision ${step.at + 1} of ${count}, game ${step.gameNumber}.`, `${names[d.player] ?? ""} ${d.kind === "move" ? `rolled ${rollWords(d.dice)}, played ${d.played}` : decisionText(d)}.`];
  if (d.mark) parts.push(`Marked ${MARK_WORDS[/** @type {"bad"} */ (d.mark)]}: ${errorAmount(d, unitOf(d, unit))}.`);
  if (d.best && d.best !== d.played) parts.push(`Best: ${bestText(d)}.`);
  if (d.luck_mark) parts.push(`The roll was ${LUCK_WORDS[/** @type {"lucky"} */ (d.luck_mark)]}.`);
  return parts.join(" ");
}

/** @param {number | undefined} x */
const percent = (x) => (typeof x === "number" ? `${(x * 100).toFixed(1)}%` : "—");

/**
 * A candidate's chances as gnubg lists them, in per cent: win, win a gammon, win a backgammon – lose, lose a gammon,
 * lose a backgammon; `words` spells them out (for screen readers).
 * @param {Record<string, any>} p @param {boolean} [words]
 */
export function chancesText(p, words = false) {
  if (typeof p.win !== "number") return "";
  const lose = 1 - p.win;
  if (words) {
    return `wins ${percent(p.win)}, gammons ${percent(p.win_gammon)}, backgammons ${percent(p.win_backgammon)}; loses ${percent(lose)}, gammons ${percent(p.lose_gammon)}, backgammons ${percent(p.lose_backgammon)}`;
  }
  const n = (/** @type {number | undefined} */ x) => (typeof x === "number" ? (x * 100).toFixed(1) : "—");
  return `${n(p.win)} ${n(p.win_gammon)} ${n(p.win_backgammon)} – ${n(lose)} ${n(p.lose_gammon)} ${n(p.lose_backgammon)}`;
}

/**
 * The candidate plays: each a button that shows it on the board, its equity and its distance from the best, its
 * chances under it; five first, all that were kept on request.
 * @param {Record<string, any>} d @param {string[]} names @param {Unit} unit @param {DecisionOptions} options
 */
function playsTable(d, names, unit, options) {
  const wrap = node("div", "", "plays");
  const table = node("table", "", "plays-table");
  const who = names[d.turn] ?? "";
  table.append(node("caption", `${who}'s best plays (choose one to see it on the board); under each, its chances in %: win, gammon, backgammon – lose, gammon, backgammon`));
  const head = node("tr");
  for (const text of ["", "Play", equityHeading(unit), "Diff."]) {
    const th = node("th", text);
    th.setAttribute("scope", "col");
    head.append(th);
  }
  table.append(head);
  const shown = options.allPlays ? d.plays : d.plays.slice(0, FIRST_PLAYS);
  // the play made stays in sight when it lies beyond the first five
  const made = d.plays.findIndex((/** @type {any} */ p) => p.played);
  const rows = shown.map((/** @type {any} */ p, /** @type {number} */ i) => [p, i]);
  if (!options.allPlays && made >= FIRST_PLAYS) rows.push([d.plays[made], made]);
  for (const [p, i] of rows) {
    const tr = node("tr", "", `play-row${p.played ? " played" : ""}${options.chosen === i ? " chosen" : ""}`);
    const rank = node("td", String(i + 1));
    const cell = node("td");
    const pick = /** @type {HTMLButtonElement} */ (node("button", p.play, "candidate"));
    pick.type = "button";
    pick.dataset.candidate = String(i);
    pick.setAttribute("aria-pressed", String(options.chosen === i));
    cell.append(pick);
    if (p.played) cell.append(node("span", " (played)", "tag"));
    const equity = figure(equityIn(d, p.equity, unit), unit);
    const diff = i === 0 ? "" : figure(differenceIn(d, p.difference, unit), unit, { signed: true });
    tr.append(rank, cell, node("td", equity), node("td", diff));
    const chances = node("tr", "", `chances-row${p.played ? " played" : ""}${options.chosen === i ? " chosen" : ""}`);
    const text = /** @type {HTMLTableCellElement} */ (node("td", `${chancesText(p)} · ${p.plies ?? 0}-ply`));
    text.colSpan = 4;
    text.setAttribute("aria-label", `${chancesText(p, true)}; looked at ${p.plies ?? 0} ply deep`);
    chances.append(text);
    table.append(tr, chances);
  }
  wrap.append(table);
  if (d.plays.length > FIRST_PLAYS) {
    const more = /** @type {HTMLButtonElement} */ (node("button", options.allPlays ? `Show the best ${FIRST_PLAYS}` : `Show all ${d.plays.length} plays kept`, "small more-plays"));
    more.type = "button";
    more.dataset.morePlays = options.allPlays ? "fewer" : "all";
    wrap.append(more);
  }
  return wrap;
}

/**
 * The legend of the arrows on the board: only the colours drawn, each with what it shows.
 * @param {Record<string, any>} d @param {number | null} chosen
 */
function arrowLegend(d, chosen) {
  const items = legendOf(d, chosen);
  if (!items.length) return null;
  const legend = node("p", "", "arrow-legend");
  legend.append("On the board: ");
  items.forEach((item, i) => {
    if (i) legend.append("; ");
    legend.append(node("span", "", `swatch ${item.kind}`), ` ${item.words}`);
  });
  if (chosen !== null) legend.append(" (choose it again for the play made)");
  return legend;
}

/**
 * A table of a decision's options: its caption, and the columns option, equity and difference from the right one.
 * @param {string} kind @param {string} caption @param {Unit} unit
 */
function equityTable(kind, caption, unit) {
  const table = node("table", "", `plays-table ${kind}`);
  table.append(node("caption", caption));
  const head = node("tr");
  for (const text of ["", equityHeading(unit), "Diff."]) {
    const th = node("th", text);
    th.setAttribute("scope", "col");
    head.append(th);
  }
  table.append(head);
  return table;
}

/**
 * A resignation's two equities for the side that resigns (playing on, and the points given up), each with its distance
 * from the right choice, and the verdict on the offer or the answer in words; the error in the same unit as a
 * checker play's.
 * @param {Record<string, any>} d @param {string[]} names @param {Unit} unit
 */
function resignTable(d, names, unit) {
  const c = d.resign_equities;
  const resigner = names[d.turn] ?? "";
  const answerer = names[1 - d.turn] ?? "";
  const table = equityTable("resign-table", `What the game is worth to ${resigner} (${UNIT_NAMES[unit]})`, unit);
  const points = plural(Number(c.points) || 0, "point");
  const right = c.action === "resign" ? "resign" : "play_on";
  for (const [key, label] of [["play_on", "Play on"], ["resign", `Resign ${sizeWords(d)} (${points})`]]) {
    const tr = node("tr", "", key === right ? "best-row" : "");
    const th = node("th", label);
    th.setAttribute("scope", "row");
    const diff = key === right ? "" : figure(differenceIn(d, c[key] - c[right], unit), unit, { signed: true });
    tr.append(th, node("td", figure(equityIn(d, c[key], unit), unit)), node("td", diff));
    table.append(tr);
  }
  const wrap = node("div");
  wrap.append(table, node("p", resignVerdict(d, resigner, answerer, points, unit), "note resign-verdict"));
  return wrap;
}

/** The three cube actions of the cube table, by their keys in `cube_equities`, in words. */
export const CUBE_OPTIONS = Object.freeze([["no_double", "No double"], ["double_take", "Double, take"], ["double_pass", "Double, drop"]]);

/**
 * The key of the right cube action of cube equities `c`.
 * @param {Record<string, any>} c
 */
function rightCubeAction(c) {
  return c.action === "no_double" || c.action === "too_good" ? "no_double" : c.response === "drop" ? "double_pass" : "double_take";
}

/**
 * The verdict under the cube table: the right action, the right answer, and what the choice made cost.
 * @param {Record<string, any>} d @param {Unit} unit
 */
export function cubeVerdict(d, unit) {
  const c = d.cube_equities;
  const advice = { double: "Double", no_double: "No double", too_good: "Too good to double" }[/** @type {"double"} */ (c.action)] ?? c.action;
  const answer = c.response ?? "take";
  const choice = CHOICE_WORDS[/** @type {"take"} */ (d.played)] ?? decisionText(d);
  const cost = Number(d.error) > 0 ? `${choice} cost ${costAmount(d, unit)}.` : `${choice} was right.`;
  return `Right action: ${advice.toLowerCase()}; the answer: ${answer}. ${cost}`;
}

/**
 * The three cube equities for the side that may double, each with its distance from the right action, in the unit;
 * the error of the choice made in the same unit as a checker play's.
 * @param {Record<string, any>} d @param {string[]} names @param {Unit} unit
 */
function cubeTable(d, names, unit) {
  const c = d.cube_equities;
  const doubler = names[d.turn] ?? "";
  const table = equityTable("cube-table", `Cube equities for ${doubler} (${UNIT_NAMES[unit]})`, unit);
  const right = rightCubeAction(c);
  for (const [key, label] of CUBE_OPTIONS) {
    const tr = node("tr", "", key === right ? "best-row" : "");
    const th = node("th", label);
    th.setAttribute("scope", "row");
    // as gnubg lists them: each equity against the right action's
    const value = c[key];
    const diff = key === right ? "" : figure(differenceIn(d, value - c[right], unit), unit, { signed: true });
    tr.append(th, node("td", figure(equityIn(d, value, unit), unit)), node("td", diff));
    table.append(tr);
  }
  const caption = node("p", cubeVerdict(d, unit), "note cube-verdict");
  const wrap = node("div");
  wrap.append(table, caption);
  return wrap;
}
