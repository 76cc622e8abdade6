// @ts-check
/**
 * The *Play a friend online* dialog: invite (live or by links), join with a code, and the matches kept here, each
 * opened or deleted.
 */

import { openInvitation } from "./address.js";
import { invite } from "./invite.js";
import { linkToSend } from "./next-step.js";
import { matchWords } from "./panel.js";
import { readCode } from "./link.js";
import { show } from "./show.js";
import { $, shown } from "./state.js";
import { findById, listRemoteMatches, rememberName, rememberedName, remoteMatchStorage } from "./store.js";

/** @typedef {import("./state.js").FriendsState} FriendsState */

/** @param {FriendsState} state */
export async function openFriendDialog(state) {
  const { ctx } = state;
  const { namespace, enqueue } = ctx;
  const dialog = /** @type {HTMLDialogElement} */ ($("friend-dialog"));
  const form = /** @type {HTMLFormElement} */ ($("friend-form"));
  const field = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
  field("name").value = rememberedName();
  field("code").value = "";
  const error = /** @type {HTMLElement} */ (form.querySelector("[data-role=error]"));
  error.textContent = "";
  await listMatches(state);
  const { choice, done } = await ctx.ask(dialog);
  try {
    if (choice === "invite") {
      const name = field("name").value.trim() || "Host";
      rememberName(name);
      const mode = /** @type {"live" | "correspondence"} */ ((/** @type {RadioNodeList} */ (form.elements.namedItem("mode"))).value);
      await enqueue(() => invite(state, { name, length: Number(field("length").value), mode, rated: field("rated").checked }));
    } else if (choice === "code") {
      const invitation = readCode(field("code").value);
      if (!invitation) {
        await ctx.message({ title: "Code not read", text: "This code is not a whole invitation: it has 20 letters and digits (dashes may be left out). Ask your friend to read it again." });
      } else {
        await enqueue(() => openInvitation(state, invitation));
      }
    } else if (choice.startsWith("open:")) {
      const id = choice.slice("open:".length);
      const kept = await findById(namespace, id);
      if (kept) await enqueue(async () => void (await show(state, kept.entry)));
    } else if (choice.startsWith("delete:")) {
      await deleteMatch(state, choice.slice("delete:".length));
    }
  } finally {
    done();
  }
}

/**
 * The matches kept here, each with Open and Delete (buttons of the dialog's form).
 * @param {FriendsState} state
 */
async function listMatches(state) {
  const { namespace, call } = state.ctx;
  const list = $("friend-matches");
  const kept = await listRemoteMatches(namespace);
  list.replaceChildren();
  if (kept.length === 0) {
    list.append(Object.assign(document.createElement("li"), { textContent: "None yet." }));
    return;
  }
  for (const { id, entry, savedAt } of kept) {
    const { view, remote } = await call("remote_view", { state: entry.state });
    const item = document.createElement("li");
    const friend = remote.names?.[1 - remote.seat] || "a friend not joined yet";
    const when = new Date(savedAt).toLocaleString();
    const what = matchWords(view?.settings ?? entry.state.transcript?.[0]?.rules?.settings).toLowerCase();
    const how = entry.mode === "live" ? "live" : "by links";
    item.append(Object.assign(document.createElement("span"), { textContent: `With ${friend} · ${what} · ${how} · ${turnWords(entry, remote)} · ${when}` }));
    for (const [value, label] of [[`open:${id}`, "Open"], [`delete:${id}`, "Delete"]]) {
      // Not held by the invitation's fields: a player met in the lobby may never have given a name here.
      const button = Object.assign(document.createElement("button"), { type: "submit", value, textContent: label, className: "small", formNoValidate: true });
      button.setAttribute("aria-label", `${label} the match with ${friend}`);
      item.append(" ", button);
    }
    list.append(item);
  }
}

/** @param {FriendsState} state @param {string} id */
async function deleteMatch(state, id) {
  const { ctx } = state;
  const sure = await ctx.message({
    title: "Delete this match?",
    text: "The match with your friend is deleted from this device. Your friend keeps theirs, but it cannot go on without this device's record.",
    choices: [{ value: "delete", label: "Delete it" }, { value: "keep", label: "Keep it" }],
  });
  if (sure !== "delete") return;
  if (shown(state)?.id === id) await ctx.enqueue(() => ctx.play.leaveMatch());
  await remoteMatchStorage(ctx.namespace, id).remove();
  ctx.say("The match is deleted from this device.");
}

/**
 * Whose step it is, as the status line would say it: a link to send comes first.
 * @param {import("./store.js").RemoteEntry} entry @param {import("../types.js").RemoteView} remote
 */
function turnWords(entry, remote) {
  const link = linkToSend(entry, remote, entry.mode === "correspondence");
  if (link && !link.sent) return link.what === "invitation" ? "your invitation to send" : "your link to send";
  if (remote.phase === "invited") return "waiting for your friend to join";
  if (remote.phase === "over" || remote.phase === "claimed") return "over";
  return remote.awaited === remote.seat ? "your turn" : "their turn";
}
