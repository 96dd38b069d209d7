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
