"""One Caliper ``.cali`` profile as numpy arrays.

Parsed with LLNL's ``caliper-reader`` (the reader Hatchet and Thicket use), then reduced to what
modeling needs, following Hatchet's rules so that a Thicket user sees the same numbers:

* a *region record* is a snapshot record with a region path (Caliper's nested attributes, e.g.
  ``function``, ``loop``, ``region``, ``mpi.function``) in the region profile (``spot.channel`` absent
  or ``regionprofile``; time-series and other channels are left out);
* its *metrics* are the numeric attributes stored as values (``as_value``), named by their
  ``attribute.alias`` (``Avg time/rank``) when the file gives one and no other metric has the same
  alias, else by the attribute name (``avg#inclusive#sum#time.duration``); hidden attributes are
  not read (caliper-reader drops them, as Thicket does), nor is ``aggregate.slot`` (*Node order*);
* records of one region path (and rank) are added up, as Hatchet does, with one note;
* records carrying ``mpi.rank`` give one value per rank; a rank without a record of a region
  holds 0 there (the region was not entered), as in Hatchet.

Call paths are the region names joined by ``->`` (Extra-P's separator).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Union

import numpy as np

from extrap_segmented.exceptions import CaliperFormatError

__all__ = ["CaliMetric", "CaliProfile", "read_cali", "RANK_ATTRIBUTE", "SEPARATOR"]

#: Attribute that identifies the MPI rank of a record (or, as a global, of a whole file).
RANK_ATTRIBUTE = "mpi.rank"
#: Extra-P's call-path separator.
SEPARATOR = "->"
_NUMERIC_TYPES = ("double", "int", "uint")
_REGION_CHANNEL = "regionprofile"


@dataclass(frozen=True)
class CaliMetric:
    """A metric as Caliper recorded it.

    Attributes:
        name: the name shown to users (the alias, else the attribute name).
        attribute: Caliper's attribute name (``avg#inclusive#sum#time.duration``); for a metric
            derived by this package, a description such as ``max#x / avg#x``.
        unit: ``attribute.unit`` (``sec``) or ''.
        derived: True for metrics computed by this package (imbalance), not read from a file.
    """

    name: str
    attribute: str
    unit: str = ""
    derived: bool = False


@dataclass
class CaliProfile:
    """The region records of one ``.cali`` file.

    Attributes:
        path: the file.
        globals: Caliper's global attributes (run metadata) as caliper-reader returns them
            (strings, or lists of strings for repeated attributes).
        callpaths: region paths in the order of first appearance.
        metrics: metric name -> :class:`CaliMetric`.
        values: metric name -> float64 array, shape (call paths,) or, when :attr:`ranks` is set,
            (call paths, ranks); NaN where a call path has no value of that metric.
        ranks: MPI rank of each column when the records carry ``mpi.rank``, else None.
        notes: unusual things about the data, each naming the file (records added up, records
            without a region or rank left out).
    """

    path: Path
    globals: dict[str, Any]
    callpaths: tuple[str, ...]
    metrics: dict[str, CaliMetric]
    values: dict[str, np.ndarray]
    ranks: Optional[np.ndarray] = None
    notes: list[str] = field(default_factory=list)

    def global_number(self, name: str) -> Optional[float]:
        """The global ``name`` as a float, or None if absent or not a single number."""
        value = self.globals.get(name)
        if isinstance(value, str):
            try:
                number = float(value)
            except ValueError:
                return None
            return number if np.isfinite(number) else None
        return None

    def numeric_globals(self) -> dict[str, float]:
        """Every global that is a single finite number (candidates for scaling parameters)."""
        numbers = {name: self.global_number(name) for name in self.globals}
        return {name: value for name, value in numbers.items() if value is not None}


def read_cali(path: Union[str, os.PathLike], *, rank_attribute: str = RANK_ATTRIBUTE) -> CaliProfile:
    """Reads the region records of one ``.cali`` file.

    Args:
        path: the file.
        rank_attribute: attribute naming the MPI rank of a record.

    Raises:
        CaliperFormatError: naming the file: empty, truncated (no final newline, no globals
            record), not Caliper's format, or no region record with a numeric metric.
    """
    from caliperreader import CaliperStreamReader

    path = Path(path)
    _check_complete(path)
    stream = CaliperStreamReader()
    collector = _Collector(stream, rank_attribute)
    try:
        # caliper-reader opens paths in the locale's encoding; Caliper writes UTF-8. Undecodable
        # bytes become U+FFFD (a binary file then fails on its first line, a name keeps the rest).
        with open(path, encoding="utf-8", errors="replace", newline="") as handle:
            stream.read(handle, collector.add)
    except OSError as error:
        raise CaliperFormatError(f"{path}: cannot be read ({error.strerror or error})") from error
    except Exception as error:  # caliper-reader's ReaderError, or KeyError/IndexError on broken references
        raise CaliperFormatError(f"{path}: not a readable Caliper .cali file ({_describe(error)})") from error
    if not stream.globals:
        raise CaliperFormatError(f"{path}: has no global attributes (Caliper writes them last, so the file is "
                                 f"probably truncated)")
    return collector.profile(path, dict(stream.globals))


def _check_complete(path: Path) -> None:
    try:
        size = path.stat().st_size
        if path.is_dir():
            raise CaliperFormatError(f"{path}: is a directory, not a .cali file")
        if size == 0:
            raise CaliperFormatError(f"{path}: is empty")
        with open(path, "rb") as handle:
            head = handle.read(6)
            handle.seek(size - 1)
            last = handle.read(1)
    except OSError as error:
        raise CaliperFormatError(f"{path}: cannot be read ({error.strerror or error})") from error
    if head != b"__rec=":
        raise CaliperFormatError(f"{path}: not a Caliper .cali file (it does not start with a '__rec=' record; "
                                 f"starts with {head!r})")
    if last != b"\n":
        raise CaliperFormatError(f"{path}: ends in the middle of a record (truncated?)")


def _describe(error: Exception) -> str:
    message = getattr(error, "message", None) or str(error)
    if isinstance(error, KeyError):
        message = f"a record refers to node {message}, which the file does not define"
    return f"{type(error).__name__}: {message.strip()[:200]}"


class _Collector:
    """Receives caliper-reader's expanded records and keeps the region records' metric values."""

    def __init__(self, stream, rank_attribute: str):
        self.stream = stream
        self.rank_attribute = rank_attribute
        self.kinds: dict[str, bool] = {}       # attribute -> is a metric
        self.rows: dict[tuple[str, Optional[int]], dict[str, float]] = {}
        self.order: dict[str, int] = {}        # call path -> first appearance
        self.metric_attributes: dict[str, None] = {}
        self.combined = self.without_region = self.other_channel = self.without_rank = self.non_numeric = 0
        self.with_rank = 0

    def _is_metric(self, name: str) -> bool:
        kind = self.kinds.get(name)
        if kind is None:
            attribute = self.stream.attribute(name)
            # aggregate.slot ("Node order") numbers the regions for ordering; Hatchet drops it too
            kind = (name != self.rank_attribute and not name.endswith("aggregate.slot")
                    and attribute.is_value() and not attribute.is_nested()
                    and not attribute.is_global() and attribute.attribute_type() in _NUMERIC_TYPES)
            self.kinds[name] = kind
        return kind

    def add(self, record: dict) -> None:
        path = record.get("path")
        if not path:
            self.without_region += 1
            return
        channel = record.get("spot.channel")
        if channel is not None and channel != _REGION_CHANNEL:
            self.other_channel += 1
            return
        callpath = SEPARATOR.join(path) if isinstance(path, list) else str(path)
        rank = record.get(self.rank_attribute)
        if rank is not None:
            try:
                rank = int(rank if not isinstance(rank, list) else rank[-1])
            except ValueError:
                rank = None
        values = {}
        for name, value in record.items():
            if name == "path" or not self._is_metric(name):
                continue
            try:
                values[name] = sum(float(v) for v in value) if isinstance(value, list) else float(value)
            except ValueError:
                self.non_numeric += 1
        if not values:
            return
        self.with_rank += rank is not None
        key = (callpath, rank)
        row = self.rows.get(key)
        if row is None:
            self.rows[key] = values
            self.order.setdefault(callpath, len(self.order))
        else:
            self.combined += 1
            for name, value in values.items():
                row[name] = row.get(name, 0.0) + value
        self.metric_attributes.update(dict.fromkeys(values))

    def profile(self, path: Path, globals_: dict) -> CaliProfile:
        if not self.rows:
            seen = []
            if self.without_region:
                seen.append(f"{self.without_region} without a region path")
            if self.other_channel:
                seen.append(f"{self.other_channel} of other spot channels (time series)")
            raise CaliperFormatError(f"{path}: has no region records (snapshot records with a region path and a "
                                     f"numeric metric)" + (f"; it holds records {', '.join(seen)}" if seen else ""))
        notes = []
        per_rank = self.with_rank > 0
        if per_rank and self.with_rank < len(self.rows):
            dropped = [key for key in self.rows if key[1] is None]
            for key in dropped:
                del self.rows[key]
            notes.append(f"{path}: {len(dropped)} region records without {self.rank_attribute} left out (the "
                         f"other records carry one)")
        if self.combined:
            notes.append(f"{path}: {self.combined} region records repeat the region path of an earlier one"
                         + (" and rank" if per_rank else "") + "; their values were added up, as Hatchet does")
        if self.non_numeric:
            notes.append(f"{path}: {self.non_numeric} metric values are not numbers and were left out")
        if self.other_channel:
            notes.append(f"{path}: {self.other_channel} records of other spot channels (time series) left out")
        callpaths = tuple(sorted({c for c, _ in self.rows}, key=self.order.__getitem__))
        index = {c: i for i, c in enumerate(callpaths)}
        metrics = _metric_names(self.stream, list(self.metric_attributes))
        ranks = None
        if per_rank:
            ranks = np.array(sorted({r for _, r in self.rows}), dtype=np.int64)
            column = {int(r): j for j, r in enumerate(ranks)}
            shape = (len(callpaths), len(ranks))
        else:
            shape = (len(callpaths),)
        arrays = {attribute: np.full(shape, np.nan) for attribute in self.metric_attributes}
        for (callpath, rank), row in self.rows.items():
            at = (index[callpath], column[rank]) if per_rank else index[callpath]
            for attribute, value in row.items():
                arrays[attribute][at] = value
        if per_rank:
            for array in arrays.values():
                # a rank without a record of a region that other ranks recorded did not enter it
                measured = ~np.all(np.isnan(array), axis=1)
                array[measured] = np.nan_to_num(array[measured], nan=0.0)
        values = {metrics[a].name: arrays[a] for a in self.metric_attributes}
        return CaliProfile(path, globals_, callpaths, {m.name: m for m in metrics.values()}, values, ranks, notes)


def _metric_names(stream, attributes: list[str]) -> dict[str, CaliMetric]:
    """attribute -> CaliMetric, named by alias where the alias is unique among the metrics."""
    aliases, units = {}, {}
    for name in attributes:
        attribute = stream.attribute(name)
        alias, unit = attribute.get("attribute.alias"), attribute.get("attribute.unit")
        aliases[name] = alias if isinstance(alias, str) and alias else name
        units[name] = unit if isinstance(unit, str) else ""
    taken = [aliases[n] for n in attributes] + [n for n in attributes if aliases[n] != n]
    result = {}
    for name in attributes:
        shown = aliases[name] if taken.count(aliases[name]) == 1 else name
        result[name] = CaliMetric(shown, name, units[name])
    return result
