// @ts-check
/**
 * Plain-words sentences about a match, from the JSON view and the events of docs/architecture.md. Used by the status
 * line, the screen-reader announcements and the keyboard's information keys. Points are spoken in the numbering of
 * the player they concern (each side counts from its own home board, as players do).
 */

import { rollToPlay, rollWords } from "../dice-words.js";
import { t } from "../i18n/i18n.js";
import { playerName } from "../i18n/player-names.js";
import { END_TURN_DELAY_MS } from "../preferences.js";
import { personHereToAct } from "./seats.js";

/** @typedef {import("../types.js").PlayView} View */

export { playerName };

/**
 * A location in absolute coordinates spoken as the mover counts it.
 * @param {number | string} loc
 * @param {number} player
 */
export function spokenPoint(loc, player) {
  if (loc === "bar") return t("point.bar");
  if (loc === "off") return t("point.off");
  const n = Number(loc);
  return String(player === 0 ? n : 25 - n);
}

/** @param {number[] | null} dice  said the higher die first, as everywhere a roll is shown */
export function diceText(dice) {
  return rollWords(dice);
}

/** @param {View} view */
export function scoreText(view) {
  const [a, b] = view.score ?? [0, 0];
  const length = view.settings?.match_length;
  const args = { white: playerName(view, 0), a, black: playerName(view, 1), b };
  const score = length ? t("score.match", { ...args, length }) : t("score.money", args);
  return view.crawford_game ? `${score} ${t("score.crawford")}` : score;
}

/**
 * A pending double or beaver in words: "Black doubles to 2", "White beavers: the cube goes to 4". The value at
 * stake is Python's `offered_value` (after a beaver it is four times the cube, not two).
 * @param {View} view
 */
function offerText(view) {
  const cube = view.cube ?? {};
  const value = cube.offered_value ?? (cube.value ?? 1) * 2;
  const by = playerName(view, cube.offered_by ?? 1 - (view.decision ?? view.turn ?? 0));
  return t(value > (cube.value ?? 1) * 2 ? "status.beavers" : "status.doubles", { name: by, value });
}

/** @param {View} view */
export function cubeText(view) {
  const cube = view.cube ?? {};
  if (view.crawford_game) return t("describe.crawfordCube");
  const value = cube.value ?? 1;
  const text =
    cube.owner === null || cube.owner === undefined
      ? t("describe.cubeMiddle", { value })
      : t("describe.cubeOwned", { value, name: playerName(view, cube.owner) });
  if (cube.offered_by !== null && cube.offered_by !== undefined) {
    return sentences(text, t("describe.offer", { offer: offerText(view) }));
  }
  return text;
}

/**
 * Why the player on roll may not double, in the page's language: the rules core's reason (py/backgammon/rules.py
 * `CubeBlock`, the view's `cube.why_not`) as a message of its own; a reason the page does not know is shown in the
 * core's English (`why_not_text`). tests/units/test_cube_reasons.py holds this table to the core's codes and
 * English's messages to the core's words.
 * @type {Record<string, Parameters<typeof t>[0]>}
 */
const WHY_NOT = {
  "game-over": "double.gameOver",
  "not-your-turn": "double.notYourTurn",
  "pending": "double.pending",
  "after-roll": "double.afterRoll",
  "first-turn": "double.firstTurn",
  "crawford": "double.crawford",
  "not-your-cube": "double.notYourCube",
  "max-cube": "double.maxCube",
  "one-point-away": "double.onePointAway",
  "cube-dead": "double.cubeDead",
  "strict-rule": "double.strictRule",
  "loading": "double.loading", // web/match/startview.js, before the rules core answers
};

/**
 * Why a double is refused now ("" when the view gives no reason).
 * @param {View} view
 */
export function whyNotText(view) {
  const cube = view.cube ?? {};
  const code = cube.why_not ?? "";
  const id = Object.hasOwn(WHY_NOT, code) ? WHY_NOT[code] : undefined;
  return id ? t(id, { value: cube.value ?? 1 }) : (cube.why_not_text ?? "");
}

/** @param {View} view */
export function lastRollText(view) {
  const who = view.turn ?? 0;
  if (view.dice && view.dice.length === 2) {
    const rolled = t("describe.rolled", { name: playerName(view, who), roll: diceText(view.dice) });
    if (!(view.dice_remaining && view.phase === "move")) return rolled;
    const left = view.dice_remaining.length ? t("describe.leftToPlay", { dice: view.dice_remaining.join(", ") }) : t("describe.nothingLeft");
    return sentences(rolled, left);
  }
  if (view.opponent_dice && view.opponent_dice.length === 2) {
    return t("describe.lastRolled", { name: playerName(view, 1 - who), roll: diceText(view.opponent_dice) });
  }
  return t("describe.noDice");
}

/** @param {View} view */
export function pipsText(view) {
  const [a, b] = view.pips ?? [167, 167];
  return t("describe.pips", { white: playerName(view, 0), a, black: playerName(view, 1), b });
}

/**
 * What is wanted now, and from whom. A play that is complete (or a roll that cannot be played) says how the turn
 * ends, after the player's preference (web/preferences.js `endTurn`).
 * @param {View} view
 * @param {import("../preferences.js").EndTurn} [endTurn]
 */
export function statusText(view, endTurn = "wait") {
  // A match with a friend says what the player here waits for, or the link to send (web/remote/next-step.js).
  if (view.waiting && !personHereToAct(view)) return view.waiting;
  const turn = view.turn ?? 0;
  const decider = view.decision ?? turn;
  const name = playerName(view, decider);
  switch (view.phase) {
    case "opening":
      if (view.opening_roll && view.opening_roll[0] === view.opening_roll[1]) {
        return t("status.openingTie", { die: view.opening_roll[0] });
      }
      return t("status.opening");
    case "roll":
      return t(view.cube?.may_double ? "status.rollOrDouble" : "status.roll", { name });
    case "move": {
      const mover = playerName(view, turn);
      if (view.no_legal_move) {
        return sentences(t("status.cannotMove", { name: mover, roll: diceText(view.dice) }), passEnds(endTurn));
      }
      if (playComplete(view)) return sentences(t("status.playComplete", { name: mover }), playEnds(endTurn));
      return t("status.toMove", { name: mover, roll: rollToPlay(view.dice) });
    }
    case "doubled":
      return t("status.takeOrDrop", { offer: offerText(view), name });
    case "resign_offered": {
      // Python sends the resignation with its phase: who offers it is `player`.
      const r = view.resignation;
      const by = r?.player ?? 1 - decider;
      return t("status.resignOffered", { by: playerName(view, by), kind: r?.kind ?? "", name });
    }
    case "game_over":
      return resultText(view);
    case "match_over":
      return sentences(t("status.matchWon", { name: playerName(view, view.match_winner ?? 0) }), scoreText(view));
    default:
      return "";
  }
}

/**
 * Whole sentences one after the other (each language's catalogue ends its own); an empty one is left out.
 * @param {...string} parts
 */
function sentences(...parts) {
  return parts.filter(Boolean).join(" ");
}

/**
 * "no" on a device whose pointer is a finger (a phone, a tablet): no Enter key to name beside the button.
 * @returns {"yes" | "no"}
 */
function keyboard() {
  return globalThis.matchMedia?.("(pointer: coarse)").matches ? "no" : "yes";
}

/**
 * How a complete play ends, after the `endTurn` preference: the sentence after "White: play complete."
 * @param {import("../preferences.js").EndTurn} endTurn
 */
function playEnds(endTurn) {
  if (endTurn === "now") return "";
  return endTurn === "delay" ? t("status.endDelay", { seconds: END_TURN_DELAY_MS / 1000 }) : t("status.endWait", { keyboard: keyboard() });
}

/**
 * How a roll that cannot be played ends the turn, after the `endTurn` preference.
 * @param {import("../preferences.js").EndTurn} endTurn
 */
function passEnds(endTurn) {
  if (endTurn === "now") return "";
  return endTurn === "delay" ? t("status.passDelay", { seconds: END_TURN_DELAY_MS / 1000 }) : t("status.passWait", { keyboard: keyboard() });
}

/**
 * Every checker of the roll that can be played has been: the turn waits for its end (*Done*, or by itself).
 * @param {View} view
 */
export function playComplete(view) {
  return view.phase === "move" && !view.no_legal_move && Boolean(view.can_confirm) && !hasDests(view);
}

/** @param {View} view */
export function hasDests(view) {
  return Object.values(view.dests ?? {}).some((list) => Array.isArray(list) && list.length > 0);
}

/**
 * What the finished game was worth.
 * @param {View} view
 */
export function resultText(view) {
  const r = view.result;
  if (!r) return "";
  const won = t("status.gameWon", {
    name: playerName(view, r.winner ?? 0), kind: r.kind ?? "", cube: view.cube?.value ?? 1, ending: r.ending ?? "",
    points: r.points ?? 1,
  });
  return sentences(won, scoreText(view));
}

/** @param {View} view */
export function generalInfoText(view) {
  const turn = view.turn ?? 0;
  const bar = view.board?.bar ?? [0, 0];
  const off = view.board?.off ?? [0, 0];
  const white = playerName(view, 0);
  const black = playerName(view, 1);
  return sentences(
    view.game_number ? t("describe.game", { number: view.game_number }) : "",
    t("describe.sides", { white, black }),
    statusText(view),
    scoreText(view),
    pipsText(view),
    t("describe.checkers", { white, whiteBar: bar[0], whiteOff: off[0], black, blackBar: bar[1], blackOff: off[1] }),
    cubeText(view),
    t("describe.turn", { name: playerName(view, turn) }),
  );
}

/** @param {View} view */
export function turnText(view) {
  const decider = view.decision ?? view.turn ?? 0;
  return sentences(t("describe.turn", { name: playerName(view, decider) }), statusText(view));
}

/**
 * One sentence for an event of `act`, or null when it needs none.
 * @param {View} view the view after the action
 * @param {import("../types.js").Event} event
 */
export function eventText(view, event) {
  // Not every type of event has a player (`who` is read only by those that have one): a cast, as a union's
  // field read before its `type` is known.
  const who = playerName(view, /** @type {{player?: number | null}} */ (event).player ?? view.turn ?? 0);
  switch (event.type) {
    case "rolled":
      if (event.opening) return openingText(view, event);
      return t("event.rolls", { name: who, roll: diceText(event.dice) });
    case "automatic_double":
      return t("event.automaticDouble", { value: event.value });
    case "dice_swapped": {
      const [first, second] = event.dice ?? [];
      return t("event.diceSwapped", { first: first ?? "", second: second ?? "" });
    }
    case "new_game": {
      const begins = t("event.newGame", { number: event.number });
      return event.crawford_game ? sentences(begins, t("score.crawford")) : begins;
    }
    case "moved": {
      const p = event.player ?? view.turn ?? 0;
      const from = spokenPoint(event.from, p);
      if (event.to === "off") return t("event.bearsOff", { name: who, from });
      const args = { name: who, from, to: spokenPoint(event.to, p) };
      return event.hit ? t("event.movesHitting", { ...args, hit: playerName(view, 1 - p) }) : t("event.moves", args);
    }
    case "unmoved":
      return t("event.unmoved", { name: who, from: spokenPoint(event.from, event.player ?? 0), to: spokenPoint(event.to, event.player ?? 0) });
    case "passed":
      return t("event.passed", { name: who });
    case "doubled":
      return t("event.doubled", { name: who, value: event.value ?? view.cube?.offered_value ?? "" });
    case "took":
      return t("event.took", { name: who, value: event.value ?? view.cube?.value ?? "" });
    case "dropped":
      return t("event.dropped", { name: who });
    case "beavered":
      return t("event.beavered", { name: who, value: event.value ?? view.cube?.offered_value ?? "" });
    case "resigned":
      return t("event.resigned", { name: who, kind: event.kind ?? "" });
    case "resign_accepted":
      return t("event.resignAccepted", { name: who });
    case "resign_rejected":
      return t("event.resignRejected", { name: who });
    case "game_over":
      return resultText(view) || t("event.gameOver", { name: playerName(view, event.winner), points: event.points ?? 1 });
    case "match_over":
      return t("status.matchWonBanner", { name: playerName(view, event.winner) });
    default:
      return null;
  }
}

/** @param {View} view @param {import("../types.js").RolledEvent} event */
function openingText(view, event) {
  const [a, b] = event.dice ?? [];
  if (a === undefined) return t("event.opening");
  const base = t("event.openingDice", { white: playerName(view, 0), a, black: playerName(view, 1), b });
  if (a === b) return sentences(base, t("event.openingTie"));
  return sentences(base, t("event.playsFirst", { name: playerName(view, a > b ? 0 : 1), roll: diceText([Math.max(a, b), Math.min(a, b)]) }));
}
