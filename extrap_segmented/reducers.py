"""The statistics that reduce several values to one, named as Extra-P names its measures.

One table for the whole package: the Clustered modeler's ``rank_value`` and ``cluster_value``,
the repetition aggregation of ``extrap-validate`` (TOML ``aggregation`` and ``--aggregation``),
the pytest plugin's ``--extrap-aggregation`` and the per-rank Cube reader all look their
reduction up here.

Canonical names are those of Extra-P's ``Measure`` enum in lower case (``mean``, ``median``,
``minimum``, ``maximum``, the names ``Measure.from_str`` accepts), plus ``q1``, the first
quartile, which Extra-P has no measure for (the scalability-validation paper's choice against
noise). Names are case-insensitive. Aliases, kept because they were accepted before:

========================================  =========
alias                                      statistic
========================================  =========
``average``                                ``mean``
``min``                                    ``minimum``
``max``                                    ``maximum``
``first-quartile``, ``first_quartile``,    ``q1``
``quartile``
========================================  =========

Each statistic has a plain reduction (NaN propagates, as in numpy) and a NaN-ignoring one (NaN
marks a missing value; an all-NaN slice gives NaN without a warning, so that no caller needs to
change the process-wide warning filters).
"""
from __future__ import annotations

from typing import Callable, Iterable, Optional, Union

import numpy as np
from numpy.typing import ArrayLike

from extrap_segmented.exceptions import InvalidInputError

#: Extra-P's measures (``extrap.entities.measurement.Measure`` without UNKNOWN), in enum order.
MEASURES = ("mean", "median", "minimum", "maximum")

Reduction = Callable[..., np.ndarray]


def _first_quartile(values, axis=None):
    """First quartile (25th percentile, linear interpolation) of ``values`` along ``axis``."""
    return np.percentile(values, 25, axis=axis)


def _nan_first_quartile(values, axis=None):
    """First quartile ignoring NaN."""
    return np.nanpercentile(values, 25, axis=axis)


#: canonical name -> (plain reduction, NaN-ignoring reduction, description)
STATISTICS: dict[str, tuple[Reduction, Reduction, str]] = {
    "mean": (np.mean, np.nanmean, "arithmetic mean"),
    "median": (np.median, np.nanmedian, "median"),
    "minimum": (np.min, np.nanmin, "smallest value"),
    "maximum": (np.max, np.nanmax, "largest value"),
    "q1": (_first_quartile, _nan_first_quartile, "first quartile (not an Extra-P measure)"),
}

#: accepted spellings -> canonical name (documented in the module docstring)
ALIASES = {
    "average": "mean",
    "min": "minimum",
    "max": "maximum",
    "first-quartile": "q1",
    "first_quartile": "q1",
    "quartile": "q1",
}


def statistic_name(name: str, allowed: Optional[Iterable[str]] = None, what: str = "statistic") -> str:
    """Canonical name of a statistic (case-insensitive; aliases resolved).

    Args:
        name: a canonical name or alias, e.g. ``"Median"``, ``"min"``, ``"first-quartile"``.
        allowed: canonical names acceptable to the caller (default: every statistic).
        what: what the name is for, used in the error message (e.g. ``"aggregation"``).

    Returns:
        The canonical name, a key of :data:`STATISTICS`.

    Raises:
        InvalidInputError: unknown or not allowed name; the message lists the valid names and aliases.
    """
    valid = list(STATISTICS) if allowed is None else [n for n in STATISTICS if n in set(allowed)]
    key = str(name).strip().lower()
    canonical = ALIASES.get(key, key)
    if canonical in valid:
        return canonical
    aliases = [f"{alias} ({target})" for alias, target in ALIASES.items() if target in valid]
    raise InvalidInputError(f"unknown {what} {name!r}; valid: {', '.join(valid)}"
                            + (f"; aliases: {', '.join(aliases)}" if aliases else ""))


def _without_all_nan(function: Reduction) -> Reduction:
    """``function`` giving NaN for all-NaN (or empty) slices without numpy's RuntimeWarning."""

    def reduce(values, axis=None):
        values = np.asarray(values, dtype=float)
        missing = np.isnan(values)
        empty = missing.all(axis=axis)
        if not np.any(empty):
            return function(values, axis=axis)
        if axis is None:
            return np.nan
        if values.size == 0:
            return np.full(np.shape(empty), np.nan)
        filled = np.where(missing.all(axis=axis, keepdims=True), 0.0, values)
        return np.where(empty, np.nan, function(filled, axis=axis))

    reduce.__doc__ = f"{function.__name__} ignoring NaN; NaN for a slice without values (no warning)."
    return reduce


_NAN_SAFE = {name: _without_all_nan(entry[1]) for name, entry in STATISTICS.items()}


#: reductions whose value for a single value is that value, bit for bit: minimum and maximum; the
#: mean (and the median, a mean of the middle values) sum from 0.0, so -0.0 becomes 0.0 (``+ 0.0``)
_ONE_VALUE_IS_ITSELF = {STATISTICS["minimum"][0]: False, STATISTICS["maximum"][0]: False,
                        STATISTICS["mean"][0]: True, STATISTICS["median"][0]: True}


def reduce_columns(reduce: Reduction, matrix: np.ndarray) -> np.ndarray:
    """``reduce(matrix, axis=0)``; a float64 matrix of one row reduced by mean, median, minimum or
    maximum is that row, as a new array (the same bits as numpy's reduction, without its general
    machinery, ~50 us a call: per-rank data with a single repetition is the common case)."""
    summed = _ONE_VALUE_IS_ITSELF.get(reduce)
    if summed is not None and type(matrix) is np.ndarray and matrix.ndim == 2 and matrix.shape[0] == 1 \
            and matrix.dtype == np.float64:
        return matrix[0] + 0.0 if summed else matrix[0].copy()
    return reduce(matrix, axis=0)


def reducer(name: str, *, ignore_nan: bool = False, allowed: Optional[Iterable[str]] = None,
            what: str = "statistic") -> Reduction:
    """The numpy reduction ``reduce(values, axis=None)`` of a statistic.

    Args:
        name: canonical name or alias (see :func:`statistic_name`).
        ignore_nan: NaN marks a missing value (all-NaN slices give NaN, without a warning).
        allowed: canonical names acceptable to the caller (default: every statistic).
        what: what the name is for, used in the error message.

    Returns:
        The reduction.

    Raises:
        InvalidInputError: unknown or not allowed name.
    """
    if allowed is None and isinstance(name, str) and name in STATISTICS:  # canonical (the hot case): nothing to check
        return _NAN_SAFE[name] if ignore_nan else STATISTICS[name][0]
    canonical = statistic_name(name, allowed, what)
    return _NAN_SAFE[canonical] if ignore_nan else STATISTICS[canonical][0]


def reduce_values(values: ArrayLike, name: str, axis: Optional[int] = None, *, ignore_nan: bool = False
                  ) -> Union[np.ndarray, float]:
    """Reduces ``values`` along ``axis`` with the statistic ``name``.

    Args:
        values: array-like of numbers.
        name: canonical name or alias (see :func:`statistic_name`).
        axis: axis to reduce (None: all values).
        ignore_nan: NaN marks a missing value.

    Returns:
        The reduced value (numpy scalar) or array.

    Raises:
        InvalidInputError: unknown name; the message lists the valid ones.
    """
    return reducer(name, ignore_nan=ignore_nan)(values, axis=axis)
