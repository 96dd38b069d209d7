"""The default detection (``mode="test"``): one segment against two, with an F test.

Relative least-squares fits (spread-independent, each point weighed by its own magnitude) of
the whole series part and of both sides of every admissible split. Segmented if the
one-segment relative RMS error exceeds the error limit and the F statistic of the best split exceeds ``f_limit``, or — for nearly noise-free data,
with ≥ ``exact_min_dof`` residual degrees of freedom n − 4 — the error exceeds
``exact_relative_error`` and F exceeds ``exact_f_limit``. When a rule fires and
``compare_smooth`` is on, two segments must also beat the best smooth *single* function (the
``smooth_cost``, by default two terms of the set or one term with a continuous exponent: one
coefficient fewer than two segments) by that rule's F limit, and for the first rule that
function's relative RMS error must exceed ``smooth_error_ratio`` × the error limit, so a smooth
function outside the search space is not mistaken for a change. The change is the best split
near the window pattern.

The error limit is ``min_relative_error`` without a noise estimate. When repetitions reveal the
noise (``fit(noise=..., repetitions=...)``), it follows that noise both ways:
``noise_factor`` × pooled robust noise of the means × sqrt(F quantile) (see
:mod:`~extrap_segmented.segmentation.noise`), at least ``exact_relative_error``.

Quantised values (event counts; ``quantum_`` > 0) are not segmented when a single function
of the set stays within ``quantisation_steps`` quantisation steps of every value of the part
(minimax offset of its absolute least-squares fit): such a "change" is smaller than the counting
noise.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from extrap_segmented.options import check_options
from extrap_segmented.pmnf.terms import evaluate_terms, has_log, term_set
from extrap_segmented.segmentation.costs import SegmentCost, resolve_cost
from extrap_segmented.segmentation.noise import noise_limit, pooled_noise
from extrap_segmented.segmentation.options import NOISE_FACTOR, TEST  # noqa: F401 (NOISE_FACTOR: its old home)
from extrap_segmented.segmentation.window import WindowSearch


class SignificanceSearch(WindowSearch):
    """One- vs two-segment significance test (see the module docstring).

    Args:
        min_relative_error: one-segment relative RMS error needed (first rule) when no noise
            estimate is available (one repetition); default 0.06.
        f_limit: F statistic needed together with the error limit; default 10.
        noise_factor: with a noise estimate the error limit is this factor × the pooled noise of
            the means × sqrt(F quantile); default 1.5 (calibrated by simulation, see
            docs/segmentation.md); ≥ 0.
        noise_quantile: the F quantile's level; default 0.99; in (0, 1).
        exact_relative_error: second rule (near noise-free data): one-segment relative RMS error
            needed; default 0.005. The rule applies only while the noise limit stays below it,
            which is also the lowest error limit a noise estimate can give.
        quantisation_steps: quantised values are not segmented when a single function of the
            set stays within this many steps of every value; default 1; ≥ 0.
        exact_f_limit: F statistic the second rule needs; default 1e4.
        exact_min_dof: residual degrees of freedom (n − 4) the second rule needs; default 3.
        compare_smooth: also compare two segments against the best smooth single function;
            default True.
        smooth_error_ratio: that function's relative RMS error must exceed this fraction of the
            error limit (first rule); default 0.5; ≥ 0.
        smooth_cost: the smooth single function's segment cost: a name (default ``"smooth"``,
            built with ``exponents``) or an instance with ``fit``/``errors``.
        window, max_change_points, min_segment_size, min_points, cost, exponents: see
            :class:`~extrap_segmented.segmentation.window.WindowSearch`.

    Fitted attributes besides :class:`WindowSearch`'s: ``smooth_cost_``, ``noise_estimates_``
    (per examined part ``(lo, hi)``: pooled noise and its degrees of freedom, or None);
    ``statistics_`` holds ``relative_error``, ``f``, ``error_limit``, with a noise estimate
    ``noise`` and ``noise_dof``, when the smooth comparison ran ``f_smooth`` and
    ``smooth_relative_error``, for quantised values ``quantisation_steps``.
    """

    def __init__(self, *, window: int = 5, max_change_points: int = 2, min_segment_size: int = 3,
                 min_points: int = 6, cost: str | SegmentCost = "relative", exponents: ArrayLike | None = None,
                 min_relative_error: float = 0.06, f_limit: float = 10.0, noise_factor: float = NOISE_FACTOR,
                 noise_quantile: float = 0.99, exact_relative_error: float = 0.005, exact_f_limit: float = 1e4,
                 exact_min_dof: int = 3, compare_smooth: bool = True, smooth_error_ratio: float = 0.5,
                 smooth_cost: str | SegmentCost = "smooth", quantisation_steps: float = 1.0):
        super().__init__(window=window, max_change_points=max_change_points, min_segment_size=min_segment_size,
                         min_points=min_points, cost=cost, exponents=exponents)
        self.min_relative_error = min_relative_error
        self.f_limit = f_limit
        self.noise_factor = noise_factor
        self.noise_quantile = noise_quantile
        self.quantisation_steps = quantisation_steps
        self.exact_relative_error = exact_relative_error
        self.exact_f_limit = exact_f_limit
        self.exact_min_dof = exact_min_dof
        self.compare_smooth = compare_smooth
        self.smooth_error_ratio = smooth_error_ratio
        self.smooth_cost = smooth_cost

    def _validate_parameters(self) -> None:
        super()._validate_parameters()
        check_options(self, TEST)

    def _fit_detection(self) -> None:
        self.noise_estimates_: dict[tuple[int, int], tuple[float, float] | None] = {}
        cost = resolve_cost(self.smooth_cost, "smooth_cost", exponents=self.exponents)
        self.smooth_cost_ = cost.fit(self.x_, self.y_)

    def _noise_estimate(self, lo: int, hi: int) -> tuple[float, float] | None:
        """Pooled noise of the means and its degrees of freedom; None without an estimate."""
        if self.noise_ is None:
            return None
        if (lo, hi) not in self.noise_estimates_:
            self.noise_estimates_[(lo, hi)] = self._pooled(lo, hi)
        return self.noise_estimates_[(lo, hi)]

    def _pooled(self, lo: int, hi: int) -> tuple[float, float] | None:
        reps = None if self.repetitions_ is None else self.repetitions_[lo:hi]
        sigma, dof = pooled_noise(self.noise_[lo:hi], reps)
        return None if dof == 0 else (sigma, dof)

    def _noise_limit(self, lo: int, hi: int) -> float | None:
        estimate = self._noise_estimate(lo, hi)
        if estimate is None:
            return None
        return noise_limit(*estimate, hi - lo, self.noise_factor, self.noise_quantile)

    def _error_limit(self, lo: int, hi: int) -> float:
        measured = self._noise_limit(lo, hi)
        return self.min_relative_error if measured is None else max(self.exact_relative_error, measured)

    def _decide(self, lo: int, hi: int, starts: np.ndarray, one: float, two: np.ndarray,
                window_cost: np.ndarray) -> tuple[bool, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        errors = np.sqrt(window_cost / int(self.window))
        tags = errors > self._error_limit(lo, hi)
        segmented, stats = self._test_decision(one, two, lo, hi)
        return segmented, errors, tags, np.array([]), stats

    def _test_decision(self, one: float, two: np.ndarray, lo: int, hi: int) -> tuple[bool, dict[str, Any]]:
        n = hi - lo
        best = float(np.min(two))
        error = float(np.sqrt(one / n))
        dof = n - 4
        if dof <= 0:
            # two segments (4 coefficients) fit 4 points exactly: no residual to test against
            return False, {"relative_error": error, "f": float("nan"), "error_limit": self._error_limit(lo, hi)}
        with np.errstate(all="ignore"):
            f = ((one - best) / 3.0) / (best / dof) if best > 0 else (np.inf if one > 0 else 0.0)
        limit = self._error_limit(lo, hi)
        measured = self._noise_limit(lo, hi)
        exact_ok = measured is None or measured < self.exact_relative_error
        noisy_rule = error > limit and f > self.f_limit
        # with fewer residual degrees of freedom, two 3-point segments chosen from dozens of terms
        # fit noisy data almost exactly by chance, which the near-noise-free rule cannot tell apart
        exact_rule = (exact_ok and dof >= self.exact_min_dof and error > self.exact_relative_error
                      and f > self.exact_f_limit)
        stats = {"relative_error": error, "f": float(f), "error_limit": limit}
        estimate = self._noise_estimate(lo, hi)
        if estimate is not None:
            stats.update(noise=estimate[0], noise_dof=estimate[1])
        if (noisy_rule or exact_rule) and self.compare_smooth:
            # only when the test fires: unsegmented in-space kernels never pay for it
            smooth = float(self.smooth_cost_.errors([lo], [hi])[0])
            # costs below (1e-10 relative)² per point are rounding noise, not a fit (numerical guard)
            f_smooth = (smooth - best) / (max(best, n * 1e-20) / dof)  # one coefficient fewer
            smooth_error = float(np.sqrt(smooth / n))
            stats.update(f_smooth=float(f_smooth), smooth_relative_error=smooth_error)
            noisy_rule = noisy_rule and f_smooth > self.f_limit and smooth_error > self.smooth_error_ratio * limit
            exact_rule = exact_rule and f_smooth > self.exact_f_limit
        if (noisy_rule or exact_rule) and self.quantum_ > 0:
            steps = counting_residual(self.x_[lo:hi], self.y_[lo:hi], self.quantum_, self.exponents)
            stats.update(quantisation_steps=steps)
            if steps <= self.quantisation_steps:
                noisy_rule = exact_rule = False
        return bool(noisy_rule or exact_rule), stats


def counting_residual(x: ArrayLike, y: ArrayLike, quantum: float, exponents: ArrayLike | None = None) -> float:
    """How many quantisation steps the best single function of the set misses a series by.

    For each function ``c0 + c1 * term`` (and the constant) the absolute least-squares fit is
    shifted to the minimax offset: the result is half the range of its residuals. The smallest
    over the set, in units of ``quantum``.

    Args:
        x, y: the series part (sorted by x).
        quantum: the quantisation step (> 0).
        exponents: (K, 2) term set; default Extra-P's default search space.

    Returns:
        The smallest half-range of residuals divided by ``quantum``.
    """
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    exponents = term_set(exponents)
    best = (y.max() - y.min()) / 2
    terms = evaluate_terms(x, exponents)
    usable = np.all(np.isfinite(terms), axis=1) & (np.all(x >= 1.0) | ~has_log(exponents))
    tc = terms[usable] - terms[usable].mean(axis=1, keepdims=True)
    norm = (tc * tc).sum(axis=1)
    tc, norm = tc[norm > 0], norm[norm > 0]
    if len(tc):
        slope = tc @ (y - y.mean()) / norm
        residual = (y - y.mean())[None, :] - slope[:, None] * tc
        best = min(best, float(np.min(residual.max(axis=1) - residual.min(axis=1)) / 2))
    return float(best / quantum)
