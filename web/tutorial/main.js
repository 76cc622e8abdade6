// @ts-check
/**
 * Controller of the rules tutorial: lesson from the address → Python (`lesson_*` methods of
 * backgammon.api) → board and text; the learner's tries go back to Python, which judges them with the
 * rules core. No rule is decided here.
 */
import { createBoard } from "../board/board.js";
import { createEngine } from "../engine/engine.js";
import { failureText } from "../engine/page-engine.js";
import { LANGUAGE_CHANGED, currentLanguage, message, t, useLanguage } from "../i18n/i18n.js";
import { renderMenu } from "./menu.js";
import { readMode } from "./mode.js";
import { createProgress } from "./progress.js";
import { saidText, tr, tutorialLanguage } from "./words.js";

/**
 * @typedef {import("../board/geometry.js").Loc} Loc
 * @typedef {{kind: string, text: string, words?: string[], rule: string | null}} Feedback
 * @typedef {{title: string, topic: string}} SummaryWords  the ids of a lesson's title and topic
 * @typedef {{id: string, title: string, topic: string, kind: string, words: SummaryWords}} LessonSummary
 * @typedef {SummaryWords & {text: string[], task: string, choices: string[]}} LessonWords
 * @typedef {{id: string, title: string, topic: string, kind: string, words: LessonWords, text: string[],
 *   task: string, choices: string[], index: number, count: number, previous: string | null,
 *   next: string | null, can_show: boolean}} LessonData
 * @typedef {{view: any, feedback: Feedback | null, done: boolean, lesson?: LessonData,
 *   answer?: {moves?: {from: Loc, to: Loc}[], choice?: number, pass?: boolean}}} LessonAnswer
 */

const ANIMATION_MS = 350;

/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const mode = readMode(window.location);
document.body.classList.toggle("embed", mode.embed);
if (mode.embed) for (const el of document.querySelectorAll("[data-site-only]")) el.remove();
for (const el of document.querySelectorAll(".embed-only")) /** @type {HTMLElement} */ (el).hidden = !mode.embed;
const progress = createProgress({ persist: !mode.embed });
// The offline copy (service worker) is installed by the site's own pages; a page embedding a lesson
// gets the lesson and nothing else.
if (!mode.embed) import("../pwa.js").catch((error) => console.warn("offline copy not available:", error));

/** @type {ReturnType<typeof createBoard> | null} */
let board = null;
/** @type {LessonData | null} */
let lesson = null;
/** @type {LessonSummary[]} */
let lessons = [];
/** The lesson's position as Python last gave it: drawn again, in the new words, on a switch of language. */
let view = /** @type {any} */ (null);
/** What the feedback line says, as a function: a switch of language says it again. */
let feedback = () => "";
let done = false;
let busy = 0;
/** Answers applied so far: lets tests (and anyone watching) wait for the reply to an action. */
let answers = 0;

// A worker that fails is replaced (web/engine/engine.js); the lesson then starts again on the new one.
const engine = createEngine({
  restore: async (restoredCall) => {
    if (lesson) apply(await restoredCall("lesson_start", { id: lesson.id }));
  },
  onBack: () => say(() => tr("tutorial.engineBack"), "hint"),
  onGiveUp: (error) => say(() => tr("tutorial.engineGaveUp", { reason: failureText(t, error) }), "error"),
});

/**
 * One call to Python. It rejects with a BridgeError (type + plain message) on failure (web/engine/engine.js).
 * @type {import("../types.js").Call}
 */
async function call(method, params = {}) {
  busy += 1;
  document.documentElement.dataset.busy = "1";
  try {
    return await engine.call(method, params);
  } finally {
    busy -= 1;
    if (busy === 0) delete document.documentElement.dataset.busy;
  }
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {() => string} words  what to say, in the language in force
 * @param {string} kind
 */
function say(words, kind) {
  const el = byId("feedback");
  feedback = words;
  el.textContent = words();
  el.dataset.kind = kind;
}

/**
 * The lesson board's view in the language in force: its places named from the learner's side (the board's
 * own names would say the checkers' colours), its players and the cube's note.
 * @param {any} lessonView
 */
function withWords(lessonView) {
  /** @type {Record<string, string>} */
  const labels = {};
  lessonView.board.points.forEach((/** @type {number} */ count, /** @type {number} */ index) => {
    const point = index + 1;
    labels[String(point)] =
      count > 0
        ? tr("tutorial.pointMine", { point, n: count })
        : count < 0
          ? tr("tutorial.pointTheirs", { point, n: -count })
          : tr("tutorial.pointEmpty", { point });
  });
  // The learner is player 0: the first of each pair.
  labels.bar = tr("tutorial.bar", { n: lessonView.board.bar[0] });
  labels.off = tr("tutorial.off", { n: lessonView.board.off[0] });
  const names = [message("session.you"), message("session.opponent")];
  return {
    ...lessonView,
    labels,
    players: lessonView.players.map((/** @type {{name: string}} */ p, /** @type {number} */ i) => ({ ...p, name: names[i] })),
    cube: { ...lessonView.cube, why_not_text: message("session.cubeUnused") },
  };
}

/** The board may only be played on while a checker task is open. */
function boardInteractive() {
  return !!lesson && lesson.kind !== "choice" && !done;
}

/** @param {LessonAnswer} answer */
function apply(answer) {
  done = answer.done;
  view = answer.view;
  // The board lights the legal destinations alone and accepts the other tries, which the lesson answers with the rule.
  if (board) board.set({ view: withWords(view), tries: view.tries ?? {}, highlights: [], arrows: [], interactive: boardInteractive() });
  const undo = /** @type {HTMLButtonElement} */ (byId("btn-undo"));
  undo.disabled = done || !view.can_undo;
  const said = answer.feedback;
  if (said) say(() => saidText(said), said.kind);
  if (answer.feedback?.rule) byId("feedback").dataset.rule = answer.feedback.rule;
  else delete byId("feedback").dataset.rule;
  if (done && lesson) {
    progress.markDone(lesson.id);
    byId("lesson-task").classList.add("done");
    for (const button of byId("choices").querySelectorAll("button")) button.disabled = true;
    refreshMenu();
    byId("btn-next").focus({ preventScroll: true });
  }
  document.documentElement.dataset.lessonDone = done ? "1" : "0";
  document.documentElement.dataset.answers = String(++answers);
}

function refreshMenu() {
  const shown = lessons.map((l) => ({ ...l, title: message(l.words.title), topic: message(l.words.topic) }));
  renderMenu(/** @type {HTMLOListElement} */ (byId("menu-list")), shown, progress.isDone, lesson?.id ?? null, tr("tutorial.finished"));
  const done = lessons.filter((l) => progress.isDone(l.id)).length;
  byId("progress-count").textContent = tr("tutorial.doneCount", { done, count: lessons.length });
}

/** @param {LessonData} data */
function renderLesson(data) {
  lesson = data;
  const choices = byId("choices");
  choices.replaceChildren(
    ...data.choices.map((_, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.index = String(index);
      button.addEventListener("click", () => choose(index));
      return button;
    }),
  );
  choices.hidden = data.kind !== "choice";
  byId("lesson-task").classList.remove("done");
  byId("btn-pass").hidden = data.kind !== "pass";
  byId("btn-undo").hidden = data.kind === "choice";
  byId("btn-restart").hidden = data.kind === "choice";
  /** @type {HTMLAnchorElement} */ (byId("open-full")).href = `tutorial.html#${data.id}`;
  pager("btn-prev", data.previous);
  pager("btn-next", data.next);
  writeLesson(data);
  say(() => "", "none");
  refreshMenu();
}

/**
 * A lesson's words, in the language in force.
 * @param {LessonData} data
 */
function writeLesson(data) {
  const words = data.words;
  const title = message(words.title);
  // The page's own title and heading until a lesson is shown; the lesson's from then on.
  for (const el of [byId("lesson-title"), document.querySelector("title")]) delete el?.dataset.i18n;
  document.title = tr("tutorial.lessonTitle", { title });
  byId("lesson-topic").textContent = message(words.topic);
  byId("lesson-title").textContent = title;
  byId("lesson-text").replaceChildren(
    ...words.text.map((id) => {
      const p = document.createElement("p");
      p.textContent = message(id);
      return p;
    }),
  );
  const task = byId("lesson-task");
  task.textContent = message(words.task);
  task.dataset.done = tr("tutorial.done");
  for (const button of byId("choices").querySelectorAll("button")) {
    button.textContent = message(words.choices[Number(/** @type {HTMLElement} */ (button).dataset.index)]);
  }
  byId("lesson-count").textContent = tr("tutorial.count", { n: data.index + 1, count: data.count });
}

/** A switch of language: the lesson, the menu, the feedback and the board's places say it all again. */
function rewrite() {
  if (!lesson) return;
  writeLesson(lesson);
  refreshMenu();
  byId("feedback").textContent = feedback();
  if (board && view) board.set({ view: withWords(view) });
}

/**
 * @param {string} id
 * @param {string | null} target
 */
function pager(id, target) {
  const link = /** @type {HTMLAnchorElement} */ (byId(id));
  link.hidden = target === null;
  link.href = target ? `#${target}` : "#";
}

/** @param {string} id */
async function openLesson(id) {
  /** @type {LessonAnswer} */
  let answer;
  try {
    answer = await call("lesson_start", { id });
  } catch {
    answer = await call("lesson_start", { id: lessons[0].id });
  }
  if (!answer.lesson) return;
  const changed = answer.lesson.id !== lesson?.id;
  renderLesson(answer.lesson);
  if (!mode.embed) progress.setLast(answer.lesson.id);
  // A new lesson gets a board of its own: a checker still gliding on the last lesson's board must not
  // land on this one.
  if (board && changed) {
    board.destroy();
    board = null;
  }
  if (!board) {
    board = createBoard(byId("board"), {
      view: withWords(answer.view),
      tries: answer.view.tries ?? {},
      orientation: "right",
      interactive: false,
      animationMs: matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : ANIMATION_MS, // less motion asked: none
      highlights: [],
      onMove: (/** @type {{from: Loc, to: Loc}} */ move) => void tryMove(move),
      onUndo: () => void run("lesson_undo"),
    });
  }
  apply(answer);
  // On a wide page the menu stays open beside the lesson; on a phone or in a frame it folds away.
  const menu = byId("menu");
  if (!mode.embed && window.matchMedia("(min-width: 44rem)").matches) menu.setAttribute("open", "");
  else menu.removeAttribute("open");
  document.documentElement.dataset.lesson = answer.lesson.id;
  // Every lesson has its own address; replace rather than push so Back leaves the tutorial as expected.
  if (window.location.hash !== `#${answer.lesson.id}`) {
    history.replaceState(null, "", `${window.location.pathname}${window.location.search}#${answer.lesson.id}`);
  }
}

/** @param {{from: Loc, to: Loc}} move */
async function tryMove(move) {
  if (!boardInteractive()) return;
  apply(await call("lesson_move", { from: move.from, to: move.to }));
}

/** @param {"lesson_undo" | "lesson_restart" | "lesson_pass"} method */
async function run(method) {
  apply(await call(method));
}

/** @param {number} index */
async function choose(index) {
  const answer = await call("lesson_choose", { index });
  const button = byId("choices").querySelector(`button[data-index="${index}"]`);
  button?.classList.add(answer.feedback?.kind === "done" ? "right" : "wrong");
  apply(answer);
}

async function hint() {
  const answer = await call("lesson_hint");
  say(() => saidText(answer), "hint");
  const [from, to] = answer.highlights;
  if (board && answer.highlights.length) board.set({ highlights: answer.highlights, arrows: [{ from, to }] });
}

/** "Show me": start the lesson again and play a correct answer, one animated move at a time. */
async function showMe() {
  /** @type {LessonAnswer} */
  const answer = await call("lesson_show");
  apply(answer);
  const solution = answer.answer ?? {};
  if (solution.choice !== undefined) {
    await choose(solution.choice);
  } else if (solution.pass) {
    await sleep(ANIMATION_MS);
    apply(await call("lesson_pass"));
  } else {
    for (const move of solution.moves ?? []) {
      await sleep(ANIMATION_MS / 2);
      if (board) await board.animateMove({ from: move.from, to: move.to, player: 0 });
      apply(await call("lesson_move", move));
    }
  }
}

/** @param {string} id @param {() => Promise<void>} action */
function onClick(id, action) {
  byId(id).addEventListener("click", () => {
    action().catch(fail);
  });
}

/** @param {unknown} error */
function fail(error) {
  const reason = error instanceof Error ? error.message : String(error);
  say(() => tr("tutorial.failed", { reason }), "error");
  console.error(error);
}

/** The language the site's preference (or an embedding page's `?lang=`) asks for, put in force. */
async function showLanguage() {
  const wanted = tutorialLanguage();
  if (wanted !== currentLanguage()) await useLanguage(wanted);
}

async function start() {
  document.addEventListener(LANGUAGE_CHANGED, rewrite);
  // Another tab of the site changing the language (web/theme-start.js sets `<html lang>` anew): the tutorial follows.
  const follow = () => void showLanguage().catch(fail);
  new MutationObserver(follow).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  await Promise.all([engine.ready, showLanguage()]);
  lessons = (await call("lesson_list")).lessons;
  onClick("btn-undo", () => run("lesson_undo"));
  onClick("btn-restart", () => run("lesson_restart"));
  onClick("btn-pass", () => run("lesson_pass"));
  onClick("btn-hint", hint);
  onClick("btn-show", showMe);
  window.addEventListener("hashchange", () => {
    const id = readMode(window.location).lessonId;
    if (id && id !== lesson?.id) openLesson(id).catch(fail);
  });
  const first = mode.lessonId ?? (mode.embed ? null : progress.last()) ?? lessons[0].id;
  await openLesson(first);
  document.documentElement.dataset.state = "ready";
}

start().catch((error) => {
  document.documentElement.dataset.state = "error";
  fail(error);
});
