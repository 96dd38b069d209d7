"""Detects and locates changes of behaviour in a short measurement series: the shared machinery.

Index convention (ruptures-like): the series is sorted by x; ``predict`` returns sorted
breakpoints ``[b_1, …, b_k, n]``; segment ``i`` is ``[b_{i-1}, b_i)`` (``b_0 = 0``). When
``shared_[i]`` is True the change happens *at* a measured point, ``b_i - 1``, which then also
starts segment ``i + 1``; otherwise it lies between points ``b_i - 1`` and ``b_i``.

:class:`ChangePointSearch` holds what both detections share: validation, binary segmentation
(up to ``max_change_points`` changes), sliding windows of ``window`` points, the admissible
splits, the cost of one segment against two (an injected segment cost, ``cost=``, a name of
:data:`~extrap_segmented.segmentation.costs.COSTS` or an instance) and locating the change.
Whether a part of the series is segmented is decided by a subclass:

* :class:`~extrap_segmented.segmentation.significance.SignificanceSearch` (``mode="test"``, the
  default): relative one- vs two-segment fits with an F test, checked against the best smooth
  single function;
* :class:`~extrap_segmented.segmentation.paper.PaperWindowSearch` (``mode="paper"``): Ilyas et
  al.'s nRSS windows.

``ChangePointSearch(mode=..., **options)`` builds the detection of that mode (each takes only
its own options).
"""
from __future__ import annotations

import numpy as np

from extrap_segmented.exceptions import InvalidInputError, NotFittedError
from extrap_segmented.segmentation.costs import make_cost

MODES = ("test", "paper")


class ChangePointSearch:
    """Change-point search (``fit``/``predict``); keyword parameters only, validated in ``fit``.

    Args:
        mode: ``"test"`` or ``"paper"``: which detection ``ChangePointSearch(...)`` builds.
        window: points per sliding window (paper: 5).
        max_change_points: most change points (binary segmentation).
        min_segment_size: fewest points per segment considered when splitting.
        min_points: fewest points to look for a change at all (the paper needs 6).
        cost: segment cost comparing one segment with two and locating the change: a name of
            :data:`~extrap_segmented.segmentation.costs.COSTS` (built with ``exponents``) or an
            object with ``fit(x, y)`` and ``errors(starts, stops)``.
        exponents: (K, 2) PMNF term set (default Extra-P's default search space).
    """

    MODE = None

    def __new__(cls, *args, mode=None, **kwargs):
        if cls is ChangePointSearch:
            cls = _search_class(mode if mode is not None else "test")
        return super().__new__(cls)

    def __init__(self, *, mode=None, window=5, max_change_points=2, min_segment_size=3, min_points=6,
                 cost="relative", exponents=None):
        self.mode = self.MODE if mode is None else mode
        self.window = window
        self.max_change_points = max_change_points
        self.min_segment_size = min_segment_size
        self.min_points = min_points
        self.cost = cost
        self.exponents = exponents

    def fit(self, x, y, noise=None) -> "ChangePointSearch":
        """Searches the series for change points.

        Args:
            x: parameter values (any order, distinct).
            y: values, finite.
            noise: optional relative standard deviation of each value (e.g. from repetitions:
                std / mean / sqrt(repetitions)), same length as x.

        Returns:
            self, with ``order_`` (sorting permutation), ``x_``, ``y_`` (sorted),
            ``breakpoints_``, ``shared_``, ``segmented_``, ``too_few_points_``,
            ``window_errors_``, ``window_tags_``, ``epsilon_``, ``statistics_`` (one dict per
            examined series part ``lo``…``hi``, with the detection's statistics).

        Raises:
            InvalidInputError: bad parameters, shapes, non-finite values or repeated x.
        """
        self._validate_parameters()
        x = np.asarray(x, dtype=float)
        y = np.asarray(y, dtype=float)
        if x.ndim != 1 or x.shape != y.shape:
            raise InvalidInputError(f"x and y must be 1-D and equally long, got shapes {x.shape} and {y.shape}")
        bad = ~(np.isfinite(x) & np.isfinite(y))
        if bad.any():
            i = int(np.argmax(bad))
            raise InvalidInputError(f"values must be finite; point {i} is (x={x[i]!r}, y={y[i]!r})")
        self.order_ = np.argsort(x, kind="stable")
        self.x_, self.y_ = x[self.order_], y[self.order_]
        if np.any(np.diff(self.x_) == 0):
            raise InvalidInputError(f"parameter values must be distinct, got {self.x_.tolist()}")
        rel_noise = None
        if noise is not None:
            rel_noise = np.asarray(noise, dtype=float)
            if rel_noise.shape != x.shape:
                raise InvalidInputError(f"noise needs one entry per point ({x.shape}), got shape {rel_noise.shape}")
            rel_noise = rel_noise[self.order_]
        self.noise_ = rel_noise

        n = len(self.x_)
        self.too_few_points_ = n < self.min_points
        self.window_errors_ = np.array([])
        self.window_tags_ = np.zeros(0, dtype=bool)
        self.epsilon_ = np.array([])
        self.statistics_ = []
        breaks = []  # (breakpoint, shared)
        if not self.too_few_points_:
            self.cost_ = _fitted(self.cost, self.exponents, self.x_, self.y_)
            self._fit_detection()
            pending = [(0, n)]
            first = True
            while pending and len(breaks) < self.max_change_points:
                lo, hi = pending.pop(0)
                if hi - lo < self.min_points:
                    continue
                found = self._detect(lo, hi, record_windows=first)
                first = False
                if found is None:
                    continue
                b, shared = found
                breaks.append((b, shared))
                pending += [(lo, b), (b - shared, hi)]
        breaks.sort()
        self.breakpoints_ = [b for b, _ in breaks] + [n]
        self.shared_ = [s for _, s in breaks]
        self.segmented_ = bool(breaks)
        return self

    def predict(self) -> list[int]:
        """Returns the breakpoints ``[b_1, …, n]`` (see the module's index convention)."""
        if not hasattr(self, "breakpoints_"):
            raise NotFittedError(f"{type(self).__name__}.predict called before fit")
        return list(self.breakpoints_)

    def segments(self) -> list[tuple[int, int]]:
        """Returns ``[(start, stop), …]`` index ranges of the segments, shared points included."""
        bounds = self.predict()
        result, start = [], 0
        for i, stop in enumerate(bounds):
            result.append((start, stop))
            if i < len(self.shared_):
                start = stop - 1 if self.shared_[i] else stop
        return result

    # -- for the detections --------------------------------------------------------------------

    def _fit_detection(self) -> None:
        """Fits what the detection needs besides ``cost_`` (called once per ``fit``)."""

    def _decide(self, lo, hi, starts, one, two, window_cost):
        """Decides whether ``[lo, hi)`` is segmented.

        Returns:
            ``(segmented, window_errors, window_tags, epsilon, statistics)``.
        """
        raise NotImplementedError

    def _validate_parameters(self) -> None:
        if self.mode not in MODES:
            raise InvalidInputError(f"mode must be one of {', '.join(MODES)}, got {self.mode!r}")
        if self.mode != self.MODE:
            raise InvalidInputError(f"{type(self).__name__} is the {self.MODE!r} mode, got mode={self.mode!r}")
        if int(self.window) != self.window or self.window < 3:
            raise InvalidInputError(f"window must be an integer ≥ 3, got {self.window!r}")
        if self.max_change_points < 0:
            raise InvalidInputError(f"max_change_points must be ≥ 0, got {self.max_change_points!r}")
        if self.min_segment_size < 2:
            raise InvalidInputError(f"min_segment_size must be ≥ 2, got {self.min_segment_size!r}")
        if self.min_points < 2 * self.min_segment_size:
            raise InvalidInputError(f"min_points ({self.min_points}) must be ≥ 2 × min_segment_size "
                                    f"({self.min_segment_size})")

    # -- shared machinery ----------------------------------------------------------------------

    def _detect(self, lo, hi, record_windows):
        """Looks for one change in ``[lo, hi)``; returns (breakpoint, shared) or None."""
        w = int(self.window)
        n = hi - lo
        starts = np.arange(lo, hi - w + 1) if n >= w else np.zeros(0, dtype=int)
        candidates = _split_candidates(lo, hi, self.min_segment_size)
        left = [(lo, b) for b, _ in candidates]
        right = [(b - s, hi) for b, s in candidates]
        bounds = [(lo, hi)] + left + right + [(s, s + w) for s in starts]
        costs = self.cost_.errors([a for a, _ in bounds], [b for _, b in bounds])
        k = len(candidates)
        one, two = costs[0], costs[1:1 + k] + costs[1 + k:1 + 2 * k]
        window_cost = costs[1 + 2 * k:]
        segmented, errors, tags, epsilon, stats = self._decide(lo, hi, starts, one, two, window_cost)
        stats.update(lo=lo, hi=hi)
        self.statistics_.append(stats)
        if record_windows:
            self.window_errors_, self.window_tags_, self.epsilon_ = errors, tags, epsilon
        if not segmented:
            return None
        return self._locate(tags, starts, candidates, two)

    def _locate(self, tags, starts, candidates, two):
        """Pattern location when clean, else (or to break near-ties) the best split near it."""
        pattern = locate_from_pattern(tags, int(self.window))
        indices = np.arange(len(candidates))
        if pattern is not None:
            point, shared = pattern
            b = int(starts[0]) + point + 1 if shared else int(starts[0]) + point
            near = [i for i, (cb, cs) in enumerate(candidates) if abs(cb - b) <= 1]
            exact = [i for i, c in enumerate(candidates) if c == (b, shared)]
            if exact and self._pattern_decides():
                return candidates[exact[0]]
            if near:
                indices = np.array(near)
            if exact:
                best = indices[np.argmin(two[indices])]
                # the pattern's own reading wins ties (e.g. a point shared by both behaviours)
                if two[exact[0]] <= two[best] * (1 + 1e-9) + 1e-300:
                    return candidates[exact[0]]
        else:
            indices = self._candidates_without_pattern(tags, starts, candidates, indices)
        best = indices[np.argmin(two[indices])]
        return candidates[int(best)]

    def _pattern_decides(self) -> bool:
        """True if a clean window pattern locates the change by itself (no cost comparison)."""
        return False

    def _candidates_without_pattern(self, tags, starts, candidates, indices):
        """Candidate splits (indices) to compare when the windows show no clean pattern."""
        return indices


def _search_class(mode):
    from extrap_segmented.segmentation.paper import PaperWindowSearch
    from extrap_segmented.segmentation.significance import SignificanceSearch
    classes = {"test": SignificanceSearch, "paper": PaperWindowSearch}
    try:
        return classes[mode]
    except (KeyError, TypeError):
        raise InvalidInputError(f"mode must be one of {', '.join(MODES)}, got {mode!r}") from None


def _fitted(cost, exponents, x, y):
    """The segment cost ``cost`` (a name or an instance), fitted to the sorted series."""
    if isinstance(cost, str):
        cost = make_cost(cost, exponents=exponents)
    if not (hasattr(cost, "fit") and hasattr(cost, "errors")):
        raise InvalidInputError(f"cost must be a cost name or an object with fit and errors, got {cost!r}")
    return cost.fit(x, y)


def locate_from_pattern(tags, window=5):
    """Reads the change from a single run of ``window - 2`` or ``window - 1`` heterogeneous windows.

    Returns:
        ``(index, shared)`` relative to the first window's first point: ``shared`` True means
        the change is the measured point ``index``; False means it lies between ``index - 1``
        and ``index``. None when the pattern is not such a single run (ambiguous).
    """
    tags = np.asarray(tags, dtype=bool)
    ones = np.flatnonzero(tags)
    if len(ones) == 0 or ones[-1] - ones[0] + 1 != len(ones) or len(ones) not in (window - 2, window - 1):
        return None
    second = ones[0] + 1
    if len(ones) == window - 2:
        return second + window // 2, True
    return second + window // 2 + 1, False


def _split_candidates(lo, hi, min_size):
    """Admissible (breakpoint, shared) pairs of ``[lo, hi)`` with ≥ ``min_size`` points per side."""
    result = []
    for b in range(lo + min_size, hi - min_size + 1):
        result.append((b, False))
    for b in range(lo + min_size, hi - min_size + 2):
        result.append((b, True))
    return sorted(result)
