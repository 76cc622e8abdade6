// @ts-check
/**
 * One decision in the review panel: who was to play what, the play made with its mark and what it cost, the best
 * play, the luck of the roll, the candidate plays with their chances (five, all that were kept on request; each can
 * be shown on the board), the cube's three equities, or a resignation's two (playing on, resigning) with the verdict
 * in words, the legend of the board's arrows, the chances before it and its IDs; every figure in the unit the player
 * chose, named. And the same in the sentence said to screen readers.
 */

import { rollDashed, rollWords } from "../dice-words.js";
import { decimal, t } from "../i18n/i18n.js";
import { decisionText, luckWords, markSymbol, markWords, playText, sizeOf } from "./analysis-data.js";
import { legendOf } from "./board-view.js";
import { node } from "./dom.js";
import { differenceIn, equityHeading, equityIn, costAmount, errorAmount, figure, luckAmount, unitName, unitOf } from "./units.js";
import { resignVerdict } from "./words.js";
import { canRollOutDecision } from "./rollout.js";

/** @typedef {import("./analysis-data.js").Step} Step */
/** @typedef {import("./units.js").Unit} Unit */

/** The cube choice made, as the `choice` of the messages that say what it cost (declining a double is a drop). */
const CHOICES = Object.freeze({ double: "double", "no double": "nodouble", take: "take", drop: "drop", beaver: "beaver" });

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
  made.append(t("review.played", { play: d.kind === "move" ? playText(d.played) : decisionText(d) }));
  if (d.mark) {
    made.append(node("span", ` ${markSymbol(d.mark)} ${markWords(d.mark)}`, `mark ${d.mark}`), t("review.markAmount", { amount: errorAmount(d, unit) }));
  } else if (d.forced) {
    made.append(` ${t("review.forced")}`);
  } else if (Number(d.error) > 0) {
    made.append(` ${t("review.errorAmount", { amount: errorAmount(d, unit) })}`);
  }
  out.push(made);
  if (d.best && d.best !== d.played) out.push(node("p", t("review.best", { play: bestText(d) }), "best"));
  if (d.kind === "move" && typeof d.luck === "number") {
    const luck = d.luck_mark
      ? t("review.luckMarked", { amount: luckAmount(d, unit), luck: luckWords(d.luck_mark) })
      : t("review.luck", { amount: luckAmount(d, unit) });
    out.push(node("p", luck, `luck-line${d.luck_mark ? ` ${d.luck_mark}` : ""}`));
  }
  if (d.kind === "move" && Array.isArray(d.plays) && d.plays.length) {
    out.push(playsTable(d, names, unit, options));
    const legend = arrowLegend(d, options.chosen);
    if (legend) out.push(legend);
  }
  if (options.canRollOut && canRollOutDecision(d)) {
    const rollOut = /** @type {HTMLButtonElement} */ (node("button", options.rollout ? t("review.rollOutAgain") : t("review.rollOut"), "small review-rollout-open"));
    rollOut.type = "button";
    rollOut.dataset.rollout = "open";
    out.push(rollOut);
  }
  if (options.rollout) out.push(options.rollout);
  if (d.cube_equities) out.push(cubeTable(d, names, unit));
  if (d.resign_equities) out.push(resignTable(d, names, unit));
  const p0 = d.player0 ?? {};
  if (typeof p0.win === "number") {
    const chances = { name: names[0] ?? "", game: percent(p0.win) };
    out.push(node("p", typeof p0.mwc === "number"
      ? t("review.chancesBeforeMatch", { ...chances, match: percent(p0.mwc) })
      : t("review.chancesBefore", chances), "note"));
  }
  out.push(idsLine(d));
  box.replaceChildren(...out);
}

/**
 * The best choice of decision `d` in words: a play, a cube action, "play on", "resign a gammon", "accept".
 * @param {Record<string, any>} d
 */
export function bestText(d) {
  if (d.kind === "resign" && d.best !== "play on") return t("review.bestResign", { size: sizeOf(d) });
  if (d.best === "too good") return t("review.bestTooGood");
  const id = d.kind === "move" ? null : BEST_IDS[/** @type {"take"} */ (d.best)];
  return id ? t(/** @type {"review.bestTake"} */ (id)) : playText(d.best);
}

/** The best cube action or answer, as the analysis names it, and its message. */
const BEST_IDS = Object.freeze({
  double: "review.bestDouble", "no double": "review.bestNoDouble", take: "review.bestTake", drop: "review.bestDrop",
  beaver: "review.bestBeaver", "play on": "review.bestPlayOn", accept: "review.bestAccept", reject: "review.bestReject",
});

/**
 * The line of a decision's IDs, each ID in a `<code>` of its own (left to right in every language).
 * @param {Record<string, any>} d
 */
function idsLine(d) {
  const line = node("p", "", "note ids-line");
  const id = (/** @type {string} */ text) => {
    const code = node("code", text);
    code.dir = "ltr";
    return code;
  };
  const marker = "\u0000";
  const text = d.match_id
    ? t("review.ids", { position: `${marker}0`, match: `${marker}1` })
    : t("review.idsPosition", { position: `${marker}0` });
  const ids = [String(d.position_id ?? "—"), String(d.match_id ?? "")];
  for (const [i, part] of text.split(marker).entries()) {
    if (i === 0) line.append(part);
    else line.append(id(ids[Number(part[0])]), part.slice(1));
  }
  return line;
}

/**
 * The heading of decision `d`: who was to do what ("Black to play 6-5", the higher die first).
 * @param {Record<string, any>} d @param {string[]} names
 */
export function decisionTitle(d, names) {
  const name = names[d.player] ?? "";
  if (d.kind === "move") return t("review.toPlay", { name, roll: rollDashed(d.dice) });
  if (d.kind === "double") return t("review.doubleOrNot", { name });
  const size = sizeOf(d);
  if (d.kind === "resign") {
    return Array.isArray(d.dice)
      ? t("review.resignOrPlayOnRolled", { name, roll: rollDashed(d.dice), size })
      : t("review.resignOrPlayOn", { name, size });
  }
  if (d.kind === "accept") return t("review.acceptOrReject", { name, other: names[d.turn] ?? "", size });
  return t("review.takeOrDrop", { name });
}

/**
 * What is said of decision `step` when the player goes to it.
 * @param {Step} step @param {number} count  how many decisions the review shows @param {string[]} names
 * @param {Unit} [unit]
 */
export function spoken(step, count, names, unit = "emg") {
  const d = step.decision;
  const name = names[d.player] ?? "";
  const parts = [
    t("review.spokenWhere", { n: step.at + 1, count, game: step.gameNumber }),
    d.kind === "move"
      ? t("review.spokenMove", { name, roll: rollWords(d.dice), play: playText(d.played) })
      : t("review.spokenDecision", { name, decision: decisionText(d) }),
  ];
  if (d.mark) parts.push(t("review.spokenMarked", { mark: markWords(d.mark), amount: errorAmount(d, unitOf(d, unit)) }));
  if (d.best && d.best !== d.played) parts.push(t("review.spokenBest", { best: bestText(d) }));
  if (d.luck_mark) parts.push(t("review.spokenLuck", { luck: luckWords(d.luck_mark) }));
  return parts.join(" ");
}

/** @param {number | undefined} x */
const percent = (x) => (typeof x === "number" ? decimal(x * 100, 1, { percent: true }) : "—");

/**
 * A candidate's chances as gnubg lists them, in per cent: win, win a gammon, win a backgammon – lose, lose a gammon,
 * lose a backgammon; `words` spells them out (for screen readers).
 * @param {Record<string, any>} p @param {boolean} [words]
 */
export function chancesText(p, words = false) {
  if (typeof p.win !== "number") return "";
  const lose = 1 - p.win;
  if (words) {
    return t("review.chancesWords", {
      win: percent(p.win), winGammon: percent(p.win_gammon), winBackgammon: percent(p.win_backgammon),
      lose: percent(lose), loseGammon: percent(p.lose_gammon), loseBackgammon: percent(p.lose_backgammon),
    });
  }
  const n = (/** @type {number | undefined} */ x) => (typeof x === "number" ? decimal(x * 100, 1) : "—");
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
  table.append(node("caption", t("review.playsCaption", { name: who })));
  const head = node("tr");
  for (const text of ["", t("review.playHeading"), equityHeading(unit), t("review.diffHeading")]) {
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
    const rank = node("td", decimal(i + 1, 0));
    const cell = node("td");
    const pick = /** @type {HTMLButtonElement} */ (node("button", playText(p.play), "candidate"));
    pick.type = "button";
    pick.dataset.candidate = String(i);
    pick.setAttribute("aria-pressed", String(options.chosen === i));
    cell.append(pick);
    if (p.played) cell.append(node("span", ` ${t("review.playedTag")}`, "tag"));
    const equity = figure(equityIn(d, p.equity, unit), unit);
    const diff = i === 0 ? "" : figure(differenceIn(d, p.difference, unit), unit, { signed: true });
    tr.append(rank, cell, node("td", equity), node("td", diff));
    const chances = node("tr", "", `chances-row${p.played ? " played" : ""}${options.chosen === i ? " chosen" : ""}`);
    const text = /** @type {HTMLTableCellElement} */ (node("td", t("review.chancesPly", { chances: chancesText(p), plies: p.plies ?? 0 })));
    text.colSpan = 4;
    text.setAttribute("aria-label", t("review.chancesPlyWords", { chances: chancesText(p, true), plies: p.plies ?? 0 }));
    chances.append(text);
    table.append(tr, chances);
  }
  wrap.append(table);
  if (d.plays.length > FIRST_PLAYS) {
    const more = /** @type {HTMLButtonElement} */ (node("button", options.allPlays ? t("review.showBest", { n: FIRST_PLAYS }) : t("review.showAll", { n: d.plays.length }), "small more-plays"));
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
  legend.append(`${t("review.onTheBoard")} `);
  items.forEach((item, i) => {
    if (i) legend.append(`${t("review.legendSeparator")} `);
    legend.append(node("span", "", `swatch ${item.kind}`), ` ${item.words}`);
  });
  if (chosen !== null) legend.append(` ${t("review.chooseAgain")}`);
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
  for (const text of ["", equityHeading(unit), t("review.diffHeading")]) {
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
  const table = equityTable("resign-table", t("review.resignCaption", { name: resigner, unit: unitName(unit) }), unit);
  const points = t("review.points", { n: Number(c.points) || 0 });
  const right = c.action === "resign" ? "resign" : "play_on";
  for (const [key, label] of [["play_on", t("review.playOn")], ["resign", t("review.resignRow", { size: sizeOf(d), points })]]) {
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

/** The three cube actions of the cube table, by their keys in `cube_equities`, and their words' messages. */
export const CUBE_OPTIONS = Object.freeze([["no_double", "review.cubeNoDouble"], ["double_take", "review.cubeDoubleTake"], ["double_pass", "review.cubeDoublePass"]]);

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
  const action = { double: "double", no_double: "nodouble", too_good: "toogood" }[/** @type {"double"} */ (c.action)] ?? String(c.action);
  const answer = String(c.response ?? "take");
  const choice = CHOICES[/** @type {"take"} */ (d.played)] ?? "other";
  const what = decisionText(d);
  const cost = Number(d.error) > 0
    ? t("review.choiceCost", { choice, what, amount: costAmount(d, unit) })
    : t("review.choiceRight", { choice, what });
  return `${t("review.cubeVerdict", { action, answer })} ${cost}`;
}

/**
 * The three cube equities for the side that may double, each with its distance from the right action, in the unit;
 * the error of the choice made in the same unit as a checker play's.
 * @param {Record<string, any>} d @param {string[]} names @param {Unit} unit
 */
function cubeTable(d, names, unit) {
  const c = d.cube_equities;
  const doubler = names[d.turn] ?? "";
  const table = equityTable("cube-table", t("review.cubeCaption", { name: doubler, unit: unitName(unit) }), unit);
  const right = rightCubeAction(c);
  for (const [key, label] of CUBE_OPTIONS) {
    const tr = node("tr", "", key === right ? "best-row" : "");
    const th = node("th", t(/** @type {"review.cubeNoDouble"} */ (label)));
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
