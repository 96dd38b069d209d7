"""One kernel's clustering on arrays: per-rank values of every configuration to matched classes.

Per configuration every rank is reduced to one value (``rank_value``), the ranks are clustered by
a rules file (:mod:`.rules`) and the classifier (:mod:`.classify`), the classes are matched across
configurations (:mod:`.matching`), and per class the series to model is laid out: its value, member
count, spread, member ranks and topology positions at each configuration where it is present,
and whether it has ``min_points`` values per parameter. :func:`cluster_kernel` returns a
:class:`KernelClusters`; fitting the series (Extra-P's modelers) is the adapter's part.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

import numpy as np

from extrap_segmented.clustering.classify import ClassifierOptions
from extrap_segmented.clustering.matching import (ConfigurationClusters, KernelClustering, cluster_configuration,
                                                  format_point, match_clusters)
from extrap_segmented.clustering.options import MATCHING
from extrap_segmented.clustering.migration import class_positions, find_migrations
from extrap_segmented.clustering.ranks import RankList
from extrap_segmented.clustering.rules import ClusterRules
from extrap_segmented.clustering.topology import topology_positions
from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.locations import LocationTable
from extrap_segmented.reducers import MEASURES, reduce_columns, reducer

#: ``cached(j, name, compute)``: ``compute(tables[j])``, possibly remembered from an earlier kernel
#: (a reader shares one location table between the kernels of a configuration).
TableFactCache = Callable[[int, str, Callable[[LocationTable], Any]], Any]


@dataclass
class ClassSeries:
    """One matched class of a kernel, over the configurations where it has members.

    Attributes:
        name: ``C1..Ck`` (classifier, ascending) or the rule's name.
        configurations: indices of the configurations where the class is present.
        values: its value (``cluster_value`` of the members) at each of them.
        counts: its member count at each of them.
        member_values: per configuration the members' rank values.
        ranks: its member ranks at ``rank_configuration`` (the last configuration with the most
            locations); empty where it is nowhere present.
        rank_configuration: index of that configuration, or None.
        modeled: whether it is present at ``min_points`` values of every parameter.
        positions: topology positions (corner/edge/inner) of its members, summed over configurations.
    """
    name: str
    configurations: np.ndarray
    values: np.ndarray
    counts: np.ndarray
    member_values: list
    ranks: RankList = field(default_factory=lambda: RankList(()))
    rank_configuration: Optional[int] = None
    modeled: bool = False
    positions: dict = field(default_factory=dict)

    def spread(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Minimum, maximum and standard deviation of the members at each configuration."""
        return (np.array([v.min() for v in self.member_values]), np.array([v.max() for v in self.member_values]),
                np.array([v.std() for v in self.member_values]))


@dataclass
class KernelClusters:
    """The classes of one kernel (see :func:`cluster_kernel`).

    Attributes:
        classes: every matched class, in the order of ``matching.names``.
        kernel_class: index of the class whose model is the kernel's (the slowest modeled one),
            or None when no class is modeled: the kernel is then modeled on ``slowest_values``,
            the value of each configuration's slowest class, judged against ``slowest_members``.
        matching: the cross-configuration matching.
        configurations: the classes of each configuration.
        rank_values: per configuration the rank values (``rank_value`` of the repetitions).
        outliers: per configuration the ranks set aside as outliers.
        outlier_ratios: their values relative to the configuration's slowest class.
        notes: what the user should know, in order (matching, missing ranks, classes too rarely
            present, migrations, how the kernel's model was chosen).
    """
    classes: list
    kernel_class: Optional[int]
    matching: KernelClustering
    configurations: list
    rank_values: list
    slowest_members: list
    outliers: list
    outlier_ratios: list
    notes: list

    @property
    def slowest_values(self) -> np.ndarray:
        return self.matching.slowest_values


def rank_values(features: Sequence[Sequence[np.ndarray]], rank_value: str = "median") -> list:
    """Per configuration the primary metric's value of each rank: ``rank_value`` over the
    repetitions of ``features[j][0]`` (repetitions, locations)."""
    reduce = reducer(rank_value, allowed=MEASURES, what="rank value")
    return [reduce_columns(reduce, columns[0]) for columns in features]


def missing_ranks(table: LocationTable) -> str:
    """Text naming the ranks absent from a table (gaps in 0..max rank, or a short topology)."""
    ranks = np.unique(table.rank)
    expected = int(ranks.max()) + 1
    if table.topology_dims is not None:
        expected = max(expected, int(np.prod(table.topology_dims)))
    if len(ranks) == expected:
        return ""
    missing = np.setdiff1d(np.arange(expected), ranks)
    shown = ", ".join(str(r) for r in missing[:10]) + (" ..." if len(missing) > 10 else "")
    return f"{len(ranks)} of {expected} ranks present (missing: {shown})"


def enough_points(points: np.ndarray, min_points: int) -> bool:
    """Whether ``points`` (configurations, parameters) have ``min_points`` values of every parameter."""
    return len(points) > 0 and min(len(np.unique(points[:, d])) for d in range(points.shape[1])) >= min_points


def cluster_kernel(features: Sequence[Sequence[np.ndarray]], points, tables: Sequence[LocationTable],
                   options: Optional[ClassifierOptions] = None, *, rules: Optional[ClusterRules] = None,
                   cluster_value: str = MATCHING["cluster_value"].default,
                   min_points: int = MATCHING["min_points"].default, parameter_names: Sequence[str] = (),
                   cached: Optional[TableFactCache] = None) -> KernelClusters:
    """Clusters the ranks of every configuration of one kernel and matches the classes.

    Args:
        features: per configuration, per metric (the modeled one first) the finite values as a
            (repetitions, locations) array.
        points: parameter values per configuration, (configurations, parameters).
        tables: per configuration the location table of its columns.
        options: the classifier's options (its ``rank_value`` reduces the repetitions).
        rules: rules assigning ranks to named classes first, or None.
        cluster_value: how a class's members are reduced to its value.
        min_points: values per parameter a class needs to be modeled.
        parameter_names: names for the notes (values only where there are fewer than parameters).
        cached: where facts of a location table (missing ranks, positions) are remembered.

    Returns:
        The kernel's classes.

    Raises:
        InvalidInputError: every configuration has a single rank; an unknown measure name.
    """
    options = (options or ClassifierOptions()).checked()
    names = list(parameter_names)
    primary = rank_values(features, options.rank_value)
    if max(len(v) for v in primary) < 2:
        raise InvalidInputError("every configuration has a single rank; clustering needs at least two ranks")
    points = np.asarray(points, dtype=float).reshape(len(features), -1)
    if cached is None:
        def cached(j, name, compute):
            return compute(tables[j])
    notes = []
    for j in range(len(tables)):
        missing = cached(j, "missing", missing_ranks)
        if missing:
            notes.append(f"{format_point(tuple(points[j]), names)}: {missing}; member counts there are short")
    configurations = []
    rule_names = [r.name for r in rules.rules] if rules is not None else ()
    for columns, table in zip(features, tables):
        labels = rules.assign(table.rank, table.coords, table.topology_dims) if rules is not None else None
        configurations.append(cluster_configuration(columns, options, labels, rule_names))
    matched = match_clusters(configurations, primary, points, names, cluster_value, min_points)
    notes = matched.messages + notes

    classes = []
    for c, name in enumerate(matched.names):
        idx = np.flatnonzero(matched.present(c))
        series = ClassSeries(name, idx, matched.values[c, idx], matched.sizes[c, idx],
                             [primary[j][matched.members[c][j]] for j in idx])
        if len(idx):
            sizes = np.array([len(tables[j]) for j in idx])
            ref = int(idx[np.flatnonzero(sizes == sizes.max())[-1]])
            series.ranks, series.rank_configuration = RankList(tables[ref].rank[matched.members[c][ref]]), ref
        series.modeled = enough_points(points[idx], min_points)
        if not series.modeled:
            notes.append(f"{name}: present at {len(idx)} configuration(s), too few for a model "
                         f"(needs {min_points} values per parameter)")
        classes.append(series)

    per_location = classes_per_location(matched, tables)
    positions = [cached(j, "positions", _positions) for j in range(len(tables))]
    per_class = class_positions(positions, per_location)
    for series in classes:
        series.positions = per_class.get(series.name, {})
    for migration in find_migrations([t.rank for t in tables], per_location):
        notes.append(f"ranks changed class {format_point(points[migration.source], names)} -> "
                     f"{format_point(points[migration.target], names)}: {migration.describe()}")

    # The kernel's model: the class with the highest value at most configurations. Outliers are no
    # class, so a few extreme ranks never become the kernel's model; they are listed separately.
    modeled = [c for c, series in enumerate(classes) if series.modeled]
    slowest_members = []
    if modeled:
        kernel_class = matched.slowest() if classes[matched.slowest()].modeled else modeled[-1]
    else:
        kernel_class = None
        slowest_members = [slowest_class_values(conf, values) for conf, values in zip(configurations, primary)]
        notes.append("kernel model: the slowest class of each configuration (classes are not matched)")
    outliers = [tables[j].rank[out].tolist() for j, out in enumerate(matched.outliers)]
    ratios = [(primary[j][out] / matched.slowest_values[j]).tolist() if matched.slowest_values[j] else []
              for j, out in enumerate(matched.outliers)]
    return KernelClusters(classes, kernel_class, matched, configurations, primary, slowest_members, outliers,
                          ratios, notes)


def slowest_class_values(configuration: ConfigurationClusters, values: np.ndarray) -> np.ndarray:
    """Values of the ranks in the configuration's slowest class (by median)."""
    medians = [np.median(values[configuration.labels == i]) if np.any(configuration.labels == i) else -np.inf
               for i in range(len(configuration.names))]
    return values[configuration.labels == int(np.argmax(medians))] if medians else values


def classes_per_location(matched: KernelClustering, tables: Sequence[LocationTable]) -> list:
    """Per configuration the class name of every location; None for a configuration where a
    location has no class (an outlier, a class left out of the matching)."""
    result = []
    labels = np.array(list(matched.names), dtype=str)
    for j, table in enumerate(tables):
        index = np.full(len(table), -1, dtype=np.int64)  # class index per location (-1: none)
        for c in range(len(labels)):
            index[matched.members[c][j]] = c
        result.append(labels[index] if len(labels) and (index >= 0).all() else
                      (np.empty(0, dtype=str) if not len(index) else None))
    return result


def _positions(table: LocationTable):
    return topology_positions(table.coords, table.topology_dims) if table.coords is not None and table.topology_dims \
        else None
