// @ts-check
/**
 * *Matches being played*: the live matches met in the lobby that may be watched (`lobby_view`'s `playing`: taken
 * invitations, newest first), each with both players' marks and names and the terms, and *Watch*, but this player's
 * own match (said to be theirs: nothing to watch). A match whose result either player signed is not among them (the
 * core leaves it out: it is counted with the results). Hidden while there is none.
 */
import { drawMark } from "./mark-view.js";
import { markOfKey } from "./mark.js";
import { termsWords } from "./lobby-view.js";
import { t } from "../i18n/i18n.js";

/**
 * @param {HTMLElement} section  holds the heading and the list
 * @param {import("../types.generated.js").PlayingView[]} rows
 * @param {string} me  this player's key
 */
export async function renderPlaying(section, rows, me) {
  section.hidden = rows.length === 0;
  const list = /** @type {HTMLElement} */ (section.querySelector("ul"));
  const drawn = JSON.stringify(rows.map(({ address, invitation }) => [address, invitation.name, invitation.taken_name, termsWords(invitation), me]));
  if (list.dataset.drawn === drawn) return; // unchanged: a button under the pointer stays put
  list.dataset.drawn = drawn;
  const items = await Promise.all(rows.map(async ({ invitation }) => {
    const taker = invitation.taken_name ?? t("lobby.aPlayer");
    const item = Object.assign(document.createElement("li"), { className: "lobby-row lobby-playing-row" });
    item.dataset.poster = invitation.poster;
    // The two names in the language's sentence, each in its own span (the names players gave, never translated).
    const head = document.createElement("span");
    const [before, between, after] = t("lobby.against", { first: "\u0000", second: "\u0000" }).split("\u0000");
    head.append(
      before,
      Object.assign(document.createElement("span"), { className: "lobby-name", textContent: invitation.name }),
      between ?? "",
      Object.assign(document.createElement("span"), { className: "lobby-name", textContent: taker }),
      after ?? "",
    );
    const terms = Object.assign(document.createElement("span"), { className: "lobby-terms", textContent: termsWords(invitation) });
    const acts = Object.assign(document.createElement("span"), { className: "lobby-acts" });
    if (invitation.poster === me || invitation.taken_by === me) {
      item.classList.add("lobby-yours");
      acts.append(Object.assign(document.createElement("span"), { className: "lobby-terms", textContent: t("lobby.playingYours") }));
    } else {
      const watch = Object.assign(document.createElement("button"), { type: "button", className: "small", textContent: t("lobby.watch"), value: `watch:${invitation.poster}:${invitation.d}` });
      watch.setAttribute("aria-label", t("lobby.watchLabel", { first: invitation.name, second: taker }));
      acts.append(watch);
    }
    const marks = Object.assign(document.createElement("span"), { className: "lobby-marks" });
    marks.append(drawMark(await markOfKey(invitation.poster)));
    if (invitation.taken_by) marks.append(drawMark(await markOfKey(invitation.taken_by)));
    item.append(marks, head, terms, acts);
    return item;
  }));
  list.replaceChildren(...items);
}
