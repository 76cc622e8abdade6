// @ts-check
/**
 * The players' default names: a match stores them in English ("White", "Black"), as names, so that its file, ID
 * and share link read the same in every language; the page shows a name that is its side's default as the
 * language's word for the side (docs/i18n.md). A name a player gave is shown as given, even "White" on black's side.
 */

import { t } from "./i18n.js";

/** The names a new match gives each side unless the players give others (stored so, in every language). */
export const DEFAULT_NAMES = Object.freeze(["White", "Black"]);

/**
 * The name shown for a side.
 * @param {string | null | undefined} stored  the name in the match (empty: none given)
 * @param {number} player  0 white, 1 black
 * @param {string} word  the language's word for that side (t("player.white") or t("player.black"))
 * @returns {string}
 */
export function shownName(stored, player, word) {
  return !stored || stored === DEFAULT_NAMES[player] ? word : stored;
}

/**
 * The name shown for a side of a view (a match's, the board's): its name, or the language's word for the side.
 * @param {{players?: ReadonlyArray<{name?: string | null} | undefined> | null} | null | undefined} view
 * @param {number} player  0 white, 1 black
 */
export function playerName(view, player) {
  return shownName(view?.players?.[player]?.name, player, t(player === 0 ? "player.white" : "player.black"));
}

/**
 * The name to store from what a player typed where the page offered the language's word for the side: that word
 * (or nothing) stores the default, so a match started in Arabic opens in French with French words.
 * @param {string} typed
 * @param {number} player
 * @param {string} word  the language's word for that side
 * @returns {string}
 */
export function storedName(typed, player, word) {
  const name = typed.trim();
  return !name || name === word ? DEFAULT_NAMES[player] : name;
}
