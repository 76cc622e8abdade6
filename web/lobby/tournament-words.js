// @ts-check
/**
 * A tournament in words (docs/tournaments.md, *On the page*): its terms, how long registration stays open, the phase
 * it is in, and this player's next match. Pure functions of the worker's answers (`tournament_list`,
 * `tournament_view`), so the list, the panel and the tests say the same thing.
 */

/**
 * @typedef {import("../types.generated.js").TournamentSummary} Summary
 * @typedef {import("../types.generated.js").TournamentPage} Page
 * @typedef {import("../types.generated.js").Pairing} Pairing
 * @typedef {import("../types.generated.js").Standing} Standing
 */

/** @param {number} hours */
export function hoursWords(hours) {
  if (hours % 24 === 0) return hours === 24 ? "a day" : `${hours / 24} days`;
  return hours === 1 ? "an hour" : `${hours} hours`;
}

/** @param {Pick<Summary, "format" | "length" | "mode" | "move_hours" | "rated">} t */
export function tournamentTerms(t) {
  return [
    t.format === "knockout" ? "knock-out" : "round robin",
    t.length === 1 ? "1-point matches" : `${t.length}-point matches`,
    t.mode === "live" ? "live" : `by links, ${hoursWords(t.move_hours ?? 24)} to move`,
    t.rated ? "rated" : "not rated",
  ].join(" · ");
}

/**
 * "in 12 minutes", "in 3 hours", "in 2 days", "in under a minute".
 * @param {number} seconds
 */
export function inWords(seconds) {
  if (seconds < 60) return "in under a minute";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return minutes === 1 ? "in 1 minute" : `in ${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return hours === 1 ? "in 1 hour" : `in ${hours} hours`;
  return `in ${Math.floor(hours / 24)} days`;
}

/** @param {Pick<Summary, "entrants" | "places">} t */
export function placesWords(t) {
  return `${t.entrants} of ${t.places} places taken`;
}

/**
 * The phase, as the list and the panel say it.
 * @param {Pick<Summary, "phase" | "closes"> & {broken?: string | null, champion?: string | null, names?: Record<string, string>,
 *   entrants?: {key: string}[], revealed?: string[], reveals_until?: number | null}} t
 *   the panel gives the entrants and whose values are in (the list does not)
 * @param {number} now
 */
export function phaseWords(t, now) {
  switch (t.phase) {
    case "registration":
      return `Registration closes ${inWords(Math.max(0, t.closes - now))}`;
    case "closing":
      return "Registration is closed: waiting for the organiser to list the entrants";
    case "revealing": {
      if (!t.entrants || !t.revealed) return "Registration is closed: waiting for the entrants' devices to reveal their part of the draw";
      const waiting = t.entrants.filter((e) => !t.revealed?.includes(e.key)).length;
      const until = t.reveals_until ? ` (the draw goes on without them ${inWords(Math.max(0, t.reveals_until - now))})` : "";
      return `Waiting for ${waiting === 1 ? "1 entrant" : `${waiting} entrants`} to reveal their part of the draw${until}`;
    }
    case "drawn":
      return "Drawn";
    case "over": {
      const name = t.champion ? t.names?.[t.champion] : null;
      return name ? `Over: ${name} won the tournament` : "Over";
    }
    case "broken":
      return t.broken ?? "This tournament cannot go on";
    default:
      return t.phase;
  }
}

/**
 * This player's next match in a drawn tournament: the first pairing with them in it, not a bye, with no winner yet.
 * Its other player may not be known yet (a knock-out's later round). Null when there is none (not drawn, or out).
 * @param {Pairing[][]} rounds @param {string} me @param {Record<string, string>} names
 */
export function yourMatchWords(rounds, me, names) {
  for (const round of rounds) {
    for (const pairing of round) {
      if (pairing.bye || pairing.winner !== null || !pairing.players.includes(me)) continue;
      const other = pairing.players.find((key) => key !== me) ?? null;
      return `Your match: round ${pairing.round} against ${other === null ? "a player still to be decided" : (names[other] ?? "a player")}`;
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
  if (left === 1) return "Final";
  if (left === 2) return "Semi-finals";
  if (left === 3) return "Quarter-finals";
  return `Round ${index + 1}`;
}
