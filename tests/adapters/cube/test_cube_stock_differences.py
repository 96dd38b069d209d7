"""--cube-ranks against --cube on the layouts of real Score-P profiles, rebuilt with the writer.

Equal aggregates everywhere except one documented case where Extra-P's --cube (through pycubexr)
departs from Cube: inclusive values of MINDOUBLE metrics (docs/cube.md, "Real Score-P profiles").
"""
from __future__ import annotations

import numpy as np
import pytest

from extrap_segmented.cube.writer import CubeMetric, make_location_table, write_cubex
from test_cube_rank_reader import aggregate_differences, assert_same_aggregates

from unit.cube.test_cube_real_layouts import PATHS, _break_header_checksums, mindouble_layout


@pytest.mark.parametrize("scaling", ["weak", "strong"])
@pytest.mark.parametrize("inclusive", [False, True])
def test_big_endian_files_with_wrong_checksums_give_stock_aggregates(tmp_path, scaling, inclusive):
    rng = np.random.default_rng(3)
    for p in (2, 4, 8):
        for r in (1, 2):
            path = write_cubex(tmp_path / f"blast.p{p}.r{r}" / "profile.cubex", callpaths=PATHS,
                               values={"visits": np.ones((len(PATHS), p)), "time": rng.random((len(PATHS), p)),
                                       "max_time": rng.random((len(PATHS), p))},
                               locations=make_location_table(p), byteorder="big", compress=r == 2,
                               metrics=[CubeMetric("visits", "UINT64"), CubeMetric("max_time", "MAXDOUBLE")])
            if p == 4:
                _break_header_checksums(path)
    ours = assert_same_aggregates(tmp_path, scaling, inclusive)
    visits = [m for (c, metric), ms in ours.measurements.items() if metric.name == "visits" and c.name == "main->b"
              for m in ms]
    expected = 1.0 if scaling == "weak" else {2: 2.0, 4: 4.0, 8: 8.0}
    for m in visits:
        assert m.mean == (expected if scaling == "weak" else expected[int(m.coordinate[0])])


@pytest.mark.parametrize("scaling", ["weak", "strong"])
def test_mindouble_inclusive_is_the_one_documented_difference(tmp_path, scaling):
    for p in (2, 4):
        write_cubex(tmp_path / f"app.p{p}.r1" / "profile.cubex", callpaths=PATHS,
                    values={"min_time": np.tile(mindouble_layout(), (1, p // 2)), "time": np.ones((len(PATHS), p))},
                    locations=make_location_table(p), metrics=[CubeMetric("min_time", "MINDOUBLE")])
    assert_same_aggregates(tmp_path, scaling, inclusive=False)
    stock, ours, differences = aggregate_differences(tmp_path, scaling, inclusive=True)
    # main's inclusive min_time is 0 on every location (Cube); pycubexr skips main->a and gives 4 (under
    # strong scaling, the "sum" over locations of a MINDOUBLE metric is their minimum: 0 against 4)
    assert {(key[0].name, key[1].name, attr) for key, _, attr, _, _ in differences} == {
        ("main", "min_time", attr) for attr in ("mean", "median", "minimum", "maximum")}
    for key, coordinate, attr, stock_value, our_value in differences:
        assert (stock_value, our_value) == (4.0, 0.0)
    main = [m for (c, metric), ms in ours.measurements.items() if (c.name, metric.name) == ("main", "min_time")
            for m in ms]
    assert all(np.all(m.values == 0.0) for m in main)
