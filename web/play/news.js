// @ts-check
/**
 * What just happened, for the status line: the answers of the other side (a take, a pass, a resignation accepted
 * or rejected), the rolls and plays the page or the computer made by itself, a turn passed, a new game, written
 * before what is wanted now ("Black rejects the resignation. White to roll or double."). A sighted player sees
 * there what the screen reader's announcer says. The news lasts until a person here acts again: long enough to
 * read, however fast the steps after it came.
 */
import { isolated, t } from "../i18n/i18n.js";
import * as say from "./describe.js";

/** @typedef {import("../types.js").PlayView} View */
/** @typedef {import("../types.js").Event} Event */

/**
 * One piece of news: an event (with the view after it), or a turn played by itself, written once its moves are
 * known ("Black rolls 6 and 4 and plays 24/18 13/9."); either is put in words when shown, in the language then in
 * force (web/i18n/).
 * @typedef {{view: View, event: Event} | {player: number, dice: number[] | null, moves: Move[]}} NewsItem
 * @typedef {{from: number, to: number, hit: boolean}} Move  in the mover's numbering: the bar is 25, off is 0
 */

/** Answers and steps that are news even when a person here made them: the other person at this device must see them. */
const ALWAYS = new Set(["took", "dropped", "beavered", "resign_accepted", "resign_rejected", "automatic_double", "new_game"]);

/** What else is news when nobody here made it: the computer, the page by itself, the friend, another tab. */
const BY_ITSELF = new Set(["doubled", "resigned", "passed"]);

/**
 * The news after one change of the match.
 * @param {NewsItem[]} items the news so far (a person here acting starts it again: `mine`)
 * @param {View} view the view after the change
 * @param {Event[]} events
 * @param {boolean} mine a person here asked for this change
 * @returns {NewsItem[]}
 */
export function addNews(items, view, events, mine) {
  const next = mine ? [] : [...items];
  for (const event of events) {
    if (event.type === "rolled") {
      if (event.opening) next.push({ view, event });
      else if (!mine) next.push({ player: event.player ?? view.turn ?? 0, dice: event.dice, moves: [] });
    } else if (event.type === "moved") {
      if (mine) continue;
      const last = next.at(-1);
      const move = moverMove(event);
      if (last && "moves" in last && last.player === event.player) last.moves = [...last.moves, move];
      else next.push({ player: event.player, dice: null, moves: [move] });
    } else if (ALWAYS.has(event.type) || (!mine && BY_ITSELF.has(event.type))) {
      next.push({ view, event });
    }
  }
  return lastTurns(next.filter((item) => !("event" in item) || say.eventText(item.view, item.event)));
}

/** Turns kept in the news: the last two and what came after the first of them. */
const TURNS_KEPT = 2;

/**
 * The news from the start of the last turns kept: where nobody here acts (two computers playing each other) it
 * would otherwise grow with every turn.
 * @param {NewsItem[]} items
 */
function lastTurns(items) {
  const turns = items.flatMap((item, index) => ("moves" in item ? [index] : []));
  return turns.length > TURNS_KEPT ? items.slice(turns[turns.length - TURNS_KEPT]) : items;
}

/**
 * The news in words, leaving out what the sentence of what is wanted already says ("Black doubles to 2." is the
 * start of "Black doubles to 2. White: take or drop?").
 * @param {NewsItem[]} items @param {View} view @param {string} wanted
 */
export function newsText(items, view, wanted) {
  return items
    .map((item) => ("event" in item ? (say.eventText(item.view, item.event) ?? "") : playText(view, item)))
    .filter((text) => !wanted.includes(text))
    .join(" ");
}

/** @param {View} view @param {{player: number, dice: number[] | null, moves: Move[]}} turn */
function playText(view, { player, dice, moves }) {
  const who = say.playerName(view, player);
  const play = isolated(playNotation(moves)); // left to right in every language, as the move list writes it
  if (!dice) return t("news.plays", { name: who, play });
  const roll = say.diceText(dice);
  return moves.length > 0 ? t("news.rollsAndPlays", { name: who, roll, play }) : t("news.rolls", { name: who, roll });
}

/** @param {import("../types.generated.js").MovedEvent} event @returns {Move} */
function moverMove(event) {
  const number = (/** @type {number | string} */ loc) => (loc === "bar" ? 25 : loc === "off" ? 0 : Number(say.spokenPoint(loc, event.player)));
  return { from: number(event.from), to: number(event.to), hit: event.hit };
}

/**
 * A play as the move list writes it (Python's move.format_play, gnubg's notation), in the mover's numbering:
 * moves from the highest point, a checker's moves joined (24/13; a point passed is kept where it hit: 24/18*\/13),
 * the same move counted (8/4(2)).
 * @param {Move[]} moves
 */
export function playNotation(moves) {
  const hits = new Set(moves.filter((m) => m.hit).map((m) => m.to));
  const chains = [...moves].sort((a, b) => b.from - a.from || b.to - a.to).map((m) => [m.from, m.to]);
  chains.forEach((chain, i) => {
    for (const later of chains.slice(i + 1)) {
      if (chain.length === 0 || later.length === 0 || chain.at(-1) !== later[0]) continue;
      if (!hits.has(/** @type {number} */ (chain.at(-1)))) chain.pop(); // a point passed without hitting is not written
      chain.push(later[1]);
      later.length = 0;
    }
  });
  /** @type {{chain: number[], count: number}[]} */
  const groups = [];
  for (const chain of chains.filter((c) => c.length > 0)) {
    const same = groups.find((g) => g.chain.join("/") === chain.join("/"));
    if (same) same.count += 1;
    else groups.push({ chain, count: 1 });
  }
  const name = (/** @type {number} */ p) => (p === 25 ? "bar" : p === 0 ? "off" : String(p));
  const marked = new Set(); // a checker is hit once: its point is marked once
  return groups
    .map(({ chain, count }) => {
      const text = chain
        .map((p, k) => {
          const hit = k > 0 && p !== 0 && hits.has(p) && !marked.has(p);
          if (hit) marked.add(p);
          return `${name(p)}${hit ? "*" : ""}`;
        })
        .join("/");
      return count > 1 ? `${text}(${count})` : text;
    })
    .join(" ");
}
