// @ts-check
/**
 * The welcome of a first visit: a short modal dialog over the board (`#welcome-dialog`) with the four ways in:
 * *Play the computer* (one click: the intermediate level, 5 points, or the last choices), *Two players on this
 * device*, *Learn the rules* (a link to the tutorial) and *Open a match file* (the page's Save / load dialog).
 * Escape closes it and starts nothing: the two-player match behind waits, unsaved, until a person rolls.
 *
 * It is shown when nothing is saved (a first visit, or a visit that left without choosing), never over a saved
 * match, a share link or a file handed to the installed app. `?no-welcome` leaves it out: the page tests that are
 * about something else open the page with it and find the default two-player match at once, as a returning
 * player does. The engine and the board start as on any visit: the welcome waits for nothing.
 */

import { levelOr } from "../limits.js";

/** @typedef {import("../record.js").Settings} Settings */
/** @typedef {import("../record.js").Player} Player */
/** @typedef {{settings: Settings, players: Player[]}} MatchChoice */

/** The computer's level and the match length a first visit is offered. */
export const WELCOME_LEVEL = "intermediate";
export const WELCOME_LENGTH = 5;

/**
 * Whether this visit opens with the welcome.
 * @param {{empty: boolean, url: URL}} visit empty: nothing is saved in this page's storage
 */
export function welcomeWanted({ empty, url }) {
  if (!empty) return false;
  const search = url.searchParams;
  if (search.has("no-welcome")) return false;
  // Something was handed to the page (a share link, a file or text for the installed app): that comes first.
  if (search.has("launch") || search.has("shared") || search.has("shared-url") || search.has("shared-title")) return false;
  return !/(^#|&)(position|match|play|turn|tournament)=/.test(url.hash);
}

/**
 * The match *Play the computer* starts: the level and length chosen in the welcome, the rest from the last match
 * the player started against the computer (names, Crawford), or the defaults.
 * @param {{level: string, length: number}} chosen
 * @param {MatchChoice | null} last the last choices of the new-match dialog (or of this welcome)
 * @returns {MatchChoice}
 */
export function computerMatch({ level, length }, last) {
  const lastComputer = last?.players?.[1]?.kind === "computer" ? last : null;
  const names = [lastComputer?.players[0]?.name || "White", lastComputer?.players[1]?.name || "Black"];
  const matchLength = Number.isInteger(length) && length >= 1 && length <= 25 ? length : WELCOME_LENGTH;
  return {
    settings: {
      match_length: matchLength,
      crawford: lastComputer ? lastComputer.settings.crawford !== false : true,
      jacoby: false,
      beavers: false,
      automatic_doubles: 0,
      strict_doubling: Boolean(lastComputer?.settings.strict_doubling),
    },
    players: [
      { name: names[0], kind: "human" },
      { name: names[1], kind: "computer", level: levelOr(level, WELCOME_LEVEL) },
    ],
  };
}

/**
 * Open the welcome and hand each choice to the page. Returns once the welcome is closed for good.
 * @param {HTMLDialogElement} dialog
 * @param {{
 *   last: MatchChoice | null,
 *   playComputer: (match: MatchChoice) => Promise<unknown>,
 *   twoPlayers: () => Promise<unknown>,
 *   openFile: () => Promise<string>,
 *   hold?: () => () => void,
 * }} page openFile resolves with how the Save / load dialog was closed ("opened" or "restored": a match came in);
 *   hold keeps the page from looking idle from the press of a button until its step is queued (it returns the release)
 * @returns {Promise<string>} the choice: "computer", "two", "file", "later" (Escape: nothing is started, the
 *   match behind waits for a person's first action), or "elsewhere" (closeWelcome); after the tutorial link it never
 *   resolves (the page is left)
 */
export async function runWelcome(dialog, { last, playComputer, twoPlayers, openFile, hold = () => () => {} }) {
  const form = /** @type {HTMLFormElement} */ (dialog.querySelector("form"));
  const level = /** @type {HTMLSelectElement} */ (form.elements.namedItem("level"));
  const length = /** @type {HTMLSelectElement} */ (form.elements.namedItem("length"));
  const lastComputer = last?.players?.[1]?.kind === "computer" ? last : null;
  level.value = lastComputer?.players[1]?.level ?? WELCOME_LEVEL;
  const lastLength = String(lastComputer?.settings.match_length ?? WELCOME_LENGTH);
  if ([...length.options].some((o) => o.value === lastLength)) length.value = lastLength;
  // The board's first frame is drawn before the welcome is laid out over it.
  await afterNextFrame();
  if (dialog.dataset.closedElsewhere) return CLOSED_ELSEWHERE;
  document.documentElement.dataset.welcome = "open";
  dialog.returnValue = "";
  let release = () => {};
  const onSubmit = () => {
    release();
    release = hold();
  };
  form.addEventListener("submit", onSubmit);
  dialog.showModal();
  /** @type {HTMLElement | null} */ (form.querySelector("button.primary"))?.focus();
  try {
    for (;;) {
      const choice = await closed(dialog);
      if (choice === CLOSED_ELSEWHERE) return choice;
      if (choice === "computer") {
        const started = playComputer(computerMatch({ level: level.value, length: Number(length.value) }, last));
        release();
        await started;
        return "computer";
      }
      if (choice === "file") {
        // The Save / load dialog opens over the board; the welcome comes back if no match was opened from it.
        const opened = openFile();
        release();
        const how = await opened;
        if (how === "opened" || how === "restored") return "file";
        dialog.returnValue = "";
        dialog.showModal();
        /** @type {HTMLElement | null} */ (form.querySelector("button[value=file]"))?.focus();
        continue;
      }
      // Escape means "not now": the two-player match behind stays as it is, started by nothing but a person.
      if (choice !== "two") return "later";
      const started = twoPlayers();
      release();
      await started;
      return "two";
    }
  } finally {
    form.removeEventListener("submit", onSubmit);
    release();
    document.documentElement.dataset.welcome = "closed";
  }
}

const CLOSED_ELSEWHERE = "elsewhere";

/**
 * Close the welcome without a choice: another tab has saved a match, which this page now shows.
 * @param {HTMLDialogElement} dialog
 */
export function closeWelcome(dialog) {
  dialog.dataset.closedElsewhere = "true";
  if (dialog.open) dialog.close(CLOSED_ELSEWHERE);
}

/** After the next frame, or 200 ms in a tab that draws none (hidden): whichever comes first. */
function afterNextFrame() {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 200);
  });
}

/** @param {HTMLDialogElement} dialog @returns {Promise<string>} */
function closed(dialog) {
  return new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue), { once: true }));
}
