"""One Extra-P model as the fields of a Thicket result row: model text, change points, classes, verdict.

Works for every modeler of Extra-P and of this package: a segmented model gives its change points (per change the last parameter value before it
and the first after it),
a clustered model its classes (or, on Caliper's per-rank summary, its statistic rows), an
expectation model its verdict; the other fields are empty (``[]``, 0, '' or None) where a modeler
has nothing to say.
"""
from __future__ import annotations

import math
from typing import Any, Sequence

#: Fields of :func:`describe_model`, in column order.
FIELDS = ("model", "change_points", "n_classes", "classes", "verdict", "AR2", "RSS", "SMAPE")


def describe_model(model, parameters: Sequence[str]) -> dict[str, Any]:
    """The fields of ``model`` (an Extra-P ``Model``) with ``parameters`` as the variable names."""
    if model is None:
        return {"model": "", "change_points": [], "n_classes": 0, "classes": "", "verdict": None,
                "AR2": math.nan, "RSS": math.nan, "SMAPE": math.nan}
    hypothesis = model.hypothesis
    function = hypothesis.function
    try:
        text = function.to_string(*parameters)
    except Exception:  # a function type without parameter names (e.g. a constant): Extra-P's own text
        text = str(function)
    return {"model": text.replace("\n", "; "),
            "change_points": _change_points(model),
            "n_classes": _class_count(model),
            "classes": _classes(model, parameters),
            "verdict": _verdict(model),
            "AR2": _number(getattr(hypothesis, "AR2", math.nan)),
            "RSS": _number(getattr(hypothesis, "RSS", math.nan)),
            "SMAPE": _number(getattr(hypothesis, "SMAPE", math.nan))}


def _number(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return math.nan


def _change_points(model) -> list[tuple[float, float]]:
    """Per change, (last parameter value of the segment before, first of the segment after); equal
    when the segments share the point."""
    intervals = getattr(getattr(getattr(model, "hypothesis", None), "function", None), "intervals", None)
    if intervals is None or len(intervals) < 2:
        return []
    intervals = [tuple(i) for i in intervals]
    return [(float(before[1]), float(after[0])) for before, after in zip(intervals[:-1], intervals[1:])]


def _class_count(model) -> int:
    clusters = getattr(model, "clusters", None)
    if not clusters:
        return 0
    if getattr(clusters[0], "statistic", ""):  # per-rank summary: distinct groups at the largest configuration
        counts = getattr(model, "counts", None) or []
        return int(counts[-1]) if counts else 0
    return len(clusters)


def _classes(model, parameters) -> str:
    if not getattr(model, "clusters", None):
        return ""
    from extrap_segmented.adapters.clustering.text import cluster_lines
    return "; ".join(cluster_lines(model, list(parameters)))


def _verdict(model):
    for annotation in getattr(model, "annotations", None) or ():
        verdict = getattr(annotation, "verdict", None)
        if isinstance(verdict, str):
            return verdict
    return None
