"""Hostile input to every worker method that reads data from outside, called as the page calls them
(through `backgammon.api.handle`, JSON text in and out): each is answered either by a result or by a refusal
of a known type whose message is plain words, never an internal value (None, a Python repr, a traceback).
Input over the limits (py/backgammon/limits.py, docs/limits.md) is refused before the work is done: no clock
limit says so (the machine is shared and its load varies), but times compared within one run, the refusal
against the work it spares."""

from __future__ import annotations

import copy
import gc
import json
import random
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples

from backgammon import api
from backgammon.bot.decide import bot_action
from backgammon.bot.levels import level_named
from backgammon.formats.mat_export import export_mat
from backgammon.formats.mat_import import import_mat
from backgammon.formats.sgf_export import export_sgf
from backgammon.formats.sgf_import import import_sgf
from backgammon.limits import (
    MAX_ACTIONS,
    MAX_FILE_CHARS,
    MAX_GAME_ACTIONS,
    MAX_GAMES,
    MAX_POSITION_CHARS,
    MAX_REQUEST_CHARS,
    MAX_SGF_DEPTH,
    InputTooLargeError,
)
from backgammon.match import Match
from backgammon.record import load_record, to_record
from backgammon.rules import MatchSettings

DATA = Path(__file__).parent / "data"
# The refusals a player may be shown; InternalError (a bug in the rules core) is not one of them.
KNOWN = {
    "InvalidRecordError",
    "InputTooLargeError",
    "InvalidRequestError",
    "InvalidActionError",
    "InvalidSettingsError",
    "InvalidIdError",
    "InvalidPositionError",
    "InvalidMoveError",
    "IllegalMoveError",
    "MatImportError",
    "SgfImportError",
}
# Python's None as a value (the English "None of the dice ..." is a sentence, not a value).
NONE_VALUE = re.compile(r"\bNone\b(?! of\b)")
DICT_REPR = re.compile(r"\{'\w+': ")  # a Python dict as repr shows it: {'type': ...
INTERNAL = ("Traceback", "undefined", "NoneType", "Error:", "object at 0x", "[None")


def request(method: str, params: Any) -> dict[str, Any]:
    return raw(json.dumps({"id": 1, "method": method, "params": params}))


def raw(text: str) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(api.handle(text))
    return answer


def fastest(*works: Callable[[], object], repeats: int = 3) -> list[float]:
    """For each of `works`, the shortest of `repeats` runs, in seconds, to be compared with each other and
    never with a fixed limit. Run in turns, so that a change in the machine's load falls on all of them, and
    timed by this process's CPU time, which other processes' work hardly changes (inside Pyodide the process
    clock is the wall clock: there the shortest run is the one least disturbed)."""
    best = [float("inf")] * len(works)
    for _ in range(repeats):
        for index, work in enumerate(works):
            gc.collect()  # a collection of the garbage of an earlier run would be counted in this one
            start = time.process_time()
            work()
            best[index] = min(best[index], time.process_time() - start)
    return best


# The tests that compare times run on CPython only: what they time is the same Python inside Pyodide, where
# each takes several times as long (2-4 s) and the process clock is the wall clock of a shared machine.
# Refusals for size still run inside Pyodide in the tests without times (records over the limits, deep
# nesting, a huge pasted position).
timed_on_cpython = pytest.mark.skipif(
    sys.platform == "emscripten", reason="times compared on CPython only: the same Python, a steadier clock"
)


def refusing(work: Callable[[], object]) -> Callable[[], None]:
    """`work`, which must be refused for its size."""

    def run() -> None:
        with pytest.raises(InputTooLargeError):
            work()

    return run


def assert_plain(answer: dict[str, Any], given: str = "") -> None:
    """A result, or a refusal of a known type in plain words. `given`: the text the player gave, which a
    refusal may quote (a file whose first line is "undefined" is told so): what it holds does not count."""
    if "result" in answer:
        return
    error = answer["error"]
    assert error["type"] in KNOWN, error
    message = error["message"]
    assert isinstance(message, str) and message.strip()
    assert len(message) < 600, message
    for pattern in (NONE_VALUE, DICT_REPR):
        assert not pattern.search(message) or pattern.search(given), message
    for word in INTERNAL:
        assert word not in message or word in given, message


def refused(answer: dict[str, Any], kind: str, *words: str) -> str:
    assert "error" in answer, answer.get("result", {}).keys()
    assert answer["error"]["type"] == kind, answer["error"]
    assert_plain(answer)
    message: str = answer["error"]["message"]
    for word in words:
        assert word in message, message
    return message


def self_play(length: int, seed: int, games: int = 3) -> Match:
    rng = random.Random(seed)
    match = Match(MatchSettings(match_length=length), [{"name": "Ann"}, {"name": "Bob"}])
    level = level_named("beginner")
    while (action := bot_action(match, level)) is not None:
        if action["type"] == "next_game" and len(match.games) >= games:
            break
        if action["type"] == "roll":
            action = {"type": "roll", "dice": [rng.randint(1, 6), rng.randint(1, 6)]}
        match.act(action)
    return match


REAL = self_play(3, seed=4)
RECORD = to_record(REAL)
RECORD_JSON = json.dumps(RECORD)
MAT = export_mat(REAL)
SGF = export_sgf(REAL)


def test_the_real_record_and_files_are_read() -> None:
    # The inputs below are made from these: they must read as they are, or every refusal would be trivial.
    assert "result" in request("read_record", {"record": RECORD})
    assert "result" in request("import_mat", {"text": MAT})
    assert "result" in request("import_sgf", {"text": SGF})


# ---- records: read_record (share links, launched .json files) and load (Save / load's .json) -------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _paths(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += _paths(child, (*path, index))
    return found


PATHS = _paths(RECORD)[1:]


def _replace(record: Any, path: tuple[Any, ...], value: Any) -> Any:
    record = copy.deepcopy(record)
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return record


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), json_values, st.sampled_from(["read_record", "load"]))
def test_a_record_with_any_value_anywhere_is_read_or_refused_plainly(
    path: tuple[Any, ...], value: Any, method: str
) -> None:
    assert_plain(request(method, {"record": _replace(RECORD, path, value)}))


ACTION_PATHS = [p for p in PATHS if len(p) == 5 and p[0] == "games" and p[2] == "actions"]


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ACTION_PATHS), st.integers(-3, 30) | st.sampled_from(["bar", "off", "gammon", "x"]))
def test_a_valid_looking_record_that_replays_into_an_illegal_state_is_refused(
    path: tuple[Any, ...], value: Any
) -> None:
    # Dice, points and kinds changed to other plausible values: the replay checks every one against the rules.
    field_path = path
    action = RECORD["games"][path[1]]["actions"][path[3]]
    if path[4] == "dice":
        field_path = (*path, 0)
    if action.get(path[4]) == value:
        return
    answer = request("read_record", {"record": _replace(RECORD, field_path, value)})
    assert_plain(answer)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(RECORD_JSON) - 1))
def test_a_truncated_record_is_refused_plainly(cut: int) -> None:
    text = RECORD_JSON[:cut]
    answer = raw('{"id": 1, "method": "read_record", "params": {"record": ' + text + "}}")
    refused(answer, "InvalidRequestError", "not valid JSON")
    try:
        shorter = json.loads(text + "]}]}")  # cut inside the actions, closed again: a record cut short
    except ValueError:
        return
    assert_plain(request("read_record", {"record": shorter}))


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(RECORD_JSON) - 1), st.integers(0, 6))
def test_a_bit_flipped_record_is_read_or_refused_plainly(at: int, bit: int) -> None:
    data = bytearray(RECORD_JSON.encode())
    data[at] ^= 1 << bit
    try:
        text = data.decode()
    except UnicodeDecodeError:
        return  # the page refuses it before Python sees it (TextDecoder fatal)
    answer = raw('{"id": 1, "method": "read_record", "params": {"record": ' + text + "}}")
    assert_plain(answer)


@pytest.mark.parametrize("depth", [50, 1_000, 100_000])
def test_deeply_nested_data_is_refused_without_a_crash(depth: int) -> None:
    # Measured before it is parsed: in Pyodide, json.loads of 100,000 levels overflowed the WebAssembly stack
    # and killed the interpreter (no RecursionError there), closed or not.
    nested = "[" * depth + "]" * depth
    head = '{"id": 1, "method": "read_record", "params": {"record": '
    answer = raw(head + nested + "}}")
    refused(answer, "InputTooLargeError", "nested more than 12 levels")
    assert answer["error"]["words"] == {"id": "limits.requestNested", "args": {"most": 12}}
    refused(raw(head + "[" * depth), "InputTooLargeError", "nested more than 12 levels")
    record = copy.deepcopy(RECORD)
    record["settings"] = json.loads('{"a": ' * 40 + "1" + "}" * 40)
    refused(request("read_record", {"record": record}), "InputTooLargeError", "nested more than 12 levels")
    # Called directly (not through the worker's handle), the record reader checks the nesting itself.
    with pytest.raises(InputTooLargeError, match="nested more than 12 levels"):
        load_record(record)
    if depth >= 1_000:
        text = '{"id": 1, "method": "read_record", "params": {"record": {"format": "backgammon-match", "x": '
        answer = raw(text + nested + "}}}")
        refused(answer, "InputTooLargeError", "nested")


@timed_on_cpython
def test_a_request_over_the_size_limit_is_refused_before_it_is_parsed() -> None:
    # The decompression bomb of issue 33 as it would reach Python: megabytes of spaces in a JSON string.
    text = '{"id": 1, "method": "read_record", "params": {"record": "' + " " * (MAX_REQUEST_CHARS + 1) + '"}}'
    answer = raw(text)
    message = refused(answer, "InputTooLargeError", "16.1 MB")
    assert "at most" in message
    # Its words, for the page to say it in the player's language (its sizes in the page's words for sizes).
    assert answer["error"]["words"] == {
        "id": "limits.requestTooLarge",
        "args": {
            "size": {"id": "size.megabytes", "args": {"n": 16.1}},
            "limit": {"id": "size.megabytes", "args": {"n": 16.1}},
        },
    }
    # Refused on its length alone: a small part of the time that merely parsing it takes, in the same run
    # (microseconds against tens of milliseconds; parsed first, it would take at least as long as the parse).
    refusal, parse = fastest(lambda: api.handle(text), lambda: json.loads(text))
    assert refusal < parse / 10, f"refused in {refusal * 1000:.2f} ms, parsed in {parse * 1000:.2f} ms"


def _many(games: int, actions: int) -> dict[str, Any]:
    record = copy.deepcopy(RECORD)
    record["games"] = [{"actions": [{"type": "confirm"}] * actions} for _ in range(games)]
    return record


@pytest.mark.parametrize(
    ("games", "actions", "words"),
    [
        (MAX_GAMES + 1, 0, f"at most {MAX_GAMES:,} games"),
        (1, MAX_GAME_ACTIONS + 1, f"at most {MAX_GAME_ACTIONS:,} actions in one game"),
        (
            MAX_ACTIONS // MAX_GAME_ACTIONS + 1,
            MAX_GAME_ACTIONS,
            f"at most {MAX_ACTIONS:,} actions in one record",
        ),
    ],
)
def test_records_over_the_limits_are_refused_before_any_replay(games: int, actions: int, words: str) -> None:
    for method in ("read_record", "load"):
        text = json.dumps({"id": 1, "method": method, "params": {"record": _many(games, actions)}})
        # The refusal is about the size, not the first action (a lone "confirm" does not replay): it comes
        # before anything is replayed.
        refused(raw(text), "InputTooLargeError", words)


names = (
    st.text(max_size=60)
    | st.text(min_size=41, max_size=20_000)
    | st.sampled_from(
        [
            "<script>alert(1)</script>",
            "Ann\nBob",
            "\x00",
            "\u202eevil",
            "a\tb",
            "<img src=x onerror=alert(1)>",
            "",
        ]
    )
)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(names, st.sampled_from(["read_record", "load", "new_match"]))
def test_names_too_long_with_control_characters_or_markup(name: str, method: str) -> None:
    players = [{"name": name, "kind": "human"}, {"name": "Bob", "kind": "human"}]
    params = {"players": players} if method == "new_match" else {"record": {**RECORD, "players": players}}
    answer = request(method, params)
    assert_plain(answer)
    ok = 0 < len(name) <= 40 and name.strip() and name.isprintable()
    if ok:
        # Kept as text, exactly (the page shows names as text, never as markup).
        assert answer["result"]["record"]["players"][0]["name"] == name.strip()
    else:
        assert "error" in answer and "Player 0's name" in answer["error"]["message"]


# ---- .mat and .sgf files: import_mat, import_sgf (Save / load, launched files) -----------------------------


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["import_mat", "import_sgf"]), st.integers(0, 10_000), st.integers(0, 7), st.booleans()
)
def test_truncated_and_bit_flipped_match_files_are_read_or_refused_plainly(
    method: str, at: int, bit: int, truncate: bool
) -> None:
    text = MAT if method == "import_mat" else SGF
    at %= len(text)
    if truncate:
        text = text[:at]
    else:
        data = bytearray(text.encode())
        data[at % len(data)] ^= 1 << bit
        text = data.decode(errors="replace")
    assert_plain(request(method, {"text": text}), given=text)


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["import_mat", "import_sgf"]), st.text(max_size=300) | json_values)
def test_any_text_or_value_as_a_match_file_is_refused_plainly(method: str, text: Any) -> None:
    assert_plain(request(method, {"text": text}), given=text)


@timed_on_cpython
@pytest.mark.parametrize("method", ["import_mat", "import_sgf"])
def test_a_match_file_over_the_size_limit_is_refused_before_it_is_parsed(method: str) -> None:
    base, read = (MAT, import_mat) if method == "import_mat" else (SGF, import_sgf)
    text = base + " " * MAX_FILE_CHARS
    refused(request(method, {"text": text}), "InputTooLargeError", "at most 2 MB")
    # Refused on its length alone: a small part of the time that reading the file without the padding takes,
    # in the same run (microseconds against a hundred milliseconds and more). Read first, it would take at
    # least as long as that.
    refusal, reading = fastest(refusing(lambda: read(text)), lambda: read(base), repeats=2)
    assert refusal < reading / 10, f"refused in {refusal * 1000:.2f} ms, read in {reading * 1000:.2f} ms"


def test_deeply_nested_sgf_variations_are_refused() -> None:
    text = "(;FF[4]GM[6]" * 100_000 + ")" * 100_000
    refused(request("import_sgf", {"text": text}), "InputTooLargeError", f"more than {MAX_SGF_DEPTH} levels")


def test_match_files_with_too_many_games_are_refused_before_the_replay() -> None:
    head = MAT.partition(" Game 1")[0]
    games = "".join(f" Game {n}\n Ann : 0                Bob : 0\n" for n in range(1, MAX_GAMES + 2))
    refused(
        request("import_mat", {"text": head + games}), "InputTooLargeError", f"at most {MAX_GAMES:,} games"
    )
    games = "(;FF[4]GM[6]MI[length:3])" * (MAX_GAMES + 1)
    refused(request("import_sgf", {"text": games}), "InputTooLargeError", f"at most {MAX_GAMES:,} games")


@timed_on_cpython
def test_a_long_sgf_file_is_read_in_linear_time() -> None:
    # The line of each node was counted from the start of the file: quadratic in the file's size. Four times
    # the nodes take about four times as long to read (4-5x measured, CPython and Pyodide); quadratic, about
    # sixteen times (15x measured: the long comments make the counting the larger part), so the ratio of two
    # times taken in the same run tells them apart. The figures: benchmarks/input_limits.py.
    def sgf(nodes: int) -> str:
        return SGF.rstrip() + "".join(f"(;C[{n} {'x' * 100}])" for n in range(nodes))

    short, long = sgf(3_000), sgf(12_000)
    assert_plain(request("import_sgf", {"text": long}), given=long)
    short_s, long_s = fastest(
        lambda: request("import_sgf", {"text": short}), lambda: request("import_sgf", {"text": long})
    )
    assert long_s < 8 * short_s, f"3,000 nodes read in {short_s:.3f} s, 12,000 in {long_s:.3f} s"


# ---- pasted positions: read_position (the paste field, position links), position_xgid, setup ------------


@settings(max_examples=examples(200), deadline=None)
@given(
    st.text(max_size=120)
    | st.from_regex(r"XGID=[-a-pA-P]{26}(:[0-9-]{0,3}){9}", fullmatch=True)
    | st.from_regex(r"[A-Za-z0-9+/]{14}:[A-Za-z0-9+/]{12}", fullmatch=True)
    | json_values
)
def test_any_pasted_text_is_read_or_refused_plainly(text: Any) -> None:
    assert_plain(request("read_position", {"text": text}), given=text)
    assert_plain(request("position_xgid", {"position_id": text, "match_id": text}), given=text)
    assert_plain(request("setup", {"position_id": text, "match_id": None}), given=text)


@pytest.mark.parametrize("size", [MAX_POSITION_CHARS + 1, 5_000_000])
def test_a_huge_pasted_position_is_refused_naming_the_limit(size: int) -> None:
    text = "XGID=" + "a" * size
    message = refused(request("read_position", {"text": text}), "InputTooLargeError", "at most 1 KB")
    assert len(message) < 300


@timed_on_cpython
def test_a_huge_pasted_position_is_refused_before_it_is_read() -> None:
    # Refused on its length alone, so 5 million characters are refused about as fast as 1,001 (a few
    # microseconds each), in the same run; read first, the larger one would take a thousand times as long.
    # The method itself is timed: through the worker's handle, decoding the request's JSON would dominate.
    def refusals(size: int) -> Callable[[], object]:
        params = {"text": "XGID=" + "a" * size}
        refuse = refusing(lambda: api.call("read_position", params))
        return lambda: [refuse() for _ in range(100)]

    small, huge = fastest(refusals(MAX_POSITION_CHARS + 1), refusals(5_000_000), repeats=5)
    assert huge < 10 * small, (
        f"100 refusals: {small * 1000:.2f} ms of 1,001 characters, {huge * 1000:.2f} ms of 5M"
    )


def test_a_gnubg_id_of_the_wrong_length_is_not_quoted_whole() -> None:
    answer = request("setup", {"position_id": "A" * 100_000})
    message = refused(answer, "InvalidIdError")
    assert len(message) < 300
