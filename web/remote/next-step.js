// @ts-check
/**
 * What the player here does now in a match with a friend, in one sentence: the status line shows it (through the
 * view, `waiting`) and the panel's words beside the link to send agree with it. Send the link, wait for the friend
 * (and for what), or nothing here: the player acts, and the play mode says what to do.
 */

import { t } from "../i18n/i18n.js";

/** @typedef {import("../types.js").RemoteView} RemoteView */
/** @typedef {import("../types.js").Message} Message */

/**
 * The link this side has to send, or null: by links whenever the last message of the match is this side's (the match
 * over too); live, the same while the devices cannot connect, unless the friend's device acknowledged it.
 * @param {{mode: string, sent: number, acked?: number, state: {transcript?: Message[]}}} entry the match as kept
 * @param {RemoteView} remote
 * @param {boolean} byLinks the turns go as links (by links, or live while the devices cannot connect)
 * @returns {{revision: number, sent: boolean, what: "invitation" | "join" | "roll" | "half" | "double" | "answer" | "claim" | "turn", live: boolean} | null}
 */
export function linkToSend(entry, remote, byLinks) {
  const transcript = entry.state.transcript ?? [];
  const last = transcript[transcript.length - 1];
  const invitation = entry.mode === "correspondence" && remote.phase === "invited";
  // Over too: the message that ended the match (an answer, a last play) is the friend's only news of the end.
  if (!invitation && !(byLinks && last?.from === remote.seat)) return null;
  const revision = transcript.length - 1;
  if (!invitation && (entry.acked ?? -1) >= revision) return null;
  return { revision, sent: entry.sent >= revision, what: invitation ? "invitation" : linkHolds(last), live: entry.mode === "live" };
}

/**
 * What a message of this side's holds, as the player would name it.
 * @param {Message | undefined} message
 */
function linkHolds(message) {
  if (message?.type === "hello") return "invitation";
  if (message?.type === "join") return "join";
  if (message?.type === "claim") return "claim";
  const items = new Set((message?.items ?? []).map((item) => /** @type {{type: string}} */ (item).type));
  const play = ["move", "confirm", "swap_dice", "resign"].some((type) => items.has(type));
  if (!play && items.has("double")) return "double";
  if (!play && ["take", "drop", "beaver", "accept_resign", "reject_resign"].some((type) => items.has(type))) return "answer";
  if (!play && items.has("roll")) return "roll";
  if (!play && items.has("reveal")) return "half";
  return "turn";
}

/**
 * The sentence of the status line whenever the player here does not act (when they do, play says what to do), and
 * the panel's words beside the link to send (empty: no link to send).
 * @param {{remote: RemoteView, phase: string | undefined, friend: string | null, link: ReturnType<typeof linkToSend>, live: boolean, letters?: boolean}} at
 *   phase: the rules core's phase of the game; friend: the friend's name as the match knows it (remote-match.js
 *   `knownFriendName`), null before anyone joined; live: a live match; letters: a lobby match by links, whose
 *   turns go as letters over the relays (once sent, nothing is said of links)
 * @returns {{status: string, panel: string}}
 */
export function nextStep({ remote, phase, friend: known, link, live, letters = false }) {
  const friend = { name: known ?? t("remote.yourFriend"), named: known !== null };
  const panel = link ? panelWords(link, friend) : "";
  if (link && !link.sent) return { status: sendWords(link, friend), panel };
  if (letters && remote.phase === "invited") return { status: t("remote.lobbyInvited"), panel };
  return { status: waitWords({ remote, phase, friend, link: letters ? null : link, live }), panel };
}

/** @typedef {{name: string, named: boolean}} Friend  the name the words give the friend, and whether it is theirs */

/**
 * @param {NonNullable<ReturnType<typeof linkToSend>>} link @param {Friend} who
 */
function sendWords(link, { name: friend, named: known }) {
  const named = known ? "yes" : "no";
  switch (link.what) {
    case "invitation": return t("remote.sendInvitation", { named, friend });
    case "join": return t("remote.sendJoin", { friend });
    case "roll": return t("remote.sendRoll", { friend });
    case "half": return t("remote.sendHalf", { friend });
    case "double": return t("remote.sendDouble", { friend });
    case "answer": return t("remote.sendAnswer", { friend });
    case "claim": return t("remote.sendClaim", { friend });
    default: return link.live ? t("remote.sendTurnLive", { friend }) : t("remote.sendTurn", { friend });
  }
}

/**
 * @param {NonNullable<ReturnType<typeof linkToSend>>} link @param {Friend} friend
 */
function panelWords(link, friend) {
  if (link.sent) return t("remote.sent", { named: friend.named ? "yes" : "no", friend: friend.name });
  // Whole sentences, one after another.
  const how = t(link.what === "invitation" ? "remote.linkBack" : "remote.anyMessenger");
  const why = link.what === "roll" || link.what === "half" ? ` ${t("remote.threeLinks")}` : "";
  return `${sendWords(link, friend)} ${how}${why}`;
}

/**
 * What the player here waits for: by links, the friend's link back; live, the friend's device or the friend.
 * @param {{remote: RemoteView, phase: string | undefined, friend: Friend, link: ReturnType<typeof linkToSend>, live: boolean}} at
 */
function waitWords({ remote, phase, friend: { name: friend, named }, link, live }) {
  // Live, a friend known by name before the join was offered the match without a link (a rematch, the lobby's).
  if (remote.phase === "invited" && live && named) return t("remote.invitedOffered", { friend });
  if (remote.phase === "invited") return t(live ? "remote.invitedLive" : "remote.invitedLinks");
  if (remote.phase === "claimed") return t(remote.claimed_by === remote.seat ? "remote.youClaimed" : "remote.friendClaimed", { friend });
  if (remote.phase === "over") return t("remote.over", { friend });
  // This device adds its half of a roll by itself (the opening roll, or the friend's roll once asked for).
  if (remote.awaited === remote.seat) return t("remote.drawing");
  const decides = remote.waiting_for === "decision" && phase === "roll" ? "yes" : "no";
  if (link) {
    if (link.what === "join") return t("remote.waitOpening", { friend });
    if (link.what === "roll") return t("remote.waitDice", { friend });
    if (link.what === "double") return t("remote.waitDoubleLink", { friend });
    return t("remote.waitLink", { friend, decides });
  }
  // A roll due with the friend on roll: the friend rolls (their device adds its half); else both devices draw it.
  if (remote.waiting_for === "dice") return t(phase === "roll" ? "remote.waitRoll" : "remote.waitDraw", { friend });
  if (phase === "doubled") return t("remote.waitDouble", { friend });
  if (phase === "resign_offered") return t("remote.waitAnswer", { friend });
  return t("remote.waitPlay", { friend, decides });
}
