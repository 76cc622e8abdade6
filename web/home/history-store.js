// @ts-check
/**
 * Where the history of finished matches is kept (history.js reads and writes the entries): a versioned list in
 * IndexedDB, through the list machinery of web/storage.js.
 */
import { t } from "../i18n/i18n.js";
import { changeList, readList } from "../storage.js";

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
  const key = `${namespace}.history.v${HISTORY_VERSION}`;
  const kind = { format: HISTORY_FORMAT, version: HISTORY_VERSION, what: "history" };
  /** @type {string | null} */
  let problem = null;
  /** Set when unreadable data could not be copied aside: it is never written over. */
  let readOnly = false;

  /** @returns {Promise<unknown[]>} the stored entries; unreadable data is set aside first (see takeProblem) */
  async function entries() {
    const read = await readList(key, kind);
    if (!("why" in read)) return read.entries;
    if (read.backupKey) {
      problem = t("history.unreadable", { why: read.why, key: read.backupKey });
    } else {
      problem = t("history.unreadableKept", { why: read.why });
      readOnly = true;
    }
    return [];
  }

  /**
   * Change the list in one step: `change` gets the entries stored at that moment (another tab may have added one
   * since they were last read) and returns the new list, or null for no change.
   * @param {(list: unknown[]) => unknown[] | null} change
   * @returns {Promise<{ok: true} | {ok: false, error: string}>}
   */
  async function update(change) {
    await entries(); // unreadable data is set aside (and reported) before anything is written over it
    if (readOnly) return { ok: false, error: t("history.notWrittenOver") };
    const saved = await changeList(key, kind, change);
    return saved.ok ? saved : { ok: false, error: t("history.notSaved", { error: saved.error }) };
  }

  /** @returns {string | null} what went wrong reading the history (once), or null */
  function takeProblem() {
    const text = problem;
    problem = null;
    return text;
  }

  /** @returns {Promise<string>} the stored history as a file's text (an empty history when none is stored) */
  async function exportText() {
    return JSON.stringify({ format: HISTORY_FORMAT, version: HISTORY_VERSION, exportedAt: new Date().toISOString(), entries: await entries() }, null, 2);
  }

  return { key, entries, update, takeProblem, exportText };
}
