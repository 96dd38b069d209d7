"""Compact text of rank lists: ``ranks 0-1,8-9`` (sorted, consecutive runs as ranges)."""
from __future__ import annotations

from typing import Iterable

import numpy as np


def _unique_ranks(ranks: Iterable[int]) -> np.ndarray:
    """Sorted distinct ranks as int64. An integer array is taken as it is: ``list()`` of a
    1,024-rank array makes 1,024 numpy scalars, a cost paid per class and kernel in ``--print all``."""
    if isinstance(ranks, np.ndarray) and ranks.dtype.kind in "iu":
        return np.unique(ranks.astype(np.int64, copy=False).ravel())
    return np.unique(np.asarray(list(ranks), dtype=np.int64))


def rank_ranges(ranks: Iterable[int]) -> str:
    """``0-1,8-9,63`` for the ranks 0, 1, 8, 9, 63 (any order, duplicates ignored)."""
    values = _unique_ranks(ranks)
    if values.size == 0:
        return ""
    breaks = np.flatnonzero(np.diff(values) != 1) + 1
    # first and last rank of every run at once, as Python ints (same text as numpy's int64 scalars):
    # scattered ranks make hundreds of runs, and np.split would make an array of each
    firsts = values[np.concatenate(([0], breaks))].tolist()
    lasts = values[np.concatenate((breaks - 1, [values.size - 1]))].tolist()
    return ",".join(str(a) if a == b else f"{a}-{b}" for a, b in zip(firsts, lasts))


def format_ranks(ranks: Iterable[int], limit: int = 48) -> str:
    """``ranks 0-1,8-9`` / ``rank 5``; longer lists are cut at ``limit`` characters with the count.

    Example: ``ranks 9-14,17-22,25-30,... (196 ranks)``.
    """
    values = _unique_ranks(ranks)
    text = rank_ranges(values)
    if values.size == 1:
        return f"rank {text}"
    if len(text) > limit:
        cut = text[:limit].rsplit(",", 1)[0]
        return f"ranks {cut},... ({values.size} ranks)"
    return f"ranks {text}"
