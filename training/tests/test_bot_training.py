"""The training code's numpy encoding agrees with the one the game uses."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from backgammon.bot.encoding import encode  # noqa: E402
from backgammon.movegen import legal_positions  # noqa: E402
from backgammon.position import Position  # noqa: E402
from training.npnet import encode_batch  # noqa: E402


def test_numpy_encoding_matches_the_game() -> None:
    """`encode_batch` is the contact net's encoding in the game: `encoding`'s inputs, then gnubg's."""
    from backgammon.bot.gnubg_inputs import EXTRA_COUNT, EXTRA_START, extra_inputs

    rng = random.Random(21)
    position = Position.start()
    for _ in range(150):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        core = {(p.mine, p.theirs) for p in legal_positions(position, dice)}
        boards = sorted(core)
        rows = encode_batch(np.array([b[0] for b in boards]), np.array([b[1] for b in boards]))
        for (mine, theirs), row in zip(boards, rows, strict=True):
            extras = [0.0] * EXTRA_COUNT
            for index, value in extra_inputs(mine, theirs):
                extras[index - EXTRA_START] = value
            assert row.tolist() == pytest.approx(encode(mine, theirs) + extras)
        mine, theirs = rng.choice(boards)
        position = Position(theirs, mine) if any(mine) else Position.start()


def test_new_features_on_known_boards() -> None:
    from backgammon.bot.encoding import escape_rolls, hit_rolls, longest_prime

    empty = [0] * 25
    shooter = list(empty)
    shooter[12] = 2  # point 13
    target = list(empty)
    target[18] = 1  # their point 19 = our point 6: 7 pips from our 13 point
    assert hit_rolls(shooter, target) == 6  # 6-1, 5-2, 4-3 (no block checked); 1-1 and 7 by doubles: none
    target[18], target[17] = 0, 1  # our point 7: 6 away
    assert hit_rolls(shooter, target) == 17
    assert escape_rolls(shooter, empty) == 36
    prime = list(empty)
    for i in range(3, 9):
        prime[i] = 2
    back = list(empty)
    back[14] = 1  # their point 15 = our point 10, already past our prime on 4..9
    assert escape_rolls(back, prime) == 36
    back = list(empty)
    back[24 - 1] = 1  # their 24 point = our 1 point; our prime 4..9 is 3..8 pips in front of it
    assert escape_rolls(back, prime) < 10
    assert longest_prime(prime) == 6


def test_fast_successor_rows_match_the_core() -> None:
    from training.fastplay import successor_rows
    from training.selfplay import successors

    rng = random.Random(5)
    position = Position.start()
    for _ in range(200):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        mine, theirs, starts = successor_rows([(position.mine, position.theirs)], [dice])
        fast = {(tuple(m), tuple(t)) for m, t in zip(mine.tolist(), theirs.tolist(), strict=True)}
        assert fast == set(successors(position.mine, position.theirs, *dice))
        assert starts.tolist() == [0, len(fast)]
        after = rng.choice(legal_positions(position, dice))
        position = after.swap() if any(after.mine) else Position.start()


def test_batched_pubeval_picks_what_the_core_pubeval_picks() -> None:
    from backgammon.bot.pubeval import is_race as core_is_race
    from backgammon.bot.pubeval import pubeval_score
    from training.fastplay import pubeval_scores
    from training.selfplay import is_race_batch

    rng = random.Random(8)
    position = Position.start()
    for _ in range(150):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        results = legal_positions(position, dice)
        race = core_is_race(position.mine, position.theirs)
        assert bool(is_race_batch(np.array([position.mine]), np.array([position.theirs]))[0]) == race
        scores = pubeval_scores(
            np.array([p.mine for p in results]),
            np.array([p.theirs for p in results]),
            np.array([not race] * len(results)),
        )
        core = [pubeval_score(race, p.mine, p.theirs) for p in results]
        finished = [not any(p.mine) for p in results]
        for fast, slow, done in zip(scores.tolist(), core, finished, strict=True):
            if not done:
                assert fast == pytest.approx(slow, abs=1e-9)
        after = rng.choice(results)
        position = after.swap() if any(after.mine) else Position.start()


def test_batched_self_play_turns_keep_legal_boards() -> None:
    from training.fastplay import play_vs_pubeval_batch, td_turn
    from training.npnet import Net
    from training.selfplay import START, Evaluator

    gen = np.random.default_rng(1)
    evaluator = Evaluator({"contact": Net(8, gen), "race": Net(4, gen)})
    rng = random.Random(2)
    states = [(START, START)] * 4
    finished = 0
    for _ in range(300):
        finished += td_turn(evaluator, rng, 0.01, states)
        for mine, theirs in states:
            Position(mine, theirs)  # raises on an impossible board
    assert finished > 0
    share, ppg = play_vs_pubeval_batch(evaluator, 6, seed=3)
    assert 0.0 <= share <= 1.0 and -3.0 <= ppg <= 3.0


def test_self_play_positions_are_legal_and_the_side_on_roll_comes_first() -> None:
    from training.npnet import Net
    from training.positions import self_play_positions
    from training.selfplay import START, Evaluator

    gen = np.random.default_rng(4)
    evaluator = Evaluator({"contact": Net(8, gen), "race": Net(4, gen)})
    seen = self_play_positions(evaluator, games=3, parallel=2, explore=0.5, seed=6)
    assert bytes(START) * 2 in seen
    for key in seen:
        position = Position(tuple(key[:25]), tuple(key[25:]))  # raises on an impossible board
        assert any(position.mine) and any(position.theirs)  # nobody has won before this roll
    assert len(seen) > 30


def test_refinement_fits_the_teacher() -> None:
    """Adam on cross-entropy brings a fresh net close to a teacher net's outputs on positions it saw."""
    from training.distill import Adam
    from training.npnet import Net

    gen = np.random.default_rng(9)
    teacher, student = Net(6, gen), Net(16, gen)
    teacher.w1 *= 20.0  # outputs spread well away from one half
    x = (gen.random((2000, teacher.w1.shape[0])) < 0.1).astype(np.float32)
    y = teacher.forward(x)[1].astype(np.float32)
    adam = Adam(student, rate=0.01)
    _, before = adam.figures(x, y)
    for _ in range(40):
        for start in range(0, 2000, 100):
            adam.step(x[start : start + 100], y[start : start + 100])
    _, after = adam.figures(x, y)
    assert after < before / 4
    assert adam.to_net().forward(x[:5].astype(np.float64))[1] == pytest.approx(y[:5], abs=0.1)


def test_numpy_look_ahead_matches_the_expert_one_ply() -> None:
    """The trainer's batched 1-ply (for quick checks of search settings) is the game's `one_ply`."""
    from backgammon.bot.network import WEIGHTS_FILE
    from backgammon.bot.player import MONEY, one_ply
    from training.check import load_any
    from training.fastplay import ply_equity
    from training.selfplay import Evaluator

    weights = Path(__file__).resolve().parents[2] / "py" / "backgammon" / "bot" / WEIGHTS_FILE
    evaluator = Evaluator(load_any(weights))
    rng = random.Random(17)
    position = Position.start()
    boards = []
    for _ in range(6):  # early contact positions, where the game's clean-up of the outputs changes nothing
        results = legal_positions(position, (rng.randint(1, 6), rng.randint(1, 6)))
        boards.extend(rng.sample(results, min(3, len(results))))
        position = rng.choice(results).swap()
    fast = ply_equity(evaluator, np.array([b.mine for b in boards]), np.array([b.theirs for b in boards]), 1)
    for board, equity in zip(boards, fast.tolist(), strict=True):
        assert equity == pytest.approx(one_ply(board, MONEY, 1)[0].equity, abs=1e-4)


def test_numpy_two_ply_matches_the_deep_analysis_two_ply() -> None:
    """The trainer's batched 2-ply (which scores the deep setting on thousands of rolls) is the game's
    `two_ply`."""
    from backgammon.bot.network import WEIGHTS_FILE
    from backgammon.bot.player import MONEY, two_ply
    from training.check import load_any
    from training.fastplay import ply_equity
    from training.selfplay import Evaluator

    weights = Path(__file__).resolve().parents[2] / "py" / "backgammon" / "bot" / WEIGHTS_FILE
    evaluator = Evaluator(load_any(weights))
    rng = random.Random(23)
    position = Position.start()
    boards = []
    for _ in range(2):  # early contact positions, as for the 1-ply above
        results = legal_positions(position, (rng.randint(1, 6), rng.randint(1, 6)))
        boards.append(rng.choice(results))
        position = rng.choice(results).swap()
    fast = ply_equity(evaluator, np.array([b.mine for b in boards]), np.array([b.theirs for b in boards]), 2)
    for board, equity in zip(boards, fast.tolist(), strict=True):
        assert equity == pytest.approx(two_ply(board, MONEY, 1)[0].equity, abs=1e-4)


def test_the_ranking_loss_gradient_is_the_loss_slope() -> None:
    """`ranking.rank_delta` is the slope of the groups' mean ListNet loss (checked by finite differences)."""
    from training.ranking import EQUITY_WEIGHTS, rank_delta, segment_softmax

    gen = np.random.default_rng(4)
    starts = np.array([0, 3, 4, 9])
    teacher = gen.normal(0.0, 0.05, 9)
    sums = gen.normal(0.0, 1.0, (9, 5))
    temperature = 0.1

    def loss(z: object) -> float:
        outputs = 1.0 / (1.0 + np.exp(-np.asarray(z)))
        mover = -(outputs @ EQUITY_WEIGHTS.astype(np.float64))
        net = segment_softmax(mover / temperature, starts)
        target = segment_softmax(teacher / temperature, starts)
        return float(-(target * np.log(net)).sum() / (starts.shape[0] - 1))

    delta = rank_delta((1.0 / (1.0 + np.exp(-sums))).astype(np.float32), teacher, starts, temperature)
    for row, unit in [(0, 0), (2, 3), (5, 1), (8, 4)]:
        up, down = sums.copy(), sums.copy()
        up[row, unit] += 1e-5
        down[row, unit] -= 1e-5
        assert delta[row, unit] == pytest.approx((loss(up) - loss(down)) / 2e-5, rel=1e-3, abs=1e-6)


def test_a_net_trained_on_the_order_of_plays_chooses_the_teachers_play() -> None:
    """With the listwise loss alone, a fresh net learns to pick each group's best play (`distill.Adam`)."""
    from training.distill import Adam
    from training.npnet import INPUT_COUNT, Net
    from training.ranking import Groups, choice_error

    gen = np.random.default_rng(5)
    x = (gen.random((400, INPUT_COUNT)) < 0.1).astype(np.float32)
    teacher = x[:, :20] @ gen.normal(0.0, 0.05, 20)  # the mover's equity of each play: some inputs matter
    groups = Groups(x, teacher.astype(np.float64), np.arange(0, 401, 8))
    adam = Adam(Net(8, gen), rate=0.01)
    before = choice_error(adam.forward(x)[1], groups.teacher, groups.starts)
    no_regression = np.zeros((0, INPUT_COUNT), dtype=np.float32), np.zeros((0, 5), dtype=np.float32)
    for _ in range(300):
        adam.step(*no_regression, (groups, 1.0, 0.02))
    after = choice_error(adam.forward(x)[1], groups.teacher, groups.starts)
    assert after < before / 3


def test_a_scoring_set_from_logged_games_keeps_their_rolls_and_only_contact_choices(tmp_path: Path) -> None:
    """`choices.py make --from-log`: the decisions of games against gnubg (`bot_vs_gnubg.py --log`) become a
    scoring set with their own rolls; races are left out, and so are the positions of a set named by
    `--exclude`."""
    import argparse
    import json

    from training import choices

    start = Position.start()
    race = Position(mine=(3, 3, 3, 3, 3) + (0,) * 20, theirs=(3, 3, 3, 3, 3) + (0,) * 20)
    later = legal_positions(start, (5, 2))[0].swap()

    def make(target: Path, decisions: list[tuple[Position, tuple[int, int]]], exclude: list[Path]) -> None:
        log = target.with_suffix(".jsonl")
        lines = [{"level": "expert", "mine": p.mine, "theirs": p.theirs, "dice": d} for p, d in decisions]
        log.write_text("".join(json.dumps(line) + "\n" for line in lines))
        args = argparse.Namespace(
            net=None, target=target, rolls=10, seed=1, exclude=exclude, from_log=log, varied=False
        )
        choices.make(args)

    first = tmp_path / "first.npz"
    make(first, [(start, (4, 1)), (race, (6, 5)), (start, (6, 6))], [])
    made = np.load(first)
    assert sorted(map(tuple, made["dice"].tolist())) == [(4, 1), (6, 6)]
    assert [before[0].tolist() for before in made["before"]] == [list(start.mine)] * 2
    counts = [len(legal_positions(start, (a, b))) for a, b in made["dice"].tolist()]
    assert np.diff(made["starts"]).tolist() == counts
    second = tmp_path / "second.npz"
    make(second, [(start, (5, 2)), (later, (2, 1))], [first])
    assert np.load(second)["before"][:, 0].tolist() == [list(later.mine)]


def test_look_ahead_settings_are_read_strictly_and_weight_zero_chooses_as_the_bare_net(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`choices.py score --settings`: PLAYS:WINDOW[:WEIGHT] is read strictly; with the 1-ply figure weighed 0
    the plays looked at keep their 0-ply figures, so the choice is the bare net's (`score` at 0-ply)."""
    import argparse
    import json

    from training import choices

    assert choices.look_ahead_setting("6:0.24") == (6, 0.24, 1.0)
    assert choices.look_ahead_setting("4:0.16:0.8") == (4, 0.16, 0.8)
    for bad in ("6", "x:0.1", "4:0.16:2", "0:0.1", "4:0.1:0.5:1"):
        with pytest.raises(argparse.ArgumentTypeError):
            choices.look_ahead_setting(bad)

    start = Position.start()
    second = legal_positions(start, (3, 1))[0].swap()
    log = tmp_path / "games.jsonl"
    decisions = [(start, (6, 4)), (start, (5, 3)), (second, (6, 2)), (second, (4, 3))]
    log.write_text(
        "".join(json.dumps({"mine": p.mine, "theirs": p.theirs, "dice": d}) + "\n" for p, d in decisions)
    )
    target = tmp_path / "set.npz"
    choices.make(argparse.Namespace(target=target, rolls=10, seed=1, exclude=[], from_log=log, varied=False))
    plays = np.load(target)["mine"].shape[0]
    labels = tmp_path / "labels.npz"
    teacher = np.random.default_rng(5).uniform(0.0, 0.5, (plays, 5)).astype(np.float32)
    np.savez(labels, outputs=teacher)
    net = Path(__file__).resolve().parents[2] / "py" / "backgammon" / "bot" / "weights.bin"
    common = {"choices": target, "labels": labels, "nets": [net]}
    choices.score(argparse.Namespace(**common, lookahead=0, window=0.16))
    choices.score_settings(argparse.Namespace(**common, settings=[(4, 0.16, 1.0), (4, 0.16, 0.0)]))
    printed = [line for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    bare, expert, weighed_zero = (json.loads(line) for line in printed)
    assert weighed_zero["error"] == bare["error"]
    assert weighed_zero["teacher's play"] == bare["teacher's play"]
    assert expert["rolls"] == bare["rolls"] == len(decisions)
