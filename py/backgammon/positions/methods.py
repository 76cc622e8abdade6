"""Worker methods for positions and match files, registered with `backgammon.api` on first use.

None of them touches the loaded match except `export_sgf`, which reads it.

- `read_position {text, match_id?, on_roll?, gnubg_numbering?}` -> `{position_id, match_id, xgid, state,
  position_only, settings?}`: an XGID, a Position ID, or `POSITION_ID:MATCH_ID` (a separate `match_id`
  completes a Position ID given alone); `state` is the same in the position editor's terms
  (`check_position`'s parameters); a Position ID alone (`position_only`) is seen from `on_roll` (default
  player 0); `settings` (money sessions only) the rules for `setup`, since the Match ID does not hold an
  XGID's beavers; `gnubg_numbering`: the XGID numbers the players as gnubg does (share links of format 1);
  plain-words errors
- `position_xgid {position_id, match_id?, beavers?}` -> `{xgid}`: the XGID of the page's current IDs and a
  money session's beaver rule (`xgid` is null when the state has none, e.g. a finished game; a resignation
  waiting for an answer gives the position it was offered in), computed on demand so `build_view` stays
  as it is
- `import_mat {text}` -> `{record, summary}`: a `.mat` match file read, every play checked
- `import_sgf {text}` -> `{record, summary}`: a GNU Backgammon `.sgf` match file, the same way
- `read_record {record}` -> `{record, summary}`: a match record from elsewhere (a share link) replayed and
  checked, without loading it
- `export_sgf {}` -> `{text, filename}`: the loaded match as `.sgf`
- `check_position {points, bar, turn, dice, cube_value, cube_owner, match_length, score, crawford, jacoby?,
  beavers?, doubled?}` -> `{ok, problems, words, position_id, match_id, xgid}`: a board being set up, checked
  as it is edited (`words`: each problem's message id and arguments, or null for the core's English alone);
  `jacoby` and `beavers` are money-session rules, `doubled` a double offered by the player on roll (before the
  roll) that the other player is to take or drop

Every XGID in and out of these methods has the page's player 0, whom the board draws at the bottom, as XG's
bottom (upper-case) player, so that a position from XG is drawn as XG draws it. `Xgid` numbers the players as
gnubg's `set xgid` does (the other way round), hence `Xgid.swapped()` at this boundary; gnubg's IDs keep
gnubg's numbering (player 0 is the page's player 0).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypedDict

from backgammon.api import register
from backgammon.errors import BackgammonError, InvalidActionError, InvalidIdError
from backgammon.shapes import ExportedFile, MatchRecord, MatSummary

if TYPE_CHECKING:
    from backgammon.formats.xgid import Xgid
    from backgammon.match import Match

CHECKERS = 15

# What check_position finds wrong, by message id: the page says it in the player's language from the same
# ids (web/i18n/CODE.js `position.*`; tests/units/test_core_words.py holds the English there to these).
# `{name}` is the player's (the page puts its own name for the side, from `player`).
PROBLEMS: dict[str, str] = {
    "position.tooManyCheckers": "{name} has {total} checkers on the board and the bar, not {most}.",
    "position.noCheckers": "{name} has no checker left on the board: that game is over.",
    "position.barsClosed": (
        "Not a possible position: both sides have checkers on the bar against closed home boards."
    ),
    "position.dieRange": "Each die shows 1 to 6 (or choose 'to roll').",
    "position.cubePower": "The cube shows a power of two, not {value}.",
    "position.cubeMiddle": "A cube at 1 has not been turned yet: it stays in the middle.",
    "position.doubleBeforeRoll": "A double is offered before the roll: choose 'to roll' for the dice.",
    "position.ownerDoubles": "{name} owns the cube: only {name} may double now.",
    "position.scoreWon": "{name} has {score} points: that already won a {length}-point match.",
    "position.crawfordWhen": "The Crawford game comes when a player reaches {away} points (1 away).",
    "position.crawfordCube": "No doubling in the Crawford game: the cube stays at 1 in the middle.",
    "position.moneyRules": "The Jacoby rule and beavers are for money sessions (match length 0).",
    "position.crawfordMoney": "The Crawford rule is for matches, not money sessions.",
}
# position_problem's one sentence that a board set up with signed counts can give.
BARS_CLOSED = "both sides have checkers on the bar against closed home boards"


class Problem(TypedDict):
    id: str
    args: dict[str, int]


class Problems:
    """What is wrong, in English (`text`) and as message ids with their arguments (`words`, one for each, None
    for a sentence the catalogues lack): a player is named by `player` in the arguments, and in English by the
    name the page passed."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.text: list[str] = []
        self.words: list[Problem | None] = []

    def add(self, key: str, **args: int) -> None:
        name = self.names[args["player"]] if "player" in args else ""
        self.text.append(PROBLEMS[key].format(name=name, **args))
        self.words.append({"id": key, "args": args})

    def add_english(self, text: str) -> None:
        """A sentence the catalogues do not hold (the rules core's own): said in English, with no ids."""
        self.text.append(text)
        self.words.append(None)


def _text(params: dict[str, Any], name: str, method: str) -> str:
    value = params.get(name)
    if not isinstance(value, str):
        raise InvalidActionError(f"{method} needs {name} as text.")
    return value


@register("read_position")
def read_position(params: dict[str, Any]) -> dict[str, Any]:
    from backgammon.errors import say
    from backgammon.formats.gnubg_id import MatchIdInfo
    from backgammon.formats.xgid import WORDS, Xgid, looks_like_xgid, read_ids

    text = _text(params, "text", "read_position").strip()
    extra = params.get("match_id")
    if isinstance(extra, str) and extra.strip() and ":" not in text and " " not in text:
        text = f"{text}:{extra.strip()}"
    if not text:
        raise InvalidIdError.saying(say(WORDS, "ids.pasteSomething"))
    state = read_ids(text)
    if looks_like_xgid(text) and params.get("gnubg_numbering") is not True:
        state = state.swapped()
    position_only = len(re.split(r"[\s:]+", text)) == 1  # read_ids took it for a Position ID alone
    if position_only:
        on_roll = _count(params.get("on_roll", 0), "The player on roll", 0, 1)
        state = Xgid(state.position, MatchIdInfo(player_on_roll=on_roll, turn=on_roll))
    answer: dict[str, Any] = {
        "position_id": state.position_id,
        "match_id": state.match_id,
        "xgid": page_xgid(state),
        "state": editor_state(state),
        "position_only": position_only,
    }
    if not state.info.match_length:
        # The IDs alone would set up a money session without beavers: gnubg's Match ID has no place for them.
        answer["settings"] = {"match_length": 0, "jacoby": state.info.jacoby, "beavers": state.beavers}
    return answer


def page_xgid(state: Xgid, bottom: int = 0) -> str:
    """The XGID of a state as the page draws it: the player drawn at the bottom (player 0, or on a device
    playing seat 1 of a match with a friend, player 1) is XG's bottom, upper-case one."""
    return state.text if bottom == 1 else state.swapped().text


def editor_state(state: Xgid) -> dict[str, Any]:
    """An XGID's state as the position editor holds it (`check_position`'s parameters): `points` signed
    in the view's coordinates (+ player 0, index 0 = point 1), `bar`, the turn, dice, cube, match, rules."""
    info = state.info
    on_roll = info.player_on_roll
    sides = {on_roll: state.position.mine, 1 - on_roll: state.position.theirs}
    points = [0] * 24
    for index in range(24):
        points[index] += sides[0][index]
        points[23 - index] -= sides[1][index]
    money = info.match_length == 0
    return {
        "points": points,
        "bar": [sides[0][24], sides[1][24]],
        "turn": on_roll,
        "dice": list(info.dice),
        "cube_value": info.cube_value,
        "cube_owner": info.cube_owner,
        "match_length": info.match_length,
        "score": list(info.score),
        "crawford": info.crawford,
        "jacoby": info.jacoby and money,
        "beavers": state.beavers and money,
        "doubled": info.double_offered,
    }


class XgidAnswer(TypedDict):
    #: None when the IDs do not make a position an XGID can hold
    xgid: str | None


class ImportedMatch(TypedDict):
    record: MatchRecord
    summary: MatSummary


@register("position_xgid")
def position_xgid(params: dict[str, Any]) -> XgidAnswer:
    from backgammon.formats.xgid import Xgid

    position_id = _text(params, "position_id", "position_xgid")
    match_id = params.get("match_id")
    match_id = match_id or None if isinstance(match_id, str) else None
    try:
        state = Xgid.from_ids(position_id, _without_resignation(match_id))
    except BackgammonError:
        return {"xgid": None}
    # gnubg's IDs do not hold the beaver rule of a money session; the XGID does.
    beavers = params.get("beavers") is True and not state.info.match_length
    bottom = 1 if params.get("bottom") == 1 else 0
    return {"xgid": page_xgid(replace(state, beavers=beavers), bottom)}


def _without_resignation(match_id: str | None) -> str | None:
    """An XGID has no place for a resignation waiting for an answer: the Match ID of the position it was
    offered in, the resigner to act (a malformed ID is left for `Xgid.from_ids` to refuse)."""
    from backgammon.formats.gnubg_id import decode_match_id, encode_match_id

    try:
        info = decode_match_id(match_id) if match_id else None
    except BackgammonError:
        return match_id
    if info is None or not info.resignation:
        return match_id
    return encode_match_id(replace(info, resignation=0, turn=info.player_on_roll))


def _summary(match: Match) -> MatSummary:
    from backgammon.formats.mat_import import mat_summary

    return mat_summary(match)


@register("import_mat")
def import_mat_method(params: dict[str, Any]) -> ImportedMatch:
    from backgammon.formats.mat_import import import_mat
    from backgammon.record import match_record

    match = import_mat(_text(params, "text", "import_mat"))
    return {"record": match_record(match), "summary": _summary(match)}


@register("import_sgf")
def import_sgf_method(params: dict[str, Any]) -> ImportedMatch:
    from backgammon.formats.sgf_import import import_sgf
    from backgammon.record import match_record

    match = import_sgf(_text(params, "text", "import_sgf"))
    return {"record": match_record(match), "summary": _summary(match)}


@register("read_record")
def read_record(params: dict[str, Any]) -> ImportedMatch:
    from backgammon.record import load_record, match_record

    match = load_record(params.get("record"))
    return {"record": match_record(match), "summary": _summary(match)}


@register("export_sgf")
def export_sgf_method(params: dict[str, Any]) -> ExportedFile:
    from backgammon.api import export_filename, match_to_export
    from backgammon.formats.sgf_export import export_sgf

    match = match_to_export(params)
    return {"text": export_sgf(match), "filename": export_filename(match, "sgf")}


def _count(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidActionError(f"{name} must be a whole number from {low} to {high}.")
    return value


@register("check_position")
def check_position(params: dict[str, Any]) -> dict[str, Any]:
    """A board being set up, in the view's coordinates (`points`: 24 signed counts, + player 0, index 0 =
    point 1; `bar`: [player 0, player 1]), checked for play: every problem in plain words, else the IDs."""
    from backgammon.formats.gnubg_id import MatchIdInfo, encode_match_id
    from backgammon.formats.xgid import Xgid
    from backgammon.match import Setup, match_from_ids
    from backgammon.position import Position, position_problem
    from backgammon.rules import MatchSettings

    points = params.get("points")
    bar = params.get("bar", [0, 0])
    if not isinstance(points, list) or len(points) != 24:
        raise InvalidActionError("check_position needs points: 24 signed checker counts.")
    if not isinstance(bar, list) or len(bar) != 2:
        raise InvalidActionError("check_position needs bar: [player 0, player 1].")
    counts = [_count(n, "A point's count", -CHECKERS, CHECKERS) for n in points]
    bars = [_count(n, "A bar's count", 0, CHECKERS) for n in bar]
    names = params.get("names") or ["White", "Black"]
    turn = _count(params.get("turn", 0), "The player on roll", 0, 1)
    dice = params.get("dice") or [0, 0]
    length = _count(params.get("match_length", 0), "The match length", 0, 25)
    score = params.get("score") or [0, 0]
    cube_value = _count(params.get("cube_value", 1), "The cube", 1, 1 << 15)
    owner = params.get("cube_owner")
    crawford = bool(params.get("crawford", False))
    jacoby = bool(params.get("jacoby", False))
    beavers = bool(params.get("beavers", False))
    doubled = bool(params.get("doubled", False))
    problems = Problems(names)

    # Each side from its own point of view: index i is its point i + 1, index 24 its bar.
    sides = [[0] * 25, [0] * 25]
    for index, n in enumerate(counts):
        if n > 0:
            sides[0][index] = n
        elif n < 0:
            sides[1][23 - index] = -n
    sides[0][24], sides[1][24] = bars
    for player in (0, 1):
        total = sum(sides[player])
        if total > CHECKERS:
            problems.add("position.tooManyCheckers", player=player, total=total, most=CHECKERS)
        elif total == 0:
            problems.add("position.noCheckers", player=player)
    if not problems.text:
        problem = position_problem(sides[turn], sides[1 - turn])
        if problem == BARS_CLOSED:
            problems.add("position.barsClosed")
        elif problem:
            problems.add_english(f"Not a possible position: {problem}.")

    if not (isinstance(dice, list) and len(dice) == 2 and all(isinstance(d, int) for d in dice)):
        raise InvalidActionError("dice must be [a, b], or [0, 0] to roll.")
    if dice != [0, 0] and not all(1 <= d <= 6 for d in dice):
        problems.add("position.dieRange")
    if cube_value & (cube_value - 1):
        problems.add("position.cubePower", value=cube_value)
    if owner not in (None, 0, 1):
        raise InvalidActionError("cube_owner must be null (the middle), 0 or 1.")
    if cube_value == 1 and owner is not None:
        problems.add("position.cubeMiddle")
    if doubled and dice != [0, 0]:
        problems.add("position.doubleBeforeRoll")
    if doubled and owner == 1 - turn:
        problems.add("position.ownerDoubles", player=1 - turn)
    if not (isinstance(score, list) and len(score) == 2):
        raise InvalidActionError("score must be [player 0, player 1].")
    scores = [_count(s, "A score", 0, 99) for s in score]
    if length:
        for player in (0, 1):
            if scores[player] >= length:
                problems.add("position.scoreWon", player=player, score=scores[player], length=length)
        if crawford and length - 1 not in scores:
            problems.add("position.crawfordWhen", away=length - 1)
        if crawford and cube_value != 1:
            problems.add("position.crawfordCube")
        if jacoby or beavers:
            problems.add("position.moneyRules")
    else:
        if crawford:
            problems.add("position.crawfordMoney")
        scores = [0, 0]

    answer: dict[str, Any] = {"ok": not problems.text, "problems": problems.text, "words": problems.words}
    if problems.text:
        return answer
    position = Position(sides[turn], sides[1 - turn])
    info = MatchIdInfo(
        cube_value=cube_value,
        cube_owner=owner,
        player_on_roll=turn,
        crawford=crawford,
        turn=1 - turn if doubled else turn,
        double_offered=doubled,
        dice=(dice[0], dice[1]),
        match_length=length,
        score=(scores[0], scores[1]),
        jacoby=jacoby and not length,
    )
    match_id = encode_match_id(info)
    # The match the page would start, so that what the rules refuse there (a double the player on roll may
    # not make: the Crawford game, a dead cube) is said here.
    settings = MatchSettings(match_length=0, beavers=beavers) if not length else None
    try:
        match_from_ids(Setup(position.id, match_id), settings, None)
    except BackgammonError as error:
        return {"ok": False, "problems": [str(error)], "words": [None]}
    xgid = page_xgid(Xgid(position, info, beavers=beavers))
    answer.update(position_id=position.id, match_id=match_id, xgid=xgid)
    return answer
