"""The trend-break detection (``mode="trend"``, the modeler's default): steps and breaks in the
trend of log y against log x, as a performance engineer reads them off a log-log plot.

Real sweeps (message sizes 2^0 … 2^22) span six decades, are noisy, heavy-tailed and sometimes
multimodal (whole runs slower than others). This detection therefore works on each point's
**median** of the repetitions and judges differences relative to the value (in log y), in units
of the point's noise σ_i = max(``noise_floor``, min(robust repetition noise, size-to-size
scatter)). The repetition noise is the MAD of the repetitions, pooled over a point's neighbours
by their median (:func:`point_noise`; one slow repetition or one bimodal size does not raise the
noise of the series); it overstates the noise of the medians when whole runs are slower at every
size (the medians stay put), and the scatter of the medians from size to size
(:func:`series_noise`) overstates it where the curve bends: each bounds it from above.

**Where the slope drops.** A cost that is a sum of positive terms ``c_k · x^a_k · log(x)^b_k``
(what a PMNF model of time is) has a log-log slope that never decreases with x: the larger
exponents take over. A knee of latency + bandwidth (α + β·x) is such a curve, and so is any
smooth growth a single regime shows. A step is not: the slope rises into the step and falls
after it (a step down: falls into it and rises after it). So each interior point's **slope
drop** — the log-log slope of the gap before it minus that of the gap after it, or of the secant
over up to ``drop_reach`` gaps on one side (which averages the noise of a flat part beside a step
and sees a step followed by a slowing rise) — in units of its noise (z) locates a step: a change
is reported in the steepest gap of the side that holds the step, for a point whose z² exceeds
``f_limit`` and whose step (that gap's slope minus the other side's, times its log width) is at
least ``min_relative_change`` (relative). A point off both its neighbours in opposite
directions (up, then back down) is one size, not a regime, and is not a change; nor are a step up
and a step down of similar size one or two sizes apart that end within ``min_relative_change`` of
the trend the series left (a bump; a dip that ends on a new level is two changes), judged both
between neighbouring slope drops and, as for every rule below, against the raw jumps of the gaps
within ``BUMP_SIZES`` (see :func:`_undone`; a bump's rise can pass no slope drop of its own while
its fall does: a one-size bump of ×2 at 16 B with 1 % noise, found by a hypothesis property; on
forty-seven real sets 0 / −1 main and −2 / −4 false changes). Changes are
taken clearest first, at most ``max_change_points``, never in neighbouring gaps (a ramp: one
rise spread over two gaps) unless the size between them is a level of its own: both its jumps at
least ``FLAT_STEP``, in opposite directions or the smaller at most ``STAIR_RATIO`` of the larger
(in log units). Every other size of a sweep puts a jump at the inline-send limit and the eager
switch in neighbouring gaps (a 4-rank Scatterv: ×11.9 at 256|1024 B, ×1.22 at 1024|4096 B); the
two-gap ramps of the real sets split their rise 0.36–0.75 of the way, these staircases 0.73–0.94.

**Bends of growth.** A slope drop inside a bandwidth-bound regime where no gap stands out (the
gap before rises at a log-log slope of at least ``BEND_SLOPE``, the gap's jump is at most
``BEND_SHARE`` times its neighbours' and less than ``BEND_AFTER`` times the next gap's) is the
growth bending where messages leave a cache, not a switch (see :func:`bends`).

**Steps between flat parts.** A slope drop compares one gap with secants; where the sizes on
both sides of a gap are flat (the latency regime of a sweep, where the inline-send and eager
limits step), the jump is judged against all ``drop_reach`` sizes on each side instead: one
straight line (slope below ``FLAT_SLOPE``) and a jump at the gap are fitted to them, and the jump's
z² (its error scaled by the fit's misfit) counts where no slope drop passes at that gap (see
:func:`level_shifts`). Its noise is the larger of the repetitions' noise and the size-to-size
scatter, not the smaller: pooled over six sizes, a σ that runs low would turn into false steps
(with the smaller, 16 % of flat sweeps at 5 % noise with slower repetitions got one, against 3 %).

**Falls inside growth.** No sum of positive PMNF terms falls where x ≥ 1. A gap that falls by at
least ``STANDOUT_STEP`` (z² above ``f_limit``) between steady growth before it (three sizes on a
line in log-log, each gap rising by ``min_relative_change``, their jumps within it of each other)
and growth after it (both next gaps rising as much), with that size and the two after it at least
``min_relative_change`` below the line's extension (less a log factor's allowance; the miss's z²
above ``f_limit``) and not undone by a gap beside it, counts like a slope drop at that gap (see
:func:`falls`). The slope drop there is the spike's (the slope falls and at once rises back), which
is not a change: a loaded 2-rank Allgather with a 62.5 KiB eager limit, ×1.70 and ×1.77 per
doubling into 32 KiB, ×0.55 at 32|64 KiB, ×1.62 on, had its place taken by a minor onset of
growth. On forty-one real sets +3 / +3 main changes, no false one (from the summaries / with kept
values); the generator protocol's cells and ``segmentation_limits.py``'s tables do not change
(growth before and after keeps a flat sweep's noise out: two noisy rises and a fall at 10–20 %
noise gave 1–2 series more with a false change out of 100–200 per cell).

**Short segments.** A staircase (two steps one or two sizes apart, as in a sweep with every other
size) drops its slope only after its last step, and a change a few sizes before the end of the
series (a cache spill measured up to just past it) has no point after it to drop. So one or two
sizes beside a found change, or at the end of the series, that lie off the straight line through
the ``short_reach`` sizes before them (or after them), all on one side, by χ² per point >
``short_f_limit`` (the line's misfit and its extrapolation error counted as noise) and by at
least ``min_relative_change``, become their own segment — beside a found change only when they
lie between the levels of their two neighbours, that line and the first size across the change
(a staircase or a ramp, not a spike). Where the sizes of that line lie flat (log-log slope below
``FLAT_SLOPE`` and within ``LEVEL_SLOPE_Z`` standard errors of 0) and the piece steps at least
``FLAT_STEP`` off them, it is judged against their level instead: extrapolated over a ×4 gap, a
slope as uncertain as the flat sizes' scatter is most of the error (every other size of a 2-rank
Allgather: ×1.18 at 256|1024 B beside the ×2.9 eager switch, 1–2 % noise, χ² 37 against the line,
235 against the level). A piece before a found change also needs sizes before it that lie level
(each gap of that line moves less than ``min_relative_change``): the inline-send step rises out
of the flat latency regime, while a size at the top of a climb into a raised eager limit is the
run-up into the jump, which a performance engineer does not name as a change (every other size
of a 2-rank Iallreduce with a 56 KiB eager limit: ×1.13, ×1.12, ×1.31, then ×5.22 at 16|64 KiB;
on twenty-nine real sets −11 / −10 false changes and −3 / −5 main ones, from the summaries / with
kept values).

**Steps out of a flat part beyond the cap.** A sweep's latency regime often steps more than twice
(the inline-send limit, the eager limit, then the onset of the bandwidth regime), while a step
inside a growing part is a slope change the segment's model may absorb. So up to ``flat_steps``
further changes beyond ``max_change_points`` are reported where the series steps up by at least
``FLAT_STEP`` (×1.15) after a flat part (log-log slope below ``FLAT_SLOPE`` over the two gaps
before it): among the passing slope drops, clearest first, then among the short pieces. On the
eight real sets this gave +8 main changes from the summaries (+13 with kept values) and no false
change more (+1), where a plain third change gave +10 / +17 main and +5 / +10 false. A short
piece next to a kept change counts only where its gap is at least ``WIDE_GAP`` wide: every other
size puts the inline-send step (×1.2–1.3) one size before the eager switch while
``max_change_points`` is taken by that switch and a jump in the bandwidth regime (on nineteen
real sets +5 / +9 main, no false change more), where over ×2 gaps such a size is the first part
of a ramp (allowed there too: +7 / +10 main, +9 / +17 false).

**Steps that stand out.** Where all this leaves a place of ``max_change_points`` free, a gap
whose jump is at least ``STANDOUT_STEP`` (×1.2, up or down) and ``STANDOUT`` times the jump of
both gaps beside it, with z² above ``f_limit`` in its two points' noise, is a change (not the
first or the last gap, not out of x ≤ 1, and not where a gap within ``BUMP_SIZES`` jumps back to
the trend: a bump). The slope drop judges the same step by the change of slope across it, with
the noise of three sizes and less the gaps' own rise; where the sizes around a switch scatter by
5–15 % it is lost while the jump itself is clear: a 4-rank Scan, ×1.58 at 2048|4096 B between
×1.11 and ×1.03, slope drop z² 6.8, jump z² 13.6. A sum of PMNF terms
has no gap that jumps twice as much as both its neighbours (see the short series below). On
flat sweeps with slower repetitions at 10 and 20 % noise (``segmentation_limits.py``) it adds
false changes (5 × 100 per cell: 6.6 → 7.4 % and 8.8 → 12.6 %; none at ≤ 5 %); on the eighteen
real sets one, with kept values (+94 / +46 main). What ``flat_steps`` leaves of its budget beyond
``max_change_points`` goes to such steps as well (a third switch inside the growing part: the
every-other-size 3-rank Reduce's ×2.12 at 2048|8192 B beside its jumps at 128|512 B and
131072|524288 B; on the eighteen real sets +10 / +13 main, +1 / +1 false).

**Second stairs.** Where sizes lie at least ``WIDE_GAP`` (×3) apart, the gap right after a found
change that jumps the same way once more, by at least ``STANDOUT_STEP`` and at most
``STAIR_SHARE`` (3/4, log units) of the change's jump, with z² above ``f_limit`` in its two
points' noise, and after which the series lies flat (the next gap below ``FLAT_STEP`` and at most
1/``STANDOUT`` of it), is a change in a place ``max_change_points`` leaves free (see
:func:`second_stairs`): every other size puts the eager switch right after the inline-send
limit's jump, and its slope drop is lost in the growth after it. Over ×2 gaps two rises in a row
are a ramp (the real sets' ramps span at most ×4, one ×8); before a change it is not judged, as a
rise out of a flat part into a step is how a growing term starts (a step then linear growth at
every other size, 5 % noise: 15 % of series got another change, 59 % with it judged there too).
On the eighteen real sets +7 / +8 main, no false change more.

**Kinks.** Then, in places ``max_change_points`` leaves free and beyond it as far as ``flat_steps``
leaves a place, a gap where the series leaves a flat part with a rise that does not steepen after
it (see :func:`kinks`): the gap before lies flat (slope within ``KINK_FLAT``), the gap's jump is at
least ``STANDOUT_STEP`` and its slope at least ``KINK_RISE`` above the gap before's, with z² of that
slope rise above ``f_limit`` in the three points' noise, and the gap after it no steeper (the kink
is the steepest gap of its rise; a later gap may hold a change of its own). An algorithm switch
whose bandwidth regime grows at once shows no slope drop after it (every other size of a
recursive-doubling Allgather on 4 ranks: ×1.00 at 128|512 B, then ×1.38, ×1.38, ×1.45); a sum of
PMNF terms that rises that fast out of a flat part steepens further.

**Double stairs.** Where sizes lie at least ``WIDE_GAP`` apart, two neighbouring gaps that jump the
same way, each by at least ``STANDOUT_STEP`` with z² above ``f_limit``, between gaps that each jump
at most 1/``STANDOUT`` of the smaller (the series lies level before, between and after them), are
two changes (see :func:`double_stairs`): the other one beside a change kept before, beyond
``max_change_points`` as far as ``flat_steps`` leaves a place (each stair steps out of a level);
both where two places are free. Every other size puts the inline-send limit and the eager switch in
neighbouring gaps, often with similar jumps (a 4-rank linear Allreduce: ×1.01, then ×1.76 at
256|1024 B and ×1.69 at 1024|4096 B, then ×1.16), which the rule against neighbouring changes took
for one rise and the second stairs for no stair (the second as large as the first). Judged after
the kinks and the flat steps, before the ramps (which report one change at the larger gap of such a
pair). On forty-one real sets +28 / +20 main changes, +2 / +6 false ones (from the summaries / with
kept values; among them a two-gap ramp that its table names as one change, a 7-rank Allreduce's
×1.82 and ×2.23 at every other size, and the growth right after a switch, a 5-rank
Reduce_scatter_block's ×15.6 then ×4.57 over ×4 gaps); the generator protocol's cells and
``segmentation_limits.py``'s tables do not change. A pair that leads into growth counts too where
the gap before it lies flat (a jump below ``FLAT_STEP``), the gap after it rises by at most
``STAIRS_GROWTH_AFTER`` of the second stair's jump and the first stair is at least
``STAIRS_BALANCE`` of the second (every other size of a 4-rank ring Reduce_scatter: ×1.04, then
×1.53 at 256|1024 B and ×2.12 at 1024|4096 B, then ×1.25 and growth of ×1.9–3 per gap, where
nothing was found): a sum of PMNF terms that rises out of a flat part steepens further, and a log
factor's jumps fall from gap to gap far more slowly (noiseless on ×3, ×4 and ×8 grids no function
of the search space gives such a pair, nor does one with the gap after allowed up to 0.8 of the
second stair). On forty-four real sets +14 / +11 main changes, no false one.

**Steep kinks.** After the ramps below, in the places ``max_change_points`` leaves free: a
kink out of a gap that rises slowly (slope up to ``ONSET_SLOPE``, starting at x > 1) whose slope
rise is at least ``ONSET_RISE`` (see :func:`steep_kinks`). Every other size of a sweep over TCP
goes from its flat latency regime through a slow rise into the rendezvous switch (a 4-rank
Alltoall: ×1.06, ×1.34, then ×3.12 at 32|128 KiB and ×2.73), where the slope drops too little
after the switch to pass; a sum of PMNF terms comes to a rise of at most 0.09 out of such a gap
with no steeper gap after it. On thirty-five real sets +58 / +42 main changes, +1 / +3 false ones
(from the summaries / with kept values); ``segmentation_limits.py`` gives the same tables.

**Jumps inside growth.** After the steep kinks, in the places ``max_change_points`` leaves free:
a gap that jumps at least ``STANDOUT_JUMP`` and ``GROWTH_JUMP`` times each gap beside it, with
both second differences' z² above ``GROWTH_JUMP_F_LIMIT`` (see :func:`growth_jumps`), as on short
series. Over TCP the rendezvous switch lies inside growth that has started already, and the slope
drops after it without standing out by twice (every other size of a 3-rank Rabenseifner
Allreduce: ×1.07, ×1.22, then ×1.79 at 4|16 KiB, ×1.38, ×1.71); the slope-drop test's secants
average the drop away where the growth steepens again. On forty-three real sets +14 / +7 main
changes and +0 / 0 false ones (from the summaries / with kept values; judged before the steep
kinks, a jump took a steep kink's place in one series); the generator protocol has no series this
long.

**Runs aligned per segment.** Last, in the places ``max_change_points`` still leaves free: the
jumps that stand out, the kinks and the steep kinks (as above, z² above ``SEGMENT_F_FACTOR`` ×
``f_limit``) once each segment of at least ``SEGMENT_POINTS`` sizes between the changes found is
aligned by run (kept values) or by rank (values recovered from summaries) on its own. A run's offset is not the same in every
regime: in a 4-rank Bcast on 2 cores run 5 is ×5.4 the median up to 256 B and ×0.81 of it from
512 B on, run 1 ×1.06 and ×1.24; aligned over the whole sweep such offsets are not found, the
repetitions spread by 58–98 % at 1–4 KiB around medians that move by 1–3 % from size to size,
and the eager switch's ×1.63 at 2048|4096 B is lost in that noise (z² 7); aligned over 512 B …
4 MiB it stands out. On thirty-seven real sets the jumps gave +18 / +14 main changes and 0 / +1
false ones (from the summaries / with kept values), most of them the eager switch of 3–7-rank
collectives beside a found inline-send step; the kinks on thirty-eight sets +5 / +13 main
changes more and no false one (a 3-rank Sendrecv ring with a 43 KiB eager limit, kept values:
×1.05, ×1.07, ×1.09, then ×1.81 at 32|64 KiB into growth that does not steepen). Then, in a
segment that starts at a change, a second stair in its first gap that stands out of the gap after
it rather than landing on a level (see :func:`segment_stair`; the same limit): every other size
of a 4-rank Bcast puts the eager switch's ×1.63 at 1024|4096 B right after the inline-send
limit's ×5.96 and before a slow rise; on forty real sets +5 / +7 main changes, +1 / +1 false
(a rise over three gaps that its table writes as one change).

**Growth onsets.** Then, in the places ``max_change_points`` still leaves free: a gap where growth
starts at once out of a flat part (see :func:`growth_onsets`). Over a flat level c a sum of PMNF
terms rises as c plus an excess that is itself a sum of positive terms, convex in log-log, so the
line through the log excess of the ``ONSET_POINTS`` sizes after the gap, extended back, bounds the
excess of the last flat size from below; a switch into a bandwidth regime leaves that size below
the level plus the bound by at least ``min_relative_change`` (z² above ``f_limit`` in its noise and
the bound's; where that size dips below the level, the level is judged). Every other size of a
sweep puts the inline-send limit's onset of growth in one gap (a 5-rank Reduce_scatter, medians:
×1.01, ×0.97, then ×1.40, ×1.54, ×1.48 from 256|1024 B), where the growth after it steepens (no
kink) and no slope drops. On thirty-nine real sets +33 / +41 main changes and +1 / +1 false ones
(from the summaries / with kept values); on the fortieth, unseen, +1 / +1 and none. The generator
protocol's cells and ``segmentation_limits.py``'s tables do not change. The flat part may span
``ONSET_FLAT`` (×1.25): every other size of a sweep climbs out of its latency regime before the
switch (on forty-three sets +12 / +14 main changes, 0 / +1 false ones against ×1.15). Last,
onsets out of a part that climbs (see :func:`climbing_onsets`): the level is the log-log line
through the flat part (each gap's slope within −``KINK_FLAT`` … ``FLAT_SLOPE``), not its median,
and the miss an onset needs grows with the gap's width (``CLIMB_WIDTH_POWER``), since a smooth
function comes nearer the bound over wider gaps.

**Switches right after growth starts.** Last, on sizes at least ``WIDE_GAP`` apart: a gap that
jumps at least ``STANDOUT_JUMP`` one or two sizes after a flat part, where the excess over the flat
level rises ``GROWTH_JUMP`` times as steeply (log-log) as in the gap after it (see
:func:`excess_jumps`). Every other size of a sweep puts the TCP rendezvous switch at 32|64 KiB in
one gap right after growth has started (a 6-rank Scan over TCP from 2 B: ×1.02, ×1.14, ×1.59, then
×2.80 at 32|128 KiB, ×2.64, ×3.90): the series itself steepens on, so no slope of it drops and no
jump stands out, but its excess over the level (×4.96, then ×3.04) does, which no sum of positive
PMNF terms shows (the excess is convex in log-log; noiseless over Extra-P's search space a log
factor's fall comes to 1.13 at most on ×4 and ×8 grids, ``python
benchmarks/segmentation/kink_bound.py`` column (g)). On forty-seven real sets +33 / +40 main
changes and +1 / +1 false ones (from the summaries / with kept values), on the forty-eighth,
unseen, +3 / +3 and none; judged before the growth onsets instead of after them, it took the
place of onsets next to it (+28 / +32 main, +4 / +4 false with a jump of at least ×2).

Without repetitions, with values or parameters ≤ 0, or with fewer than ``min_trend_points``
points (the generator protocol of docs/segmentation.md has 10), the detection is the
significance test (:class:`~extrap_segmented.segmentation.significance.SignificanceSearch`,
``mode="test"``) on the inputs given. **Short series with repetitions**: where the test finds
changes, how many is the test's (the slope-drop search alone flags 2–9 % of the generator
protocol's unsegmented ten-point series at 5 % noise). But the test fits a PMNF function to each
side, three points or more each, and places a change where those fits are best: among the ten
largest sizes of a ping-pong over TCP the ×2.45 jump at 32|64 KiB came out at 64|128 KiB, and a
jump of the last size (×4 and more: the scheduler's time slices) three sizes early. So each
change of the test moves to the nearest gap within ``RELOCATE_GAPS`` whose jump in log y is a
step (at least ``min_relative_change``) that stands out — at least ``STANDOUT`` times the jump
of either gap beside it — and exceeds the jump of the test's own gap; where the test's sides end
in a steep part of a smooth curve, as between the generator protocol's two random functions, no
gap stands out and the change stays. A change the test puts as near the end as its
``min_segment_size`` sizes a side allow (three sizes after it) is where the test had to stop, not
where the step is: it moves to the largest jump between it and the end where that jump exceeds
its own and is a step (at least ``min_relative_change``): the ten largest sizes of a 4-rank
binomial Gather whose last size jumps (×1.84 at 512 KiB|1 MiB, ×2.16, then ×3.56 at 2|4 MiB) got
its change at 512 KiB|1 MiB (on twenty-six real sets 42 false changes in 419 ten-size series, 26
with the move, and +2 main changes). The largest jump is not always the step: a switch
followed by faster growth would move into the growth. At the start, where the same holds for the
gaps before a switch, that is what happened (eight process counts of a Gather, the shipped main
job: ×1.83 and ×1.91 per doubling, then its switch, ×1.26 at 32|64, moved to 16|32), so only
the end is judged; there the last sizes' jumps (the scheduler's time slices) outnumbered it.
In the places ``max_change_points`` leaves free (all of them where the test finds none), not
next to a change, an interior jump (up or down) of at least ``STANDOUT_JUMP`` (×1.7)
that is at least ``STANDOUT`` times the jump of both gaps beside it
and whose z² (the two points' noise) exceeds ``f_limit`` is reported: the test needs three sizes
on each side and, at high noise, bends one smooth function through a jump (the ten largest sizes
of a 4-rank Exscan from Extra-P's summary: ×5.1 at 128|256 KiB between ×1.75 and ×1.89, 12–22 %
noise). A sum of PMNF terms has log-log jumps that grow gently over doubling sizes and shrink
over linear ones, so none stands out that way; a jump out of x = 1, where a log term starts from
0, and a jump of the first or last size alone (no gap on one side to show that it persists: the
scheduler's time slices at 4 MiB) are not judged. The generator protocol's benchmark gives the
same figures in every cell as without it (500 sets per cell; judged at every gap, the first and
last included, 0.6 and 0.2 % false positives instead of 0.0 % at 15 % noise with 3 and 5
repetitions). After them, in the places still free, the falls inside growth (above): among the
ten largest sizes of a loaded sweep a level that drops ×0.55 between ×1.7–1.8 growth stands out
of neither neighbour by twice (+3 / +3 main changes on forty-one real sets, no false one; the
generator protocol's cells do not change). Then the jumps inside growth: a gap that jumps at least
``STANDOUT_JUMP`` and ``GROWTH_JUMP`` (1.4) times each gap beside it, with both second differences
clear of the noise (z² above ``GROWTH_JUMP_F_LIMIT``; see :func:`growth_jumps`): among the ten largest
sizes a switch often lies inside growth of ×1.2–1.8 per doubling (a loaded 2-rank Allreduce with a
30.5 KiB eager limit: ×1.59, ×1.75, then ×2.57 at 32|64 KiB, ×1.66), where the test bends one
smooth function through the jump, though the slope after it drops, as no sum of positive PMNF terms
does. On forty-two real sets +15 / +23 main changes and +1 / +2 false ones with z² above
``short_f_limit`` (50), most of them in the ten largest sizes (from the summaries / with kept
values), the generator protocol's cells unchanged; on forty-three sets the limit of 8 finds +20 /
+19 main changes more and +1 / +2 false ones, and puts 0.2 % false positives into three generator
cells at 15 % noise (every cell at 10 % noise and below as before).

**Medians after the test.** The test takes the means (it was calibrated on them), but one slow
repetition moves a mean: among the ten largest sizes of a 4-rank Alltoall over TCP with a 55 KiB
eager limit, one run at 478 µs against 90–111 µs at 32 KiB makes the means rise ×1.86 into 32 KiB
and ×1.41 after it, where the medians jump ×2.42 at 32|64 KiB between ×1.28 and ×1.29. So where
every point has at least ``MEDIAN_REPETITIONS`` repetitions and the caller gives the medians and
their robust noise (as the trend search takes them), the rules after the test — moving its
changes, the first step, the jumps that stand out and falls, the ramps — judge those. On thirty-six real
sets +14 / +17 main changes and −9 / −3 false ones (from the summaries / with kept values), all
in the ten largest sizes; the generator protocol's cells do not change (with three repetitions
they would: see ``MEDIAN_REPETITIONS``).

**Steps in the first gap.** A step up in the first gap has no gap before it to show a slope
drop; it is a change where the series does not go on rising that steeply (see
:func:`first_step`): every other size from 2 B of a collective that switches at 2|4 B, or the ten
largest sizes of a sweep whose eager limit is 8|16 KiB. Series of 11 or more sizes add it beyond
``max_change_points`` as far as ``flat_steps`` leaves a place; short series where the test leaves
one (at least ``SHORT_FIRST_STEP``). A step down is judged only where the sizes start at x = 1,
last of all, beyond ``max_change_points`` as far as ``flat_steps`` leaves a place (see
:func:`first_drop`): a 2-rank Gather whose 1-byte call is slower than every size up to the
inline-send limit (×0.65, then ×1.01, ×1.01; every run). From a larger first size a drop is
mostly a bump's end that the sizes hide (every other size from 2 B of a sweep whose 2 and 4 B
are slower than 1 and 8 B); from x = 1 no smaller size can be missing. z² must pass
``FIRST_DROP_F_FACTOR`` × ``f_limit``. On forty-five real sets +16 / +14 main changes, no false
one (at z² above ``f_limit``, judged from any first size: +12 / +10 main, +24 / +23 false; at
least ×1.1 instead of ``STANDOUT_STEP``: +16 / +15, +3 / +4, drops of ×0.86–0.90 that no table
names).

**Ramps.** A rise spread over two gaps that double x, each of at least ``RAMP_STEP`` (×1.3) and
``STANDOUT`` times the jumps of both gaps beside the pair, is a change at the larger of the two
(see :func:`ramps`): an eager switch among the ten largest sizes often spreads over two gaps (a
loaded 2-rank Exscan over TCP with a 45 KiB eager limit: ×0.96, then ×1.52 and ×2.27 at 16|64
KiB, then ×1.08), and the test bends one function through them; every other size of a sweep
spreads a switch over two gaps as well (a 3-rank Allgather: ×1.01, then ×1.59 and ×1.88 over
256|4096 B, then ×1.17; its table names the inline-send limit and the eager switch in those two
gaps, which the double stairs, judged before, report both), whose slope drop the growth after it
hides. On a short series only
where it shows nothing else (no change of the test, no jump that stands out, no first step): on
thirty-three real sets +9 main changes and +1 false one both ways (from the summaries / with
kept values); the generator protocol's benchmark gives the same figures in every cell (judged
beside the test's changes too, one cell's located changes fall from 99.3 to 98.9 %). On a
longer series last, in the places ``max_change_points`` leaves free: on thirty-four real sets
+16 / +3 main changes, +2 / +2 false ones; ``segmentation_limits.py`` gives the same false
changes on flat sweeps (100 and 200 series per cell, with and without run offsets).
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np
from numpy.typing import ArrayLike
from scipy import special

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.options import check_values
from extrap_segmented.pmnf.terms import term_set
from extrap_segmented.segmentation.noise import rank_aligned_points, run_aligned_points
from extrap_segmented.segmentation.options import TREND
from extrap_segmented.segmentation.significance import SignificanceSearch
from extrap_segmented.segmentation.window import WindowSearch

NOISE_FLOOR = TREND["noise_floor"].default
"""Default ``noise_floor`` (declared in :mod:`.options`)."""
MIN_RELATIVE_CHANGE = TREND["min_relative_change"].default
"""Default ``min_relative_change`` (declared in :mod:`.options`)."""
MIN_TREND_POINTS = 11
"""Default ``min_trend_points``: shorter series go to the significance test (whose calibration on
the 10-point generator protocol stays as it was)."""
F_LIMIT = TREND["trend_f_limit"].default
"""Default ``f_limit`` (the modeler's ``trend_f_limit``, declared in :mod:`.options`)."""
FLAT_STEPS = TREND["flat_steps"].default
"""Default ``flat_steps`` (declared in :mod:`.options`)."""
DROP_REACH = 3
"""Default ``drop_reach``: most gaps a secant of the slope-drop test spans (see
:func:`slope_drops`)."""
BUMP_SIZES = 2
"""Most sizes between a step and a step back of similar size that make a bump, not a regime (a
level held for three sizes, as Sendrecv in a 3-rank ring from 512 B to 2 KiB, is a regime)."""
SHORT_F_LIMIT = 50.0
"""Default ``short_f_limit``: a piece of one or two sizes has no within-piece scatter to judge it
by, so it must miss the line beside it by far more than the noise."""
RELOCATE_GAPS = 2
"""Most gaps a change of the significance test on a short series is moved to a step that stands
out (see the module docstring)."""
STANDOUT = 2.0
"""How many times the jump (in log y) of either neighbouring gap the gap a change is moved to must
jump (the ×2.45 TCP eager switch beside ×1.36 and ×1.41: 2.6). Moved to the slope-drop search's
changes without this condition, 7 % of the generator protocol's changes left their place."""
STANDOUT_JUMP = 1.7
"""Smallest jump (×1.7 up or ×1/1.7 down) that stands out of a short series where the significance
test finds no change (see the module docstring). With 1.6–2 the generator protocol's benchmark
gives the same figures in every cell (with 1.5: 0.2 % false positives in two cells at 15 % noise
with 3 repetitions, against 0.0 %); on thirty-one real sets 1.7 finds 7 more main changes than 2
both ways (an eager switch among the ten largest sizes: ×1.71 at 32|64 KiB between ×1.19 and
×1.36), and no false change more."""
GROWTH_JUMP = 1.4
"""How many times the log-log slope of both gaps beside it a gap must rise (or fall) at to be a
jump inside growth (see :func:`growth_jumps`; on sizes evenly spaced in log x, the jumps' ratio in
log units). The second differences' z² (above ``GROWTH_JUMP_F_LIMIT``)
carries the noise; on forty-two real sets 1.3 finds +1 / +1 main changes and +1 / 0 false ones
more, 1.2 +2 / +2 and +1 / +3 (from the summaries / with kept values, z² above 50); on forty-three
sets with z² above 12, 1.2 finds +3 / +5 main changes and +4 / +6 false ones more."""
GROWTH_JUMP_F_LIMIT = 8.0
"""Smallest z² of both second differences of a jump inside growth (see :func:`growth_jumps`): each
at least 2.8 standard errors, the two together (with the shape's conditions) far less likely in
noise than either. On forty-three real sets, short and long series, against 50 on short series
only: 8 finds +34 / +26 main changes, +1 / +2 false ones; 6 finds +37 / +30, +2 / +6; 12 finds
+19 / +14, +1 / +1 (from the summaries / with kept values). The generator protocol at 8: every
cell at 10 % noise and below as before, 0.2 % false positives in three cells at 15 % noise (0.0 %
before); on short series the jump's own z² instead of the second differences' (above 12): +42 /
+37 main changes, +11 / +14 false ones."""

STANDOUT_STEP = 0.2
"""Smallest relative jump (×1.2 up, ×1/1.2 down) that stands out where the trend search leaves a
place of ``max_change_points`` free (see the module docstring)."""
RAMP_STEP = 1.3
"""Least jump (×) of each of the two gaps of a ramp (see :func:`ramps`), chosen on short series:
at ×1.2 and ×1.25, on thirty-three real sets, one false change more (a ×1.29, ×1.35 rise of the
ten largest sizes of a 6-rank Allgatherv whose growth then goes on), no main change more; ×1.3–1.4
give the same changes."""
SEGMENT_POINTS = 6
"""Fewest sizes of a segment between found changes whose repetitions are aligned on their own
(see the module docstring)."""
SEGMENT_F_FACTOR = 2.0
"""How many times ``f_limit`` the z² of a jump (or a kink's slope rise) must exceed in a segment
aligned on its own: a second look at the same sizes (at 1×, on the flat sweeps with a step of
``segmentation_limits.py`` at 10–20 % noise, 1–4 points more series got a false change; at 2×,
0–2)."""
MEDIAN_REPETITIONS = 5
"""Fewest repetitions at every point from which the rules after the significance test judge a
short series' medians instead of its means (see the module docstring): with three, the median is
the middle value and its noise, the MAD of three, runs low (the generator protocol's unsegmented
2…1024 series at 15 % noise with 3 repetitions got 0.2 % flagged instead of 0.0 %)."""
ONSET_POINTS = 3
"""Sizes on each side of a growth onset (see :func:`growth_onsets`): the flat part before it and the
growth after it that bounds the last flat size."""
ONSET_FLAT = 0.25
"""Most a growth onset's flat part may rise or fall (×1.25 from its lowest to its highest size, see
:func:`growth_onsets`). Every other size of a sweep climbs out of its latency regime before the
switch (a 4-rank Alltoallv with a 53.5 KiB eager limit: ×1.04, ×1.03, ×1.21, then ×1.68 at
4|16 KiB and ×1.80, ×2.36), which ``FLAT_STEP`` (×1.15), the limit before, took for no flat part.
On forty-three real sets ×1.25 finds +12 / +14 main changes and 0 / +1 false ones (from the
summaries / with kept values); ×1.2 +4 / +5 and 0 / +1, ×1.3 +15 / +18 and +2 / +3, ×1.4 +26 / +30
and +5 / +6. Over Extra-P's search space (noiseless, ``kink_bound.py`` column (e)) the last flat
size then lies at most 9.1 % below the level plus the bound (5.9 % with ×1.15), under the 10 % of
``min_relative_change``."""

CLIMB_WIDTH_POWER = 1.35
"""Growth of the miss an onset out of a climbing part needs with its gap's width (see
:func:`climbing_onsets`): ``min_relative_change`` × (width / log 2)^1.35 — 10 % over a doubling,
25.5 % over ×4, 44 % over ×8. A smooth function's worst miss there (noiseless, Extra-P's search
space, the flat part from x > 1; ``kink_bound.py`` column (f)) is 9.4 % on sizes doubling, 24 % on
×4 and 33 % on ×8: the line through a climbing part, extended over a wide gap, strays further
from a sum of terms than a flat level does. On forty-four real sets the onsets out of a climbing
part find +20 / +15 main changes and no false one (from the summaries / with kept values, z² above
``GROWTH_JUMP_F_LIMIT``); with z² above 4, +27 / +20 and 0 / +1 false."""

EXCESS_NEAR = 2.0
"""Most the size before a switch right after growth starts may lie above the flat level, in units
of that level (see :func:`excess_jumps`: at most ×3 of it): the rule judges the excess where
growth has just started. Far into growth a zigzag of the growth's own jumps is no switch (every
other size of a 2-rank Allgather with a 14 KiB eager limit: ×3.58 at 8|32 KiB, found, then ×2.24,
×3.81, ×2.62, the ×3.81 at 128|512 KiB ×10 above the level). On forty-seven real sets, with a
jump of at least ×2: without this bound one false change more from the summaries (that one), the
same main changes; at most ×2 instead of ×3, −4 / −3 main changes, the same false ones."""

FIRST_DROP_F_FACTOR = 2.0
"""Factor on ``f_limit`` for the z² of a step down in the first gap (see :func:`first_drop`): one
size stands on one side, and the noise of five repetitions' median can run low there (at 10 %
noise, ``segmentation_limits.py`` gave 1 % more series a false change in six cells at 1×, in one
at 2×; on the real sets the drops reach z² 37 and more)."""
SHORT_FIRST_STEP = 1.5
"""Least jump (×) of a step up in the first gap of a short series (see :func:`first_step`): at
×1.2, as for longer series, the generator protocol's unsegmented 2…1024 series at 15 % noise got
0.2 % flagged (none at ×1.5; twenty-one real sets: +1 / +1 main changes more at ×1.2)."""
FLAT_SLOPE = 0.2
"""Largest log-log slope of a flat part (×1.15 per doubling; a latency-bound part rises by 0–0.15,
a bandwidth-bound one by 0.4–1): over the two gaps before a flat step, and the common slope of a
level shift's two sides."""
STAIR_RATIO = 0.25
"""Largest ratio of the smaller to the larger of two jumps (log units, same direction) beside one
size for both to be changes (see the module docstring): a staircase, not a ramp."""
FLAT_STEP = 0.15
"""Smallest relative step up of a further change out of a flat part (see ``flat_steps``), and of
a short piece off the level of a flat part beside it."""
WIDE_GAP = 3.0
"""Smallest ratio of neighbouring sizes at which a second stair beside a change is judged (see
:func:`second_stairs`): the real sets' ramps span at most ×4 in size (one ×8), so two rises over
gaps this wide are two switches, where over ×2 gaps they are one ramp."""
STAIRS_GROWTH_AFTER = 0.5
"""Largest jump of the gap after a double stair that leads into growth, as a share of the second
stair's jump (log units; see :func:`double_stairs`)."""
STAIRS_BALANCE = 0.4
"""Smallest jump of the first stair of a double stair that leads into growth, as a share of the
second's (log units): a small rise before a large jump is the climb into a switch, not a stair."""
STAIR_SHARE = 0.75
"""Largest ratio of a second stair's jump to the jump of the change before it (log units): two
similar rises one size apart are a steep stretch of growth as often as two switches."""
KINK_FLAT = 0.06
"""Largest log-log slope (either way) of the gap before a kink (see :func:`kinks`)."""
KINK_RISE = 0.15
"""Smallest rise of the log-log slope at a kink (see :func:`kinks`): over Extra-P's search space a
sum of terms gives below 0.001 out of a flat gap with no steeper gap after it (with the gap after
allowed to be 0.1 steeper: 0.12, where a log term starts from 0 at x = 1)."""
ONSET_SLOPE = 0.25
"""Largest log-log slope of the gap before a steep kink (see :func:`steep_kinks`)."""
ONSET_RISE = 0.4
"""Smallest rise of the log-log slope at a steep kink (see :func:`steep_kinks`): over Extra-P's
search space a sum of terms gives at most 0.09 out of a gap that rises at a slope up to
``ONSET_SLOPE`` from x > 1 with no steeper gap after it (0.33 from x = 1, where a log term starts
from 0). On thirty-five real sets 0.3 finds +5 / +8 main changes more, no false one."""
BEND_SLOPE = 0.5
"""Smallest log-log slope of the gap before a slope drop for the drop to be judged as a bend of
growth (see :func:`bends`): a bandwidth-bound regime rises by 0.6–1 per doubling."""
BEND_SHARE = 1.2
"""Largest jump (log units) of a bend's gap over the larger jump of the gaps beside it: a switch
stands out of the growth around it, a bend does not (see :func:`bends`)."""
BEND_AFTER = 1.7
"""The jump (log units) of a bend's gap is less than this many times the jump of the gap after
it: the growth goes on after a bend (see :func:`bends`)."""
LEVEL_SLOPE_Z = 2.0
"""Most standard errors by which the slope of the sizes beside a short piece may differ from 0 for
the piece to be judged against their level (see :func:`_off_line`)."""


class TrendBreakSearch(WindowSearch):
    """Slope-drop search in log-log space (see the module docstring).

    Args:
        f_limit: z² of a point's slope drop (in units of its noise) a change needs; > 0.
        min_relative_change: smallest relative step of a change (and of a short piece); ≥ 0.
        noise_floor: smallest relative noise of a point; default 0.005.
        min_trend_points: fewest points this search judges (shorter series: the fallback).
        drop_reach: most gaps a secant of the slope-drop test spans (see :func:`slope_drops`); ≥ 1.
        short_segments: also look for segments of one or two sizes (see the module docstring).
        short_f_limit: χ² per point by which such a short piece must miss the line beside it; > 0.
        short_reach: sizes that line is fitted to; ≥ 2.
        flat_steps: further changes beyond ``max_change_points``, each a step up of at least
            ``FLAT_STEP`` out of a flat part (see the module docstring); ≥ 0.
        fallback: keyword options of the significance test used where this search does not
            apply (see the module docstring).
        window, max_change_points, min_segment_size, min_points, cost, exponents: see
            :class:`~extrap_segmented.segmentation.window.WindowSearch` (``window``,
            ``min_segment_size``, ``cost`` and ``exponents`` matter only for the fallback).

    Fitted attributes besides :class:`WindowSearch`'s: ``method_`` ("trend" or "test"),
    ``sigma_`` (per point, the relative noise used; None for "test"), ``corners_`` (per change
    a slope drop points to, spikes set aside, or a passing level shift where no slope drop passes:
    the change, z², relative step; see :func:`slope_drops` and :func:`level_shifts`),
    ``candidates_`` (the changes of the corners that pass), ``fallback_`` (the fitted
    significance test, or None), ``relocated_`` (True where the test's changes on a short series
    were moved to a step that stands out), ``standout_`` (True where jumps that stand out were
    reported: on a short series where the test finds none, or in places the trend search left free;
    also where a short series' ramps were reported).
    """

    def __init__(self, *, window: int = 5, max_change_points: int = 2, min_segment_size: int = 3,
                 min_points: int = 6, cost: str = "relative", exponents: ArrayLike | None = None,
                 f_limit: float = F_LIMIT, min_relative_change: float = MIN_RELATIVE_CHANGE,
                 noise_floor: float = NOISE_FLOOR, min_trend_points: int = MIN_TREND_POINTS,
                 drop_reach: int = DROP_REACH, short_segments: bool = True, short_f_limit: float = SHORT_F_LIMIT, short_reach: int = 3,
                 flat_steps: int = FLAT_STEPS, fallback: dict[str, Any] | None = None):
        super().__init__(window=window, max_change_points=max_change_points, min_segment_size=min_segment_size,
                         min_points=min_points, cost=cost, exponents=exponents)
        self.f_limit = f_limit
        self.min_relative_change = min_relative_change
        self.noise_floor = noise_floor
        self.min_trend_points = min_trend_points
        self.drop_reach = drop_reach
        self.short_segments = short_segments
        self.short_f_limit = short_f_limit
        self.short_reach = short_reach
        self.flat_steps = flat_steps
        self.fallback = fallback

    def _validate_parameters(self) -> None:
        super()._validate_parameters()
        # the declared options (the modeler's trend_f_limit is f_limit here); the short-piece
        # options are expert options the modeler does not expose
        check_values({"f_limit": self.f_limit, "noise_floor": self.noise_floor,
                      "min_relative_change": self.min_relative_change, "flat_steps": self.flat_steps},
                     {"f_limit": TREND["trend_f_limit"], "noise_floor": TREND["noise_floor"],
                      "min_relative_change": TREND["min_relative_change"], "flat_steps": TREND["flat_steps"]})
        if not (isinstance(self.short_f_limit, (int, float)) and np.isfinite(self.short_f_limit)
                and self.short_f_limit > 0):
            raise InvalidInputError(f"short_f_limit must be a finite number > 0, got {self.short_f_limit!r}")
        if not isinstance(self.drop_reach, (int, np.integer)) or self.drop_reach < 1:
            raise InvalidInputError(f"drop_reach must be an integer ≥ 1, got {self.drop_reach!r}")
        if int(self.short_reach) != self.short_reach or self.short_reach < 2:
            raise InvalidInputError(f"short_reach must be an integer ≥ 2, got {self.short_reach!r}")

    def applies(self, x: ArrayLike, y: ArrayLike) -> bool:
        """True when this search (not the fallback) will judge the series, given repetitions:
        ≥ ``min_trend_points`` points, all x and y positive and finite."""
        x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
        return bool(x.ndim == 1 and x.shape == y.shape and x.size >= self.min_trend_points
                    and np.all(np.isfinite(x)) and np.all(np.isfinite(y)) and np.all(x > 0) and np.all(y > 0))

    def _decide(self, *args: Any):  # the window machinery is not used (see fit)
        raise NotImplementedError

    def fit(self, x: ArrayLike, y: ArrayLike, noise: ArrayLike | None = None,
            repetitions: ArrayLike | None = None, quantum: float | None = None,
            first_errors: ArrayLike | None = None,
            medians: tuple[ArrayLike, ArrayLike] | None = None,
            runs: tuple[ArrayLike, bool] | None = None) -> TrendBreakSearch:
        """Searches the series for changes (arguments as
        :meth:`WindowSearch.fit <extrap_segmented.segmentation.window.WindowSearch.fit>`;
        ``noise`` should be the robust relative standard error of each value, e.g. from
        :func:`~extrap_segmented.segmentation.noise.robust_point`; ``first_errors`` is used by the
        fallback only). ``medians``: per point the median of the repetitions and its robust
        relative standard error, for a short series whose ``y`` and ``noise`` are the means the
        significance test takes: the rules judged after the test use them (see the module
        docstring); ignored where not all finite and positive or where a point has fewer than
        ``MEDIAN_REPETITIONS`` repetitions. ``runs``: the repetitions of every point, a (points ×
        repetitions) array, and whether column r holds run r at every point (kept values) or the
        values are in no known order (recovered from a summary): the segments between the changes
        found are aligned by run (or rank) on their own (see the module docstring). Either,
        given values that are not numbers: ``InvalidInputError`` naming it."""
        self._validate_parameters()
        self.fallback_ = None
        self.relocated_ = False
        self.standout_ = False
        self.sigma_ = None
        self.corners_ = []
        self.candidates_ = []
        self.method_ = "trend"
        self._medians = None
        self._runs = None
        x_arr, y_arr = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
        judgeable = (noise is not None and repetitions is not None and x_arr.ndim == 1 and x_arr.shape == y_arr.shape
                     and np.all(np.isfinite(y_arr)) and np.all(y_arr > 0) and np.all(x_arr > 0)
                     and np.any(np.broadcast_to(np.asarray(repetitions, dtype=float), x_arr.shape) >= 2))
        if not (judgeable and x_arr.size >= self.min_trend_points):
            fallback = SignificanceSearch(window=self.window, max_change_points=self.max_change_points,
                                          min_segment_size=self.min_segment_size, min_points=self.min_points,
                                          cost=self.cost, exponents=self.exponents, **(self.fallback or {}))
            fallback.fit(x, y, noise=noise, repetitions=repetitions, quantum=quantum, first_errors=first_errors)
            self._take(fallback)
            self._medians = _sorted_medians(medians, x_arr.shape, self.order_, self.repetitions_)
            tested = self.segmented_
            if judgeable and tested:
                self._relocate()
                self._to_end_jumps()
            if judgeable and not self.too_few_points_:
                # in the places the test leaves free, after its own changes have moved (a first
                # step before the standout jumps or after them: the same changes on the real sets)
                self._first_step()
                self._standout_jumps()
                if not self.segmented_:
                    self._ramps()
            return self
        # the shared validation (shapes, finiteness, distinct x, sorting) without the window search
        saved, self.max_change_points = self.max_change_points, 0
        try:
            super().fit(x, y, noise=noise, repetitions=repetitions, quantum=quantum)
        finally:
            self.max_change_points = saved
        if self.too_few_points_:
            return self
        self._runs = _sorted_runs(runs, x_arr.size, self.order_)
        # the repetitions' spread overstates the noise of the medians when whole runs are slower
        # (the same run at every size: the medians stay put), the scatter from size to size
        # overstates it where the curve bends: each bounds it from above
        repeated, scatter = _noise_bounds(self.x_, self.y_, self.noise_, self.repetitions_)
        self.sigma_ = np.maximum(np.minimum(repeated, scatter), self.noise_floor)
        # a level shift pools six sizes: a σ that runs low (the MAD of five values, a slow
        # repetition moving the median) would count six times, so it takes the larger bound
        level_sigma = np.maximum(np.maximum(repeated, scatter), self.noise_floor)
        breaks = self._search(np.log(self.x_), np.log(self.y_), self.sigma_, level_sigma)
        self.breakpoints_ = list(breaks) + [len(self.x_)]
        self.shared_ = [False] * len(breaks)
        self.segmented_ = bool(breaks)
        self.statistics_ = [{"corners": list(self.corners_), "candidates": list(self.candidates_)}]
        return self

    def _relocate(self) -> None:
        """Moves each change the significance test found on a short series to the nearest gap
        within ``RELOCATE_GAPS`` gaps of it where a step stands out (see the module docstring);
        the changes stay where they are otherwise."""
        jump = self._short_jumps()  # of the gap before point b: jump[b - 1]
        # the larger jump of the gaps beside (one beside the first and the last gap)
        beside = np.fmax(*_beside(jump))
        steps = [b for b in range(1, len(jump) + 1) if jump[b - 1] >= max(STANDOUT * beside[b - 1], self.least_step)]
        moved: dict[int, bool] = {}
        for change, shared in zip(self.breakpoints_[:-1], self.shared_):
            near = [b for b in steps if abs(b - change) <= RELOCATE_GAPS and jump[b - 1] > jump[change - 1]]
            if near:
                moved[min(near, key=lambda b: (abs(b - change), b))] = False
            else:
                moved.setdefault(change, shared)
        changes = sorted(moved)
        self.relocated_ = changes != self.breakpoints_[:-1]
        self.breakpoints_ = changes + [len(self.x_)]
        self.shared_ = [moved[b] for b in changes]

    def _to_end_jumps(self) -> None:
        """Moves each change that the significance test put as near the end of a short series as
        ``min_segment_size`` lets it to the largest jump between it and the end, where that jump is
        larger than the change's own and a step (see the module docstring)."""
        jump = self._short_jumps()  # of the gap before point b: jump[b - 1]
        n = len(self.x_)
        last = n - int(self.min_segment_size)  # the last place the test can put a change
        changes = list(self.breakpoints_[:-1])
        if last not in changes:
            return
        target = max(range(last, n), key=lambda b: jump[b - 1])  # its gap and those after it
        if jump[target - 1] > max(jump[last - 1], self.least_step) and target not in changes:
            i = changes.index(last)  # the last change: the targets lie after every other one
            changes[i] = target
            self.shared_ = list(self.shared_[:i]) + [False] + list(self.shared_[i + 1:])
            self.breakpoints_ = changes + [n]
            self.relocated_ = True

    def _standout_jumps(self) -> None:
        """Adds to the changes of a short series the jumps that stand out (see the module
        docstring), clearest first, then the falls inside growth (see :func:`falls`) and the jumps
        inside growth (see :func:`growth_jumps`), through
        :meth:`_add` (in the places ``max_change_points`` leaves free, not next to a change, not
        undone by a gap beside it): the test needs three sizes on each side and a smooth single
        function can bend through one jump at high noise, or put its change elsewhere (an eager
        switch among the ten largest sizes besides the last sizes' jump); a fall inside growth
        among the ten largest sizes of a loaded sweep (×1.69, ×1.78, then ×0.55 at 32|64 KiB,
        ×1.63) stands out of neither neighbour by twice."""
        u, v, sigma = self._short_series()
        tested = list(self.breakpoints_[:-1]) if self.segmented_ else []
        shared = dict(zip(tested, self.shared_)) if self.segmented_ else {}
        found = (standout_jumps(u, v, sigma, np.log(STANDOUT_JUMP), self.f_limit)
                 + [change for change, _, _ in falls(u, v, sigma, self.least_step, self.f_limit, self._steepest()[1])]
                 + growth_jumps(u, v, sigma, np.log(STANDOUT_JUMP), GROWTH_JUMP_F_LIMIT))
        changes = self._add(u, v, tested, found, self.max_change_points, apart=True)
        self.segmented_ = bool(changes)
        self.breakpoints_ = changes + [len(self.x_)]
        self.shared_ = [shared.get(change, False) for change in changes]

    def _first_step(self) -> None:
        """Adds a step up at the first gap (see :func:`first_step`, at least ``SHORT_FIRST_STEP``)
        to the changes of a short series where ``max_change_points`` leaves a place and no change
        lies next to it: the test needs three sizes on each side, the first gap has one."""
        u, v, sigma = self._short_series()
        changes = list(self.breakpoints_[:-1]) if self.segmented_ else []
        if len(changes) >= self.max_change_points:
            return
        for change in first_step(u, v, sigma, np.log(SHORT_FIRST_STEP), self.f_limit, self._steepest()[1]):
            if _clear_of(change, changes) and not _undone(u, v, change, self.least_step):
                self.shared_ = [False] + (list(self.shared_) if changes else [])
                self.breakpoints_ = [change] + changes + [len(self.x_)]
                self.standout_ = self.segmented_ = True

    def _ramps(self) -> None:
        """Reports the ramps of a short series where nothing else was found (see :func:`ramps`),
        clearest first, up to ``max_change_points``, never two next to each other nor one that a
        gap beside it undoes (a bump): the test bends one smooth function through a rise spread
        over two gaps, and neither gap stands out of the other."""
        u, v, sigma = self._short_series()
        changes = self._add(u, v, [], ramps(u, v, sigma, np.log(RAMP_STEP), self.f_limit), self.max_change_points,
                            apart=True)
        if changes:
            self.breakpoints_ = changes + [len(self.x_)]
            self.shared_ = [False] * len(changes)
            self.segmented_ = True  # _add marked them standout_

    def _short_jumps(self) -> np.ndarray:
        """Per gap of a short series the size of its jump in log y, as the rules after the test see it."""
        return np.abs(np.diff(self._short_series()[1]))

    def _short_series(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """log x, log y and each point's own noise (at least ``noise_floor``) of a short series, as
        the rules after the significance test judge it: the medians where ``fit`` was given them,
        the test's values otherwise."""
        centre, noise = self._medians if self._medians is not None else (self.y_, self.noise_)
        return np.log(self.x_), np.log(centre), np.maximum(np.asarray(noise, dtype=float), self.noise_floor)

    def _steepest(self) -> tuple[float, float]:
        """The search space's largest polynomial and log exponents."""
        largest_poly, largest_log = np.max(term_set(self.exponents), axis=0, initial=0.0)
        return float(largest_poly), float(largest_log)

    def _take(self, fitted: SignificanceSearch) -> None:
        """Adopts the fitted attributes of the fallback detection."""
        self.method_ = "test"
        self.fallback_ = fitted
        for name, value in vars(fitted).items():
            if name.endswith("_") and not name.startswith("_"):
                setattr(self, name, value)

    @property
    def least_step(self) -> float:
        """The smallest step of a change in log units, ``log(1 + min_relative_change)``."""
        return float(np.log1p(float(self.min_relative_change)))

    def passes(self, corner: tuple[int, float, float]) -> bool:
        """True when a slope drop of ``corners_`` passes the limits (z² > ``f_limit``, step ≥
        ``min_relative_change``), before the bump rule, the cap and the short segments."""
        _, z2, step = corner
        return z2 > self.f_limit and abs(step) >= self.least_step

    def _search(self, u: np.ndarray, v: np.ndarray, sigma: np.ndarray, level_sigma: np.ndarray) -> list[int]:
        if self.max_change_points < 1:
            return []
        largest_poly, largest_log = self._steepest()
        corners = {c[0]: c for c in slope_drops(u, v, sigma, largest_log, int(self.drop_reach))}
        for shift in level_shifts(u, v, level_sigma, int(self.drop_reach)):
            # where no slope drop passes at that gap: a step between two flat parts
            if self.passes(shift) and not (shift[0] in corners and self.passes(corners[shift[0]])):
                corners[shift[0]] = shift
        for fall in falls(u, v, sigma, self.least_step, self.f_limit, largest_log):
            # where no slope drop or level shift passes at that gap: a fall out of growth
            if not (fall[0] in corners and self.passes(corners[fall[0]])):
                corners[fall[0]] = fall
        self.corners_ = [corners[b] for b in sorted(corners)]
        bumps = set()
        for first, second in zip(self.corners_, self.corners_[1:]):
            # up and back down (or down and back up) over one or two sizes, back to the trend it
            # left: a bump, not a regime (judged on every drop: near small x a log factor's
            # allowance can hide one side)
            if _bump(u, v, (first[0], first[2]), (second[0], second[2]), self.least_step):
                bumps.update((first[0], second[0]))
        bent = set(bends(u, v))
        # and against the raw jumps beside it, as every later rule is: the rise of a bump may pass
        # no slope drop of its own while its fall does
        passing = sorted((c for c in self.corners_ if self.passes(c) and c[0] not in bumps | bent
                          and not _undone(u, v, c[0], self.least_step)),
                         key=lambda c: -c[1])
        self.candidates_ = [c[0] for c in passing]
        kept = _apart(self.candidates_, int(self.max_change_points), lambda a, b: staircase(v, a, b))
        if self.short_segments:
            kept = short_pieces(u, v, sigma, kept, max_changes=int(self.max_change_points),
                                f_limit=float(self.short_f_limit), reach=int(self.short_reach),
                                min_step=float(self.min_relative_change),
                                steepest=(largest_poly, largest_log))
        kept = self._flat_steps(u, v, sigma, self.candidates_, kept, (largest_poly, largest_log))
        kept = self._standout_steps(u, v, sigma, kept, largest_log)
        # last, beyond the cap as far as ``flat_steps`` leaves a place: a step down from x = 1
        return self._add(u, v, kept, first_drop(u, v, sigma, np.log1p(STANDOUT_STEP),
                                                  FIRST_DROP_F_FACTOR * self.f_limit),
                         self.max_change_points + int(self.flat_steps), apart=True)

    def _standout_steps(self, u: np.ndarray, v: np.ndarray, sigma: np.ndarray, kept: list[int],
                        log_exponent: float) -> list[int]:
        """Fills the places ``max_change_points`` leaves free with steps that stand out of their
        neighbours, then with second stairs beside a change, then with kinks, then reports steps
        that stand out, a step in the first gap and kinks beyond the cap as far as the steps out of
        a flat part left ``flat_steps``, then adds both changes of double stairs, then fills the
        places still free with ramps, steep kinks, jumps inside growth
        and the jumps and kinks of segments aligned on their own (see the module docstring);
        never a step that a gap beside it undoes (a bump); then the second stairs of those
        segments, then growth onsets (out of a flat part, then out of a climbing one), last switches
        right after growth starts."""
        standouts = standout_jumps(u, v, sigma, np.log1p(STANDOUT_STEP), self.f_limit)
        kept = self._add(u, v, kept, standouts, self.max_change_points, apart=True)
        # a second stair lies next to its change by design
        kept = self._add(u, v, kept, second_stairs(u, v, sigma, kept, self.f_limit), self.max_change_points,
                         apart=False)
        onsets = kinks(u, v, sigma, np.log1p(STANDOUT_STEP), self.f_limit)
        kept = self._add(u, v, kept, onsets, self.max_change_points, apart=True)
        # beyond the cap: what the steps out of a flat part left of ``flat_steps``; a step at the
        # first gap last (it would take the place of a step that stands out between two gaps)
        first = first_step(u, v, sigma, np.log1p(STANDOUT_STEP), self.f_limit, log_exponent)
        kept = self._add(u, v, kept, standouts + first + onsets, self.max_change_points + int(self.flat_steps),
                         apart=True)
        kept = self._double_stairs(u, v, sigma, kept)
        # last, in the places ``max_change_points`` still leaves free: ramps, then steep kinks, then
        # jumps inside growth, then the segments' own jumps and kinks
        kept = self._add(u, v, kept, ramps(u, v, sigma, np.log(RAMP_STEP), self.f_limit), self.max_change_points,
                         apart=True)
        kept = self._add(u, v, kept, steep_kinks(u, v, sigma, np.log1p(STANDOUT_STEP), self.f_limit),
                         self.max_change_points, apart=True)
        kept = self._add(u, v, kept, growth_jumps(u, v, sigma, np.log(STANDOUT_JUMP), GROWTH_JUMP_F_LIMIT),
                         self.max_change_points, apart=True)
        if len(kept) >= self.max_change_points:  # no place left for the rules below
            return kept
        # and then the jumps and kinks each segment between them shows once aligned on its own, and
        # the second stairs right after a change (next to it by design)
        segment_changes, segment_stairs = self._segment_changes(u, v, kept)
        kept = self._add(u, v, kept, segment_changes, self.max_change_points, apart=True)
        kept = self._add(u, v, kept, segment_stairs, self.max_change_points, apart=False)
        if len(kept) >= self.max_change_points:
            return kept
        # and then growth that starts at once out of a flat part
        onsets = growth_onsets(u, v, sigma, np.log1p(STANDOUT_STEP), float(self.min_relative_change), self.f_limit)
        onsets += climbing_onsets(u, v, sigma, np.log1p(STANDOUT_STEP), float(self.min_relative_change),
                                  GROWTH_JUMP_F_LIMIT)
        kept = self._add(u, v, kept, onsets, self.max_change_points, apart=True)
        if len(kept) >= self.max_change_points:
            return kept
        # last, a switch right after growth starts: judged before the onsets, it took their place
        return self._add(u, v, kept, excess_jumps(u, v, sigma, np.log(STANDOUT_JUMP),
                                                  float(self.min_relative_change), GROWTH_JUMP_F_LIMIT),
                         self.max_change_points, apart=True)

    def _double_stairs(self, u: np.ndarray, v: np.ndarray, sigma: np.ndarray, kept: list[int]) -> list[int]:
        """``kept`` with both changes of each double stair (see :func:`double_stairs`): the other
        one beside a kept one, beyond ``max_change_points`` as far as ``flat_steps`` leaves a place
        (each stair steps out of a level, as the steps out of a flat part do); both where two places
        of ``max_change_points`` are free and neither lies next to a kept change."""
        for pair in double_stairs(u, v, sigma, self.f_limit):
            if set(pair) & set(kept):
                kept = self._add(u, v, kept, list(pair), self.max_change_points + int(self.flat_steps), apart=False)
            elif len(kept) + 2 <= self.max_change_points and all(_clear_of(b, kept) for b in pair):
                kept = self._add(u, v, kept, list(pair), self.max_change_points, apart=False)
        return kept

    def _segment_changes(self, u: np.ndarray, v: np.ndarray, kept: list[int]) -> tuple[list[int], list[int]]:
        """The jumps that stand out and the kinks and steep kinks (see :func:`standout_jumps`,
        :func:`kinks`, :func:`steep_kinks`; z² above ``SEGMENT_F_FACTOR`` × ``f_limit``) in each
        segment of at least ``SEGMENT_POINTS`` sizes between the changes ``kept``, with its
        repetitions aligned by run (or by rank) over that segment alone and the noise bounded as
        the whole series' (see the module docstring), largest jump in ``v`` first; and the second
        stairs in the first gap of those that start at a change (see :func:`segment_stair`, the
        same limit). Nothing without repetitions given to ``fit`` or without a change to split at."""
        if self._runs is None or not kept:
            return [], []
        rows, in_runs = self._runs
        bounds = [0] + sorted(kept) + [len(u)]
        found, stairs = [], []
        for lo, hi in zip(bounds, bounds[1:]):
            if hi - lo < SEGMENT_POINTS:
                continue
            aligned = run_aligned_points(rows[lo:hi]) if in_runs else rank_aligned_points(rows[lo:hi])
            if aligned is None:  # no offsets that are real (runs), or no calibration (ranks)
                continue
            centre, noise = aligned[0], aligned[1]
            sigma = np.maximum(np.minimum(*_noise_bounds(self.x_[lo:hi], centre, noise, self.repetitions_[lo:hi])),
                               self.noise_floor)
            w, limit = np.log(centre), SEGMENT_F_FACTOR * self.f_limit
            found += [lo + b for rule in (standout_jumps, kinks, steep_kinks)
                      for b in rule(u[lo:hi], w, sigma, np.log1p(STANDOUT_STEP), limit)]
            if lo > 0 and segment_stair(u[lo:hi], w, sigma, float(v[lo] - v[lo - 1]), limit):
                stairs.append(lo + 1)
        return sorted(found, key=lambda b: -abs(v[b] - v[b - 1])), stairs

    def _add(self, u: np.ndarray, v: np.ndarray, kept: list[int], changes: list[int], most: int,
             apart: bool) -> list[int]:
        """``kept`` with ``changes`` added in turn while fewer than ``most``, each not yet kept,
        not undone by a gap beside it (a bump) and, if ``apart``, not next to a kept one."""
        for change in changes:
            if len(kept) < most and change not in kept and (not apart or _clear_of(change, kept)) \
                    and not _undone(u, v, change, self.least_step):
                kept = sorted(kept + [change])
                self.standout_ = True
        return kept

    def _flat_steps(self, u: np.ndarray, v: np.ndarray, sigma: np.ndarray, candidates: list[int],
                    kept: list[int], steepest: tuple[float, float]) -> list[int]:
        """Adds up to ``flat_steps`` changes beyond ``max_change_points`` that step up out of a flat
        part: among the passing slope drops (clearest first), then among the short pieces — a
        piece next to a kept change only where its gap is at least ``WIDE_GAP`` wide (over ×2
        gaps a size between two rises is part of a ramp)."""
        if len(kept) < self.max_change_points:  # every candidate that could be one is taken
            return kept
        for _ in range(int(self.flat_steps)):
            steps = {b for b in range(2, len(v)) if b not in kept and steps_out_of_flat(u, v, b)}
            step = next((b for b in candidates if b in steps and _clear_of(b, kept)), None)
            if step is None and steps and self.short_segments:  # the pieces cost a search of their own
                step = next((b for b in short_pieces(u, v, sigma, kept, max_changes=len(kept) + 2,
                                                     f_limit=float(self.short_f_limit), reach=int(self.short_reach),
                                                     min_step=float(self.min_relative_change), steepest=steepest)
                             if b in steps and (_clear_of(b, kept) or u[b] - u[b - 1] >= np.log(WIDE_GAP))), None)
            if step is None:
                break
            kept = sorted(kept + [step])
        return kept


def _noise_bounds(x: np.ndarray, y: np.ndarray, noise: np.ndarray, repetitions: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray]:
    """The two upper bounds of each point's noise the trend search takes the smaller of: the
    repetitions' noise pooled over neighbours (:func:`point_noise`) and the scatter from size to
    size (:func:`series_noise`)."""
    return point_noise(noise, repetitions, 0.0), series_noise(x, y)


def _numbers(values: ArrayLike, name: str) -> np.ndarray:
    """``values`` as a float array; an error naming the argument ``name`` of ``fit`` where they
    are not numbers (numbers that cannot be used are ignored by the callers, not an error)."""
    try:
        return np.asarray(values, dtype=float)
    except (TypeError, ValueError) as error:
        raise InvalidInputError(f"{name} must hold numbers: {error}") from error


def _sorted_runs(runs: tuple[ArrayLike, bool] | None, n: int, order: np.ndarray | None
                 ) -> tuple[np.ndarray, bool] | None:
    """The repetitions given to ``fit`` as ``runs``, rows in the sorted order of x, and whether
    they are in their runs' order; None where not given or not n rows of three or more positive,
    finite values (the alignment needs three runs)."""
    if runs is None or order is None:
        return None
    rows, in_runs = _numbers(runs[0], "runs"), bool(runs[1])
    if rows.ndim != 2 or rows.shape[0] != n or rows.shape[1] < 3 or not np.all(np.isfinite(rows)) \
            or np.any(rows <= 0):
        return None
    return rows[order], in_runs


def _sorted_medians(medians: tuple[ArrayLike, ArrayLike] | None, shape: tuple[int, ...],
                    order: np.ndarray | None, repetitions: np.ndarray | None) -> tuple[np.ndarray, np.ndarray] | None:
    """The medians and their noise given to ``fit``, in the sorted order of x; None where not
    given, not of x's shape, not all finite and positive, or where a point has fewer than
    ``MEDIAN_REPETITIONS`` repetitions (the test's values are used then)."""
    if medians is None or order is None or repetitions is None \
            or np.any(np.broadcast_to(repetitions, shape) < MEDIAN_REPETITIONS):
        return None
    centre, noise = (_numbers(a, "medians") for a in medians)
    if centre.shape != shape or noise.shape != shape or not (np.all(np.isfinite(centre)) and np.all(centre > 0)
                                                             and np.all(np.isfinite(noise)) and np.all(noise >= 0)):
        return None
    return centre[order], noise[order]


def standout_jumps(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, least: float, f_limit: float) -> list[int]:
    """Changes whose jump stands out: the gap's jump in log y ``v`` (up or down) is at least
    ``least`` (log units) and ``STANDOUT`` times the jump of both gaps beside it, and its z² in the
    two points' noise ``sigma`` exceeds ``f_limit``; never the first or the last gap (no gap on one
    side shows that the jump persists) nor a gap out of x ≤ 1 (``u`` = log x ≤ 0: a log term starts
    from 0 there). A sum of PMNF terms has log-log jumps that grow gently over doubling sizes and
    shrink over linear ones, so none stands out. Largest jump first.
    """
    jump = np.diff(v)
    beside = np.maximum(*_beside(np.abs(jump)))  # NaN at the first and the last gap
    noise = sigma[:-1] ** 2 + sigma[1:] ** 2
    with np.errstate(divide="ignore", invalid="ignore"):  # a noise of 0 judges nothing
        z2 = np.where(noise > 0, jump ** 2 / noise, np.nan)
        stands = (np.abs(jump) >= least) & (np.abs(jump) >= STANDOUT * beside) & (z2 > f_limit) & (u[:-1] > 0)
    return sorted((int(gap) + 1 for gap in np.flatnonzero(stands)), key=lambda b: -abs(jump[b - 1]))


def growth_jumps(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, least: float, f_limit: float) -> list[int]:
    """Jumps inside growth: a gap whose jump in log y ``v`` (up or down) is at least ``least`` (log
    units) and whose log-log slope is ``GROWTH_JUMP`` times that of each gap beside it, with the
    excess over each of them clear of the noise — z² of that slope difference, in the three points'
    noise ``sigma``, above ``f_limit``; never the first or the last gap, nor a gap out of x ≤ 1
    (``u`` = log x ≤ 0). Largest jump first.

    Against the gap after it the excess is a drop of the log-log slope, which no sum of positive
    PMNF terms shows (but for a log factor's, far less over a doubling); against the gap before it,
    it tells a jump from the end of a rise that steepens. :func:`standout_jumps` asks twice both
    neighbours' jumps, which growth of ×1.3–1.7 per doubling around a switch does not leave (the
    ten largest sizes of a 2-rank non-overlapping Reduce_scatter: ×1.22, ×1.34, ×1.56, then ×4.90
    at 64|128 KiB, ×2.36, ×2.13), while the significance test's noise of the means there is 8 %
    (slow runs) and the medians' 1–3 %. Slopes, not jumps: on sizes ×1.5 and ×1.33 apart in turn
    (8, 12, 16, 24, …) a quadratic's jumps alternate ×2.25 and ×1.78, 1.41 times each other in log
    units. Noise alone passes rarely: the second difference of three points at 5 % noise each has a
    standard error of 12 %, so a z² of 8 (``GROWTH_JUMP_F_LIMIT``) needs an excess of ×1.4 over both
    neighbours' jumps at once (sizes evenly spaced in log x).
    """
    if len(v) < 4:  # a gap before, a gap after
        return []
    jump, width = np.diff(v), np.diff(u)
    slope = np.abs(jump) / width
    # gap g for g = 1 … n − 3: the gap before, the gap, the one after; the slope change at each
    # interior point, and its noise (point g + 1 at index g)
    before, at, after = slope[:-2], slope[1:-1], slope[2:]
    noise = _slope_change_variance(sigma[:-2], sigma[1:-1], sigma[2:], width[:-1], width[1:])
    clear = (u[1:-2] > 0) & (np.abs(jump[1:-1]) >= least)
    with np.errstate(divide="ignore", invalid="ignore"):  # a noise of 0 judges nothing
        for other, variance in ((before, noise[:-1]), (after, noise[1:])):
            clear &= (at >= GROWTH_JUMP * other) & (variance > 0) & ((at - other) ** 2 / variance > f_limit)
    gaps = np.flatnonzero(clear) + 1
    return [int(g) + 1 for g in gaps[np.argsort(-np.abs(jump[gaps]), kind="stable")]]


def excess_jumps(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, least: float, min_rise: float,
                 f_limit: float) -> list[int]:
    """Switches right after growth starts: a change b whose gap and the gap after it are at least
    ``WIDE_GAP`` wide (log x ``u``), whose jump in log y ``v`` is at least ``least`` (log units), one
    or two sizes after a flat part, where the log-log slope of the excess over the flat level is
    ``GROWTH_JUMP`` times as steep over b's gap as over the gap after, the difference's z² above
    ``f_limit`` in each point's noise ``sigma`` (see :func:`excess_slopes`). Clearest first.

    Over a flat level a sum of positive PMNF terms rises as the level plus an excess that is itself
    a sum of positive terms, convex in log-log (log-sum-exp of lines): its slope never falls but
    for a log factor's. A switch right after growth starts (the TCP rendezvous switch, every other
    size) lifts the excess in one gap; the growth after it goes on at its own slope. The series
    itself steepens over both gaps (the level damps the first), so its slopes show nothing."""
    at, after, variance = excess_slopes(u, v, sigma, least, min_rise)
    with np.errstate(divide="ignore", invalid="ignore"):  # NaN where the shape does not hold
        z2 = (at - after) ** 2 / variance
        switch = (at >= GROWTH_JUMP * after) & (z2 > f_limit)
    changes = np.flatnonzero(switch)
    return [int(b) for b in changes[np.argsort(-z2[changes], kind="stable")]]


def excess_slopes(u: np.ndarray, v: ArrayLike, sigma: np.ndarray | float, least: float, min_rise: float
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per change b (between points b − 1 and b) of one or many series ``v`` (log y, sizes on the
    last axis; ``u`` log x): the log-log slope of the excess over the flat level over b's gap and
    over the gap after it, and the variance of their difference in the noise ``sigma`` (relative
    to y, taken relative to each size's excess); NaN where the shape of :func:`excess_jumps` does
    not hold: b's gap and the one after at least ``WIDE_GAP`` wide, b's jump at least ``least``;
    the ``ONSET_POINTS`` sizes ending at b − 2 (else at b − 3) within ``ONSET_FLAT`` of each other,
    from x > 1, their median the level L; the series rising at every gap from the last of them over
    the gap after b; the excess of the size b − 1 at least ``min_rise`` and at most
    ``EXCESS_NEAR`` times L."""
    v = np.asarray(v, dtype=float)
    sigma = np.broadcast_to(sigma, v.shape)
    at, after = _nothing(v)
    variance = at.copy()
    width = np.diff(u)
    wide = width >= np.log(WIDE_GAP) * (1 - 1e-9)
    jump = np.diff(v, axis=-1)
    k = ONSET_POINTS
    for b in range(k + 1, v.shape[-1] - 1):
        if not (wide[b - 1] and wide[b]):
            continue
        # the flat part ends at b - 2 where those sizes are flat, at b - 3 otherwise
        parts = [v[..., last + 1 - k:last + 1] for last in (b - 2, b - 3) if last + 1 - k >= 0]
        flat = [(np.ptp(part, axis=-1) < np.log1p(ONSET_FLAT)) & (u[b - 1 - k - i] > 0)
                for i, part in enumerate(parts)]
        levels = [np.median(part, axis=-1) for part in parts]
        near = flat[0]
        far = flat[1] & ~near if len(parts) > 1 else np.zeros_like(near)
        level = np.exp(np.where(far, levels[-1], levels[0]))
        rises = np.all(jump[..., b - 2:b + 1] > 0, axis=-1) & (near | (jump[..., b - 3] > 0))
        shape = (near | far) & rises & (jump[..., b - 1] >= least)
        y = np.exp(v[..., b - 1:b + 2])
        excess = y - level[..., None]
        shape &= (excess[..., 0] >= min_rise * level) & (excess[..., 0] <= EXCESS_NEAR * level)
        excess = np.where(shape[..., None], excess, 1.0)
        with np.errstate(invalid="ignore", over="ignore"):  # values that are not numbers: no shape
            slopes = np.diff(np.log(excess), axis=-1) / width[b - 1:b + 1]
            noise = sigma[..., b - 1:b + 2] * y / excess
        spread = _slope_change_variance(noise[..., 0], noise[..., 1], noise[..., 2], width[b - 1], width[b])
        at[..., b] = np.where(shape, slopes[..., 0], np.nan)
        after[..., b] = np.where(shape, slopes[..., 1], np.nan)
        variance[..., b] = np.where(shape, spread, np.nan)
    return at, after, variance


def ramps(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, least: float, f_limit: float) -> list[int]:
    """Rises (or falls) spread over two gaps that stand out: both gaps' jumps in log y ``v`` go the
    same way, each at least ``least`` (log units) and ``STANDOUT`` times the jump of both gaps
    beside the pair, and the whole rise has z² above ``f_limit`` in the noise ``sigma`` of its first
    and last point; never at the first or the last gap nor out of x ≤ 1 (``u`` = log x ≤ 0), and
    only where the four gaps at least double x (every ramp of the real sets lies on such a grid;
    over the process counts 2, 3, 4, 5, 6, 8 of a 2-core Allreduce the oversubscription rises
    ×2.2 and ×1.9 over 4|6 while the ×5.6 at 2|3, the first gap, is not judged).
    Reported at the larger of the two gaps (a step is where most of the rise is; the truth tables
    give a two-gap ramp the interval over both). Clearest (largest rise) first.

    The later gap of a pair jumps at least twice as much as the gap after it: a sum of PMNF terms
    over doubling sizes has log-log jumps that never shrink but for a log factor's gentle fall
    (see :func:`standout_jumps`). The ten largest sizes of a loaded
    2-rank Scan over TCP with a 35 KiB eager limit: ×1.03, then ×2.00 and ×1.74 over 16|64 KiB,
    then ×1.16 (no gap stands out of the other, and the test bends one function through them)."""
    jump = np.diff(v)
    doubling = np.diff(u) >= np.log(2.0) * (1 - 1e-9)
    found = []
    for gap in range(1, len(jump) - 2):  # the pair: gaps ``gap`` and ``gap + 1``
        first, second = jump[gap], jump[gap + 1]
        smaller = min(abs(first), abs(second))
        if first * second <= 0 or u[gap] <= 0 or smaller < least or not np.all(doubling[gap - 1:gap + 3]):
            continue
        noise = sigma[gap] ** 2 + sigma[gap + 2] ** 2
        rise = first + second
        if smaller >= STANDOUT * max(abs(jump[gap - 1]), abs(jump[gap + 2])) and noise > 0 and rise ** 2 / noise > f_limit:
            found.append((abs(rise), gap + 1 if abs(first) >= abs(second) else gap + 2))
    return [change for _, change in sorted(found, key=lambda item: -item[0])]


def first_step(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, least: float, f_limit: float,
               log_exponent: float = 2.0) -> list[int]:
    """``[1]`` when the first gap is a step up: its jump in log y ``v`` is at least ``least`` (log
    units) with z² above ``f_limit`` in its two points' noise ``sigma``, and the series does not go
    on rising that steeply — either the two gaps after it lie flat (each below ``FLAT_STEP`` and at
    most 1/``STANDOUT`` of the jump), or, from x > 1, the first gap's log-log slope less what a log
    factor allows is ``STANDOUT`` times the slope of each of the two gaps after it. Otherwise
    ``[]``; never below x = 1 or for fewer than four sizes.

    A sum of PMNF terms has no log-log slope that falls but for its log factors': a term
    ``x^i · log2(x)^j`` has the slope ``i + j · d ln(ln x) / d ln x``. The first gap's slope less
    ``log_exponent`` (the search space's largest ``j``) times that log-factor slope over it is at
    most what its power terms give, and their share only grows (see :func:`slope_drops`); from
    x = 1, where a log term starts from 0, no such bound holds. Where the sizes after the first
    gap lie no closer in log x than its two (doubling sizes, every other size), a log term's jump
    J is followed by a rise of at least (2J − 1)/J (×1.17 for J = 1.2), so flat gaps after a jump
    hold from x = 1 too; over sizes 1, 2, 3, … a log term's rises shrink (log2 x: 1, 0.58, 0.42)
    and flat gaps show nothing. The ten largest sizes of a ping-pong, ×2.51 at 8|16 KiB and ×1.13,
    ×1.26 after, start with a change; so does every other size of an Allreduce from 2 B, ×1.74 at
    2|8 B and flat after.

    A step down is not judged here: at the smallest sizes a first size above the level after it
    is, on the real sweeps, mostly the end of a bump (2 and 4 B slower than 1 and 8 B, which every
    other size from 2 B shows as a drop alone); judged both ways, the twenty-one real sets gave
    +5 / +4 main changes more (from the summaries / kept values) and +7 / +7 false ones, all seven
    such drops. :func:`first_drop` judges one from x = 1 only."""
    if len(v) < 4 or u[0] < 0:
        return []
    jump, width = np.diff(v), np.diff(u)
    noise = sigma[0] ** 2 + sigma[1] ** 2
    if jump[0] < least or noise <= 0 or jump[0] ** 2 / noise <= f_limit:
        return []
    rest = np.abs(jump[1:3])
    # a log term's rise after its jump holds where the sizes lie no closer (in log x) after it
    spread = bool(np.all(width[1:3] >= width[0] * (1 - 1e-9)))
    if spread and np.all(rest < np.log1p(FLAT_STEP)) and np.all(jump[0] >= STANDOUT * rest):
        return [1]
    if u[0] == 0:
        return []
    log_factor = float(_log_factor_slope(u, np.log(u[:2]), np.array(0), np.array(1)))  # over the first gap
    slope = jump[:3] / width[:3]
    return [1] if slope[0] - log_exponent * log_factor >= STANDOUT * max(abs(slope[1]), abs(slope[2])) else []


def first_drop(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, least: float, f_limit: float) -> list[int]:
    """``[1]`` when the sizes start at x = 1 and the first gap steps down onto a level: its
    jump in log y ``v`` is at most −``least`` with z² above ``f_limit`` (the detection passes
    ``FIRST_DROP_F_FACTOR`` × its own) in its two points' noise ``sigma``, and the two gaps after
    it lie flat (each below ``FLAT_STEP`` and at most 1/``STANDOUT`` of the drop) over sizes no
    closer in log x than the first two; otherwise ``[]``.

    No sum of PMNF terms falls and then lies level (its terms only grow). x = 1 is the smallest
    size a count or a message can have, so nothing before it hides a bump whose end the drop
    would be (see :func:`first_step`): a 2-rank Gather's 1-byte call is slower than every size up
    to the inline-send limit (×0.65, then ×1.01, ×1.01; every run; seven such Gathers in six
    sets, each a main change of its table)."""
    if len(u) == 0 or u[0] != 0:
        return []
    # from x = 1 the steps up in the first gap are judged by their landing alone, and the landing
    # looks the same upside down
    return first_step(u, -np.asarray(v, dtype=float), sigma, least, f_limit)


def kinks(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, least: float, f_limit: float) -> list[int]:
    """Gaps where the series leaves a flat part with a rise that does not steepen after it: the
    gap before lies flat (log-log slope within ``KINK_FLAT`` of 0), the gap's jump in log y ``v``
    is at least ``least`` (log units) and its slope at least ``KINK_RISE`` above the gap before's,
    with z² of that slope rise above ``f_limit`` in the three points' noise ``sigma``, and the gap
    after it no steeper. Clearest first.

    A sum of PMNF terms has a log-log slope that never falls but for its log factors' (see
    :func:`slope_drops`): a rise out of a flat part is the onset of a growing term, which steepens
    the series further, and a log factor's slope peaks gently. Over a grid of both coefficients
    of a constant and one or two terms of Extra-P's search space (sizes from x = 1 or 2, doubling,
    ×4, ×8, 1, 2, 3, … or ×1.25), the largest slope rise out of a flat gap with no steeper gap
    after it is below 0.001 and the largest jump ×1.13 (``KINK_RISE`` is 0.15, ``least`` ×1.2 in
    the detection). Every other size shows an algorithm switch whose bandwidth regime grows at
    once as this (a 4-rank recursive-doubling Allgather: ×1.00 at 128|512 B, then ×1.38,
    ×1.38, ×1.45), where no slope drops after the rise."""
    return _kink_gaps(u, v, sigma, least, f_limit, KINK_FLAT, KINK_RISE, from_above_one=False)


def steep_kinks(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, least: float, f_limit: float) -> list[int]:
    """Kinks out of a gap that rises slowly: the gap before has a log-log slope from
    −``KINK_FLAT`` to ``ONSET_SLOPE`` and starts at x > 1, the gap's slope is at least
    ``ONSET_RISE`` above it, and the rest as :func:`kinks` (jump ≥ ``least``, z² of the slope rise
    above ``f_limit``, no steeper gap after it). Clearest first.

    Every other size of a sweep over TCP goes from its flat latency regime through a slow rise
    into the rendezvous switch and bandwidth growth: ×1.06, ×1.34, then ×3.12 at 32|128 KiB and
    ×2.73 after (a 4-rank Alltoall; slopes 0.04, 0.21, 0.82, 0.72), where the slope drops too
    little after the switch to pass. Over the grid of :func:`kinks` (both coefficients of a
    constant and one or two terms of Extra-P's search space, sizes doubling, ×4, ×8, 1, 2, 3, …
    or ×1.25) a sum of terms comes to a slope rise of at most 0.09 out of such a gap with no
    steeper gap after it (``python benchmarks/segmentation/kink_bound.py``); from x = 1, where a
    log term starts from 0, to 0.33, so those gaps are not judged."""
    return _kink_gaps(u, v, sigma, least, f_limit, ONSET_SLOPE, ONSET_RISE, from_above_one=True)


def _kink_gaps(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, least: float, f_limit: float, highest: float,
               rise_least: float, from_above_one: bool) -> list[int]:
    """The kinks whose gap before has a log-log slope from −``KINK_FLAT`` to ``highest`` (and, if
    ``from_above_one``, starts at x > 1) and whose slope rise is at least ``rise_least``; see
    :func:`kinks`."""
    if len(v) < 4:  # a gap before, a gap after
        return []
    jump, width = np.diff(v), np.diff(u)
    slope = jump / width
    # gap g (between points g and g + 1) for g = 1 … n − 3: the gap before, the gap, the one after
    before, at, after = slope[:-2], slope[1:-1], slope[2:]
    rise = at - before
    # the slope rise (v[g+1] − v[g]) / w_g − (v[g] − v[g−1]) / w_{g−1} and its noise
    noise = _slope_change_variance(sigma[:-3], sigma[1:-2], sigma[2:-1], width[:-2], width[1:-1])
    with np.errstate(divide="ignore", invalid="ignore"):  # a noise of 0 judges nothing
        z2 = np.where(noise > 0, rise ** 2 / noise, 0.0)
    kink = ((before >= -KINK_FLAT) & (before <= highest) & (jump[1:-1] >= least) & (rise >= rise_least)
            & (after <= at) & (z2 > f_limit))
    if from_above_one:
        kink &= u[:-3] > 0  # the gap before starts at x > 1
    gaps = np.flatnonzero(kink) + 1
    return [int(g) + 1 for g in gaps[np.argsort(-z2[gaps - 1], kind="stable")]]


def growth_onsets(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, least: float, min_miss: float,
                  f_limit: float) -> list[int]:
    """Gaps where growth starts at once out of a flat part: the ``ONSET_POINTS`` sizes before the
    gap lie within ``ONSET_FLAT`` of each other (log y ``v``), the first size after it lies at least
    ``least`` (log units) above their level (the median), the series rises at every gap from the
    last flat size over the ``ONSET_POINTS`` sizes after it, and the last flat size lies below
    the level plus the bound those sizes set (see below) by at least ``min_miss`` of its value
    (of the level where it dips below it), with z² above ``f_limit`` in its noise and the bound's
    (``sigma``: each point's relative noise). Clearest first.

    A sum of PMNF terms rising out of a flat part is the level c plus terms that grow: the excess
    y − c is a sum of positive terms ``x^i``, convex in log-log (log-sum-exp of lines), so a line
    through the log excess of sizes after the onset, extended back, lies at or below the excess of
    every size before them (for three sizes equally spaced in log x the least-squares line lies
    below the chord of the two nearer ones there, and a convex function lies above its chords'
    extensions). A switch into a bandwidth regime starts its growth at once and leaves the last
    flat size far below that bound (a 5-rank pipelined Reduce, medians: ×1.01, ×1.01, then ×1.56,
    ×1.39, ×1.71 from 2048|4096 B on; aligned by run, 2 KiB lies 18 % below the level plus the bound,
    z² 46); a smooth α + β·x knee does not. The level, the median of the flat sizes, lies above
    the constant where the terms already rise inside the flat part, and log factors bend the
    excess the other way: over Extra-P's search space (a constant and two terms, noiseless, the
    grids of ``python benchmarks/segmentation/kink_bound.py``) the last flat size lies at most 9.1 %
    below the level plus the bound where the rest of the shape holds (on sizes doubling, ×4 or ×8
    from 1; 4.2–7.2 % on the other grids), under the 10 % of ``min_relative_change``.

    Where the kinks (:func:`kinks`) see such an onset, the growth after it does not steepen; here it
    may, and no slope drops after it: the onset of a term that grows ×1.5–2 per doubling, which
    the search space fits, differs from a switch only in how fast it leaves the level."""
    miss, variance = onset_misses(u, v, sigma, least)
    # NaN where the shape does not hold: no onset; a noise of 0 (noise_floor 0, exact values) makes
    # any miss beyond min_miss one
    with np.errstate(divide="ignore", invalid="ignore"):
        z2 = miss ** 2 / variance
        onset = (miss >= min_miss) & (z2 > f_limit)
    gaps = np.flatnonzero(onset)
    return [int(g) for g in gaps[np.argsort(-z2[gaps], kind="stable")]]


def onset_misses(u: np.ndarray, v: np.ndarray, sigma: np.ndarray | float, least: float
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Per change b (between points b − 1 and b) of one or many series ``v`` (log y, sizes on the
    last axis; ``u`` log x): how far the size b − 1 (the level of the ``ONSET_POINTS`` sizes
    before b where it lies below it) lies below that level plus the bound that the sizes from b
    on set to its excess, relative to its value, and the variance of that relative miss in the
    noise ``sigma`` (see :func:`growth_onsets`); NaN where those sizes are not flat, the size b
    not ``least`` above their level or the series not rising from b − 1 on."""
    windows = _onset_windows(u, v, sigma)
    if windows is None:
        return _nothing(v)
    v_flat, _, _, v_grows = windows[:4]
    level = np.median(v_flat, axis=0)
    shape = (np.ptp(v_flat, axis=0) < np.log1p(ONSET_FLAT)) & (v_grows[0] - level >= least)
    return _below_bound(u, v, windows, level, level, shape)


def climbing_onsets(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, least: float, min_miss: float,
                    f_limit: float) -> list[int]:
    """Gaps where growth starts at once out of a part that climbs slowly, as :func:`growth_onsets`
    judges them out of a flat part, but with the level the least-squares line (log-log) through
    the ``ONSET_POINTS`` sizes before the gap, each of their gaps rising at a slope of
    −``KINK_FLAT`` … ``FLAT_SLOPE``, extended to the sizes after it; the flat part starts at x > 1
    (``u`` > 0). The miss needed grows with the gap's width: ``min_miss`` × (width / log 2) to the
    ``CLIMB_WIDTH_POWER``, at least ``min_miss``. Clearest first.

    Every other size of a sweep climbs ×1.1–1.3 per gap in its latency regime before the switch
    (a 5-rank Allgather over TCP: ×0.96, ×1.20, ×1.12, then ×2.27 at 8|32 KiB, ×3.03, ×3.19): the
    median of three climbing sizes lies below the last one and the flat part spans more than
    ``ONSET_FLAT``, where the line through them passes the last one and rises on."""
    miss, variance = climb_misses(u, v, sigma, least)
    with np.errstate(divide="ignore", invalid="ignore"):  # as in growth_onsets
        z2 = miss ** 2 / variance
        onset = (miss >= climb_needed(u, min_miss)) & (z2 > f_limit)
    gaps = np.flatnonzero(onset)
    return [int(g) for g in gaps[np.argsort(-z2[gaps], kind="stable")]]


def climb_needed(u: np.ndarray, min_miss: float) -> np.ndarray:
    """Per change b (between points b − 1 and b; log x ``u``): the miss an onset out of a climbing
    part needs there (see :func:`climbing_onsets`); infinite at b = 0."""
    width = np.diff(u, prepend=-np.inf)
    return min_miss * np.maximum(1.0, width / np.log(2.0)) ** CLIMB_WIDTH_POWER


def climb_misses(u: np.ndarray, v: np.ndarray, sigma: np.ndarray | float, least: float
                 ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`onset_misses` with the level of the ``ONSET_POINTS`` sizes before each change b the
    line through them (see :func:`climbing_onsets`); NaN where their gaps climb or fall more, the
    first of them is at x ≤ 1, the size b lies not ``least`` above the line or a size from b on
    not above it, or the series does not rise from b − 1 on."""
    windows = _onset_windows(u, v, sigma)
    if windows is None:
        return _nothing(v)
    v_flat, u_flat, u_grows, v_grows = windows[:4]
    slopes = np.diff(v_flat, axis=0) / _along(np.diff(u_flat, axis=0), v_flat.ndim)
    # the least-squares line through the flat sizes, at the last of them and at the sizes after them
    line = np.stack([np.sum(_along(_extension_weights(u_flat.T, at).T, v_flat.ndim) * v_flat, axis=0)
                     for at in np.concatenate([u_flat[-1:], u_grows])])
    shape = (np.all((slopes >= -KINK_FLAT) & (slopes <= FLAT_SLOPE), axis=0) & (u_flat[0] > 0)
             & (v_grows[0] - line[1] >= least) & np.all(v_grows > line[1:], axis=0))
    return _below_bound(u, v, windows, line[0], line[1:], shape)


def _onset_windows(u: np.ndarray, v: ArrayLike, sigma: np.ndarray | float) -> tuple[np.ndarray, ...] | None:
    """Per change b from ``ONSET_POINTS`` to n − ``ONSET_POINTS`` (last axis) of the series ``v``
    (sizes last), each of the ``ONSET_POINTS`` sizes before b and from b on along the first axis:
    log y of those before b, their log x, log x of those from b on, their log y, their noise
    ``sigma``; the size b − 1's noise and whether the series rises at every gap from b − 1 over the
    sizes from b on; None where no b exists. (Reductions over a short last axis of a large batch,
    as ``kink_bound.py`` passes, cost numpy several times those over the first.)"""
    v = np.asarray(v, dtype=float)
    n, k = v.shape[-1], ONSET_POINTS
    changes = n - 2 * k + 1
    if changes < 1:
        return None
    sigma = np.broadcast_to(sigma, v.shape)

    def sizes(values: np.ndarray, first: int) -> np.ndarray:
        return np.stack([values[..., first + j:first + j + changes] for j in range(k)])

    v_grows = sizes(v, k)
    rises = np.all(np.diff(np.concatenate([v[None, ..., k - 1:k - 1 + changes], v_grows]), axis=0) > 0, axis=0)
    return (sizes(v, 0), sizes(u, 0), sizes(u, k), v_grows, sizes(sigma, k), sigma[..., k - 1:k - 1 + changes], rises)


def _along(values: np.ndarray, ndim: int) -> np.ndarray:
    """``values`` (first axis: the sizes of a window, last: the changes) shaped to broadcast against
    an array of ``ndim`` dimensions with those two axes first and last."""
    return values.reshape(values.shape[:1] + (1,) * (ndim - 2) + values.shape[-1:])


def _nothing(v: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """Misses and variances of no change at all (NaN) for the series ``v``."""
    empty = np.full(np.shape(v), np.nan)
    return empty, empty.copy()


def _below_bound(u: np.ndarray, v: ArrayLike, windows: tuple[np.ndarray, ...], last_level: np.ndarray,
                 levels_after: np.ndarray, shape: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per change b (sizes last, as ``v``; NaN where ``shape`` does not hold, the series does not
    rise from b − 1 on or no b exists): how far the size b − 1 lies below its level ``last_level``
    (log) plus the bound that the excess over ``levels_after`` (log) of the ``ONSET_POINTS`` sizes
    from b on sets (see :func:`growth_onsets`), relative to its value, and that miss's variance in
    the noise (``windows`` from :func:`_onset_windows`)."""
    v_flat, _, u_grows, v_grows, sigma_grows, sigma_last, rises = windows
    k = ONSET_POINTS
    shape = shape & rises
    y_grows = np.exp(v_grows)
    # > 0 where the shape holds: the first lies ``least`` above the level, the rest higher
    excess = np.where(shape, y_grows - np.exp(levels_after), 1.0)
    # the least-squares line's value at the size b − 1, as weights of the log excess
    weights = _along(_extension_weights(u_grows.T, u[k - 1:len(u) - k]).T, v_grows.ndim)
    bound = np.exp(np.sum(weights * np.log(excess), axis=0))
    relative = weights * sigma_grows * y_grows / excess  # each size's share of its noise
    # the level where the size b − 1 dips below it: a dip (a band of runs moving the median)
    # is no evidence of the onset
    level = np.exp(last_level)
    last = np.maximum(np.exp(v_flat[-1]), level)
    miss, variance = _nothing(v)
    miss[..., k:len(u) - k + 1] = np.where(shape, (level + bound) / last - 1.0, np.nan)
    variance[..., k:len(u) - k + 1] = np.where(
        shape, sigma_last ** 2 + (bound / last) ** 2 * np.sum(relative ** 2, axis=0), np.nan)
    return miss, variance


def second_stairs(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, kept: list[int], f_limit: float) -> list[int]:
    """Second stairs: the gap right after a change in ``kept`` where the series, on sizes at least
    ``WIDE_GAP`` apart, rises (or falls) once more and then lies flat — the gap's jump in log y
    ``v`` goes the change's way, is at most ``STAIR_SHARE`` of the change's jump and at least
    ``STANDOUT_STEP``, with z² above ``f_limit`` in its two points' noise ``sigma``, and the gap
    after it jumps less than ``FLAT_STEP`` and at most 1/``STANDOUT`` as much (a stair lands on a
    level). A segment of PMNF terms cannot start with a jump and then lie flat (its log-log slope
    never falls but for a log factor's), so the change's segment would bend through a step. Every
    other size of a sweep puts the eager switch next to the inline-send limit's jump (a 3-rank
    Reduce: ×5.81 at 256|1024 B, ×1.86 at 1024|4096 B, ×1.11 after). Not judged before a change:
    a rise out of a flat part into a step is how a growing term starts as well."""
    jump = np.diff(v)
    noise = sigma[:-1] ** 2 + sigma[1:] ** 2
    stairs = []
    for change in kept:
        gap, after = change, change + 1  # the gaps of the second stair and of the one after it
        if after >= len(jump) or u[gap] <= 0 or u[gap + 1] - u[gap] < np.log(WIDE_GAP):
            continue
        step, before, rest = jump[gap], jump[change - 1], jump[after]
        if (step * before > 0 and np.log1p(STANDOUT_STEP) <= abs(step) <= STAIR_SHARE * abs(before)
                and abs(rest) < np.log1p(FLAT_STEP) and abs(step) >= STANDOUT * abs(rest)
                and noise[gap] > 0 and step ** 2 / noise[gap] > f_limit):
            stairs.append(change + 1)
    return stairs


def double_stairs(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, f_limit: float) -> list[tuple[int, int]]:
    """Double stairs: two neighbouring gaps, over sizes at least ``WIDE_GAP`` apart, that jump the
    same way, each by at least ``STANDOUT_STEP`` with z² above ``f_limit`` in its two points' noise
    ``sigma``, while the gap before the pair and the gap after it each jump at most 1/``STANDOUT``
    of the smaller of the two (in log y ``v``): the series lies level, steps, lies level at one
    size, steps again and lies level. Returned as the pairs of changes, in the order of x; not
    judged out of x ≤ 1 (``u`` = log x ≤ 0) nor without a gap on both sides.

    Every other size of a sweep puts the inline-send limit (256|512 B) and the eager switch
    (2048|4096 B) in neighbouring gaps, 256|1024 B and 1024|4096 B, often with similar jumps (a
    4-rank linear Allreduce: ×1.01, then ×1.76 and ×1.69, then ×1.16), where :func:`staircase`
    takes the two for one rise spread over both and :func:`second_stairs` needs the second to be
    the smaller. A sum of PMNF terms rises over two gaps and then lies level nowhere (its log-log
    slope never falls); one switch spread over two gaps of ×4 is rare on the real sets, whose
    ramps span ×4, one ×8 (a truth table's two-gap ramp, ×1.74 and ×2.12 at 2048|8192 B, is one
    of the false changes the rule gives there).

    The gap after the pair may rise instead, by at most ``STAIRS_GROWTH_AFTER`` of the second
    stair's jump, where the gap before it jumps less than ``FLAT_STEP`` and the first stair is at
    least ``STAIRS_BALANCE`` of the second: the eager switch leads into the bandwidth regime's
    growth (every other size of a 4-rank ring Reduce_scatter: ×1.04, ×1.53, ×2.12, then ×1.25). A
    small rise before a large jump is the climb into one switch (a loaded 2-rank Scatterv at every
    other size: ×1.08, ×1.39, then ×3.46 at 32|128 KiB and ×1.81; its table names the jump alone),
    and growth that starts out of a flat part steepens (a sum of PMNF terms) or slows too little (a
    log factor)."""
    jump, width = np.diff(v), np.diff(u)
    noise = sigma[:-1] ** 2 + sigma[1:] ** 2
    least, wide = np.log1p(STANDOUT_STEP), np.log(WIDE_GAP)
    pairs = []
    for gap in range(1, len(jump) - 2):  # the pair's gaps: gap and gap + 1
        first, second = jump[gap], jump[gap + 1]
        smaller = min(abs(first), abs(second))
        before, after = abs(jump[gap - 1]), abs(jump[gap + 2])
        level_after = STANDOUT * after <= smaller
        # into growth: out of a flat part, the first stair not much below the second
        into_growth = (before < np.log1p(FLAT_STEP) and after <= STAIRS_GROWTH_AFTER * abs(second)
                       and abs(first) >= STAIRS_BALANCE * abs(second))
        if (first * second > 0 and u[gap] > 0 and min(width[gap], width[gap + 1]) >= wide and smaller >= least
                and STANDOUT * before <= smaller and (level_after or into_growth)
                and all(noise[g] > 0 and jump[g] ** 2 / noise[g] > f_limit for g in (gap, gap + 1))):
            pairs.append((gap + 1, gap + 2))
    return pairs


def segment_stair(u: np.ndarray, w: np.ndarray, sigma: np.ndarray, change_jump: float, f_limit: float) -> bool:
    """True when the first gap of a segment that starts at a change is a second stair: over sizes
    at least ``WIDE_GAP`` apart, the gap's jump in log y ``w`` (the segment aligned on its own) goes
    the change's way (``change_jump``, log units), is at least ``STANDOUT_STEP`` and at most
    ``STAIR_SHARE`` of the change's jump, at least ``STANDOUT`` times the jump of the gap after it,
    with z² above ``f_limit`` in its two points' noise ``sigma``.

    :func:`second_stairs` needs the series to lie flat after the stair, which the whole sweep's
    noise hides; aligned over the segment alone, a stair that stands out of the growth after it is
    clear where the growth starts slowly. Every other size of a 4-rank Bcast: ×5.96 into 1 KiB
    (the inline-send limit), then the eager switch's ×1.63 at 1024|4096 B and ×1.17 after it, z² 8.6
    from the summaries over the whole sweep."""
    if len(w) < 3 or u[1] - u[0] < np.log(WIDE_GAP):
        return False
    stair, after = w[1] - w[0], w[2] - w[1]
    noise = sigma[0] ** 2 + sigma[1] ** 2
    return bool(stair * change_jump > 0 and np.log1p(STANDOUT_STEP) <= abs(stair) <= STAIR_SHARE * abs(change_jump)
                and abs(stair) >= STANDOUT * abs(after) and noise > 0 and stair ** 2 / noise > f_limit)

def _undone(u: np.ndarray, v: np.ndarray, change: int, tolerance: float) -> bool:
    """True when a gap within ``BUMP_SIZES`` of ``change`` jumps back so that the two are a bump."""
    def jump(gap: int) -> tuple[int, float]:
        return gap, float(v[gap] - v[gap - 1])

    return any(_bump(u, v, *sorted([jump(change), jump(other)]), tolerance)
               for other in range(max(change - BUMP_SIZES, 1), min(change + BUMP_SIZES, len(v) - 1) + 1)
               if other != change)


def _bump(u: np.ndarray, v: np.ndarray, first: tuple[int, float], second: tuple[int, float], tolerance: float) -> bool:
    """True when the changes ``first`` and ``second`` (change, step in log units; first < second)
    are a bump: at most ``BUMP_SIZES`` sizes apart, opposite steps of similar size (the smaller at
    least half the larger) and back within ``tolerance`` of the trend the series left."""
    (one, up), (other, down) = first, second
    return bool(other - one <= BUMP_SIZES and up * down < 0 and min(abs(up), abs(down)) >= 0.5 * max(abs(up), abs(down))
                and returns_to_trend(u, v, one, other, tolerance))


def returns_to_trend(u: np.ndarray, v: np.ndarray, first: int, second: int, tolerance: float) -> bool:
    """True when the first size after change ``second`` lies within ``tolerance`` (log units) of
    the trend the series left at change ``first`` (the log-log line over up to two gaps before it;
    level where there is none): a bump returns, a dip or spike followed by a new level does not."""
    before = first - 1
    slope = _slope_into(u, v, before) if before > 0 else 0.0
    return bool(abs(v[second] - v[before] - slope * (u[second] - u[before])) < tolerance)


def steps_out_of_flat(u: np.ndarray, v: np.ndarray, change: int) -> bool:
    """True when the series rises by at least ``FLAT_STEP`` at ``change`` (between points
    ``change - 1`` and ``change``) after a flat part: a log-log slope below ``FLAT_SLOPE`` over the
    (up to) two gaps before it."""
    if change < 2:  # no gap before the step to judge flatness by
        return False
    return bool(v[change] - v[change - 1] >= np.log1p(FLAT_STEP) and _slope_into(u, v, change - 1) < FLAT_SLOPE)


def _slope_into(u: np.ndarray, v: np.ndarray, point: int) -> float:
    """The log-log slope of the trend into ``point`` (> 0): the secant over up to two gaps before it."""
    start = max(point - 2, 0)
    return float((v[point] - v[start]) / (u[point] - u[start]))


def _apart(ordered: list[int], most: int, stairs: Callable[[int, int], bool] | None = None) -> list[int]:
    """Up to ``most`` of the changes ``ordered`` (clearest first), never two in neighbouring gaps
    (two neighbouring gaps are one step spread over both, a ramp: the clearer one stays) unless
    ``stairs`` of the two says the size between them is a level of its own, sorted."""
    kept: list[int] = []
    for change in ordered:
        if len(kept) < most and all(abs(change - other) > 1 or (stairs is not None and abs(change - other) == 1
                                                                 and stairs(change, other)) for other in kept):
            kept.append(change)
    return sorted(kept)


def staircase(v: np.ndarray, first: int, second: int) -> bool:
    """True when the size between the changes ``first`` and ``second`` (neighbouring gaps) is a
    level of its own: both its jumps (log y ``v``) at least ``FLAT_STEP``, in opposite directions
    or the smaller at most ``STAIR_RATIO`` of the larger."""
    middle = min(first, second)
    into, out = v[middle] - v[middle - 1], v[middle + 1] - v[middle]
    smaller, larger = sorted((abs(into), abs(out)))
    return bool(smaller >= np.log1p(FLAT_STEP) and (into * out < 0 or smaller <= STAIR_RATIO * larger))


def bends(u: np.ndarray, v: np.ndarray) -> list[int]:
    """Changes whose gap, where a slope drop points to it, is a bend of growth rather than a
    switch (the detection judges only slope drops and level shifts by it): the gap before rises
    by at least ``STANDOUT_STEP`` at a log-log slope of at least ``BEND_SLOPE``, and the gap's
    jump in log y ``v`` (up) is at most ``BEND_SHARE`` times the larger jump of the gaps beside
    it and less than ``BEND_AFTER`` times the jump of the gap after it (which rises too).

    A bandwidth-bound regime bends where a message leaves a cache: its slope drops from about 1
    (×2 per doubling) to 0.6 at 256 KiB–1 MiB, a slope drop as clear as a switch's (a loaded 2-rank
    linear Alltoallv: ×1.87, ×1.99, then ×1.51 and ×1.26 from 512 KiB on), but its gap does not
    stand out of the growth around it. A switch inside the growth does, at least against the gap
    after it (a 3-rank Reduce_scatter_block: ×4.88, then ×5.90 at 128|256 KiB, then ×1.91). The
    truth tables of the real sets name none of these bends: on thirty sets the rule takes 10 / 14
    false changes (from the summaries / with kept values) and 0 / 1 main change."""
    jump, width = np.diff(v), np.diff(u)
    found = []
    for gap in range(1, len(jump) - 1):
        before, own, after = jump[gap - 1], jump[gap], jump[gap + 1]
        grows = before >= np.log1p(STANDOUT_STEP) and before / width[gap - 1] >= BEND_SLOPE
        if grows and 0 < own <= BEND_SHARE * max(before, after) and own < BEND_AFTER * after:
            found.append(gap + 1)
    return found


def _clear_of(change: int, kept: list[int]) -> bool:
    """True when ``change`` lies in no gap of ``kept`` or next to one."""
    return all(abs(change - other) > 1 for other in kept)


def _beside(jump: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per gap the jump of the gap before it and of the gap after it (NaN beyond the ends)."""
    return np.concatenate(([np.nan], jump[:-1])), np.concatenate((jump[1:], [np.nan]))


def level_shifts(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, reach: int = DROP_REACH,
                 flat_slope: float = FLAT_SLOPE) -> list[tuple[int, float, float]]:
    """Per gap with ``reach`` sizes on each side that lie flat, the jump between them: the change,
    z² and step.

    The 2·``reach`` sizes around gap b are fitted (weighted by 1/σ²) with one straight line in
    log-log plus a jump at b; where that line's slope is below ``flat_slope`` in magnitude (both
    sides flat: a latency-bound part, not a growing one), the jump is judged against its standard
    error, scaled by the fit's misfit where the sizes scatter more than σ says (a bump inside a
    side, a ramp). A smooth cost cannot jump between two flat parts in one gap. Against a slope
    drop, which compares one gap with secants, it pools all six sizes: a ×1.38 step between flat
    parts at 4.5 % noise has z² 10.8 as a slope drop and 17.6 as a level shift.

    Args:
        u, v: log x and log y, sorted.
        sigma: per point, the relative noise (standard deviation of v).
        reach: sizes on each side of the gap.
        flat_slope: largest magnitude of the common log-log slope.

    Returns:
        ``(change, z², step)`` for every gap b (between points b - 1 and b) with ``reach`` points on
        each side whose common slope is flat; step is the jump in log units (negative: down).
    """
    n = len(u)
    gaps = np.arange(reach, n - reach + 1)
    if reach < 2 or len(gaps) == 0:  # a line and a jump need two sizes a side
        return []
    index = gaps[:, None] + np.arange(-reach, reach)[None, :]  # (gaps, 2·reach) point indices
    centre = 0.5 * (u[gaps - 1] + u[gaps])
    design = np.stack([np.ones(index.shape), u[index] - centre[:, None],
                       (np.arange(2 * reach) >= reach) * np.ones(index.shape)], axis=2)
    with np.errstate(all="ignore"):  # a noise of 0 (noise_floor 0) judges nothing: z² NaN
        weight = 1.0 / sigma[index] ** 2
        normal = np.einsum("gpi,gp,gpj->gij", design, weight, design)
        covariance = _inverse3(normal)  # distinct sizes on both sides: never singular
        coefficients = np.einsum("gij,gpj,gp,gp->gi", covariance, design, weight, v[index])
        residual = (v[index] - np.einsum("gpi,gi->gp", design, coefficients)) / sigma[index]
        misfit = np.maximum(np.sum(residual ** 2, axis=1) / (2 * reach - 3), 1.0)
        z2 = coefficients[:, 2] ** 2 / (covariance[:, 2, 2] * misfit)
    flat = np.isfinite(z2) & (np.abs(coefficients[:, 1]) < flat_slope)
    return [(int(b), float(z), float(step)) for b, z, step, ok in zip(gaps, z2, coefficients[:, 2], flat) if ok]


def _extension_weights(points: np.ndarray, at: np.ndarray | float) -> np.ndarray:
    """Weights of the values at log x ``points`` (last axis) that give the least-squares line
    through them at log x ``at``: 1/k + (at − mean)·(point − mean) / Σ(point − mean)²."""
    mean = points.mean(axis=-1, keepdims=True)
    centred = points - mean
    return 1.0 / points.shape[-1] + (np.asarray(at)[..., None] - mean) * centred / np.sum(centred ** 2, axis=-1,
                                                                                      keepdims=True)


def _inverse3(matrices: np.ndarray) -> np.ndarray:
    """Inverses of a stack of 3×3 matrices by their adjugates (numpy's batched inverse costs more
    than the rest of the trend search per series)."""
    m = matrices
    adjugate = np.empty_like(m)
    for i in range(3):
        for j in range(3):
            rows, cols = [r for r in range(3) if r != j], [c for c in range(3) if c != i]
            minor = m[:, rows[0], cols[0]] * m[:, rows[1], cols[1]] - m[:, rows[0], cols[1]] * m[:, rows[1], cols[0]]
            adjugate[:, i, j] = (-1) ** (i + j) * minor
    determinant = np.einsum("gi,gi->g", m[:, 0, :], adjugate[:, :, 0])
    return adjugate / determinant[:, None, None]


def falls(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, least: float, f_limit: float,
          log_exponent: float = 2.0) -> list[tuple[int, float, float]]:
    """Changes where the series falls inside growth and grows on from a lower level: the change, z²
    and step (log units, negative).

    The gap b (between points b − 1 and b, all at x > 1) falls by at least ``STANDOUT_STEP`` with
    z² above ``f_limit`` in its two points' noise ``sigma``. The three sizes before it lie on a
    rising line in log-log (each of their two gaps rises by at least ``least``, log units, and
    their jumps in log y ``v`` differ by less than that), both gaps after it rise by at least
    ``least`` too, and b and the two sizes after it lie at least ``least`` below the line's
    least-squares extension, less what a log factor lets a slope fall (see :func:`slope_drops`),
    the miss at b with z² above ``f_limit`` in its noise and the line's. No gap within
    ``BUMP_SIZES`` undoes the fall (a dip, or a bump back to the trend).

    No sum of positive PMNF terms falls where x ≥ 1. A size that jumps up and one slow size are no
    steady growth before a fall, a dip returns, and a fall between flat parts is a level shift
    (see :func:`level_shifts`): none is judged here. A loaded 2-rank Allgather
    with a 62.5 KiB eager limit grows ×1.70 and ×1.77 per doubling into 32 KiB, falls ×0.55 at
    32|64 KiB and grows ×1.62 on from a third of its trend; its slope drop at 32 KiB looks like a
    spike's (the slope falls and rises back at once), and no other rule judges a fall inside
    growth. Largest z² first."""
    n = len(v)
    b = np.arange(3, n - 2)  # three sizes before the fall's gap, two after it
    if len(b) == 0:
        return []
    line = b[:, None] + np.arange(-3, 0)[None, :]  # the three sizes before the gap
    jump = np.diff(v)
    fall = jump[b - 1]
    with np.errstate(all="ignore"):  # a noise of 0 judges nothing (z² not finite); across x = 1 no bound
        log_u = np.where(u > 0, np.log(u), np.nan)
        centre = u[line].mean(axis=1)
        allowed = np.maximum(log_exponent * (_log_factor_slope(u, log_u, b - 3, b - 1)
                                             - _log_factor_slope(u, log_u, b - 1, b + 2)), 0.0)

        def below(k: np.ndarray) -> np.ndarray:  # the line's extension to k, less the allowance, minus v[k]
            return np.sum(_extension_weights(u[line], u[k]) * v[line], axis=1) - allowed * (u[k] - centre) - v[k]

        miss = below(b)
        # the line's value at b as weights of the three sizes: its noise and the size's own
        miss_variance = sigma[b] ** 2 + np.sum((_extension_weights(u[line], u[b]) * sigma[line]) ** 2, axis=1)
        fall_z2 = fall ** 2 / (sigma[b - 1] ** 2 + sigma[b] ** 2)
        # growth on both sides: each gap of the line and both after the fall rise by ``least``
        steady = ((np.abs(jump[b - 3] - jump[b - 2]) < least) & (np.minimum(jump[b - 3], jump[b - 2]) >= least)
                  & (np.minimum(jump[b], jump[b + 1]) >= least))
        found = ((fall <= -np.log1p(STANDOUT_STEP)) & np.isfinite(fall_z2) & (fall_z2 > f_limit) & steady
                 & (u[b - 3] > 0) & (miss_variance > 0)
                 & np.isfinite(allowed) & (miss >= least) & (miss ** 2 / miss_variance > f_limit)
                 & (below(b + 1) >= least) & (below(b + 2) >= least))
    changes = [(int(c), float(z), float(f)) for c, z, f, ok in zip(b, fall_z2, fall, found)
               if ok and not _undone(u, v, int(c), least)]
    return sorted(changes, key=lambda change: -change[1])


def slope_drops(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, log_exponent: float = 2.0,
                reach: int = DROP_REACH) -> list[tuple[int, float, float]]:
    """Per change a log-log slope drop points to, beyond what a PMNF cost's slope can fall: the
    change, z² and step.

    A sum of positive terms ``x^i`` is convex in log-log (log-sum-exp of lines): the slope of no
    secant is smaller than that of a secant before it. At each interior point p the slope of the
    gap before p is compared with the secants from p over the next 1 … ``reach`` gaps, and the
    secants into p over the last 1 … ``reach`` gaps with the gap after p; the clearest of these
    drops counts. A longer secant averages the noise of the flat part beside a step (a ×1.65 step
    followed by flat sizes at 10 % noise: z² 4.2 against the gap after it, 8.7 against the secant
    over three gaps), and it sees the drop of a step followed by a slowing rise (×1.80, ×1.44,
    ×1.34 per doubling after a flat part), which the neighbouring gap alone hides in its noise. A
    pair is not used when a point inside it drops more between its own two gaps than p does: that
    drop, seen from afar, belongs to that point (a bend from slope 1 to flat at 64 would
    otherwise also be reported at 8|16 by the secant 16 → 128).

    A term ``x^i · log2(x)^j`` has the log-log slope ``i + j / ln x``: its log factor lets the
    slope of a sum of positive terms fall by at most ``j`` times the fall of ``1 / ln x`` (an
    O(log p) collective falls from slope 1 between p = 2 and 4 to 0.58 between 4 and 8). That
    much is allowed, with ``j`` the search space's largest log exponent; only the drop beyond it
    counts. Where x ≤ 1 a log factor is not positive (nothing is allowed); for a secant across
    x = 1, where a log term starts from 0, no drop is judged.

    Args:
        u, v: log x and log y, sorted.
        sigma: per point, the relative noise (standard deviation of v).
        log_exponent: the largest log exponent ``j`` of the cost's terms.
        reach: most gaps a secant spans (1: only the two gaps beside each point).

    Returns:
        ``(change, z², step)`` per change some point's drop beyond the allowed one points to (z > 0;
        the largest z² of that excess), sorted by change; points that are spikes (off both
        neighbours in opposite directions by similar amounts) are left out. The step lies in the
        steeper of the two sides: a step up in the steepest gap of the secant into p (the change
        ``b`` between points ``b - 1`` and ``b``), a step down in the steepest falling gap of the
        secant after p; ``step`` is that gap's slope minus the other side's, times the gap's
        width in log x (the relative step in log units, negative for a step down).
    """
    n = len(u)
    width = np.diff(u)
    slope = np.diff(v) / width
    if n < 3:
        return []
    with np.errstate(all="ignore"):
        log_u = np.where(u > 0, np.log(u), np.nan)
        # per interior point its own drop between its two gaps (for the "seen from afar" rule)
        points = np.arange(1, n - 1)
        local = np.full(n, -np.inf)
        allowed = log_exponent * (_log_factor_slope(u, log_u, points - 1, points)
                                  - _log_factor_slope(u, log_u, points, points + 1))
        local[points] = np.where(np.isfinite(allowed), slope[:-1] - slope[1:] - np.maximum(allowed, 0.0), -np.inf)
        # spikes: up, then back down (or down, then back up) by similar amounts: one size off
        rise, fall = slope[:-1] * width[:-1], slope[1:] * width[1:]
        spike = np.zeros(n, dtype=bool)
        spike[points] = (rise * fall < 0) & (np.minimum(abs(rise), abs(fall)) >= 0.5 * np.maximum(abs(rise), abs(fall)))
        best_z2 = np.full(n, -np.inf)
        best_pair = np.zeros((n, 2), dtype=int)
        for before, after in _secant_pairs(reach):
            p = np.arange(before, n - after)
            a, b = p - before, p + after
            inside = np.zeros(len(p), dtype=bool)
            for offset in range(-before + 1, after):
                if offset:
                    inside |= local[p + offset] > local[p]  # that point's drop, seen from afar
            into, out = u[p] - u[a], u[b] - u[p]
            left, right = (v[p] - v[a]) / into, (v[b] - v[p]) / out
            allowed = log_exponent * (_log_factor_slope(u, log_u, a, p) - _log_factor_slope(u, log_u, p, b))
            excess = left - right - np.maximum(allowed, 0.0)  # what no term's log factor explains
            variance = _slope_change_variance(sigma[a], sigma[p], sigma[b], into, out)
            z2 = np.where(np.isfinite(allowed) & (excess > 0) & ~inside & ~spike[p], excess ** 2 / variance, -np.inf)
            better = z2 > best_z2[p]
            best_z2[p[better]] = z2[better]
            best_pair[p[better]] = np.column_stack((a, b))[better]
    best: dict[int, tuple[float, float]] = {}
    for p in np.flatnonzero(np.isfinite(best_z2)):
        a, b = best_pair[p]
        left, right = (v[p] - v[a]) / (u[p] - u[a]), (v[b] - v[p]) / (u[b] - u[p])
        if abs(left) >= abs(right):  # a step up into p
            gap = a + int(np.argmax(slope[a:p]))
            change, step = gap + 1, (slope[gap] - right) * width[gap]
        else:  # a step down after p
            gap = p + int(np.argmin(slope[p:b]))
            change, step = gap + 1, (slope[gap] - left) * width[gap]
        if change not in best or best_z2[p] > best[change][0]:
            best[change] = (float(best_z2[p]), float(step))
    return [(change, z2, step) for change, (z2, step) in sorted(best.items())]


def _slope_change_variance(before: np.ndarray, at: np.ndarray, after: np.ndarray, into: np.ndarray,
                           out: np.ndarray) -> np.ndarray:
    """Variance of the change of log-log slope at a point, (v_after − v_at) / out − (v_at −
    v_before) / into, from the three points' noise (``before``, ``at``, ``after``) and the widths
    in log x of the secant into the point and the one out of it."""
    return (before / into) ** 2 + (at * (1 / into + 1 / out)) ** 2 + (after / out) ** 2


def _secant_pairs(reach: int) -> list[tuple[int, int]]:
    """``(gaps into p, gaps after p)`` of the compared secants: one of them a single gap (two long
    secants would mix a step with the slopes around it)."""
    return [(k, 1) for k in range(1, reach + 1)] + [(1, k) for k in range(2, reach + 1)]


def _log_factor_slope(u: np.ndarray, log_u: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per pair of points a < b the slope of log(ln x) between them: a log factor's share of a
    cost's slope; 0 for x ≤ 1 (a log factor there is ≤ 0, no term of a positive cost), NaN across
    x = 1 (it starts from 0 there: no bound)."""
    return np.where(u[b] <= 0, 0.0, np.where(u[a] <= 0, np.nan, (log_u[b] - log_u[a]) / (u[b] - u[a])))


def series_noise(x: np.ndarray, y: np.ndarray, radius: int = 3, quantile: float = 0.25) -> np.ndarray:
    """Per point, the scatter of the series from size to size, in relative (log) units.

    Each inner point's residual from the straight line (in log-log space) through its two
    neighbours, scaled to the standard deviation of one point's log value, is a noise sample
    (zero for any power law, whatever the spacing). Per point: the ``quantile`` of the absolute
    samples within ``radius`` neighbours, divided by that quantile of the half-normal
    distribution. A step spoils the two samples beside it, two steps three points apart four: a
    low quantile of seven samples ignores them.

    Args:
        x, y: the series (positive), sorted.
        radius: neighbours on each side whose samples are pooled.
        quantile: the order statistic used.

    Returns:
        Per point relative scatter (inf for fewer than 3 points: no estimate).
    """
    n = len(x)
    if n < 3:
        return np.full(n, np.inf)
    u, v = np.log(x), np.log(y)
    lam = (u[1:-1] - u[:-2]) / (u[2:] - u[:-2])
    residual = v[1:-1] - (v[:-2] + lam * (v[2:] - v[:-2]))
    samples = np.abs(residual) / np.sqrt(1 + lam ** 2 + (1 - lam) ** 2)
    samples = np.concatenate(([samples[0]], samples, [samples[-1]]))
    scale = float(special.erfinv(quantile) * np.sqrt(2))  # that quantile of |N(0, 1)|
    return _row_quantile(_windows(samples, radius), quantile) / scale


def _row_quantile(rows: np.ndarray, quantile: float) -> np.ndarray:
    """Per row the ``quantile`` of its non-NaN values, linear between order statistics (as
    ``np.nanquantile``, whose row-by-row loop costs a millisecond per series); NaN for an empty row."""
    ordered = np.sort(np.where(np.isnan(rows), np.inf, rows), axis=1)
    count = np.sum(~np.isnan(rows), axis=1)
    position = quantile * np.maximum(count - 1, 0)
    low = np.floor(position).astype(int)
    high = np.minimum(low + 1, np.maximum(count - 1, 0))
    index = np.arange(len(rows))
    below, above = ordered[index, low], ordered[index, high]
    with np.errstate(invalid="ignore"):
        value = np.where(high > low, below + (position - low) * (above - below), below)
    return np.where(count > 0, value, np.nan)


def _windows(values: np.ndarray, radius: int) -> np.ndarray:
    """(n, 2·radius + 1): row i holds ``values[i - radius … i + radius]``, NaN beyond the ends (one
    vectorized quantile or median per point instead of a loop)."""
    padded = np.concatenate((np.full(radius, np.nan), values, np.full(radius, np.nan)))
    return np.lib.stride_tricks.sliding_window_view(padded, 2 * radius + 1)


def point_noise(noise: np.ndarray, repetitions: np.ndarray, floor: float, radius: int = 2) -> np.ndarray:
    """Per point, the relative noise of its value: its own, but at least its neighbourhood's.

    The neighbourhood's noise is the median of the points' own noise within ``radius`` sizes (the
    noise of a sweep changes along it: quiet small messages, noisy large ones); a point with an
    outlying spread keeps its own, larger noise (it is down-weighted), a point that happens to
    look quieter than its neighbours gets theirs.

    Args:
        noise: per point, relative standard error of its value (e.g. the robust one of
            :func:`~extrap_segmented.segmentation.noise.robust_point`).
        repetitions: per point, its number of repetitions.
        floor: smallest relative noise.
        radius: neighbours on each side pooled.

    Returns:
        Per point relative noise (≥ ``floor``).
    """
    noise = np.asarray(noise, dtype=float)
    reps = np.asarray(repetitions, dtype=float)
    usable = reps >= 2
    own = np.where(usable, noise, np.nan)
    windows = _windows(own, radius)
    local = np.full(len(noise), np.nan)
    some = np.any(np.isfinite(windows), axis=1)
    local[some] = _row_quantile(windows[some], 0.5)
    return np.maximum(np.fmax(np.nan_to_num(own, nan=0.0), np.nan_to_num(local, nan=0.0)), floor)


def short_pieces(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, kept: list[int], max_changes: int,
                 f_limit: float, reach: int, min_step: float,
                 steepest: tuple[float, float] | None = None) -> list[int]:
    """Adds changes that leave a segment of one or two points (see the module docstring).

    Args:
        u, v: log x and log y, sorted.
        sigma: per point, the relative noise (standard deviation of v).
        kept: the changes found so far (a change ``b`` lies between points ``b - 1`` and ``b``).
        max_changes: most changes in all.
        f_limit: χ² per point of the piece against the line beside it.
        reach: points that line is fitted to.
        min_step: relative distance by which every point of the piece must miss that line; a
            piece before a kept change also needs a line whose gaps each move less than this.
        steepest: ``(i, j)``, the largest polynomial and log exponent of the cost's terms: a piece
            at the series' end needs a log-log slope into or within it above ``i + j / ln x``
            (by two standard errors); None: no piece at the end.

    Returns:
        The changes, sorted; one piece at a time is added, pieces beside a kept change first, the
        clearest (largest χ²) first.
    """
    n = len(u)
    kept = sorted(kept)
    least = np.log1p(min_step)
    while len(kept) < max_changes:
        bounds = [0] + kept + [n]
        best = None
        for j in range(len(bounds) - 1):
            a, c = bounds[j], bounds[j + 1]
            for size in (1, 2):
                # (new change, the piece, the line's points, the nearest size across the kept
                # change; None at the series' end)
                options = []
                if a > 0:
                    options.append((a + size, np.arange(a, a + size), np.arange(a + size, min(c, a + size + reach)),
                                    a - 1))
                if c < n:
                    options.append((c - size, np.arange(c - size, c), np.arange(max(a, c - size - reach), c - size),
                                    c))
                elif steepest is not None and _steeper_than(u, v, sigma, c - size - 1, n - 1, steepest):
                    # at the series' end only a rise no term of the cost can make (a knee of
                    # α + β·x^a at the last sizes is smooth; a cache spill is far steeper)
                    options.append((c - size, np.arange(c - size, c), np.arange(max(a, c - size - reach), c - size),
                                    None))
                for change, piece, line, across in options:
                    if len(line) < 3 or change in kept or not 0 < change < n:
                        continue
                    chi2, step, off = _off_line(u, v, sigma, piece, line)
                    # beside a kept change first: a jump of the last sizes must not take the place of
                    # the second of two close changes
                    rank = (across is not None, chi2)
                    if chi2 <= f_limit or step < least or (best is not None and rank <= best[1]):
                        continue
                    # between its two neighbours' levels, the line and the nearest size across the
                    # kept change: a staircase or a ramp, not a spike (a steep regime's line
                    # extrapolated backwards would fall far below its first value)
                    if across is not None and not np.all((v[piece] - v[across]) * off < 0):
                        continue
                    # before a kept change, from a level only: a piece at the top of sizes that
                    # already climb is the run-up into the jump (a raised eager limit), not a stair
                    if across is not None and across > piece[-1] and np.any(np.abs(np.diff(v[line])) >= least):
                        continue
                    best = (change, rank)
        if best is None:
            break
        kept = sorted(kept + [best[0]])
    return kept


def _steeper_than(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, first: int, last: int,
                  steepest: tuple[float, float]) -> bool:
    """True when a gap between points ``first`` … ``last`` rises in log-log by more than any term
    ``x^i · log2(x)^j`` of the cost can (slope ``i + j / ln x``), by two standard errors."""
    poly, log = steepest
    for k in range(max(first, 0), last):
        width = u[k + 1] - u[k]
        bound = poly + (log / u[k] if u[k] > 0 else np.inf)
        error = np.hypot(sigma[k], sigma[k + 1]) / width
        if (v[k + 1] - v[k]) / width - bound > 2 * error:
            return True
    return False


def _line_through(u: np.ndarray, v: np.ndarray, sigma: np.ndarray, points: np.ndarray,
                  at: np.ndarray) -> tuple[np.ndarray, np.ndarray, float, float]:
    """The noise-weighted straight line through ``points`` evaluated at ``at``, the variance of
    that value (its extrapolation error, scaled by the line's misfit where it exceeds the noise),
    the line's log-log slope and that slope's variance (scaled alike)."""
    weight = 1.0 / sigma[points] ** 2
    design = np.column_stack([np.ones(len(points)), u[points]])
    covariance = np.linalg.pinv(design.T @ (design * weight[:, None]))
    coefficients = covariance @ (design.T @ (weight * v[points]))
    residual = (v[points] - design @ coefficients) / sigma[points]
    dof = len(points) - 2
    misfit = max(float(residual @ residual) / dof, 1.0) if dof > 0 else 1.0
    at_design = np.column_stack([np.ones(len(at)), u[at]])
    variance = np.einsum("ij,jk,ik->i", at_design, covariance, at_design) * misfit
    return (at_design @ coefficients, variance + misfit * sigma[at] ** 2, float(coefficients[1]),
            float(covariance[1, 1] * misfit))


def _level_of(v: np.ndarray, sigma: np.ndarray, points: np.ndarray, at: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The noise-weighted mean level of ``points`` at ``at`` and the variance of ``v[at]`` around
    it (the mean's error and the noise of ``at``, scaled by the level's misfit where it exceeds the
    noise)."""
    weight = 1.0 / sigma[points] ** 2
    level = float(np.sum(weight * v[points]) / np.sum(weight))
    residual = (v[points] - level) / sigma[points]
    misfit = max(float(residual @ residual) / (len(points) - 1), 1.0)
    return np.full(len(at), level), misfit * (1.0 / np.sum(weight) + sigma[at] ** 2)


def _off_line(u, v, sigma, piece, points) -> tuple[float, float, np.ndarray]:
    """χ² per point of ``piece`` against the line through ``points`` (0 unless every point lies on
    the same side), the smallest distance (log units) and the signed distances.

    Where ``points`` lie flat (a log-log slope below ``FLAT_SLOPE`` and within ``LEVEL_SLOPE_Z``
    standard errors of 0) and every point of the piece steps at least ``FLAT_STEP`` off their
    level, the piece is judged against that level: a flat part's slope is 0, not the noise's, and
    extrapolated over a wide gap its error is most of the variance."""
    predicted, variance, slope, slope_variance = _line_through(u, v, sigma, points, piece)
    if abs(slope) < FLAT_SLOPE and slope ** 2 <= LEVEL_SLOPE_Z ** 2 * slope_variance:
        level, level_variance = _level_of(v, sigma, points, piece)
        if np.all(np.abs(v[piece] - level) >= np.log1p(FLAT_STEP)):
            predicted, variance = level, level_variance
    distance = v[piece] - predicted
    if not (np.all(distance > 0) or np.all(distance < 0)):
        return 0.0, 0.0, distance
    return float(np.sum(distance ** 2 / variance) / len(piece)), float(np.min(np.abs(distance))), distance
