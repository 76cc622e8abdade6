// @ts-check
/**
 * The position as the editor holds it, drawn on the board and the panel, and checked by the rules core
 * (`check_position`): what is wrong with it, or its IDs.
 */

import { knows, message, t } from "../i18n/i18n.js";
import { field, params } from "./form.js";
import { byId, nameOf, off } from "./state.js";

const root = document.documentElement;

/** @typedef {import("./state.js").SetupState} SetupState */

/** @param {SetupState} state */
export function draw(state) {
  const { ctx, points, bar } = state;
  const p = params(state);
  field(state, "die1").disabled = p.doubled;
  field(state, "die2").disabled = p.dice[0] === 0; // no second die before the roll
  byId("setup-match-rules").hidden = p.match_length === 0;
  byId("setup-money-rules").hidden = p.match_length > 0;
  byId("setup-doubled-text").textContent = t("setup.doubled", { name: nameOf(state, p.turn), other: nameOf(state, 1 - p.turn) });
  const offered = p.doubled ? p.turn : null;
  const rolled = p.dice[0] > 0;
  ctx.board.set({
    interactive: false,
    diceActive: false, // a position being set up: no Roll to press
    numbering: null, // the bottom player's, as the editor's names count (play numbers from the player on roll)
    arrows: [],
    highlights: [],
    view: {
      players: ctx.view.players,
      settings: { ...(ctx.view.settings ?? {}), match_length: p.match_length, jacoby: p.jacoby, beavers: p.beavers },
      board: { points, bar, off: [Math.max(off(state, 0), 0), Math.max(off(state, 1), 0)] },
      turn: p.turn, decision: p.doubled ? 1 - p.turn : p.turn, phase: p.doubled ? "doubled" : rolled ? "move" : "roll",
      dice: rolled ? p.dice : [], dice_remaining: rolled ? p.dice : [], opponent_dice: [], moves_made: [], dests: {},
      can_undo: false, can_confirm: false, score: p.score, crawford_game: p.crawford,
      cube: { value: p.cube_value, owner: p.cube_owner, may_double: false, offered_by: offered, offered_value: p.cube_value * 2, dead: false },
      // No labels: the board names its places from what they hold, in the language's words (describe, state.js,
      // says them so).
    },
  });
}

/**
 * Ask the rules core about the position as it is now; show what is wrong, or its XGID.
 * @param {SetupState} state
 */
export async function check(state) {
  const { dom } = state;
  draw(state);
  const mine = (state.checking += 1);
  const refusal = state.refused;
  state.refused = null;
  // Said on screen as well as to the screen reader, at once (the check is not awaited for it); it lies outside
  // the status region so that it is not read twice.
  state.refusedShown = refusal;
  showRefusal(state);
  root.dataset.setupCheck = "checking";
  let answer;
  try {
    answer = await state.ctx.call("check_position", params(state));
  } catch (e) {
    answer = { ok: false, problems: [e instanceof Error ? e.message : String(e)] };
  }
  if (mine !== state.checking) return;
  state.checked = answer;
  for (const [name, code] of Object.entries(dom.ids)) code.textContent = (answer.ok && answer[name]) || "—";
  showChecked(state);
  dom.doneButton.disabled = !answer.ok;
  root.dataset.setupCheck = answer.ok ? "ok" : "problems";
}

/** The refusal of the last tap or drop, or none, in the language in force. @param {SetupState} state */
export function showRefusal(state) {
  const { refusedLine } = state.dom;
  refusedLine.textContent = state.refusedShown?.() ?? "";
  refusedLine.hidden = !state.refusedShown;
}

/**
 * The rules core's last answer in the panel: what is wrong or that the position is ready (the page's), in the
 * language in force. Each problem comes as a message id with its arguments (its player named as the page names the
 * side); one the catalogues lack, as the core's English.
 * @param {SetupState} state
 */
export function showChecked(state) {
  const { dom, checked } = state;
  if (!checked) return;
  const problem = (/** @type {string} */ text, /** @type {number} */ index) => {
    const words = checked.words?.[index];
    if (!words || !knows(words.id)) return text;
    const player = words.args.player;
    return message(words.id, player === undefined ? words.args : { ...words.args, name: nameOf(state, player) });
  };
  // "Ready" would contradict a refusal shown beside it: the position is as it was, and the next edit says so.
  const lines = checked.ok ? (state.refusedShown ? [] : [t("setup.ready")]) : checked.problems.map(problem);
  dom.problems.replaceChildren(
    ...lines.map((/** @type {string} */ text) => {
      const item = document.createElement("li");
      item.textContent = text;
      return item;
    }),
  );
  dom.problems.classList.toggle("ok", checked.ok);
}
