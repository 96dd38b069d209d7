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
* :func:`noise_limit` – the error limit: ``noise_factor`` × pooled noise of the means ×
  sqrt(F quantile(``quantile``; n − 2, pooled degrees of freedom)). The F quantile accounts for
  the residual degrees of freedom of the one-segment fit and for the uncertainty of a noise
  estimate from few repetitions; ``noise_factor`` was calibrated by simulation
  (``benchmarks/segmentation/segmentation_calibration.py``, docs/segmentation.md).
"""
from __future__ import annotations

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
    scale = max(float(np.max(np.abs(values))), 1e-300)
    close = lambda a, b: abs(a - b) <= 1e-6 * scale  # noqa: E731
    return close(np.median(values), median) and close(np.mean(values), mean) and close(np.std(values), std)


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


def robust_point(values: ArrayLike) -> tuple[float, float, int]:
    """Median, robust relative standard error of that median, and count of one point's values.

    The spread is the median absolute deviation (× 1.4826, the normal consistency factor),
    so up to half the repetitions can be slow (another job on the core, a run whose ranks
    landed badly) without inflating it; the median's standard error is 1.2533 × spread / √r.

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
    mad = 1.4826 * float(np.median(np.abs(v - center)))
    return center, 1.2533 * mad / abs(center) / np.sqrt(r), r
