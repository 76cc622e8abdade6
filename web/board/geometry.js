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
 * The figures of one board, drawn for one orientation and perspective: what every place on it is computed from.
 * @typedef {object} Frame
 * @property {Layout} L
 * @property {number} W  @property {number} H  @property {number} R  @property {number} POINT_H
 * @property {number} FIELD_TOP  @property {number} FIELD_BOTTOM  @property {number} MID
 * @property {number} LEFT_X  @property {number} BAR_X  @property {number} RIGHT_X  @property {number} TRAY_X
 * @property {boolean} narrow  @property {boolean} mirrored  @property {0 | 1} perspective
 * @property {Rect} barRect  @property {number} barCx  @property {Rect} trayRect  @property {number} trayCx
 * @property {Rect} sideRect  @property {Rect[]} halves
 */

/**
 * @param {Orientation} orientation
 * @param {0 | 1} perspective
 * @param {Layout} L
 * @returns {Frame}
 */
function frameOf(orientation, perspective, L) {
  const W = widthOf(L);
  const H = heightOf(L);
  const FIELD_TOP = L.strip + L.edgeY;
  const FIELD_BOTTOM = H - L.strip - L.edgeY;
  const LEFT_X = L.side + L.edgeX;
  const BAR_X = LEFT_X + 6 * L.pw;
  const RIGHT_X = BAR_X + L.barW;
  const TRAY_X = RIGHT_X + 6 * L.pw + L.edgeX;
  const mirrored = orientation === "left";
  const fieldH = FIELD_BOTTOM - FIELD_TOP;
  /** @param {Rect} r */
  const mrect = (r) => (mirrored ? { x: W - r.x - r.w, y: r.y, w: r.w, h: r.h } : r);
  /** @param {number} x */
  const mx = (x) => (mirrored ? W - x : x);
  return {
    L, W, H, R: L.d / 2, POINT_H: 5 * L.d, FIELD_TOP, FIELD_BOTTOM, MID: (FIELD_TOP + FIELD_BOTTOM) / 2,
    LEFT_X, BAR_X, RIGHT_X, TRAY_X, narrow: L.name === "narrow", mirrored, perspective,
    barRect: mrect({ x: BAR_X, y: FIELD_TOP, w: L.barW, h: fieldH }),
    barCx: mx(BAR_X + L.barW / 2),
    trayRect: mrect({ x: TRAY_X, y: FIELD_TOP, w: L.trayW, h: fieldH }),
    trayCx: mx(TRAY_X + L.trayW / 2),
    sideRect: mrect({ x: 0, y: FIELD_TOP, w: L.side, h: fieldH }),
    halves: [mrect({ x: LEFT_X, y: FIELD_TOP, w: 6 * L.pw, h: fieldH }), mrect({ x: RIGHT_X, y: FIELD_TOP, w: 6 * L.pw, h: fieldH })],
  };
}

/** @param {Frame} f @param {number} x */
const mx = (f, x) => (f.mirrored ? f.W - x : x);
/** @param {Frame} f @param {Rect} r */
const mrect = (f, r) => (f.mirrored ? { x: f.W - r.x - r.w, y: r.y, w: r.w, h: r.h } : r);
/** @param {Frame} f @param {number} player */
const isBottom = (f, player) => player === f.perspective;
/** absolute point → relative point (numbered from the bottom player's home); its own inverse @param {Frame} f @param {number} p */
const rel = (f, p) => (f.perspective === 0 ? p : 25 - p);

/** centre x of a relative point, unmirrored @param {Frame} f @param {number} r */
function pointCx(f, r) {
  const { LEFT_X, RIGHT_X } = f;
  const PW = f.L.pw;
  if (r <= 6) return RIGHT_X + (6 - r + 0.5) * PW;
  if (r <= 12) return LEFT_X + (12 - r + 0.5) * PW;
  if (r <= 18) return LEFT_X + (r - 13 + 0.5) * PW;
  return RIGHT_X + (r - 19 + 0.5) * PW;
}

/**
 * The triangle and the area that picks the point (the half column minus the middle band).
 * @param {Frame} f @param {number} p absolute point
 */
function point(f, p) {
  const { FIELD_TOP, FIELD_BOTTOM, POINT_H } = f;
  const PW = f.L.pw;
  const r = rel(f, p);
  const cx = mx(f, pointCx(f, r));
  const top = r >= 13;
  const baseY = top ? FIELD_TOP : FIELD_BOTTOM;
  const tipY = top ? FIELD_TOP + POINT_H : FIELD_BOTTOM - POINT_H;
  const hitH = (FIELD_BOTTOM - FIELD_TOP - f.L.band) / 2;
  const hit = { x: cx - PW / 2, y: top ? FIELD_TOP : FIELD_BOTTOM - hitH, w: PW, h: hitH };
  return { cx, top, baseY, tipY, hit, relative: r };
}

/**
 * Centre of the i-th checker (0 = at the base) on a point; stacks show five, the fifth carries the count.
 * @param {Frame} f @param {number} p @param {number} i
 * @returns {Pt}
 */
function checkerOnPoint(f, p, i) {
  const { cx, top } = point(f, p);
  const k = Math.min(i, VISIBLE_ON_POINT - 1);
  return { x: cx, y: top ? f.FIELD_TOP + f.R + k * f.L.d : f.FIELD_BOTTOM - f.R - k * f.L.d };
}

/**
 * Checkers on the bar sit on their owner's side of the centre, stacked outwards.
 * @param {Frame} f @param {number} player @param {number} i
 * @returns {Pt}
 */
function checkerOnBar(f, player, i) {
  const k = Math.min(i, VISIBLE_ON_BAR - 1);
  const off = f.L.band / 2 + f.R + k * f.L.d;
  return { x: f.barCx, y: isBottom(f, player) ? f.MID + off : f.MID - off };
}

/** The half of the tray that holds a player's borne-off checkers. @param {Frame} f @param {number} player */
function trayHalf(f, player) {
  const h = (f.FIELD_BOTTOM - f.FIELD_TOP) / 2;
  return { x: f.trayRect.x, y: isBottom(f, player) ? f.MID : f.FIELD_TOP, w: f.L.trayW, h };
}

/**
 * The i-th borne-off checker, drawn as a slab lying in the tray from the outer edge inwards.
 * @param {Frame} f @param {number} player @param {number} i
 * @returns {Rect}
 */
function slab(f, player, i) {
  const w = Math.min(f.L.d + 4, f.L.trayW - 8);
  const y = isBottom(f, player)
    ? f.FIELD_BOTTOM - 8 - (i + 1) * SLAB_H - i * SLAB_GAP
    : f.FIELD_TOP + 8 + i * (SLAB_H + SLAB_GAP);
  return { x: f.trayCx - w / 2, y, w, h: SLAB_H };
}

/** Centre of the i-th slab (where a checker glides to when borne off). @param {Frame} f @param {number} player @param {number} i */
function slabCenter(f, player, i) {
  const s = slab(f, player, i);
  return { x: s.x + s.w / 2, y: s.y + s.h / 2 };
}

/** Dice sit in the roller's right-hand half: screen right for the bottom player. @param {Frame} f @param {number} player */
function diceCenter(f, player) {
  const leftCx = f.LEFT_X + 3 * f.L.pw;
  const rightCx = f.RIGHT_X + 3 * f.L.pw;
  return { x: isBottom(f, player) ? rightCx : leftCx, y: f.MID };
}

// The narrow board has no side column: its cube lies on the bar, its match length in the middle of the trays.
/** @param {Frame} f */
const sideCx = (f) => (f.narrow ? f.trayCx : mx(f, f.L.side / 2));

/** Cube: centred (in the side column, or on the bar), or at its owner's end. @param {Frame} f @param {number | null} owner */
function cubeCenter(f, owner) {
  const x = f.narrow ? f.barCx : sideCx(f);
  const inset = f.narrow ? 31 : 40;
  if (owner === null || owner === undefined) return { x, y: f.MID };
  return { x, y: isBottom(f, owner) ? f.FIELD_BOTTOM - inset : f.FIELD_TOP + inset };
}

/**
 * Where the count of a player's borne-off checkers is written: the inner end of their half of the tray. On the narrow
 * board, between the match length in the middle and the 15th slab (65 units from the middle), clear of both.
 * @param {Frame} f @param {number} player
 */
function offCountPos(f, player) {
  const inset = f.narrow ? f.L.band / 2 + 13 : 16;
  return { x: f.trayCx, y: isBottom(f, player) ? f.MID + inset : f.MID - inset };
}

/** A point number label's position (in the wood outside the field). @param {Frame} f @param {number} p */
function numberPos(f, p) {
  const { cx, top } = point(f, p);
  return { x: cx, y: top ? f.FIELD_TOP - f.L.edgeY / 2 : f.FIELD_BOTTOM + f.L.edgeY / 2 };
}

/** @param {Rect} r @param {number} x @param {number} y */
const inside = (r, x, y) => x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;

/**
 * What is under a viewBox coordinate. On "press" the middle band of the field is the dice area;
 * on "drop" a whole half column counts as its point, so a slightly short drop still lands.
 * @param {Frame} f @param {number} x @param {number} y @param {"press" | "drop"} mode
 * @returns {Loc | "dice" | "side" | null}
 */
function hitTest(f, x, y, mode) {
  if (inside(f.barRect, x, y)) return "bar";
  if (inside(f.trayRect, x, y)) return "off";
  if (inside(f.sideRect, x, y)) return "side";
  for (const half of f.halves) {
    if (!inside(half, x, y)) continue;
    if (mode === "press" && Math.abs(y - f.MID) < f.L.band / 2) return "dice";
    const ux = f.mirrored ? f.W - x : x; // back to unmirrored to find the column
    const onRight = ux >= f.RIGHT_X;
    const col = Math.min(5, Math.max(0, Math.floor((ux - (onRight ? f.RIGHT_X : f.LEFT_X)) / f.L.pw)));
    const top = y < f.MID;
    let r;
    if (onRight) r = top ? 19 + col : 6 - col;
    else r = top ? 13 + col : 12 - col;
    return rel(f, r);
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

/**
 * @param {Orientation} orientation
 * @param {0 | 1} perspective  the player at the bottom
 * @param {"wide" | "narrow"} [layoutName]
 */
export function createGeometry(orientation, perspective, layoutName = "wide") {
  const L = LAYOUTS[layoutName] || LAYOUTS.wide;
  const f = frameOf(orientation, perspective, L);
  return {
    layout: L.name, W: f.W, H: f.H, PW: L.pw, D: L.d, R: f.R, STRIP: L.strip, MID: f.MID,
    FIELD_TOP: f.FIELD_TOP, FIELD_BOTTOM: f.FIELD_BOTTOM, BAND: L.band, narrow: f.narrow, mirrored: f.mirrored,
    barRect: f.barRect, trayRect: f.trayRect, sideRect: f.sideRect, halves: f.halves, sideCx: sideCx(f),
    /** @param {number} player */ offCountPos: (player) => offCountPos(f, player),
    /** @param {number} x */ mx: (x) => mx(f, x),
    /** @param {Rect} r */ mrect: (r) => mrect(f, r),
    /** @param {number} p */ rel: (p) => rel(f, p),
    /** @param {number} player */ isBottom: (player) => isBottom(f, player),
    /** @param {number} p */ isTopRow: (p) => rel(f, p) >= 13,
    /** @param {number} p */ point: (p) => point(f, p),
    /** @param {number} p @param {number} i */ checkerOnPoint: (p, i) => checkerOnPoint(f, p, i),
    /** @param {number} player @param {number} i */ checkerOnBar: (player, i) => checkerOnBar(f, player, i),
    /** @param {number} player */ trayHalf: (player) => trayHalf(f, player),
    /** @param {number} player @param {number} i */ slab: (player, i) => slab(f, player, i),
    /** @param {number} player @param {number} i */ slabCenter: (player, i) => slabCenter(f, player, i),
    /** @param {number} player */ diceCenter: (player) => diceCenter(f, player),
    /** @param {number | null} owner */ cubeCenter: (owner) => cubeCenter(f, owner),
    /** @param {number} p */ numberPos: (p) => numberPos(f, p),
    /** @param {number} x @param {number} y @param {"press" | "drop"} mode */ hitTest: (x, y, mode) => hitTest(f, x, y, mode),
    playingOrder,
  };
}

/** @typedef {ReturnType<typeof createGeometry>} Geometry */
