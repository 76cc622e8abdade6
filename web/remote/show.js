// @ts-check
/**
 * Showing a match with a friend: a kept (or new) match opened and handed to play, its live line attached, the
 * address and the tab's memory of it (a reload shows it again), and the live line's status under the board.
 */

import { t } from "../i18n/i18n.js";
import { joinLive } from "./invite.js";
import { openLine } from "./line.js";
import { render } from "./panel.js";
import { rematchDeclined } from "./rematch.js";
import { restIfOver } from "./rest.js";
import { openRemoteMatch } from "./remote-match.js";
import { $, SHOWN_KEY, shown } from "./state.js";
import { findById } from "./store.js";

/** @typedef {import("./state.js").FriendsState} FriendsState */
/** @typedef {import("./state.js").RemoteMatch} RemoteMatch */
/** @typedef {import("./state.js").Line} Line */
/** @typedef {import("./store.js").RemoteEntry} RemoteEntry */

/** @param {FriendsState} state @param {{state: string, text: string}} status */
export function showStatus(state, { state: lineState, text }) {
  const changed = state.lineState !== lineState;
  state.lineState = lineState;
  state.shownMatch?.setLineState(lineState); // while the devices cannot connect, a turn goes as a link
  if (changed && shown(state)) render(state);
  const element = $("remote-status");
  element.hidden = false;
  element.dataset.state = lineState;
  const left = friendLeftAfterMatch(state, lineState);
  element.classList.toggle("remote-status-over", left !== null);
  element.textContent = left ?? text;
  restIfOver(state);
}

/**
 * The line's words once the friend's device is gone from a match that is over: nothing waits for it, so not
 * "trying again" nor "it goes on when they are back" (null: the match goes on, or the friend is here).
 * @param {FriendsState} state @param {string} lineState
 */
function friendLeftAfterMatch(state, lineState) {
  const match = state.shownMatch;
  if (!match || (lineState !== "reconnecting" && lineState !== "no-direct")) return null;
  return match.view().remote?.phase === "over" ? t("remote.leftAfterMatch", { friend: match.friendName() }) : null;
}

/**
 * Show a kept (or new) match and play it here.
 * @param {FriendsState} state
 * @param {RemoteEntry} entry
 * @param {{fresh?: boolean, line?: Line | null, expectPeer?: boolean}} [options] fresh: a new entry, saved now;
 *   line: the line already open for it; expectPeer: this side opened the friend's link
 */
export async function show(state, entry, { fresh = false, line = null, expectPeer = true } = {}) {
  const { namespace, call, enqueue, play } = state.ctx;
  /** @type {RemoteMatch | null} */
  let opened = null;
  const match = await openRemoteMatch({
    namespace,
    entry,
    fresh,
    call,
    enqueue: (step) => /** @type {Promise<void>} */ (enqueue(step)),
    saved: state.ctx.saved,
    invited: (hello) => {
      const { invitation } = entry;
      if (invitation && opened) void enqueue(() => joinLive(state, /** @type {RemoteMatch} */ (opened), invitation, hello));
    },
    acted: () => {
      if (state.shownMatch === opened) render(state); // the link to send, at once
    },
    declined: () => void enqueue(() => rematchDeclined(state, /** @type {RemoteMatch} */ (opened))),
    closed: () => {
      if (state.shownMatch !== opened) return; // another match took its place: its panel is drawn as it is shown
      state.shownMatch = null;
      render(state);
    },
  });
  opened = match;
  match.onChange(() => render(state)); // the panel follows the match (a move, a line of chat, a claim)
  if (entry.mode === "live" && entry.invitation) {
    const connected = line ?? (await openLine(entry.invitation, { expectPeer, onStatus: (status) => showStatus(state, status) }));
    if (connected) match.attach(connected);
    history.replaceState(null, "", `#play=${entry.invitation.room}.${entry.invitation.secret}`);
  } else {
    $("remote-status").hidden = true;
    if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  }
  sessionStorage.setItem(SHOWN_KEY, match.id);
  state.shownMatch = match;
  $("remote-going-on").hidden = true; // the sign of a live match going on elsewhere (going-on.js): this one is here
  match.setLineState(state.lineState);
  await play.showMatch(match);
  render(state);
  return match;
}

/**
 * The match this tab showed before a reload, shown again (false: none).
 * @param {FriendsState} state
 */
export async function resumeShown(state) {
  const id = sessionStorage.getItem(SHOWN_KEY);
  if (!id) return false;
  const kept = await findById(state.ctx.namespace, id);
  if (!kept) return false;
  await show(state, kept.entry);
  return true;
}
