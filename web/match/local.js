// @ts-check
/**
 * The match in progress on this page, as a `Match` (web/match/match.js): every action applied by the rules core in
 * the worker (`act`), then saved in this browser's storage over the save this tab knows (compare-and-set). Another
 * tab of the same match is "elsewhere": what it saves is taken up here and comes to the page as a change
 * (`onChange`), and an action of this tab's made on a position another tab had already moved on from is not kept,
 * and the player is told so.
 *
 * Besides the interface, it has what only the page's own match has: it is started, restored, replaced (a file, a
 * position) and kept when left (Save / load) — the play mode's life cycle (web/play/lifecycle.js) works it.
 */
import { createListeners } from "./listeners.js";
import { startView } from "./startview.js";

/**
 * Said when another tab's save came first and an action of a person here is not kept (NOT_KEPT), or when this tab
 * takes up what another tab saved (CHANGED_ELSEWHERE): message ids, written in the page's words when said.
 */
const NOT_KEPT = "remote.notKeptHere";
const CHANGED_ELSEWHERE = "remote.changedHere";

/** @typedef {import("./match.js").View} View */
/** @typedef {import("./match.js").MatchUpdate} MatchUpdate */
/** @typedef {import("../storage.js").Envelope} Envelope */

/**
 * What a local match needs of the page.
 * @typedef {object} LocalMatchOptions
 * @property {import("../types.js").Call} call  a worker method; rules errors reject as ApiError
 * @property {(error: unknown) => boolean} isRulesError  Python said no (as opposed to the engine failing)
 * @property {Pick<ReturnType<typeof import("../storage.js").createMatchStorage>, "load" | "save" | "setAside" |
 *   "adopt" | "isStudy" | "keepPrevious" | "onExternalChange" | "externalChange">} storage  this browser's storage
 *   of the match in progress
 * @property {(step: () => Promise<void>) => unknown} enqueue  the page's queue: one step at a time
 * @property {(text: string) => void} report  a save that failed, in plain words (said, and on the status line)
 * @property {() => void} otherTab  another tab's match was taken up (the welcome, if open, is moot)
 * @property {typeof import("../i18n/i18n.js").t} t  the page's words (handed in by web/app.js)
 */

/**
 * The local match's state: one object, kept by the functions below and nowhere else.
 * @typedef {object} LocalState
 * @property {LocalMatchOptions} options
 * @property {object | null} record  the match record, as Python last returned it (null before one is loaded)
 * @property {View} view
 * @property {number} generation  bumped when the match is replaced (a new match, a file, another tab's): a result
 *   of the match before is neither shown nor saved
 * @property {number} adoptions  bumped when another tab's match is taken up: an action of this tab's made meanwhile
 *   is not kept
 * @property {number} adopting  another tab's records being taken up (a step queued): an action meanwhile would be
 *   applied to the match before them
 * @property {ReturnType<typeof createListeners>} listeners
 */

/** @param {LocalMatchOptions} options */
export function openLocalMatch(options) {
  /** @type {LocalState} */
  const m = { options, record: null, view: startView(), generation: 0, adoptions: 0, adopting: 0, listeners: createListeners() };

  options.storage.onExternalChange((change) => {
    if ("removed" in change) return; // the other tab is starting afresh; keep playing what we have until it saves
    adoptRecord(m, change.envelope, CHANGED_ELSEWHERE);
  });

  return {
    /** @type {"local"} */
    kind: "local",
    loaded: () => m.record !== null,
    view: () => m.view,
    /** @param {import("../types.js").Action} action @param {import("./match.js").ActOptions} [actOptions] */
    act: (action, actOptions) => act(m, action, actOptions),
    record: async () => m.record,
    onChange: m.listeners.add,
    close: async () => {}, // it stays this page's match in progress, saved
    /** The record at once (null before one is loaded): what a new worker is given back. */
    current: () => m.record,
    /**
     * Make a result of the worker's (a new match, a file, a position) the match in progress; saved with `saveNew`.
     * @param {{record: object, view: View}} result
     */
    takeUp(result) {
      m.generation += 1;
      m.record = result.record;
      m.view = result.view;
    },
    /** @param {{study?: boolean}} [saveOptions] */
    saveNew: (saveOptions) => saveNew(m, saveOptions),
    /** Keep the match in progress before another replaces it (Save / load, "Back to the match you left"). */
    keepLeaving: () => keepLeaving(m),
    /** The record of the match in progress given to the worker again (after another match used it). */
    async reload() {
      if (!m.record) return;
      const result = await options.call("load", { record: m.record });
      m.record = result.record;
      m.view = result.view;
    },
    /** @returns {ReturnType<typeof restore>} */
    restore: () => restore(m),
    /** What another tab saved meanwhile, if anything, is taken up (a page back from the cache, unfrozen, shown again). */
    async catchUp() {
      const change = await options.storage.externalChange();
      if (change) adoptRecord(m, change.envelope, CHANGED_ELSEWHERE);
    },
  };
}

/**
 * Apply one action and save it over the match this tab knows. A result of a match replaced meanwhile is dropped;
 * a save that finds another tab's later one takes that one up (its change follows, with the reason).
 * @param {LocalState} m @param {import("../types.js").Action} action @param {import("./match.js").ActOptions} [actOptions]
 * @returns {Promise<MatchUpdate>}
 */
async function act(m, action, { mine = false } = {}) {
  /** Nothing changed here: the action belonged to a match since replaced; a person's is said to be lost. */
  const unchanged = (/** @type {boolean} */ lost) => ({ view: m.view, changed: false, events: [], notices: lost && mine ? [m.options.t(NOT_KEPT)] : [] });
  if (!m.record) return unchanged(false);
  // Another tab's match is being taken up: this action was meant for the position before it.
  if (m.adopting > 0) return unchanged(true);
  const generation = m.generation;
  const adoptions = m.adoptions;
  const result = await m.options.call("act", { action: /** @type {import("../types.js").Action} */ (action) });
  if (generation !== m.generation) return unchanged(m.adoptions !== adoptions);
  m.record = result.record;
  m.view = result.view;
  /** @type {MatchUpdate} */
  const update = { view: result.view, changed: true, events: Array.isArray(result.events) ? result.events : [], notices: [] };
  if (!(await persist(m, mine)) && mine) update.notices.push(m.options.t(NOT_KEPT));
  return update;
}

/**
 * Save the match after an action: over the match this tab knows, or not at all (another tab saved meanwhile).
 * @param {LocalState} m @param {boolean} mine the action saved is a person's here
 * @returns {Promise<boolean>} false: the match was replaced during the save and the action is not kept
 */
async function persist(m, mine) {
  if (!m.record) return true;
  const generation = m.generation;
  const saved = await m.options.storage.save(m.record);
  if (saved.ok) return true;
  if ("conflict" in saved) {
    // Another tab moved on with this match: its progress wins; our action was made on an old position and is not
    // kept, so the player is told that it is gone (also when this tab is already taking up the other's match).
    if (generation !== m.generation) return false;
    adoptRecord(m, saved.conflict, mine ? NOT_KEPT : CHANGED_ELSEWHERE);
  } else if (generation === m.generation) {
    m.options.report(saved.error);
  }
  return true;
}

/**
 * Take up a record written elsewhere (another tab): loaded in the worker as a step of the page's queue, then told
 * to the listeners with `message`.
 * @param {LocalState} m @param {Envelope} envelope @param {typeof NOT_KEPT | typeof CHANGED_ELSEWHERE} message
 */
function adoptRecord(m, envelope, message) {
  m.generation += 1;
  m.adoptions += 1;
  m.adopting += 1;
  m.options.otherTab();
  m.options.enqueue(async () => {
    let result;
    try {
      result = await m.options.call("load", { record: envelope.record });
    } finally {
      m.adopting -= 1;
    }
    m.record = result.record;
    m.view = result.view;
    m.options.storage.adopt(envelope);
    await m.listeners.emit({ view: result.view, changed: true, events: [], notices: [m.options.t(message)], replaced: true });
  });
}

/**
 * Save a match that replaces whatever is stored (a new match, a file, a position); the player hears if it fails.
 * @param {LocalState} m @param {{study?: boolean}} [options] study: a position from a share link (storage.isStudy)
 */
async function saveNew(m, { study = false } = {}) {
  if (!m.record) return;
  const saved = await m.options.storage.save(m.record, { force: true, study });
  if (!saved.ok && "error" in saved) m.options.report(saved.error);
}

/**
 * Keep the match in progress before another replaces it ("Back to the match you left"), unless it is a study
 * position from a share link: the player's own match kept before it stays kept.
 * @param {LocalState} m
 * @returns {Promise<{ok: true} | {ok: false, error: string}>}
 */
async function keepLeaving(m) {
  if (!m.record || m.options.storage.isStudy()) return { ok: true };
  return m.options.storage.keepPrevious(m.record);
}

/**
 * The saved match, loaded in the worker; data that cannot be used is set aside (never lost) and reported.
 * @param {LocalState} m
 * @returns {Promise<{status: "ok", view: View} | {status: "empty"} | {status: "bad", reason: string, backupKey: string | null}>}
 */
async function restore(m) {
  const { call, storage, isRulesError } = m.options;
  const loaded = await storage.load();
  if (loaded.status === "empty") return { status: "empty" };
  if (loaded.status !== "ok") return { status: "bad", reason: loaded.reason, backupKey: loaded.backupKey };
  try {
    const result = await call("load", { record: loaded.envelope.record });
    m.record = result.record;
    m.view = result.view;
    return { status: "ok", view: result.view };
  } catch (error) {
    if (!isRulesError(error)) throw error;
    const aside = await storage.setAside(/** @type {Error} */ (error).message);
    return { status: "bad", reason: aside.reason, backupKey: aside.backupKey };
  }
}

/** @typedef {ReturnType<typeof openLocalMatch>} LocalMatch */
