"""Sets of .cali files: parameters from globals, repetitions, per-rank files and records, rank
summaries and imbalance, and bad files (each named, the rest read)."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

from extrap_segmented.caliper.series import find_cali_files, parse_parameters, read_caliper
from extrap_segmented.caliper.writer import write_cali
from extrap_segmented.exceptions import CaliperDataWarning, CaliperFormatError

SPOT = {"min#inclusive#sum#time.duration": "Min time/rank", "max#inclusive#sum#time.duration": "Max time/rank",
        "avg#inclusive#sum#time.duration": "Avg time/rank"}
PATHS = ["main", "main->solve"]


def _spot(path, p, scale=1.0, **extra_globals):
    """Region profile: min, avg, max over ranks; solve's slowest rank takes 1 + log2(p)/10 times the average."""
    avg = np.array([2.0, 1.0]) * scale
    values = {"min#inclusive#sum#time.duration": avg * 0.9,
              "avg#inclusive#sum#time.duration": avg,
              "max#inclusive#sum#time.duration": avg * np.array([1.05, 1 + np.log2(p) / 10])}
    write_cali(path, PATHS, values, globals={"mpi.world.size": p, "jobsize": p, **extra_globals}, aliases=SPOT)


def _spot_set(directory, points=(8, 16, 32, 64), repetitions=1):
    directory.mkdir(parents=True, exist_ok=True)
    for p in points:
        for r in range(repetitions):
            _spot(directory / f"run-p{p}-r{r}.cali", p, scale=1.0 + 0.01 * r)
    return directory


def test_points_repetitions_summaries_and_imbalance(tmp_path):
    series = read_caliper(_spot_set(tmp_path / "set", repetitions=2))
    assert series.parameters == ("mpi.world.size",)
    assert series.points == [(8.0,), (16.0,), (32.0,), (64.0,)]
    assert [len(f) for f in series.files] == [2, 2, 2, 2]
    assert series.callpaths == tuple(PATHS)
    avg = series.array("Avg time/rank", 0)
    assert avg.shape == (2, 2, 1) and avg[:, :, 0] == pytest.approx(np.array([[2.0, 2.02], [1.0, 1.01]]), rel=1e-12)
    (summary,) = series.summaries
    assert summary.metrics() == ("Min time/rank", "Avg time/rank", "Max time/rank")
    assert summary.imbalance == "Imbalance time/rank (max/avg)"
    assert series.metrics[summary.imbalance].derived
    for i, (p,) in enumerate(series.points):
        imbalance = series.array(summary.imbalance, i)[:, :, 0]
        assert imbalance[1] == pytest.approx([1 + np.log2(p) / 10] * 2, rel=1e-12)
        assert imbalance[0] == pytest.approx([1.05, 1.05], rel=1e-12)
    assert series.summary_array(summary, 3)[1, 0] == pytest.approx([0.9, 1.0, 1.6], rel=1e-12)
    assert read_caliper(tmp_path / "set", imbalance=False).metrics.keys() == set(SPOT.values())


def test_parameters_from_other_globals_and_two_parameters(tmp_path):
    directory = tmp_path / "two"
    directory.mkdir()
    for p in (8, 16, 32):
        for n in (10, 20):
            _spot(directory / f"p{p}-n{n}.cali", p, problem_size=n)
    series = read_caliper(directory, parameters="jobsize, problem_size")
    assert series.parameters == ("jobsize", "problem_size")
    assert series.points == [(p, n) for p in (8.0, 16.0, 32.0) for n in (10.0, 20.0)]


def test_a_parameter_with_one_value_is_left_out_with_a_warning_and_alone_is_an_error(tmp_path):
    directory = _spot_set(tmp_path / "set")
    with pytest.warns(CaliperDataWarning, match="problem_size=30 take a single value"):
        _respot(directory, problem_size=30)
        series = read_caliper(directory, parameters=["mpi.world.size", "problem_size"])
    assert series.parameters == ("mpi.world.size",)
    with pytest.raises(CaliperFormatError) as error:
        read_caliper(directory, parameters="problem_size")
    assert "problem_size=30" in str(error.value) and "mpi.world.size" in str(error.value)


def _respot(directory, **globals_):
    for path in sorted(directory.glob("*.cali")):
        p = int(path.name.split("-p")[1].split("-")[0])
        _spot(path, p, **globals_)


def test_a_file_without_the_scaling_global_is_skipped_naming_it_and_the_rest_is_read(tmp_path):
    directory = _spot_set(tmp_path / "set")
    stray = directory / "stray.cali"
    write_cali(stray, PATHS, {"avg#inclusive#sum#time.duration": [1.0, 2.0]}, globals={"jobsize": 128})
    with pytest.warns(CaliperDataWarning) as caught:
        series = read_caliper(directory)
    messages = [str(w.message) for w in caught]
    assert any(str(stray) in m and "has no global 'mpi.world.size'" in m and "jobsize=128" in m for m in messages)
    assert len(series.points) == 4 and series.skipped[0][0] == stray


def test_mixed_parameter_sets_skip_the_files_lacking_a_parameter(tmp_path):
    directory = tmp_path / "mixed"
    directory.mkdir()
    for p in (8, 16):
        for n in (10, 20):
            _spot(directory / f"p{p}-n{n}.cali", p, problem_size=n)
    _spot(directory / "p32-old.cali", 32)                      # recorded before problem_size was added
    _spot(directory / "p64-text.cali", 64, problem_size="large")  # a word, not a number
    with pytest.warns(CaliperDataWarning) as caught:
        series = read_caliper(directory, parameters="mpi.world.size,problem_size")
    messages = " | ".join(str(w.message) for w in caught)
    assert "p32-old.cali: has no global 'problem_size'" in messages
    assert "p64-text.cali: has global problem_size='large', which is not a number" in messages
    assert series.points == [(8.0, 10.0), (8.0, 20.0), (16.0, 10.0), (16.0, 20.0)]


@pytest.mark.parametrize("damage", ["truncated", "not caliper", "no regions"])
def test_a_bad_file_among_good_ones_is_skipped_with_its_name(tmp_path, damage):
    directory = _spot_set(tmp_path / "set")
    victim = directory / "run-p16-r0.cali"
    data = victim.read_bytes()
    if damage == "truncated":
        victim.write_bytes(data[: len(data) * 2 // 3])
    elif damage == "not caliper":
        victim.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(100))
    else:
        victim.write_text("".join(line + "\n" for line in data.decode().splitlines()
                                  if not line.startswith("__rec=ctx")))
    with pytest.warns(CaliperDataWarning) as caught:
        series = read_caliper(directory)
    assert any(str(victim) in str(w.message) for w in caught)
    assert series.points == [(8.0,), (32.0,), (64.0,)]
    assert [path for path, _ in series.skipped] == [victim]


def test_no_usable_file_is_an_error_naming_a_file(tmp_path):
    directory = tmp_path / "bad"
    directory.mkdir()
    (directory / "a.cali").write_text("hello\n")
    (directory / "b.cali").write_text("")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", CaliperDataWarning)
        with pytest.raises(CaliperFormatError) as error:
            read_caliper(directory)
    assert "no usable Caliper profile among 2 files" in str(error.value) and "a.cali" in str(error.value)
    with pytest.raises(CaliperFormatError, match="no Caliper profiles found"):
        read_caliper(tmp_path / "bad", pattern="*.txt")
    with pytest.raises(CaliperFormatError, match="no such file or directory"):
        read_caliper(tmp_path / "absent")


def test_per_rank_records_and_per_rank_files_give_locations(tmp_path):
    records, files = tmp_path / "records", tmp_path / "files"
    records.mkdir()
    files.mkdir()
    for p in (2, 4):
        time = np.arange(2 * p, dtype=float).reshape(2, p) + p
        write_cali(records / f"p{p}.cali", PATHS, {"sum#time": time}, ranks=list(range(p)),
                   globals={"mpi.world.size": p})
        for rank in range(p):
            for rep in range(2):
                write_cali(files / f"p{p}-rank{rank}-r{rep}.cali", PATHS, {"sum#time": time[:, rank] + rep},
                           globals={"mpi.world.size": p, "mpi.rank": rank})
    by_records = read_caliper(records)
    by_files = read_caliper(files)
    assert [r.tolist() for r in by_records.ranks] == [[0, 1], [0, 1, 2, 3]]
    assert [r.tolist() for r in by_files.ranks] == [[0, 1], [0, 1, 2, 3]]
    assert by_records.array("sum#time", 1)[:, 0, :].tolist() == [[4, 5, 6, 7], [8, 9, 10, 11]]
    assert by_files.array("sum#time", 1).shape == (2, 2, 4)
    assert by_files.array("sum#time", 1)[:, 1, :].tolist() == [[5, 6, 7, 8], [9, 10, 11, 12]]
    imbalance = by_records.array("Imbalance sum#time (max/avg)", 1)[:, 0, 0]
    assert imbalance == pytest.approx([7 / 5.5, 11 / 9.5], rel=1e-12)


def test_a_point_mixing_per_rank_files_and_whole_run_files_is_skipped_with_a_message(tmp_path):
    directory = _spot_set(tmp_path / "set")
    write_cali(directory / "rank3.cali", PATHS, {"avg#inclusive#sum#time.duration": [1.0, 2.0]},
               globals={"mpi.world.size": 8, "mpi.rank": 3})
    with pytest.warns(CaliperDataWarning, match="point mpi.world.size=8: some files hold one rank each"):
        series = read_caliper(directory)
    assert series.points == [(16.0,), (32.0,), (64.0,)]


def test_parameter_names_and_file_lists():
    assert parse_parameters("mpi.world.size, problem_size") == ("mpi.world.size", "problem_size")
    assert parse_parameters(["jobsize"]) == ("jobsize",)
    with pytest.raises(CaliperFormatError, match="no parameter given"):
        parse_parameters(" , ")
    with pytest.raises(CaliperFormatError, match="named twice"):
        parse_parameters("a,a")


def test_a_list_of_files_and_directories_and_hidden_files(tmp_path):
    directory = _spot_set(tmp_path / "set")
    (directory / ".hidden").mkdir()
    (directory / ".hidden" / "x.cali").write_text("garbage\n")
    found = find_cali_files(directory)
    assert len(found) == 4 and all(".hidden" not in str(f) for f in found)
    assert find_cali_files([found[0], directory]) == found
    series = read_caliper(found[:2])
    assert series.points == [(16.0,), (32.0,)]
