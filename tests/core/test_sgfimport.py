"""GNU Backgammon's .sgf match files: gnubg-made files replayed by the rules core, broken files refused, our
own export read back by us and by gnubg."""

from __future__ import annotations

import doctest
from dataclasses import replace
from pathlib import Path

import pytest
from gnubg_support import finished_match_summary, gnubg_on_file, gnubg_output, gnubg_score, needs_gnubg
from test_api import random_session
from test_matfile import scripted_match
from test_matfile_gnubg import cells
from test_position_methods import said_in_english

from backgammon import api
from backgammon.analysis.cli import read_match_file
from backgammon.formats import sgf_export, sgf_import
from backgammon.formats.mat_export import export_mat
from backgammon.formats.mat_import import import_mat, mat_summary
from backgammon.formats.sgf_export import export_sgf
from backgammon.formats.sgf_import import SgfImportError, import_sgf
from backgammon.game import HistoryItem
from backgammon.match import Match
from backgammon.record import to_record

DATA = Path(__file__).parent / "data" / "sgf"
MAT_DATA = Path(__file__).parent / "data" / "mat"

# file: (games, gnubg's final score, match length) as tests/core/data/sgf/README.md lists them
GNUBG_FILES = {
    "gnubg-1pt-seed5.sgf": (1, [0, 3], 1),
    "gnubg-3pt-seed6.sgf": (2, [3, 0], 3),
    "gnubg-5pt-seed2.sgf": (3, [1, 14], 5),
    "gnubg-7pt-seed8.sgf": (3, [9, 4], 7),
    "gnubg-money-seed4.sgf": (3, [4, 8], 0),
    "gnubg-money-seed7.sgf": (3, [0, 4], 0),
    "gnubg-1pt-seed5-analysed.sgf": (1, [0, 3], 1),
    "gnubg-3pt-seed6-analysed.sgf": (2, [3, 0], 3),
}


def read(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("module", [sgf_import, sgf_export], ids=lambda module: module.__name__)
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module, verbose=False)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("name", sorted(GNUBG_FILES))
def test_gnubg_files_replay_to_gnubgs_score(name: str) -> None:
    games, score, length = GNUBG_FILES[name]
    match = import_sgf(read(name))
    assert mat_summary(match) == finished_match_summary(length, games, score)
    settings = match.settings
    assert settings.crawford or length <= 1
    assert settings.jacoby == settings.beavers == (length == 0)  # gnubg's money defaults; RU[Jacoby]
    record = to_record(match)
    assert record["format"] == "backgammon-match" and len(record["games"]) == games


def test_the_crawford_game_is_the_one_gnubg_marks() -> None:
    match = import_sgf(read("gnubg-3pt-seed6.sgf"))
    assert [game.crawford_game for game in match.games] == [False, True]
    assert "RU[Crawford:CrawfordGame]" in read("gnubg-3pt-seed6.sgf")


def kinds(match: Match) -> list[list[str]]:
    return [[item.kind for item in game.history] for game in match.games]


def test_the_files_hold_cube_actions_resignations_and_passes() -> None:
    every = [kind for name in GNUBG_FILES for game in kinds(import_sgf(read(name))) for kind in game]
    for kind in ("double", "take", "drop", "win"):
        assert kind in every
    resigned = import_sgf(read("gnubg-1pt-seed5.sgf")).games[0].outcome
    assert resigned is not None and resigned.ending.value == "resigned" and resigned.points == 3
    passes = [
        item
        for name in GNUBG_FILES
        for game in import_sgf(read(name)).games
        for item in game.history
        if item.kind == "play" and not item.moves
    ]
    assert passes


@pytest.mark.parametrize(
    "stem", ["1pt-seed5", "3pt-seed6", "5pt-seed2", "7pt-seed8", "money-seed4", "money-seed7"]
)
def test_the_same_matches_saved_as_mat_replay_the_same(stem: str) -> None:
    # make.sh in both folders: the same seeds make the same games, in gnubg's two formats
    ours = import_sgf(read(f"gnubg-{stem}.sgf"))
    mat = import_mat((MAT_DATA / f"gnubg-{stem}.mat").read_text())
    assert [game.notation for game in ours.games] == [game.notation for game in mat.games]
    assert ours.score == mat.score and ours.settings == mat.settings


@pytest.mark.parametrize(
    "stem", ["1pt-seed5", "3pt-seed6", "5pt-seed2", "7pt-seed8", "money-seed4", "money-seed7"]
)
def test_gnubgs_analysis_in_the_file_is_ignored(stem: str) -> None:
    analysed = read(f"gnubg-{stem}-analysed.sgf")
    assert "DA[" in analysed or "A[" in analysed
    assert "LU[" in analysed and "GS[" in analysed
    plain = read(f"gnubg-{stem}.sgf")
    assert to_record(import_sgf(analysed)) == to_record(import_sgf(plain))


def test_analyze_reads_sgf_files() -> None:
    record = read_match_file(DATA / "gnubg-3pt-seed6.sgf")
    assert record == to_record(import_sgf(read("gnubg-3pt-seed6.sgf")))


# -- the reader's details ----------------------------------------------------------------------------------


def test_escapes_comments_variations_and_whitespace() -> None:
    text = (
        "\ufeff ( ;FF[4] GM[6] MI[length:0][game:0][ws:0][bs:0] PW[Ann \\] B\\\\] PB[Bo\\\nb] RU[Jacoby]\n"
        "C[a comment with ( ; ) inside]\n"
        ";W[31hefe]C[nice]LU[0.1]\n"
        ";B[double]\n"
        "(;W[take];B[52aclq]) (;W[drop]) )"
    )
    match = import_sgf(text)
    assert [player["name"] for player in match.players] == ["Ann ] B\\", "Bob"]
    assert match.game.notation[-3:-1] == [" Doubles => 2", " Takes"]
    assert match.game.notation[-1].startswith("52: ")
    assert match.settings.jacoby and match.settings.match_length == 0


def test_a_game_with_automatic_doubles_starts_with_its_cube() -> None:
    text = "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[A]PB[B]CV[4]\n;W[31hefe])"
    match = import_sgf(text)
    assert match.game.cube.value == 4 and match.settings.automatic_doubles == 2


def test_a_beaver_is_a_double_by_the_doubled_player() -> None:
    text = (
        "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[A]PB[B]\n;W[31hefe]\n;B[double];W[double];B[take]\n)"
    )
    match = import_sgf(text)
    assert [item.kind for item in match.game.history][-3:] == ["double", "beaver", "take"]
    assert match.game.cube.value == 4 and match.game.cube.owner == 0  # the beaverer keeps the cube


# -- broken files ------------------------------------------------------------------------------------------


HEAD = "(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[A]PB[B]RU[Crawford]"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "The file is empty"),
        ("hello", "Line 1: Expected '\\(' to begin a game"),
        (HEAD + "\n;W[31hefe]", "Line 1: The file ends inside a game"),
        (HEAD + "\n;W[31hefe", "Line 2: The file ends inside a property value"),
        ("(;FF[4]GM[1]PW[A]PB[B])", r"Game 1, line 1 \(GM\[1\]\): GM\[1\] is not backgammon"),
        (HEAD.replace("RU[Crawford]", "RU[Crawford:Nackgammon]") + "\n)", "Nackgammon, a variant"),
        (
            HEAD + "\n;W[31hefe]\n;B[64aglp]\n;W[63xxxx])",
            r"Game 1, line 4 \(W\[63xxxx\]\): 24/24 24/24 is not a legal",
        ),
        (HEAD + "\n;W[31hefe]\n;W[64xrrn])", r"Game 1, line 3 \(W\[64xrrn\]\): A rolls, but it is B's turn"),
        (HEAD + "\n;W[33hefe])", "The first roll of a game cannot be a double"),
        (HEAD + "\n;W[3]\n)", "'3' is not a move"),
        (HEAD + "\n;W[31hef])", "pairs of letters"),
        (HEAD + "\n;W[31h!fe])", "'!' is not a point"),
        (HEAD + "\n;W[31]\n;B[64aglp])", "played nothing, but a legal play exists"),
        (HEAD + "\n;W[31hefe]\n;W[take])", "no double is waiting"),
        (HEAD + "\n;W[31hefe]\n;W[double])", "A doubles out of place"),
        (HEAD + "\n;W[31hefe]\n;B[double]\n;B[take])", "it is A's to answer"),
        (HEAD + "\n;W[31hefe]\n;B[double]\n;B[52])", "the double has not been answered"),
        (
            HEAD + "\n;W[31hefe]\n;AE[a:y]AW[a]\n)",
            r"line 3 \(AE\[a:y\]\): The board or the cube is changed by hand here",
        ),
        (HEAD + "RE[W+1]\n;W[31hefe])", "the game as played is not over"),
        (HEAD + "RE[B+5R]\n;W[31hefe]\n;B[64aglp])", "not a single game, a gammon or a backgammon"),
        (HEAD + "RE[W+1R]\n;W[31hefe]\n;B[64aglp])", "B resigned, but cannot resign here"),
        (HEAD + "RE[X+1]\n)", r"RE\[X\+1\] should read like W\+2"),
        (
            HEAD + "\n;W[31hefe])" + HEAD.replace("game:0", "game:1") + ")",
            "Game 1, line 1: The game has no result",
        ),
        (
            HEAD + "\n;W[31hefe]\n;B[double]\n;W[drop])" + HEAD.replace("game:0", "game:1") + ")",
            "begins at 0-0",
        ),
        (
            HEAD + "\n;W[31hefe]\n;B[double]\n;W[drop])" + HEAD.replace("game:0][ws:0", "game:3][ws:0") + ")",
            "numbered 4",
        ),
        (HEAD.replace("length:3", "length:31") + ")", "31-point match is longer"),
        (HEAD + "RE[W+2]\n;W[31hefe]\n;B[double]\n;W[drop])", "A wins, but the game as played is won by B"),
        (HEAD + "CV[2]\n)", "only automatic doubles in money play"),
    ],
)
def test_broken_files_are_refused_naming_the_place(text: str, message: str) -> None:
    with pytest.raises(SgfImportError, match=message):
        import_sgf(text)


def test_an_error_carries_its_place() -> None:
    text = read("gnubg-3pt-seed6.sgf").replace(";B[53hmmp]", ";B[53hmhm]", 1)
    with pytest.raises(SgfImportError) as caught:
        import_sgf(text)
    error = caught.value
    assert error.game == 1 and error.text == "B[53hmhm]"
    assert error.line == text.splitlines().index(";B[53hmhm]") + 1
    assert "is not a legal play for Bob with 53" in error.reason


def test_not_text() -> None:
    with pytest.raises(SgfImportError, match="is text, not a value of another kind"):
        import_sgf(b"(;)")  # type: ignore[arg-type]


# -- our export --------------------------------------------------------------------------------------------


def cube_and_plays(match: Match) -> list[list[HistoryItem]]:
    """Each game's plays, cube actions and result, the dice larger first (the order a player chose to use
    them in is not kept for the opening roll)."""
    return [
        [replace(item, dice=item.dice and (max(item.dice), min(item.dice))) for item in game.history]
        for game in match.games
    ]


@pytest.mark.parametrize("name", sorted(GNUBG_FILES))
def test_our_export_of_gnubgs_files_reads_back_the_same(name: str) -> None:
    match = import_sgf(read(name))
    again = import_sgf(export_sgf(match))
    assert to_record(again) == to_record(match)


@pytest.mark.parametrize("seed", [3, 10, 27, 41])
def test_our_export_of_random_sessions_reads_back_the_same(seed: int) -> None:
    random_session(seed, 500)
    match: Match = api.current_match()
    again = import_sgf(export_sgf(match))
    assert cube_and_plays(again) == cube_and_plays(match)
    assert again.score == match.score
    assert again.settings.match_length == match.settings.match_length


def run_gnubg(tmp_path: Path, text: str, *commands: str) -> str:
    return gnubg_on_file("load match", tmp_path / "ours.sgf", text, *commands)


@needs_gnubg
def test_gnubg_loads_our_sgf_with_every_play_cube_action_and_the_score(tmp_path: Path) -> None:
    match = scripted_match()
    written = tmp_path / "theirs.mat"
    output = run_gnubg(tmp_path, export_sgf(match), "show score", f"export match mat {written}")
    assert gnubg_score(output) == match.score
    assert cells(written.read_text())[:-1] == cells(export_mat(match))[:-1]


@needs_gnubg
@pytest.mark.parametrize("seed", [10, 27])
def test_gnubg_scores_our_sgf_of_random_sessions_as_we_do(tmp_path: Path, seed: int) -> None:
    random_session(seed, 500)
    match: Match = api.current_match()
    written = tmp_path / "theirs.mat"
    output = run_gnubg(tmp_path, export_sgf(match), "show score", f"export match mat {written}")
    assert gnubg_score(output) == match.score
    assert import_mat(written.read_text()).score == match.score


@needs_gnubg
@pytest.mark.parametrize("name", ["gnubg-5pt-seed2.sgf", "gnubg-money-seed4.sgf"])
def test_gnubg_reads_our_export_of_its_files_as_its_own(tmp_path: Path, name: str) -> None:
    match = import_sgf(read(name))
    ours, theirs = tmp_path / "ours.mat", tmp_path / "theirs.mat"
    run_gnubg(tmp_path, export_sgf(match), f"export match mat {ours}")
    (tmp_path / "original.sgf").write_text(read(name))
    gnubg_output(f"load match {tmp_path / 'original.sgf'}\nexport match mat {theirs}\n")
    assert cells(ours.read_text()) == cells(theirs.read_text())


@pytest.mark.parametrize(
    ("text", "key", "reason"),
    [
        ("", None, "sgf.empty"),
        ("(FF[4])", "filefault.line", "sgf.treeNode"),
        (HEAD + "\n;W[31hefe]", "filefault.line", "sgf.endsInGame"),
        (HEAD + "RE[X+1]\n)", "filefault.gameLineText", "sgf.result"),
        (HEAD + "\n;W[31h!fe])", "filefault.gameLineText", "sgf.notPoint"),
        (HEAD + "RE[W+1]\n;W[31hefe])", "filefault.gameLineText", "sgf.notOver"),
        # the rarer faults
        ("x", "filefault.line", "sgf.notSgf"),
        (HEAD.replace("[ws:0]", "[ws:x]") + ")", "filefault.gameLine", "sgf.notNumber"),
        (HEAD + "CV[3])", "filefault.gameLineText", "sgf.startCube"),
        (HEAD + "CV[2])", "filefault.gameLine", "sgf.cubeTurned"),
        (
            HEAD + "RE[B+1]\n;W[31hefe]\n;B[double]\n;W[drop])" + HEAD.replace("length:3", "length:5") + ")",
            "filefault.gameLine",
            "sgf.lengthDiffers",
        ),
        (
            HEAD + "RE[B+1]\n;W[31hefe]\n;B[double]\n;W[drop])" + HEAD + ")",
            "filefault.gameLine",
            "sgf.numbered",
        ),
        (
            HEAD.replace("RU[Crawford]", "RU[Crawford:CrawfordGame]") + ")",
            "filefault.gameLine",
            "sgf.crawford",
        ),
    ],
)
def test_a_broken_file_is_refused_with_its_sentence_as_message_ids(
    text: str, key: str | None, reason: str
) -> None:
    """Where the fault is and what it is, as message ids (the file's own text an argument), rendered in
    English as the error's message: the page says both in the player's language."""
    with pytest.raises(SgfImportError) as caught:
        import_sgf(text)
    words = caught.value.words
    assert words is not None
    assert words["id"] == (key or reason)
    if key:
        inner = words["args"]["reason"]
        assert isinstance(inner, dict) and inner["id"] == reason
    assert said_in_english(dict(words)) == str(caught.value)
