// @ts-check
/**
 * *Roll out* from the hint: the best plays of the roll at hand played out many times by the engine on a pool of
 * workers (web/engine/pool.js, never play's worker: the board does not wait on it), with its settings, progress,
 * *Stop*, and the figures as GNU Backgammon shows them. The panel is #rollout-panel in index.html. The trials done
 * are kept (web/engine/rollout-kept.js): the same rollout asked for after a reload continues from them. *Cubeful*
 * turns the cube in the trials (on where the match has a live cube); a cube decision (`options.cube`) rolls out no
 * double and double/take and shows the three actions with the verdict; a take decision (`options.taker`) rolls out
 * the same and shows it from the side answering the double: take or pass.
 */
import { rollDashed } from "../dice-words.js";
import { decimal, isolated, LANGUAGE_CHANGED, t } from "../i18n/i18n.js";
import { failureDetail } from "./page-engine.js";
import { createPool, deviceFacts, poolSize } from "./pool.js";
import { offerWorkers } from "./workers-choice.js";
import { forgetRollout, keepRollout, keptRollout, keptTally } from "./rollout-kept.js";
import { emptyTally, startRollout, tallyChunk } from "./rollout-run.js";

/** The plays rolled out: the hint's best ones, as many as a rollout of a contact position's plays is measured with
 * (docs/performance.md, "Rollout speed"). */
export const ROLLOUT_PLAYS = 3;

/**
 * @typedef {import("../types.js").PlayView} PlayView
 * @typedef {import("../types.generated.js").RolloutResult} RolloutResult
 * @typedef {import("../types.generated.js").CubeRolloutResult} CubeRolloutResult
 * @typedef {import("../types.generated.js").TakeRolloutResult} TakeRolloutResult
 * @typedef {import("./rollout-run.js").RolloutProgress} RolloutProgress
 * @typedef {{play: string, moves: {from: number | "bar" | "off", to: number | "bar" | "off"}[]}} HintPlay
 * @typedef {import("./rollout-kept.js").RolloutId} RolloutId
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** What is running now, so that a second *Start* or the panel's closing stops it first. */
let current = /** @type {{stop: () => void} | null} */ (null);

/**
 * Whether the hint's plays can be rolled out: a checker play with a choice, no checker moved yet.
 * @param {PlayView} view @param {HintPlay[]} plays
 */
export function canRollOut(view, plays) {
  return view.phase === "move" && plays.length >= 2 && (view.moves_made?.length ?? 0) === 0 && Boolean(view.position_id);
}

/**
 * What the panel is opened with besides the plays: where it shows (the hint's place in play, or the review's
 * decision), its first line, and who hears of a finished rollout (the review keeps it with the match's analysis).
 * @typedef {object} RolloutOptions
 * @property {HTMLElement} [host]  the element the panel goes into (by default its place in index.html)
 * @property {string | (() => string)} [what]  what is rolled out, in words (by default the hint's "The best 3 plays of
 *   3-1: …"); a function gives them again in another language
 * @property {(result: RolloutResult, id: RolloutId, cube: CubeRolloutResult | TakeRolloutResult | null) => void} [onResult]
 *   `cube`: a cube decision's verdict (a take decision's with `taker`)
 * @property {boolean} [cube]  roll out the cube decision of `view` (the side on roll's, before its roll)
 * @property {boolean} [taker]  roll out the take decision of `view` (a double offered: `turn` the doubler, `decision`
 *   the taker): the doubler's cube decision rolled out, its verdict the taker's
 * @property {boolean} [beforeRoll]  the position itself rolled out before its roll (no dice: the editor's), its one
 *   "play" only naming it
 * @property {string | (() => string)} [shownElsewhere]  where the finished result is shown instead of the panel's
 *   table, in words (the review shows it with the decision it keeps it for: once on the page, not twice)
 */

/** A cube decision's two rollouts, in the order `rollout_chunk {cube_decision}` plays them. */
export const CUBE_PLAYS = Object.freeze([{ play: "No double", moves: [] }, { play: "Double, take", moves: [] }]);

/**
 * Whether the cube can turn in `view`'s game: a live cube (not a 1-point match, not the Crawford game, not a dead
 * cube).
 * @param {PlayView} view
 */
export function cubeIsLive(view) {
  return !view.cube?.dead && !view.crawford_game && view.settings?.match_length !== 1;
}

/**
 * Whether `view` is a cube decision that can be rolled out: the side on roll before its roll, free to double.
 * @param {PlayView} view
 */
export function canRollOutCube(view) {
  return Boolean(view.position_id) && (view.dice?.length ?? 0) === 0 && cubeIsLive(view) && view.cube?.owner !== 1 - (view.decision ?? view.turn ?? 0);
}

/**
 * What the panel wrote, as functions that write it again in the language in force (a language switch rewrites the
 * panel at once: `rewrite`): each element's words by its id, the figures' table, the label of *Start*.
 */
const written = {
  /** @type {Map<string, () => string>} */
  texts: new Map(),
  /** @type {(() => Node | null) | null} */
  figures: null,
  /** @type {(() => void) | null} */
  startLabel: null,
  listening: false,
};

/**
 * Write `words()` in the element `id`, and again whenever the language changes ("" clears it).
 * @param {string} id @param {(() => string) | string} words
 */
function write(id, words) {
  const text = typeof words === "function" ? words : () => words;
  $(id).textContent = text();
  if (typeof words === "function") written.texts.set(id, text);
  else written.texts.delete(id);
}

/**
 * Show `table()` as the figures, drawn again whenever the language changes (null: none).
 * @param {(() => Node | null) | null} table
 */
function drawFigures(table) {
  written.figures = table;
  const node = table?.();
  if (node) $("rollout-figures").replaceChildren(node);
  else $("rollout-figures").replaceChildren();
}

/** The panel's words written again in the language now in force. */
function rewrite() {
  for (const [id, words] of written.texts) $(id).textContent = words();
  if (written.figures) drawFigures(written.figures);
  written.startLabel?.();
  const workers = /** @type {HTMLSelectElement} */ ($("rollout-workers"));
  if (workers.options.length > 1) {
    const disabled = workers.disabled;
    offerWorkers(workers);
    workers.disabled = disabled;
  }
}

/** @param {string | (() => string) | undefined} words */
const wordsOf = (words) => (typeof words === "function" ? words : () => words ?? "");

/** The panel's place in index.html, noted before it is first moved elsewhere. */
let home = /** @type {{parent: Node, next: Node | null} | null} */ (null);

/** @param {HTMLElement} panel @param {HTMLElement | undefined} host */
function place(panel, host) {
  if (!home && panel.parentNode) home = { parent: panel.parentNode, next: panel.nextSibling };
  if (host) {
    if (panel.parentNode !== host) host.append(panel);
  } else if (home && panel.parentNode !== home.parent) {
    home.parent.insertBefore(panel, home.next);
  }
}

/**
 * Open the panel for `plays` of `view`'s roll: the hint's best ones (`chosen`: the first ROLLOUT_PLAYS of them), or
 * those the caller chose.
 * @param {PlayView} view @param {HintPlay[]} plays the hint's plays, best first
 * @param {(text: string) => void} say
 * @param {RolloutOptions & {chosen?: HintPlay[]}} [options]
 */
export function openRollout(view, plays, say, options = {}) {
  stopCurrent();
  const panel = $("rollout-panel");
  place(panel, options.host);
  const cube = Boolean(options.cube || options.taker);
  const chosen = cube ? [...CUBE_PLAYS] : (options.chosen ?? plays.slice(0, ROLLOUT_PLAYS));
  if (!written.listening) {
    document.addEventListener(LANGUAGE_CHANGED, rewrite);
    written.listening = true;
  }
  const roll = view.dice ? rollDashed(view.dice) : "";
  write("rollout-what", options.what !== undefined ? wordsOf(options.what)
    : options.taker ? () => t("rollout.whatTake")
    : cube ? () => t("rollout.whatCube")
    : () => t("rollout.whatPlays", { n: chosen.length, roll, plays: chosen.map((p) => isolated(p.play)).join(" · ") }));
  const cubeful = /** @type {HTMLInputElement} */ ($("rollout-cubeful"));
  // A cube decision is rolled out cubefully, always; plays where the cube can turn, by default.
  cubeful.checked = cube || (!options.beforeRoll && cubeIsLive(view));
  cubeful.dataset.fixed = cube ? "yes" : "";
  // the editor's position before its roll is rolled out cubeless
  cubeful.disabled = cube || Boolean(options.beforeRoll);
  write("rollout-status", "");
  write("rollout-progress-line", "");
  drawFigures(null);
  offerWorkers(/** @type {HTMLSelectElement} */ ($("rollout-workers")));
  setState(panel, "ready");
  panel.hidden = false;
  const form = /** @type {HTMLFormElement} */ ($("rollout-form"));
  const kept = keptRollout();
  const base = rolloutBase(view, chosen);
  if (kept && kept.id.position_id === base.position_id && kept.id.match_id === base.match_id
    && JSON.stringify(kept.id.plays) === JSON.stringify(base.plays)) {
    /** @type {HTMLSelectElement} */ ($("rollout-trials")).value = String(kept.id.trials);
    /** @type {HTMLInputElement} */ ($("rollout-truncation")).value = String(kept.id.truncation);
    /** @type {HTMLInputElement} */ ($("rollout-seed")).value = String(kept.id.seed);
    /** @type {HTMLSelectElement} */ ($("rollout-plies")).value = String(kept.id.plies ?? 0);
    cubeful.checked = cube || Boolean(kept.id.cubeful);
    const { done } = kept.tally;
    const { trials } = kept.id;
    write("rollout-status", () => t("rollout.kept", { done, trials }));
  }
  const startLabel = () => {
    // Marked as index.html marks it, so that the page's own translation (web/i18n/i18n.js) writes the same word.
    const start = $("rollout-start");
    const id = keptTally({ ...base, ...settings() }) ? "rollout.continue" : "rollout.start";
    start.dataset.i18n = id;
    start.textContent = t(id);
  };
  written.startLabel = startLabel;
  startLabel();
  form.oninput = startLabel;
  $("rollout-stop").onclick = () => {
    stopCurrent();
    setState(panel, "stopped");
    write("rollout-status", () => t("rollout.stopped"));
    startLabel();
    say(t("rollout.stoppedSaid"));
  };
  form.onsubmit = (event) => {
    event.preventDefault();
    void run(view, chosen, say, options);
  };

  $("rollout-close").onclick = () => closeRollout();
  /** @type {HTMLElement} */ (panel.querySelector("h2")).focus?.();
}

/**
 * What identifies the rollout of these plays, but for its settings.
 * @param {PlayView} view @param {HintPlay[]} chosen
 */
function rolloutBase(view, chosen) {
  return { position_id: view.position_id, match_id: view.match_id ?? null, plays: chosen.map((p) => p.play) };
}

/** Stop what runs and hide the panel, back in its place in index.html. */
export function closeRollout() {
  stopCurrent();
  const panel = $("rollout-panel");
  panel.hidden = true;
  place(panel, undefined);
}

function stopCurrent() {
  current?.stop();
  current = null;
}

/** @param {HTMLElement} panel @param {"ready" | "running" | "stopped" | "done" | "failed"} state */
function setState(panel, state) {
  panel.dataset.state = state;
  $("rollout-start").hidden = state === "running";
  $("rollout-stop").hidden = state !== "running";
  for (const id of ["rollout-trials", "rollout-truncation", "rollout-seed", "rollout-workers", "rollout-plies", "rollout-cubeful"]) {
    const input = /** @type {HTMLInputElement} */ ($(id));
    input.disabled = state === "running" || Boolean(input.dataset.fixed);
  }
}

/**
 * The settings in the form.
 * @returns {{trials: number, truncation: number, seed: number, plies: number, cubeful: boolean}}
 */
function settings() {
  const value = (/** @type {string} */ id, /** @type {number} */ fallback) => {
    const n = Number(/** @type {HTMLInputElement} */ ($(id)).value);
    return Number.isInteger(n) && n >= 0 ? n : fallback;
  };
  return {
    trials: value("rollout-trials", 1296) || 1296,
    truncation: value("rollout-truncation", 0),
    // the checker play's look-ahead in trials: 0-ply, or 1-ply (the expert's)
    plies: value("rollout-plies", 0) === 1 ? 1 : 0,
    seed: value("rollout-seed", 1),
    cubeful: /** @type {HTMLInputElement} */ ($("rollout-cubeful")).checked,
  };
}

/**
 * The match's score as the rollout needs it, for the side deciding.
 * @param {PlayView} view
 */
function context(view) {
  const length = view.settings?.match_length ?? 0;
  const me = view.decision ?? view.turn ?? 0;
  if (!length) return { away: 0, opponent_away: 0, crawford_game: false, post_crawford: false };
  return {
    away: length - view.score[me],
    opponent_away: length - view.score[1 - me],
    crawford_game: Boolean(view.crawford_game),
    post_crawford: Boolean(view.post_crawford),
  };
}

/**
 * Play out the chosen plays.
 * @param {PlayView} view @param {HintPlay[]} chosen @param {(text: string) => void} say
 * @param {RolloutOptions} options
 */
async function run(view, chosen, say, { onResult, cube: cubeAsked = false, beforeRoll = false, taker = false, shownElsewhere }) {
  stopCurrent();
  const cube = cubeAsked || taker;
  // A take decision is rolled out as the doubler's cube decision: the score and the cube named from the doubler.
  const decider = taker ? { ...view, decision: view.turn } : view;
  const panel = $("rollout-panel");
  const { trials, truncation, seed, plies, cubeful } = settings();
  const id = {
    ...rolloutBase(view, chosen), trials, truncation, seed, cubeful: cube || (cubeful && !beforeRoll), ...(plies ? { plies } : {}),
  };
  const tally = keptTally(id) ?? emptyTally();
  let restarts = 0;
  /** The sentence after the status line's own, when an engine was started again. */
  const restarted = () => (restarts ? ` ${t("rollout.restarted", { n: restarts })}` : "");
  const pool = createPool(poolSize(deviceFacts()), undefined, {
    onRestart(count) {
      // A worker died under its chunk: a new one plays that chunk again (the same dice: the same figures).
      panel.dataset.restarts = String(count);
      restarts = count;
      write("rollout-status", () => `${t("rollout.stillRunning")}${restarted()}`);
    },
  });
  delete panel.dataset.restarts;
  panel.dataset.workers = String(pool.size);
  panel.dataset.done = String(tally.done);
  let stopped = false;
  /** @type {ReturnType<typeof startRollout> | null} */
  let rollout = null;
  current = {
    stop() {
      stopped = true;
      rollout?.stop();
      pool.close();
    },
  };
  const mine = current;
  setState(panel, "running");
  drawFigures(null);
  delete $("rollout-figures").dataset.result;
  const engines = pool.size;
  // The plays' names in the tables: a cube decision's actions in words, plays in their notation.
  const names = () => (cube ? [t("rollout.noDouble"), t("rollout.doubleTake")] : chosen.map((p) => isolated(p.play)));
  write("rollout-status", () => t("rollout.starting", { n: engines }));
  say(tally.done ? t("rollout.continuedSaid", { from: tally.done + 1, trials }) : t("rollout.startedSaid", { trials }));
  try {
    const { boards: candidates, before } = beforeRoll
      ? { boards: null, before: view }
      : await pool.run((call) => boardsAfter(call, view, cube ? [{ play: "", moves: [] }] : chosen));
    const score = context(decider.crawford_game === undefined ? { ...decider, crawford_game: before.crawford_game, post_crawford: before.post_crawford } : decider);
    const cubeValue = view.cube?.value ?? 1;
    // No candidates: the position itself is rolled out before its roll (`rollout_chunk` takes them as optional;
    // the generated type has them required).
    const after = /** @type {{candidates: string[]}} */ (cube ? { candidates: [] } : candidates ? { candidates } : {});
    const started = startRollout({
      pool,
      request: {
        position_id: view.position_id,
        ...after,
        cube_decision: cube,
        cubeful: id.cubeful,
        cube_owner: ownerOf(decider),
        trials,
        truncation,
        seed,
        chequer_plies: plies,
        variance_reduction: true,
        rotate: true,
        stop_at_bearoff: true,
        cube_value: cubeValue,
        // a review's decision names no Crawford game: the rules read it from the IDs
        ...score,
      },
      onProgress: (progress) => showProgress(progress, names, isMatch(view)),
      tally,
      onChunk: (done) => keepRollout(id, done),
    });
    rollout = started;
    if (stopped) started.stop();
    const result = await started.done;
    if (!result || stopped) return;
    const verdictParams = { chunks: [tallyChunk(tally)], ...score, cube_value: cubeValue };
    /** @type {CubeRolloutResult | TakeRolloutResult | null} */
    const verdict = taker
      ? await pool.run((call) => call("rollout_take_result", verdictParams))
      : cube ? await pool.run((call) => call("rollout_cube_result", verdictParams)) : null;
    if (stopped) return;
    forgetRollout();
    setState(panel, "done");
    written.startLabel?.();
    write("rollout-status", () => `${t("rollout.done", { trials: result.trials })}${restarted()}`);
    if (shownElsewhere) {
      const elsewhere = wordsOf(shownElsewhere);
      drawFigures(() => {
        const where = document.createElement("p");
        where.className = "rollout-shown-elsewhere";
        where.textContent = elsewhere();
        return where;
      });
    } else {
      drawFigures(() => verdictTable(verdict, isMatch(view)) ?? resultTable(result, chosen, isMatch(view)));
    }
    // The figures in full, for whoever wants more digits than the table shows (the tests compare them bit for bit).
    $("rollout-figures").dataset.result = JSON.stringify(verdict ?? result);
    say(verdict ? `${t("rollout.doneSaid")} ${verdictSummary(verdict)}`
      : beforeRoll ? t("rollout.doneSaid") : t("rollout.doneBestSaid", { play: isolated(chosen[result.candidates[0].index].play) }));
    onResult?.(result, id, verdict);
  } catch (error) {
    if (stopped) return;
    setState(panel, "failed");
    write("rollout-status", () => t("rollout.failed", { error: failureDetail(error) }));
  } finally {
    pool.close();
    if (current === mine) current = null;
  }
}

/**
 * Who holds the cube, named from the side deciding (`rollout_chunk`'s `cube_owner`).
 * @param {PlayView} view
 */
function ownerOf(view) {
  const owner = view.cube?.owner ?? null;
  if (owner === null || owner === undefined) return "centre";
  return owner === (view.decision ?? view.turn ?? 0) ? "me" : "them";
}

/** @param {PlayView} view */
function isMatch(view) {
  return Boolean(view.settings?.match_length);
}

/**
 * The boards after each play (the mover still first: what `rollout_chunk` takes as candidates), worked out by the
 * rules on a worker of the pool: the position set up there from its IDs and each play's moves made on it.
 * @param {import("../types.js").Call} call @param {PlayView} view @param {HintPlay[]} chosen
 * @returns {Promise<{boards: string[], before: PlayView}>} and the view of the position set up
 */
async function boardsAfter(call, view, chosen) {
  const boards = [];
  let before = /** @type {PlayView} */ (/** @type {unknown} */ (null));
  for (const play of chosen) {
    let answer = await call("setup", { position_id: view.position_id, match_id: view.match_id });
    before = answer.view;
    for (const move of play.moves) answer = await call("act", { action: { type: "move", from: move.from, to: move.to } });
    boards.push(answer.view.position_id);
  }
  return { boards, before };
}

/**
 * @param {number} value @param {boolean} match
 * @returns {string} money: signed points to 3 decimals; a match: the chance to win it, %
 */
function equityText(value, match) {
  return match ? decimal(value * 100, 1, { percent: true }) : decimal(value, 3, { signed: true });
}

/** @param {number} value @param {boolean} match a difference, signed (in a match, in % of MWC) */
function signedText(value, match) {
  return match ? decimal(value * 100, 1, { signed: true, percent: true }) : decimal(value, 3, { signed: true });
}

/** @param {number} error @param {boolean} match */
function errorText(error, match) {
  return match ? decimal(error * 100, 2, { percent: true }) : decimal(error, 3);
}

/** @param {number} seconds */
function timeText(seconds) {
  if (seconds < 60) return t("rollout.seconds", { n: Math.max(1, Math.round(seconds)) });
  if (seconds < 3600) return t("rollout.minutes", { n: Math.round(seconds / 60) });
  return t("rollout.hours", { n: decimal(seconds / 3600, 1) });
}

/**
 * @param {RolloutProgress} progress @param {() => string[]} names  the plays' names, in the language in force
 * @param {boolean} match
 */
function showProgress(progress, names, match) {
  const panel = $("rollout-panel");
  panel.dataset.done = String(progress.done);
  const progressBar = /** @type {HTMLProgressElement} */ ($("rollout-progress"));
  progressBar.max = progress.trials;
  progressBar.value = progress.done;
  const { done, trials, secondsLeft } = progress;
  write("rollout-progress-line", secondsLeft === null || done >= trials
    ? () => t("rollout.progress", { done, trials })
    : () => t("rollout.progressLeft", { done, trials, left: timeText(secondsLeft) }));
  if (done === 0) return;
  const candidates = progress.candidates.map((c) => ({ equity: c.equity, error: c.error }));
  drawFigures(() => {
    const table = document.createElement("table");
    table.className = "rollout-table";
    table.append(row("th", [t("rollout.colPlay"), t("rollout.colSoFar")]));
    const shown = names();
    candidates.forEach((c, k) => {
      table.append(row("td", [shown[k], `${equityText(c.equity, match)} ± ${errorText(c.error, match)}`]));
    });
    return scrolled(table);
  });
}

/**
 * @param {"th" | "td"} cell @param {string[]} texts
 * @returns {HTMLTableRowElement}
 */
function row(cell, texts) {
  const tr = document.createElement("tr");
  for (const text of texts) {
    const td = document.createElement(cell);
    if (cell === "th") td.scope = "col";
    td.textContent = text;
    tr.append(td);
  }
  return tr;
}

/**
 * A table in a box of its own that scrolls sideways where the column is narrower (a phone's), reached by the keyboard
 * and named for screen readers.
 * @param {HTMLTableElement} table
 */
function scrolled(table) {
  const box = document.createElement("div");
  box.className = "table-scroll";
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", t("rollout.tableLabel"));
  box.tabIndex = 0;
  box.append(table);
  return box;
}

/** @param {number} x */
const percent = (x) => decimal(x * 100, 1, { percent: true });

/**
 * The result as GNU Backgammon shows a rollout: per play, the chances of winning, a gammon and a backgammon for each
 * side, the equity ± its standard error, and the difference from the best with whether it is significant.
 * @param {RolloutResult} result @param {{play: string}[]} chosen @param {boolean} match
 */
export function resultTable(result, chosen, match) {
  const wrap = document.createElement("div");
  wrap.className = "rollout-result";
  const table = document.createElement("table");
  table.className = "rollout-table";
  // The equity and the difference first: in the panel's narrow column they are what must show without scrolling.
  const cubeful = result.candidates.every((c) => typeof c.cubeful_equity === "number");
  const heading = (/** @type {string} */ kind) => t(match ? "rollout.colMwc" : "rollout.colEquity", { kind });
  table.append(row("th", [
    t("rollout.colPlay"), heading(cubeful ? "cubeful" : "plain"), t("rollout.colAgainstBest"),
    ...(cubeful ? [heading("cubeless")] : []), t("rollout.colWin"), t("rollout.colLose"),
  ]));
  for (const c of result.candidates) {
    const against = c.difference === 0 && c.difference_error === 0
      ? t("rollout.best")
      : t("rollout.difference", {
        difference: signedText(c.difference, match), error: errorText(c.difference_error, match), significant: c.significant ? "yes" : "no",
      });
    const cubeless = `${equityText(c.equity, match)} ± ${errorText(c.errors.equity, match)}`;
    const tr = row("td", [
      isolated(chosen[c.index].play),
      cubeful ? `${equityText(Number(c.cubeful_equity), match)} ± ${errorText(Number(c.errors.cubeful_equity), match)}` : cubeless,
      against,
      ...(cubeful ? [cubeless] : []),
      `${percent(c.win)} · ${percent(c.win_gammon)} · ${percent(c.win_backgammon)}`,
      `${percent(c.lose)} · ${percent(c.lose_gammon)} · ${percent(c.lose_backgammon)}`,
    ]);
    tr.dataset.index = String(c.index);
    table.append(tr);
  }
  const note = document.createElement("p");
  note.className = "note";
  note.textContent = [
    t("rollout.noteError", { trials: result.trials }), ...(match ? [] : [t("rollout.noteEmg")]), ...(cubeful ? [t("rollout.noteCubeful")] : []),
  ].join(" ");
  wrap.append(scrolled(table), note);
  return wrap;
}

/**
 * A verdict's table: a take decision's or a cube decision's (null: none, a rollout of plays).
 * @param {CubeRolloutResult | TakeRolloutResult | null} verdict @param {boolean} match
 */
export function verdictTable(verdict, match) {
  if (!verdict) return null;
  return "significant" in verdict ? takeTable(verdict, match) : cubeTable(verdict, match);
}

/**
 * The table of a decision's rollout: each action's cubeful equity ± its standard error (none for the one whose
 * value the score fixes), its difference from the best action, and the verdict in words above it.
 * @param {TakeRolloutResult | CubeRolloutResult} verdict @param {boolean} match
 * @param {{kind: string, heading: string, against: string, best: string, name: (action: string) => string,
 *   exact: string, verdict: string, note: string, emg: string}} words
 */
function decisionTable(verdict, match, words) {
  const wrap = document.createElement("div");
  wrap.className = `rollout-result ${words.kind}`;
  const table = document.createElement("table");
  table.className = "rollout-table";
  table.append(row("th", [words.heading, t(match ? "rollout.colMwc" : "rollout.colEquity", { kind: "cubeful" }), words.against]));
  for (const a of verdict.actions) {
    const value = a.action === words.exact ? equityText(a.equity, match) : `${equityText(a.equity, match)} ± ${errorText(a.error, match)}`;
    const against = a.action === verdict.best ? words.best : `${signedText(a.difference, match)}${a.difference_error ? ` ± ${errorText(a.difference_error, match)}` : ""}`;
    const tr = row("td", [words.name(a.action), value, against]);
    tr.dataset.action = a.action;
    if (a.action === verdict.best) tr.className = "best";
    table.append(tr);
  }
  const said = document.createElement("p");
  said.className = "rollout-verdict";
  said.textContent = words.verdict;
  const note = document.createElement("p");
  note.className = "note";
  note.textContent = match ? words.note : `${words.note} ${words.emg}`;
  wrap.append(said, scrolled(table), note);
  return wrap;
}

/**
 * A take decision's verdict in words, from its figures: the right answer, by how much (± the take's standard
 * error), significant or not. English's words are the rules core's `summary` (py/backgammon/bot/rollout_take.py);
 * a verdict lacking its figures is told by that summary.
 * @param {TakeRolloutResult} verdict
 */
export function takeSummary(verdict) {
  const take = verdict.actions.find((a) => a.action === "take");
  const pass = verdict.actions.find((a) => a.action === "pass");
  if (!take || !pass) return verdict.summary;
  const margin = Math.abs(take.equity - pass.equity);
  const best = verdict.best === "pass" ? "pass" : "take";
  const significant = verdict.significant ? "yes" : "no";
  return verdict.unit === "mwc"
    ? t("rollout.takeMwc", {
      best, significant, margin: decimal(margin * 100, 1, { percent: true }), error: decimal(take.error * 100, 2, { percent: true }),
    })
    : t("rollout.takeMoney", { best, significant, margin: decimal(margin, 3), error: decimal(take.error, 3) });
}

/** The rules core's words for a cube action (py/backgammon/bot/cube.py `CubeAdvice.summary`), by their case of
 * `hint.cubeAction`. */
const CUBE_SUMMARIES = Object.freeze({
  "Too good to double: play on for a gammon.": "toogood",
  "No double.": "nodouble",
  "No double. (If doubled: take.)": "nodoubletake",
  "Double, take.": "doubletake",
  "Double, drop.": "doubledrop",
  "Double, beaver.": "doublebeaver",
});

/**
 * A cube decision's verdict in words: the proper action (and the answer), the rules core's English summary told in
 * the language in force (one it does not know: as it came).
 * @param {string} summary
 */
export function cubeSummary(summary) {
  const action = CUBE_SUMMARIES[/** @type {keyof typeof CUBE_SUMMARIES} */ (summary)] ?? "other";
  return t("hint.cubeAction", { action, summary });
}

/**
 * A decision's verdict in words: a take decision's or a cube decision's.
 * @param {CubeRolloutResult | TakeRolloutResult} verdict
 */
function verdictSummary(verdict) {
  return "significant" in verdict ? takeSummary(verdict) : cubeSummary(verdict.summary);
}

/**
 * A take decision's rollout, the taker's: take and pass with their cubeful equities (the taker's) ± standard errors,
 * each one's difference from the right answer, and the verdict in words (significant or not).
 * @param {TakeRolloutResult} verdict @param {boolean} match
 */
export function takeTable(verdict, match) {
  return decisionTable(verdict, match, {
    kind: "rollout-take", heading: t("rollout.colAnswer"), against: t("rollout.colAgainstRight"), best: t("rollout.right"),
    name: (action) => t(action === "take" ? "rollout.take" : "rollout.pass"), exact: "pass",
    verdict: t("rollout.rightAnswer", { summary: takeSummary(verdict) }),
    note: t("rollout.noteTake", { trials: verdict.trials }), emg: t("rollout.noteEmgTaker"),
  });
}

/** The actions' names as gnubg lists them. */
const ACTION_WORDS = Object.freeze(/** @type {const} */ ({
  no_double: "rollout.noDouble", double_take: "rollout.doubleTake", double_pass: "rollout.doublePass",
}));

/**
 * A cube decision's rollout as gnubg shows `rollout =cube`: no double, double/take and double/pass with their cubeful
 * equities ± standard errors and each one's difference from the proper action, then the proper action in words.
 * @param {CubeRolloutResult} verdict @param {boolean} match
 */
export function cubeTable(verdict, match) {
  return decisionTable(verdict, match, {
    kind: "rollout-cube", heading: t("rollout.colAction"), against: t("rollout.colAgainstProper"), best: t("rollout.proper"),
    name: (action) => {
      const id = ACTION_WORDS[/** @type {keyof typeof ACTION_WORDS} */ (action)];
      return id ? t(id) : action;
    },
    exact: "double_pass",
    verdict: t("rollout.properAction", { summary: cubeSummary(verdict.summary) }),
    note: t("rollout.noteCube", { trials: verdict.trials }), emg: t("rollout.noteEmgDoubler"),
  });
}
