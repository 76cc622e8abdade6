// @ts-check
/**
 * The turn link to send the friend (#remote-send): by correspondence, or live while the devices cannot connect; shown
 * when the last message of the match is this side's, then copied, saved as a file or shared, and counted as sent.
 */

import { copyText } from "../copy.js";
import { t } from "../i18n/i18n.js";
import { downloadText, turnFile } from "../matchfile.js";
import { nextStep } from "./next-step.js";
import { render } from "./panel.js";
import { $, input, shown } from "./state.js";

/** @typedef {import("./state.js").FriendsState} FriendsState */
/** @typedef {import("./state.js").RemoteMatch} RemoteMatch */

/**
 * The link to send, whenever the last message of the match is this side's (by correspondence; live, while the
 * devices cannot connect), with the words of web/remote/next-step.js.
 * @param {FriendsState} state @param {RemoteMatch} match @param {import("../types.js").RemoteView} remote
 */
export function renderSend(state, match, remote) {
  // A lobby match by links sends its turns as letters: the link is offered only while one has not gone out.
  const link = match.link();
  if (match.entry().letters && link?.sent) return void ($("remote-send").hidden = true);
  $("remote-send").hidden = link === null;
  if (link === null) return;
  const view = match.view();
  $("remote-send-text").textContent = nextStep({ remote, phase: view.phase, friend: match.knownFriendName(), link, live: link.live }).panel;
  $("remote-send-share").hidden = typeof navigator.share !== "function";
  const { revision } = link;
  if (state.sendLink.revision === revision) return;
  state.sendLink = { revision, href: "" };
  input("remote-send-link").value = ""; // never the link of a turn before, while this one is made
  // A step of the page's queue (Python makes the link): the page is idle only once the link to send is there.
  void state.ctx.enqueue(async () => {
    const href = await match.turnLink(location.href);
    if (state.sendLink.revision !== revision) return;
    state.sendLink.href = href;
    input("remote-send-link").value = href;
  });
}

/**
 * Copy the correspondence link and count it as sent.
 * @param {FriendsState} state
 */
export async function copySendLink(state) {
  const match = shown(state);
  if (!match || !state.sendLink.href) return;
  const field = input("remote-send-link");
  const copied = await copyText(state.sendLink.href, field);
  await match.markSent(state.sendLink.revision);
  state.ctx.say(t(copied ? "remote.turnCopied" : "remote.turnSelected"));
  render(state);
}

/**
 * Save the turn as a file to send, and count it as sent.
 * @param {FriendsState} state
 */
export async function saveSendFile(state) {
  const match = shown(state);
  const { sendLink } = state;
  if (!match || !sendLink.href) return;
  const { text, filename } = turnFile({ href: sendLink.href, friend: match.friendName(), revision: sendLink.revision }, t);
  downloadText(text, filename, "text/plain;charset=utf-8");
  await match.markSent(sendLink.revision);
  state.ctx.say(t("remote.turnSaved", { filename }));
  render(state);
}

/**
 * Share the link (the system's share sheet), and count it as sent once shared.
 * @param {FriendsState} state
 */
export async function shareSendLink(state) {
  const match = shown(state);
  if (!match || !state.sendLink.href) return;
  try {
    await navigator.share({ title: t("remote.shareTitle"), url: state.sendLink.href });
    await state.ctx.enqueue(() => match.markSent(state.sendLink.revision));
    render(state);
  } catch {
    // Cancelled: nothing was sent.
  }
}
