// @ts-check
/**
 * The computer's levels, weakest first: the names Python's backgammon.bot.levels knows (`LEVELS`), as a match's
 * record stores them. World class thinks for seconds a move (issue 50): the page asks for its moves in steps.
 */
export const LEVELS = Object.freeze(["beginner", "intermediate", "expert", "world_class"]);

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
