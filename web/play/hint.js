// @ts-check
/** *Hint*: the computer's advice for the decision at hand (the best plays, or the cube), shown in the panel; the
 * plays can be rolled out from there (web/engine/rollout-panel.js). */
import { canRollOut, canRollOutCube, openRollout } from "../engine/rollout-panel.js";

/**
 * Ask for a hint and show it in `panel`.
 * @param {{panel: HTMLElement, call: import("../types.js").Call, enqueue: (step: () => Promise<unknown>) => Promise<unknown>,
 *   view: () => import("../types.js").PlayView, say: (text: string) => void}} ctx
 */
export async function showHint({ panel, call, enqueue, view, say }) {
  panel.hidden = false;
  panel.textContent = "Thinking…";
  await enqueue(async () => {
    let hint;
    try {
      hint = await call("hint");
    } catch (e) {
      panel.textContent = `No hint available: ${e instanceof Error ? e.message : String(e)}`;
      return;
    }
    const shown = view();
    panel.replaceChildren(...hintNodes(hint, shown.phase === "doubled"));
    say(panel.textContent ?? "");
    const plays = Array.isArray(hint?.plays) ? hint.plays : [];
    if (canRollOut(shown, plays)) panel.append(rollOutButton(() => openRollout(shown, plays, say)));
    else if (hint?.cube && shown.phase !== "doubled" && canRollOutCube(shown)) {
      panel.append(rollOutButton(() => openRollout(shown, [], say, { cube: true }), "rollout-cube-open", "Roll out the cube decision"));
    }
  });
}

/** @param {() => void} open @param {string} [id] @param {string} [label] */
function rollOutButton(open, id = "rollout-open", label = "Roll out") {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "small";
  button.id = id;
  button.textContent = label;
  button.addEventListener("click", open);
  return button;
}

/**
 * @param {any} hint the worker's `hint` answer
 * @param {boolean} doubled a double is offered: the cube advice is take or drop
 */
function hintNodes(hint, doubled) {
  /** @type {Node[]} */
  const nodes = [];
  const heading = document.createElement("h3");
  heading.textContent = "Hint";
  nodes.push(heading);
  const mwc = hint?.unit === "mwc";
  const cube = hint?.cube;
  if (cube) {
    const p = document.createElement("p");
    p.textContent = cubeAdvice(cube, doubled);
    nodes.push(p);
  }
  const plays = Array.isArray(hint?.plays) ? hint.plays.slice(0, 5) : [];
  if (plays.length) {
    const list = document.createElement("ol");
    const deepest = Math.max(...plays.map((/** @type {any} */ play) => Number(play.plies) || 0));
    for (const play of plays) {
      const item = document.createElement("li");
      item.textContent = playLine(play, mwc, deepest);
      list.append(item);
    }
    const unit = document.createElement("p");
    unit.className = "note";
    unit.textContent = mwc ? "MWC: the chance to win the match." : "EMG: the points a game is worth, per point of the cube.";
    if (plays.some((/** @type {any} */ play) => (Number(play.plies) || 0) < deepest)) unit.textContent += ` ${QUICK_LOOK_NOTE}`;
    nodes.push(list, unit);
  }
  if (nodes.length === 1) {
    const p = document.createElement("p");
    p.textContent = "No advice for this moment.";
    nodes.push(p);
  }
  return nodes;
}

/**
 * The cube advice in words: to a double, take or drop (and the chances of the player doubled to win this game);
 * before the roll, whether to double.
 * @param {Record<string, any>} cube the hint's `cube` @param {boolean} doubled a double is offered
 */
export function cubeAdvice(cube, doubled) {
  const advice = doubled ? `Advice: ${cube.response ?? "take"}.` : `Cube: ${cube.summary ?? cube.action ?? ""}`;
  const win = typeof cube.win === "number" ? ` Chances to win this game: ${(cube.win * 100).toFixed(1)}%.` : "";
  return `${advice}${win}`;
}

/**
 * What a candidate play is worth, its unit named, and how far it is behind the best: ` — equity +0.123 EMG (−0.045
 * EMG against the best)`, or in a match ` — match winning chances 45.1% (−0.2% MWC against the best)`.
 * @param {Record<string, any>} play @param {boolean} mwc the hint is in match winning chances
 */
export function playValue(play, mwc) {
  if (typeof play.equity !== "number") return "";
  const signed = (/** @type {number} */ x, /** @type {number} */ digits) => `${x < 0 ? "−" : "+"}${Math.abs(x).toFixed(digits)}`;
  const value = mwc ? ` — match winning chances ${(play.equity * 100).toFixed(1)}%` : ` — equity ${signed(play.equity, 3)} EMG`;
  const behind = typeof play.difference === "number" && play.difference ? play.difference : 0;
  if (!behind) return value;
  return `${value} (${mwc ? `${signed(behind * 100, 1)}% MWC` : `${signed(behind, 3)} EMG`} against the best)`;
}

/** Why a play with better figures can be listed below another: the plays looked at more deeply rank first. */
export const QUICK_LOOK_NOTE = "A quick look: a play judged less deeply, listed below those judged more deeply whatever its figures.";

/**
 * A candidate play's line: the play, its value and, when it was judged less deeply than the best, that it was.
 * @param {Record<string, any>} play @param {boolean} mwc @param {number} deepest  the plies of the deepest look
 */
export function playLine(play, mwc, deepest) {
  const quick = (Number(play.plies) || 0) < deepest ? " · a quick look" : "";
  return `${play.play}${playValue(play, mwc)}${quick}`;
}
