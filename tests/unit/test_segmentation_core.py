"""Core change-point search and vectorized PMNF search (pure numpy)."""
import numpy as np
import pytest

from extrap_segmented.change_point_search import (ChangePointSearch, locate_from_pattern, paper_decision,
                                                  suggest_measurements)
from extrap_segmented.exceptions import InvalidInputError, NotFittedError
from extrap_segmented.pmnf_search import CONSTANT, search, search_subsets
from extrap_segmented.pmnf_terms import DEFAULT_EXPONENTS
from extrap_segmented.segment_costs import make_cost
from extrap_segmented.synthetic_series import make_series, paper_example


def test_paper_example_window_nrss_and_change_point_paper_mode():
    s = paper_example()
    search_ = ChangePointSearch(mode="paper").fit(s.x, s.y)
    np.testing.assert_allclose(search_.window_errors_, [0, 0, 0.152, 0.252, 0.326, 0], atol=5e-4)
    assert search_.window_tags_.tolist() == [False, False, True, True, True, False]
    assert search_.segmented_
    assert search_.predict() == [6, 10] and search_.shared_ == [True]
    assert s.x[search_.predict()[0] - 1] == 6  # the shared point p = 6


def test_paper_example_default_mode_finds_shared_point_p6():
    s = paper_example()
    search_ = ChangePointSearch().fit(s.x, s.y)
    assert search_.segmented_ and search_.segments() == [(0, 6), (5, 10)]


def test_change_between_two_measured_points():
    x = np.arange(1, 11.0)
    y = np.where(x <= 5, 2 * x, 100 + 0.5 * x ** 2)
    search_ = ChangePointSearch().fit(x, y)
    assert search_.predict() == [5, 10] and search_.shared_ == [False]


def test_two_change_points_by_binary_segmentation():
    x = np.arange(1, 19.0)
    y = np.select([x <= 6, x <= 12], [5 + x, 400 + x ** 2], 20 * x ** 1.5)
    search_ = ChangePointSearch(max_change_points=2).fit(x, y)
    assert search_.predict() == [6, 12, 18]
    assert ChangePointSearch(max_change_points=1).fit(x, y).predict()[:-1] in ([6], [12])


def test_ambiguous_pattern_is_refined_by_two_segment_error():
    # five heterogeneous windows in a row (no 3/4 run): the pattern alone cannot say where
    assert locate_from_pattern([0, 1, 1, 1, 1, 1, 0]) is None
    x = 2.0 ** np.arange(1, 12)
    y = np.where(np.arange(11) < 5, 10 + x, 3 * x ** 1.5)
    y = y * (1 + 0.01 * np.sin(np.arange(11)))  # a little noise blurs the window pattern
    search_ = ChangePointSearch().fit(x, y)
    assert search_.predict()[0] in (5, 6)
    assert {search_.x_[search_.segments()[0][1] - 1], search_.x_[search_.segments()[1][0]]} <= {x[4], x[5]}


def test_pattern_rules():
    assert locate_from_pattern([0, 0, 1, 1, 1, 0]) == (5, True)
    assert locate_from_pattern([0, 1, 1, 1, 1, 0]) == (5, False)
    segmented, tags, eps = paper_decision([0.0, 0.0, 0.2, 0.2, 0.2, 0.0])
    assert segmented and tags.tolist() == [False, False, True, True, True, False]
    assert not paper_decision([0.2, 0.21, 0.22])[0]  # no jump inside the band, below theta


@pytest.mark.parametrize("n", [2, 5])
def test_fewer_than_six_points_is_not_searched(n):
    x = np.arange(1, n + 1.0)
    search_ = ChangePointSearch().fit(x, x ** 2)
    assert search_.too_few_points_ and not search_.segmented_ and search_.predict() == [n]


@pytest.mark.parametrize("y", [np.full(10, 3.5), np.zeros(10), -np.arange(1, 11.0) ** 2, -np.full(10, 2.0)])
def test_constant_zero_negative_unsegmented(y):
    search_ = ChangePointSearch().fit(np.arange(1, 11.0), y)
    assert not search_.segmented_


def test_negative_values_segmented():
    x = np.arange(1, 11.0)
    search_ = ChangePointSearch().fit(x, -np.where(x <= 5, x ** 2, 30 + x * 10))
    assert search_.segmented_


@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_non_finite_is_a_clear_error(bad):
    y = np.arange(1, 11.0)
    y[3] = bad
    with pytest.raises(InvalidInputError, match="point 3"):
        ChangePointSearch().fit(np.arange(1, 11.0), y)


def test_bad_parameters_and_unfitted():
    with pytest.raises(InvalidInputError, match="mode must be one of test, paper"):
        ChangePointSearch(mode="magic").fit(np.arange(6.0), np.arange(6.0))
    with pytest.raises(NotFittedError):
        ChangePointSearch().predict()
    with pytest.raises(InvalidInputError, match="valid costs: nrss, relative"):
        make_cost("l2")


def test_repetition_noise_raises_the_error_limit():
    x = np.arange(1, 11.0)
    y = np.where(x <= 5, 100 + x, 110 + 2 * x)  # a 10–15 % step
    assert ChangePointSearch().fit(x, y).segmented_
    assert not ChangePointSearch().fit(x, y, noise=np.full(10, 0.2)).segmented_


def test_search_matches_known_term_and_constant():
    x = 2.0 ** np.arange(1, 11)
    fits = search(x, 3 + 2 * x * np.log2(x))
    k = int(fits.term[0])
    assert tuple(DEFAULT_EXPONENTS[k]) == (1.0, 1.0)
    np.testing.assert_allclose([fits.intercept[0], fits.coefficient[0]], [3, 2], rtol=1e-8)
    assert search(x, np.full(10, 7.0)).term[0] == CONSTANT


def test_log_terms_dropped_below_one():
    x = np.array([0.5, 1, 2, 3, 4, 5])
    fits = search_subsets(x, 1 + np.log2(x + 1), [0, 1], [6, 6])
    assert DEFAULT_EXPONENTS[fits.term[0], 1] == 0  # subset with x < 1: no log term


def test_suggestions_are_concrete_values_inside_the_segment():
    assert suggest_measurements([256, 512, 1024], 2, extend="up") == [362.0, 724.0]
    assert suggest_measurements([8, 9, 10], 2, extend="up") == [11.0, 12.0]
    assert suggest_measurements([2, 4, 8], 2, extend="down") == [3.0, 6.0]


def test_synthetic_generator_is_seeded_and_reports_truth():
    a = make_series(5, 5, layout="pow2", noise=0.05, seed=7)
    b = make_series(5, 5, layout="pow2", noise=0.05, seed=7)
    np.testing.assert_array_equal(a.y, b.y)
    assert a.breakpoints == [5, 10] and a.x[-1] == 1024
    assert make_series(10, seed=1).breakpoints == [10]
