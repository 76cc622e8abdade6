// @ts-check
/**
 * A rating on the FIBS formula, moved by each match against the computer. Pure functions (tested under Node).
 *
 * The formula, as FIBS gives it (`help formula` on the First Internet Backgammon Server; quoted by Patti Beadles in
 * rec.games.backgammon, http://www.bkgm.com/rgb/rgb.cgi?view+1093, and in the Backgammon FAQ,
 * https://stason.org/TULARC/games/backgammon/14-FIBS-RATINGS-First-Internet-Backgammon-Server.html):
 *
 *     two players rated r1 and r2 play an n-point match
 *     D = abs(r1 - r2)
 *     P_upset = 1 / (10^(D * sqrt(n) / 2000) + 1)          the probability that the underdog wins
 *     P = 1 - P_upset if the underdog wins, P = P_upset if the favourite wins
 *     K = max(1, -experience / 100 + 5)                     each player's own experience
 *     winner: + 4 * K * sqrt(n) * P;  loser: - 4 * K * sqrt(n) * P
 *     experience = the sum of the lengths of all matches the player has finished; everyone starts at 1500 and 0.
 *
 * Match length counts as FIBS counts it: n is the match's length in points (a 1-point match 1, a 7-point match
 * 7), whatever the final score; experience grows by n after each rated match; unlimited matches (here: money
 * sessions, which never finish) are not rated. (MacFIBS's help writes K = max(1, 5 - (experience + n) / 100),
 * counting the match being played; FIBS's own text, followed here, counts the matches finished before it.)
 *
 * Here only the player's own rating is kept. Against the computer, each level has a fixed rating (LEVEL_RATINGS).
 * Against a friend on another device, a match is rated when both agreed to it, and the friend's rating is the one
 * they gave at its start (their device computes it the same way from their own history: self-reported, a friendly
 * rating, not a server's). Matches between two people on one device, or from a set-up position, are not rated.
 */

export const START_RATING = 1500;

/**
 * The computer's fixed ratings: chosen, not measured on FIBS. Round numbers in the order of the levels' strength
 * against Tesauro's pubeval (README, *Computer opponent*: the expert wins 73% of single games, the intermediate
 * 66%, the beginner 42%): the beginner below a new player's 1500, the intermediate a little above, the expert well
 * above, world class (the expert looking a ply further, docs/strength.md) above it. A rating earned against them says
 * how a player does against these levels, not what FIBS would rate them.
 */
export const LEVEL_RATINGS = Object.freeze({ beginner: 1400, intermediate: 1600, expert: 1800, world_class: 1900 });

/**
 * The probability that the lower-rated player wins an n-point match (FIBS's P_upset).
 * @param {number} difference abs(r1 - r2) @param {number} length n
 */
export function upsetProbability(difference, length) {
  return 1 / (10 ** ((Math.abs(difference) * Math.sqrt(length)) / 2000) + 1);
}

/**
 * FIBS's experience factor K.
 * @param {number} experience the sum of the lengths of the matches finished before this one
 */
export function experienceFactor(experience) {
  return Math.max(1, -experience / 100 + 5);
}

/**
 * The change of the player's rating after an n-point match.
 * @param {{rating: number, opponent: number, length: number, experience: number, won: boolean}} match
 * @returns {number} positive for a win, negative for a loss
 */
export function ratingChange({ rating, opponent, length, experience, won }) {
  const upset = upsetProbability(rating - opponent, length);
  // Who is the underdog: the player when rated lower. Equal ratings: P is 0.5 either way.
  const underdogWon = won ? rating < opponent : opponent < rating;
  const p = underdogWon ? 1 - upset : upset;
  const change = 4 * experienceFactor(experience) * Math.sqrt(length) * p;
  return won ? change : -change;
}

/**
 * Whether a history entry (web/home/history.js) moves the rating: a finished match of 1 point or more against the
 * computer, from the start (not from a set-up position).
 * @param {Record<string, any>} entry
 */
export function isRated(entry) {
  return opponentRating(entry) !== null && entry.matchLength >= 1 && !entry.fromSetup && (entry.you === 0 || entry.you === 1);
}

/**
 * The opponent's rating in a history entry: a computer level's, or the one a friend gave for a rated match; null
 * for any other opponent.
 * @param {Record<string, any>} entry
 * @returns {number | null}
 */
export function opponentRating(entry) {
  const opponent = entry.opponent;
  if (opponent?.kind === "computer" && Object.hasOwn(LEVEL_RATINGS, opponent.level)) {
    return LEVEL_RATINGS[/** @type {keyof typeof LEVEL_RATINGS} */ (opponent.level)];
  }
  if (opponent?.kind === "human" && opponent.remote === true && Number.isFinite(opponent.rating)) return opponent.rating;
  return null;
}

/**
 * The rating after each rated match of a history, oldest first.
 * @param {Record<string, any>[]} entries history entries, oldest first
 * @returns {{entry: Record<string, any>, before: number, change: number, rating: number, experience: number}[]}
 */
export function ratingSeries(entries) {
  let rating = START_RATING;
  let experience = 0;
  const series = [];
  for (const entry of entries) {
    if (!isRated(entry)) continue;
    const opponent = /** @type {number} */ (opponentRating(entry));
    const change = ratingChange({ rating, opponent, length: entry.matchLength, experience, won: entry.winner === entry.you });
    const before = rating;
    rating += change;
    experience += entry.matchLength;
    series.push({ entry, before, change, rating, experience });
  }
  return series;
}
