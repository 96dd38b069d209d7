"""The machinery both change-point detections share: windows, binary segmentation, locating.

Index convention (ruptures-like): the series is sorted by x; ``predict`` returns sorted
breakpoints ``[b_1, …, b_k, n]``; segment ``i`` is ``[b_{i-1}, b_i)`` (``b_0 = 0``). When
``shared_[i]`` is True the change happens *at* a measured point, ``b_i - 1``, which then also
starts segment ``i + 1``; otherwise it lies between points ``b_i - 1`` and ``b_i``.

:class:`WindowSearch` validates the input, runs binary segmentation (up to
``max_change_points`` changes, each part of ≥ ``min_points`` points searched once), slides
windows of ``window`` points over the part, prices one segment against two with the injected
segment cost (``cost=``: a name of :data:`~extrap_segmented.segmentation.costs.COSTS` or an
instance with ``fit``/``errors``) and locates the change from the run of heterogeneous windows.
Whether a part is segmented is decided by a subclass:
:class:`~extrap_segmented.segmentation.significance.SignificanceSearch` (``mode="test"``) or
:class:`~extrap_segmented.segmentation.paper.PaperWindowSearch` (``mode="paper"``).
"""
from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from extrap_segmented.exceptions import InvalidInputError, NotFittedError
from extrap_segmented.options import check_options
from extrap_segmented.segmentation.costs import RelativeFitCost, SegmentCost, resolve_cost
from extrap_segmented.segmentation.options import WINDOW, WINDOW_RELATIONS

Split = tuple[int, bool]
"""A candidate change: ``(breakpoint, shared)`` in the module's index convention."""


class WindowSearch(ABC):
    """Change-point search (``fit``/``predict``) on windows and binary segmentation.

    sklearn conventions: the constructor only stores its keyword parameters, ``fit`` validates
    them, starts from scratch and returns self; fitted attributes end with ``_``.

    Args:
        window: points per sliding window (paper: 5); ≥ 3.
        max_change_points: most change points (binary segmentation); ≥ 0.
        min_segment_size: fewest points per segment considered when splitting; ≥ 2.
        min_points: fewest points to look for a change at all (the paper needs 6), also the
            fewest a part needs to be searched again; ≥ 2 × ``min_segment_size``.
        cost: segment cost comparing one segment with two and locating the change: a name of
            :data:`~extrap_segmented.segmentation.costs.COSTS` (built with ``exponents``) or an
            object with ``fit(x, y)`` and ``errors(starts, stops)``.
        exponents: (K, 2) PMNF term set of the costs built by name (default Extra-P's default
            search space).
    """

    def __init__(self, *, window: int = 5, max_change_points: int = 2, min_segment_size: int = 3,
                 min_points: int = 6, cost: str | SegmentCost = "relative", exponents: ArrayLike | None = None):
        self.window = window
        self.max_change_points = max_change_points
        self.min_segment_size = min_segment_size
        self.min_points = min_points
        self.cost = cost
        self.exponents = exponents

    def fit(self, x: ArrayLike, y: ArrayLike, noise: ArrayLike | None = None,
            repetitions: ArrayLike | None = None, quantum: float | None = None,
            first_errors: ArrayLike | None = None) -> WindowSearch:
        """Searches the series for change points.

        Args:
            x: parameter values (any order, distinct).
            y: values, finite.
            noise: optional relative standard deviation of each value (e.g. from repetitions:
                std / mean / sqrt(repetitions), see
                :func:`~extrap_segmented.segmentation.noise.repetition_noise`), same length as x.
            repetitions: optional number of repetitions behind each value's ``noise`` (a scalar
                or one per point); None takes ``noise`` as exactly known.
            quantum: quantisation step of the values (e.g. 1 for event counts); None detects
                it (1 when all values are integers, else 0); 0 for none.
            first_errors: the segment costs of the whole series' first detection (the segments of
                :meth:`first_bounds`), computed for many series at once
                (``RelativeFitCost.errors_many``); None computes them here.

        Returns:
            self, with ``order_`` (sorting permutation), ``x_``, ``y_`` (sorted), ``noise_``
            (sorted, or None), ``breakpoints_``, ``shared_``, ``segmented_``, ``too_few_points_``,
            ``repetitions_`` (sorted, or None), ``quantum_``,
            ``cost_`` (the fitted segment cost; None with too few points), ``window_errors_``,
            ``window_tags_``, ``epsilon_`` (of the whole series' windows), ``statistics_`` (one
            dict per examined series part ``lo``…``hi``, with the detection's statistics).

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
        self.noise_ = None
        if noise is not None:
            noise = np.asarray(noise, dtype=float)
            if noise.shape != x.shape:
                raise InvalidInputError(f"noise needs one entry per point ({x.shape}), got shape {noise.shape}")
            self.noise_ = noise[self.order_]
        self.repetitions_ = None
        if repetitions is not None:
            reps = np.broadcast_to(np.asarray(repetitions, dtype=float), x.shape) if np.ndim(repetitions) == 0 \
                else np.asarray(repetitions, dtype=float)
            if reps.shape != x.shape or not np.all(reps >= 1):
                raise InvalidInputError(f"repetitions needs one count ≥ 1 per point ({x.shape}), got {repetitions!r}")
            self.repetitions_ = reps[self.order_]
        if quantum is None:
            integral = np.all(self.y_ == np.round(self.y_)) and np.any(self.y_ != 0)
            quantum = 1.0 if integral else 0.0
        if not (np.isfinite(quantum) and quantum >= 0):
            raise InvalidInputError(f"quantum must be a finite step ≥ 0 or None, got {quantum!r}")
        self.quantum_ = float(quantum)

        n = len(self.x_)
        self.too_few_points_ = n < self.min_points
        self.cost_ = None
        self.window_errors_ = np.array([])
        self.window_tags_ = np.zeros(0, dtype=bool)
        self.epsilon_ = np.array([])
        self.statistics_ = []
        breaks = []  # (breakpoint, shared)
        self._first_errors = None if first_errors is None else np.asarray(first_errors, dtype=float)
        if not self.too_few_points_:
            self.cost_ = resolve_cost(self.cost, "cost", exponents=self.exponents).fit(self.x_, self.y_)
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

    # Series per vectorized segment-cost call: its 4-D temporaries outgrow the cache above ~16
    # (1,024 series x 2,000 points: 0.66 s at 16, 0.79 s at 256, 1.1 s one by one).
    COST_BATCH = 16

    def fit_many(self, x: ArrayLike, Y: ArrayLike, noise: ArrayLike | None = None,
                 repetitions: ArrayLike | None = None, quantum: float | None = None) -> list[WindowSearch]:
        """Searches each row of ``Y`` (series measured at the same ``x``) for change points.

        Element ``i`` is a copy of this search fitted as ``fit(x, Y[i], ...)`` fits it, bit for bit;
        the first detection's segment costs of all rows are computed at once
        (:meth:`first_errors_many`), the rest per row.

        Args:
            x: parameter values (n,), any order, distinct.
            Y: values (F, n), finite.
            noise, repetitions: as in :meth:`fit`, shared by all rows, or one row per series (F, n).
            quantum: as in :meth:`fit`, for every row.

        Returns:
            F fitted searches with this search's parameters.

        Raises:
            InvalidInputError: bad parameters or shapes; a bad row (named by its index).
        """
        self._validate_parameters()
        x = np.asarray(x, dtype=float)
        Y = np.asarray(Y, dtype=float)
        if x.ndim != 1 or Y.ndim != 2 or Y.shape[1] != x.shape[0]:
            raise InvalidInputError(f"need x of shape (n,) and Y of shape (series, n), got {x.shape} and {Y.shape}")
        order = np.argsort(x, kind="stable")
        first = None
        if np.isfinite(x).all() and np.all(np.diff(x[order]) != 0) and np.isfinite(Y).all():
            first = self.first_errors_many(x[order], Y[:, order])  # else the rows' own fits say what is wrong

        def row(values, i):
            return values if values is None or np.ndim(values) < 2 else np.asarray(values)[i]

        fitted = []
        for i, y in enumerate(Y):
            search = copy.copy(self)
            try:
                search.fit(x, y, noise=row(noise, i), repetitions=row(repetitions, i), quantum=quantum,
                           first_errors=None if first is None else first[i])
            except InvalidInputError as error:
                raise InvalidInputError(f"series {i}: {error}") from error
            fitted.append(search)
        return fitted

    def first_errors_many(self, x: ArrayLike, Y: ArrayLike) -> np.ndarray | None:
        """The first detection's segment costs (``first_errors`` of :meth:`fit`) of each row of ``Y``,
        all measured at the sorted, distinct, finite ``x``, in vectorized calls
        (``RelativeFitCost.errors_many``); row ``i`` is bit for bit what ``fit(x, Y[i])`` computes.

        Returns:
            (F, segments) costs, or None where ``fit`` would not use them (fewer than
            ``min_points`` points, a cost other than ``"relative"``).
        """
        x = np.asarray(x, dtype=float)
        Y = np.atleast_2d(np.asarray(Y, dtype=float))
        cost = resolve_cost(self.cost, "cost", exponents=self.exponents)
        if len(x) < self.min_points or type(cost) is not RelativeFitCost:
            return None
        starts, stops = self.first_bounds(len(x))
        if not len(Y):
            return np.zeros((0, len(starts)))
        return np.concatenate([cost.errors_many(x, Y[c:c + self.COST_BATCH], starts, stops)
                               for c in range(0, len(Y), self.COST_BATCH)])

    def predict(self) -> list[int]:
        """Returns the breakpoints ``[b_1, …, n]`` (see the module's index convention).

        Raises:
            NotFittedError: called before ``fit``.
        """
        if not hasattr(self, "breakpoints_"):
            raise NotFittedError(f"{type(self).__name__}.predict called before fit")
        return list(self.breakpoints_)

    def segments(self) -> list[tuple[int, int]]:
        """Returns ``[(start, stop), …]`` index ranges of the segments, shared points included.

        Raises:
            NotFittedError: called before ``fit``.
        """
        bounds = self.predict()
        result, start = [], 0
        for i, stop in enumerate(bounds):
            result.append((start, stop))
            if i < len(self.shared_):
                start = stop - 1 if self.shared_[i] else stop
        return result

    # -- what a detection provides --------------------------------------------------------------

    def _fit_detection(self) -> None:
        """Fits what the detection needs besides ``cost_`` (called once per ``fit``)."""

    @abstractmethod
    def _decide(self, lo: int, hi: int, starts: np.ndarray, one: float, two: np.ndarray,
                window_cost: np.ndarray) -> tuple[bool, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Decides whether ``[lo, hi)`` is segmented.

        Args:
            lo, hi: the series part.
            starts: first index of each window of the part.
            one: cost of the part as one segment.
            two: cost of each admissible split (two segments), in candidate order.
            window_cost: cost of each window.

        Returns:
            ``(segmented, window_errors, window_tags, epsilon, statistics)``.
        """

    def _pattern_decides(self) -> bool:
        """True if a clean window pattern locates the change by itself (no cost comparison)."""
        return False

    def _candidates_without_pattern(self, tags: np.ndarray, starts: np.ndarray, candidates: list[Split],
                                    indices: np.ndarray) -> np.ndarray:
        """Candidate splits (indices) to compare when the windows show no clean pattern."""
        return indices

    def _validate_parameters(self) -> None:
        """Checks the shared parameters; a detection extends it with its own."""
        check_options(self, WINDOW, WINDOW_RELATIONS)

    # -- shared machinery ----------------------------------------------------------------------

    def _detect(self, lo: int, hi: int, record_windows: bool) -> Split | None:
        """Looks for one change in ``[lo, hi)``; returns (breakpoint, shared) or None."""
        starts, candidates, bounds = self._bounds(lo, hi)
        first = self._first_errors
        if first is not None and (lo, hi) == (0, len(self.x_)) and first.shape == (len(bounds),):
            costs, self._first_errors = first, None
        else:
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

    def _bounds(self, lo: int, hi: int):
        """Window starts, split candidates and the segments whose costs a detection in ``[lo, hi)``
        needs: the whole part, each candidate's left and right segment, each window."""
        w = int(self.window)
        n = hi - lo
        starts = np.arange(lo, hi - w + 1) if n >= w else np.zeros(0, dtype=int)
        candidates = split_candidates(lo, hi, self.min_segment_size)
        left = [(lo, b) for b, _ in candidates]
        right = [(b - s, hi) for b, s in candidates]
        return starts, candidates, [(lo, hi)] + left + right + [(s, s + w) for s in starts]

    def first_bounds(self, n: int) -> tuple[list[int], list[int]]:
        """``(starts, stops)`` of the segments the first detection of an ``n``-point series costs
        (for ``first_errors`` of :meth:`fit`)."""
        bounds = self._bounds(0, n)[2]
        return [a for a, _ in bounds], [b for _, b in bounds]

    def _locate(self, tags: np.ndarray, starts: np.ndarray, candidates: list[Split], two: np.ndarray) -> Split:
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
                # the pattern's own reading wins ties (e.g. a point shared by both behaviours);
                # the tolerance only absorbs rounding
                if two[exact[0]] <= two[best] * (1 + 1e-9) + 1e-300:
                    return candidates[exact[0]]
        else:
            indices = self._candidates_without_pattern(tags, starts, candidates, indices)
        best = indices[np.argmin(two[indices])]
        return candidates[int(best)]


def locate_from_pattern(tags: ArrayLike, window: int = 5) -> tuple[int, bool] | None:
    """Reads the change from a single run of ``window - 2`` or ``window - 1`` heterogeneous windows.

    Args:
        tags: per window, True when heterogeneous.
        window: points per window.

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


def split_candidates(lo: int, hi: int, min_size: int) -> list[Split]:
    """Admissible ``(breakpoint, shared)`` splits of ``[lo, hi)`` with ≥ ``min_size`` points per side.

    Returns:
        Sorted candidates; a shared split counts the shared point on both sides.
    """
    result = [(b, False) for b in range(lo + min_size, hi - min_size + 1)]
    result += [(b, True) for b in range(lo + min_size, hi - min_size + 2)]
    return sorted(result)
