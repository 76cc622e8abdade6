// @ts-check
/**
 * The play mode: a match being played on this page. View → board and panel; an action (a person's click or key, a
 * seat that acts by itself) → the match (`Match.act`: the rules in Python, then kept wherever the match is kept) →
 * new view and events → animation, sounds, announcements. Every rule is Python's: this mode only decides *when* to
 * ask (automatic rolls, passes, a seat's turn) from the view and the player's preferences.
 *
 * A play that is complete waits for the person who made it (*Done*, the dice, Enter or Space) unless their
 * preference ends the turn by itself, at once or after END_TURN_DELAY_MS; until the turn ends, Undo takes the
 * checkers back one by one. The computer ends its own turns.
 *
 * It holds one `Match` (web/match/match.js) and knows nothing of where it is kept: the match in progress (the local
 * match, web/match/local.js, which it also starts, restores and replaces) or another shown instead of it (a match
 * with a friend), whose changes from elsewhere it hears through `onChange`.
 *
 * Its state is one object (state.js) handed to the modules beside this one: acting (act.js), the automatic steps
 * and the countdown (auto.js), drawing (draw.js), the match's life cycle (lifecycle.js) and a person's commands
 * (commands.js). While another mode (review, the position editor) has the board, play is suspended: it neither draws
 * nor acts.
 */
import { scheduleAutomatic, stopCountdown } from "./auto.js";
import { boardCallbacks, buttonAction, command, hint, newMatchDialog, resignDialog } from "./commands.js";
import { render } from "./draw.js";
import { leaveMatch, listenTo, openRecordFile, replaceMatch, restore, setUpPosition, showMatch, startMatch } from "./lifecycle.js";
import { matchInfo } from "./panel.js";
import { createState } from "./state.js";

/** @typedef {import("./state.js").PlayContext} PlayContext */

/** @param {PlayContext} ctx */
export function createPlay(ctx) {
  const state = createState(ctx);
  listenTo(state, ctx.local);

  return {
    /** The match shown: the match in progress, or a match with a friend shown instead. */
    match: () => state.match,
    /** @param {import("../match/match.js").Match} match another match shown instead of the match in progress */
    showMatch: (match) => showMatch(state, match),
    /** Back to the match in progress (the match shown instead stays kept). */
    leaveMatch: () => leaveMatch(state),
    /** The view of the match shown. */
    view: () => state.view,
    /** The match in one line (for messages about it). */
    info: () => matchInfo(state.view),
    boardCallbacks: boardCallbacks(state),
    /** @param {import("./keyboard.js").Command} name */
    command: (name) => command(state, name),
    /** @param {string} name */
    buttonAction: (name) => buttonAction(state, name),
    newMatchDialog: () => newMatchDialog(state),
    resignDialog: () => resignDialog(state),
    hint: () => hint(state),
    render: () => render(state),
    scheduleAutomatic: () => scheduleAutomatic(state),
    /** @param {{settings: object, players: object[]}} match @param {{hold?: boolean}} [options] */
    startMatch: (match, options) => startMatch(state, match, options),
    /** @param {{firstVisit: () => boolean}} page */
    restore: (page) => restore(state, page),
    /**
     * @param {{position_id: string, match_id?: string, settings?: object}} ids @param {string} what
     * @param {boolean} [study]
     */
    setUpPosition: (ids, what, study) => setUpPosition(state, ids, what, study),
    /** @param {object} next @param {string} message */
    replaceMatch: (next, message) => replaceMatch(state, next, message),
    /** @param {object} record @param {string} name */
    openRecordFile: (record, name) => openRecordFile(state, record, name),
    /** Another mode takes the board and the panel; play waits. */
    suspend() {
      state.suspended = true;
      stopCountdown(state); // taken up again when play resumes (scheduleAutomatic)
    },
    /** Back to play exactly where the match stood (a seat that acts by itself takes its turn if it is its turn). */
    resume() {
      state.suspended = false;
      render(state);
    },
  };
}

/** @typedef {ReturnType<typeof createPlay>} Play */
