// @ts-check
/**
 * The control of the analysis run in review: the depth offered, the saved analysis shown on entering (or the offer to
 * analyse), a run started with its progress shown, cancelled, failed or done (then saved and shown).
 *
 * The run belongs to the page, not to one visit of review: when the player goes back to the game it goes on in the
 * background (the worker answers the game's requests between its steps), its progress on the page's *Analyse /
 * review* button (`ctx.showBackground`), and its result is saved when it comes; review entered again on the same
 * match takes the run up where it is. The worker keeps one analysis: a run started for another match ends the one in
 * the background.
 */

import { t } from "../i18n/i18n.js";
import { coverage } from "./analysis-data.js";
import { startPoolAnalysis } from "./analysis-pool.js";
import { startAnalysis } from "./analysis-run.js";
import { root } from "./dom.js";
import { say, showAnalysis } from "./panel.js";
import { saveAnalysis, savedAnalysis } from "./saved.js";
import { verdict } from "./summary.js";
import { checkDepth } from "../preferences.js";
import { recordFingerprint } from "../record.js";

/** @typedef {import("./state.js").ReviewState} ReviewState */

/**
 * The page's analysis run: what it analyses, how far it is, and the review that shows it (null: in the background).
 * @typedef {object} Job
 * @property {ReturnType<typeof startAnalysis>} run
 * @property {number} workers  the pool's workers sharing it (0: play's worker alone)
 * @property {Record<string, any>} record
 * @property {string} fingerprint  the record's, whole
 * @property {number} done
 * @property {number} all
 * @property {number} [restarts]  the pool's dead workers replaced (their parts judged again)
 * @property {ReviewState | null} view
 * @property {import("./review.js").ReviewContext} ctx  the page's (its storage, its announcer) when the run began
 */

/** @type {Job | null} */
let current = null;

/** @param {Job} job */
const shown = (job) => (job.view && !job.view.left ? job.view : null);

/** @param {Job} job */
const progressText = (job) => {
  const args = { done: job.done, all: job.all, workers: job.workers, restarted: job.restarts ? "yes" : "no" };
  if (job.all) return job.workers > 1 ? t("review.progressEngines", args) : t("review.progress", args);
  return job.workers ? t("review.startingEngines", { n: job.workers }) : t("review.starting");
};

/**
 * Another language is in force: the progress of the run review shows, if any, written again.
 * @param {ReviewState} state
 */
export function relabelRun(state) {
  if (current && shown(current) === state) showProgress(state, current);
  else if (state.run) state.dom.count.textContent = t("review.starting");
}

/**
 * On entering: the depth offered first, and the saved analysis shown if there is one; else the offer to analyse. A
 * run of this match going on in the background is taken up; else a run starts at once when asked (`ctx.autostart`)
 * and no saved analysis covers the whole match.
 * @param {ReviewState} state
 */
export async function offerAnalysis(state) {
  const { ctx, dom, record, total } = state;
  dom.depthSelect.value = String(checkDepth(ctx.depth));
  setRunning(state, false);
  const kept = await savedAnalysis(ctx.analyses, record, total);
  const problem = ctx.analyses.takeProblem();
  if (state.left || state.run) return; // review ended, or the player started a run meanwhile
  root.dataset.analysis = "none";
  dom.startButton.textContent = kept ? t("review.analyseAgain") : t("review.analyse");
  const going = current && current.fingerprint === recordFingerprint(record) ? current : null;
  if (kept) {
    root.dataset.analysisSource = "stored";
    showAnalysis(state, kept.analysis);
    const { covered, stale } = coverage(kept.analysis, record);
    say(state, () => (stale ? t("review.stale", { covered, total }) : t("review.loaded")));
    if (going) takeUp(state, going);
    else if (stale && ctx.autostart) void analyse(state);
  } else if (going) {
    root.dataset.analysisSource = "";
    takeUp(state, going);
  } else {
    root.dataset.analysisSource = "";
    say(state, () => (problem ? t("review.notAnalysedProblem", { problem }) : t("review.notAnalysed")));
    if (ctx.autostart) void analyse(state);
    else dom.startButton.focus();
  }
}

/** @param {ReviewState} state @param {boolean} running */
function setRunning(state, running) {
  const { dom } = state;
  dom.progress.hidden = !running;
  dom.startButton.disabled = running;
  dom.depthSelect.disabled = running;
}

/**
 * Show a run's progress in `state`'s review.
 * @param {ReviewState} state @param {Job} job
 */
function showProgress(state, job) {
  const { dom } = state;
  dom.bar.max = Math.max(1, job.all);
  dom.bar.value = job.done;
  dom.count.textContent = progressText(job);
}

/**
 * Review entered again on the match a run analyses: the run is shown here again, where it is.
 * @param {ReviewState} state @param {Job} job
 */
function takeUp(state, job) {
  job.view = state;
  state.run = job.run;
  state.ctx.showBackground?.(null);
  setRunning(state, true);
  showProgress(state, job);
  root.dataset.analysis = "running";
  say(state, () => t("review.goesOn"));
}

/**
 * Analyse the match at the depth chosen, unless a run is in progress here. A run of another match in the background
 * gives way (the worker keeps one).
 * @param {ReviewState} state
 */
export async function analyse(state) {
  if (state.run) return;
  const { ctx, dom, record } = state;
  if (current) {
    current.run.cancel();
    current.view = null;
    current = null;
    ctx.showBackground?.(null);
  }
  const depth = checkDepth(Number(dom.depthSelect.value));
  ctx.setDepth(depth);
  dom.bar.value = 0;
  dom.bar.max = 1;
  dom.count.textContent = t("review.starting");
  setRunning(state, true);
  root.dataset.analysis = "running";
  root.dataset.analysisRuns = String(Number(root.dataset.analysisRuns || 0) + 1);
  say(state, () => t("review.analysing"));
  /** @type {Job} */
  const job = {
    run: /** @type {any} */ (null), workers: 0, record, fingerprint: recordFingerprint(record), done: 0, all: 0, view: state, ctx,
  };
  /** @param {number} done @param {number} all */
  const onProgress = (done, all) => {
    job.done = done;
    job.all = all;
    const view = shown(job);
    if (view) showProgress(view, job);
    else if (current === job) ctx.showBackground?.(percentDone(job));
  };
  // The deep analysis is shared among the pool's workers; the lighter depths run on play's worker, a step at a
  // time between the game's requests.
  if (depth >= 2 && ctx.pool) {
    /** @param {number} restarts */
    const onRestart = (restarts) => {
      job.restarts = restarts;
      root.dataset.analysisRestarts = String(restarts);
      onProgress(job.done, job.all);
    };
    const run = startPoolAnalysis({ makePool: ctx.pool, record, depth, onProgress, onRestart });
    job.run = run;
    job.workers = run.workers;
    root.dataset.analysisWorkers = String(run.workers);
  } else {
    job.run = startAnalysis({ call: ctx.call, record, depth, onProgress });
    delete root.dataset.analysisWorkers;
  }
  dom.count.textContent = progressText(job);
  state.run = job.run;
  current = job;
  await finish(job);
}

/**
 * The run's end: failed, cancelled or done; a result is saved whether review still shows the run or not.
 * @param {Job} job
 */
async function finish(job) {
  const { ctx, record } = job;
  let result;
  try {
    result = await job.run.result;
  } catch (error) {
    end(job);
    const words = () => t("review.failed", { error: ctx.failureDetail(error) });
    const view = shown(job);
    if (!view) return ctx.announcer.say(words());
    root.dataset.analysis = "failed";
    say(view, words);
    return;
  }
  end(job);
  const view = shown(job);
  if (!result) {
    if (!view) return;
    root.dataset.analysis = view.analysis ? "done" : "cancelled";
    const kept = Boolean(view.analysis);
    say(view, () => (kept ? t("review.cancelledKept") : t("review.cancelled")));
    view.dom.startButton.focus();
    return;
  }
  const actions = Number(/** @type {any} */ (result).actions) || 0;
  const saved = await saveAnalysis(ctx.analyses, record, actions, result);
  const later = shown(job);
  if (!later) {
    if (!root.dataset.mode) root.dataset.analysis = "background-done";
    ctx.announcer.say(saved.ok ? t("review.doneSavedBackground") : t("review.doneNotSavedBackground", { error: saved.error }));
    return;
  }
  root.dataset.analysisSource = "computed";
  showAnalysis(later, result);
  later.dom.startButton.textContent = t("review.analyseAgain");
  // said again in the unit the player chooses next (panel.js setUnit), and in another language
  const done = () => (saved.ok ? t("review.doneSaved") : t("review.doneNotSaved", { error: saved.error }));
  say(later, () => `${done()} ${verdict(result, later.names, later.unit)}`);
  // focused at the next frame, where the review just filled is laid out anyway: focusing it now would lay it out
  // inside this task
  const first = /** @type {HTMLElement | null} */ (later.dom.body.querySelector("[data-go=first]"));
  requestAnimationFrame(() => {
    if (!later.left) first?.focus();
  });
}

/**
 * A run ended: no longer the page's, nor shown anywhere.
 * @param {Job} job
 */
function end(job) {
  const view = shown(job);
  if (view) {
    view.run = null;
    setRunning(view, false);
  }
  if (current === job) {
    current = null;
    job.ctx.showBackground?.(null);
  }
}

/** How far a run is, in whole per cent. @param {Job} job */
const percentDone = (job) => Math.floor((100 * job.done) / Math.max(1, job.all));

/**
 * Review ends: a run in progress goes on in the background; its result, when it comes, is saved.
 * @param {ReviewState} state
 */
export function leaveRun(state) {
  if (!state.run || !current || current.view !== state) return;
  const job = current;
  job.view = null;
  state.run = null;
  state.ctx.showBackground?.(percentDone(job));
  state.ctx.announcer.say(t("review.background"));
}
