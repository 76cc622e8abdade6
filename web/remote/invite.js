// @ts-check
/**
 * Starting and joining a match with a friend: a new invitation (live or by links), the join dialog that asks the
 * player here, and the join of a friend's live match (a rematch offered, or declined: rematch.js).
 */

import { t } from "../i18n/i18n.js";
import { newInvitation } from "./link.js";
import { show, showStatus } from "./show.js";
import { $, shown } from "./state.js";
import { rematchWords } from "./rematch-words.js";
import { rememberName, rememberedName } from "./store.js";

/** @typedef {import("./state.js").FriendsState} FriendsState */
/** @typedef {import("./state.js").RemoteMatch} RemoteMatch */
/** @typedef {import("./state.js").Line} Line */
/** @typedef {import("./store.js").RemoteEntry} RemoteEntry */

/**
 * A new match: this side invites, live (a link to a room) or by correspondence (a turn link holding the invitation).
 * `invitation`: the live room and secret to host in (the lobby's accepter made them and sent them to the poster),
 * instead of new ones; `lobby`: the lobby's match, whose invitation the lobby sends.
 * @param {FriendsState} state
 * @param {{name: string, length: number, mode: "live" | "correspondence", rated: boolean, invitation?: {room: string, secret: string}, lobby?: boolean, timeout?: number, opponent?: string}} choice
 *   `timeout`: the seconds either side may keep the other waiting before a claim (a tournament's time limit), else the
 *   protocol's default for the mode; `opponent`: the name of the one invited, when known (the lobby's)
 */
export async function invite(state, { name, length, mode, rated, invitation, lobby = false, timeout, opponent }) {
  const { ctx } = state;
  const settings = { match_length: length, crawford: true, jacoby: length === 0, beavers: false, automatic_doubles: 0, strict_doubling: false };
  const rating = rated && length > 0 ? await ctx.rating() : null;
  await startInvited(state, { name, settings, mode, rating, invitation: mode === "live" ? invitation ?? newInvitation() : undefined, letters: lobby && mode === "correspondence", timeout, opponent });
  if (invitation || lobby) return; // the lobby's match: the lobby tells the other side
  ctx.say(t(mode === "live" ? "remote.liveReady" : "remote.linkReady"));
}

/**
 * A new match this side hosts; live, on the line of `invitation` (the one already open, for a rematch). With a
 * `rating` (this player's), the invitation offers a rated match.
 * @param {FriendsState} state
 * `letters`: the lobby's match by links, whose turn links go as letters.
 * `rematchOf`: the id of the match this one is a rematch of (shown again if the friend declines).
 * @param {{name: string, settings: object, mode: "live" | "correspondence", rating: number | null, invitation?: {room: string, secret: string}, line?: Line | null, letters?: boolean, timeout?: number, opponent?: string, rematchOf?: string}} match
 */
export async function startInvited(state, { name, settings, mode, rating, invitation, line = null, letters = false, timeout, opponent, rematchOf }) {
  const created = await state.ctx.call("remote_create", { name, settings, mode, rating, ...(timeout ? { timeout } : {}) });
  /** @type {RemoteEntry} */
  // sent -1: not even the invitation (revision 0) is sent yet
  const entry = { state: created.state, mode, chat: [], sent: -1, createdAt: new Date().toISOString() };
  if (invitation) entry.invitation = invitation;
  if (letters) entry.letters = true;
  if (opponent) entry.opponent = opponent;
  if (rematchOf) entry.rematchOf = rematchOf;
  await show(state, entry, { fresh: true, expectPeer: false, line });
}

/**
 * The join dialog's words, written again in the language now in force while it is open (null: it is not).
 * @type {(() => void) | null}
 */
let joinWords = null;

/** The join dialog's words follow a language switch. */
export function rewriteJoin() {
  joinWords?.();
}

/**
 * Ask the player here whether to join a friend's match, and with which name; a rated match is rated only if the
 * player here agrees too (the box is left for them to tick).
 * @param {FriendsState} state
 * @param {{host: string, length: number, mode: string, rematch?: boolean, hostRating?: unknown, tournament?: string | null}} offer hostRating:
 *   the rating the host gave, when the invitation offers a rated match; tournament: a rematch after a tournament's
 *   match, the tournament's name ("" unknown here), said to be no part of it
 * @returns {Promise<{name: string, rating: number | null} | null>} the name and the rating to answer with (null:
 *   the match is not rated), or null: not joined
 */
export async function askJoin(state, { host, length, mode, rematch = false, hostRating = null, tournament = null }) {
  const { ctx } = state;
  const dialog = /** @type {HTMLDialogElement} */ ($("friend-join-dialog"));
  const form = /** @type {HTMLFormElement} */ ($("friend-join-form"));
  const nameField = /** @type {HTMLInputElement} */ (form.elements.namedItem("name"));
  // A rematch keeps the name this player had in the match just played (met in the lobby, it was never typed here).
  const played = rematch ? shown(state)?.view() : null;
  nameField.value = (played?.remote && played.players?.[played.remote.seat]?.name) || rememberedName();
  const ratedField = /** @type {HTMLInputElement} */ (form.elements.namedItem("rated"));
  const offered = typeof hostRating === "number" && length > 0;
  const mine = offered ? await ctx.rating() : null;
  ratedField.checked = false;
  $("friend-join-rated").hidden = !offered;
  // The title names what is offered: a rematch from the one just played, else an invitation.
  const title = $("friend-join-title");
  title.dataset.i18n = rematch ? "friend.rematchTitle" : "friend.joinTitle";
  joinWords = () => {
    title.textContent = t(rematch ? "friend.rematchTitle" : "friend.joinTitle");
    const friend = host || t("remote.yourFriend");
    const args = { friend, length, live: mode === "live" ? "yes" : "no" };
    $("friend-join-text").textContent = rematch ? rematchWords(args, tournament) : t("friend.invitesYou", args);
    $("friend-join-rated-text").textContent = offered ? t("friend.ratedOffer", { friend, theirs: String(hostRating), mine: String(mine) }) : "";
  };
  joinWords();
  const { choice, done } = await ctx.ask(dialog);
  done();
  joinWords = null;
  const name = nameField.value.trim();
  if (choice !== "join" || !name) return null;
  rememberName(name);
  return { name, rating: offered && ratedField.checked ? mine : null };
}

/**
 * Join the friend's live match invited to on `from`: the line of the link opened, or of the match before (a rematch).
 * @param {FriendsState} state
 * `agreed`: the terms this side agreed to already (the lobby's poster): joined without asking when the host's
 * invitation offers that length.
 * @param {Line | RemoteMatch} from @param {{room: string, secret: string}} invitation @param {import("../types.js").Message} hello
 * @param {{name: string, length: number, rated: boolean}} [agreed]
 */
export async function joinLive(state, from, invitation, hello, agreed) {
  const rematch = !("send" in from);
  const length = Number(hello.rules?.settings?.match_length ?? 0);
  const offeredRating = typeof hello.rating === "number" && length > 0;
  const tournament = rematch ? (await state.ctx.tournamentOf?.(from.entry())) ?? null : null;
  const answer = agreed && !rematch && agreed.length === length
    ? { name: agreed.name, rating: agreed.rated && offeredRating ? await state.ctx.rating() : null }
    : await askJoin(state, { host: String(hello.name ?? ""), length, mode: "live", rematch, hostRating: hello.rating, tournament });
  if (answer === null) {
    // The match before stays shown, its line open; the friend's page is told, and shows its match again.
    if (rematch) return void (await from.decline(hello));
    state.waitingLine = null;
    await from.close();
    showStatus(state, { state: "closed", text: t("remote.notJoined") });
    return;
  }
  const line = rematch ? from.detach() : from;
  const joined = await state.ctx.call("remote_join", { hello, ...answer });
  state.waitingLine = null;
  // Attaching sends this side's record (the invitation and the answer) to the friend at once.
  await show(state, { state: joined.state, mode: "live", invitation, chat: [], sent: 0, createdAt: new Date().toISOString() }, { fresh: true, line });
}
