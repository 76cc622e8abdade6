// @ts-check
/**
 * Play a friend on another device, as the page offers it: the *Play a friend online* dialog (invite live or by
 * links, join with a code, the matches kept here), the invitations and turn links opened from the address, and the
 * panel of the match shown (its link to send, the friend's last move and the deadline to claim, the chat). The match
 * itself is played by the play mode (web/play/play.js) as a `Match` (web/remote/remote-match.js), whose changes the
 * panel hears from it directly. Loaded on first use.
 *
 * Its state is one object (state.js) handed to the modules beside this one: showing a match (show.js), inviting and
 * joining (invite.js), the dialog and the kept matches (dialog.js), the address (address.js), the panel (panel.js)
 * with its turn link to send (send.js) and its chat (chat.js), the sign of a live match going on while the tab shows
 * the player's own match (going-on.js). This module makes the state, wires the panel's
 * buttons and hands web/app.js what it uses. Nothing outside web/remote/ imports those modules and they import one
 * another statically, so they all load with this module, on first use.
 */
import { copyText } from "../copy.js";
import { LANGUAGE_CHANGED, t } from "../i18n/i18n.js";
import { openInvitation, openTurnLink } from "./address.js";
import { sendChat } from "./chat.js";
import { openFriendDialog, relistMatches } from "./dialog.js";
import { openGoingOn, tellGoingOn } from "./going-on.js";
import { invite, rewriteJoin } from "./invite.js";
import { dropUnjoined, hostLinks, joinLinks, markSent, takeLetter } from "./lobby-links.js";
import { render } from "./panel.js";
import { rematch } from "./rematch.js";
import { copySendLink, saveSendFile, shareSendLink } from "./send.js";
import { lookAgain } from "./rest.js";
import { resumeShown } from "./show.js";
import { $, createState, input, shown } from "./state.js";

/**
 * @typedef {object} FriendsContext
 * @property {string} namespace
 * @property {import("../types.js").Call} call
 * @property {(error: unknown) => boolean} isRulesError
 * @property {(step: () => Promise<void>) => Promise<unknown>} enqueue
 * @property {import("../queue.js").Queue["ask"]} ask
 * @property {{match: () => import("../match/match.js").Match, showMatch: (match: import("../match/match.js").Match) =>
 *   Promise<void>, leaveMatch: () => Promise<void>}} play  the play mode, as far as a match with a friend needs it:
 *   the match it shows, another shown instead, and back to the match in progress
 * @property {() => Promise<number>} rating  this player's rating now, in whole points (web/app.js hands home's)
 * @property {(text: string) => void} say
 * @property {(text: string) => void} notice  a notice the player sees (and the announcer says)
 * @property {(message: {title: string, text: string, choices?: {value: string, label: string}[]}) => Promise<string>} message
 * @property {(entry: import("./store.js").RemoteEntry) => void} [saved]  a match was saved here (its transcript may
 *   have grown): the lobby publishes a watched match's new messages (web/lobby/watched.js)
 * @property {(entry: import("./store.js").RemoteEntry) => Promise<string | null>} [lobbyWords]  what the lobby says of
 *   a match it started (both players' ratings from the results this device verified); null: not the lobby's
 * @property {(entry: import("./store.js").RemoteEntry) => Promise<string | null>} [tournamentOf]  the name of the
 *   tournament a match the lobby started was played for ("" when not heard here); null: no tournament's match
 */

/** @param {FriendsContext} ctx */
export function createFriends(ctx) {
  const { enqueue, play } = ctx;
  const state = createState(ctx);

  $("remote-invite-copy").addEventListener("click", async () => {
    const field = input("remote-invite-link");
    const copied = await copyText(field.value, field);
    ctx.say(t(copied ? "remote.linkCopied" : "remote.linkSelected"));
  });
  $("remote-send-copy").addEventListener("click", () => void enqueue(() => copySendLink(state)));
  $("remote-fork-theirs").addEventListener("click", () => {
    const match = shown(state);
    if (match) void enqueue(async () => void (await match.takeTheirs()));
  });
  $("remote-fork-mine").addEventListener("click", () => {
    shown(state)?.keepMine();
    render(state);
  });
  $("remote-roll-ahead").addEventListener("change", () => {
    const match = shown(state);
    const on = input("remote-roll-ahead").checked;
    if (match) void enqueue(() => match.setRollAhead(on));
  });
  $("remote-send-file").addEventListener("click", () => void enqueue(() => saveSendFile(state)));
  $("remote-send-share").addEventListener("click", () => void shareSendLink(state));
  $("remote-claim").addEventListener("click", () => {
    const match = shown(state);
    if (match) void enqueue(async () => void (await match.claim()));
  });
  $("remote-leave").addEventListener("click", () => {
    void enqueue(async () => {
      await play.leaveMatch();
      await tellGoingOn(state); // a live match left going on: the player's own match shown, the sign says so
    });
  });
  $("remote-going-on-open").addEventListener("click", () => void enqueue(() => openGoingOn(state)));
  $("remote-rematch").addEventListener("click", () => void enqueue(() => rematch(state)));
  $("remote-look-again").addEventListener("click", () => lookAgain(state));
  $("remote-chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const field = input("remote-chat-text");
    const text = field.value;
    field.value = "";
    void enqueue(() => sendChat(state, text));
  });
  for (const button of document.querySelectorAll("#remote-chat [data-phrase]")) {
    // The phrase as the button shows it, in the language of the one who sends it.
    button.addEventListener("click", () => void enqueue(() => sendChat(state, button.textContent ?? "")));
  }
  // What the panel and the dialogs wrote follows a language switch at once (their marked words follow by themselves).
  document.addEventListener(LANGUAGE_CHANGED, () => {
    const match = shown(state);
    if (match) {
      render(state);
      match.retell();
    }
    rewriteJoin();
    void relistMatches(state);
    if (!$("remote-going-on").hidden) void enqueue(() => tellGoingOn(state));
  });

  return {
    openFriendDialog: () => openFriendDialog(state),
    /**
     * @param {{room: string, secret: string}} invitation
     * @param {{name: string, length: number, rated: boolean}} [agreed]  the lobby's terms, agreed already
     */
    openInvitation: (invitation, agreed) => openInvitation(state, invitation, agreed),
    /**
     * Host a live match in a room made for it (the lobby's accepter).
     * @param {{name: string, length: number, rated: boolean, invitation: {room: string, secret: string}, timeout?: number, opponent?: string}} match
     */
    hostLive: ({ name, length, rated, invitation, timeout, opponent }) => invite(state, { name, length, mode: "live", rated, invitation, timeout, opponent }),
    /** @param {string} payload */
    openTurnLink: (payload) => openTurnLink(state, payload),
    /** Host a match by links met in the lobby. @param {{name: string, length: number, rated: boolean, timeout?: number, opponent?: string}} terms */
    hostLinks: (terms) => hostLinks(state, terms),
    /** Join a match by links met in the lobby. @param {string} payload @param {{name: string, rated: boolean}} agreed */
    joinLinks: (payload, agreed) => joinLinks(state, payload, agreed),
    /** A letter's turn link. @param {string} payload */
    takeLetter: (payload) => takeLetter(state, payload),
    /** A turn's letter is out. @param {string} id @param {number} revision */
    markSent: (id, revision) => markSent(state, id, revision),
    /** The lobby's match by links another accepter took first. @param {string} id */
    dropUnjoined: (id) => dropUnjoined(state, id),
    render: () => render(state),
    /**
     * The friend's name while a live match with them is shown and being played here (another match shown would
     * leave it), else null.
     */
    livePlaying: () => {
      const match = shown(state);
      const remote = match?.view().remote;
      if (!match || !remote || match.entry().mode !== "live" || remote.phase !== "playing") return null;
      return match.friendName();
    },
    /** The match this tab showed before a reload, shown again (false: none). */
    resumeShown: () => resumeShown(state),
    /** A live match kept here that goes on while this tab shows the player's own match: the panel says so. */
    tellGoingOn: () => tellGoingOn(state),
  };
}

/** @typedef {ReturnType<typeof createFriends>} Friends */
