// @ts-check
/**
 * The play mode's drawing: the board, the turn's controls and the panel beside it (status, match, IDs, the move
 * list, the result), all from the view Python sent. Nothing here decides anything.
 */
import { t } from "../i18n/i18n.js";
import { applyControlStates, controlStates } from "./controls.js";
import * as say from "./describe.js";
import { renderMoveList } from "./movelist.js";
import { actor, seatOf } from "./seats.js";

/** @typedef {import("../types.js").PlayView} View */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * What the XGID of a view is made from: gnubg's IDs, the beaver rule of a money session, which they do not hold,
 * and the player drawn at the bottom (XG's upper-case one): on two devices, this device's seat.
 * @param {import("../types.js").BoardView} v  the play area's view, or the one review shows
 */
export function xgidParams(v) {
  return {
    position_id: v.position_id, match_id: v.match_id ?? "", beavers: Boolean(v.settings?.beavers),
    bottom: bottomPlayer(v),
  };
}

/** @param {import("../types.js").BoardView} v @returns {0 | 1} the player drawn at the bottom: this device's seat in a match with a friend */
export function bottomPlayer(v) {
  return v.remote?.seat === 1 ? 1 : 0;
}

/**
 * The match in one line: players and score, length, Crawford, the cube.
 * @param {View} v
 */
export function matchInfo(v) {
  const length = v.settings?.match_length;
  const names = [0, 1].map((p) => t(seatOf(v, p).kind === "computer" ? "info.computer" : "info.player", {
    name: say.playerName(v, p), score: v.score?.[p] ?? 0,
  }));
  // Once the match is over, who won it: a score past the length (a gammon on the last game) reads as a win.
  const won = v.phase === "match_over" && length;
  const parts = [
    names.join(" – "),
    !length ? t("info.money") : won ? t("info.matchWon", { length, name: say.playerName(v, v.match_winner ?? 0) }) : t("info.match", { length }),
  ];
  if (v.crawford_game) parts.push(t("info.crawford"));
  const cube = v.cube ?? {};
  const value = cube.value ?? 1;
  const owner = cube.owner;
  parts.push(owner === null || owner === undefined ? t("info.cube", { value }) : t("info.cubeOwned", { value, owner: say.playerName(v, owner) }));
  return parts.join(" · ");
}

/**
 * @typedef {object} PanelState
 * @property {View} view
 * @property {boolean} hasMatch  a match is loaded (not only the start view)
 * @property {boolean} engineReady
 * @property {boolean} busy
 * @property {string} busyWhy  "thinking" while the computer chooses
 * @property {boolean} personToAct  a person at this device acts now
 * @property {{orientation: string, showPips: boolean, oneTap: boolean, animationMs: number, endTurn: import("../preferences.js").EndTurn}} preferences
 * @property {0 | 1} perspective  the player seen at the bottom
 */

/**
 * The player on roll, whose numbers the points carry; null when nobody is (the opening, a game or the match over).
 * @param {View} v
 * @returns {0 | 1 | null}
 */
function onRoll(v) {
  if (v.phase === "opening" || v.phase === "game_over" || v.phase === "match_over") return null;
  return v.turn === 0 || v.turn === 1 ? v.turn : null;
}

/**
 * Draw the play mode.
 * @param {{set: (config: object) => void, focusPoint: (loc: number | "bar") => void}} board
 * @param {PanelState} s
 */
export function drawPlay(board, s) {
  const v = s.view;
  const human = s.personToAct && s.hasMatch;
  // How this turn ends once nothing is left to play (web/preferences.js); a seat that acts by itself ends its own.
  const endTurn = human ? s.preferences.endTurn : "now";
  const turnOver = v.phase === "move" && (v.no_legal_move || say.playComplete(v));
  board.set({
    view: v,
    interactive: s.hasMatch && !s.busy && human && v.phase === "move",
    orientation: s.preferences.orientation,
    showPips: s.preferences.showPips,
    oneTap: s.preferences.oneTap,
    animationMs: s.preferences.animationMs,
    perspective: s.perspective,
    // The points carry the numbers of the player on roll, as the status line, the move list and the places' names
    // count them (web/play/describe.js); with no one on roll (the opening, a game or the match over), the bottom
    // player's.
    numbering: onRoll(v),
    // Beside the dice, which end the turn when pressed (as in GNU Backgammon): Done, or Pass.
    endPrompt: turnOver && endTurn !== "now" ? (v.no_legal_move ? "pass" : "done") : null,
    // What a press on the dice does (commands.js primaryAction): the roll or the turn of the person here, the next
    // game or match of the page's own (a match with a friend goes on by itself, and ends with its panel's Rematch).
    diceActive: (human && ["opening", "roll", "move"].includes(v.phase)) || (!v.remote && ["game_over", "match_over"].includes(v.phase)),
  });
  applyControlStates($("controls"), controlStates(v, { humanToAct: human, endTurn }));
  keepFocusVisible(board, v, human);
  const cubeNote = $("cube-note");
  const whyNot = human && v.phase === "roll" && !v.cube?.may_double && !v.crawford_game ? say.whyNotText(v) : "";
  cubeNote.hidden = !whyNot;
  cubeNote.textContent = whyNot;
  $("match-info").textContent = matchInfo(v);
  let status = s.hasMatch ? say.statusText(v, endTurn) : t(s.engineReady ? "status.noMatch" : "status.loading");
  if (v.phase === "game_over") status = t("status.gameOver");
  if (v.phase === "match_over") status = t("status.matchOver");
  if (s.busy && s.busyWhy === "thinking") status = t("status.thinking", { name: say.playerName(v, actor(v)) });
  if (v.remote && !human && s.hasMatch) status = v.waiting ?? remoteWaitText(v); // web/remote/next-step.js
  $("status").textContent = status;
  $("position-id").textContent = v.position_id || "—";
  $("match-id").textContent = v.match_id || "—";
  renderMoveList($("movelist"), v.notation, [say.playerName(v, 0), say.playerName(v, 1)]);
  const canResign = human && (v.phase === "roll" || v.phase === "move") && !s.busy;
  /** @type {HTMLButtonElement} */ ($("resign-button")).disabled = !canResign;
  // No advice in a match against a friend on another device: the friend could not see that it was asked.
  const adviceWanted = human && !v.remote && ["roll", "move", "doubled"].includes(v.phase);
  /** @type {HTMLButtonElement} */ ($("hint-button")).disabled = !(adviceWanted && !s.busy);
  if (!adviceWanted) $("hint-panel").hidden = true;
  const over = v.phase === "game_over" || v.phase === "match_over";
  $("result-banner").hidden = !over;
  const matchWon = v.phase === "match_over" ? ` ${t("status.matchWonBanner", { name: say.playerName(v, v.match_winner ?? 0) })}` : "";
  $("result-text").textContent = over ? `${say.resultText(v)}${matchWon}` : "";
  document.documentElement.dataset.phase = v.phase ?? "";
}

/**
 * What a match on two devices waits for when this side has nothing to do.
 * @param {View} v a view with `remote` (web/remote/remote-match.js)
 */
function remoteWaitText(v) {
  const remote = /** @type {import("../types.js").RemoteView} */ (v.remote); // its caller checked that it is there
  const friend = say.playerName(v, 1 - remote.seat);
  if (remote.phase === "invited") return t("remote.waitJoin");
  if (remote.phase === "claimed") return t(remote.claimed_by === remote.seat ? "remote.youClaimed" : "remote.friendClaimed", { friend });
  if (remote.phase === "over") return t("status.matchOver");
  if (remote.awaited === remote.seat) return t("remote.yourDice");
  if (remote.waiting_for === "dice") return t("remote.waitDraw", { friend });
  if (v.phase === "doubled" || v.phase === "resign_offered") return t("remote.waitAnswer", { friend });
  return t("remote.waitPlay", { friend, decides: "no" });
}

/**
 * A keyboard player whose button just disappeared (Roll after rolling, Take after taking) would be left nowhere:
 * give focus to what comes next: a checker to move, or the next button.
 * @param {{focusPoint: (loc: number | "bar") => void}} board
 * @param {View} v
 * @param {boolean} human a person at this device acts now
 */
function keepFocusVisible(board, v, human) {
  const active = document.activeElement;
  if (!(active instanceof HTMLButtonElement) || !active.closest("#controls")) return;
  if (!active.hidden && !active.disabled) return;
  const source = v.phase === "move" ? Object.keys(v.dests ?? {}).find((k) => v.dests[k]?.length) : undefined;
  if (source !== undefined && human) {
    board.focusPoint(source === "bar" ? "bar" : Number(source));
    return;
  }
  const next = /** @type {HTMLButtonElement | null} */ ($("controls").querySelector("button:not([hidden]):not(:disabled)"));
  (next ?? $("board")).focus();
}

/**
 * The XGID beside the gnubg IDs, asked of Python once the IDs change (not part of the view: it is not needed per
 * click). Returns a function to call after each drawing. A game that is over has none (an XGID holds a game in
 * play; the rules core refuses to write one, as gnubg's `set xgid` would refuse to read it): the words say so in
 * place of the dash and its Copy, while the Position and Match IDs still give the final position.
 * @param {import("../types.js").Call} call
 */
export function xgidShower(call) {
  let shownFor = "";
  /** @param {View} v @param {boolean} wanted the engine is ready and a match is loaded */
  return (v, wanted) => {
    const ids = wanted && v.position_id ? JSON.stringify(xgidParams(v)) : "";
    if (ids === shownFor) return;
    shownFor = ids;
    showXgid(null, false);
    if (!ids) return;
    const over = v.phase === "game_over" || v.phase === "match_over";
    call("position_xgid", xgidParams(v))
      .then((answer) => { if (shownFor === ids) showXgid(answer.xgid, over && answer.xgid === null); })
      .catch(() => undefined); // the engine's own failures are reported by web/engine/page-engine.js
  };
}

/** @param {string | null} xgid @param {boolean} over the game is over: the words in place of the XGID and its Copy */
function showXgid(xgid, over) {
  $("xgid").textContent = xgid ?? "—";
  $("xgid").hidden = over;
  /** @type {HTMLElement} */ (document.querySelector("button[data-copy='xgid']")).hidden = over;
  $("xgid-over").hidden = !over;
}
