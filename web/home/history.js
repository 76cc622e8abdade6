// @ts-check
/**
 * The local history of finished matches: every match that ends (`match_over`) is added as one entry, with the
 * analysis figures once the match has been analysed. Kept by history-store.js (`<namespace>.history.v1`, versioned,
 * unreadable data set aside under a backup key and reported); exported as a JSON file. Loaded on first use (the end
 * of a match, the statistics view), so the page's start does not pay for it.
 *
 * An entry (version 1):
 * ```
 * {id, finishedAt, matchLength, players: [{name, kind, level?}, …], you: 0 | 1 | null,
 *  opponent: {kind: "computer", level} | {kind: "human", remote?: true, rating?} | null, score: [a, b], winner: 0 | 1,
 *  games: [{winner, points, kind: "single" | "gammon" | "backgammon", ending}], fromSetup,
 *  analysis: null | {depth, players: [{overall_error_rate, chequer_error_rate, cube_error_rate, pr, rating}, …]}}
 * ```
 * `id` names the finished record (web/record.js `recordFingerprint`), which is also how its analysis is found.
 * `you` is the side whose results the statistics count: the person against the computer, the first player (player
 * 0) in a match between two people, none between two computers. A match with a friend on another device has
 * `opponent.remote`, and `opponent.rating` (the rating the friend gave) when both players agreed to rate it.
 */
import { t } from "../i18n/i18n.js";
import { recordFingerprint } from "../record.js";
import { HISTORY_VERSION, createHistoryStorage } from "./history-store.js";
import { MAX_GAMES, MAX_HISTORY_BYTES, MAX_HISTORY_ENTRIES, MAX_NAME_CHARS, depthProblem, isLevel, levelOr, sizeText } from "../limits.js";

/** @typedef {Record<string, any>} HistoryEntry */

const KINDS = new Set(["single", "gammon", "backgammon"]);

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
    if (player.kind === "computer") player.level = levelOr(p?.level, "intermediate");
    return player;
  });
  const computers = players.map((/** @type {any} */ p) => p.kind === "computer");
  // On two devices the player here is this device's seat; on one, the side the computer does not play.
  const seat = view.remote?.seat;
  const you = seat === 0 || seat === 1 ? seat : computers[0] && computers[1] ? null : computers[0] ? 1 : 0;
  const other = you === null ? null : players[1 - you];
  /** @type {Record<string, unknown> | null} */
  let opponent = other ? (other.kind === "computer" ? { kind: "computer", level: other.level } : { kind: "human" }) : null;
  if (opponent && view.remote && you !== null) {
    opponent = { kind: "human", remote: true };
    const rating = view.remote.rated ? view.remote.ratings?.[1 - you] : null;
    if (isRatingValue(rating)) opponent.rating = rating;
  }
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
    opponent,
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
  const pick = (/** @type {any} */ p) => {
    /** @type {Record<string, number | string>} */
    const figures = {
      overall_error_rate: Number(p?.overall_error_rate ?? 0),
      chequer_error_rate: Number(p?.chequer_error_rate ?? 0),
      cube_error_rate: Number(p?.cube_error_rate ?? 0),
      pr: Number(p?.pr ?? 0),
      rating: String(p?.rating ?? ""),
    };
    // How many decisions the rate is over, when the analysis says (a match resigned before any decision has no
    // rate: web/home/stats.js leaves it out of the average).
    for (const count of ["unforced_moves", "close_cube_decisions"]) {
      if (Number.isFinite(p?.[count])) figures[count] = p[count];
    }
    return figures;
  };
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

const ENDINGS = new Set(["borne_off", "dropped", "resigned"]);
const RATE_FIELDS = ["overall_error_rate", "chequer_error_rate", "cube_error_rate", "pr"];

/** A rating a friend gave for a rated match (the protocol's whole points, 0 to 9999). @param {unknown} x */
const isRatingValue = (x) => Number.isInteger(x) && /** @type {number} */ (x) >= 0 && /** @type {number} */ (x) <= 9999;
/** @param {unknown} x */
const isCount = (x) => typeof x === "number" && Number.isFinite(x) && x >= 0;
/** @param {unknown} x */
const isObject = (x) => Boolean(x) && typeof x === "object" && !Array.isArray(x);

/**
 * What is wrong with an entry read from a file, as the id of its words ("its score is missing or wrong":
 * `history.entryScore`), or null when it is a whole entry as this game writes it (stricter than isEntry, which only
 * guards the statistics against what is stored).
 * @param {unknown} e
 * @returns {keyof typeof import("../i18n/en.js").default | null}
 */
export function entryProblem(e) {
  const x = /** @type {any} */ (e);
  if (!isObject(x)) return "history.entryNotMatch";
  if (typeof x.id !== "string" || !/^\d+:[0-9a-z]+$/.test(x.id)) return "history.entryNoId";
  if (typeof x.finishedAt !== "string" || Number.isNaN(Date.parse(x.finishedAt))) return "history.entryDate";
  if (!Number.isInteger(x.matchLength) || x.matchLength < 0 || x.matchLength > 25) return "history.entryLength";
  const player = (/** @type {any} */ p) => isObject(p) && typeof p.name === "string" && p.name.length <= MAX_NAME_CHARS
    && (p.kind === "human" || (p.kind === "computer" && isLevel(p.level)));
  if (!Array.isArray(x.players) || x.players.length !== 2 || !x.players.every(player)) return "history.entryPlayers";
  if (!(x.you === 0 || x.you === 1 || x.you === null)) return "history.entryYours";
  const opponentOk = x.opponent === null || (isObject(x.opponent)
    && ((x.opponent.kind === "human" && (x.opponent.remote === undefined || x.opponent.remote === true)
      && (x.opponent.rating === undefined || (x.opponent.remote === true && isRatingValue(x.opponent.rating))))
      || (x.opponent.kind === "computer" && isLevel(x.opponent.level))));
  if (!opponentOk) return "history.entryOpponent";
  if (!Array.isArray(x.score) || x.score.length !== 2 || !x.score.every(isCount)) return "history.entryScore";
  if (!(x.winner === 0 || x.winner === 1)) return "history.entryWinner";
  const game = (/** @type {any} */ g) => isObject(g) && (g.winner === 0 || g.winner === 1) && isCount(g.points)
    && KINDS.has(g.kind) && (g.ending === "" || ENDINGS.has(g.ending));
  if (!Array.isArray(x.games) || x.games.length > MAX_GAMES || !x.games.every(game)) return "history.entryGames";
  if (typeof x.fromSetup !== "boolean") return "history.entrySetup";
  if (x.analysis !== null) {
    const figures = (/** @type {any} */ p) => isObject(p) && RATE_FIELDS.every((k) => typeof p[k] === "number" && Number.isFinite(p[k]))
      && typeof p.rating === "string";
    const a = x.analysis;
    if (!isObject(a) || !isCount(a.depth) || !Array.isArray(a.players) || a.players.length > 2 || !a.players.every(figures)) {
      return "history.entryAnalysis";
    }
  }
  return null;
}

/**
 * Read a history file (as exported: `{format: "backgammon-history", version, entries}`). Strict: one entry that is
 * not whole makes the file refused, with the reason in plain words.
 * @param {string} text
 * @returns {{ok: true, entries: HistoryEntry[]} | {ok: false, error: string}}
 */
export function readHistoryFile(text) {
  const refuse = (/** @type {string} */ why) => ({ ok: /** @type {const} */ (false), error: t("history.fileRefused", { why }) });
  if (text.length > MAX_HISTORY_BYTES) return refuse(tooLarge(text.length));
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return refuse(t("history.notJson"));
  }
  if (isObject(data) && data.format === "backgammon-match") return refuse(t("history.aMatch"));
  if (!isObject(data) || data.format !== "backgammon-history") return refuse(t("history.notHistory"));
  if (!Number.isInteger(data.version) || data.version < 1) return refuse(t("history.noVersion"));
  if (data.version > HISTORY_VERSION) return refuse(t("history.newer", { version: data.version }));
  if (!Array.isArray(data.entries)) return refuse(t("history.noList"));
  if (data.entries.length > MAX_HISTORY_ENTRIES) {
    return refuse(t("history.tooMany", { n: data.entries.length, most: MAX_HISTORY_ENTRIES }));
  }
  const nested = depthProblem(data, 6, MAX_HISTORY_ENTRIES * 200, t);
  if (nested) return refuse(t("history.nested"));
  for (let i = 0; i < data.entries.length; i++) {
    const why = entryProblem(data.entries[i]);
    if (why) return refuse(t("history.damaged", { i: i + 1, n: data.entries.length, why: t(why) }));
  }
  return { ok: true, entries: data.entries };
}

/**
 * Put the entries of a file into a history: a match already there (the same id: a fingerprint of the whole finished
 * record, every roll and move) is not added again, but takes the file's analysis figures if it has none. Oldest
 * first, by the time each match finished.
 * @param {unknown[]} list the history as stored @param {HistoryEntry[]} incoming
 * @returns {{list: unknown[], added: number, already: number, analyses: number}}
 */
export function mergeEntries(list, incoming) {
  const next = [...list];
  /** @type {Map<string, number>} */
  const at = new Map();
  next.forEach((e, i) => {
    const id = /** @type {any} */ (e)?.id;
    if (typeof id === "string" && !at.has(id)) at.set(id, i);
  });
  let added = 0;
  let already = 0;
  let analyses = 0;
  for (const entry of incoming) {
    const i = at.get(entry.id);
    if (i === undefined) {
      at.set(entry.id, next.length);
      next.push(entry);
      added += 1;
      continue;
    }
    already += 1;
    const kept = /** @type {any} */ (next[i]);
    if (isEntry(kept) && !kept.analysis && entry.analysis) {
      next[i] = { ...kept, analysis: entry.analysis };
      analyses += 1;
    }
  }
  const time = (/** @type {any} */ e) => (typeof e?.finishedAt === "string" ? e.finishedAt : "");
  next.sort((a, b) => (time(a) < time(b) ? -1 : time(a) > time(b) ? 1 : 0)); // stable: equal times keep their order
  return { list: next, added, already, analyses };
}

/** Why a history file is refused: its size. @param {number} size */
const tooLarge = (size) => t("history.tooLarge", { size: sizeText(size, t), limit: sizeText(MAX_HISTORY_BYTES, t) });

/** @typedef {ReturnType<typeof createHistoryStorage>} HistoryStorage */

/**
 * The history of one storage namespace ("backgammon", or "backgammon-test" in test mode).
 * @param {string} namespace
 */
export function openHistory(namespace) {
  const storage = createHistoryStorage({ namespace });
  return {
    key: storage.key,
    addMatch: addMatch.bind(null, storage),
    addAnalysis: addAnalysis.bind(null, storage),
    read: readHistory.bind(null, storage),
    importText: importText.bind(null, storage),
    importFile: importFile.bind(null, storage),
    exportText: storage.exportText,
  };
}

/**
 * Add a finished match (once: an entry with the same id is not added again).
 * @param {HistoryStorage} storage @param {Record<string, any>} record @param {Record<string, any>} view
 * @returns {Promise<string | null>} what the player should be told (the history could not be read or saved), or null
 */
async function addMatch(storage, record, view) {
  const entry = entryFromMatch(record, view);
  const saved = await storage.update((list) => (list.some((e) => /** @type {any} */ (e)?.id === entry.id) ? null : [...list, entry]));
  const problem = storage.takeProblem();
  if (!saved.ok) return [problem, t("history.matchNotAdded", { error: saved.error })].filter(Boolean).join(" ");
  return problem;
}

/**
 * Keep the figures of an analysis with the match it covers (the whole finished record), if that match is in the
 * history. @param {HistoryStorage} storage @param {{fingerprint: string, analysis: Record<string, any>}} saved
 */
async function addAnalysis(storage, { fingerprint, analysis }) {
  if (!analysis || analysis.complete === false) return;
  await storage.update((list) => {
    const at = list.findIndex((e) => /** @type {any} */ (e)?.id === fingerprint);
    if (at < 0) return null;
    const next = [...list];
    next[at] = { .../** @type {object} */ (list[at]), analysis: analysisFigures(analysis) };
    return next;
  });
}

/**
 * The entries as the statistics read them, after taking in the analyses still kept apart (an analysis made before
 * this module watched them, e.g. in another tab).
 * @param {HistoryStorage} storage
 * @param {{entries: () => Promise<any[]>} | null} [analyses] the analyses kept (web/app.js hands them)
 * @returns {Promise<{entries: HistoryEntry[], unreadable: number, problem: string | null}>}
 */
async function readHistory(storage, analyses = null) {
  let list = await storage.entries();
  const problem = storage.takeProblem();
  if (analyses) {
    const kept = await analyses.entries();
    /** @param {unknown} e */
    const figures = (e) => {
      if (!isEntry(e) || e.analysis) return null;
      const made = kept.find((/** @type {any} */ a) => a.fingerprint === e.id && a.analysis?.complete !== false);
      return made ? analysisFigures(made.analysis) : null;
    };
    /** @param {unknown[]} entries */
    const withFigures = (entries) => entries.map((e) => {
      const found = figures(e);
      return found ? { .../** @type {object} */ (e), analysis: found } : e;
    });
    if (list.some((e) => figures(e))) {
      await storage.update((stored) => (stored.some((e) => figures(e)) ? withFigures(stored) : null));
      list = withFigures(list);
    }
  }
  const entries = list.filter(isEntry);
  return { entries, unreadable: list.length - entries.length, problem };
}

/**
 * Add the matches of a history file (a player moving to a new device). Nothing changes unless the whole file reads.
 * @param {HistoryStorage} storage @param {string} text
 * @returns {Promise<{ok: boolean, added: number, message: string}>} message: what to tell the player, in plain words
 */
async function importText(storage, text) {
  const read = readHistoryFile(text);
  if (!read.ok) return { ok: false, added: 0, message: `${read.error} ${t("history.unchanged")}` };
  /** @type {ReturnType<typeof mergeEntries> | null} */
  let merged = null;
  const saved = await storage.update((list) => {
    merged = mergeEntries(list, read.entries);
    return merged.added + merged.analyses > 0 ? merged.list : null;
  });
  const problem = storage.takeProblem();
  if (!saved.ok || !merged) {
    const why = saved.ok ? t("history.notRead") : saved.error;
    return { ok: false, added: 0, message: [problem, t("history.fileNotAdded", { why })].filter(Boolean).join(" ") };
  }
  /** @type {ReturnType<typeof mergeEntries>} */
  const done = merged;
  const said = t("history.imported", { added: done.added, already: done.already, analyses: done.analyses, empty: read.entries.length === 0 ? "yes" : "no" });
  return { ok: true, added: done.added, message: [problem, said].filter(Boolean).join(" ") };
}

/**
 * A history file chosen by the player: measured before it is read (docs/limits.md), then `importText`.
 * @param {HistoryStorage} storage @param {{size: number, text: () => Promise<string>}} file
 * @returns {Promise<{ok: boolean, added: number, message: string}>}
 */
async function importFile(storage, file) {
  if (file.size > MAX_HISTORY_BYTES) {
    return { ok: false, added: 0, message: `${t("history.fileRefused", { why: tooLarge(file.size) })} ${t("history.unchanged")}` };
  }
  return importText(storage, await file.text());
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
    save: async (/** @type {any} */ entry, /** @type {any} */ replaces) => {
      const result = await analyses.save(entry, replaces);
      await history.addAnalysis(entry);
      return result;
    },
  };
}
