// @ts-check
/**
 * A player's Nostr key pair: made, derived, and written as Nostr's texts (NIP-19: the public key as `npub1…`, the
 * secret key as `nsec1…`), with nostr-tools (pinned in package.json). Keys are kept as 64 hex digits.
 *
 * Loaded on first use only (`import()` from web/lobby/identity.js): nostr-tools is joined into this module's file
 * by build.py (VENDORED_ENTRIES), not into the page's start.
 */
import { finalizeEvent, generateSecretKey, getPublicKey } from "nostr-tools/pure";
import * as nip44 from "nostr-tools/nip44";
import { decode, npubEncode, nsecEncode } from "nostr-tools/nip19";
import { t } from "../i18n/i18n.js";

/** @param {Uint8Array} bytes @returns {string} */
function hexOf(bytes) {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** @param {string} hex 64 hex digits @returns {Uint8Array} */
function secretBytes(hex) {
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error("a secret key is 64 hex digits");
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** @returns {string} a new secret key from the browser's cryptographic random source, in hex */
export function newSecretKey() {
  return hexOf(generateSecretKey());
}

/**
 * @param {string} secretHex
 * @returns {string} its public key in hex (throws for a number that is not a valid secp256k1 secret key)
 */
export function publicKeyOf(secretHex) {
  return getPublicKey(secretBytes(secretHex));
}

/** @param {string} publicHex @returns {string} `npub1…` */
export function npubOf(publicHex) {
  return npubEncode(publicHex);
}

/** @param {string} secretHex @returns {string} `nsec1…` */
export function nsecOf(secretHex) {
  return nsecEncode(secretBytes(secretHex));
}

/**
 * Read a secret key the player pasted or opened.
 * @param {string} text
 * @returns {{ok: true, secret: string} | {ok: false, error: string}}
 */
export function readNsec(text) {
  const typed = text.trim();
  if (!typed) return { ok: false, error: t("identity.keyEmpty") };
  if (/^npub1/i.test(typed)) {
    return { ok: false, error: t("identity.keyPublic") };
  }
  if (!/^nsec1/i.test(typed)) return { ok: false, error: t("identity.keyNotSecret") };
  /** @type {ReturnType<typeof decode>} */
  let decoded;
  try {
    decoded = decode(typed.toLowerCase());
  } catch {
    return { ok: false, error: t("identity.keyTypo") };
  }
  if (decoded.type !== "nsec" || decoded.data.length !== 32) {
    return { ok: false, error: t("identity.keyDamaged") };
  }
  const secret = hexOf(decoded.data);
  try {
    publicKeyOf(secret);
  } catch {
    return { ok: false, error: t("identity.keyUnusable") };
  }
  return { ok: true, secret };
}

/**
 * An event signed with the secret key (NIP-01: its id and its BIP-340 signature).
 * @param {{kind: number, created_at: number, tags: string[][], content: string}} template
 * @param {string} secretHex
 * @returns {import("nostr-tools/pure").VerifiedEvent}
 */
export function signEvent(template, secretHex) {
  return finalizeEvent(template, secretBytes(secretHex));
}

/**
 * NIP-44 (version 2): `text` encrypted from the secret key's owner to `publicHex` alone.
 * @param {string} secretHex @param {string} publicHex @param {string} text
 */
export function encryptTo(secretHex, publicHex, text) {
  return nip44.encrypt(text, nip44.getConversationKey(secretBytes(secretHex), publicHex));
}

/**
 * NIP-44's payload from `publicHex` read with the secret key (throws when it was not encrypted to it).
 * @param {string} secretHex @param {string} publicHex @param {string} payload
 */
export function decryptFrom(secretHex, publicHex, payload) {
  return nip44.decrypt(payload, nip44.getConversationKey(secretBytes(secretHex), publicHex));
}
