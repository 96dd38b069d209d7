"""Reads one Cube4 profile (``.cubex``) into numpy arrays, without pycubexr objects per value.

Semantics follow pycubexr (which Extra-P's ``--cube`` reader uses), so that aggregates computed
from these arrays equal Extra-P's:

* only the top-level metrics of the metric tree are read (as Extra-P does);
* row ``t`` of an exclusive metric's data belongs to the ``t``-th cnode in depth-first pre-order,
  of an inclusive metric to the ``t``-th cnode of Cube's "wide" enumeration; cnodes missing from
  the sparse index are zero;
* column ``j`` belongs to location ``j`` in system-tree order; UINT64 values above
  ``0xFFFF_FFFF_FFFF_FBFF`` read as 0 (CubeLib's behaviour; Score-P stores negative counter
  readings that way, and :attr:`CubeProfile.wrapped` reports them);
* index and data are in the byte order announced by the index header (big-endian on Blue Gene);
* converting inclusive <-> exclusive sums children in pre-order, with unsigned results clamped at 0
  (:attr:`CubeProfile.clamped` counts them).

One deliberate difference to pycubexr: inclusive values of MINDOUBLE/MAXDOUBLE metrics are
CubeLib's (the extremum over the subtree, stored zeros included), while pycubexr skips every child
whose inclusive values are zero on all locations; the values of Cube's own CSV export confirm
CubeLib's rule (``docs/cube.md``, "Real Score-P profiles").
"""
from __future__ import annotations

import gzip
import os
import struct
import tarfile
import warnings
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence, Union
from xml.etree import ElementTree

import numpy as np

from extrap_segmented.cube.tree import (SEPARATOR, CallTree, extremum_to_inclusive, to_exclusive_counting,
                                       to_inclusive, wide_enumeration)
from extrap_segmented.exceptions import CubeDataWarning, CubeFormatError
from extrap_segmented.locations import LocationTable

__all__ = ["CubeProfile", "MetricInfo", "read_cubex", "NUMERIC_DTYPES"]

NUMERIC_DTYPES = {
    "DOUBLE": "f8", "FLOAT": "f8", "MAXDOUBLE": "f8", "MINDOUBLE": "f8",
    "CHAR": "u1", "UINT8": "u1", "INT8": "i1", "INT16": "i2", "SHORT INT": "i2", "SIGNED SHORT INT": "i2",
    "UINT16": "u2", "UNSIGNED SHORT INT": "u2", "INT": "i4", "INT32": "i4", "SIGNED INT": "i4",
    "UINT32": "u4", "UNSIGNED INT": "u4", "INT64": "i8", "INTEGER": "i8", "SIGNED INTEGER": "i8",
    "UINT64": "u8", "UNSIGNED INTEGER": "u8",
}
_MAX_UINT64_DOUBLE = 0xFFFF_FFFF_FFFF_FBFF


@dataclass(frozen=True)
class MetricInfo:
    """A metric defined in a profile.

    Attributes:
        name: unique name (``uniq_name``).
        dtype: Cube data type (``"DOUBLE"``, ``"UINT64"``, ...).
        kind: ``"EXCLUSIVE"`` or ``"INCLUSIVE"``: how the file stores it.
        unit: unit of measurement.
        metric_id: id of the metric in the file (name of its ``<id>.index``/``.data`` members).
    """

    name: str
    dtype: str
    kind: str
    unit: str
    metric_id: int


@dataclass
class CubeProfile:
    """Values of one profile.

    Attributes:
        path: the file read.
        tree: the call tree (pre-order); ``tree.paths`` are Extra-P call-path strings.
        metrics: metrics whose values were read, in file order.
        values: metric name -> float64 array (call paths, locations), exclusive or inclusive as
            requested from :func:`read_cubex`.
        locations: identity of the columns.
        missing: names of metrics the anchor defines but whose data the file lacks.
        unsupported: names of metrics skipped because their data type is not a plain number.
        negative: metric name -> number of negative values (kept as they are).
        wrapped: metric name -> (count, most negative value) of UINT64 values above
            ``0xFFFF_FFFF_FFFF_FBFF``, i.e. negative counter readings stored as unsigned; read as 0.
        clamped: metric name -> number of exclusive values of an unsigned metric stored inclusively
            that would be negative (children's sum above the parent's) and are clamped at 0.
        listed: metric name -> int64 pre-order indices of the cnodes the file's index lists, in
            index order (cnodes not listed are zero; Extra-P creates measurements only for listed ones).
    """

    path: Path
    tree: CallTree
    metrics: list[MetricInfo]
    values: dict[str, np.ndarray]
    locations: LocationTable
    missing: list[str] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)
    negative: dict[str, int] = field(default_factory=dict)
    wrapped: dict[str, tuple[int, int]] = field(default_factory=dict)
    clamped: dict[str, int] = field(default_factory=dict)
    listed: dict[str, np.ndarray] = field(default_factory=dict)

    @property
    def callpaths(self) -> tuple[str, ...]:
        """Call paths of the profile, in the order of the value rows."""
        return self.tree.paths


def read_cubex(path: Union[str, os.PathLike], *, metrics: Optional[Sequence[str]] = None,
               inclusive: bool = False) -> CubeProfile:
    """Reads one ``.cubex`` profile into arrays.

    Args:
        path: the profile.
        metrics: names of top-level metrics to read (default: all).
        inclusive: return inclusive values (default: exclusive), converting where the file stores
            the other kind.

    Returns:
        The profile; ``values[m][c, j]`` is metric ``m`` of call path ``tree.paths[c]`` on location
        ``j`` (row ``j`` of ``locations``).

    Raises:
        CubeFormatError: the file is missing, not a tar archive, truncated, or its anchor, index or
            data are inconsistent; the message names the file and the problem.
    """
    path = Path(path)
    try:
        with _open_tar(path) as tar:
            members = {m.name: m for m in tar.getmembers()}
            if "anchor.xml" not in members:
                raise CubeFormatError(f"{path}: not a Cube4 profile (the archive has no anchor.xml)")
            root = _parse_anchor(path, _read_member(path, tar, members["anchor.xml"]))
            tree = _parse_call_tree(path, root)
            locations = _parse_locations(path, root)
            infos = _parse_metrics(path, root)
            selected = [m for m in infos if metrics is None or m.name in metrics]
            profile = CubeProfile(path=path, tree=tree, metrics=[], values={}, locations=locations)
            wide = None
            for info in selected:
                if info.dtype not in NUMERIC_DTYPES:
                    profile.unsupported.append(info.name)
                    continue
                index_name, data_name = f"{info.metric_id}.index", f"{info.metric_id}.data"
                if index_name not in members or data_name not in members:
                    profile.missing.append(info.name)
                    continue
                rows, endian = _parse_index(path, info, _read_member(path, tar, members[index_name]))
                raw, wrapped = _parse_data(path, info, _read_member(path, tar, members[data_name]), len(rows),
                                           len(locations), endian)
                if wrapped:
                    profile.wrapped[info.name] = wrapped
                if info.kind == "INCLUSIVE":
                    wide = wide if wide is not None else wide_enumeration(tree)
                    if rows.max(initial=-1) >= len(wide):
                        raise CubeFormatError(f"{path}: index of metric {info.name!r} lists row "
                                              f"{int(rows.max())}, the call tree has {len(wide)} cnodes")
                    cnodes = wide[rows]
                else:
                    if rows.max(initial=-1) >= len(tree):
                        raise CubeFormatError(f"{path}: index of metric {info.name!r} lists row "
                                              f"{int(rows.max())}, the call tree has {len(tree)} cnodes")
                    cnodes = rows
                full = np.zeros((len(tree), len(locations)), dtype=raw.dtype.newbyteorder("="))
                full[cnodes] = raw
                full, clamped = _convert(full, info, tree, inclusive, cnodes)
                if clamped:
                    profile.clamped[info.name] = clamped
                values = full.astype(np.float64, copy=False)
                n_negative = int(np.count_nonzero(values < 0)) if values.dtype.kind == "f" else 0
                if n_negative:
                    profile.negative[info.name] = n_negative
                profile.metrics.append(info)
                profile.values[info.name] = values
                profile.listed[info.name] = cnodes
            return profile
    except CubeFormatError:
        raise
    except (tarfile.TarError, EOFError, OSError, zlib.error) as err:
        raise CubeFormatError(f"{path}: cannot read the Cube profile (truncated or corrupt?): {err}") from err


def _with_valid_checksum(header: bytes) -> bytes:
    """A 512-byte tar header with its checksum field recomputed (other blocks unchanged)."""
    if len(header) != tarfile.BLOCKSIZE or header.count(tarfile.NUL) == tarfile.BLOCKSIZE:
        return header
    checksum = 256 + sum(header[:148]) + sum(header[156:])  # the field itself counts as 8 spaces
    return header[:148] + b"%07o\0" % checksum + header[156:]


class _TarInfoIgnoringChecksum(tarfile.TarInfo):
    """Tar header that accepts wrong checksums, as CubeLib and pycubexr do (without pycubexr's
    warning per header: :func:`_open_tar` warns once per file)."""

    @classmethod
    def frombuf(cls, buf, encoding, errors):
        """Parses a header after recomputing its checksum."""
        return super().frombuf(_with_valid_checksum(buf), encoding, errors)

    @classmethod
    def _frombuf(cls, buf, encoding, errors, **options):
        """Parses a header after recomputing its checksum (Python versions with ``_frombuf``)."""
        return super()._frombuf(_with_valid_checksum(buf), encoding, errors, **options)


def _open_tar(path: Path) -> tarfile.TarFile:
    if not path.is_file():
        raise CubeFormatError(f"{path}: no such file")
    try:
        return tarfile.open(path, "r:")
    except tarfile.ReadError as err:
        if "checksum" not in str(err):
            raise CubeFormatError(f"{path}: not a Cube4 profile (not a tar archive: {err})") from err
    # CubeWriter 4.8 sometimes writes wrong tar header checksums; CubeLib and pycubexr ignore them
    try:
        tar = tarfile.open(path, "r:", tarinfo=_TarInfoIgnoringChecksum)
        tar.getmembers()  # reads every header now, so that a broken one is reported here
    except tarfile.ReadError as err:
        raise CubeFormatError(f"{path}: not a Cube4 profile (not a tar archive: {err})") from err
    warnings.warn(f"{path}: the tar headers have wrong checksums (a known bug of CubeWriter 4.8); read without "
                  f"checking them, as CubeLib and pycubexr do", CubeDataWarning, stacklevel=4)
    return tar


def _read_member(path: Path, tar: tarfile.TarFile, member: tarfile.TarInfo) -> bytes:
    handle = tar.extractfile(member)
    if handle is None:
        raise CubeFormatError(f"{path}: member {member.name} is not a regular file")
    data = handle.read()
    if len(data) != member.size:
        raise CubeFormatError(f"{path}: member {member.name} is truncated ({len(data)} of {member.size} bytes)")
    return data


def _parse_anchor(path: Path, raw: bytes) -> ElementTree.Element:
    if not raw.startswith(b"<?xml"):
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError, zlib.error) as err:
            raise CubeFormatError(f"{path}: anchor.xml is neither XML nor gzip-compressed XML ({err})") from err
    try:
        return ElementTree.fromstring(raw)
    except ElementTree.ParseError as err:
        raise CubeFormatError(f"{path}: anchor.xml is not well-formed XML: {err}") from err


def _parse_metrics(path: Path, root: ElementTree.Element) -> list[MetricInfo]:
    node = root.find("metrics")
    if node is None:
        raise CubeFormatError(f"{path}: anchor.xml has no <metrics> section")
    out = []
    for m in node.findall("metric"):
        name = m.findtext("uniq_name")
        kind = m.get("type", "EXCLUSIVE")
        if kind not in ("EXCLUSIVE", "INCLUSIVE"):
            # derived metrics (PREDERIVED_*, POSTDERIVED) have no data of their own
            continue
        try:
            metric_id = int(m.get("id"))
        except (TypeError, ValueError) as err:
            raise CubeFormatError(f"{path}: metric {name!r} has no valid id") from err
        out.append(MetricInfo(name=name or f"metric{metric_id}", dtype=(m.findtext("dtype") or "").strip(),
                              kind=kind, unit=m.findtext("uom") or "", metric_id=metric_id))
    return out


def _parse_call_tree(path: Path, root: ElementTree.Element) -> CallTree:
    program = root.find("program")
    if program is None:
        raise CubeFormatError(f"{path}: anchor.xml has no <program> section")
    regions = {}
    for r in program.findall("region"):
        regions[r.get("id")] = r.findtext("name") or ""
    paths, names, parent, depth = [], [], [], []
    stack = [(c, -1, 0, "") for c in reversed(program.findall("cnode"))]
    if not stack:
        raise CubeFormatError(f"{path}: the call tree is empty")
    while stack:
        node, par, dep, prefix = stack.pop()
        callee = node.get("calleeId")
        if callee not in regions:
            raise CubeFormatError(f"{path}: cnode {node.get('id')} calls unknown region {callee}")
        name = regions[callee]
        full = f"{prefix}{SEPARATOR}{name}" if prefix else name
        pos = len(paths)
        paths.append(full)
        names.append(name)
        parent.append(par)
        depth.append(dep)
        for child in reversed(node.findall("cnode")):
            stack.append((child, pos, dep + 1, full))
    return CallTree(paths=tuple(paths), names=tuple(names), parent=np.asarray(parent, dtype=np.int64),
                    depth=np.asarray(depth, dtype=np.int64))


def _parse_locations(path: Path, root: ElementTree.Element) -> LocationTable:
    system = root.find("system")
    if system is None:
        raise CubeFormatError(f"{path}: anchor.xml has no <system> section")
    ids, ranks, threads, nodes, group_of = [], [], [], [], []

    def groups(stn, node_name):
        # pycubexr's order: a node's own location groups first, then those of its sub-nodes
        name = stn.findtext("name") or node_name
        for lg in stn.findall("locationgroup"):
            yield from _group_locations(lg, name)
        for sub in stn.findall("systemtreenode"):
            yield from groups(sub, name)

    def _group_locations(lg, node_name):
        rank = _int(lg.findtext("rank"), 0)
        for loc in lg.findall("location"):
            yield loc, rank, node_name, lg.get("Id")
        for sub in lg.findall("locationgroup"):
            yield from _group_locations(sub, node_name)

    for stn in system.findall("systemtreenode"):
        for loc, rank, node_name, lg_id in groups(stn, ""):
            ids.append(_int(loc.get("Id"), len(ids)))
            ranks.append(rank)
            threads.append(_int(loc.findtext("rank"), 0))
            nodes.append(node_name)
            group_of.append(lg_id)
    if not ids:
        raise CubeFormatError(f"{path}: the system tree has no locations")
    coords, dims, periodic, topo_name = _parse_topology(system, ids, group_of)
    return LocationTable(rank=np.asarray(ranks, dtype=np.int64), thread=np.asarray(threads, dtype=np.int64),
                         node=np.asarray(nodes, dtype=str), coords=coords, topology_dims=dims,
                         periodic=periodic, topology_name=topo_name)


def _parse_topology(system, ids, group_of):
    """First Cartesian topology whose coordinates cover every location, else (None, None, None, '')."""
    for cart in system.iterfind("topologies/cart"):
        dim_nodes = cart.findall("dim")
        dims = tuple(_int(d.get("size"), 0) for d in dim_nodes)
        periodic = tuple((d.get("periodic") or "").lower() == "true" for d in dim_nodes)
        by_loc, by_group = {}, {}
        for c in cart.findall("coord"):
            try:
                point = [int(x) for x in (c.text or "").split()]
            except ValueError:
                continue
            if len(point) != len(dims):
                continue
            if c.get("locId") is not None:
                by_loc[_int(c.get("locId"), -1)] = point
            elif c.get("lgId") is not None:
                by_group[c.get("lgId")] = point
            elif c.get("thrdId") is not None:
                by_loc[_int(c.get("thrdId"), -1)] = point
            elif c.get("procId") is not None:
                by_group[c.get("procId")] = point
        rows = [by_loc.get(i, by_group.get(g)) for i, g in zip(ids, group_of)]
        if dims and all(r is not None for r in rows):
            return (np.asarray(rows, dtype=np.int64).reshape(len(ids), len(dims)), dims, periodic,
                    cart.get("name") or "")
    return None, None, None, ""


def _int(text, default):
    try:
        return int(str(text).strip())
    except (TypeError, ValueError):
        return default


def _parse_index(path: Path, info: MetricInfo, raw: bytes) -> tuple[np.ndarray, str]:
    """Row numbers listed by an index, and the byte order (``"<"``/``">"``) of index and data.

    The int32 1 after the header tells the byte order of the machine that wrote the file (e.g.
    ``">"`` for Blue Gene profiles); the data member of the metric is in the same order.
    """
    head = b"CUBEX.INDEX"
    if not raw.startswith(head) or len(raw) < len(head) + 11:
        raise CubeFormatError(f"{path}: index of metric {info.name!r} ({info.metric_id}.index) has no valid header")
    endian = "<" if struct.unpack_from("<i", raw, len(head))[0] == 1 else ">"
    fmt = raw[len(head) + 6]
    if fmt != 1:
        raise CubeFormatError(f"{path}: index of metric {info.name!r} uses index format {fmt}; only sparse "
                              f"indexes (1), as Score-P writes them, are supported")
    n = struct.unpack_from(f"{endian}i", raw, len(head) + 7)[0]
    body = raw[len(head) + 11:]
    if n < 0 or len(body) != 4 * n:
        raise CubeFormatError(f"{path}: index of metric {info.name!r} announces {n} entries but holds "
                              f"{len(body) // 4} (truncated or corrupt)")
    rows = np.frombuffer(body, dtype=f"{endian}i4").astype(np.int64)
    if n and rows.min() < 0:
        raise CubeFormatError(f"{path}: index of metric {info.name!r} lists a negative row")
    return rows, endian


def _parse_data(path: Path, info: MetricInfo, raw: bytes, n_rows: int, n_locations: int,
                endian: str) -> tuple[np.ndarray, Optional[tuple[int, int]]]:
    """Values (rows, locations) in the file's dtype, and (count, most negative value) of UINT64
    values above ``0xFFFF_FFFF_FFFF_FBFF`` (set to 0), or None."""
    if raw.startswith(b"CUBEX.DATA"):
        body = raw[len(b"CUBEX.DATA"):]
    elif raw.startswith(b"ZCUBEX.DATA"):
        body = _decompress(path, info, raw[len(b"ZCUBEX.DATA"):], endian)
    else:
        raise CubeFormatError(f"{path}: data of metric {info.name!r} ({info.metric_id}.data) has no valid header")
    dtype = np.dtype(NUMERIC_DTYPES[info.dtype]).newbyteorder(endian)
    expected = n_rows * n_locations
    if len(body) != expected * dtype.itemsize:
        raise CubeFormatError(f"{path}: data of metric {info.name!r} holds {len(body) // dtype.itemsize} values, "
                              f"expected {n_rows} cnodes x {n_locations} locations = {expected} (truncated, or "
                              f"location count differs from the system tree)")
    values = np.frombuffer(body, dtype=dtype).reshape(n_rows, n_locations)
    if info.dtype in ("UINT64", "UNSIGNED INTEGER") and values.size and values.max() > _MAX_UINT64_DOUBLE:
        huge = values > _MAX_UINT64_DOUBLE
        most_negative = int(values[huge].astype(np.uint64).view(np.int64).min())
        return np.where(huge, 0, values).astype(dtype), (int(np.count_nonzero(huge)), most_negative)
    return values, None


def _decompress(path: Path, info: MetricInfo, body: bytes, endian: str) -> bytes:
    try:
        (n,) = struct.unpack_from(f"{endian}q", body, 0)
        headers = np.frombuffer(body, dtype=f"{endian}i8", count=3 * n, offset=8).reshape(n, 3)
        pos = 8 + 24 * n
        parts = []
        for _, _, size in headers.tolist():
            if size:
                parts.append(zlib.decompress(body[pos:pos + size]))
                pos += size
        return b"".join(parts)
    except (struct.error, ValueError, zlib.error) as err:
        raise CubeFormatError(f"{path}: compressed data of metric {info.name!r} is corrupt: {err}") from err


def _convert(full: np.ndarray, info: MetricInfo, tree: CallTree, inclusive: bool,
             listed: np.ndarray) -> tuple[np.ndarray, int]:
    """Values of the requested kind, and the number of unsigned values clamped at 0."""
    stored_inclusive = info.kind == "INCLUSIVE"
    if stored_inclusive == inclusive:
        return full, 0
    if info.dtype in ("MAXDOUBLE", "MINDOUBLE"):
        if inclusive:
            return extremum_to_inclusive(full, tree, listed, maximum=info.dtype == "MAXDOUBLE"), 0
        return _extremum_to_exclusive(full, tree, np.maximum if info.dtype == "MAXDOUBLE" else np.minimum), 0
    return (to_inclusive(full, tree), 0) if inclusive else to_exclusive_counting(full, tree)


def _extremum_to_exclusive(full, tree, op):
    """pycubexr's "exclusive" of an inclusively stored MIN/MAXDOUBLE metric: the extremum with every
    child that is not zero everywhere. (Score-P stores these metrics exclusively; kept as Extra-P
    computes it, since no Cube export is at hand to check it against.)"""
    out = full.copy()
    for node in np.flatnonzero(tree.parent >= 0):
        if full[node].any():
            out[tree.parent[node]] = op(out[tree.parent[node]], full[node])
    return out
