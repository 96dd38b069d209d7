"""benchmarks/segmentation/excess_null.py: the false changes of the switches right after growth starts on smooth
sweeps, and a bad --series."""
import subprocess
import sys

from conftest import REPO_ROOT

SCRIPT = REPO_ROOT / "benchmarks" / "segmentation" / "excess_null.py"


def test_prints_a_row_per_noise_level_with_a_cell_per_limit():
    result = subprocess.run([sys.executable, str(SCRIPT), "--series", "3"], capture_output=True, text=True,
                            check=True)
    assert "3 smooth series per cell" in result.stdout
    rows = [line for line in result.stdout.splitlines() if line.startswith("| ") and " % |" in line]
    assert [row.split("|")[1].strip() for row in rows] == ["1 %", "3 %", "5 %", "10 %", "20 %"]
    for row in rows:  # per limit: % the rule added / % with any change, the first never above the second
        cells = [cell.strip().split(" / ") for cell in row.split("|")[2:-1]]
        assert len(cells) == 3 and all(0 <= float(a) <= float(b) <= 100 for a, b in cells)


def test_no_series_is_bad_input():
    result = subprocess.run([sys.executable, str(SCRIPT), "--series", "0"], capture_output=True, text=True)
    assert result.returncode == 2
    assert "--series: must be an integer >= 1, got 0" in result.stderr and "Traceback" not in result.stderr
