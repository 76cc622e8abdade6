"""The pool of engine workers' size (web/engine/pool.js) and a rollout's tally (web/engine/rollout-run.js)
under Node: how many workers a device gets, and the sums of real chunks (played by the rules core here, on
CPython) added up in the page to the figures the core gives."""

from __future__ import annotations

import json
from typing import Any

from backgammon.bot.rollout_methods import chunk_method, result_method

from .node_esm import needs_node, run_module

pytestmark = needs_node


def pool_size(cores: int, memory: float | None = None, coarse: bool = False, asked: int = 0) -> int:
    shown = memory if memory is not None else "none"
    facts = {"cores": cores, "memory": shown, "coarse": coarse, "asked": asked}
    size: int = run_module(
        'import { poolSize } from "{WEB}/engine/pool.js";',
        f"const f = {json.dumps(facts)}; if (f.memory === 'none') f.memory = undefined; print(poolSize(f));",
    )
    return size


def test_one_core_is_left_to_play_and_the_pool_is_capped() -> None:
    assert pool_size(1) == 1
    assert pool_size(2) == 1  # nothing more than one worker beside play's on a two-core device
    assert pool_size(4) == 3
    assert pool_size(16) == 4
    assert pool_size(0) == 1  # the browser does not say


def test_a_phone_or_a_small_memory_gets_two_at_most() -> None:
    assert pool_size(8, coarse=True) == 2
    assert pool_size(8, memory=4) == 2
    assert pool_size(8, memory=8) == 4


def test_a_size_asked_for_is_taken_whatever_the_device() -> None:
    assert pool_size(2, asked=3) == 3
    assert pool_size(16, coarse=True, asked=1) == 1
    assert pool_size(4, asked=99) == 16


def test_the_tally_of_chunks_in_any_order_gives_the_cores_figures() -> None:
    opening = "4HPwATDgc/ABMA"  # any board will do: the opening position as the board after a play
    params: dict[str, Any] = {"position_id": opening, "candidates": [opening], "trials": 4, "truncation": 1}
    chunks = [chunk_method({**params, "first": i, "count": 1}) for i in range(4)]
    core = result_method({"chunks": chunks})["candidates"][0]
    page: Any = run_module(
        'import { addChunk, emptyTally, equitiesSoFar, tallyChunk } from "{WEB}/engine/rollout-run.js";',
        f"""
        const chunks = {json.dumps(chunks)};
        const tally = emptyTally();
        for (const chunk of [chunks[2], chunks[0], chunks[3], chunks[1]]) addChunk(tally, chunk);
        print({{ soFar: equitiesSoFar(tally), merged: tallyChunk(tally) }});
        """,
    )
    assert page["soFar"][0]["equity"] == core["equity"]
    assert abs(page["soFar"][0]["error"] - core["errors"]["equity"]) < 1e-12
    # The tally as one chunk: the core reads it to the same figures to the last bit.
    assert result_method({"chunks": [page["merged"]]})["candidates"][0] == core
