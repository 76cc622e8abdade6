// @ts-check
/**
 * Share links and what other apps hand the installed game. Loaded on first use (the Share button, a link opened,
 * a file or text launched into the installed app), never at start-up.
 *
 * A link carries its data in the URL fragment, which no server sees, so it works on any static host and offline:
 *
 *   index.html#v=2&position=XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10   a position (any text read_position reads)
 *   index.html#v=2&match=<base64url of the match record, JSON deflated with CompressionStream("deflate-raw")>
 *
 * `v` is the link format; a link of a newer format, or one broken by hand, is refused with a plain message. Format 1
 * wrote a position's XGID with gnubg's numbering (the page's bottom player in lower case); format 2 writes it as XG
 * draws it (the bottom player in upper case). A format 1 link is still read as it was meant.
 */

import { copyText } from "./copy.js";
import { MAX_LINK_CHARS, MAX_POSITION_CHARS, MAX_RECORD_BYTES, inflateLimited, recordProblem, tooLarge } from "./limits.js";

export const LINK_VERSION = 2;

/**
 * `gnubgNumbering`: the position's XGID has the page's bottom player in lower case (a link of format 1).
 * @typedef {{kind: "position", text: string, gnubgNumbering?: boolean} | {kind: "match", record: object} | {kind: "error", message: string}} Shared
 */

/** @param {Uint8Array} bytes */
function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text */
function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** @param {Uint8Array<ArrayBuffer>} bytes @param {CompressionStream | DecompressionStream} stream */
async function through(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** The page's address without query or fragment (test options and old links are not passed on). */
function pageAddress() {
  return `${location.origin}${location.pathname}`;
}

/** @param {string} xgid */
export function positionLink(xgid) {
  return `${pageAddress()}#v=${LINK_VERSION}&position=${xgid}`;
}

/** @param {object} record */
export async function matchLink(record) {
  const packed = await through(new TextEncoder().encode(JSON.stringify(record)), new CompressionStream("deflate-raw"));
  return `${pageAddress()}#v=${LINK_VERSION}&match=${toBase64Url(packed)}`;
}

/** A refusal: its sentence, then "Your match is unchanged.". @param {Words} t @param {string} text */
const refused = (t, text) => /** @type {Shared} */ ({ kind: "error", message: `${text} ${t("link.unchanged")}` });
/** @param {Words} t */
const broken = (t) => refused(t, t("link.broken"));

/** @typedef {import("./limits.js").Words} Words the page's words (handed in: this module loads on first use) */

/**
 * What a URL fragment (`#v=2&position=…`) shares, or null when it is not a share link at all.
 * @param {string} hash
 * @param {Words} t
 * @returns {Promise<Shared | null>}
 */
export async function readLink(hash, t) {
  const text = hash.replace(/^#/, "");
  if (!/(^|&)(position|match)=/.test(text)) return null;
  // Measured before anything of it is read.
  if (text.length > MAX_LINK_CHARS) return refused(t, tooLarge("link", MAX_LINK_CHARS, t, text.length));
  /** @type {Record<string, string>} */
  const fields = {};
  for (const part of text.split("&")) {
    const at = part.indexOf("=");
    if (at > 0) fields[part.slice(0, at)] = part.slice(at + 1);
  }
  const version = fields.v === undefined ? LINK_VERSION : Number(fields.v);
  if (!Number.isInteger(version) || version < 1) return broken(t);
  if (version > LINK_VERSION) {
    return refused(t, t("link.newer", { version, reads: LINK_VERSION }));
  }
  if (fields.position !== undefined) {
    if (fields.position.length > 3 * MAX_POSITION_CHARS) {
      return refused(t, tooLarge("linkPosition", MAX_POSITION_CHARS, t));
    }
    let position;
    try {
      position = decodeURIComponent(fields.position).trim();
    } catch {
      return broken(t);
    }
    return position ? { kind: "position", text: position, gnubgNumbering: version === 1 } : broken(t);
  }
  try {
    // Unpacked as a stream that stops at the limit: a short link may unpack to gigabytes.
    const unpacked = await inflateLimited(fromBase64Url(fields.match ?? ""), MAX_RECORD_BYTES);
    if (!unpacked.ok) {
      return unpacked.reason === "too-large" ? refused(t, tooLarge("linkMatch", MAX_RECORD_BYTES, t)) : broken(t);
    }
    const json = new TextDecoder("utf-8", { fatal: true }).decode(unpacked.bytes);
    const record = JSON.parse(json);
    if (!record || typeof record !== "object" || Array.isArray(record)) throw new Error("not a record");
    const problem = recordProblem(record, t);
    if (problem) return refused(t, `${problem} ${t("link.nothingOpened")}`);
    return { kind: "match", record };
  } catch {
    return broken(t);
  }
}

/**
 * Text another app shared with the installed game (share_target: `?shared=…`, `?shared-url=…`): a share link, or
 * an XGID / gnubg IDs to set up.
 * @param {URLSearchParams} query
 * @param {Words} t
 * @returns {Promise<Shared | null>}
 */
export async function readSharedText(query, t) {
  const parts = ["shared", "shared-url", "shared-title"].map((name) => query.get(name) ?? "").filter((text) => text.trim());
  if (parts.length === 0) return null;
  if (parts.some((part) => part.length > MAX_LINK_CHARS)) {
    return refused(t, tooLarge("sharedText", MAX_LINK_CHARS, t));
  }
  for (const part of parts) {
    const hash = part.indexOf("#");
    if (hash >= 0) {
      const shared = await readLink(part.slice(hash), t);
      if (shared) return shared;
    }
  }
  const text = parts.find((part) => /XGID=|[A-Za-z0-9+/]{14}/.test(part)) ?? parts[0];
  const found = text.match(/XGID=\S+/i)?.[0] ?? text.trim();
  if (found.length > MAX_POSITION_CHARS) return refused(t, tooLarge("sharedPosition", MAX_POSITION_CHARS, t));
  return { kind: "position", text: found };
}

/**
 * Files the installed app was opened with (the manifest's file_handlers): each is handed to `open`, which measures
 * it before reading it. Where the browser has no launchQueue this does nothing.
 * @param {(file: File) => Promise<void>} open
 */
export function consumeLaunches(open) {
  const launchQueue = /** @type {any} */ (globalThis).launchQueue;
  if (!launchQueue || typeof launchQueue.setConsumer !== "function") return false;
  launchQueue.setConsumer(async (/** @type {any} */ params) => {
    for (const handle of params?.files ?? []) {
      await open(await handle.getFile());
    }
  });
  return true;
}

const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
let copyButtonsBound = false;

/**
 * The Share dialog (#share-dialog): the links to a position and to a match, each with a Copy button whose result is
 * said on the dialog (and to screen readers).
 * @param {{xgid: string | null, record: object | null, inReview: boolean, announcer: {say: (text: string) => void},
 *   openDialog: (dialog: HTMLDialogElement, options?: {focus?: string}) => Promise<string>,
 *   t: typeof import("./i18n/i18n.js").t}} ctx  t: the page's words (handed in: this module loads on first use)
 */
export async function openShareDialog(ctx) {
  const positionField = /** @type {HTMLInputElement} */ (byId("share-position-link"));
  const matchField = /** @type {HTMLInputElement} */ (byId("share-match-link"));
  if (!copyButtonsBound) {
    copyButtonsBound = true;
    for (const [buttonId, field, what] of /** @type {const} */ ([["share-copy-position", positionField, "position"], ["share-copy-match", matchField, "match"]])) {
      byId(buttonId).addEventListener("click", async () => {
        // the dialog's own line says it (#share-copied), not a sign beside the button
        const copied = await copyText(field.value, field, { button: null });
        const words = /** @type {const} */ ({
          position: ["share.copiedPosition", "share.notCopiedPosition"],
          match: ["share.copiedMatch", "share.notCopiedMatch"],
        })[what];
        byId("share-copied").textContent = ctx.t(words[copied ? 0 : 1]);
        ctx.announcer.say(byId("share-copied").textContent ?? "");
      });
    }
  }
  byId("share-copied").textContent = "";
  byId("share-what").textContent = ctx.t(ctx.inReview ? "share.whatReview" : "share.whatPlay");
  positionField.value = ctx.xgid ? positionLink(ctx.xgid) : "";
  positionField.placeholder = ctx.xgid ? "" : ctx.t("share.noPosition");
  matchField.value = ctx.record ? await matchLink(ctx.record) : "";
  /** @type {HTMLButtonElement} */ (byId("share-copy-position")).disabled = !positionField.value;
  /** @type {HTMLButtonElement} */ (byId("share-copy-match")).disabled = !matchField.value;
  await ctx.openDialog(/** @type {HTMLDialogElement} */ (byId("share-dialog")), { focus: positionField.value ? "#share-copy-position" : "#share-copy-match" });
}

/**
 * What the page's address hands over, once: a share link in the fragment, text shared into the installed app
 * (share_target, GET: `?shared=…`), or files it was opened with (file_handlers: `?launch=file`, then `onFile`). The
 * address is cleaned so a reload does not open it again.
 * @param {(file: File) => Promise<void>} onFile
 * @param {Words} t
 * @returns {Promise<Shared | null>}
 */
export async function takeFromAddress(onFile, t) {
  const query = new URLSearchParams(location.search);
  if (query.get("launch") === "file") consumeLaunches(onFile);
  const sharedText = ["shared", "shared-url", "shared-title"].some((name) => query.has(name));
  const shared = sharedText ? await readSharedText(query, t) : await readLink(location.hash, t);
  for (const name of ["launch", "shared", "shared-url", "shared-title"]) query.delete(name);
  history.replaceState(null, "", `${location.pathname}${query.size ? `?${query}` : ""}`);
  return shared;
}
