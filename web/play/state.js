// @ts-check
/**
 * The play mode's state: one plain object, made when the page starts and handed to the modules that act on the
 * match (act.js), take its automatic steps (auto.js), draw it (draw.js), start and replace it (lifecycle.js) and
 * turn a person's commands into actions (commands.js). Nothing else keeps any of it.
 */
import { xgidShower } from "./panel.js";

/** @typedef {import("../types.js").PlayView} View */
/** @typedef {import("../match/match.js").Match} Match */
/** @typedef {import("../match/local.js").LocalMatch} LocalMatch */

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
 * @property {LocalMatch} local  the match in progress on this page (web/match/local.js): shown unless another is
 * @property {() => import("../preferences.js").Preferences} preferences
 * @property {(record: object, view: View) => void} matchOver  a match just ended (for the history)
 * @property {() => void} closeOtherMode  end review or the editor before the match is replaced
 * @property {(message: {title: string, text: string}) => Promise<string>} message  a message dialog
 * @property {() => import("../engine/pool.js").Pool | null} [helpers]  workers that share the computer's long look-ahead
 *   (web/play/think.js), started at the first ask; null when the device has none to spare
 */

/**
 * @typedef {object} PlayState
 * @property {PlayContext} ctx  what the page gave
 * @property {Match} match  the match shown and played: the local one, or another (a match with a friend) while it
 *   is shown, the local one waiting, kept, meanwhile
 * @property {() => void} unlisten  stops hearing the shown match's changes from elsewhere
 * @property {View} view  the view shown
 * @property {boolean} busy
 * @property {string} busyWhy
 * @property {number} generation  bumped when the match shown is replaced (a new match, a file, a position, another
 *   match shown): stale automatic steps stop (the local match keeps its own for another tab's)
 * @property {boolean} automaticPending
 * @property {boolean} suspended  another mode has the board and the panel
 * @property {boolean} held  the match shown waits, unsaved, for a person's first action (the first visit's welcome,
 *   or "not now" on it): nothing happens by itself
 * @property {ReturnType<typeof setTimeout> | undefined} cancelledSelection
 * @property {{timer: ReturnType<typeof setTimeout>, release: () => void, at: View, generation: number} | null} countdown
 *   a complete play (or a pass) ending the turn by itself after END_TURN_DELAY_MS (preference `endTurn` "delay"):
 *   the timer, and the page held busy meanwhile (something will happen by itself)
 * @property {ReturnType<typeof xgidShower>} showXgid
 * @property {{generation: number, items: import("./news.js").NewsItem[]}} news  what just happened, written before
 *   the status (news.js), for the match shown at `generation`
 */

/**
 * @param {PlayContext} ctx
 * @returns {PlayState}
 */
export function createState(ctx) {
  return {
    ctx,
    match: ctx.local,
    unlisten: () => {},
    view: ctx.local.view(),
    busy: false,
    busyWhy: "",
    generation: 0,
    automaticPending: false,
    suspended: false,
    held: false,
    cancelledSelection: undefined,
    countdown: null,
    showXgid: xgidShower(ctx.call),
    news: { generation: 0, items: [] },
  };
}
