// @ts-check
/**
 * The play mode: a match being played on this page. View → board and panel; an action (a person's click or key, a
 * seat that acts by itself) → Python through the engine → new view and events → animation, sounds, announcements,
 * save. Every rule is Python's: this module only decides *when* to ask (automatic rolls, passes, a seat's turn) from
 * the view and the player's preferences.
 *
 * A play that is complete waits for the person who made it (*Done*, the dice, Enter or Space) unless their
 * preference ends the turn by itself, at once or after END_TURN_DELAY_MS; until the turn ends, Undo takes the
 * checkers back one by one. The computer ends its own turns. A match with a friend on another device is played the
 * same way through web/remote/remote-match.js: this side's turn is sent once confirmed, the friend's comes in.
 *
 * Its state is one object, `state`, kept here and nowhere else; what it needs of the page comes in `PlayContext`.
 * While another mode (review, the position editor) has the board, play is suspended: it neither draws nor acts.
 */
import * as say from "./describe.js";
import { showHint } from "./hint.js";
import { DEFAULT_MATCH, openNewMatchDialog } from "./newmatch.js";
import { bottomPlayer, drawPlay, matchInfo, xgidShower } from "./panel.js";
import { actor, pause, personHereToAct, seatOf } from "./seats.js";
import { startView } from "./startview.js";
import { END_TURN_DELAY_MS } from "../preferences.js";
import { eventSounds, playSound, playSounds } from "../sound.js";

/** Said when another tab's save came first and an action of a person here is not kept. */
const NOT_KEPT = "This match was continued in another tab, so your last action was not kept. The match is shown as saved there.";
/** Said when this tab takes up what another tab saved. */
const CHANGED_ELSEWHERE = "This match was changed in another tab. The latest position is shown.";

/** @typedef {import("../types.js").PlayView} View */
/** @typedef {import("../storage.js").Envelope} Envelope */

/**
 * What the play mode is given by the page.
 * @typedef {object} PlayContext
 * @property {ReturnType<typeof import("../board/board.js").createBoard>} board
 * @property {import("../types.js").Call} call  a worker method; rules errors reject as ApiError
 * @property {(error: unknown) => boolean} isRulesError  Python said no (as opposed to the engine failing)
 * @property {() => boolean} engineReady
 * @property {import("../queue.js").Queue} queue
 * @property {(text: string) => void} say  to screen readers
 * @property {(text: string) => void} notice  a line of news above the controls
 * @property {(text: string) => void} setStatus  the status line
 * @property {ReturnType<typeof import("../storage.js").createMatchStorage>} storage
 * @property {() => import("../preferences.js").Preferences} preferences
 * @property {(record: object, view: View) => void} matchOver  a match just ended (for the history)
 * @property {() => void} otherTab  another tab's match was taken up (the welcome, if open, is moot)
 * @property {() => void} closeOtherMode  end review or the editor before the match is replaced
 * @property {(message: {title: string, text: string}) => Promise<string>} message  a message dialog
 * @property {() => void} remoteChanged  the match with a friend changed, or was shown or left (its panel follows)
 */

/** @param {PlayContext} ctx */
export function createPlay(ctx) {
  const { board, call, queue, storage } = ctx;
  const state = {
    /** @type {View} */
    view: startView(),
    /** @type {object | null} the match record, as Python last returned it */
    record: null,
    /**
     * A match on two devices shown instead of the match in progress (which stays as it is, in the worker and saved):
     * actions go to it, and what the friend does comes from it (web/remote/remote-match.js).
     * @type {import("../remote/remote-match.js").RemoteMatch | null}
     */
    remote: null,
    busy: false,
    busyWhy: "",
    /** Bumped when the match is replaced (new match, import, another tab): stale automatic steps stop. */
    generation: 0,
    /** Bumped when another tab's match is taken up: an action of this tab's made meanwhile is not kept. */
    adoptions: 0,
    automaticPending: false,
    /** Another mode has the board and the panel. */
    suspended: false,
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    cancelledSelection: undefined,
    /**
     * A complete play (or a pass) ending the turn by itself after END_TURN_DELAY_MS (preference `endTurn` "delay"):
     * the timer, and the page held busy meanwhile (something will happen by itself).
     * @type {{timer: ReturnType<typeof setTimeout>, release: () => void, at: View, generation: number} | null}
     */
    countdown: null,
  };
  const showXgid = xgidShower(call);

  // ------------------------------------------------------------------------------------------------------------
  // Acting

  /**
   * Apply one action, then show its events and save.
   * @param {Record<string, any>} action
   * @param {{animate?: boolean, mine?: boolean}} [options] animate: move the checker on the board (moves the player
   *   did not drag); mine: a person here asked for it (told if another tab's match takes its place)
   */
  async function perform(action, { animate = false, mine = false } = {}) {
    if (state.remote) return performRemote(state.remote, action, { animate });
    if (!state.record) return;
    stopCountdown(); // whatever the player does meanwhile (Undo, Done) stands in for the turn ending by itself
    const generation = state.generation;
    const adoptions = state.adoptions;
    /** The result is stale: the match was replaced meanwhile; a person's action lost to another tab's is said. */
    const dropped = () => {
      if (mine && state.adoptions !== adoptions) ctx.notice(NOT_KEPT);
    };
    setBusy(true);
    try {
      const result = await call("act", { action: /** @type {import("../types.js").Action} */ (action) });
      if (generation !== state.generation) return dropped();
      const before = state.view;
      state.record = result.record;
      /** @type {Record<string, any>[]} */
      const events = Array.isArray(result.events) ? result.events : [];
      const glide = await glideMoves(events, animate);
      // Another tab's match may have been taken up during the glide: this result is then stale, never to be saved.
      if (glide && generation !== state.generation) return dropped();
      showView(result.view);
      playSounds(eventSounds(events, { moves: !glide }));
      announceEvents(before, result.view, events);
      await persist(mine);
      if (events.some((event) => event.type === "match_over")) ctx.matchOver(/** @type {object} */ (state.record), result.view);
    } catch (error) {
      sayRefusal(error);
    } finally {
      setBusy(false);
    }
    scheduleAutomatic();
  }

  /**
   * Let the checkers that `events` moved glide on the board, each landing with its sound (unless the player wants no
   * animation).
   * @param {Record<string, any>[]} events @param {boolean} animate the moves were not made by hand here
   * @returns {Promise<boolean>} whether they glided
   */
  async function glideMoves(events, animate) {
    if (!animate || ctx.preferences().animationMs <= 0) return false;
    for (const event of events) {
      if (event.type !== "moved") continue;
      await board.animateMove({ from: event.from, to: event.to, player: event.player });
      playSound(event.hit ? "hit" : "checker"); // as it lands
    }
    return true;
  }

  /**
   * The rules said no (a stale click, an illegal request): say why; the match stays as Python has it. Anything else
   * is thrown on (the page's queue reports it).
   * @param {unknown} error
   */
  function sayRefusal(error) {
    if (!ctx.isRulesError(error)) throw error;
    const text = /** @type {Error} */ (error).message;
    ctx.say(text);
    ctx.setStatus(text);
  }

  /**
   * An action on the match with a friend on another device: checked and saved, then sent (web/remote/remote-match.js).
   * @param {import("../remote/remote-match.js").RemoteMatch} match
   * @param {Record<string, any>} action
   * @param {{animate?: boolean}} options
   */
  async function performRemote(match, action, { animate = false }) {
    const generation = state.generation;
    setBusy(true);
    try {
      const update = await match.act(action);
      if (generation === state.generation) await showRemoteUpdate(update, { animate });
    } catch (error) {
      sayRefusal(error);
    } finally {
      setBusy(false);
    }
    scheduleAutomatic();
  }

  /**
   * Show a change of the match with a friend: its moves glide (the friend's, or this side's made by itself), then
   * the view, the sounds, what is said.
   * @param {import("../remote/remote-match.js").Update} update
   * @param {{animate?: boolean}} [options]
   */
  async function showRemoteUpdate(update, { animate = true } = {}) {
    const before = state.view;
    const glide = await glideMoves(update.events, animate);
    showView(update.view);
    playSounds(eventSounds(update.events, { moves: !glide }));
    announceEvents(before, update.view, update.events);
    for (const text of update.notices) ctx.notice(text);
    ctx.remoteChanged();
    const match = state.remote;
    if (match && update.events.some((event) => event.type === "match_over")) {
      ctx.matchOver(await match.record(), update.view); // into the history, as a match between two people
    }
  }

  /**
   * Say what happened, and what is wanted next when someone else must act or a new stage starts (results speak for
   * themselves).
   * @param {View} before @param {View} next @param {Record<string, any>[]} events
   */
  function announceEvents(before, next, events) {
    const sentences = events.map((event) => say.eventText(next, event)).filter((text) => Boolean(text));
    const justRolled = (before.phase === "roll" || before.phase === "opening") && next.phase === "move";
    const handedOver =
      !justRolled && (next.phase !== before.phase || next.decision !== before.decision || next.turn !== before.turn);
    const endTurn = endTurnFor(next);
    const completed = say.playComplete(next) && !say.playComplete(before) && endTurn !== "now";
    if ((handedOver || next.no_legal_move || completed) && !["game_over", "match_over"].includes(next.phase)) {
      // A complete play says how the turn ends (Done, or by itself) and that Undo still takes a checker back.
      const wanted = say.statusText(next, endTurn);
      // "Black doubles to 2." is also the start of "Black doubles to 2. White: take or drop?": say it once.
      for (let i = sentences.length - 1; i >= 0; i -= 1) if (wanted.includes(/** @type {string} */ (sentences[i]))) sentences.splice(i, 1);
      sentences.push(wanted);
    }
    for (const text of sentences) ctx.say(/** @type {string} */ (text));
  }

  /**
   * How the turn shown in `v` ends once nothing is left to play: the preference of the person here to act; a seat
   * that acts by itself ends its own turn at once.
   * @param {View} v
   * @returns {import("../preferences.js").EndTurn}
   */
  const endTurnFor = (v) => (personHereToAct(v) ? ctx.preferences().endTurn : "now");

  /** @param {Record<string, any>} action */
  const act = (action) => queue.enqueue(() => perform(action, { mine: true }));

  /** After every change: take the steps a person would only click through, or let a seat that acts by itself act. */
  function scheduleAutomatic() {
    if (state.automaticPending) return;
    state.automaticPending = true;
    const generation = state.generation;
    queue.enqueue(async () => {
      state.automaticPending = false;
      if (generation === state.generation) await automaticStep();
    });
  }

  async function automaticStep() {
    const v = state.view;
    if (!(state.record || state.remote) || state.busy || state.suspended) return void stopCountdown();
    if (v.phase === "game_over" || v.phase === "match_over") return void stopCountdown();
    // A friend on another device acts there: its moves come in as messages (showRemote, heardRemote).
    if (v.remote && !personHereToAct(v)) return void stopCountdown();
    const player = actor(v);
    const seat = seatOf(v, player);
    if (seat.kind === "computer" && v.phase !== "opening") {
      stopCountdown();
      const generation = state.generation;
      await seat.takeTurn(player, {
        call,
        perform,
        view: () => state.view,
        current: () => generation === state.generation,
        busy: (why) => (setBusy(true, why), () => setBusy(false)),
        animationMs: () => ctx.preferences().animationMs,
      });
      return;
    }
    const preferences = ctx.preferences();
    const autoRoll = !preferences.noAutoRolls;
    const turnOver = v.phase === "move" && (v.no_legal_move || say.playComplete(v));
    if (!(turnOver && preferences.endTurn === "delay")) stopCountdown();
    if (v.phase === "opening" && (autoRoll || !personHereToAct(v))) {
      await perform({ type: "roll" });
    } else if (v.phase === "roll" && autoRoll && !v.cube?.may_double) {
      await perform({ type: "roll" });
    } else if (turnOver) {
      // Nothing is left to play: the turn ends when the player says so, or by itself if they asked for that.
      if (preferences.endTurn === "delay") {
        startCountdown();
      } else if (preferences.endTurn === "now") {
        if (v.no_legal_move) await pause(Math.max(400, preferences.animationMs * 3)); // let "You cannot make a move" be seen
        await perform({ type: "confirm" });
      }
    } else if (v.phase === "move") {
      if (preferences.autoForced && v.forced_play === true) {
        // One legal play only: every move the dests allow leads to it, so any of them is the forced one.
        const move = firstMove(v);
        if (move) await perform({ type: "move", ...move }, { animate: true });
      } else if (preferences.autoBearOff && v.contact === false) {
        const source = bearOffSource(v);
        if (source !== null) await perform({ type: "move", from: source, to: "off" }, { animate: true });
      }
    }
  }

  /**
   * The turn ends by itself after END_TURN_DELAY_MS unless the player acts first (Undo, or Done to end it now) or
   * the match changes; the page is not idle meanwhile.
   */
  function startCountdown() {
    const at = state.view;
    const generation = state.generation;
    if (state.countdown?.at === at && state.countdown.generation === generation) return; // already counting
    stopCountdown(); // one for another view (another tab's match taken up meanwhile)
    const release = queue.holdIdle();
    const timer = setTimeout(() => {
      state.countdown = null;
      queue.enqueue(async () => {
        const still = generation === state.generation && state.view === at && !state.suspended;
        if (still && ctx.preferences().endTurn === "delay") await perform({ type: "confirm" });
      });
      release(); // after the step is queued: the page never looks idle in between
    }, END_TURN_DELAY_MS);
    state.countdown = { timer, release, at, generation };
  }

  function stopCountdown() {
    if (!state.countdown) return;
    clearTimeout(state.countdown.timer);
    state.countdown.release();
    state.countdown = null;
  }

  // ------------------------------------------------------------------------------------------------------------
  // Drawing

  /** @param {boolean} value @param {string} [why] */
  function setBusy(value, why = "") {
    state.busy = value;
    state.busyWhy = value ? why : "";
    document.documentElement.dataset.busy = value ? why || "working" : "";
    render();
  }

  /** @param {View} next */
  function showView(next) {
    state.view = next;
    render();
  }

  function render() {
    /** @type {HTMLButtonElement} */ (document.getElementById("review-button")).disabled = !state.record || !ctx.engineReady();
    if (state.suspended) return; // the board and the panel are the other mode's until it ends
    const hasMatch = Boolean(state.record || state.remote);
    drawPlay(board, {
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
    showXgid(state.view, ctx.engineReady() && hasMatch);
  }

  // ------------------------------------------------------------------------------------------------------------
  // Saving, and other tabs

  /** Save the match after an action: over the match this tab knows, or not at all (another tab saved meanwhile). */
  /** @param {boolean} mine the action saved is a person's here (see perform) */
  async function persist(mine) {
    if (!state.record) return;
    const generation = state.generation;
    const saved = await storage.save(state.record);
    if (saved.ok) return;
    if ("conflict" in saved) {
      // Another tab moved on with this match: its progress wins; our action was made on an old position and is not
      // kept, so the player is told that it is gone (also when this tab is already taking up the other's match).
      const message = mine ? NOT_KEPT : CHANGED_ELSEWHERE;
      if (generation === state.generation) adoptRecord(saved.conflict, message);
      else if (mine) ctx.notice(NOT_KEPT);
    } else if (generation === state.generation) {
      ctx.say(saved.error);
      ctx.setStatus(saved.error);
    }
  }

  /**
   * Show a record written elsewhere (another tab).
   * @param {Envelope} envelope
   * @param {string} message
   */
  function adoptRecord(envelope, message) {
    state.generation += 1;
    state.adoptions += 1;
    ctx.otherTab();
    queue.enqueue(async () => {
      const result = await call("load", { record: envelope.record });
      state.record = result.record;
      storage.adopt(envelope);
      if (state.remote) return; // the match with a friend is shown: the match in progress waits, now as saved there
      showView(result.view);
      ctx.notice(message);
      scheduleAutomatic();
    });
  }

  /** What another tab saved meanwhile, if anything, is shown (a page back from the cache, unfrozen, shown again). */
  async function catchUpWithStorage() {
    const change = await storage.externalChange();
    if (change) adoptRecord(change.envelope, CHANGED_ELSEWHERE);
  }

  storage.onExternalChange((change) => {
    if ("removed" in change) return; // the other tab is starting afresh; keep playing what we have until it saves
    adoptRecord(change.envelope, CHANGED_ELSEWHERE);
  });

  // ------------------------------------------------------------------------------------------------------------
  // Matches started, restored, replaced

  /**
   * Take up a record Python has just loaded as the match in progress, saved at once.
   * @param {{record: object, view: View}} result
   * @param {{study?: boolean}} [options] study: a position from a share link (storage.isStudy)
   */
  async function takeUp(result, { study = false } = {}) {
    ctx.closeOtherMode();
    await leaveRemote();
    state.generation += 1;
    state.record = result.record;
    showView(result.view);
    await saveNew(result.record, { study });
  }

  /**
   * Save a match that replaces whatever is stored (a new match, a file, a position); the player hears if it fails.
   * @param {object} record @param {{study?: boolean}} [options]
   */
  async function saveNew(record, { study = false } = {}) {
    const saved = await storage.save(record, { force: true, study });
    if (!saved.ok && "error" in saved) {
      ctx.say(saved.error);
      ctx.setStatus(saved.error);
    }
  }

  /**
   * Start a match and make it the saved one.
   * @param {{settings: object, players: object[]}} match
   * @param {{hold?: boolean}} [options] hold: show it, but neither save it nor let it start (under the welcome)
   */
  async function startMatch(match, { hold = false } = {}) {
    await leaveRemote();
    state.generation += 1;
    const result = await call("new_match", match);
    state.record = result.record;
    if (hold) return void showView(result.view);
    showView(result.view);
    await saveNew(result.record);
    const length = result.view.settings?.match_length;
    ctx.say(`New ${length ? `${length}-point match` : "money session"}: ${say.playerName(result.view, 0)} against ${say.playerName(result.view, 1)}.`);
    scheduleAutomatic();
  }

  /**
   * The saved match; on a first visit (nothing saved) the default match, which waits unsaved behind the welcome if
   * `firstVisit()` opened it; or a plain-words report of a save that cannot be used.
   * @param {{firstVisit: () => boolean}} page firstVisit: open the welcome if it is wanted, and say whether it was
   */
  async function restore({ firstVisit }) {
    const loaded = await storage.load();
    if (loaded.status === "ok") {
      try {
        const result = await call("load", { record: loaded.envelope.record });
        state.record = result.record;
        showView(result.view);
        ctx.say(`Match restored. ${say.statusText(result.view, endTurnFor(result.view))}`);
        scheduleAutomatic();
      } catch (error) {
        if (!ctx.isRulesError(error)) throw error;
        const aside = await storage.setAside(/** @type {Error} */ (error).message);
        await tellAboutBadSave(aside.reason, aside.backupKey);
      }
      return;
    }
    if (loaded.status === "empty") {
      await startMatch(DEFAULT_MATCH, { hold: firstVisit() });
      return;
    }
    await tellAboutBadSave(loaded.reason, loaded.backupKey);
  }

  /**
   * The saved match could not be used: say so in plain words, keep it, offer a new match.
   * @param {string} reason
   * @param {string | null} backupKey
   */
  async function tellAboutBadSave(reason, backupKey) {
    const kept = backupKey
      ? `Nothing was deleted: the saved data is kept in this browser's storage under "${backupKey}".`
      : "The saved data could not be copied aside, so it was left where it was.";
    const text = `Your saved match could not be opened: ${reason}. ${kept} A new match is started.`;
    ctx.setStatus(text);
    ctx.say(text);
    document.documentElement.dataset.storageProblem = "true";
    await startMatch(DEFAULT_MATCH);
    // Not awaited: the new match is ready behind the message; the player reads it when they like.
    void ctx.message({ title: "Saved match not opened", text });
  }

  /**
   * A new match from gnubg IDs (`match_id` absent: this match's settings); the match it replaces is kept (Save /
   * load). `settings`: the rules the IDs do not hold (beavers in a money session, from the editor or from a
   * share link's `read_position`). Rules errors are thrown and change nothing.
   * @param {{position_id: string, match_id?: string, settings?: object}} ids @param {string} what said first
   * @param {boolean} [study] a position from a share link (storage.isStudy)
   */
  async function setUpPosition(ids, what, study = false) {
    const v = state.view;
    /** @type {import("../types.js").SetupParams} */
    const params = { position_id: ids.position_id, players: v.players ?? DEFAULT_MATCH.players };
    if (ids.match_id) params.match_id = ids.match_id;
    if (ids.settings) params.settings = ids.settings;
    else if (!ids.match_id) params.settings = v.settings ?? DEFAULT_MATCH.settings;
    const result = await call("setup", params);
    await keepLeaving();
    await takeUp(result, { study });
    if (study) ctx.notice(what);
    ctx.say(`${what} ${say.statusText(result.view)}`);
    scheduleAutomatic();
  }

  /**
   * Keep the match in progress before another replaces it ("Back to the match you left"), unless it is a study
   * position from a share link: the player's own match kept before it stays kept.
   * @returns {Promise<{ok: true} | {ok: false, error: string}>}
   */
  async function keepLeaving() {
    if (!state.record || storage.isStudy()) return { ok: true };
    return storage.keepPrevious(state.record);
  }

  /**
   * Make another record the match in progress; the one it replaces is kept (storage.keepPrevious) or nothing changes.
   * @param {object} next @param {string} message
   */
  async function replaceMatch(next, message) {
    const kept = await keepLeaving();
    if (!kept.ok) return void ctx.notice(`Nothing was changed: ${kept.error}.`);
    const result = await call("load", { record: next });
    await takeUp(result);
    ctx.notice(message);
    scheduleAutomatic();
  }

  /**
   * A saved match file (.json) becomes the match in progress; the one it replaces is kept. A file Python refuses
   * changes nothing: the current match is put back in the worker and the error is thrown.
   * @param {object} record @param {string} name the file's name
   */
  async function openRecordFile(record, name) {
    const previous = state.record;
    let result;
    try {
      result = await call("load", { record });
    } catch (error) {
      // Put the current match back in the worker: a failed load must leave nothing changed.
      if (previous) await call("load", { record: previous }).catch(() => undefined);
      throw error;
    }
    await keepLeaving(); // "Back to the match you left" (Save / load) brings it back
    await takeUp(result);
    ctx.say(`Match opened from ${name}. ${say.statusText(result.view)}`);
    scheduleAutomatic();
  }

  // ------------------------------------------------------------------------------------------------------------
  // A match with a friend on another device, shown instead of the match in progress

  /**
   * Show a match on two devices and play it here; the match in progress stays as it is, saved, for later.
   * @param {import("../remote/remote-match.js").RemoteMatch} match
   */
  async function showRemote(match) {
    ctx.closeOtherMode();
    if (state.remote !== match) await state.remote?.close();
    state.generation += 1;
    state.remote = match;
    stopCountdown();
    showView(match.view());
    ctx.remoteChanged();
    ctx.say(`${matchInfo(state.view)}. ${say.statusText(state.view, endTurnFor(state.view))}`);
    scheduleAutomatic();
  }

  /** Back to the match in progress from a match on two devices (which stays kept, its line closed). */
  async function leaveRemote() {
    const match = state.remote;
    if (!match) return;
    state.remote = null;
    state.generation += 1;
    stopCountdown();
    await match.close();
    if (state.record) {
      const result = await call("load", { record: state.record });
      state.record = result.record;
      showView(result.view);
    } else {
      showView(startView());
    }
    ctx.remoteChanged();
  }

  /**
   * A change that came from the friend's device (inside the page's queue).
   * @param {import("../remote/remote-match.js").RemoteMatch} match
   * @param {import("../remote/remote-match.js").Update} update
   */
  async function heardRemote(match, update) {
    if (state.remote !== match) return;
    if (!update.changed) {
      // An acknowledgement or a line of chat: the board stays as it is (a checker picked up stays in hand).
      for (const text of update.notices) ctx.notice(text);
      ctx.remoteChanged();
      return;
    }
    stopCountdown();
    await showRemoteUpdate(update);
    scheduleAutomatic();
  }

  // ------------------------------------------------------------------------------------------------------------
  // A person's commands: board, buttons, keys

  /** Enter or a click on the dice: roll, end the turn, pass, or go on to the next game. */
  function primaryAction() {
    const v = state.view;
    if (state.busy || !(state.record || state.remote) || state.suspended) return false;
    if (v.phase === "game_over") return act({ type: "next_game" }), true;
    if (v.phase === "match_over") return state.remote ? false : (void newMatchDialog(), true);
    if (!personHereToAct(v)) return false;
    if (v.phase === "opening" || v.phase === "roll") return act({ type: "roll" }), true;
    if (v.phase === "move" && (v.no_legal_move || v.can_confirm)) return act({ type: "confirm" }), true;
    return false;
  }

  function swapDiceByTap() {
    const v = state.view;
    if (state.busy || state.suspended || !ctx.preferences().oneTap || !personHereToAct(v) || !v.can_swap_dice) return;
    act({ type: "swap_dice" });
  }

  /** @param {string} name a control's `data-action` */
  function buttonAction(name) {
    if (state.busy) return;
    if (name === "new_match") return void newMatchDialog();
    act({ type: name === "pass" ? "confirm" : name });
  }

  function newMatchDialog() {
    return openNewMatchDialog({ ask: queue.ask, enqueue: queue.enqueue, start: startMatch, current: state.record ? state.view : null });
  }

  /** @param {number | string | null} loc a checker picked up on the board (null: put down) */
  function announceSelection(loc) {
    clearTimeout(state.cancelledSelection);
    if (loc === null || loc === undefined) {
      // The board also drops the selection when a checker is played: only a selection dropped without a move
      // (Escape, a click elsewhere) is news.
      state.cancelledSelection = setTimeout(() => ctx.say("Selection cancelled."), 0);
      return;
    }
    const v = state.view;
    const dests = v.dests?.[String(loc)] ?? [];
    const player = v.turn ?? 0;
    const where = loc === "bar" ? "the bar" : `point ${say.spokenPoint(loc, player)}`;
    const to = dests.map((/** @type {number | string} */ d) => say.spokenPoint(d, player)).join(", ");
    ctx.say(to ? `Selected ${where}. It can go to ${to}.` : `Selected ${where}.`);
  }

  /** What the board reports of a person's hands. */
  const boardCallbacks = {
    /** @param {{from: number | "bar", to: number | "off"}} move */
    onMove: ({ from, to }) => {
      clearTimeout(state.cancelledSelection);
      act({ type: "move", from, to });
    },
    onUndo: () => {
      clearTimeout(state.cancelledSelection);
      act({ type: "undo" });
    },
    // with one-tap moves, a tap on the dice before the play is complete swaps them (the die shown first is played)
    onDiceClick: () => void (primaryAction() || swapDiceByTap()),
    onCubeClick: () => {
      const v = state.view;
      if (state.suspended) return;
      if (v.phase === "roll" && v.cube?.may_double) act({ type: "double" });
      else ctx.say(say.cubeText(v));
    },
    /** @param {number | string | null} loc */
    onSelect: (loc) => announceSelection(loc),
  };

  /**
   * A keyboard command (web/play/keyboard.js); false when it did nothing here.
   * @param {import("./keyboard.js").Command} command
   */
  function command(command) {
    const v = state.view;
    if (state.suspended) return false; // the other mode has its own keys
    if (command in TOLD) {
      ctx.say(TOLD[/** @type {keyof typeof TOLD} */ (command)](v));
      return true;
    }
    switch (command) {
      case "primary":
        return primaryAction();
      case "boardEnter":
        if (v.phase !== "move" || v.no_legal_move || (v.can_confirm && !say.hasDests(v))) return primaryAction();
        return false;
      case "double":
        if (v.phase === "roll" && personHereToAct(v) && v.cube?.may_double && !state.busy) {
          act({ type: "double" });
        } else {
          // The Crawford game is the reason that lasts; "after the roll" would hide it.
          ctx.say(v.crawford_game ? "No doubling in the Crawford game." : v.cube?.why_not_text || "You cannot double now.");
        }
        return true;
      case "undo":
        if (v.phase === "move" && v.can_undo && personHereToAct(v) && !state.busy) {
          act({ type: "undo" });
          return true;
        }
        return false;
      case "cancel":
        board.set({ view: v }); // redraw without a selection
        return true;
      case "hint":
        if (!(/** @type {HTMLButtonElement} */ (document.getElementById("hint-button")).disabled)) void hint();
        return true;
      default:
        return false;
    }
  }

  function hint() {
    const panel = /** @type {HTMLElement} */ (document.getElementById("hint-panel"));
    return showHint({ panel, call, enqueue: queue.enqueue, view: () => state.view, say: ctx.say });
  }

  async function resignDialog() {
    const { choice: kind, done } = await queue.ask(/** @type {HTMLDialogElement} */ (document.getElementById("resign-dialog")));
    if (kind === "single" || kind === "gammon" || kind === "backgammon") act({ type: "resign", kind });
    done();
  }

  return {
    /** The match record in progress (null before one is loaded). */
    record: () => state.record,
    /** The match with a friend on another device shown instead, if one is. */
    remote: () => state.remote,
    showRemote,
    leaveRemote,
    heardRemote,
    /** The view of the match in progress. */
    view: () => state.view,
    /** The match in one line (for messages about it). */
    info: () => matchInfo(state.view),
    boardCallbacks,
    command,
    buttonAction,
    newMatchDialog,
    resignDialog,
    hint,
    render,
    scheduleAutomatic,
    startMatch,
    restore,
    setUpPosition,
    replaceMatch,
    openRecordFile,
    catchUpWithStorage,
    /** Another mode takes the board and the panel; play waits. */
    suspend() {
      state.suspended = true;
      stopCountdown(); // taken up again when play resumes (scheduleAutomatic)
    },
    /** Back to play exactly where the match stood (a seat that acts by itself takes its turn if it is its turn). */
    resume() {
      state.suspended = false;
      render();
    },
  };
}

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
 * @param {View} v
 * @returns {{from: number | string, to: number | string} | null}
 */
function firstMove(v) {
  for (const [from, list] of Object.entries(v.dests ?? {})) {
    if (Array.isArray(list) && list.length > 0) return { from: from === "bar" ? "bar" : Number(from), to: list[0] };
  }
  return null;
}

/**
 * The farthest checker that can go off now (each die bears off at most one checker, so this never loses one).
 * @param {View} v
 * @returns {number | null}
 */
function bearOffSource(v) {
  const sources = Object.entries(v.dests ?? {})
    .filter(([, list]) => Array.isArray(list) && list.includes("off"))
    .map(([from]) => Number(from))
    .filter((n) => Number.isInteger(n));
  if (sources.length === 0) return null;
  // Player 0 bears off from 1..6 (farthest = highest), player 1 from 19..24 (farthest = lowest).
  return (v.turn ?? 0) === 0 ? Math.max(...sources) : Math.min(...sources);
}

/** @typedef {ReturnType<typeof createPlay>} Play */
