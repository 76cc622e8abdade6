// @ts-check
/**
 * The one module that touches localStorage.
 *
 * A saved match is an envelope `{format, version, revision, savedAt, tab, record}` under a versioned key. Data that
 * cannot be trusted (not JSON, not ours, or written by a newer version) is never thrown away: it is copied under a
 * backup key and reported so the page can tell the player in plain words.
 */

export const STORAGE_VERSION = 1;
const FORMAT = "backgammon-match";
const PREFERENCES_KEY = "backgammon.preferences.v1";

/**
 * @typedef {{format: string, version: number, revision: number, savedAt: string, tab: string, record: object}} Envelope
 * @typedef {{status: "empty"} | {status: "ok", envelope: Envelope}
 *   | {status: "corrupt" | "foreign" | "future", reason: string, backupKey: string | null}} LoadResult
 */

/** A short random id for this tab, so a tab can tell its own writes from another tab's. */
function newTabId() {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** @returns {Storage | null} localStorage, or null where the browser refuses it (privacy modes, sandboxed frames). */
function safeLocalStorage() {
  try {
    const s = globalThis.localStorage;
    return s ?? null;
  } catch {
    return null;
  }
}

/**
 * Classify stored text as a saved match envelope.
 * @param {string} text
 * @returns {{ok: true, envelope: Envelope} | {ok: false, status: "corrupt" | "foreign" | "future", reason: string}}
 */
export function parseEnvelope(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, status: "corrupt", reason: "the saved match is not readable (it is not valid JSON)" };
  }
  if (data === null || typeof data !== "object" || Array.isArray(data) || data.format !== FORMAT) {
    return { ok: false, status: "foreign", reason: "the saved data was not written by this game" };
  }
  if (typeof data.version !== "number" || data.version > STORAGE_VERSION) {
    return {
      ok: false,
      status: "future",
      reason: `the saved match was written by a newer version of this game (storage version ${data.version})`,
    };
  }
  if (data.record === null || typeof data.record !== "object") {
    return { ok: false, status: "corrupt", reason: "the saved match has no match record in it" };
  }
  return {
    ok: true,
    envelope: {
      format: FORMAT,
      version: data.version,
      revision: Number.isInteger(data.revision) ? data.revision : 0,
      savedAt: String(data.savedAt ?? ""),
      tab: String(data.tab ?? ""),
      record: data.record,
    },
  };
}

/**
 * Copy text that could not be used under a backup key beside `key`, so it is never lost.
 * @param {Storage | null} store @param {string} key @param {string} text
 * @returns {string | null} the backup key, or null if it could not be written
 */
function backupText(store, key, text) {
  if (!store) return null;
  const backupKey = `${key}.backup.${new Date().toISOString()}`;
  try {
    store.setItem(backupKey, text);
    return backupKey;
  } catch {
    return null;
  }
}

/**
 * Read a list kept as `{format, version, entries: [...]}` under `key` (the analyses, the history). Unreadable data
 * is copied aside and `key` cleared, so that a new list can start; `why` and `backupKey` say what happened.
 * @param {Storage | null} store @param {string} key
 * @param {{format: string, version: number, what: string}} kind `what` names the version in a reason ("history")
 * @returns {{entries: unknown[]} | {entries: [], why: string, backupKey: string | null}}
 */
function readList(store, key, { format, version, what }) {
  let text;
  try {
    text = store?.getItem(key) ?? null;
  } catch {
    return { entries: [] };
  }
  if (text === null) return { entries: [] };
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined; // JSON itself never reads as undefined
  }
  /** @type {string | null} */
  let why = null;
  if (data === undefined) why = "it is not valid JSON";
  else if (!data || typeof data !== "object" || data.format !== format) why = "it was not written by this game";
  else if (typeof data.version !== "number" || data.version > version) {
    why = `it was written by a newer version of this game (${what} version ${data.version})`;
  } else if (!Array.isArray(data.entries)) why = "it has no list in it";
  if (!why) return { entries: data.entries };
  const backupKey = backupText(store, key, text);
  if (backupKey) {
    try {
      store?.removeItem(key);
    } catch {
      /* the copy is kept; the next write replaces it */
    }
  }
  return { entries: [], why, backupKey };
}

/**
 * Storage for one namespace ("backgammon" for real matches, "backgammon-test" for scripted-dice test mode, so a test
 * page can never read or overwrite a real match).
 * @param {{namespace?: string}} [options]
 */
export function createMatchStorage({ namespace = "backgammon" } = {}) {
  const store = safeLocalStorage();
  const key = `${namespace}.match.v${STORAGE_VERSION}`;
  const tab = newTabId();
  /**
   * The envelope this tab last read, wrote or adopted, as its revision and the tab that wrote it: a save over any
   * other envelope is a conflict. Two tabs can write the same revision (localStorage has no compare-and-set across
   * tabs: each reads, then writes), so the revision alone does not tell two writes apart; the writer's tab does.
   */
  let knownRevision = 0;
  let knownTab = "";

  /**
   * Copy untrusted data aside so it is never lost.
   * @param {string} text
   * @returns {string | null} the backup key, or null if it could not be written
   */
  function backup(text) {
    return backupText(store, key, text);
  }

  /** @returns {LoadResult} */
  function load() {
    if (!store) return { status: "empty" };
    let text;
    try {
      text = store.getItem(key);
    } catch {
      return { status: "empty" };
    }
    if (text === null) return { status: "empty" };
    const parsed = parseEnvelope(text);
    if (parsed.ok) {
      knownRevision = parsed.envelope.revision;
      knownTab = parsed.envelope.tab;
      return { status: "ok", envelope: parsed.envelope };
    }
    return { status: parsed.status, reason: parsed.reason, backupKey: backup(text) };
  }

  /**
   * Keep the current stored data under a backup key (used when the record inside does not replay) and clear the
   * main key so a new match can be started.
   * @param {string} reason
   * @returns {{status: "corrupt", reason: string, backupKey: string | null}}
   */
  function setAside(reason) {
    let backupKey = null;
    if (store) {
      try {
        const text = store.getItem(key);
        if (text !== null) backupKey = backup(text);
        if (backupKey) store.removeItem(key);
      } catch {
        backupKey = null;
      }
    }
    knownRevision = 0;
    knownTab = "";
    return { status: "corrupt", reason, backupKey };
  }

  /** @returns {Envelope | null} what is stored now, if it is a valid envelope */
  function peek() {
    if (!store) return null;
    try {
      const text = store.getItem(key);
      if (text === null) return null;
      const parsed = parseEnvelope(text);
      return parsed.ok ? parsed.envelope : null;
    } catch {
      return null;
    }
  }

  /**
   * Save a record unless another tab saved a newer revision since this tab last read or wrote.
   * @param {object} record
   * @param {{force?: boolean, study?: boolean}} [options] force: overwrite whatever is stored (a new match, an
   *   import); study (with force): the record is a study position from a share link (isStudy)
   * @returns {{ok: true, revision: number} | {ok: false, conflict: Envelope} | {ok: false, error: string}}
   */
  function save(record, { force = false, study = false } = {}) {
    if (!store) return { ok: false, error: "this browser does not allow saving (local storage is unavailable)" };
    const current = peek();
    if (!force && current && isNewer(current)) return { ok: false, conflict: current };
    const revision = Math.max(knownRevision, current?.revision ?? 0) + 1;
    /** @type {Envelope} */
    const envelope = {
      format: FORMAT,
      version: STORAGE_VERSION,
      revision,
      savedAt: new Date().toISOString(),
      tab,
      record,
    };
    try {
      store.setItem(key, JSON.stringify(envelope));
    } catch (e) {
      return { ok: false, error: `the match could not be saved (${e instanceof Error ? e.message : String(e)})` };
    }
    knownRevision = revision;
    knownTab = tab;
    if (force) markStudy(study);
    return { ok: true, revision };
  }

  const studyKey = `${key}.study`;

  /** @param {boolean} study the match just put in place came from a share link (see isStudy) */
  function markStudy(study) {
    try {
      if (study) store?.setItem(studyKey, "1");
      else store?.removeItem(studyKey);
    } catch {
      /* not kept: the next match left is kept as usual */
    }
  }

  /**
   * Whether the match in progress is a study position opened from a share link: leaving it does not replace the
   * match kept by keepPrevious (the player's own match stays there).
   */
  function isStudy() {
    try {
      return store?.getItem(studyKey) === "1";
    } catch {
      return false;
    }
  }

  /** Forget the saved match (the caller has already offered a backup or the player asked for it). */
  function clear() {
    knownRevision = 0;
    try {
      store?.removeItem(key);
    } catch {
      /* nothing to clear */
    }
  }

  /**
   * Call back when another tab writes this match.
   * @param {(change: {envelope: Envelope} | {removed: true}) => void} callback
   * @returns {() => void} unbind
   */
  function onExternalChange(callback) {
    /** @param {StorageEvent} event */
    const listener = (event) => {
      if (event.storageArea !== store || event.key !== key) return;
      if (event.newValue === null) {
        callback({ removed: true });
        return;
      }
      const change = externalChange();
      if (change) callback(change);
    };
    window.addEventListener("storage", listener);
    return () => window.removeEventListener("storage", listener);
  }

  /**
   * What another tab saved that this tab has not taken up, or null: for a page that may have missed storage events
   * (restored from the back/forward cache, unfrozen). What is stored now, not what an event carried: a later write
   * may already have replaced it. Nothing is known until the page adopts it (adopt()): a save made before then is a
   * conflict, never an overwrite.
   * @returns {{envelope: Envelope} | null}
   */
  function externalChange() {
    const current = peek();
    return current && isNewer(current) ? { envelope: current } : null;
  }

  /**
   * Another tab's envelope that is not the one this tab knows: a newer revision, or the same revision written by
   * another tab than the one known (two tabs saved at once; the one stored last won).
   * @param {Envelope} envelope
   */
  function isNewer(envelope) {
    if (envelope.tab === tab && envelope.revision <= knownRevision) return false; // this tab's own write
    return envelope.revision > knownRevision || (envelope.revision === knownRevision && envelope.tab !== knownTab);
  }

  /** @param {{revision: number, tab: string}} envelope the envelope whose record this tab has adopted */
  function adopt(envelope) {
    if (envelope.revision >= knownRevision) {
      knownRevision = envelope.revision;
      knownTab = envelope.tab;
    }
  }

  const previousKey = `${key}.previous`;

  /**
   * Keep a match the player is leaving (for another one opened from a file) under its own key, so that it can be
   * taken up again; one is kept, the last one left.
   * @param {object} record
   * @returns {{ok: true} | {ok: false, error: string}}
   */
  function keepPrevious(record) {
    if (!store) return { ok: false, error: "this browser does not allow saving (local storage is unavailable)" };
    try {
      store.setItem(previousKey, JSON.stringify({ format: FORMAT, version: STORAGE_VERSION, savedAt: new Date().toISOString(), record }));
      return { ok: true };
    } catch (e) {
      return { ok: false, error: `the match in progress could not be kept (${e instanceof Error ? e.message : String(e)})` };
    }
  }

  /** @returns {{record: object, savedAt: string} | null} the match kept by keepPrevious, if it is readable */
  function loadPrevious() {
    try {
      const text = store?.getItem(previousKey);
      if (!text) return null;
      const parsed = parseEnvelope(text);
      return parsed.ok ? { record: parsed.envelope.record, savedAt: parsed.envelope.savedAt } : null;
    } catch {
      return null;
    }
  }

  return { key, load, save, peek, clear, setAside, adopt, onExternalChange, externalChange, keepPrevious, loadPrevious, isStudy };
}

const ANALYSIS_FORMAT = "backgammon-analyses";
/** Analyses kept at most; the oldest (by the time it was saved) gives way. */
const ANALYSES_KEPT = 6;

/**
 * @typedef {{fingerprint: string, actions: number, savedAt: string, analysis: object}} AnalysisEntry
 */

/**
 * Match analyses, kept apart from the match itself (the match is written at every action, an analysis is large and
 * written once): `{format, version, entries: [{fingerprint, actions, savedAt, analysis}]}` under
 * `<namespace>.analysis.v1`. `fingerprint` names the part of a record the analysis covers (see analysis-data.js);
 * this module does not read inside. Unreadable data is copied under a backup key and reported, never dropped.
 * @param {{namespace?: string}} [options]
 */
export function createAnalysisStorage({ namespace = "backgammon" } = {}) {
  const store = safeLocalStorage();
  const key = `${namespace}.analysis.v${STORAGE_VERSION}`;
  /** @type {string | null} the reason the stored analyses could not be read, once */
  let problem = null;

  /** @returns {AnalysisEntry[]} */
  function entries() {
    const read = readList(store, key, { format: ANALYSIS_FORMAT, version: STORAGE_VERSION, what: "analysis" });
    if ("why" in read) {
      problem = read.backupKey
        ? `the saved analyses could not be read (${read.why}); they are kept under "${read.backupKey}"`
        : `the saved analyses could not be read (${read.why}) and were left as they were`;
    }
    return /** @type {any[]} */ (read.entries).filter((e) => e && typeof e.fingerprint === "string" && e.analysis && typeof e.analysis === "object");
  }

  /**
   * The analysis with the most actions among those `matches` accepts.
   * @param {(entry: AnalysisEntry) => boolean} matches
   * @returns {AnalysisEntry | null}
   */
  function find(matches) {
    let best = null;
    for (const entry of entries()) if (matches(entry) && (!best || entry.actions > best.actions)) best = entry;
    return best;
  }

  /**
   * Keep an analysis; entries `replaces` accepts (an older analysis of the same match) give way to it.
   * @param {AnalysisEntry} entry
   * @param {(entry: AnalysisEntry) => boolean} [replaces]
   * @returns {{ok: true} | {ok: false, error: string}}
   */
  function save(entry, replaces = () => false) {
    if (!store) return { ok: false, error: "this browser does not allow saving (local storage is unavailable)" };
    let kept = entries().filter((e) => e.fingerprint !== entry.fingerprint && !replaces(e));
    kept.sort((a, b) => String(b.savedAt).localeCompare(String(a.savedAt)));
    kept = [entry, ...kept].slice(0, ANALYSES_KEPT);
    // A full storage makes room by dropping the oldest other analyses (they can be computed again); the match never.
    for (;;) {
      try {
        store.setItem(key, JSON.stringify({ format: ANALYSIS_FORMAT, version: STORAGE_VERSION, entries: kept }));
        return { ok: true };
      } catch (e) {
        if (kept.length <= 1) return { ok: false, error: `the analysis could not be saved (${e instanceof Error ? e.message : String(e)})` };
        kept = kept.slice(0, -1);
      }
    }
  }

  /** @returns {string | null} why the stored analyses could not be read (once), or null */
  function takeProblem() {
    const text = problem;
    problem = null;
    return text;
  }

  return { key, find, save, takeProblem };
}

/**
 * Preferences: a plain object of settings, versioned key; unreadable data falls back to defaults (the caller's).
 * @returns {Record<string, unknown>}
 */
export function loadPreferences() {
  const store = safeLocalStorage();
  try {
    const text = store?.getItem(PREFERENCES_KEY);
    if (!text) return {};
    const data = JSON.parse(text);
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

/** @param {Record<string, unknown>} preferences */
export function savePreferences(preferences) {
  try {
    safeLocalStorage()?.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
    return true;
  } catch {
    return false;
  }
}

const LAST_MATCH_KEY = "backgammon.new-match.v1";

/**
 * The last choices of the new-match dialog (or of the welcome's *Play the computer*), as `{settings, players}`: the
 * caller checks the values (newmatch.js); unreadable data is not trusted and counts as none.
 * @returns {unknown}
 */
export function loadLastMatchChoice() {
  try {
    const text = safeLocalStorage()?.getItem(LAST_MATCH_KEY);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** @param {object} choice */
export function saveLastMatchChoice(choice) {
  try {
    safeLocalStorage()?.setItem(LAST_MATCH_KEY, JSON.stringify(choice));
    return true;
  } catch {
    return false;
  }
}

const HISTORY_FORMAT = "backgammon-history";
export const HISTORY_VERSION = 1;

/**
 * The history of finished matches (web/home/history.js writes the entries): `{format, version, entries: [...]}` under
 * `<namespace>.history.v1`, oldest first. Like the match: data that is not readable, not ours or from a newer
 * version is copied under a backup key (`….history.v1.backup.<time>`), reported in plain words once
 * (`takeProblem`), and a new history starts; nothing is thrown away. This module does not read inside the entries.
 * @param {{namespace?: string}} [options]
 */
export function createHistoryStorage({ namespace = "backgammon" } = {}) {
  const store = safeLocalStorage();
  const key = `${namespace}.history.v${HISTORY_VERSION}`;
  /** @type {string | null} */
  let problem = null;
  /** Set when unreadable data could not be copied aside: it is never written over. */
  let readOnly = false;

  /** @returns {unknown[]} the stored entries; unreadable data is set aside first (see takeProblem) */
  function entries() {
    const read = readList(store, key, { format: HISTORY_FORMAT, version: HISTORY_VERSION, what: "history" });
    if (!("why" in read)) return read.entries;
    if (read.backupKey) {
      problem = `Your match history could not be read (${read.why}). Nothing was deleted: it is kept in this browser's storage under "${read.backupKey}", and a new history is started.`;
    } else {
      problem = `Your match history could not be read (${read.why}) and could not be copied aside, so it was left as it was; matches finished now are not added to it.`;
      readOnly = true;
    }
    return [];
  }

  /**
   * Write the whole list (the caller read it with entries() and changed it).
   * @param {unknown[]} list
   * @returns {{ok: true} | {ok: false, error: string}}
   */
  function write(list) {
    if (!store) return { ok: false, error: "this browser does not allow saving (local storage is unavailable)" };
    if (readOnly) return { ok: false, error: "the match history could not be read, and is not written over" };
    try {
      store.setItem(key, JSON.stringify({ format: HISTORY_FORMAT, version: HISTORY_VERSION, entries: list }));
      return { ok: true };
    } catch (e) {
      return { ok: false, error: `the match history could not be saved (${e instanceof Error ? e.message : String(e)})` };
    }
  }

  /** @returns {string | null} what went wrong reading the history (once), or null */
  function takeProblem() {
    const text = problem;
    problem = null;
    return text;
  }

  /** @returns {string} the stored history as a file's text (an empty history when none is stored) */
  function exportText() {
    return JSON.stringify({ format: HISTORY_FORMAT, version: HISTORY_VERSION, exportedAt: new Date().toISOString(), entries: entries() }, null, 2);
  }

  return { key, entries, write, takeProblem, exportText };
}
