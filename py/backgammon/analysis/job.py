"""An analysis of a whole match record, done a decision at a time so that it can report progress and stop.

    job = AnalysisJob(record, depth=1)      # replays the record: raises InvalidRecordError
    while not job.finished:
        job.step(budget_seconds=0.25)       # judges decisions until the budget is spent (at least one)
    job.result()                            # the analysis record of docs/analysis.md

`analyze_record(record, depth)` does all of it at once. A long analysis can be shared among workers: each
judges a part (`AnalysisJob(record, depth, part=(first, last))`, the parts from `parts(job.decisions)`) and
hands back its `entries`; `merged(record, depth, entries)` makes the record of the whole from them, the same
as one job's (a decision's figures depend on it alone, not on the decisions judged before it).
"""

from __future__ import annotations

import time
from typing import Any, TypeVar

from backgammon.bot.cube import cubeful_value
from backgammon.bot.evaluator import Probabilities
from backgammon.errors import BackgammonError
from backgammon.game import to_absolute
from backgammon.move import Play
from backgammon.position import Position
from backgammon.view import absolute_board

from .decisions import Decision, GameSummary, Kind, collect
from .judge import (
    CubeJudgement,
    MoveJudgement,
    OutOfTime,
    PlayFigure,
    ResignJudgement,
    Sweeps,
    cube_figures,
    judge_move,
    judge_resignation,
    scale_of,
)
from .stats import Totals, luck_mark, skill_mark

FORMAT = "backgammon-analysis"
VERSION = 1
DEPTHS = (0, 1, 2)
# The best plays kept with each move decision (review shows five, the rest on request), and the play made.
TOP_PLAYS = 10
# The decisions of a part at most (`parts`): enough parts for a few workers to share a match evenly, each long
# enough that the sweep it starts without costs little beside its decisions.
PART_DECISIONS = 8


E = TypeVar("E", bound=BackgammonError)

#: The analysis's refusals, by message id: the page says them in the player's language from its catalogues,
#: whose English is this (tests/units/test_core_rest_words.py holds the two together).
WORDS = {
    "analysis.depth": "The analysis depth must be one of {depths}, not {depth}.",
    "analysis.partOutside": "The part {part} is not within the match's {decisions} decisions.",
    "analysis.entriesCount": "The parts' entries must be the match's {decisions} decisions, not {given}.",
    "analysis.entriesMissing": "The parts' entries must be the match's {decisions} decisions, not none.",
    "analysis.entryKind": "Each part's entry must be an analysed decision.",
    "analysis.noJob": "No analysis {job} is running: start one first.",
    "analysis.partNumbers": "A part of an analysis is given by two whole numbers, first and last.",
    "analysis.partUnfinished": "The part is not finished: {done} of {total} decisions done.",
    "analysis.unfinished": "The analysis is not finished: {done} of {total} decisions done.",
}


def refused(kind: type[E], key: str, **args: int | str) -> E:
    """An error of `kind` saying WORDS[key] with `args`, in English and as its message id."""
    return kind(WORDS[key].format(**args)).said_as(key, **args)


class InvalidDepthError(BackgammonError):
    """An analysis depth this version cannot do."""


class InvalidPartError(BackgammonError):
    """A part of an analysis that does not fit the match, or parts' entries that do not make it whole."""


def check_depth(depth: object) -> int:
    if isinstance(depth, bool) or not isinstance(depth, int) or depth not in DEPTHS:
        depths = ", ".join(map(str, DEPTHS))
        raise refused(InvalidDepthError, "analysis.depth", depths=depths, depth=repr(depth))
    return depth


class AnalysisJob:
    """The analysis of one match record in progress."""

    def __init__(self, record: object, depth: int = 1, part: tuple[int, int] | None = None) -> None:
        self.depth = check_depth(depth)
        match, self.decisions, self.games = collect(record)
        # The decisions this job judges: all, or a part (`parts`).
        self.first, self.last = (0, len(self.decisions)) if part is None else part
        if not 0 <= self.first <= self.last <= len(self.decisions):
            raise refused(
                InvalidPartError, "analysis.partOutside", part=repr(part), decisions=len(self.decisions)
            )
        self.players = [str(player["name"]) for player in match.players]
        self.money = match.settings.is_money
        self.match_length = match.settings.match_length
        self.entries: list[dict[str, Any]] = []
        self._sweeps = Sweeps(deep=self.depth >= 2) if self.depth >= 1 else None
        self._offer: tuple[tuple[object, ...], ResignJudgement] | None = None  # the last resignation judged

    @property
    def total(self) -> int:
        return self.last - self.first

    @property
    def done(self) -> int:
        return len(self.entries)

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def step(self, budget_seconds: float = 0.25) -> int:
        """Judge decisions until `budget_seconds` have passed; returns how many are done.

        At least one decision is judged, or at depth 2 at least one roll of a 2-ply look (a decision whose
        look is not finished is judged on from there by the next step)."""
        start = time.perf_counter()
        if self._sweeps is not None:
            # Depth 2 stops a decision's 2-ply looks at the budget and goes on from there next step.
            self._sweeps.set_deadline(start + budget_seconds)
        while not self.finished:
            try:
                entry = self._judge(self.decisions[self.first + self.done])
            except OutOfTime:
                break
            self.entries.append(entry)
            if self._sweeps is not None:
                self._sweeps.forget_two_ply()
            if time.perf_counter() - start >= budget_seconds:
                break
        return self.done

    def run(self) -> dict[str, Any]:
        while not self.finished:
            self.step(60.0)
        return self.result()

    def _judge(self, decision: Decision) -> dict[str, Any]:
        if decision.kind is Kind.MOVE:
            return self._move_entry(decision, judge_move(decision, self._sweeps))
        if decision.kind in (Kind.RESIGN, Kind.ACCEPT):
            # The answer shares the values of the resignation it answers, judged just before.
            offer = self._offer[1] if self._offer and self._offer[0] == _offer_key(decision) else None
            judgement = judge_resignation(decision, self._sweeps, offer)
            if decision.kind is Kind.RESIGN:
                self._offer = (_offer_key(decision), judgement)
            return self._resign_entry(decision, judgement)
        return self._cube_entry(decision, cube_figures(decision, self._sweeps))

    def _base(self, decision: Decision, before: Probabilities, error: float) -> dict[str, Any]:
        """The fields every decision entry has."""
        scale = scale_of(decision)
        mover_mwc = None
        if not self.money:
            mover_mwc = cubeful_value(before, decision.cube_value, scale.owner, decision.context)
        player0 = before if decision.turn == 0 else before.flipped()
        error_mwc = scale.mwc_of_emg(error)
        decider = before if decision.player == decision.turn else before.flipped()
        return {
            "index": 0,
            "player": decision.player,
            "kind": decision.kind.value,
            "action": decision.action,
            "board": absolute_board(decision.position, decision.turn),
            "position_id": decision.position.id,
            "match_id": decision.match_id,
            "turn": decision.turn,
            "dice": list(decision.dice) if decision.dice else None,
            "cube": {"value": decision.cube_value, "owner": decision.cube_owner},
            # The side on turn's match-winning chance after losing / winning a single game at this cube: an
            # equity e in EMG is the MWC lose + (e + 1) * (win - lose) / 2 (None in money play).
            "mwc_scale": None
            if self.money
            else {"lose": round(scale.lose_single, 5), "win": round(scale.win_single, 5)},
            "error": round(error * 1000.0, 2),
            "error_mwc": None if error_mwc is None else round(error_mwc * 100.0, 3),
            "mark": skill_mark(error),
            "forced": False,
            "luck": None,
            "luck_mwc": None,
            "luck_mark": None,
            "plays": None,
            "cube_equities": None,
            "resign_equities": None,
            "close": False,
            "chances": decider.to_dict(),
            "player0": {
                "win": round(player0.win, 4),
                "mwc": None
                if mover_mwc is None
                else round(mover_mwc if decision.turn == 0 else 1.0 - mover_mwc, 4),
                "equity": round(player0.equity, 4),
            },
        }

    def _move_entry(self, decision: Decision, judged: MoveJudgement) -> dict[str, Any]:
        entry = self._base(decision, judged.before, judged.error)
        position = decision.position
        best, played = judged.plays[0], judged.played
        shown = judged.plays[:TOP_PLAYS]
        if played not in shown:
            shown = [*shown, played]
        luck = judged.luck
        luck_mwc = None if luck is None else scale_of(decision).mwc_of_emg(luck)
        entry.update(
            {
                "played": _notation(position, played.play),
                "best": _notation(position, best.play),
                "forced": decision.legal_count <= 1,
                "luck": None if luck is None else round(luck * 1000.0, 2),
                "luck_mwc": None if luck_mwc is None else round(luck_mwc * 100.0, 3),
                "luck_mark": None if luck is None else luck_mark(luck),
                "plays": [_play_entry(decision, f, best, f is played) for f in shown],
            }
        )
        return entry

    def _cube_entry(self, decision: Decision, judged: CubeJudgement) -> dict[str, Any]:
        entry = self._base(decision, judged.chances, judged.error)
        played = str(decision.choice)
        if decision.kind is Kind.DOUBLE:
            best = {"double": "double", "no_double": "no double", "too_good": "too good"}[judged.action]
            close = judged.close or played == "double"
        else:
            best = judged.response
            close = True
        equities = {
            "no_double": round(judged.no_double, 4),
            "double_take": round(judged.double_take, 4),
            "double_pass": round(judged.double_pass, 4),
            "action": judged.action,
            "response": judged.response,
        }
        entry.update({"played": played, "best": best, "cube_equities": equities, "close": close})
        return entry

    def _resign_entry(self, decision: Decision, judged: ResignJudgement) -> dict[str, Any]:
        entry = self._base(decision, judged.chances, judged.error)
        size = decision.size
        if decision.kind is Kind.RESIGN:
            played = f"resign {size}"
            best = played if judged.action == "resign" else "play on"
        else:
            played = str(decision.choice)
            best = judged.response
        equities = {
            "size": size,
            "points": decision.points,
            "play_on": round(judged.play_on, 4),
            "resign": round(judged.resign, 4),
            "cubeless": round(judged.cubeless, 4),
            "action": judged.action,
            "response": judged.response,
        }
        entry.update({"played": played, "best": best, "resign_equities": equities})
        return entry

    def result(self) -> dict[str, Any]:
        """The analysis record (docs/analysis.md) of what has been judged so far (of a whole job)."""
        games: list[dict[str, Any]] = [_game_entry(game) for game in self.games]
        match_totals = [Totals(name, self.money) for name in self.players]
        game_totals = [[Totals(name, self.money) for name in self.players] for _ in self.games]
        for decision, entry in zip(self.decisions, self.entries, strict=False):
            decisions = games[decision.game]["decisions"]
            entry["index"] = len(decisions)
            decisions.append(entry)
            match_totals[entry["player"]].add(entry)
            game_totals[decision.game][entry["player"]].add(entry)
        for game, totals in zip(games, game_totals, strict=True):
            game["players"] = [t.to_dict() for t in totals]
        return {
            "format": FORMAT,
            "version": VERSION,
            "depth": self.depth,
            "unit": "money" if self.money else "match",
            "match_length": self.match_length,
            "actions": sum(game.actions for game in self.games),
            "complete": self.finished,
            "players": [t.to_dict() for t in match_totals],
            "games": games,
        }


def _offer_key(decision: Decision) -> tuple[object, ...]:
    """What a resignation and its answer have in common: the offer."""
    return (decision.game, decision.turn, decision.position, decision.dice, decision.size, decision.points)


def _game_entry(game: GameSummary) -> dict[str, Any]:
    return {
        "number": game.number,
        "score": list(game.score),
        "winner": game.winner,
        "points": game.points,
        "players": [],
        "decisions": [],
    }


def _notation(position: Position, play: Play) -> str:
    return position.notation(play) if play else "pass"


def _play_entry(decision: Decision, figure: PlayFigure, best: PlayFigure, played: bool) -> dict[str, Any]:
    player = decision.turn
    return {
        "play": _notation(decision.position, figure.play),
        "moves": [
            {"from": to_absolute(player, move.source), "to": to_absolute(player, move.dest)}
            for move in figure.play
        ],
        "equity": round(figure.value, 4),
        "difference": round(figure.value - best.value, 4),
        **figure.probs.to_dict(),
        "plies": figure.plies,
        "played": played,
    }


def parts(decisions: list[Decision]) -> list[tuple[int, int]]:
    """The match's decisions cut into parts to judge apart: a part never spans two games, holds at most
    PART_DECISIONS, and never ends between a resignation and its answer (which shares its values). The cuts
    depend on the record alone, never on how many workers share it."""
    cuts: list[tuple[int, int]] = []
    first = 0
    for index in range(1, len(decisions) + 1):
        end = index == len(decisions)
        if not end and decisions[index].kind is Kind.ACCEPT:
            continue
        if end or decisions[index].game != decisions[first].game or index - first >= PART_DECISIONS:
            cuts.append((first, index))
            first = index
    return cuts


def merged(record: object, depth: int, entries: object) -> dict[str, Any]:
    """The analysis record of the whole match from its parts' entries, in the decisions' order."""
    job = AnalysisJob(record, depth)
    if not isinstance(entries, list):
        raise refused(InvalidPartError, "analysis.entriesMissing", decisions=job.total)
    if len(entries) != job.total:
        raise refused(InvalidPartError, "analysis.entriesCount", decisions=job.total, given=len(entries))
    if not all(isinstance(entry, dict) for entry in entries):
        raise refused(InvalidPartError, "analysis.entryKind")
    job.entries = [dict(entry) for entry in entries]
    return job.result()


def analyze_record(record: object, depth: int = 1) -> dict[str, Any]:
    """The whole analysis of a match record at once."""
    return AnalysisJob(record, depth).run()
