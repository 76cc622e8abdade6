// @ts-check
/**
 * The results of the matches the lobby started (docs/lobby-events.md, *Result*). The lobby notes each such match
 * here when it starts (its room, this player's key and the opponent's); when a match on two devices ends, the page
 * hands it to `publishResult`, which — if the lobby started it — states its result in the worker
 * (`lobby_result_statement`, from the match's checked transcript), signs it and sends it to the relays, once.
 * Both players publish the same content; a device counts a result only when it holds both (web/lobby/lobby.js
 * subscribes to them), so one side's statement alone changes no rating.
 */
import { openKeyval } from "../keyval.js";
import { loadSigner } from "./identity.js";
import { nowSeconds, resultTemplate } from "./events.js";

/** Matches noted, at most: the oldest go first (a result unpublished that long will not be). */
const KEPT = 200;

/** @param {string} namespace */
const storageKey = (namespace) => `${namespace}.lobby.matches.v1`;

/**
 * @typedef {object} LobbyMatch  a match the lobby started, by its room
 * @property {string} room
 * @property {string} me  this player's key when it started
 * @property {string} opponent  the other player's key
 * @property {string} [opponentName]  their name then
 * @property {number} started  seconds since 1970
 * @property {boolean} published  this player's result sent
 */

/** @param {string | null} text @returns {LobbyMatch[]} */
function parsed(text) {
  try {
    const list = JSON.parse(text ?? "[]");
    return Array.isArray(list) ? list.filter((m) => m && typeof m.room === "string" && typeof m.me === "string" && typeof m.opponent === "string") : [];
  } catch {
    return []; // damaged: results of the matches noted are not published (nothing else is lost)
  }
}

/**
 * Note a match the lobby starts.
 * @param {string} namespace @param {{room: string, me: string, opponent: string, opponentName: string}} match
 */
export async function noteLobbyMatch(namespace, { room, me, opponent, opponentName }) {
  const keyval = await openKeyval(namespace);
  await keyval.update(storageKey(namespace), (text) => {
    const list = parsed(text).filter((m) => m.room !== room);
    list.push({ room, me, opponent, opponentName, started: nowSeconds(), published: false });
    return { text: JSON.stringify(list.slice(-KEPT)), value: null };
  });
}

/**
 * The names the players met through the lobby had then, by key (the latest kept).
 * @param {string} namespace @returns {Promise<Map<string, string>>}
 */
export async function namesMet(namespace) {
  const noted = parsed(await (await openKeyval(namespace)).get(storageKey(namespace)));
  return new Map(noted.filter((m) => typeof m.opponentName === "string").map((m) => [m.opponent, /** @type {string} */ (m.opponentName)]));
}

/**
 * @typedef {object} PublishContext
 * @property {string} namespace
 * @property {import("../types.js").Call} call
 * @property {(event: import("nostr-tools/pure").VerifiedEvent) => Promise<void>} publish  to the site's relays
 * @property {(room: string) => Promise<{entry: import("../remote/store.js").RemoteEntry} | null>} findByRoom  the
 *   match on two devices kept with that room (web/remote/store.js, handed in: loaded with play on two devices)
 */

/**
 * Publish this player's result of every match the lobby started that has ended and whose result is not sent yet
 * (the match that just ended, or one that ended while no relay answered or the page closed). A match not over
 * yet, or no longer kept, waits; one played under another identity than the one kept now is left.
 * @param {PublishContext} ctx
 * @returns {Promise<number>} the results published now
 */
export async function publishResults(ctx) {
  const keyval = await openKeyval(ctx.namespace);
  const waiting = parsed(await keyval.get(storageKey(ctx.namespace))).filter((m) => !m.published);
  if (!waiting.length) return 0;
  const signer = await loadSigner({ namespace: ctx.namespace });
  let sent = 0;
  for (const noted of waiting) {
    // A result is signed by the key that played; another identity taken up since cannot sign it.
    if (signer.publicKey !== noted.me) continue;
    const kept = await ctx.findByRoom(noted.room);
    if (!kept) continue;
    const { remote } = await ctx.call("remote_view", { state: kept.entry.state });
    if (remote.phase !== "over" && remote.phase !== "claimed") continue;
    const players = remote.seat === 0 ? [noted.me, noted.opponent] : [noted.opponent, noted.me];
    const statement = await ctx.call("lobby_result_statement", { state: kept.entry.state, players });
    await ctx.publish(signer.sign(resultTemplate({ other: noted.opponent, content: statement.content, createdAt: nowSeconds() })));
    await keyval.update(storageKey(ctx.namespace), (text) => ({
      text: JSON.stringify(parsed(text).map((m) => (m.room === noted.room ? { ...m, published: true } : m))),
      value: null,
    }));
    sent += 1;
  }
  return sent;
}
