// @ts-check
/**
 * What a rematch is said to be: after a tournament's match, a friendly match that is no part of the tournament
 * (the player asked must not think a refusal, or a loss, counts there).
 */
import { t } from "../i18n/i18n.js";

/**
 * The join dialog's sentence for a rematch offered.
 * @param {{friend: string, length: number, live: string}} offer
 * @param {string | null} tournament the tournament the match before was played for ("" its name unknown here);
 *   null: none
 */
export function rematchWords(offer, tournament) {
  if (tournament === null) return t("friend.offersRematch", offer);
  return t("friend.offersRematchFriendly", { ...offer, ...outside(tournament) });
}

/**
 * The offerer's announcement of a rematch offered on the open line.
 * @param {string} friend @param {string | null} tournament as `rematchWords`'s
 */
export function rematchOfferedWords(friend, tournament) {
  if (tournament === null) return t("remote.rematchOffered", { friend });
  return t("remote.rematchOfferedFriendly", { friend, ...outside(tournament) });
}

/** @param {string} tournament */
const outside = (tournament) => ({ named: tournament ? "yes" : "no", tournament });
