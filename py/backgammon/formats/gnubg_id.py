"""GNU Backgammon Position ID and Match ID: encode and decode.

Both are little-endian bit strings written in Base64 without padding (gnubg's "key" and "ID").

Position ID (10 bytes, 14 characters): for each side, for its points 1..24 and then its bar, as many 1 bits as
checkers there and a 0 bit. gnubg writes the player *not* on roll first, then the player on roll.

Match ID (9 bytes, 12 characters), bit offsets from 0: cube log2 (0-3), cube owner (4-5: 0, 1, or 3 =
centred), player on roll (6), Crawford (7), game state (8-10), player to decide (11), double offered (12),
resignation (13-14), dice (15-17, 18-20; gnubg writes the larger first), match length (21-35), scores
(36-50, 51-65), Jacoby rule *not* in effect (66).

>>> encode_position_id(*decode_position_id("4HPwATDgc/ABMA"))
'4HPwATDgc/ABMA'
>>> decode_match_id("cAkAAAAAAAAA").match_length
0
"""

from __future__ import annotations

import base64
import binascii
import enum
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import InvalidIdError, Said, say
from ..limits import shown

POSITION_ID_LENGTH = 14
MATCH_ID_LENGTH = 12
_BASE64_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
_MAX_SCORE = 0x7FFF

# What is wrong with a Position ID or Match ID, by message id: the page says it in the player's language from
# the same ids (web/i18n/CODE.js; tests/units/test_core_words.py holds English's messages to these).
WORDS: dict[str, str] = {
    "ids.idLength": (
        "A {kind, select, position {Position ID} other {Match ID}} has {length} characters; {text} has "
        "{count}."
    ),
    "ids.notBaseChar": (
        "{text} is not a {kind, select, position {Position ID} other {Match ID}}: {char} is not a Base64 "
        "character."
    ),
    "ids.positionBitsEnd": "{text} is not a Position ID: its bits end inside the board.",
    "ids.positionSide": "{text} is not a Position ID: one side has {count} checkers.",
    "ids.positionBitsAfter": "{text} is not a Position ID: it has bits set after the board.",
    "ids.matchIdInvalid": "{text} is not a valid Match ID: {reason}.",
    "ids.ownerTwo": "the cube owner field holds 2",
    "ids.gameState": "the game state field holds {state}",
    "ids.diceFields": "the dice fields hold {die1} and {die2}",
    "ids.matchBitsAfter": "it has bits set after the last field",
    "ids.scoreFits": "the score ({score0}, {score1}) does not fit a match to {length}",
    "ids.moneyCrawford": "a money session has no Crawford game",
}


# A Match ID not written, the reason inside, and the reasons an XGID shares
# (tests/units/test_core_words.py holds them to en.js).
RARE_WORDS: dict[str, str] = {
    "ids.cannotWriteMatchId": "Cannot write a Match ID: {reason}.",
    "ids.stateCube": "the cube value {value} is not a power of two from 1 to {most}",
    "ids.stateLength": "the match length {length} is out of range",
    "ids.stateDice": "the dice {dice} are not two numbers 1 to 6 (or 0, 0 before the roll)",
}


def _decode_base64(text: object, length: int, kind: str) -> bytes:
    if not isinstance(text, str):
        raise InvalidIdError(f"A {kind} must be a string of {length} characters, got {shown(text)}.")
    which = "position" if kind == "Position ID" else "match"
    if len(text) != length:
        said = say(WORDS, "ids.idLength", kind=which, length=length, text=shown(text), count=len(text))
        raise InvalidIdError.saying(said)
    bad = sorted(set(text) - _BASE64_ALPHABET)
    if bad:
        raise InvalidIdError.saying(
            say(WORDS, "ids.notBaseChar", text=repr(text), kind=which, char=repr(bad[0]))
        )
    padding = "=" * (-length % 4)
    try:
        return base64.b64decode(text + padding, validate=True)
    except binascii.Error as error:  # pragma: no cover - the checks above leave no malformed input
        raise InvalidIdError(f"{text!r} is not a {kind}: {error}.") from error


def _encode_base64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii").rstrip("=")


def encode_position_id(mine: Sequence[int], theirs: Sequence[int]) -> str:
    """The Position ID of a board given from the side on roll (25 counts per side, bar last)."""
    bits = 0
    length = 0
    for side in (theirs, mine):
        for count in side:
            bits |= ((1 << count) - 1) << length  # `count` 1 bits then a 0 bit
            length += count + 1
    return _encode_base64(bits.to_bytes(10, "little"))


def decode_position_id(position_id: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """`(mine, theirs)` from a Position ID: 25 counts per side (points 1..24, then the bar).

    Raises `InvalidIdError` naming the input when it is not a well-formed Position ID. Whether the board
    itself is possible (no point held by both sides) is checked by `Position`.
    """
    data = _decode_base64(position_id, POSITION_ID_LENGTH, "Position ID")
    bits = int.from_bytes(data[:10], "little")
    sides: list[list[int]] = [[], []]
    position = 0
    for side in sides:
        while len(side) < 25:
            count = 0
            while position < 80 and bits >> position & 1:
                count += 1
                position += 1
            if position >= 80:
                raise InvalidIdError.saying(say(WORDS, "ids.positionBitsEnd", text=repr(position_id)))
            position += 1  # the 0 that ends this point
            side.append(count)
        if sum(side) > 15:
            raise InvalidIdError.saying(
                say(WORDS, "ids.positionSide", text=repr(position_id), count=sum(side))
            )
    if bits >> position:
        raise InvalidIdError.saying(say(WORDS, "ids.positionBitsAfter", text=repr(position_id)))
    theirs, mine = sides
    return tuple(mine), tuple(theirs)


class GameState(enum.IntEnum):
    """gnubg's game state field of the Match ID."""

    NONE = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


@dataclass(frozen=True)
class MatchIdInfo:
    """Every field of a gnubg Match ID. Players are 0 and 1; `cube_owner` is None when the cube is centred.

    `player_on_roll` is gnubg's "dice owner" (the player who rolls or rolled); `turn` is the player who must
    act now (the other one while a double or a resignation is pending). `dice` is `(0, 0)` before the roll.
    `match_length` 0 means a money session. `resignation` is 0 (none), 1 single, 2 gammon, 3 backgammon.
    """

    cube_value: int = 1
    cube_owner: int | None = None
    player_on_roll: int = 0
    crawford: bool = False
    game_state: GameState = GameState.PLAYING
    turn: int = 0
    double_offered: bool = False
    resignation: int = 0
    dice: tuple[int, int] = (0, 0)
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = False

    @property
    def id(self) -> str:
        return encode_match_id(self)


def _check_match_fields(info: MatchIdInfo) -> str | Said | None:
    """Why `info` cannot be written as a Match ID, or None."""
    cube_log = info.cube_value.bit_length() - 1
    if info.cube_value < 1 or 1 << cube_log != info.cube_value or cube_log > 15:
        return say(RARE_WORDS, "ids.stateCube", value=info.cube_value, most=32768)
    if info.cube_owner not in (None, 0, 1):
        return f"the cube owner {info.cube_owner!r} is not 0, 1 or None"
    if info.player_on_roll not in (0, 1) or info.turn not in (0, 1):
        return "players are numbered 0 and 1"
    if not 0 <= info.resignation <= 3:
        return f"the resignation {info.resignation} is not 0 to 3"
    dice = info.dice
    if dice != (0, 0) and not all(1 <= die <= 6 for die in dice):
        return say(RARE_WORDS, "ids.stateDice", dice=str(dice))
    if not 0 <= info.match_length <= _MAX_SCORE:
        return say(RARE_WORDS, "ids.stateLength", length=info.match_length)
    limit = info.match_length or _MAX_SCORE
    if not all(0 <= points <= limit for points in info.score):
        score0, score1 = info.score
        return say(WORDS, "ids.scoreFits", score0=score0, score1=score1, length=info.match_length)
    if info.match_length == 0 and info.crawford:
        return say(WORDS, "ids.moneyCrawford")
    return None


def encode_match_id(info: MatchIdInfo) -> str:
    """The 12-character Match ID of `info`; raises `InvalidIdError` if a field cannot be encoded."""
    problem = _check_match_fields(info)
    if problem:
        if isinstance(problem, Said):
            raise InvalidIdError.saying(say(RARE_WORDS, "ids.cannotWriteMatchId", reason=problem))
        raise InvalidIdError(f"Cannot write a Match ID: {problem}.")
    high, low = max(info.dice), min(info.dice)
    fields = (
        (info.cube_value.bit_length() - 1, 4),
        (3 if info.cube_owner is None else info.cube_owner, 2),
        (info.player_on_roll, 1),
        (int(info.crawford), 1),
        (int(info.game_state), 3),
        (info.turn, 1),
        (int(info.double_offered), 1),
        (info.resignation, 2),
        (high, 3),
        (low, 3),
        (info.match_length, 15),
        (info.score[0], 15),
        (info.score[1], 15),
        (int(not info.jacoby), 1),
    )
    bits = 0
    offset = 0
    for value, width in fields:
        bits |= value << offset
        offset += width
    return _encode_base64(bits.to_bytes(9, "little"))


def decode_match_id(match_id: str) -> MatchIdInfo:
    """The fields of a Match ID; raises `InvalidIdError` naming the input when it is malformed."""
    data = _decode_base64(match_id, MATCH_ID_LENGTH, "Match ID")
    bits = int.from_bytes(data, "little")
    offset = 0

    def take(width: int) -> int:
        nonlocal offset
        value = bits >> offset & ((1 << width) - 1)
        offset += width
        return value

    cube_log, owner, on_roll, crawford = take(4), take(2), take(1), take(1)
    state, turn, doubled, resignation = take(3), take(1), take(1), take(2)
    die1, die2 = take(3), take(3)
    length, score0, score1, not_jacoby = take(15), take(15), take(15), take(1)

    def invalid(reason: str | Said) -> InvalidIdError:
        if isinstance(reason, str):
            return InvalidIdError(f"{match_id!r} is not a valid Match ID: {reason}.")
        return InvalidIdError.saying(say(WORDS, "ids.matchIdInvalid", text=repr(match_id), reason=reason))

    if owner == 2:
        raise invalid(say(WORDS, "ids.ownerTwo"))
    if state > max(GameState):
        raise invalid(say(WORDS, "ids.gameState", state=state))
    if (die1 == 0) != (die2 == 0) or die1 > 6 or die2 > 6:
        raise invalid(say(WORDS, "ids.diceFields", die1=die1, die2=die2))
    if bits >> offset:
        raise invalid(say(WORDS, "ids.matchBitsAfter"))
    info = MatchIdInfo(
        cube_value=1 << cube_log,
        cube_owner=None if owner == 3 else owner,
        player_on_roll=on_roll,
        crawford=bool(crawford),
        game_state=GameState(state),
        turn=turn,
        double_offered=bool(doubled),
        resignation=resignation,
        dice=(die1, die2),
        match_length=length,
        score=(score0, score1),
        jacoby=not not_jacoby,
    )
    problem = _check_match_fields(info)
    if problem:
        raise invalid(problem)
    return info
