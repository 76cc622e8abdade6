// @ts-check
/**
 * What the address brings: a live invitation (`#play=ROOM.SECRET`) and a correspondence turn link
 * (`#v=1&turn=PAYLOAD`) opened here, and the address cleared once it has been read.
 */

import { t } from "../i18n/i18n.js";
import { helloIn } from "./hello.js";
import { askJoin, joinLive } from "./invite.js";
import { openLine } from "./line.js";
import { show, showStatus } from "./show.js";
import { shown } from "./state.js";
import { findById, findByRoom } from "./store.js";

/** @typedef {import("./state.js").FriendsState} FriendsState */

/**
 * A live invitation opened here (`#play=ROOM.SECRET`): the match kept for that room, or the room joined to hear
 * the friend's invitation.
 * @param {FriendsState} state
 * @param {{room: string, secret: string}} invitation
 * @param {{name: string, length: number, rated: boolean}} [agreed]  the terms agreed already (the lobby's poster)
 */
export async function openInvitation(state, invitation, agreed) {
  const kept = await findByRoom(state.ctx.namespace, invitation.room);
  if (kept) {
    if (shown(state)?.id !== kept.id) await show(state, kept.entry, { expectPeer: true });
    return;
  }
  await state.waitingLine?.close();
  const line = await openLine(invitation, { expectPeer: true, onStatus: (status) => showStatus(state, status) });
  state.waitingLine = line;
  if (!line) return;
  let answered = false;
  line.onText((text) => {
    if (answered) return;
    const hello = helloIn(text);
    if (!hello) return;
    answered = true;
    void state.ctx.enqueue(() => joinLive(state, line, invitation, hello, agreed));
  });
}

/**
 * A correspondence turn link opened here (`#v=1&turn=PAYLOAD`): taken into its match, or an invitation to join.
 * @param {FriendsState} state
 * @param {string} payload
 */
export async function openTurnLink(state, payload) {
  const { ctx } = state;
  let read;
  try {
    read = await ctx.call("remote_read_link", { payload });
  } catch (error) {
    if (!ctx.isRulesError(error)) throw error;
    await ctx.message({ title: t("remote.linkNotOpened"), text: t("remote.linkUnusable", { detail: /** @type {Error} */ (error).message }) });
    return;
  }
  clearAddress();
  const kept = await findById(ctx.namespace, read.match);
  if (kept) {
    const current = shown(state);
    const match = current?.id === kept.id ? current : await show(state, kept.entry);
    await match.receiveLink(payload); // its change reaches play and the panel
    return;
  }
  if (!read.invitation) {
    const [first, second] = read.names.filter(Boolean);
    const text = t("remote.notYoursText", { named: second ? "two" : first ? "one" : "none", first: first ?? "", second: second ?? "" });
    await ctx.message({ title: t("remote.notYours"), text });
    return;
  }
  const settings = read.rules?.settings ?? {};
  const answer = await askJoin(state, { host: read.names[read.host] ?? "", length: Number(settings.match_length ?? 0), mode: "correspondence", hostRating: read.ratings?.[read.host] });
  if (answer === null) return;
  const joined = await ctx.call("remote_join_link", { payload, ...answer });
  await show(state, { state: joined.state, mode: "correspondence", chat: [], sent: 0, createdAt: new Date().toISOString() }, { fresh: true });
}

export function clearAddress() {
  history.replaceState(null, "", location.pathname + location.search);
}
