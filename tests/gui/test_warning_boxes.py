"""Modeling many kernels that share one condition opens one warning box per run, not one per
kernel (Extra-P's GUI opens a box per distinct warning text; ours name their kernel)."""
from __future__ import annotations

import time

import pytest
from PySide6.QtWidgets import QMessageBox

from gui_helpers import extrap_window, generate  # noqa: F401 - fixture

pytestmark = pytest.mark.gui

KERNELS = 900


def _five_point_series(path):
    # 5 points: fewer than Segmented's reliable segment size, so every kernel gets the same note.
    lines = ["PARAMETER p", "POINTS 8 16 32 64 128", ""]
    for i in range(KERNELS):
        lines += [f"REGION kernel{i}", "METRIC time"] + [f"DATA {v * (1 + i)}" for v in (1, 2, 3, 4, 5)] + [""]
    path.write_text("\n".join(lines))
    return path


def _warning_boxes(window):
    # In test mode Extra-P creates its warning boxes as hidden children of the main window.
    return [box for box in window.findChildren(QMessageBox) if box.windowTitle() == "Warning"]


@pytest.mark.slow
def test_900_kernels_with_one_condition_open_one_box(qtbot, extrap_window, tmp_path):
    window = extrap_window(["--text", _five_point_series(tmp_path / "five_points.txt")])
    before = len(_warning_boxes(window))
    started = time.perf_counter()
    generate(window, "Segmented", "seg")
    elapsed = time.perf_counter() - started
    boxes = _warning_boxes(window)[before:]
    assert len(boxes) == 1, [b.text()[:120] for b in boxes[:5]]
    text = boxes[0].text()
    assert "also 899 more kernels" in text, text[:500]
    assert len(window.getExperiment().modelers[-1].models) == KERNELS
    print(f"\n900 kernels, Segmented: {len(boxes)} warning box, {elapsed:.1f} s")
