"""The paper's detection (``mode="paper"``): Ilyas et al.'s nRSS windows.

Windows of ``window`` points are fitted with Extra-P's search (the ``window_cost``, by default
Extra-P's nRSS of the hypothesis its default modeler selects); a window is heterogeneous when
its nRSS ≥ ``nrss_band[0]`` or its ε = e_{i+1}/(e_i + η) exceeds ``epsilon_limit`` (ε only for
nRSS inside ``nrss_band``); the series part is segmented if max nRSS > ``theta`` or some ε in
the band exceeds the limit. The run of heterogeneous windows locates the change.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from extrap_segmented.options import check_options
from extrap_segmented.segmentation.costs import SegmentCost, resolve_cost
from extrap_segmented.segmentation.options import PAPER
from extrap_segmented.segmentation.window import Split, WindowSearch


class PaperWindowSearch(WindowSearch):
    """The paper's nRSS-window detection (see the module docstring).

    Args:
        theta: nRSS above which a series part is segmented; default 0.5.
        nrss_band: (low, high) band in which the ε criterion applies; ``low`` also tags windows
            as heterogeneous; default (0.1, 0.5); 0 ≤ low ≤ high.
        epsilon_limit: ε above which a window is heterogeneous; default 4.
        eta: η added to the denominator of ε; default 1e-16.
        search_options: keyword options (thresholds) of
            `extrap_segmented.pmnf.search.search_subsets` for the ``"nrss"`` window cost;
            default its defaults.
        window_cost: per-window error: a name (default ``"nrss"``: Extra-P's nRSS, built with
            ``exponents`` and ``search_options``) or an instance with ``fit``/``errors``.
        window, max_change_points, min_segment_size, min_points, cost, exponents: see
            :class:`~extrap_segmented.segmentation.window.WindowSearch`.

    Fitted attributes besides :class:`WindowSearch`'s: ``window_cost_``.
    """

    def __init__(self, *, window: int = 5, max_change_points: int = 2, min_segment_size: int = 3,
                 min_points: int = 6, cost: str | SegmentCost = "relative", exponents: ArrayLike | None = None,
                 theta: float = 0.5, nrss_band: tuple[float, float] = (0.1, 0.5), epsilon_limit: float = 4.0,
                 eta: float = 1e-16, search_options: dict[str, Any] | None = None,
                 window_cost: str | SegmentCost = "nrss"):
        super().__init__(window=window, max_change_points=max_change_points, min_segment_size=min_segment_size,
                         min_points=min_points, cost=cost, exponents=exponents)
        self.theta = theta
        self.nrss_band = nrss_band
        self.epsilon_limit = epsilon_limit
        self.eta = eta
        self.search_options = search_options
        self.window_cost = window_cost

    def _validate_parameters(self) -> None:
        super()._validate_parameters()
        check_options(self, PAPER)

    def _fit_detection(self) -> None:
        by_nrss_name = isinstance(self.window_cost, str) and self.window_cost == "nrss"
        options = {"search_options": self.search_options} if by_nrss_name else {}
        cost = resolve_cost(self.window_cost, "window_cost", exponents=self.exponents, **options)
        self.window_cost_ = cost.fit(self.x_, self.y_)

    def _decide(self, lo: int, hi: int, starts: np.ndarray, one: float, two: np.ndarray,
                window_cost: np.ndarray) -> tuple[bool, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        errors = self.window_cost_.errors(starts, starts + int(self.window))
        segmented, tags, epsilon = paper_decision(errors, self.theta, self.nrss_band, self.epsilon_limit, self.eta)
        return segmented, errors, tags, epsilon, {}

    def _pattern_decides(self) -> bool:
        return True

    def _candidates_without_pattern(self, tags: np.ndarray, starts: np.ndarray, candidates: list[Split],
                                    indices: np.ndarray) -> np.ndarray:
        if not tags.any():
            return indices
        first, last = np.flatnonzero(tags)[[0, -1]]
        lo_b, hi_b = starts[first] + 1, starts[last] + int(self.window) - 1
        near = [i for i, (cb, _) in enumerate(candidates) if lo_b <= cb <= hi_b]
        return np.array(near) if near else indices


def paper_decision(errors: ArrayLike, theta: float = 0.5, nrss_band: tuple[float, float] = (0.1, 0.5),
                   epsilon_limit: float = 4.0, eta: float = 1e-16) -> tuple[bool, np.ndarray, np.ndarray]:
    """The paper's window classification.

    Args:
        errors: nRSS per window (NaN allowed: treated as 0).
        theta, nrss_band, epsilon_limit, eta: as for :class:`PaperWindowSearch`.

    Returns:
        (segmented, tags, epsilon): tags True for heterogeneous windows; ``epsilon[i]`` is
        ``e_i / (e_{i-1} + eta)`` (``-inf`` for the first window).
    """
    e = np.nan_to_num(np.asarray(errors, dtype=float), nan=0.0)
    low, high = nrss_band
    epsilon = np.full(len(e), -np.inf)
    epsilon[1:] = e[1:] / (e[:-1] + eta)
    in_band = (e >= low) & (e <= high)
    jump = in_band & (epsilon > epsilon_limit)
    segmented = bool(len(e) and (e.max() > theta or jump.any()))
    tags = (e >= low) | jump
    return segmented, tags, epsilon
