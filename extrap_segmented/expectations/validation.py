"""Validating measured scaling against an expectation: divergence model, uncertainty and verdict.

With G the chosen model's leading-order term and E the expectation (paper, Section 2.4):

* divergence model δ = G / E, printed in simplified big-O form (``O(p^0.5 / log p)``);
* the range [G_low, G_high] of terms indistinguishable from the best (see
  :mod:`~extrap_segmented.expectations.fit`) decides the verdict, so that five noisy points
  cannot claim more than they show:
  ``match`` when E is in the range (G = E); ``approximate`` when the whole range lies within
  E/D … E·D (limits inclusive, as the paper's Reduce row on Juropa shows); ``no match`` when the
  whole range lies outside; ``inconclusive`` when it straddles a limit, with the parameter value
  whose measurement would decide;
* direction ``faster`` / ``slower`` / ``same``: whether G grows faster than E (regression mode
  fails on ``faster`` when asked to).
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Optional

import numpy as np

from extrap_segmented.expectations.complexity import (ComplexityTerm, DeviationLimits, Expectation, parameter_text,
                                                     as_term, deviation_limits, parse_expectation)
from extrap_segmented.exceptions import InvalidInputError, NotFittedError
from extrap_segmented.expectations.fit import (MIN_POINTS, FitResult, aggregation_name,
                                              check_parameter_values, fit_models, repetition_reducer)
from extrap_segmented.expectations.search_space import SearchSpace, build_search_space

MATCH, APPROXIMATE, NO_MATCH, INCONCLUSIVE = "match", "approximate", "no match", "inconclusive"
VERDICTS = (MATCH, APPROXIMATE, NO_MATCH, INCONCLUSIVE)
VERDICT_SYMBOLS = {MATCH: "✓", APPROXIMATE: "≈", NO_MATCH: "✗", INCONCLUSIVE: "?"}


def judge(model: ComplexityTerm, limits: DeviationLimits) -> str:
    """``match``, ``approximate`` or ``no match`` of a model's leading term against the limits."""
    if model == limits.expectation:
        return MATCH
    return APPROXIMATE if limits.contains(model) else NO_MATCH


#: terms beyond a search space's upper bound that are fitted too, so that data growing faster than the
#: space allows are recognised (all in-space terms would fit about equally badly, the expectation
#: among them) instead of passing as the expectation
PROBE_TERMS = tuple(sorted({ComplexityTerm(log=Fraction(i, 2)) for i in range(1, 9)}
                           | {ComplexityTerm(power=Fraction(i, 4), log=j) for i in range(1, 17) for j in (0, 1)}))


#: values (functions x candidate terms x points) fitted at once; larger batches go in parts
BATCH_ELEMENTS = 1 << 20


def probe_terms(space: SearchSpace, x) -> list:
    """The probes above ``space``'s upper bound (without log factors when some ``x`` < 1)."""
    allow_log = bool(np.all(np.asarray(x) >= 1))
    return [t for t in PROBE_TERMS if t > space.upper and (allow_log or not t.has_log)]


def judge_range(model: ComplexityTerm, low: ComplexityTerm, high: ComplexityTerm,
                limits: DeviationLimits, best: Optional[ComplexityTerm] = None,
                bound: Optional[str] = None) -> str:
    """Verdict of a model whose indistinguishable terms span ``low`` … ``high`` (see module doc).

    ``bound`` is ``upper``/``lower`` when the ``best`` term is a bound of the search space: the
    data then grow at least (at most) that fast, so a bound outside the limits is no match even if
    lesser terms of the bounded space fit about as badly.
    """
    if model == limits.expectation:
        return MATCH
    if bound == "upper" and best is not None and best > limits.upper:
        return NO_MATCH
    if bound == "lower" and best is not None and best < limits.lower:
        return NO_MATCH
    if limits.contains(low) and limits.contains(high):
        return APPROXIMATE
    if high < limits.lower or low > limits.upper:
        return NO_MATCH
    return INCONCLUSIVE


VERDICT_RULES = ("range", "weights")


def judge_weights(range_verdict: str, mass, threshold: float = 0.6, bound: Optional[str] = None) -> str:
    """Verdict from the Akaike weights of the candidates (``mass`` = weight below, within and
    above the limits, summing to 1) instead of the range's ends: ``match`` stays as
    :func:`judge_range` decides it (E indistinguishable from the best) and so does a ``no
    match`` at a search-space ``bound``; otherwise ``approximate`` when the candidates within the
    limits hold at least ``threshold`` of the weight, ``no match`` when those outside do, else
    ``inconclusive``."""
    if range_verdict == MATCH or (range_verdict == NO_MATCH and bound is not None):
        return range_verdict
    below, within, above = mass
    if within >= threshold:
        return APPROXIMATE
    if below + above >= threshold:
        return NO_MATCH
    return INCONCLUSIVE


def deciding_measurement(x, candidates, limits: DeviationLimits, noise: float,
                         steps: int = 40) -> Optional[float]:
    """Smallest parameter value beyond the measured ones (doubling) at which the indistinguishable
    candidates inside and outside the deviation limits predict values more than four noise
    standard deviations apart: measuring there would decide an inconclusive verdict."""
    inside = [c for c in candidates if limits.contains(c[0])]
    outside = [c for c in candidates if not limits.contains(c[0])]
    if not inside or not outside or not np.isfinite(noise):
        return None
    x_max = float(np.max(x))
    grid = x_max * 2.0 ** np.arange(1, steps + 1)

    def values(c):
        term, c0, c1 = c
        with np.errstate(over="ignore", invalid="ignore"):
            return c0 + c1 * term.evaluate(grid)

    with np.errstate(invalid="ignore"):
        gap = np.min([np.abs(values(a) - values(b)) for a in inside for b in outside], axis=0)
    hits = np.flatnonzero(gap > 4 * max(noise, 1e-300))
    return float(grid[hits[0]]) if hits.size else None


def direction(model: ComplexityTerm, expectation: ComplexityTerm) -> str:
    """``faster``, ``slower`` or ``same``: growth of the model relative to the expectation."""
    if model > expectation:
        return "faster"
    if model < expectation:
        return "slower"
    return "same"


def format_adjusted_r2(value: Optional[float]) -> str:
    """A table row's adjusted R² as printed (two decimals; ``-`` when undefined)."""
    return "-" if value is None else f"{value:.2f}"


@dataclass
class ValidationResult:
    """Outcome of validating one function (one call path, metric and slice).

    Attributes:
        expectation: the parsed expectation.
        model: the chosen :class:`FitResult` G (with its range of indistinguishable terms).
        limits: deviation limits used.
        verdict: ``match``, ``approximate``, ``no match`` or ``inconclusive``.
        variable: parameter name used for printing.
        x, y: the aggregated data the model was fitted to.
        lower_bound, upper_bound: the search space's bounds (a model at a bound is shown as
            ``≥ O(…)`` / ``≤ O(…)``: the data may grow faster / slower than the space allows).
        decide_at: for ``inconclusive``, the parameter value whose measurement would decide.
    """

    expectation: Expectation
    model: FitResult
    limits: DeviationLimits
    verdict: str
    variable: str = "p"
    x: Optional[np.ndarray] = field(default=None, repr=False)
    y: Optional[np.ndarray] = field(default=None, repr=False)
    lower_bound: Optional[ComplexityTerm] = None
    upper_bound: Optional[ComplexityTerm] = None
    decide_at: Optional[float] = None
    search_terms: tuple = field(default=(), repr=False)

    @property
    def divergence(self) -> ComplexityTerm:
        """Divergence model δ = G/E."""
        return self.model.leading_term / self.expectation.term

    @property
    def direction(self) -> str:
        """``faster``, ``slower`` or ``same``: how G grows compared to E (``faster`` when the data
        outgrow the search space)."""
        if self.at_bound == "upper" and self.model.best_term > self.expectation.term:
            return "faster"
        return direction(self.model.leading_term, self.expectation.term)

    @property
    def passed(self) -> bool:
        """True unless the verdict is ``no match``."""
        return self.verdict != NO_MATCH

    @property
    def written_variable(self) -> str:
        """The parameter as terms write it, so that they parse back (quoted where it is no plain name)."""
        return parameter_text(self.variable)

    def _bounded(self, term: ComplexityTerm) -> str:
        v = self.written_variable
        if self.upper_bound is not None and term >= self.upper_bound and term != self.expectation.term:
            return "≥ " + self.upper_bound.big_o(v)
        if (self.lower_bound is not None and not self.lower_bound.is_constant and term == self.lower_bound
                and term != self.expectation.term):
            return "≤ " + term.big_o(v)
        return term.big_o(v)

    @property
    def at_bound(self) -> Optional[str]:
        """``upper`` / ``lower`` when the best term is a bound of the search space, else None."""
        best = self.model.best_term
        if best == self.expectation.term:
            return None
        if self.upper_bound is not None and best >= self.upper_bound:
            return "upper"
        if self.lower_bound is not None and not self.lower_bound.is_constant and best == self.lower_bound:
            return "lower"
        return None

    @property
    def range_text(self) -> str:
        """``O(p)`` or ``between O(p^0.5) and O(p log p)``: the indistinguishable terms."""
        low, high = self.model.range_low, self.model.range_high
        if low == high:
            return self._bounded(low)
        return f"between {self._bounded(low)} and {self._bounded(high)}"

    @property
    def notes(self) -> list:
        """Remarks a reader must see: model at a search-space bound, negative predictions,
        where to measure to decide an inconclusive verdict."""
        v = self.written_variable
        notes = []
        if self.at_bound == "upper" and self.model.best_term > self.upper_bound:
            notes.append(f"the data grow faster than the search space's upper bound {self.upper_bound.big_o(v)} "
                         f"allows ({self.model.best_term.big_o(v)} fits distinguishably better): widen upper_bound")
        elif self.at_bound == "upper":
            notes.append(f"best term {self.model.best_term.big_o(v)} is the upper bound of the search space; "
                         "the data may grow faster: widen upper_bound")
        elif self.at_bound == "lower":
            notes.append(f"best term {self.model.best_term.big_o(v)} is the lower bound of the search space; "
                         "widen lower_bound")
        if self.x is not None and not self.model.is_constant:
            negative = self.x[self.model.evaluate(self.x) < 0]
            if negative.size:
                notes.append("model predicts negative values at measured "
                             f"{v} = {', '.join(f'{x:g}' for x in negative)}")
        if self.verdict == INCONCLUSIVE:
            where = f"measure {v} = {self.decide_at:g}" if self.decide_at else \
                "more or less noisy measurements are needed"
            notes.append(f"{self.model.n_points} points cannot decide {self.range_text}; {where}")
        return notes

    def row(self) -> dict:
        """The table row: function-independent columns as strings/floats."""
        v = self.written_variable
        return {
            "expectation": self.expectation.term.big_o(v),
            "model": self._bounded(self.model.leading_term),
            "range": self.range_text,
            "formula": self.model.formula(v),
            "adjusted_r2": None if np.isnan(self.model.adjusted_r2) else round(self.model.adjusted_r2, 4),
            "divergence": self.divergence.big_o(v),
            "verdict": self.verdict,
            "direction": self.direction,
            "deviation_limits": [self.limits.lower.big_o(v), self.limits.upper.big_o(v)],
        }

    def to_dict(self) -> dict:
        """JSON-ready summary, including exact exponents for regression baselines."""
        data = self.row()
        v = self.written_variable
        data.update({
            "parameter": self.variable,
            "model_term_exact": self.model.leading_term.format(v, exact=True),
            "range_exact": [self.model.range_low.format(v, exact=True), self.model.range_high.format(v, exact=True)],
            "constant": self.model.constant,
            "coefficient": self.model.coefficient,
            "points": self.model.n_points,
            "candidates": self.model.n_candidates,
            "decide_at": self.decide_at,
            "at_bound": self.at_bound,
            "notes": self.notes,
            # the search space, so that regression mode can validate in the same space later
            "search_space": {"lower_bound": None if self.lower_bound is None else
                             self.lower_bound.format(v, exact=True),
                             "upper_bound": None if self.upper_bound is None else
                             self.upper_bound.format(v, exact=True),
                             "terms": [t.format(v, exact=True) for t in self.search_terms]},
        })
        return data

    def describe(self) -> str:
        """One line such as ``expected O(log p), model O(p^0.5) …, δ = O(p^0.5 / log p): ≈ approximate``."""
        r = self.row()
        r2 = format_adjusted_r2(r["adjusted_r2"])
        span = "" if r["range"] == r["model"] else f", indistinguishable: {r['range']}"
        return (f"expected {r['expectation']}, model {r['model']} (adj. R² {r2}{span}), "
                f"δ = {r['divergence']}: {VERDICT_SYMBOLS[self.verdict]} {self.verdict} "
                f"(limits {r['deviation_limits'][0]} … {r['deviation_limits'][1]})")

    def verdict_line(self) -> str:
        """``Verdict: match (expected O(log p), model O(log p), δ = O(1))``, the same words everywhere."""
        r = self.row()
        return verdict_line(self.verdict, r["expectation"], r["model"], r["divergence"])


def verdict_line(verdict: str, expectation: str, model: str, divergence: str) -> str:
    """The one-line verdict printed by ``extrap --print all`` and written by ``extrap-validate``."""
    return f"Verdict: {verdict} (expected {expectation}, model {model}, δ = {divergence})"


WEIGHTINGS = ("spread", "relative", "none")


def _count_and_spread(V: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Repetitions (non-NaN) and 1.4826 × median absolute deviation of (F, points, r) values."""
    missing = np.isnan(V)
    count = np.sum(~missing, axis=2).astype(float)
    if V.shape[2] < 2:
        return count, np.zeros(count.shape)
    median = np.nanmedian if missing.any() else np.median
    centre = median(V, axis=2, keepdims=True)
    return count, 1.4826 * median(np.abs(V - centre), axis=2)


def point_weights(x, Y, Y_agg, method: str = "spread", shrink: float = 10.0) -> Optional[np.ndarray]:
    """(F, n) weights of the aggregated points (inverse variances, up to a factor per row), or None.

    Cost measurements are heteroscedastic: noise is relative (a few per cent of the value) and
    the values span orders of magnitude over the measured scales, so an unweighted fit is decided
    by the largest one or two points and cannot tell neighbouring terms apart on the rest.

    * ``spread`` (default): the variance of each point's aggregate from its repetitions — the
      robust spread (1.4826 × median absolute deviation) relative to the aggregate, shrunk
      towards the series' median relative spread with the weight of ``shrink`` repetitions (3-5
      repetitions say little about a variance on their own), times the aggregate², over the
      number of repetitions. Points without repetitions take the pooled relative spread; a
      series without any repetitions (or with no spread among them) is fitted unweighted: it
      says nothing about its noise, and weights from the values alone (``relative``) make a
      constant look better than it is (relative residuals of a constant stay below 1).
    * ``relative``: 1/aggregate² (constant relative noise).
    * ``none``: equal weights (the previous engine's unweighted fit).

    Aggregates near zero are floored at 10⁻⁶ × the series' largest magnitude so that no point
    takes all the weight; rows whose weights are not finite get equal weights.

    Args:
        x: parameter values (N,), repeated per repetition.
        Y: values (F, N) or (F, N, r), NaN for missing repetitions.
        Y_agg: the aggregates (F, n) over the sorted distinct ``x``.
        method: ``spread``, ``relative`` or ``none``.
        shrink: prior weight (in repetitions) of the pooled relative spread.

    Raises:
        InvalidInputError: unknown ``method`` or negative ``shrink``.
    """
    if method not in WEIGHTINGS:
        raise InvalidInputError(f"weighting must be one of {', '.join(WEIGHTINGS)}, got {method!r}")
    if not shrink >= 0:
        raise InvalidInputError(f"shrink must be a number >= 0, got {shrink!r}")
    if method == "none":
        return None
    magnitude = np.abs(Y_agg)
    floor = 1e-6 * np.max(magnitude, axis=1, keepdims=True)
    scale = np.maximum(magnitude, floor)
    if method == "relative":
        variance = scale ** 2
    else:
        x_u, inverse = np.unique(np.asarray(x, dtype=float), return_inverse=True)
        Y = Y if Y.ndim == 3 else Y[:, :, None]
        F = Y.shape[0]
        spread, count = np.zeros_like(Y_agg), np.zeros_like(Y_agg)
        sizes = np.bincount(inverse, minlength=len(x_u))
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # all-NaN rows: no spread, handled below
            if np.all(sizes == sizes[0]):  # the usual layout: one array (F, points, repetitions)
                count, spread = _count_and_spread(Y[:, np.argsort(inverse, kind="stable"), :].reshape(F, len(x_u), -1))
            else:
                for i in range(len(x_u)):
                    c, m = _count_and_spread(Y[:, inverse == i, :].reshape(F, 1, -1))
                    count[:, i], spread[:, i] = c[:, 0], m[:, 0]
            relative = (spread / scale) ** 2
            informative = np.isfinite(relative) & (count > 1)
            pooled = np.median(relative, axis=1, keepdims=True) if informative.all() else \
                np.nanmedian(np.where(informative, relative, np.nan), axis=1, keepdims=True)
            measured = np.isfinite(pooled[:, 0]) & (pooled[:, 0] > 0)
            pooled = np.where(measured[:, None], pooled, 1.0)
            dof = np.where(informative, count - 1, 0.0)
            shrunk = (np.where(informative, relative, 0.0) * dof + pooled * shrink) / np.maximum(dof + shrink, 1e-300)
            shrunk = np.where(dof + shrink > 0, shrunk, pooled)
            variance = scale ** 2 * shrunk / np.maximum(count, 1)
            # no repetitions (or no spread among them): nothing to weigh by, unweighted as before
            variance = np.where(measured[:, None], variance, 1.0)
    with np.errstate(all="ignore"):
        weights = 1.0 / variance
    ok = np.all(np.isfinite(weights) & (weights > 0), axis=1)
    return np.where(ok[:, None], weights, 1.0)


def aggregate_columns(x, Y, aggregation: str) -> np.ndarray:
    """Aggregates (F, n) or (F, n, r) values over repetitions into (F, len(unique(x))).

    Columns with the same ``x`` are repetitions of that point; so is the last axis of a 3-D
    array. NaN marks a missing repetition.
    """
    reducer = repetition_reducer(aggregation)
    x_u, inverse = np.unique(x, return_inverse=True)
    if Y.ndim == 2 and len(x_u) == len(x):
        return Y[:, np.argsort(x)]
    if Y.ndim == 2:
        Y = Y[:, :, None]
    # all-NaN points give NaN without a warning (reported by the caller)
    with np.errstate(all="ignore"):
        return np.stack([reducer(Y[:, inverse == i, :].reshape(Y.shape[0], -1), axis=1)
                         for i in range(len(x_u))], axis=1)


class ScalabilityValidator:
    """Estimator that validates one series against an expectation.

    Args (stored unchanged, validated in :meth:`fit`):
        expectation: string such as ``"O(p log p)"`` or an :class:`Expectation`.
        deviation: D (string/term) or ``None`` for the default (half the leading exponent).
        lower_bound, upper_bound: search-space bounds (default 1 and E²).
        depth, refinement, extra_exponents, extra_terms: see
            :func:`~extrap_segmented.expectations.search_space.build_search_space`.
        aggregation: ``mean``, ``median``, ``min`` or ``q1`` for repetitions.
        alpha: level of the F-tests of ``criterion="ftest"`` (the previous engine).
        min_points: minimum distinct parameter values.
        prefer_expectation: keep the expectation as the model unless another candidate fits
            is distinguishably better; ``False`` takes the best alone.
        criterion: ``aicc`` (small-sample model choice with uncertainty range) or ``ftest``.
        delta: AICc difference up to which terms are indistinguishable (default 2).
        weighting: ``spread`` (default: each point weighted by the inverse variance of its
            aggregate, from the repetitions' spread), ``relative`` or ``none`` (unweighted, the
            previous fit); see :func:`point_weights`.
        shrink: prior weight, in repetitions, of the series' pooled relative spread.
        trend: ``rising`` (default: a series rising at every step is never O(1)) or ``2x`` (only
            when it also ends at >= 2x its first value, the engine before); see
            :func:`~extrap_segmented.expectations.fit.select_models`.
        verdict_rule: ``range`` (default: the issue's rule on the range of indistinguishable
            terms, :func:`judge_range`) or ``weights`` (:func:`judge_weights`, decided by the
            Akaike weight of the candidates within and outside the limits).
        weight_threshold: the weight share a side needs for ``verdict_rule="weights"``.
        variable: parameter name for printing (default: the expectation's).

    Fitted attributes: ``expectation_``, ``search_space_``, ``limits_``, ``result_``.
    """

    def __init__(self, expectation="O(p)", *, deviation=None, lower_bound=None, upper_bound=None,
                 depth=2, refinement=0, extra_exponents=(), extra_terms=(), aggregation="median",
                 alpha=0.05, min_points=MIN_POINTS, prefer_expectation=True, variable=None,
                 criterion="aicc", delta=2.0, weighting="spread", shrink=10.0, trend="rising",
                 verdict_rule="range", weight_threshold=0.6):
        self.expectation = expectation
        self.deviation = deviation
        self.lower_bound = lower_bound
        self.upper_bound = upper_bound
        self.depth = depth
        self.refinement = refinement
        self.extra_exponents = extra_exponents
        self.extra_terms = extra_terms
        self.aggregation = aggregation
        self.alpha = alpha
        self.min_points = min_points
        self.prefer_expectation = prefer_expectation
        self.variable = variable
        self.criterion = criterion
        self.delta = delta
        self.weighting = weighting
        self.shrink = shrink
        self.trend = trend
        self.verdict_rule = verdict_rule
        self.weight_threshold = weight_threshold

    def _prepare(self):
        expectation = self.expectation
        if not isinstance(expectation, Expectation):
            expectation = parse_expectation(expectation)
        self.expectation_ = expectation
        self.limits_ = deviation_limits(expectation.term, self.deviation)
        self.search_space_: SearchSpace = build_search_space(
            expectation.term, lower_bound=self.lower_bound, upper_bound=self.upper_bound,
            depth=self.depth, refinement=self.refinement, extra_exponents=self.extra_exponents,
            extra_terms=self.extra_terms)
        self.aggregation_ = aggregation_name(self.aggregation)
        self.variable_ = self.variable or expectation.variable or "p"
        _check_variables(self, expectation)

    def fit(self, x, y) -> "ScalabilityValidator":
        """Fits the model of ``y`` over ``x`` (repetitions as repeated ``x`` or (n, r) ``y``)."""
        self.result_ = self.validate_many(x, np.asarray(y, dtype=float)[None, ...])[0]
        return self

    def validate_many(self, x, Y) -> list[ValidationResult]:
        """Validates many series measured at the same parameter values in one vectorised fit.

        Args:
            x: parameter values (n,), repeated per repetition or distinct.
            Y: values (F, n) or (F, n, r) with NaN for missing repetitions.

        Returns:
            One :class:`ValidationResult` per series.

        Raises:
            InvalidInputError: too few points, bad parameter values, non-finite data.
        """
        self._prepare()
        Y = np.asarray(Y, dtype=float)
        if Y.ndim not in (2, 3):
            raise InvalidInputError(f"values must have shape (functions, points[, repetitions]), got {Y.shape}")
        x = np.asarray(x, dtype=float)
        if x.ndim != 1 or x.shape[0] != Y.shape[1]:
            raise InvalidInputError(f"{x.shape} parameter values do not match values of shape {Y.shape}")
        x_u = np.unique(x)
        check_parameter_values(x_u, needs_log=self.search_space_.has_log, min_points=self.min_points)
        # Memory grows with functions x candidates x points: large batches are validated in parts
        # (each series' result depends on its own row only, so the parts give the same results).
        rows = max(1, BATCH_ELEMENTS // ((len(self.search_space_) + len(PROBE_TERMS)) * len(x_u)))
        if Y.shape[0] > rows:
            return [r for start in range(0, Y.shape[0], rows) for r in self.validate_many(x, Y[start:start + rows])]
        Y_agg = aggregate_columns(x, Y, self.aggregation_)
        bad = ~np.all(np.isfinite(Y_agg), axis=1)
        if np.any(bad):
            raise InvalidInputError(f"series {np.flatnonzero(bad)[:5].tolist()} contain NaN or infinite values")
        space = self.search_space_
        preferred = self.expectation_.term if self.prefer_expectation else None
        probes = probe_terms(space, x_u) if self.criterion == "aicc" else []
        weights = point_weights(x, Y, Y_agg, self.weighting if self.criterion == "aicc" else "none", self.shrink)
        if self.verdict_rule not in VERDICT_RULES:
            raise InvalidInputError(f"verdict_rule must be one of {', '.join(VERDICT_RULES)}, got {self.verdict_rule!r}")
        if not 0.5 <= self.weight_threshold <= 1:
            raise InvalidInputError(f"weight_threshold must be within 0.5 ... 1, got {self.weight_threshold!r}")
        fits = fit_models(x_u, Y_agg, list(space.terms) + probes, self.alpha, preferred,
                          (self.limits_.lower, self.limits_.upper), criterion=self.criterion, delta=self.delta,
                          weights=weights, trend=self.trend)
        inside = fit_models(x_u, Y_agg, space.terms, criterion=self.criterion, delta=self.delta, weights=weights,
                            trend=self.trend) \
            if probes and any(f.term > space.upper for f in fits) else None
        results = []
        for i, (fit, y_row) in enumerate(zip(fits, Y_agg)):
            bound = None if fit.best_term == self.expectation_.term else \
                "upper" if fit.best_term >= space.upper else \
                "lower" if fit.best_term == space.lower and not space.lower.is_constant else None
            verdict = judge_range(fit.leading_term, fit.range_low, fit.range_high, self.limits_,
                                  fit.best_term, bound)
            if self.verdict_rule == "weights" and fit.mass is not None:
                verdict = judge_weights(verdict, fit.mass, self.weight_threshold, bound)
            decide = deciding_measurement(x_u, fit.candidates, self.limits_, fit.noise) \
                if verdict == INCONCLUSIVE else None
            if fit.term > space.upper:
                # the model shown stays in the search space (the paper's semantics); the range and
                # the verdict keep what the probes beyond it showed
                fit = replace(inside[i], range_low=fit.range_low, range_high=fit.range_high,
                              best_term=fit.best_term, candidates=fit.candidates, noise=fit.noise, mass=fit.mass)
            results.append(ValidationResult(self.expectation_, fit, self.limits_, verdict, self.variable_, x_u,
                                            y_row, space.lower, space.upper, decide, tuple(space.terms)))
        return results

    @property
    def verdict_(self) -> str:
        """Verdict of the fitted series.

        Raises:
            NotFittedError: read before :meth:`fit`.
        """
        if not hasattr(self, "result_"):
            raise NotFittedError("ScalabilityValidator.verdict_ read before fit")
        return self.result_.verdict


def _check_variables(validator: "ScalabilityValidator", expectation: Expectation) -> None:
    """The deviation and the bounds must be written in the expectation's parameter: a bound in
    ``q`` on an expectation in ``p`` is not a bound in ``p``."""
    named = validator.variable or expectation.variable
    for key in ("deviation", "lower_bound", "upper_bound"):
        value = getattr(validator, key)
        if not isinstance(value, str):
            continue
        variable = parse_expectation(value, allow_decreasing=True).variable
        if variable is not None and named is not None and variable != named:
            raise InvalidInputError(f"{key} {value!r} is in parameter {variable!r}, but the expectation "
                                    f"{expectation.text!r} is in {named!r}")
        named = named or variable


def validate_series(x, y, expectation, **options) -> ValidationResult:
    """One-call validation: ``validate_series(p, times, "O(log p)", aggregation="q1")``.

    Keyword options are those of :class:`ScalabilityValidator`.
    """
    return ScalabilityValidator(expectation, **options).fit(x, y).result_


def validate_term(model, expectation, deviation=None) -> str:
    """Verdict for a model term given directly (e.g. from a saved model)."""
    e = as_term(expectation, what="expectation")
    return judge(as_term(model, what="model"), deviation_limits(e, deviation))
