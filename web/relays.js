// @ts-check
/**
 * Which relays the page talks to: live play on two devices (docs/remote-transport.md), where a relay only passes
 * the two browsers' connection offers, encrypted, and the lobby (docs/lobby-events.md), whose invitations are
 * Nostr events on the same relays. Shared by both modes, so it lives outside their folders.
 *
 * The list is chosen once, when the site is built: `build.py` takes it from `remote.json` (or `--relay`), or, by
 * default, computes the public Nostr relays trystero itself picks for `APP_ID`, and writes it into index.html twice,
 * in one step: in `<meta name="remote-relays">`, read here, and in the Content-Security-Policy's `connect-src`,
 * the only hosts the page may open a connection to. No module of the page may import a bare package here: build.py's
 * Node script imports `APP_ID` from this file.
 */

/** The application id given to trystero: the namespace of our rooms on the relays (and what picks its default
 * relays). A new protocol that old pages cannot speak takes a new id. */
export const APP_ID = "backgammon-web/remote/1";

/** The name of the `<meta>` that holds the relays, one URL after another separated by spaces. */
export const RELAYS_META = "remote-relays";

/**
 * A relay's address if `text` is one the page may use: a `wss://` (or, for a relay on this machine or network,
 * `ws://`) URL with a host and nothing that could break out of a Content-Security-Policy; otherwise null.
 * @param {string} text
 * @returns {string | null}
 */
export function relayUrl(text) {
  if (!/^wss?:\/\/[^\s;,'"]+$/.test(text)) return null;
  try {
    const url = new URL(text);
    if ((url.protocol !== "wss:" && url.protocol !== "ws:") || !url.hostname || url.username || url.password) return null;
    if (url.search || url.hash) return null;
    return text;
  } catch {
    return null;
  }
}

/**
 * The relays this page names (`<meta name="remote-relays">`), in order, without duplicates or malformed ones.
 * @param {Document} doc
 * @returns {string[]}
 */
export function pageRelays(doc) {
  const content = doc.querySelector(`meta[name="${RELAYS_META}"]`)?.getAttribute("content") ?? "";
  /** @type {string[]} */
  const relays = [];
  for (const word of content.split(/\s+/)) {
    const url = relayUrl(word);
    if (url && !relays.includes(url)) relays.push(url);
  }
  return relays;
}

/** The name of the `<meta>` that holds the site's STUN and TURN servers, as JSON (build.py, remote.json). */
export const ICE_META = "remote-ice";

/**
 * The STUN and TURN servers this page names (`<meta name="remote-ice">`): WebRTC's `iceServers`, for networks where
 * two devices cannot connect directly. Empty when none is named or the content is not a list of servers.
 * @param {Document} doc
 * @returns {RTCIceServer[]}
 */
export function pageIceServers(doc) {
  const content = doc.querySelector(`meta[name="${ICE_META}"]`)?.getAttribute("content") ?? "";
  if (!content) return [];
  try {
    const servers = JSON.parse(content);
    if (!Array.isArray(servers)) return [];
    return servers.filter(
      (server) =>
        server && Array.isArray(server.urls) && server.urls.length > 0
        && server.urls.every((/** @type {unknown} */ url) => typeof url === "string" && /^(stun|turn|turns):/.test(url))
        && ["username", "credential"].every((key) => server[key] === undefined || typeof server[key] === "string"),
    );
  } catch {
    return [];
  }
}
