"""The trend-break detection (``mode="trend"``, the default): breaks in level or trend, judged
against each point's own measured noise.

Real sweeps (message sizes 2^0 … 2^22) span six decades, are noisy, heavy-tailed and sometimes
bimodal at a few sizes. This detection therefore

* judges every residual relative to its own value (``(y - f) / y``, the residual of log y),
  divided by the point's own noise: ``σ_i = max(own relative standard error, pooled noise,
  noise_floor)``. The pooled noise is the median over the points (robust: a size with one slow
  repetition or two modes raises only its own σ_i, it is down-weighted instead of inflating the
  noise of the whole series);
* prices each candidate segment by the best ``c0 + c1·term`` of the search space (or a
  constant) in those units (a χ²), for every segment of ≥ ``min_segment_size`` points;
* finds the best partition into 1 … ``max_change_points`` + 1 segments by dynamic programming
  (all changes at once, each placed between two consecutive points) and keeps the number of
  segments with the smallest χ² + ``penalty`` × changes. The penalty is calibrated for false
  changes on flat and smooth noisy series (``benchmarks/segmentation/segmentation_trend_calibration.py``);
* keeps a change only if the two segments beside it also beat the best smooth single function
  over both (``compare_smooth``; two terms of the search space or one term with a continuous
  exponent) by the penalty, and that function misses the points there by more than
  ``min_relative_change`` (RMS of relative residuals): a smooth function outside the search
  space, or a change far below what anyone would call one, is not a change.

Without a noise measurement (fewer than two repetitions), with non-positive values, or with
fewer than ``min_points`` points, the detection is the significance test
(:class:`~extrap_segmented.segmentation.significance.SignificanceSearch`, ``mode="test"``) with
its defaults: it is calibrated for a fixed relative noise.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.pmnf.terms import default_exponents, evaluate_terms, has_log
from extrap_segmented.segmentation.costs import RelativeFitCost, SmoothFitCost, relative_scale
from extrap_segmented.segmentation.noise import _chi2_median
from extrap_segmented.segmentation.significance import SignificanceSearch
from extrap_segmented.segmentation.window import WindowSearch

PENALTY = 25.0
"""Default ``penalty`` (χ² units per change), see the module docstring."""
NOISE_FLOOR = 0.005
"""Default ``noise_floor``."""
MIN_RELATIVE_CHANGE = 0.02
"""Default ``min_relative_change``."""


class TrendBreakSearch(WindowSearch):
    """Penalised trend-break search in relative (log) units (see the module docstring).

    Args:
        penalty: χ² a change must save; ≥ 0.
        noise_floor: smallest relative noise of a point (timer resolution, run-to-run drift the
            repetitions do not see); default 0.005.
        min_relative_change: relative RMS error by which the best smooth function over the two
            segments beside a change must miss them; default 0.02.
        compare_smooth: check each change against the best smooth single function; default True.
        fallback: keyword options of the significance test used without a noise measurement.
        window, max_change_points, min_segment_size, min_points, cost, exponents: see
            :class:`~extrap_segmented.segmentation.window.WindowSearch` (``window`` and ``cost``
            matter only for the fallback).

    Fitted attributes besides :class:`WindowSearch`'s: ``method_`` ("trend" or "test"),
    ``sigma_`` (per point, the relative noise used; None for "test"), ``pooled_noise_``,
    ``chi2_`` (best χ² per number of changes), ``fallback_`` (the fitted significance test, or None).
    """

    def __init__(self, *, window: int = 5, max_change_points: int = 2, min_segment_size: int = 3,
                 min_points: int = 6, cost: str = "relative", exponents: ArrayLike | None = None,
                 penalty: float = PENALTY, noise_floor: float = NOISE_FLOOR, min_relative_change: float = MIN_RELATIVE_CHANGE,
                 compare_smooth: bool = True, prediction: bool = True, degree: int = 1, search_changes: int = 6, series_noise: bool = False, reach: int = 4, fallback: dict[str, Any] | None = None):
        super().__init__(window=window, max_change_points=max_change_points, min_segment_size=min_segment_size,
                         min_points=min_points, cost=cost, exponents=exponents)
        self.penalty = penalty
        self.noise_floor = noise_floor
        self.min_relative_change = min_relative_change
        self.compare_smooth = compare_smooth
        self.fallback = fallback
        self.prediction = prediction
        self.degree = degree
        self.search_changes = search_changes
        self.series_noise = series_noise
        self.reach = reach

    def _validate_parameters(self) -> None:
        super()._validate_parameters()
        for name in ("penalty", "noise_floor", "min_relative_change"):
            if not getattr(self, name) >= 0:
                raise InvalidInputError(f"{name} must be ≥ 0, got {getattr(self, name)!r}")

    def _decide(self, *args: Any):  # the window machinery is not used (see fit)
        raise NotImplementedError

    def fit(self, x: ArrayLike, y: ArrayLike, noise: ArrayLike | None = None,
            repetitions: ArrayLike | None = None, quantum: float | None = None,
            first_errors: ArrayLike | None = None) -> TrendBreakSearch:
        """Searches the series for changes (arguments as
        :meth:`WindowSearch.fit <extrap_segmented.segmentation.window.WindowSearch.fit>`;
        ``first_errors`` is used by the fallback only)."""
        self._validate_parameters()
        fallback = SignificanceSearch(window=self.window, max_change_points=self.max_change_points,
                                      min_segment_size=max(self.min_segment_size, 3),
                                      min_points=self.min_points, cost=self.cost, exponents=self.exponents,
                                      **(self.fallback or {}))
        # validation, sorting and quantum as the other detections (raises InvalidInputError)
        self.fallback_ = None
        self.sigma_ = None
        self.pooled_noise_ = None
        self.chi2_ = []
        self.method_ = "trend"
        x_arr, y_arr = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
        usable = (noise is not None and repetitions is not None and x_arr.ndim == 1 and x_arr.shape == y_arr.shape
                  and np.all(np.isfinite(y_arr)) and np.all(y_arr > 0)
                  and np.any(np.broadcast_to(np.asarray(repetitions, dtype=float), x_arr.shape) >= 2))
        if not usable:
            fallback.fit(x, y, noise=noise, repetitions=repetitions, quantum=quantum, first_errors=first_errors)
            self._take(fallback)
            return self
        # the shared validation (shapes, finiteness, distinct x, sorting) without the window search
        saved, self.max_change_points = self.max_change_points, 0
        try:
            super().fit(x, y, noise=noise, repetitions=repetitions, quantum=quantum)
        finally:
            self.max_change_points = saved
        if self.too_few_points_:
            return self
        self.sigma_ = point_noise(self.noise_, self.repetitions_, self.noise_floor)
        if self.series_noise:
            self.sigma_ = np.maximum(self.sigma_, series_noise(self.x_, self.y_))
        self.pooled_noise_ = float(np.median(self.sigma_))
        breaks = self._search(self.x_, self.y_, self.sigma_)
        self.breakpoints_ = list(breaks) + [len(self.x_)]
        self.shared_ = [False] * len(breaks)
        self.segmented_ = bool(breaks)
        return self

    def _take(self, fitted: SignificanceSearch) -> None:
        """Adopts the fitted attributes of the fallback detection."""
        self.method_ = "test"
        self.fallback_ = fitted
        for name, value in vars(fitted).items():
            if name.endswith("_") and not name.startswith("_"):
                setattr(self, name, value)

    def _search(self, x: np.ndarray, y: np.ndarray, sigma: np.ndarray) -> list[int]:
        n = len(x)
        m = int(self.min_segment_size)
        table = loglog_line_costs(x, y, sigma, m) if self.degree == 1 else loglog_poly_costs(x, y, sigma, m, self.degree)
        breaks = optimal_partition(table, m, min(int(self.search_changes), n // m - 1))
        self.chi2_ = [total for total, _ in breaks]
        penalised = [total + self.penalty * k for k, (total, _) in enumerate(breaks)]
        chosen = list(breaks[int(np.argmin(penalised))][1])
        if chosen:
            chosen = self._confirm(x, y, sigma, table, chosen)
        self.statistics_ = [{"chi2": self.chi2_, "penalty": float(self.penalty), "breaks": chosen,
                             "pooled_noise": self.pooled_noise_}]
        return chosen

    def _confirm(self, x, y, sigma, table, chosen: list[int]) -> list[int]:
        """Drops changes that the best smooth single function over both neighbouring segments
        explains (within the penalty) or that are smaller than ``min_relative_change``."""
        smooth = SmoothFitCost(self.exponents).fit(x, y)
        smooth.scale_ = relative_scale(y) * sigma
        plain = SmoothFitCost(self.exponents).fit(x, y)  # relative residuals, no noise weights
        cache: dict[tuple[int, int], float] = {}

        def smooth_cost(a: int, c: int) -> float:
            if (a, c) not in cache:
                cache[a, c] = float(smooth.errors([a], [c])[0])
            return cache[a, c]

        def segment(a: int, c: int) -> float:
            return min(table[a, c], smooth_cost(a, c))

        kept = list(chosen)
        while kept:
            bounds = [0] + kept + [len(x)]
            margins, sizes = [], []
            for i, b in enumerate(kept):
                a, c = max(bounds[i], b - self.reach), min(bounds[i + 2], b + self.reach)
                one = smooth_cost(a, c) if self.compare_smooth else np.inf
                margins.append(one - segment(a, b) - segment(b, c) - self.penalty)
                sizes.append(float(np.sqrt(plain.errors([a], [c])[0] / (c - a))))
            failing = [i for i, (g, e) in enumerate(zip(margins, sizes)) if g <= 0 or e < self.min_relative_change]
            if failing:
                kept.pop(min(failing, key=lambda i: margins[i]))
            elif len(kept) > self.max_change_points:
                kept.pop(int(np.argmin(margins)))
            else:
                break
        return kept


class PredictionCost(RelativeFitCost):
    """Leave-one-out prediction error (PRESS) of the best ``c0 + c1·term`` (or constant) per segment.

    Residuals are relative and divided by each point's noise (``scale_`` = |y|·σ): a χ²-like
    cost. Each point is predicted by the fit to the segment's other points, so a segment that
    bends its term to swallow the first point of the next regime at its end pays for it (that
    point is far from what the others predict), while an in-sample fit would not (Extra-P selects
    its hypotheses by cross-validation for the same reason).
    """
    model = "prediction"

    def errors(self, starts: ArrayLike, stops: ArrayLike) -> np.ndarray:
        """Returns the PRESS of each segment ``[start, stop)``; segments need ≥ 3 points."""
        x, y = self.x_, self.y_
        exponents = default_exponents() if self.exponents is None else np.asarray(self.exponents, dtype=float)
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
            lever0 = weight / total[:, None]
            constant = (weight * (dy / (1 - lever0)) ** 2).sum(axis=1)
            terms = evaluate_terms(xs, exponents).transpose(1, 0, 2)
            w = weight[:, None, :]
            t_bar = (w * np.where(mask[:, None, :], terms, 0.0)).sum(axis=2) / total[:, None]
            dt = np.where(mask[:, None, :], terms - t_bar[:, :, None], 0.0)
            stt = (w * dt * dt).sum(axis=2)
            slope = (w * dt * dy[:, None, :]).sum(axis=2) / stt
            residual = dy[:, None, :] - slope[:, :, None] * dt
            lever = lever0[:, None, :] + w * dt * dt / stt[:, :, None]
            press = np.where(mask[:, None, :], w * (residual / (1 - lever)) ** 2, 0.0).sum(axis=2)
        low = np.where(mask, xs, np.inf)
        log_ok = np.all(low >= 1.0, axis=1)[:, None] | ~has_log(exponents)[None, :]
        press = np.where(np.isfinite(press) & log_ok, press, np.inf)
        constant = np.where(np.isfinite(constant), constant, np.inf)
        return np.minimum(press.min(axis=1), constant)


def loglog_line_costs(x: np.ndarray, y: np.ndarray, sigma: np.ndarray, min_size: int) -> np.ndarray:
    """χ² of the best straight line in log-log space (a power law ``c·x^a``) for every segment.

    Args:
        x, y: the series (x > 0, y > 0), sorted.
        sigma: per point, the relative noise (the standard deviation of log y).
        min_size: fewest points per segment.

    Returns:
        (n + 1, n + 1) table, ``[a, b]`` the χ² of segment ``[a, b)`` (inf below ``min_size`` points).
    """
    u, v, w = np.log(x), np.log(y), 1.0 / sigma ** 2
    sums = [np.concatenate(([0.0], np.cumsum(q))) for q in (w, w * u, w * v, w * u * u, w * u * v, w * v * v)]
    n = len(x)
    a, b = np.triu_indices(n + 1, k=min_size)
    s0, su, sv, suu, suv, svv = (c[b] - c[a] for c in sums)
    with np.errstate(all="ignore"):
        cuu = suu - su * su / s0
        cuv = suv - su * sv / s0
        cvv = svv - sv * sv / s0
        chi2 = np.where(cuu > 1e-12 * suu, cvv - cuv * cuv / cuu, cvv)
    table = np.full((n + 1, n + 1), np.inf)
    table[a, b] = np.maximum(chi2, 0.0)
    return table


def loglog_poly_costs(x: np.ndarray, y: np.ndarray, sigma: np.ndarray, min_size: int, degree: int = 2) -> np.ndarray:
    """χ² of the best polynomial of ``degree`` in log-log space for every segment (see
    :func:`loglog_line_costs`)."""
    u, v, w = np.log(x), np.log(y), 1.0 / sigma ** 2
    n = len(x)
    table = np.full((n + 1, n + 1), np.inf)
    for a in range(n):
        for b in range(a + min_size, n + 1):
            uu = u[a:b] - u[a:b].mean()
            design = np.vander(uu, min(degree + 1, b - a), increasing=True) * np.sqrt(w[a:b])[:, None]
            target = v[a:b] * np.sqrt(w[a:b])
            q, _ = np.linalg.qr(design)
            r = target - q @ (q.T @ target)
            table[a, b] = float(r @ r)
    return table


def series_noise(x: np.ndarray, y: np.ndarray, radius: int = 2) -> np.ndarray:
    """Per point, the local scatter of the series around a power law, in relative (log) units.

    Each inner point's residual from the straight line (in log-log space) through its two
    neighbours, scaled to the standard deviation of one point's log value, is a noise sample
    (zero for any power law, whatever the spacing); per point the median of the absolute
    samples within ``radius`` neighbours, × 1.4826. A step moves two neighbouring samples, so a
    window of five ignores it; where the series wiggles from size to size (caches, protocols at
    large messages) the scatter is large and small bends there are not taken for changes.

    Args:
        x, y: the series (positive), sorted.
        radius: neighbours on each side whose samples are pooled.

    Returns:
        Per point relative scatter (0 for fewer than 3 points).
    """
    n = len(x)
    if n < 3:
        return np.zeros(n)
    u, v = np.log(x), np.log(y)
    lam = (u[1:-1] - u[:-2]) / (u[2:] - u[:-2])
    residual = v[1:-1] - (v[:-2] + lam * (v[2:] - v[:-2]))
    samples = np.abs(residual) / np.sqrt(1 + lam ** 2 + (1 - lam) ** 2)
    samples = np.concatenate(([samples[0]], samples, [samples[-1]]))
    return np.array([1.4826 * np.median(samples[max(0, i - radius):i + radius + 1]) for i in range(n)])


def point_noise(noise: np.ndarray, repetitions: np.ndarray, floor: float, radius: int = 2) -> np.ndarray:
    """Per point, the relative noise of its value: its own, but at least the pooled one.

    The pooled noise is the median over the points of the per-repetition variances, corrected
    for the median's bias, per mean of the typical number of repetitions (as
    :func:`~extrap_segmented.segmentation.noise.pooled_noise`); a point with an outlying
    repetition keeps its own, larger noise (it is down-weighted), a point that happens to look
    quieter than the rest gets the pooled noise.

    Args:
        noise: per point, relative standard error of its mean.
        repetitions: per point, its number of repetitions.
        floor: smallest relative noise.

    Returns:
        Per point relative noise (≥ ``floor``).
    """
    noise = np.asarray(noise, dtype=float)
    reps = np.asarray(repetitions, dtype=float)
    usable = reps >= 2
    own = np.where(usable, noise, np.nan)
    n = len(noise)
    local = np.full(n, np.nan)
    for i in range(n):
        window = own[max(0, i - radius):i + radius + 1]
        window = window[np.isfinite(window)]
        if len(window):
            local[i] = np.median(window)
    return np.maximum(np.fmax(np.nan_to_num(own, nan=0.0), np.nan_to_num(local, nan=0.0)), floor)


def optimal_partition(table: np.ndarray, min_size: int, max_changes: int) -> list[tuple[float, tuple[int, ...]]]:
    """Best partition of ``[0, n)`` for each number of changes 0 … ``max_changes``.

    Args:
        table: (n + 1, n + 1) cost of segment ``[a, b)`` at ``table[a, b]`` (inf where not allowed).
        min_size: fewest points per segment.
        max_changes: most changes.

    Returns:
        Per number of changes k: ``(total cost, breakpoints)`` (inf and () when impossible).
    """
    n = table.shape[0] - 1
    best = np.full((max_changes + 1, n + 1), np.inf)
    arg = np.zeros((max_changes + 1, n + 1), dtype=int)
    best[0, :] = table[0, :]
    for k in range(1, max_changes + 1):
        for b in range(min_size * (k + 1), n + 1):
            a = np.arange(min_size * k, b - min_size + 1)
            total = best[k - 1, a] + table[a, b]
            i = int(np.argmin(total))
            best[k, b], arg[k, b] = total[i], a[i]
    result = []
    for k in range(max_changes + 1):
        if not np.isfinite(best[k, n]):
            result.append((np.inf, ()))
            continue
        cuts, b = [], n
        for j in range(k, 0, -1):
            b = int(arg[j, b])
            cuts.append(b)
        result.append((float(best[k, n]), tuple(sorted(cuts))))
    return result
