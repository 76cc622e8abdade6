// @ts-check
/**
 * Tournaments in the lobby (docs/tournaments.md, *On the page*), loaded when the lobby opens: the *Tournaments*
 * list, *Organise a tournament*, *Join*, the draw, and a tournament's panel. Every tournament event the site's
 * relays hold goes to the worker (`tournament_receive`, in batches), which checks it; the page shows only what
 * `tournament_list` and `tournament_view` answer.
 *
 * This device does its part of the draw by itself, whenever the lobby is connected: as organiser, once registration
 * is over (its time, every place taken, or *Close registration now*), it signs the closing the worker states
 * (`tournament_closing`: the earliest entries heard, one per key); as entrant, once it holds a closing that lists its
 * entry, it reveals the value behind its commitment, kept on this device (web/lobby/tournament-store.js) since it
 * joined.
 *
 * What happens is shown where the player looks: the open panel's message line, else the lobby's, else a notice over
 * the board (`tell`); an entrant is told where they stand each time it moves on (drawn, through, out, the champion).
 */
import { LANGUAGE_CHANGED, t } from "../i18n/i18n.js";
import { renderTournamentList } from "./tournament-list-view.js";
import { renderPanel } from "./tournament-panel.js";
import { matchInvitationWords, roundWords, yourStanding, yourStandingWords } from "./tournament-words.js";
import { renderClaim } from "./tournament-claim-view.js";
import { createFollow } from "./tournament-follow.js";
import { keepEntered as keepEnteredIn, keepOrganised as keepOrganisedIn, keepTold, readTournaments as readKept } from "./tournament-store.js";

/** Events handed to the worker at once, at most (as the lobby's). */
const BATCH = 50;
/** How often the list's times move on and this device looks for its part of the draw to do, in milliseconds. */
const TICK_MS = 10_000;
/** A tournament's address as a link carries it (`#tournament=<address>`): kind, organiser's key, id. */
const LINKED_ADDRESS = /^31663:[0-9a-f]{64}:[0-9a-z]{12,32}$/;
/** *Play your match*'s words by what it does (tournament-words.js `matchInvitationWords`). */
const PLAY_WORDS = /** @type {const} */ ({ play: "tournament.play", accept: "tournament.acceptInvitation", withdraw: "tournament.withdrawInvitation" });
/** How long a link's tournament is waited for before the page says the relays do not have it (yet), in milliseconds. */
const LINK_WAIT_MS = 15_000;

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * @typedef {object} TournamentsContext
 * @property {string} namespace
 * @property {import("../types.js").Call} call
 * @property {import("./identity.js").Signer} signer
 * @property {{subscribe: import("./relay-pool.js").Pool["subscribe"], publish: import("./relay-pool.js").Pool["publish"]}} pool
 * @property {(text: string) => void} say  to the screen reader
 * @property {(text: string) => void} notice  a notice over the board, the player sees (and the announcer says)
 * @property {(words: string | (() => string), how?: {info?: boolean, quiet?: boolean}) => void} message  the lobby's
 *   message line (with `info`: news, not a refusal; `quiet`: not said, the news being said elsewhere)
 * @property {() => Promise<string | null>} chosenName  the lobby's name field, checked and kept (null: the lobby said why not)
 * @property {HTMLFormElement} form  the lobby's form (the fields of *Organise a tournament*)
 * @property {HTMLDialogElement} lobbyDialog
 * @property {(match: {to: {key: string, name: string}, length: number, rated: boolean, mode: "live" | "links", moveHours: number | null, pairing: import("./noted.js").Pairing}) => Promise<"posted" | "accepted" | null>} playMatch
 *   *Play your match*: an invitation for the opponent alone, live or by links as the tournament is, naming the
 *   pairing in the match it starts (lobby.js)
 * @property {(opponent: string, terms: {length: number, rated: boolean, mode: string}) => Promise<import("./lobby.js").MatchInvitations>} matchInvitations
 *   the invitations between this player and their opponent with the tournament's terms, and whether the opponent
 *   is playing a match now (lobby.js)
 * @property {(opponent: string, mode: string) => Promise<boolean>} withdrawMatch  this player's invitation for their
 *   opponent withdrawn (lobby.js): false if none was open
 * @property {(watched: import("./lobby.js").Watched) => void} watch  the page's watching mode (a match in progress)
 * @property {(opened: {record: object, summary: Record<string, any>, name: string}) => void} review  open a record in review
 * @property {(pairing: import("./noted.js").Pairing) => Promise<object | null>} ownRecord  this device's record of
 *   its own match for that pairing (null: none here)
 * @property {Shared} shared
 */

/**
 * @typedef {object} Shared  what this code uses of the modules the page starts with, handed in (imported here, they
 *   would be split out of the page's start into files of their own, each one more file to fetch at the start)
 * @property {typeof import("./batches.js").inBatches} inBatches
 * @property {typeof import("./events.js").nowSeconds} nowSeconds
 * @property {string} topic  the lobby's (events.js TOPIC)
 * @property {number} resultKind  the lobby's results (events.js RESULT_KIND): a tournament's match's names its pairing
 * @property {number} watchKind  the lobby's watched messages (events.js WATCH_KIND): a tournament's match watched
 * @property {typeof import("./name.js").checkName} checkName
 * @property {typeof import("./mark.js").markOfKey} markOfKey
 * @property {typeof import("./mark-view.js").drawMark} drawMark
 * @property {typeof import("../keyval.js").openKeyval} openKeyval
 * @property {typeof import("../copy.js").copyText} copyText
 * @property {Pick<typeof import("./tournament-events.js"), "ANNOUNCEMENT_KIND" | "ANSWER_KIND" | "CLAIM_KIND" | "CLOSING_KIND" |
 *   "ENTRY_KIND" | "LEAVE_KIND" | "REVEAL_KIND" | "announcementTemplate" | "answerTemplate" | "claimTemplate" |
 *   "closingTemplate" | "entryTemplate" | "leaveTemplate" | "newTournamentId" | "revealTemplate">} events
 *   the tournament's event templates
 */

/** @param {TournamentsContext} ctx */
export async function createTournaments(ctx) {
  const { call, signer, pool, shared } = ctx;
  const { inBatches, nowSeconds, checkName, markOfKey } = shared;
  const { ANNOUNCEMENT_KIND, ANSWER_KIND, CLAIM_KIND, CLOSING_KIND, ENTRY_KIND, LEAVE_KIND, REVEAL_KIND, announcementTemplate, answerTemplate, claimTemplate, closingTemplate, entryTemplate, leaveTemplate, newTournamentId, revealTemplate } = shared.events;
  const store = await shared.openKeyval(ctx.namespace);
  const readTournaments = () => readKept(store, ctx.namespace);
  const keepEntered = (/** @type {import("./tournament-store.js").Entered} */ entered) => keepEnteredIn(store, ctx.namespace, entered);
  const keepOrganised = (/** @type {import("./tournament-store.js").Organised} */ organised) => keepOrganisedIn(store, ctx.namespace, organised);
  const me = signer.publicKey;
  const field = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (ctx.form.elements.namedItem(name));
  const panel = /** @type {HTMLDialogElement} */ ($("tournament-dialog"));
  /** The tournament the panel shows, while it is open. */
  let shown = "";
  /** What this device is doing for a tournament now (a closing or a reveal being published), by address. */
  const busy = new Set();
  /** A link's tournament not heard yet: its panel opens as soon as it is. */
  let linked = "";
  /** The panel's closing before another mode takes the board (watching, review). */
  const leaveLobby = () => {
    if (panel.open) panel.close();
    if (ctx.lobbyDialog.open) ctx.lobbyDialog.close();
  };
  /** Each table's match to watch or review (web/lobby/tournament-follow.js). */
  const follow = createFollow({
    call, subscribe: pool.subscribe, watchKind: shared.watchKind, nowSeconds,
    watch: (watched) => {
      leaveLobby();
      ctx.watch(watched);
    },
    review: (opened) => {
      leaveLobby();
      ctx.review(opened);
    },
    ownRecord: ctx.ownRecord,
    message: (words, how) => panelMessage(words, how),
  });

  const heard = inBatches(async (batch) => {
    const changes = await call("tournament_receive", { events: batch, now: nowSeconds() });
    if (changes.changed.length) await changed(changes.changed);
    const again = changes.refused?.busy ?? 0;
    return batch.slice(batch.length - again); // the worker asks for these again
  }, BATCH);

  /** An event this device signed: taken in here at once, then published. @param {import("nostr-tools/pure").VerifiedEvent} event */
  async function send(event) {
    heard(event);
    await pool.publish(event);
  }

  // ---- drawing -------------------------------------------------------------------------------------------------

  /** @type {Promise<void> | null} */
  let drawing = null;
  let drawAgain = false;

  /** The list and the open panel as the worker holds them now (one drawing at a time; asked meanwhile, once more). */
  function render() {
    if (drawing) {
      drawAgain = true;
      return drawing;
    }
    drawing = (async () => {
      try {
        do {
          drawAgain = false;
          await drawAll();
        } while (drawAgain);
      } finally {
        drawing = null;
      }
    })();
    return drawing;
  }

  async function drawAll() {
    const now = nowSeconds();
    // An entry taken back is not one: Join again is offered.
    const entered = new Set((await readTournaments()).entered.filter((e) => !e.left).map((e) => e.address));
    if (ctx.lobbyDialog.open) {
      const { tournaments } = await call("tournament_list", { now });
      // Where this player stands in each drawn tournament they entered, beside "you entered".
      const standings = new Map();
      for (const item of tournaments) {
        if (!entered.has(item.address) || (item.phase !== "drawn" && item.phase !== "over")) continue;
        const page = await call("tournament_view", { address: item.address, now }).catch(() => null);
        const words = page && yourStandingWords(page, me, namesOf(page));
        if (words) standings.set(item.address, words);
      }
      await renderTournamentList($("lobby-tournament-list"), { items: tournaments, me, entered, standings, now, markOfKey, drawMark: shared.drawMark });
    }
    if (panel.open && shown) await drawPanel(shown, entered, now);
  }

  /** @param {string} address @param {Set<string>} entered @param {number} now */
  async function drawPanel(address, entered, now) {
    const page = await call("tournament_view", { address, now });
    const mark = await markOfKey(page.summary.organiser);
    // An announcement made before it named its organiser: their entry's name, else their mark's words.
    const organiser = page.summary.organiser_name ?? page.entrants.find((e) => e.key === page.summary.organiser)?.name ?? mark.text;
    const next = page.summary.phase === "drawn" ? nextMatch(page) : null;
    // Where *Play your match* stands: the opponent's invitation to accept, this player's own waiting, or neither.
    const invitations = next ? await ctx.matchInvitations(next.to.key, page.summary) : null;
    const line = next && invitations
      ? matchInvitationWords({ round: roundWords(page, next.pairing.round - 1), name: next.to.name, ...invitations })
      : null;
    renderPanel(page, { me, now, organiserName: organiser, organiserMark: mark, drawMark: shared.drawMark, nextWords: line?.words });
    renderClaim($("tournament-claim"), page, me, now);
    await follow.draw(page, me);
    const join = /** @type {HTMLButtonElement} */ ($("tournament-join"));
    join.hidden = !(page.summary.phase === "registration" && !entered.has(address) && page.entrants.length < page.summary.places);
    // Someone who came by a link may have no name in the lobby yet: asked here, beside Join.
    $("tournament-entrant-name-label").hidden = join.hidden || checkName(field("name").value).ok;
    const link = /** @type {HTMLInputElement} */ ($("tournament-link"));
    link.value = linkTo(address);
    $("tournament-leave").hidden = !(page.summary.phase === "registration" && entered.has(address) && page.entrants.some((e) => e.key === me));
    const play = /** @type {HTMLButtonElement} */ ($("tournament-play"));
    play.hidden = !next;
    play.dataset.pairing = next ? JSON.stringify(next) : "";
    const act = line?.act ?? "play";
    play.dataset.act = act;
    // Marked with its words' id: a language switch writes the words in force, not the first ones.
    play.dataset.i18n = PLAY_WORDS[act];
    play.textContent = t(PLAY_WORDS[act]);
    play.classList.toggle("primary", act !== "withdraw");
    const closeNow = /** @type {HTMLButtonElement} */ ($("tournament-close-now"));
    closeNow.hidden = !(page.summary.organiser === me && (page.summary.phase === "registration" || page.summary.phase === "closing"));
  }

  /** Every entrant's name by key: as they entered, and as the worker names them. @param {import("./tournament-words.js").Page} page */
  const namesOf = (page) => ({ ...Object.fromEntries(page.entrants.map((e) => [e.key, e.name])), ...page.names });

  /** A link to a tournament, to send anywhere: this site's address with the tournament's. @param {string} address */
  const linkTo = (address) => `${location.origin}${location.pathname}#tournament=${address}`;

  /**
   * A link to a tournament opened: its panel over the lobby's list, at once if this device holds it, else as soon
   * as a relay sends it (the page says so after a wait, and keeps waiting); a link not whole is said so.
   * @param {string} address
   */
  async function openLink(address) {
    if (!LINKED_ADDRESS.test(address)) {
      forgetLink();
      ctx.message(t("tournament.linkBroken"));
      return;
    }
    const held = await call("tournament_view", { address, now: nowSeconds() }).then(() => true, () => false);
    if (held) return openLinked(address);
    linked = address;
    ctx.message(t("tournament.linkLooking"));
    setTimeout(() => {
      if (linked !== address) return;
      ctx.message(t("tournament.linkWaiting"));
    }, LINK_WAIT_MS);
  }

  /** @param {string} address */
  async function openLinked(address) {
    linked = "";
    forgetLink();
    ctx.message("");
    await openPanel(address);
  }

  /** The link leaves the address once taken (a reload does not open it again). */
  function forgetLink() {
    if (location.hash.startsWith("#tournament=")) history.replaceState(null, "", location.pathname + location.search);
  }

  /**
   * This player's next match in a drawn tournament, its opponent known: the first pairing with them, not a bye,
   * undecided.
   * @param {import("./tournament-words.js").Page} page
   * @returns {{to: {key: string, name: string}, pairing: import("./noted.js").Pairing} | null}
   */
  function nextMatch(page) {
    for (const pairing of page.rounds.flat()) {
      if (pairing.bye || pairing.winner !== null || !pairing.players.includes(me)) continue;
      const other = pairing.players.find((key) => key !== me);
      if (!other) return null;
      return { to: { key: other, name: page.names[other] ?? t("tournament.yourOpponent") }, pairing: { tournament: page.summary.address, round: pairing.round, table: pairing.table } };
    }
    return null;
  }

  /**
   * The pairing of a match an invitation from `other` offers this player: their next match in a drawn tournament
   * both entered, live or by links as the invitation is, with its length and rating; null when there is none.
   * @param {string} other @param {{length: number, rated: boolean, mode: string}} terms
   * @returns {Promise<import("./noted.js").Pairing | null>}
   */
  async function pairingWith(other, terms) {
    return (await matchWith(other, terms))?.next.pairing ?? null;
  }

  /**
   * The same match named as the lobby's list names it: its tournament and round ("Dawn cup", "Semi-finals"), and
   * the opponent's name there.
   * @param {string} other @param {{length: number, rated: boolean, mode: string}} terms
   * @returns {Promise<{tournament: string, round: string, name: string} | null>}
   */
  async function matchNamed(other, terms) {
    const found = await matchWith(other, terms);
    return found && { tournament: found.page.summary.name, round: roundWords(found.page, found.next.pairing.round - 1), name: found.next.to.name };
  }

  /**
   * This player's next match against `other` with these terms, in a drawn tournament both entered, and its view.
   * @param {string} other @param {{length: number, rated: boolean, mode: string}} terms
   */
  async function matchWith(other, terms) {
    for (const entered of (await readTournaments()).entered) {
      const page = await call("tournament_view", { address: entered.address, now: nowSeconds() }).catch(() => null);
      if (!page || page.summary.phase !== "drawn" || page.summary.mode !== terms.mode || page.summary.length !== terms.length || page.summary.rated !== terms.rated) continue;
      const next = nextMatch(page);
      if (next && next.to.key === other) return { page, next };
    }
    return null;
  }

  /**
   * A tournament's time limit in seconds (py/backgammon/tournament/claims.py `time_limit`): its time to move by links,
   * 15 minutes live; the match played for it takes it as its own, so both claim alike. Undefined if not held.
   * @param {string} address
   */
  async function timeLimit(address) {
    const page = await call("tournament_view", { address, now: nowSeconds() }).catch(() => null);
    return page?.time_limit;
  }

  /**
   * Tournaments the worker says changed: drawn again, this device's part of their draw done, and the player told
   * where they now stand. @param {string[]} addresses
   */
  async function changed(addresses) {
    if (linked && addresses.includes(linked)) void openLinked(linked);
    await render();
    void ourPart(addresses);
    standingsTold = standingsTold.then(() => tellStandings(addresses)).catch(() => {});
  }

  // ---- telling the player ----------------------------------------------------------------------------------------

  /**
   * News of a tournament, where the player looks: the message line of its panel when that is open, else the lobby's,
   * else a notice over the board.
   * @param {string} address @param {() => string} words
   */
  function tell(address, words) {
    if (panel.open && shown === address) panelMessage(words, { info: true });
    else if (ctx.lobbyDialog.open) ctx.message(words, { info: true });
    else ctx.notice(words());
  }

  /** One telling at a time: two at once could tell the same news twice. */
  let standingsTold = Promise.resolve();

  /**
   * Each tournament among `addresses` this player entered: where they stand, told once each time it moves on (the
   * draw, each match of theirs decided, their next opponent known, the end), and never again after a reload (`told`,
   * kept). The notice over the board always holds the latest (never an older standing, once the panel or the lobby
   * is closed); the open panel's line, or the lobby's, shows it meanwhile.
   * @param {string[]} addresses
   */
  async function tellStandings(addresses) {
    for (const entered of (await readTournaments()).entered) {
      if (entered.left || !addresses.includes(entered.address)) continue;
      const page = await call("tournament_view", { address: entered.address, now: nowSeconds() }).catch(() => null);
      if (!page || yourStanding(page, me) === null) continue;
      const reached = progress(page);
      if (reached <= (entered.told ?? -1)) continue;
      await keepTold(store, ctx.namespace, entered.address, reached);
      const news = () => t("tournament.news", { name: page.summary.name, words: yourStandingWords(page, me, namesOf(page)) ?? "" });
      ctx.notice(news());
      if (ctx.lobbyDialog.open && !(panel.open && shown === entered.address)) ctx.message(news, { info: true, quiet: true });
    }
  }

  /**
   * How far this player has come in a tournament: a number that only grows as its events are heard, in whatever
   * order a reload hears them again. -1 before the draw; then two for each of their matches decided, one more once
   * their next opponent is known (a knock-out's winner waits for the match that decides them), and two at the end,
   * unless they were out before it (that is not news again). @param {import("./tournament-words.js").Page} page
   */
  function progress(page) {
    if (page.summary.phase !== "drawn" && page.summary.phase !== "over") return -1;
    const decided = page.rounds.flat().filter((p) => !p.bye && p.winner !== null && p.players.includes(me)).length;
    const standing = yourStanding(page, me);
    const opponentKnown = standing?.kind === "next" && standing.pairing.players.every((key) => key !== null);
    const ended = page.summary.phase === "over" && standing?.kind !== "out";
    return 2 * decided + (opponentKnown ? 1 : 0) + (ended ? 2 : 0);
  }

  /** This device's part, one look at a time (two looks at once could sign two closings). */
  let parts = Promise.resolve();
  /** @param {string[] | null} addresses */
  const ourPart = (addresses) => (parts = parts.then(() => doOurPart(addresses)).catch(() => {}));

  // ---- this device's part of the draw --------------------------------------------------------------------------

  /**
   * As organiser, close each tournament whose registration time is over or whose every place is taken; as entrant,
   * reveal in each closing that lists this device's entry.
   * @param {string[] | null} addresses  those to look at (null: all this device organised or entered)
   */
  async function doOurPart(addresses) {
    const now = nowSeconds();
    const kept = await readTournaments();
    for (const organised of kept.organised) {
      if (organised.closing || busy.has(organised.address) || (addresses && !addresses.includes(organised.address))) continue;
      const page = await call("tournament_view", { address: organised.address, now });
      if (page.summary.phase === "closing") await closeRegistration(organised.address, "time");
      // Full: nobody else can enter, so nobody waits for the time announced (as *Close registration now* does).
      else if (page.summary.phase === "registration" && page.entrants.length >= page.summary.places) await closeRegistration(organised.address, "full");
    }
    for (const entered of kept.entered) {
      if (entered.revealed || entered.left || busy.has(entered.address) || (addresses && !addresses.includes(entered.address))) continue;
      const page = await call("tournament_view", { address: entered.address, now });
      if (page.summary.phase !== "revealing" || !page.entrants.some((e) => e.key === me)) continue;
      busy.add(entered.address);
      try {
        await send(signer.sign(revealTemplate({ address: entered.address, value: entered.value, createdAt: nowSeconds() })));
        await keepEntered({ ...entered, revealed: true });
        tell(entered.address, () => t("tournament.revealed", { name: page.summary.name }));
      } catch {
        // No relay took it: tried again at the next change or tick.
      } finally {
        busy.delete(entered.address);
      }
    }
  }

  /**
   * The organiser's closing: the entries the worker lists, signed and published. `why`: registration's time is over,
   * every place is taken, or the organiser pressed *Close registration now* (what goes wrong is said in the panel).
   * @param {string} address @param {"time" | "full" | "asked"} why
   */
  async function closeRegistration(address, why) {
    const asked = why === "asked";
    const kept = (await readTournaments()).organised.find((o) => o.address === address);
    if (!kept || kept.closing || busy.has(address)) return;
    busy.add(address);
    try {
      const page = await call("tournament_view", { address, now: nowSeconds() });
      if (page.summary.phase !== "registration" && page.summary.phase !== "closing") return;
      // Asked for (*Close registration now*), the closing may come before the announced end: it takes the
      // entries heard so far as that end would, and every device leaves out an entry made after it.
      const { entries, reveals_until: revealsUntil } = await call("tournament_closing", { address, now: nowSeconds(), early: why !== "time" });
      if (entries.length < 2) {
        if (asked) panelMessage(() => t("tournament.tooFew"));
        return;
      }
      const event = signer.sign(closingTemplate({ address, entries, revealsUntil, createdAt: nowSeconds() }));
      // Kept before it is sent: a second, different closing would end the tournament for everyone.
      await keepOrganised({ ...kept, closing: event });
      await send(event);
      tell(address, () => t("tournament.closed", { n: entries.length }));
    } catch (error) {
      const detail = String(/** @type {Error} */ (error)?.message ?? error);
      if (asked) panelMessage(() => t("tournament.closeFailed", { error: detail }));
    } finally {
      busy.delete(address);
    }
  }

  /** What the panel's message line says, kept to be written again in another language. */
  let panelWords = () => "";
  /**
   * The panel's message line: a refusal or failure (red), or with `info`, news of what was done (the ink's colour).
   * @param {() => string} words @param {{info?: boolean}} [how]
   */
  const panelMessage = (words, { info = false } = {}) => {
    panelWords = words;
    $("tournament-message").textContent = words();
    $("tournament-message").classList.toggle("form-info", info);
  };
  // A language switch: the message line, the list and the panel written again in it.
  document.addEventListener(LANGUAGE_CHANGED, () => {
    $("tournament-message").textContent = panelWords();
    if (ctx.lobbyDialog.open || panel.open) void render();
  });

  // ---- organising and joining -----------------------------------------------------------------------------------

  /** An announcement being made: a second press meanwhile would announce the same tournament twice. */
  let organising = false;

  async function organise() {
    if (organising) return;
    organising = true;
    try {
      await announce();
    } finally {
      organising = false;
    }
  }

  async function announce() {
    // The organiser is named in the announcement, as a player is in the lobby.
    const organiserName = await ctx.chosenName();
    if (organiserName === null) return;
    const checked = checkName(field("tournament-name").value);
    if (!checked.ok) {
      const missing = !field("tournament-name").value.trim();
      return ctx.message(missing ? t("tournament.nameMissing") : t("tournament.nameError", { error: checked.error }));
    }
    const whole = (/** @type {string} */ name) => Number(field(name).value);
    const length = whole("tournament-length");
    if (!(Number.isInteger(length) && length >= 1 && length <= 25)) return ctx.message(t("tournament.badLength"));
    const places = whole("tournament-places");
    if (!(Number.isInteger(places) && places >= 4 && places <= 64)) return ctx.message(t("tournament.badPlaces"));
    const closesIn = whole("tournament-closes") * whole("tournament-closes-unit");
    if (!(closesIn >= 60 && closesIn <= 30 * 24 * 3600)) return ctx.message(t("tournament.badCloses"));
    const mode = /** @type {RadioNodeList} */ (ctx.form.elements.namedItem("tournament-mode")).value === "links" ? "links" : "live";
    const moveHours = mode === "links" ? whole("tournament-move-hours") : null;
    const format = field("tournament-format").value === "roundrobin" ? "roundrobin" : "knockout";
    const createdAt = nowSeconds();
    const d = newTournamentId();
    const event = signer.sign(announcementTemplate({
      d, name: checked.name, organiserName, format, length, mode, moveHours, places, rated: field("tournament-rated").checked,
      closes: createdAt + closesIn, createdAt,
    }));
    const address = `${ANNOUNCEMENT_KIND}:${me}:${d}`;
    await keepOrganised({ address, announcement: event, closing: null });
    ctx.message("");
    try {
      await send(event);
      tell(address, () => t("tournament.announced", { name: checked.name }));
      // Announced: the form folds away, its name cleared; the tournament is in the list as the organiser's.
      field("tournament-name").value = "";
      $("lobby-organise").removeAttribute("open");
    } catch {
      ctx.message(t("tournament.notSent"));
    }
    await render();
  }

  /** The panel's words for a join refused for want of a name (said until a name passes). */
  const nameNeeded = () => t("tournament.nameNeeded");

  /** @param {string} address */
  async function join(address) {
    // The name asked in the panel (someone who came by a link) is the lobby's name from now on.
    const asked = /** @type {HTMLInputElement} */ ($("tournament-entrant-name"));
    if (panel.open && !$("tournament-entrant-name-label").hidden) field("name").value = asked.value;
    const name = await ctx.chosenName();
    if (name === null) {
      // The lobby's message line is under the panel when it is open.
      if (panel.open) panelMessage(nameNeeded);
      return;
    }
    if (panelWords === nameNeeded) panelMessage(() => "");
    const kept = await readTournaments();
    if (kept.entered.some((e) => e.address === address && !e.left)) return;
    // Entering again after leaving: the entry and leave before are kept to be published again with this one.
    const before = kept.entered.find((e) => e.address === address && e.left);
    const earlier = before ? [...(before.earlier ?? []), before.entry, /** @type {Record<string, any>} */ (before.left)] : [];
    const value = Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, "0")).join("");
    const { commitment } = await call("tournament_commitment", { value });
    const event = signer.sign(entryTemplate({ address, name, commitment, createdAt: nowSeconds() }));
    // Kept before it is sent: the value must outlive this page to be revealed.
    await keepEntered({ address, value, entry: event, revealed: false, left: null, earlier });
    try {
      await send(event);
      tell(address, () => t("tournament.entered"));
    } catch {
      ctx.message(t("tournament.entryNotSent"));
    }
    await render();
  }

  /**
   * *Leave*, while registration is open: the entry taken back by a leave this device signs (kept before it is sent,
   * so that this device never reveals for it). The entrant may enter once more.
   * @param {string} address
   */
  async function leave(address) {
    const entered = (await readTournaments()).entered.find((e) => e.address === address && !e.left);
    if (!entered) return;
    const event = signer.sign(leaveTemplate({ address, entry: String(entered.entry.id), createdAt: nowSeconds() }));
    await keepEntered({ ...entered, left: event });
    try {
      await send(event);
      tell(address, () => t("tournament.left"));
    } catch {
      panelMessage(() => t("tournament.leaveNotSent"));
    }
    await render();
  }

  /** @param {string} address */
  async function openPanel(address) {
    shown = address;
    panelMessage(() => "");
    // Known from the address alone: whole even before the worker's view of the tournament is drawn.
    /** @type {HTMLInputElement} */ ($("tournament-link")).value = linkTo(address);
    if (!panel.open) panel.showModal();
    await render();
    $("tournament-title").focus();
  }

  // ---- the controls ---------------------------------------------------------------------------------------------

  $("lobby-organise-button").addEventListener("click", () => void organise());
  $("lobby-tournament-list").addEventListener("click", (event) => {
    const button = /** @type {HTMLElement} */ (event.target).closest("button[value]");
    if (!(button instanceof HTMLButtonElement)) return;
    const [what, ...rest] = button.value.split(":");
    const address = rest.join(":");
    if (what === "open") void openPanel(address);
    if (what === "join") void join(address);
  });
  $("tournament-join").addEventListener("click", () => void join(shown));
  $("tournament-leave").addEventListener("click", () => void leave(shown));
  // *Claim the match* and *Play on* (tournament-claim-view.js): the claim, or the answer voiding one, signed and sent.
  $("tournament-claim").addEventListener("click", (event) => {
    const button = /** @type {HTMLElement} */ (event.target).closest("button[data-act]");
    if (!(button instanceof HTMLButtonElement)) return;
    const { act, round, table, claim } = button.dataset;
    const place = { address: shown, round: Number(round), table: Number(table), createdAt: nowSeconds() };
    const template = act === "claim" ? claimTemplate(place) : answerTemplate({ ...place, claim: String(claim) });
    button.disabled = true;
    void send(signer.sign(template))
      .then(() => panelMessage(() => (act === "claim" ? t("tournament.saidClaimed") : t("tournament.saidAnswered")), { info: true }))
      .catch(() => panelMessage(() => t("tournament.notTaken")))
      .finally(() => void render());
  });
  $("tournament-copy-link").addEventListener("click", () => {
    const link = /** @type {HTMLInputElement} */ ($("tournament-link"));
    void shared.copyText(link.value, link).then((copied) => ctx.say(copied ? t("tournament.copied") : t("tournament.notCopied")));
  });
  $("tournament-close-now").addEventListener("click", () => {
    const address = shown;
    parts = parts.then(() => closeRegistration(address, "asked")).catch(() => {});
    void parts.then(render);
  });
  panel.addEventListener("close", () => void (shown = ""));
  // A match starting closes the lobby: the panel over it goes with it.
  ctx.lobbyDialog.addEventListener("close", () => {
    if (panel.open) panel.close();
  });
  /** *Play your match* is acting: a second press meanwhile (a double click) does nothing, and the button keeps the
   * focus (a disabled one would lose it). */
  let playing = false;
  $("tournament-play").addEventListener("click", () => {
    const play = /** @type {HTMLButtonElement} */ ($("tournament-play"));
    const next = JSON.parse(play.dataset.pairing || "null");
    const act = play.dataset.act;
    if (!next || playing) return;
    playing = true;
    void (async () => {
      const page = await call("tournament_view", { address: next.pairing.tournament, now: nowSeconds() });
      if (act === "withdraw") {
        const withdrawn = await ctx.withdrawMatch(next.to.key, page.summary.mode);
        if (withdrawn) panelMessage(() => t("tournament.withdrawnMatch", { name: next.to.name }), { info: true });
        return;
      }
      const done = await ctx.playMatch({ to: next.to, length: page.summary.length, rated: page.summary.rated, mode: page.summary.mode, moveHours: page.summary.move_hours, pairing: next.pairing });
      const name = next.to.name;
      const links = page.summary.mode === "links";
      const words = {
        posted: () => t(links ? "tournament.postedLinks" : "tournament.posted", { name }),
        accepted: () => t("tournament.acceptedTheirs", { name }),
      };
      panelMessage(done ? words[done] : () => t("tournament.invitationNotSent"), { info: done !== null });
    })().finally(() => {
      // What the button does now (withdraw the invitation posted, play again once withdrawn) drawn before it acts again.
      void render().finally(() => void (playing = false));
    });
  });
  // The times move on, and a registration's time may end while nothing is heard.
  setInterval(() => {
    void ourPart(null);
    if (ctx.lobbyDialog.open || panel.open) void render();
  }, TICK_MS);

  // Heard last: what is heard draws the list and acts, with everything above in place.
  pool.subscribe({ kinds: [ANNOUNCEMENT_KIND, ENTRY_KIND, LEAVE_KIND, CLOSING_KIND, REVEAL_KIND, CLAIM_KIND, ANSWER_KIND, shared.resultKind], "#t": [shared.topic] }, heard);
  // What this device signed, taken in here at once and published again: a relay that lost one has it back (the
  // same events, so the relays that hold them keep one copy).
  const kept = await readTournaments();
  for (const event of [...kept.organised.flatMap((o) => [o.announcement, o.closing]), ...kept.entered.flatMap((e) => [...(e.earlier ?? []), e.entry, e.left])]) {
    if (!event) continue;
    heard(event);
    void pool.publish(/** @type {any} */ (event)).catch(() => {});
  }
  void ourPart(null);

  return {
    render,
    open: openPanel,
    openLink,
    pairingWith,
    matchNamed,
    timeLimit,
  };
}

/** @typedef {Awaited<ReturnType<typeof createTournaments>>} Tournaments */
