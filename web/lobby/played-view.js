// @ts-check
/**
 * *People you have played*: the players met in results both signed (`lobby_view {me}`'s `played`), the most recent
 * first, each with the mark, the name they had (or "a player you met" when this device never knew it), the results
 * against them and their rating now; *Invite again* posts an invitation for that player alone (with the terms of
 * *Post an invitation*), *Block* blocks them. Hidden while there is nobody.
 */
import { drawMark } from "./mark-view.js";
import { markOfKey } from "./mark.js";
import { ratingWords } from "./lobby-view.js";
import { t, writtenDate } from "../i18n/i18n.js";

/**
 * @param {HTMLDetailsElement} details
 * @param {import("../types.generated.js").PlayedView[]} rows
 * @param {Map<string, string>} names  by key
 */
export async function renderPlayed(details, rows, names) {
  details.hidden = rows.length === 0;
  const summary = /** @type {HTMLElement} */ (details.querySelector("summary"));
  summary.textContent = t("lobby.playedCount", { n: rows.length });
  // Its count kept with its mark, which a language switch writes again (index.html's mark says 0).
  summary.dataset.i18nArgs = JSON.stringify({ n: rows.length });
  const list = /** @type {HTMLElement} */ (details.querySelector("ul"));
  const drawn = JSON.stringify([rows, [...names], document.documentElement.lang]);
  if (list.dataset.drawn === drawn) return; // unchanged: a button under the pointer stays put
  list.dataset.drawn = drawn;
  const items = await Promise.all(rows.map(async ({ played, rating }) => {
    const name = names.get(played.key) ?? t("lobby.playerMet");
    const item = Object.assign(document.createElement("li"), { className: "lobby-row" });
    const head = document.createElement("span");
    head.append(
      Object.assign(document.createElement("span"), { className: "lobby-name", textContent: name }),
      Object.assign(document.createElement("span"), { className: "lobby-rating", textContent: ` · ${ratingWords(rating)}` }),
    );
    const last = writtenDate(played.last * 1000);
    const record = Object.assign(document.createElement("span"), {
      className: "lobby-terms",
      textContent: t("lobby.playedRecord", { n: played.matches, won: played.won, lost: played.lost, last }),
    });
    const acts = Object.assign(document.createElement("span"), { className: "lobby-acts" });
    const invite = Object.assign(document.createElement("button"), { type: "button", className: "small", textContent: t("lobby.inviteAgain"), value: `invite:${played.key}` });
    invite.setAttribute("aria-label", t("lobby.inviteAgainLabel", { name }));
    const block = Object.assign(document.createElement("button"), { type: "button", className: "small", textContent: t("lobby.block"), value: `block:${played.key}` });
    block.setAttribute("aria-label", t("lobby.blockLabel", { name }));
    acts.append(invite, block);
    item.append(drawMark(await markOfKey(played.key)), head, record, acts);
    return item;
  }));
  list.replaceChildren(...items);
}
