"""What the kernel plot draws for one kernel, from whatever model a modeler returned, independent
of matplotlib (the tests read it): measured points, model curves, change points, classes, the
expected band.

* one parameter: a plain model is one curve over the measured range; a segmented model
  (Segmented, Segmented-Classic) one curve per segment over its own points, with its change
  points; a Clustered model one curve per class over the configurations its model was fitted on,
  the ranks' values, the outlier ranks and, where classes are not matched across configurations,
  the kernel's model (the slowest class of each configuration); an Expectation model its
  points as the verdict saw them, the model, the expected band and the verdict;
* several parameters: one parameter on the x axis, one curve per measured combination of the
  others (each over the x values measured with it), for any Extra-P function of those parameters
  (Default's, Clustered's per class, and every other modeler's).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional, Sequence

import numpy as np

from extrap.entities.measurement import Measure
from extrap.entities.model import SegmentedModel

from extrap_segmented.adapters.clustering.models import ClusteredModel
from extrap_segmented.adapters.measurements import measurement_arrays
from extrap_segmented.adapters.expectations.modeler import ExpectationModel, ExpectationVerdictAnnotation
from extrap_segmented.expectations.plot import ExpectedBand

#: Per configuration, at most this many rank values are drawn (evenly spaced quantiles of all).
RANK_POINTS = 512


@dataclass(eq=False)  # compared by identity: it holds arrays
class Segment:
    """One model curve over [first, last] of the x parameter, the other parameters fixed."""
    first: float   # first measured value of the x parameter it covers
    last: float    # last measured value
    function: object
    label: str = ""  # a Clustered class: its name and role; empty for segments
    role: str = ""  # "model": an Expectation kernel's curve; "kernel model": the slowest class per configuration
    x: Optional[np.ndarray] = None  # a class's own values (per configuration)
    y: Optional[np.ndarray] = None
    group: int = 0  # several parameters: index of the other parameters' values in KernelCurves.groups
    cls: int = -1  # a Clustered class: its index in KernelCurves.classes


@dataclass
class KernelCurves:
    """What the plot draws for one kernel."""
    x: np.ndarray  # measured values of the x parameter, one per point
    y: np.ndarray
    segments: list[Segment]
    change_points: list[float] = field(default_factory=list)
    measure: str = "mean"  # the statistic of the repetitions plotted as points
    band: Optional[ExpectedBand] = None  # Expectation: E between its deviation limits
    band_label: str = ""
    expectation_label: str = ""
    verdict: str = ""  # Expectation: the verdict line, in words
    parameters: tuple[str, ...] = ("p",)
    x_index: int = 0  # the parameter on the x axis
    point_groups: Optional[np.ndarray] = None  # per point, its index in groups (several parameters)
    groups: list[tuple[float, ...]] = field(default_factory=list)  # values of the other parameters
    classes: list[str] = field(default_factory=list)  # Clustered: "class C1" (or a summary row), for the toggles
    ranks: list[tuple[float, np.ndarray]] = field(default_factory=list)  # Clustered: (x, rank values)
    outliers: list[tuple[float, np.ndarray]] = field(default_factory=list)  # Clustered: (x, outlier values)
    notes: list[str] = field(default_factory=list)  # what the model says about itself (Clustered)

    def changes(self) -> list[tuple[float, float]]:
        """Per change of a segmented model, (last point before, first point after); equal when the
        point is shared. Curves of classes or of other parameters' values are no segments."""
        if not self.change_points:
            return []
        return [(a.last, b.first) for a, b in zip(self.segments, self.segments[1:])]

    @property
    def x_name(self) -> str:
        return self.parameters[self.x_index]

    def group_label(self, group: int) -> str:
        """``s = 100`` (the other parameters' values of a group of curves); '' for one parameter."""
        if not self.groups:
            return ""
        others = [name for i, name in enumerate(self.parameters) if i != self.x_index]
        return ", ".join(f"{name} = {value:g}" for name, value in zip(others, self.groups[group]))

    def evaluate(self, segment: Segment, grid: np.ndarray) -> np.ndarray:
        """``segment``'s function on ``grid`` values of the x parameter, the others fixed."""
        grid = np.asarray(grid, dtype=float)
        if len(self.parameters) == 1:
            values = segment.function.evaluate(grid)
        else:
            points = np.empty((len(self.parameters), grid.size))
            others = iter(self.groups[segment.group])
            for i in range(len(self.parameters)):
                points[i] = grid if i == self.x_index else next(others)
            values = segment.function.evaluate(points)
        return np.asarray(values, dtype=float) * np.ones_like(grid)


def readable(text: str) -> str:
    """A function's text with its coefficients at 4 significant digits."""
    return re.sub(r"-?\d+\.\d+(?:e[-+]?\d+)?", lambda m: f"{float(m.group()):.4g}", text)


def kernel_curves(model, measurements: Sequence, parameters: Sequence[str] = ("p",),
                  x_index: int = 0) -> KernelCurves:
    """What to draw for ``model`` (any Extra-P model) and the kernel's ``measurements``, with
    parameter ``x_index`` on the x axis."""
    parameters = tuple(parameters)
    if len(parameters) > 1:
        return _several_parameters(model, measurements, parameters, x_index)
    ordered = sorted(measurements, key=lambda m: m.coordinate[0])
    x, y = measurement_arrays(ordered, Measure.MEAN)
    if isinstance(model, SegmentedModel):
        function = model.hypothesis.function
        segments = []
        for segment_function, (low, high) in zip(function.segments, function.intervals):
            inside = x[(x >= low) & (x <= high)]
            if inside.size:
                segments.append(Segment(float(inside[0]), float(inside[-1]), segment_function))
        change_points = sorted({float(m.coordinate[0]) for m in model.changing_points})
        return KernelCurves(x, y, segments, change_points, parameters=parameters)
    if isinstance(model, ClusteredModel):
        return _clustered_curves(model, ordered, x, y, parameters)
    if isinstance(model, ExpectationModel):
        curves = _expectation_curves(model, ordered, x, y)
        curves.parameters = parameters
        return curves
    return KernelCurves(x, y, [Segment(float(x[0]), float(x[-1]), model.hypothesis.function)], parameters=parameters)


def _expectation_curves(model, ordered, x, y) -> KernelCurves:
    """Points as the verdict saw them (the modeler's aggregation of the repetitions), the model,
    the expected band and the verdict line; a kernel that was not validated gets its points, its
    constant model and the reason."""
    from extrap_segmented.adapters.expectations.series import series_arrays
    from extrap_segmented.expectations.complexity import as_term, DeviationLimits
    from extrap_segmented.expectations.plot import expected_band
    from extrap_segmented.expectations.validation import aggregate_columns
    function = model.hypothesis.function
    verdict = _verdict_line(model)
    row = model.validation or {}
    if "error" in row or "expectation" not in row:
        return KernelCurves(x, y, [Segment(float(x[0]), float(x[-1]), function)], verdict=verdict)
    aggregation = row.get("aggregation", "median")  # experiments saved before it was stored: the default
    repeated_x, repeated_y, _ = series_arrays(ordered, 0, aggregation)
    x = np.unique(repeated_x)
    y = aggregate_columns(repeated_x, repeated_y[None, :], aggregation)[0]
    expectation = as_term(row.get("expectation_exact", row["expectation"]))
    lower, upper = (as_term(t) for t in row.get("deviation_limits_exact", row["deviation_limits"]))
    limits = DeviationLimits(expectation, expectation / lower)  # E/D = lower, so D = E/lower
    grid = np.union1d(np.geomspace(x.min(), x.max(), 200) if x.min() > 0 else np.linspace(x.min(), x.max(), 200), x)
    constant = 0.0 if not function.compound_terms else float(function.constant_coefficient)
    band = expected_band(expectation, limits, x, grid,
                         lambda values: np.asarray(function.evaluate(values), dtype=float) * np.ones_like(values),
                         constant)
    parameter = row.get("parameter", "p")
    return KernelCurves(x, y, [Segment(float(x[0]), float(x[-1]), function, role="model")], measure=aggregation,
                        band=band, verdict=verdict,
                        band_label=f"expected band: deviation limits {lower.big_o(parameter)} … "
                                   f"{upper.big_o(parameter)}",
                        expectation_label=f"expectation {expectation.big_o(parameter)} (scaled)")


def _verdict_line(model) -> str:
    annotation = next((a for a in getattr(model, "annotations", None) or ()
                       if isinstance(a, ExpectationVerdictAnnotation)), None)
    return annotation.report().splitlines()[0] if annotation is not None else ""


def _class_name(info) -> str:
    """``class C1``; a row of a per-rank summary (Caliper's Min/Avg/Max) is no class: its name."""
    return info.name if getattr(info, "statistic", "") else f"class {info.name}"


def _class_label(model, info) -> str:
    if info.name != model.slowest:
        role = ""
    else:
        role = " = the kernel's model" + ("" if getattr(info, "statistic", "") else " (slowest class)")
    members = f", ranks {_rank_list(info.ranks)}" if info.ranks else ""
    return f"{_class_name(info)}{role}{members}"


def _clustered_curves(model, ordered, x, y, parameters) -> KernelCurves:
    """One curve per class with a model, over the configurations its model was fitted on (a
    class found only from p = 64 on is not extrapolated down to p = 8); the kernel's model where
    it is no class's (classes not matched across configurations); every rank's value and the
    outlier ranks."""
    curves, classes = [], []
    for info in model.clusters:
        if info.model is None or not info.coordinates:
            continue
        fitted = info.model.measurements or []
        span = [m.coordinate[0] for m in fitted] or [c[0] for c in info.coordinates]
        classes.append(_class_name(info))
        curves.append(Segment(float(min(span)), float(max(span)), info.model.hypothesis.function,
                              label=_class_label(model, info), cls=len(classes) - 1,
                              x=np.array([c[0] for c in info.coordinates], dtype=float),
                              y=np.array(info.values, dtype=float)))
    if not any(info.name == model.slowest for info in model.clusters if info.model is not None):
        curves.append(Segment(float(x[0]), float(x[-1]), model.hypothesis.function, role="kernel model",
                              label="kernel model: the slowest class of each configuration"
                                    + (" (classes not matched across configurations)" if not classes else "")))
    ranks, outliers = _rank_values(model, ordered)
    notes = [note for note in getattr(model, "notes", None) or () if not note.startswith("kernel model:")]
    return KernelCurves(x, y, curves, parameters=parameters, classes=classes, ranks=ranks, outliers=outliers,
                        notes=notes)


def _rank_values(model, ordered) -> tuple[list, list]:
    """Per configuration, the ranks' values (median of the repetitions; evenly spaced quantiles
    beyond :data:`RANK_POINTS` ranks) and the values of its outlier ranks."""
    from extrap_segmented.adapters.clustering.kernel import rank_matrix
    outliers_at = {tuple(c): ranks for c, ranks in zip(getattr(model, "count_coordinates", None) or (),
                                                       getattr(model, "outliers", None) or ())}
    ranks, outliers = [], []
    for measurement in ordered:
        matrix = rank_matrix(measurement)
        if matrix is None:
            continue
        values = np.median(matrix, axis=0)
        at = float(measurement.coordinate[0])
        shown = np.sort(values) if values.size <= RANK_POINTS else np.quantile(values, np.linspace(0, 1, RANK_POINTS))
        ranks.append((at, shown))
        out = outliers_at.get(tuple(measurement.coordinate), [])
        table = getattr(measurement, "locations", None)
        if out and table is not None and len(table) == values.size:
            columns = np.flatnonzero(np.isin(table.rank, out))
            outliers.append((at, values[columns]))
    return ranks, outliers


def _several_parameters(model, measurements, parameters, x_index) -> KernelCurves:
    """One curve per measured combination of the other parameters, for the kernel's model or,
    for a Clustered model, for each class's model."""
    coordinates, y = measurement_arrays(measurements, Measure.MEAN, parameter=None)
    order = np.lexsort(coordinates.T[::-1])
    coordinates, y = coordinates[order], y[order]
    x = coordinates[:, x_index]
    others = np.delete(coordinates, x_index, axis=1)
    groups, point_groups = np.unique(others, axis=0, return_inverse=True)
    point_groups = point_groups.reshape(-1)
    group_list = [tuple(float(v) for v in row) for row in groups]
    curves, classes = [], []

    def family(function, in_group, label, role="", cls=-1, points=None):
        first = True
        for g in range(len(group_list)):
            xs = in_group(g)
            if xs.size == 0:
                continue
            own = points(g) if points is not None else (None, None)
            curves.append(Segment(float(xs.min()), float(xs.max()), function, label=label if first else "",
                                  role=role, group=g, cls=cls, x=own[0], y=own[1]))
            first = False

    if isinstance(model, ClusteredModel):
        for info in model.clusters:
            if info.model is None or not info.coordinates:
                continue
            classes.append(_class_name(info))
            where = np.array([tuple(c) for c in info.coordinates], dtype=float)
            values = np.array(info.values, dtype=float)
            where_groups = np.array([_group_of(np.delete(c, x_index), groups) for c in where])

            def own(g, where=where, values=values, where_groups=where_groups):
                inside = where_groups == g
                return where[inside, x_index], values[inside]
            family(info.model.hypothesis.function, lambda g, own=own: own(g)[0], _class_label(model, info),
                   cls=len(classes) - 1, points=own)
        if not any(info.name == model.slowest for info in model.clusters if info.model is not None):
            family(model.hypothesis.function, lambda g: x[point_groups == g],
                   "kernel model: the slowest class of each configuration", role="kernel model")
    else:
        family(model.hypothesis.function, lambda g: x[point_groups == g], "", role="model")
    notes = [note for note in getattr(model, "notes", None) or () if not note.startswith("kernel model:")]
    return KernelCurves(x, y, curves, parameters=parameters, x_index=x_index, point_groups=point_groups,
                        groups=group_list, classes=classes, verdict=_verdict_line(model), notes=notes)


def _group_of(values, groups) -> int:
    matches = np.flatnonzero(np.all(np.isclose(groups, values), axis=1))
    return int(matches[0]) if matches.size else -1


def _rank_list(ranks, shown: int = 6) -> str:
    ranks = sorted(ranks)
    text = ",".join(map(str, ranks[:shown]))
    return text + (f",… ({len(ranks)})" if len(ranks) > shown else "")
