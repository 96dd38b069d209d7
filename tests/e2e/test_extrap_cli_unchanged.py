"""Extra-P's own behaviour is unchanged for everything the plugins do not replace."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

TEXT_EXPERIMENT = "PARAMETER p\nPOINTS 2 4 8 16 32 64 128\nREGION compute\nMETRIC time\n" + "".join(
    f"DATA {4.0 + 0.5 * p * p ** 0.5:.6f} {4.0 + 0.5 * p * p ** 0.5 + 0.01:.6f}\n" for p in (2, 4, 8, 16, 32, 64, 128)
) + "REGION comm\nMETRIC time\n" + "".join(f"DATA {2 + 3 * __import__('math').log2(p):.6f}\n"
                                          for p in (2, 4, 8, 16, 32, 64, 128))

EXTRAP = Path(sys.executable).with_name("extrap")


def run_extrap(args, disable_plugins: bool):
    env = {"PATH": str(EXTRAP.parent), "HOME": str(Path.home())}
    if disable_plugins:
        env["EXTRAP_SEGMENTED_DISABLE"] = "1"
    result = subprocess.run([str(EXTRAP), *args], capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("modeler", ["default", "basic", "refining"])
def test_builtin_modelers_give_identical_output_with_and_without_plugins(tmp_path, modeler):
    experiment = tmp_path / "experiment.txt"
    experiment.write_text(TEXT_EXPERIMENT)
    args = ["--text", str(experiment), "--modeler", modeler, "--disable-progress"]
    stock = run_extrap(args, disable_plugins=True)
    with_plugins = run_extrap(args, disable_plugins=False)
    assert "compute" in stock and "Model:" in stock
    assert with_plugins == stock


def test_help_lists_plugin_modelers_and_keeps_builtin_ones():
    stock = run_extrap(["--help"], disable_plugins=True)
    with_plugins = run_extrap(["--help"], disable_plugins=False)
    for flag in ("--text", "--cube", "--json", "--talpas", "--experiment"):
        assert flag in stock and flag in with_plugins
    assert "segmented-classic" not in stock
    assert "segmented-classic" in with_plugins
