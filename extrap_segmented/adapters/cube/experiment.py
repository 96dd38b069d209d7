"""An Extra-P experiment that knows the identity of every location (rank, thread, node, coordinates).

``RankExperiment.location_tables`` maps each :class:`~extrap.entities.coordinate.Coordinate` to
its :class:`~extrap_segmented.locations.LocationTable`; every measurement of that coordinate has
the table as ``measurement.locations``. ``RankExperimentSchema`` (polymorphic through Extra-P's
``BaseSchema``, keyed by the class name ``RankExperiment``) saves the tables with the experiment
and re-attaches them to the measurements after loading, so ``--save-experiment`` keeps them.
"""
from __future__ import annotations

from marshmallow import fields

from extrap.entities.coordinate import Coordinate
from extrap.entities.experiment import Experiment, ExperimentSchema

from extrap_segmented.adapters.cube.calltree import build_call_tree
from extrap_segmented.adapters.plugin import extrap_internals
from extrap_segmented.locations import LocationTable


class RankExperiment(Experiment):
    """Experiment whose measurements keep per-location values and identities.

    Attributes:
        location_tables: coordinate -> LocationTable of the profiles measured there.
    """

    def __init__(self):
        super().__init__()
        self.location_tables: dict[Coordinate, LocationTable] = {}

    def attach_locations(self) -> None:
        """Sets ``measurement.locations`` of every measurement from :attr:`location_tables`."""
        for measurements in self.measurements.values():
            for m in measurements:
                m.locations = self.location_tables.get(m.coordinate)


class _LocationTableList(fields.Field):
    """``{coordinate: table}`` saved as a list of ``[coordinate values, table dict]`` pairs."""

    def _serialize(self, value, attr, obj, **kwargs):
        if not value:
            return []
        return [[list(c.as_tuple()), t.to_dict()] for c, t in value.items()]

    def _deserialize(self, value, attr, data, **kwargs):
        return {Coordinate(*c): LocationTable.from_dict(t) for c, t in value}


class RankExperimentSchema(ExperimentSchema):
    """Schema of :class:`RankExperiment`: Extra-P's experiment plus the location tables."""

    location_tables = _LocationTableList(required=False, load_default=dict)

    def create_object(self) -> RankExperiment:
        """The empty experiment marshmallow fills (also keys this schema as ``RankExperiment``)."""
        return RankExperiment()

    def postprocess_object(self, obj: RankExperiment) -> RankExperiment:
        """Extra-P's post-processing, then the location tables re-attached to the measurements."""
        # Extra-P's post-processing builds the call tree with io_helper.create_call_tree, cubic in
        # the depth and recursive (a saved 3,000-level experiment did not reopen within 5 minutes);
        # build_call_tree gives an equal tree (property-tested) in linear time.
        with extrap_internals.call_tree_builder(build_call_tree):
            obj = super().postprocess_object(obj)
        obj.attach_locations()
        return obj
