"""Series grouped for the batch calls of the core estimators.

The vectorized estimators (``search_many``, ``validate_many``, ``errors_many``) take one ``x`` and a
stack of ``y`` rows: the per-coordinate work (terms, folds) is done once for the whole stack. The
modelers and ``extrap-validate`` therefore gather the series that share their ``x`` bit for bit.
"""
from __future__ import annotations

from typing import Hashable, Optional, Sequence

import numpy as np


def same_x_groups(xs: Sequence[Optional[np.ndarray]],
                  keys: Optional[Sequence[Hashable]] = None) -> list[tuple[np.ndarray, list[int]]]:
    """Indices of the series whose ``x`` are bit for bit equal (and, with ``keys``, whose keys are
    equal), as ``(x of the first member, [index, ...])`` in order of first appearance.

    Args:
        xs: per series its ``x`` array, or None for a series left out of every group.
        keys: per series what else must be equal to share a call (e.g. the estimator's options).
    """
    groups: dict = {}
    for i, x in enumerate(xs):
        if x is None:
            continue
        key = (x.dtype.str, x.shape, x.tobytes())
        if keys is not None:
            key = (keys[i],) + key
        groups.setdefault(key, (x, []))[1].append(i)
    return list(groups.values())
