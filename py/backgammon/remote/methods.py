"""Worker methods for play on two devices, registered with `backgammon.api` on first use.

Each takes the match's remote *state* (see `backgammon.remote.session`) and answers with the new one; none
touches the match the worker holds for local play (`api.current_match()`). `now` (seconds since 1970) is
optional everywhere: Python's clock is used without it. Messages go out as objects (`message`, `send`) for
the page to pass on as JSON text, and come in as that text.

- `remote_create {name, settings?, seat?, mode?, timeout?, rating?}` -> `{state, message, view, remote}`
  (`rating`: the host's, offering a rated match)
- `remote_join {hello, name, rating?}` -> `{state, message, view, remote}` (`hello`: the invitation, text or
  object; `rating`: the guest's, accepting a rated match's offer)
- `remote_join_link {payload, name, rating?}` -> the same, from an invitation link's payload
- `remote_act {state, action}` -> `{state, events, message, view, remote}`
- `remote_receive {state, message}` -> `{state, accepted, events, send, refusal?, chat?, peer_refusal?, ...}`
- `remote_claim {state}` -> `{state, message, view, remote}`
- `remote_chat {state, text}` -> `{message}`
- `remote_view {state}` -> `{view, remote}`
- `remote_link {state}` -> `{payload, revision}`; `remote_read_link {payload}` -> what the link holds
- `remote_receive_link {state, payload, prefer?}`, `remote_reconcile {state, messages, prefer?}` ->
  `{state, status, events, send, ...}`
- `remote_sync {state}` -> `{message}`: the whole transcript, to agree again after a reload
- `remote_decline {hello}` -> `{message}`: the `refusal` (code `declined`) answering an invitation not
  taken
- `remote_record {state}` -> `{record}`; `remote_verify_record {record}` -> `{match, rolls, revision}`
"""

from __future__ import annotations

import json
from typing import Any, cast

from backgammon.api import register
from backgammon.errors import InvalidActionError

from . import session
from .messages import MAX_RATING

Params = dict[str, Any]


def _state(params: Params) -> session.State:
    """The saved state the page hands back: the session checks every field before it reads one."""
    state = params.get("state")
    if not isinstance(state, dict):
        raise InvalidActionError("This method needs the match's remote state.")
    return cast(session.State, state)


def _text(params: Params, name: str) -> str:
    value = params.get(name)
    if isinstance(value, dict):
        return json.dumps(value)
    if not isinstance(value, str):
        raise InvalidActionError(f"This method needs {name} as text.")
    return value


def _name(params: Params) -> str:
    name = params.get("name")
    if not isinstance(name, str):
        raise InvalidActionError("A player's name is needed, as text.")
    return name


def _rating(params: Params) -> int | None:
    """A player's rating for a rated match, rounded to whole points (the protocol carries whole numbers)."""
    rating = params.get("rating")
    if rating is None:
        return None
    if isinstance(rating, bool) or not isinstance(rating, (int, float)) or not 0 <= rating <= MAX_RATING:
        raise InvalidActionError(f"A rating is a number from 0 to {MAX_RATING}.")
    return round(rating)


def _prefer(params: Params) -> str | None:
    prefer = params.get("prefer")
    if prefer not in (None, "mine", "theirs"):
        raise InvalidActionError("prefer is 'mine' or 'theirs'.")
    return prefer


@register("remote_create")
def remote_create(params: Params) -> session.Sent:
    created = session.create(
        name=_name(params),
        settings=params.get("settings"),
        seat=params.get("seat", 0),
        mode=params.get("mode", "live"),
        timeout=params.get("timeout"),
        rating=_rating(params),
        now=params.get("now"),
    )
    return {**created, **session.view(created["state"], now=params.get("now"))}


@register("remote_join")
def remote_join(params: Params) -> session.Sent:
    joined = session.join(
        _text(params, "hello"), name=_name(params), rating=_rating(params), now=params.get("now")
    )
    return {**joined, **session.view(joined["state"], now=params.get("now"))}


@register("remote_join_link")
def remote_join_link(params: Params) -> session.Sent:
    joined = session.join_link(
        params.get("payload"), name=_name(params), rating=_rating(params), now=params.get("now")
    )
    return {**joined, **session.view(joined["state"], now=params.get("now"))}


@register("remote_act")
def remote_act(params: Params) -> session.ActStep:
    return session.act(_state(params), params.get("action"), now=params.get("now"))


@register("remote_receive")
def remote_receive(params: Params) -> session.Result:
    return session.receive(_state(params), _text(params, "message"), now=params.get("now"))


@register("remote_claim")
def remote_claim(params: Params) -> session.Sent:
    return session.claim(_state(params), now=params.get("now"))


@register("remote_chat")
def remote_chat(params: Params) -> session.ChatResult:
    return session.chat(_state(params), params.get("text"), now=params.get("now"))


@register("remote_view")
def remote_view(params: Params) -> session.Views:
    return session.view(_state(params), now=params.get("now"))


@register("remote_link")
def remote_link(params: Params) -> session.LinkPayload:
    return session.link(_state(params))


@register("remote_read_link")
def remote_read_link(params: Params) -> session.LinkInfo:
    return session.read_link(params.get("payload"))


@register("remote_receive_link")
def remote_receive_link(params: Params) -> session.Result:
    return session.receive_link(
        _state(params), params.get("payload"), prefer=_prefer(params), now=params.get("now")
    )


@register("remote_reconcile")
def remote_reconcile(params: Params) -> session.Result:
    return session.reconcile(
        _state(params), params.get("messages"), prefer=_prefer(params), now=params.get("now")
    )


@register("remote_sync")
def remote_sync(params: Params) -> dict[str, Any]:
    return {"message": session.sync_message(_state(params))}


@register("remote_decline")
def remote_decline(params: Params) -> dict[str, Any]:
    return {"message": session.decline(_text(params, "hello"))}


@register("remote_record")
def remote_record(params: Params) -> dict[str, Any]:
    return {"record": session.record(_state(params))}


@register("remote_verify_record")
def remote_verify_record(params: Params) -> dict[str, Any]:
    return session.verify_record(params.get("record"))
