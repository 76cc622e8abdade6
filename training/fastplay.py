"""Many games at once: every legal play of every game as numpy rows, one pass through the nets per turn.

The core's move generator gives each resulting board as an integer key (the mover's 25 counts as bytes,
then one bit per point hit, see `backgammon.movegen`); the keys of all the games are turned into arrays in
one go instead of building tuples. `td_turn` is one TD(0) turn of self-play in each game (the trainer's
inner loop); `play_vs_pubeval_batch` the 0-ply check against pubeval with all its games side by side.
"""

from __future__ import annotations

import random

import numpy as np
from numpy.typing import NDArray

from backgammon.bot.pubeval import CONTACT_WEIGHTS, RACE_WEIGHTS
from backgammon.bot.replies import PRUNED_REPLIES
from backgammon.movegen import generate_keys
from training.npnet import Array
from training.selfplay import START, Board, Evaluator, equity, flip, is_race_batch, pubeval_inputs

IntArray = NDArray[np.int64]
_START_KEY_BYTES = bytes(START) + b"\0\0\0"
_PUBEVAL = np.array([RACE_WEIGHTS, CONTACT_WEIGHTS], dtype=np.float64)  # [is contact]


def successor_rows(
    states: list[tuple[Board, Board]], dice: list[tuple[int, int]]
) -> tuple[IntArray, IntArray, IntArray]:
    """(mine, theirs, first row of each state + a last entry): every distinct result of each state's roll,
    sides not swapped (the mover is `mine`); a state with no legal move gives itself."""
    chunks: list[bytes] = []
    offsets = [0]
    for (mine, theirs), roll in zip(states, dice, strict=True):
        keys = generate_keys(mine, theirs, roll)
        if keys:
            chunks.extend(key.to_bytes(28, "little") for key in keys)
            offsets.append(offsets[-1] + len(keys))
        else:
            chunks.append(bytes(mine) + b"\0\0\0")
            offsets.append(offsets[-1] + 1)
    raw = np.frombuffer(b"".join(chunks), dtype=np.uint8).reshape(-1, 28)
    mine_rows = raw[:, :25].astype(np.int64)
    hits = np.unpackbits(raw[:, 25:28], axis=1, bitorder="little")[:, :24].astype(np.int64)
    starts = np.array(offsets, dtype=np.int64)
    owner = np.repeat(np.arange(len(states)), np.diff(starts))
    theirs_rows = np.array([theirs for _, theirs in states], dtype=np.int64)[owner]
    theirs_rows[:, :24] -= hits[:, ::-1]  # our index j is their index 23 - j
    theirs_rows[:, 24] += hits.sum(axis=1)
    return mine_rows, theirs_rows, starts


def terminal_rows(mine: IntArray, theirs: IntArray) -> tuple[NDArray[np.bool_], Array]:
    """(finished, outputs for the mover) for rows after a play: the mover has borne off its last checker."""
    done = mine.sum(axis=1) == 0
    gammon = theirs.sum(axis=1) == 15
    backgammon = gammon & (theirs[:, 18:25].sum(axis=1) > 0)
    value = np.zeros((mine.shape[0], 5))
    value[:, 0] = 1.0
    value[:, 1] = gammon
    value[:, 2] = backgammon
    return done, value


def segment_argmax(score: Array, starts: IntArray) -> IntArray:
    """The row of the highest score within each segment [starts[i], starts[i + 1])."""
    counts = np.diff(starts)
    owner = np.repeat(np.arange(counts.shape[0]), counts)
    order = np.lexsort((-score, owner))  # by segment, best first
    return order[starts[:-1]]


def mover_values(evaluator: Evaluator, mine: IntArray, theirs: IntArray) -> Array:
    """Outputs for the side that just played to reach each row (the other side is on roll)."""
    _, _, out = evaluator.evaluate(theirs, mine)
    mover = flip(out)
    done, value = terminal_rows(mine, theirs)
    mover[done] = value[done]
    return mover


def td_turn(evaluator: Evaluator, rng: random.Random, rate: float, states: list[tuple[Board, Board]]) -> int:
    """One turn in each game (`states`: mover first), TD(0): the position before the roll, mover on roll,
    moves toward the value of the best play of its roll. Updates `states`; returns how many games ended
    (they restart from the opening position)."""
    dice = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in states]
    mine, theirs, starts = successor_rows(states, dice)
    k = len(states)
    before = np.array(states, dtype=np.int64)
    all_mine = np.concatenate([before[:, 0], theirs])  # evaluated with the side on roll first
    all_theirs = np.concatenate([before[:, 1], mine])
    x, race, out = evaluator.evaluate(all_mine, all_theirs)
    mover = flip(out[k:])
    done, value = terminal_rows(mine, theirs)
    mover[done] = value[done]
    best = segment_argmax(equity(mover), starts)
    targets = mover[best]
    for name, mask in (("race", race[:k]), ("contact", ~race[:k])):
        if mask.any():
            evaluator.nets[name].train_step(x[:k][mask], targets[mask], rate)
    finished = 0
    best_mine, best_theirs, best_done = mine[best].tolist(), theirs[best].tolist(), done[best]
    for g in range(k):
        if best_done[g]:
            states[g] = (START, START)
            finished += 1
        else:
            states[g] = (tuple(best_theirs[g]), tuple(best_mine[g]))
    return finished


def pubeval_scores(mine: IntArray, theirs: IntArray, contact: NDArray[np.bool_]) -> Array:
    """Pubeval's score of each row after a play (`mine` just moved); `contact` per row picks its weights."""
    score = np.einsum("kj,kj->k", pubeval_inputs(mine, theirs), _PUBEVAL[contact.astype(np.int64)])
    score[mine.sum(axis=1) == 0] = 99999999.0
    return score


ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]
ROLL_WEIGHTS = np.array([1.0 if a == b else 2.0 for a, b in ROLLS]) / 36.0
ONE_PLY_CHUNK = 500
LOOKED_AT_FIRST = 10.0  # the plays looked at more deeply rank above the rest by this much
TWO_PLY_CHUNK = 50  # each row's 21 replies are judged at 1-ply in turn


def best_replies(evaluator: Evaluator, mine: IntArray, theirs: IntArray) -> tuple[IntArray, IntArray, Array]:
    """For each row (`mine` just moved) and each of the opponent's 21 rolls in turn, the board after the
    opponent's best 0-ply reply (the opponent is now `mine`) and that reply's 0-ply equity for it. With a
    pruning net, only its best `PRUNED_REPLIES` of a roll are judged by the evaluator, as in the game
    (`backgammon.bot.replies`: there the race is not pruned, here the race net prunes it, the same choice)."""
    states = [(tuple(t), tuple(m)) for m, t in zip(mine.tolist(), theirs.tolist(), strict=True)]
    replies_mine, replies_theirs, starts = successor_rows(
        [state for state in states for _ in ROLLS], ROLLS * len(states)
    )
    pruner = evaluator.pruner
    if pruner is None:
        reply_equity = equity(mover_values(evaluator, replies_mine, replies_theirs))
    else:
        pruned = equity(mover_values(pruner, replies_mine, replies_theirs))
        counts = np.diff(starts)
        kept = nominated(pruned, starts, PRUNED_REPLIES, np.inf) | np.repeat(counts == 1, counts)
        reply_equity = np.full(pruned.shape, -np.inf)
        reply_equity[kept] = equity(mover_values(evaluator, replies_mine[kept], replies_theirs[kept]))
    best = segment_argmax(reply_equity, starts)
    return replies_mine[best], replies_theirs[best], reply_equity[best]


def ply_equity(evaluator: Evaluator, mine: IntArray, theirs: IntArray, plies: int) -> Array:
    """The mover's equity after each row (`mine` just moved) averaged over the opponent's 21 rolls, each
    answered by its best 0-ply play and that reply judged `plies - 1` deeper: 1 is the expert's look-ahead
    (`backgammon.bot.player.one_ply`), 2 the deep analysis's (`backgammon.bot.player.two_ply`)."""
    done, value = terminal_rows(mine, theirs)
    result = equity(value)
    live = np.flatnonzero(~done)
    # Rows a chunk at a time: the inputs of all 21 replies of thousands of rows would not fit in memory.
    chunk = ONE_PLY_CHUNK if plies == 1 else TWO_PLY_CHUNK
    for first in range(0, live.size, chunk):
        rows = live[first : first + chunk]
        reply_mine, reply_theirs, reply_equity = best_replies(evaluator, mine[rows], theirs[rows])
        if plies > 1:
            reply_equity = ply_equity(evaluator, reply_mine, reply_theirs, plies - 1)
        result[rows] = -(reply_equity.reshape(rows.size, len(ROLLS)) @ ROLL_WEIGHTS)
    return result


def nominated(score: Array, starts: IntArray, lookahead: int, window: float) -> NDArray[np.bool_]:
    """The best `lookahead` plays of each segment by `score` within `window` of its best (segments of more
    than one play)."""
    counts = np.diff(starts)
    owner = np.repeat(np.arange(counts.shape[0]), counts)
    order = np.lexsort((-score, owner))  # by segment, best first
    rank = np.empty_like(order)
    rank[order] = np.arange(order.shape[0]) - np.repeat(starts[:-1], counts)
    best = score[order[starts[:-1]]]
    chosen: NDArray[np.bool_] = (rank < lookahead) & (score >= best[owner] - window) & (counts[owner] > 1)
    return chosen


def with_lookahead(
    evaluator: Evaluator,
    score: Array,
    mine: IntArray,
    theirs: IntArray,
    starts: IntArray,
    lookahead: int,
    window: float,
    choice_score: Array | None = None,
) -> Array:
    """`score` (0-ply equities of each segment's plays) with the best `lookahead` plays of each segment
    within `window` of its best re-scored at 1-ply, ranked above the rest; with `choice_score` (the choice
    net's 0-ply equities) its nominees too, as run 7's expert did (not shipped: see the README)."""
    chosen = nominated(score, starts, lookahead, window)
    if choice_score is not None:
        chosen |= nominated(choice_score, starts, lookahead, window)
    result = score - LOOKED_AT_FIRST  # below any equity: the plays looked at rank first
    result[chosen] = ply_equity(evaluator, mine[chosen], theirs[chosen], 1)
    return result


def with_two_ply(
    evaluator: Evaluator,
    score: Array,
    mine: IntArray,
    theirs: IntArray,
    starts: IntArray,
    deep: int,
    window: float,
) -> Array:
    """`score` from `with_lookahead` with the best `deep` plays of each segment looked at 1-ply, within
    `window` of its best, re-scored at 2-ply and ranked first, where there are two or more of them (the deep
    analysis's checker play, `backgammon.bot.player.rank_plays` with `Level.deep`)."""
    leaders = nominated(score, starts, deep, window) & (score > -LOOKED_AT_FIRST / 2)
    counts = np.add.reduceat(leaders.astype(np.int64), starts[:-1])
    leaders &= np.repeat(counts, np.diff(starts)) >= 2
    result = score.copy()
    result[leaders] = ply_equity(evaluator, mine[leaders], theirs[leaders], 2) + LOOKED_AT_FIRST
    return result


def play_vs_pubeval_batch(
    evaluator: Evaluator, games: int, seed: int, lookahead: int = 0, window: float = 0.16
) -> tuple[float, float]:
    """(share of games won, points per game) against pubeval, all games side by side: 0-ply, or with
    `lookahead` plays re-scored at 1-ply as the expert does.

    Game g takes its dice from its own `random.Random(seed * 1_000_003 + g)`, so two nets checked with the
    same seed see the same dice turn by turn; the net starts the even games.
    """
    rngs = [random.Random(seed * 1_000_003 + g) for g in range(games)]
    states: list[tuple[Board, Board]] = [(START, START)] * games
    net_on_roll = np.array([g % 2 == 0 for g in range(games)])
    live = list(range(games))
    points = np.zeros(games, dtype=np.int64)
    while live:
        current = [states[g] for g in live]
        dice = []
        for g in live:
            roll = (rngs[g].randint(1, 6), rngs[g].randint(1, 6))
            dice.append(roll)
        mine, theirs, starts = successor_rows(current, dice)
        owner = np.repeat(np.arange(len(live)), np.diff(starts))
        net_rows = net_on_roll[np.array(live)][owner]
        score = np.empty(mine.shape[0])
        if net_rows.any():
            score[net_rows] = equity(mover_values(evaluator, mine[net_rows], theirs[net_rows]))
            if lookahead:
                net_games = np.flatnonzero(net_on_roll[np.array(live)])
                net_starts = np.concatenate([[0], np.cumsum(np.diff(starts)[net_games])])
                score[net_rows] = with_lookahead(
                    evaluator,
                    score[net_rows],
                    mine[net_rows],
                    theirs[net_rows],
                    net_starts,
                    lookahead,
                    window,
                )
        if (~net_rows).any():
            before = np.array(current, dtype=np.int64)[owner[~net_rows]]
            contact = ~is_race_batch(before[:, 0], before[:, 1])
            score[~net_rows] = pubeval_scores(mine[~net_rows], theirs[~net_rows], contact)
        best = segment_argmax(score, starts)
        done, value = terminal_rows(mine[best], theirs[best])
        best_mine, best_theirs = mine[best].tolist(), theirs[best].tolist()
        still = []
        for i, g in enumerate(live):
            if done[i]:
                won = 1 + int(value[i, 1]) + int(value[i, 2])
                points[g] = won if net_on_roll[g] else -won
            else:
                states[g] = (tuple(best_theirs[i]), tuple(best_mine[i]))
                net_on_roll[g] = not net_on_roll[g]
                still.append(g)
        live = still
    return float((points > 0).mean()), float(points.mean())
