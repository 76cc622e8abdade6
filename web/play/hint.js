// @ts-check
/** *Hint*: the computer's advice for the decision at hand (the best plays, or the cube), shown in the panel. */

/**
 * Ask for a hint and show it in `panel`.
 * @param {{panel: HTMLElement, call: import("../types.js").Call, enqueue: (step: () => Promise<unknown>) => Promise<unknown>,
 *   view: () => import("../types.js").PlayView, say: (text: string) => void}} ctx
 */
export async function showHint({ panel, call, enqueue, view, say }) {
  panel.hidden = false;
  panel.textContent = "Thinking…";
  await enqueue(async () => {
    let hint;
    try {
      hint = await call("hint");
    } catch (e) {
      panel.textContent = `No hint available: ${e instanceof Error ? e.message : String(e)}`;
      return;
    }
    panel.replaceChildren(...hintNodes(hint, view().phase === "doubled"));
    say(panel.textContent ?? "");
  });
}

/**
 * @param {any} hint the worker's `hint` answer
 * @param {boolean} doubled a double is offered: the cube advice is take or drop
 */
function hintNodes(hint, doubled) {
  /** @type {Node[]} */
  const nodes = [];
  const heading = document.createElement("h3");
  heading.textContent = "Hint";
  nodes.push(heading);
  const mwc = hint?.unit === "mwc";
  const cube = hint?.cube;
  if (cube) {
    const p = document.createElement("p");
    const advice = doubled ? `Advice: ${cube.response ?? "take"}.` : `Cube: ${cube.summary ?? cube.action ?? ""}`;
    const win = typeof cube.win === "number" ? ` Winning chances ${(cube.win * 100).toFixed(1)}%.` : "";
    p.textContent = `${advice}${win}`;
    nodes.push(p);
  }
  const plays = Array.isArray(hint?.plays) ? hint.plays.slice(0, 5) : [];
  if (plays.length) {
    const list = document.createElement("ol");
    for (const play of plays) {
      const item = document.createElement("li");
      let value = "";
      if (typeof play.equity === "number") {
        value = mwc ? ` — match winning chances ${(play.equity * 100).toFixed(1)}%` : ` — equity ${play.equity >= 0 ? "+" : ""}${play.equity.toFixed(3)}`;
        if (play.difference) value += mwc ? ` (${(play.difference * 100).toFixed(1)})` : ` (${play.difference.toFixed(3)})`;
      }
      item.textContent = `${play.play}${value}`;
      list.append(item);
    }
    nodes.push(list);
  }
  if (nodes.length === 1) {
    const p = document.createElement("p");
    p.textContent = "No advice for this moment.";
    nodes.push(p);
  }
  return nodes;
}
