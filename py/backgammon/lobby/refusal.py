"""Why the lobby dropped an event: a stable code for programs and tests, plain words for the page's log."""

from __future__ import annotations

from ..errors import BackgammonError

#: Every code a refusal may carry, cheapest check first.
REFUSAL_CODES = (
    "malformed",  # not an event of the lobby's shape
    "too-large",  # over a size limit
    "kind",  # a kind or tags the lobby does not use
    "blocked",  # its key is on this device's block list
    "flood",  # its key sent too many events, or holds too many open invitations
    "duplicate",  # the same event again, or one older than the one held
    "expired",  # past its expiration, or too old to act on
    "future",  # dated too far ahead of this device's clock
    "content",  # its content is not what its kind carries
    "bad-id",  # its id is not the hash of its fields
    "bad-signature",  # its key did not sign it
    "busy",  # more signatures in one batch than the lobby checks at once
    "taken",  # an accept of an invitation that is no longer open
    "late",  # a tournament's entry after its registration closed, a reveal after its reveals closed
    "mismatch",  # a tournament's reveal of a value that is not the one its entry committed to
    "pairing",  # a tournament's result for a pairing its bracket or table does not have
)


class Refused(BackgammonError):
    """An event (or its decrypted content) the lobby does not accept. `code` is one of `REFUSAL_CODES`; the
    message says why in plain words, as the end of a sentence 'The event was dropped: ...'."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.rule = code  # the worker's error answer carries it as `rule`
