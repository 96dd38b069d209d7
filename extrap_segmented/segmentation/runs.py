"""Whole runs slower or faster than others: per point values with each run's offset removed.

A sweep measured inside one job per repetition (every message size of an MPI benchmark in one
``mpirun``) gives each repetition a level of its own: a run whose ranks landed on busy cores is
×1.4 slower at every size. The spread of the repetitions at one size is then mostly that offset,
which tells nothing about how well the size's median is known: the medians move together with
the runs and stay put from size to size. On the real sweeps of ``fixtures/`` the five runs of a
point spread by 5–20 % while the medians scatter by 0.5–2 %.

When the ``r``-th value of every point comes from the same run (values kept in their order, e.g.
``extrap --keep-values``, or the per-repetition values of the Cube readers), a two-way robust
fit in log space, ``log y[i, r] = f_i + o_r`` (median polish), separates the runs' offsets
``o_r`` from the points' values ``f_i``; the noise of ``f_i`` is that of the residuals. The fit
is used only where the offsets are real: larger than ``offset_limit`` standard errors (with
independent repetitions — one job per point, as with Score-P profiles of separate runs — they are
not, and the medians stay), and not where the repetitions are in ascending or descending order at
most points (values sorted by a tool are no runs).
"""
from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

OFFSET_LIMIT = 5.0
"""Default ``offset_limit``: a run offset counts when it exceeds this many standard errors (with
independent repetitions 0–3 of 290 seeded series of 11–39 points exceed it, by simulation:
the standard error from the pooled residuals runs low)."""
MEDIAN_SE = 1.2533
"""Standard error of a median of normal values in units of σ/√r (√(π/2))."""
MAD_SCALE = 1.4826
"""Normal consistency factor of the median absolute deviation."""


def run_aligned_points(values: ArrayLike, offset_limit: float = OFFSET_LIMIT, sweeps: int = 3
                       ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Per point the value with the runs' offsets removed and its relative noise.

    Args:
        values: (points, runs) array, positive; column ``r`` holds run ``r`` at every point.
        offset_limit: how many standard errors the largest run offset must exceed.
        sweeps: rounds of the median polish.

    Returns:
        ``(center, noise, offsets)`` — per point the median of its values after each run's offset
        is removed, the relative standard error of that median (from the residuals' MAD, as
        :func:`~extrap_segmented.segmentation.noise.robust_point` does from the values'), and the
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
    offsets = np.zeros(runs)
    for _ in range(sweeps):
        level = np.median(logs - offsets, axis=1)
        offsets = np.median(logs - level[:, None], axis=0)
        offsets -= np.median(offsets)
    level = np.median(logs - offsets, axis=1)
    residual = logs - level[:, None] - offsets
    spread = MAD_SCALE * np.median(np.abs(residual - np.median(residual, axis=1)[:, None]), axis=1)
    # an offset is the median over all points of one run's residuals (their scale pooled over
    # all points: the per-point MAD of a few values runs low)
    offset_error = MEDIAN_SE * MAD_SCALE * float(np.median(np.abs(residual))) / np.sqrt(points)
    if not (offset_error > 0 and np.max(np.abs(offsets)) > offset_limit * offset_error):
        return None
    return np.exp(level), MEDIAN_SE * spread / np.sqrt(runs), offsets
