"""``EXTRAP_SEGMENTED_DISABLE`` means what it says, ``extrap-segmented --version`` tells the truth
about what an ``extrap`` started the same way gets, and ``--modeler segmented`` never silently is
another modeler than the user chose.

Before (issue 29): ``EXTRAP_SEGMENTED_DISABLE=false`` disabled too, ``EXTRAP_SEGMENTED_DISABLE=1
extrap-segmented --version`` listed every registration as active, and under ``python -S`` (the
package reached through ``PYTHONPATH``) ``--version`` said the start-up file was missing while
``extrap --modeler segmented`` ran Extra-P's built-in of that name.
"""
from __future__ import annotations

import os
import site
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERIES = ROOT / "fixtures" / "series" / "mpi_collectives.txt"
BIN = Path(sys.executable).parent


def _run(command, value=None, **kwargs) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("EXTRAP_SEGMENTED_DISABLE", "PYTHONPATH")}
    if value is not None:
        env["EXTRAP_SEGMENTED_DISABLE"] = value
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=180,
                          cwd=tempfile.gettempdir(), **kwargs)


def _modelers(value) -> str:
    return _run([str(BIN / "extrap"), "--help"], value).stdout


@pytest.mark.parametrize("value", ["1", "true", "TRUE", "yes", "On", " 1 "])
def test_true_values_disable_and_version_says_so(value):
    modelers = _modelers(value)
    assert "segmented-classic" not in modelers and "clustered" not in modelers
    version = _run([str(BIN / "extrap-segmented"), "--version"], value)
    assert version.returncode == 0
    assert f"Plugins: disabled by EXTRAP_SEGMENTED_DISABLE={value}" in version.stdout
    assert "single-parameter modeler" not in version.stdout  # nothing listed as registered


@pytest.mark.parametrize("value", ["", "0", "false", "False", "no", "off"])
def test_false_values_keep_the_plugins(value):
    modelers = _modelers(value)
    assert "segmented-classic" in modelers and "clustered" in modelers
    version = _run([str(BIN / "extrap-segmented"), "--version"], value)
    assert "disabled" not in version.stdout and "Segmented (--modeler segmented)" in version.stdout
    assert "neither a true value" not in version.stdout + version.stderr


@pytest.mark.parametrize("value", ["maybe", "2", "disable"])
def test_other_values_keep_the_plugins_and_warn(value):
    result = _run([str(BIN / "extrap"), "--help"], value)
    assert "segmented-classic" in result.stdout
    assert f"EXTRAP_SEGMENTED_DISABLE={value!r} is neither a true value" in result.stderr
    version = _run([str(BIN / "extrap-segmented"), "--version"], value)
    assert f"EXTRAP_SEGMENTED_DISABLE={value!r} is neither a true value" in version.stdout


def _without_startup_hook(code: str) -> str:
    """``code`` run by ``python -S`` with site-packages reached the way PYTHONPATH installs reach it:
    on ``sys.path`` and with every start-up file processed except this package's hook."""
    directories = [d for d in site.getsitepackages() if Path(d, "extrap_segmented_autoload.pth").is_file()]
    return textwrap.dedent(f"""
        import sys
        from pathlib import Path
        for directory in {directories!r}:
            sys.path.append(directory)
            for pth in sorted(Path(directory).glob("*.pth")):
                if pth.name == "extrap_segmented_autoload.pth":
                    continue
                for line in pth.read_text().splitlines():
                    if line.startswith("import "):
                        exec(line)
    """) + textwrap.dedent(code)


def test_version_under_python_dash_s_says_the_hook_did_not_run_and_what_that_means():
    code = _without_startup_hook("""
        import extrap_segmented.adapters.cli as cli
        sys.exit(cli.main(["--version"]))
    """)
    result = _run([sys.executable, "-S", "-c", code])
    assert result.returncode == 0, result.stderr
    line = next(line for line in result.stdout.splitlines() if line.startswith("start-up hook:"))
    assert "extrap_segmented_autoload.pth, but it did NOT run in this interpreter" in line
    assert "python -S" in line and "`--modeler segmented` there is Extra-P's built-in Segmented modeler" in line
    assert "registered here by extrap-segmented itself, not by the start-up hook" in result.stdout


def test_version_with_the_hook_says_it_ran():
    result = _run([str(BIN / "extrap-segmented"), "--version"])
    assert "(ran in this interpreter)" in result.stdout and "did NOT run" not in result.stdout


def test_extrap_through_extrap_segmented_gets_this_package_s_segmented_modeler_without_the_hook():
    """Without the hook ``extrap`` is stock Extra-P (Extra-P's ``Segmented``: no ``Segmented-Classic``
    name); ``extrap-segmented extrap`` registers the plugins itself, so ``--modeler segmented`` is ours."""
    stock = _run([sys.executable, "-S", "-c", _without_startup_hook("""
        from extrap.extrap import extrapcmd
        extrapcmd.main(["--help"], prog="extrap")
    """)])
    assert "segmented-classic" not in stock.stdout and "segmented" in stock.stdout
    ours = _run([sys.executable, "-S", "-c", _without_startup_hook(f"""
        import extrap_segmented.adapters.cli as cli
        cli.main(["extrap", "--text", {str(SERIES)!r}, "--modeler", "segmented", "--disable-progress",
                  "--print", "all"])
        from extrap.modelers import single_parameter
        print("registered:", single_parameter.all_modelers["Segmented"].__module__)
    """)])
    assert ours.returncode == 0, ours.stderr
    assert "registered: extrap_segmented.adapters.segmentation.modeler" in ours.stdout
