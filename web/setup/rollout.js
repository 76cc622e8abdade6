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

import { isolated, t } from "../i18n/i18n.js";
import { params } from "./form.js";
import { byId, nameOf } from "./state.js";

/** The plays rolled out: the hint's best ones (as many as from the hint in play). */
export const ROLLOUT_PLAYS = 3;

/** @typedef {import("./state.js").SetupState} SetupState */
/** @typedef {import("../engine/rollout-panel.js").HintPlay} HintPlay */

/**
 * Why the position as it stands cannot be rolled out, in words, or null when it can.
 * @param {SetupState} state
 * @returns {import("./state.js").Words | null}
 */
export function rolloutRefusal(state) {
  if (!state.checked?.ok) return () => t("setup.rolloutIllegal");
  return null;
}

/**
 * What the player reads under the editor's buttons (null hides the line), kept to be written again in another
 * language.
 * @param {SetupState} state @param {import("./state.js").Words | null} words
 */
function tell(state, words) {
  state.rolloutLine = words;
  showRolloutLine(state);
}

/** The line under the editor's buttons in the language in force. @param {SetupState} state */
export function showRolloutLine(state) {
  const line = byId("setup-rollout-line");
  line.textContent = state.rolloutLine?.() ?? "";
  line.hidden = !state.rolloutLine;
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
    tell(state, refusal);
    ctx.announcer.say(refusal());
    return;
  }
  const checked = /** @type {import("./state.js").Checked} */ (state.checked);
  const p = params(state);
  const ids = {
    position_id: /** @type {string} */ (checked.position_id),
    match_id: /** @type {string} */ (checked.match_id),
    ...(p.match_length === 0 ? { settings: { match_length: 0, jacoby: p.jacoby, beavers: p.beavers } } : {}),
  };
  tell(state, p.dice[0] ? () => t("setup.finding") : null);
  let answer;
  try {
    answer = await ctx.call("position_hint", ids);
  } catch (error) {
    // The rules core's or the worker's own words (English for now), in the page's sentence.
    const why = error instanceof Error ? error.message : String(error);
    tell(state, () => t("setup.rolloutFailed", { error: why }));
    return;
  }
  if (state.checked?.position_id !== ids.position_id || state.checked?.match_id !== ids.match_id) {
    tell(state, () => t("setup.rolloutChanged"));
    return;
  }
  const view = /** @type {import("../types.js").PlayView} */ (answer.view);
  const mover = nameOf(state, view.turn ?? 0);
  const say = (/** @type {string} */ text) => ctx.announcer.say(text);
  const host = byId("setup-rollout-host");
  if (view.phase === "move") {
    /** @type {HintPlay[]} */
    const plays = Array.isArray(answer.hint?.plays) ? answer.hint.plays : [];
    const roll = ctx.rollDashed(view.dice);
    const turn = view.turn ?? 0;
    if (plays.length < 2) {
      const only = plays[0]?.play;
      tell(state, only
        ? () => t("setup.onePlay", { name: nameOf(state, turn), roll, play: isolated(only) })
        : () => t("setup.noPlay", { name: nameOf(state, turn), roll }));
      return;
    }
    const chosen = plays.slice(0, ROLLOUT_PLAYS);
    tell(state, null);
    rollout.open(view, plays, say, {
      host,
      chosen,
      what: t("setup.whatPlays", { name: mover, n: chosen.length, roll, plays: chosen.map((play) => isolated(play.play)).join(" · ") }),
    });
  } else if (view.phase === "doubled") {
    const taker = nameOf(state, view.decision ?? 1 - (view.turn ?? 0));
    const value = view.cube?.offered_value ?? 2 * (view.cube?.value ?? 1);
    tell(state, null);
    rollout.open(view, [], say, {
      host,
      taker: true,
      what: t("setup.whatTake", { taker, mover, value }),
    });
  } else {
    tell(state, null);
    rollout.open(view, [], say, {
      host,
      chosen: [{ play: t("setup.onRollPlay", { name: mover }), moves: [] }],
      beforeRoll: true,
      what: t("setup.whatBeforeRoll", { name: mover }),
    });
  }
}

/** The editor is left: a rollout shown under it stops and its panel goes back to its place.
 * @param {SetupState} state */
export function leaveRollout(state) {
  if (byId("setup-rollout-host").contains(byId("rollout-panel"))) state.ctx.rollout?.close();
  tell(state, null);
}
