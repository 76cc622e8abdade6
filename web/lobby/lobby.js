// @ts-check
/**
 * The lobby (docs/lobby-events.md): the open invitations of everyone with the site open, posted and accepted over
 * the site's Nostr relays. Loaded on first use from *Play online…* → *Find an opponent*; once opened it stays connected while the
 * page is open, so one's own invitations stand and accepts of them are heard.
 *
 * Every event from a relay goes to the worker (`lobby_receive`, in batches of at most 50), and the list shows only
 * what `lobby_view` returns. An accept is answered as docs/lobby-events.md says: the accepter makes the room and
 * secret of a live match and sends them encrypted to the poster; the poster takes the first accept the worker
 * passes (`lobby_check_accept`), re-publishes its invitation as taken by that accepter, and joins that room as a
 * friend opening a link does; the accepter, seeing its own key in the taken invitation, hosts the match there as
 * a friend inviting does (web/remote/, through what web/app.js hands here).
 */
import { loadSigner, renameIdentity } from "./identity.js";
import { renderList } from "./lobby-view.js";
import { checkName } from "./name.js";
import { publishResults } from "./results.js";
import { forgetNoted, namesMet, noteLobbyMatch, notedMatches } from "./noted.js";
import { keepPosted, readPosted } from "./posted.js";
import { openPostbox } from "./letters.js";
import { inBatches } from "./batches.js";
import { renderPlaying } from "./playing-view.js";
import { renderPlayed } from "./played-view.js";
import { readBlocked, renderBlocked, setBlocked } from "./blocked.js";
import { markOfKey } from "./mark.js";
import { drawMark } from "./mark-view.js";
import { openKeyval } from "../keyval.js";
import { copyText } from "../copy.js";
import { LANGUAGE_CHANGED, t } from "../i18n/i18n.js";
// The tournament's event templates are small and share events.js with the page's start: here, rather than split
// out with it into a file of their own; the rest of tournaments loads with the lobby (tournaments.js).
import {
  ANNOUNCEMENT_KIND, ANSWER_KIND, CLAIM_KIND, CLOSING_KIND, ENTRY_KIND, LEAVE_KIND, REVEAL_KIND,
  announcementTemplate, answerTemplate, claimTemplate, closingTemplate, entryTemplate, leaveTemplate, newTournamentId,
  revealTemplate,
} from "./tournament-events.js";
import {
  ACCEPT_KIND, EXPIRES_AFTER_S, INVITATION_KIND, REPUBLISH_S, RESULT_KIND, TOPIC, WATCH_KIND,
  acceptContent, acceptTemplate, invitationTemplate, newInvitationId, nowSeconds,
} from "./events.js";

/**
 * @typedef {object} LobbyContext
 * @property {string} namespace
 * @property {import("../types.js").Call} call
 * @property {(text: string) => void} say
 * @property {(text: string) => void} notice  a notice the player sees (and the announcer says)
 * @property {string[]} relays  the site's relays (web/relays.js)
 * @property {string} defaultName  the name the page knows the player by, for a new identity
 * @property {() => Promise<{room: string, secret: string}>} newRoom  a live invitation's room and secret (web/remote/link.js)
 * @property {(match: {name: string, length: number, rated: boolean, invitation: {room: string, secret: string}, timeout?: number, opponent?: string}) => Promise<void>} hostLive
 *   host a live match in that room, as a friend's invitation does (`timeout`: a tournament's time limit, in seconds;
 *   `opponent`: the poster's name)
 * @property {(invitation: {room: string, secret: string}, answer: {name: string, length: number, rated: boolean}) => Promise<void>} joinLive
 *   join the live match hosted in that room, with these terms agreed already
 * @property {import("./results.js").PublishContext["find"]} find  the match on two devices kept with a room or id
 * @property {(match: Watched) => void} watch  follow a match being played (web/lobby/watch-mode.js)
 * @property {(opened: {record: object, summary: Record<string, any>, name: string}) => void} review  open a
 *   record in review (a tournament's finished match)
 * @property {(terms: {name: string, length: number, rated: boolean, timeout?: number, opponent?: string}) => Promise<{match: string, payload: string, revision: number}>} hostLinks
 *   host a match by links (the accepter): its invitation's turn link
 * @property {(payload: string, agreed: {name: string, rated: boolean}) => Promise<void>} joinLinks  join one (the poster)
 * @property {(payload: string) => Promise<void>} takeLetter  a turn link a letter brought, into its match
 * @property {(id: string, revision: number) => Promise<void>} markSent  a turn's letter is out
 * @property {(id: string) => Promise<void>} dropUnjoined  the accepter's match, another accepter having been first
 * @property {() => void} ratingsChanged  new verified results came: the ratings shown elsewhere are drawn again
 * @property {(listener: () => void) => void} engineRestored  `listener` called each time a new engine worker took over
 * @property {() => Promise<string | null>} livePlaying  the opponent's name while a live match is being played here
 *   (a match the lobby started would take its place), else null
 */

/**
 * @typedef {object} LinksWaiting  an accept by links sent from here, waiting for the poster's answer
 * @property {string} name  the poster's
 * @property {string} match  the match made here for it ("" while it is being made)
 * @property {string} [answer]  who took the invitation, heard while the match was being made ("" withdrawn)
 */

/** How long an invitation by links may stay listed, in hours, by the form's choice (7 days at most: the core). */
const LINKS_HOURS = [1, 24, 72, 168];

/**
 * @typedef {object} Watched  a match being played, as the list offers it to watch
 * @property {string} address  its invitation's address, which its watched messages name
 * @property {[string, string]} players  the poster's key and the accepter's
 * @property {[string, string]} names  their names as the invitation gives them
 */

/** Events handed to the worker at once, at most (docs/performance.md). */
const BATCH = 50;
/** How long an accepter waits for the poster's answer before saying so. */
const ANSWER_WAIT_MS = 45_000;

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * @typedef {object} Mine  an invitation of this player's, standing while the page is open
 * @property {string} d
 * @property {import("./events.js").Terms} terms
 * @property {number} createdAt  of the version last published
 * @property {number} expires
 * @property {"open" | "taking" | "closed"} state
 * @property {ReturnType<typeof setInterval> | null} timer  a live one's re-publication (one by links is kept by the
 *   relays until it expires, and on this device: web/lobby/posted.js)
 * @property {import("./noted.js").Pairing} [pairing]  *Play your match*: the tournament's pairing the match is for,
 *   which its note and result name (kept with an invitation by links: posted.js keeps the whole of it)
 */

/**
 * @typedef {object} MatchInvitations  between this player and a tournament's opponent, with the tournament's terms
 * @property {boolean} theirs  the opponent's invitation for this player is open (to accept)
 * @property {boolean} posted  this player's own for the opponent is open (waiting for them)
 * @property {boolean} busy  the opponent plays a match listed as being played, not with this player
 */

/** @param {LobbyContext} ctx */
export async function createLobby(ctx) {
  const { call } = ctx;
  const signer = await loadSigner({ namespace: ctx.namespace, defaultName: ctx.defaultName });
  const { openPool } = await import("./relay-pool.js");
  const pool = openPool(ctx.relays);
  const dialog = /** @type {HTMLDialogElement} */ ($("lobby-dialog"));
  const form = /** @type {HTMLFormElement} */ ($("lobby-form"));
  const field = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
  /** @type {Map<string, Mine>} */
  const mine = new Map();
  /**
   * Invitations by links accepted here, by poster and id, until their taken version names who took them; `match`
   * is "" while the match is being made, and an answer heard meanwhile waits in `answer` until it is made.
   */
  /** @type {Map<string, LinksWaiting>} */
  const linksWaiting = new Map();
  /** When this device first saw each invitation (its re-publications carry new times). */
  const firstSeen = new Map();
  /** @type {{poster: string, d: string, name: string, watch: boolean, terms: import("../types.generated.js").Invitation, invitation: {room: string, secret: string}, pairing: import("./noted.js").Pairing | null, timer: ReturnType<typeof setTimeout>} | null} */
  let pending = null;
  let name = signer.name || checkedOr(ctx.defaultName);
  // The list's drawing (render, below): declared before anything is heard, since what is heard draws it.
  /** @type {Promise<void> | null} */
  let drawing = null;
  let drawAgain = false;
  /** The tournaments' panel drawn again: what it says of the next match follows the invitations (set once loaded). */
  let tournamentsChanged = () => {};

  /** The message shown, as a function that writes it in the language in force (a switch writes it again). */
  let messageWords = () => "";
  /** The message shown says what is wrong with the name: it goes once a name passes. */
  let nameRefused = false;
  /**
   * The lobby's message line: a refusal or failure (red), or with `info`, news of what was done (the ink's colour);
   * `quiet`: not said again (the news is said elsewhere).
   * @param {string | (() => string)} words @param {{info?: boolean, quiet?: boolean}} [how]
   */
  const message = (words, { info = false, quiet = false } = {}) => {
    nameRefused = false;
    messageWords = typeof words === "function" ? words : () => words;
    const text = messageWords();
    $("lobby-message").textContent = text;
    $("lobby-message").classList.toggle("form-info", info);
    if (text && !quiet) ctx.say(text);
  };
  /** What a name typed says is wrong with it, in the language in force ("" once it passes). @param {string} typed */
  const nameError = (typed) => {
    const checked = checkName(typed);
    return checked.ok ? "" : checked.error;
  };
  /** @param {() => string} words why the name typed is refused */
  const refuseName = (words) => {
    message(words);
    nameRefused = true;
  };
  const namePassed = () => {
    if (nameRefused) message("");
  };

  // ---- from the relays to the worker -------------------------------------------------------------------------

  const heard = inBatches(async (batch) => {
    const changes = await call("lobby_receive", { events: batch });
    for (const taken of changes.taken) answered(taken.poster, taken.d, taken.by);
    for (const removed of changes.removed) if (pending && removed.poster === pending.poster && removed.d === pending.d) answered(removed.poster, removed.d, "");
    if (changes.results) ctx.ratingsChanged();
    if (changes.added.length || changes.removed.length || changes.taken.length || changes.results || changes.ended.length) {
      tournamentsChanged();
      await render();
    }
    if (changes.added.length) void acceptCrossed();
    const busy = changes.refused?.busy ?? 0;
    return batch.slice(batch.length - busy); // the worker asks for these again
  }, BATCH);

  // The players blocked here, before anything is heard: their events are refused from the first.
  const blockedList = /** @type {HTMLDetailsElement} */ ($("lobby-blocked"));
  const blocked = await readBlocked(ctx.namespace);
  await call("lobby_block", { keys: blocked.map((b) => b.key) });
  renderBlocked(blockedList, blocked);

  // Accepts by links sent before this page opened, their match not started yet (the page closed before the
  // poster's answer): the invitation's taken version, heard again now, says whether it starts.
  for (const noted of await notedMatches(ctx.namespace)) {
    const [, poster, d] = (noted.address ?? "").split(":");
    if (noted.match && !noted.published && noted.me === signer.publicKey && poster === noted.opponent) {
      linksWaiting.set(`${poster}:${d}`, { name: noted.opponentName ?? "", match: noted.match });
    }
  }
  // A new engine worker holds nothing the lobby heard (web/engine/engine.js gives it the match only): the players
  // blocked here handed over again, then everything asked of the relays again from the start.
  ctx.engineRestored(() => void (async () => {
    await call("lobby_block", { keys: (await readBlocked(ctx.namespace)).map((b) => b.key) });
    pool.again();
  })().catch((error) => console.error("The lobby could not be given to the new engine:", error)));
  const invitationsWanted = () => pool.subscribe({ kinds: [INVITATION_KIND], "#t": [TOPIC] }, heard);
  let invitations = invitationsWanted();
  pool.subscribe({ kinds: [ACCEPT_KIND], "#p": [signer.publicKey] }, (event) => void acceptHeard(event));
  // Everyone's results: a rating shown here is computed from the results both its players signed.
  pool.subscribe({ kinds: [RESULT_KIND], "#t": [TOPIC] }, heard);
  // This player's results of matches that ended while no relay took them (or the page closed first).
  void publishResults({ namespace: ctx.namespace, call, publish: (event) => pool.publish(event), find: ctx.find }).catch(() => {});
  // This player's invitations by links still listed, and the letters of matches by links.
  for (const posted of await readPosted(ctx.namespace, nowSeconds())) mine.set(posted.d, { ...posted, state: "open", timer: null });
  const postbox = openPostbox({ namespace: ctx.namespace, call, signer, subscribe: pool.subscribe, publish: pool.publish, heard: letterHeard });
  // Tournaments (their code loaded now, with the lobby, not at the page's start).
  const tournaments = import("./tournaments.js").then(({ createTournaments }) =>
    createTournaments({
      namespace: ctx.namespace, call, signer, pool, say: ctx.say, notice: ctx.notice, message, chosenName, form, lobbyDialog: dialog, playMatch,
      matchInvitations, withdrawMatch,
      watch: ctx.watch, review: ctx.review, ownRecord,
      shared: {
        inBatches, nowSeconds, topic: TOPIC, resultKind: RESULT_KIND, watchKind: WATCH_KIND, checkName, markOfKey, drawMark, openKeyval, copyText,
        events: {
          ANNOUNCEMENT_KIND, ANSWER_KIND, CLAIM_KIND, CLOSING_KIND, ENTRY_KIND, LEAVE_KIND, REVEAL_KIND,
          announcementTemplate, answerTemplate, claimTemplate, closingTemplate, entryTemplate, leaveTemplate,
          newTournamentId, revealTemplate,
        },
      },
    }),
  );
  tournaments.then((module) => void (tournamentsChanged = () => void module.render()), (error) => console.error("Tournaments could not start:", error));
  const connectionWords = () => t("lobby.lookingOn", { n: ctx.relays.length });
  $("lobby-connection").textContent = connectionWords();
  // A language switch: what was written here follows at once (the marked words follow by themselves).
  document.addEventListener(LANGUAGE_CHANGED, () => {
    $("lobby-connection").textContent = connectionWords();
    $("lobby-message").textContent = messageWords();
    void readBlocked(ctx.namespace).then((list) => renderBlocked(blockedList, list));
    void render();
  });

  // ---- the list ----------------------------------------------------------------------------------------------

  /** @returns {import("./lobby-view.js").Filters} */
  function filters() {
    const number = (/** @type {string} */ key) => (field(key).value === "" ? null : Number(field(key).value));
    const mode = field("filter-mode").value;
    const rated = field("filter-rated").value;
    return {
      length: number("filter-length"),
      mode: mode === "live" || mode === "links" ? mode : null,
      rated: rated === "" ? null : rated === "yes",
      min: number("filter-min"),
      max: number("filter-max"),
    };
  }

  /**
   * Draw the list as the worker holds it now. One drawing at a time (a long list is drawn in pieces): asked for
   * meanwhile, it runs once more when the current one ends, and whoever asked waits for that.
   * @returns {Promise<void>}
   */
  async function render() {
    if (drawing) {
      drawAgain = true;
      return drawing;
    }
    drawing = (async () => {
      try {
        do {
          drawAgain = false;
          await drawList();
        } while (drawAgain);
      } finally {
        drawing = null;
      }
    })();
    return drawing;
  }

  async function drawList() {
    if (!dialog.open) return;
    const view = await call("lobby_view", { me: signer.publicKey });
    const now = nowSeconds();
    const names = await namesMet(ctx.namespace);
    for (const { invitation } of view.invitations) {
      const key = `${invitation.poster}:${invitation.d}`;
      if (!firstSeen.has(key)) firstSeen.set(key, Math.min(now, invitation.created_at));
    }
    $("lobby-results").textContent = resultsWords(view.verified_results, view.claimed_results);
    await renderPlayed(/** @type {HTMLDetailsElement} */ ($("lobby-played")), view.played, names);
    await renderPlaying(/** @type {HTMLElement} */ ($("lobby-playing")), view.playing, signer.publicKey);
    await renderList($("lobby-list"), {
      items: view.invitations,
      filters: filters(),
      me: signer.publicKey,
      names,
      matches: await tournamentMatches(view.invitations),
      firstSeen: (invitation) => firstSeen.get(`${invitation.poster}:${invitation.d}`) ?? now,
      now,
    });
  }

  /**
   * The invitations for one player alone that are a tournament's match (*Play your match*), named by their tournament
   * and round, by poster and id.
   * @param {import("../types.generated.js").InvitationView[]} items
   */
  async function tournamentMatches(items) {
    /** @type {Map<string, {tournament: string, round: string, name: string}>} */
    const named = new Map();
    for (const { invitation } of items) {
      if (invitation.to === null) continue;
      const other = invitation.poster === signer.publicKey ? invitation.to : invitation.to === signer.publicKey ? invitation.poster : null;
      if (other === null) continue;
      const match = await tournaments.then((module) => module.matchNamed(other, invitation), () => null);
      if (match) named.set(`${invitation.poster}:${invitation.d}`, match);
    }
    return named;
  }

  // ---- posting one's own ---------------------------------------------------------------------------------------

  /**
   * Publish a version of one of this player's invitations, and take it in here at once (the poster's device must
   * hold it to check accepts of it).
   * @param {Mine} own @param {"open" | "taken" | "withdrawn"} state @param {{key: string, name: string}} [accepter]
   */
  async function publish(own, state, accepter) {
    // Relays keep the newest per `d`; two versions in one second would leave the first.
    own.createdAt = Math.max(nowSeconds(), own.createdAt + 1);
    own.expires = Math.max(own.expires, own.createdAt + EXPIRES_AFTER_S);
    const event = signer.sign(invitationTemplate({ d: own.d, terms: own.terms, state, with: accepter?.key, takenName: accepter?.name, createdAt: own.createdAt, expires: own.expires }));
    heard(event);
    await pool.publish(event);
  }

  /**
   * *Play your match* (a tournament's panel): an invitation for the opponent alone, with the tournament's terms,
   * live or by links as the tournament is; the match it starts names its pairing, and so does its result. One by
   * links stays listed for the tournament's time to move (7 days at most, as any invitation by links). When the
   * opponent has pressed it first, their invitation for this player is the match: it is accepted, not crossed by
   * a second that would wait for an accept of its own.
   * @param {{to: {key: string, name: string}, length: number, rated: boolean, mode: "live" | "links", moveHours: number | null, pairing: import("./noted.js").Pairing}} match
   * @returns {Promise<"posted" | "accepted" | null>} what was done (null: nothing, the message says why)
   */
  async function playMatch({ to, length, rated, mode, moveHours, pairing }) {
    if ((await chosenName()) === null) return null;
    // (Not while this player waits for the answer to another accept: their invitation stays to accept later.)
    const theirs = pending ? null : await invitationFor(to.key, { length, rated, mode });
    if (theirs) {
      await accept(theirs.poster, theirs.d);
      return "accepted";
    }
    // Pressed again: the invitation posted stands (a second would list the opponent two of the same).
    if ([...mine.values()].some((own) => own.state === "open" && own.terms.to === to.key && own.terms.mode === mode)) return "posted";
    const links = mode === "links";
    /** @type {Mine} */
    const own = {
      d: newInvitationId(),
      terms: { name, length, mode, rated, min: null, max: null, to: to.key, watch: links ? false : field("watchable").checked },
      createdAt: 0,
      expires: links ? nowSeconds() + Math.min(moveHours ?? 24, Math.max(...LINKS_HOURS)) * 3600 : 0,
      state: "open",
      timer: null,
      pairing,
    };
    mine.set(own.d, own);
    try {
      if (links) await keepPosted(ctx.namespace, own, true);
      await publish(own, "open");
      if (!links) own.timer = setInterval(() => void republish(own), REPUBLISH_S * 1000);
      // The opponent's may have come while this one was posted (both pressed at once).
      void acceptCrossed();
      return "posted";
    } catch {
      if (links) await keepPosted(ctx.namespace, own, false).catch(() => {});
      return null;
    }
  }

  /**
   * Where *Play your match* stands with `opponent`: their invitation for this player, this player's own for them, and
   * whether they are playing a match listed as being played (not with this player).
   * @param {string} opponent @param {{length: number, rated: boolean, mode: string}} terms
   * @returns {Promise<MatchInvitations>}
   */
  async function matchInvitations(opponent, terms) {
    const me = signer.publicKey;
    const view = await call("lobby_view", { me });
    const theirs = view.invitations.some(({ invitation: i }) =>
      i.poster === opponent && i.to === me && i.length === terms.length && i.rated === terms.rated && i.mode === terms.mode);
    const posted = [...mine.values()].some((own) => own.state === "open" && own.terms.to === opponent && own.terms.mode === terms.mode);
    const busy = view.playing.some(({ invitation: i }) => (i.poster === opponent || i.taken_by === opponent) && i.poster !== me && i.taken_by !== me);
    return { theirs, posted, busy };
  }

  /**
   * This player's open invitation for `opponent` (*Play your match*) withdrawn.
   * @param {string} opponent @param {string} mode @returns {Promise<boolean>} false: none was open
   */
  async function withdrawMatch(opponent, mode) {
    const own = [...mine.values()].find((o) => o.state === "open" && o.terms.to === opponent && o.terms.mode === mode);
    if (!own) return false;
    await cancel(own.d);
    await render();
    return true;
  }

  /**
   * The open invitation from `poster` for this player alone with these terms (a tournament's pairing posted by
   * the opponent), or null.
   * @param {string} poster @param {{length: number, rated: boolean, mode: string}} terms
   */
  async function invitationFor(poster, { length, rated, mode }) {
    const view = await call("lobby_view", { me: signer.publicKey });
    const item = view.invitations.find(({ invitation: i }) =>
      i.poster === poster && i.to === signer.publicKey && i.length === length && i.rated === rated && i.mode === mode);
    return item?.invitation ?? null;
  }

  /**
   * Both players of a pairing pressed *Play your match* at once: two invitations for each other, each waiting for
   * an accept. One match is to start: the device with the smaller key withdraws its own and accepts the other's;
   * the other's waits for that accept, as for any.
   */
  async function acceptCrossed() {
    for (const own of [...mine.values()]) {
      const opponent = own.terms.to;
      if (own.state !== "open" || !own.pairing || !opponent || signer.publicKey > opponent || pending) continue;
      const theirs = await invitationFor(opponent, own.terms);
      if (!theirs || own.state !== "open" || pending) continue;
      await close(own, "withdrawn").catch(() => {});
      await accept(theirs.poster, theirs.d);
    }
  }

  /**
   * This device's record of its own match for a tournament's pairing (its noted match, kept where matches on two
   * devices are), with its transcript: null when it was not played here.
   * @param {import("./noted.js").Pairing} pairing @returns {Promise<object | null>}
   */
  async function ownRecord(pairing) {
    const same = (/** @type {import("./noted.js").LobbyMatch} */ m) =>
      m.me === signer.publicKey && m.pairing?.tournament === pairing.tournament && m.pairing.round === pairing.round && m.pairing.table === pairing.table;
    const noted = (await notedMatches(ctx.namespace)).filter(same).at(-1);
    const entry = noted ? (await ctx.find(noted))?.entry : null;
    if (!entry?.state) return null;
    return (await call("remote_record", { state: entry.state }).catch(() => null))?.record ?? null;
  }

  /**
   * The name in the form, checked and kept with the identity (null: the message says why not).
   * @returns {Promise<string | null>}
   */
  async function chosenName() {
    const checked = checkName(field("name").value);
    if (!checked.ok) {
      const typed = field("name").value;
      refuseName(() => nameError(typed));
      return null;
    }
    namePassed();
    if (checked.name !== name || checked.name !== signer.name) {
      name = checked.name;
      signer.name = name;
      await renameIdentity(ctx.namespace, name);
    }
    return name;
  }

  /**
   * Post an invitation with the terms of the form, for anyone or (inviting again) for one player.
   * @param {{key: string, name: string} | null} [to]
   */
  async function post(to = null) {
    if (await playingLive()) return;
    if ((await chosenName()) === null) return;
    const length = Number(field("length").value);
    if (!(Number.isInteger(length) && length >= 1 && length <= 25)) return message(() => t("lobby.lengthRange"));
    const rated = field("rated").checked;
    const bound = (/** @type {string} */ key) => (rated && field(key).value !== "" ? Math.round(Number(field(key).value)) : null);
    const [min, max] = [bound("min"), bound("max")];
    if ((min !== null && (min < 0 || min > 9999)) || (max !== null && (max < 0 || max > 9999)) || (min !== null && max !== null && min > max)) {
      return message(() => t("lobby.ratingRange"));
    }
    const modeValue = (/** @type {RadioNodeList} */ (form.elements.namedItem("mode"))).value;
    const links = modeValue === "links";
    const hours = LINKS_HOURS.includes(Number(field("links-hours").value)) ? Number(field("links-hours").value) : 24;
    /** @type {Mine} */
    const own = {
      d: newInvitationId(),
      // A match by links is not watched: its turns go between the two players only.
      terms: { name, length, mode: links ? "links" : "live", rated, min, max, to: to?.key ?? null, watch: links ? false : field("watchable").checked },
      createdAt: 0,
      expires: links ? nowSeconds() + hours * 3600 : 0,
      state: "open",
      timer: null,
    };
    mine.set(own.d, own);
    message("");
    try {
      // Kept before it is published: a page closed as soon as the invitation shows must still take its accept.
      if (links) await keepPosted(ctx.namespace, own, true);
      await publish(own, "open");
      // Counted from the version published, so that the next is two whole minutes later.
      if (!links && own.state === "open") own.timer = setInterval(() => void republish(own), REPUBLISH_S * 1000);
      // How long it is listed: while the page is open (live), or by links the time chosen.
      const listed = !links ? "live" : hours === 1 ? "hour" : hours === 24 ? "day" : "days";
      const days = hours / 24;
      ctx.say(to ? t("lobby.postedFor", { name: to.name, listed, days }) : t("lobby.posted", { listed, days }));
    } catch {
      if (links) await keepPosted(ctx.namespace, own, false).catch(() => {});
      message(() => t("lobby.postFailed"));
    }
  }

  /** @param {Mine} own */
  async function republish(own) {
    if (own.state !== "open") return;
    await publish(own, "open").catch(() => {});
  }

  /** @param {Mine} own @param {"taken" | "withdrawn"} state @param {{key: string, name: string}} [accepter] */
  async function close(own, state, accepter) {
    own.state = "closed";
    if (own.timer !== null) clearInterval(own.timer);
    mine.delete(own.d);
    if (own.terms.mode === "links") await keepPosted(ctx.namespace, own, false);
    await publish(own, state, accepter);
  }

  /** @param {string} d */
  async function cancel(d) {
    const own = mine.get(d);
    if (!own || own.state !== "open") return;
    await close(own, "withdrawn").catch(() => {});
    ctx.say(t("lobby.withdrawnSaid"));
  }

  /**
   * Whether a live match is being played here: then the lobby starts no other (it would take that match's place on
   * the page without a word to either player), and says why.
   */
  async function playingLive() {
    const opponent = await ctx.livePlaying();
    if (opponent !== null) message(() => t("lobby.finishLiveFirst", { name: opponent }));
    return opponent !== null;
  }

  /**
   * A live match of this player's starts: their other live invitations standing are withdrawn (one player, one
   * live match at a time). @param {string} except  the invitation taken
   */
  function withdrawOtherLive(except) {
    for (const own of mine.values()) {
      if (own.d !== except && own.state === "open" && own.terms.mode === "live") void close(own, "withdrawn").catch(() => {});
    }
  }

  // The page closing withdraws the live invitations that stand (best effort: the expiration clears them otherwise);
  // those by links stay listed for the time their poster chose.
  addEventListener("pagehide", () => {
    for (const own of [...mine.values()]) if (own.state === "open" && own.terms.mode === "live") void close(own, "withdrawn").catch(() => {});
  });

  /**
   * An accept addressed to this player: the first one the worker passes takes the invitation.
   * @param {Record<string, any>} event
   */
  async function acceptHeard(event) {
    /** @type {string} */
    let text;
    try {
      text = signer.decryptFrom(String(event.pubkey), String(event.content));
    } catch {
      return; // not encrypted to this key: nothing to answer
    }
    /** @type {import("../types.generated.js").AcceptCheck} */
    let checked;
    try {
      checked = await call("lobby_check_accept", { event, content: text });
    } catch {
      return; // refused by the worker's checks (the other accepter reads "taken" from the invitation)
    }
    const own = mine.get(checked.invitation.d);
    const content = checked.content;
    if (!own || own.state !== "open" || checked.invitation.poster !== signer.publicKey || !content?.room || !content.secret) return;
    // Playing a live match here already (one of two invitations taken a moment before): this one is withdrawn,
    // and its accepter reads so, rather than the match shown being left without a word.
    if (own.terms.mode === "live" && (await ctx.livePlaying()) !== null) {
      await close(own, "withdrawn").catch(() => {});
      return;
    }
    own.state = "taking";
    // Watching is off for the match if either player turned it off: the taken version says so to every list.
    own.terms = { ...own.terms, watch: own.terms.watch !== false && content.watch !== false };
    const accepter = { key: checked.accepter, name: content.name };
    await close(own, "taken", accepter).catch(() => {});
    withdrawOtherLive(own.d);
    if (dialog.open) dialog.close();
    ctx.say(t("lobby.acceptedSaid", { name: content.name }));
    await noteLobbyMatch(ctx.namespace, {
      room: content.room, me: signer.publicKey, opponent: checked.accepter, opponentName: content.name,
      address: `${INVITATION_KIND}:${signer.publicKey}:${own.d}`, watch: own.terms.watch !== false,
      taken: { d: own.d, terms: own.terms, with: accepter.key, takenName: accepter.name, createdAt: own.createdAt, expires: own.expires },
      ...(own.pairing ? { pairing: own.pairing } : {}),
    });
    await ctx.joinLive({ room: content.room, secret: content.secret }, { name: own.terms.name, length: own.terms.length, rated: own.terms.rated });
  }

  // ---- accepting another's -------------------------------------------------------------------------------------

  /** @param {string} poster @param {string} d */
  async function accept(poster, d) {
    if (pending) return message(() => t("lobby.alreadyWaiting"));
    if (await playingLive()) return;
    const typed = field("name").value;
    const checked = checkName(typed);
    if (!checked.ok) return refuseName(() => t("lobby.nameFirst", { error: nameError(typed) }));
    namePassed();
    name = checked.name;
    const status = await call("lobby_status", { poster, d });
    // With this player's key: an invitation for them alone is among those it answers.
    const view = await call("lobby_view", { me: signer.publicKey });
    const item = view.invitations.find(({ invitation }) => invitation.poster === poster && invitation.d === d);
    if (status.status !== "open" || !item) return message(() => t("lobby.alreadyTakenBefore"));
    const terms = item.invitation;
    if (terms.mode === "links") return acceptLinks(terms);
    const invitation = await ctx.newRoom();
    const watch = field("watchable").checked;
    // An invitation for this player alone from their opponent in a tournament, with its terms: their match there.
    const pairing = terms.to === signer.publicKey ? await tournaments.then((t) => t.pairingWith(poster, terms), () => null) : null;
    const encrypted = signer.encryptTo(poster, acceptContent({ name, room: invitation.room, secret: invitation.secret, watch }));
    const event = signer.sign(acceptTemplate({ poster, d, encrypted, createdAt: nowSeconds() }));
    pending = {
      poster, d, name, terms, invitation, watch, pairing,
      timer: setTimeout(() => {
        pending = null;
        message(() => t("lobby.noAnswer", { name: terms.name }));
      }, ANSWER_WAIT_MS),
    };
    message(() => t("lobby.waitingAnswer", { name: terms.name }));
    // Taken while this accept was being made (the awaits above): no answer would come, so it is given now.
    const since = await call("lobby_status", { poster, d });
    if (since.status !== "open") return answered(poster, d, since.taken_by ?? "");
    try {
      await pool.publish(event);
    } catch {
      clearTimeout(pending.timer);
      pending = null;
      message(() => t("lobby.acceptFailed"));
    }
  }

  /**
   * Accept an invitation by links: this device hosts the match and sends its invitation to the poster as a letter;
   * the poster's device joins it when it reads the letter (now, or when its game next opens), and publishes the
   * invitation as taken by whoever's letter it read first.
   * @param {import("../types.generated.js").Invitation} terms
   */
  async function acceptLinks(terms) {
    const address = `${INVITATION_KIND}:${terms.poster}:${terms.d}`;
    // Waiting from the first: the poster's taken version (another's accept) may come while the match is made.
    const key = `${terms.poster}:${terms.d}`;
    /** @type {LinksWaiting} */
    const waiting = { name: terms.name, match: "" };
    linksWaiting.set(key, waiting);
    if (dialog.open) dialog.close();
    // An invitation for this player alone from their opponent in a tournament by links: their match there, noted
    // with its pairing as the poster notes it (letterHeard), so that the two results signed are the same.
    const pairing = terms.to === signer.publicKey ? await tournaments.then((t) => t.pairingWith(terms.poster, terms), () => null) : null;
    // A tournament's match takes its time limit from the tournament (docs/tournaments.md *Claims*).
    const timeout = pairing ? await tournaments.then((t) => t.timeLimit(pairing.tournament), () => undefined) : undefined;
    const hosted = await ctx.hostLinks({ name, length: terms.length, rated: terms.rated, timeout, opponent: terms.name });
    waiting.match = hosted.match;
    await noteLobbyMatch(ctx.namespace, {
      match: hosted.match, me: signer.publicKey, opponent: terms.poster, opponentName: terms.name, address, watch: false,
      ...(pairing ? { pairing } : {}),
    });
    if (waiting.answer !== undefined) return linksAnswered(waiting, waiting.answer);
    try {
      await postbox.send({ to: terms.poster, address, match: hosted.match, rev: hosted.revision, payload: hosted.payload });
    } catch {
      linksWaiting.delete(key);
      ctx.say(t("lobby.linksAcceptFailed"));
      return;
    }
    await ctx.markSent(hosted.match, hosted.revision);
    if (linksWaiting.has(key)) ctx.say(t("lobby.linksAcceptSent", { name: terms.name }));
  }

  /**
   * A whole turn link a letter brought: the first accept of one of this player's invitations by links (the
   * accepter's invitation to the match), or a turn of a match by links the lobby started.
   * @param {import("./letters.js").Heard} letter
   */
  async function letterHeard({ sender, address, match, payload }) {
    const noted = (await notedMatches(ctx.namespace)).find((m) => m.match === match);
    if (noted) {
      if (noted.opponent === sender && noted.me === signer.publicKey) await ctx.takeLetter(payload);
      return;
    }
    const [, poster, d] = address.split(":");
    const own = poster === signer.publicKey ? mine.get(d) : undefined;
    if (!own || own.state !== "open" || own.terms.mode !== "links" || (own.terms.to && own.terms.to !== sender)) return;
    /** @type {import("../types.generated.js").LinkInfo} */
    let read;
    try {
      read = await call("remote_read_link", { payload });
    } catch {
      return; // not a turn link the protocol reads
    }
    // The accepter's invitation must offer the terms posted.
    if (!read.invitation || Number(read.rules?.settings?.match_length) !== own.terms.length) return;
    if ((typeof read.ratings?.[read.host] === "number") !== own.terms.rated) return;
    own.state = "taking";
    const accepterName = read.names[read.host] ?? "A player";
    await close(own, "taken", { key: sender, name: accepterName }).catch(() => {});
    await noteLobbyMatch(ctx.namespace, {
      match, me: signer.publicKey, opponent: sender, opponentName: accepterName, address, watch: false,
      ...(own.pairing ? { pairing: own.pairing } : {}),
    });
    if (dialog.open) dialog.close();
    ctx.say(t("lobby.linksAcceptedSaid", { name: accepterName }));
    await ctx.joinLinks(payload, { name: own.terms.name, rated: own.terms.rated });
  }

  /**
   * The poster's answer to an accept by links, once its match is made here: by this player, the poster's join
   * comes as a letter; by another, or withdrawn, the match made for it goes.
   * @param {LinksWaiting} links @param {string} by
   */
  async function linksAnswered(links, by) {
    if (by === signer.publicKey) return;
    const whose = links.name;
    if (by) ctx.notice(whose ? t("lobby.linksTaken", { name: whose }) : t("lobby.linksTakenUnnamed"));
    else ctx.notice(whose ? t("lobby.linksWithdrawn", { name: whose }) : t("lobby.linksWithdrawnUnnamed"));
    await ctx.dropUnjoined(links.match);
    // Its note goes with it, unless it was joined meanwhile (a note of a match kept nowhere would only make every
    // start connect to the lobby for its result).
    if (!(await ctx.find({ match: links.match }))) await forgetNoted(ctx.namespace, { match: links.match });
  }

  /**
   * The invitation an accept waits on changed: taken by this player (the match starts, hosted here), by another
   * ("already taken"), or withdrawn (by: "").
   * @param {string} poster @param {string} d @param {string} by
   */
  function answered(poster, d, by) {
    const links = linksWaiting.get(`${poster}:${d}`);
    if (links) {
      linksWaiting.delete(`${poster}:${d}`);
      if (links.match) void linksAnswered(links, by);
      else links.answer = by; // answered once the match is made (acceptLinks)
      return;
    }
    const waited = pending;
    if (!waited || waited.poster !== poster || waited.d !== d) return;
    clearTimeout(waited.timer);
    pending = null;
    if (by !== signer.publicKey) {
      message(by ? () => t("lobby.alreadyTaken") : () => t("lobby.withdrawn"));
      return;
    }
    message("");
    if (dialog.open) dialog.close();
    withdrawOtherLive("");
    void (async () => {
      await noteLobbyMatch(ctx.namespace, {
        room: waited.invitation.room, me: signer.publicKey, opponent: poster, opponentName: waited.terms.name,
        address: `${INVITATION_KIND}:${poster}:${waited.d}`, watch: waited.watch && waited.terms.watch,
        ...(waited.pairing ? { pairing: waited.pairing } : {}),
      });
      const { pairing } = waited;
      const timeout = pairing ? await tournaments.then((t) => t.timeLimit(pairing.tournament), () => undefined) : undefined;
      await ctx.hostLive({ name: waited.name, length: waited.terms.length, rated: waited.terms.rated, invitation: waited.invitation, timeout, opponent: waited.terms.name });
    })();
  }

  // ---- blocking ------------------------------------------------------------------------------------------------

  /** @param {{key: string, name: string}} player @param {boolean} block */
  async function changeBlock(player, block) {
    const list = await setBlocked(ctx.namespace, player, block);
    await call("lobby_block", { keys: list.map((b) => b.key) });
    renderBlocked(blockedList, list);
    if (!block) {
      // Their invitations were refused meanwhile: asked for again, the relays send the ones still standing.
      invitations.close();
      invitations = invitationsWanted();
    }
    ctx.say(block ? t("lobby.blockedSaid", { name: player.name }) : t("lobby.unblockedSaid", { name: player.name }));
    await render();
  }

  // ---- the dialog ----------------------------------------------------------------------------------------------

  form.addEventListener("change", (event) => {
    if (/** @type {HTMLElement} */ (event.target).closest(".lobby-filters")) void render();
  });
  $("lobby-post-button").addEventListener("click", () => void post().then(render));
  $("lobby-list").addEventListener("click", (event) => {
    const button = /** @type {HTMLElement} */ (event.target).closest("button[value]");
    if (!(button instanceof HTMLButtonElement)) return;
    const [what, poster, d] = button.value.split(":");
    if (what === "cancel") void cancel(d).then(render);
    if (what === "accept") void accept(poster, d);
    if (what === "block") {
      const name = /** @type {HTMLElement} */ (button.closest("li"))?.querySelector(".lobby-name")?.textContent ?? "";
      void changeBlock({ key: poster, name }, true);
    }
  });
  $("lobby-playing").addEventListener("click", (event) => {
    const button = /** @type {HTMLElement} */ (event.target).closest("button[value^='watch:']");
    if (!(button instanceof HTMLButtonElement)) return;
    const [, poster, d] = button.value.split(":");
    void (async () => {
      const view = await call("lobby_view", { me: signer.publicKey });
      const found = view.playing.find((p) => p.invitation.poster === poster && p.invitation.d === d);
      if (!found?.invitation.taken_by) return message(() => t("lobby.notWatchable"));
      const { invitation } = found;
      if (dialog.open) dialog.close();
      ctx.watch({ address: found.address, players: [poster, /** @type {string} */ (invitation.taken_by)], names: [invitation.name, invitation.taken_name ?? t("lobby.theirOpponent")] });
    })();
  });
  $("lobby-played-list").addEventListener("click", (event) => {
    const button = /** @type {HTMLElement} */ (event.target).closest("button[value]");
    if (!(button instanceof HTMLButtonElement)) return;
    const [what, key] = button.value.split(":");
    const name = /** @type {HTMLElement} */ (button.closest("li"))?.querySelector(".lobby-name")?.textContent ?? "";
    if (what === "invite") void post({ key, name }).then(render);
    if (what === "block") void changeBlock({ key, name }, true);
  });
  $("lobby-blocked-list").addEventListener("click", (event) => {
    const button = /** @type {HTMLElement} */ (event.target).closest("button[value^='unblock:']");
    if (!(button instanceof HTMLButtonElement)) return;
    const key = button.value.slice("unblock:".length);
    const name = button.dataset.name ?? "";
    void changeBlock({ key, name }, false);
  });
  // The times waited move on while the list is open.
  setInterval(() => void render(), 30_000);

  return {
    /** Send an event to the site's relays (resolves once one took it). @param {import("nostr-tools/pure").VerifiedEvent} event */
    publish: (event) => pool.publish(event),
    /** Hear what the site's relays hold and are sent that `filter` asks for. */
    subscribe: pool.subscribe,
    /** Send a turn link of a match by links the lobby started, as letters. */
    sendTurn: postbox.send,
    /** Open the list (it updates itself while open). */
    async open() {
      field("name").value = name;
      const waitingOn = pending?.terms.name;
      message(waitingOn === undefined ? "" : () => t("lobby.waitingAnswer", { name: waitingOn }));
      if (!dialog.open) dialog.showModal();
      await Promise.all([render(), tournaments.then((t) => t.render(), () => {})]);
    },
    /** A link to a tournament opened (`#tournament=<address>`): its panel over the open list. @param {string} address */
    openTournament: (address) => tournaments.then((t) => t.openLink(address)),
  };
}

/**
 * What the ratings shown rest on: the results both players signed, and those only one side did (never counted).
 * @param {number} verified @param {number} claimed
 */
function resultsWords(verified, claimed) {
  const rest = verified === 0 ? t("lobby.resultsNone") : t("lobby.results", { n: verified });
  return claimed === 0 ? rest : `${rest} ${t("lobby.resultsClaimed", { n: claimed })}`;
}

/** @param {string} text @returns {string} the name if it passes the checks of a name, else "" */
function checkedOr(text) {
  const checked = checkName(text);
  return checked.ok ? checked.name : "";
}

/** @typedef {Awaited<ReturnType<typeof createLobby>>} Lobby */
