// @ts-check
/**
 * The page's types of what crosses to the rules engine: the view of a match, the events of an action, the records,
 * and the method map, each worker method's params and answer, so that `call("act", {action})` is checked by tsc (a
 * wrong method name, wrong params or a field the answer does not have fail the type check).
 *
 * The shapes are declared once, in Python (py/backgammon/shapes.py and the methods' annotations), and written out
 * as JSDoc into types.generated.js by scripts/jsdoc_types.py; tests/core/test_jsdoc_types.py fails when that file
 * is stale. This file names them for the page and adds the methods the worker answers itself (worker.js).
 * Types only: import them with `@typedef {import("../types.js").View} View`.
 */

/**
 * @typedef {import("./types.generated.js").View} View
 * @typedef {import("./types.generated.js").Event} Event
 * @typedef {import("./types.generated.js").RolledEvent} RolledEvent
 * @typedef {import("./types.generated.js").Action} Action
 * @typedef {import("./types.generated.js").PlayStep} PlayStep
 * @typedef {import("./types.generated.js").MatchRecord} MatchRecord
 * @typedef {import("./types.generated.js").MatchAnswer} MatchAnswer
 * @typedef {import("./types.generated.js").Player} Player
 * @typedef {import("./types.generated.js").Settings} Settings
 * @typedef {import("./types.generated.js").SettingsParam} SettingsParam
 * @typedef {import("./types.generated.js").PlayerParam} PlayerParam
 * @typedef {import("./types.generated.js").SetupParams} SetupParams
 * @typedef {import("./types.generated.js").CubeView} CubeView
 * @typedef {import("./types.generated.js").ResignationView} ResignationView
 * @typedef {import("./types.generated.js").Outcome} Outcome
 * @typedef {import("./types.generated.js").MatSummary} MatSummary
 * @typedef {import("./types.generated.js").ErrorBody} ErrorBody
 * @typedef {import("./types.generated.js").Words} Words
 */

/**
 * World class's look-ahead shared with the page's helper workers (web/play/think.js, py/backgammon/bot/sharing.py).
 * @typedef {import("./types.generated.js").SharedPart} SharedPart
 * @typedef {import("./types.generated.js").UnitFigures} UnitFigures
 */

/**
 * The match on two devices (remote/session.py, remote/messages.py): this side's saved state, a message of the
 * protocol, and the protocol's state as `remote_view` answers it.
 * @typedef {import("./types.generated.js").State} SessionState
 * @typedef {import("./types.generated.js").Message} Message
 * @typedef {import("./types.generated.js").RemoteView} RemoteView
 */

/**
 * The start board the page draws before the engine has answered (web/match/startview.js): a part of a view, without
 * what only the rules core knows (the opening roll, a forced play, contact, the cube's offered value).
 * @typedef {Omit<View, StartViewLacks | "cube"> & {cube: Omit<CubeView, "offered_value">}} StartView
 * @typedef {"opening_roll" | "forced_play" | "contact"} StartViewLacks
 */

/**
 * A seat as the play area shows it: on two devices the friend's is of kind "remote" (web/remote/remote-match.js).
 * @typedef {Omit<Player, "kind"> & {kind: Player["kind"] | "remote"}} PlayPlayer
 */

/**
 * The view the play area draws (web/play/, web/match/, web/remote/remote-match.js): Python's `View`, decorated on
 * two devices (players of kind "remote", the phase "invited" before the friend joins, `remote`: the protocol's
 * state as `remote_view` answers it, `waiting`: the status line's words whenever the player here does not act,
 * web/remote/next-step.js), or the start board drawn before the engine has answered (`StartView`: what it
 * lacks is optional here).
 * @typedef {Omit<View, StartViewLacks | "cube" | "players" | "phase"> & Partial<Pick<View, StartViewLacks>> & {
 *   cube: Omit<CubeView, "offered_value"> & Partial<Pick<CubeView, "offered_value">>,
 *   players: PlayPlayer[],
 *   phase: View["phase"] | "invited",
 *   remote?: RemoteView,
 *   waiting?: string,
 * }} PlayView
 */

/**
 * What the board draws (its config's `view`, web/board/): a view of the play area, of review or of the position
 * editor, or a tutorial's, which may leave out all but the checkers (web/board/state.js takes a missing bar or tray
 * as empty).
 * @typedef {Partial<Omit<PlayView, "board">> & {board?: Partial<import("./types.generated.js").Board>}} BoardView
 */

/**
 * The view of a match on two devices (web/remote/remote-match.js): always with `remote`.
 * @typedef {PlayView & {remote: RemoteView}} RemotePlayView
 */

/**
 * What the worker says about itself (`engine_info`, and the `ready` event's `info`).
 * @typedef {object} EngineInfo
 * @property {string} pyodide Pyodide's version
 * @property {string} python Python's version
 * @property {boolean} test_dice true when the dice come from a `?test-dice=` script
 */

/**
 * The methods worker.js answers itself, outside backgammon.api (`ping`, the heartbeat, and `test_hang` are sent by
 * the bridge alone, not through `call`).
 * @typedef {object} WorkerMethods
 * @property {{params: Record<string, never>, result: EngineInfo}} engine_info
 * @property {{params: Record<string, never>, result: Record<string, never>}} test_corrupt test mode only
 */

/**
 * Every method `call` may name: backgammon.api's (generated) and the worker's own.
 * @typedef {import("./types.generated.js").PythonMethods & WorkerMethods} Methods
 * @typedef {keyof Methods} MethodName
 */

/**
 * One request to the engine: resolves with the method's answer, rejects with the engine's error.
 * @typedef {<M extends MethodName>(method: M, params?: Methods[M]["params"]) => Promise<Methods[M]["result"]>} Call
 */

export {};
