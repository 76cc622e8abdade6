// @ts-check
/**
 * The position editor: the same board, used to place checkers, with a panel for who is on roll, the dice, the cube,
 * the match length, the score and the Crawford game (in a money session: the Jacoby rule and beavers), and a double
 * offered by the player on roll, waiting for the other's answer. Entered with `enterSetup(context)`, left with the handle's
 * `exit()`. It owns #setup-panel, clicks and keys on the board's points while it is on, and the `check_position`
 * calls: the rules core checks every change and says what is wrong, or gives the position's XGID, Position ID and
 * Match ID (shown in the panel); Done hands the checked IDs to the page. A pasted XGID, `POSITION_ID:MATCH_ID` or
 * Position ID alone (the checkers only) is read by the core (`read_position`) into the editor.
 *
 * Mouse: a click on a point, the bar or the tray adds a checker of the chosen colour (from that colour's tray);
 * with "Click removes" chosen, or with Shift, it takes one off the point (back to the tray). Mouse or finger: a checker
 * dragged from a point, the bar or the tray to another place moves there (to the tray: borne off); the board's own
 * drag (web/board/board.js `onEditDrop`) carries it. Keyboard: the board's
 * points are focused with Tab and the arrow keys; Enter or Space does what a click does, + adds, - or Delete removes,
 * W / B choose the colour; Escape cancels.
 */

import { MAX_POSITION_CHARS, sizeText } from "../limits.js";

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const root = document.documentElement;
const CHECKERS = 15;
const START = [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2];

/**
 * @typedef {object} SetupContext
 * @property {{set: (config: object) => void}} board  web/board/board.js's board
 * @property {import("../types.js").Call} call  a worker method (rules errors reject)
 * @property {{say: (text: string) => void}} announcer
 * @property {Record<string, any>} view  the position to start from (the match in progress)
 * @property {(ids: {position_id: string, match_id: string, settings?: object}) => Promise<void>} done  play from the
 *   checked position (`settings`: a money session's rules that the IDs do not hold: beavers)
 * @property {() => void} leave  the player cancelled
 */

/**
 * @param {SetupContext} ctx
 * @returns {{exit: () => void}}
 */
export function enterSetup(ctx) {
  const { board, announcer } = ctx;
  const names = [0, 1].map((p) => ctx.view.players?.[p]?.name || (p ? "Black" : "White"));
  const panel = $("setup-panel");
  const form = /** @type {HTMLFormElement} */ ($("setup-editor"));
  const problemsList = $("setup-problems");
  const pasteField = /** @type {HTMLInputElement} */ ($("setup-paste"));
  const pasteError = $("setup-paste-error");
  const idFields = { xgid: $("setup-xgid"), position_id: $("setup-position-id"), match_id: $("setup-match-id") };
  const doneButton = /** @type {HTMLButtonElement} */ ($("setup-done"));
  const refusedLine = $("setup-refused");
  const field = (/** @type {string} */ name) => /** @type {HTMLInputElement | HTMLSelectElement} */ (form.elements.namedItem(name));
  /** @type {Array<() => void>} */
  const unbinds = [];
  /** @param {EventTarget} target @param {string} type @param {(event: any) => void} fn @param {boolean} [capture] */
  function listen(target, type, fn, capture = false) {
    target.addEventListener(type, fn, capture);
    unbinds.push(() => target.removeEventListener(type, fn, capture));
  }

  // The state being edited: points signed as in the view (+ player 0), the bars; the rest is borne off.
  const start = ctx.view.board ?? { points: START, bar: [0, 0] };
  let points = [...(start.points ?? START)];
  let bar = [...(start.bar ?? [0, 0])];
  /** @type {{ok: boolean, problems: string[], position_id?: string, match_id?: string, xgid?: string} | null} */
  let checked = null;
  let checking = 0;
  /** Why the last tap or drop changed nothing, shown until the next change (the next check). */
  let refused = "";
  pasteField.value = "";
  pasteError.textContent = "";

  for (const [index, name] of names.entries()) {
    for (const el of form.querySelectorAll(`[data-name="${index}"]`)) el.textContent = name;
  }
  field("turn").value = String(ctx.view.turn ?? 0);
  const dice = Array.isArray(ctx.view.dice) && ctx.view.dice.length === 2 && ctx.view.phase === "move" ? ctx.view.dice : [0, 0];
  field("die1").value = String(dice[0]);
  field("die2").value = String(dice[1] || 1);
  field("cube_value").value = String(ctx.view.cube?.value ?? 1);
  field("cube_owner").value = ctx.view.cube?.owner === 0 || ctx.view.cube?.owner === 1 ? String(ctx.view.cube.owner) : "";
  field("match_length").value = String(ctx.view.settings?.match_length ?? 0);
  field("score0").value = String(ctx.view.score?.[0] ?? 0);
  field("score1").value = String(ctx.view.score?.[1] ?? 0);
  /** @type {HTMLInputElement} */ (field("crawford")).checked = Boolean(ctx.view.crawford_game);
  const box = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (field(name));
  box("jacoby").checked = Boolean(ctx.view.settings?.jacoby);
  box("beavers").checked = Boolean(ctx.view.settings?.beavers);
  box("doubled").checked = ctx.view.phase === "doubled";

  root.dataset.mode = "setup";
  board.set({ onEditDrop: moveChecker });
  panel.hidden = false;
  $("play-panel").hidden = true;

  const colour = () => (/** @type {HTMLInputElement} */ (form.querySelector("input[name=colour]:checked"))?.value === "1" ? 1 : 0);
  const removing = () => /** @type {HTMLInputElement} */ (form.querySelector("input[name=tool]:checked"))?.value === "remove";
  const onBoard = (/** @type {number} */ p) => points.reduce((n, c) => n + (p === 0 ? Math.max(c, 0) : Math.max(-c, 0)), 0) + bar[p];
  const off = (/** @type {number} */ p) => CHECKERS - onBoard(p);

  function params() {
    const doubled = box("doubled").checked;
    const die1 = doubled ? 0 : Number(field("die1").value); // a double comes before the roll
    const length = Math.max(0, Math.min(25, Math.trunc(Number(field("match_length").value) || 0)));
    return {
      points, bar, names,
      turn: Number(field("turn").value) === 1 ? 1 : 0,
      dice: die1 ? [die1, Number(field("die2").value)] : [0, 0],
      cube_value: Number(field("cube_value").value),
      cube_owner: field("cube_owner").value === "" ? null : Number(field("cube_owner").value),
      match_length: length,
      score: [Math.max(0, Math.trunc(Number(field("score0").value) || 0)), Math.max(0, Math.trunc(Number(field("score1").value) || 0))],
      // Each rule where it applies: the Crawford game in a match, the Jacoby rule and beavers in money play.
      crawford: length > 0 && box("crawford").checked,
      jacoby: length === 0 && box("jacoby").checked,
      beavers: length === 0 && box("beavers").checked,
      doubled,
    };
  }

  /** @param {number | string} loc */
  function describe(loc) {
    if (loc === "bar") return `Bar: ${bar[0]} ${names[0]}, ${bar[1]} ${names[1]}`;
    if (loc === "off") return `Borne off: ${Math.max(off(0), 0)} ${names[0]}, ${Math.max(off(1), 0)} ${names[1]}`;
    const n = points[Number(loc) - 1];
    return `Point ${loc}: ${n ? `${Math.abs(n)} ${names[n > 0 ? 0 : 1]}` : "empty"}`;
  }

  function draw() {
    const p = params();
    field("die1").disabled = p.doubled;
    field("die2").disabled = p.dice[0] === 0; // no second die before the roll
    $("setup-match-rules").hidden = p.match_length === 0;
    $("setup-money-rules").hidden = p.match_length > 0;
    $("setup-doubled-text").textContent = `${names[p.turn]} has doubled: ${names[1 - p.turn]} to take or drop`;
    const offered = p.doubled ? p.turn : null;
    /** @type {Record<string, string>} */
    const labels = { bar: describe("bar"), off: describe("off") };
    for (let i = 1; i <= 24; i += 1) labels[String(i)] = describe(i);
    const rolled = p.dice[0] > 0;
    board.set({
      interactive: false,
      arrows: [],
      highlights: [],
      view: {
        players: ctx.view.players,
        settings: { ...(ctx.view.settings ?? {}), match_length: p.match_length, jacoby: p.jacoby, beavers: p.beavers },
        board: { points, bar, off: [Math.max(off(0), 0), Math.max(off(1), 0)] },
        turn: p.turn, decision: p.doubled ? 1 - p.turn : p.turn, phase: p.doubled ? "doubled" : rolled ? "move" : "roll",
        dice: rolled ? p.dice : [], dice_remaining: rolled ? p.dice : [], opponent_dice: [], moves_made: [], dests: {},
        can_undo: false, can_confirm: false, score: p.score, crawford_game: p.crawford,
        cube: { value: p.cube_value, owner: p.cube_owner, may_double: false, offered_by: offered, offered_value: p.cube_value * 2, dead: false },
        labels,
      },
    });
  }

  /** Ask the rules core about the position as it is now; show what is wrong, or its XGID. */
  async function check() {
    draw();
    const mine = (checking += 1);
    const refusal = refused;
    refused = "";
    // Said on screen as well as to the screen reader, at once (the check is not awaited for it); it lies outside
    // the status region so that it is not read twice.
    refusedLine.textContent = refusal;
    refusedLine.hidden = !refusal;
    root.dataset.setupCheck = "checking";
    let answer;
    try {
      answer = await ctx.call("check_position", params());
    } catch (e) {
      answer = { ok: false, problems: [e instanceof Error ? e.message : String(e)] };
    }
    if (mine !== checking) return;
    checked = answer;
    for (const [name, code] of Object.entries(idFields)) code.textContent = (answer.ok && answer[name]) || "—";
    // "Ready" would contradict a refusal shown beside it: the position is as it was, and the next edit says so.
    const lines = answer.ok ? (refusal ? [] : ["The position is ready to play."]) : answer.problems;
    problemsList.replaceChildren(
      ...lines.map((/** @type {string} */ text) => {
        const item = document.createElement("li");
        item.textContent = text;
        return item;
      }),
    );
    problemsList.classList.toggle("ok", answer.ok);
    doneButton.disabled = !answer.ok;
    root.dataset.setupCheck = answer.ok ? "ok" : "problems";
  }

  /**
   * Add (or take away) one checker of the chosen colour at a place; says what it did or why not.
   * @param {number | string} loc @param {boolean} remove
   */
  function edit(loc, remove) {
    const player = colour();
    const sign = player === 0 ? 1 : -1;
    let said = "";
    if (loc === "off") {
      said = `${describe("off")}. Checkers not on the board are borne off: take one away from a point to bear it off.`;
    } else if (loc === "bar") {
      if (remove) {
        if (bar[player] === 0) said = `No ${names[player]} checker on the bar.`;
        else bar[player] -= 1;
      } else if (off(player) <= 0) said = `All ${CHECKERS} ${names[player]} checkers are in play: take one away first.`;
      else bar[player] += 1;
    } else {
      const i = Number(loc) - 1;
      const n = points[i];
      if (remove) {
        if (n === 0) said = `Point ${loc} is empty.`;
        else points[i] = n - Math.sign(n);
      } else if (n * sign < 0) {
        said = `Point ${loc} holds ${names[1 - player]} checkers: take them away first (both colours cannot share a point).`;
      } else if (off(player) <= 0) {
        said = `All ${CHECKERS} ${names[player]} checkers are in play: take one away first.`;
      } else points[i] = n + sign;
    }
    announcer.say(said || describe(loc));
    refused = said;
    void check();
  }

  /**
   * A checker dragged from one place to another (web/board/board.js `onEditDrop`): moved if it may go there.
   * @param {{player: number, from: number | string, to: number | string}} drop @returns {boolean}
   */
  function moveChecker({ player, from, to }) {
    const sign = player === 0 ? 1 : -1;
    const where = (/** @type {number | string} */ loc) => (loc === "bar" ? "the bar" : loc === "off" ? "the tray" : `point ${loc}`);
    if (typeof to === "number" && points[to - 1] * sign < 0) {
      refused = `Point ${to} holds ${names[1 - player]} checkers: take them away first (both colours cannot share a point).`;
      announcer.say(refused);
      void check();
      return false;
    }
    if (from === "bar") bar[player] -= 1;
    else if (typeof from === "number") points[from - 1] -= sign;
    if (to === "bar") bar[player] += 1;
    else if (typeof to === "number") points[to - 1] += sign;
    const what = to === "off" ? `${names[player]} checker borne off from ${where(from)}` : `${names[player]} checker moved from ${where(from)} to ${where(to)}`;
    announcer.say(`${what}. ${describe(to === "off" ? from : to)}`);
    void check();
    return true;
  }

  /**
   * Fill the editor from the rules core's reading of a pasted position (`read_position`'s `state`); a Position ID
   * alone sets the checkers only.
   * @param {Record<string, any>} state @param {boolean} checkersOnly
   */
  function load(state, checkersOnly) {
    points = [...state.points];
    bar = [...state.bar];
    if (checkersOnly) return;
    field("turn").value = String(state.turn);
    field("die1").value = String(state.dice[0]);
    field("die2").value = String(state.dice[1] || 1);
    const cube = /** @type {HTMLSelectElement} */ (field("cube_value"));
    if (![...cube.options].some((option) => option.value === String(state.cube_value))) cube.add(new Option(String(state.cube_value)));
    cube.value = String(state.cube_value);
    field("cube_owner").value = state.cube_owner === null ? "" : String(state.cube_owner);
    field("match_length").value = String(state.match_length);
    field("score0").value = String(state.score[0]);
    field("score1").value = String(state.score[1]);
    box("crawford").checked = Boolean(state.crawford);
    box("jacoby").checked = Boolean(state.jacoby);
    box("beavers").checked = Boolean(state.beavers);
    box("doubled").checked = Boolean(state.doubled);
  }

  /** Read the pasted text into the editor, or say in the field what is wrong with it. */
  async function readPasted() {
    const text = pasteField.value.trim();
    if (!text) {
      pasteError.textContent = "Paste an XGID, or a GNU Backgammon Position ID (and Match ID), first.";
      return;
    }
    pasteError.textContent = "";
    if (text.length > MAX_POSITION_CHARS) {
      pasteError.textContent = `This text is too long for a position (${sizeText(text.length)}): an XGID or gnubg's IDs take less than 100 characters, and this game reads at most ${MAX_POSITION_CHARS} characters. The field is cleared.`;
      pasteField.value = ""; // a megabyte left in the field would slow every redraw of it
      pasteField.setAttribute("aria-invalid", "true");
      announcer.say(pasteError.textContent);
      return;
    }
    let answer;
    try {
      answer = await ctx.call("read_position", { text, on_roll: Number(field("turn").value) === 1 ? 1 : 0 });
    } catch (e) {
      const failed = /** @type {{type?: string}} */ (e)?.type === "InternalError" || !(e instanceof Error);
      pasteError.textContent = failed ? "This could not be read as a position." : e.message;
      pasteField.setAttribute("aria-invalid", "true");
      return;
    }
    pasteField.removeAttribute("aria-invalid");
    load(answer.state, answer.position_only);
    announcer.say(answer.position_only
      ? "Position ID read: the checkers are set; the turn, dice, cube and score are as they were."
      : "Position read: the checkers, the turn, the dice, the cube and the score are set.");
    await check();
  }

  /** @param {Event} event */
  function locOf(event) {
    const target = /** @type {Element} */ (event.target);
    let el = target?.closest?.("[data-loc]");
    if (!el && event instanceof MouseEvent) {
      // A click whose target is the board itself (a pointer captured there): the place under it. SVG groups are
      // not hit themselves, so the place is the group around what is.
      el = document.elementsFromPoint(event.clientX, event.clientY).map((e) => e.closest("[data-loc]")).find(Boolean) ?? null;
    }
    const key = el?.getAttribute("data-loc");
    return key === "bar" || key === "off" ? key : key ? Number(key) : null;
  }

  listen($("board"), "click", (/** @type {MouseEvent} */ event) => {
    const loc = locOf(event);
    if (loc !== null) edit(loc, removing() || event.shiftKey);
  });
  listen($("board"), "keydown", (/** @type {KeyboardEvent} */ event) => {
    const loc = locOf(event);
    if (loc === null) return;
    const key = event.key;
    if (key === "Enter" || key === " ") edit(loc, removing());
    else if (key === "+" || key === "=") edit(loc, false);
    else if (key === "-" || key === "Delete" || key === "Backspace") edit(loc, true);
    else if (key === "w" || key === "b") {
      /** @type {HTMLInputElement} */ (form.querySelector(`input[name=colour][value="${key === "w" ? 0 : 1}"]`)).checked = true;
      announcer.say(`Placing ${names[key === "w" ? 0 : 1]} checkers.`);
    } else return;
    event.preventDefault();
    event.stopPropagation();
  }, true);
  listen(document, "keydown", (/** @type {KeyboardEvent} */ event) => {
    if (event.key === "Escape" && !document.querySelector("dialog[open]")) {
      event.preventDefault();
      ctx.leave();
    }
  });
  const edited = (/** @type {Event} */ event) => {
    if (event.target !== pasteField) void check();
  };
  listen(form, "change", edited);
  listen(form, "input", edited);
  listen($("setup-read"), "click", () => void readPasted());
  listen(pasteField, "keydown", (/** @type {KeyboardEvent} */ event) => {
    if (event.key !== "Enter") return;
    event.preventDefault(); // not the form's submission (Done)
    void readPasted();
  });
  // A paste is read at once; the text typed by hand waits for Enter or Read.
  listen(pasteField, "paste", () => setTimeout(() => void readPasted(), 0));
  listen(form, "submit", (/** @type {SubmitEvent} */ event) => {
    event.preventDefault();
    const action = /** @type {HTMLButtonElement | null} */ (event.submitter)?.value;
    if (action === "cancel") ctx.leave();
    else if (action === "done" && checked?.ok && checked.position_id && checked.match_id) {
      const p = params();
      // A money session's rules go with the IDs: the Match ID holds the Jacoby rule, not beavers.
      const settings = p.match_length === 0 ? { match_length: 0, jacoby: p.jacoby, beavers: p.beavers } : undefined;
      void ctx.done({ position_id: checked.position_id, match_id: checked.match_id, settings });
    }
  });
  listen($("setup-clear"), "click", () => {
    points = Array(24).fill(0);
    bar = [0, 0];
    announcer.say("Board cleared: every checker is borne off. Click a point to place one.");
    void check();
  });
  listen($("setup-start"), "click", () => {
    points = [...START];
    bar = [0, 0];
    announcer.say("The starting position.");
    void check();
  });
  listen($("setup-swap"), "click", () => {
    points = points.map((_, i) => -points[23 - i]);
    bar = [bar[1], bar[0]];
    const score = [field("score0").value, field("score1").value];
    field("score0").value = score[1];
    field("score1").value = score[0];
    field("turn").value = field("turn").value === "1" ? "0" : "1";
    if (field("cube_owner").value !== "") field("cube_owner").value = field("cube_owner").value === "1" ? "0" : "1";
    announcer.say("Sides swapped.");
    void check();
  });

  void check();
  // The panel's heading, not the paste field: on a phone a focused field would open the keyboard over the board.
  $("setup-editor-title").focus();
  announcer.say("Position editor. Paste a position, or click a point to place a checker of the chosen colour; Shift+click takes one away, a drag moves one.");

  return {
    exit() {
      for (const unbind of unbinds.splice(0)) unbind();
      board.set({ onEditDrop: undefined });
      panel.hidden = true;
      $("play-panel").hidden = false;
      delete root.dataset.mode;
      delete root.dataset.setupCheck;
    },
  };
}
