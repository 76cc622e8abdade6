"""Match settings and the doubling-cube rules.

`may_double` answers "may this player turn the cube now?" with `None` (yes) or a `CubeBlock` whose
`code` is stable for programs and whose `text` is plain words for people.

>>> s = MatchSettings(match_length=5)
>>> may_double(s, Cube(), 0, (0, 0), crawford_game=True)
<CubeBlock.CRAWFORD: 'crawford'>
>>> may_double(s, Cube(2, owner=1), 0, (0, 0), crawford_game=False).text
'Only the owner of the cube may redouble.'
>>> may_double(s, Cube(), 0, (3, 0), crawford_game=False) is None
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import Enum
from typing import cast

from .errors import BackgammonError, say
from .limits import shown
from .shapes import Settings

MAX_CUBE = 64
MAX_MATCH_LENGTH = 25

# A saved match's or link's settings the core refuses, by message id, said by the page inside `record.header`
# (tests/units/test_core_words.py holds them to en.js). A settings object of another type stays English.
SETTINGS_WORDS: dict[str, str] = {
    "record.settingBool": "Setting {name} must be true or false.",
    "record.unknownSettings": "Unknown setting(s): {names}.",
}


class InvalidSettingsError(BackgammonError):
    """Match settings that cannot be played (bad length, money-only option in a match ...)."""


@dataclass(frozen=True)
class MatchSettings:
    """How a match is played. `match_length` 0 means a money session (no end, every game scores).

    The optional rules of the standard rules sheet (Jacoby, beavers, automatic doubles) are money-play
    rules and are refused in a match. `automatic_doubles` is the limit of automatic doubles per game
    (0 = off). `strict_doubling` is the house rule forbidding a double that would win the match at once
    or erase the opponent's lead.
    """

    match_length: int = 5
    crawford: bool = True
    jacoby: bool = False
    beavers: bool = False
    automatic_doubles: int = 0
    strict_doubling: bool = False

    def __post_init__(self) -> None:
        for name in ("crawford", "jacoby", "beavers", "strict_doubling"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidSettingsError.saying(say(SETTINGS_WORDS, "record.settingBool", name=repr(name)))
        length = self.match_length
        if isinstance(length, bool) or not isinstance(length, int) or not 0 <= length <= MAX_MATCH_LENGTH:
            raise InvalidSettingsError.refusing(
                "refusal.matchLength", max=MAX_MATCH_LENGTH, got=shown(length)
            )
        autos = self.automatic_doubles
        if isinstance(autos, bool) or not isinstance(autos, int) or not 0 <= autos <= 6:
            raise InvalidSettingsError.refusing("refusal.autoDoubles", got=shown(autos))
        if length > 0:
            for name in ("jacoby", "beavers"):
                if getattr(self, name):
                    key = "refusal.moneyJacoby" if name == "jacoby" else "refusal.moneyBeavers"
                    raise InvalidSettingsError.refusing(key)
            if autos:
                raise InvalidSettingsError.refusing("refusal.moneyAutoDoubles")

    @property
    def is_money(self) -> bool:
        return self.match_length == 0

    def to_dict(self) -> Settings:
        return cast(Settings, asdict(self))

    @classmethod
    def from_dict(cls, data: object) -> MatchSettings:
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise InvalidSettingsError(f"Settings must be an object, got {shown(data)}.")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            names = ", ".join(shown(str(key)) for key in unknown[:3])
            raise InvalidSettingsError.saying(say(SETTINGS_WORDS, "record.unknownSettings", names=names))
        return cls(**data)


@dataclass(frozen=True)
class Cube:
    """The doubling cube: its value and its owner (`None` while it is in the middle)."""

    value: int = 1
    owner: int | None = None

    def doubled(self, new_owner: int) -> Cube:
        return Cube(self.value * 2, new_owner)


class CubeBlock(Enum):
    """Why a player may not double now."""

    GAME_OVER = "game-over"
    NOT_YOUR_TURN = "not-your-turn"
    PENDING = "pending"
    AFTER_ROLL = "after-roll"
    FIRST_TURN = "first-turn"
    CRAWFORD = "crawford"
    NOT_YOUR_CUBE = "not-your-cube"
    MAX_CUBE = "max-cube"
    ONE_POINT_AWAY = "one-point-away"
    CUBE_DEAD = "cube-dead"
    STRICT_RULE = "strict-rule"

    @property
    def code(self) -> str:
        return self.value

    @property
    def text(self) -> str:
        return _BLOCK_TEXT[self]

    @property
    def message_id(self) -> str:
        """The page's message of `text` (web/i18n/CODE.js), which takes `args`."""
        return _BLOCK_IDS[self]

    @property
    def args(self) -> dict[str, int | str]:
        return {"value": MAX_CUBE} if self is CubeBlock.MAX_CUBE else {}


# The same sentences as the page's messages (web/play/describe.js `WHY_NOT` too: test_cube_reasons).
_BLOCK_IDS = {
    CubeBlock.GAME_OVER: "double.gameOver",
    CubeBlock.NOT_YOUR_TURN: "double.notYourTurn",
    CubeBlock.PENDING: "double.pending",
    CubeBlock.AFTER_ROLL: "double.afterRoll",
    CubeBlock.FIRST_TURN: "double.firstTurn",
    CubeBlock.CRAWFORD: "double.crawford",
    CubeBlock.NOT_YOUR_CUBE: "double.notYourCube",
    CubeBlock.MAX_CUBE: "double.maxCube",
    CubeBlock.ONE_POINT_AWAY: "double.onePointAway",
    CubeBlock.CUBE_DEAD: "double.cubeDead",
    CubeBlock.STRICT_RULE: "double.strictRule",
}

_BLOCK_TEXT = {
    CubeBlock.GAME_OVER: "The game is over.",
    CubeBlock.NOT_YOUR_TURN: "You may double only at the start of your own turn.",
    CubeBlock.PENDING: "A double or a resignation is waiting for an answer.",
    CubeBlock.AFTER_ROLL: "You may double only at the start of your turn, before rolling.",
    CubeBlock.FIRST_TURN: "No double on the first turn of a game.",
    CubeBlock.CRAWFORD: "No doubling in the Crawford game.",
    CubeBlock.NOT_YOUR_CUBE: "Only the owner of the cube may redouble.",
    CubeBlock.MAX_CUBE: f"The cube is at {MAX_CUBE}, its highest value.",
    CubeBlock.ONE_POINT_AWAY: "You are 1 point from winning the match, so you are not offered a double.",
    CubeBlock.CUBE_DEAD: "The cube already wins you the match: doubling cannot gain anything.",
    CubeBlock.STRICT_RULE: (
        "House rule: no double that would win the match at once or erase the opponent's lead."
    ),
}


def may_double(
    settings: MatchSettings,
    cube: Cube,
    player: int,
    score: tuple[int, int],
    *,
    crawford_game: bool,
    first_turn: bool = False,
) -> CubeBlock | None:
    """The cube rules proper (whose turn it is and the phase are the game's business).

    Order matters only for the reason shown: the most fundamental reason comes first.
    """
    if first_turn:
        return CubeBlock.FIRST_TURN
    if crawford_game:
        return CubeBlock.CRAWFORD
    if cube.owner is not None and cube.owner != player:
        return CubeBlock.NOT_YOUR_CUBE
    if cube.value >= MAX_CUBE:
        return CubeBlock.MAX_CUBE
    length = settings.match_length
    if length == 0:
        return None
    mine, theirs = score[player], score[1 - player]
    if mine == length - 1:
        return CubeBlock.ONE_POINT_AWAY
    if mine + cube.value >= length:
        return CubeBlock.CUBE_DEAD
    if settings.strict_doubling:
        # 001's house rule: a single win at the doubled value may neither win the match outright nor bring a
        # trailing doubler level with or past the leader (its example: 5-6 in a 7-point match, no double).
        new_value = cube.value * 2
        wins_at_once = mine + new_value >= length
        erases_lead = theirs > mine and mine + new_value >= theirs
        if wins_at_once or erases_lead:
            return CubeBlock.STRICT_RULE
    return None


def may_beaver(settings: MatchSettings, offered_value: int) -> bool:
    """Beavers: the doubled player may redouble at once, in money play, within the cube's range."""
    return settings.beavers and settings.is_money and offered_value * 2 <= MAX_CUBE
