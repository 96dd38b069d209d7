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
