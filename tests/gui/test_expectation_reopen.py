"""A fraction exponent of an Expectation model is shown as a fraction in the call tree after the
experiment is saved and reopened (saved experiments store exponents as numbers: 1/4 → 0.25)."""
from __future__ import annotations

import math

import pytest

from gui_helpers import extrap_window, select_callpath, write_experiment  # noqa: F401 - fixture

pytestmark = pytest.mark.gui

POINTS = (8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096)


def test_quarter_exponent_reads_as_a_fraction_after_reopening(qtbot, extrap_window, tmp_path):
    from PySide6.QtCore import Qt
    from extrap.fileio.experiment_io import write_experiment as save
    from extrap.fileio.file_reader.text_file_reader import TextFileReader
    from extrap.modelers.model_generator import ModelGenerator
    from extrap_segmented.adapters.expectations.modeler import ExpectationModeler
    text = write_experiment(tmp_path / "quarter.txt", POINTS, lambda p: 1 + 2 * math.log2(p) ** 0.25)
    experiment = TextFileReader().read_experiment(str(text))
    modeler = ExpectationModeler()
    modeler.expectation, modeler.jobs = "O(log^0.25 p)", 1
    ModelGenerator(experiment, modeler=modeler, name="quarter").model_all()
    save(experiment, str(tmp_path / "quarter.extra-p"))

    window = extrap_window([tmp_path / "quarter.extra-p"])
    selector = window.selector_widget
    selector.model_selector.setCurrentIndex(selector.model_selector.findText("quarter"))
    selector.asymptoticCheckBox.setChecked(True)
    select_callpath(window)
    qtbot.wait(10)
    model = selector.tree_model
    formula = model.data(model.index(0, 3), Qt.ItemDataRole.DisplayRole)
    assert "log₂(p)¹⸍⁴" in formula and "̇" not in formula, formula
