"""A set of Caliper profiles (one run each) as measurement points and numpy arrays.

Example::

    from extrap_segmented.caliper.series import read_caliper
    series = read_caliper("thicket/tests/data/mpi_scaling_cali")      # parameters from mpi.world.size
    series.points                                   # [(27.0,), (64.0,), (125.0,), (216.0,), (343.0,)]
    series.array("Avg time/rank", 0)                # (call paths, repetitions, locations) at 27 ranks
    series.summaries[0].imbalance                   # 'Imbalance time/rank (max/avg)'

Rules:

* **Parameters** are global attributes of the profiles (Caliper's run metadata, Adiak values):
  ``mpi.world.size`` by default, any numeric globals by name (``("mpi.world.size", "problem_size")``).
  A file lacking one, or holding something other than a number there, is skipped with a message
  naming the file, the global and the numeric globals it has.
* **Repetitions**: profiles with equal parameter values are repetitions of one point, in file-name
  order. **Per-rank files** (each with its rank in the global ``mpi.rank``) are the locations of one
  run; files of the same rank at one point are its repetitions.
* **Locations**: an aggregated profile has one location; profiles whose records carry ``mpi.rank``
  have one location per rank.
* **Rank summaries**: metrics recorded as ``min#X``, ``avg#X`` and ``max#X`` (Caliper's cross-rank
  aggregation, shown as *Min/Avg/Max time/rank*) form a :class:`RankSummary`; its derived metric
  ``Imbalance ... (max/avg)`` is added (``imbalance=False`` leaves it out), as it is for every metric
  of per-rank profiles (maximum over ranks / mean over ranks).
* Bad files (unreadable, truncated, not Caliper, no region records, no parameter) are skipped with
  a :class:`~extrap_segmented.exceptions.CaliperDataWarning` naming the file; the rest is read.
"""
from __future__ import annotations

import os
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Optional, Sequence, Union

import numpy as np

from extrap_segmented.caliper.options import READER
from extrap_segmented.caliper.profile import RANK_ATTRIBUTE, CaliMetric, CaliProfile, read_cali
from extrap_segmented.exceptions import CaliperDataWarning, CaliperFormatError

__all__ = ["CaliperSeries", "RankSummary", "read_caliper", "read_caliper_files", "find_cali_files",
           "parse_parameters", "find_summaries", "add_imbalance", "DEFAULT_PARAMETERS", "SUMMARY_COLUMNS"]

DEFAULT_PARAMETERS = tuple(READER["parameters"].default.split(","))
#: Order of the statistics in a rank summary array's last axis.
SUMMARY_COLUMNS = ("minimum", "average", "maximum")
_STATISTIC_PREFIXES = {"minimum": "min#", "average": "avg#", "maximum": "max#"}
_ALIAS_WORDS = {"minimum": "Min ", "average": "Avg ", "maximum": "Max "}

PathsLike = Union[str, os.PathLike, Sequence[Union[str, os.PathLike]]]


@dataclass(frozen=True)
class RankSummary:
    """Three metrics that summarize one quantity over the MPI ranks of each run.

    Attributes:
        minimum, average, maximum: metric names (``Min time/rank``, ``Avg time/rank``, ``Max time/rank``).
        imbalance: name of the derived metric maximum / average (``Imbalance time/rank (max/avg)``).
    """

    minimum: str
    average: str
    maximum: str
    imbalance: str

    def metrics(self) -> tuple[str, str, str]:
        """The three metric names in :data:`SUMMARY_COLUMNS` order."""
        return self.minimum, self.average, self.maximum


@dataclass
class CaliperSeries:
    """Caliper profiles grouped into measurement points.

    Attributes:
        parameters: parameter (global attribute) names.
        points: parameter values of each point, ascending.
        files: per point, the files read, in repetition order (per-rank files: rank order within
            a repetition).
        callpaths: every region path of any profile, in the order of first appearance.
        metrics: metric name -> :class:`CaliMetric` (derived imbalance metrics included).
        values: metric name -> per point a float64 array (call paths, repetitions, locations);
            NaN where a call path (or the metric) is missing in a repetition.
        ranks: per point the MPI rank of each location, or None for aggregated profiles (one location).
        summaries: the rank summaries found among the metrics.
        skipped: (file, reason) of files that could not be used.
        notes: messages about unusual data in files that were read.
    """

    parameters: tuple[str, ...]
    points: list[tuple[float, ...]]
    files: list[list[Path]]
    callpaths: tuple[str, ...]
    metrics: dict[str, CaliMetric]
    values: dict[str, list[np.ndarray]]
    ranks: list[Optional[np.ndarray]]
    summaries: list[RankSummary] = field(default_factory=list)
    skipped: list[tuple[Path, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def array(self, metric: str, point: int) -> np.ndarray:
        """(call paths, repetitions, locations) of one metric at one point (NaN: not measured)."""
        return self.values[metric][point]

    def summary_array(self, summary: RankSummary, point: int) -> np.ndarray:
        """(call paths, repetitions, 3): minimum, average and maximum over ranks at one point."""
        return np.stack([self.values[name][point][:, :, 0] for name in summary.metrics()], axis=-1)

    def summary_of(self, metric: str) -> Optional[RankSummary]:
        """The rank summary ``metric`` belongs to (as minimum, average or maximum), or None."""
        return next((s for s in self.summaries if metric in s.metrics()), None)


def parse_parameters(text: Union[str, Sequence[str], None]) -> tuple[str, ...]:
    """Parameter globals from ``"mpi.world.size,problem_size"`` (commas or spaces) or a sequence.

    Raises:
        CaliperFormatError: no name given, or a name twice.
    """
    if text is None:
        return DEFAULT_PARAMETERS
    names = [n for n in re.split(r"[,\s]+", text.strip())] if isinstance(text, str) else [str(n).strip() for n in text]
    names = [n for n in names if n]
    if not names:
        raise CaliperFormatError("no parameter given: name the global attributes that hold the parameter values, "
                                 "e.g. 'mpi.world.size' or 'mpi.world.size,problem_size'")
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise CaliperFormatError(f"parameter {repeated[0]!r} is named twice in {', '.join(names)}")
    return tuple(names)


def find_cali_files(paths: PathsLike, pattern: str = READER["pattern"].default) -> list[Path]:
    """The ``.cali`` files of a directory (``pattern`` below it, hidden files left out), or of a
    list of files and directories, sorted by path.

    Raises:
        CaliperFormatError: a path does not exist, or no file is found.
    """
    items = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    if not items:
        raise CaliperFormatError("no Caliper files given")
    found: dict[Path, None] = {}
    for item in items:
        item = Path(item)
        if item.is_dir():
            matches = sorted(p for p in item.glob(pattern) if p.is_file()
                             and not any(part.startswith(".") for part in p.relative_to(item).parts))
            if not matches:
                raise CaliperFormatError(f"{item}: no Caliper profiles found (looked for {pattern})")
            found.update(dict.fromkeys(matches))
        elif item.exists():
            found[item] = None
        else:
            raise CaliperFormatError(f"{item}: no such file or directory")
    return list(found)


def read_caliper(paths: PathsLike, *, parameters: Union[str, Sequence[str], None] = DEFAULT_PARAMETERS,
                 pattern: str = READER["pattern"].default, rank_attribute: str = RANK_ATTRIBUTE,
                 imbalance: bool = READER["imbalance"].default,
                 progress: Optional[Callable[[Path], None]] = None) -> CaliperSeries:
    """Reads a directory of ``.cali`` files (``pattern`` below it) or a list of files/directories.

    Args:
        paths: a directory, a file, or a list of them.
        parameters: names of the globals holding the parameter values (see the module docstring).
        pattern: glob of the profiles below a directory.
        rank_attribute: attribute naming the MPI rank of a record or of a per-rank file.
        imbalance: add the derived ``Imbalance ... (max/avg)`` metrics.
        progress: called with each file after it was read.

    Raises:
        CaliperFormatError: no files, no usable file, or a parameter with a single value.
    """
    return read_caliper_files(find_cali_files(paths, pattern), parameters=parameters, rank_attribute=rank_attribute,
                              imbalance=imbalance, progress=progress)


def read_caliper_files(files: Iterable[Union[str, os.PathLike]], *,
                       parameters: Union[str, Sequence[str], None] = DEFAULT_PARAMETERS,
                       rank_attribute: str = RANK_ATTRIBUTE, imbalance: bool = True,
                       progress: Optional[Callable[[Path], None]] = None) -> CaliperSeries:
    """Reads the given ``.cali`` files (see :func:`read_caliper`)."""
    names = parse_parameters(parameters)
    files = [Path(f) for f in files]
    skipped: list[tuple[Path, str]] = []
    notes: list[str] = []
    runs: list[tuple[tuple[float, ...], Optional[int], CaliProfile]] = []
    for path in files:
        try:
            profile = read_cali(path, rank_attribute=rank_attribute)
            point = _parameter_values(profile, names)
        except CaliperFormatError as error:
            skipped.append((path, str(error)))
            warnings.warn(f"skipped: {error}", CaliperDataWarning, stacklevel=2)
            continue
        finally:
            if progress is not None:
                progress(path)
        for note in profile.notes:
            notes.append(note)
            warnings.warn(note, CaliperDataWarning, stacklevel=2)
        rank = profile.global_number(rank_attribute) if profile.ranks is None else None
        runs.append((point, None if rank is None else int(rank), profile))
    if not runs:
        more = f" (and {len(skipped) - 1} more files skipped, each named in a warning)" if len(skipped) > 1 else ""
        raise CaliperFormatError(f"no usable Caliper profile among {len(files)} files: {skipped[0][1]}{more}")
    names, runs = _varying_parameters(names, runs)
    series = _assemble(names, runs, skipped, notes)
    series.summaries = find_summaries(series.metrics)
    if imbalance:
        add_imbalance(series)
    return series


def _parameter_values(profile: CaliProfile, names: tuple[str, ...]) -> tuple[float, ...]:
    values = []
    for name in names:
        value = profile.global_number(name)
        if value is None:
            raw = profile.globals.get(name)
            numeric = profile.numeric_globals()
            candidates = ", ".join(f"{k}={v:g}" for k, v in list(numeric.items())[:12]) or "none"
            problem = (f"has no global {name!r}" if raw is None else
                       f"has global {name}={raw!r}, which is not a number")
            raise CaliperFormatError(f"{profile.path}: {problem} (parameters: {', '.join(names)}); numeric globals "
                                     f"of this file: {candidates}")
        values.append(value)
    return tuple(values)


def _varying_parameters(names, runs):
    """Drops parameters that take one value only (as Extra-P's directory readers do), unless that
    leaves none: then modeling is impossible and the error says which globals do vary."""
    table = np.array([point for point, _, _ in runs], dtype=float)
    varying = [i for i in range(len(names)) if len(np.unique(table[:, i])) > 1]
    if not varying:
        candidates = _varying_globals([profile for _, _, profile in runs], names)
        raise CaliperFormatError(
            f"every usable profile ({len(runs)} files) has " + ", ".join(f"{n}={table[0, i]:g}" for i, n in
                                                                      enumerate(names))
            + "; modeling needs at least two values of a parameter"
            + (f" (numeric globals that differ among the files: {', '.join(candidates)})" if candidates else ""))
    if len(varying) < len(names):
        constant = [f"{names[i]}={table[0, i]:g}" for i in range(len(names)) if i not in varying]
        warnings.warn(f"parameter(s) {', '.join(constant)} take a single value in all files and are left out",
                      CaliperDataWarning, stacklevel=3)
    names = tuple(names[i] for i in varying)
    return names, [(tuple(point[i] for i in varying), rank, profile) for point, rank, profile in runs]


def _varying_globals(profiles: list[CaliProfile], names) -> list[str]:
    seen: dict[str, set] = {}
    for profile in profiles:
        for name, value in profile.numeric_globals().items():
            seen.setdefault(name, set()).add(value)
    return [n for n, v in seen.items() if len(v) > 1 and n not in names][:8]


def _assemble(names, runs, skipped, notes) -> CaliperSeries:
    by_point: dict[tuple, list] = {}
    for point, rank, profile in runs:
        by_point.setdefault(point, []).append((rank, profile))
    callpaths: dict[str, None] = {}
    metrics: dict[str, CaliMetric] = {}
    for _, _, profile in runs:
        callpaths.update(dict.fromkeys(profile.callpaths))
        for metric in profile.metrics.values():
            metrics.setdefault(metric.name, metric)
    series = CaliperSeries(tuple(names), [], [], tuple(callpaths), metrics, {m: [] for m in metrics}, [],
                           skipped=skipped, notes=notes)
    index = {c: i for i, c in enumerate(series.callpaths)}
    for point in sorted(by_point):
        members = sorted(by_point[point], key=lambda rp: str(rp[1].path))
        try:
            repetitions, ranks = _layout(point, names, members)
        except CaliperFormatError as error:
            series.skipped += [(p.path, str(error)) for _, p in members]
            warnings.warn(str(error), CaliperDataWarning, stacklevel=3)
            continue
        shape = (len(series.callpaths), len(repetitions), 1 if ranks is None else len(ranks))
        arrays = {m: np.full(shape, np.nan) for m in metrics}
        for r, profiles in enumerate(repetitions):
            for column, profile in enumerate(profiles):
                rows = [index[c] for c in profile.callpaths]
                for name, values in profile.values.items():
                    if profile.ranks is not None:  # per-rank records: columns by rank
                        columns = np.searchsorted(ranks, profile.ranks)
                        arrays[name][np.ix_(rows, [r], columns)] = values[:, None, :]
                    else:
                        arrays[name][rows, r, column] = values
        if ranks is not None:  # a rank without a record of a region another rank recorded did not enter it
            for array in arrays.values():
                measured = ~np.all(np.isnan(array), axis=2)
                array[measured] = np.nan_to_num(array[measured], nan=0.0)
        series.points.append(point)
        series.files.append([p.path for profiles in repetitions for p in profiles])
        series.ranks.append(ranks)
        for name in metrics:
            series.values[name].append(arrays[name])
    if not series.points:
        raise CaliperFormatError("no usable measurement point: " + "; ".join(r for _, r in skipped[-3:]))
    return series


def _layout(point, names, members) -> tuple[list[list[CaliProfile]], Optional[np.ndarray]]:
    """Repetitions (each a list of profiles, one per location for per-rank files) and the ranks."""
    where = ", ".join(f"{n}={v:g}" for n, v in zip(names, point))
    per_rank_files = [rank is not None for rank, _ in members]
    per_rank_records = [profile.ranks is not None for _, profile in members]
    if any(per_rank_files) and not all(per_rank_files):
        listed = ", ".join(f"{p.path.name}" for rank, p in members if rank is None)
        raise CaliperFormatError(f"point {where}: some files hold one rank each ({RANK_ATTRIBUTE} global) and "
                                 f"others do not ({listed}); point skipped")
    if any(per_rank_records) and not all(per_rank_records):
        listed = ", ".join(f"{p.path.name}" for _, p in members if p.ranks is None)
        raise CaliperFormatError(f"point {where}: some profiles keep per-rank records and others are aggregated "
                                 f"({listed}); point skipped")
    if all(per_rank_files):
        by_rank: dict[int, list[CaliProfile]] = {}
        for rank, profile in members:
            by_rank.setdefault(rank, []).append(profile)
        ranks = np.array(sorted(by_rank), dtype=np.int64)
        counts = {r: len(by_rank[r]) for r in by_rank}
        if len(set(counts.values())) > 1:
            detail = ", ".join(f"rank {r}: {n}" for r, n in sorted(counts.items()))
            raise CaliperFormatError(f"point {where}: the ranks have different numbers of files ({detail}); point "
                                     f"skipped")
        repetitions = [[by_rank[r][k] for r in ranks] for k in range(counts[int(ranks[0])])]
        return repetitions, ranks
    if all(per_rank_records):
        sets = {tuple(p.ranks.tolist()) for _, p in members}
        if len(sets) > 1:
            detail = ", ".join(f"{p.path.name} has {len(p.ranks)}" for _, p in members)
            raise CaliperFormatError(f"point {where}: repetitions have different ranks ({detail}); point skipped")
        return [[p] for _, p in members], members[0][1].ranks
    return [[p] for _, p in members], None


def _summary_base(metric: CaliMetric, statistic: str) -> Optional[str]:
    """What ``metric`` is the ``statistic`` of: ``x`` of the attribute ``min#x`` (Caliper's cross-rank
    aggregation), else ``"alias:" + rest`` of a name ``Min rest`` (aliases, as Thicket's columns are)."""
    if metric.derived:
        return None
    prefix, word = _STATISTIC_PREFIXES[statistic], _ALIAS_WORDS[statistic]
    if metric.attribute.startswith(prefix):
        return metric.attribute[len(prefix):]
    if metric.name.startswith(word) and len(metric.name) > len(word):
        return "alias:" + metric.name[len(word):]
    return None


def find_summaries(metrics: dict[str, CaliMetric]) -> list[RankSummary]:
    """The rank summaries (minimum, average and maximum of one quantity) among ``metrics``."""
    by_base: dict[str, dict[str, str]] = {}
    for name, metric in metrics.items():
        for statistic in SUMMARY_COLUMNS:
            base = _summary_base(metric, statistic)
            if base is not None:
                by_base.setdefault(base, {}).setdefault(statistic, name)
    summaries = []
    for base, found in by_base.items():
        if len(found) == 3:
            maximum = found["maximum"]
            label = maximum[len(_ALIAS_WORDS["maximum"]):] if maximum.startswith(_ALIAS_WORDS["maximum"]) else base
            summaries.append(RankSummary(found["minimum"], found["average"], maximum,
                                         _unique(f"Imbalance {label} (max/avg)", metrics)))
    return summaries


def _unique(name: str, taken) -> str:
    candidate, k = name, 2
    while candidate in taken:
        candidate, k = f"{name} [{k}]", k + 1
    return candidate


def _ratio(maximum: np.ndarray, average: np.ndarray) -> np.ndarray:
    """maximum / average; 1 where both are 0 (nothing spent, nothing imbalanced), NaN where unknown."""
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = maximum / average
    ratio[(maximum == 0) & (average == 0)] = 1.0
    ratio[~np.isfinite(ratio)] = np.nan
    return ratio


def add_imbalance(series: CaliperSeries) -> None:
    """Adds the derived metric ``Imbalance … (max/avg)`` of every rank summary and, at per-rank
    points, of every other metric (maximum over ranks / mean over ranks), in place."""
    for summary in series.summaries:
        attribute = (f"{series.metrics[summary.maximum].attribute} / {series.metrics[summary.average].attribute}")
        series.metrics[summary.imbalance] = CaliMetric(summary.imbalance, attribute,
                                                       "", derived=True)
        series.values[summary.imbalance] = [_ratio(series.values[summary.maximum][i],
                                                   series.values[summary.average][i])
                                            for i in range(len(series.points))]
    if not any(r is not None for r in series.ranks):
        return
    for name, metric in list(series.metrics.items()):
        if metric.derived or series.summary_of(name) is not None:
            continue
        derived = _unique(f"Imbalance {name} (max/avg)", series.metrics)
        arrays = []
        for i, ranks in enumerate(series.ranks):
            values = series.values[name][i]
            if ranks is None:
                arrays.append(np.full(values.shape[:2] + (1,), np.nan))
                continue
            arrays.append(_ratio(*_max_and_mean(values))[:, :, None])
        series.metrics[derived] = CaliMetric(derived, f"max/avg over ranks of {metric.attribute}", "", derived=True)
        series.values[derived] = arrays


def _max_and_mean(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Maximum and mean over the last axis ignoring NaN; NaN where a slice has no value."""
    present = ~np.isnan(values)
    count = present.sum(axis=-1)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.where(present, values, 0.0).sum(axis=-1) / count
    maximum = np.where(present, values, -np.inf).max(axis=-1)
    maximum[count == 0] = np.nan
    return maximum, mean
