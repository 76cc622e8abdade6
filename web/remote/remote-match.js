// @ts-check
/**
 * One match on two devices as this page plays it (docs/remote-protocol.md): its state kept on this device
 * (web/remote/store.js); every action of the person here checked and applied by Python (`remote_act`), saved, and
 * only then sent; every message of the friend's checked by Python (`remote_receive`) before anything changes, and
 * a refused one answered with the reason. Live, the messages go over the connection (web/remote/line.js); by
 * correspondence, the player sends a turn link whenever the match waits for the friend.
 *
 * The view it hands to the play mode is the rules core's, with the friend's seat marked `kind: "remote"` and the
 * protocol's state under `remote` (web/play/seats.js reads both).
 *
 * It is a `Match` (web/match/match.js, kind "remote"): the play mode plays it as it plays any match, and what the
 * friend does — and what the match's panel does: a claim, a fork settled, a turn link taken in — reaches the page's
 * listeners (`onChange`: the board, the panel) each directly.
 *
 * Its state is one object (`RemoteState`) handed to the functions below; `openRemoteMatch` makes it.
 */
import { currentLanguage, t } from "../i18n/i18n.js";
import { createListeners } from "../match/listeners.js";
import { startView } from "../match/startview.js";
import { helloIn } from "./hello.js";
import { linkToSend, nextStep } from "./next-step.js";
import { CHAT_KEPT, remoteMatchStorage } from "./store.js";

/** @typedef {import("../types.js").RemotePlayView} View */
/** @typedef {import("../types.js").PlayView} PlayView */
/** @typedef {import("../types.js").PlayPlayer} PlayPlayer */
/** @typedef {import("../types.js").RemoteView} RemoteView */
/** @typedef {{view: import("../types.js").View | null, remote: RemoteView}} Shown  Python's `remote_view` */
/** @typedef {import("./store.js").RemoteEntry} RemoteEntry */
/** @typedef {import("./line.js").Line} Line */

/** @typedef {import("../match/match.js").MatchUpdate} Update */

/**
 * @typedef {object} RemoteMatchOptions
 * @property {string} namespace
 * @property {RemoteEntry} entry  the match as kept (or as just made: `fresh`)
 * @property {boolean} [fresh]  a new entry, saved at once over anything under its key
 * @property {import("../types.js").Call} call
 * @property {(step: () => Promise<void>) => Promise<void>} enqueue  the page's queue: one step at a time
 * @property {(hello: import("../types.js").Message) => void} [invited]  the friend invites to another match on this line (a
 *   rematch)
 * @property {() => void} [closed]  the match is no longer shown here (its line closed)
 * @property {() => void} [declined]  the friend declined this invitation (a rematch offered on the line)
 * @property {() => void} [acted]  an action of the person here changed the match (play shows it; the panel follows)
 * @property {(entry: RemoteEntry) => void} [saved]  the match was saved here (its transcript may have grown)
 */

/**
 * The match's state on this page: one object, kept by the functions below and nowhere else.
 * @typedef {object} RemoteState
 * @property {string} id  the match's id (its first message's)
 * @property {ReturnType<typeof remoteMatchStorage>} storage
 * @property {RemoteEntry} kept  the entry as saved
 * @property {Line | null} line  the live line, when connected
 * @property {Shown} shown  Python's last answer: the view and the protocol's state
 * @property {{from: object | null, kept: RemoteEntry, lineState: string, language: string, view: View} | null} decorated
 *   the view last made, and from what (its words in a language)
 * @property {string} lineState  the live line's state ("connected", "no-direct", …; "" before any): while the
 *   devices cannot connect, a turn goes as a link
 * @property {{revision: number, messages?: unknown[], payload?: string} | null} fork  the friend's record last seen to
 *   differ from this side's, kept so that the player may take it: the messages of a sync (live) or the payload of a link
 * @property {import("../types.js").Call} call
 * @property {(step: () => Promise<void>) => Promise<void>} enqueue
 * @property {(hello: import("../types.js").Message) => void} invited
 * @property {() => void} closed
 * @property {() => void} declined
 * @property {() => void} acted
 * @property {(entry: RemoteEntry) => void} saved
 * @property {ReturnType<typeof createListeners>} listeners  the match's changes heard by the page (Match.onChange)
 */

/** Said when another tab saved the match first (functions: in the language in force when said). */
const NOT_KEPT_HERE = () => t("remote.notKeptHere");
const CHANGED_HERE = () => t("remote.changedHere");

/**
 * @param {RemoteMatchOptions} options
 */
export async function openRemoteMatch({ namespace, entry, fresh = false, call, enqueue, invited = () => {}, closed = () => {}, declined = () => {}, acted = () => {}, saved = () => {} }) {
  const id = /** @type {string} */ (entry.state.transcript?.[0]?.match);
  /** @type {RemoteState} */
  const r = {
    id,
    storage: remoteMatchStorage(namespace, id),
    kept: entry,
    line: null,
    shown: await call("remote_view", { state: entry.state }),
    decorated: null,
    lineState: "",
    fork: null,
    call,
    enqueue,
    invited,
    closed,
    declined,
    acted,
    saved,
    listeners: createListeners(),
  };
  if (fresh) {
    const first = await r.storage.save(r.kept, { force: true });
    if (!first.ok && "error" in first) throw new Error(t("remote.notSaved", { error: first.error }));
    if (first.ok) r.saved(r.kept);
  } else {
    await r.storage.load(); // this tab now knows the stored revision: a save over a later one is a conflict
  }
  return remoteMatch(r);
}

/**
 * The match as the page uses it: a `Match` (web/match/match.js) and what only a match with a friend has.
 * @param {RemoteState} r
 */
function remoteMatch(r) {
  return {
    /** @type {"remote"} */
    kind: "remote",
    id: r.id,
    loaded: () => true,
    /** "live" or "correspondence" */
    mode: () => r.kept.mode,
    entry: () => r.kept,
    view: () => view(r),
    friendName: () => friendName(r),
    /** The friend's name as the match knows it, or null (an invitation not joined yet). */
    knownFriendName: () => knownFriendName(r),
    /** @param {import("../types.js").Action} action */
    act: (action) => act(r, action),
    onChange: r.listeners.add,
    /** @param {string} text */
    receive: (text) => receive(r, text),
    /** @param {Line} connected */
    attach: (connected) => attach(r, connected),
    /** The live line, taken away from this match (for the next match with the same friend), or null. */
    detach() {
      const taken = r.line;
      r.line = null;
      return taken;
    },
    /** The live line stops trying to meet the friend again (web/remote/rest.js says when). */
    restLine: () => r.line?.rest(),
    /** The live line tries again to meet the friend, at once. */
    wakeLine: () => r.line?.wake(),
    /** Whether the live line has stopped trying to meet the friend. */
    lineResting: () => r.line?.resting() === true,
    /** The whole transcript to the friend, for both records to agree (after a reload or a lost connection). */
    sendSync: () => sendSync(r),
    /** @param {string} text */
    chat: (text) => chat(r, text),
    /**
     * Tell the friend's page that its invitation on this line (a rematch) is declined.
     * @param {import("../types.js").Message} hello
     */
    async decline(hello) {
      const { message } = await r.call("remote_decline", { hello });
      await send(r, [message]);
    },
    claim: () => told(r, claim(r)),
    /** @param {string} base */
    turnLink: (base) => turnLink(r, base),
    /** The link this side has to send now (and whether it was sent), or null. */
    link: () => link(r),
    /**
     * The live line's state: while the devices cannot connect, a turn goes as a link (the status line says so).
     * @param {string} lineState
     */
    setLineState(lineState) {
      if (r.lineState === lineState || r.kept.mode !== "live") return;
      r.lineState = lineState;
      void r.enqueue(() => r.listeners.emit(shownAgain(r)));
    },
    /** The match told again to the page: its words (the status line's) in the language now in force. */
    retell() {
      void r.enqueue(() => r.listeners.emit(shownAgain(r)));
    },
    /**
     * Called inside the page's queue.
     * @param {number} revision the revision of the turn link the player has sent (copied or shared)
     */
    async markSent(revision) {
      if (revision <= r.kept.sent) return;
      await save(r, { ...r.kept, sent: revision });
      await r.listeners.emit(shownAgain(r)); // the status line goes from "Send" to "Waiting"
    },
    /** Whether each play asks for the player's next roll with it (kept with the match). @param {boolean} on */
    async setRollAhead(on) {
      if ((r.kept.rollAhead === true) !== on) await save(r, { ...r.kept, rollAhead: on });
    },
    /** @param {string} payload */
    receiveLink: (payload) => told(r, receiveLink(r, payload)),
    /** The revision from which the friend's record last seen differs from this side's, or null (no fork). */
    fork: () => (r.fork ? r.fork.revision : null),
    /** Keep this side's record after a fork: the friend's is set aside (it will be reported again if sent again). */
    keepMine() {
      r.fork = null;
    },
    takeTheirs: () => told(r, takeTheirs(r)),
    /** The rules core's record of the match with its transcript (for review and files). */
    async record() {
      return (await r.call("remote_record", { state: r.kept.state })).record;
    },
    /** Leave the match on this page (the line closed; the match stays kept). */
    async close() {
      const closing = r.line;
      r.line = null;
      await closing?.close();
      r.closed();
    },
  };
}

/**
 * A change made from the match's own panel (a claim, a fork settled, a turn link taken in) is told to the page like
 * one from the friend; it is also the answer.
 * @template {Update} T
 * @param {RemoteState} r @param {Promise<T>} change
 * @returns {Promise<T>}
 */
async function told(r, change) {
  const update = await change;
  await r.listeners.emit(update);
  return update;
}

/**
 * The view of `shown`, made once for each answer of Python's (and again when the link to send or the line changes).
 * @param {RemoteState} r
 * @returns {View}
 */
function view(r) {
  let made = r.decorated;
  const language = currentLanguage(); // the status line's words follow a language switch
  if (made?.from !== r.shown || made.kept !== r.kept || made.lineState !== r.lineState || made.language !== language) {
    made = { from: r.shown, kept: r.kept, lineState: r.lineState, language, view: decorate(r) };
    r.decorated = made;
  }
  return made.view;
}

/**
 * The rules core's view with the friend's seat marked, the protocol's state, and what the player here waits for.
 * @param {RemoteState} r
 * @returns {View}
 */
function decorate(r) {
  const { shown } = r;
  const remote = shown.remote;
  const base = shown.view ?? waitingView(remote, r.kept);
  /** @type {PlayPlayer[]} */
  const players = (base.players ?? []).map((player, seat) => ({
    ...player,
    name: player.name || remote.names?.[seat] || (seat === remote.seat ? t("remote.you") : friendName(r)),
    kind: seat === remote.seat ? "human" : "remote",
  }));
  const { status } = nextStep({ remote, phase: base.phase, friend: knownFriendName(r), link: link(r), live: r.kept.mode === "live", letters: r.kept.letters === true });
  return { ...base, players, remote, waiting: status };
}

/**
 * The link this side has to send now, or null.
 * @param {RemoteState} r
 */
function link(r) {
  const byLinks = r.kept.mode === "correspondence" || !["connected", "looking", ""].includes(r.lineState);
  return linkToSend(r.kept, r.shown.remote, byLinks);
}

/**
 * The match as it stands, told again: what changed is the page's words, not the board.
 * @param {RemoteState} r
 * @returns {Update}
 */
function shownAgain(r) {
  return { view: view(r), changed: true, events: [], notices: [] };
}

/** @param {RemoteState} r */
function friendName(r) {
  return knownFriendName(r) ?? t("remote.yourFriend");
}

/**
 * The friend's name as the match knows it: from their join, or the lobby's (null: an invitation not joined yet).
 * @param {RemoteState} r
 */
function knownFriendName(r) {
  const seat = 1 - r.shown.remote.seat;
  return r.shown.remote.names?.[seat] || r.kept.opponent || null;
}

/**
 * Save `next` over what this tab knows; another tab's later save wins (its state is taken up here).
 * @param {RemoteState} r @param {RemoteEntry} next
 * @returns {Promise<boolean>} whether it was saved
 */
async function save(r, next) {
  const saved = await r.storage.save(next);
  if (saved.ok) {
    r.kept = next;
    r.saved(next);
    return true;
  }
  if ("conflict" in saved) {
    r.kept = /** @type {RemoteEntry} */ (saved.conflict.record);
    r.storage.adopt(saved.conflict);
    r.shown = await r.call("remote_view", { state: r.kept.state });
    return false;
  }
  throw new Error(t("remote.notSavedNotSent", { error: saved.error }));
}

/** @param {RemoteState} r @param {import("../types.js").Message[]} messages */
async function send(r, messages) {
  if (!r.line) return; // by correspondence the player sends the turn link (`turnLink`)
  for (const message of messages) await r.line.send(JSON.stringify(message));
}

/** @param {RemoteState} r */
async function sendSync(r) {
  const { message } = await r.call("remote_sync", { state: r.kept.state });
  await send(r, [message]);
}

/**
 * A person's action here: checked by Python, saved, then sent.
 * @param {RemoteState} r @param {import("../types.js").Action} action
 * @returns {Promise<Update>}
 */
async function act(r, action) {
  // A play asks for the next roll with it when the player chose so (the protocol then allows no double at it).
  const ahead = r.kept.rollAhead === true && (action.type === "confirm" || action.type === "play");
  const result = await r.call("remote_act", { state: r.kept.state, action: ahead ? { ...action, roll_ahead: true } : action });
  if (!(await save(r, { ...r.kept, state: result.state }))) return { view: view(r), changed: true, events: [], notices: [NOT_KEPT_HERE()] };
  r.shown = result;
  if (result.message) await send(r, [result.message]);
  r.acted();
  return { view: view(r), changed: true, events: result.events ?? [], notices: [] };
}

/**
 * Connect the live match's line: the friend's messages come in through the page's queue, and each change they make
 * is told to the page.
 * @param {RemoteState} r @param {Line} connected
 */
function attach(r, connected) {
  r.line = connected;
  r.line.nameFriend(knownFriendName(r));
  r.line.onText((text) => {
    const hello = helloIn(text);
    if (hello && hello.match !== r.id) r.invited(hello);
    else void r.enqueue(async () => r.listeners.emit(await receive(r, text)));
  });
  r.line.onFriend(() => void r.enqueue(() => sendSync(r)));
}

/**
 * A message of the friend's, as the JSON text it sent: checked, applied and saved, or refused (the match
 * unchanged, the friend told why).
 * @param {RemoteState} r @param {string} text
 * @returns {Promise<Update>}
 */
async function receive(r, text) {
  const result = await r.call("remote_receive", { state: r.kept.state, message: text });
  /** @type {string[]} */
  const notices = [];
  const name = friendName(r);
  if (result.refusal) notices.push(t("remote.refused", { friend: name, detail: result.refusal.text }));
  // The friend declined this invitation (a rematch): not a fault of this device's, and the page shows the match before.
  const declined = result.peer_refusal?.code === "declined" && r.shown.remote.phase === "invited";
  if (declined) r.declined();
  else if (result.peer_refusal) notices.push(t("remote.peerRefused", { friend: name, detail: result.peer_refusal.text }));
  if (result.status === "fork") {
    r.fork = { revision: result.revision, messages: JSON.parse(text).messages };
    notices.push(t("remote.forkNotice", { friend: name, n: result.revision }));
  }
  if (result.dropped) notices.push(t("remote.dropped"));
  let chat = null;
  if (result.chat) {
    chat = result.chat;
    await addChat(r, result.chat);
  }
  // A sync (the friend's whole record) is answered by reconcile, which says `status`, not `accepted`.
  const changed = result.accepted !== false && result.state !== undefined && JSON.stringify(result.state) !== JSON.stringify(r.kept.state);
  if (changed && !(await save(r, { ...r.kept, state: result.state }))) {
    return { view: view(r), changed: true, events: [], notices: [CHANGED_HERE()] };
  }
  if (changed) r.shown = result;
  if (changed) r.line?.nameFriend(knownFriendName(r)); // the friend's join names them
  // Live, the friend's device acknowledges each message: one it has needs no link, whatever the line does next.
  const acked = result.ack_matches === true && result.acked > (r.kept.acked ?? -1);
  if (acked) await save(r, { ...r.kept, acked: result.acked });
  await send(r, result.send ?? []);
  return { view: view(r), changed: changed || acked, events: changed ? result.events ?? [] : [], notices, chat };
}

/** @param {RemoteState} r @param {{from: number, text: string, time: number}} line */
async function addChat(r, line) {
  const chat = [...r.kept.chat, line].slice(-CHAT_KEPT);
  await save(r, { ...r.kept, chat });
}

/**
 * A line of chat of this side's (500 characters at most): kept, then sent.
 * @param {RemoteState} r @param {string} text
 */
async function chat(r, text) {
  const { message } = await r.call("remote_chat", { state: r.kept.state, text });
  // A chat message has its text and time (Python's Message is one shape for every type of message: casts).
  await addChat(r, { from: r.shown.remote.seat, text: /** @type {string} */ (message.text), time: /** @type {number} */ (message.time) });
  await send(r, [message]);
  return /** @type {{from: number, text: string, time: number}} */ ({ from: r.shown.remote.seat, text: message.text, time: message.time });
}

/**
 * Claim the match: the friend kept it waiting past its timeout.
 * @param {RemoteState} r
 * @returns {Promise<Update>}
 */
async function claim(r) {
  // The page's clock, the one the panel offered the claim by (the worker's may differ: a page's time moved, a
  // device woken from sleep).
  const result = await r.call("remote_claim", { state: r.kept.state, now: Math.floor(Date.now() / 1000) });
  if (!(await save(r, { ...r.kept, state: result.state }))) return { view: view(r), changed: true, events: [], notices: [NOT_KEPT_HERE()] };
  r.shown = result;
  await send(r, [result.message]);
  return { view: view(r), changed: true, events: [], notices: [] };
}

/**
 * The correspondence link of the match as this side has it (the turn to send).
 * @param {RemoteState} r @param {string} base the page's address
 */
async function turnLink(r, base) {
  const { payload } = await r.call("remote_link", { state: r.kept.state });
  const url = new URL(base);
  url.hash = `v=1&turn=${payload}`;
  return url.href;
}

/**
 * A turn link's payload from the friend: its whole transcript checked and agreed with this side's.
 * @param {RemoteState} r @param {string} payload
 * @returns {Promise<Update & {status: string}>}
 */
async function receiveLink(r, payload) {
  const result = await r.call("remote_receive_link", { state: r.kept.state, payload });
  const changed = result.status === "theirs" || result.status === "fork_resolved";
  /** @type {string[]} */
  const notices = [];
  if (result.status === "fork") {
    r.fork = { revision: result.revision, payload };
    notices.push(t("remote.linkFork", { n: result.revision }));
  } else if (result.status === "mine") {
    notices.push(t("remote.linkOlder", { friend: friendName(r) }));
  } else if (result.status === "same") {
    notices.push(t("remote.linkSame"));
  }
  if (changed && !(await save(r, { ...r.kept, state: result.state }))) return { view: view(r), changed: true, events: [], notices: [CHANGED_HERE()], status: "conflict" };
  if (changed) r.shown = result;
  return { view: view(r), changed, events: changed ? result.events ?? [] : [], notices, status: result.status };
}

/**
 * Take the friend's record after a fork (a claim that crossed a late move, say): the match goes on from it, and
 * what differs in this side's is dropped.
 * @param {RemoteState} r
 * @returns {Promise<Update>}
 */
async function takeTheirs(r) {
  const { fork } = r;
  if (!fork) return { view: view(r), changed: false, events: [], notices: [] };
  const result = fork.payload !== undefined
    ? await r.call("remote_receive_link", { state: r.kept.state, payload: fork.payload, prefer: "theirs" })
    : await r.call("remote_reconcile", { state: r.kept.state, messages: fork.messages, prefer: "theirs" });
  r.fork = null;
  if (result.status !== "fork_resolved" && result.status !== "theirs") {
    return { view: view(r), changed: false, events: [], notices: [t("remote.notTaken")] };
  }
  if (!(await save(r, { ...r.kept, state: result.state }))) return { view: view(r), changed: true, events: [], notices: [CHANGED_HERE()] };
  r.shown = result;
  await send(r, result.send ?? []);
  return { view: view(r), changed: true, events: result.events ?? [], notices: [t("remote.tookTheirs", { friend: friendName(r) })] };
}

/**
 * The board before the friend has joined: the starting position, nobody to act, the match the invitation offers
 * (its settings, from the invitation itself), and no game yet to name by an ID.
 * @param {RemoteView} remote @param {RemoteEntry} entry
 * @returns {PlayView}
 */
function waitingView(remote, entry) {
  const base = startView();
  const settings = entry.state.transcript?.[0]?.rules?.settings ?? base.settings;
  return {
    ...base,
    settings,
    position_id: "",
    match_id: "",
    phase: "invited",
    players: [0, 1].map((seat) => ({ name: remote.names?.[seat] ?? "", kind: "human" })),
  };
}

/** @typedef {ReturnType<typeof remoteMatch>} RemoteMatch */
