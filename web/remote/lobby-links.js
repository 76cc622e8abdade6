// @ts-check
/**
 * A match by links met in the lobby: its turn links travel as letters over the relays (web/lobby/letters.js)
 * instead of through a messenger the player picks. This module is play on two devices' side of it: host the
 * match the accepter offers, join it on the poster's device with the terms agreed in the lobby, take in a letter's
 * turn link, and count a turn as sent once its letter is out. The turns themselves are checked as any turn link's.
 */

import { t } from "../i18n/i18n.js";
import { relistMatches } from "./dialog.js";
import { invite } from "./invite.js";
import { show } from "./show.js";
import { shown } from "./state.js";
import { findById, remoteMatchStorage } from "./store.js";

/** @typedef {import("./state.js").FriendsState} FriendsState */

/**
 * Host a match by links (the lobby's accepter): the invitation's turn link to send the poster.
 * @param {FriendsState} state @param {{name: string, length: number, rated: boolean, timeout?: number, opponent?: string}} terms
 *   `timeout`: a tournament's time to move, in seconds; `opponent`: the poster's name
 * @returns {Promise<{match: string, payload: string, revision: number}>}
 */
export async function hostLinks(state, { name, length, rated, timeout, opponent }) {
  await invite(state, { name, length, mode: "correspondence", rated, lobby: true, timeout, opponent });
  const match = /** @type {import("./state.js").RemoteMatch} */ (shown(state));
  const { payload, revision } = await state.ctx.call("remote_link", { state: match.entry().state });
  return { match: match.id, payload, revision };
}

/**
 * Join the accepter's match (the lobby's poster) from its invitation's turn link, with the terms agreed already.
 * @param {FriendsState} state @param {string} payload @param {{name: string, rated: boolean}} agreed
 */
export async function joinLinks(state, payload, { name, rated }) {
  const { ctx } = state;
  const read = await ctx.call("remote_read_link", { payload });
  const rating = rated && typeof read.ratings?.[read.host] === "number" ? await ctx.rating() : null;
  const joined = await ctx.call("remote_join_link", { payload, name, rating });
  // sent 0: the join (revision 1) is this side's and not sent yet: its letter goes out once it is saved.
  await show(state, { state: joined.state, mode: "correspondence", chat: [], sent: 0, createdAt: new Date().toISOString(), letters: true }, { fresh: true });
}

/**
 * A letter's turn link, taken into its match when it holds something newer than the match kept here (a letter
 * heard again says nothing). The match shown takes it on the board; a match not shown takes it where it is kept,
 * and the player is told (the board is not taken from the match they are playing).
 * @param {FriendsState} state @param {string} payload
 */
export async function takeLetter(state, payload) {
  const { ctx } = state;
  const read = await ctx.call("remote_read_link", { payload });
  const kept = await findById(ctx.namespace, read.match);
  if (!kept || read.revision < /** @type {unknown[]} */ (kept.entry.state.transcript).length) return;
  const current = shown(state);
  if (current?.id === kept.id) {
    await current.receiveLink(payload);
    return;
  }
  if (!(await takeAside(state, kept.id, payload))) await (await show(state, kept.entry)).receiveLink(payload);
}

/**
 * A letter's turn taken into a match kept here and not shown, as the match itself would take it. False when it
 * needs the player (its record differs from this side's, or another tab changed the match meanwhile): then it is
 * shown and taken there.
 * @param {FriendsState} state @param {string} id @param {string} payload
 */
async function takeAside(state, id, payload) {
  const { ctx } = state;
  const storage = remoteMatchStorage(ctx.namespace, id);
  const loaded = await storage.load();
  if (loaded.status !== "ok") return false;
  const entry = /** @type {import("./store.js").RemoteEntry} */ (loaded.envelope.record);
  const result = await ctx.call("remote_receive_link", { state: entry.state, payload });
  if (result.status === "same" || result.status === "mine") return true;
  if (result.status !== "theirs") return false;
  const next = { ...entry, state: result.state };
  if (!(await storage.save(next)).ok) return false;
  ctx.saved?.(next);
  await relistMatches(state); // an open Play a friend shows the match as it is now
  const { remote } = await ctx.call("remote_view", { state: result.state });
  const name = remote.names[1 - remote.seat];
  const now = remote.phase === "over" || remote.phase === "claimed" ? "over" : remote.awaited === remote.seat ? "yours" : "on";
  ctx.notice(t("remote.playedByLinks", { named: name ? "yes" : "no", name: name ?? "", now }));
  return true;
}

/**
 * The accepter's match when another accepter's letter was read first: never joined, it holds nothing to keep, so it
 * leaves this device (a match joined meanwhile is kept).
 * @param {FriendsState} state @param {string} id
 */
export async function dropUnjoined(state, id) {
  const { ctx } = state;
  const kept = await findById(ctx.namespace, id);
  if (!kept || /** @type {unknown[]} */ (kept.entry.state.transcript).length > 1) return;
  if (shown(state)?.id === id) await ctx.play.leaveMatch();
  await remoteMatchStorage(ctx.namespace, id).remove();
  await relistMatches(state);
}

/**
 * A turn's letter is out: the match counts it as sent (its panel offers no link to send).
 * @param {FriendsState} state @param {string} id @param {number} revision
 */
export async function markSent(state, id, revision) {
  const match = shown(state);
  if (match?.id === id) await match.markSent(revision);
}
