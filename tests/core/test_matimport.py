""".mat import: GNU Backgammon's own files, our exporter's files, notation variants and broken files."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from gnubg_support import finished_match_summary, gnubg_output, needs_gnubg
from test_api import random_session
from test_bot_api import play_out
from test_position_methods import said_in_english

from backgammon import api
from backgammon.formats import mat_export
from backgammon.formats.mat_export import export_mat
from backgammon.formats.mat_import import MatImportError, import_mat, mat_summary
from backgammon.game import HistoryItem
from backgammon.match import Match
from backgammon.record import load_record, to_record

DATA = Path(__file__).parent / "data" / "mat"

#: file -> (match length, games, final score as GNU Backgammon 1.07 shows it after `import mat`; see README)
GNUBG_FILES = {
    "gnubg-1pt-seed5.mat": (1, 1, [0, 3]),
    "gnubg-3pt-seed6.mat": (3, 2, [3, 0]),
    "gnubg-5pt-seed2.mat": (5, 3, [1, 14]),
    "gnubg-7pt-seed8.mat": (7, 3, [9, 4]),
    "gnubg-money-seed4.mat": (0, 3, [4, 8]),
    "gnubg-money-seed7.mat": (0, 3, [0, 4]),
}


def read(name: str) -> str:
    return (DATA / name).read_text()


def events(match: Match) -> Counter[str]:
    """What happened in a match: actions by type, passes, game endings and Crawford games."""
    found: Counter[str] = Counter()
    for game in match.games:
        found.update(entry["type"] for entry in game.record_entries())
        found.update("pass" for item in game.history if item.kind == "play" and not item.moves)
        if game.outcome is not None:
            found[f"{game.outcome.ending.value}-{game.outcome.kind.label}"] += 1
        found["crawford"] += game.crawford_game
    return found


# ---- GNU Backgammon's files --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GNUBG_FILES))
def test_gnubg_files_import_with_the_score_gnubg_shows(name: str) -> None:
    length, games, score = GNUBG_FILES[name]
    match = import_mat(read(name))
    assert mat_summary(match) == finished_match_summary(length, games, score)
    # The record the worker hands to the page loads back to the same match.
    again = load_record(to_record(match))
    assert again.score == score
    assert export_mat(again) == export_mat(match)


def test_the_gnubg_files_cover_cube_actions_resignations_passes_and_gammons() -> None:
    found: Counter[str] = Counter()
    for name in GNUBG_FILES:
        found += events(import_mat(read(name)))
    for needed in ("double", "take", "drop", "resign", "accept_resign", "pass", "crawford"):
        assert found[needed], needed
    for ending in ("resigned-single", "resigned-gammon", "resigned-backgammon", "borne_off-backgammon"):
        assert found[ending], ending


def test_money_sessions_take_gnubgs_default_rules_jacoby_and_beavers() -> None:
    match = import_mat(read("gnubg-money-seed4.mat"))
    assert match.settings.match_length == 0
    assert match.settings.jacoby and match.settings.beavers


@needs_gnubg
def test_gnubg_itself_scores_the_files_and_our_exports_of_them_as_we_do(tmp_path: Path) -> None:
    """gnubg imports each file, then our export of what we imported; every score must be ours."""
    files: list[tuple[Path, list[int]]] = []
    for name in sorted(GNUBG_FILES):
        match = import_mat(read(name))
        ours = tmp_path / f"ours-{name}"
        ours.write_text(export_mat(match))
        files += [(DATA / name, match.score), (ours, match.score)]
    script = ["set confirm new off"]
    for path, _ in files:
        script += [f"import mat {path}", "show score"]
    output = gnubg_output("\n".join(script) + "\n")
    scores = re.findall(r"The score \(after \d+ games?\) is: \S+ (\d+), \S+ (\d+)", output)
    assert [[int(a), int(b)] for a, b in scores] == [score for _, score in files], output[-2000:]


# ---- our own files -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [2, 7, 27])
def test_our_exports_round_trip(seed: int) -> None:
    """Random sessions with undos, beavers (money), resignations before and after the roll."""
    random_session(seed, 500)
    match = api.current_match()
    text = export_mat(match)
    imported = import_mat(text)
    assert export_mat(imported) == text
    assert imported.score == match.score
    assert imported.settings == match.settings
    assert export_mat(load_record(to_record(imported))) == text


def test_a_match_between_computer_players_round_trips() -> None:
    play_out({"match_length": 3}, seed=4)
    match = api.current_match()
    text = export_mat(match)
    imported = import_mat(text)
    assert export_mat(imported) == text
    assert mat_summary(imported)["finished"] and imported.score == match.score


def test_an_unfinished_match_imports_as_far_as_it_goes() -> None:
    text = read("gnubg-5pt-seed2.mat")
    cut = text[: text.index(" Game 3")]
    cut += " Game 3\n Alice : 1                      Bob : 2\n  1) 31: 8/5 6/5                 64:\n"
    match = import_mat(cut)
    assert mat_summary(match) == {
        "players": ["Alice", "Bob"],
        "match_length": 5,
        "games": 3,
        "score": [1, 2],
        "finished": False,
    }
    # The file ends with Bob's roll: his turn is there to be played.
    assert match.game.phase.value == "move" and match.game.dice == (6, 4) and match.game.turn == 1
    assert load_record(to_record(match)).game.dice == (6, 4)


# ---- notation and layout variants --------------------------------------------------------------------------

HAND_MADE = """\
; [Player 1 "Ann"]
; [Player 2 "Ben"]
; [Crawford "On"]

 3 point match

 Game 1
 Ann : 0                        Ben : 0
  1) 31: 8/5 6/5                 64: 24/14
  2) 21: 13/11* 6/5              43: bar/21 13/10
  3) 66: 24/18(2) 13/7(2)        32: 13/10 13/11
"""


def test_hand_written_notation_bar_compound_moves_repeats_and_hits() -> None:
    match = import_mat(HAND_MADE)
    game = match.game
    assert game.notation == [
        "31: 8/5 6/5",
        "64: 24/14",
        "21: 13/11* 6/5",
        "43: bar/21 13/10",
        "66: 24/18(2) 13/7(2)",
        "32: 13/11 13/10",
    ]
    assert game.position == import_mat(HAND_MADE.replace("bar/21", "25/21")).game.position
    assert game.turn == 0 and game.phase.value == "roll"
    assert match.players[0]["name"] == "Ann" and match.settings.crawford


def standard_notation(item: HistoryItem) -> str:
    """A play as a person writes it: `bar/22`, `6/off`, `8/4(2)`, `24/13` for one checker, `*` for hits."""
    assert item.kind == "play"
    return item.text


def test_every_play_written_in_standard_notation_replays_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    original = import_mat(read("gnubg-5pt-seed2.mat"))
    monkeypatch.setattr(mat_export, "format_mat_play", standard_notation)
    text = export_mat(original)
    for variant in ("bar/", "/off", "(2)", "*", ": pass"):
        assert variant in text, variant
    assert re.search(r": (\d+)/(\d+)\b", text)  # and compound moves, by one checker with both dice:
    assert any(
        len(item.moves) == 2 and item.text.count("/") == 1
        for game in original.games
        for item in game.history
        if item.kind == "play"
    )
    again = import_mat(text)
    assert again.score == original.score
    assert [game.position for game in again.games] == [game.position for game in original.games]
    assert [game.notation for game in again.games] == [game.notation for game in original.games]


def test_columns_padded_another_way_are_read_by_their_tokens() -> None:
    """Another writer's layout: wider columns, no trailing spaces, `bar` and `off`, tabs nowhere."""
    original = import_mat(read("gnubg-7pt-seed8.mat"))
    lines = []
    for line in read("gnubg-7pt-seed8.mat").splitlines():
        row = re.match(r"^\s*(\d+)\) (.{27}) ?(.*)$", line)
        score = re.match(r"^ (\S+ : \d+)\s+(\S+ : \d+)$", line)
        if row:
            left, right = row.group(2).strip(), row.group(3).strip()
            line = f"{int(row.group(1)):4d})  {left:<34}{right}".rstrip()
        elif score:
            line = f"  {score.group(1):<38}{score.group(2)}"
        elif line.strip().startswith("Wins"):
            line = (" " * 8 if line.index("Wins") < 20 else " " * 42) + line.strip()
        lines.append(line.replace(" 25/", " bar/").replace("/0 ", "/off ").rstrip())
    match = import_mat("\n".join(lines) + "\n")
    assert match.score == original.score == [9, 4]
    assert export_mat(match) == export_mat(original)


def test_windows_line_ends_and_a_byte_order_mark_are_read() -> None:
    text = read("gnubg-3pt-seed6.mat")
    assert import_mat("\ufeff" + text.replace("\n", "\r\n")).score == [3, 0]


# ---- refused files -----------------------------------------------------------------------------------------

GOOD = """\
 3 point match

 Game 1
 White : 0                      Black : 0
  1) 31: 8/5 6/5                 52: 13/8 13/11
  2) 64: 24/18 13/9              21: 24/23 13/11
"""


def broken(row: str, replace: str) -> str:
    assert row in GOOD
    return GOOD.replace(row, replace)


def refused(text: str) -> MatImportError:
    with pytest.raises(MatImportError) as caught:
        import_mat(text)
    return caught.value


def test_the_good_example_imports() -> None:
    assert import_mat(GOOD).game.notation == [
        "31: 8/5 6/5",
        "52: 13/11 13/8",
        "64: 24/18 13/9",
        "21: 24/23 13/11",
    ]


@pytest.mark.parametrize(
    ("text", "game", "line", "reason"),
    [
        pytest.param(
            broken("64: 24/18 13/9 ", "64: 6/0 6/2    "),
            1,
            6,
            "6/0 6/2 is not a legal play for White with 64: You can bear off only when all your checkers",
            id="illegal-play",
        ),
        pytest.param(broken("64: 24/18", "6x: 24/18"), 1, 6, "Cannot read '6x:'", id="garbled-roll"),
        pytest.param(broken("64: 24/18", "74: 24/18"), 1, 6, "'74:' is not a roll", id="impossible-roll"),
        pytest.param(
            broken("13/8 13/11", "13/8 13/x1"),
            1,
            5,
            "13/8 13/x1 is not a legal play for Black",
            id="bad-move",
        ),
        pytest.param(
            GOOD.replace("  2) 64: 24/18 13/9              21: 24/23 13/11", "  2)  Drops"),
            1,
            6,
            "White drops, but no double is waiting for an answer",
            id="drop-without-double",
        ),
        pytest.param(
            GOOD.replace("  1) 31: 8/5 6/5 ", "  1)  Doubles => 2"),
            1,
            5,
            "White doubles out of place",
            id="double-before-the-opening-roll",
        ),
        pytest.param(
            broken("21: 24/23 13/11", " Takes"), 1, 6, "Black takes, but no double", id="take-without-double"
        ),
        pytest.param(
            broken("64: 24/18 13/9 ", "64:            "),
            1,
            6,
            "White rolled 64 and played nothing, but a legal play exists",
            id="pass-with-a-legal-move",
        ),
        pytest.param(
            GOOD + "\n Game 2\n White : 1                      Black : 0\n  1) 31: 8/5 6/5\n",
            2,
            8,
            "Game 1 has no result, yet another game begins",
            id="game-without-result",
        ),
        pytest.param(
            broken("Black : 0", "Black : 2"),
            1,
            4,
            "The score line says 0-2, but the games before it end at 0-0",
            id="wrong-score-line",
        ),
        pytest.param(
            broken(
                "  2) 64: 24/18 13/9              21: 24/23 13/11",
                "  2)                             64: 24/18 13/9",
            ),
            1,
            6,
            "Black rolls, but it is White's turn",
            id="columns-out-of-step",
        ),
        pytest.param(
            broken("  1) 31: 8/5 6/5 ", "  1) 33: 8/5 6/5 "), 1, 5, "cannot be a double", id="double-opening"
        ),
    ],
)
def test_broken_files_are_refused_naming_the_game_and_line(
    text: str, game: int, line: int, reason: str
) -> None:
    error = refused(text)
    assert (error.game, error.line) == (game, line), str(error)
    assert reason in str(error)
    quoted = text.splitlines()[line - 1].rstrip()
    assert str(error).startswith(f'Game {game}, line {line} ("{quoted}"): ')


def test_a_wrong_score_line_after_a_game_is_refused() -> None:
    text = read("gnubg-3pt-seed6.mat").replace(" Alice : 2  ", " Alice : 1  ")
    error = refused(text)
    assert error.game == 2 and "The score line says 1-0, but the games before it end at 2-0" in str(error)


def test_a_drop_without_a_double_in_a_gnubg_file_is_refused() -> None:
    text = read("gnubg-3pt-seed6.mat").replace(" Doubles => 2", " Drops")
    error = refused(text)
    assert (error.game, error.line) == (1, 15) and "Bob drops, but no double is waiting" in str(error)


def test_a_result_that_does_not_match_the_game_played_is_refused() -> None:
    text = read("gnubg-5pt-seed2.mat")
    error = refused(text.replace("Wins 12 points", "Wins 8 points"))
    assert (error.game, error.line) == (3, 84)
    assert "The file says Bob wins 8, but the game as played is worth 12" in str(error)
    moved = text.replace(" " * 34 + "Wins 12 points", " " * 6 + "Wins 12 points")
    assert "The file says Alice wins, but the game as played is won by Bob" in str(refused(moved))


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        pytest.param("", None, "The file is empty", id="empty"),
        pytest.param("   \n\n", None, "The file is empty", id="blank"),
        pytest.param(bytes(range(256)).decode("latin-1"), 1, "characters that are not text", id="binary"),
        pytest.param("\x89PNG\r\n\x1a\n\x00\x00", 1, "characters that are not text", id="png"),
        pytest.param("Dear Bob,\nhere is the match.\n", 1, "This is not a .mat match file", id="a-letter"),
        pytest.param("; just a comment\n", None, "no line like ' 5 point match'", id="comments-only"),
        pytest.param(" 5 point match\n", None, "no game", id="no-game"),
        pytest.param(" 31 point match\n Game 1\n", 1, "longer than this game plays", id="too-long"),
        pytest.param(
            '; [Variation "NackGammon"]\n 5 point match\n',
            1,
            "a variant this game does not play",
            id="nackgammon",
        ),
    ],
)
def test_files_that_are_not_match_files_are_refused(text: str, line: int | None, reason: str) -> None:
    error = refused(text)
    assert error.line == line and error.game is None
    assert reason in str(error)


@pytest.mark.parametrize(
    ("text", "key", "reason"),
    [
        (broken("64: 24/18", "74: 24/18"), "filefault.gameLineText", "mat.notRoll"),
        (broken("64: 24/18", "6x: 24/18"), "filefault.gameLineText", "mat.entryUnread"),
        (GOOD.replace(" 3 point match", " 3 points of it"), "filefault.lineText", "mat.noLengthHere"),
        (" 3 point match\n", None, "mat.noGame"),
        (GOOD.replace(" 3 point match", " 99 point match"), "filefault.lineText", "replay.tooLong"),
        (GOOD.replace(" Game 1", " Game 2"), "filefault.gameLineText", "mat.gameNumber"),
        (broken("31: 8/5 6/5", "33: 8/5 6/5"), "filefault.gameLineText", "replay.openingDouble"),
        (
            broken("64: 24/18 13/9 ", "64:            "),
            "filefault.gameLineText",
            "replay.nothingPlayedExample",
        ),
        ("   \n", None, "mat.empty"),
        (broken("64: 24/18", "Doubles => x"), "filefault.gameLineText", "mat.doubleUnread"),
        (broken("64: 24/18", "Wins many points"), "filefault.gameLineText", "mat.resultUnread"),
        (broken("64: 24/18", "Takes 2"), "filefault.gameLineText", "mat.standsAlone"),
    ],
)
def test_a_broken_file_is_refused_with_its_sentence_as_message_ids(
    text: str, key: str | None, reason: str
) -> None:
    """Where the fault is and what it is, as message ids (the file's own text an argument), rendered in
    English as the error's message: the page says both in the player's language."""
    error = refused(text)
    words = error.words
    assert words is not None
    assert words["id"] == (key or reason)
    if key:
        inner = words["args"]["reason"]
        assert isinstance(inner, dict) and inner["id"] == reason
    assert said_in_english(dict(words)) == str(error)
