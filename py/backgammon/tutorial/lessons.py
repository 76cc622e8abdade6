"""The lessons of the rules tutorial, as data.

Positions are written from the learner's side (player 0, moving 24 -> 1): ``me`` and ``them`` map a point
1..24 of the learner's numbering to a number of checkers; ``BAR`` counts checkers on the bar. Checkers not
placed are borne off. A move is ``(source, dest)`` in the same numbering, ``BAR`` = 25 and ``OFF`` = 0.

Every lesson cites the rules it teaches; ``tests/core/test_lessons.py`` checks each position, answer and
wrong-move example against the rules core.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

BAR = 25
OFF = 0

MoveSpec = tuple[int, int]
PlaySpec = tuple[MoveSpec, ...]
Kind = Literal["move", "pass", "choice"]
Owner = Literal["me", "them"] | None


@dataclass(frozen=True)
class Choice:
    """One answer of a choice task and why it is right or wrong."""

    label: str
    correct: bool
    why: str


@dataclass(frozen=True)
class Mistake:
    """A typical wrong try: ``moves`` are made in order; the last is refused with ``rule`` or, when
    ``rule`` is None, completes a legal play that misses the lesson's goal (answered by the nudge)."""

    moves: PlaySpec
    rule: str | None


@dataclass(frozen=True)
class Cube:
    value: int = 1
    owner: Owner = None


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    topic: str
    text: tuple[str, ...]
    task: str
    kind: Kind
    me: dict[int, int]
    them: dict[int, int]
    hint: str
    success: str
    dice: tuple[int, int] | None = None
    goals: tuple[PlaySpec, ...] = ()
    """Accepted plays, compared by the position they lead to; empty: any legal play."""
    must_hit: bool = False
    nudge: str = ""
    solution: PlaySpec = ()
    choices: tuple[Choice, ...] = ()
    mistake: Mistake | None = None
    cube: Cube = field(default_factory=Cube)
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford_game: bool = False
    options: tuple[str, ...] = ()
    """Optional rules in force, named as `MatchSettings` fields (jacoby, beavers, automatic_doubles, ...)."""
    rules: tuple[str, ...] = ()
    """Where the rule comes from: rules document and section, for the tests and the curious."""


START_ME = {24: 2, 13: 5, 8: 3, 6: 5}
START_THEM = {1: 2, 12: 5, 17: 3, 19: 5}

# Both sides have most checkers home or off: a calm board for the cube and scoring questions.
RACE_ME = {6: 3, 5: 3, 4: 2, 3: 2, 2: 1, 1: 1}
RACE_THEM = {19: 2, 20: 3, 21: 3, 22: 2, 23: 2, 24: 1}


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        id="board",
        title="The board and the direction of play",
        topic="Basics",
        text=(
            "The board has 24 narrow triangles called points, in four quarters of six: each player's home "
            "board and outer board, with the bar down the middle. Each player has 15 checkers: two on the "
            "24 point, five on the 13, three on the 8 and five on the 6.",
            "Your checkers move from your 24 point down to your 1 point; the six points from 1 to 6 are your "
            "home board. Your opponent's checkers travel the other way round. The first to bring all 15 "
            "home and bear them off wins.",
        ),
        task="You rolled 6-5. Run a back checker all the way: from your 24 point to 18, then on to 13.",
        kind="move",
        me=START_ME,
        them=START_THEM,
        dice=(6, 5),
        goals=(((24, 18), (18, 13)),),
        nudge="That is a legal play, but this time run a back checker from the 24 point: 6 to the 18, "
        "then 5 to the 13.",
        # Said so it holds in both orientations (home board on the right or the left): the 24 point is always
        # the top row's corner straight above the home board.
        hint="Pick up a checker on your 24 point (the top corner above your home board) and move it 6 points "
        "to the 18.",
        success="Well done: checkers always move forward, toward your home board.",
        solution=((24, 18), (18, 13)),
        mistake=Mistake(((13, 7), (13, 8)), None),
        rules=("004 Set up", "004 Object of the game", "000 Start position"),
    ),
    Lesson(
        id="opening-roll",
        title="The opening roll",
        topic="Basics",
        text=(
            "To start, each player rolls one die. The higher number moves first and plays both numbers: "
            "its own die and the opponent's. If the dice show the same number, both roll again.",
            "After that, the players take turns rolling two dice.",
        ),
        task="You rolled 3 and your opponent 1: you go first with 3-1. Make your 5 point: 8/5 and 6/5.",
        kind="move",
        me=START_ME,
        them=START_THEM,
        dice=(3, 1),
        goals=(((8, 5), (6, 5)),),
        nudge="Legal, but the best 3-1 makes your 5 point: the 3 from the 8 point and the 1 from the 6 "
        "point, both landing on the 5.",
        hint="Move a checker from your 8 point 3 pips to the 5, then one from your 6 point 1 pip to the 5.",
        success="Two checkers on a point make it safe: your opponent cannot land there.",
        solution=((8, 5), (6, 5)),
        mistake=Mistake(((13, 10), (10, 9)), None),
        rules=("004 Movement of the checkers", "002 Starting the Game"),
    ),
    Lesson(
        id="moving",
        title="Moving with each die",
        topic="Basics",
        text=(
            "Each die is a separate move. With 5-3 you may move one checker 5 and another 3, or one checker "
            "8 — but only if the point where it stops in between is open.",
            "A point is open unless two or more of your opponent's checkers sit on it.",
        ),
        task="Play 5-3 with one back checker: from 24 to 21 with the 3, then on to 16 with the 5.",
        kind="move",
        me=START_ME,
        them=START_THEM,
        dice=(5, 3),
        goals=(((24, 21), (21, 16)),),
        nudge="That is legal, but the task is to move one back checker 8 pips, from 24 to 16.",
        hint="Your 19 point is blocked, so the back checker must take the 3 first: 24 to 21, then 21 to 16.",
        success="Right: the 5 first would stop on the blocked 19 point, so only the 3 first works.",
        solution=((24, 21), (21, 16)),
        mistake=Mistake(((24, 19),), "blocked"),
        rules=("004 Movement of the checkers, rule 2", "001 Movements"),
    ),
    Lesson(
        id="doubles",
        title="Doubles",
        topic="Basics",
        text=(
            "A roll of two equal numbers is a double: you play that number four times. With 3-3 you have "
            "four 3s, with any checkers you like — one checker four times, or four different checkers.",
        ),
        task="You rolled 3-3. Make your 5 point and your 3 point: two checkers 8/5 and two checkers 6/3.",
        kind="move",
        me=START_ME,
        them=START_THEM,
        dice=(3, 3),
        goals=(((8, 5), (8, 5), (6, 3), (6, 3)),),
        nudge="Legal, but for this lesson make two new points: two checkers from 8 to 5 and two from 6 to 3.",
        hint="Move two checkers from the 8 point to the 5 point, then two from the 6 point to the 3 point.",
        success="Four moves for a double: two new points in one turn.",
        solution=((8, 5), (8, 5), (6, 3), (6, 3)),
        mistake=Mistake(((13, 10), (13, 10), (10, 7), (10, 7)), None),
        rules=("004 Movement of the checkers, rule 3", "000 Movement of pieces"),
    ),
    Lesson(
        id="blocked",
        title="Blocked points",
        topic="Basics",
        text=(
            "You may land on an empty point, on your own checkers, or on a single opposing checker. A point "
            "held by two or more opposing checkers is blocked: you cannot land there, not even in passing "
            "when one checker plays both dice.",
        ),
        task="You rolled 6-2. Your opponent holds your 7 and 11 points: play a 6 and a 2 that land on open "
        "points.",
        kind="move",
        me={24: 2, 13: 4, 8: 3, 6: 4, 5: 2},
        them={1: 2, 7: 2, 11: 2, 19: 4, 20: 3, 21: 2},
        dice=(6, 2),
        hint="From the 13 point both the 6 (to 7) and the 2 (to 11) are blocked. Try the 6 from your 8 "
        "point: 8 to 2.",
        success="Good: you found open points. Blocks like these are how players trap each other's checkers.",
        solution=((8, 2), (8, 6)),
        mistake=Mistake(((13, 5),), "intermediate-blocked"),
        rules=("004 Movement of the checkers, rule 1", "000 Other important rules"),
    ),
    Lesson(
        id="hitting",
        title="Hitting a blot",
        topic="Hitting and entering",
        text=(
            "A single checker alone on a point is a blot. If you land on an opposing blot, you hit it: it "
            "goes to the bar in the middle of the board and must start its journey again.",
        ),
        task="You rolled 4-2. Your opponent left a blot on your 9 point: hit it.",
        kind="move",
        me=START_ME,
        them={1: 1, 9: 1, 12: 5, 17: 3, 19: 5},
        dice=(4, 2),
        must_hit=True,
        nudge="A fine-looking play, but it leaves the blot on your 9 point alone. Hit it: 13 to 9 "
        "with the 4.",
        hint="A checker from your 13 point reaches the 9 point with the 4.",
        success="Hit! The checker went to the bar; your opponent must bring it back in before moving "
        "anything else.",
        solution=((13, 9), (6, 4)),
        mistake=Mistake(((8, 4), (6, 4)), None),
        rules=("004 Hitting and entering", "000 How to capture opponent's pieces"),
    ),
    Lesson(
        id="entering",
        title="Entering from the bar",
        topic="Hitting and entering",
        text=(
            "With a checker on the bar, your first job is to enter it in your opponent's home board (your "
            "points 19 to 24): a 1 enters on your 24 point, a 2 on your 23, … a 6 on your 19.",
            "Until it is in, you may not move any other checker. Once it is in, play the other die with any "
            "checker.",
        ),
        task="You are on the bar and rolled 4-2. Your 23 point is blocked, so enter with the 4, then play "
        "the 2.",
        kind="move",
        me={BAR: 1, 24: 1, 13: 5, 8: 3, 6: 5},
        them={1: 2, 12: 4, 17: 3, 19: 2, 20: 2, 23: 2},
        dice=(4, 2),
        hint="Drag the checker on the bar to your 21 point (the 4), then play a 2 anywhere, e.g. 13 to 11.",
        success="In you come. Remember: nothing else moves while a checker of yours is on the bar.",
        solution=((BAR, 21), (13, 11)),
        mistake=Mistake(((13, 9),), "must-enter-first"),
        rules=("004 Hitting and entering", "000 Other important rules", "002 Blots and Bars"),
    ),
    Lesson(
        id="enter-what-you-can",
        title="Two on the bar: enter what you can",
        topic="Hitting and entering",
        text=(
            "With two or more checkers on the bar, every one of them must enter before any other checker "
            "moves. If only some of them can enter, enter as many as you can: the rest of the roll is "
            "lost.",
            "Once the last one is in, any number left over is played as usual, with any checker.",
        ),
        task="Two of your checkers are on the bar and you rolled 4-2. Only your 21 point is open: enter what "
        "you can.",
        kind="move",
        me={BAR: 2, 13: 5, 8: 3, 6: 5},
        them={12: 3, 19: 3, 20: 2, 22: 3, 23: 2, 24: 2},
        dice=(4, 2),
        hint="The 4 enters on your 21 point. The 2 would need your 23 point, which is blocked, and the other "
        "checker is still on the bar, so nothing else may move.",
        success="Right: one checker in, and the 2 is lost because the other one is still on the bar.",
        solution=((BAR, 21),),
        mistake=Mistake(((13, 11),), "must-enter-first"),
        rules=("004 Hitting and entering", "002 Blots and Bars", "000 Other important rules"),
    ),
    Lesson(
        id="pass",
        title="No legal move: pass",
        topic="Hitting and entering",
        text=(
            "If your opponent holds all six points of their home board, a checker on the bar cannot enter, "
            "and nothing else may move: you lose your turn. The game shows "
            "\u201cYou cannot make a move\u201d and your turn is written as \u201cpass\u201d in the "
            "notation.",
            "The same happens whenever no number of the roll can be played.",
        ),
        task="You are on the bar against a closed board and rolled 5-3. Try a move if you like, then pass.",
        kind="pass",
        me={BAR: 1, 13: 5, 8: 4, 6: 5},
        them={19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 3, 12: 2},
        dice=(5, 3),
        hint="Every entry point (19 to 24) holds two or more opposing checkers. Press Pass.",
        success="Right: no number can be played, so the turn passes to your opponent.",
        mistake=Mistake(((13, 8),), "must-enter-first"),
        rules=("004 Hitting and entering", "000 Other important rules (pass)"),
    ),
    Lesson(
        id="both-dice",
        title="Use both dice (frozen checkers)",
        topic="Which numbers you must play",
        text=(
            "You must use both numbers of the roll if there is any way to do it. A checker that could move "
            "by itself is frozen when moving it would leave the other die unplayable.",
        ),
        task="Play 6-4 so that both dice are used.",
        kind="move",
        me={24: 1, 13: 1, 2: 6, 1: 7},
        them={3: 2, 9: 2, 20: 2, 19: 3, 21: 3, 22: 3},
        dice=(6, 4),
        hint="If the 13 checker plays the 6, no 4 is left to play. Run the back checker: 24 to 18, then 18 "
        "to 14.",
        success="Exactly: 24/18/14 is the only way to play both numbers, so it is the only legal play.",
        solution=((24, 18), (18, 14)),
        mistake=Mistake(((13, 7),), "must-use-both-dice"),
        rules=("004 Movement of the checkers, rule 4", "000 Other important rules (frozen pieces)"),
    ),
    Lesson(
        id="larger-die",
        title="Only one die fits: play the larger",
        topic="Which numbers you must play",
        text=(
            "When either number can be played but not both, you must play the larger one. When only one of "
            "them can be played, you play that one. With a double, play as many as you can.",
        ),
        task="You rolled 6-3 and only your back checker can move. Play the number the rules require.",
        kind="move",
        me={24: 1, 2: 7, 1: 7},
        them={15: 2, 19: 4, 20: 3, 22: 3, 23: 3},
        dice=(6, 3),
        hint="Either 24/18 or 24/21 is possible, but then the other die lands on the blocked 15 point. "
        "Play the 6: 24 to 18.",
        success="Correct: only one die can be used, so it must be the larger one.",
        solution=((24, 18),),
        mistake=Mistake(((24, 21),), "must-play-larger-die"),
        rules=("004 Movement of the checkers, rule 4", "000 Other important rules"),
    ),
    Lesson(
        id="doubles-partial",
        title="Doubles: play as many as you can",
        topic="Which numbers you must play",
        text=(
            "With a double you must play all four numbers if you can. When the board does not allow all "
            "four, play as many of them as you can; the others are lost.",
        ),
        task="You rolled 6-6. Your opponent holds your 18 and 7 points. Play as many sixes as the board "
        "allows.",
        kind="move",
        me=START_ME,
        them={1: 2, 7: 2, 12: 4, 17: 2, 18: 2, 19: 3},
        dice=(6, 6),
        hint="From the 24 and the 13 points a 6 lands on a blocked point, and you cannot bear off yet. "
        "The 8 point is free to go: play 8 to 2 three times.",
        success="Exactly: three sixes were all the board allowed; the fourth is lost.",
        solution=((8, 2), (8, 2), (8, 2)),
        mistake=Mistake(((13, 7),), "blocked"),
        rules=("004 Movement of the checkers, rule 4", "002 Starting the Game"),
    ),
    Lesson(
        id="swap-dice",
        title="Which die first: swap dice",
        topic="Which numbers you must play",
        text=(
            "The dice are shown in the order they were rolled, and on some sites the left die is played "
            "first. A \u201cSwap dice\u201d button plays them the other way round. Here you can simply move "
            "with either die.",
            "Swapping is not offered for doubles, nor when the second die cannot be played first.",
        ),
        task="Which roll never shows the Swap dice button?",
        kind="choice",
        me=START_ME,
        them=START_THEM,
        choices=(
            Choice("6-1", False, "With 6-1 you can often play the 1 first, so swapping can be offered."),
            Choice("4-4", True, "Right: both dice are the same number, there is nothing to swap."),
            Choice("2-5", False, "Different numbers can be swapped when the second one can be played first."),
        ),
        hint="When would swapping change nothing?",
        success="On this site you simply pick the checker and the point; the rules decide which die it uses.",
        rules=("000 Other important rules (Swap dice)",),
    ),
    Lesson(
        id="bear-off",
        title="Bearing off",
        topic="Bearing off",
        text=(
            "Once all 15 of your checkers are in your home board (points 1 to 6) you may bear them off: a 6 "
            "removes a checker from the 6 point, a 1 from the 1 point. Not one checker off while any checker "
            "is still outside.",
        ),
        task="You rolled 6-2. Bring your last checker home with the 2, then bear off with the 6.",
        kind="move",
        me={8: 1, 6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 1},
        them={19: 3, 20: 3, 21: 3, 22: 3, 23: 3},
        dice=(6, 2),
        goals=(((8, 6), (6, OFF)), ((8, 2), (2, OFF))),
        nudge="Legal, but you can bear a checker off this turn: first bring the 8 point checker home, then "
        "bear off from the 6 point.",
        hint="Move the checker on your 8 point 2 pips to the 6 point; now everyone is home: 6/off.",
        success="Your first checker is off. Fourteen to go!",
        solution=((8, 6), (6, OFF)),
        mistake=Mistake(((6, OFF),), "bear-off-not-all-home"),
        rules=("004 Bearing off", "000 How to remove own pieces"),
    ),
    Lesson(
        id="bear-off-higher",
        title="Bearing off with a larger number",
        topic="Bearing off",
        text=(
            "If no checker is on the point the die shows, you must move a checker from a higher point. If "
            "there is none higher, you bear off from your highest point instead.",
            "You may not bear off from a lower point while a checker sits on a higher one.",
        ),
        task="You rolled 6-5 with checkers on your 4, 3 and 2 points. Bear off two checkers.",
        kind="move",
        me={4: 1, 3: 2, 2: 2},
        them={19: 3, 20: 3, 21: 3, 22: 3, 23: 3},
        dice=(6, 5),
        hint="Nothing is on the 6 or 5 point: the 6 takes the checker from your highest point, the 4; "
        "then the 5 takes one from the 3.",
        success="Right: a larger number bears off from the highest point you have.",
        solution=((4, OFF), (3, OFF)),
        mistake=Mistake(((2, OFF),), "bear-off-higher-checker"),
        rules=("004 Bearing off", "001 Exiting tokens"),
    ),
    Lesson(
        id="hit-bearing-off",
        title="Hit while bearing off",
        topic="Bearing off",
        text=(
            "If one of your checkers is hit while you are bearing off, it must enter from the bar and travel "
            "all the way back to your home board before you may bear off again.",
        ),
        task="You were hit. You rolled 6-5: enter from the bar, then use the 5 — bearing off is not allowed "
        "now.",
        kind="move",
        me={BAR: 1, 6: 3, 5: 3, 4: 2, 3: 2, 2: 1},
        them={1: 1, 9: 2, 21: 3, 22: 3, 23: 3, 24: 2},
        dice=(6, 5),
        hint="Enter on your 19 point with the 6 (or on 20 with the 5), then keep running with the other die.",
        success="Good. This checker has a long way home before your bear-off can go on.",
        solution=((BAR, 19), (19, 14)),
        mistake=Mistake(((BAR, 19), (5, OFF)), "bear-off-not-all-home"),
        rules=("004 Bearing off", "002 Bearing Off", "001 Exiting tokens"),
    ),
    Lesson(
        id="bear-off-not-forced",
        title="You need not bear off",
        topic="Bearing off",
        text=(
            "Bearing off is allowed, never forced: when a number can also be played by a move inside your "
            "home board, you may choose that move instead.",
            "It matters when your opponent has a checker on the bar: a blot in your home board can be hit as "
            "it enters.",
        ),
        task="Your opponent is on the bar and you rolled 4-2. Bearing off two checkers would leave two "
        "blots. Play safe instead: 6/4 and 6/2.",
        kind="move",
        me={6: 2, 4: 2, 2: 2},
        them={BAR: 1, 19: 4, 20: 4, 21: 3, 22: 3},
        dice=(4, 2),
        goals=(((6, 4), (6, 2)),),
        nudge="Legal, but it leaves a blot your opponent may hit from the bar. Move both checkers from the "
        "6 point instead: 6/4 and 6/2.",
        hint="Move one checker from your 6 point 2 pips to the 4, and the other 4 pips to the 2.",
        success="Safe: no blot for the checker on the bar to hit, and you bear off next time.",
        solution=((6, 4), (6, 2)),
        mistake=Mistake(((4, OFF), (2, OFF)), None),
        rules=("004 Bearing off", "002 Bearing Off"),
    ),
    Lesson(
        id="gammon",
        title="Gammon",
        topic="Winning and scoring",
        text=(
            "The game ends when one side has borne off all 15 checkers. A single win is worth the value on "
            "the doubling cube (1 if nobody doubled).",
            "If the loser has not borne off a single checker, it is a gammon: twice the cube value.",
        ),
        task="You are about to bear off your last checker. Your opponent has none off. The cube shows 4. "
        "How many points does this gammon win?",
        kind="choice",
        me={1: 1},
        them={10: 3, 14: 4, 17: 4, 19: 4},
        cube=Cube(4, "me"),
        choices=(
            Choice(
                "4", False, "4 would be a single win. Your opponent has borne off nothing: it is a gammon."
            ),
            Choice("8", True, "Yes: a gammon counts twice the cube, 2 \u00d7 4 = 8 points."),
            Choice(
                "12",
                False,
                "12 would be a backgammon (3 \u00d7 4), but no opposing checker is on the bar "
                "or in your home board.",
            ),
        ),
        hint="Gammon = 2 \u00d7 the cube value.",
        success="A gammon doubles the stake; the cube multiplies it again.",
        rules=("004 Gammons and backgammons", "000 Scoring", "002 Doubling Cube FAQ"),
    ),
    Lesson(
        id="backgammon",
        title="Backgammon",
        topic="Winning and scoring",
        text=(
            "Worse than a gammon: if the loser has borne off nothing and still has a checker on the bar or "
            "in the winner's home board, it is a backgammon, three times the cube value.",
            "If the loser has borne off at least one checker, it is a single win, wherever their other "
            "checkers are.",
        ),
        task="You bear off your last checker. Your opponent has none off and one checker still on your 3 "
        "point. The cube is in the middle at 1. How many points do you win?",
        kind="choice",
        me={2: 1},
        them={3: 1, 12: 2, 17: 4, 19: 4, 20: 4},
        choices=(
            Choice("1", False, "Not a single game: your opponent has borne off nothing."),
            Choice("2", False, "More than a gammon: a checker is still in your home board."),
            Choice(
                "3", True, "Yes: no checker off and one in your home board make a backgammon, 3 \u00d7 1."
            ),
        ),
        hint="Look for opposing checkers on the bar or on your points 1 to 6.",
        success="A backgammon is worth three times the cube.",
        rules=("004 Gammons and backgammons", "000 Scoring"),
    ),
    Lesson(
        id="double",
        title="The doubling cube: offering a double",
        topic="The doubling cube",
        text=(
            "Each game starts at 1 point. A player who feels ahead may offer to double the stake — only at "
            "the start of their own turn, before rolling. The cube shows 2, 4, 8, 16, 32 and 64.",
            "No double on the very first turn of a game: the winner of the opening roll moves first, then "
            "the opponent has the first chance to double.",
        ),
        task="When may you offer a double?",
        kind="choice",
        me=RACE_ME,
        them=RACE_THEM,
        choices=(
            Choice(
                "At the start of my turn, before I roll",
                True,
                "Right: a double is offered before your own roll, never after.",
            ),
            Choice(
                "After I roll, if the numbers are good",
                False,
                "Too late: once you have rolled, you must play the roll.",
            ),
            Choice("During my opponent's turn", False, "No: only at the start of your own turn."),
        ),
        hint="You must decide before you see your dice.",
        success="Before your roll, you choose: roll, or double.",
        rules=("004 Doubling", "000 Other important doubling cube rules"),
    ),
    Lesson(
        id="take-drop",
        title="Take or drop",
        topic="The doubling cube",
        text=(
            "When doubled, you choose: take, and play on for twice the stake, or drop (pass), and lose the "
            "game right away at the stake before the double. Gammons do not count on a dropped double.",
        ),
        task="Your opponent has two checkers left on their 1 point and you still have ten. They double to "
        "2. Take or drop?",
        kind="choice",
        me={6: 2, 5: 2, 4: 2, 3: 2, 2: 2},
        them={24: 2},
        cube=Cube(1, None),
        choices=(
            Choice(
                "Take",
                False,
                "Any roll bears off both of their checkers: taking loses 2 points instead of 1.",
            ),
            Choice("Drop", True, "Right: they cannot miss, so drop and lose 1 point rather than 2."),
        ),
        hint="What does your opponent roll next? Can any roll fail to bear off two checkers from the 1 "
        "point?",
        success="Drop a double you cannot win; take one when your chances are good enough.",
        rules=("004 Doubling", "000 A doubling cube"),
    ),
    Lesson(
        id="cube-owner",
        title="Owning the cube and redoubling",
        topic="The doubling cube",
        text=(
            "The player who takes a double owns the cube: it moves to their side, and only they may double "
            "next (a redouble). So doubles alternate between the players.",
            "If a redouble is dropped, the loser pays the stake before the redouble.",
        ),
        task="You own the cube at 2. You redouble to 4 and your opponent drops. How many points do you win?",
        kind="choice",
        me=RACE_ME,
        them=RACE_THEM,
        cube=Cube(2, "me"),
        choices=(
            Choice("1", False, "The stake was already 2 when you redoubled."),
            Choice("2", True, "Yes: a dropped redouble pays the stake before it, 2 points."),
            Choice("4", False, "4 is what a take would have put at stake; a drop pays the old stake."),
        ),
        hint="A drop pays what was at stake before the new double.",
        success="Redoubles follow the same rule as the first double.",
        rules=("004 Doubling", "000 A doubling cube", "002 Doubling Cube"),
    ),
    Lesson(
        id="match-play",
        title="Match play",
        topic="Matches",
        text=(
            "A match is played to a number of points, e.g. 5 or 7. Each game adds its points — cube value "
            "times 1, 2 or 3 — to the winner's score, and the first to reach the match length wins.",
            "No one may double past what already wins the match, and a player 1 point from the match is "
            "not offered a double.",
        ),
        task="In a 7-point match you lead 2-1. You win a gammon with the cube on 2. What is the score now?",
        kind="choice",
        me={1: 1},
        them={10: 3, 14: 4, 17: 4, 19: 4},
        cube=Cube(2, "me"),
        match_length=7,
        score=(2, 1),
        choices=(
            Choice("3-1", False, "A gammon with the cube on 2 is worth more than 1 point."),
            Choice("4-1", False, "That would be a single win at 2. A gammon doubles it."),
            Choice("6-1", True, "Yes: 2 \u00d7 2 = 4 points, so 2 + 4 = 6."),
        ),
        hint="Gammon (2) times cube (2), added to your 2.",
        success="Points add up game by game until someone reaches the match length.",
        rules=("002 Matches versus Point-Games", "000 A doubling cube"),
    ),
    Lesson(
        id="crawford",
        title="The Crawford game",
        topic="Matches",
        text=(
            "When a player first comes within 1 point of winning the match, the next game is the Crawford "
            "game: nobody may double in it. In the games after it, doubling is allowed again "
            "(post-Crawford).",
        ),
        task="5-point match: you have just reached 4-2. Who may double in the next game?",
        kind="choice",
        me=START_ME,
        them=START_THEM,
        match_length=5,
        score=(4, 2),
        crawford_game=True,
        choices=(
            Choice("Nobody", True, "Right: this is the Crawford game, the cube stays at 1."),
            Choice("Only my opponent", False, "Not in the Crawford game; from the game after it, yes."),
            Choice("Both of us", False, "No doubling at all in the Crawford game."),
        ),
        hint="What does the Crawford rule forbid, and for how long?",
        success="After the Crawford game, the trailing player will double early: you are 1 point away, "
        "so doubling costs them little.",
        rules=("000 Crawford rule", "002 Crawford Rule"),
    ),
    Lesson(
        id="post-crawford",
        title="After the Crawford game",
        topic="Matches",
        text=(
            "Once the Crawford game is over, the cube is back in play. The player 1 point from winning the "
            "match may still not double: a single win is all they need, so a double could only help the "
            "other side. The trailing player may double as usual.",
        ),
        task="5-point match, the Crawford game has been played and you lead 4-2. The cube is in the middle. "
        "Who may double in this game?",
        kind="choice",
        me=START_ME,
        them=START_THEM,
        match_length=5,
        score=(4, 2),
        choices=(
            Choice("Nobody", False, "That was the Crawford game only; this game is after it."),
            Choice(
                "Only my opponent",
                True,
                "Right: you are 1 point from the match, so you are not offered a double; they may double.",
            ),
            Choice("Both of us", False, "Not you: a player 1 point from winning the match may not double."),
        ),
        hint="Which of you needs more than a single win?",
        success="Doubling is back after the Crawford game, for the trailing player.",
        rules=("000 Other important doubling cube rules", "002 Clarification of Crawford Rule"),
    ),
    Lesson(
        id="dead-cube",
        title="No double past the match",
        topic="Matches",
        text=(
            "In a match, once the cube's value is enough for a player to win the match with a single win, "
            "that player may not double it any higher: it would not change what they win.",
        ),
        task="7-point match, you have 3 points and you own the cube at 4. May you redouble to 8?",
        kind="choice",
        me=RACE_ME,
        them=RACE_THEM,
        cube=Cube(4, "me"),
        match_length=7,
        score=(3, 1),
        choices=(
            Choice(
                "Yes, I own the cube",
                False,
                "Owning the cube is not enough: a single win at 4 already brings you to 7.",
            ),
            Choice("No", True, "Right: 3 + 4 = 7 already wins the match, so the cube stays at 4."),
        ),
        hint="Add the cube's value to your score and compare it with the match length.",
        success="The site does not offer a double that cannot change the result.",
        rules=("000 Other important doubling cube rules",),
    ),
    Lesson(
        id="strict-doubling",
        title="House rule: strict doubling",
        topic="Matches",
        text=(
            "Some sites add a stricter house rule: no double that would let the doubler win the match with a "
            "single win, or that would wipe out the opponent's lead in the score. It is an option here, off "
            "unless you choose it for a match.",
        ),
        task="7-point match, you trail 3-5, the cube is in the middle at 1 and the strict rule is on. "
        "May you double?",
        kind="choice",
        me=START_ME,
        them=START_THEM,
        match_length=7,
        score=(3, 5),
        choices=(
            Choice(
                "Yes, before I roll",
                False,
                "Under the standard rules yes; under the strict rule a single "
                "win at 2 would bring you to 5-5 and erase the lead.",
            ),
            Choice(
                "No",
                True,
                "Right: winning 2 points would wipe out your opponent's lead, which the strict rule forbids.",
            ),
        ),
        hint="Add the doubled stake to your score and compare it with your opponent's.",
        success="Without the house rule, the same double would be allowed.",
        options=("strict_doubling",),
        rules=("001 Doubling die (house rule)",),
    ),
    Lesson(
        id="automatic-doubles",
        title="Optional: automatic doubles",
        topic="Optional rules",
        text=(
            "Some players agree on automatic doubles: when the opening roll is a tie, the stake doubles. The "
            "cube turns to 2 and stays in the middle, so either player may double next. Usually only one "
            "automatic double per game is allowed.",
        ),
        task="Automatic doubles are on (one per game). The opening dice show 4 and 4, then 5 and 5. What "
        "does the cube show?",
        kind="choice",
        me=START_ME,
        them=START_THEM,
        choices=(
            Choice("1", False, "With automatic doubles on, a tie doubles the stake."),
            Choice("2", True, "Yes: the first tie turns the cube to 2; the limit of one stops the second."),
            Choice("4", False, "Only one automatic double is allowed per game here."),
        ),
        hint="Count the ties, then apply the limit.",
        success="The cube stays in the middle after an automatic double.",
        options=("automatic_doubles",),
        rules=("004 Optional rules 1",),
    ),
    Lesson(
        id="beavers",
        title="Optional: beavers",
        topic="Optional rules",
        text=(
            "With beavers allowed, a player who is doubled may at once redouble (beaver) and keep the cube. "
            "The original doubler then takes or drops as usual.",
        ),
        task="Beavers are on. Your opponent doubles you to 2 and you beaver. What does the cube show, and "
        "who owns it?",
        kind="choice",
        me=RACE_ME,
        them=RACE_THEM,
        cube=Cube(1, None),
        choices=(
            Choice("2, owned by me", False, "A beaver doubles again at once."),
            Choice("4, owned by me", True, "Right: you beavered to 4 and keep the cube."),
            Choice("4, owned by my opponent", False, "The beaver lets you keep the cube."),
        ),
        hint="A beaver is an immediate redouble by the player who was doubled.",
        success="Beavers are for money games, when you think the double was a mistake.",
        options=("beavers",),
        rules=("004 Optional rules 2",),
    ),
    Lesson(
        id="jacoby",
        title="Optional: the Jacoby rule",
        topic="Optional rules",
        text=(
            "Under the Jacoby rule, gammons and backgammons count only as a single game unless someone has "
            "doubled during the game. It is used in money play, not in matches.",
        ),
        task="A money game with the Jacoby rule. Nobody doubled, and you win a gammon. How many points?",
        kind="choice",
        me={1: 1},
        them={10: 3, 14: 4, 17: 4, 19: 4},
        choices=(
            Choice("1", True, "Yes: with no double in the game, the gammon counts as a single game."),
            Choice("2", False, "Only if someone had doubled would the gammon count double."),
            Choice("3", False, "Not a backgammon, and under Jacoby it would still count 1 without a double."),
        ),
        hint="Was the cube ever turned in this game?",
        success="The Jacoby rule pushes a player who is far ahead to double.",
        options=("jacoby",),
        rules=("004 Optional rules 3",),
    ),
    Lesson(
        id="irregularities",
        title="Irregularities",
        topic="Over the board",
        text=(
            "Over a real board, a few rules settle accidents. Both dice must land flat on the right-hand "
            "side of the board, or both are rolled again. A roll made before the opponent has picked up "
            "their dice does not count.",
            "A turn ends when the player picks up their dice. If the play was illegal or incomplete, the "
            "opponent may accept it as made or require a legal play, until they roll or double. Here the "
            "rules core checks every move, so none of this can happen on this site.",
        ),
        task="Over the board, your opponent makes an illegal play and picks up their dice. You have not "
        "rolled yet. What may you do?",
        kind="choice",
        me=START_ME,
        them=START_THEM,
        choices=(
            Choice(
                "Accept it, or ask for a legal play",
                True,
                "Right: the choice is yours until you roll or double.",
            ),
            Choice(
                "Nothing: the turn is over",
                False,
                "The turn is over, but until you roll or double you may still require a legal play.",
            ),
            Choice(
                "Roll, then ask for a legal play",
                False,
                "Too late then: rolling accepts the play as it was made.",
            ),
        ),
        hint="When is a play deemed accepted?",
        success="On this site an illegal move is refused at once, with the rule that forbids it.",
        rules=("004 Irregularities",),
    ),
)


def lesson_by_id(lesson_id: str) -> Lesson:
    for lesson in LESSONS:
        if lesson.id == lesson_id:
            return lesson
    raise KeyError(lesson_id)
