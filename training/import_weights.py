"""Turn a packed weights file back into a training checkpoint, optionally grown to a larger network.

    python3 -m training.import_weights py/backgammon/bot/weights.bin training/checkpoints/shipped.json \
        --games 54000 [--hidden 80] [--race-hidden 32] [--seed 1]

Inputs missing from the file (the encoding grew since: new inputs are appended at the end) get rows of
zeros, and new hidden units small random input weights and zero output weights, so the grown network
computes exactly what the file did and training goes on from there.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from backgammon.bot.network import Network, parse_networks
from training.npnet import INPUT_COUNT, Net, save_nets


def net_from_network(network: Network) -> Net:
    """The numpy training net holding the weights of a shipped (pure-Python) network."""
    net = Net.__new__(Net)
    net.w1 = np.array(network.input_rows, dtype=np.float64)
    net.b1 = np.array(network.hidden_bias, dtype=np.float64)
    net.w2 = np.array(network.output_columns, dtype=np.float64).T.copy()
    net.b2 = np.array(network.output_bias, dtype=np.float64)
    return net


def grown(net: Net, hidden: int, rng: np.random.Generator) -> Net:
    """`net` with INPUT_COUNT inputs and at least `hidden` hidden units, computing the same outputs."""
    inputs, old_hidden = net.w1.shape
    if inputs > INPUT_COUNT:
        raise ValueError(f"the file has {inputs} inputs, more than the encoding's {INPUT_COUNT}")
    hidden = max(hidden, old_hidden)
    w1 = rng.normal(0.0, 0.01, (INPUT_COUNT, hidden))
    w1[:, :old_hidden] = 0.0
    w1[:inputs, :old_hidden] = net.w1
    b1 = np.zeros(hidden)
    b1[:old_hidden] = net.b1
    w2 = np.zeros((hidden, net.w2.shape[1]))
    w2[:old_hidden] = net.w2
    out = Net.__new__(Net)
    out.w1, out.b1, out.w2, out.b2 = w1, b1, w2, net.b2.copy()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("source", type=Path)
    parser.add_argument("target", type=Path)
    parser.add_argument("--games", type=int, required=True, help="self-play games behind the file")
    parser.add_argument("--hidden", type=int, default=0, help="grow the contact net to this size")
    parser.add_argument("--race-hidden", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    nets: dict[str, Net] = {}
    for name, network in parse_networks(args.source.read_bytes()).items():
        hidden = args.hidden if name == "contact" else args.race_hidden
        nets[name] = grown(net_from_network(network), hidden, rng)
    args.target.parent.mkdir(parents=True, exist_ok=True)
    save_nets(args.target, nets, {"games": args.games, "imported_from": str(args.source)})
    for name, net in nets.items():
        print(f"{name}: {net.w1.shape[0]} inputs, {net.w1.shape[1]} hidden")


if __name__ == "__main__":
    main()
