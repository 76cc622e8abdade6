"""The length of a correspondence turn link (docs/remote-protocol.md) after 1, 10 and 50 turns, and what it
costs to check one.

Two simulated devices play 25-point matches through `backgammon.remote` by links alone, with random legal
plays (seeded; no cube actions), each on what it received. After the turn of each count the sender's link
payload (base64url of the deflated transcript, every reveal in it) is measured, beside the share link of the
same match's plain record (`#match=`, the record deflated as web/share.js writes it) and the transcript's
JSON. A turn is one player's roll and play: at 50 turns each player has played 25. "roll asked at the turn":
the player on roll, who may double, says "roll" first and the other side's reveal comes back before the play
(three messages a turn); "ahead": each play asks for the player's next roll (giving up the double at that
turn), so the other side's reveal comes with its play (one message a turn). "check" is the time the receiver
takes, in a page just loaded, to read the link and check the whole match (`receive_link`), in this process's
CPU time.

    PYTHONPATH=py python3 -m benchmarks.remote_links [--matches N]

Measured on 2026-11-26 on the shared 2-core machine (load average about 12), CPython 3.11.7, `--matches 5`
(the median of the five matches for each figure; seeds 0..4):

    roll asked  turns  messages  transcript JSON  link chars  link/turn  record's share link  check ms
    at the turn     1         4             1135         624        624                  304         1
    at the turn    10        31             7627        1944        194                  480        11
    at the turn    50       151            35900        7512        150                  991        41
    ahead           1         4             1151         627        627                  303         1
    ahead          10        15             5222        1854        185                  474         8
    ahead          50        55            21825        6671        133                  970        39

Each roll costs a link about 2 x 43 characters of reveals (32 random bytes each, which deflate cannot
shorten, written again in base64url): most of the 133 to 150 characters a turn. So a match of 150 turns makes
a link of about 20 KB and a long 25-point match of 900 turns about 120 KB: within the page's 1 MB link limit,
but longer than some messaging apps carry; such a match goes by file (the same payload) or live.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import statistics
import time
import zlib
from typing import Any

from backgammon.game import Phase, to_absolute
from backgammon.remote import session

TURN_COUNTS = (1, 10, 50)


def random_action(state: session.State, rng: random.Random, ahead: bool) -> dict[str, Any]:
    match = session._peek(state).match
    assert match is not None
    game, seat = match.game, state["seat"]
    if game.phase is Phase.ROLL:
        return {"type": "roll"}
    turn = game.current_turn
    assert game.phase is Phase.MOVE and turn is not None
    plays = list(turn.legal_plays) if turn.legal_plays.move_count else []
    if not plays:
        return {"type": "confirm", "roll_ahead": ahead}
    play = rng.choice(plays)
    return {
        "type": "play",
        "roll_ahead": ahead,
        "moves": [{"from": to_absolute(seat, m.source), "to": to_absolute(seat, m.dest)} for m in play],
    }


def share_link_chars(record: dict[str, Any]) -> int:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(json.dumps(record, separators=(",", ":")).encode()) + packer.flush()
    return len(base64.urlsafe_b64encode(packed).rstrip(b"="))


def measure(seed: int, ahead: bool) -> dict[int, dict[str, float]]:
    """Figures of one match's links after each count of turns (played by correspondence: links only)."""
    rng = random.Random(seed)
    created = session.create(name="Ann", settings={"match_length": 25}, mode="correspondence", now=0)
    joined = session.join_link(session.link(created["state"])["payload"], name="Bob", now=0)
    states = {0: created["state"], 1: joined["state"]}
    payload, sender, turns = session.link(states[1])["payload"], 1, 0
    found: dict[int, dict[str, float]] = {}
    while len(found) < len(TURN_COUNTS):
        receiver = 1 - sender
        received = session.receive_link(states[receiver], payload, now=turns)
        assert received["status"] == "theirs", received
        states[receiver] = received["state"]
        answer: session.Result | session.ActStep = received
        played = False
        while not answer.get("message") and answer["remote"]["awaited"] == receiver:
            action = random_action(states[receiver], rng, ahead)
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
                "share": share_link_chars(
                    {k: v for k, v in session.record(states[receiver]).items() if k != "remote"}
                ),
                "check_ms": check * 1000,
            }
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=5)
    args = parser.parse_args()
    print(
        "roll asked  turns  messages  transcript JSON  link chars  link/turn  record's share link  check ms"
    )
    for ahead in (False, True):
        runs = [measure(seed, ahead) for seed in range(args.matches)]
        for count in TURN_COUNTS:
            rows = [run[count] for run in runs]

            def median(key: str, rows: list[dict[str, float]] = rows) -> float:
                return statistics.median(row[key] for row in rows)

            link = median("link")
            print(
                f"{'ahead' if ahead else 'at the turn':11s} {count:5d}  {median('messages'):8.0f}  "
                f"{median('transcript'):15.0f}  {link:10.0f}  {link / count:9.0f}  {median('share'):19.0f}  "
                f"{median('check_ms'):8.0f}"
            )


if __name__ == "__main__":
    main()
