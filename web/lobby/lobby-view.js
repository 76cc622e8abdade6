// @ts-check
/**
 * The lobby's list: the open invitations the worker returned (`lobby_view`), filtered as the player chose, one row
 * each: the poster's mark and name (as text only), their rating and what it rests on, the terms, how long it has
 * waited, and *Accept* (or, for one's own, "yours" and *Cancel*).
 */
import { drawMark } from "./mark-view.js";
import { markOfKey } from "./mark.js";
import { t } from "../i18n/i18n.js";

/**
 * @typedef {object} Filters
 * @property {number | null} length  null: any; 13: 13 points or more
 * @property {"live" | "links" | null} mode
 * @property {boolean | null} rated
 * @property {number | null} min  the poster's rating at least (an unrated poster is then left out)
 * @property {number | null} max
 */

/** Rows built before the page is let go (a row with its mark takes a fraction of a millisecond). */
const ROWS_AT_ONCE = 50;

/** Let the browser handle input and paint between pieces of long work. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** @param {import("../types.generated.js").RatingView} rating */
export function ratingWords(rating) {
  if (rating.rating === null || rating.results === 0) return t("lobby.noVerified");
  return t("lobby.ratingResults", { rating: Math.round(rating.rating), n: rating.results });
}

/** @param {number} seconds */
export function waitedWords(seconds) {
  if (seconds < 60) return t("lobby.waitedUnderMinute");
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t("lobby.waitedMinutes", { n: minutes });
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? t("lobby.waitedHours", { n: hours }) : t("lobby.waitedDays", { n: Math.floor(hours / 24) });
}

/** @param {import("../types.generated.js").Invitation} invitation */
export function termsWords(invitation) {
  const parts = [
    t("lobby.pointMatch", { n: invitation.length }),
    invitation.mode === "live" ? t("lobby.live") : t("lobby.byLinks"),
    invitation.rated ? t("lobby.ratedValue") : t("lobby.notRated"),
  ];
  if (invitation.rated && (invitation.min !== null || invitation.max !== null)) {
    parts.push(invitation.max === null ? t("lobby.forRatingsFrom", { min: invitation.min ?? 0 }) : t("lobby.forRatings", { min: invitation.min ?? 0, max: invitation.max }));
  }
  return parts.join(" · ");
}

/**
 * @param {import("../types.generated.js").InvitationView} item @param {Filters} filters
 */
export function passes({ invitation, rating }, filters) {
  if (filters.length !== null && (filters.length === 13 ? invitation.length < 13 : invitation.length !== filters.length)) return false;
  if (filters.mode !== null && invitation.mode !== filters.mode) return false;
  if (filters.rated !== null && invitation.rated !== filters.rated) return false;
  if (filters.min !== null || filters.max !== null) {
    if (rating.rating === null) return false;
    if (filters.min !== null && rating.rating < filters.min) return false;
    if (filters.max !== null && rating.rating > filters.max) return false;
  }
  return true;
}

/**
 * Whom an invitation for one player alone is for ("for you", "for Bob"), and the tournament's match it is, if one
 * ("for you: Dawn cup, Semi-finals").
 * @param {import("../types.generated.js").Invitation} invitation @param {string} me @param {Map<string, string>} names
 * @param {{tournament: string, round: string, name: string} | undefined} match  `name`: the opponent's, as the tournament knows it
 */
export function forWhomWords(invitation, me, names, match) {
  if (invitation.to === me) return match ? t("lobby.forYouIn", { tournament: match.tournament, round: match.round }) : t("lobby.forYou");
  const name = names.get(invitation.to ?? "") ?? match?.name ?? t("lobby.onePlayer");
  return match ? t("lobby.forPlayerIn", { name, tournament: match.tournament, round: match.round }) : t("lobby.forPlayer", { name });
}

/**
 * Draw the rows.
 * @param {HTMLElement} list
 * @param {{items: import("../types.generated.js").InvitationView[], filters: Filters, me: string, names: Map<string, string>, firstSeen: (item: import("../types.generated.js").Invitation) => number, now: number,
 *   matches?: Map<string, {tournament: string, round: string, name: string}>}} what
 *   names: the names of players met, by key (an invitation for one of them says whom); matches: the invitations that
 *   are a tournament's match, by poster and id, with its tournament and round (the row names them)
 */
export async function renderList(list, { items, filters, me, names, firstSeen, now, matches = new Map() }) {
  // One's own, and those for this player alone, are shown whatever the filters say.
  const shown = items.filter((item) => item.invitation.poster === me || item.invitation.to === me || passes(item, filters));
  /** The rows drawn before, kept when nothing in them changed (a button under the pointer stays put). */
  const before = new Map(Array.from(list.querySelectorAll("li.lobby-row"), (row) => [/** @type {HTMLElement} */ (row).dataset.drawn, /** @type {HTMLElement} */ (row)]));
  /** @type {HTMLElement[]} */
  const rows = [];
  for (const [index, { invitation, rating }] of shown.entries()) {
    // A list of hundreds is built in pieces, the page let go between them (no long task).
    if (index % ROWS_AT_ONCE === ROWS_AT_ONCE - 1) await nextTask();
    rows.push(await drawRow(invitation, rating));
  }

  /**
   * One row, or the one drawn before when what it shows is the same (only the time waited moves on: its text is
   * changed in place). A re-publication changes the event's times, not the row.
   * @param {import("../types.generated.js").Invitation} invitation @param {import("../types.generated.js").RatingView} rating
   */
  async function drawRow(invitation, rating) {
    const yours = invitation.poster === me;
    const forWhom = invitation.to === null ? "" : ` · ${forWhomWords(invitation, me, names, matches.get(`${invitation.poster}:${invitation.d}`))}`;
    const termsText = `${termsWords(invitation)}${forWhom} · ${waitedWords(Math.max(0, now - firstSeen(invitation)))}`;
    // The language is part of what a row shows: a switch draws every row again.
    const drawn = JSON.stringify([{ ...invitation, created_at: 0, expires: 0 }, rating, yours, forWhom, document.documentElement.lang]);
    const kept = before.get(drawn);
    if (kept) {
      const terms = /** @type {HTMLElement} */ (kept.querySelector(".lobby-terms"));
      if (terms.textContent !== termsText) terms.textContent = termsText;
      return kept;
    }
    const row = document.createElement("li");
    row.dataset.drawn = drawn;
    row.className = yours ? "lobby-row lobby-yours" : "lobby-row";
    row.dataset.poster = invitation.poster;
    row.dataset.d = invitation.d;
    const mark = await markOfKey(invitation.poster);
    const name = Object.assign(document.createElement("span"), { className: "lobby-name", textContent: invitation.name });
    const about = Object.assign(document.createElement("span"), {
      className: "lobby-rating",
      textContent: yours ? ` ${t("lobby.yours")}` : ` · ${ratingWords(rating)}`,
    });
    const head = document.createElement("span");
    head.append(name, about);
    const terms = Object.assign(document.createElement("span"), { className: "lobby-terms", textContent: termsText });
    const acts = Object.assign(document.createElement("span"), { className: "lobby-acts" });
    const button = Object.assign(document.createElement("button"), {
      type: "button",
      className: "small",
      textContent: yours ? t("lobby.cancel") : t("lobby.accept"),
      value: `${yours ? "cancel" : "accept"}:${invitation.poster}:${invitation.d}`,
    });
    button.setAttribute("aria-label", yours ? t("lobby.cancelLabel") : t("lobby.acceptLabel", { name: invitation.name }));
    acts.append(button);
    if (!yours) {
      const block = Object.assign(document.createElement("button"), { type: "button", className: "small", textContent: t("lobby.block"), value: `block:${invitation.poster}:${invitation.d}` });
      block.setAttribute("aria-label", t("lobby.blockLabel", { name: invitation.name }));
      acts.append(block);
    }
    row.append(drawMark(mark), head, terms, acts);
    return row;
  }
  if (rows.length === 0) {
    const none = items.length === 0 ? t("lobby.noneYet") : t("lobby.noneShown");
    rows.push(Object.assign(document.createElement("li"), { className: "lobby-none", textContent: none }));
  }
  if (rows.length === list.children.length && rows.every((row, index) => list.children[index] === row)) return;
  list.replaceChildren(...rows);
}
