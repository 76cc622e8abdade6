"""GNU Backgammon's `.sgf` match files (what `save match F.sgf` writes), replayed through the rules core.

`import_sgf(text)` reads the file and replays it with the protocol actions of `Match.act`, so every roll,
play, cube action and result is checked by the rules, as `mat_import` does for `.mat` files. Anything else is
refused with `SgfImportError`, naming the game, the line and the node; a file is loaded whole or not at all.

The format (SGF FF[4], GM[6]: the backgammon flavour Gary Wong defined for gnubg) is one game tree per game:

    (;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:3][game:0][ws:0][bs:0]
      PW[Alice]PB[Bob]RU[Crawford]RE[W+2]                 the root node: match and game information
    ;W[51mhxw]                                            White rolls 51 and plays 13/8 24/23
    ;B[double] ;W[take] ;B[53hmmp] ;W[65] ...            cube actions; a roll with no play is a pass
    )
    (;FF[4]GM[6]...MI[length:3][game:1][ws:2][bs:0]...RU[Crawford:CrawfordGame]RE[W+1] ...)

White (`W`, `PW`, `ws`) is gnubg's player 0 and ours; Black is player 1. A move is the dice and a pair of
letters per checker moved (`a`..`x` the mover's points 1..24 counted from White's 1 point for White and from
Black's 1 point for Black, `y` the bar, `z` off); a roll with no checker moved is a pass, or, last before the
loser's resignation, the dice of the turn the loser resigned in. A `double` while a double waits is a beaver.
`RU` holds the rules (`Crawford`, `CrawfordGame`, `Jacoby`), `CV` at the root the cube after automatic
doubles, `RE` the result (`W+2`; `B+4R` a resignation). Analysis and annotation (`A`, `DA`, `MR`, `LU`,
`GS`, `BM`, `C`, ...) are ignored. gnubg does not save the beaver rule: money sessions are read with beavers
allowed (its default).

A position set up by hand (gnubg's `set board`, `set xgid`, `set cube`, `set dice`, then `save match`) is a
few nodes before the first move, read as gnubg reads them (`RestoreNode`):

    ;PL[B]AE[a:y]AW[f][f][h]...AB[s][s][y]...    Black on roll; every point emptied, then each checker put
                                                  on its letter (White's as in White's moves, Black's as in
                                                  Black's, `y` the bar; `a:y` a range)
    ;CV[2] ;CP[b]                                 the cube's value and owner (`c` the middle, `w`, `b`)
    ;PL[B]DI[52]                                  the dice Black has rolled

The match then starts from that position (`Match.setup`: its Position ID and Match ID, with the score and
the Crawford game of the root), checked as any set-up position is. As in gnubg, the first move or double
decides who is on roll when the file's `PL` says otherwise (gnubg's `set turn` writes nothing), and dice
the first move does not use are dropped. Only the first game, before its first move, can be set up: a board or
cube changed later is refused, unless it changes nothing. Elsewhere `PL[W]DI[52]` is the roll of that player
(gnubg's `set dice`); at the end of the last, unfinished game it and a roll with no checker moved are the
dice of the turn in progress.

>>> match = import_sgf("(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]PW[A]PB[B]RU[Crawford]\\n;W[31hefe])")
>>> match.game.notation, [player["name"] for player in match.players]
(['31: 8/5 6/5'], ['A', 'B'])
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import Arg, BackgammonError, MatchFileError, Said, say
from ..game import Game, Phase
from ..limits import (
    MAX_FILE_CHARS,
    MAX_GAME_ACTIONS,
    MAX_GAMES,
    MAX_SGF_DEPTH,
    InputTooLargeError,
    check_text_size,
    shown_said,
)
from ..match import Match, Setup, match_from_ids
from ..position import BAR_INDEX, CHECKERS, START_SIDE, Position, position_problem
from ..rules import MAX_CUBE, MAX_MATCH_LENGTH, MatchSettings
from .gnubg_id import MatchIdInfo, encode_match_id
from .replay import WORDS as REPLAY_WORDS
from .replay import Replay, excerpt, match_too_long
from .xgid import position_fault

__all__ = ["SgfImportError", "import_sgf"]

MAX_NAME = 40
BOARD_PROPERTIES = ("AE", "AB", "AW", "CV", "CP")  # a set-up board or cube
SETUP_PROPERTIES = frozenset({*BOARD_PROPERTIES, "PL", "DI"})
COLOURS = ("White", "Black")
VARIANTS = {"Nackgammon", "Hypergammon1", "Hypergammon2", "Hypergammon3"}


# What is wrong with an .sgf file, by message id (inside the sentence that says where: errors.FILE_WORDS);
# the page says it in the player's language from the same ids (web/i18n/CODE.js;
# tests/units/test_core_words.py holds English's messages to these). The file's text is an argument.
WORDS: dict[str, str] = {
    "sgf.empty": "The file is empty: a GNU Backgammon .sgf file begins with '(;FF[4]GM[6]'.",
    "sgf.treeNode": "A game tree '(' must begin with a node ';'.",
    "sgf.endsInGame": "The file ends inside a game: a ')' is missing.",
    "sgf.expected": "Expected ')' or another node, found {found}.",
    "sgf.notProperty": "{text} is not a property name.",
    "sgf.noValue": "Property {name} has no value in brackets.",
    "sgf.endsInValue": "The file ends inside a property value: a ']' is missing.",
    "sgf.notBackgammon": "GM[{type}] is not backgammon (GM[6]): this file holds another game.",
    "sgf.noCube": "This match was played without the doubling cube, which this game always has.",
    "sgf.result": "The result RE[{result}] should read like W+2 or B+4R.",
    "sgf.over": "The game is already over here; nothing can follow its end.",
    "sgf.moveAndSetup": "A node holds a move and a set-up position together.",
    "sgf.oneMove": "A node holds one move, not a move for each player.",
    "sgf.notPoint": "{letter} is not a point: points are a-x, the bar y and off z.",
    "sgf.diceNoPlayer": "The dice are set here, but no PL says whose they are.",
    "sgf.doublesAgain": "{name} doubles again, but only a beaver by the doubled player is allowed.",
    "sgf.diceDiffer": "{name} plays {dice}, but the dice set before are {rolled}.",
    "sgf.rollsUnanswered": "{name} rolls, but the double has not been answered (take or drop is missing).",
    "sgf.outOfTurn": "{name} rolls, but it is {other}'s turn.",
    "sgf.noResult": "The game has no result (RE), yet it is not over and another game follows.",
    "sgf.notOver": "The file says {name} wins {points}, but the game as played is not over.",
    "sgf.variant": "This game is {variant}, a variant this game does not play.",
    "sgf.notMove": (
        "{text} is not a move: a move is two dice 1-6 and letters for the checkers moved, or double, take or "
        "drop."
    ),
    "sgf.pairs": "{text} is not a move: the checkers moved come in pairs of letters (4 at most).",
    "sgf.cannotResign": (
        "The file says {name} resigned, but cannot resign here (only on one's own turn, with no double "
        "pending)."
    ),
}

# The rarer faults of a file, the same way (tests/units/test_core_words.py holds them to en.js).
RARE_WORDS: dict[str, str] = {
    "sgf.notText": "An .sgf file is text, not {value}.",
    "sgf.notSgf": "Expected '(' to begin a game, found {found}: this is not an SGF file.",
    "sgf.tooDeep": (
        "This .sgf file nests variations more than {most} levels deep (line {line}); a match file has one or "
        "two, so it was not read."
    ),
    "sgf.tooManyGames": "This .sgf file holds {n} games; this game reads at most {most} games in one match.",
    "sgf.tooManyNodes": (
        "Game {game} of this .sgf file holds {n} nodes; this game reads at most {most} in one game."
    ),
    "sgf.notNumber": (
        "{what, select, length {The match length (MI length)} game {The game number (MI game)}"
        " ws {White's score (MI ws)} bs {Black's score (MI bs)} other {The cube value (CV)}} should be a"
        " number, not {text}."
    ),
    "sgf.startCube": "The starting cube CV[{cube}] is not a power of two from 1 to 64.",
    "sgf.cubeTurned": (
        "The game starts with the cube turned (CV), which only automatic doubles in money play do."
    ),
    "sgf.lengthDiffers": "This game says the match is to {length} points, the first game {first}.",
    "sgf.numbered": "This game is numbered {number}; it is game {index} of the file.",
    "sgf.scoreDiffers": (
        "The game begins at {ws}-{bs} (MI ws, bs), but the games before it end at {score0}-{score1}."
    ),
    "sgf.crawford": (
        "{said, select, is {The file says this is the Crawford game, but by the rules it is not.}"
        " other {The file says this is not the Crawford game, but by the rules it is.}}"
    ),
    "sgf.cubeNotReached": "The game starts with the cube at {cube}, which the rules do not reach.",
    "sgf.setupImpossible": "The position set up here is not possible: {problem}.",
    "sgf.setupTooMany": (
        "{colour, select, white {White} other {Black}} has {count} checkers on the board; a side has 15"
    ),
    "sgf.setupNone": (
        "{colour, select, white {White} other {Black}} has no checker left on the board, so the game is "
        "already over"
    ),
    "sgf.setupBoth": "White's {point} point holds checkers of both sides",
    "sgf.setupWon": "The game begins at {score0}-{score1}, which has already won the match.",
    "sgf.setupCannotStart": "The position set up here cannot start the match: {error}",
    "sgf.pl": "PL[{value}] should name the player on roll: W or B.",
    "sgf.di": "DI[{value}] should be two dice rolled, 1 to 6 each, like DI[52].",
    "sgf.cv": "The cube CV[{value}] is not a power of two from 1 to {most}.",
    "sgf.cp": "CP[{value}] should say where the cube is: c (the middle), w or b.",
    "sgf.setupPoint": (
        "{name}[{value}]: {text} is not a point: points are a-x and the bar y, or a range such as a:y."
    ),
    "sgf.byHand": (
        "The board or the cube is changed by hand here, which an imported match cannot replay: only the "
        "first game, before its first move, can start from a set-up position."
    ),
    "sgf.plMidGame": (
        "PL puts {name} on roll here, but it is {other}'s turn: a match cannot be set up by hand in the "
        "middle of a game."
    ),
}


class SgfImportError(MatchFileError):
    """An `.sgf` file that cannot be imported. `game` (from 1) and `line` (from 1) locate it when known,
    `text` is the node or property there and `reason` the explanation alone."""

    quote_without_line = True

    def quote(self, text: str) -> str:
        return _quote(text)


def _quote(text: str) -> str:
    return excerpt(" ".join(text.split()))


# ---- reading the SGF text ----------------------------------------------------------------------------------


@dataclass
class _Node:
    line: int
    properties: dict[str, list[str]] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)  # each property as written, for messages

    def value(self, name: str) -> str | None:
        values = self.properties.get(name)
        return values[0] if values else None


_VALUE_RUN = re.compile(r"[^\]\\]+")


class _Reader:
    """A small SGF reader: game trees, nodes, properties; the first variation of each tree is its game."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.length = len(text)
        self.depth = 0
        # Where lines end: a node's line is found by bisection, not by counting from the start each time.
        self.newlines = [found.start() for found in re.finditer("\n", text)]

    def line(self, pos: int | None = None) -> int:
        return bisect.bisect_left(self.newlines, self.pos if pos is None else pos) + 1

    def fail(self, reason: str | Said, pos: int | None = None) -> SgfImportError:
        return SgfImportError(reason, line=self.line(pos))

    def skip_space(self) -> None:
        while self.pos < self.length and self.text[self.pos].isspace():
            self.pos += 1

    def collection(self) -> list[list[_Node]]:
        games: list[list[_Node]] = []
        self.skip_space()
        while self.pos < self.length:
            if self.text[self.pos] != "(":
                raise self.fail(say(RARE_WORDS, "sgf.notSgf", found=repr(self.text[self.pos])))
            games.append(self.tree())
            self.skip_space()
        return games

    def tree(self) -> list[_Node]:
        start = self.pos
        self.depth += 1
        if self.depth > MAX_SGF_DEPTH:
            said = say(RARE_WORDS, "sgf.tooDeep", most=MAX_SGF_DEPTH, line=self.line())
            raise InputTooLargeError.saying(said)
        self.pos += 1  # "("
        nodes: list[_Node] = []
        self.skip_space()
        while self.pos < self.length and self.text[self.pos] == ";":
            nodes.append(self.node())
            self.skip_space()
        if not nodes:
            raise self.fail(say(WORDS, "sgf.treeNode"))
        first_variation = True
        while self.pos < self.length and self.text[self.pos] == "(":
            branch = self.tree()
            if first_variation:
                nodes.extend(branch)  # the main line; other variations are not part of the match
                first_variation = False
            self.skip_space()
        if self.pos >= self.length:
            raise self.fail(say(WORDS, "sgf.endsInGame"), start)
        if self.text[self.pos] != ")":
            raise self.fail(say(WORDS, "sgf.expected", found=repr(self.text[self.pos])))
        self.pos += 1
        self.depth -= 1
        return nodes

    def node(self) -> _Node:
        node = _Node(self.line())
        self.pos += 1  # ";"
        while True:
            self.skip_space()
            start = self.pos
            while self.pos < self.length and self.text[self.pos].isalpha():
                self.pos += 1
            name = "".join(c for c in self.text[start : self.pos] if c.isupper())  # FF[3] allowed "CoPyright"
            if start == self.pos:
                return node
            if not name:
                raise self.fail(say(WORDS, "sgf.notProperty", text=repr(self.text[start : self.pos])), start)
            values: list[str] = []
            self.skip_space()
            while self.pos < self.length and self.text[self.pos] == "[":
                values.append(self.value())
                self.skip_space()
            if not values:
                raise self.fail(say(WORDS, "sgf.noValue", name=name), start)
            node.properties.setdefault(name, []).extend(values)
            node.sources.setdefault(name, self.text[start : self.pos].strip())

    def value(self) -> str:
        start = self.pos
        self.pos += 1  # "["
        chars: list[str] = []
        while self.pos < self.length:
            run = _VALUE_RUN.match(self.text, self.pos)
            if run is not None:  # the plain characters up to the next ']' or '\\', taken at once
                chars.append(run.group())
                self.pos = run.end()
                continue
            char = self.text[self.pos]
            if char == "\\" and self.pos + 1 < self.length:
                following = self.text[self.pos + 1]
                self.pos += 2
                if following == "\n":
                    continue  # a soft line break
                chars.append(following)
                continue
            if char == "]":
                self.pos += 1
                return "".join(chars)
            chars.append(char)
            self.pos += 1
        raise self.fail(say(WORDS, "sgf.endsInValue"), start)


# ---- the games' information ------------------------------------------------------------------------------


@dataclass
class _GameInfo:
    number: int
    root: _Node
    nodes: list[_Node]
    length: int | None = None
    index: int | None = None
    score: tuple[int, int] | None = None
    rules: set[str] = field(default_factory=set)
    cube: int = 1
    result: tuple[int, int, bool] | None = None  # winner, points, resigned


def _number(text: str, what: str, fail: Any) -> int:
    """`text` as a number; `what` names it: length, game, ws, bs or cube (`sgf.notNumber`)."""
    if not text.strip().isdigit():
        raise fail(say(RARE_WORDS, "sgf.notNumber", what=what, text=repr(text)))
    return int(text.strip())


def _read_info(number: int, nodes: list[_Node]) -> _GameInfo:
    root = nodes[0]
    info = _GameInfo(number, root, nodes[1:])

    def fail(reason: str | Said, name: str | None = None) -> SgfImportError:
        text = root.sources.get(name) if name else None
        return SgfImportError(reason, game=number, line=root.line, text=text)

    game_type = root.value("GM")
    if game_type is not None and game_type.strip() != "6":
        raise fail(say(WORDS, "sgf.notBackgammon", type=game_type), "GM")
    fields: dict[str, str] = {}
    for item in root.properties.get("MI", []):
        key, colon, value = item.partition(":")
        if colon:
            fields[key.strip().lower()] = value
    if "length" in fields:
        info.length = _number(fields["length"], "length", fail)
    if "game" in fields:
        info.index = _number(fields["game"], "game", fail)
    if "ws" in fields or "bs" in fields:
        info.score = (
            _number(fields.get("ws", "0"), "ws", fail),
            _number(fields.get("bs", "0"), "bs", fail),
        )
    rules = root.value("RU")
    if rules:
        info.rules = {part.strip() for part in rules.split(":") if part.strip()}
    variants = info.rules & VARIANTS
    if variants:
        raise fail(say(WORDS, "sgf.variant", variant=sorted(variants)[0]), "RU")
    if "NoCube" in info.rules:
        raise fail(say(WORDS, "sgf.noCube"), "RU")
    cube = root.value("CV")
    if cube is not None:
        cube_value = _number(cube, "cube", fail)
        if cube_value < 1 or cube_value & (cube_value - 1) or cube_value > 64:
            raise fail(say(RARE_WORDS, "sgf.startCube", cube=cube), "CV")
        info.cube = cube_value
    result = root.value("RE")
    if result:
        text = result.strip()
        if len(text) < 3 or text[0].upper() not in "WB" or text[1] != "+":
            raise fail(say(WORDS, "sgf.result", result=result), "RE")
        body = text[2:]
        resigned = body[-1:].upper() == "R"
        digits = body[:-1] if resigned else body
        if not digits.isdigit() or int(digits) < 1:
            raise fail(say(WORDS, "sgf.result", result=result), "RE")
        info.result = (0 if text[0].upper() == "W" else 1, int(digits), resigned)
    return info


def _settings(games: list[_GameInfo]) -> MatchSettings:
    first = games[0]
    length = first.length or 0
    if length > MAX_MATCH_LENGTH:
        raise SgfImportError(match_too_long(length), game=1, line=first.root.line)
    money = length == 0
    automatic = max(game.cube.bit_length() - 1 for game in games)
    if automatic and not money:
        raise SgfImportError(
            say(RARE_WORDS, "sgf.cubeTurned"),
            game=next(game.number for game in games if game.cube > 1),
            line=first.root.line,
        )
    return MatchSettings(
        match_length=length,
        # gnubg writes no Crawford rule in a 1-point match or money play, where it cannot matter
        crawford=length <= 1 or "Crawford" in first.rules,
        jacoby=money and "Jacoby" in first.rules,
        beavers=money,
        automatic_doubles=automatic,
    )


# ---- set-up positions -------------------------------------------------------------------------------------


@dataclass
class _SetUp:
    """What set-up nodes describe: each colour's checkers in its own numbering (points 1..24, index 24 the
    bar), who is on roll (None: nobody yet), the cube and the dice."""

    sides: tuple[list[int], list[int]]
    on_roll: int | None = None
    cube: int = 1
    owner: int | None = None
    dice: tuple[int, int] | None = None

    @classmethod
    def opening(cls) -> _SetUp:
        return cls((list(START_SIDE), list(START_SIDE)))

    @classmethod
    def of_game(cls, game: Game) -> _SetUp:
        if game.turn is None:
            state = cls.opening()
        else:
            mine, theirs = list(game.position.mine), list(game.position.theirs)
            state = cls((mine, theirs) if game.turn == 0 else (theirs, mine), game.turn)
        state.cube, state.owner = game.cube.value, game.cube.owner
        return state

    def same_board(self, other: _SetUp) -> bool:
        return (self.sides, self.cube, self.owner) == (other.sides, other.cube, other.owner)

    def problem(self) -> str | Said | None:
        """Why the board is not a position a game can start from, or None."""
        for player, side in enumerate(self.sides):
            on_board = sum(side)
            colour = COLOURS[player].lower()
            if on_board > CHECKERS:
                return say(RARE_WORDS, "sgf.setupTooMany", colour=colour, count=on_board)
            if not on_board:
                return say(RARE_WORDS, "sgf.setupNone", colour=colour)
        white, black = self.sides
        for index in range(24):
            if white[index] and black[23 - index]:
                return say(RARE_WORDS, "sgf.setupBoth", point=index + 1)
        problem = position_problem(white, black)
        return position_fault(problem) if problem else None


def _letters(value: str) -> list[int] | None:
    """The points a value of AE, AB or AW names (indices 0..24 of the letters a..y), or None."""
    value = value.strip()
    if len(value) == 1 and "a" <= value <= "y":
        return [ord(value) - ord("a")]
    first, colon, last = value.partition(":")
    if colon and len(first) == len(last) == 1 and "a" <= first < last <= "y":
        return list(range(ord(first) - ord("a"), ord(last) - ord("a") + 1))
    return None


def _player_names(games: list[_GameInfo]) -> list[str]:
    names = []
    for index, key in enumerate(("PW", "PB")):
        name = games[0].root.value(key) or ""
        name = " ".join(name.split())[:MAX_NAME].strip()
        names.append(name or f"Player {index + 1}")
    return names


def import_sgf(text: str) -> Match:
    """The match saved in `text` (gnubg's .sgf), replayed and checked by the rules core.

    Raises `SgfImportError` (naming the game, the line and the node) for a file that is not a backgammon SGF
    file, a play that is not legal, a cube action out of place, or a result or score the replay does not
    reach.
    """
    if not isinstance(text, str):
        raise SgfImportError(say(RARE_WORDS, "sgf.notText", value=shown_said(text)))
    check_text_size(text, MAX_FILE_CHARS, "sgf")
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise SgfImportError(say(WORDS, "sgf.empty"))
    trees = _Reader(text).collection()
    if len(trees) > MAX_GAMES:
        raise InputTooLargeError(
            f"This .sgf file holds {len(trees):,} games; this game reads at most {MAX_GAMES:,} games in "
            "one match."
        ).said_as("sgf.tooManyGames", n=len(trees), most=MAX_GAMES)
    for number, nodes in enumerate(trees, start=1):
        if len(nodes) > MAX_GAME_ACTIONS:
            raise InputTooLargeError(
                f"Game {number} of this .sgf file holds {len(nodes):,} nodes; this game reads at most "
                f"{MAX_GAME_ACTIONS:,} in one game."
            ).said_as("sgf.tooManyNodes", game=number, n=len(nodes), most=MAX_GAME_ACTIONS)
    games = [_read_info(number, nodes) for number, nodes in enumerate(trees, start=1)]
    settings = _settings(games)
    players = [{"name": name, "kind": "human"} for name in _player_names(games)]
    return _SgfReplay(games, settings, players).run()


# ---- replaying it ------------------------------------------------------------------------------------------


class _SgfReplay(Replay):
    def __init__(self, games: list[_GameInfo], settings: MatchSettings, players: list[dict[str, Any]]):
        super().__init__(settings, players)
        self.games = games
        self.settings = settings
        self.info = games[0]
        self.node: _Node | None = None
        self.source: str | None = None
        self.resigning: _Node | None = None
        self.in_progress: _Node | None = None  # the last node of a last game that has no result
        self.set_up_nodes: list[_Node] = []  # the first game's nodes that set up its position

    def fail(self, reason: str | Said) -> SgfImportError:
        node = self.node or self.info.root
        return SgfImportError(reason, game=self.info.number, line=node.line, text=self.source)

    def run(self) -> Match:
        self.set_up(self.games[0])
        match = self.match
        length = match.settings.match_length
        for index, info in enumerate(self.games):
            self.info = info
            self.node = None
            self.source = None
            if index:
                self.next_game()
            if info.length is not None and info.length != length:
                raise self.fail(say(RARE_WORDS, "sgf.lengthDiffers", length=info.length, first=length))
            if info.index is not None and info.index != index:
                raise self.fail(say(RARE_WORDS, "sgf.numbered", number=info.index + 1, index=index + 1))
            if info.score is not None and list(info.score) != match.score:
                ws, bs = info.score
                score0, score1 = match.score
                raise self.fail(
                    say(RARE_WORDS, "sgf.scoreDiffers", ws=ws, bs=bs, score0=score0, score1=score1)
                )
            game = match.game
            if length and game.crawford_game != ("CrawfordGame" in info.rules):
                said = "is" if "CrawfordGame" in info.rules else "not"  # the rules say the other
                raise self.fail(say(RARE_WORDS, "sgf.crawford", said=said))
            for tie in range(info.cube.bit_length() - 1):  # automatic doubles: ties of the opening roll
                self.act({"type": "roll", "dice": [tie % 6 + 1, tie % 6 + 1]})
            if game.start is None and game.cube.value != info.cube:  # a set-up cube is the set-up's
                raise self.fail(say(RARE_WORDS, "sgf.cubeNotReached", cube=info.cube))
            moving = [node for node in info.nodes if "W" in node.properties or "B" in node.properties]
            self.resigning = None
            if info.result is not None and info.result[2] and moving:
                self.resigning = moving[-1]  # its roll may have no play: the loser resigned instead
            if info.result is None and index == len(self.games) - 1 and moving:
                self.in_progress = moving[-1]  # gnubg writes the dice of the turn in progress as a roll
            for node in info.nodes:
                self.node = node
                self.apply(node)
            self.node = None
            self.source = info.root.sources.get("RE")
            self.result(info, last=index == len(self.games) - 1)
        return match

    # -- a set-up position ---------------------------------------------------------------------------------

    def set_up(self, info: _GameInfo) -> None:
        """Start the match from the position the first game's nodes set up before its first move, if any."""
        leading: list[_Node] = []
        first: _Node | None = None
        for node in info.nodes:
            if "W" in node.properties or "B" in node.properties:
                first = node
                break
            leading.append(node)
        board = [node for node in leading if any(name in node.properties for name in BOARD_PROPERTIES)]
        if not board:
            return  # no set-up; dice alone (PL, DI) are rolls, replayed as the nodes come
        state = _SetUp.opening()
        for node in leading:
            self.node = node
            self.set_properties(node, state)
        if first is not None:
            name = "W" if "W" in first.properties else "B"
            value = first.properties[name][0].strip()
            if value != "take" and value != "drop":
                # As gnubg: the first move or double is made by the player on roll.
                state.on_roll = 0 if name == "W" else 1
                if state.dice is None or sorted(value[:2]) != sorted(f"{state.dice[0]}{state.dice[1]}"):
                    state.dice = None  # not the dice the first move uses (gnubg's `set turn` drops them)
        on_roll = state.on_roll if state.on_roll is not None else 0
        self.node = board[0]
        self.source = next(board[0].sources[name] for name in board[0].properties if name in BOARD_PROPERTIES)
        problem = state.problem()
        if problem:
            raise self.fail(say(RARE_WORDS, "sgf.setupImpossible", problem=problem))
        length = self.settings.match_length
        score = info.score or (0, 0)
        if length and max(score) >= length:
            raise self.fail(say(RARE_WORDS, "sgf.setupWon", score0=score[0], score1=score[1]))
        white, black = state.sides
        position = Position(white, black) if on_roll == 0 else Position(black, white)
        fields = MatchIdInfo(
            cube_value=state.cube,
            cube_owner=state.owner,
            player_on_roll=on_roll,
            crawford=bool(length) and "CrawfordGame" in info.rules,
            turn=on_roll,
            dice=state.dice or (0, 0),
            match_length=length,
            score=score,
            jacoby=self.settings.jacoby,
        )
        try:
            setup = Setup(position.id, encode_match_id(fields))
            self.match = match_from_ids(setup, self.settings, self.match.players)
        except BackgammonError as error:
            inner: Arg = str(error) if error.words is None else Said(str(error), error.words)
            raise self.fail(say(RARE_WORDS, "sgf.setupCannotStart", error=inner)) from None
        self.set_up_nodes = leading
        self.node = self.source = None

    def set_properties(self, node: _Node, state: _SetUp) -> None:
        """Apply a node's set-up properties to `state`, in the order they are written (as gnubg does)."""
        for name, values in node.properties.items():
            if name not in SETUP_PROPERTIES:
                continue
            self.source = node.sources[name]
            if name == "PL":
                colour = values[0].strip()
                if colour not in ("W", "B"):
                    raise self.fail(say(RARE_WORDS, "sgf.pl", value=values[0]))
                state.on_roll = 0 if colour == "W" else 1
            elif name == "DI":
                dice = values[0].strip()
                if len(dice) != 2 or not all(c in "123456" for c in dice):
                    raise self.fail(say(RARE_WORDS, "sgf.di", value=values[0]))
                state.dice = (int(dice[0]), int(dice[1]))
            elif name == "CV":
                cube = _number(values[0], "cube", self.fail)
                if not 1 <= cube <= MAX_CUBE or cube & (cube - 1):
                    raise self.fail(say(RARE_WORDS, "sgf.cv", value=values[0], most=MAX_CUBE))
                state.cube = cube
            elif name == "CP":
                where = values[0].strip()
                if where not in ("c", "w", "b"):
                    raise self.fail(say(RARE_WORDS, "sgf.cp", value=values[0]))
                state.owner = None if where == "c" else "wb".index(where)
            else:
                for value in values:
                    points = _letters(value)
                    if points is None:
                        raise self.fail(
                            say(RARE_WORDS, "sgf.setupPoint", name=name, value=value, text=repr(value))
                        )
                    for index in points:
                        black = BAR_INDEX if index == BAR_INDEX else 23 - index  # the same point, Black's way
                        if name == "AE":
                            state.sides[0][index] = state.sides[1][black] = 0
                        elif name == "AW":
                            state.sides[0][index] += 1
                        else:
                            state.sides[1][black] += 1

    def set_by_hand(self, node: _Node) -> None:
        """Set-up nodes after the first game's start: dice are a roll; a changed board or cube is refused."""
        game = self.match.game
        if game.phase is Phase.GAME_OVER:
            raise self.fail(say(WORDS, "sgf.over"))
        before = _SetUp.of_game(game)
        after = _SetUp.of_game(game)
        after.on_roll = None
        self.set_properties(node, after)
        if not after.same_board(before):
            changed = next(name for name in node.properties if name in BOARD_PROPERTIES)
            self.source = node.sources[changed]
            raise self.fail(say(RARE_WORDS, "sgf.byHand"))
        player = after.on_roll if after.on_roll is not None else game.turn
        if after.dice is not None:
            self.source = node.sources["DI"]
            if player is None:
                raise self.fail(say(WORDS, "sgf.diceNoPlayer"))
            self.roll_dice(player, after.dice, f"{after.dice[0]}{after.dice[1]}")
        elif player is not None and game.turn is not None and player != game.turn:
            self.source = node.sources["PL"]
            said = say(RARE_WORDS, "sgf.plMidGame", name=self.names[player], other=self.names[game.turn])
            raise self.fail(said)

    # -- one node ----------------------------------------------------------------------------------------

    def apply(self, node: _Node) -> None:
        if any(node is done for done in self.set_up_nodes):
            return  # the set-up position the match starts from
        setup = [name for name in node.properties if name in SETUP_PROPERTIES]
        if setup:
            if "W" in node.properties or "B" in node.properties:
                self.source = node.sources[setup[0]]
                raise self.fail(say(WORDS, "sgf.moveAndSetup"))
            self.set_by_hand(node)
            return
        moves = [(name, node.properties[name][0]) for name in ("W", "B") if name in node.properties]
        if not moves:
            return  # a node of comments or analysis only
        if len(moves) > 1:
            self.source = node.sources["W"]
            raise self.fail(say(WORDS, "sgf.oneMove"))
        name, value = moves[0]
        self.source = node.sources[name]
        player = 0 if name == "W" else 1
        value = value.strip()
        game = self.match.game
        if game.phase is Phase.GAME_OVER:
            raise self.fail(say(WORDS, "sgf.over"))
        if value == "double":
            self.double(player)
        elif value in ("take", "drop"):
            self.answer(player, value)
        else:
            self.roll(player, value)

    def double(self, player: int) -> None:
        game = self.match.game
        name = self.names[player]
        pending = game.pending_double
        if game.phase is Phase.DOUBLED and pending is not None:
            if pending.answerer != player or pending.beavered:
                raise self.fail(say(WORDS, "sgf.doublesAgain", name=name))
            self.act({"type": "beaver"})
            return
        if game.phase is not Phase.ROLL or game.turn != player:
            raise self.fail(say(REPLAY_WORDS, "replay.doubleOutOfPlace", name=name))
        self.act({"type": "double"})

    def roll(self, player: int, value: str) -> None:
        if len(value) < 2 or not all(c in "123456" for c in value[:2]):
            raise self.fail(say(WORDS, "sgf.notMove", text=repr(value)))
        dice = (int(value[0]), int(value[1]))
        letters = value[2:]
        if len(letters) % 2 or len(letters) > 8:
            raise self.fail(say(WORDS, "sgf.pairs", text=repr(value)))
        steps: list[tuple[int, int]] = []
        for index in range(0, len(letters), 2):
            steps.append((self.point(letters[index], player), self.point(letters[index + 1], player)))
        self.roll_dice(player, dice, value[:2])
        self.play_steps(player, steps, value[:2])

    def roll_dice(self, player: int, dice: tuple[int, int], dice_text: str) -> None:
        """`player` rolls `dice`: the opening roll, a roll, or the dice already set (`DI`, a set-up)."""
        game = self.match.game
        name = self.names[player]
        if game.phase is Phase.OPENING:
            self.opening_roll(player, dice, dice_text)
            if game.turn != player:  # pragma: no cover - the dice above give the opening to `player`
                raise self.fail(f"{name} moves first, but the opening roll is the other player's.")
            return
        if game.phase is Phase.MOVE and game.turn == player and game.dice is not None:
            if sorted(game.dice) == sorted(dice):
                return  # rolled already: set with DI before this move, or by the set-up position
            rolled = f"{game.dice[0]}{game.dice[1]}"
            raise self.fail(say(WORDS, "sgf.diceDiffer", name=name, dice=dice_text, rolled=rolled))
        pending = game.pending_double
        if game.phase is Phase.DOUBLED and pending is not None:
            raise self.fail(say(WORDS, "sgf.rollsUnanswered", name=name))
        if game.phase is not Phase.ROLL or game.turn != player:
            other = self.names[1 - player]
            raise self.fail(say(WORDS, "sgf.outOfTurn", name=name, other=other))
        self.act({"type": "roll", "dice": [dice[0], dice[1]]})

    def point(self, letter: str, player: int) -> int:
        """A letter of a move as a point in the mover's numbering: 1..24, 25 the bar, 0 off."""
        if letter == "y":
            return 25
        if letter == "z":
            return 0
        if "a" <= letter <= "x":
            return ord(letter) - ord("a") + 1 if player == 0 else ord("x") - ord(letter) + 1
        raise self.fail(say(WORDS, "sgf.notPoint", letter=repr(letter)))

    def play_steps(self, player: int, steps: list[tuple[int, int]], dice_text: str) -> None:
        game = self.match.game
        if not steps:
            if self.node is self.resigning and self.info.result is not None and self.info.result[0] != player:
                return  # the dice of the loser's last turn, cut short by the resignation
            if game.no_legal_move:
                self.act({"type": "confirm"})
                return
            if self.node is self.in_progress:
                return  # the dice of the turn in progress, not played yet
            raise self.nothing_played(player, dice_text)
        written = " ".join(f"{_name(source)}/{_name(dest)}" for source, dest in steps)
        self.play(player, steps, self.legal_turn(player, written, written, dice_text))

    # -- the end of a game --------------------------------------------------------------------------------

    def result(self, info: _GameInfo, *, last: bool) -> None:
        game = self.match.game
        outcome = game.outcome
        if info.result is None:
            if outcome is None and not last:
                raise self.fail(say(WORDS, "sgf.noResult"))
            return
        winner, points, resigned = info.result
        name = self.names[winner]
        if outcome is not None:
            self.check_outcome(winner, points)
            return
        if not resigned:
            raise self.fail(say(WORDS, "sgf.notOver", name=name, points=points))
        loser = 1 - winner
        if game.phase not in (Phase.ROLL, Phase.MOVE) or game.turn != loser:
            raise self.fail(say(WORDS, "sgf.cannotResign", name=self.names[loser]))
        self.resign(points)


def _name(point: int) -> str:
    return "bar" if point == 25 else "off" if point == 0 else str(point)
