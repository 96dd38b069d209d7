"""The "Clustered" modelers: find the behavior classes among MPI ranks and model each one.

Registered as "Clustered" for single-parameter (:class:`ClusteredSingleParameterModeler`) and
multi-parameter experiments (:class:`ClusteredMultiParameterModeler`). Per configuration, every
rank is reduced to one value, the values are clustered by relative distance
(:mod:`extrap_segmented.relative_distance_clustering`) or by a rules file
(:mod:`extrap_segmented.cluster_rules`), clusters are matched across configurations
(:mod:`extrap_segmented.cluster_matching`) and each cluster's value and member count are modeled
with Extra-P's default single- or multi-parameter modeler.

Results: :class:`ClusteredModel` is the kernel's model (the slowest cluster's hypothesis) and
keeps every cluster; :class:`ClusterAnnotation` summarizes them in the GUI. A kernel that cannot
be clustered (NaN values, a single rank, no per-rank values) gets Extra-P's ordinary model, a
warning in the log and an annotation that says why; the other kernels are not affected.

``extrap --print all`` prints Extra-P's own report; :func:`install_cluster_printing` (called when
this module is imported, which the plugin registration does) inserts each clustered kernel's
summary under its model in that report.
"""
from __future__ import annotations

import copy
import logging
import re
import warnings
from pathlib import Path
from typing import Optional, Sequence

import numpy as np
from marshmallow import fields

from extrap.entities.annotations import Annotation, AnnotationSchema
from extrap.entities.coordinate import CoordinateSchema
from extrap.entities.functions import ConstantFunction
from extrap.entities.hypotheses import ConstantHypothesis
from extrap.entities.measurement import Measure, Measurement
from extrap.entities.model import Model, ModelSchema
from extrap.entities.terms import CompoundTerm
from extrap.modelers import multi_parameter, single_parameter
from extrap.modelers.abstract_modeler import AbstractModeler, MultiParameterModeler
from extrap.modelers.modeler_options import modeler_options
from extrap.util.exceptions import RecoverableError
from extrap.util.progress_bar import DUMMY_PROGRESS
from extrap.util.serialization_schema import NumberField, Schema

from extrap_segmented.cluster_matching import cluster_configuration, format_point, match_clusters, reduce_values
from extrap_segmented.cluster_migration import class_positions, describe_positions, find_migrations
from extrap_segmented.cluster_rules import load_rules
from extrap_segmented.cluster_topology import topology_positions
from extrap_segmented.exceptions import ExtrapSegmentedError, InvalidInputError
from extrap_segmented.locations import LocationTable
from extrap_segmented.relative_distance_clustering import DEFAULT_THRESHOLD

_ICON = ('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">'
         '<circle cx="4" cy="5" r="3" fill="#1f77b4"/><circle cx="11" cy="4" r="3" fill="#ff7f0e"/>'
         '<circle cx="8" cy="11" r="4" fill="{color}"/>'
         '<text x="8" y="14" font-size="7" text-anchor="middle" fill="white" font-family="sans-serif">{count}'
         '</text></svg>')


def cluster_measurement(coordinate, callpath, metric, value: float, minimum: float, maximum: float,
                        std: float, count: int) -> Measurement:
    """A synthetic measurement holding one cluster's value at one configuration."""
    measurement = Measurement(coordinate, callpath, metric, None)
    measurement.mean = measurement.median = float(value)
    measurement.minimum, measurement.maximum, measurement.std = float(minimum), float(maximum), float(std)
    measurement.repetitions = int(count)
    return measurement


class ClusterInfo:
    """One behavior class of a kernel.

    Attributes:
        name: ``C1..Ck`` (relative distance, ascending) or the rule's name.
        model: model of the cluster's value, or None when too few configurations have the cluster.
        membership_model: model of the member count, or None.
        coordinates, values, counts: the cluster's value and member count per configuration.
        positions: topology positions of its members, summed over configurations.
    """

    def __init__(self, name: str = "", model: Optional[Model] = None, membership_model: Optional[Model] = None,
                 coordinates=(), values=(), counts=(), positions=None):
        self.name = name
        self.model = model
        self.membership_model = membership_model
        self.coordinates = list(coordinates)
        self.values = [float(v) for v in values]
        self.counts = [int(c) for c in counts]
        self.positions = dict(positions or {})

    def set_kernel(self, callpath, metric) -> None:
        """Gives the sub-models the kernel's call path and metric (and rebuilds their measurements)."""
        for sub, series in ((self.model, self.values), (self.membership_model, self.counts)):
            if sub is None:
                continue
            sub.callpath, sub.metric = callpath, metric
            if sub.measurements is None:
                sub.measurements = [cluster_measurement(c, callpath, metric, v, v, v, 0, 1)
                                    for c, v in zip(self.coordinates, series)]

    def __eq__(self, other):
        if not isinstance(other, ClusterInfo):
            return NotImplemented
        return (self.name == other.name and self.coordinates == other.coordinates and self.values == other.values
                and self.counts == other.counts and self.positions == other.positions
                and _same_hypothesis(self.model, other.model)
                and _same_hypothesis(self.membership_model, other.membership_model))


def _same_hypothesis(a: Optional[Model], b: Optional[Model]) -> bool:
    if a is None or b is None:
        return a is b
    return a.hypothesis == b.hypothesis


class ClusteredModel(Model):
    """Kernel model of the clustered modeler: the slowest cluster's hypothesis plus all clusters.

    Attributes:
        clusters: the matched behavior classes (:class:`ClusterInfo`), rule clusters first.
        slowest: name of the cluster whose model is the kernel's model ('' if none).
        count_coordinates, counts: number of relative-distance clusters per configuration.
        left_out: configurations whose clusters could not be matched.
        notes: messages for the user (differing counts, migrations, problems).
    """

    def __init__(self, hypothesis=None, clusters=None, slowest: str = "", callpath=None, metric=None):
        self._callpath = None
        self._metric = None
        self.clusters: list[ClusterInfo] = list(clusters or [])
        self.slowest = slowest
        self.count_coordinates: list = []
        self.counts: list[int] = []
        self.left_out: list = []
        self.notes: list[str] = []
        super().__init__(hypothesis, callpath, metric)

    @property
    def callpath(self):
        return self._callpath

    @callpath.setter
    def callpath(self, value):
        self._callpath = value
        self._propagate()

    @property
    def metric(self):
        return self._metric

    @metric.setter
    def metric(self, value):
        self._metric = value
        self._propagate()

    def _propagate(self):
        if self._callpath is not None and self._metric is not None:
            for cluster in self.clusters:
                cluster.set_kernel(self._callpath, self._metric)

    def cluster(self, name: str) -> ClusterInfo:
        """The cluster called ``name``."""
        for cluster in self.clusters:
            if cluster.name == name:
                return cluster
        raise KeyError(f"no cluster {name!r}; clusters: {', '.join(c.name for c in self.clusters)}")

    def __eq__(self, other):
        result = super().__eq__(other)
        if result is not True or not isinstance(other, ClusteredModel):
            return result
        return (self.clusters == other.clusters and self.slowest == other.slowest and self.counts == other.counts
                and self.notes == other.notes)


class ClusterAnnotation(Annotation):
    """Summary of a kernel's clusters, shown in the GUI's call tree and printed by ``--print all``."""

    NAME = "Clusters"

    def __init__(self, n_clusters: int = 0, title_text: str = "", summary: str = "", problem: bool = False):
        self.n_clusters = n_clusters
        self.title_text = title_text
        self.summary = summary
        self.problem = problem
        # The model whose clusters this annotation describes (not saved; relinked on load), so that
        # the content uses the experiment's parameter names.
        self.model: Optional[ClusteredModel] = None

    def title(self, **context):
        return self.title_text

    def icon(self, **context):
        count = self.n_clusters if self.n_clusters < 100 else "*"
        return _ICON.format(count="!" if self.problem else count, color="#d62728" if self.problem else "#2ca02c")

    def content(self, **context):
        parameters = context.get("parameters")
        if self.model is not None and parameters:
            return cluster_summary(self.model, parameters)
        return self.summary

    def __eq__(self, other):
        if not isinstance(other, ClusterAnnotation):
            return NotImplemented
        return (self.n_clusters, self.title_text, self.summary, self.problem) == (
            other.n_clusters, other.title_text, other.summary, other.problem)


class ClusterAnnotationSchema(AnnotationSchema):
    n_clusters = fields.Int()
    title_text = fields.Str()
    summary = fields.Str()
    problem = fields.Bool()

    def create_object(self):
        return ClusterAnnotation()


class ClusterInfoSchema(Schema):
    name = fields.Str()
    model = fields.Nested(ModelSchema, allow_none=True)
    membership_model = fields.Nested(ModelSchema, allow_none=True)
    coordinates = fields.List(fields.Nested(CoordinateSchema))
    values = fields.List(NumberField())
    counts = fields.List(fields.Int())
    positions = fields.Dict(keys=fields.Str(), values=fields.Int())

    def create_object(self):
        return ClusterInfo()


class ClusteredModelSchema(ModelSchema):
    clusters = fields.List(fields.Nested(ClusterInfoSchema))
    slowest = fields.Str()
    count_coordinates = fields.List(fields.Nested(CoordinateSchema))
    counts = fields.List(fields.Int())
    left_out = fields.List(fields.Nested(CoordinateSchema))
    notes = fields.List(fields.Str())

    def create_object(self):
        return ClusteredModel()

    def postprocess_object(self, obj: ClusteredModel):
        for annotation in obj.annotations:
            if isinstance(annotation, ClusterAnnotation):
                annotation.model = obj
        return obj


# ---------------------------------------------------------------------------------------------
# The modelers
# ---------------------------------------------------------------------------------------------

NO_RANK_VALUES_MESSAGE = (
    "The Clustered modeler needs one value per MPI rank, but the loaded measurements keep only "
    "aggregated values. Load the profiles with the per-rank Cube reader, e.g. "
    "`extrap --cube-ranks DIR --modeler clustered`, or with an Extra-P reader and --keep-values, e.g. "
    "`extrap --cube DIR --keep-values --modeler clustered` (text and JSON files keep repetitions only, "
    "not ranks).")

_MEASURES = ["median", "mean", "minimum", "maximum"]


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


class _Fitter:
    """Fits cluster series with Extra-P's modeler; identical series are fitted once per call."""

    def __init__(self, modeler: AbstractModeler):
        self.modeler = modeler
        self.counts_modeler = membership_modeler(modeler)
        self._cache: dict = {}

    def fit(self, measurements: Sequence[Measurement], counts: bool = False) -> Model:
        key = (counts,) + tuple((tuple(m.coordinate), m.mean) for m in measurements)
        hypothesis = self._cache.get(key)
        if hypothesis is None:
            modeler = self.counts_modeler if counts else self.modeler
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", UserWarning)
                hypothesis = modeler.model([list(measurements)])[0].hypothesis
            self._cache[key] = hypothesis
        model = Model(hypothesis)
        model.measurements = list(measurements)
        return model


def _enough_points(points: np.ndarray, min_points: int) -> bool:
    return len(points) > 0 and min(len(np.unique(points[:, d])) for d in range(points.shape[1])) >= min_points


class _ClusteringMixin:
    """Options and algorithm shared by the single- and multi-parameter Clustered modelers."""

    threshold = modeler_options.add(DEFAULT_THRESHOLD, float,
                                    "Relative distance between sorted neighbouring rank values above which a new "
                                    "cluster starts (0.1 means 10 percent)", name="Threshold")
    rank_value = modeler_options.add("median", str, "How the repetitions of one rank are reduced to one value",
                                     name="Rank value", range=_MEASURES)
    cluster_value = modeler_options.add("median", str, "How the ranks of one cluster are reduced to the value "
                                                       "that is modeled", name="Cluster value", range=_MEASURES)
    rules_file = modeler_options.add("", str, "TOML file assigning ranks to named clusters by rank list or "
                                              "Cartesian position; rules take precedence over distances",
                                     name="Rules file")
    extra_metrics = modeler_options.add("", str, "Comma-separated metrics clustered together with the modeled one "
                                                 "(e.g. PAPI_TOT_INS); each is normalized", name="Extra metrics")
    min_points = modeler_options.add(5, int, "Values per parameter needed to model configurations that share a "
                                             "cluster count", name="Min. points")
    plot_dir = modeler_options.add("", str, "Directory for PNG plots of every kernel's clusters and models "
                                            "(empty: no plots)", name="Plot directory")
    # No options group: Extra-P's CLI parser accepts options shared by a single- and a multi-parameter
    # modeler of the same NAME only when they are ungrouped.

    def _inner_modeler(self) -> AbstractModeler:
        raise NotImplementedError

    def model(self, measurements: Sequence[Sequence[Measurement]], progress_bar=DUMMY_PROGRESS) -> list[Model]:
        """Cluster and model every kernel; a kernel that fails gets its ordinary model and a note."""
        measurements = [list(ms) for ms in measurements]
        if not any(rank_matrix(m) is not None for ms in measurements for m in ms):
            raise RecoverableError(NO_RANK_VALUES_MESSAGE)
        try:
            rules = load_rules(self.rules_file) if self.rules_file else None
            extra = [name.strip() for name in self.extra_metrics.split(",") if name.strip()]
            threshold = rules.threshold if rules is not None and rules.threshold is not None else self.threshold
            settings = _Settings(float(threshold), self.rank_value, self.cluster_value, int(self.min_points),
                                 rules, extra, self.plot_dir)
            settings.validate()
        except ExtrapSegmentedError as error:
            raise RecoverableError(f"Clustered modeler: {error}") from error
        siblings = {(ms[0].callpath, ms[0].metric.name): ms for ms in measurements if ms}
        fitter = _Fitter(self._inner_modeler())
        progress_bar.total += len(measurements)
        return [self._model_kernel(ms, siblings, settings, fitter) for ms in progress_bar(measurements)]

    def _model_kernel(self, measurements, siblings, settings, fitter) -> Model:
        kernel = f"{measurements[0].callpath}/{measurements[0].metric}" if measurements else "<empty>"
        try:
            return _cluster_kernel(measurements, siblings, settings, fitter)
        except (ExtrapSegmentedError, ValueError) as error:
            message = f"not clustered: {error}"
        except Exception as error:  # one kernel must never abort the others
            message = f"not clustered ({type(error).__name__}): {error}"
        logging.warning("Clustered modeler, %s: %s; using the ordinary model", kernel, message)
        model = _fallback_model(measurements, fitter)
        model.annotations.append(ClusterAnnotation(0, f"Clusters: {message}", message, problem=True))
        return model


def _fallback_model(measurements, fitter: _Fitter) -> Model:
    try:
        model = fitter.modeler.model([measurements])[0]
    except Exception:  # even the ordinary fit failed (e.g. NaN): a constant keeps the experiment usable
        finite = [m.median for m in measurements if np.isfinite(m.median)]
        model = Model(ConstantHypothesis(ConstantFunction(float(np.median(finite)) if finite else 0.0),
                                         False))
    return model


class _Settings:
    def __init__(self, threshold, rank_value, cluster_value, min_points, rules, extra_metrics, plot_dir):
        self.threshold, self.rank_value, self.cluster_value = threshold, rank_value, cluster_value
        self.min_points, self.rules, self.extra_metrics, self.plot_dir = min_points, rules, extra_metrics, plot_dir

    def validate(self):
        if not (np.isfinite(self.threshold) and self.threshold > 0):
            raise InvalidInputError(f"threshold must be > 0 (0.1 means 10 %), got {self.threshold}")
        for option, value in (("rank value", self.rank_value), ("cluster value", self.cluster_value)):
            if value not in _MEASURES:
                raise InvalidInputError(f"{option} must be one of {', '.join(_MEASURES)}, got {value!r}")
        if self.min_points < 1:
            raise InvalidInputError(f"min points must be >= 1, got {self.min_points}")


def _kernel_arrays(measurements, siblings, settings):
    """Per configuration: primary value per location, features (locations x metrics), location table."""
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
        values = reduce_values(matrix, settings.rank_value, axis=0)
        columns = [values]
        for lookup in extra_lists:
            other = lookup.get(m.coordinate)
            other_matrix = None if other is None else rank_matrix(other)
            if other_matrix is None or other_matrix.shape[1] != matrix.shape[1]:
                raise InvalidInputError(f"extra metric {other.metric if other else '?'} has no per-rank values "
                                        f"matching the {matrix.shape[1]} locations at {m.coordinate}")
            columns.append(reduce_values(other_matrix, settings.rank_value, axis=0))
        primary.append(values)
        features.append(np.column_stack(columns))
        tables.append(_locations_of(m, matrix.shape[1]))
    return primary, features, tables


def _cluster_kernel(measurements, siblings, settings: _Settings, fitter: _Fitter) -> ClusteredModel:
    if not measurements:
        raise InvalidInputError("the kernel has no measurements")
    callpath, metric = measurements[0].callpath, measurements[0].metric
    primary, features, tables = _kernel_arrays(measurements, siblings, settings)
    notes = []
    if max(len(v) for v in primary) < 2:
        raise InvalidInputError("every configuration has a single rank; clustering needs at least two ranks")
    points = np.array([tuple(m.coordinate) for m in measurements], dtype=float)
    names: list = []  # the modeler does not know the parameter names; messages show values
    for m, table in zip(measurements, tables):
        missing = _missing_ranks(table)
        if missing:
            notes.append(f"{format_point(tuple(m.coordinate), names)}: {missing}; member counts there are short")
    rules = settings.rules
    configurations = []
    for feature, table in zip(features, tables):
        rule_labels = None
        if rules is not None:
            rule_labels = rules.assign(table.rank, table.coords, table.topology_dims)
        configurations.append(cluster_configuration(feature, settings.threshold, rule_labels,
                                                    [r.name for r in rules.rules] if rules else ()))
    matched = match_clusters(configurations, primary, points, names, settings.cluster_value, settings.min_points)
    notes = matched.messages + notes
    coordinates = [m.coordinate for m in measurements]

    clusters = []
    for c, name in enumerate(matched.names):
        present = matched.present(c)
        idx = np.flatnonzero(present)
        series = [cluster_measurement(coordinates[j], callpath, metric, matched.values[c, j],
                                      primary[j][matched.members[c][j]].min(), primary[j][matched.members[c][j]].max(),
                                      primary[j][matched.members[c][j]].std(), matched.sizes[c, j]) for j in idx]
        info = ClusterInfo(name, coordinates=[coordinates[j] for j in idx], values=matched.values[c, idx],
                           counts=matched.sizes[c, idx])
        if _enough_points(points[idx], settings.min_points):
            info.model = fitter.fit(series)
            info.membership_model = fitter.fit([cluster_measurement(coordinates[j], callpath, metric, n, n, n, 0, 1)
                                                for j, n in zip(idx, matched.sizes[c, idx])], counts=True)
        else:
            notes.append(f"{name}: present at {len(idx)} configuration(s), too few for a model "
                         f"(needs {settings.min_points} values per parameter)")
        clusters.append(info)

    classes = _classes_per_location(matched, tables)
    _add_positions(clusters, tables, classes)
    for migration in find_migrations([t.rank for t in tables], classes):
        notes.append(f"ranks changed class {format_point(points[migration.source], names)} -> "
                     f"{format_point(points[migration.target], names)}: "
                     f"{migration.describe()}")

    modeled_clusters = [i for i, info in enumerate(clusters) if info.model is not None]
    if modeled_clusters:
        slowest = matched.slowest() if clusters[matched.slowest()].model is not None else modeled_clusters[-1]
        hypothesis, slowest_name = clusters[slowest].model.hypothesis, clusters[slowest].name
    else:
        series = [cluster_measurement(c, callpath, metric, v, v, v, 0, 1)
                  for c, v in zip(coordinates, matched.slowest_values)]
        hypothesis, slowest_name = fitter.fit(series).hypothesis, ""
        notes.append("kernel model: the slowest cluster of each configuration (clusters are not matched)")
    model = ClusteredModel(hypothesis, clusters, slowest_name)
    model.count_coordinates, model.counts = coordinates, list(matched.counts)
    model.left_out = [coordinates[j] for j in matched.left_out]
    model.notes = notes
    model.annotations.append(_annotation(model, settings))
    if settings.plot_dir:
        _plot_kernel(settings.plot_dir, callpath, metric, model, primary, configurations, coordinates)
    return model


def _parameter_names(n: int) -> list:
    return ["p", "q", "r", "s", "t", "u", "v", "w"][:n] if n <= 8 else [f"x{i}" for i in range(n)]


def _classes_per_location(matched, tables) -> list:
    result = []
    for j, table in enumerate(tables):
        names = np.full(len(table), "", dtype=object)
        for c, name in enumerate(matched.names):
            names[matched.members[c][j]] = name
        result.append(names.astype(str) if (names != "").all() else None)
    return result


def _add_positions(clusters, tables, classes) -> None:
    positions = [topology_positions(t.coords, t.topology_dims) if t.coords is not None and t.topology_dims
                 else None for t in tables]
    per_class = class_positions(positions, classes)
    for info in clusters:
        info.positions = per_class.get(info.name, {})


def _function_text(model: Optional[Model], parameters) -> str:
    if model is None:
        return "none (too few configurations)"
    return model.hypothesis.function.to_string(*parameters)


def cluster_summary(model: ClusteredModel, parameters) -> str:
    """Multi-line text describing every cluster of ``model`` (used by the annotation and the CLI)."""
    lines = []
    if model.clusters:
        lines.append(f"{len(model.clusters)} cluster(s); kernel model = slowest cluster "
                     f"{model.slowest or '(per configuration)'}")
    for info in model.clusters:
        counts = f"{min(info.counts)}" if min(info.counts) == max(info.counts) else \
            f"{min(info.counts)}..{max(info.counts)}"
        line = (f"{info.name}: {counts} ranks at {len(info.counts)} configurations; "
                f"model: {_function_text(info.model, parameters)}; "
                f"members: {_function_text(info.membership_model, parameters)}")
        if info.positions:
            line += f"; topology: {describe_positions(info.positions)}"
        lines.append(line)
    lines.extend(model.notes)
    return "\n".join(lines)


def _annotation(model: ClusteredModel, settings: _Settings) -> ClusterAnnotation:
    n = len(model.clusters)
    distinct = sorted(set(model.counts))
    counts = str(distinct[0]) if len(distinct) == 1 else f"{distinct[0]}..{distinct[-1]} (differ)"
    title = f"Clusters: {counts} by relative distance (threshold {100 * settings.threshold:g} %)"
    if model.slowest:
        title += f"; slowest: {model.slowest}"
    parameters = _parameter_names(len(model.count_coordinates[0]) if model.count_coordinates else 1)
    annotation = ClusterAnnotation(n, title, cluster_summary(model, parameters), problem=False)
    annotation.model = model
    return annotation


@modeler_options
class ClusteredSingleParameterModeler(_ClusteringMixin, AbstractModeler):
    """Clusters the ranks of every configuration and models each cluster (one parameter)."""

    NAME = "Clustered"
    DESCRIPTION = ("Finds behavior classes among MPI ranks (relative-distance clustering or rules) and models "
                   "each class and its size; needs per-rank values (--cube-ranks or --keep-values).")

    def __init__(self):
        super().__init__(use_measure=Measure.MEAN)

    def _inner_modeler(self) -> AbstractModeler:
        modeler = single_parameter.Default()
        modeler.use_measure = self.use_measure
        return modeler


@modeler_options
class ClusteredMultiParameterModeler(_ClusteringMixin, MultiParameterModeler):
    """Clusters the ranks of every configuration and models each cluster (several parameters)."""

    NAME = "Clustered"
    DESCRIPTION = ClusteredSingleParameterModeler.DESCRIPTION

    def __init__(self):
        super().__init__(use_measure=Measure.MEAN, single_parameter_modeler=single_parameter.Default())

    def _inner_modeler(self) -> AbstractModeler:
        modeler = multi_parameter.Default()
        modeler.single_parameter_modeler = copy.copy(self.single_parameter_modeler)
        modeler.use_measure = self.use_measure
        return modeler


# ---------------------------------------------------------------------------------------------
# Plots
# ---------------------------------------------------------------------------------------------

def _file_stem(callpath, metric) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{callpath}-{metric}").strip("_")[:120]


def _plot_kernel(plot_dir, callpath, metric, model: ClusteredModel, primary, configurations, coordinates) -> None:
    from extrap_segmented.cluster_plot import plot_cluster_models, plot_configuration_strips

    directory = Path(plot_dir)
    directory.mkdir(parents=True, exist_ok=True)
    stem = _file_stem(callpath, metric)
    plot_configuration_strips(directory / f"{stem}-ranks.png", primary, [c.labels for c in configurations],
                              [c.names for c in configurations], [str(tuple(c)) for c in coordinates],
                              f"{callpath} ({metric}): per-rank values by cluster", str(metric))
    plot_cluster_models(directory / f"{stem}-clusters.png", cluster_plot_data(model), "first parameter",
                        str(metric), f"{callpath} ({metric}): clusters and models")


def cluster_plot_data(model: ClusteredModel, parameter: int = 0) -> list[dict]:
    """Per cluster: measured values/counts along ``parameter`` and the models evaluated there.

    The other parameters are fixed at their largest value where the cluster was measured.
    """
    result = []
    for info in model.clusters:
        if not info.coordinates:
            continue
        points = np.array([tuple(c) for c in info.coordinates], dtype=float)
        fixed = points.max(axis=0)
        line = np.all(np.delete(points == fixed, parameter, axis=1), axis=1)
        x = points[line, parameter]
        curve_x = np.geomspace(x.min(), x.max(), 50) if x.min() > 0 else np.linspace(x.min(), x.max(), 50)
        grid = np.tile(fixed, (len(curve_x), 1))
        grid[:, parameter] = curve_x
        entry = {"name": info.name, "x": x, "values": np.asarray(info.values)[line],
                 "counts": np.asarray(info.counts)[line], "curve_x": curve_x}
        with np.errstate(all="ignore"):
            for key, sub in (("curve", info.model), ("count_curve", info.membership_model)):
                if sub is not None:
                    entry[key] = np.broadcast_to(sub.hypothesis.function.evaluate(
                        grid.T if grid.shape[1] > 1 else grid[:, 0]), curve_x.shape)
        result.append(entry)
    return result


# ---------------------------------------------------------------------------------------------
# `extrap --print all`
# ---------------------------------------------------------------------------------------------

def _kernel_summary(model, parameters) -> str:
    for annotation in getattr(model, "annotations", ()):
        if isinstance(annotation, ClusterAnnotation):
            return annotation.content(parameters=parameters)
    return ""


def insert_cluster_summaries(text: str, experiment) -> str:
    """Inserts every clustered kernel's summary below its block in Extra-P's ``--print all`` text.

    Extra-P prints one block per (call path, metric), each starting with a ``\tMetric:`` line, in
    the order call paths x metrics. If the text does not have that shape, the summaries are
    appended at the end instead, so nothing is lost.
    """
    if not experiment.modelers:
        return text
    models = experiment.modelers[0].models
    pairs = [(cp, mt) for cp in experiment.callpaths for mt in experiment.metrics]
    summaries = [_kernel_summary(models.get(pair), experiment.parameters) for pair in pairs]
    if not any(summaries):
        return text
    lines = text.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith("\tMetric: ")]
    if len(starts) != len(pairs):
        extra = [f"Clusters of {cp} / {mt}:\n" + _indent(s) for (cp, mt), s in zip(pairs, summaries) if s]
        return text + "".join(extra)
    ends = [next((k for k in range(start + 1, len(lines)) if not lines[k].startswith("\t\t")), len(lines))
            for start in starts]
    for end, summary in sorted(zip(ends, summaries), key=lambda item: -item[0]):
        if summary:
            lines.insert(end, "\t\tClusters:\n" + _indent(summary))
    return "".join(lines)


def _indent(summary: str) -> str:
    return "".join(f"\t\t\t{line}\n" for line in summary.splitlines())


def install_cluster_printing() -> None:
    """Makes ``extrap --print all`` (and all-python, all-latex) include the cluster summaries.

    Extra-P's text report has no extension point, so its ``format_all`` is wrapped once
    (idempotent); reports of experiments without clustered models are unchanged.
    """
    import extrap.fileio.io_helper as io_helper

    original = io_helper.format_all
    if getattr(original, "_extrap_segmented_clusters", False):
        return

    def format_all(experiment, format=None):
        return insert_cluster_summaries(original(experiment, format), experiment)

    format_all._extrap_segmented_clusters = True
    format_all.__wrapped__ = original
    io_helper.format_all = format_all


install_cluster_printing()
