// @ts-check
/**
 * Letters (docs/lobby-events.md, *Letter*): the turn links of a lobby match by links, sent over the relays from
 * one player's key to the other's, encrypted to the recipient, in parts when a link is long. Every letter heard is
 * checked by the worker (`lobby_check_letter`: its two players, the invitation they met by, its signature, the
 * part's bounds) before its parts are put together; what they carry is then checked as any turn link is.
 */
import { openKeyval } from "../keyval.js";
import { LETTER_KIND, letterParts, letterTemplate, nowSeconds } from "./events.js";

/** Turn links being put together at once, at most (a flood of parts never completed is let go). */
const PARTIAL_KEPT = 50;
/**
 * Letters are asked for from the last time this device heard every stored one, less this (a letter's time is its
 * sender's clock): a long match's earlier letters are not read again each time the page opens.
 */
const CLOCK_SLACK_S = 24 * 3600;

/** @param {string} namespace */
const heardKey = (namespace) => `${namespace}.lobby.letters.v1`;

/** @param {string | null} text @returns {Record<string, number>} by key: when its letters were last all heard */
function parsedHeard(text) {
  try {
    const marks = JSON.parse(text ?? "{}");
    return marks && typeof marks === "object" && !Array.isArray(marks) ? marks : {};
  } catch {
    return {}; // damaged: every stored letter is read again, which changes nothing already taken
  }
}

/**
 * @typedef {object} Heard  a whole turn link a letter brought
 * @property {string} sender
 * @property {string} address
 * @property {string} match
 * @property {number} rev
 * @property {string} payload
 */

/**
 * @param {{namespace: string, call: import("../types.js").Call, signer: Awaited<ReturnType<typeof import("./identity.js").loadSigner>>,
 *   subscribe: import("./relay-pool.js").Pool["subscribe"], publish: import("./relay-pool.js").Pool["publish"],
 *   heard: (letter: Heard) => Promise<void>}} ctx
 */
export function openPostbox(ctx) {
  const { namespace, call, signer } = ctx;
  /** @type {Map<string, {parts: (string | undefined)[], address: string}>} */
  const partial = new Map();
  /** Letters are taken one at a time, in the order heard. */
  let taking = Promise.resolve();

  /** @param {Record<string, any>} event */
  async function take(event) {
    /** @type {string} */
    let text;
    try {
      text = signer.decryptFrom(String(event.pubkey), String(event.content));
    } catch {
      return; // not encrypted to this key
    }
    /** @type {import("../types.generated.js").LetterCheck} */
    let checked;
    try {
      checked = await call("lobby_check_letter", { event, content: text });
    } catch {
      return; // refused by the worker's checks
    }
    const { letter } = checked;
    const part = /** @type {import("../types.generated.js").LetterPart} */ (checked.part);
    if (letter.recipient !== signer.publicKey) return;
    const key = `${letter.sender}:${part.match}:${part.rev}`;
    const held = partial.get(key) ?? { parts: new Array(part.parts), address: letter.address };
    if (held.parts.length !== part.parts || held.address !== letter.address) return;
    held.parts[part.part - 1] = part.data;
    partial.delete(key);
    if (held.parts.some((data) => data === undefined)) {
      partial.set(key, held);
      while (partial.size > PARTIAL_KEPT) partial.delete(/** @type {string} */ (partial.keys().next().value));
      return;
    }
    await ctx.heard({ sender: letter.sender, address: letter.address, match: part.match, rev: part.rev, payload: held.parts.join("") });
  }

  void (async () => {
    const keyval = await openKeyval(namespace);
    const since = parsedHeard(await keyval.get(heardKey(namespace)))[signer.publicKey];
    const opened = nowSeconds();
    const filter = { kinds: [LETTER_KIND], "#p": [signer.publicKey], ...(typeof since === "number" ? { since: since - CLOCK_SLACK_S } : {}) };
    const onEvent = (/** @type {Record<string, any>} */ event) => {
      taking = taking.then(() => take(event)).catch(() => {});
    };
    // Once the stored letters are all taken, the next opening asks only for those since.
    const onStored = () => {
      taking = taking
        .then(() => keyval.update(heardKey(namespace), (text) => ({ text: JSON.stringify({ ...parsedHeard(text), [signer.publicKey]: opened }), value: undefined })))
        .catch(() => {});
    };
    ctx.subscribe(filter, onEvent, onStored);
  })();

  return {
    /**
     * Send a turn link to the other player, in as many letters as it takes.
     * @param {{to: string, address: string, match: string, rev: number, payload: string}} turn
     */
    async send({ to, address, match, rev, payload }) {
      for (const part of letterParts({ match, rev, payload })) {
        await ctx.publish(signer.sign(letterTemplate({ to, address, encrypted: signer.encryptTo(to, part), createdAt: nowSeconds() })));
      }
    },
  };
}

/** @typedef {ReturnType<typeof openPostbox>} Postbox */
