// @ts-check
/**
 * Following a tournament's matches from its panel (docs/tournaments.md, *Following a tournament*): under each
 * table of the bracket or the rounds, the match's state in words — to play, in progress (watched or not, and why
 * not), or finished — with *Watch* for a match in progress that may be watched and *Review* for a finished one
 * whose record may be found: a live one's (its watched moves on the relays), or one by links on its own player's
 * device (a match by links is published nowhere: anyone else is told that only its result is here).
 *
 * A tournament's match is a lobby match met by an invitation for the opponent alone (*Play your match*): its
 * watched messages (kind 1661) name that invitation. Its players' devices note the pairing with the match; any
 * other device finds the invitation by the pairing's two players (`lobby_matches_between`: the invitations one of
 * them posted and the other took, with the tournament's terms, newest first). What the panel shows of a match
 * never rests on that look-up alone: watching replays the signed messages with the rules core, and a review from
 * watched messages opens only a finished match of the tournament's length between the pairing's two players.
 */

import { t } from "../i18n/i18n.js";

/** How long the relays are given to send a finished match's watched messages, in milliseconds. */
const STORED_WAIT_MS = 8000;

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * @typedef {import("./tournament-words.js").Page} Page
 * @typedef {import("./tournament-words.js").Pairing} Pairing
 * @typedef {import("../types.generated.js").PlayingView} Found
 */

/**
 * @typedef {object} FollowContext
 * @property {import("../types.js").Call} call
 * @property {(filter: import("nostr-tools/filter").Filter, onEvent: (event: Record<string, any>) => void, onStored?: () => void) => {close: () => void}} subscribe
 *   the site's relays (the lobby's pool)
 * @property {number} watchKind  the lobby's watched messages (events.js WATCH_KIND)
 * @property {() => number} nowSeconds
 * @property {(watched: import("./lobby.js").Watched) => void} watch  the page's watching mode for that match
 * @property {(opened: {record: object, summary: Record<string, any>, name: string}) => void} review  open a record in review
 * @property {(pairing: import("./noted.js").Pairing) => Promise<object | null>} ownRecord  this device's own record
 *   of the match played for that pairing (null: none here)
 * @property {(words: () => string, how?: {info?: boolean}) => void} message  the panel's message line (its words
 *   written again in another language; `info`: news, not a refusal)
 */

/**
 * What the panel says of one table, and what it offers.
 * @typedef {{words: string, act: "watch" | "review" | null, found: Found | null, finished: boolean}} TableState
 */

/**
 * A match in progress for a pairing with no winner: the newest invitation between its two players with the
 * tournament's terms (the players' devices would meet by no other), or null when none is heard.
 * @param {Found[]} found @param {Page["summary"]} terms
 */
export function matchOfPairing(found, terms) {
  return found.find(({ invitation: i }) => i.length === terms.length && i.rated === terms.rated && i.mode === terms.mode) ?? null;
}

/**
 * The words and the action of a table: a bye, a place still to be decided and a match won by forfeit (its claim's
 * line says so, and there is no match to review) say nothing here.
 * @param {Pairing} pairing @param {Found | null} found @param {(key: string) => string} nameOf
 * @param {boolean} [forfeit]  decided by a claim that counted
 * @param {boolean} [reviewable]  a record of the match, once finished, may be found here (`reviewable`)
 * @returns {TableState | null}
 */
export function tableState(pairing, found, nameOf, forfeit = false, reviewable = true) {
  if (pairing.bye || forfeit || pairing.players.some((key) => key === null)) return null;
  if (pairing.winner !== null) {
    const name = nameOf(pairing.winner);
    if (!reviewable) return { words: t("tournament.finishedLinks", { name }), act: null, found, finished: true };
    return { words: t("tournament.finished", { name }), act: "review", found, finished: true };
  }
  if (!found) return { words: t("tournament.toPlay"), act: null, found, finished: false };
  if (found.invitation.mode === "links") return { words: t("tournament.inProgressLinks"), act: null, found, finished: false };
  if (!found.invitation.watch) return { words: t("tournament.inProgressPrivate"), act: null, found, finished: false };
  return { words: t("tournament.inProgress"), act: "watch", found, finished: false };
}

/**
 * Whether a record of a pairing's match may be found on this device: a live match's watched moves may be on the
 * relays; a match by links is published nowhere, so only its players' devices hold it.
 * @param {Page} page @param {Pairing} pairing @param {string} me
 */
function reviewable(page, pairing, me) {
  return page.summary.mode !== "links" || pairing.players.includes(me);
}

/**
 * The pairings that may be in progress: undecided, both players known, and the first undecided one of at least
 * one of its players (a player plays their matches in order; this bounds the look-ups to one per player).
 * @param {Pairing[][]} rounds @returns {Set<Pairing>}
 */
export function currentPairings(rounds) {
  const firstOf = new Map();
  for (const pairing of rounds.flat()) {
    if (pairing.bye || pairing.winner !== null) continue;
    for (const key of pairing.players) if (key !== null && !firstOf.has(key)) firstOf.set(key, pairing);
  }
  return new Set([...firstOf.values()].filter((p) => p.players.every((/** @type {string | null} */ key) => key !== null)));
}

/** @param {FollowContext} ctx */
export function createFollow(ctx) {
  const { call } = ctx;
  /** The states drawn last, by "<round>:<table>", for the buttons to act on. @type {Map<string, {pairing: Pairing, state: TableState}>} */
  let shown = new Map();
  /** @type {Page | null} */
  let shownPage = null;

  /**
   * Each table of the panel's bracket or rounds given its state and button (drawn after the panel: the tables
   * may have just been made again).
   * @param {Page} page @param {string} me
   */
  async function draw(page, me) {
    shownPage = page;
    const names = { ...Object.fromEntries(page.entrants.map((e) => [e.key, e.name])), ...page.names };
    const nameOf = (/** @type {string | null} */ key) => {
      if (key === null) return "";
      const name = names[key] ?? t("tournament.aPlayer");
      return key === me ? t("tournament.nameYou", { name }) : name;
    };
    /** @type {Map<string, {pairing: Pairing, state: TableState}>} */
    const states = new Map();
    const current = currentPairings(page.rounds);
    const forfeits = new Set(page.clocks.filter((c) => c.claim?.state === "counted").map((c) => `${c.round}:${c.table}`));
    for (const pairing of page.rounds.flat()) {
      /** @type {Found | null} */
      let found = null;
      if (current.has(pairing)) {
        const players = /** @type {string[]} */ (pairing.players);
        const { matches } = await call("lobby_matches_between", { players, now: ctx.nowSeconds() });
        found = matchOfPairing(matches, page.summary);
      }
      const forfeit = forfeits.has(`${pairing.round}:${pairing.table}`);
      const state = tableState(pairing, found, (key) => nameOf(key), forfeit, reviewable(page, pairing, me));
      if (state) states.set(`${pairing.round}:${pairing.table}`, { pairing, state });
    }
    shown = states;
    for (const table of document.querySelectorAll("#tournament-rounds li.tournament-table")) {
      const item = /** @type {HTMLElement} */ (table);
      const entry = states.get(`${item.dataset.round}:${item.dataset.table}`);
      drawFollow(item, entry ? entry.state : null, entry ? t("tournament.against", { a: nameOf(entry.pairing.players[0]), b: nameOf(entry.pairing.players[1]) }) : "");
    }
  }

  /**
   * @param {HTMLElement} table @param {TableState | null} state @param {string} players
   */
  function drawFollow(table, state, players) {
    let line = /** @type {HTMLElement | null} */ (table.querySelector(":scope > .tournament-follow"));
    const drawn = state ? JSON.stringify([state.words, state.act, players]) : "";
    if ((line?.dataset.drawn ?? "") === drawn && (line !== null) === (state !== null)) return; // a focused button stays
    if (!state) {
      line?.remove();
      return;
    }
    line ??= Object.assign(document.createElement("div"), { className: "tournament-follow" });
    line.dataset.drawn = drawn;
    table.dataset.follow = state.finished ? "finished" : state.found ? "in-progress" : "to-play";
    const words = Object.assign(document.createElement("span"), { className: "tournament-state", textContent: state.words });
    line.replaceChildren(words);
    if (state.act) {
      const button = Object.assign(document.createElement("button"), {
        type: "button", className: "small", textContent: state.act === "watch" ? t("tournament.watch") : t("tournament.review"),
        value: `${state.act}:${table.dataset.round}:${table.dataset.table}`,
      });
      button.setAttribute("aria-label", state.act === "watch" ? t("tournament.watchLabel", { players }) : t("tournament.reviewLabel", { players }));
      line.append(button);
    }
    table.append(line);
  }

  /** *Watch*: the page's watching mode for the table's match. @param {string} at "<round>:<table>" */
  function watch(at) {
    const entry = shown.get(at);
    const found = entry?.state.found;
    const taker = found?.invitation.taken_by;
    if (!found || !taker) return ctx.message(() => t("tournament.nothingToWatch"));
    const { invitation } = found;
    ctx.watch({ address: found.address, players: [invitation.poster, taker], names: [invitation.name, invitation.taken_name ?? t("tournament.theirOpponent")] });
  }

  /**
   * *Review*: the finished match from this device's own record of it, else from its watched messages replayed
   * (asked of the relays; a match by links has none); said plainly when neither is here.
   * @param {string} at "<round>:<table>"
   */
  async function review(at) {
    const entry = shown.get(at);
    const page = shownPage;
    if (!entry || !page || entry.pairing.winner === null) return;
    const { pairing } = entry;
    const names = { ...Object.fromEntries(page.entrants.map((e) => [e.key, e.name])), ...page.names };
    const [a, b] = pairing.players.map((key) => names[key ?? ""] ?? t("tournament.aPlayer"));
    const name = t("tournament.reviewName", { tournament: page.summary.name, round: pairing.round, players: t("tournament.against", { a, b }) });
    const own = await ctx.ownRecord({ tournament: page.summary.address, round: pairing.round, table: pairing.table });
    if (own) {
      const { summary } = await call("read_record", { record: own });
      return ctx.review({ record: own, summary, name: t("tournament.reviewOwn", { name }) });
    }
    if (page.summary.mode === "links") return ctx.message(() => t("tournament.noRecord")); // played on another device
    ctx.message(() => t("tournament.lookingMoves"), { info: true });
    const watched = await watchedRecord(/** @type {[string, string]} */ (pairing.players), page.summary.length);
    if (!watched) {
      ctx.message(() => t("tournament.noRecord"));
      return;
    }
    ctx.message(() => "");
    ctx.review({ ...watched, name: t("tournament.reviewWatched", { name }) });
  }

  /**
   * The finished match of `length` points between two players from their watched messages: every watched message
   * either signed to the other, asked of the relays, handed to the worker by the invitation each names (the rules
   * core replays each match and checks every roll); the newest finished one.
   * @param {[string, string]} players @param {number} length
   * @returns {Promise<{record: object, summary: Record<string, any>} | null>}
   */
  async function watchedRecord(players, length) {
    /** @type {Map<string, Record<string, any>[]>} */
    const byAddress = new Map();
    await new Promise((done) => {
      const timer = setTimeout(() => done(null), STORED_WAIT_MS);
      const subscription = ctx.subscribe(
        { kinds: [ctx.watchKind], authors: players, "#p": players },
        (event) => {
          const address = event.tags?.find((/** @type {string[]} */ t) => t[0] === "a")?.[1];
          if (typeof address === "string") byAddress.set(address, [...(byAddress.get(address) ?? []), event]);
        },
        () => {
          clearTimeout(timer);
          subscription.close();
          done(null);
        },
      );
    });
    /** @type {{record: object, summary: Record<string, any>, at: number} | null} */
    let best = null;
    for (const [address, events] of byAddress) {
      const poster = address.split(":")[1];
      if (!players.includes(poster)) continue;
      const other = players.find((key) => key !== poster) ?? "";
      const shown = await call("lobby_watch", { players: [poster, other], address, events, now: ctx.nowSeconds() }).catch(() => null);
      if (!shown || !(shown.state.phase === "over" || shown.state.phase === "claimed")) continue;
      const opened = await call("lobby_watch_record", { address }).catch(() => null);
      if (!opened || Number(opened.summary.match_length) !== length) continue;
      const at = Math.max(...events.map((e) => Number(e.created_at) || 0));
      if (!best || at > best.at) best = { ...opened, at };
    }
    return best ? { record: best.record, summary: best.summary } : null;
  }

  /** Acts of the panel's tables (Watch, Review), by the button's value. @param {Event} event */
  function onClick(event) {
    const button = /** @type {HTMLElement} */ (event.target).closest(".tournament-follow button[value]");
    if (!(button instanceof HTMLButtonElement)) return;
    const [what, round, table] = button.value.split(":");
    if (what === "watch") watch(`${round}:${table}`);
    if (what === "review") void review(`${round}:${table}`).catch((error) => ctx.message(() => t("tournament.reviewFailed", { error: String(error?.message ?? error) })));
  }
  $("tournament-rounds").addEventListener("click", onClick);

  return { draw };
}
