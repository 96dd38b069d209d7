"""Writes Cube4 profiles (``.cubex``) from numpy arrays.

The files hold the subset of Cube4 that Score-P's profiles use and that pycubexr, Extra-P's
``--cube`` reader and this package's per-rank reader understand (see ``docs/cube.md``):

* ``anchor.xml``: metric definitions (all at the top level of the metric tree), regions, one call
  tree with a single root, a system tree ``machine -> node -> MPI rank (process) -> thread`` and an
  optional Cartesian topology with coordinates per location;
  (gzip-compressed when asked);
* per metric ``<id>.index`` (sparse index listing the rows present) and ``<id>.data`` (one row of
  ``n_locations`` values per listed cnode, little-endian unless asked otherwise, optionally
  zlib-compressed).

Convention: values are arrays of shape (call paths, locations); the rows follow the ``callpaths``
argument, the columns follow the rows of the :class:`~extrap_segmented.locations.LocationTable`.
"""
from __future__ import annotations

import gzip
import io
import os
import re
import tarfile
import warnings
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Optional, Sequence, Union
from xml.sax.saxutils import escape, quoteattr

import numpy as np

from extrap_segmented.atomic_files import AtomicReplacement
from extrap_segmented.cube.tree import CallTree, call_tree_from_paths, wide_enumeration
from extrap_segmented.exceptions import CubeFormatError, FileSafetyWarning
from extrap_segmented.locations import LocationTable

__all__ = ["CubeMetric", "write_cubex", "make_location_table"]

_DTYPES = {"DOUBLE": np.dtype("<f8"), "MINDOUBLE": np.dtype("<f8"), "MAXDOUBLE": np.dtype("<f8"),
           "UINT64": np.dtype("<u8"), "INT64": np.dtype("<i8")}
_KINDS = ("exclusive", "inclusive")
_BYTEORDERS = {"little": "<", "big": ">"}
_CHUNK_ROWS_BYTES = 1 << 20  # zlib chunk size of compressed data files
_MTIME = 1_700_000_000
# Characters XML 1.0 cannot hold (the reader's parser rejects them), plus tab, newline and carriage
# return, which names cannot keep (parsers turn \r into \n; Extra-P shows a call path on one line).
_NOT_IN_NAMES = re.compile("[\x00-\x1f\ud800-\udfff\ufffe\uffff]")
_NOT_IN_TEXT = re.compile("[\x00-\x08\x0b-\x1f\ud800-\udfff\ufffe\uffff]")  # descriptions keep \t, \n


@dataclass(frozen=True)
class CubeMetric:
    """Definition of one metric of a Cube profile.

    Attributes:
        name: unique name (``uniq_name``), e.g. ``"time"``, ``"visits"``, ``"PAPI_TOT_INS"``.
        dtype: storage type: ``"DOUBLE"``, ``"UINT64"``, ``"INT64"``, or ``"MINDOUBLE"``/``"MAXDOUBLE"``
            (per-location minima/maxima, e.g. Score-P's min_time/max_time).
        unit: unit of measurement (``uom``), e.g. ``"sec"``, ``"occ"``.
        description: free text shown by Cube tools.
        display_name: name shown by Cube tools (defaults to ``name``).
    """

    name: str
    dtype: str = "DOUBLE"
    unit: str = ""
    description: str = ""
    display_name: str = ""


def make_location_table(n_ranks: int, *, threads_per_rank: int = 1, ranks_per_node: Optional[int] = None,
                        node_prefix: str = "node", cart_dims: Optional[Sequence[int]] = None,
                        periodic: Optional[Sequence[bool]] = None, topology_name: str = "MPI Cartesian topology"
                        ) -> LocationTable:
    """Location table of a plain MPI(+threads) run, ranks filled into nodes in order.

    Args:
        n_ranks: number of MPI ranks (> 0).
        threads_per_rank: threads per rank (> 0); locations are ordered rank-major.
        ranks_per_node: ranks per node (default: all ranks on one node).
        node_prefix: node names are ``f"{node_prefix}{i:03d}"``.
        cart_dims: extent of a Cartesian process grid (row-major rank order, as ``MPI_Cart_create``);
            its product must equal ``n_ranks``. None: no topology.
        periodic: periodicity per grid dimension (default: all False).
        topology_name: name of the topology in the profile.

    Returns:
        The table, one row per location.

    Raises:
        CubeFormatError: non-positive counts or a grid that does not hold ``n_ranks`` ranks.
    """
    if n_ranks <= 0 or threads_per_rank <= 0 or (ranks_per_node is not None and ranks_per_node <= 0):
        raise CubeFormatError(f"n_ranks={n_ranks}, threads_per_rank={threads_per_rank} and "
                              f"ranks_per_node={ranks_per_node} must be positive")
    rank = np.repeat(np.arange(n_ranks, dtype=np.int64), threads_per_rank)
    thread = np.tile(np.arange(threads_per_rank, dtype=np.int64), n_ranks)
    per_node = ranks_per_node or n_ranks
    node = np.char.add(node_prefix, np.char.zfill((rank // per_node).astype(str), 3))
    coords = dims = per = None
    if cart_dims is not None:
        dims = tuple(int(d) for d in cart_dims)
        if int(np.prod(dims)) != n_ranks:
            raise CubeFormatError(f"cart_dims={dims} hold {int(np.prod(dims))} ranks, not n_ranks={n_ranks}")
        coords = np.stack(np.unravel_index(rank, dims), axis=1).astype(np.int64)
        per = tuple(bool(p) for p in periodic) if periodic is not None else (False,) * len(dims)
    return LocationTable(rank=rank, thread=thread, node=node, coords=coords, topology_dims=dims,
                         periodic=per, topology_name=topology_name if dims else "")


def write_cubex(path: Union[str, os.PathLike], *, callpaths: Sequence[str], values: Mapping[str, np.ndarray],
                locations: LocationTable, metrics: Sequence[CubeMetric] = (), value_kind: str = "exclusive",
                compress: bool = False, skip_zero_rows: bool = True,
                attributes: Optional[Mapping[str, str]] = None, byteorder: str = "little") -> Path:
    """Writes one Cube4 profile.

    Args:
        path: output file (conventionally ``<experiment>/<app>.p8.r1/profile.cubex``); parent
            directories are created.
        callpaths: Extra-P call-path strings (``"main->solve"``), one single root, every prefix listed.
        values: metric name -> array of shape (len(callpaths), len(locations)); metrics are written
            in this order.
        locations: identity of the columns; locations of one rank must share a node, (rank, thread)
            pairs must be unique. Columns are stored grouped by node, then rank, then thread; a table
            already in that order round-trips unchanged.
        metrics: definitions of (some of) the metrics in ``values``; undefined ones are DOUBLE.
        value_kind: ``"exclusive"`` or ``"inclusive"``: what ``values`` hold; stored as such
            (the metric type in the file says which).
        compress: store the data files zlib-compressed (``ZCUBEX.DATA``) and ``anchor.xml`` gzipped.
        skip_zero_rows: leave rows that are zero on every location out of the sparse index.
        attributes: extra ``<attr>`` key/value pairs for the anchor.
        byteorder: ``"little"`` or ``"big"``: byte order of index and data (Score-P writes the
            order of the machine it ran on, e.g. big-endian on Blue Gene).

    Returns:
        The path written.

    Raises:
        CubeFormatError: inconsistent shapes, unknown dtype or kind, non-finite values, values that
            do not fit an integer dtype, a bad call tree / location table, a name or text with a
            character the file cannot hold (control characters, e.g. in a region name), or an output
            path that is a directory or cannot be written. Nothing is left behind then: the file is
            written to a temporary file next to ``path`` and renamed when complete, so ``path`` is
            either the complete new profile or as it was before.
    """
    path = Path(path)
    if path.is_dir():
        raise CubeFormatError(f"{path}: is a directory; give the path of the profile to write, e.g. "
                              f"{path / 'profile.cubex'}")
    if value_kind not in _KINDS:
        raise CubeFormatError(f"value_kind must be one of {_KINDS}, got {value_kind!r}")
    if byteorder not in _BYTEORDERS:
        raise CubeFormatError(f"byteorder must be one of {tuple(_BYTEORDERS)}, got {byteorder!r}")
    endian = _BYTEORDERS[byteorder]
    if not values:
        raise CubeFormatError(f"{path}: at least one metric is needed")
    tree, row_order = call_tree_from_paths(callpaths)
    col_order = _location_file_order(locations)
    defs = {m.name: m for m in metrics}
    unknown = set(defs) - set(values)
    if unknown:
        raise CubeFormatError(f"{path}: metrics {sorted(unknown)} are defined but have no values")
    metric_defs = [defs.get(name, CubeMetric(name)) for name in values]
    _check_texts(path, tree, metric_defs, locations, attributes or {})
    if value_kind == "exclusive":
        cnode_of_row = np.arange(len(tree), dtype=np.int64)
    else:
        cnode_of_row = wide_enumeration(tree)

    members = []
    shape = (len(tree), len(locations))
    for metric_id, m in enumerate(metric_defs):
        if m.dtype not in _DTYPES:
            raise CubeFormatError(f"metric {m.name!r}: dtype must be one of {sorted(_DTYPES)}, got {m.dtype!r}")
        arr = np.asarray(values[m.name])
        if arr.shape != shape:
            raise CubeFormatError(f"{path}: values of metric {m.name!r} have shape {arr.shape}, "
                                  f"expected (call paths, locations) = {shape}")
        data = _stored_rows(arr, m, row_order, col_order, cnode_of_row, endian)
        present = np.flatnonzero(data.any(axis=1)) if skip_zero_rows else np.arange(len(data))
        if len(present) == 0:
            present = np.arange(1)  # readers require a non-empty index
        if len(present) != len(data):
            data = data[present]
        members.append((f"{metric_id}.index", _index_bytes(present, endian)))
        members.append((f"{metric_id}.data", _data_bytes(data, compress, endian)))
    anchor = _anchor_xml(metric_defs, tree, locations, col_order, value_kind, attributes or {})
    if compress:
        anchor = gzip.compress(anchor, compresslevel=6, mtime=0)
    _write_tar(path, [("anchor.xml", anchor)] + members)
    return path


def _check_texts(path: Path, tree: CallTree, metric_defs: Sequence[CubeMetric], loc: LocationTable,
                 attributes: Mapping[str, str]) -> None:
    """Rejects names and texts the anchor cannot hold, before anything is written."""
    def check(value, what: str, pattern=_NOT_IN_NAMES) -> None:
        bad = pattern.search(str(value))
        if bad:
            raise CubeFormatError(f"{path}: {what} {str(value)!r} contains the character U+{ord(bad.group()):04X} at "
                                  f"position {bad.start()}, which a Cube profile cannot hold (XML 1.0 text)")

    for name, callpath in dict(zip(tree.names, tree.paths)).items():
        check(name, f"region name of call path {callpath!r}:")
    for m in metric_defs:
        check(m.name, "metric name")
        check(m.display_name, f"display name of metric {m.name!r}:")
        check(m.unit, f"unit of metric {m.name!r}:")
        check(m.description, f"description of metric {m.name!r}:", _NOT_IN_TEXT)
    for node in np.unique(loc.node).tolist():
        check(node, "node name")
    check(loc.topology_name or "", "topology name")
    for key, value in attributes.items():
        check(key, "attribute key")
        check(value, f"value of attribute {key!r}:", _NOT_IN_TEXT)


def _stored_rows(arr: np.ndarray, m: CubeMetric, row_order: np.ndarray, col_order: Optional[np.ndarray],
                 cnode_of_row: np.ndarray, endian: str) -> np.ndarray:
    dtype = _DTYPES[m.dtype].newbyteorder(endian)
    if not np.all(np.isfinite(arr)):
        bad = np.argwhere(~np.isfinite(arr))[0]
        raise CubeFormatError(f"metric {m.name!r}: value at (call path {bad[0]}, location {bad[1]}) is "
                              f"{arr[tuple(bad)]}, Cube needs finite values")
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        if arr.size and (arr.min() < info.min or arr.max() > info.max):
            raise CubeFormatError(f"metric {m.name!r}: values span [{arr.min()}, {arr.max()}], outside "
                                  f"the range of {m.dtype}")
        if arr.dtype.kind == "f":
            arr = np.rint(arr)
    rows = row_order[cnode_of_row]  # file row t holds cnode cnode_of_row[t], i.e. input row rows[t]
    data = arr[rows] if col_order is None else arr[np.ix_(rows, col_order)]
    return np.ascontiguousarray(data, dtype=dtype)


def _index_bytes(present: np.ndarray, endian: str) -> bytes:
    head = (b"CUBEX.INDEX" + np.array([1], f"{endian}u4").tobytes() + np.array([0], f"{endian}u2").tobytes()
            + b"\x01")
    return head + np.array([len(present)], f"{endian}i4").tobytes() + present.astype(f"{endian}i4").tobytes()


def _data_bytes(data: np.ndarray, compress: bool, endian: str) -> bytes:
    raw = data.tobytes()
    if not compress:
        return b"CUBEX.DATA" + raw
    step = max(data.itemsize * max(data.shape[1], 1), (_CHUNK_ROWS_BYTES // max(data.strides[0], 1)) * data.strides[0])
    chunks = [zlib.compress(raw[i:i + step], 6) for i in range(0, len(raw), step)]
    headers, pos, upos = [], 0, 0
    for i, c in enumerate(chunks):
        headers += [upos, pos, len(c)]
        upos += min(step, len(raw) - i * step)
        pos += len(c)
    return (b"ZCUBEX.DATA" + np.array([len(chunks)], f"{endian}i8").tobytes()
            + np.asarray(headers, f"{endian}i8").tobytes() + b"".join(chunks))


def _location_file_order(loc: LocationTable) -> Optional[np.ndarray]:
    """Column permutation putting locations in system-tree order (None if already in order)."""
    n = len(loc)
    if n == 0:
        raise CubeFormatError("the location table is empty")
    pairs = loc.rank.astype(np.int64) * (int(loc.thread.max()) + 1) + loc.thread.astype(np.int64)
    if len(np.unique(pairs)) != n:
        raise CubeFormatError("the location table lists a (rank, thread) pair twice")
    _, node_first = np.unique(loc.node, return_index=True)
    node_names, node_idx = np.unique(loc.node, return_inverse=True)
    node_rank = np.argsort(np.argsort(node_first))[node_idx]  # node order: first appearance
    ranks, rank_idx = np.unique(loc.rank, return_inverse=True)
    rank_nodes = np.full(len(ranks), -1)
    rank_nodes[rank_idx] = node_idx
    if np.any(rank_nodes[rank_idx] != node_idx):
        r = loc.rank[np.flatnonzero(rank_nodes[rank_idx] != node_idx)[0]]
        raise CubeFormatError(f"rank {r} has locations on more than one node")
    _, rank_first = np.unique(loc.rank, return_index=True)
    rank_pos = np.argsort(np.argsort(rank_first))[rank_idx]
    order = np.lexsort((np.arange(n), rank_pos, node_rank))
    return None if np.array_equal(order, np.arange(n)) else order


def _anchor_xml(metric_defs: Sequence[CubeMetric], tree: CallTree, loc: LocationTable,
                col_order: Optional[np.ndarray], value_kind: str, attributes: Mapping[str, str]) -> bytes:
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n\n<cube version="4.4">\n',
           '<attr key="CUBE_CT_AGGR" value="SUM"/>\n',
           '<attr key="Cube writer" value="extrap_segmented.cube_writer"/>\n']
    out += [f"<attr key={quoteattr(str(k))} value={quoteattr(str(v))}/>\n" for k, v in attributes.items()]
    out.append("<doc>\n<mirrors>\n</mirrors>\n</doc>\n<metrics>\n")
    kind = value_kind.upper()
    for i, m in enumerate(metric_defs):
        out.append(f'<metric id="{i}" type="{kind}">\n<disp_name>{escape(m.display_name or m.name)}</disp_name>\n'
                   f"<uniq_name>{escape(m.name)}</uniq_name>\n<dtype>{m.dtype}</dtype>\n"
                   f"<uom>{escape(m.unit)}</uom>\n<val></val>\n<url></url>\n"
                   f"<descr>{escape(m.description)}</descr>\n</metric>\n")
    out.append("</metrics>\n<program>\n")
    region_ids: dict[str, int] = {}
    for name in tree.names:
        if name not in region_ids:
            region_ids[name] = len(region_ids)
            n = escape(name)
            out.append(f'<region id="{region_ids[name]}" mod="" begin="-1" end="-1">\n<name>{n}</name>\n'
                       f"<mangled_name>{n}</mangled_name>\n<paradigm>user</paradigm>\n<role>function</role>\n"
                       "<url></url>\n<descr></descr>\n</region>\n")
    depth = tree.depth.tolist()
    for i, name in enumerate(tree.names):
        out.append(f'<cnode id="{i}" calleeId="{region_ids[name]}">\n')
        nxt = depth[i + 1] if i + 1 < len(depth) else 0
        out.append("</cnode>\n" * (depth[i] - nxt + 1))
    out.append("</program>\n<system>\n")
    out.append(_system_tree_xml(loc, col_order))
    out.append("</system>\n</cube>\n")
    return "".join(out).encode("utf-8")


def _system_tree_xml(loc: LocationTable, col_order: Optional[np.ndarray]) -> str:
    order = np.arange(len(loc)) if col_order is None else col_order
    rank = loc.rank[order].tolist()
    thread = loc.thread[order].tolist()
    node = [str(x) for x in loc.node[order]]
    out = ['<systemtreenode Id="0">\n<name>machine</name>\n<class>machine</class>\n']
    stn_id, lg_id = 0, -1
    for i in range(len(order)):
        new_node = i == 0 or node[i] != node[i - 1]
        new_rank = new_node or rank[i] != rank[i - 1]
        if new_rank and i > 0:
            out.append("</locationgroup>\n")
        if new_node:
            if i > 0:
                out.append("</systemtreenode>\n")
            stn_id += 1
            out.append(f'<systemtreenode Id="{stn_id}">\n<name>{escape(node[i] or "node")}</name>\n'
                       "<class>node</class>\n")
        if new_rank:
            lg_id += 1
            out.append(f'<locationgroup Id="{lg_id}">\n<name>MPI Rank {rank[i]}</name>\n<rank>{rank[i]}</rank>\n'
                       "<type>process</type>\n")
        tname = "Master thread" if thread[i] == 0 else f"OMP thread {thread[i]}"
        out.append(f'<location Id="{i}">\n<name>{tname}</name>\n<rank>{thread[i]}</rank>\n'
                   "<type>thread</type>\n</location>\n")
    out.append("</locationgroup>\n</systemtreenode>\n</systemtreenode>\n")
    out.append("<topologies>\n")
    if loc.coords is not None and loc.topology_dims is not None:
        dims = loc.topology_dims
        per = loc.periodic or (False,) * len(dims)
        name = f" name={quoteattr(loc.topology_name)}" if loc.topology_name else ""
        out.append(f'<cart{name} ndims="{len(dims)}">\n')
        out += [f'<dim size="{d}" periodic="{"true" if p else "false"}"/>\n' for d, p in zip(dims, per)]
        coords = loc.coords[order]
        out += [f'<coord locId="{i}">{" ".join(map(str, c))}</coord>\n' for i, c in enumerate(coords.tolist())]
        out.append("</cart>\n")
    out.append("</topologies>\n")
    return "".join(out)


def _write_tar(path: Path, members: Sequence[tuple[str, bytes]]) -> None:
    """Writes the archive atomically (:class:`AtomicReplacement`: a temporary file in the target
    directory, flushed to disk, then renamed over ``path``, keeping its mode, owner and links); on
    any failure ``path`` is untouched and no temporary file is left."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        replacement = AtomicReplacement(path)
    except OSError as err:
        raise CubeFormatError(f"{path}: cannot write the profile here: {err}") from err
    try:
        with replacement:
            handle = os.fdopen(os.dup(replacement.fd), "wb")
            with handle, tarfile.open(fileobj=handle, mode="w", format=tarfile.USTAR_FORMAT) as tar:
                for name, payload in members:
                    info = tarfile.TarInfo(name)
                    info.size = len(payload)
                    info.mtime = _MTIME  # fixed, so that seeded fixtures are byte-identical
                    info.mode = 0o644
                    tar.addfile(info, io.BytesIO(payload))
    except OSError as err:
        raise CubeFormatError(f"{path}: cannot write the profile: {err}") from err
    if replacement.note:
        warnings.warn(f"{path}: written in place, not atomically: {replacement.note}", FileSafetyWarning,
                      stacklevel=3)
