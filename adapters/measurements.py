"""Extra-P `Measurement` lists as the numpy arrays the core algorithms take."""
from __future__ import annotations

from typing import Sequence, Union

import numpy as np

from extrap.entities.measurement import Measure, Measurement


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
