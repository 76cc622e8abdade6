// @ts-check
/**
 * The lobby's events as this page writes them (docs/lobby-events.md): an invitation (kind 31660, addressable, one
 * per `d`) in each of its states, an accept (kind 21660, its content encrypted to the poster), a result (kind 1660) and
 * a watched message (kind 1661). Unsigned here:
 * the identity's signer (web/lobby/identity.js `loadSigner`) signs them.
 */

export const INVITATION_KIND = 31660;
export const ACCEPT_KIND = 21660;
export const RESULT_KIND = 1660;
export const WATCH_KIND = 1661;
export const TOPIC = "backgammon-lobby";
/** A posted invitation is re-published this often while the page is open... */
export const REPUBLISH_S = 120;
/** ...each time with an expiration this far ahead, so a closed page's invitation vanishes by itself. */
export const EXPIRES_AFTER_S = 300;

const ID_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** @returns {string} a new invitation id (`d`): 16 random symbols of 0-9 and a-z */
export function newInvitationId() {
  // 252 is a multiple of 36: bytes from 252 up are drawn again, so each symbol is uniform.
  let id = "";
  while (id.length < 16) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < 252 && id.length < 16) id += ID_ALPHABET[byte % 36];
    }
  }
  return id;
}

/**
 * @typedef {object} Terms  what an invitation offers
 * @property {string} name
 * @property {number} length
 * @property {"live" | "links"} mode
 * @property {boolean} rated
 * @property {number | null} min
 * @property {number | null} max
 * @property {string | null} [to]  the one player it is for (inviting someone again), else anyone
 * @property {boolean} [watch]  false: its match may not be watched (the poster's choice, or once taken either's)
 */

/**
 * An invitation's event, unsigned (`takenName`: the accepter's name, shown to watchers).
 * @param {{d: string, terms: Terms, state: "open" | "taken" | "withdrawn", with?: string, takenName?: string, createdAt: number, expires: number}} version
 */
export function invitationTemplate({ d, terms, state, with: accepter, takenName, createdAt, expires }) {
  /** @type {Record<string, unknown>} */
  const content = { v: 1, name: terms.name, length: terms.length, mode: terms.mode, rated: terms.rated };
  if (terms.rated && terms.min !== null) content.min = terms.min;
  if (terms.rated && terms.max !== null) content.max = terms.max;
  if (terms.to) content.to = terms.to;
  if (terms.watch === false) content.watch = false;
  content.state = state;
  if (state === "taken") content.with = accepter;
  if (state === "taken" && takenName) content.with_name = takenName;
  return {
    kind: INVITATION_KIND,
    created_at: createdAt,
    tags: [["d", d], ["expiration", String(expires)], ["t", TOPIC]],
    content: JSON.stringify(content),
  };
}

/**
 * An accept's event, unsigned: `encrypted` is its content already encrypted to the poster.
 * @param {{poster: string, d: string, encrypted: string, createdAt: number}} accept
 */
export function acceptTemplate({ poster, d, encrypted, createdAt }) {
  return {
    kind: ACCEPT_KIND,
    created_at: createdAt,
    tags: [["p", poster], ["a", `${INVITATION_KIND}:${poster}:${d}`]],
    content: encrypted,
  };
}

/**
 * What an accept says, before it is encrypted: the accepter's name, for a live match the room and secret, and
 * whether the accepter lets others watch the match.
 * @param {{name: string, room?: string, secret?: string, watch?: boolean}} what
 */
export function acceptContent({ name, room, secret, watch = true }) {
  return JSON.stringify({ v: 1, name, ...(room && secret ? { room, secret } : {}), ...(watch ? {} : { watch: false }) });
}

/**
 * A result's event, unsigned: `content` as the worker states it (`lobby_result_statement`), the same text both
 * players sign.
 * @param {{other: string, content: string, createdAt: number}} result
 */
export function resultTemplate({ other, content, createdAt }) {
  return { kind: RESULT_KIND, created_at: createdAt, tags: [["p", other], ["t", TOPIC]], content };
}

/**
 * A watched message's event, unsigned: one message of a lobby match's transcript, for its watchers.
 * @param {{address: string, other: string, message: object, createdAt: number}} watched  address: the invitation's
 *   ("31660:<poster>:<d>"); other: the other player's key
 */
export function watchTemplate({ address, other, message, createdAt }) {
  return { kind: WATCH_KIND, created_at: createdAt, tags: [["a", address], ["p", other], ["t", TOPIC]], content: JSON.stringify(message) };
}

/** @returns {number} now in whole seconds */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export const LETTER_KIND = 1662;
/** A turn link's characters in one letter, at most (py/backgammon/lobby/letters.py `MAX_PART_CHARS`). */
export const PART_CHARS = 24_000;

/**
 * The parts of a turn link, each a letter's content before it is encrypted.
 * @param {{match: string, rev: number, payload: string}} turn
 * @returns {string[]}
 */
export function letterParts({ match, rev, payload }) {
  const parts = Math.max(1, Math.ceil(payload.length / PART_CHARS));
  return Array.from({ length: parts }, (_, index) =>
    JSON.stringify({ v: 1, match, rev, part: index + 1, parts, data: payload.slice(index * PART_CHARS, (index + 1) * PART_CHARS) }),
  );
}

/**
 * A letter's event, unsigned: `encrypted` its content already encrypted to `to`; `address` the invitation the
 * two players met by.
 * @param {{to: string, address: string, encrypted: string, createdAt: number}} letter
 */
export function letterTemplate({ to, address, encrypted, createdAt }) {
  return { kind: LETTER_KIND, created_at: createdAt, tags: [["p", to], ["a", address], ["t", TOPIC]], content: encrypted };
}
