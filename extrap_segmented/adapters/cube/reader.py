"""Extra-P file reader ``--cube-ranks``: Cube profiles with the value of every location kept.

Same directory conventions, parameter parsing, repetition grouping and aggregation as Extra-P's
``--cube`` reader (``CubeFileReader2``), so every aggregate (mean, median, minimum, maximum, std)
equals what ``--cube`` computes on the same directory:

* weak scaling: aggregates over all values of all repetitions and locations;
* strong scaling: aggregates over the per-repetition sums over locations;
* weak_threaded: as weak, with zero values masked (unless a repetition is zero everywhere);
* call paths missing at some points are left out, as ``--cube`` does (its merge into the parent
  merges each measurement with itself, see ``read_experiment``), with one warning naming them.

In addition each measurement keeps ``values`` (float64 ndarray, repetitions x locations, a view into
one array per point and metric) and ``locations`` (the :class:`LocationTable` of its coordinate),
and the experiment is a :class:`RankExperiment`, which saves the tables with ``--save-experiment``.
"""
from __future__ import annotations

import warnings
from itertools import groupby
from operator import itemgetter
from pathlib import Path
from typing import Union

import numpy as np
from numpy import ma

from extrap.entities.callpath import Callpath
from extrap.entities.coordinate import Coordinate
from extrap.entities.measurement import Measurement
from extrap.entities.metric import Metric
from extrap.entities.parameter import Parameter
from extrap.entities.scaling_type import ScalingType
from extrap.fileio import io_helper
from extrap.fileio.file_reader.abstract_directory_reader import AbstractDirectoryReader, \
    AbstractScalingConversionReader
from extrap.fileio.file_reader.file_reader_mixin import TKeepValuesReader
from extrap.util.exceptions import FileFormatError
from extrap.util.progress_bar import DUMMY_PROGRESS, ProgressBar

from extrap_segmented.adapters import option_rules
from extrap_segmented.adapters.cube.calltree import build_call_tree
from extrap_segmented.adapters.cube.experiment import RankExperiment
from extrap_segmented.adapters.option_rules import InvalidOptionError
from extrap_segmented.adapters.plugin import extrap_internals
from extrap_segmented.cube.directory import PointValues, read_cube_points
from extrap_segmented.cube.options import MIB, READER, UNITS
from extrap_segmented.exceptions import CubeDataWarning, CubeFormatError
from extrap_segmented.reducers import MEASURES, reducer


#: Values the anchor limits accept (declared in cube/options.py).
ANCHOR_MIB_RANGE = option_rules.integer_range(READER["anchor_limit_mib"])
ANCHOR_ELEMENT_RANGE = option_rules.integer_range(READER["anchor_element_limit"])

# How pycubexr's ``sum()`` combines the locations of a metric, by Cube data type (default: a sum).
_LOCATION_REDUCTIONS = {"MAXDOUBLE": reducer("maximum"), "MINDOUBLE": reducer("minimum")}


class CubeRankReader(AbstractDirectoryReader, AbstractScalingConversionReader, TKeepValuesReader):
    """Reads a directory of Cube profiles keeping per-location values and identities.

    Per-location values are always kept; ``keep_values`` (Extra-P's ``--keep-values``) is accepted
    for compatibility and changes nothing.
    """

    NAME = "cube_ranks"
    GUI_ACTION = "Open set of CUBE files keeping &ranks"
    # Also the title of Extra-P's file dialog: short.
    DESCRIPTION = "Load a set of CUBE files keeping every rank's values"
    CMD_ARGUMENT = "--cube-ranks"
    LOADS_FROM_DIRECTORY = True

    # declared by the contract of reading Cube profiles (cube/options.py)
    use_inclusive_measurements: bool = option_rules.reader_option(READER["inclusive"], name="Inclusive values")
    anchor_limit_mib: int = option_rules.reader_option(READER["anchor_limit_mib"], name="Anchor size limit (MiB)")
    anchor_element_limit: int = option_rules.reader_option(READER["anchor_element_limit"],
                                                           name="Anchor element limit")
    #: Units of the options' values (the GUI's import dialog shows them in its inputs).
    OPTION_UNITS = UNITS
    selected_metrics = None  # names of metrics to read (None: all), as CubeFileReader2.selected_metrics
    # Not an option (no "Keep values" toggle in the import dialog, where it did nothing): a plain
    # attribute, still set by Extra-P's --keep-values.
    keep_values = False

    def read_experiment(self, path: Union[Path, str, list], progress_bar: ProgressBar = DUMMY_PROGRESS
                        ) -> RankExperiment:
        """Reads the profiles ``*/*.cubex`` below ``path`` (or the list of files ``path``).

        Raises:
            InvalidOptionError: an anchor limit outside :data:`ANCHOR_MIB_RANGE` / :data:`ANCHOR_ELEMENT_RANGE`
                (before any file is read).
            FileFormatError: no profiles, unparseable directory names, or no readable profile.
        """
        problems = self.option_problems()
        if problems:
            raise InvalidOptionError(f"{self.CMD_ARGUMENT} reader: " + "; ".join(problems))
        if isinstance(path, list):
            files = [Path(p) for p in path]
        else:
            files = extrap_internals.find_files_in_directory(self, path, '*/[!.]*.cubex', progress_bar)
        if isinstance(self.scaling_type, str):
            self.scaling_type = ScalingType(self.scaling_type)
        experiment = RankExperiment()
        if self.scaling_type in ScalingType:
            experiment.scaling = self.scaling_type

        progress_bar.step("Reading cube files")
        names, values = extrap_internals.parameters_from_paths(self, files, progress_bar)
        for name in names:
            experiment.add_parameter(Parameter(name))
        # same grouping and repetition order as CubeFileReader2 (the mean depends on the order)
        ordered = sorted(zip(files, values), key=itemgetter(1))
        groups = [(tuple(v), [f for f, _ in grp]) for v, grp in groupby(ordered, key=itemgetter(1))]
        progress_bar.step("Reading cube files")
        try:
            series = read_cube_points(groups, names, metrics=self.selected_metrics,
                                      inclusive=self.use_inclusive_measurements,
                                      progress=lambda _: progress_bar.update(),
                                      max_anchor_bytes=int(self.anchor_limit_mib) * MIB,
                                      max_anchor_elements=int(self.anchor_element_limit))
        except CubeFormatError as err:
            raise FileFormatError(str(err)) from err

        presence = {name: {i for i, pv in enumerate(series.values[name]) if pv is not None} for name in series.metrics}
        kept_points, kept_metrics = complete_points_and_metrics(presence, series.points, names)
        for i, point in enumerate(series.points):
            if i not in kept_points:
                continue
            coordinate = Coordinate(point)
            experiment.add_coordinate(coordinate)
            table = series.locations[i]
            experiment.location_tables[coordinate] = table
            for name in kept_metrics:
                pv = series.values[name][i]
                metric = Metric(name)
                reduce = _LOCATION_REDUCTIONS.get(series.metrics[name].dtype, np.sum)
                callpaths = [Callpath(c) for c in pv.callpaths]
                for m in self._measurements(coordinate, callpaths, metric, pv, reduce):
                    m.locations = table
                    experiment.add_measurement(m)
                progress_bar.update(0)

        finish_experiment(experiment, len(kept_points), self.use_inclusive_measurements, progress_bar)
        progress_bar.update()
        return experiment

    def option_problems(self) -> list[str]:
        """Why the current option values are not accepted (empty: all are), in the words the GUI's
        import dialog shows."""
        problems = []
        for field, unit in self.OPTION_UNITS.items():
            option = self.OPTIONS[field]
            problem = option_rules.range_problem(option, getattr(self, field), unit)
            if problem:
                problems.append(problem)
        return problems

    def _measurements(self, coordinate, callpaths, metric, pv: PointValues, reduce=np.sum) -> list[Measurement]:
        """Measurements of one point and metric, aggregated exactly as CubeFileReader2 does.

        ``reduce`` combines the locations of one repetition under strong scaling (pycubexr's
        ``sum()``: a sum, or the extremum for MINDOUBLE/MAXDOUBLE metrics).
        """
        n_loc = pv.rows.shape[1]
        if pv.regular and self.scaling_type in (ScalingType.WEAK, ScalingType.STRONG) and len(callpaths):
            reps = int(pv.stop[0] - pv.start[0])
            if self.scaling_type == ScalingType.WEAK:
                flat = pv.rows.reshape(len(callpaths), reps * n_loc)
            else:
                flat = reduce(pv.rows, axis=1).reshape(len(callpaths), reps)
            # a Measurement stores each measure in the attribute of that name (mean, median, ...)
            stats = {name: reducer(name)(flat, axis=1) for name in MEASURES}
            stats["std"] = flat.std(axis=1)
            out = []
            for c, callpath in enumerate(callpaths):
                m = Measurement(coordinate, callpath, metric, None)
                for attribute, values in stats.items():
                    setattr(m, attribute, values[c])
                m.repetitions = reps
                m.values = pv.of(c)
                out.append(m)
            return out
        out = []
        for c, callpath in enumerate(callpaths):
            rows = pv.of(c)
            m = Measurement(coordinate, callpath, metric, self._extrap_values(rows, reduce))
            m.values = rows
            out.append(m)
        return out

    def _extrap_values(self, rows: np.ndarray, reduce=np.sum) -> list:
        """The per-repetition list CubeFileReader2 hands to Measurement for these rows."""
        if self.scaling_type == ScalingType.STRONG:
            return [reduce(row) for row in rows]
        if self.scaling_type == ScalingType.WEAK_THREADED:
            return [ma.array(row, mask=(row == 0)) if row.any() else ma.array(row) for row in rows]
        return list(rows)


def complete_points_and_metrics(presence: dict, points: list, parameters) -> tuple[set, list]:
    """The points and metrics an experiment keeps when some metrics have no data at some points.

    Extra-P models every kernel over the same points (its readers refuse an experiment where a
    kernel lacks one), so a metric missing at a point costs either the point (for every metric)
    or the metric. A point is left out when a metric that most points have (more than half) lacks
    it; a metric that half of the points or fewer have is left out instead. Each choice is one
    warning naming the point or metric and what stays.

    Args:
        presence: metric name -> indices of the points that have data for it.
        points: the points' parameter values, in order.
        parameters: the parameter names.

    Returns:
        ``(indices of the points kept, names of the metrics kept)``.
    """
    def where(i):
        return ", ".join(f"{n}={v:g}" for n, v in zip(parameters, points[i]))

    n = len(points)
    everywhere = set(range(n))
    dropped_metrics = [m for m, have in presence.items() if have != everywhere and 2 * len(have) <= n]
    kept_metrics = [m for m in presence if m not in dropped_metrics]
    dropped_points: dict[int, list] = {}
    for metric in kept_metrics:
        for i in sorted(everywhere - presence[metric]):
            dropped_points.setdefault(i, []).append(metric)
    kept_points = everywhere - set(dropped_points)
    for i, metrics in sorted(dropped_points.items()):
        listed = ", ".join(repr(m) for m in metrics)
        warnings.warn(f"no profile of point {where(i)} has data for metric{'s' if len(metrics) > 1 else ''} "
                      f"{listed}: point {where(i)} is left out for every metric (Extra-P models every kernel "
                      f"over the same points); the other {len(kept_points)} points are read",
                      CubeDataWarning, stacklevel=3)
    for metric in dropped_metrics:
        have = sorted(presence[metric])
        warnings.warn(f"metric {metric!r} has data at only {len(have)} of {n} points"
                      + (f" ({'; '.join(where(i) for i in have)})" if have else "")
                      + "; it is left out (leaving out the points without it would cost more)",
                      CubeDataWarning, stacklevel=3)
    return kept_points, kept_metrics


def finish_experiment(experiment, points: int, inclusive: bool, progress_bar) -> None:
    """The last steps of reading per-rank Cube data, in this reader and on the Dask path of
    ``extrap-segmented run``: kernels not measured at all ``points`` left out as Extra-P's --cube
    does (with one warning), the call tree, Extra-P's own validation."""
    progress_bar.step("Unify calltrees")
    to_merge = extrap_internals.common_callpaths(experiment, points, progress_bar)
    _warn_left_out(to_merge, stacklevel=4)
    if inclusive:
        extrap_internals.delete_callpaths(experiment, to_merge, progress_bar)
    else:
        # Extra-P 4.2.5 means to merge these into their parents, but its parent search starts at the
        # call path itself, which is still there: each measurement is merged with itself and deleted.
        # So the parents keep their own values, and so do their per-location values here.
        extrap_internals.merge_callpaths(experiment, to_merge, progress_bar)
    progress_bar.step("Creating calltree")
    # Extra-P's create_call_tree is cubic in the depth and recursive (RecursionError beyond ~1,000 levels)
    experiment.call_tree = build_call_tree(experiment.callpaths)
    io_helper.validate_experiment(experiment, progress_bar)


def _warn_left_out(keys, stacklevel: int = 3) -> None:
    """One warning naming the kernels (call path and metric) that occur at only some points (both
    readers leave them out), and the metrics left out entirely."""
    keys = list(keys)
    if not keys:
        return
    names = sorted({f"{callpath.name} [{metric.name}]" for callpath, metric in keys})
    metrics = sorted({metric.name for _, metric in keys})
    warnings.warn(f"{len(names)} kernels (call path [metric]) occur at only some measurement points and are left "
                  f"out, as Extra-P's --cube does: {', '.join(names[:5])}"
                  + (f" and {len(names) - 5} more" if len(names) > 5 else "")
                  + f"; metrics affected: {', '.join(metrics)}", CubeDataWarning, stacklevel=stacklevel)
