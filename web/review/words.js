// @ts-check
/**
 * The words review writes about a player's figures: counts with their nouns ("1 decision", "2 decisions"), gnubg's
 * rating and luck labels where there is something to rate, the verdict said when an analysis is done, and what it says
 * of a resignation and its answer. Pure functions, no DOM, checked under Node.
 */

import { formatNumber } from "./analysis-data.js";
import { costAmount } from "./units.js";

/** @typedef {import("./units.js").Unit} Unit */

/**
 * `count` with its noun, in the singular for one: `plural(1, "decision")` is "1 decision".
 * @param {number} count @param {string} noun @param {string} [nouns]  the plural, when it is not noun + "s"
 */
export function plural(count, noun, nouns = `${noun}s`) {
  return `${count} ${count === 1 ? noun : nouns}`;
}

/**
 * How many decisions a player's error rate is taken over: unforced moves and close cube decisions (docs/analysis.md).
 * @param {Record<string, any> | null | undefined} p  one player's figures
 */
export function judgedDecisions(p) {
  return (Number(p?.unforced_moves) || 0) + (Number(p?.close_cube_decisions) || 0);
}

/**
 * Whether the player made a decision that counts in an error rate: a match resigned before any has nothing to rate,
 * and its rate of 0.0 is no perfect score.
 * @param {Record<string, any> | null | undefined} p
 */
export function hasJudgedDecisions(p) {
  return judgedDecisions(p) > 0;
}

/**
 * gnubg's luck label in review's words: its neutral "None" (and the "n/a" of a player without a roll) say nothing.
 * @param {string | null | undefined} label
 */
export function luckLabel(label) {
  return !label || label === "None" || label === "n/a" ? "" : label;
}

/**
 * A rating label to end a sentence with: "Awful!" already ends with its mark, "Expert" takes a full stop.
 * @param {string} text
 */
export function sentence(text) {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * Each player's error rate and rating in a sentence; a player with no decision to judge is said so.
 * @param {Record<string, any>} a the analysis @param {string[]} names
 * @param {(p: Record<string, any>) => string} rate  a player's error rate with its unit
 */
export function verdict(a, names, rate) {
  return (a.players ?? [])
    .map((/** @type {any} */ p, /** @type {number} */ i) => {
      const who = names[i] ?? p.name;
      if (!hasJudgedDecisions(p)) return `${who}: no decision to judge.`;
      return `${who}: error rate ${rate(p)}, ${sentence(String(p.rating ?? ""))}`;
    })
    .join(" ");
}

/**
 * The verdict on a resignation or its answer in a player's words: which is worth more, playing on or the points given
 * up, so what each side should have done, and what the choice made cost.
 * @param {Record<string, any>} d @param {string} resigner @param {string} answerer @param {string} points
 * @param {Unit} unit
 */
export function resignVerdict(d, resigner, answerer, points, unit) {
  const c = d.resign_equities;
  const accept = c.response === "accept";
  const choice = d.kind === "resign" ? "Resigning" : d.played === "reject" ? "Rejecting" : "Accepting";
  const cost = Number(d.error) > 0 ? `${choice} cost ${costAmount(d, unit)}.` : `${choice} was right.`;
  if (d.kind === "resign") {
    const why = c.action === "resign"
      ? `Playing on is worth no more to ${resigner} than the ${points} given up: resigning is right, and ${answerer} should ${accept ? "accept" : "reject it, as playing on wins more"}.`
      : `${resigner}'s game is worth more than the ${points} given up: ${resigner} should play on (and ${answerer} would be right to accept).`;
    return `${why} ${cost}`;
  }
  const why = accept
    ? `The resignation gives ${answerer} ${points}, at least what playing on is worth: ${answerer} should accept.`
    : `Playing on is worth more to ${answerer} than the ${points} offered: ${answerer} should reject.`;
  return `${why} ${cost}`;
}

/**
 * Whether a player offered or answered a resignation.
 * @param {Record<string, any>} p
 */
export const resigned = (p) => (Number(p?.resignations) || 0) + (Number(p?.resignation_answers) || 0) > 0;

/**
 * A player's resignations and answers to them, how many were wrong and what they cost in all (in the unit: mEMG, or in
 * a match per cent of match chance); kept out of the error rates as gnubg keeps them.
 * @param {Record<string, any>} p @param {Unit} unit @param {boolean} match
 */
export function resignationsCell(p, unit, match) {
  if (!resigned(p)) return "—";
  const parts = [];
  const offered = Number(p.resignations) || 0;
  const answered = Number(p.resignation_answers) || 0;
  if (offered) parts.push(`${offered} offered, ${Number(p.wrong_resignations) || 0} wrong`);
  if (answered) parts.push(`${answered} answered, ${(Number(p.wrong_accepts) || 0) + (Number(p.wrong_rejects) || 0)} wrong`);
  const lost = unit === "mwc" && match ? `${formatNumber(p.mwc?.resignation_error_total ?? 0, 2)}% MWC` : `${formatNumber(p.resignation_error_total ?? 0)} mEMG`;
  return `${parts.join("; ")} (${lost} lost)`;
}

/**
 * The score of a finished match and who won it: "Ann won it 3–1", and when the score passed the match's length (a
 * gammon, or a high cube), that it may, so that "12–0" in a 3-point match reads as what it is.
 * @param {string[]} names @param {number[]} score @param {number} length @param {number | null | undefined} winner
 */
export function finishedWords(names, score, length, winner) {
  const [a, b] = [Number(score[0]) || 0, Number(score[1]) || 0];
  const won = winner === 0 || winner === 1 ? winner : a >= b ? 0 : 1;
  const beyond = length && Math.max(a, b) > length ? ` (a ${length}-point match ends at ${length} or more: the last game's points all count)` : "";
  return `${names[won] ?? ""} won it ${won === 0 ? a : b}–${won === 0 ? b : a}${beyond}.`;
}

/**
 * Which match review shows, in a line: the match in progress, a finished one (with its result), or one opened from a
 * file (finished or not; the match in progress then stays as it is).
 * @param {string[]} names
 * @param {{name: string, summary: Record<string, any>} | null} imported  a match opened from a file
 * @param {Record<string, any> | null} current  the view of the match in progress, when it is the one reviewed
 */
export function sourceText(names, imported, current) {
  const players = names.join(" against ");
  const lengthWords = (/** @type {number} */ n) => `a ${n}-point match`;
  if (imported) {
    const s = imported.summary ?? {};
    const length = Number(s.match_length) || 0;
    const games = plural(Number(s.games) || 0, "game");
    const what = length ? `${lengthWords(length)} of ${games}` : `a money session of ${games}`;
    const score = (s.score ?? [0, 0]);
    const state = s.finished
      ? `a finished ${length ? "match" : "session"}, ${players}, ${what}. ${finishedWords(names, score, length, null)}`
      : `a ${length ? "match" : "session"} not finished, ${players}, ${what}, score ${score.join("–")}.`;
    return `Opened from ${imported.name}: ${state} Your match in progress is unchanged.`;
  }
  const length = Number(current?.settings?.match_length) || 0;
  const score = current?.score ?? [0, 0];
  if (current?.phase === "match_over") {
    return `A finished match: ${players}, ${lengthWords(length)}. ${finishedWords(names, score, length, current.match_winner)}`;
  }
  if (!current) return `The match in progress: ${players}.`;
  return length
    ? `The match in progress: ${players}, ${lengthWords(length)}, score ${score.join("–")}.`
    : `The money session in progress: ${players}, score ${score.join("–")}.`;
}

/**
 * Why a match's luck can favour one player in EMG and the other in MWC: both are GNU Backgammon's figures (its MWC
 * luck is each roll's EMG luck through the match's chances at that cube and score), weighed differently.
 */
export const LUCK_UNITS_NOTE =
  "Luck in EMG and in MWC can favour different players, and both are right: EMG counts each roll's luck as if the cube were on 1, " +
  "while MWC counts what it changed of the chance to win the match, so a roll weighs more when the cube is high or the game decides the match.";
