// @ts-check
/**
 * The live line of one invitation: the connection to the friend's device (web/remote/transport.js, loaded here
 * on first use with trystero), whoever listens to it now. Before the match is joined it carries the invitation;
 * then the match's messages. Its status, in plain words, goes to `onStatus` (the page shows it under the board).
 */
import { t } from "../i18n/i18n.js";
import { pageIceServers, pageRelays } from "../relays.js";

/** @typedef {import("./transport.js").ConnectionStatus} ConnectionStatus */

/**
 * The scale of the line's clocks (transport.js `lineClocks`: its timeout of 30 s and its pauses between tries to
 * meet the friend again) for a page at `href`: 1, or a shorter one asked for by the page URL's
 * `?test-line-scale=` (more than 0, less than 1), so that the tests of a friend gone for long need not wait out
 * those clocks in full.
 * @param {string | URL} href
 * @returns {number}
 */
export function lineTimeScale(href) {
  const asked = Number(new URL(href).searchParams.get("test-line-scale"));
  return asked > 0 && asked < 1 ? asked : 1;
}

/**
 * Open the line of `invitation`.
 * @param {{room: string, secret: string}} invitation
 * @param {{expectPeer: boolean, onStatus: (status: ConnectionStatus) => void}} options expectPeer: this side opened
 *   the friend's link, so the friend's device should be there already
 */
export async function openLine(invitation, { expectPeer, onStatus }) {
  const relays = pageRelays(document);
  if (relays.length === 0) {
    onStatus({ state: "closed", text: t("remote.noRelays") });
    return null;
  }
  /** @type {(text: string) => void} */
  let textHandler = () => {};
  /** @type {() => void} */
  let friendHandler = () => {};
  // A line this page closed says nothing more: its last words ("Disconnected.") would be read as those of the
  // match shown in its place.
  let closed = false;
  /** @param {ConnectionStatus} status */
  const told = (status) => {
    if (!closed) onStatus(status);
  };
  const { connect } = await import("./transport.js");
  const iceServers = pageIceServers(document); // a site's TURN server, for networks with no direct path
  const connection = connect({
    roomId: invitation.room,
    secret: invitation.secret,
    relays,
    ...(iceServers.length > 0 ? { rtcConfig: { iceServers } } : {}),
    expectPeer,
    timeScale: lineTimeScale(location.href),
    onMessage: (text) => textHandler(text),
    onPeer: () => friendHandler(),
    onStatus: told,
    onRefused: (refusal) => told({ state: connection.status().state, text: refusal.text }),
  });
  return {
    invitation,
    /** @param {(text: string) => void} handler every message of the friend's, as text */
    onText(handler) {
      textHandler = handler;
    },
    /** @param {() => void} handler the friend is connected (again); called at once if already so */
    onFriend(handler) {
      friendHandler = handler;
      if (connection.peer() !== null) handler();
    },
    /** @param {string} text */
    send: (text) => connection.send(text),
    /** The friend's name, once the match knows it: the status names them. @param {string | null} name */
    nameFriend: (name) => connection.nameFriend(name),
    status: () => connection.status(),
    /** Stop trying to meet the friend again: nothing waits for them (the room stays joined). */
    rest: () => connection.rest(),
    /** Try again to meet the friend, at once. */
    wake: () => connection.wake(),
    resting: () => connection.resting(),
    close: () => {
      closed = true;
      return connection.close();
    },
  };
}

/** @typedef {NonNullable<Awaited<ReturnType<typeof openLine>>>} Line */
