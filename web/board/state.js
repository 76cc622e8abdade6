// @ts-check
/**
 * The checkers as the board draws them: counts taken from a view and changed by the moves the
 * board shows before Python answers (a drop, a glide, a take-back). Pure functions, no DOM.
 */

/** @typedef {import("./geometry.js").Loc} Loc */
/** @typedef {{points: number[], bar: number[], off: number[]}} BoardState  points: + player 0, - player 1 */

/** @param {Loc | string | null | undefined} a @param {Loc | string | null | undefined} b */
export const sameLoc = (a, b) => a !== null && a !== undefined && String(a) === String(b);

/** A key of `view.dests` / `view.labels` as a place. @param {string | number} key @returns {Loc} */
export const toLoc = (key) => (key === "bar" || key === "off" ? key : Number(key));

/**
 * The board of a view as counts we can change while animating. Tutorial views may omit bar/off:
 * checkers missing from the points and the bar are then borne off.
 * @param {import("../types.js").BoardView | null | undefined} view @returns {BoardState}
 */
export function boardOf(view) {
  const b = (view && view.board) || {};
  const points = Array.isArray(b.points) ? b.points.slice(0, 24) : new Array(24).fill(0);
  while (points.length < 24) points.push(0);
  const bar = Array.isArray(b.bar) ? b.bar.slice() : [0, 0];
  let off = Array.isArray(b.off) ? b.off.slice() : null;
  if (!off) {
    const on = [0, 0];
    for (const v of points) on[v > 0 ? 0 : 1] += Math.abs(v);
    off = [Math.max(0, 15 - on[0] - bar[0]), Math.max(0, 15 - on[1] - bar[1])];
  }
  return { points, bar, off };
}

/** How many checkers of a player are at a place. @param {BoardState} s @param {number} player @param {Loc} loc */
export function countAt(s, player, loc) {
  if (loc === "bar") return s.bar[player] || 0;
  if (loc === "off") return s.off[player] || 0;
  const v = s.points[loc - 1] || 0;
  return player === 0 ? Math.max(v, 0) : Math.max(-v, 0);
}

/** @param {BoardState} s @param {number} player @param {Loc} loc @param {number} n */
export function addAt(s, player, loc, n) {
  if (loc === "bar") s.bar[player] += n;
  else if (loc === "off") s.off[player] += n;
  else s.points[loc - 1] += player === 0 ? n : -n;
}

/**
 * Move one checker (in place); a lone opposing checker on the destination goes to its bar.
 * No legality here: the view's dests already said the move is allowed.
 * @param {BoardState} s @param {number} player @param {Loc} from @param {Loc} to
 * @returns {{hit: boolean}}
 */
export function moveChecker(s, player, from, to) {
  if (countAt(s, player, from) > 0) addAt(s, player, from, -1);
  const hit = typeof to === "number" && countAt(s, 1 - player, to) === 1;
  if (hit) {
    addAt(s, 1 - player, to, -1);
    addAt(s, 1 - player, "bar", 1);
  }
  addAt(s, player, to, 1);
  return { hit };
}

/**
 * Take a move back (in place): the checker returns to its source and a checker it hit returns
 * from the bar.
 * @param {BoardState} s @param {number} player @param {{from: Loc, to: Loc, hit: boolean}} move
 * @returns {{restored: boolean}} whether a hit checker came back
 */
export function takeBack(s, player, move) {
  if (countAt(s, player, move.to) > 0) addAt(s, player, move.to, -1);
  addAt(s, player, move.from, 1);
  const restored = move.hit && countAt(s, 1 - player, "bar") > 0;
  if (restored) {
    addAt(s, 1 - player, "bar", -1);
    addAt(s, 1 - player, move.to, 1);
  }
  return { restored };
}

/**
 * Which dice are used up: those whose value is no longer among the remaining dice. Doubles are
 * drawn as four dice, used from the left.
 * @param {number[]} values the dice as drawn @param {number[] | undefined} remaining @param {boolean} doubles
 * @returns {boolean[]}
 */
export function usedDice(values, remaining, doubles) {
  if (!Array.isArray(remaining)) return values.map(() => false);
  if (doubles) return values.map((_, i) => i < values.length - remaining.length);
  const left = remaining.slice();
  return values.map((d) => {
    const k = left.indexOf(d);
    if (k < 0) return true;
    left.splice(k, 1);
    return false;
  });
}
