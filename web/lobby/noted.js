// @ts-check
/**
 * The matches the lobby started, noted on this device by their room (live: with the match's id too from its first
 * save, a rematch on the same room being another match) or their match id (by links)
 * (`<namespace>.lobby.matches.v1`): who played
 * whom, whether this player's result is sent (web/lobby/results.js), and for watching (web/lobby/watched.js) the
 * invitation they were met by, whether they may be watched and how many of their messages are published.
 */
import { openKeyval } from "../keyval.js";
import { nowSeconds } from "./events.js";

/** Matches noted, at most: the oldest go first (a result unpublished that long will not be). */
const KEPT = 200;

/** @param {string} namespace */
const storageKey = (namespace) => `${namespace}.lobby.matches.v1`;

/**
 * @typedef {object} Taken  the poster's own invitation as taken, kept to publish it again while the match goes on
 *   (watchers list a match by it)
 * @property {string} d
 * @property {import("./events.js").Terms} terms
 * @property {string} with  the accepter's key
 * @property {string} takenName  the accepter's name
 * @property {number} createdAt  of the version last published
 * @property {number} expires
 */

/**
 * @typedef {object} Pairing  a tournament's match (docs/tournaments.md, *Results*)
 * @property {string} tournament  the tournament's address ("31663:<organiser>:<d>")
 * @property {number} round
 * @property {number} table
 */

/**
 * @typedef {object} LobbyMatch  a match the lobby started, by its room (live) or its match id (by links)
 * @property {string} [room]  a live match's
 * @property {string} [id]  a live match's id (the protocol's `match`): the first match kept here with its room,
 *   noted when it is first saved. A rematch is offered on the same room (web/remote/rematch.js): it is another
 *   match, not the lobby's
 * @property {string} [match]  a match by links' id: its turns go as letters (web/lobby/letters.js)
 * @property {string} me  this player's key when it started
 * @property {string} opponent  the other player's key
 * @property {string} [opponentName]  their name then
 * @property {number} started  seconds since 1970
 * @property {boolean} published  this player's result sent
 * @property {string} [address]  the invitation's address ("31660:<poster>:<d>"), which watched messages name
 * @property {boolean} [watch]  false: either player turned watching off (nothing is published for watchers)
 * @property {number} [watched]  the transcript's messages published for watchers so far
 * @property {Taken} [taken]  for the poster: its invitation as taken
 * @property {Pairing} [pairing]  a tournament's match: its tournament and pairing, which its result names
 */

/** @param {string | null} text @returns {LobbyMatch[]} */
function parsed(text) {
  try {
    const list = JSON.parse(text ?? "[]");
    const known = (/** @type {any} */ m) => typeof m.room === "string" || typeof m.match === "string";
    return Array.isArray(list) ? list.filter((m) => m && known(m) && typeof m.me === "string" && typeof m.opponent === "string") : [];
  } catch {
    return []; // damaged: results of the matches noted are not published, nor watched (nothing else is lost)
  }
}

/**
 * Whether two notes are of the same match.
 * @param {{room?: string, match?: string}} a @param {{room?: string, match?: string}} b
 */
export const sameMatch = (a, b) => (a.match !== undefined && a.match === b.match) || (a.room !== undefined && a.room === b.room);

/**
 * Note a match the lobby starts.
 * @param {string} namespace
 * @param {{room?: string, match?: string, me: string, opponent: string, opponentName: string, address: string, watch: boolean, taken?: Taken}} match
 */
export async function noteLobbyMatch(namespace, match) {
  const keyval = await openKeyval(namespace);
  await keyval.update(storageKey(namespace), (text) => {
    const list = parsed(text).filter((m) => !sameMatch(m, match));
    list.push({ ...match, started: nowSeconds(), published: false, watched: 0 });
    return { text: JSON.stringify(list.slice(-KEPT)), value: null };
  });
}

/** @param {string} namespace @returns {Promise<LobbyMatch[]>} every match noted */
export async function notedMatches(namespace) {
  return parsed(await (await openKeyval(namespace)).get(storageKey(namespace)));
}

/**
 * Change the match noted as `which` is (nothing if none is).
 * @param {string} namespace @param {{room?: string, match?: string}} which @param {(match: LobbyMatch) => LobbyMatch} change
 */
export async function changeNoted(namespace, which, change) {
  const keyval = await openKeyval(namespace);
  await keyval.update(storageKey(namespace), (text) => ({
    text: JSON.stringify(parsed(text).map((m) => (sameMatch(m, which) ? change(m) : m))),
    value: null,
  }));
}

/**
 * Forget the match noted as `which` is (an accept by links whose match never started).
 * @param {string} namespace @param {{room?: string, match?: string}} which
 */
export async function forgetNoted(namespace, which) {
  const keyval = await openKeyval(namespace);
  await keyval.update(storageKey(namespace), (text) => ({
    text: JSON.stringify(parsed(text).filter((m) => !sameMatch(m, which))),
    value: null,
  }));
}

/**
 * The names the players met through the lobby had then, by key (the latest kept).
 * @param {string} namespace @returns {Promise<Map<string, string>>}
 */
export async function namesMet(namespace) {
  const noted = await notedMatches(namespace);
  return new Map(noted.filter((m) => typeof m.opponentName === "string").map((m) => [m.opponent, /** @type {string} */ (m.opponentName)]));
}
