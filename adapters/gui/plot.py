"""A kernel plot of our own, offered in the plot's right-click menu: measured points, each
segment drawn over its own range up to its last measured point, a marker at every change point,
the x axis named after the experiment's parameter and log-scaled (base 2) by default. For a kernel
modeled by Expectation: the points the verdict was fitted to, the model, the expected band (the
expectation between its deviation limits, scaled to the data as ``extrap-validate --plot-dir``
draws it, :func:`~extrap_segmented.expectations.plot.expected_band`) and the verdict in the title.

Extra-P's graph draws one function on a linear axis from the smallest to the largest value; a
segment between p = 8 and p = 32 on an axis to 1,024 then takes 3 % of the width and nothing
marks where the behaviour changes. The figure is built with matplotlib's object API
(:func:`kernel_figure` draws it, :class:`KernelPlotDialog` shows it in a window).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional, Sequence

import numpy as np
from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure
from PySide6.QtWidgets import QCheckBox, QDialog, QMessageBox, QVBoxLayout

from extrap.entities.model import SegmentedModel

from extrap_segmented.adapters.clustering.models import ClusteredModel
from extrap_segmented.adapters.expectations.modeler import ExpectationModel, ExpectationVerdictAnnotation
from extrap_segmented.expectations.plot import ExpectedBand


@dataclass
class Segment:
    first: float   # first measured parameter value of the segment
    last: float    # last measured parameter value of the segment
    function: object
    label: str = ""  # a Clustered class: its name and role; empty for segments
    role: str = ""  # "model": the one curve of an Expectation kernel (labelled "model: …")
    x: Optional[np.ndarray] = None  # a class's own measured values (per configuration)
    y: Optional[np.ndarray] = None


@dataclass
class KernelCurves:
    """What the plot draws for one kernel, independent of matplotlib (tests read it)."""
    x: np.ndarray
    y: np.ndarray
    segments: list[Segment]
    change_points: list[float] = field(default_factory=list)
    measure: str = "mean"  # the statistic of the repetitions plotted as points
    band: Optional[ExpectedBand] = None  # Expectation: E between its deviation limits
    band_label: str = ""
    expectation_label: str = ""
    verdict: str = ""  # Expectation: the verdict line, in words

    def changes(self) -> list[tuple[float, float]]:
        """Per change, (last point before, first point after); equal when the point is shared."""
        return [(a.last, b.first) for a, b in zip(self.segments, self.segments[1:])]


def readable(text: str) -> str:
    """A function's text with its coefficients at 4 significant digits."""
    return re.sub(r"-?\d+\.\d+(?:e[-+]?\d+)?", lambda m: f"{float(m.group()):.4g}", text)


def kernel_curves(model, measurements: Sequence) -> KernelCurves:
    """Points, per-segment ranges and change points of a (segmented or plain) single-parameter model."""
    ordered = sorted(measurements, key=lambda m: m.coordinate[0])
    x = np.array([m.coordinate[0] for m in ordered], dtype=float)
    y = np.array([m.mean for m in ordered], dtype=float)
    if isinstance(model, SegmentedModel):
        function = model.hypothesis.function
        segments = []
        for segment_function, (low, high) in zip(function.segments, function.intervals):
            inside = x[(x >= low) & (x <= high)]
            if inside.size:
                segments.append(Segment(float(inside[0]), float(inside[-1]), segment_function))
        change_points = sorted({float(m.coordinate[0]) for m in model.changing_points})
        return KernelCurves(x, y, segments, change_points)
    if isinstance(model, ClusteredModel):
        return KernelCurves(x, y, _class_curves(model))
    if isinstance(model, ExpectationModel):
        return _expectation_curves(model, ordered, x, y)
    return KernelCurves(x, y, [Segment(float(x[0]), float(x[-1]), model.hypothesis.function)])


def _expectation_curves(model, ordered, x, y) -> KernelCurves:
    """Points as the verdict saw them (the modeler's aggregation of the repetitions), the model,
    the expected band and the verdict line; a kernel that was not validated gets its points, its
    constant model and the reason."""
    from extrap_segmented.adapters.expectations.series import series_arrays
    from extrap_segmented.expectations.complexity import as_term, DeviationLimits
    from extrap_segmented.expectations.plot import expected_band
    from extrap_segmented.expectations.validation import aggregate_columns
    function = model.hypothesis.function
    annotation = next((a for a in model.annotations if isinstance(a, ExpectationVerdictAnnotation)), None)
    verdict = annotation.report().splitlines()[0] if annotation is not None else ""
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


def _class_curves(model) -> list[Segment]:
    """One curve per class with a model, over the configurations its model was fitted on (a
    class found only from p = 64 on is not extrapolated down to p = 8)."""
    curves = []
    for info in model.clusters:
        if info.model is None or not info.coordinates:
            continue
        fitted = info.model.measurements or []
        span = [m.coordinate[0] for m in fitted] or [c[0] for c in info.coordinates]
        role = " = the kernel's model (slowest class)" if info.name == model.slowest else ""
        members = f", ranks {_rank_list(info.ranks)}" if info.ranks else ""
        curves.append(Segment(float(min(span)), float(max(span)), info.model.hypothesis.function,
                              label=f"class {info.name}{role}{members}",
                              x=np.array([c[0] for c in info.coordinates], dtype=float),
                              y=np.array(info.values, dtype=float)))
    return curves


def _rank_list(ranks, shown: int = 6) -> str:
    ranks = sorted(ranks)
    text = ",".join(map(str, ranks[:shown]))
    return text + (f",… ({len(ranks)})" if len(ranks) > shown else "")


def kernel_figure(curves: KernelCurves, *, parameter: str, metric: str, title: str,
                  log_x: bool = True, figure: Optional[Figure] = None) -> Figure:
    """Draws ``curves`` into ``figure`` (a new one by default) and returns it."""
    figure = figure or Figure(figsize=(7, 4.5), dpi=100)
    figure.clear()
    axes = figure.add_subplot()
    if curves.band is not None:
        band = curves.band
        axes.fill_between(band.x, band.low, band.high, color="tab:green", alpha=0.18, linewidth=0,
                          label=curves.band_label, gid="expected-band")
        axes.plot(band.x, band.expectation, "--", color="tab:green", linewidth=1.2, label=curves.expectation_label,
                  gid="expectation")
    axes.plot(curves.x, curves.y, "o", color="black", label=f"measured ({curves.measure})", zorder=3)
    colors = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"]
    for i, segment in enumerate(curves.segments):
        grid = (np.geomspace(segment.first, segment.last, 200) if log_x and segment.first > 0
                else np.linspace(segment.first, segment.last, 200))
        values = np.asarray(segment.function.evaluate(grid), dtype=float) * np.ones_like(grid)
        label = readable(segment.function.to_string(parameter))
        if segment.label:
            label = f"{segment.label}:\n{label}"
            axes.plot(segment.x, segment.y, "s", markersize=4, color=colors[i % len(colors)], alpha=0.7,
                      gid=f"points-{i}")
        elif segment.role:
            label = f"{segment.role}: {label}"
        elif len(curves.segments) > 1:
            label = f"segment {i + 1} ({parameter} = {segment.first:g}…{segment.last:g}): {label}"
        axes.plot(grid, values, "-", color=colors[i % len(colors)], linewidth=2, label=label,
                  gid=f"curve-{i}")
    for j, (before, after) in enumerate(curves.changes()):
        # The change lies somewhere between the two measured points: a band, a line when shared.
        label = "change point" if j == 0 else None
        if before == after:
            axes.axvline(before, color="#c0392b", linestyle="--", linewidth=1, label=label)
        else:
            axes.axvspan(before, after, color="#c0392b", alpha=0.12, label=label)
        at = curves.y[np.argmin(np.abs(curves.x - before))]
        text = (f"change at {parameter} = {before:g}" if before == after
                else f"change between {parameter} = {before:g} and {after:g}")
        axes.annotate(text, (before, at), textcoords="offset points", xytext=(-10, 24), color="#c0392b",
                      fontsize=9, ha="right", arrowprops=dict(arrowstyle="-", color="#c0392b", lw=0.8))
    for change in curves.change_points:  # the measured points next to a change
        at = curves.y[np.argmin(np.abs(curves.x - change))]
        axes.plot([change], [at], marker="D", markersize=10, markerfacecolor="none", linestyle="none",
                  markeredgecolor="#c0392b", markeredgewidth=2, zorder=4)
    if log_x and curves.x.size and curves.x.min() > 0:
        axes.set_xscale("log", base=2)
        axes.set_xticks(curves.x)
        axes.set_xticklabels([f"{v:g}" for v in curves.x])
        axes.minorticks_off()
    axes.set_xlabel(parameter)
    axes.set_ylabel(metric)
    axes.set_title(f"{title}\n{curves.verdict}" if curves.verdict else title, fontsize=10)
    axes.grid(True, alpha=0.3)
    axes.legend(fontsize=8, loc="best")
    figure.tight_layout()
    return figure


def add_plot_action(graph, menu) -> None:
    """Adds "Plot kernel with change points (log scale)…" to Extra-P's plot context menu."""
    menu.addSeparator()
    action = menu.addAction("Plot kernel with change points (log scale)…")
    action.triggered.connect(lambda: open_kernel_plot(graph.main_widget))


def selected_kernel(main_widget):
    """(model, measurements, parameter, metric, call path) of the first selected kernel, or None."""
    models, nodes = main_widget.get_selected_models()
    experiment = main_widget.getExperiment()
    if not models or experiment is None or len(experiment.parameters) != 1:
        return None
    metric = main_widget.get_selected_metric()
    callpath = nodes[0].path
    measurements = experiment.measurements.get((callpath, metric), [])
    return models[0], measurements, str(experiment.parameters[0]), str(metric), str(callpath)


def open_kernel_plot(main_widget):
    selection = selected_kernel(main_widget)
    if selection is None:
        QMessageBox.information(main_widget, "Kernel plot", "Select one modeled kernel of a one-parameter "
                                                            "experiment first.")
        return None
    dialog = KernelPlotDialog(main_widget, *selection)
    dialog.show()
    return dialog


class KernelPlotDialog(QDialog):
    """The figure of :func:`kernel_figure` in a window, with a toggle for the log-scale x axis."""

    def __init__(self, parent, model, measurements, parameter, metric, callpath):
        super().__init__(parent)
        self.setWindowTitle(f"Kernel plot: {callpath}")
        self.curves = kernel_curves(model, measurements)
        self._labels = dict(parameter=parameter, metric=metric, title=f"{callpath} — {metric}")
        self.canvas = FigureCanvasQTAgg(Figure(figsize=(7, 4.5), dpi=100))
        self.log_x = QCheckBox(f"Log-scale {parameter} axis")
        self.log_x.setChecked(True)
        self.log_x.toggled.connect(self.redraw)
        layout = QVBoxLayout(self)
        layout.addWidget(self.canvas)
        layout.addWidget(self.log_x)
        # Clustered: each class's curve can be hidden and shown
        self.curve_toggles = []
        for i, segment in enumerate(self.curves.segments if any(s.label for s in self.curves.segments) else []):
            toggle = QCheckBox(f"Show {segment.label.split(' = ')[0].split(',')[0]}")
            toggle.setChecked(True)
            toggle.toggled.connect(self.redraw)
            layout.addWidget(toggle)
            self.curve_toggles.append(toggle)
        self.resize(760, 540)
        self.redraw()

    def redraw(self):
        figure = kernel_figure(self.curves, log_x=self.log_x.isChecked(), figure=self.canvas.figure, **self._labels)
        for i, toggle in enumerate(self.curve_toggles):
            for line in figure.axes[0].get_lines():
                if line.get_gid() in (f"curve-{i}", f"points-{i}"):
                    line.set_visible(toggle.isChecked())
        self.canvas.draw_idle()
