"""`.sgf` export: a match in GNU Backgammon's own file format, as its `save match` writes it.

Each game is one SGF game tree (see `backgammon.sgfimport` for the format): the root node with the match
length, the game number, the score before the game, the players, the rules and the result, then a node per
roll and play (`;W[51mhxw]`), double (`;B[double]`), beaver (a `double` by the doubled player), take and drop.
gnubg loads it with `load match F.sgf`. The dice of a turn cut short by a resignation are a roll with no
checker moved (`;W[53]`), as gnubg writes them. What the format cannot say is left out: the beaver rule.

>>> from backgammon.sgfimport import import_sgf
>>> match = import_sgf("(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]PW[A]PB[B]\\n;W[31hefe])")
>>> print(export_sgf(match), end="")
(;FF[4]GM[6]CA[UTF-8]AP[backgammon]MI[length:1][game:0][ws:0][bs:0]PW[A]PB[B]RU[Crawford]
;W[31hefe])
"""

from __future__ import annotations

from .errors import InvalidActionError
from .game import Ending, Game
from .match import Match

__all__ = ["export_sgf"]

APPLICATION = "backgammon"


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _letter(point: int, player: int) -> str:
    """A point of the mover's numbering (25 the bar, 0 off) as gnubg writes it for that player."""
    if point == 25:
        return "y"
    if point == 0:
        return "z"
    return chr(ord("a") + point - 1) if player == 0 else chr(ord("x") - point + 1)


def _game(match: Match, game: Game, index: int) -> str:
    settings = match.settings
    length = settings.match_length
    names = [_escape(str(player["name"])) for player in match.players]
    root = [
        f"(;FF[4]GM[6]CA[UTF-8]AP[{APPLICATION}]",
        f"MI[length:{length}][game:{index}][ws:{game.score[0]}][bs:{game.score[1]}]",
        f"PW[{names[0]}]PB[{names[1]}]",
    ]
    rules = []
    if length and settings.crawford:
        rules.append("Crawford")
    if game.crawford_game:
        rules.append("CrawfordGame")
    if not length and settings.jacoby:
        rules.append("Jacoby")
    if rules:
        root.append(f"RU[{':'.join(rules)}]")
    if game.automatic_doubles:
        root.append(f"CV[{1 << game.automatic_doubles}]")
    outcome = game.outcome
    if outcome is not None:
        side = "W" if outcome.winner == 0 else "B"
        if outcome.ending is Ending.RESIGNED:
            # gnubg reads the size of the resignation as points / cube and scores it by its own rules
            root.append(f"RE[{side}+{outcome.kind.value * game.cube.value}R]")
        else:
            root.append(f"RE[{side}+{outcome.points}]")
    nodes = ["".join(root)]
    for item in game.history:
        colour = "W" if item.player == 0 else "B"
        if item.kind in ("play", "roll"):  # a roll alone: the dice of a turn cut short by a resignation
            assert item.dice is not None
            moves = "".join(_letter(s, item.player) + _letter(d, item.player) for s, d, _ in item.moves)
            nodes.append(f";{colour}[{item.dice[0]}{item.dice[1]}{moves}]")
        elif item.kind in ("double", "beaver"):
            nodes.append(f";{colour}[double]")
        elif item.kind in ("take", "drop"):
            nodes.append(f";{colour}[{item.kind}]")
        # the result ("win") is the root's RE
    return "\n".join(nodes) + ")\n"


def export_sgf(match: Match) -> str:
    """The whole match as GNU Backgammon `.sgf` text (games so far; a turn in progress is left out)."""
    if match.setup is not None:
        raise InvalidActionError("A match that starts from a set-up position cannot be written as .sgf.")
    return "".join(_game(match, game, index) for index, game in enumerate(match.games))
