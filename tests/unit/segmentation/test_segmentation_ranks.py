"""Values in no known order (recovered from Extra-P's summary) aligned by rank
(segmentation.noise.rank_aligned_points)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extrap_segmented.segmentation.noise import (RANK_NOISE_FACTORS, rank_aligned_points, robust_points,
                                                 with_ranks_aligned)


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 30), st.sampled_from(sorted(RANK_NOISE_FACTORS)), st.floats(0.001, 0.5),
       st.floats(1e-9, 1e9), st.integers(0, 2 ** 31 - 1))
def test_the_order_within_a_point_and_the_unit_do_not_matter(points, ranks, sigma, unit, seed):
    # a summary keeps no order; seconds or microseconds: the same relative figures
    rng = np.random.default_rng(seed)
    values = np.exp(np.cumsum(rng.normal(0, 0.5, points))[:, None] + rng.normal(0, sigma, (points, ranks)))
    center, noise = rank_aligned_points(values)
    shuffled = rng.permuted(values, axis=1)
    again_center, again_noise = rank_aligned_points(shuffled * unit)
    assert again_center == pytest.approx(center * unit, rel=1e-9)
    assert again_noise == pytest.approx(noise, rel=1e-9, abs=1e-12)
    assert np.all(noise >= 0)


@pytest.mark.parametrize("ranks", sorted(RANK_NOISE_FACTORS))
def test_with_independent_repetitions_the_noise_is_not_understated(ranks):
    # the calibration's claim: with no run effect the noise is that of the aligned values (the
    # larger of two estimates: 1.18-1.35 times it, rank_noise_calibration.py), so the alignment
    # cannot make random scatter look like steps
    rng = np.random.default_rng(20261127 + ranks)
    spread, typical = [], []
    for _ in range(300):
        center, noise = rank_aligned_points(np.exp(rng.normal(0, 0.05, (23, ranks))))
        spread.append(np.std(np.log(center)))
        typical.append(np.median(noise))
    ratio = np.mean(typical) / np.mean(spread)
    assert 1.0 <= ratio <= 1.5, ratio


def test_whole_runs_slower_than_others_leave_the_aligned_values_quiet():
    # one job per repetition (each repetition one mpirun): a run is x1.4 slower at every size; the
    # repetitions' spread is that offset, the aligned values and their noise are not
    rng = np.random.default_rng(7)
    level = np.where(np.arange(23) < 9, 1.0, 1.2)  # a x1.2 step at the tenth size
    runs = np.array([1.4, 1.0, 0.8, 1.1, 0.9])
    values = level[:, None] * runs[None, :] * np.exp(rng.normal(0, 0.005, (23, 5)))
    summary = rng.permuted(values, axis=1)  # what Extra-P's summary gives back: no order
    _, robust, _ = robust_points(summary)
    center, noise = rank_aligned_points(summary)
    assert np.median(noise) < np.median(robust) / 5
    assert np.log(center[9] / center[8]) == pytest.approx(np.log(1.2), abs=0.02)
    assert np.ptp(np.log(center[:9])) < 0.02 and np.ptp(np.log(center[9:])) < 0.02


def test_a_middle_value_that_changes_runs_moves_the_median_but_not_the_aligned_value():
    # every other size of the nineteenth set's 4-rank linear Alltoallv (mpi/nineteenth/
    # alltoallv_linear_4, odd sizes): four runs stay put while the fifth moves from the middle to
    # the bottom and back; the median jumps x1.44 at 2|8 B and x0.73 at 128|512 B, no run does
    runs = np.array([[17.8, 9.0, 8.2, 19.0, 9.1]] * 11)
    runs[1:4, 4] = 13.1  # the fifth run in the middle at 8, 32 and 128 B: the median is its value
    runs[1:4, 2] = 8.06
    median = np.median(runs, axis=1)
    center, _ = rank_aligned_points(runs)
    assert median[1] / median[0] > 1.4
    assert np.max(np.abs(np.diff(np.log(center)))) < np.log(1.05)


def test_what_cannot_be_calibrated_is_left_alone():
    rng = np.random.default_rng(3)
    values = np.exp(rng.normal(0, 0.1, (12, 5)))
    assert rank_aligned_points(values[:, :2]) is None  # two values: no middle rank
    assert rank_aligned_points(np.exp(rng.normal(0, 0.1, (12, 6)))) is None  # a summary recovers at most five
    assert rank_aligned_points(values[:3]) is None  # three sizes: no alignment to speak of
    bad = values.copy()
    bad[2, 1] = 0.0
    assert rank_aligned_points(bad) is None
    bad[2, 1] = np.nan
    assert rank_aligned_points(bad) is None
    center, noise = np.median(values, axis=1), np.full(12, 0.01)
    same_center, same_noise = with_ranks_aligned(bad, center, noise)
    assert same_center is center and same_noise is noise


def test_the_noise_is_at_most_the_repetitions_own():
    rng = np.random.default_rng(11)
    values = np.exp(rng.normal(0, 0.05, (15, 5)))
    center, noise, _ = robust_points(values)
    aligned_center, aligned_noise = with_ranks_aligned(values, center, noise)
    assert np.all(aligned_noise <= noise)
    assert aligned_center == pytest.approx(rank_aligned_points(values)[0])


def test_kept_values_without_run_offsets_are_aligned_by_rank():
    # one job per point: the runs' order tells nothing, the kept values are judged as a summary's
    from extrap_segmented.segmentation.noise import run_aligned_points, with_runs_aligned

    rng = np.random.default_rng(20261127)
    values = np.exp(rng.normal(0, 0.05, (15, 5)))
    assert run_aligned_points(values) is None
    center, noise, _ = robust_points(values)
    kept_center, kept_noise = with_runs_aligned(values, center, noise)
    ranked_center, ranked_noise = with_ranks_aligned(values, center, noise)
    assert kept_center == pytest.approx(ranked_center) and kept_noise == pytest.approx(ranked_noise)
    assert not np.allclose(kept_center, center)
