"""Properties of expectation terms and validation (hypothesis)."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import given, settings, strategies as st

from extrap_segmented.expectations.complexity import ComplexityTerm, parse_expectation
from extrap_segmented.expectations.validation import validate_series

exponents = st.fractions(min_value=-3, max_value=3, max_denominator=12)
P = 2.0 ** np.arange(3, 13)


@settings(max_examples=60, deadline=None)
@given(exponents, exponents, exponents, st.sampled_from(["p", "k", "n"]))
def test_exact_format_parses_back(exp2, power, log, variable):
    term = ComplexityTerm(exp2, power, log)
    text = term.format(variable, exact=True)
    assert parse_expectation(text, allow_decreasing=True).term == term


@settings(max_examples=30, deadline=None)
@given(st.floats(1e-6, 1e6), st.sampled_from(["O(log p)", "O(p)", "O(p log p)", "O(p^1.5)"]),
       st.integers(0, 2**16))
def test_verdict_invariant_under_scaling_of_values(scale, expectation, seed):
    rng = np.random.default_rng(seed)
    y = (2 + P ** Fraction(rng.integers(0, 7), 4).__float__()) * (1 + 0.05 * rng.standard_normal(P.size))
    a = validate_series(P, y, expectation)
    b = validate_series(P, y * scale, expectation)
    assert a.verdict == b.verdict and a.model.term == b.model.term


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(-1e9, 1e9, allow_nan=False), min_size=6, max_size=6))
def test_no_crash_on_any_finite_values(values):
    x = np.array([1, 2, 4, 8, 16, 32.0])
    result = validate_series(x, np.array(values), "O(p)")
    assert result.verdict in ("match", "approximate", "no match", "inconclusive")
    assert np.all(np.isfinite(result.model.evaluate(x)))
