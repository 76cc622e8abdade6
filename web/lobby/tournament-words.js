// @ts-check
/**
 * A tournament in words (docs/tournaments.md, *On the page*): its terms, how long registration stays open, the phase
 * it is in, and this player's next match. Pure functions of the worker's answers (`tournament_list`,
 * `tournament_view`), so the list, the panel and the tests say the same thing.
 */
import { saidText, t } from "../i18n/i18n.js";

/**
 * @typedef {import("../types.generated.js").TournamentSummary} Summary
 * @typedef {import("../types.generated.js").TournamentPage} Page
 * @typedef {import("../types.generated.js").Pairing} Pairing
 * @typedef {import("../types.generated.js").Standing} Standing
 */

/** "12 hours", "a day", "3 days". @param {number} hours */
export function hoursWords(hours) {
  if (hours % 24 === 0) return t("tournament.days", { n: hours / 24 });
  return t("tournament.hours", { n: hours });
}

/** @param {Pick<Summary, "format" | "length" | "mode" | "move_hours" | "rated">} terms */
export function tournamentTerms(terms) {
  return [
    terms.format === "knockout" ? t("tournament.knockoutShort") : t("tournament.roundRobinShort"),
    t("tournament.matchLength", { n: terms.length }),
    terms.mode === "live" ? t("tournament.modeLive") : t("tournament.modeLinks", { time: hoursWords(terms.move_hours ?? 24) }),
    terms.rated ? t("tournament.ratedShort") : t("tournament.notRated"),
  ].join(" · ");
}

/**
 * "in 12 minutes", "in 3 hours", "in 2 days", "in under a minute": a phrase of its own in every language, which the
 * phase's sentence holds.
 * @param {number} seconds
 */
export function inWords(seconds) {
  if (seconds < 60) return t("tournament.inUnderMinute");
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t("tournament.inMinutes", { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t("tournament.inHours", { n: hours });
  return t("tournament.inDays", { n: Math.floor(hours / 24) });
}

/** @param {Pick<Summary, "entrants" | "places">} summary */
export function placesWords(summary) {
  return t("tournament.placesTaken", { taken: summary.entrants, places: summary.places });
}

/**
 * The phase, as the list and the panel say it.
 * @param {Pick<Summary, "phase" | "closes"> & {broken?: string | null, broken_words?: import("../types.js").Words | null,
 *   champion?: string | null, champion_name?: string | null, names?: Record<string, string>,
 *   entrants?: {key: string}[], revealed?: string[], reveals_until?: number | null}} s
 *   the panel gives the entrants and whose values are in (the list does not)
 * @param {number} now
 */
export function phaseWords(s, now) {
  switch (s.phase) {
    case "registration":
      return t("tournament.phaseRegistration", { when: inWords(Math.max(0, s.closes - now)) });
    case "closing":
      return t("tournament.phaseClosing");
    case "revealing": {
      if (!s.entrants || !s.revealed) return t("tournament.phaseRevealing");
      const n = s.entrants.filter((e) => !s.revealed?.includes(e.key)).length;
      return s.reveals_until
        ? t("tournament.phaseWaitingUntil", { n, when: inWords(Math.max(0, s.reveals_until - now)) })
        : t("tournament.phaseWaiting", { n });
    }
    case "drawn":
      return t("tournament.phaseDrawn");
    case "over": {
      const name = s.champion_name ?? (s.champion ? s.names?.[s.champion] : null);
      return name ? t("tournament.phaseWon", { name }) : t("tournament.phaseOver");
    }
    case "broken":
      // Why, as the core gives it: by its message id in the page's language, else its English.
      return (s.broken_words && saidText(s.broken_words)) ?? s.broken ?? t("tournament.phaseBroken");
    default:
      return s.phase;
  }
}

/**
 * This player's next match in a drawn tournament: the first pairing with them in it, not a bye, with no winner yet,
 * by its round's name. Its other player may not be known yet (a knock-out's later round): then the winner of the
 * match before that feeds their place, by its players' names. Null when there is none (not drawn, or out).
 * @param {Pairing[][]} rounds @param {string} me @param {Record<string, string>} names @param {boolean} knockout
 */
export function yourMatchWords(rounds, me, names, knockout) {
  const nameOf = (/** @type {string | null} */ key) => (key && names[key]) || t("tournament.aPlayer");
  for (const [index, round] of rounds.entries()) {
    for (const pairing of round) {
      if (pairing.bye || pairing.winner !== null || !pairing.players.includes(me)) continue;
      const named = knockout ? roundName(index, rounds.length) : t("tournament.round", { n: pairing.round });
      const other = pairing.players.find((key) => key !== me) ?? null;
      if (other !== null) return t("tournament.yourMatch", { round: named, name: nameOf(other) });
      // A knock-out's table T is fed by tables 2T - 1 and 2T of the round before, in that order.
      const feeder = knockout && index > 0 ? rounds[index - 1][2 * pairing.table - 2 + (pairing.players.indexOf(me) === 0 ? 1 : 0)] : undefined;
      const [first, second] = feeder?.players ?? [null, null];
      if (first && second) return t("tournament.yourMatchWinnerOf", { round: named, first: nameOf(first), second: nameOf(second) });
      return t("tournament.yourMatchUndecided", { round: named });
    }
  }
  return null;
}

/**
 * A knock-out round's name: the final, the semi-finals and quarter-finals by the rounds left, else its number.
 * @param {number} index  0 for the first round @param {number} count  rounds in all
 */
export function roundName(index, count) {
  const left = count - index;
  if (left === 1) return t("tournament.final");
  if (left === 2) return t("tournament.semiFinals");
  if (left === 3) return t("tournament.quarterFinals");
  return t("tournament.round", { n: index + 1 });
}
