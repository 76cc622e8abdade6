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

import { createGeometry, NARROW_MEDIA } from "./geometry.js";
import { svgEl, addDefs } from "./svg.js";
import { sameLoc, boardOf } from "./state.js";
import { LANGUAGE_CHANGED, t } from "../i18n/i18n.js";
import { listen, mover, glideMs } from "./model.js";
import { buildStatic, schedule, drawNow, renumber } from "./render.js";
import { finishFlights, glideMove } from "./anim.js";
import { select } from "./moves.js";
import { onPointerDown, onPointerMove, onPointerUp, cancelDrag, onLostCapture, onContextMenu, swallowClick } from "./drag.js";
import { onKeyDown, onFocusIn, focusPoint } from "./keys.js";

/** @typedef {import("./geometry.js").Loc} Loc */
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
 * @property {import("../types.js").BoardView} view  the JSON view of docs/architecture.md; only `board` is required
 * @property {"right" | "left"} [orientation]  where the bottom player's home board is (default right)
 * @property {0 | 1} [perspective]  the player sitting at the bottom (default 0)
 * @property {0 | 1 | null} [numbering]  whose numbers the points carry, counted from that player's home (as gnubg's and
 *   XG's boards can number them for the player on roll); null (the default): the bottom player's
 * @property {"auto" | "wide" | "narrow"} [layout]  the desktop's board or the phone's (geometry.js's LAYOUTS); "auto"
 *   (the default) takes the narrow one on screens that match NARROW_MEDIA, and changes when the screen turns
 * @property {boolean} [showPips]
 * @property {number} [animationMs]  glide duration; 0 turns animation off
 * @property {boolean} [interactive]  false while the computer plays or Python is busy
 * @property {boolean} [diceActive]  false: a press on the dice does nothing now (the friend's or the computer's turn):
 *   no Roll drawn, and the dice are not a button to press (default true)
 * @property {Loc[]} [highlights]  points to light (tutorial)
 * @property {Record<string, Loc[]>} [tries]  by source (as `view.dests`), places a checker may be put down on although
 *   they are no destination: reported as moves, for the controller to answer with the rule broken (the tutorial);
 *   never lit nor named as destinations
 * @property {BoardArrow[]} [arrows]  arrows to draw (tutorial, hints, the review's plays)
 * @property {{from: Loc, to: Loc}[]} [lastMoves]  extra moves to mark `.last-move` (e.g. the opponent's play)
 * @property {"done" | "pass" | null} [endPrompt]  nothing is left to play and the turn waits: a *Done* (or *Pass*)
 *   button drawn beside the dice, which report a press as `onDiceClick` (the controller ends the turn); Enter or
 *   Space on a place is then left to the page (it picks up nothing)
 * @property {boolean} [oneTap]  a tap (or click) on a checker plays it at once, by the die shown first or the one
 *   that can be played (moves.js `oneTapDest`); a checker no die takes anywhere is picked up as without it; drags
 *   and the keyboard are unchanged
 * @property {(move: BoardMove) => void} [onMove]
 * @property {() => void} [onUndo]
 * @property {() => void} [onDiceClick]
 * @property {() => void} [onCubeClick]
 * @property {(loc: Loc | null) => void} [onSelect]
 * @property {(drop: {player: number, from: Loc, to: Loc}) => boolean} [onEditDrop]  position editing: a checker
 *   dragged from one place to another; true if the controller put it there (it passes the new view with set())
 */

const COMPACT_BELOW_PX = 600; // rendered width under which the board's text is drawn larger
const TURN_SETTLE_MS = 150; // how long the screen's size must stay across NARROW_MEDIA before the layout changes

let boardCount = 0;

/**
 * @param {HTMLElement} el  the container; the board fills its width
 * @param {BoardConfig} config
 */
export function createBoard(el, config) {
  const { s, narrowScreen } = startBoard(config);
  buildStatic(s);
  drawNow(s);
  el.appendChild(s.svg);
  return boardApi(s, narrowScreen);
}

/**
 * The same board, built in two steps with `pause()` between them (the page's start, where each step is a task of
 * its own at a phone's speed), off the page, then put in place of what `el` held (the drawing of the start board
 * in the page's HTML) at once.
 * @param {HTMLElement} el @param {BoardConfig} config @param {() => Promise<void>} pause
 */
export async function createBoardInSteps(el, config, pause) {
  const { s, narrowScreen } = startBoard(config);
  buildStatic(s);
  await pause();
  drawNow(s);
  el.replaceChildren(s.svg);
  return boardApi(s, narrowScreen);
}

/** A board's state and its listeners, its drawing not begun. @param {BoardConfig} config */
function startBoard(config) {
  /** @type {State["cfg"]} */
  const cfg = {
    orientation: "right", perspective: 0, showPips: true, animationMs: 250, interactive: true, layout: "auto",
    ...config,
  };
  const narrowScreen = typeof matchMedia === "function" ? matchMedia(NARROW_MEDIA) : null;
  const s = newState(cfg, layoutOf(cfg, narrowScreen));
  watchSize(s);
  bindInput(s);
  // The board's words follow the page's language at once (web/i18n/i18n.js `useLanguage`).
  listen(s, LANGUAGE_CHANGED, () => {
    s.svg.setAttribute("aria-label", t("board.label"));
    schedule(s);
  }, document);
  if (narrowScreen) watchTurns(s, narrowScreen);
  return { s, narrowScreen };
}

/**
 * What the page may do with a board.
 * @param {State} s @param {MediaQueryList | null} narrowScreen
 */
function boardApi(s, narrowScreen) {
  return {
    /**
     * Change any part of the config. A new `view` is drawn (running glides land on it), drops the
     * selection and re-enables input after a move the board reported.
     * @param {Partial<BoardConfig>} partial
     */
    set: (partial) => setConfig(s, narrowScreen, partial),
    destroy() {
      finishFlights(s);
      cancelDrag(s);
      if (s.rafId) cancelAnimationFrame(s.rafId);
      s.rafId = 0;
      for (const off of s.unbinds.splice(0)) off();
      s.svg.remove();
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

/**
 * The layout the config asks for: "auto" is the narrow one on screens that match NARROW_MEDIA.
 * @param {State["cfg"]} cfg @param {MediaQueryList | null} narrowScreen
 * @returns {"wide" | "narrow"}
 */
const layoutOf = (cfg, narrowScreen) => (cfg.layout === "auto" || !cfg.layout ? (narrowScreen?.matches ? "narrow" : "wide") : cfg.layout);

/**
 * The board's SVG skeleton, not in the page yet, and its state.
 * @param {State["cfg"]} cfg @param {"wide" | "narrow"} layout
 * @returns {State}
 */
function newState(cfg, layout) {
  const prefix = `bgb${++boardCount}`;
  const geo = createGeometry(cfg.orientation, cfg.perspective, layout);
  const svg = /** @type {SVGSVGElement} */ (svgEl("svg", {
    viewBox: `0 0 ${geo.W} ${geo.H}`, class: `bg-board ${geo.layout}`, role: "group", "aria-label": t("board.label"),
    preserveAspectRatio: "xMidYMid meet",
  }));
  const defs = svgEl("defs", {}, svg);
  addDefs(defs, prefix);
  return {
    cfg,
    prefix,
    geo,
    drawn: boardOf(cfg.view),
    shownView: cfg.view,
    selected: null,
    focusLoc: null,
    focusRow: "bottom",
    lifted: null,
    hidden: new Map(),
    fittedNames: new Map(),
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
}

/** Small boards (phones) get larger text, or the names and counts would be unreadable. @param {State} s */
function watchSize(s) {
  if (typeof ResizeObserver !== "function") return;
  const watcher = new ResizeObserver(() => {
    const width = s.svg.getBoundingClientRect().width;
    if (width > 0) s.svg.classList.toggle("compact", s.geo.layout === "wide" && width < COMPACT_BELOW_PX);
  });
  watcher.observe(s.svg);
  s.unbinds.push(() => watcher.disconnect());
}

/** The pointer, the keys and the focus on the board. @param {State} s */
function bindInput(s) {
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
  s.svg.addEventListener("click", swallow, true);
  s.unbinds.push(() => s.svg.removeEventListener("click", swallow, true));
}

/**
 * The geometry made again (orientation, perspective or layout changed) and the frame rebuilt.
 * @param {State} s @param {"wide" | "narrow"} layout
 */
function relayout(s, layout) {
  finishFlights(s);
  cancelDrag(s);
  const { cfg, svg } = s;
  const geo = createGeometry(cfg.orientation, cfg.perspective, layout);
  s.geo = geo;
  svg.setAttribute("viewBox", `0 0 ${geo.W} ${geo.H}`);
  svg.classList.toggle("wide", geo.layout === "wide");
  svg.classList.toggle("narrow", geo.layout === "narrow");
  if (geo.layout === "narrow") svg.classList.remove("compact");
  const hadFocus = svg.contains(document.activeElement);
  buildStatic(s);
  // Drawn at once, not at the next frame: the rebuilt targets have no checkers to pick until drawn, and a
  // player (or a check) between the two would find nothing to move.
  drawNow(s);
  if (hadFocus && s.focusLoc !== null) focusPoint(s, s.focusLoc);
}

/**
 * The screen turned (or the window was resized across NARROW_MEDIA): the other layout, once the screen has
 * settled and no checker is being dragged (a passing resize, such as a full-page screenshot's, changes nothing).
 * @param {State} s @param {MediaQueryList} narrowScreen
 */
function watchTurns(s, narrowScreen) {
  let timer = 0;
  const check = () => {
    timer = 0;
    const layout = layoutOf(s.cfg, narrowScreen);
    if (layout === s.geo.layout) return;
    if (s.drag) {
      timer = window.setTimeout(check, TURN_SETTLE_MS);
      return;
    }
    relayout(s, layout);
    schedule(s);
  };
  const onTurn = () => {
    clearTimeout(timer);
    timer = window.setTimeout(check, TURN_SETTLE_MS);
  };
  narrowScreen.addEventListener("change", onTurn);
  s.unbinds.push(() => {
    narrowScreen.removeEventListener("change", onTurn);
    clearTimeout(timer);
  });
}

/**
 * Whether a checker picked up at `loc` stays in hand across a redraw: the same position, dice and destinations
 * from there (the same turn, drawn again because a line of the status changed, say).
 * @param {any} before @param {any} after @param {Loc} loc
 */
function sameTurnFrom(before, after, loc) {
  const key = String(loc);
  const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);
  return Boolean(before && after) && same(boardOf(before), boardOf(after)) && same(before.dice, after.dice)
    && same(before.turn, after.turn) && same(before.dests?.[key], after.dests?.[key]) && Boolean(after.dests?.[key]?.length);
}

/**
 * The board's `set`: see its comment in createBoard.
 * @param {State} s @param {MediaQueryList | null} narrowScreen @param {Partial<BoardConfig>} partial
 */
function setConfig(s, narrowScreen, partial) {
  const { cfg } = s;
  const renumbered = "numbering" in partial && (partial.numbering ?? null) !== (cfg.numbering ?? null);
  const changed = ("orientation" in partial && partial.orientation !== cfg.orientation)
    || ("perspective" in partial && partial.perspective !== cfg.perspective)
    || ("layout" in partial && partial.layout !== cfg.layout);
  Object.assign(cfg, partial);
  // The same view object while input is off (the controller is busy with the move the board
  // just reported) keeps the checker where the user put it; anything else redraws from the view.
  const stale = "view" in partial && partial.view === s.shownView && !cfg.interactive;
  if ("view" in partial && !stale) {
    const before = s.shownView;
    s.shownView = cfg.view;
    // Glides in progress finish on their own: the view that answers a move usually arrives
    // within milliseconds and already has the checker where the glide is taking it.
    cancelDrag(s);
    s.drawn = boardOf(cfg.view);
    s.pending = false;
    s.pendingMove = null;
    if (s.selected !== null && !(s.cfg.interactive && sameTurnFrom(before, cfg.view, s.selected))) select(s, null);
  }
  if ("interactive" in partial && !cfg.interactive) {
    cancelDrag(s);
    if (s.selected !== null) select(s, null);
  }
  if (changed) relayout(s, layoutOf(cfg, narrowScreen));
  else if (renumbered) renumber(s);
  schedule(s);
}
