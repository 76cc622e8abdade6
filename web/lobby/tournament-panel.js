// @ts-check
/**
 * A tournament's panel (the dialog *Open* shows): its terms, its phase in words, where this player stands (their
 * next match, out, the champion), the entrants (numbered once drawn: seed 1 first), and once drawn the knock-out
 * bracket (rounds as columns, each table its two players, byes shown, winners marked) or the round robin's rounds
 * and its standings; the winner at the end. Drawn from `tournament_view` alone:
 * every device computes the same from the same signed events.
 */
import { currentLanguage, t } from "../i18n/i18n.js";
import { phaseWords, roundName, tournamentTerms, yourStandingWords } from "./tournament-words.js";
import { claimWords } from "./tournament-claim-view.js";

/** Where the organiser's name goes in the words "organised by …" (a character no name holds: names refuse them). */
const NAME_HERE = "\u0000";

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * @param {import("./tournament-words.js").Page} page
 * @param {{me: string, now: number, organiserName: string, organiserMark: import("./mark.js").Mark,
 *   drawMark: typeof import("./mark-view.js").drawMark, nextWords?: string | null}} what  the organiser's mark shown
 *   beside their name, as the lobby shows players (drawMark handed in: the page's start holds it); `nextWords`: this
 *   player's next match as the invitations between the two stand (tournament-words.js `matchInvitationWords`)
 */
export function renderPanel(page, { me, now, organiserName, organiserMark, drawMark, nextWords = null }) {
  const { entrants } = page;
  const names = { ...Object.fromEntries(entrants.map((e) => [e.key, e.name])), ...page.names };
  const nameOf = (/** @type {string | null} */ key) => {
    if (key === null) return "";
    const name = names[key] ?? t("tournament.aPlayer");
    return key === me ? t("tournament.nameYou", { name }) : name;
  };
  const language = currentLanguage();
  $("tournament-title").textContent = page.summary.name;
  const terms = $("tournament-terms");
  const byWhom = page.summary.organiser === me ? t("tournament.organiserYou") : organiserName;
  const drawnTerms = JSON.stringify([tournamentTerms(page.summary), page.summary.places, byWhom, organiserMark.text, language]);
  if (terms.dataset.drawn !== drawnTerms) {
    terms.dataset.drawn = drawnTerms;
    const organiser = Object.assign(document.createElement("span"), { className: "tournament-organiser", textContent: byWhom });
    // The organiser's mark goes just before their name, wherever the language puts the name in its words.
    const [before, after = ""] = t("tournament.organisedBy", { name: NAME_HERE }).split(NAME_HERE);
    const places = t("tournament.places", { n: page.summary.places });
    terms.replaceChildren(`${tournamentTerms(page.summary)} · ${places} · ${before}`, drawMark(organiserMark), organiser, after);
  }
  const phase = phaseWords({ ...page, phase: page.summary.phase, closes: page.summary.closes, format: page.summary.format, names }, now);
  if ($("tournament-phase").textContent !== phase) $("tournament-phase").textContent = phase;
  $("tournament-phase").dataset.phase = page.summary.phase;
  const yours = nextWords ?? yourStandingWords(page, me, names);
  $("tournament-yours").hidden = !yours;
  $("tournament-yours").textContent = yours ?? "";

  // The entrants: in the draw's order once drawn (seed 1 first), else as they entered.
  const keys = page.order.length ? page.order : entrants.map((e) => e.key);
  const drawnEntrants = JSON.stringify([keys, names, me, language]);
  const list = $("tournament-entrants");
  // Numbered only once drawn: before, a number would read as a seed the draw has not given.
  list.classList.toggle("tournament-seeded", page.order.length > 0);
  if (list.dataset.drawn !== drawnEntrants) {
    list.dataset.drawn = drawnEntrants;
    list.replaceChildren(...keys.map((key) => {
      const item = Object.assign(document.createElement("li"), { textContent: nameOf(key), className: key === me ? "tournament-me" : "" });
      item.dataset.key = key;
      return item;
    }));
    if (keys.length === 0) list.replaceChildren(Object.assign(document.createElement("li"), { className: "lobby-none", textContent: t("tournament.nobody") }));
  }
  $("tournament-entrants-title").textContent = page.order.length
    ? t("tournament.entrantsDrawn")
    : t("tournament.entrantsCount", { n: entrants.length, places: page.summary.places });

  const section = $("tournament-draw");
  section.hidden = page.rounds.length === 0;
  const drawnRounds = JSON.stringify([page.rounds, page.standings, names, me, page.clocks, language]);
  if (section.dataset.drawn === drawnRounds) return;
  section.dataset.drawn = drawnRounds;
  const knockout = page.summary.format === "knockout";
  $("tournament-draw-title").textContent = knockout ? t("tournament.bracket") : t("tournament.rounds");
  /** @type {(round: number, table: number) => {words: string | null, forfeit: boolean}} */
  const claimed = (round, table) => {
    const clock = page.clocks.find((c) => c.round === round && c.table === table);
    return { words: claimWords(clock, nameOf, me), forfeit: clock?.claim?.state === "counted" };
  };
  $("tournament-rounds").replaceChildren(drawRounds(page.rounds, knockout, nameOf, me, claimed));
  drawStandings(/** @type {HTMLTableElement} */ ($("tournament-standings")), page.standings, nameOf);
}

/**
 * Rounds as columns: each a heading and its tables, each table its two players (or a bye), the winner marked.
 * @param {import("./tournament-words.js").Pairing[][]} rounds @param {boolean} knockout
 * @param {(key: string | null) => string} nameOf @param {string} me
 * @param {(round: number, table: number) => {words: string | null, forfeit: boolean}} claimed  what a claim of the
 *   table says, if any, and whether it won the match
 */
function drawRounds(rounds, knockout, nameOf, me, claimed) {
  const columns = Object.assign(document.createElement("ol"), { className: knockout ? "tournament-bracket" : "tournament-bracket tournament-robin" });
  rounds.forEach((round, index) => {
    const column = Object.assign(document.createElement("li"), { className: "tournament-round" });
    const title = knockout ? roundName(index, rounds.length) : t("tournament.round", { n: index + 1 });
    const heading = Object.assign(document.createElement("h4"), { textContent: title });
    heading.id = `tournament-round-${index + 1}`;
    const tables = document.createElement("ol");
    tables.setAttribute("aria-labelledby", heading.id);
    for (const pairing of round) tables.append(drawTable(pairing, nameOf, me, claimed(pairing.round, pairing.table)));
    column.append(heading, tables);
    columns.append(column);
  });
  return columns;
}

/**
 * @param {import("./tournament-words.js").Pairing} pairing
 * @param {(key: string | null) => string} nameOf @param {string} me
 * @param {{words: string | null, forfeit: boolean}} claim  what a claim of it says ("Won by Ann by forfeit."), and
 *   whether it won the match
 */
function drawTable(pairing, nameOf, me, claim) {
  const table = Object.assign(document.createElement("li"), { className: "tournament-table" });
  table.dataset.round = String(pairing.round);
  table.dataset.table = String(pairing.table);
  if (pairing.players.includes(me)) table.classList.add("tournament-mine");
  if (pairing.bye) table.classList.add("tournament-bye");
  for (const key of pairing.players) {
    const player = Object.assign(document.createElement("span"), { className: "tournament-player" });
    if (key === null) {
      player.classList.add("tournament-empty");
      player.textContent = pairing.bye ? t("tournament.bye") : t("tournament.toBeDecided");
    } else {
      player.textContent = nameOf(key);
      player.dataset.key = key;
      if (pairing.winner === key && !pairing.bye) {
        player.classList.add("tournament-winner");
        const won = claim.forfeit ? t("tournament.wonForfeit") : t("tournament.won");
        player.append(Object.assign(document.createElement("span"), { className: "tournament-won", textContent: ` — ${won}` }));
      }
      if (pairing.bye) player.append(Object.assign(document.createElement("span"), { className: "tournament-won", textContent: ` — ${t("tournament.goesThrough")}` }));
    }
    table.append(player);
  }
  if (claim.words) table.append(Object.assign(document.createElement("span"), { className: "tournament-claimed", textContent: claim.words }));
  return table;
}

/**
 * @param {HTMLTableElement} table
 * @param {import("./tournament-words.js").Standing[] | null} standings
 * @param {(key: string | null) => string} nameOf
 */
function drawStandings(table, standings, nameOf) {
  table.hidden = !standings;
  const body = /** @type {HTMLTableSectionElement} */ (table.tBodies[0]);
  // Before anyone has played, the order is the draw's alone: a place then would read as a result.
  const begun = (standings ?? []).some((s) => s.played > 0);
  body.replaceChildren(...(standings ?? []).map((s, index) => {
    const row = document.createElement("tr");
    const cells = [begun ? String(index + 1) : "–", nameOf(s.key), s.played, s.won, s.lost, s.points_for, s.points_against];
    cells.forEach((value, column) => {
      const cell = document.createElement(column === 1 ? "th" : "td");
      if (column === 1) cell.setAttribute("scope", "row");
      cell.textContent = String(value);
      row.append(cell);
    });
    return row;
  }));
}
