"""Points of a Cube directory that lack a metric, and points spelled two ways.

Extra-P models every kernel over the same points, so a metric missing at a point costs the point
(for every metric) or the metric. Before (issue 29) every kernel of a metric missing at one point
was dropped, after a warning that the metric was "modeled without this point"; now the point is
left out and every kernel is kept -- or, when half of the points or more lack the metric, the
metric is left out -- and the warning says which. Run directories that spell one point in two
ways (``app.p8.r1``, ``app.p08.r1``) are still read as repetitions, and a warning names them.
"""
from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

from extrap_segmented.adapters.cube.reader import CubeRankReader, complete_points_and_metrics
from extrap_segmented.cube.directory import read_cube_directory, spelling_note
from extrap_segmented.cube.writer import make_location_table, write_cubex
from extrap_segmented.exceptions import CubeDataWarning

PATHS = ["main", "main->solve", "main->solve->MPI_Allreduce"]
POINTS = (2, 4, 8, 16, 32)


def _write(root: Path, p: int, rep: int = 1, metrics=("time", "visits"), run=None) -> None:
    values = {m: np.full((len(PATHS), p), float(p * (i + 1))) for i, m in enumerate(metrics)}
    write_cubex(root / (run or f"app.p{p}.r{rep}") / "profile.cubex", callpaths=PATHS, values=values,
                locations=make_location_table(p))


def _read(root: Path):
    reader = CubeRankReader()
    reader.scaling_type = "weak"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        experiment = reader.read_experiment(str(root))
    return experiment, [str(w.message) for w in caught if issubclass(w.category, CubeDataWarning)]


def _kernels(experiment) -> dict:
    return {(cp.name, m.name): [c.as_tuple()[0] for c in (x.coordinate for x in ms)]
            for (cp, m), ms in experiment.measurements.items()}


@pytest.mark.parametrize("missing_at", [2, 8, 32])
def test_a_metric_missing_at_one_point_costs_that_point_not_the_metric(tmp_path, missing_at):
    for p in POINTS:
        for rep in (1, 2):
            _write(tmp_path, p, rep, metrics=("time",) if p == missing_at else ("time", "visits"))
    experiment, messages = _read(tmp_path)
    kernels = _kernels(experiment)
    kept = [p for p in POINTS if p != missing_at]
    assert sorted(kernels) == sorted((c, m) for c in PATHS for m in ("time", "visits"))  # every kernel kept
    assert all(points == kept for points in kernels.values())
    assert [c.as_tuple()[0] for c in experiment.coordinates] == kept
    assert messages == [f"no profile of point p={missing_at} has data for metric 'visits': point p={missing_at} is "
                        f"left out for every metric (Extra-P models every kernel over the same points); the other "
                        f"4 points are read"]


def test_a_metric_most_points_lack_is_left_out_and_the_points_kept(tmp_path):
    for p in POINTS:
        _write(tmp_path, p, metrics=("time", "visits") if p == 8 else ("time",))
    experiment, messages = _read(tmp_path)
    assert sorted(_kernels(experiment)) == [(c, "time") for c in sorted(PATHS)]
    assert [c.as_tuple()[0] for c in experiment.coordinates] == list(POINTS)
    assert messages == ["metric 'visits' has data at only 1 of 5 points (p=8); it is left out (leaving out the points "
                        "without it would cost more)"]


def test_the_choice_for_every_pattern_of_missing_metrics():
    points = [(p,) for p in POINTS]
    every = set(range(5))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert complete_points_and_metrics({"a": every, "b": every}, points, ["p"]) == (every, ["a", "b"])
        # b lacks two points, c one: three points stay for both
        assert complete_points_and_metrics({"a": every, "b": every - {0, 1}, "c": every - {4}}, points, ["p"]) == \
            ({2, 3}, ["a", "b", "c"])
        # b has two of five points: b goes, every point stays
        assert complete_points_and_metrics({"a": every, "b": {0, 1}}, points, ["p"]) == (every, ["a"])
        # no metric everywhere: the ones with a majority decide
        kept, metrics = complete_points_and_metrics({"a": every - {0}, "b": every - {1}}, points, ["p"])
        assert kept == every - {0, 1} and metrics == ["a", "b"]


def test_extrap_keeps_the_kernels_and_says_which_point_it_left_out(tmp_path):
    for p in POINTS:
        _write(tmp_path, p, metrics=("time",) if p == 16 else ("time", "visits"))
    env = {k: v for k, v in os.environ.items() if k != "EXTRAP_SEGMENTED_DISABLE"}
    result = subprocess.run([str(Path(sys.executable).parent / "extrap"), "--cube-ranks", str(tmp_path),
                             "--disable-progress", "--print", "{callpath} [{metric}]: {model}"],
                            capture_output=True, text=True, env=env, timeout=180)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("[visits]") == 3 and result.stdout.count("[time]") == 3
    assert "no profile of point p=16 has data for metric 'visits': point p=16 is left out" in result.stderr
    assert "left out, as Extra-P's --cube does" not in result.stderr


def test_two_spellings_of_one_point_are_read_as_repetitions_and_named(tmp_path):
    for p in POINTS:
        _write(tmp_path, p)
    _write(tmp_path, 8, run="app.p08.r1")
    with pytest.warns(CubeDataWarning) as caught:
        series = read_cube_directory(tmp_path)
    assert series.array("time", POINTS.index(8)).shape == (3, 2, 8)  # both read, as two repetitions
    notes = [str(w.message) for w in caught if "spell" in str(w.message)]
    assert notes == ["the run directories of point p=8 spell it in 2 ways (app.p08.r1; app.p8.r1); all are read as "
                     "repetitions of that one point, and these repetition numbers occur more than once: "
                     "r1 (app.p08.r1, app.p8.r1); rename or remove the directories that are copies"]
    experiment, messages = _read(tmp_path)
    assert any("spell it in 2 ways" in m for m in messages)


@pytest.mark.parametrize("names, says", [
    (["app.p8.r1", "app.p8.r2"], None),
    (["app.p8.r1", "app.p8.0.r2"], "spell it in 2 ways (app.p8.r1; app.p8.0.r2)"),
    (["app.p8.r1", "other.p8.r2"], "spell it in 2 ways"),
    (["app.p8.s1.r1", "app.s1.p8.r1"], "these repetition numbers occur more than once: r1"),
])
def test_spelling_notes(names, says):
    note = spelling_note((8.0,), [Path(n) / "profile.cubex" for n in names], ["p"])
    assert (note is None) if says is None else says in note
