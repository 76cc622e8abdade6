"""Labelled positions kept in git (`training/labelstore.py`) come back as they were written: the same boards,
the chances within half a step of 1/65535, the keys gnubg's own Position IDs; and `training/varied.py` names
the kinds of position it is meant to find."""

from __future__ import annotations

import base64
import lzma
import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from backgammon.formats.gnubg_id import encode_position_id  # noqa: E402
from backgammon.movegen import legal_positions  # noqa: E402
from backgammon.position import Position  # noqa: E402
from training import labelstore, varied  # noqa: E402

START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


def side(**points: int) -> tuple[int, ...]:
    """A side's 25 counts from point numbers (`p1` .. `p24`, `bar`)."""
    counts = [0] * 25
    for name, count in points.items():
        counts[24 if name == "bar" else int(name[1:]) - 1] = count
    return tuple(counts)


def played_boards(count: int, seed: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Boards of random play (the side on roll first), each once, with the edge cases added: all 15 on the
    bar, a side with every checker off, 15 on one point."""
    rng = random.Random(seed)
    seen = {
        (side(bar=15), side(p6=15)),
        (side(p1=1), side(p24=15)),
        (side(), side(p1=2)),
        (side(p24=15), side(bar=3, p1=12)),
    }
    position = Position.start()
    while len(seen) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        after = rng.choice(sorted({(p.mine, p.theirs) for p in legal_positions(position, dice)}))
        seen.add(after)
        mine, theirs = after
        position = Position(theirs, mine) if any(mine) and any(theirs) else Position.start()
    return sorted(seen)


def test_keys_are_gnubg_position_ids_and_decode_to_the_boards() -> None:
    boards = played_boards(400, seed=5)
    mine = np.array([b[0] for b in boards], dtype=np.int8)
    theirs = np.array([b[1] for b in boards], dtype=np.int8)
    keys = labelstore.position_keys(mine, theirs)
    assert keys.shape == (len(boards), 10)
    for (m, t), key in zip(boards, keys, strict=True):
        assert base64.b64encode(key.tobytes()).decode().rstrip("=") == encode_position_id(m, t)
    back_mine, back_theirs = labelstore.boards_from_keys(keys)
    assert (back_mine == mine).all() and (back_theirs == theirs).all()
    assert base64.b64encode(labelstore.position_keys(np.array([START]), np.array([START]))[0].tobytes()) == (
        b"4HPwATDgc/ABMA=="
    )


def test_a_chunk_round_trips(tmp_path: Path) -> None:
    boards = played_boards(300, seed=6)
    mine = np.array([b[0] for b in boards], dtype=np.int8)
    theirs = np.array([b[1] for b in boards], dtype=np.int8)
    rng = np.random.default_rng(7)
    outputs = rng.random((len(boards), 5)).astype(np.float32)
    outputs[0] = [1.0, 1.0, 1.0, 0.0, 0.0]
    outputs[1] = [0.0, 0.0, 0.0, 1.00001, -0.00001]  # a teacher's figures can stray just outside 0..1
    order = rng.permutation(len(boards))  # written in any order, read back sorted by key
    path = tmp_path / "labels" / "00000.xz"
    labelstore.write_chunk(path, mine[order], theirs[order], outputs[order], {"teacher": "test", "chunk": 0})
    assert not list(path.parent.glob("*.partial"))
    assert path.stat().st_size < 20 * len(boards)
    got_mine, got_theirs, got, header = labelstore.read_chunk(path)
    assert header == {
        "format": "backgammon-labels",
        "version": 1,
        "count": len(boards),
        "teacher": "test",
        "chunk": 0,
    }
    assert got.dtype == np.float32 and got.shape == (len(boards), 5)
    written = {
        m.tobytes() + t.tobytes(): o for m, t, o in zip(mine, theirs, np.clip(outputs, 0, 1), strict=True)
    }
    read = {m.tobytes() + t.tobytes(): o for m, t, o in zip(got_mine, got_theirs, got, strict=True)}
    assert read.keys() == written.keys()
    for board, figures in read.items():
        assert np.abs(figures - written[board]).max() <= 0.5 / 65535 + 1e-7
    # a directory stands for its chunks, in order; the keys alone without decoding
    labelstore.write_chunk(path.with_name("00001.xz"), mine[:1], theirs[:1], outputs[:1], {})
    all_mine, _, all_outputs = labelstore.read_labels([path.parent])
    assert all_mine.shape[0] == len(boards) + 1 and all_outputs.shape == (len(boards) + 1, 5)
    keys = labelstore.read_keys([path.parent])
    assert keys.shape == (len(boards) + 1,) and np.unique(keys).shape == (len(boards),)
    # a scoring set's plays find their figures by position, in the order asked
    asked = rng.permutation(len(boards))[:40]
    found = labelstore.aligned([path], mine[asked], theirs[asked])
    assert np.abs(found - np.clip(outputs[asked], 0, 1)).max() <= 0.5 / 65535 + 1e-7
    with pytest.raises(KeyError, match="1 of 2 positions are not labelled"):
        labelstore.aligned([path], np.array([mine[0], START]), np.array([theirs[0], side(p1=1)]))


def test_bad_input_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="twice"):
        labelstore.chunk_bytes(np.array([START, START]), np.array([START, START]), np.zeros((2, 5)), {})
    with pytest.raises(ValueError, match="more than 15"):
        labelstore.position_keys(np.array([side(p6=16)]), np.array([START]))
    with pytest.raises(ValueError):
        labelstore.boards_from_keys(np.full((1, 10), 255, dtype=np.uint8))
    other = tmp_path / "other.xz"
    other.write_bytes(lzma.compress(b'{"format": "something else"}\n'))
    with pytest.raises(ValueError, match="not a version 1"):
        labelstore.read_chunk(other)


def test_varied_kinds_on_known_boards() -> None:
    def kinds_of(mine: tuple[int, ...], theirs: tuple[int, ...]) -> set[str]:
        found = varied.kinds(np.array([mine]), np.array([theirs]))
        return {name for name, hits in found.items() if hits[0]}

    assert kinds_of(START, START) == set()
    # two anchors in their home board (our 20 and 22 points) and far behind in the race: a back game
    back = side(p22=2, p20=3, p13=2, p8=2, p6=3, p5=3)
    ahead = side(p6=4, p5=4, p4=3, p3=2, p2=2)
    assert "back_game" in kinds_of(back, ahead) and "back_game" in kinds_of(ahead, back)
    # our six home points made, one of theirs on the bar
    closed = side(p1=2, p2=2, p3=2, p4=2, p5=3, p6=2, p8=2)
    assert "closed_board" in kinds_of(closed, side(bar=1, p6=14))
    # eight checkers on our 1-3 points, nothing made higher, their anchor on our 1 point
    crashed = side(p1=3, p2=3, p3=2, p6=2, p13=5)
    assert "crashed_board" in kinds_of(crashed, side(p24=2, p6=13))
    # each side's 4-to-7 prime with a checker of the other behind it
    primes = side(p4=2, p5=2, p6=2, p7=2, p24=2, p13=5)
    assert "prime_vs_prime" in kinds_of(primes, primes)
    assert varied.any_kind(np.array([START, back]), np.array([START, ahead])).tolist() == [False, True]


def test_a_chunk_in_progress_is_finished_from_its_work_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`label_chunks.py`: a fixed set's chunks are slices of its distinct plays with the opponent on roll; a
    chunk whose figures are all in its work file (a run stopped after gnubg finished) is written and its work
    files removed without starting gnubg; a record cut short by a kill is dropped."""
    from training import label_chunks

    boards = played_boards(30, seed=8)
    mine = np.array([b[0] for b in boards], dtype=np.int8)
    theirs = np.array([b[1] for b in boards], dtype=np.int8)
    plays = tmp_path / "choices.npz"  # a choices.py set: its plays seen from the side that played
    np.savez(plays, mine=theirs, theirs=mine, starts=np.array([0, 30]))
    assert (label_chunks.boards_of(plays) == np.concatenate([mine, theirs], axis=1)).all()
    monkeypatch.setattr(label_chunks, "WORK", tmp_path / "work")
    spec = {"kind": "fixed", "positions": str(plays), "per_chunk": 20, "plies": 2, "exclude": []}
    first, source = label_chunks.fresh_positions(tmp_path / "set", spec, 0)
    second, _ = label_chunks.fresh_positions(tmp_path / "set", spec, 1)
    assert first.shape == (20, 50) and second.shape == (10, 50) and source["rows"] == 0
    work = tmp_path / "work" / "set"
    work.mkdir(parents=True)
    (work / "00001.in").write_bytes(second.tobytes())
    (work / "00001.json").write_text('{"rows": 20}')
    figures = np.linspace(0, 1, 50, dtype=np.float32).reshape(10, 5)
    (work / "00001.out").write_bytes(figures[:9].tobytes() + b"\0\0\0")  # the last record cut short
    with pytest.raises(FileNotFoundError):  # one position left: gnubg is started (here, none is found)
        label_chunks.label_chunk(tmp_path / "set", spec, 1, "/nonexistent/gnubg", "gnubg test")
    assert (work / "00001.out").stat().st_size == 9 * 5 * 4
    (work / "00001.out").write_bytes(figures.tobytes())
    assert label_chunks.label_chunk(tmp_path / "set", spec, 1, "/nonexistent/gnubg", "gnubg test") == 10
    assert not list(work.iterdir())
    got_mine, got_theirs, got, header = labelstore.read_chunk(tmp_path / "set" / "00001.xz")
    assert header["source"] == {"rows": 20} and header["teacher"].startswith("gnubg test, 2-ply")
    order = np.lexsort(labelstore.position_keys(second[:, :25], second[:, 25:]).T[::-1])
    assert (got_mine == second[order, :25]).all() and (got_theirs == second[order, 25:]).all()
    assert np.abs(got - figures[order]).max() <= 0.5 / 65535 + 1e-7
