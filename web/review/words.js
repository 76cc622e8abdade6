// @ts-check
/**
 * The words review writes about a player's figures, from the catalogues (docs/i18n.md): gnubg's rating and luck labels
 * where there is something to rate (the analysis gives them in English: mapped to messages here), the verdict said
 * when an analysis is done, what it says of a resignation and its answer, and which match it is. Pure functions, no
 * DOM, checked under Node.
 */

import { decimal, t } from "../i18n/i18n.js";
import { formatNumber } from "./analysis-data.js";
import { costAmount } from "./units.js";

/** @typedef {import("./units.js").Unit} Unit */

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
  return !label || label === "None" || label === "n/a" ? "" : labelWords(label);
}

/** gnubg's rating and luck labels (the analysis gives them in English) and their messages. */
const LABEL_IDS = Object.freeze({
  "Awful!": "rating.awful", Beginner: "rating.beginner", "Casual player": "rating.casual", Intermediate: "rating.intermediate",
  Advanced: "rating.advanced", Expert: "rating.expert", "World class": "rating.worldClass", Supernatural: "rating.supernatural",
  "Go to Las Vegas": "luck.lasVegas", "Good dice, man!": "luck.goodDice", "Go to bed": "luck.goToBed", "Bad dice, man!": "luck.badDice",
});

/**
 * One of gnubg's rating or luck labels in the language's words; another label as it is.
 * @param {string} label
 */
export function labelWords(label) {
  const id = LABEL_IDS[/** @type {keyof typeof LABEL_IDS} */ (label)];
  return id ? t(/** @type {"rating.expert"} */ (id)) : label;
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
      if (!hasJudgedDecisions(p)) return t("review.verdictNone", { name: who });
      return t("review.verdictRate", { name: who, rate: rate(p), rating: sentence(labelWords(String(p.rating ?? ""))) });
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
  const choice = d.kind === "resign" ? "resign" : d.played === "reject" ? "reject" : "accept";
  const cost = Number(d.error) > 0
    ? t("review.choiceCost", { choice, what: choice, amount: costAmount(d, unit) })
    : t("review.choiceRight", { choice, what: choice });
  const names = { resigner, answerer, points };
  if (d.kind === "resign") {
    const why = c.action === "resign"
      ? t(accept ? "review.resignRightAccept" : "review.resignRightReject", names)
      : t("review.resignWrong", names);
    return `${why} ${cost}`;
  }
  const why = accept ? t("review.acceptRight", names) : t("review.rejectRight", names);
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
  const offered = Number(p.resignations) || 0;
  const answered = Number(p.resignation_answers) || 0;
  const offeredWrong = Number(p.wrong_resignations) || 0;
  const answeredWrong = (Number(p.wrong_accepts) || 0) + (Number(p.wrong_rejects) || 0);
  const lost = unit === "mwc" && match
    ? t("review.lostMwc", { figure: decimal(Number(p.mwc?.resignation_error_total ?? 0), 2, { percent: true }) })
    : t("review.lostEmg", { figure: formatNumber(p.resignation_error_total ?? 0) });
  if (offered && answered) return t("review.resignBoth", { offered, offeredWrong, answered, answeredWrong, lost });
  if (offered) return t("review.resignOffered", { offered, wrong: offeredWrong, lost });
  return t("review.resignAnswered", { answered, wrong: answeredWrong, lost });
}

/**
 * The score of a finished match and who won it: "Ann won it 3–1", and when the score passed the match's length (a
 * gammon, or a high cube), that it may, so that "12–0" in a 3-point match reads as what it is.
 * @param {string[]} names @param {number[]} score @param {number} length @param {number | null | undefined} winner
 */
export function finishedWords(names, score, length, winner) {
  const [a, b] = [Number(score[0]) || 0, Number(score[1]) || 0];
  const won = winner === 0 || winner === 1 ? winner : a >= b ? 0 : 1;
  const args = { name: names[won] ?? "", a: won === 0 ? a : b, b: won === 0 ? b : a, length };
  return length && Math.max(a, b) > length ? t("review.wonItBeyond", args) : t("review.wonIt", args);
}

/**
 * Which match review shows, in a line: the match in progress, a finished one (with its result), or one opened from a
 * file (finished or not; the match in progress then stays as it is).
 * @param {string[]} names
 * @param {{name: string, summary: Record<string, any>} | null} imported  a match opened from a file
 * @param {Record<string, any> | null} current  the view of the match in progress, when it is the one reviewed
 */
export function sourceText(names, imported, current) {
  const players = { white: names[0] ?? "", black: names[1] ?? "" };
  if (imported) {
    const s = imported.summary ?? {};
    const length = Number(s.match_length) || 0;
    const games = Number(s.games) || 0;
    const [a, b] = (s.score ?? [0, 0]).map((/** @type {unknown} */ x) => Number(x) || 0);
    const args = { ...players, file: imported.name, length, games, a, b };
    if (s.finished) {
      const result = finishedWords(names, s.score ?? [0, 0], length, null);
      return t(length ? "review.sourceFileMatchFinished" : "review.sourceFileSessionFinished", { ...args, result });
    }
    return t(length ? "review.sourceFileMatch" : "review.sourceFileSession", args);
  }
  const length = Number(current?.settings?.match_length) || 0;
  const [a, b] = (current?.score ?? [0, 0]).map((/** @type {unknown} */ x) => Number(x) || 0);
  if (current?.phase === "match_over") {
    const result = finishedWords(names, current.score ?? [0, 0], length, current.match_winner);
    return t("review.sourceFinished", { ...players, length, result });
  }
  if (!current) return t("review.sourceCurrent", players);
  return length
    ? t("review.sourceCurrentMatch", { ...players, length, a, b })
    : t("review.sourceCurrentMoney", { ...players, a, b });
}

/**
 * Why a match's luck can favour one player in EMG and the other in MWC: both are GNU Backgammon's figures (its MWC
 * luck is each roll's EMG luck through the match's chances at that cube and score), weighed differently.
 */
export const luckUnitsNote = () => t("review.luckUnits");
