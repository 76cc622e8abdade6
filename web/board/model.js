// @ts-check
/**
 * The board's state: one plain object that every module of the board takes as its first argument (built by
 * createBoard in board.js), and what it says: whose checkers move, the dests, whether input is on, how many checkers
 * are drawn where. No DOM changes here.
 */

import { sameLoc, toLoc, countAt } from "./state.js";

/** @typedef {import("./geometry.js").Loc} Loc */
/** @typedef {import("./geometry.js").Pt} Pt */
/** @typedef {import("./board.js").BoardConfig} BoardConfig */
/** @typedef {import("./board.js").BoardMove} BoardMove */

/**
 * A press on the board that may become a drag of a checker.
 * @typedef {Object} Drag
 * @property {number} id  the pointer's
 * @property {Loc} from
 * @property {number} player
 * @property {number} x  where the press was, in CSS pixels
 * @property {number} y
 * @property {boolean} moving  past the threshold: the checker is in the hand
 * @property {boolean} wasSelected  the place pressed was selected already
 * @property {SVGElement | null} el  the checker in the hand
 * @property {boolean} touch
 */

/**
 * @typedef {Object} State
 * @property {Required<Pick<BoardConfig, "orientation" | "perspective" | "showPips" | "animationMs" | "interactive">> & BoardConfig} cfg
 * @property {string} prefix  of the ids in the board's defs, so that several boards can live on one page
 * @property {ReturnType<typeof import("./geometry.js").createGeometry>} geo
 * @property {import("./state.js").BoardState} drawn  the checkers as drawn
 * @property {import("../types.js").BoardView | null} shownView  the view `drawn` was taken from
 * @property {Loc | null} selected
 * @property {Loc | null} focusLoc
 * @property {"top" | "bottom"} focusRow  the row of the last point focused: the arrows on the bar and the tray follow it
 * @property {{player: number, loc: Loc} | null} lifted  a checker picked up by a drag
 * @property {Map<string, number>} hidden  checkers in flight, not drawn at their place yet: "player:loc" → n
 * @property {Map<string, string>} fittedNames  a long name as its strip shows it, by the board's classes (the size
 *   of its letters), the name and the pip count's length beside it: measured once (info.js)
 * @property {boolean} pending  the board reported a move/undo and waits for the next view
 * @property {BoardMove | null} pendingMove
 * @property {Set<{finish: () => void}>} flights
 * @property {Drag | null} drag
 * @property {boolean} swallowClick  the click that ends a drag is not a click on the place it was dropped on
 * @property {number} rafId
 * @property {string | null | undefined} lastDiceKey  the roll drawn last (undefined before the first drawing)
 * @property {number} rolledAt  when the current roll appeared (performance.now()), for its tumble
 * @property {Array<() => void>} unbinds
 * @property {SVGSVGElement} svg
 * @property {SVGElement} defs
 * @property {SVGElement} layerFrame
 * @property {SVGElement} layerTargets
 * @property {SVGElement} layerMarks
 * @property {SVGElement} layerCheckers
 * @property {SVGElement} layerInfo
 * @property {SVGElement} layerArrows
 * @property {SVGElement} layerFloat
 * @property {Map<string, SVGElement>} targets  the focusable places: "1".."24", "bar", "off"
 * @property {SVGElement} diceTarget
 * @property {SVGElement} cubeTarget
 */

/** Listen on the board (or another target) until destroy. @param {State} s @param {string} type @param {(ev: any) => void} fn @param {EventTarget} [on] */
export function listen(s, type, fn, on = s.svg) {
  on.addEventListener(type, fn);
  s.unbinds.push(() => on.removeEventListener(type, fn));
}

// ---- what the view says ---------------------------------------------------------------
/** @param {State} s */
export const view = (s) => s.cfg.view || {};
/** whose checkers "bar"/"off"/dests refer to @param {State} s @returns {number} */
export const mover = (s) => (typeof view(s).turn === "number" ? /** @type {number} */ (view(s).turn) : s.cfg.perspective);
/** @param {State} s @param {Loc} from @returns {Loc[]} */
export const destsOf = (s, from) => ((view(s).dests || {})[String(from)] || []).map(toLoc);
/** @param {State} s @param {Loc} from @param {Loc} to */
export const isDest = (s, from, to) => destsOf(s, from).some((d) => sameLoc(d, to));
/** Places a checker may be tried on without being a destination (the config's `tries`). @param {State} s @param {Loc} from @returns {Loc[]} */
export const triesOf = (s, from) => ((s.cfg.tries || {})[String(from)] || []).map(toLoc);
/** @param {State} s */
export const lastMove = (s) => {
  const v = view(s);
  const made = v.moves_made || [];
  if (!made.length || v.can_undo === false) return null;
  const m = made[made.length - 1];
  return { from: toLoc(m.from), to: toLoc(m.to), hit: !!m.hit };
};
/** @param {State} s @param {Loc} loc  the checker that was just moved sits here */
export const isJustMoved = (s, loc) => {
  const m = lastMove(s);
  return !!m && sameLoc(m.to, loc) && countAt(s.drawn, mover(s), loc) > 0;
};
/** @param {State} s (a tutorial's view may have no phase: includes() is then false) */
export const active = (s) => !!s.cfg.interactive && !s.pending && s.cfg.view && !["game_over", "match_over"].includes(/** @type {string} */ (view(s).phase));
/** @param {State} s @param {Loc} loc */
export const canPick = (s, loc) => active(s) && (destsOf(s, loc).length > 0 || triesOf(s, loc).length > 0 || isJustMoved(s, loc));
/** @param {State} s */
export const undoSource = (s) => {
  const m = lastMove(s);
  return s.selected !== null && m && isJustMoved(s, s.selected) && sameLoc(s.selected, m.to) ? m.from : null;
};

// The page decides for `prefers-reduced-motion`: its default speed is then 0, a speed the player picked wins
// (web/preferences.js); the dice's tumble (board.css) follows the device's setting alone.
/** @param {State} s */
export const glideMs = (s) => Math.max(0, Number(s.cfg.animationMs) || 0);

/** Checkers drawn at a place: the state minus those in flight or in the hand. @param {State} s @param {number} player @param {Loc} loc */
export function shown(s, player, loc) {
  let n = countAt(s.drawn, player, loc) - (s.hidden.get(`${player}:${loc}`) || 0);
  if (s.lifted && s.lifted.player === player && sameLoc(s.lifted.loc, loc)) n -= 1;
  return Math.max(0, n);
}

/** Where the i-th checker of a player sits at a place. @param {State} s @param {number} player @param {Loc} loc @param {number} i @returns {Pt} */
export function slot(s, player, loc, i) {
  if (loc === "bar") return s.geo.checkerOnBar(player, Math.max(0, i));
  if (loc === "off") return s.geo.slabCenter(player, Math.max(0, i));
  return s.geo.checkerOnPoint(loc, Math.max(0, i));
}

/** Where the top checker of a player at a place sits now. @param {State} s @param {number} player @param {Loc} loc */
export const topSlot = (s, player, loc) => slot(s, player, loc, countAt(s.drawn, player, loc) - 1);
