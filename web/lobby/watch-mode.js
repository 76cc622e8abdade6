// @ts-check
/**
 * Watching a live match met in the lobby (docs/lobby-events.md, *Watching*): a mode like review, which takes the
 * board and the panel while it is on. It asks the site's relays for the match's watched messages (kind 1661, `#a`
 * its invitation) and hands them to the worker (`lobby_watch`), which proves them with the rules core as a player's
 * device does; the board shows the match as far as it is proven, never an event the core did not take. Nothing is
 * sent: a watcher cannot act in the match. When the match ends (or stops: its messages do not follow), *Review the
 * match* opens it in review.
 */
import { WATCH_KIND } from "./events.js";
import { inBatches } from "./batches.js";

/** Events handed to the worker at once, at most. */
const BATCH = 50;

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const root = document.documentElement;

/**
 * @typedef {object} WatchContext
 * @property {{set: (config: object) => void}} board
 * @property {import("../types.js").Call} call
 * @property {{say: (text: string) => void}} announcer
 * @property {Describe} describe  play's words for a position (web/play/describe.js, handed by web/app.js)
 * @property {(filter: import("nostr-tools/filter").Filter, onEvent: (event: Record<string, any>) => void) => {close: () => void}} subscribe
 *   the site's relays (the lobby's pool)
 * @property {import("./lobby.js").Watched} watched
 * @property {() => void} leave  the watcher stops watching
 * @property {(opened: {record: object, summary: Record<string, any>, name: string}) => void} review  open the match in review
 */

/**
 * @typedef {object} Describe
 * @property {(view: import("../types.js").View) => string} scoreText
 * @property {(view: import("../types.js").View) => string} statusText
 * @property {(view: import("../types.js").View, player: number) => string} playerName
 * @property {(dice: import("../types.js").View["dice"]) => string} diceText
 */

/**
 * @param {WatchContext} ctx
 * @returns {{exit: () => void}}
 */
export function enterWatch(ctx) {
  const { watched, call, describe } = ctx;
  const panel = $("watch-panel");
  const reviewButton = /** @type {HTMLButtonElement} */ ($("watch-review"));
  const players = `${watched.names[0]} against ${watched.names[1]}`;
  let spoken = "";
  let left = false;

  root.dataset.mode = "watch";
  $("play-panel").hidden = true;
  panel.hidden = false;
  $("watch-title").textContent = `Watching ${players}`;
  $("watch-score").textContent = "";
  $("watch-status").textContent = "Looking for the match's moves on the relays…";
  $("watch-proof").textContent = "";
  reviewButton.hidden = true;
  $("watch-title").focus();
  ctx.announcer.say(`Watching ${players}. Looking for the match's moves on the relays.`);

  const heard = inBatches(async (events) => {
    if (!left) draw(await call("lobby_watch", { players: watched.players, address: watched.address, events }));
  }, BATCH);

  /** @param {import("../types.generated.js").WatchView} shown */
  function draw(shown) {
    if (left) return;
    const { state, view } = shown;
    if (view) ctx.board.set({ view, interactive: false, diceActive: false, arrows: [] });
    $("watch-score").textContent = view ? describe.scoreText(view) : "";
    const status = state.stopped ?? (view ? watchedStatus(describe, view, state.phase) : "Waiting for the match's first moves…");
    $("watch-status").textContent = status;
    $("watch-proof").textContent = state.proven === 0 ? "" : `${state.proven === 1 ? "1 message" : `${state.proven} messages`} of the match checked by the rules.${state.waiting ? ` ${state.waiting} more wait for one missing before them.` : ""}`;
    panel.dataset.phase = state.stopped ? "stopped" : state.phase;
    reviewButton.hidden = !view || !(state.stopped || state.phase === "over" || state.phase === "claimed");
    if (status !== spoken) {
      spoken = status;
      ctx.announcer.say(status);
    }
  }

  const subscription = ctx.subscribe({ kinds: [WATCH_KIND], "#a": [watched.address] }, heard);
  // The match may be watched here already: show what is proven at once.
  void call("lobby_watch", { players: watched.players, address: watched.address }).then(draw, () => {});

  const onReview = () => {
    void call("lobby_watch_record", { address: watched.address }).then(
      (opened) => ctx.review({ ...opened, name: `the match of ${players} you watched` }),
      (error) => void ($("watch-status").textContent = String(error?.message ?? error)),
    );
  };
  const onLeave = () => ctx.leave();
  const onKey = (/** @type {KeyboardEvent} */ event) => {
    if (event.key === "Escape" && !document.querySelector("dialog[open]")) ctx.leave();
  };
  reviewButton.addEventListener("click", onReview);
  $("watch-leave").addEventListener("click", onLeave);
  document.addEventListener("keydown", onKey);

  return {
    exit() {
      left = true;
      subscription.close();
      reviewButton.removeEventListener("click", onReview);
      $("watch-leave").removeEventListener("click", onLeave);
      document.removeEventListener("keydown", onKey);
      panel.hidden = true;
      $("play-panel").hidden = false;
      delete root.dataset.mode;
    },
  };
}

/**
 * What the watched match waits for, in a watcher's words (play's status speaks to the player at the board).
 * @param {Describe} words @param {import("../types.js").View} view
 * @param {import("../types.generated.js").WatchState["phase"]} phase
 */
function watchedStatus(words, view, phase) {
  const { diceText, playerName, scoreText, statusText } = words;
  if (phase === "claimed") return `The match was claimed: a player waited longer than the time allowed for the other. ${scoreText(view)}`;
  if (phase === "invited") return "The match is about to start.";
  const turn = view.turn ?? 0;
  if (view.phase === "move") {
    return view.no_legal_move ? `${playerName(view, turn)} rolled ${diceText(view.dice)}: no move can be played.` : `${playerName(view, turn)} rolled ${diceText(view.dice)} and is moving.`;
  }
  return statusText(view);
}
