"""Compact text of rank lists: ``ranks 0-1,8-9`` (sorted, consecutive runs as ranges)."""
from __future__ import annotations

from typing import Iterable

import numpy as np


def rank_ranges(ranks: Iterable[int]) -> str:
    """``0-1,8-9,63`` for the ranks 0, 1, 8, 9, 63 (any order, duplicates ignored)."""
    values = np.unique(np.asarray(list(ranks), dtype=np.int64))
    if values.size == 0:
        return ""
    breaks = np.flatnonzero(np.diff(values) != 1) + 1
    parts = []
    for run in np.split(values, breaks):
        parts.append(str(run[0]) if run.size == 1 else f"{run[0]}-{run[-1]}")
    return ",".join(parts)


def format_ranks(ranks: Iterable[int], limit: int = 48) -> str:
    """``ranks 0-1,8-9`` / ``rank 5``; longer lists are cut at ``limit`` characters with the count.

    Example: ``ranks 9-14,17-22,25-30,... (196 ranks)``.
    """
    values = np.unique(np.asarray(list(ranks), dtype=np.int64))
    text = rank_ranges(values)
    if values.size == 1:
        return f"rank {text}"
    if len(text) > limit:
        cut = text[:limit].rsplit(",", 1)[0]
        return f"ranks {cut},... ({values.size} ranks)"
    return f"ranks {text}"
