"""Legal plays: every distinct resulting position of a roll, once.

The generator keys each resulting board by one integer: the mover's 25 counts as bytes (one byte per slot,
`int.from_bytes`), plus one bit per point where a blot was hit. A move is an addition to the key, so
duplicates are dropped before any tuple is built, and the board is read back from the key's bytes.

Two different dice: with nothing on the bar and no bear-off possible, two different checkers can be moved
in either order to the same result, so the second order only adds one checker moving by both dice.
Doubles are searched with source points in non-increasing order: any legal order of same-die moves can be
replayed highest-source-first (a lower move never enables a higher one), so each multiset of moves is
visited once.

`legal_plays` keeps, for each result, the moves that reach it (for notation and the turn in progress).
`legal_positions`, the engines' path, needs the boards only: in the common cases (nothing on the bar, no
bear-off possible during the roll) its own searches collect bare keys, many at once (every sum of a move by
one die and a move by the other; a double's four numbers in nested loops), and the positions are built
straight from the keys' bytes without validation (they are possible boards by construction). Tests hold
both paths to the same results as a plain reference generator.

>>> from backgammon import Position
>>> plays = legal_plays(Position.start(), (3, 1))
>>> len(plays)
16
>>> Play([Move(8, 5), Move(6, 5)]) in plays
True
"""

from __future__ import annotations

import struct
from collections.abc import Collection, Iterator, Sequence
from typing import overload

from .errors import BackgammonError
from .move import OFF, Move, Play
from .position import Position, _new, _set_mine, _set_theirs

Dice = tuple[int, int]
Steps = tuple[tuple[int, int], ...]  # (source index, die) for each move of a play
# One generated result: (mine after the play, hit bit mask by our index, steps).
RawResult = tuple[tuple[int, ...], int, Steps]

_HIT_SHIFT = 200  # 25 slots x 8 bits for the board, then one bit per point hit
_BOARD_MASK = (1 << _HIT_SHIFT) - 1
_SLOT_UNIT = tuple(1 << (8 * index) for index in range(25))
_HIT_UNIT = tuple(1 << (_HIT_SHIFT + index) for index in range(24))


def check_dice(dice: object) -> Dice:
    if (
        not isinstance(dice, (tuple, list))
        or len(dice) != 2
        or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)
    ):
        raise BackgammonError(f"Dice must be two numbers from 1 to 6, got {dice!r}.")
    return (dice[0], dice[1])


def _sources(m: list[int], die: int, blocked: bytes, outside: int, top: int) -> list[int]:
    """Indices a checker may leave with `die`, highest first; `top`: no checker stands above that index."""
    if m[24]:
        return [24] if not blocked[24 - die] else []
    found = [s for s in range(top, die - 1, -1) if m[s] and not blocked[s - die]]
    if not outside:
        exact = die - 1
        if m[exact]:
            found.append(exact)
        elif not any(m[exact + 1 : 6]):
            # a larger die bears off from the highest point when nothing stands above it
            for s in range(exact - 1, -1, -1):
                if m[s]:
                    found.append(s)
                    break
    return found


_BLOCKED = bytes([0, 0] + [1] * 254)
_BLOT = bytes([0, 1] + [0] * 254)


def _facing(theirs: tuple[int, ...]) -> tuple[bytes, bytes]:
    """(blocked, blot): for each of our indices 0..23, 1 where the opponent holds two or more checkers, and
    1 where exactly one."""
    facing = bytes(theirs[23::-1])  # facing[j]: opposing checkers on our index j
    return facing.translate(_BLOCKED), facing.translate(_BLOT)


def _board_of(key: int) -> tuple[int, ...]:
    return _read_board(key.to_bytes(28, "little"))


def generate(mine: tuple[int, ...], theirs: tuple[int, ...], dice: Dice) -> dict[int, RawResult]:
    """All distinct results of `dice` as `{key: (mine_after, hit_mask, steps)}`; empty when nothing moves.

    Unchecked: `mine`/`theirs` must be a possible board. The fast core of `legal_plays`.
    """
    return {
        key: (_board_of(key), key >> _HIT_SHIFT, steps)
        for key, steps in generate_keys(mine, theirs, dice).items()
    }


def generate_keys(mine: tuple[int, ...], theirs: tuple[int, ...], dice: Dice) -> dict[int, Steps]:
    """All distinct results of `dice` as `{key: steps}` (see the module doc for the key)."""
    die1, die2 = dice
    m = list(mine)
    blocked, blot = _facing(theirs)
    outside = sum(mine[6:])
    raw = bytes(mine)
    key = int.from_bytes(raw, "little")
    # the highest index a checker can leave from during the roll: checkers only move down (or enter below 24)
    top = 23 if mine[24] else len(raw[:24].rstrip(b"\0")) - 1
    results: dict[int, Steps] = {}
    if die1 == die2:
        _doubles(m, blocked, blot, outside, key, top, die1, results)
        return results
    if not m[24] and outside >= 2:
        _two_dice_simple(m, blocked, blot, key, die1, die2, results)
    else:
        _two_dice(m, blocked, blot, outside, key, top, die1, die2, results)
        _two_dice(m, blocked, blot, outside, key, top, die2, die1, results)
    if results:
        return results
    for die in (max(die1, die2), min(die1, die2)):  # either die alone: the larger one if it can be played
        for s in _sources(m, die, blocked, outside, top):
            d = s - die
            new_key = key - _SLOT_UNIT[s]
            if d >= 0:
                new_key += _SLOT_UNIT[d]
                if blot[d]:
                    new_key += _HIT_UNIT[d]
            results[new_key] = ((s, die),)
        if results:
            break
    return results


def _single_moves(occupied: list[int], blocked: bytes, blot: bytes, die: int) -> list[tuple[int, int]]:
    """(source index, key change) of every checker that may move `die` on the board (no bar, no bear-off);
    `occupied`: our occupied indices, highest first."""
    slot, hit = _SLOT_UNIT, _HIT_UNIT
    found = []
    for s in occupied:
        d = s - die
        if d < 0:
            break
        if not blocked[d]:
            found.append((s, slot[d] - slot[s] + hit[d] if blot[d] else slot[d] - slot[s]))
    return found


def _two_dice_simple(
    m: list[int], blocked: bytes, blot: bytes, key: int, a: int, b: int, results: dict[int, Steps]
) -> None:
    """Both dice, nothing on the bar and no bear-off possible: `a` then `b` by any checker, then `b` then `a`
    by one checker (see the module doc)."""
    slot, hit = _SLOT_UNIT, _HIT_UNIT
    occupied = [s for s in range(23, -1, -1) if m[s]]
    moves_a = _single_moves(occupied, blocked, blot, a)
    moves_b = _single_moves(occupied, blocked, blot, b)
    for s1, change1 in moves_a:
        d1 = s1 - a
        key1 = key + change1
        seconds = moves_b
        if m[s1] == 1 and s1 >= b and not blocked[s1 - b]:
            seconds = [move for move in seconds if move[0] != s1]  # that point is empty now
        if not m[d1] and d1 >= b and not blocked[d1 - b]:
            d2 = d1 - b
            seconds = [*seconds, (d1, slot[d2] - slot[d1] + hit[d2] if blot[d2] else slot[d2] - slot[d1])]
        if blot[d1]:
            again = d1 + b  # a second checker landing on the point just hit hits nothing
            for s2, change2 in seconds:
                new_key = key1 + change2 - hit[d1] if s2 == again else key1 + change2
                if new_key not in results:
                    results[new_key] = ((s1, a), (s2, b))
        else:
            for s2, change2 in seconds:
                new_key = key1 + change2
                if new_key not in results:
                    results[new_key] = ((s1, a), (s2, b))
    for s1, change1 in moves_b:
        d1 = s1 - b
        if d1 >= a and not blocked[d1 - a]:
            d2 = d1 - a
            new_key = key + change1 + slot[d2] - slot[d1]
            if blot[d2]:
                new_key += hit[d2]
            if new_key not in results:
                results[new_key] = ((s1, b), (d1, a))


def _two_dice(
    m: list[int],
    blocked: bytes,
    blot: bytes,
    outside: int,
    key: int,
    top: int,
    first: int,
    second: int,
    results: dict[int, Steps],
) -> None:
    """Every play of `first` then `second` (both dice used), bar or bear-off in play; `m` is restored."""
    slot = _SLOT_UNIT
    for s1 in _sources(m, first, blocked, outside, top):
        d1 = s1 - first
        key1 = key - slot[s1]
        out1 = outside
        hit1 = -1
        m[s1] -= 1
        if d1 >= 0:
            m[d1] += 1
            key1 += slot[d1]
            if blot[d1]:
                key1 += _HIT_UNIT[d1]
                hit1 = d1
            if s1 >= 6 > d1:
                out1 -= 1
        for s2 in _sources(m, second, blocked, out1, top):
            d2 = s2 - second
            key2 = key1 - slot[s2]
            if d2 >= 0:
                key2 += slot[d2]
                if blot[d2] and d2 != hit1:
                    key2 += _HIT_UNIT[d2]
            if key2 not in results:
                results[key2] = ((s1, first), (s2, second))
        m[s1] += 1
        if d1 >= 0:
            m[d1] -= 1


def _doubles(
    m: list[int],
    blocked: bytes,
    blot: bytes,
    outside: int,
    key: int,
    top: int,
    die: int,
    results: dict[int, Steps],
) -> None:
    """Every longest play of a double (sources non-increasing; see the module doc)."""
    slot, hit_unit = _SLOT_UNIT, _HIT_UNIT
    best_depth = 0
    steps: list[tuple[int, int]] = []

    def search(depth: int, cap: int, key: int, outside: int, hits: int) -> None:
        nonlocal best_depth
        if m[24]:
            sources = [] if blocked[24 - die] else [24]
        else:
            sources = [s for s in range(min(cap, top), die - 1, -1) if m[s] and not blocked[s - die]]
            if not outside:
                exact = die - 1
                if m[exact]:
                    if exact <= cap:
                        sources.append(exact)
                elif not any(m[exact + 1 : 6]):
                    # a larger die bears off from the highest point, if the order allows it here
                    highest = next((s for s in range(exact - 1, -1, -1) if m[s]), -1)
                    if 0 <= highest <= cap:
                        sources.append(highest)
        if not sources:
            if depth > best_depth:
                best_depth = depth
                results.clear()
            if depth == best_depth and depth and key not in results:
                results[key] = tuple(steps)
            return
        if depth == 3:  # the fourth number: record each result here rather than one call deeper
            if best_depth < 4:
                best_depth = 4
                results.clear()
            for s in sources:
                d = s - die
                new_key = key - slot[s]
                if d >= 0:
                    new_key += slot[d]
                    if blot[d] and not hits >> d & 1:
                        new_key += hit_unit[d]
                if new_key not in results:
                    results[new_key] = (*steps, (s, die))
            return
        for s in sources:
            d = s - die
            new_key = key - slot[s]
            new_outside = outside
            new_hits = hits
            m[s] -= 1
            if d >= 0:
                m[d] += 1
                new_key += slot[d]
                if blot[d] and not hits >> d & 1:
                    new_key += hit_unit[d]
                    new_hits |= 1 << d
                if s >= 6 > d:
                    new_outside -= 1
            steps.append((s, die))
            search(depth + 1, s, new_key, new_outside, new_hits)
            steps.pop()
            m[s] += 1
            if d >= 0:
                m[d] -= 1

    search(0, 24, key, outside, 0)


def theirs_after(theirs: tuple[int, ...], hit_mask: int) -> tuple[int, ...]:
    """The opponent's counts after the blots on our indices in `hit_mask` went to the bar."""
    if not hit_mask:
        return theirs
    t = list(theirs)
    while hit_mask:
        j = (hit_mask & -hit_mask).bit_length() - 1
        hit_mask &= hit_mask - 1
        t[23 - j] -= 1
        t[24] += 1
    return tuple(t)


def steps_to_play(steps: Sequence[tuple[int, int]]) -> Play:
    return Play(Move(s + 1, s - d + 1 if s >= d else OFF) for s, d in steps)


def position_keys(mine: tuple[int, ...], theirs: tuple[int, ...], dice: Dice) -> Collection[int]:
    """The keys of every distinct result of `dice` (see the module doc); empty when nothing moves.

    The results of `generate_keys` without the moves that reach them. In the commonest cases (nothing on the
    bar, and too many checkers outside the home board for one to bear off during the roll: two or more for
    two dice, four or more for a double) bare keys are collected several at a time, instead of a tuple of
    steps per result; otherwise, and when the dice cannot all be played, `generate_keys` answers. They are
    kept in a dict rather than a set: a dict's order is the same in CPython and in 32-bit Pyodide.
    """
    die1, die2 = dice
    if not mine[24] and sum(mine[6:]) >= (4 if die1 == die2 else 2):
        m = list(mine)
        blocked, blot = _facing(theirs)
        key = int.from_bytes(bytes(mine), "little")
        found: dict[int, None] = {}  # a dict, not a set: its order is the same on every platform
        if die1 == die2:
            _four_of_a_double_keys(m, blocked, blot, key, die1, found)
        else:
            _two_dice_simple_keys(m, blocked, blot, key, die1, die2, found)
        if found:
            return found
    return generate_keys(mine, theirs, dice).keys()


def legal_positions(position: Position, dice: Dice) -> list[Position]:
    """Every distinct position the roll can lead to (the player who moved still on roll; no swap).

    Unchecked fast path for engines: `dice` must be two ints 1..6. With no legal move the result is
    `[position]`. The same positions as `legal_plays(position, dice).positions`, perhaps in another order
    (but the same order on every platform).
    """
    keys = position_keys(position.mine, position.theirs, dice)
    if not keys:
        return [position]
    theirs = position.theirs
    after_hits: dict[int, tuple[int, ...]] = {0: theirs}
    found: list[Position] = []
    append = found.append
    new, set_mine, set_theirs, read_board = _new, _set_mine, _set_theirs, _read_board
    for key in keys:
        result = new(Position)
        set_mine(result, read_board(key.to_bytes(28, "little")))  # 25 counts, then the hit bits
        if key > _BOARD_MASK:  # some blot was hit
            hits = key >> _HIT_SHIFT
            their_side = after_hits.get(hits)
            if their_side is None:
                their_side = after_hits[hits] = theirs_after(theirs, hits)
            set_theirs(result, their_side)
        else:
            set_theirs(result, theirs)
        append(result)
    return found


_read_board = struct.Struct("<25B3x").unpack


def _two_dice_simple_keys(
    m: list[int], blocked: bytes, blot: bytes, key: int, a: int, b: int, found: dict[int, None]
) -> None:
    """Both dice with nothing on the bar and no bear-off possible, as bare keys: every checker that may move
    `a` with every checker that may move `b` (all sums at once), less a lone checker leaving its point twice
    and with one hit where both land on the same blot, plus one checker moving by both dice."""
    slot, hit = _SLOT_UNIT, _HIT_UNIT
    occupied = [s for s in range(23, -1, -1) if m[s]]
    moves_a = _single_moves(occupied, blocked, blot, a)
    moves_b = dict(_single_moves(occupied, blocked, blot, b))
    firsts = [key + change for _, change in moves_a]
    seconds = list(moves_b.values())
    found.update({first + second: None for first in firsts for second in seconds})
    discard = found.pop
    for s1, change1 in moves_a:
        d1 = s1 - a
        change2 = moves_b.get(s1)
        if change2 is not None and m[s1] == 1:
            discard(key + change1 + change2, None)  # not a board: that checker has left already
        if blot[d1]:
            change2 = moves_b.get(d1 + b)
            if change2 is not None:  # the second checker landing on the blot just hit hits nothing
                discard(key + change1 + change2, None)  # the hit bit counted twice
                found[key + change1 + change2 - hit[d1]] = None
        if d1 >= b and not blocked[d1 - b]:  # the same checker on by `b`
            d2 = d1 - b
            new_key = key + change1 + slot[d2] - slot[d1]
            found[new_key + hit[d2] if blot[d2] else new_key] = None
    for s1, change1 in moves_b.items():  # the same checker by `b`, then on by `a`
        d1 = s1 - b
        if d1 >= a and not blocked[d1 - a]:
            d2 = d1 - a
            new_key = key + change1 + slot[d2] - slot[d1]
            found[new_key + hit[d2] if blot[d2] else new_key] = None


def _four_of_a_double_keys(
    m: list[int], blocked: bytes, blot: bytes, key: int, die: int, found: dict[int, None]
) -> None:
    """The results of playing all four numbers of a double with nothing on the bar and four or more checkers
    outside the home board (so none can bear off), as bare keys; none when four cannot be played.

    Four nested loops over the source indices, each level from the previous source down (the order of
    `_doubles`), over only the indices a checker can stand on during the roll and move from.
    """
    slot, hit_unit = _SLOT_UNIT, _HIT_UNIT
    # indices that can hold a checker during the roll (one now, or reached from one by up to three moves)
    # and whose checker may move: highest first
    reach: set[int] = set()
    for s in range(23, die - 1, -1):
        if m[s]:
            for _ in range(4):
                if s < die or blocked[s - die]:
                    break
                reach.add(s)
                s -= die
    sources = sorted(reach, reverse=True)
    n = len(sources)
    move = [0] * 24  # key change of a checker moving from index s, without a hit
    move_hit = [0] * 24  # ... and hitting the blot there
    bit = [0] * 24  # the hit bit of the destination when it is a blot, else 0
    for s in sources:
        d = s - die
        move[s] = move_hit[s] = slot[d] - slot[s]
        if blot[d]:
            move_hit[s] += hit_unit[d]
            bit[s] = 1 << d
    add_all = found.update
    for i1 in range(n):
        s1 = sources[i1]
        if not m[s1]:
            continue
        d1 = s1 - die
        m[s1] -= 1
        m[d1] += 1
        key1 = key + move_hit[s1]
        hits1 = bit[s1]
        for i2 in range(i1, n):
            s2 = sources[i2]
            if not m[s2]:
                continue
            d2 = s2 - die
            m[s2] -= 1
            m[d2] += 1
            if bit[s2] & hits1:
                key2 = key1 + move[s2]
                hits2 = hits1
            else:
                key2 = key1 + move_hit[s2]
                hits2 = hits1 | bit[s2]
            for i3 in range(i2, n):
                s3 = sources[i3]
                if not m[s3]:
                    continue
                d3 = s3 - die
                m[s3] -= 1
                m[d3] += 1
                if bit[s3] & hits2:
                    key3 = key2 + move[s3]
                    hits3 = hits2
                else:
                    key3 = key2 + move_hit[s3]
                    hits3 = hits2 | bit[s3]
                if hits3:
                    add_all(
                        {
                            key3 + move[s] if bit[s] & hits3 else key3 + move_hit[s]: None
                            for s in sources[i3:]
                            if m[s]
                        }
                    )
                else:
                    add_all({key3 + move_hit[s]: None for s in sources[i3:] if m[s]})
                m[s3] += 1
                m[d3] -= 1
            m[s2] += 1
            m[d2] -= 1
        m[s1] += 1
        m[d1] -= 1


class LegalPlays(Sequence[Play]):
    """The legal plays of a roll: one `Play` per distinct resulting position, with `positions` alongside.

    `play in plays` asks whether `play` is a legal way to play the roll (any order or combination of the
    same moves that reaches a listed position counts).
    """

    def __init__(self, position: Position, dice: Dice) -> None:
        self.position = position
        self.dice = check_dice(dice)
        raw = generate(position.mine, position.theirs, self.dice)
        self._raw = list(raw.values())
        self._keys = frozenset((mine, hits) for mine, hits, _ in self._raw)
        self._plays: list[Play] | None = None
        self._positions: list[Position] | None = None

    @property
    def move_count(self) -> int:
        """How many dice the rules require to be played (0 when nothing can move)."""
        return len(self._raw[0][2]) if self._raw else 0

    @property
    def plays(self) -> list[Play]:
        if self._plays is None:
            self._plays = [steps_to_play(steps) for _, _, steps in self._raw] if self._raw else [Play()]
        return self._plays

    @property
    def positions(self) -> list[Position]:
        """The resulting positions, in the order of the plays (the same player still on roll)."""
        if self._positions is None:
            theirs = self.position.theirs
            self._positions = [
                Position.unchecked(mine, theirs_after(theirs, hits)) for mine, hits, _ in self._raw
            ] or [self.position]
        return self._positions

    def __len__(self) -> int:
        return max(len(self._raw), 1)

    @overload
    def __getitem__(self, index: int) -> Play: ...
    @overload
    def __getitem__(self, index: slice) -> list[Play]: ...
    def __getitem__(self, index: int | slice) -> Play | list[Play]:
        return self.plays[index]

    def __iter__(self) -> Iterator[Play]:
        return iter(self.plays)

    def __contains__(self, play: object) -> bool:
        return isinstance(play, tuple) and self.result_of(play) is not None

    def steps_to(self, position: Position) -> list[tuple[Move, int]] | None:
        """The moves, each with its die, of the listed play that reaches `position`; None if none does."""
        if not self._raw:
            return [] if position == self.position else None
        key = (position.mine, _hit_mask(self.position.theirs, position.theirs))
        for mine, hits, steps in self._raw:
            if (mine, hits) == key and theirs_after(self.position.theirs, hits) == position.theirs:
                return [(Move(s + 1, s - d + 1 if s >= d else OFF), d) for s, d in steps]
        return None

    def items(self) -> list[tuple[Play, Position]]:
        return list(zip(self.plays, self.positions, strict=True))

    def notations(self) -> list[str]:
        return [self.position.notation(play) for play in self.plays]

    def result_of(self, play: Sequence[object]) -> Position | None:
        """The position after `play` if it is a legal way to play the roll, else None."""
        moves: list[Move] = []
        for move in play:
            if not (isinstance(move, tuple) and len(move) == 2 and all(isinstance(p, int) for p in move)):
                return None
            moves.append(Move(*move))
        if len(moves) != self.move_count:
            return None
        die1, die2 = self.dice
        dice = [die1] * 4 if die1 == die2 else [die1, die2]
        return self._walk(self.position, moves, dice)

    def _walk(self, position: Position, moves: list[Move], dice: list[int]) -> Position | None:
        if not moves:
            if (position.mine, _hit_mask(self.position.theirs, position.theirs)) in self._keys or (
                not self._raw and position == self.position
            ):
                return position
            return None
        source, dest = moves[0]
        for die in sorted(set(dice)):
            if dest_of(source, die) == dest and step_problem(position, source, die) is None:
                remaining = list(dice)
                remaining.remove(die)
                found = self._walk(step(position, source, die), moves[1:], remaining)
                if found is not None:
                    return found
        return None


def _hit_mask(before: tuple[int, ...], after: tuple[int, ...]) -> int:
    mask = 0
    for j in range(24):
        if after[23 - j] < before[23 - j]:
            mask |= 1 << j
    return mask


def legal_plays(position: Position, dice: Dice) -> LegalPlays:
    """Every legal play of `dice`, one per distinct resulting position; `[Play()]` (pass) when none."""
    return LegalPlays(position, dice)


# -- single steps (used by the turn in progress and by checks) ----------------------------------------------


def dest_of(source: int, die: int) -> int:
    """Where a checker on `source` (25 = bar) lands with `die`: a point, or 0 for off."""
    return max(source - die, OFF)


def step_problem(position: Position, source: int, die: int) -> str | None:
    """The rule code forbidding one checker from `source` with `die`, or None when that step is legal.

    Codes: `no-checker`, `must-enter-first`, `blocked`, `bear-off-not-all-home`, `bear-off-higher-checker`.
    """
    mine = position.mine
    if not 1 <= source <= 25 or not mine[source - 1]:
        return "no-checker"
    if mine[24] and source != 25:
        return "must-enter-first"
    dest = source - die
    if dest > 0:
        return "blocked" if position.theirs[24 - dest] >= 2 else None
    if any(mine[6:]):
        return "bear-off-not-all-home"
    if dest < 0 and any(mine[source:6]):
        return "bear-off-higher-checker"
    return None


def step(position: Position, source: int, die: int) -> Position:
    """The position after one legal step (checked by `step_problem` beforehand)."""
    return position.apply_unchecked((Move(source, dest_of(source, die)),))
