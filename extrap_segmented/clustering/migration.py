"""Ranks that change behavior class between configurations of equal process count.

Configurations with the same list of locations (same ranks in the same order, e.g. one process
count across problem sizes) are compared in the order given; a rank *migrates* when the name of its
matched cluster differs between two consecutive such configurations. Only matched cluster names
are compared (unmatched configurations carry no comparable names).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np


@dataclass
class Migration:
    """Ranks whose class differs between configuration ``source`` and ``target`` (indices).

    Attributes:
        ranks: MPI ranks that changed class (one entry per location).
        from_names: class of each rank at ``source``.
        to_names: class of each rank at ``target``.
    """

    source: int
    target: int
    ranks: np.ndarray
    from_names: list
    to_names: list

    def describe(self, limit: int = 8) -> str:
        """``rank 5: C2->C3, rank 6: C2->C3, ... (+3 more)``."""
        parts = [f"rank {r}: {a}->{b}" for r, a, b in zip(self.ranks[:limit], self.from_names, self.to_names)]
        more = len(self.ranks) - limit
        return ", ".join(parts) + (f" (+{more} more)" if more > 0 else "")


def find_migrations(ranks: Sequence[np.ndarray], classes: Sequence[Optional[np.ndarray]]) -> list[Migration]:
    """Compare the class of every rank between consecutive configurations with equal locations.

    Args:
        ranks: MPI rank per location for each configuration.
        classes: matched class name per location for each configuration (str array), or None for a
            configuration without matched classes.

    Returns:
        One :class:`Migration` per compared pair in which at least one rank changed class.
    """
    result = []
    last_of_group: dict = {}
    for j, (rank, names) in enumerate(zip(ranks, classes)):
        if names is None:
            continue
        key = (len(rank), np.asarray(rank).tobytes())
        previous = last_of_group.get(key)
        last_of_group[key] = j
        if previous is None:
            continue
        before = classes[previous]
        changed = np.flatnonzero(before != names)
        if changed.size:
            result.append(Migration(previous, j, np.asarray(rank)[changed], list(before[changed]),
                                    list(names[changed])))
    return result


def class_positions(positions: Sequence[Optional[np.ndarray]], classes: Sequence[Optional[np.ndarray]]) -> dict:
    """Topology positions of every class, summed over configurations.

    Args:
        positions: topology position per location (see :mod:`extrap_segmented.clustering.topology`) for
            each configuration, or None where unknown.
        classes: matched class name per location for each configuration, or None.

    Returns:
        ``{class name: {position: number of locations}}`` over all configurations with both known.
    """
    pairs = [np.char.add(np.char.add(np.asarray(names, dtype=str), "\x1f"), np.asarray(pos, dtype=str))
             for pos, names in zip(positions, classes) if pos is not None and names is not None]
    if not pairs:
        return {}
    keys, counts = np.unique(np.concatenate(pairs), return_counts=True)
    result: dict = {}
    for key, count in zip(keys, counts):
        name, where = str(key).split("\x1f")
        result.setdefault(name, Counter())[where] += int(count)
    return {name: dict(counter.most_common()) for name, counter in result.items()}


def describe_positions(counts: dict) -> str:
    """``edge-0 50%, edge-1 50%`` for one class's position counts."""
    total = sum(counts.values())
    return ", ".join(f"{name} {100 * n / total:.0f}%" for name, n in counts.items())
