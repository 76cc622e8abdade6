// @ts-check
/**
 * Review mode: the same board, used to step through an analysed match. Entered with `enterReview(context)`, left with
 * the handle's `exit()`; it owns the review panel (#review-panel), the chart under the board (#review-chart-area), the
 * keys Left / Right / Home / End / Escape while it is on, and the analysis calls to the worker. It never changes the
 * match in progress: the page (web/app.js) redraws that when review ends.
 *
 * Board config it sets: `{view: <the position before the decision>, interactive: false, arrows: [the play made, the
 * best play]}`.
 */

import { renderChart } from "./analysis-chart.js";
import { coverage, decisionText, luckSymbol, LUCK_WORDS, markSymbol, MARK_WORDS, stepsOf } from "./analysis-data.js";
import { startAnalysis } from "./analysis-run.js";
import { decisionBoard } from "./board-view.js";
import { renderDecision, spoken } from "./decision.js";
import { byId as $, node, root } from "./dom.js";
import { renderSummary, verdict } from "./summary.js";
import { countActions, recordFingerprint } from "../record.js";
import { checkDepth } from "../preferences.js";

/**
 * @typedef {object} ReviewContext
 * @property {{set: (config: object) => void}} board
 * @property {(method: string, params?: object) => Promise<any>} call  a worker method (rules errors reject)
 * @property {{say: (text: string) => void}} announcer
 * @property {ReturnType<typeof import("../storage.js").createAnalysisStorage>} analyses
 * @property {Record<string, any>} record  the match to review
 * @property {{name: string, summary: Record<string, any>} | null} imported  a match opened from a file, not the one in progress
 * @property {number} depth  the analysis depth to offer first (0, 1 or 2)
 * @property {(depth: number) => void} setDepth  remember the player's choice
 * @property {boolean} autostart  analyse at once when no saved analysis covers the whole match
 * @property {() => void} leave  the player asked to go back to the match
 * @property {(() => void) | null} continueMatch  play the imported match on (null: not offered)
 */

/**
 * @param {ReviewContext} ctx
 * @returns {{exit: () => void}}
 */
export function enterReview(ctx) {
  const { board, announcer, record } = ctx;
  const names = (record.players ?? []).map((/** @type {any} */ p, /** @type {number} */ i) => p?.name || `Player ${i + 1}`);
  const panel = $("review-panel");
  const chartArea = $("review-chart-area");
  const body = $("review-body");
  const note = $("analysis-note");
  const progress = $("analysis-progress");
  const bar = /** @type {HTMLProgressElement} */ ($("analysis-bar"));
  const count = $("analysis-count");
  const startButton = /** @type {HTMLButtonElement} */ ($("analysis-start"));
  const depthSelect = /** @type {HTMLSelectElement} */ ($("analysis-depth"));
  const moves = $("review-moves");
  /** @type {ReturnType<typeof stepsOf>} */
  let steps = [];
  /** @type {Record<string, any> | null} */
  let analysis = null;
  let at = 0;
  /** @type {ReturnType<typeof startAnalysis> | null} */
  let run = null;
  /** @type {ReturnType<typeof renderChart> | null} */
  let chart = null;
  /** @type {HTMLButtonElement[]} */
  let moveButtons = [];
  /** @type {HTMLElement | null} */
  let toKeepInSight = null; // the move button to scroll to at the next frame
  const unbinds = /** @type {Array<() => void>} */ ([]);

  /** @param {EventTarget} target @param {string} type @param {(event: any) => void} fn */
  function listen(target, type, fn) {
    target.addEventListener(type, fn);
    unbinds.push(() => target.removeEventListener(type, fn));
  }

  // ---- entering ------------------------------------------------------------------------------------------------
  root.dataset.mode = "review";
  panel.hidden = false;
  chartArea.hidden = true;
  body.hidden = true;
  moves.replaceChildren();
  $("review-decision").replaceChildren();
  $("review-summary").replaceChildren();
  const summary = ctx.imported?.summary;
  $("review-source").textContent = ctx.imported
    ? `Opened from ${ctx.imported.name}: ${names.join(" against ")}, ${summary?.match_length ? `${summary.match_length}-point match` : "money session"}, ${summary?.games ?? "?"} game${summary?.games === 1 ? "" : "s"}, score ${(summary?.score ?? []).join("–")}${summary?.finished ? ", finished" : ", not finished"}. Your match in progress is unchanged.`
    : `The match in progress: ${names.join(" against ")}.`;
  const continueButton = /** @type {HTMLButtonElement} */ ($("review-continue"));
  continueButton.hidden = !ctx.continueMatch;
  depthSelect.value = String(checkDepth(ctx.depth));
  setRunning(false);
  root.dataset.analysis = "none";

  const total = countActions(record);
  const kept = ctx.analyses.find((entry) => entry.actions <= total && entry.fingerprint === recordFingerprint(record, entry.actions));
  const problem = ctx.analyses.takeProblem();
  startButton.textContent = kept ? "Analyse again" : "Analyse";
  if (kept) {
    root.dataset.analysisSource = "stored";
    showAnalysis(kept.analysis);
    const { covered, stale } = coverage(kept.analysis, record);
    say(stale
      ? `The saved analysis covers the first ${covered} of the match's ${total} actions: the match went on after it. Analyse again to include the rest.`
      : "Analysis loaded from this browser's storage.");
    if (stale && ctx.autostart) analyse();
  } else {
    root.dataset.analysisSource = "";
    say(`${problem ? `Note: ${problem}. ` : ""}This match has not been analysed yet. Choose how deep, then Analyse: each decision of both players is judged by the computer.`);
    if (ctx.autostart) analyse();
    else startButton.focus();
  }

  // ---- analysing -----------------------------------------------------------------------------------------------
  /** @param {boolean} running */
  function setRunning(running) {
    progress.hidden = !running;
    startButton.disabled = running;
    depthSelect.disabled = running;
  }

  /** @param {string} text */
  function say(text) {
    note.textContent = text;
    announcer.say(text);
  }

  async function analyse() {
    if (run) return;
    const depth = checkDepth(Number(depthSelect.value));
    ctx.setDepth(depth);
    bar.value = 0;
    bar.max = 1;
    count.textContent = "Starting…";
    setRunning(true);
    root.dataset.analysis = "running";
    root.dataset.analysisRuns = String(Number(root.dataset.analysisRuns || 0) + 1);
    say("Analysing the match…");
    const started = startAnalysis({
      call: ctx.call,
      record,
      depth,
      onProgress: (done, all) => {
        bar.max = Math.max(1, all);
        bar.value = done;
        count.textContent = `${done} of ${all} decisions`;
      },
    });
    run = started;
    let result;
    try {
      result = await started.result;
    } catch (error) {
      if (run === started) {
        run = null;
        setRunning(false);
        root.dataset.analysis = "failed";
        say(`The analysis failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      return;
    }
    if (run !== started) return; // left review meanwhile
    run = null;
    setRunning(false);
    if (!result) {
      root.dataset.analysis = analysis ? "done" : "cancelled";
      say(analysis ? "Analysis cancelled; the earlier analysis is still shown." : "Analysis cancelled. Nothing was changed.");
      startButton.focus();
      return;
    }
    const actions = Number(/** @type {any} */ (result).actions) || total;
    const fingerprint = recordFingerprint(record, actions);
    const saved = ctx.analyses.save(
      { fingerprint, actions, savedAt: new Date().toISOString(), analysis: result },
      (entry) => entry.actions < actions && entry.fingerprint === recordFingerprint(record, entry.actions),
    );
    root.dataset.analysisSource = "computed";
    showAnalysis(result);
    startButton.textContent = "Analyse again";
    say(`Analysis done${saved.ok ? " and saved" : ` but not saved (${saved.error})`}. ${verdict(result, names)}`);
    /** @type {HTMLElement | null} */ (body.querySelector("[data-go=first]"))?.focus();
  }

  // ---- showing an analysis -------------------------------------------------------------------------------------
  /** @param {Record<string, any>} a */
  function showAnalysis(a) {
    analysis = a;
    steps = stepsOf(a);
    root.dataset.analysis = "done";
    body.hidden = false;
    renderSummary($("review-summary"), a, record, names);
    renderMoves();
    chartArea.hidden = steps.length === 0;
    chart = steps.length
      ? renderChart($("review-chart"), steps, { match: a.unit === "match", names, onPick: (i) => go(i, true) })
      : null;
    go(0, false);
  }

  function renderMoves() {
    const fragment = document.createDocumentFragment();
    moveButtons = [];
    /** @type {HTMLOListElement | null} */
    let list = null;
    let game = -1;
    for (const step of steps) {
      if (step.game !== game) {
        game = step.game;
        const g = analysis?.games?.[game] ?? {};
        const won = typeof g.winner === "number" ? ` — ${names[g.winner] ?? ""} won ${g.points} point${g.points === 1 ? "" : "s"}` : "";
        fragment.append(node("h4", `Game ${step.gameNumber} (${(step.score ?? []).join("–")})${won}`));
        list = /** @type {HTMLOListElement} */ (node("ol"));
        fragment.append(list);
      }
      const d = step.decision;
      const button = /** @type {HTMLButtonElement} */ (node("button", "", `move-button${d.mark ? ` marked ${d.mark}` : ""}`));
      button.type = "button";
      button.dataset.at = String(step.at);
      const who = node("span", names[d.player] ?? "", `who p${d.player}`);
      button.append(who, ` ${decisionText(d)}`);
      if (d.mark) {
        const mark = node("span", markSymbol(d.mark), `mark ${d.mark}`);
        mark.setAttribute("aria-label", MARK_WORDS[/** @type {"bad"} */ (d.mark)] ?? d.mark);
        mark.setAttribute("role", "img");
        button.append(" ", mark);
      }
      if (d.luck_mark) {
        const luck = node("span", luckSymbol(d.luck_mark), `luck ${d.luck_mark}`);
        luck.setAttribute("aria-label", `roll ${LUCK_WORDS[/** @type {"lucky"} */ (d.luck_mark)] ?? d.luck_mark}`);
        luck.setAttribute("role", "img");
        button.append(" ", luck);
      }
      const item = node("li");
      item.append(button);
      list?.append(item);
      moveButtons.push(button);
    }
    moves.replaceChildren(fragment);
  }

  // ---- stepping ------------------------------------------------------------------------------------------------
  /**
   * Show decision `i`: the board before it, the play made and the best one, the figures.
   * @param {number} i @param {boolean} speak
   */
  function go(i, speak) {
    if (!steps.length) return;
    at = Math.min(steps.length - 1, Math.max(0, i));
    const step = steps[at];
    panel.dataset.at = String(at);
    board.set(decisionBoard(step, record, analysis?.match_length ?? null));
    $("review-where").textContent = `Decision ${at + 1} of ${steps.length} · game ${step.gameNumber}`;
    for (const [name, disabled] of [["first", at === 0], ["previous", at === 0], ["next", at === steps.length - 1], ["last", at === steps.length - 1]]) {
      const b = /** @type {HTMLButtonElement} */ (body.querySelector(`[data-go=${name}]`));
      // a focused button that gets disabled would drop the keyboard player's focus: keep it enabled-looking instead
      b.setAttribute("aria-disabled", String(disabled));
    }
    moves.querySelector("[aria-current]")?.removeAttribute("aria-current");
    const current = moveButtons[at];
    current?.setAttribute("aria-current", "step");
    if (current) keepInSightSoon(current);
    chart?.setCurrent(at);
    renderDecision($("review-decision"), step, names);
    if (speak) announcer.say(spoken(step, steps.length, names));
  }

  /**
   * Scroll the move list to `item` at the next frame, where the browser lays the page out anyway: measuring it
   * now would force a layout of the whole review into this task (half of it when an analysis is first shown).
   * @param {HTMLElement} item
   */
  function keepInSightSoon(item) {
    if (!toKeepInSight) {
      requestAnimationFrame(() => {
        if (toKeepInSight?.isConnected) keepInSight(moves, toKeepInSight);
        toKeepInSight = null;
      });
    }
    toKeepInSight = item;
  }

  /** @param {HTMLElement} box @param {HTMLElement} item */
  function keepInSight(box, item) {
    // by the boxes on screen: offsetTop counts from the nearest positioned ancestor, which the list itself is
    const seenTop = box.getBoundingClientRect().top + box.clientTop;
    const { bottom } = item.getBoundingClientRect();
    // a game's first decision brings its game's heading along
    const list = item.closest("ol");
    const heading = list?.firstElementChild?.contains(item) ? list.previousElementSibling : null;
    const top = (heading ?? item).getBoundingClientRect().top;
    if (top < seenTop) box.scrollTop -= seenTop - top;
    else if (bottom > seenTop + box.clientHeight) box.scrollTop += bottom - seenTop - box.clientHeight;
  }

  // ---- input ---------------------------------------------------------------------------------------------------
  /** @param {string} where */
  function step(where) {
    if (!steps.length) return;
    const target = { first: 0, previous: at - 1, next: at + 1, last: steps.length - 1 }[/** @type {"first"} */ (where)];
    if (typeof target === "number") go(target, true);
  }

  listen(body, "click", (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    const nav = target.closest("[data-go]");
    if (nav instanceof HTMLElement) return step(nav.dataset.go ?? "");
    const move = target.closest("button[data-at]");
    if (move instanceof HTMLElement) go(Number(move.dataset.at), true);
  });
  listen(startButton, "click", () => void analyse());
  listen($("analysis-cancel"), "click", () => run?.cancel());
  listen($("review-close"), "click", () => ctx.leave());
  listen(continueButton, "click", () => ctx.continueMatch?.());
  listen(document, "keydown", (/** @type {KeyboardEvent} */ event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest("input, select, textarea, dialog, [data-loc]")) return;
    const where = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" }[event.key];
    if (where && steps.length) {
      event.preventDefault();
      step(where);
    } else if (event.key === "Escape" && !run) {
      event.preventDefault();
      ctx.leave();
    }
  });

  return {
    exit() {
      if (run) {
        run.cancel();
        run = null;
        announcer.say("Analysis cancelled.");
      }
      for (const off of unbinds.splice(0)) off();
      root.dataset.mode = "";
      if (root.dataset.analysis === "running") root.dataset.analysis = "cancelled";
      panel.hidden = true;
      chartArea.hidden = true;
      $("review-chart").replaceChildren();
      board.set({ arrows: [] });
    },
  };
}
