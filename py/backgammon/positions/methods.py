"""Worker methods for positions and match files, registered with `backgammon.api` on first use.

None of them touches the loaded match except `export_sgf`, which reads it.

- `read_position {text, match_id?}` -> `{position_id, match_id, xgid}`: an XGID, a Position ID, or
  `POSITION_ID:MATCH_ID` (a separate `match_id` completes a Position ID given alone); plain-words errors
- `position_xgid {position_id, match_id?}` -> `{xgid}`: the XGID of the page's current IDs (`xgid` is
  null when the state has none, e.g. a finished game), computed on demand so `build_view` stays as it is
- `import_mat {text}` -> `{record, summary}`: a `.mat` match file read, every play checked
- `import_sgf {text}` -> `{record, summary}`: a GNU Backgammon `.sgf` match file, the same way
- `read_record {record}` -> `{record, summary}`: a match record from elsewhere (a share link) replayed and
  checked, without loading it
- `export_sgf {}` -> `{text, filename}`: the loaded match as `.sgf`
- `check_position {board, turn, dice, cube_value, cube_owner, match_length, score, crawford}` ->
  `{ok, problems, position_id, match_id, xgid}`: a board being set up, checked as it is edited
"""

from __future__ import annotations

from typing import Any

from backgammon.api import current_match, register
from backgammon.errors import BackgammonError, InvalidActionError, InvalidIdError

CHECKERS = 15


def _text(params: dict[str, Any], name: str, method: str) -> str:
    value = params.get(name)
    if not isinstance(value, str):
        raise InvalidActionError(f"{method} needs {name} as text.")
    return value


@register("read_position")
def read_position(params: dict[str, Any]) -> dict[str, Any]:
    from backgammon.xgid import read_ids

    text = _text(params, "text", "read_position").strip()
    extra = params.get("match_id")
    if isinstance(extra, str) and extra.strip() and ":" not in text and " " not in text:
        text = f"{text}:{extra.strip()}"
    if not text:
        raise InvalidIdError("Paste an XGID, or a GNU Backgammon Position ID (and Match ID).")
    state = read_ids(text)
    return {"position_id": state.position_id, "match_id": state.match_id, "xgid": state.text}


@register("position_xgid")
def position_xgid(params: dict[str, Any]) -> dict[str, Any]:
    from backgammon.xgid import Xgid

    position_id = _text(params, "position_id", "position_xgid")
    match_id = params.get("match_id")
    match_id = match_id or None if isinstance(match_id, str) else None
    try:
        return {"xgid": Xgid.from_ids(position_id, match_id).text}
    except BackgammonError:
        return {"xgid": None}


def _summary(match: Any) -> dict[str, Any]:
    from backgammon.matimport import mat_summary

    return dict(mat_summary(match))


@register("import_mat")
def import_mat_method(params: dict[str, Any]) -> dict[str, Any]:
    from backgammon.matimport import import_mat
    from backgammon.record import to_record

    match = import_mat(_text(params, "text", "import_mat"))
    return {"record": to_record(match), "summary": _summary(match)}


@register("import_sgf")
def import_sgf_method(params: dict[str, Any]) -> dict[str, Any]:
    from backgammon.record import to_record
    from backgammon.sgfimport import import_sgf

    match = import_sgf(_text(params, "text", "import_sgf"))
    return {"record": to_record(match), "summary": _summary(match)}


@register("read_record")
def read_record(params: dict[str, Any]) -> dict[str, Any]:
    from backgammon.record import load_record, to_record

    match = load_record(params.get("record"))
    return {"record": to_record(match), "summary": _summary(match)}


@register("export_sgf")
def export_sgf_method(params: dict[str, Any]) -> dict[str, Any]:
    from backgammon.api import _slug
    from backgammon.sgfexport import export_sgf

    match = current_match()
    names = "-vs-".join(_slug(p["name"]) for p in match.players)
    length = match.settings.match_length
    suffix = f"{length}pt" if length else "money"
    return {"text": export_sgf(match), "filename": f"{names}-{suffix}.sgf"}
