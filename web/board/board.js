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

import { createGeometry, W, H, STRIP, R, D, MID, PW } from "./geometry.js";
import { svgEl, svgText, addDefs, drawChecker, drawDie, drawCube } from "./svg.js";
import { sameLoc, toLoc, boardOf, countAt, moveChecker, takeBack, usedDice } from "./state.js";

/** @typedef {import("./geometry.js").Loc} Loc */
/** @typedef {import("./geometry.js").Pt} Pt */
/** @typedef {import("./state.js").BoardState} BoardState */
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

const TEXTS = {
  board: "Backgammon board",
  roll: "Roll",
  pips: "pips",
  match: "point match",
  money: "Money game",
  crawford: "Crawford",
  bar: "Bar",
  off: "Borne off",
  point: "Point",
  dice: "Dice",
  rollDice: "Roll the dice",
  cube: "Doubling cube",
  offeredAt: "offered at",
  by: "by",
  destination: "destination",
  selected: "selected",
  white: "white",
  black: "black",
  checkers: "checkers",
};

const DRAG_THRESHOLD_MOUSE = 4; // CSS pixels before a press becomes a drag
const DRAG_THRESHOLD_TOUCH = 10;

const ROLL_MS = 450; // the dice tumble, as in board.css
const COMPACT_BELOW_PX = 600; // rendered width under which the board's text is drawn larger

let boardCount = 0;

/** @param {number} t */
const ease = (t) => (t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2);

/**
 * @param {HTMLElement} el  the container; the board fills its width
 * @param {BoardConfig} config
 */
export function createBoard(el, config) {
  const prefix = `bgb${++boardCount}`;
  /** @type {Required<Pick<BoardConfig, "orientation" | "perspective" | "showPips" | "animationMs" | "interactive">> & BoardConfig} */
  const cfg = {
    orientation: "right", perspective: 0, showPips: true, animationMs: 250, interactive: true,
    ...config,
  };
  let geo = createGeometry(cfg.orientation, cfg.perspective);
  let drawn = boardOf(cfg.view);
  /** the view `drawn` was taken from */ let shownView = cfg.view;
  /** @type {Loc | null} */ let selected = null;
  /** @type {Loc | null} */ let focusLoc = null;
  /** @type {{player: number, loc: Loc} | null} a checker picked up by a drag */ let lifted = null;
  /** checkers in flight, not drawn at their place yet: "player:loc" → n */ const hidden = new Map();
  /** the board reported a move/undo and waits for the next view */ let pending = false;
  /** @type {BoardMove | null} */ let pendingMove = null;
  /** @type {Set<{finish: () => void}>} */ const flights = new Set();
  /** @type {any} */ let drag = null;
  /** the click that ends a drag is not a click on the place it was dropped on */ let swallowClick = false;
  let rafId = 0;
  /** @type {string | null | undefined} the roll drawn last (undefined before the first drawing) */ let lastDiceKey;
  /** when the current roll appeared (performance.now()), for its tumble */ let rolledAt = -Infinity;
  /** @type {Array<() => void>} */ const unbinds = [];

  const t = (/** @type {keyof typeof TEXTS} */ k) => (cfg.texts && cfg.texts[k]) || TEXTS[k];

  // ---- DOM skeleton ----------------------------------------------------------------------
  const svg = /** @type {SVGSVGElement} */ (svgEl("svg", {
    viewBox: `0 0 ${W} ${H}`, class: "bg-board", role: "group", "aria-label": t("board"),
    preserveAspectRatio: "xMidYMid meet",
  }));
  el.appendChild(svg);
  const defs = svgEl("defs", {}, svg);
  addDefs(defs, prefix);
  const layerFrame = svgEl("g", { class: "layer-frame" }, svg);
  const layerTargets = svgEl("g", { class: "layer-targets" }, svg);
  const layerMarks = svgEl("g", { class: "layer-marks", "aria-hidden": "true" }, svg);
  const layerCheckers = svgEl("g", { class: "layer-checkers", "aria-hidden": "true" }, svg);
  const layerInfo = svgEl("g", { class: "layer-info" }, svg);
  const layerArrows = svgEl("g", { class: "layer-arrows", "aria-hidden": "true" }, svg);
  const layerFloat = svgEl("g", { class: "layer-float", "aria-hidden": "true" }, svg);
  /** @type {Map<string, SVGElement>} */ const targets = new Map();
  /** @type {SVGElement} */ let diceTarget;
  /** @type {SVGElement} */ let cubeTarget;

  /** @param {string} type @param {(ev: any) => void} fn @param {EventTarget} [on] */
  function listen(type, fn, on = svg) {
    on.addEventListener(type, fn);
    unbinds.push(() => on.removeEventListener(type, fn));
  }

  /** The frame, felt, points and focusable targets: rebuilt only when orientation/perspective change. */
  function buildStatic() {
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
    svgEl("rect", { x: side.x + 8, y: side.y, width: side.w - 16, height: side.h, rx: 6, class: "side-well" }, layerFrame);
    for (const player of [0, 1]) {
      const r = geo.trayHalf(player);
      svgEl("rect", { x: r.x + 4, y: r.y + (geo.isBottom(player) ? 3 : 0), width: r.w - 8, height: r.h - 3, rx: 6, class: "tray-well" }, layerFrame);
    }
    for (let p = 1; p <= 24; p++) {
      const n = geo.numberPos(p);
      svgText(layerFrame, String(geo.rel(p)), { x: n.x, y: n.y, class: "point-number", "text-anchor": "middle", "dominant-baseline": "central" });
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
    diceTarget = svgEl("g", { class: "dice-target", role: "button", tabindex: 0 }, layerTargets);
    svgEl("rect", { class: "focus-ring", rx: 8 }, diceTarget);
    cubeTarget = svgEl("g", { class: "cube-target", role: "button", tabindex: 0 }, layerTargets);
    svgEl("rect", { class: "focus-ring", rx: 8 }, cubeTarget);
  }

  // ---- what the view says ---------------------------------------------------------------
  const view = () => cfg.view || {};
  /** whose checkers "bar"/"off"/dests refer to */
  const mover = () => (typeof view().turn === "number" ? view().turn : cfg.perspective);
  /** @param {Loc} from @returns {Loc[]} */
  const destsOf = (from) => ((view().dests || {})[String(from)] || []).map(toLoc);
  /** @param {Loc} from @param {Loc} to */
  const isDest = (from, to) => destsOf(from).some((d) => sameLoc(d, to));
  const lastMove = () => {
    const v = view();
    const made = v.moves_made || [];
    if (!made.length || v.can_undo === false) return null;
    const m = made[made.length - 1];
    return { from: toLoc(m.from), to: toLoc(m.to), hit: !!m.hit };
  };
  /** @param {Loc} loc  the checker that was just moved sits here */
  const isJustMoved = (loc) => {
    const m = lastMove();
    return !!m && sameLoc(m.to, loc) && countAt(drawn, mover(), loc) > 0;
  };
  const active = () => !!cfg.interactive && !pending && cfg.view && !["game_over", "match_over"].includes(view().phase);
  /** @param {Loc} loc */
  const canPick = (loc) => active() && (destsOf(loc).length > 0 || isJustMoved(loc));
  const undoSource = () => {
    const m = lastMove();
    return selected !== null && m && isJustMoved(selected) && sameLoc(selected, m.to) ? m.from : null;
  };

  /** Checkers drawn at a place: the state minus those in flight or in the hand. @param {number} player @param {Loc} loc */
  function shown(player, loc) {
    let n = countAt(drawn, player, loc) - (hidden.get(`${player}:${loc}`) || 0);
    if (lifted && lifted.player === player && sameLoc(lifted.loc, loc)) n -= 1;
    return Math.max(0, n);
  }

  /** Where the i-th checker of a player sits at a place. @param {number} player @param {Loc} loc @param {number} i @returns {Pt} */
  function slot(player, loc, i) {
    if (loc === "bar") return geo.checkerOnBar(player, Math.max(0, i));
    if (loc === "off") return geo.slabCenter(player, Math.max(0, i));
    return geo.checkerOnPoint(loc, Math.max(0, i));
  }

  // ---- drawing ---------------------------------------------------------------------------
  function schedule() {
    if (!rafId) rafId = requestAnimationFrame(drawNow);
  }

  function drawNow() {
    if (rafId) cancelAnimationFrame(rafId);
    rafId = 0;
    updateTargets();
    drawCheckers();
    drawMarks();
    drawInfo();
    drawArrows();
  }

  /** @param {Loc} loc */
  function labelFor(loc) {
    const labels = view().labels || {};
    let text = labels[String(loc)];
    if (!text) {
      if (loc === "bar" || loc === "off") {
        text = `${t(loc)}: ${countAt(drawn, 0, loc)} ${t("white")}, ${countAt(drawn, 1, loc)} ${t("black")}`;
      } else {
        const n0 = countAt(drawn, 0, loc);
        const n1 = countAt(drawn, 1, loc);
        const who = n0 ? ` ${n0} ${t("white")} ${t("checkers")}` : n1 ? ` ${n1} ${t("black")} ${t("checkers")}` : "";
        text = `${t("point")} ${geo.rel(loc)}${who ? "," + who : ""}`;
      }
    }
    if (selected !== null && sameLoc(selected, loc)) text += `, ${t("selected")}`;
    else if (selected !== null && isDest(selected, loc)) text += `, ${t("destination")}`;
    return text;
  }

  function updateTargets() {
    const v = view();
    const marked = new Set();
    for (const m of [...(v.moves_made || []), ...(cfg.lastMoves || [])]) {
      marked.add(String(m.from));
      marked.add(String(m.to));
    }
    const lit = new Set((cfg.highlights || []).map(String));
    const undoFrom = undoSource();
    const order = geo.playingOrder(mover());
    if (focusLoc === null) focusLoc = order.find((l) => canPick(l)) ?? order[1];
    for (const [key, g] of targets) {
      const loc = toLoc(key);
      const cls = g.classList;
      cls.toggle("dest", selected !== null && isDest(selected, loc));
      cls.toggle("selected", sameLoc(selected, loc));
      cls.toggle("source", canPick(loc));
      cls.toggle("last-move", marked.has(key));
      cls.toggle("undo-source", undoFrom !== null && sameLoc(undoFrom, loc));
      cls.toggle("highlight", lit.has(key));
      g.setAttribute("aria-label", labelFor(loc));
      g.setAttribute("tabindex", sameLoc(focusLoc, loc) ? "0" : "-1");
      if (sameLoc(selected, loc)) g.setAttribute("aria-pressed", "true");
      else g.removeAttribute("aria-pressed");
    }
    svg.classList.toggle("interactive", !!active());
  }

  function drawCheckers() {
    layerCheckers.replaceChildren();
    const pick = selected;
    for (let p = 1; p <= 24; p++) {
      for (const player of [0, 1]) {
        const n = shown(player, p);
        for (let i = 0; i < Math.min(n, 5); i++) {
          const c = slot(player, p, i);
          const top = i === Math.min(n, 5) - 1;
          const g = drawChecker(layerCheckers, prefix, player, c.x, c.y, R, top && sameLoc(pick, p) && player === mover() ? "selected" : "");
          g.setAttribute("data-loc", String(p));
          if (top && n > 5) countLabel(g, n);
        }
      }
    }
    for (const player of [0, 1]) {
      const n = shown(player, "bar");
      for (let i = 0; i < Math.min(n, 4); i++) {
        const c = slot(player, "bar", i);
        const top = i === Math.min(n, 4) - 1;
        const g = drawChecker(layerCheckers, prefix, player, c.x, c.y, R, top && pick === "bar" && player === mover() ? "selected" : "");
        g.setAttribute("data-loc", "bar");
        if (top && n > 4) countLabel(g, n);
      }
      const off = shown(player, "off");
      if (off > 0) {
        const half = geo.trayHalf(player);
        const y = geo.isBottom(player) ? half.y + 16 : half.y + half.h - 16;
        svgText(layerCheckers, String(off), { x: half.x + half.w / 2, y, class: `off-count p${player}`, "text-anchor": "middle", "dominant-baseline": "central" });
      }
      for (let i = 0; i < off; i++) {
        const s = geo.slab(player, i);
        svgEl("rect", { x: s.x, y: s.y, width: s.w, height: s.h, rx: 4, class: `borne-off p${player}${i === off - 1 && pick === "off" && player === mover() ? " selected" : ""}` }, layerCheckers);
      }
    }
  }

  /** @param {Element} g @param {number} n */
  function countLabel(g, n) {
    svgText(g, String(n), { class: "count", "text-anchor": "middle", "dominant-baseline": "central" });
  }

  /** Landing rings on destinations, so the player sees where the checker would go. */
  function drawMarks() {
    layerMarks.replaceChildren();
    if (selected === null) return;
    const player = mover();
    for (const to of destsOf(selected)) {
      if (to === "off") {
        const c = slot(player, "off", shown(player, "off"));
        svgEl("rect", { x: c.x - D / 2 - 2, y: c.y - 9, width: D + 4, height: 18, rx: 5, class: "landing" }, layerMarks);
        continue;
      }
      if (to === "bar") continue;
      const blot = shown(1 - player, to) === 1;
      const c = slot(player, to, blot ? 0 : shown(player, to));
      svgEl("circle", { cx: c.x, cy: c.y, r: R - 3, class: `landing${blot ? " hit" : ""}` }, layerMarks);
    }
  }

  function drawInfo() {
    layerInfo.replaceChildren();
    const v = view();
    for (const player of [0, 1]) drawStrip(player);
    drawDice(v);
    paintCube(v);
    drawMatchInfo(v);
  }

  /** Name, pips, score of one player above (top player) or below (bottom player) the board. @param {number} player */
  function drawStrip(player) {
    const v = view();
    const bottom = geo.isBottom(player);
    const y0 = bottom ? H - STRIP : 0;
    const cy = y0 + STRIP / 2;
    const cls = ["player-info", `p${player}`, bottom ? "bottom" : "top"];
    if (v.turn === player && !["game_over", "match_over"].includes(v.phase)) cls.push("turn");
    if (typeof v.decision === "number" && v.decision === player && v.decision !== v.turn) cls.push("decision");
    const g = svgEl("g", { class: cls.join(" ") }, layerInfo);
    svgEl("rect", { x: 2, y: y0 + 4, width: W - 4, height: STRIP - 8, rx: 8, class: "strip" }, g);
    svgEl("rect", { x: 2, y: y0 + 4, width: 10, height: STRIP - 8, rx: 4, class: "turn-mark" }, g);
    drawChecker(g, prefix, player, 30, cy, 13, "swatch");
    const info = v.players && v.players[player];
    if (info) {
      const who = info.kind === "computer" && info.level ? `${info.name} · ${info.level}` : info.name;
      svgText(g, who || "", { x: 52, y: cy, class: "name", "dominant-baseline": "central" });
    }
    if (cfg.showPips && Array.isArray(v.pips)) {
      svgText(g, `${v.pips[player]} ${t("pips")}`, { x: W / 2, y: cy, class: "pips", "text-anchor": "middle", "dominant-baseline": "central" });
    }
    if (Array.isArray(v.score)) {
      svgEl("rect", { x: W - 70, y: y0 + 8, width: 60, height: STRIP - 16, rx: 6, class: "score-box" }, g);
      svgText(g, String(v.score[player]), { x: W - 40, y: cy, class: "score", "text-anchor": "middle", "dominant-baseline": "central" });
    }
  }

  /** Whether a person (not the computer) acts now, so a roll prompt makes sense. @param {any} v */
  function humanDecides(v) {
    const who = typeof v.decision === "number" ? v.decision : v.turn;
    const player = v.players && v.players[who];
    return !player || player.kind !== "computer";
  }

  /** @param {any} v */
  function drawDice(v) {
    const roller = mover();
    const center = geo.diceCenter(roller);
    const dice = Array.isArray(v.dice) && v.dice.length ? v.dice : null;
    /** area the dice target covers: the roller's half of the middle band */
    const area = { x: center.x - 3 * PW + 6, y: MID - 30, w: 6 * PW - 12, h: 60 };
    if (dice) {
      const doubles = dice.length === 2 && dice[0] === dice[1];
      const values = doubles ? [dice[0], dice[0], dice[0], dice[0]] : dice;
      const used = usedDice(values, v.dice_remaining, doubles);
      const size = doubles ? 42 : 48;
      const gap = 10;
      const width = values.length * size + (values.length - 1) * gap;
      const cls = ["dice", "current"];
      if (v.can_confirm) cls.push("confirm");
      const key = `${roller}:${dice.join(",")}:${v.game_number ?? ""}`;
      // a fresh roll tumbles in; not on the first drawing (a reload) nor after each checker move
      const now = performance.now();
      if (lastDiceKey !== undefined && key !== lastDiceKey && glideMs() > 0) rolledAt = now;
      else if (key !== lastDiceKey) rolledAt = -Infinity;
      lastDiceKey = key;
      // a redraw during the tumble rebuilds the dice: resume the animation where it was
      const elapsed = now - rolledAt;
      if (elapsed < ROLL_MS) cls.push("rolled");
      const g = svgEl("g", { class: cls.join(" ") }, layerInfo);
      // through the CSSOM: the page's Content-Security-Policy forbids inline style attributes
      if (elapsed < ROLL_MS) g.style.setProperty("--roll-elapsed", `${-Math.round(elapsed)}ms`);
      values.forEach((/** @type {number} */ d, /** @type {number} */ i) => {
        drawDie(g, d, center.x - width / 2 + i * (size + gap), MID - size / 2, size, roller, used[i] ? "used" : "");
      });
    } else {
      lastDiceKey = null;
    }
    if (!dice && ["roll", "opening"].includes(v.phase) && humanDecides(v)) {
      const g = svgEl("g", { class: "dice current prompt" }, layerInfo);
      svgEl("rect", { x: center.x - 56, y: MID - 22, width: 112, height: 44, rx: 22, class: "roll-button" }, g);
      svgText(g, t("roll"), { x: center.x, y: MID, class: "roll-text", "text-anchor": "middle", "dominant-baseline": "central" });
    }
    // The opening roll that tied: each player's die on that player's side, until the roll is made again.
    const opening = !dice && v.phase === "opening" && Array.isArray(v.opening_roll) ? v.opening_roll : null;
    if (opening) {
      const g = svgEl("g", { class: "dice opening" }, layerInfo);
      opening.forEach((/** @type {number} */ d, /** @type {number} */ player) => {
        const c = geo.diceCenter(player);
        drawDie(g, d, c.x + 90, MID - 20, 40, player);
      });
    }
    const prev = Array.isArray(v.opponent_dice) && v.opponent_dice.length ? v.opponent_dice : null;
    if (prev && typeof v.turn === "number") {
      const other = 1 - v.turn;
      const c = geo.diceCenter(other);
      const size = 26;
      const g = svgEl("g", { class: "dice previous" }, layerInfo);
      prev.forEach((/** @type {number} */ d, /** @type {number} */ i) => {
        drawDie(g, d, c.x - size - 3 + i * (size + 6), MID - size / 2, size, other);
      });
    }
    const label = dice ? `${t("dice")} ${dice.join(" ")}` : t("rollDice");
    diceTarget.setAttribute("aria-label", label);
    const ring = /** @type {SVGElement} */ (diceTarget.firstChild);
    ring.setAttribute("x", String(area.x));
    ring.setAttribute("y", String(area.y));
    ring.setAttribute("width", String(area.w));
    ring.setAttribute("height", String(area.h));
  }

  /** @param {any} v */
  function paintCube(v) {
    const cube = v.cube;
    const ring = /** @type {SVGElement} */ (cubeTarget.firstChild);
    if (!cube) {
      cubeTarget.setAttribute("visibility", "hidden");
      return;
    }
    cubeTarget.removeAttribute("visibility");
    const offered = cube.offered_by !== null && cube.offered_by !== undefined;
    const owner = cube.owner === undefined ? null : cube.owner;
    const c = offered ? geo.diceCenter(cube.offered_by) : geo.cubeCenter(owner);
    // A pending offer shows the value at stake if it is taken: Python's `offered_value` (after a beaver it is not
    // twice the cube's value).
    const value = offered ? cube.offered_value : cube.value;
    const text = value === 1 && owner === null ? "64" : String(value);
    const cls = [owner === null ? "centered" : `owned owner-p${owner}`];
    if (offered) cls.push("offered");
    if (cube.dead) cls.push("dead");
    if (cube.may_double && !offered && v.phase === "roll" && humanDecides(v)) cls.push("may-double");
    drawCube(layerInfo, text, c.x, c.y, offered ? 56 : 46, cls.join(" "));
    ring.setAttribute("x", String(c.x - 30));
    ring.setAttribute("y", String(c.y - 30));
    ring.setAttribute("width", "60");
    ring.setAttribute("height", "60");
    const whose = owner === null ? "" : `, ${(v.players && v.players[owner] && v.players[owner].name) || `p${owner}`}`;
    const offerer = offered ? (v.players && v.players[cube.offered_by] && v.players[cube.offered_by].name) || `p${cube.offered_by}` : "";
    const label = offered
      ? `${t("cube")} ${cube.value}${whose}, ${t("offeredAt")} ${value} ${t("by")} ${offerer}`
      : `${t("cube")} ${value}${whose}`;
    cubeTarget.setAttribute("aria-label", label);
  }

  /** Match length and the Crawford marker, in the side column around the centred cube. @param {any} v */
  function drawMatchInfo(v) {
    const s = v.settings;
    const x = geo.sideCx;
    if (s && typeof s.match_length === "number") {
      const g = svgEl("g", { class: "match-info" }, layerInfo);
      if (s.match_length > 0) {
        svgText(g, String(s.match_length), { x, y: MID - 84, class: "match-length", "text-anchor": "middle", "dominant-baseline": "central" });
        const words = t("match").split(" ");
        words.forEach((w, i) => svgText(g, w, { x, y: MID - 62 + i * 14, class: "match-word", "text-anchor": "middle", "dominant-baseline": "central" }));
      } else {
        t("money").split(" ").forEach((w, i) => svgText(g, w, { x, y: MID - 70 + i * 14, class: "match-word", "text-anchor": "middle", "dominant-baseline": "central" }));
      }
    }
    if (v.crawford_game) {
      const g = svgEl("g", { class: "crawford" }, layerInfo);
      svgEl("rect", { x: x - 32, y: MID + 44, width: 64, height: 20, rx: 10, class: "crawford-badge" }, g);
      svgText(g, t("crawford"), { x, y: MID + 54, class: "crawford-text", "text-anchor": "middle", "dominant-baseline": "central" });
    }
  }

  /** @param {Loc} loc @param {number} player */
  function anchor(loc, player) {
    if (loc === "bar") return geo.checkerOnBar(player, 0);
    if (loc === "off") {
      const r = geo.trayHalf(player);
      return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
    }
    const n = Math.max(countAt(drawn, 0, loc), countAt(drawn, 1, loc));
    return geo.checkerOnPoint(loc, Math.max(0, Math.min(n, 5) - 1));
  }

  /** The arrow head of a kind of arrow, made the first time it is needed. @param {string} kind */
  function arrowHead(kind) {
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

  function drawArrows() {
    layerArrows.replaceChildren();
    for (const a of cfg.arrows || []) {
      const player = typeof a.player === "number" ? a.player : mover();
      const dx = Number(a.offset) || 0;
      const s = anchor(a.from, player);
      const e = anchor(a.to, player);
      s.x += dx;
      e.x += dx;
      const mx = (s.x + e.x) / 2;
      const my = (s.y + e.y) / 2 + (Math.abs(s.y - e.y) < 40 ? (s.y < MID ? 70 : -70) : 0);
      const kind = a.kind ? String(a.kind) : "";
      svgEl("path", {
        d: `M${s.x},${s.y} Q${mx},${my} ${e.x},${e.y}`, class: kind ? `arrow ${kind}` : "arrow",
        "marker-end": `url(#${kind ? arrowHead(kind) : `${prefix}-arrow`})`,
      }, layerArrows);
    }
  }

  // ---- moving checkers -------------------------------------------------------------------
  // The page decides for `prefers-reduced-motion`: its default speed is then 0, a speed the player picked wins
  // (web/preferences.js); the dice's tumble (board.css) follows the device's setting alone.
  const glideMs = () => Math.max(0, Number(cfg.animationMs) || 0);

  /**
   * Glide checkers from their start to their end; each is hidden at its end place until it lands.
   * @param {{player: number, loc: Loc, start: Pt, end: Pt}[]} list @param {number} ms
   * @returns {Promise<void>}
   */
  function fly(list, ms) {
    if (ms <= 0 || !list.length) {
      schedule();
      return Promise.resolve();
    }
    const els = list.map((f) => {
      const key = `${f.player}:${f.loc}`;
      hidden.set(key, (hidden.get(key) || 0) + 1);
      return drawChecker(layerFloat, prefix, f.player, f.start.x, f.start.y, R, "flying");
    });
    drawNow();
    return new Promise((resolve) => {
      const t0 = performance.now();
      let frame = 0;
      let done = false;
      // The game waits for a glide to land (the computer's next checker, the save): a tab that draws no frames (in
      // the background, a hidden window) must not hold it up for ever, so a timer lands it at the latest.
      const landing = setTimeout(() => flight.finish(), ms + 100);
      const flight = {
        finish() {
          if (done) return;
          done = true;
          clearTimeout(landing);
          cancelAnimationFrame(frame);
          flights.delete(flight);
          list.forEach((f, i) => {
            const key = `${f.player}:${f.loc}`;
            const n = (hidden.get(key) || 1) - 1;
            if (n) hidden.set(key, n);
            else hidden.delete(key);
            els[i].remove();
          });
          schedule();
          resolve();
        },
      };
      /** @param {number} now */
      const step = (now) => {
        const k = ease(Math.min(1, (now - t0) / ms));
        list.forEach((f, i) => {
          els[i].setAttribute("transform", `translate(${f.start.x + (f.end.x - f.start.x) * k} ${f.start.y + (f.end.y - f.start.y) * k})`);
        });
        if (now - t0 >= ms) flight.finish();
        else frame = requestAnimationFrame(step);
      };
      flights.add(flight);
      frame = requestAnimationFrame(step);
    });
  }

  function finishFlights() {
    for (const f of [...flights]) f.finish();
  }

  /**
   * Move one checker in the drawn state, sending a lone opposing checker to the bar, and glide it.
   * @param {number} player @param {Loc} from @param {Loc} to @param {Pt | null} startAt  where a dragged checker was dropped
   * @param {number} ms
   */
  function glideMove(player, from, to, startAt, ms) {
    const start = startAt || slot(player, from, countAt(drawn, player, from) - 1);
    const blotAt = slot(1 - player, to, 0);
    const { hit } = moveChecker(drawn, player, from, to);
    const list = [{ player, loc: to, start, end: slot(player, to, countAt(drawn, player, to) - 1) }];
    if (hit) {
      list.push({ player: 1 - player, loc: "bar", start: blotAt, end: slot(1 - player, "bar", countAt(drawn, 1 - player, "bar") - 1) });
    }
    return fly(list, ms);
  }

  /** @param {Loc | null} loc */
  function select(loc) {
    const changed = !sameLoc(selected, loc) && !(selected === null && loc === null);
    selected = loc;
    schedule();
    if (changed && cfg.onSelect) cfg.onSelect(loc);
  }

  /** The user moved a checker to a destination: show it at once, then tell the controller. @param {Loc} from @param {Loc} to @param {Pt | null} dropAt */
  function commitMove(from, to, dropAt) {
    const player = mover();
    lifted = null;
    pending = true;
    pendingMove = { from: /** @type {number | "bar"} */ (from), to: /** @type {number | "off"} */ (to) };
    selected = null;
    glideMove(player, from, to, dropAt, dropAt ? glideMs() * 0.5 : glideMs());
    if (cfg.onSelect) cfg.onSelect(null);
    if (cfg.onMove) cfg.onMove({ ...pendingMove });
  }

  /** The just-moved checker was taken back to its source. @param {Pt | null} dropAt */
  function commitUndo(dropAt) {
    const m = lastMove();
    if (!m) return;
    const player = mover();
    lifted = null;
    pending = true;
    pendingMove = null;
    selected = null;
    const start = dropAt || slot(player, m.to, countAt(drawn, player, m.to) - 1);
    const barAt = slot(1 - player, "bar", countAt(drawn, 1 - player, "bar") - 1);
    const { restored } = takeBack(drawn, player, m);
    const list = [{ player, loc: m.from, start, end: slot(player, m.from, countAt(drawn, player, m.from) - 1) }];
    if (restored) list.push({ player: 1 - player, loc: m.to, start: barAt, end: slot(1 - player, m.to, 0) });
    fly(list, dropAt ? glideMs() * 0.5 : glideMs());
    if (cfg.onSelect) cfg.onSelect(null);
    if (cfg.onUndo) cfg.onUndo();
  }

  /**
   * A click, tap or Enter on a place: move there, take back there, pick up there or drop the selection.
   * @param {Loc} loc @returns {boolean} whether `loc` is now the selected source
   */
  function activate(loc) {
    if (!active()) return false;
    if (selected !== null) {
      if (isDest(selected, loc)) {
        commitMove(selected, loc, null);
        return false;
      }
      const back = undoSource();
      if (back !== null && sameLoc(back, loc)) {
        commitUndo(null);
        return false;
      }
    }
    if (canPick(loc)) {
      select(loc);
      return true;
    }
    select(null);
    return false;
  }

  // ---- pointer input ---------------------------------------------------------------------
  /** @param {PointerEvent} ev @returns {Pt} */
  function toBoard(ev) {
    const m = svg.getScreenCTM();
    if (!m) return { x: 0, y: 0 };
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  /**
   * Whose checker a press on a place would pick up while the position is edited: the colour on a point; on the bar
   * and in the tray, the colour of the half pressed. Null where there is none.
   * @param {Loc} loc @param {Pt} at @returns {number | null}
   */
  function editPlayer(loc, at) {
    if (loc === "bar" || loc === "off") {
      const player = (at.y >= MID) === geo.isBottom(0) ? 0 : 1;
      return countAt(drawn, player, loc) > 0 ? player : null;
    }
    if (countAt(drawn, 0, loc) > 0) return 0;
    return countAt(drawn, 1, loc) > 0 ? 1 : null;
  }

  /** @param {PointerEvent} ev */
  function onPointerDown(ev) {
    if (ev.pointerType === "mouse" && ev.button !== 0) return;
    if (drag) cancelDrag();
    swallowClick = false;
    const at = toBoard(ev);
    const cubeHit = cfg.view && view().cube && pointInCube(at);
    if (cubeHit) {
      if (cfg.onCubeClick) cfg.onCubeClick();
      return;
    }
    const hit = geo.hitTest(at.x, at.y, "press");
    if (hit === null || hit === "side") {
      if (selected !== null) select(null);
      return;
    }
    if (hit === "dice") {
      if (cfg.onDiceClick) cfg.onDiceClick();
      return;
    }
    if (cfg.onEditDrop) {
      // Editing: the press may become a drag of the checker there; if it does not, the click is the controller's.
      const player = editPlayer(hit, at);
      if (player === null) return;
      // The pointer is captured once it drags, so that a plain click keeps the place pressed as its target.
      drag = { id: ev.pointerId, from: hit, player, x: ev.clientX, y: ev.clientY, moving: false, wasSelected: false, el: null, touch: ev.pointerType !== "mouse" };
      return;
    }
    const wasSelected = sameLoc(selected, hit);
    if (!activate(hit)) return;
    ev.preventDefault();
    drag = { id: ev.pointerId, from: hit, player: mover(), x: ev.clientX, y: ev.clientY, moving: false, wasSelected, el: null, touch: ev.pointerType !== "mouse" };
    capture(ev.pointerId);
  }

  /** @param {number} pointerId */
  function capture(pointerId) {
    try {
      svg.setPointerCapture(pointerId);
    } catch {
      // capture is a convenience; synthetic events may not allow it
    }
  }

  /** @param {Pt} at */
  function pointInCube(at) {
    const ring = /** @type {SVGRectElement} */ (cubeTarget.firstChild);
    if (cubeTarget.getAttribute("visibility") === "hidden") return false;
    const x = Number(ring.getAttribute("x"));
    const y = Number(ring.getAttribute("y"));
    return at.x >= x && at.x <= x + 60 && at.y >= y && at.y <= y + 60;
  }

  /** @param {PointerEvent} ev */
  function onPointerMove(ev) {
    if (!drag || ev.pointerId !== drag.id) return;
    if (!drag.moving) {
      const far = Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y);
      if (far < (drag.touch ? DRAG_THRESHOLD_TOUCH : DRAG_THRESHOLD_MOUSE)) return;
      drag.moving = true;
      if (cfg.onEditDrop) capture(drag.id);
      lifted = { player: drag.player, loc: drag.from };
      const at = toBoard(ev);
      drag.el = drawChecker(layerFloat, prefix, drag.player, at.x, at.y, R * 1.08, "dragging");
      svg.classList.add("dragging");
      drawNow();
    }
    const at = toBoard(ev);
    drag.el.setAttribute("transform", `translate(${at.x} ${at.y})`);
    // light the place the checker would land on if dropped now
    const over = geo.hitTest(at.x, at.y, "drop");
    for (const [key, g] of targets) g.classList.toggle("drag-over", over !== null && key === String(over));
  }

  /** @param {PointerEvent} ev */
  function onPointerUp(ev) {
    if (!drag || ev.pointerId !== drag.id) return;
    const d = drag;
    endDrag();
    if (!d.moving) {
      // a tap on the checker that was already selected puts it down again
      if (d.wasSelected) select(null);
      return;
    }
    swallowClick = true;
    const at = toBoard(ev);
    const target = geo.hitTest(at.x, at.y, "drop");
    if (cfg.onEditDrop) {
      const place = target === null || target === "dice" || target === "side" ? null : target;
      if (place !== null && !sameLoc(place, d.from) && cfg.onEditDrop({ player: d.player, from: d.from, to: place })) {
        // The controller has passed the view with the checker in its new place (set() drew it from there).
        if (lifted) {
          lifted = null;
          schedule();
        }
        return;
      }
      lifted = null;
      fly([{ player: d.player, loc: d.from, start: at, end: slot(d.player, d.from, countAt(drawn, d.player, d.from) - 1) }], glideMs() * 0.5);
      return;
    }
    const back = undoSource();
    if (target !== null && target !== "dice" && target !== "side" && isDest(d.from, target)) {
      commitMove(d.from, target, at);
    } else if (target !== null && back !== null && sameLoc(back, target)) {
      commitUndo(at);
    } else {
      // dropped nowhere useful: the checker goes home, still selected
      const player = mover();
      lifted = null;
      fly([{ player, loc: d.from, start: at, end: slot(player, d.from, countAt(drawn, player, d.from) - 1) }], glideMs() * 0.5);
    }
  }

  function endDrag() {
    if (!drag) return;
    if (drag.el) drag.el.remove();
    try {
      svg.releasePointerCapture(drag.id);
    } catch {
      // already released
    }
    svg.classList.remove("dragging");
    for (const g of targets.values()) g.classList.remove("drag-over");
    drag = null;
  }

  function cancelDrag() {
    endDrag();
    if (lifted) {
      lifted = null;
      schedule();
    }
  }

  // ---- keyboard input --------------------------------------------------------------------
  /** @param {KeyboardEvent} ev */
  function onKeyDown(ev) {
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
    const order = geo.playingOrder(mover());
    const i = order.findIndex((l) => sameLoc(l, loc));
    /** @type {Loc} */ let next;
    switch (ev.key) {
      case "ArrowRight": case "ArrowDown": next = order[(i + 1) % order.length]; break;
      case "ArrowLeft": case "ArrowUp": next = order[(i - 1 + order.length) % order.length]; break;
      case "Home": next = order[0]; break;
      case "End": next = order[order.length - 1]; break;
      case "Enter": case " ":
        ev.preventDefault();
        activate(loc);
        drawNow();
        return;
      case "Escape":
        if (selected !== null) {
          ev.preventDefault();
          select(null);
        }
        return;
      default:
        return;
    }
    ev.preventDefault();
    focusPoint(next);
  }

  /** @param {FocusEvent} ev */
  function onFocusIn(ev) {
    const key = /** @type {Element} */ (ev.target).getAttribute?.("data-loc");
    if (key && !sameLoc(focusLoc, toLoc(key))) {
      focusLoc = toLoc(key);
      for (const [k, g] of targets) g.setAttribute("tabindex", k === key ? "0" : "-1");
    }
  }

  /** Move keyboard focus to a point, the bar or the tray. @param {Loc} loc */
  function focusPoint(loc) {
    const g = targets.get(String(loc));
    if (!g) return;
    focusLoc = loc;
    for (const other of targets.values()) other.setAttribute("tabindex", other === g ? "0" : "-1");
    /** @type {any} */ (g).focus({ preventScroll: true });
  }

  // Small boards (phones) get larger text, or the names and counts would be unreadable.
  if (typeof ResizeObserver === "function") {
    const watcher = new ResizeObserver(() => {
      const width = svg.getBoundingClientRect().width;
      if (width > 0) svg.classList.toggle("compact", width < COMPACT_BELOW_PX);
    });
    watcher.observe(svg);
    unbinds.push(() => watcher.disconnect());
  }

  listen("pointerdown", onPointerDown);
  listen("pointermove", onPointerMove);
  listen("pointerup", onPointerUp);
  listen("pointercancel", () => cancelDrag());
  listen("lostpointercapture", (ev) => { if (drag && ev.pointerId === drag.id && !drag.moving) drag = null; });
  listen("keydown", onKeyDown);
  listen("focusin", onFocusIn);
  listen("contextmenu", (ev) => { if (drag) ev.preventDefault(); });
  // Capture phase: the click that a drag's release makes reaches no one (not the place it was dropped on).
  svg.addEventListener("click", swallow, true);
  unbinds.push(() => svg.removeEventListener("click", swallow, true));
  /** @param {MouseEvent} ev */
  function swallow(ev) {
    if (!swallowClick) return;
    swallowClick = false;
    ev.stopPropagation();
    ev.preventDefault();
  }

  buildStatic();
  drawNow();

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
      const stale = "view" in partial && partial.view === shownView && !cfg.interactive;
      if ("view" in partial && !stale) {
        shownView = cfg.view;
        // Glides in progress finish on their own: the view that answers a move usually arrives
        // within milliseconds and already has the checker where the glide is taking it.
        cancelDrag();
        drawn = boardOf(cfg.view);
        pending = false;
        pendingMove = null;
        if (selected !== null) select(null);
      }
      if ("interactive" in partial && !cfg.interactive) {
        cancelDrag();
        if (selected !== null) select(null);
      }
      if (relayout) {
        finishFlights();
        geo = createGeometry(cfg.orientation, cfg.perspective);
        const hadFocus = svg.contains(document.activeElement);
        buildStatic();
        if (hadFocus && focusLoc !== null) focusPoint(focusLoc);
      }
      schedule();
    },
    destroy() {
      finishFlights();
      cancelDrag();
      if (rafId) cancelAnimationFrame(rafId);
      rafId = 0;
      for (const off of unbinds.splice(0)) off();
      svg.remove();
    },
    focusPoint,
    /**
     * Glide one checker (and a checker it hits to the bar) in the drawn position, e.g. the
     * computer's move, before passing the resulting view with set(). A move the user just made
     * on the board is already shown, so it resolves at once.
     * @param {{from: Loc, to: Loc, player?: number}} move
     * @returns {Promise<void>}
     */
    animateMove(move) {
      if (pendingMove && sameLoc(pendingMove.from, move.from) && sameLoc(pendingMove.to, move.to)) {
        pendingMove = null;
        return Promise.resolve();
      }
      const player = typeof move.player === "number" ? move.player : mover();
      return glideMove(player, move.from, move.to, null, glideMs());
    },
  };
}
