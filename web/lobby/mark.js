// @ts-check
/**
 * A player's mark: what tells two players called "Alex" apart at a glance, derived from the public key alone, so that
 * every device shows the same mark for the same key and nobody chooses theirs. Pure (no page): the dialog draws it
 * (web/lobby/mark-view.js), tests/units checks it under Node.
 *
 *   const mark = await markOfKey(publicKeyHex);  // {words: ["amber", "otter"], text: "amber otter", colour, cells}
 *
 * The mark is read from SHA-256 of the key's 32 bytes, not from the key itself: a key's first bytes can be steered
 * cheaply while it is made, a hash's cannot, so a look-alike costs a full key and a full hash per try.
 *
 * What it carries: 34 bits. Byte 0 picks the adjective (8 bits), byte 1 the animal or thing (8 bits), the low 3 bits
 * of byte 2 the colour (8 colours), and 15 bits of bytes 3–4 the picture's cells (a 5×5 grid mirrored left to right:
 * 3 columns of 5 decide it). Someone who wants a key whose mark matches a given player's tries 2^34 keys on average
 * (about 17 billion key pairs and hashes): hours to days of a graphics card, so the mark stops mix-ups, not a
 * determined impostor; the public key itself (npub) is what proves who is who (docs/identity.md).
 */
import { ADJECTIVES, THINGS } from "./words.js";

/**
 * The mark's colours, each drawn on a white tile in every theme: at least 3.2:1 against the white (WCAG's 3:1 for
 * graphics) and, for every pair, a CIELAB difference of at least 29 as players with protanopia, deuteranopia or
 * tritanopia see them (Machado et al. 2009's simulations; tests/units/test_mark_units.py measures both).
 */
export const MARK_COLOURS = Object.freeze(["#E07008", "#808098", "#501878", "#C068E0", "#10A068", "#A00008", "#700830", "#4028E8"]);

/** The picture's side, in cells. */
export const MARK_SIZE = 5;

/** The bits a mark carries (see the module's comment). */
export const MARK_BITS = 8 + 8 + 3 + 15;

/**
 * @typedef {object} Mark
 * @property {[string, string]} words  an adjective and an animal or thing
 * @property {string} text  the two words with a space: the picture's accessible name
 * @property {string} colour  one of MARK_COLOURS
 * @property {boolean[]} cells  MARK_SIZE × MARK_SIZE, row by row, mirrored left to right
 */

/**
 * The mark read from a digest.
 * @param {Uint8Array} digest  SHA-256 of the public key (32 bytes; the first 5 are read)
 * @returns {Mark}
 */
export function markOfDigest(digest) {
  if (digest.length < 5) throw new Error("a mark is read from a SHA-256 digest (32 bytes)");
  const words = /** @type {[string, string]} */ ([ADJECTIVES[digest[0]], THINGS[digest[1]]]);
  const colour = MARK_COLOURS[digest[2] & 7];
  const bits = (digest[3] << 8) | digest[4];
  const half = Math.ceil(MARK_SIZE / 2);
  /** @type {boolean[]} */
  const cells = [];
  for (let row = 0; row < MARK_SIZE; row += 1) {
    for (let column = 0; column < MARK_SIZE; column += 1) {
      const mirrored = column < half ? column : MARK_SIZE - 1 - column;
      cells.push(((bits >> (row * half + mirrored)) & 1) === 1);
    }
  }
  return { words, text: words.join(" "), colour, cells };
}

/**
 * @param {string} hex  an even number of hex digits
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function bytesOfHex(hex) {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error("not a key in hex digits");
  const bytes = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/**
 * The mark of a public key.
 * @param {string} publicKeyHex  the key's 32 bytes in 64 hex digits (Nostr's form)
 * @returns {Promise<Mark>}
 */
export async function markOfKey(publicKeyHex) {
  if (!/^[0-9a-f]{64}$/i.test(publicKeyHex)) throw new Error("a public key is 64 hex digits");
  const digest = await crypto.subtle.digest("SHA-256", bytesOfHex(publicKeyHex));
  return markOfDigest(new Uint8Array(digest));
}
