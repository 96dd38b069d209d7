"""Series grouped for the batch calls of the core estimators.

The vectorized estimators (``search_many``, ``validate_many``, ``errors_many``) take one ``x`` and a
stack of ``y`` rows: the per-coordinate work (terms, folds) is done once for the whole stack. The
modelers and ``extrap-validate`` therefore gather the series that share their ``x`` bit for bit
(:func:`same_x_groups`) and the modelers call the batch estimators once per group
(:func:`fit_in_groups`).
"""
from __future__ import annotations

from typing import Any, Callable, Hashable, Optional, Sequence

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


def fit_in_groups(xs: Sequence[Optional[np.ndarray]], ys: Sequence[Optional[np.ndarray]],
                  fit_many: Callable[[np.ndarray, np.ndarray], Sequence[Any]], size: Optional[int] = None,
                  refused: tuple[type[BaseException], ...] = (Exception,)) -> list:
    """Per series the result of one ``fit_many(x, Y)`` call for the series with its ``x``
    (:func:`same_x_groups`; ``Y`` stacks their ``ys``, ``fit_many`` returns one result per row).

    Args:
        xs, ys: per series its ``x`` and ``y`` arrays; ``x`` None leaves the series out.
        fit_many: the batch call.
        size: most rows per call (None: a whole group at once).
        refused: exceptions of ``fit_many`` that leave a batch's series without a result.

    Returns:
        Per series its result, or None where it is alone in its group, left out or in a refused
        batch: the caller fits those series on their own (and so reports their own errors).
    """
    results: list = [None] * len(xs)
    for x, members in same_x_groups(xs):
        if len(members) < 2:
            continue
        step = size or len(members)
        for start in range(0, len(members), step):
            batch = members[start:start + step]
            try:
                fitted = fit_many(x, np.stack([ys[i] for i in batch]))
            except refused:
                continue
            for i, result in zip(batch, fitted):
                results[i] = result
    return results
