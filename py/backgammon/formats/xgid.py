"""eXtreme Gammon's position ID (XGID): read, write, and convert to and from GNU Backgammon's IDs.

An XGID is ten fields separated by colons, after an optional `XGID=`:

    XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10
         board                      | | | |  | | | | max cube (log2, money play; kept, not used)
                                    | | | |  | | | match length (0: money)
                                    | | | |  | | rules: in a match 1 = the Crawford game, else 0;
                                    | | | |  | |        in money 1 = Jacoby rule + 2 = beavers
                                    | | | |  | score of the top player (lower case)
                                    | | | |  score of the bottom player (upper case)
                                    | | | dice rolled, or 00 (to roll or double), D (doubled),
                                    | | |   B (beavered: the doubler answers), R (raccooned)
                                    | | player on roll: 1 bottom, -1 top (the doubler after D, B or R)
                                    | cube owner: 1 bottom, -1 top, 0 centred
                                    cube value as log2 (0 = 1, 1 = 2, ...)

The board is 26 characters seen from the bottom player: character 0 is the top player's bar, 1..24 the
bottom player's points 1..24, 25 the bottom player's bar; `A`..`P` are 1 to 16 bottom checkers, `a`..`p` top
checkers, `-` an empty point. Checkers not on the board are borne off.

The players are numbered as GNU Backgammon's `set xgid` numbers them, so an XGID and gnubg's Position ID
and Match ID of the same state agree: the top player (lower case) is player 0, the bottom player (upper
case) is player 1. The board is kept as a `Position` seen from the player on roll, the rest as a
`MatchIdInfo` (the value the Match ID encodes); `Xgid` adds what only the XGID holds (the beaver rule, a
beaver or raccoon waiting, the money cube limit). `swapped()` numbers the players the other way round: the
page draws its player 0 at the bottom, where XG draws its upper-case player (`backgammon.positions`).

>>> state = Xgid.parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10")
>>> state.position == Position.start(), state.info.player_on_roll, state.info.dice, state.info.jacoby
(True, 1, (5, 2), True)
>>> state.position_id, state.match_id
('4HPwATDgc/ABMA', 'cIkKAAAAAAAA')
>>> Xgid.from_ids("4HPwATDgc/ABMA", "cIkKAAAAAAAA").text
'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:1:0:10'
"""

from __future__ import annotations

import argparse
import json
import re
from dataclasses import dataclass, replace
from typing import TextIO

from ..errors import BackgammonError, InvalidIdError, Said, say
from ..limits import MAX_POSITION_CHARS, check_text_size, shown_said
from ..position import Position, position_problem
from .gnubg_id import (
    MATCH_ID_LENGTH,
    POSITION_ID_LENGTH,
    GameState,
    MatchIdInfo,
    decode_match_id,
    decode_position_id,
    encode_match_id,
)
from .gnubg_id import RARE_WORDS as ID_WORDS

__all__ = ["Xgid", "looks_like_xgid", "read_ids", "xgid_of"]

BOARD_LENGTH = 26
FIELDS = 10
DEFAULT_MAX_CUBE = 10
MAX_CUBE_LOG = 15  # what a gnubg Match ID can hold
MAX_MATCH_LENGTH = 0x7FFF
_INTEGER = re.compile(r"-?[0-9]+")
_PREFIX = re.compile(r"^\s*xgid\s*=\s*", re.IGNORECASE)
_BEAVER_CODES = {1: "B", 2: "R"}
START_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"

_FIELD = (
    "{field, select, cube {cube field (log2 of the cube value)}"
    " owner {cube owner (1 bottom, -1 top, 0 centred)} turn {player on roll (1 bottom, -1 top)}"
    " scoreBottom {bottom player's score} scoreTop {top player's score} length {match length}"
    " rules {rules field} other {max cube field}}"
)
# What is wrong with a pasted text, an XGID or the state of gnubg's IDs, by message id: the page says it in
# the player's language from the same ids (web/i18n/CODE.js; tests/units/test_core_words.py holds
# English's messages to these). A clause (lower case, no full stop) is said inside the sentence that names
# the text.
WORDS: dict[str, str] = {
    "ids.notIds": (
        "{text} is not an XGID (XGID=... with ten fields), a Position ID (14 characters) or "
        "'POSITION_ID:MATCH_ID'."
    ),
    "ids.pasteSomething": "Paste an XGID, or a GNU Backgammon Position ID (and Match ID).",
    "ids.impossiblePosition": "Position ID {text} is not a possible position: {problem}.",
    "ids.cannotWriteXgid": "Cannot write an XGID: {reason}.",
    "ids.beaverWaiting": (
        "A GNU Backgammon Match ID cannot hold a {what, select, beaver {beaver} other {raccoon}} waiting "
        "for an "
        "answer (XG's '{code}'); gnubg refuses such an XGID too."
    ),
    "ids.xgidInvalid": "{text} is not a valid XGID: {reason}.",
    "ids.xgidFields": (
        "it has {count} fields separated by ':', an XGID has 10 (board, cube, cube owner, turn, dice, two "
        "scores, rules, match length, max cube)"
    ),
    "ids.xgidBoardLength": "the board has {count} characters, not 26",
    "ids.xgidTopBar": "the first board character is the top player's bar: lower case or '-'",
    "ids.xgidBottomBar": "the last board character is the bottom player's bar: upper case or '-'",
    "ids.xgidBoardChar": "board character {index} is {char}; a point is '-', A-P (bottom) or a-p (top)",
    "ids.xgidNotNumber": "the " + _FIELD + " is {text}, not a whole number",
    "ids.xgidRange": "the " + _FIELD + " is {value}, not {low} to {high}",
    "ids.xgidTurnZero": "the player on roll is 0; it is 1 (bottom) or -1 (top)",
    "ids.xgidDice": "the dice field is {text}: two dice 1-6 like 52, 00 before the roll, or D, B or R",
    "ids.xgidMatchRules": "in a match the rules field is 0 or 1 (the Crawford game), not {rules}",
    "ids.xgidSide": (
        "the {side, select, bottom {bottom} other {top}} player has {count} checkers; a side has 15"
    ),
    "ids.xgidImpossible": "not a possible position: {problem}",
    "ids.pointBothSides": "point {point} holds checkers of both sides",
    "ids.barsClosed": "both sides have checkers on the bar against closed home boards",
    "ids.notPlaying": (
        "an XGID describes a game being played, not one in the state "
        "{state, select, none {none} over {over} other {resigned}}"
    ),
    "ids.resignationWaiting": "an XGID cannot hold a resignation waiting for an answer",
    "ids.scoreMatch": "the score {score0}-{score1} does not fit a {length}-point match",
    "ids.crawfordWhen": (
        "the Crawford game is played when a player is 1 point from winning, not at {score0}-{score1} of "
        "{length}"
    ),
}

# The rest of what an XGID cannot hold, a text that is empty or not text, the same way
# (tests/units/test_core_words.py holds them to en.js).
RARE_WORDS: dict[str, str] = {
    "ids.notText": "Expected an XGID or a GNU Backgammon ID as text, got {value}.",
    "ids.nothingToRead": "Nothing to read: give an XGID, a Position ID, or 'POSITION_ID:MATCH_ID'.",
    "ids.xgidNotText": "An XGID is text like '{example}', got {value}.",
    "ids.stateDiceDouble": "the dice are rolled, yet a double waits for an answer",
    "ids.stateTurn": (
        "player {turn} is to decide, which an XGID cannot say (player {onRoll} is on roll"
        "{doubled, select, yes { and doubled} other {}})"
    ),
    "ids.stateBeaverAfter": "a beaver or raccoon comes after a double",
    "ids.stateBeaversMoney": "beavers are for money play",
    "ids.stateMoneyCrawford": "money play has no Crawford game",
    "ids.stateNegative": "the score {score} is negative",
    "ids.stateBeaverOff": "a beaver waits, yet the beaver rule is off",
}
_POINT_BOTH = re.compile(r"point (\d+) holds checkers of both sides")


def position_fault(problem: str) -> Said | str:
    """`position_problem`'s English as words, for the sentences an ID or XGID can give (else as it is)."""
    found = _POINT_BOTH.fullmatch(problem)
    if found:
        return say(WORDS, "ids.pointBothSides", point=int(found.group(1)))
    if problem == WORDS["ids.barsClosed"]:
        return say(WORDS, "ids.barsClosed")
    return problem


@dataclass(frozen=True)
class Xgid:
    """One state in the terms the three forms share.

    `position` is seen from `info.player_on_roll` (the player who rolls, rolled, or doubled); `info` holds
    the match side as a gnubg Match ID does (player 0 = XG's top player). `beavers` is XG's money rule flag
    (gnubg's IDs do not hold it), `beaver` a beaver (1, XG's `B`) or raccoon (2, `R`) waiting for an answer
    after a double (gnubg's IDs cannot say so: `match_id` refuses it), `max_cube` XG's last field as written.
    """

    position: Position
    info: MatchIdInfo
    beavers: bool = False
    beaver: int = 0
    max_cube: int = DEFAULT_MAX_CUBE

    def __post_init__(self) -> None:
        problem = _state_problem(self)
        if isinstance(problem, Said):
            raise InvalidIdError.saying(say(WORDS, "ids.cannotWriteXgid", reason=problem))
        if problem:
            raise InvalidIdError(f"Cannot write an XGID: {problem}.")

    # -- reading --------------------------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: object) -> Xgid:
        """The state an XGID describes; raises `InvalidIdError` naming the field that is wrong."""
        return _parse(text)

    @classmethod
    def from_ids(cls, position_id: str, match_id: str | None = None) -> Xgid:
        """The state of a gnubg Position ID and Match ID (without one: money play, player 0 on roll, the cube
        centred at 1). Raises `InvalidIdError` for a malformed ID or a state an XGID cannot hold (a game not
        being played, a resignation waiting)."""
        position = _position_from_id(position_id)
        info = MatchIdInfo() if match_id is None else decode_match_id(match_id)
        return cls(position, info)

    # -- writing --------------------------------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The XGID, with its `XGID=` prefix."""
        info = self.info
        bottom, top = (
            (self.position.mine, self.position.theirs)
            if info.player_on_roll == 1
            else (self.position.theirs, self.position.mine)
        )
        cells = ["-"] * BOARD_LENGTH
        if top[24]:
            cells[0] = chr(ord("a") + top[24] - 1)
        if bottom[24]:
            cells[25] = chr(ord("A") + bottom[24] - 1)
        for point in range(1, 25):
            if bottom[point - 1]:
                cells[point] = chr(ord("A") + bottom[point - 1] - 1)
            elif top[24 - point]:
                cells[point] = chr(ord("a") + top[24 - point] - 1)
        if self.beaver:
            dice = _BEAVER_CODES[self.beaver]
        elif info.double_offered:
            dice = "D"
        else:
            dice = f"{info.dice[0]}{info.dice[1]}"
        owner = {None: 0, 0: -1, 1: 1}[info.cube_owner]
        rules = int(info.crawford) if info.match_length else int(info.jacoby) + 2 * int(self.beavers)
        fields = [
            "".join(cells),
            str(info.cube_value.bit_length() - 1),
            str(owner),
            "1" if info.player_on_roll == 1 else "-1",
            dice,
            str(info.score[1]),
            str(info.score[0]),
            str(rules),
            str(info.match_length),
            str(self.max_cube),
        ]
        return "XGID=" + ":".join(fields)

    @property
    def position_id(self) -> str:
        return self.position.id

    @property
    def match_id(self) -> str:
        """gnubg's Match ID of the state; raises `InvalidIdError` while a beaver or raccoon waits."""
        if self.beaver:
            what = "beaver" if self.beaver == 1 else "raccoon"
            code = _BEAVER_CODES[self.beaver]
            raise InvalidIdError.saying(say(WORDS, "ids.beaverWaiting", what=what, code=code))
        return encode_match_id(self.info)

    def ids(self) -> dict[str, str]:
        """`{"xgid", "position_id", "match_id"}` of the state."""
        return {"xgid": self.text, "position_id": self.position_id, "match_id": self.match_id}

    def swapped(self) -> Xgid:
        """The same state with players 0 and 1 numbered the other way round, so that XG's bottom (upper-case)
        player is player 0. The board stays as it is: it is seen from the player on roll, whoever that is."""
        info = self.info
        other = {None: None, 0: 1, 1: 0}
        return replace(
            self,
            info=replace(
                info,
                player_on_roll=1 - info.player_on_roll,
                turn=1 - info.turn,
                cube_owner=other[info.cube_owner],
                score=(info.score[1], info.score[0]),
            ),
        )


def xgid_of(position: Position, info: MatchIdInfo | None = None, *, beavers: bool = False) -> str:
    """The XGID of `position` (seen from `info.player_on_roll`) and the match state `info`."""
    return Xgid(position, info or MatchIdInfo(), beavers=beavers).text


def looks_like_xgid(text: str) -> bool:
    """Whether `read_ids` reads `text` as an XGID (rather than as gnubg's IDs)."""
    stripped = text.strip()
    return bool(_PREFIX.match(stripped)) or stripped.count(":") >= 2


def read_ids(text: object) -> Xgid:
    """Any of the three forms: an XGID, gnubg's `POSITION_ID:MATCH_ID`, or a Position ID alone.

    The two gnubg IDs may also be separated by spaces, as `show board` prints them.
    """
    if not isinstance(text, str):
        raise InvalidIdError.saying(say(RARE_WORDS, "ids.notText", value=shown_said(text)))
    check_text_size(text, MAX_POSITION_CHARS, "position")
    stripped = text.strip()
    if not stripped:
        raise InvalidIdError.saying(say(RARE_WORDS, "ids.nothingToRead"))
    if looks_like_xgid(stripped):
        return Xgid.parse(stripped)
    parts = [part for part in re.split(r"[\s:]+", stripped) if part]
    if len(parts) == 1 and len(parts[0]) == POSITION_ID_LENGTH:
        return Xgid.from_ids(parts[0])
    if len(parts) == 2 and len(parts[0]) == MATCH_ID_LENGTH and len(parts[1]) == POSITION_ID_LENGTH:
        parts.reverse()  # the Match ID written first
    if len(parts) == 2:
        return Xgid.from_ids(parts[0], parts[1])
    shown = stripped if len(stripped) <= 80 else stripped[:79] + "…"
    raise InvalidIdError.saying(say(WORDS, "ids.notIds", text=repr(shown)))


# -- checks and parsing ------------------------------------------------------------------------------------


def _position_from_id(position_id: str) -> Position:
    mine, theirs = decode_position_id(position_id)
    problem = position_problem(mine, theirs)
    if problem:
        fault = position_fault(problem)
        if isinstance(fault, Said):
            said = say(WORDS, "ids.impossiblePosition", text=repr(position_id), problem=fault)
            raise InvalidIdError.saying(said)
        raise InvalidIdError(f"Position ID {position_id!r} is not a possible position: {problem}.")
    return Position.unchecked(mine, theirs)


def _state_problem(state: Xgid) -> str | Said | None:
    """Why `state` cannot be written as an XGID, or None."""
    info = state.info
    if not isinstance(state.position, Position):
        return f"the position must be a Position, not {type(state.position).__name__}"
    if info.game_state is not GameState.PLAYING:
        return say(WORDS, "ids.notPlaying", state=info.game_state.name.lower())
    if info.resignation:
        return say(WORDS, "ids.resignationWaiting")
    if info.player_on_roll not in (0, 1):
        return "players are numbered 0 and 1"
    if not 1 <= info.cube_value <= 1 << MAX_CUBE_LOG or info.cube_value & (info.cube_value - 1):
        return say(ID_WORDS, "ids.stateCube", value=info.cube_value, most=1 << MAX_CUBE_LOG)
    if state.beaver not in (0, 1, 2):
        return f"beaver is 0 (none), 1 (a beaver) or 2 (a raccoon), not {state.beaver!r}"
    waiting = info.double_offered or state.beaver
    if waiting and info.dice != (0, 0):
        return say(RARE_WORDS, "ids.stateDiceDouble")
    expected_turn = info.player_on_roll
    if info.double_offered and state.beaver != 1:
        expected_turn = 1 - info.player_on_roll  # the doubled player (or the beaver, after a raccoon)
    if info.turn != expected_turn:
        doubled = "yes" if info.double_offered else "no"
        return say(RARE_WORDS, "ids.stateTurn", turn=info.turn, onRoll=info.player_on_roll, doubled=doubled)
    if state.beaver and not info.double_offered:
        return say(RARE_WORDS, "ids.stateBeaverAfter")
    length = info.match_length
    if not 0 <= length <= MAX_MATCH_LENGTH:
        return say(ID_WORDS, "ids.stateLength", length=length)
    if length:
        if any(not 0 <= points < length for points in info.score):
            return say(WORDS, "ids.scoreMatch", score0=info.score[0], score1=info.score[1], length=length)
        if state.beavers or state.beaver:
            return say(RARE_WORDS, "ids.stateBeaversMoney")
        if info.crawford and length - 1 not in info.score:
            return say(WORDS, "ids.crawfordWhen", score0=info.score[0], score1=info.score[1], length=length)
    else:
        if info.crawford:
            return say(RARE_WORDS, "ids.stateMoneyCrawford")
        if any(points < 0 for points in info.score):
            return say(RARE_WORDS, "ids.stateNegative", score=str(info.score))
        if state.beaver and not state.beavers:
            return say(RARE_WORDS, "ids.stateBeaverOff")
    if info.dice != (0, 0) and not all(isinstance(d, int) and 1 <= d <= 6 for d in info.dice):
        return say(ID_WORDS, "ids.stateDice", dice=str(info.dice))
    if not isinstance(state.max_cube, int) or state.max_cube < 0:
        return f"the max cube field {state.max_cube!r} is not a number from 0"
    return None


def _integer(text: str, field: str, xgid: str, low: int, high: int) -> int:
    """An XGID's number field (`field` names it: a case of `_FIELD`)."""
    if not _INTEGER.fullmatch(text):
        raise _invalid(xgid, say(WORDS, "ids.xgidNotNumber", field=field, text=repr(text)))
    value = int(text)
    if not low <= value <= high:
        raise _invalid(xgid, say(WORDS, "ids.xgidRange", field=field, value=value, low=low, high=high))
    return value


def _invalid(xgid: str, reason: str | Said) -> InvalidIdError:
    shown = xgid if len(xgid) <= 90 else xgid[:89] + "…"
    if isinstance(reason, Said):
        return InvalidIdError.saying(say(WORDS, "ids.xgidInvalid", text=repr(shown), reason=reason))
    return InvalidIdError(f"{shown!r} is not a valid XGID: {reason}.")


def _parse(text: object) -> Xgid:
    if not isinstance(text, str):
        said = say(RARE_WORDS, "ids.xgidNotText", example=START_XGID, value=shown_said(text))
        raise InvalidIdError.saying(said)
    check_text_size(text, MAX_POSITION_CHARS, "xgid")
    source = text.strip()
    body = _PREFIX.sub("", source, count=1)
    fields = body.split(":")
    if len(fields) != FIELDS:
        counted = say(WORDS, "ids.xgidFields", count=len(fields))
        # English's one field has no message of its own: said in English alone.
        raise _invalid(source, counted.text.replace("fields", "field", 1) if len(fields) == 1 else counted)
    board, cube_text, owner_text, turn_text, dice_text, score1_text, score2_text = fields[:7]
    rules_text, length_text, max_cube_text = fields[7:]
    if len(board) != BOARD_LENGTH:
        raise _invalid(source, say(WORDS, "ids.xgidBoardLength", count=len(board)))
    bottom = [0] * 25
    top = [0] * 25
    for index, char in enumerate(board):
        if char == "-":
            continue
        if "A" <= char <= "P":
            count = ord(char) - ord("A") + 1
            if index == 0:
                raise _invalid(source, say(WORDS, "ids.xgidTopBar"))
            bottom[24 if index == 25 else index - 1] = count
        elif "a" <= char <= "p":
            count = ord(char) - ord("a") + 1
            if index == 25:
                raise _invalid(source, say(WORDS, "ids.xgidBottomBar"))
            top[24 if index == 0 else 24 - index] = count
        else:
            raise _invalid(source, say(WORDS, "ids.xgidBoardChar", index=index + 1, char=repr(char)))
    cube_log = _integer(cube_text, "cube", source, 0, MAX_CUBE_LOG)
    owner = _integer(owner_text, "owner", source, -1, 1)
    turn_value = _integer(turn_text, "turn", source, -1, 1)
    if turn_value == 0:
        raise _invalid(source, say(WORDS, "ids.xgidTurnZero"))
    on_roll = 1 if turn_value == 1 else 0
    double_offered = False
    beaver = 0
    dice = (0, 0)
    if dice_text in ("D", "B", "R"):
        double_offered = True
        beaver = {"D": 0, "B": 1, "R": 2}[dice_text]
    elif dice_text == "00":
        pass
    elif len(dice_text) == 2 and all(c in "123456" for c in dice_text):
        dice = (int(dice_text[0]), int(dice_text[1]))
    else:
        raise _invalid(source, say(WORDS, "ids.xgidDice", text=repr(dice_text)))
    score_bottom = _integer(score1_text, "scoreBottom", source, 0, MAX_MATCH_LENGTH)
    score_top = _integer(score2_text, "scoreTop", source, 0, MAX_MATCH_LENGTH)
    length = _integer(length_text, "length", source, 0, MAX_MATCH_LENGTH)
    rules = _integer(rules_text, "rules", source, 0, 3)
    max_cube = _integer(max_cube_text, "maxCube", source, 0, 99)
    if length and rules > 1:
        raise _invalid(source, say(WORDS, "ids.xgidMatchRules", rules=rules))
    mine, theirs = (bottom, top) if on_roll == 1 else (top, bottom)
    for name, side in (("bottom", bottom), ("top", top)):
        if sum(side) > 15:
            raise _invalid(source, say(WORDS, "ids.xgidSide", side=name, count=sum(side)))
    problem = position_problem(mine, theirs)
    if problem:
        fault = position_fault(problem)
        if isinstance(fault, Said):
            raise _invalid(source, say(WORDS, "ids.xgidImpossible", problem=fault))
        raise _invalid(source, f"not a possible position: {problem}")
    if beaver == 1:
        turn = on_roll
    elif double_offered:
        turn = 1 - on_roll
    else:
        turn = on_roll
    info = MatchIdInfo(
        cube_value=1 << cube_log,
        cube_owner={0: None, -1: 0, 1: 1}[owner],
        player_on_roll=on_roll,
        crawford=bool(length and rules == 1),
        game_state=GameState.PLAYING,
        turn=turn,
        double_offered=double_offered,
        resignation=0,
        dice=dice,
        match_length=length,
        score=(score_top, score_bottom),
        jacoby=bool(not length and rules & 1),
    )
    try:
        return Xgid(
            Position.unchecked(tuple(mine), tuple(theirs)),
            info,
            beavers=bool(not length and rules & 2),
            beaver=beaver,
            max_cube=max_cube,
        )
    except InvalidIdError as error:
        # Said again as what is wrong with the text given, not with writing it: the same clause.
        reason = str(error).removeprefix("Cannot write an XGID: ").rstrip(".")
        inner = error.words["args"].get("reason") if error.words else None
        raise _invalid(source, Said(reason, inner) if isinstance(inner, dict) else reason) from None


# -- the command line: python -m backgammon id TEXT ---------------------------------------------------------


def run_id(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """Print the state of TEXT as an XGID, a Position ID and a Match ID (status 2 for bad input)."""
    try:
        answer = read_ids(" ".join(args.text)).ids()
    except BackgammonError as error:
        stderr.write(f"id: {error}\n")
        return 2
    if args.json:
        stdout.write(json.dumps(answer) + "\n")
    else:
        stdout.write(
            f"{answer['xgid']}\nPosition ID: {answer['position_id']}\nMatch ID: {answer['match_id']}\n"
        )
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `id` subcommand."""
    parser = commands.add_parser(
        "id",
        help="convert between an XGID and GNU Backgammon's Position ID and Match ID",
        description=(
            "Read TEXT, an eXtreme Gammon XGID (XGID=...), GNU Backgammon's 'POSITION_ID:MATCH_ID', or a "
            "Position ID alone (money play, player 0 on roll, the cube centred), and print the same state in "
            "all three forms. XG's top player (lower case) is gnubg's player 0, its bottom player player 1."
        ),
    )
    parser.add_argument(
        "text", nargs="+", metavar="TEXT", help="an XGID, POSITION_ID:MATCH_ID or POSITION_ID"
    )
    parser.add_argument("--json", action="store_true", help='print {"xgid", "position_id", "match_id"}')
    parser.set_defaults(run=run_id)
