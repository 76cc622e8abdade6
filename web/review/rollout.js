// @ts-check
/**
 * *Roll out* in review: a checker decision's best plays (and the play made, when it is not among them), a cube
 * decision's no double and double/take, or a take decision (the same rollout, seen from the taker: take or pass), rolled out with the hint's panel (web/engine/rollout-panel.js) shown under the
 * decision, and the finished result kept with the match's analysis (analyses.js `keepRollout`), shown for that
 * decision whenever review shows it again.
 */

import { rollDashed } from "../dice-words.js";
import { t } from "../i18n/i18n.js";
import { recordFingerprint } from "../record.js";
import { decisionView, playText } from "./analysis-data.js";
import { byId, node } from "./dom.js";

/** @typedef {import("./state.js").ReviewState} ReviewState */
/** @typedef {import("./analyses.js").KeptRollout} KeptRollout */

/**
 * The key a decision's rollout is kept under: its position and match IDs (the same decision wherever it comes).
 * @param {Record<string, any>} d
 */
export function decisionKey(d) {
  return `${d.position_id}:${d.match_id ?? ""}`;
}

/** The plays rolled out at most besides the play made (the hint's: web/engine/rollout-panel.js ROLLOUT_PLAYS). */
const ROLLOUT_PLAYS = 3;

/**
 * Whether decision `d` can be rolled out: a checker play with at least two candidates, a double (the doubler's
 * decision, before the roll: its position is the doubler's) or a take (the taker's answer: its position is the
 * doubler's too).
 * @param {Record<string, any>} d
 */
export function canRollOutDecision(d) {
  if (d.kind === "double" || d.kind === "take") return Boolean(d.position_id);
  return d.kind === "move" && Array.isArray(d.plays) && d.plays.length >= 2 && Boolean(d.position_id);
}

/**
 * The plays rolled out: the best ROLLOUT_PLAYS, and the play made when it is not among them.
 * @param {Record<string, any>} d
 * @returns {import("../engine/rollout-panel.js").HintPlay[]}
 */
export function rolloutPlays(d) {
  const plays = d.plays.slice(0, ROLLOUT_PLAYS);
  const made = d.plays.find((/** @type {any} */ p) => p.played);
  if (made && !plays.includes(made)) plays.push(made);
  return plays.map((/** @type {any} */ p) => ({ play: String(p.play), moves: p.moves ?? [] }));
}

/**
 * The fingerprint the analysis shown is saved under (saved.js: the record's first `actions` actions).
 * @param {ReviewState} state
 */
function fingerprintOf(state) {
  return recordFingerprint(state.record, Number(state.analysis?.actions) || 0);
}

/**
 * Read the rollouts kept with the analysis shown, then draw the decision again (`redraw`) to show its own.
 * @param {ReviewState} state @param {() => void} redraw
 */
export async function loadRollouts(state, redraw) {
  const analysis = state.analysis;
  state.rollouts = {};
  const fingerprint = fingerprintOf(state);
  const entry = await state.ctx.analyses.find((e) => e.fingerprint === fingerprint);
  if (state.left || state.analysis !== analysis || !entry?.rollouts) return;
  state.rollouts = entry.rollouts;
  redraw();
}

/**
 * Open the rollout panel under the decision shown.
 * @param {ReviewState} state @param {() => void} redraw  draws the decision again, with its new rollout
 */
export function openDecisionRollout(state, redraw) {
  const step = state.steps[state.at];
  const d = step?.decision;
  if (!d || !canRollOutDecision(d)) return;
  const analysis = state.analysis;
  const taker = d.kind === "take";
  const cube = d.kind === "double" || taker;
  const plays = cube ? [] : rolloutPlays(d);
  const view = /** @type {import("../types.js").PlayView} */ (/** @type {unknown} */ (decisionView(step, state.record, analysis?.match_length ?? null)));
  const best = () => ({ n: Math.min(ROLLOUT_PLAYS, plays.length), roll: cube ? "" : rollDashed(d.dice), plays: plays.map((p) => playText(p.play)).join(" · ") });
  // Words, not text: the panel writes them again in another language.
  const what = () => (taker
    ? t("review.rolloutTake", { value: (d.cube?.value ?? 1) * 2 })
    : cube
    ? t("review.rolloutCube", { value: d.cube?.value ?? 1 })
    : plays.length > ROLLOUT_PLAYS
    ? t("review.rolloutPlaysMade", { ...best(), made: playText(plays[ROLLOUT_PLAYS].play) })
    : t("review.rolloutPlays", best()));
  state.ctx.rollout?.open(view, plays, (text) => state.ctx.announcer.say(text), {
    host: byId("review-rollout"),
    chosen: plays,
    what,
    cube: cube && !taker,
    taker,
    shownElsewhere: () => t("review.rolloutShownAbove"),
    onResult: (result, id, verdict) => {
      /** @type {KeptRollout} */
      const kept = {
        plays: id.plays, trials: id.trials, truncation: id.truncation, seed: id.seed, savedAt: new Date().toISOString(), result,
        ...(id.cubeful ? { cubeful: true } : {}), ...(id.plies ? { plies: id.plies } : {}), ...(verdict ? { cube: verdict } : {}),
      };
      const key = decisionKey(d);
      if (state.analysis === analysis) state.rollouts = { ...state.rollouts, [key]: kept };
      void state.ctx.analyses.keepRollout(fingerprintOf(state), key, kept).then((saved) => {
        if (!saved.ok) state.ctx.announcer.say(t("review.rolloutNotKept", { error: saved.error.replace(/^the rollout /, "") }));
      });
      if (!state.left && state.analysis === analysis && state.steps[state.at]?.decision === d) redraw();
    },
  });
}

/** Close the rollout panel when it shows under a decision (review ends, or shows another decision); a rollout of
 * the hint's, opened in play, goes on.
 * @param {ReviewState} state */
export function leaveRollout(state) {
  if (byId("review-rollout").contains(byId("rollout-panel"))) state.ctx.rollout?.close();
}

/**
 * A rollout kept with the analysis, as the decision shows it: what was rolled out and the result's table.
 * @param {ReviewState} state @param {KeptRollout} kept @param {boolean} match
 * @returns {HTMLElement | null}
 */
export function keptRolloutView(state, kept, match) {
  const panel = state.ctx.rollout;
  if (!panel) return null;
  const box = node("div", "", "review-rollout-kept");
  const words = t("review.rolledOut", {
    trials: kept.result.trials, truncation: kept.truncation || 0, seed: String(kept.seed),
    cubeful: kept.cubeful ? "yes" : "no", plies: kept.plies ? "yes" : "no",
  });
  box.append(node("p", words, "rolled-out"));
  box.append(panel.verdictTable(kept.cube ?? null, match) ?? panel.table(kept.result, kept.plays.map((play) => ({ play })), match));
  return box;
}
