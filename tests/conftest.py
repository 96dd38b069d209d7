"""Shared fixtures: paths of the repository and its committed fixtures, subprocess helpers."""
from __future__ import annotations

import importlib.util
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _no_log_handler_outlives_its_window():
    """Extra-P's log widget adds a root logging handler that writes into its QTextEdit and never
    removes it; a user has one main window per process, the GUI tests open many, so after each test
    the handlers of its log widgets go (otherwise later log records reach deleted widgets: "Logging
    error … QTextEdit already deleted"). Other handlers (pytest's own) are left alone."""
    yield
    root = logging.getLogger()
    for handler in list(root.handlers):
        if type(getattr(handler, "stream", None)).__name__ == "LogWidget":
            root.removeHandler(handler)


def load_script(relative: str):
    """A script of the repository (``benchmarks/``, ``fixtures/``; not a package) imported from its
    path, as a module named after its file and registered in ``sys.modules`` (dataclasses look
    their module up there while a class is built)."""
    path = REPO_ROOT / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture(scope="session")
def fixtures_dir() -> Path:
    return REPO_ROOT / "fixtures"


def run_python(code: str, *, env_extra: dict | None = None, cwd: Path | None = None,
               pythonpath: list[Path] | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    """Runs ``code`` in a fresh interpreter of the test environment (start-up hooks included).

    The default working directory is outside the repository, so the installed package is used
    (with ``python -c`` the working directory is on ``sys.path``). With ``QT_QPA_PLATFORM=offscreen``
    the interpreter exits without Qt's teardown after ``code`` completed.
    """
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "EXTRAP_SEGMENTED_DISABLE")}
    if (env_extra or {}).get("QT_QPA_PLATFORM") == "offscreen":
        # Qt's offscreen platform occasionally crashes while tearing down at interpreter exit
        # (seen as exit -11 after all output was written); leave without teardown once the test
        # code has run to its end.
        code += "\nimport os as _os, sys as _sys\n_sys.stdout.flush(); _sys.stderr.flush(); _os._exit(0)\n"
    if pythonpath:
        # On sys.path the source tree's extrap_segmented/ would shadow the installed package,
        # which alone contains extrap_segmented.adapters.
        assert REPO_ROOT not in [Path(p).resolve() for p in pythonpath], "never put the repository root on PYTHONPATH"
        env["PYTHONPATH"] = os.pathsep.join(str(p) for p in pythonpath)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          cwd=cwd or tempfile.gettempdir(), timeout=timeout)


@pytest.fixture
def python_subprocess():
    return run_python


@pytest.fixture
def model_batched_and_alone(fixtures_dir):
    """``model(fixture, modeler, unbatch, **options)``: the fixture read twice and modeled with jobs=1,
    once as the modeler batches kernels and once with its batch step ``unbatch`` (a method name)
    answering "no batch" for every kernel, the path before batching. Returns
    ``((experiment, generator, warnings), (experiment, generator, warnings))``, batched first."""
    import warnings

    from extrap.fileio.file_reader.text_file_reader import TextFileReader
    from extrap.modelers.model_generator import ModelGenerator

    from extrap_segmented.adapters.cube.reader import CubeRankReader

    def run(fixture: str, modeler: str, unbatch: str, batched: bool, options: dict):
        reader = CubeRankReader() if fixture.startswith("cube/") else TextFileReader()
        experiment = reader.read_experiment(str(fixtures_dir / fixture))
        generator = ModelGenerator(experiment, modeler=modeler)
        generator.modeler.jobs = 1
        for name, value in options.items():
            setattr(generator.modeler, name, value)
        if not batched:
            setattr(generator.modeler, unbatch, lambda kernels: [None] * len(kernels))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            generator.model_all()
        return experiment, generator, [(str(w.message), w.category) for w in caught]

    def model(fixture: str, modeler: str, unbatch: str, **options):
        return run(fixture, modeler, unbatch, True, options), run(fixture, modeler, unbatch, False, options)
    return model


# Tests slower than this are marked ``slow`` (docs: README's test command; ``-m "not slow"`` skips them).
# An unmarked one is named at the end of the run, not failed: timings on a loaded machine vary.
SLOW_SECONDS = 5.0
_unmarked_slow: list[tuple[str, float]] = []


def pytest_runtest_logreport(report):
    if report.when == "call" and report.duration > SLOW_SECONDS and "slow" not in report.keywords:
        _unmarked_slow.append((report.nodeid, report.duration))


def pytest_terminal_summary(terminalreporter):
    if _unmarked_slow:
        terminalreporter.write_line(f"tests slower than {SLOW_SECONDS:g} s without @pytest.mark.slow: " + ", ".join(
            f"{nodeid} ({seconds:.1f} s)" for nodeid, seconds in _unmarked_slow))
