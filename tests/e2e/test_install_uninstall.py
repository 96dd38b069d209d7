"""A regular (non-editable) install puts the start-up hook in site-packages; uninstall removes it."""
from __future__ import annotations

import json
import os
import subprocess
import sysconfig
import textwrap
import sys
import venv
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

STARTUP_FILES = ("extrap_segmented_autoload.pth", "extrap_segmented_autoload.start")


def _run(*args, cwd=None):
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True, cwd=cwd, timeout=300)
    assert result.returncode == 0, f"{args}\n{result.stdout}\n{result.stderr}"
    return result


def test_wheel_install_then_uninstall_leaves_nothing_behind(tmp_path, repo_root):
    _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp_path / "wheels", repo_root)
    wheel = next((tmp_path / "wheels").glob("extrap_segmented-*.whl"))
    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    site_packages = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
                         .stdout.strip())
    before = set(p.name for p in site_packages.iterdir())

    # --no-deps: this checks our files only; Extra-P is not needed for the start-up hook to be inert.
    _run(python, "-m", "pip", "install", "--no-deps", "-q", wheel)
    for name in STARTUP_FILES:
        assert (site_packages / name).is_file()
    assert not (site_packages / "adapters").exists(), "adapters/ must not become a top-level package"
    assert (site_packages / "extrap_segmented" / "adapters" / "plugin" / "hookspecs.py").is_file()
    # The hook is active and harmless without Extra-P.
    probe = _run(python, "-c", "import sys; print(type(sys.meta_path[0]).__name__)", cwd=tmp_path)
    assert probe.stdout.strip() == "RegistryWatcher"

    _run(python, "-m", "pip", "uninstall", "-y", "-q", "extrap-segmented")
    after = set(p.name for p in site_packages.iterdir())
    assert after - before <= {"__pycache__"}, f"left behind: {sorted(after - before)}"
    for name in STARTUP_FILES:
        assert not (site_packages / name).exists()


def test_editable_install_exposes_only_the_package_and_the_hook(tmp_path, repo_root):
    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    # Nothing else is needed to check the layout (the hook stays inert without Extra-P).
    _run(python, "-m", "pip", "install", "--no-deps", "-q", "-e", repo_root)
    probe = _run(python, "-c", textwrap.dedent("""
        import importlib.util, json, sys
        print(json.dumps({
            "hook": type(sys.meta_path[0]).__name__,
            "cli": importlib.util.find_spec("extrap_segmented.adapters.cli").origin,
            "top_level_adapters": importlib.util.find_spec("adapters") is not None,
        }))
    """), cwd=tmp_path)
    info = json.loads(probe.stdout)
    assert info["hook"] == "RegistryWatcher"
    assert Path(info["cli"]).resolve() == (repo_root / "extrap_segmented" / "adapters" / "cli.py").resolve()
    assert info["top_level_adapters"] is False
    site_packages = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
                         .stdout.strip())

    # Errors: in an editable install this package's files live in the repository, next to nothing
    # of Extra-P's; Extra-P's own reader errors must still be left alone, ours reformatted.
    # Extra-P and the other dependencies come from the test environment (a path entry only: its
    # start-up files are not run, so this env's editable install is the one in use).
    (site_packages / "test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    empty = tmp_path / "empty"
    empty.mkdir()

    def extrap(flag):
        code = ("import sys; sys.argv[0] = 'extrap'; from extrap.extrap.extrapcmd import main; "
                f"main([{flag!r}, {str(empty)!r}, '--disable-progress'])")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("EXTRAP_SEGMENTED", "PYTHON"))}
        return subprocess.run([str(python), "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env,
                              timeout=300)

    ours = extrap("--cube-ranks")
    assert ours.returncode == 1, ours.stderr
    assert "extrap: error: No cube_ranks files were found in:" in ours.stderr and "Traceback" not in ours.stderr
    stock = extrap("--cube")
    assert stock.returncode != 0 and "No cube files were found" in stock.stderr
    assert "Traceback" in stock.stderr and "EXTRAP_SEGMENTED_TRACEBACK" not in stock.stderr, stock.stderr
    (site_packages / "test_dependencies.pth").unlink()

    _run(python, "-m", "pip", "uninstall", "-y", "-q", "extrap-segmented")
    assert not any(site_packages.glob("extrap_segmented*")), sorted(p.name for p in site_packages.iterdir())
