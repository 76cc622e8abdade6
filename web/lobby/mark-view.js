// @ts-check
/**
 * A mark's picture (web/lobby/mark.js) as SVG: its cells in its colour on a white tile, the same in every theme
 * (the colours are chosen against that white), framed in the theme's text colour. Its accessible name is the mark's
 * two words.
 */
import { MARK_SIZE } from "./mark.js";

const SVG = "http://www.w3.org/2000/svg";
/** The tile's margin around the grid, in cells. */
const MARGIN = 0.5;

/**
 * @param {import("./mark.js").Mark} mark
 * @returns {SVGSVGElement}
 */
export function drawMark(mark) {
  const side = MARK_SIZE + 2 * MARGIN;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
  svg.setAttribute("class", "identity-mark");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", mark.text);
  const tile = document.createElementNS(SVG, "rect");
  tile.setAttribute("class", "identity-mark-tile");
  tile.setAttribute("width", String(side));
  tile.setAttribute("height", String(side));
  svg.append(tile);
  const path = mark.cells
    .map((on, index) => (on ? `M${MARGIN + (index % MARK_SIZE)} ${MARGIN + Math.floor(index / MARK_SIZE)}h1v1h-1z` : ""))
    .join("");
  const cells = document.createElementNS(SVG, "path");
  cells.setAttribute("d", path);
  cells.setAttribute("fill", mark.colour);
  // Neighbouring cells join without a hairline between them.
  cells.setAttribute("shape-rendering", "crispEdges");
  svg.append(cells);
  return svg;
}
