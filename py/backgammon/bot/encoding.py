"""Network inputs for a board seen from the side on roll (pure Python; training/ mirrors it in numpy).

Layout (`INPUT_COUNT` values):
- for each side (on roll first, then the other), for points 1..24 of that side: four units
  `n >= 1`, `n >= 2`, `n >= 3`, `(n - 3) / 2` (Tesauro's raw encoding), then `bar / 2`, `off / 15`;
- six hand-made features: both pip counts / 100, then for each side the direct (1..6 away) and
  indirect (7..12 away) shooter/blot pairs it has against the other side, / 4;
- six more (added later, so they come last): for each side the share of the 36 rolls that would let it
  hit a blot of the other side (`hit_rolls`), the share whose total its rearmost checker could move
  among the other side's made points in front of it (`escape_rolls`, GNU Backgammon's "escapes"),
  and its longest run of made points (`longest_prime`) / 6.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul

SIDE_BLOCK = 98
FEATURES_START = 2 * SIDE_BLOCK
INPUT_COUNT = FEATURES_START + 12


def _roll_masks() -> tuple[tuple[int, int], ...]:
    """(bit mask of the distances a roll can hit at, weight of the roll in 36) for the 21 rolls."""
    masks = []
    for a in range(1, 7):
        for b in range(a, 7):
            distances = (a, 2 * a, 3 * a, 4 * a) if a == b else (a, b, a + b)
            masks.append((sum(1 << d for d in distances), 1 if a == b else 2))
    return tuple(masks)


HIT_ROLLS = _roll_masks()


def _escape_table() -> tuple[int, ...]:
    """For each 12-bit pattern of blocked points in front of a checker (bit i: i + 1 pips away), how many
    of the 36 rolls move it by the roll's total (GNU Backgammon's `anEscapes`)."""
    table = []
    for pattern in range(4096):
        count = 0
        for n0 in range(6):
            for n1 in range(n0 + 1):
                lands = not pattern & (1 << (n0 + n1 + 1))
                if lands and not (pattern & (1 << n0) and pattern & (1 << n1)):
                    count += 1 if n0 == n1 else 2
        table.append(count)
    return tuple(table)


ESCAPES = _escape_table()


_POINT_NUMBERS = tuple(range(1, 26))


def pip_count(side: Sequence[int]) -> int:
    return sum(map(mul, side, _POINT_NUMBERS))


_HIT_MEMO: dict[int, int] = {}


def _rolls_reaching(distances: int) -> int:
    """How many of the 36 rolls give a number in `distances` (bit d for distance d), remembered."""
    count = _HIT_MEMO.get(distances)
    if count is None:
        if len(_HIT_MEMO) > 50_000:
            _HIT_MEMO.clear()
        count = _HIT_MEMO[distances] = sum(weight for mask, weight in HIT_ROLLS if distances & mask)
    return count


def _scan(side: Sequence[int], base: int, active: list[tuple[int, float]]) -> tuple[int, int, list[int], int]:
    """Append `side`'s point units to `active`; return (points held as bits p for its points p = 1..25,
    made points as bits i for its indices 0..23, the shifts that bring the other side's points onto its
    blots (24 - index), its longest prime)."""
    present = made = run = prime = 0
    blots: list[int] = []
    for i in range(24):
        n = side[i]
        if n:
            present |= 2 << i
            unit = base + 4 * i
            active.append((unit, 1.0))
            if n >= 2:
                made |= 1 << i
                run += 1
                if run > prime:
                    prime = run
                active.append((unit + 1, 1.0))
                if n >= 3:
                    active.append((unit + 2, 1.0))
                    if n > 3:
                        active.append((unit + 3, (n - 3) / 2.0))
                continue
            blots.append(24 - i)
        run = 0
    if side[24]:
        present |= 1 << 25
        active.append((base + 96, side[24] / 2.0))
    off = 15 - sum(side)
    if off:
        active.append((base + 97, off / 15.0))
    return present, made, blots, prime


def _shots(present: int, blot_shifts: Sequence[int]) -> tuple[int, int, int]:
    """(direct pairs, indirect pairs, rolls that hit) of the shooter's points `present` on the blots."""
    direct = indirect = distances = 0
    for shift in blot_shifts:
        reach = present >> shift  # bit d: a shooter d pips from this blot
        distances |= reach
        direct += (reach & 0x7E).bit_count()
        indirect += (reach & 0x1F80).bit_count()
    return direct, indirect, _rolls_reaching(distances) if distances else 0


def _escapes(present: int, other_made: int) -> int:
    """`escape_rolls` from a side's points held and the other side's made points."""
    back = present.bit_length() - 2  # index of the rearmost checker (24: the bar)
    if back <= 0:
        return ESCAPES[0]
    return ESCAPES[(other_made >> (24 - back)) & ((1 << min(back, 12)) - 1)]


def hit_rolls(shooters: Sequence[int], target: Sequence[int]) -> int:
    """How many of the 36 rolls give `shooters` a number that reaches a blot of `target`.

    Both boards are seen from their own side; the shooter's bar counts as its point 25. Points in
    between are not checked for blocks (a combination shot may in fact be blocked): a cheap estimate.
    """
    return _shots(_scan(shooters, 0, [])[0], _scan(target, 0, [])[2])[2]


def escape_rolls(side: Sequence[int], other: Sequence[int]) -> int:
    """Of the 36 rolls, how many move `side`'s rearmost checker by the roll's total (see `ESCAPES`)."""
    return _escapes(_scan(side, 0, [])[0], _scan(other, 0, [])[1])


def longest_prime(side: Sequence[int]) -> int:
    """The longest run of consecutive points (1..24) where `side` has two or more checkers."""
    return _scan(side, 0, [])[3]


# What each of the 12 features is divided by (`feature_counts` gives the numerators, in this order).
FEATURE_SCALES = (100.0, 100.0, 4.0, 4.0, 4.0, 4.0, 36.0, 36.0, 36.0, 36.0, 6.0, 6.0)


def side_summary(side: Sequence[int]) -> tuple[int, int, tuple[int, ...], int, int]:
    """What the features need of one side, as `_scan` finds it: (points held as bits, made points as bits,
    blot shifts, longest prime, pip count)."""
    present = made = run = prime = 0
    blots = []
    for i in range(24):
        n = side[i]
        if n:
            present |= 2 << i
            if n >= 2:
                made |= 1 << i
                run += 1
                if run > prime:
                    prime = run
                continue
            blots.append(24 - i)
        run = 0
    if side[24]:
        present |= 1 << 25
    return present, made, tuple(blots), prime, sum(map(mul, side, _POINT_NUMBERS))


def feature_counts(
    mine: tuple[int, int, Sequence[int], int, int], theirs: tuple[int, int, Sequence[int], int, int]
) -> tuple[int, ...]:
    """The 12 features' numerators (see `FEATURE_SCALES`) from both sides' `side_summary`."""
    my_present, my_made, my_blots, my_prime, my_pips = mine
    their_present, their_made, their_blots, their_prime, their_pips = theirs
    my_direct, my_indirect, my_hits = _shots(my_present, their_blots)
    their_direct, their_indirect, their_hits = _shots(their_present, my_blots)
    return (
        my_pips,
        their_pips,
        my_direct,
        my_indirect,
        their_direct,
        their_indirect,
        my_hits,
        their_hits,
        _escapes(my_present, their_made),
        _escapes(their_present, my_made),
        my_prime,
        their_prime,
    )


def slot_inputs(block: int, slot: int, count: int) -> list[tuple[int, float]]:
    """The non-zero inputs of one slot of a side holding `count` checkers there: slots 0..23 are its points
    1..24, 24 its bar, 25 its borne-off checkers; `block` is 0 for the side on roll, `SIDE_BLOCK` else."""
    if not count:
        return []
    if slot == 24:
        return [(block + 96, count / 2.0)]
    if slot == 25:
        return [(block + 97, count / 15.0)]
    unit = block + 4 * slot
    inputs = [(unit + k, 1.0) for k in range(min(count, 3))]
    if count > 3:
        inputs.append((unit + 3, (count - 3) / 2.0))
    return inputs


def active_inputs(mine: Sequence[int], theirs: Sequence[int]) -> list[tuple[int, float]]:
    """The non-zero inputs as (index, value) pairs: most inputs are zero, so inference sums only these."""
    active: list[tuple[int, float]] = []
    my_present, my_made, my_blots, my_prime = _scan(mine, 0, active)
    their_present, their_made, their_blots, their_prime = _scan(theirs, SIDE_BLOCK, active)
    counts = feature_counts(
        (my_present, my_made, my_blots, my_prime, pip_count(mine)),
        (their_present, their_made, their_blots, their_prime, pip_count(theirs)),
    )
    for k, (count, scale) in enumerate(zip(counts, FEATURE_SCALES, strict=True)):
        if count:
            active.append((FEATURES_START + k, count / scale))
    return active


def encode(mine: Sequence[int], theirs: Sequence[int]) -> list[float]:
    """The full dense input vector (for tests and tools; inference uses `active_inputs`)."""
    inputs = [0.0] * INPUT_COUNT
    for index, value in active_inputs(mine, theirs):
        inputs[index] = value
    return inputs
