// @ts-check
/**
 * A pasted position: an XGID, `POSITION_ID:MATCH_ID` or a Position ID alone (the checkers only), read by the rules
 * core (`read_position`) into the editor.
 */

import { MAX_POSITION_CHARS, sizeText } from "../limits.js";
import { check } from "./draw.js";
import { field, loadPosition } from "./form.js";

/**
 * Read the pasted text into the editor, or say in the field what is wrong with it.
 * @param {import("./state.js").SetupState} state
 */
export async function readPasted(state) {
  const { pasteField, pasteError } = state.dom;
  const { announcer } = state.ctx;
  const text = pasteField.value.trim();
  if (!text) {
    pasteError.textContent = "Paste an XGID, or a GNU Backgammon Position ID (and Match ID), first.";
    return;
  }
  pasteError.textContent = "";
  if (text.length > MAX_POSITION_CHARS) {
    pasteError.textContent = `This text is too long for a position (${sizeText(text.length)}): an XGID or gnubg's IDs take less than 100 characters, and this game reads at most ${MAX_POSITION_CHARS} characters. The field is cleared.`;
    pasteField.value = ""; // a megabyte left in the field would slow every redraw of it
    pasteField.setAttribute("aria-invalid", "true");
    announcer.say(pasteError.textContent);
    return;
  }
  let answer;
  try {
    answer = await state.ctx.call("read_position", { text, on_roll: Number(field(state, "turn").value) === 1 ? 1 : 0 });
  } catch (e) {
    const failed = /** @type {{type?: string}} */ (e)?.type === "InternalError" || !(e instanceof Error);
    pasteError.textContent = failed ? "This could not be read as a position." : e.message;
    pasteField.setAttribute("aria-invalid", "true");
    return;
  }
  pasteField.removeAttribute("aria-invalid");
  loadPosition(state, answer.state, answer.position_only);
  announcer.say(answer.position_only
    ? "Position ID read: the checkers are set; the turn, dice, cube and score are as they were."
    : "Position read: the checkers, the turn, the dice, the cube and the score are set.");
  await check(state);
}
