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
import { svgEl, addDefs, svgText, drawChecker, drawDie, drawCube } from "./svg.js";
import { sameLoc, boardOf, toLoc, countAt, usedDice, moveChecker, takeBack } from "./state.js";
import { t, listen, mover, glideMs, view, destsOf, isDest, active, canPick, undoSource, shown, slot, topSlot, lastMove } from "./model.js";

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

// ---- drawing -----------------------------------------------------------------------------
/** The frame, felt, points and focusable targets: rebuilt only when orientation/perspective change. @param {State} s */
function buildStatic(s) {
  const { geo, prefix, layerFrame, layerTargets, targets } = s;
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
  s.diceTarget = svgEl("g", { class: "dice-target", role: "button", tabindex: 0 }, layerTargets);
  svgEl("rect", { class: "focus-ring", rx: 8 }, s.diceTarget);
  s.cubeTarget = svgEl("g", { class: "cube-target", role: "button", tabindex: 0 }, layerTargets);
  svgEl("rect", { class: "focus-ring", rx: 8 }, s.cubeTarget);
}

/** Redraw at the next animation frame, once however often it is asked for. @param {State} s */
function schedule(s) {
  if (!s.rafId) s.rafId = requestAnimationFrame(() => drawNow(s));
}

/** @param {State} s */
function drawNow(s) {
  if (s.rafId) cancelAnimationFrame(s.rafId);
  s.rafId = 0;
  updateTargets(s);
  drawCheckers(s);
  drawMarks(s);
  drawInfo(s);
  drawArrows(s);
}

/** @param {State} s @param {Loc} loc */
function labelFor(s, loc) {
  const labels = view(s).labels || {};
  let text = labels[String(loc)];
  if (!text) {
    if (loc === "bar" || loc === "off") {
      text = `${t(s, loc)}: ${countAt(s.drawn, 0, loc)} ${t(s, "white")}, ${countAt(s.drawn, 1, loc)} ${t(s, "black")}`;
    } else {
      const n0 = countAt(s.drawn, 0, loc);
      const n1 = countAt(s.drawn, 1, loc);
      const who = n0 ? ` ${n0} ${t(s, "white")} ${t(s, "checkers")}` : n1 ? ` ${n1} ${t(s, "black")} ${t(s, "checkers")}` : "";
      text = `${t(s, "point")} ${s.geo.rel(loc)}${who ? "," + who : ""}`;
    }
  }
  if (s.selected !== null && sameLoc(s.selected, loc)) text += `, ${t(s, "selected")}`;
  else if (s.selected !== null && isDest(s, s.selected, loc)) text += `, ${t(s, "destination")}`;
  return text;
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
      const half = geo.trayHalf(player);
      const y = geo.isBottom(player) ? half.y + 16 : half.y + half.h - 16;
      svgText(layerCheckers, String(off), { x: half.x + half.w / 2, y, class: `off-count p${player}`, "text-anchor": "middle", "dominant-baseline": "central" });
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
  layerMarks.replaceChildren();
  if (s.selected === null) return;
  const player = mover(s);
  for (const to of destsOf(s, s.selected)) {
    if (to === "off") {
      const c = slot(s, player, "off", shown(s, player, "off"));
      svgEl("rect", { x: c.x - D / 2 - 2, y: c.y - 9, width: D + 4, height: 18, rx: 5, class: "landing" }, layerMarks);
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
    const my = (st.y + e.y) / 2 + (Math.abs(st.y - e.y) < 40 ? (st.y < MID ? 70 : -70) : 0);
    const kind = a.kind ? String(a.kind) : "";
    svgEl("path", {
      d: `M${st.x},${st.y} Q${mx},${my} ${e.x},${e.y}`, class: kind ? `arrow ${kind}` : "arrow",
      "marker-end": `url(#${kind ? arrowHead(s, kind) : `${s.prefix}-arrow`})`,
    }, s.layerArrows);
  }
}

// ---- around the checkers: strips, dice, cube, match --------------------------------------
const ROLL_MS = 450; // the dice tumble, as in board.css

/** @param {State} s */
function drawInfo(s) {
  s.layerInfo.replaceChildren();
  const v = view(s);
  for (const player of [0, 1]) drawStrip(s, player);
  drawDice(s, v);
  paintCube(s, v);
  drawMatchInfo(s, v);
}

/** Name, pips, score of one player above (top player) or below (bottom player) the board. @param {State} s @param {number} player */
function drawStrip(s, player) {
  const v = view(s);
  const bottom = s.geo.isBottom(player);
  const y0 = bottom ? H - STRIP : 0;
  const cy = y0 + STRIP / 2;
  const cls = ["player-info", `p${player}`, bottom ? "bottom" : "top"];
  if (v.turn === player && !["game_over", "match_over"].includes(v.phase)) cls.push("turn");
  if (typeof v.decision === "number" && v.decision === player && v.decision !== v.turn) cls.push("decision");
  const g = svgEl("g", { class: cls.join(" ") }, s.layerInfo);
  svgEl("rect", { x: 2, y: y0 + 4, width: W - 4, height: STRIP - 8, rx: 8, class: "strip" }, g);
  svgEl("rect", { x: 2, y: y0 + 4, width: 10, height: STRIP - 8, rx: 4, class: "turn-mark" }, g);
  drawChecker(g, s.prefix, player, 30, cy, 13, "swatch");
  const info = v.players && v.players[player];
  if (info) {
    const who = info.kind === "computer" && info.level ? `${info.name} · ${info.level}` : info.name;
    svgText(g, who || "", { x: 52, y: cy, class: "name", "dominant-baseline": "central" });
  }
  if (s.cfg.showPips && Array.isArray(v.pips)) {
    svgText(g, `${v.pips[player]} ${t(s, "pips")}`, { x: W / 2, y: cy, class: "pips", "text-anchor": "middle", "dominant-baseline": "central" });
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

/** @param {State} s @param {any} v */
function drawDice(s, v) {
  const { geo, layerInfo, diceTarget } = s;
  const roller = mover(s);
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
    if (s.lastDiceKey !== undefined && key !== s.lastDiceKey && glideMs(s) > 0) s.rolledAt = now;
    else if (key !== s.lastDiceKey) s.rolledAt = -Infinity;
    s.lastDiceKey = key;
    // a redraw during the tumble rebuilds the dice: resume the animation where it was
    const elapsed = now - s.rolledAt;
    if (elapsed < ROLL_MS) cls.push("rolled");
    const g = svgEl("g", { class: cls.join(" ") }, layerInfo);
    // through the CSSOM: the page's Content-Security-Policy forbids inline style attributes
    if (elapsed < ROLL_MS) g.style.setProperty("--roll-elapsed", `${-Math.round(elapsed)}ms`);
    values.forEach((/** @type {number} */ d, /** @type {number} */ i) => {
      drawDie(g, d, center.x - width / 2 + i * (size + gap), MID - size / 2, size, roller, used[i] ? "used" : "");
    });
  } else {
    s.lastDiceKey = null;
  }
  if (!dice && ["roll", "opening"].includes(v.phase) && humanDecides(v)) {
    const g = svgEl("g", { class: "dice current prompt" }, layerInfo);
    svgEl("rect", { x: center.x - 56, y: MID - 22, width: 112, height: 44, rx: 22, class: "roll-button" }, g);
    svgText(g, t(s, "roll"), { x: center.x, y: MID, class: "roll-text", "text-anchor": "middle", "dominant-baseline": "central" });
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
  const label = dice ? `${t(s, "dice")} ${dice.join(" ")}` : t(s, "rollDice");
  diceTarget.setAttribute("aria-label", label);
  const ring = /** @type {SVGElement} */ (diceTarget.firstChild);
  ring.setAttribute("x", String(area.x));
  ring.setAttribute("y", String(area.y));
  ring.setAttribute("width", String(area.w));
  ring.setAttribute("height", String(area.h));
}

/** @param {State} s @param {any} v */
function paintCube(s, v) {
  const { geo, cubeTarget } = s;
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
  drawCube(s.layerInfo, text, c.x, c.y, offered ? 56 : 46, cls.join(" "));
  ring.setAttribute("x", String(c.x - 30));
  ring.setAttribute("y", String(c.y - 30));
  ring.setAttribute("width", "60");
  ring.setAttribute("height", "60");
  const whose = owner === null ? "" : `, ${(v.players && v.players[owner] && v.players[owner].name) || `p${owner}`}`;
  const offerer = offered ? (v.players && v.players[cube.offered_by] && v.players[cube.offered_by].name) || `p${cube.offered_by}` : "";
  const label = offered
    ? `${t(s, "cube")} ${cube.value}${whose}, ${t(s, "offeredAt")} ${value} ${t(s, "by")} ${offerer}`
    : `${t(s, "cube")} ${value}${whose}`;
  cubeTarget.setAttribute("aria-label", label);
}

/** Match length and the Crawford marker, in the side column around the centred cube. @param {State} s @param {any} v */
function drawMatchInfo(s, v) {
  const st = v.settings;
  const x = s.geo.sideCx;
  if (st && typeof st.match_length === "number") {
    const g = svgEl("g", { class: "match-info" }, s.layerInfo);
    if (st.match_length > 0) {
      svgText(g, String(st.match_length), { x, y: MID - 84, class: "match-length", "text-anchor": "middle", "dominant-baseline": "central" });
      const words = t(s, "match").split(" ");
      words.forEach((w, i) => svgText(g, w, { x, y: MID - 62 + i * 14, class: "match-word", "text-anchor": "middle", "dominant-baseline": "central" }));
    } else {
      t(s, "money").split(" ").forEach((w, i) => svgText(g, w, { x, y: MID - 70 + i * 14, class: "match-word", "text-anchor": "middle", "dominant-baseline": "central" }));
    }
  }
  if (v.crawford_game) {
    const g = svgEl("g", { class: "crawford" }, s.layerInfo);
    svgEl("rect", { x: x - 32, y: MID + 44, width: 64, height: 20, rx: 10, class: "crawford-badge" }, g);
    svgText(g, t(s, "crawford"), { x, y: MID + 54, class: "crawford-text", "text-anchor": "middle", "dominant-baseline": "central" });
  }
}

// ---- moving checkers ---------------------------------------------------------------------
/** @param {number} t */
const ease = (t) => (t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2);

/**
 * Glide checkers from their start to their end; each is hidden at its end place until it lands.
 * @param {State} s @param {{player: number, loc: Loc, start: Pt, end: Pt}[]} list @param {number} ms
 * @returns {Promise<void>}
 */
function fly(s, list, ms) {
  const { hidden } = s;
  if (ms <= 0 || !list.length) {
    schedule(s);
    return Promise.resolve();
  }
  const els = list.map((f) => {
    const key = `${f.player}:${f.loc}`;
    hidden.set(key, (hidden.get(key) || 0) + 1);
    return drawChecker(s.layerFloat, s.prefix, f.player, f.start.x, f.start.y, R, "flying");
  });
  drawNow(s);
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
        s.flights.delete(flight);
        list.forEach((f, i) => {
          const key = `${f.player}:${f.loc}`;
          const n = (hidden.get(key) || 1) - 1;
          if (n) hidden.set(key, n);
          else hidden.delete(key);
          els[i].remove();
        });
        schedule(s);
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
    s.flights.add(flight);
    frame = requestAnimationFrame(step);
  });
}

/** Land every glide in progress at once. @param {State} s */
function finishFlights(s) {
  for (const f of [...s.flights]) f.finish();
}

/**
 * Move one checker in the drawn state, sending a lone opposing checker to the bar, and glide it.
 * @param {State} s @param {number} player @param {Loc} from @param {Loc} to
 * @param {Pt | null} startAt  where a dragged checker was dropped
 * @param {number} ms
 */
function glideMove(s, player, from, to, startAt, ms) {
  const start = startAt || topSlot(s, player, from);
  const blotAt = slot(s, 1 - player, to, 0);
  const { hit } = moveChecker(s.drawn, player, from, to);
  const list = [{ player, loc: to, start, end: topSlot(s, player, to) }];
  if (hit) {
    list.push({ player: 1 - player, loc: "bar", start: blotAt, end: topSlot(s, 1 - player, "bar") });
  }
  return fly(s, list, ms);
}

// ---- selection and moves -----------------------------------------------------------------
/** @param {State} s @param {Loc | null} loc */
function select(s, loc) {
  const changed = !sameLoc(s.selected, loc) && !(s.selected === null && loc === null);
  s.selected = loc;
  schedule(s);
  if (changed && s.cfg.onSelect) s.cfg.onSelect(loc);
}

/**
 * The user moved a checker to a destination: show it at once, then tell the controller.
 * @param {State} s @param {Loc} from @param {Loc} to @param {Pt | null} dropAt
 */
function commitMove(s, from, to, dropAt) {
  const { cfg } = s;
  const player = mover(s);
  s.lifted = null;
  s.pending = true;
  s.pendingMove = { from: /** @type {number | "bar"} */ (from), to: /** @type {number | "off"} */ (to) };
  s.selected = null;
  glideMove(s, player, from, to, dropAt, dropAt ? glideMs(s) * 0.5 : glideMs(s));
  if (cfg.onSelect) cfg.onSelect(null);
  if (cfg.onMove) cfg.onMove({ ...s.pendingMove });
}

/** The just-moved checker was taken back to its source. @param {State} s @param {Pt | null} dropAt */
function commitUndo(s, dropAt) {
  const { cfg } = s;
  const m = lastMove(s);
  if (!m) return;
  const player = mover(s);
  s.lifted = null;
  s.pending = true;
  s.pendingMove = null;
  s.selected = null;
  const start = dropAt || topSlot(s, player, m.to);
  const barAt = topSlot(s, 1 - player, "bar");
  const { restored } = takeBack(s.drawn, player, m);
  const list = [{ player, loc: m.from, start, end: topSlot(s, player, m.from) }];
  if (restored) list.push({ player: 1 - player, loc: m.to, start: barAt, end: slot(s, 1 - player, m.to, 0) });
  fly(s, list, dropAt ? glideMs(s) * 0.5 : glideMs(s));
  if (cfg.onSelect) cfg.onSelect(null);
  if (cfg.onUndo) cfg.onUndo();
}

/**
 * A click, tap or Enter on a place: move there, take back there, pick up there or drop the selection.
 * @param {State} s @param {Loc} loc @returns {boolean} whether `loc` is now the selected source
 */
function activate(s, loc) {
  if (!active(s)) return false;
  if (s.selected !== null) {
    if (isDest(s, s.selected, loc)) {
      commitMove(s, s.selected, loc, null);
      return false;
    }
    const back = undoSource(s);
    if (back !== null && sameLoc(back, loc)) {
      commitUndo(s, null);
      return false;
    }
  }
  if (canPick(s, loc)) {
    select(s, loc);
    return true;
  }
  select(s, null);
  return false;
}

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
