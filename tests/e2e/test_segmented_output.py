"""Issue 23 through the stock `extrap` command: real sweeps, the plain --cube reader, --print all
with any number of segments (new and reopened), per-segment advice kept apart."""
from __future__ import annotations

import re

import pytest

from tests.approx_text import assert_text_close  # noqa: F401 (tolerant comparison helper of the suite)
from tests.e2e.test_main_job import kernel_block, run_extrap


def _segmented_block(path, kernel, *options):
    """`extrap --text PATH --modeler segmented [OPTIONS] --print all`: the kernel's block."""
    result = run_extrap("--text", path, "--modeler", "segmented", *options, "--disable-progress", "--print", "all")
    return kernel_block(result.stdout, kernel)


def _segments(block):
    """The ranges of n the block's models cover, as printed ('n<=256.0', '512.0<=n<=2048.0', ...)."""
    return re.findall(r"Model \d+: .* for (\S+)\n", block)


def test_real_pingpong_sweep_reports_both_switches(fixtures_dir):
    block = _segmented_block(fixtures_dir / "real" / "mpi" / "idle" / "pingpong_2.txt", "PingPong")
    assert _segments(block) == ["n<=256.0", "512.0<=n<=2048.0", "n>=4096.0"], block
    assert "RSS Model 3:" in block and "Adjusted R^2 Model 3:" in block


@pytest.mark.parametrize("flat_steps", [None, 0])
def test_a_third_step_out_of_the_latency_regime_is_reported(fixtures_dir, flat_steps):
    # Reduce, 2 ranks, Rabenseifner: x1.23 at 512|1024 B (flat before it), the x3.21 eager switch at
    # 4096|8192 and x11.5 at 128|256 KiB. max_change_points 2 kept the two jumps; the step out of
    # the flat part is reported beyond it (flat_steps 1, the default; issue 23)
    options = [] if flat_steps is None else ["--options", f"flat_steps={flat_steps}"]
    block = _segmented_block(fixtures_dir / "real_fifth" / "mpi" / "fifth" / "reduce_rabenseifner_2.txt",
                             "MPI_Reduce", *options)
    expected = ["1024.0<=n<=4096.0", "8192.0<=n<=131072.0", "n>=262144.0"]
    assert _segments(block) == (["n<=512.0"] + expected if flat_steps is None else ["n<=4096.0"] + expected[1:]), block


def test_a_step_between_flat_parts_at_rising_noise_is_reported(fixtures_dir):
    # Scan, 2 ranks: the x1.21 inline step at 256|512 B between flat parts, the noise rising from
    # 1 % to 3.5 % after it; found by its level shift (the slope drop alone: z² 8.9; issue 23)
    block = _segmented_block(fixtures_dir / "real_fifth" / "mpi" / "fifth" / "scan_2.txt", "MPI_Scan")
    assert _segments(block) == ["n<=256.0", "512.0<=n<=2048.0", "n>=4096.0"], block


def _ten_largest_pingpong(path, tmp_path):
    """`extrap --modeler segmented --print all` on the ten largest sizes of a real ping-pong sweep:
    its result and the ping-pong's block."""
    lines = path.read_text().splitlines()
    data = [line for line in lines if line.startswith("DATA")][-10:]
    head = [line for line in lines if line and not line.startswith(("#", "DATA", "POINTS"))]
    points = "POINTS " + " ".join(next(line for line in lines if line.startswith("POINTS")).split()[-10:])
    top = tmp_path / f"{path.stem}_top10.txt"
    top.write_text("\n".join([head[0], points, *head[1:], *data]) + "\n")
    result = run_extrap("--text", top, "--modeler", "segmented", "--disable-progress", "--print", "all")
    return result, kernel_block(result.stdout, "PingPong")


def test_ten_largest_sizes_put_the_tcp_eager_switch_where_it_is(fixtures_dir, tmp_path):
    # ping-pong over TCP, 8 KiB ... 4 MiB: x2.45 from 32 KiB to 64 KiB. The significance test (ten
    # points are too few for the trend detection) put it at 64|128 KiB: its PMNF fit of 8...64 KiB
    # absorbed the jump; the change moves to the jump that stands out (issue 23)
    _, block = _ten_largest_pingpong(fixtures_dir / "real" / "mpi" / "more" / "pingpong_tcp_2.txt", tmp_path)
    assert re.search(r"Model 1: .* for n<=32768\.0\n", block), block
    assert re.search(r"Model 2: .* for 65536\.0<=n", block), block


def test_ten_largest_sizes_put_a_jump_of_the_last_size_at_the_last_gap(fixtures_dir, tmp_path):
    # ping-pong with an 8 KiB eager limit: 4 MiB is x3.9 above 2 MiB (scheduler time slices in
    # some runs); the test put the change three sizes early, at 512 KiB|1 MiB, where it is none
    result, block = _ten_largest_pingpong(fixtures_dir / "real_third" / "mpi" / "third" / "pingpong_eager8k_2.txt",
                                          tmp_path)
    assert re.search(r"Model 1: .* for n<=2097152\.0\n", block), block
    assert re.search(r"Model 2: .* for n>=4194304\.0\n", block), block
    # the advice for the one-size segment continues the sizes' doubling (not 4194306, 4194308, ...)
    advice = re.search(r"segment 2 \(n=\S+\) has only 1 point,.*measure next at (.*)", result.stderr)
    proposed = [float(v.split("=")[1]) for v in advice.group(1).split(", ")]
    # (printed with six digits: 8388608 reads 8.38861e+06)
    assert all(4.2e6 < v < 2 ** 23 * (1 + 1e-5) for v in proposed) and max(proposed) == pytest.approx(2 ** 23, rel=1e-5)


def test_three_segments_print_all_new_and_reopened(fixtures_dir, tmp_path):
    # Extra-P's report raised NotImplementedError for three segments (issue 23)
    saved = tmp_path / "segments.extra-p"
    new = run_extrap("--text", fixtures_dir / "saved" / "v01_segments.txt", "--modeler", "segmented",
                     "--disable-progress", "--print", "all", "--save-experiment", saved)
    block = kernel_block(new.stdout, "three_segments")
    assert [m.group(1) for m in re.finditer(r"Model (\d): .* for ", block)] == ["1", "2", "3"], block
    assert "for p<=16.0" in block and "for 32.0<=p<=256.0" in block and "for p>=512.0" in block
    reopened = run_extrap("--experiment", saved, "--print", "all")
    again = kernel_block(reopened.stdout, "three_segments")
    ranges = lambda text: re.findall(r"Model \d: .* (for \S+)\n", text)  # noqa: E731
    # exact: the ranges are measured process counts, not fitted numbers
    assert ranges(again) == ranges(block) == ["for p<=16.0", "for 32.0<=p<=256.0", "for p>=512.0"]
    assert again.count("RSS Model") == block.count("RSS Model") == 3
    # the other kernels' blocks are Extra-P's own
    assert "Model 1:" in kernel_block(new.stdout, "two_segments")
    assert "Model:" in kernel_block(new.stdout, "smooth")


def test_each_segments_advice_is_its_own_line(fixtures_dir):
    result = run_extrap("--text", fixtures_dir / "saved" / "v01_segments.txt", "--modeler", "segmented",
                        "--disable-progress", "--print", "callpaths")
    advice = [line for line in result.stderr.splitlines() if "fewer than the 5 a reliable model needs" in line]
    assert len(advice) == 3, result.stderr
    for segment, value in (("segment 1 (p=2…16)", "p=3"), ("segment 2 (p=32…256)", "p=45"),
                           ("segment 3 (p=512…4096)", "p=724")):
        line = next(a for a in advice if segment in a)
        assert line.startswith("extrap: warning: three_segments [time]:") or "three_segments [time]:" in line
        assert line.rstrip().endswith(f"measure next at {value}"), line
    assert "times]" not in result.stderr


def test_plain_cube_reader_finds_the_switch(fixtures_dir):
    # issue 23: v0.3 gave MPI_Gather: -0.00084 + 0.00076·log2(p), no change and no hint
    result = run_extrap("--cube", fixtures_dir / "cube" / "gather-switch-p", "--modeler", "segmented",
                        "--disable-progress", "--print", "all")
    gather = kernel_block(result.stdout, "main->iteration->MPI_Gather").split("Metric: visits")[0]
    assert re.search(r"Model 1: .* \* p\^\(1\) for p<=32\.0", gather), gather
    assert re.search(r"Model 2: .* \* log2\(p\)\^\(1\) for p>=64\.0", gather), gather
    for other in ("main->iteration->compute", "main->init", "main->MPI_Finalize"):
        assert "Model 1:" not in kernel_block(result.stdout, other)


def test_averaging_hint_names_the_per_rank_view_with_the_numbers():
    """A trend test that narrowly fails on values that mix ranks says so (core-level: the hint)."""
    import numpy as np
    from extrap.entities.callpath import Callpath
    from extrap.entities.coordinate import Coordinate
    from extrap.entities.measurement import Measurement
    from extrap.entities.metric import Metric

    from extrap_segmented.adapters.segmentation.modeler import _averaging_hint, _robust_points
    from extrap_segmented.segmentation.trend import TrendBreakSearch

    rng = np.random.default_rng(3)
    x = 2.0 ** np.arange(3, 15)
    level = np.where(x <= 64, 1.0, 1.5) * (1 + 0.005 * rng.standard_normal(len(x)))
    imbalance = np.linspace(0.3, 1.7, 8)  # the same ranks are slow at every size (load imbalance)
    measurements = []
    for p, value in zip(x, level):
        ranks = value * imbalance * (1 + 0.005 * rng.standard_normal((2, 8)))  # 2 repetitions x 8 ranks
        measurements.append(Measurement(Coordinate(p), Callpath("gather"), Metric("time"), ranks.ravel(),
                                        repetitions=2))
    y = np.array([m.mean for m in measurements])
    center, noise, reps = _robust_points(measurements, y)
    f = max(corner[1] for corner in TrendBreakSearch().fit(x, center, noise=noise, repetitions=reps).corners_)
    search = TrendBreakSearch(f_limit=2 * f).fit(x, center, noise=noise, repetitions=reps)  # narrowly failing
    assert not search.segmented_
    hint = _averaging_hint(search, measurements, "gather [time]", "p")
    assert re.fullmatch(r"gather \[time\]: a change between p=64 and p=128 is likely but not certain \(z² = [\d.e+]+, "
                        r"the limit is [\d.e+]+\): these values mix all ranks, whose spread \(coefficient of "
                        r"variation \d+–\d+ %\) hides it; the per-rank view keeps ranks apart: "
                        r"extrap --cube-ranks DIR --modeler segmented", hint), hint


@pytest.mark.parametrize("mode", ["test"])
def test_old_detections_stay_selectable(fixtures_dir, mode):
    result = run_extrap("--cube-ranks", fixtures_dir / "cube" / "gather-switch-p", "--modeler", "segmented",
                        "--options", f"mode={mode}", "--disable-progress", "--print", "all")
    gather = kernel_block(result.stdout, "main->iteration->MPI_Gather").split("Metric: visits")[0]
    assert "for p<=32.0" in gather and "for p>=64.0" in gather


@pytest.mark.parametrize("keep", [["--keep-values"], []], ids=["kept values", "summary"])
def test_whole_runs_offsets_do_not_hide_the_short_message_step(fixtures_dir, keep):
    # idle Allreduce, 2 ranks: the x1.19 step at 256|512 B is within the runs' spread (each
    # repetition one mpirun); with --keep-values the runs' offsets are removed, from Extra-P's
    # summary the values are aligned by rank: both changes are found either way (256|512 and the
    # onset of growth, a ramp over 2048...8192 B)
    path = fixtures_dir / "real" / "mpi" / "idle" / "allreduce_2.txt"
    result = run_extrap("--text", path, *keep, "--modeler", "segmented", "--disable-progress", "--print", "all")
    block = kernel_block(result.stdout, "MPI_Allreduce")
    ranges = re.findall(r"Model \d: .* (for \S+)\n", block)
    assert ranges == ["for n<=256.0", "for 512.0<=n<=4096.0", "for n>=8192.0"], block
