"""Properties of relative-distance clustering: scale invariance, order, no crash on finite input."""
import numpy as np
from hypothesis import given, settings, strategies as st

from extrap_segmented.clustering.relative_distance import relative_distance_labels

finite = st.floats(min_value=-1e12, max_value=1e12, allow_nan=False, allow_infinity=False)
values_lists = st.lists(finite, min_size=1, max_size=60)


@settings(max_examples=60, deadline=None)
@given(values_lists)
def test_labels_are_consecutive_and_ascending_with_values(values):
    labels = relative_distance_labels(values)
    assert sorted(set(labels.tolist())) == list(range(labels.max() + 1))
    order = np.argsort(values, kind="stable")
    assert np.all(np.diff(labels[order]) >= 0)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(min_value=1e-3, max_value=1e6), min_size=1, max_size=60),
       st.sampled_from([1e-6, 0.5, 3.0, 1024.0]))
def test_invariant_under_positive_scaling(values, factor):
    # powers of two keep the comparisons exact; other factors may flip a pair sitting on the threshold
    factor = 2.0 ** np.round(np.log2(factor))
    assert relative_distance_labels(values).tolist() == relative_distance_labels(np.asarray(values) * factor).tolist()


@settings(max_examples=40, deadline=None)
@given(values_lists)
def test_mirror_symmetry_under_negation(values):
    labels = relative_distance_labels(values)
    mirrored = relative_distance_labels(-np.asarray(values))
    # negation reverses the order of clusters but keeps the partition
    assert (labels.max() - labels).tolist() == mirrored.tolist()


# --- classify_ranks (default adaptive mode) ---------------------------------------------------------
from extrap_segmented.clustering.classify import classify_ranks  # noqa: E402

positive = st.floats(min_value=1e-6, max_value=1e9, allow_nan=False, allow_infinity=False)


@settings(max_examples=80, deadline=None)
@given(st.lists(finite, min_size=1, max_size=80))
def test_classes_ascending_with_values_and_consecutive(values):
    labels = classify_ranks(values)
    kept = labels[labels >= 0]
    if kept.size:
        assert sorted(set(kept.tolist())) == list(range(kept.max() + 1))
    array = np.asarray(values)
    inside = labels >= 0
    order = np.argsort(array[inside], kind="stable")
    assert np.all(np.diff(labels[inside][order]) >= 0)
    assert np.count_nonzero(labels < 0) <= int(0.1 * len(values))


@settings(max_examples=60, deadline=None)
@given(st.lists(positive, min_size=1, max_size=60, unique=True), st.randoms(use_true_random=False))
def test_permutation_invariant(values, random):
    values = np.asarray(values)
    perm = np.arange(values.size)
    random.shuffle(perm)
    assert np.array_equal(classify_ranks(values)[perm], classify_ranks(values[perm]))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(2, 40), min_size=1, max_size=5), st.floats(0.001, 0.0045), st.integers(0, 2 ** 31),
       st.integers(1, 4))
def test_well_separated_classes_are_recovered_exactly(sizes, noise, seed, repetitions):
    # classes a factor 2 apart, the ranks of a class within ±0.45 %: every gap inside a class is
    # below the 1 % minimum gap, so no class is ever cut, whatever the draw
    rng = np.random.default_rng(seed)
    truth = np.repeat(np.arange(len(sizes)), sizes)
    values = 2.0 ** truth * np.exp(rng.uniform(-noise, noise, (repetitions, truth.size)))
    perm = rng.permutation(truth.size)
    assert np.array_equal(classify_ranks(values[:, perm]), truth[perm])


def test_noisier_classes_are_recovered_in_nearly_every_draw():
    """Up to ±3 % noise per value the gap rule can cut a class of two ranks whose medians happen
    to lie far apart compared with their repetitions (hypothesis found sizes [2, 40], noise
    1.56 %, seed 1683, 4 repetitions: medians 0.989 and 1.013, repetitions within 0.7 %: two
    outliers). Measured 0 of 3,000 random draws; this fixed set must stay at most 1 of 1,000."""
    draws = np.random.default_rng(20261126)
    wrong = 0
    for _ in range(1000):
        sizes = draws.integers(2, 41, draws.integers(1, 6))
        noise, repetitions = draws.uniform(0.001, 0.03), int(draws.integers(1, 5))
        rng = np.random.default_rng(int(draws.integers(2 ** 31)))
        truth = np.repeat(np.arange(len(sizes)), sizes)
        values = 2.0 ** truth * np.exp(rng.uniform(-noise, noise, (repetitions, truth.size)))
        wrong += not np.array_equal(classify_ranks(values), truth)
    assert wrong <= 1, f"{wrong} of 1,000 draws misclassified"
