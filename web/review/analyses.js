// @ts-check
/**
 * The analyses this browser keeps (IndexedDB, through the list machinery of web/storage.js): review reads and saves
 * them (saved.js), the statistics read them (web/home/, handed them by web/app.js).
 */
import { STORAGE_VERSION, changeList, readList } from "../storage.js";

const ANALYSIS_FORMAT = "backgammon-analyses";
/** Analyses kept at most; the oldest (by the time it was saved) gives way. */
const ANALYSES_KEPT = 6;

/**
 * A decision's rollout kept with the analysis (docs/analysis.md, "Rollouts kept with the analysis"), under the key
 * `<position ID>:<match ID>` of the decision: the plays rolled out (notation, in the order of the result's indexes),
 * the settings and the result as `rollout_result` gave it.
 * @typedef {{plays: string[], trials: number, truncation: number, seed: number, savedAt: string,
 *   result: import("../types.generated.js").RolloutResult, cubeful?: boolean, plies?: number,
 *   cube?: import("../types.generated.js").CubeRolloutResult | import("../types.generated.js").TakeRolloutResult}} KeptRollout
 *   `cube`: a cube decision's verdict, the doubler's, or a take decision's, the taker's (`significant` tells it)
 * @typedef {{fingerprint: string, actions: number, savedAt: string, analysis: object,
 *   rollouts?: Record<string, KeptRollout>}} AnalysisEntry
 */

/**
 * Match analyses, kept apart from the match itself (the match is written at every action, an analysis is large and
 * written once): `{format, version, entries: [{fingerprint, actions, savedAt, analysis}]}` under
 * `<namespace>.analysis.v1`, and an entry's decisions rolled out in `rollouts` (optional). `fingerprint` names the part of a record the analysis covers (see analysis-data.js);
 * this module does not read inside. Unreadable data is copied under a backup key and reported, never dropped.
 * @param {{namespace?: string}} [options]
 */
export function createAnalysisStorage({ namespace = "backgammon" } = {}) {
  const key = `${namespace}.analysis.v${STORAGE_VERSION}`;
  const kind = { format: ANALYSIS_FORMAT, version: STORAGE_VERSION, what: "analysis" };
  /** @type {string | null} the reason the stored analyses could not be read, once */
  let problem = null;

  /** @param {unknown[]} list @returns {AnalysisEntry[]} */
  const usable = (list) => /** @type {any[]} */ (list).filter((e) => e && typeof e.fingerprint === "string" && e.analysis && typeof e.analysis === "object");

  /** @returns {Promise<AnalysisEntry[]>} */
  async function entries() {
    const read = await readList(key, kind);
    if ("why" in read) {
      problem = read.backupKey
        ? `the saved analyses could not be read (${read.why}); they are kept under "${read.backupKey}"`
        : `the saved analyses could not be read (${read.why}) and were left as they were`;
    }
    return usable(read.entries);
  }

  /**
   * The analysis with the most actions among those `matches` accepts.
   * @param {(entry: AnalysisEntry) => boolean} matches
   * @returns {Promise<AnalysisEntry | null>}
   */
  async function find(matches) {
    let best = null;
    for (const entry of await entries()) if (matches(entry) && (!best || entry.actions > best.actions)) best = entry;
    return best;
  }

  /**
   * Keep an analysis; entries `replaces` accepts (an older analysis of the same match) give way to it.
   * @param {AnalysisEntry} entry
   * @param {(entry: AnalysisEntry) => boolean} [replaces]
   * @returns {Promise<{ok: true} | {ok: false, error: string}>}
   */
  async function save(entry, replaces = () => false) {
    await entries(); // unreadable data is set aside (and reported) before anything is written over it
    // A full storage makes room by dropping the oldest other analyses (they can be computed again); the match never.
    for (let keep = ANALYSES_KEPT; ; keep -= 1) {
      const saved = await changeList(key, kind, (list) => {
        const all = usable(list);
        const kept = all.filter((e) => e.fingerprint !== entry.fingerprint && !replaces(e));
        // a rollout does not depend on the analysis: the decisions rolled out stay so in the analysis that replaces
        const rollouts = Object.assign({}, ...all.filter((e) => !kept.includes(e)).map((e) => e.rollouts ?? {}), entry.rollouts ?? {});
        kept.sort((a, b) => String(b.savedAt).localeCompare(String(a.savedAt)));
        return [Object.keys(rollouts).length ? { ...entry, rollouts } : entry, ...kept].slice(0, keep);
      });
      if (saved.ok || keep <= 1) return saved.ok ? saved : { ok: false, error: `the analysis could not be saved (${saved.error})` };
    }
  }

  /**
   * Keep a decision's rollout with the analysis saved under `fingerprint` (one rollout a decision: the last).
   * @param {string} fingerprint @param {string} decision the decision's key, `<position ID>:<match ID>`
   * @param {KeptRollout} rollout
   * @returns {Promise<{ok: true} | {ok: false, error: string}>}
   */
  async function keepRollout(fingerprint, decision, rollout) {
    let found = false;
    const saved = await changeList(key, kind, (list) => {
      if (!usable(list).some((e) => e.fingerprint === fingerprint)) return null;
      found = true;
      return list.map((/** @type {any} */ e) => (e?.fingerprint === fingerprint ? { ...e, rollouts: { ...(e.rollouts ?? {}), [decision]: rollout } } : e));
    });
    if (!saved.ok) return { ok: false, error: `the rollout could not be saved (${saved.error})` };
    return found ? saved : { ok: false, error: "the rollout could not be saved (its analysis is not saved)" };
  }

  /** @returns {string | null} why the stored analyses could not be read (once), or null */
  function takeProblem() {
    const text = problem;
    problem = null;
    return text;
  }

  return { key, entries, find, save, keepRollout, takeProblem };
}

/** @typedef {ReturnType<typeof createAnalysisStorage>} AnalysisStorage */
