"""Results of the Clustered modelers as Extra-P objects, and their saved-experiment schemas.

:class:`ClusteredModel` is the kernel's model (the slowest cluster's hypothesis) and keeps every
:class:`ClusterInfo`; :class:`ClusterAnnotation` summarizes them in the GUI's call tree (icon and
tooltip). The schema class names (``ClusteredModelSchema``, ``ClusterInfoSchema``,
``ClusterAnnotationSchema``) key saved experiments and must not change.
"""
from __future__ import annotations

from typing import Optional

from marshmallow import ValidationError, fields

from extrap.entities.annotations import Annotation, AnnotationSchema
from extrap.entities.coordinate import CoordinateSchema
from extrap.entities.measurement import Measurement
from extrap.entities.model import Model, ModelSchema
from extrap.util.serialization_schema import NumberField, Schema

from extrap_segmented.adapters.clustering.fit_statistics import (MeasuredConstantHypothesis,  # noqa: F401
                                                                 MeasuredConstantHypothesisSchema)
from extrap_segmented.adapters.clustering.text import cluster_lines, cluster_summary, outlier_line
from extrap_segmented.clustering.ranks import RankList

TOOLTIP_CLUSTERS = 8
"""Most clusters listed in the GUI tooltip."""

# A badge with the class count in bold, as tall as the row: Extra-P scales the icon to the row
# height (16 px at 100 %), where the former 7-unit digit came out about 5 px high.
_ICON = ('<svg xmlns="http://www.w3.org/2000/svg" width="22" height="16" viewBox="0 0 22 16">'
         '<rect x="0.5" y="0.5" width="21" height="15" rx="3" fill="{color}"/>'
         '<text x="11" y="13" font-size="14" font-weight="bold" text-anchor="middle" fill="white" '
         'font-family="sans-serif">{count}</text></svg>')


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
        ranks: its member ranks at ``rank_coordinate`` (the configuration with the most ranks), a
            :class:`~extrap_segmented.clustering.ranks.RankList` (a read-only list of ints stored as runs,
            so that a contiguous class costs the same at any number of ranks).
        statistic: for data that keep only a per-rank summary (Caliper's Min/Avg/Max per rank), which
            statistic over the ranks this row models (``minimum``, ``average``, ``maximum``; member
            counts and ranks are then unknown and empty); '' for a class of ranks.
    """

    def __init__(self, name: str = "", model: Optional[Model] = None, membership_model: Optional[Model] = None,
                 coordinates=(), values=(), counts=(), positions=None, ranks=(), rank_coordinate=None,
                 statistic: str = ""):
        self.name = name
        self.model = model
        self.membership_model = membership_model
        self.coordinates = list(coordinates)
        self.values = [float(v) for v in values]
        self.counts = [int(c) for c in counts]
        self.positions = dict(positions or {})
        self.ranks = RankList(ranks)
        self.rank_coordinate = rank_coordinate
        self.statistic = statistic

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
                and self.counts == other.counts and self.positions == other.positions and self.ranks == other.ranks
                and self.statistic == other.statistic
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
        outliers: per configuration of ``count_coordinates``, the ranks set aside as outliers.
        outlier_ratios: their values divided by the slowest class's value there.
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
        self.outliers: list[list[int]] = []
        self.outlier_ratios: list[list[float]] = []
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
                and self.notes == other.notes and self.outliers == other.outliers)


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
        """The GUI tooltip: the one-line summary, then one readable line per cluster (as ``--print all``)."""
        parameters = context.get("parameters")
        if self.model is None or not parameters:
            return self.title_text
        lines = cluster_lines(self.model, parameters)
        if len(lines) > TOOLTIP_CLUSTERS:
            lines = lines[:TOOLTIP_CLUSTERS] + [f"... {len(lines) - TOOLTIP_CLUSTERS} more (extrap --print all)"]
        outliers = outlier_line(self.model)
        return "\n".join([self.title_text] + lines + ([outliers] if outliers else []))

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


class RankListField(fields.Field):
    """A :class:`RankList` saved as its runs, ``[[first, last], ...]`` (a class of 4,096 contiguous ranks is
    ``[[0, 4095]]``, not 4,096 numbers); loads that form and the plain list of ints that earlier versions saved."""

    def _serialize(self, value, attr, obj, **kwargs):
        return RankList(value if value is not None else ()).runs()

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, list):
            raise ValidationError("ranks: expected a list of ranks or of [first, last] runs")
        try:
            if all(isinstance(v, list) for v in value):
                return RankList.from_runs(value)
            return RankList(int(v) for v in value)
        except (TypeError, ValueError) as error:
            raise ValidationError(f"ranks: {error}") from error


class ClusterInfoSchema(Schema):
    name = fields.Str()
    model = fields.Nested(ModelSchema, allow_none=True)
    membership_model = fields.Nested(ModelSchema, allow_none=True)
    coordinates = fields.List(fields.Nested(CoordinateSchema))
    values = fields.List(NumberField())
    counts = fields.List(fields.Int())
    positions = fields.Dict(keys=fields.Str(), values=fields.Int())
    ranks = RankListField()
    rank_coordinate = fields.Nested(CoordinateSchema, allow_none=True)
    statistic = fields.Str(load_default="")

    def create_object(self):
        return ClusterInfo()


class ClusteredModelSchema(ModelSchema):
    clusters = fields.List(fields.Nested(ClusterInfoSchema))
    slowest = fields.Str()
    count_coordinates = fields.List(fields.Nested(CoordinateSchema))
    counts = fields.List(fields.Int())
    left_out = fields.List(fields.Nested(CoordinateSchema))
    notes = fields.List(fields.Str())
    outliers = fields.List(fields.List(fields.Int()))
    outlier_ratios = fields.List(fields.List(NumberField()))

    def create_object(self):
        return ClusteredModel()

    def postprocess_object(self, obj: ClusteredModel):
        for annotation in obj.annotations:
            if isinstance(annotation, ClusterAnnotation):
                annotation.model = obj
        return obj

