// @ts-check
/**
 * How much the page reads from outside (docs/limits.md): share links, files, pasted IDs, history files, and the
 * computer's levels they may name. Each limit
 * is checked where the data enters, before it is read, unpacked or parsed; Python (py/backgammon/limits.py, the same
 * figures) checks again. A refusal says the limit in plain words.
 */

/**
 * The computer's levels a record or a history may name, weakest first: the names Python's backgammon.bot.levels
 * knows (`LEVELS`). World class thinks for seconds a move (issue 50): the page asks for its moves in steps.
 */
export const LEVELS = Object.freeze(["beginner", "intermediate", "expert", "world_class"]);

/**
 * Each level's name in the page's words: its message id (web/i18n), for the board and the statistics.
 * @type {Readonly<Record<string, keyof typeof import("./i18n/en.js").default>>}
 */
export const LEVEL_WORDS = Object.freeze({
  beginner: "level.beginner",
  intermediate: "level.intermediate",
  expert: "level.expert",
  world_class: "level.worldClass",
});

/**
 * Whether `level` is one of the computer's levels.
 * @param {unknown} level
 * @returns {level is string}
 */
export function isLevel(level) {
  return typeof level === "string" && LEVELS.includes(level);
}

/**
 * `level` if it is one of the computer's levels, else `fallback`.
 * @param {unknown} level
 * @param {string} fallback
 * @returns {string}
 */
export function levelOr(level, fallback) {
  return isLevel(level) ? level : fallback;
}

/** A share link's fragment, in characters (the longest real link measured is 80 KB). */
export const MAX_LINK_CHARS = 1_000_000;
/** A match record's JSON once unpacked from a link, or a saved .json file, in bytes. */
export const MAX_RECORD_BYTES = 16_000_000;
/**
 * One message between two devices playing live (web/remote/transport.js), in characters: the largest the protocol
 * sends is a `sync` holding a whole match record (docs/remote-protocol.md), so a record and its wrapping. The
 * protocol checks each message again, by its type (most are under 8 KB).
 */
export const MAX_REMOTE_MESSAGE_CHARS = MAX_RECORD_BYTES + 100_000;
/** A .mat or .sgf match file, in bytes. */
export const MAX_FILE_BYTES = 2_000_000;
/** A history file, in bytes, and the matches in it. */
export const MAX_HISTORY_BYTES = 16_000_000;
export const MAX_HISTORY_ENTRIES = 100_000;
/** A pasted position: an XGID, or gnubg's Position ID and Match ID. */
export const MAX_POSITION_CHARS = 1_000;
/** Games in a record, actions in one game and in the whole record, nesting of its JSON, a player's name. */
export const MAX_GAMES = 2_000;
export const MAX_GAME_ACTIONS = 10_000;
export const MAX_ACTIONS = 400_000;
export const MAX_DEPTH = 12;
export const MAX_NAME_CHARS = 40;

/** @typedef {typeof import("./i18n/i18n.js").t} Words the page's words, handed in (this module joins the page's first code and modules loaded on first use alike) */

/** A size in the language's words: megabytes, kilobytes, or characters. @param {number} bytes @param {Words} t */
export function sizeText(bytes, t) {
  if (bytes >= 1_000_000) return t("size.megabytes", { n: Math.round(bytes / 100_000) / 10 });
  if (bytes >= 1_000) return t("size.kilobytes", { n: Math.round(bytes / 100) / 10 });
  return t("size.characters", { n: bytes });
}

/**
 * What is too large, each a sentence of its own in the catalogues: a file or a link (with its size), the position
 * or the match in a link, the text or the position shared with the game.
 * @typedef {"file" | "link" | "linkPosition" | "linkMatch" | "sharedText" | "sharedPosition"} TooLarge
 */
const TOO_LARGE = /** @type {const} */ ({
  file: "limits.fileTooLarge",
  link: "limits.linkTooLarge",
  linkPosition: "limits.linkPositionTooLarge",
  linkMatch: "limits.linkMatchTooLarge",
  sharedText: "limits.sharedTextTooLarge",
  sharedPosition: "limits.sharedPositionTooLarge",
});

/**
 * The refusal of something too large, in plain words.
 * @param {TooLarge} what @param {number} limit @param {Words} t @param {number} [size] its size (a file, a link)
 */
export function tooLarge(what, limit, t, size = 0) {
  return t(TOO_LARGE[what], { size: sizeText(size, t), limit: sizeText(limit, t) });
}

/**
 * What makes a parsed record too large to read (too many games or actions, nested too deep), in plain words, or null.
 * The walk is iterative and stops at the first excess, so its cost is bounded by the limits.
 * @param {unknown} record
 * @param {Words} t
 * @returns {string | null}
 */
export function recordProblem(record, t) {
  const games = /** @type {any} */ (record)?.games;
  if (Array.isArray(games)) {
    if (games.length > MAX_GAMES) return t("limits.tooManyGames", { n: games.length, most: MAX_GAMES });
    let total = 0;
    for (const [index, game] of games.entries()) {
      const actions = /** @type {any} */ (game)?.actions;
      if (!Array.isArray(actions)) continue;
      if (actions.length > MAX_GAME_ACTIONS) {
        return t("limits.tooManyGameActions", { game: index + 1, n: actions.length, most: MAX_GAME_ACTIONS });
      }
      total += actions.length;
    }
    if (total > MAX_ACTIONS) return t("limits.tooManyActions", { n: total, most: MAX_ACTIONS });
  }
  return depthProblem(record, MAX_DEPTH, MAX_ACTIONS * 8 + 10_000, t);
}

/**
 * @param {unknown} value @param {number} maxDepth @param {number} budget nodes at most @param {Words} t
 * @returns {string | null}
 */
export function depthProblem(value, maxDepth, budget, t) {
  /** @type {Array<[unknown, number]>} */
  const stack = [[value, 1]];
  while (stack.length) {
    const [item, depth] = /** @type {[unknown, number]} */ (stack.pop());
    if (!item || typeof item !== "object") continue;
    if (depth > maxDepth) return t("limits.nested", { most: maxDepth });
    const children = Array.isArray(item) ? item : Object.values(item);
    budget -= children.length;
    if (budget < 0) return t("limits.tooMuch");
    for (const child of children) stack.push([child, depth + 1]);
  }
  return null;
}

/** Let the browser handle input and paint between pieces of long work. */
function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Unpack raw-deflated bytes as a stream, stopping as soon as the output passes `limit` bytes: a small link that
 * unpacks to gigabytes is refused after reading the limit, never unpacked whole. The input is fed in small pieces
 * (deflate expands a piece at most about a thousandfold) and the page is let go between megabytes.
 * @param {Uint8Array} bytes @param {number} limit
 * @returns {Promise<{ok: true, bytes: Uint8Array} | {ok: false, reason: "too-large" | "broken"}>}
 */
export async function inflateLimited(bytes, limit) {
  const stream = new DecompressionStream("deflate-raw");
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let stop = false;
  const feeding = (async () => {
    try {
      for (let at = 0; at < bytes.length && !stop; at += 1024) await writer.write(bytes.slice(at, at + 1024));
      if (!stop) await writer.close();
    } catch {
      // the stream was cancelled (over the limit) or the data is broken: the reader says which
    }
  })();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let total = 0;
  let sinceYield = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > limit) {
        stop = true;
        await reader.cancel().catch(() => {});
        await feeding;
        return { ok: false, reason: "too-large" };
      }
      chunks.push(value);
      sinceYield += value.length;
      if (sinceYield >= 1_000_000) {
        sinceYield = 0;
        await nextTask();
      }
    }
  } catch {
    stop = true;
    await feeding;
    return { ok: false, reason: "broken" };
  }
  await feeding;
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return { ok: true, bytes: out };
}
