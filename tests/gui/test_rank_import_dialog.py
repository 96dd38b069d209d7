"""The per-rank import (File → Open set of CUBE files keeping ranks): a short file-dialog title
and only options that act (per-rank values are always kept, so no "Keep values" toggle)."""
from __future__ import annotations

import pytest
import gui_helpers  # noqa: F401 - sets QT_QPA_PLATFORM before pytest-qt makes the QApplication
from PySide6.QtWidgets import QLabel

pytestmark = pytest.mark.gui


def test_import_dialog_offers_only_options_that_act_under_a_short_title(qtbot):
    import extrap_segmented
    extrap_segmented.activate()
    from extrap.fileio.file_reader import all_readers
    from extrap.gui.ImportOptionsDialog import ImportOptionsDialog
    from extrap.gui.MainWidget import MainWidget
    reader_class = all_readers["cube_ranks"]
    # Extra-P's file dialog takes the reader's DESCRIPTION as its title
    assert len(reader_class.DESCRIPTION) <= 60, reader_class.DESCRIPTION
    window = MainWidget()
    qtbot.addWidget(window)
    dialog = ImportOptionsDialog(window, reader_class(), "unused")
    qtbot.addWidget(dialog)
    labels = [label.text() for label in dialog.options_widget.findChildren(QLabel)]
    assert "Keep values" not in labels, labels
    assert "Inclusive values" in labels
    reader = reader_class()
    reader.keep_values = True  # what Extra-P's --keep-values does: accepted, nothing changes
    assert reader.keep_values is True
