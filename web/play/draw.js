// @ts-check
/** Drawing the play mode: the board and the panel from the state, and the page marked busy while play works. */
import { newsText } from "./news.js";
import { bottomPlayer, drawPlay } from "./panel.js";
import { personHereToAct } from "./seats.js";

/** @typedef {import("./state.js").PlayState} PlayState */

/**
 * What just happened, on its own line above what is wanted now in the status line: a sighted player sees what the
 * announcer says.
 * @param {PlayState} state
 */
function showNews(state) {
  const status = /** @type {HTMLElement} */ (document.getElementById("status"));
  if (!state.match.loaded() || state.news.generation !== state.generation) return;
  const news = newsText(state.news.items, state.view, status.textContent ?? "");
  if (!news) return;
  const line = document.createElement("span");
  line.className = "status-news";
  line.textContent = `${news} `; // read as one text with what follows (textContent, a screen reader's reading)
  status.prepend(line);
}

/** @param {PlayState} state @param {boolean} value @param {string} [why] */
export function setBusy(state, value, why = "") {
  state.busy = value;
  state.busyWhy = value ? why : "";
  document.documentElement.dataset.busy = value ? why || "working" : "";
  render(state);
}

/** @param {PlayState} state @param {import("./state.js").View} next */
export function showView(state, next) {
  state.view = next;
  render(state);
}

/** @param {PlayState} state */
export function render(state) {
  const { ctx } = state;
  // Review reads the match in progress on this page (a match with a friend is reviewed from its own record).
  /** @type {HTMLButtonElement} */ (document.getElementById("review-button")).disabled = !ctx.local.loaded() || !ctx.engineReady();
  if (state.suspended) return; // the board and the panel are the other mode's until it ends
  const hasMatch = state.match.loaded();
  drawPlay(ctx.board, {
    view: state.view,
    hasMatch,
    engineReady: ctx.engineReady(),
    busy: state.busy,
    busyWhy: state.busyWhy,
    personToAct: hasMatch && personHereToAct(state.view),
    preferences: ctx.preferences(),
    // Each player sees their own checkers at the bottom: on two devices, this device's seat.
    perspective: bottomPlayer(state.view),
  });
  showNews(state);
  state.showXgid(state.view, ctx.engineReady() && hasMatch);
}
