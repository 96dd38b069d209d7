"""The call tree's annotations column sized to our icons.

Extra-P's column is about 22 px wide, which cuts the Expectation badge (symbol and verdict in
words) down to a sliver. Whenever a model is selected, the column is fitted to what it shows
(Extra-P's annotation delegate reports each row's icon width).
"""
from __future__ import annotations

from PySide6.QtCore import QTimer

ANNOTATIONS_COLUMN = 2
#: Marks a selector widget whose column is already kept fitted (one connection per window).
_FITTED = "extrap_segmented_fits_annotations"


def keep_annotations_column_fitted(main_widget) -> None:
    """Fits the annotations column of ``main_widget``'s call tree after every model change."""
    selector = getattr(main_widget, "selector_widget", None)
    if selector is None or selector.property(_FITTED):
        return
    selector.setProperty(_FITTED, True)

    def fit(*_):
        # after Extra-P has refreshed the tree for the new model
        QTimer.singleShot(0, lambda: selector.tree_view.resizeColumnToContents(ANNOTATIONS_COLUMN))
    selector.model_selector.currentIndexChanged.connect(fit)
