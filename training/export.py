"""Write a training checkpoint (JSON) as the packed weights file the game loads.

python3 -m training.export training/checkpoints/nets.best.json py/backgammon/bot/weights.bin \
    [--prune old-weights.bin] [--choice training/checkpoints/ranked.json]

`--prune` adds the contact net of a weights file (or of a checkpoint) as the pruning net, the one that picks
the look-ahead's replies for the contact net to judge (`backgammon.bot.evaluator`).

`--choice` adds that checkpoint's contact net as a third net, the choice net (`ranking.CHOICE_NET`), which
`choices.py score --lookahead` lets nominate plays for the look-ahead (run 7; the game does not use it).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from backgammon.bot.encoding import INPUT_COUNT
from backgammon.bot.network import pack_networks, parse_networks
from training.ranking import CHOICE_NET

Weights = tuple[list[list[float]], list[float], list[list[float]], list[float]]


def contact_net(path: Path) -> Weights:
    """The contact net of a checkpoint (JSON) or of a packed weights file."""
    if path.suffix == ".json":
        n = json.loads(path.read_text())["nets"]["contact"]
        return (n["w1"], n["b1"], n["w2"], n["b2"])
    net = parse_networks(path.read_bytes())["contact"]
    w2 = [list(row) for row in zip(*net.output_columns, strict=True)]
    return (net.input_rows, net.hidden_bias, w2, net.output_bias)


def trimmed(w1: list[list[float]]) -> list[list[float]]:
    """`w1` without gnubg's inputs when their rows are all zero (a net fitted without them, as `inputs_trial`
    grows the race net): the game then skips making them."""
    if len(w1) > INPUT_COUNT and not any(any(row) for row in w1[INPUT_COUNT:]):
        return w1[:INPUT_COUNT]
    return w1


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("source", type=Path)
    parser.add_argument("target", type=Path)
    parser.add_argument("--prune", type=Path, help="a weights file or checkpoint whose contact net prunes")
    parser.add_argument("--choice", type=Path, help="a checkpoint whose contact net becomes the choice net")
    args = parser.parse_args()
    data = json.loads(args.source.read_text())
    nets = {name: (trimmed(n["w1"]), n["b1"], n["w2"], n["b2"]) for name, n in data["nets"].items()}
    print(json.dumps(data["meta"]))
    if args.prune:
        nets["prune"] = contact_net(args.prune)
        print(json.dumps({"prune": str(args.prune)}))
    if args.choice:
        chooser = json.loads(args.choice.read_text())
        n = chooser["nets"]["contact"]
        nets[CHOICE_NET] = (n["w1"], n["b1"], n["w2"], n["b2"])
        print(json.dumps({"choice": str(args.choice), **chooser["meta"]}))
    args.target.write_bytes(pack_networks(nets))
    print(f"{args.target}: {args.target.stat().st_size} bytes")


if __name__ == "__main__":
    main()
