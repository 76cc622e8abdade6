// @ts-check
/**
 * Drawing the board from its state: the frame and the focusable places (rebuilt only when the layout changes), the
 * checkers, the landing marks, the places' classes and labels, the arrows; redraws batched per animation frame.
 */

import { svgEl, svgText, drawChecker } from "./svg.js";
import { sameLoc, toLoc, countAt } from "./state.js";
import { listText, t } from "../i18n/i18n.js";
import { view, mover, destsOf, isDest, active, canPick, undoSource, shown, slot } from "./model.js";
import { drawInfo } from "./info.js";

/** @typedef {import("./model.js").State} State */
/** @typedef {import("./geometry.js").Loc} Loc */

/** The frame, felt, points and focusable targets: rebuilt only when orientation/perspective change. @param {State} s */
export function buildStatic(s) {
  const { geo, prefix, layerFrame, layerTargets, targets } = s;
  const { W, H, STRIP, PW } = geo;
  layerFrame.replaceChildren();
  layerTargets.replaceChildren();
  targets.clear();
  svgEl("rect", { x: 0, y: STRIP, width: W, height: H - 2 * STRIP, rx: 10, class: "wood", fill: `url(#${prefix}-wood)` }, layerFrame);
  for (const half of geo.halves) {
    svgEl("rect", { x: half.x, y: half.y, width: half.w, height: half.h, class: "felt", fill: `url(#${prefix}-felt)` }, layerFrame);
  }
  const bar = geo.barRect;
  svgEl("rect", { x: bar.x, y: bar.y - 6, width: bar.w, height: bar.h + 12, class: "bar-wood" }, layerFrame);
  const side = geo.sideRect;
  if (side.w > 16) svgEl("rect", { x: side.x + 8, y: side.y, width: side.w - 16, height: side.h, rx: 6, class: "side-well" }, layerFrame);
  for (const player of [0, 1]) {
    const r = geo.trayHalf(player);
    svgEl("rect", { x: r.x + 4, y: r.y + (geo.isBottom(player) ? 3 : 0), width: r.w - 8, height: r.h - 3, rx: 6, class: "tray-well" }, layerFrame);
  }
  for (let p = 1; p <= 24; p++) {
    const n = geo.numberPos(p);
    svgText(layerFrame, String(pointNumber(s, p)), { x: n.x, y: n.y, class: "point-number", "data-point": p, "text-anchor": "middle", "dominant-baseline": "central" });
  }

  for (let p = 1; p <= 24; p++) {
    const pt = geo.point(p);
    const g = svgEl("g", { class: "target point", "data-loc": p, role: "button", tabindex: -1 }, layerTargets);
    const tri = `${pt.cx - PW / 2 + 1},${pt.baseY} ${pt.cx + PW / 2 - 1},${pt.baseY} ${pt.cx},${pt.tipY}`;
    svgEl("polygon", { points: tri, class: `triangle ${pt.relative % 2 ? "odd" : "even"}` }, g);
    svgEl("polygon", { points: tri, class: "glow" }, g);
    svgEl("rect", { x: pt.hit.x, y: pt.hit.y, width: pt.hit.w, height: pt.hit.h, class: "hit" }, g);
    svgEl("rect", { x: pt.hit.x + 2, y: pt.hit.y + 2, width: pt.hit.w - 4, height: pt.hit.h - 4, rx: 6, class: "focus-ring" }, g);
    targets.set(String(p), g);
  }
  for (const [loc, r] of /** @type {const} */ ([["bar", geo.barRect], ["off", geo.trayRect]])) {
    const g = svgEl("g", { class: `target ${loc === "bar" ? "bar" : "tray"}`, "data-loc": loc, role: "button", tabindex: -1 }, layerTargets);
    svgEl("rect", { x: r.x + 3, y: r.y, width: r.w - 6, height: r.h, rx: 6, class: "glow" }, g);
    svgEl("rect", { x: r.x, y: r.y, width: r.w, height: r.h, class: "hit" }, g);
    svgEl("rect", { x: r.x + 2, y: r.y + 2, width: r.w - 4, height: r.h - 4, rx: 6, class: "focus-ring" }, g);
    targets.set(loc, g);
  }
  s.diceTarget = svgEl("g", { class: "dice-target", role: "button", tabindex: 0 }, layerTargets);
  svgEl("rect", { class: "focus-ring", rx: 8 }, s.diceTarget);
  s.cubeTarget = svgEl("g", { class: "cube-target", role: "button", tabindex: 0 }, layerTargets);
  svgEl("rect", { class: "focus-ring", rx: 8 }, s.cubeTarget);
}

/** Redraw at the next animation frame, once however often it is asked for. @param {State} s */
export function schedule(s) {
  if (!s.rafId) s.rafId = requestAnimationFrame(() => drawNow(s));
}

/** @param {State} s */
export function drawNow(s) {
  if (s.rafId) cancelAnimationFrame(s.rafId);
  s.rafId = 0;
  updateTargets(s);
  drawCheckers(s);
  drawMarks(s);
  drawInfo(s);
  drawArrows(s);
}

/**
 * The number point `p` (absolute) carries on the board and in its name: counted from the home of the player the
 * config's `numbering` names, else from the bottom player's.
 * @param {State} s @param {number} p
 */
export function pointNumber(s, p) {
  const { numbering } = s.cfg;
  if (numbering === 0 || numbering === 1) return numbering === 0 ? p : 25 - p;
  return s.geo.rel(p);
}

/**
 * Write the points' numbers again after the config's `numbering` changed (the places' names follow at the next draw).
 * @param {State} s
 */
export function renumber(s) {
  for (const text of s.svg.querySelectorAll("text.point-number[data-point]")) {
    text.textContent = String(pointNumber(s, Number(/** @type {SVGElement} */ (text).dataset.point)));
  }
}

/** @param {State} s @param {Loc} loc */
function labelFor(s, loc) {
  const place = placeName(s, loc);
  if (s.selected !== null && sameLoc(s.selected, loc)) return t("board.selected", { place });
  if (s.selected !== null && isDest(s, s.selected, loc)) return t("board.destination", { place });
  if (sameLoc(undoSource(s), loc)) return t("board.takeBack", { place });
  return place;
}

/**
 * A place's accessible name: what it holds, in the language's words ("Point 13, 5 white checkers"), or the name
 * the view gives it (a lesson's or the editor's own), with the number printed under the point.
 * @param {State} s @param {Loc} loc
 */
function placeName(s, loc) {
  const given = (view(s).labels || {})[String(loc)];
  if (given) return typeof loc === "number" ? given.replace(/^(\S+ )\d+\b/, `$1${pointNumber(s, loc)}`) : given;
  const checkers = (/** @type {number} */ player) =>
    t("board.checkers", { colour: player === 0 ? "white" : "black", count: countAt(s.drawn, player, loc) });
  if (loc === "bar" || loc === "off") {
    // Both sides' checkers, the side on roll's first.
    const first = view(s).turn === 1 ? 1 : 0;
    const held = [first, 1 - first].filter((player) => countAt(s.drawn, player, loc) > 0).map(checkers);
    if (!held.length) return t(loc === "bar" ? "board.barEmpty" : "board.offEmpty");
    return t(loc === "bar" ? "board.bar" : "board.off", { checkers: listText(held) });
  }
  const number = pointNumber(s, loc);
  const holder = [0, 1].find((player) => countAt(s.drawn, player, loc) > 0);
  return holder === undefined ? t("board.pointEmpty", { number }) : t("board.point", { number, checkers: checkers(holder) });
}

/** @param {State} s */
function updateTargets(s) {
  const v = view(s);
  const { selected } = s;
  const marked = new Set();
  for (const m of [...(v.moves_made || []), ...(s.cfg.lastMoves || [])]) {
    marked.add(String(m.from));
    marked.add(String(m.to));
  }
  const lit = new Set((s.cfg.highlights || []).map(String));
  const undoFrom = undoSource(s);
  const order = s.geo.playingOrder(mover(s));
  if (s.focusLoc === null) s.focusLoc = order.find((l) => canPick(s, l)) ?? order[1];
  for (const [key, g] of s.targets) {
    const loc = toLoc(key);
    const cls = g.classList;
    cls.toggle("dest", selected !== null && isDest(s, selected, loc));
    cls.toggle("selected", sameLoc(selected, loc));
    cls.toggle("source", canPick(s, loc));
    cls.toggle("last-move", marked.has(key));
    cls.toggle("undo-source", undoFrom !== null && sameLoc(undoFrom, loc));
    cls.toggle("highlight", lit.has(key));
    g.setAttribute("aria-label", labelFor(s, loc));
    g.setAttribute("tabindex", sameLoc(s.focusLoc, loc) ? "0" : "-1");
    if (sameLoc(selected, loc)) g.setAttribute("aria-pressed", "true");
    else g.removeAttribute("aria-pressed");
  }
  s.svg.classList.toggle("interactive", !!active(s));
}

/** @param {State} s */
function drawCheckers(s) {
  const { layerCheckers, prefix, geo } = s;
  const { R } = geo;
  layerCheckers.replaceChildren();
  const pick = s.selected;
  for (let p = 1; p <= 24; p++) {
    for (const player of [0, 1]) {
      const n = shown(s, player, p);
      for (let i = 0; i < Math.min(n, 5); i++) {
        const c = slot(s, player, p, i);
        const top = i === Math.min(n, 5) - 1;
        const g = drawChecker(layerCheckers, prefix, player, c.x, c.y, R, top && sameLoc(pick, p) && player === mover(s) ? "selected" : "");
        g.setAttribute("data-loc", String(p));
        if (top && n > 5) countLabel(g, n);
      }
    }
  }
  for (const player of [0, 1]) {
    const n = shown(s, player, "bar");
    for (let i = 0; i < Math.min(n, 4); i++) {
      const c = slot(s, player, "bar", i);
      const top = i === Math.min(n, 4) - 1;
      const g = drawChecker(layerCheckers, prefix, player, c.x, c.y, R, top && pick === "bar" && player === mover(s) ? "selected" : "");
      g.setAttribute("data-loc", "bar");
      if (top && n > 4) countLabel(g, n);
    }
    const off = shown(s, player, "off");
    if (off > 0) {
      const at = geo.offCountPos(player);
      svgText(layerCheckers, String(off), { x: at.x, y: at.y, class: `off-count p${player}`, "text-anchor": "middle", "dominant-baseline": "central" });
    }
    for (let i = 0; i < off; i++) {
      const sl = geo.slab(player, i);
      svgEl("rect", { x: sl.x, y: sl.y, width: sl.w, height: sl.h, rx: 4, class: `borne-off p${player}${i === off - 1 && pick === "off" && player === mover(s) ? " selected" : ""}` }, layerCheckers);
    }
  }
}

/** @param {Element} g @param {number} n */
function countLabel(g, n) {
  svgText(g, String(n), { class: "count", "text-anchor": "middle", "dominant-baseline": "central" });
}

/** Landing rings on destinations, so the player sees where the checker would go. @param {State} s */
function drawMarks(s) {
  const { layerMarks } = s;
  const { R } = s.geo;
  layerMarks.replaceChildren();
  if (s.selected === null) return;
  const player = mover(s);
  for (const to of destsOf(s, s.selected)) {
    if (to === "off") {
      const sl = s.geo.slab(player, shown(s, player, "off"));
      svgEl("rect", { x: sl.x, y: sl.y + sl.h / 2 - 9, width: sl.w, height: 18, rx: 5, class: "landing" }, layerMarks);
      continue;
    }
    if (to === "bar") continue;
    const blot = shown(s, 1 - player, to) === 1;
    const c = slot(s, player, to, blot ? 0 : shown(s, player, to));
    svgEl("circle", { cx: c.x, cy: c.y, r: R - 3, class: `landing${blot ? " hit" : ""}` }, layerMarks);
  }
}

/** Where an arrow starts or ends at a place. @param {State} s @param {Loc} loc @param {number} player */
function anchor(s, loc, player) {
  if (loc === "bar") return s.geo.checkerOnBar(player, 0);
  if (loc === "off") {
    const r = s.geo.trayHalf(player);
    return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
  }
  const n = Math.max(countAt(s.drawn, 0, loc), countAt(s.drawn, 1, loc));
  return s.geo.checkerOnPoint(loc, Math.max(0, Math.min(n, 5) - 1));
}

/** The arrow head of a kind of arrow, made the first time it is needed. @param {State} s @param {string} kind */
function arrowHead(s, kind) {
  const { prefix, defs } = s;
  if (!/^[a-z][a-z-]*$/.test(kind)) return `${prefix}-arrow`;
  const id = `${prefix}-arrow-${kind}`;
  if (!defs.querySelector(`#${id}`)) {
    const marker = svgEl("marker", {
      id, viewBox: "0 0 10 10", refX: "7", refY: "5", markerWidth: "4", markerHeight: "4", orient: "auto-start-reverse",
    }, defs);
    svgEl("path", { d: "M0,0 L10,5 L0,10 z", class: `arrow-head ${kind}` }, marker);
  }
  return id;
}

/** @param {State} s */
function drawArrows(s) {
  s.layerArrows.replaceChildren();
  for (const a of s.cfg.arrows || []) {
    const player = typeof a.player === "number" ? a.player : mover(s);
    const dx = Number(a.offset) || 0;
    const st = anchor(s, a.from, player);
    const e = anchor(s, a.to, player);
    st.x += dx;
    e.x += dx;
    const mx = (st.x + e.x) / 2;
    const my = (st.y + e.y) / 2 + (Math.abs(st.y - e.y) < 40 ? (st.y < s.geo.MID ? 70 : -70) : 0);
    const kind = a.kind ? String(a.kind) : "";
    svgEl("path", {
      d: `M${st.x},${st.y} Q${mx},${my} ${e.x},${e.y}`, class: kind ? `arrow ${kind}` : "arrow",
      "marker-end": `url(#${kind ? arrowHead(s, kind) : `${s.prefix}-arrow`})`,
    }, s.layerArrows);
  }
}
