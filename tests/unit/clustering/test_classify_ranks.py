"""classify_ranks: the default (adaptive) classifier, the paper mode, options and bad input."""
from __future__ import annotations

import numpy as np
import pytest

from extrap_segmented import classify_ranks
from extrap_segmented.clustering.relative_distance import relative_distance_labels
from extrap_segmented.exceptions import InvalidInputError


def test_docstring_example_two_classes_and_an_outlier():
    values = [1.0, 1.02, 0.99, 2.0, 2.03, 1.01, 2.01, 9.0, 1.0, 2.02, 1.03, 1.98]
    assert classify_ranks(values).tolist() == [0, 0, 0, 1, 1, 0, 1, -1, 0, 1, 0, 1]


def test_wide_log_normal_spread_is_one_class():
    # the hardware counter: 64 ranks over two orders of magnitude
    rng = np.random.default_rng(3)
    values = np.exp(rng.normal(0, 1.2, 64)) * 1e9
    labels = classify_ranks(values)
    assert set(labels[labels >= 0].tolist()) == {0}
    assert relative_distance_labels(values).max() + 1 > 10  # the paper's rule fragments it


def test_stencil_grid_classes_are_exact():
    # 8 x 8 grid, bytes sent: corners 2, edges 3, inner 4 neighbours (deterministic)
    q = 8
    x, y = np.divmod(np.arange(q * q), q)
    neighbours = 4 - (x == 0) - (x == q - 1) - (y == 0) - (y == q - 1)
    labels = classify_ranks(neighbours * 1024.0)
    assert np.array_equal(labels, neighbours - 2)


def test_small_slow_block_is_a_class_not_outliers():
    # a 2 x 2 block of 64 ranks about 12 % slower in the main kernel (noise 1 %)
    rng = np.random.default_rng(1)
    values = 17.3 * np.exp(rng.normal(0, 0.01, 64))
    block = [0, 1, 8, 9]
    values[block] *= 1.12
    labels = classify_ranks(values)
    assert labels[block].tolist() == [1] * 4 and (np.delete(labels, block) == 0).all()


def test_repetition_noise_keeps_noisy_differences_together():
    # two groups 3 % apart; one repetition cannot tell, five noisy repetitions (10 %) say it is noise
    rng = np.random.default_rng(5)
    base = np.where(np.arange(32) < 16, 1.0, 1.03)
    deterministic = classify_ranks(base)
    assert deterministic.max() == 1
    noisy = base * np.exp(rng.normal(0, 0.1, (5, 32)))
    noisy = noisy / np.median(noisy, axis=0) * base  # same per-rank medians
    assert (classify_ranks(noisy) == 0).all()


def test_zeros_and_negative_values_keep_ascending_order():
    labels = classify_ranks([0, 0, 1, 1.01, -1, -1.01, -5, 3, 3.01])
    assert labels.tolist() == [2, 2, 3, 3, 1, 1, 0, 4, 4]


def test_two_rank_configuration_uses_the_paper_rule():
    assert classify_ranks([1.0, 1.2]).tolist() == [0, 1]
    assert classify_ranks([1.0, 1.05]).tolist() == [0, 0]


def test_paper_mode_is_the_relative_distance_rule_on_rank_medians():
    rng = np.random.default_rng(2)
    matrix = rng.uniform(1, 3, (3, 50))
    assert np.array_equal(classify_ranks(matrix, mode="paper"),
                          relative_distance_labels(np.median(matrix, axis=0), 0.1))
    assert np.array_equal(classify_ranks(matrix, mode="paper", threshold=0.2, rank_value="max"),
                          relative_distance_labels(matrix.max(axis=0), 0.2))


def test_outlier_budget_is_a_fraction_of_the_ranks():
    values = np.concatenate((np.ones(37) * np.linspace(1, 1.02, 37), [3.0, 9.0, 27.0]))
    assert classify_ranks(values).tolist() == [0] * 37 + [-1] * 3  # floor(0.1 * 40) = 4 >= 3
    assert (classify_ranks(values, max_outlier_fraction=0.0) >= 0).all()


@pytest.mark.parametrize("values, message", [
    ([], "shape"), (np.ones((2, 2, 2)), "shape"), ([1.0, np.nan], r"values\[\(0, 1\)\] is nan"),
    ([1.0, np.inf, 2.0], "must be finite")])
def test_bad_values_are_named(values, message):
    with pytest.raises(InvalidInputError, match=message):
        classify_ranks(values)


@pytest.mark.parametrize("options, message", [
    (dict(mode="kmeans"), "mode must be one of adaptive, paper, got 'kmeans'"),
    (dict(rank_value="mode"), "unknown rank value 'mode'"),
    (dict(gap_factor=-1), "gap_factor must be a finite number ≥ 0"),
    (dict(max_classes=0), "max_classes must be an integer ≥ 1"),
    (dict(max_outlier_fraction=0.7), "max_outlier_fraction must be a finite number ≥ 0 and < 0.5"),
    (dict(treshold=0.1), "unknown option.*treshold.*valid:"),
    (dict(threshold=0), "threshold must be a finite number > 0")])
def test_bad_options_are_named(options, message):
    with pytest.raises(InvalidInputError, match=message):
        classify_ranks([1.0, 2.0, 3.0], **options)


def test_member_ranks_are_named_compactly():
    from extrap_segmented.clustering.ranks import format_ranks, rank_ranges

    assert format_ranks([9, 8, 1, 0]) == "ranks 0-1,8-9"
    assert format_ranks([63]) == "rank 63"
    assert rank_ranges([5, 3, 4, 4, 10]) == "3-5,10"
    inner = [r for r in range(256) if 16 <= r < 240 and 0 < r % 16 < 15]
    assert format_ranks(inner) == "ranks 17-30,33-46,49-62,65-78,81-94,97-110,113-126,... (196 ranks)"
