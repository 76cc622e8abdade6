// @ts-check
/**
 * Pointer input: a press on a place picks up, moves or drops as a click does, and past a few pixels becomes a drag
 * of the checker there, dropped on the place under the pointer (or carried back home). Presses on the dice and the
 * cube are reported. While the position is edited (`onEditDrop`) any checker can be dragged anywhere.
 */

import { drawChecker } from "./svg.js";
import { sameLoc, countAt } from "./state.js";
import { view, mover, isDest, undoSource, glideMs, topSlot, canPick } from "./model.js";
import { schedule, drawNow } from "./render.js";
import { fly } from "./anim.js";
import { select, activate, commitMove, commitTry, commitUndo, isTry, oneTapDest } from "./moves.js";

/** @typedef {import("./model.js").State} State */
/** @typedef {import("./geometry.js").Loc} Loc */
/** @typedef {import("./geometry.js").Pt} Pt */

const DRAG_THRESHOLD_MOUSE = 4; // CSS pixels before a press becomes a drag
const DRAG_THRESHOLD_TOUCH = 10;

/** @param {State} s @param {PointerEvent} ev @returns {Pt} */
function toBoard(s, ev) {
  const m = s.svg.getScreenCTM();
  if (!m) return { x: 0, y: 0 };
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}

/**
 * Where a dragged checker is, and where it lands: under a mouse, at the pointer; under a finger, lifted above it by a
 * checker and a half (on a phone, 36 px: above a fingertip), so that the finger never hides it, and never above the
 * top of the field. The place under the checker, not under the finger, is where it is dropped.
 * @param {State} s @param {PointerEvent} ev @param {{touch: boolean}} drag @returns {Pt}
 */
function dragPoint(s, ev, drag) {
  const at = toBoard(s, ev);
  if (!drag.touch) return at;
  return { x: at.x, y: Math.max(s.geo.FIELD_TOP + s.geo.R * 0.5, at.y - s.geo.D * 1.5) };
}

/**
 * Whose checker a press on a place would pick up while the position is edited: the colour on a point; on the bar
 * and in the tray, the colour of the half pressed. Null where there is none.
 * @param {State} s @param {Loc} loc @param {Pt} at @returns {number | null}
 */
function editPlayer(s, loc, at) {
  if (loc === "bar" || loc === "off") {
    const player = (at.y >= s.geo.MID) === s.geo.isBottom(0) ? 0 : 1;
    return countAt(s.drawn, player, loc) > 0 ? player : null;
  }
  if (countAt(s.drawn, 0, loc) > 0) return 0;
  return countAt(s.drawn, 1, loc) > 0 ? 1 : null;
}

/** @param {State} s @param {PointerEvent} ev */
export function onPointerDown(s, ev) {
  const { cfg } = s;
  if (ev.pointerType === "mouse" && ev.button !== 0) return;
  if (s.drag) cancelDrag(s);
  s.swallowClick = false;
  const at = toBoard(s, ev);
  // On the narrow board the cube lies on the bar: while a checker there must enter, a press on the bar is the bar's.
  const barFirst = s.geo.hitTest(at.x, at.y, "press") === "bar" && canPick(s, "bar");
  const cubeHit = cfg.view && view(s).cube && !barFirst && pointInCube(s, at);
  if (cubeHit) {
    if (cfg.onCubeClick) cfg.onCubeClick();
    return;
  }
  const hit = s.geo.hitTest(at.x, at.y, "press");
  if (hit === null || hit === "side") {
    if (s.selected !== null) select(s, null);
    return;
  }
  if (hit === "dice") {
    if (cfg.onDiceClick) cfg.onDiceClick();
    return;
  }
  if (cfg.onEditDrop) {
    // Editing: the press may become a drag of the checker there; if it does not, the click is the controller's.
    const player = editPlayer(s, hit, at);
    if (player === null) return;
    // The pointer is captured once it drags, so that a plain click keeps the place pressed as its target.
    s.drag = { id: ev.pointerId, from: hit, player, x: ev.clientX, y: ev.clientY, moving: false, wasSelected: false, el: null, touch: ev.pointerType !== "mouse" };
    return;
  }
  const wasSelected = sameLoc(s.selected, hit);
  if (!activate(s, hit)) return;
  ev.preventDefault();
  s.drag = { id: ev.pointerId, from: hit, player: mover(s), x: ev.clientX, y: ev.clientY, moving: false, wasSelected, el: null, touch: ev.pointerType !== "mouse" };
  capture(s, ev.pointerId);
}

/** @param {State} s @param {number} pointerId */
function capture(s, pointerId) {
  try {
    s.svg.setPointerCapture(pointerId);
  } catch {
    // capture is a convenience; synthetic events may not allow it
  }
}

/** @param {State} s @param {Pt} at */
function pointInCube(s, at) {
  const ring = /** @type {SVGRectElement} */ (s.cubeTarget.firstChild);
  if (s.cubeTarget.getAttribute("visibility") === "hidden") return false;
  const x = Number(ring.getAttribute("x"));
  const y = Number(ring.getAttribute("y"));
  const w = Number(ring.getAttribute("width"));
  const h = Number(ring.getAttribute("height"));
  return at.x >= x && at.x <= x + w && at.y >= y && at.y <= y + h;
}

/** @param {State} s @param {PointerEvent} ev */
export function onPointerMove(s, ev) {
  const drag = s.drag;
  if (!drag || ev.pointerId !== drag.id) return;
  if (!drag.moving) {
    const far = Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y);
    if (far < (drag.touch ? DRAG_THRESHOLD_TOUCH : DRAG_THRESHOLD_MOUSE)) return;
    drag.moving = true;
    if (s.cfg.onEditDrop) capture(s, drag.id);
    s.lifted = { player: drag.player, loc: drag.from };
    const at = dragPoint(s, ev, drag);
    drag.el = drawChecker(s.layerFloat, s.prefix, drag.player, at.x, at.y, s.geo.R * 1.08, "dragging");
    s.svg.classList.add("dragging");
    drawNow(s);
  }
  const at = dragPoint(s, ev, drag);
  /** @type {SVGElement} */ (drag.el).setAttribute("transform", `translate(${at.x} ${at.y})`);
  // light the place the checker would land on if dropped now
  const over = s.geo.hitTest(at.x, at.y, "drop");
  for (const [key, g] of s.targets) g.classList.toggle("drag-over", over !== null && key === String(over));
}

/** @param {State} s @param {PointerEvent} ev */
export function onPointerUp(s, ev) {
  const { cfg } = s;
  if (!s.drag || ev.pointerId !== s.drag.id) return;
  const d = s.drag;
  endDrag(s);
  if (!d.moving) {
    // a tap on the checker that was already selected puts it down again
    if (d.wasSelected) select(s, null);
    else if (cfg.oneTap && !cfg.onEditDrop && sameLoc(s.selected, d.from)) {
      // one-tap moves: the checker tapped is played at once (by the die shown first), when a die takes it somewhere
      const to = oneTapDest(s, d.from);
      if (to !== null) commitMove(s, d.from, to, null);
    }
    return;
  }
  s.swallowClick = true;
  const at = dragPoint(s, ev, d);
  const target = s.geo.hitTest(at.x, at.y, "drop");
  if (cfg.onEditDrop) {
    const place = target === null || target === "dice" || target === "side" ? null : target;
    if (place !== null && !sameLoc(place, d.from) && cfg.onEditDrop({ player: d.player, from: d.from, to: place })) {
      // The controller has passed the view with the checker in its new place (set() drew it from there).
      if (s.lifted) {
        s.lifted = null;
        schedule(s);
      }
      return;
    }
    s.lifted = null;
    fly(s, [{ player: d.player, loc: d.from, start: at, end: topSlot(s, d.player, d.from) }], glideMs(s) * 0.5);
    return;
  }
  const back = undoSource(s);
  if (target !== null && target !== "dice" && target !== "side" && isDest(s, d.from, target)) {
    commitMove(s, d.from, target, at);
  } else if (target !== null && target !== "dice" && target !== "side" && isTry(s, d.from, target)) {
    commitTry(s, d.from, target, at);
  } else if (target !== null && back !== null && sameLoc(back, target)) {
    commitUndo(s, at);
  } else {
    // dropped nowhere useful: the checker goes home, still selected
    const player = mover(s);
    s.lifted = null;
    fly(s, [{ player, loc: d.from, start: at, end: topSlot(s, player, d.from) }], glideMs(s) * 0.5);
  }
}

/** @param {State} s */
function endDrag(s) {
  const drag = s.drag;
  if (!drag) return;
  if (drag.el) drag.el.remove();
  try {
    s.svg.releasePointerCapture(drag.id);
  } catch {
    // already released
  }
  s.svg.classList.remove("dragging");
  for (const g of s.targets.values()) g.classList.remove("drag-over");
  s.drag = null;
}

/** Drop a drag in progress: the checker in the hand is drawn at its place again. @param {State} s */
export function cancelDrag(s) {
  endDrag(s);
  if (s.lifted) {
    s.lifted = null;
    schedule(s);
  }
}

/** A press that did not drag lost its capture: it is over. @param {State} s @param {PointerEvent} ev */
export function onLostCapture(s, ev) {
  if (s.drag && ev.pointerId === s.drag.id && !s.drag.moving) s.drag = null;
}

/** No context menu during a drag. @param {State} s @param {Event} ev */
export function onContextMenu(s, ev) {
  if (s.drag) ev.preventDefault();
}

/** The click that a drag's release makes reaches no one (not the place it was dropped on). @param {State} s @param {MouseEvent} ev */
export function swallowClick(s, ev) {
  if (!s.swallowClick) return;
  s.swallowClick = false;
  ev.stopPropagation();
  ev.preventDefault();
}
