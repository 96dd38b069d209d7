"""``jobs``: kernels modeled on loky worker processes give the same output as in one process."""
from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from approx_text import assert_text_close
from conftest import REPO_ROOT, load_script

from extrap_segmented.adapters.parallel.runner import (MIN_PARALLEL_SECONDS, available_cores, map_kernels,
                                                      parallel_threshold, plan_chunks, probe_size, resolve_jobs)
from extrap_segmented.exceptions import InvalidInputError, OptionWarning


def load_generator():
    return load_script("fixtures/generate_fixtures.py")


@pytest.fixture(scope="session")
def cube_set(tmp_path_factory) -> Path:
    """6 points x 16 ranks x 40 call paths x 2 metrics x 2 repetitions (80 kernels at every point)."""
    path = tmp_path_factory.mktemp("scale") / "bench"
    load_generator().generate_large(path, points=6, ranks=16, n_paths=40, n_metrics=2, repetitions=2)
    return path


@pytest.fixture(scope="session")
def run_tool():
    """Runs a console script of the test environment (see :func:`_run_tool`)."""
    return _run_tool


def _run_tool(name: str, *args, timeout: float = 120) -> subprocess.CompletedProcess:
    """Runs a console script of the test environment; the repository root is not on sys.path."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "EXTRAP_SEGMENTED_DISABLE")}
    executable = Path(sys.executable).with_name(name)
    return subprocess.run([str(executable), *map(str, args)], capture_output=True, text=True, env=env,
                          timeout=timeout, cwd=str(REPO_ROOT.parent))


def _square_and_warn(x):
    if x % 7 == 0:
        warnings.warn(f"kernel {x} is a multiple of 7", UserWarning)
    return x * x, os.getpid()


def test_results_and_warnings_in_kernel_order_on_worker_processes():
    items = list(range(50))
    with warnings.catch_warnings(record=True) as serial_warnings:
        warnings.simplefilter("always")
        serial = map_kernels(_square_and_warn, items, jobs=1)
    with warnings.catch_warnings(record=True) as parallel_warnings:
        warnings.simplefilter("always")
        parallel = map_kernels(_square_and_warn, items, jobs=2, min_chunk=1, min_parallel_seconds=0)
    assert [r for r, _ in parallel] == [r for r, _ in serial] == [x * x for x in items]
    assert {pid for _, pid in serial} == {os.getpid()}
    assert os.getpid() not in {pid for _, pid in parallel}  # really ran in workers
    assert [str(w.message) for w in parallel_warnings] == [str(w.message) for w in serial_warnings] == \
        [f"kernel {x} is a multiple of 7" for x in range(0, 50, 7)]
    # the re-emitted warning points where the original did
    assert {w.filename for w in parallel_warnings} == {__file__}


def test_workers_start_only_when_the_probe_says_the_kernels_are_worth_it():
    items = list(range(200))
    with warnings.catch_warnings(record=True) as serial_warnings:
        warnings.simplefilter("always")
        serial = map_kernels(_square_and_warn, items, jobs=1)
    # cheap kernels: the probe estimates microseconds, far below the threshold; nothing leaves this process
    with warnings.catch_warnings(record=True) as cheap_warnings:
        warnings.simplefilter("always")
        cheap = map_kernels(_square_and_warn, items, jobs=2)
    assert cheap == serial and {pid for _, pid in cheap} == {os.getpid()}
    # any positive estimate above a tiny threshold: the probe ran here, the rest on workers
    with warnings.catch_warnings(record=True) as mixed_warnings:
        warnings.simplefilter("always")
        mixed = map_kernels(_square_and_warn, items, jobs=2, min_parallel_seconds=1e-12)
    probe = probe_size(len(items))
    assert probe == 16
    assert [r for r, _ in mixed] == [r for r, _ in serial]
    assert {pid for _, pid in mixed[:probe]} == {os.getpid()}
    assert os.getpid() not in {pid for _, pid in mixed[probe:]}
    assert [str(w.message) for w in mixed_warnings] == [str(w.message) for w in cheap_warnings] == \
        [str(w.message) for w in serial_warnings]


def test_the_automatic_decision_stays_in_process_without_idle_cores(monkeypatch):
    from extrap_segmented.adapters.parallel import runner
    items = list(range(200))
    monkeypatch.delenv("EXTRAP_SEGMENTED_MIN_PARALLEL_SECONDS", raising=False)
    monkeypatch.setattr(runner, "parallel_threshold", lambda: 1e-12)  # every estimate is worth workers
    monkeypatch.setattr(runner, "idle_cores", lambda: 1.0)  # ... but another process keeps one core busy
    busy = map_kernels(_square_and_warn, items, jobs=2)
    assert {pid for _, pid in busy} == {os.getpid()}
    monkeypatch.setattr(runner, "idle_cores", lambda: 2.0)
    idle = map_kernels(_square_and_warn, items, jobs=2)
    assert [r for r, _ in idle] == [r for r, _ in busy] == [x * x for x in items]
    assert os.getpid() not in {pid for _, pid in idle[probe_size(len(items)):]}
    # an explicit threshold (tests, the environment variable) is not second-guessed by the load
    monkeypatch.setattr(runner, "idle_cores", lambda: 0.0)
    forced = map_kernels(_square_and_warn, items, jobs=2, min_parallel_seconds=1e-12)
    assert os.getpid() not in {pid for _, pid in forced[probe_size(len(items)):]}


def test_parallel_threshold_from_the_environment(monkeypatch):
    monkeypatch.delenv("EXTRAP_SEGMENTED_MIN_PARALLEL_SECONDS", raising=False)
    assert parallel_threshold() == MIN_PARALLEL_SECONDS
    monkeypatch.setenv("EXTRAP_SEGMENTED_MIN_PARALLEL_SECONDS", "0")
    assert parallel_threshold() == 0.0
    monkeypatch.setenv("EXTRAP_SEGMENTED_MIN_PARALLEL_SECONDS", "soon")
    assert parallel_threshold() == MIN_PARALLEL_SECONDS
    assert probe_size(10_000) == 313 and probe_size(100) == 16 and probe_size(5) == 5


def test_chunks_cover_every_kernel_once_in_order():
    for n in (0, 1, 15, 16, 17, 100, 1001):
        for jobs in (1, 2, 3, 8):
            chunks = plan_chunks(n, jobs)
            assert [i for a, b in chunks for i in range(a, b)] == list(range(n))
    assert plan_chunks(100, 1) == [(0, 100)]
    assert len(plan_chunks(100, 2)) == 6  # 100 // 16 chunks, fewer than 4 per worker
    assert len(plan_chunks(10_000, 2)) == 8


def test_jobs_values():
    assert resolve_jobs(0) == resolve_jobs(None) == available_cores()
    assert resolve_jobs(1) == 1
    with pytest.warns(OptionWarning, match=rf"jobs=1000 asks for more worker processes than the {available_cores()} cores"):
        assert resolve_jobs(1000) == available_cores()
    assert resolve_jobs(-1) == available_cores()
    with pytest.raises(InvalidInputError, match="option jobs must be an integer.*'many'"):
        resolve_jobs("many")
    with pytest.raises(InvalidInputError, match="jobs=-99 leaves no process"):
        resolve_jobs(-99)


@pytest.mark.slow
@pytest.mark.parametrize("modeler", ["segmented", "clustered", "expectation"])
def test_extrap_output_the_same_for_every_jobs_value(cube_set, run_tool, modeler, monkeypatch):
    # these kernels are too cheap to be worth workers; make the runner use them anyway
    monkeypatch.setenv("EXTRAP_SEGMENTED_MIN_PARALLEL_SECONDS", "0")
    outputs = {}
    for jobs in (1, 2, 3):
        # the set's parameter is n: the expectation must be written in it (O(p) is refused, not read as O(n))
        options = [f"jobs={jobs}"] + (["expectation=O(n)"] if modeler == "expectation" else [])
        run = run_tool("extrap", "--cube-ranks", cube_set, "--modeler", modeler, "--options", *options,
                       "--print", "all")
        assert run.returncode == 0, run.stderr[-2000:]
        outputs[jobs] = run.stdout
    # every kernel has a model (segmented ones print "Model 1:" …); enough kernels for 2+ chunks
    lines = outputs[1].splitlines()
    models = sum(line.startswith(("\t\tModel: ", "\t\tModel 1: ")) for line in lines)
    assert outputs[1].count("Metric:") == models >= 56
    # worker processes (loky limits their BLAS threads): the same text, numbers within 1e-9
    assert_text_close(outputs[2], outputs[1])
    assert_text_close(outputs[3], outputs[1])
