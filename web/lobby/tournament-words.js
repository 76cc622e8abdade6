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
 *   entrants?: {key: string}[], revealed?: string[], reveals_until?: number | null,
 *   rounds?: Pairing[][], format?: Summary["format"]}} s
 *   the panel gives the entrants and whose values are in, and the rounds with their format (the list does not)
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
      return s.rounds && s.format ? roundBeingPlayed(s.rounds, s.format) : t("tournament.phaseInProgress");
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
 * A drawn tournament's round being played: the first with a match not decided ("Semi-finals being played", "Final to
 * play", "Round 2 of 3 being played"); "In progress" when every match is decided and the core has not said it is over.
 * @param {Pairing[][]} rounds @param {Summary["format"]} format
 */
function roundBeingPlayed(rounds, format) {
  const index = rounds.findIndex((round) => round.some((pairing) => !pairing.bye && pairing.winner === null));
  if (index < 0) return t("tournament.phaseInProgress");
  if (format !== "knockout") return t("tournament.phaseRobinRound", { n: index + 1, count: rounds.length });
  if (index === rounds.length - 1) return t("tournament.phaseFinal");
  return t("tournament.phaseRound", { round: roundName(index, rounds.length) });
}

/**
 * Where this player stands in a drawn or finished tournament, as data (equal data: the same news): their next match
 * (`next`: its round's index and pairing), out of a knock-out (`out`: the round, and who beat them), all their
 * round-robin matches played (`played`), the champion (`won`), or their place once a round robin is over (`placed`).
 * Null when they did not enter, or before the draw.
 * @param {Pick<Page, "summary" | "rounds" | "standings" | "champion">} page @param {string} me
 * @returns {{kind: "next", index: number, pairing: Pairing} | {kind: "out", index: number, by: string} |
 *   {kind: "played"} | {kind: "won"} | {kind: "placed", place: number, of: number} | null}
 */
export function yourStanding(page, me) {
  const { phase, format } = page.summary;
  if ((phase !== "drawn" && phase !== "over") || !page.rounds.flat().some((p) => p.players.includes(me))) return null;
  if (page.champion === me) return { kind: "won" };
  for (const [index, round] of page.rounds.entries()) {
    for (const pairing of round) {
      if (pairing.bye || !pairing.players.includes(me)) continue;
      if (pairing.winner === null) return phase === "drawn" ? { kind: "next", index, pairing } : null;
      if (format === "knockout" && pairing.winner !== me) return { kind: "out", index, by: pairing.winner };
    }
  }
  const place = (page.standings ?? []).findIndex((s) => s.key === me);
  if (phase === "over" && place >= 0) return { kind: "placed", place: place + 1, of: page.standings?.length ?? 0 };
  return format === "knockout" ? null : { kind: "played" };
}

/**
 * Where this player stands, in words (the panel's line, the list's row, the news): "Semi-finals: your match against
 * Bob", "Final: your match against the winner of Ann and Dee", "Semi-finals: Cy won your match; you are out of the
 * tournament", "You won the tournament". Null as `yourStanding` is.
 * @param {Pick<Page, "summary" | "rounds" | "standings" | "champion">} page @param {string} me
 * @param {Record<string, string>} names
 */
export function yourStandingWords(page, me, names) {
  const standing = yourStanding(page, me);
  const knockout = page.summary.format === "knockout";
  const nameOf = (/** @type {string | null} */ key) => (key && names[key]) || t("tournament.aPlayer");
  const roundOf = (/** @type {number} */ index) => roundWords(page, index);
  switch (standing?.kind) {
    case "next": {
      const { index, pairing } = standing;
      const named = roundOf(index);
      const other = pairing.players.find((key) => key !== me) ?? null;
      if (other !== null) return t("tournament.yourMatch", { round: named, name: nameOf(other) });
      // A knock-out's table T is fed by tables 2T - 1 and 2T of the round before, in that order.
      const feeder = knockout && index > 0 ? page.rounds[index - 1][2 * pairing.table - 2 + (pairing.players.indexOf(me) === 0 ? 1 : 0)] : undefined;
      const [first, second] = feeder?.players ?? [null, null];
      if (first && second) return t("tournament.yourMatchWinnerOf", { round: named, first: nameOf(first), second: nameOf(second) });
      return t("tournament.yourMatchUndecided", { round: named });
    }
    case "out":
      return t("tournament.youAreOut", { round: roundOf(standing.index), name: nameOf(standing.by) });
    case "won":
      return t("tournament.youWon");
    case "played":
      return t("tournament.yoursPlayed");
    case "placed":
      return t("tournament.youPlaced", { place: standing.place, n: standing.of });
    default:
      return null;
  }
}

/**
 * A round's name: the knock-out's by the rounds left ("Semi-finals"), the round robin's by its number ("Round 2").
 * @param {Pick<Page, "summary" | "rounds">} page @param {number} index  0 for the first round
 */
export function roundWords(page, index) {
  return page.summary.format === "knockout" ? roundName(index, page.rounds.length) : t("tournament.round", { n: index + 1 });
}

/**
 * This player's next match, its opponent known, as the invitations between them stand: the panel's line and what its
 * button does. The opponent's invitation for this player waiting: to accept; this player's own posted: waiting for
 * the opponent, to withdraw; else to play (and said when the opponent is playing another match now).
 * @param {{round: string, name: string, theirs: boolean, posted: boolean, busy: boolean}} s
 * @returns {{words: string, act: "play" | "accept" | "withdraw"}}
 */
export function matchInvitationWords({ round, name, theirs, posted, busy }) {
  if (theirs) return { words: t("tournament.invitedYou", { round, name }), act: "accept" };
  if (posted) return { words: t(busy ? "tournament.postedWaitingBusy" : "tournament.postedWaiting", { round, name }), act: "withdraw" };
  return { words: t(busy ? "tournament.yourMatchBusy" : "tournament.yourMatch", { round, name }), act: "play" };
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
