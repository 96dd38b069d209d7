"""One kernel through the Clustered modelers: per-rank arrays, clustering, matching, fits, notes.

Per configuration every rank is reduced to one value (:func:`rank_matrix`), the values are
clustered by relative distance (:mod:`extrap_segmented.clustering.relative_distance`) or by a rules
file (:mod:`extrap_segmented.clustering.rules`), clusters are matched across configurations
(:mod:`extrap_segmented.clustering.matching`), and each cluster's value and member count are fitted by
:class:`Fitter` with the Clustered modeler's inner Extra-P modeler. :func:`cluster_kernel` returns
the kernel's :class:`~extrap_segmented.adapters.clustering.models.ClusteredModel`.
"""
from __future__ import annotations

import copy
import warnings
from typing import Optional, Sequence

import numpy as np

from extrap.entities.functions import ConstantFunction
from extrap.entities.hypotheses import ConstantHypothesis
from extrap.entities.measurement import Measurement
from extrap.entities.model import Model
from extrap.entities.terms import CompoundTerm
from extrap.modelers.abstract_modeler import AbstractModeler, MultiParameterModeler

from extrap_segmented.adapters.clustering.fit_statistics import with_rank_costs
from extrap_segmented.adapters.clustering.models import (ClusterAnnotation, ClusteredModel, ClusterInfo,
                                                         cluster_measurement)
from extrap_segmented.adapters.clustering.plots import plot_kernel
from extrap_segmented.adapters.measurements import coordinate_array
from extrap_segmented.adapters.clustering.text import cluster_summary
from extrap_segmented.clustering.matching import cluster_configuration, format_point, match_clusters
from extrap_segmented.clustering.migration import class_positions, find_migrations
from extrap_segmented.clustering.ranks import RankList
from extrap_segmented.clustering.topology import topology_positions
from extrap_segmented.exceptions import ClusteringWarning, InvalidInputError
from extrap_segmented.locations import LocationTable
from extrap_segmented.clustering.classify import ClassifierOptions
from extrap_segmented.reducers import MEASURES as _MEASURE_NAMES, reduce_columns, reducer

NO_RANK_VALUES_MESSAGE = (
    "The Clustered modeler needs one value per MPI rank, but the loaded measurements keep only "
    "aggregated values. Load the profiles with the per-rank Cube reader, e.g. "
    "`extrap --cube-ranks DIR --modeler clustered`, or with an Extra-P reader and --keep-values, e.g. "
    "`extrap --cube DIR --keep-values --modeler clustered`, or Caliper profiles with per-rank records or "
    "Min/Avg/Max per rank with `extrap --caliper DIR --modeler clustered` (text and JSON files keep "
    "repetitions only, not ranks).")

# Choices of the rank_value and cluster_value options: Extra-P's measures, the default (median)
# first, in the order the GUI and ``--help`` have always listed them.
MEASURES = sorted(_MEASURE_NAMES, key=lambda name: name != "median")


def rank_matrix(measurement: Measurement) -> Optional[np.ndarray]:
    """Per-rank values of a measurement as float64 (repetitions, locations), or None without them.

    The per-rank Cube reader stores (repetitions, locations). Extra-P's own readers with
    ``keep_values`` store (repetitions, locations) for Cube files (weak scaling; masked entries are
    zero values of idle threads and are used as the zeros they are) and a 1-D array of repetitions
    for text and JSON files, which carries no per-rank values.
    """
    values = getattr(measurement, "values", None)
    if values is None:
        return None
    data = np.asarray(np.ma.getdata(values), dtype=float)
    if data.ndim < 2:
        return None
    return data.reshape(data.shape[0], -1)


def _locations_of(measurement: Measurement, n_locations: int) -> LocationTable:
    table = getattr(measurement, "locations", None)
    if table is None:
        return LocationTable.by_position(n_locations)
    if len(table) != n_locations:
        raise InvalidInputError(f"at {measurement.coordinate} the location table lists {len(table)} locations "
                                f"but the values have {n_locations} columns")
    return table


def _missing_ranks(table: LocationTable) -> str:
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


# A cluster cannot outgrow the whole machine and rank counts of d-dimensional decompositions grow
# like p^(k/d): membership models use the exponents 1/4 .. 1 without logarithms.
_MEMBERSHIP_EXPONENTS = [(1, 4, 0), (1, 3, 0), (1, 2, 0), (2, 3, 0), (3, 4, 0), (1, 1, 0)]


def membership_modeler(modeler: AbstractModeler) -> AbstractModeler:
    """A copy of ``modeler`` whose single-parameter search space suits member counts."""
    modeler = copy.copy(modeler)
    target = modeler
    if isinstance(modeler, MultiParameterModeler):
        target = modeler.single_parameter_modeler = copy.copy(modeler.single_parameter_modeler)
    if hasattr(target, "hypotheses_building_blocks"):
        target.hypotheses_building_blocks = [CompoundTerm.create(*e) for e in _MEMBERSHIP_EXPONENTS]
    return modeler


def requiring_points(modeler: AbstractModeler, min_points: int) -> AbstractModeler:
    """A copy of ``modeler`` that warns about too few points only below ``min_points``.

    Extra-P's modelers use ``min_measurement_points`` for that warning only. The Clustered modeler
    fits clusters that have its own ``min_points`` values per parameter, so that is their limit.
    """
    modeler = copy.copy(modeler)
    modeler.min_measurement_points = min_points
    if isinstance(modeler, MultiParameterModeler):
        modeler.single_parameter_modeler = copy.copy(modeler.single_parameter_modeler)
        modeler.single_parameter_modeler.min_measurement_points = min_points
    return modeler


class Fitter:
    """Fits cluster series with Extra-P's modeler; identical series are fitted once per call.

    Args:
        modeler: the kernel's Extra-P modeler (kept unchanged as ``modeler`` for ordinary models).
        min_points: values per parameter the Clustered modeler requires of a modeled cluster.
    """

    def __init__(self, modeler: AbstractModeler, min_points: int = 5):
        self.modeler = modeler
        self.values_modeler = requiring_points(modeler, min_points)
        self.counts_modeler = membership_modeler(self.values_modeler)
        self._cache: dict = {}

    def fit(self, measurements: Sequence[Measurement], counts: bool = False) -> Model:
        """Model of one series of cluster values (or member counts when ``counts``)."""
        key = (counts,) + tuple((tuple(m.coordinate), m.mean) for m in measurements)
        hypothesis = self._cache.get(key)
        if hypothesis is None:
            modeler = self.counts_modeler if counts else self.values_modeler
            hypothesis = modeler.model([list(measurements)])[0].hypothesis
            self._cache[key] = hypothesis
        model = Model(hypothesis)
        model.measurements = list(measurements)
        return model


def _enough_points(points: np.ndarray, min_points: int) -> bool:
    return len(points) > 0 and min(len(np.unique(points[:, d])) for d in range(points.shape[1])) >= min_points


def fallback_model(measurements: Sequence[Measurement], fitter: Fitter) -> Model:
    """The ordinary model of a kernel that could not be clustered (a constant if even that fails)."""
    try:
        model = fitter.modeler.model([measurements])[0]
    except Exception:  # even the ordinary fit failed (e.g. NaN): a constant keeps the experiment usable
        finite = [m for m in measurements if np.isfinite(m.median)]
        constant = ConstantHypothesis(ConstantFunction(float(np.median([m.median for m in finite])) if finite else 0.0),
                                      fitter.modeler.use_measure)
        # statistics measured against the finite values, not Extra-P's RSS 0 / adjusted R² 1 defaults
        model = Model(with_rank_costs(constant, [m.coordinate for m in finite], [[m.median] for m in finite]))
    return model


class Settings:
    """The Clustered modeler's options for one run, plus the loaded rules; ``validate`` checks them."""

    def __init__(self, threshold, rank_value, cluster_value, min_points, rules, extra_metrics, plot_dir,
                 classifier: str = "adaptive", max_outlier_fraction: float = 0.1, parameter_names: tuple = ()):
        self.threshold, self.rank_value, self.cluster_value = threshold, rank_value, cluster_value
        self.min_points, self.rules, self.extra_metrics, self.plot_dir = min_points, rules, extra_metrics, plot_dir
        self.classifier, self.max_outlier_fraction = classifier, max_outlier_fraction
        self.parameter_names = tuple(parameter_names)  # the experiment's, for the plots
        # Per location table (one per coordinate, shared by its kernels): facts computed once per
        # run, not per kernel. Keyed by id, with the table kept to check identity.
        self.table_facts: dict = {}

    def __getstate__(self):  # to a worker: its own (empty) facts, not this process's tables
        return {**self.__dict__, "table_facts": {}}

    def __copy__(self):  # a copy in this process (e.g. without plot_dir) shares the facts
        other = Settings.__new__(Settings)
        other.__dict__.update(self.__dict__)
        return other

    def table_fact(self, table, name: str, compute):
        """``compute(table)``, once per run for a table the reader shares between kernels."""
        entry = self.table_facts.setdefault(id(table), (table, {}))
        if entry[0] is not table:  # an id reused by another object: start over for it
            entry = self.table_facts[id(table)] = (table, {})
        facts = entry[1]
        if name not in facts:
            facts[name] = compute(table)
        return facts[name]

    def classifier_options(self) -> ClassifierOptions:
        """The options of :func:`extrap_segmented.classify_ranks` this run uses (checked)."""
        return ClassifierOptions(mode=self.classifier, rank_value=self.rank_value, threshold=self.threshold,
                                 max_outlier_fraction=self.max_outlier_fraction).checked()

    def validate(self) -> None:
        """Checks the options.

        Raises:
            InvalidInputError: names the option and the value that cannot be used.
        """
        self.classifier_options()
        for option, value in (("rank value", self.rank_value), ("cluster value", self.cluster_value)):
            reducer(value, allowed=MEASURES, what=option)
        if self.min_points < 1:
            raise InvalidInputError(f"min points must be >= 1, got {self.min_points}")


def _kernel_arrays(measurements, siblings, settings):
    """Per configuration: primary value per location, per metric (repetitions, locations), location table."""
    callpath = measurements[0].callpath
    extra_lists = []
    for name in settings.extra_metrics:
        if name == measurements[0].metric.name:
            continue
        other = siblings.get((callpath, name))
        if other is None:
            available = sorted({metric for cp, metric in siblings if cp == callpath})
            raise InvalidInputError(f"extra metric {name!r} is not measured for this call path; "
                                    f"available: {', '.join(available)}")
        extra_lists.append({m.coordinate: m for m in other})
    reduce = reducer(settings.rank_value, allowed=MEASURES, what="rank value")
    primary, features, tables = [], [], []
    for m in measurements:
        matrix = rank_matrix(m)
        if matrix is None:
            raise InvalidInputError(f"no per-rank values at {m.coordinate}; " + NO_RANK_VALUES_MESSAGE)
        bad = ~np.isfinite(matrix)
        if bad.any():
            rep, loc = np.argwhere(bad)[0]
            raise InvalidInputError(f"value of location {loc} (repetition {rep}) at {m.coordinate} is "
                                    f"{matrix[rep, loc]}; per-rank values must be finite")
        values = reduce_columns(reduce, matrix)
        columns = [matrix]
        for lookup in extra_lists:
            other = lookup.get(m.coordinate)
            other_matrix = None if other is None else rank_matrix(other)
            if other_matrix is None or other_matrix.shape[1] != matrix.shape[1]:
                raise InvalidInputError(f"extra metric {other.metric if other else '?'} has no per-rank values "
                                        f"matching the {matrix.shape[1]} locations at {m.coordinate}")
            columns.append(other_matrix)
        primary.append(values)
        features.append(columns)
        tables.append(_locations_of(m, matrix.shape[1]))
    return primary, features, tables


def cluster_kernel(measurements: Sequence[Measurement], siblings: dict, settings: Settings,
                   fitter: Fitter) -> ClusteredModel:
    """Clusters, matches and models one kernel.

    Args:
        measurements: the kernel's measurements (per-rank values required).
        siblings: every kernel's measurements by ``(callpath, metric name)``, for ``extra_metrics``.
        settings: the Clustered modeler's options for this run.
        fitter: fits the cluster series with Extra-P's modeler.

    Returns:
        The kernel's model: the slowest cluster's model, every cluster and the notes.

    Raises:
        InvalidInputError: no per-rank values, non-finite values, a single rank, missing extra metric.
    """
    if not measurements:
        raise InvalidInputError("the kernel has no measurements")
    callpath, metric = measurements[0].callpath, measurements[0].metric
    primary, features, tables = _kernel_arrays(measurements, siblings, settings)
    notes = []
    if max(len(v) for v in primary) < 2:
        raise InvalidInputError("every configuration has a single rank; clustering needs at least two ranks")
    points = coordinate_array(measurements)
    names: list = []  # the modeler does not know the parameter names; messages show values
    for m, table in zip(measurements, tables):
        missing = settings.table_fact(table, "missing", _missing_ranks) if _shared(m, table) else _missing_ranks(table)
        if missing:
            notes.append(f"{format_point(tuple(m.coordinate), names)}: {missing}; member counts there are short")
    rules = settings.rules
    options = settings.classifier_options()
    configurations = []
    for feature, table in zip(features, tables):
        rule_labels = None
        if rules is not None:
            rule_labels = rules.assign(table.rank, table.coords, table.topology_dims)
        configurations.append(cluster_configuration(feature, options, rule_labels,
                                                    [r.name for r in rules.rules] if rules else ()))
    matched = match_clusters(configurations, primary, points, names, settings.cluster_value, settings.min_points)
    notes = matched.messages + notes
    coordinates = [m.coordinate for m in measurements]

    clusters = []
    for c, name in enumerate(matched.names):
        present = matched.present(c)
        idx = np.flatnonzero(present)
        member_values = [primary[j][matched.members[c][j]] for j in idx]
        series = [cluster_measurement(coordinates[j], callpath, metric, matched.values[c, j], values.min(),
                                      values.max(), values.std(), matched.sizes[c, j])
                  for j, values in zip(idx, member_values)]
        info = ClusterInfo(name, coordinates=[coordinates[j] for j in idx], values=matched.values[c, idx],
                           counts=matched.sizes[c, idx])
        if len(idx):
            # member ranks named at the configuration with the most ranks (the last one of those)
            ref = idx[np.flatnonzero(np.array([len(tables[j]) for j in idx]) == max(len(tables[j]) for j in idx))[-1]]
            info.ranks, info.rank_coordinate = RankList(tables[ref].rank[matched.members[c][ref]]), coordinates[ref]
        if _enough_points(points[idx], settings.min_points):
            model = fitter.fit(series)
            # statistics against every member rank, not only the class medians the model was fitted to
            model.hypothesis = with_rank_costs(model.hypothesis, [coordinates[j] for j in idx], member_values)
            info.model = model
            info.membership_model = fitter.fit([cluster_measurement(coordinates[j], callpath, metric, n, n, n, 0, 1)
                                                for j, n in zip(idx, matched.sizes[c, idx])], counts=True)
        else:
            notes.append(f"{name}: present at {len(idx)} configuration(s), too few for a model "
                         f"(needs {settings.min_points} values per parameter)")
        clusters.append(info)

    classes = _classes_per_location(matched, tables)
    _add_positions(clusters, tables, classes, [settings if _shared(m, t) else None
                                               for m, t in zip(measurements, tables)])
    for migration in find_migrations([t.rank for t in tables], classes):
        notes.append(f"ranks changed class {format_point(points[migration.source], names)} -> "
                     f"{format_point(points[migration.target], names)}: "
                     f"{migration.describe()}")

    # Kernel model: the class with the highest value at most configurations. Outliers are no class,
    # so a few extreme ranks never become the kernel's model; they are listed separately.
    modeled_clusters = [i for i, info in enumerate(clusters) if info.model is not None]
    if modeled_clusters:
        slowest = matched.slowest() if clusters[matched.slowest()].model is not None else modeled_clusters[-1]
        hypothesis, slowest_name = clusters[slowest].model.hypothesis, clusters[slowest].name
    else:
        series = [cluster_measurement(c, callpath, metric, v, v, v, 0, 1)
                  for c, v in zip(coordinates, matched.slowest_values)]
        hypothesis = with_rank_costs(fitter.fit(series).hypothesis, coordinates,
                                     [_slowest_class_values(conf, values) for conf, values in
                                      zip(configurations, primary)])
        slowest_name = ""
        notes.append("kernel model: the slowest class of each configuration (classes are not matched)")
    model = ClusteredModel(hypothesis, clusters, slowest_name)
    model.count_coordinates, model.counts = coordinates, list(matched.counts)
    model.left_out = [coordinates[j] for j in matched.left_out]
    model.outliers = [tables[j].rank[out].tolist() for j, out in enumerate(matched.outliers)]
    model.outlier_ratios = [(primary[j][out] / matched.slowest_values[j]).tolist() if matched.slowest_values[j]
                            else [] for j, out in enumerate(matched.outliers)]
    model.notes = notes
    model.annotations.append(_annotation(model, settings))
    if settings.plot_dir:
        try:
            plot_kernel(settings.plot_dir, callpath, metric, model, primary, configurations, coordinates,
                        settings.parameter_names)
        except OSError as error:  # a plot that cannot be written must not change the model
            warnings.warn(f"Clustered modeler, {callpath}/{metric}: plot not written to {settings.plot_dir}: {error}",
                          ClusteringWarning, stacklevel=2)
    return model


def _slowest_class_values(configuration, values) -> np.ndarray:
    """Values of the ranks in the configuration's slowest class (by median)."""
    medians = [np.median(values[configuration.labels == i]) if np.any(configuration.labels == i) else -np.inf
               for i in range(len(configuration.names))]
    return values[configuration.labels == int(np.argmax(medians))] if medians else values


def _parameter_names(n: int) -> list:
    return ["p", "q", "r", "s", "t", "u", "v", "w"][:n] if n <= 8 else [f"x{i}" for i in range(n)]


def _classes_per_location(matched, tables) -> list:
    result = []
    labels = np.array(list(matched.names), dtype=str)
    for j, table in enumerate(tables):
        index = np.full(len(table), -1, dtype=np.int64)  # class index per location (-1: none)
        for c in range(len(labels)):
            index[matched.members[c][j]] = c
        result.append(labels[index] if len(labels) and (index >= 0).all() else
                      (np.empty(0, dtype=str) if not len(index) else None))
    return result


def _shared(measurement, table) -> bool:
    """Whether ``table`` is the reader's table of the coordinate (shared by its kernels)."""
    return getattr(measurement, "locations", None) is table


def _positions(table):
    return topology_positions(table.coords, table.topology_dims) if table.coords is not None and table.topology_dims \
        else None


def _add_positions(clusters, tables, classes, caches=None) -> None:
    caches = caches or [None] * len(tables)
    positions = [cache.table_fact(t, "positions", _positions) if cache is not None else _positions(t)
                 for t, cache in zip(tables, caches)]
    per_class = class_positions(positions, classes)
    for info in clusters:
        info.positions = per_class.get(info.name, {})


def _annotation(model: ClusteredModel, settings: Settings) -> ClusterAnnotation:
    n = len(model.clusters)
    counts = model.counts
    if settings.rules is not None:
        # model.counts holds the relative-distance clusters only (0 where the rules place every
        # rank); the tooltip counts every class present at each configuration, as --print all.
        counts = [sum(1 for info in model.clusters if tuple(c) in {tuple(x) for x in info.coordinates})
                  for c in model.count_coordinates] or counts
    distinct = sorted(set(counts))
    counts = str(distinct[0]) if len(distinct) == 1 else f"{distinct[0]}..{distinct[-1]} (differ)"
    method = ("adaptive classifier" if settings.classifier == "adaptive"
              else f"paper rule (threshold {100 * settings.threshold:g} %)")
    if settings.rules is not None:
        method = f"rules file, then {method}"
    title = f"Clusters: {counts} by {method}"
    n_out = sum(len(o) for o in model.outliers)
    if n_out:
        title += f"; {len({r for o in model.outliers for r in o})} outlier rank(s)"
    if model.slowest:
        title += f"; slowest: {model.slowest}"
    parameters = _parameter_names(len(model.count_coordinates[0]) if model.count_coordinates else 1)
    annotation = ClusterAnnotation(n, title, cluster_summary(model, parameters), problem=False)
    annotation.model = model
    return annotation

