// @ts-check
/**
 * The words review writes about a player's figures: counts with their nouns ("1 decision", "2 decisions"), gnubg's
 * rating and luck labels where there is something to rate, and the verdict said when an analysis is done. Pure
 * functions, no DOM, checked under Node.
 */

/**
 * `count` with its noun, in the singular for one: `plural(1, "decision")` is "1 decision".
 * @param {number} count @param {string} noun @param {string} [nouns]  the plural, when it is not noun + "s"
 */
export function plural(count, noun, nouns = `${noun}s`) {
  return `${count} ${count === 1 ? noun : nouns}`;
}

/**
 * How many decisions a player's error rate is taken over: unforced moves and close cube decisions (docs/analysis.md).
 * @param {Record<string, any> | null | undefined} p  one player's figures
 */
export function judgedDecisions(p) {
  return (Number(p?.unforced_moves) || 0) + (Number(p?.close_cube_decisions) || 0);
}

/**
 * Whether the player made a decision that counts in an error rate: a match resigned before any has nothing to rate,
 * and its rate of 0.0 is no perfect score.
 * @param {Record<string, any> | null | undefined} p
 */
export function hasJudgedDecisions(p) {
  return judgedDecisions(p) > 0;
}

/**
 * gnubg's luck label in review's words: its neutral "None" (and the "n/a" of a player without a roll) say nothing.
 * @param {string | null | undefined} label
 */
export function luckLabel(label) {
  return !label || label === "None" || label === "n/a" ? "" : label;
}

/**
 * A rating label to end a sentence with: "Awful!" already ends with its mark, "Expert" takes a full stop.
 * @param {string} text
 */
export function sentence(text) {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * Each player's error rate and rating in a sentence; a player with no decision to judge is said so.
 * @param {Record<string, any>} a the analysis @param {string[]} names
 * @param {(p: Record<string, any>) => string} rate  a player's error rate with its unit
 */
export function verdict(a, names, rate) {
  return (a.players ?? [])
    .map((/** @type {any} */ p, /** @type {number} */ i) => {
      const who = names[i] ?? p.name;
      if (!hasJudgedDecisions(p)) return `${who}: no decision to judge.`;
      return `${who}: error rate ${rate(p)}, ${sentence(String(p.rating ?? ""))}`;
    })
    .join(" ");
}
