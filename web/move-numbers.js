// @ts-check
/**
 * Move numbers as GNU Backgammon's .mat file numbers its rows (py/backgammon/formats/mat_export.py): a row holds
 * player 0's action, then player 1's; player 1's action shares the number of player 0's before it, or opens a row
 * of its own. The game panel's move list (web/play/movelist.js) and review's (web/review/movelist.js) both number
 * by it, so that a move has one number wherever it is shown, the number of its row in the exported file.
 */

/**
 * @typedef {{player: number | undefined, cell: boolean}} NumberedAction
 * `cell`: the action is a cell of the file (a play, a roll not played, a double, a take, a drop, a beaver). One that
 * is not (a decision not to double, a resignation and its answer) takes the number its player's next cell would
 * have, the row it is part of; an action of no player (a game's result) has no number.
 */

/**
 * @param {NumberedAction[]} actions in the game's order
 * @returns {(number | null)[]}
 */
export function rowNumbers(actions) {
  let row = 0;
  let rowOpen = false; // player 0 has a cell in the current row, player 1 not yet
  return actions.map(({ player, cell }) => {
    if (player !== 0 && player !== 1) return null;
    const opensRow = player === 0 || !rowOpen;
    if (!cell) return opensRow ? row + 1 : row;
    if (opensRow) row += 1;
    rowOpen = player === 0;
    return row;
  });
}
