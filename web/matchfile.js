// @ts-check
/** Match files: download the record (JSON) or a .mat text, and read a chosen file back into a record. */

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

/** @param {Date} [date] */
export function recordFilename(date = new Date()) {
  const stamp = date.toISOString().slice(0, 16).replace(/[-:]/g, "").replace("T", "-");
  return `backgammon-match-${stamp}.json`;
}

/**
 * The record inside a chosen file: a bare record, or a saved envelope `{format, record}` from this game.
 * @param {string} text
 * @returns {{ok: true, record: object} | {ok: false, error: string}}
 */
export function recordFromFileText(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: "This file is not a saved match: it is not JSON." };
  }
  if (data && typeof data === "object" && !Array.isArray(data)) {
    if (data.format === "backgammon-match" && data.record && typeof data.record === "object") {
      return { ok: true, record: data.record };
    }
    if ("schema" in data) return { ok: true, record: data };
  }
  return { ok: false, error: "This file is not a saved match from this game (it has no match record)." };
}

/**
 * Which reader a chosen file needs: our saved match (JSON), a gnubg/Jellyfish `.mat` text, or a gnubg `.sgf` file.
 * @param {string} name @param {string} text
 * @returns {"json" | "mat" | "sgf"}
 */
export function fileKind(name, text) {
  const start = text.replace(/^\uFEFF/, "").trimStart();
  if (/\.sgf$/i.test(name) || start.startsWith("(;")) return "sgf";
  if (/\.(mat|txt)$/i.test(name) || !start.startsWith("{")) return "mat";
  return "json";
}
