"""Successor boards for self-play, tuned for throughput (training only; the game uses backgammon.movegen).

Boards are lists in the core layout: index 0..23 is point 1..24 from that side's home, 24 its bar.
`successors` returns every distinct (mine, theirs) after a legal play, sides not swapped.
`training/check_fastgen.py` checks it against the core's `legal_plays`.
"""

from __future__ import annotations

Board = tuple[int, ...]
State = tuple[Board, Board]


def _single_moves(mine: list[int], theirs: list[int], die: int) -> list[tuple[list[int], list[int]]]:
    out: list[tuple[list[int], list[int]]] = []
    if mine[24]:
        dest = 24 - die
        opp = 23 - dest
        if theirs[opp] < 2:
            m = mine[:]
            m[24] -= 1
            m[dest] += 1
            t = theirs
            if theirs[opp] == 1:
                t = theirs[:]
                t[opp] = 0
                t[24] += 1
            out.append((m, t))
        return out
    highest = -1
    for i in range(23, -1, -1):
        if mine[i]:
            highest = i
            break
    all_home = highest < 6
    for i in range(highest, -1, -1):
        if not mine[i]:
            continue
        dest = i - die
        if dest >= 0:
            opp = 23 - dest
            if theirs[opp] < 2:
                m = mine[:]
                m[i] -= 1
                m[dest] += 1
                t = theirs
                if theirs[opp] == 1:
                    t = theirs[:]
                    t[opp] = 0
                    t[24] += 1
                out.append((m, t))
        elif all_home and (dest == -1 or i == highest):
            m = mine[:]
            m[i] -= 1
            out.append((m, theirs))
    return out


def _expand(
    states: dict[State, tuple[list[int], list[int]]], die: int
) -> dict[State, tuple[list[int], list[int]]]:
    nxt: dict[State, tuple[list[int], list[int]]] = {}
    for m, t in states.values():
        for m2, t2 in _single_moves(m, t, die):
            key = (tuple(m2), tuple(t2))
            if key not in nxt:
                nxt[key] = (m2, t2)
    return nxt


def successors(mine: Board, theirs: Board, d1: int, d2: int) -> list[State]:
    start = {(tuple(mine), tuple(theirs)): (list(mine), list(theirs))}
    if d1 == d2:
        level = start
        for _ in range(4):
            nxt = _expand(level, d1)
            if not nxt:
                break
            level = nxt
        return list(level.keys())
    hi, lo = max(d1, d2), min(d1, d2)
    after_hi = _expand(start, hi)
    after_lo = _expand(start, lo)
    both = _expand(after_hi, lo)
    for key, value in _expand(after_lo, hi).items():
        if key not in both:
            both[key] = value
    if both:
        return list(both.keys())
    if after_hi:
        return list(after_hi.keys())
    if after_lo:
        return list(after_lo.keys())
    return [(tuple(mine), tuple(theirs))]
