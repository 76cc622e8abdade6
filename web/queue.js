// @ts-check
/**
 * The page's actions run one at a time, in order, whoever asks (a click, a key, the computer, another tab). While
 * anything is queued the page is marked busy (`<html data-idle="false">`): tests and assistive tools wait for
 * `data-idle="true"`, when nothing is queued, nothing will happen by itself, and the board shows what the last step
 * changed.
 */
import { openDialog } from "./dialogs.js";

/**
 * The longest the page waits for the frame that draws a step's change before it says it is idle: a frame comes
 * within milliseconds, but later on a loaded machine, and maybe never where frames are throttled (an iframe out of
 * view).
 */
const FRAME_WAIT_MS = 1000;

/**
 * @param {{onError: (error: unknown) => void, trace?: boolean}} options onError: a step's failure, reported, never
 *   thrown out of the page; trace (test mode): remember where each step and hold still open was asked for (`open()`),
 *   so a test that finds the page busy for too long can say what it waits on
 */
export function createQueue({ onError, trace = false }) {
  const root = document.documentElement;
  /** @type {Promise<unknown>} */
  let tail = Promise.resolve();
  let pending = 0;
  let queued = 0;
  /** @type {Map<number, {what: string, since: number, at: string}>} */
  const opened = new Map();
  let lastId = 0;

  /** @param {string} what @returns {number} */
  function opening(what) {
    lastId += 1;
    if (!trace) return lastId;
    const at = new Error().stack?.split("\n").slice(2, 6).join(" | ") ?? ""; // the callers, past opening itself
    opened.set(lastId, { what, since: Math.round(performance.now()), at });
    return lastId;
  }

  /** @param {number} id */
  function settle(id) {
    opened.delete(id);
    pending -= 1;
    if (pending === 0) idleOnceDrawn();
  }

  let drawn = 0; // the latest wait for a frame: only it may mark the page idle

  /**
   * Mark the page idle once what the last step changed is drawn: the board draws at the next animation frame
   * (web/board/render.js `schedule`, asked for before this one, so drawn first), and a page idle before it
   * showed the status line of one turn over the board of the one before. A hidden page draws no frame: idle at
   * once; and a frame that never comes (a throttled frame) holds it no longer than FRAME_WAIT_MS.
   */
  function idleOnceDrawn() {
    drawn += 1;
    const ticket = drawn;
    const mark = () => {
      if (ticket === drawn && pending === 0) root.dataset.idle = "true";
    };
    if (document.visibilityState === "hidden") return mark();
    const timer = setTimeout(mark, FRAME_WAIT_MS);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      mark();
    });
  }

  /**
   * Run one step after the previous ones.
   * @param {() => Promise<unknown>} step
   * @returns {Promise<unknown>} settles when the step has run (never rejects)
   */
  function enqueue(step) {
    pending += 1;
    queued += 1;
    root.dataset.idle = "false";
    root.dataset.steps = String(queued);
    const id = opening(`step ${queued}`);
    tail = tail.then(step).catch(onError).finally(() => settle(id));
    return tail;
  }

  /**
   * Keep the page marked busy until the returned function is called: for the moment between a dialog's button and
   * the step it leads to (the dialog's `close` event, which hands the choice over, comes a task after the click).
   * @returns {() => void} release (once; later calls do nothing)
   */
  function holdIdle() {
    pending += 1;
    root.dataset.idle = "false";
    const id = opening("hold");
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      settle(id);
    };
  }

  /**
   * Open a dialog whose answer leads to an action. From the press of its button until `done()` (called once the
   * answer is queued or dropped) the page does not look idle; Escape holds nothing.
   * @param {HTMLDialogElement} dialog
   * @returns {Promise<{choice: string, done: () => void}>}
   */
  async function ask(dialog) {
    let release = () => {};
    const onSubmit = () => {
      release();
      release = holdIdle();
    };
    dialog.addEventListener("submit", onSubmit);
    try {
      const choice = await openDialog(dialog);
      return { choice, done: release };
    } finally {
      dialog.removeEventListener("submit", onSubmit);
    }
  }

  /** What keeps the page busy now, oldest first (empty unless `trace`). */
  const open = () => [...opened.values()];

  return { enqueue, holdIdle, ask, open };
}

/** @typedef {ReturnType<typeof createQueue>} Queue */
