// @ts-check
/**
 * Where an arrow key takes the keyboard's focus: the way the arrow points on screen, whatever the points' numbers,
 * the seat and the layout. Left and Right go to the next place of the same row (a point, or the bar or the tray,
 * which belong to both rows); Up and Down to the point across the board. Pure: places come from the geometry.
 */

/** @typedef {import("./geometry.js").Loc} Loc */
/** @typedef {import("./geometry.js").Geometry} Geometry */
/** @typedef {"top" | "bottom"} Row */
/** @typedef {"left" | "right" | "up" | "down"} Direction */

/** @type {Record<string, Direction>} */
export const ARROWS = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };

/** Where a place is drawn: its centre's x and its row (null: the bar and the tray, both rows). @param {Geometry} geo @param {Loc} loc */
function placeOf(geo, loc) {
  if (loc === "bar") return { x: geo.barRect.x + geo.barRect.w / 2, row: null };
  if (loc === "off") return { x: geo.trayRect.x + geo.trayRect.w / 2, row: null };
  return { x: geo.point(loc).cx, row: /** @type {Row} */ (geo.isTopRow(loc) ? "top" : "bottom") };
}

/** @type {Loc[]} */
const PLACES = ["bar", "off"];
for (let p = 1; p <= 24; p++) PLACES.push(p);

/**
 * The place an arrow key moves the focus to from `from` (itself at the edge of the board), and the row the focus is
 * in after it (the bar and the tray keep the row the focus came from, so that Left and Right go on along it).
 * @param {Geometry} geo @param {Loc} from @param {Direction} direction @param {Row} row  the row when on the bar or tray
 * @returns {{loc: Loc, row: Row}}
 */
export function arrowTarget(geo, from, direction, row) {
  const here = placeOf(geo, from);
  const inRow = here.row ?? row;
  if (direction === "up" || direction === "down") {
    const want = direction === "up" ? "top" : "bottom";
    if (here.row === null || here.row === want) return { loc: from, row: here.row === null ? want : inRow };
    const across = PLACES.find((loc) => {
      const there = placeOf(geo, loc);
      return there.row === want && Math.abs(there.x - here.x) < 1;
    });
    return { loc: across ?? from, row: want };
  }
  const sign = direction === "left" ? -1 : 1;
  /** @type {Loc} */ let best = from;
  let bestGap = Infinity;
  for (const loc of PLACES) {
    const there = placeOf(geo, loc);
    if (there.row !== null && there.row !== inRow) continue;
    const gap = (there.x - here.x) * sign;
    if (gap > 1 && gap < bestGap) {
      best = loc;
      bestGap = gap;
    }
  }
  return { loc: best, row: inRow };
}
