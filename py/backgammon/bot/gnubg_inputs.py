"""Fourteen more inputs a side for the contact net, after GNU Backgammon's `CalculateHalfInputs` (eval.c):
the contact net takes them after `encoding`'s 208 (run 11, docs/training-runs.md;
`training/inputs_trial.py` is the numpy original the nets are fitted with, and
training/tests/test_encoding_gnubg.py checks the two equal).

For each side (on roll first, then the other; `side` in its own numbering, index 0 its 1-point, 24 its bar),
the numerators `half_counts` gives, each divided as `EXTRA_SCALES` says (a scale of 0 marks a square, and
the forward anchor's 0 is given as 2.0, as in the numpy trial):

 0 pips to break contact / 167      1 free pips / 100          2 rearmost checker / 24
 3 rearmost anchor / 24             4 forward anchor (6 / 6)   5 containment of their rearmost / 36
 6 its square                       7 containment of points 15..23 / 36     8 its square
 9 mobility / 3600                 10 spread / 400            11 pips lost to our shots / 432
12 rolls that hit one / 36         13 rolls that hit two / 36

Everything a side gives alone (inputs 2, 3, 4, 10, and tables for 0, 1, 5, 6, 7, 8) is kept in
`side_facts`, made once a side and remembered by the caller as `evaluator` remembers `side_summary`; what
needs both sides is mobility (a table look-up a checker) and the shots (gnubg's tables, a loop over the
other side's blots: nothing to do when it has none, the commonest case).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from operator import mul

from backgammon.bot.encoding import ESCAPES, INPUT_COUNT

PER_SIDE = 14
EXTRA_START = INPUT_COUNT
EXTRA_COUNT = 2 * PER_SIDE
EXTENDED_INPUT_COUNT = INPUT_COUNT + EXTRA_COUNT
# The numerators whose input is linear in them (not a square, not the forward anchor's 0 given as 2).
LINEAR = frozenset((0, 1, 2, 3, 5, 7, 9, 10, 11, 12, 13))
# What each numerator is divided by; 0: the input is the square of the one before (numerator / 36) ** 2.
EXTRA_SCALES = (167.0, 100.0, 24.0, 24.0, 6.0, 36.0, 0.0, 36.0, 0.0, 3600.0, 400.0, 432.0, 36.0, 36.0)


def extra_value(k: int, count: int) -> float:
    """The input value of numerator `count` of input `k` (0..13) of a side."""
    scale = EXTRA_SCALES[k]
    if scale:
        if k == 4 and not count:
            return 2.0
        return count / scale
    ratio = count / 36.0
    return ratio * ratio


# gnubg's tables for the shots at a blot (eval.c), as in training/inputs_trial.py: the ways to hit from each
# distance, each way as (all the intermediate points needed, those points, faces used, pips), and the ways
# each of the 21 rolls has.
_COMBINATION = (
    (0,), (1, 2), (3, 4, 5), (6, 7, 8, 9), (10, 11, 12), (13, 14, 15, 16, 17), (18, 19, 20), (21, 22, 23, 24),
    (25, 26, 27), (28, 29), (30,), (31, 32, 33), (), (), (34,), (35,), (), (36,), (), (37,),
    (), (), (), (38,),
)  # fmt: skip
_WAYS = (
    (1, (0, 0, 0), 1, 1), (1, (0, 0, 0), 1, 2), (1, (1, 0, 0), 2, 2), (1, (0, 0, 0), 1, 3),
    (0, (1, 2, 0), 2, 3), (1, (1, 2, 0), 3, 3), (1, (0, 0, 0), 1, 4), (0, (1, 3, 0), 2, 4),
    (1, (2, 0, 0), 2, 4), (1, (1, 2, 3), 4, 4), (1, (0, 0, 0), 1, 5), (0, (1, 4, 0), 2, 5),
    (0, (2, 3, 0), 2, 5), (1, (0, 0, 0), 1, 6), (0, (1, 5, 0), 2, 6), (0, (2, 4, 0), 2, 6),
    (1, (3, 0, 0), 2, 6), (1, (2, 4, 0), 3, 6), (0, (1, 6, 0), 2, 7), (0, (2, 5, 0), 2, 7),
    (0, (3, 4, 0), 2, 7), (0, (2, 6, 0), 2, 8), (0, (3, 5, 0), 2, 8), (1, (4, 0, 0), 2, 8),
    (1, (2, 4, 6), 4, 8), (0, (3, 6, 0), 2, 9), (0, (4, 5, 0), 2, 9), (1, (3, 6, 0), 3, 9),
    (0, (4, 6, 0), 2, 10), (1, (5, 0, 0), 2, 10), (0, (5, 6, 0), 2, 11), (1, (6, 0, 0), 2, 12),
    (1, (4, 8, 0), 3, 12), (1, (3, 6, 9), 4, 12), (1, (5, 10, 0), 3, 15), (1, (4, 8, 12), 4, 16),
    (1, (6, 12, 0), 3, 18), (1, (5, 10, 15), 4, 20), (1, (6, 12, 18), 4, 24),
)  # fmt: skip
_ROLL_WAYS = (
    (0, 2, 5, 9), (0, 1, 4, -1), (1, 8, 17, 24), (0, 3, 7, -1), (1, 3, 12, -1), (3, 16, 27, 33),
    (0, 6, 11, -1), (1, 6, 15, -1), (3, 6, 20, -1), (6, 23, 32, 35), (0, 10, 14, -1), (1, 10, 19, -1),
    (3, 10, 22, -1), (6, 10, 26, -1), (10, 29, 34, 37), (0, 13, 18, -1), (1, 13, 21, -1), (3, 13, 25, -1),
    (6, 13, 28, -1), (10, 13, 30, -1), (13, 31, 36, 38),
)  # fmt: skip
_ROLL_WEIGHTS = tuple(1 if ways[3] > 0 else 2 for ways in _ROLL_WAYS)
# For each way: (every, the intermediate points that are not 0, faces, pips): the checks of the blocks.
_WAY_CHECKS = tuple(
    (every, tuple(p for p in points if p > 0), faces, pips) for every, points, faces, pips in _WAYS
)
# For each distance 1..24 (index distance - 1): its ways with their checks.
_DISTANCE_WAYS = tuple(tuple((way, *_WAY_CHECKS[way]) for way in ways) for ways in _COMBINATION)
# For each roll, its ways up to the first -1, with (index in the roll, way, intermediate points, faces, pips).
_ROLL_HITTERS = tuple(
    (r, ways, tuple((j, way, *_WAY_CHECKS[way][1:]) for j, way in enumerate(ways) if way >= 0))
    for r, ways in enumerate(_ROLL_WAYS)
)


def _way_tests() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each distance 1..24 (index distance - 1), its ways as (way, mask of the points p pips short of the
    blot that matter, 0 if any of them blocked stops it or 1 if only all of them together do)."""
    tests = []
    for ways in _COMBINATION:
        row = []
        for way in ways:
            every, points, faces, _ = _WAYS[way]
            if every:
                mask = sum(1 << p for p in points if p > 0) if faces > 1 else 0
                row.append((way, mask, 0))
            else:
                row.append((way, (1 << points[0]) | (1 << points[1]), 1))
        tests.append(tuple(row))
    return tuple(tests)


_WAY_TESTS = _way_tests()
# For each roll, the bits of its ways (in the bits of `hit` ways that hit anything).
_ROLL_MASKS = tuple(sum(1 << way for way in ways if way >= 0) for ways in _ROLL_WAYS)


def shots(board: Sequence[int], opp: Sequence[int]) -> tuple[int, int, int]:
    """gnubg's I_PIPLOSS, I_P1 and I_P2 numerators (/ 432, / 36, / 36) for `board` as the hitter: the pips its
    shots would cost `opp`, summed over the 36 rolls, and the rolls that hit one checker and two, blocked
    points counted (eval.c; the same as `inputs_trial.shots`)."""
    hit = [0] * 39
    hitting = 0  # bit w: way w hits something
    top = (
        23
        if (board[0] > 0) + (board[1] > 0) + (board[2] > 0) + (board[3] > 0) + (board[4] > 0) + (board[5] > 0)
        > 2
        else 21
    )
    shooters = blocked = -1
    for i in range(top, -1, -1):
        if opp[i] != 1:
            continue
        if shooters < 0:
            # bit j: a checker of `board` at its index j that may shoot (not a home point of exactly two)
            shooters = sum(1 << j for j in range(25) if board[j] and (j >= 6 or board[j] != 2))
            # bit 23 - q: `opp` holds its index q
            blocked = sum(1 << (23 - q) for q in range(24) if opp[q] > 1)
        # bit d: a shooter d pips from the blot (the shooter's index j = 23 - i + d); bit p of `near`: the
        # point p pips short of the blot blocked
        reach = shooters >> (23 - i)
        near = blocked >> (23 - i)
        while reach:
            low = reach & -reach
            d = low.bit_length() - 1
            reach ^= low
            if d == 0 or d > 24:
                continue
            j = 23 - i + d
            for way, mask, together in _WAY_TESTS[d - 1]:
                if together:
                    if near & mask == mask:
                        continue
                elif near & mask:
                    continue
                hit[way] |= 1 << j
                hitting |= 1 << way
    if not hitting:
        return 0, 0, 0
    bar = board[24]
    pip_loss = one = two = 0
    for r, ways, hitters in _ROLL_HITTERS:
        if not hitting & _ROLL_MASKS[r]:
            continue
        pips = checkers = 0
        if bar == 0:
            used = -1
            for _, way, points, faces, length in hitters:
                bits = hit[way]
                if not bits:
                    continue
                if faces == 1:
                    k = bits.bit_length() - 1  # the bar's bit is never set here, nor the 0 bit
                    if used != k or board[k] > 1:
                        checkers += 1
                    used = k
                    if k - length + 1 > pips:
                        pips = k - length + 1
                    if ways[3] >= 0 and bits & ~(1 << k):
                        checkers += 1
                else:
                    checkers = checkers or 1
                    k = bits.bit_length() - 1
                    if k - length + 1 > pips:
                        pips = k - length + 1
                    if any(opp[23 - k + p] == 1 for p in points):
                        checkers += 1
        elif bar == 1:
            entering = 0
            for j, way, points, faces, length in hitters:
                bits = hit[way]
                if not bits:
                    continue
                if faces == 1:
                    for k in range(24, 0, -1):
                        if bits & (1 << k):
                            if entering and k != 24:
                                break
                            if k != 24:
                                if opp[_WAYS[ways[1 - j]][3] - 1] > 1:
                                    break
                                entering = 1
                            checkers += 1
                            if k - length + 1 > pips:
                                pips = k - length + 1
                elif bits & (1 << 24):
                    checkers = checkers or 1
                    if 25 - length > pips:
                        pips = 25 - length
                    if any(opp[p + 1] == 1 for p in points):
                        checkers += 1
        else:
            for way in ways[:2]:
                if not hit[way] & (1 << 24) or _WAYS[way][2] != 1:
                    continue
                checkers += 1
                if 25 - _WAYS[way][3] > pips:
                    pips = 25 - _WAYS[way][3]
        weight = _ROLL_WEIGHTS[r]
        pip_loss += pips * weight
        if checkers:
            one += weight
            if checkers > 1:
                two += weight
    return pip_loss, one, two


# Facts of one side alone: (rearmost index, prefix sums of checkers and of pips by index (entry i: indices
# below i), containment minima by the other's rearmost index (entry b + 1: points 15..24 up to b; b = -1..24),
# containment of points 15..23, rearmost anchor, forward anchor, spread, made points as bits).
SideFacts = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int, int, int, int]


def side_facts(side: Sequence[int]) -> SideFacts:
    """What the inputs need of `side` alone (see `SideFacts`): made once a side, remembered by callers."""
    counts = (0, *accumulate(side))
    pips = (0, *accumulate(map(mul, side, _POINT_NUMBERS)))
    made = 0
    back = -1
    for i in _INDICES:
        n = side[i]
        if n:
            back = i
            if n >= 2:
                made |= 1 << i
    limit = 23 if back == 24 else back
    below = made & ((2 << limit) - 1) if limit >= 0 else 0
    back_anchor = below.bit_length() - 1
    # the forward anchor: the first made point of 18..back_anchor (its home board, from the other's side),
    # else the last made point of 12..17
    home = (made >> 18) & ((1 << max(back_anchor - 17, 0)) - 1)
    if home:
        forward = 24 - (18 + (home & -home).bit_length() - 1)
    else:
        outfield = (made >> 12) & 0x3F
        forward = 24 - (12 + outfield.bit_length() - 1) if outfield else 0
    # containment: escapes of a checker n = 15..24 pips from home past `side`'s made points (gnubg's
    # `Escapes(anBoard, n)`: bit i of the pattern is side[24 + i - n] >= 2)
    escapes = [ESCAPES[(made >> (24 - n)) & 0xFFF] for n in range(15, 25)]
    minima = _NO_MINIMA[:]
    low = 36
    for b in range(15, 25):
        low = min(low, escapes[b - 15])
        minima.append(low)
    count = counts[25]
    spread = 0
    if count:
        mean = (pips[25] - 1) // count  # sum of n * index, rounded up: (pips - count + count - 1) // count
        ahead_count = count - counts[mean + 1]
        if ahead_count:
            ahead_sum = 0
            for i in range(mean + 1, 25):
                n = side[i]
                if n:
                    ahead_sum += n * (i - mean) * (i - mean)
            spread = (ahead_sum + ahead_count - 1) // ahead_count
    return (back, counts, pips, tuple(minima), 36 - min(escapes[:9]), back_anchor, forward, spread, made)


_INDICES = range(25)
_POINT_NUMBERS = range(1, 26)
_NO_MINIMA = [36] * 16  # other_back = -1..14: no point of 15..24 in reach


def half_counts(
    side: Sequence[int], other: Sequence[int], facts: SideFacts, other_facts: SideFacts
) -> list[int]:
    """The 14 numerators of `side` (see the module's table) given both sides' `side_facts`."""
    back, counts, pips, minima, contained, back_anchor, forward, spread, _ = facts
    other_back = other_facts[0]
    other_made = other_facts[8]
    opp_back = 23 - other_back
    # 0: pips to break contact, the sum over i > opp_back of (i + 1 - opp_back) * side[i];
    # 1: free pips, the same sum of (i + 1) * side[i] over i < opp_back
    lo = opp_back + 1 if opp_back >= -1 else 0
    beyond_count = counts[25] - counts[lo]
    beyond_pips = pips[25] - pips[lo]
    break_contact = beyond_pips - opp_back * beyond_count
    free = pips[opp_back] if opp_back > 0 else 0
    anchored = 36 - minima[other_back + 1]
    mobility = 0
    for i in range(6, 25):
        n = side[i]
        if n:
            width = 12 if i >= 12 else i
            mobility += (i - 5) * n * ESCAPES[(other_made >> (24 - i)) & ((1 << width) - 1)]
    pip_loss, one, two = shots(side, other)
    return [
        break_contact,
        free,
        back,
        back_anchor,
        forward,
        anchored,
        anchored,
        contained,
        contained,
        mobility,
        spread,
        pip_loss,
        one,
        two,
    ]


def extra_counts(mine: Sequence[int], theirs: Sequence[int]) -> list[int]:
    """All 28 numerators, the side on roll's first."""
    my_facts, their_facts = side_facts(mine), side_facts(theirs)
    return half_counts(mine, theirs, my_facts, their_facts) + half_counts(theirs, mine, their_facts, my_facts)


def extra_inputs(mine: Sequence[int], theirs: Sequence[int]) -> list[tuple[int, float]]:
    """The non-zero extra inputs as (index, value) pairs, indices from `EXTRA_START`."""
    active = []
    for k, count in enumerate(extra_counts(mine, theirs)):
        value = extra_value(k % PER_SIDE, count)
        if value:
            active.append((EXTRA_START + k, value))
    return active
