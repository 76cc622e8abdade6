// @ts-check
/**
 * The claim of a match in a tournament (docs/tournaments.md, *Claims*): what this player may do when their opponent
 * has not started or has gone silent (*Claim the match* once the time limit is over), what a claim pending says to
 * both sides and to everyone (*Play on*, for the claimed player, answers it), and a match won by forfeit. Drawn from
 * `tournament_view`'s clocks alone: every device weighs the same claims the same way.
 */

/**
 * @typedef {import("../types.generated.js").TournamentPage} Page
 * @typedef {import("../types.generated.js").MatchClock} MatchClock
 */

/** A time of day as this device shows it ("14:05"). @param {number} seconds since 1970 */
export const clockTime = (seconds) => new Date(seconds * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/**
 * What a pairing's claim says to every participant: "Claimed by Ann: counted at 14:05 unless Bob answers", "Won by
 * Ann by forfeit"; null when it has no claim standing.
 * @param {MatchClock | undefined} clock @param {(key: string) => string} nameOf @param {string} me
 */
export function claimWords(clock, nameOf, me) {
  const claim = clock?.claim;
  if (!claim) return null;
  const against = claim.against === me ? "you answer" : `${nameOf(claim.against)} answers`;
  if (claim.state === "pending") return `Claimed by ${nameOf(claim.by)}: counted at ${clockTime(claim.counts_at)} unless ${against}.`;
  if (claim.state === "counted") return `Won by ${nameOf(claim.by)} by forfeit.`;
  return null;
}

/**
 * This player's part in their undecided match's clock: when they may claim, *Claim the match* once they may, the
 * claim pending either way, *Play on* against a claim of theirs.
 * @param {HTMLElement} box @param {Page} page @param {string} me @param {number} now
 */
export function renderClaim(box, page, me, now) {
  const decided = new Set(page.rounds.flat().filter((p) => p.winner !== null).map((p) => `${p.round}/${p.table}`));
  const clock = page.summary.phase === "drawn" ? page.clocks.find((c) => me in c.claim_from && !decided.has(`${c.round}/${c.table}`)) : undefined;
  const drawn = JSON.stringify([clock ?? null, now >= (clock?.claim_from[me] ?? Infinity)]);
  if (box.dataset.drawn === drawn) return;
  box.dataset.drawn = drawn;
  box.hidden = !clock;
  if (!clock) return box.replaceChildren();
  const other = Object.keys(clock.claim_from).find((key) => key !== me) ?? "";
  const name = page.names[other] ?? "your opponent";
  const words = document.createElement("p");
  /** @type {HTMLButtonElement | null} */
  let button = null;
  const claim = clock.claim;
  const place = { round: String(clock.round), table: String(clock.table) };
  if (claim?.state === "pending" && claim.by === me) {
    words.textContent = `You claimed the match at ${clockTime(claim.made)}: it is yours by forfeit at ${clockTime(claim.counts_at)} unless ${name} answers.`;
  } else if (claim?.state === "pending") {
    words.textContent = `${name} claimed the match at ${clockTime(claim.made)}: it is theirs by forfeit at ${clockTime(claim.counts_at)} unless you answer. Play on to answer it, then play your match.`;
    button = Object.assign(document.createElement("button"), { type: "button", className: "primary", textContent: "Play on" });
    Object.assign(button.dataset, { act: "answer", claim: claim.id, ...place });
  } else {
    const from = clock.claim_from[me];
    const answered = claim?.state === "voided" ? (claim.by === me ? `${name} answered your claim. ` : `You answered ${name}'s claim. `) : "";
    if (now < from) {
      words.textContent = `${answered}If ${name} has not started or moved by ${clockTime(from)}, you may claim the match.`;
    } else {
      words.textContent = `${answered}${name} has not shown up since the time limit began: you may claim the match. It is yours by forfeit unless they answer within the same time again.`;
      button = Object.assign(document.createElement("button"), { type: "button", className: "primary", textContent: "Claim the match" });
      Object.assign(button.dataset, { act: "claim", ...place });
    }
  }
  box.replaceChildren(words, ...(button ? [button] : []));
}
