// @ts-check
/**
 * The review panel's move list: the decisions under a heading a game, each a button with its marks after its move
 * number (web/move-numbers.js); the current one
 * marked `aria-current`, kept in sight and the list's one stop in the tab order (Up / Down move through the list:
 * navigation.js).
 */

import { t } from "../i18n/i18n.js";
import { decisionText, luckSymbol, luckWords, markSymbol, markWords } from "./analysis-data.js";
import { node } from "./dom.js";

/**
 * Fill `box` with the list of `steps`; returns their buttons, one a step.
 * @param {HTMLElement} box @param {import("./analysis-data.js").Step[]} steps
 * @param {Record<string, any>[]} games  the analysis's games (their winners and points) @param {string[]} names
 */
export function renderMoves(box, steps, games, names) {
  const fragment = document.createDocumentFragment();
  /** @type {HTMLButtonElement[]} */
  const buttons = [];
  /** @type {HTMLOListElement | null} */
  let list = null;
  let game = -1;
  let lastNumber = /** @type {number | null} */ (null);
  for (const step of steps) {
    if (step.game !== game) {
      game = step.game;
      lastNumber = null;
      const g = games[game] ?? {};
      const [a, b] = step.score ?? [0, 0];
      const heading = { game: step.gameNumber, a, b };
      fragment.append(node("h4", typeof g.winner === "number"
        ? t("review.gameWon", { ...heading, name: names[g.winner] ?? "", points: g.points })
        : t("review.game", heading)));
      list = /** @type {HTMLOListElement} */ (node("ol"));
      fragment.append(list);
    }
    const d = step.decision;
    const button = /** @type {HTMLButtonElement} */ (node("button", "", `move-button${d.mark ? ` marked ${d.mark}` : ""}`));
    button.type = "button";
    button.dataset.at = String(step.at);
    button.tabIndex = -1; // one stop in the tab order: the current decision's (markCurrent)
    const who = node("span", names[d.player] ?? "", `who p${d.player}`);
    button.append(who, ` ${decisionText(d)}`);
    if (d.mark) {
      const mark = node("span", markSymbol(d.mark), `mark ${d.mark}`);
      mark.setAttribute("aria-label", markWords(d.mark));
      mark.setAttribute("role", "img");
      button.append(" ", mark);
    }
    if (d.luck_mark) {
      const luck = node("span", luckSymbol(d.luck_mark), `luck ${d.luck_mark}`);
      luck.setAttribute("aria-label", t("review.rollLuck", { luck: luckWords(d.luck_mark) }));
      luck.setAttribute("role", "img");
      button.append(" ", luck);
    }
    const item = node("li");
    // The .mat file's "1)" on the first line of its row, as the game panel's move list shows it; blank on the second.
    item.append(node("span", step.number === null || step.number === lastNumber ? "" : `${step.number})`, "move-number"), button);
    if (step.number !== null) lastNumber = step.number;
    list?.append(item);
    buttons.push(button);
  }
  box.replaceChildren(fragment);
  return buttons;
}

/**
 * Mark the button of the decision shown as the current step and bring it into sight.
 * @param {import("./state.js").ReviewState} state
 */
export function markCurrent(state) {
  const { moves } = state.dom;
  const before = moves.querySelector("[aria-current]");
  before?.removeAttribute("aria-current");
  if (before instanceof HTMLElement) before.tabIndex = -1;
  const current = state.moveButtons[state.at];
  current?.setAttribute("aria-current", "step");
  if (current) current.tabIndex = 0;
  if (current) keepInSightSoon(state, current);
}

/**
 * Scroll the move list to `item` at the next frame, where the browser lays the page out anyway: measuring it
 * now would force a layout of the whole review into this task (half of it when an analysis is first shown).
 * @param {import("./state.js").ReviewState} state @param {HTMLElement} item
 */
function keepInSightSoon(state, item) {
  if (!state.toKeepInSight) {
    requestAnimationFrame(() => {
      if (state.toKeepInSight?.isConnected) keepInSight(state.dom.moves, state.toKeepInSight);
      state.toKeepInSight = null;
    });
  }
  state.toKeepInSight = item;
}

/** @param {HTMLElement} box @param {HTMLElement} item */
function keepInSight(box, item) {
  // by the boxes on screen: offsetTop counts from the nearest positioned ancestor, which the list itself is
  const seenTop = box.getBoundingClientRect().top + box.clientTop;
  const { bottom } = item.getBoundingClientRect();
  // a game's first decision brings its game's heading along
  const list = item.closest("ol");
  const heading = list?.firstElementChild?.contains(item) ? list.previousElementSibling : null;
  const top = (heading ?? item).getBoundingClientRect().top;
  if (top < seenTop) box.scrollTop -= seenTop - top;
  else if (bottom > seenTop + box.clientHeight) box.scrollTop += bottom - seenTop - box.clientHeight;
}
