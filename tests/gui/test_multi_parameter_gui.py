"""Segmented and Expectation on the two-parameter Cube fixture in Extra-P's window: modeling
finishes, the kernel plot draws the two-parameter models (one curve per value of the other
parameter), the option panel fits a 900-px screen."""
from __future__ import annotations

import time

import numpy as np
import pytest

from gui_helpers import expand_options, extrap_window, generate, select_kernel, select_modeler  # noqa: F401

pytestmark = pytest.mark.gui

HALO = "main->timestep->halo_exchange"


def _keep_weak_scaling(monkeypatch):
    from PySide6.QtWidgets import QMessageBox
    from extrap.gui.StrongScalingConversionDialog import StrongScalingConversionDialog
    monkeypatch.setattr(StrongScalingConversionDialog, "pose_question_for_readers_with_scaling_conversion",
                        staticmethod(lambda parent: QMessageBox.StandardButton.No))


@pytest.mark.parametrize("modeler", ["Segmented", pytest.param("Expectation", marks=pytest.mark.slow)])  # ~4-10 s
def test_two_parameter_cube_models_finish_and_plot(qtbot, extrap_window, fixtures_dir, monkeypatch, modeler):
    from extrap_segmented.adapters.gui.plot import open_kernel_plot
    _keep_weak_scaling(monkeypatch)
    window = extrap_window(["--cube-ranks", fixtures_dir / "cube" / "stencil2d-ps"])
    select_modeler(window, modeler)
    if modeler == "Expectation":
        expand_options(qtbot, window).options.widgets_of("expectation")[-1].setText("O(p * s)")
    from PySide6.QtWidgets import QMessageBox
    boxes_before = len([b for b in window.findChildren(QMessageBox) if b.windowTitle() == "Warning"])
    started = time.perf_counter()
    generate(window, modeler, modeler)
    elapsed = time.perf_counter() - started
    boxes = [b for b in window.findChildren(QMessageBox) if b.windowTitle() == "Warning"][boxes_before:]
    assert len(boxes) <= 1, [b.text()[:200] for b in boxes]  # one box per run, never one per kernel
    models = window.getExperiment().modelers[-1].models
    assert len(models) == 24 and elapsed < 60
    if modeler == "Expectation":
        from extrap_segmented.adapters.expectations.modeler import ExpectationVerdictAnnotation
        verdicts = [a for m in models.values() for a in m.annotations if isinstance(a, ExpectationVerdictAnnotation)]
        assert len(verdicts) == 24 and {v.expectation for v in verdicts} == {"O(p · s)"}
    select_kernel(window, HALO)
    model = window.get_selected_models()[0][0]
    dialog = open_kernel_plot(window)
    assert dialog is not None
    qtbot.addWidget(dialog)
    qtbot.waitExposed(dialog)
    axes = dialog.canvas.figure.axes[0]
    curves = [line for line in axes.get_lines() if (line.get_gid() or "").startswith("curve-")]
    assert len(curves) == 5  # one per value of s (p on the x axis)
    for segment, line in zip(dialog.curves.segments, curves):
        x = np.asarray(line.get_xdata(), dtype=float)
        point = np.vstack([x, np.full(x.size, dialog.curves.groups[segment.group][0])])
        assert np.allclose(line.get_ydata(), model.hypothesis.function.evaluate(point), rtol=1e-9)
    print(f"\n{modeler} on stencil2d-ps in the GUI: {elapsed:.1f} s")


@pytest.mark.parametrize("modeler", ["Segmented", "Expectation"])
def test_multi_parameter_option_panel_fits_a_900px_screen(qtbot, extrap_window, fixtures_dir, monkeypatch, modeler):
    _keep_weak_scaling(monkeypatch)
    window = extrap_window(["--cube-ranks", fixtures_dir / "cube" / "stencil2d-ps"])
    select_modeler(window, modeler)
    expand_options(qtbot, window)
    hint = window.minimumSizeHint()
    print(f"\n{modeler} (two parameters): window minimum height {hint.height()} px")
    assert hint.height() <= 900 - 68, hint  # 900 px minus task bar and title bar


def test_a_change_along_n_is_drawn_per_value_of_p_with_the_gap_left_open(qtbot, extrap_window, tmp_path):
    from extrap_segmented.adapters.gui.plot import open_kernel_plot
    from gui_helpers import select_callpath
    p_values, n_values = (4, 8, 16, 32, 64), [2 ** k for k in range(8, 17)]
    rng = np.random.default_rng(1)
    lines = ["PARAMETER p", "PARAMETER n", "", "POINTS " + " ".join(f"( {p} {n} )" for p in p_values for n in n_values),
             "", "REGION eager", "METRIC time"]
    for p in p_values:
        for n in n_values:
            value = (50 + 0.01 * n if n <= 4096 else 200 + 0.05 * n) * np.log2(p)
            lines.append("DATA " + " ".join(f"{value * (1 + 0.01 * rng.standard_normal()):.9g}" for _ in range(3)))
    path = tmp_path / "eager.txt"
    path.write_text("\n".join(lines) + "\n")
    window = extrap_window(["--text", path])
    generate(window, "Segmented", "seg")
    select_callpath(window)
    model = window.get_selected_models()[0][0]
    assert " for n<=4096; " in model.hypothesis.function.to_string(*window.getExperiment().parameters)
    dialog = open_kernel_plot(window)
    qtbot.addWidget(dialog)
    qtbot.waitExposed(dialog)
    dialog.x_parameter.setCurrentIndex(1)  # n on the x axis: one curve per p
    axes = dialog.canvas.figure.axes[0]
    curves = [line for line in axes.get_lines() if (line.get_gid() or "").startswith("curve-")]
    assert len(curves) == len(p_values)
    for segment, line in zip(dialog.curves.segments, curves):
        x = np.asarray(line.get_xdata(), dtype=float)
        y = np.asarray(line.get_ydata(), dtype=float)
        point = np.vstack([np.full(x.size, dialog.curves.groups[segment.group][0]), x])
        expected = model.hypothesis.function.evaluate(point)
        assert np.allclose(y, expected, rtol=1e-9, equal_nan=True)
        between = (x > 4096) & (x < 8192)  # no measurement there: the model is undefined, not invented
        assert np.isnan(y[between]).all() and np.isfinite(y[~between]).all()
