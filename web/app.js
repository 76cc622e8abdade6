// @ts-check
/**
 * The match page's controller: view → board and panel; player action → Python (through the bridge) → new view and
 * events → animation, announcements, save. Every rule is Python's: this file only decides *when* to ask (automatic
 * rolls, passes, the computer's turn) from the view and the player's preferences.
 */
import { createBoard } from "./board/board.js";
import { createAnnouncer } from "./announce.js";
import { applyControlStates, controlStates } from "./play/controls.js";
import * as say from "./play/describe.js";
import { openDialog, showMessage } from "./dialogs.js";
import { bindShortcuts } from "./play/keyboard.js";
import { downloadText, fileKind, recordFilename, recordFromFileText } from "./matchfile.js";
import { renderMoveList } from "./play/movelist.js";
import { DEFAULT_MATCH, fillNewMatchForm, lastMatchChoice, readNewMatchForm, rememberMatchChoice } from "./play/newmatch.js";
import { ANIMATION_SPEEDS, checkDepth, normalizePreferences, readPreferences, writePreferences } from "./preferences.js";
import { eventSounds, playSound, playSounds, setSoundEnabled } from "./sound.js";
import { startView } from "./play/startview.js";
import { createEngine } from "./engine/engine.js";
import { createAnalysisStorage, createMatchStorage } from "./storage.js";
import { closeWelcome, runWelcome, welcomeWanted } from "./home/welcome.js";

/** @typedef {Record<string, any>} View */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

// Test mode (scripted dice, ?test-dice=31,52,…) keeps its match in its own storage namespace, so scripted dice can
// never be used on a real match in progress.
const query = new URLSearchParams(location.search);
const testDice = query.get("test-dice");
const testMode = testDice !== null;
const storage = createMatchStorage({ namespace: testMode ? "backgammon-test" : "backgammon" });
const analyses = createAnalysisStorage({ namespace: testMode ? "backgammon-test" : "backgammon" });

let preferences = readPreferences();
/** @type {View} */
let view = startView();
/** @type {object | null} */
let record = null;
let engineReady = false;
let busy = false;
/** Bumped when the match is replaced (new match, import, another tab): stale automatic steps stop. */
let generation = 0;
/** @type {Promise<unknown>} one action at a time, in order */
let queue = Promise.resolve();
/**
 * @type {{exit: () => void} | null} the mode other than play while it is on (review, web/review/review.js, or the
 * position editor, web/setup/setup.js): play waits, the board and the panel are the mode's
 */
let mode = null;
/** @type {{record: object, imported: object | null, view: View | null}} what review shows (for Share) */
let reviewShown = { record: {}, imported: null, view: null };

const announcer = createAnnouncer($("announcer"));
/** @type {ReturnType<typeof setTimeout> | undefined} */
let cancelledSelection;
const messageDialog = /** @type {HTMLDialogElement} */ ($("message-dialog"));

/**
 * Let the browser paint and handle input between the stages of the page's start, so that none of them is a long
 * task (the modules' first compile, building the live board, filling the panel).
 * @returns {Promise<void>}
 */
function nextTask() {
  const scheduler = /** @type {any} */ (globalThis).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

await nextTask();
// The start board drawn into the page by build.py (web/board/start.svg, for the first frame) gives way to the live one.
$("board").replaceChildren();
const board = createBoard($("board"), {
  view,
  interactive: false,
  orientation: preferences.orientation,
  showPips: preferences.showPips,
  animationMs: preferences.animationMs,
  perspective: 0,
  onMove: ({ from, to }) => {
    clearTimeout(cancelledSelection);
    enqueue(() => perform({ type: "move", from, to }));
  },
  onUndo: () => {
    clearTimeout(cancelledSelection);
    enqueue(() => perform({ type: "undo" }));
  },
  onDiceClick: () => primaryAction(),
  onCubeClick: () => mode ? undefined : (view.phase === "roll" && view.cube?.may_double ? enqueue(() => perform({ type: "double" })) : announcer.say(say.cubeText(view))),
  onSelect: (loc) => announceSelection(loc),
});

// ---------------------------------------------------------------------------------------------------------------
// Talking to Python

// The bridge reads ?test-dice= from the page URL itself and hands it to the worker. A worker that fails is replaced
// and given the match back from its record (web/engine/engine.js); the request it had is then answered by the new one.
const engine = createEngine({
  restore: async (call) => {
    if (record) await call("load", { record });
  },
  onDown: (reason) => {
    document.documentElement.dataset.engine = "restarting";
    const status = $("engine-status");
    status.hidden = false;
    status.textContent = `The game engine stopped (${reason}). Starting it again; your match is kept.`;
    announcer.say(status.textContent);
  },
  onBack: (reason) => {
    document.documentElement.dataset.engine = "ready";
    document.documentElement.dataset.engineRestarts = String(Number(document.documentElement.dataset.engineRestarts ?? 0) + 1);
    $("engine-status").hidden = true;
    showNotice(`The game engine stopped (${reason}) and was started again. The match goes on from its last saved position.`);
  },
  onGiveUp: (error) => {
    document.documentElement.dataset.engine = "failed";
    const status = $("engine-status");
    status.hidden = false;
    status.textContent = engineReady
      ? `The game engine keeps failing (${error.message}). Your match is saved: reload the page to go on.`
      : `The rules engine could not start (${error.message}). Reload the page to try again.`;
    announcer.say(status.textContent);
  },
});

/** Failures of the engine as a whole (as opposed to a rules error about one request). */
const FATAL_ERRORS = new Set(["EngineLoadError", "WorkerError", "BridgeClosed", "EngineStalled", "EngineCrashed"]);

class ApiError extends Error {
  /** @param {string} type @param {string} message */
  constructor(type, message) {
    super(message);
    this.type = type;
  }
}

function markEngineReady() {
  if (engineReady) return;
  engineReady = true;
  document.documentElement.dataset.engine = "ready";
  $("engine-status").hidden = true;
}

/**
 * Call a method of backgammon.api in the worker. A rules error (Python said no) is thrown as ApiError; a failure of
 * the engine itself is thrown as it came.
 * @param {string} method
 * @param {object} params
 * @returns {Promise<any>}
 */
async function api(method, params = {}) {
  try {
    const result = await engine.call(method, params);
    markEngineReady();
    return result;
  } catch (error) {
    const e = /** @type {{type?: string, message?: string}} */ (error);
    if (e && typeof e.type === "string" && !FATAL_ERRORS.has(e.type)) {
      markEngineReady();
      throw new ApiError(e.type, e.message ?? "");
    }
    throw error;
  }
}

let pendingSteps = 0;
let stepsQueued = 0;

/**
 * Run one step after the previous ones; a step's failure is reported, never thrown out of the page.
 * @param {() => Promise<unknown>} step
 */
function enqueue(step) {
  pendingSteps += 1;
  stepsQueued += 1;
  document.documentElement.dataset.idle = "false";
  document.documentElement.dataset.steps = String(stepsQueued);
  queue = queue
    .then(step)
    .catch((error) => reportError(error))
    .finally(() => {
      pendingSteps -= 1;
      // Tests and assistive tools can wait for this: nothing is queued and nothing will happen by itself.
      if (pendingSteps === 0) document.documentElement.dataset.idle = "true";
    });
  return queue;
}

/**
 * Keep the page marked busy (`data-idle="false"`) until the returned function is called: for the moment between a
 * dialog's button and the step it leads to (the dialog's `close` event, which hands the choice over, comes a task
 * after the click).
 */
function holdIdle() {
  pendingSteps += 1;
  document.documentElement.dataset.idle = "false";
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    pendingSteps -= 1;
    if (pendingSteps === 0) document.documentElement.dataset.idle = "true";
  };
}

/**
 * Open a dialog whose answer leads to an action. From the press of its button until `done()` (called once the answer
 * is queued or dropped) the page does not look idle; Escape holds nothing.
 * @param {HTMLDialogElement} dialog
 * @returns {Promise<{choice: string, done: () => void}>}
 */
async function ask(dialog) {
  let release = () => {};
  const onSubmit = () => {
    release();
    release = holdIdle();
  };
  dialog.addEventListener("submit", onSubmit);
  try {
    const choice = await openDialog(dialog);
    return { choice, done: release };
  } finally {
    dialog.removeEventListener("submit", onSubmit);
  }
}

/** @param {unknown} error */
function reportError(error) {
  const text = error instanceof Error ? error.message : String(error);
  announcer.say(text);
  $("status").textContent = text;
  console.error(error);
}

// ---------------------------------------------------------------------------------------------------------------
// Who acts, and what happens by itself

/** @param {View} v */
function actor(v) {
  return v.phase === "move" || v.phase === "roll" || v.phase === "opening" ? v.turn ?? 0 : v.decision ?? v.turn ?? 0;
}

/** @param {View} v */
function isComputer(v, player = actor(v)) {
  return v.players?.[player]?.kind === "computer";
}

/** @param {View} v */
function humanToAct(v) {
  if (!record || v.phase === "game_over" || v.phase === "match_over") return false;
  if (v.phase === "opening") return !v.players?.every((/** @type {any} */ p) => p.kind === "computer");
  return !isComputer(v);
}

/**
 * Apply one action, then show its events and save.
 * @param {Record<string, any>} action
 * @param {{animate?: boolean}} [options] animate: move the checker on the board (moves the player did not drag)
 */
async function perform(action, { animate = false } = {}) {
  if (!record) return;
  const myGeneration = generation;
  setBusy(true);
  try {
    const result = await api("act", { action });
    if (myGeneration !== generation) return;
    const before = view;
    record = result.record;
    const events = Array.isArray(result.events) ? result.events : [];
    const glide = animate && preferences.animationMs > 0;
    if (glide) {
      for (const event of events) {
        if (event.type !== "moved") continue;
        await board.animateMove({ from: event.from, to: event.to, player: event.player });
        playSound(event.hit ? "hit" : "checker"); // as it lands
      }
      // Another tab's match may have been taken up during the glide: this result is then stale, never to be saved.
      if (myGeneration !== generation) return;
    }
    showView(result.view);
    playSounds(eventSounds(events, { moves: !glide }));
    const next = result.view;
    const sentences = events.map((event) => say.eventText(next, event)).filter((text) => Boolean(text));
    const justRolled = (before.phase === "roll" || before.phase === "opening") && next.phase === "move";
    const handedOver =
      !justRolled && (next.phase !== before.phase || next.decision !== before.decision || next.turn !== before.turn);
    // Say what is wanted next when someone else must act or a new stage starts (results speak for themselves).
    if ((handedOver || next.no_legal_move) && !["game_over", "match_over"].includes(next.phase)) {
      const wanted = say.statusText(next);
      // "Black doubles to 2." is also the start of "Black doubles to 2. White: take or drop?": say it once.
      for (let i = sentences.length - 1; i >= 0; i -= 1) if (wanted.includes(/** @type {string} */ (sentences[i]))) sentences.splice(i, 1);
      sentences.push(wanted);
    }
    for (const text of sentences) announcer.say(text);
    persist();
    if (events.some((event) => event.type === "match_over")) void addToHistory(record, next);
  } catch (error) {
    if (error instanceof ApiError) {
      // The rules said no (a stale click, an illegal request): say why and show the match as Python has it.
      announcer.say(error.message);
      $("status").textContent = error.message;
    } else {
      throw error;
    }
  } finally {
    setBusy(false);
  }
  scheduleAutomatic();
}

let automaticPending = false;

/** After every change: take the steps the player would only click through (or the computer's turn). */
function scheduleAutomatic() {
  if (automaticPending) return;
  automaticPending = true;
  const myGeneration = generation;
  enqueue(async () => {
    automaticPending = false;
    if (myGeneration === generation) await automaticStep();
  });
}

async function automaticStep() {
  const v = view;
  if (!record || busy || mode) return;
  if (v.phase === "game_over" || v.phase === "match_over") return;
  if (isComputer(v) && v.phase !== "opening") {
    await computerStep();
    return;
  }
  const auto = !preferences.noAutoRolls;
  if (v.phase === "opening" && (auto || v.players?.every((/** @type {any} */ p) => p.kind === "computer"))) {
    await perform({ type: "roll" });
  } else if (v.phase === "roll" && auto && !v.cube?.may_double) {
    await perform({ type: "roll" });
  } else if (v.phase === "move") {
    if (v.no_legal_move) {
      if (auto) {
        await pause(Math.max(400, preferences.animationMs * 3)); // let "You cannot make a move" be seen
        await perform({ type: "confirm" });
      }
    } else if (v.can_confirm && !say.hasDests(v)) {
      if (auto) await perform({ type: "confirm" });
    } else if (preferences.autoForced && v.forced_play === true) {
      // One legal play only: every move the dests allow leads to it, so any of them is the forced one.
      const move = firstMove(v);
      if (move) await perform({ type: "move", ...move }, { animate: true });
    } else if (preferences.autoBearOff && v.contact === false) {
      const source = bearOffSource(v);
      if (source !== null) await perform({ type: "move", from: source, to: "off" }, { animate: true });
    }
  }
}

/**
 * @param {View} v
 * @returns {{from: number | string, to: number | string} | null}
 */
function firstMove(v) {
  for (const [from, list] of Object.entries(v.dests ?? {})) {
    if (Array.isArray(list) && list.length > 0) return { from: from === "bar" ? "bar" : Number(from), to: list[0] };
  }
  return null;
}

/**
 * The farthest checker that can go off now (each die bears off at most one checker, so this never loses one).
 * @param {View} v
 * @returns {number | null}
 */
function bearOffSource(v) {
  const sources = Object.entries(v.dests ?? {})
    .filter(([, list]) => Array.isArray(list) && list.includes("off"))
    .map(([from]) => Number(from))
    .filter((n) => Number.isInteger(n));
  if (sources.length === 0) return null;
  // Player 0 bears off from 1..6 (farthest = highest), player 1 from 19..24 (farthest = lowest).
  return (v.turn ?? 0) === 0 ? Math.max(...sources) : Math.min(...sources);
}

/** The computer's turn: Python thinks in the worker; its play is shown one checker at a time. */
async function computerStep() {
  const v = view;
  const player = actor(v);
  const level = v.players?.[player]?.level ?? "intermediate";
  const myGeneration = generation;
  setBusy(true, "thinking");
  let action;
  try {
    ({ action } = await api("bot_action", { level }));
  } finally {
    setBusy(false);
  }
  if (myGeneration !== generation || !action) return;
  if (action.type === "play" && Array.isArray(action.moves)) {
    for (const move of action.moves) {
      if (myGeneration !== generation) return;
      await perform({ type: "move", from: move.from, to: move.to }, { animate: true });
      await pause(preferences.animationMs / 2);
    }
    if (myGeneration === generation && view.phase === "move" && view.can_confirm && actor(view) === player) {
      await perform({ type: "confirm" });
    }
    return;
  }
  if (action.type === "confirm" && v.no_legal_move) await pause(Math.max(400, preferences.animationMs * 3));
  await perform(action);
}

/** @param {number} ms */
function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------------------------------------------------------
// Drawing the page from the view

/** @param {boolean} value @param {string} [why] */
function setBusy(value, why = "") {
  busy = value;
  document.documentElement.dataset.busy = value ? why || "working" : "";
  render();
}

/** @param {View} next */
function showView(next) {
  view = next;
  render();
}

function render() {
  const v = view;
  /** @type {HTMLButtonElement} */ ($("review-button")).disabled = !record || !engineReady;
  if (mode) return; // the board and the panel are the mode's until it ends; play is drawn again then
  const human = humanToAct(v);
  board.set({
    view: v,
    interactive: Boolean(record) && !busy && human && v.phase === "move",
    orientation: preferences.orientation,
    showPips: preferences.showPips,
    animationMs: preferences.animationMs,
  });
  applyControlStates($("controls"), controlStates(v, { humanToAct: human && Boolean(record), confirmEachPlay: preferences.noAutoRolls }));
  keepFocusVisible(v);
  const cubeNote = $("cube-note");
  const showWhyNot = human && v.phase === "roll" && !v.cube?.may_double && v.cube?.why_not_text && !v.crawford_game;
  cubeNote.hidden = !showWhyNot;
  cubeNote.textContent = showWhyNot ? v.cube.why_not_text : "";
  $("match-info").textContent = matchInfo(v);
  let status = record ? say.statusText(v) : engineReady ? "No match in progress." : "Loading the rules engine…";
  if (v.phase === "game_over") status = "Game over.";
  if (v.phase === "match_over") status = "Match over.";
  if (busy && document.documentElement.dataset.busy === "thinking") status = `${say.playerName(v, actor(v))} is thinking…`;
  $("status").textContent = status;
  $("position-id").textContent = v.position_id || "—";
  $("match-id").textContent = v.match_id || "—";
  showXgid(v);
  renderMoveList($("movelist"), v.notation, [say.playerName(v, 0), say.playerName(v, 1)]);
  const canResign = human && Boolean(record) && (v.phase === "roll" || v.phase === "move") && !busy;
  /** @type {HTMLButtonElement} */ ($("resign-button")).disabled = !canResign;
  /** @type {HTMLButtonElement} */ ($("hint-button")).disabled =
    !(human && Boolean(record) && !busy && ["roll", "move", "doubled"].includes(v.phase));
  if (!(human && ["roll", "move", "doubled"].includes(v.phase))) $("hint-panel").hidden = true;
  const over = v.phase === "game_over" || v.phase === "match_over";
  $("result-banner").hidden = !over;
  $("result-text").textContent = over ? (v.phase === "match_over" ? `${say.resultText(v)} ${say.playerName(v, v.match_winner ?? 0)} wins the match!` : say.resultText(v)) : "";
  document.documentElement.dataset.phase = v.phase ?? "";
}

let xgidOf = "";

/**
 * What the XGID of a view is made from: gnubg's IDs, and the beaver rule of a money session, which they do not hold.
 * @param {View} v
 */
function xgidParams(v) {
  return { position_id: v.position_id, match_id: v.match_id ?? "", beavers: Boolean(v.settings?.beavers) };
}

/**
 * The XGID beside the gnubg IDs, asked of Python once the IDs change (not part of the view: it is not needed per click).
 * @param {View} v
 */
function showXgid(v) {
  const ids = engineReady && record && v.position_id ? JSON.stringify(xgidParams(v)) : "";
  if (ids === xgidOf) return;
  xgidOf = ids;
  $("xgid").textContent = "—";
  if (!ids) return;
  api("position_xgid", xgidParams(v))
    .then((answer) => { if (xgidOf === ids) $("xgid").textContent = answer.xgid ?? "—"; })
    .catch(() => undefined); // the engine's own failures are reported by web/engine/engine.js
}

/**
 * A keyboard player whose button just disappeared (Roll after rolling, Take after taking) would be left nowhere:
 * give focus to what comes next: a checker to move, or the next button.
 * @param {View} v
 */
function keepFocusVisible(v) {
  const active = document.activeElement;
  if (!(active instanceof HTMLButtonElement) || !active.closest("#controls")) return;
  if (!active.hidden && !active.disabled) return;
  const source = v.phase === "move" ? Object.keys(v.dests ?? {}).find((k) => v.dests[k]?.length) : undefined;
  if (source !== undefined && humanToAct(v)) {
    board.focusPoint(source === "bar" ? "bar" : Number(source));
    return;
  }
  const next = /** @type {HTMLButtonElement | null} */ ($("controls").querySelector("button:not([hidden]):not(:disabled)"));
  (next ?? $("board")).focus();
}

/** @param {View} v */
function matchInfo(v) {
  const length = v.settings?.match_length;
  const names = [0, 1].map((p) => `${say.playerName(v, p)}${isComputer(v, p) ? " (computer)" : ""} ${v.score?.[p] ?? 0}`);
  const parts = [names.join(" – "), length ? `${length}-point match` : "Money session"];
  if (v.crawford_game) parts.push("Crawford game");
  const cube = v.cube ?? {};
  parts.push(`cube ${cube.value ?? 1}${cube.owner === null || cube.owner === undefined ? "" : ` (${say.playerName(v, cube.owner)})`}`);
  return parts.join(" · ");
}

// ---------------------------------------------------------------------------------------------------------------
// Saving, restoring, other tabs

function persist() {
  if (!record) return;
  const saved = storage.save(record);
  if (saved.ok) return;
  if ("conflict" in saved) {
    // Another tab moved on with this match: its progress wins; ours was made on an old position.
    adoptRecord(saved.conflict, "This match was continued in another tab. The latest position is shown.");
  } else {
    announcer.say(saved.error);
    $("status").textContent = saved.error;
  }
}

/**
 * Show a record written elsewhere (another tab).
 * @param {{record: object, revision: number, tab: string}} envelope
 * @param {string} message
 */
function adoptRecord(envelope, message) {
  const otherRecord = envelope.record;
  generation += 1;
  closeWelcome(/** @type {HTMLDialogElement} */ ($("welcome-dialog"))); // the match chosen in the other tab is this one's
  enqueue(async () => {
    const result = await api("load", { record: otherRecord });
    record = result.record;
    storage.adopt(envelope);
    showView(result.view);
    showNotice(message);
    scheduleAutomatic();
  });
}

storage.onExternalChange((change) => {
  if ("removed" in change) return; // the other tab is starting afresh; keep playing what we have until it saves
  adoptRecord(change.envelope, "This match was changed in another tab. The latest position is shown.");
});

// A page restored from the back/forward cache, or unfrozen after long in the background, may have missed what
// another tab saved meanwhile (storage events do not reach a frozen page): look again.
/** @param {boolean} restored */
function catchUpWithStorage(restored) {
  const change = storage.externalChange();
  if (change) adoptRecord(change.envelope, "This match was changed in another tab. The latest position is shown.");
  if (restored) document.documentElement.dataset.restoredFromCache = String(Number(document.documentElement.dataset.restoredFromCache ?? 0) + 1);
}
window.addEventListener("pageshow", (event) => {
  if (event.persisted) catchUpWithStorage(true);
});
document.addEventListener("resume", () => catchUpWithStorage(false));
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") catchUpWithStorage(false);
});

/**
 * Start a match and make it the saved one.
 * @param {{settings: object, players: object[]}} match
 * @param {{hold?: boolean}} [options] hold: show it, but neither save it nor let it start (under the welcome)
 */
async function startMatch(match, { hold = false } = {}) {
  generation += 1;
  const result = await api("new_match", match);
  record = result.record;
  if (hold) return void showView(result.view);
  storage.save(record, { force: true });
  showView(result.view);
  announcer.say(`New ${result.view.settings?.match_length ? `${result.view.settings.match_length}-point match` : "money session"}: ${say.playerName(result.view, 0)} against ${say.playerName(result.view, 1)}.`);
  scheduleAutomatic();
}

async function restore() {
  const loaded = storage.load();
  if (loaded.status === "ok") {
    try {
      const result = await api("load", { record: loaded.envelope.record });
      record = result.record;
      showView(result.view);
      announcer.say(`Match restored. ${say.statusText(result.view)}`);
      scheduleAutomatic();
      return;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const aside = storage.setAside(error.message);
      await tellAboutBadSave(aside.reason, aside.backupKey);
      return;
    }
  }
  if (loaded.status === "empty") {
    // A first visit: the welcome (web/home/welcome.js) opens over the board at once; the default match is ready behind
    // it and is saved only once the player has chosen.
    const welcoming = welcomeWanted({ empty: true, url: new URL(location.href) });
    if (welcoming) void welcome();
    await startMatch(DEFAULT_MATCH, { hold: welcoming });
    return;
  }
  storage.clear();
  await tellAboutBadSave(loaded.reason, loaded.backupKey);
}

/**
 * The saved match could not be used: say so in plain words, keep it, offer a new match.
 * @param {string} reason
 * @param {string | null} backupKey
 */
async function tellAboutBadSave(reason, backupKey) {
  const kept = backupKey
    ? `Nothing was deleted: the saved data is kept in this browser's storage under "${backupKey}".`
    : "The saved data could not be copied aside, so it was left where it was.";
  const text = `Your saved match could not be opened: ${reason}. ${kept} A new match is started.`;
  $("status").textContent = text;
  announcer.say(text);
  document.documentElement.dataset.storageProblem = "true";
  await startMatch(DEFAULT_MATCH);
  // Not awaited: the new match is ready behind the message; the player reads it when they like.
  void showMessage(messageDialog, { title: "Saved match not opened", text });
}

/**
 * A line of news above the controls (another tab moved on, a file was opened); it stays until dismissed.
 * @param {string} text
 */
function showNotice(text) {
  $("notice-text").textContent = text;
  $("notice").hidden = false;
  announcer.say(text);
}

$("notice-dismiss").addEventListener("click", () => {
  $("notice").hidden = true;
});

// ---------------------------------------------------------------------------------------------------------------
// Player commands (buttons, keys, dice clicks)

/** Enter or a click on the dice: roll, end the turn, pass, or go on to the next game. */
function primaryAction() {
  const v = view;
  if (busy || !record || mode) return false;
  if (v.phase === "game_over") return enqueue(() => perform({ type: "next_game" })), true;
  if (v.phase === "match_over") return void openNewMatchDialog(), true;
  if (!humanToAct(v)) return false;
  if (v.phase === "opening" || v.phase === "roll") return enqueue(() => perform({ type: "roll" })), true;
  if (v.phase === "move" && (v.no_legal_move || v.can_confirm)) return enqueue(() => perform({ type: "confirm" })), true;
  return false;
}

/** @param {string} name */
function buttonAction(name) {
  switch (name) {
    case "pass":
      return enqueue(() => perform({ type: "confirm" }));
    case "new_match":
      return openNewMatchDialog();
    default:
      return enqueue(() => perform({ type: name }));
  }
}

$("controls").addEventListener("click", (event) => {
  const button = /** @type {HTMLElement} */ (event.target).closest("button[data-action]");
  if (button instanceof HTMLButtonElement && !button.disabled && !busy) buttonAction(button.dataset.action ?? "");
});

/** @param {number | string | null} loc */
function announceSelection(loc) {
  clearTimeout(cancelledSelection);
  if (loc === null || loc === undefined) {
    // The board also drops the selection when a checker is played: only a selection dropped without a move
    // (Escape, a click elsewhere) is news.
    cancelledSelection = setTimeout(() => announcer.say("Selection cancelled."), 0);
    return;
  }
  const dests = view.dests?.[String(loc)] ?? [];
  const player = view.turn ?? 0;
  const where = loc === "bar" ? "the bar" : `point ${say.spokenPoint(loc, player)}`;
  const to = dests.map((/** @type {number | string} */ d) => say.spokenPoint(d, player)).join(", ");
  announcer.say(to ? `Selected ${where}. It can go to ${to}.` : `Selected ${where}.`);
}

bindShortcuts((command) => {
  if (mode) return false; // a mode has its own keys (web/review/review.js, web/setup/setup.js)
  switch (command) {
    case "primary":
      return primaryAction();
    case "boardEnter":
      if (view.phase !== "move" || view.no_legal_move || (view.can_confirm && !say.hasDests(view))) return primaryAction();
      return false;
    case "lastRoll":
      announcer.say(say.lastRollText(view));
      return true;
    case "info":
      announcer.say(say.generalInfoText(view));
      return true;
    case "scores":
      announcer.say(say.scoreText(view));
      return true;
    case "turn":
      announcer.say(say.turnText(view));
      return true;
    case "cube":
      announcer.say(say.cubeText(view));
      return true;
    case "pips":
      announcer.say(say.pipsText(view));
      return true;
    case "double":
      if (view.phase === "roll" && humanToAct(view) && view.cube?.may_double && !busy) {
        enqueue(() => perform({ type: "double" }));
      } else {
        // The Crawford game is the reason that lasts; "after the roll" would hide it.
        announcer.say(view.crawford_game ? "No doubling in the Crawford game." : view.cube?.why_not_text || "You cannot double now.");
      }
      return true;
    case "undo":
      if (view.phase === "move" && view.can_undo && humanToAct(view) && !busy) {
        enqueue(() => perform({ type: "undo" }));
        return true;
      }
      return false;
    case "cancel":
      board.set({ view }); // redraw without a selection
      return true;
    case "hint":
      if (!(/** @type {HTMLButtonElement} */ ($("hint-button")).disabled)) void showHint();
      return true;
    default:
      return false;
  }
});

// ---------------------------------------------------------------------------------------------------------------
// Dialogs: new match, preferences, resign, set up, files, hint

async function openNewMatchDialog() {
  const dialog = /** @type {HTMLDialogElement} */ ($("new-match-dialog"));
  const form = /** @type {HTMLFormElement} */ ($("new-match-form"));
  fillNewMatchForm(form, lastMatchChoice() ?? (record ? view : null));
  const error = /** @type {HTMLElement} */ (form.querySelector("[data-role=error]"));
  error.textContent = "";
  for (;;) {
    const { choice, done } = await ask(dialog);
    if (choice !== "start") return done();
    const read = readNewMatchForm(form);
    if (read.ok) {
      rememberMatchChoice(read);
      const started = enqueue(() => startMatch({ settings: read.settings, players: read.players }));
      done();
      await started;
      return;
    }
    done();
    error.textContent = read.error;
  }
}

async function openPreferencesDialog() {
  const dialog = /** @type {HTMLDialogElement} */ ($("preferences-dialog"));
  const form = /** @type {HTMLFormElement} */ ($("preferences-form"));
  const el = (/** @type {string} */ name) => /** @type {any} */ (form.elements.namedItem(name));
  for (const key of ["noAutoRolls", "autoForced", "autoBearOff", "showPips", "sound"]) {
    el(key).checked = /** @type {any} */ (preferences)[key];
  }
  el("orientation").value = preferences.orientation;
  const speeds = /** @type {Record<string, number>} */ (ANIMATION_SPEEDS);
  el("theme").value = preferences.theme;
  el("animation").value = preferences.animationAuto ? "auto" :
    Object.entries(speeds).reduce((best, [name, ms]) =>
      Math.abs(ms - preferences.animationMs) < Math.abs(speeds[best] - preferences.animationMs) ? name : best, "normal");
  const { choice, done } = await ask(dialog);
  if (choice !== "save") return done();
  preferences = {
    ...preferences,
    noAutoRolls: el("noAutoRolls").checked,
    autoForced: el("autoForced").checked,
    autoBearOff: el("autoBearOff").checked,
    showPips: el("showPips").checked,
    orientation: el("orientation").value === "left" ? "left" : "right",
    animationMs: speeds[el("animation").value] ?? preferences.animationMs,
    animationAuto: el("animation").value === "auto",
    theme: el("theme").value,
    sound: el("sound").checked,
  };
  preferences = normalizePreferences(preferences); // an automatic speed: the one the device asks for
  /** @type {any} */ (globalThis).backgammonTheme?.set(preferences.theme); // web/theme-start.js
  writePreferences(preferences);
  showSoundChoice();
  render();
  scheduleAutomatic();
  done();
}

/** The sound preference at work, and on the quick Sound button (pressed: sound on). */
function showSoundChoice() {
  setSoundEnabled(preferences.sound);
  $("sound-button").setAttribute("aria-pressed", String(preferences.sound));
  $("sound-state").textContent = preferences.sound ? "on" : "off"; // seen; aria-pressed says it to assistive tools
}

async function openResignDialog() {
  const { choice: kind, done } = await ask(/** @type {HTMLDialogElement} */ ($("resign-dialog")));
  if (kind === "single" || kind === "gammon" || kind === "backgammon") {
    enqueue(() => perform({ type: "resign", kind }));
  }
  done();
}

/**
 * *Set up a position…*: the position editor (web/setup/setup.js, loaded on first use with its stylesheet), on the
 * board, with the paste field for an XGID or gnubg's IDs in its panel; play waits meanwhile.
 */
async function enterSetupMode() {
  if (!document.querySelector("link[href='web/setup/setup.css']")) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: "web/setup/setup.css" }));
  }
  const { enterSetup } = await import("./setup/setup.js");
  if (mode) leaveMode(false);
  mode = enterSetup({
    board, call: api, announcer, view,
    done: (ids) => enqueue(() => setUpPosition(ids, "Position set up.")),
    leave: () => leaveMode(),
  });
}

/**
 * A new match from gnubg IDs (`match_id` absent: this match's settings); the match it replaces is kept (Save / load).
 * `settings`: the rules the IDs do not hold (the position editor's beavers in a money session). Rules errors are
 * thrown as ApiError and change nothing.
 * @param {{position_id: string, match_id?: string, settings?: object}} ids @param {string} what said first
 * @param {boolean} [study] a position from a share link (storage.isStudy)
 */
async function setUpPosition(ids, what, study = false) {
  /** @type {Record<string, unknown>} */
  const params = { position_id: ids.position_id, players: view.players ?? DEFAULT_MATCH.players };
  if (ids.match_id) params.match_id = ids.match_id;
  if (ids.settings) params.settings = ids.settings;
  else if (!ids.match_id) params.settings = view.settings ?? DEFAULT_MATCH.settings;
  const result = await api("setup", params);
  keepLeaving();
  if (mode) leaveMode(false);
  generation += 1;
  record = result.record;
  storage.save(record, { force: true, study });
  showView(result.view);
  if (study) showNotice(what);
  announcer.say(`${what} ${say.statusText(result.view)}`);
  scheduleAutomatic();
}

async function openFileDialog() {
  const dialog = /** @type {HTMLDialogElement} */ ($("file-dialog"));
  /** @type {HTMLElement} */ (dialog.querySelector("[data-role=error]")).textContent = "";
  /** @type {HTMLInputElement} */ ($("import-file")).value = "";
  $("import-history-result").textContent = "";
  $("restore-previous").hidden = !storage.loadPrevious();
  return openDialog(dialog);
}

/** The first visit's welcome (web/home/welcome.js): each way in is a step of the page's queue. */
async function welcome() {
  await runWelcome(/** @type {HTMLDialogElement} */ ($("welcome-dialog")), {
    last: lastMatchChoice(),
    hold: holdIdle,
    playComputer: (match) => (rememberMatchChoice(match), enqueue(() => startMatch(match))),
    twoPlayers: () => enqueue(() => startMatch(DEFAULT_MATCH)),
    openFile: () => openFileDialog(),
  });
}

$("restore-previous").addEventListener("click", () => {
  const kept = storage.loadPrevious();
  /** @type {HTMLDialogElement} */ ($("file-dialog")).close("restored");
  if (kept) enqueue(() => replaceMatch(kept.record, "The match you left is back. The one you were playing is kept in its place (Save / load)."));
});

// ---------------------------------------------------------------------------------------------------------------
// Review and analysis: web/review/review.js has the board and the panel while it is on; play waits meanwhile.

/**
 * @param {{record: object, imported: {name: string, summary: Record<string, any>} | null, autostart: boolean}} what
 */
async function enterReviewMode({ record: reviewed, imported, autostart }) {
  if (!reviewed) return;
  const { enterReview } = await import("./review/review.js");
  const { watchAnalyses } = await import("./home/history.js"); // an analysis of a finished match joins its history entry
  if (mode) leaveMode(false);
  reviewShown = { record: reviewed, imported, view: null };
  const shown = reviewShown;
  const reviewBoard = { ...board, set: (/** @type {any} */ config) => { if (config?.view) shown.view = config.view; board.set(config); } };
  mode = enterReview({
    board: reviewBoard, call: api, announcer, analyses: watchAnalyses(analyses, historyNamespace), record: reviewed, imported, autostart,
    depth: preferences.analysisDepth,
    setDepth: (depth) => writePreferences((preferences = { ...preferences, analysisDepth: checkDepth(depth) })),
    leave: () => leaveMode(),
    continueMatch: imported && !imported.summary?.finished ? () => void playOn(reviewed) : null,
  });
}

/** Back to play exactly where the match stood (the computer takes its turn if it was its turn). */
function leaveMode(resume = true) {
  if (!mode) return;
  mode.exit();
  mode = null;
  render();
  if (!resume) return;
  $("review-button").focus();
  announcer.say(`Back to the match. ${say.statusText(view)}`);
  scheduleAutomatic();
}

/**
 * A .mat or .sgf file: read and checked by Python, then opened for review beside the match in progress, which it
 * replaces only if the player chooses to play it on.
 * @param {string} name @param {string} text @param {HTMLElement} error @param {"mat" | "sgf"} kind
 */
async function openMatFile(name, text, error, kind = "mat") {
  await enqueue(async () => {
    let result;
    try {
      result = await api(kind === "sgf" ? "import_sgf" : "import_mat", { text });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      error.textContent = `This file could not be opened: ${e.message} Your current match is unchanged.`;
      announcer.say(error.textContent);
      return;
    }
    /** @type {HTMLDialogElement} */ ($("file-dialog")).close("opened");
    await enterReviewMode({ record: result.record, imported: { name, summary: result.summary }, autostart: false });
  });
}

/** @param {object} imported the record of a match opened from a file */
async function playOn(imported) {
  const choice = await showMessage(messageDialog, {
    title: "Play this match on?",
    text: `The match from the file becomes the match in progress. Your current match (${matchInfo(view)}) is kept: Save / load, then "Back to the match you left", brings it back.`,
    choices: [{ value: "play", label: "Play it on" }, { value: "cancel", label: "Keep reviewing" }],
  });
  if (choice === "play") enqueue(() => replaceMatch(imported, "The match from the file is now the match in progress. The one you left is kept (Save / load)."));
}

/**
 * Keep the match in progress before another replaces it ("Back to the match you left"), unless it is a study position
 * from a share link: the player's own match kept before it stays kept.
 * @returns {{ok: true} | {ok: false, error: string}}
 */
function keepLeaving() {
  if (!record || storage.isStudy()) return { ok: true };
  return storage.keepPrevious(record);
}

/**
 * Make another record the match in progress; the one it replaces is kept (storage.keepPrevious) or nothing changes.
 * @param {object} next @param {string} message
 */
async function replaceMatch(next, message) {
  const kept = keepLeaving();
  if (!kept.ok) return void showNotice(`Nothing was changed: ${kept.error}.`);
  const result = await api("load", { record: next });
  leaveMode(false);
  generation += 1;
  record = result.record;
  storage.save(record, { force: true });
  showView(result.view);
  showNotice(message);
  scheduleAutomatic();
}

$("review-button").addEventListener("click", () => void enqueue(() => enterReviewMode({ record: /** @type {object} */ (record), imported: null, autostart: false })));
$("result-analyse").addEventListener("click", () => void enqueue(() => enterReviewMode({ record: /** @type {object} */ (record), imported: null, autostart: true })));

// ---------------------------------------------------------------------------------------------------------------
// The history of finished matches (web/home/history.js, loaded when first needed)

const historyNamespace = testMode ? "backgammon-test" : "backgammon";

/** @param {object} finished the record of a match just over @param {View} v its view */
async function addToHistory(finished, v) {
  // The page is not idle until the entry is written: history.js may still have to load.
  const release = holdIdle();
  try {
    const { openHistory } = await import("./home/history.js");
    const problem = openHistory(historyNamespace).addMatch(finished, v);
    if (problem) showNotice(problem);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    showNotice(`This match could not be added to your history (${why}). The match itself is saved.`);
  } finally {
    release();
  }
}

$("stats-button").addEventListener("click", async () => {
  const { openStatistics } = await import("./home/statsview.js");
  const dialog = /** @type {HTMLDialogElement} */ ($("stats-dialog"));
  await openStatistics({ dialog, namespace: historyNamespace, analyses, openDialog, download: downloadText });
});

$("export-history").addEventListener("click", async () => {
  const { openHistory } = await import("./home/history.js");
  downloadText(openHistory(historyNamespace).exportText(), "backgammon-history.json", "application/json");
  announcer.say("Your match history is downloaded.");
});

$("import-history").addEventListener("change", async (event) => {
  const input = /** @type {HTMLInputElement} */ (event.target);
  const file = input.files?.[0];
  input.value = "";
  if (!file) return;
  const { openHistory } = await import("./home/history.js");
  $("import-history-result").textContent = openHistory(historyNamespace).importText(await file.text()).message;
});

$("export-json").addEventListener("click", () => {
  if (!record) return;
  downloadText(JSON.stringify(record, null, 2), recordFilename(), "application/json");
  announcer.say("The match file is downloaded.");
});

/**
 * Download the match as a file Python writes; a refusal (a match from a set-up position as .mat) is said in the
 * dialog in plain words.
 * @param {string} method @param {string} extension @param {string} type
 */
function exportMatch(method, extension, type) {
  return enqueue(async () => {
    const error = /** @type {HTMLElement} */ ($("file-dialog").querySelector("[data-role=error]"));
    error.textContent = "";
    try {
      const { text, filename } = await api(method, {});
      downloadText(text, filename || `match.${extension}`, type);
      announcer.say(`The .${extension} file is downloaded.`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      error.textContent = e.message;
      announcer.say(e.message);
    }
  });
}

$("export-mat").addEventListener("click", () => exportMatch("export_mat", "mat", "text/plain"));
$("export-sgf").addEventListener("click", () => exportMatch("export_sgf", "sgf", "application/x-go-sgf"));

$("import-file").addEventListener("change", async (event) => {
  const input = /** @type {HTMLInputElement} */ (event.target);
  const file = input.files?.[0];
  const error = /** @type {HTMLElement} */ ($("file-dialog").querySelector("[data-role=error]"));
  error.textContent = "";
  if (!file) return;
  const text = await file.text();
  const kind = fileKind(file.name, text);
  if (kind !== "json") {
    await openMatFile(file.name, text, error, kind);
    return;
  }
  const parsed = recordFromFileText(text);
  if (!parsed.ok) {
    error.textContent = `${parsed.error} Your current match is unchanged.`;
    announcer.say(error.textContent);
    return;
  }
  await enqueue(async () => {
    const previous = record;
    try {
      const result = await api("load", { record: parsed.record });
      if (mode) leaveMode(false);
      generation += 1;
      keepLeaving(); // "Back to the match you left" (Save / load) brings it back
      record = result.record;
      storage.save(record, { force: true });
      showView(result.view);
      announcer.say(`Match opened from ${file.name}. ${say.statusText(result.view)}`);
      /** @type {HTMLDialogElement} */ ($("file-dialog")).close("opened");
      scheduleAutomatic();
    } catch (e) {
      // Put the current match back in the worker: a failed load must leave nothing changed.
      if (previous) await api("load", { record: previous }).catch(() => undefined);
      error.textContent = `This file could not be opened: ${e instanceof Error ? e.message : String(e)}. Your current match is unchanged.`;
      announcer.say(error.textContent);
    }
  });
});

/**
 * A file the installed app was opened with (manifest file_handlers): opened for review, whatever its kind; the
 * match in progress is untouched.
 * @param {string} name @param {string} text
 */
async function openLaunchedFile(name, text) {
  const error = document.createElement("p");
  const kind = fileKind(name, text);
  if (kind !== "json") {
    await openMatFile(name, text, error, kind);
  } else {
    const parsed = recordFromFileText(text);
    if (!parsed.ok) error.textContent = `${parsed.error} Your current match is unchanged.`;
    else {
      await enqueue(async () => {
        try {
          const result = await api("read_record", { record: parsed.record });
          await enterReviewMode({ record: result.record, imported: { name, summary: result.summary }, autostart: false });
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          error.textContent = `This file could not be opened: ${e.message} Your current match is unchanged.`;
        }
      });
    }
  }
  if (error.textContent) void showMessage(messageDialog, { title: "File not opened", text: error.textContent });
}

// ---------------------------------------------------------------------------------------------------------------
// Share links (web/share.js, loaded on first use): the data rides in the URL fragment.

async function openShareDialog() {
  const share = await import("./share.js");
  const v = mode ? reviewShown.view ?? view : view;
  const xgid = v.position_id ? (await api("position_xgid", xgidParams(v))).xgid : null;
  await share.openShareDialog({ xgid, record: mode ? reviewShown.record : record, inReview: Boolean(mode), announcer, openDialog });
}

/**
 * Open what a share link, another app or the system handed the page. Nothing is lost on a refusal: the message says
 * why, and the match in progress stays as it was.
 * @param {import("./share.js").Shared} shared
 */
async function openShared(shared) {
  try {
    if (shared.kind === "error") throw new ApiError("LinkError", shared.message);
    if (shared.kind === "position") {
      const ids = await api("read_position", { text: shared.text });
      await setUpPosition(ids, "Position opened from a shared link, as a study: your own match is kept (Save / load, Back to the match you left).", true);
    } else {
      const result = await api("read_record", { record: shared.record });
      await enterReviewMode({ record: result.record, imported: { name: "a shared link", summary: result.summary }, autostart: false });
    }
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const text = e.type === "LinkError" ? e.message : `This link could not be opened: ${e.message} Your match is unchanged.`;
    void showMessage(messageDialog, { title: "Link not opened", text });
    announcer.say(text);
  }
}

/** A share link in the address (at start, or pasted into this tab), text shared into the installed app, or files. */
async function openLinkInAddress() {
  const search = new URLSearchParams(location.search);
  const handed = search.has("launch") || search.has("shared") || search.has("shared-url") || search.has("shared-title");
  if (!handed && !/(^#|&)(position|match)=/.test(location.hash)) return;
  const shared = await (await import("./share.js")).takeFromAddress(openLaunchedFile);
  if (shared) await openShared(shared);
}

addEventListener("hashchange", () => void enqueue(() => openLinkInAddress()));

async function showHint() {
  const panel = $("hint-panel");
  panel.hidden = false;
  panel.textContent = "Thinking…";
  await enqueue(async () => {
    let hint;
    try {
      hint = await api("hint", {});
    } catch (e) {
      panel.textContent = `No hint available: ${e instanceof Error ? e.message : String(e)}`;
      return;
    }
    panel.replaceChildren(...hintNodes(hint));
    announcer.say(panel.textContent);
  });
}

/** @param {any} hint */
function hintNodes(hint) {
  /** @type {Node[]} */
  const nodes = [];
  const heading = document.createElement("h3");
  heading.textContent = "Hint";
  nodes.push(heading);
  const mwc = hint?.unit === "mwc";
  const cube = hint?.cube;
  if (cube) {
    const p = document.createElement("p");
    const advice = view.phase === "doubled" ? `Advice: ${cube.response ?? "take"}.` : `Cube: ${cube.summary ?? cube.action ?? ""}`;
    const win = typeof cube.win === "number" ? ` Winning chances ${(cube.win * 100).toFixed(1)}%.` : "";
    p.textContent = `${advice}${win}`;
    nodes.push(p);
  }
  const plays = Array.isArray(hint?.plays) ? hint.plays.slice(0, 5) : [];
  if (plays.length) {
    const list = document.createElement("ol");
    for (const play of plays) {
      const item = document.createElement("li");
      let value = "";
      if (typeof play.equity === "number") {
        value = mwc ? ` — match winning chances ${(play.equity * 100).toFixed(1)}%` : ` — equity ${play.equity >= 0 ? "+" : ""}${play.equity.toFixed(3)}`;
        if (play.difference) value += mwc ? ` (${(play.difference * 100).toFixed(1)})` : ` (${play.difference.toFixed(3)})`;
      }
      item.textContent = `${play.play}${value}`;
      list.append(item);
    }
    nodes.push(list);
  }
  if (nodes.length === 1) {
    const p = document.createElement("p");
    p.textContent = "No advice for this moment.";
    nodes.push(p);
  }
  return nodes;
}

$("new-match-button").addEventListener("click", () => void openNewMatchDialog());
$("preferences-button").addEventListener("click", () => void openPreferencesDialog());
// The device asking for less motion (or no longer) while the page is open: an automatic animation speed follows.
matchMedia("(prefers-reduced-motion: reduce)").addEventListener("change", () => {
  preferences = normalizePreferences({ ...preferences });
  render();
});
$("sound-button").addEventListener("click", () => {
  preferences = { ...preferences, sound: !preferences.sound };
  writePreferences(preferences);
  showSoundChoice();
});
showSoundChoice();
$("resign-button").addEventListener("click", () => void openResignDialog());
$("setup-button").addEventListener("click", () => void enqueue(() => enterSetupMode()));
$("match-file-button").addEventListener("click", () => void openFileDialog());
$("hint-button").addEventListener("click", () => void showHint());
$("share-button").addEventListener("click", () => void openShareDialog());

for (const button of document.querySelectorAll("button[data-copy]")) {
  button.addEventListener("click", async () => {
    const source = $(/** @type {HTMLElement} */ (button).dataset.copy ?? "");
    const text = source.textContent ?? "";
    try {
      await navigator.clipboard.writeText(text);
      announcer.say(`Copied ${text}.`);
    } catch {
      // No clipboard permission: select the text so the player can copy it by hand.
      const range = document.createRange();
      range.selectNodeContents(source);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      announcer.say(`Selected ${text}; press Ctrl+C to copy.`);
    }
  });
}

// The opponent's resignation offer or a finished game deserves a moment of attention: nothing is modal in play.
window.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  reportError(event.reason);
});

// ---------------------------------------------------------------------------------------------------------------
// Start: the board is already drawn; Python loads in the worker meanwhile.

await nextTask();
render();
if (testMode) document.documentElement.dataset.testMode = "true";
enqueue(() => restore());
enqueue(() => openLinkInAddress());
