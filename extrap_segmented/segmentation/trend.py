"""The trend-break detection (``mode="trend"``, the modeler's default): steps and breaks in the
trend of log y against log x, as a performance engineer reads them off a log-log plot.

Real sweeps (message sizes 2^0 … 2^22) span six decades, are noisy, heavy-tailed and sometimes
multimodal (whole runs slower than others). This detection therefore works on each point's
**median** of the repetitions and judges differences relative to the value (in log y), in units
of the point's noise σ_i = max(``noise_floor``, min(robust repetition noise, size-to-size
scatter)). The repetition noise is the MAD of the repetitions, pooled over a point's neighbours
by their median (:func:`point_noise`; one slow repetition or one bimodal size does not raise the
noise of the series); it overstates the noise of the medians when whole runs are slower at every
size (the medians stay put), and the scatter of the medians from size to size
(:func:`series_noise`) overstates it where the curve bends: each bounds it from above.

**Where the slope drops.** A cost that is a sum of positive terms ``c_k · x^a_k · log(x)^b_k``
(what a PMNF model of time is) has a log-log slope that never decreases with x: the larger
exponents take over. A knee of latency + bandwidth (α + β·x) is such a curve, and so is any
smooth growth a single regime shows. A step is not: the slope rises into the step and falls
after it (a step down: falls into it and rises after it). So each interior point's **slope
drop** — the log-log slope of the gap before it minus that of the gap after it — in units of its
noise (z) locates a step: a change is reported between the two sizes of the steeper gap beside a
point whose z² exceeds ``f_limit`` and whose step (the slope drop times the gap's log width) is
at least ``min_relative_change`` (relative). A point off both its neighbours in opposite
directions (up, then back down) is one size, not a regime, and is not a change; nor are a step up
and a step down of similar size one or two sizes apart (a bump). Changes are taken clearest
first, never in neighbouring gaps, at most ``max_change_points``.

**Short segments.** A staircase (two steps one or two sizes apart, as in a sweep with every other
size) drops its slope only after its last step, and a change a few sizes before the end of the
series (a cache spill measured up to just past it) has no point after it to drop. So one or two
sizes beside a found change, or at the end of the series, that lie off the straight line through
the ``short_reach`` sizes before them (or after them), all on one side, by χ² per point >
``short_f_limit`` (the line's misfit and its extrapolation error counted as noise) and by at
least ``min_relative_change``, become their own segment — beside a found change only when they
lie between the levels of their two neighbours, that line and the first size across the change
(a staircase or a ramp, not a spike).

Without repetitions, with values or parameters ≤ 0, or with fewer than ``min_trend_points``
points (the generator protocol of docs/segmentation.md has 10), the detection is the
significance test (:class:`~extrap_segmented.segmentation.significance.SignificanceSearch`,
``mode="test"``) on the inputs given.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike
from scipy import special

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.options import check_values
from extrap_segmented.pmnf.terms import term_set
from extrap_segmented.segmentation.options import TREND
from extrap_segmented.segmentation.significance import SignificanceSearch
from extrap_segmented.segmentation.window import WindowSearch

NOISE_FLOOR = TREND["noise_floor"].default
"""Default ``noise_floor`` (declared in :mod:`.options`)."""
MIN_RELATIVE_CHANGE = TREND["min_relative_change"].default
"""Default ``min_relative_change`` (declared in :mod:`.options`)."""
MIN_TREND_POINTS = 11
"""Default ``min_trend_points``: shorter series go to the significance test (whose calibration on
the 10-point generator protocol stays as it was)."""
F_LIMIT = TREND["trend_f_limit"].default
"""Default ``f_limit`` (the modeler's ``trend_f_limit``, declared in :mod:`.options`)."""
SHORT_F_LIMIT = 50.0
"""Default ``short_f_limit``: a piece of one or two sizes has no within-piece scatter to judge it
by, so it must miss the line beside it by far more than the noise."""


class TrendBreakSearch(WindowSearch):
    """Slope-drop search in log-log space (see the module docstring).

    Args:
        f_limit: z² of a point's slope drop (in units of its noise) a change needs; > 0.
        min_relative_change: smallest relative step of a change (and of a short piece); ≥ 0.
        noise_floor: smallest relative noise of a point; default 0.005.
        min_trend_points: fewest points this search judges (shorter series: the fallback).
        short_segments: also look for segments of one or two sizes (see the module docstring).
        short_f_limit: χ² per point by which such a short piece must miss the line beside it; > 0.
        short_reach: sizes that line is fitted to; ≥ 2.
        fallback: keyword options of the significance test used where this search does not
            apply (see the module docstring).
        window, max_change_points, min_segment_size, min_points, cost, exponents: see
            :class:`~extrap_segmented.segmentation.window.WindowSearch` (``window``,
            ``min_segment_size``, ``cost`` and ``exponents`` matter only for the fallback).

    Fitted attributes besides :class:`WindowSearch`'s: ``method_`` ("trend" or "test"),
    ``sigma_`` (per point, the relative noise used; None for "test"), ``corners_`` (per interior
    point whose slope drops, after spikes are set aside: the change it points to, z², relative
    step), ``candidates_`` (the changes of the corners that pass), ``fallback_`` (the fitted
    significance test, or None).
    """

    def __init__(self, *, window: int = 5, max_change_points: int = 2, min_segment_size: int = 3,
                 min_points: int = 6, cost: str = "relative", exponents: ArrayLike | None = None,
                 f_limit: float = F_LIMIT, min_relative_change: float = MIN_RELATIVE_CHANGE,
                 noise_floor: float = NOISE_FLOOR, min_trend_points: int = MIN_TREND_POINTS,
                 short_segments: bool = True, short_f_limit: float = SHORT_F_LIMIT, short_reach: int = 3,
                 fallback: dict[str, Any] | None = None):
        super().__init__(window=window, max_change_points=max_change_points, min_segment_size=min_segment_size,
                         min_points=min_points, cost=cost, exponents=exponents)
        self.f_limit = f_limit
        self.min_relative_change = min_relative_change
        self.noise_floor = noise_floor
        self.min_trend_points = min_trend_points
        self.short_segments = short_segments
        self.short_f_limit = short_f_limit
        self.short_reach = short_reach
        self.fallback = fallback

    def _validate_parameters(self) -> None:
        super()._validate_parameters()
        # the declared options (the modeler's trend_f_limit is f_limit here); the short-piece
        # options are expert options the modeler does not expose
        check_values({"f_limit": self.f_limit, "noise_floor": self.noise_floor,
                      "min_relative_change": self.min_relative_change},
                     {"f_limit": TREND["trend_f_limit"], "noise_floor": TREND["noise_floor"],
                      "min_relative_change": TREND["min_relative_change"]})
        if not (isinstance(self.short_f_limit, (int, float)) and np.isfinite(self.short_f_limit)
                and self.short_f_limit > 0):
            raise InvalidInputError(f"short_f_limit must be a finite number > 0, got {self.short_f_limit!r}")
        if int(self.short_reach) != self.short_reach or self.short_reach < 2:
            raise InvalidInputError(f"short_reach must be an integer ≥ 2, got {self.short_reach!r}")

    def applies(self, x: ArrayLike, y: ArrayLike) -> bool:
        """True when this search (not the fallback) will judge the series, given repetitions:
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
        self.corners_ = []
        self.candidates_ = []
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
        breaks = self._search(np.log(self.x_), np.log(self.y_), self.sigma_)
        self.breakpoints_ = list(breaks) + [len(self.x_)]
        self.shared_ = [False] * len(breaks)
        self.segmented_ = bool(breaks)
        self.statistics_ = [{"corners": list(self.corners_), "candidates": list(self.candidates_)}]
        return self

    def _take(self, fitted: SignificanceSearch) -> None:
        """Adopts the fitted attributes of the fallback detection."""
        self.method_ = "test"
        self.fallback_ = fitted
        for name, value in vars(fitted).items():
            if name.endswith("_") and not name.startswith("_"):
                setattr(self, name, value)

    def passes(self, corner: tuple[int, float, float]) -> bool:
        """True when a slope drop of ``corners_`` passes the limits (z² > ``f_limit``, step ≥
        ``min_relative_change``), before the bump rule, the cap and the short segments."""
        _, z2, step = corner
        return z2 > self.f_limit and abs(step) >= np.log1p(float(self.min_relative_change))

    def _search(self, u: np.ndarray, v: np.ndarray, sigma: np.ndarray) -> list[int]:
        if self.max_change_points < 1:
            return []
        exponents = term_set(self.exponents)
        self.corners_ = slope_drops(u, v, sigma, float(np.max(exponents[:, 1], initial=0.0)))
        bumps = set()
        for first, second in zip(self.corners_, self.corners_[1:]):
            # up and back down (or down and back up) over one or two sizes: a bump, not a regime
            # (judged on every drop: near small x a log factor's allowance can hide one side)
            if second[0] - first[0] <= 3 and first[2] * second[2] < 0 and \
                    min(abs(first[2]), abs(second[2])) >= 0.5 * max(abs(first[2]), abs(second[2])):
                bumps.update((first[0], second[0]))
        passing = sorted((c for c in self.corners_ if self.passes(c) and c[0] not in bumps), key=lambda c: -c[1])
        self.candidates_ = [c[0] for c in passing]
        kept: list[int] = []
        for change, _, _ in passing:
            # two neighbouring gaps are one step spread over both (a ramp): the clearer one stays
            if len(kept) < self.max_change_points and all(abs(change - k) > 1 for k in kept):
                kept.append(change)
        kept.sort()
        if self.short_segments:
            kept = short_pieces(u, v, sigma, kept, max_changes=int(self.max_change_points),
                                f_limit=float(self.short_f_limit), reach=int(self.short_reach),
                                min_step=float(self.min_relative_change),
                                steepest=(float(np.max(exponents[:, 0], initial=0.0)),
                                          float(np.max(exponents[:, 1], initial=0.0))))
        return kept


def slope_drops(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, log_exponent: float = 2.0
                ) -> list[tuple[int, float, float]]:
    """Per interior point whose log-log slope drops more than a PMNF cost's can: the change it
    points to, z² and step.

    A term ``x^i · log2(x)^j`` has the log-log slope ``i + j / ln x``: its log factor lets the
    slope of a sum of positive terms fall by at most ``j`` times the fall of ``1 / ln x`` (an
    O(log p) collective falls from slope 1 between p = 2 and 4 to 0.58 between 4 and 8). That
    much is allowed, with ``j`` the search space's largest log exponent; only the drop beyond it
    counts. Where x ≤ 1 a log factor is not positive (nothing is allowed); beside a gap across
    x = 1, where a log term starts from 0, no drop is judged.

    Args:
        u, v: log x and log y, sorted.
        sigma: per point, the relative noise (standard deviation of v).
        log_exponent: the largest log exponent ``j`` of the cost's terms.

    Returns:
        ``(change, z², step)`` per point p with a drop beyond the allowed one (z > 0; z² of that
        excess), spikes left out: ``change`` is the
        steeper of the two gaps beside p (``p`` for the gap before it: a step up; ``p + 1`` for
        the gap after it: a step down; a change ``b`` lies between points ``b - 1`` and ``b``),
        ``step`` the drop times that gap's width in log x (the relative step in log units,
        negative for a step down).
    """
    width = np.diff(u)
    slope = np.diff(v) / width
    # the slope of log(ln x) over each gap: a log factor's share of a cost's slope; for x ≤ 1 a log
    # factor is ≤ 0 (no term of a positive cost), across x = 1 it starts from 0 (no bound)
    with np.errstate(all="ignore"):
        log_slope = np.where(u[1:] <= 0, 0.0, np.where(u[:-1] > 0, np.diff(np.log(u)) / width, np.nan))
    result = []
    for p in range(1, len(u) - 1):
        before, after = slope[p - 1], slope[p]
        a, b = 1.0 / width[p - 1], 1.0 / width[p]
        variance = (a * sigma[p - 1]) ** 2 + ((a + b) * sigma[p]) ** 2 + (b * sigma[p + 1]) ** 2
        allowed = log_exponent * (log_slope[p - 1] - log_slope[p])
        if not np.isfinite(allowed):
            continue
        drop = before - after
        excess = drop - max(allowed, 0.0)  # what no term's log factor explains
        if excess <= 0:
            continue
        rise, fall = abs(before) * width[p - 1], abs(after) * width[p]
        if before * after < 0 and min(rise, fall) >= 0.5 * max(rise, fall):
            continue  # up, then back down (or down, then back up): one size off its neighbours
        if abs(before) >= abs(after):  # a step up into p
            result.append((p, float(excess ** 2 / variance), float(drop * width[p - 1])))
        else:  # a step down after p
            result.append((p + 1, float(excess ** 2 / variance), float(-drop * width[p])))
    return result


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


def short_pieces(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, kept: list[int], max_changes: int,
                 f_limit: float, reach: int, min_step: float,
                 steepest: tuple[float, float] | None = None) -> list[int]:
    """Adds changes that leave a segment of one or two points (see the module docstring).

    Args:
        u, v: log x and log y, sorted.
        sigma: per point, the relative noise (standard deviation of v).
        kept: the changes found so far (a change ``b`` lies between points ``b - 1`` and ``b``).
        max_changes: most changes in all.
        f_limit: χ² per point of the piece against the line beside it.
        reach: points that line is fitted to.
        min_step: relative distance by which every point of the piece must miss that line.
        steepest: ``(i, j)``, the largest polynomial and log exponent of the cost's terms: a piece
            at the series' end needs a log-log slope into or within it above ``i + j / ln x``
            (by two standard errors); None: no piece at the end.

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
                # (new change, the piece, the line's points, the nearest size across the kept
                # change; None at the series' end)
                options = []
                if a > 0:
                    options.append((a + size, np.arange(a, a + size), np.arange(a + size, min(c, a + size + reach)),
                                    a - 1))
                if c < n:
                    options.append((c - size, np.arange(c - size, c), np.arange(max(a, c - size - reach), c - size),
                                    c))
                elif steepest is not None and _steeper_than(u, v, sigma, c - size - 1, n - 1, steepest):
                    # at the series' end only a rise no term of the cost can make (a knee of
                    # α + β·x^a at the last sizes is smooth; a cache spill is far steeper)
                    options.append((c - size, np.arange(c - size, c), np.arange(max(a, c - size - reach), c - size),
                                    None))
                for change, piece, line, across in options:
                    if len(line) < 3 or change in kept or not 0 < change < n:
                        continue
                    chi2, step, off = _off_line(u, v, sigma, piece, line)
                    # beside a kept change first: a jump of the last sizes must not take the place of
                    # the second of two close changes
                    rank = (across is not None, chi2)
                    if chi2 <= f_limit or step < least or (best is not None and rank <= best[1]):
                        continue
                    # between its two neighbours' levels, the line and the nearest size across the
                    # kept change: a staircase or a ramp, not a spike (a steep regime's line
                    # extrapolated backwards would fall far below its first value)
                    if across is not None and not np.all((v[piece] - v[across]) * off < 0):
                        continue
                    best = (change, rank)
        if best is None:
            break
        kept = sorted(kept + [best[0]])
    return kept


def _steeper_than(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, first: int, last: int,
                  steepest: tuple[float, float]) -> bool:
    """True when a gap between points ``first`` … ``last`` rises in log-log by more than any term
    ``x^i · log2(x)^j`` of the cost can (slope ``i + j / ln x``), by two standard errors."""
    poly, log = steepest
    for k in range(max(first, 0), last):
        width = u[k + 1] - u[k]
        bound = poly + (log / u[k] if u[k] > 0 else np.inf)
        error = np.hypot(sigma[k], sigma[k + 1]) / width
        if (v[k + 1] - v[k]) / width - bound > 2 * error:
            return True
    return False


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


def _off_line(u, v, sigma, piece, points) -> tuple[float, float, np.ndarray]:
    """χ² per point of ``piece`` against the line through ``points`` (0 unless every point lies on
    the same side), the smallest distance (log units) and the signed distances."""
    predicted, variance = _line_through(u, v, sigma, points, piece)
    distance = v[piece] - predicted
    if not (np.all(distance > 0) or np.all(distance < 0)):
        return 0.0, 0.0, distance
    return float(np.sum(distance ** 2 / variance) / len(piece)), float(np.min(np.abs(distance))), distance
