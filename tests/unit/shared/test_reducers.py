"""The one table of statistics (extrap_segmented.reducers): names, aliases, errors, NaN handling."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.reducers import ALIASES, MEASURES, STATISTICS, reduce_values, reducer, statistic_name

VALUES = np.array([[4.0, 1.0, 3.0, 2.0], [8.0, 6.0, 7.0, 5.0]])


@pytest.mark.parametrize("name, expected", [
    ("mean", [2.5, 6.5]), ("median", [2.5, 6.5]), ("minimum", [1.0, 5.0]), ("maximum", [4.0, 8.0]),
    ("q1", [1.75, 5.75]),
])
def test_every_statistic_reduces_plain_and_ignoring_nan_alike(name, expected):
    assert reduce_values(VALUES, name, axis=1).tolist() == expected
    with_nan = np.column_stack([VALUES, [np.nan, np.nan]])
    assert reduce_values(with_nan, name, axis=1, ignore_nan=True).tolist() == expected


def test_canonical_names_are_the_measures_plus_q1_and_aliases_resolve():
    assert list(STATISTICS) == [*MEASURES, "q1"]
    assert MEASURES == ("mean", "median", "minimum", "maximum")
    for alias, target in ALIASES.items():
        assert statistic_name(alias) == target
        assert statistic_name(alias.upper()) == target
    # every spelling accepted before the table existed
    for spelling, target in [("median", "median"), ("mean", "mean"), ("minimum", "minimum"),
                             ("maximum", "maximum"), ("average", "mean"), ("min", "minimum"), ("q1", "q1"),
                             ("first-quartile", "q1"), ("first_quartile", "q1"), ("quartile", "q1"),
                             ("Median", "median")]:
        assert statistic_name(spelling) == target


def test_unknown_name_lists_the_valid_ones():
    with pytest.raises(InvalidInputError) as caught:
        statistic_name("mode", what="rank value")
    message = str(caught.value)
    assert message.startswith("unknown rank value 'mode'; valid: mean, median, minimum, maximum, q1")
    assert "min (minimum)" in message and "first-quartile (q1)" in message


def test_allowed_restricts_names_and_the_message():
    assert reducer("min", allowed=("mean", "minimum")) is np.min
    with pytest.raises(InvalidInputError, match=r"unknown aggregation 'max'; valid: mean, minimum; "
                                                r"aliases: average \(mean\), min \(minimum\)$"):
        reducer("max", allowed=("minimum", "mean"), what="aggregation")


@pytest.mark.parametrize("name", list(STATISTICS))
def test_all_nan_slices_give_nan_without_a_warning(name):
    values = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, np.nan]])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = reduce_values(values, name, axis=1, ignore_nan=True)
        assert np.isnan(reduce_values(values[1], name, ignore_nan=True))
        assert reduce_values(np.empty((2, 0)), name, axis=1, ignore_nan=True).shape == (2,)
    assert np.isfinite(result[0]) and np.isnan(result[1])
