"""What real Score-P profiles contain beyond the fixtures, rebuilt with the writer so CI covers it.

Each case reproduces a layout met in the real profiles of pycubexr's repository (docs/cube.md,
"Real Score-P profiles"): big-endian files (Blue Gene), tar headers with wrong checksums
(CubeWriter 4.8), negative counter readings stored as unsigned, hardware counters stored
inclusively whose callees count more than the caller, and MINDOUBLE metrics whose inclusive value
depends on a callee that is zero on every location.
"""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from pycubexr import CubexParser

from extrap_segmented.cube.directory import read_cube_directory, read_cubex
from extrap_segmented.cube.writer import CubeMetric, make_location_table, write_cubex
from extrap_segmented.exceptions import CubeDataWarning

PATHS = ["main", "main->a", "main->a->x", "main->a->y", "main->b"]


def pycubexr_values(path, name, **conversion):
    """(call paths in pre-order, values) of one metric as pycubexr (Extra-P's --cube) sees them."""
    with CubexParser(str(path)) as cube:
        metric = cube.get_metric_by_name(name)
        values = cube.get_metric_values(metric, cache=False)
        out = []

        def walk(cnode):
            out.append(np.asarray(values.cnode_values(cnode, **conversion).astype(float)))
            for child in cnode.get_children():
                walk(child)
        for root in cube.get_root_cnodes():
            walk(root)
    return np.array(out)


@pytest.mark.parametrize("compress", [False, True])
def test_big_endian_profiles_read_as_written(tmp_path, compress):
    # blast.p64.r1 (Blue Gene/Q) is big-endian: index header 00 00 00 01, visits 00 .. 00 01
    rng = np.random.default_rng(1)
    values = {"visits": np.ones((len(PATHS), 4)), "time": rng.random((len(PATHS), 4))}
    metrics = [CubeMetric("visits", "UINT64", "occ")]
    path = write_cubex(tmp_path / "big.cubex", callpaths=PATHS, values=values, locations=make_location_table(4),
                       metrics=metrics, compress=compress, byteorder="big")
    with open(path, "rb") as f:
        assert b"CUBEX.INDEX\x00\x00\x00\x01" in f.read()
    profile = read_cubex(path)
    np.testing.assert_array_equal(profile.values["visits"], 1.0)
    np.testing.assert_array_equal(profile.values["time"], values["time"])
    np.testing.assert_array_equal(pycubexr_values(path, "visits"), 1.0)


def _break_header_checksums(path):
    """Overwrites the checksum field of every tar header, as CubeWriter 4.8 sometimes does."""
    raw = bytearray(path.read_bytes())
    pos = 0
    while pos + 512 <= len(raw) and raw[pos:pos + 512].strip(b"\0"):
        size = int(raw[pos + 124:pos + 136].strip(b"\0 ") or b"0", 8)
        raw[pos + 148:pos + 156] = b"0000001\0"
        pos += 512 + (size + 511) // 512 * 512
    path.write_bytes(bytes(raw))


def test_wrong_tar_checksums_are_read_with_one_warning(tmp_path):
    values = {"time": np.arange(len(PATHS) * 2, dtype=float).reshape(len(PATHS), 2) + 1}
    path = write_cubex(tmp_path / "app.p2.r1" / "profile.cubex", callpaths=PATHS, values=values,
                       locations=make_location_table(2))
    _break_header_checksums(path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        profile = read_cubex(path)
    np.testing.assert_array_equal(profile.values["time"], values["time"])
    messages = [str(w.message) for w in caught]
    assert len(messages) == 1 and str(path) in messages[0] and "checksums" in messages[0]
    assert issubclass(caught[0].category, CubeDataWarning)


def test_garbage_is_still_not_a_tar_archive(tmp_path):
    path = tmp_path / "profile.cubex"
    path.write_bytes(bytes(range(256)) * 8)
    from extrap_segmented.exceptions import CubeFormatError
    with pytest.raises(CubeFormatError, match="not a Cube4 profile"):
        read_cubex(path)


def test_negative_counter_readings_stored_unsigned_read_as_zero_with_a_warning(tmp_path):
    # L2_DCM_negative.cubex: PAPI_L2_DCM (UINT64, INCLUSIVE) holds 2**64 - 117 ... 2**64 - 1
    incl = np.array([[100, 100], [60, 2 ** 64 - 5], [70, 10], [0, 0], [20, 20]], dtype=np.uint64)
    for p in (2, 4):
        write_cubex(tmp_path / f"app.p{p}.r1" / "profile.cubex", callpaths=PATHS,
                    values={"PAPI_L2_DCM": np.tile(incl, (1, p // 2))}, locations=make_location_table(p),
                    metrics=[CubeMetric("PAPI_L2_DCM", "UINT64")], value_kind="inclusive")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        read_cube_directory(tmp_path)
        exclusive = read_cubex(tmp_path / "app.p2.r1" / "profile.cubex").values["PAPI_L2_DCM"]
    # inclusive main->a reads as 0 on location 1; main->a exclusive 60 - 70 clamps at 0 (location 0)
    expected = pycubexr_values(tmp_path / "app.p2.r1" / "profile.cubex", "PAPI_L2_DCM", convert_to_exclusive=True)
    np.testing.assert_array_equal(exclusive, expected)
    assert exclusive[1].tolist() == [0.0, 0.0] and exclusive[0].tolist() == [100 - 60 - 20, 100 - 0 - 20]
    messages = [str(w.message) for w in caught]
    for p in (2, 4):
        f = tmp_path / f"app.p{p}.r1" / "profile.cubex"
        assert sum(str(f) in m and "stored as unsigned 64-bit values (down to -5)" in m for m in messages) == 1
        assert sum(str(f) in m and "would be negative" in m for m in messages) == 1


def mindouble_layout():
    """min_time (MINDOUBLE, exclusive) where main->a is zero on every location once inclusive.

    As cnode 33 of time.p4.n2000.x1.r0: its callees x and y were each not entered on one location
    (stored 0), so its inclusive minimum is 0 everywhere. Cube (and this reader) give main the
    inclusive minimum 0; pycubexr skips callees that are zero everywhere and gives min(5, 4) = 4.
    """
    return np.array([[5.0, 5.0], [3.0, 3.0], [1.0, 0.0], [0.0, 2.0], [4.0, 4.0]])


def test_mindouble_inclusive_follows_cube_not_pycubexr(tmp_path):
    path = write_cubex(tmp_path / "min.cubex", callpaths=PATHS, values={"min_time": mindouble_layout()},
                       locations=make_location_table(2), metrics=[CubeMetric("min_time", "MINDOUBLE")])
    ours = read_cubex(path, inclusive=True).values["min_time"]
    assert ours.tolist() == [[0, 0], [0, 0], [1, 0], [0, 2], [4, 4]]
    stock = pycubexr_values(path, "min_time", convert_to_inclusive=True)
    assert stock[0].tolist() == [4.0, 4.0]  # pycubexr's rule; if this fails, pycubexr changed: see docs/cube.md
    np.testing.assert_array_equal(stock[1:], ours[1:])


def test_mindouble_callees_missing_from_the_index_are_neutral(tmp_path):
    values = mindouble_layout()
    values[3] = 0.0  # main->a->y zero everywhere: the writer leaves it out of the index
    path = write_cubex(tmp_path / "min.cubex", callpaths=PATHS, values={"min_time": values},
                       locations=make_location_table(2), metrics=[CubeMetric("min_time", "MINDOUBLE")])
    profile = read_cubex(path, inclusive=True)
    assert 3 not in profile.listed["min_time"].tolist()
    assert profile.values["min_time"].tolist() == [[1, 0], [1, 0], [1, 0], [0, 0], [4, 4]]
    # pycubexr 2.1.1 cannot convert such a metric at all (MinValues has no dtype for the zero row)
    with pytest.raises(AttributeError):
        pycubexr_values(path, "min_time", convert_to_inclusive=True)
