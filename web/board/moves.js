// @ts-check
/**
 * The selection and the user's moves against the view's dests: pick up a checker, move it to a destination or take
 * the last move back. A move is shown at once and reported; input then pauses until the next view.
 */

import { sameLoc, takeBack } from "./state.js";
import { view, mover, isDest, triesOf, destsOf, lastMove, canPick, active, undoSource, glideMs, slot, topSlot } from "./model.js";
import { schedule } from "./render.js";
import { fly, glideMove } from "./anim.js";

/** @typedef {import("./model.js").State} State */
/** @typedef {import("./geometry.js").Loc} Loc */
/** @typedef {import("./geometry.js").Pt} Pt */

/** @param {State} s @param {Loc | null} loc */
export function select(s, loc) {
  const changed = !sameLoc(s.selected, loc) && !(s.selected === null && loc === null);
  s.selected = loc;
  schedule(s);
  if (changed && s.cfg.onSelect) s.cfg.onSelect(loc);
}

/**
 * The user moved a checker to a destination: show it at once, then tell the controller.
 * @param {State} s @param {Loc} from @param {Loc} to @param {Pt | null} dropAt
 */
export function commitMove(s, from, to, dropAt) {
  const { cfg } = s;
  const player = mover(s);
  s.lifted = null;
  s.pending = true;
  s.pendingMove = { from: /** @type {number | "bar"} */ (from), to: /** @type {number | "off"} */ (to) };
  s.selected = null;
  glideMove(s, player, from, to, dropAt, dropAt ? glideMs(s) * 0.5 : glideMs(s));
  if (cfg.onSelect) cfg.onSelect(null);
  if (cfg.onMove) cfg.onMove({ ...s.pendingMove });
}

/** @param {State} s @param {Loc} from @param {Loc} to */
export const isTry = (s, from, to) => triesOf(s, from).some((d) => sameLoc(d, to));

/**
 * The user put a checker on a place that is no destination but may be tried (the config's `tries`): reported, and
 * not shown as made (the controller answers with the rule broken); a dragged checker goes back where it came from.
 * @param {State} s @param {Loc} from @param {Loc} to @param {Pt | null} dropAt
 */
export function commitTry(s, from, to, dropAt) {
  const { cfg } = s;
  const player = mover(s);
  s.lifted = null;
  s.pending = true;
  s.selected = null;
  if (dropAt) fly(s, [{ player, loc: from, start: dropAt, end: topSlot(s, player, from) }], glideMs(s) * 0.5);
  else schedule(s);
  if (cfg.onSelect) cfg.onSelect(null);
  if (cfg.onMove) cfg.onMove({ from: /** @type {number | "bar"} */ (from), to: /** @type {number | "off"} */ (to) });
}

/** The just-moved checker was taken back to its source. @param {State} s @param {Pt | null} dropAt */
export function commitUndo(s, dropAt) {
  const { cfg } = s;
  const m = lastMove(s);
  if (!m) return;
  const player = mover(s);
  s.lifted = null;
  s.pending = true;
  s.pendingMove = null;
  s.selected = null;
  const start = dropAt || topSlot(s, player, m.to);
  const barAt = topSlot(s, 1 - player, "bar");
  const { restored } = takeBack(s.drawn, player, m);
  const list = [{ player, loc: m.from, start, end: topSlot(s, player, m.from) }];
  if (restored) list.push({ player: 1 - player, loc: m.to, start: barAt, end: slot(s, 1 - player, m.to, 0) });
  fly(s, list, dropAt ? glideMs(s) * 0.5 : glideMs(s));
  if (cfg.onSelect) cfg.onSelect(null);
  if (cfg.onUndo) cfg.onUndo();
}

/**
 * A click, tap or Enter on a place: move there, take back there, pick up there or drop the selection.
 * @param {State} s @param {Loc} loc @returns {boolean} whether `loc` is now the selected source
 */
export function activate(s, loc) {
  if (!active(s)) return false;
  if (s.selected !== null) {
    if (isDest(s, s.selected, loc)) {
      commitMove(s, s.selected, loc, null);
      return false;
    }
    if (isTry(s, s.selected, loc)) {
      commitTry(s, s.selected, loc, null);
      return false;
    }
    const back = undoSource(s);
    if (back !== null && sameLoc(back, loc)) {
      commitUndo(s, null);
      return false;
    }
  }
  if (canPick(s, loc)) {
    select(s, loc);
    return true;
  }
  select(s, null);
  return false;
}

/**
 * Where a checker goes by one die: toward the player's home (player 0 from 24 down to 1, player 1 up), entering from
 * the bar, or borne off past the last point.
 * @param {number} player @param {Loc} from @param {number} die @returns {Loc}
 */
export function landing(player, from, die) {
  if (from === "off") return "off";
  if (player === 0) {
    const to = from === "bar" ? 25 - die : from - die;
    return to <= 0 ? "off" : to;
  }
  const to = from === "bar" ? die : from + die;
  return to >= 25 ? "off" : to;
}

/**
 * One-tap moves (`oneTap`): where a tap on a checker plays it. By the die shown first among those not used yet
 * (the dice in their order: tapping them swaps them), else by the other one; a checker that can go to one place
 * only goes there. Null when none fits: the tap then picks the checker up, as without one-tap.
 * @param {State} s @param {Loc} from @returns {Loc | null}
 */
export function oneTapDest(s, from) {
  const dests = destsOf(s, from);
  if (!dests.length) return null;
  const v = view(s);
  const remaining = Array.isArray(v.dice_remaining) ? v.dice_remaining : Array.isArray(v.dice) ? v.dice : [];
  for (const die of remaining) {
    const to = landing(mover(s), from, Number(die));
    if (dests.some((d) => sameLoc(d, to))) return to;
  }
  return dests.length === 1 ? dests[0] : null;
}
