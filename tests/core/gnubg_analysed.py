"""GNU Backgammon's own analysis, read from the `.sgf` files it saves after `analyse match`, set beside ours.

gnubg keeps its analysis in the file: per checker play `A[index of the play made][the plays, best first]`
(each with its score, in EMG), per roll `LU[luck]` (EMG), per cube decision `DA[...]` (the cubeful value of no
double and of double, take: MWC in a match, EMG in money play), and the statistics of `show statistics match`
(kept beside each file as `*.stats.txt`, see tests/core/data/sgf/make-noisy.sh). This module reads them and
pairs every decision with our analysis of the same match, for tests/core/test_analysis_gnubg.py.

    python -m tests.core.gnubg_analysed       # the figures of every analysed file, as the test measures them
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]

from backgammon.analysis import analyze_record  # noqa: E402 - needs the path above
from backgammon.analysis.stats import luck_mark, skill_mark  # noqa: E402
from backgammon.bot.met import match_winning_chance  # noqa: E402
from backgammon.formats.gnubg_id import decode_match_id  # noqa: E402
from backgammon.formats.sgf_import import import_sgf  # noqa: E402
from backgammon.record import to_record  # noqa: E402
from benchmarks.analysis_gnubg import parse_statistics  # noqa: E402

SGF_DIR = Path(__file__).parent / "data" / "sgf"
NODE = re.compile(r";(?=[A-Z]+\[)")
MOVER = re.compile(r"([BW])\[([^\]]*)\]")
PLAYS = re.compile(r"A\[(\d+)\]((?:\[[^\]]*\])+)")
CUBE = re.compile(r"DA\[([^\]]*)\]")
LUCK = re.compile(r"LU\[([-+]?[\d.]+)\]")

JSON = dict[str, Any]


@dataclass
class Theirs:
    """One decision as gnubg saved it."""

    kind: str  # "double" (a cube decision before a roll), "move" or "take" (the answer to a double)
    player: int
    played: str = ""  # double / no double; take / drop; for a move the dice and letters
    dice: tuple[int, int] | None = None
    scores: list[float] = field(default_factory=list)  # the plays' values, best first (EMG)
    steps: list[list[tuple[int, int]]] = field(default_factory=list)  # each play's steps, mover's numbering
    made: int | None = None  # the index of the play made in `scores`
    luck: float | None = None  # EMG
    no_double: float | None = None  # cubeful, MWC in a match, EMG in money play
    double_take: float | None = None


def letters(text: str, player: int) -> list[tuple[int, int]]:
    """gnubg's move letters as steps in the mover's numbering: 1..24, 25 the bar, 0 off."""

    def point(letter: str) -> int:
        if letter == "y":
            return 25
        if letter == "z":
            return 0
        return ord(letter) - ord("a") + 1 if player == 0 else ord("x") - ord(letter) + 1

    return [(point(text[i]), point(text[i + 1])) for i in range(0, len(text), 2)]


def read_sgf(path: Path) -> list[list[Theirs]]:
    """Per game, each decision gnubg analysed, in the order of the game."""
    games = []
    for tree in path.read_text().split("(;")[1:]:
        decisions: list[Theirs] = []
        cube_turned = ""  # "double" after a double, "beaver" after a beaver (a double of the doubled)
        for node in NODE.split(tree)[1:]:
            mover = MOVER.match(node)
            if not mover:
                continue
            player, value = (0 if mover.group(1) == "W" else 1), mover.group(2)
            cube = CUBE.search(node)
            values = [float(v) for v in cube.group(1).split()[7:]] if cube else []
            answer = value in ("take", "drop") or (value == "double" and cube_turned == "double")
            if answer and cube_turned == "beaver":  # the answer to a beaver: analysed by neither
                cube_turned = ""
                continue
            if answer:
                played = "beaver" if value == "double" else value
                decisions.append(Theirs("take", player, played, no_double=values[6], double_take=values[13]))
                cube_turned = "beaver" if value == "double" else ""
                continue
            cube_turned = "double" if value == "double" else ""
            if cube:
                played = "double" if value == "double" else "no double"
                decisions.append(
                    Theirs("double", player, played, no_double=values[6], double_take=values[13])
                )
            if value == "double" or not value[:2].isdigit():
                continue
            move = Theirs("move", player, value, dice=(int(value[0]), int(value[1])))
            plays = PLAYS.search(node)
            if plays:
                entries = re.findall(r"\[([^\]]*)\]", plays.group(2))
                move.scores = [float(entry.split()[9]) for entry in entries]
                move.steps = [letters(entry.split()[0], player) for entry in entries]
                move.made = int(plays.group(1))
            luck = LUCK.search(node)
            move.luck = float(luck.group(1)) if luck else None
            decisions.append(move)
        games.append(decisions)
    return games


def apply(board: JSON, player: int, moves: list[tuple[Any, Any]]) -> tuple[Any, ...]:
    """The board after a play: `moves` in absolute points (1..24, "bar", "off")."""
    points, bar, off = list(board["points"]), list(board["bar"]), list(board["off"])
    sign = 1 if player == 0 else -1
    for source, dest in moves:
        if source == "bar":
            bar[player] -= 1
        else:
            points[source - 1] -= sign
        if dest == "off":
            off[player] += 1
            continue
        if points[dest - 1] == -sign:  # a blot of the other side: hit
            points[dest - 1] = 0
            bar[1 - player] += 1
        points[dest - 1] += sign
    return (tuple(points), tuple(bar), tuple(off))


def absolute(steps: list[tuple[int, int]], player: int) -> list[tuple[Any, Any]]:
    def point(p: int, bar_or_off: str) -> Any:
        if p in (0, 25):
            return bar_or_off
        return p if player == 0 else 25 - p

    return [(point(a, "bar"), point(b, "off")) for a, b in steps]


def double_pass(decision: JSON, money: bool) -> float:
    """The value of double, pass for the doubler, in gnubg's unit for the file: +1 EMG in money play, the
    match-winning chance after winning the cube's value in a match (from the Kazaross-XG2 table, gnubg's
    default as ours)."""
    if money:
        return 1.0
    info = decode_match_id(decision["match_id"])
    me = decision["turn"]  # the doubler (gnubg's values of an answer are the doubler's, as ours)
    away = info.match_length - info.score[me]
    opponent = info.match_length - info.score[1 - me]
    post_crawford = not info.crawford and 1 in (away, opponent)
    return match_winning_chance(away - info.cube_value, opponent, post_crawford)


def cube_action(no_double: float, double_take: float, double_pass: float) -> str:
    """gnubg's and our verdict from the three values (`CubeJudgement.action`)."""
    best_double = min(double_take, double_pass)
    if no_double >= best_double:
        return "too_good" if no_double > double_pass else "no_double"
    return "double"


@dataclass
class Paired:
    """The decisions of one file, ours beside gnubg's."""

    name: str
    money: bool
    moves: list[tuple[JSON, Theirs]] = field(default_factory=list)
    cubes: list[tuple[JSON, Theirs]] = field(default_factory=list)  # cube decisions before a roll
    takes: list[tuple[JSON, Theirs]] = field(default_factory=list)
    ours_only: int = 0  # cube decisions we analyse that gnubg's file does not
    resignations: list[JSON] = field(default_factory=list)  # ours: resignations, answers (not in the file)
    ours: JSON = field(default_factory=dict)  # our whole analysis
    gnubg_players: list[JSON] = field(default_factory=list)


@cache
def our_analysis(name: str, depth: int) -> JSON:
    """Our analysis at `depth` of the match in SGF_DIR's file `name`, made once per test process: the
    yardstick (tests/core/test_analysis_yardstick.py) and the resignations' test (test_analysis_resign.py)
    read the same analyses of gnubg's matches (seconds each) and change nothing in them."""
    return analyze_record(to_record(import_sgf((SGF_DIR / name).read_text())), depth=depth)


@cache
def paired(name: str, depth: int = 0) -> Paired:
    """Our analysis of gnubg's analysed file `name`, each decision paired with gnubg's."""
    path = SGF_DIR / name
    ours = our_analysis(name, depth)
    result = Paired(name, ours["unit"] == "money", ours=ours)
    stats = path.with_suffix(".stats.txt")
    if stats.exists():
        # Money play says "(Points)" where a match says "(MWC)": the same width, for the table's columns.
        text = re.sub(r"\(Points\)(\)?)", lambda m: "(MWC)" + m.group(1) + "   ", stats.read_text())
        result.gnubg_players = parse_statistics(text)
    for game, theirs in zip(ours["games"], read_sgf(path), strict=True):
        queue = list(theirs)
        for decision in game["decisions"]:
            kind = decision["kind"]
            if kind in ("resign", "accept"):
                result.resignations.append(decision)  # gnubg's file keeps no analysis of a resignation
                continue
            if queue and queue[0].kind == kind and queue[0].player == decision["player"]:
                other = queue.pop(0)
                {"move": result.moves, "double": result.cubes, "take": result.takes}[kind].append(
                    (decision, other)
                )
                if kind == "move" and sorted(decision["dice"]) != sorted(other.dice or ()):
                    raise AssertionError(f"{name}: the dice differ at {decision['index']}")
            elif kind == "double":
                result.ours_only += 1
            else:
                raise AssertionError(
                    f"{name}: our {kind} decision {decision['index']} is not in gnubg's file"
                )
        if queue:
            raise AssertionError(f"{name}: gnubg's decisions {queue[:2]} are not among ours")
    return result


def figures(pairs: Paired) -> JSON:
    """What the test checks, measured: per decision and per player."""
    unforced = [(o, t) for o, t in pairs.moves if not o["forced"] and len(t.scores) > 1]
    same_best = same_verdict = same_mark = 0
    differences = []
    for ours, theirs in unforced:
        best_ours = apply(
            ours["board"], ours["player"], [(m["from"], m["to"]) for m in ours["plays"][0]["moves"]]
        )
        best_theirs = apply(ours["board"], ours["player"], absolute(theirs.steps[0], ours["player"]))
        same_best += best_ours == best_theirs
        error = 1000 * (theirs.scores[0] - theirs.scores[theirs.made or 0])
        same_verdict += (ours["error"] == 0) == (error <= 0)
        same_mark += ours["mark"] == skill_mark(error / 1000)
        differences.append(abs(ours["error"] - error))
    lucks = [
        (o["luck"], 1000 * t.luck) for o, t in pairs.moves if t.luck is not None and o["luck"] is not None
    ]
    luck_marks = sum(
        o["luck_mark"] == luck_mark(t.luck)
        for o, t in pairs.moves
        if t.luck is not None and o["luck"] is not None
    )
    actions = responses = 0
    for ours, theirs in pairs.cubes + pairs.takes:
        assert theirs.no_double is not None and theirs.double_take is not None
        dp = double_pass(ours, pairs.money)
        if ours["kind"] == "double":
            actions += ours["cube_equities"]["action"] == cube_action(
                theirs.no_double, theirs.double_take, dp
            )
        else:
            theirs_response = "take" if theirs.double_take <= dp else "drop"
            responses += ours["cube_equities"]["response"].replace("beaver", "take") == theirs_response
    return {
        "plays": len(unforced),
        "same_best_play": same_best / max(len(unforced), 1),
        "same_verdict_on_play_made": same_verdict / max(len(unforced), 1),
        "same_mark": same_mark / max(len(unforced), 1),
        "error_mad": sum(differences) / max(len(differences), 1),
        "error_max": max(differences, default=0.0),
        "rolls": len(lucks),
        "luck_mad": sum(abs(a - b) for a, b in lucks) / max(len(lucks), 1),
        "same_luck_mark": luck_marks / max(len(lucks), 1),
        "cube_decisions": len(pairs.cubes),
        "same_cube_action": actions / max(len(pairs.cubes), 1),
        "takes": len(pairs.takes),
        "same_response": responses / max(len(pairs.takes), 1),
        "cube_ours_only": pairs.ours_only,
    }


ANALYSED = sorted(
    path.name for path in SGF_DIR.glob("*.sgf") if "analysed" in path.name or "noisy" in path.name
)


def main() -> None:
    for name in ANALYSED:
        pairs = paired(name)
        shown = {k: round(v, 3) if isinstance(v, float) else v for k, v in figures(pairs).items()}
        print(name, shown)
        for ours, theirs in zip(pairs.ours["players"], pairs.gnubg_players, strict=False):
            print(
                f"  {ours['name']}: chequer {ours['chequer_error_rate']} / {theirs['chequer_error_rate']}, "
                f"cube {ours['cube_error_rate']} / {theirs['cube_error_rate']}, "
                f"overall {ours['overall_error_rate']} / {theirs['overall_error_rate']}, "
                f"luck {ours['luck_rate']} / {theirs['luck_rate']}, unforced {ours['unforced_moves']} / "
                f"{theirs['unforced_moves']}, close cube {ours['close_cube_decisions']} / "
                f"{theirs['close_cube_decisions']}, marks {ours['marks']} / "
                f"{theirs['marked_doubtful'], theirs['marked_bad'], theirs['marked_very_bad']}, "
                f"rating {ours['rating']} / {theirs['rating']}"
            )


if __name__ == "__main__":
    main()
