// @ts-check
/**
 * A roll as the page writes it, the higher die first (the convention of GNU Backgammon and XG) wherever a roll is
 * shown: `65` in a move list, `6-5` in a title, `6 and 5` or `double 5s` in a sentence. Only the words are sorted:
 * the record keeps the dice in the order they were drawn (after *Swap dice*, the order they are played in).
 * Pure functions, checked under Node; the words are the catalogue's (web/i18n/).
 */
import { t } from "./i18n/i18n.js";

/**
 * The two dice of `dice`, the higher first; none for anything but a roll of two.
 * @param {readonly number[] | null | undefined} dice
 * @returns {number[]}
 */
export function highFirst(dice) {
  if (!Array.isArray(dice) || dice.length < 2) return [];
  const [a, b] = dice;
  return a >= b ? [a, b] : [b, a];
}

/**
 * A roll in figures, as a move list writes it: `65`.
 * @param {readonly number[] | null | undefined} dice
 */
export function rollFigures(dice) {
  return highFirst(dice).join("");
}

/**
 * A roll for a heading: `6-5`.
 * @param {readonly number[] | null | undefined} dice
 */
export function rollDashed(dice) {
  return highFirst(dice).join("-");
}

/**
 * A roll in a sentence: `6 and 5`, `double 5s`.
 * @param {readonly number[] | null | undefined} dice
 */
export function rollWords(dice) {
  const [high, low] = highFirst(dice);
  if (high === undefined) return "";
  return high === low ? t("dice.double", { die: high }) : t("dice.two", { high, low });
}

/**
 * A roll to be played, in a sentence: `6 and 5`; when the lower die is to be played first (the dice were swapped, or
 * drawn that way), it says so, since the words put the higher first: `6 and 5, the 5 first`.
 * @param {readonly number[] | null | undefined} dice  in the order they are played
 */
export function rollToPlay(dice) {
  const words = rollWords(dice);
  return dice && words && dice[0] < dice[1] ? t("dice.firstDie", { roll: words, first: dice[0] }) : words;
}
