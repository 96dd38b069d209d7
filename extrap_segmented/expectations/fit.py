"""Fitting every candidate ``c0 + c1·term`` of a search space and choosing among them.

The fit is vectorised over candidates *and* functions: for ``F`` series measured at the same
``n`` parameter values and ``m`` candidate terms, elementwise ``(F, m, n)`` products summed over
the points give every least-squares solution (simple linear regression has a closed form). The
sums run in a fixed order per series (:func:`sum_last`), so a series gets the same bits in a
batch of many as alone.

Model choice (documented in docs/expectations.md), made for 5-8 points:

* candidates whose coefficient ``c1`` is not positive are invalid (a cost model must grow with
  its term); the constant model is always a candidate, except for a series whose values rise
  at every step (never "O(1)": for a constant with exchangeable noise the chance is 1/n!; the
  engine before required a total growth of 2x too, ``trend="2x"``);
* candidates, the constant among them, are compared by the small-sample corrected Akaike
  information criterion AICc (constant: 2 parameters with the noise variance, term: 3), whose
  correction ``2K(K+1)/(n-K-1)`` is large on five points: a term must explain much more than
  the constant to leave it;
* every candidate within ``delta`` (default 2) of the best AICc is *indistinguishable* from it;
  the range of those terms is the uncertainty of the model, and the expectation's own term is
  chosen only when it lies in that range;
* the Akaike weights exp(-ΔAICc/2) of all candidates, summed below, within and above the
  deviation limits, are kept (``FitResult.mass``) for the optional verdict from the weights;
* the previous engine (adjusted R² with an F-test against the constant, ``criterion="ftest"``)
  stays available for comparison (benchmarks/expectations/expectation_accuracy.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

import numpy as np
from numpy.typing import ArrayLike

from extrap_segmented.expectations.complexity import ONE, ComplexityTerm
from extrap_segmented.exceptions import InvalidInputError, NotFittedError
from extrap_segmented.reducers import reducer, statistic_name

#: statistics that aggregate repetitions (see :mod:`extrap_segmented.reducers` for names and aliases)
AGGREGATIONS = ("mean", "median", "minimum", "q1")
MIN_POINTS = 5
#: which series are never modeled O(1) (see :func:`select_models`)
TRENDS = ("rising", "2x")


def aggregation_name(method: str) -> str:
    """Canonical aggregation name (``mean``, ``median``, ``minimum`` or ``q1``; aliases such as ``min``).

    Raises:
        InvalidInputError: unknown name; the message lists the valid ones.
    """
    return statistic_name(method, AGGREGATIONS, "aggregation")


def repetition_reducer(method: str) -> Callable[..., np.ndarray]:
    """The NaN-ignoring numpy reduction ``reduce(values, axis=None)`` of an aggregation name.

    Raises:
        InvalidInputError: unknown name (see :func:`aggregation_name`).
    """
    return reducer(method, ignore_nan=True, allowed=AGGREGATIONS, what="aggregation")


def aggregate_repetitions(x: ArrayLike, y: ArrayLike, method: str = "median"
                          ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Aggregates repeated measurements per parameter value.

    Args:
        x: parameter values, shape (n,); values may repeat (one entry per repetition).
        y: measured values, shape (n,) matching ``x``, or (n, r) with ``r`` repetitions per
            row (NaN marks a missing repetition).
        method: ``mean``, ``median``, ``min`` or ``q1`` (first quartile, the paper's choice
            against noise).

    Returns:
        ``(x_unique, y_aggregated, counts)``: sorted distinct parameter values, the aggregate
        of their repetitions and the number of repetitions used.

    Raises:
        InvalidInputError: shapes differ, values are not finite, or a point has no value.
    """
    reducer = repetition_reducer(method)
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.ndim != 1:
        raise InvalidInputError(f"parameter values must be 1-D, got shape {x.shape}")
    if y.ndim == 1:
        y = y[:, None]
    if y.ndim != 2 or y.shape[0] != x.shape[0]:
        raise InvalidInputError(f"values of shape {y.shape} do not match {x.shape[0]} parameter values")
    if not np.all(np.isfinite(x)):
        raise InvalidInputError(f"parameter values must be finite, got {x[~np.isfinite(x)][:3].tolist()}")
    if np.any(np.isinf(y)):
        raise InvalidInputError("measured values contain infinity")
    x_unique, inverse = np.unique(x, return_inverse=True)
    out = np.empty(len(x_unique))
    counts = np.empty(len(x_unique), dtype=int)
    for i in range(len(x_unique)):
        values = y[inverse == i].ravel()
        values = values[~np.isnan(values)]
        if values.size == 0:
            raise InvalidInputError(f"no measured value at parameter value {x_unique[i]:g}")
        out[i] = reducer(values)
        counts[i] = values.size
    return x_unique, out, counts


def check_parameter_values(x, *, needs_log: bool, min_points: int = MIN_POINTS) -> None:
    """Checks that ``x`` (distinct, sorted or not) can be fitted.

    Log terms need parameter values >= 1: log2 is negative below 1, so a growing log term
    would fit shrinking data there, and fractional powers of negative logs are undefined. All
    other terms need values > 0 (fractional powers).

    Raises:
        InvalidInputError: fewer than ``min_points`` distinct values, or values out of range.
    """
    x = np.unique(np.asarray(x, dtype=float))
    if len(x) < min_points:
        raise InvalidInputError(
            f"at least {min_points} distinct parameter values are needed to validate scaling, got "
            f"{len(x)} ({', '.join(f'{v:g}' for v in x)})")
    if np.any(x <= 0):
        raise InvalidInputError(
            f"parameter values must be > 0, got {', '.join(f'{v:g}' for v in x[x <= 0])}")
    if needs_log and np.any(x < 1):
        raise InvalidInputError(
            f"the search space has log terms, which need parameter values >= 1; got "
            f"{', '.join(f'{v:g}' for v in x[x < 1])} (give an expectation/bounds without log "
            "terms or rescale the parameter)")


@dataclass
class CandidateFits:
    """Least-squares fits of every candidate for every function; arrays have shape (F, m).

    The constant term (if among ``terms``) is the constant model: coefficient 0, RSS = TSS.
    """

    terms: list
    constant: np.ndarray      # c0
    coefficient: np.ndarray   # c1
    rss: np.ndarray
    adjusted_r2: np.ndarray   # -inf where invalid
    r2: np.ndarray
    tss: np.ndarray           # (F,)
    n: int
    valid: Optional[np.ndarray] = None  # (F, m): usable term with a positive coefficient
    y: Optional[np.ndarray] = None      # (F, n) the fitted values, for the monotone-growth rule
    plain_rss: Optional[np.ndarray] = None  # (F, m) unweighted RSS of a weighted fit (noise in data units)
    relative_ms: Optional[np.ndarray] = None  # (F, m) mean squared residual relative to each point's value
    weights: Optional[np.ndarray] = None  # (F, n) the normalised weights of a weighted fit


def basis_matrix(x, terms: Sequence[ComplexityTerm]) -> np.ndarray:
    """Candidate terms evaluated at ``x``: shape (m, n)."""
    x = np.asarray(x, dtype=float)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        return np.stack([t.evaluate(x) for t in terms])


def sum_last(A) -> np.ndarray:
    """Sum over the last axis, added element by element from the first.

    Every sum of this module over one series' points (or candidates) goes through here: each
    result element depends on its own row only, in a fixed order, so a series validated in a batch
    of many gets the same bits as alone (numpy's matrix products and ``einsum`` choose kernels by
    the shape of the whole batch: BLAS gemv for one row, gemm for many).
    """
    A = np.asarray(A, dtype=float)
    if A.shape[-1] == 0:
        return np.zeros(A.shape[:-1])
    total = A[..., 0].copy()
    for k in range(1, A.shape[-1]):
        total += A[..., k]
    return total


def relative_mean_square(residual: np.ndarray, Y: np.ndarray) -> np.ndarray:
    """(F, m) mean over the points of (residual / |value|)², values floored at 10⁻⁶ × the series'
    largest magnitude (a value near zero must not take all the weight)."""
    magnitude = np.abs(Y)
    scale = np.maximum(magnitude, 1e-6 * np.max(magnitude, axis=1, keepdims=True))
    scale = np.where(scale > 0, scale, 1.0)
    ratio = residual / scale[:, None, :]
    return sum_last(ratio * ratio) / Y.shape[1]


def fit_candidates(x, Y, terms: Sequence[ComplexityTerm], weights=None) -> CandidateFits:
    """Fits ``y ≈ c0 + c1·term`` for every candidate and every row of ``Y``.

    Args:
        x: distinct parameter values, shape (n,).
        Y: values, shape (F, n) (or (n,) for one function).
        terms: candidate terms (the constant term is the constant model).
        weights: optional (F, n) positive weights (inverse variances of the points, up to a
            factor per row): weighted least squares, RSS and TSS weighted alike.

    Returns:
        :class:`CandidateFits`.
    """
    Y = np.atleast_2d(np.asarray(Y, dtype=float))
    n = Y.shape[1]
    T = basis_matrix(x, terms)
    finite = np.all(np.isfinite(T), axis=1)
    T = np.where(finite[:, None], T, 0.0)
    scale = np.max(np.abs(T), axis=1)
    scale[scale == 0] = 1.0
    T = T / scale[:, None]           # scale-free: avoids overflow of k^6 4^k style terms
    if weights is not None:
        return _fit_weighted(terms, T, finite, scale, Y, weights)
    t_mean = sum_last(T) / n
    Tc = T - t_mean[:, None]
    stt = sum_last(Tc * Tc)
    y_mean = sum_last(Y) / n
    Yc = Y - y_mean[:, None]
    tss = sum_last(Yc * Yc)
    sty = sum_last(Yc[:, None, :] * Tc[None, :, :])  # (F, m)
    usable = finite & (stt > 1e-12 * n)  # the constant term has no spread
    with np.errstate(divide="ignore", invalid="ignore"):
        c1 = np.where(usable, sty / np.where(usable, stt, 1.0), 0.0)
        # residuals computed directly (not tss - c1·sty): exact data must give RSS ~ 0, not noise
        residual = Yc[:, None, :] - c1[:, :, None] * Tc[None, :, :]
        rss = sum_last(residual * residual)
        r2 = np.where(tss[:, None] > 0, 1.0 - rss / tss[:, None], 0.0)
    adj = 1.0 - (1.0 - r2) * (n - 1) / (n - 2)
    valid = usable[None, :] & _grows(sty, stt[None, :], tss[:, None])
    adj = np.where(valid, adj, -np.inf)
    c0 = y_mean[:, None] - c1 * t_mean[None, :]
    with np.errstate(all="ignore"):
        relative = relative_mean_square(residual, Y)
    return CandidateFits(list(terms), c0, c1 / scale[None, :], rss, adj, r2, tss, n, valid, Y,
                         relative_ms=relative)


def _grows(sty: np.ndarray, stt: np.ndarray, tss: np.ndarray) -> np.ndarray:
    """Where a candidate's slope ``sty / stt`` is positive beyond rounding: its correlation with the
    values, ``sty / sqrt(stt·tss)``, above 10⁻¹². Values symmetric about a term's centre correlate
    with it exactly 0, and the sums' rounding then gives a slope of ±10⁻¹⁴ whose sign depends on the
    order of the additions (equal weights gave +5·10⁻¹⁴ for log p where the unweighted fit gave 0):
    no growth either way."""
    with np.errstate(invalid="ignore"):
        return sty > 1e-12 * np.sqrt(stt * tss)


def _fit_weighted(terms, T, finite, scale, Y, weights) -> CandidateFits:
    """:func:`fit_candidates` with per-point weights (see there); T is already scaled."""
    F, n = Y.shape
    W = np.broadcast_to(np.asarray(weights, dtype=float), Y.shape)
    if not np.all(np.isfinite(W) & (W > 0)):
        raise InvalidInputError("weights must be finite and positive")
    W = W / (sum_last(W) / n)[:, None]      # AICc compares RSS ratios: the factor cancels
    w_sum = sum_last(W)                       # = n
    y_mean = sum_last(W * Y) / w_sum          # (F,)
    t_mean = sum_last(W[:, None, :] * T[None, :, :]) / w_sum[:, None]  # (F, m)
    Tc = T[None, :, :] - t_mean[:, :, None]   # (F, m, n)
    Yc = Y - y_mean[:, None]
    tss = sum_last(W * Yc * Yc)
    stt = sum_last(Tc * W[:, None, :] * Tc)
    sty = sum_last(Tc * (W * Yc)[:, None, :])
    usable = finite[None, :] & (stt > 1e-12 * n)
    with np.errstate(divide="ignore", invalid="ignore"):
        c1 = np.where(usable, sty / np.where(usable, stt, 1.0), 0.0)
        residual = Yc[:, None, :] - c1[:, :, None] * Tc
        rss = sum_last(residual * W[:, None, :] * residual)
        plain = sum_last(residual * residual)
        r2 = np.where(tss[:, None] > 0, 1.0 - rss / tss[:, None], 0.0)
    adj = 1.0 - (1.0 - r2) * (n - 1) / (n - 2)
    valid = usable & _grows(sty, stt, tss[:, None])
    adj = np.where(valid, adj, -np.inf)
    c0 = y_mean[:, None] - c1 * t_mean
    with np.errstate(all="ignore"):
        relative = relative_mean_square(residual, Y)
    return CandidateFits(list(terms), c0, c1 / scale[None, :], rss, adj, r2, tss, n, valid, Y, plain, relative, W)


@dataclass
class FitResult:
    """The chosen model ``constant + coefficient·term`` of one function.

    ``term`` is ``ComplexityTerm()`` and ``coefficient`` 0 for the constant model, whose
    ``adjusted_r2`` is NaN (not applicable, as in the paper's tables).

    ``range_low`` / ``range_high`` bound the terms indistinguishable from the best one (AICc
    within ``delta``); ``best_term`` is the best by the criterion (``term`` differs from it when
    the expectation was preferred); ``candidates`` lists every indistinguishable
    ``(term, constant, coefficient)``; ``noise`` is the residual standard deviation of the best.
    """

    term: ComplexityTerm
    constant: float
    coefficient: float
    adjusted_r2: float
    p_value: float
    n_points: int
    n_candidates: int
    range_low: Optional[ComplexityTerm] = None
    range_high: Optional[ComplexityTerm] = None
    best_term: Optional[ComplexityTerm] = None
    candidates: list = field(default_factory=list, repr=False)
    noise: float = float("nan")
    criterion: str = "aicc"
    #: Akaike weights of all candidates summed below, within and above the deviation limits (when given)
    mass: Optional[tuple] = None
    #: AICc of the preferred term (the expectation) minus the best's: <= delta means indistinguishable
    preferred_delta: float = float("nan")
    #: root mean square of the best model's residuals relative to the values
    relative_rms: float = float("nan")

    def __post_init__(self):
        if self.range_low is None:
            self.range_low = self.leading_term
        if self.range_high is None:
            self.range_high = self.leading_term
        if self.best_term is None:
            self.best_term = self.leading_term

    @property
    def is_constant(self) -> bool:
        """True for the constant model."""
        return self.term.is_constant

    @property
    def leading_term(self) -> ComplexityTerm:
        """The term that dominates growth: ``term``, or 1 when the coefficient is not positive."""
        return self.term if self.coefficient > 0 else ONE

    def evaluate(self, x) -> np.ndarray:
        """The model's values at ``x``."""
        x = np.asarray(x, dtype=float)
        if self.is_constant:
            return np.full_like(x, self.constant)
        return self.constant + self.coefficient * self.term.evaluate(x)

    def formula(self, variable: str = "p") -> str:
        """Model with coefficients, e.g. ``3.1e-05 + 2.2e-06 · p^0.5 log p``."""
        if self.is_constant:
            return f"{self.constant:.3g}"
        sign = "-" if self.coefficient < 0 else "+"
        return f"{self.constant:.3g} {sign} {abs(self.coefficient):.3g} · {self.term.format(variable)}" \
            if self.constant != 0 else f"{self.coefficient:.3g} · {self.term.format(variable)}"


def aicc(rss: np.ndarray, n: int, parameters: np.ndarray) -> np.ndarray:
    """Small-sample corrected AIC of least-squares fits: ``n·ln(RSS/n) + 2K + 2K(K+1)/(n-K-1)``.

    ``parameters`` K counts the noise variance (constant model 2, constant + term 3).
    """
    k = np.asarray(parameters, dtype=float)
    with np.errstate(divide="ignore"):
        return n * np.log(rss / n) + 2 * k + 2 * k * (k + 1) / (n - k - 1)


def grows_monotonically(Y: np.ndarray, factor: float = 2.0) -> np.ndarray:
    """(F,) True where a series rises at every step and its last value is >= ``factor`` × its first."""
    Y = np.atleast_2d(Y)
    rising = np.all(np.diff(Y, axis=1) > 0, axis=1)
    return rising & (Y[:, 0] > 0) & (Y[:, -1] >= factor * Y[:, 0])


def rises_at_every_step(Y: np.ndarray) -> np.ndarray:
    """(F,) True where a series rises strictly at every step (Mann-Kendall S at its maximum).

    For a constant cost with exchangeable noise the chance is 1/n! (5 points: 0.8 %), so such a
    series is not modeled O(1) whatever the factor of its growth.
    """
    Y = np.atleast_2d(Y)
    return np.all(np.diff(Y, axis=1) > 0, axis=1)


def select_models(fits: CandidateFits, alpha: float = 0.05,
                  preferred: Optional[ComplexityTerm] = None, prefer_within=None, *,
                  criterion: str = "aicc", delta: float = 2.0, trend: str = "rising",
                  noise_floor: float = 0.0, choosable=None, choose_preferred: bool = True,
                  assumed=False) -> list[FitResult]:
    """Chooses one model per function from :func:`fit_candidates` results (see module doc).

    Args:
        fits: the candidate fits.
        alpha: significance level of the previous engine (``criterion="ftest"``).
        preferred: the expectation; chosen when indistinguishable from the best.
        prefer_within: ``(lower, upper)`` deviation limits; used by ``criterion="ftest"`` only.
        criterion: ``aicc`` (default) or ``ftest`` (the previous engine, for comparison).
        delta: AICc difference up to which candidates are indistinguishable (2: Burnham and
            Anderson's "substantial support").
        trend: which series are never O(1): ``rising`` (default) — every series that rises at
            every step (:func:`rises_at_every_step`); ``2x`` — only those that also end at >= 2x
            their first value (:func:`grows_monotonically`, the engine before).

        noise_floor: relative noise below which residuals are no evidence: a candidate whose
            residuals' root mean square relative to the values is below it is scored as if it
            were at it (real medians vary by a few per cent from run to run whatever the
            repetitions within one run say), so terms that all fit within that noise are
            indistinguishable. 0 (the engine before) scores every residual as it is.
        assumed: (F,) True where ``noise_floor`` is an assumed noise level rather than a floor
            under measured noise (no repetitions): candidates are then compared by χ² against it
            (quasi-AIC, dispersion from the best candidate) instead of AICc.
        choosable: (m,) mask of the terms that may be the model and its range (default all);
            the others (the expectation when it lies outside the data's own search space) are
            only scored, for ``preferred_delta``.
        choose_preferred: take ``preferred`` as the model when it is indistinguishable from the
            best (the paper's engine); False chooses from the data alone — the constant when it is
            indistinguishable from the best (no growth shown), else the best — and the caller
            judges ``preferred_delta``.

    With ``prefer_within`` the results carry ``mass``: the Akaike weights exp(-ΔAICc/2) of all
    candidates, normalised, summed below, within and above those limits.
    """
    if criterion == "ftest":
        return _select_ftest(fits, alpha, preferred, prefer_within)
    if criterion != "aicc":
        raise InvalidInputError(f"criterion must be 'aicc' or 'ftest', got {criterion!r}")
    if not delta >= 0:
        raise InvalidInputError(f"delta must be a number >= 0, got {delta!r}")
    F, m, n = fits.rss.shape[0], len(fits.terms), fits.n
    is_one = np.array([t.is_constant for t in fits.terms])
    valid = fits.valid if fits.valid is not None else np.isfinite(fits.adjusted_r2)
    allowed = valid | is_one[None, :]
    if trend not in TRENDS:
        raise InvalidInputError(f"trend must be one of {', '.join(TRENDS)}, got {trend!r}")
    if fits.y is not None:
        never_constant = rises_at_every_step(fits.y) if trend == "rising" else grows_monotonically(fits.y)
        allowed &= ~(never_constant[:, None] & is_one[None, :])
    # RSS floor: exact data (rss ~ 1e-30) must not give -inf; relative to the data's size
    scale = fits.tss + ((sum_last(fits.y) / fits.y.shape[1]) ** 2 * n if fits.y is not None else 0.0)
    floor = np.maximum(1e-24 * scale, 1e-300)[:, None]
    rss = np.maximum(np.where(is_one[None, :], fits.tss[:, None], fits.rss), floor)
    raw = np.where(allowed, aicc(rss, n, np.where(is_one, 2, 3)[None, :].repeat(F, axis=0)), np.inf)
    floors = np.broadcast_to(np.asarray(noise_floor, dtype=float), (F,))
    if not np.all(floors >= 0):
        raise InvalidInputError(f"noise_floor must be >= 0, got {noise_floor!r}")
    assumed = np.broadcast_to(np.asarray(assumed, dtype=bool), (F,))
    # the terms that may be the model and its range (the others are scored for the verdict only)
    may_be_model = np.ones((1, m), dtype=bool) if choosable is None else np.asarray(choosable, dtype=bool)[None, :]
    floor_rss = None
    if np.any(floors > 0) and fits.y is not None:
        # residuals below the floor (floor × each value, weighted alike) are no evidence: every
        # candidate that fits within it gets the same score
        W = fits.weights if fits.weights is not None else np.ones_like(fits.y)
        floor_rss = floors ** 2 * sum_last(W * fits.y * fits.y)
        rss_lifted = np.maximum(rss, floor_rss[:, None])
    else:
        rss_lifted = rss
    score = aicc(rss_lifted, n, np.where(is_one, 2, 3)[None, :].repeat(F, axis=0))
    if floor_rss is not None and assumed.any():
        # noise assumed, not measured: χ² against it (quasi-AIC: scaled by the dispersion the best
        # candidate shows when the data are noisier than assumed), one point per coefficient —
        # the small-sample AICc would charge for estimating a noise level that is given
        with np.errstate(divide="ignore", invalid="ignore"):
            chi2 = n * rss / np.where(floor_rss > 0, floor_rss, np.nan)[:, None]
            # the best of the terms that may be the model: a term scored only for the verdict (the
            # expectation outside the data's space) must not change the others' scores
            best_chi2 = np.min(np.where(allowed & may_be_model, chi2, np.inf), axis=1)
            dispersion = np.maximum(1.0, best_chi2 / max(n - 2, 1))
            quasi = chi2 / dispersion[:, None] + 2 * np.where(is_one, 1, 2)[None, :]
        score = np.where(assumed[:, None] & np.isfinite(quasi), quasi, score)
        raw = np.where(assumed[:, None] & np.isfinite(quasi), quasi, raw)
    score = np.where(allowed, score, np.inf)
    raw = np.where(allowed, raw, np.inf)
    j_pref = fits.terms.index(preferred) if preferred is not None and preferred in fits.terms else None
    pref_score = score[:, j_pref].copy() if j_pref is not None else np.full(F, np.nan)
    score = np.where(may_be_model, score, np.inf)
    raw = np.where(may_be_model, raw, np.inf)
    rows = np.arange(F)
    # among the terms that fit within the floor (equal scores) the model is the closest fit
    lowest = np.min(score, axis=1, keepdims=True)
    best = np.argmin(np.where(score <= lowest, raw, np.inf), axis=1)
    best = np.where(np.isfinite(lowest[:, 0]) & np.isfinite(raw[rows, best]), best, np.argmin(score, axis=1))
    best_score = score[rows, best]
    near = score <= best_score[:, None] + delta
    chosen = best.copy()
    if j_pref is not None and choose_preferred:
        chosen = np.where(near[:, j_pref], j_pref, best)
    elif not choose_preferred and is_one.any():
        # the simplest model the data allow: no growth shown when the constant fits about as well
        j_one = int(np.flatnonzero(is_one)[0])
        chosen = np.where(near[:, j_one], j_one, best)
        # against an assumed noise a term costs only 2 more than the constant, so every term with
        # a coefficient too small to show (any growth, however fast) would be "indistinguishable"
        # from a constant: a term must fit at least as well as the constant after its cost
        flat = assumed & (chosen == j_one)
        if flat.any():
            near = np.where(flat[:, None], near & ((score <= score[:, j_one][:, None]) | is_one[None, :]), near)
            # the same for the expectation: growth must show to be indistinguishable from no growth
            if preferred is not None and not preferred.is_constant:
                pref_score = np.where(flat & (pref_score > score[:, j_one]), np.inf, pref_score)
    from scipy.special import fdtrc
    mass = None
    if prefer_within is not None:
        lower, upper = prefer_within
        below = np.array([t < lower for t in fits.terms])
        above = np.array([t > upper for t in fits.terms])
        with np.errstate(over="ignore", invalid="ignore"):
            w = np.where(np.isfinite(score), np.exp(-0.5 * (score - best_score[:, None])), 0.0)
        w = w / sum_last(w)[:, None]
        mass = np.stack([sum_last(w[:, below]), sum_last(w[:, ~below & ~above]), sum_last(w[:, above])], axis=1)
    results = []
    for i in range(F):
        j = int(chosen[i])
        idx = np.flatnonzero(near[i])
        candidates = [(fits.terms[k], float(fits.constant[i, k]) if not is_one[k] else float(np.mean(fits.y[i]))
                       if fits.y is not None else float("nan"), float(fits.coefficient[i, k]) if not is_one[k] else 0.0)
                      for k in idx]
        terms_near = [c[0] for c in candidates]
        b = int(best[i])
        if fits.plain_rss is not None:  # weighted fit: the noise in the data's units, for deciding_measurement
            noise = float(np.sqrt(fits.plain_rss[i, b] / max(n - (1 if is_one[b] else 2), 1)))
        else:
            noise = float(np.sqrt(rss[i, b] / max(n - (1 if is_one[b] else 2), 1)))
        extra = {"preferred_delta": float(pref_score[i] - best_score[i]),
                 "relative_rms": float(np.sqrt(fits.relative_ms[i, b])) if fits.relative_ms is not None
                 else float("nan")}
        if is_one[j]:
            results.append(FitResult(ONE, float("nan"), 0.0, float("nan"), 1.0, n, m,
                                     min(terms_near), max(terms_near), fits.terms[b], candidates, noise, **extra))
            continue
        with np.errstate(divide="ignore", invalid="ignore"):
            f_stat = (fits.tss[i] - fits.rss[i, j]) / (fits.rss[i, j] / (n - 2))
        p_value = float(fdtrc(1, n - 2, f_stat)) if np.isfinite(f_stat) else 0.0
        results.append(FitResult(fits.terms[j], float(fits.constant[i, j]), float(fits.coefficient[i, j]),
                                 float(fits.adjusted_r2[i, j]), p_value, n, m, min(terms_near), max(terms_near),
                                 fits.terms[b], candidates, noise, **extra))
    if mass is not None:
        for result, row in zip(results, mass.tolist()):
            result.mass = tuple(row)
    return results


def _select_ftest(fits: CandidateFits, alpha, preferred, prefer_within) -> list[FitResult]:
    """The previous engine: best adjusted R², constant unless an F-test (Bonferroni) rejects it."""
    from scipy.special import fdtrc  # F-distribution survival function, vectorised

    F = fits.adjusted_r2.shape[0]
    n = fits.n
    best = np.argmax(fits.adjusted_r2, axis=1) if fits.adjusted_r2.shape[1] else np.zeros(F, int)
    rows = np.arange(F)
    n_valid = max(int(np.sum([not t.is_constant for t in fits.terms])), 1)
    results = []
    if fits.adjusted_r2.shape[1]:
        best_adj = fits.adjusted_r2[rows, best]
        best_rss = fits.rss[rows, best]
    else:
        best_adj = np.full(F, -np.inf)
        best_rss = fits.tss
    with np.errstate(divide="ignore", invalid="ignore"):
        f_stat = (fits.tss - best_rss) / (best_rss / (n - 2))
        f_stat = np.where(best_rss <= 1e-300 * np.maximum(fits.tss, 1e-300), np.inf, f_stat)
        p_values = np.where(np.isfinite(f_stat), fdtrc(1, n - 2, np.nan_to_num(f_stat, posinf=0.0)), 0.0)
    if preferred is not None and preferred in fits.terms and not preferred.is_constant:
        j_pref = fits.terms.index(preferred)
        with np.errstate(divide="ignore", invalid="ignore"):
            excess = (fits.rss[:, j_pref] - best_rss) / (best_rss / (n - 2))
            tie_p = np.where(best_rss > 0, fdtrc(1, n - 2, np.nan_to_num(excess, posinf=1e300)), 0.0)
        use_pref = np.isfinite(fits.adjusted_r2[:, j_pref]) & (tie_p > alpha / n_valid)
        if prefer_within is not None:
            lower, upper = prefer_within
            inside = np.array([lower <= t <= upper for t in fits.terms])
            use_pref &= inside[best]
        best = np.where(use_pref, j_pref, best)
    for i in range(F):
        accepted = np.isfinite(best_adj[i]) and fits.tss[i] > 0 and p_values[i] <= alpha / n_valid
        if accepted:
            j = int(best[i])
            results.append(FitResult(fits.terms[j], float(fits.constant[i, j]), float(fits.coefficient[i, j]),
                                     float(fits.adjusted_r2[i, j]), float(p_values[i]), n, len(fits.terms),
                                     criterion="ftest"))
        else:
            results.append(FitResult(ONE, float("nan"), 0.0, float("nan"),
                                     float(p_values[i]) if np.isfinite(best_adj[i]) else 1.0,
                                     n, len(fits.terms), criterion="ftest"))
    return results


def fit_models(x, Y, terms: Sequence[ComplexityTerm], alpha: float = 0.05,
               preferred: Optional[ComplexityTerm] = None, prefer_within=None, *,
               criterion: str = "aicc", delta: float = 2.0, weights=None, trend: str = "rising",
               noise_floor: float = 0.0, choosable=None, choose_preferred: bool = True,
               assumed=False) -> list[FitResult]:
    """Fits and chooses the model of every row of ``Y`` (distinct, checked ``x``); see
    :func:`select_models` for the options and :func:`fit_candidates` for ``weights``.
    ``choosable`` is a mask over ``terms`` (the constant, added when missing, is choosable)."""
    Y = np.atleast_2d(np.asarray(Y, dtype=float))
    terms = list(terms)
    if choosable is not None:
        choosable = list(np.asarray(choosable, dtype=bool))
    if not any(t.is_constant for t in terms):
        terms = [ONE] + terms
        if choosable is not None:
            choosable = [True] + choosable
    results = select_models(fit_candidates(x, Y, terms, weights), alpha, preferred, prefer_within,
                            criterion=criterion, delta=delta, trend=trend, noise_floor=noise_floor,
                            choosable=choosable, choose_preferred=choose_preferred, assumed=assumed)
    means = sum_last(Y) / Y.shape[1]
    for result, mean in zip(results, means):
        if result.is_constant:
            result.constant = float(mean)
    return results


class ExpectationFit:
    """Estimator: aggregates repetitions, fits every candidate term, keeps the best model.

    Args (stored unchanged, validated in :meth:`fit`):
        terms: candidate terms (e.g. ``build_search_space("O(p)").terms``).
        aggregation: ``mean``, ``median``, ``min`` or ``q1``.
        alpha: significance level of the test against the constant model.
        min_points: minimum number of distinct parameter values (the paper's rule of thumb: 5).

    Fitted attributes: ``x_``, ``y_`` (aggregated data), ``result_`` (:class:`FitResult`),
    ``term_``, ``adjusted_r2_``.
    """

    def __init__(self, terms=None, *, aggregation="median", alpha=0.05, min_points=MIN_POINTS):
        self.terms = terms
        self.aggregation = aggregation
        self.alpha = alpha
        self.min_points = min_points

    def fit(self, x, y) -> "ExpectationFit":
        """Aggregates repetitions and fits every candidate term.

        Args:
            x: parameter values, repeated per repetition.
            y: measured values matching ``x`` (or (n, r) repetitions).

        Returns:
            self, with the fitted attributes set.

        Raises:
            InvalidInputError: no candidate terms, too few points, bad parameter values or NaN.
        """
        if not self.terms:
            raise InvalidInputError("ExpectationFit needs a non-empty list of candidate terms")
        terms = list(self.terms)
        x_u, y_u, _ = aggregate_repetitions(x, y, self.aggregation)
        check_parameter_values(x_u, needs_log=any(t.has_log for t in terms), min_points=self.min_points)
        if np.any(np.isnan(y_u)):
            raise InvalidInputError("measured values contain NaN")
        self.x_, self.y_ = x_u, y_u
        self.result_ = fit_models(x_u, y_u[None, :], terms, self.alpha)[0]
        self.term_ = self.result_.term
        self.adjusted_r2_ = self.result_.adjusted_r2
        return self

    def predict(self, x) -> np.ndarray:
        """The fitted model's values at ``x``.

        Raises:
            NotFittedError: called before :meth:`fit`.
        """
        if not hasattr(self, "result_"):
            raise NotFittedError("ExpectationFit.predict called before fit")
        return self.result_.evaluate(x)
