"""The kernel plot, offered in the plot's right-click menu: whatever model a modeler returned for
the selected kernel, drawn from :mod:`.kernel_curves` with the x axis named after its parameter
and log-scaled (base 2) by default.

Extra-P's graph draws one function on a linear axis from the smallest to the largest value; a
segment between p = 8 and p = 32 on an axis to 1,024 then takes 3 % of the width and nothing
marks where the behaviour changes; per-class models, the ranks' values and the expected band are
not drawn at all. The figure is built with matplotlib's object API (:func:`kernel_figure` draws
it, :class:`KernelPlotDialog` shows it in a window with a toolbar to zoom and save).
"""
from __future__ import annotations

import textwrap
from typing import Optional, Sequence, Union

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg, NavigationToolbar2QT
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QHBoxLayout, QLabel, QMessageBox, QVBoxLayout

from .kernel_curves import KernelCurves, Segment, kernel_curves, readable  # noqa: F401 - Segment: public

COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]
#: Several parameters: line style per class (the colour is the other parameters' values).
STYLES = ["-", "--", ":", "-."]
CHANGE = "#c0392b"
FIGURE_SIZE = (9.4, 5.0)  # inches at 100 dpi: the axes and, right of them, the legend
LEGEND_WIDTH = 46  # characters per legend line
MENU_TEXT = "Plot kernel: change points, classes, expected band (log scale)…"


def _grid(first: float, last: float, log_x: bool) -> np.ndarray:
    return np.geomspace(first, last, 200) if log_x and first > 0 else np.linspace(first, last, 200)


def kernel_figure(curves: KernelCurves, *, metric: str, title: str, log_x: bool = True, log_y: bool = False,
                  hidden: Sequence[int] = (), figure: Optional[Figure] = None, parameter: str = "") -> Figure:
    """Draws ``curves`` into ``figure`` (a new one by default) and returns it; ``hidden``: indices
    of Clustered classes not drawn."""
    if figure is None:
        figure = Figure(figsize=FIGURE_SIZE, dpi=100)
        FigureCanvasAgg(figure)  # a renderer for the layout (the dialog's figure has the Qt canvas)
    figure.clear()
    figure.set_layout_engine("constrained")
    axes = figure.add_subplot()
    parameter = parameter or curves.x_name
    if curves.groups:
        handles = _draw_families(axes, curves, log_x, hidden)
    else:
        handles = _draw_one_parameter(axes, curves, parameter, log_x, hidden)
    if log_x and curves.x.size and curves.x.min() > 0:
        axes.set_xscale("log", base=2)
        ticks = np.unique(curves.x)
        axes.set_xticks(ticks)
        axes.set_xticklabels([f"{v:g}" for v in ticks])
        axes.minorticks_off()
    if log_y and np.all(curves.y[np.isfinite(curves.y)] > 0):
        axes.set_yscale("log")
    axes.set_xlabel(parameter)
    axes.set_ylabel(metric)
    axes.set_title(f"{title}\n{curves.verdict}" if curves.verdict else title, fontsize=10)
    axes.grid(True, alpha=0.3)
    _legend(figure, axes, handles)
    figure.draw_without_rendering()  # the layout, so that labels can be placed against it
    _fit_title(figure, axes)
    _thin_tick_labels(figure, axes)
    _place_change_labels(figure, axes)
    return figure


def _draw_one_parameter(axes, curves: KernelCurves, parameter: str, log_x: bool, hidden) -> None:
    if curves.band is not None:
        band = curves.band
        axes.fill_between(band.x, band.low, band.high, color="tab:green", alpha=0.18, linewidth=0,
                          label=curves.band_label, gid="expected-band")
        axes.plot(band.x, band.expectation, "--", color="tab:green", linewidth=1.2, label=curves.expectation_label,
                  gid="expectation")
    for j, (at, values) in enumerate(curves.ranks):
        axes.plot(np.full(values.size, at), values, "_", color="0.55", markersize=7, alpha=0.6, zorder=1,
                  label="rank values (median of repetitions)" if j == 0 else None, gid="ranks")
    for j, (at, values) in enumerate(curves.outliers):
        axes.plot(np.full(values.size, at), values, "x", color=CHANGE, markersize=7, zorder=4,
                  label="outlier ranks (in no class)" if j == 0 else None, gid="outliers")
    axes.plot(curves.x, curves.y, "o", color="black", label=f"measured ({curves.measure})", zorder=3,
              gid="measured")
    for i, segment in enumerate(curves.segments):
        color = "black" if segment.role == "kernel model" else COLORS[i % len(COLORS)]
        grid = _grid(segment.first, segment.last, log_x)
        text = readable(segment.function.to_string(parameter))
        visible = segment.cls < 0 or segment.cls not in hidden
        if segment.label:
            label = f"{segment.label}:\n{text}"
            if segment.x is not None:
                axes.plot(segment.x, segment.y, "s", markersize=4, color=color, alpha=0.7, gid=f"points-{i}",
                          visible=visible)
        elif segment.role:
            label = f"{segment.role}: {text}"
        elif len(curves.segments) > 1:
            label = f"segment {i + 1} ({parameter} = {segment.first:g}…{segment.last:g}): {text}"
        else:
            label = f"model: {text}"
        axes.plot(grid, curves.evaluate(segment, grid), "--" if segment.role == "kernel model" else "-",
                  color=color, linewidth=2, label=label, gid=f"curve-{i}", visible=visible)
    for j, (before, after) in enumerate(curves.changes()):
        # The change lies somewhere between the two measured points: a band, a line when shared.
        label = "change point" if j == 0 else None
        if before == after:
            axes.axvline(before, color=CHANGE, linestyle="--", linewidth=1, label=label)
        else:
            axes.axvspan(before, after, color=CHANGE, alpha=0.12, label=label)
        at = curves.y[np.argmin(np.abs(curves.x - before))]
        text = (f"change at {parameter} = {before:g}" if before == after
                else f"change between {parameter} = {before:g} and {after:g}")
        _change_label(axes, text, (before, at), _LABEL_PLACES[0], gid=f"change-label-{j}")
    for change in curves.change_points:  # the measured points next to a change
        at = curves.y[np.argmin(np.abs(curves.x - change))]
        axes.plot([change], [at], marker="D", markersize=10, markerfacecolor="none", linestyle="none",
                  markeredgecolor=CHANGE, markeredgewidth=2, zorder=4)
    return None  # the labelled artists


def _draw_families(axes, curves: KernelCurves, log_x: bool, hidden) -> None:
    """Several parameters: colour = the other parameters' values, line style = the class (or
    the kernel's model); the legend names both once."""
    colors = [COLORS[g % len(COLORS)] for g in range(len(curves.groups))]
    for g in range(len(curves.groups)):
        inside = curves.point_groups == g
        axes.plot(curves.x[inside], curves.y[inside], "o", color=colors[g], markeredgecolor="black",
                  markeredgewidth=0.5, zorder=3, gid=f"measured-{g}")
    handles = [Line2D([], [], color=colors[g], marker="o", markeredgecolor="black", markeredgewidth=0.5,
                      label=curves.group_label(g)) for g in range(len(curves.groups))]
    styles, names = {}, {}
    for i, segment in enumerate(curves.segments):
        key = (segment.cls, segment.role)
        style = styles.setdefault(key, STYLES[len(styles) % len(STYLES)])
        if key not in names:
            text = readable(segment.function.to_string(*curves.parameters))
            names[key] = f"{segment.label}:\n{text}" if segment.label else f"model: {text}"
            handles.append(Line2D([], [], color="0.3", linestyle=style, linewidth=2, label=names[key],
                                  gid=f"legend-{key[0]}-{key[1]}"))
        visible = segment.cls < 0 or segment.cls not in hidden
        grid = _grid(segment.first, segment.last, log_x)
        axes.plot(grid, curves.evaluate(segment, grid), style, color=colors[segment.group], linewidth=1.8,
                  gid=f"curve-{i}", visible=visible, label=f"{names[key].splitlines()[0]} at "
                                                           f"{curves.group_label(segment.group)}")
        if segment.x is not None and segment.x.size:
            axes.plot(segment.x, segment.y, "s", markersize=3.5, color=colors[segment.group], alpha=0.8,
                      gid=f"points-{i}", visible=visible)
    return handles


def _legend(figure, axes, handles) -> None:
    """The legend right of the axes (inside, it covered measured points), its labels wrapped;
    the artists keep their labels."""
    if handles is None:
        handles, labels = axes.get_legend_handles_labels()
    else:
        labels = [handle.get_label() for handle in handles]
    labels = ["\n".join(textwrap.fill(line, LEGEND_WIDTH, subsequent_indent="  ") for line in label.splitlines())
              for label in labels]
    if handles:
        figure.legend(handles, labels, loc="outside right upper", fontsize=8)


def _fit_title(figure, axes) -> None:
    """Wraps the title (a verdict line is wider than the axes) to the axes' width, then lays
    the figure out again for its height."""
    renderer = figure.canvas.get_renderer()
    width = axes.get_window_extent(renderer).width
    title = axes.title
    text = title.get_text()
    columns = max(len(line) for line in text.splitlines()) if text else 0
    while columns > 20 and title.get_window_extent(renderer).width > width:
        columns -= 4
        title.set_text("\n".join(textwrap.fill(line, columns) for line in text.splitlines()))
    if title.get_text() != text:
        figure.draw_without_rendering()


def _thin_tick_labels(figure, axes) -> None:
    """Hides x tick labels that would overprint their left neighbour (e.g. 144 and 256 on a
    log axis); the ticks stay."""
    renderer = figure.canvas.get_renderer()
    kept = None
    for label in axes.get_xticklabels():
        if not label.get_visible() or not label.get_text():
            continue
        box = label.get_window_extent(renderer)
        if kept is not None and box.x0 < kept.x1 + 4:
            label.set_visible(False)
        else:
            kept = box


#: Where a change-point label may go relative to its point: (dx, dy) in points, alignment.
_LABEL_PLACES = [((10, 24), "left", "bottom"), ((-10, 24), "right", "bottom"),
                 ((10, -24), "left", "top"), ((-10, -24), "right", "top"),
                 ((10, 60), "left", "bottom"), ((-10, 60), "right", "bottom"),
                 ((10, -60), "left", "top"), ((-10, -60), "right", "top")]


def _change_label(axes, text: str, xy, place, gid: str):
    """A change-point label at ``place`` (offset, alignment) from ``xy``, its line drawn from the
    label's corner next to the point (from its middle, the line crossed the text)."""
    offset, ha, va = place
    corner = (0.0 if ha == "left" else 1.0, 0.0 if va == "bottom" else 1.0)
    return axes.annotate(text, xy, textcoords="offset points", xytext=offset, color=CHANGE, fontsize=9, ha=ha,
                         va=va, gid=gid, arrowprops=dict(arrowstyle="-", color=CHANGE, lw=0.8, relpos=corner))


def _place_change_labels(figure, axes) -> None:
    """Puts every change-point label where it lies inside the axes, clear of the other labels
    and covering as few drawn points as possible: right of and above its point, else left, else
    below (drawn left of a change near the left edge, a label overprinted the y axis's numbers;
    above a point at the top, the title)."""
    renderer = figure.canvas.get_renderer()
    inside = axes.get_window_extent(renderer)
    drawn = [line.get_transform().transform(line.get_xydata()) for line in axes.get_lines()
             if line.get_visible() and len(line.get_xdata())]
    drawn = np.concatenate(drawn) if drawn else np.empty((0, 2))
    placed = []
    for label in [t for t in axes.texts if (t.get_gid() or "").startswith("change-label-")]:
        best = None
        for place in _LABEL_PLACES:
            offset, ha, va = place
            label.set_position(offset)
            label.set_horizontalalignment(ha)
            label.set_verticalalignment(va)
            box = label.get_window_extent(renderer)
            outside = (max(0, inside.x0 - box.x0) + max(0, box.x1 - inside.x1)
                       + max(0, inside.y0 - box.y0) + max(0, box.y1 - inside.y1))
            clash = sum(1 for other in placed if box.overlaps(other))
            covered = int(np.count_nonzero((drawn[:, 0] > box.x0 - 2) & (drawn[:, 0] < box.x1 + 2)
                                           & (drawn[:, 1] > box.y0 - 2) & (drawn[:, 1] < box.y1 + 2)))
            score = (clash, outside, covered)
            if best is None or score < best[0]:
                best = (score, place, box)
            if score == (0, 0, 0):
                break
        _, place, box = best
        label.remove()  # drawn again where it fits, its line from the corner next to its point
        _change_label(axes, label.get_text(), label.xy, place, gid=label.get_gid())
        placed.append(box)


def add_plot_action(graph, menu) -> None:
    """Adds the kernel plot to Extra-P's plot context menu."""
    menu.addSeparator()
    action = menu.addAction(MENU_TEXT)
    action.triggered.connect(lambda: open_kernel_plot(graph.main_widget))


def selected_kernel(main_widget):
    """(model, measurements, parameter names, metric, call path) of the first selected kernel, or None."""
    models, nodes = main_widget.get_selected_models()
    experiment = main_widget.getExperiment()
    if not models or not nodes or experiment is None or not experiment.parameters:
        return None
    metric = main_widget.get_selected_metric()
    callpath = nodes[0].path
    measurements = experiment.measurements.get((callpath, metric), [])
    if not measurements or models[0] is None:
        return None
    return models[0], measurements, [str(p) for p in experiment.parameters], str(metric), str(callpath)


def open_kernel_plot(main_widget):
    selection = selected_kernel(main_widget)
    if selection is None:
        QMessageBox.information(main_widget, "Kernel plot", "Select a modeled kernel (call path) first.")
        return None
    dialog = KernelPlotDialog(main_widget, *selection)
    dialog.show()
    return dialog


class KernelPlotDialog(QDialog):
    """The figure of :func:`kernel_figure` in a window: log-scale toggles, the parameter on the x
    axis (several parameters), a toggle per Clustered class, and the model's own notes."""

    def __init__(self, parent, model, measurements, parameters: Union[str, Sequence[str]], metric, callpath):
        super().__init__(parent)
        self.setWindowTitle(f"Kernel plot: {callpath}")
        self.model, self.measurements = model, measurements
        self.parameters = [parameters] if isinstance(parameters, str) else list(parameters)
        self._labels = dict(metric=metric, title=f"{callpath} — {metric}")
        self.canvas = FigureCanvasQTAgg(Figure(figsize=FIGURE_SIZE, dpi=100))
        layout = QVBoxLayout(self)
        layout.addWidget(NavigationToolbar2QT(self.canvas, self))
        layout.addWidget(self.canvas)
        row = QHBoxLayout()
        self.x_parameter = QComboBox()
        self.x_parameter.addItems(self.parameters)
        if len(self.parameters) > 1:
            row.addWidget(QLabel("x axis:"))
            row.addWidget(self.x_parameter)
        self.log_x = QCheckBox("Log-scale x axis (base 2)")
        self.log_x.setChecked(True)
        self.log_y = QCheckBox("Log-scale y axis")
        row.addWidget(self.log_x)
        row.addWidget(self.log_y)
        row.addStretch(1)
        layout.addLayout(row)
        self.curves = kernel_curves(model, measurements, self.parameters, 0)
        # Clustered: each class's curves can be hidden and shown
        self.curve_toggles = []
        toggles = QHBoxLayout()
        for name in self.curves.classes:
            toggle = QCheckBox(f"Show {name}")
            toggle.setChecked(True)
            toggle.toggled.connect(self.redraw)
            toggles.addWidget(toggle)
            self.curve_toggles.append(toggle)
        toggles.addStretch(1)
        layout.addLayout(toggles)
        self.notes = QLabel("\n".join(self.curves.notes))
        self.notes.setWordWrap(True)
        self.notes.setVisible(bool(self.curves.notes))
        layout.addWidget(self.notes)
        self.x_parameter.currentIndexChanged.connect(self._x_parameter_changed)
        self.log_x.toggled.connect(self.redraw)
        self.log_y.toggled.connect(self.redraw)
        self.resize(980, 680)
        self.redraw()

    def _x_parameter_changed(self, index: int):
        self.curves = kernel_curves(self.model, self.measurements, self.parameters, index)
        self.redraw()

    def redraw(self):
        hidden = [i for i, toggle in enumerate(self.curve_toggles) if not toggle.isChecked()]
        kernel_figure(self.curves, log_x=self.log_x.isChecked(), log_y=self.log_y.isChecked(), hidden=hidden,
                      figure=self.canvas.figure, **self._labels)
        self.canvas.draw_idle()
