// @ts-check
/**
 * The position editor: the same board, used to place checkers, with a panel for who is on roll, the dice, the cube,
 * the match length, the score and the Crawford game (in a money session: the Jacoby rule and beavers), and a double
 * offered by the player on roll, waiting for the other's answer. Entered with `enterSetup(context)`, left with the handle's
 * `exit()`. It owns #setup-panel, clicks and keys on the board's points while it is on, and the `check_position`
 * calls: the rules core checks every change and says what is wrong, or gives the position's XGID, Position ID and
 * Match ID (shown in the panel); Done hands the checked IDs to the page. A pasted XGID, `POSITION_ID:MATCH_ID` or
 * Position ID alone (the checkers only) is read by the core (`read_position`) into the editor.
 *
 * Mouse: a click on a point, the bar or the tray adds a checker of the chosen colour (from that colour's tray);
 * with "Click removes" chosen, or with Shift, it takes one off the point (back to the tray). Mouse or finger: a checker
 * dragged from a point, the bar or the tray to another place moves there (to the tray: borne off); the board's own
 * drag (web/board/board.js `onEditDrop`) carries it. Keyboard: the board's
 * points are focused with Tab and the arrow keys; Enter or Space does what a click does, + adds, - or Delete removes,
 * W / B choose the colour; Escape cancels.
 *
 * Its state is one object (state.js) handed to the modules beside this one: the form (form.js), the drawing and the
 * rules core's check (draw.js), the checkers changed by hand (edit.js) and a pasted position (paste.js). This module
 * enters the editor, binds the events to them and leaves.
 */

import { LANGUAGE_CHANGED, t } from "../i18n/i18n.js";
import { check, draw, showChecked, showRefusal } from "./draw.js";
import { clearBoard, edit, locOf, moveChecker, startPosition, swapSides } from "./edit.js";
import { fillForm, params, removing, writeWords } from "./form.js";
import { readPasted, showPasteError } from "./paste.js";
import { leaveRollout, rollOutPosition, showRolloutLine } from "./rollout.js";
import { byId as $, colourOf, createState } from "./state.js";

const root = document.documentElement;

/**
 * @typedef {object} SetupContext
 * @property {{set: (config: object) => void}} board  web/board/board.js's board
 * @property {import("../types.js").Call} call  a worker method (rules errors reject)
 * @property {{say: (text: string) => void}} announcer
 * @property {Record<string, any>} view  the position to start from (the match in progress)
 * @property {(ids: {position_id: string, match_id: string, settings?: object}) => Promise<void>} done  play from the
 *   checked position (`settings`: a money session's rules that the IDs do not hold: beavers)
 * @property {() => void} leave  the player cancelled
 * @property {typeof import("../i18n/player-names.js").playerName} playerName  the name shown for a side, a default
 *   one as the language's word (handed over, not imported: importing it here would split it from the page's first
 *   modules into a file of its own, as for review)
 * @property {typeof import("../dice-words.js").rollDashed} rollDashed  a roll for a heading, `6-5` (handed over
 *   likewise)
 * @property {{open: typeof import("../engine/rollout-panel.js").openRollout,
 *   close: typeof import("../engine/rollout-panel.js").closeRollout}} [rollout]  the rollout panel (handed over, not
 *   imported: it stays in the page's first modules; web/setup/rollout.js)
 */

/** @typedef {import("./state.js").SetupState} SetupState */

/**
 * @param {SetupContext} ctx
 * @returns {{exit: () => void}}
 */
export function enterSetup(ctx) {
  const state = createState(ctx);
  const { dom } = state;
  dom.pasteField.value = "";
  showPasteError(state, null);
  fillForm(state);

  root.dataset.mode = "setup";
  ctx.board.set({ onEditDrop: moveChecker.bind(null, state) });
  dom.panel.hidden = false;
  $("play-panel").hidden = true;

  bindBoard(state);
  bindPanel(state);
  // Another language chosen while the editor is on (Preferences): what it wrote is written again at once (the
  // marked words follow by themselves, the board's places' names by the board).
  listen(state, document, LANGUAGE_CHANGED, () => rewrite(state));

  void check(state);
  // The panel's heading, not the paste field: on a phone a focused field would open the keyboard over the board.
  $("setup-editor-title").focus();
  ctx.announcer.say(t("setup.entered"));

  return {
    exit() {
      leaveRollout(state);
      for (const unbind of state.unbinds.splice(0)) unbind();
      ctx.board.set({ onEditDrop: undefined });
      dom.panel.hidden = true;
      $("play-panel").hidden = false;
      delete root.dataset.mode;
      delete root.dataset.setupCheck;
    },
  };
}

/**
 * Everything the editor wrote, written again in the language in force: the players' names and scores in the form,
 * the paste field's example and error, the double offered, the refusal, the rules core's answer (its problems are
 * its own words, English for now; "ready" is the page's) and the line about *Roll out*. A rollout panel open under
 * the editor keeps the description it was opened with.
 * @param {SetupState} state
 */
function rewrite(state) {
  writeWords(state);
  draw(state);
  showPasteError(state, state.pasteError);
  showRefusal(state);
  showChecked(state);
  showRolloutLine(state);
}

/**
 * Listen to an event while the editor is on.
 * @param {SetupState} state @param {EventTarget} target @param {string} type @param {(event: any) => void} fn
 * @param {boolean} [capture]
 */
function listen(state, target, type, fn, capture = false) {
  target.addEventListener(type, fn, capture);
  state.unbinds.push(() => target.removeEventListener(type, fn, capture));
}

/** Clicks and keys on the board's places, and Escape. @param {SetupState} state */
function bindBoard(state) {
  const { ctx, dom } = state;
  listen(state, $("board"), "click", (/** @type {MouseEvent} */ event) => {
    const loc = locOf(event);
    if (loc !== null) edit(state, loc, removing(state) || event.shiftKey);
  });
  listen(state, $("board"), "keydown", (/** @type {KeyboardEvent} */ event) => {
    const loc = locOf(event);
    if (loc === null) return;
    const key = event.key;
    if (key === "Enter" || key === " ") edit(state, loc, removing(state));
    else if (key === "+" || key === "=") edit(state, loc, false);
    else if (key === "-" || key === "Delete" || key === "Backspace") edit(state, loc, true);
    else if (key === "w" || key === "b") {
      /** @type {HTMLInputElement} */ (dom.form.querySelector(`input[name=colour][value="${key === "w" ? 0 : 1}"]`)).checked = true;
      ctx.announcer.say(t("setup.placing", { colour: colourOf(key === "w" ? 0 : 1) }));
    } else return;
    event.preventDefault();
    event.stopPropagation();
  }, true);
  listen(state, document, "keydown", (/** @type {KeyboardEvent} */ event) => {
    if (event.key === "Escape" && !document.querySelector("dialog[open]")) {
      event.preventDefault();
      ctx.leave();
    }
  });
}

/**
 * The panel: its form checked as it changes, the paste field, Done and Cancel, and the board's buttons.
 * @param {SetupState} state
 */
function bindPanel(state) {
  const { ctx, dom } = state;
  const edited = (/** @type {Event} */ event) => {
    if (event.target !== dom.pasteField) void check(state);
  };
  listen(state, dom.form, "change", edited);
  listen(state, dom.form, "input", edited);
  listen(state, $("setup-read"), "click", () => void readPasted(state));
  listen(state, dom.pasteField, "keydown", (/** @type {KeyboardEvent} */ event) => {
    if (event.key !== "Enter") return;
    event.preventDefault(); // not the form's submission (Done)
    void readPasted(state);
  });
  // A paste is read at once; the text typed by hand waits for Enter or Read.
  listen(state, dom.pasteField, "paste", () => setTimeout(() => void readPasted(state), 0));
  listen(state, dom.form, "submit", (/** @type {SubmitEvent} */ event) => {
    event.preventDefault();
    const action = /** @type {HTMLButtonElement | null} */ (event.submitter)?.value;
    const { checked } = state;
    if (action === "cancel") ctx.leave();
    else if (action === "done" && checked?.ok && checked.position_id && checked.match_id) {
      const p = params(state);
      // A money session's rules go with the IDs: the Match ID holds the Jacoby rule, not beavers.
      const settings = p.match_length === 0 ? { match_length: 0, jacoby: p.jacoby, beavers: p.beavers } : undefined;
      void ctx.done({ position_id: checked.position_id, match_id: checked.match_id, settings });
    }
  });
  listen(state, $("setup-clear"), "click", () => clearBoard(state));
  listen(state, $("setup-rollout"), "click", () => void rollOutPosition(state));
  listen(state, $("setup-start"), "click", () => startPosition(state));
  listen(state, $("setup-swap"), "click", () => swapSides(state));
}
