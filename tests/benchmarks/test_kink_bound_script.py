"""benchmarks/segmentation/kink_bound.py: the bounds behind trend.KINK_RISE, ONSET_RISE, the growth onsets and the
switches right after growth starts, and a bad --grid."""
import subprocess
import sys

import numpy as np

from conftest import REPO_ROOT, load_script
from extrap_segmented.segmentation import trend

SCRIPT = REPO_ROOT / "benchmarks" / "segmentation" / "kink_bound.py"


def load():
    return load_script("benchmarks/segmentation/kink_bound.py")


def test_no_smooth_function_of_a_coarse_grid_comes_near_a_kink():
    # every other size from 1 B, where a log term starts from 0 and comes nearest: the rule's rise
    # stays far below KINK_RISE and its jump below x1.2; the looser rule's rise (the gap after up to
    # 0.1 steeper) is larger but still below KINK_RISE
    kink_bound = load()
    x = 4.0 ** np.arange(12)
    (strict_rise, strict_jump), (loose_rise, loose_jump) = kink_bound.worst(x, 16, (0.0, kink_bound.LOOSER))
    assert 0 <= strict_rise < trend.KINK_RISE / 10 and strict_jump < 1 + trend.STANDOUT_STEP
    assert strict_rise < loose_rise < trend.KINK_RISE and strict_jump < loose_jump


def test_no_smooth_function_of_a_coarse_grid_comes_near_a_steep_kink_from_above_x_1():
    # every other size from 1 B: out of a gap rising at a slope up to ONSET_SLOPE from x > 1 a sum
    # of terms stays far below ONSET_RISE; from x = 1 a log term's start comes nearer
    kink_bound = load()
    x = 4.0 ** np.arange(12)
    ((above, _),) = kink_bound.worst(x, 16, (0.0,), trend.ONSET_SLOPE, from_above_one=True)
    ((anywhere, _),) = kink_bound.worst(x, 16, (0.0,), trend.ONSET_SLOPE)
    assert 0 <= above < trend.ONSET_RISE / 4 and above < anywhere


def test_no_smooth_function_of_a_coarse_grid_comes_near_a_growth_onset():
    # every other size from 1 B: where the shape of an onset holds (flat, then ×1.2 above the level
    # and rising), the last flat size of a sum of terms lies below the bound by less than the
    # min_relative_change an onset needs (a miss at all: the level, the flat sizes' median, lies
    # above the constant where the terms already rise; log factors bend the excess)
    kink_bound = load()
    largest = kink_bound.onset_worst(4.0 ** np.arange(12), 16)
    assert 0 < largest < trend.MIN_RELATIVE_CHANGE


def test_no_smooth_function_of_a_coarse_grid_comes_near_a_climbing_onset():
    # every other size from 1 B: the line through a slowly climbing part, extended over x4 gaps,
    # strays from a sum of terms by less than the miss such an onset needs there, but by more
    # than a flat part's median does (why that need grows with the gap's width)
    kink_bound = load()
    x = 4.0 ** np.arange(12)
    needed = trend.climb_needed(np.log(x), trend.MIN_RELATIVE_CHANGE)
    assert 0 < kink_bound.onset_worst(x, 16, trend.climb_misses, needed) < 1
    assert kink_bound.onset_worst(x, 16, trend.climb_misses) > kink_bound.onset_worst(x, 16)


def test_no_smooth_function_of_a_coarse_grid_comes_near_a_switch_right_after_growth_starts():
    # every other size from 1 B and from 2 B: where the shape holds, the excess of a sum of terms
    # over the flat level never falls in slope by GROWTH_JUMP from one gap to the next (a log
    # factor's fall comes to about 1.1); on sizes doubling no gap is wide enough to judge
    kink_bound = load()
    for x in (4.0 ** np.arange(12), 2 * 4.0 ** np.arange(11)):
        assert 1.0 < kink_bound.excess_worst(x, 10) < trend.GROWTH_JUMP
    assert kink_bound.excess_worst(2.0 ** np.arange(23), 10) == 0.0


def test_a_grid_of_one_point_is_bad_input():
    result = subprocess.run([sys.executable, str(SCRIPT), "--grid", "1"], capture_output=True, text=True)
    assert result.returncode == 2
    assert "--grid: must be an integer >= 2, got 1" in result.stderr and "Traceback" not in result.stderr
