"""Validating measured scaling against an expectation: divergence model and verdict.

With G the chosen model's leading-order term and E the expectation (paper, Section 2.4):

* divergence model δ = G / E, printed in simplified big-O form (``O(p^0.5 / log p)``);
* verdict ``match`` when G = E, ``approximate`` when E/D <= G <= E·D (limits inclusive, as the
  paper's Reduce row on Juropa shows), ``no match`` otherwise;
* direction ``faster`` / ``slower`` / ``same``: whether G grows faster than E (regression mode
  fails on ``faster`` when asked to).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import numpy as np

from extrap_segmented.expectations.complexity import (ComplexityTerm, DeviationLimits, Expectation,
                                                     as_term, deviation_limits, parse_expectation)
from extrap_segmented.exceptions import InvalidInputError, NotFittedError
from extrap_segmented.expectations.fit import (MIN_POINTS, FitResult, aggregation_name,
                                              check_parameter_values, fit_models, repetition_reducer)
from extrap_segmented.expectations.search_space import SearchSpace, build_search_space

MATCH, APPROXIMATE, NO_MATCH = "match", "approximate", "no match"
VERDICT_SYMBOLS = {MATCH: "✓", APPROXIMATE: "≈", NO_MATCH: "✗"}


def judge(model: ComplexityTerm, limits: DeviationLimits) -> str:
    """``match``, ``approximate`` or ``no match`` of a model's leading term against the limits."""
    if model == limits.expectation:
        return MATCH
    return APPROXIMATE if limits.contains(model) else NO_MATCH


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
        model: the chosen :class:`FitResult` G.
        limits: deviation limits used.
        verdict: ``match``, ``approximate`` or ``no match``.
        variable: parameter name used for printing.
        x, y: the aggregated data the model was fitted to.
    """

    expectation: Expectation
    model: FitResult
    limits: DeviationLimits
    verdict: str
    variable: str = "p"
    x: Optional[np.ndarray] = field(default=None, repr=False)
    y: Optional[np.ndarray] = field(default=None, repr=False)

    @property
    def divergence(self) -> ComplexityTerm:
        """Divergence model δ = G/E."""
        return self.model.leading_term / self.expectation.term

    @property
    def direction(self) -> str:
        """``faster``, ``slower`` or ``same``: how G grows compared to E."""
        return direction(self.model.leading_term, self.expectation.term)

    @property
    def passed(self) -> bool:
        """True unless the verdict is ``no match``."""
        return self.verdict != NO_MATCH

    def row(self) -> dict:
        """The table row: function-independent columns as strings/floats."""
        v = self.variable
        return {
            "expectation": self.expectation.term.big_o(v),
            "model": self.model.leading_term.big_o(v),
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
        data.update({
            "parameter": self.variable,
            "model_term_exact": self.model.leading_term.format(self.variable, exact=True),
            "constant": self.model.constant,
            "coefficient": self.model.coefficient,
            "points": self.model.n_points,
            "candidates": self.model.n_candidates,
        })
        return data

    def describe(self) -> str:
        """One line such as ``O(log p) vs model O(p^0.5): δ = O(p^0.5 / log p), approximate``."""
        r = self.row()
        r2 = format_adjusted_r2(r["adjusted_r2"])
        return (f"expected {r['expectation']}, model {r['model']} (adj. R² {r2}), "
                f"δ = {r['divergence']}: {VERDICT_SYMBOLS[self.verdict]} {self.verdict} "
                f"(limits {r['deviation_limits'][0]} … {r['deviation_limits'][1]})")


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
        alpha: level of the test of the best term against the constant model.
        min_points: minimum distinct parameter values.
        prefer_expectation: keep the expectation as the model unless another candidate fits
            significantly better (level ``alpha``); ``False`` takes the best adjusted R² alone.
        variable: parameter name for printing (default: the expectation's).

    Fitted attributes: ``expectation_``, ``search_space_``, ``limits_``, ``result_``.
    """

    def __init__(self, expectation="O(p)", *, deviation=None, lower_bound=None, upper_bound=None,
                 depth=2, refinement=0, extra_exponents=(), extra_terms=(), aggregation="median",
                 alpha=0.05, min_points=MIN_POINTS, prefer_expectation=True, variable=None):
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
        Y_agg = aggregate_columns(x, Y, self.aggregation_)
        bad = ~np.all(np.isfinite(Y_agg), axis=1)
        if np.any(bad):
            raise InvalidInputError(f"series {np.flatnonzero(bad)[:5].tolist()} contain NaN or infinite values")
        fits = fit_models(x_u, Y_agg, self.search_space_.terms, self.alpha,
                          self.expectation_.term if self.prefer_expectation else None,
                          (self.limits_.lower, self.limits_.upper))
        return [ValidationResult(self.expectation_, fit, self.limits_, judge(fit.leading_term, self.limits_),
                                 self.variable_, x_u, y_row) for fit, y_row in zip(fits, Y_agg)]

    @property
    def verdict_(self) -> str:
        """Verdict of the fitted series.

        Raises:
            NotFittedError: read before :meth:`fit`.
        """
        if not hasattr(self, "result_"):
            raise NotFittedError("ScalabilityValidator.verdict_ read before fit")
        return self.result_.verdict


def validate_series(x, y, expectation, **options) -> ValidationResult:
    """One-call validation: ``validate_series(p, times, "O(log p)", aggregation="q1")``.

    Keyword options are those of :class:`ScalabilityValidator`.
    """
    return ScalabilityValidator(expectation, **options).fit(x, y).result_


def validate_term(model, expectation, deviation=None) -> str:
    """Verdict for a model term given directly (e.g. from a saved model)."""
    e = as_term(expectation, what="expectation")
    return judge(as_term(model, what="model"), deviation_limits(e, deviation))
