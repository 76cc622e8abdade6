// @ts-check
/**
 * A finished match's live line at rest. The line is kept after the match for a rematch and the chat, and tries to
 * meet the friend again whenever their device is gone (a few events on the relays each time, every 30 s for as long
 * as the page stays open). Once the match is over and the friend's device has been gone for a while (the line says it
 * cannot connect), nothing waits for them: the line stops trying, and *Look for NAME again* (or a rematch offered)
 * starts it again. Its room stays joined meanwhile, so a friend who comes back still connects.
 */
import { t } from "../i18n/i18n.js";
import { $, shown } from "./state.js";

/** @typedef {import("./state.js").FriendsState} FriendsState */

/**
 * Put the shown match's line at rest if nothing waits for the friend any more, and offer to look for them again
 * while it rests. Called on every change of the line's state and of the match.
 * @param {FriendsState} state
 */
export function restIfOver(state) {
  const match = shown(state);
  const button = $("remote-look-again");
  const over = match !== null && match.entry().mode === "live" && match.view().remote?.phase === "over";
  if (over && state.lineState === "no-direct") match.restLine();
  const resting = over && match.lineResting();
  button.hidden = !resting;
  if (resting) button.textContent = t("remote.lookAgain", { friend: match.friendName() });
}

/**
 * *Look for NAME again*: the line tries to meet the friend at once.
 * @param {FriendsState} state
 */
export function lookAgain(state) {
  shown(state)?.wakeLine();
  $("remote-look-again").hidden = true;
}
