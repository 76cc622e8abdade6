// @ts-check
/**
 * The visible start of live play on two devices: a `#play=ROOM.SECRET` link opened in the page joins that room
 * and keeps the connection's status in plain words under the board (`#remote-status`, a polite live region, its
 * state in `data-state`). The match itself (seats, turns, the protocol's messages) is not played here yet: this
 * connects the two devices and says how that goes. Loaded on first use, with trystero, by web/app.js.
 */

import { readInvitation } from "./link.js";
import { pageRelays } from "./relays.js";

/** @typedef {import("./transport.js").Connection} Connection */

/** @type {{key: string, connection: Connection} | null} */
let current = null;

/**
 * Join the room of the invitation in `hash` (closing the one joined before, if another), showing the status in
 * `statusElement`. Nothing happens for a fragment that is not an invitation.
 * @param {string} hash `location.hash`
 * @param {HTMLElement} statusElement
 * @returns {Promise<Connection | null>}
 */
export async function openLiveLink(hash, statusElement) {
  const invitation = readInvitation(hash);
  if (invitation === null) {
    show(statusElement, "closed", "This link to play a friend is not whole: ask your friend to send it again.");
    return null;
  }
  const key = `${invitation.room}.${invitation.secret}`;
  if (current?.key === key) return current.connection;
  const before = current;
  current = null;
  await before?.connection.close();
  const relays = pageRelays(document);
  if (relays.length === 0) {
    show(statusElement, "closed", "This site names no relay for play on two devices, so it cannot connect to your friend.");
    return null;
  }
  const { connect } = await import("./transport.js");
  const connection = connect({
    roomId: invitation.room,
    secret: invitation.secret,
    relays,
    expectPeer: true, // the link came from a friend whose page should be in the room already
    onMessage: () => {}, // the match's messages come with the remote seat (not yet)
    onStatus: ({ state, text }) => show(statusElement, state, text),
  });
  current = { key, connection };
  return connection;
}

/**
 * @param {HTMLElement} element @param {string} state @param {string} text
 */
function show(element, state, text) {
  element.hidden = false;
  element.dataset.state = state;
  element.textContent = text;
}
