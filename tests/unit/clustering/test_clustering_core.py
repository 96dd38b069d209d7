"""Relative-distance clustering, topology positions, rules, matching and migration (numpy only)."""
from pathlib import Path

import numpy as np
import pytest

from extrap_segmented.clustering.matching import cluster_configuration, match_clusters
from extrap_segmented.clustering.migration import class_positions, find_migrations
from extrap_segmented.clustering.rules import load_rules, parse_rules
from extrap_segmented.clustering.topology import topology_positions
from extrap_segmented.exceptions import ClusterRulesError, InvalidInputError
from extrap_segmented.clustering.relative_distance import (RelativeDistanceClustering, multi_metric_labels,
                                                           relative_distance_labels,
                                                           relative_distance_labels_batch)

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures"


def test_new_cluster_starts_above_threshold_only():
    # 1.0 -> 1.09 is 9 % (same cluster), 1.09 -> 1.2 is 10.1 % (new cluster)
    labels = relative_distance_labels([1.2, 1.0, 1.09, 5.0])
    assert labels.tolist() == [1, 0, 0, 2]


def test_chain_of_small_steps_stays_one_cluster():
    values = 1.05 ** np.arange(30)  # every neighbour 5 % apart, ends 4x apart
    assert relative_distance_labels(values).max() == 0


def test_zeros_form_their_own_cluster():
    labels = relative_distance_labels([0.0, 0.0, 1e-12, 5.0])
    assert labels.tolist() == [0, 0, 1, 2]


def test_mixed_signs_never_share_a_cluster_below_200_percent():
    labels = relative_distance_labels([-1.0, -1.05, 1.0, 1.05], threshold=1.99)
    assert labels.tolist() == [0, 0, 1, 1]
    assert relative_distance_labels([-1.0, 1.0], threshold=2.01).tolist() == [0, 0]


@pytest.mark.parametrize("bad", [[1.0, np.nan], [np.inf, 1.0]])
def test_non_finite_values_are_rejected_with_index(bad):
    with pytest.raises(InvalidInputError, match=r"values\[\d\]"):
        relative_distance_labels(bad)


@pytest.mark.parametrize("threshold", [0, -0.1, np.nan])
def test_threshold_must_be_positive(threshold):
    with pytest.raises(InvalidInputError, match="threshold"):
        relative_distance_labels([1.0, 2.0], threshold)


def test_batch_equals_row_by_row():
    rng = np.random.default_rng(1)
    values = rng.choice([1.0, 1.5, 3.0], size=(20, 50)) * (1 + 0.01 * rng.random((20, 50)))
    batch = relative_distance_labels_batch(values)
    # one row of labels per row of values (zip alone would pass an empty or short batch)
    assert np.shape(batch) == values.shape
    assert [labels.tolist() for labels in batch] == [relative_distance_labels(row).tolist() for row in values]


def test_estimator_reports_sizes_and_medians():
    est = RelativeDistanceClustering(threshold=0.1).fit([10, 10.1, 20, 20.2, 20.1])
    assert est.n_clusters_ == 2 and est.sizes_.tolist() == [2, 3]
    assert est.medians_.tolist() == pytest.approx([10.05, 20.1])


def test_multi_metric_splits_on_the_second_metric():
    time = np.array([1.0, 1.01, 1.02, 1.03])
    instructions = np.array([100.0, 100.0, 300.0, 300.0])
    assert multi_metric_labels(np.column_stack([time, instructions])).tolist() == [0, 0, 1, 1]
    assert multi_metric_labels(time).tolist() == [0, 0, 0, 0]


def test_topology_positions_of_4x4_grid():
    coords = np.array([(x, y) for x in range(4) for y in range(4)])
    pos = topology_positions(coords, (4, 4)).reshape(4, 4)
    assert pos[0, 0] == pos[3, 3] == "corner"
    assert pos[0, 1] == "edge-1" and pos[1, 0] == "edge-0" and pos[1, 1] == "inner"
    with pytest.raises(InvalidInputError, match="outside"):
        topology_positions([[4, 0]], (4, 4))


def test_rules_file_assigns_stencil_classes():
    rules = load_rules(FIXTURES / "rules" / "stencil2d.toml")
    coords = np.array([(x, y) for x in range(6) for y in range(6)])
    labels = rules.assign(np.arange(36), coords, (6, 6))
    assert np.bincount(labels).tolist() == [4, 8, 8, 16]


def test_rank_rules_and_precedence():
    rules = parse_rules({"cluster": [{"name": "root", "ranks": [0]}, {"name": "low", "ranks": ["0-3"]}]})
    assert rules.assign(np.arange(6)).tolist() == [0, 1, 1, 1, -1, -1]


@pytest.mark.parametrize("data, message", [
    ({}, "no \\[\\[cluster\\]\\]"),
    ({"cluster": [{"name": "a"}]}, "exactly one of"),
    ({"cluster": [{"name": "a", "position": "middle"}]}, "unknown position 'middle'"),
    ({"cluster": [{"name": "a", "ranks": ["5-2"]}]}, "empty or negative"),
    ({"cluster": [{"name": "C1", "ranks": [1]}]}, "reserved"),
    ({"cluster": [{"name": "a", "ranks": [1]}, {"name": "a", "ranks": [2]}]}, "used by an earlier rule"),
])
def test_bad_rules_name_the_problem(data, message):
    with pytest.raises(ClusterRulesError, match=message):
        parse_rules(data, "r.toml")


def test_position_rules_without_topology_are_rejected(tmp_path):
    path = tmp_path / "r.toml"
    path.write_text('[[cluster]]\nname = "corner"\nposition = "corner"\n')
    with pytest.raises(ClusterRulesError, match="no Cartesian topology"):
        load_rules(path).assign(np.arange(4))
    path.write_text("[[cluster]\n")
    with pytest.raises(ClusterRulesError, match="not valid TOML"):
        load_rules(path)


def _conf(values):
    return cluster_configuration(np.asarray(values, float))


def test_matching_models_the_largest_group_with_enough_points():
    points = np.arange(1, 8, dtype=float)[:, None]
    values = [[1, 1, 2, 2]] * 6 + [[1, 1, 1, 1]]
    confs = [_conf(v) for v in values]
    matched = match_clusters(confs, [np.asarray(v, float) for v in values], points, ["p"])
    assert matched.names == ["C1", "C2"] and matched.left_out == [6]
    assert len(matched.messages) == 1 and "left out: 1 class at (p=7)" in matched.messages[0]
    assert matched.sizes[:, 0].tolist() == [2, 2] and matched.sizes[:, 6].tolist() == [0, 0]


def test_matching_gives_advice_when_no_count_has_enough_points():
    points = np.arange(1, 7, dtype=float)[:, None]
    values = [[1, 2], [1, 2], [1, 2], [1, 1], [1, 1], [1, 1]]
    matched = match_clusters([_conf(v) for v in values], [np.asarray(v, float) for v in values], points, ["p"])
    assert matched.names == [] and not matched.modeled.any()
    assert "p has 3 value(s)" in matched.messages[1] and "class counts differ" in matched.messages[0]
    assert matched.slowest_values.tolist() == [2, 2, 2, 1, 1, 1]


def test_migration_and_positions():
    ranks = np.arange(4)
    found = find_migrations([ranks, ranks], [np.array(["a", "a", "b", "b"]), np.array(["a", "b", "b", "b"])])
    assert len(found) == 1 and found[0].ranks.tolist() == [1] and "rank 1: a->b" in found[0].describe()
    positions = class_positions([np.array(["corner", "inner", "inner", "inner"])], [np.array(["x", "y", "y", "x"])])
    assert positions == {"x": {"corner": 1, "inner": 1}, "y": {"inner": 2}}
