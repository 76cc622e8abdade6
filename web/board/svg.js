// @ts-check
/** Small SVG drawing helpers for the board: elements, checkers, dice, the cube. No state. */

const NS = "http://www.w3.org/2000/svg";

/**
 * @param {string} tag
 * @param {Record<string, string | number | null | undefined>} [attrs]
 * @param {Element} [parent]
 * @returns {SVGElement}
 */
export function svgEl(tag, attrs = {}, parent) {
  const el = /** @type {SVGElement} */ (document.createElementNS(NS, tag));
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(el);
  return el;
}

/**
 * @param {Element} parent @param {string} text @param {Record<string, string | number | null | undefined>} attrs
 */
export function svgText(parent, text, attrs) {
  const t = svgEl("text", attrs, parent);
  t.textContent = text;
  return t;
}

/**
 * Gradients shared by every checker of a board; ids carry the board's prefix so several boards
 * can live on one page (the tutorial).
 * @param {Element} defs @param {string} prefix
 */
export function addDefs(defs, prefix) {
  for (const p of [0, 1]) {
    const g = svgEl("radialGradient", { id: `${prefix}-c${p}`, cx: "38%", cy: "32%", r: "75%" }, defs);
    svgEl("stop", { offset: "0%", class: `stop-hi p${p}` }, g);
    svgEl("stop", { offset: "70%", class: `stop-base p${p}` }, g);
    svgEl("stop", { offset: "100%", class: `stop-lo p${p}` }, g);
  }
  const wood = svgEl("linearGradient", { id: `${prefix}-wood`, x1: "0", y1: "0", x2: "1", y2: "1" }, defs);
  svgEl("stop", { offset: "0%", class: "stop-wood-hi" }, wood);
  svgEl("stop", { offset: "100%", class: "stop-wood-lo" }, wood);
  const felt = svgEl("radialGradient", { id: `${prefix}-felt`, cx: "50%", cy: "50%", r: "80%" }, defs);
  svgEl("stop", { offset: "0%", class: "stop-felt-hi" }, felt);
  svgEl("stop", { offset: "100%", class: "stop-felt-lo" }, felt);
  const arrow = svgEl("marker", {
    id: `${prefix}-arrow`, viewBox: "0 0 10 10", refX: "7", refY: "5",
    markerWidth: "4", markerHeight: "4", orient: "auto-start-reverse",
  }, defs);
  svgEl("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow-head" }, arrow);
}

/**
 * One checker centred at (x, y).
 * @param {Element} parent @param {string} prefix @param {number} player @param {number} x
 * @param {number} y @param {number} r @param {string} [extraClass]
 */
export function drawChecker(parent, prefix, player, x, y, r, extraClass = "") {
  const g = svgEl("g", { class: `checker p${player} ${extraClass}`.trim(), transform: `translate(${x} ${y})` }, parent);
  svgEl("circle", { r: r - 1.5, class: "checker-body", fill: `url(#${prefix}-c${player})` }, g);
  svgEl("circle", { r: r * 0.7, class: "checker-ring" }, g);
  return g;
}

/** Pip positions on a unit die (0..1), by value. */
const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.25, 0.25], [0.75, 0.75]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.25, 0.22], [0.75, 0.22], [0.25, 0.5], [0.75, 0.5], [0.25, 0.78], [0.75, 0.78]],
};

/**
 * A die showing `value` with its top-left corner at (x, y).
 * @param {Element} parent @param {number} value @param {number} x @param {number} y
 * @param {number} size @param {number} player whose colours the die takes @param {string} [extraClass]
 */
export function drawDie(parent, value, x, y, size, player, extraClass = "") {
  const g = svgEl("g", {
    class: `die p${player} ${extraClass}`.trim(), transform: `translate(${x} ${y})`, "data-value": value,
  }, parent);
  // the inner group carries the roll animation (a CSS transform would replace the translate above)
  const face = svgEl("g", { class: "die-spin" }, g);
  svgEl("rect", { width: size, height: size, rx: size * 0.18, class: "die-face" }, face);
  const pips = PIPS[/** @type {1|2|3|4|5|6} */ (value)] || [];
  for (const [px, py] of pips) {
    svgEl("circle", { cx: px * size, cy: py * size, r: size * 0.09, class: "die-pip" }, face);
  }
  return g;
}

/**
 * The doubling cube centred at (x, y).
 * @param {Element} parent @param {string} text @param {number} x @param {number} y
 * @param {number} size @param {string} extraClass
 */
export function drawCube(parent, text, x, y, size, extraClass) {
  const g = svgEl("g", { class: `cube ${extraClass}`.trim(), transform: `translate(${x} ${y})` }, parent);
  svgEl("rect", { x: -size / 2, y: -size / 2, width: size, height: size, rx: size * 0.14, class: "cube-face" }, g);
  svgText(g, text, {
    class: "cube-value", "text-anchor": "middle", "dominant-baseline": "central",
    "font-size": text.length > 1 ? size * 0.46 : size * 0.56,
  });
  return g;
}
