// @ts-check
/** *Hint*: the computer's advice for the decision at hand (the best plays, or the cube), shown in the panel; the
 * plays can be rolled out from there (web/engine/rollout-panel.js). Its words are the catalogue's (web/i18n/): a hint
 * shown is written again at once in another language. */
import { canRollOut, canRollOutCube, cubeSummary, openRollout } from "../engine/rollout-panel.js";
import { failureDetail } from "../engine/page-engine.js";
import { decimal, isolated, LANGUAGE_CHANGED, t } from "../i18n/i18n.js";

/**
 * What the hint panel shows, as a function that writes it again (in another language), and the first node it
 * wrote: while that node is still in the panel, what it shows is the hint's.
 * @type {{panel: HTMLElement, render: () => Node[], first: Node | null} | null}
 */
let shown = null;
let listening = false;

/**
 * Show `render()` in `panel`, and again whenever the language changes while it is there.
 * @param {HTMLElement} panel @param {() => Node[]} render
 */
function show(panel, render) {
  if (!listening) {
    document.addEventListener(LANGUAGE_CHANGED, () => {
      if (shown?.first && shown.panel.contains(shown.first)) show(shown.panel, shown.render);
    });
    listening = true;
  }
  const nodes = render();
  panel.replaceChildren(...nodes);
  shown = { panel, render, first: nodes[0] ?? null };
}

/** @param {string} text */
function paragraph(text) {
  const p = document.createElement("p");
  p.textContent = text;
  return p;
}

/**
 * Ask for a hint and show it in `panel`.
 * @param {{panel: HTMLElement, call: import("../types.js").Call, enqueue: (step: () => Promise<unknown>) => Promise<unknown>,
 *   view: () => import("../types.js").PlayView, say: (text: string) => void}} ctx
 */
export async function showHint({ panel, call, enqueue, view, say }) {
  panel.hidden = false;
  show(panel, () => [document.createTextNode(t("hint.thinking"))]);
  await enqueue(async () => {
    let hint;
    try {
      hint = await call("hint");
    } catch (e) {
      show(panel, () => [document.createTextNode(t("hint.unavailable", { error: failureDetail(e) }))]);
      return;
    }
    const now = view();
    const plays = Array.isArray(hint?.plays) ? hint.plays : [];
    const doubled = now.phase === "doubled";
    // The hint judges the roll from where the turn began, whatever checkers were moved since.
    const midTurn = now.phase === "move" && (now.moves_made?.length ?? 0) > 0;
    /** @type {() => Node | null} */
    const button = canRollOut(now, plays)
      ? () => rollOutButton(() => openRollout(now, plays, say), "rollout-open", t("hint.rollOut"))
      : hint?.cube && !doubled && canRollOutCube(now)
      ? () => rollOutButton(() => openRollout(now, [], say, { cube: true }), "rollout-cube-open", t("hint.rollOutCube"))
      : () => null;
    /** @type {() => Node[]} */
    const render = () => {
      const open = button();
      const nodes = hintNodes(hint, doubled, midTurn);
      return open ? [...nodes, open] : nodes;
    };
    show(panel, render);
    // What the hint says, without its button's label.
    say([...panel.childNodes].filter((node) => node.nodeName !== "BUTTON").map((node) => node.textContent).join(""));
  });
}

/** @param {() => void} open @param {string} id @param {string} label */
function rollOutButton(open, id, label) {
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
 * @param {boolean} midTurn checkers have been moved this turn: the plays listed start from before them
 * @returns {Node[]}
 */
function hintNodes(hint, doubled, midTurn) {
  /** @type {Node[]} */
  const nodes = [];
  const heading = document.createElement("h3");
  heading.textContent = t("hint.title");
  nodes.push(heading);
  const mwc = hint?.unit === "mwc";
  const cube = hint?.cube;
  if (cube) nodes.push(paragraph(cubeAdvice(cube, doubled)));
  const plays = Array.isArray(hint?.plays) ? hint.plays.slice(0, 5) : [];
  if (plays.length) {
    const list = document.createElement("ol");
    const deepest = Math.max(...plays.map((/** @type {any} */ play) => Number(play.plies) || 0));
    for (const play of plays) {
      const item = document.createElement("li");
      item.textContent = playLine(play, mwc, deepest);
      list.append(item);
    }
    const quick = plays.some((/** @type {any} */ play) => (Number(play.plies) || 0) < deepest);
    const unit = paragraph([t(mwc ? "hint.unitMwc" : "hint.unitEmg"), ...(quick ? [t("hint.quickLook")] : [])].join(" "));
    unit.className = "note";
    if (midTurn) nodes.push(paragraph(t("hint.fromTurnStart")));
    nodes.push(list, unit);
  }
  if (nodes.length === 1) nodes.push(paragraph(t("hint.noAdvice")));
  return nodes;
}

/**
 * The case of `hint.cubeAction` for the hint's cube: the action, and the answer where it is said.
 * @param {Record<string, any>} cube the hint's `cube` (`action`: double, no_double or too_good; `response`: take,
 *   drop or beaver)
 */
function cubeAction(cube) {
  const taken = cube.response === "take" || cube.response === "beaver";
  if (cube.action === "too_good") return "toogood";
  if (cube.action === "no_double") return taken ? "nodoubletake" : "nodouble";
  if (cube.action === "double" && ["take", "drop", "beaver"].includes(cube.response)) return `double${cube.response}`;
  return "other";
}

/**
 * The cube advice in words: to a double, take or drop (and the chances of the player doubled to win this game);
 * before the roll, whether to double.
 * @param {Record<string, any>} cube the hint's `cube` @param {boolean} doubled a double is offered
 */
export function cubeAdvice(cube, doubled) {
  const action = cubeAction(cube);
  const advice = doubled
    ? t("hint.answer", { response: String(cube.response ?? "take") })
    : t("hint.cube", {
      advice: action === "other" ? cubeSummary(String(cube.summary ?? cube.action ?? "")) : t("hint.cubeAction", { action, summary: "" }),
    });
  const win = typeof cube.win === "number" ? ` ${t("hint.chances", { chance: decimal(cube.win * 100, 1, { percent: true }) })}` : "";
  return `${advice}${win}`;
}

/**
 * What a candidate play is worth, its unit named, and how far it is behind the best: `equity +0.123 EMG (−0.045 EMG
 * against the best)`, or in a match `match winning chances 45.1% (−0.2% MWC against the best)`; "" without figures.
 * @param {Record<string, any>} play @param {boolean} mwc the hint is in match winning chances
 */
export function playValue(play, mwc) {
  if (typeof play.equity !== "number") return "";
  const behind = typeof play.difference === "number" && play.difference ? play.difference : 0;
  if (mwc) {
    const chance = decimal(play.equity * 100, 1, { percent: true });
    return behind
      ? t("hint.valueMwcBehind", { chance, behind: decimal(behind * 100, 1, { signed: true, percent: true }) })
      : t("hint.valueMwc", { chance });
  }
  const equity = decimal(play.equity, 3, { signed: true });
  return behind ? t("hint.valueEmgBehind", { equity, behind: decimal(behind, 3, { signed: true }) }) : t("hint.valueEmg", { equity });
}

/**
 * A candidate play's line: the play, its value and, when it was judged less deeply than the best, that it was.
 * @param {Record<string, any>} play @param {boolean} mwc @param {number} deepest  the plies of the deepest look
 */
export function playLine(play, mwc, deepest) {
  const quick = (Number(play.plies) || 0) < deepest ? "yes" : "no";
  const value = playValue(play, mwc);
  const name = isolated(String(play.play ?? ""));
  return value ? t("hint.play", { play: name, value, quick }) : t("hint.playOnly", { play: name, quick });
}
