// @ts-check
/**
 * The panel of the match with a friend shown (#remote-panel): its title, the friend's last move and the deadline to
 * claim, the invitation to send, Claim and Rematch, a fork to settle, and, drawn by their own modules, the turn link
 * to send (send.js) and the chat (chat.js). Hidden, with the tab's memory of the match, when play shows the match in
 * progress.
 */

import { t, writtenMoment } from "../i18n/i18n.js";
import { clearAddress } from "./address.js";
import { renderChat } from "./chat.js";
import { invitationCode, invitationLink } from "./link.js";
import { restIfOver } from "./rest.js";
import { renderSend } from "./send.js";
import { $, SHOWN_KEY, input, shown } from "./state.js";

/** @typedef {import("./state.js").FriendsState} FriendsState */

/** How often the panel's times ("3 minutes ago", the deadline) are brought up to date. */
const REFRESH_MS = 20_000;

/** @param {FriendsState} state */
export function render(state) {
  const match = shown(state);
  const panel = $("remote-panel");
  clearInterval(state.refresher);
  if (!match) {
    panel.hidden = true;
    $("remote-status").hidden = true;
    sessionStorage.removeItem(SHOWN_KEY);
    // The live match's link leaves the address with it: a reload shows the player's own match.
    if (location.hash.startsWith("#play=") && !state.waitingLine) clearAddress();
    return;
  }
  panel.hidden = false;
  state.refresher = setInterval(() => render(state), REFRESH_MS);
  const view = match.view();
  const remote = view.remote;
  const friend = match.friendName();
  const entry = match.entry();
  const live = entry.mode === "live";
  $("remote-title").textContent = t("remote.panelTitle", {
    length: view.settings?.match_length ?? 0,
    invited: remote.phase === "invited" && !entry.opponent ? "yes" : "no",
    friend,
    live: live ? "yes" : "no",
    rated: remote.rated ? "yes" : "no",
  });
  $("remote-turn").textContent = timeWords(remote, friend);
  renderLobby(state, match);
  const host = remote.seat === remote.host;
  const invited = remote.phase === "invited";
  $("remote-invite").hidden = !(invited && host && live && !entry.opponent);
  if (invited && host && live && entry.invitation) {
    input("remote-invite-link").value = invitationLink(entry.invitation, location.href);
    $("remote-invite-code").textContent = invitationCode(entry.invitation);
  }
  renderSend(state, match, remote);
  const claimable = remote.phase === "playing" && remote.deadline !== null && Date.now() / 1000 >= remote.deadline;
  $("remote-claim").hidden = !claimable;
  $("remote-rematch").hidden = !(remote.phase === "over" || remote.phase === "claimed");
  restIfOver(state);
  $("remote-chat").hidden = !live || invited;
  $("remote-roll-ahead-label").hidden = live || remote.phase !== "playing";
  const fork = match.fork();
  $("remote-fork").hidden = fork === null;
  if (fork !== null) {
    $("remote-fork-text").textContent = t("remote.forkText", { friend, n: fork });
    $("remote-fork-theirs").textContent = t("remote.forkTheirs", { friend });
  }
  input("remote-roll-ahead").checked = entry.rollAhead === true;
  renderChat(entry, remote, friend);
}

/**
 * The players' ratings in the lobby, for a match the lobby started (web/lobby/online.js says them).
 * @param {FriendsState} state @param {import("./state.js").RemoteMatch} match
 */
function renderLobby(state, match) {
  const line = $("remote-lobby");
  const words = state.ctx.lobbyWords?.(match.entry());
  if (!words) return void (line.hidden = true);
  void words.then((text) => {
    if (shown(state) !== match) return;
    line.hidden = !text;
    line.textContent = text ?? "";
  }, () => void (line.hidden = true));
}

/**
 * The friend's last move, and when the match may be claimed.
 * @param {import("../types.js").RemoteView} remote @param {string} friend
 */
function timeWords(remote, friend) {
  if (remote.phase !== "playing") return "";
  const ago = agoWords(Date.now() / 1000 - remote.last_time);
  if (remote.deadline === null) return t("remote.lastMove", { ago });
  const claimable = Date.now() / 1000 >= remote.deadline;
  if (claimable) return t("remote.lastMoveClaim", { ago, friend });
  const time = writtenMoment(remote.deadline * 1000);
  return t("remote.lastMoveDeadline", { ago, friend, time });
}

/** @param {number} seconds */
function agoWords(seconds) {
  if (seconds < 60) return t("remote.justNow");
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t("remote.minutesAgo", { n: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 48) return t("remote.hoursAgo", { n: hours });
  return t("remote.daysAgo", { n: Math.round(hours / 24) });
}
