// @ts-check
/**
 * The matches played on two devices that this device keeps, each under its own key beside the match in progress
 * (`<namespace>.remote.<match id>.v1`), which they never replace. Each is saved as the match in progress is
 * (web/storage.js): a compare-and-set over what this tab last read or wrote, so that two tabs of one device holding
 * the same match never lose an action silently.
 *
 * What is kept of a match (`RemoteEntry`):
 * - `state`: the protocol's state (py/backgammon/remote/session.py), with this side's secret. The secret never
 *   leaves this device: it is what this side's dice are drawn from.
 * - `mode`: "live" or "correspondence"; `invitation`: the live match's room and secret (its link's fragment).
 * - `chat`: the short messages of the match, the latest CHAT_KEPT; `sent`: the revision of our last message the
 *   friend is known to have (acknowledged live, or the turn link copied); -1: none yet (a new invitation).
 * - `letters`: a match by links met in the lobby, whose turn links go as letters over the relays (web/lobby/), not
 *   by the player's hand.
 * - `rollAhead`: the player asks for their next roll with each play (one link a turn by correspondence, but no
 *   double at the start of that turn: docs/remote-protocol.md).
 */
import { openKeyval, safeLocalStorage } from "../keyval.js";
import { createMatchStorage } from "../storage.js";

/** Chat lines kept with a match. */
export const CHAT_KEPT = 50;
const NAME_KEY = "backgammon.remote-name";
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * @typedef {{from: number, text: string, time: number}} ChatLine
 * @typedef {{state: import("../types.js").SessionState, mode: "live" | "correspondence", invitation?: {room: string, secret: string},
 *   chat: ChatLine[], sent: number, acked?: number, createdAt: string, rollAhead?: boolean, letters?: boolean,
 *   opponent?: string, rematchOf?: string}} RemoteEntry
 * `sent`: the last revision of this side's sent as a link; `acked`: the last its friend's device acknowledged (live);
 * `opponent`: the friend's name known before they join (a rematch, a match the lobby started), whose invitation
 * goes without a link from the player; `rematchOf`: the match this one is a rematch of, offered by this side
 * (shown again if the friend declines).
 */

/** @param {string} namespace @param {string} id the match's id (the protocol's `match`) */
export function remoteMatchStorage(namespace, id) {
  if (!ID.test(id)) throw new Error("A match on two devices has an id of letters, digits, - and _.");
  return createMatchStorage({ namespace, name: `remote.${id}` });
}

/**
 * Whether `record` (an envelope's record) is a kept match on two devices.
 * @param {unknown} record
 * @returns {record is RemoteEntry}
 */
function isRemoteEntry(record) {
  const entry = /** @type {Record<string, any>} */ (record);
  return Boolean(entry && typeof entry === "object" && entry.state && typeof entry.state === "object" && Array.isArray(entry.chat));
}

/**
 * Every match on two devices kept here, the last played first; one that cannot be read is left out (and left as it
 * is: nothing is deleted).
 * @param {string} namespace
 * @returns {Promise<{id: string, entry: RemoteEntry, savedAt: string}[]>}
 */
export async function listRemoteMatches(namespace) {
  const keyval = await openKeyval(namespace);
  const prefix = `${namespace}.remote.`;
  const keys = (await keyval.keys(prefix).catch(() => [])).filter((key) => /^[^.]+\.remote\.[A-Za-z0-9_-]+\.v1$/.test(key));
  /** @type {{id: string, entry: RemoteEntry, savedAt: string}[]} */
  const found = [];
  for (const key of keys) {
    const id = key.slice(prefix.length, -".v1".length);
    const loaded = await remoteMatchStorage(namespace, id).load();
    if (loaded.status === "ok" && isRemoteEntry(loaded.envelope.record)) {
      found.push({ id, entry: loaded.envelope.record, savedAt: loaded.envelope.savedAt });
    }
  }
  return found.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

/**
 * The kept match `id`, read from its own key alone (null: none, or not readable).
 * @param {string} namespace @param {string} id
 * @returns {Promise<{id: string, entry: RemoteEntry, savedAt: string} | null>}
 */
export async function findById(namespace, id) {
  let storage;
  try {
    storage = remoteMatchStorage(namespace, id);
  } catch {
    return null; // not an id of ours: no key can hold it
  }
  const loaded = await storage.load();
  if (loaded.status !== "ok" || !isRemoteEntry(loaded.envelope.record)) return null;
  return { id, entry: loaded.envelope.record, savedAt: loaded.envelope.savedAt };
}

/**
 * The kept live match whose invitation is `room`, if any.
 * @param {string} namespace @param {string} room
 */
export async function findByRoom(namespace, room) {
  return (await listRemoteMatches(namespace)).find(({ entry }) => entry.invitation?.room === room) ?? null;
}

/** @returns {string} the name this player last gave a friend */
export function rememberedName() {
  try {
    return safeLocalStorage()?.getItem(NAME_KEY) ?? "";
  } catch {
    return "";
  }
}

/** @param {string} name */
export function rememberName(name) {
  try {
    safeLocalStorage()?.setItem(NAME_KEY, name);
  } catch {
    // Not remembered: the dialog asks again next time.
  }
}
