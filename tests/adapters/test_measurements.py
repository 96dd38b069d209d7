"""The one Measurement-to-array conversion of the adapters: coordinates, measures, repetitions."""
from __future__ import annotations

import numpy as np
import pytest
from extrap.entities.callpath import Callpath
from extrap.entities.coordinate import Coordinate
from extrap.entities.measurement import Measure, Measurement
from extrap.entities.metric import Metric

from extrap_segmented.adapters.measurements import (coordinate_array, measurement_arrays, repetition_counts,
                                                     repetition_means)


def _m(point, values):
    return Measurement(Coordinate(*point), Callpath("k"), Metric("time"), values)


def test_every_parameter_or_one_and_the_measure_in_the_order_given():
    ms = [_m((8, 2), [1.0, 5.0, 3.0]), _m((2, 4), [2.0, 2.0, 8.0])]
    X, y = measurement_arrays(ms, Measure.MEDIAN, parameter=None)
    np.testing.assert_array_equal(X, [[8.0, 2.0], [2.0, 4.0]])
    np.testing.assert_array_equal(y, [3.0, 2.0])
    x, y_mean = measurement_arrays(ms, Measure.MEAN, parameter=1)
    np.testing.assert_array_equal(x, [2.0, 4.0])
    np.testing.assert_allclose(y_mean, [3.0, 4.0], rtol=1e-12)
    np.testing.assert_array_equal(coordinate_array(ms, 0), [8.0, 2.0])
    assert coordinate_array(ms).dtype == np.float64 and coordinate_array(ms).shape == (2, 2)
    # Extra-P's legacy bool: True is the median, False the mean
    np.testing.assert_array_equal(measurement_arrays(ms, True)[1], y)


def test_repetitions_and_their_location_averaged_values():
    m = _m((4,), [1.0, 3.0])
    assert repetition_counts([m, _m((8,), [2.0])]).tolist() == [2.0, 1.0]
    assert repetition_means(m) is None  # no values kept
    # 2 repetitions x 3 locations, one value masked: the mean of the other two of its repetition
    m.values = np.ma.masked_array([[1.0, 2.0, 6.0], [4.0, 4.0, 4.0]], mask=[[False, False, True], [False] * 3])
    np.testing.assert_allclose(repetition_means(m), [1.5, 4.0], rtol=1e-12)
    m.values = np.ma.masked_array([[1.0, 2.0]], mask=[[True, True]])
    assert np.isnan(repetition_means(m)).all()
    with pytest.raises(ValueError):
        measurement_arrays([m], "no measure")
