"""benchmarks/segmentation/rank_noise_calibration.py: the factors in force are the ones it finds,
and a bad --series."""
import subprocess
import sys

import numpy as np
import pytest

from conftest import REPO_ROOT, load_script
from extrap_segmented.segmentation import noise

SCRIPT = REPO_ROOT / "benchmarks" / "segmentation" / "rank_noise_calibration.py"


def load():
    return load_script("benchmarks/segmentation/rank_noise_calibration.py")


@pytest.mark.parametrize("ranks", sorted(noise.RANK_NOISE_FACTORS))
def test_the_factors_in_force_are_what_the_simulation_finds(ranks):
    # 300 series (the committed factors came from 1500): within 8 % of them
    own, pooled, own_ratio, used_ratio = load().calibrate(ranks, 0.05, 300, np.random.default_rng(ranks))
    assert own == pytest.approx(noise.RANK_NOISE_FACTORS[ranks], rel=0.08)
    assert pooled == pytest.approx(noise.RANK_POOLED_FACTORS[ranks], rel=0.08)
    assert own_ratio == pytest.approx(1.0, abs=0.08) and 1.0 <= used_ratio <= 1.5
    assert noise.RANK_NOISE_FACTORS[ranks] > 2 and noise.RANK_POOLED_FACTORS[ranks] > 2


def test_one_series_is_bad_input():
    result = subprocess.run([sys.executable, str(SCRIPT), "--series", "1"], capture_output=True, text=True)
    assert result.returncode == 2
    assert "--series must be at least 2, got 1" in result.stderr and "Traceback" not in result.stderr
