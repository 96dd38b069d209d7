"""benchmarks/segmentation/real/trend_checks.py: what it prints is what the modeler's detection judged."""
import pytest

from conftest import load_script


@pytest.fixture(scope="module")
def checks():
    load_script("benchmarks/segmentation_real.py")  # trend_checks imports it by name
    return load_script("benchmarks/segmentation/real/trend_checks.py")


def test_each_kept_change_is_a_passing_slope_drop_or_a_short_piece_beside_one(checks):
    truth = next(t for t in checks.real.all_truth() if t.id == "mpi/idle/pingpong_2")
    (_, searcher, _, found, false, _), = checks.fit_series(truth, ["even"])
    assert searcher.method_ == "trend" and sorted(found) == ["2048|4096", "256|512"] and not false
    kept = list(searcher.breakpoints_[:-1])
    drops = [b for b, z2, step in searcher.corners_ if searcher.passes((b, z2, step))]
    # the eager switch drops the slope; the 256|512 step, one size before it, is the short piece
    assert drops == [kept[1]] and kept[0] == kept[1] - 1


def test_main_prints_missed_and_false_changes_only_by_default(checks, capsys):
    assert checks.main(["--series", "mpi/idle/pingpong_2", "--subsets", "full"]) == 0
    quiet = capsys.readouterr().out
    assert checks.main(["--series", "mpi/idle/pingpong_2", "--subsets", "full", "--all"]) == 0
    loud = capsys.readouterr().out
    assert len(loud) > len(quiet) and "slope drops:" in loud and "kept:" in loud


def test_a_missing_truth_file_is_bad_input(checks, capsys):
    assert checks.main(["--truth", "/nonexistent/truth.json"]) == 2
    assert "/nonexistent/truth.json: no such truth file" in capsys.readouterr().err
