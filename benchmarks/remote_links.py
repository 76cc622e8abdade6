"""The length of a correspondence turn link (docs/remote-protocol.md) after 1, 10 and 50 turns, and what it costs
to check one.

Two simulated devices play matches through `backgammon.remote` with random legal plays (seeded; no cube, so
that a turn is one roll and one play), each on what it received. After the turn of each count, the sender's
link payload (base64url of the deflated transcript, every reveal in it) is measured, beside the share link of
the same match's plain record (`#match=`, the record deflated as web/share.js writes it) and the transcript's
JSON. "check" is the time the receiver takes to read the link and check the whole match (`receive_link`), in
this process's CPU time. A turn is one player's roll and play; at 50 turns each player has played 25.

    PYTHONPATH=py python3 benchmarks/remote_links.py [--matches N]

Measured on 2026-11-26 on the shared 2-core machine (load average about 12), CPython 3.11.7, `--matches 5`
(the median of the five matches per count; the seeds are 0..4):

    turns  messages  transcript JSON  link chars  link/turn  share link of the record  check ms
        1         5             1681         835        835                      100        3
       10        23             6991        2887        289                      258       13
       50       103            30641       11658        233                      989       59

Each roll costs a link about 2 x 43 characters of random reveals (32 bytes each, which deflate cannot
shorten, written again in base64url): that is most of it. A 7-point match of about 120 turns makes a link of
about 28 KB, a long 25-point match of 900 turns about 200 KB: within the page's 1 MB link limit, but too long
for some messaging apps; such a match goes by file (the same payload) or live.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import statistics
import sys
import time
import zlib
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from backgammon.game import Phase, to_absolute
from backgammon.remote import session

TURN_COUNTS = (1, 10, 50)


def random_action(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    match = session._peek(state).match
    assert match is not None
    game, seat = match.game, state["seat"]
    if game.phase is Phase.ROLL:
        return {"type": "roll"}
    turn = game.current_turn
    assert game.phase is Phase.MOVE and turn is not None
    plays = list(turn.legal_plays) if turn.legal_plays.move_count else []
    if not plays:
        return {"type": "confirm"}
    play = rng.choice(plays)
    return {
        "type": "play",
        "moves": [{"from": to_absolute(seat, m.source), "to": to_absolute(seat, m.dest)} for m in play],
    }


def share_link_chars(record: dict[str, Any]) -> int:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(json.dumps(record, separators=(",", ":")).encode()) + packer.flush()
    return len(base64.urlsafe_b64encode(packed).rstrip(b"="))


def measure(seed: int) -> dict[int, dict[str, float]]:
    """Figures of one match's links after each count of turns (played by correspondence: links only)."""
    rng = random.Random(seed)
    created = session.create(name="Ann", settings={"match_length": 25}, mode="correspondence", now=0)
    joined = session.join_link(session.link(created["state"])["payload"], name="Bob", now=0)
    states = {0: created["state"], 1: joined["state"]}
    payload, sender, turns = session.link(states[1])["payload"], 1, 0
    found: dict[int, dict[str, float]] = {}
    while len(found) < len(TURN_COUNTS):
        receiver = 1 - sender
        answer = session.receive_link(states[receiver], payload, now=turns)
        assert answer["status"] == "theirs", answer
        states[receiver] = answer["state"]
        played = False
        while not answer.get("message") and answer["remote"]["awaited"] == receiver:
            action = random_action(states[receiver], rng)
            answer = session.act(states[receiver], action, now=turns)
            states[receiver] = answer["state"]
            played = action["type"] in ("play", "confirm")
            turns += played
        payload, sender = session.link(states[receiver])["payload"], receiver
        if played and turns in TURN_COUNTS:
            transcript = states[receiver]["transcript"]
            session._CACHE.clear()  # the other player opens the link in a page just loaded
            started = time.process_time()
            session.receive_link(states[1 - receiver], payload, now=turns)
            check = time.process_time() - started
            found[turns] = {
                "messages": len(transcript),
                "transcript": len(json.dumps(transcript, separators=(",", ":"))),
                "link": len(payload),
                "share": share_link_chars(session.record(states[receiver])),
                "check_ms": check * 1000,
            }
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=5)
    args = parser.parse_args()
    runs = [measure(seed) for seed in range(args.matches)]
    print("turns  messages  transcript JSON  link chars  link/turn  share link of the record  check ms")
    for count in TURN_COUNTS:
        rows = [run[count] for run in runs]

        def median(key: str, rows: list[dict[str, float]] = rows) -> float:
            return statistics.median(row[key] for row in rows)

        link = median("link")
        print(
            f"{count:5d}  {median('messages'):8.0f}  {median('transcript'):15.0f}  {link:10.0f}  "
            f"{link / count:9.0f}  {median('share'):24.0f}  {median('check_ms'):8.0f}"
        )


if __name__ == "__main__":
    main()
