// @ts-check
/**
 * One match, wherever it is kept: the interface the play mode plays through, whatever kind of match it is.
 *
 * - A local match (web/match/local.js) is applied by the rules core in the worker and saved in this browser's
 *   storage; what another tab saves of it comes in as a change.
 * - A match with a friend on another device (web/remote/remote-match.js) is checked by the rules core, saved, and
 *   spoken over the protocol; what the friend does comes in as a change.
 * - The lobby's and a tournament's matches are more of the same kind: a new module that returns a `Match`, not a
 *   new branch in the play mode.
 *
 * The play mode holds one `Match` and knows nothing of where it is kept (docs/architecture.md, "One match, many
 * seats").
 */

/** @typedef {import("../types.js").PlayView} View */
/** @typedef {import("../types.js").Event} MatchEvent */
/** @typedef {import("../types.js").Action} Action */

/**
 * What a change of a match brings to the page: its own action's answer, or a change that came from elsewhere.
 * @typedef {object} MatchUpdate
 * @property {View} view  the view now (the same object as before when nothing of the match changed)
 * @property {boolean} changed  the match changed: the board is drawn again (a checker picked up is put down)
 * @property {MatchEvent[]} events  the rules core's events, in order (moves to glide, sounds, sentences)
 * @property {string[]} notices  what the player is to be told in plain words (a refusal, another tab, a fork)
 * @property {boolean} [replaced]  the match was taken up whole as it is kept elsewhere (another tab's save): it is
 *   shown as it stands, its notices say why, and nothing else is said
 * @property {{from: number, text: string, time: number} | null} [chat]  a line of chat heard (a match between people)
 */

/**
 * @typedef {object} ActOptions
 * @property {boolean} [mine]  a person here asked for it (told in plain words if it could not be kept)
 */

/**
 * @typedef {object} Match
 * @property {"local" | "remote"} kind  what the match is: the page's own match in progress ("local", the one a new
 *   match replaces and review reads), or a match between people on other devices
 * @property {() => boolean} loaded  there is a match to play (false: a local match not yet started or restored)
 * @property {() => View} view  the view as last known, at once
 * @property {(action: Action, options?: ActOptions) => Promise<MatchUpdate>} act  a person's or a seat's action; the
 *   rules' refusals reject (as the engine's ApiError), and nothing changes
 * @property {() => Promise<object | null>} record  the rules core's record of the match (review, files, history)
 * @property {(listener: (update: MatchUpdate) => void | Promise<void>) => () => void} onChange  changes that come from
 *   elsewhere (another tab, the friend), each inside the page's queue; returns the function that stops listening
 * @property {() => Promise<void>} close  the match is no longer shown here (it stays kept)
 */

export {};
