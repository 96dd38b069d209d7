"""``extrap-segmented run`` on a Dask LocalCluster: same models as in-process ``extrap``, nothing per-rank sent
to the client, saved experiment opens in ``extrap``."""
from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from approx_text import assert_text_close

pytest.importorskip("distributed")

REPO_ROOT = Path(__file__).resolve().parents[3]


def _tool(name: str, *args, timeout: float = 180) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "EXTRAP_SEGMENTED_DISABLE")}
    run = subprocess.run([str(Path(sys.executable).with_name(name)), *map(str, args)], capture_output=True,
                         text=True, env=env, timeout=timeout, cwd=str(REPO_ROOT.parent))
    assert run.returncode == 0, f"{name} {args}: {run.stderr[-3000:]}"
    return run


@pytest.fixture(scope="module")
def cube_set(tmp_path_factory) -> Path:
    """6 points x 128 ranks x 40 call paths x 2 metrics x 2 repetitions."""
    spec = importlib.util.spec_from_file_location("generate_fixtures", REPO_ROOT / "fixtures" / "generate_fixtures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
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


@pytest.mark.slow
def test_segmented_on_stock_cube_input_equals_extrap_cube(fixtures_dir):
    gather = fixtures_dir / "cube" / "gather-switch-p"
    dask_run = _tool("extrap-segmented", "run", "--cube", gather, "--modeler", "segmented", "--workers", "1",
                     "--kernels-per-task", "1", "--disable-progress", "--print", "{callpath} [{metric}]: {model}")
    local = _tool("extrap", "--cube", gather, "--modeler", "segmented", "--disable-progress",
                  "--print", "{callpath} [{metric}]: {model}")
    assert_text_close(dask_run.stdout, local.stdout)
    gather = re.search(r"MPI_Gather \[time\]: (\S+) \+ (\S+) \* log2\(p\)\^\(1(?:\.0)?\)\n", dask_run.stdout)
    assert dask_run.stdout.count(" [time]: ") == 6 and gather, dask_run.stdout
    # plain --cube averages over ranks: one log model (docs/segmentation.md explains why no change shows)
    assert [float(c) for c in gather.groups()] == pytest.approx([-0.000838430413009087, 0.000756700353506511],
                                                                rel=1e-9)


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
