// @ts-check
/**
 * The position editor's state: one plain object, made when the editor is entered and handed to the modules that
 * draw it (draw.js), change it (edit.js, paste.js) and read its form (form.js). Nothing else keeps any of it.
 */

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
 * @typedef {{ok: boolean, problems: string[], position_id?: string, match_id?: string, xgid?: string}} Checked
 */

/**
 * @typedef {object} SetupState
 * @property {import("./setup.js").SetupContext} ctx  what the page gave
 * @property {string[]} names  the players' names
 * @property {SetupElements} dom
 * @property {number[]} points  the checkers edited, signed as in the view (+ player 0); the rest is borne off
 * @property {number[]} bar
 * @property {Checked | null} checked  the rules core's last answer
 * @property {number} checking  the checks asked so far: only the last one's answer is shown
 * @property {string} refused  why the last tap or drop changed nothing, shown until the next change (the next check)
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
    refused: "",
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
 * What a place holds, in words.
 * @param {SetupState} state @param {number | string} loc
 */
export function describe(state, loc) {
  const { names, points, bar } = state;
  if (loc === "bar") return `Bar: ${bar[0]} ${names[0]}, ${bar[1]} ${names[1]}`;
  if (loc === "off") return `Borne off: ${Math.max(off(state, 0), 0)} ${names[0]}, ${Math.max(off(state, 1), 0)} ${names[1]}`;
  const n = points[Number(loc) - 1];
  return `Point ${loc}: ${n ? `${Math.abs(n)} ${names[n > 0 ? 0 : 1]}` : "empty"}`;
}
