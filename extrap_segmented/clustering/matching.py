"""Cluster every configuration of one kernel and match the clusters across configurations.

Input per configuration: one value (or one row of metric values) per location. Output: a
:class:`KernelClustering` with, per matched cluster, its representative value and member count at
each configuration, plus the list of configurations that can be modeled and a message explaining
any configuration left out.

Matching rules (spatial-divergence paper, Sec. III-B):

* clusters found by the classifier (:func:`~extrap_segmented.clustering.classify.classify_ranks`)
  are named ``C1, C2, ...`` in ascending order of their
  values and matched by that order, which is only possible where configurations agree on the
  count. If the counts differ, the largest group of configurations sharing one count is modeled
  when it has at least ``min_points`` distinct values of every parameter; the others are named
  as left out. Otherwise no distance cluster is modeled and the message says which
  measurements are missing;
* clusters named by rules (:mod:`extrap_segmented.clustering.rules`) are matched by name wherever
  they have members.

Index conventions: configurations are indexed in the order given; ``values[c, j]`` and
``sizes[c, j]`` refer to cluster ``c`` (order of ``names``) at configuration ``j``; absent clusters
have ``sizes == 0`` and ``values == NaN``.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Optional, Sequence

import numpy as np

from extrap_segmented.clustering.classify import ClassifierOptions, classify_matrix
from extrap_segmented.clustering.options import MATCHING
from extrap_segmented.reducers import MEASURES, reduce_columns, reducer


def is_distance_name(name: str) -> bool:
    """True for the names ``C1, C2, ...`` given to clusters found by relative distance."""
    return name.startswith("C") and name[1:].isdigit()


@dataclass
class ConfigurationClusters:
    """Clusters of one configuration.

    Attributes:
        names: cluster names; rule names first (file order), then ``C1..Ck`` ascending.
        labels: index into ``names`` for every location, -1 for outliers, shape (n_locations,).
        n_distance_clusters: ``k``, the number of clusters found by the classifier (outliers excluded).
    """

    names: list
    labels: np.ndarray
    n_distance_clusters: int

    @property
    def outliers(self) -> np.ndarray:
        """Location indices set aside as outliers by the classifier."""
        return np.flatnonzero(self.labels < 0)


def combine_metric_labels(per_metric: Sequence[np.ndarray], primary: np.ndarray) -> np.ndarray:
    """Classes of several metrics at once: two ranks share a class only if they do in every metric.

    A rank that is an outlier (-1) in any metric is an outlier. The combined classes are numbered
    in ascending order of their median primary value (ties: the following metrics' labels).
    """
    stacked = np.asarray(per_metric, dtype=np.int64).reshape(len(per_metric), -1)
    result = np.full(stacked.shape[1], -1, dtype=np.int64)
    kept = (stacked >= 0).all(axis=0)
    if not kept.any():
        return result
    keys, combined = np.unique(stacked[:, kept].T, axis=0, return_inverse=True)
    combined = combined.reshape(-1)
    medians = np.array([np.median(primary[kept][combined == c]) for c in range(len(keys))])
    rank_of = np.empty(len(keys), dtype=np.int64)
    rank_of[np.lexsort(tuple(keys.T[::-1]) + (medians,))] = np.arange(len(keys))
    result[kept] = rank_of[combined]
    return result


def cluster_configuration(values, options: Optional[ClassifierOptions] = None,
                          rule_labels: Optional[np.ndarray] = None,
                          rule_names: Sequence[str] = ()) -> ConfigurationClusters:
    """Cluster the locations of one configuration (rules first, then :func:`classify_ranks`).

    Args:
        values: per metric (primary first) a (repetitions, locations) array, or one array of rank
            values of shape (locations,) or (locations, metrics).
        options: the classifier's options (default: :class:`ClassifierOptions`).
        rule_labels: index of the rule claiming each location, -1 for unclaimed; None for no rules.
        rule_names: names of the rules.

    Returns:
        The configuration's clusters (empty rule clusters are left out).
    """
    options = (options or ClassifierOptions()).checked()
    if isinstance(values, (list, tuple)):
        matrices = [np.asarray(v, dtype=float).reshape(-1, np.shape(v)[-1]) for v in values]
    else:
        array = np.asarray(values, dtype=float)
        matrices = [array.reshape(1, -1)] if array.ndim == 1 else [column[None, :] for column in array.T]
    n = matrices[0].shape[1]
    labels = np.empty(n, dtype=np.int64)
    names: list = []
    free = np.ones(n, dtype=bool) if rule_labels is None else rule_labels < 0
    if rule_labels is not None:
        for index, name in enumerate(rule_names):
            members = rule_labels == index
            if members.any():
                labels[members] = len(names)
                names.append(name)
    k = 0
    if free.any():
        # all locations free: a C-ordered matrix as it is (the same layout as its copy m[:, free])
        free_part = [m if rule_labels is None and m.flags.c_contiguous else m[:, free] for m in matrices]
        per_metric = [classify_matrix(m, options) for m in free_part]
        if len(per_metric) == 1:
            found = per_metric[0]
        else:
            primary = reduce_columns(reducer(options.rank_value), free_part[0])
            found = combine_metric_labels(per_metric, primary)
        k = int(found.max()) + 1
        labels[free] = np.where(found >= 0, found + len(names), -1)
        names.extend(f"C{i + 1}" for i in range(k))
    return ConfigurationClusters(names, labels, k)


@dataclass
class KernelClustering:
    """Clusters of one kernel matched across configurations.

    Attributes:
        names: matched cluster names (see module docstring), ascending for ``C*`` clusters.
        values: representative value per cluster and configuration, shape (n_clusters, n_configs).
        sizes: member count per cluster and configuration (0 where absent or not modeled).
        members: ``members[c][j]`` are the location indices of cluster ``c`` at configuration ``j``.
        counts: number of relative-distance clusters per configuration.
        modeled: configurations whose distance clusters are matched, bool of shape (n_configs,).
        slowest_values: value of the slowest cluster of each configuration, matched or not
            (outliers are no cluster).
        outliers: ``outliers[j]`` are the location indices set aside as outliers at configuration ``j``.
        left_out: indices of configurations whose distance clusters cannot be matched.
        messages: explanations for the user (counts differ, what to measure, ...).
    """

    names: list
    values: np.ndarray
    sizes: np.ndarray
    members: list
    counts: list
    modeled: np.ndarray
    slowest_values: np.ndarray
    left_out: list = field(default_factory=list)
    messages: list = field(default_factory=list)
    outliers: list = field(default_factory=list)

    def present(self, cluster: int) -> np.ndarray:
        """Bool mask of the configurations where ``cluster`` has members and is matched."""
        return self.sizes[cluster] > 0

    def slowest(self) -> int:
        """Index of the cluster with the highest value at most configurations (ties: highest median)."""
        filled = np.where(self.sizes > 0, self.values, -np.inf)
        usable = np.isfinite(filled).any(axis=0)
        wins = np.bincount(np.argmax(filled[:, usable], axis=0), minlength=len(self.names))
        best = np.flatnonzero(wins == wins.max())
        if len(best) > 1:
            medians = [np.nanmedian(np.where(self.sizes[c] > 0, self.values[c], np.nan)) for c in best]
            return int(best[int(np.argmax(medians))])
        return int(best[0])


def format_point(point: Sequence[float], parameter_names: Sequence[str]) -> str:
    """``(p=16, s=100)`` for messages; ``(16, 100)`` without names."""
    if len(parameter_names) < len(point):
        return "(" + ", ".join(f"{v:g}" for v in point) + ")"
    return "(" + ", ".join(f"{n}={v:g}" for n, v in zip(parameter_names, point)) + ")"


def _choose_count(counts: Sequence[int], points: np.ndarray, min_points: int):
    """Largest group of configurations sharing a count with >= min_points values per parameter."""
    best = None
    for count, size in Counter(counts).most_common():
        mask = np.array([c == count for c in counts])
        distinct = [len(np.unique(points[mask, d])) for d in range(points.shape[1])]
        if min(distinct) >= min_points and (best is None or (size, count) > (best[1], best[0])):
            best = (count, size, mask)
    return best


def _advice(counts, points, parameter_names, min_points) -> str:
    count, _ = Counter(counts).most_common(1)[0]
    mask = np.array([c == count for c in counts])
    lacking = []
    for d in range(points.shape[1]):
        name = parameter_names[d] if d < len(parameter_names) else f"parameter {d + 1}"
        have = np.unique(points[mask, d])
        if len(have) < min_points:
            lacking.append(f"{name} has {len(have)} value(s) ({', '.join(f'{v:g}' for v in have)}), "
                           f"{min_points - len(have)} more needed")
    return (f"no per-cluster models: no {min_points} values per parameter share one cluster count. "
            f"The most common count is {count}; with it " + "; ".join(lacking) +
            f". Measure more configurations where {count} clusters appear, or supply a rules file.")


def match_clusters(configurations: Sequence[ConfigurationClusters], location_values: Sequence[np.ndarray],
                   points, parameter_names: Sequence[str], cluster_measure: str = MATCHING["cluster_value"].default,
                   min_points: int = MATCHING["min_points"].default) -> KernelClustering:
    """Match the clusters of all configurations of one kernel.

    Args:
        configurations: clusters per configuration (from :func:`cluster_configuration`).
        location_values: primary metric value per location for each configuration, shape (n_locations,).
        points: parameter values per configuration, shape (n_configs, n_parameters).
        parameter_names: names for messages.
        cluster_measure: how a cluster's members are reduced to one value: an Extra-P measure name
            (median, mean, minimum, maximum) or alias (:mod:`extrap_segmented.reducers`).
        min_points: values per parameter needed to model a subset of configurations.

    Returns:
        The matched clustering.

    Raises:
        InvalidInputError: ``cluster_measure`` is not a measure name or alias.
    """
    reduce = reducer(cluster_measure, allowed=MEASURES, what="cluster value")
    points = np.asarray(points, dtype=float).reshape(len(configurations), -1)
    counts = [c.n_distance_clusters for c in configurations]
    modeled = np.ones(len(configurations), dtype=bool)
    messages, left_out = [], []
    if len(set(counts)) > 1:
        chosen = _choose_count(counts, points, min_points)
        if chosen is None:
            modeled[:] = False
            groups = []
            for count, size in Counter(counts).most_common():
                where = [format_point(p, parameter_names) for p, c in zip(points, counts) if c == count]
                shown = ", ".join(where[:8]) + (f" (+{len(where) - 8} more)" if len(where) > 8 else "")
                groups.append(f"{count} at {size} configuration(s): {shown}")
            messages.append("class counts differ between configurations: " + "; ".join(groups))
            messages.append(_advice(counts, points, parameter_names, min_points))
        else:
            modeled = chosen[2]
            left_out = [int(j) for j in np.flatnonzero(~modeled)]
            groups = []
            for count in sorted({counts[j] for j in left_out}):
                where = [format_point(points[j], parameter_names) for j in left_out if counts[j] == count]
                shown = ", ".join(where[:8]) + (f" (+{len(where) - 8} more)" if len(where) > 8 else "")
                groups.append(f"{count} class{'es' if count != 1 else ''} at {shown}")
            messages.append(f"class counts differ: modeled the {int(modeled.sum())} configurations with {chosen[0]} "
                            f"class{'es' if chosen[0] != 1 else ''}; left out: " + "; ".join(groups))
    names: list = []
    for j, conf in enumerate(configurations):
        for name in conf.names:
            if name not in names and (modeled[j] or not is_distance_name(name)):
                names.append(name)
    rule_names = [n for n in names if not is_distance_name(n)]
    names = rule_names + sorted(set(names) - set(rule_names), key=lambda n: int(n[1:]))
    values = np.full((len(names), len(configurations)), np.nan)
    sizes = np.zeros((len(names), len(configurations)), dtype=np.int64)
    members = [[np.empty(0, dtype=np.int64) for _ in configurations] for _ in names]
    slowest_values = np.empty(len(configurations))
    for j, (conf, loc_values) in enumerate(zip(configurations, location_values)):
        local_values = []
        for local, name in enumerate(conf.names):
            idx = np.flatnonzero(conf.labels == local)
            local_values.append(reduce(loc_values[idx]))
            if name not in names or (not modeled[j] and is_distance_name(name)):
                continue
            c = names.index(name)
            members[c][j] = idx
            sizes[c, j] = idx.size
            values[c, j] = local_values[-1]
        slowest_values[j] = max(local_values)
    outliers = [conf.outliers for conf in configurations]
    return KernelClustering(names, values, sizes, members, counts, modeled, slowest_values, left_out, messages,
                            outliers)
