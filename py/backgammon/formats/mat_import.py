"""`.mat` import: Jellyfish match text from GNU Backgammon, XG and others, replayed through the rules core.

`import_mat(text)` reads the file and replays it with the protocol actions of `Match.act`, so every roll,
play, cube action and result is checked by the rules: the play written for each roll must be a legal
play of that roll (`Turn.from_notation`), and the score line of each game must agree with the score the
replay has reached. Anything else is refused with `MatImportError`, naming the game, the line and its
text; a file is loaded whole or not at all.

What is read (the layout `mat_export.export_mat` and gnubg's `ExportGameJF` write):

    ; [Player 1 "White"]            comment lines; players, Crawford, Jacoby, Beaver, Variation are used
     5 point match                  0 = a money session
     Game 1
     White : 0                      Black : 0
      1)                             52: 13/8 13/11        the first mover's cell: the opening roll
      2) 31: 8/5 6/5                 Doubles => 2
      3)  Takes                      64: 24/18 18/14*
      4) 43:                                               dice alone: a pass, or a roll before resigning
                                      Wins 1 point         the winner's column

Cells are told apart by their tokens (`52:`, `Doubles`, `Takes`, ...), so writers that pad the columns
differently are read too; a row with a single cell is placed by its column, judged against where the
score line puts the second player's name. Moves are single-die or compound (`13/7`), in the mover's
numbering, with `25` or `bar` for the bar and `0` or `off` for off, `*` for hits and `(2)` for repeats.
A resignation is written as the winner's `Wins N points` with no play before it; it is replayed as the
loser's `resign` of the size `N / cube` and the winner's `accept_resign`.

>>> match = import_mat(" 1 point match\\n\\n Game 1\\n A : 0                          B : 0\\n"
...                    "  1) 31: 8/5 6/5\\n")
>>> match.game.notation, mat_summary(match)["players"]
(['31: 8/5 6/5'], ['A', 'B'])
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from ..errors import MatchFileError, Said, say
from ..game import Phase
from ..limits import (
    MAX_FILE_CHARS,
    MAX_GAME_ACTIONS,
    MAX_GAMES,
    InputTooLargeError,
    check_text_size,
    shown_said,
)
from ..match import Match
from ..move import parse_play_text
from ..rules import MAX_MATCH_LENGTH, MatchSettings
from ..shapes import MatSummary
from .replay import WORDS as REPLAY_WORDS
from .replay import Replay, excerpt, match_too_long

__all__ = ["MatImportError", "MatSummary", "import_mat", "mat_summary"]

#: where a single cell is placed when the game has no score line to measure the columns by
DEFAULT_THRESHOLD = 19
ROW_BODY = 5  # gnubg's left cells start after "%3d) "


# What is wrong with a .mat file, by message id (inside the sentence that says where: errors.FILE_WORDS);
# the page says it in the player's language from the same ids (web/i18n/CODE.js;
# tests/units/test_core_words.py holds English's messages to these). The file's own text is an
# argument, never translated.
WORDS: dict[str, str] = {
    "mat.empty": "The file is empty: a .mat match file begins with a line like ' 5 point match'.",
    "mat.notText": "This is not a .mat match file: it holds characters that are not text.",
    "mat.noLengthHere": (
        "This is not a .mat match file: after the comment lines (';') it should say how long the match is, "
        "like ' 5 point match'."
    ),
    "mat.noLength": "This is not a .mat match file: there is no line like ' 5 point match'.",
    "mat.gameExpected": "Expected a line like ' Game 1' after the match length.",
    "mat.lineUnread": (
        "This line cannot be read: a game has numbered lines like ' 12) 52: 13/8 13/11', cube actions "
        "and the "
        "winner's 'Wins N points'."
    ),
    "mat.notRoll": "{word} is not a roll: a roll is two dice from 1 to 6 and a colon, like '52:'.",
    "mat.entryUnread": "Cannot read {word}: each entry begins with a roll like '52:' or a cube action.",
    "mat.oneEntryEach": "A line holds one entry for each player, not more.",
    "mat.noGame": "The file has the match length but no game (a line like ' Game 1').",
    "mat.gameNumber": "Game {number} should be Game {expected}: the games are numbered in order.",
    "mat.scoreLine": "The score line says {said0}-{said1}, but the games before it end at {score0}-{score1}.",
    "mat.over": "The game is already over here; nothing can follow its result.",
    "mat.resultTwice": "The result of this game is written twice.",
    "mat.outOfTurn": "{name} rolls, but it is {other}'s turn (the columns are out of step).",
    "mat.cubeValue": "The cube goes to {expected} here, not {value}.",
    "mat.beaverNoDouble": "{name} beavers, but no double is waiting for an answer.",
    "mat.beaverNotTheirs": "{name} beavers, but the double is {other}'s to answer.",
    "mat.ruleOnOff": 'The {rule} rule should be "On" or "Off".',
    "mat.variant": "This match is {variant}, a variant this game does not play (only standard backgammon).",
    "mat.playersExpected": "Expected the players and the score, like ' White : 0      Black : 2'.",
    "mat.cannotResign": (
        "The file says {name} wins {points}, but the game is not over and {other} cannot resign here (only "
        "on one's own turn, with no double pending)."
    ),
}

# The rarer faults of a .mat file, the same way (tests/units/test_core_words.py holds them to en.js).
RARE_WORDS: dict[str, str] = {
    "mat.notTextValue": "A .mat file is text, not {value}.",
    "mat.tooManyGames": "This .mat file holds {n} games; this game reads at most {most} games in one match.",
    "mat.tooManyEntries": (
        "Game {game} of this .mat file holds {n} entries; this game reads at most {most} in one game."
    ),
    "mat.doubleUnread": "Cannot read {text}: a double is written like 'Doubles => 2'.",
    "mat.resultUnread": "Cannot read {text}: a result is written like 'Wins 2 points'.",
    "mat.standsAlone": "Cannot read {text}: '{head}' stands alone.",
    "mat.rollsUnanswered": (
        "{name} rolls, but the double has not been answered ('Takes' or 'Drops' is missing)."
    ),
}


class MatImportError(MatchFileError):
    """A `.mat` file that cannot be imported. `game` and `line` (from 1) locate it when known, `text` is
    that line as written and `reason` the explanation alone."""

    def quote(self, text: str) -> str:
        return _quote(text)


def _quote(text: str) -> str:
    return f'"{excerpt(text.rstrip())}"'


# ---- reading the text ------------------------------------------------------------------------------------

_COMMENT = re.compile(r'^\s*;\s*\[\s*([A-Za-z][A-Za-z0-9 _]*?)\s+"(.*)"\s*\]\s*$')
_LENGTH = re.compile(r"^\s*(\d+)\s+point\s+match\b.*$", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_SCORE = re.compile(r"^\s*(\S.*?)\s*:\s*(\d+)\s+(\S.*?)\s*:\s*(\d+)\s*$")
_ROW = re.compile(r"^(\s*)(\d+)\)(.*)$")
_WINS_CELL = re.compile(r"^Wins\s+(\d+)\s+points?(?:\s+and\s+the\s+match)?\.?$", re.IGNORECASE)
_DOUBLE_CELL = re.compile(r"^(Doubles|Beavers)\s*(?:=>\s*(\d+))?$", re.IGNORECASE)
_ROLL_START = re.compile(r"^(\d*):(.*)$")
_KEYWORDS = {"doubles": "double", "beavers": "beaver", "takes": "take", "drops": "drop", "wins": "win"}
_ON = {
    "on": True,
    "yes": True,
    "true": True,
    "1": True,
    "off": False,
    "no": False,
    "false": False,
    "0": False,
}


@dataclass
class _Cell:
    player: int
    kind: str  # "roll", "double", "beaver", "take", "drop", "win"
    line: int
    source: str
    dice: tuple[int, int] = (0, 0)
    moves: str = ""
    value: int | None = None


@dataclass
class _Block:
    number: int
    line: int
    source: str
    names: tuple[str, str] | None = None
    score: tuple[int, int] | None = None
    score_line: int = 0
    score_source: str = ""
    threshold: int = DEFAULT_THRESHOLD
    cells: list[_Cell] = field(default_factory=list)


@dataclass
class _Parsed:
    length: int
    flags: dict[str, bool]
    names: list[str | None]
    games: list[_Block]


def _parse(text: str) -> _Parsed:
    if not isinstance(text, str):
        raise MatImportError(say(RARE_WORDS, "mat.notTextValue", value=shown_said(text)))
    check_text_size(text, MAX_FILE_CHARS, "mat")
    text = text.removeprefix("\ufeff")  # a byte order mark some editors write
    lines = text.splitlines()
    if not text.strip():
        raise MatImportError(say(WORDS, "mat.empty"))
    for number, line in enumerate(lines, start=1):
        if any(not char.isprintable() and char not in "\t\f\v" for char in line):
            raise MatImportError(
                say(WORDS, "mat.notText"),
                line=number,
                text=line,
            )
    flags: dict[str, bool] = {}
    names: list[str | None] = [None, None]
    length: int | None = None
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line.strip():
            continue
        if line.lstrip().startswith(";"):
            _read_comment(line, index, flags, names)
            continue
        found = _LENGTH.match(line)
        if found is None:
            raise MatImportError(
                say(WORDS, "mat.noLengthHere"),
                line=index,
                text=line,
            )
        length = int(found.group(1))
        if length > MAX_MATCH_LENGTH:
            raise MatImportError(match_too_long(length), line=index, text=line)
        break
    if length is None:
        raise MatImportError(say(WORDS, "mat.noLength"))
    games: list[_Block] = []
    block: _Block | None = None
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line.strip():
            continue
        stripped = line.strip()
        game_line = _GAME.match(line)
        if game_line is not None:
            block = _Block(int(game_line.group(1)), index, line)
            games.append(block)
            _read_score_line(lines, index, block)
            if block.score_line:
                index = block.score_line
            continue
        if stripped.startswith(";"):
            continue  # a comment between games (some writers annotate)
        if block is None:
            raise MatImportError(say(WORDS, "mat.gameExpected"), line=index, text=line)
        row = _ROW.match(line)
        if row is not None:
            offset = len(row.group(1)) + len(row.group(2)) + 1
            block.cells.extend(_read_cells(row.group(3), offset, index, line, block))
            continue
        if stripped.lower().startswith("wins"):
            block.cells.extend(_read_cells(line, 0, index, line, block))
            continue
        raise MatImportError(
            say(WORDS, "mat.lineUnread"),
            game=block.number,
            line=index,
            text=line,
        )
    return _Parsed(length, flags, names, games)


def _read_comment(line: str, number: int, flags: dict[str, bool], names: list[str | None]) -> None:
    found = _COMMENT.match(line)
    if found is None:
        return  # free comment text
    key = " ".join(found.group(1).lower().split())
    value = found.group(2).strip()
    if key in ("player 1", "player 2"):
        names[int(key[-1]) - 1] = value or None
    elif key in ("crawford", "jacoby", "beaver", "beavers"):
        setting = _ON.get(value.lower())
        if setting is None:
            raise MatImportError(say(WORDS, "mat.ruleOnOff", rule=found.group(1)), line=number, text=line)
        flags["beavers" if key.startswith("beaver") else key] = setting
    elif key == "variation" and value.lower() not in ("backgammon", "standard", ""):
        raise MatImportError(
            say(WORDS, "mat.variant", variant=value),
            line=number,
            text=line,
        )


def _read_score_line(lines: list[str], after: int, block: _Block) -> None:
    """The names and score under ` Game N`; sets `score_line` to its line number when found."""
    for number in range(after + 1, len(lines) + 1):
        line = lines[number - 1]
        if not line.strip():
            continue
        if _ROW.match(line) or _GAME.match(line) or line.strip().lower().startswith(("wins", ";")):
            return
        found = _SCORE.match(line)
        block.score_line = number
        block.score_source = line
        if found is not None:
            block.names = (found.group(1), found.group(3))
            block.score = (int(found.group(2)), int(found.group(4)))
            second = found.start(3)
        else:
            # names without the score (gnubg's export of a single game): two names apart
            parts = list(re.finditer(r"\S+(?: \S+)*", line))
            if len(parts) != 2:
                raise MatImportError(
                    say(WORDS, "mat.playersExpected"),
                    game=block.number,
                    line=number,
                    text=line,
                )
            block.names = (parts[0].group(0), parts[1].group(0))
            second = parts[1].start()
        block.threshold = (ROW_BODY + second + 1) // 2
        return


def _read_cells(body: str, offset: int, number: int, line: str, block: _Block) -> list[_Cell]:
    """The cells of one numbered row (or a `Wins` line), each placed in its player's column."""

    def fail(reason: str | Said) -> MatImportError:
        return MatImportError(reason, game=block.number, line=number, text=line)

    raw: list[tuple[int, list[str]]] = []  # (column, tokens)
    for token in re.finditer(r"\S+", body):
        word = token.group(0)
        column = offset + token.start()
        roll = _ROLL_START.match(word)
        if roll is not None:
            dice = roll.group(1)
            if len(dice) != 2 or not all(d in "123456" for d in dice):
                raise fail(say(WORDS, "mat.notRoll", word=repr(word)))
            raw.append((column, [dice + ":"] + ([roll.group(2)] if roll.group(2) else [])))
        elif word.lower() in _KEYWORDS:
            raw.append((column, [word]))
        elif raw:
            raw[-1][1].append(word)
        else:
            raise fail(say(WORDS, "mat.entryUnread", word=repr(word)))
    cells: list[_Cell] = []
    plain = [entry for entry in raw if entry[1][0].lower() != "wins"]
    if len(plain) > 2:
        raise fail(say(WORDS, "mat.oneEntryEach"))
    for column, tokens in raw:
        if len(plain) == 2 and (column, tokens) in plain:
            player = plain.index((column, tokens))
        else:
            player = 0 if column < block.threshold else 1
        cells.append(_make_cell(player, tokens, number, line, fail))
    return cells


def _make_cell(
    player: int, tokens: list[str], number: int, line: str, fail: Callable[[str | Said], MatImportError]
) -> _Cell:
    head = tokens[0]
    text = " ".join(tokens)
    if head.endswith(":") and head[:-1].isdigit():
        dice = (int(head[0]), int(head[1]))
        return _Cell(player, "roll", number, line, dice=dice, moves=" ".join(tokens[1:]))
    kind = _KEYWORDS[head.lower()]
    if kind in ("double", "beaver"):
        found = _DOUBLE_CELL.match(text)
        if found is None:
            raise fail(say(RARE_WORDS, "mat.doubleUnread", text=repr(text)))
        return _Cell(player, kind, number, line, value=int(found.group(2)) if found.group(2) else None)
    if kind == "win":
        found = _WINS_CELL.match(text)
        if found is None:
            raise fail(say(RARE_WORDS, "mat.resultUnread", text=repr(text)))
        return _Cell(player, kind, number, line, value=int(found.group(1)))
    if len(tokens) > 1:
        raise fail(say(RARE_WORDS, "mat.standsAlone", text=repr(text), head=head))
    return _Cell(player, kind, number, line)


# ---- replaying it ------------------------------------------------------------------------------------------


def _player_names(parsed: _Parsed) -> list[str]:
    names: list[str] = []
    first = parsed.games[0].names if parsed.games else None
    for index in (0, 1):
        name = parsed.names[index] or (first[index] if first else None) or f"Player {index + 1}"
        names.append(name.strip()[:40].strip() or f"Player {index + 1}")
    return names


def _candidates(parsed: _Parsed) -> list[MatchSettings]:
    """The settings to try: what the file says, else the usual rules first (gnubg's defaults for money)."""
    money = parsed.length == 0
    flags = parsed.flags

    def options(name: str, usual: bool, applies: bool) -> list[bool]:
        if not applies:
            return [False]
        if name in flags:
            return [flags[name]]
        return [usual, not usual]

    found = []
    for crawford in [flags.get("crawford", True)] if money else options("crawford", True, True):
        for jacoby in options("jacoby", True, money):
            for beavers in options("beavers", True, money):
                found.append(
                    MatchSettings(
                        match_length=parsed.length, crawford=crawford, jacoby=jacoby, beavers=beavers
                    )
                )
    return found


def import_mat(text: str) -> Match:
    """The match written in `text` (.mat), replayed and checked by the rules core.

    Raises `MatImportError` (naming the game, the line and its text) for a file that is not a match file,
    a play that is not legal, a cube action out of place, or a score line the replay does not reach.
    """
    parsed = _parse(text)
    if not parsed.games:
        raise MatImportError(say(WORDS, "mat.noGame"))
    if len(parsed.games) > MAX_GAMES:
        raise InputTooLargeError(
            f"This .mat file holds {len(parsed.games):,} games; this game reads at most {MAX_GAMES:,} "
            "games in one match."
        ).said_as("mat.tooManyGames", n=len(parsed.games), most=MAX_GAMES)
    for block in parsed.games:
        if len(block.cells) > MAX_GAME_ACTIONS:
            raise InputTooLargeError(
                f"Game {block.number} of this .mat file holds {len(block.cells):,} entries; this game "
                f"reads at most {MAX_GAME_ACTIONS:,} in one game."
            ).said_as("mat.tooManyEntries", game=block.number, n=len(block.cells), most=MAX_GAME_ACTIONS)
    players = [{"name": name, "kind": "human"} for name in _player_names(parsed)]
    failures: list[MatImportError] = []
    for settings in _candidates(parsed):
        try:
            return _MatReplay(parsed, settings, players).run()
        except MatImportError as error:
            failures.append(error)
    # Report the attempt that read furthest: the rules it assumed fit the file best.
    return_error = max(failures, key=lambda error: error.line or 0)
    raise return_error


def mat_summary(match: Match) -> MatSummary:
    """`{players, match_length, games, score, finished}` of a match (for the page after an import)."""
    length = match.settings.match_length
    finished = match.is_over if length else match.game.phase is Phase.GAME_OVER
    return {
        "players": [str(player["name"]) for player in match.players],
        "match_length": length,
        "games": len(match.games),
        "score": list(match.score),
        "finished": finished,
    }


class _MatReplay(Replay):
    def __init__(self, parsed: _Parsed, settings: MatchSettings, players: list[dict[str, Any]]) -> None:
        super().__init__(settings, players)
        self.parsed = parsed
        self.block = parsed.games[0]
        self.cell: _Cell | None = None
        self.results: set[int] = set()  # games whose 'Wins' line has been read

    def fail(self, reason: str | Said, cell: _Cell | None = None) -> MatImportError:
        cell = cell or self.cell
        if cell is None:
            return MatImportError(
                reason, game=self.block.number, line=self.block.line, text=self.block.source
            )
        return MatImportError(reason, game=self.block.number, line=cell.line, text=cell.source)

    def run(self) -> Match:
        match = self.match
        for index, block in enumerate(self.parsed.games):
            self.block = block
            self.cell = None
            if block.number != index + 1:
                raise self.fail(say(WORDS, "mat.gameNumber", number=block.number, expected=index + 1))
            if index:
                self.next_game()
            if block.score is not None and list(block.score) != match.score:
                said0, said1 = block.score
                score0, score1 = match.score
                raise MatImportError(
                    say(WORDS, "mat.scoreLine", said0=said0, said1=said1, score0=score0, score1=score1),
                    game=block.number,
                    line=block.score_line,
                    text=block.score_source,
                )
            cells = block.cells
            last_block = index == len(self.parsed.games) - 1
            for position, cell in enumerate(cells):
                self.cell = cell
                following = cells[position + 1] if position + 1 < len(cells) else None
                self.apply(cell, following, at_end=last_block and following is None)
        return match

    # -- one cell ----------------------------------------------------------------------------------------

    def apply(self, cell: _Cell, following: _Cell | None, *, at_end: bool) -> None:
        game = self.match.game
        name = self.names[cell.player]
        if game.phase is Phase.GAME_OVER and cell.kind != "win":
            raise self.fail(say(WORDS, "mat.over"))
        if cell.kind == "roll":
            self.roll(cell, following, at_end=at_end)
        elif cell.kind == "double":
            pending = game.pending_double
            if game.phase is Phase.DOUBLED and pending is not None and cell.player == pending.answerer:
                self.beaver(cell)  # a redouble that keeps the cube, as some writers put a beaver
                return
            if game.phase is not Phase.ROLL or game.turn != cell.player:
                raise self.fail(say(REPLAY_WORDS, "replay.doubleOutOfPlace", name=name))
            self.check_value(cell, game.cube.value * 2)
            self.act({"type": "double"})
        elif cell.kind == "beaver":
            self.beaver(cell)
        elif cell.kind in ("take", "drop"):
            self.answer(cell.player, cell.kind)
        else:
            self.result(cell)

    def beaver(self, cell: _Cell) -> None:
        game = self.match.game
        pending = game.pending_double
        name = self.names[cell.player]
        if game.phase is not Phase.DOUBLED or pending is None or pending.beavered:
            raise self.fail(say(WORDS, "mat.beaverNoDouble", name=name))
        if pending.answerer != cell.player:
            raise self.fail(say(WORDS, "mat.beaverNotTheirs", name=name, other=self.names[pending.answerer]))
        self.check_value(cell, pending.offered_value * 2)
        self.act({"type": "beaver"})

    def check_value(self, cell: _Cell, expected: int) -> None:
        if cell.value is not None and cell.value != expected:
            raise self.fail(say(WORDS, "mat.cubeValue", expected=expected, value=cell.value))

    def roll(self, cell: _Cell, following: _Cell | None, *, at_end: bool) -> None:
        game = self.match.game
        player = cell.player
        name = self.names[player]
        high, low = max(cell.dice), min(cell.dice)
        dice_text = f"{high}{low}"
        if game.phase is Phase.OPENING:
            self.opening_roll(player, cell.dice, dice_text)
        else:
            pending = game.pending_double
            if game.phase is Phase.DOUBLED and pending is not None:
                if pending.beavered and player == pending.doubler:
                    self.act({"type": "take"})  # the beaver's take is implied by the doubler's next roll
                else:
                    raise self.fail(say(RARE_WORDS, "mat.rollsUnanswered", name=name))
            if game.phase is not Phase.ROLL or game.turn != player:
                other = self.names[1 - player]
                raise self.fail(say(WORDS, "mat.outOfTurn", name=name, other=other))
            self.act({"type": "roll", "dice": [cell.dice[0], cell.dice[1]]})
        moves = cell.moves.strip()
        if moves:
            self.play_moves(cell, moves, dice_text)
            return
        resigning = following is not None and following.kind == "win" and following.player != player
        if resigning:
            return  # the roll before a resignation: gnubg writes the dice alone
        if game.no_legal_move:
            self.act({"type": "confirm"})
            return
        if at_end:
            return  # the file ends in the middle of this turn
        raise self.nothing_played(player, dice_text)

    def play_moves(self, cell: _Cell, moves: str, dice_text: str) -> None:
        written = re.sub(r"/0(?![0-9])", "/off", moves)
        turn = self.legal_turn(cell.player, written, moves, dice_text)
        written_moves = [step for path in parse_play_text(written) for step in pairwise(path)]
        self.play(cell.player, written_moves, turn)

    def result(self, cell: _Cell) -> None:
        game = self.match.game
        winner = cell.player
        points = cell.value or 0
        name = self.names[winner]
        if game.outcome is not None:
            if game.number in self.results:
                raise self.fail(say(WORDS, "mat.resultTwice"))
            self.results.add(game.number)
            self.check_outcome(winner, points)
            return
        loser = 1 - winner
        if game.phase not in (Phase.ROLL, Phase.MOVE) or game.turn != loser:
            other = self.names[loser]
            raise self.fail(say(WORDS, "mat.cannotResign", name=name, points=points, other=other))
        self.resign(points)
        self.results.add(game.number)
