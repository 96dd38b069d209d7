"""Public array API: read Cube4 profiles or whole experiment directories into numpy arrays.

Example::

    from extrap_segmented.cube.directory import read_cube_directory
    series = read_cube_directory("fixtures/cube/stencil2d-ps")
    series.parameters                  # ('p', 's')
    cube = series.array("time", 3)     # (call paths, repetitions, locations) of point 3
    series.locations[3].coords         # Cartesian coordinates of each location

Directory convention (Extra-P's): one sub-directory per run named ``<app>.<params>.r<rep>``, e.g.
``stencil.p16.s100.r1/profile.cubex``; runs with equal parameter values are repetitions of one point.

Layout of the values of one point and metric (:class:`PointValues`): all rows of all files stacked
in one float64 array ``rows`` of shape (n_rows, locations), grouped by call path, so that the rows of
call path ``c`` are the contiguous slice ``rows[start[c]:stop[c]]`` (one row per repetition in which
the call path occurs; a call path occurring twice in one profile, e.g. with different parameters,
contributes two rows, as in Extra-P). No Python object per value is kept.
"""
from __future__ import annotations

import os
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional, Sequence, Union

import numpy as np

from extrap_segmented.cube.profile import MAX_ANCHOR_BYTES, MAX_ANCHOR_ELEMENTS, CubeProfile, MetricInfo, read_cubex
from extrap_segmented.cube.writer import CubeMetric, make_location_table, write_cubex
from extrap_segmented.exceptions import CubeDataWarning, CubeFormatError
from extrap_segmented.locations import LocationTable

__all__ = ["read_cubex", "read_cube_directory", "read_cube_points", "CubeProfile", "CubeSeries", "PointValues",
           "MetricInfo", "write_cubex", "CubeMetric", "make_location_table", "parse_run_name"]


@dataclass
class PointValues:
    """Values of one metric at one measurement point (see the module docstring for the layout).

    Attributes:
        rows: float64 array (n_rows, locations).
        start, stop: int64 arrays (call paths,): the rows of call path ``c`` are ``rows[start[c]:stop[c]]``.
        callpaths: the call paths ``c`` refers to: those the profiles' indexes list for this metric, in
            the order of first listing (pre-order for Score-P's exclusive metrics).
    """

    rows: np.ndarray
    start: np.ndarray
    stop: np.ndarray
    callpaths: tuple[str, ...] = ()

    def of(self, callpath_index: int) -> np.ndarray:
        """Rows (repetitions, locations) of one call path (a view, no copy)."""
        return self.rows[self.start[callpath_index]:self.stop[callpath_index]]

    @property
    def regular(self) -> bool:
        """True if every call path has the same number of rows (then :meth:`cube` is a view)."""
        counts = self.stop - self.start
        return bool(np.all(counts == counts[0])) if len(counts) else True

    def cube(self) -> np.ndarray:
        """Values as (call paths, repetitions, locations); needs :attr:`regular`."""
        if not self.regular:
            raise CubeFormatError("call paths have different numbers of repetitions at this point; use of()")
        n = len(self.start)
        reps = int(self.stop[0] - self.start[0]) if n else 0
        return self.rows.reshape(n, reps, self.rows.shape[1])


@dataclass
class CubeSeries:
    """A set of profiles grouped into measurement points.

    Attributes:
        parameters: parameter names (``('p', 's')``).
        points: parameter values of each point, in order.
        files: profiles read for each point (repetition order).
        callpaths: call paths of each point (pre-order of the first profile, then new ones); the rows
            of ``values[m][i]`` follow ``values[m][i].callpaths``, which is the same list unless
            profiles leave zero rows out or store the metric inclusively.
        metrics: metric name -> info, over all files.
        values: metric name -> list (one per point) of :class:`PointValues` (None if no file of
            the point has that metric).
        locations: :class:`LocationTable` of each point (taken from its first profile).
        skipped: (file, reason) of profiles that could not be read.
    """

    parameters: tuple[str, ...]
    points: list[tuple[float, ...]]
    files: list[list[Path]]
    callpaths: list[tuple[str, ...]]
    metrics: dict[str, MetricInfo]
    values: dict[str, list[Optional[PointValues]]]
    locations: list[LocationTable]
    skipped: list[tuple[Path, str]] = field(default_factory=list)

    def array(self, metric: str, point: int) -> np.ndarray:
        """(call paths, repetitions, locations) array of one metric at one point."""
        pv = self.values[metric][point]
        if pv is None:
            raise KeyError(f"metric {metric!r} has no values at point {self.points[point]}")
        return pv.cube()


_RUN_NAME = re.compile(r"([A-Za-z_][A-Za-z_-]*?)(-?\d+(?:[.,]\d+)?)")


def parse_run_name(name: str) -> tuple[list[str], list[float]]:
    """Parameter names and values of a run directory such as ``stencil.p16.s100.r2``.

    The part between the first ``.`` and ``.r<n>`` holds ``<name><number>`` pairs, as in Extra-P.

    Raises:
        CubeFormatError: no parameter found.
    """
    start = name.find(".") + 1
    end = name.find(".r")
    body = name[start:end if end != -1 else None]
    pairs = _RUN_NAME.findall(body.replace("..", "."))
    if not start or not pairs:
        raise CubeFormatError(f"cannot parse parameter values from the directory name {name!r}: expected "
                              f"'<app>.<name><value>[.<name><value>...].r<repetition>', e.g. 'app.p16.s100.r1'")
    return [n.strip(".") for n, _ in pairs], [float(v.replace(",", ".")) for _, v in pairs]


def read_cube_directory(path: Union[str, os.PathLike], *, metrics: Optional[Sequence[str]] = None,
                        inclusive: bool = False, progress: Optional[Callable[[Path], None]] = None,
                        max_anchor_bytes: int = MAX_ANCHOR_BYTES,
                        max_anchor_elements: int = MAX_ANCHOR_ELEMENTS) -> CubeSeries:
    """Reads every ``*/*.cubex`` below ``path`` into a :class:`CubeSeries`.

    Parameters that take one value only are dropped (as Extra-P does); profiles are grouped by the
    remaining values; repetitions are ordered by directory name. ``max_anchor_bytes`` and
    ``max_anchor_elements`` bound each profile's ``anchor.xml`` (see :func:`read_cubex`).

    Raises:
        CubeFormatError: ``path`` is not a directory, holds no profile, a directory name has no
            parseable parameters, names disagree on the parameters, or no profile can be read.
    """
    root = Path(path)
    if not root.is_dir():
        raise CubeFormatError(f"{root}: not a directory")
    files = sorted(f for f in root.glob("*/*.cubex") if not f.name.startswith("."))
    if not files:
        raise CubeFormatError(f"{root}: no Cube profiles found (expected <run>/<name>.cubex, e.g. "
                              f"app.p16.r1/profile.cubex)")
    names, values = None, []
    for f in files:
        n, v = parse_run_name(f.parent.name)
        if names is None:
            names = n
        elif n != names:
            raise CubeFormatError(f"{f.parent}: parameters {n} differ from {names} of {files[0].parent.name}")
        values.append(v)
    table = np.asarray(values, dtype=float)
    varying = [i for i in range(table.shape[1]) if len(np.unique(table[:, i])) > 1]
    if not varying:
        raise CubeFormatError(f"{root}: no parameter takes more than one value in the directory names")
    keys = [tuple(float(table[k, i]) for i in varying) for k in range(len(files))]
    groups: dict[tuple, list[Path]] = {}
    for key, f in sorted(zip(keys, files), key=lambda kv: kv[0]):
        groups.setdefault(key, []).append(f)
    return read_cube_points(list(groups.items()), tuple(names[i] for i in varying), metrics=metrics,
                            inclusive=inclusive, progress=progress, max_anchor_bytes=max_anchor_bytes,
                            max_anchor_elements=max_anchor_elements)


def read_cube_points(groups: Sequence[tuple[tuple[float, ...], Sequence[Path]]], parameters: Sequence[str], *,
                     metrics: Optional[Sequence[str]] = None, inclusive: bool = False,
                     progress: Optional[Callable[[Path], None]] = None, max_anchor_bytes: int = MAX_ANCHOR_BYTES,
                     max_anchor_elements: int = MAX_ANCHOR_ELEMENTS) -> CubeSeries:
    """Reads profiles already grouped into points: ``[(point, [file, ...]), ...]``.

    Unreadable profiles are skipped with a :class:`CubeDataWarning` naming file and problem; a point
    whose profiles disagree on the number of locations is skipped likewise; unusual data (see
    :func:`profile_notes`) gives one warning per file and metric.

    Raises:
        CubeFormatError: no profile could be read at all.
    """
    series = CubeSeries(parameters=tuple(parameters), points=[], files=[], callpaths=[], metrics={}, values={},
                        locations=[])
    point_metrics: list[dict[str, PointValues]] = []
    for point, files in groups:
        note = spelling_note(point, files, parameters)
        if note:
            warnings.warn(note, CubeDataWarning, stacklevel=2)
        profiles: list[CubeProfile] = []
        blocks: dict[str, _Block] = {}
        for f in files:
            try:
                prof = read_cubex(f, metrics=metrics, inclusive=inclusive, max_anchor_bytes=max_anchor_bytes,
                                  max_anchor_elements=max_anchor_elements)
            except CubeFormatError as err:
                series.skipped.append((Path(f), str(err)))
                warnings.warn(f"skipped: {err}", CubeDataWarning, stacklevel=2)
                continue
            finally:
                if progress is not None:
                    progress(Path(f))
            profiles.append(prof)
            _absorb(blocks, prof, len(files))
            for message in profile_notes(prof):
                warnings.warn(message, CubeDataWarning, stacklevel=2)
        if not profiles:
            continue
        counts = {len(p.locations) for p in profiles}
        if len(counts) > 1:
            detail = ", ".join(f"{p.path} has {len(p.locations)}" for p in profiles)
            reason = f"repetitions of point {point} have different numbers of locations ({detail}); point skipped"
            series.skipped += [(p.path, reason) for p in profiles]
            warnings.warn(reason, CubeDataWarning, stacklevel=2)
            continue
        callpaths, per_metric = _combine(profiles, blocks)
        del blocks
        for info in (i for p in profiles for i in p.metrics):
            series.metrics.setdefault(info.name, info)
        series.points.append(tuple(point))
        series.files.append([p.path for p in profiles])
        series.callpaths.append(callpaths)
        series.locations.append(profiles[0].locations)
        point_metrics.append(per_metric)
    if not series.points:
        reasons = "; ".join(r for _, r in series.skipped[:3])
        raise CubeFormatError(f"no readable Cube profile among {sum(len(f) for _, f in groups)} files: {reasons}")
    for name in series.metrics:
        series.values[name] = [pm.get(name) for pm in point_metrics]
    return series


_REPETITION = re.compile(r"^(?P<run>.*?)(?:\.r(?P<rep>\d+))?$")


def spelling_note(point: Sequence[float], files: Sequence[Union[str, os.PathLike]],
                  parameters: Sequence[str] = ()) -> Optional[str]:
    """A message when the run directories of one point spell it differently (``app.p8.r1`` and
    ``app.p08.r1``: the same parameter values, so both are read as repetitions of one point, which
    may be a copy or a mistake), or None. Names the directories and repeated repetition numbers."""
    runs: dict[str, list[str]] = {}
    repetitions: dict[str, list[str]] = {}
    for f in files:
        name = Path(f).parent.name
        match = _REPETITION.match(name)
        runs.setdefault(match.group("run"), []).append(name)
        repetitions.setdefault(match.group("rep") or "", []).append(name)
    if len(runs) < 2:
        return None
    where = ", ".join(f"{n}={v:g}" for n, v in zip(parameters, point)) or str(tuple(point))
    spelled = "; ".join(", ".join(names) for names in runs.values())
    twice = [f"r{rep} ({', '.join(names)})" for rep, names in repetitions.items() if rep and len(names) > 1]
    return (f"the run directories of point {where} spell it in {len(runs)} ways ({spelled}); all are read as "
            f"repetitions of that one point" + (f", and these repetition numbers occur more than once: "
                                                 f"{'; '.join(twice)}" if twice else "")
            + "; rename or remove the directories that are copies")


def profile_notes(profile: CubeProfile) -> list[str]:
    """One message per metric of a profile whose data is unusual: no data, a non-numeric type,
    negative values (kept), negative counter readings stored as unsigned (read as 0, as CubeLib and
    Extra-P's ``--cube`` do), exclusive values clamped at 0, NaN or infinite values, or (rank, thread)
    pairs listed twice. Each names the file and the metric."""
    f = profile.path
    notes = [f"{f}: metric {m!r} is defined but has no data; this repetition lacks it" for m in profile.missing]
    notes += [f"{f}: metric {m!r} skipped: its data type is not a plain number" for m in profile.unsupported]
    notes += [f"{f}: metric {m!r} has {n} negative values; kept as they are" for m, n in profile.negative.items()]
    notes += [f"{f}: metric {m!r} has {n} NaN or infinite values; kept as they are (the call paths holding them "
              f"cannot be modeled)" for m, n in profile.nonfinite.items()]
    if profile.duplicate_locations:
        notes.append(f"{f}: the system tree lists {profile.duplicate_locations} locations whose (rank, thread) pair "
                     f"an earlier location already has; kept as separate locations")
    notes += [f"{f}: metric {m!r} has {n} negative counter readings stored as unsigned 64-bit values (down to "
              f"{low}); read as 0, as CubeLib and Extra-P's --cube do" for m, (n, low) in profile.wrapped.items()]
    notes += [f"{f}: metric {m!r} is stored inclusively and {n} exclusive values would be negative (callees "
              f"counted more than the caller); clamped at 0, as CubeLib and Extra-P's --cube do"
              for m, n in profile.clamped.items()]
    return notes


@dataclass
class _Block:
    """Values of one metric for all files of a point, (call paths, files, locations), filled file by
    file; ``members`` are the profiles whose values are views of slots ``0 .. len(members) - 1``."""

    array: np.ndarray
    callpaths: tuple[str, ...]
    members: list[CubeProfile]


def _absorb(blocks: dict[str, _Block], profile: CubeProfile, n_files: int) -> None:
    """Moves the profile's values into the point's blocks and leaves views in their place.

    Stacking the repetitions of a point then needs no second copy: the block is the point's
    ``PointValues.rows``. Only profiles that list every call path once, in the order of the block,
    are absorbed; others keep their arrays (and their point is stacked by copying).
    """
    n_cp, n_loc = len(profile.callpaths), len(profile.locations)
    if len(set(profile.callpaths)) != n_cp:
        return
    for name, values in profile.values.items():
        if not np.array_equal(profile.listed[name], np.arange(n_cp)):
            continue
        block = blocks.get(name)
        if block is None:
            block = blocks[name] = _Block(np.empty((n_cp, n_files, n_loc)), profile.callpaths, [])
        slot = len(block.members)
        if block.callpaths != profile.callpaths or block.array.shape[2] != n_loc or slot >= n_files:
            continue
        block.array[:, slot, :] = values
        profile.values[name] = block.array[:, slot, :]
        block.members.append(profile)


def _combine(profiles: list[CubeProfile], blocks: dict[str, _Block]
             ) -> tuple[tuple[str, ...], dict[str, PointValues]]:
    """Stacks the profiles of one point, rows grouped by call path (see :class:`PointValues`)."""
    order: dict[str, int] = {}
    for p in profiles:
        for c in p.callpaths:
            order.setdefault(c, len(order))
    out = {}
    for name in dict.fromkeys(m.name for p in profiles for m in p.metrics):
        having = [p for p in profiles if name in p.values]
        block = blocks.get(name)
        if block is not None and len(block.members) == len(having) and all(
                a is b for a, b in zip(block.members, having)):
            out[name] = _from_block(block)
        else:
            out[name] = _stack(having, name)
    return tuple(order), out


def _from_block(block: _Block) -> PointValues:
    """PointValues of a block; a copy only if some files of the point were not absorbed."""
    n_cp, n_files, n_loc = block.array.shape
    reps = len(block.members)
    cube = block.array if reps == n_files else np.ascontiguousarray(block.array[:, :reps])
    start = np.arange(n_cp, dtype=np.int64) * reps
    return PointValues(cube.reshape(n_cp * reps, n_loc), start, start + reps, block.callpaths)


def _stack(having: list[CubeProfile], name: str) -> PointValues:
    """General case: rows left out of the index, inclusive storage order, differing call trees, or
    a path occurring twice in one profile -- rows in the order Extra-P's reader meets them."""
    n_loc = len(having[0].locations)
    slots: dict[str, list[np.ndarray]] = {}
    for p in having:
        for idx in p.listed[name].tolist():
            slots.setdefault(p.callpaths[idx], []).append(p.values[name][idx])
    counts = np.asarray([len(x) for x in slots.values()], dtype=np.int64)
    stop = np.cumsum(counts)
    rows = np.asarray([row for x in slots.values() for row in x], dtype=np.float64).reshape(int(stop[-1]), n_loc)
    return PointValues(rows, stop - counts, stop, tuple(slots))
