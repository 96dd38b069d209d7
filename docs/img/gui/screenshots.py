"""Regenerates the screenshots of docs/gui.md: Extra-P's GUI with this package's analyses, on the
shipped fixtures and the series of tests/gui/gui_helpers.py.

    QT_QPA_PLATFORM=offscreen python docs/img/gui/screenshots.py   # (or on a real display)

Every picture is a grab of the real widgets (``QWidget.grab``); nothing is drawn by hand except
where a caption says so in docs/gui.md.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
STARTED = time.perf_counter()
HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
sys.path.insert(0, str(REPO / "tests" / "gui"))

import gui_helpers  # noqa: E402  (the tests' series and helpers: the pictures show what the tests check)


def _app():
    from PySide6.QtWidgets import QApplication
    import extrap_segmented
    extrap_segmented.activate()
    return QApplication.instance() or QApplication([])


def _window(args):
    from extrap.extrap import extrapgui
    from extrap_segmented.adapters.gui import install
    window, _ = extrapgui.main(args=list(map(str, args)), test=True)
    install()
    window.resize(1366, 768)
    _settle()
    return window


def _settle(rounds: int = 5):
    from PySide6.QtWidgets import QApplication
    for _ in range(rounds):
        QApplication.processEvents()


def _save(widget, name: str):
    from PySide6.QtTest import QTest
    QTest.qWait(400)  # Extra-P's switches animate into their state
    path = HERE / name
    widget.grab().save(str(path))
    print(f"{time.perf_counter() - STARTED:6.1f} s  wrote {path.relative_to(REPO)} ({widget.width()}x{widget.height()})",
          flush=True)


def _close(window):
    from PySide6.QtWidgets import QMessageBox
    for box in window.findChildren(QMessageBox):
        box.destroyed.disconnect()  # Extra-P's test mode forgets its boxes in a list it never filled
    window.setWindowFilePath("")
    window.close()


def _tooltip_card(text: str):
    """A tooltip's text in a label with the tooltip's palette (tooltips are popups, which a
    widget grab does not include)."""
    from PySide6.QtWidgets import QLabel, QToolTip
    label = QLabel(text)
    label.setPalette(QToolTip.palette())
    label.setAutoFillBackground(True)
    label.setStyleSheet("QLabel { border: 1px solid #777; padding: 6px; }")
    label.setWordWrap(True)
    label.setFixedWidth(640)
    label.adjustSize()
    label.show()
    return label


def main():
    _app()
    work = Path(tempfile.mkdtemp(prefix="extrap-gui-shots-"))
    os.chdir(REPO)  # paths shown in the pictures are relative to the repository, as a user types them
    fixtures = Path("fixtures")

    # 1. Segmented: option sections, the model with its change, the tooltip, the kernel plot
    window = _window(["--text", gui_helpers.write_experiment(work / "short.txt", gui_helpers.SHORT_SEGMENT_POINTS,
                                                            gui_helpers.short_segment_time)])
    gui_helpers.select_modeler(window, "Segmented")
    panel = _expand(window)
    panel.options.sections["Paper mode (Ilyas et al.)"].set_expanded(True)
    _settle()
    panel.verticalScrollBar().setValue(panel.options.sections["Test mode"].y() + 120)  # test and paper modes
    _save(window, "segmented-options.png")
    gui_helpers.generate(window, "Segmented", "Segmented")
    gui_helpers.select_callpath(window)
    _save(window, "segmented-model.png")
    card = _tooltip_card(gui_helpers.tooltip_of_annotations(window))
    _save(card, "segmented-tooltip.png")
    card.close()
    from extrap_segmented.adapters.gui.plot import open_kernel_plot
    dialog = open_kernel_plot(window)
    _save(dialog, "segmented-plot-log.png")
    dialog.log_x.setChecked(False)
    _save(dialog, "segmented-plot-linear.png")
    dialog.close()
    _close(window)

    # 2. One warning box for 900 kernels sharing one condition
    lines = ["PARAMETER p", "POINTS 8 16 32 64 128", ""]
    for i in range(900):
        lines += [f"REGION kernel{i}", "METRIC time"] + [f"DATA {v * (1 + i)}" for v in (1, 2, 3, 4, 5)] + [""]
    (work / "five_points.txt").write_text("\n".join(lines))
    window = _window(["--text", work / "five_points.txt"])
    from PySide6.QtWidgets import QMessageBox
    before = set(window.findChildren(QMessageBox))
    gui_helpers.generate(window, "Segmented", "Segmented")
    boxes = [b for b in window.findChildren(QMessageBox) if b not in before and b.windowTitle() == "Warning"]
    print(f"900 kernels: {len(boxes)} warning box(es)")
    boxes[0].show()
    _save(boxes[0], "one-warning-box.png")
    boxes[0].close()
    _close(window)

    # 3. Expectation: starts empty; the verdict in words next to each model
    window = _window(["--text", fixtures / "series" / "mpi_collectives.txt"])
    gui_helpers.select_modeler(window, "Expectation")
    panel = _expand(window)
    _save(window, "expectation-options.png")
    card = _tooltip_card(panel.options.widgets_of("deviation")[-1].toolTip())  # the words of --help-modeler
    _save(card, "expectation-option-tooltip.png")
    card.close()
    panel.options.widgets_of("expectation")[-1].setText("O(log p)")
    gui_helpers.generate(window, "Expectation", "Expectation O(log p)")
    gui_helpers.select_callpath(window)
    _save(window, "expectation-verdicts.png")
    card = _tooltip_card(gui_helpers.tooltip_of_annotations(window))
    _save(card, "expectation-tooltip.png")
    card.close()
    dialog = open_kernel_plot(window)  # MPI_Barrier: grows faster than the band allows
    _save(dialog, "expectation-plot.png")
    dialog.close()
    _close(window)

    # 4. Clustered on the stencil fixture with its rules file: the class badge and the tooltip
    from PySide6.QtWidgets import QMessageBox
    from extrap.gui.StrongScalingConversionDialog import StrongScalingConversionDialog
    # keep weak scaling instead of asking (the stencil's mean time falls with p in places)
    StrongScalingConversionDialog.pose_question_for_readers_with_scaling_conversion = staticmethod(
        lambda parent: QMessageBox.StandardButton.No)
    window = _window(["--cube-ranks", fixtures / "cube" / "stencil2d-ps"])
    gui_helpers.select_modeler(window, "Clustered")
    panel = _expand(window)
    panel.options.widgets_of("rules_file")[-1].setText(str(fixtures / "rules" / "stencil2d.toml"))
    gui_helpers.generate(window, "Clustered", "Clustered (rules)")
    gui_helpers.select_callpath(window)
    _save(window, "clustered-window.png")
    card = _tooltip_card(gui_helpers.tooltip_of_annotations(window))
    _save(card, "clustered-tooltip.png")
    card.close()

    # 5. Two parameters: one curve per value of the other parameter (Clustered: per class too)
    gui_helpers.select_kernel(window, "main->timestep->halo_exchange")
    dialog = open_kernel_plot(window)
    _save(dialog, "plot-clustered-two-parameters.png")
    dialog.close()
    gui_helpers.generate(window, "Default", "Default")
    gui_helpers.select_kernel(window, "main->timestep->halo_exchange")
    dialog = open_kernel_plot(window)
    dialog.x_parameter.setCurrentIndex(1)  # s on the x axis, one curve per p
    _save(dialog, "plot-default-two-parameters.png")
    dialog.close()
    _close(window)

    # 6. Per-rank data of one parameter: Default, Segmented-Classic and Clustered on MPI_Gather
    window = _window(["--cube-ranks", fixtures / "cube" / "gather-switch-p"])
    for modeler, name in (("Default", "plot-default.png"), ("Segmented", "plot-segmented-gather.png"),
                          ("Clustered", "plot-clustered-gather.png")):
        gui_helpers.generate(window, modeler, modeler)
        gui_helpers.select_kernel(window, "main->iteration->MPI_Gather")
        dialog = open_kernel_plot(window)
        _save(dialog, name)
        dialog.close()
    _close(window)
    window = _window(["--text", gui_helpers.write_segmented_experiment(work / "segmented.txt")])
    gui_helpers.generate(window, "Segmented-Classic", "Segmented-Classic")
    gui_helpers.select_callpath(window)
    dialog = open_kernel_plot(window)
    _save(dialog, "plot-segmented-classic.png")
    dialog.close()

    # 7. The per-rank import dialog: the reader's limits and units; a value it does not accept
    from extrap.fileio.file_reader import all_readers
    from extrap_segmented.adapters.gui.import_dialog import ReaderImportDialog
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    dialog = ReaderImportDialog(window, all_readers["cube_ranks"](), str(fixtures / "cube" / "gather-switch-p"))
    dialog.show()
    _save(dialog, "rank-import-dialog.png")
    elements = dialog.options_widget.limits["anchor_element_limit"][1]
    elements.lineEdit().selectAll()
    QTest.keyClick(elements.lineEdit(), Qt.Key.Key_Backspace)
    QTest.keyClicks(elements.lineEdit(), "0")
    _save(dialog, "rank-import-rejected.png")
    QTest.keyClick(elements.lineEdit(), Qt.Key.Key_Backspace)
    QTest.keyClicks(elements.lineEdit(), "50")  # accepted, but every anchor here is larger
    dialog.accept()
    _save(dialog, "rank-import-not-loaded.png")
    dialog.reject()
    _close(window)


def _expand(window):
    container = window.modeler_widget._options_container
    toggle = container.findChild(type(container._toggle), "expanderToggle")
    if toggle.isChecked():
        toggle.click()
    _settle()
    return container.content()


if __name__ == "__main__":
    main()
    from joblib.externals.loky import get_reusable_executor
    get_reusable_executor().shutdown(wait=True)  # idle workers would hold stdout open for 300 s
    sys.stdout.flush()
    os._exit(0)  # Qt's offscreen platform may crash while tearing down at exit
