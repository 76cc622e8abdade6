// @ts-check
/**
 * Reading a match analysis (docs/analysis.md) for the page: the decisions in order, the board view of each one, the
 * words and marks of the move list, the points of the chart, and which record an analysis belongs to. Pure
 * functions, no DOM, no storage, so they can be checked under Node.
 */
import { rollFigures } from "../dice-words.js";
import { decimal, isolated, t } from "../i18n/i18n.js";
import { rowNumbers } from "../move-numbers.js";
import { countActions } from "../record.js";

/** @typedef {Record<string, any>} Analysis  the analysis record of docs/analysis.md */
/** @typedef {Record<string, any>} Decision  one of `analysis.games[g].decisions` */
/** @typedef {import("../record.js").MatchRecord} MatchRecord */
/**
 * One decision with where it sits in the match: `at` its place in the whole list, `game` the index of its game,
 * `number` its move number, the row of the game's .mat file it is part of (web/move-numbers.js; null: none).
 * @typedef {{at: number, game: number, gameNumber: number, score: number[], number: number | null, decision: Decision}} Step
 */

export const MARKS = Object.freeze({ doubtful: "?!", bad: "?", very_bad: "??" });
/** The marks' words, by mark: message ids. */
const MARK_IDS = Object.freeze({ doubtful: "mark.doubtful", bad: "mark.bad", very_bad: "mark.veryBad" });
export const LUCK_MARKS = Object.freeze({ very_lucky: "++", lucky: "+", unlucky: "−", very_unlucky: "−−" });
/** The luck marks' words, by mark: message ids. */
const LUCK_IDS = Object.freeze({ very_lucky: "luck.veryLucky", lucky: "luck.lucky", unlucky: "luck.unlucky", very_unlucky: "luck.veryUnlucky" });

/**
 * An error mark in the language's words ("very bad"); an unknown mark as it is.
 * @param {string} mark
 */
export function markWords(mark) {
  const id = MARK_IDS[/** @type {keyof typeof MARK_IDS} */ (mark)];
  return id ? t(/** @type {"mark.bad"} */ (id)) : mark;
}

/**
 * A luck mark in the language's words ("very lucky"); an unknown mark as it is.
 * @param {string} mark
 */
export function luckWords(mark) {
  const id = LUCK_IDS[/** @type {keyof typeof LUCK_IDS} */ (mark)];
  return id ? t(/** @type {"luck.lucky"} */ (id)) : mark;
}

/**
 * How an analysis stands against the record now: `stale` when the match went on after it.
 * @param {Analysis} analysis @param {MatchRecord} record
 */
export function coverage(analysis, record) {
  const covered = Number(analysis?.actions) || 0;
  const total = countActions(record);
  return { covered, total, stale: covered < total };
}

/**
 * Whether review shows a decision: every move, take, double, resignation and answer to one; a "no double" only when
 * it was close or marked (as GNU Backgammon's list does), or every turn would carry one.
 * @param {Decision} d
 */
export function worthShowing(d) {
  return d.kind !== "double" || d.played === "double" || Boolean(d.mark) || Boolean(d.close);
}

/**
 * Whether a decision is a cell of the .mat file: a move (a roll not played too), a double, an answer to it. Not
 * doubling, resigning and answering a resignation are not.
 * @param {Decision} d
 */
function isCell(d) {
  return d.kind === "move" || d.kind === "take" || (d.kind === "double" && d.played === "double");
}

/**
 * The decisions of the analysis that review shows (`worthShowing`), in match order.
 * @param {Analysis | null | undefined} analysis
 * @returns {Step[]}
 */
export function stepsOf(analysis) {
  /** @type {Step[]} */
  const steps = [];
  (analysis?.games ?? []).forEach((/** @type {any} */ game, /** @type {number} */ g) => {
    /** @type {Decision[]} */
    const decisions = game?.decisions ?? [];
    const numbers = rowNumbers(decisions.map((d) => ({ player: d.player, cell: isCell(d) })));
    decisions.forEach((decision, i) => {
      if (!worthShowing(decision)) return;
      const where = { game: g, gameNumber: game.number ?? g + 1, score: game.score ?? [0, 0], number: numbers[i] };
      steps.push({ at: steps.length, ...where, decision });
    });
  });
  return steps;
}

/**
 * Pip counts of an absolute board: player 0 moves towards point 1, player 1 towards point 24.
 * @param {{points: number[], bar: number[]}} board
 */
export function pipsOf(board) {
  const pips = [0, 0];
  (board?.points ?? []).forEach((n, i) => {
    if (n > 0) pips[0] += n * (i + 1);
    else if (n < 0) pips[1] += -n * (24 - i);
  });
  pips[0] += 25 * (board?.bar?.[0] ?? 0);
  pips[1] += 25 * (board?.bar?.[1] ?? 0);
  return pips;
}

/**
 * The view the board draws for a decision: the position before it, the dice of a move, the cube (offered, for a take).
 * @param {Step} step @param {MatchRecord | null} record players and settings
 * @param {number | null} [matchLength]
 */
export function decisionView(step, record, matchLength = null) {
  const d = step.decision;
  const players = (record?.players ?? [{ name: "White" }, { name: "Black" }]).map((/** @type {any} */ p) => ({
    name: p?.name ?? "", kind: "human",
  }));
  const settings = { ...(record?.settings ?? {}), match_length: matchLength ?? record?.settings?.match_length ?? 0 };
  // a resignation made after the roll shows its dice (the board is the turn's start)
  const move = d.kind === "move" || (isResignation(d) && Array.isArray(d.dice));
  const take = d.kind === "take";
  const cube = {
    value: d.cube?.value ?? 1, owner: d.cube?.owner ?? null, may_double: false,
    offered_by: take ? d.turn : null, offered_value: take ? (d.cube?.value ?? 1) * 2 : null, dead: false,
  };
  return {
    players, settings, board: d.board, turn: d.turn, decision: d.player, game_number: step.gameNumber,
    phase: move ? "move" : take ? "doubled" : "cube",
    dice: move && Array.isArray(d.dice) ? d.dice : [],
    dice_remaining: move && Array.isArray(d.dice) ? d.dice : [],
    opponent_dice: [], moves_made: [], dests: {}, can_undo: false, can_confirm: false,
    cube, score: step.score, pips: pipsOf(d.board), position_id: d.position_id, match_id: d.match_id ?? "",
  };
}

/**
 * Whether `d` is a resignation offered (`resign`) or the answer to one (`accept`: accepted or rejected).
 * @param {Decision} d
 */
export function isResignation(d) {
  return d.kind === "resign" || d.kind === "accept";
}

/**
 * The size of the resignation of `d`, as the messages' `size` select takes it: single, gammon, backgammon (other: the
 * game).
 * @param {Decision} d
 */
export function sizeOf(d) {
  return String(d.resign_equities?.size ?? "other");
}

/**
 * A play in the move notation, the same in every language (`13/8 13/11`, `bar/22`), but for a roll that could not be
 * played: the analysis's "pass" in the language's words.
 * @param {string | null | undefined} play
 */
export function playText(play) {
  return play === "pass" ? t("review.pass") : isolated(String(play ?? ""));
}

/**
 * The decision in move-list words (the roll higher die first): `52: 13/8 13/11`, `Doubles`, `No double`, `Takes`, `Drops`, `Beavers`,
 * `Resigns a gammon`, `Accepts the resignation`, `Rejects the resignation`.
 * @param {Decision} d
 */
export function decisionText(d) {
  if (d.kind === "move") {
    return d.played ? `${isolated(rollFigures(d.dice))}: ${playText(d.played)}` : `${isolated(rollFigures(d.dice))}:`;
  }
  if (d.kind === "double") return d.played === "double" ? t("review.doubles") : t("review.noDouble");
  if (d.kind === "resign") return t("review.resigns", { size: sizeOf(d) });
  if (d.kind === "accept") return d.played === "reject" ? t("review.rejects") : t("review.accepts");
  if (d.played === "take") return t("review.takes");
  if (d.played === "drop") return t("review.drops");
  if (d.played === "beaver") return t("review.beavers");
  return String(d.played ?? "");
}

/** @param {string | null | undefined} mark */
export const markSymbol = (mark) => (mark ? MARKS[/** @type {keyof typeof MARKS} */ (mark)] ?? "" : "");
/** @param {string | null | undefined} mark */
export const luckSymbol = (mark) => (mark ? LUCK_MARKS[/** @type {keyof typeof LUCK_MARKS} */ (mark)] ?? "" : "");

/**
 * An equity in EMG with its sign, three decimals: `+0.081`, `−0.057` (in the language's digits).
 * @param {number | null | undefined} value
 */
export function formatEquity(value) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "—";
  return decimal(value, 3, { signed: true });
}

/**
 * A figure with one decimal (mEMG, per cent): `12.3`, `−4.0` (in the language's digits).
 * @param {number | null | undefined} value @param {number} [digits]
 */
export function formatNumber(value, digits = 1) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "—";
  return decimal(value, digits);
}

/**
 * The arrows of a play for the board: `moves` in absolute coordinates.
 * @param {{moves?: {from: number | string, to: number | string}[]} | null | undefined} play
 * @param {number} player @param {string} kind @param {number} [offset]
 */
export function playArrows(play, player, kind, offset = 0) {
  return (play?.moves ?? []).map((m) => ({
    from: m.from === "bar" ? "bar" : Number(m.from),
    to: m.to === "off" ? "off" : Number(m.to),
    player, kind, offset,
  }));
}

/**
 * What the chart shows of each decision: player 0's chance (of the match in a match, else of the game), whether it is
 * marked, whether the chance moved a lot since the decision before it in the same game.
 * @param {Step[]} steps @param {boolean} match
 * @param {number} [swing] the change of chance that counts as a big swing
 */
export function chartPoints(steps, match, swing = 0.2) {
  return steps.map((step, i) => {
    const p0 = step.decision.player0 ?? {};
    const value = match && typeof p0.mwc === "number" ? p0.mwc : typeof p0.win === "number" ? p0.win : 0.5;
    const before = i > 0 && steps[i - 1].game === step.game ? steps[i - 1] : null;
    const b0 = before?.decision.player0 ?? {};
    const previous = before ? (match && typeof b0.mwc === "number" ? b0.mwc : b0.win) : null;
    const change = typeof previous === "number" ? value - previous : 0;
    return { at: i, game: step.game, value, mark: step.decision.mark ?? null, change, swing: Math.abs(change) >= swing };
  });
}
