"""Identity of the locations (process/thread pairs) whose values a per-rank measurement keeps.

Contract shared by the per-rank Cube reader, the clustered modeler and the expectation checks:
a per-rank ``Measurement`` keeps ``values`` as a float array of shape (repetitions, locations),
and, when the reader knows them, ``locations`` as a :class:`LocationTable` whose row ``i``
describes column ``i`` of ``values``. One table is shared by all measurements of a coordinate.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

import numpy as np


@dataclass(frozen=True, eq=False)
class LocationTable:
    """Per-location metadata, one row per location, in the column order of the values.

    Attributes:
        rank: MPI rank of each location (int64, shape (n,)).
        thread: thread number of each location within its process (int64, shape (n,)).
        node: name of the node (host) of each location (str array, shape (n,)).
        coords: Cartesian topology coordinates of each location's rank, int64 of shape
            (n, ndims), or None when the profile carries no Cartesian topology.
        topology_dims: extent of the Cartesian topology in each dimension, or None.
        periodic: periodicity of each topology dimension, or None.
        topology_name: name of the topology in the profile ('' if none).
    """

    rank: np.ndarray
    thread: np.ndarray
    node: np.ndarray
    coords: Optional[np.ndarray] = None
    topology_dims: Optional[tuple[int, ...]] = None
    periodic: Optional[tuple[bool, ...]] = None
    topology_name: str = field(default="")

    def __post_init__(self):
        n = len(self.rank)
        for name in ("thread", "node"):
            if len(getattr(self, name)) != n:
                raise ValueError(f"LocationTable.{name} has {len(getattr(self, name))} entries, rank has {n}")
        if self.coords is not None and (self.coords.ndim != 2 or self.coords.shape[0] != n):
            raise ValueError(f"LocationTable.coords must have shape ({n}, ndims), got {self.coords.shape}")

    def __len__(self) -> int:
        return len(self.rank)

    def __eq__(self, other):
        if not isinstance(other, LocationTable):
            return NotImplemented
        same_coords = (self.coords is None and other.coords is None) or (
            self.coords is not None and other.coords is not None and np.array_equal(self.coords, other.coords))
        return (np.array_equal(self.rank, other.rank) and np.array_equal(self.thread, other.thread)
                and np.array_equal(self.node, other.node) and same_coords
                and self.topology_dims == other.topology_dims and self.periodic == other.periodic
                and self.topology_name == other.topology_name)

    @classmethod
    def by_position(cls, n_locations: int) -> "LocationTable":
        """Table for values whose locations are known only by position (Extra-P's ``--keep-values``)."""
        index = np.arange(n_locations, dtype=np.int64)
        return cls(rank=index, thread=np.zeros(n_locations, dtype=np.int64),
                   node=np.full(n_locations, "", dtype=str))

    def to_dict(self) -> dict:
        """Plain-JSON form, used to save the table with an Extra-P experiment."""
        return {
            "rank": self.rank.tolist(),
            "thread": self.thread.tolist(),
            "node": [str(n) for n in self.node],
            "coords": None if self.coords is None else self.coords.tolist(),
            "topology_dims": None if self.topology_dims is None else list(self.topology_dims),
            "periodic": None if self.periodic is None else list(self.periodic),
            "topology_name": self.topology_name,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "LocationTable":
        """The table saved by :meth:`to_dict`."""
        coords = data.get("coords")
        dims: Optional[Sequence[int]] = data.get("topology_dims")
        periodic = data.get("periodic")
        return cls(
            rank=np.asarray(data["rank"], dtype=np.int64),
            thread=np.asarray(data["thread"], dtype=np.int64),
            node=np.asarray(data["node"], dtype=str),
            coords=None if coords is None else np.asarray(coords, dtype=np.int64).reshape(len(data["rank"]), -1),
            topology_dims=None if dims is None else tuple(int(d) for d in dims),
            periodic=None if periodic is None else tuple(bool(p) for p in periodic),
            topology_name=data.get("topology_name", ""),
        )
