// @ts-check
/**
 * A rollout's trials kept across a reload: after each chunk the tally (trials 0 to n − 1, their exact sums:
 * web/engine/rollout-run.js) is stored under localStorage KEPT_KEY with what identifies the rollout, so that the
 * same rollout asked for again goes on from trial n, to the same figures as if it had never stopped. One rollout is
 * kept at a time (the last one started); a finished one is forgotten.
 *
 * Stored as JSON: `{version: 1, id: {position_id, match_id, plays, trials, truncation, seed, cubeful, plies}, tally:
 * RolloutChunk}`
 * (`tally` as one chunk of trials 0 to n − 1: the sums as decimal strings).
 */
import { addChunk, emptyTally, tallyChunk } from "./rollout-run.js";

export const KEPT_KEY = "backgammon.rollout.v1";

/**
 * What makes two rollouts the same one: the decision, the plays and the settings.
 * @typedef {{position_id: string, match_id: string | null, plays: string[], trials: number, truncation: number,
 *   seed: number, cubeful?: boolean, plies?: number}} RolloutId  `cubeful`: the cube turned in the trials (kept ones
 *   without it: no); `plies`: the checker play's look-ahead in trials, 0 or 1 (kept ones without it: 0)
 * @typedef {import("./rollout-run.js").Tally} Tally
 */

/** @param {RolloutId} a @param {RolloutId} b */
function sameRollout(a, b) {
  return JSON.stringify([a.position_id, a.match_id, a.plays, a.trials, a.truncation, a.seed, Boolean(a.cubeful), a.plies ?? 0])
    === JSON.stringify([b.position_id, b.match_id, b.plays, b.trials, b.truncation, b.seed, Boolean(b.cubeful), b.plies ?? 0]);
}

/**
 * The kept rollout, whatever its settings, or null.
 * @returns {{id: RolloutId, tally: Tally} | null}
 */
export function keptRollout() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEPT_KEY) ?? "null");
    if (!stored || stored.version !== 1 || !stored.id || !stored.tally) return null;
    const tally = emptyTally();
    addChunk(tally, stored.tally);
    return { id: stored.id, tally };
  } catch {
    return null; // storage refused, or a value that is not ours: nothing kept
  }
}

/**
 * The trials kept of this very rollout, or null.
 * @param {RolloutId} id
 * @returns {Tally | null}
 */
export function keptTally(id) {
  const kept = keptRollout();
  return kept && sameRollout(kept.id, id) ? kept.tally : null;
}

/**
 * Keep the trials done so far.
 * @param {RolloutId} id @param {Tally} tally
 */
export function keepRollout(id, tally) {
  if (tally.done === 0) return;
  try {
    localStorage.setItem(KEPT_KEY, JSON.stringify({ version: 1, id, tally: tallyChunk(tally) }));
  } catch {
    // storage full or refused: the rollout goes on, it is only not kept
  }
}

export function forgetRollout() {
  try {
    localStorage.removeItem(KEPT_KEY);
  } catch {
    // nothing kept to forget
  }
}
