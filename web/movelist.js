// @ts-check
/**
 * The move list: the current game in standard notation (cube actions and passes included, as Python writes them in
 * view.notation), with the earlier games of the match folded away above it.
 */

/**
 * @typedef {{number: number, lines: string[], result?: string | null}} NotatedGame
 */

/**
 * @param {HTMLElement} container
 * @param {{games?: NotatedGame[]} | null | undefined} notation
 */
export function renderMoveList(container, notation) {
  const games = notation?.games ?? [];
  const key = JSON.stringify(games);
  if (container.dataset.key === key) return; // unchanged: keep the scroll position and open folds
  container.dataset.key = key;
  const fragment = document.createDocumentFragment();
  games.forEach((game, index) => {
    const current = index === games.length - 1;
    const list = document.createElement("ol");
    list.className = "moves";
    for (const line of game.lines ?? []) {
      const item = document.createElement("li");
      item.textContent = line;
      list.append(item);
    }
    if (game.result) {
      const item = document.createElement("li");
      item.className = "result";
      item.textContent = game.result;
      list.append(item);
    }
    if (current) {
      const heading = document.createElement("h3");
      heading.textContent = `Game ${game.number}`;
      fragment.append(heading, list);
    } else {
      const fold = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = `Game ${game.number}${game.result ? ` — ${game.result}` : ""}`;
      fold.append(summary, list);
      fragment.append(fold);
    }
  });
  if (games.length === 0) {
    const empty = document.createElement("p");
    empty.textContent = "No moves yet.";
    fragment.append(empty);
  }
  container.replaceChildren(fragment);
  container.scrollTop = container.scrollHeight; // the latest move in sight, without scrolling the page
}
