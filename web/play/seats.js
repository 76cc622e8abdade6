// @ts-check
/**
 * Who sits at each side of the board. A side is *a person at this device*, *the computer*, or *a friend on another
 * device*; the play loop asks the side to move for its action the same way whoever sits there. A person acts
 * through the board, the buttons and the keys; a seat that acts by itself has `takeTurn`, which the loop calls when
 * that side is to act. A person's turn ends when they confirm it (*Done*, or their preference `endTurn`); the
 * computer confirms its own; a friend's confirmed turn comes in as a message (web/remote/remote-match.js), and this
 * side's is sent only once confirmed.
 */

import { think } from "./think.js";

/** @typedef {import("../types.js").PlayView} View */

/**
 * What a seat that acts by itself is given: the play loop's own means of acting.
 * @typedef {object} TurnContext
 * @property {import("../types.js").Call} call  a worker method
 * @property {(action: import("../types.js").Action, options?: {animate?: boolean}) => Promise<void>} perform  apply one action
 * @property {() => View} view  the view as it stands now
 * @property {() => boolean} current  false once the match was replaced (a new match, another tab): stop acting
 * @property {(why: string) => () => void} busy  mark the page busy ("thinking") until the returned function is called
 * @property {() => number} animationMs  the checkers' glide, to pace a turn by
 * @property {() => import("../engine/pool.js").Pool | null} [helpers]  workers that share a long look-ahead
 *   (web/play/think.js), started at the first ask; null when the device has no core to spare for them
 */

/**
 * @typedef {{kind: "here"}} PersonSeat
 * @typedef {{kind: "computer", level: string, takeTurn: (player: number, ctx: TurnContext) => Promise<void>}} ComputerSeat
 * @typedef {{kind: "remote"}} RemoteSeat  acts on another device: nothing to do here but wait for its messages
 * @typedef {PersonSeat | ComputerSeat | RemoteSeat} Seat
 */

/** The player who must act now: the one on roll, or the one answering a double or a resignation. */
/** @param {View} view */
export function actor(view) {
  const onRoll = view.phase === "move" || view.phase === "roll" || view.phase === "opening";
  return onRoll ? view.turn ?? 0 : view.decision ?? view.turn ?? 0;
}

/**
 * The seat of `player` in the match `view` shows (the record's `players[i].kind`).
 * @param {View} view
 * @param {number} player
 * @returns {Seat}
 */
export function seatOf(view, player) {
  const who = view.players?.[player];
  if (who?.kind === "computer") return computerSeat(who.level ?? "intermediate");
  if (who?.kind === "remote") return { kind: "remote" };
  return { kind: "here" };
}

/**
 * Whether a person at this device acts now. The opening roll is anyone's here unless both sides act by themselves.
 * @param {View} view
 */
export function personHereToAct(view) {
  if (view.phase === "game_over" || view.phase === "match_over") return false;
  // On two devices the protocol says whose move the match waits for (its dice come from both sides by themselves).
  if (view.remote) return view.remote.phase === "playing" && view.remote.awaited === view.remote.seat && view.phase !== "opening";
  if (view.phase === "opening") return [0, 1].some((player) => seatOf(view, player).kind === "here");
  return seatOf(view, actor(view)).kind === "here";
}

/** @param {number} ms */
export function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The computer at `level`: Python chooses in the worker (web/play/think.js); its play is shown one checker at a time.
 * @param {string} level
 * @returns {ComputerSeat}
 */
export function computerSeat(level) {
  return {
    kind: "computer",
    level,
    async takeTurn(player, ctx) {
      const before = ctx.view();
      const done = ctx.busy("thinking");
      let action;
      try {
        action = await think(level, ctx);
      } finally {
        done();
      }
      if (!ctx.current() || !action) return;
      if (action.type === "play" && Array.isArray(action.moves)) {
        for (const move of action.moves) {
          if (!ctx.current()) return;
          await ctx.perform({ type: "move", from: move.from, to: move.to }, { animate: true });
          await pause(ctx.animationMs() / 2);
        }
        const after = ctx.view();
        if (ctx.current() && after.phase === "move" && after.can_confirm && actor(after) === player) {
          await ctx.perform({ type: "confirm" });
        }
        return;
      }
      // Let "cannot move" be seen before the turn passes.
      if (action.type === "confirm" && before.no_legal_move) await pause(Math.max(400, ctx.animationMs() * 3));
      await ctx.perform(action);
    },
  };
}
