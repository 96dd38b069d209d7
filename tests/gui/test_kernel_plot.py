"""The kernel plot offered in the plot's context menu: each segment drawn over its own range up to
its last measured point, a marker at the change point, a log-scale (base 2) x axis by default."""
from __future__ import annotations

import numpy as np
import pytest

from gui_helpers import extrap_window, generate, segmented_experiment, select_callpath  # noqa: F401 - fixtures

pytestmark = pytest.mark.gui


def _plot(qtbot, window):
    from extrap_segmented.adapters.gui.plot import open_kernel_plot
    dialog = open_kernel_plot(window)
    assert dialog is not None
    qtbot.addWidget(dialog)
    qtbot.waitExposed(dialog)
    return dialog


def test_segmented_kernel_plot_marks_the_change_and_draws_segments_over_their_range(
        qtbot, extrap_window, segmented_experiment):
    window = extrap_window(["--text", segmented_experiment])
    generate(window, "Segmented", "seg")
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
    # the axis can be switched to linear
    dialog.log_x.setChecked(False)
    assert dialog.canvas.figure.axes[0].get_xscale() == "linear"


def test_context_menu_offers_the_kernel_plot(qtbot, extrap_window, segmented_experiment):
    window = extrap_window(["--text", segmented_experiment])
    select_callpath(window)
    qtbot.wait(10)
    from extrap.gui.GraphWidget import GraphWidget
    graph, = window.findChildren(GraphWidget)
    menu = graph.create_context_menu()
    assert menu is not None
    assert "Plot kernel with change points (log scale)…" in [a.text() for a in menu.actions()]
