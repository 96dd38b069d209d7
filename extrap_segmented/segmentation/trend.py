"""The trend-break detection (``mode="trend"``, the modeler's default): breaks in level or
trend of log y against log x, as a performance engineer reads them off a log-log plot.

Real sweeps (message sizes 2^0 … 2^22) span six decades, are noisy, heavy-tailed and sometimes
multimodal (whole runs slower than others). This detection therefore

* works on each point's **median** of the repetitions and judges residuals relative to the value
  (the residual of log y), in units of the point's noise σ_i = max(``noise_floor``,
  min(robust repetition noise, size-to-size scatter)). The repetition noise is the MAD of the
  repetitions, pooled over a point's neighbours by their median (:func:`point_noise`; one slow
  repetition or one bimodal size does not raise the noise of the series). It overstates the
  noise of the medians when whole runs are slower at every size (the medians stay put), and the
  scatter of the medians from size to size (:func:`series_noise`) overstates it where the curve
  bends: each bounds it from above;
* proposes changes with the best partition into straight lines in log-log space (power laws;
  dynamic programming over all segments of ≥ ``min_segment_size`` points, the number of changes
  by a BIC penalty, at most ``search_changes``), so each change lies between two consecutive
  sizes and a smooth PMNF term cannot bend through a step at a segment's end;
* keeps a proposed change when, on the points within ``reach`` on either side (up to the
  neighbouring changes), two segments (each a log-log line or ``c0 + c1·term``) beat the best
  smooth single function over the same points (``compare_smooth``: two terms of the search
  space or one term with a continuous exponent) by F > ``f_limit`` — with the measured noise as
  the least residual variance — and that function misses the points by at least
  ``min_relative_change`` (relative RMS). A failing change is tried one point to either side,
  then dropped; of the passing ones the ``max_change_points`` with the largest F stay;
* then looks for **short segments** the check cannot see (it needs ``min_segment_size`` points on
  each side): one or two sizes beside a kept change, or at the end of the series, that lie off
  the straight line through the ``short_reach`` sizes before them (or after them), all on one
  side, by χ² per point > ``short_f_limit`` (the line's misfit and its extrapolation error
  counted as noise) and by at least ``short_min_step`` (relative). Beside a kept change the
  short piece must lie between the levels of its two neighbours (a staircase or a ramp over two
  gaps, as in a sweep with every other size; a one-size spike is not a regime). This finds two
  changes one or two sizes apart and a change a few sizes before the end (a cache spill measured
  up to just past it), within ``max_change_points``.

Without repetitions, with values or parameters ≤ 0, or with fewer than ``min_trend_points``
points (the local test needs room; the generator protocol of docs/segmentation.md has 10), the
detection is the significance test
(:class:`~extrap_segmented.segmentation.significance.SignificanceSearch`, ``mode="test"``) on the
inputs given.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike
from scipy import special

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.options import check_values
from extrap_segmented.segmentation.costs import RelativeFitCost, SmoothFitCost, relative_scale
from extrap_segmented.segmentation.options import TREND
from extrap_segmented.segmentation.significance import SignificanceSearch
from extrap_segmented.segmentation.window import WindowSearch

NOISE_FLOOR = TREND["noise_floor"].default
"""Default ``noise_floor`` (declared in :mod:`.options`)."""
MIN_RELATIVE_CHANGE = TREND["min_relative_change"].default
"""Default ``min_relative_change`` (declared in :mod:`.options`)."""
MIN_TREND_POINTS = 11
"""Default ``min_trend_points``: the local test looks at up to ``reach`` (4) points on each side of
a change and needs segments of ≥ 3 points; shorter series go to the significance test."""
F_LIMIT = TREND["trend_f_limit"].default
"""Default ``f_limit`` (the modeler's ``trend_f_limit``, declared in :mod:`.options`)."""
SHORT_F_LIMIT = 50.0
"""Default ``short_f_limit``: a piece of one or two sizes has no within-piece scatter to judge it
by, so it must miss the line beside it by more than a full segment must (``f_limit``)."""
SHORT_MIN_STEP = 0.1
"""Default ``short_min_step``: ×1.1, below the smallest main change of the real sweeps (×1.16)."""


class TrendBreakSearch(WindowSearch):
    """Trend-break search in log-log space (see the module docstring).

    Args:
        f_limit: F statistic (two lines beside a change against one smooth function over the
            same points) a change needs; > 0.
        min_relative_change: relative RMS error by which that smooth function must miss those
            points; ≥ 0.
        noise_floor: smallest relative noise of a point; default 0.005.
        min_trend_points: fewest points the trend test judges (shorter series: the fallback).
        reach: points on each side of a change that the check looks at (fewer when the next
            change is nearer); ≥ ``min_segment_size``.
        search_changes: changes the partition proposes before the check; ≥ ``max_change_points``.
        compare_smooth: the single function is the smooth one (two terms or a continuous exponent);
            False: only ``c0 + c1·term`` of the search space.
        short_segments: also look for segments of one or two sizes (see the module docstring).
        short_f_limit: χ² per point by which such a short piece must miss the line beside it; > 0.
        short_reach: sizes that line is fitted to; ≥ 2.
        short_min_step: relative distance by which every point of the short piece must miss it; ≥ 0.
        fallback: keyword options of the significance test used where the trend test does not
            apply (see the module docstring).
        window, max_change_points, min_segment_size, min_points, cost, exponents: see
            :class:`~extrap_segmented.segmentation.window.WindowSearch` (``window`` and ``cost``
            matter only for the fallback).

    Fitted attributes besides :class:`WindowSearch`'s: ``method_`` ("trend" or "test"),
    ``sigma_`` (per point, the relative noise used as weight; None for "test"),
    ``candidates_`` (the proposed changes), ``checks_`` (per round of the check, per change:
    breakpoint, F, relative error of the smooth function), ``fallback_`` (the fitted
    significance test, or None).
    """

    def __init__(self, *, window: int = 5, max_change_points: int = 2, min_segment_size: int = 3,
                 min_points: int = 6, cost: str = "relative", exponents: ArrayLike | None = None,
                 f_limit: float = F_LIMIT, min_relative_change: float = MIN_RELATIVE_CHANGE,
                 noise_floor: float = NOISE_FLOOR, reach: int = 4, search_changes: int = 4,
                 compare_smooth: bool = True, min_trend_points: int = MIN_TREND_POINTS,
                 short_segments: bool = True, short_f_limit: float = SHORT_F_LIMIT,
                 short_reach: int = 3, short_min_step: float = SHORT_MIN_STEP,
                 fallback: dict[str, Any] | None = None):
        super().__init__(window=window, max_change_points=max_change_points, min_segment_size=min_segment_size,
                         min_points=min_points, cost=cost, exponents=exponents)
        self.f_limit = f_limit
        self.min_relative_change = min_relative_change
        self.noise_floor = noise_floor
        self.reach = reach
        self.search_changes = search_changes
        self.compare_smooth = compare_smooth
        self.fallback = fallback
        self.min_trend_points = min_trend_points
        self.short_segments = short_segments
        self.short_f_limit = short_f_limit
        self.short_reach = short_reach
        self.short_min_step = short_min_step

    def _validate_parameters(self) -> None:
        super()._validate_parameters()
        # the declared options (the modeler's trend_f_limit is f_limit here); reach and
        # search_changes are expert options the modeler does not expose
        check_values({"f_limit": self.f_limit, "noise_floor": self.noise_floor,
                      "min_relative_change": self.min_relative_change},
                     {"f_limit": TREND["trend_f_limit"], "noise_floor": TREND["noise_floor"],
                      "min_relative_change": TREND["min_relative_change"]})
        if int(self.reach) != self.reach or self.reach < self.min_segment_size:
            raise InvalidInputError(f"reach must be an integer ≥ min_segment_size ({self.min_segment_size}), "
                                    f"got {self.reach!r}")
        if not (isinstance(self.short_f_limit, (int, float)) and np.isfinite(self.short_f_limit)
                and self.short_f_limit > 0):
            raise InvalidInputError(f"short_f_limit must be a finite number > 0, got {self.short_f_limit!r}")
        if int(self.short_reach) != self.short_reach or self.short_reach < 2:
            raise InvalidInputError(f"short_reach must be an integer ≥ 2, got {self.short_reach!r}")
        if not (isinstance(self.short_min_step, (int, float)) and np.isfinite(self.short_min_step)
                and self.short_min_step >= 0):
            raise InvalidInputError(f"short_min_step must be a finite number ≥ 0, got {self.short_min_step!r}")
        if int(self.search_changes) != self.search_changes or self.search_changes < self.max_change_points:
            raise InvalidInputError(f"search_changes must be an integer ≥ max_change_points "
                                    f"({self.max_change_points}), got {self.search_changes!r}")

    def applies(self, x: ArrayLike, y: ArrayLike) -> bool:
        """True when the trend test (not the fallback) will judge this series, given repetitions:
        ≥ ``min_trend_points`` points, all x and y positive and finite."""
        x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
        return bool(x.ndim == 1 and x.shape == y.shape and x.size >= self.min_trend_points
                    and np.all(np.isfinite(x)) and np.all(np.isfinite(y)) and np.all(x > 0) and np.all(y > 0))

    def _decide(self, *args: Any):  # the window machinery is not used (see fit)
        raise NotImplementedError

    def fit(self, x: ArrayLike, y: ArrayLike, noise: ArrayLike | None = None,
            repetitions: ArrayLike | None = None, quantum: float | None = None,
            first_errors: ArrayLike | None = None) -> TrendBreakSearch:
        """Searches the series for changes (arguments as
        :meth:`WindowSearch.fit <extrap_segmented.segmentation.window.WindowSearch.fit>`;
        ``noise`` should be the robust relative standard error of each value, e.g. from
        :func:`~extrap_segmented.segmentation.noise.robust_point`; ``first_errors`` is used by the
        fallback only)."""
        self._validate_parameters()
        self.fallback_ = None
        self.sigma_ = None
        self.candidates_ = []
        self.checks_ = []
        self.method_ = "trend"
        x_arr, y_arr = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
        usable = (noise is not None and repetitions is not None and x_arr.ndim == 1 and x_arr.shape == y_arr.shape
                  and np.all(np.isfinite(y_arr)) and np.all(y_arr > 0) and np.all(x_arr > 0)
                  and np.any(np.broadcast_to(np.asarray(repetitions, dtype=float), x_arr.shape) >= 2)
                  and x_arr.size >= self.min_trend_points)
        if not usable:
            fallback = SignificanceSearch(window=self.window, max_change_points=self.max_change_points,
                                          min_segment_size=self.min_segment_size, min_points=self.min_points,
                                          cost=self.cost, exponents=self.exponents, **(self.fallback or {}))
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
        # the repetitions' spread overstates the noise of the medians when whole runs are slower
        # (the same run at every size: the medians stay put), the scatter from size to size
        # overstates it where the curve bends: each bounds it from above
        self.sigma_ = np.maximum(np.minimum(point_noise(self.noise_, self.repetitions_, 0.0),
                                            series_noise(self.x_, self.y_)), self.noise_floor)
        breaks = self._search(self.x_, self.y_, self.sigma_)
        self.breakpoints_ = list(breaks) + [len(self.x_)]
        self.shared_ = [False] * len(breaks)
        self.segmented_ = bool(breaks)
        self.statistics_ = [{"candidates": list(self.candidates_), "checks": self.checks_}]
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
        changes = min(int(self.search_changes), n // m - 1)
        if changes < 1 or self.max_change_points < 1:
            return []
        table = loglog_line_costs(x, y, sigma, m)
        # as many changes as pay for their coefficients (BIC: 3 per change, level, slope, place)
        partitions = optimal_partition(table, m, changes)
        penalised = [total + 3 * np.log(n) * k for k, (total, _) in enumerate(partitions)]
        self.candidates_ = list(partitions[int(np.argmin(penalised))][1])
        kept = self._check(x, y, sigma, table, list(self.candidates_))
        if self.short_segments:
            kept = short_pieces(np.log(x), np.log(y), sigma, kept, max_changes=int(self.max_change_points),
                                f_limit=float(self.short_f_limit), reach=int(self.short_reach),
                                min_step=float(self.short_min_step))
        return kept

    def _relocate(self, kept, i, bounds, side, cost, lines, pmnf, smooth, plain, plain_smooth) -> int | None:
        """A failing change one point to the left or right, if it passes there and leaves
        ``min_segment_size`` points to its neighbours (the partition fits lines; a bend next to
        a step can pull the line break one point off). None otherwise."""
        b, reach, best, m = kept[i], int(self.reach), None, int(self.min_segment_size)
        for moved in (b - 1, b + 1):
            if moved in self._tried or moved - bounds[i] < m or bounds[i + 2] - moved < m:
                continue
            self._tried.add(moved)
            a, c = max(bounds[i], moved - reach), min(bounds[i + 2], moved + reach)
            f, size = self._window_test(a, moved, c, side, cost, lines, pmnf, smooth, plain, plain_smooth)
            if f > self.f_limit and size >= self.min_relative_change and (best is None or f > best[1]):
                best = (moved, f)
        return None if best is None else best[0]

    def _window_test(self, a, b, c, side, cost, lines, pmnf, smooth, plain, plain_smooth) -> tuple[float, float]:
        """F and relative size of the change ``b`` judged on the points ``[a, c)``."""
        two = side(a, b) + side(b, c)
        dof = c - a - 4
        single = min(cost(pmnf, a, c), lines[a, c])
        f = _f(single, two, dof) / (1 if self.compare_smooth else 2)  # ≥ F against the smooth function
        size = np.sqrt(cost(plain, a, c) / (c - a))
        if f > self.f_limit and size >= self.min_relative_change and self.compare_smooth:
            f = _f(cost(smooth, a, c), two, dof)
            size = np.sqrt(cost(plain_smooth, a, c) / (c - a))
        return f, size

    def _check(self, x: np.ndarray, y: np.ndarray, sigma: np.ndarray, lines: np.ndarray,
               kept: list[int]) -> list[int]:
        """Keeps the proposed changes that two segments explain better than one function.

        Per change, over the points within ``reach`` on either side (up to the neighbouring
        changes): each side's best two-coefficient fit (a line in log-log space, or
        ``c0 + c1·term``) against the best single function over both sides (``compare_smooth``:
        three coefficients), noise-weighted; F = (S_one − S_two) / (S_two / (points − 4)). The
        weakest failing change goes first and the others are judged again (their reach grows);
        of the passing ones the ``max_change_points`` with the largest F stay.
        """
        scale = relative_scale(y) * sigma
        pmnf = RelativeFitCost(self.exponents).fit(x, y)
        pmnf.scale_ = scale
        smooth = SmoothFitCost(self.exponents).fit(x, y)
        smooth.scale_ = scale
        plain = RelativeFitCost(self.exponents).fit(x, y)  # relative residuals, no noise weights
        plain_smooth = SmoothFitCost(self.exponents).fit(x, y)
        cache: dict[tuple[Any, int, int], float] = {}

        def cost(kind: Any, a: int, c: int) -> float:
            if (id(kind), a, c) not in cache:
                cache[id(kind), a, c] = float(kind.errors([a], [c])[0])
            return cache[id(kind), a, c]

        def prefetch(kind: Any, pairs: list[tuple[int, int]]) -> None:
            missing = sorted({(a, c) for a, c in pairs if (id(kind), a, c) not in cache})
            if missing:
                for (a, c), value in zip(missing, kind.errors(*zip(*missing))):
                    cache[id(kind), a, c] = float(value)

        def side(a: int, c: int) -> float:
            return min(lines[a, c], cost(pmnf, a, c))

        reach = int(self.reach)
        self._tried = set(kept)
        while kept:
            bounds = [0] + kept + [len(x)]
            stats = []
            windows = [(max(bounds[i], b - reach), b, min(bounds[i + 2], b + reach)) for i, b in enumerate(kept)]
            # the round's single-term fits in one vectorized call per kind (most of the check's time)
            prefetch(pmnf, [(a, b) for a, b, _ in windows] + [(b, c) for _, b, c in windows]
                     + [(a, c) for a, _, c in windows])
            prefetch(plain, [(a, c) for a, _, c in windows])
            for i, (a, b, c) in enumerate(windows):
                f, size = self._window_test(a, b, c, side, cost, lines, pmnf, smooth, plain, plain_smooth)
                stats.append((b, float(f), float(size)))
            self.checks_.append(stats)
            failing = [i for i, (_, f, size) in enumerate(stats)
                       if not (f > self.f_limit and size >= self.min_relative_change)]
            if failing:
                worst = min(failing, key=lambda i: stats[i][1])
                moved = self._relocate(kept, worst, bounds, side, cost, lines, pmnf, smooth, plain, plain_smooth)
                if moved is None:
                    kept.pop(worst)
                else:
                    kept[worst] = moved
            elif len(kept) > self.max_change_points:
                kept.pop(int(np.argmin([s[1] for s in stats])))  # the clearest changes stay
            else:
                break
        return kept


def _f(one: float, two: float, dof: int) -> float:
    """F of two segments (4 coefficients) against one function, with ``dof`` residual degrees of
    freedom. The costs are in units of the measured noise, so the residual variance is at least
    1: a scatter larger than measured (a bending curve) raises it, a fit closer than the noise
    (few points) does not lower it."""
    if dof < 1:
        return (one - two)
    return (one - two) / max(two / dof, 1.0)


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


def series_noise(x: np.ndarray, y: np.ndarray, radius: int = 3, quantile: float = 0.25) -> np.ndarray:
    """Per point, the scatter of the series from size to size, in relative (log) units.

    Each inner point's residual from the straight line (in log-log space) through its two
    neighbours, scaled to the standard deviation of one point's log value, is a noise sample
    (zero for any power law, whatever the spacing). Per point: the ``quantile`` of the absolute
    samples within ``radius`` neighbours, divided by that quantile of the half-normal
    distribution. A step spoils the two samples beside it, two steps three points apart four: a
    low quantile of seven samples ignores them.

    Args:
        x, y: the series (positive), sorted.
        radius: neighbours on each side whose samples are pooled.
        quantile: the order statistic used.

    Returns:
        Per point relative scatter (inf for fewer than 3 points: no estimate).
    """
    n = len(x)
    if n < 3:
        return np.full(n, np.inf)
    u, v = np.log(x), np.log(y)
    lam = (u[1:-1] - u[:-2]) / (u[2:] - u[:-2])
    residual = v[1:-1] - (v[:-2] + lam * (v[2:] - v[:-2]))
    samples = np.abs(residual) / np.sqrt(1 + lam ** 2 + (1 - lam) ** 2)
    samples = np.concatenate(([samples[0]], samples, [samples[-1]]))
    scale = float(special.erfinv(quantile) * np.sqrt(2))  # that quantile of |N(0, 1)|
    return np.nanquantile(_windows(samples, radius), quantile, axis=1) / scale


def _windows(values: np.ndarray, radius: int) -> np.ndarray:
    """(n, 2·radius + 1): row i holds ``values[i - radius … i + radius]``, NaN beyond the ends (one
    vectorized quantile or median per point instead of a loop)."""
    padded = np.concatenate((np.full(radius, np.nan), values, np.full(radius, np.nan)))
    return np.lib.stride_tricks.sliding_window_view(padded, 2 * radius + 1)


def point_noise(noise: np.ndarray, repetitions: np.ndarray, floor: float, radius: int = 2) -> np.ndarray:
    """Per point, the relative noise of its value: its own, but at least its neighbourhood's.

    The neighbourhood's noise is the median of the points' own noise within ``radius`` sizes (the
    noise of a sweep changes along it: quiet small messages, noisy large ones); a point with an
    outlying spread keeps its own, larger noise (it is down-weighted), a point that happens to
    look quieter than its neighbours gets theirs.

    Args:
        noise: per point, relative standard error of its value (e.g. the robust one of
            :func:`~extrap_segmented.segmentation.noise.robust_point`).
        repetitions: per point, its number of repetitions.
        floor: smallest relative noise.
        radius: neighbours on each side pooled.

    Returns:
        Per point relative noise (≥ ``floor``).
    """
    noise = np.asarray(noise, dtype=float)
    reps = np.asarray(repetitions, dtype=float)
    usable = reps >= 2
    own = np.where(usable, noise, np.nan)
    windows = _windows(own, radius)
    local = np.full(len(noise), np.nan)
    some = np.any(np.isfinite(windows), axis=1)
    local[some] = np.nanmedian(windows[some], axis=1)
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


def short_pieces(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, kept: list[int], max_changes: int,
                 f_limit: float, reach: int, min_step: float) -> list[int]:
    """Adds changes that leave a segment of one or two points (see the module docstring).

    Args:
        u, v: log x and log y, sorted.
        sigma: per point, the relative noise (standard deviation of v).
        kept: the changes found so far (a change ``b`` lies between points ``b - 1`` and ``b``).
        max_changes: most changes in all.
        f_limit: χ² per point of the piece against the line beside it.
        reach: points that line is fitted to.
        min_step: relative distance by which every point of the piece must miss that line.

    Returns:
        The changes, sorted; one piece at a time is added, pieces beside a kept change first, the
        clearest (largest χ²) first.
    """
    n = len(u)
    kept = sorted(kept)
    least = np.log1p(min_step)
    while len(kept) < max_changes:
        bounds = [0] + kept + [n]
        best = None
        for j in range(len(bounds) - 1):
            a, c = bounds[j], bounds[j + 1]
            for size in (1, 2):
                # (new change, the piece, the line's points, the points across the kept change;
                # None at the series' end)
                options = []
                if a > 0:
                    options.append((a + size, np.arange(a, a + size), np.arange(a + size, min(c, a + size + reach)),
                                    np.arange(max(bounds[j - 1], a - reach), a)))
                if c < n:
                    options.append((c - size, np.arange(c - size, c), np.arange(max(a, c - size - reach), c - size),
                                    np.arange(c, min(n, c + reach))))
                else:
                    options.append((c - size, np.arange(c - size, c), np.arange(max(a, c - size - reach), c - size),
                                    None))
                for change, piece, line, across in options:
                    if len(line) < 3 or change in kept or not 0 < change < n:
                        continue
                    chi2, step = _off_line(u, v, sigma, piece, line)
                    # beside a kept change first: a jump of the last sizes must not take the place of
                    # the second of two close changes
                    rank = (across is not None, chi2)
                    if chi2 <= f_limit or step < least or (best is not None and rank <= best[1]):
                        continue
                    if across is not None and len(across) >= 2:
                        # between its two neighbours' levels: a staircase or a ramp, not a spike
                        other = _line_through(u, v, sigma, across, piece)[0]
                        own = _line_through(u, v, sigma, line, piece)[0]
                        if not np.all((v[piece] - other) * (v[piece] - own) < 0):
                            continue
                    best = (change, rank)
        if best is None:
            break
        kept = sorted(kept + [best[0]])
    return kept


def _line_through(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, points: np.ndarray,
                  at: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The noise-weighted straight line through ``points`` evaluated at ``at``, and the variance of
    that value (its extrapolation error, scaled by the line's misfit where it exceeds the noise)."""
    weight = 1.0 / sigma[points] ** 2
    design = np.column_stack([np.ones(len(points)), u[points]])
    covariance = np.linalg.pinv(design.T @ (design * weight[:, None]))
    coefficients = covariance @ (design.T @ (weight * v[points]))
    residual = (v[points] - design @ coefficients) / sigma[points]
    dof = len(points) - 2
    misfit = max(float(residual @ residual) / dof, 1.0) if dof > 0 else 1.0
    at_design = np.column_stack([np.ones(len(at)), u[at]])
    variance = np.einsum("ij,jk,ik->i", at_design, covariance, at_design) * misfit
    return at_design @ coefficients, variance + misfit * sigma[at] ** 2


def _off_line(u, v, sigma, piece, points) -> tuple[float, float]:
    """χ² per point of ``piece`` against the line through ``points`` (0 unless every point lies on
    the same side), and the smallest distance (log units)."""
    predicted, variance = _line_through(u, v, sigma, points, piece)
    distance = v[piece] - predicted
    if not (np.all(distance > 0) or np.all(distance < 0)):
        return 0.0, 0.0
    return float(np.sum(distance ** 2 / variance) / len(piece)), float(np.min(np.abs(distance)))
