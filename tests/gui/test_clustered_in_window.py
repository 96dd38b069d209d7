"""Clustered in Extra-P's window on the shipped stencil fixture (--cube-ranks) with its rules file:
the call tree's tooltip and badge say what the command line says (4 classes, their member ranks;
the tooltip said "Clusters: 0" before)."""
from __future__ import annotations

import pytest

from gui_helpers import expand_options, extrap_window, generate, select_modeler, tooltip_of_annotations  # noqa: F401

pytestmark = pytest.mark.gui


@pytest.mark.slow  # ~6 s: reads and models the stencil twice (Default on loading, then Clustered)
def test_stencil_with_rules_shows_four_classes_with_their_ranks(qtbot, extrap_window, fixtures_dir, monkeypatch):
    from PySide6.QtWidgets import QMessageBox
    from extrap.gui.StrongScalingConversionDialog import StrongScalingConversionDialog
    # the stencil's mean time falls with p in places: keep weak scaling instead of asking
    monkeypatch.setattr(StrongScalingConversionDialog, "pose_question_for_readers_with_scaling_conversion",
                        staticmethod(lambda parent: QMessageBox.StandardButton.No))
    window = extrap_window(["--cube-ranks", fixtures_dir / "cube" / "stencil2d-ps"])
    select_modeler(window, "Clustered")
    options = expand_options(qtbot, window).options
    options.widgets_of("rules_file")[-1].setText(str(fixtures_dir / "rules" / "stencil2d.toml"))
    generate(window, "Clustered", "classes")
    tree = window.selector_widget.tree_view
    model = tree.model()
    rows = {}
    for row in range(model.rowCount(tree.rootIndex())):
        rows[model.index(row, 0).internalPointer().data().path] = row
    texts = {str(path): tooltip_of_annotations(window, row) for path, row in rows.items()}
    tooltip = texts["main"]
    # 4 classes from p = 16 on; at p = 4 (2x2 ranks) every rank is a corner
    assert tooltip.startswith("Clusters: 1..4 (differ) by rules file"), tooltip
    # the lines of `extrap --cube-ranks ... --modeler clustered --print all`, member ranks included
    assert "corner: 4 ranks at 30 configurations; corner; ranks 0,15,240,255 at (p=256, s=25600)" in tooltip
    assert "top-bottom edge: 4..28 ranks at 25 configurations; edge-1; ranks 1-14,241-254" in tooltip
    from PySide6.QtCore import Qt
    icons = model.data(model.index(rows[next(p for p in rows if str(p) == "main")], 2), Qt.ItemDataRole.DisplayRole)
    assert any(">4</text>" in icon for icon in icons), icons
