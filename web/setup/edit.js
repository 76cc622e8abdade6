// @ts-check
/**
 * The checkers changed by hand: a checker added or taken away at a place, a checker dragged, the board cleared, set
 * to the start or turned round. Each says what it did (or why not) and has the rules core check the result.
 */

import { t } from "../i18n/i18n.js";
import { check } from "./draw.js";
import { colour, field } from "./form.js";
import { CHECKERS, START, colourOf, describe, off } from "./state.js";

/** @typedef {import("./state.js").SetupState} SetupState */

/**
 * Add (or take away) one checker of the chosen colour at a place; says what it did or why not.
 * @param {SetupState} state @param {number | string} loc @param {boolean} remove
 */
export function edit(state, loc, remove) {
  const { points, bar } = state;
  const player = colour(state);
  const sign = player === 0 ? 1 : -1;
  /** @type {import("./state.js").Words | null} */
  let refusal = null;
  if (loc === "off") {
    refusal = () => t("setup.offSaid", { place: describe(state, "off") });
  } else if (loc === "bar") {
    if (remove) {
      if (bar[player] === 0) refusal = () => t("setup.barNone", { colour: colourOf(player) });
      else bar[player] -= 1;
    } else if (off(state, player) <= 0) refusal = () => t("setup.allInPlay", { colour: colourOf(player), count: CHECKERS });
    else bar[player] += 1;
  } else {
    const i = Number(loc) - 1;
    const n = points[i];
    const number = Number(loc);
    if (remove) {
      if (n === 0) refusal = () => t("setup.pointIsEmpty", { number });
      else points[i] = n - Math.sign(n);
    } else if (n * sign < 0) {
      refusal = () => t("setup.pointHeld", { number, colour: colourOf(1 - player) });
    } else if (off(state, player) <= 0) {
      refusal = () => t("setup.allInPlay", { colour: colourOf(player), count: CHECKERS });
    } else points[i] = n + sign;
  }
  state.ctx.announcer.say(refusal ? refusal() : describe(state, loc));
  state.refused = refusal;
  void check(state);
}

/**
 * A checker dragged from one place to another (web/board/board.js `onEditDrop`): moved if it may go there.
 * @param {SetupState} state @param {{player: number, from: number | string, to: number | string}} drop
 * @returns {boolean}
 */
export function moveChecker(state, { player, from, to }) {
  const { points, bar, ctx } = state;
  const sign = player === 0 ? 1 : -1;
  if (typeof to === "number" && points[to - 1] * sign < 0) {
    state.refused = () => t("setup.pointHeld", { number: to, colour: colourOf(1 - player) });
    ctx.announcer.say(state.refused());
    void check(state);
    return false;
  }
  if (from === "bar") bar[player] -= 1;
  else if (typeof from === "number") points[from - 1] -= sign;
  if (to === "bar") bar[player] += 1;
  else if (typeof to === "number") points[to - 1] += sign;
  // A place in a message: "bar", "off" or the point's number (each language says "from the bar", "to point 5").
  const what = to === "off"
    ? t("setup.borneOff", { colour: colourOf(player), from })
    : t("setup.moved", { colour: colourOf(player), from, to });
  ctx.announcer.say(`${what} ${describe(state, to === "off" ? from : to)}`);
  void check(state);
  return true;
}

/** Every checker borne off. @param {SetupState} state */
export function clearBoard(state) {
  state.points = Array(24).fill(0);
  state.bar = [0, 0];
  state.ctx.announcer.say(t("setup.cleared"));
  void check(state);
}

/** The starting position. @param {SetupState} state */
export function startPosition(state) {
  state.points = [...START];
  state.bar = [0, 0];
  state.ctx.announcer.say(t("setup.started"));
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
  state.ctx.announcer.say(t("setup.swapped"));
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
