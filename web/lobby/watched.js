// @ts-check
/**
 * Watching, the players' side (docs/lobby-events.md, *Watched message*): each time a live match the lobby started is
 * saved on this device, the messages its transcript gained are published for watchers, one signed event each (kind
 * 1661), in order; both players' devices do it, so the match can be followed while either is online. Nothing is
 * published for a match either player chose not to let others watch, nor one played under another identity. The
 * poster's device also publishes its invitation again as taken every few minutes while the match goes on: watchers
 * list the matches being played by it. A rematch offered after it on the same room is another match, not the lobby's:
 * nothing of it is published.
 *
 * A watcher learns nothing the other player does not: the messages are the ones sent to them; and can send nothing
 * into the match.
 */
import { loadSigner } from "./identity.js";
import { EXPIRES_AFTER_S, REPUBLISH_S, invitationTemplate, nowSeconds, watchTemplate } from "./events.js";
import { changeNoted } from "./noted.js";

/**
 * @typedef {object} WatchedContext
 * @property {string} namespace
 * @property {(event: import("nostr-tools/pure").VerifiedEvent) => Promise<void>} publish  to the site's relays
 * @property {(entry: import("../remote/store.js").RemoteEntry) => Promise<import("./noted.js").LobbyMatch | null>} noted
 *   the lobby's note of a live match it started (null for any other, a rematch on the same room too: web/lobby/online.js)
 */

/**
 * @param {WatchedContext} ctx
 * @returns {(entry: import("../remote/store.js").RemoteEntry) => Promise<void>} hand it each match on two devices as
 *   saved: resolves when what it gained is published (at once if the lobby did not start it)
 */
export function createWatchedPublisher(ctx) {
  /** One chain of publications per room: messages go out in their order, never twice at once. */
  const chains = new Map();
  return (entry) => {
    const room = entry.mode === "live" ? entry.invitation?.room : undefined;
    if (!room) return Promise.resolve();
    const next = (chains.get(room) ?? Promise.resolve()).then(() => publishNew(ctx, room, entry)).catch(() => {});
    chains.set(room, next);
    return next;
  };
}

/**
 * @param {WatchedContext} ctx @param {string} room @param {import("../remote/store.js").RemoteEntry} entry
 */
async function publishNew(ctx, room, entry) {
  const noted = await ctx.noted(entry);
  if (!noted?.address || noted.watch === false) return;
  const transcript = /** @type {object[]} */ (entry.state?.transcript ?? []);
  const from = noted.watched ?? 0;
  if (transcript.length <= from && !noted.taken) return;
  const signer = await loadSigner({ namespace: ctx.namespace });
  if (signer.publicKey !== noted.me) return; // a result or a message is signed by the key that played
  const address = noted.address;
  for (let index = from; index < transcript.length; index += 1) {
    await ctx.publish(signer.sign(watchTemplate({ address, other: noted.opponent, message: transcript[index], createdAt: nowSeconds() })));
    await changeNoted(ctx.namespace, { room }, (m) => ({ ...m, watched: index + 1 }));
  }
  const taken = noted.taken;
  // Not once this side's result is out: a taken version newer than the result would list the match again.
  if (taken && !noted.published && nowSeconds() - taken.createdAt >= REPUBLISH_S) {
    // Relays keep the newest per `d`: its expiration moves on, so watchers go on listing the match.
    const createdAt = Math.max(nowSeconds(), taken.createdAt + 1);
    const again = { ...taken, createdAt, expires: Math.max(taken.expires, createdAt + EXPIRES_AFTER_S) };
    await ctx.publish(signer.sign(invitationTemplate({ d: again.d, terms: again.terms, state: "taken", with: again.with, takenName: again.takenName, createdAt, expires: again.expires })));
    await changeNoted(ctx.namespace, { room }, (m) => ({ ...m, taken: again }));
  }
}
