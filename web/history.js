// @ts-check
/**
 * The local history of finished matches: every match that ends (`match_over`) is added as one entry, with the
 * analysis figures once the match has been analysed. Kept by storage.js (`<namespace>.history.v1`, versioned,
 * unreadable data set aside under a backup key and reported); exported as a JSON file. Loaded on first use (the end
 * of a match, the statistics view), so the page's start does not pay for it.
 *
 * An entry (version 1):
 * ```
 * {id, finishedAt, matchLength, players: [{name, kind, level?}, …], you: 0 | 1 | null,
 *  opponent: {kind: "computer", level} | {kind: "human"} | null, score: [a, b], winner: 0 | 1,
 *  games: [{winner, points, kind: "single" | "gammon" | "backgammon", ending}], fromSetup,
 *  analysis: null | {depth, players: [{overall_error_rate, chequer_error_rate, cube_error_rate, pr, rating}, …]}}
 * ```
 * `id` names the finished record (analysis-data.js `recordFingerprint`), which is also how its analysis is found.
 * `you` is the side whose results the statistics count: the person against the computer, the first player (player
 * 0) in a match between two people, none between two computers.
 */
import { recordFingerprint } from "./analysis-data.js";
import { createHistoryStorage } from "./storage.js";

/** @typedef {Record<string, any>} HistoryEntry */

const KINDS = new Set(["single", "gammon", "backgammon"]);
const LEVELS = new Set(["beginner", "intermediate", "expert"]);

/**
 * The entry for a finished match.
 * @param {Record<string, any>} record the match record @param {Record<string, any>} view its view (match_over)
 * @param {Date} [now]
 * @returns {HistoryEntry}
 */
export function entryFromMatch(record, view, now = new Date()) {
  const players = (view.players ?? record.players ?? []).slice(0, 2).map((/** @type {any} */ p) => {
    /** @type {Record<string, unknown>} */
    const player = { name: String(p?.name ?? ""), kind: p?.kind === "computer" ? "computer" : "human" };
    if (player.kind === "computer") player.level = LEVELS.has(p?.level) ? p.level : "intermediate";
    return player;
  });
  const computers = players.map((/** @type {any} */ p) => p.kind === "computer");
  const you = computers[0] && computers[1] ? null : computers[0] ? 1 : 0;
  const other = you === null ? null : players[1 - you];
  const games = (view.notation?.games ?? [])
    .map((/** @type {any} */ g) => g?.result)
    .filter((/** @type {any} */ r) => r && (r.winner === 0 || r.winner === 1))
    .map((/** @type {any} */ r) => ({ winner: r.winner, points: Number(r.points) || 0, kind: KINDS.has(r.kind) ? r.kind : "single", ending: String(r.ending ?? "") }));
  return {
    id: recordFingerprint(record),
    finishedAt: now.toISOString(),
    matchLength: Number(view.settings?.match_length ?? record.settings?.match_length ?? 0),
    players,
    you,
    opponent: other ? (other.kind === "computer" ? { kind: "computer", level: other.level } : { kind: "human" }) : null,
    score: [Number(view.score?.[0] ?? 0), Number(view.score?.[1] ?? 0)],
    winner: view.match_winner === 1 ? 1 : 0,
    games,
    fromSetup: Boolean(record.setup),
    analysis: null,
  };
}

/**
 * The figures of an analysis (docs/analysis.md) the history keeps: per player, the error rates, PR and rating label.
 * @param {Record<string, any>} analysis
 */
export function analysisFigures(analysis) {
  const pick = (/** @type {any} */ p) => ({
    overall_error_rate: Number(p?.overall_error_rate ?? 0),
    chequer_error_rate: Number(p?.chequer_error_rate ?? 0),
    cube_error_rate: Number(p?.cube_error_rate ?? 0),
    pr: Number(p?.pr ?? 0),
    rating: String(p?.rating ?? ""),
  });
  return { depth: Number(analysis?.depth ?? 0), players: (analysis?.players ?? []).slice(0, 2).map(pick) };
}

/**
 * Whether a stored entry has what the statistics read; others are kept as they are but left out (and counted).
 * @param {unknown} e
 * @returns {e is HistoryEntry}
 */
export function isEntry(e) {
  const x = /** @type {any} */ (e);
  return Boolean(x) && typeof x === "object" && typeof x.id === "string" && typeof x.finishedAt === "string"
    && Number.isInteger(x.matchLength) && Array.isArray(x.players) && x.players.length === 2
    && (x.you === 0 || x.you === 1 || x.you === null) && (x.winner === 0 || x.winner === 1)
    && Array.isArray(x.score) && Array.isArray(x.games);
}

/**
 * The history of one storage namespace ("backgammon", or "backgammon-test" in test mode).
 * @param {string} namespace
 */
export function openHistory(namespace) {
  const storage = createHistoryStorage({ namespace });

  /**
   * Add a finished match (once: an entry with the same id is not added again).
   * @param {Record<string, any>} record @param {Record<string, any>} view
   * @returns {string | null} what the player should be told (the history could not be read or saved), or null
   */
  function addMatch(record, view) {
    const list = storage.entries();
    const problem = storage.takeProblem();
    const entry = entryFromMatch(record, view);
    if (list.some((e) => /** @type {any} */ (e)?.id === entry.id)) return problem;
    const saved = storage.write([...list, entry]);
    if (!saved.ok) return [problem, `This match could not be added to your history: ${saved.error}.`].filter(Boolean).join(" ");
    return problem;
  }

  /**
   * Keep the figures of an analysis with the match it covers (the whole finished record), if that match is in the
   * history. @param {{fingerprint: string, analysis: Record<string, any>}} saved
   */
  function addAnalysis({ fingerprint, analysis }) {
    if (!analysis || analysis.complete === false) return;
    const list = storage.entries();
    const at = list.findIndex((e) => /** @type {any} */ (e)?.id === fingerprint);
    if (at < 0) return;
    const next = [...list];
    next[at] = { .../** @type {object} */ (list[at]), analysis: analysisFigures(analysis) };
    storage.write(next);
  }

  /**
   * The entries as the statistics read them, after taking in the analyses still kept apart (an analysis made before
   * this module watched them, e.g. in another tab).
   * @param {{find: (matches: (entry: any) => boolean) => any} | null} [analyses] storage.js createAnalysisStorage
   * @returns {{entries: HistoryEntry[], unreadable: number, problem: string | null}}
   */
  function read(analyses = null) {
    let list = storage.entries();
    const problem = storage.takeProblem();
    if (analyses) {
      let changed = false;
      list = list.map((e) => {
        if (!isEntry(e) || e.analysis) return e;
        const kept = analyses.find((a) => a.fingerprint === e.id && a.analysis?.complete !== false);
        if (!kept) return e;
        changed = true;
        return { ...e, analysis: analysisFigures(kept.analysis) };
      });
      if (changed) storage.write(list);
    }
    const entries = list.filter(isEntry);
    return { entries, unreadable: list.length - entries.length, problem };
  }

  return { key: storage.key, addMatch, addAnalysis, read, exportText: storage.exportText };
}

/**
 * The analyses storage, with every analysis saved also offered to the history (review mode saves them).
 * @template {{save: (entry: any, replaces?: any) => any}} T
 * @param {T} analyses @param {string} namespace
 * @returns {T}
 */
export function watchAnalyses(analyses, namespace) {
  const history = openHistory(namespace);
  return {
    ...analyses,
    save: (/** @type {any} */ entry, /** @type {any} */ replaces) => {
      const result = analyses.save(entry, replaces);
      history.addAnalysis(entry);
      return result;
    },
  };
}
