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
 */
import { startView } from "../play/startview.js";
import { CHAT_KEPT, remoteMatchStorage } from "./store.js";

/** @typedef {import("../types.js").PlayView} View */
/** @typedef {import("./store.js").RemoteEntry} RemoteEntry */
/** @typedef {import("./line.js").Line} Line */

/**
 * What a change of the match brings to the page.
 * @typedef {object} Update
 * @property {View} view  the same object as before when nothing of the match changed (an acknowledgement, a chat line)
 * @property {boolean} changed  the match changed (the board is drawn again: a checker picked up is put down)
 * @property {Record<string, any>[]} events  the rules core's events (the friend's moves, to be shown moving)
 * @property {string[]} notices  what the player should be told (a refusal, a fork, a claim)
 * @property {{from: number, text: string, time: number} | null} [chat]  a line of chat heard
 */

/**
 * @typedef {object} RemoteMatchOptions
 * @property {string} namespace
 * @property {RemoteEntry} entry  the match as kept (or as just made: `fresh`)
 * @property {boolean} [fresh]  a new entry, saved at once over anything under its key
 * @property {import("../types.js").Call} call
 * @property {(update: Update) => void} heard  a change that came from the friend (called inside `enqueue`)
 * @property {(step: () => Promise<void>) => Promise<void>} enqueue  the page's queue: one step at a time
 * @property {(hello: Record<string, any>) => void} [invited]  the friend invites to another match on this line (a
 *   rematch)
 */

const NOT_KEPT_HERE = "This match was continued in another tab, so your last action was not kept. The match is shown as saved there.";

/**
 * @param {RemoteMatchOptions} options
 */
export async function openRemoteMatch({ namespace, entry, fresh = false, call, heard, enqueue, invited = () => {} }) {
  const id = /** @type {string} */ (entry.state.transcript?.[0]?.match);
  const storage = remoteMatchStorage(namespace, id);
  let kept = entry;
  /** @type {Line | null} */
  let line = null;
  /** @type {{view: View | null, remote: Record<string, any>}} */
  let shown = await call("remote_view", { state: kept.state });

  if (fresh) {
    const saved = await storage.save(kept, { force: true });
    if (!saved.ok && "error" in saved) throw new Error(`The match with your friend could not be saved: ${saved.error}.`);
  } else {
    await storage.load(); // this tab now knows the stored revision: a save over a later one is a conflict
  }

  /** @type {{from: object | null, view: View} | null} the view last made, and from what */
  let decorated = null;
  /**
   * The friend's record last seen to differ from this side's (a fork), kept so that the player may take it:
   * the messages of a sync (live) or the payload of a link.
   * @type {{revision: number, messages?: unknown[], payload?: string} | null}
   */
  let fork = null;

  /** @returns {View} the view of `shown`, made once for each answer of Python's */
  function view() {
    if (decorated?.from !== shown) decorated = { from: shown, view: decorate() };
    return decorated.view;
  }

  /** @returns {View} */
  function decorate() {
    const remote = shown.remote;
    const base = shown.view ?? waitingView(remote);
    const players = (base.players ?? []).map((/** @type {Record<string, any>} */ player, /** @type {number} */ seat) => ({
      ...player,
      name: player.name || remote.names?.[seat] || (seat === remote.seat ? "You" : "Your friend"),
      kind: seat === remote.seat ? "human" : "remote",
    }));
    return { ...base, players, remote };
  }

  /**
   * Save `next` over what this tab knows; another tab's later save wins (its state is taken up here).
   * @param {RemoteEntry} next
   * @returns {Promise<boolean>} whether it was saved
   */
  async function save(next) {
    const saved = await storage.save(next);
    if (saved.ok) {
      kept = next;
      return true;
    }
    if ("conflict" in saved) {
      kept = /** @type {RemoteEntry} */ (saved.conflict.record);
      storage.adopt(saved.conflict);
      shown = await call("remote_view", { state: kept.state });
      return false;
    }
    throw new Error(`The match with your friend could not be saved: ${saved.error}. Nothing was sent.`);
  }

  /** @param {Record<string, any>[]} messages */
  async function send(messages) {
    if (!line) return; // by correspondence the player sends the turn link (`turnLink`)
    for (const message of messages) await line.send(JSON.stringify(message));
  }

  /**
   * A person's action here: checked by Python, saved, then sent.
   * @param {Record<string, any>} action
   * @returns {Promise<Update>}
   */
  async function act(action) {
    // A play asks for the next roll with it when the player chose so (the protocol then allows no double at it).
    const ahead = kept.rollAhead === true && (action.type === "confirm" || action.type === "play");
    const result = await call("remote_act", { state: kept.state, action: ahead ? { ...action, roll_ahead: true } : action });
    if (!(await save({ ...kept, state: result.state }))) return { view: view(), changed: true, events: [], notices: [NOT_KEPT_HERE] };
    shown = result;
    if (result.message) await send([result.message]);
    return { view: view(), changed: true, events: result.events ?? [], notices: [] };
  }

  /**
   * A message of the friend's, as the JSON text it sent: checked, applied and saved, or refused (the match
   * unchanged, the friend told why).
   * @param {string} text
   * @returns {Promise<Update>}
   */
  async function receive(text) {
    const result = await call("remote_receive", { state: kept.state, message: text });
    /** @type {string[]} */
    const notices = [];
    const name = friendName();
    if (result.refusal) notices.push(`A message from ${name}'s device was refused: ${result.refusal.text} The match is unchanged.`);
    if (result.peer_refusal) notices.push(`${name}'s device refused a message of this one: ${result.peer_refusal.text}`);
    if (result.status === "fork") {
      fork = { revision: result.revision, messages: JSON.parse(text).messages };
      notices.push(`${name}'s record of this match differs from yours from message ${result.revision} on. Yours is kept; nothing was changed. You may take theirs instead (in the panel).`);
    }
    if (result.dropped) notices.push("Your turn in progress was taken back: your friend's record of the match goes further.");
    let chat = null;
    if (result.chat) {
      chat = result.chat;
      await addChat(result.chat);
    }
    // A sync (the friend's whole record) is answered by reconcile, which says `status`, not `accepted`.
    const changed = result.accepted !== false && result.state !== undefined && JSON.stringify(result.state) !== JSON.stringify(kept.state);
    if (changed && !(await save({ ...kept, state: result.state }))) {
      return { view: view(), changed: true, events: [], notices: [CHANGED_HERE] };
    }
    if (changed) shown = result;
    await send(result.send ?? []);
    return { view: view(), changed, events: changed ? result.events ?? [] : [], notices, chat };
  }

  /** @param {{from: number, text: string, time: number}} line */
  async function addChat(line) {
    const chat = [...kept.chat, line].slice(-CHAT_KEPT);
    await save({ ...kept, chat });
  }

  function friendName() {
    const seat = 1 - shown.remote.seat;
    return shown.remote.names?.[seat] || "Your friend";
  }

  return {
    id,
    /** "live" or "correspondence" */
    mode: () => kept.mode,
    entry: () => kept,
    view,
    friendName,
    act,
    receive,
    /**
     * Connect the live match's line: the friend's messages come in through the page's queue.
     * @param {Line} connected
     */
    attach(connected) {
      line = connected;
      line.onText((text) => {
        const hello = helloIn(text);
        if (hello && hello.match !== id) invited(hello);
        else void enqueue(async () => heard(await receive(text)));
      });
      line.onFriend(() => void enqueue(() => sendSync()));
    },
    /** The live line, taken away from this match (for the next match with the same friend), or null. */
    detach() {
      const taken = line;
      line = null;
      return taken;
    },
    /** The whole transcript to the friend, for both records to agree (after a reload or a lost connection). */
    async sendSync() {
      await sendSync();
    },
    /** @param {string} text a line of chat (500 characters at most) */
    async chat(text) {
      const { message } = await call("remote_chat", { state: kept.state, text });
      await addChat({ from: shown.remote.seat, text: message.text, time: message.time });
      await send([message]);
      return /** @type {{from: number, text: string, time: number}} */ ({ from: shown.remote.seat, text: message.text, time: message.time });
    },
    /** Claim the match: the friend kept it waiting past its timeout. @returns {Promise<Update>} */
    async claim() {
      const result = await call("remote_claim", { state: kept.state });
      if (!(await save({ ...kept, state: result.state }))) return { view: view(), changed: true, events: [], notices: [NOT_KEPT_HERE] };
      shown = result;
      await send([result.message]);
      return { view: view(), changed: true, events: [], notices: [] };
    },
    /**
     * The correspondence link of the match as this side has it (the turn to send).
     * @param {string} base the page's address
     */
    async turnLink(base) {
      const { payload } = await call("remote_link", { state: kept.state });
      const url = new URL(base);
      url.hash = `v=1&turn=${payload}`;
      return url.href;
    },
    /** @param {number} revision the revision of the turn link the player has sent (copied or shared) */
    async markSent(revision) {
      if (revision > kept.sent) await save({ ...kept, sent: revision });
    },
    /** Whether each play asks for the player's next roll with it (kept with the match). @param {boolean} on */
    async setRollAhead(on) {
      if ((kept.rollAhead === true) !== on) await save({ ...kept, rollAhead: on });
    },
    /**
     * A turn link's payload from the friend: its whole transcript checked and agreed with this side's.
     * @param {string} payload
     * @returns {Promise<Update & {status: string}>}
     */
    async receiveLink(payload) {
      const result = await call("remote_receive_link", { state: kept.state, payload });
      const changed = result.status === "theirs" || result.status === "fork_resolved";
      /** @type {string[]} */
      const notices = [];
      if (result.status === "fork") {
        fork = { revision: result.revision, payload };
        notices.push(`This link's record of the match differs from yours from message ${result.revision} on. Yours is kept; nothing was changed. You may take it instead (in the panel).`);
      } else if (result.status === "mine") {
        notices.push(`This link is older than the match on this device: ${friendName()} may not have your last turn yet. Send it again.`);
      } else if (result.status === "same") {
        notices.push("This link holds nothing new: the match is as it was.");
      }
      if (changed && !(await save({ ...kept, state: result.state }))) return { view: view(), changed: true, events: [], notices: [CHANGED_HERE], status: "conflict" };
      if (changed) shown = result;
      return { view: view(), changed, events: changed ? result.events ?? [] : [], notices, status: result.status };
    },
    /** The revision from which the friend's record last seen differs from this side's, or null (no fork). */
    fork: () => (fork ? fork.revision : null),
    /** Keep this side's record after a fork: the friend's is set aside (it will be reported again if sent again). */
    keepMine() {
      fork = null;
    },
    /**
     * Take the friend's record after a fork (a claim that crossed a late move, say): the match goes on from it,
     * and what differs in this side's is dropped. @returns {Promise<Update>}
     */
    async takeTheirs() {
      if (!fork) return { view: view(), changed: false, events: [], notices: [] };
      const result = fork.payload !== undefined
        ? await call("remote_receive_link", { state: kept.state, payload: fork.payload, prefer: "theirs" })
        : await call("remote_reconcile", { state: kept.state, messages: fork.messages, prefer: "theirs" });
      fork = null;
      if (result.status !== "fork_resolved" && result.status !== "theirs") {
        return { view: view(), changed: false, events: [], notices: ["Your friend's record could not be taken: the match is unchanged."] };
      }
      if (!(await save({ ...kept, state: result.state }))) return { view: view(), changed: true, events: [], notices: [CHANGED_HERE] };
      shown = result;
      await send(result.send ?? []);
      return { view: view(), changed: true, events: result.events ?? [], notices: [`You took ${friendName()}'s record: the match goes on from there.`] };
    },
    /** The rules core's record of the match with its transcript (for review and files). */
    async record() {
      return (await call("remote_record", { state: kept.state })).record;
    },
    /** Leave the match on this page (the line closed; the match stays kept). */
    async close() {
      const closing = line;
      line = null;
      await closing?.close();
    },
  };

  async function sendSync() {
    const { message } = await call("remote_sync", { state: kept.state });
    await send([message]);
  }
}

const CHANGED_HERE = "This match was changed in another tab. The latest position is shown.";

/**
 * The board before the friend has joined: the starting position, nobody to act.
 * @param {Record<string, any>} remote
 * @returns {View}
 */
function waitingView(remote) {
  const base = startView();
  return { ...base, phase: "invited", players: [0, 1].map((seat) => ({ name: remote.names?.[seat] ?? "", kind: "human" })) };
}

/**
 * The invitation in a message of the friend's: a `sync` holding the `hello` alone (what a device sends when the
 * friend connects before anyone has joined).
 * @param {string} text
 * @returns {Record<string, any> | null}
 */
export function helloIn(text) {
  if (text.length > 20_000 || !text.includes('"hello"')) return null;
  try {
    const data = JSON.parse(text);
    const messages = data?.type === "sync" && Array.isArray(data.messages) ? data.messages : null;
    return messages?.length === 1 && messages[0]?.type === "hello" ? messages[0] : null;
  } catch {
    return null;
  }
}

/** @typedef {Awaited<ReturnType<typeof openRemoteMatch>>} RemoteMatch */
