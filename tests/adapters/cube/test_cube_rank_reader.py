"""The --cube-ranks reader: same aggregates as Extra-P's --cube, per-location values and identities kept."""
from __future__ import annotations

import contextlib
import io
import warnings

import numpy as np
import pytest

from extrap.fileio.experiment_io import read_experiment, write_experiment
from extrap.fileio.file_reader.cube_file_reader2 import CubeFileReader2
from extrap.util.exceptions import FileFormatError, RecoverableError

from extrap_segmented.adapters.cube.reader import CubeRankReader
from extrap_segmented.adapters.cube.experiment import RankExperiment
from extrap_segmented.cube.writer import make_location_table, write_cubex
from extrap_segmented.exceptions import CubeDataWarning

AGGREGATES = ("mean", "median", "minimum", "maximum", "std", "repetitions")


def _read(reader_cls, path, scaling, inclusive):
    reader = reader_cls()
    reader.scaling_type = scaling
    reader.use_inclusive_measurements = inclusive
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return reader.read_experiment(path)


def _read_with_warnings(reader_cls, path):
    reader = reader_cls()
    reader.scaling_type = "weak"
    return reader.read_experiment(path)


def aggregate_differences(path, scaling, inclusive):
    """Reads ``path`` with --cube and --cube-ranks; returns (stock, ours, differences).

    The two experiments must have the same measurement keys, call paths and coordinates;
    ``differences`` lists ``(key, coordinate, aggregate, stock value, our value)`` wherever an
    aggregate is not bit-for-bit equal.
    """
    stock = _read(CubeFileReader2, path, scaling, inclusive)
    ours = _read(CubeRankReader, path, scaling, inclusive)
    assert list(ours.measurements) == list(stock.measurements)
    assert ours.callpaths == stock.callpaths and ours.coordinates == stock.coordinates
    differences = []
    for key, measurements in stock.measurements.items():
        for a, b in zip(measurements, ours.measurements[key], strict=True):
            assert a.coordinate == b.coordinate
            differences += [(key, a.coordinate, attr, getattr(a, attr), getattr(b, attr)) for attr in AGGREGATES
                            if not getattr(b, attr) == getattr(a, attr)]
    return stock, ours, differences


def assert_same_aggregates(path, scaling, inclusive):
    _, ours, differences = aggregate_differences(path, scaling, inclusive)
    assert not differences, differences[:5]
    return ours


@pytest.mark.parametrize("scaling", ["weak", "strong"])
@pytest.mark.parametrize("inclusive", [False, True])
@pytest.mark.parametrize("fixture", ["stencil2d-ps", "gather-switch-p"])
def test_aggregates_equal_stock_cube_reader_on_fixtures(fixtures_dir, fixture, scaling, inclusive):
    ours = assert_same_aggregates(fixtures_dir / "cube" / fixture, scaling, inclusive)
    m = next(iter(ours.measurements.values()))[-1]
    assert isinstance(m.values, np.ndarray) and m.values.dtype == np.float64
    assert m.values.shape == (2, len(m.locations))


def test_weak_threaded_matches_too(fixtures_dir):
    assert_same_aggregates(fixtures_dir / "cube" / "gather-switch-p", "weak_threaded", False)


@pytest.mark.parametrize("inclusive", [False, True])
def test_call_paths_missing_at_some_points_are_unified_like_stock(tmp_path, inclusive):
    rng = np.random.default_rng(5)
    written = {}
    for p in (2, 4, 8, 16, 32):
        paths = ["main", "main->solve", "main->solve->MPI_Allreduce"]
        if p >= 8:
            paths += ["main->solve->MPI_Allreduce->progress", "main->solve->halo"]
        for r in (1, 2):
            written[p, r] = rng.random((len(paths), p))
            write_cubex(tmp_path / f"app.p{p}.r{r}" / "profile.cubex", callpaths=paths,
                        values={"time": written[p, r]}, locations=make_location_table(p))
    ours = assert_same_aggregates(tmp_path, "weak", inclusive)
    # --cube leaves them out (exclusive values too: its merge finds the call path itself as "parent"),
    # so the parents' per-location values stay their own, consistent with their aggregates
    assert [c.name for c in ours.callpaths] == ["main", "main->solve", "main->solve->MPI_Allreduce"]
    for c, row in (("main->solve", 1), ("main->solve->MPI_Allreduce", 2)):
        m = [m for m in ours.measurements[next(k for k in ours.measurements if k[0].name == c)]
             if m.coordinate.as_tuple() == (8.0,)][0]
        assert m.mean == np.mean(m.values)
        if not inclusive:
            # rows in Extra-P's file order (directory listing order)
            assert sorted(map(tuple, m.values)) == sorted(tuple(written[8, r][row]) for r in (1, 2))
    with pytest.warns(CubeDataWarning, match=r"2 kernels \(call path \[metric\]\) occur at only some measurement "
                                             r"points and are left out, as Extra-P's --cube does: "
                                             r"main->solve->MPI_Allreduce->progress \[time\], main->solve->halo "
                                             r"\[time\]; metrics affected: time"):
        _read_with_warnings(CubeRankReader, tmp_path)


def test_measurements_keep_location_identity(fixtures_dir):
    exp = _read(CubeRankReader, fixtures_dir / "cube" / "stencil2d-ps", "weak", False)
    assert isinstance(exp, RankExperiment)
    coordinate = [c for c in exp.coordinates if c.as_tuple() == (16.0, 100.0)][0]
    table = exp.location_tables[coordinate]
    assert table.topology_dims == (4, 4) and table.rank.tolist() == list(range(16))
    for measurements in exp.measurements.values():
        for m in measurements:
            assert m.locations is exp.location_tables[m.coordinate]
            assert m.values.shape == (2, len(m.locations))


def test_locations_and_values_survive_save_and_load(tmp_path, fixtures_dir, python_subprocess, repo_root):
    exp = _read(CubeRankReader, fixtures_dir / "cube" / "gather-switch-p", "weak", False)
    target = tmp_path / "gather.extra-p"
    write_experiment(exp, target)
    back = read_experiment(target)
    assert isinstance(back, RankExperiment)
    key = next(iter(exp.measurements))
    for a, b in zip(exp.measurements[key], back.measurements[key]):
        assert b.locations == a.locations
        np.testing.assert_array_equal(b.values, a.values)
        assert b.mean == a.mean
    # a fresh interpreter that only activated the plugin reads it back as well
    code = ("import extrap_segmented; extrap_segmented.activate()\n"
            "from extrap.fileio.experiment_io import read_experiment\n"
            f"e = read_experiment({str(target)!r})\n"
            "m = e.measurements[next(iter(e.measurements))][-1]\n"
            "print(type(e).__name__, m.values.shape, int(m.locations.rank[-1]), len(e.location_tables))")
    result = python_subprocess(code)
    assert result.stdout.split() == ["RankExperiment", "(2,", "1024)", "1023", "8"], result.stderr


def _cli(args):
    from extrap.extrap import extrapcmd
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            extrapcmd.main(args)
            code = 0
        except SystemExit as exit_:
            code = exit_.code
        except RecoverableError as error:  # Extra-P's CLI lets reader errors propagate to its caller
            code, message = 1, f"{type(error).__name__}: {error}"
            return code, out.getvalue(), err.getvalue() + message
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def registered():
    import extrap_segmented
    extrap_segmented.activate()


def test_cli_prints_the_same_as_stock_cube(registered, fixtures_dir):
    path = str(fixtures_dir / "cube" / "gather-switch-p")
    code, ours, _ = _cli(["--cube-ranks", path, "--print", "all"])
    _, stock, _ = _cli(["--cube", path, "--print", "all"])
    assert code == 0
    assert "Callpath: main->iteration->MPI_Gather" in ours
    assert ours == stock


@pytest.mark.parametrize("make, message", [
    (lambda d: (d / "app.p2.r1").mkdir(), "No cube_ranks files were found"),
    (lambda d: write_cubex(d / "noparams" / "profile.cubex", callpaths=["main"], values={"t": np.ones((1, 1))},
                           locations=make_location_table(1)), "Could not detect parameter in noparams"),
    (lambda d: [(d / f"app.p{p}.r1").mkdir() or (d / f"app.p{p}.r1" / "profile.cubex").write_text("x")
                for p in (2, 4)], "no readable Cube profile among 2 files"),
])
def test_cli_reports_bad_input_as_file_format_error(registered, tmp_path, make, message):
    make(tmp_path)
    code, out, err = _cli(["--cube-ranks", str(tmp_path)])
    assert code == 1
    assert f"FileFormatError: {message}" in err


def test_reader_raises_file_format_error_naming_the_directory(tmp_path):
    with pytest.raises(FileFormatError, match=str(tmp_path)):
        CubeRankReader().read_experiment(tmp_path)


@pytest.mark.parametrize("scaling", ["weak", "strong"])
@pytest.mark.parametrize("inclusive", [False, True])
def test_inclusive_storage_extremum_metrics_and_omitted_zero_rows_match_stock(tmp_path, scaling, inclusive):
    """Score-P-like details: inclusive metrics (rows in Cube's wide order), MAXDOUBLE, rows left out."""
    rng = np.random.default_rng(7)
    paths = ["main", "main->a", "main->a->b", "main->c", "main->c->d"]
    for p in (2, 4, 8, 16, 32):
        for r in (1, 2):
            time = rng.random((len(paths), p))
            if p == 4 and r == 2:
                time[4] = 0.0  # omitted from this file's index: --cube has one row less there
            values = {"time": time, "max_time": rng.random((len(paths), p))}
            from extrap_segmented.cube.writer import CubeMetric
            write_cubex(tmp_path / f"app.p{p}.r{r}" / "profile.cubex", callpaths=paths, values=values,
                        locations=make_location_table(p), metrics=[CubeMetric("max_time", "MAXDOUBLE")],
                        value_kind="inclusive" if r == 1 else "exclusive")
    assert_same_aggregates(tmp_path, scaling, inclusive)
