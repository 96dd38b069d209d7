"""Extra-P `Measurement` lists as the numpy arrays the core algorithms take, and the `Measure` of a
statistic name of :mod:`extrap_segmented.reducers`."""
from __future__ import annotations

from typing import Optional, Sequence, Union

import numpy as np

from extrap.entities.measurement import Measure, Measurement

from extrap_segmented.reducers import MEASURES, statistic_name


def extrap_measure(name: str) -> Optional[Measure]:
    """Extra-P's `Measure` of a statistic name or alias (``"min"`` -> ``Measure.MINIMUM``).

    Returns:
        The measure, or None for a statistic Extra-P has no measure for (``q1``).

    Raises:
        InvalidInputError: unknown name; the message lists the valid ones.
    """
    canonical = statistic_name(name)
    return Measure.from_str(canonical) if canonical in MEASURES else None


def parameter_names(experiment) -> tuple[str, ...]:
    """The names of an Extra-P experiment's parameters, as text (empty when it has none)."""
    return tuple(str(getattr(p, "name", p)) for p in getattr(experiment, "parameters", None) or [])


def coordinate_array(measurements: Sequence[Measurement], parameter: Optional[int] = None) -> np.ndarray:
    """The coordinates of ``measurements``, in their order: float64 of shape (n, parameters), or
    (n,) holding parameter ``parameter`` only."""
    if parameter is None:
        return np.array([tuple(m.coordinate) for m in measurements], dtype=float)
    return np.fromiter((m.coordinate[parameter] for m in measurements), float, len(measurements))


def measurement_arrays(measurements: Sequence[Measurement], measure: Union[Measure, bool],
                       parameter: Optional[int] = 0) -> tuple[np.ndarray, np.ndarray]:
    """Parameter values and the modeler's measure of ``measurements``, in their order.

    Args:
        measurements: one kernel's measurements.
        measure: a modeler's ``use_measure`` (a `Measure`, or Extra-P's legacy bool: True median).
        parameter: index of the coordinate's parameter used as ``x``; None: every parameter.

    Returns:
        ``(x, y)``: float64 arrays, ``y`` of shape (len(measurements),), ``x`` the same or, for
        ``parameter=None``, (len(measurements), parameters); nothing is checked or dropped.
    """
    x = coordinate_array(measurements, parameter)
    y = np.fromiter(Measurement.select_measure(measurements, measure), float, len(measurements))
    return x, y


def repetition_counts(measurements: Sequence[Measurement]) -> np.ndarray:
    """Repetitions per measurement, float64 (1 where Extra-P does not say)."""
    return np.array([getattr(m, "repetitions", 1) or 1 for m in measurements], dtype=float)


def repetition_means(measurement: Measurement) -> Optional[np.ndarray]:
    """The kept values of ``measurement`` averaged over the locations of each repetition (float64,
    one per repetition; NaN where all of a repetition's values are masked), or None without kept
    values. The spread between ranks is load imbalance, not noise: averaging removes it."""
    values = getattr(measurement, "values", None)
    if values is None or np.ndim(values) < 1 or np.shape(values)[0] < 1:
        return None
    if not np.ma.isMaskedArray(values):  # the common case, without numpy.ma's cost per call
        return np.asarray(values, dtype=float).reshape(np.shape(values)[0], -1).mean(axis=1)
    return np.asarray(np.ma.filled(np.ma.mean(np.ma.asarray(values, dtype=float).reshape(
        np.shape(values)[0], -1), axis=1), np.nan), dtype=float)
