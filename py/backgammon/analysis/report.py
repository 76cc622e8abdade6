"""The analysis as plain text: a table per player like gnubg's `show statistics match`, then the marks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .stats import SYMBOLS

Row = tuple[str, Callable[[dict[str, Any]], str]]

DEPTH_NAMES = {
    0: "0-ply",
    1: "the expert's look-ahead (1-ply on the leading plays)",
    2: "deep (2-ply on the leading plays and the cube)",
}


def _count(key: str) -> Callable[[dict[str, Any]], str]:
    return lambda p: str(p[key])


def _nested(group: str, key: str) -> Callable[[dict[str, Any]], str]:
    return lambda p: str(p[group][key])


def _total(key: str, mwc_key: str | None = None) -> Callable[[dict[str, Any]], str]:
    def text(p: dict[str, Any]) -> str:
        value = f"{p[key]:+.1f}" if key == "luck_total" else f"{p[key]:.1f}"
        if mwc_key and p["mwc"] is not None:
            mwc = p["mwc"][mwc_key]
            value += f" ({mwc:+.2f}%)" if key == "luck_total" else f" ({mwc:.2f}%)"
        return value

    return text


def _rate(key: str, signed: bool = False) -> Callable[[dict[str, Any]], str]:
    return lambda p: f"{p[key]:+.1f}" if signed else f"{p[key]:.1f}"


SECTIONS: list[tuple[str, list[Row]]] = [
    (
        "Checker play",
        [
            ("Moves", _count("moves")),
            ("Unforced moves", _count("unforced_moves")),
            ("Error total mEMG (MWC)", _total("chequer_error_total", "chequer_error_total")),
            ("Error rate mEMG per unforced move", _rate("chequer_error_rate")),
            ("Checker play rating", _count("chequer_rating")),
        ],
    ),
    (
        "Cube decisions",
        [
            ("Total cube decisions", _count("cube_decisions")),
            ("Close or actual cube decisions", _count("close_cube_decisions")),
            ("Missed doubles", _count("missed_doubles")),
            ("Wrong doubles", _count("wrong_doubles")),
            ("Wrong takes", _count("wrong_takes")),
            ("Wrong passes", _count("wrong_passes")),
            ("Error total mEMG (MWC)", _total("cube_error_total", "cube_error_total")),
            ("Error rate mEMG per close decision", _rate("cube_error_rate")),
            ("Cube decision rating", _count("cube_rating")),
        ],
    ),
    (
        "Marks (checker and cube)",
        [
            ("Doubtful ?!", _nested("marks", "doubtful")),
            ("Bad ?", _nested("marks", "bad")),
            ("Very bad ??", _nested("marks", "very_bad")),
        ],
    ),
    (
        "Resignations (kept out of the error rates and marks, as gnubg keeps them)",
        [
            ("Resignations offered", _count("resignations")),
            ("Wrong resignations", _count("wrong_resignations")),
            ("Resignations answered", _count("resignation_answers")),
            ("Wrong accepts", _count("wrong_accepts")),
            ("Wrong rejects", _count("wrong_rejects")),
            ("Error total mEMG (MWC)", _total("resignation_error_total", "resignation_error_total")),
        ],
    ),
    (
        "Luck",
        [
            ("Rolls marked very lucky", _nested("luck_marks", "very_lucky")),
            ("Rolls marked lucky", _nested("luck_marks", "lucky")),
            ("Rolls marked unlucky", _nested("luck_marks", "unlucky")),
            ("Rolls marked very unlucky", _nested("luck_marks", "very_unlucky")),
            ("Luck total mEMG (MWC)", _total("luck_total", "luck_total")),
            ("Luck rate mEMG per move", _rate("luck_rate", signed=True)),
            ("Luck rating", _count("luck_rating")),
        ],
    ),
    (
        "Overall",
        [
            ("Error total mEMG", _total("overall_error_total")),
            ("Error rate mEMG per decision", _rate("overall_error_rate")),
            ("PR (error rate x 500 EMG)", lambda p: f"{p['pr']:.1f}"),
            ("Overall rating", _count("rating")),
        ],
    ),
]

SIZES = {"single": "a single game", "gammon": "a gammon", "backgammon": "a backgammon"}

LABEL_WIDTH = 36
COLUMN_WIDTH = 22


def statistics_table(players: list[dict[str, Any]]) -> list[str]:
    header = " " * LABEL_WIDTH + "".join(f"{p['name'][: COLUMN_WIDTH - 1]:>{COLUMN_WIDTH}}" for p in players)
    lines = [header]
    for title, rows in SECTIONS:
        lines.append(title)
        for label, cell in rows:
            lines.append(
                f"  {label:<{LABEL_WIDTH - 2}}" + "".join(f"{cell(p):>{COLUMN_WIDTH}}" for p in players)
            )
    return lines


def decision_line(game: dict[str, Any], entry: dict[str, Any], names: list[str]) -> str:
    """`Game 2, White, 52: played 13/8 13/11 ?? (-182.0 mEMG); best 13/11 6/1*`."""
    who = names[entry["player"]]
    symbol = SYMBOLS[entry["mark"]]
    loss = f"-{entry['error']:.1f} mEMG"
    if entry["error_mwc"] is not None:
        loss += f", -{entry['error_mwc']:.2f}% MWC"
    if entry["kind"] == "move":
        dice = "".join(str(d) for d in sorted(entry["dice"], reverse=True))
        what = f"{dice}: played {entry['played']}"
    elif entry["kind"] == "double":
        what = f"cube: {entry['played']}"
    elif entry["kind"] == "resign":
        what = f"resigns {SIZES[entry['resign_equities']['size']]}"
    elif entry["kind"] == "accept":
        what = f"resignation of {SIZES[entry['resign_equities']['size']]}: {entry['played']}"
    else:
        what = f"answer: {entry['played']}"
    return f"Game {game['number']}, {who}, {what} {symbol} ({loss}); best {entry['best']}"


def render(analysis: dict[str, Any]) -> str:
    names = [p["name"] for p in analysis["players"]]
    length = analysis["match_length"]
    kind = f"{length}-point match" if length else "money session"
    count = sum(len(g["decisions"]) for g in analysis["games"])
    lines = [
        f"Analysis of a {kind}, {len(analysis['games'])} games, {count} decisions, "
        f"at depth {analysis['depth']}: {DEPTH_NAMES[analysis['depth']]}",
        "",
        *statistics_table(analysis["players"]),
        "",
        "Marked decisions",
    ]
    marked = [
        decision_line(game, entry, names)
        for game in analysis["games"]
        for entry in game["decisions"]
        if entry["mark"]
    ]
    lines.extend(marked or ["  none"])
    return "\n".join(lines) + "\n"
