// @ts-check
/**
 * The control of the analysis run in review: the depth offered, the saved analysis shown on entering (or the offer to
 * analyse), a run started with its progress shown, cancelled, failed or done (then saved and shown), and stopped when
 * review ends.
 */

import { coverage } from "./analysis-data.js";
import { startAnalysis } from "./analysis-run.js";
import { root } from "./dom.js";
import { say, showAnalysis } from "./panel.js";
import { saveAnalysis, savedAnalysis } from "./saved.js";
import { verdict } from "./summary.js";
import { checkDepth } from "../preferences.js";

/** @typedef {import("./state.js").ReviewState} ReviewState */

/**
 * On entering: the depth offered first, and the saved analysis shown if there is one; else the offer to analyse. A
 * run starts at once when asked (`ctx.autostart`) and no saved analysis covers the whole match.
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
  dom.startButton.textContent = kept ? "Analyse again" : "Analyse";
  if (kept) {
    root.dataset.analysisSource = "stored";
    showAnalysis(state, kept.analysis);
    const { covered, stale } = coverage(kept.analysis, record);
    say(state, stale
      ? `The saved analysis covers the first ${covered} of the match's ${total} actions: the match went on after it. Analyse again to include the rest.`
      : "Analysis loaded from this browser's storage.");
    if (stale && ctx.autostart) void analyse(state);
  } else {
    root.dataset.analysisSource = "";
    say(state, `${problem ? `Note: ${problem}. ` : ""}This match has not been analysed yet. Choose how deep, then Analyse: each decision of both players is judged by the computer.`);
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
 * Analyse the match at the depth chosen, unless a run is in progress.
 * @param {ReviewState} state
 */
export async function analyse(state) {
  if (state.run) return;
  const { ctx, dom, record } = state;
  const depth = checkDepth(Number(dom.depthSelect.value));
  ctx.setDepth(depth);
  dom.bar.value = 0;
  dom.bar.max = 1;
  dom.count.textContent = "Starting…";
  setRunning(state, true);
  root.dataset.analysis = "running";
  root.dataset.analysisRuns = String(Number(root.dataset.analysisRuns || 0) + 1);
  say(state, "Analysing the match: every play and every chance to double is a decision judged.");
  const started = startAnalysis({
    call: ctx.call,
    record,
    depth,
    onProgress: (done, all) => {
      dom.bar.max = Math.max(1, all);
      dom.bar.value = done;
      dom.count.textContent = `${done} of ${all} decisions judged`;
    },
  });
  state.run = started;
  let result;
  try {
    result = await started.result;
  } catch (error) {
    if (state.run === started) {
      state.run = null;
      setRunning(state, false);
      root.dataset.analysis = "failed";
      say(state, `The analysis failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return;
  }
  if (state.run !== started) return; // left review meanwhile
  state.run = null;
  setRunning(state, false);
  if (!result) {
    root.dataset.analysis = state.analysis ? "done" : "cancelled";
    say(state, state.analysis ? "Analysis cancelled; the earlier analysis is still shown." : "Analysis cancelled. Nothing was changed.");
    dom.startButton.focus();
    return;
  }
  const actions = Number(/** @type {any} */ (result).actions) || state.total;
  const saved = await saveAnalysis(ctx.analyses, record, actions, result);
  root.dataset.analysisSource = "computed";
  showAnalysis(state, result);
  dom.startButton.textContent = "Analyse again";
  say(state, `Analysis done${saved.ok ? " and saved" : ` but not saved (${saved.error})`}. ${verdict(result, state.names, state.unit)}`);
  /** @type {HTMLElement | null} */ (dom.body.querySelector("[data-go=first]"))?.focus();
}

/**
 * Review ends: a run in progress is cancelled and its result, when it comes, ignored.
 * @param {ReviewState} state
 */
export function stopRun(state) {
  if (!state.run) return;
  state.run.cancel();
  state.run = null;
  state.ctx.announcer.say("Analysis cancelled.");
}
