""".sgf files of matches that start from a set-up position: gnubg-made files replayed by the rules core to the
positions gnubg itself shows, our export read back by us and by gnubg, broken set-ups refused."""

from __future__ import annotations

import random
import re
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from gnubg_support import GNUBG, needs_gnubg
from test_position_methods import said_in_english
from test_sgfimport import cube_and_plays

from backgammon.errors import InvalidActionError
from backgammon.formats.gnubg_id import GameState, MatchIdInfo, decode_match_id, encode_match_id
from backgammon.formats.sgf_export import export_sgf
from backgammon.formats.sgf_import import SgfImportError, import_sgf
from backgammon.game import Phase, to_absolute
from backgammon.match import Match, Setup, match_from_ids, match_id_of
from backgammon.movegen import legal_positions
from backgammon.position import Position
from backgammon.record import load_record, to_record
from backgammon.rules import Cube, MatchSettings

DATA = Path(__file__).parent / "data" / "sgf"

TurnState = tuple[str, str]  # (Position ID, Match ID) of a turn whose dice are rolled


def read(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


# -- what the rules core and gnubg see ---------------------------------------------------------------------


def turn_states(match: Match) -> list[TurnState]:
    """The Position ID and Match ID of every turn once its dice are rolled, as gnubg's text export lists
    them before each play (a set-up with dice first)."""
    found: list[TurnState] = []
    if match.setup is not None:
        start = match_from_ids(match.setup, match.settings, match.players)
        if start.game.phase is Phase.MOVE:
            found.append((start.game.position.id, str(match_id_of(start))))

    def observe(replayed: Match, game: int, step: int, action: dict[str, Any], events: object) -> None:
        if action["type"] == "roll" and replayed.game.phase is Phase.MOVE:
            found.append((replayed.game.position.id, str(match_id_of(replayed))))

    load_record(to_record(match), observe)
    return found


def run_gnubg(tmp_path: Path, text: str) -> tuple[list[TurnState], list[int], str]:
    """gnubg loads `text` (both players human) and exports it as text: the Position ID and Match ID it
    shows before each play, its score, and its last record of the last game."""
    source, out, script = tmp_path / "file.sgf", tmp_path / "shown.txt", tmp_path / "look.py"
    source.write_text(text, encoding="utf-8")
    script.write_text(
        "import gnubg\n"
        "gnubg.command('set player 0 human')\n"
        "gnubg.command('set player 1 human')\n"
        f"gnubg.command('load match {source}')\n"
        f"gnubg.command('export match text {out}')\n"
        "gnubg.command('show score')\n"
        "print('LAST', gnubg.match(analysis=0)['games'][-1]['game'][-1])\n"
    )
    assert GNUBG is not None
    completed = subprocess.run(
        ["nice", GNUBG, "-t", "-q", "-r", "-p", str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    output = completed.stdout + completed.stderr
    # gnubg writes one file per game: shown.txt, shown_002.txt, ...
    files = sorted(tmp_path.glob("shown*.txt"), key=lambda path: (len(path.name), path.name))
    lines = "\n".join(path.read_text() for path in files).splitlines()
    shown: list[TurnState] = []
    for index, line in enumerate(lines):
        if re.match(r"Move number \d+: .* to play \d\d$", line):
            position = re.findall(r"Position ID: (\S+)", lines[index + 2])[0]
            info = decode_match_id(re.findall(r"Match ID   : (\S+)", lines[index + 3])[0])
            if info.game_state is GameState.NONE:  # the text export's first play of a later game
                info = replace(info, game_state=GameState.PLAYING)
            shown.append((position, encode_match_id(info)))
    score = re.findall(r"The score \(after \d+ games?\) is: \S+ (\d+), \S+ (\d+)", output)
    last = re.findall(r"LAST (.*)", output)
    assert score and last, output[-2000:]
    return shown, [int(points) for points in score[-1]], last[-1]


# -- files gnubg made ---------------------------------------------------------------------------------------

# file: (set-up: Position ID and Match ID, games, final score, the last game's phase) as README.md lists them
GNUBG_FILES = {
    "gnubg-setup-board-7pt.sgf": ("ttsEABDbhhgAAQ:EQHgACAAIAAE", 1, [2, 12], Phase.GAME_OVER),
    "gnubg-setup-xgid-5pt.sgf": ("On4UwQBqpvAgQg:8AmvACAAIAAE", 2, [6, 4], Phase.GAME_OVER),
    "gnubg-setup-money.sgf": ("4PPgAyDgc/ABMA:UQkFAAAAAAAA", 1, [4, 0], Phase.GAME_OVER),
    "gnubg-setup-unfinished.sgf": ("29YAAHB3CwAAAA:MAFqAAAAAAAE", 1, [0, 0], Phase.MOVE),
}


@pytest.mark.parametrize("name", sorted(GNUBG_FILES))
def test_gnubgs_set_up_matches_replay_from_their_position(name: str) -> None:
    setup, games, score, phase = GNUBG_FILES[name]
    match = import_sgf(read(name))
    assert match.setup is not None
    assert f"{match.setup.position_id}:{match.setup.match_id}" == setup
    assert len(match.games) == games and match.score == score and match.game.phase is phase
    assert to_record(load_record(to_record(match))) == to_record(match)


def test_what_the_set_up_files_hold() -> None:
    board = import_sgf(read("gnubg-setup-board-7pt.sgf")).games[0]
    assert board.start is not None and board.score == (2, 4)
    # `set turn 0` writes nothing: the file's PL says Black, White moves first, as gnubg reads it
    assert ";PL[B]AE[a:y]" in read("gnubg-setup-board-7pt.sgf")
    assert board.start.turn == 0 and board.start.cube == Cube(2, 1) and board.start.dice is None
    assert board.history[0].player == 0
    xgid = import_sgf(read("gnubg-setup-xgid-5pt.sgf"))
    start = xgid.games[0].start
    assert start is not None and start.turn == 1 and start.dice == (6, 3)
    assert [game.crawford_game for game in xgid.games] == [True, False] and xgid.post_crawford
    assert xgid.games[0].history[0].moves == ()  # 63 from the set-up could not be played
    money = import_sgf(read("gnubg-setup-money.sgf"))
    outcome = money.games[0].outcome
    assert money.settings.jacoby and outcome is not None
    assert (outcome.kind.label, outcome.points) == ("gammon", 4)  # the cube was not in the middle
    unfinished = import_sgf(read("gnubg-setup-unfinished.sgf"))
    game = unfinished.game
    assert game.phase is Phase.MOVE and game.turn == 1 and game.dice == (5, 4) and game.plays_made == 3


@needs_gnubg
@pytest.mark.parametrize("name", sorted(GNUBG_FILES))
def test_gnubg_shows_its_set_up_files_as_we_replay_them(tmp_path: Path, name: str) -> None:
    match = import_sgf(read(name))
    shown, score, _ = run_gnubg(tmp_path, read(name))
    assert shown == turn_states(match)
    assert score == match.score


@pytest.mark.parametrize("name", sorted(GNUBG_FILES))
def test_our_export_of_gnubgs_set_up_files_reads_back_the_same(name: str) -> None:
    match = import_sgf(read(name))
    assert to_record(import_sgf(export_sgf(match))) == to_record(match)


# -- our export ---------------------------------------------------------------------------------------------


def test_the_set_up_is_written_as_gnubg_writes_it() -> None:
    # As gnubg 1.07 saves `set score 5 6`, `set crawford on`, `set board bBtiAMR2mwAAAg` (Black on roll),
    # `set dice 6 3`; and a `set xgid` with the cube at 2 on Black's side
    match = match_from_ids(
        Setup("bBtiAMR2mwAAAg", "8AnvAFAAMAAE"), None, [{"name": "Alice"}, {"name": "Bob"}]
    )
    assert export_sgf(match).splitlines() == [
        "(;FF[4]GM[6]CA[UTF-8]AP[backgammon]MI[length:7][game:0][ws:5][bs:6]PW[Alice]PB[Bob]"
        "RU[Crawford:CrawfordGame]",
        ";PL[B]AE[a:y]AW[c][c][d][d][e][e][f][f][j][m][m][x]AB[w][w][v][v][u][u][u][t][t][s][s][q][y]",
        ";PL[B]DI[63])",
    ]
    cube = match_from_ids(Setup("4HPwATDgc/ABMA", "UYmqABAAEAAE"), None, None)
    assert export_sgf(cube).splitlines()[1:] == [
        ";PL[B]AE[a:y]AW[f][f][f][f][f][h][h][h][m][m][m][m][m][x][x]AB[s][s][s][s][s][q][q][q][l][l][l][l][l][a][a]",
        ";CV[2]",
        ";CP[b]",
        ";PL[B]DI[52])",
    ]


def test_the_dice_of_a_turn_in_progress_are_kept() -> None:
    match = Match(MatchSettings(match_length=3))
    match.act({"type": "roll", "dice": [3, 1]})
    match.act({"type": "play", "moves": [{"from": 8, "to": 5}, {"from": 6, "to": 5}]})
    match.act({"type": "roll", "dice": [6, 4]})
    match.act({"type": "move", "from": 1, "to": 7})  # a checker moved, the play not finished: left out
    text = export_sgf(match)
    assert text.endswith(";W[31hefe]\n;PL[B]DI[64])\n")
    again = import_sgf(text)
    assert again.game.phase is Phase.MOVE and again.game.dice == (6, 4) and again.game.turn == 1
    assert not again.game.current_turn or not again.game.current_turn.moves


def random_board(rng: random.Random) -> Position:
    while True:
        position = Position.start()
        for _ in range(rng.randint(0, 50)):
            position = rng.choice(legal_positions(position, (rng.randint(1, 6), rng.randint(1, 6)))).swap()
            if position.winner_side() is not None:
                break
        if position.winner_side() is None:
            return position


def set_up_match(seed: int) -> Match:
    """A match from a random set-up position (as the position editor makes one: Position ID and Match ID, any
    score, cube, dice and Crawford game), then random play: cube actions, resignations, passes, more games,
    and often a turn in progress at the end."""
    rng = random.Random(seed)
    length = rng.choice([0, 3, 5, 7])
    score = (rng.randrange(length), rng.randrange(length)) if length else (0, 0)
    crawford = bool(length) and length - 1 in score and rng.random() < 0.5
    cube, owner = 1, None
    if not crawford and rng.random() < 0.6:
        cube, owner = 1 << rng.randint(1, 2), rng.randint(0, 1)
    on_roll = rng.randint(0, 1)
    info = MatchIdInfo(
        cube_value=cube,
        cube_owner=owner,
        player_on_roll=on_roll,
        crawford=crawford,
        turn=on_roll,
        dice=(rng.randint(1, 6), rng.randint(1, 6)) if rng.random() < 0.5 else (0, 0),
        match_length=length,
        score=score,
        jacoby=not length and rng.random() < 0.5,
    )
    settings = MatchSettings(match_length=length, beavers=not length)
    match = match_from_ids(Setup(random_board(rng).id, info.id), settings, [{"name": "Ann"}, {"name": "Bo"}])
    for _ in range(rng.choice([0, 3, 30, 400])):
        game = match.game
        if match.is_over or (game.phase is Phase.GAME_OVER and not length and len(match.games) >= 3):
            break
        if game.phase is Phase.GAME_OVER:
            match.act({"type": "next_game"})
        elif game.phase in (Phase.OPENING, Phase.ROLL):
            dice = [rng.randint(1, 6), rng.randint(1, 6)]
            choice = rng.random()
            action: dict[str, Any] = {"type": "roll", "dice": dice}
            if game.phase is Phase.ROLL and choice < 0.1:
                action = {"type": "double"}
            elif game.phase is Phase.ROLL and choice < 0.11:
                action = {"type": "resign", "kind": rng.choice(["single", "gammon"])}
            try:
                match.act(action)
            except InvalidActionError:  # a double the rules do not allow now
                match.act({"type": "roll", "dice": dice})
        elif game.phase is Phase.DOUBLED:
            match.act({"type": rng.choice(["take", "take", "drop"])})
        elif game.phase is Phase.RESIGN_OFFERED:
            match.act({"type": rng.choice(["accept_resign", "reject_resign"])})
        else:
            turn, player = game.current_turn, game.turn
            assert turn is not None and player is not None
            play = rng.choice(list(turn.legal_plays)) if not game.no_legal_move else ()
            moves = [{"from": to_absolute(player, m.source), "to": to_absolute(player, m.dest)} for m in play]
            match.act({"type": "play", "moves": moves})
    return match


def final_state(match: Match) -> tuple[object, ...]:
    game = match.game
    return (game.phase, game.turn, game.dice, game.cube, game.position, match.score, match_id_of(match))


@pytest.mark.parametrize("seed", range(40))
def test_our_export_of_set_up_matches_reads_back_the_same(seed: int) -> None:
    match = set_up_match(seed)
    again = import_sgf(export_sgf(match))
    assert again.setup == match.setup
    assert again.settings == match.settings
    assert cube_and_plays(again) == cube_and_plays(match)
    assert final_state(again) == final_state(match)


@needs_gnubg
@pytest.mark.parametrize("seed", range(16))
def test_gnubg_loads_our_set_up_matches_to_the_same_positions(tmp_path: Path, seed: int) -> None:
    match = set_up_match(seed)
    ours = turn_states(match)
    shown, score, last = run_gnubg(tmp_path, export_sgf(match))
    game = match.game
    if game.phase is Phase.MOVE:
        # The dice of a turn in progress (or of the set-up, if nothing was played since) are set dice for
        # gnubg; its text export lists that turn only if it made a hint record for it on loading.
        assert game.dice is not None and game.turn is not None
        assert last == repr({"dice": game.dice, "action": "set", "player": "XO"[game.turn]})
        assert shown in (ours, ours[:-1])
    else:
        assert shown == ours
    assert score == match.score


# -- broken set-ups ----------------------------------------------------------------------------------------


HEAD = "(;FF[4]GM[6]MI[length:5][game:0][ws:1][bs:2]PW[A]PB[B]RU[Crawford]\n"
WHITE = "AW[f][f][f][f][f][h][h][h][m][m][m][m][m][x][x]"
BLACK = "AB[s][s][s][s][s][q][q][q][l][l][l][l][l][a][a]"
BOARD = f";PL[W]AE[a:y]{WHITE}{BLACK}\n"


def test_a_set_up_position_and_the_moves_after_it() -> None:
    match = import_sgf(HEAD + BOARD + ";CV[2]\n;CP[b]\n;W[52mhmk]\n;B[double]\n;W[drop])")
    assert match.setup is not None and match.games[0].start is not None
    assert match.games[0].start.cube == Cube(2, 1) and match.score == [1, 4]
    # a range and repeated letters, the bar 'y'; Black's letters count from Black's side
    start = import_sgf(HEAD + ";PL[B]AE[a:y]AW[a:e][y]AB[x][x][y])").game.position
    assert start.mine == (2,) + (0,) * 23 + (1,) and start.theirs == (1, 1, 1, 1, 1) + (0,) * 19 + (1,)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (HEAD + ";AE[a:y]AW[a:y]AB[a]\n)", r"line 2 \(AE\[a:y\]\): .*White has 25 checkers on the board"),
        (HEAD + ";AE[a:y]AW[a]AB[a]\n)", "White's 1 point holds checkers of both sides"),
        (HEAD + ";AE[a:y]AW[a]\n)", "Black has no checker left on the board, so the game is already over"),
        (HEAD + ";AE[a:y]AW[z]AB[a]\n)", r"AW\[z\]: 'z' is not a point"),
        (HEAD + BOARD + ";CV[3]\n)", r"line 3 \(CV\[3\]\): The cube CV\[3\] is not a power of two"),
        (HEAD + BOARD + ";CP[x]\n)", r"CP\[x\] should say where the cube is"),
        (HEAD + BOARD + ";PL[W]DI[70]\n)", r"DI\[70\] should be two dice"),
        (HEAD + ";PL[Z]" + BOARD[1:] + ")", r"PL\[Z\] should name the player on roll"),
        (
            HEAD.replace("bs:2", "bs:5") + BOARD + ")",
            "The game begins at 1-5, which has already won the match",
        ),
        (
            HEAD + BOARD + ";W[52mhmk]\n;B[31qtst]\n" + BOARD + ")",
            r"line 5 \(AE\[a:y\]\): The board or the cube",
        ),
        (HEAD + BOARD + ";W[52mhmk]\n;CV[2]\n)", r"line 4 \(CV\[2\]\): The board or the cube is changed"),
        (
            HEAD + BOARD + ";W[52mhmk]\n;PL[B]DI[31]\n;B[64aglp])",
            r"B plays 64, but the dice set before are 31",
        ),
        (HEAD + BOARD + ";W[52mhmk]\n;PL[W]DI[31]\n)", r"The dice are set to 31 for A here|A rolls, but"),
        (HEAD + BOARD + ";W[52mhmk]\n;PL[W]\n)", "PL puts A on roll here, but it is B's turn"),
        (HEAD + BOARD + ";W[52mhmk]AE[a]\n)", "A node holds a move and a set-up position together"),
        (
            HEAD
            + BOARD
            + ";W[52mhmk]\n;B[double]\n;W[drop])"
            + HEAD.replace("game:0][ws:1][bs:2", "game:1][ws:1][bs:3")
            + BOARD.replace("[x][x]", "[x][w]")
            + ")",
            r"Game 2, line 6 \(AE\[a:y\]\): The board or the cube is changed by hand here",
        ),
    ],
)
def test_broken_set_ups_are_refused_naming_the_place(text: str, message: str) -> None:
    with pytest.raises(SgfImportError, match=message):
        import_sgf(text)


@pytest.mark.parametrize(
    ("text", "reason", "inner"),
    [
        (HEAD + ";AE[a:y]AW[a:y]AB[a]\n)", "sgf.setupImpossible", "sgf.setupTooMany"),
        (HEAD + ";AE[a:y]AW[a]AB[a]\n)", "sgf.setupImpossible", "sgf.setupBoth"),
        (HEAD + ";AE[a:y]AW[a]\n)", "sgf.setupImpossible", "sgf.setupNone"),
        (HEAD + ";AE[a:y]AW[z]AB[a]\n)", "sgf.setupPoint", None),
        (HEAD + BOARD + ";CV[3]\n)", "sgf.cv", None),
        (HEAD + BOARD + ";CV[x]\n)", "sgf.notNumber", None),
        (HEAD + BOARD + ";CP[x]\n)", "sgf.cp", None),
        (HEAD + BOARD + ";PL[W]DI[70]\n)", "sgf.di", None),
        (HEAD + ";PL[Z]" + BOARD[1:] + ")", "sgf.pl", None),
        (HEAD.replace("bs:2", "bs:5") + BOARD + ")", "sgf.setupWon", None),
        (HEAD + BOARD + ";W[52mhmk]\n;CV[2]\n)", "sgf.byHand", None),
        (HEAD + BOARD + ";W[52mhmk]\n;PL[W]\n)", "sgf.plMidGame", None),
    ],
)
def test_a_broken_set_up_says_why_as_message_ids(text: str, reason: str, inner: str | None) -> None:
    """Where the fault is (`filefault.*`) and what it is, with the set-up's own problem inside, rendered in
    English as the error's message: the page says them in the player's language."""
    with pytest.raises(SgfImportError) as caught:
        import_sgf(text)
    words = caught.value.words
    assert words is not None and words["id"].startswith("filefault.")
    said = words["args"]["reason"]
    assert isinstance(said, dict) and said["id"] == reason
    if inner is not None:
        problem = said["args"]["problem"]
        assert isinstance(problem, dict) and problem["id"] == inner
    assert said_in_english(dict(words)) == str(caught.value)


def test_dice_set_by_hand_and_a_board_set_as_it_was_replay() -> None:
    # gnubg's `set dice` before a play, and a board set to the position it already has, change nothing
    head = HEAD.replace("[ws:1][bs:2]", "[ws:0][bs:0]")
    text = head + ";PL[W]DI[31]\n;W[31hefe]\n;PL[B]DI[64]\n;B[64aglp]\n;PL[W]AE[a:y]" + WHITE + BLACK + ")"
    plain = head + ";W[31hefe]\n;B[64aglp])"
    assert to_record(import_sgf(plain.replace(";B[64aglp]", ";B[64aglp]\n;CV[1]\n;CP[c]"))) == to_record(
        import_sgf(plain)
    )
    with pytest.raises(SgfImportError, match="The board or the cube is changed"):
        import_sgf(text)  # the start position is not the position after two plays
    assert import_sgf(text.rsplit("\n", 1)[0] + ")").setup is None
    assert to_record(import_sgf(text.rsplit("\n", 1)[0] + ")")) == to_record(import_sgf(plain))


@pytest.mark.parametrize(
    ("info", "key"),
    [
        (MatchIdInfo(game_state=GameState.OVER), "ids.setupNotPlaying"),
        (MatchIdInfo(resignation=1), "ids.setupResignation"),
        (MatchIdInfo(double_offered=True, dice=(3, 1), turn=1), "ids.setupDoubleAfterRoll"),
        (MatchIdInfo(match_length=3, score=(3, 0)), "ids.setupScoreWon"),
    ],
)
def test_a_match_id_a_match_cannot_start_from_says_why_as_message_ids(info: MatchIdInfo, key: str) -> None:
    """A shared link's or pasted Match ID no match can start from: its sentence as a message id."""
    with pytest.raises(InvalidActionError) as caught:
        match_from_ids(Setup(Position.start().id, encode_match_id(info)), None, None)
    words = caught.value.words
    assert words is not None and words["id"] == key
    assert said_in_english(dict(words)) == str(caught.value)
