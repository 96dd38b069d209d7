"""The per-rank import (File → Open set of CUBE files keeping ranks) in Extra-P's window: a short
file-dialog title, only options that act, the anchor limits with the reader's own ranges and units
(they showed as 99, Qt's default maximum), values the reader does not accept named in one message
inside the dialog, a load that fails leaves the dialog open with one message instead of a box per
file."""
from __future__ import annotations

import pytest
from gui_helpers import extrap_window  # noqa: F401 - fixture; sets QT_QPA_PLATFORM before pytest-qt's QApplication
from PySide6.QtWidgets import QLabel

pytestmark = pytest.mark.gui

ACTION = "Open set of CUBE files keeping ranks"


def test_import_dialog_offers_only_options_that_act_under_a_short_title(qtbot):
    import extrap_segmented
    extrap_segmented.activate()
    from extrap.fileio.file_reader import all_readers
    from extrap.gui.MainWidget import MainWidget
    from extrap_segmented.adapters.gui.import_dialog import ReaderImportDialog
    reader_class = all_readers["cube_ranks"]
    # Extra-P's file dialog takes the reader's DESCRIPTION as its title
    assert len(reader_class.DESCRIPTION) <= 60, reader_class.DESCRIPTION
    window = MainWidget()
    qtbot.addWidget(window)
    dialog = ReaderImportDialog(window, reader_class(), "unused")
    qtbot.addWidget(dialog)
    labels = [label.text() for label in dialog.options_widget.findChildren(QLabel)]
    assert "Keep values" not in labels, labels
    assert "Inclusive values" in labels
    reader = reader_class()
    reader.keep_values = True  # what Extra-P's --keep-values does: accepted, nothing changes
    assert reader.keep_values is True


def _open_import(qtbot, window, path, interact):
    """Runs File → Open set of CUBE files keeping ranks on ``path``; ``interact(dialog)`` runs while
    the modal import dialog is open and returns what it saw (the dialog blocks until closed)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from extrap.gui.components import file_dialog
    seen = {}

    def in_dialog():
        dialog = QApplication.activeModalWidget()
        try:
            seen.update(interact(dialog))
        except Exception as error:  # noqa: BLE001 - reported by the test, after the dialog closed
            seen["error"] = error
            dialog.reject()

    original = file_dialog.show
    file_dialog.show = lambda parent, on_accept, *args, **kwargs: on_accept(str(path))
    try:
        action, = [a for m in window.menuBar().actions() if m.menu() for a in m.menu().actions()
                   if a.text().replace("&", "") == ACTION]
        QTimer.singleShot(0, in_dialog)
        action.trigger()
    finally:
        file_dialog.show = original
    if "error" in seen:
        raise seen["error"]
    return seen


def _type(qtbot, spin_box, text):
    from PySide6.QtCore import Qt
    edit = spin_box.lineEdit()
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Backspace)
    qtbot.keyClicks(edit, text)


def test_limits_show_the_readers_ranges_units_and_reject_what_it_does_not_accept(qtbot, extrap_window, fixtures_dir):
    from PySide6.QtWidgets import QDialogButtonBox, QMessageBox
    from extrap_segmented.adapters.cube.reader import ANCHOR_ELEMENT_RANGE, ANCHOR_MIB_RANGE, CubeRankReader
    window = extrap_window([])

    def interact(dialog):
        widget = dialog.options_widget
        size = widget.limits["anchor_limit_mib"][1]
        elements = widget.limits["anchor_element_limit"][1]
        ok = dialog.buttonBox.button(QDialogButtonBox.StandardButton.Ok)
        state = {"title": dialog.windowTitle(), "reader": dialog.reader,
                 "shown": (size.text(), elements.text()),
                 "ranges": ((size.minimum(), size.maximum()), (elements.minimum(), elements.maximum())),
                 "tooltip": elements.toolTip()}
        elements.stepUp()  # one click on the arrow: 2,000,001, no longer 99 → 100
        state["after click"] = dialog.reader.anchor_element_limit
        _type(qtbot, elements, "0")
        ok.click()  # rejected in the dialog, with one message; nothing is read
        state["zero"] = (dialog.isVisible(), dialog.message.isVisible(), dialog.message.text())
        _type(qtbot, size, "5000000")  # the input refuses the digit that would exceed 1,048,576
        state["too large"] = size.text()
        _type(qtbot, size, "")
        state["two bad"] = dialog.message.text()
        _type(qtbot, size, "1")
        _type(qtbot, elements, "50")  # accepted, but every profile's anchor is larger
        state["boxes before"] = len(window.findChildren(QMessageBox))
        ok.click()
        state["too small"] = (dialog.isVisible(), dialog.message.text(), len(window.findChildren(QMessageBox)),
                              ok.isEnabled(), widget.isEnabled())
        # well above 99, far below the default: enough for p <= 512 (4,205 elements), not for p = 1024 (8,334)
        _type(qtbot, elements, "5,000")
        state["limits"] = (dialog.reader.anchor_limit_mib, dialog.reader.anchor_element_limit)
        ok.click()
        state["loaded"] = not dialog.isVisible() and dialog.experiment is not None
        return state

    def warning_boxes():
        return [box for box in window.findChildren(QMessageBox) if box.windowTitle() == "Warning"]
    before = len(warning_boxes())

    seen = _open_import(qtbot, window, fixtures_dir / "cube" / "gather-switch-p", interact)
    assert isinstance(seen["reader"], CubeRankReader)
    assert seen["shown"] == ("256 MiB", "2,000,000 elements")
    assert seen["ranges"] == ((ANCHOR_MIB_RANGE.start, ANCHOR_MIB_RANGE[-1]),
                              (ANCHOR_ELEMENT_RANGE.start, ANCHOR_ELEMENT_RANGE[-1])) == ((1, 1 << 20), (1, 10 ** 9))
    assert seen["tooltip"].startswith("Largest accepted number of XML elements in a profile's anchor.xml")
    assert "Accepted: 1 … 1,000,000,000 elements.\nDefault: 2,000,000 elements." in seen["tooltip"]
    assert seen["after click"] == 2_000_001
    visible, message_shown, message = seen["zero"]
    assert visible and message_shown
    assert message == ("Anchor element limit: 0 is not accepted; it must be a whole number from 1 to "
                       "1,000,000,000 elements")
    assert seen["too large"].replace(",", "") == "500000 MiB"
    assert seen["two bad"].splitlines() == [
        "Anchor size limit (MiB): an empty value is not accepted; it must be a whole number from 1 to 1,048,576 MiB",
        "Anchor element limit: 0 is not accepted; it must be a whole number from 1 to 1,000,000,000 elements"]
    visible, message, boxes, ok_enabled, inputs_enabled = seen["too small"]
    assert visible and ok_enabled and inputs_enabled  # open again for a larger limit
    assert message.startswith("Not loaded: no readable Cube profile among 16 files: ")
    assert "more than 50 XML elements" in message
    assert boxes == seen["boxes before"]  # no box per skipped file, no error box
    assert seen["limits"] == (1, 5000)
    assert seen["loaded"]
    experiment = window.getExperiment()
    assert [str(p) for p in experiment.parameters] == ["p"]
    assert [c[0] for c in experiment.coordinates] == [8, 16, 32, 64, 128, 256, 512]
    # the two skipped profiles of p = 1024: one box, one line
    box, = warning_boxes()[before:]
    assert len(box.text().splitlines()) == 1, box.text()
    assert "gather.p1024.r" in box.text() and "more than 5000 XML elements" in box.text()
    assert box.text().endswith("[2 times]"), box.text()


def test_reader_refuses_limits_outside_its_range_before_reading(fixtures_dir):
    from extrap_segmented.adapters.cube.reader import CubeRankReader
    from extrap_segmented.adapters.option_rules import InvalidOptionError
    reader = CubeRankReader()
    reader.anchor_limit_mib, reader.anchor_element_limit = 0, 2_000_000
    with pytest.raises(InvalidOptionError, match=r"--cube-ranks reader: Anchor size limit \(MiB\): 0 is not accepted"):
        reader.read_experiment(fixtures_dir / "cube" / "gather-switch-p")
    assert reader.option_problems() and not CubeRankReader().option_problems()
