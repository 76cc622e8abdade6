// @ts-check
/**
 * The checkers changed by hand: a checker added or taken away at a place, a checker dragged, the board cleared, set
 * to the start or turned round. Each says what it did (or why not) and has the rules core check the result.
 */

import { check } from "./draw.js";
import { colour, field } from "./form.js";
import { CHECKERS, START, describe, off } from "./state.js";

/** @typedef {import("./state.js").SetupState} SetupState */

/**
 * Add (or take away) one checker of the chosen colour at a place; says what it did or why not.
 * @param {SetupState} state @param {number | string} loc @param {boolean} remove
 */
export function edit(state, loc, remove) {
  const { names, points, bar } = state;
  const player = colour(state);
  const sign = player === 0 ? 1 : -1;
  let said = "";
  if (loc === "off") {
    said = `${describe(state, "off")}. Checkers not on the board are borne off: take one away from a point to bear it off.`;
  } else if (loc === "bar") {
    if (remove) {
      if (bar[player] === 0) said = `No ${names[player]} checker on the bar.`;
      else bar[player] -= 1;
    } else if (off(state, player) <= 0) said = `All ${CHECKERS} ${names[player]} checkers are in play: take one away first.`;
    else bar[player] += 1;
  } else {
    const i = Number(loc) - 1;
    const n = points[i];
    if (remove) {
      if (n === 0) said = `Point ${loc} is empty.`;
      else points[i] = n - Math.sign(n);
    } else if (n * sign < 0) {
      said = `Point ${loc} holds ${names[1 - player]} checkers: take them away first (both colours cannot share a point).`;
    } else if (off(state, player) <= 0) {
      said = `All ${CHECKERS} ${names[player]} checkers are in play: take one away first.`;
    } else points[i] = n + sign;
  }
  state.ctx.announcer.say(said || describe(state, loc));
  state.refused = said;
  void check(state);
}

/**
 * A checker dragged from one place to another (web/board/board.js `onEditDrop`): moved if it may go there.
 * @param {SetupState} state @param {{player: number, from: number | string, to: number | string}} drop
 * @returns {boolean}
 */
export function moveChecker(state, { player, from, to }) {
  const { names, points, bar, ctx } = state;
  const sign = player === 0 ? 1 : -1;
  const where = (/** @type {number | string} */ loc) => (loc === "bar" ? "the bar" : loc === "off" ? "the tray" : `point ${loc}`);
  if (typeof to === "number" && points[to - 1] * sign < 0) {
    state.refused = `Point ${to} holds ${names[1 - player]} checkers: take them away first (both colours cannot share a point).`;
    ctx.announcer.say(state.refused);
    void check(state);
    return false;
  }
  if (from === "bar") bar[player] -= 1;
  else if (typeof from === "number") points[from - 1] -= sign;
  if (to === "bar") bar[player] += 1;
  else if (typeof to === "number") points[to - 1] += sign;
  const what = to === "off" ? `${names[player]} checker borne off from ${where(from)}` : `${names[player]} checker moved from ${where(from)} to ${where(to)}`;
  ctx.announcer.say(`${what}. ${describe(state, to === "off" ? from : to)}`);
  void check(state);
  return true;
}

/** Every checker borne off. @param {SetupState} state */
export function clearBoard(state) {
  state.points = Array(24).fill(0);
  state.bar = [0, 0];
  state.ctx.announcer.say("Board cleared: every checker is borne off. Click a point to place one.");
  void check(state);
}

/** The starting position. @param {SetupState} state */
export function startPosition(state) {
  state.points = [...START];
  state.bar = [0, 0];
  state.ctx.announcer.say("The starting position.");
  void check(state);
}

/** The board turned round: each side's checkers, score, turn and cube become the other's. @param {SetupState} state */
export function swapSides(state) {
  const { points, bar } = state;
  state.points = points.map((_, i) => -points[23 - i]);
  state.bar = [bar[1], bar[0]];
  const score = [field(state, "score0").value, field(state, "score1").value];
  field(state, "score0").value = score[1];
  field(state, "score1").value = score[0];
  field(state, "turn").value = field(state, "turn").value === "1" ? "0" : "1";
  if (field(state, "cube_owner").value !== "") field(state, "cube_owner").value = field(state, "cube_owner").value === "1" ? "0" : "1";
  state.ctx.announcer.say("Sides swapped.");
  void check(state);
}

/**
 * The place an event is on: a point's number, "bar" or "off", or null.
 * @param {Event} event
 */
export function locOf(event) {
  const target = /** @type {Element} */ (event.target);
  let el = target?.closest?.("[data-loc]");
  if (!el && event instanceof MouseEvent) {
    // A click whose target is the board itself (a pointer captured there): the place under it. SVG groups are
    // not hit themselves, so the place is the group around what is.
    el = document.elementsFromPoint(event.clientX, event.clientY).map((e) => e.closest("[data-loc]")).find(Boolean) ?? null;
  }
  const key = el?.getAttribute("data-loc");
  return key === "bar" || key === "off" ? key : key ? Number(key) : null;
}
