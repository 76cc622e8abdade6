// @ts-check
/**
 * The friends area's state: one plain object, made when the area is first used and handed to the modules that
 * invite and join, list the kept matches, read the address, and draw the panel of the match shown. Nothing else
 * keeps any of it.
 */

/** The match on two devices this tab shows (sessionStorage), opened again after a reload. */
export const SHOWN_KEY = "backgammon.remote.shown";

export const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
export const input = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/** @typedef {import("./remote-match.js").RemoteMatch} RemoteMatch */
/** @typedef {import("./line.js").Line} Line */

/**
 * @typedef {object} FriendsState
 * @property {import("./friends.js").FriendsContext} ctx  what the page gave
 * @property {Line | null} waitingLine  the line opened for an invitation not joined yet (this side opened the
 *   friend's link)
 * @property {ReturnType<typeof setInterval> | undefined} refresher  brings the panel's times up to date
 * @property {{revision: number, href: string}} sendLink  the turn link of the correspondence match shown, once
 *   computed for its revision
 * @property {string} lineState  the live line's state ("connected", "no-direct", …): while not connected, a turn can
 *   go as a link instead
 * @property {RemoteMatch | null} shownMatch  the match with a friend that play shows (null: play shows the match in
 *   progress)
 * @property {{id: string, unlisten: () => void} | null} goingOn  the kept live match the sign of going-on.js names,
 *   followed as other tabs save it
 */

/**
 * @param {import("./friends.js").FriendsContext} ctx
 * @returns {FriendsState}
 */
export function createState(ctx) {
  return { ctx, waitingLine: null, refresher: undefined, sendLink: { revision: -1, href: "" }, lineState: "", shownMatch: null, goingOn: null };
}

/**
 * The match shown, or null (play went back to the match in progress).
 * @param {FriendsState} state
 */
export function shown(state) {
  const { shownMatch } = state;
  return shownMatch && state.ctx.play.match() === shownMatch ? shownMatch : null;
}
