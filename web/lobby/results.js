// @ts-check
/**
 * The results of the matches the lobby started (docs/lobby-events.md, *Result*). The lobby notes each such match
 * when it starts (web/lobby/noted.js: its room, this player's key and the opponent's); when a match on two devices ends, the page
 * hands it to `publishResult`, which — if the lobby started it — states its result in the worker
 * (`lobby_result_statement`, from the match's checked transcript), signs it and sends it to the relays, once.
 * Both players publish the same content; a device counts a result only when it holds both (web/lobby/lobby.js
 * subscribes to them), so one side's statement alone changes no rating.
 */
import { loadSigner } from "./identity.js";
import { nowSeconds, resultTemplate } from "./events.js";
import { changeNoted, notedMatches } from "./noted.js";

/**
 * @typedef {object} PublishContext
 * @property {string} namespace
 * @property {import("../types.js").Call} call
 * @property {(event: import("nostr-tools/pure").VerifiedEvent) => Promise<void>} publish  to the site's relays
 * @property {(noted: {room?: string, match?: string, id?: string}) => Promise<{entry: import("../remote/store.js").RemoteEntry} | null>} find
 *   the match on two devices kept with that id, or the first kept with that room, never a rematch offered after it
 *   (web/remote/store.js, handed in: loaded with play on two devices)
 */

/**
 * Publish this player's result of every match the lobby started that has ended and whose result is not sent yet
 * (the match that just ended, or one that ended while no relay answered or the page closed). A match not over
 * yet, or no longer kept, waits; one played under another identity than the one kept now is left.
 * @param {PublishContext} ctx
 * @returns {Promise<number>} the results published now
 */
export async function publishResults(ctx) {
  const waiting = (await notedMatches(ctx.namespace)).filter((m) => !m.published);
  if (!waiting.length) return 0;
  const signer = await loadSigner({ namespace: ctx.namespace });
  let sent = 0;
  for (const noted of waiting) {
    // A result is signed by the key that played; another identity taken up since cannot sign it.
    if (signer.publicKey !== noted.me) continue;
    const kept = await ctx.find(noted);
    if (!kept) continue;
    const { remote } = await ctx.call("remote_view", { state: kept.entry.state });
    if (remote.phase !== "over" && remote.phase !== "claimed") continue;
    const players = remote.seat === 0 ? [noted.me, noted.opponent] : [noted.opponent, noted.me];
    // A tournament's match names its tournament and pairing: its result counts there too.
    const statement = await ctx.call("lobby_result_statement", { state: kept.entry.state, players, ...(noted.pairing ?? {}) });
    await ctx.publish(signer.sign(resultTemplate({ other: noted.opponent, content: statement.content, createdAt: nowSeconds() })));
    await changeNoted(ctx.namespace, noted, (m) => ({ ...m, published: true }));
    sent += 1;
  }
  return sent;
}
