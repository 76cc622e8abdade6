// @ts-check
/**
 * Keyboard input: one place at a time is in the tab order (roving tabindex); the arrows move the focus the way they
 * point on screen (arrows.js), Home and End to the first and last place of the mover's playing order (the bar, the
 * tray); Enter or Space act as a click, Escape drops the selection. Enter or Space on the dice or the cube report them.
 */

import { sameLoc, toLoc } from "./state.js";
import { mover } from "./model.js";
import { drawNow } from "./render.js";
import { select, activate } from "./moves.js";
import { ARROWS, arrowTarget } from "./arrows.js";

/** @typedef {import("./model.js").State} State */
/** @typedef {import("./geometry.js").Loc} Loc */

/** @param {State} s @param {KeyboardEvent} ev */
export function onKeyDown(s, ev) {
  const { cfg, diceTarget, cubeTarget } = s;
  const node = /** @type {Element} */ (ev.target);
  if (node === diceTarget || node === cubeTarget) {
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      if (node === diceTarget && cfg.onDiceClick) cfg.onDiceClick();
      if (node === cubeTarget && cfg.onCubeClick) cfg.onCubeClick();
    }
    return;
  }
  const key = node && node.getAttribute && node.getAttribute("data-loc");
  if (!key) return;
  const loc = toLoc(key);
  const order = s.geo.playingOrder(mover(s));
  /** @type {Loc} */ let next;
  switch (ev.key) {
    case "ArrowLeft": case "ArrowRight": case "ArrowUp": case "ArrowDown": {
      const to = arrowTarget(s.geo, loc, ARROWS[ev.key], s.focusRow);
      next = to.loc;
      s.focusRow = to.row;
      break;
    }
    case "Home": next = order[0]; break;
    case "End": next = order[order.length - 1]; break;
    case "Enter": case " ":
      // The turn waits for Done: the page's Enter ends it, rather than picking up the checker just moved (U
      // takes it back), so one key press never does both.
      if (cfg.endPrompt) return;
      ev.preventDefault();
      activate(s, loc);
      drawNow(s);
      return;
    case "Escape":
      if (s.selected !== null) {
        ev.preventDefault();
        select(s, null);
      }
      return;
    default:
      return;
  }
  ev.preventDefault();
  focusPoint(s, next);
}

/** @param {State} s @param {FocusEvent} ev */
export function onFocusIn(s, ev) {
  const key = /** @type {Element} */ (ev.target).getAttribute?.("data-loc");
  if (key && !sameLoc(s.focusLoc, toLoc(key))) {
    s.focusLoc = toLoc(key);
    rememberRow(s, s.focusLoc);
    for (const [k, g] of s.targets) g.setAttribute("tabindex", k === key ? "0" : "-1");
  }
}

/** Move keyboard focus to a point, the bar or the tray. @param {State} s @param {Loc} loc */
export function focusPoint(s, loc) {
  const g = s.targets.get(String(loc));
  if (!g) return;
  s.focusLoc = loc;
  rememberRow(s, loc);
  for (const other of s.targets.values()) other.setAttribute("tabindex", other === g ? "0" : "-1");
  /** @type {any} */ (g).focus({ preventScroll: true });
}

/** The row of a point that takes the focus, for the arrows on the bar and the tray. @param {State} s @param {Loc} loc */
function rememberRow(s, loc) {
  if (typeof loc === "number") s.focusRow = s.geo.isTopRow(loc) ? "top" : "bottom";
}
