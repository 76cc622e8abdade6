// @ts-check
/** Match files: download the record (JSON) or a .mat text, and read a chosen file back into a record. */
import { MAX_FILE_BYTES, MAX_RECORD_BYTES, recordProblem, tooLarge } from "./limits.js";

/**
 * Offer text as a file download.
 * @param {string} text
 * @param {string} filename
 * @param {string} type
 */
export function downloadText(text, filename, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A turn of a match with a friend, as a file to send instead of the link (a link too long for a messenger, or no
 * messenger at hand): a few lines a person can read, in the sender's language, with the link itself, which the game
 * finds again in any language (`turnInText`: only the link is read). Its name stays the same in every language.
 * @param {{href: string, friend: string, revision: number}} turn
 * @param {import("./limits.js").Words} t the page's words
 */
export function turnFile({ href, friend, revision }, t) {
  const slug = friend.normalize("NFKD").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 30) || "friend";
  const text = [t("remote.turnFileTitle", { friend, revision }), t("remote.turnFileHow"), "", href, ""].join("\n");
  return { text, filename: `backgammon-turn-${slug}-${revision}.txt` };
}

/**
 * The payload of the turn link a text holds (a turn file, or a link pasted into a file), or null.
 * @param {string} text
 */
export function turnInText(text) {
  return /#v=1&turn=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;
}

/** @param {Date} [date] */
export function recordFilename(date = new Date()) {
  const stamp = date.toISOString().slice(0, 16).replace(/[-:]/g, "").replace("T", "-");
  return `backgammon-match-${stamp}.json`;
}

/**
 * The record inside a chosen file: a bare record, or a saved envelope `{format, record}` from this game.
 * @param {string} text
 * @param {import("./limits.js").Words} t the page's words
 * @returns {{ok: true, record: object} | {ok: false, error: string}}
 */
export function recordFromFileText(text, t) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: t("file.notJson") };
  }
  if (data && typeof data === "object" && !Array.isArray(data)) {
    const record = data.format === "backgammon-match" && data.record && typeof data.record === "object" ? data.record : "schema" in data ? data : null;
    if (record) {
      const problem = recordProblem(record, t);
      return problem ? { ok: false, error: problem } : { ok: true, record };
    }
  }
  return { ok: false, error: t("file.noRecord") };
}

/**
 * A chosen or launched file's text and the reader it needs, measured before it is read: a file over the limit of
 * its kind is refused in plain words, unread.
 * @param {{name: string, size: number, text: () => Promise<string>}} file
 * @param {import("./limits.js").Words} t the page's words
 * @returns {Promise<{ok: true, text: string, kind: "json" | "mat" | "sgf" | "turn"} | {ok: false, error: string}>}
 */
export async function readMatchFile(file, t) {
  const named = /\.(mat|txt|sgf)$/i.test(file.name) ? "mat" : /\.json$/i.test(file.name) ? "json" : null;
  const limit = named === "mat" ? MAX_FILE_BYTES : MAX_RECORD_BYTES;
  if (file.size > limit) return { ok: false, error: tooLarge("file", limit, t, file.size) };
  const text = await file.text();
  const kind = fileKind(file.name, text);
  if (kind !== "json" && text.length > MAX_FILE_BYTES) return { ok: false, error: tooLarge("file", MAX_FILE_BYTES, t, text.length) };
  return { ok: true, text, kind };
}

/**
 * Which reader a chosen file needs: our saved match (JSON), a gnubg/Jellyfish `.mat` text, a gnubg `.sgf` file, or
 * a turn of a match with a friend sent as a file (`turnFileText`).
 * @param {string} name @param {string} text
 * @returns {"json" | "mat" | "sgf" | "turn"}
 */
export function fileKind(name, text) {
  const start = text.replace(/^\uFEFF/, "").trimStart();
  if (/\.sgf$/i.test(name) || start.startsWith("(;")) return "sgf";
  if (turnInText(text) !== null && !start.startsWith("{")) return "turn";
  if (/\.(mat|txt)$/i.test(name) || !start.startsWith("{")) return "mat";
  return "json";
}
