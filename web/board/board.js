// @ts-check
/**
 * The SVG backgammon board: draws the JSON view it is given and reports what the user did.
 * No rules live here (legality comes in `view.dests`), no storage, no network.
 *
 *   const board = createBoard(el, {view, onMove, onUndo, onDiceClick});
 *   board.set({view: nextView});   // redraw (batched per animation frame)
 *   await board.animateMove({from: 13, to: 8, player: 1});   // glide a checker, e.g. the computer's
 *   board.destroy();
 *
 * Moves the user makes on the board are shown at once (the checker glides or is dropped there)
 * and input pauses until the controller passes the next view with set({view}). Passing the same
 * view object again with interactive false keeps that checker where the user put it.
 * Dice and cube clicks are always reported (the controller decides what they mean).
 *
 * Position editing (`onEditDrop`): any checker on a point, on the bar or in the tray can be dragged to another
 * place, whatever the rules say; the controller decides whether it goes there (and passes the new view) or not
 * (it goes back). A press that does not become a drag stays a click, for the controller to handle.
 */

import { createGeometry, W, H, R, MID } from "./geometry.js";
import { svgEl, addDefs, drawChecker } from "./svg.js";
import { sameLoc, boardOf, countAt, toLoc } from "./state.js";
import { t, listen, mover, glideMs, view, isDest, undoSource, topSlot } from "./model.js";
import { buildStatic, schedule, drawNow } from "./render.js";
import { finishFlights, glideMove, fly } from "./anim.js";
import { select, activate, commitMove, commitUndo } from "./moves.js";

/** @typedef {import("./geometry.js").Loc} Loc */
/** @typedef {import("./geometry.js").Pt} Pt */
/** @typedef {import("./model.js").State} State */
/** @typedef {{from: number | "bar", to: number | "off"}} BoardMove */
/**
 * An arrow over the board. `kind` (lower-case letters and dashes) is added to its class, `arrow played`, and gives
 * it an arrow head of its own class (`arrow-head played`), for board.css to colour; `offset` shifts it sideways
 * (viewBox units) so that two arrows between the same places stay apart.
 * @typedef {{from: Loc, to: Loc, player?: number, kind?: string, offset?: number}} BoardArrow
 */

/**
 * @typedef {Object} BoardConfig
 * @property {any} view  the JSON view of docs/architecture.md; only `board` is required
 * @property {"right" | "left"} [orientation]  where the bottom player's home board is (default right)
 * @property {0 | 1} [perspective]  the player sitting at the bottom (default 0)
 * @property {boolean} [showPips]
 * @property {number} [animationMs]  glide duration; 0 turns animation off
 * @property {boolean} [interactive]  false while the computer plays or Python is busy
 * @property {Loc[]} [highlights]  points to light (tutorial)
 * @property {BoardArrow[]} [arrows]  arrows to draw (tutorial, hints, the review's plays)
 * @property {{from: Loc, to: Loc}[]} [lastMoves]  extra moves to mark `.last-move` (e.g. the opponent's play)
 * @property {Record<string, string>} [texts]  words shown on the board, for translation
 * @property {(move: BoardMove) => void} [onMove]
 * @property {() => void} [onUndo]
 * @property {() => void} [onDiceClick]
 * @property {() => void} [onCubeClick]
 * @property {(loc: Loc | null) => void} [onSelect]
 * @property {(drop: {player: number, from: Loc, to: Loc}) => boolean} [onEditDrop]  position editing: a checker
 *   dragged from one place to another; true if the controller put it there (it passes the new view with set())
 */

// ---- pointer input -----------------------------------------------------------------------
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
 * Whose checker a press on a place would pick up while the position is edited: the colour on a point; on the bar
 * and in the tray, the colour of the half pressed. Null where there is none.
 * @param {State} s @param {Loc} loc @param {Pt} at @returns {number | null}
 */
function editPlayer(s, loc, at) {
  if (loc === "bar" || loc === "off") {
    const player = (at.y >= MID) === s.geo.isBottom(0) ? 0 : 1;
    return countAt(s.drawn, player, loc) > 0 ? player : null;
  }
  if (countAt(s.drawn, 0, loc) > 0) return 0;
  return countAt(s.drawn, 1, loc) > 0 ? 1 : null;
}

/** @param {State} s @param {PointerEvent} ev */
function onPointerDown(s, ev) {
  const { cfg } = s;
  if (ev.pointerType === "mouse" && ev.button !== 0) return;
  if (s.drag) cancelDrag(s);
  s.swallowClick = false;
  const at = toBoard(s, ev);
  const cubeHit = cfg.view && view(s).cube && pointInCube(s, at);
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
  return at.x >= x && at.x <= x + 60 && at.y >= y && at.y <= y + 60;
}

/** @param {State} s @param {PointerEvent} ev */
function onPointerMove(s, ev) {
  const drag = s.drag;
  if (!drag || ev.pointerId !== drag.id) return;
  if (!drag.moving) {
    const far = Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y);
    if (far < (drag.touch ? DRAG_THRESHOLD_TOUCH : DRAG_THRESHOLD_MOUSE)) return;
    drag.moving = true;
    if (s.cfg.onEditDrop) capture(s, drag.id);
    s.lifted = { player: drag.player, loc: drag.from };
    const at = toBoard(s, ev);
    drag.el = drawChecker(s.layerFloat, s.prefix, drag.player, at.x, at.y, R * 1.08, "dragging");
    s.svg.classList.add("dragging");
    drawNow(s);
  }
  const at = toBoard(s, ev);
  /** @type {SVGElement} */ (drag.el).setAttribute("transform", `translate(${at.x} ${at.y})`);
  // light the place the checker would land on if dropped now
  const over = s.geo.hitTest(at.x, at.y, "drop");
  for (const [key, g] of s.targets) g.classList.toggle("drag-over", over !== null && key === String(over));
}

/** @param {State} s @param {PointerEvent} ev */
function onPointerUp(s, ev) {
  const { cfg } = s;
  if (!s.drag || ev.pointerId !== s.drag.id) return;
  const d = s.drag;
  endDrag(s);
  if (!d.moving) {
    // a tap on the checker that was already selected puts it down again
    if (d.wasSelected) select(s, null);
    return;
  }
  s.swallowClick = true;
  const at = toBoard(s, ev);
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
function cancelDrag(s) {
  endDrag(s);
  if (s.lifted) {
    s.lifted = null;
    schedule(s);
  }
}

/** A press that did not drag lost its capture: it is over. @param {State} s @param {PointerEvent} ev */
function onLostCapture(s, ev) {
  if (s.drag && ev.pointerId === s.drag.id && !s.drag.moving) s.drag = null;
}

/** No context menu during a drag. @param {State} s @param {Event} ev */
function onContextMenu(s, ev) {
  if (s.drag) ev.preventDefault();
}

/** The click that a drag's release makes reaches no one (not the place it was dropped on). @param {State} s @param {MouseEvent} ev */
function swallowClick(s, ev) {
  if (!s.swallowClick) return;
  s.swallowClick = false;
  ev.stopPropagation();
  ev.preventDefault();
}

// ---- keyboard input ----------------------------------------------------------------------
/** @param {State} s @param {KeyboardEvent} ev */
function onKeyDown(s, ev) {
  const { cfg, diceTarget, cubeTarget } = s;
  const node = /** @type {Element} */ (ev.target);
  if (node === diceTarget || node === cubeTarget) {
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      if (node === diceTarget && cfg.onDiceClick) cfg.onDiceClick();
      if (node === cubeTarget && cfg.onCubeClick) cfg.onCubeClick();
    }
    return;
  }
  const key = node && node.getAttribute && node.getAttribute("data-loc");
  if (!key) return;
  const loc = toLoc(key);
  const order = s.geo.playingOrder(mover(s));
  const i = order.findIndex((l) => sameLoc(l, loc));
  /** @type {Loc} */ let next;
  switch (ev.key) {
    case "ArrowRight": case "ArrowDown": next = order[(i + 1) % order.length]; break;
    case "ArrowLeft": case "ArrowUp": next = order[(i - 1 + order.length) % order.length]; break;
    case "Home": next = order[0]; break;
    case "End": next = order[order.length - 1]; break;
    case "Enter": case " ":
      ev.preventDefault();
      activate(s, loc);
      drawNow(s);
      return;
    case "Escape":
      if (s.selected !== null) {
        ev.preventDefault();
        select(s, null);
      }
      return;
    default:
      return;
  }
  ev.preventDefault();
  focusPoint(s, next);
}

/** @param {State} s @param {FocusEvent} ev */
function onFocusIn(s, ev) {
  const key = /** @type {Element} */ (ev.target).getAttribute?.("data-loc");
  if (key && !sameLoc(s.focusLoc, toLoc(key))) {
    s.focusLoc = toLoc(key);
    for (const [k, g] of s.targets) g.setAttribute("tabindex", k === key ? "0" : "-1");
  }
}

/** Move keyboard focus to a point, the bar or the tray. @param {State} s @param {Loc} loc */
function focusPoint(s, loc) {
  const g = s.targets.get(String(loc));
  if (!g) return;
  s.focusLoc = loc;
  for (const other of s.targets.values()) other.setAttribute("tabindex", other === g ? "0" : "-1");
  /** @type {any} */ (g).focus({ preventScroll: true });
}

const COMPACT_BELOW_PX = 600; // rendered width under which the board's text is drawn larger

let boardCount = 0;

/**
 * @param {HTMLElement} el  the container; the board fills its width
 * @param {BoardConfig} config
 */
export function createBoard(el, config) {
  const prefix = `bgb${++boardCount}`;
  /** @type {State["cfg"]} */
  const cfg = {
    orientation: "right", perspective: 0, showPips: true, animationMs: 250, interactive: true,
    ...config,
  };

  // ---- DOM skeleton ----------------------------------------------------------------------
  const svg = /** @type {SVGSVGElement} */ (svgEl("svg", {
    viewBox: `0 0 ${W} ${H}`, class: "bg-board", role: "group", "aria-label": t({ cfg }, "board"),
    preserveAspectRatio: "xMidYMid meet",
  }));
  el.appendChild(svg);
  const defs = svgEl("defs", {}, svg);
  addDefs(defs, prefix);
  /** @type {State} */
  const s = {
    cfg,
    prefix,
    geo: createGeometry(cfg.orientation, cfg.perspective),
    drawn: boardOf(cfg.view),
    shownView: cfg.view,
    selected: null,
    focusLoc: null,
    lifted: null,
    hidden: new Map(),
    pending: false,
    pendingMove: null,
    flights: new Set(),
    drag: null,
    swallowClick: false,
    rafId: 0,
    lastDiceKey: undefined,
    rolledAt: -Infinity,
    unbinds: [],
    svg,
    defs,
    layerFrame: svgEl("g", { class: "layer-frame" }, svg),
    layerTargets: svgEl("g", { class: "layer-targets" }, svg),
    layerMarks: svgEl("g", { class: "layer-marks", "aria-hidden": "true" }, svg),
    layerCheckers: svgEl("g", { class: "layer-checkers", "aria-hidden": "true" }, svg),
    layerInfo: svgEl("g", { class: "layer-info" }, svg),
    layerArrows: svgEl("g", { class: "layer-arrows", "aria-hidden": "true" }, svg),
    layerFloat: svgEl("g", { class: "layer-float", "aria-hidden": "true" }, svg),
    targets: new Map(),
    // made by buildStatic, before anything reads them
    diceTarget: /** @type {any} */ (null),
    cubeTarget: /** @type {any} */ (null),
  };

  // Small boards (phones) get larger text, or the names and counts would be unreadable.
  if (typeof ResizeObserver === "function") {
    const watcher = new ResizeObserver(() => {
      const width = svg.getBoundingClientRect().width;
      if (width > 0) svg.classList.toggle("compact", width < COMPACT_BELOW_PX);
    });
    watcher.observe(svg);
    s.unbinds.push(() => watcher.disconnect());
  }

  listen(s, "pointerdown", (ev) => onPointerDown(s, ev));
  listen(s, "pointermove", (ev) => onPointerMove(s, ev));
  listen(s, "pointerup", (ev) => onPointerUp(s, ev));
  listen(s, "pointercancel", () => cancelDrag(s));
  listen(s, "lostpointercapture", (ev) => onLostCapture(s, ev));
  listen(s, "keydown", (ev) => onKeyDown(s, ev));
  listen(s, "focusin", (ev) => onFocusIn(s, ev));
  listen(s, "contextmenu", (ev) => onContextMenu(s, ev));
  // Capture phase: the click that a drag's release makes reaches no one (not the place it was dropped on).
  /** @param {MouseEvent} ev */
  const swallow = (ev) => swallowClick(s, ev);
  svg.addEventListener("click", swallow, true);
  s.unbinds.push(() => svg.removeEventListener("click", swallow, true));

  buildStatic(s);
  drawNow(s);

  return {
    /**
     * Change any part of the config. A new `view` is drawn (running glides land on it), drops the
     * selection and re-enables input after a move the board reported.
     * @param {Partial<BoardConfig>} partial
     */
    set(partial) {
      const relayout = ("orientation" in partial && partial.orientation !== cfg.orientation)
        || ("perspective" in partial && partial.perspective !== cfg.perspective);
      Object.assign(cfg, partial);
      // The same view object while input is off (the controller is busy with the move the board
      // just reported) keeps the checker where the user put it; anything else redraws from the view.
      const stale = "view" in partial && partial.view === s.shownView && !cfg.interactive;
      if ("view" in partial && !stale) {
        s.shownView = cfg.view;
        // Glides in progress finish on their own: the view that answers a move usually arrives
        // within milliseconds and already has the checker where the glide is taking it.
        cancelDrag(s);
        s.drawn = boardOf(cfg.view);
        s.pending = false;
        s.pendingMove = null;
        if (s.selected !== null) select(s, null);
      }
      if ("interactive" in partial && !cfg.interactive) {
        cancelDrag(s);
        if (s.selected !== null) select(s, null);
      }
      if (relayout) {
        finishFlights(s);
        s.geo = createGeometry(cfg.orientation, cfg.perspective);
        const hadFocus = svg.contains(document.activeElement);
        buildStatic(s);
        if (hadFocus && s.focusLoc !== null) focusPoint(s, s.focusLoc);
      }
      schedule(s);
    },
    destroy() {
      finishFlights(s);
      cancelDrag(s);
      if (s.rafId) cancelAnimationFrame(s.rafId);
      s.rafId = 0;
      for (const off of s.unbinds.splice(0)) off();
      svg.remove();
    },
    /** Move keyboard focus to a point, the bar or the tray. @param {Loc} loc */
    focusPoint: (loc) => focusPoint(s, loc),
    /**
     * Glide one checker (and a checker it hits to the bar) in the drawn position, e.g. the
     * computer's move, before passing the resulting view with set(). A move the user just made
     * on the board is already shown, so it resolves at once.
     * @param {{from: Loc, to: Loc, player?: number}} move
     * @returns {Promise<void>}
     */
    animateMove(move) {
      const { pendingMove } = s;
      if (pendingMove && sameLoc(pendingMove.from, move.from) && sameLoc(pendingMove.to, move.to)) {
        s.pendingMove = null;
        return Promise.resolve();
      }
      const player = typeof move.player === "number" ? move.player : mover(s);
      return glideMove(s, player, move.from, move.to, null, glideMs(s));
    },
  };
}
