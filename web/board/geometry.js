// @ts-check
/**
 * Where things sit on the board, in viewBox units. Pure functions, no DOM, so the layout can be
 * reasoned about (and tested) apart from drawing.
 *
 * The layout is computed for orientation "right" (the bottom player's home board on the right,
 * trays on the right, the cube column on the left) and mirrored for "left". Points are placed by
 * their number counted from the bottom player's side ("relative" points): with perspective 0 the
 * bottom player is player 0 and relative point r is absolute point r; with perspective 1 it is
 * absolute point 25 - r.
 */

/** @typedef {number | "bar" | "off"} Loc  absolute point 1..24, the mover's bar or the mover's tray */
/** @typedef {"right" | "left"} Orientation */
/** @typedef {{x: number, y: number}} Pt */
/** @typedef {{x: number, y: number, w: number, h: number}} Rect */

/**
 * The two layouts. "wide" is the desktop's board: a column for the cube and the match length on one side, the trays
 * on the other. "narrow" is the phone's (upright and sideways): every place a finger aims at is at least 24 CSS px
 * wide on a 360 px screen, and every text at least 11 px high. For that the board is 828 units wide, so that 360 px
 * shows it at 0.435 px a unit: the 12 points, the bar and the trays are each 58 units (25.2 px), no side column (the
 * cube lies on the bar, the match length in the middle of the trays), thin wood (8 units) and checkers as wide as
 * the points allow (56 units, 24.3 px); the wood carrying the point numbers and the players' strips are taller, for
 * text of 26 units (11.3 px) and more. Sideways the same board is 830 units high: 360 px show it at 0.434.
 * @typedef {Object} Layout
 * @property {"wide" | "narrow"} name
 * @property {number} side  width of the column left of the field (cube and match length); 0 for none
 * @property {number} edgeX  wood between the columns and the playing field
 * @property {number} pw  point width
 * @property {number} barW
 * @property {number} trayW
 * @property {number} strip  height of the name / pips / score strip above and below the board
 * @property {number} edgeY  wood carrying the point numbers
 * @property {number} d  checker diameter
 * @property {number} band  height of the middle band (dice) that belongs to no point
 * @property {number} fieldH  height of the playing field
 */
/** @type {Record<"wide" | "narrow", Layout>} */
export const LAYOUTS = {
  wide: { name: "wide", side: 72, edgeX: 14, pw: 58, barW: 58, trayW: 72, strip: 44, edgeY: 18, d: 52, band: 70, fieldH: 620 },
  narrow: { name: "narrow", side: 0, edgeX: 8, pw: 58, barW: 58, trayW: 58, strip: 58, edgeY: 32, d: 56, band: 76, fieldH: 650 },
};

/**
 * The screens that get the narrow board: phones upright and sideways (and any window as small). The page's
 * stylesheet (web/app.css) lays the page out for phones under the same query.
 */
export const NARROW_MEDIA = "(max-width: 599px), (max-height: 499px)";

/** @param {Layout} L */
const widthOf = (L) => L.side + L.edgeX + 12 * L.pw + L.barW + L.edgeX + L.trayW;
/** @param {Layout} L */
const heightOf = (L) => 2 * L.strip + 2 * L.edgeY + L.fieldH;

// The wide layout's figures, for code that draws on the desktop board (tests, lessons' places).
export const W = widthOf(LAYOUTS.wide);
export const H = heightOf(LAYOUTS.wide);
export const PW = LAYOUTS.wide.pw;
export const STRIP = LAYOUTS.wide.strip;
export const D = LAYOUTS.wide.d;
export const R = D / 2;
export const FIELD_TOP = STRIP + LAYOUTS.wide.edgeY;
export const FIELD_BOTTOM = H - STRIP - LAYOUTS.wide.edgeY;
export const MID = (FIELD_TOP + FIELD_BOTTOM) / 2;
export const SLAB_H = 14;
const SLAB_GAP = 3;
const VISIBLE_ON_POINT = 5;
const VISIBLE_ON_BAR = 4;

/**
 * @param {Orientation} orientation
 * @param {0 | 1} perspective  the player at the bottom
 * @param {"wide" | "narrow"} [layoutName]
 */
export function createGeometry(orientation, perspective, layoutName = "wide") {
  const L = LAYOUTS[layoutName] || LAYOUTS.wide;
  const W = widthOf(L);
  const H = heightOf(L);
  const { side: SIDE, edgeX: EDGE_X, pw: PW, barW: BAR_W, trayW: TRAY_W, strip: STRIP, d: D, band: BAND } = L;
  const R = D / 2;
  const POINT_H = 5 * D;
  const FIELD_TOP = STRIP + L.edgeY;
  const FIELD_BOTTOM = H - STRIP - L.edgeY;
  const MID = (FIELD_TOP + FIELD_BOTTOM) / 2;
  const LEFT_X = SIDE + EDGE_X;
  const BAR_X = LEFT_X + 6 * PW;
  const RIGHT_X = BAR_X + BAR_W;
  const TRAY_X = RIGHT_X + 6 * PW + EDGE_X;
  const narrow = L.name === "narrow";
  const mirrored = orientation === "left";
  /** @param {number} x */
  const mx = (x) => (mirrored ? W - x : x);
  /** @param {Rect} r */
  const mrect = (r) => (mirrored ? { x: W - r.x - r.w, y: r.y, w: r.w, h: r.h } : r);

  /** @param {number} player */
  const isBottom = (player) => player === perspective;
  /** absolute point → relative point (numbered from the bottom player's home) @param {number} p */
  const rel = (p) => (perspective === 0 ? p : 25 - p);
  /** relative → absolute (the same map) @param {number} r */
  const abs = rel;

  /** centre x of a relative point, unmirrored @param {number} r */
  function pointCx(r) {
    if (r <= 6) return RIGHT_X + (6 - r + 0.5) * PW;
    if (r <= 12) return LEFT_X + (12 - r + 0.5) * PW;
    if (r <= 18) return LEFT_X + (r - 13 + 0.5) * PW;
    return RIGHT_X + (r - 19 + 0.5) * PW;
  }

  /** @param {number} p absolute point */
  const isTopRow = (p) => rel(p) >= 13;

  /**
   * The triangle and the area that picks the point (the half column minus the middle band).
   * @param {number} p absolute point
   */
  function point(p) {
    const r = rel(p);
    const cx = mx(pointCx(r));
    const top = r >= 13;
    const baseY = top ? FIELD_TOP : FIELD_BOTTOM;
    const tipY = top ? FIELD_TOP + POINT_H : FIELD_BOTTOM - POINT_H;
    const hitH = (FIELD_BOTTOM - FIELD_TOP - BAND) / 2;
    const hit = { x: cx - PW / 2, y: top ? FIELD_TOP : FIELD_BOTTOM - hitH, w: PW, h: hitH };
    return { cx, top, baseY, tipY, hit, relative: r };
  }

  /**
   * Centre of the i-th checker (0 = at the base) on a point; stacks show five, the fifth carries
   * the count.
   * @param {number} p @param {number} i
   * @returns {Pt}
   */
  function checkerOnPoint(p, i) {
    const { cx, top } = point(p);
    const k = Math.min(i, VISIBLE_ON_POINT - 1);
    return { x: cx, y: top ? FIELD_TOP + R + k * D : FIELD_BOTTOM - R - k * D };
  }

  const barRect = mrect({ x: BAR_X, y: FIELD_TOP, w: BAR_W, h: FIELD_BOTTOM - FIELD_TOP });
  const barCx = mx(BAR_X + BAR_W / 2);

  /**
   * Checkers on the bar sit on their owner's side of the centre, stacked outwards.
   * @param {number} player @param {number} i
   * @returns {Pt}
   */
  function checkerOnBar(player, i) {
    const k = Math.min(i, VISIBLE_ON_BAR - 1);
    const off = BAND / 2 + R + k * D;
    return { x: barCx, y: isBottom(player) ? MID + off : MID - off };
  }

  const trayRect = mrect({ x: TRAY_X, y: FIELD_TOP, w: TRAY_W, h: FIELD_BOTTOM - FIELD_TOP });
  const trayCx = mx(TRAY_X + TRAY_W / 2);

  /** The half of the tray that holds a player's borne-off checkers. @param {number} player */
  function trayHalf(player) {
    const h = (FIELD_BOTTOM - FIELD_TOP) / 2;
    return { x: trayRect.x, y: isBottom(player) ? MID : FIELD_TOP, w: TRAY_W, h };
  }

  /**
   * The i-th borne-off checker, drawn as a slab lying in the tray from the outer edge inwards.
   * @param {number} player @param {number} i
   * @returns {Rect}
   */
  function slab(player, i) {
    const w = Math.min(D + 4, TRAY_W - 8);
    const y = isBottom(player)
      ? FIELD_BOTTOM - 8 - (i + 1) * SLAB_H - i * SLAB_GAP
      : FIELD_TOP + 8 + i * (SLAB_H + SLAB_GAP);
    return { x: trayCx - w / 2, y, w, h: SLAB_H };
  }

  /** Centre of the i-th slab (where a checker glides to when borne off). @param {number} player @param {number} i */
  function slabCenter(player, i) {
    const s = slab(player, i);
    return { x: s.x + s.w / 2, y: s.y + s.h / 2 };
  }

  /** Dice sit in the roller's right-hand half: screen right for the bottom player. @param {number} player */
  function diceCenter(player) {
    const leftCx = LEFT_X + 3 * PW;
    const rightCx = RIGHT_X + 3 * PW;
    return { x: isBottom(player) ? rightCx : leftCx, y: MID };
  }

  // The narrow board has no side column: its cube lies on the bar, its match length in the middle of the trays.
  const sideCx = narrow ? trayCx : mx(SIDE / 2);
  const cubeCx = narrow ? barCx : sideCx;
  const cubeInset = narrow ? 31 : 40;
  /** Cube: centred (in the side column, or on the bar), or at its owner's end. @param {number | null} owner */
  function cubeCenter(owner) {
    if (owner === null || owner === undefined) return { x: cubeCx, y: MID };
    return { x: cubeCx, y: isBottom(owner) ? FIELD_BOTTOM - cubeInset : FIELD_TOP + cubeInset };
  }

  /** Where the count of a player's borne-off checkers is written: the inner end of their half of the tray. @param {number} player */
  function offCountPos(player) {
    const inset = narrow ? BAND / 2 + 20 : 16;
    return { x: trayCx, y: isBottom(player) ? MID + inset : MID - inset };
  }
  const sideRect = mrect({ x: 0, y: FIELD_TOP, w: SIDE, h: FIELD_BOTTOM - FIELD_TOP });

  /** A point number label's position (in the wood outside the field). @param {number} p */
  function numberPos(p) {
    const { cx, top } = point(p);
    return { x: cx, y: top ? FIELD_TOP - L.edgeY / 2 : FIELD_BOTTOM + L.edgeY / 2 };
  }

  const halves = [mrect({ x: LEFT_X, y: FIELD_TOP, w: 6 * PW, h: FIELD_BOTTOM - FIELD_TOP }),
    mrect({ x: RIGHT_X, y: FIELD_TOP, w: 6 * PW, h: FIELD_BOTTOM - FIELD_TOP })];

  /** @param {Rect} r @param {number} x @param {number} y */
  const inside = (r, x, y) => x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;

  /**
   * What is under a viewBox coordinate. On "press" the middle band of the field is the dice area;
   * on "drop" a whole half column counts as its point, so a slightly short drop still lands.
   * @param {number} x @param {number} y @param {"press" | "drop"} mode
   * @returns {Loc | "dice" | "side" | null}
   */
  function hitTest(x, y, mode) {
    if (inside(barRect, x, y)) return "bar";
    if (inside(trayRect, x, y)) return "off";
    if (inside(sideRect, x, y)) return "side";
    for (const half of halves) {
      if (!inside(half, x, y)) continue;
      if (mode === "press" && Math.abs(y - MID) < BAND / 2) return "dice";
      const ux = mirrored ? W - x : x; // back to unmirrored to find the column
      const onRight = ux >= RIGHT_X;
      const col = Math.min(5, Math.max(0, Math.floor((ux - (onRight ? RIGHT_X : LEFT_X)) / PW)));
      const top = y < MID;
      let r;
      if (onRight) r = top ? 19 + col : 6 - col;
      else r = top ? 13 + col : 12 - col;
      return abs(r);
    }
    return null;
  }

  /**
   * Points in the order a player moves over them: bar, the farthest point … the 1-point, tray.
   * @param {number} player
   * @returns {Loc[]}
   */
  function playingOrder(player) {
    /** @type {Loc[]} */
    const order = ["bar"];
    for (let i = 0; i < 24; i++) order.push(player === 0 ? 24 - i : i + 1);
    order.push("off");
    return order;
  }

  return {
    layout: L.name, W, H, PW, D, R, STRIP, MID, FIELD_TOP, FIELD_BOTTOM, BAND, narrow, offCountPos,
    mirrored, mx, mrect, rel, isBottom, isTopRow, point, checkerOnPoint, barRect, checkerOnBar,
    trayRect, trayHalf, slab, slabCenter, diceCenter, cubeCenter, sideRect, sideCx, numberPos,
    halves, hitTest, playingOrder,
  };
}

/** @typedef {ReturnType<typeof createGeometry>} Geometry */
