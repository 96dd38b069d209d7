"""Call trees given as Extra-P call-path strings (``"main->solve->MPI_Gather"``), and the two
orderings in which Cube4 stores the rows of a metric.

Conventions: a tree of ``n`` call paths is described by ``parent`` (int64, shape (n,), ``-1`` for
the root) and ``names`` (the last segment of each path), in depth-first pre-order with children in
the order they were first listed. In that order the cnode id of a call path equals its index.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from extrap_segmented.exceptions import CubeFormatError

SEPARATOR = "->"


@dataclass(frozen=True)
class CallTree:
    """A call tree in depth-first pre-order.

    Attributes:
        paths: full call-path strings, ``"a->b->c"``, one per cnode, in pre-order.
        names: region name of each cnode (last segment of its path).
        parent: index of each cnode's parent, ``-1`` for the root (int64).
        depth: depth of each cnode, 0 for the root (int64).
    """

    paths: tuple[str, ...]
    names: tuple[str, ...]
    parent: np.ndarray
    depth: np.ndarray

    def __len__(self) -> int:
        return len(self.paths)

    def children(self) -> list[list[int]]:
        """Children of each cnode, in pre-order."""
        kids: list[list[int]] = [[] for _ in range(len(self))]
        for child, par in enumerate(self.parent.tolist()):
            if par >= 0:
                kids[par].append(child)
        return kids


def call_tree_from_paths(paths: Sequence[str]) -> tuple[CallTree, np.ndarray]:
    """Builds the pre-order call tree of a list of call-path strings.

    Args:
        paths: call paths such as ``"main->solve"``; every proper prefix of a path must be listed
            too, exactly one path has no ``->`` (the single root Cube readers require), and no path
            repeats.

    Returns:
        ``(tree, order)``: the tree in pre-order, and ``order`` (int64) with ``tree.paths[i] ==
        paths[order[i]]``, i.e. the rows of per-path arrays are permuted by ``values[order]``.

    Raises:
        CubeFormatError: duplicate path, missing parent path, empty segment, or not exactly one root.
    """
    paths = [str(p) for p in paths]
    index = {}
    for i, p in enumerate(paths):
        if p in index:
            raise CubeFormatError(f"call path {p!r} is listed twice (positions {index[p]} and {i})")
        if any(seg == "" for seg in p.split(SEPARATOR)):
            raise CubeFormatError(f"call path {p!r} has an empty region name")
        index[p] = i
    kids: dict[int, list[int]] = {i: [] for i in range(len(paths))}
    roots = []
    for i, p in enumerate(paths):
        head, sep, _ = p.rpartition(SEPARATOR)
        if not sep:
            roots.append(i)
        elif head not in index:
            raise CubeFormatError(f"call path {p!r} has no parent: {head!r} is not listed")
        else:
            kids[index[head]].append(i)
    if len(roots) != 1:
        raise CubeFormatError(
            f"a Cube call tree needs exactly one root call path (a path without '->'), got {len(roots)}: "
            f"{[paths[r] for r in roots][:5]}")
    order, parent, depth = [], [], []
    stack = [(roots[0], -1, 0)]
    while stack:
        node, par, dep = stack.pop()
        pos = len(order)
        order.append(node)
        parent.append(par)
        depth.append(dep)
        for child in reversed(kids[node]):
            stack.append((child, pos, dep + 1))
    ordered = tuple(paths[i] for i in order)
    tree = CallTree(paths=ordered, names=tuple(p.rpartition(SEPARATOR)[2] for p in ordered),
                    parent=np.asarray(parent, dtype=np.int64), depth=np.asarray(depth, dtype=np.int64))
    return tree, np.asarray(order, dtype=np.int64)


def wide_enumeration(tree: CallTree) -> np.ndarray:
    """Cube's enumeration of cnodes for inclusive metrics.

    Starting at the root, every popped cnode numbers all of its children at once, then pushes them
    so that the first child is expanded next. Returns ``cnode_of_row`` (int64): row ``t`` of an
    inclusive metric holds cnode ``cnode_of_row[t]`` (a pre-order index).
    """
    kids = tree.children()
    out = [0]
    stack = [0]
    while stack:
        node = stack.pop()
        out.extend(kids[node])
        stack.extend(reversed(kids[node]))
    return np.asarray(out, dtype=np.int64)


def to_inclusive(exclusive: np.ndarray, tree: CallTree) -> np.ndarray:
    """Inclusive values from exclusive ones, for arrays whose axis 0 is the pre-order cnode.

    Children are added to their parent one after the other in pre-order, deepest level first, which
    is the summation order of pycubexr's conversion (so float results agree bit for bit).
    """
    out = np.array(exclusive, copy=True)
    for level in range(int(tree.depth.max(initial=0)), 0, -1):
        nodes = np.flatnonzero(tree.depth == level)
        np.add.at(out, tree.parent[nodes], out[nodes])
    return out


def to_exclusive(inclusive: np.ndarray, tree: CallTree) -> np.ndarray:
    """Exclusive values from inclusive ones (axis 0 is the pre-order cnode).

    Unsigned integers are clamped at 0 where the children's sum exceeds the parent, as Cube and
    pycubexr do.
    """
    return to_exclusive_counting(inclusive, tree)[0]


def to_exclusive_counting(inclusive: np.ndarray, tree: CallTree) -> tuple[np.ndarray, int]:
    """:func:`to_exclusive`, and how many unsigned values were clamped at 0 (0 for other dtypes)."""
    inclusive = np.asarray(inclusive)
    children = np.flatnonzero(tree.parent >= 0)
    if np.issubdtype(inclusive.dtype, np.unsignedinteger):
        child_sum = np.zeros_like(inclusive)
        np.add.at(child_sum, tree.parent[children], inclusive[children])
        below = inclusive < child_sum
        return np.where(below, 0, inclusive - child_sum).astype(inclusive.dtype), int(np.count_nonzero(below))
    out = np.array(inclusive, copy=True)
    np.subtract.at(out, tree.parent[children], inclusive[children])
    return out, 0


def extremum_to_inclusive(exclusive: np.ndarray, tree: CallTree, listed: np.ndarray, maximum: bool) -> np.ndarray:
    """Inclusive values of a MINDOUBLE (``maximum=False``) or MAXDOUBLE metric, as CubeLib computes them.

    The inclusive value of a cnode is the minimum (maximum) of the stored values in its subtree,
    location by location. Stored zeros count (a location that never entered a callee has 0 there);
    cnodes not ``listed`` in the file's index are neutral, as CubeLib leaves them out. Entries whose
    whole subtree is unlisted are 0.
    """
    op = np.maximum if maximum else np.minimum
    neutral = -np.inf if maximum else np.inf
    out = np.full(exclusive.shape, neutral, dtype=np.float64)
    out[listed] = exclusive[listed]
    for level in range(int(tree.depth.max(initial=0)), 0, -1):
        nodes = np.flatnonzero(tree.depth == level)
        op.at(out, tree.parent[nodes], out[nodes])
    out[np.isinf(out) & (out == neutral)] = 0.0
    return out
