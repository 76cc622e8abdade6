// @ts-check
/**
 * *Play online…* and what the lobby does while the page plays: the dialog's choices (the lobby or a friend), the
 * lobby itself (web/lobby/lobby.js, made on first use), each finished lobby match's result sent (results.js), and
 * each saved lobby match's new messages published for watchers (watched.js). Events go through the lobby's relay
 * pool when it is open, else through one kept for them.
 */
import { openDialog } from "../dialogs.js";
import { t } from "../i18n/i18n.js";
import { createLobby } from "./lobby.js";
import { ratingWords } from "./lobby-view.js";
import { changeNoted, notedMatches } from "./noted.js";
import { readPosted } from "./posted.js";
import { nowSeconds } from "./events.js";
import { publishResults } from "./results.js";
import { createWatchedPublisher } from "./watched.js";
import { openKeyval } from "../keyval.js";

/** How long after its making an entry or announcement of this device's may still wait for its part of a draw. */
const TOURNAMENT_WORK_S = 38 * 24 * 3600; // registration closes within 30 days, reveals within 7 more

/**
 * Whether this device still has its part of a tournament's draw to do: an entry not yet revealed, or a tournament
 * it organised not yet closed (web/lobby/tournament-store.js keeps them; read here without loading it, which comes
 * with the lobby).
 * @param {string} namespace
 */
async function tournamentWorkWaiting(namespace) {
  try {
    const kept = JSON.parse((await (await openKeyval(namespace)).get(`${namespace}.tournaments.v1`)) ?? "null");
    const recent = (/** @type {any} */ event) => Number(event?.created_at) > nowSeconds() - TOURNAMENT_WORK_S;
    return Boolean(
      kept?.entered?.some((/** @type {any} */ e) => !e.revealed && !e.left && recent(e.entry)) ||
      kept?.organised?.some((/** @type {any} */ o) => !o.closing && recent(o.announcement)),
    );
  } catch {
    return false; // damaged: the lobby sets it aside when it opens
  }
}

/**
 * @typedef {object} OnlineContext
 * @property {string} namespace
 * @property {import("../types.js").Call} call
 * @property {(text: string) => void} say
 * @property {(text: string) => void} notice  a notice the player sees
 * @property {(step: () => Promise<void>) => Promise<unknown>} enqueue
 * @property {() => Promise<import("../remote/friends.js").Friends>} friends  play on two devices (loaded on first use)
 * @property {(listener: () => void) => void} engineRestored  `listener` called each time a new engine worker took over
 * @property {(watched: import("./lobby.js").Watched, subscribe: import("./watch-mode.js").WatchContext["subscribe"]) => void} watch
 *   follow a match being played (the page's watch mode)
 * @property {(opened: {record: object, summary: Record<string, any>, name: string}) => void} review  open a record in
 *   review (a tournament's finished match)
 */

/** @param {OnlineContext} ctx */
export function createOnline(ctx) {
  const { namespace, call } = ctx;
  /** @type {Promise<import("./lobby.js").Lobby> | null} */
  let lobby = null;
  /** @type {import("./relay-pool.js").Pool | null} */
  let pool = null;

  const watched = createWatchedPublisher({ namespace, publish, noted: notedOf });
  /** Turns of matches by links go out one at a time, in order. */
  let courier = Promise.resolve();

  /**
   * The turn of a lobby match by links, when the match's last message is this side's and not sent yet: as letters
   * to the other player, then counted as sent.
   * @param {import("../remote/store.js").RemoteEntry} entry
   */
  async function sendTurn(entry) {
    const transcript = /** @type {{match: string, rev: number, from: number}[]} */ (entry.state?.transcript ?? []);
    const last = transcript.at(-1);
    if (!last || last.from !== entry.state.seat || last.rev <= entry.sent) return;
    const noted = (await notedMatches(namespace)).find((m) => m.match === transcript[0].match);
    if (!noted?.address) return;
    const { payload, revision } = await call("remote_link", { state: entry.state });
    const open = await connectLobby();
    await open.sendTurn({ to: noted.opponent, address: noted.address, match: noted.match ?? "", rev: revision, payload });
    await inQueue((friends) => friends.markSent(transcript[0].match, revision));
  }

  /** The relays the page names (web/relays.js: loaded with play on two devices, not at the start). */
  const siteRelays = async () => (await import("../relays.js")).pageRelays(document);
  const remoteStore = () => import("../remote/store.js");
  /**
   * The first live match kept with `room`: the one the lobby started there (a rematch, offered on the same room,
   * came after it).
   * @param {string} room
   */
  const firstInRoom = async (room) => {
    const kept = (await (await remoteStore()).listRemoteMatches(namespace)).filter(({ entry }) => entry.invitation?.room === room);
    return kept.sort((a, b) => a.entry.createdAt.localeCompare(b.entry.createdAt))[0] ?? null;
  };
  /** @param {{room?: string, match?: string, id?: string}} noted */
  const find = async (noted) => {
    const store = await remoteStore();
    const id = noted.match ?? noted.id ?? (noted.room ? (await firstInRoom(noted.room))?.id : undefined);
    return id ? store.findById(namespace, id) : null;
  };

  /**
   * The lobby's note of the live match `entry`, if the lobby started it; null for any other match, a rematch
   * offered after it on the same room too (web/remote/rematch.js). The note names the room, and from the lobby's
   * match's first save here its id as well (the first match kept with that room).
   * @param {import("../remote/store.js").RemoteEntry} entry
   * @returns {Promise<import("./noted.js").LobbyMatch | null>}
   */
  async function notedOf(entry) {
    const room = entry.mode === "live" ? entry.invitation?.room : undefined;
    const id = /** @type {{match?: string}[]} */ (entry.state?.transcript ?? [])[0]?.match;
    const noted = room && id ? (await notedMatches(namespace)).find((m) => m.room === room) : undefined;
    if (!room || !noted) return null;
    const first = noted.id ?? (await firstInRoom(room))?.id;
    if (first && !noted.id) await changeNoted(namespace, { room }, (m) => ({ ...m, id: m.id ?? first }));
    return first === id ? { ...noted, id } : null;
  }

  /** @param {import("nostr-tools/pure").VerifiedEvent} event */
  async function publish(event) {
    if (lobby) return (await lobby).publish(event);
    pool ??= (await import("./relay-pool.js")).openPool(await siteRelays());
    await pool.publish(event);
  }

  /**
   * A step of play on two devices (loaded on first use), in the page's queue.
   * @param {(friends: import("../remote/friends.js").Friends) => Promise<unknown>} step
   */
  async function inQueue(step) {
    const friends = await ctx.friends();
    await ctx.enqueue(async () => void (await step(friends)));
  }

  /**
   * The lobby, connected (made on first use, its dialog closed): its matches start as a friend's live invitation
   * does (web/remote/): the accepter hosts in the room it made, the poster joins it.
   */
  function connectLobby() {
    lobby ??= (async () => {
      const { rememberedName } = await remoteStore();
      return createLobby({
        namespace, call, say: ctx.say, notice: ctx.notice, relays: await siteRelays(), defaultName: rememberedName(), find,
        engineRestored: ctx.engineRestored,
        newRoom: async () => (await import("../remote/link.js")).newInvitation(),
        hostLive: (match) => inQueue((friends) => friends.hostLive(match)),
        joinLive: (invitation, agreed) => inQueue((friends) => friends.openInvitation(invitation, agreed)),
        watch: (watched) => void lobby?.then((open) => ctx.watch(watched, open.subscribe)),
        review: ctx.review,
        hostLinks: async (terms) => {
          /** @type {{match: string, payload: string, revision: number} | null} */
          let hosted = null;
          await inQueue(async (friends) => void (hosted = await friends.hostLinks(terms)));
          if (!hosted) throw new Error("The match by links could not be made.");
          return hosted;
        },
        joinLinks: (payload, agreed) => inQueue((friends) => friends.joinLinks(payload, agreed)),
        takeLetter: (payload) => inQueue((friends) => friends.takeLetter(payload)),
        markSent: (id, revision) => inQueue((friends) => friends.markSent(id, revision)),
        dropUnjoined: (id) => inQueue((friends) => friends.dropUnjoined(id)),
        ratingsChanged: () => void ctx.friends().then((friends) => friends.render()),
        livePlaying: async () => (await ctx.friends()).livePlaying(),
      });
    })();
    lobby.catch(() => void (lobby = null));
    return lobby;
  }

  /** *Find an opponent*: the lobby's dialog. */
  async function openLobby() {
    await (await connectLobby()).open();
  }

  /**
   * Both players' ratings in the lobby, for a match it started; null for any other match. The lobby connects for
   * it (a reload in the middle of a lobby match), so the results it rests on are heard.
   * @param {import("../remote/store.js").RemoteEntry} entry
   */
  async function lobbyWords(entry) {
    const noted = await notedOf(entry);
    if (!noted) return null;
    await connectLobby();
    const names = await Promise.all([noted.me, noted.opponent].map(async (key) => ratingWords(await call("lobby_rating", { key }))));
    const opponent = noted.opponentName;
    return t("online.lobbyRatings", { mine: names[0], named: opponent ? "yes" : "no", opponent: opponent ?? "", theirs: names[1] });
  }

  /**
   * The tournament a live match the lobby started was played for: its name ("" while this device has not heard the
   * tournament); null: not a tournament's match. A rematch offered after it says it is not part of it.
   * @param {import("../remote/store.js").RemoteEntry} entry
   * @returns {Promise<string | null>}
   */
  async function tournamentOf(entry) {
    const noted = await notedOf(entry);
    const address = noted?.pairing?.tournament;
    if (!address) return null;
    await connectLobby();
    const page = await call("tournament_view", { address, now: nowSeconds() }).catch(() => null);
    return page?.summary.name ?? "";
  }

  return {
    openLobby,
    /**
     * A link to a tournament (`#tournament=<address>`, web/app.js): the lobby opens, then the tournament's panel.
     * @param {string} address as the link gives it (checked by the lobby's tournaments)
     */
    async openTournamentLink(address) {
      const open = await connectLobby();
      await open.open();
      await open.openTournament(address);
    },
    /** *Play online…*: the lobby or a friend, each in its own dialog once this one has closed. */
    async openOnline() {
      const choice = await openDialog(/** @type {HTMLDialogElement} */ (document.getElementById("online-dialog")));
      if (choice === "lobby") await openLobby();
      if (choice === "friend") await (await ctx.friends()).openFriendDialog();
    },
    /**
     * A match on two devices ended: if the lobby started it, this player's result goes to the relays (and any other
     * left unsent).
     */
    async matchOver() {
      try {
        if (await publishResults({ namespace, call, publish, find })) ctx.say(t("online.published"));
      } catch {
        ctx.notice(t("online.notPublished"));
      }
    },
    lobbyWords,
    tournamentOf,
    /**
     * A match on two devices was saved here: a live lobby match's new messages go to its watchers; a lobby match
     * by links' turn, once this side's, goes to the other player as letters.
     * @param {import("../remote/store.js").RemoteEntry} entry
     */
    saved(entry) {
      void watched(entry);
      if (entry.mode === "correspondence") courier = courier.then(() => sendTurn(entry)).catch(() => {});
    },
    /**
     * At the page's start: the lobby connects if a match by links it started goes on, or an invitation by links
     * of this player's is still listed, so that their letters are heard; or if this device's part of a
     * tournament's draw is still to do (its closing as organiser, its reveal as entrant), so that it is done.
     */
    async resume() {
      const [noted, posted, tournaments] = await Promise.all([
        notedMatches(namespace), readPosted(namespace, nowSeconds()), tournamentWorkWaiting(namespace),
      ]);
      if (posted.length || noted.some((m) => m.match && !m.published) || tournaments) await connectLobby();
    },
  };
}
