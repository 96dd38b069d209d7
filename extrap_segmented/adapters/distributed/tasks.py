"""What Dask workers run: read one point's Cube files and reduce them, cut values by kernel chunk, model a chunk.

The per-rank values of a point live only in the worker that read it (:class:`PointBlock`); what the
client gathers is :meth:`PointBlock.summary` (Extra-P measurements with their aggregates, no per-rank
values) and the models. The modeling workers get only the slices of the kernels they model, already
reduced to what the modeler reads (:func:`kernel_reduction`). For ``--save-experiment`` the block also
keeps the values as read, which the client fetches a bounded batch at a time while it writes the file
(:func:`saved_values`, :mod:`.save`).

Every function here is a pure function of its arguments (no process-wide state): Dask may run it on
any worker, twice, or in a worker that also runs other tasks.
"""
from __future__ import annotations

import functools
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional, Sequence

import numpy as np

from extrap.entities.callpath import Callpath
from extrap.entities.coordinate import Coordinate
from extrap.entities.measurement import Measurement
from extrap.entities.metric import Metric
from extrap.entities.scaling_type import ScalingType

from extrap_segmented.adapters.cube.reader import _LOCATION_REDUCTIONS, CubeRankReader
from extrap_segmented.cube.directory import read_cube_points
from extrap_segmented.exceptions import CubeDataWarning, CubeFormatError
from extrap_segmented.reducers import reducer

# Reductions of a kernel's (repetitions, locations) values to what a modeler reads; see kernel_reduction.
_EXACT_ON_ONE_ROW = ("mean", "median", "minimum", "maximum", "min", "max")


def _per_repetition_mean(values: np.ndarray) -> np.ndarray:
    # exactly the Segmented modeler's per-repetition mean over locations (its noise estimate); the mean
    # of the one column it leaves is the same number, so the modeler computes the same noise
    reps = values.shape[0]
    means = np.ma.filled(np.ma.mean(np.ma.asarray(values, dtype=float).reshape(reps, -1), axis=1), np.nan)
    return np.asarray(means, dtype=float).reshape(reps, 1)


def _rank_value(name: str, values: np.ndarray) -> np.ndarray:
    # (1, locations): the Clustered modeler reduces the repetitions of each rank with the same
    # function, which on one row returns the row itself (bit for bit)
    rows = np.asarray(np.ma.getdata(values), dtype=float)
    if rows.shape[0] == 1:
        return rows  # the row itself (a view of the values read): no copy of a single repetition
    return np.asarray(reducer(name)(rows, axis=0), dtype=float)[None, :]


def kernel_reduction(modeler, per_rank_input: bool) -> Optional[Callable[[np.ndarray], np.ndarray]] | str:
    """What of a kernel's per-rank values the modeler needs, as a function applied where they are read.

    Returns:
        None: nothing (Extra-P's modelers and the Expectation modeler read only the aggregates; so does
        every modeler on ``--cube`` input, which keeps no per-rank values); ``"all"``: the values as read
        (modelers of other plugins, whose needs are unknown); else a function of the values.
    """
    if not per_rank_input:
        return None
    name = getattr(modeler, "NAME", "")
    if name == "Clustered":
        rank_value = str(getattr(modeler, "rank_value", "median"))
        return functools.partial(_rank_value, rank_value) if rank_value in _EXACT_ON_ONE_ROW else "all"
    if name == "Segmented":
        return _per_repetition_mean
    if name == "Expectation" or type(modeler).__module__.startswith("extrap."):
        return None
    return "all"


@dataclass
class PointBlock:
    """One point as read by one worker: measurements (aggregates) and the reduced per-kernel values."""

    point: tuple
    metrics: list = field(default_factory=list)            # metric names in the order of the profiles
    measurements: dict = field(default_factory=dict)       # metric name -> [Measurement] (values=None)
    values: dict = field(default_factory=dict)             # (callpath name, metric name) -> ndarray
    saved: dict = field(default_factory=dict)              # same keys -> values as read (--save-experiment)
    table: object = None                                   # LocationTable of the point
    n_locations: int = 0                                   # columns of the values (locations of the point)
    warnings: list = field(default_factory=list)           # (message, category, filename, lineno)
    raw_bytes: int = 0                                     # float64 bytes of the per-rank values read
    kept_bytes: int = 0                                    # bytes of the reduced values kept

    def summary(self) -> "PointBlock":
        """The block without per-rank values and location identities: what the client receives."""
        return PointBlock(self.point, self.metrics, self.measurements, {}, {}, None, self.n_locations, self.warnings,
                          self.raw_bytes, self.kept_bytes)


def read_point(point: Sequence[float], files: Sequence[str], parameters: Sequence[str], scaling: str,
               inclusive: bool, reduction, keep_values: bool = False) -> PointBlock:
    """Reads the repetitions of one point and reduces them (see :func:`kernel_reduction`).

    The aggregates are computed by the ``--cube-ranks`` reader's own code from all values, so they equal
    in-process reading; unreadable files become warnings (returned with the block), as there.
    ``keep_values`` keeps each kernel's values as read (repetitions x locations, views of the point's
    one array) for saving them.
    """
    block = PointBlock(tuple(point))
    reader = CubeRankReader()
    reader.scaling_type = ScalingType(scaling)
    reader.use_inclusive_measurements = inclusive
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            series = read_cube_points([(tuple(point), [Path(f) for f in files])], parameters, inclusive=inclusive)
        except CubeFormatError as error:
            warnings.warn(f"point {tuple(point)} skipped: {error}", CubeDataWarning, stacklevel=1)
            series = None
        if series is not None and series.points:
            coordinate = Coordinate(tuple(point))
            block.table = series.locations[0]
            block.n_locations = len(block.table)
            block.metrics = list(series.metrics)
            for name in series.metrics:
                pv = series.values[name][0]
                if pv is None:
                    continue
                block.raw_bytes += pv.rows.nbytes
                reduce = _LOCATION_REDUCTIONS.get(series.metrics[name].dtype, np.sum)
                callpaths = [Callpath(c) for c in pv.callpaths]
                measurements = reader._measurements(coordinate, callpaths, Metric(name), pv, reduce)
                for m in measurements:
                    rows, m.values = m.values, None
                    if keep_values:
                        block.saved[(m.callpath.name, name)] = rows
                    if reduction is not None:
                        kept = np.array(rows) if reduction == "all" else reduction(rows)
                        block.values[(m.callpath.name, name)] = kept
                        block.kept_bytes += kept.nbytes
                block.measurements[name] = measurements
    block.warnings = [(str(w.message), w.category, w.filename, w.lineno) for w in caught]
    return block


def summarize(block: PointBlock) -> PointBlock:
    """The part of a block the client gathers (runs on the worker holding the block)."""
    return block.summary()


def saved_values(block: PointBlock, keys: Sequence[tuple[str, str]]) -> tuple[np.ndarray, list]:
    """The values as read of the kernels ``keys`` at this point, in that order: one float64 array of all of
    them (one message instead of one per kernel) and each kernel's (repetitions, locations)."""
    arrays = [block.saved[k] for k in keys]
    flat = np.concatenate([a.ravel() for a in arrays]) if arrays else np.zeros(0)
    return flat, [a.shape for a in arrays]


def location_table(block: PointBlock):
    """The point's :class:`~extrap_segmented.locations.LocationTable` (for saving it with the experiment)."""
    return block.table


def slice_values(block: PointBlock, keys: Sequence[tuple[str, str]]) -> tuple:
    """``(point, table, {key: values})`` of the kernels ``keys`` (of one modeling chunk) at this point."""
    return block.point, block.table, {k: block.values[k] for k in keys if k in block.values}


def model_chunk(modeler, kernels: list[list[Measurement]], *slices) -> tuple[list, list]:
    """Models the kernels of one chunk with their per-rank values attached; returns models and warnings.

    ``slices`` are :func:`slice_values` results, one per point. The values are detached again before the
    models travel back, so nothing per-rank reaches the client through a model's measurements.
    """
    by_point = {tuple(point): (table, values) for point, table, values in slices}
    for measurements in kernels:
        for m in measurements:
            table, values = by_point.get(tuple(m.coordinate.as_tuple()), (None, {}))
            m.values = values.get((m.callpath.name, m.metric.name))
            m.locations = table
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        models = modeler.model(kernels)
    for measurements in kernels:
        for m in measurements:
            m.values = None
            if hasattr(m, "locations"):
                del m.locations
    return models, [(str(w.message), w.category, w.filename, w.lineno) for w in caught]
