// @ts-check
/**
 * The position as the editor holds it, drawn on the board and the panel, and checked by the rules core
 * (`check_position`): what is wrong with it, or its IDs.
 */

import { field, params } from "./form.js";
import { byId, describe, off } from "./state.js";

const root = document.documentElement;

/** @typedef {import("./state.js").SetupState} SetupState */

/** @param {SetupState} state */
export function draw(state) {
  const { ctx, names, points, bar } = state;
  const p = params(state);
  field(state, "die1").disabled = p.doubled;
  field(state, "die2").disabled = p.dice[0] === 0; // no second die before the roll
  byId("setup-match-rules").hidden = p.match_length === 0;
  byId("setup-money-rules").hidden = p.match_length > 0;
  byId("setup-doubled-text").textContent = `${names[p.turn]} has doubled: ${names[1 - p.turn]} to take or drop`;
  const offered = p.doubled ? p.turn : null;
  /** @type {Record<string, string>} */
  const labels = { bar: describe(state, "bar"), off: describe(state, "off") };
  for (let i = 1; i <= 24; i += 1) labels[String(i)] = describe(state, i);
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
      labels,
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
  state.refused = "";
  // Said on screen as well as to the screen reader, at once (the check is not awaited for it); it lies outside
  // the status region so that it is not read twice.
  dom.refusedLine.textContent = refusal;
  dom.refusedLine.hidden = !refusal;
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
  // "Ready" would contradict a refusal shown beside it: the position is as it was, and the next edit says so.
  const lines = answer.ok ? (refusal ? [] : ["The position is ready to play."]) : answer.problems;
  dom.problems.replaceChildren(
    ...lines.map((/** @type {string} */ text) => {
      const item = document.createElement("li");
      item.textContent = text;
      return item;
    }),
  );
  dom.problems.classList.toggle("ok", answer.ok);
  dom.doneButton.disabled = !answer.ok;
  root.dataset.setupCheck = answer.ok ? "ok" : "problems";
}
