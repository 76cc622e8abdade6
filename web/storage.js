// @ts-check
/**
 * How the page saves: the match in progress (createMatchStorage), and the machinery the stores kept beside their users
 * share: the versioned lists of the analyses (web/review/analyses.js) and of the history (web/home/history-store.js),
 * all in web/keyval.js (IndexedDB, where a read-check-write is atomic across tabs). The preferences
 * (web/preferences.js) and the new-match dialog's last choices (web/play/newmatch.js) are kept in localStorage by
 * their own modules (read synchronously at start, before the first paint).
 *
 * A saved match is an envelope `{format, version, revision, savedAt, tab, record, study?}` under a versioned key.
 * Data that cannot be trusted (not JSON, not ours, or written by a newer version) is never thrown away: it is copied
 * under a backup key and reported so the page can tell the player in plain words.
 */

import { t } from "./i18n/i18n.js";
import { openKeyval } from "./keyval.js";

// The stores in localStorage (web/preferences.js, web/play/newmatch.js) take the storage from here, as the stores in
// IndexedDB take their lists: storage.js and keyval.js are then used by the same modules, and scripts/bundle.mjs joins
// them into one file (loaded at start, one file fewer).
export { safeLocalStorage } from "./keyval.js";

export const STORAGE_VERSION = 1;
const FORMAT = "backgammon-match";

/**
 * @typedef {{format: string, version: number, revision: number, savedAt: string, tab: string, record: object,
 *   study?: boolean}} Envelope
 * @typedef {{status: "empty"} | {status: "ok", envelope: Envelope}
 *   | {status: "corrupt" | "foreign" | "future", reason: string, backupKey: string | null}} LoadResult
 */

/** A short random id for this tab, so a tab can tell its own writes from another tab's. */
function newTabId() {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
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
    return { ok: false, status: "corrupt", reason: t("storage.matchNotJson") };
  }
  if (data === null || typeof data !== "object" || Array.isArray(data) || data.format !== FORMAT) {
    return { ok: false, status: "foreign", reason: t("storage.matchForeign") };
  }
  if (typeof data.version !== "number" || data.version > STORAGE_VERSION) {
    return {
      ok: false,
      status: "future",
      reason: t("storage.matchNewer", { version: String(data.version) }),
    };
  }
  if (data.record === null || typeof data.record !== "object") {
    return { ok: false, status: "corrupt", reason: t("storage.matchNoRecord") };
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
      ...(data.study === true ? { study: true } : {}),
    },
  };
}

/** The namespace a key belongs to ("backgammon" of "backgammon.match.v1"). @param {string} key */
const namespaceOf = (key) => key.slice(0, key.indexOf("."));

/** The key a copy of unusable data is set aside under, beside `key`. @param {string} key */
const backupKeyOf = (key) => `${key}.backup.${new Date().toISOString()}`;

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error));

// The reasons below are said in the language in force when they are found (the storage's own detail, the
// browser's, stays as the browser words it).

/**
 * Why a stored list cannot be used, or null.
 * @param {string} text @param {{format: string, version: number, what: string}} kind
 * @returns {string | null}
 */
function listProblem(text, { format, version, what }) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return t("storage.notJson");
  }
  if (!data || typeof data !== "object" || data.format !== format) return t("storage.notOurs");
  if (typeof data.version !== "number" || data.version > version) {
    return t("storage.newer", { what, version: String(data.version) });
  }
  return Array.isArray(data.entries) ? null : t("storage.noList");
}

/**
 * Read a list kept as `{format, version, entries: [...]}` under `key` (the analyses, the history). Unreadable data
 * is copied aside and `key` cleared in the same step, so that a new list can start; `why` and `backupKey` say what
 * happened (`backupKey` null: it could not be copied, and was left as it was).
 * @param {string} key
 * @param {{format: string, version: number, what: string}} kind `what` names the version in a reason ("history")
 * @returns {Promise<{entries: unknown[]} | {entries: [], why: string, backupKey: string | null}>}
 */
export async function readList(key, kind) {
  const keyval = await openKeyval(namespaceOf(key));
  /** @type {string | null} */
  let why = null;
  try {
    /** @typedef {{entries: unknown[]} | {entries: [], why: string, backupKey: string | null}} ListRead */
    return await keyval.update(key, (text) => {
      if (text === null) return { value: /** @type {ListRead} */ ({ entries: [] }) };
      why = listProblem(text, kind);
      if (!why) return { value: /** @type {ListRead} */ ({ entries: JSON.parse(text).entries }) };
      const backupKey = backupKeyOf(key);
      return { text: null, also: { [backupKey]: text }, value: /** @type {ListRead} */ ({ entries: [], why, backupKey }) };
    });
  } catch {
    return why ? { entries: [], why, backupKey: null } : { entries: [] };
  }
}

/**
 * Change a list in one step (read, change, write: no other tab's write comes between). `change` gets the stored
 * entries and returns the new ones, or null to leave the list as it is. A list that cannot be used is not written
 * over (the caller's readList sets it aside first; one found here was written meanwhile, by a newer version).
 * @param {string} key @param {{format: string, version: number, what: string}} kind
 * @param {(entries: unknown[]) => unknown[] | null} change
 * @returns {Promise<{ok: true} | {ok: false, error: string}>}
 */
export async function changeList(key, kind, change) {
  const keyval = await openKeyval(namespaceOf(key));
  if (keyval.kind === "none") return { ok: false, error: t("storage.noSaving") };
  try {
    const problem = await keyval.update(key, (text) => {
      const why = text === null ? null : listProblem(text, kind);
      if (why) return { value: why };
      const next = change(text === null ? [] : JSON.parse(text).entries);
      return next ? { text: JSON.stringify({ format: kind.format, version: kind.version, entries: next }), value: null } : { value: null };
    });
    return problem ? { ok: false, error: t("storage.listChanged", { problem }) } : { ok: true };
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  }
}

/**
 * One match store: its keys, this tab's id, and the envelope this tab last read, wrote or adopted, as its revision and
 * the tab that wrote it: a save over any other envelope is a conflict. Two tabs may hold the same revision (each took
 * up the same match), so the writer's tab tells two writes apart; `knownStudy` is whether that match is a study
 * position (isStudy).
 * @typedef {object} MatchStore
 * @property {string} key  the match kept
 * @property {string} previousKey  the match the player left for another (keepPrevious)
 * @property {string} tab  this tab's id, written into each envelope it saves
 * @property {number} knownRevision
 * @property {string} knownTab
 * @property {boolean} knownStudy
 */

/**
 * The match in progress, for one namespace ("backgammon" for real matches, "backgammon-test" for scripted-dice test
 * mode, so a test page can never read or overwrite a real match), kept in web/keyval.js.
 *
 * Every save is a compare-and-set in one transaction: it is written only over the envelope this tab last read, wrote
 * or adopted; over anything else (another tab saved meanwhile) it is refused as a conflict and the caller shows the
 * stored match instead. With IndexedDB no other tab's write can come between the check and the write, so no action
 * is lost or silently replaced; on the localStorage fallback the check is as good as localStorage allows.
 * @param {{namespace?: string, name?: string}} [options] name: what the key holds, "match" (the match in progress) or
 *   another match kept beside it (a match on two devices, web/remote/store.js)
 */
export function createMatchStorage({ namespace = "backgammon", name = "match" } = {}) {
  const key = `${namespace}.${name}.v${STORAGE_VERSION}`;
  /** @type {MatchStore} */
  const store = { key, previousKey: `${key}.previous`, tab: newTabId(), knownRevision: 0, knownTab: "", knownStudy: false };
  return {
    key,
    load: loadMatch.bind(null, store),
    save: saveMatch.bind(null, store),
    setAside: setMatchAside.bind(null, store),
    adopt: adopt.bind(null, store),
    onExternalChange: onExternalChange.bind(null, store),
    externalChange: externalChange.bind(null, store),
    peek: peekMatch.bind(null, store),
    keepPrevious: keepPrevious.bind(null, store),
    loadPrevious: loadPrevious.bind(null, store),
    /**
     * Whether the match in progress is a study position opened from a share link: leaving it does not replace the
     * match kept by keepPrevious (the player's own match stays there).
     */
    isStudy: () => store.knownStudy,
    remove: removeMatch.bind(null, store),
  };
}

/** @param {MatchStore} store @param {Envelope} envelope the envelope this tab now knows */
function know(store, envelope) {
  store.knownRevision = envelope.revision;
  store.knownTab = envelope.tab;
  store.knownStudy = Boolean(envelope.study);
}

/**
 * The saved match; data that cannot be used is set aside under a backup key in the same step (and the key
 * cleared), so it is never lost and a new match can start.
 * @param {MatchStore} store
 * @returns {Promise<LoadResult>}
 */
async function loadMatch(store) {
  const { key } = store;
  const keyval = await openKeyval(namespaceOf(key));
  if (keyval.kind === "none") return { status: "empty" }; // nothing can have been saved (said at the first save)
  try {
    return await keyval.update(key, (text) => {
      if (text === null) return { value: /** @type {LoadResult} */ ({ status: "empty" }) };
      const parsed = parseEnvelope(text);
      if (parsed.ok) {
        know(store, parsed.envelope);
        return { value: /** @type {LoadResult} */ ({ status: "ok", envelope: parsed.envelope }) };
      }
      const backupKey = backupKeyOf(key);
      return { text: null, also: { [backupKey]: text }, value: /** @type {LoadResult} */ ({ status: parsed.status, reason: parsed.reason, backupKey }) };
    });
  } catch (error) {
    // Not even set aside: leave it where it is and say so (the caller starts a match it cannot save over this).
    return { status: "corrupt", reason: t("storage.matchNotRead", { detail: messageOf(error) }), backupKey: null };
  }
}

/**
 * Set the stored match aside under a backup key (its record does not replay) and clear the key, in one step.
 * @param {MatchStore} store @param {string} reason
 * @returns {Promise<{status: "corrupt", reason: string, backupKey: string | null}>}
 */
async function setMatchAside(store, reason) {
  const { key } = store;
  const keyval = await openKeyval(namespaceOf(key));
  const backupKey = backupKeyOf(key);
  let kept;
  try {
    kept = await keyval.update(key, (text) => (text === null ? { value: null } : { text: null, also: { [backupKey]: text }, value: backupKey }));
  } catch {
    kept = null;
  }
  store.knownRevision = 0;
  store.knownTab = "";
  store.knownStudy = false;
  return { status: "corrupt", reason, backupKey: kept };
}

/** @param {MatchStore} store @returns {Promise<Envelope | null>} what is stored now, if it is a valid envelope */
async function peekMatch(store) {
  try {
    const text = await (await openKeyval(namespaceOf(store.key))).get(store.key);
    if (text === null) return null;
    const parsed = parseEnvelope(text);
    return parsed.ok ? parsed.envelope : null;
  } catch {
    return null;
  }
}

/**
 * Save a record over the envelope this tab knows, unless another tab saved since (a conflict: nothing written).
 * @param {MatchStore} store @param {object} record
 * @param {{force?: boolean, study?: boolean}} [options] force: overwrite whatever is stored (a new match, an
 *   import); study (with force): the record is a study position from a share link (isStudy)
 * @returns {Promise<{ok: true, revision: number} | {ok: false, conflict: Envelope} | {ok: false, error: string}>}
 */
async function saveMatch(store, record, { force = false, study = false } = {}) {
  const { key } = store;
  const keyval = await openKeyval(namespaceOf(key));
  if (keyval.kind === "none") return { ok: false, error: t("storage.noSaving") };
  /** @type {Envelope | null} */
  let written = null;
  try {
    const conflict = await keyval.update(key, (text) => {
      const parsed = text === null ? null : parseEnvelope(text);
      const current = parsed?.ok ? parsed.envelope : null;
      if (!force && current && isNewer(store, current)) return { value: current };
      /** @type {Envelope} */
      const envelope = {
        format: FORMAT,
        version: STORAGE_VERSION,
        revision: Math.max(store.knownRevision, current?.revision ?? 0) + 1,
        savedAt: new Date().toISOString(),
        tab: store.tab,
        record,
      };
      if (force ? study : store.knownStudy) envelope.study = true;
      written = envelope;
      return { text: JSON.stringify(envelope), value: null };
    });
    if (conflict) return { ok: false, conflict };
  } catch (error) {
    return { ok: false, error: t("storage.matchNotSaved", { detail: messageOf(error) }) };
  }
  const envelope = /** @type {Envelope} */ (/** @type {unknown} */ (written));
  know(store, envelope);
  return { ok: true, revision: envelope.revision };
}

/**
 * Call back when another tab writes this match (once this tab has opened the storage).
 * @param {MatchStore} store
 * @param {(change: {envelope: Envelope} | {removed: true}) => void} callback
 */
function onExternalChange(store, callback) {
  const { key } = store;
  void openKeyval(namespaceOf(key)).then((keyval) =>
    keyval.listen(key, async () => {
      const text = await keyval.get(key).catch(() => undefined);
      if (text === null) return callback({ removed: true });
      const change = await externalChange(store);
      if (change) callback(change);
    }),
  );
}

/**
 * What another tab saved that this tab has not taken up, or null: for a page that may have missed a change (back
 * from the back/forward cache, unfrozen). What is stored now, not what a notice said: a later write may already
 * have replaced it. Nothing is known until the page adopts it (adopt()): a save made before then is a conflict.
 * @param {MatchStore} store
 * @returns {Promise<{envelope: Envelope} | null>}
 */
async function externalChange(store) {
  const current = await peekMatch(store);
  return current && isNewer(store, current) ? { envelope: current } : null;
}

/**
 * Another tab's envelope that is not the one this tab knows: a newer revision, or the same revision written by
 * another tab than the one known.
 * @param {MatchStore} store @param {Envelope} envelope
 */
function isNewer(store, envelope) {
  if (envelope.tab === store.tab && envelope.revision <= store.knownRevision) return false; // this tab's own write
  return envelope.revision > store.knownRevision || (envelope.revision === store.knownRevision && envelope.tab !== store.knownTab);
}

/** @param {MatchStore} store @param {Envelope} envelope the envelope whose record this tab has adopted */
function adopt(store, envelope) {
  if (envelope.revision >= store.knownRevision) know(store, envelope);
}

/**
 * Keep a match the player is leaving (for another one opened from a file) under its own key, so that it can be
 * taken up again; one is kept, the last one left.
 * @param {MatchStore} store @param {object} record
 * @returns {Promise<{ok: true} | {ok: false, error: string}>}
 */
async function keepPrevious(store, record) {
  const keyval = await openKeyval(namespaceOf(store.key));
  if (keyval.kind === "none") return { ok: false, error: t("storage.noSaving") };
  try {
    await keyval.put(store.previousKey, JSON.stringify({ format: FORMAT, version: STORAGE_VERSION, savedAt: new Date().toISOString(), record }));
    return { ok: true };
  } catch (error) {
    return { ok: false, error: t("storage.previousNotKept", { detail: messageOf(error) }) };
  }
}

/**
 * @param {MatchStore} store
 * @returns {Promise<{record: object, savedAt: string} | null>} the match kept by keepPrevious, if it is readable
 */
async function loadPrevious(store) {
  try {
    const text = await (await openKeyval(namespaceOf(store.key))).get(store.previousKey);
    if (!text) return null;
    const parsed = parseEnvelope(text);
    return parsed.ok ? { record: parsed.envelope.record, savedAt: parsed.envelope.savedAt } : null;
  } catch {
    return null;
  }
}

/**
 * Delete the match kept under this key (a match on two devices the player no longer wants).
 * @param {MatchStore} store
 */
async function removeMatch(store) {
  await (await openKeyval(namespaceOf(store.key))).put(store.key, null);
  store.knownRevision = 0;
  store.knownTab = "";
}
