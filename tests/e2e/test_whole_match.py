"""A whole match on the page, as two people play it on one device: from the opening roll to the end of the
match, every checker moved through the board (a click on the checker, a click on where it goes), every roll
asked for with the page's button, the game's end, the next game, the Crawford game and its resignation.

The dice are scripted (?test-dice=); the plays are drawn beforehand by the rules core (`backgammon.movegen`),
each the legal play that leaves the mover the fewest pips (a race, so the game is short: 29 turns, a gammon),
and the page must accept every one and end the game where the rules core ends it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from playwright.sync_api import Page, expect

from backgammon.move import Play
from backgammon.movegen import legal_plays
from backgammon.position import Position

from .conftest import Site
from .match_driver import click_move, open_match, phase, position_id, press_button, status, wait_idle

GAME_SEED = 37  # a short game (29 turns, 73 checkers moved) among the first 40 seeds


@dataclass
class Turn:
    player: int  # 0 White, 1 Black
    dice: tuple[int, int]
    play: Play
    after: str  # the Position ID after the play, as the next player sees it (the page shows that one)


def drawn_game(seed: int) -> tuple[tuple[int, int], list[Turn], int]:
    """The opening roll, every turn of a game to its end, and the loser's checkers borne off."""
    rng = random.Random(seed)
    while True:
        opening = (rng.randint(1, 6), rng.randint(1, 6))
        if opening[0] != opening[1]:
            break
    position, player, dice = Position.start(), (0 if opening[0] > opening[1] else 1), opening
    turns = []
    while True:
        play = min(legal_plays(position, dice), key=lambda p: position.apply_unchecked(p).pip_count())
        position = position.apply_unchecked(play)
        turns.append(Turn(player, dice, play, position.swap().id))
        if not any(position.mine):
            return opening, turns, position.borne_off()[1]
        position, player = position.swap(), 1 - player
        dice = (rng.randint(1, 6), rng.randint(1, 6))


def absolute(point: int, player: int) -> int | str:
    """A point in the mover's numbering (25 the bar, 0 off) as the board's place for it."""
    if point == 25:
        return "bar"
    if point == 0:
        return "off"
    return point if player == 0 else 25 - point


def test_a_whole_match_from_the_opening_roll_through_the_board(page: Page, site: Site) -> None:
    opening, turns, loser_off = drawn_game(GAME_SEED)
    assert loser_off == 0  # a gammon: 2 points of the 3, and the Crawford game next
    rolls = [f"{a}{b}" for a, b in [opening, *(turn.dice for turn in turns[1:])]]
    crawford = ["52", "31"]  # game 2: White opens, Black's roll; the trailer resigns
    open_match(page, site, ",".join(["31", *rolls, *crawford]), end_turn="now")

    page.click("#new-match-button")
    form = page.locator("#new-match-form")
    form.locator("select[name=opponent]").select_option("human")
    form.locator("input[name=length]").fill("3")
    form.locator("button[value=start]").click()
    wait_idle(page)
    expect(page.locator("#match-info")).to_contain_text("3")

    names = ("White", "Black")
    for number, turn in enumerate(turns):
        name = names[turn.player]
        if number and phase(page) == "roll":  # the cube is in play: the roll is asked for
            assert f"{name} to roll or double" in status(page)
            press_button(page, "roll")
        high, low = max(turn.dice), min(turn.dice)
        assert phase(page) == "move", (number, status(page))
        assert f"{name} to move" in status(page) and str(high) in status(page) and str(low) in status(page)
        if not turn.play:
            press_button(page, "pass")
        for move in turn.play:
            click_move(page, absolute(move.source, turn.player), absolute(move.dest, turn.player))
        if number + 1 < len(turns):
            assert position_id(page) == turn.after, (number, turn)

    # The last checker off ends the game: a gammon, 2 points; the Crawford game comes next.
    assert phase(page) == "game_over"
    winner = names[turns[-1].player]
    expect(page.locator("#result-banner")).to_contain_text(f"{winner} wins a gammon")
    press_button(page, "next_game")
    assert phase(page) == "move"
    expect(page.locator("#match-info")).to_contain_text("Crawford")
    # White opens the Crawford game; whoever trails resigns it, and the match is over.
    loser = names[1 - turns[-1].player]
    if loser != "White":
        click_move(page, 13, 8)
        click_move(page, 13, 11)
    page.click("#resign-button")
    page.click("#resign-dialog button[value=single]")
    wait_idle(page)
    assert phase(page) == "resign_offered"
    press_button(page, "accept_resign")
    assert phase(page) == "match_over"
    expect(page.locator("#result-banner")).to_contain_text(f"{winner} wins the match")
