"""0-ply strength of networks against pubeval, all on the same dice (numpy; `fastplay.play_vs_pubeval_batch`).

    python3 -m training.check --games 2000 --seed 777 py/backgammon/bot/weights.bin checkpoints/a.json

Each argument is a checkpoint (JSON) or a packed weights file (`.bin`); prints one line of JSON each, with
the 95% interval of the share of games won (normal approximation).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

import numpy as np

from backgammon.bot.network import parse_networks
from training.fastplay import play_vs_pubeval_batch
from training.import_weights import grown, net_from_network
from training.npnet import Net, load_nets
from training.selfplay import Evaluator


def load_any(path: Path) -> dict[str, Net]:
    if path.suffix == ".json":
        return load_nets(path)[0]
    # An older, smaller encoding gets zero rows for the inputs added since.
    return {
        name: grown(net_from_network(network), 0, np.random.default_rng(0))
        for name, network in parse_networks(path.read_bytes()).items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("nets", type=Path, nargs="+")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=777)
    parser.add_argument("--lookahead", type=int, default=0, help="plays re-scored at 1-ply, as the expert")
    parser.add_argument("--window", type=float, default=0.16)
    args = parser.parse_args()
    for path in args.nets:
        began = time.time()
        share, ppg = play_vs_pubeval_batch(
            Evaluator(load_any(path)), args.games, args.seed, args.lookahead, args.window
        )
        half = 1.96 * math.sqrt(share * (1 - share) / args.games)
        print(
            json.dumps(
                {
                    "net": str(path),
                    "games": args.games,
                    "seed": args.seed,
                    "lookahead": args.lookahead,
                    "win": round(share, 4),
                    "win_95": [round(share - half, 4), round(share + half, 4)],
                    "ppg": round(ppg, 3),
                    "seconds": round(time.time() - began, 1),
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
