"""Refine the nets by supervised learning: fit them to a teacher's figures for many positions.

    python3 -m training.distill training/checkpoints/run5.json training/checkpoints/refined.json \
        --data training/data/positions.npz:training/data/labels.npz [--data ...] \
        [--labels training/labels/games-2ply [--labels ...]] \
        [--exclude training/labels/choices-2ply/choices.npz [--exclude ...]] \
        [--held-labels training/labels/games-2ply/00013.xz [--held-labels ...]] \
        [--hidden 128] [--race-hidden 32] [--epochs 12] [--batch 256] [--rate 0.001] \
        [--groups choices.npz:labels.npz --rank-weight 0.3 --temperature 0.1] [--fit contact]

Positions come from `positions.py` and their figures (the five chances for the side on roll) from
`gnubg_label.py`, or both from label chunks kept in git (`--labels`: set directories of `training/labels/`
or chunk files). The race and contact nets are each trained on their own positions (less those of the
`--exclude` scoring sets: each roll's position and every play's, so that a net is never scored on
positions it was fitted to) with Adam on the cross-entropy of their five sigmoid outputs, starting from
the given checkpoint (grown to `--hidden` units like `import_weights.py`). One position in fifty is held
back, or with `--held-labels` the positions of those chunks instead: whole games, none of whose positions
the fit sees (one in fifty of the same games flatters the fit: neighbours of a game are alike). After each
epoch the figures on the held-back positions are printed (cross-entropy, and the root mean square error of
the cubeless equity), and the checkpoint with the lowest held-back error so far is kept. With `--groups`
the contact net also learns the order of each roll's plays (`ranking.py`), and the kept epoch is the one
whose choices on the held-back rolls err least. `--fit contact` fits the contact net alone and keeps the
race net as given.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from training.check import load_any
from training.import_weights import grown
from training.labelstore import key_values, position_keys, read_labels
from training.npnet import Net, encode_batch, save_nets
from training.ranking import Groups, choice_error, load_groups, rank_delta
from training.selfplay import equity, is_race_batch

F32 = NDArray[np.float32]


def scoring_keys(paths: list[Path]) -> NDArray[np.void]:
    """Position keys of every position of the `choices.py` sets named: each roll's position (the mover on
    roll) and the board after each of its plays (the opponent on roll, as the teacher judged it)."""
    parts = [key_values(position_keys(np.zeros((0, 25)), np.zeros((0, 25))))]
    for path in paths:
        data = np.load(path)
        before = data["before"].astype(np.int64)
        parts.append(key_values(position_keys(before[:, 0], before[:, 1])))
        parts.append(key_values(position_keys(data["theirs"], data["mine"])))
    return np.unique(np.concatenate(parts))


def load_examples(
    pairs: list[str], stored: list[Path] | None = None, exclude: list[Path] | None = None
) -> tuple[F32, F32, NDArray[np.bool_], NDArray[np.bool_]]:
    """(inputs, teacher's outputs, race mask) of every position of the `positions:labels` pairs and of the
    label chunks (`labelstore.py`: files, or set directories of `training/labels/`) in `stored`, less the
    positions of the `choices.py` scoring sets in `exclude`; and the rows to hold back (one in fifty)."""
    return load_held_out(pairs, stored, exclude, [])


def load_held_out(
    pairs: list[str], stored: list[Path] | None, exclude: list[Path] | None, held_labels: list[Path]
) -> tuple[F32, F32, NDArray[np.bool_], NDArray[np.bool_]]:
    """`load_examples`, with the chunks of `held_labels` (if any) as the rows held back instead."""
    sources = []
    for pair in pairs:
        positions_path, labels_path = pair.split(":")
        boards = np.load(positions_path)
        labels = np.load(labels_path)["outputs"].astype(np.float32)
        if labels.shape[0] != boards["mine"].shape[0]:
            count = boards["mine"].shape[0]
            raise SystemExit(f"{labels_path}: {labels.shape[0]} figures for {count} positions")
        sources.append((boards["mine"], boards["theirs"], labels))
    if stored:
        sources.append(read_labels(stored))
    if held_labels:
        sources.append(read_labels(held_labels))
    banned = scoring_keys(exclude or [])
    inputs, outputs, race = [], [], []
    for mine_stored, theirs_stored, labels_stored in sources:
        keep = ~np.isin(key_values(position_keys(mine_stored, theirs_stored)), banned)
        if not keep.all():
            print(json.dumps({"excluded": int((~keep).sum()), "of": int(keep.shape[0])}))
        mine, theirs = mine_stored[keep].astype(np.int64), theirs_stored[keep].astype(np.int64)
        labels = labels_stored[keep]
        for start in range(0, mine.shape[0], 100_000):  # encoded a slice at a time to bound memory
            end = start + 100_000
            inputs.append(encode_batch(mine[start:end], theirs[start:end]).astype(np.float32))
        outputs.append(labels)
        race.append(is_race_batch(mine, theirs))
    if not outputs:
        raise SystemExit("no labelled positions: give --data or --labels")
    if held_labels:
        held = np.zeros(sum(o.shape[0] for o in outputs), dtype=bool)
        held[-outputs[-1].shape[0] :] = True
    else:
        held = np.arange(sum(o.shape[0] for o in outputs)) % 50 == 0
    return np.concatenate(inputs), np.concatenate(outputs), np.concatenate(race), held


class Adam:
    """Adam on a net's four arrays, kept in float32 while training."""

    def __init__(self, net: Net, rate: float) -> None:
        self.params = [getattr(net, name).astype(np.float32) for name in ("w1", "b1", "w2", "b2")]
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.rate, self.steps = rate, 0

    def forward(self, x: F32) -> tuple[F32, F32]:
        w1, b1, w2, b2 = self.params
        h = 1.0 / (1.0 + np.exp(-(x @ w1 + b1)))
        return h, 1.0 / (1.0 + np.exp(-np.clip(h @ w2 + b2, -40.0, 40.0)))

    def gradients(self, x: F32, h: F32, delta_out: F32) -> list[F32]:
        """The four arrays' gradients, given the loss's gradient with respect to the output units' sums."""
        delta_hidden = (delta_out @ self.params[2].T) * h * (1.0 - h)
        return [x.T @ delta_hidden, delta_hidden.sum(axis=0), h.T @ delta_out, delta_out.sum(axis=0)]

    def step(self, x: F32, target: F32, ranked: tuple[Groups, float, float] | None = None) -> None:
        """One step down the mean cross-entropy gradient of the batch, plus `ranked`'s listwise loss
        (groups, weight, temperature) if given."""
        h, y = self.forward(x)
        grads = self.gradients(x, h, (y - target) / x.shape[0])
        if ranked is not None:
            groups, weight, temperature = ranked
            rh, ry = self.forward(groups.x)
            delta = rank_delta(ry, groups.teacher, groups.starts, temperature)
            grads = [g + weight * r for g, r in zip(grads, self.gradients(groups.x, rh, delta), strict=True)]
        self.steps += 1
        correction = np.sqrt(1.0 - 0.999**self.steps) / (1.0 - 0.9**self.steps)
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p -= (self.rate * correction) * m / (np.sqrt(v) + 1e-8)

    def figures(self, x: F32, target: F32) -> tuple[float, float]:
        """(mean cross-entropy per output, equity RMSE) on held-back rows."""
        y = np.clip(self.forward(x)[1].astype(np.float64), 1e-7, 1 - 1e-7)
        t = target.astype(np.float64)
        entropy = -(t * np.log(y) + (1 - t) * np.log(1 - y)).mean()
        error = equity(y) - equity(t)
        return float(entropy), float(np.sqrt((error * error).mean()))

    def to_net(self) -> Net:
        net = Net.__new__(Net)
        net.w1, net.b1, net.w2, net.b2 = (p.astype(np.float64) for p in self.params)
        return net


def train_net(
    name: str,
    net: Net,
    x: F32,
    y: F32,
    held: NDArray[np.bool_],
    args: argparse.Namespace,
    rng: np.random.Generator,
    groups: Groups | None = None,
) -> tuple[Net, dict[str, float]]:
    """The net fitted to (x, y), and to the teacher's order of each group's plays if `groups` are given; the
    epoch with the lowest held-back equity error (with groups: choice error) is kept."""
    train_x, train_y, test_x, test_y = x[~held], y[~held], x[held], y[held]
    if groups is not None:
        held_groups = np.arange(groups.count) % 10 == 0  # a choice error is noisy: more groups held back
        train_groups = groups.subset(np.flatnonzero(~held_groups))
        test_groups = groups.subset(np.flatnonzero(held_groups))
    adam = Adam(net, args.rate)

    def figures() -> dict[str, float]:
        entropy, rmse = adam.figures(test_x, test_y)
        result = {"entropy": round(entropy, 5), "rmse": round(rmse, 5)}
        if groups is not None:
            outputs = adam.forward(test_groups.x)[1]
            result["choice_error"] = round(choice_error(outputs, test_groups.teacher, test_groups.starts), 3)
        return result

    criterion = "rmse" if groups is None else "choice_error"
    best, best_figures = net, figures()
    print(json.dumps({"net": name, "epoch": 0, "rows": int(train_x.shape[0]), **best_figures}))
    for epoch in range(1, args.epochs + 1):
        began = time.time()
        if epoch > args.epochs * 2 // 3:
            adam.rate = args.rate / 4  # a finer last third
        order = rng.permutation(train_x.shape[0])
        steps = -(-order.shape[0] // args.batch)
        if groups is not None:  # every training group about once an epoch, a few with each batch
            group_order = rng.permutation(train_groups.count)
            per_step = -(-train_groups.count // steps)
        for step, start in enumerate(range(0, order.shape[0], args.batch)):
            rows = order[start : start + args.batch]
            ranked = None
            if groups is not None:
                chosen = group_order[step * per_step : (step + 1) * per_step]
                if chosen.shape[0]:
                    ranked = (train_groups.subset(chosen), args.rank_weight, args.temperature)
            adam.step(train_x[rows], train_y[rows], ranked)
        now = figures()
        seconds = round(time.time() - began, 1)
        print(json.dumps({"net": name, "epoch": epoch, **now, "seconds": seconds}), flush=True)
        if now[criterion] < best_figures[criterion]:
            best, best_figures = adam.to_net(), now
    return best, best_figures


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("start", type=Path, help="checkpoint (.json) or packed weights (.bin)")
    parser.add_argument("target", type=Path)
    parser.add_argument("--data", action="append", default=[], help="positions.npz:labels.npz")
    parser.add_argument(
        "--labels", type=Path, nargs="+", action="extend", default=[], help="label sets or chunks kept in git"
    )
    parser.add_argument(
        "--exclude", type=Path, action="append", default=[], help="a choices.py scoring set kept out"
    )
    parser.add_argument(
        "--held-labels", type=Path, nargs="+", action="extend", default=[], help="chunks held back instead"
    )
    parser.add_argument("--hidden", type=int, default=0, help="grow the contact net to this size")
    parser.add_argument("--race-hidden", type=int, default=0)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--rate", type=float, default=0.001)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--groups", help="choices.npz:labels.npz: teach the contact net the plays' order too")
    parser.add_argument("--rank-weight", type=float, default=1.0)
    parser.add_argument("--temperature", type=float, default=0.03, help="of the softmax over a roll's plays")
    parser.add_argument(
        "--fit",
        action="append",
        choices=["contact", "race"],
        help="fit only these nets (others kept as given)",
    )
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    groups = load_groups(args.groups) if args.groups else None
    x, y, race, held = load_held_out(args.data, args.labels, args.exclude, args.held_labels)
    nets: dict[str, Net] = {}
    figures: dict[str, dict[str, float]] = {}
    for name, net in load_any(args.start).items():
        hidden = args.hidden if name == "contact" else args.race_hidden
        mask = race if name == "race" else ~race
        ranked = groups if name == "contact" else None
        if args.fit and name not in args.fit:
            nets[name] = grown(net, hidden, rng)
            continue
        nets[name], figures[name] = train_net(
            name, grown(net, hidden, rng), x[mask], y[mask], held[mask], args, rng, ranked
        )
    meta = {
        "refined_from": str(args.start),
        "data": args.data,
        "labels": [str(path) for path in args.labels],
        "excluded": [str(path) for path in args.exclude],
        "held_labels": [str(path) for path in args.held_labels],
        "seed": args.seed,
        "rate": args.rate,
        "positions": int(x.shape[0]),
        "epochs": args.epochs,
        "groups": args.groups and {"pair": args.groups, "weight": args.rank_weight, "T": args.temperature},
        "held_back": figures,
    }
    args.target.parent.mkdir(parents=True, exist_ok=True)
    save_nets(args.target, nets, meta)
    print(f"wrote {args.target}")


if __name__ == "__main__":
    main()
