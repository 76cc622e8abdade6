"""Marks, ratings and the per-player totals of an analysis, on GNU Backgammon's scales.

Thresholds are gnubg's defaults (`arSkillLevel`, `arLuckLevel`, `arThrsRating` in gnubg 1.07); every
figure is defined in docs/analysis.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Error marks: (EMG threshold, mark), worst first.
SKILL_MARKS = ((0.16, "very_bad"), (0.08, "bad"), (0.04, "doubtful"))
SYMBOLS = {"very_bad": "??", "bad": "?", "doubtful": "?!"}
LUCK_MARKS = ((0.6, "very_lucky"), (0.3, "lucky"), (-0.3, "unlucky"), (-0.6, "very_unlucky"))
# Ratings by error rate in EMG per decision: below each threshold, that label (best last).
RATINGS = (
    (0.035, "Beginner"),
    (0.026, "Casual player"),
    (0.018, "Intermediate"),
    (0.012, "Advanced"),
    (0.008, "Expert"),
    (0.005, "World class"),
    (0.002, "Supernatural"),
)
LUCK_RATINGS = ((0.6, "Go to Las Vegas"), (0.3, "Good dice, man!"))
BAD_LUCK_RATINGS = ((-0.6, "Go to bed"), (-0.3, "Bad dice, man!"))


def skill_mark(error: float) -> str | None:
    """gnubg's mark for an error in EMG (`Skill`): doubtful from 0.04, bad from 0.08, very bad from 0.16."""
    for threshold, mark in SKILL_MARKS:
        if error > threshold - 1e-9:
            return mark
    return None


def luck_mark(luck: float) -> str | None:
    """gnubg's `Luck`: very lucky above 0.6 EMG, lucky above 0.3, unlucky below -0.3 (very: -0.6)."""
    if luck > 0.6:
        return "very_lucky"
    if luck > 0.3:
        return "lucky"
    if luck < -0.6:
        return "very_unlucky"
    if luck < -0.3:
        return "unlucky"
    return None


def rating(rate: float) -> str:
    """gnubg's label (`GetRating`) for an error rate in EMG per decision."""
    label = "Awful!"
    for threshold, name in RATINGS:
        if rate < threshold:
            label = name
    return label


def luck_rating(rate: float) -> str:
    """gnubg's `getLuckRating`: the label of ten times the luck rate per move (EMG)."""
    scaled = rate * 10.0
    for threshold, name in LUCK_RATINGS:
        if scaled > threshold:
            return name
    for threshold, name in BAD_LUCK_RATINGS:
        if scaled < threshold:
            return name
    return "None"


@dataclass
class Totals:
    """One player's figures, summed decision by decision (EMG, and MWC in a match)."""

    name: str
    money: bool
    moves: int = 0
    unforced_moves: int = 0
    chequer_error: float = 0.0
    chequer_error_mwc: float = 0.0
    cube_decisions: int = 0
    close_cube_decisions: int = 0
    cube_error: float = 0.0
    cube_error_mwc: float = 0.0
    luck: float = 0.0
    luck_mwc: float = 0.0
    marks: dict[str, int] = field(default_factory=lambda: {"doubtful": 0, "bad": 0, "very_bad": 0})
    luck_marks: dict[str, int] = field(
        default_factory=lambda: {"very_lucky": 0, "lucky": 0, "unlucky": 0, "very_unlucky": 0}
    )
    cube_errors: dict[str, int] = field(
        default_factory=lambda: {"missed_doubles": 0, "wrong_doubles": 0, "wrong_takes": 0, "wrong_passes": 0}
    )
    # Resignations and their answers: counted apart, as gnubg keeps them out of its statistics.
    resignation_counts: dict[str, int] = field(
        default_factory=lambda: {
            "resignations": 0,
            "wrong_resignations": 0,
            "resignation_answers": 0,
            "wrong_accepts": 0,
            "wrong_rejects": 0,
        }
    )
    resignation_error: float = 0.0
    resignation_error_mwc: float = 0.0

    def add(self, entry: dict[str, Any]) -> None:
        """Count one decision entry of the analysis record (see docs/analysis.md)."""
        error = entry["error"] / 1000.0
        error_mwc = (entry["error_mwc"] or 0.0) / 100.0
        if entry["kind"] in ("resign", "accept"):
            self._add_resignation(entry, error, error_mwc)
            return
        if entry["mark"]:
            self.marks[entry["mark"]] += 1
        if entry["kind"] == "move":
            self.moves += 1
            if not entry["forced"]:
                self.unforced_moves += 1
                self.chequer_error += error
                self.chequer_error_mwc += error_mwc
            if entry["luck"] is not None:
                self.luck += entry["luck"] / 1000.0
                self.luck_mwc += (entry["luck_mwc"] or 0.0) / 100.0
            if entry["luck_mark"]:
                self.luck_marks[entry["luck_mark"]] += 1
            return
        self.cube_decisions += 1
        if entry["close"]:
            self.close_cube_decisions += 1
        self.cube_error += error
        self.cube_error_mwc += error_mwc
        if error > 0.0:
            kind = {
                "no double": "missed_doubles",
                "double": "wrong_doubles",
                "take": "wrong_takes",
                "beaver": "wrong_takes",
                "drop": "wrong_passes",
            }[entry["played"]]
            self.cube_errors[kind] += 1

    def _add_resignation(self, entry: dict[str, Any], error: float, error_mwc: float) -> None:
        """A resignation or an answer to one: in its own counts and total, not in the marks, the error rates
        or the ratings (gnubg's `updateStatcontext` has no case for `MOVE_RESIGN`)."""
        counts = self.resignation_counts
        self.resignation_error += error
        self.resignation_error_mwc += error_mwc
        if entry["kind"] == "resign":
            counts["resignations"] += 1
            counts["wrong_resignations"] += error > 0.0
            return
        counts["resignation_answers"] += 1
        if error > 0.0:
            counts["wrong_accepts" if entry["played"] == "accept" else "wrong_rejects"] += 1

    def to_dict(self) -> dict[str, Any]:
        decisions = self.unforced_moves + self.close_cube_decisions
        overall = self.chequer_error + self.cube_error
        chequer_rate = self.chequer_error / self.unforced_moves if self.unforced_moves else 0.0
        cube_rate = self.cube_error / self.close_cube_decisions if self.close_cube_decisions else 0.0
        overall_rate = overall / decisions if decisions else 0.0
        luck_rate = self.luck / self.moves if self.moves else 0.0
        return {
            "name": self.name,
            "moves": self.moves,
            "unforced_moves": self.unforced_moves,
            "chequer_error_total": _milli(self.chequer_error),
            "chequer_error_rate": _milli(chequer_rate),
            "cube_decisions": self.cube_decisions,
            "close_cube_decisions": self.close_cube_decisions,
            "cube_error_total": _milli(self.cube_error),
            "cube_error_rate": _milli(cube_rate),
            "overall_error_total": _milli(overall),
            "overall_error_rate": _milli(overall_rate),
            "luck_total": _milli(self.luck),
            "luck_rate": _milli(luck_rate),
            "pr": round(overall_rate * 500.0, 2),
            "rating": rating(overall_rate) if decisions else "n/a",
            "chequer_rating": rating(chequer_rate) if self.unforced_moves else "n/a",
            "cube_rating": rating(cube_rate) if self.close_cube_decisions else "n/a",
            "luck_rating": luck_rating(luck_rate) if self.moves else "n/a",
            "marks": dict(self.marks),
            "luck_marks": dict(self.luck_marks),
            **self.cube_errors,
            **self.resignation_counts,
            "resignation_error_total": _milli(self.resignation_error),
            "mwc": None
            if self.money
            else {
                "chequer_error_total": _percent(self.chequer_error_mwc),
                "cube_error_total": _percent(self.cube_error_mwc),
                "luck_total": _percent(self.luck_mwc),
                "resignation_error_total": _percent(self.resignation_error_mwc),
            },
        }


def _milli(value: float) -> float:
    return round(value * 1000.0, 1)


def _percent(value: float) -> float:
    return round(value * 100.0, 2)
