"""The analysis's worker methods, registered with `backgammon.api` when it first handles a call.

The page analyses a match a few decisions per request, so it can show progress, cancel, and still get
a computer move or a hint answered in between. None of these touch the loaded match.

- `analysis_start {record, depth?}` -> `{job, total}`
- `analysis_step {job, budget_ms?}` -> `{job, done, total, finished}`
- `analysis_result {job}` -> `{analysis}` (the record of docs/analysis.md)
- `analysis_cancel {job}` -> `{}`

A deep analysis is shared among a pool of workers (web/review/analysis-pool.js), each judging parts of the
match; the parts depend on the record alone, so the result is the same with any number of workers:

- `analysis_parts {record, depth?}` -> `{total, parts: [[first, last], ...]}` (`job.parts`)
- `analysis_start {record, depth?, first, last}` -> a job judging decisions `first` to `last - 1` only;
  stepped and cancelled as above
- `analysis_entries {job}` -> `{entries}`: a finished part's analysed decisions
- `analysis_merge {record, depth?, entries}` -> `{analysis}`: the whole record from every part's entries, in
  order

Match files to analyse come in through `backgammon.positions.methods` (`import_mat`, `import_sgf`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from backgammon.api import budget_param, register
from backgammon.errors import InvalidActionError

from .job import AnalysisJob, merged, parts, refused

DEFAULT_BUDGET_MS = 250
MAX_BUDGET_MS = 5000


@dataclass
class _Jobs:
    """The one analysis the worker keeps: starting another forgets it."""

    number: int = 0
    job: AnalysisJob | None = None


_jobs = _Jobs()


class AnalysisJobError(InvalidActionError):
    """The job asked for is not the one the worker keeps: another was started, or the worker is a new one."""


def _job(params: dict[str, Any]) -> AnalysisJob:
    if params.get("job") != _jobs.number or _jobs.job is None:
        raise refused(AnalysisJobError, "analysis.noJob", job=repr(params.get("job")))
    return _jobs.job


def _part(params: dict[str, Any]) -> tuple[int, int] | None:
    first, last = params.get("first"), params.get("last")
    if first is None and last is None:
        return None
    if (
        isinstance(first, bool)
        or isinstance(last, bool)
        or not isinstance(first, int)
        or not isinstance(last, int)
    ):
        raise refused(InvalidActionError, "analysis.partNumbers")
    return (first, last)


@register("analysis_start")
def analysis_start(params: dict[str, Any]) -> dict[str, Any]:
    job = AnalysisJob(params.get("record"), params.get("depth", 1), _part(params))
    _jobs.number += 1
    _jobs.job = job
    return {"job": _jobs.number, "total": job.total}


@register("analysis_step")
def analysis_step(params: dict[str, Any]) -> dict[str, Any]:
    job = _job(params)
    job.step(budget_param(params, DEFAULT_BUDGET_MS, MAX_BUDGET_MS))
    return {"job": _jobs.number, "done": job.done, "total": job.total, "finished": job.finished}


@register("analysis_parts")
def analysis_parts(params: dict[str, Any]) -> dict[str, Any]:
    job = AnalysisJob(params.get("record"), params.get("depth", 1))
    return {"total": job.total, "parts": [list(part) for part in parts(job.decisions)]}


@register("analysis_entries")
def analysis_entries(params: dict[str, Any]) -> dict[str, Any]:
    job = _job(params)
    if not job.finished:
        raise refused(InvalidActionError, "analysis.partUnfinished", done=job.done, total=job.total)
    return {"entries": job.entries}


@register("analysis_merge")
def analysis_merge(params: dict[str, Any]) -> dict[str, Any]:
    return {"analysis": merged(params.get("record"), params.get("depth", 1), params.get("entries"))}


@register("analysis_result")
def analysis_result(params: dict[str, Any]) -> dict[str, Any]:
    job = _job(params)
    if not job.finished:
        raise refused(InvalidActionError, "analysis.unfinished", done=job.done, total=job.total)
    return {"analysis": job.result()}


@register("analysis_cancel")
def analysis_cancel(params: dict[str, Any]) -> dict[str, Any]:
    if params.get("job") == _jobs.number:
        _jobs.job = None
    return {}
