"""benchmarks/segmentation/segmentation_limits.py: its --run-spread option and bad values of it."""
import subprocess
import sys

import pytest

from conftest import REPO_ROOT

SCRIPT = REPO_ROOT / "benchmarks" / "segmentation" / "segmentation_limits.py"


@pytest.mark.parametrize("value", ["nan", "-0.1", "inf", "wide"])
def test_a_bad_run_spread_is_bad_input(value):
    result = subprocess.run([sys.executable, str(SCRIPT), "--series", "1", "--run-spread", value],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert f"--run-spread: must be a finite number >= 0, got '{value}'" in result.stderr
    assert "Traceback" not in result.stderr


def test_run_spread_prints_the_table_with_it():
    result = subprocess.run([sys.executable, str(SCRIPT), "--series", "2", "--run-spread", "0.1"],
                            capture_output=True, text=True, check=True)
    assert "run spread 0.1;" in result.stdout
    rows = [line for line in result.stdout.splitlines() if line.startswith("| ") and " % |" in line]
    assert len(rows) == 6 and all(line.count("|") == 9 for line in rows)
