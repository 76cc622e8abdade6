// @ts-check
/** The chat of a live match with a friend: its lines drawn in the panel, and a line (or a set phrase) sent. */

import { t } from "../i18n/i18n.js";
import { render } from "./panel.js";
import { $, shown } from "./state.js";

/** @typedef {import("./state.js").FriendsState} FriendsState */
/** @typedef {import("./store.js").RemoteEntry} RemoteEntry */

/** @param {RemoteEntry} entry @param {import("../types.js").RemoteView} remote @param {string} friend */
export function renderChat(entry, remote, friend) {
  const log = $("remote-chat-log");
  log.replaceChildren(
    ...entry.chat.map((line) => {
      const item = document.createElement("li");
      const who = line.from === remote.seat ? t("remote.you") : friend;
      item.append(Object.assign(document.createElement("strong"), { textContent: `${t("remote.chatFrom", { who })} ` }), line.text); // text only
      return item;
    }),
  );
  log.scrollTop = log.scrollHeight;
}

/** @param {FriendsState} state @param {string} text */
export async function sendChat(state, text) {
  const match = shown(state);
  if (!match || !text.trim()) return;
  try {
    await match.chat(text);
  } catch (error) {
    if (!state.ctx.isRulesError(error)) throw error;
    state.ctx.say(/** @type {Error} */ (error).message);
    return;
  }
  render(state);
}
