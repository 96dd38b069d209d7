"""benchmarks/segmentation/real/trend_checks.py: its F scan is the check's own test on the modeler's inputs."""
import importlib.util
import sys

import pytest

from conftest import REPO_ROOT


@pytest.fixture(scope="module")
def checks():
    for name, path in (("segmentation_real", "benchmarks/segmentation_real.py"),
                       ("trend_checks", "benchmarks/segmentation/real/trend_checks.py")):
        spec = importlib.util.spec_from_file_location(name, REPO_ROOT / path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
        spec.loader.exec_module(module)
    return module


def test_scan_at_each_kept_change_gives_the_checks_last_f(checks):
    truth = next(t for t in checks.real.all_truth() if t.id == "mpi/idle/pingpong_2")
    (_, searcher, _, _, _, _), = checks.fit_series(truth, ["full"])
    assert searcher.method_ == "trend" and searcher.segmented_
    kept = list(searcher.breakpoints_[:-1])
    last_round = {b: f for b, f, _ in searcher.checks_[-1]}
    cells = dict(checks.scan(searcher, kept))
    assert set(kept) <= set(last_round)
    for b in kept:
        f, misfit = cells[b]
        assert f == pytest.approx(last_round[b], rel=1e-9)
        assert f > searcher.f_limit and misfit >= searcher.min_relative_change


def test_main_prints_missed_and_false_changes_only_by_default(checks, capsys):
    assert checks.main(["--series", "mpi/idle/pingpong_2", "--subsets", "full"]) == 0
    quiet = capsys.readouterr().out
    assert checks.main(["--series", "mpi/idle/pingpong_2", "--subsets", "full", "--all"]) == 0
    loud = capsys.readouterr().out
    assert len(loud) > len(quiet) and "round 0:" in loud and "scan:" in loud
