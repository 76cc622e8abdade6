"""The shapes of what crosses to the page: the view of a match, the events of an action, the methods' answers.

Declared once here as `TypedDict`s, checked by mypy where they are built, and written out for the page's
type checker by scripts/jsdoc_types.py (web/types.generated.js): a field added, renamed or dropped here
changes the page's typedefs, and tsc then checks every use of it. Keys are the JSON keys as the page reads
them; a key that is not always there is `NotRequired`. Standard library only (no typing_extensions): it runs
on CPython 3.11 and on Pyodide's Python.

No `from __future__ import annotations` here: Python 3.11 reads `NotRequired` in a class's body only from
annotations that are evaluated (scripts/jsdoc_types.py reads `__required_keys__`).
"""

from typing import Literal, NotRequired, TypedDict

Colour = Literal["white", "black"]
WinKind = Literal["single", "gammon", "backgammon"]
Ending = Literal["borne_off", "dropped", "resigned"]
#: A place on the board in absolute coordinates: a point 1-24, or the bar or the tray of the player concerned.
Point = int | Literal["bar", "off"]
Phase = Literal["opening", "roll", "move", "doubled", "resign_offered", "game_over", "match_over"]


class Player(TypedDict):
    """A seat: `level` names the computer's strength ("expert", …) when it has one."""

    name: str
    kind: Literal["human", "computer"]
    level: NotRequired[str]


class Settings(TypedDict):
    """The match's rules (backgammon.rules.MatchSettings); `match_length` 0 is a money session."""

    match_length: int
    crawford: bool
    jacoby: bool
    beavers: bool
    automatic_doubles: int
    strict_doubling: bool


class Board(TypedDict):
    """Checkers by absolute point 1-24 at index 0-23 (+ white, - black); bars and trays by player."""

    points: list[int]
    bar: list[int]
    off: list[int]


class Outcome(TypedDict):
    """How a game ended: who won, how big, for how many points."""

    winner: int
    kind: WinKind
    points: int
    ending: Ending


class CubeView(TypedDict):
    value: int
    owner: int | None
    may_double: bool
    #: backgammon.rules.CubeBlock's code and words when the player on roll may not double
    why_not: str | None
    why_not_text: str | None
    offered_by: int | None
    offered_value: int | None
    may_beaver: bool
    #: no one may double for the rest of the game (Crawford, one point away, the cube's limit, ...)
    dead: bool


class ResignationView(TypedDict):
    player: int
    kind: WinKind
    points: int


class NotationGame(TypedDict):
    number: int
    #: the standard notation's lines (`52: 13/8 13/11`, ` Doubles => 2`, ` Wins 2 points`), English's words
    lines: list[str]
    by: list[int]
    #: each line's kind, for the page's own words: "play", "roll", "double", "beaver", "take", "drop", "win"
    kinds: list[str]
    #: each line's figure: the cube offered (double, beaver) or the points won (win); else 0
    values: list[int]
    result: Outcome | None


class Notation(TypedDict):
    games: list[NotationGame]


# A checker moved this turn, in absolute points as `dests`; the functional syntax because "from" is a keyword.
CheckerMove = TypedDict("CheckerMove", {"from": Point, "to": Point, "hit": bool})


class View(TypedDict):
    """Everything the board and the controller draw (backgammon.view.build_view), in absolute coordinates."""

    players: list[Player]
    settings: Settings
    board: Board
    position_id: str
    match_id: str | None
    game_number: int
    phase: Phase
    turn: int | None
    decision: int | None
    dice: list[int] | None
    dice_remaining: list[int]
    opponent_dice: list[int] | None
    opening_roll: list[int] | None
    moves_made: list[CheckerMove]
    #: absolute source point ("1"-"24", or "bar" for the player on roll) -> where that checker may go
    dests: dict[str, list[Point]]
    can_undo: bool
    can_swap_dice: bool
    can_confirm: bool
    no_legal_move: bool
    forced_play: bool
    contact: bool
    cube: CubeView
    score: list[int]
    crawford_game: bool
    post_crawford: bool
    pips: list[int]
    resignation: ResignationView | None
    result: Outcome | None
    match_winner: int | None
    notation: Notation
    #: accessible names by absolute point ("1"-"24") plus "bar" and "off", where a view names its places
    #: in words of its own (a lesson's); else the page names them from what they hold
    labels: NotRequired[dict[str, str]]


# The events of an action, one shape by type, so that each type's fields are required where it has them and
# the page's type checker narrows an event by its `type` (a discriminated union). The functional syntax for
# the "from" key.


class RolledEvent(TypedDict):
    """The dice rolled; the opening roll's (`opening`) is both players', so it has no player."""

    type: Literal["rolled"]
    player: int | None
    dice: list[int]
    opening: NotRequired[bool]


MovedEvent = TypedDict(
    "MovedEvent", {"type": Literal["moved"], "player": int, "from": Point, "to": Point, "hit": bool}
)
UnmovedEvent = TypedDict(
    "UnmovedEvent", {"type": Literal["unmoved"], "player": int, "from": Point, "to": Point}
)


class DiceSwappedEvent(TypedDict):
    type: Literal["dice_swapped"]
    player: int
    dice: list[int]


class PlayerEvent(TypedDict):
    """A player passed, answered a resignation, or (play on two devices) claimed the match on time."""

    type: Literal["passed", "resign_accepted", "resign_rejected", "claimed"]
    player: int


class CubeEvent(TypedDict):
    type: Literal["doubled", "beavered", "took", "dropped"]
    player: int
    value: int


class ResignedEvent(TypedDict):
    type: Literal["resigned"]
    player: int
    kind: WinKind
    points: int


class AutomaticDoubleEvent(TypedDict):
    type: Literal["automatic_double"]
    value: int


class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    winner: int
    kind: WinKind
    points: int
    ending: Ending


class NewGameEvent(TypedDict):
    type: Literal["new_game"]
    number: int
    crawford_game: bool


class MatchOverEvent(TypedDict):
    type: Literal["match_over"]
    winner: int


Event = (
    RolledEvent
    | MovedEvent
    | UnmovedEvent
    | DiceSwappedEvent
    | PlayerEvent
    | CubeEvent
    | ResignedEvent
    | AutomaticDoubleEvent
    | GameOverEvent
    | NewGameEvent
    | MatchOverEvent
)


ActionType = Literal[
    "roll",
    "move",
    "play",
    "undo",
    "undo_all",
    "swap_dice",
    "confirm",
    "double",
    "take",
    "drop",
    "beaver",
    "resign",
    "accept_resign",
    "reject_resign",
    "next_game",
]

# A step of a whole play (action "play").
PlayStep = TypedDict("PlayStep", {"from": Point, "to": Point})

# What a player does (`act`'s `action`), by type: roll {dice?} (the worker rolls when there are none); move
# {from, to}; play {moves}; resign {kind?} ("single" when none); the others nothing more.
Action = TypedDict(
    "Action",
    {
        "type": ActionType,
        "dice": NotRequired[list[int]],
        "from": NotRequired[Point],
        "to": NotRequired[Point],
        "moves": NotRequired[list[PlayStep]],
        "kind": NotRequired[WinKind],
    },
)


class SetupIds(TypedDict):
    """The set-up position a match began from (GNU Backgammon ids)."""

    position_id: str
    match_id: str | None


class RecordGame(TypedDict):
    #: the game's actions as the record keeps them (the actions above, plus the record's own meta entries)
    actions: list[dict[str, object]]


class RecordHeader(TypedDict):
    """Everything in a match record but its games."""

    format: str
    schema: int
    settings: Settings
    players: list[Player]
    setup: SetupIds | None


class MatchRecord(RecordHeader):
    """The saved match (backgammon.record): replays into exactly the same state."""

    games: list[RecordGame]


class MatchAnswer(TypedDict):
    """The answer of the methods that change or show the match the worker holds (new_match, act, ...)."""

    record: MatchRecord
    view: View
    #: what the action did, in order (act only)
    events: NotRequired[list[Event]]


class ExportedFile(TypedDict):
    """A match file written for download."""

    text: str
    filename: str


class MatSummary(TypedDict):
    """A match file read (backgammon.formats.mat_import.mat_summary): what the page says of it."""

    players: list[str]
    match_length: int
    games: int
    score: list[int]
    finished: bool


class Words(TypedDict):
    """A sentence as a message id of the page's catalogues (web/i18n/CODE.js) with its arguments
    (docs/i18n.md): the page says it in the player's language. An argument may be a sentence or clause of its
    own, said in the same language (a file's fault inside the sentence that locates it)."""

    id: str
    args: "dict[str, int | float | str | Words]"


class ErrorBody(TypedDict):
    """A refused request: the error's class, its plain sentence, its rule's code if it has one, and the
    sentence as a message id with its arguments if the catalogues hold it (`words`)."""

    type: str
    message: str
    rule: NotRequired[str]
    words: NotRequired[Words]


# ---- the methods' params (each method checks what it is given: these say what the page sends) -------------


class NoParams(TypedDict):
    pass


class SettingsParam(TypedDict, total=False):
    """Settings as the page sends them: any left out take their defaults."""

    match_length: int
    crawford: bool
    jacoby: bool
    beavers: bool
    automatic_doubles: int
    strict_doubling: bool


class PlayerParam(TypedDict):
    name: NotRequired[str]
    kind: NotRequired[Literal["human", "computer"]]
    level: NotRequired[str]


class NewMatchParams(TypedDict, total=False):
    settings: SettingsParam
    players: list[PlayerParam]


class LoadParams(TypedDict):
    #: a record of ours, or anything else that claims to be one: `load` checks every field
    record: object


class ActParams(TypedDict):
    action: Action


class SetupParams(TypedDict):
    position_id: str
    match_id: NotRequired[str | None]
    settings: NotRequired[SettingsParam | None]
    players: NotRequired[list[PlayerParam]]


class ExportParams(TypedDict, total=False):
    """`record`: a match not held by the worker (one played on two devices); else the match in progress."""

    record: object


class RolloutChunk(TypedDict):
    """Trials `first` to `first + count - 1` of a rollout (`rollout_chunk`): per candidate, the sums of the
    trials' figures (win, win gammon, win backgammon, lose gammon, lose backgammon, equity), of their
    squares, and of the products of the candidates' equities, as decimal strings of whole numbers of 2**-32
    (exact: chunks add up in any order to the same figures, `rollout_result`)."""

    first: int
    count: int
    sums: list[list[str]]
    squares: list[list[str]]
    products: list[list[str]]


class RolloutErrors(TypedDict):
    """The standard errors of a candidate's figures."""

    win: float
    win_gammon: float
    win_backgammon: float
    lose: float
    lose_gammon: float
    lose_backgammon: float
    equity: float
    cubeful_equity: NotRequired[float]


class RolloutCandidate(TypedDict):
    """One candidate's rollout figures (`index`: its place in the request): chances for the side the
    figures are for, equity (money points per cube, or the chance of winning the match), their standard
    errors, and its difference from the best with that difference's standard error (0 for the best)."""

    index: int
    win: float
    win_gammon: float
    win_backgammon: float
    lose: float
    lose_gammon: float
    lose_backgammon: float
    equity: float
    #: a cubeful rollout's: the equity with the cube live (what it is ranked by; money points per the
    #: rollout's cube, or the chance of winning the match)
    cubeful_equity: NotRequired[float]
    errors: RolloutErrors
    difference: float
    difference_error: float
    significant: bool


class RolloutResult(TypedDict):
    """A rollout's figures (`rollout_result`): the candidates best first."""

    trials: int
    candidates: list[RolloutCandidate]


class CubeRolloutAction(TypedDict):
    """One action of a cube decision rolled out, the doubler's: its cubeful equity (money points per the
    cube before the double, or the chance of winning the match), the standard error (0 for double/pass,
    which needs no trials) and its difference from the proper action's equity (0 for the proper one)."""

    action: Literal["no_double", "double_take", "double_pass"]
    equity: float
    error: float
    difference: float
    #: the standard error of `difference` (no double against double/take: from the paired trials)
    difference_error: float


class CubeRolloutResult(TypedDict):
    """A cube decision's rollout (`rollout_cube_result`), as gnubg's `rollout =cube`: no double,
    double/take and double/pass in that order, the proper action (`best`, one of theirs) and its words."""

    trials: int
    unit: Literal["money", "mwc"]
    actions: list[CubeRolloutAction]
    best: Literal["no_double", "double_take", "double_pass"]
    double: bool
    take: bool
    summary: str
    rollout: RolloutResult


class TakeRolloutAction(TypedDict):
    """One answer to a double rolled out, the taker's: its cubeful equity (money points per the cube before
    the double, or the taker's chance of winning the match), the standard error (0 for a pass, which needs
    no trials) and its difference from the right answer's equity (0 for the right one)."""

    action: Literal["take", "pass"]
    equity: float
    error: float
    difference: float
    difference_error: float


class TakeRolloutResult(TypedDict):
    """A take decision's rollout (`rollout_take_result`): the same rollout as the doubler's cube decision,
    seen from the taker: take and pass in that order, the right answer (`best`), whether the difference
    between them is significant (more than 1.96 standard errors) and the verdict in words."""

    trials: int
    unit: Literal["money", "mwc"]
    actions: list[TakeRolloutAction]
    best: Literal["take", "pass"]
    significant: bool
    summary: str
    rollout: RolloutResult


class LookaheadContext(TypedDict):
    """The score and the rules a look-ahead judges at, seen from the side on roll (`cube.MatchContext`):
    `away` 0 is money play."""

    away: int
    opponent_away: int
    crawford_game: bool
    post_crawford: bool
    jacoby: bool
    beavers: bool


class SharedPart(TypedDict):
    """A part of world class's thinking for a helper worker (`shared_part`): `kind` "two_ply" (the leading
    plays' 2-ply: `boards` after each play, the mover still on roll) or "cube_rolls" (a cube decision two
    plies deep: `boards` the doubler's, on roll); the units to do, each [board's index, roll's index]."""

    kind: Literal["two_ply", "cube_rolls"]
    boards: list[str]
    context: LookaheadContext
    cube_value: int
    units: list[list[int]]


class UnitFigures(TypedDict):
    """A unit's result as a helper found it: the board's position ID, the roll's index of 21, and `figures`:
    for "two_ply" the mover's five chances (win, win gammon, win backgammon, lose gammon, lose backgammon);
    for "cube_rolls" each leaf's five chances, cube efficiency and roll's weight, the roll's own leaf first
    and then the other side's replies, whose boards are `boards` (position IDs, in the same order)."""

    board: str
    roll: int
    figures: list[float]
    boards: NotRequired[list[str]]


class SharedPartAnswer(TypedDict):
    figures: list[UnitFigures]


class BotThinkAnswer(TypedDict):
    """`done` false: not decided yet, ask again (`action` None). `parts`: work for the helpers, each part
    for one of them (`shared_part`), whose figures go back as `shared` when an answer is `waiting`."""

    done: bool
    #: None while not done, or when the match is over
    action: Action | None
    parts: NotRequired[list[SharedPart]]
    waiting: NotRequired[bool]
