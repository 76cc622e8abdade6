"""The computer opponent: evaluator, checker play, cube decisions, hints.

>>> from backgammon import Position
>>> from backgammon.bot.player import choose_play
>>> Position.start().notation(choose_play(Position.start(), (3, 1)).play)
'8/5 6/5'

Modules: `encoding` (network inputs), `network` (pure-Python inference, `weights.bin`), `evaluator`
(win/gammon/backgammon chances), `bearoff` (certain race endings), `player` (ranking and choosing
plays), `levels`, `cube` (GNU Backgammon's cubeful evaluation at 0-ply), `cubeful` (the same one ply
deeper), `met` (match equity table), `decide` (actions on a live match and hints), `methods` (worker
methods), `pubeval` (benchmark opponent), `cli`.
"""
