// @ts-check
/**
 * The match page's entry: it draws the live board, starts the engine, restores the saved match and hands the board
 * and the panel to the mode in charge — play (web/play/), review (web/review/, loaded on first use) or the position
 * editor (web/setup/, loaded on first use) — and switches between them. It also routes what comes from outside the
 * page: share links, files the installed app is launched with, another tab's saves. The modes never import each
 * other; what they need of the page is handed to them here.
 */
import { createBoardInSteps } from "./board/board.js";
import { createAnnouncer } from "./announce.js";
import { bindCopyButtons } from "./copy.js";
import { openDialog, showMessage } from "./dialogs.js";
import { bindMenu } from "./menu.js";
import { keepScreenAwake } from "./wakelock.js";
import { BridgeError, ENGINE_FAILURES } from "./engine/bridge.js";
import { ApiError, connectEngine, failureDetail, failureText, refusalText } from "./engine/page-engine.js";
import { bindFiles } from "./files.js";
import { bindHome } from "./home/home.js";
import { closeWelcome, runWelcome, welcomeWanted } from "./home/welcome.js";
import { openIdentityDialog } from "./lobby/identity-dialog.js";
import { createOnline } from "./lobby/online.js";
import { enterWatch } from "./lobby/watch-mode.js";
import { bindShortcuts } from "./play/keyboard.js";
import { DEFAULT_MATCH, lastMatchChoice, rememberMatchChoice } from "./play/newmatch.js";
import { xgidParams } from "./play/panel.js";
import { rememberReviewed, reviewedBefore } from "./reviewed.js";
import { createPlay } from "./play/play.js";
import { pause } from "./play/seats.js";
import { HELPERS_IDLE_MS } from "./play/think.js";
import * as say from "./play/describe.js";
import { openLocalMatch } from "./match/local.js";
import { startView } from "./match/startview.js";
import { editPreferences } from "./preferences-dialog.js";
import { chooseLanguage } from "./i18n/languages.js";
import { LANGUAGE_CHANGED, currentLanguage, decimal, t, useLanguage } from "./i18n/i18n.js";
import { playerName } from "./i18n/player-names.js";
import { rollDashed } from "./dice-words.js";
import { changePreferences, changesBetween, checkDepth, normalizePreferences, readPreferences, watchPreferences } from "./preferences.js";
import { createQueue } from "./queue.js";
import { setSoundEnabled } from "./sound.js";
import { closeRollout, cubeTable, openRollout, resultTable, verdictTable } from "./engine/rollout-panel.js";
import { createPool, deviceFacts, poolKeptWhileUsed, poolSize } from "./engine/pool.js";
import { createAnalysisStorage } from "./review/analyses.js";
import { createMatchStorage } from "./storage.js";
import { openKeyval } from "./keyval.js";
import { loadOfflineAppLater } from "./offline-later.js";

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const root = document.documentElement;

// Test mode (scripted dice, ?test-dice=31,52,…) keeps its matches in its own storage namespace, so scripted dice can
// never be used on a real match in progress.
const testMode = new URLSearchParams(location.search).get("test-dice") !== null;
const namespace = testMode ? "backgammon-test" : "backgammon";
const storage = createMatchStorage({ namespace });
const analyses = createAnalysisStorage({ namespace });

let preferences = readPreferences();
/**
 * The mode other than play while it is on (review or the position editor): play waits, the board and the panel
 * are the mode's.
 * @type {{exit: () => void} | null}
 */
let mode = null;
/** @type {{record: object | null, view: import("./types.js").BoardView | null}} what review shows (for Share) */
let reviewShown = { record: null, view: null };

const announcer = createAnnouncer($("announcer"));
const messageDialog = /** @type {HTMLDialogElement} */ ($("message-dialog"));
/**
 * A message in the page's message dialog, its OK in the player's language (web/dialogs.js loads no words).
 * @param {Parameters<typeof showMessage>[1]} message
 */
const message = (message) => showMessage(messageDialog, { choices: [{ value: "ok", label: t("panel.ok") }], ...message });
const welcomeDialog = /** @type {HTMLDialogElement} */ ($("welcome-dialog"));
// The menu: a row of buttons on a wide screen, one button and a sheet on a phone.
bindMenu(/** @type {HTMLButtonElement} */ ($("menu-button")), $("menu"));
// On a phone the screen stays awake while a match is in progress (and is asked for again when the page comes back).
keepScreenAwake(() => !["", "match_over"].includes(root.dataset.phase ?? ""));

/**
 * Let the browser paint and handle input between the stages of the page's start, so that none of them is a long
 * task (the modules' first compile, building the live board, filling the panel).
 * @returns {Promise<void>}
 */
function nextTask() {
  const scheduler = /** @type {{yield?: () => Promise<void>} | undefined} */ (/** @type {any} */ (globalThis).scheduler);
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** @param {unknown} error */
function reportError(error) {
  // A failure of the engine as a whole in the player's words, as its status line says it (page-engine.js).
  const engineFailure = error instanceof BridgeError && ENGINE_FAILURES.has(error.type);
  // A refusal of the rules core no step caught (a new match's settings): its words, as a move's refusal says them.
  const text = engineFailure ? failureText(t, error) : error instanceof ApiError ? refusalText(error) : error instanceof Error ? error.message : String(error);
  announcer.say(text);
  $("status").textContent = text;
  console.error(error);
}

/**
 * A line of news above the controls (another tab moved on, a file was opened); it stays until dismissed.
 * @param {string} text
 */
function showNotice(text) {
  $("notice-text").textContent = text;
  $("notice").hidden = false;
  announcer.say(text);
}

const queue = createQueue({ onError: reportError, trace: testMode });
const { enqueue } = queue;
// Test mode only: what keeps the page busy, for a browser test that finds it busy too long (tests/e2e/chaos.py).
if (testMode) /** @type {any} */ (globalThis).backgammonQueueOpen = queue.open;

await nextTask();
/** @type {import("./play/play.js").Play} */
let play; // made once the board is: the board's callbacks reach it
// The start board drawn into the page by build.py (web/board/start.svg, for the first frame) gives way to the live
// one, built in two tasks (halves of the 60 to 100 ms it took in one at a phone's speed) and put in its place whole.
const board = await createBoardInSteps($("board"), {
  view: startView(),
  interactive: false,
  orientation: preferences.orientation,
  showPips: preferences.showPips,
  animationMs: preferences.animationMs,
  perspective: 0,
  onMove: (move) => play.boardCallbacks.onMove(move),
  onUndo: () => play.boardCallbacks.onUndo(),
  onDiceClick: () => play.boardCallbacks.onDiceClick(),
  onCubeClick: () => play.boardCallbacks.onCubeClick(),
  onSelect: (loc) => play.boardCallbacks.onSelect(loc),
}, nextTask);
// The rest of the set-up is a task of its own.
await nextTask();

// A worker that fails is replaced and given the match back from its record (web/engine/engine.js); the request it
// had is then answered by the new one.
const engine = connectEngine({ record: () => local.current(), status: $("engine-status"), say: announcer.say, notice: showNotice, t });
const call = engine.call;
const isRulesError = (/** @type {unknown} */ error) => error instanceof ApiError;

const setStatus = (/** @type {string} */ text) => void ($("status").textContent = text);
/** The match in progress, kept in this browser's storage (web/match/local.js): play shows it unless another is. */
const local = openLocalMatch({
  call, isRulesError, storage, enqueue, t, report: (text) => (announcer.say(text), setStatus(text)),
  otherTab: () => closeWelcome(welcomeDialog), // the match chosen in the other tab is this one's
});

const home = bindHome({ namespace, analyses, holdIdle: queue.holdIdle, notice: showNotice, say: announcer.say, t });

/**
 * World class's helpers (web/play/think.js): a pool of engine workers the size a rollout's would be, started the first
 * time it thinks and kept while it goes on thinking (their start, seconds, is paid once a match), closed after
 * HELPERS_IDLE_MS without a decision. None on a device with a single core: they would only take turns with play's
 * worker.
 */
const helpers = poolKeptWhileUsed(() => createPool(poolSize(deviceFacts())), HELPERS_IDLE_MS);
function thinkingHelpers() {
  const facts = deviceFacts();
  return !facts.asked && facts.cores === 1 ? null : helpers();
}

play = createPlay({
  board,
  call,
  isRulesError,
  engineReady: engine.isReady,
  queue,
  say: announcer.say,
  notice: showNotice,
  setStatus,
  local,
  preferences: () => preferences,
  matchOver: (record, view) => {
    void home.addToHistory(record, view);
    if ("remote" in view) void online.matchOver();
  },
  closeOtherMode: () => leaveMode(false),
  message,
  helpers: thinkingHelpers,
});

/**
 * Play a friend on another device (web/remote/friends.js), loaded on first use: the button, a link in the address,
 * or a match this tab showed before a reload.
 * @type {import("./remote/friends.js").Friends | null}
 */
let friends = null;
async function friendsModule() {
  if (friends) return friends;
  const { createFriends } = await import("./remote/friends.js");
  friends ??= createFriends({
    namespace, call, isRulesError, enqueue: queue.enqueue, ask: queue.ask, play, rating: home.currentRating, say: announcer.say, notice: showNotice,
    message,
    saved: online.saved,
    lobbyWords: online.lobbyWords,
    tournamentOf: online.tournamentOf,
  });
  return friends;
}

/** A live match with a friend going on, said in the panel (web/remote/going-on.js): web/remote/ loaded if one is kept. */
async function tellLiveMatchKept() {
  const kept = await (await openKeyval(namespace)).keys(`${namespace}.remote.`).catch(() => []);
  if (kept.length > 0) await (await friendsModule()).tellGoingOn();
}

/**
 * *Play online…*: the lobby (web/lobby/: its relay pool and nostr-tools loaded on first use) or a friend. The lobby's
 * own modules are joined into the page's start, as the identity dialog is (see below).
 */
const online = createOnline({
  namespace, call, say: announcer.say, notice: showNotice, enqueue: queue.enqueue, friends: friendsModule,
  engineRestored: engine.onRestored,
  watch: (watched, subscribe) => void enqueue(async () => enterWatchMode(watched, subscribe)),
  review: ({ record, summary, name }) => void enqueue(() => enterReviewMode({ record, imported: { name, summary }, autostart: false })),
});

const files = bindFiles({
  call, isRulesError, enqueue, holdIdle: queue.holdIdle, say: announcer.say, storage, play, review: (what) => enterReviewMode({ ...what, autostart: false }),
  openTurn: (payload) => friendsModule().then((module) => void enqueue(() => module.openTurnLink(payload))),
});

// ---------------------------------------------------------------------------------------------------------------
// Modes: review and the position editor take the board and the panel; play waits meanwhile.

/**
 * *Your identity…* (web/lobby/; its keys and nostr-tools loaded on first use): a new identity takes the name last
 * given a friend. The dialog itself is joined into the page's start: loaded on first use, the modules it shares
 * with the page would go into files of their own that the start then fetches too (tests/e2e/test_startup.py).
 */
async function openIdentity() {
  const { rememberedName } = await import("./remote/store.js");
  await openIdentityDialog({ namespace, defaultName: rememberedName(), say: announcer.say });
}

/**
 * *Set up a position…*: the position editor (web/setup/setup.js, loaded on first use with its stylesheet), with the
 * paste field for an XGID or gnubg's IDs in its panel.
 */
async function enterSetupMode() {
  if (!document.querySelector("link[href='web/setup/setup.css']")) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: "web/setup/setup.css" }));
  }
  const { enterSetup } = await import("./setup/setup.js");
  leaveMode(false);
  play.suspend();
  mode = enterSetup({
    board, call, announcer, view: play.view(), playerName, rollDashed,
    rollout: { open: openRollout, close: closeRollout },
    done: (ids) => /** @type {Promise<void>} */ (enqueue(() => play.setUpPosition(ids, t("setup.positionSetUp")))),
    leave: () => leaveMode(),
  });
}

/**
 * Watch a match being played, met in the lobby (web/lobby/watch-mode.js): the board follows it, nothing is sent.
 * @param {import("./lobby/lobby.js").Watched} watched
 * @param {import("./lobby/watch-mode.js").WatchContext["subscribe"]} subscribe
 */
function enterWatchMode(watched, subscribe) {
  leaveMode(false);
  play.suspend();
  mode = enterWatch({
    board, call, announcer, subscribe, watched,
    describe: { scoreText: say.scoreText, statusText: say.statusText, playerName: say.playerName, diceText: say.diceText },
    leave: () => leaveMode(),
    review: ({ record, summary, name }) => void enqueue(() => enterReviewMode({ record, imported: { name, summary }, autostart: false })),
  });
}

/**
 * Review a match: the one in progress, or one opened from a file or a link (`imported`), beside it.
 * @param {{record: object | null, imported: {name: string, summary: Record<string, any>} | null, autostart: boolean}} what
 */
async function enterReviewMode({ record, imported, autostart }) {
  if (!record) return;
  const { enterReview } = await import("./review/review.js");
  const watched = await home.watchedAnalyses();
  leaveMode(false);
  play.suspend();
  reviewShown = { record, view: null };
  const shown = reviewShown;
  const reviewBoard = { ...board, set: (/** @type {any} */ config) => { if (config?.view) shown.view = config.view; board.set(config); } };
  rememberReviewed(imported ? { record, imported } : null);
  mode = enterReview({
    board: reviewBoard, call, announcer, analyses: watched, record, imported, autostart, current: imported ? null : play.view(),
    rollout: { open: openRollout, close: closeRollout, table: resultTable, cubeTable, verdictTable },
    pool: (options) => createPool(poolSize(deviceFacts()), undefined, options),
    playerName,
    failureDetail,
    depth: preferences.analysisDepth,
    setDepth: (depth) => void (preferences = changePreferences({ analysisDepth: checkDepth(depth) })),
    unit: preferences.reviewUnit,
    setUnit: (unit) => void (preferences = changePreferences({ reviewUnit: unit })),
    leave: () => leaveMode(),
    continueMatch: imported && !imported.summary?.finished ? () => void playOn(record) : null,
    showBackground: (percent) => {
      const button = $("review-button");
      button.textContent = percent === null ? t("menu.review") : t("menu.reviewAnalysing", { progress: decimal(percent, 0, { percent: true }) });
    },
  });
}

/** Back to play exactly where the match stood (`resume`: say so, and let the side to act act). */
function leaveMode(resume = true) {
  if (!mode) return;
  rememberReviewed(null);
  mode.exit();
  mode = null;
  play.resume();
  if (!resume) return;
  $("review-button").focus();
  announcer.say(`${t("play.backToMatch")} ${say.statusText(play.view())}`);
  play.scheduleAutomatic();
}

/** @param {object} imported the record of a match opened from a file */
async function playOn(imported) {
  const choice = await message({
    title: t("playon.title"),
    text: t("playon.text", { match: play.info() }),
    choices: [{ value: "play", label: t("playon.play") }, { value: "cancel", label: t("playon.keep") }],
  });
  if (choice === "play") enqueue(() => play.replaceMatch(imported, t("playon.done")));
}

// ---------------------------------------------------------------------------------------------------------------
// Share links (web/share.js, loaded on first use): the data rides in the URL fragment.

async function openShareDialog() {
  const share = await import("./share.js");
  const v = mode ? reviewShown.view ?? play.view() : play.view();
  const xgid = v.position_id ? (await call("position_xgid", xgidParams(v))).xgid : null;
  const record = mode ? reviewShown.record : local.current(); // the match in progress, also while a friend's is shown
  await share.openShareDialog({ xgid, record, inReview: Boolean(mode), announcer, openDialog, t });
}

/**
 * Open what a share link, another app or the system handed the page. Nothing is lost on a refusal: the message says
 * why, and the match in progress stays as it was.
 * @param {import("./share.js").Shared} shared
 */
async function openShared(shared) {
  try {
    if (shared.kind === "error") throw new ApiError("LinkError", shared.message);
    if (shared.kind === "position") {
      const ids = await call("read_position", { text: shared.text, gnubg_numbering: Boolean(shared.gnubgNumbering) });
      await play.setUpPosition(ids, t("link.positionStudy"), true);
    } else {
      const result = await call("read_record", { record: shared.record });
      await enterReviewMode({ record: result.record, imported: { name: t("link.sharedName"), summary: result.summary }, autostart: false });
    }
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const text = e.type === "LinkError" ? e.message : `${t("link.notOpened", { why: refusalText(e) })} ${t("link.unchanged")}`;
    void message({ title: t("message.linkNotOpened"), text });
    announcer.say(text);
  }
}

/** A share link in the address (at start, or pasted into this tab), text shared into the installed app, or files. */
async function openLinkInAddress() {
  const search = new URLSearchParams(location.search);
  const handed = search.has("launch") || search.has("shared") || search.has("shared-url") || search.has("shared-title");
  if (!handed && !/(^#|&)(position|match)=/.test(location.hash)) return;
  const shared = await (await import("./share.js")).takeFromAddress(files.openLaunchedFile, t);
  if (shared) await openShared(shared);
}

/**
 * Play a friend on another device from the address: an invitation to a live match (`#play=ROOM.SECRET`), its room
 * joined at once, or a correspondence turn link (`#v=1&turn=…`) taken into its match; web/remote/ loaded only then.
 * @returns {boolean} the address held one
 */
function openFriendLinkInAddress() {
  const hash = location.hash;
  if (/^#play=/.test(hash)) {
    void friendsModule().then(async (module) => {
      const { readInvitation } = await import("./remote/link.js");
      const invitation = readInvitation(hash);
      if (invitation) return void enqueue(() => module.openInvitation(invitation));
      const text = t("link.friendNotWhole");
      $("remote-status").hidden = false;
      $("remote-status").dataset.state = "closed";
      $("remote-status").textContent = text;
      announcer.say(text);
    });
    return true;
  }
  const turn = /^#v=1&turn=([A-Za-z0-9_-]+)$/.exec(hash);
  if (turn) {
    void friendsModule().then((module) => enqueue(() => module.openTurnLink(turn[1])));
    return true;
  }
  return false;
}

/**
 * A link to a tournament in the address (`#tournament=<address>`, nothing secret in it): the lobby opens with the
 * tournament's panel (web/lobby/tournaments.js says when the link is not whole, or the relays do not have it yet).
 * @returns {boolean} the address held one
 */
function openTournamentLinkInAddress() {
  const link = /^#tournament=(.*)$/.exec(location.hash);
  if (!link) return false;
  let address = link[1];
  try {
    address = decodeURIComponent(address);
  } catch {
    // Not decodable: the lobby says the link is not whole.
  }
  void online.openTournamentLink(address).catch((error) => reportError(error));
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// The welcome, preferences, buttons, keys, and the page's life

/** The first visit's welcome (web/home/welcome.js): each way in is a step of the page's queue. */
async function welcome() {
  await runWelcome(welcomeDialog, {
    last: lastMatchChoice(),
    hold: queue.holdIdle,
    playComputer: (match) => (rememberMatchChoice(match), enqueue(() => play.startMatch(match))),
    twoPlayers: () => enqueue(() => play.startMatch(DEFAULT_MATCH)),
    openFile: () => files.open(),
  });
}

async function openPreferencesDialog() {
  const { chosen, done } = await editPreferences(preferences, queue.ask);
  if (chosen) usePreferences(changePreferences(changesBetween(preferences, chosen)));
  done();
}

/**
 * Preferences changed here or in another tab take effect.
 * @param {import("./preferences.js").Preferences} next
 */
function usePreferences(next) {
  const language = next.language !== preferences.language;
  preferences = next;
  if (language) void showLanguage();
  /** @type {any} */ (globalThis).backgammonTheme?.set(preferences.theme); // web/theme-start.js
  showSoundChoice();
  play.render();
  play.scheduleAutomatic();
}
watchPreferences(usePreferences);

/** The sound preference at work, and on the quick Sound button (pressed: sound on). */
function showSoundChoice() {
  setSoundEnabled(preferences.sound);
  $("sound-button").setAttribute("aria-pressed", String(preferences.sound));
  $("sound-state").textContent = t(preferences.sound ? "menu.soundOn" : "menu.soundOff"); // seen; aria-pressed says it to assistive tools
}

/** The language chosen (or the device's) put in force: the page's words follow at once (web/i18n/). */
async function showLanguage() {
  const wanted = chooseLanguage(preferences.language, navigator.languages ?? [navigator.language]);
  if (wanted !== currentLanguage() || document.documentElement.lang !== wanted) await useLanguage(wanted);
  showSoundChoice();
  play.render();
}

$("controls").addEventListener("click", (event) => {
  const button = /** @type {HTMLElement} */ (event.target).closest("button[data-action]");
  if (button instanceof HTMLButtonElement && !button.disabled) play.buttonAction(button.dataset.action ?? "");
});
bindShortcuts((command) => (mode ? false : play.command(command))); // a mode has its own keys
$("notice-dismiss").addEventListener("click", () => void ($("notice").hidden = true));
/** The record of the match shown: the match in progress, or the match with a friend (its transcript inside). */
const shownRecord = () => play.match().record();
$("review-button").addEventListener("click", () => void enqueue(async () => enterReviewMode({ record: await shownRecord(), imported: null, autostart: false })));
$("result-analyse").addEventListener("click", () => void enqueue(async () => enterReviewMode({ record: await shownRecord(), imported: null, autostart: true })));
$("new-match-button").addEventListener("click", () => void play.newMatchDialog());
$("online-button").addEventListener("click", () => void online.openOnline());
void online.resume().catch(() => {}); // a lobby match by links goes on: its letters are heard
$("preferences-button").addEventListener("click", () => void openPreferencesDialog());
$("identity-button").addEventListener("click", () => void openIdentity());
$("sound-button").addEventListener("click", () => {
  preferences = changePreferences({ sound: !preferences.sound });
  showSoundChoice();
});
$("resign-button").addEventListener("click", () => void play.resignDialog());
$("setup-button").addEventListener("click", () => void enqueue(() => enterSetupMode()));
$("match-file-button").addEventListener("click", () => void files.open());
$("hint-button").addEventListener("click", () => void play.hint());
$("share-button").addEventListener("click", () => void openShareDialog());
bindCopyButtons(announcer.say, { t, changed: LANGUAGE_CHANGED });
showSoundChoice();
// The catalogue of a language other than English loads meanwhile; the first visit's welcome and the match wait
// for it (below), so that nothing is shown in English first, though not for ever: a link that holds the catalogue
// back leaves the page in English until it arrives.
const LANGUAGE_WAIT_MS = 4000;
const languageInForce = chooseLanguage(preferences.language, navigator.languages ?? []) !== "en"
  ? Promise.race([showLanguage().catch(reportError), pause(LANGUAGE_WAIT_MS)])
  : Promise.resolve();

// The device asking for less motion (or no longer) while the page is open: an automatic animation speed follows.
matchMedia("(prefers-reduced-motion: reduce)").addEventListener("change", () => {
  preferences = normalizePreferences({ ...preferences });
  play.render();
});

// A page restored from the back/forward cache, or unfrozen after long in the background, may have missed what
// another tab saved meanwhile (storage events do not reach a frozen page): look again.
window.addEventListener("pageshow", (event) => {
  if (!event.persisted) return;
  void local.catchUp();
  root.dataset.restoredFromCache = String(Number(root.dataset.restoredFromCache ?? 0) + 1);
});
document.addEventListener("resume", () => void local.catchUp());
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") void local.catchUp();
});
addEventListener("hashchange", () => {
  if (openFriendLinkInAddress() || openTournamentLinkInAddress()) return;
  void enqueue(() => openLinkInAddress());
});
window.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  reportError(event.reason);
});

// ---------------------------------------------------------------------------------------------------------------
// Start: the board is already drawn; Python loads in the worker meanwhile.

const friendLink = openFriendLinkInAddress() || openTournamentLinkInAddress();
await nextTask();
play.render();
if (testMode) root.dataset.testMode = "true";
enqueue(async () => {
  await languageInForce;
  await play.restore({
    // A first visit: the welcome opens over the board at once; the default match waits behind it, saved only
    // once the player has chosen.
    firstVisit: () => {
      const wanted = welcomeWanted({ empty: true, url: new URL(location.href) });
      if (wanted) void welcome();
      return wanted;
    },
  });
});
enqueue(() => openLinkInAddress());
// A match from a file or a link that this tab was reviewing before a reload is reviewed again (not over a link).
const reviewed = reviewedBefore();
if (reviewed && !friendLink && !/(^#|&)(position|match)=/.test(location.hash)) {
  enqueue(async () => {
    if (!mode) await enterReviewMode({ ...reviewed, autostart: false });
  });
}
// A match with a friend that this tab showed before a reload is shown again; else a live match kept here that goes on
// (another tab's, or no tab's) is said above the player's own match, with a way to open it.
if (!friendLink && sessionStorage.getItem("backgammon.remote.shown")) void friendsModule().then((module) => enqueue(() => module.resumeShown()));
else if (!friendLink) enqueue(() => tellLiveMatchKept());
// The offline copy and the offer of a new version (web/pwa.js) once the page has started, not among its first tasks.
void loadOfflineAppLater().catch((error) => console.warn("offline copy not available:", error));
