"""Extra-P's main window in the test process, for pytest-qt (fixtures imported by the GUI tests).

Qt runs offscreen unless QT_QPA_PLATFORM is set (``.ci/run`` also runs these tests under Xvfb with
``QT_QPA_PLATFORM=xcb``). Extra-P's GUI replaces ``sys.excepthook``, ``warnings.showwarning`` and
the warning filters of the process; they are restored after each test.
"""
from __future__ import annotations

import logging
import os
import sys
import warnings
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

#: Two behaviours in one kernel: linear up to p = 64, quadratic from p = 96 (shared by the tests
#: and scripts/gui_screenshots.py).
SEGMENTED_POINTS = (8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024)


def segmented_time(p: float) -> float:
    return 2.0 + 0.05 * p if p <= 64 else 0.0004 * p ** 2


def write_segmented_experiment(path: Path) -> Path:
    lines = ["PARAMETER p", "POINTS " + " ".join(map(str, SEGMENTED_POINTS)), "",
             "REGION solver", "METRIC time"]
    for p in SEGMENTED_POINTS:
        lines.append("DATA " + " ".join(f"{segmented_time(p) * (1 + d):.6g}" for d in (-0.01, 0.0, 0.01)))
    path.write_text("\n".join(lines) + "\n")
    return path


#: A short first segment (p = 8, 16, 32): the CLI suggests measuring next at p = 11 and p = 23.
SHORT_SEGMENT_POINTS = (8, 16, 32, 64, 96, 128, 192, 256, 512, 1024)


def short_segment_time(p: float) -> float:
    return 2.0 + 0.05 * p if p <= 32 else 3.0 + 0.0004 * p ** 2


def write_experiment(path: Path, points, time) -> Path:
    lines = ["PARAMETER p", "POINTS " + " ".join(map(str, points)), "", "REGION solver", "METRIC time"]
    for p in points:
        lines.append("DATA " + " ".join(f"{time(p) * (1 + d):.6g}" for d in (-0.01, 0.0, 0.01)))
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.fixture
def short_segment_experiment(tmp_path) -> Path:
    return write_experiment(tmp_path / "short_segment.txt", SHORT_SEGMENT_POINTS, short_segment_time)


def tooltip_of_annotations(window, row: int = 0) -> str:
    """What the call tree shows when hovering the annotation icons of ``row``."""
    from PySide6.QtCore import Qt
    model = window.selector_widget.tree_model
    return model.data(model.index(row, 2), Qt.ItemDataRole.ToolTipRole) or ""


def icon_glyph_height(svg: str, row_height: int = 16) -> int:
    """Height in pixels of the white text of an annotation icon drawn as Extra-P draws it (scaled
    to the row height)."""
    from PySide6.QtCore import QByteArray, QRectF
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer
    renderer = QSvgRenderer(QByteArray(svg.encode()))
    size = renderer.defaultSize()
    width = round(size.width() * row_height / size.height())
    image = QImage(width, row_height, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    renderer.render(painter, QRectF(0, 0, width, row_height))
    painter.end()
    rows = [y for y in range(row_height) for x in range(width)
            if image.pixelColor(x, y).lightness() > 200 and image.pixelColor(x, y).alpha() > 200]
    return (max(rows) - min(rows) + 1) if rows else 0


@pytest.fixture
def segmented_experiment(tmp_path) -> Path:
    return write_segmented_experiment(tmp_path / "segmented.txt")


@pytest.fixture
def extrap_window(qtbot):
    """``open(args)``: Extra-P's main window, 1366×768, with the given command-line arguments."""
    saved = sys.excepthook, warnings.showwarning, list(warnings.filters), list(logging.getLogger().handlers)
    windows = []

    def open_window(args):
        from extrap.extrap import extrapgui
        from extrap_segmented.adapters.gui import install
        window, _ = extrapgui.main(args=list(map(str, args)), test=True)
        install()  # registration installs it when the GUI is imported first; earlier tests may have read the registries
        window.resize(1366, 768)
        windows.append(window)
        qtbot.waitExposed(window)
        return window

    yield open_window
    sys.excepthook, warnings.showwarning = saved[0], saved[1]
    from PySide6.QtWidgets import QMessageBox
    for window in windows:
        for box in window.findChildren(QMessageBox):
            # Extra-P's handler forgets a box on destruction from a list test mode never fills
            box.destroyed.disconnect()
        # Extra-P asks "Are you sure to quit?" (a modal box) when a file is open: not in a test
        window.setWindowFilePath("")
        window.close()
        window.deleteLater()
    qtbot.wait(1)
    warnings.filters[:] = saved[2]
    logging.getLogger().handlers[:] = saved[3]


def select_modeler(window, name: str):
    widget = window.modeler_widget
    index = widget._model_selector.findText(name)
    assert index >= 0, f"{name} not offered"
    widget._model_selector.setCurrentIndex(index)
    return widget


def expand_options(qtbot, window, *, all_sections: bool = False):
    """Opens Extra-P's "Advanced options" (and every section of our panel); returns the panel."""
    container = window.modeler_widget._options_container
    toggle = container.findChild(type(container._toggle), "expanderToggle")
    if toggle.isChecked():  # checked = closed
        toggle.click()
    panel = container.content()
    if all_sections:
        for section in panel.options.sections.values():
            section.set_expanded(True)
    for _ in range(3):
        qtbot.wait(10)
    return panel


def generate(window, modeler: str, name: str):
    widget = select_modeler(window, modeler)
    widget.model_name_edit.setText(name)
    widget.remodel()
    selector = window.selector_widget
    selector.model_selector.setCurrentIndex(selector.model_selector.findText(name))


def select_callpath(window, row: int = 0):
    tree = window.selector_widget.tree_view
    tree.setCurrentIndex(tree.model().index(row, 0))


def select_kernel(window, path: str):
    """Selects the call path ``path`` (e.g. ``main->iteration->MPI_Gather``) in the call tree."""
    tree = window.selector_widget.tree_view
    model = tree.model()

    def find(parent):
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            node = index.internalPointer().data()  # Extra-P's call-tree node
            if str(node.path) == path:
                return index
            found = find(index)
            if found is not None:
                return found
        return None
    index = find(tree.rootIndex())
    assert index is not None, f"{path} not in the call tree"
    tree.setCurrentIndex(index)
    return index


def drawn_texts(figure) -> dict:
    """Window extents (pixels) of the texts of a drawn kernel plot, by kind, after drawing it as
    the window shows it: 'xticks', 'yticks' (visible labels), 'title' (the axes' and the
    figure's), 'xlabel', 'ylabel',
    'change' (change-point labels), 'legend', and 'axes' (the plotting area)."""
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    axes = figure.axes[0]

    def extents(texts):
        return [t.get_window_extent(renderer) for t in texts if t.get_visible() and t.get_text()]

    def shown(labels, interval, coordinate):  # matplotlib lists labels of ticks beyond the view, not drawn
        low, high = sorted(interval)
        span = (high - low) * 1e-9
        return [t for t in labels if low - span <= t.get_position()[coordinate] <= high + span]
    legends = figure.legends or ([axes.get_legend()] if axes.get_legend() else [])
    return {"xticks": extents(shown(axes.get_xticklabels(), axes.get_xlim(), 0)),
            "yticks": extents(shown(axes.get_yticklabels(), axes.get_ylim(), 1)),
            "title": extents([axes.title] + list(figure.texts)), "xlabel": extents([axes.xaxis.label]),
            "ylabel": extents([axes.yaxis.label]),
            "change": extents([t for t in axes.texts if (t.get_gid() or "").startswith("change-label-")]),
            "legend": [legend.get_window_extent(renderer) for legend in legends],
            "axes": [axes.get_window_extent(renderer)]}


def overlapping_texts(figure) -> list[str]:
    """Pairs of texts of a drawn kernel plot that overprint each other (empty: none), and texts
    that leave the figure; change-point labels must stay inside the plotting area and the legend
    outside it."""
    boxes = drawn_texts(figure)
    found = []
    labelled = [(kind, i, box) for kind in ("xticks", "yticks", "title", "xlabel", "ylabel", "change", "legend")
                for i, box in enumerate(boxes[kind])]
    for a in range(len(labelled)):
        for b in range(a + 1, len(labelled)):
            (kind_a, i, box_a), (kind_b, j, box_b) = labelled[a], labelled[b]
            if box_a.overlaps(box_b):
                found.append(f"{kind_a}[{i}] overlaps {kind_b}[{j}]: {box_a.bounds} / {box_b.bounds}")
    width, height = figure.canvas.get_width_height()
    for kind, i, box in labelled:
        if box.x0 < -1 or box.y0 < -1 or box.x1 > width + 1 or box.y1 > height + 1:
            found.append(f"{kind}[{i}] leaves the figure: {box.bounds}")
    area = boxes["axes"][0]
    for i, box in enumerate(boxes["change"]):
        if not (area.x0 <= box.x0 and box.x1 <= area.x1 and area.y0 <= box.y0 and box.y1 <= area.y1):
            found.append(f"change[{i}] leaves the plotting area: {box.bounds} / {area.bounds}")
    for i, box in enumerate(boxes["legend"]):
        if box.overlaps(area):
            found.append(f"legend[{i}] covers the plotting area")
    return found
