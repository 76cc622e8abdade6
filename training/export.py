"""Write a training checkpoint (JSON) as the packed weights file the game loads.

python3 training/export.py training/checkpoints/nets.best.json py/backgammon/bot/weights.bin \
    [--choice training/checkpoints/ranked.json]

`--choice` adds that checkpoint's contact net as a third net, the choice net (`ranking.CHOICE_NET`), which
`choices.py score --lookahead` lets nominate plays for the look-ahead (run 7; the game does not use it).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from ranking import CHOICE_NET

from backgammon.bot.network import pack_networks


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("source", type=Path)
    parser.add_argument("target", type=Path)
    parser.add_argument("--choice", type=Path, help="a checkpoint whose contact net becomes the choice net")
    args = parser.parse_args()
    data = json.loads(args.source.read_text())
    nets = {name: (n["w1"], n["b1"], n["w2"], n["b2"]) for name, n in data["nets"].items()}
    print(json.dumps(data["meta"]))
    if args.choice:
        chooser = json.loads(args.choice.read_text())
        n = chooser["nets"]["contact"]
        nets[CHOICE_NET] = (n["w1"], n["b1"], n["w2"], n["b2"])
        print(json.dumps({"choice": str(args.choice), **chooser["meta"]}))
    args.target.write_bytes(pack_networks(nets))
    print(f"{args.target}: {args.target.stat().st_size} bytes")


if __name__ == "__main__":
    main()
