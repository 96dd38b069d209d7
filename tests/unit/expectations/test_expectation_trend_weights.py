"""Rising series are never O(1) (Mann-Kendall at its maximum) and the optional verdict from the
Akaike weights of the candidates (issue 12)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.expectations.fit import grows_monotonically, rises_at_every_step
from extrap_segmented.expectations.validation import (APPROXIMATE, INCONCLUSIVE, MATCH, NO_MATCH, judge_weights,
                                                      validate_series)

P5 = np.array([16, 32, 64, 128, 256.0])


def _log_p_under_a_floor(seed):
    """log p under a latency floor of 3x its smallest value, 5 % noise, 4 repetitions, 5 points."""
    rng = np.random.default_rng(seed)
    return (12 + np.log2(P5))[:, None] * (1 + 0.05 * rng.standard_normal((5, 4)))


def test_rising_log_p_under_a_floor_on_five_points_is_not_constant():
    y = _log_p_under_a_floor(2)
    medians = np.median(y, axis=1)
    assert rises_at_every_step(medians[None, :])[0] and medians[-1] < 1.3 * medians[0]
    assert not grows_monotonically(medians[None, :])[0]      # the 2x rule did not apply
    x = np.repeat(P5, 4)
    before = validate_series(x, y.reshape(-1), "O(log p)", trend="2x")
    assert before.model.is_constant and before.verdict == NO_MATCH   # AICc charges the term 20 on 5 points
    now = validate_series(x, y.reshape(-1), "O(log p)")
    assert not now.model.is_constant and now.verdict == MATCH
    assert now.model.range_low.is_constant is False


@settings(max_examples=80, deadline=None)
@given(st.integers(5, 8), st.lists(st.floats(1e-4, 1.0), min_size=8, max_size=8), st.floats(1e-6, 1e3),
       st.sampled_from(["O(1)", "O(log p)", "O(p)", "O(p log p)"]))
def test_a_series_rising_at_every_step_is_never_constant(n, steps, start, expectation):
    x = 2.0 ** np.arange(2, 2 + n)
    y = start * (1 + np.cumsum(np.asarray(steps[:n]) / 100))   # total growth may be far below 2x
    assert rises_at_every_step(y[None, :])[0]
    result = validate_series(x, y, expectation)
    assert not result.model.is_constant
    assert result.model.range_low <= result.model.best_term <= result.model.range_high
    assert not result.model.range_low.is_constant


def test_flat_noise_that_does_not_rise_at_every_step_can_still_be_constant():
    rng = np.random.default_rng(0)
    constant = 0
    for _ in range(40):
        y = 5.0 * (1 + 0.05 * rng.standard_normal((5, 4)))
        if rises_at_every_step(np.median(y, axis=1)[None, :])[0]:
            continue
        constant += validate_series(np.repeat(P5, 4), y.reshape(-1), "O(log p)").model.is_constant
    assert constant >= 30


def test_rises_at_every_step_needs_every_step():
    assert list(rises_at_every_step(np.array([[1, 2, 3, 4, 5.0], [1, 2, 2, 4, 5.0], [5, 4, 3, 2, 1.0]]))) == \
        [True, False, False]


@pytest.mark.parametrize("verdict, mass, bound, expected", [
    (MATCH, (0.9, 0.1, 0.0), None, MATCH),                 # E indistinguishable from the best stays match
    (NO_MATCH, (0.0, 0.7, 0.3), "upper", NO_MATCH),        # data outgrowing the space stay no match
    (INCONCLUSIVE, (0.3, 0.7, 0.0), None, APPROXIMATE),
    (INCONCLUSIVE, (0.45, 0.3, 0.25), None, NO_MATCH),     # below and above both count as outside
    (APPROXIMATE, (0.0, 0.55, 0.45), None, INCONCLUSIVE),
    (INCONCLUSIVE, (0.0, 0.6, 0.4), None, APPROXIMATE),    # the threshold is inclusive
])
def test_judge_weights(verdict, mass, bound, expected):
    assert judge_weights(verdict, mass, 0.6, bound) == expected


def test_weights_rule_carries_the_mass_and_agrees_with_judge_weights():
    rng = np.random.default_rng(3)
    x = np.repeat(np.array([8, 16, 32, 64, 128, 256.0]), 4)
    for truth in (np.sqrt, lambda p: p, np.log2):
        y = (2 * truth(np.array([8.0])) + truth(x)) * (1 + 0.05 * rng.standard_normal(x.size))
        by_range = validate_series(x, y, "O(p)")
        by_weights = validate_series(x, y, "O(p)", verdict_rule="weights")
        assert by_weights.model.mass is not None and sum(by_weights.model.mass) == pytest.approx(1.0)
        # same fit, only the verdict rule differs
        assert by_weights.model.term == by_range.model.term
        assert (by_weights.model.range_low, by_weights.model.range_high) == \
            (by_range.model.range_low, by_range.model.range_high)
        assert by_weights.verdict == judge_weights(by_range.verdict, by_weights.model.mass, 0.6, by_range.at_bound)


@pytest.mark.parametrize("options", [{"verdict_rule": "mass"}, {"weight_threshold": 0.4},
                                     {"weight_threshold": 1.5}, {"trend": "monotone"}])
def test_bad_rule_options_are_rejected(options):
    with pytest.raises(InvalidInputError):
        validate_series(P5, np.log2(P5), "O(log p)", **options)
