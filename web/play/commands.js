// @ts-check
/**
 * A person's commands: the board's callbacks (a checker moved, Undo, the dice, the cube, a checker picked up), the
 * control buttons, the keys (web/play/keyboard.js), the hint and resigning. Each becomes an action of the match
 * shown (act.js) or a sentence said.
 */
import { t } from "../i18n/i18n.js";
import * as say from "./describe.js";
import { act } from "./act.js";
import { showHint } from "./hint.js";
import { startMatch } from "./lifecycle.js";
import { openNewMatchDialog } from "./newmatch.js";
import { personHereToAct } from "./seats.js";

/** @typedef {import("./state.js").PlayState} PlayState */

/** The keys that only tell something about the match (web/play/keyboard.js), and what they tell. */
const TOLD = {
  lastRoll: say.lastRollText,
  info: say.generalInfoText,
  scores: say.scoreText,
  turn: say.turnText,
  cube: say.cubeText,
  pips: say.pipsText,
};

/**
 * Enter or a click on the dice: roll, end the turn, pass, or go on to the next game.
 * @param {PlayState} state
 */
export function primaryAction(state) {
  const v = state.view;
  if (state.busy || !state.match.loaded() || state.suspended) return false;
  if (v.phase === "game_over") return act(state, { type: "next_game" }), true;
  // The match in progress is followed by a new one; a match with a friend offers its rematch in its own panel.
  if (v.phase === "match_over") return state.match.kind === "local" ? (void newMatchDialog(state), true) : false;
  if (!personHereToAct(v)) return false;
  if (v.phase === "opening" || v.phase === "roll") return act(state, { type: "roll" }), true;
  if (v.phase === "move" && (v.no_legal_move || v.can_confirm)) return act(state, { type: "confirm" }), true;
  return false;
}

/** @param {PlayState} state */
function swapDiceByTap(state) {
  const v = state.view;
  if (state.busy || state.suspended || !state.ctx.preferences().oneTap || !personHereToAct(v) || !v.can_swap_dice) return;
  act(state, { type: "swap_dice" });
}

/** @param {PlayState} state @param {string} name a control's `data-action` */
export function buttonAction(state, name) {
  if (state.busy) return;
  if (name === "new_match") return void newMatchDialog(state);
  // A control's `data-action` (index.html) is an action's type, but for "pass": the DOM gives a string.
  act(state, { type: /** @type {import("../types.js").Action["type"]} */ (name === "pass" ? "confirm" : name) });
}

/** @param {PlayState} state */
export function newMatchDialog(state) {
  const { queue, local } = state.ctx;
  return openNewMatchDialog({
    ask: queue.ask,
    enqueue: queue.enqueue,
    start: (match) => startMatch(state, match),
    current: local.loaded() ? state.view : null,
  });
}

/** @param {PlayState} state @param {number | string | null} loc a checker picked up on the board (null: put down) */
function announceSelection(state, loc) {
  clearTimeout(state.cancelledSelection);
  if (loc === null || loc === undefined) {
    // The board also drops the selection when a checker is played: only a selection dropped without a move
    // (Escape, a click elsewhere) is news.
    state.cancelledSelection = setTimeout(() => state.ctx.say(t("selection.cancelled")), 0);
    return;
  }
  const v = state.view;
  const dests = v.dests?.[String(loc)] ?? [];
  const player = v.turn ?? 0;
  const where = { place: loc === "bar" ? "bar" : "point", point: loc === "bar" ? "" : say.spokenPoint(loc, player) };
  const to = dests.map((/** @type {number | string} */ d) => say.spokenPoint(d, player)).join(", ");
  state.ctx.say(to ? t("selection.canGo", { ...where, to }) : t("selection.selected", where));
}

/**
 * What the board reports of a person's hands.
 * @param {PlayState} state
 */
export function boardCallbacks(state) {
  return {
    /** @param {{from: number | "bar", to: number | "off"}} move */
    onMove: ({ from, to }) => {
      clearTimeout(state.cancelledSelection);
      act(state, { type: "move", from, to });
    },
    onUndo: () => {
      clearTimeout(state.cancelledSelection);
      act(state, { type: "undo" });
    },
    // with one-tap moves, a tap on the dice before the play is complete swaps them (the die shown first is played)
    onDiceClick: () => void (primaryAction(state) || swapDiceByTap(state)),
    onCubeClick: () => {
      const v = state.view;
      if (state.suspended) return;
      if (v.phase === "roll" && v.cube?.may_double) act(state, { type: "double" });
      else state.ctx.say(say.cubeText(v));
    },
    /** @param {number | string | null} loc */
    onSelect: (loc) => announceSelection(state, loc),
  };
}

/**
 * A keyboard command (web/play/keyboard.js); false when it did nothing here.
 * @param {PlayState} state @param {import("./keyboard.js").Command} command
 */
export function command(state, command) {
  const { ctx } = state;
  const v = state.view;
  if (state.suspended) return false; // the other mode has its own keys
  if (command in TOLD) {
    ctx.say(TOLD[/** @type {keyof typeof TOLD} */ (command)](v));
    return true;
  }
  switch (command) {
    case "primary":
      return primaryAction(state);
    case "boardEnter":
      if (v.phase !== "move" || v.no_legal_move || (v.can_confirm && !say.hasDests(v))) return primaryAction(state);
      return false;
    case "double":
      if (v.phase === "roll" && personHereToAct(v) && v.cube?.may_double && !state.busy) {
        act(state, { type: "double" });
      } else {
        // The Crawford game is the reason that lasts; "after the roll" would hide it.
        ctx.say(v.crawford_game ? t("double.crawford") : say.whyNotText(v) || t("controls.cannotDouble"));
      }
      return true;
    case "undo":
      if (v.phase === "move" && v.can_undo && personHereToAct(v) && !state.busy) {
        act(state, { type: "undo" });
        return true;
      }
      return false;
    case "cancel":
      ctx.board.set({ view: v }); // redraw without a selection
      return true;
    case "hint":
      if (!(/** @type {HTMLButtonElement} */ (document.getElementById("hint-button")).disabled)) void hint(state);
      return true;
    default:
      return false;
  }
}

/** @param {PlayState} state */
export function hint(state) {
  if (state.suspended) return; // another mode has the board: its match is not the one to advise on
  const panel = /** @type {HTMLElement} */ (document.getElementById("hint-panel"));
  return showHint({ panel, call: state.ctx.call, enqueue: state.ctx.queue.enqueue, view: () => state.view, say: state.ctx.say });
}

/** @param {PlayState} state */
export async function resignDialog(state) {
  if (state.suspended) return; // another mode (watching, review) has the board: resigning is for the match in play
  const { choice: kind, done } = await state.ctx.queue.ask(/** @type {HTMLDialogElement} */ (document.getElementById("resign-dialog")));
  if (kind === "single" || kind === "gammon" || kind === "backgammon") act(state, { type: "resign", kind });
  done();
}
