"""The statistics table follows Extra-P's Measure enum (checked against the installed Extra-P)."""
from __future__ import annotations

import pytest
import numpy as np
from extrap.entities.callpath import Callpath
from extrap.entities.coordinate import Coordinate
from extrap.entities.measurement import Measure, Measurement
from extrap.entities.metric import Metric

from extrap_segmented.adapters.measurements import extrap_measure
from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.reducers import ALIASES, MEASURES, STATISTICS, reduce_values


def test_measure_names_are_extrap_measures_in_enum_order():
    assert list(MEASURES) == [m.name.lower() for m in Measure.choices()]
    assert set(STATISTICS) - set(MEASURES) == {"q1"}  # the one statistic Extra-P has no measure for


def test_every_name_and_alias_maps_to_its_measure():
    for name in MEASURES:
        assert extrap_measure(name) is Measure.from_str(name)
    assert extrap_measure("min") is Measure.MINIMUM
    assert extrap_measure("Average") is Measure.MEAN
    assert extrap_measure("first-quartile") is None
    # each alias gives its target's measure, None only for the statistic Extra-P has none for
    # (an ``is None or …`` here passed any alias that wrongly gave None)
    assert {alias: extrap_measure(alias) for alias in ALIASES} == \
        {alias: Measure.from_str(target) if target in MEASURES else None for alias, target in ALIASES.items()}
    assert {target for target in ALIASES.values() if target in MEASURES} == {"mean", "minimum", "maximum"}
    with pytest.raises(InvalidInputError, match="valid: mean, median, minimum, maximum, q1"):
        extrap_measure("mode")


def test_a_measurement_keeps_each_measure_in_the_attribute_of_its_name_as_the_table_computes_it():
    values = [3.0, 1.0, 10.0, 2.0, 2.5]
    m = Measurement(Coordinate(4), Callpath("main"), Metric("time"), values)
    for name in MEASURES:
        assert getattr(m, name) == m.value(Measure.from_str(name)) == pytest.approx(reduce_values(values, name))
    assert np.isnan(reduce_values([np.nan], "median", ignore_nan=True))
