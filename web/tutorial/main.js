// @ts-check
/**
 * Controller of the rules tutorial: lesson from the address → Python (`lesson_*` methods of
 * backgammon.api) → board and text; the learner's tries go back to Python, which judges them with the
 * rules core. No rule is decided here.
 */
import { createBoard } from "../board/board.js";
import { createEngine } from "../engine/engine.js";
import { renderMenu } from "./menu.js";
import { readMode } from "./mode.js";
import { createProgress } from "./progress.js";

/**
 * @typedef {import("../board/geometry.js").Loc} Loc
 * @typedef {{kind: string, text: string, rule: string | null}} Feedback
 * @typedef {{id: string, title: string, topic: string, kind: string, text: string[], task: string,
 *   choices: string[], index: number, count: number, previous: string | null, next: string | null,
 *   can_show: boolean}} LessonData
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
/** @type {{id: string, title: string, topic: string, kind: string}[]} */
let lessons = [];
let done = false;
let busy = 0;
/** Answers applied so far: lets tests (and anyone watching) wait for the reply to an action. */
let answers = 0;

// A worker that fails is replaced (web/engine/engine.js); the lesson then starts again on the new one.
const engine = createEngine({
  restore: async (restoredCall) => {
    if (lesson) apply(await restoredCall("lesson_start", { id: lesson.id }));
  },
  onBack: () => say("The tutorial's engine stopped and was started again: this lesson starts afresh.", "hint"),
  onGiveUp: (error) => say(`The tutorial's engine stopped (${error.message}). Reload the page to go on.`, "error"),
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
 * @param {string} text
 * @param {string} kind
 */
function say(text, kind) {
  const el = byId("feedback");
  el.textContent = text;
  el.dataset.kind = kind;
}

/** The board may only be played on while a checker task is open. */
function boardInteractive() {
  return !!lesson && lesson.kind !== "choice" && !done;
}

/** @param {LessonAnswer} answer */
function apply(answer) {
  done = answer.done;
  // The board lights the legal destinations alone and accepts the other tries, which the lesson answers with the rule.
  if (board) board.set({ view: answer.view, tries: answer.view.tries ?? {}, highlights: [], arrows: [], interactive: boardInteractive() });
  const undo = /** @type {HTMLButtonElement} */ (byId("btn-undo"));
  undo.disabled = done || !answer.view.can_undo;
  if (answer.feedback) say(answer.feedback.text, answer.feedback.kind);
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
  renderMenu(/** @type {HTMLOListElement} */ (byId("menu-list")), lessons, progress.isDone, lesson?.id ?? null);
  byId("progress-count").textContent = `(${lessons.filter((l) => progress.isDone(l.id)).length}/${lessons.length} done)`;
}

/** @param {LessonData} data */
function renderLesson(data) {
  lesson = data;
  document.title = `${data.title} — Backgammon rules tutorial`;
  byId("lesson-topic").textContent = data.topic;
  byId("lesson-title").textContent = data.title;
  byId("lesson-text").replaceChildren(
    ...data.text.map((paragraph) => {
      const p = document.createElement("p");
      p.textContent = paragraph;
      return p;
    }),
  );
  const task = byId("lesson-task");
  task.textContent = data.task;
  task.classList.remove("done");
  const choices = byId("choices");
  choices.replaceChildren(
    ...data.choices.map((label, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = label;
      button.dataset.index = String(index);
      button.addEventListener("click", () => choose(index));
      return button;
    }),
  );
  choices.hidden = data.kind !== "choice";
  byId("btn-pass").hidden = data.kind !== "pass";
  byId("btn-undo").hidden = data.kind === "choice";
  byId("btn-restart").hidden = data.kind === "choice";
  byId("lesson-count").textContent = `Lesson ${data.index + 1} of ${data.count}`;
  /** @type {HTMLAnchorElement} */ (byId("open-full")).href = `tutorial.html#${data.id}`;
  pager("btn-prev", data.previous);
  pager("btn-next", data.next);
  say("", "none");
  refreshMenu();
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
      view: answer.view,
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
  say(answer.text, "hint");
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
  say(`Something went wrong: ${error instanceof Error ? error.message : String(error)}`, "error");
  console.error(error);
}

async function start() {
  await engine.ready;
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
