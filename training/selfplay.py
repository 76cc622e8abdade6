"""Self-play games and pubeval matches for training (numpy)."""

from __future__ import annotations

import random

import numpy as np
from numpy.typing import NDArray

from backgammon.bot.pubeval import CONTACT_WEIGHTS, RACE_WEIGHTS
from backgammon.movegen import generate, theirs_after
from training.npnet import Array, Net, encode_batch

Board = tuple[int, ...]
State = tuple[Board, Board]

START: Board = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


def successors(mine: Board, theirs: Board, die1: int, die2: int) -> list[State]:
    """Every distinct (mine, theirs) after a legal play, sides not swapped (the core's generator)."""
    raw = generate(mine, theirs, (die1, die2))
    if not raw:
        return [(mine, theirs)]
    return [(after, theirs_after(theirs, hits) if hits else theirs) for after, hits, _ in raw.values()]


def is_race_batch(mine: NDArray[np.int64], theirs: NDArray[np.int64]) -> NDArray[np.bool_]:
    idx = np.arange(1, 26)
    my_back = np.where(mine > 0, idx, 0).max(axis=1)
    their_back = np.where(theirs > 0, idx, 0).max(axis=1)
    return np.asarray(my_back + their_back <= 25)


def flip(out: Array) -> Array:
    """Outputs for the side on roll -> the same chances for the other side."""
    return np.stack([1.0 - out[:, 0], out[:, 3], out[:, 4], out[:, 1], out[:, 2]], axis=1)


def equity(out: Array) -> Array:
    return 2.0 * out[:, 0] - 1.0 + out[:, 1] - out[:, 3] + out[:, 2] - out[:, 4]


def terminal_value(winner_after: Board, loser: Board) -> Array:
    """Outputs for the winner (who just bore off its last checker) given the loser's board."""
    gammon = float(sum(loser) == 15)
    backgammon = float(gammon and (loser[24] > 0 or sum(loser[18:24]) > 0))
    return np.array([1.0, gammon, backgammon, 0.0, 0.0])


class Evaluator:
    """Chooses between the contact and race nets per row; `pruner` is the one the look-ahead's replies are
    picked by (the pruning net of a shipped file, as `backgammon.bot.replies`), if there is one."""

    def __init__(self, nets: dict[str, Net]) -> None:
        self.nets = nets
        self.pruner = Evaluator({"contact": nets["prune"], "race": nets["race"]}) if "prune" in nets else None

    def evaluate(
        self, mine: NDArray[np.int64], theirs: NDArray[np.int64]
    ) -> tuple[Array, NDArray[np.bool_], Array]:
        """(inputs, race mask, outputs) for boards with `mine` on roll."""
        x = encode_batch(mine, theirs)
        race = is_race_batch(mine, theirs)
        out = np.empty((x.shape[0], 5))
        if race.any():
            out[race] = self.nets["race"].forward(x[race])[1]
        if (~race).any():
            out[~race] = self.nets["contact"].forward(x[~race])[1]
        return x, race, out

    def best_play(self, options: list[State]) -> tuple[int, Array]:
        """Index of the best resulting state for the mover and its outputs from the mover's side."""
        arr = np.array(options, dtype=np.int64)
        # After the play the opponent is on roll: evaluate from its side and flip.
        _, _, out = self.evaluate(arr[:, 1, :], arr[:, 0, :])
        return self._pick(options, flip(out))

    def best_play_and_inputs(
        self, options: list[State], mine: Board, theirs: Board
    ) -> tuple[int, Array, Array, bool]:
        """`best_play` plus the inputs and the race flag of the position before the roll (one batch)."""
        arr = np.array([(theirs, mine), *options], dtype=np.int64)
        x, race, out = self.evaluate(arr[:, 1, :], arr[:, 0, :])
        best, value = self._pick(options, flip(out[1:]))
        return best, value, x[0], bool(race[0])

    @staticmethod
    def _pick(options: list[State], mover: Array) -> tuple[int, Array]:
        for k, (m, t) in enumerate(options):
            if sum(m) == 0:
                mover[k] = terminal_value(m, t)
        best = int(np.argmax(equity(mover)))
        return best, mover[best]


def pubeval_inputs(mine: NDArray[np.int64], theirs: NDArray[np.int64]) -> Array:
    """Pubeval's 122 inputs for each row after a play (`mine` has just moved)."""
    x = np.zeros((mine.shape[0], 122))
    board = mine[:, :24][:, ::-1]  # block k is our point 24 - k
    their_on_ours = theirs[:, :24]  # their index 23 - i is our point i + 1; reversed twice
    x[:, 0:120:5] = (board == 0) & (their_on_ours == 1)
    x[:, 1:120:5] = board == 1
    x[:, 2:120:5] = board >= 2
    x[:, 3:120:5] = board == 3
    x[:, 4:120:5] = np.maximum(board - 3, 0) / 2.0
    x[:, 120] = theirs[:, 24] / 2.0
    x[:, 121] = (15 - mine.sum(axis=1)) / 15.0
    return x


def pubeval_choice(options: list[State], race_before: bool) -> int:
    arr = np.array(options, dtype=np.int64)
    mine, theirs = arr[:, 0, :], arr[:, 1, :]
    weights = np.array(RACE_WEIGHTS if race_before else CONTACT_WEIGHTS)
    score = pubeval_inputs(mine, theirs) @ weights
    score[mine.sum(axis=1) == 0] = 99999999.0
    return int(np.argmax(score))


def play_vs_pubeval(evaluator: Evaluator, games: int, seed: int) -> tuple[float, float]:
    """(share of games won, points per game) for the net against pubeval, alternating who starts."""
    rng = random.Random(seed)
    wins = 0
    points = 0
    for g in range(games):
        net_side = g % 2
        mine, theirs = START, START
        side = 0
        while True:
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            options = successors(mine, theirs, d1, d2)
            if side == net_side:
                choice, _ = evaluator.best_play(options) if len(options) > 1 else (0, None)
            else:
                race = bool(is_race_batch(np.array([mine]), np.array([theirs]))[0])
                choice = pubeval_choice(options, race) if len(options) > 1 else 0
            mine, theirs = options[choice]
            if sum(mine) == 0:
                value = terminal_value(mine, theirs)
                pts = 1 + int(value[1]) + int(value[2])
                if side == net_side:
                    wins += 1
                    points += pts
                else:
                    points -= pts
                break
            mine, theirs = theirs, mine
            side = 1 - side
    return wins / games, points / games
