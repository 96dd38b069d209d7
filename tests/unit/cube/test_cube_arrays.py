"""Reading profiles and directories into arrays, and every kind of bad input the reader meets."""
from __future__ import annotations

import tarfile
import warnings

import numpy as np
import pytest

from extrap_segmented.cube.directory import parse_run_name, read_cube_directory, read_cubex
from extrap_segmented.cube.writer import CubeMetric, make_location_table, write_cubex
from extrap_segmented.exceptions import CubeDataWarning, CubeFormatError

PATHS = ["main", "main->work", "main->work->MPI_Send"]


def _write(directory, p, rep=1, *, n_loc=None, names=("time", "visits"), values=None, **kwargs):
    n_loc = n_loc or p
    vals = values or {m: np.full((len(PATHS), n_loc), float(p * (i + 1))) for i, m in enumerate(names)}
    return write_cubex(directory / f"app.p{p}.r{rep}" / "profile.cubex", callpaths=PATHS, values=vals,
                       locations=make_location_table(n_loc), **kwargs)


def _series_dir(tmp_path, ps=(2, 4, 8), reps=(1, 2)):
    for p in ps:
        for r in reps:
            _write(tmp_path, p, r)
    return tmp_path


def test_directory_is_read_into_callpath_repetition_location_arrays(tmp_path):
    series = read_cube_directory(_series_dir(tmp_path))
    assert series.parameters == ("p",)
    assert series.points == [(2.0,), (4.0,), (8.0,)]
    cube = series.array("visits", 2)
    assert cube.shape == (3, 2, 8)
    assert np.all(cube == 16.0)
    assert [len(t) for t in series.locations] == [2, 4, 8]


def test_fixture_stencil_carries_the_cartesian_grid(fixtures_dir):
    series = read_cube_directory(fixtures_dir / "cube" / "stencil2d-ps", metrics=["time"])
    assert series.parameters == ("p", "s")
    assert len(series.points) == 30
    i = series.points.index((16.0, 100.0))
    table = series.locations[i]
    assert table.topology_dims == (4, 4) and table.coords[5].tolist() == [1, 1]
    flux = series.array("time", i)[series.callpaths[i].index("main->timestep->compute_fluxes->density_flux")]
    corner, inner = flux[:, 0].mean(), flux[:, 5].mean()
    assert corner > 5 * inner  # boundary cells ~80x an inner cell, 10 of 100 cells per edge


def test_run_names_are_parsed_like_extrap():
    assert parse_run_name("stencil.p16.s100.r2") == (["p", "s"], [16.0, 100.0])
    assert parse_run_name("mm.x2,5.r1") == (["x"], [2.5])
    with pytest.raises(CubeFormatError, match="cannot parse parameter values from the directory name 'profile'"):
        parse_run_name("profile")


def test_truncated_profile_names_the_file(tmp_path):
    path = _write(tmp_path, 2)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(CubeFormatError, match=rf"{path}.*(truncated|corrupt)"):
        read_cubex(path)


def test_corrupt_data_member_names_file_and_metric(tmp_path):
    path = _write(tmp_path, 2)
    with tarfile.open(path) as tar:
        members = {m.name: tar.extractfile(m).read() for m in tar.getmembers()}
    members["0.data"] = members["0.data"][:-8]
    with tarfile.open(path, "w") as tar:
        import io
        for name, payload in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(payload)
            tar.addfile(info, io.BytesIO(payload))
    with pytest.raises(CubeFormatError, match=rf"{path}: data of metric 'time' holds 5 values, expected 3 cnodes"):
        read_cubex(path)


def test_not_a_tar_archive(tmp_path):
    path = tmp_path / "app.p2.r1" / "profile.cubex"
    path.parent.mkdir()
    path.write_text("this is not a cube file\n")
    with pytest.raises(CubeFormatError, match=rf"{path}: not a Cube4 profile \(not a tar archive"):
        read_cubex(path)


def test_unreadable_repetition_is_skipped_with_a_warning_and_the_rest_is_read(tmp_path):
    root = _series_dir(tmp_path)
    bad = root / "app.p4.r2" / "profile.cubex"
    bad.write_bytes(b"garbage")
    with pytest.warns(CubeDataWarning, match=rf"skipped: {bad}: not a Cube4 profile"):
        series = read_cube_directory(root)
    assert series.array("time", 1).shape == (3, 1, 4)
    assert series.skipped[0][0] == bad


def test_metric_missing_in_one_file(tmp_path):
    root = _series_dir(tmp_path, reps=(1,))
    _write(root, 4, 2, names=("time",))
    series = read_cube_directory(root)
    assert series.values["visits"][1].of(0).shape == (1, 4)   # only r1 has visits
    assert series.values["time"][1].of(0).shape == (2, 4)


def test_different_location_counts_among_repetitions_skip_the_point(tmp_path):
    root = _series_dir(tmp_path)
    _write(root, 4, 3, n_loc=5)
    with pytest.warns(CubeDataWarning, match=r"repetitions of point \(4.0,\) have different numbers of locations"
                                             r".*app.p4.r3/profile.cubex has 5"):
        series = read_cube_directory(root)
    assert series.points == [(2.0,), (8.0,)]


def test_directory_without_profiles(tmp_path):
    (tmp_path / "app.p2.r1").mkdir()
    with pytest.raises(CubeFormatError, match=rf"{tmp_path}: no Cube profiles found"):
        read_cube_directory(tmp_path)


def test_directory_name_without_parameters(tmp_path):
    write_cubex(tmp_path / "scorep-run" / "profile.cubex", callpaths=["main"], values={"t": np.ones((1, 1))},
                locations=make_location_table(1))
    with pytest.raises(CubeFormatError, match="'scorep-run'"):
        read_cube_directory(tmp_path)


def test_negative_counter_values_are_kept_and_reported_once_per_file_and_metric(tmp_path):
    for p in (2, 4):
        vals = {"PAPI_TOT_CYC": np.full((len(PATHS), p), 5.0)}
        vals["PAPI_TOT_CYC"][1, 0] = -3.0
        _write(tmp_path, p, values=vals, metrics=[CubeMetric("PAPI_TOT_CYC", "INT64")])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        series = read_cube_directory(tmp_path)
    negative = sorted(str(w.message) for w in caught if "negative values" in str(w.message))
    assert negative == [f"{tmp_path / f'app.p{p}.r1' / 'profile.cubex'}: metric 'PAPI_TOT_CYC' has 1 negative "
                        f"values; kept as they are" for p in (2, 4)]
    assert series.array("PAPI_TOT_CYC", 0)[1, 0, 0] == -3.0
