"""The one-sided bear-off database: exact race chances once both sides have every checker in their home board.

For every way of placing up to 15 checkers on a side's six home points (C(21, 6) = 54,264 positions) the file
`bearoff.bin` holds the distribution of the number of rolls that side needs to bear all of them off when it
plays each roll to bear off in the fewest rolls on average (as GNU Backgammon's one-sided database does), and,
for the 15,504 positions with no checker off yet, the distribution of the rolls to bear off the first one
when playing for that (what saving a gammon needs). `training/bearoff_db.py` computes it.

The two sides of a bear-off race do not meet, so the side on roll wins when it finishes in no more rolls
than the other: P(win) = sum over n of P_mine(n rolls) * P_theirs(not finished after n - 1 rolls). A gammon
is won when the loser, with no checker off, has not borne one off by then; there are no backgammons.

The file is read the first time a bear-off position is evaluated, never at start.

File format (zlib-compressed): magic `BGBO`, u16 version, u16 W, u32 N; then N records (one per position in
`index` order, then one per 15-checker position in `gammon_index` order), stored by columns: N bytes, each
record's number of rolls of its first stored probability; then for each of the W probabilities, the high
byte of that probability of every record, then as many low bytes the same way. A probability is in units
of 1 / 65535 (a record's sum to 65535), of the first stored number of rolls, the next, and so on, zeros at
the end.
By columns, alike numbers sit side by side and compress better (702 kB against 852 kB record by record).
"""

from __future__ import annotations

import os
import struct
import zlib
from collections.abc import Sequence
from functools import cache
from importlib import resources
from itertools import accumulate
from math import comb

MAGIC = b"BGBO"
VERSION = 1
DATA_FILE = "bearoff.bin"
DATA_URL_VARIABLE = "BACKGAMMON_DATA_URL"
POINTS = 6
CHECKERS = 15
POSITIONS = comb(CHECKERS + POINTS, POINTS)  # 54,264
GAMMON_POSITIONS = comb(CHECKERS + POINTS - 1, POINTS - 1)  # 15,504: exactly 15 checkers
UNIT = 65535
HEADER_SIZE = 12

Chances = tuple[float, float, float, float, float]
# (rolls of the first probability, the probabilities from there on)
Distribution = tuple[int, tuple[float, ...]]


def _rank(counts: Sequence[int], points: int, budget: int) -> int:
    """The rank of `counts[:points]` among all placements of at most `budget` checkers on `points` points.

    Placements are ordered by the first point's count, then the second's, and so on; the empty one is 0.
    """
    index = 0
    for point in range(points):
        count = counts[point]
        rest = points - 1 - point  # points after this one
        # placements that agree so far and have fewer checkers here: sum of C(budget - v + rest, rest)
        index += comb(budget + rest + 1, rest + 1) - comb(budget - count + rest + 1, rest + 1)
        budget -= count
    return index


def index(side: Sequence[int]) -> int:
    """The record number of a side's home board (`side[0]` checkers on point 1, … `side[5]` on point 6)."""
    return _rank(side, POINTS, CHECKERS)


def gammon_index(side: Sequence[int]) -> int:
    """The gammon record number of a home board of exactly 15 checkers (its six-point count follows)."""
    return _rank(side, POINTS - 1, CHECKERS)


def is_bearoff(mine: Sequence[int], theirs: Sequence[int]) -> bool:
    """True when both sides have every checker left on their own six home points (none on the bar)."""
    return not any(mine[6:25]) and not any(theirs[6:25])


class Database:
    """The decompressed records; each lookup decodes one record (and keeps it)."""

    def __init__(self, data: bytes) -> None:
        raw = zlib.decompress(data)
        if raw[:4] != MAGIC:
            raise ValueError("not a bear-off database")
        version, width, count = struct.unpack_from("<HHI", raw, 4)
        if version != VERSION:
            raise ValueError(f"unsupported bear-off database version {version}")
        if count != POSITIONS + GAMMON_POSITIONS or len(raw) != HEADER_SIZE + count * (1 + 2 * width):
            raise ValueError("bear-off database of the wrong size")
        self.width = width
        self.count = count
        self.raw = raw
        self._cache: dict[int, Distribution] = {}

    def _decode(self, number: int) -> Distribution:
        found = self._cache.get(number)
        if found is None:
            raw, count, width = self.raw, self.count, self.width
            high_start = HEADER_SIZE + count + number
            low_start = high_start + width * count
            highs = raw[high_start:low_start:count]
            lows = raw[low_start : low_start + width * count : count]
            units = [high << 8 | low for high, low in zip(highs, lows, strict=True)]
            while units and not units[-1]:
                units.pop()
            found = self._cache[number] = (raw[HEADER_SIZE + number], tuple(u / UNIT for u in units))
        return found

    def rolls(self, side: Sequence[int]) -> Distribution:
        """The distribution of the rolls this home board needs to bear off every checker."""
        return self._decode(index(side))

    def first_off(self, side: Sequence[int]) -> Distribution:
        """The distribution of the rolls before the first checker is off (0 rolls when one already is)."""
        if sum(side[:POINTS]) < CHECKERS:
            return (0, (1.0,))
        return self._decode(POSITIONS + gammon_index(side))


def pack(records: Sequence[tuple[int, Sequence[int]]]) -> bytes:
    """The file's bytes for records (rolls of the first probability, its units), in file order."""
    width = max(len(units) for _, units in records)
    count = len(records)
    padded = [list(units) + [0] * (width - len(units)) for _, units in records]
    parts = [MAGIC, struct.pack("<HHI", VERSION, width, count), bytes(first for first, _ in records)]
    parts.extend(bytes(units[j] >> 8 for units in padded) for j in range(width))
    parts.extend(bytes(units[j] & 0xFF for units in padded) for j in range(width))
    return zlib.compress(b"".join(parts), 9)


def _fetch(url: str) -> bytes:
    """The bytes at `url`, from inside Pyodide's web worker: a synchronous request, which a worker may make
    (the service worker answers it from its offline copy)."""
    from js import XMLHttpRequest  # type: ignore[import-not-found]  # Pyodide's bridge to JavaScript

    request = XMLHttpRequest.new()
    try:
        request.open("GET", url, False)
        request.responseType = "arraybuffer"
        request.send(None)
    except Exception as error:  # a JsException: no network and no offline copy
        raise OSError(f"could not fetch {url}: {error}") from error
    if request.status != 200:
        raise OSError(f"could not fetch {url}: HTTP {request.status}")
    return bytes(request.response.to_py())


def read_data() -> bytes:
    """The database file: package data (CPython, tests), or in the site, where `build.py` leaves it out of
    the package archive, the file next to it (the worker names that folder in `DATA_URL_VARIABLE`)."""
    try:
        return resources.files("backgammon.bot").joinpath(DATA_FILE).read_bytes()
    except (FileNotFoundError, KeyError):
        url = os.environ.get(DATA_URL_VARIABLE)
        if not url:
            raise
        return _fetch(url + DATA_FILE)


@cache
def database() -> Database | None:
    """The shipped database, read once, the first time it is needed; None if it cannot be read (the race
    network judges bear-offs then)."""
    try:
        return Database(read_data())
    except (OSError, KeyError, ValueError, zlib.error):
        return None


def _first_beats(first: Distribution, second: Distribution, lead: int) -> float:
    """P(first's rolls <= second's rolls + lead - 1): `lead` is 1 when `first` rolls first, else 0."""
    start, probs = first
    second_start, second_probs = second
    done = list(accumulate(second_probs))  # done[k]: finished within second_start + k rolls
    last = len(done) - 1
    total = 0.0
    for n, p in enumerate(probs):
        k = start + n - lead - second_start  # the other side has had start + n - lead rolls
        total += p * (1.0 - (done[min(k, last)] if k >= 0 else 0.0))
    return total


def two_sided(mine: Sequence[int], theirs: Sequence[int], db: Database | None = None) -> Chances | None:
    """Cubeless chances of the side on roll (`mine`) in a bear-off (`is_bearoff`), both sides playing to
    finish in the fewest rolls: (win, win gammon, win backgammon, lose gammon, lose backgammon); None when
    the database cannot be read."""
    db = db or database()
    if db is None:
        return None
    my_rolls, their_rolls = db.rolls(mine), db.rolls(theirs)
    # I win in n rolls when they need n or more: they have had n - 1 rolls.
    win = _first_beats(my_rolls, their_rolls, 1)
    win_gammon = _first_beats(my_rolls, db.first_off(theirs), 1) if sum(theirs) == CHECKERS else 0.0
    # They win in m rolls when I need more than m; I lose a gammon when I have none off after m rolls.
    lose_gammon = _first_beats(their_rolls, db.first_off(mine), 0) if sum(mine) == CHECKERS else 0.0
    win = min(max(win, 0.0), 1.0)
    return (win, min(win_gammon, win), 0.0, min(lose_gammon, 1.0 - win), 0.0)
