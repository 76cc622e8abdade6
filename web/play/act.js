// @ts-check
/**
 * Acting on the match shown: one action through the match (`Match.act`), then its change shown — the checkers
 * glide, the sounds, what is said — and the same for a change that came from elsewhere (another tab, the friend).
 * The rules' refusals are said; anything else is thrown on (the page's queue reports it).
 */
import * as say from "./describe.js";
import { scheduleAutomatic, stopCountdown } from "./auto.js";
import { setBusy, showView } from "./draw.js";
import { addNews } from "./news.js";
import { personHereToAct } from "./seats.js";
import { refusalText } from "../engine/page-engine.js";
import { eventSounds, playSound, playSounds } from "../sound.js";

/** @typedef {import("./state.js").PlayState} PlayState */
/** @typedef {import("./state.js").View} View */
/** @typedef {import("../match/match.js").Match} Match */
/** @typedef {import("../match/match.js").MatchUpdate} MatchUpdate */

/**
 * Apply one action to the match shown, then show its change.
 * @param {PlayState} state
 * @param {import("../types.js").Action} action
 * @param {{animate?: boolean, mine?: boolean}} [options] animate: move the checker on the board (moves the player
 *   did not drag); mine: a person here asked for it (told if another tab's match takes its place)
 */
export async function perform(state, action, { animate = false, mine = false } = {}) {
  const { match } = state;
  if (!match.loaded()) return;
  stopCountdown(state); // whatever the player does meanwhile (Undo, Done) stands in for the turn ending by itself
  if (mine) state.held = false; // a person started the match that waited for them
  const generation = state.generation;
  setBusy(state, true);
  try {
    const update = await match.act(action, { mine });
    if (generation === state.generation) await showUpdate(state, match, update, { animate, mine });
  } catch (error) {
    sayRefusal(state, error);
  } finally {
    setBusy(state, false);
  }
  scheduleAutomatic(state);
}

/**
 * A person's action here, as a step of the page's queue.
 * @param {PlayState} state @param {import("../types.js").Action} action
 */
export const act = (state, action) => state.ctx.queue.enqueue(() => perform(state, action, { mine: true }));

/**
 * A change of the match shown that came from elsewhere (inside the page's queue): the match's `onChange`.
 * @param {PlayState} state @param {Match} match @param {MatchUpdate} update
 */
export async function heard(state, match, update) {
  if (state.match !== match) return;
  if (update.changed) stopCountdown(state);
  await showUpdate(state, match, update, { animate: true, mine: false });
  if (update.changed) scheduleAutomatic(state);
}

/**
 * Show a change of the match: its moves glide (the friend's, or those made by themselves here), then the view, the
 * sounds, what is said. A match taken up whole (another tab's) is shown as it stands, with its notices alone; an
 * answer that changed nothing (an acknowledgement, a line of chat) keeps the board as it is (a checker picked up
 * stays in hand). What happened stays written in the status line until a person here acts again (news.js).
 * @param {PlayState} state @param {Match} match @param {MatchUpdate} update
 * @param {{animate: boolean, mine: boolean}} options mine: a person here asked for it
 */
async function showUpdate(state, match, update, { animate, mine }) {
  const { ctx } = state;
  if (update.changed && update.replaced) {
    state.news = { generation: state.generation, items: [] };
    state.held = false; // another tab's match, started there
    showView(state, update.view);
  } else if (update.changed) {
    const before = state.view;
    const glide = await glideMoves(state, update.events, animate);
    const items = state.news.generation === state.generation ? state.news.items : [];
    state.news = { generation: state.generation, items: addNews(items, update.view, update.events, mine) };
    showView(state, update.view);
    playSounds(eventSounds(update.events, { moves: !glide }));
    announceEvents(state, before, update.view, update.events);
  }
  for (const text of update.notices) ctx.notice(text);
  if (update.changed && !update.replaced && update.events.some((event) => event.type === "match_over")) {
    const record = await match.record();
    if (record) ctx.matchOver(record, update.view); // into the history
  }
}

/**
 * Let the checkers that `events` moved glide on the board, each landing with its sound (unless the player wants no
 * animation).
 * @param {PlayState} state @param {import("../types.js").Event[]} events @param {boolean} animate the moves were not made by
 *   hand here
 * @returns {Promise<boolean>} whether they glided
 */
async function glideMoves(state, events, animate) {
  if (!animate || state.ctx.preferences().animationMs <= 0) return false;
  for (const event of events) {
    if (event.type !== "moved") continue;
    await state.ctx.board.animateMove({ from: event.from, to: event.to, player: event.player });
    playSound(event.hit ? "hit" : "checker"); // as it lands
  }
  return true;
}

/**
 * The rules said no (a stale click, an illegal request): say why; the match stays as Python has it. Anything else
 * is thrown on (the page's queue reports it).
 * @param {PlayState} state @param {unknown} error
 */
export function sayRefusal(state, error) {
  if (!state.ctx.isRulesError(error)) throw error;
  const text = refusalText(error);
  state.ctx.say(text);
  state.ctx.setStatus(text);
}

/**
 * Say what happened, and what is wanted next when someone else must act or a new stage starts (results speak for
 * themselves).
 * @param {PlayState} state @param {View} before @param {View} next @param {import("../types.js").Event[]} events
 */
function announceEvents(state, before, next, events) {
  const sentences = events.map((event) => say.eventText(next, event)).filter((text) => Boolean(text));
  const justRolled = (before.phase === "roll" || before.phase === "opening") && next.phase === "move";
  const handedOver =
    !justRolled && (next.phase !== before.phase || next.decision !== before.decision || next.turn !== before.turn);
  const endTurn = endTurnFor(state, next);
  const completed = say.playComplete(next) && !say.playComplete(before) && endTurn !== "now";
  if ((handedOver || next.no_legal_move || completed) && !["game_over", "match_over"].includes(next.phase)) {
    // A complete play says how the turn ends (Done, or by itself) and that Undo still takes a checker back.
    const wanted = say.statusText(next, endTurn);
    // "Black doubles to 2." is also the start of "Black doubles to 2. White: take or drop?": say it once.
    for (let i = sentences.length - 1; i >= 0; i -= 1) if (wanted.includes(/** @type {string} */ (sentences[i]))) sentences.splice(i, 1);
    sentences.push(wanted);
  }
  for (const text of sentences) state.ctx.say(/** @type {string} */ (text));
}

/**
 * How the turn shown in `v` ends once nothing is left to play: the preference of the person here to act; a seat
 * that acts by itself ends its own turn at once.
 * @param {PlayState} state @param {View} v
 * @returns {import("../preferences.js").EndTurn}
 */
export const endTurnFor = (state, v) => (personHereToAct(v) ? state.ctx.preferences().endTurn : "now");
