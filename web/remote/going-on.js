// @ts-check
/**
 * A live match with a friend that this device keeps and that goes on, told on a tab that shows the player's own match
 * (a tab opened afresh, or after *Back to your own match*): a sign above the status line says whose turn it is, with
 * a button that opens the match here. Without it such a tab spoke only of the player's own match while the friend
 * waited. The sign follows the kept match as another tab plays it, and goes once a match with a friend is shown here.
 */

import { t } from "../i18n/i18n.js";
import { openKeyval } from "../keyval.js";
import { show } from "./show.js";
import { $, shown } from "./state.js";
import { findById, listRemoteMatches, remoteMatchStorage } from "./store.js";

/** @typedef {import("./state.js").FriendsState} FriendsState */

/**
 * The live match going on that this device saved last, with whose turn it is (null: none).
 * @param {FriendsState} state
 * @returns {Promise<{id: string, friend: string, yours: boolean} | null>}
 */
async function liveMatchGoingOn(state) {
  const { namespace, call, isRulesError } = state.ctx;
  for (const { id, entry } of await listRemoteMatches(namespace)) {
    if (entry.mode !== "live") continue;
    // A kept state the rules refuse is left for its opening to say why, not said at the page's start.
    const views = await call("remote_view", { state: entry.state }).catch((error) => {
      if (isRulesError(error)) return null;
      throw error;
    });
    if (!views) continue;
    const { view, remote } = views;
    if (remote.phase !== "playing") continue;
    const friend = remote.names?.[1 - remote.seat] || entry.opponent || t("remote.yourFriend");
    return { id, friend, yours: yourTurn(view, remote) };
  }
  return null;
}

/**
 * Whether the match waits for the player here: for their decision, or for the dice of their roll (whose halves the
 * two devices add in turn, by themselves: the sign does not go back and forth with them).
 * @param {import("../types.js").View | null} view @param {import("../types.js").RemoteView} remote
 */
function yourTurn(view, remote) {
  if (remote.waiting_for === "dice" && typeof view?.turn === "number") return view.turn === remote.seat;
  return remote.awaited === remote.seat;
}

/**
 * Show the sign as the kept matches stand now, or hide it (none goes on, or one is shown here); a screen reader hears
 * it when it appears.
 * @param {FriendsState} state
 */
export async function tellGoingOn(state) {
  const found = shown(state) ? null : await liveMatchGoingOn(state);
  const sign = $("remote-going-on");
  await followKept(state, found?.id ?? null);
  if (!found || shown(state)) {
    sign.hidden = true;
    return;
  }
  const text = t(found.yours ? "remote.goingOnYours" : "remote.goingOnTheirs", { friend: found.friend });
  const appears = sign.hidden || $("remote-going-on-text").textContent !== text;
  $("remote-going-on-text").textContent = text;
  const open = $("remote-going-on-open");
  open.textContent = t("friend.openNamed", { friend: found.friend });
  open.dataset.id = found.id;
  sign.hidden = false;
  if (appears) state.ctx.say(text);
}

/**
 * The sign's *Open* button: the match shown here (show hides the sign).
 * @param {FriendsState} state
 */
export async function openGoingOn(state) {
  const kept = await findById(state.ctx.namespace, $("remote-going-on-open").dataset.id ?? "");
  if (kept) await show(state, kept.entry);
}

/**
 * Tell the sign again whenever another tab saves the match it names (a turn played there); `id` null: follow none.
 * @param {FriendsState} state @param {string | null} id
 */
async function followKept(state, id) {
  if (state.goingOn?.id === id) return;
  state.goingOn?.unlisten();
  state.goingOn = null;
  if (id === null) return;
  const { namespace, enqueue } = state.ctx;
  const keyval = await openKeyval(namespace);
  const unlisten = keyval.listen(remoteMatchStorage(namespace, id).key, () => void enqueue(() => tellGoingOn(state)));
  state.goingOn = { id, unlisten };
}
