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

Bounded reading (hostile or corrupt files): every member's size is checked against what the anchor
and the index announce before it is read; compressed data is inflated chunk by chunk and stops as
soon as it exceeds the size its index and system tree announce (rows x locations x item size);
``anchor.xml`` is inflated and parsed incrementally, so garbage fails at the first megabyte and a
well-formed anchor may inflate to at most ``max_anchor_bytes`` (:data:`MAX_ANCHOR_BYTES`). No step
recurses per level of the call tree or the system tree.

One deliberate difference to pycubexr: inclusive values of MINDOUBLE/MAXDOUBLE metrics are
CubeLib's (the extremum over the subtree, stored zeros included), while pycubexr skips every child
whose inclusive values are zero on all locations; the values of Cube's own CSV export confirm
CubeLib's rule (``docs/cube.md``, "Real Score-P profiles").
"""
from __future__ import annotations

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

__all__ = ["CubeProfile", "MetricInfo", "read_cubex", "NUMERIC_DTYPES", "MAX_ANCHOR_BYTES", "MAX_ANCHOR_ELEMENTS"]

#: Default limit of the (inflated) size of ``anchor.xml`` in bytes.
MAX_ANCHOR_BYTES = 256 << 20
#: Default limit of the number of XML elements of ``anchor.xml``: each costs 80-400 bytes of memory
#: once parsed (a 4-byte ``<a/>`` 83 bytes, a ``<cnode>`` with two attributes 390 bytes), so a small
#: gzip file of repeated tiny elements would otherwise need gigabytes. A Score-P anchor has about 10
#: elements per location and 2 per call path.
MAX_ANCHOR_ELEMENTS = 2_000_000
_READ_CHUNK = 1 << 20  # bytes read (and inflated) at a time
_GZIP_MAGIC = b"\x1f\x8b"
_INDEX_HEAD = 11 + 11  # "CUBEX.INDEX", endianness marker (4), version (2), format (1), count (4)

NUMERIC_DTYPES = {
    "DOUBLE": "f8", "FLOAT": "f8", "MAXDOUBLE": "f8", "MINDOUBLE": "f8",
    "CHAR": "u1", "UINT8": "u1", "INT8": "i1", "INT16": "i2", "SHORT INT": "i2", "SIGNED SHORT INT": "i2",
    "UINT16": "u2", "UNSIGNED SHORT INT": "u2", "INT": "i4", "INT32": "i4", "SIGNED INT": "i4",
    "UINT32": "u4", "UNSIGNED INT": "u4", "INT64": "i8", "INTEGER": "i8", "SIGNED INTEGER": "i8",
    "UINT64": "u8", "UNSIGNED INTEGER": "u8",
}
_MAX_UINT64_DOUBLE = 0xFFFF_FFFF_FFFF_FBFF
_INT64_MIN, _INT64_MAX = -2 ** 63, 2 ** 63 - 1


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
        nonfinite: metric name -> number of NaN or infinite values (kept as they are; Extra-P's
            modelers need finite values, so the kernels holding them are reported there).
        duplicate_locations: number of locations whose (rank, thread) pair an earlier location of
            the system tree already has (kept as separate columns).
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
    nonfinite: dict[str, int] = field(default_factory=dict)
    duplicate_locations: int = 0
    listed: dict[str, np.ndarray] = field(default_factory=dict)

    @property
    def callpaths(self) -> tuple[str, ...]:
        """Call paths of the profile, in the order of the value rows."""
        return self.tree.paths


def read_cubex(path: Union[str, os.PathLike], *, metrics: Optional[Sequence[str]] = None,
               inclusive: bool = False, max_anchor_bytes: int = MAX_ANCHOR_BYTES,
               max_anchor_elements: int = MAX_ANCHOR_ELEMENTS) -> CubeProfile:
    """Reads one ``.cubex`` profile into arrays.

    Args:
        path: the profile.
        metrics: names of top-level metrics to read (default: all).
        inclusive: return inclusive values (default: exclusive), converting where the file stores
            the other kind.
        max_anchor_bytes: largest accepted size of ``anchor.xml`` after inflating.
        max_anchor_elements: largest accepted number of XML elements in ``anchor.xml``.

    Returns:
        The profile; ``values[m][c, j]`` is metric ``m`` of call path ``tree.paths[c]`` on location
        ``j`` (row ``j`` of ``locations``).

    Raises:
        CubeFormatError: the file is missing, not a tar archive, truncated, or its anchor, index or
            data are inconsistent, or a member inflates beyond the size announced for it (or beyond
            ``max_anchor_bytes``/``max_anchor_elements`` for the anchor); the message names the file
            and the problem.
    """
    path = Path(path)
    try:
        with _open_tar(path) as tar:
            members = {m.name: m for m in tar.getmembers()}
            if "anchor.xml" not in members:
                raise CubeFormatError(f"{path}: not a Cube4 profile (the archive has no anchor.xml)")
            root = _parse_anchor(path, tar, members["anchor.xml"], max_anchor_bytes,
                                 max_anchor_elements)
            tree = _parse_call_tree(path, root)
            locations = _parse_locations(path, root)
            infos = _parse_metrics(path, root)
            selected = [m for m in infos if metrics is None or m.name in metrics]
            profile = CubeProfile(path=path, tree=tree, metrics=[], values={}, locations=locations)
            pairs = np.stack([locations.rank, locations.thread], axis=1)
            profile.duplicate_locations = len(pairs) - len(np.unique(pairs, axis=0))
            wide = None
            for info in selected:
                if info.dtype not in NUMERIC_DTYPES:
                    profile.unsupported.append(info.name)
                    continue
                index_name, data_name = f"{info.metric_id}.index", f"{info.metric_id}.data"
                if index_name not in members or data_name not in members:
                    profile.missing.append(info.name)
                    continue
                # an index lists each cnode at most once: a larger member is corrupt (checked before reading)
                _check_size(path, members[index_name], _INDEX_HEAD + 4 * len(tree),
                            f"index of metric {info.name!r} ({index_name}) is larger than {len(tree)} entries, the "
                            f"number of cnodes")
                rows, endian = _parse_index(path, info, _read_member(path, tar, members[index_name]))
                raw, wrapped = _parse_data(path, info, tar, members[data_name], len(rows), len(locations), endian)
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
                n_nonfinite = int(np.count_nonzero(~np.isfinite(values))) if values.dtype.kind == "f" else 0
                if n_nonfinite:
                    profile.nonfinite[info.name] = n_nonfinite
                profile.metrics.append(info)
                profile.values[info.name] = values
                profile.listed[info.name] = cnodes
            return profile
    except CubeFormatError:
        raise
    except MemoryError as err:
        # the one allocation that can be large: the dense (cnodes, locations) array the anchor announces
        raise CubeFormatError(f"{path}: not enough memory for the values the profile announces (call tree "
                              f"and system tree sizes): {err}") from err
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


def _open_member(path: Path, tar: tarfile.TarFile, member: tarfile.TarInfo):
    # links are not followed (tarfile would look their targets up, or fail with KeyError)
    if not member.isreg():
        raise CubeFormatError(f"{path}: member {member.name} is not a regular file")
    return tar.extractfile(member)


def _read_member(path: Path, tar: tarfile.TarFile, member: tarfile.TarInfo) -> bytes:
    handle = _open_member(path, tar, member)
    data = handle.read()
    if len(data) != member.size:
        raise CubeFormatError(f"{path}: member {member.name} is truncated ({len(data)} of {member.size} bytes)")
    return data


def _check_size(path: Path, member: tarfile.TarInfo, limit: int, problem: str) -> None:
    if member.size > limit:
        raise CubeFormatError(f"{path}: {problem} ({member.size} bytes; at most {limit} expected)")


class _AnchorLimitError(Exception):
    """Raised from inside the XML parser's callbacks when the anchor has too many elements."""


class _AnchorDoctypeError(Exception):
    """Raised from inside the XML parser's callbacks at a document type declaration."""


class _CountingTreeBuilder(ElementTree.TreeBuilder):
    """TreeBuilder that stops after ``limit`` elements, and at a DTD (Cube anchors have none; entity
    declarations could expand a small anchor manyfold)."""

    def __init__(self, limit: int):
        super().__init__()
        self._left = limit

    def start(self, tag, attrs):
        self._left -= 1
        if self._left < 0:
            raise _AnchorLimitError()
        return super().start(tag, attrs)

    def doctype(self, name, pubid, system):
        raise _AnchorDoctypeError()


def _parse_anchor(path: Path, tar: tarfile.TarFile, member: tarfile.TarInfo, limit: int,
                  max_elements: int) -> ElementTree.Element:
    """Parses ``anchor.xml`` (plain or gzip-compressed) while reading and inflating it a megabyte at a
    time: memory stays within about twice ``limit`` bytes of text and ``max_elements`` elements."""
    _check_size(path, member, limit, "anchor.xml is too large")
    handle = _open_member(path, tar, member)
    parser = ElementTree.XMLParser(target=_CountingTreeBuilder(max_elements))
    inflater, compressed, n_read, n_xml = None, False, 0, 0
    try:
        while True:
            piece = handle.read(_READ_CHUNK)
            if not piece:
                break
            if n_read == 0 and piece.startswith(_GZIP_MAGIC):
                compressed, inflater = True, zlib.decompressobj(31)
            n_read += len(piece)
            while piece:
                if not compressed:
                    out, piece = piece, b""
                else:
                    out = inflater.decompress(piece, min(_READ_CHUNK, limit - n_xml + 1))
                    if inflater.eof:  # concatenated gzip members, as gzip.decompress accepts them
                        piece = inflater.unused_data
                        inflater = zlib.decompressobj(31) if piece else inflater
                    else:
                        piece = inflater.unconsumed_tail
                n_xml += len(out)
                if n_xml > limit:
                    raise CubeFormatError(f"{path}: anchor.xml inflates to more than {limit} bytes (limit "
                                          f"max_anchor_bytes, reader option 'Anchor size limit (MiB)'; an "
                                          f"inflation bomb?)")
                if n_xml == len(out) and out and not out.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
                    # expat buffers bytes it cannot tokenise yet (e.g. NULs): fail on the first chunk
                    kind = "gzip-compressed data that is not XML" if compressed else "neither XML nor gzip"
                    raise CubeFormatError(f"{path}: anchor.xml is {kind} (starts with {out[:8]!r})")
                parser.feed(out)
        if n_read != member.size:
            raise CubeFormatError(f"{path}: member anchor.xml is truncated ({n_read} of {member.size} bytes)")
        if compressed and not inflater.eof:
            raise CubeFormatError(f"{path}: gzip-compressed anchor.xml is truncated")
        return parser.close()
    except _AnchorDoctypeError:
        raise CubeFormatError(f"{path}: anchor.xml has a document type declaration (<!DOCTYPE>); Cube anchors "
                              f"have none, and its entities could expand the anchor manyfold") from None
    except _AnchorLimitError:
        raise CubeFormatError(f"{path}: anchor.xml has more than {max_elements} XML elements (limit "
                              f"max_anchor_elements, reader option 'Anchor element limit'; each costs up to 400 "
                              f"bytes of memory)") from None
    except zlib.error as err:
        raise CubeFormatError(f"{path}: gzip-compressed anchor.xml is corrupt ({err})") from err
    except (LookupError, ValueError) as err:  # <?xml encoding="..."?>: unknown to Python, or multi-byte
        raise CubeFormatError(f"{path}: anchor.xml declares an unknown or unsupported encoding ({err})") from err
    except ElementTree.ParseError as err:
        kind = "gzip-compressed XML" if compressed else "XML"
        raise CubeFormatError(f"{path}: anchor.xml is not well-formed {kind}: {err}") from err


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

    # pycubexr's order: a node's own location groups first (each: its locations, then its nested
    # groups), then its sub-nodes; walked with a stack, as system trees can be nested arbitrarily deep
    stack = [("node", stn, "") for stn in reversed(system.findall("systemtreenode"))]
    while stack:
        kind, elem, node_name = stack.pop()
        if kind == "node":
            name = elem.findtext("name") or node_name
            stack += [("node", sub, name) for sub in reversed(elem.findall("systemtreenode"))]
            stack += [("group", lg, name) for lg in reversed(elem.findall("locationgroup"))]
            continue
        rank = _int(elem.findtext("rank"), 0)
        for loc in elem.findall("location"):
            ids.append(_int(loc.get("Id"), len(ids)))
            ranks.append(rank)
            threads.append(_int(loc.findtext("rank"), 0))
            nodes.append(node_name)
            group_of.append(elem.get("Id"))
        stack += [("group", sub, node_name) for sub in reversed(elem.findall("locationgroup"))]
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
            if any(not _INT64_MIN <= x <= _INT64_MAX for x in point):
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
    """The integer ``text`` holds, or ``default`` if it holds none or one beyond int64."""
    try:
        value = int(str(text).strip())
    except (TypeError, ValueError):
        return default
    return value if _INT64_MIN <= value <= _INT64_MAX else default


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


def _parse_data(path: Path, info: MetricInfo, tar: tarfile.TarFile, member: tarfile.TarInfo, n_rows: int,
                n_locations: int, endian: str) -> tuple[np.ndarray, Optional[tuple[int, int]]]:
    """Values (rows, locations) in the file's dtype, and (count, most negative value) of UINT64
    values above ``0xFFFF_FFFF_FFFF_FBFF`` (set to 0), or None.

    The size of the values is known from the index (rows) and the system tree (locations) before
    anything is read: an uncompressed member must have exactly that size, a compressed one is
    inflated chunk by chunk and rejected as soon as it inflates beyond it.
    """
    handle = _open_member(path, tar, member)
    dtype = np.dtype(NUMERIC_DTYPES[info.dtype]).newbyteorder(endian)
    expected = n_rows * n_locations
    nbytes = expected * dtype.itemsize
    head = handle.read(11)
    if head.startswith(b"CUBEX.DATA"):
        body_size = member.size - len(b"CUBEX.DATA")
        if body_size != nbytes:
            raise CubeFormatError(f"{path}: data of metric {info.name!r} holds {body_size // dtype.itemsize} values, "
                                  f"expected {n_rows} cnodes x {n_locations} locations = {expected} (truncated, or "
                                  f"location count differs from the system tree)")
        rest = head[len(b"CUBEX.DATA"):]
        body = rest + handle.read(body_size - len(rest))
        if len(body) != body_size:
            raise CubeFormatError(f"{path}: member {member.name} is truncated")
    elif head == b"ZCUBEX.DATA":
        body = _inflate(path, info, handle, member.size - len(head), endian, nbytes)
        if len(body) != nbytes:
            raise CubeFormatError(f"{path}: data of metric {info.name!r} holds {len(body) // dtype.itemsize} values, "
                                  f"expected {n_rows} cnodes x {n_locations} locations = {expected} (truncated, or "
                                  f"location count differs from the system tree)")
    else:
        raise CubeFormatError(f"{path}: data of metric {info.name!r} ({info.metric_id}.data) has no valid header")
    values = np.frombuffer(body, dtype=dtype).reshape(n_rows, n_locations)
    if info.dtype in ("UINT64", "UNSIGNED INTEGER") and values.size and values.max() > _MAX_UINT64_DOUBLE:
        huge = values > _MAX_UINT64_DOUBLE
        most_negative = int(values[huge].astype(np.uint64).view(np.int64).min())
        return np.where(huge, 0, values).astype(dtype), (int(np.count_nonzero(huge)), most_negative)
    return values, None


def _inflate(path: Path, info: MetricInfo, handle, size: int, endian: str, expected: int) -> bytearray:
    """Inflates the zlib chunks of a ``ZCUBEX.DATA`` member (``size`` bytes after the magic).

    Layout: chunk count (int64), then per chunk (uncompressed offset, compressed offset, compressed
    size) as int64, then the chunks. The chunk table is checked against ``size`` before anything
    is inflated, and inflating stops once the output exceeds ``expected`` bytes.
    """
    def corrupt(problem: str) -> CubeFormatError:
        return CubeFormatError(f"{path}: compressed data of metric {info.name!r} is corrupt: {problem}")

    raw_n = handle.read(8)
    if len(raw_n) != 8:
        raise corrupt("no chunk count")
    (n,) = struct.unpack(f"{endian}q", raw_n)
    if n < 0 or 8 + 24 * n > size:
        raise corrupt(f"{n} chunks announced, the member has room for at most {max(size - 8, 0) // 24}")
    table = handle.read(24 * n)
    if len(table) != 24 * n:
        raise corrupt("truncated chunk table")
    sizes = np.frombuffer(table, dtype=f"{endian}i8").reshape(n, 3)[:, 2]
    if n and (sizes.min() < 0 or int(sizes.sum()) != size - 8 - 24 * n):
        raise corrupt(f"chunk sizes add up to {int(sizes.sum())} bytes, the member holds {size - 8 - 24 * n}")
    out = bytearray()
    for chunk_size in sizes.tolist():
        if not chunk_size:
            continue
        inflater, left = zlib.decompressobj(), chunk_size
        while left:
            piece = handle.read(min(left, _READ_CHUNK))
            if not piece:
                raise corrupt("truncated chunk")
            left -= len(piece)
            while piece:
                try:
                    out += inflater.decompress(piece, expected - len(out) + 1)
                except zlib.error as err:
                    raise corrupt(str(err)) from err
                if len(out) > expected:
                    raise CubeFormatError(
                        f"{path}: compressed data of metric {info.name!r} inflates to more than the {expected} "
                        f"bytes its index and the system tree announce (an inflation bomb?)")
                piece = inflater.unconsumed_tail
                if inflater.eof and (piece or inflater.unused_data or left):
                    raise corrupt("bytes after the end of a chunk")
        if not inflater.eof:
            raise corrupt("a chunk ends before its zlib stream")
    return out


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
