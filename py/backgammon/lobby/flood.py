"""How much one key may send: a count per minute, and a pause for a key over it."""

from __future__ import annotations

from collections import deque

#: Events one key may send in a minute (a poster re-publishes each of a few invitations every few minutes).
MAX_EVENTS_PER_MINUTE = 30
#: How long a key over the limit is ignored, in seconds.
PAUSE_SECONDS = 10 * 60
#: Keys whose counts are kept at once; the least recently heard are forgotten beyond it.
MAX_KEYS = 20_000


class FloodGate:
    """Counts events per key over the last minute (by this device's clock); a key over the limit is ignored
    for `PAUSE_SECONDS`. Counting happens before an event's signature is checked (that is the point: a flood
    costs little), so events forged in a key's name count against it too: see docs/lobby-events.md."""

    def __init__(self, per_minute: int = MAX_EVENTS_PER_MINUTE) -> None:
        self.per_minute = per_minute
        self.times: dict[str, deque[int]] = {}
        self.paused_until: dict[str, int] = {}

    def paused(self, key: str, now: int) -> bool:
        until = self.paused_until.get(key)
        if until is None:
            return False
        if now >= until:
            del self.paused_until[key]
            return False
        return True

    def admit(self, key: str, now: int) -> bool:
        """Count one event of `key`; False (and the key paused) when it goes over the limit."""
        times = self.times.pop(key, None) or deque()
        self.times[key] = times  # most recently heard last
        while times and times[0] <= now - 60:
            times.popleft()
        times.append(now)
        if len(times) > self.per_minute:
            self.paused_until[key] = now + PAUSE_SECONDS
            times.clear()
            return False
        while len(self.times) > MAX_KEYS:
            del self.times[next(iter(self.times))]
        return True
