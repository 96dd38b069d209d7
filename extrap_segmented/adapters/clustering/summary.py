"""The Clustered modeler on data that keep only a per-rank *summary* (Caliper's Min/Avg/Max per rank).

Caliper's cross-rank aggregation (the ``spot`` and region-profile configurations Thicket reads)
records, for every region and run, the minimum, average and maximum over the MPI ranks — not the
ranks' values. Which ranks form a class, and how many, cannot be known from three numbers, so
this does not pretend to: the kernel gets one row per statistic (slowest rank, average, fastest
rank), each modeled over the configurations, and the slowest rank's model is the kernel's model
(the Clustered modeler's rule: the slowest class). Per configuration the three values are grouped
with the relative-distance rule (``threshold``) into what the summary can tell:

* ``balanced``: no gap between neighbouring values (minimum, average, maximum) above the threshold;
* ``a few slow ranks``: the average is with the minimum, the maximum apart (the slow ranks are
  too few to move the average);
* ``a few fast ranks``: the average is with the maximum;
* ``spread``: all three apart.

The notes also give the imbalance maximum / average at every configuration and its model.
"""
from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from extrap.entities.measurement import Measurement

from extrap_segmented.adapters.clustering.fit_statistics import with_rank_costs
from extrap_segmented.adapters.clustering.models import ClusterAnnotation, ClusteredModel, ClusterInfo, \
    cluster_measurement
from extrap_segmented.adapters.clustering.text import cluster_summary, format_number, readable_function
from extrap_segmented.clustering.matching import format_point
from extrap_segmented.clustering.relative_distance import relative_distance_labels
from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.reducers import MEASURES, reducer

#: Row name of each statistic, slowest first (the kernel's model is the first row's).
ROWS = (("maximum", "slowest rank (max)"), ("average", "average (avg)"), ("minimum", "fastest rank (min)"))
_COLUMN = {"minimum": 0, "average": 1, "maximum": 2}
_PATTERNS = {(0, 0, 0): "balanced", (0, 0, 1): "a few slow ranks", (0, 1, 1): "a few fast ranks",
             (0, 1, 2): "spread"}
SUMMARY_NOTE = ("per-rank summary only (minimum, average and maximum over the ranks of each run, as Caliper's "
                "cross-rank aggregation records them): the rows are statistics, not classes of ranks; member "
                "counts and rank identities are unknown (per-rank records, mpi.rank, give classes of ranks)")


def rank_summary(measurement: Measurement) -> Optional[np.ndarray]:
    """The measurement's per-rank summary (repetitions, 3: minimum, average, maximum), or None."""
    summary = getattr(measurement, "rank_summary", None)
    return None if summary is None else np.asarray(summary, dtype=float).reshape(-1, 3)


def summary_kernel(measurements: Sequence[Measurement], settings, fitter) -> ClusteredModel:
    """The kernel's :class:`ClusteredModel` from per-rank summaries (see the module docstring).

    Raises:
        InvalidInputError: a configuration without a summary, or with non-finite values.
    """
    callpath, metric = measurements[0].callpath, measurements[0].metric
    reduce = reducer(settings.rank_value, allowed=MEASURES, what="rank value")
    names = list(settings.parameter_names)
    rows = []
    for m in measurements:
        summary = rank_summary(m)
        if summary is None or not len(summary):
            raise InvalidInputError(f"no per-rank values or per-rank summary at {format_point(tuple(m.coordinate), names)}")
        if not np.all(np.isfinite(summary)):
            raise InvalidInputError(f"per-rank summary at {format_point(tuple(m.coordinate), names)} is not finite")
        rows.append(reduce(summary, axis=0))
    values = np.asarray(rows, dtype=float)                 # (configurations, 3)
    coordinates = [m.coordinate for m in measurements]
    points = np.array([tuple(c) for c in coordinates], dtype=float)
    enough = min(len(np.unique(points[:, d])) for d in range(points.shape[1])) >= settings.min_points

    def fit(series: np.ndarray):
        model = fitter.fit([cluster_measurement(c, callpath, metric, v, v, v, 0, 1)
                            for c, v in zip(coordinates, series)])
        model.hypothesis = with_rank_costs(model.hypothesis, coordinates, [np.array([v]) for v in series])
        return model

    clusters = []
    for statistic, name in ROWS:
        series = values[:, _COLUMN[statistic]]
        clusters.append(ClusterInfo(name, model=fit(series) if enough else None, coordinates=coordinates,
                                    values=series, statistic=statistic))
    kernel = clusters[0].model if clusters[0].model is not None else fit(values[:, 2])
    model = ClusteredModel(kernel.hypothesis, clusters, clusters[0].name if clusters[0].model is not None else "")
    patterns = [_pattern(row, settings.threshold) for row in values]
    model.count_coordinates = coordinates
    model.counts = [len(set(p)) for p in patterns]
    model.notes = [SUMMARY_NOTE, _pattern_note(patterns, points, names, settings.threshold),
                   _imbalance_note(values, coordinates, points, names, fit, enough)]
    if settings.plot_dir:
        model.notes.append("plot_dir: no per-rank plot for a per-rank summary (no per-rank values)")
    if not enough:
        model.notes.append(f"too few configurations for per-statistic models (needs {settings.min_points} values "
                           f"per parameter); kernel model: the maximum")
    parameters = names if len(names) == points.shape[1] else (["p", "q", "r", "s"][:points.shape[1]])
    counts = sorted(set(model.counts))
    title = (f"Clusters: per-rank summary (min/avg/max), {_describe_last(patterns)} at the largest configuration"
             f"; imbalance max/avg {format_number(values[-1, 2] / values[-1, 1]) if values[-1, 1] else 'n/a'}")
    annotation = ClusterAnnotation(counts[-1], title, cluster_summary(model, parameters), problem=False)
    annotation.model = model
    model.annotations.append(annotation)
    return model


def _pattern(row: np.ndarray, threshold: float) -> tuple:
    labels = relative_distance_labels(np.maximum(row, 0.0) if np.all(row >= 0) else row, threshold)
    return tuple(int(v) for v in labels)


def _describe_last(patterns) -> str:
    return _PATTERNS.get(patterns[-1], "spread")


def _pattern_note(patterns, points, names, threshold) -> str:
    groups: dict[str, list] = {}
    for pattern, point in zip(patterns, points):
        groups.setdefault(_PATTERNS.get(pattern, "spread"), []).append(format_point(tuple(point), names))
    parts = [f"{label} at {', '.join(where)}" for label, where in groups.items()]
    return f"per configuration (relative distance {100 * threshold:g} %): " + "; ".join(parts)


def _imbalance_note(values, coordinates, points, names, fit, enough) -> str:
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(values[:, 1] > 0, values[:, 2] / values[:, 1], np.where(values[:, 2] == 0, 1.0, np.nan))
    shown = ", ".join(f"{format_number(r)} at {format_point(tuple(p), names)}" for r, p in zip(ratio, points))
    text = f"imbalance max/avg: {shown}"
    if enough and np.all(np.isfinite(ratio)):
        parameters = names if len(names) == points.shape[1] else (["p", "q", "r", "s"][:points.shape[1]])
        model = fit(ratio)
        text += f"; model: {readable_function(model.hypothesis.function, parameters, points)}"
    return text
