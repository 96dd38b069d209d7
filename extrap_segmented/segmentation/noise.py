"""Measurement noise from repetitions: per point, pooled (robust), and the error limit it implies.

The default detection compares the relative RMS error of one segment with a limit. Without
repetitions the limit is fixed (6 %, enough for up to 5 % uniform noise). With repetitions the
noise is measured, so the limit follows it both ways: low measured noise lowers it (small
changes become visible), high noise raises it.

* :func:`repetition_noise` – per point, the relative standard error of the mean of its
  repetitions and the number of repetitions;
* :func:`pooled_noise` – one robust estimate over the points of a series part: the median of
  the per-point variances, corrected for the median's bias (χ² median), so a point with an
  outlying repetition does not move it;
* :func:`run_aligned_points` – per point the value and noise with whole runs' offsets removed,
  where kept repetitions are runs (see its docstring); :func:`with_runs_aligned` – the points a
  detection judges from such values;
* :func:`rank_aligned_points` – the same for values in no known order (recovered from a
  summary), aligned by rank; :func:`with_ranks_aligned` – the points a detection judges from them;
* :func:`noise_limit` – the error limit: ``noise_factor`` × pooled noise of the means ×
  sqrt(F quantile(``quantile``; n − 2, pooled degrees of freedom)). The F quantile accounts for
  the residual degrees of freedom of the one-segment fit and for the uncertainty of a noise
  estimate from few repetitions; ``noise_factor`` was calibrated by simulation
  (``benchmarks/segmentation/segmentation_calibration.py``, docs/segmentation.md).
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

import numpy as np
from numpy.typing import ArrayLike
from scipy import special  # not scipy.stats: its import costs ~0.4 s of every run

from extrap_segmented.exceptions import InvalidInputError


def repetition_noise(values: Sequence[ArrayLike]) -> tuple[np.ndarray, np.ndarray]:
    """Per point: relative standard error of the mean, and the number of repetitions.

    Args:
        values: per point, the values of its repetitions (NaN ignored).

    Returns:
        ``(noise, repetitions)``: ``std(ddof=1) / |mean| / sqrt(r)`` (0 for one repetition or a
        zero mean) and ``r``, each of shape (n,).
    """
    noise, reps = [], []
    for point in values:
        v = np.asarray(point, dtype=float).ravel()
        v = v[np.isfinite(v)]
        r = len(v)
        mean = float(np.mean(v)) if r else 0.0
        noise.append(float(np.std(v, ddof=1)) / abs(mean) / np.sqrt(r) if r >= 2 and mean else 0.0)
        reps.append(r)
    return np.asarray(noise, dtype=float), np.asarray(reps, dtype=int)


def pooled_noise(noise: ArrayLike, repetitions: ArrayLike | None = None) -> tuple[float, float]:
    """Robust pooled relative noise of the means of a series part.

    Args:
        noise: per point, the relative standard error of its mean.
        repetitions: per point, its number of repetitions (None: the noise is taken as known
            exactly, infinite degrees of freedom).

    Returns:
        ``(sigma, dof)``: relative standard error of a mean with the typical (median) number of
        repetitions, and the degrees of freedom of the estimate (sum of ``r - 1`` over the
        points with ≥ 2 repetitions; ``inf`` without repetition counts). ``(0, 0)`` when no
        point has two repetitions.
    """
    noise = np.asarray(noise, dtype=float)
    if repetitions is None:
        return (float(np.median(noise)) if len(noise) else 0.0), np.inf
    reps = np.broadcast_to(np.asarray(repetitions, dtype=float), noise.shape)
    usable = reps >= 2
    if not usable.any():
        return 0.0, 0.0
    r = reps[usable]
    # variance of one repetition, per point; their median is robust to a point with an outlier
    single = noise[usable] ** 2 * r
    df = r - 1
    typical_df = float(np.median(df))
    bias = _chi2_median(typical_df) / typical_df  # median of chi²_df / df (< 1)
    variance = float(np.median(single)) / bias
    return float(np.sqrt(variance / np.median(r))), float(df.sum())


def noise_limit(sigma: float, dof: float, points: int, noise_factor: float, quantile: float = 0.99) -> float:
    """Relative RMS error one segment may show by noise alone.

    Args:
        sigma: pooled relative noise of the means (:func:`pooled_noise`).
        dof: its degrees of freedom (``inf``: known exactly).
        points: points of the series part (the one-segment fit has ``points - 2`` residual
            degrees of freedom).
        noise_factor: calibrated factor (≥ 0).
        quantile: F quantile, in (0, 1).

    Returns:
        ``noise_factor * sigma * sqrt(F_quantile(points - 2, dof))`` (0 for ``sigma`` 0).

    Raises:
        InvalidInputError: quantile outside (0, 1).
    """
    if not 0 < quantile < 1:
        raise InvalidInputError(f"noise_quantile must be in (0, 1), got {quantile!r}")
    if sigma <= 0 or dof <= 0:
        return 0.0
    return float(noise_factor * sigma * np.sqrt(_f_quantile(quantile, max(points - 2, 1), float(dof))))


# scipy's distribution functions take ~0.1 ms a call; a search asks for the same few values often.
# The special functions are what scipy.stats' chi2 and f distributions compute (scipy 1.17:
# chi2.ppf(q, df) = 2 gammaincinv(df/2, q), f.ppf(q, m, d) = fdtri(m, d, q); the same bits,
# tests/unit/segmentation/test_segmentation_core.py compares them).
@lru_cache(maxsize=4096)
def _chi2_median(df: float) -> float:
    return float(2 * special.gammaincinv(df / 2, 0.5))


@lru_cache(maxsize=4096)
def _f_quantile(quantile: float, m: int, dof: float) -> float:
    return float(2 * special.gammaincinv(m / 2, quantile) / m if np.isinf(dof) else special.fdtri(m, dof, quantile))


def values_from_summary(minimum: float, median: float, maximum: float, mean: float, std: float,
                        repetitions: int) -> np.ndarray | None:
    """The repetitions' values, recovered exactly from their summary when there are at most five.

    Extra-P keeps of each point only minimum, median, maximum, mean and the (population)
    standard deviation unless values are kept (``--keep-values``). For r ≤ 5 these determine
    the sorted values: r = 3 is (min, median, max); for r = 4 and 5 the two unknown inner
    values have a known sum (from the mean) and sum of squares (from the standard deviation),
    so they are the roots of a quadratic. A robust spread (MAD) then needs no kept values.

    Args:
        minimum, median, maximum, mean, std: Extra-P's summary of one point (``std`` with
            divisor r, as ``numpy.ma.std``).
        repetitions: r.

    Returns:
        The sorted values (r,), or None for r > 5 or r < 1, or when the summary is inconsistent
        (rounding far beyond the values' precision).
    """
    r = int(repetitions)
    if r == 1:
        return np.array([median], dtype=float)
    if r == 2:
        values = np.array([minimum, maximum], dtype=float)
    elif r == 3:
        values = np.array([minimum, median, maximum], dtype=float)
    elif r in (4, 5):
        values = _inner_values(minimum, median, maximum, mean, std, r)
    else:
        return None
    # a summary over more values than repetitions (Cube data: repetitions × ranks) is not theirs
    if values is None or not _summarises(values, median, mean, std):
        return None
    return values


def _summarises(values: np.ndarray, median: float, mean: float, std: float) -> bool:
    """True when ``values`` have the given median, mean and population standard deviation
    (up to rounding)."""
    # plain Python on at most five values: numpy's per-call cost would be most of a kernel's time
    ordered = sorted(float(v) for v in values)
    r = len(ordered)
    scale = max(abs(ordered[0]), abs(ordered[-1]), 1e-300)
    close = lambda a, b: abs(a - b) <= 1e-6 * scale  # noqa: E731
    middle = ordered[r // 2] if r % 2 else (ordered[r // 2 - 1] + ordered[r // 2]) / 2
    average = math.fsum(ordered) / r
    deviation = math.sqrt(math.fsum((v - average) ** 2 for v in ordered) / r)
    return close(middle, median) and close(average, mean) and close(deviation, std)


def _inner_values(minimum: float, median: float, maximum: float, mean: float, std: float, r: int):
    """The sorted values of 4 or 5 repetitions from their summary (None when inconsistent)."""
    total = r * mean - minimum - maximum
    squares = r * (std * std + mean * mean) - minimum * minimum - maximum * maximum
    if r == 5:
        total -= median
        squares -= median * median
    # the two inner unknowns a ≤ b: a + b = total, a² + b² = squares
    spread = 2 * squares - total * total  # (b - a)²
    scale = max(abs(maximum), abs(minimum), 1e-300)
    if spread < -1e-9 * scale * scale * r:
        return None
    half = np.sqrt(max(spread, 0.0)) / 2
    a, b = total / 2 - half, total / 2 + half
    inner = [a, median, b] if r == 5 else [a, b]
    values = np.array([minimum] + inner + [maximum], dtype=float)
    if a < minimum - 1e-9 * scale or b > maximum + 1e-9 * scale:
        return None
    return np.sort(values)


MEDIAN_SE = 1.2533
"""Standard error of a median of normal values in units of σ/√r (√(π/2))."""
MAD_SCALE = 1.4826
"""Normal consistency factor of the median absolute deviation."""


def robust_point(values: ArrayLike) -> tuple[float, float, int]:
    """Median, robust relative standard error of that median, and count of one point's values.

    The spread is the median absolute deviation (× ``MAD_SCALE``, the normal consistency factor),
    so up to half the repetitions can be slow (another job on the core, a run whose ranks
    landed badly) without inflating it; the median's standard error is ``MEDIAN_SE`` × spread / √r.

    Args:
        values: the repetitions' values (NaN ignored).

    Returns:
        ``(median, relative standard error, r)``; the error is 0 for r < 2 or a zero median.
    """
    v = np.asarray(values, dtype=float).ravel()
    v = v[np.isfinite(v)]
    r = len(v)
    if r == 0:
        return float("nan"), 0.0, 0
    center = float(np.median(v))
    if r < 2 or center == 0:
        return center, 0.0, r
    mad = MAD_SCALE * float(np.median(np.abs(v - center)))
    return center, MEDIAN_SE * mad / abs(center) / np.sqrt(r), r


def robust_points(rows: ArrayLike) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`robust_point` of every row of a (points × repetitions) array of finite values at
    once: the same figures, one vectorised median instead of a loop over the points (the loop was
    a fifth of the segmented modeler's time per kernel on the real sweeps)."""
    v = np.asarray(rows, dtype=float)
    if v.ndim != 2 or v.shape[1] == 0 or not np.all(np.isfinite(v)):
        raise InvalidInputError("robust_points needs a 2-D array of finite values, at least one per row; "
                                "use robust_point per point")
    r = v.shape[1]
    center = np.median(v, axis=1)
    mad = MAD_SCALE * np.median(np.abs(v - center[:, None]), axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        noise = np.where((r >= 2) & (center != 0), MEDIAN_SE * mad / np.abs(center) / np.sqrt(r), 0.0)
    return center, noise, np.full(len(v), r)


# -- whole runs slower or faster than others ------------------------------------------------------
OFFSET_LIMIT = 5.0
"""Default ``offset_limit``: a run offset counts when it exceeds this many standard errors (with
independent repetitions 0–3 of 290 seeded series of 11–39 points exceed it, by simulation:
the standard error from the pooled residuals runs low)."""


def run_aligned_points(values: ArrayLike, offset_limit: float = OFFSET_LIMIT, sweeps: int = 3
                       ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Per point the value with whole runs' offsets removed and its relative noise.

    A sweep measured inside one job per repetition (every message size of an MPI benchmark in one
    ``mpirun``) gives each repetition a level of its own: a run whose ranks landed on busy cores
    is ×1.4 slower at every size. The spread of the repetitions at one size is then mostly that
    offset, which tells nothing about how well the size's median is known: the medians move with
    the runs and stay put from size to size (on the real sweeps of ``fixtures/`` the five runs of
    a point spread by 5–20 %, the medians scatter by 0.5–2 %). When the ``r``-th value of every
    point comes from the same run (values kept in their order: ``extrap --keep-values``, or the
    per-repetition values of the Cube readers), a two-way robust fit in log space,
    ``log y[i, r] = f_i + o_r`` (median polish), separates the runs' offsets ``o_r`` from the
    points' values ``f_i``, whose noise is that of the residuals. Used only where the offsets are
    real — the largest beyond ``offset_limit`` standard errors (with independent repetitions, one
    job per point, they are noise and the medians stay) — and not where the values are in
    ascending or descending order at most points (values sorted by a tool are no runs).

    Args:
        values: (points, runs) array, positive; column ``r`` holds run ``r`` at every point.
        offset_limit: how many standard errors the largest run offset must exceed.
        sweeps: rounds of the median polish.

    Returns:
        ``(center, noise, offsets)`` — per point the median of its values after each run's offset
        is removed, the relative standard error of that median (from the residuals' MAD, as
        :func:`robust_point` does from the values'), and the
        runs' relative offsets (log units, median 0) — or None where the offsets are not
        significant, the values are mostly sorted, fewer than 3 runs or 4 points are given or a
        value is not positive and finite.
    """
    v = np.asarray(values, dtype=float)
    if v.ndim != 2 or v.shape[0] < 4 or v.shape[1] < 3 or not np.all(np.isfinite(v)) or np.any(v <= 0):
        return None
    logs = np.log(v)
    steps = np.diff(logs, axis=1)
    if np.mean(np.all(steps >= 0, axis=1) | np.all(steps <= 0, axis=1)) >= 0.5:
        return None
    points, runs = logs.shape
    level, offsets, residual, spread = _median_polish(logs, sweeps)
    # an offset is the median over all points of one run's residuals (their scale pooled over
    # all points: the per-point MAD of a few values runs low)
    offset_error = MEDIAN_SE * MAD_SCALE * float(np.median(np.abs(residual))) / np.sqrt(points)
    if not (offset_error > 0 and np.max(np.abs(offsets)) > offset_limit * offset_error):
        return None
    return np.exp(level), MEDIAN_SE * spread / np.sqrt(runs), offsets


def with_runs_aligned(values: ArrayLike, center: np.ndarray, noise: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``center`` and ``noise`` of the points of ``values`` (kept in their runs' order, as
    :func:`run_aligned_points` takes them) with whole runs' offsets removed where they are real;
    the noise at most the given one (the runs' alignment may leave a point noisier than its
    repetitions' own spread says). Where :func:`run_aligned_points` finds no offsets the runs'
    order tells nothing more than the values do: they are aligned by rank
    (:func:`with_ranks_aligned`), as values from a summary are."""
    aligned = run_aligned_points(values)
    if aligned is None:
        return with_ranks_aligned(values, center, noise)
    return aligned[0], np.minimum(aligned[1], noise)


def _median_polish(logs: np.ndarray, sweeps: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Two-way robust fit ``logs[i, r] = level_i + offset_r`` (Tukey's median polish, offsets of
    median 0): the levels, the offsets, the residuals and each row's spread of its residuals
    (``MAD_SCALE`` × MAD)."""
    offsets = np.zeros(logs.shape[1])
    for _ in range(sweeps):
        level = np.median(logs - offsets, axis=1)
        offsets = np.median(logs - level[:, None], axis=0)
        offsets -= np.median(offsets)
    level = np.median(logs - offsets, axis=1)
    residual = logs - level[:, None] - offsets
    spread = MAD_SCALE * np.median(np.abs(residual - np.median(residual, axis=1)[:, None]), axis=1)
    return level, offsets, residual, spread


# -- values without their runs' order (recovered from a summary) -----------------------------------
RANK_NOISE_FACTORS = {3: 3.30, 4: 2.80, 5: 2.86}
"""Per number of values r: the standard deviation of the rank-aligned value of a point over the
typical noise from its residuals (``MEDIAN_SE`` × MAD / √r of one point's residuals, its median
over the sizes), with independent log-normal repetitions (σ 0.02–0.2, 23 sizes, 1500 series each;
the same within ±0.05 at every σ). Removing each rank's place takes most of the residuals' spread
with it; these factors give it back, so that with independent repetitions the noise is that of
the value (``python benchmarks/segmentation/rank_noise_calibration.py``)."""
RANK_POOLED_FACTORS = {3: 3.80, 4: 2.64, 5: 2.93}
"""The same for the residuals pooled over ``RANK_RADIUS`` sizes on each side (one MAD of all their
residuals)."""
RANK_RADIUS = 3
"""Sizes on each side whose residuals are pooled into a point's noise (see
:func:`rank_aligned_points`)."""


def rank_aligned_points(values: ArrayLike, radius: int = RANK_RADIUS, sweeps: int = 3
                        ) -> tuple[np.ndarray, np.ndarray] | None:
    """Per point the value with each rank's offset removed and its relative noise, for values
    whose runs are not known (recovered from Extra-P's summary, which keeps no order).

    A sweep measured inside one job per repetition gives each run a level of its own (see
    :func:`run_aligned_points`), and a run that is slow at one size is mostly slow at the next:
    the k-th smallest values of neighbouring sizes mostly come from the same run. So the values
    of each point are sorted and the same two-way robust fit, ``log y[i, (k)] = f_i + o_k``, is
    made over the ranks k instead of the runs. Its ``f_i`` does not move when a point's middle
    value switches between runs: every other size of a 4-rank linear Alltoallv, where runs 1–4
    stay put while the fifth moves from the middle to one end, has a median ×1.44 up at 2|8 B and
    ×0.73 down at 128|512 B, and no step in ``f_i``. Its residuals tell how well ``f_i`` is
    known. Removing each rank's place also takes most of the residuals' spread with it (the
    smallest of five values lies below the middle one whatever the noise); with independent
    repetitions ``RANK_NOISE_FACTORS`` and ``RANK_POOLED_FACTORS`` give that back. The noise
    is the larger of the point's own residuals' and those pooled over ``radius`` sizes on each
    side (three to five residuals can look quiet by chance).

    Args:
        values: (points, repetitions) array, positive and finite, in any order within a row.
        radius: sizes on each side whose residuals are pooled.
        sweeps: rounds of the median polish.

    Returns:
        ``(center, noise)`` per point, or None for fewer than 4 points, fewer than 3 or more than
        5 values per point (no calibration) or a value that is not positive and finite.
    """
    fitted = rank_fit(values, radius, sweeps)
    if fitted is None:
        return None
    center, own, pooled = fitted
    ranks = np.shape(values)[1]
    return center, np.maximum(RANK_NOISE_FACTORS[ranks] * own, RANK_POOLED_FACTORS[ranks] * pooled)


def rank_fit(values: ArrayLike, radius: int = RANK_RADIUS, sweeps: int = 3
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The fit of :func:`rank_aligned_points` before calibration: per point the rank-aligned
    value, and the relative noise from its own residuals and from those pooled over ``radius``
    sizes on each side (each ``MEDIAN_SE`` × spread / √r, without the factors); None where
    :func:`rank_aligned_points` gives None."""
    v = np.asarray(values, dtype=float)
    if v.ndim != 2 or v.shape[0] < 4 or v.shape[1] not in RANK_NOISE_FACTORS or not np.all(np.isfinite(v)) \
            or np.any(v <= 0):
        return None
    points, ranks = v.shape
    level, _, residual, own = _median_polish(np.log(np.sort(v, axis=1)), sweeps)
    windows = [residual[max(0, i - radius):i + radius + 1] for i in range(points)]
    pooled = MAD_SCALE * np.array([np.median(np.abs(w)) for w in windows])
    scale = MEDIAN_SE / np.sqrt(ranks)
    return np.exp(level), own * scale, pooled * scale


def with_ranks_aligned(values: ArrayLike, center: np.ndarray, noise: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``center`` and ``noise`` of the points of ``values`` (in no known order) aligned by rank
    (:func:`rank_aligned_points`), the noise at most the given one. Unchanged where it gives
    None."""
    aligned = rank_aligned_points(values)
    if aligned is None:
        return center, noise
    return aligned[0], np.minimum(aligned[1], noise)
