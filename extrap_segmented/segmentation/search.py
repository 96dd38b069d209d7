"""``ChangePointSearch``: the public entry point that builds the detection of a mode.

Three detections share the interface (and validation) of
:class:`~extrap_segmented.segmentation.window.WindowSearch` (index convention there):

* ``mode="trend"`` (the modeler's default): :class:`~extrap_segmented.segmentation.trend.TrendBreakSearch`,
  breaks in level or trend of log y against log x, judged against each point's robust noise,
  all changes at once (dynamic programming), each checked against the best smooth function;
  without a noise measurement it is the significance test;
* ``mode="test"`` (this factory's default, as in v0.1): :class:`~extrap_segmented.segmentation.significance.SignificanceSearch`,
  relative one- vs two-segment fits with an F test, checked against the best smooth single
  function;
* ``mode="paper"``: :class:`~extrap_segmented.segmentation.paper.PaperWindowSearch`, Ilyas et
  al.'s nRSS windows.

``ChangePointSearch(mode=..., **options)`` returns an unfitted instance of that class with those
options (each class accepts only its own); use the classes directly where the mode is fixed.
"""
from __future__ import annotations

from typing import Any

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.segmentation.paper import PaperWindowSearch
from extrap_segmented.segmentation.significance import SignificanceSearch
from extrap_segmented.segmentation.trend import TrendBreakSearch
from extrap_segmented.segmentation.window import WindowSearch

MODES: dict[str, type[WindowSearch]] = {"trend": TrendBreakSearch, "test": SignificanceSearch,
                                        "paper": PaperWindowSearch}
"""The detection class of each mode."""


def ChangePointSearch(mode: str = "test", **options: Any) -> WindowSearch:  # noqa: N802 (v0.1 class name)
    """Builds the change-point search of ``mode`` (the v0.1 API, kept for its callers).

    A factory rather than a class, so the detection classes take only their own options and
    no ``mode`` that could contradict them; the result is a :class:`WindowSearch` (``fit``,
    ``predict``, ``segments``).

    Args:
        mode: ``"test"`` (default, as in v0.1; the modeler's default is ``"trend"``), ``"trend"`` or
            ``"paper"``, a key of :data:`MODES`.
        options: keyword options of that mode's class (see
            :class:`~extrap_segmented.segmentation.significance.SignificanceSearch` and
            :class:`~extrap_segmented.segmentation.paper.PaperWindowSearch`); validated in ``fit``.

    Returns:
        The unfitted detection.

    Raises:
        InvalidInputError: unknown mode (the message lists the valid ones).
        TypeError: an option the mode's class does not take.
    """
    try:
        cls = MODES[mode]
    except (KeyError, TypeError):
        raise InvalidInputError(f"mode must be one of {', '.join(MODES)}, got {mode!r}") from None
    return cls(**options)
