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
import { LANGUAGE_CHANGED, saidText, t } from "../i18n/i18n.js";

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
  const [first, second] = watched.names;
  let spoken = "";
  let left = false;
  /** @type {import("../types.generated.js").WatchView | null} the last drawn, drawn again when the language changes */
  let last = null;

  root.dataset.mode = "watch";
  $("play-panel").hidden = true;
  panel.hidden = false;
  const title = () => t("watch.watching", { first, second });
  $("watch-title").textContent = title();
  $("watch-score").textContent = "";
  $("watch-status").textContent = t("watch.looking");
  $("watch-proof").textContent = "";
  reviewButton.hidden = true;
  $("watch-title").focus();
  ctx.announcer.say(t("watch.startSaid", { first, second }));

  const heard = inBatches(async (events) => {
    if (!left) draw(await call("lobby_watch", { players: watched.players, address: watched.address, events }));
  }, BATCH);

  /** @param {import("../types.generated.js").WatchView} shown @param {{quiet?: boolean}} [how] quiet: not said again */
  function draw(shown, { quiet = false } = {}) {
    if (left) return;
    last = shown;
    const { state, view } = shown;
    if (view) ctx.board.set({ view, interactive: false, diceActive: false, arrows: [] });
    $("watch-score").textContent = view ? describe.scoreText(view) : "";
    const status = stoppedWords(state) ?? (view ? watchedStatus(describe, view, state.phase) : t("watch.firstMoves"));
    $("watch-status").textContent = status;
    const proof = state.proven === 0 ? "" : t("watch.proven", { n: state.proven });
    $("watch-proof").textContent = state.waiting && proof ? `${proof} ${t("watch.waiting", { n: state.waiting })}` : proof;
    panel.dataset.phase = state.stopped ? "stopped" : state.phase;
    reviewButton.hidden = !view || !(state.stopped || state.phase === "over" || state.phase === "claimed");
    if (quiet) spoken = status;
    else if (status !== spoken) {
      spoken = status;
      ctx.announcer.say(status);
    }
  }

  const subscription = ctx.subscribe({ kinds: [WATCH_KIND], "#a": [watched.address] }, heard);
  // The match may be watched here already: show what is proven at once.
  void call("lobby_watch", { players: watched.players, address: watched.address }).then(draw, () => {});

  const onReview = () => {
    void call("lobby_watch_record", { address: watched.address }).then(
      (opened) => ctx.review({ ...opened, name: t("watch.reviewName", { first, second }) }),
      (error) => void ($("watch-status").textContent = (error?.words && saidText(error.words)) ?? String(error?.message ?? error)),
    );
  };
  const onLeave = () => ctx.leave();
  // A language switch: the title and what was drawn follow at once (the status is not said again unless it changed).
  const onLanguage = () => {
    $("watch-title").textContent = title();
    if (last) draw(last, { quiet: true });
    else $("watch-status").textContent = t("watch.looking");
  };
  document.addEventListener(LANGUAGE_CHANGED, onLanguage);
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
      document.removeEventListener(LANGUAGE_CHANGED, onLanguage);
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
  if (phase === "claimed") return `${t("watch.claimed")} ${scoreText(view)}`;
  if (phase === "invited") return t("watch.aboutToStart");
  const turn = view.turn ?? 0;
  if (view.phase === "move") {
    const [name, roll] = [playerName(view, turn), diceText(view.dice)];
    return view.no_legal_move ? t("watch.rolledNoMove", { name, roll }) : t("watch.rolledMoving", { name, roll });
  }
  return statusText(view);
}

/**
 * Why the watched match stops, in the page's language (else the core's English); null while it goes on.
 * @param {import("../types.generated.js").WatchState} state
 */
function stoppedWords(state) {
  return state.stopped ? (state.stopped_words && saidText(state.stopped_words)) ?? state.stopped : null;
}
