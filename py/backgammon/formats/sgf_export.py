"""`.sgf` export: a match in GNU Backgammon's own file format, as its `save match` writes it.

Each game is one SGF game tree (see `sgf_import` for the format): the root node with the match
length, the game number, the score before the game, the players, the rules and the result, then a node per
roll and play (`;W[51mhxw]`), double (`;B[double]`), beaver (a `double` by the doubled player), take and drop.
gnubg loads it with `load match F.sgf`. The dice of a turn cut short by a resignation are a roll with no
checker moved (`;W[53]`), as gnubg writes them. What the format cannot say is left out: the beaver rule.

A match that starts from a set-up position begins its first game with the nodes gnubg writes for
`set board`, `set cube` and `set dice` (its `SaveGame`): the board as `;PL[W]AE[a:y]AW[..]AB[..]` (who is
on roll, every point cleared, then each checker of White and of Black on its letter, `y` the bar), the cube
as `;CV[2]` and `;CP[w]` (value and owner; `c` the middle) when it is not 1 in the middle, and dice already
rolled as `;PL[W]DI[52]`; the score and the Crawford game are in the root as for any game. The dice of a turn
in progress are written the same way at the end of the last game (its checkers moved so far are left out).

>>> from backgammon.formats.sgf_import import import_sgf
>>> match = import_sgf("(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]PW[A]PB[B]\\n;W[31hefe])")
>>> print(export_sgf(match), end="")
(;FF[4]GM[6]CA[UTF-8]AP[backgammon]MI[length:1][game:0][ws:0][bs:0]PW[A]PB[B]RU[Crawford]
;W[31hefe])
"""

from __future__ import annotations

from ..game import Ending, Game, Phase
from ..match import Match
from ..position import Position

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


def _colour(player: int) -> str:
    return "W" if player == 0 else "B"


def _setup(game: Game) -> list[str]:
    """The nodes that set up the position a game starts from, as gnubg writes them."""
    start = game.start
    if start is None:
        return []
    position: Position = start.position
    sides = (position.mine, position.theirs) if start.turn == 0 else (position.theirs, position.mine)
    board = f";PL[{_colour(start.turn)}]AE[a:y]"
    for player, name in ((0, "AW"), (1, "AB")):
        counts = enumerate(sides[player])
        checkers = "".join(f"[{_letter(index + 1, player)}]" * count for index, count in counts)
        if checkers:  # gnubg leaves out a colour with no checker left on the board
            board += name + checkers
    nodes = [board]
    if start.cube.value != 1:
        nodes.append(f";CV[{start.cube.value}]")
    if start.cube.owner is not None:
        nodes.append(f";CP[{'wb'[start.cube.owner]}]")
    if start.dice is not None:
        nodes.append(f";PL[{_colour(start.turn)}]DI[{start.dice[0]}{start.dice[1]}]")
    return nodes


def _dice_in_progress(game: Game) -> list[str]:
    """The dice rolled for a turn not yet finished (none if they are the set-up's, already written)."""
    if game.phase is not Phase.MOVE or game.dice is None or game.turn is None:
        return []
    if game.start is not None and game.start.dice is not None and game.plays_made == 0:
        return []
    return [f";PL[{_colour(game.turn)}]DI[{game.dice[0]}{game.dice[1]}]"]


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
    nodes = ["".join(root), *_setup(game)]
    for item in game.history:
        colour = _colour(item.player)
        if item.kind in ("play", "roll"):  # a roll alone: the dice of a turn cut short by a resignation
            assert item.dice is not None
            moves = "".join(_letter(s, item.player) + _letter(d, item.player) for s, d, _ in item.moves)
            nodes.append(f";{colour}[{item.dice[0]}{item.dice[1]}{moves}]")
        elif item.kind in ("double", "beaver"):
            nodes.append(f";{colour}[double]")
        elif item.kind in ("take", "drop"):
            nodes.append(f";{colour}[{item.kind}]")
        # the result ("win") is the root's RE
    if game is match.game:
        nodes.extend(_dice_in_progress(game))
    return "\n".join(nodes) + ")\n"


def export_sgf(match: Match) -> str:
    """The whole match as GNU Backgammon `.sgf` text: the games so far, from the set-up position if the
    match started from one; of a turn in progress only the dice."""
    return "".join(_game(match, game, index) for index, game in enumerate(match.games))
