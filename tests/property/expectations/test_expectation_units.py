"""The same data in any unit get the same verdict and model; the expectation changes only the verdict
(issue 24, point 3; issue 29, "Magnitudes")."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given, settings, strategies as st

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.expectations.validation import validate_series

P = np.array([8, 16, 32, 64, 128, 256.0])
TERMS = {"1": lambda p: np.ones_like(p), "log": np.log2, "sqrt": np.sqrt, "p": lambda p: p,
         "plogp": lambda p: p * np.log2(p), "p2": lambda p: p ** 2}


def _summary(result):
    return (result.verdict, result.model.term, result.model.range_low, result.model.range_high,
            tuple(tuple(c.as_pair()) for c in result.changes), result.row()["model"])


@st.composite
def series(draw):
    """Cost-like series: floor + coefficient × a term, relative noise given as a few decimals
    (values with few digits, so that a scaled copy cannot tie two values that differ)."""
    n = draw(st.integers(5, 6))
    term = TERMS[draw(st.sampled_from(sorted(TERMS)))]
    floor = draw(st.sampled_from([0.0, 0.5, 2.0]))
    noise = np.array(draw(st.lists(st.integers(-8, 8), min_size=n * 3, max_size=n * 3))) / 100.0
    p = P[:n]
    y = ((floor + term(p) / term(p[-1]) * 10) * np.ones(n))[:, None] * (1 + noise.reshape(n, 3))
    reps = draw(st.sampled_from([1, 3]))
    y = np.round(y[:, :reps], 4)
    return np.repeat(p, reps), y.ravel()


@settings(max_examples=60, deadline=None)
@given(series(), st.integers(-300, 300), st.sampled_from(["O(1)", "O(log p)", "O(p)", "O(p^2)"]))
def test_powers_of_two_change_nothing(data, exponent, expectation):
    x, y = data
    base = validate_series(x, y, expectation)
    scaled = validate_series(x, np.ldexp(y, exponent), expectation)
    assert _summary(scaled) == _summary(base)
    assert scaled.model.constant == pytest.approx(np.ldexp(base.model.constant, exponent), rel=1e-12, nan_ok=True)


@settings(max_examples=60, deadline=None)
@given(series(), st.sampled_from([1e-300, 1e-200, 1e-9, 1e-3, 7.3, 1e6, 1e200, 1e297]),
       st.sampled_from(["O(1)", "O(log p)", "O(p)", "O(p log p)"]))
def test_any_unit_gets_the_same_verdict(data, factor, expectation):
    x, y = data
    base = validate_series(x, y, expectation)
    assert _summary(validate_series(x, y * factor, expectation)) == _summary(base)


@settings(max_examples=60, deadline=None)
@given(series())
# O(p^0.3) lies outside the data's space and is scored for the verdict only; its χ² once set the
# dispersion of the assumed noise, which dropped log x from the model's range
@example((np.array([8., 16., 32., 64., 128.]), np.array([4.2857, 5.4286, 7.1429, 7.8857, 10.8])))
@pytest.mark.slow
def test_the_model_does_not_depend_on_the_expectation(data):
    x, y = data
    results = [validate_series(x, y, e) for e in ("O(1)", "O(log p)", "O(p)", "O(p^2)", "O(p^0.3)")]
    assert len({_summary(r)[1:] for r in results}) == 1
    assert len({r.model.constant for r in results}) == 1


def test_a_constant_near_1e300_does_not_pass_p_cubed():
    y = 1.3e300 * (1 + 0.01 * np.array([1, -1, 0.5, 0, -0.5, 1]))
    result = validate_series(P, y, "O(p^3)")
    assert result.model.is_constant and result.verdict == "no match"
    assert validate_series(P, y / 1e300, "O(p^3)").verdict == "no match"


def test_a_jump_from_1e_minus_300_to_1e300_is_no_constant():
    for p in (P, P[1:]):  # six points (segmentation core, falls back) and five (jump detection)
        y = np.where(p < 64, 1e-300, 1e300)
        result = validate_series(p, y, "O(1)")
        assert result.verdict == "no match" and [c.as_pair() for c in result.changes] == [[32, 64]]
        assert result.changes[0].factor_text == "×10^600"  # named, not an overflowed ratio
        assert result.changes[0].log10_factor == pytest.approx(600, rel=1e-12)


def test_tiny_and_scaled_linear_series_get_the_same_verdict():
    tiny = validate_series(P, 1e-300 * P, "O(1)")
    scaled = validate_series(P, 1e-300 * P * 1e297, "O(1)")
    assert tiny.verdict == scaled.verdict == "no match"
    assert tiny.model.term == scaled.model.term
    assert tiny.model.coefficient == pytest.approx(1e-300, rel=1e-9)


def test_values_near_the_largest_double_fit_without_overflow():
    result = validate_series(P, (1.7e308 / 256) * P, "O(p)")
    assert result.verdict == "match" and np.isfinite(result.model.coefficient)


def test_an_overflowed_value_is_named():
    y = np.array([1.0, 2.0, 4.0, float("inf"), 16.0, 32.0])
    with pytest.raises(InvalidInputError, match="infinite values .*p = 64.*overflows double precision"):
        validate_series(P, y, "O(p)")
    with pytest.raises(InvalidInputError, match="NaN values"):
        validate_series(P, np.where(P == 64, np.nan, P), "O(p)")
