// @ts-check
/**
 * The position editor's state: one plain object, made when the editor is entered and handed to the modules that
 * draw it (draw.js), change it (edit.js, paste.js) and read its form (form.js). Nothing else keeps any of it.
 */

import { listText, t } from "../i18n/i18n.js";

export const CHECKERS = 15;
export const START = [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2];

export const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * The elements of the editor's panel (index.html) that its modules keep at hand.
 * @typedef {object} SetupElements
 * @property {HTMLElement} panel  #setup-panel
 * @property {HTMLFormElement} form  the editor: who is on roll, the dice, the cube, the match, the score
 * @property {HTMLElement} problems  what the rules core says is wrong, or that the position is ready
 * @property {HTMLInputElement} pasteField
 * @property {HTMLElement} pasteError
 * @property {{xgid: HTMLElement, position_id: HTMLElement, match_id: HTMLElement}} ids  the checked position's IDs
 * @property {HTMLButtonElement} doneButton
 * @property {HTMLElement} refusedLine  why the last tap or drop changed nothing
 */

/**
 * The rules core's answer about the position (`check_position`).
 * @typedef {{id: string, args: Record<string, number>}} ProblemWords  a problem's message id and arguments
 * @typedef {{ok: boolean, problems: string[], words?: (ProblemWords | null)[], position_id?: string, match_id?: string,
 *   xgid?: string}} Checked
 */

/**
 * Words the editor shows, made again in the language in force whenever they are written (a language switch writes
 * what is on screen again).
 * @typedef {() => string} Words
 */

/**
 * @typedef {object} SetupState
 * @property {import("./setup.js").SetupContext} ctx  what the page gave
 * @property {string[]} names  the players' names as the match stores them (its defaults in English), which the
 *   rules core's check is given; the page shows them by `nameOf`
 * @property {SetupElements} dom
 * @property {number[]} points  the checkers edited, signed as in the view (+ player 0); the rest is borne off
 * @property {number[]} bar
 * @property {Checked | null} checked  the rules core's last answer
 * @property {number} checking  the checks asked so far: only the last one's answer is shown
 * @property {Words | null} refused  why the last tap or drop changed nothing, shown until the next change (the next check)
 * @property {Words | null} refusedShown  the refusal on screen (written again in another language)
 * @property {Words | null} pasteError  what is wrong with the text pasted, on screen under the field
 * @property {Words | null} rolloutLine  what the line under the buttons says of *Roll out*
 * @property {Array<() => void>} unbinds  the listeners to take off when the editor is left
 */

/**
 * @param {import("./setup.js").SetupContext} ctx
 * @returns {SetupState}
 */
export function createState(ctx) {
  const start = ctx.view.board ?? { points: START, bar: [0, 0] };
  return {
    ctx,
    names: [0, 1].map((p) => ctx.view.players?.[p]?.name || (p ? "Black" : "White")),
    dom: {
      panel: byId("setup-panel"),
      form: /** @type {HTMLFormElement} */ (byId("setup-editor")),
      problems: byId("setup-problems"),
      pasteField: /** @type {HTMLInputElement} */ (byId("setup-paste")),
      pasteError: byId("setup-paste-error"),
      ids: { xgid: byId("setup-xgid"), position_id: byId("setup-position-id"), match_id: byId("setup-match-id") },
      doneButton: /** @type {HTMLButtonElement} */ (byId("setup-done")),
      refusedLine: byId("setup-refused"),
    },
    points: [...(start.points ?? START)],
    bar: [...(start.bar ?? [0, 0])],
    checked: null,
    checking: 0,
    refused: null,
    refusedShown: null,
    pasteError: null,
    rolloutLine: null,
    unbinds: [],
  };
}

/** @param {SetupState} state @param {number} p @returns {number} player p's checkers on the board and the bar */
export function onBoard(state, p) {
  return state.points.reduce((n, c) => n + (p === 0 ? Math.max(c, 0) : Math.max(-c, 0)), 0) + state.bar[p];
}

/** @param {SetupState} state @param {number} p @returns {number} player p's checkers borne off */
export function off(state, p) {
  return CHECKERS - onBoard(state, p);
}

/**
 * A player's name as the page shows it: a side's default name as the language's word for the side (the page's
 * `playerName`, web/i18n/player-names.js).
 * @param {SetupState} state @param {number} p
 */
export function nameOf(state, p) {
  return state.ctx.playerName(state.ctx.view, p);
}

/** @param {number} p @returns {"white" | "black"} a side's colour, as the messages choose their words by it */
export function colourOf(p) {
  return p === 0 ? "white" : "black";
}

/**
 * What a place holds, in words: the board's own names of its places (web/board/render.js, `board.*`), the point
 * numbered as the editor numbers it (White's numbering).
 * @param {SetupState} state @param {number | string} loc
 */
export function describe(state, loc) {
  const { points, bar } = state;
  const checkers = (/** @type {number} */ p, /** @type {number} */ count) => t("board.checkers", { colour: colourOf(p), count });
  if (loc === "bar" || loc === "off") {
    const count = (/** @type {number} */ p) => (loc === "bar" ? bar[p] : Math.max(off(state, p), 0));
    // Both sides' checkers, the side on roll's first (as the board says them).
    const first = turn(state);
    const held = [first, 1 - first].filter((p) => count(p) > 0).map((p) => checkers(p, count(p)));
    if (!held.length) return t(loc === "bar" ? "board.barEmpty" : "board.offEmpty");
    return t(loc === "bar" ? "board.bar" : "board.off", { checkers: listText(held) });
  }
  const number = Number(loc);
  const n = points[number - 1];
  return n ? t("board.point", { number, checkers: checkers(n > 0 ? 0 : 1, Math.abs(n)) }) : t("board.pointEmpty", { number });
}

/** @param {SetupState} state @returns {0 | 1} the player on roll, as the form says */
function turn(state) {
  const select = /** @type {HTMLSelectElement | null} */ (state.dom.form.elements.namedItem("turn"));
  return select?.value === "1" ? 1 : 0;
}
