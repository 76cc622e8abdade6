// @ts-check
/**
 * What the player here does now in a match with a friend, in one sentence: the status line shows it (through the
 * view, `waiting`) and the panel's words beside the link to send agree with it. Send the link, wait for the friend
 * (and for what), or nothing here: the player acts, and the play mode says what to do.
 */

/** @typedef {import("../types.js").RemoteView} RemoteView */
/** @typedef {import("../types.js").Message} Message */

/** Why a turn may take three links, said where a link goes for the dice. */
export const THREE_LINKS =
  "Your dice come from both devices, so a turn takes up to three links: a link to ask for the roll, one back with " +
  "the other device's half of it, and one with the play. When you both tick Roll my next turn with each play, a " +
  "turn takes one link.";

/**
 * The link this side has to send, or null: by links whenever the last message of the match is this side's (the match
 * over too); live, the same while the devices cannot connect.
 * @param {{mode: string, sent: number, state: {transcript?: Message[]}}} entry the match as kept
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
 * @param {{remote: RemoteView, phase: string | undefined, friend: string, link: ReturnType<typeof linkToSend>, live: boolean, letters?: boolean}} at
 *   phase: the rules core's phase of the game; live: a live match; letters: a lobby match by links, whose turns go
 *   as letters over the relays (once sent, nothing is said of links)
 * @returns {{status: string, panel: string}}
 */
export function nextStep({ remote, phase, friend, link, live, letters = false }) {
  const panel = link ? panelWords(link, friend) : "";
  if (link && !link.sent) return { status: sendWords(link, friend), panel };
  if (letters && remote.phase === "invited") return { status: "Your invitation went through the lobby: the match starts when your opponent's game reads it.", panel };
  return { status: waitWords({ remote, phase, friend, link: letters ? null : link, live }), panel };
}

/**
 * @param {NonNullable<ReturnType<typeof linkToSend>>} link @param {string} friend
 */
function sendWords(link, friend) {
  const who = friend === "Your friend" ? "your friend" : friend;
  switch (link.what) {
    case "invitation": return `Send ${who} the link below: it holds your invitation.`;
    case "join": return `Send ${friend} the link below: it tells ${friend} that you joined.`;
    case "roll": return `Send ${friend} the link below: it asks for your roll. ${friend}'s device adds its half of the dice and sends you a link back.`;
    case "half": return `Send ${friend} the link below: it holds your device's half of the next roll.`;
    case "double": return `Send ${friend} the link below: it holds your double.`;
    case "answer": return `Send ${friend} the link below: it holds your answer.`;
    case "claim": return `Send ${friend} the link below: it holds your claim of the match (${friend} kept it waiting too long).`;
    default: return link.live ? `Send ${friend} your turn as the link below: ${friend}'s device cannot be reached now.` : `Send ${friend} the link below: it holds your turn.`;
  }
}

/**
 * @param {NonNullable<ReturnType<typeof linkToSend>>} link @param {string} friend
 */
function panelWords(link, friend) {
  if (link.sent) return `Sent. If ${friend === "Your friend" ? "your friend" : friend} did not get it, send the link again.`;
  const how = link.what === "invitation" ? " They send you a link back when they join." : " Any messenger or email will do.";
  const why = link.what === "roll" || link.what === "half" ? ` ${THREE_LINKS}` : "";
  return `${sendWords(link, friend)}${how}${why}`;
}

/**
 * What the player here waits for: by links, the friend's link back; live, the friend's device or the friend.
 * @param {{remote: RemoteView, phase: string | undefined, friend: string, link: ReturnType<typeof linkToSend>, live: boolean}} at
 */
function waitWords({ remote, phase, friend, link, live }) {
  if (remote.phase === "invited") return live ? "Send your friend the link or the code below: the match starts when they open it." : "Waiting for your friend to open your link and join.";
  if (remote.phase === "claimed") return remote.claimed_by === remote.seat ? `You claimed the match: ${friend} kept it waiting too long.` : `${friend} claimed the match: it waited too long for you.`;
  if (remote.phase === "over") return `Match over. Offer ${friend} a rematch, or go back to your own match.`;
  // This device adds its half of a roll by itself (the opening roll, or the friend's roll once asked for).
  if (remote.awaited === remote.seat) return "Drawing the dice…";
  const decides = remote.waiting_for === "decision" && phase === "roll";
  if (link) {
    if (link.what === "join") return `Waiting for ${friend}'s link back with the opening roll.`;
    if (link.what === "roll") return `Waiting for ${friend}'s link back with your dice.`;
    if (link.what === "double") return `Waiting for ${friend}'s answer to your double: it comes back as a link.`;
    return `Waiting for ${friend} to ${decides ? "roll or double" : "play"} and send you a link back.`;
  }
  // A roll due with the friend on roll: the friend rolls (their device adds its half); else both devices draw it.
  if (remote.waiting_for === "dice") return phase === "roll" ? `Waiting for ${friend} to roll.` : `Waiting for ${friend}'s device to draw the dice…`;
  if (phase === "doubled") return `Waiting for ${friend}'s answer to your double.`;
  if (phase === "resign_offered") return `Waiting for ${friend}'s answer.`;
  return `Waiting for ${friend} to ${decides ? "roll or double" : "play"}.`;
}
