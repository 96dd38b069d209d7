"""Writes Caliper ``.cali`` profiles: region records with metric values, optionally per MPI rank.

For tests, fixtures and synthetic experiments. The output is Caliper's text format as Caliper 2.x
writes it: node records defining the attributes (with ``attribute.alias`` and ``attribute.unit``
metadata), a tree of nested region nodes, one snapshot (``ctx``) record per region (and rank)
holding the metric values, and the ``globals`` record last. caliper-reader, Hatchet/Thicket and
:func:`extrap_segmented.caliper.profile.read_cali` read it.

Example::

    write_cali("run.p64.cali", ["main", "main->solve"], {"sum#time.duration": [1.0, 0.8]},
               globals={"mpi.world.size": 64}, aliases={"sum#time.duration": "time"}, units={"sum#time.duration": "sec"})
"""
from __future__ import annotations

import os
import warnings
from typing import Mapping, Optional, Sequence, Union

import numpy as np

from extrap_segmented.atomic_files import AtomicReplacement
from extrap_segmented.caliper.profile import RANK_ATTRIBUTE, SEPARATOR
from extrap_segmented.exceptions import CaliperFormatError, FileSafetyWarning

__all__ = ["write_cali"]

# Caliper's bootstrap nodes: type nodes and the attributes describing attributes.
_TYPE_NODE = {"int": 1, "uint": 2, "string": 3, "double": 5, "bool": 6}
_NAME, _PROP = 8, 10
# Caliper attribute properties: as_value 1, skip_events 64, hidden 128, nested 256, global 512,
# scope process 12.
_METRIC_PROP = 65
_NESTED_PROP = 268
_STRING_PROP = 76
_GLOBAL_PROP = 1612
_RANK_PROP = 65


def _escape(text: str) -> str:
    return (str(text).replace("\\", "\\\\").replace(",", "\\,").replace("=", "\\=").replace("\n", "\\n"))


def _number(value: float) -> str:
    return repr(float(value)) if np.isfinite(value) else str(float(value))


class _Nodes:
    def __init__(self):
        self.lines: list[str] = []
        self.next_id = 12

    def node(self, attr: int, data: str, parent: Optional[int] = None) -> int:
        node_id = self.next_id
        self.next_id += 1
        self.lines.append(f"__rec=node,id={node_id},attr={attr},data={_escape(data)}"
                          + (f",parent={parent}" if parent is not None else ""))
        return node_id

    def attribute(self, name: str, type_name: str, prop: int, metadata: Sequence[tuple[int, str]] = ()) -> int:
        parent = _TYPE_NODE[type_name]
        for attr, value in metadata:
            parent = self.node(attr, value, parent)
        return self.node(_NAME, name, self.node(_PROP, str(prop), parent))


def _type_of(value) -> str:
    if isinstance(value, (bool, np.bool_)):
        return "bool"
    if isinstance(value, (int, np.integer)):
        return "int"
    if isinstance(value, (float, np.floating)):
        return "double"
    return "string"


def write_cali(path: Union[str, os.PathLike], callpaths: Sequence[str], values: Mapping[str, object], *,
               globals: Optional[Mapping[str, object]] = None, ranks: Optional[Sequence[int]] = None,
               aliases: Optional[Mapping[str, str]] = None, units: Optional[Mapping[str, str]] = None,
               region_attribute: str = "region", channel: Optional[str] = "regionprofile") -> None:
    """Writes one ``.cali`` file (atomically: a failure leaves the previous file unchanged).

    Args:
        path: the file to write.
        callpaths: region paths, ``"main->solve"`` (parents need not be listed).
        values: metric attribute name -> array of shape (call paths,) or, with ``ranks``,
            (call paths, ranks). A NaN leaves that record's value out (a call path or rank without
            any finite value gets no record).
        globals: run metadata (``mpi.world.size``, ``jobsize``, ...): ints, floats or strings.
        ranks: MPI rank of each column of ``values``; each record then carries ``mpi.rank``.
        aliases, units: ``attribute.alias`` and ``attribute.unit`` of metric attributes.
        region_attribute: the nested attribute of the regions (Caliper: ``region``, ``function``, ...).
        channel: ``spot.channel`` of the records (None: no channel, as runtime-report writes).

    Raises:
        CaliperFormatError: values of the wrong shape, an empty region name.
    """
    aliases, units, globals = dict(aliases or {}), dict(units or {}), dict(globals or {})
    shape = (len(callpaths),) if ranks is None else (len(callpaths), len(ranks))
    arrays = {}
    for name, array in values.items():
        array = np.asarray(array, dtype=float)
        if array.shape != shape:
            raise CaliperFormatError(f"values of metric {name!r} have shape {array.shape}, expected {shape} "
                                     f"(call paths{', ranks' if ranks is not None else ''})")
        arrays[name] = array
    nodes = _Nodes()
    alias_attr = nodes.attribute("attribute.alias", "string", 64)
    unit_attr = nodes.attribute("attribute.unit", "string", 64)
    region = nodes.attribute(region_attribute, "string", _NESTED_PROP)
    metric_ids = {}
    for name in arrays:
        metadata = ([(unit_attr, units[name])] if name in units else []) + (
            [(alias_attr, aliases[name])] if name in aliases else [])
        metric_ids[name] = nodes.attribute(name, "double", _METRIC_PROP, metadata)
    rank_id = nodes.attribute(RANK_ATTRIBUTE, "int", _RANK_PROP) if ranks is not None else None
    channel_ref = None
    if channel is not None:
        channel_ref = nodes.node(nodes.attribute("spot.channel", "string", _STRING_PROP), channel)
    region_nodes: dict[str, int] = {}

    def region_node(callpath: str) -> int:
        if callpath in region_nodes:
            return region_nodes[callpath]
        head, sep, name = callpath.rpartition(SEPARATOR)
        if not name:
            raise CaliperFormatError(f"call path {callpath!r} has an empty region name")
        parent = region_node(head) if sep else None
        region_nodes[callpath] = node_id = nodes.node(region, name, parent)
        return node_id

    lines = nodes.lines
    for c, callpath in enumerate(callpaths):
        ref = str(region_node(callpath)) + (f"={channel_ref}" if channel_ref is not None else "")
        for r in range(1 if ranks is None else len(ranks)):
            at = c if ranks is None else (c, r)
            present = [(metric_ids[n], a[at]) for n, a in arrays.items() if np.isfinite(a[at])]
            if not present:
                continue
            if ranks is not None:
                present.insert(0, (rank_id, int(ranks[r])))
            attrs = "=".join(str(i) for i, _ in present)
            data = "=".join(str(v) if isinstance(v, int) else _number(v) for _, v in present)
            lines.append(f"__rec=ctx,ref={ref},attr={attrs},data={data}")
    global_ref = None
    for name, value in globals.items():
        kind = _type_of(value)
        attribute = nodes.attribute(name, kind, _GLOBAL_PROP)
        text = str(value).lower() if kind == "bool" else (_number(value) if kind == "double" else str(value))
        global_ref = nodes.node(attribute, text, global_ref)
    if global_ref is None:  # Caliper always records some globals; an empty record would read as none
        global_ref = nodes.node(nodes.attribute("cali.caliper.version", "string", _GLOBAL_PROP), "2.10.0")
    lines.append(f"__rec=globals,ref={global_ref}")
    data = ("\n".join(lines) + "\n").encode("utf-8")
    try:
        replacement = AtomicReplacement(path)
    except OSError as error:
        raise CaliperFormatError(f"{path}: cannot write the profile here ({error.strerror or error})") from error
    with replacement:
        with os.fdopen(os.dup(replacement.fd), "wb") as handle:  # the replacement owns and closes its fd
            handle.write(data)
    if replacement.note:
        warnings.warn(f"{path}: written in place, not atomically: {replacement.note}", FileSafetyWarning,
                      stacklevel=2)
