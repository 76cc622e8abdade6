// @ts-check
/**
 * The computer's decision, asked of play's worker in steps (`bot_think`): world class thinks for seconds, so it is
 * asked in requests of THINK_STEP_MS and the worker answers others between them (a save, a hint).
 *
 * A level that looks two plies deep (SHARED_LEVELS) shares those looks (a checker play's leading plays at 2-ply,
 * nine tenths of its decision; a cube decision's rolls) with the page's helpers: a pool of engine workers
 * (web/engine/pool.js) started the first time such a level thinks, closed after HELPERS_IDLE_MS without one. An
 * answer hands out parts for them (`parts`, py/backgammon/bot/sharing.py); play's worker goes on with its own share,
 * and once it has done it (`waiting`) it is sent what the helpers found (`shared`). A part a helper fails to do is
 * sent as nothing and play's worker does it, so the decision is the same, to the last bit, however it was shared
 * (tests/core/test_bot_share.py). Helpers still starting are not waited for: until they are ready the decision is
 * made without them.
 */

/** @typedef {import("../types.js").Action} Action */
/** @typedef {import("../types.js").Call} Call */
/** @typedef {import("../types.js").UnitFigures} UnitFigures */
/** @typedef {import("../types.js").SharedPart} SharedPart */
/** @typedef {import("../engine/pool.js").Pool} Pool */

/**
 * How long the worker thinks in one request for the computer's move: world class thinks for seconds, in steps of
 * this size, so that the worker answers other requests between them (a save, a hint) and no answer waits long.
 */
export const THINK_STEP_MS = 250;

/** The levels that look two plies deep (py/backgammon/bot/levels.py, `deep`): theirs is the look worth sharing. */
export const SHARED_LEVELS = new Set(["world_class"]);

/** The helpers are closed once no decision has asked for them for this long (their memory back after a match). */
export const HELPERS_IDLE_MS = 5 * 60_000;

/**
 * The action the computer at `level` decides on, or null when the match changed meanwhile (`current` false) or
 * is over.
 * @param {string} level
 * @param {{call: Call, current: () => boolean, helpers?: () => Pool | null}} ctx
 * @returns {Promise<Action | null>}
 */
export async function think(level, { call, current, helpers }) {
  const pool = SHARED_LEVELS.has(level) ? helpers?.() ?? null : null;
  /** @type {Promise<UnitFigures[]>} */
  let found = Promise.resolve([]);
  /** @type {UnitFigures[] | null} */
  let shared = null;
  for (;;) {
    const answer = await call("bot_think", {
      level,
      budget_ms: THINK_STEP_MS,
      helpers: pool?.ready() ?? 0,
      ...(shared ? { shared } : {}),
    });
    shared = null;
    if (answer.parts && pool) found = shareOut(pool, answer.parts);
    if (answer.done) return current() ? answer.action : null;
    if (!current()) return null;
    if (answer.waiting) shared = await found;
  }
}

/**
 * What the helpers found for `parts`, one job each on the pool; a part that failed brings nothing (play's worker does
 * it then).
 * @param {Pool} pool @param {SharedPart[]} parts
 * @returns {Promise<UnitFigures[]>}
 */
async function shareOut(pool, parts) {
  const done = await Promise.all(
    parts.map((part) =>
      pool.run((call) => call("shared_part", part), { weight: part.units.length }).then(
        (answer) => answer.figures,
        () => [],
      ),
    ),
  );
  return done.flat();
}
