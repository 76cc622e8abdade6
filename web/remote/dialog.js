// @ts-check
/**
 * The *Play a friend online* dialog: invite (live or by links), join with a code, and the matches kept here, each
 * opened or deleted.
 */

import { t, writtenMoment } from "../i18n/i18n.js";
import { openInvitation } from "./address.js";
import { invite } from "./invite.js";
import { linkToSend } from "./next-step.js";
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
      const name = field("name").value.trim() || "Host"; // a name stored in the match, the same in every language
      rememberName(name);
      const mode = /** @type {"live" | "correspondence"} */ ((/** @type {RadioNodeList} */ (form.elements.namedItem("mode"))).value);
      await enqueue(() => invite(state, { name, length: Number(field("length").value), mode, rated: field("rated").checked }));
    } else if (choice === "code") {
      const invitation = readCode(field("code").value);
      if (!invitation) {
        await ctx.message({ title: t("friend.codeNotRead"), text: t("friend.codeNotReadText") });
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
 * The list written again while the dialog is open: in the language now in force, or after a kept match changed.
 * @param {FriendsState} state
 */
export async function relistMatches(state) {
  if (/** @type {HTMLDialogElement} */ ($("friend-dialog")).open) await listMatches(state);
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
    list.append(Object.assign(document.createElement("li"), { textContent: t("friend.noneYet") }));
    return;
  }
  for (const { id, entry, savedAt } of kept) {
    const { view, remote } = await call("remote_view", { state: entry.state });
    const item = document.createElement("li");
    const name = remote.names?.[1 - remote.seat] || "";
    const friend = name || t("friend.notJoined");
    const when = writtenMoment(new Date(savedAt).getTime());
    const settings = view?.settings ?? entry.state.transcript?.[0]?.rules?.settings;
    const line = t("friend.listLine", {
      named: name ? "yes" : "no",
      friend: name,
      length: settings?.match_length ?? 0,
      live: entry.mode === "live" ? "yes" : "no",
      turn: t(turnWords(entry, remote)),
      when,
    });
    item.append(Object.assign(document.createElement("span"), { textContent: line }));
    for (const [value, label, named] of /** @type {const} */ ([[`open:${id}`, "friend.open", "friend.openNamed"], [`delete:${id}`, "friend.delete", "friend.deleteNamed"]])) {
      // Not held by the invitation's fields: a player met in the lobby may never have given a name here.
      const button = Object.assign(document.createElement("button"), { type: "submit", value, textContent: t(label), className: "small", formNoValidate: true });
      button.setAttribute("aria-label", t(named, { friend }));
      item.append(" ", button);
    }
    list.append(item);
  }
}

/** @param {FriendsState} state @param {string} id */
async function deleteMatch(state, id) {
  const { ctx } = state;
  const sure = await ctx.message({
    title: t("friend.deleteTitle"),
    text: t("friend.deleteText"),
    choices: [{ value: "delete", label: t("friend.deleteIt") }, { value: "keep", label: t("friend.keepIt") }],
  });
  if (sure !== "delete") return;
  if (shown(state)?.id === id) await ctx.enqueue(() => ctx.play.leaveMatch());
  await remoteMatchStorage(ctx.namespace, id).remove();
  ctx.say(t("friend.deleted"));
}

/**
 * Whose step it is, as the status line would say it (a message id): a link to send comes first.
 * @param {import("./store.js").RemoteEntry} entry @param {import("../types.js").RemoteView} remote
 */
function turnWords(entry, remote) {
  const link = linkToSend(entry, remote, entry.mode === "correspondence");
  if (link && !link.sent) return link.what === "invitation" ? "friend.invitationToSend" : "friend.linkToSend";
  if (remote.phase === "invited") return "friend.waitingJoin";
  if (remote.phase === "over" || remote.phase === "claimed") return "friend.over";
  return remote.awaited === remote.seat ? "friend.yourTurn" : "friend.theirTurn";
}
