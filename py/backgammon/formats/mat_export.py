"""`.mat` export: the Jellyfish match text that GNU Backgammon, XG and others import.

Layout follows GNU Backgammon's own exporter (`ExportGameJF`), whose column positions its importer
relies on: a numbered row is `%3d) ` then player 0's cell padded to 27 characters, a space, then
player 1's cell; a row where player 1 acts first has an empty left cell. Moves are written one die at
a time in the mover's own numbering with 25 for the bar and 0 for off (`52: 13/8 13/11`), a pass as
the dice alone (`52:`), cube actions as ` Doubles => 2`, ` Takes`, ` Drops`, and the result as
`Wins N points` under the winner's column.

    ; [Player 1 "White"]
    ; [Player 2 "Black"]

     5 point match

     Game 1
     White : 0                      Black : 0
      1)                             52: 13/8 13/11
      2) 31: 8/5 6/5                 Doubles => 2
      3)  Takes                      64: 24/18 18/14
    ...
"""

from __future__ import annotations

from ..errors import InvalidActionError
from ..game import Game, HistoryItem, format_dice
from ..match import Match

#: Why `export_mat` refuses a match that started from a set-up position.
SET_UP_REFUSAL = (
    "This match starts from a set-up position, which a .mat file cannot hold: the format has no place for a "
    "starting position, so every game in it begins from the opening. Save it as a GNU Backgammon .sgf file "
    "instead, which keeps the position."
)

LEFT_WIDTH = 27
RIGHT_COLUMN = 34  # where "Wins" starts when player 1 wins (gnubg writes 34 spaces)
LEFT_WINS_INDENT = 6


def _name(name: str) -> str:
    # A colon would split gnubg's "name : score" line in the wrong place.
    return name.replace(":", " ").strip() or "Player"


def _point(point: int) -> str:
    return str(point)


def format_mat_play(item: HistoryItem) -> str:
    """`52: 13/8 13/11*`: dice, then each single-die move with 25 = bar and 0 = off, `*` on a hit."""
    assert item.dice is not None
    moves = " ".join(f"{_point(s)}/{_point(d)}{'*' if hit else ''}" for s, d, hit in item.moves)
    return f"{format_dice(item.dice)}: {moves}".rstrip()


def _cells(game: Game) -> tuple[list[tuple[int, str]], HistoryItem | None]:
    """The game's history as (column, text) cells plus the result item."""
    cells: list[tuple[int, str]] = []
    result: HistoryItem | None = None
    after_beaver = False
    for item in game.history:
        if item.kind == "play":
            cells.append((item.player, format_mat_play(item)))
        elif item.kind == "roll":
            cells.append((item.player, item.text))
        elif item.kind == "win":
            result = item
        elif item.kind == "take" and after_beaver:
            pass  # importers read the doubler's next roll as the take of a beaver
        else:
            cells.append((item.player, item.text))
        after_beaver = item.kind == "beaver"
    return cells, result


def _rows(cells: list[tuple[int, str]]) -> list[str]:
    rows: list[str] = []
    left: str | None = None

    def flush(right: str | None) -> None:
        number = len(rows) + 1
        if right is None:
            rows.append(f"{number:3d}) {left or ''}".rstrip())
        else:
            rows.append(f"{number:3d}) {left or '':<{LEFT_WIDTH}} {right}".rstrip())

    for column, text in cells:
        if column == 0:
            if left is not None:
                flush(None)
            left = text
        else:
            flush(text)
            left = None
    if left is not None:
        flush(None)
    return rows


def export_game(game: Game, names: tuple[str, str], *, match_winner: bool = False) -> list[str]:
    lines = [f" Game {game.number}"]
    first = f"{names[0]} : {game.score[0]}"
    lines.append(f" {first:<31}{names[1]} : {game.score[1]}")
    cells, result = _cells(game)
    wins = ""
    if result is not None:
        plural = "point" if result.value == 1 else "points"
        wins = f"Wins {result.value} {plural}" + (" and the match" if match_winner else "")
    if wins and cells and cells[-1] == (0, " Drops"):
        # As gnubg writes it (and reads it back correctly): a drop in the left column carries the
        # result on the same line, in the right column.
        cells[-1] = (0, " Drops" + " " * 23 + wins)
        wins = ""
    lines.extend(_rows(cells))
    if wins and result is not None:
        indent = LEFT_WINS_INDENT if result.player == 0 else RIGHT_COLUMN
        lines.append(" " * indent + wins)
    lines.append("")
    return lines


def export_mat(match: Match) -> str:
    """The whole match as .mat text (games so far; a turn in progress is left out)."""
    if match.setup is not None:
        raise InvalidActionError(SET_UP_REFUSAL)
    names = (_name(match.players[0]["name"]), _name(match.players[1]["name"]))
    settings = match.settings
    on_off = {True: "On", False: "Off"}
    lines = [
        f'; [Player 1 "{names[0]}"]',
        f'; [Player 2 "{names[1]}"]',
        '; [Variation "Backgammon"]',
        f'; [Crawford "{on_off[settings.crawford]}"]',
        f'; [Jacoby "{on_off[settings.jacoby]}"]',
        f'; [Beaver "{on_off[settings.beavers]}"]',
        '; [CubeLimit "64"]',
        "",
        f" {settings.match_length} point match",
        "",
    ]
    winner = match.winner
    for index, game in enumerate(match.games):
        last = index == len(match.games) - 1
        lines.extend(export_game(game, names, match_winner=last and winner is not None))
    return "\n".join(lines) + "\n"
