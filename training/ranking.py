"""Teach the contact net to order the plays of a roll as the teacher does (a listwise loss, ListNet).

Plain regression fits each position's figures; a choice turns on the small differences between the boards one
roll can reach, which the regression's error swamps. Here every legal play of a roll (`choices.py make`,
labelled by `gnubg_label.py`) is one group: the teacher's equities of the plays, as a softmax at
`temperature`, are the target of the net's softmax over its own equities of the same plays. `distill.py
--groups` adds this loss to the regression's, weighted by `--rank-weight`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from training.fastplay import segment_argmax
from training.npnet import encode_batch
from training.selfplay import equity, flip, is_race_batch

#: The name of a weights file's third net, a contact net that only nominates the plays a look-ahead judges
#: (`choices.py score --lookahead` uses it so; the game does not, see the README's run 7).
CHOICE_NET = "choice"

F32 = NDArray[np.float32]
I64 = NDArray[np.int64]

#: d(equity of the side on roll) / d(outputs): the after-boards are seen by the opponent, so a play's value
#: for the mover is minus this.
EQUITY_WEIGHTS = np.array([2.0, 1.0, 1.0, -1.0, -1.0], dtype=np.float32)


@dataclass
class Groups:
    """Rows of whole groups: the inputs of the boards after each play (opponent on roll)."""

    x: F32
    teacher: NDArray[np.float64]  # the mover's equity after each play, by the teacher
    starts: I64  # group g is rows starts[g]:starts[g + 1]

    @property
    def count(self) -> int:
        return int(self.starts.shape[0] - 1)

    def subset(self, groups: I64) -> Groups:
        """The listed groups, in that order."""
        sizes = self.starts[groups + 1] - self.starts[groups]
        rows = np.concatenate([np.arange(self.starts[g], self.starts[g + 1]) for g in groups.tolist()])
        starts = np.zeros(groups.shape[0] + 1, dtype=np.int64)
        np.cumsum(sizes, out=starts[1:])
        return Groups(self.x[rows], self.teacher[rows], starts)


def load_groups(pair: str) -> Groups:
    """The groups of a `choices.npz:labels.npz` pair whose plays all leave contact (the contact net's)."""
    choices_path, labels_path = pair.split(":")
    data = np.load(choices_path)
    mine, theirs = data["mine"].astype(np.int64), data["theirs"].astype(np.int64)
    starts = data["starts"].astype(np.int64)
    outputs = np.load(labels_path)["outputs"].astype(np.float64)
    if outputs.shape[0] != mine.shape[0]:
        raise SystemExit(f"{labels_path}: {outputs.shape[0]} figures for {mine.shape[0]} plays")
    race = is_race_batch(theirs, mine)
    counts = np.diff(starts)
    owner = np.repeat(np.arange(counts.shape[0]), counts)
    keep_group = np.bincount(owner, weights=race, minlength=counts.shape[0]) == 0
    keep = keep_group[owner]
    kept_starts = np.zeros(int(keep_group.sum()) + 1, dtype=np.int64)
    np.cumsum(counts[keep_group], out=kept_starts[1:])
    x = encode_batch(theirs[keep], mine[keep]).astype(np.float32)
    return Groups(x, equity(flip(outputs[keep])), kept_starts)


def segment_softmax(values: NDArray[np.float64], starts: I64) -> NDArray[np.float64]:
    counts = np.diff(starts)
    top = np.repeat(np.maximum.reduceat(values, starts[:-1]), counts)
    weights = np.exp(values - top)
    return weights / np.repeat(np.add.reduceat(weights, starts[:-1]), counts)


def rank_delta(outputs: F32, teacher: NDArray[np.float64], starts: I64, temperature: float) -> F32:
    """The gradient of the groups' mean ListNet loss with respect to the output units' sums."""
    mover = -(outputs.astype(np.float64) @ EQUITY_WEIGHTS.astype(np.float64))
    net = segment_softmax(mover / temperature, starts)
    target = segment_softmax(teacher / temperature, starts)
    d_mover = (net - target) / (temperature * (starts.shape[0] - 1))
    return (-d_mover[:, None] * EQUITY_WEIGHTS * outputs * (1.0 - outputs)).astype(np.float32)


def choice_error(outputs: F32, teacher: NDArray[np.float64], starts: I64) -> float:
    """mEMG a roll lost by choosing the play the net rates best, by the teacher."""
    mover = -(outputs.astype(np.float64) @ EQUITY_WEIGHTS.astype(np.float64))
    lost = teacher[segment_argmax(teacher, starts)] - teacher[segment_argmax(mover, starts)]
    return 1000.0 * float(lost.mean())
