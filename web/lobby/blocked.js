// @ts-check
/**
 * The players this player blocked in the lobby, kept in this browser (`<namespace>.lobby.blocked.v1`: a list of
 * `{key, name}`), and handed to the worker (`lobby_block`), which drops their invitations and refuses their
 * events and accepts from then on. Nothing is published: the blocked player is not told.
 */
import { openKeyval } from "../keyval.js";
import { t } from "../i18n/i18n.js";

/** Players kept blocked, at most (the oldest are unblocked first). */
const KEPT = 500;

/** @param {string} namespace */
const storageKey = (namespace) => `${namespace}.lobby.blocked.v1`;

/** @typedef {{key: string, name: string}} Blocked */

/** @param {string | null} text @returns {Blocked[]} */
function parsed(text) {
  try {
    const list = JSON.parse(text ?? "[]");
    return Array.isArray(list) ? list.filter((b) => b && /^[0-9a-f]{64}$/.test(b.key) && typeof b.name === "string") : [];
  } catch {
    return [];
  }
}

/** @param {string} namespace @returns {Promise<Blocked[]>} */
export async function readBlocked(namespace) {
  return parsed(await (await openKeyval(namespace)).get(storageKey(namespace)));
}

/**
 * Block or unblock a player; the list as it is now.
 * @param {string} namespace @param {Blocked} player @param {boolean} blocked
 * @returns {Promise<Blocked[]>}
 */
export async function setBlocked(namespace, player, blocked) {
  const keyval = await openKeyval(namespace);
  return keyval.update(storageKey(namespace), (text) => {
    const list = parsed(text).filter((b) => b.key !== player.key);
    if (blocked) list.push(player);
    const kept = list.slice(-KEPT);
    return { text: JSON.stringify(kept), value: kept };
  });
}

/**
 * Draw the list of blocked players, each with *Unblock* (value `unblock:<key>`); the list's disclosure is hidden
 * while nobody is blocked.
 * @param {HTMLDetailsElement} details @param {Blocked[]} list
 */
export function renderBlocked(details, list) {
  details.hidden = list.length === 0;
  const summary = /** @type {HTMLElement} */ (details.querySelector("summary"));
  summary.textContent = t("lobby.blockedCount", { n: list.length });
  // Its count kept with its mark, which a language switch writes again (index.html's mark says 0).
  summary.dataset.i18nArgs = JSON.stringify({ n: list.length });
  const items = list.map(({ key, name }) => {
    const item = document.createElement("li");
    const button = Object.assign(document.createElement("button"), { type: "button", className: "small", textContent: t("lobby.unblock"), value: `unblock:${key}` });
    button.setAttribute("aria-label", t("lobby.unblockLabel", { name }));
    button.dataset.name = name;
    item.append(Object.assign(document.createElement("span"), { textContent: `${name} ` }), button);
    return item;
  });
  /** @type {HTMLElement} */ (details.querySelector("ul")).replaceChildren(...items);
}
