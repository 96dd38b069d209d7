"""Extra-P's single-parameter hypothesis search, vectorized over subsets, terms and folds.

Extra-P's default modeler (``SingleParameterModeler``) fits ``c0 + c1 * term`` for every term of
its search space, scores each with leave-one-out cross-validation (SMAPE, or RSS on request),
drops hypotheses whose constant is negligible (``clean_constant_coefficient``) or whose term
contributes too little, and keeps the first best one if it beats the constant model. This module
does the same for many contiguous subsets of one series at once, in closed form, so a sliding
window search costs a few numpy operations instead of thousands of ``lstsq`` calls.

Conventions: a subset is ``[start, stop)`` of the given arrays (Python slice convention); results
are arrays with one entry per subset. Term index ``-1`` is the constant model.
"""
from dataclasses import dataclass

import numpy as np

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.pmnf.terms import evaluate_terms, has_log, term_set

CONSTANT = -1
"""Term index of the constant model."""
TIE = 1e-9
"""Relative difference of two scores below which they are tied (rounding, not data)."""
ROUNDING = 1e-12
"""Relative deviation from the mean below which values count as equal (a constant series)."""
LARGE_TERM = 1e6
"""Mean term value below which no fit of ``[1, term]`` is rank-deficient for lstsq (that needs
the term's values within ~1e-3 of each other, i.e. parameter values closer than any sweep has),
so the check is skipped."""


@dataclass(frozen=True)
class SubsetFits:
    """Selected hypothesis per subset (all arrays have length S unless noted).

    Attributes:
        term: index into the term set, ``CONSTANT`` (-1) for the constant model.
        intercept: constant coefficient of the selected model fitted on the whole subset.
        coefficient: coefficient of the term (0 for the constant model).
        mean: mean of the subset's values (the constant model).
        constant_cost: RSS of the constant model (Extra-P's TSS).
        rss, nrss, rrss, re, smape, ar2: costs of the selected hypothesis as Extra-P defines them
            (leave-one-out costs when cross-validation is on, in-sample costs otherwise).
        fitted: (S, m) predictions of the selected model at the subset's points, NaN past the
            end of shorter subsets.
        mask: (S, m) True where ``fitted`` holds a point of the subset.
    """
    term: np.ndarray
    intercept: np.ndarray
    coefficient: np.ndarray
    mean: np.ndarray
    constant_cost: np.ndarray
    rss: np.ndarray
    nrss: np.ndarray
    rrss: np.ndarray
    re: np.ndarray
    smape: np.ndarray
    ar2: np.ndarray
    fitted: np.ndarray
    mask: np.ndarray


def search(x, y, exponents=None, **options):
    """Runs the hypothesis search on one whole series; see `search_subsets` for the options."""
    n = len(np.asarray(x))
    return search_subsets(x, y, [0], [n], exponents, **options)


def search_many(x, Y, exponents=None, **options) -> list:
    """`search` of many series measured at the same parameter values, in one vectorized call.

    The series become the subsets of one concatenated series; every step of `search_subsets` is
    elementwise or a reduction within a subset, so each result is bit for bit `search(x, Y[i])`
    (tested), at a fraction of the time of one call per series.

    Args:
        x: parameter values, 1-D (n,).
        Y: values (F, n), every row finite.
        exponents, options: as for `search_subsets`.

    Returns:
        One `SubsetFits` (arrays of length 1) per row of ``Y``.
    """
    x = np.asarray(x, dtype=float)
    Y = np.atleast_2d(np.asarray(Y, dtype=float))
    n, count = len(x), Y.shape[0]
    if count == 0:
        return []
    fits = search_subsets(np.tile(x, count), Y.reshape(-1), np.arange(count) * n, np.arange(1, count + 1) * n,
                          exponents, **options)
    return _each(fits)


def search_ranges(x, y, ranges, exponents=None, **options) -> list:
    """`search` of each index range ``(start, stop)`` of one series (the segments of a segmented
    model, each ≥ 2 points), in one vectorized call.

    Args:
        x, y: the series, 1-D, finite.
        ranges: ``(start, stop)`` pairs (Python slice convention).
        exponents, options: as for `search_subsets`.

    Returns:
        One `SubsetFits` (arrays of length 1) per range, as `search(x[start:stop], y[start:stop])`
        gives it to rounding (subsets shorter than the longest are padded, which can change the
        summation order in the last bits).
    """
    if not len(ranges):
        return []
    starts, stops = zip(*ranges)
    return _each(search_subsets(x, y, list(starts), list(stops), exponents, **options))


def _each(fits: SubsetFits) -> list:
    """One `SubsetFits` per subset of ``fits``."""
    fields = vars(fits)
    return [SubsetFits(**{name: value[i:i + 1] for name, value in fields.items()}) for i in range(len(fits.term))]


def search_subsets(x, y, starts, stops, exponents=None, *, crossvalidation=True, compare_with_rss=False,
                   min_term_contribution=0.0005, clean_epsilon=0.0005, no_cv_clean_epsilon=1e-3,
                   log_needs_above_one=False):
    """Selects the best PMNF hypothesis ``c0 + c1 * term`` for each subset ``[start, stop)``.

    Args:
        x: parameter values, 1-D float array (any order; subsets are index ranges of it).
        y: measured values, same length, finite.
        starts, stops: subset bounds (Python slice convention), each subset with ≥ 2 points.
        exponents: (K, 2) term set; default Extra-P's default search space.
        crossvalidation: leave-one-out scoring (Extra-P's default) or in-sample scoring.
        compare_with_rss: rank by RSS instead of SMAPE.
        min_term_contribution: a term whose largest ``|c1 * term / y|`` is below this is rejected.
        clean_epsilon: ``clean_constant_coefficient`` threshold during cross-validation.
        no_cv_clean_epsilon: the same threshold without cross-validation.
        log_needs_above_one: log terms need every x > 1 (Extra-P with negative exponents) instead
            of every x >= 1.

    Returns:
        `SubsetFits`.

    Raises:
        InvalidInputError: mismatched lengths, a subset with fewer than 2 points, or non-finite
            values.
    """
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    starts = np.asarray(starts, dtype=int)
    stops = np.asarray(stops, dtype=int)
    exponents = term_set(exponents)
    _check(x, y, starts, stops)

    sizes = stops - starts
    m = int(sizes.max())
    n_sub = len(starts)
    offsets = np.arange(m)
    mask = offsets[None, :] < sizes[:, None]
    index = np.where(mask, starts[:, None] + offsets[None, :], starts[:, None])
    xs, ys = x[index], y[index]

    # np.mean per subset, exactly as Extra-P computes the constant model: its cost must be
    # exactly 0 for constant data, whatever the summation order does.
    mean = np.array([np.mean(y[a:b]) for a, b in zip(starts, stops)])
    deviation = np.where(mask, mean[:, None] - ys, 0.0)
    constant_cost = np.sum(deviation * deviation, axis=1)
    abssum = np.abs(ys) + np.abs(mean)[:, None]
    with np.errstate(all="ignore"):
        constant_smape = np.sum(np.where(mask & (abssum != 0), np.abs(deviation) / abssum * 2, 0.0),
                                axis=1) / sizes * 100

    terms = evaluate_terms(xs, exponents).transpose(1, 0, 2)  # (S, K, m)
    allowed = _log_allowed(xs, mask, log_needs_above_one)[:, None] | ~has_log(exponents)[None, :]

    if crossvalidation:
        costs, intercept, coefficient = _loo_costs(xs, ys, mask, terms, clean_epsilon)
    else:
        costs, intercept, coefficient = _in_sample_costs(ys, mask, terms, no_cv_clean_epsilon)
    rss, nrss, rrss, re, smape = costs

    with np.errstate(all="ignore"):
        contribution = np.max(np.abs(coefficient[:, :, None] * terms / ys[:, None, :]), axis=2,
                              where=mask[:, None, :], initial=-np.inf)
        # np.max propagates NaN (y == 0 at a point), and Extra-P's `nan < limit` keeps the term.
        eligible = (np.isfinite(rss) & allowed & (coefficient != 0)
                    & ~(contribution < min_term_contribution))
        score = rss if compare_with_rss else smape
        score = np.where(eligible & ~np.isnan(score), score, np.inf)
    # ties go to the simpler hypothesis: scores within TIE (relative) of the best are rounding,
    # the first (simplest, the term set's order) of them wins, and a term must beat the constant
    # model by more than that; values equal up to rounding are constant
    lowest = np.min(score, axis=1, keepdims=True)
    best = np.argmax(score <= lowest + TIE * np.abs(lowest), axis=1)
    rows = np.arange(n_sub)
    constant_score = constant_cost if compare_with_rss else constant_smape
    spread = np.max(np.where(mask, np.abs(ys), 0.0), axis=1) * ROUNDING
    flat = constant_cost <= sizes * spread * spread
    use_term = (score[rows, best] < constant_score - TIE * np.abs(constant_score)) & (constant_cost != 0) & ~flat
    term = np.where(use_term, best, CONSTANT)

    sel_intercept = np.where(use_term, intercept[rows, best], mean)
    sel_coefficient = np.where(use_term, coefficient[rows, best], 0.0)
    with np.errstate(all="ignore"):
        fitted = sel_intercept[:, None] + sel_coefficient[:, None] * terms[rows, best]
    fitted = np.where(use_term[:, None], fitted, mean[:, None])
    fitted = np.where(mask, fitted, np.nan)

    const_costs = _constant_costs(ys, mask, mean, constant_cost, constant_smape)
    picked = [np.where(use_term, c[rows, best], cc) for c, cc in zip((rss, nrss, rrss, re), const_costs)]
    sel_smape = np.where(use_term, smape[rows, best], constant_smape)
    with np.errstate(all="ignore"):
        ar2 = 1.0 - (picked[0] / constant_cost) * (sizes - 1.0) / (sizes - 2.0)
    ar2 = np.where(use_term, ar2, 1.0)
    return SubsetFits(term=term, intercept=sel_intercept, coefficient=sel_coefficient, mean=mean,
                      constant_cost=constant_cost, rss=picked[0], nrss=picked[1], rrss=picked[2],
                      re=picked[3], smape=sel_smape, ar2=ar2, fitted=fitted, mask=mask)


def _check(x, y, starts, stops):
    if x.ndim != 1 or x.shape != y.shape:
        raise InvalidInputError(f"x and y must be 1-D arrays of equal length, got shapes {x.shape} and {y.shape}")
    if len(starts) == 0 or starts.shape != stops.shape:
        raise InvalidInputError(f"starts and stops must be equally long and non-empty, got {len(starts)} "
                                f"and {len(stops)} entries")
    if np.any(stops - starts < 2) or np.any(starts < 0) or np.any(stops > len(x)):
        raise InvalidInputError(f"every subset [start, stop) must hold ≥ 2 of the {len(x)} points, got "
                                f"starts={starts.tolist()} stops={stops.tolist()}")
    bad = ~np.isfinite(x) | ~np.isfinite(y)
    if np.any(bad):
        i = int(np.argmax(bad))
        raise InvalidInputError(f"x and y must be finite; point {i} is (x={x[i]!r}, y={y[i]!r})")


def _log_allowed(xs, mask, above_one):
    low = np.where(mask, xs, np.inf)
    return np.all(low > 1.0, axis=1) if above_one else np.all(low >= 1.0, axis=1)


def _centered_sums(ts, ys, mask):
    """Sums of subset-centered values; centering keeps the downdated fits accurate."""
    count = mask.sum(axis=1).astype(float)
    w = mask[:, None, :]
    t_mean = np.sum(np.where(w, ts, 0.0), axis=2) / count[:, None]
    y_mean = np.sum(np.where(mask, ys, 0.0), axis=1) / count
    tc = np.where(w, ts - t_mean[:, :, None], 0.0)
    yc = np.where(mask, ys - y_mean[:, None], 0.0)
    return count, t_mean, y_mean, tc, yc


def _line_fit(n, s_t, s_y, s_tt, s_ty, t_bar, y_bar):
    """Least squares ``y = a + b t`` as Extra-P's ``numpy.linalg.lstsq([1, t], y, rcond=None)``
    gives it, from sums over the fitted points of values centred on ``t_bar`` and ``y_bar`` (any
    centre): ``s_t`` = Σ(t − t̄), ``s_y`` = Σ(y − ȳ), ``s_tt`` = Σ(t − t̄)², ``s_ty`` = Σ(t − t̄)(y − ȳ).
    Returns (a, b) in the values' own units: the exact fit, or lstsq's rank-one one where it cuts
    (:func:`_rank_one_where_lstsq_cuts`)."""
    t_mean = s_t / n
    y_mean = s_y / n
    b = (s_ty - s_t * y_mean) / (s_tt - s_t * t_mean)
    intercept = y_mean - b * t_mean + y_bar - b * t_bar
    return _rank_one_where_lstsq_cuts(n, s_t, s_y, s_tt, s_ty, t_bar, y_bar, intercept, b)


def _rank_one_where_lstsq_cuts(n, s_t, s_y, s_tt, s_ty, t_bar, y_bar, intercept, b):
    """Where the smaller singular value of ``[1, t]`` is at most ``eps · max(n, 2)`` times the
    larger (a term reaching 10^15 and more: n² · log2(n)² at n = 4 Mi is 8·10^15), lstsq drops it
    and returns the minimum-norm solution of rank one, whose constant is ~0; elsewhere the exact
    fit (``intercept``, ``b``) stays. Sums as :func:`_line_fit`'s. The singular values come from
    their product √(n · Σ(t − mean)²) and the sum of their squares n + Σt², both accurate where the
    2×2 normal matrix is not.
    """
    with np.errstate(all="ignore"):
        if not np.nanmax(np.abs(t_bar), initial=0.0) >= LARGE_TERM:
            return intercept, b
        shape = np.broadcast_shapes(np.shape(n), np.shape(s_t), np.shape(s_tt), np.shape(s_y), np.shape(s_ty),
                                    np.shape(t_bar), np.shape(y_bar), np.shape(intercept), np.shape(b))
        n, s_t, s_tt, s_y, s_ty, t_bar, y_bar = (np.broadcast_to(v, shape) for v in (n, s_t, s_tt, s_y, s_ty, t_bar, y_bar))
        product2 = n * (s_tt - s_t * s_t / n)  # (s_min · s_max)²
        trace = n + s_tt + 2 * t_bar * s_t + n * t_bar * t_bar  # s_min² + s_max²
        # s_max² ≤ trace: a cheap test that no fit is cut before the exact one
        cut = np.finfo(float).eps * np.maximum(n, 2)
        maybe = product2 <= (cut * trace) ** 2
        if not np.any(maybe):
            return intercept, b
        at = np.nonzero(maybe)
        n, s_t, s_tt, s_y, s_ty, t_bar, y_bar, product2, trace, cut = (
            v[at] for v in (n, s_t, s_tt, s_y, s_ty, t_bar, y_bar, product2, trace, cut))
        largest = (trace + np.sqrt(np.maximum(trace * trace - 4 * product2, 0.0))) / 2  # s_max²
        rank_one = np.sqrt(np.maximum(product2, 0.0)) / largest <= cut  # s_min / s_max
        raw_t, raw_y = s_t + n * t_bar, s_y + n * y_bar
        raw_ty = s_ty + y_bar * s_t + t_bar * s_y + n * t_bar * y_bar
        # the right singular vector of the larger singular value, (1, 0) for t ≡ 0
        v0, v1 = raw_t, largest - n
        norm = np.hypot(v0, v1)
        v0, v1 = np.where(norm > 0, v0 / norm, 1.0), np.where(norm > 0, v1 / norm, 0.0)
        along = (v0 * raw_y + v1 * raw_ty) / largest
        intercept, b = np.array(np.broadcast_to(intercept, shape)), np.array(np.broadcast_to(b, shape))
        intercept[at] = np.where(rank_one, v0 * along, intercept[at])
        b[at] = np.where(rank_one, v1 * along, b[at])
    return intercept, b


def _clean_constant(intercept, minimum, epsilon):
    """Extra-P's ``clean_constant_coefficient`` on arrays."""
    with np.errstate(all="ignore"):
        small = np.where(minimum == 0, np.abs(intercept) < epsilon, np.abs(intercept / minimum) < epsilon)
    return np.where(small, 0.0, intercept)


def _loo_costs(xs, ys, mask, terms, epsilon):
    """Leave-one-out costs, all folds at once (fold = last axis).

    Per fold the arithmetic is that of a loop over folds; the costs are accumulated in fold
    order with ``cumsum`` (a sequential sum), so the results equal the loop's bit for bit.
    """
    n_sub, n_terms, m = terms.shape
    with np.errstate(all="ignore"):
        count, t_mean, y_mean, tc, yc = _centered_sums(terms, ys, mask)
        s_t = tc.sum(axis=2)
        s_y = yc.sum(axis=1)[:, None]
        s_tt = (tc * tc).sum(axis=2)
        s_ty = (tc * yc[:, None, :]).sum(axis=2)
        y_raw_sum = np.sum(np.where(mask, ys, 0.0), axis=1)
        order = np.argsort(np.where(mask, ys, np.inf), axis=1)
        rows = np.arange(n_sub)
        lowest, second = ys[rows, order[:, 0]], ys[rows, order[:, 1]]

        # (S, 1, m) per-fold quantities broadcast against (S, K, m)
        fold = mask[:, None, :]
        n_train = (count - 1)[:, None, None]
        yj = yc[:, None, :]
        intercept, b = _line_fit(n_train, s_t[:, :, None] - tc, s_y[:, :, None] - yj, s_tt[:, :, None] - tc * tc,
                                 s_ty[:, :, None] - tc * yj, t_mean[:, :, None], y_mean[:, None, None])
        minimum = np.where(order[:, 0][:, None] == np.arange(m)[None, :], second[:, None], lowest[:, None])
        intercept = _clean_constant(intercept, minimum[:, None, :], epsilon)
        actual = ys[:, None, :]
        predicted = intercept + b * terms
        diff = predicted - actual
        share = count[:, None, None]
        rss_steps = np.cumsum(np.where(fold, diff * diff, 0.0), axis=2)
        nrss_terms = np.sqrt(rss_steps) / ((y_raw_sum[:, None] - ys) / (count - 1)[:, None])[:, None, :] / share
        relative = diff / actual
        has_actual = fold & (actual != 0)
        abssum = np.abs(actual) + np.abs(predicted)
        rss = rss_steps[:, :, -1]
        nrss = _sequential_sum(np.where(fold, nrss_terms, 0.0))
        re = _sequential_sum(np.where(has_actual, np.abs(relative) / share, 0.0))
        rrss = _sequential_sum(np.where(has_actual, relative * relative, 0.0))
        smape = _sequential_sum(np.where(fold & (abssum != 0), (np.abs(diff) / abssum * 2) / share * 100, 0.0))

        intercept, b = _line_fit(count[:, None], s_t, s_y, s_tt, s_ty, t_mean, y_mean[:, None])
    return (rss, nrss, rrss, re, smape), intercept, b


def _sequential_sum(values):
    """Sum over the last axis in index order (``np.sum`` would sum pairwise)."""
    return np.cumsum(values, axis=-1)[..., -1]


def _in_sample_costs(ys, mask, terms, epsilon):
    with np.errstate(all="ignore"):
        count, t_mean, y_mean, tc, yc = _centered_sums(terms, ys, mask)
        intercept, b = _line_fit(count[:, None], tc.sum(axis=2), yc.sum(axis=1)[:, None], (tc * tc).sum(axis=2),
                                 (tc * yc[:, None, :]).sum(axis=2), t_mean, y_mean[:, None])
        minimum = np.min(np.where(mask, ys, np.inf), axis=1)[:, None]
        intercept = _clean_constant(intercept, minimum, epsilon)
        actual = ys[:, None, :]
        w = mask[:, None, :]
        predicted = intercept[:, :, None] + b[:, :, None] * terms
        diff = predicted - actual
        rss = np.sum(np.where(w, diff * diff, 0.0), axis=2)
        nrss = np.sqrt(rss) / (np.sum(np.where(mask, ys, 0.0), axis=1) / count)[:, None]
        relative = diff / actual
        rrss = np.sum(np.where(w, relative * relative, 0.0), axis=2)
        re = np.sum(np.where(w, np.abs(diff) / actual, 0.0), axis=2) / count[:, None]
        abssum = np.abs(actual) + np.abs(predicted)
        counted = w & (abssum != 0)
        smape = (np.sum(np.where(counted, np.abs(diff) / abssum * 2, 0.0), axis=2)
                 / np.sum(counted, axis=2) * 100)
    return (rss, nrss, rrss, re, smape), intercept, b


def _constant_costs(ys, mask, mean, constant_cost, constant_smape):
    """RSS, nRSS, rRSS and RE of the constant model, as ``ConstantHypothesis.compute_cost``."""
    with np.errstate(all="ignore"):
        nonzero = mask & (ys != 0)
        diff = mean[:, None] - ys
        relative = np.where(nonzero, diff / ys, 0.0)
        rrss = np.sum(relative * relative, axis=1)
        nrss = np.where(mean != 0, np.sqrt(constant_cost) / mean, np.nan)
        # Extra-P keeps the relative error of the last non-zero point only (it overwrites in a loop).
        last = mask.shape[1] - 1 - np.argmax(nonzero[:, ::-1], axis=1)
        rows = np.arange(len(mean))
        re = np.where(nonzero.any(axis=1), np.abs(diff[rows, last]) / ys[rows, last], 0.0)
    return constant_cost, nrss, rrss, re
