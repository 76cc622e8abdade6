// @ts-check
/**
 * The claim of a match in a tournament (docs/tournaments.md, *Claims*): what this player may do when their opponent
 * has not started or has gone silent (*Claim the match* once the time limit is over), what a claim pending says to
 * both sides and to everyone (*Play on*, for the claimed player, answers it), and a match won by forfeit. Drawn from
 * `tournament_view`'s clocks alone: every device weighs the same claims the same way.
 */
import { currentLanguage, t, writtenMoment } from "../i18n/i18n.js";

/**
 * @typedef {import("../types.generated.js").TournamentPage} Page
 * @typedef {import("../types.generated.js").MatchClock} MatchClock
 */

/**
 * A moment as the page writes them: "14:05" today, else with its day (a day to move ends tomorrow).
 * @param {number} seconds since 1970
 */
const momentOf = (seconds) => writtenMoment(seconds * 1000);

/**
 * What a pairing's claim says to every participant: "Claimed by Ann: counted at 14:05 unless Bob answers", "Won by
 * Ann by forfeit"; null when it has no claim standing.
 * @param {MatchClock | undefined} clock @param {(key: string) => string} nameOf @param {string} me
 */
export function claimWords(clock, nameOf, me) {
  const claim = clock?.claim;
  if (!claim) return null;
  if (claim.state === "pending") {
    const said = { by: nameOf(claim.by), time: momentOf(claim.counts_at) };
    return claim.against === me ? t("tournament.claimedAgainstYou", said) : t("tournament.claimedBy", { ...said, other: nameOf(claim.against) });
  }
  if (claim.state === "counted") return t("tournament.wonByForfeit", { name: nameOf(claim.by) });
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
  const drawn = JSON.stringify([clock ?? null, now >= (clock?.claim_from[me] ?? Infinity), currentLanguage()]);
  if (box.dataset.drawn === drawn) return;
  box.dataset.drawn = drawn;
  box.hidden = !clock;
  if (!clock) return box.replaceChildren();
  const other = Object.keys(clock.claim_from).find((key) => key !== me) ?? "";
  const name = page.names[other] ?? t("tournament.yourOpponent");
  const words = document.createElement("p");
  /** @type {HTMLButtonElement | null} */
  let button = null;
  const claim = clock.claim;
  const place = { round: String(clock.round), table: String(clock.table) };
  if (claim?.state === "pending" && claim.by === me) {
    words.textContent = t("tournament.youClaimed", { made: momentOf(claim.made), counts: momentOf(claim.counts_at), name });
  } else if (claim?.state === "pending") {
    words.textContent = t("tournament.theyClaimed", { made: momentOf(claim.made), counts: momentOf(claim.counts_at), name });
    button = Object.assign(document.createElement("button"), { type: "button", className: "primary", textContent: t("tournament.playOn") });
    Object.assign(button.dataset, { act: "answer", claim: claim.id, ...place });
  } else {
    const from = clock.claim_from[me];
    // Whole sentences, one after the other.
    const answered = claim?.state === "voided" ? [claim.by === me ? t("tournament.theyAnswered", { name }) : t("tournament.youAnswered", { name })] : [];
    if (now < from) {
      words.textContent = [...answered, t("tournament.mayClaimAt", { name, time: momentOf(from) })].join(" ");
    } else {
      words.textContent = [...answered, t("tournament.mayClaimNow", { name })].join(" ");
      button = Object.assign(document.createElement("button"), { type: "button", className: "primary", textContent: t("tournament.claim") });
      Object.assign(button.dataset, { act: "claim", ...place });
    }
  }
  box.replaceChildren(words, ...(button ? [button] : []));
}
