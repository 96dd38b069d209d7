"""One kernel through the Clustered modelers: Extra-P measurements to arrays and back.

:func:`cluster_kernel` turns a kernel's measurements into per-rank arrays (:func:`rank_matrix`, the
extra metrics, the location tables), lets the core find and match the classes
(:func:`extrap_segmented.clustering.kernel.cluster_kernel`), fits each class's value and member
count with the Clustered modeler's inner Extra-P modeler (:class:`Fitter`) and returns the kernel's
:class:`~extrap_segmented.adapters.clustering.models.ClusteredModel` with its annotation and plots.
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
from extrap_segmented.clustering.classify import ClassifierOptions
from extrap_segmented.clustering.kernel import cluster_kernel as classes_of_kernel
from extrap_segmented.clustering.options import MATCHING
from extrap_segmented.exceptions import ClusteringWarning, InvalidInputError
from extrap_segmented.locations import LocationTable
from extrap_segmented.options import check_values
from extrap_segmented.reducers import MEASURES, reducer

NO_RANK_VALUES_MESSAGE = (
    "The Clustered modeler needs one value per MPI rank, but the loaded measurements keep only "
    "aggregated values. Load the profiles with the per-rank Cube reader, e.g. "
    "`extrap --cube-ranks DIR --modeler clustered`, or with an Extra-P reader and --keep-values, e.g. "
    "`extrap --cube DIR --keep-values --modeler clustered`, or Caliper profiles with per-rank records or "
    "Min/Avg/Max per rank with `extrap --caliper DIR --modeler clustered` (text and JSON files keep "
    "repetitions only, not ranks).")



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
        check_values({"min_points": self.min_points}, {"min_points": MATCHING["min_points"]})


def _kernel_arrays(measurements, siblings, settings):
    """Per configuration: per metric (repetitions, locations), the primary first; location table."""
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
    features, tables = [], []
    for m in measurements:
        matrix = rank_matrix(m)
        if matrix is None:
            raise InvalidInputError(f"no per-rank values at {m.coordinate}; " + NO_RANK_VALUES_MESSAGE)
        bad = ~np.isfinite(matrix)
        if bad.any():
            rep, loc = np.argwhere(bad)[0]
            raise InvalidInputError(f"value of location {loc} (repetition {rep}) at {m.coordinate} is "
                                    f"{matrix[rep, loc]}; per-rank values must be finite")
        columns = [matrix]
        for lookup in extra_lists:
            other = lookup.get(m.coordinate)
            other_matrix = None if other is None else rank_matrix(other)
            if other_matrix is None or other_matrix.shape[1] != matrix.shape[1]:
                raise InvalidInputError(f"extra metric {other.metric if other else '?'} has no per-rank values "
                                        f"matching the {matrix.shape[1]} locations at {m.coordinate}")
            columns.append(other_matrix)
        features.append(columns)
        tables.append(_locations_of(m, matrix.shape[1]))
    return features, tables


def cluster_kernel(measurements: Sequence[Measurement], siblings: dict, settings: Settings,
                   fitter: Fitter) -> ClusteredModel:
    """Clusters, matches and models one kernel: its measurements become arrays, the core
    (:func:`extrap_segmented.clustering.kernel.cluster_kernel`) finds and matches the classes, and
    each class's value and member count are fitted with Extra-P's modeler.

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
    features, tables = _kernel_arrays(measurements, siblings, settings)
    shared = [_shared(m, table) for m, table in zip(measurements, tables)]

    def cached(j, name, compute):
        return settings.table_fact(tables[j], name, compute) if shared[j] else compute(tables[j])

    # the modeler does not know the parameter names: notes show values
    found = classes_of_kernel(features, coordinate_array(measurements), tables, settings.classifier_options(),
                              rules=settings.rules, cluster_value=settings.cluster_value,
                              min_points=settings.min_points, cached=cached)
    coordinates = [m.coordinate for m in measurements]
    clusters = []
    for series in found.classes:
        where = [coordinates[j] for j in series.configurations]
        info = ClusterInfo(series.name, coordinates=where, values=series.values, counts=series.counts,
                           positions=series.positions)
        if series.rank_configuration is not None:
            info.ranks, info.rank_coordinate = series.ranks, coordinates[series.rank_configuration]
        if series.modeled:
            minimum, maximum, std = series.spread()
            model = fitter.fit([cluster_measurement(c, callpath, metric, v, low, high, s, n) for c, v, low, high, s, n
                                in zip(where, series.values, minimum, maximum, std, series.counts)])
            # statistics against every member rank, not only the class medians the model was fitted to
            model.hypothesis = with_rank_costs(model.hypothesis, where, series.member_values)
            info.model = model
            info.membership_model = fitter.fit([cluster_measurement(c, callpath, metric, n, n, n, 0, 1)
                                                for c, n in zip(where, series.counts)], counts=True)
        clusters.append(info)

    if found.kernel_class is not None:
        hypothesis, slowest_name = clusters[found.kernel_class].model.hypothesis, clusters[found.kernel_class].name
    else:
        series = [cluster_measurement(c, callpath, metric, v, v, v, 0, 1)
                  for c, v in zip(coordinates, found.slowest_values)]
        hypothesis = with_rank_costs(fitter.fit(series).hypothesis, coordinates, found.slowest_members)
        slowest_name = ""
    model = ClusteredModel(hypothesis, clusters, slowest_name)
    model.count_coordinates, model.counts = coordinates, list(found.matching.counts)
    model.left_out = [coordinates[j] for j in found.matching.left_out]
    model.outliers, model.outlier_ratios = found.outliers, found.outlier_ratios
    model.notes = found.notes
    model.annotations.append(_annotation(model, settings))
    if settings.plot_dir:
        try:
            plot_kernel(settings.plot_dir, callpath, metric, model, found.rank_values, found.configurations,
                        coordinates, settings.parameter_names)
        except OSError as error:  # a plot that cannot be written must not change the model
            warnings.warn(f"Clustered modeler, {callpath}/{metric}: plot not written to {settings.plot_dir}: {error}",
                          ClusteringWarning, stacklevel=2)
    return model


def _parameter_names(n: int) -> list:
    return ["p", "q", "r", "s", "t", "u", "v", "w"][:n] if n <= 8 else [f"x{i}" for i in range(n)]


def _shared(measurement, table) -> bool:
    """Whether ``table`` is the reader's table of the coordinate (shared by its kernels)."""
    return getattr(measurement, "locations", None) is table


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

