"""The match record: one JSON-serialisable object that replays into exactly the same state.

```
{"format": "backgammon-match", "schema": 1,
 "settings": {...}, "players": [{...}, {...}],
 "setup": null | {"position_id": "...", "match_id": "..." | null},
 "games": [{"actions": [{"type": "roll", "dice": [3, 1]}, {"type": "move", "from": 8, "to": 5}, ...]}, ...]}
```

Actions use the worker protocol's absolute coordinates. Undone moves are not in the record, so a
reload restores a partial turn exactly. `load_record` raises `InvalidRecordError` with a plain reason
for anything that is not a record of ours, comes from a newer version, or does not replay.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast, get_args

from .errors import BackgammonError, Said, say
from .game import Game
from .limits import check_record_size, shown, shown_said
from .match import Match, Setup, check_players, match_from_ids
from .rules import MatchSettings
from .shapes import ActionType, Event, MatchRecord, RecordHeader

FORMAT = "backgammon-match"
SCHEMA = 1

# The actions a record holds: all of the rules core's (ActionType) but `play` and `next_game`.
REPLAYABLE = frozenset(get_args(ActionType)) - {"play", "next_game"}


# Why a match record is refused, by message id: the page says it in the player's language from the same ids
# (web/i18n/CODE.js; tests/units/test_core_words.py holds English's messages to these).
WORDS: dict[str, str] = {
    "record.notOurs": (
        'This is not a backgammon match record of this game (it does not say "format": "{format}").'
    ),
    "record.noSchema": "The record's schema version is missing or not a number.",
    "record.newer": (
        "The record was written by a newer version (schema {schema}; this version reads {reads})."
    ),
    "record.unknownSchema": "Unknown record schema {schema}.",
    "record.noGames": "The record has no list of games.",
    "record.noActions": "Game {game} of the record has no list of actions.",
    "record.unknownAction": "Game {game}, action {step} is not a known action.",
    "record.header": "The record's header is invalid: {error}",
    "record.actionFails": "Game {game}, action {step} ({action}) does not replay: {error}",
    "record.startFails": "The start of game {game} ({action}) does not replay: {error}",
}

# A record that is not a JSON object (tests/units/test_core_words.py holds it to en.js).
RARE_WORDS: dict[str, str] = {"record.notObject": "A match record is a JSON object, not {value}."}


class InvalidRecordError(BackgammonError):
    """A match record that is corrupt, foreign, from a newer version, or does not replay."""


def to_record_header(match: Match) -> RecordHeader:
    """Everything in the record but the games."""
    return {
        "format": FORMAT,
        "schema": SCHEMA,
        "settings": match.settings.to_dict(),
        "players": [p.copy() for p in match.players],
        "setup": match.setup.to_dict() if match.setup else None,
    }


def match_record(match: Match) -> MatchRecord:
    return {**to_record_header(match), "games": [{"actions": game.record_entries()} for game in match.games]}


def to_record(match: Match) -> dict[str, Any]:
    """`match_record` as a plain dict, for the readers that add to it or do not care for its shape."""
    return cast(dict[str, Any], match_record(match))


_FINISHED_GAME_JSON: weakref.WeakKeyDictionary[Game, str] = weakref.WeakKeyDictionary()


def record_json(match: Match) -> str:
    """`json.dumps(to_record(match))`, reusing the text of finished games: the worker sends it per click."""
    header = to_record_header(match)
    games = []
    for game in match.games:
        if game is match.game:
            games.append(json.dumps({"actions": game.record_entries()}))
            continue
        text = _FINISHED_GAME_JSON.get(game)
        if text is None:
            text = _FINISHED_GAME_JSON[game] = json.dumps({"actions": game.record_entries()})
        games.append(text)
    return json.dumps(header)[:-1] + ', "games": [' + ", ".join(games) + "]}"


#: Called after each recorded action is replayed: (match, game index from 0, action index, action, events).
Observer = Callable[[Match, int, int, dict[str, Any], list[Event]], None]


def load_record(data: object, observe: Observer | None = None) -> Match:
    """Replay a record into a `Match`; `observe` sees the match after each recorded action."""
    if not isinstance(data, dict):
        raise InvalidRecordError.saying(say(RARE_WORDS, "record.notObject", value=shown_said(data)))
    check_record_size(data)  # first: its size and nesting, before anything of it is read or replayed
    if data.get("format") != FORMAT:
        raise InvalidRecordError.saying(say(WORDS, "record.notOurs", format=FORMAT))
    schema = data.get("schema")
    if isinstance(schema, bool) or not isinstance(schema, int):
        raise InvalidRecordError.saying(say(WORDS, "record.noSchema"))
    if schema > SCHEMA:
        raise InvalidRecordError.saying(say(WORDS, "record.newer", schema=schema, reads=SCHEMA))
    if schema != SCHEMA:
        raise InvalidRecordError.saying(say(WORDS, "record.unknownSchema", schema=schema))
    try:
        settings = MatchSettings.from_dict(data.get("settings"))
        players = check_players(data.get("players"))
        match = _new_match(settings, players, data.get("setup"))
    except InvalidRecordError:
        raise
    except BackgammonError as error:
        if error.words is not None:  # the rules core's own reason inside, in the same language
            said = say(WORDS, "record.header", error=Said(str(error), error.words))
            raise InvalidRecordError.saying(said) from None
        raise InvalidRecordError(f"The record's header is invalid: {error}") from None
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise InvalidRecordError.saying(say(WORDS, "record.noGames"))
    for index, game in enumerate(games):
        number = index + 1
        if not isinstance(game, dict) or not isinstance(game.get("actions"), list):
            raise InvalidRecordError.saying(say(WORDS, "record.noActions", game=number))
        if index > 0:
            _replay(match, {"type": "next_game"}, number, 0)
        for step, action in enumerate(game["actions"], start=1):
            kind = action.get("type") if isinstance(action, dict) else None
            if not isinstance(action, dict) or not isinstance(kind, str) or kind not in REPLAYABLE:
                raise InvalidRecordError.saying(say(WORDS, "record.unknownAction", game=number, step=step))
            events = _replay(match, action, number, step)
            if observe is not None:
                observe(match, index, step - 1, action, events)
    return match


def _new_match(settings: MatchSettings, players: Sequence[Mapping[str, object]], setup: object) -> Match:
    if setup is None:
        return Match(settings, players)
    if not isinstance(setup, dict) or not isinstance(setup.get("position_id"), str):
        raise InvalidRecordError("The record's setup must name a position_id.")
    match_id = setup.get("match_id")
    if match_id is not None and not isinstance(match_id, str):
        raise InvalidRecordError("The record's setup match_id must be text.")
    return match_from_ids(Setup(setup["position_id"], match_id), settings, players)


def _replay(match: Match, action: dict[str, Any], number: int, step: int) -> list[Event]:
    try:
        return match.act(action)
    except BackgammonError as error:
        where = f"Game {number}, action {step}" if step else f"The start of game {number}"
        if error.words is not None:  # the rules core's own reason inside, in the same language
            why = Said(str(error), error.words)
            said = (
                say(WORDS, "record.actionFails", game=number, step=step, action=_describe(action), error=why)
                if step
                else say(WORDS, "record.startFails", game=number, action=_describe(action), error=why)
            )
            raise InvalidRecordError.saying(said) from None
        raise InvalidRecordError(f"{where} ({_describe(action)}) does not replay: {error}") from None


def _describe(action: dict[str, Any]) -> str:
    """An action as a message shows it: its type and fields, each value shown plainly (never a repr)."""
    parts = [f"{key} {shown(value)}" for key, value in list(action.items())[:4] if key != "type"]
    kind = action.get("type")
    return " ".join([kind if isinstance(kind, str) else "an action", *parts])[:120]
