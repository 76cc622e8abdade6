"""`.mat` export in the layout GNU Backgammon's importer reads (column widths matter)."""

from __future__ import annotations

from typing import Any

import pytest

from backgammon.errors import InvalidActionError
from backgammon.formats.mat_export import export_game, export_mat
from backgammon.game import Game, GameStart
from backgammon.match import Match, Setup, match_from_ids
from backgammon.position import Position
from backgammon.rules import MatchSettings


def side(points: dict[int, int]) -> tuple[int, ...]:
    counts = [0] * 25
    for point, checkers in points.items():
        counts[point - 1] = checkers
    return tuple(counts)


def moves(*pairs: tuple[int, int]) -> list[dict[str, int]]:
    return [{"from": source, "to": dest} for source, dest in pairs]


def scripted_match() -> Match:
    match = Match(MatchSettings(match_length=3))

    def act(action_type: str, **fields: Any) -> None:
        match.act({"type": action_type, **fields})

    act("roll", dice=[1, 3])  # player 1 opens with 31
    act("play", moves=moves((17, 20), (19, 20)))
    act("roll", dice=[5, 2])
    act("play", moves=moves((13, 8), (13, 11)))
    act("roll", dice=[6, 4])
    act("play", moves=moves((1, 7), (7, 11)))  # hits on 11
    act("double")
    act("drop")
    act("next_game")
    act("roll", dice=[6, 5])
    act("play", moves=moves((24, 18), (18, 13)))
    act("double")
    act("take")
    act("roll", dice=[6, 6])
    act("play", moves=moves((12, 18), (12, 18), (17, 23), (17, 23)))
    act("roll", dice=[2, 1])
    act("play", moves=moves((6, 4), (4, 3)))
    act("roll", dice=[3, 3])
    act("resign", kind="gammon")
    act("accept_resign")
    return match


EXPECTED = """\
 3 point match

 Game 1
 White : 0                      Black : 0
  1)                             31: 8/5 6/5
  2) 52: 13/8 13/11              64: 24/18 18/14*
  3)  Doubles => 2                Drops
      Wins 1 point

 Game 2
 White : 1                      Black : 0
  1) 65: 24/18 18/13              Doubles => 2
  2)  Takes                      66: 13/7 13/7 8/2 8/2
  3) 21: 6/4 4/3                 33:
      Wins 4 points and the match
"""


def test_a_match_is_written_in_gnubg_layout() -> None:
    text = export_mat(scripted_match())
    assert text.startswith('; [Player 1 "White"]\n; [Player 2 "Black"]\n')
    body = text[text.index(" 3 point match") :]
    assert body.rstrip("\n") == EXPECTED.rstrip("\n")


def gnubg_split(line: str) -> tuple[str, str | None]:
    """How GNU Backgammon's ImportGame (import.c) splits a numbered line into the two players' cells."""
    right: str | None = None
    first = line.find(":")
    second = line.find(":", first + 1) if first >= 0 else -1
    if first >= 0 and second > 3:
        left, right = line[: second - 3], line[second - 2 :]
    elif len(line) > 15 and (gap := line.find("  ", 15)) >= 0:
        left, right = line[:gap], line[gap + 1 :]
    else:
        left = line
    if ")" in left:
        left = left[left.index(")") + 1 :]
    return left.strip(), right.strip() if right is not None else None


def test_every_cell_lands_in_its_players_column_for_gnubgs_importer() -> None:
    match = scripted_match()
    text = export_mat(match)
    cells: list[tuple[int, str]] = []
    for line in text.splitlines():
        if line[:5].strip().endswith(")"):
            left, right = gnubg_split(line)
            if left:
                cells.append((0, left))
            if right:
                cells.append((1, right))
    expected = [
        (item.player, item.text.strip())
        for game in match.games
        for item in game.history
        if item.kind != "win"
    ]
    # Plays are written one die at a time, so compare cube actions exactly and plays by their dice.
    assert [(p, c.split(":")[0]) for p, c in cells] == [(p, c.split(":")[0]) for p, c in expected]


def test_right_column_starts_at_column_34_and_left_cells_are_27_wide() -> None:
    lines = export_mat(scripted_match()).splitlines()
    row = next(line for line in lines if line.startswith("  2) 52:"))
    assert row.index("64:") == 33
    opening = next(line for line in lines if line.startswith("  1)  "))
    assert opening.index("31:") == 33 and not opening[4:33].strip()


def test_a_pass_is_the_dice_alone() -> None:
    # Player 0 is on the bar against a closed board.
    position = Position(side({25: 1, 6: 14}), side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}))
    game = Game(MatchSettings(match_length=0), start=GameStart(position, turn=0))
    game.roll((5, 2))
    game.confirm()
    assert export_game(game, ("Ann", "Bob"))[2] == "  1) 52:"


def test_a_win_by_player_1_sits_in_the_right_column() -> None:
    position = Position(side({1: 1, 2: 1}), side({6: 15}))  # player 1 on roll, two checkers left
    game = Game(MatchSettings(match_length=0), start=GameStart(position, turn=1))
    game.roll((2, 1))
    game.move(2, 0)
    game.move(1, 0)
    game.confirm()
    lines = export_game(game, ("Ann", "Bob"))
    assert lines[2] == "  1)" + " " * 29 + "21: 2/0 1/0"
    assert lines[3] == " " * 34 + "Wins 2 points"


def test_bar_entries_are_written_as_25() -> None:
    position = Position(side({25: 1, 6: 14}), side({6: 15}))
    game = Game(MatchSettings(match_length=0), start=GameStart(position, turn=0))
    game.roll((3, 2))
    game.move(25, 22)
    game.move(22, 20)
    game.confirm()
    assert export_game(game, ("Ann", "Bob"))[2] == "  1) 32: 25/22 22/20"


def test_a_drop_in_the_left_column_carries_the_result_on_its_line_as_gnubg_writes_it() -> None:
    match = Match(MatchSettings(match_length=5))
    match.act({"type": "roll", "dice": [3, 1]})
    match.act({"type": "play", "moves": moves((8, 5), (6, 5))})
    match.act({"type": "double"})  # player 1
    match.act({"type": "drop"})  # player 0
    lines = export_mat(match).splitlines()
    row = next(line for line in lines if line.startswith("  2)"))
    assert row == "  2)  Drops" + " " * 23 + "Wins 1 point"
    assert gnubg_split(row) == ("Drops", "Wins 1 point")
    assert not any(line.strip().startswith("Wins") for line in lines)


def test_names_with_colons_cannot_break_the_score_line() -> None:
    match = Match(MatchSettings(match_length=1), [{"name": "A:B"}, {"name": "C"}])
    assert " A B : 0 " in export_mat(match)


def test_money_sessions_are_written_as_0_point_matches() -> None:
    assert "\n 0 point match\n" in export_mat(Match(MatchSettings(match_length=0)))


def test_a_set_up_match_cannot_be_exported_and_the_message_says_why_and_what_to_use() -> None:
    match = match_from_ids(Setup("4HPwATDgc/ABMA"), None, None)
    with pytest.raises(InvalidActionError) as refused:
        export_mat(match)
    message = str(refused.value)
    assert "set-up position" in message and "no place for a starting position" in message
    assert "Save it as a GNU Backgammon .sgf file" in message


def test_a_beaver_is_written_and_its_take_is_implied_by_the_next_roll() -> None:
    match = Match(MatchSettings(match_length=0, beavers=True))
    match.act({"type": "roll", "dice": [3, 1]})
    match.act({"type": "play", "moves": moves((8, 5), (6, 5))})
    match.act({"type": "double"})  # player 1
    match.act({"type": "beaver"})  # player 0 to 4
    match.act({"type": "take"})  # player 1
    match.act({"type": "roll", "dice": [5, 2]})
    match.act({"type": "play", "moves": moves((12, 17), (12, 14))})
    rows = [line for line in export_mat(match).splitlines() if line[:5].strip().endswith(")")]
    assert rows[1].startswith("  2)  Beavers => 4 ") and rows[1].index("52: 13/8 13/11") == 33
    assert rows[0].rstrip().endswith("Doubles => 2")
    assert not any("Takes" in row for row in rows)
