// @ts-check
/**
 * *Roll out* in the position editor: the position set up, played out many times on the pool of engine workers, with
 * the hint's rollout panel (web/engine/rollout-panel.js, handed over by the page: the editor's chunk does not import
 * it) shown under the editor. With dice set: the best plays of the roll, chosen as the hint chooses them
 * (`position_hint`: the hint of the position made from its IDs, on play's worker, which is free while the editor is
 * on; the match in progress is not touched). On roll without dice: the position itself before the roll, cubeless
 * (the cube is not turned in the trials). A double offered: the take decision, cubeful at the editor's score and cube
 * (the doubler's no double… double/take rolled out, seen from the taker: take or pass; the panel's taker mode).
 */

import { params } from "./form.js";
import { byId } from "./state.js";

/** The plays rolled out: the hint's best ones (as many as from the hint in play). */
export const ROLLOUT_PLAYS = 3;

/** @typedef {import("./state.js").SetupState} SetupState */
/** @typedef {import("../engine/rollout-panel.js").HintPlay} HintPlay */

/**
 * Why the position as it stands cannot be rolled out, in words, or "" when it can.
 * @param {SetupState} state
 */
export function rolloutRefusal(state) {
  if (!state.checked?.ok) return "The position cannot be rolled out until it is legal: see what is wrong above.";
  return "";
}

/** @param {string} text what the player reads under the editor's buttons ("" hides the line) */
function tell(text) {
  const line = byId("setup-rollout-line");
  line.textContent = text;
  line.hidden = !text;
}

/**
 * *Roll out*: open the rollout panel for the position set up, or say why not.
 * @param {SetupState} state
 */
export async function rollOutPosition(state) {
  const { ctx } = state;
  const rollout = ctx.rollout;
  if (!rollout) return;
  const refusal = rolloutRefusal(state);
  if (refusal) {
    tell(refusal);
    ctx.announcer.say(refusal);
    return;
  }
  const checked = /** @type {import("./state.js").Checked} */ (state.checked);
  const p = params(state);
  const ids = {
    position_id: /** @type {string} */ (checked.position_id),
    match_id: /** @type {string} */ (checked.match_id),
    ...(p.match_length === 0 ? { settings: { match_length: 0, jacoby: p.jacoby, beavers: p.beavers } } : {}),
  };
  tell(p.dice[0] ? "Finding the best plays of the roll…" : "");
  let answer;
  try {
    answer = await ctx.call("position_hint", ids);
  } catch (error) {
    tell(`The position cannot be rolled out: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  if (state.checked?.position_id !== ids.position_id || state.checked?.match_id !== ids.match_id) {
    tell("The position changed meanwhile: press Roll out again to roll out the new one.");
    return;
  }
  const view = /** @type {import("../types.js").PlayView} */ (answer.view);
  const mover = state.names[view.turn ?? 0];
  const say = (/** @type {string} */ text) => ctx.announcer.say(text);
  const host = byId("setup-rollout-host");
  if (view.phase === "move") {
    /** @type {HintPlay[]} */
    const plays = Array.isArray(answer.hint?.plays) ? answer.hint.plays : [];
    const dice = (view.dice ?? []).join("-");
    if (plays.length < 2) {
      tell(plays.length
        ? `${mover} has one legal play with ${dice} (${plays[0].play}): there is nothing to compare. Set the dice to "to roll" to roll out the position before the roll.`
        : `${mover} cannot move with ${dice}: there is nothing to compare.`);
      return;
    }
    const chosen = plays.slice(0, ROLLOUT_PLAYS);
    tell("");
    rollout.open(view, plays, say, {
      host,
      chosen,
      what: `${mover}'s best ${chosen.length} plays of ${dice} in this position: ${chosen.map((play) => play.play).join(" · ")}.`,
    });
  } else if (view.phase === "doubled") {
    const taker = state.names[view.decision ?? 1 - (view.turn ?? 0)];
    const value = view.cube?.offered_value ?? 2 * (view.cube?.value ?? 1);
    tell("");
    rollout.open(view, [], say, {
      host,
      taker: true,
      what: `${taker}'s answer to ${mover}'s double to ${value}, at this score and cube: double/take rolled out, double/pass worked out, seen from ${taker}: take or pass.`,
    });
  } else {
    tell("");
    rollout.open(view, [], say, {
      host,
      chosen: [{ play: `${mover} on roll`, moves: [] }],
      beforeRoll: true,
      what: `This position with ${mover} on roll, before the roll, cubeless: the cube is not turned in the trials.`,
    });
  }
}

/** The editor is left: a rollout shown under it stops and its panel goes back to its place.
 * @param {SetupState} state */
export function leaveRollout(state) {
  if (byId("setup-rollout-host").contains(byId("rollout-panel"))) state.ctx.rollout?.close();
  tell("");
}
