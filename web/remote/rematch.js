// @ts-check
/**
 * The same match again with the same friend: offered (live, on the line already open; by links, a new invitation),
 * and declined by the friend: the match before is shown again with its line, its result and its review, the
 * unjoined offer is dropped, and the player is told. (Declining a friend's offer is the join dialog's: invite.js.)
 */
import { t } from "../i18n/i18n.js";
import { startInvited } from "./invite.js";
import { rematchOfferedWords } from "./rematch-words.js";
import { show } from "./show.js";
import { shown } from "./state.js";
import { findById, rememberedName, remoteMatchStorage } from "./store.js";

/** @typedef {import("./state.js").FriendsState} FriendsState */
/** @typedef {import("./state.js").RemoteMatch} RemoteMatch */

/**
 * Offer the match shown again.
 * @param {FriendsState} state
 */
export async function rematch(state) {
  const { ctx } = state;
  const match = shown(state);
  if (!match) return;
  const view = match.view();
  const entry = match.entry();
  const name = view.players?.[view.remote.seat]?.name || rememberedName() || "Host";
  const line = entry.invitation ? match.detach() : null;
  line?.wake(); // a line at rest (the friend gone a while, rest.js) looks for the friend again: the offer waits for them
  // A rated match's rematch is offered rated again, at the ratings the match just played left.
  const rating = view.remote.rated ? await ctx.rating() : null;
  const opponent = view.remote.names?.[1 - view.remote.seat] || entry.opponent;
  const tournament = line ? (await ctx.tournamentOf?.(entry)) ?? null : null;
  await startInvited(state, { name, settings: view.settings, mode: entry.mode, rating, invitation: entry.invitation, line, ...(opponent ? { opponent } : {}), rematchOf: match.id });
  ctx.say(line ? rematchOfferedWords(match.friendName(), tournament) : t("remote.rematchReady"));
}

/**
 * The friend declined the rematch `offer` (their page answered its invitation with a refusal): the offer is dropped
 * from this device, and, while it is shown, the match before takes its place with the line.
 * @param {FriendsState} state @param {RemoteMatch} offer
 */
export async function rematchDeclined(state, offer) {
  const { ctx } = state;
  const friend = offer.friendName();
  const before = offer.entry().rematchOf;
  const kept = before ? await findById(ctx.namespace, before) : null;
  const line = offer.detach();
  await remoteMatchStorage(ctx.namespace, offer.id).remove();
  if (kept && shown(state) === offer) await show(state, kept.entry, { line });
  else await line?.close(); // the player went elsewhere: nothing is left to play on it
  ctx.notice(t("remote.rematchDeclined", { friend }));
}
