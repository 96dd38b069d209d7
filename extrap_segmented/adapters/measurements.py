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


def measurement_arrays(measurements: Sequence[Measurement], measure: Union[Measure, bool],
                       parameter: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Parameter values and the modeler's measure of ``measurements``, in their order.

    Args:
        measurements: one kernel's measurements.
        measure: a modeler's ``use_measure`` (a `Measure`, or Extra-P's legacy bool: True median).
        parameter: index of the coordinate's parameter used as ``x``.

    Returns:
        ``(x, y)``: float64 arrays of shape (len(measurements),); nothing is checked or dropped.
    """
    n = len(measurements)
    x = np.fromiter((m.coordinate[parameter] for m in measurements), float, n)
    y = np.fromiter(Measurement.select_measure(measurements, measure), float, n)
    return x, y
