"""Play a friend on another device with no server of ours: the protocol's checking and the fair dice.

Both devices keep the same transcript of messages; each checks every message from the other (its version,
its match, its place, the hash chain of the messages, every reveal of the dice and every move by the rules
core) and refuses anything wrong in plain words, the match unchanged. Dice come from hash chains that each
side commits to before the other reveals anything (`backgammon.remote.dice`). docs/remote-protocol.md holds
the protocol: its messages and fields, and what each side can and cannot do.

The page calls the functions of `backgammon.remote.session` through the worker (`backgammon.remote.methods`);
they take and return JSON-able dicts.
"""

from __future__ import annotations

from .dice import CHAIN_LENGTH, derive_dice
from .messages import VERSION, RemoteError
from .protocol import Replay, replay_transcript
from .session import (
    act,
    chat,
    claim,
    create,
    join,
    join_link,
    link,
    read_link,
    receive,
    receive_link,
    reconcile,
    record,
    sync_message,
    verify_record,
    view,
)

__all__ = [
    "CHAIN_LENGTH",
    "VERSION",
    "RemoteError",
    "Replay",
    "act",
    "chat",
    "claim",
    "create",
    "derive_dice",
    "join",
    "join_link",
    "link",
    "read_link",
    "receive",
    "receive_link",
    "reconcile",
    "record",
    "replay_transcript",
    "sync_message",
    "verify_record",
    "view",
]
