// @ts-check
/**
 * The lobby's *Tournaments*: one row per tournament the worker holds (`tournament_list`, newest first): its
 * organiser's mark and name (its mark's words for an announcement made before it carried a name), its name (as text only), the terms, the places taken of those offered, the phase ("Registration
 * closes in 12 minutes"), whether this player entered and where they stand ("Semi-finals: your match against Bob"),
 * and *Open* (and *Join* while registration is open and this device has not entered).
 */
import { currentLanguage, t } from "../i18n/i18n.js";
import { phaseWords, placesWords, tournamentTerms } from "./tournament-words.js";

/**
 * @param {HTMLElement} list
 * @param {{items: import("./tournament-words.js").Summary[], me: string, entered: Set<string>,
 *   standings: Map<string, string>, now: number, markOfKey: typeof import("./mark.js").markOfKey,
 *   drawMark: typeof import("./mark-view.js").drawMark}} what
 *   entered: the addresses of the tournaments this device entered; standings: where this player stands in those
 *   drawn, in words, by address; markOfKey and drawMark handed in (the page's start holds them)
 */
export async function renderTournamentList(list, { items, me, entered, standings, now, markOfKey, drawMark }) {
  const before = new Map(Array.from(list.querySelectorAll("li.lobby-row"), (row) => [/** @type {HTMLElement} */ (row).dataset.drawn, /** @type {HTMLElement} */ (row)]));
  const rows = [];
  for (const item of items) {
    const yours = item.organiser === me;
    const joined = entered.has(item.address);
    const canJoin = item.phase === "registration" && !joined && item.entrants < item.places;
    const standing = standings.get(item.address);
    const yoursNow = joined ? [t("tournament.youEntered"), ...(standing ? [standing] : [])] : [];
    const about = [tournamentTerms(item), placesWords(item), phaseWords({ phase: item.phase, closes: item.closes, champion_name: item.champion_name }, now), ...yoursNow].join(" · ");
    // Drawn again only when what it shows changed (a button under the pointer stays put), or the language.
    const drawn = JSON.stringify([item, yours, joined, canJoin, about, currentLanguage()]);
    const kept = before.get(drawn);
    if (kept) {
      rows.push(kept);
      continue;
    }
    const mark = await markOfKey(item.organiser);
    const row = Object.assign(document.createElement("li"), { className: yours ? "lobby-row lobby-yours tournament-row" : "lobby-row tournament-row" });
    row.dataset.drawn = drawn;
    row.dataset.address = item.address;
    row.dataset.phase = item.phase;
    const head = document.createElement("span");
    head.append(
      Object.assign(document.createElement("span"), { className: "lobby-name", textContent: item.name }),
      Object.assign(document.createElement("span"), { className: "lobby-rating", textContent: ` · ${t("tournament.organisedBy", { name: yours ? t("tournament.organiserYou") : (item.organiser_name ?? mark.text) })}` }),
    );
    const terms = Object.assign(document.createElement("span"), { className: "lobby-terms", textContent: about });
    const acts = Object.assign(document.createElement("span"), { className: "lobby-acts" });
    const open = Object.assign(document.createElement("button"), { type: "button", className: "small", textContent: t("tournament.open"), value: `open:${item.address}` });
    open.setAttribute("aria-label", t("tournament.openLabel", { name: item.name }));
    acts.append(open);
    if (canJoin) {
      const join = Object.assign(document.createElement("button"), { type: "button", className: "small", textContent: t("tournament.join"), value: `join:${item.address}` });
      join.setAttribute("aria-label", t("tournament.joinLabel", { name: item.name }));
      acts.append(join);
    }
    row.append(drawMark(mark), head, terms, acts);
    rows.push(row);
  }
  if (rows.length === 0) {
    rows.push(Object.assign(document.createElement("li"), { className: "lobby-none", textContent: t("tournament.none") }));
  }
  if (rows.length === list.children.length && rows.every((row, index) => list.children[index] === row)) return;
  list.replaceChildren(...rows);
}
