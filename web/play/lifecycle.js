// @ts-check
/**
 * The match's life on this page: the match in progress (the local match, web/match/local.js) started, restored,
 * set up from a position, replaced by a file or a kept match; and another match (with a friend) shown instead of
 * it, and left to go back to it.
 */
import { t } from "../i18n/i18n.js";
import * as say from "./describe.js";
import { endTurnFor, heard } from "./act.js";
import { scheduleAutomatic, stopCountdown } from "./auto.js";
import { showView } from "./draw.js";
import { DEFAULT_MATCH } from "./newmatch.js";
import { matchInfo } from "./panel.js";

/** @typedef {import("./state.js").PlayState} PlayState */
/** @typedef {import("./state.js").View} View */
/** @typedef {import("../match/match.js").Match} Match */

/**
 * Play `match` from now on, and hear its changes from elsewhere.
 * @param {PlayState} state @param {Match} match
 */
export function listenTo(state, match) {
  state.unlisten();
  state.match = match;
  state.unlisten = match.onChange((update) => heard(state, match, update));
}

/**
 * Show another match (a match with a friend) and play it here; the match in progress stays as it is, saved, for
 * later.
 * @param {PlayState} state @param {Match} match
 */
export async function showMatch(state, match) {
  const { ctx } = state;
  ctx.closeOtherMode();
  if (state.match !== match) await state.match.close();
  state.generation += 1;
  state.held = false;
  listenTo(state, match);
  stopCountdown(state);
  showView(state, match.view());
  ctx.say(`${matchInfo(state.view)}. ${say.statusText(state.view, endTurnFor(state, state.view))}`);
  scheduleAutomatic(state);
}

/**
 * Back to the match in progress from another match shown (which stays kept, closed here).
 * @param {PlayState} state
 * @param {{reload?: boolean}} [options] reload: give the worker the match in progress again (false: the worker has
 *   just been given the match that replaces it)
 */
export async function leaveMatch(state, { reload = true } = {}) {
  const { local } = state.ctx;
  const match = state.match;
  if (match === local) return;
  listenTo(state, local);
  state.generation += 1;
  stopCountdown(state);
  await match.close();
  if (reload) await local.reload();
  showView(state, local.view());
}

/**
 * Take up a record Python has just loaded as the match in progress, saved at once.
 * @param {PlayState} state @param {{record: object, view: View}} result
 * @param {{study?: boolean}} [options] study: a position from a share link (storage.isStudy)
 */
async function takeUp(state, result, { study = false } = {}) {
  state.ctx.closeOtherMode();
  await leaveMatch(state, { reload: false });
  state.generation += 1;
  state.held = false;
  state.ctx.local.takeUp(result);
  showView(state, result.view);
  await state.ctx.local.saveNew({ study });
}

/**
 * Start a match and make it the saved one.
 * @param {PlayState} state @param {{settings: object, players: object[]}} match
 * @param {{hold?: boolean}} [options] hold: show it, but neither save it nor let anything happen by itself (under
 *   the welcome, and after "not now" on it): a person's first action starts it, and it is saved then
 */
export async function startMatch(state, match, { hold = false } = {}) {
  const { ctx } = state;
  await leaveMatch(state);
  state.generation += 1;
  const result = await ctx.call("new_match", match);
  ctx.local.takeUp(result);
  state.held = hold;
  showView(state, result.view);
  if (hold) return;
  await ctx.local.saveNew();
  const length = result.view.settings?.match_length ?? 0;
  const [white, black] = [say.playerName(result.view, 0), say.playerName(result.view, 1)];
  ctx.say(t("match.new", { kind: length ? "match" : "money", length, white, black }));
  scheduleAutomatic(state);
}

/**
 * The saved match; on a first visit (nothing saved) the default match, which waits unsaved behind the welcome if
 * `firstVisit()` opened it; or a plain-words report of a save that cannot be used.
 * @param {PlayState} state
 * @param {{firstVisit: () => boolean}} page firstVisit: open the welcome if it is wanted, and say whether it was
 */
export async function restore(state, { firstVisit }) {
  const restored = await state.ctx.local.restore();
  if (restored.status === "ok") {
    showView(state, restored.view);
    state.ctx.say(`${t("match.restored")} ${say.statusText(restored.view, endTurnFor(state, restored.view))}`);
    scheduleAutomatic(state);
  } else if (restored.status === "empty") {
    await startMatch(state, DEFAULT_MATCH, { hold: firstVisit() });
  } else {
    await tellAboutBadSave(state, restored.reason, restored.backupKey);
  }
}

/**
 * The saved match could not be used: say so in plain words, keep it, offer a new match.
 * @param {PlayState} state @param {string} reason @param {string | null} backupKey
 */
async function tellAboutBadSave(state, reason, backupKey) {
  const { ctx } = state;
  const kept = backupKey ? t("match.keptAside", { key: backupKey }) : t("match.notCopied");
  const text = `${t("match.badSave", { reason })} ${kept} ${t("match.newStarted")}`;
  ctx.setStatus(text);
  ctx.say(text);
  document.documentElement.dataset.storageProblem = "true";
  await startMatch(state, DEFAULT_MATCH);
  // Not awaited: the new match is ready behind the message; the player reads it when they like.
  void ctx.message({ title: t("message.savedNotOpened"), text });
}

/**
 * A new match from gnubg IDs (`match_id` absent: this match's settings); the match it replaces is kept (Save /
 * load). `settings`: the rules the IDs do not hold (beavers in a money session, from the editor or from a
 * share link's `read_position`). Rules errors are thrown and change nothing.
 * @param {PlayState} state
 * @param {{position_id: string, match_id?: string, settings?: object}} ids @param {string} what said first
 * @param {boolean} [study] a position from a share link (storage.isStudy)
 */
export async function setUpPosition(state, ids, what, study = false) {
  const { ctx } = state;
  // The players and rules of the match in progress here (or the default match's): while a friend's match is shown,
  // its view has the friend's seat (of kind "remote", which a match on this device cannot have) and its names.
  const v = ctx.local.loaded() ? ctx.local.view() : null;
  /** @type {import("../types.js").SetupParams} */
  const params = { position_id: ids.position_id, players: /** @type {import("../types.js").PlayerParam[]} */ (v?.players ?? DEFAULT_MATCH.players) };
  if (ids.match_id) params.match_id = ids.match_id;
  if (ids.settings) params.settings = ids.settings;
  else if (!ids.match_id) params.settings = v?.settings ?? DEFAULT_MATCH.settings;
  const result = await ctx.call("setup", params);
  await ctx.local.keepLeaving();
  await takeUp(state, result, { study });
  if (study) ctx.notice(what);
  ctx.say(`${what} ${say.statusText(result.view)}`);
  scheduleAutomatic(state);
}

/**
 * Make another record the match in progress; the one it replaces is kept (storage.keepPrevious) or nothing changes.
 * @param {PlayState} state @param {object} next @param {string} message
 */
export async function replaceMatch(state, next, message) {
  const { ctx } = state;
  const kept = await ctx.local.keepLeaving();
  if (!kept.ok) return void ctx.notice(t("match.nothingChanged", { error: kept.error }));
  const result = await ctx.call("load", { record: next });
  await takeUp(state, result);
  ctx.notice(message);
  scheduleAutomatic(state);
}

/**
 * A saved match file (.json) becomes the match in progress; the one it replaces is kept. A file Python refuses
 * changes nothing: the current match is put back in the worker and the error is thrown.
 * @param {PlayState} state @param {object} record @param {string} name the file's name
 */
export async function openRecordFile(state, record, name) {
  const { ctx } = state;
  const previous = ctx.local.current();
  let result;
  try {
    result = await ctx.call("load", { record });
  } catch (error) {
    // Put the current match back in the worker: a failed load must leave nothing changed.
    if (previous) await ctx.call("load", { record: previous }).catch(() => undefined);
    throw error;
  }
  await ctx.local.keepLeaving(); // "Back to the match you left" (Save / load) brings it back
  await takeUp(state, result);
  ctx.say(`${t("match.openedFrom", { name })} ${say.statusText(result.view)}`);
  scheduleAutomatic(state);
}
