"""Per-segment costs of the best PMNF fit, for many segments of one series at once.

Like ruptures' costs: ``fit(x, y)`` stores the series, ``errors(starts, stops)`` returns one cost
per segment ``[start, stop)`` (Python slice convention, indexes into the sorted series).

* ``relative``: sum of squared *relative* residuals of the best ``c0 + c1 * term`` fit under
  relative least squares: each point is weighted by its own magnitude (``1 / scale²``, see
  :func:`relative_scale`; no floor tied to the series' largest value). Relative noise of a
  given level gives the same cost whatever the values' spread or dynamic range (a jump from
  100 to 800,000 weighs the same in a series reaching 10^9 as in one reaching 10^6), which is
  what the default detection needs.
* ``nrss``: Extra-P's nRSS of the hypothesis its default modeler selects (the paper's measure).
* ``smooth``: like ``relative`` but for a richer single function: two terms of the set, or one
  term with a continuous exponent. The default detection compares two segments against it, so
  a smooth function outside the search space is not mistaken for a change.

The searches take a cost by name (:data:`COSTS`, :func:`make_cost`) or as an instance of any
class with ``fit``/``errors`` (:class:`SegmentCost`); :func:`resolve_cost` does the lookup.
"""
from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import numpy as np
from numpy.typing import ArrayLike

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.pmnf.search import search_subsets
from extrap_segmented.pmnf.terms import evaluate_terms, has_log, term_set


@runtime_checkable
class SegmentCost(Protocol):
    """What a search needs of a segment cost (duck typed, as ruptures' ``BaseCost``)."""

    def fit(self, x: np.ndarray, y: np.ndarray) -> SegmentCost:
        """Stores the series, sorted by x; returns the fitted cost."""

    def errors(self, starts: ArrayLike, stops: ArrayLike) -> np.ndarray:
        """Returns one cost per segment ``[start, stop)``."""


class _SeriesCost:
    """Stores the series in ``fit``; subclasses implement ``errors(starts, stops)``."""

    def fit(self, x: ArrayLike, y: ArrayLike) -> _SeriesCost:
        """Stores the series (sorted by x by the caller); returns self."""
        self.x_ = np.asarray(x, dtype=float)
        self.y_ = np.asarray(y, dtype=float)
        self.scale_ = relative_scale(self.y_)
        return self


def relative_scale(y: ArrayLike) -> np.ndarray:
    """The magnitude each point's residual is divided by in a relative error.

    Every point is judged by its own magnitude ``|y_i|``, whatever the series' range. Two cases
    are explicit because their own magnitude says nothing about their precision:

    * a point whose sign differs from a neighbour's (a sign change: it lies near a zero
      crossing, where its own magnitude is arbitrarily small) and a zero are judged against the
      largest magnitude among themselves and their neighbours;
    * a zero whose neighbours are zero too takes the series' smallest non-zero magnitude (an
      all-zero series: 1; its costs are 0 anyway).

    Args:
        y: the values, sorted by x.

    Returns:
        Positive scales, one per point.
    """
    y = np.asarray(y, dtype=float)
    magnitude = np.abs(y)
    if len(y) == 0:
        return magnitude
    sign = np.sign(y)
    concatenate = np.concatenate  # not np.r_: its indexing machinery costs more than the work here
    left_m, right_m = concatenate((magnitude[:1], magnitude[:-1])), concatenate((magnitude[1:], magnitude[-1:]))
    left_s, right_s = concatenate((sign[:1], sign[:-1])), concatenate((sign[1:], sign[-1:]))
    special = (magnitude == 0) | (sign * left_s < 0) | (sign * right_s < 0)
    scale = np.where(special, np.maximum(magnitude, np.maximum(left_m, right_m)), magnitude)
    nonzero = magnitude[magnitude > 0]
    return np.where(scale > 0, scale, nonzero.min() if len(nonzero) else 1.0)


class RelativeFitCost(_SeriesCost):
    """Sum of squared relative residuals of the best single-term PMNF fit per segment.

    Each residual is divided by its point's own magnitude (:func:`relative_scale`).

    Args:
        exponents: (K, 2) term set, default Extra-P's default search space.
    """
    model = "relative"

    def __init__(self, exponents: ArrayLike | None = None):
        self.exponents = exponents

    def errors(self, starts: ArrayLike, stops: ArrayLike) -> np.ndarray:
        """Returns the cost of each segment ``[start, stop)``; segments need ≥ 2 points."""
        x, y = self.x_, self.y_
        exponents = term_set(self.exponents)
        starts = np.asarray(starts, dtype=int)
        stops = np.asarray(stops, dtype=int)
        sizes = stops - starts
        offsets = np.arange(int(sizes.max()))
        mask = offsets[None, :] < sizes[:, None]
        index = np.where(mask, starts[:, None] + offsets[None, :], starts[:, None])
        xs, ys = x[index], y[index]
        with np.errstate(all="ignore"):
            weight = np.where(mask, 1.0 / self.scale_[index] ** 2, 0.0)
            total = weight.sum(axis=1)
            y_bar = (weight * ys).sum(axis=1) / total
            dy = np.where(mask, ys - y_bar[:, None], 0.0)
            constant_cost = (weight * dy * dy).sum(axis=1)
            terms = evaluate_terms(xs, exponents).transpose(1, 0, 2)
            w = weight[:, None, :]
            t_bar = (w * np.where(mask[:, None, :], terms, 0.0)).sum(axis=2) / total[:, None]
            dt = np.where(mask[:, None, :], terms - t_bar[:, :, None], 0.0)
            slope = (w * dt * dy[:, None, :]).sum(axis=2) / (w * dt * dt).sum(axis=2)
            residual = dy[:, None, :] - slope[:, :, None] * dt
            cost = (w * residual * residual).sum(axis=2)
        low = np.where(mask, xs, np.inf)
        log_ok = np.all(low >= 1.0, axis=1)[:, None] | ~has_log(exponents)[None, :]
        cost = np.where(np.isfinite(cost) & log_ok, cost, np.inf)
        return np.minimum(cost.min(axis=1), constant_cost)

    def errors_many(self, x: ArrayLike, Y: ArrayLike, starts: ArrayLike, stops: ArrayLike,
                    scale: ArrayLike | None = None) -> np.ndarray:
        """`errors` of many series measured at the same ``x`` (rows of ``Y``), in one vectorized call.

        Row ``i`` is bit for bit ``RelativeFitCost(exponents).fit(x, Y[i]).errors(starts, stops)``:
        every product is made C-contiguous with the segment's points last before it is summed, so
        each sum runs over one segment's points in the same order whatever the number of series
        (tested). The terms are evaluated once for all series.

        Args:
            x: parameter values (n,), sorted.
            Y: values (F, n).
            starts, stops: the segments.
            scale: (F, n) :func:`relative_scale` of each row (computed when None).

        Returns:
            (F, S) costs.
        """
        x = np.asarray(x, dtype=float)
        Y = np.atleast_2d(np.asarray(Y, dtype=float))
        exponents = term_set(self.exponents)
        starts = np.asarray(starts, dtype=int)
        stops = np.asarray(stops, dtype=int)
        if scale is None:
            scale = np.stack([relative_scale(y) for y in Y]) if len(Y) else np.zeros_like(Y)
        sizes = stops - starts
        offsets = np.arange(int(sizes.max()))
        mask = offsets[None, :] < sizes[:, None]
        index = np.where(mask, starts[:, None] + offsets[None, :], starts[:, None])
        xs, ys = x[index], Y[:, index]
        total_sum = lambda a: np.ascontiguousarray(a).sum(axis=-1)  # noqa: E731 - see the docstring
        with np.errstate(all="ignore"):
            weight = np.where(mask, 1.0 / np.asarray(scale, dtype=float)[:, index] ** 2, 0.0)  # (F, S, m)
            total = total_sum(weight)
            y_bar = total_sum(weight * ys) / total
            dy = np.where(mask, ys - y_bar[:, :, None], 0.0)
            constant_cost = total_sum(weight * dy * dy)
            terms = np.ascontiguousarray(evaluate_terms(xs, exponents).transpose(1, 0, 2))  # (S, K, m)
            w = weight[:, :, None, :]
            t_bar = total_sum(w * np.where(mask[:, None, :], terms, 0.0)) / total[:, :, None]
            dt = np.where(mask[:, None, :], terms - t_bar[:, :, :, None], 0.0)
            slope = total_sum(w * dt * dy[:, :, None, :]) / total_sum(w * dt * dt)
            residual = dy[:, :, None, :] - slope[:, :, :, None] * dt
            cost = total_sum(w * residual * residual)  # (F, S, K)
        low = np.where(mask, xs, np.inf)
        log_ok = np.all(low >= 1.0, axis=1)[:, None] | ~has_log(exponents)[None, :]
        cost = np.where(np.isfinite(cost) & log_ok[None, :, :], cost, np.inf)
        return np.minimum(cost.min(axis=2), constant_cost)


class SmoothFitCost(_SeriesCost):
    """Relative least-squares cost of the best *smooth single function* per segment.

    The richer one-segment family the default detection compares two segments against:
    ``c0 + c1 * t1 + c2 * t2`` with any two terms of the set, or ``c0 + c1 * p^a * log2(p)^b``
    with a continuous exponent ``a`` (a grid of step ``exponent_step`` spanning the set's
    polynomial exponents, ``b`` one of the set's log exponents). Both have one coefficient fewer
    than two segments of ``c0 + c1 * term``. The constant and single terms of the set are
    included, so the cost never exceeds `RelativeFitCost`'s (up to rounding).

    Candidates are ranked in closed form (normalized Gram matrix), the ``refit`` best pairs and
    the best grid term are refitted with a QR decomposition, because the closed form loses
    accuracy when the residual is tiny compared with the values.

    Args:
        exponents: (K, 2) term set, default Extra-P's default search space.
        exponent_step: step of the continuous-exponent grid (0 disables the grid); default 0.01.
        refit: how many of the best pairs to refit exactly; default 4.

    Residuals are divided by each point's own magnitude (:func:`relative_scale`).
    """
    model = "smooth"

    def __init__(self, exponents: ArrayLike | None = None, exponent_step: float = 0.01, refit: int = 4):
        self.exponents = exponents
        self.exponent_step = exponent_step
        self.refit = refit

    def fit(self, x: ArrayLike, y: ArrayLike) -> SmoothFitCost:
        """Stores the series (sorted by x by the caller); returns self."""
        self._terms_key = None  # the terms are evaluated at the new x when first needed
        return super().fit(x, y)

    def errors(self, starts: ArrayLike, stops: ArrayLike) -> np.ndarray:
        """Returns the cost of each segment ``[start, stop)``; segments need ≥ 2 points."""
        exponents = term_set(self.exponents)
        # the grid and the terms at every point once per series: the searches ask for many
        # segments of one series, one at a time
        key = (exponents.tobytes(), self.exponent_step)
        if getattr(self, "_terms_key", None) != key:
            grid = exponent_grid(exponents, self.exponent_step)
            with np.errstate(all="ignore"):
                self._terms = (grid, evaluate_terms(self.x_, exponents), evaluate_terms(self.x_, grid))
            self._terms_key = key
        grid, terms, grid_terms = self._terms
        return np.array([_smooth_cost(self.x_[a:b], self.y_[a:b], self.scale_[a:b], exponents, grid, self.refit,
                                      terms[:, a:b], grid_terms[:, a:b])
                         for a, b in zip(np.asarray(starts, dtype=int), np.asarray(stops, dtype=int))])


def exponent_grid(exponents: ArrayLike, step: float) -> np.ndarray:
    """Terms ``p^a * log2(p)^b`` of the continuous-exponent grid.

    Args:
        exponents: (K, 2) term set.
        step: grid step of ``a``; 0 gives no grid.

    Returns:
        (K', 2) array: ``a`` from min(0, the set's smallest polynomial exponent) to its largest in
        steps of ``step``, ``b`` each of the set's log exponents, the constant left out; empty
        for step 0.
    """
    exponents = np.asarray(exponents, dtype=float)
    if step <= 0 or len(exponents) == 0:
        return np.zeros((0, 2))
    low, high = min(0.0, exponents[:, 0].min()), exponents[:, 0].max()
    poly = np.round(np.arange(low, high + step / 2, step), 10)
    logs = np.unique(exponents[:, 1])
    pairs = np.column_stack([np.tile(poly, len(logs)), np.repeat(logs, len(poly))])
    return pairs[(pairs[:, 0] != 0) | (pairs[:, 1] != 0)]


def _normalized_terms(x: np.ndarray, exponents: np.ndarray, w: np.ndarray,
                      terms: np.ndarray | None = None) -> np.ndarray:
    """Weighted-centered terms with unit weighted norm; drops unusable and constant terms
    (``terms``: the terms already evaluated at x)."""
    if terms is None:
        terms = evaluate_terms(x, exponents)
    usable = np.all(np.isfinite(terms), axis=1) & (np.all(x >= 1.0) | ~has_log(exponents))
    tc = terms[usable] - (terms[usable] @ w)[:, None] / w.sum()
    norm = np.sqrt((tc * tc) @ w)
    keep = norm > 1e-12 * np.max(norm, initial=0.0)
    return tc[keep] / norm[keep][:, None]


def _smooth_cost(x: np.ndarray, y: np.ndarray, scale: np.ndarray, exponents: np.ndarray, grid: np.ndarray,
                 refit: int, terms: np.ndarray | None = None, grid_terms: np.ndarray | None = None) -> float:
    """`SmoothFitCost` of one segment (see the class docstring; ``terms``, ``grid_terms``: the
    set's and the grid's terms already evaluated at x)."""
    sqrt_w = 1.0 / scale
    w = sqrt_w * sqrt_w
    yc = y - (w @ y) / w.sum()
    syy = float(yc * yc @ w)
    if syy == 0:
        return syy
    tn = _normalized_terms(x, exponents, w, terms)
    candidates = []
    if len(tn):
        r = (tn * w) @ tn.T  # correlation matrix of the terms
        b = tn @ (w * yc)
        with np.errstate(all="ignore"):
            explained = (b[:, None] ** 2 - 2 * r * b[:, None] * b[None, :] + b[None, :] ** 2) / (1 - r * r)
        # (nearly) collinear pairs and i >= j are no pairs; the best single term is refitted too
        explained = np.where(np.triu(1 - r * r > 1e-10, k=1) & np.isfinite(explained), explained, -np.inf)
        flat = np.argsort(explained, axis=None)[::-1][:refit]
        flat = flat[np.isfinite(explained.ravel()[flat])]
        candidates += [[tn[i], tn[j]] for i, j in zip(*np.unravel_index(flat, explained.shape))]
        candidates.append([tn[int(np.argmax(b * b))]])
    tg = _normalized_terms(x, grid, w, grid_terms)
    if len(tg):
        candidates.append([tg[int(np.argmax((tg @ (w * yc)) ** 2))]])
    return float(max(0.0, min([syy] + [_residual(y, sqrt_w, columns) for columns in candidates])))


def _residual(y: np.ndarray, sqrt_w: np.ndarray, columns: list[np.ndarray]) -> float:
    """Weighted residual sum of squares of ``y`` on a constant plus ``columns`` (QR, accurate)."""
    design = np.column_stack([np.ones(len(y))] + list(columns)) * sqrt_w[:, None]
    q, _ = np.linalg.qr(design)
    target = y * sqrt_w
    residual = target - q @ (q.T @ target)
    return float(residual @ residual)


class ExtrapNrssCost(_SeriesCost):
    """Extra-P's nRSS of the hypothesis its default modeler selects per segment.

    Args:
        exponents: (K, 2) term set, default Extra-P's default search space.
        search_options: keyword options of `extrap_segmented.pmnf.search.search_subsets` (its
            thresholds, e.g. ``min_term_contribution``); default its defaults.
    """
    model = "nrss"

    def __init__(self, exponents: ArrayLike | None = None, search_options: dict[str, Any] | None = None):
        self.exponents = exponents
        self.search_options = search_options

    def errors(self, starts: ArrayLike, stops: ArrayLike) -> np.ndarray:
        """Returns ``|nRSS|`` of each segment's selected hypothesis (NaN when its mean is 0)."""
        fits = search_subsets(self.x_, self.y_, starts, stops, self.exponents, **(self.search_options or {}))
        return np.abs(fits.nrss)


COSTS: dict[str, type] = {cls.model: cls for cls in (RelativeFitCost, SmoothFitCost, ExtrapNrssCost)}
"""The segment costs by name (their ``model`` attribute)."""


def make_cost(model: str, **kwargs: Any) -> SegmentCost:
    """Creates the cost named ``model``.

    Args:
        model: a name of :data:`COSTS`.
        kwargs: the cost's keyword options.

    Returns:
        The (unfitted) cost.

    Raises:
        InvalidInputError: unknown name (the message lists the valid ones).
    """
    try:
        cls = COSTS[model]
    except (KeyError, TypeError):
        raise InvalidInputError(f"unknown segment cost {model!r}; valid costs: {', '.join(sorted(COSTS))}") from None
    return cls(**kwargs)


def resolve_cost(cost: str | SegmentCost, argument: str = "cost", **kwargs: Any) -> SegmentCost:
    """Returns the cost a search was given: built from a name, or the instance itself.

    Args:
        cost: a name of :data:`COSTS` or an object with ``fit`` and ``errors``.
        argument: the search's parameter name, for the error message.
        kwargs: options of a cost built by name (an instance is used as it is).

    Raises:
        InvalidInputError: unknown name (listing the valid ones) or an object without ``fit``
            and ``errors``.
    """
    if isinstance(cost, str):
        return make_cost(cost, **kwargs)
    if not isinstance(cost, SegmentCost):
        raise InvalidInputError(f"{argument} must be a segment cost name ({', '.join(sorted(COSTS))}) or an object "
                                f"with fit and errors, got {cost!r}")
    return cost
