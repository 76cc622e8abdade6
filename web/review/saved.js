// @ts-check
/**
 * The analyses this browser keeps (`ctx.analyses`, kept by analyses.js): the one that covers the match reviewed,
 * and a new one saved in place of those it covers.
 */

import { recordFingerprint } from "../record.js";

/** @typedef {import("./analyses.js").AnalysisStorage} AnalysisStorage */

/**
 * Whether a saved entry was made from this record's first `entry.actions` actions.
 * @param {import("./analyses.js").AnalysisEntry} entry @param {Record<string, any>} record
 */
function madeFrom(entry, record) {
  return entry.fingerprint === recordFingerprint(record, entry.actions);
}

/**
 * The saved analysis of `record` (or of its beginning, if the match went on since), if any (a promise).
 * @param {AnalysisStorage} analyses @param {Record<string, any>} record @param {number} total  the record's actions
 */
export function savedAnalysis(analyses, record, total) {
  return analyses.find((entry) => entry.actions <= total && madeFrom(entry, record));
}

/**
 * Save the analysis of the first `actions` actions of `record`; it replaces the analyses of shorter beginnings.
 * @param {AnalysisStorage} analyses @param {Record<string, any>} record @param {number} actions @param {object} analysis
 */
export function saveAnalysis(analyses, record, actions, analysis) {
  return analyses.save(
    { fingerprint: recordFingerprint(record, actions), actions, savedAt: new Date().toISOString(), analysis },
    (entry) => entry.actions < actions && madeFrom(entry, record),
  );
}
