"""The kernel plot (plot's context menu) draws whatever a modeler returned, in Extra-P's window:
one- and two-parameter models of Default, Segmented, Segmented-Classic, Clustered and Expectation
on the shipped fixtures; each segment over its own range with its change marked; every curve is
the model's function at the drawn values; no text overprints another."""
from __future__ import annotations

import numpy as np
import pytest

from gui_helpers import (expand_options, extrap_window, generate, overlapping_texts,  # noqa: F401 - fixtures
                         segmented_experiment, select_callpath, select_kernel, select_modeler,
                         short_segment_experiment)

pytestmark = pytest.mark.gui

GATHER = "main->iteration->MPI_Gather"
HALO = "main->timestep->halo_exchange"


def _plot(qtbot, window):
    from extrap_segmented.adapters.gui.plot import open_kernel_plot
    dialog = open_kernel_plot(window)
    assert dialog is not None
    qtbot.addWidget(dialog)
    qtbot.waitExposed(dialog)
    return dialog


def _curves(axes) -> dict:
    return {line.get_gid(): line for line in axes.get_lines() if (line.get_gid() or "").startswith("curve-")}


def _keep_weak_scaling(monkeypatch):
    # the stencil's mean time falls with p in places: keep weak scaling instead of asking
    from PySide6.QtWidgets import QMessageBox
    from extrap.gui.StrongScalingConversionDialog import StrongScalingConversionDialog
    monkeypatch.setattr(StrongScalingConversionDialog, "pose_question_for_readers_with_scaling_conversion",
                        staticmethod(lambda parent: QMessageBox.StandardButton.No))


def _modeled(qtbot, window, modeler, kernel, options=None):
    if modeler != "Default":  # Extra-P models with Default when it loads the files
        select_modeler(window, modeler)
        for field, value in (options or {}).items():
            expand_options(qtbot, window).options.widgets_of(field)[-1].setText(value)
        generate(window, modeler, modeler)
    select_kernel(window, kernel)
    models, _ = window.get_selected_models()
    return models[0]


@pytest.mark.parametrize("modeler", ["Segmented", "Segmented-Classic"])
def test_segmented_kernel_plot_marks_the_change_and_draws_segments_over_their_range(
        qtbot, extrap_window, segmented_experiment, modeler):
    window = extrap_window(["--text", segmented_experiment])
    generate(window, modeler, "seg")
    select_callpath(window)
    dialog = _plot(qtbot, window)
    curves = dialog.curves
    assert [(s.first, s.last) for s in curves.segments] == [(8, 64), (96, 1024)]
    assert curves.changes() == [(64, 96)]
    axes = dialog.canvas.figure.axes[0]
    assert axes.get_xscale() == "log" and axes.get_xlabel() == "p" and axes.get_ylabel() == "time"
    lines = {line.get_label(): line for line in axes.get_lines()}
    segment_lines = [line for label, line in lines.items() if label.startswith("segment ")]
    assert len(segment_lines) == 2
    # each curve spans exactly its segment's measured range
    spans = [(float(min(l.get_xdata())), float(max(l.get_xdata()))) for l in segment_lines]
    assert np.allclose(spans, [(8, 64), (96, 1024)]), spans
    # segment 1 takes far more than 3 % of the axis width on the log axis
    left, right = (axes.transData.transform((x, 1))[0] for x in (8, 64))
    width = axes.bbox.width
    assert (right - left) / width > 0.25
    change_marks = [l for l in axes.get_lines() if l.get_marker() == "D"]
    assert sorted(float(l.get_xdata()[0]) for l in change_marks) == [64, 96]  # last before, first after
    band, = [p for p in axes.patches if p.get_label() == "change point"]
    assert np.allclose(band.get_bbox().intervalx, [64, 96])
    assert any("change between p = 64 and 96" in t.get_text() for t in axes.texts)
    assert overlapping_texts(dialog.canvas.figure) == []
    # the axis can be switched to linear
    dialog.log_x.setChecked(False)
    assert dialog.canvas.figure.axes[0].get_xscale() == "linear"
    assert overlapping_texts(dialog.canvas.figure) == []


def test_change_label_near_the_left_edge_stays_clear_of_the_y_axis_labels(qtbot, extrap_window,
                                                                          short_segment_experiment):
    """The label of a change at p = 32…64 was drawn leftwards from p = 32, over the y axis's numbers."""
    window = extrap_window(["--text", short_segment_experiment])
    generate(window, "Segmented", "seg")
    select_callpath(window)
    dialog = _plot(qtbot, window)
    figure = dialog.canvas.figure
    label, = [t for t in figure.axes[0].texts if t.get_text() == "change between p = 32 and 64"]
    for log_x in (True, False):
        dialog.log_x.setChecked(log_x)
        assert overlapping_texts(dialog.canvas.figure) == [], log_x


@pytest.mark.parametrize("modeler", ["Default", "Segmented", "Segmented-Classic", "Clustered", "Expectation"])
def test_every_modeler_is_drawn_on_per_rank_data(qtbot, extrap_window, fixtures_dir, modeler):
    window = extrap_window(["--cube-ranks", fixtures_dir / "cube" / "gather-switch-p"])
    options = {"expectation": "O(log p)"} if modeler == "Expectation" else {}
    model = _modeled(qtbot, window, modeler, GATHER, options)
    dialog = _plot(qtbot, window)
    assert dialog.windowTitle() == f"Kernel plot: {GATHER}"
    assert dialog.log_x.isChecked() and not dialog.x_parameter.isVisible()  # one parameter: nothing to choose
    axes = dialog.canvas.figure.axes[0]
    assert axes.get_xlabel() == "p" and axes.get_xscale() == "log"
    curves = _curves(axes)
    assert curves, "no model curve drawn"
    for segment, (gid, line) in zip(dialog.curves.segments, sorted(curves.items())):
        assert line.get_visible()
        x = np.asarray(line.get_xdata(), dtype=float)
        assert np.isfinite(line.get_ydata()).all()
        assert np.allclose(line.get_ydata(), segment.function.evaluate(x), rtol=1e-9), gid
    drawn = np.concatenate([line.get_xdata() for line in curves.values()])
    assert drawn.min() == pytest.approx(8) and drawn.max() == pytest.approx(1024)  # the measured range
    measured = [line for line in axes.get_lines() if (line.get_gid() or "") == "measured"]
    assert len(measured) == 1 and len(measured[0].get_xdata()) == 8
    if modeler == "Segmented":  # MPI_Gather switches from linear to binomial between p = 32 and 64
        assert dialog.curves.changes() == [(32, 64)]
        assert any(t.get_text() == "change between p = 32 and 64" for t in axes.texts)
    elif modeler == "Clustered":
        # classes differ at every configuration: no per-class models, the kernel's model (the slowest
        # class of each configuration) dashed, every rank's value, the outlier ranks, and why
        assert not dialog.curve_toggles
        kernel_line, = curves.values()
        assert kernel_line.get_linestyle() == "--"
        assert kernel_line.get_label().startswith("kernel model: the slowest class of each configuration")
        assert np.allclose(kernel_line.get_ydata(), model.hypothesis.function.evaluate(kernel_line.get_xdata()))
        ranks = [line for line in axes.get_lines() if line.get_gid() == "ranks"]
        assert [len(line.get_xdata()) for line in ranks] == [8, 16, 32, 64, 128, 256, 512, 512]
        outliers = [line for line in axes.get_lines() if line.get_gid() == "outliers"]
        assert sorted(float(line.get_xdata()[0]) for line in outliers) == [64, 128, 256, 512]
        assert dialog.notes.isVisible() and "no per-cluster models" in dialog.notes.text()
        assert "kernel model:" not in dialog.notes.text()  # once, in the legend
    elif modeler == "Expectation":
        assert any(c.get_gid() == "expected-band" for c in axes.collections)
        title = " ".join(axes.get_title().split())  # wrapped to the axes
        assert "Verdict:" in title and "expected O(log p)" in title
    else:
        assert len(curves) == 1
    assert overlapping_texts(dialog.canvas.figure) == []


@pytest.mark.parametrize("modeler", ["Default", pytest.param("Clustered", marks=pytest.mark.slow)])  # ~4.5 s
def test_two_parameter_models_are_drawn_as_one_curve_per_value_of_the_other(qtbot, extrap_window, fixtures_dir,
                                                                             monkeypatch, modeler):
    _keep_weak_scaling(monkeypatch)
    window = extrap_window(["--cube-ranks", fixtures_dir / "cube" / "stencil2d-ps"])
    options = {"rules_file": str(fixtures_dir / "rules" / "stencil2d.toml")} if modeler == "Clustered" else {}
    model = _modeled(qtbot, window, modeler, HALO, options)
    dialog = _plot(qtbot, window)
    assert dialog.x_parameter.isVisible()
    assert [dialog.x_parameter.itemText(i) for i in range(dialog.x_parameter.count())] == ["p", "s"]
    measurements = window.getExperiment().measurements[(window.get_selected_models()[1][0].path,
                                                        window.get_selected_metric())]
    coordinates = np.array([tuple(m.coordinate) for m in measurements])
    for x_index, name in enumerate(("p", "s")):
        dialog.x_parameter.setCurrentIndex(x_index)
        axes = dialog.canvas.figure.axes[0]
        assert axes.get_xlabel() == name
        others = np.unique(np.delete(coordinates, x_index, axis=1))
        curves = _curves(axes)
        functions = ([model.hypothesis.function] if modeler == "Default"
                     else [info.model.hypothesis.function for info in model.clusters if info.model is not None])
        # Default: one curve per value of the other parameter; Clustered: one per class and value
        # where the class exists (its corner class from p = 4 on, the others from p = 16 on)
        groups = {dialog.curves.group_label(s.group) for s in dialog.curves.segments}
        assert groups == {f"{'s' if x_index == 0 else 'p'} = {v:g}" for v in others}
        if modeler == "Default":
            assert len(curves) == len(others)
        else:
            assert len(dialog.curve_toggles) == len(functions) == 4 and len(curves) >= 4 * len(others) - 4
        for segment, (gid, line) in zip(dialog.curves.segments, sorted(curves.items(), key=lambda i: int(i[0][6:]))):
            x = np.asarray(line.get_xdata(), dtype=float)
            point = np.empty((2, x.size))
            point[x_index] = x
            point[1 - x_index] = dialog.curves.groups[segment.group][0]
            assert any(segment.function is f for f in functions)
            assert np.allclose(line.get_ydata(), segment.function.evaluate(point), rtol=1e-9), gid
            # each curve spans the values of the x parameter measured with its other value
            with_it = coordinates[np.isclose(coordinates[:, 1 - x_index], point[1 - x_index, 0]), x_index]
            assert x.min() >= with_it.min() - 1e-9 and x.max() <= with_it.max() + 1e-9
        assert overlapping_texts(dialog.canvas.figure) == [], name
    if modeler == "Clustered":  # a class's curves hide together
        dialog.curve_toggles[0].setChecked(False)
        hidden = [i for i, s in enumerate(dialog.curves.segments) if s.cls == 0]
        lines = _curves(dialog.canvas.figure.axes[0])
        assert hidden and all(not lines[f"curve-{i}"].get_visible() for i in hidden)
        assert all(line.get_visible() for gid, line in lines.items() if int(gid[6:]) not in hidden)


def test_context_menu_offers_the_kernel_plot(qtbot, extrap_window, segmented_experiment):
    window = extrap_window(["--text", segmented_experiment])
    select_callpath(window)
    qtbot.wait(10)
    from extrap.gui.GraphWidget import GraphWidget
    graph, = window.findChildren(GraphWidget)
    menu = graph.create_context_menu()
    assert menu is not None
    assert "Plot kernel: change points, classes, expected band (log scale)…" in [a.text() for a in menu.actions()]
