// @ts-check
/**
 * The checkers' glide: checkers fly from one place to another over the board, each hidden at its end place until it
 * lands; moving one checker in the drawn state and gliding it (and a checker it hits).
 */

import { drawChecker } from "./svg.js";
import { moveChecker } from "./state.js";
import { slot, topSlot } from "./model.js";
import { schedule, drawNow } from "./render.js";

/** @typedef {import("./model.js").State} State */
/** @typedef {import("./geometry.js").Loc} Loc */
/** @typedef {import("./geometry.js").Pt} Pt */

/** @param {number} t */
const ease = (t) => (t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2);

/**
 * Glide checkers from their start to their end; each is hidden at its end place until it lands.
 * @param {State} s @param {{player: number, loc: Loc, start: Pt, end: Pt}[]} list @param {number} ms
 * @returns {Promise<void>}
 */
export function fly(s, list, ms) {
  const { hidden } = s;
  if (ms <= 0 || !list.length) {
    schedule(s);
    return Promise.resolve();
  }
  const els = list.map((f) => {
    const key = `${f.player}:${f.loc}`;
    hidden.set(key, (hidden.get(key) || 0) + 1);
    return drawChecker(s.layerFloat, s.prefix, f.player, f.start.x, f.start.y, s.geo.R, "flying");
  });
  drawNow(s);
  return new Promise((resolve) => {
    const t0 = performance.now();
    let frame = 0;
    let done = false;
    // The game waits for a glide to land (the computer's next checker, the save): a tab that draws no frames (in
    // the background, a hidden window) must not hold it up for ever, so a timer lands it at the latest.
    const landing = setTimeout(() => flight.finish(), ms + 100);
    const flight = {
      finish() {
        if (done) return;
        done = true;
        clearTimeout(landing);
        cancelAnimationFrame(frame);
        s.flights.delete(flight);
        list.forEach((f, i) => {
          const key = `${f.player}:${f.loc}`;
          const n = (hidden.get(key) || 1) - 1;
          if (n) hidden.set(key, n);
          else hidden.delete(key);
          els[i].remove();
        });
        schedule(s);
        resolve();
      },
    };
    /** @param {number} now */
    const step = (now) => {
      const k = ease(Math.min(1, (now - t0) / ms));
      list.forEach((f, i) => {
        els[i].setAttribute("transform", `translate(${f.start.x + (f.end.x - f.start.x) * k} ${f.start.y + (f.end.y - f.start.y) * k})`);
      });
      if (now - t0 >= ms) flight.finish();
      else frame = requestAnimationFrame(step);
    };
    s.flights.add(flight);
    frame = requestAnimationFrame(step);
  });
}

/** Land every glide in progress at once. @param {State} s */
export function finishFlights(s) {
  for (const f of [...s.flights]) f.finish();
}

/**
 * Move one checker in the drawn state, sending a lone opposing checker to the bar, and glide it.
 * @param {State} s @param {number} player @param {Loc} from @param {Loc} to
 * @param {Pt | null} startAt  where a dragged checker was dropped
 * @param {number} ms
 */
export function glideMove(s, player, from, to, startAt, ms) {
  const start = startAt || topSlot(s, player, from);
  const blotAt = slot(s, 1 - player, to, 0);
  const { hit } = moveChecker(s.drawn, player, from, to);
  const list = [{ player, loc: to, start, end: topSlot(s, player, to) }];
  if (hit) {
    list.push({ player: 1 - player, loc: "bar", start: blotAt, end: topSlot(s, 1 - player, "bar") });
  }
  return fly(s, list, ms);
}
