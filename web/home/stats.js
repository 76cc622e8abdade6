// @ts-check
/**
 * The statistics of a match history (web/home/history.js entries), from the side counted as "you" in each entry: matches
 * and games won and lost against each computer level and against people, gammons and backgammons, the average error
 * rate of the analysed matches in which you made a decision to judge, and the rating (web/home/rating.js). Pure functions, tested under Node.
 */
import { ratingSeries, START_RATING } from "./rating.js";

/** @typedef {Record<string, any>} HistoryEntry */

export const OPPONENTS = Object.freeze([
  { key: "beginner", words: "stats.beginner" },
  { key: "intermediate", words: "stats.intermediate" },
  { key: "expert", words: "stats.expert" },
  { key: "world_class", words: "stats.worldClass" },
  { key: "human", words: "stats.people" },
  { key: "friend", words: "stats.friends" },
]);

/**
 * @typedef {{key: string, words: string, matchesWon: number, matchesLost: number, gamesWon: number, gamesLost: number,
 *   gammonsWon: number, gammonsLost: number, backgammonsWon: number, backgammonsLost: number}} Row
 */

/** @param {string} key @param {string} words the row's name: a message id (web/i18n) @returns {Row} */
function emptyRow(key, words) {
  return { key, words, matchesWon: 0, matchesLost: 0, gamesWon: 0, gamesLost: 0, gammonsWon: 0, gammonsLost: 0, backgammonsWon: 0, backgammonsLost: 0 };
}

/** @param {HistoryEntry} entry */
function opponentKey(entry) {
  if (entry.opponent?.kind === "human") return entry.opponent.remote === true ? "friend" : "human";
  if (entry.opponent?.kind === "computer") return String(entry.opponent.level);
  return null;
}

/**
 * @param {HistoryEntry[]} entries oldest first
 */
export function summarize(entries) {
  const rows = OPPONENTS.map(({ key, words }) => emptyRow(key, words));
  const total = emptyRow("total", "stats.all");
  /** @type {number[]} */
  const errorRates = [];
  /** @type {number[]} */
  const prs = [];
  for (const entry of entries) {
    const key = opponentKey(entry);
    const row = rows.find((r) => r.key === key);
    if (!row || (entry.you !== 0 && entry.you !== 1)) continue;
    const you = entry.you;
    for (const r of [row, total]) {
      if (entry.winner === you) r.matchesWon += 1;
      else r.matchesLost += 1;
      for (const game of entry.games ?? []) {
        const won = game.winner === you;
        if (won) r.gamesWon += 1;
        else r.gamesLost += 1;
        if (game.kind === "gammon") won ? (r.gammonsWon += 1) : (r.gammonsLost += 1);
        if (game.kind === "backgammon") won ? (r.backgammonsWon += 1) : (r.backgammonsLost += 1);
      }
    }
    const figures = entry.analysis?.players?.[you];
    // A match resigned before any decision of yours has no error rate: its 0.0 is no perfect score. Entries kept
    // before the counts were kept have none: their rate counts, as it always did.
    const counted = Number.isFinite(figures?.unforced_moves) && Number.isFinite(figures?.close_cube_decisions);
    const judged = counted ? figures.unforced_moves + figures.close_cube_decisions : 1;
    if (figures && Number.isFinite(figures.overall_error_rate) && judged > 0) {
      errorRates.push(figures.overall_error_rate);
      if (Number.isFinite(figures.pr)) prs.push(figures.pr);
    }
  }
  const series = ratingSeries(entries);
  const last = series[series.length - 1];
  const mean = (/** @type {number[]} */ xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  return {
    rows,
    total,
    analysed: errorRates.length,
    averageErrorRate: mean(errorRates),
    averagePr: mean(prs),
    rating: last ? last.rating : START_RATING,
    experience: last ? last.experience : 0,
    series,
  };
}
