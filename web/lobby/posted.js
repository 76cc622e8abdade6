// @ts-check
/**
 * This player's open invitations by links, kept on this device (`<namespace>.lobby.posted.v1`): unlike a live
 * one, an invitation by links stays listed after the page closes, for the time its poster chose, so the page
 * that opens next must know it to take the first accept that comes (a letter) and to let its poster cancel it.
 */
import { openKeyval } from "../keyval.js";

/** @param {string} namespace */
const storageKey = (namespace) => `${namespace}.lobby.posted.v1`;

/**
 * @typedef {object} Posted
 * @property {string} d
 * @property {import("./events.js").Terms} terms
 * @property {number} createdAt
 * @property {number} expires
 */

/** @param {string | null} text @returns {Posted[]} */
function parsed(text) {
  try {
    const list = JSON.parse(text ?? "[]");
    return Array.isArray(list) ? list.filter((p) => p && typeof p.d === "string" && p.terms && typeof p.expires === "number") : [];
  } catch {
    return []; // damaged: the invitations expire by themselves on the relays
  }
}

/** @param {string} namespace @param {number} now @returns {Promise<Posted[]>} those not expired */
export async function readPosted(namespace, now) {
  return parsed(await (await openKeyval(namespace)).get(storageKey(namespace))).filter((p) => p.expires > now);
}

/**
 * Keep an invitation by links (or, with `keep` false, forget it: taken, withdrawn).
 * @param {string} namespace @param {Posted} posted @param {boolean} keep
 */
export async function keepPosted(namespace, posted, keep) {
  const keyval = await openKeyval(namespace);
  await keyval.update(storageKey(namespace), (text) => {
    const list = parsed(text).filter((p) => p.d !== posted.d);
    if (keep) list.push(posted);
    return { text: JSON.stringify(list), value: null };
  });
}
