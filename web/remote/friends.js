// @ts-check
/**
 * Play a friend on another device, as the page offers it: the *Play a friend online* dialog (invite live or by
 * links, join with a code, the matches kept here), the invitations and turn links opened from the address, and the
 * panel of the match shown (its link to send, the friend's last move and the deadline to claim, the chat). The match
 * itself is played by the play mode (web/play/play.js) as a `Match` (web/remote/remote-match.js), whose changes the
 * panel hears from it directly. Loaded on first use.
 */
import { copyText } from "../copy.js";
import { downloadText, turnFile } from "../matchfile.js";
import { invitationCode, invitationLink, newInvitation, readCode } from "./link.js";
import { openLine } from "./line.js";
import { helloIn, openRemoteMatch } from "./remote-match.js";
import { findById, findByRoom, listRemoteMatches, rememberName, rememberedName, remoteMatchStorage } from "./store.js";

/** The match on two devices this tab shows (sessionStorage), opened again after a reload. */
const SHOWN_KEY = "backgammon.remote.shown";
/** How often the panel's times ("3 minutes ago", the deadline) are brought up to date. */
const REFRESH_MS = 20_000;

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const input = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/** @typedef {import("./remote-match.js").RemoteMatch} RemoteMatch */
/** @typedef {import("./store.js").RemoteEntry} RemoteEntry */
/** @typedef {import("./line.js").Line} Line */

/**
 * @typedef {object} FriendsContext
 * @property {string} namespace
 * @property {import("../types.js").Call} call
 * @property {(error: unknown) => boolean} isRulesError
 * @property {(step: () => Promise<void>) => Promise<unknown>} enqueue
 * @property {import("../queue.js").Queue["ask"]} ask
 * @property {{match: () => import("../match/match.js").Match, showMatch: (match: import("../match/match.js").Match) =>
 *   Promise<void>, leaveMatch: () => Promise<void>}} play  the play mode, as far as a match with a friend needs it:
 *   the match it shows, another shown instead, and back to the match in progress
 * @property {() => Promise<number>} rating  this player's rating now, in whole points (web/app.js hands home's)
 * @property {(text: string) => void} say
 * @property {(message: {title: string, text: string, choices?: {value: string, label: string}[]}) => Promise<string>} message
 */

/** @param {FriendsContext} ctx */
export function createFriends(ctx) {
  const { namespace, call, enqueue, play } = ctx;
  /** The line opened for an invitation not joined yet (this side opened the friend's link). @type {Line | null} */
  let waitingLine = null;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let refresher;
  /** The turn link of the correspondence match shown, once computed for its revision. */
  let sendLink = { revision: -1, href: "" };

  /** The live line's state ("connected", "no-direct", …): while not connected, a turn can go as a link instead. */
  let lineState = "";
  /** The match with a friend that play shows (null: play shows the match in progress). @type {RemoteMatch | null} */
  let shownMatch = null;
  /** The match shown, or null (play went back to the match in progress). */
  const shown = () => (shownMatch && play.match() === shownMatch ? shownMatch : null);

  /** @param {{state: string, text: string}} status */
  function showStatus({ state, text }) {
    const changed = lineState !== state;
    lineState = state;
    if (changed && shown()) render();
    const element = $("remote-status");
    element.hidden = false;
    element.dataset.state = state;
    element.textContent = text;
  }

  /**
   * Show a kept (or new) match and play it here.
   * @param {RemoteEntry} entry
   * @param {{fresh?: boolean, line?: Line | null, expectPeer?: boolean}} [options] fresh: a new entry, saved now;
   *   line: the line already open for it; expectPeer: this side opened the friend's link
   */
  async function show(entry, { fresh = false, line = null, expectPeer = true } = {}) {
    /** @type {RemoteMatch | null} */
    let opened = null;
    const match = await openRemoteMatch({
      namespace,
      entry,
      fresh,
      call,
      enqueue: (step) => /** @type {Promise<void>} */ (enqueue(step)),
      invited: (hello) => {
        const { invitation } = entry;
        if (invitation && opened) void enqueue(() => joinLive(/** @type {RemoteMatch} */ (opened), invitation, hello));
      },
      closed: () => {
        if (shownMatch !== opened) return; // another match took its place: its panel is drawn as it is shown
        shownMatch = null;
        render();
      },
    });
    opened = match;
    match.onChange(() => render()); // the panel follows the match (a move, a line of chat, a claim)
    if (entry.mode === "live" && entry.invitation) {
      const connected = line ?? (await openLine(entry.invitation, { expectPeer, onStatus: showStatus }));
      if (connected) match.attach(connected);
      history.replaceState(null, "", `#play=${entry.invitation.room}.${entry.invitation.secret}`);
    } else {
      $("remote-status").hidden = true;
      if (location.hash) history.replaceState(null, "", location.pathname + location.search);
    }
    sessionStorage.setItem(SHOWN_KEY, match.id);
    shownMatch = match;
    await play.showMatch(match);
    render();
    return match;
  }

  // ------------------------------------------------------------------------------------------------------------
  // Starting and joining

  /**
   * A new match: this side invites, live (a link to a room) or by correspondence (a turn link holding the invitation).
   * @param {{name: string, length: number, mode: "live" | "correspondence", rated: boolean}} choice
   */
  async function invite({ name, length, mode, rated }) {
    const settings = { match_length: length, crawford: true, jacoby: length === 0, beavers: false, automatic_doubles: 0, strict_doubling: false };
    const rating = rated && length > 0 ? await ctx.rating() : null;
    await startInvited({ name, settings, mode, rating, invitation: mode === "live" ? newInvitation() : undefined });
    ctx.say(mode === "live" ? "Your friend's link is ready: copy it and send it." : "Your invitation link is ready: copy it and send it.");
  }

  /**
   * A new match this side hosts; live, on the line of `invitation` (the one already open, for a rematch). With a
   * `rating` (this player's), the invitation offers a rated match.
   * @param {{name: string, settings: object, mode: "live" | "correspondence", rating: number | null, invitation?: {room: string, secret: string}, line?: Line | null}} match
   */
  async function startInvited({ name, settings, mode, rating, invitation, line = null }) {
    const created = await call("remote_create", { name, settings, mode, rating });
    /** @type {RemoteEntry} */
    const entry = { state: created.state, mode, chat: [], sent: 0, createdAt: new Date().toISOString() };
    if (invitation) entry.invitation = invitation;
    await show(entry, { fresh: true, expectPeer: false, line });
  }

  /** The same match again with the same friend: live, offered on the line already open; by links, a new invitation. */
  async function rematch() {
    const match = shown();
    if (!match) return;
    const view = match.view();
    const entry = match.entry();
    const name = view.players?.[view.remote.seat]?.name || rememberedName() || "Host";
    const line = entry.invitation ? match.detach() : null;
    // A rated match's rematch is offered rated again, at the ratings the match just played left.
    const rating = view.remote.rated ? await ctx.rating() : null;
    await startInvited({ name, settings: view.settings, mode: entry.mode, rating, invitation: entry.invitation, line });
    ctx.say(line ? `Rematch offered to ${match.friendName()}.` : "Your invitation to a rematch is ready: copy the link and send it.");
  }

  /**
   * Ask the player here whether to join a friend's match, and with which name; a rated match is rated only if the
   * player here agrees too (the box is left for them to tick).
   * @param {{host: string, length: number, mode: string, rematch?: boolean, hostRating?: unknown}} offer hostRating:
   *   the rating the host gave, when the invitation offers a rated match
   * @returns {Promise<{name: string, rating: number | null} | null>} the name and the rating to answer with (null:
   *   the match is not rated), or null: not joined
   */
  async function askJoin({ host, length, mode, rematch = false, hostRating = null }) {
    const dialog = /** @type {HTMLDialogElement} */ ($("friend-join-dialog"));
    const form = /** @type {HTMLFormElement} */ ($("friend-join-form"));
    const what = length ? `a ${length}-point match` : "a money session";
    const how = mode === "live" ? "live, now" : "by turn links, one turn at a time";
    const friend = host || "Your friend";
    $("friend-join-text").textContent = rematch ? `${friend} offers a rematch: ${what}, ${how}.` : `${friend} invites you to ${what}, ${how}.`;
    const nameField = /** @type {HTMLInputElement} */ (form.elements.namedItem("name"));
    nameField.value = rememberedName();
    const ratedField = /** @type {HTMLInputElement} */ (form.elements.namedItem("rated"));
    const offered = typeof hostRating === "number" && length > 0;
    const mine = offered ? await ctx.rating() : null;
    ratedField.checked = false;
    $("friend-join-rated").hidden = !offered;
    $("friend-join-rated-text").textContent = offered
      ? `Rated: ${friend} offers a rated match (their rating ${hostRating}, yours ${mine}). Tick to agree: the match then moves both ratings.`
      : "";
    const { choice, done } = await ctx.ask(dialog);
    done();
    const name = nameField.value.trim();
    if (choice !== "join" || !name) return null;
    rememberName(name);
    return { name, rating: offered && ratedField.checked ? mine : null };
  }


  /**
   * A live invitation opened here (`#play=ROOM.SECRET`): the match kept for that room, or the room joined to hear
   * the friend's invitation.
   * @param {{room: string, secret: string}} invitation
   */
  async function openInvitation(invitation) {
    const kept = await findByRoom(namespace, invitation.room);
    if (kept) {
      if (shown()?.id !== kept.id) await show(kept.entry, { expectPeer: true });
      return;
    }
    await waitingLine?.close();
    const line = await openLine(invitation, { expectPeer: true, onStatus: showStatus });
    waitingLine = line;
    if (!line) return;
    let answered = false;
    line.onText((text) => {
      if (answered) return;
      const hello = helloIn(text);
      if (!hello) return;
      answered = true;
      void enqueue(() => joinLive(line, invitation, hello));
    });
  }

  /**
   * Join the friend's live match invited to on `from`: the line of the link opened, or of the match before (a rematch).
   * @param {Line | RemoteMatch} from @param {{room: string, secret: string}} invitation @param {Record<string, any>} hello
   */
  async function joinLive(from, invitation, hello) {
    const rematch = !("send" in from);
    const answer = await askJoin({ host: String(hello.name ?? ""), length: Number(hello.rules?.settings?.match_length ?? 0), mode: "live", rematch, hostRating: hello.rating });
    if (answer === null) {
      if (rematch) return; // the match before stays shown, its line open
      waitingLine = null;
      await from.close();
      showStatus({ state: "closed", text: "You did not join your friend's match. Open the link again to join." });
      return;
    }
    const line = rematch ? from.detach() : from;
    const joined = await call("remote_join", { hello, ...answer });
    waitingLine = null;
    // Attaching sends this side's record (the invitation and the answer) to the friend at once.
    await show({ state: joined.state, mode: "live", invitation, chat: [], sent: 0, createdAt: new Date().toISOString() }, { fresh: true, line });
  }

  /**
   * A correspondence turn link opened here (`#v=1&turn=PAYLOAD`): taken into its match, or an invitation to join.
   * @param {string} payload
   */
  async function openTurnLink(payload) {
    let read;
    try {
      read = await call("remote_read_link", { payload });
    } catch (error) {
      if (!ctx.isRulesError(error)) throw error;
      await ctx.message({ title: "Turn link not opened", text: `This turn link cannot be used: ${/** @type {Error} */ (error).message} Nothing was changed.` });
      return;
    }
    clearAddress();
    const kept = await findById(namespace, read.match);
    if (kept) {
      const current = shown();
      const match = current?.id === kept.id ? current : await show(kept.entry);
      await match.receiveLink(payload); // its change reaches play and the panel
      return;
    }
    if (!read.invitation) {
      const names = read.names.filter(Boolean).join(" and ") || "two other players";
      await ctx.message({ title: "Not a match of yours", text: `This turn link belongs to a match between ${names} that is not kept on this device: only the two players' own devices can play it on.` });
      return;
    }
    const settings = read.rules?.settings ?? {};
    const answer = await askJoin({ host: read.names[read.host] ?? "", length: Number(settings.match_length ?? 0), mode: "correspondence", hostRating: read.ratings?.[read.host] });
    if (answer === null) return;
    const joined = await call("remote_join_link", { payload, ...answer });
    await show({ state: joined.state, mode: "correspondence", chat: [], sent: 0, createdAt: new Date().toISOString() }, { fresh: true });
  }

  function clearAddress() {
    history.replaceState(null, "", location.pathname + location.search);
  }

  // ------------------------------------------------------------------------------------------------------------
  // The dialog

  async function openFriendDialog() {
    const dialog = /** @type {HTMLDialogElement} */ ($("friend-dialog"));
    const form = /** @type {HTMLFormElement} */ ($("friend-form"));
    const field = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
    field("name").value = rememberedName();
    field("code").value = "";
    const error = /** @type {HTMLElement} */ (form.querySelector("[data-role=error]"));
    error.textContent = "";
    await listMatches();
    const { choice, done } = await ctx.ask(dialog);
    try {
      if (choice === "invite") {
        const name = field("name").value.trim() || "Host";
        rememberName(name);
        const mode = /** @type {"live" | "correspondence"} */ ((/** @type {RadioNodeList} */ (form.elements.namedItem("mode"))).value);
        await enqueue(() => invite({ name, length: Number(field("length").value), mode, rated: field("rated").checked }));
      } else if (choice === "code") {
        const invitation = readCode(field("code").value);
        if (!invitation) {
          await ctx.message({ title: "Code not read", text: "This code is not a whole invitation: it has 20 letters and digits (dashes may be left out). Ask your friend to read it again." });
        } else {
          await enqueue(() => openInvitation(invitation));
        }
      } else if (choice.startsWith("open:")) {
        const id = choice.slice("open:".length);
        const kept = await findById(namespace, id);
        if (kept) await enqueue(async () => void (await show(kept.entry)));
      } else if (choice.startsWith("delete:")) {
        await deleteMatch(choice.slice("delete:".length));
      }
    } finally {
      done();
    }
  }

  /** The matches kept here, each with Open and Delete (buttons of the dialog's form). */
  async function listMatches() {
    const list = $("friend-matches");
    const kept = await listRemoteMatches(namespace);
    list.replaceChildren();
    if (kept.length === 0) {
      list.append(Object.assign(document.createElement("li"), { textContent: "None yet." }));
      return;
    }
    for (const { id, entry, savedAt } of kept) {
      const { remote } = await call("remote_view", { state: entry.state });
      const item = document.createElement("li");
      const friend = remote.names?.[1 - remote.seat] || "a friend not joined yet";
      const when = new Date(savedAt).toLocaleString();
      item.append(Object.assign(document.createElement("span"), { textContent: `With ${friend} · ${entry.mode === "live" ? "live" : "by links"} · ${turnWords(remote)} · ${when}` }));
      for (const [value, label] of [[`open:${id}`, "Open"], [`delete:${id}`, "Delete"]]) {
        const button = Object.assign(document.createElement("button"), { type: "submit", value, textContent: label, className: "small" });
        button.setAttribute("aria-label", `${label} the match with ${friend}`);
        item.append(" ", button);
      }
      list.append(item);
    }
  }

  /** @param {string} id */
  async function deleteMatch(id) {
    const sure = await ctx.message({
      title: "Delete this match?",
      text: "The match with your friend is deleted from this device. Your friend keeps theirs, but it cannot go on without this device's record.",
      choices: [{ value: "delete", label: "Delete it" }, { value: "keep", label: "Keep it" }],
    });
    if (sure !== "delete") return;
    if (shown()?.id === id) await enqueue(() => play.leaveMatch());
    await remoteMatchStorage(namespace, id).remove();
    ctx.say("The match is deleted from this device.");
  }

  // ------------------------------------------------------------------------------------------------------------
  // The panel of the match shown

  function render() {
    const match = shown();
    const panel = $("remote-panel");
    clearInterval(refresher);
    if (!match) {
      panel.hidden = true;
      $("remote-status").hidden = true;
      sessionStorage.removeItem(SHOWN_KEY);
      // The live match's link leaves the address with it: a reload shows the player's own match.
      if (location.hash.startsWith("#play=") && !waitingLine) clearAddress();
      return;
    }
    panel.hidden = false;
    refresher = setInterval(() => render(), REFRESH_MS);
    const view = match.view();
    const remote = view.remote;
    const friend = match.friendName();
    const entry = match.entry();
    const live = entry.mode === "live";
    $("remote-title").textContent = remote.phase === "invited" ? "Match with a friend" : `Match with ${friend} · ${live ? "live" : "by links"}${remote.rated ? " · rated" : ""}`;
    $("remote-turn").textContent = timeWords(remote, friend);
    const host = remote.seat === remote.host;
    const invited = remote.phase === "invited";
    $("remote-invite").hidden = !(invited && host && live);
    if (invited && host && live && entry.invitation) {
      input("remote-invite-link").value = invitationLink(entry.invitation, location.href);
      $("remote-invite-code").textContent = invitationCode(entry.invitation);
    }
    renderSend(match, remote, friend);
    const claimable = remote.phase === "playing" && remote.deadline !== null && Date.now() / 1000 >= remote.deadline;
    $("remote-claim").hidden = !claimable;
    $("remote-rematch").hidden = !(remote.phase === "over" || remote.phase === "claimed");
    $("remote-chat").hidden = !live || invited;
    $("remote-roll-ahead-label").hidden = live || remote.phase !== "playing";
    const fork = match.fork();
    $("remote-fork").hidden = fork === null;
    if (fork !== null) {
      $("remote-fork-text").textContent = `${friend}'s record of this match differs from yours from message ${fork} on (a claim that crossed a late move, say). Keep yours, or take ${friend}'s: the match then goes on from it, and what differs in yours is dropped.`;
      $("remote-fork-theirs").textContent = `Take ${friend}'s record`;
    }
    input("remote-roll-ahead").checked = entry.rollAhead === true;
    renderChat(entry, remote, friend);
  }

  /**
   * By correspondence: the link to send, whenever the last message of the match is this side's.
   * @param {RemoteMatch} match @param {Record<string, any>} remote @param {string} friend
   */
  function renderSend(match, remote, friend) {
    const entry = match.entry();
    const transcript = entry.state.transcript ?? [];
    const last = transcript[transcript.length - 1];
    // Live, a turn goes as a link too while the devices cannot connect (no direct path without a TURN relay).
    const byLinks = entry.mode === "correspondence" || (lineState !== "connected" && lineState !== "looking" && lineState !== "");
    const ours = byLinks && last?.from === remote.seat && remote.phase !== "over";
    const oursToSend = ours || (entry.mode === "correspondence" && remote.phase === "invited");
    $("remote-send").hidden = !oursToSend;
    if (!oursToSend) return;
    const revision = transcript.length - 1;
    const sent = entry.sent >= revision;
    $("remote-send-text").textContent = remote.phase === "invited"
      ? "Send your friend this link: it holds your invitation. They send you a link back when they join."
      : entry.mode === "live" && !sent
        ? `${friend}'s device cannot be reached now: send your turn as a link instead (by any messenger or email).`
        : sent
        ? `Sent. If ${friend} did not get it, send the link again.`
        : `Your turn is ready: send ${friend} this link (by any messenger or email).`;
    $("remote-send-share").hidden = typeof navigator.share !== "function";
    if (sendLink.revision === revision) return;
    sendLink = { revision, href: "" };
    void match.turnLink(location.href).then((href) => {
      if (sendLink.revision !== revision) return;
      sendLink.href = href;
      input("remote-send-link").value = href;
    });
  }

  /** @param {RemoteEntry} entry @param {Record<string, any>} remote @param {string} friend */
  function renderChat(entry, remote, friend) {
    const log = $("remote-chat-log");
    log.replaceChildren(
      ...entry.chat.map((line) => {
        const item = document.createElement("li");
        const who = line.from === remote.seat ? "You" : friend;
        item.append(Object.assign(document.createElement("strong"), { textContent: `${who}: ` }), line.text); // text only
        return item;
      }),
    );
    log.scrollTop = log.scrollHeight;
  }

  /** @param {string} text */
  async function sendChat(text) {
    const match = shown();
    if (!match || !text.trim()) return;
    try {
      await match.chat(text);
    } catch (error) {
      if (!ctx.isRulesError(error)) throw error;
      ctx.say(/** @type {Error} */ (error).message);
      return;
    }
    render();
  }

  /** Copy the correspondence link and count it as sent. */
  async function copySendLink() {
    const match = shown();
    if (!match || !sendLink.href) return;
    const field = input("remote-send-link");
    const copied = await copyText(sendLink.href, field);
    await match.markSent(sendLink.revision);
    ctx.say(copied ? "The turn link is copied: paste it into a message to your friend." : "The turn link is selected: press Ctrl+C (or ⌘C) to copy it.");
    render();
  }

  $("remote-invite-copy").addEventListener("click", async () => {
    const field = input("remote-invite-link");
    const copied = await copyText(field.value, field);
    ctx.say(copied ? "The link is copied: send it to your friend." : "The link is selected: press Ctrl+C (or ⌘C) to copy it.");
  });
  $("remote-send-copy").addEventListener("click", () => void enqueue(() => copySendLink()));
  $("remote-fork-theirs").addEventListener("click", () => {
    const match = shown();
    if (match) void enqueue(async () => void (await match.takeTheirs()));
  });
  $("remote-fork-mine").addEventListener("click", () => {
    shown()?.keepMine();
    render();
  });
  $("remote-roll-ahead").addEventListener("change", () => {
    const match = shown();
    const on = input("remote-roll-ahead").checked;
    if (match) void enqueue(() => match.setRollAhead(on));
  });
  $("remote-send-file").addEventListener("click", () => void enqueue(async () => {
    const match = shown();
    if (!match || !sendLink.href) return;
    const { text, filename } = turnFile({ href: sendLink.href, friend: match.friendName(), revision: sendLink.revision });
    downloadText(text, filename, "text/plain");
    await match.markSent(sendLink.revision);
    ctx.say(`The turn is saved as ${filename}: send the file to your friend, who opens it in the game (Save / load).`);
    render();
  }));
  $("remote-send-share").addEventListener("click", async () => {
    const match = shown();
    if (!match || !sendLink.href) return;
    try {
      await navigator.share({ title: "Backgammon: your turn", url: sendLink.href });
      await enqueue(() => match.markSent(sendLink.revision));
      render();
    } catch {
      // Cancelled: nothing was sent.
    }
  });
  $("remote-claim").addEventListener("click", () => {
    const match = shown();
    if (match) void enqueue(async () => void (await match.claim()));
  });
  $("remote-leave").addEventListener("click", () => void enqueue(() => play.leaveMatch()));
  $("remote-rematch").addEventListener("click", () => void enqueue(() => rematch()));
  $("remote-chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const field = input("remote-chat-text");
    const text = field.value;
    field.value = "";
    void enqueue(() => sendChat(text));
  });
  for (const button of document.querySelectorAll("#remote-chat [data-phrase]")) {
    button.addEventListener("click", () => void enqueue(() => sendChat(/** @type {HTMLElement} */ (button).dataset.phrase ?? "")));
  }

  return {
    openFriendDialog,
    openInvitation,
    openTurnLink,
    render,
    /** The match this tab showed before a reload, shown again (false: none). */
    async resumeShown() {
      const id = sessionStorage.getItem(SHOWN_KEY);
      if (!id) return false;
      const kept = await findById(namespace, id);
      if (!kept) return false;
      await show(kept.entry);
      return true;
    },
  };
}

/** @param {Record<string, any>} remote */
function turnWords(remote) {
  if (remote.phase === "invited") return "waiting for your friend to join";
  if (remote.phase === "over" || remote.phase === "claimed") return "over";
  return remote.awaited === remote.seat ? "your turn" : "their turn";
}

/**
 * The friend's last move, and when the match may be claimed.
 * @param {Record<string, any>} remote @param {string} friend
 */
function timeWords(remote, friend) {
  if (remote.phase !== "playing") return "";
  const ago = agoWords(Date.now() / 1000 - remote.last_time);
  if (remote.deadline === null) return `Last move ${ago}.`;
  const claimable = Date.now() / 1000 >= remote.deadline;
  if (claimable) return `Last move ${ago}. ${friend} has kept the match waiting past its time limit: you may claim it.`;
  return `Last move ${ago}. If ${friend} has not played by ${new Date(remote.deadline * 1000).toLocaleString()}, you may claim the match.`;
}

/** @param {number} seconds */
function agoWords(seconds) {
  if (seconds < 60) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/** @typedef {ReturnType<typeof createFriends>} Friends */
