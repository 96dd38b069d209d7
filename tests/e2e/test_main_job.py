"""The README's main job, as a newcomer runs it: the stock `extrap` command on a shipped example."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

EXTRAP = Path(sys.executable).with_name("extrap")


def run_extrap(*args):
    result = subprocess.run([str(EXTRAP), *map(str, args)], capture_output=True, text=True, timeout=300,
                            env={"PATH": str(EXTRAP.parent), "HOME": str(Path.home())})
    assert result.returncode == 0, result.stderr
    return result


def kernel_block(output: str, callpath: str) -> str:
    start = output.index(f"Callpath: {callpath}\n")
    end = output.find("Callpath:", start + 1)
    return output[start:end if end != -1 else None]


# Extra-P's --cube without --keep-values stores a std over repetitions x ranks; the modeler sees that
# it is no summary of the repetitions and does not take it for noise (issue 23, part 3).
@pytest.mark.parametrize("reader", [["--cube-ranks"], ["--cube", "--keep-values"], ["--cube"]], ids=" ".join)
def test_gather_switch_is_found_at_64_ranks(fixtures_dir, reader):
    result = run_extrap(*reader, fixtures_dir / "cube" / "gather-switch-p", "--modeler", "segmented",
                        "--disable-progress", "--print", "all")
    gather = kernel_block(result.stdout, "main->iteration->MPI_Gather")
    time_block = gather.split("Metric: visits")[0]
    assert re.search(r"Model 1: .* \* p\^\(1\) for p<=32\.0", time_block), time_block
    assert re.search(r"Model 2: .* \* log2\(p\)\^\(1\) for p>=64\.0", time_block), time_block
    # The short first segment is reported with values to measure next.
    assert "MPI_Gather [time]: segment 1 (p=8…32) has only 3 points" in result.stderr
    # A kernel without a switch keeps one model.
    compute = kernel_block(result.stdout, "main->iteration->compute")
    assert "Model 1:" not in compute and "Model:" in compute


def test_help_lists_every_plugin_name():
    out = run_extrap("--help").stdout
    assert "--cube-ranks" in out
    modelers = re.search(r"--modeler \{([^}]*)\}", out).group(1).split(",")
    assert {"segmented", "segmented-classic", "clustered", "expectation", "default"} <= set(modelers)


def test_help_modeler_segmented_shows_this_package_options():
    out = run_extrap("--help-modeler", "segmented").stdout
    for option in ("max_change_points", "mode ['trend', 'test', 'paper']", "theta", "window_size", "epsilon_limit",
                   "trend_f_limit"):
        assert option in out
