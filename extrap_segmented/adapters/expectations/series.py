"""Extra-P measurements → the repeated x / y arrays every expectation front end validates.

The Expectation modeler and ``extrap-validate`` both call :func:`series_arrays`, so that they
see the same values (all repetitions where the input keeps them) and reach the same model, δ
and verdict as the pytest plugin given those arrays.
"""
from __future__ import annotations

from typing import Optional, Sequence

import numpy as np


def series_arrays(measurements: Sequence, index: int, aggregation: str) -> tuple[np.ndarray, np.ndarray, Optional[str]]:
    """Repeated x and y arrays of one call path/metric along parameter ``index``.

    Measurements with per-repetition values contribute every repetition (the validator
    aggregates them); those without contribute the statistic ``aggregation`` that Extra-P keeps
    (the median for ``q1``, which it does not keep).

    Returns:
        ``(x, y, note)``: ``note`` says when the median replaced q1, else None.
    """
    from extrap.entities.measurement import Measure
    from extrap_segmented.adapters.measurements import extrap_measure
    xs, ys = [], []
    fallback = False
    for m in measurements:
        values = None if m.values is None else np.ma.filled(np.ma.asarray(m.values, dtype=float), np.nan)
        if values is not None and values.ndim == 1 and values.size:
            xs.extend([float(m.coordinate[index])] * len(values))
            ys.extend(values.tolist())
            continue
        measure = extrap_measure(aggregation)
        if measure is None:  # q1: not one of the statistics a Measurement keeps
            measure, fallback = Measure.MEDIAN, True
        xs.append(float(m.coordinate[index]))
        ys.append(float(m.value(measure)))
    note = "q1 needs per-repetition values, which this input lacks; used the median" if fallback else None
    return np.array(xs), np.array(ys), note
