"""Points weighted by their repetitions' spread (issue 12: validation uses all repetitions)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.expectations.complexity import ComplexityTerm, parse_expectation
from extrap_segmented.expectations.fit import fit_candidates
from extrap_segmented.expectations.search_space import build_search_space
from extrap_segmented.expectations.validation import point_weights, validate_series

P = 2.0 ** np.arange(3, 9)
TERMS = list(build_search_space(parse_expectation("O(p)").term).terms)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.floats(0.1, 1e4), min_size=6, max_size=6), st.floats(1e-3, 1e3))
# symmetric about log p's centre: slope 0 exactly, +5e-14 from the weighted sums' rounding
@example(values=[5677.671532676775, 1.0, 1688.0, 1688.0, 1.0, 5677.671532676775], factor=410.39899122871907)
def test_equal_weights_give_the_unweighted_fit(values, factor):
    Y = np.array([values])
    plain = fit_candidates(P, Y, TERMS)
    weighted = fit_candidates(P, Y, TERMS, weights=np.full((1, 6), factor))
    np.testing.assert_allclose(weighted.coefficient, plain.coefficient, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(weighted.constant, plain.constant, rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(weighted.rss, plain.rss, rtol=1e-7, atol=1e-9 * np.max(plain.tss))
    np.testing.assert_array_equal(weighted.valid, plain.valid)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.floats(0.01, 100), min_size=6, max_size=6), st.floats(0.1, 10), st.floats(0.001, 10))
def test_weighted_fit_recovers_exact_models(weights, c0, c1):
    j = TERMS.index(ComplexityTerm(power=1, log=1)) if ComplexityTerm(power=1, log=1) in TERMS else 3
    term = TERMS[j]
    y = c0 + c1 * term.evaluate(P)
    fits = fit_candidates(P, y[None, :], TERMS, weights=np.array([weights]))
    assert fits.coefficient[0, j] == pytest.approx(c1, rel=1e-6)
    assert fits.constant[0, j] == pytest.approx(c0, rel=1e-6, abs=1e-6 * c1 * term.evaluate(P).max())
    assert fits.rss[0, j] <= 1e-12 * fits.tss[0]


def test_spread_weights_follow_the_repetitions():
    rng = np.random.default_rng(0)
    x = np.repeat(P, 5)
    level = np.repeat(1 + P, 5)
    noisy = level * (1 + 0.05 * rng.standard_normal(30))
    Y = noisy.reshape(1, -1)
    agg = np.median(noisy.reshape(6, 5), axis=1)[None, :]
    w = point_weights(x, Y, agg, "spread")
    # relative noise: the variance grows with the value², so the weight falls with it
    assert np.all(np.diff(np.log(w[0])) < 0.5) and w[0, 0] > 100 * w[0, -1]
    # a point whose repetitions spread ten times more weighs less than its neighbours
    wide = noisy.reshape(6, 5).copy()
    wide[2] = level.reshape(6, 5)[2] * (1 + 0.5 * rng.standard_normal(5))
    w_wide = point_weights(x, wide.reshape(1, -1), np.median(wide, axis=1)[None, :], "spread")
    assert w_wide[0, 2] < w[0, 2] / 2


def test_without_repetitions_the_noise_is_assumed_relative():
    y = (1 + 0.035 * P) * (1 + 0.05 * np.random.default_rng(3).standard_normal(6))
    w = point_weights(P, y[None, :], y[None, :], "spread")
    np.testing.assert_array_equal(w, np.ones((1, 6)))  # the repetitions say nothing
    a = validate_series(P, y, "O(log p)", upper_bound="p^2 log p")
    assert not a.noise_known and a.to_dict()["noise"] == "assumed"
    # the data's own space then weighs each point by its value (relative noise, as costs have):
    # the same choice as weights 1/y² given directly
    b = validate_series(P, y, "O(log p)", upper_bound="p^2 log p", weighting="relative")
    assert (a.model.term, a.verdict, a.model.range_low, a.model.range_high) == \
        (b.model.term, b.verdict, b.model.range_low, b.model.range_high)
    # the paper's tailored space keeps the unweighted fit of the engine before
    c = validate_series(P, y, "O(log p)", upper_bound="p^2 log p", search="expectation", noise_floor=0)
    d = validate_series(P, y, "O(log p)", upper_bound="p^2 log p", search="expectation", noise_floor=0,
                        weighting="none")
    assert (c.model.term, c.verdict, c.model.range_low, c.model.range_high) == \
        (d.model.term, d.verdict, d.model.range_low, d.model.range_high)


def test_zero_values_and_unknown_methods():
    x = np.repeat(P, 3)
    Y = np.zeros((1, 18))
    w = point_weights(x, Y, np.zeros((1, 6)), "spread")
    assert np.all(np.isfinite(w)) and np.all(w > 0)
    with pytest.raises(InvalidInputError, match="weighting"):
        point_weights(x, Y, np.zeros((1, 6)), "inverse")
    with pytest.raises(InvalidInputError, match="weighting"):
        validate_series(x, np.arange(1.0, 19.0), "O(p)", weighting="bogus")


@pytest.mark.slow
def test_weighting_tells_neighbouring_terms_apart_more_often():
    """p log p against O(p) (approximate) on five points under a latency floor, 5 repetitions,
    relative noise of 5 % growing to 10 %: the unweighted fit is decided by the largest points,
    the weighted one sees the whole range (measured: 96 against 84 of 100 right)."""
    p = 2.0 ** np.arange(3, 8)
    g = p * np.log2(p)
    sigma = 0.05 * (1 + np.log2(p / p[0]) / 4)
    right = {"spread": 0, "none": 0}
    for seed in range(100):
        rng = np.random.default_rng(seed)
        y = ((2 * g[0] + g)[:, None] * (1 + sigma[:, None] * rng.standard_normal((5, 5)))).ravel()
        for weighting in right:
            result = validate_series(np.repeat(p, 5), y, "O(p)", weighting=weighting)
            right[weighting] += result.verdict == "approximate"
    assert right["spread"] >= right["none"] + 8 and right["spread"] >= 90, right
