"""Shared fixtures: paths of the repository and its committed fixtures, subprocess helpers."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent


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
    (with ``python -c`` the working directory is on ``sys.path``).
    """
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "EXTRAP_SEGMENTED_DISABLE")}
    if pythonpath:
        env["PYTHONPATH"] = os.pathsep.join(str(p) for p in pythonpath)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          cwd=cwd or tempfile.gettempdir(), timeout=timeout)


@pytest.fixture
def python_subprocess():
    return run_python
