// @ts-check
/**
 * Going to the next or previous error in review: a decision marked at least as badly as the player asks (every error
 * ?! ? ??, the bad ones ? ??, or the blunders ??), of either player or of one. A pure function, checked under Node.
 */

/** The marks from the mildest, each counting as an error at its own level and every level under it. */
export const MARK_LEVELS = Object.freeze(["doubtful", "bad", "very_bad"]);

/** The kinds of error offered (`#review-jump-kind`), as the messages that say none is found take them (`kind`). */
export const JUMP_KINDS = Object.freeze({ doubtful: "error", bad: "bad", very_bad: "veryBad" });

/**
 * The step after (`direction` 1) or before (-1) step `from` whose decision is marked `level` or worse and, when
 * `player` is a number, is that player's; null when there is none.
 * @param {import("./analysis-data.js").Step[]} steps @param {number} from @param {1 | -1} direction
 * @param {{level: string, player: number | null}} which
 * @returns {number | null}
 */
export function nextError(steps, from, direction, { level, player }) {
  const least = Math.max(0, MARK_LEVELS.indexOf(level));
  for (let i = from + direction; i >= 0 && i < steps.length; i += direction) {
    const d = steps[i].decision;
    if (!d.mark || MARK_LEVELS.indexOf(d.mark) < least) continue;
    if (player === null || d.player === player) return i;
  }
  return null;
}
