// @ts-check
/**
 * The view the page paints before Python has answered: the starting position, no dice, nothing to do. It has the
 * shape of the view in docs/architecture.md so the board draws it like any other; it decides no rule.
 */

/** @returns {import("../types.js").StartView} */
export function startView() {
  const points = new Array(24).fill(0);
  // Player 0 (positive) moves 24 → 1; player 1 (negative) moves 1 → 24. Index 0 is point 1.
  points[23] = 2;
  points[12] = 5;
  points[7] = 3;
  points[5] = 5;
  points[0] = -2;
  points[11] = -5;
  points[16] = -3;
  points[18] = -5;
  return {
    players: [
      { name: "White", kind: "human" },
      { name: "Black", kind: "human" },
    ],
    settings: { match_length: 5, crawford: true, jacoby: false, beavers: false, automatic_doubles: 0, strict_doubling: false },
    board: { points, bar: [0, 0], off: [0, 0] },
    position_id: "4HPwATDgc/ABMA",
    match_id: "",
    game_number: 1,
    phase: "opening",
    turn: 0,
    decision: 0,
    dice: [],
    dice_remaining: [],
    opponent_dice: [],
    moves_made: [],
    dests: {},
    can_undo: false,
    can_swap_dice: false,
    can_confirm: false,
    no_legal_move: false,
    cube: { value: 1, owner: null, may_double: false, why_not: "loading", why_not_text: "The game is loading.", offered_by: null, may_beaver: false, dead: false },
    score: [0, 0],
    crawford_game: false,
    post_crawford: false,
    pips: [167, 167],
    resignation: null,
    result: null,
    match_winner: null,
    notation: { games: [] },
  };
}
