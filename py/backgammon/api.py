"""JSON facade for the browser worker: `handle(request_json) -> response_json`.

Requests are `{"id", "method", "params"}`; answers are `{"id", "result"}` or
`{"id", "error": {"type", "message"}}`. Errors always come back as values, never raised through.
Methods live in `METHODS`; other parts add theirs with `@register("name")` (the computer opponent's
module `backgammon.bot.methods` is imported on first use if it exists). A method's answer is the shape its
return annotation names (backgammon.shapes) and its params the TypedDict given to `register` (`PARAMS`):
scripts/jsdoc_types.py writes both out as the page's method map (web/types.generated.js).

>>> import json
>>> answer = json.loads(handle(json.dumps({"id": 1, "method": "new_match", "params": {}})))
>>> answer["result"]["view"]["phase"]
'opening'
"""

from __future__ import annotations

import importlib
import json
import re
import time
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from .errors import BackgammonError, InvalidActionError, say
from .formats.mat_export import export_mat
from .limits import (
    MAX_DEPTH,
    MAX_REQUEST_CHARS,
    MAX_REQUEST_DEPTH,
    InputTooLargeError,
    json_depth,
    megabytes,
    size_said,
)
from .match import Match, Setup, check_players, match_from_ids
from .record import load_record, match_record, record_json
from .rules import MatchSettings
from .shapes import (
    ActParams,
    ErrorBody,
    Event,
    ExportedFile,
    ExportParams,
    LoadParams,
    MatchAnswer,
    NewMatchParams,
    NoParams,
    SetupParams,
)
from .view import build_view

# Params are JSON from the page, checked by each method as it reads them: open until then.
Params = dict[str, Any]
Method = Callable[[Params], Mapping[str, object]]
AnyMethod = TypeVar("AnyMethod", bound=Method)


def now_param(params: Params) -> int:
    """The `now` a method was given (tests fix the time), or the clock's, in whole seconds since 1970."""
    now = params.get("now")
    if now is None:
        return int(time.time())
    if isinstance(now, bool) or not isinstance(now, int) or not 0 <= now < 2**40:
        raise InvalidActionError("now is a time in whole seconds since 1970.")
    return now


def budget_param(params: Params, default: float, maximum: float) -> float:
    """The `budget_ms` a stepped method was given (how long to work in one call), or `default`, in seconds."""
    budget = params.get("budget_ms", default)
    if isinstance(budget, bool) or not isinstance(budget, int | float) or not 0 <= budget <= maximum:
        raise InvalidActionError(f"budget_ms must be a number of milliseconds from 0 to {maximum:g}.")
    return budget / 1000.0


METHODS: dict[str, Method] = {}
#: The params each method reads, as a TypedDict (for the page's types; the method itself checks what it gets).
PARAMS: dict[str, type] = {}
# Imported in this order, each only once a method asked for is not registered yet (`_load_extensions`): the
# match's own methods need none of them, so the page's first answer waits for no other module (at a phone's
# speed, importing them all took 0.5 s of a first visit).
EXTENSION_MODULES = (
    "backgammon.bot.methods",
    "backgammon.tutorial.methods",
    "backgammon.analysis.methods",
    "backgammon.positions.methods",
    "backgammon.remote.methods",
    "backgammon.lobby.methods",
    "backgammon.tournament.methods",
)
_extensions_tried: set[str] = set()
EXTENSION_ERRORS: dict[str, str] = {}
# Methods whose answer carries the record of the loaded match.
RECORD_METHODS = frozenset({"new_match", "load", "act", "view", "setup"})


class Session:
    """The match the worker currently holds."""

    match: Match | None = None


session = Session()


def register(name: str, params: type | None = None) -> Callable[[AnyMethod], AnyMethod]:
    def add(method: AnyMethod) -> AnyMethod:
        METHODS[name] = method
        if params is not None:
            PARAMS[name] = params
        return method

    return add


def current_match() -> Match:
    if session.match is None:
        raise InvalidActionError.refusing("refusal.noMatch")
    return session.match


def _answer(match: Match, events: list[Event] | None = None) -> MatchAnswer:
    answer: MatchAnswer = {"record": match_record(match), "view": build_view(match)}
    if events is not None:
        answer["events"] = events
    return answer


@register("new_match", NewMatchParams)
def new_match(params: Params) -> MatchAnswer:
    settings = MatchSettings.from_dict(params.get("settings"))
    match = Match(settings, check_players(params.get("players")))
    session.match = match
    return _answer(match)


@register("load", LoadParams)
def load(params: Params) -> MatchAnswer:
    match = load_record(params.get("record"))
    session.match = match
    return _answer(match)


@register("act", ActParams)
def act(params: Params) -> MatchAnswer:
    match = current_match()
    events = match.act(params.get("action"))
    return _answer(match, events=events)


@register("view", NoParams)
def view(params: Params) -> MatchAnswer:
    return _answer(current_match())


@register("setup", SetupParams)
def setup(params: Params) -> MatchAnswer:
    match = match_of_setup(params)
    session.match = match
    return _answer(match)


def match_of_setup(params: Params) -> Match:
    """The match `setup`'s params describe (a position from its IDs), not loaded."""
    position_id = params.get("position_id")
    match_id = params.get("match_id")
    if not isinstance(position_id, str):
        raise InvalidActionError("A setup needs a position_id.")
    if match_id is not None and not isinstance(match_id, str):
        raise InvalidActionError("A match_id must be text.")
    settings = params.get("settings")
    return match_from_ids(
        Setup(position_id.strip(), match_id.strip() if match_id else None),
        MatchSettings.from_dict(settings) if settings is not None else None,
        check_players(params.get("players")),
    )


def match_to_export(params: Params) -> Match:
    """The match a file is written from: `record` when given (a match not held here, such as one played on two
    devices), else the match in progress."""
    return load_record(params["record"]) if "record" in params else current_match()


def export_filename(match: Match, extension: str) -> str:
    names = "-vs-".join(_slug(p["name"]) for p in match.players)
    length = match.settings.match_length
    return f"{names}-{f'{length}pt' if length else 'money'}.{extension}"


@register("export_mat", ExportParams)
def export_mat_method(params: Params) -> ExportedFile:
    match = match_to_export(params)
    return {"text": export_mat(match), "filename": export_filename(match, "mat")}


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_") or "player"


def _load_extensions(until: str | None = None) -> None:
    """Import the extension modules not tried yet, in order, until one has registered the method `until` (all
    of them without it)."""
    for module in EXTENSION_MODULES:
        if until is not None and until in METHODS:
            return
        if module in _extensions_tried:
            continue
        _extensions_tried.add(module)
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as error:
            if error.name not in (module, module.rsplit(".", 1)[0]):
                EXTENSION_ERRORS[module] = f"{type(error).__name__}: {error}"
        except Exception as error:  # a broken extension must not take the match methods down with it
            EXTENSION_ERRORS[module] = f"{type(error).__name__}: {error}"


def _error(error: BaseException) -> ErrorBody:
    body: ErrorBody = {"type": type(error).__name__, "message": str(error)}
    rule = getattr(error, "rule", None)
    if isinstance(rule, str):
        body["rule"] = rule
    if isinstance(error, BackgammonError) and error.words is not None:
        body["words"] = error.words
    if not isinstance(error, BackgammonError):
        body["type"] = "InternalError"
        body["message"] = f"{type(error).__name__}: {error}"
    return body


def call(method: str, params: Params | None = None) -> Mapping[str, object]:
    """Call one method directly (Python side); raises like the method does."""
    _load_extensions(until=method)
    if method not in METHODS:
        broken = "; ".join(
            f"{module} failed to load ({reason})" for module, reason in EXTENSION_ERRORS.items()
        )
        raise InvalidActionError(f"Unknown method {method!r}." + (f" {broken}." if broken else ""))
    return METHODS[method](params or {})


# A request over the limits, by message id (tests/units/test_core_words.py holds them to en.js).
WORDS: dict[str, str] = {
    "limits.requestTooLarge": (
        "This is too much data to open ({size}): the game reads at most {limit} at a time."
    ),
    "limits.requestNested": (
        "This data is nested more than {most} levels deep (a real match record is nested 6 levels), so it "
        "was not read."
    ),
}


def _too_deep() -> InputTooLargeError:
    return InputTooLargeError.saying(say(WORDS, "limits.requestNested", most=MAX_DEPTH))


def handle(request_json: str) -> str:
    """One request in, one answer out, both JSON text."""
    request_id: Any = None
    try:
        # Measured before it is parsed: the page checks what it sends, and this holds even when it did not.
        if not isinstance(request_json, str):
            raise InputTooLargeError(
                f"This is too much data to open (no text): the game reads at most "
                f"{megabytes(MAX_REQUEST_CHARS)} at a time."
            )
        if len(request_json) > MAX_REQUEST_CHARS:
            said = say(
                WORDS,
                "limits.requestTooLarge",
                size=size_said(len(request_json)),
                limit=size_said(MAX_REQUEST_CHARS),
            )
            raise InputTooLargeError.saying(said)
        if json_depth(request_json) > MAX_REQUEST_DEPTH:
            raise _too_deep()
        try:
            request = json.loads(request_json)
        except RecursionError:
            raise _too_deep() from None
        if not isinstance(request, dict):
            raise InvalidActionError("A request is a JSON object {id, method, params}.")
        request_id = request.get("id")
        params = request.get("params") or {}
        if not isinstance(params, dict):
            raise InvalidActionError("A request's params must be an object.")
        method = request.get("method")
        if not isinstance(method, str):
            raise InvalidActionError("A request needs a method name.")
        result = call(method, params)
        if method in RECORD_METHODS and session.match is not None:
            # The record grows with the match: splice in its text, which reuses finished games' JSON.
            rest = {key: value for key, value in result.items() if key != "record"}
            body = json.dumps(rest)
            more = ", " + body[1:] if rest else "}"
            record = record_json(session.match)
            return '{"id": ' + json.dumps(request_id) + ', "result": {"record": ' + record + more + "}"
        return json.dumps({"id": request_id, "result": result})
    except json.JSONDecodeError as error:
        message = f"The request is not valid JSON ({error.msg}, at character {error.pos})."
        return json.dumps({"id": request_id, "error": {"type": "InvalidRequestError", "message": message}})
    except Exception as error:  # errors are values for the worker, never raised through
        return json.dumps({"id": request_id, "error": _error(error)})
