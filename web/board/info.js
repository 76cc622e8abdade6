// @ts-check
/**
 * Drawing what is around the checkers: each player's strip (name, pips, score, whose turn), the dice and the roll
 * prompt, the cube, the match length and the Crawford marker; the dice and cube targets' rings and labels follow.
 */

import { svgEl, svgText, drawChecker, drawDie, drawCube } from "./svg.js";
import { usedDice } from "./state.js";
import { t } from "../i18n/i18n.js";
import { playerName } from "../i18n/player-names.js";
import { LEVEL_WORDS } from "../limits.js";
import { view, mover, glideMs } from "./model.js";

/** @typedef {import("./model.js").State} State */

const ROLL_MS = 450; // the dice tumble, as in board.css
const PROMPT_GAP = 14;

/**
 * Sizes of what is drawn in the middle band and the strips, in viewBox units, for each layout: the narrow board's
 * are larger, so that its text is at least 11 px and its Done at least 24 px high on a 360 px phone.
 * @param {State} s
 */
function sizes(s) {
  return s.geo.narrow
    ? { die: 56, doubleDie: 46, promptW: 112, promptH: 62, rollW: 150, previous: 40, swatch: 16, name: 28, scoreW: 66 }
    : { die: 48, doubleDie: 42, promptW: 96, promptH: 44, rollW: 112, previous: 26, swatch: 13, name: 19, scoreW: 60 };
}

/** Names of at most this many characters always fit their strip: they are neither measured nor cut. */
const FITS_UNMEASURED = 10;

/**
 * A name cut to fit a width, with an ellipsis, so that a long one never runs into the pip count. Measured in the
 * drawing itself (its font and size are the stylesheet's).
 * @param {SVGTextElement} el @param {string} text @param {number} room  viewBox units
 * @returns {boolean} whether the text was rendered (a length of 0: not, and nothing to fit)
 */
function fitText(el, text, room) {
  let keep = text.length;
  let length = textLength(el, 0);
  while (keep > 1 && length > room) {
    keep -= 1;
    el.textContent = `${text.slice(0, keep).trimEnd()}…`;
    length = textLength(el, 0);
  }
  return length > 0;
}

/** How many names fitted are remembered (a few per match: each name beside pip counts of 1 to 3 digits). */
const FITTED_KEPT = 200;

/** @param {State} s */
export function drawInfo(s) {
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
  const { W, H, STRIP } = s.geo;
  const z = sizes(s);
  const bottom = s.geo.isBottom(player);
  const y0 = bottom ? H - STRIP : 0;
  const cy = y0 + STRIP / 2;
  const cls = ["player-info", `p${player}`, bottom ? "bottom" : "top"];
  // A tutorial's view may have no phase: includes() is then false (a cast, as it takes only the array's type).
  if (v.turn === player && !["game_over", "match_over"].includes(/** @type {string} */ (v.phase))) cls.push("turn");
  if (typeof v.decision === "number" && v.decision === player && v.decision !== v.turn) cls.push("decision");
  const g = svgEl("g", { class: cls.join(" ") }, s.layerInfo);
  svgEl("rect", { x: 2, y: y0 + 4, width: W - 4, height: STRIP - 8, rx: 8, class: "strip" }, g);
  svgEl("rect", { x: 2, y: y0 + 4, width: 10, height: STRIP - 8, rx: 4, class: "turn-mark" }, g);
  drawChecker(g, s.prefix, player, 17 + z.swatch, cy, z.swatch, "swatch");
  const nameX = 26 + 2 * z.swatch;
  const info = v.players && v.players[player];
  const who = info ? (info.kind === "computer" && info.level ? t("board.computer", { name: playerName(v, player), level: levelWord(info.level) }) : playerName(v, player)) : null;
  const name = who === null ? null : /** @type {SVGTextElement} */ (svgText(g, who, { x: nameX, y: cy, class: "name", "dominant-baseline": "central" }));
  const pips = s.cfg.showPips && Array.isArray(v.pips) ? t("board.pips", { count: v.pips[player] }) : "";
  // The pip count beside the score, so that a name (a long level's word in some languages) has the room before it;
  // drawn in reading order: name, pips, score.
  const end = Array.isArray(v.score) ? W - 22 - z.scoreW : W - 12;
  const pipsText = pips ? /** @type {SVGTextElement} */ (svgText(g, pips, { x: end, y: cy, class: "pips", "text-anchor": "end", "dominant-baseline": "central" })) : null;
  if (Array.isArray(v.score)) {
    svgEl("rect", { x: W - 10 - z.scoreW, y: y0 + 8, width: z.scoreW, height: STRIP - 16, rx: 6, class: "score-box" }, g);
    svgText(g, String(v.score[player]), { x: W - 10 - z.scoreW / 2, y: cy, class: "score", "text-anchor": "middle", "dominant-baseline": "central" });
  }
  // Measuring a text lays the page out at once (a forced layout, the longest part of building the board at a
  // phone's speed, and of a redraw: the board is drawn again at every checker's landing): only a long name is
  // measured, with the pip count beside it, and once for the same texts (and as many digits) in the same size of
  // letters.
  if (!name || !who || who.length <= FITS_UNMEASURED) return;
  // The pip count's digits are as wide as each other (tabular figures, board.css): its width is its length's.
  const key = `${s.svg.getAttribute("class")}\n${end}\n${who}\n${pips.replace(/\d/g, "0")}`;
  const fitted = s.fittedNames.get(key);
  if (fitted !== undefined) {
    name.textContent = fitted;
    return;
  }
  const pipsWidth = pipsText ? textLength(pipsText, pips.length * z.name * 0.6) + 14 : 0;
  // Not rendered yet (a board off the page, hidden): measured again once it is.
  if (!fitText(name, who, end - pipsWidth - nameX)) return;
  if (s.fittedNames.size >= FITTED_KEPT) s.fittedNames.clear();
  s.fittedNames.set(key, name.textContent ?? who);
}

/** The drawn length of a text, or `guess` where it is not rendered. @param {SVGTextElement} el @param {number} guess */
function textLength(el, guess) {
  try {
    return el.getComputedTextLength() || guess;
  } catch {
    return guess;
  }
}

/** Whether a person (not the computer) acts now, so a roll prompt makes sense. @param {import("../types.js").BoardView} v */
function humanDecides(v) {
  const who = typeof v.decision === "number" ? v.decision : v.turn;
  const player = v.players && v.players[/** @type {number} */ (who)]; // none (a tutorial's view): no player
  return !player || player.kind !== "computer";
}

/** @param {State} s @param {import("../types.js").BoardView} v */
function drawDice(s, v) {
  const { geo, layerInfo, diceTarget } = s;
  const { MID, PW } = geo;
  const z = sizes(s);
  const roller = mover(s);
  const center = geo.diceCenter(roller);
  const dice = Array.isArray(v.dice) && v.dice.length ? v.dice : null;
  /** area the dice target covers: the roller's half of the middle band */
  const bandH = geo.narrow ? geo.BAND - 4 : 60;
  const area = { x: center.x - 3 * PW + 6, y: MID - bandH / 2, w: 6 * PW - 12, h: bandH };
  if (dice) {
    const doubles = dice.length === 2 && dice[0] === dice[1];
    const values = doubles ? [dice[0], dice[0], dice[0], dice[0]] : dice;
    const used = usedDice(values, v.dice_remaining, doubles);
    const size = doubles ? z.doubleDie : z.die;
    const gap = 10;
    const diceWidth = values.length * size + (values.length - 1) * gap;
    // The turn waits for Done (or Pass): its button sits right of the dice, the two centred together.
    const prompt = s.cfg.endPrompt ?? null;
    const promptWidth = prompt ? z.promptW + PROMPT_GAP : 0;
    const width = diceWidth + promptWidth;
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
    if (prompt) {
      const x = center.x - width / 2 + diceWidth + PROMPT_GAP;
      const button = svgEl("g", { class: `end-prompt ${prompt}` }, layerInfo);
      svgEl("rect", { x, y: MID - z.promptH / 2, width: z.promptW, height: z.promptH, rx: z.promptH / 2, class: "end-button" }, button);
      svgText(button, t(prompt === "pass" ? "controls.pass" : "controls.confirm"), { x: x + z.promptW / 2, y: MID, class: "end-text", "text-anchor": "middle", "dominant-baseline": "central" });
    }
  } else {
    s.lastDiceKey = null;
  }
  const active = s.cfg.diceActive !== false;
  if (active && !dice && ["roll", "opening"].includes(/** @type {string} */ (v.phase)) && humanDecides(v)) { // none: false
    const g = svgEl("g", { class: "dice current prompt" }, layerInfo);
    svgEl("rect", { x: center.x - z.rollW / 2, y: MID - z.promptH / 2, width: z.rollW, height: z.promptH, rx: z.promptH / 2, class: "roll-button" }, g);
    svgText(g, t("board.roll"), { x: center.x, y: MID, class: "roll-text", "text-anchor": "middle", "dominant-baseline": "central" });
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
    const size = z.previous;
    const g = svgEl("g", { class: "dice previous" }, layerInfo);
    prev.forEach((/** @type {number} */ d, /** @type {number} */ i) => {
      drawDie(g, d, c.x - size - 3 + i * (size + 6), MID - size / 2, size, other);
    });
  }
  const label = !dice ? t("board.rollDice")
    : s.cfg.endPrompt ? t("board.diceEnd", { action: s.cfg.endPrompt, dice: dice.join(" ") })
    : t("board.dice", { dice: dice.join(" ") });
  diceTarget.setAttribute("aria-label", label);
  // Dice that do nothing when pressed are not offered as a button (shown dice still say what they are).
  diceTarget.setAttribute("tabindex", active ? "0" : "-1");
  if (active) diceTarget.removeAttribute("aria-disabled");
  else diceTarget.setAttribute("aria-disabled", "true");
  if (active || dice) diceTarget.removeAttribute("aria-hidden");
  else diceTarget.setAttribute("aria-hidden", "true");
  const ring = /** @type {SVGElement} */ (diceTarget.firstChild);
  ring.setAttribute("x", String(area.x));
  ring.setAttribute("y", String(area.y));
  ring.setAttribute("width", String(area.w));
  ring.setAttribute("height", String(area.h));
}

/** A computer's level in the language's words (a level this page does not know by name is shown as it is). @param {string} level */
function levelWord(level) {
  return Object.hasOwn(LEVEL_WORDS, level) ? t(LEVEL_WORDS[level]) : level;
}

/** @param {State} s @param {import("../types.js").BoardView} v */
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
  // `offered_by` is read only when `offered` says it is a number (a cast: tsc does not narrow through `offered`)
  const c = offered ? geo.diceCenter(/** @type {number} */ (cube.offered_by)) : geo.cubeCenter(owner);
  // A pending offer shows the value at stake if it is taken: Python's `offered_value` (after a beaver it is not
  // twice the cube's value).
  const value = offered ? cube.offered_value : cube.value;
  const text = value === 1 && owner === null ? "64" : String(value);
  const cls = [owner === null ? "centered" : `owned owner-p${owner}`];
  if (offered) cls.push("offered");
  if (cube.dead) cls.push("dead");
  if (cube.may_double && !offered && v.phase === "roll" && humanDecides(v)) cls.push("may-double");
  // the narrow board's cube is larger, so that "64" is 11 px high on a phone; its target 64 units (27 px) a side
  const size = geo.narrow ? (offered ? 60 : 56) : offered ? 56 : 46;
  const reach = geo.narrow ? 32 : 30;
  drawCube(s.layerInfo, text, c.x, c.y, size, cls.join(" "));
  ring.setAttribute("x", String(c.x - reach));
  ring.setAttribute("y", String(c.y - reach));
  ring.setAttribute("width", String(2 * reach));
  ring.setAttribute("height", String(2 * reach));
  const stake = value ?? cube.value;
  /** @type {import("../i18n/format.js").MessageArgs} */
  const args = offered
    ? { value: cube.value, offered: stake, offerer: playerName(v, /** @type {number} */ (cube.offered_by)) }
    : { value: stake };
  if (owner !== null) args.owner = playerName(v, owner);
  const label = offered
    ? t(owner === null ? "board.cubeOffered" : "board.cubeOwnedOffered", args)
    : t(owner === null ? "board.cube" : "board.cubeOwned", args);
  cubeTarget.setAttribute("aria-label", label);
}

/**
 * Match length and the Crawford marker, in the side column around the centred cube; on the narrow board, the length
 * alone in the middle of the trays, on a red badge in the Crawford game (the panel's match line says the rest).
 * @param {State} s @param {import("../types.js").BoardView} v
 */
function drawMatchInfo(s, v) {
  const st = v.settings;
  const { MID } = s.geo;
  const x = s.geo.sideCx;
  if (s.geo.narrow) {
    if (!st || typeof st.match_length !== "number" || st.match_length <= 0) return;
    const g = svgEl("g", { class: v.crawford_game ? "match-info crawford" : "match-info" }, s.layerInfo);
    if (v.crawford_game) svgEl("rect", { x: x - 24, y: MID - 20, width: 48, height: 40, rx: 10, class: "crawford-badge" }, g);
    svgText(g, String(st.match_length), { x, y: MID, class: "match-length", "text-anchor": "middle", "dominant-baseline": "central" });
    return;
  }
  if (st && typeof st.match_length === "number") {
    const g = svgEl("g", { class: "match-info" }, s.layerInfo);
    if (st.match_length > 0) {
      svgText(g, String(st.match_length), { x, y: MID - 84, class: "match-length", "text-anchor": "middle", "dominant-baseline": "central" });
      const words = t("board.pointMatch").split(" ");
      words.forEach((w, i) => svgText(g, w, { x, y: MID - 62 + i * 14, class: "match-word", "text-anchor": "middle", "dominant-baseline": "central" }));
    } else {
      t("board.money").split(" ").forEach((w, i) => svgText(g, w, { x, y: MID - 70 + i * 14, class: "match-word", "text-anchor": "middle", "dominant-baseline": "central" }));
    }
  }
  if (v.crawford_game) {
    const g = svgEl("g", { class: "crawford" }, s.layerInfo);
    svgEl("rect", { x: x - 32, y: MID + 44, width: 64, height: 20, rx: 10, class: "crawford-badge" }, g);
    svgText(g, t("board.crawford"), { x, y: MID + 54, class: "crawford-text", "text-anchor": "middle", "dominant-baseline": "central" });
  }
}
