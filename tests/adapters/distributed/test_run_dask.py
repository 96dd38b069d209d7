"""``extrap-segmented run`` on a Dask LocalCluster: same models as in-process ``extrap``, nothing per-rank sent
to the client, saved experiment opens in ``extrap``."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from approx_text import assert_text_close
from conftest import REPO_ROOT, load_script

pytest.importorskip("distributed")


def _tool(name: str, *args, timeout: float = 180) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "EXTRAP_SEGMENTED_DISABLE")}
    run = subprocess.run([str(Path(sys.executable).with_name(name)), *map(str, args)], capture_output=True,
                         text=True, env=env, timeout=timeout, cwd=str(REPO_ROOT.parent))
    assert run.returncode == 0, f"{name} {args}: {run.stderr[-3000:]}"
    return run


@pytest.fixture(scope="module")
def cube_set(tmp_path_factory) -> Path:
    """6 points x 128 ranks x 40 call paths x 2 metrics x 2 repetitions."""
    module = load_script("fixtures/generate_fixtures.py")
    path = tmp_path_factory.mktemp("dask") / "bench"
    module.generate_large(path, points=6, ranks=128, n_paths=40, n_metrics=2, repetitions=2)
    return path


@pytest.mark.slow
def test_clustered_on_local_cluster_equals_in_process_extrap(cube_set, tmp_path):
    saved = tmp_path / "dask.extra-p"
    dask_run = _tool("extrap-segmented", "run", "--cube-ranks", cube_set, "--modeler", "clustered",
                     "--options", "threshold=0.2", "--scheduler", "local", "--workers", "2", "--disable-progress",
                     "--stats", "--save-experiment", saved)
    local_saved = tmp_path / "local.extra-p"
    local = _tool("extrap", "--cube-ranks", cube_set, "--modeler", "clustered", "--options", "threshold=0.2",
                  "--disable-progress", "--save-experiment", local_saved)
    assert dask_run.stdout.count("Clusters:") >= 60
    # other processes (Dask workers limit BLAS to one thread): the same text, numbers within 1e-9
    assert_text_close(dask_run.stdout, local.stdout)

    # the client received aggregates and models only: far less than the per-rank values the workers read
    stats = re.search(r"per-rank values read: (\d+) bytes; kept for the modeler: (\d+) bytes \(on the workers\); "
                      r"sent to the client: (\d+) bytes", dask_run.stderr)
    per_rank, kept, to_client = map(int, stats.groups())
    # every call path read at every point (those at only some points are later left out): 6 points x 2 metrics
    # x 2 repetitions x 128 ranks x 8 bytes per call path
    assert per_rank % (6 * 2 * 2 * 128 * 8) == 0 and per_rank >= 6 * 2 * 2 * 128 * 8 * 30
    assert kept * 2 == per_rank  # one value per rank instead of two repetitions
    assert to_client < 0.5 * per_rank, (to_client, per_rank)

    # the saved experiment opens in extrap and shows what the in-process one shows
    reopened = _tool("extrap", "--experiment", saved, "--disable-progress")
    assert_text_close(reopened.stdout, _tool("extrap", "--experiment", local_saved, "--disable-progress").stdout)
    assert reopened.stdout.count("Model:") >= 60

    # ... and carries what in-process --save-experiment saves: every per-rank value and the location tables
    streamed = int(re.search(r"streamed through the client into the saved file: (\d+) bytes", dask_run.stderr)[1])
    ours, theirs = _read_saved(saved), _read_saved(local_saved)
    assert type(ours).__name__ == type(theirs).__name__ == "RankExperiment"
    assert len(ours.location_tables) == 6 and ours.location_tables == theirs.location_tables
    assert list(ours.measurements) == list(theirs.measurements) and len(theirs.measurements) >= 60
    n_values = 0
    for key, measurements in theirs.measurements.items():
        for a, b in zip(ours.measurements[key], measurements, strict=True):
            assert a.coordinate == b.coordinate and a.values.shape == b.values.shape == (2, 128)
            np.testing.assert_array_equal(a.values, b.values)
            assert a.locations is ours.location_tables[a.coordinate]
            n_values += a.values.size
    assert streamed == 8 * n_values


def _read_saved(path):
    import warnings

    import extrap_segmented
    from extrap.fileio.experiment_io import read_experiment
    extrap_segmented.activate()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return read_experiment(str(path))


def _write_chain(root: Path, depth: int) -> None:
    """A chain of ``depth`` nested calls (``main->f1->...``), 5 points x 4 ranks."""
    from extrap_segmented.cube.writer import make_location_table, write_cubex
    paths = ["main"]
    for i in range(1, depth):
        paths.append(f"{paths[-1]}->f{i}")
    for p in (2, 4, 8, 16, 32):
        values = np.random.default_rng(p).random((depth, 4)) * p + 1
        write_cubex(root / f"app.p{p}.r1" / "profile.cubex", callpaths=paths, values={"time": values},
                    locations=make_location_table(4))


@pytest.mark.slow
def test_deep_call_tree_is_read_as_by_the_in_process_reader(tmp_path):
    """1,500 nested calls: Extra-P's recursive call-tree construction ran 2-3 minutes into a RecursionError; the
    reader's iterative one takes well under a second (the run about 15 s on the shared 2-core machine, mostly the
    cluster's start; the timeout leaves room for load). The saved experiment reopens as well."""
    data = tmp_path / "deep"
    _write_chain(data, 1500)
    common = ["--cube-ranks", data, "--modeler", "segmented", "--disable-progress", "--print", "{callpath}: {model}"]
    saved = tmp_path / "deep.extra-p"
    dask_run = _tool("extrap-segmented", "run", *common, "--workers", "2", "--save-experiment", saved, timeout=100)
    local = _tool("extrap", *common)
    assert len(dask_run.stdout.split()) > 1500 and dask_run.stdout.startswith("main: ")
    assert len([line for line in dask_run.stdout.splitlines() if line]) == 1500
    assert "main->f1->f2" in dask_run.stdout and "->f1499: " in dask_run.stdout
    assert_text_close(dask_run.stdout, local.stdout)
    reopened = _read_saved(saved)
    assert len(reopened.callpaths) == 1500 and reopened.location_tables
    node, depth = reopened.call_tree, 0
    while node.childs:
        node, depth = node.childs[0], depth + 1
    assert depth == 1500 and node.path.name.endswith("->f1498->f1499")


def _client_peak(data: Path, tmp_path: Path) -> tuple[int, int, int]:
    """(client peak RSS, per-rank bytes read, bytes streamed into the saved file) of a Clustered run with saving."""
    run = _tool("extrap-segmented", "run", "--cube-ranks", data, "--modeler", "clustered", "--workers", "2",
                "--disable-progress", "--print", "{callpath}: {model}", "--stats",
                "--save-experiment", tmp_path / f"{data.name}.extra-p", timeout=300)
    stats = re.search(r"per-rank values read: (\d+) bytes.*streamed through the client into the saved file: (\d+) "
                      r"bytes; client peak memory: (\d+) bytes", run.stderr)
    raw, streamed, peak = map(int, stats.groups())
    return peak, raw, streamed


@pytest.mark.slow
def test_client_memory_does_not_grow_with_the_ranks(tmp_path):
    """The client holds aggregates and models, and saves the per-rank values a bounded batch at a time: from
    1,024 to 8,192 ranks (per-rank values 10 -> 77 MB) its peak grows by less than 30 % of the values' growth,
    20 MB (measured: 119-123 -> 127-133 MB, the larger set being saved in several 8 MiB batches, the smaller in
    one; before, without saving any per-rank value: 123 -> 197 MB, every class's member ranks held and saved as
    Python ints, 36 bytes a rank and kernel)."""
    module = load_script("fixtures/generate_fixtures.py")
    peaks = {}
    for ranks in (1024, 8192):
        data = tmp_path / f"r{ranks}"
        module.generate_large(data, points=6, ranks=ranks, n_paths=100, n_metrics=2, repetitions=1)
        # the smaller peak of two runs: with other jobs on the cores the client falls behind the
        # workers and finished results queue up (one run of the pair measured 23 MB of growth
        # under the full suite with -n 2; runs alone: 4-14 MB)
        peaks[ranks] = min(_client_peak(data, tmp_path), _client_peak(data, tmp_path))
    (small_peak, small_raw, small_streamed), (large_peak, large_raw, large_streamed) = peaks[1024], peaks[8192]
    assert large_raw == 8 * small_raw
    # the per-rank values were saved: those of every kernel modeled (the kernels at all points) went through
    assert 0.7 * large_raw < large_streamed <= large_raw and large_streamed == 8 * small_streamed
    assert large_peak - small_peak < 0.3 * (large_raw - small_raw), (small_peak, large_peak, small_raw, large_raw)


@pytest.mark.slow
def test_segmented_on_stock_cube_input_equals_extrap_cube(fixtures_dir):
    gather = fixtures_dir / "cube" / "gather-switch-p"
    dask_run = _tool("extrap-segmented", "run", "--cube", gather, "--modeler", "segmented", "--workers", "1",
                     "--kernels-per-task", "1", "--disable-progress", "--print", "{callpath} [{metric}]: {model}")
    local = _tool("extrap", "--cube", gather, "--modeler", "segmented", "--disable-progress",
                  "--print", "{callpath} [{metric}]: {model}")
    assert_text_close(dask_run.stdout, local.stdout)
    assert dask_run.stdout.count(" [time]: ") == 6, dask_run.stdout
    # plain --cube summarises repetitions x ranks; that spread is not taken for noise, so the switch
    # at 64 ranks shows here too (issue 23; v0.3 gave one log model, -0.00084 + 0.00076·log2(p))
    gather = re.search(r"MPI_Gather \[time\]: (\S+) \+ (\S+) \* p\^\(1(?:\.0)?\) for p<=32\.0\n"
                       r"(\S+) \+ (\S+) \* log2\(p\)\^\(1(?:\.0)?\) for p>=64\.0\n", dask_run.stdout)
    assert gather, dask_run.stdout
    assert [float(c) for c in gather.groups()] == pytest.approx([0.000162741, 0.000101135, 0.001297709, 0.000500016],
                                                                rel=1e-5)


def test_unknown_directory_is_a_clear_error(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    run = subprocess.run([str(Path(sys.executable).with_name("extrap-segmented")), "run", "--cube-ranks",
                          str(tmp_path / "missing"), "--workers", "1"], capture_output=True, text=True, env=env,
                         timeout=120)
    assert run.returncode == 1
    assert f"{tmp_path / 'missing'} is not a directory" in run.stderr


def _run_failing(*args, timeout: float = 120) -> tuple[subprocess.CompletedProcess, float]:
    import time
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "EXTRAP_SEGMENTED_DISABLE")}
    began = time.perf_counter()
    run = subprocess.run([str(Path(sys.executable).with_name("extrap-segmented")), "run", *map(str, args)],
                         capture_output=True, text=True, env=env, timeout=timeout)
    return run, time.perf_counter() - began


@pytest.mark.slow
def test_an_unreachable_scheduler_is_one_line_within_the_connect_timeout(fixtures_dir):
    """Was: a 52-line traceback after 30 s."""
    import socket
    with socket.socket() as unused:  # a port nobody listens on
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    run, seconds = _run_failing("--cube-ranks", fixtures_dir / "cube" / "gather-switch-p", "--scheduler",
                                f"tcp://127.0.0.1:{port}", "--connect-timeout", "2")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines() == [
        f"extrap-segmented run: cannot connect to the Dask scheduler at 'tcp://127.0.0.1:{port}' "
        f"(--connect-timeout 2 s): Timed out trying to connect to tcp://127.0.0.1:{port} after 2 s"]
    assert seconds < 30


@pytest.mark.slow
@pytest.mark.parametrize("answer", [b"HTTP/1.1 400 Bad Request\r\n\r\n", bytes(range(256)) * 64])
def test_an_address_that_is_no_dask_scheduler_is_one_line(fixtures_dir, answer):
    import socket
    import threading
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()

    def answer_everyone():
        while True:
            try:
                connection, _ = server.accept()
            except OSError:
                return
            with connection:
                try:
                    connection.sendall(answer)
                except OSError:
                    pass
    threading.Thread(target=answer_everyone, daemon=True).start()
    try:
        port = server.getsockname()[1]
        run, seconds = _run_failing("--cube-ranks", fixtures_dir / "cube" / "gather-switch-p", "--scheduler",
                                    f"tcp://127.0.0.1:{port}", "--connect-timeout", "3")
    finally:
        server.close()
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr[-2000:]
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"extrap-segmented run: cannot connect to the Dask scheduler at "
                                                   f"'tcp://127.0.0.1:{port}'")
    assert seconds < 40


@pytest.mark.parametrize("address", ["nonsense:port", "tcp://"])
def test_a_malformed_scheduler_address_is_one_line(fixtures_dir, address):
    run, _ = _run_failing("--cube-ranks", fixtures_dir / "cube" / "gather-switch-p", "--scheduler", address,
                          "--connect-timeout", "2")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1 and "cannot connect to the Dask scheduler" in run.stderr


@pytest.mark.slow
def test_more_local_workers_than_cores_are_capped(fixtures_dir):
    from extrap_segmented.adapters.parallel.runner import available_cores
    run, _ = _run_failing("--cube-ranks", fixtures_dir / "cube" / "gather-switch-p", "--workers", "1000",
                          "--disable-progress", "--print", "callpaths", timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert (f"--workers 1000 asks for more worker processes than the {available_cores()} cores of this machine; "
            f"{available_cores()} are started") in run.stderr
