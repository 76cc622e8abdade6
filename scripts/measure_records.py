"""Measure the largest real match records, for the input limits of docs/limits.md.

Plays matches by self-play with the rules core and the computer opponent (level beginner: the noisiest, so
the longest games, and fast), and prints for each record its JSON size, its size deflated as a share link
carries it (raw deflate, then base64url), its games and its actions.

    PYTHONPATH=py python3 -m scripts.measure_records --length 25 --matches 5
    PYTHONPATH=py python3 -m scripts.measure_records --length 0 --games 200
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import zlib

from backgammon.bot.decide import bot_action
from backgammon.bot.levels import level_named
from backgammon.formats.mat_export import export_mat
from backgammon.formats.sgf_export import export_sgf
from backgammon.match import Match
from backgammon.record import to_record
from backgammon.rules import MatchSettings


def play(length: int, games: int, seed: int, level: str) -> Match:
    rng = random.Random(seed)
    players = [{"name": "A" * 40, "kind": "human"}, {"name": "B" * 40, "kind": "human"}]
    match = Match(MatchSettings(match_length=length), players)
    chosen = level_named(level)
    while True:
        action = bot_action(match, chosen)
        if action is None:
            break
        if action["type"] == "next_game" and length == 0 and len(match.games) >= games:
            break
        if action["type"] == "roll":
            action = {"type": "roll", "dice": [rng.randint(1, 6), rng.randint(1, 6)]}
        match.act(action)
    return match


def _depth(value: object) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def measure(match: Match) -> dict[str, int]:
    record = to_record(match)
    text = json.dumps(record)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode()) + packer.flush()
    actions = [len(game.record_entries()) for game in match.games]
    depth = _depth(record)
    return {
        "json_bytes": len(text.encode()),
        "saved_file_bytes": len(json.dumps(record, indent=2).encode()),  # Save / load's .json (indented)
        "deflated_bytes": len(packed),
        "link_chars": len(base64.urlsafe_b64encode(packed).rstrip(b"=")),
        "mat_bytes": len(export_mat(match).encode()) if match.settings.match_length else 0,
        "sgf_bytes": len(export_sgf(match).encode()),
        "games": len(match.games),
        "actions_max_game": max(actions),
        "actions_total": sum(actions),
        "nesting_depth": depth,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--length", type=int, default=25, help="match length (0: a money session)")
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--games", type=int, default=100, help="games of a money session")
    parser.add_argument("--level", default="beginner")
    args = parser.parse_args()
    for seed in range(args.matches):
        figures = measure(play(args.length, args.games, seed, args.level))
        print(json.dumps({"length": args.length, "seed": seed, **figures}), flush=True)


if __name__ == "__main__":
    main()
