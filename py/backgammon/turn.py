"""`Turn`: the turn in progress, one checker move at a time, as the board needs it.

The board asks `dests()` (for each source point, the destinations allowed now) and reports what the user did
with `move(source, dest)`. A move may use both dice (or several dice of a double) when the points in between
are open; it is then recorded as its single-die steps. A partial move is allowed only if the turn can still be
completed into a full legal play (so checkers that would leave a die unplayable are frozen).

>>> from backgammon import Position
>>> turn = Turn(Position.start(), (6, 5))
>>> turn.dests()[24]
(18, 13)
>>> turn.move(24, 13)
(Step(Move(24, 18), die=6, hit=False), Step(Move(18, 13), die=5, hit=False))
>>> turn.is_complete, turn.notation()
(True, '24/13')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import NamedTuple

from .errors import IllegalMoveError, InvalidActionError, InvalidMoveError
from .move import BAR, OFF, Move, Play, parse_play_text, point_name
from .movegen import check_dice, dest_of, legal_plays, step, step_problem
from .position import Position

Dice = tuple[int, int]

RULES: dict[str, str] = {
    "must-enter-first": "You must enter your checker from the bar first.",
    "blocked": "That point is blocked: it holds two or more of your opponent's checkers.",
    "intermediate-blocked": (
        "A checker moved by more than one die must stop on an open point after each die, "
        "and the point in between is blocked."
    ),
    "bear-off-not-all-home": "You can bear off only when all your checkers are in your home board.",
    "bear-off-higher-checker": (
        "You can bear off with a number larger than needed only from your highest point: "
        "a checker on a higher point must move first."
    ),
    "must-use-both-dice": "You must use both dice when you can.",
    "must-play-larger-die": "You must play the larger die when only one die can be used.",
    "must-play-all-dice": "With a double you must play all four numbers, or as many as you can.",
    "must-move": "You must move when a legal move exists.",
    "no-checker": "You have no checker there to move.",
    "wrong-direction": "Checkers move only forward, toward your home board.",
    "no-die": "None of the dice you have left moves a checker that far.",
    "turn-complete": "Your move is complete: no more dice can be played.",
    "illegal-play": "That play is not a legal way to play this roll.",
}
# The one sentence that is not a rule's own: `must-enter-first` with more than one checker on the bar.
ENTER_MANY = "You must enter your checkers from the bar first."

# Each rule's sentence as the page's message id (web/i18n/CODE.js), so that the game page and the tutorial say
# it in the player's language; English's message is the sentence here (tests/units/test_rule_words.py).
RULE_IDS: dict[str, str] = {
    "must-enter-first": "rule.mustEnterFirst",
    "blocked": "rule.blocked",
    "intermediate-blocked": "rule.intermediateBlocked",
    "bear-off-not-all-home": "rule.bearOffNotAllHome",
    "bear-off-higher-checker": "rule.bearOffHigherChecker",
    "must-use-both-dice": "rule.mustUseBothDice",
    "must-play-larger-die": "rule.mustPlayLargerDie",
    "must-play-all-dice": "rule.mustPlayAllDice",
    "must-move": "rule.mustMove",
    "no-checker": "rule.noChecker",
    "wrong-direction": "rule.wrongDirection",
    "no-die": "rule.noDie",
    "turn-complete": "rule.turnComplete",
    "illegal-play": "rule.illegalPlay",
}
ENTER_MANY_ID = "rule.mustEnterFirstMany"
#: Every id of a refused move with its English.
RULE_WORDS: dict[str, str] = {RULE_IDS[code]: sentence for code, sentence in RULES.items()} | {
    ENTER_MANY_ID: ENTER_MANY
}


class Step(NamedTuple):
    """One single-die step of the turn: the move, the die it used, and whether it hit a blot."""

    move: Move
    die: int
    hit: bool

    def __repr__(self) -> str:
        return f"Step({self.move!r}, die={self.die}, hit={self.hit})"


class _Path(NamedTuple):
    dice: tuple[int, ...]
    positions: tuple[Position, ...]  # after each step
    hits: tuple[bool, ...]


class Turn:
    """A turn being played: `dests()`, `move()`, `undo()`, `undo_all()`, `swap_dice()` and the state."""

    def __init__(self, position: Position, dice: Dice) -> None:
        self.start = position
        self._dice = check_dice(dice)
        legal = legal_plays(position, self._dice)
        self.legal_plays = legal
        self._required = legal.move_count
        self._targets = frozenset(legal.positions) if self._required else frozenset()
        self._steps: list[Step] = []
        self._positions: list[Position] = [position]
        self._action_sizes: list[int] = []
        self._completable: dict[tuple[Position, tuple[int, ...]], bool] = {}

    @classmethod
    def from_notation(cls, position: Position, dice: Dice, text: str) -> Turn:
        """A completed turn from a play written in gnubg notation (`24/18 13/10*`, `bar/22`, `pass`).

        The text is read as gnubg means it: which checkers go from where to where, hitting where a hit is
        written (or where a checker lands on a blot). It is legal when that board is one a legal play of the
        roll reaches; the turn is then that play. Raises `InvalidMoveError` for text that is not a move and
        `IllegalMoveError`, naming the rule broken, for an illegal play.
        """
        paths = parse_play_text(text)
        turn = cls(position, dice)
        target = _written_result(position, paths)
        if target is not None:
            steps = turn.legal_plays.steps_to(target)
            if steps is not None:
                for move, die in steps:
                    turn._push(
                        (Step(move, die, move.dest in turn.position.blots()),),
                        (step(turn.position, move.source, die),),
                    )
                return turn
        raise turn._diagnose(paths, text)

    @classmethod
    def replay(cls, position: Position, dice: Dice, moves: Sequence[Move]) -> Turn:
        """The completed turn of `moves` played one by one; raises `IllegalMoveError` for the first move the
        rules forbid, or for a play that stops before the dice that must be played are played."""
        turn = cls(position, dice)
        for source, dest in moves:
            turn.move(source, dest)
        if not turn.is_complete:
            raise turn._error(turn._incomplete_rule(), position.notation(moves))
        return turn

    def _diagnose(self, paths: list[tuple[int, ...]], text: str) -> IllegalMoveError:
        """The rule an illegal written play breaks, found by playing it move by move."""
        first_error: IllegalMoveError | None = None
        # The written order first, then highest source first (the order gnubg writes).
        for ordering in (paths, sorted(paths, key=lambda path: path[0], reverse=True)):
            turn = Turn(self.start, self._dice)
            try:
                for path in ordering:
                    for source, dest in pairwise(path):
                        turn.move(source, dest)
            except IllegalMoveError as error:
                first_error = first_error or error
                continue
            written = f"{text.strip() or 'pass'!r}"
            if not turn.is_complete:
                return turn._error(turn._incomplete_rule(), written)
            return turn._error("illegal-play", written)
        assert first_error is not None
        return first_error

    # -- state ----------------------------------------------------------------------------------------------

    @property
    def dice(self) -> Dice:
        """The dice in their current order (`swap_dice` reverses it)."""
        return self._dice

    @property
    def position(self) -> Position:
        """The board after the moves made so far (the mover still on roll)."""
        return self._positions[-1]

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(self._steps)

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(step.move for step in self._steps)

    @property
    def play(self) -> Play:
        return Play(self.moves)

    @property
    def required_moves(self) -> int:
        """How many single-die moves the rules require this turn (0: no legal move, a pass)."""
        return self._required

    @property
    def remaining_dice(self) -> tuple[int, ...]:
        """Dice not used yet, in the current order (a double shows each unused number)."""
        return self._remaining()

    @property
    def is_complete(self) -> bool:
        """Whether the moves made form a full legal play (may be confirmed)."""
        return len(self._steps) == self._required

    @property
    def can_undo(self) -> bool:
        return bool(self._steps)

    @property
    def can_swap_dice(self) -> bool:
        """Dice differ, nothing moved yet, and the second die can be played first."""
        first, second = self._dice
        if first == second or self._steps or not self._required:
            return False
        return any(self._single_ok(self.start, source, second, (first, second)) for source in self._sources())

    def notation(self) -> str:
        return self.start.notation(self.moves)

    def __repr__(self) -> str:
        return f"Turn(Position.from_id({self.start.id!r}), {self._dice}) after {self.notation()!r}"

    # -- actions --------------------------------------------------------------------------------------------

    def dests(self) -> dict[int, tuple[int, ...]]:
        """For each source point (25 = bar) the legal destinations now (0 = off), highest first."""
        result: dict[int, tuple[int, ...]] = {}
        if self.is_complete:
            return result
        for source in self._sources():
            found = {path_dest(source, path) for path in self._paths(source)}
            if found:
                result[source] = tuple(sorted(found, reverse=True))
        return result

    def move(self, source: int, dest: int) -> tuple[Step, ...]:
        """Move one checker from `source` to `dest` (mover's numbering; 25 = bar, 0 = off).

        Returns the single-die steps made. Raises `IllegalMoveError` (with `.rule`) when the rules forbid it.
        """
        if not (
            isinstance(source, int) and isinstance(dest, int) and 1 <= source <= BAR and OFF <= dest <= 24
        ):
            raise InvalidMoveError(
                f"Move({source!r}, {dest!r}) is not a move: points are 1-24, 25 (bar), 0 (off)."
            )
        candidates = [path for path in self._paths(source) if path_dest(source, path) == dest]
        if not candidates:
            raise self._error(self._explain(source, dest), f"{point_name(source)}/{point_name(dest)}")
        # one die if possible; then a path that hits nothing on the way; then the current dice order
        best = min(candidates, key=lambda path: (len(path.dice), any(path.hits[:-1])))
        made = []
        point = source
        for die, hit in zip(best.dice, best.hits, strict=True):
            made.append(Step(Move(point, dest_of(point, die)), die, hit))
            point = dest_of(point, die)
        self._push(tuple(made), best.positions)
        return tuple(made)

    def _push(self, steps: tuple[Step, ...], positions: tuple[Position, ...]) -> None:
        """Record one action: its steps and the position after each."""
        self._steps.extend(steps)
        self._positions.extend(positions)
        self._action_sizes.append(len(steps))

    def undo(self) -> tuple[Step, ...]:
        """Take back the last `move()` (all its steps); returns the steps taken back."""
        if not self._action_sizes:
            raise InvalidActionError.refusing("refusal.noMoveToUndo")
        size = self._action_sizes.pop()
        taken = tuple(self._steps[-size:])
        del self._steps[-size:]
        del self._positions[-size:]
        return taken

    def undo_step(self) -> Step:
        """Take back the last single-die step: of a move that used both dice (bar/20/14), its last die alone,
        so that the checker stops where that step began (20), as the move list writes each step."""
        if not self._steps:
            raise InvalidActionError.refusing("refusal.noMoveToUndo")
        step = self._steps.pop()
        self._positions.pop()
        self._action_sizes[-1] -= 1
        if not self._action_sizes[-1]:
            self._action_sizes.pop()
        return step

    def undo_all(self) -> tuple[Step, ...]:
        taken: tuple[Step, ...] = ()
        while self._action_sizes:
            taken = self.undo() + taken
        return taken

    def swap_dice(self) -> None:
        """Play the second die first (allowed when `can_swap_dice`)."""
        if not self.can_swap_dice:
            raise InvalidActionError(
                "You cannot swap the dice now: only before moving, with two different dice, "
                "when the second die can be played first."
            )
        self._dice = (self._dice[1], self._dice[0])

    # -- internals ------------------------------------------------------------------------------------------

    def _remaining(self) -> tuple[int, ...]:
        first, second = self._dice
        left = [first] * 4 if first == second else [first, second]
        for used in self._steps:
            left.remove(used.die)
        return tuple(left)

    def _sources(self) -> list[int]:
        mine = self.position.mine
        return [source for source in range(BAR, 0, -1) if mine[source - 1]]

    def _can_complete(self, position: Position, remaining: tuple[int, ...]) -> bool:
        needed = self._required - (len(self._dice_pool()) - len(remaining))
        if needed <= 0:
            return needed == 0 and position in self._targets
        key = (position, tuple(sorted(remaining)))
        known = self._completable.get(key)
        if known is None:
            known = any(
                self._can_complete(step(position, source, die), _without(remaining, die))
                for die in set(remaining)
                for source in range(BAR, 0, -1)
                if position.mine[source - 1] and step_problem(position, source, die) is None
            )
            self._completable[key] = known
        return known

    def _dice_pool(self) -> tuple[int, ...]:
        first, second = self._dice
        return (first,) * 4 if first == second else (first, second)

    def _single_ok(self, position: Position, source: int, die: int, remaining: tuple[int, ...]) -> bool:
        return step_problem(position, source, die) is None and self._can_complete(
            step(position, source, die), _without(remaining, die)
        )

    def _paths(self, source: int) -> Iterator[_Path]:
        """Every way to move the checker on `source` now, by one die or several, each step completable."""

        def extend(
            path: _Path, point: int, position: Position, remaining: tuple[int, ...]
        ) -> Iterator[_Path]:
            tried: set[int] = set()
            for die in remaining:
                if die in tried:
                    continue
                tried.add(die)
                if step_problem(position, point, die) is not None:
                    continue
                after = step(position, point, die)
                left = _without(remaining, die)
                if not self._can_complete(after, left):
                    continue
                dest = dest_of(point, die)
                hit = dest != OFF and position.theirs[24 - dest] == 1
                longer = _Path((*path.dice, die), (*path.positions, after), (*path.hits, hit))
                yield longer
                if dest != OFF and left:
                    yield from extend(longer, dest, after, left)

        if self.is_complete:
            return iter(())
        return extend(_Path((), (), ()), source, self.position, self._remaining())

    def _explain(self, source: int, dest: int) -> str:
        """The rule code that forbids moving from `source` to `dest` now."""
        position = self.position
        if self.is_complete:
            return "turn-complete"
        if not position.mine[source - 1]:
            return "no-checker"
        if position.mine[24] and source != BAR:
            return "must-enter-first"
        if dest >= source:
            return "wrong-direction"
        remaining = self._remaining()
        problems: list[str] = []
        for dice in _dice_sequences(remaining):
            if _nominal_dest(source, dice) != dest:
                continue  # these dice do not take this checker there, legal or not
            point, current, problem = source, position, ""
            for index, die in enumerate(dice):
                problem = step_problem(current, point, die) or ""
                if problem:
                    if problem == "blocked" and dest_of(point, die) != dest:
                        problem = "intermediate-blocked"
                    break
                current = step(current, point, die)
                point = dest_of(point, die)
                if point in (dest, OFF):
                    if point == dest and not self._can_complete(
                        current, _without_all(remaining, dice[: index + 1])
                    ):
                        problem = self._incomplete_rule(dice[: index + 1])
                    break
            if point == dest or problem:
                problems.append(problem or "no-die")
            # a path that overshoots or stops short says nothing about this move
        for rule in (
            "must-play-larger-die",
            "must-use-both-dice",
            "must-play-all-dice",
            "bear-off-not-all-home",
            "bear-off-higher-checker",
            "blocked",
            "intermediate-blocked",
        ):
            if rule in problems:
                return rule
        if dest == OFF and any(position.mine[6:]):
            return "bear-off-not-all-home"
        return "no-die"

    def _incomplete_rule(self, used: tuple[int, ...] = ()) -> str:
        first, second = self._dice
        if self._required == 0:
            return "turn-complete"
        if first == second:
            return "must-play-all-dice"
        if self._required == 1:
            all_used = tuple(step.die for step in self._steps) + used
            if all_used and max(all_used) != max(first, second):
                return "must-play-larger-die"
            return "must-play-larger-die" if not all_used else "must-use-both-dice"
        if not self._steps and not used:
            return "must-move"
        return "must-use-both-dice"

    def _error(self, rule: str, attempted: str) -> IllegalMoveError:
        sentence, key = RULES[rule], RULE_IDS[rule]
        if rule == "must-enter-first" and self.position.mine[24] > 1:
            sentence, key = ENTER_MANY, ENTER_MANY_ID
        first, second = self._dice
        context = f"{attempted} with {first}-{second} in position {self.start.id}"
        if self._steps:
            context += f" after {self.notation()}"
        # The page says the rule alone: the context (the play, the dice, the Position ID) is for a bug report.
        return IllegalMoveError(f"{sentence} ({context})", rule, sentence).said_as(key)


def _written_result(position: Position, paths: list[tuple[int, ...]]) -> Position | None:
    """The board the written checker paths lead to (hits where a written landing point holds a blot), or
    None when they move checkers that are not there."""
    mine = list(position.mine)
    theirs = list(position.theirs)
    for path in paths:
        for source, dest in pairwise(path):
            mine[source - 1] -= 1
            if dest != OFF:
                mine[dest - 1] += 1
                if theirs[24 - dest] == 1:
                    theirs[24 - dest] = 0
                    theirs[24] += 1
    if min(mine) < 0:
        return None
    return Position.unchecked(tuple(mine), tuple(theirs))


def path_dest(source: int, path: _Path) -> int:
    point = source
    for die in path.dice:
        point = dest_of(point, die)
    return point


def _without(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    index = dice.index(die)
    return dice[:index] + dice[index + 1 :]


def _without_all(dice: tuple[int, ...], used: tuple[int, ...]) -> tuple[int, ...]:
    for die in used:
        dice = _without(dice, die)
    return dice


def _nominal_dest(source: int, dice: tuple[int, ...]) -> int | None:
    """Where `dice` take a checker from `source` if every step were allowed; None if it is off too early."""
    point = source
    for index, die in enumerate(dice):
        if point == OFF:
            return None
        point = dest_of(point, die)
        if point == OFF and index < len(dice) - 1:
            return None
    return point


def _dice_sequences(remaining: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every order of using some of `remaining` on one checker (1 die, then 2, ...), without repeats."""
    found: list[tuple[int, ...]] = []

    def grow(prefix: tuple[int, ...], left: tuple[int, ...]) -> None:
        for die in dict.fromkeys(left):
            longer = (*prefix, die)
            found.append(longer)
            grow(longer, _without(left, die))

    grow((), remaining)
    return found
