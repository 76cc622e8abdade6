// @ts-check
/**
 * The steps that happen by themselves: the steps a person would only click through (automatic rolls, forced moves,
 * bearing off, the end of a turn as the player's preference says), a seat that acts by itself taking its turn, and
 * the countdown of a turn that ends by itself after END_TURN_DELAY_MS.
 */
import * as say from "./describe.js";
import { perform } from "./act.js";
import { setBusy } from "./draw.js";
import { actor, pause, personHereToAct, seatOf } from "./seats.js";
import { END_TURN_DELAY_MS } from "../preferences.js";

/** @typedef {import("./state.js").PlayState} PlayState */
/** @typedef {import("./state.js").View} View */

/**
 * After every change: take the steps a person would only click through, or let a seat that acts by itself act.
 * @param {PlayState} state
 */
export function scheduleAutomatic(state) {
  if (state.automaticPending) return;
  state.automaticPending = true;
  const generation = state.generation;
  state.ctx.queue.enqueue(async () => {
    state.automaticPending = false;
    if (generation === state.generation) await automaticStep(state);
  });
}

/** @param {PlayState} state */
async function automaticStep(state) {
  const { ctx } = state;
  const v = state.view;
  if (!state.match.loaded() || state.busy || state.suspended || state.held) return void stopCountdown(state);
  if (v.phase === "game_over" || v.phase === "match_over") return void stopCountdown(state);
  // A friend on another device acts there: its moves come in as changes of the match (Match.onChange).
  if (v.remote && !personHereToAct(v)) return void stopCountdown(state);
  const player = actor(v);
  const seat = seatOf(v, player);
  if (seat.kind === "computer" && v.phase !== "opening") {
    stopCountdown(state);
    const generation = state.generation;
    await seat.takeTurn(player, {
      call: ctx.call,
      perform: (action, options) => perform(state, action, options),
      view: () => state.view,
      current: () => generation === state.generation,
      busy: (why) => (setBusy(state, true, why), () => setBusy(state, false)),
      animationMs: () => ctx.preferences().animationMs,
      helpers: ctx.helpers,
    });
    return;
  }
  const preferences = ctx.preferences();
  const autoRoll = !preferences.noAutoRolls;
  const turnOver = v.phase === "move" && (v.no_legal_move || say.playComplete(v));
  if (!(turnOver && preferences.endTurn === "delay")) stopCountdown(state);
  if (v.phase === "opening" && (autoRoll || !personHereToAct(v))) {
    await perform(state, { type: "roll" });
  } else if (v.phase === "roll" && autoRoll && !v.cube?.may_double) {
    await perform(state, { type: "roll" });
  } else if (turnOver) {
    // Nothing is left to play: the turn ends when the player says so, or by itself if they asked for that.
    if (preferences.endTurn === "delay") {
      startCountdown(state);
    } else if (preferences.endTurn === "now") {
      if (v.no_legal_move) await pause(Math.max(400, preferences.animationMs * 3)); // let "You cannot make a move" be seen
      await perform(state, { type: "confirm" });
    }
  } else if (v.phase === "move") {
    if (preferences.autoForced && v.forced_play === true) {
      // One legal play only: every move the dests allow leads to it, so any of them is the forced one.
      const move = firstMove(v);
      if (move) await perform(state, { type: "move", ...move }, { animate: true });
    } else if (preferences.autoBearOff && v.contact === false) {
      const source = bearOffSource(v);
      if (source !== null) await perform(state, { type: "move", from: source, to: "off" }, { animate: true });
    }
  }
}

/**
 * The turn ends by itself after END_TURN_DELAY_MS unless the player acts first (Undo, or Done to end it now) or
 * the match changes; the page is not idle meanwhile.
 * @param {PlayState} state
 */
function startCountdown(state) {
  const { ctx } = state;
  const at = state.view;
  const generation = state.generation;
  if (state.countdown?.at === at && state.countdown.generation === generation) return; // already counting
  stopCountdown(state); // one for another view (another tab's match taken up meanwhile)
  const release = ctx.queue.holdIdle();
  const timer = setTimeout(() => {
    state.countdown = null;
    ctx.queue.enqueue(async () => {
      const still = generation === state.generation && state.view === at && !state.suspended;
      if (still && ctx.preferences().endTurn === "delay") await perform(state, { type: "confirm" });
    });
    release(); // after the step is queued: the page never looks idle in between
  }, END_TURN_DELAY_MS);
  state.countdown = { timer, release, at, generation };
}

/** @param {PlayState} state */
export function stopCountdown(state) {
  if (!state.countdown) return;
  clearTimeout(state.countdown.timer);
  state.countdown.release();
  state.countdown = null;
}

/**
 * @param {View} v
 * @returns {import("../types.js").PlayStep | null}
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
