"""Match analysis: how well each side played, decision by decision, judged by the game's own evaluator.

    from backgammon.analysis import analyze_record
    analysis = analyze_record(record, depth=1)   # record: the JSON match record (backgammon.record)

Definitions and the JSON layout are in docs/analysis.md; `AnalysisJob` does the same a step at a time.
"""

from __future__ import annotations

from .job import DEPTHS, AnalysisJob, InvalidDepthError, analyze_record

__all__ = ["DEPTHS", "AnalysisJob", "InvalidDepthError", "analyze_record"]
