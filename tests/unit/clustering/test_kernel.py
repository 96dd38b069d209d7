"""The Clustered modeler's per-kernel pipeline on arrays (extrap_segmented/clustering/kernel.py):
per-rank values of every configuration to matched classes, the series to model and the notes."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from extrap_segmented.clustering.classify import ClassifierOptions
from extrap_segmented.clustering.kernel import cluster_kernel, missing_ranks
from extrap_segmented.clustering.rules import parse_rules
from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.locations import LocationTable

P = np.array([4.0, 8.0, 16.0, 32.0, 64.0, 128.0])


def _table(ranks):
    ranks = np.asarray(ranks, dtype=np.int64)
    return LocationTable(ranks, np.zeros(len(ranks), dtype=np.int64), np.array(["n0"] * len(ranks)))


def _two_classes(points=P, n=16, slow=(12, 13, 14, 15), repetitions=3, seed=0):
    """Per configuration n ranks at 1·p µs, the ``slow`` ranks at 3·p µs, 0.5 % noise."""
    rng = np.random.default_rng(seed)
    features, tables = [], []
    for p in points:
        level = np.full(n, 1.0 * p)
        level[list(slow)] = 3.0 * p
        features.append([level * (1 + 0.005 * rng.standard_normal((repetitions, n)))])
        tables.append(_table(range(n)))
    return features, points[:, None], tables


def test_two_classes_are_matched_and_the_slow_one_is_the_kernels():
    features, points, tables = _two_classes()
    found = cluster_kernel(features, points, tables)
    assert [c.name for c in found.classes] == ["C1", "C2"]
    fast, slow = found.classes
    assert fast.counts.tolist() == [12] * 6 and slow.counts.tolist() == [4] * 6
    assert fast.configurations.tolist() == slow.configurations.tolist() == list(range(6))
    # class values: the median member, within the noise of 1·p and 3·p
    np.testing.assert_allclose(fast.values, P, rtol=0.02)
    np.testing.assert_allclose(slow.values, 3 * P, rtol=0.02)
    assert list(slow.ranks) == [12, 13, 14, 15] and slow.rank_configuration == 5
    assert fast.modeled and slow.modeled and found.kernel_class == 1
    assert found.notes == [] and found.outliers == [[]] * 6
    minimum, maximum, std = slow.spread()
    assert np.all(minimum <= slow.values) and np.all(slow.values <= maximum) and np.all(std < 0.02 * slow.values)


def test_too_few_configurations_model_the_slowest_class_of_each():
    features, points, tables = _two_classes(points=P[:3])
    found = cluster_kernel(features, points, tables, min_points=5)
    assert not any(c.modeled for c in found.classes) and found.kernel_class is None
    assert found.notes == ["C1: present at 3 configuration(s), too few for a model (needs 5 values per parameter)",
                           "C2: present at 3 configuration(s), too few for a model (needs 5 values per parameter)",
                           "kernel model: the slowest class of each configuration (classes are not matched)"]
    for members, values in zip(found.slowest_members, found.rank_values):
        assert np.array_equal(members, values[12:])
    np.testing.assert_allclose(found.slowest_values, 3 * P[:3], rtol=0.02)


def test_missing_ranks_are_noted_and_each_table_fact_is_computed_through_the_cache():
    features, points, tables = _two_classes()
    tables[2] = _table([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17])  # 15, 16 absent
    asked = []

    def cached(j, name, compute):
        asked.append((j, name))
        return compute(tables[j])
    found = cluster_kernel(features, points, tables, cached=cached)
    assert found.notes == ["(16): 16 of 18 ranks present (missing: 15, 16); member counts there are short"]
    assert sorted(asked) == sorted((j, name) for j in range(6) for name in ("missing", "positions"))
    assert missing_ranks(_table(range(4))) == ""


def test_rules_name_classes_before_the_classifier():
    features, points, tables = _two_classes()
    rules = parse_rules({"cluster": [{"name": "root", "ranks": [0]}]})
    found = cluster_kernel(features, points, tables, rules=rules)
    assert [c.name for c in found.classes] == ["root", "C1", "C2"]
    assert [c.counts.tolist()[0] for c in found.classes] == [1, 11, 4]
    assert list(found.classes[0].ranks) == [0]


def test_paper_classifier_and_cluster_value_are_used():
    features, points, tables = _two_classes()
    found = cluster_kernel(features, points, tables, ClassifierOptions(mode="paper", rank_value="maximum"),
                           cluster_value="maximum")
    expected = [max(f[0][:, 12:].max(axis=0)) for f in features]  # the slowest rank's maximum repetition
    np.testing.assert_allclose(found.classes[1].values, expected, rtol=1e-12)


def test_a_single_rank_or_an_unknown_measure_is_refused():
    features, points, tables = _two_classes(n=1, slow=())
    with pytest.raises(InvalidInputError, match="single rank"):
        cluster_kernel(features, points, tables)
    features, points, tables = _two_classes()
    with pytest.raises(InvalidInputError, match="cluster value"):
        cluster_kernel(features, points, tables, cluster_value="mode")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 2), min_size=4, max_size=40), st.integers(1, 3), st.integers(0, 10_000))
def test_classes_and_outliers_partition_the_ranks_of_every_matched_configuration(levels, repetitions, seed):
    """Whatever the classes, at a configuration whose classes are matched every rank is in exactly
    one class or an outlier, and a class's value lies within its members' values."""
    rng = np.random.default_rng(seed)
    scale = np.array([1.0, 2.5, 9.0])[levels]
    features = [[np.abs(p * scale * (1 + 0.01 * rng.standard_normal((repetitions, len(levels)))))] for p in P]
    tables = [_table(range(len(levels))) for _ in P]
    found = cluster_kernel(features, P[:, None], tables)
    for j in np.flatnonzero(found.matching.modeled):
        members = [found.matching.members[c][j] for c in range(len(found.classes))]
        everyone = np.concatenate(members + [np.asarray(found.matching.outliers[j], dtype=np.int64)])
        assert sorted(everyone.tolist()) == list(range(len(levels)))
    for series in found.classes:
        assert len(series.member_values) == len(series.configurations) == len(series.values)
        for value, members, count in zip(series.values, series.member_values, series.counts):
            assert members.min() <= value <= members.max() and len(members) == count
