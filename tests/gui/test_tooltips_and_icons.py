"""What the call tree shows for our models: the tooltip carries what the command line prints,
icons are legible at 100 % scale (16-px rows)."""
from __future__ import annotations

import pytest

from gui_helpers import (extrap_window, generate, icon_glyph_height, select_callpath,  # noqa: F401 - fixtures
                         short_segment_experiment, tooltip_of_annotations)

pytestmark = pytest.mark.gui


def test_segmentation_tooltip_says_where_to_measure_next(qtbot, extrap_window, short_segment_experiment):
    window = extrap_window(["--text", short_segment_experiment])
    generate(window, "Segmented", "seg")
    select_callpath(window)
    tooltip = tooltip_of_annotations(window)
    lines = tooltip.splitlines()
    assert lines[0] == "Segmented: 2 segments, change between p=32 and p=64"
    assert "segment 1 (p=8…32) has only 3 points" in tooltip
    assert tooltip.rstrip().endswith("measure next at p=11, p=23"), tooltip


@pytest.mark.parametrize("count", [4, 12])
def test_class_count_in_the_clusters_icon_is_legible(qtbot, count):
    from extrap_segmented.adapters.clustering.models import ClusterAnnotation
    icon = ClusterAnnotation(n_clusters=count).icon()
    # a digit of a 9-pt font at 96 dpi is about 9 px high; the former icon drew about 5 px
    assert icon_glyph_height(icon) >= 8, icon


def test_expectation_verdict_icon_is_legible(qtbot):
    from extrap_segmented.adapters.expectations.modeler import ExpectationVerdictAnnotation
    for verdict in ("match", "approximate", "no match"):
        assert icon_glyph_height(ExpectationVerdictAnnotation(verdict=verdict).icon()) >= 7, verdict


def test_expectation_starts_neutral_then_shows_the_verdict_with_model_and_divergence(qtbot, extrap_window,
                                                                                     fixtures_dir):
    from extrap.util.exceptions import RecoverableError
    from gui_helpers import expand_options, select_modeler
    window = extrap_window(["--text", fixtures_dir / "series" / "mpi_collectives.txt"])
    select_modeler(window, "Expectation")
    options = expand_options(qtbot, window).options
    field = options.widgets_of("expectation")[-1]
    assert field.text() == "" and field.toolTip().endswith("Default: empty.")
    models_before = len(window.getExperiment().modelers)
    with pytest.raises(RecoverableError, match="state the growth you expect first"):
        generate(window, "Expectation", "no expectation yet")
    assert len(window.getExperiment().modelers) == models_before  # nothing marked, nothing added
    field.setText("O(log p)")
    generate(window, "Expectation", "expect log p")
    select_callpath(window)  # MPI_Barrier
    tooltip = tooltip_of_annotations(window)
    # what `extrap --modeler expectation --options "expectation=O(log p)" --print all` prints for it
    assert tooltip == "✗ no match: expected O(log p), model O(p^0.25 log p), δ = O(p^0.25)", tooltip
    from PySide6.QtCore import Qt
    model = window.selector_widget.tree_model
    icons = model.data(model.index(0, 2), Qt.ItemDataRole.DisplayRole)
    assert any(">no match</text>" in icon for icon in icons)  # the verdict in words next to the model
    qtbot.wait(20)
    tree = window.selector_widget.tree_view
    assert tree.columnWidth(2) >= 80, tree.columnWidth(2)  # the badge is shown whole (Extra-P's width: ~22 px)
