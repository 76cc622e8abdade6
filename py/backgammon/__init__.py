"""Backgammon rules core: positions, gnubg IDs, legal plays, the turn in progress.

>>> from backgammon import Position, legal_plays
>>> len(legal_plays(Position.start(), (6, 5)))
7
"""

from __future__ import annotations

from .errors import (
    BackgammonError,
    IllegalMoveError,
    InvalidActionError,
    InvalidIdError,
    InvalidMoveError,
    InvalidPositionError,
)
from .formats.gnubg_id import GameState, MatchIdInfo, decode_match_id, encode_match_id
from .move import BAR, OFF, Move, Play, format_play, parse_play_text
from .movegen import LegalPlays, legal_plays, legal_positions
from .position import Position
from .turn import RULES, Step, Turn

__all__ = [
    "BAR",
    "OFF",
    "RULES",
    "BackgammonError",
    "GameState",
    "IllegalMoveError",
    "InvalidActionError",
    "InvalidIdError",
    "InvalidMoveError",
    "InvalidPositionError",
    "LegalPlays",
    "MatchIdInfo",
    "Move",
    "Play",
    "Position",
    "Step",
    "Turn",
    "decode_match_id",
    "encode_match_id",
    "format_play",
    "legal_plays",
    "legal_positions",
    "parse_play_text",
]

# Game and match flow, cube rules, dice, the record and .mat export.
from .dice import ScriptedDice, SeededDice
from .formats.mat_export import export_mat
from .game import Game, Outcome, Phase, Win
from .match import Match
from .record import InvalidRecordError, load_record, to_record
from .rules import Cube, CubeBlock, MatchSettings, may_double

__all__ += [
    "Cube",
    "CubeBlock",
    "Game",
    "InvalidRecordError",
    "Match",
    "MatchSettings",
    "Outcome",
    "Phase",
    "ScriptedDice",
    "SeededDice",
    "Win",
    "export_mat",
    "load_record",
    "may_double",
    "to_record",
]
