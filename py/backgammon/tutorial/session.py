"""One lesson in progress: the learner's tries are judged by the rules core (`Turn`), then by the lesson.

A refused move comes back with the rule that forbids it in plain words; a legal play that misses the
lesson's goal comes back with the lesson's nudge.
"""

from __future__ import annotations

from typing import Any

from backgammon.errors import IllegalMoveError
from backgammon.movegen import dest_of, step_problem
from backgammon.position import Position
from backgammon.turn import RULE_WORDS, RULES, Turn
from backgammon.tutorial.lessons import BAR, LESSONS, OFF, Lesson, PlaySpec, lesson_by_id
from backgammon.tutorial.view import lesson_view, loc_to_json, position_of
from backgammon.tutorial.words import (
    RULE_DETAILS,
    detail_key,
    lesson_key,
    lesson_words,
    messages,
    rule_key,
)

# Every id the session gives the page with its English: the tutorial's and the rules' (the game's catalogues).
ENGLISH = messages() | RULE_WORDS


def rule_words(error: IllegalMoveError) -> list[str]:
    """The rule that refused a move, as the ids of its plain words for a learner; none where the core gave
    its sentence no id (the page then shows the English `text`)."""
    if error.words is None:
        return []
    sentence = error.words["id"]
    return [sentence, detail_key(error.rule)] if error.rule in RULE_DETAILS else [sentence]


def _no_move_reason(turn: Turn, source: int, dest: int) -> str | None:
    """When no number of the roll can be played at all, the core only says the turn is over; the rule
    that stops this particular checker is more use to a learner."""
    dice = sorted(set(turn.dice), key=lambda die: dest_of(source, die) != dest)  # the die that fits first
    return next(filter(None, (step_problem(turn.position, source, die) for die in dice)), None)


def english(keys: list[str]) -> str:
    return " ".join(ENGLISH[key] for key in keys)


def _feedback(kind: str, keys: list[str], rule: str | None = None, text: str = "") -> dict[str, Any]:
    """`words`: the ids of what is said, one sentence or more; `text`: the same in English."""
    return {"kind": kind, "text": text or english(keys), "words": keys, "rule": rule}


def lesson_summary(lesson: Lesson) -> dict[str, Any]:
    words = lesson_words(lesson)
    return {
        "id": lesson.id,
        "title": lesson.title,
        "topic": lesson.topic,
        "kind": lesson.kind,
        "words": {"title": words["title"], "topic": words["topic"]},
    }


def lesson_json(lesson: Lesson) -> dict[str, Any]:
    """What the page shows of a lesson; the answers stay in Python."""
    index = LESSONS.index(lesson)
    return {
        **lesson_summary(lesson),
        "words": lesson_words(lesson),
        "text": list(lesson.text),
        "task": lesson.task,
        "choices": [c.label for c in lesson.choices],
        "index": index,
        "count": len(LESSONS),
        "previous": LESSONS[index - 1].id if index > 0 else None,
        "next": LESSONS[index + 1].id if index + 1 < len(LESSONS) else None,
        "can_show": bool(lesson.solution) or lesson.kind != "move",
    }


def play_position(lesson: Lesson, play: PlaySpec) -> Position:
    """The position a lesson's play leads to, every move checked by the core."""
    turn = _new_turn(lesson)
    for source, dest in play:
        turn.move(source, dest)
    return turn.position


def _new_turn(lesson: Lesson) -> Turn:
    if lesson.dice is None:
        raise ValueError(f"lesson {lesson.id!r} has no dice")
    return Turn(position_of(lesson.me, lesson.them), lesson.dice)


def _tries(turn: Turn) -> dict[int, list[int]]:
    """The destinations the learner may *try* beyond the legal ones: each checker moved by each remaining die
    or by their sum. The core judges the try, so a wrong one is answered with its rule."""
    mine = turn.position.mine
    remaining = list(turn.remaining_dice)
    steps: set[int] = set(remaining)
    if len(remaining) >= 2:
        if len(set(remaining)) == 1:
            steps |= {remaining[0] * k for k in range(2, len(remaining) + 1)}
        else:
            steps.add(sum(remaining[:2]))
    dests: dict[int, set[int]] = {}
    for source in range(1, BAR + 1):
        if mine[source - 1] == 0:
            continue
        for step in steps:
            dests.setdefault(source, set()).add(max(source - step, OFF))
    for source, legal in turn.dests().items():
        dests.setdefault(source, set()).difference_update(legal)
    return {s: sorted(ds, reverse=True) for s, ds in sorted(dests.items(), reverse=True) if ds}


class TutorialSession:
    """The lesson the page is on. One per worker, like the loaded match of `backgammon.api`."""

    def __init__(self) -> None:
        self.lesson: Lesson = LESSONS[0]
        self.turn: Turn | None = None
        self.hits: list[bool] = []
        self.done = False

    # -- lifecycle -------------------------------------------------------------------------------
    def start(self, lesson_id: str) -> dict[str, Any]:
        try:
            self.lesson = lesson_by_id(lesson_id)
        except KeyError:
            raise ValueError(f"There is no lesson {lesson_id!r}.") from None
        self.turn = _new_turn(self.lesson) if self.lesson.dice else None
        self.hits = []
        self.done = False
        return {"lesson": lesson_json(self.lesson), "view": self.view(), "feedback": None, "done": False}

    def view(self) -> dict[str, Any]:
        lesson = self.lesson
        if self.turn is None:
            return lesson_view(
                lesson,
                position_of(lesson.me, lesson.them),
                dice=None,
                remaining=[],
                moves_made=[],
                dests={},
                no_legal_move=False,
            )
        turn = self.turn
        # With no legal move at all the turn is complete at once; the learner may still try moves.
        finished = self.done or (turn.is_complete and bool(turn.moves))
        made = [(m.source, m.dest, hit) for m, hit in zip(turn.moves, self.hits, strict=True)]
        return lesson_view(
            lesson,
            turn.position,
            dice=lesson.dice,
            remaining=list(turn.remaining_dice),
            moves_made=made,
            dests={} if finished else turn.dests(),
            no_legal_move=not turn.dests() and not turn.moves,
            tries={} if finished else _tries(turn),
        )

    def _answer(self, feedback: dict[str, Any]) -> dict[str, Any]:
        return {"view": self.view(), "feedback": feedback, "done": self.done}

    # -- checker tasks ---------------------------------------------------------------------------
    def move(self, source: int, dest: int) -> dict[str, Any]:
        turn = self._require_turn()
        if self.done:
            return self._answer(_feedback("done", [lesson_key(self.lesson, "success")]))
        try:
            steps = turn.move(source, dest)
        except IllegalMoveError as err:
            rule, keys = err.rule, rule_words(err)
            if rule == "turn-complete" and not turn.moves:
                rule = _no_move_reason(turn, source, dest) or rule
                keys = [rule_key(rule)] if rule in RULES else keys
            # A sentence the catalogue lacks is said in English, with the tutorial's detail.
            text = "" if keys else " ".join(filter(None, (err.explanation, RULE_DETAILS.get(rule))))
            return self._answer(_feedback("illegal", keys, rule, text))
        # A move that needs both dice counts as two, each with its own hit: Undo takes back one at a time.
        self.hits.extend(step.hit for step in steps)
        if not turn.is_complete:
            return self._answer(_feedback("progress", ["session.rest"]))
        if self._meets_goal(turn.position):
            self.done = True
            return self._answer(_feedback("done", [lesson_key(self.lesson, "success")]))
        nudge = lesson_key(self.lesson, "nudge") if self.lesson.nudge else "session.offGoal"
        return self._answer(_feedback("nudge", [nudge]))

    def _meets_goal(self, result: Position) -> bool:
        lesson = self.lesson
        if lesson.must_hit and result.theirs[24] <= position_of(lesson.me, lesson.them).theirs[24]:
            return False
        if not lesson.goals:
            return True
        return any(result == play_position(lesson, goal) for goal in lesson.goals)

    def undo(self) -> dict[str, Any]:
        turn = self._require_turn()
        if self.done or not turn.moves:
            return self._answer(_feedback("info", ["session.nothingToUndo"]))
        turn.undo_step()
        del self.hits[len(turn.moves) :]
        return self._answer(_feedback("info", ["session.undone"]))

    def restart(self) -> dict[str, Any]:
        return self.start(self.lesson.id)

    def pass_turn(self) -> dict[str, Any]:
        turn = self._require_turn()
        if turn.dests():
            return self._answer(_feedback("illegal", ["session.mustPlay"], "must-move"))
        self.done = True
        return self._answer(_feedback("done", [lesson_key(self.lesson, "success")]))

    # -- choice tasks ----------------------------------------------------------------------------
    def choose(self, index: int) -> dict[str, Any]:
        choices = self.lesson.choices
        if not 0 <= index < len(choices):
            raise ValueError(f"There is no answer {index!r} in this lesson.")
        why = lesson_key(self.lesson, "why", index)
        if choices[index].correct:
            self.done = True
            return self._answer(_feedback("done", [why, lesson_key(self.lesson, "success")]))
        return self._answer(_feedback("wrong", [why]))

    # -- help ------------------------------------------------------------------------------------
    def hint(self) -> dict[str, Any]:
        """The lesson's hint, and the next move of its solution to light on the board when the moves
        made so far are the start of that solution."""
        lesson = self.lesson
        made = [(m.source, m.dest) for m in self.turn.moves] if self.turn else []
        points: list[int | str] = []
        hint = lesson_key(lesson, "hint")
        if len(made) < len(lesson.solution) and list(lesson.solution[: len(made)]) == made:
            source, dest = lesson.solution[len(made)]
            points = [loc_to_json(source), loc_to_json(dest)]
        elif made and not self.done:
            keys = [hint, "session.undoToFollow"]
            return {"text": english(keys), "words": keys, "highlights": []}
        return {"text": english([hint]), "words": [hint], "highlights": points}

    def show(self) -> dict[str, Any]:
        """Reset the lesson and return a correct answer; the page plays it move by move (animated)."""
        lesson = self.lesson
        started = self.start(lesson.id)
        if lesson.kind == "choice":
            right = next(i for i, c in enumerate(lesson.choices) if c.correct)
            return {**started, "answer": {"choice": right}}
        if lesson.kind == "pass":
            return {**started, "answer": {"pass": True}}
        moves = [{"from": loc_to_json(s), "to": loc_to_json(d)} for s, d in lesson.solution]
        return {**started, "answer": {"moves": moves}}

    def _require_turn(self) -> Turn:
        if self.turn is None:
            raise ValueError(f"Lesson {self.lesson.id!r} is answered with a choice, not on the board.")
        return self.turn
