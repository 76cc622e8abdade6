// @ts-check
/**
 * The live connection between two devices: JSON text messages from one browser to the other over a WebRTC data
 * channel, with the two browsers brought together by trystero through public Nostr relays (docs/remote-transport.md).
 * It knows nothing of backgammon: the protocol's messages (docs/remote-protocol.md) pass through it as text.
 *
 *   const link = connect({roomId, secret, relays, onMessage, onPeer, onLeave, onStatus});
 *   await link.send(JSON.stringify(message));   // {ok: true} or {ok: false, reason, text}
 *   link.nameFriend("Bob");                      // the status says "Connected to Bob." (until then "your friend")
 *   await link.close();
 *
 * - The relays see the room only as a hash and the connection offers only encrypted with `secret` (trystero's
 *   room password); once the browsers are connected, each proves to the other that it holds the secret, and the
 *   messages go from one to the other, never through a relay.
 * - One other device at a time: the first connected is the friend; another one in the room waits unheard until
 *   the friend leaves (a friend who reloads the page comes back as a new peer).
 * - Sizes: a message longer than `maxChars` is refused before it is sent, and one received is refused before it
 *   is handed on; a peer that streams more than any message may hold is cut off mid-way.
 * - The status in plain words: looking for your friend, connected, connection lost and trying again, could not
 *   connect directly (after `timeoutMs` once the other device is expected, or when trystero gives up on the
 *   offers it exchanged), the relays cannot be reached, closed. The friend is named once the match knows their
 *   name (`nameFriend`), "your friend" only before (an invitation not joined yet).
 *
 * Loaded on first use only (`import()`): trystero is joined into this module's file by build.py, not into the
 * page's start.
 */

import { getRelaySockets, joinRoom } from "trystero";
import { MAX_REMOTE_MESSAGE_CHARS, sizeText } from "../limits.js";
import { APP_ID } from "../relays.js";
import { t } from "../i18n/i18n.js";

/** The action that carries the match's messages (trystero names actions with at most 32 bytes). */
const ACTION = "match";
/** How long to wait for a direct connection once the other device is expected. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** How long no relay may be reachable before the status says so. */
const RELAY_GRACE_MS = 8_000;
/** How often the status is looked at again while not connected. */
const TICK_MS = 250;
/** trystero's chunks of a message on the data channel: 16 KiB with a 36-byte header. */
const CHUNK_BYTES = 16 * 1024;
/** How long after a lost connection, and then between tries, the room is joined anew (see `rejoinSoon`). */
export const REJOIN_DELAYS_MS = [2_000, 5_000, 10_000, 20_000, 30_000];
/** WebSocket.OPEN */
const OPEN = 1;

/**
 * @typedef {"looking" | "connected" | "reconnecting" | "no-direct" | "no-relay" | "closed"} ConnectionState
 * @typedef {{state: ConnectionState, text: string}} ConnectionStatus
 * @typedef {{ok: true} | {ok: false, reason: "too-large" | "not-text" | "not-connected" | "closed", text: string}} SendResult
 * @typedef {{peerId: string, reason: "too-large" | "not-text", size: number, limit: number, text: string}} Refusal
 */

/**
 * @typedef {object} ConnectOptions
 * @property {string} roomId the invitation's room
 * @property {string} secret the invitation's secret: trystero's room password
 * @property {string[]} relays the relays' URLs (`pageRelays(document)`: what build.py wrote into the page)
 * @property {(text: string, peerId: string) => void} onMessage a message of the friend's, as the JSON text it sent
 * @property {(peerId: string) => void} [onPeer] the friend is connected (again, after a loss: perhaps a new peerId)
 * @property {(peerId: string) => void} [onLeave] the friend's connection is gone
 * @property {(status: ConnectionStatus) => void} [onStatus] every change of the status
 * @property {(refusal: Refusal) => void} [onRefused] a message of the friend's refused on receipt
 * @property {boolean} [expectPeer] the other device should already be in the room (this side opened a link): the
 *   clock of `timeoutMs` runs from the start. Otherwise it runs from the first sign of another device.
 * @property {number} [timeoutMs] how long to try for a direct connection once the other device is expected
 * @property {number} [timeScale] the line's own clocks (the default of `timeoutMs`, the pauses between tries to meet
 *   the friend again) times this; 1 but in the tests of a friend gone for long (`lineClocks`)
 * @property {number} [maxChars] the longest message, in characters, sent or received
 * @property {string} [appId] trystero's application id (the page's `APP_ID` unless a test says otherwise)
 * @property {RTCConfiguration} [rtcConfig] WebRTC's configuration, passed to trystero as it is: a site's TURN
 *   servers, or (in the tests) `{iceTransportPolicy: "relay"}` without any, a network with no direct path
 */

/**
 * @typedef {object} Connection
 * @property {(text: string) => Promise<SendResult>} send a message (JSON text) to the friend
 * @property {() => Promise<void>} close leave the room: the friend sees the connection gone
 * @property {() => ConnectionStatus} status the status now
 * @property {() => string | null} peer the friend's peer id while connected
 * @property {(name: string | null) => void} nameFriend the friend's name, once known: the status names them
 * @property {() => void} rest stop trying to meet the friend again once gone (the room stays joined)
 * @property {() => void} wake after `rest`, try again at once
 * @property {() => boolean} resting whether it rests
 */

/**
 * The plain words of each state.
 * @param {ConnectionState} state
 * @param {{wrongSecret?: boolean, everConnected?: boolean, relays?: string[], friend?: string | null}} [detail]
 *   everConnected: the friend's device was connected before; gone for long, it is more likely closed or asleep than
 *   blocked by a network. friend: the friend's name, once known ("your friend" until then)
 * @returns {string}
 */
export function statusText(state, detail = {}) {
  const { friend } = detail;
  switch (state) {
    case "looking":
      return friend ? t("remote.lookingNamed", { friend }) : t("remote.looking");
    case "connected":
      return friend ? t("remote.connectedNamed", { friend }) : t("remote.connected");
    case "reconnecting":
      return t("remote.reconnecting");
    case "no-direct":
      if (detail.wrongSecret) return t("remote.wrongSecret"); // a link not whole: nobody is named yet
      if (friend) return t(detail.everConnected ? "remote.friendGoneNamed" : "remote.noDirectNamed", { friend });
      return t(detail.everConnected ? "remote.friendGone" : "remote.noDirect");
    case "no-relay": {
      const hosts = (detail.relays ?? []).map((url) => new URL(url).host).join(", ");
      return t("remote.noRelay", { hosts });
    }
    case "closed":
      return t("remote.disconnected");
  }
}

/**
 * The line's own clocks: how long to try for a direct connection once the other device is expected, and the
 * pauses before each try to meet the friend again, all `timeScale` times their length (1: as they are; the tests of
 * a friend gone for long shorten them through the page's `?test-line-scale=`, web/remote/line.js).
 * @param {number} [timeScale]
 */
export function lineClocks(timeScale = 1) {
  return { timeoutMs: DEFAULT_TIMEOUT_MS * timeScale, rejoinDelaysMs: REJOIN_DELAYS_MS.map((ms) => ms * timeScale) };
}

/**
 * One connection's state, kept by `connect` and handed to the functions below.
 * @typedef {object} Link
 * @property {Required<Pick<ConnectOptions, "relays" | "onMessage" | "timeoutMs" | "maxChars">> & ConnectOptions} options
 * @property {number[]} rejoinDelaysMs  the pauses before each try to meet the friend again (`lineClocks`)
 * @property {ConnectionStatus} status
 * @property {string | null} friend  the peer heard: the first connected
 * @property {string | null} friendName  the friend's name, once the match knows it: the status says it
 * @property {string[]} others  other devices connected in the room, in order of arrival, heard only once the friend leaves
 * @property {boolean} closed
 * @property {boolean} wrongSecret  a device in the room holds another secret
 * @property {boolean} everConnected
 * @property {number | null} expectedSince  when the clock of `timeoutMs` started: the other device is expected from then on
 * @property {number} relaysDownSince  since when no relay of ours has been open
 * @property {Map<string, number>} inFlight  chunks received per peer since that peer's last whole message
 * @property {Set<string>} cut  peers whose message in progress is dropped (over the limit)
 * @property {Joined} room  the room joined now (joined anew after a lost connection)
 * @property {ReturnType<typeof setTimeout> | undefined} rejoinTimer  the next try to meet the friend again
 * @property {number} rejoins  tries since the connection was lost
 * @property {boolean} resting  no more tries to meet the friend again until `wake()` (the page's choice: nothing
 *   waits for them); the room stays joined, so a friend who comes back still connects
 */

/**
 * @typedef {object} Joined
 * @property {ReturnType<typeof joinRoom>} room
 * @property {{send: (text: string, options: {target: string}) => Promise<unknown>}} action
 * @property {boolean} left
 */

/**
 * Whether `args`, given to console.error, are trystero's line for a friend's device that closed the connection
 * on purpose (a reload, a closed tab, `room.leave()` there): the data channel's error event with the SCTP
 * association aborted by the other side's close. Chromium's RTCError: errorDetail "sctp-failure", SCTP cause
 * 12 (User-Initiated Abort, RFC 9260 3.3.10.12), message "User-Initiated Abort, reason=Close called". trystero
 * logs every data-channel error the same way and offers no hook: the closing is told apart here, by these
 * fields, and nothing else is. (docs/remote-transport.md)
 * @param {unknown[]} args
 */
export function friendClosed(args) {
  if (args.length !== 2 || typeof args[0] !== "string" || !/^Trystero peer error:?$/.test(args[0])) return false;
  const error = /** @type {{name?: unknown, message?: unknown, errorDetail?: unknown, sctpCauseCode?: unknown}} */ (args[1]);
  if (!error || typeof error !== "object" || error.name !== "OperationError") return false;
  if (error.errorDetail !== undefined && error.errorDetail !== "sctp-failure") return false;
  if (error.sctpCauseCode !== undefined && error.sctpCauseCode !== null && error.sctpCauseCode !== 12) return false;
  return typeof error.message === "string" && /^User-Initiated Abort, reason=Close called$/.test(error.message);
}

let consoleWatched = false;

/** Let trystero's line for a friend's closing through as information, not as an error; every other line as it is. */
function watchConsole() {
  if (consoleWatched) return;
  consoleWatched = true;
  const error = console.error.bind(console);
  console.error = (...args) => {
    if (friendClosed(args)) console.info("The friend's device closed the connection (a reload, or the page closed).");
    else error(...args);
  };
}

/**
 * Join the room of an invitation and carry text messages to and from the other device in it.
 * @param {ConnectOptions} options
 * @returns {Connection}
 */
export function connect(options) {
  const { roomId, secret, relays, expectPeer = false } = options;
  if (!roomId || !secret) throw new Error("connect needs the invitation's room and secret");
  if (relays.length === 0) throw new Error("connect needs at least one relay");
  watchConsole();
  const started = Date.now();
  const clocks = lineClocks(options.timeScale);
  /** @type {Link} */
  const link = {
    // Defaults as destructuring gives them: an option passed as undefined takes its default too.
    options: { ...options, timeoutMs: options.timeoutMs ?? clocks.timeoutMs, maxChars: options.maxChars ?? MAX_REMOTE_MESSAGE_CHARS },
    rejoinDelaysMs: clocks.rejoinDelaysMs,
    status: { state: "looking", text: statusText("looking") },
    friend: null,
    friendName: null,
    others: [],
    closed: false,
    wrongSecret: false,
    everConnected: false,
    expectedSince: expectPeer ? started : null,
    relaysDownSince: started,
    inFlight: new Map(),
    cut: new Set(),
    room: /** @type {Joined} */ (/** @type {unknown} */ (null)),
    rejoinTimer: undefined,
    rejoins: 0,
    resting: false,
  };
  link.room = join(link);
  const ticker = setInterval(() => tick(link), TICK_MS);
  const tryNow = () => rejoinSoon(link, 0);
  const tryIfShown = () => {
    if (document.visibilityState === "visible") tryNow();
  };
  addEventListener("online", tryNow);
  document.addEventListener("visibilitychange", tryIfShown);
  link.options.onStatus?.(link.status);

  return {
    async send(text) {
      const refused = refusedToSend(link, text);
      if (refused) return refused;
      await link.room.action.send(text, { target: /** @type {string} */ (link.friend) });
      return { ok: true };
    },
    async close() {
      if (link.closed) return;
      link.closed = true;
      clearInterval(ticker);
      clearTimeout(link.rejoinTimer);
      removeEventListener("online", tryNow);
      document.removeEventListener("visibilitychange", tryIfShown);
      link.friend = null;
      link.others = [];
      setStatus(link, "closed");
      await link.room.room.leave();
    },
    status: () => link.status,
    peer: () => link.friend,
    /** Stop trying to meet the friend again (the room stays joined: a friend who comes back still connects). */
    rest() {
      link.resting = true;
      clearTimeout(link.rejoinTimer);
    },
    /** Try again to meet the friend after `rest()`: at once, then as after a loss. */
    wake() {
      if (link.closed || !link.resting) return;
      link.resting = false;
      link.rejoins = 0;
      link.expectedSince = Date.now(); // a new clock for "could not connect"
      if (link.friend === null) setStatus(link, "reconnecting");
      rejoinSoon(link, 0);
    },
    resting: () => link.resting,
    nameFriend(name) {
      link.friendName = name || null;
      if (!link.closed) setStatus(link, link.status.state);
    },
  };
}

/**
 * Join the room: the friend's messages, arrivals and leavings from this room only (not from one left before).
 * @param {Link} link
 * @returns {Joined}
 */
function join(link) {
  const { roomId, secret, relays, appId = APP_ID, rtcConfig } = link.options;
  const current = () => !joined.left && link.room === joined; // called by trystero's events, after the join
  const room = joinRoom(
    { appId: roomAppId(appId, roomId), password: secret, relayConfig: { urls: relays }, ...(rtcConfig ? { rtcConfig } : {}) },
    roomId,
    {
      onJoinError: ({ error }) => {
        if (current()) joinFailed(link, error);
      },
    },
  );
  /** @type {Joined} */
  const joined = {
    room,
    action: room.makeAction(ACTION, {
      onMessage: (data, { peerId }) => {
        if (current()) received(link, data, peerId);
      },
      onReceiveProgress: (_progress, { peerId }) => {
        if (current()) chunkReceived(link, peerId, () => room.getPeers()[peerId]?.close());
      },
    }),
    left: false,
  };
  room.onPeerJoin = (peerId) => {
    if (current()) peerJoined(link, peerId);
  };
  room.onPeerLeave = (peerId) => {
    if (current()) peerLeft(link, peerId);
  };
  return joined;
}

/**
 * trystero's application id for one room. trystero (0.25) shares one WebRTC connection between two devices across
 * every room of an application id, and keeps it for two minutes after the last room using it is left: the same
 * two devices meeting again in a new match's room (a rematch, a second lobby match) went on over the old match's
 * connection, and when that connection ended (closed on one device, or cut as a hostile peer's is) the new match
 * lost its friend with it (test_remote_transport's meeting again). Each match's room is an application of its
 * own, so its connection is made for it and ends with it, whatever becomes of another's.
 * @param {string} appId @param {string} roomId
 */
export function roomAppId(appId, roomId) {
  return `${appId}/${roomId}`;
}

/**
 * Try to meet the friend again in `delayMs`: leave the room and join it anew. trystero does not connect again by
 * itself to a device whose connection dropped: it announces itself every 60 s once settled, and its offers made
 * before the loss then fail to connect (seen: "could not connect … after exchanging SDP" both sides, 80 s after a
 * cut). A fresh room announces at once and makes fresh offers; the friend's page does the same on its side.
 * Tries again while the friend is not back, further apart each time (REJOIN_DELAYS_MS), and at once when the
 * browser comes back online or the page is shown again.
 * @param {Link} link @param {number} delayMs
 */
function rejoinSoon(link, delayMs) {
  if (link.closed || link.resting || link.friend !== null || !link.everConnected) return;
  clearTimeout(link.rejoinTimer);
  link.rejoinTimer = setTimeout(() => void rejoin(link), delayMs);
}

/** @param {Link} link */
async function rejoin(link) {
  if (link.closed || link.resting || link.friend !== null) return;
  const old = link.room;
  old.left = true;
  link.others = [];
  link.inFlight.clear();
  link.cut.clear();
  await old.room.leave(); // trystero hands back the same room until it is left
  if (link.closed || link.room !== old) return;
  link.room = join(link);
  link.rejoins += 1;
  const delays = link.rejoinDelaysMs;
  rejoinSoon(link, delays[Math.min(link.rejoins, delays.length - 1)]);
}

/** @param {Link} link @param {ConnectionState} state */
function setStatus(link, state) {
  const { wrongSecret, everConnected, friendName: friend } = link;
  const text = statusText(state, { wrongSecret, everConnected, relays: link.options.relays, friend });
  if (link.status.state === state && link.status.text === text) return;
  link.status = { state, text };
  link.options.onStatus?.(link.status);
}

/** Another device has shown itself (with a wrong secret, or offers that led nowhere): the clock runs. @param {Link} link */
function expectPeerNow(link) {
  link.expectedSince ??= Date.now();
}

/** trystero could not join a peer. @param {Link} link @param {string} error */
function joinFailed(link, error) {
  if (link.closed) return;
  if (/password/i.test(error)) {
    // Offers this device cannot read, or a device that could not prove it holds the secret: someone is
    // in the room, with another secret.
    link.wrongSecret = true;
    expectPeerNow(link);
  } else if (/after exchanging SDP/i.test(error) && link.friend === null) {
    // The offers went both ways through a relay, and still no direct connection: no route between the two.
    setStatus(link, "no-direct");
  } else {
    expectPeerNow(link);
  }
}

/** A whole message from a peer: handed on if it is the friend's, text, and within the limit. @param {Link} link @param {unknown} data @param {string} peerId */
function received(link, data, peerId) {
  const dropped = link.cut.delete(peerId);
  link.inFlight.delete(peerId);
  if (link.closed || dropped || peerId !== link.friend) return;
  const { maxChars } = link.options;
  if (typeof data !== "string") {
    refuse(link, peerId, "not-text", 0, t("remote.notText"));
    return;
  }
  if (data.length > maxChars) {
    refuse(link, peerId, "too-large", data.length, tooLargeText("theirs", data.length, maxChars));
    return;
  }
  link.options.onMessage(data, peerId);
}

/**
 * A chunk of a message in progress. UTF-8 takes at most 3 bytes for one character of a JS string: more chunks than
 * that cannot be one message within the limit (or several sent at once by an honest device). Cut that peer off
 * before it fills memory.
 * @param {Link} link @param {string} peerId @param {() => void} closePeer
 */
function chunkReceived(link, peerId, closePeer) {
  const chunks = (link.inFlight.get(peerId) ?? 0) + 1;
  link.inFlight.set(peerId, chunks);
  const { maxChars } = link.options;
  if (chunks * CHUNK_BYTES > 3 * maxChars + 2 * CHUNK_BYTES && !link.cut.has(peerId)) {
    link.cut.add(peerId);
    refuse(link, peerId, "too-large", chunks * CHUNK_BYTES, tooLargeText("theirs", chunks * CHUNK_BYTES, maxChars));
    closePeer();
  }
}

/**
 * @param {Link} link @param {string} peerId @param {Refusal["reason"]} reason @param {number} size @param {string} text
 */
function refuse(link, peerId, reason, size, text) {
  link.options.onRefused?.({ peerId, reason, size, limit: link.options.maxChars, text });
}

/** @param {Link} link @param {string} peerId */
function adopt(link, peerId) {
  link.friend = peerId;
  clearTimeout(link.rejoinTimer);
  link.rejoins = 0;
  link.resting = false;
  link.everConnected = true;
  setStatus(link, "connected");
  link.options.onPeer?.(peerId);
}

/** @param {Link} link @param {string} peerId */
function peerJoined(link, peerId) {
  if (link.closed) return;
  if (link.friend === null) adopt(link, peerId);
  else if (peerId !== link.friend && !link.others.includes(peerId)) link.others.push(peerId);
}

/** @param {Link} link @param {string} peerId */
function peerLeft(link, peerId) {
  link.inFlight.delete(peerId);
  link.cut.delete(peerId);
  link.others = link.others.filter((id) => id !== peerId);
  if (link.closed || peerId !== link.friend) return;
  link.friend = null;
  link.options.onLeave?.(peerId);
  const next = link.others.shift();
  if (next !== undefined) {
    adopt(link, next);
    return;
  }
  link.expectedSince = Date.now(); // the friend was here: a new clock for its return
  setStatus(link, "reconnecting");
  rejoinSoon(link, link.rejoinDelaysMs[0]);
}

/** The status while no friend is connected: relays unreachable, no direct connection, or still trying. @param {Link} link */
function tick(link) {
  if (link.closed || link.friend !== null) return;
  const now = Date.now();
  const sockets = /** @type {Record<string, WebSocket | undefined>} */ (getRelaySockets());
  if (link.options.relays.some((url) => sockets[url]?.readyState === OPEN)) link.relaysDownSince = now;
  if (now - link.relaysDownSince >= RELAY_GRACE_MS) setStatus(link, "no-relay");
  else if (link.status.state === "no-direct" || (link.expectedSince !== null && now - link.expectedSince >= link.options.timeoutMs)) setStatus(link, "no-direct");
  else setStatus(link, link.everConnected ? "reconnecting" : "looking");
}

/**
 * Why `text` cannot be sent now, or null.
 * @param {Link} link @param {unknown} text
 * @returns {SendResult | null}
 */
function refusedToSend(link, text) {
  if (link.closed) return { ok: false, reason: "closed", text: t("remote.closed") };
  if (typeof text !== "string") return { ok: false, reason: "not-text", text: t("remote.onlyText") };
  const { maxChars } = link.options;
  if (text.length > maxChars) return { ok: false, reason: "too-large", text: tooLargeText("mine", text.length, maxChars) };
  if (link.friend === null) return { ok: false, reason: "not-connected", text: t("remote.notConnected") };
  return null;
}

/**
 * @param {"theirs" | "mine"} whose the friend's message or this side's @param {number} size @param {number} limit
 */
function tooLargeText(whose, size, limit) {
  return t("remote.tooLarge", { whose, size: sizeText(size, t), limit: sizeText(limit, t) });
}
