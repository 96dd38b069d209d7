"""Position of each rank in a Cartesian process topology: corner, edge along a dimension, face, inner.

Conventions: ``coords`` has shape (n_ranks, ndims) with 0-based coordinates; ``dims`` is the extent
per dimension. A rank is *at the boundary* of dimension ``d`` when its coordinate is 0 or
``dims[d] - 1``. Dimensions of extent 1 are ignored (every rank would be at both of their
boundaries, which says nothing about its neighbours). With ``k`` boundary dimensions out of the
``m`` remaining ones a rank is

* ``corner`` if ``k == m``;
* ``edge-<d>`` (an edge running along dimension ``d``) if ``k == m - 1`` and ``d`` is its only
  interior dimension; in 2-D these are the four sides (``edge-0``: the sides parallel to dimension 0);
* ``face-<d>`` (a face normal to dimension ``d``) if ``k == 1`` and ``m >= 3``;
* ``boundary`` for the remaining boundary ranks of 4-D and higher topologies;
* ``inner`` if ``k == 0``.

Periodic dimensions are treated like open ones: the decomposition still puts the domain boundary
between coordinate ``dims[d] - 1`` and 0, which is where boundary work usually happens.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from extrap_segmented.exceptions import InvalidInputError


def topology_positions(coords, dims: Sequence[int]) -> np.ndarray:
    """Classify every rank by its position in the Cartesian topology.

    Args:
        coords: int array of shape (n_ranks, ndims).
        dims: extent of the topology per dimension, length ndims.

    Returns:
        Array of str of shape (n_ranks,) with the labels described in the module docstring.

    Raises:
        InvalidInputError: shapes disagree or a coordinate lies outside ``[0, dims[d])``.
    """
    coords = np.asarray(coords, dtype=np.int64)
    dims = np.asarray(dims, dtype=np.int64)
    if coords.ndim != 2 or coords.shape[1] != dims.size:
        raise InvalidInputError(f"coords must have shape (n_ranks, {dims.size}) for dims {tuple(dims)}, "
                                f"got {coords.shape}")
    outside = (coords < 0) | (coords >= dims)
    if outside.any():
        row, dim = np.argwhere(outside)[0]
        raise InvalidInputError(f"coordinate {coords[row].tolist()} of location {row} lies outside the "
                                f"topology {tuple(dims.tolist())} in dimension {dim}")
    used = dims > 1
    at_boundary = ((coords == 0) | (coords == dims - 1)) & used
    k = at_boundary.sum(axis=1)
    m = int(used.sum())
    result = np.full(coords.shape[0], "boundary", dtype=object)
    result[k == 0] = "inner"
    if m > 0:
        result[k == m] = "corner"
    interior = (~at_boundary) & used
    if m >= 2:
        rows = k == m - 1
        result[rows] = np.char.add("edge-", np.argmax(interior[rows], axis=1).astype(str))
    if m >= 3:
        rows = k == 1
        result[rows] = np.char.add("face-", np.argmax(at_boundary[rows], axis=1).astype(str))
    return result.astype(str)
