"""The trend-break detection (mode "trend") on the real MPI sweeps of fixtures/real and on
properties that do not depend on a generator."""
from __future__ import annotations

import json
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.pmnf.search import CONSTANT, search_subsets
from extrap_segmented.segmentation import trend
from extrap_segmented.segmentation.noise import robust_point, robust_points, values_from_summary, with_ranks_aligned
from extrap_segmented.segmentation.search import MODES, ChangePointSearch
from extrap_segmented.segmentation.significance import SignificanceSearch
from extrap_segmented.segmentation.trend import TrendBreakSearch, level_shifts, series_noise, slope_drops

REAL = Path(__file__).resolve().parents[3] / "fixtures" / "real"


def sweep(name: str, fixtures: Path = REAL) -> tuple[np.ndarray, list[np.ndarray]]:
    """Sizes and per-size repetitions of one Extra-P text file of fixtures/real (or ``fixtures``)."""
    x, values = None, []
    for line in (fixtures / name).read_text().splitlines():
        if line.startswith("POINTS"):
            x = np.array([float(v) for v in line.split()[1:]])
        elif line.startswith("DATA"):
            values.append(np.array([float(v) for v in line.split()[1:]]))
    return x, values


def labels(x: np.ndarray, breakpoints) -> list[str]:
    """The changes at a search's ``breakpoints`` (the end included) as 'low|high' between sizes."""
    return [f"{x[b - 1]:.0f}|{x[b]:.0f}" for b in breakpoints[:-1]]


def changes(name: str, subset: slice = slice(None), fixtures: Path = REAL, **options) -> list[str]:
    """The changes the trend detection reports on a sweep of ``fixtures``, as 'low|high' between sizes."""
    x, values = sweep(name, fixtures)
    x, values = x[subset], values[subset]
    center, noise, reps = map(np.array, zip(*[robust_point(v) for v in values]))
    search = TrendBreakSearch(**options).fit(x, center, noise=noise, repetitions=reps)
    assert search.method_ == "trend"
    return [f"{x[b - 1]:.0f}|{x[b]:.0f}" if x[b].is_integer() else f"{x[b - 1]:g}|{x[b]:g}"
            for b in search.breakpoints_[:-1]]


def test_pingpong_both_changes_found_in_the_full_sweep():
    # the short-message limit (x1.24 at 1 % noise) and the eager -> rendezvous switch (x3.3)
    assert changes("mpi/idle/pingpong_2.txt") == ["256|512", "2048|4096"]
    assert changes("mpi/shared/pingpong_2.txt") == ["256|512", "2048|4096"]


def test_pingpong_every_other_size_puts_the_4kib_point_in_the_new_regime():
    # issue 23: v0.3 said 4096|16384 (the 4 KiB point, already rendezvous, in the first segment)
    assert "1024|4096" in changes("mpi/idle/pingpong_2.txt", slice(None, None, 2))


def test_allreduce_two_ranks_changes_found():
    # step x1.42 at 256|512 B, flat -> growing over 2048…8192 B (issue 23: v0.3 found neither)
    # (the growth's onset is a ramp over 2048…8192 B: either gap is its place)
    assert changes("mpi/shared/allreduce_2.txt") == ["256|512", "4096|8192"]
    assert changes("mpi/loaded/allreduce_2.txt") == ["4096|8192"]


def test_bcast_jump_between_256_and_512_found():
    # issue 23: v0.3 put it at 4096|8192
    assert changes("mpi/idle/bcast_4.txt")[0] == "256|512"
    assert changes("mpi/shared/bcast_4.txt") == ["256|512", "2048|4096"]


def test_onset_of_growth_after_a_flat_part_is_found_by_the_longer_secants():
    # Allreduce, 4 ranks: flat to 2 KiB, then x1.80, x1.44, x1.34 per doubling at 3-5 % noise; the
    # slope drops after the first rise, but against the next gap alone by less than its noise
    # (issue 23: missed until the secants over three gaps)
    for run in ("idle", "shared"):
        assert changes(f"mpi/{run}/allreduce_4.txt") == ["2048|4096"]
        with pytest.MonkeyPatch.context() as patch:  # the steep kinks and both growth onsets find it as well
            patch.setattr(trend, "ONSET_RISE", 10.0)
            patch.setattr(trend, "growth_onsets", lambda *args: [])
            patch.setattr(trend, "climbing_onsets", lambda *args: [])
            assert changes(f"mpi/{run}/allreduce_4.txt", drop_reach=1) == []


def test_allgather_step_found_although_whole_runs_are_slower():
    # shared/allgather_4: at small sizes the five runs spread by ~40 % (whole runs slower), the
    # medians by 0.5 %: the noise of the medians is the scatter from size to size
    assert "128|256" in changes("mpi/shared/allgather_4.txt")


def test_two_changes_one_size_apart_are_both_found_in_every_other_size():
    # every other size leaves one size (1 KiB) between the 256|512 step and the eager switch: a
    # segment of one point, which the two-segment check (>= 3 points a side) cannot judge
    assert changes("mpi/shared/pingpong_2.txt", slice(None, None, 2)) == ["256|1024", "1024|4096"]
    assert changes("mpi/more/bcast_2.txt", slice(None, None, 2)) == ["256|1024", "1024|4096"]
    # and two sizes (512 B, 2 KiB) in the other half
    assert changes("mpi/more/bcast_2.txt", slice(1, None, 2)) == ["128|512", "2048|8192"]


def test_a_small_step_one_size_before_the_eager_switch_is_judged_against_the_flat_level():
    # every other size: the inline-send step (x1.18-1.41) leaves one size between it and the eager
    # switch; extrapolated over a x4 gap, the slope of the flat sizes before it (0.5-2 % scatter)
    # made it a short piece of chi2 below short_f_limit (issue 23: missed in all of these)
    even, odd = slice(None, None, 2), slice(1, None, 2)
    for fixtures, name in [("real", "mpi/more/allgather_2.txt"), ("real_fourth", "mpi/fourth/gather_2.txt"),
                           ("real_fifth", "mpi/loaded/bcast_2.txt"), ("real_eighth", "mpi/loaded/reduce_2.txt"),
                           ("real_eleventh", "mpi/eleventh/pingpong_eager1536_2.txt"),
                           ("real_fourteenth", "mpi/fourteenth/scatterv_2.txt")]:
        # (the 2-rank Gather's 1-byte call is slower, x0.64 at 1|2 B in every run: a step down from
        # x = 1 comes first, a minor change of its table)
        first = ["1|4"] if name == "mpi/fourth/gather_2.txt" else []
        assert changes(name, even, REAL.parent / fixtures) == first + ["256|1024", "1024|4096"], name
    for fixtures, name in [("real_fifth", "mpi/fifth/scan_2.txt"), ("real_ninth", "mpi/loaded/allgatherv_2.txt")]:
        assert changes(name, odd, REAL.parent / fixtures) == ["128|512", "2048|8192"], name
    # a level of one size (256 B) between the x6.5 jump at 128|256 and the x2.15 one after it
    assert changes("mpi/twelfth/scatter_5.txt", fixtures=REAL.parent / "real_twelfth") == ["128|256", "256|512"]


def test_the_climb_into_a_raised_eager_limit_is_no_stair_before_the_jump():
    # a raised eager limit (40-56 KiB): the sizes before the jump climb (x1.1-1.2 per gap), and the
    # last of them (x1.3-1.8) lay off their line as a short piece next to the jump; the truth
    # tables write no change there (issue 23: a false change in each of these); the inline-send
    # step out of a flat part one size before a switch stays a change (the test above)
    even, odd = slice(None, None, 2), slice(1, None, 2)
    for fixtures, name, subset, expected in [
            ("real_twentyninth", "mpi/twentyninth/iallreduce_eager56k_2.txt", even, ["16384|65536"]),
            ("real_twentyninth", "mpi/twentyninth/iallreduce_eager56k_2.txt", odd, ["32768|131072"]),
            ("real_twentysixth", "mpi/loaded26/ipingpong_eager38k_2.txt", odd, ["32768|131072"]),
            ("real_twentyeighth", "mpi/twentyeighth/reduce_scatter_eager50k_2.txt", odd, ["32768|131072"]),
            ("real_twentyseventh", "mpi/loaded27/reduce_scatter_block_eager46k_2.txt", odd, ["128|512", "32768|131072"]),
            ("real_twentysecond", "mpi/twentysecond/reduce_scatter_tcp_eager40k_2.txt", slice(None), ["32768|65536"])]:
        assert changes(name, subset, REAL.parent / fixtures) == expected, name


def test_a_bend_of_the_bandwidth_regime_is_no_change():
    # the growth of a bandwidth-bound regime bends at 256 KiB-1 MiB (x1.87, x1.99, then x1.51, x1.26
    # for the loaded linear Alltoallv): a slope drop as clear as a switch's, but no gap stands out;
    # the truth tables name none (issue 23: a false change in each of these)
    full = slice(None)
    for fixtures, name, expected in [
            ("real_twentysixth", "mpi/loaded26/alltoallv_linear_2.txt", ["2048|4096"]),
            # (and its odd first size, x0.76 at 1|2 B in every run: a minor change of its table)
            ("real_twentythird", "mpi/loaded23/allgather_linear_2.txt", ["1|2", "128|256", "1024|2048"]),
            ("real_eighteenth", "mpi/eighteenth/allgatherv_twoproc_2.txt", ["2048|4096"]),
            ("real_sixth", "mpi/sixth/reduce_scatter_block_4.txt", ["1024|2048", "32768|65536"])]:
        assert changes(name, full, REAL.parent / fixtures) == expected, name
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(trend, "bends", lambda u, v: [])
            # (in the 4-rank Reduce_scatter_block the bend takes the place of the onset at 1024|2048)
            assert "262144|524288" in changes(name, full, REAL.parent / fixtures), name
    # a switch inside the growth stands out at least against the gap after it: x4.88, x5.90 at
    # 128|256 KiB, then x1.91 (a 3-rank Reduce_scatter_block)
    third = REAL.parent / "real_third"
    assert changes("mpi/third/reduce_scatter_block_3.txt", full, third) == ["256|512", "131072|262144"]


def test_bends_are_growth_that_bends_without_a_gap_standing_out():
    u = np.log(2.0 ** np.arange(10))
    rises = [np.log(r) for r in (1.9, 1.95, 2.0, 2.0, 1.6, 1.35, 1.3, 1.3, 1.3)]
    # the slope drops after the gap into x = 16 (change 4): judged there, it is a bend
    assert 4 in trend.bends(u, np.concatenate(([0.0], np.cumsum(rises))))
    # the same drop after a jump that stands out against the gap after it: a switch
    switch = rises[:3] + [np.log(6.0)] + rises[4:]
    assert 4 not in trend.bends(u, np.concatenate(([0.0], np.cumsum(switch))))
    # out of a flat part (the gap before rises by less than x1.2): not growth
    flat = [np.log(r) for r in (1.0, 1.02, 1.1, 1.9, 1.5, 1.3, 1.3, 1.3, 1.3)]
    assert 4 not in trend.bends(u, np.concatenate(([0.0], np.cumsum(flat))))


def ten_largest_changes(name: str, fixtures: Path) -> list[str]:
    """The changes the detection reports on the ten largest sizes of a sweep (a short series: the
    significance test), from the values as the modeler gets them from Extra-P's summary (aligned
    by rank), as 'low|high' between sizes."""
    x, values = sweep(name, fixtures)
    x, rows = x[-10:], np.sort(np.array(values[-10:]), axis=1)
    center, noise, reps = robust_points(rows)
    center, noise = with_ranks_aligned(rows, center, noise)
    search = TrendBreakSearch().fit(x, center, noise=noise, repetitions=reps)
    assert search.method_ == "test"
    return labels(x, search.breakpoints_)


def test_an_eager_switch_among_the_ten_largest_sizes_stands_out_from_x1_7():
    # the test finds nothing here; the eager switch jumps x1.84-1.95 between x0.84-1.33 (issue 23:
    # missed while a standout jump needed x2)
    for fixtures, name, expected in [("real_holdout", "mpi/hold/bcast_3.txt", ["65536|131072"]),
                                     ("real_seventh", "mpi/seventh/bcast_eager512_3.txt", ["65536|131072"]),
                                     ("real_thirtieth", "mpi/thirtieth/allgatherv_eager35k_3.txt", ["32768|65536"])]:
        assert ten_largest_changes(name, REAL.parent / fixtures) == expected, name
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(trend, "STANDOUT_JUMP", 2.0)
            assert ten_largest_changes(name, REAL.parent / fixtures) == [], name


def test_a_rise_over_two_gaps_of_ten_sizes_is_a_change_where_nothing_else_is_found():
    # eager switches among the ten largest sizes of 2-rank sweeps over TCP, spread over two gaps
    # (a loaded Bcast: x1.66 and x2.10 at 16|64 KiB after x0.98, then x1.14; an Exscan with a
    # 56 KiB eager limit: x1.85 and x1.82 after x1.01, then x1.24): neither gap stands out of the
    # other and the test finds none (issue 23: missed)
    for fixtures, name, expected in [("real_twelfth", "mpi/loaded12/bcast_tcp_2.txt", ["32768|65536"]),
                                     ("real_twentyfourth", "mpi/twentyfourth/exscan_tcp_eager56k_2.txt",
                                      ["32768|65536"])]:
        assert ten_largest_changes(name, REAL.parent / fixtures) == expected, name
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(trend, "RAMP_STEP", 10.0)
            assert ten_largest_changes(name, REAL.parent / fixtures) == [], name


def test_a_switch_spread_over_two_gaps_of_every_other_size_fills_a_free_place():
    # every other size from 1 B: the inline-send limit and the eager switch rise over 256|4096 B
    # (a 3-rank Bruck Allgather x1.64 and x2.13, a 5-rank ring Allgather x1.77 and x1.86, a 2-rank
    # linear non-blocking Scatter x1.48 and x1.94, a 3-rank Alltoallv x1.47 and x1.69, each between
    # flat gaps and slower growth): the growth after the rise hides its slope drop (issue 23: missed).
    # The truth tables name both limits (256|512 B and 2048|4096 B): each gap is a stair of its own,
    # reported by the double stairs; the ramps, judged after them, report the larger one
    for fixtures, name in [("real_seventh", "mpi/seventh/allgather_bruck_3.txt"),
                           ("real_twentyeighth", "mpi/twentyeighth/allgather_ring_5.txt"),
                           ("real_twentythird", "mpi/twentythird/scatter_linear_nb_2.txt"),
                           ("real_fifteenth", "mpi/fifteenth/alltoallv_3.txt")]:
        assert changes(name, slice(None, None, 2), REAL.parent / fixtures) == ["256|1024", "1024|4096"], name
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(trend, "double_stairs", lambda *args: [])
            assert changes(name, slice(None, None, 2), REAL.parent / fixtures) == ["1024|4096"], name
            # the growth onsets (out of a flat or a climbing part) see the first gap of some, the
            # switches right after growth starts the second gap of all but the ring Allgather
            patch.setattr(trend, "RAMP_STEP", 10.0)
            patch.setattr(trend, "growth_onsets", lambda *args: [])
            patch.setattr(trend, "climbing_onsets", lambda *args: [])
            patch.setattr(trend, "excess_jumps", lambda *args: [])
            assert changes(name, slice(None, None, 2), REAL.parent / fixtures) == [], name


@given(st.floats(0.0, 3.0), st.floats(0.0, 2.0), st.floats(0.01, 100.0), st.sampled_from([2.0, 4.0]))
def test_no_sum_of_two_power_terms_over_doubling_sizes_has_a_ramp(power, log_power, constant, ratio):
    # c + x^a·log2(x)^b from x = 2: its log-log jumps never shrink by half from one gap to the next
    x = ratio ** np.arange(1, 11)
    y = constant + x ** power * np.log2(x) ** log_power
    assert trend.ramps(np.log(x), np.log(y), np.full(10, 0.005), np.log(trend.RAMP_STEP), 12.0) == []


def test_ramps_report_the_larger_gap_of_a_rise_that_stands_out():
    u = np.log(2.0 ** np.arange(10))
    level = np.log([1, 1.02, 1.03, 1.05, 2.1, 3.7, 3.8, 3.9, 4.0, 4.2])  # x2.0 then x1.76 at 8|32
    sigma = np.full(10, 0.02)
    assert trend.ramps(u, level, sigma, np.log(trend.RAMP_STEP), 12.0) == [4]
    assert trend.ramps(u, -level, sigma, np.log(trend.RAMP_STEP), 12.0) == [4]  # a fall too
    # a gap beside the pair that rises more than half as much: growth, not a ramp
    growth = level.copy()
    growth[6:] += np.log(1.5) * np.arange(1, 5)
    assert trend.ramps(u, growth, sigma, np.log(trend.RAMP_STEP), 12.0) == []
    # within the noise: nothing
    assert trend.ramps(u, level, np.full(10, 0.3), np.log(trend.RAMP_STEP), 12.0) == []
    # sizes closer than doubling (process counts 2…11): not judged
    assert trend.ramps(np.log(np.arange(2.0, 12.0)), level, sigma, np.log(trend.RAMP_STEP), 12.0) == []


def test_a_jump_standing_out_of_ten_sizes_is_added_beside_the_test_s_own_change():
    # a 3-rank Alltoall with a 24 KiB eager limit: the test finds the bandwidth regime's step at
    # 256|512 KiB, and the eager switch (x1.74 at 16|32 KiB between x1.20 and x1.16) stands out in
    # a place the test leaves free (issue 23: missed); as a jump inside growth too (its second
    # differences clear of GROWTH_JUMP_F_LIMIT), so only without both rules is it missed
    tenth = REAL.parent / "real_tenth"
    assert ten_largest_changes("mpi/tenth/alltoall_eager24k_3.txt", tenth) == ["16384|32768", "262144|524288"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(trend, "standout_jumps", lambda *args, **kwargs: [])
        assert ten_largest_changes("mpi/tenth/alltoall_eager24k_3.txt", tenth) == ["16384|32768", "262144|524288"]
        patch.setattr(trend, "growth_jumps", lambda *args, **kwargs: [])
        assert ten_largest_changes("mpi/tenth/alltoall_eager24k_3.txt", tenth) == ["262144|524288"]


@settings(max_examples=40, deadline=None)
@given(st.integers(11, 13), st.floats(1.25, 1.5), st.floats(2.0, 4.0), st.floats(1.0, 1.3), st.floats(0.008, 0.015),
       st.integers(0, 2 ** 31 - 1), st.data())
def test_one_size_off_a_flat_part_with_scatter_is_a_segment_beside_the_next_step(n, first, second, growth, scatter,
                                                                                  seed, data):
    # every fourth size: flat sizes that zigzag by 0.8-1.5 % (the size-to-size scatter of a real
    # latency regime), one size x1.25-1.5 above them, then a step and growth; a line through the
    # flat sizes has a slope as uncertain as the scatter, their level does not
    b = data.draw(st.integers(4, n - 3))
    index = np.arange(n)
    levels = np.where(index < b, 1.0, first) * np.where(index <= b, 1.0, second) * growth ** np.maximum(index - b - 1, 0)
    levels = levels * np.exp(scatter * (-1.0) ** index)
    values = levels[:, None] * np.exp(np.random.default_rng(seed).normal(0, 0.005, (n, 5)))
    center, err, reps = map(np.array, zip(*[robust_point(v) for v in values]))
    x = 4.0 ** index
    assert TrendBreakSearch().fit(x, center, noise=err, repetitions=reps).breakpoints_ == [b, b + 1, n]


def test_a_jump_and_a_smaller_step_in_neighbouring_gaps_are_a_staircase_not_a_ramp():
    # every other size puts the collectives' first jump (x7-12 at 256|512 B) and the eager switch
    # (x1.2-1.5 at 1|2 or 2|4 KiB) in neighbouring gaps; both pass as slope drops, and the size
    # between them is a level of its own (issue 23: only the first was reported)
    even, odd = slice(None, None, 2), slice(1, None, 2)
    eighth, ninth, sixteenth = (REAL.parent / f"real_{n}" for n in ("eighth", "ninth", "sixteenth"))
    assert changes("mpi/eighth/bcast_eager2k_4.txt", even, eighth) == ["256|1024", "1024|4096"]
    assert changes("mpi/eighth/bcast_eager2k_4.txt", odd, eighth) == ["128|512", "512|2048"]
    # (and a kink at the onset of the bandwidth regime, the truth table's minor 32 KiB|512 KiB)
    assert changes("mpi/ninth/scatterv_4.txt", even, ninth) == ["256|1024", "1024|4096", "16384|65536"]
    # (after the 1-byte call preempted in every run, 4 ms: a step down from x = 1, minor in its table)
    assert changes("mpi/loaded16/gather_3.txt", even, sixteenth) == ["1|4", "256|1024", "1024|4096"]


@given(st.floats(0.15, 3.0), st.floats(0.0, 1.0), st.booleans(), st.floats(-2.0, 2.0))
def test_a_size_between_two_jumps_is_a_level_of_its_own_unless_they_split_one_rise(larger, share, down, level):
    # a staircase: the smaller jump at most STAIR_RATIO of the larger (or in the other direction)
    # and at least FLAT_STEP; a ramp: one rise split into similar parts
    smaller = share * larger
    # not at the limits themselves, where the differences of the levels round either way
    assume(abs(share - trend.STAIR_RATIO) > 1e-9 and abs(smaller - np.log1p(trend.FLAT_STEP)) > 1e-9)
    for into, out in ((larger, smaller), (smaller, larger)):
        sign = -1.0 if down else 1.0
        v = level + np.cumsum([0.0, sign * into, sign * out])
        expected = smaller >= np.log1p(trend.FLAT_STEP) and smaller <= trend.STAIR_RATIO * larger
        assert trend.staircase(v, 1, 2) == expected
        # a dip or a spike that ends on a new level
        v = level + np.cumsum([0.0, into, -out])
        assert trend.staircase(v, 1, 2) == (smaller >= np.log1p(trend.FLAT_STEP))


def test_a_step_that_stands_out_of_both_neighbouring_gaps_fills_a_free_place():
    # a jump of one gap that is twice those of both gaps beside it and clear of its two points'
    # noise, where the slope drop is lost in the noise of the sizes after it (issue 23: missed)
    even, odd = slice(None, None, 2), slice(1, None, 2)
    seventh, fifth, held = (REAL.parent / f"real_{n}" for n in ("seventh", "fifth", "holdout"))
    # Scan, 4 ranks: flat, x1.58 at the eager switch, then x1.03, x1.16 at 5-18 % noise
    assert changes("mpi/seventh/scan_4.txt", fixtures=seventh) == ["2048|4096"]
    assert changes("mpi/seventh/scan_4.txt", even, seventh) == ["1024|4096"]
    assert changes("mpi/seventh/scan_4.txt", odd, seventh) == ["2048|8192"]
    # ping-pong with a 64 KiB eager limit: its x3.2 jump inside the growing part
    assert changes("mpi/fifth/pingpong_eager64k_2.txt", fixtures=fifth) == ["256|512", "32768|65536"]
    assert changes("mpi/hold/bcast_3.txt", odd, held) == ["2048|8192"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(trend, "standout_jumps", lambda *args, **kwargs: [])
        assert changes("mpi/seventh/scan_4.txt", fixtures=seventh) == []


def test_a_second_stair_after_a_jump_is_found_at_every_other_size():
    # every other size: the inline-send limit's jump (x5-19 at 256|1024 B), the eager switch one
    # size later (x1.2-1.9 at 1024|4096 B), then flat (x1.02-1.14) before the growth; the switch's
    # slope drop is lost in the noise of the growth after it (issue 23: only the first was found)
    even = slice(None, None, 2)
    for fixtures, name in [("real_holdout", "mpi/hold/reduce_3.txt"), ("real_tenth", "mpi/tenth/gather_binomial_3.txt"),
                           ("real_sixteenth", "mpi/sixteenth/reduce_linear_3.txt"),
                           ("real_eleventh", "mpi/eleventh/bcast_knomial_4.txt"),
                           ("real_twelfth", "mpi/twelfth/bcast_chain_4.txt"),
                           ("real_eighth", "mpi/eighth/scatter_linear_4.txt")]:
        assert changes(name, even, REAL.parent / fixtures) == ["256|1024", "1024|4096"], name
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(trend, "second_stairs", lambda *args, **kwargs: [])
            patch.setattr(trend, "double_stairs", lambda *args: [])
            # (the place it frees would take the 3-rank Reduce's rendezvous switch, a steep kink
            # and an onset out of a climbing part)
            patch.setattr(trend, "ONSET_RISE", 10.0)
            patch.setattr(trend, "climbing_onsets", lambda *args: [])
            assert changes(name, even, REAL.parent / fixtures) == ["256|1024"], name


def test_the_inline_step_before_the_eager_switch_is_a_flat_step_at_every_other_size():
    # every other size: the inline-send step (x1.20-1.30 out of the flat part) is one size before
    # the eager switch, and max_change_points is taken by that switch and a jump in the bandwidth
    # regime; the step is a short piece next to the switch, reported beyond the cap as a flat step
    # (issue 23: missed, as flat steps kept clear of every kept change)
    even, odd = slice(None, None, 2), slice(1, None, 2)
    inline, eager = ["256|1024", "1024|4096"], ["512|2048", "2048|8192"]
    for fixtures, name, subset, expected in [
            ("real_nineteenth", "mpi/nineteenth/alltoall_twoproc_2.txt", even, inline + ["65536|262144"]),
            ("real_third", "mpi/third/reduce_scatter_block_2.txt", even, inline + ["65536|262144"]),
            ("real_seventh", "mpi/wide/sendrecv_2.txt", even, inline + ["262144|1048576"]),
            ("real_fifth", "mpi/fifth/reduce_rabenseifner_2.txt", odd, eager + ["131072|524288"])]:
        assert changes(name, subset, REAL.parent / fixtures) == expected, name
        assert changes(name, subset, REAL.parent / fixtures, flat_steps=0) == expected[1:], name


@given(st.floats(0.3, 3.0), st.floats(0.0, 1.0), st.floats(-0.3, 0.3), st.booleans(), st.sampled_from([2.0, 4.0, 10.0]),
       st.integers(1, 4))
def test_a_second_stair_lands_on_a_level_over_wide_gaps(first, share, after, down, ratio, position):
    # flat sizes, a change (jump `first` in log y), a second jump of `share` of it, then a gap
    # jumping `after`: a second stair only where it goes the change's way, is at least
    # STANDOUT_STEP and at most STAIR_SHARE of the change, the gap after is flat (below FLAT_STEP,
    # at most 1/STANDOUT of it) and the sizes are at least WIDE_GAP apart
    second = share * first
    limits = (share - trend.STAIR_SHARE, second - np.log1p(trend.STANDOUT_STEP),
              abs(after) - np.log1p(trend.FLAT_STEP), second - trend.STANDOUT * abs(after))
    assume(all(abs(limit) > 1e-9 for limit in limits))  # not at the limits, where rounding decides
    sign = -1.0 if down else 1.0
    jumps = [0.0] * position + [sign * first, sign * second, after, 0.0]
    v = np.cumsum([0.0] + jumps)
    u = np.log(ratio) * np.arange(1, len(v) + 1)
    change = position + 1
    expected = (second >= np.log1p(trend.STANDOUT_STEP) and share <= trend.STAIR_SHARE
                and abs(after) < np.log1p(trend.FLAT_STEP) and second >= trend.STANDOUT * abs(after)
                and ratio >= trend.WIDE_GAP)
    stairs = trend.second_stairs(u, v, np.full(len(v), 0.01), [change], trend.F_LIMIT)
    assert stairs == ([change + 1] if expected else [])
    # never before the change: a rise out of a flat part into a step is how a growing term starts
    assert change not in trend.second_stairs(u, v, np.full(len(v), 0.01), [change + 1], trend.F_LIMIT)



def test_a_double_stair_is_two_changes_at_every_other_size():
    # every other size: the inline-send limit (256|512 B) and the eager switch (2048|4096 B) in
    # neighbouring gaps with similar jumps, level before, between and after them (a 4-rank linear
    # Allreduce: x1.01, then x1.76 at 256|1024 B and x1.69 at 1024|4096 B, then x1.16); the two were
    # taken for one rise spread over both gaps and only one was reported (issue 23)
    even = slice(None, None, 2)
    for fixtures, name, before in [
            ("real_thirteenth", "mpi/thirteenth/allreduce_linear_4.txt", ["256|1024"]),
            ("real_ninth", "mpi/ninth/gather_linsync_4.txt", ["256|1024"]),
            ("real_twentysixth", "mpi/twentysixth/scan_linear_5.txt", ["256|1024"])]:
        assert changes(name, even, REAL.parent / fixtures) == ["256|1024", "1024|4096"], name
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(trend, "double_stairs", lambda *args: [])
            assert changes(name, even, REAL.parent / fixtures) == before, name


@settings(max_examples=300, deadline=None)
@given(st.floats(0.1, 2.5), st.floats(0.1, 2.5), st.floats(-0.6, 0.6), st.floats(-0.6, 0.6), st.booleans(),
       st.sampled_from([2.0, 4.0, 10.0]), st.integers(1, 4))
def test_a_double_stair_lies_level_around_two_steps_over_wide_gaps(first, second, before, after, down, ratio,
                                                                     position):
    # flat sizes, a gap jumping `before`, two gaps jumping `first` and `second` the same way, a gap
    # jumping `after`, flat sizes: a double stair where both steps are at least STANDOUT_STEP, the
    # gaps beside the pair at most 1/STANDOUT of the smaller step and the sizes at least WIDE_GAP apart
    # (or, into growth: the gap before below FLAT_STEP, the gap after at most STAIRS_GROWTH_AFTER
    # of the second step, the first at least STAIRS_BALANCE of the second)
    smaller = min(first, second)
    limits = (smaller - np.log1p(trend.STANDOUT_STEP), smaller - trend.STANDOUT * abs(before),
              smaller - trend.STANDOUT * abs(after), abs(before) - np.log1p(trend.FLAT_STEP),
              abs(after) - trend.STAIRS_GROWTH_AFTER * second, first - trend.STAIRS_BALANCE * second)
    assume(all(abs(limit) > 1e-9 for limit in limits))  # not at the limits, where rounding decides
    sign = -1.0 if down else 1.0
    v = np.cumsum([0.0] * (position + 1) + [before, sign * first, sign * second, after, 0.0])
    u = np.log(ratio) * np.arange(1, len(v) + 1)
    level_after = smaller >= trend.STANDOUT * abs(after)
    into_growth = (abs(before) < np.log1p(trend.FLAT_STEP) and abs(after) <= trend.STAIRS_GROWTH_AFTER * second
                   and first >= trend.STAIRS_BALANCE * second)
    expected = (smaller >= np.log1p(trend.STANDOUT_STEP) and smaller >= trend.STANDOUT * abs(before)
                and (level_after or into_growth) and ratio >= trend.WIDE_GAP)
    stair = position + 2  # the first step's change: between points position + 1 and position + 2
    # (the second step and the gap after it may be a pair of their own)
    assert ((stair, stair + 1) in trend.double_stairs(u, v, np.full(len(v), 0.01), trend.F_LIMIT)) == expected


@settings(max_examples=300, deadline=None)
@given(st.floats(0.05, 2.0), st.floats(-0.3, 0.3), st.floats(-0.3, 0.3), st.sampled_from([1.0, 2.0, 8.0]),
       st.sampled_from([2.0, 4.0]))
def test_a_first_drop_from_x_1_lands_on_a_level(drop, next_jump, then, start, ratio):
    # a step down at the first gap onto two gaps that lie flat (below FLAT_STEP, at most half the
    # drop), at least STANDOUT_STEP, counts only where the sizes start at x = 1
    limits = (drop - np.log1p(trend.STANDOUT_STEP), abs(next_jump) - np.log1p(trend.FLAT_STEP),
              abs(then) - np.log1p(trend.FLAT_STEP), drop - trend.STANDOUT * abs(next_jump),
              drop - trend.STANDOUT * abs(then))
    assume(all(abs(limit) > 1e-9 for limit in limits))  # not at the limits, where rounding decides
    v = np.cumsum([0.0, -drop, next_jump, then, 0.0, 0.0])
    u = np.log(start) + np.log(ratio) * np.arange(len(v))
    expected = (start == 1.0 and drop >= np.log1p(trend.STANDOUT_STEP) and np.all(np.abs([next_jump, then])
                < np.log1p(trend.FLAT_STEP)) and drop >= trend.STANDOUT * max(abs(next_jump), abs(then)))
    assert trend.first_drop(u, v, np.full(len(v), 0.01), np.log1p(trend.STANDOUT_STEP), trend.F_LIMIT) == (
        [1] if expected else [])


def test_a_first_drop_needs_its_noise_and_a_level_after_it():
    u = np.log(2.0) * np.arange(10)
    v = np.log([3.0, 1, 1, 1.01, 1, 1, 1.2, 1.5, 2, 3])
    assert trend.first_drop(u, v, np.full(10, 0.01), np.log1p(trend.STANDOUT_STEP), trend.F_LIMIT) == [1]
    # at 40 % noise the drop's z² stays below the limit
    assert trend.first_drop(u, v, np.full(10, 0.4), np.log1p(trend.STANDOUT_STEP), trend.F_LIMIT) == []
    # growing on after the drop: a series that starts high and dips, no level
    v = np.log([3.0, 1, 1.3, 1.7, 2.2, 3, 4, 5, 6, 7])
    assert trend.first_drop(u, v, np.full(10, 0.01), np.log1p(trend.STANDOUT_STEP), trend.F_LIMIT) == []


def test_a_ramp_into_growth_is_no_double_stair():
    # every other size: x1.6 and x1.9 out of a flat part into growth of x4 per gap (linear): the
    # growth after the pair, steeper than the pair, is no level; and a noisy pair (z² below the
    # limit) is none either
    u = np.log(4.0) * np.arange(12)
    v = np.cumsum([0.0, 0, 0, 0, np.log(1.6), np.log(1.9), np.log(4), np.log(4), np.log(4), np.log(4), np.log(4),
                   np.log(4)])
    assert trend.double_stairs(u, v, np.full(12, 0.01), trend.F_LIMIT) == []
    # growth of x1.3 per gap after them is slower than the second stair by far: two stairs into growth
    v = np.cumsum([0.0, 0, 0, 0, np.log(1.6), np.log(1.9), np.log(1.3), np.log(1.3), np.log(1.5), np.log(2), np.log(3),
                   np.log(4)])
    assert trend.double_stairs(u, v, np.full(12, 0.01), trend.F_LIMIT) == [(4, 5)]
    # but a rise of x1.2 before a jump of x3 is the climb into one switch
    v = np.cumsum([0.0, 0, 0, 0, np.log(1.2), np.log(3.0), np.log(1.3), np.log(1.3), np.log(1.5), np.log(2), np.log(3),
                   np.log(4)])
    assert trend.double_stairs(u, v, np.full(12, 0.01), trend.F_LIMIT) == []
    v = np.cumsum([0.0, 0, 0, 0, np.log(1.6), np.log(1.9), 0, 0, 0, 0, 0, 0])
    assert trend.double_stairs(u, v, np.full(12, 0.01), trend.F_LIMIT) == [(4, 5)]
    assert trend.double_stairs(u, v, np.full(12, 0.2), trend.F_LIMIT) == []


def test_growth_that_starts_at_once_out_of_a_flat_part_is_an_onset():
    # a 5-rank pipelined Reduce (thirtieth real set), medians: x1.01, x1.01, then x1.56, x1.39, x1.71
    # from 2048|4096 B on; its medians aligned by run put 2 KiB 18 % below the level plus the bound the
    # sizes after it set (z² 46), and no other rule reports it
    from extrap_segmented.segmentation.noise import with_runs_aligned

    x, values = sweep("mpi/thirtieth/reduce_pipeline_5.txt", REAL.parent / "real_thirtieth")
    rows = np.array(values)
    center, noise, reps = robust_points(rows)
    center, noise = with_runs_aligned(rows, center, noise)

    def reported() -> list[str]:
        search = TrendBreakSearch().fit(x, center, noise=noise, repetitions=reps)
        return labels(x, search.breakpoints_)

    sigma = TrendBreakSearch().fit(x, center, noise=noise, repetitions=reps).sigma_
    miss, variance = trend.onset_misses(np.log(x), np.log(center), sigma, np.log1p(trend.STANDOUT_STEP))
    assert miss[12] == pytest.approx(0.18, abs=0.01) and miss[12] ** 2 / variance[12] == pytest.approx(46, rel=0.05)
    assert trend.growth_onsets(np.log(x), np.log(center), sigma, np.log1p(trend.STANDOUT_STEP), 0.1, 12.0) == [12]
    assert reported() == ["2048|4096"]
    with pytest.MonkeyPatch.context() as patch:  # (the onsets out of a climbing part see it too)
        patch.setattr(trend, "growth_onsets", lambda *args: [])
        patch.setattr(trend, "climbing_onsets", lambda *args: [])
        assert reported() == []


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 14), st.floats(0.25, 1.0), st.floats(0.5, 1.5), st.sampled_from([2.0, 4.0]),
       st.integers(0, 2 ** 31 - 1))
def test_growth_that_starts_at_once_is_found_at_its_gap(onset, first, slope, ratio, seed):
    # flat at 1 up to the size before the onset, then 1 + first·(x / x_onset)^slope, 1 % noise;
    # the growth would have lifted the size before it first·ratio^-slope above the level: ≥ 15 %
    assume(first * ratio ** -slope >= 0.15)
    x = ratio ** np.arange(18)
    y = np.where(np.arange(18) < onset, 1.0, 1.0 + first * (x / x[onset]) ** slope)
    y = y * np.exp(np.random.default_rng(seed).normal(0, 0.01, 18))
    assume(np.all(np.diff(np.log(y[onset - 1:onset + 3])) > 0) and np.ptp(np.log(y[onset - 3:onset])) < np.log(1.15))
    found = trend.growth_onsets(np.log(x), np.log(y), np.full(18, 0.01), np.log1p(trend.STANDOUT_STEP), 0.1, 12.0)
    assert found[:1] == [onset]


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 14), st.floats(0.05, 0.1), st.floats(0.5, 1.0), st.floats(0.5, 1.5), st.sampled_from([2.0, 4.0]),
       st.integers(0, 2 ** 31 - 1))
def test_growth_that_starts_at_once_out_of_a_climb_is_found_at_its_gap(onset, climb, first, slope, ratio, seed):
    # climbing as x^climb up to the size before the onset, then x^climb·(1 + first·(x / x_onset)^slope),
    # 1 % noise: the growth would have lifted the size before it first·ratio^-slope above the line
    # through the climb; found where that is half as much again as the miss the gap's width needs
    needed = 0.1 * (np.log(ratio) / np.log(2.0)) ** trend.CLIMB_WIDTH_POWER
    assume(first * ratio ** -slope >= 1.5 * needed)
    x = ratio ** np.arange(1, 19)
    climbing = (x / x[0]) ** climb
    y = np.where(np.arange(18) < onset, climbing, climbing * (1.0 + first * (x / x[onset]) ** slope))
    y = y * np.exp(np.random.default_rng(seed).normal(0, 0.01, 18))
    found = trend.climbing_onsets(np.log(x), np.log(y), np.full(18, 0.01), np.log1p(trend.STANDOUT_STEP), 0.1,
                                  trend.GROWTH_JUMP_F_LIMIT)
    assert found[:1] == [onset]


def test_a_switch_right_after_growth_starts_is_a_change_at_every_other_size():
    # every other size from 2 B of a 6-rank Scan over TCP (forty-fifth real set): x1.02, x1.14, x1.59,
    # then x2.80 at 32|128 KiB (the rendezvous switch at 32|64 KiB), x2.64, x3.90; the series steepens
    # on, but its excess over the flat level rises x4.96, then x3.04; nothing else reports it
    odd = slice(1, None, 2)
    name, fixtures = "mpi/fortyfifth/scan_tcp_6.txt", REAL.parent / "real_fortyfifth"
    assert changes(name, odd, fixtures) == ["32768|131072"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(trend, "excess_jumps", lambda *args: [])
        assert changes(name, odd, fixtures) == []


def test_a_switch_right_after_growth_starts_lifts_the_excess_in_one_gap():
    # level 1, then alpha + beta·x growth on sizes x4 apart whose excess jumps x2.5 at the switch:
    # found at its gap; the same growth without the jump, at 30 % noise, on sizes doubling (no gap
    # x3 wide) or with the size before the jump more than EXCESS_NEAR above the level is none
    least, judge = np.log(trend.STANDOUT_JUMP), trend.excess_jumps
    x = 2 * 4.0 ** np.arange(11)
    smooth = 1.0 + x / 40000
    switched = 1.0 + np.where(x >= 131072, 2.5, 1.0) * x / 40000
    quiet, noisy = np.full(11, 0.01), np.full(11, 0.3)
    assert judge(np.log(x), np.log(switched), quiet, least, 0.1, trend.GROWTH_JUMP_F_LIMIT) == [8]
    assert judge(np.log(x), np.log(smooth), quiet, least, 0.1, trend.GROWTH_JUMP_F_LIMIT) == []
    assert judge(np.log(x), np.log(switched), noisy, least, 0.1, trend.GROWTH_JUMP_F_LIMIT) == []
    doubling = 2 * 2.0 ** np.arange(21)
    y = 1.0 + np.where(doubling >= 131072, 2.5, 1.0) * doubling / 40000
    assert judge(np.log(doubling), np.log(y), np.full(21, 0.01), least, 0.1, trend.GROWTH_JUMP_F_LIMIT) == []
    far = 1.0 + np.where(x >= 131072, 2.5, 1.0) * x / 4000  # 32 KiB lies x9 above the level
    assert judge(np.log(x), np.log(far), quiet, least, 0.1, trend.GROWTH_JUMP_F_LIMIT) == []


@settings(max_examples=200, deadline=None)
@given(st.integers(4, 17), st.floats(0.5, 2.0), st.floats(0.2, 5.0), st.booleans(), st.integers(0, 2 ** 31 - 1))
def test_smooth_growth_out_of_a_flat_level_at_1_percent_noise_is_no_switch(onset, power, scale, from_one, seed):
    # every other size (from 1 B or 2 B): level 1, then 1 + scale·(x / 2^onset)^power, 1 % noise,
    # no switch; the excess's slope falls by noise alone, far less than GROWTH_JUMP with z² above
    # the limit (none in 100,000 such series drawn once)
    x = (1.0 if from_one else 2.0) * 4.0 ** np.arange(12 if from_one else 11)
    v = np.log(1.0 + scale * (x / 2.0 ** onset) ** power) + np.random.default_rng(seed).normal(0, 0.01, len(x))
    assert trend.excess_jumps(np.log(x), v, np.full(len(x), 0.01), np.log(trend.STANDOUT_JUMP), 0.1,
                              trend.GROWTH_JUMP_F_LIMIT) == []


def test_a_value_that_is_not_a_number_near_the_gap_is_no_switch_and_no_warning():
    # the search passes only finite positive values; called alone, an infinite or missing value in
    # the sizes judged leaves that gap unjudged, silently, and the other gaps as they were
    x = 2 * 4.0 ** np.arange(11)
    v = np.log(1.0 + np.where(x >= 131072, 2.5, 1.0) * x / 40000)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for bad, at, expected in [(np.inf, 9, []), (np.nan, 7, []), (-np.inf, 5, []), (np.nan, 1, [8])]:
            broken = v.copy()
            broken[at] = bad
            assert trend.excess_jumps(np.log(x), broken, np.full(11, 0.01), np.log(trend.STANDOUT_JUMP), 0.1,
                                      trend.GROWTH_JUMP_F_LIMIT) == expected, (bad, at)


def test_excess_slopes_of_a_batch_are_those_of_each_series():
    # kink_bound.py judges batches of series (sizes last) at once; each series alone gives the
    # same slopes and variances
    rng = np.random.default_rng(11)
    u = np.log(4.0) * np.arange(1, 13)
    v = np.cumsum(rng.choice([0.0, 0.05, 0.1, 0.6, 1.0, 1.3], (4, 5, 12)), axis=-1)
    sigma = rng.uniform(0.005, 0.05, 12)
    batch = trend.excess_slopes(u, v, sigma, np.log(trend.STANDOUT_JUMP), 0.1)
    assert np.isfinite(batch[0]).any()
    for index in np.ndindex(4, 5):
        alone = trend.excess_slopes(u, v[index], sigma, np.log(trend.STANDOUT_JUMP), 0.1)
        for together, single in zip(batch, alone):
            np.testing.assert_allclose(together[index], single, rtol=1e-12)


@pytest.mark.parametrize("misses", ["onset_misses", "climb_misses"])
def test_onset_misses_of_a_batch_are_those_of_each_series(misses):
    # kink_bound.py judges batches of series (sizes last) at once; each series alone gives the
    # same misses and variances, and a series too short for an onset none
    rng = np.random.default_rng(7)
    u = np.log(4.0) * np.arange(1, 13)
    v = np.cumsum(rng.choice([0.0, 0.05, 0.1, 0.6, 1.0], (4, 5, 12)), axis=-1)
    sigma = rng.uniform(0.005, 0.05, 12)
    judge = getattr(trend, misses)
    miss, variance = judge(u, v, sigma, np.log1p(trend.STANDOUT_STEP))
    assert np.isfinite(miss).any()
    for index in np.ndindex(4, 5):
        alone = judge(u, v[index], sigma, np.log1p(trend.STANDOUT_STEP))
        np.testing.assert_allclose(miss[index], alone[0], rtol=1e-12)
        np.testing.assert_allclose(variance[index], alone[1], rtol=1e-12)
    assert np.isnan(judge(u[:5], v[..., :5], sigma[:5], np.log1p(trend.STANDOUT_STEP))[0]).all()


def test_an_onset_out_of_a_climb_needs_more_over_wider_gaps():
    # the same climb (x^0.1) and onset (the size before it 20 % below the line plus the bound) on
    # sizes doubling and x4 apart: an onset over a doubling, not over x4 (25.5 % needed)
    for ratio, expected in ((2.0, [6]), (4.0, [])):
        x = ratio ** np.arange(1, 13)
        climbing = (x / x[0]) ** 0.1
        y = np.where(np.arange(12) < 6, climbing, climbing * (1.0 + 0.2 * (x / x[5]) ** 0.8))
        assert trend.climbing_onsets(np.log(x), np.log(y), np.full(12, 0.005), np.log1p(trend.STANDOUT_STEP), 0.1,
                                     trend.GROWTH_JUMP_F_LIMIT) == expected


LAYOUTS = {"doubling": 2.0 ** np.arange(23), "x4": 4.0 ** np.arange(12), "linear": np.arange(1.0, 24.0),
           "x1.25": 100 * 1.25 ** np.arange(20), "x3": 3.0 ** np.arange(14), "x4 from 2": 2 * 4.0 ** np.arange(11),
           "x8": 8.0 ** np.arange(8)}


@st.composite
def search_space_series(draw, layouts=("doubling", "x4", "linear", "x1.25")) -> tuple[np.ndarray, np.ndarray]:
    """Sizes and c + a·t1 + b·t2 over Extra-P's search space, positive coefficients, noiseless, on
    the ``layouts`` of ``LAYOUTS`` (doubling, ×4, linear and ×1.25 unless told)."""
    from extrap_segmented.pmnf.terms import default_exponents, evaluate_terms

    x = LAYOUTS[draw(st.sampled_from(list(layouts)))]
    exponents = default_exponents()
    pick = draw(st.lists(st.integers(0, len(exponents) - 1), min_size=2, max_size=2))
    terms = evaluate_terms(x, np.asarray(exponents)[pick])
    terms = terms / terms.max(axis=1, keepdims=True)
    first_scale, second_scale = draw(st.floats(-8, 8)), draw(st.floats(-8, 8))
    y = draw(st.sampled_from([0.0, 1.0])) + 10 ** first_scale * terms[0] + 10 ** second_scale * terms[1]
    assume(np.all(np.isfinite(y)) and np.all(y > 0))
    return x, y


@settings(max_examples=300, deadline=None)
@given(search_space_series())
def test_no_function_of_the_search_space_has_a_growth_onset(series):
    # noiseless (at the noise floor): the excess over a flat level of a sum of positive power terms
    # is convex in log-log and never lies above the last flat size's by min_relative_change; a log
    # factor's excess rises too slowly out of a flat part
    x, y = series
    assert trend.growth_onsets(np.log(x), np.log(y), np.full(len(x), 0.005), np.log1p(trend.STANDOUT_STEP), 0.1,
                               12.0) == []


@settings(max_examples=300, deadline=None)
@given(search_space_series())
def test_no_function_of_the_search_space_has_a_climbing_onset(series):
    # noiseless (at the noise floor): the line through a slowly climbing part of a sum of positive
    # PMNF terms, extended, strays from it by less than the miss an onset needs at the gap's width
    x, y = series
    assert trend.climbing_onsets(np.log(x), np.log(y), np.full(len(x), 0.005), np.log1p(trend.STANDOUT_STEP), 0.1,
                                 trend.GROWTH_JUMP_F_LIMIT) == []


@settings(max_examples=300, deadline=None)
@given(search_space_series())
def test_no_function_of_the_search_space_is_a_double_stair(series):
    # noiseless (at the noise floor): a sum of positive PMNF terms never lies level after two steps
    # (its log-log slope never falls, but for a log factor's, too slowly to level out over x4 gaps),
    # nor does it rise into growth that slows to half the second step
    x, y = series
    assert trend.double_stairs(np.log(x), np.log(y), np.full(len(x), 0.005), 12.0) == []


@settings(max_examples=300, deadline=None)
@given(search_space_series(layouts=("x3", "x4 from 2", "x8")))
def test_no_function_of_the_search_space_is_a_double_stair_on_wider_grids(series):
    # the double stairs judge gaps of x3 and wider: the grids they see besides x4 from 1
    x, y = series
    assert trend.double_stairs(np.log(x), np.log(y), np.full(len(x), 0.005), 12.0) == []


@settings(max_examples=300, deadline=None)
@given(search_space_series(layouts=("x4", "x3", "x4 from 2", "x8")))
def test_no_function_of_the_search_space_switches_right_after_growth_starts(series):
    # noiseless (at the noise floor): over a flat level the excess of a sum of positive PMNF terms
    # is convex in log-log; a log factor's slope falls at most 1.13 times over x4 and x8 gaps
    # (kink_bound.py, column (g)), far under GROWTH_JUMP
    x, y = series
    assert trend.excess_jumps(np.log(x), np.log(y), np.full(len(x), 0.005), np.log(trend.STANDOUT_JUMP), 0.1,
                              trend.GROWTH_JUMP_F_LIMIT) == []


@settings(max_examples=300, deadline=None)
@given(search_space_series())
def test_no_function_of_the_search_space_jumps_inside_growth(series):
    # noiseless (at the noise floor): the log-log slope of a sum of positive PMNF terms never drops
    # by as much as a gap that jumps 1.4 times the gap after it (a log factor's drop is slow)
    x, y = series
    assert trend.growth_jumps(np.log(x), np.log(y), np.full(len(x), 0.005), np.log(trend.STANDOUT_JUMP),
                              trend.GROWTH_JUMP_F_LIMIT) == []


@given(st.floats(0.5, 3.0), st.floats(0.0, 2.0), st.floats(0.0, 100.0))
def test_growth_on_sizes_unevenly_spaced_is_no_jump_inside_growth(power, log_power, constant):
    # sizes x1.5 and x1.33 apart in turn: a power law's jumps alternate (a quadratic's x2.25, x1.78,
    # 1.41 times each other in log units), its log-log slope does not
    x = np.array([8.0, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024])
    y = constant + x ** power * np.log2(x) ** log_power
    assert trend.growth_jumps(np.log(x), np.log(y), np.full(len(x), 0.005), np.log(trend.STANDOUT_JUMP),
                              trend.GROWTH_JUMP_F_LIMIT) == []


@settings(max_examples=200, deadline=None)
@given(st.floats(1.1, 1.8), st.floats(1.8, 6.0), st.integers(2, 6), st.booleans())
def test_a_jump_inside_growth_is_found_at_its_gap(growth, jump, gap, down):
    # ten doubling sizes growing by `growth` per doubling, one gap jumping by `jump` (or falling by
    # it): found where the jump is at least STANDOUT_JUMP and GROWTH_JUMP times the growth in log
    # units with the second differences clear of 1 % noise; the first and the last gap never
    u = np.log(2.0 ** np.arange(13, 23))
    steps = np.full(9, np.log(growth))
    steps[gap] = -np.log(jump) if down else np.log(jump)
    v = np.concatenate(([0.0], np.cumsum(steps)))
    sigma = np.full(10, 0.01)
    excess = np.log(jump) - np.log(growth)
    assume(abs(np.log(jump) - trend.GROWTH_JUMP * np.log(growth)) > 1e-9)
    limit = trend.GROWTH_JUMP_F_LIMIT
    assume(abs(excess ** 2 / (6 * 0.01 ** 2) - limit) > 1e-6)
    expected = (np.log(jump) >= trend.GROWTH_JUMP * np.log(growth) and excess ** 2 / (6 * 0.01 ** 2) > limit)
    assert (trend.growth_jumps(u, v, sigma, np.log(trend.STANDOUT_JUMP), limit) == [gap + 1]) == expected


def test_noise_or_a_first_or_last_gap_is_no_jump_inside_growth():
    # x1.5 per doubling with a x3 jump: at 30 % noise per point the second differences are noise;
    # in the first or the last gap there is no gap on one side to compare with
    u = np.log(2.0 ** np.arange(13, 23))
    for gap, sigma, expected in [(4, 0.01, [5]), (4, 0.3, []), (0, 0.01, []), (8, 0.01, [])]:
        steps = np.full(9, np.log(1.5))
        steps[gap] = np.log(3.0)
        v = np.concatenate(([0.0], np.cumsum(steps)))
        assert trend.growth_jumps(u, v, np.full(10, sigma), np.log(trend.STANDOUT_JUMP),
                                  trend.GROWTH_JUMP_F_LIMIT) == expected


def test_a_fall_inside_growth_is_a_change():
    # a 5-rank Reduce_scatter_block (eighth real set), medians: x2.19, x2.14, x2.14 per doubling,
    # then x0.66 at 512 KiB|1 MiB and x2.13, x2.23 on from there; no sum of positive PMNF terms
    # falls, and the sizes after the fall stay a third below the trend, so it is no spike; the slope
    # drop at 512 KiB is the spike's, which no other rule reports
    x, values = sweep("mpi/eighth/reduce_scatter_block_5.txt", REAL.parent / "real_eighth")
    center, noise, reps = robust_points(np.array(values))

    def reported() -> list[str]:
        search = TrendBreakSearch().fit(x, center, noise=noise, repetitions=reps)
        return labels(x, search.breakpoints_)

    sigma = TrendBreakSearch().fit(x, center, noise=noise, repetitions=reps).sigma_
    [(change, z2, step)] = trend.falls(np.log(x), np.log(center), sigma, np.log1p(0.1), 12.0)
    assert change == 20 and step == pytest.approx(np.log(0.66), abs=0.01) and z2 == pytest.approx(318, rel=0.05)
    assert reported() == ["128|256", "32768|65536", "524288|1048576"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(trend, "falls", lambda *args: [])
        assert reported() == ["128|256", "32768|65536"]


def test_a_fall_among_the_ten_largest_sizes_is_a_change():
    # the ten largest sizes of a loaded 2-rank Allgather with a 62.5 KiB eager limit (forty-first
    # real set), medians: x1.69, x1.78, then x0.55 at 32|64 KiB and x1.63, x1.78 on; the test
    # bends one function through it and the fall stands out of neither neighbour by twice
    x, values = sweep("mpi/loaded41/allgather_eager62k5_2.txt", REAL.parent / "real_fortyfirst")
    x, values = x[-10:], values[-10:]
    center, noise, reps = map(np.array, zip(*[robust_point(v) for v in values]))

    def reported() -> list[str]:
        search = TrendBreakSearch().fit(x, center, noise=noise, repetitions=reps)
        assert search.method_ == "test"
        return labels(x, search.breakpoints_)

    assert reported() == ["32768|65536"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(trend, "falls", lambda *args: [])
        assert reported() == []


@settings(max_examples=80, deadline=None)
@given(st.integers(4, 15), st.floats(0.3, 1.2), st.floats(0.2, 0.6), st.sampled_from([2.0, 4.0]),
       st.integers(0, 2 ** 31 - 1))
def test_a_level_that_drops_inside_growth_is_found_at_its_gap(fall, slope, drop, ratio, seed):
    # x^slope from 1 KiB on, times drop from the size ``fall`` on, 1 % noise: the series falls at
    # that gap and grows on from the lower level. There a log factor lets a slope fall by at most
    # ~0.15 over the line's gaps, well inside the drop; the gap after the third size has no trend
    # before it to tell a bump from a level (a rise and the fall may be one bump). The growth
    # before the fall is steady as the rule asks (its two gaps' jumps within x1.1 of each other):
    # at 1 % noise they differ by more in about 2 of 10,000 draws (hypothesis found fall=4,
    # slope=1, drop=0.25, ratio=2, seed=206312695: x2.09 and then x1.88 before the fall)
    x = 1024 * ratio ** np.arange(18)
    y = x ** slope * np.where(np.arange(18) < fall, 1.0, drop) * np.exp(np.random.default_rng(seed).normal(0, 0.01, 18))
    assume(np.log(y[fall] / y[fall - 1]) <= -np.log1p(trend.STANDOUT_STEP) - 0.05)
    assume(abs(np.log(y[fall - 1] * y[fall - 3] / y[fall - 2] ** 2)) < np.log1p(0.1))
    found = trend.falls(np.log(x), np.log(y), np.full(18, 0.01), np.log1p(0.1), 12.0)
    assert [change for change, _, _ in found[:1]] == [fall]


def test_a_fall_out_of_a_flat_part_is_left_to_the_level_shifts():
    # flat, x0.5 at 256|512, flat again: a step between flat parts, which the level shifts judge
    # on six sizes; two noisy rises and a fall in a flat part are no growth either (the flat
    # sweeps of segmentation_limits.py at 10-20 % noise had such falls)
    x = 2.0 ** np.arange(16)
    y = np.where(np.arange(16) < 9, 1.0, 0.5)
    assert trend.falls(np.log(x), np.log(y), np.full(16, 0.01), np.log1p(0.1), 12.0) == []
    y = np.exp(np.array([0, 0, 0, 0, 0, 0, 0, 0, 0.18, 0.38, -0.01, 0.06, 0.1, 0.11, 0.17, 0.16]))
    assert trend.falls(np.log(x), np.log(y), np.full(16, 0.01), np.log1p(0.1), 12.0) == []


@settings(max_examples=300, deadline=None)
@given(search_space_series())
def test_no_function_of_the_search_space_falls(series):
    # noiseless (at the noise floor), a sum of positive terms never falls where x >= 1: no change
    # of this rule
    x, y = series
    assert trend.falls(np.log(x), np.log(y), np.full(len(x), 0.005), np.log1p(0.1), 12.0) == []


def test_one_slow_size_inside_growth_is_no_fall():
    # a spike: one size x1.8 above growth of x2 per doubling, then back on the trend; and a dip:
    # one size x0.6 below it. Neither is a level of its own
    x = 2.0 ** np.arange(16)
    for off in (1.8, 0.6):
        y = x * np.where(np.arange(16) == 8, off, 1.0)
        assert trend.falls(np.log(x), np.log(y), np.full(16, 0.01), np.log1p(0.1), 12.0) == []


def test_cache_spill_two_sizes_before_the_end_is_found():
    # the naive matmul leaves the 32 MiB L3 at n ~ 1182: time per FLOP x1.5 at 1523, x2.3 at 1811,
    # the last two sizes (issue 23: missed, only two points after the change)
    assert changes("matmul/naive_matmul_cpu.txt") == ["1281|1523"]


def _flat_sweep(n, levels, rng, noise=0.01):
    x = 2.0 ** np.arange(n)
    values = np.asarray(levels, dtype=float)[:, None] * np.exp(rng.normal(0, noise, (n, 5)))
    center, err, reps = map(np.array, zip(*[robust_point(v) for v in values]))
    return x, center, err, reps


@settings(max_examples=40, deadline=None)
@given(st.integers(12, 30), st.floats(1.3, 4.0), st.floats(1.3, 4.0), st.integers(0, 2 ** 31 - 1), st.data())
def test_a_staircase_with_one_size_between_its_steps_gives_both_changes(n, first, second, seed, data):
    # the slope drops only after the second step; the first is the short piece beside it
    b = data.draw(st.integers(4, n - 5))
    levels = np.where(np.arange(n) < b, 1.0, first) * np.where(np.arange(n) < b + 1, 1.0, second)
    x, center, err, reps = _flat_sweep(n, levels, np.random.default_rng(seed))
    assert TrendBreakSearch().fit(x, center, noise=err, repetitions=reps).breakpoints_ == [b, b + 1, n]


@settings(max_examples=40, deadline=None)
@given(st.integers(18, 30), st.lists(st.floats(1.3, 4.0), min_size=3, max_size=3), st.integers(0, 2 ** 31 - 1),
       st.data())
def test_three_steps_out_of_flat_parts_are_all_found(n, factors, seed, data):
    # a staircase of protocol switches (inline limit, eager limit, ...) in the latency regime: the
    # third step is reported beyond max_change_points (flat_steps); without it only two are. (From
    # x = 32 on: below it a x1.3 step hides in what a log factor's slope may fall, a known limit)
    first = data.draw(st.integers(5, n - 10))
    second = data.draw(st.integers(first + 3, n - 7))
    third = data.draw(st.integers(second + 3, n - 4))
    index = np.arange(n)
    levels = np.prod([np.where(index < b, 1.0, f) for b, f in zip((first, second, third), factors)], axis=0)
    x, center, err, reps = _flat_sweep(n, levels, np.random.default_rng(seed))
    assert TrendBreakSearch().fit(x, center, noise=err, repetitions=reps).breakpoints_ == [first, second, third, n]
    capped = TrendBreakSearch(flat_steps=0).fit(x, center, noise=err, repetitions=reps).breakpoints_
    assert len(capped) == 3 and set(capped) < {first, second, third, n}


@settings(max_examples=40, deadline=None)
@given(st.integers(14, 30), st.integers(0, 2 ** 31 - 1), st.data())
def test_steps_inside_a_growing_part_stay_within_max_change_points(n, seed, data):
    # x2 jumps where the cost already grows (slope 1 throughout: the bandwidth regime) are no flat
    # steps: of three such jumps at most max_change_points are reported, and one more only as a
    # step that stands out, out of the budget flat_steps gives beyond the cap
    first = data.draw(st.integers(3, n - 10))
    index = np.arange(n)
    levels = np.exp2(index) * np.prod([np.where(index < b, 1.0, 2.0) for b in (first, first + 3, first + 6)], axis=0)
    x, center, err, reps = _flat_sweep(n, levels, np.random.default_rng(seed))
    capped = TrendBreakSearch(flat_steps=0).fit(x, center, noise=err, repetitions=reps).breakpoints_[:-1]
    assert len(capped) <= 2 and set(capped) <= {first, first + 3, first + 6}
    found = TrendBreakSearch().fit(x, center, noise=err, repetitions=reps).breakpoints_[:-1]
    assert len(found) <= 3 and set(capped) <= set(found) <= {first, first + 3, first + 6}


@settings(max_examples=40, deadline=None)
@given(st.integers(12, 30), st.floats(1.3, 4.0), st.integers(1, 2), st.booleans(), st.integers(0, 2 ** 31 - 1),
       st.data())
def test_a_bump_of_one_or_two_sizes_is_no_change(n, factor, width, down, seed, data):
    # one or two sizes off their flat neighbours (slow runs at every repetition) are not a regime;
    # the jumps into and out of a bump of two sizes each stand out of their neighbours, and are
    # no standout step either
    b = data.draw(st.integers(4, n - 5))
    levels = np.where((np.arange(n) >= b) & (np.arange(n) < b + width), 1 / factor if down else factor, 1.0)
    x, center, err, reps = _flat_sweep(n, levels, np.random.default_rng(seed))
    assert TrendBreakSearch().fit(x, center, noise=err, repetitions=reps).breakpoints_ == [n]


def test_a_bump_whose_rise_passes_no_slope_drop_is_no_change():
    # the example hypothesis found for the property above (n=12, a x2 bump at the fifth size, 16,
    # seed 2548751): only the bump's fall passed as a slope drop (z² 14), so the pairing of slope
    # drops did not see the bump; the raw jumps beside a candidate do
    n = 12
    levels = np.where(np.arange(n) == 4, 2.0, 1.0)
    x, center, err, reps = _flat_sweep(n, levels, np.random.default_rng(2548751))
    search = TrendBreakSearch().fit(x, center, noise=err, repetitions=reps)
    assert [corner[0] for corner in search.corners_] == [5]
    assert search.breakpoints_ == [n]


@settings(max_examples=40, deadline=None)
@given(st.integers(14, 30), st.floats(1.5, 3.0), st.floats(1.3, 3.0), st.booleans(), st.integers(0, 2 ** 31 - 1),
       st.data())
def test_a_dip_that_ends_on_a_new_level_is_two_changes(n, dip, new, down, seed, data):
    # as every other size of the 6-rank Gather (twelfth real set): x0.64 for two sizes, then up to a
    # level above the old one. A bump returns to the trend it left; this does not: two changes
    b = data.draw(st.integers(4, n - 6))
    index = np.arange(n)
    levels = np.where(index < b, 1.0, np.where(index < b + 2, 1 / dip, new))
    if down:  # a spike that ends on a lower level
        levels = 1 / levels
    x, center, err, reps = _flat_sweep(n, levels, np.random.default_rng(seed))
    assert TrendBreakSearch().fit(x, center, noise=err, repetitions=reps).breakpoints_ == [b, b + 2, n]


@settings(max_examples=40, deadline=None)
@given(st.integers(14, 30), st.floats(1.5, 4.0), st.booleans(), st.integers(0, 2 ** 31 - 1), st.data())
def test_a_level_held_for_three_sizes_is_a_regime(n, factor, down, seed, data):
    # the 3-rank Sendrecv ring: ×0.67 from 512 B to 2 KiB, then ×1.84 (issue 23: reported as a
    # bump, nothing found, while the bump rule's own description said one or two sizes)
    b = data.draw(st.integers(4, n - 6))
    levels = np.where((np.arange(n) >= b) & (np.arange(n) < b + 3), 1 / factor if down else factor, 1.0)
    x, center, err, reps = _flat_sweep(n, levels, np.random.default_rng(seed))
    assert TrendBreakSearch().fit(x, center, noise=err, repetitions=reps).breakpoints_ == [b, b + 3, n]


@settings(max_examples=60, deadline=None)
@given(st.integers(6, 10), st.floats(0.5, 4.0), st.integers(0, 2 ** 31 - 1), st.booleans(), st.data())
def test_short_series_change_as_the_test_says_moved_at_most_two_gaps(n, factor, seed, pow2, data):
    # below min_trend_points the significance test decides whether a series changes (its
    # calibration on the generator protocol stays); the slope-drop search only moves its changes.
    # Where the test leaves a place, only a jump that stands out of both neighbouring gaps is added
    b = data.draw(st.integers(2, n - 2))
    rng = np.random.default_rng(seed)
    x = 2.0 ** np.arange(1, n + 1) if pow2 else np.arange(1.0, n + 1)
    truth = np.where(np.arange(n) < b, 1.0, factor) * (1 + data.draw(st.floats(0, 1)) * x / x[-1])
    values = truth[:, None] * np.exp(rng.normal(0, data.draw(st.sampled_from([0.005, 0.02, 0.05])), (n, 5)))
    center, err, reps = map(np.array, zip(*[robust_point(v) for v in values]))
    ours = TrendBreakSearch().fit(x, center, noise=err, repetitions=reps)
    test = SignificanceSearch().fit(x, center, noise=err, repetitions=reps)
    assert ours.method_ == "test"
    jump = np.abs(np.diff(np.log(center)))

    def stands_out(change: int) -> bool:
        return bool(2 <= change <= n - 2 and jump[change - 1] >= np.log(trend.STANDOUT_JUMP)
                    and jump[change - 1] >= 2 * max(jump[change - 2], jump[change]))

    rise = np.diff(np.log(center))

    def ramp(change: int) -> bool:  # the larger gap of two that rise (or fall) together and stand out
        def pair(first: int) -> bool:  # gaps first - 1 and first (0-based), both inside
            if not 1 <= first - 1 or first + 1 > n - 2:
                return False
            both = rise[first - 1:first + 1]
            return bool(both[0] * both[1] > 0 and np.min(np.abs(both)) >= np.log(trend.RAMP_STEP)
                        and np.min(np.abs(both)) >= 2 * max(jump[first - 2], jump[first + 1]))
        return pair(change - 1) or pair(change)

    assert len(ours.breakpoints_) - 1 <= ours.max_change_points
    if test.segmented_:
        assert ours.segmented_
        moved = [c for c in ours.breakpoints_[:-1] if min(abs(c - o) for o in test.breakpoints_[:-1]) <= 2]
        assert 1 <= len(moved) <= len(test.breakpoints_) - 1
        assert ours.standout_ == (len(moved) < len(ours.breakpoints_) - 1)
        for change in set(ours.breakpoints_[:-1]) - set(moved):
            assert stands_out(change)
    else:
        assert ours.standout_ == ours.segmented_
        for change in ours.breakpoints_[:-1]:
            assert stands_out(change) or ramp(change)


@settings(max_examples=60, deadline=None)
@given(st.booleans(), st.integers(6, 10), st.sampled_from([0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0]), st.integers(0, 2),
       st.floats(0.01, 100.0), st.sampled_from([0.0, 0.02, 0.05]), st.integers(0, 2 ** 31 - 1))
def test_no_jump_stands_out_of_a_smooth_pmnf_series(pow2, n, power, log_power, constant, noise, seed):
    # the generator protocol's unsegmented series: c0 + x^a·log2(x)^b over 2…2^n or 1…n, five
    # repetitions: its log-log jumps grow (doubling sizes) or shrink (linear sizes) gently, so no
    # interior jump is x1.7 and twice both neighbours' (a log term's start at x = 1 is not judged)
    x = 2.0 ** np.arange(1, n + 1) if pow2 else np.arange(1.0, n + 1)
    truth = constant + x ** power * np.log2(x) ** log_power
    values = truth[:, None] * np.exp(np.random.default_rng(seed).normal(0, noise, (n, 5)))
    center, err, reps = map(np.array, zip(*[robust_point(v) for v in values]))
    search = TrendBreakSearch().fit(x, center, noise=err, repetitions=reps)
    assert not search.standout_


def test_a_jump_standing_out_of_ten_sizes_is_reported_where_the_test_sees_none():
    # Exscan, 4 ranks, recursive doubling (tenth real set), the ten largest sizes from Extra-P's
    # summary: x5.1 from 128 to 256 KiB between x1.75 and x1.89, the means' noise 12-22 %. The
    # test (three sizes a side, one smooth function through 8 KiB...4 MiB) finds none
    x, values = sweep("mpi/tenth/exscan_recdbl_4.txt", REAL.parent / "real_tenth")
    x, values = x[-10:], values[-10:]
    means = np.array([np.mean(v) for v in values])
    noise = np.array([np.std(v, ddof=1) / np.sqrt(len(v)) / np.mean(v) for v in values])
    reps = np.full(10, 5)
    assert not SignificanceSearch().fit(x, means, noise=noise, repetitions=reps).segmented_
    ours = TrendBreakSearch().fit(x, means, noise=noise, repetitions=reps)
    assert ours.standout_ and labels(x, ours.breakpoints_) == ["131072|262144"]


def test_a_short_series_is_judged_on_its_medians_where_they_are_given():
    # Alltoall, 4 ranks, TCP eager limit 55 KiB (thirty-sixth real set), the ten largest sizes: run
    # 1 is slow at 8-32 KiB (478 us at 32 KiB against 90-111 us), so the means rise x1.86 into 32
    # KiB and x1.41 after it, while the medians jump x2.42 at 32|64 KiB between x1.28 and x1.29;
    # the test finds no change either way, the jump that stands out is seen in the medians only
    x, values = sweep("mpi/thirtysixth/alltoall_tcp_eager55k_4.txt", REAL.parent / "real_thirtysixth")
    x, values = x[-10:], np.array(values[-10:])
    means = values.mean(axis=1)
    noise = values.std(axis=1, ddof=1) / np.sqrt(5) / means
    medians = robust_points(values)[:2]

    def reported(repetitions, **given) -> list[str]:
        search = TrendBreakSearch().fit(x, means, noise=noise, repetitions=repetitions, **given)
        assert search.method_ == "test"
        return labels(x, search.breakpoints_)

    assert reported(np.full(10, 5)) == []
    assert reported(np.full(10, 5), medians=medians) == ["32768|65536"]
    # the median of three values is the middle one and their MAD runs low: the means are judged
    assert reported(np.full(10, 3), medians=medians) == []
    # given in another order of x, or unusable (a zero), the medians are sorted or ignored
    shuffled = np.random.default_rng(7).permutation(10)
    search = TrendBreakSearch().fit(x[shuffled], means[shuffled], noise=noise[shuffled], repetitions=np.full(10, 5),
                                    medians=(medians[0][shuffled], medians[1][shuffled]))
    assert [f"{search.x_[b - 1]:.0f}|{search.x_[b]:.0f}" for b in search.breakpoints_[:-1]] == ["32768|65536"]
    assert reported(np.full(10, 5), medians=(np.where(np.arange(10) == 4, 0.0, medians[0]), medians[1])) == []


@settings(max_examples=40, deadline=None)
@given(st.integers(6, 10), st.floats(1.0, 8.0), st.integers(2, 8), st.sampled_from([0.01, 0.05, 0.15]),
       st.integers(0, 2 ** 31 - 1))
def test_medians_equal_to_the_values_change_nothing(n, factor, change, noise, seed):
    # the rules after the test take the medians where given: given the test's own values and noise
    # they judge the same series, so a short series gets the same changes as without them
    x = 2.0 ** np.arange(1, n + 1)
    truth = np.where(np.arange(n) < min(change, n - 1), 1.0, factor) * (1 + x / x[-1])
    values = truth[:, None] * np.exp(np.random.default_rng(seed).normal(0, noise, (n, 5)))
    center, err, reps = map(np.array, zip(*[robust_point(v) for v in values]))
    plain = TrendBreakSearch().fit(x, center, noise=err, repetitions=reps)
    given_medians = TrendBreakSearch().fit(x, center, noise=err, repetitions=reps, medians=(center, err))
    assert given_medians.breakpoints_ == plain.breakpoints_ and given_medians.standout_ == plain.standout_


@pytest.mark.parametrize("in_runs", [True, False], ids=["kept values", "from summaries"])
def test_a_segment_aligned_on_its_own_shows_the_eager_switch_the_whole_sweep_hides(in_runs):
    # Bcast, 4 ranks on 2 cores (first real set): run 5 is x5.4 the median up to 256 B and x0.81
    # of it from 512 B on, so no run offsets hold for the whole sweep and the x1.63 eager switch at
    # 2048|4096 B drowns in the runs' spread (58-98 %); aligned over 512 B ... 4 MiB, the segment
    # after the found inline-send jump, it stands out. In no known order (values recovered from a
    # summary) the ranks are aligned instead
    from extrap_segmented.segmentation.noise import with_ranks_aligned, with_runs_aligned

    x, values = sweep("mpi/idle/bcast_4.txt")
    rows = np.array(values) if in_runs else np.sort(values, axis=1)
    center, noise, reps = robust_points(rows)
    center, noise = (with_runs_aligned if in_runs else with_ranks_aligned)(rows, center, noise)

    def reported(**given) -> list[str]:
        search = TrendBreakSearch().fit(x, center, noise=noise, repetitions=reps, **given)
        return labels(x, search.breakpoints_)

    assert reported() == ["256|512"]
    assert reported(runs=(rows, in_runs)) == ["256|512", "2048|4096"]
    # the rows in another order of x are sorted with it; two values per point cannot be aligned
    shuffled = np.random.default_rng(3).permutation(len(x))
    search = TrendBreakSearch().fit(x[shuffled], center[shuffled], noise=noise[shuffled], repetitions=reps[shuffled],
                                    runs=(rows[shuffled], in_runs))
    assert [f"{search.x_[b - 1]:.0f}|{search.x_[b]:.0f}" for b in search.breakpoints_[:-1]] == ["256|512", "2048|4096"]
    assert reported(runs=(rows[:, :2], in_runs)) == ["256|512"]


@pytest.mark.parametrize("in_runs", [True, False], ids=["kept values", "from summaries"])
def test_a_second_stair_stands_out_of_its_segment_aligned_on_its_own(in_runs):
    # the same Bcast at every other size: x5.96 into 1 KiB (the inline-send limit), then the eager
    # switch's x1.63 at 1024|4096 B and slow growth after it; over the whole sweep its z² is 8.6
    # and the sizes after it do not lie flat, aligned over 1 KiB ... 4 MiB it stands out
    from extrap_segmented.segmentation.noise import with_ranks_aligned, with_runs_aligned

    x, values = sweep("mpi/idle/bcast_4.txt")
    x, rows = x[::2], np.array(values)[::2]
    rows = rows if in_runs else np.sort(rows, axis=1)
    center, noise, reps = robust_points(rows)
    center, noise = (with_runs_aligned if in_runs else with_ranks_aligned)(rows, center, noise)

    def reported() -> list[str]:
        search = TrendBreakSearch().fit(x, center, noise=noise, repetitions=reps, runs=(rows, in_runs))
        return labels(x, search.breakpoints_)

    assert reported() == ["256|1024", "1024|4096"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(trend, "segment_stair", lambda *args: False)
        assert reported() == ["256|1024"]

@settings(max_examples=40, deadline=None)
@given(st.floats(1.1, 4.0), st.integers(6, 16), st.sampled_from([0.01, 0.05, 0.1]), st.booleans(),
       st.integers(0, 2 ** 31 - 1))
def test_segments_aligned_on_their_own_only_add_changes_within_the_cap(factor, change, noise, in_runs, seed):
    # the rule looks again inside the segments between the changes found: it keeps every change
    # of the search without it and adds only where max_change_points leaves a place
    from extrap_segmented.segmentation.noise import with_ranks_aligned, with_runs_aligned

    x = 2.0 ** np.arange(23)
    truth = np.where(np.arange(23) < change, 1.0, factor)
    rng = np.random.default_rng(seed)
    rows = truth[:, None] * np.exp(rng.normal(0, noise, (23, 5)) + rng.normal(0, 0.1, 5)[None, :])
    rows = rows if in_runs else np.sort(rows, axis=1)
    center, err, reps = robust_points(rows)
    center, err = (with_runs_aligned if in_runs else with_ranks_aligned)(rows, center, err)
    plain = TrendBreakSearch().fit(x, center, noise=err, repetitions=reps).breakpoints_[:-1]
    search = TrendBreakSearch().fit(x, center, noise=err, repetitions=reps, runs=(rows, in_runs))
    added = set(search.breakpoints_[:-1]) - set(plain)
    assert set(plain) <= set(search.breakpoints_[:-1])
    assert not added or len(search.breakpoints_) - 1 <= search.max_change_points


def test_medians_and_runs_that_are_not_numbers_are_named_and_unusable_numbers_are_ignored():
    x = 2.0 ** np.arange(23)
    y = np.where(np.arange(23) < 9, 1.0, 2.0)
    noise = np.full(23, 0.02)
    with pytest.raises(InvalidInputError, match="runs must hold numbers"):
        TrendBreakSearch().fit(x, y, noise=noise, repetitions=5, runs=(np.full((23, 5), "a"), True))
    with pytest.raises(InvalidInputError, match="medians must hold numbers"):
        TrendBreakSearch().fit(x[:10], y[:10], noise=noise[:10], repetitions=5, medians=(["a"] * 10, noise[:10]))
    plain = TrendBreakSearch().fit(x, y, noise=noise, repetitions=5).breakpoints_
    for runs in (np.full((23, 5), np.nan), np.ones((5, 5)), np.ones(23), -np.ones((23, 5)), np.ones((23, 2))):
        assert TrendBreakSearch().fit(x, y, noise=noise, repetitions=5, runs=(runs, True)).breakpoints_ == plain
    short = TrendBreakSearch().fit(x[:10], y[:10], noise=noise[:10], repetitions=5).breakpoints_
    for medians in ((np.full(10, np.nan), noise[:10]), (np.ones(3), np.ones(3)), (y[:10], -noise[:10])):
        assert TrendBreakSearch().fit(x[:10], y[:10], noise=noise[:10], repetitions=5,
                                      medians=medians).breakpoints_ == short


def test_short_segments_can_be_switched_off_and_their_options_are_checked():
    assert changes("matmul/naive_matmul_cpu.txt", short_segments=False) == []
    x = 2.0 ** np.arange(23)
    with pytest.raises(InvalidInputError, match="short_f_limit must be a finite number > 0, got 0"):
        TrendBreakSearch(short_f_limit=0).fit(x, x, noise=np.full(23, 0.01), repetitions=5)
    with pytest.raises(InvalidInputError, match="short_reach must be an integer ≥ 2, got 1"):
        TrendBreakSearch(short_reach=1).fit(x, x, noise=np.full(23, 0.01), repetitions=5)
    with pytest.raises(InvalidInputError, match="flat_steps must be an integer ≥ 0, got -1"):
        TrendBreakSearch(flat_steps=-1).fit(x, x, noise=np.full(23, 0.01), repetitions=5)


def test_every_reported_change_of_a_usable_real_series_is_in_the_truth_table():
    truth = json.loads((REAL / "truth.json").read_text())
    false = []
    for series in truth["series"]:
        if not series["usable"]:
            continue
        x, _ = sweep(series["file"])
        for change in changes(series["file"]):
            low, high = map(float, change.split("|"))
            if not any(c["between"][0] <= low and high <= c["between"][1] for c in series["changes"]):
                false.append((series["id"], change))
    # issue 23's target is at most one false change per ten series over full sweeps and subsets
    # (benchmarks/segmentation_real.py: 7 in 76); on the 19 full sweeps alone 2 were measured
    assert len(false) <= 2, false


def test_flat_real_prefix_has_no_change():
    # the first nine sizes of the ping-pong (0.63–0.65 us) are one regime
    for condition in ("idle", "shared", "loaded"):
        assert changes(f"mpi/{condition}/pingpong_2.txt", slice(0, 9), min_trend_points=9) == []


def test_without_repetitions_or_with_few_points_the_significance_test_decides():
    x = 2.0 ** np.arange(23)
    y = np.where(x < 300, 1.0, 7.0)
    assert TrendBreakSearch().fit(x, y).method_ == "test"
    assert TrendBreakSearch().fit(x[:10], y[:10], noise=np.full(10, 0.01), repetitions=5).method_ == "test"
    trend = TrendBreakSearch().fit(x, y, noise=np.full(23, 0.01), repetitions=5)
    assert trend.method_ == "trend" and trend.breakpoints_ == [9, 23]
    assert MODES["trend"] is TrendBreakSearch and type(ChangePointSearch(mode="trend")) is TrendBreakSearch


def test_bad_options_are_named():
    x = 2.0 ** np.arange(23)
    with pytest.raises(InvalidInputError, match="f_limit must be a finite number > 0, got 0"):
        TrendBreakSearch(f_limit=0).fit(x, x, noise=np.full(23, 0.01), repetitions=5)
    with pytest.raises(InvalidInputError, match="min_relative_change must be a finite number ≥ 0, got -0.1"):
        TrendBreakSearch(min_relative_change=-0.1).fit(x, x, noise=np.full(23, 0.01), repetitions=5)
    with pytest.raises(InvalidInputError, match="drop_reach must be an integer ≥ 1, got 0"):
        TrendBreakSearch(drop_reach=0).fit(x, x, noise=np.full(23, 0.01), repetitions=5)


# -- properties -----------------------------------------------------------------------------------

sizes = st.integers(min_value=12, max_value=30)


def _noisy_sweep(n, scale, noise, slope, rng):
    """A constant or a latency + bandwidth curve (α + β·x), log-normal noise, one repetition of
    five often far slower (a busy core); each point's robust summary."""
    x = 2.0 ** np.arange(n)
    truth = scale * (1 + slope * x / x[n // 2])
    values = truth[:, None] * np.exp(rng.normal(0, noise, (n, 5)))
    slow = rng.random(n) < 0.3
    values[slow, 0] *= 1 + rng.uniform(0.5, 2.0, slow.sum())
    center, err, reps = map(np.array, zip(*[robust_point(v) for v in values]))
    return x, center, err, reps


@pytest.mark.slow
def test_flat_and_smooth_noisy_sweeps_rarely_get_a_change():
    """Issue 23's bound: at most 1 % of unsegmented series get a change: 2 of these 513 (1 with
    the neighbouring gaps only, before the secants over up to three gaps). Measured 8 of 3,000
    (0.27 %) over 12-30 sizes, noise 0.5/1/3 %; a property test asserting 'never' over 60 random
    draws failed in about one run in seven (e.g. n=24, noise 3 %, seed 157430: a change at index 20,
    F 41.6 against 30, where a median dips 8 % below its neighbours). A fixed seed keeps the count
    the same on every machine and in every order."""
    rng = np.random.default_rng(20261126)
    changed, count = 0, 0
    for n in range(12, 31):
        for noise in (0.005, 0.01, 0.03):
            for slope in (0.0, 0.5, 1.0):
                for scale in (1e-6, 1.0, 1e6):
                    x, center, err, reps = _noisy_sweep(n, scale, noise, slope, rng)
                    changed += TrendBreakSearch().fit(x, center, noise=err, repetitions=reps).breakpoints_ != [n]
                    count += 1
    assert count == 513 and changed <= 5, f"{changed} of {count} unsegmented series got a change (bound: 1 %)"


def test_slope_drops_point_at_the_steeper_gap_and_allow_a_log_factor():
    u = np.log(2.0 ** np.arange(1, 13))
    sigma = np.full(12, 0.01)
    up = np.where(np.arange(12) >= 6, np.log(2.0), 0.0)  # x2 between the 6th and 7th size
    (change, z2, step), = slope_drops(u, up, sigma)
    assert change == 6 and step == pytest.approx(np.log(2.0), rel=1e-9) and z2 > 500  # 1 - 0.08 allowed, σ 1 %
    (change, _, step), = slope_drops(u, -up, sigma)  # the same step down: the drop is before it
    assert change == 6 and step == pytest.approx(-np.log(2.0), rel=1e-9)
    # log2(x) and log2(x)^2 fall as fast as their log factor lets them: no drop counts
    for power in (1, 2):
        assert all(z2 < 1e-9 for _, z2, _ in slope_drops(u, power * np.log(np.log2(np.exp(u))), sigma))
    # log2(x)^3 falls faster than a search space with log exponents up to 2 allows
    assert max(z2 for _, z2, _ in slope_drops(u, 3 * np.log(np.log2(np.exp(u))), sigma, log_exponent=2.0)) > 100


def test_a_level_shift_pools_both_flat_sides_where_a_slope_drop_sees_one_gap():
    # x1.38 between flat parts at 4.5 % noise (the Exscan's eager switch): as a slope drop z² 10.8,
    # as a level shift (three sizes a side, one line and a jump: the jump's variance from that
    # design, independently of the implementation) 17.6
    u = np.log(2.0 ** np.arange(1, 13))
    v = np.where(np.arange(12) >= 6, np.log(1.38), 0.0)
    sigma = np.full(12, 0.045)
    assert max(z2 for change, z2, _ in slope_drops(u, v, sigma) if change == 6) < 12
    shifts = {change: (z2, step) for change, z2, step in level_shifts(u, v, sigma)}
    design = np.column_stack([np.ones(6), u[3:9] - u[5:7].mean(), np.arange(6) >= 3])
    variance = 0.045 ** 2 * np.linalg.inv(design.T @ design)[2, 2]
    assert shifts[6][0] == pytest.approx(np.log(1.38) ** 2 / variance, rel=1e-6) and shifts[6][0] > 12
    assert shifts[6][1] == pytest.approx(np.log(1.38), rel=1e-9)
    assert max(shifts, key=lambda change: shifts[change][0]) == 6
    # growing sides (slope 1: the bandwidth regime) are no flat parts, whatever the jump
    assert level_shifts(u, u + v, sigma) == []
    # a bump of one size inside a side: the misfit scales the error, no shift stands out
    bump = np.where(np.arange(12) == 4, np.log(3.0), 0.0)
    assert all(z2 < 12 for _, z2, _ in level_shifts(u, bump, np.full(12, 0.01)))


def test_a_noise_of_zero_judges_no_level_shift_and_warns_nothing():
    # noise_floor 0 and repetitions that agree exactly: no division warning, no NaN change; nor a
    # fall inside growth (x^0.8, then x0.3 of it from the eleventh size on)
    x = 2.0 ** np.arange(20)
    y = np.where(np.arange(20) < 10, 1.0, 2.0)
    falling = 1024 * x ** 0.8 * np.where(np.arange(20) < 10, 1.0, 0.3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert level_shifts(np.log(x), np.log(y), np.zeros(20)) == []
        search = TrendBreakSearch(noise_floor=0.0).fit(x, y, noise=np.zeros(20), repetitions=np.full(20, 5))
        assert trend.falls(np.log(1024 * x), np.log(falling), np.zeros(20), np.log1p(0.1), 12.0) == []
        TrendBreakSearch(noise_floor=0.0).fit(1024 * x, falling, noise=np.zeros(20), repetitions=np.full(20, 5))
    assert search.breakpoints_ == [20]


def test_a_step_between_flat_parts_at_high_noise_is_found_by_its_level_shift(monkeypatch):
    # Scan, 2 ranks (fifth real set): the x1.21 inline step at 256|512 B, flat on both sides, the
    # noise rising from 1 % to 3.5 % after it; the slope drop alone: z² 8.9 (issue 23)
    x, values = sweep("mpi/fifth/scan_2.txt", REAL.parent / "real_fifth")
    center, noise, reps = map(np.array, zip(*[robust_point(v) for v in values]))
    found = TrendBreakSearch().fit(x, center, noise=noise, repetitions=reps).breakpoints_
    assert labels(x, found) == ["256|512", "2048|4096"]
    # without it (and without the standout steps, kinks and growth onsets out of a flat or a
    # climbing part, which see this step too) only the eager switch
    monkeypatch.setattr(trend, "level_shifts", lambda *args, **kwargs: [])
    monkeypatch.setattr(trend, "standout_jumps", lambda *args, **kwargs: [])
    monkeypatch.setattr(trend, "kinks", lambda *args, **kwargs: [])
    monkeypatch.setattr(trend, "growth_onsets", lambda *args, **kwargs: [])
    monkeypatch.setattr(trend, "climbing_onsets", lambda *args, **kwargs: [])
    without = TrendBreakSearch().fit(x, center, noise=noise, repetitions=reps).breakpoints_
    assert labels(x, without) == ["2048|4096"]


def test_a_secant_over_more_gaps_averages_the_noise_beside_a_step():
    # below x = 1 no log factor is allowed, so the z² are those of the plain slope drop: against
    # the gap after the step the variance is σ²(1 + 4 + 1)/w², against the secant over three
    # gaps σ²(1 + (4/3)² + (1/3)²)/w²
    u = np.log(2.0 ** np.arange(-12, 0))
    up = np.where(np.arange(12) >= 6, np.log(1.65), 0.0)
    sigma = np.full(12, 0.1)
    (change, near, step), = slope_drops(u, up, sigma, reach=1)
    (same, far, _), = slope_drops(u, up, sigma, reach=3)
    assert change == same == 6 and step == pytest.approx(np.log(1.65), rel=1e-9)
    assert near == pytest.approx(np.log(1.65) ** 2 / (6 * 0.01), rel=1e-9)
    assert far == pytest.approx(near * 6 / (1 + 16 / 9 + 1 / 9), rel=1e-9)
    # a step down: the secants into the point before it
    (change, down, step), = slope_drops(u, -up, sigma, reach=3)
    assert change == 6 and down == pytest.approx(far, rel=1e-9) and step == pytest.approx(-np.log(1.65), rel=1e-9)


@settings(max_examples=40, deadline=None)
@given(st.integers(12, 30), st.floats(-3.0, 3.0), st.sampled_from([0.0, 0.5, 1.0, 2.0]), st.integers(1, 4))
def test_no_secant_of_a_sum_of_power_terms_drops(n, shift, exponent, reach):
    # log-sum-exp of lines is convex: no secant pair of c0 + x^a (noise-free) shows a drop
    u = np.log(2.0 ** (np.arange(n) + shift))
    v = np.log(1.0 + np.exp(exponent * (u - u[n // 2])))
    assert slope_drops(u, v, np.full(n, 0.01), reach=reach) == []


def test_a_step_below_x_1_is_found():
    # below x = 1 a log factor is not positive, so no drop is allowed there (parameters such as a
    # fraction or a frequency in GHz); only a drop beside the gap across x = 1 is not judged
    x = 2.0 ** np.arange(-12, 0)
    values = np.where(np.arange(12) < 6, 1.0, 2.0)[:, None] * np.exp(np.random.default_rng(1).normal(0, 0.01, (12, 5)))
    center, err, reps = map(np.array, zip(*[robust_point(v) for v in values]))
    assert TrendBreakSearch().fit(x, center, noise=err, repetitions=reps).breakpoints_ == [6, 12]


def test_log_p_collectives_get_no_change():
    """A log factor's log-log slope falls (from 1 between p = 2 and 4 to 0.58 between 4 and 8): an
    O(log p) collective measured at 12 process counts with repetitions is one regime. Before the
    log allowance every such series got a change (100 of 100 at 1 % noise)."""
    rng = np.random.default_rng(5)
    for start in (1, 2):
        p = 2.0 ** np.arange(start, start + 12)
        for model in (1 + 3 * np.log2(p), np.log2(p) ** 2, p * np.log2(p), 0.1 + np.log2(p) ** 2):
            for _ in range(10):
                x, center, err, reps = p, *map(np.array, zip(*[robust_point(v) for v in
                                                               model[:, None] * np.exp(rng.normal(0, 0.01, (12, 5)))]))
                assert TrendBreakSearch().fit(x, center, noise=err, repetitions=reps).breakpoints_ == [12]


def test_every_term_of_the_search_space_rarely_gets_a_change():
    """c0 + term for every term of Extra-P's search space (c0 = 0, 1, 100 times the term's middle
    value, 11 and 16 process counts from 2 or 4, noise 0.5/1/3 %): at most 1 % of the 1,512 seeded
    series get a change (6 measured with the secants over up to three gaps, 4 with the neighbouring
    gaps only; 31 before a jump at the last sizes had to be steeper than any
    term can rise: a knee of 100 + p^2 at the end looked like a cache spill)."""
    from extrap_segmented.pmnf.terms import default_exponents, evaluate_terms
    rng = np.random.default_rng(20261126)
    changed = count = 0
    for i, j in default_exponents():
        for start in (1, 2):
            for n in (11, 16):
                for c0 in (0.0, 1.0, 100.0):
                    for noise in (0.005, 0.01, 0.03):
                        p = 2.0 ** np.arange(start, start + n)
                        term = evaluate_terms(p, np.array([[i, j]]))[0]
                        values = (c0 + term / term[n // 2])[:, None] * np.exp(rng.normal(0, noise, (n, 5)))
                        center, err, reps = map(np.array, zip(*[robust_point(v) for v in values]))
                        changed += TrendBreakSearch().fit(p, center, noise=err, repetitions=reps).breakpoints_ != [n]
                        count += 1
    assert count == 1512 and changed <= 15, f"{changed} of {count} smooth series got a change (bound: 1 %)"


@settings(max_examples=60, deadline=None)
@given(sizes, st.floats(1e-3, 1e3), st.floats(1.5, 8.0), st.integers(0, 2 ** 31 - 1), st.data())
def test_a_clear_step_in_a_flat_sweep_is_found_at_its_interval(n, scale, factor, seed, data):
    b = data.draw(st.integers(4, n - 4))
    rng = np.random.default_rng(seed)
    x = 2.0 ** np.arange(n)
    values = np.where(np.arange(n) < b, scale, scale * factor)[:, None] * np.exp(rng.normal(0, 0.01, (n, 5)))
    center, err, reps = map(np.array, zip(*[robust_point(v) for v in values]))
    assert TrendBreakSearch().fit(x, center, noise=err, repetitions=reps).breakpoints_ == [b, n]


@given(st.integers(3, 12), st.floats(-3, 3), st.floats(1e-3, 1e3), st.sampled_from([1.5, 2.0, 4.0]))
def test_series_noise_is_zero_for_any_power_law(n, exponent, scale, ratio):
    x = ratio ** np.arange(n)
    np.testing.assert_allclose(series_noise(x, scale * x ** exponent), 0.0, atol=1e-9)


@given(st.integers(1, 30), st.integers(1, 9), st.floats(-6, 6), st.integers(0, 2 ** 31 - 1), st.booleans())
def test_all_points_at_once_give_each_points_figures(points, repetitions, magnitude, seed, with_zero):
    # the modeler summarises every point at once where all have as many values; the figures are
    # those of one point at a time, to the last bit
    rows = 10.0 ** magnitude * np.exp(np.random.default_rng(seed).normal(0, 0.3, (points, repetitions)))
    if with_zero:
        rows[0] = 0.0  # a zero median: no relative noise
    center, noise, counts = robust_points(rows)
    expected = [robust_point(row) for row in rows]
    assert [(float(c), float(e), int(r)) for c, e, r in zip(center, noise, counts)] == expected
    with pytest.raises(InvalidInputError):
        robust_points(np.where(np.arange(repetitions) == 0, np.nan, rows))
    with pytest.raises(InvalidInputError):
        robust_points(np.empty((points, 0)))


@given(st.integers(2, 5), st.floats(-6, 6), st.integers(0, 2 ** 31 - 1))
def test_values_recovered_from_extrap_summary(r, magnitude, seed):
    values = np.sort(np.random.default_rng(seed).lognormal(0, 1, r)) * 10.0 ** magnitude
    got = values_from_summary(values.min(), np.median(values), values.max(), values.mean(), values.std(), r)
    np.testing.assert_allclose(got, values, rtol=1e-6)


def test_summary_over_more_values_than_repetitions_is_refused():
    values = np.random.default_rng(1).lognormal(0, 1, 16)  # 2 repetitions x 8 ranks (stock --cube)
    assert values_from_summary(values.min(), np.median(values), values.max(), values.mean(), values.std(), 2) is None


# -- part 4: ties go to the simpler hypothesis ------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(st.floats(1e-3, 1e6), st.integers(6, 12), st.integers(0, 2 ** 31 - 1),
       st.sampled_from(["geometric", "linear"]))
def test_values_equal_up_to_rounding_get_the_constant_model(level, n, seed, layout):
    """Means of the same repetitions in another order differ in the last bits only: constant."""
    rng = np.random.default_rng(seed)
    x = 100 * 2.0 ** np.arange(n) if layout == "geometric" else np.arange(1.0, n + 1)
    repetitions = level * (1 + rng.uniform(-0.01, 0.01, 5))
    y = np.array([np.mean(rng.permutation(repetitions)) for _ in range(n)])
    fit = search_subsets(x, y, [0], [n])
    assert fit.term[0] == CONSTANT
    assert fit.intercept[0] == pytest.approx(level, rel=0.02)


def test_a_step_up_in_the_first_gap_is_found_at_every_other_size():
    # collectives that switch algorithm at 2|4 B: every other size puts the step in the first gap
    # (x1.6-2.1, flat after), where no gap before it shows a slope drop (issue 23: missed)
    even, odd = slice(None, None, 2), slice(1, None, 2)
    sixth, eighteenth = REAL.parent / "real_sixth", REAL.parent / "real_eighteenth"
    for name, subset, fixtures, first in [("mpi/sixth/allreduce_rabenseifner_4.txt", even, sixth, "1|4"),
                                          ("mpi/sixth/allreduce_rabenseifner_4.txt", odd, sixth, "2|8"),
                                          ("mpi/eighteenth/allreduce_ring_3.txt", odd, eighteenth, "2|8"),
                                          ("mpi/eighteenth/bcast_scatter_allgather_ring_3.txt", even, eighteenth,
                                           "1|4")]:
        assert changes(name, subset, fixtures)[0] == first, name
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(trend, "first_step", lambda *args, **kwargs: [])
            assert first not in changes(name, subset, fixtures), name


def test_a_step_up_in_the_first_gap_of_a_short_series_is_found():
    # the ten largest sizes of a ping-pong with a 16 KiB eager limit (x2.51 at 8|16 KiB, then x1.13,
    # x1.26) and of a 3-rank Allreduce (x1.64, then x1.06, x1.16; the test's change at 256|512 KiB
    # stays): the significance test needs three sizes on each side (issue 23: missed)
    for name, changes_before in [("mpi/hold/pingpong_eager16k_2.txt", 0), ("mpi/hold/allreduce_3.txt", 1)]:
        x, values = sweep(name, REAL.parent / "real_holdout")
        x, values = x[-10:], values[-10:]
        center, noise, reps = map(np.array, zip(*[robust_point(v) for v in values]))
        search = TrendBreakSearch().fit(x, center, noise=noise, repetitions=reps)
        assert search.method_ == "test" and search.standout_, name
        assert search.breakpoints_[0] == 1 and (x[0], x[1]) == (8192, 16384), name
        assert len(search.breakpoints_) - 1 == changes_before + 1, name
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(trend, "first_step", lambda *args, **kwargs: [])
            refit = TrendBreakSearch().fit(x, center, noise=noise, repetitions=reps)
            assert 1 not in refit.breakpoints_[:-1] and len(refit.breakpoints_) - 1 == changes_before, name


@settings(max_examples=300, deadline=None)
@given(st.floats(-3.0, 3.0), st.floats(-3.0, 3.0), st.sampled_from([0, 1, 2]), st.floats(-3.0, 3.0),
       st.sampled_from([0.0, 0.25, 0.5, 1.0, 2.0, 3.0]), st.sampled_from([1.0, 2.0, 3.0, 8192.0]),
       st.sampled_from([2.0, 4.0, "linear"]))
def test_no_sum_of_pmnf_terms_starts_with_a_first_step(log_c, log_a, j, log_b, i, start, ratio):
    # c + a·log2(x)^j + b·x^i from x = 1 or above, doubling, every other or linear sizes,
    # noiseless (any z² passes): its first gap is no step, whatever the log factor does near x = 1
    # (an O(log p) term from p = 2 rises x3, x1.67, …; over p = 1, 2, 3, … its rises shrink)
    x = start * (np.arange(1.0, 7.0) if ratio == "linear" else ratio ** np.arange(6))
    y = 10 ** log_c + 10 ** log_a * np.log2(x) ** j + 10 ** log_b * (x / x[-1]) ** i
    u, v = np.log(x), np.log(y)
    assert trend.first_step(u, v, np.full(6, 1e-6), np.log1p(trend.STANDOUT_STEP), trend.F_LIMIT) == []


def test_a_log_term_over_linear_sizes_is_no_first_step():
    # 1 + 0.3·log2(p) at p = 1 … 6: x1.30, then x1.13, x1.08 (a log term's rises shrink over linear
    # sizes), flat enough after the jump but no step
    x = np.arange(1.0, 7.0)
    v = np.log(1 + 0.3 * np.log2(x))
    assert trend.first_step(np.log(x), v, np.full(6, 1e-6), np.log1p(trend.STANDOUT_STEP), trend.F_LIMIT) == []
    # the same rises over doubling sizes are a step (a log term would rise x1.23 after its x1.30)
    assert trend.first_step(np.log(2.0 ** np.arange(6)), v, np.full(6, 1e-6), np.log1p(trend.STANDOUT_STEP),
                            trend.F_LIMIT) == [1]


@given(st.floats(0.2, 3.0), st.floats(-0.09, 0.09), st.floats(-0.09, 0.09), st.sampled_from([1.0, 2.0, 8192.0]),
       st.booleans())
def test_a_jump_onto_a_level_in_the_first_gap_is_a_first_step_up_only(jump, after, later, start, down):
    # a first gap rising by `jump` (log units) onto gaps within x1.095 (below half the jump, not at
    # that limit, where rounding decides) is a step; a drop never is
    x = start * 4.0 ** np.arange(5)
    v = np.cumsum([0.0, -jump if down else jump, after, later, 0.0])
    expected = [] if down else [1]
    assert trend.first_step(np.log(x), v, np.full(5, 0.01), np.log1p(trend.STANDOUT_STEP), trend.F_LIMIT) == expected


# -- kinks: a rise out of a flat part that does not steepen after it ---------------------------------

def test_a_kink_out_of_the_latency_regime_is_found_at_every_other_size():
    # an algorithm switch whose bandwidth regime grows at once: every other size shows flat gaps,
    # then x1.38-1.47 with no steeper gap after it, where no slope drops (issue 23: missed); each
    # change is gone when the kinks are patched out (and the ramps: the 4-rank recursive-doubling
    # Allgather's first two gaps of its rise are a ramp as well)
    for name, subset, fixtures, change in [
            ("mpi/idle/allgather_4.txt", slice(1, None, 2), REAL, "512|2048"),
            ("mpi/shared/allgather_4.txt", slice(1, None, 2), REAL, "128|512"),
            ("mpi/eleventh/allgather_recdbl_4.txt", slice(1, None, 2), REAL.parent / "real_eleventh", "512|2048"),
            ("mpi/hold/scatter_3.txt", slice(None, None, 2), REAL.parent / "real_holdout", "256|1024")]:
        assert change in changes(name, subset, fixtures), name
        with pytest.MonkeyPatch.context() as patch:  # the growth onsets (flat or climbing) see some of them too
            patch.setattr(trend, "kinks", lambda *args, **kwargs: [])
            patch.setattr(trend, "RAMP_STEP", 10.0)
            patch.setattr(trend, "growth_onsets", lambda *args, **kwargs: [])
            patch.setattr(trend, "climbing_onsets", lambda *args, **kwargs: [])
            # (the recursive-doubling Allgather's x1.38, x1.37 between x0.94 and x1.13: a double stair too)
            patch.setattr(trend, "double_stairs", lambda *args: [])
            assert change not in changes(name, subset, fixtures), name


def test_a_switch_out_of_a_slow_rise_is_a_steep_kink_at_every_other_size():
    # every other size from 2 B of sweeps over TCP: flat, a slow rise, then the rendezvous switch
    # into bandwidth growth (a 4-rank Alltoall x1.06, x1.34, then x3.12 at 32|128 KiB and x2.73; a
    # 3-rank Alltoallv x0.98, x1.26, then x3.45 and x2.28): the slope drops too little after the
    # switch to pass, and the gap before is no flat gap (issue 23: missed); gone without the rule
    # (and without the onsets out of a climbing part, which see the Alltoallv's too, and the
    # switches right after growth starts, judged after it, which see both)
    for name in ("mpi/thirtysecond/alltoall_tcp_4.txt", "mpi/thirtysecond/alltoallv_tcp_3.txt"):
        assert changes(name, slice(1, None, 2), REAL.parent / "real_thirtysecond") == ["32768|131072"], name
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(trend, "ONSET_RISE", 10.0)
            patch.setattr(trend, "climbing_onsets", lambda *args: [])
            patch.setattr(trend, "excess_jumps", lambda *args: [])
            assert changes(name, slice(1, None, 2), REAL.parent / "real_thirtysecond") == [], name


def test_steep_kinks_need_a_large_slope_rise_from_x_above_1():
    u = np.log(2.0 ** np.arange(1, 13, 2))  # every other size from 2
    sigma = np.full(6, 0.01)
    level = np.log(np.cumprod([1.0, 1.05, 1.3, 3.1, 2.7, 2.6]))  # slopes 0.04, 0.19, 0.82, 0.72, 0.69
    assert trend.steep_kinks(u, level, sigma, np.log(1.2), 12.0) == [3]
    assert trend.kinks(u, level, sigma, np.log(1.2), 12.0) == []  # the gap before is no flat gap
    slow = np.log(np.cumprod([1.0, 1.05, 1.3, 1.6, 1.55, 1.5]))  # a rise of 0.15 only
    assert trend.steep_kinks(u, slow, sigma, np.log(1.2), 12.0) == []
    steeper = np.log(np.cumprod([1.0, 1.05, 1.3, 3.1, 3.5, 3.6]))  # the gap after steeper: growth goes on
    assert trend.steep_kinks(u, steeper, sigma, np.log(1.2), 12.0) == []
    # the gap before in the first gap: judged from x = 2, not from x = 1 (a log term starts there)
    first = np.log(np.cumprod([1.0, 1.3, 3.1, 2.7, 2.6, 2.5]))
    assert trend.steep_kinks(u, first, sigma, np.log(1.2), 12.0) == [2]
    assert trend.steep_kinks(np.log(4.0 ** np.arange(6)), first, sigma, np.log(1.2), 12.0) == []


@settings(max_examples=400, deadline=None)
@given(st.floats(-8.0, 8.0), st.sampled_from(range(43)), st.floats(-8.0, 8.0), st.sampled_from(range(43)),
       st.booleans(), st.sampled_from([(1.0, 2.0), (2.0, 2.0), (1.0, 4.0), (2.0, 4.0), (1.0, 8.0), (1.0, "linear"),
                                       (2.0, "linear"), (100.0, 1.25)]))
def test_no_sum_of_pmnf_terms_has_a_kink_or_a_steep_kink(log_a, first, log_b, second, constant, layout):
    # c + a·term + b·term over Extra-P's search space (and the constant alone), noiseless (any z²
    # passes), from x = 1 or 2, doubling, every other, x8, linear or x1.25 sizes: the slope never
    # rises out of a flat gap by KINK_RISE without steepening further (the worst case over a grid
    # of both coefficients is 0.09, at the first sizes of a log² term)
    from extrap_segmented.pmnf.terms import default_exponents, evaluate_terms
    exponents = np.vstack([default_exponents(), [[0.0, 0.0]]])  # the last: no second term
    start, ratio = layout
    x = start * (np.arange(1.0, 24.0) if ratio == "linear" else ratio ** np.arange(12 if ratio != 1.25 else 20))
    terms = evaluate_terms(x, exponents[[first % len(exponents), second % len(exponents)]])
    terms = terms / np.max(terms, axis=1, keepdims=True)
    y = float(constant) + 10 ** log_a * terms[0] + 10 ** log_b * terms[1]
    assume(np.all(y > 0) and np.all(np.isfinite(y)))
    assert trend.kinks(np.log(x), np.log(y), np.full(len(x), 1e-9), np.log1p(trend.STANDOUT_STEP), trend.F_LIMIT) == []
    # nor out of a slowly rising gap from x > 1 by ONSET_RISE (the worst case over the grid: 0.09)
    assert trend.steep_kinks(np.log(x), np.log(y), np.full(len(x), 1e-9), np.log1p(trend.STANDOUT_STEP),
                             trend.F_LIMIT) == []


@given(st.floats(0.2, 1.2), st.floats(-0.05, 0.05), st.floats(-0.5, -0.01), st.floats(-0.5, 3.0),
       st.sampled_from([2.0, 4.0]))
def test_a_rise_out_of_a_flat_part_that_does_not_steepen_is_a_kink(slope, flat, eased, later, ratio):
    # flat gaps (slope within 0.05 of 0), then a rise of log-log slope `slope`, eased in the gap
    # after it, whatever comes after that (a later change of its own): a kink at that gap, 1 % noise
    # per point
    x = 8.0 * ratio ** np.arange(8)
    w = np.log(ratio)
    slopes = [flat, flat, flat, slope, slope + eased, slope + later, slope]
    assume(np.log(ratio) * slope >= np.log1p(trend.STANDOUT_STEP) and slope - flat >= trend.KINK_RISE + 0.02)
    v = np.concatenate(([0.0], np.cumsum(np.array(slopes) * w)))
    got = trend.kinks(np.log(x), v, np.full(8, 0.01), np.log1p(trend.STANDOUT_STEP), trend.F_LIMIT)
    assert 4 in got  # (a later rise out of the eased part may be a kink of its own)


def test_the_first_gap_of_a_steepening_rise_is_no_kink():
    # flat, then x1.3 at 256|512 B: followed by x1.5 and x1.8 it is the first gap of a ramp (the
    # change is where the rise is steepest), followed by x1.25 (slope 0.32 after 0.38) a kink
    x = 2.0 ** np.arange(8, 16) / 4
    judge = lambda ratios: trend.kinks(np.log(x), np.log(np.cumprod([1.0] + ratios)), np.full(8, 0.01),  # noqa: E731
                                       np.log1p(trend.STANDOUT_STEP), trend.F_LIMIT)
    assert judge([1.01, 1.0, 1.3, 1.5, 1.8, 1.9, 1.95]) == []
    assert judge([1.01, 1.0, 1.3, 1.25, 1.35, 1.3, 1.3]) == [3]


@pytest.mark.parametrize("name, fixtures", [("mpi/seventeenth/gather_binomial_5.txt", "real_seventeenth"),
                                            ("mpi/twentysecond/scatterv_6.txt", "real_twentysecond")])
def test_a_change_the_test_puts_as_near_the_end_as_it_can_moves_to_the_jump_there(name, fixtures):
    # the ten largest sizes of a 5-rank binomial Gather (x1.93 at 512 KiB|1 MiB, x2.26, then x3.23
    # at 2|4 MiB) and of a 6-rank Scatterv (x1.68, x2.23, x3.20): the last size jumps, and the
    # significance test, three sizes a side, put the change three sizes early (a false change in
    # both truth tables, which list a minor change over the last sizes)
    x, values = sweep(name, REAL.parent / fixtures)
    x, values = x[-10:], values[-10:]
    center, noise, reps = map(np.array, zip(*[robust_point(v) for v in values]))

    def found():
        search = TrendBreakSearch().fit(x, center, noise=noise, repetitions=reps)
        assert search.method_ == "test"
        return labels(x, search.breakpoints_)

    assert found() == ["2097152|4194304"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(TrendBreakSearch, "_to_end_jumps", lambda self: None)
        assert found() == ["524288|1048576"]


def test_only_a_larger_jump_at_the_end_takes_a_change_there():
    # a step x2 at the seventh of ten doubling sizes, then flat: the test's change is where the
    # step is, three sizes before the end, and stays there (the gaps after it are flat)
    x = 2.0 ** np.arange(10)
    truth = np.where(np.arange(10) < 7, 1.0, 2.0)
    values = truth[:, None] * np.exp(np.random.default_rng(4).normal(0, 0.01, (10, 5)))
    center, noise, reps = map(np.array, zip(*[robust_point(v) for v in values]))
    search = TrendBreakSearch().fit(x, center, noise=noise, repetitions=reps)
    assert search.method_ == "test" and search.breakpoints_[:-1] == [7]
