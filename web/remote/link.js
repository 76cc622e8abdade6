// @ts-check
/**
 * The invitation to a live match on two devices: a room and its secret, drawn from the browser's
 * `crypto.getRandomValues`, carried in a link's fragment (`#play=ROOM.SECRET`, never in its path or query, so no
 * server, host or relay ever receives it) or read aloud as a short code (`ABCD-EFGH-JKMN-PQRS-TVWX`).
 *
 * Both are written in Crockford's base 32 (digits and capitals without I, L, O, U), so a code read aloud or typed
 * again survives: case does not matter, O reads as 0, I and L as 1, and dashes and spaces are ignored.
 * The room (8 symbols, 40 bits) names the meeting place on the relays (they see only a hash of it); the secret
 * (12 symbols, 60 bits) is the password trystero encrypts the connection offers with, and which each browser
 * proves to the other before a message passes. docs/remote-transport.md says why these lengths.
 */

export const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const ROOM_CHARS = 8;
export const SECRET_CHARS = 12;
const CODE_GROUP = 4;
const FRAGMENT = /^#?play=([0-9A-HJKMNP-TV-Z]+)\.([0-9A-HJKMNP-TV-Z]+)$/;

/** @typedef {{room: string, secret: string}} Invitation */

/**
 * `count` symbols of the alphabet, each uniform: 256 is a multiple of 32, so a byte's low five bits are unbiased.
 * @param {number} count @param {Pick<Crypto, "getRandomValues">} random
 */
function randomSymbols(count, random) {
  const bytes = random.getRandomValues(new Uint8Array(count));
  return Array.from(bytes, (byte) => ALPHABET[byte & 31]).join("");
}

/**
 * A new invitation: a fresh room and secret.
 * @param {Pick<Crypto, "getRandomValues">} [random]
 * @returns {Invitation}
 */
export function newInvitation(random = globalThis.crypto) {
  return { room: randomSymbols(ROOM_CHARS, random), secret: randomSymbols(SECRET_CHARS, random) };
}

/**
 * The link that opens the invitation on the page at `base` (its own fragment replaced).
 * @param {Invitation} invitation @param {string} base the page's address
 */
export function invitationLink(invitation, base) {
  const url = new URL(base);
  url.hash = `play=${invitation.room}.${invitation.secret}`;
  return url.href;
}

/**
 * The invitation as a code to read aloud: the room then the secret, in groups of four.
 * @param {Invitation} invitation
 */
export function invitationCode(invitation) {
  const symbols = invitation.room + invitation.secret;
  /** @type {string[]} */
  const groups = [];
  for (let at = 0; at < symbols.length; at += CODE_GROUP) groups.push(symbols.slice(at, at + CODE_GROUP));
  return groups.join("-");
}

/**
 * @param {string} room @param {string} secret
 * @returns {Invitation | null}
 */
function checked(room, secret) {
  if (room.length !== ROOM_CHARS || secret.length !== SECRET_CHARS) return null;
  return { room, secret };
}

/**
 * The invitation in a link's fragment (`#play=ROOM.SECRET`), or null when the fragment is not one.
 * @param {string} hash `location.hash`
 * @returns {Invitation | null}
 */
export function readInvitation(hash) {
  if (hash.length > 100) return null;
  const found = FRAGMENT.exec(hash);
  return found ? checked(found[1], found[2]) : null;
}

/**
 * The invitation in a code as a person types it again: any case, with or without dashes and spaces, O for 0 and I
 * or L for 1. Null when it is not one (wrong length, another symbol).
 * @param {string} text
 * @returns {Invitation | null}
 */
export function readCode(text) {
  if (text.length > 100) return null;
  const symbols = text
    .toUpperCase()
    .replace(/[\s-]+/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (!/^[0-9A-HJKMNP-TV-Z]*$/.test(symbols)) return null;
  return checked(symbols.slice(0, ROOM_CHARS), symbols.slice(ROOM_CHARS));
}
