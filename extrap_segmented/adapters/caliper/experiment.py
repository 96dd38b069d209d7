"""Caliper profiles (as :class:`~extrap_segmented.caliper.series.CaliperSeries` arrays) as an Extra-P experiment.

Every metric of the profiles becomes an Extra-P metric and every region path a call path. What a
measurement holds depends on what Caliper recorded:

* **aggregated profiles** (one value per region and run, e.g. Caliper's ``spot``/region profiles):
  the repetitions' values; mean, median, minimum, maximum and std over the repetitions, as Extra-P's
  own readers compute them;
* **per-rank profiles** (records with ``mpi.rank``, or one file per rank): ``values`` (repetitions ×
  ranks) and ``locations`` (a :class:`~extrap_segmented.locations.LocationTable`), as the per-rank
  Cube reader keeps them, aggregates over all values (Extra-P's weak scaling);
* **rank summaries** (``Min``/``Avg``/``Max time/rank``): the measurements of the average's metric
  (``Avg time/rank``, the per-rank value the other modelers see) keep ``rank_summary``, a float64
  array (repetitions × 3: minimum, average and maximum over the ranks), which the Clustered modeler
  uses when no per-rank values exist; ``Min``/``Max`` stay ordinary metrics, and so does the derived
  ``Imbalance … (max/avg)``.

Kernels (call path, metric) measured at only some points are left out with one warning, as
Extra-P's ``--cube`` does (an Extra-P experiment has every kernel at every point).

:class:`CaliperExperiment` saves the rank summaries with ``--save-experiment`` (and the location
tables, as :class:`RankExperiment` does) and re-attaches them when the file is opened again.
Stock Extra-P opens the file as a plain experiment (see docs/robustness.md, "Saved files").
"""
from __future__ import annotations

import warnings
from typing import Optional

import numpy as np
from marshmallow import fields

from extrap.entities.callpath import Callpath
from extrap.entities.coordinate import Coordinate
from extrap.entities.measurement import Measurement
from extrap.entities.metric import Metric
from extrap.entities.parameter import Parameter
from extrap.fileio import io_helper
from extrap.util.progress_bar import DUMMY_PROGRESS

from extrap_segmented.adapters.cube.calltree import build_call_tree
from extrap_segmented.adapters.cube.experiment import RankExperiment, RankExperimentSchema
from extrap_segmented.caliper.series import CaliperSeries
from extrap_segmented.exceptions import CaliperDataWarning
from extrap_segmented.locations import LocationTable

__all__ = ["CaliperExperiment", "CaliperExperimentSchema", "build_experiment"]


class CaliperExperiment(RankExperiment):
    """Experiment read from Caliper profiles.

    Attributes:
        rank_summaries: ``(callpath, metric, coordinate) -> (repetitions, 3)`` minimum, average and
            maximum over ranks, for the average metric of each rank summary; also on the
            measurements as ``measurement.rank_summary``.
        sources: what was read: the parameter globals and the files of every point (saved too).
    """

    def __init__(self):
        super().__init__()
        self.rank_summaries: dict[tuple[Callpath, Metric, Coordinate], np.ndarray] = {}
        self.sources: dict = {}

    def attach_locations(self) -> None:
        """Sets ``locations`` and ``rank_summary`` of every measurement from the experiment's tables."""
        super().attach_locations()
        for (callpath, metric), measurements in self.measurements.items():
            for m in measurements:
                summary = self.rank_summaries.get((callpath, metric, m.coordinate))
                if summary is not None:
                    m.rank_summary = summary


class _RankSummaryList(fields.Field):
    """``{(callpath, metric, coordinate): array}`` as ``[[callpath, metric, [coordinate], rows], ...]``."""

    def _serialize(self, value, attr, obj, **kwargs):
        return [[c.name, m.name, list(p.as_tuple()), np.asarray(s, dtype=float).tolist()]
                for (c, m, p), s in (value or {}).items()]

    def _deserialize(self, value, attr, data, **kwargs):
        return {(Callpath(c), Metric(m), Coordinate(*p)): np.asarray(rows, dtype=float).reshape(-1, 3)
                for c, m, p, rows in value}


class CaliperExperimentSchema(RankExperimentSchema):
    """Schema of :class:`CaliperExperiment`: the per-rank experiment plus rank summaries and sources."""

    rank_summaries = _RankSummaryList(required=False, load_default=dict)
    sources = fields.Dict(required=False, load_default=dict)

    def create_object(self) -> CaliperExperiment:
        """The empty experiment marshmallow fills (also keys this schema as ``CaliperExperiment``)."""
        return CaliperExperiment()


def build_experiment(series: CaliperSeries, progress_bar=DUMMY_PROGRESS,
                     experiment: Optional[CaliperExperiment] = None, *, warn_partial: bool = True
                     ) -> CaliperExperiment:
    """The Extra-P experiment of ``series`` (validated with Extra-P's own checks); ``warn_partial``:
    one warning naming the kernels left out because they are measured at only some points."""
    experiment = experiment if experiment is not None else CaliperExperiment()
    for name in series.parameters:
        experiment.add_parameter(Parameter(name))
    coordinates = [Coordinate(*point) for point in series.points]
    for coordinate in coordinates:
        experiment.add_coordinate(coordinate)
    tables = [None if ranks is None else _location_table(ranks) for ranks in series.ranks]
    for coordinate, table in zip(coordinates, tables):
        if table is not None:
            experiment.location_tables[coordinate] = table
    callpaths = [Callpath(c) for c in series.callpaths]
    partial: list[str] = []
    summaries = {s.average: s for s in series.summaries}
    for name, arrays in series.values.items():
        metric = Metric(name)
        summary = summaries.get(name)
        summary_arrays = [series.summary_array(summary, i) for i in range(len(coordinates))] if summary else None
        present = np.stack([~np.all(np.isnan(a), axis=(1, 2)) for a in arrays], axis=1)  # (call paths, points)
        for c in np.flatnonzero(present.any(axis=1)):
            if not present[c].all():
                partial.append(f"{series.callpaths[c]} [{name}]")
                continue
            callpath = callpaths[c]
            experiment.add_callpath(callpath)
            for i, coordinate in enumerate(coordinates):
                block = arrays[i][c]                          # (repetitions, locations)
                kept = ~np.all(np.isnan(block), axis=1)       # repetitions that measured the call path
                m = _measurement(coordinate, callpath, metric, block[kept], tables[i])
                if summary_arrays is not None:
                    m.rank_summary = np.ascontiguousarray(summary_arrays[i][c][kept])
                    experiment.rank_summaries[(callpath, metric, coordinate)] = m.rank_summary
                experiment.add_measurement(m)
            progress_bar.update(0)
        if any(key[1] == metric for key in experiment.measurements):
            experiment.add_metric(metric)
    if partial and warn_partial:
        shown = ", ".join(partial[:5]) + (f" and {len(partial) - 5} more" if len(partial) > 5 else "")
        warnings.warn(f"{len(partial)} kernels (call path [metric]) are measured at only some points and are left "
                      f"out (an Extra-P experiment has every kernel at every point): {shown}",
                      CaliperDataWarning, stacklevel=2)
    experiment.sources = {"parameters": list(series.parameters),
                          "files": [[str(f) for f in files] for files in series.files]}
    experiment.call_tree = build_call_tree(experiment.callpaths)
    io_helper.validate_experiment(experiment, progress_bar)
    return experiment


def _location_table(ranks: np.ndarray) -> LocationTable:
    n = len(ranks)
    return LocationTable(rank=np.asarray(ranks, dtype=np.int64), thread=np.zeros(n, dtype=np.int64),
                         node=np.full(n, "", dtype=str))


def _measurement(coordinate, callpath, metric, block: np.ndarray, table: Optional[LocationTable]) -> Measurement:
    """One measurement of ``block`` (repetitions, locations): per-rank values kept when ``table`` is set."""
    if table is None:
        return Measurement(coordinate, callpath, metric, block[:, 0].tolist())
    m = Measurement(coordinate, callpath, metric, None)
    flat = block.ravel()
    m.mean, m.median = float(np.mean(flat)), float(np.median(flat))
    m.minimum, m.maximum, m.std = float(np.min(flat)), float(np.max(flat)), float(np.std(flat))
    m.repetitions = int(block.shape[0])
    m.values = np.ascontiguousarray(block)
    m.locations = table
    return m
