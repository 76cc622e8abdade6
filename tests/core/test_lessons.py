"""The rules tutorial's lessons, checked against the rules core and the game engine.

Every position must be possible, every correct answer accepted by the core, every wrong-move example
refused with the rule the lesson teaches, and every choice answer must agree with what the engine does.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from backgammon.api import handle
from backgammon.errors import IllegalMoveError
from backgammon.game import Game, GameStart, Win, classify_win
from backgammon.match import Match
from backgammon.movegen import legal_plays
from backgammon.position import Position
from backgammon.rules import Cube, CubeBlock, MatchSettings, may_double
from backgammon.turn import RULES, Turn
from backgammon.tutorial.lessons import BAR, LESSONS, OFF, Lesson, lesson_by_id
from backgammon.tutorial.session import ENGLISH, TutorialSession, play_position
from backgammon.tutorial.view import loc_to_json, position_of
from backgammon.tutorial.words import lesson_key
from backgammon.view import build_view

MOVE_LESSONS = [lesson for lesson in LESSONS if lesson.kind == "move"]
CHOICE_LESSONS = [lesson for lesson in LESSONS if lesson.kind == "choice"]
BOARD_LESSONS = [lesson for lesson in LESSONS if lesson.kind != "choice"]


def ids(lessons: Sequence[Lesson]) -> list[str]:
    return [lesson.id for lesson in lessons]


def correct_label(lesson: Lesson) -> str:
    return next(choice.label for choice in lesson.choices if choice.correct)


def started(lesson: Lesson) -> TutorialSession:
    session = TutorialSession()
    session.start(lesson.id)
    return session


# -- the lesson set as a whole ---------------------------------------------------------------------


def test_lesson_ids_are_unique_and_usable_as_addresses() -> None:
    lesson_ids = [lesson.id for lesson in LESSONS]
    assert len(set(lesson_ids)) == len(lesson_ids)
    for lesson_id in lesson_ids:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", lesson_id)


# The rules documents the game is built from (../shared/rules, README there): each statement of a rule of the
# game, with the places (document and section) that state it. A lesson cites the places it teaches from
# (`Lesson.rules`), and every statement must be taught by some lesson. The documents themselves are not in the
# repository (they are other sites' texts): the two tests that read them skip where they are not beside it.
RULES_DIR = Path(__file__).resolve().parents[2] / ".." / "shared" / "rules"
RULE_FILES = {
    "000": "000_d7230e9c79c41567.txt",
    "001": "001_a0a53c4726841e7c.txt",
    "002": "002_6d428ffa897f3732.txt",
    "003": "003_1878f4516364575d.txt",
    "004": "004_913f0386fc28a982.txt",
}
RULE_STATEMENTS: dict[str, tuple[str, ...]] = {
    "The board: 24 points in four quadrants, 15 checkers a side, and where they start": (
        "004 Set up",
        "000 Start position",
        "001 The board",
        "002 Board & Pieces",
    ),
    "The object: bring every checker home and bear them all off; the first to do so wins": (
        "004 Object of the game",
        "000 Start position",
        "002 Game Description",
    ),
    "The opening roll: a die each, the higher moves first with both numbers, a tie rolls again": (
        "004 Movement of the checkers",
        "002 Starting the Game",
    ),
    "Checkers move forward by the numbers rolled, each die a separate move (one checker may take both)": (
        "004 Movement of the checkers, rule 2",
        "000 Movement of pieces",
        "001 Movements",
        "002 Moving Checkers",
    ),
    "Doubles are played four times": (
        "004 Movement of the checkers, rule 3",
        "000 Movement of pieces",
        "003 Doubles",
    ),
    "A checker may land only on an open point, not on two or more of the other side's": (
        "004 Movement of the checkers, rule 1",
        "001 Barriers and captures",
        "002 Moving Checkers",
    ),
    "A blot landed on is hit and put on the bar": (
        "004 Hitting and entering",
        "000 How to capture opponent's pieces",
        "001 Barriers and captures",
        "002 Blots and Bars",
    ),
    "A checker on the bar enters first, in the other side's home board; enter what you can": (
        "004 Hitting and entering",
        "002 Blots and Bars",
    ),
    "A player who cannot move loses the turn (a pass)": (
        "004 Hitting and entering",
        "000 Other important rules (pass)",
    ),
    "Both numbers must be played when possible; when only one can be, the larger": (
        "004 Movement of the checkers, rule 4",
        "000 Other important rules",
        "000 Other important rules (frozen pieces)",
        "002 Moving Checkers",
    ),
    "Swap dice: which die is played first": ("000 Other important rules (Swap dice)",),
    "Bearing off: all 15 home; the exact number, or a larger one from the highest point; a hit checker comes "
    "home again first; bearing off is never forced": (
        "004 Bearing off",
        "000 How to remove own pieces",
        "001 Exiting tokens",
        "002 Bearing Off",
    ),
    "Gammon and backgammon count two and three times the cube": (
        "004 Gammons and backgammons",
        "000 Scoring",
        "001 Winning, gammon and backgammon",
        "002 Gammon and Backgammon",
    ),
    "Doubling: before rolling; a refusal loses the cube's value; the taker owns the cube and may redouble": (
        "004 Doubling",
        "000 A doubling cube",
        "001 Doubling die",
        "002 Doubling Cube",
        "002 Doubling Cube FAQ",
    ),
    "No double on a game's first turn, nor past the value that already wins the match": (
        "000 Other important doubling cube rules",
    ),
    "Match play: games to a number of points, the cube's value counted toward it": (
        "002 Matches versus Point-Games",
        "000 A doubling cube",
    ),
    "The Crawford rule, and doubling again after the Crawford game": (
        "000 Crawford rule",
        "000 Other important doubling cube rules",
        "002 Crawford Rule",
        "002 Clarification of Crawford Rule",
    ),
    "The house rule against a double that wins the match at once or erases the other's lead": (
        "001 Doubling die (house rule)",
    ),
    "Automatic doubles (optional)": ("004 Optional rules 1",),
    "Beavers (optional)": ("004 Optional rules 2",),
    "The Jacoby rule (optional)": ("004 Optional rules 3",),
    "Irregularities of play over the board": ("004 Irregularities",),
}
# The documents' sections that state no rule of the game, and where the game has what they describe instead.
NOT_RULES = {
    "000 The History of Backgammon": "history",
    "001 Shortcut keys summary": "the page's keys (tests/e2e/test_keyboard_play.py)",
    "002 Undoing a Move": "the page's Undo by dragging back (tests/e2e/test_match_play.py)",
}
# 003 is a second copy of 002's page: its sections are 002's, and 002 is cited.


def cited_section(citation: str) -> tuple[str, str]:
    """The document and the section of a citation: "004 Movement of the checkers, rule 2" ->
    ("004", "Movement of the checkers"); "004 Optional rules 1" -> ("004", "Optional rules")."""
    document, rest = citation.split(" ", 1)
    section = re.sub(r"(, rule \d| \d| \(.*\))$", "", rest)
    return document, section


def rules_text(document: str) -> str:
    path = RULES_DIR / RULE_FILES[document]
    if not path.exists():
        pytest.skip(f"the rules documents are not beside the repository ({RULES_DIR})")
    return path.read_text(encoding="utf-8")


def test_every_place_cited_is_a_section_of_its_document() -> None:
    places = {place for places in RULE_STATEMENTS.values() for place in places} | set(NOT_RULES)
    places |= {place for lesson in LESSONS for place in lesson.rules}
    for place in sorted(places):
        document, section = cited_section(place)
        assert section.lower() in rules_text(document).lower(), f"{place}: no such section in {document}"


@pytest.mark.parametrize("lesson", LESSONS, ids=ids(LESSONS))
def test_each_lesson_teaches_rule_statements(lesson: Lesson) -> None:
    """A lesson cites places of the rules documents, each a place of a statement of the table."""
    assert lesson.text and lesson.task and lesson.hint and lesson.success and lesson.rules
    every_place = {place for places in RULE_STATEMENTS.values() for place in places}
    for place in lesson.rules:
        assert place in every_place, f"{lesson.id} cites {place!r}, which states none of the rules listed"


@pytest.mark.parametrize("statement", RULE_STATEMENTS)
def test_every_rule_statement_is_taught_by_a_lesson(statement: str) -> None:
    places = set(RULE_STATEMENTS[statement])
    assert any(places & set(lesson.rules) for lesson in LESSONS), f"no lesson teaches: {statement}"


def test_the_table_covers_every_section_of_the_documents() -> None:
    """Each section heading of the documents is a place of some statement, or is listed as stating none."""
    headings = {
        "000": re.findall(r"^([A-Z][^.:•\n]{2,45})$", rules_text("000"), re.M),
        "001": re.findall(r"^###? (.+)$", rules_text("001"), re.M),
        "002": [*re.findall(r"^\*\*([^*]+)\*\*$", rules_text("002"), re.M), "Clarification of Crawford Rule"],
        "004": re.findall(r"^([A-Z][a-z][^.\n]{1,30})$", rules_text("004"), re.M),
    }
    places = {place for places in RULE_STATEMENTS.values() for place in places} | set(NOT_RULES)
    sections = {cited_section(place) for place in places}
    assert sum(len(found) for found in headings.values()) > 30  # the headings were found
    uncovered = []
    for document, found in headings.items():
        for heading in found:
            heading = heading.strip()
            if heading in ("Game rules", "How to play BACKGAMMON") or heading.startswith("Question #"):
                continue  # a title, and 002's FAQ entries (its section is cited)
            if not any(d == document and heading.lower().startswith(s.lower()) for d, s in sections):
                uncovered.append(f"{document} {heading}")
    assert uncovered == []


@pytest.mark.parametrize("lesson", LESSONS, ids=ids(LESSONS))
def test_lesson_position_is_a_possible_board(lesson: Lesson) -> None:
    position = position_of(lesson.me, lesson.them)  # Position() validates and raises if impossible
    assert sum(position.mine) >= 1 and sum(position.theirs) >= 1
    assert Position.from_id(position.id) == position


@pytest.mark.parametrize("lesson", LESSONS, ids=ids(LESSONS))
def test_lesson_view_has_every_field_of_the_match_view(lesson: Lesson) -> None:
    # The board draws both; a field the lesson view lacks shows as "undefined" on the board.
    match_view = build_view(Match())
    view = started(lesson).view()
    assert set(match_view) <= set(view)
    assert set(match_view["cube"]) <= set(view["cube"])
    assert set(match_view["board"]) <= set(view["board"])
    if view["cube"]["offered_by"] is not None:
        assert view["cube"]["offered_value"] == 2 * view["cube"]["value"]


def test_lesson_options_are_match_settings() -> None:
    for lesson in LESSONS:
        for option in lesson.options:
            assert option in MatchSettings.__dataclass_fields__


@pytest.mark.parametrize("lesson", BOARD_LESSONS, ids=ids(BOARD_LESSONS))
def test_board_lesson_has_dice_and_a_wrong_move_example(lesson: Lesson) -> None:
    assert lesson.dice is not None
    assert lesson.mistake is not None


# -- checker tasks ------------------------------------------------------------------------------


@pytest.mark.parametrize("lesson", MOVE_LESSONS, ids=ids(MOVE_LESSONS))
def test_solution_is_a_legal_play_and_completes_the_lesson(lesson: Lesson) -> None:
    assert lesson.dice is not None
    start = position_of(lesson.me, lesson.them)
    result = play_position(lesson, lesson.solution)
    assert result in {start.apply_unchecked(play) for play in legal_plays(start, lesson.dice)}
    session = started(lesson)
    for source, dest in lesson.solution:
        answer = session.move(source, dest)
        assert answer["feedback"]["kind"] != "illegal", answer["feedback"]
    assert answer["done"] is True
    success = lesson_key(lesson, "success")
    assert answer["feedback"] == {"kind": "done", "text": lesson.success, "words": [success], "rule": None}


@pytest.mark.parametrize("lesson", MOVE_LESSONS, ids=ids(MOVE_LESSONS))
def test_every_goal_is_a_legal_play(lesson: Lesson) -> None:
    assert lesson.dice is not None
    start = position_of(lesson.me, lesson.them)
    results = {start.apply_unchecked(play) for play in legal_plays(start, lesson.dice)}
    for goal in lesson.goals:
        assert play_position(lesson, goal) in results


@pytest.mark.parametrize("lesson", BOARD_LESSONS, ids=ids(BOARD_LESSONS))
def test_wrong_move_example_is_answered_with_its_rule_or_the_nudge(lesson: Lesson) -> None:
    assert lesson.mistake is not None
    session = started(lesson)
    *before, last = lesson.mistake.moves
    for source, dest in before:
        assert session.move(source, dest)["feedback"]["kind"] == "progress"
    # The board must let the learner make the try: it is among the view's destinations or its tries.
    view = session.view()
    source = str(loc_to_json(last[0]))
    assert loc_to_json(last[1]) in view["dests"].get(source, []) + view["tries"].get(source, [])
    answer = session.move(*last)
    feedback = answer["feedback"]
    assert answer["done"] is False
    if lesson.mistake.rule is None:
        nudge = lesson_key(lesson, "nudge")
        assert feedback == {"kind": "nudge", "text": lesson.nudge, "words": [nudge], "rule": None}
    else:
        assert feedback["kind"] == "illegal"
        assert feedback["rule"] == lesson.mistake.rule
        # The core's sentence for the rule (in the plural where several checkers are on the bar).
        rule = lesson.mistake.rule
        assert any(
            feedback["text"].startswith(words) for words in {RULES[rule], PLURAL_RULES.get(rule, "")} if words
        )
        # ...said by ids the page's catalogue holds, whose English is the text.
        assert feedback["words"] and feedback["words"][0].startswith("rule.")
        assert " ".join(ENGLISH[key] for key in feedback["words"]) == feedback["text"]
        assert len(answer["view"]["moves_made"]) == len(before)


# The core's sentences where several checkers are concerned.
PLURAL_RULES = {"must-enter-first": "You must enter your checkers from the bar first."}


REFUSED_FIRST = [
    lesson
    for lesson in BOARD_LESSONS
    if lesson.mistake and lesson.mistake.rule and len(lesson.mistake.moves) == 1
]


@pytest.mark.parametrize("lesson", REFUSED_FIRST, ids=ids(REFUSED_FIRST))
def test_a_refused_move_leaves_the_board_as_it_was(lesson: Lesson) -> None:
    assert lesson.mistake is not None
    session = started(lesson)
    before = session.view()
    session.move(*lesson.mistake.moves[0])
    assert session.view() == before


def test_the_learner_can_try_moves_the_rules_forbid() -> None:
    # The board accepts blocked points too (it lights only the legal destinations), so that the rules core
    # can explain why they are refused.
    session = started(lesson_by_id("blocked"))
    view = session.view()
    assert 7 in view["tries"]["13"] and 7 not in view["dests"].get("13", [])  # blocked: 6 pips from the 13
    assert session.move(13, 7)["feedback"]["rule"] == "blocked"


def test_pass_is_accepted_only_when_no_move_is_legal() -> None:
    lesson = lesson_by_id("pass")
    assert lesson.dice is not None
    assert [play for play in legal_plays(position_of(lesson.me, lesson.them), lesson.dice) if play] == []
    answer = started(lesson).pass_turn()
    assert answer["done"] is True
    refused = started(lesson_by_id("entering")).pass_turn()
    assert refused["feedback"]["kind"] == "illegal" and refused["done"] is False


def test_hit_goal_requires_a_hit() -> None:
    session = started(lesson_by_id("hitting"))
    session.move(13, 9)
    answer = session.move(6, 4)
    assert answer["done"] is True
    assert answer["view"]["board"]["bar"] == [0, 1]
    assert answer["view"]["moves_made"][0] == {"from": 13, "to": 9, "hit": True}


def test_undo_takes_back_the_last_move() -> None:
    session = started(lesson_by_id("board"))
    session.move(24, 18)
    answer = session.undo()
    assert answer["view"]["moves_made"] == []
    assert answer["view"]["board"]["points"][23] == 2


def test_hint_lights_the_next_move_of_the_solution() -> None:
    session = started(lesson_by_id("entering"))
    assert session.hint()["highlights"] == ["bar", 21]
    session.move(BAR, 21)
    assert session.hint()["highlights"] == [13, 11]


def test_entering_what_you_can_loses_the_rest_of_the_roll() -> None:
    lesson = lesson_by_id("enter-what-you-can")
    assert lesson.dice is not None
    start = position_of(lesson.me, lesson.them)
    assert start.mine[24] == 2
    # The only legal play enters one checker with the 4; the 2 is lost.
    plays = [[(move.source, move.dest) for move in play] for play in legal_plays(start, lesson.dice)]
    assert plays == [[(BAR, 21)]]
    answer = started(lesson).move(BAR, 21)
    assert answer["done"] is True and answer["view"]["board"]["bar"][0] == 1


def test_partial_doubles_play_as_many_numbers_as_the_board_allows() -> None:
    lesson = lesson_by_id("doubles-partial")
    assert lesson.dice is not None and lesson.dice[0] == lesson.dice[1]
    plays = legal_plays(position_of(lesson.me, lesson.them), lesson.dice)
    assert {len(list(play)) for play in plays} == {len(lesson.solution)} == {3}
    session = started(lesson)
    for source, dest in lesson.solution[:2]:
        assert session.move(source, dest)["done"] is False  # the lesson ends only when no six is left
    assert session.move(*lesson.solution[2])["done"] is True


def test_bearing_off_is_never_forced() -> None:
    lesson = lesson_by_id("bear-off-not-forced")
    assert lesson.dice is not None
    start = position_of(lesson.me, lesson.them)
    assert start.theirs[24] == 1  # the opponent is on the bar
    results = {start.apply_unchecked(play) for play in legal_plays(start, lesson.dice)}
    safe = play_position(lesson, lesson.solution)
    bore_off = play_position(lesson, lesson.mistake.moves if lesson.mistake else ())
    assert {safe, bore_off} <= results
    assert sum(safe.mine) == sum(start.mine)  # nothing borne off
    assert 1 not in safe.mine[:6]  # and no blot in the home board
    assert sum(bore_off.mine) == sum(start.mine) - 2 and 1 in bore_off.mine[:6]


def test_bear_off_lesson_accepts_either_way_of_bearing_off() -> None:
    lesson = lesson_by_id("bear-off")
    for goal in lesson.goals:
        session = started(lesson)
        for source, dest in goal:
            answer = session.move(source, dest)
        assert answer["done"] is True
        assert answer["view"]["board"]["off"][0] == 1
    assert (6, OFF) in {move for goal in lesson.goals for move in goal}


# -- choice tasks, checked against the game engine ------------------------------------------------


@pytest.mark.parametrize("lesson", CHOICE_LESSONS, ids=ids(CHOICE_LESSONS))
def test_choice_lesson_has_exactly_one_right_answer(lesson: Lesson) -> None:
    assert sum(choice.correct for choice in lesson.choices) == 1
    for index, choice in enumerate(lesson.choices):
        answer = started(lesson).choose(index)
        assert answer["done"] is choice.correct
        assert choice.why in answer["feedback"]["text"]


def finish_by_bearing_off(lesson: Lesson, settings: MatchSettings, die: int) -> int:
    """Play the lesson's last checker off in a real game and return the points it wins."""
    cube = Cube(lesson.cube.value, 0 if lesson.cube.value > 1 else None)
    game = Game(
        settings,
        score=lesson.score,
        start=GameStart(position_of(lesson.me, lesson.them), turn=0, cube=cube),
    )
    game.roll((die, die))
    turn = game.current_turn
    assert turn is not None
    while not turn.is_complete:
        game.move(next(iter(turn.dests())), OFF)
    game.confirm()
    assert game.outcome is not None
    return game.outcome.points


def test_gammon_answer_is_what_the_engine_scores() -> None:
    lesson = lesson_by_id("gammon")
    assert finish_by_bearing_off(lesson, MatchSettings(match_length=0), 6) == int(correct_label(lesson))


def test_backgammon_answer_is_what_the_engine_scores() -> None:
    lesson = lesson_by_id("backgammon")
    after = play_position_from(lesson, ((2, OFF),), dice=(2, 1))
    assert classify_win(after) is Win.BACKGAMMON
    assert finish_by_bearing_off(lesson, MatchSettings(match_length=0), 6) == int(correct_label(lesson))


def play_position_from(lesson: Lesson, play: tuple[tuple[int, int], ...], dice: tuple[int, int]) -> Position:
    turn = Turn(position_of(lesson.me, lesson.them), dice)
    for source, dest in play:
        turn.move(source, dest)
    return turn.position


def test_jacoby_answer_is_what_the_engine_scores() -> None:
    lesson = lesson_by_id("jacoby")
    points = finish_by_bearing_off(lesson, MatchSettings(match_length=0, jacoby=True), 6)
    assert points == int(correct_label(lesson))


def test_match_play_answer_adds_the_engines_points_to_the_score() -> None:
    lesson = lesson_by_id("match-play")
    points = finish_by_bearing_off(lesson, MatchSettings(match_length=lesson.match_length), 6)
    assert correct_label(lesson) == f"{lesson.score[0] + points}-{lesson.score[1]}"


def test_take_drop_answer_drop_because_every_roll_bears_off_both_checkers() -> None:
    lesson = lesson_by_id("take-drop")
    theirs_on_roll = position_of(lesson.me, lesson.them).swap()
    for a in range(1, 7):
        for b in range(1, a + 1):
            assert all(
                sum(theirs_on_roll.apply_unchecked(p).mine) == 0 for p in legal_plays(theirs_on_roll, (a, b))
            )
    game = Game(MatchSettings(match_length=0), start=GameStart(theirs_on_roll, turn=1))
    game.double()
    game.drop()
    assert game.outcome is not None and game.outcome.points == 1
    assert correct_label(lesson) == "Drop"


def test_redouble_dropped_pays_the_stake_before_it() -> None:
    lesson = lesson_by_id("cube-owner")
    game = Game(
        MatchSettings(match_length=0),
        start=GameStart(position_of(lesson.me, lesson.them), turn=0, cube=Cube(2, 0)),
    )
    game.double()
    game.drop()
    assert game.outcome is not None
    assert str(game.outcome.points) == correct_label(lesson)


def test_crawford_answer_nobody_may_double() -> None:
    lesson = lesson_by_id("crawford")
    settings = MatchSettings(match_length=lesson.match_length)
    for player in (0, 1):
        assert may_double(settings, Cube(), player, lesson.score, crawford_game=True) is CubeBlock.CRAWFORD
    assert correct_label(lesson) == "Nobody"


def test_post_crawford_answer_only_the_trailer_may_double() -> None:
    lesson = lesson_by_id("post-crawford")
    settings = MatchSettings(match_length=lesson.match_length)
    assert lesson.score[0] == lesson.match_length - 1 and not lesson.crawford_game
    assert may_double(settings, Cube(), 0, lesson.score, crawford_game=False) is CubeBlock.ONE_POINT_AWAY
    assert may_double(settings, Cube(), 1, lesson.score, crawford_game=False) is None
    assert correct_label(lesson) == "Only my opponent"


def test_dead_cube_answer_is_the_engines_cube_rule() -> None:
    lesson = lesson_by_id("dead-cube")
    settings = MatchSettings(match_length=lesson.match_length)
    cube = Cube(lesson.cube.value, 0)
    assert may_double(settings, cube, 0, lesson.score, crawford_game=False) is CubeBlock.CUBE_DEAD
    # One point less on the cube and the same redouble would be allowed.
    assert may_double(settings, Cube(2, 0), 0, lesson.score, crawford_game=False) is None
    assert correct_label(lesson) == "No"


def test_irregularities_cannot_happen_here_the_core_refuses_an_illegal_play() -> None:
    lesson = lesson_by_id("irregularities")
    with pytest.raises(IllegalMoveError) as refused:
        Turn(position_of(lesson.me, lesson.them), (6, 5)).move(24, 19)  # onto the opponent's 6 point
    assert refused.value.rule == "blocked"
    assert correct_label(lesson).startswith("Accept it")


def test_strict_doubling_answer_is_the_engines_cube_rule() -> None:
    lesson = lesson_by_id("strict-doubling")
    strict = MatchSettings(match_length=lesson.match_length, strict_doubling=True)
    standard = MatchSettings(match_length=lesson.match_length)
    assert may_double(strict, Cube(), 0, lesson.score, crawford_game=False) is CubeBlock.STRICT_RULE
    assert may_double(standard, Cube(), 0, lesson.score, crawford_game=False) is None
    assert correct_label(lesson) == "No"


def test_automatic_doubles_answer_is_the_engines_cube() -> None:
    game = Game(MatchSettings(match_length=0, automatic_doubles=1))
    game.roll((4, 4))
    game.roll((5, 5))
    assert game.cube == Cube(2, None)
    assert correct_label(lesson_by_id("automatic-doubles")) == "2"


def test_beaver_answer_is_the_engines_cube() -> None:
    lesson = lesson_by_id("beavers")
    game = Game(
        MatchSettings(match_length=0, beavers=True),
        start=GameStart(position_of(lesson.me, lesson.them).swap(), turn=1),
    )
    game.double()
    game.beaver()
    game.take()
    assert game.cube == Cube(4, 0)
    assert correct_label(lesson) == "4, owned by me"


def test_double_answer_before_rolling_only() -> None:
    lesson = lesson_by_id("double")
    game = Game(MatchSettings(match_length=0), start=GameStart(position_of(lesson.me, lesson.them), turn=0))
    assert game.why_not_double(0) is None
    assert game.why_not_double(1) is CubeBlock.NOT_YOUR_TURN
    game.roll((3, 1))
    assert game.why_not_double(0) is CubeBlock.AFTER_ROLL
    assert correct_label(lesson).startswith("At the start of my turn")


def test_swap_dice_answer_doubles_cannot_be_swapped() -> None:
    lesson = lesson_by_id("swap-dice")
    assert not Turn(Position.start(), (4, 4)).can_swap_dice
    assert Turn(Position.start(), (6, 1)).can_swap_dice
    assert correct_label(lesson) == "4-4"


# -- through the worker's JSON API ----------------------------------------------------------------


def api(method: str, params: dict[str, Any] | None = None) -> Any:
    answer = json.loads(handle(json.dumps({"id": 1, "method": method, "params": params or {}})))
    assert "error" not in answer, answer
    return answer["result"]


def test_api_lists_every_lesson_in_order() -> None:
    lessons = api("lesson_list")["lessons"]
    assert [lesson["id"] for lesson in lessons] == [lesson.id for lesson in LESSONS]


def test_api_plays_a_lesson_with_board_locations() -> None:
    started_answer = api("lesson_start", {"id": "entering"})
    assert started_answer["lesson"]["choices"] == []
    refused = api("lesson_move", {"from": 13, "to": 9})
    assert refused["feedback"]["rule"] == "must-enter-first"
    api("lesson_move", {"from": "bar", "to": 21})
    done = api("lesson_move", {"from": 13, "to": 11})
    assert done["done"] is True


def test_api_keeps_the_answers_of_a_choice_lesson_in_python() -> None:
    lesson = api("lesson_start", {"id": "gammon"})["lesson"]
    assert lesson["choices"] == ["4", "8", "12"]
    assert "correct" not in json.dumps(lesson)


def test_api_show_me_gives_a_correct_answer() -> None:
    shown = api("lesson_show", {})
    assert shown["answer"] == {"choice": 1}
    api("lesson_start", {"id": "both-dice"})
    moves = api("lesson_show", {})["answer"]["moves"]
    assert moves == [{"from": 24, "to": 18}, {"from": 18, "to": 14}]
    for move in moves:
        answer = api("lesson_move", move)
    assert answer["done"] is True


def test_api_refuses_an_unknown_lesson_with_a_plain_message() -> None:
    answer = json.loads(handle(json.dumps({"id": 1, "method": "lesson_start", "params": {"id": "nope"}})))
    assert "nope" in answer["error"]["message"]


def test_readme_shows_the_one_line_iframe_of_a_lesson_and_counts_the_lessons() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Rules tutorial") :]
    frames = [line for line in section.splitlines() if line.startswith("<iframe ")]
    assert len(frames) == 1 and frames[0].endswith("></iframe>")
    found = re.search(r'src="[^"]*/tutorial\.html\?embed=1#([a-z0-9-]+)"', frames[0])
    assert found is not None and found.group(1) in {lesson.id for lesson in LESSONS}
    assert f"in {len(LESSONS)} short lessons" in " ".join(section.split())
