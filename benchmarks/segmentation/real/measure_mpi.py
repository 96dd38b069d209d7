"""Measure OpenMPI message-size sweeps with mpi4py and write them as Extra-P text files (real data).

    apt-get install -y openmpi-bin libopenmpi-dev && pip install mpi4py
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real/mpi/idle --label idle
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real/mpi/loaded --label loaded --hogs 2

One file per series (kernel and number of ranks): by default ping-pong (2 ranks), Allreduce (2 and 4
ranks), Bcast (4 ranks), Allgather (4 ranks); ``--series`` adds Reduce, Bcast and Allgather with 2
ranks and ping-pong and Allreduce over TCP (``--mca btl self,tcp``: the loopback device instead of
shared memory). Message size n = 2^0 ... 2^22 bytes (``PARAMETER n``, time per call in microseconds).

The held-back set (``fixtures/real_holdout/mpi/hold``, not used for tuning) was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_holdout/mpi/hold \
        --label "shared (no hogs; other users' jobs on the machine)" --series alltoall_2 alltoall_3 \
        gather_3 gather_4 scatter_3 scatter_4 reduce_3 allreduce_3 sendrecv_2 bcast_3 \
        pingpong_nocma_2 pingpong_eager16k_2

The third set (``fixtures/real_third/mpi/third``, measured for an out-of-sample score) was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_third/mpi/third \
        --label "shared (no hogs; other users' jobs on the machine)" --series allgather_3 alltoall_4 \
        scan_3 reduce_scatter_block_2 reduce_scatter_block_3 bcast_tcp_2 pingpong_eager8k_2 \
        pingpong_eager32k_2 allreduce_ring_4

The fourth set (``fixtures/real_fourth/mpi/fourth``, measured for a second out-of-sample score) was
measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fourth/mpi/fourth \
        --label "shared (no hogs; the lead's CPU-bound jobs on the machine)" --series exscan_3 \
        allgather_tcp_2 reduce_4 bcast_scatter_allgather_4 allreduce_recdbl_3 ipingpong_2 gather_2 \
        pingpong_eager2k_2

and its half-octave sweep (``--sizes``: n = round(2^(k/2)), a spacing no earlier set has) with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fourth/mpi/half \
        --label "shared (no hogs; the lead's CPU-bound jobs on the machine)" --series allreduce_2 \
        --sizes $(python -c "print(*sorted({round(2 ** (k / 2)) for k in range(45)}))")

The fifth set (``fixtures/real_fifth/mpi/``, measured for a third out-of-sample score) was measured
with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fifth/mpi/fifth \
        --label "shared (no hogs; the lead's and another helper's jobs on the machine)" --series sendrecv_ring_3 \
        alltoall_tcp_2 reduce_rabenseifner_2 allgather_ring_4 bcast_pipeline_3 scan_2 gather_tcp_4 \
        pingpong_eager64k_2
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fifth/mpi/triple \
        --label "shared (no hogs; the lead's and another helper's jobs on the machine)" --series allgather_2 \
        --sizes $(python -c "print(*[3 * 2 ** k for k in range(21)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fifth/mpi/loaded \
        --label "loaded (2 busy-loop hogs + the lead's and another helper's jobs)" --hogs 2 \
        --series ipingpong_2 bcast_2
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fifth/mpi/loaded \
        --label "loaded (2 busy-loop hogs + the lead's and another helper's jobs)" --hogs 2 --series sendrecv_2

The sixth set (``fixtures/real_sixth/mpi/``, measured for a fourth out-of-sample score) was measured
with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_sixth/mpi/sixth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allreduce_5 \
        bcast_6 reduce_scatter_block_4 exscan_2 scatter_2 allreduce_rabenseifner_4 pingpong_eager1k_2
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_sixth/mpi/quint \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series pingpong_2 \
        --sizes $(python -c "print(*[5 * 2 ** k for k in range(21)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_sixth/mpi/septuple \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allreduce_3 \
        --sizes $(python -c "print(*[7 * 2 ** k for k in range(20)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_sixth/mpi/loaded \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series scan_2 alltoall_2

The seventh set (``fixtures/real_seventh/mpi/``, measured for a fifth out-of-sample score) was measured
with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_seventh/mpi/seventh \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series gather_5 scan_4 \
        allgather_bruck_3 alltoall_pairwise_5 reduce_tcp_2 bcast_eager512_3 allreduce_eager8k_2 sendrecv_ring_5

and the grids and loaded series listed in ``fixtures/real_seventh/TRUTH.md`` (``allgather_bruck_3`` and
``alltoall_pairwise_5`` fix the tuned component to one algorithm at every size; ``bcast_eager512_3``
lowers the shared-memory eager limit to 512, ``allreduce_eager8k_2`` raises it to 8192).

The eighth set (``fixtures/real_eighth/mpi/``, measured for a sixth out-of-sample score) was measured
with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_eighth/mpi/eighth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series alltoall_6 \
        scatter_linear_4 allgather_ring_3 reduce_scatter_block_5 scan_5 alltoall_tcp_3 gather_tcp_3 bcast_eager2k_4

and the grids and loaded series listed in ``fixtures/real_eighth/TRUTH.md`` (``scatter_linear_4`` and
``allgather_ring_3`` fix the tuned component to one algorithm at every size; ``alltoall_tcp_3`` and
``gather_tcp_3`` run over TCP; ``bcast_eager2k_4`` lowers the shared-memory eager limit to 2048).

The ninth set (``fixtures/real_ninth/mpi/``, measured for a seventh out-of-sample score) was measured
with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_ninth/mpi/ninth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allgatherv_3 \
        scatterv_4 iallreduce_2 reduce_local_2 bcast_7 allreduce_6 alltoall_bruck_4 gather_linsync_4 \
        bcast_nocma_3 pingpong_tcp_eager16k_2 reduce_eager12k_3

and the grids and loaded series listed in ``fixtures/real_ninth/TRUTH.md`` (Allgatherv and Scatterv
move the plain calls' data through the v-interface with equal counts; Iallreduce is waited for at
once; Reduce_local sums n bytes into a local buffer on every rank, no communication;
``alltoall_bruck_4`` and ``gather_linsync_4`` fix the tuned component to one algorithm at every
size; ``bcast_nocma_3`` turns the single copy off; ``pingpong_tcp_eager16k_2`` lowers the TCP eager
limit to 16384, ``reduce_eager12k_3`` raises the shared-memory one to 12288).

The tenth set (``fixtures/real_tenth/mpi/``, measured for an eighth out-of-sample score) was measured
with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_tenth/mpi/tenth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series exscan_recdbl_4 \
        allgather_5 reduce_5 reduce_scatter_ring_4 gather_binomial_3 allgather_neighbor_4 allreduce_eager6k_4 \
        alltoall_eager24k_3 scan_tcp_3 scatter_tcp_eager32k_2 barrier_3

and the grids and loaded series listed in ``fixtures/real_tenth/TRUTH.md`` (Reduce_scatter gives
every rank its n-byte block with equal counts; Barrier ignores n, a series with no regime change;
``exscan_recdbl_4``, ``reduce_scatter_ring_4``, ``gather_binomial_3`` and ``allgather_neighbor_4``
fix the tuned component to one algorithm at every size; ``allreduce_eager6k_4``,
``alltoall_eager24k_3`` and ``pingpong_eager3k_2`` set the shared-memory eager limit to 6144,
24576 and 3072; ``scatter_tcp_eager32k_2`` lowers the TCP eager limit to 32768).

The eleventh set (``fixtures/real_eleventh/mpi/``, measured for a ninth out-of-sample score) was
measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_eleventh/mpi/eleventh \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allgather_6 scan_6 \
        reduce_scatter_block_recdbl_3 bcast_knomial_4 allreduce_segring_3 reduce_inorder_binary_4 \
        allgather_recdbl_4 pingpong_eager1536_2 scatter_eager48k_3 sendrecv_tcp_eager8k_2 barrier_4

and the grids and loaded series listed in ``fixtures/real_eleventh/TRUTH.md``
(``reduce_scatter_block_recdbl_3``, ``bcast_knomial_4``, ``allreduce_segring_3``,
``reduce_inorder_binary_4`` and ``allgather_recdbl_4`` fix the tuned component to one algorithm at
every size; ``pingpong_eager1536_2``, ``scatter_eager48k_3`` and ``ipingpong_eager48k_2`` set the
shared-memory eager limit to 1536 and 49152; ``sendrecv_tcp_eager8k_2`` lowers the TCP eager limit
to 8192; ``barrier_4`` ignores n, a second series with no regime change).

The twelfth set (``fixtures/real_twelfth/mpi/``, measured for a tenth out-of-sample score) was
measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twelfth/mpi/twelfth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series gather_6 scatter_5 \
        exscan_5 reduce_6 allreduce_7 alltoall_linsync_4 bcast_chain_4 reduce_pipeline_3 allreduce_nonoverlap_4 \
        pingpong_inline1k_2 sendrecv_tcp_eager4k_2 barrier_5

and the grids and loaded series listed in ``fixtures/real_twelfth/TRUTH.md`` (``alltoall_linsync_4``,
``bcast_chain_4``, ``reduce_pipeline_3`` (4 KiB segments) and ``allreduce_nonoverlap_4`` fix the tuned
component to one algorithm at every size; ``pingpong_inline1k_2`` raises the shared-memory inline-send
limit to 1024; ``sendrecv_tcp_eager4k_2`` lowers the TCP eager limit to 4096; ``barrier_5`` ignores n,
a third series with no regime change).

The thirteenth set (``fixtures/real_thirteenth/mpi/``, measured for an eleventh out-of-sample score) was
measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirteenth/mpi/thirteenth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allgatherv_4 \
        scatterv_3 iallreduce_3 reduce_scatter_3 bcast_5 allreduce_linear_4 alltoall_linear_3 sendrecv_eager20k_2 \
        pingpong_inline128_2 pingpong_tcp_eager2k_2 barrier_2

and the grids and loaded series listed in ``fixtures/real_thirteenth/TRUTH.md`` (``allreduce_linear_4``
and ``alltoall_linear_3`` fix the tuned component to its basic linear algorithm at every size;
``sendrecv_eager20k_2`` sets the shared-memory eager limit to 20480; ``pingpong_inline128_2`` lowers
the shared-memory inline-send limit to 128; ``pingpong_tcp_eager2k_2`` lowers the TCP eager limit to
2048; ``barrier_2`` ignores n, a fourth series with no regime change).

The fourteenth set (``fixtures/real_fourteenth/mpi/``, measured for a twelfth out-of-sample score) was
measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fourteenth/mpi/fourteenth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series scatterv_2 \
        allgatherv_5 iallreduce_4 reduce_scatter_5 gather_linear_4 bcast_binomial_3 pingpong_eager40k_2 \
        pingpong_tcp_eager128k_2 sendrecv_tcp_eager24k_2 barrier_6

and the grids and loaded series listed in ``fixtures/real_fourteenth/TRUTH.md`` (``gather_linear_4`` and
``bcast_binomial_3`` fix the tuned component to one algorithm at every size; ``pingpong_eager40k_2`` sets
the shared-memory eager limit to 40960; ``pingpong_tcp_eager128k_2`` raises the TCP eager limit to 131072,
``sendrecv_tcp_eager24k_2`` lowers it to 24576; ``barrier_6`` ignores n, a fifth series with no regime
change).

The fifteenth set (``fixtures/real_fifteenth/mpi/``, measured for a thirteenth out-of-sample score) was
measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fifteenth/mpi/fifteenth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series alltoallv_3 \
        exscan_6 scatterv_5 reduce_scatter_block_6 allgatherv_6 bcast_bintree_5 reduce_binomial_4 \
        allgather_linear_3 scatter_binomial_4 reduce_scatter_rechalving_4 bcast_eager768_2 \
        allreduce_tcp_eager12k_2

and the grids and loaded series listed in ``fixtures/real_fifteenth/TRUTH.md`` (Alltoallv moves the
Alltoall's data through the v-interface with equal counts; ``bcast_bintree_5``, ``reduce_binomial_4``,
``allgather_linear_3``, ``scatter_binomial_4`` and ``reduce_scatter_rechalving_4`` fix the tuned
component to one algorithm at every size; ``bcast_eager768_2`` lowers the shared-memory eager limit to
768; ``allreduce_tcp_eager12k_2`` lowers the TCP eager limit to 12288; ``sendrecv_tcp_2``, Sendrecv over
TCP on small sizes only, is the series chosen before measuring as one with no change expected).

The sixteenth set (``fixtures/real_sixteenth/mpi/``, measured for a fourteenth out-of-sample score) was
measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_sixteenth/mpi/sixteenth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series bcast_linear_3 \
        bcast_splitbintree_4 bcast_sagring_6 reduce_linear_3 reduce_chain_5 reduce_binary_6 \
        allgatherv_bruck_4 alltoallv_pairwise_4 reduce_scatter_block_rechalving_4 scatter_linearnb_3 \
        allreduce_eager10k_3 bcast_tcp_eager48k_2 gather_7 barrier_7

and the grid and loaded series listed in ``fixtures/real_sixteenth/TRUTH.md`` (``bcast_linear_3``,
``bcast_splitbintree_4``, ``bcast_sagring_6``, ``reduce_linear_3``, ``reduce_chain_5``,
``reduce_binary_6``, ``allgatherv_bruck_4``, ``alltoallv_pairwise_4``,
``reduce_scatter_block_rechalving_4`` and ``scatter_linearnb_3`` fix the tuned component to one
algorithm at every size; ``allreduce_eager10k_3`` sets the shared-memory eager limit to 10240;
``bcast_tcp_eager48k_2`` sets the TCP eager limit to 49152; ``barrier_7`` ignores n and is the series
chosen before measuring as one with no change expected).

The seventeenth set (``fixtures/real_seventeenth/mpi/``, measured for a fifteenth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_seventeenth/mpi/seventeenth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allgatherv_ring_3 \
        allgatherv_neighbor_4 alltoallv_linear_3 reduce_scatter_nonoverlap_3 reduce_scatter_block_butterfly_4 \
        scan_recdbl_3 exscan_linear_4 gather_binomial_5 allgather_neighbor_6 allgather_eager5k_3 \
        scatterv_tcp_eager6k_2 iallreduce_5 sendrecv_ring_4 barrier_bruck_3

and the grid and loaded series listed in ``fixtures/real_seventeenth/TRUTH.md`` (``allgatherv_ring_3``,
``allgatherv_neighbor_4``, ``alltoallv_linear_3``, ``reduce_scatter_nonoverlap_3``,
``reduce_scatter_block_butterfly_4``, ``scan_recdbl_3``, ``exscan_linear_4``, ``gather_binomial_5``,
``allgather_neighbor_6`` and ``barrier_bruck_3`` fix the tuned component to one algorithm at every
size; ``allgather_eager5k_3`` sets the shared-memory eager limit to 5120; ``scatterv_tcp_eager6k_2``
sets the TCP eager limit to 6144; ``barrier_bruck_3`` ignores n and is the series chosen before
measuring as one with no change expected).

The eighteenth set (``fixtures/real_eighteenth/mpi/``, measured for a sixteenth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_eighteenth/mpi/eighteenth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allgatherv_twoproc_2 \
        allgather_twoproc_2 alltoallv_pairwise_3 reduce_scatter_ring_3 reduce_scatter_block_linear_5 scan_linear_4 \
        exscan_recdbl_3 gather_linear_sync_3 bcast_scatter_allgather_ring_3 allreduce_ring_3 alltoall_linear_sync_3 \
        allgather_eager14k_2 reduce_tcp_eager10k_2 barrier_double_ring_4

and the grid and loaded series listed in ``fixtures/real_eighteenth/TRUTH.md`` (all but
``allgather_eager14k_2`` and ``reduce_tcp_eager10k_2`` fix the tuned component to one algorithm at
every size; ``allgather_eager14k_2`` sets the shared-memory eager limit to 14336;
``reduce_tcp_eager10k_2`` sets the TCP eager limit to 10240; ``barrier_double_ring_4`` ignores n and is
the series chosen before measuring as one with no change expected).

The nineteenth set (``fixtures/real_nineteenth/mpi/``, measured for a seventeenth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_nineteenth/mpi/nineteenth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series alltoall_twoproc_2 \
        reduce_scatter_butterfly_4 allgatherv_gatherbcast_3 allreduce_recdbl_4 bcast_knomial_3 reduce_binomial_5 \
        gather_binomial_4 scatter_binomial_3 scan_recdbl_4 exscan_linear_3 alltoallv_linear_4 \
        reduce_scatter_block_rechalving_2 pingpong_eager7k_2 alltoall_tcp_eager20k_2 barrier_linear_3

and the grid and loaded series listed in ``fixtures/real_nineteenth/TRUTH.md`` (all but
``pingpong_eager7k_2`` and ``alltoall_tcp_eager20k_2`` fix the tuned component to one algorithm at
every size; ``pingpong_eager7k_2`` sets the shared-memory eager limit to 7168;
``alltoall_tcp_eager20k_2`` sets the TCP eager limit to 20480; ``barrier_linear_3`` ignores n and is
the series chosen before measuring as one with no change expected).

The twentieth set (``fixtures/real_twentieth/mpi/``, measured for an eighteenth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentieth/mpi/twentieth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allreduce_segring_4 \
        bcast_chain_3 reduce_linear_2 allgather_recdbl_2 alltoall_pairwise_2 gather_linear_2 scatter_linear_2 \
        reduce_scatter_nonoverlap_2 reduce_scatter_block_linear_3 scan_linear_2 exscan_recdbl_2 \
        allgatherv_bruck_3 sendrecv_eager28k_2 ipingpong_tcp_eager14k_2 barrier_recdbl_4
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentieth/mpi/tritetracos \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series scatter_2 \
        --sizes $(python -c "print(*[43 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentieth/mpi/loaded20 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series allgatherv_twoproc_2 \
        reduce_scatter_block_rechalving_2 pingpong_eager7k_2 reduce_tcp_eager10k_2

(all but ``sendrecv_eager28k_2`` and ``ipingpong_tcp_eager14k_2`` in the first command fix the tuned
component to one algorithm at every size; ``sendrecv_eager28k_2`` sets the shared-memory eager limit
to 28672; ``ipingpong_tcp_eager14k_2`` runs the non-blocking ping-pong over TCP with the TCP eager
limit 14336; ``barrier_recdbl_4`` ignores n and is the series chosen before measuring as one with no
change expected; the 43·2^k grid and the four loaded series are described in
``fixtures/real_twentieth/TRUTH.md``).

The twenty-first set (``fixtures/real_twentyfirst/mpi/``, measured for a nineteenth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyfirst/mpi/twentyfirst \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allreduce_recdbl_2 \
        bcast_binomial_4 reduce_binomial_3 allgather_bruck_4 alltoall_linear_sync_2 gather_binomial_2 \
        scatter_binomial_2 reduce_scatter_block_recdbl_2 scan_recdbl_2 exscan_linear_2 reduce_scatter_4 \
        alltoallv_5 scatterv_eager36k_3 allgather_tcp_eager28k_2 barrier_tree_3
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyfirst/mpi/heptatetracos \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series reduce_2 \
        --sizes $(python -c "print(*[47 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyfirst/mpi/loaded21 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series allreduce_nonoverlap_2 \
        bcast_binarytree_2 reduce_scatter_ring_2 pingpong_eager11k_2

(the first ten in the first command fix the tuned component to one algorithm at every size;
``reduce_scatter_4`` and ``alltoallv_5`` run the default selection on 4 and 5 ranks;
``scatterv_eager36k_3`` runs the default selection on 3 ranks with the shared-memory eager limit 36864;
``allgather_tcp_eager28k_2`` runs over TCP with the TCP eager limit 28672; ``barrier_tree_3`` ignores n and
is the series chosen before measuring as one with no change expected; the 47·2^k grid and the four loaded
series are described in ``fixtures/real_twentyfirst/TRUTH.md``).

The twenty-second set (``fixtures/real_twentysecond/mpi/``, measured for a twentieth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentysecond/mpi/twentysecond \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allreduce_ring_2 \
        bcast_knomial_2 reduce_chain_3 allgather_ring_2 alltoall_bruck_3 gather_linear_sync_2 \
        reduce_scatter_block_butterfly_2 scan_linear_3 exscan_recdbl_5 reduce_scatter_butterfly_2 scatterv_6 \
        alltoallv_6 gather_eager44k_3 reduce_scatter_tcp_eager40k_2 barrier_bruck_5
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentysecond/mpi/tripentacos \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series bcast_2 \
        --sizes $(python -c "print(*[53 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentysecond/mpi/loaded22 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series allreduce_segring_2 \
        gather_linear_3 alltoall_pairwise_3 pingpong_eager13k_2

(the first ten in the first command fix the tuned component to one algorithm at every size;
``scatterv_6`` and ``alltoallv_6`` run the default selection on 6 ranks;
``gather_eager44k_3`` runs the default selection on 3 ranks with the shared-memory eager limit 45056;
``reduce_scatter_tcp_eager40k_2`` runs over TCP with the TCP eager limit 40960; ``barrier_bruck_5`` ignores n and
is the series chosen before measuring as one with no change expected; the 53·2^k grid and the four loaded
series are described in ``fixtures/real_twentysecond/TRUTH.md``).

The twenty-third set (``fixtures/real_twentythird/mpi/``, measured for a twenty-first out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentythird/mpi/twentythird \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allreduce_linear_3 \
        bcast_pipeline_2 bcast_splitbintree_3 reduce_rabenseifner_3 reduce_binary_3 allgather_bruck_2 \
        alltoall_linear_2 scatter_linear_nb_2 scatter_binomial_5 reduce_scatter_rechalving_3 scan_recdbl_5 \
        allgatherv_ring_2 reduce_eager52k_2 gather_tcp_eager18k_2 barrier_double_ring_3
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentythird/mpi/ennepentacos \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allgather_2 \
        --sizes $(python -c "print(*[59 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentythird/mpi/loaded23 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series bcast_binomial_2 \
        reduce_scatter_block_linear_2 sendrecv_eager9k_2 allgather_linear_2

(the first twelve in the first command fix the tuned component to one algorithm at every size;
``reduce_eager52k_2`` runs the default selection on 2 ranks with the shared-memory eager limit 53248;
``gather_tcp_eager18k_2`` runs over TCP with the TCP eager limit 18432; ``barrier_double_ring_3`` ignores n and
is the series chosen before measuring as one with no change expected; the 59·2^k grid and the four loaded
series are described in ``fixtures/real_twentythird/TRUTH.md``).

The twenty-fourth set (``fixtures/real_twentyfourth/mpi/``, measured for a twenty-second out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyfourth/mpi/twentyfourth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allreduce_rabenseifner_3 \
        bcast_scatter_allgather_2 bcast_bintree_3 reduce_inorder_binary_3 reduce_pipeline_2 allgather_neighbor_2 \
        alltoall_bruck_2 gather_linear_sync_5 scatter_linear_3 reduce_scatter_butterfly_3 \
        reduce_scatter_block_rechalving_3 exscan_linear_5 scan_eager22k_2 exscan_tcp_eager56k_2 barrier_tree_4
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyfourth/mpi/henhexacos \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allgatherv_2 \
        --sizes $(python -c "print(*[61 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyfourth/mpi/loaded24 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        allreduce_rabenseifner_2 alltoallv_pairwise_2 bcast_linear_2 ipingpong_eager15k_2

(the first twelve in the first command fix the tuned component to one algorithm at every size, the pipeline
Reduce cut into 4 KiB segments; ``scan_eager22k_2`` runs the default selection on 2 ranks with the
shared-memory eager limit 22528; ``exscan_tcp_eager56k_2`` runs over TCP with the TCP eager limit 57344;
``barrier_tree_4`` ignores n and is the series chosen before measuring as one with no change expected; the
61·2^k grid and the four loaded series are described in ``fixtures/real_twentyfourth/TRUTH.md``).

The twenty-fifth set (``fixtures/real_twentyfifth/mpi/``, measured for a twenty-third out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyfifth/mpi/twentyfifth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allreduce_nonoverlap_3 \
        bcast_chain_2 bcast_splitbintree_2 reduce_binary_2 reduce_chain_4 allgather_linear_4 alltoall_linear_4 \
        gather_linear_5 scatter_linear_nb_4 reduce_scatter_nonoverlap_4 reduce_scatter_block_butterfly_3 \
        allgatherv_bruck_2 alltoallv_eager26k_2 reduce_scatter_block_tcp_eager44k_2 barrier_bruck_4
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyfifth/mpi/heptahexacos \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series sendrecv_2 \
        --sizes $(python -c "print(*[67 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyfifth/mpi/loaded25 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        allreduce_linear_2 reduce_binomial_2 allgatherv_neighbor_2 pingpong_eager18k_2

(the first twelve in the first command fix the tuned component to one algorithm at every size;
``alltoallv_eager26k_2`` runs the default selection on 2 ranks with the shared-memory eager limit 26624;
``reduce_scatter_block_tcp_eager44k_2`` runs over TCP with the TCP eager limit 45056; ``barrier_bruck_4``
ignores n and is the series chosen before measuring as one with no change expected; the 67·2^k grid and the
four loaded series, whose 1-minute load average was raised by two busy loops started a minute before the
sweep, are described in ``fixtures/real_twentyfifth/TRUTH.md``).

The twenty-sixth set (``fixtures/real_twentysixth/mpi/``, measured for a twenty-fourth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentysixth/mpi/twentysixth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allreduce_ring_5 \
        bcast_bintree_4 bcast_scatter_allgather_3 reduce_linear_4 reduce_inorder_binary_2 allgather_bruck_5 \
        allgatherv_ring_4 alltoall_pairwise_4 scatter_linear_5 reduce_scatter_rechalving_2 \
        reduce_scatter_block_recdbl_4 scan_linear_5 exscan_eager30k_2 scan_tcp_eager36k_2 barrier_linear_4
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentysixth/mpi/henheptacos \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series ipingpong_2 \
        --sizes $(python -c "print(*[71 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentysixth/mpi/loaded26 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        reduce_chain_2 alltoallv_linear_2 bcast_sagring_2 ipingpong_eager38k_2

(the first thirteen in the first command fix the tuned component to one algorithm at every size;
``exscan_eager30k_2`` runs the default selection on 2 ranks with the shared-memory eager limit 30720;
``scan_tcp_eager36k_2`` runs over TCP with the TCP eager limit 36864; ``barrier_linear_4`` ignores n and is
the series chosen before measuring as one with no change expected; the 71·2^k grid and the four loaded
series, whose 1-minute load average was raised by two busy loops started a minute before the sweep, are
described in ``fixtures/real_twentysixth/TRUTH.md``).

The twenty-seventh set (``fixtures/real_twentyseventh/mpi/``, measured for a twenty-fifth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyseventh/mpi/twentyseventh \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allreduce_recdbl_5 \
        bcast_knomial_5 bcast_linear_4 reduce_rabenseifner_4 reduce_binary_4 allgather_linear_5 allgatherv_bruck_5 \
        alltoall_bruck_5 alltoallv_pairwise_5 scatter_linear_nb_5 reduce_scatter_ring_5 \
        reduce_scatter_block_linear_4 allgatherv_eager34k_2 alltoallv_tcp_eager60k_2 barrier_recdbl_3
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyseventh/mpi/triheptacos \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series exscan_2 \
        --sizes $(python -c "print(*[73 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyseventh/mpi/loaded27 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        allgatherv_gatherv_bcast_2 sendrecv_eager42k_2 reduce_scatter_block_eager46k_2 pingpong_tcp_eager52k_2

(the first twelve in the first command fix the tuned component to one algorithm at every size;
``allgatherv_eager34k_2`` runs the default selection on 2 ranks with the shared-memory eager limit 34816;
``alltoallv_tcp_eager60k_2`` runs over TCP with the TCP eager limit 61440; ``barrier_recdbl_3`` ignores n and
is the series chosen before measuring as one with no change expected; the 73·2^k grid and the four loaded
series, whose 1-minute load average was raised by two busy loops started a minute before the sweep, are
described in ``fixtures/real_twentyseventh/TRUTH.md``).

The twenty-eighth set (``fixtures/real_twentyeighth/mpi/``, measured for a twenty-sixth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyeighth/mpi/twentyeighth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allreduce_linear_5 \
        allreduce_segring_5 bcast_chain_5 bcast_binomial_5 reduce_inorder_binary_5 allgather_ring_5 \
        allgatherv_ring_5 allgatherv_gatherv_bcast_4 alltoall_linear_sync_5 alltoallv_linear_5 \
        reduce_scatter_nonoverlap_5 reduce_scatter_block_butterfly_5 reduce_scatter_eager50k_2 \
        allgatherv_tcp_eager38k_2 barrier_double_ring_5
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyeighth/mpi/enneheptacos \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series scan_2 \
        --sizes $(python -c "print(*[79 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyeighth/mpi/loaded28 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        gather_eager54k_2 scatterv_eager58k_2 reduce_tcp_eager46k_2 exscan_tcp_eager42k_2

(the first twelve in the first command fix the tuned component to one algorithm at every size;
``reduce_scatter_eager50k_2`` runs the default selection on 2 ranks with the shared-memory eager limit 51200;
``allgatherv_tcp_eager38k_2`` runs over TCP with the TCP eager limit 38912; ``barrier_double_ring_5`` ignores n
and is the series chosen before measuring as one with no change expected; the 79·2^k grid and the four loaded
series, whose 1-minute load average was raised by two busy loops started a minute before the sweep, are
described in ``fixtures/real_twentyeighth/TRUTH.md``).

The twenty-ninth set (``fixtures/real_twentyninth/mpi/``, measured for a twenty-seventh out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyninth/mpi/twentyninth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allreduce_nonoverlap_5 \
        allreduce_rabenseifner_5 alltoall_linear_5 bcast_linear_5 bcast_splitbintree_5 bcast_scatter_allgather_5 \
        reduce_linear_5 reduce_rabenseifner_5 reduce_scatter_rechalving_5 reduce_scatter_butterfly_5 \
        reduce_scatter_block_recdbl_5 allgatherv_gatherv_bcast_5 iallreduce_eager56k_2 \
        sendrecv_ring_tcp_eager50k_3 barrier_tree_5
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyninth/mpi/trioctacos \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series gather_2 \
        --sizes $(python -c "print(*[83 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_twentyninth/mpi/loaded29 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        alltoallv_eager60k_2 scan_eager62k_2 scatter_tcp_eager54k_2 allgather_tcp_eager34k_2

(the first twelve in the first command fix the tuned component to one algorithm at every size;
``iallreduce_eager56k_2`` runs the non-blocking Allreduce on 2 ranks with the shared-memory eager limit 57344;
``sendrecv_ring_tcp_eager50k_3`` runs the 3-rank ring over TCP with the TCP eager limit 51200; ``barrier_tree_5``
ignores n and is the series chosen before measuring as one with no change expected; the 83·2^k grid and the four
loaded series, whose 1-minute load average was raised by two busy loops started a minute before the sweep, are
described in ``fixtures/real_twentyninth/TRUTH.md``).

The thirtieth set (``fixtures/real_thirtieth/mpi/``, measured for a twenty-eighth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtieth/mpi/thirtieth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series bcast_sagring_5 \
        bcast_sagring_4 bcast_pipeline_5 reduce_binary_5 reduce_pipeline_5 reduce_pipeline_4 \
        reduce_scatter_block_rechalving_5 sendrecv_ring_eager43k_3 allgatherv_eager35k_3 scatterv_eager27k_4 \
        reduce_tcp_eager26k_3 iallreduce_tcp_eager30k_2 bcast_tcp_3 allreduce_tcp_3 barrier_twoproc_2
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtieth/mpi/enneoctacos \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series scatterv_2 \
        --sizes $(python -c "print(*[89 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtieth/mpi/loaded30 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        allreduce_eager61k_2 bcast_eager39k_2 gather_tcp_eager62k_2 alltoall_tcp_eager58k_2

(the first seven in the first command fix the tuned component to one algorithm at every size, the pipelines cut
into 8 KiB (Bcast) and 4 KiB (Reduce) segments; ``sendrecv_ring_eager43k_3``, ``allgatherv_eager35k_3`` and
``scatterv_eager27k_4`` raise the shared-memory eager limit to 44032, 35840 and 27648; ``reduce_tcp_eager26k_3``
and ``iallreduce_tcp_eager30k_2`` run over TCP with the TCP eager limit 26624 and 30720; ``bcast_tcp_3`` and
``allreduce_tcp_3`` run 3 ranks over TCP with its default settings; ``barrier_twoproc_2`` ignores n and is the
series chosen before measuring as one with no change expected; the 89·2^k grid and the four loaded series, whose
1-minute load average was raised by two busy loops started a minute before the sweep, are described in
``fixtures/real_thirtieth/TRUTH.md``).

The thirty-first set (``fixtures/real_thirtyfirst/mpi/``, measured for a twenty-ninth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyfirst/mpi/thirtyfirst \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series bcast_pipeline_4 \
        allreduce_ring_tcp_3 bcast_binomial_tcp_4 alltoall_pairwise_eager45k_4 scatter_binomial_eager21k_3 \
        scatter_6 reduce_scatter_6 allgather_tcp_3 scatter_tcp_4 exscan_eager25k_3 reduce_scatter_eager33k_4 \
        gather_eager49k_5 allgatherv_tcp_eager22k_3 alltoallv_tcp_eager41k_2 barrier_linear_5
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyfirst/mpi/heptenneacos \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series iallreduce_2 \
        --sizes $(python -c "print(*[97 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyfirst/mpi/loaded31 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        reduce_eager57k_2 reduce_scatter_block_eager53k_2 scan_tcp_eager37k_2 exscan_tcp_eager45k_2

(``bcast_pipeline_4`` fixes the tuned Bcast to the pipeline with 8 KiB segments on 4 ranks; ``allreduce_ring_tcp_3``
and ``bcast_binomial_tcp_4`` are the first forced algorithms run over TCP (ring Allreduce on 3, binomial Bcast on 4
ranks); ``alltoall_pairwise_eager45k_4`` and ``scatter_binomial_eager21k_3`` are the first forced algorithms run
with a raised shared-memory eager limit (46080 and 21504); ``scatter_6`` and ``reduce_scatter_6`` run the default
selection on 6 ranks, ``allgather_tcp_3`` and ``scatter_tcp_4`` over TCP with its defaults on 3 and 4 ranks,
``exscan_eager25k_3``, ``reduce_scatter_eager33k_4`` and ``gather_eager49k_5`` with the shared-memory eager limit
25600, 33792 and 50176, ``allgatherv_tcp_eager22k_3`` and ``alltoallv_tcp_eager41k_2`` over TCP with the TCP eager
limit 22528 and 41984, all without a forced algorithm; ``barrier_linear_5`` ignores n and is the series chosen
before measuring as one with no change expected; the 97·2^k grid and the four loaded series, whose 1-minute load
average was raised by two busy loops started a minute before the sweep, are described in
``fixtures/real_thirtyfirst/TRUTH.md``).

The thirty-second set (``fixtures/real_thirtysecond/mpi/``, measured for a thirtieth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtysecond/mpi/thirtysecond \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series alltoall_tcp_4 \
        reduce_scatter_block_tcp_3 iallreduce_tcp_3 alltoallv_tcp_3 scatterv_tcp_2 exscan_eager29k_4 \
        allgatherv_eager47k_4 scatterv_eager17k_5 sendrecv_ring_eager55k_4 gather_tcp_eager19k_3 bcast_tcp_eager33k_3 \
        allgather_bruck_tcp_3 allreduce_recdoubling_tcp_4 reduce_binomial_eager23k_3 barrier_tcp_3
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtysecond/mpi/henhecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series exscan_2 \
        --sizes $(python -c "print(*[101 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtysecond/mpi/loaded32 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        allgather_eager31k_2 alltoall_eager41k_2 sendrecv_tcp_eager25k_2 ipingpong_tcp_eager49k_2

(``alltoall_tcp_4``, ``reduce_scatter_block_tcp_3``, ``iallreduce_tcp_3``, ``alltoallv_tcp_3`` and ``scatterv_tcp_2``
run the default selection over TCP with its defaults on rank counts not measured with it before;
``exscan_eager29k_4``, ``allgatherv_eager47k_4``, ``scatterv_eager17k_5`` and ``sendrecv_ring_eager55k_4`` the
default selection with the shared-memory eager limits 29696, 48128, 17408 and 56320, ``gather_tcp_eager19k_3`` and
``bcast_tcp_eager33k_3`` over TCP with the TCP eager limits 19456 and 33792; ``allgather_bruck_tcp_3`` and
``allreduce_recdoubling_tcp_4`` force the Bruck Allgather and the recursive-doubling Allreduce over TCP,
``reduce_binomial_eager23k_3`` the binomial Reduce with the shared-memory eager limit 23552; ``barrier_tcp_3``
ignores n and is the series chosen before measuring as one with no change expected; the 101·2^k grid and the four
loaded series, whose 1-minute load average was raised by two busy loops started a minute before the sweep, are
described in ``fixtures/real_thirtysecond/TRUTH.md``).

The thirty-third set (``fixtures/real_thirtythird/mpi/``, measured for a thirty-first out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtythird/mpi/thirtythird \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series reduce_scatter_tcp_3 \
        scan_tcp_4 exscan_tcp_3 allgatherv_tcp_3 sendrecv_ring_tcp_3 iallreduce_eager37k_3 scan_eager19k_3 \
        reduce_scatter_block_eager51k_3 alltoallv_eager59k_4 reduce_tcp_eager21k_4 allreduce_tcp_eager43k_3 \
        alltoall_tcp_eager27k_3 scatter_binomial_tcp_3 gather_binomial_tcp_3 barrier_tcp_2
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtythird/mpi/trihecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series alltoall_2 \
        --sizes $(python -c "print(*[103 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtythird/mpi/loaded33 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        bcast_eager63k_2 pingpong_tcp_eager29k_2 scan_tcp_eager35k_2 allgatherv_tcp_eager17k_2

(``reduce_scatter_tcp_3``, ``scan_tcp_4``, ``exscan_tcp_3``, ``allgatherv_tcp_3`` and ``sendrecv_ring_tcp_3`` run the
default selection over TCP with its defaults on rank counts not measured with it before; ``iallreduce_eager37k_3``,
``scan_eager19k_3``, ``reduce_scatter_block_eager51k_3`` and ``alltoallv_eager59k_4`` the default selection with the
shared-memory eager limits 37888, 19456, 52224 and 60416, ``reduce_tcp_eager21k_4``, ``allreduce_tcp_eager43k_3`` and
``alltoall_tcp_eager27k_3`` over TCP with the TCP eager limits 21504, 44032 and 27648; ``scatter_binomial_tcp_3`` and
``gather_binomial_tcp_3`` force the binomial Scatter and Gather over TCP; ``barrier_tcp_2`` ignores n and is the
series chosen before measuring as one with no change expected; the 103·2^k grid and the four loaded series, whose
1-minute load average was raised by two busy loops started a minute before the sweep, are described in
``fixtures/real_thirtythird/TRUTH.md``).

The thirty-fourth set (``fixtures/real_thirtyfourth/mpi/``, measured for a thirty-second out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyfourth/mpi/thirtyfourth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series reduce_tcp_3 \
        allgather_tcp_4 scatter_tcp_3 alltoallv_tcp_2 scatterv_tcp_3 reduce_scatter_eager23k5_3 scan_eager40k5_4 \
        gather_eager12k5_4 alltoall_eager56k5_4 scan_tcp_eager23k_3 reduce_scatter_block_tcp_eager47k_3 \
        bcast_tcp_eager53k_4 reduce_binomial_tcp_3 alltoall_pairwise_tcp_3 barrier_tcp_4
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyfourth/mpi/heptahecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series alltoallv_2 \
        --sizes $(python -c "print(*[107 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyfourth/mpi/loaded34 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        scatter_eager31k5_2 ipingpong_tcp_2 exscan_tcp_2 sendrecv_tcp_eager61k_2

(``reduce_tcp_3``, ``allgather_tcp_4``, ``scatter_tcp_3``, ``alltoallv_tcp_2`` and ``scatterv_tcp_3`` run the default
selection over TCP with its defaults on rank counts not measured with it before; ``reduce_scatter_eager23k5_3``,
``scan_eager40k5_4``, ``gather_eager12k5_4`` and ``alltoall_eager56k5_4`` the default selection with the shared-memory
eager limits 24064, 41472, 12800 and 57856 (half-KiB values: every whole-KiB limit from 5 KiB to 64 KiB was used
before), ``scan_tcp_eager23k_3``, ``reduce_scatter_block_tcp_eager47k_3`` and ``bcast_tcp_eager53k_4`` over TCP with
the TCP eager limits 23552, 48128 and 54272; ``reduce_binomial_tcp_3`` and ``alltoall_pairwise_tcp_3`` force the
binomial Reduce and the pairwise Alltoall over TCP; ``barrier_tcp_4`` ignores n and is the series chosen before
measuring as one with no change expected; the 107·2^k grid and the four loaded series, whose 1-minute load average
was raised by two busy loops started a minute before the sweep, are described in
``fixtures/real_thirtyfourth/TRUTH.md``).

The thirty-fifth set (``fixtures/real_thirtyfifth/mpi/``, measured for a thirty-third out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyfifth/mpi/thirtyfifth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series gather_tcp_2 \
        reduce_scatter_tcp_2 exscan_tcp_4 scatterv_tcp_4 sendrecv_ring_tcp_4 allgather_eager20k5_4 \
        alltoallv_eager45k5_3 reduce_scatter_block_eager9k5_4 scatter_eager52k5_4 allgather_tcp_eager31k_3 \
        allreduce_tcp_eager51k_4 gather_tcp_eager59k_4 allgather_ring_tcp_3 reduce_scatter_ring_tcp_3 \
        barrier_bruck_tcp_3
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyfifth/mpi/ennehecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series reduce_scatter_block_2 \
        --sizes $(python -c "print(*[109 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyfifth/mpi/loaded35 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        gather_eager27k5_2 reduce_scatter_block_tcp_2 iallreduce_tcp_2 allgatherv_tcp_eager39k_2

(``gather_tcp_2``, ``reduce_scatter_tcp_2``, ``exscan_tcp_4``, ``scatterv_tcp_4`` and ``sendrecv_ring_tcp_4`` run the
default selection over TCP with its defaults on rank counts not measured with it before; ``allgather_eager20k5_4``,
``alltoallv_eager45k5_3``, ``reduce_scatter_block_eager9k5_4`` and ``scatter_eager52k5_4`` the default selection with
the shared-memory eager limits 20992, 46592, 9728 and 53760 (half-KiB values: every whole-KiB limit from 5 KiB to
64 KiB was used before), ``allgather_tcp_eager31k_3``, ``allreduce_tcp_eager51k_4`` and ``gather_tcp_eager59k_4`` over
TCP with the TCP eager limits 31744, 52224 and 60416; ``allgather_ring_tcp_3`` and ``reduce_scatter_ring_tcp_3`` force
the ring Allgather and the ring Reduce_scatter over TCP; ``barrier_bruck_tcp_3`` ignores n and is the series chosen
before measuring as one with no change expected; the 109·2^k grid and the four loaded series, whose 1-minute load
average was raised by two busy loops started a minute before the sweep, are described in
``fixtures/real_thirtyfifth/TRUTH.md``).

The thirty-sixth set (``fixtures/real_thirtysixth/mpi/``, measured for a thirty-fourth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtysixth/mpi/thirtysixth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allreduce_tcp_4 \
        allgatherv_tcp_4 alltoallv_tcp_4 reduce_scatter_block_tcp_4 bcast_tcp_4 reduce_eager17k5_4 \
        iallreduce_eager42k5_4 scan_eager11k5_3 allgather_eager35k5_3 alltoall_tcp_eager55k_4 \
        exscan_tcp_eager57k_3 scatterv_tcp_eager63k_3 allreduce_recursive_doubling_tcp_3 alltoall_bruck_tcp_3 \
        barrier_recursive_doubling_tcp_4
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtysixth/mpi/tredecahecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series reduce_scatter_2 \
        --sizes $(python -c "print(*[113 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtysixth/mpi/loaded36 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        scan_tcp_2 alltoallv_eager24k5_2 allreduce_eager33k5_2 scatterv_eager13k5_2

(``allreduce_tcp_4``, ``allgatherv_tcp_4``, ``alltoallv_tcp_4``, ``reduce_scatter_block_tcp_4`` and ``bcast_tcp_4`` run
the default selection over TCP with its defaults on rank counts not measured with it before; ``reduce_eager17k5_4``,
``iallreduce_eager42k5_4``, ``scan_eager11k5_3`` and ``allgather_eager35k5_3`` the default selection with the
shared-memory eager limits 17920, 43520, 11776 and 36352 (half-KiB values: every whole-KiB limit from 5 KiB to 64 KiB
was used before), ``alltoall_tcp_eager55k_4``, ``exscan_tcp_eager57k_3`` and ``scatterv_tcp_eager63k_3`` over TCP with
the TCP eager limits 56320, 58368 and 64512; ``allreduce_recursive_doubling_tcp_3`` and ``alltoall_bruck_tcp_3`` force
the recursive-doubling Allreduce and the Bruck Alltoall over TCP; ``barrier_recursive_doubling_tcp_4`` ignores n and
is the series chosen before measuring as one with no change expected; the 113·2^k grid and the four loaded series,
whose 1-minute load average was raised by two busy loops started a minute before the sweep, are described in
``fixtures/real_thirtysixth/TRUTH.md``).

The thirty-seventh set (``fixtures/real_thirtyseventh/mpi/``, measured for a thirty-fifth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyseventh/mpi/thirtyseventh \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series iallreduce_tcp_4 \
        reduce_tcp_4 reduce_scatter_tcp_4 gather_eager14k5_3 allgatherv_eager29k5_4 \
        reduce_scatter_block_eager38k5_3 exscan_eager49k5_4 allgather_tcp_eager15k_4 scatterv_tcp_eager11k_4 \
        scan_tcp_eager13k_4 allgatherv_ring_tcp_3 bcast_knomial_tcp_3 gather_binomial_tcp_4 allreduce_ring_tcp_4 \
        barrier_double_ring_tcp_3
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyseventh/mpi/heptacosihecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series sendrecv_ring_3 \
        --sizes $(python -c "print(*[127 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyseventh/mpi/loaded37 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        scatter_tcp_2 gather_eager19k5_2 exscan_eager10k5_2 alltoall_eager60k5_2

(``iallreduce_tcp_4``, ``reduce_tcp_4`` and ``reduce_scatter_tcp_4`` run the default selection over TCP with its
defaults on a rank count not measured with it before; ``gather_eager14k5_3``, ``allgatherv_eager29k5_4``,
``reduce_scatter_block_eager38k5_3`` and ``exscan_eager49k5_4`` the default selection with the shared-memory eager
limits 14848, 30208, 39424 and 50688 (half-KiB values: every whole-KiB limit from 5 KiB to 64 KiB was used
before), ``allgather_tcp_eager15k_4``, ``scatterv_tcp_eager11k_4`` and ``scan_tcp_eager13k_4`` over TCP with the
TCP eager limits 15360, 11264 and 13312; ``allgatherv_ring_tcp_3``, ``bcast_knomial_tcp_3``,
``gather_binomial_tcp_4`` and ``allreduce_ring_tcp_4`` force the ring Allgatherv, the k-nomial Bcast, the binomial
Gather and the ring Allreduce over TCP; ``barrier_double_ring_tcp_3`` ignores n and is the series chosen before
measuring as one with no change expected; the 127·2^k grid (a 3-rank Sendrecv ring, never on a non-2^k grid
before) and the four loaded series, whose 1-minute load average was raised by two busy loops started a minute
before the sweep, are described in ``fixtures/real_thirtyseventh/TRUTH.md``).

The thirty-eighth set (``fixtures/real_thirtyeighth/mpi/``, measured for a thirty-sixth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyeighth/mpi/thirtyeighth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allreduce_tcp_5 \
        bcast_tcp_5 gather_tcp_5 scatter_eager15k5_4 alltoallv_eager21k5_3 bcast_eager36k5_4 allreduce_eager54k5_3 \
        exscan_tcp_eager9k_4 alltoallv_tcp_eager7k_3 scan_tcp_eager5k_3 alltoall_pairwise_tcp_4 \
        allreduce_rabenseifner_tcp_4 reduce_scatter_block_rechalving_tcp_4 bcast_scatter_allgather_tcp_3 \
        barrier_tree_tcp_4
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyeighth/mpi/hentriacontahecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series reduce_3 \
        --sizes $(python -c "print(*[131 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyeighth/mpi/loaded38 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        allgatherv_tcp_2 reduce_eager25k5_2 bcast_eager8k5_2 sendrecv_eager46k5_2

(``allreduce_tcp_5``, ``bcast_tcp_5`` and ``gather_tcp_5`` run the default selection over TCP with its defaults on
5 ranks, a rank count never run over TCP before; ``scatter_eager15k5_4``, ``alltoallv_eager21k5_3``,
``bcast_eager36k5_4`` and ``allreduce_eager54k5_3`` the default selection with the shared-memory eager limits 15872,
22016, 37376 and 55808 (half-KiB values: every whole-KiB limit from 5 KiB to 64 KiB was used before),
``exscan_tcp_eager9k_4``, ``alltoallv_tcp_eager7k_3`` and ``scan_tcp_eager5k_3`` over TCP with the TCP eager limits
9216, 7168 and 5120 (never TCP limits before); ``alltoall_pairwise_tcp_4``, ``allreduce_rabenseifner_tcp_4``,
``reduce_scatter_block_rechalving_tcp_4`` and ``bcast_scatter_allgather_tcp_3`` force the pairwise Alltoall, the
Rabenseifner Allreduce, the recursive-halving Reduce_scatter_block and the scatter-allgather Bcast over TCP;
``barrier_tree_tcp_4`` ignores n and is the series chosen before measuring as one with no change expected; the
131·2^k grid (a 3-rank Reduce, never on a non-2^k grid before) and the four loaded series, whose 1-minute load
average was raised by two busy loops started a minute before the sweep, are described in
``fixtures/real_thirtyeighth/TRUTH.md``).

The thirty-ninth set (``fixtures/real_thirtyninth/mpi/``, measured for a thirty-seventh out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyninth/mpi/thirtyninth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allgather_tcp_5 \
        reduce_tcp_5 alltoall_tcp_5 scatterv_eager16k5_4 reduce_scatter_eager28k5_3 gather_eager39k5_4 \
        scan_eager57k5_3 allreduce_tcp_eager6k5_3 bcast_tcp_eager4k5_4 allgather_tcp_eager8k5_3 \
        allgather_bruck_tcp_4 alltoall_bruck_tcp_4 bcast_knomial_tcp_4 reduce_binomial_tcp_4 barrier_bruck_tcp_4
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyninth/mpi/heptatriacontahecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series gather_3 \
        --sizes $(python -c "print(*[137 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_thirtyninth/mpi/loaded39 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        gather_tcp_eager10k5_2 allreduce_eager30k5_2 alltoallv_eager44k5_2 scan_eager61k5_2

(``allgather_tcp_5``, ``reduce_tcp_5`` and ``alltoall_tcp_5`` run the default selection over TCP with its defaults
on 5 ranks (Allgather, Reduce and Alltoall never over TCP on 5 ranks before); ``scatterv_eager16k5_4``,
``reduce_scatter_eager28k5_3``, ``gather_eager39k5_4`` and ``scan_eager57k5_3`` the default selection with the
shared-memory eager limits 16896, 29184, 40448 and 58880 (half-KiB values not used before),
``allreduce_tcp_eager6k5_3``, ``bcast_tcp_eager4k5_4`` and ``allgather_tcp_eager8k5_3`` over TCP with the TCP eager
limits 6656, 4608 and 8704 (half-KiB TCP limits, never used before: every whole-KiB TCP limit from 4 KiB to 64 KiB
was); ``allgather_bruck_tcp_4``, ``alltoall_bruck_tcp_4``, ``bcast_knomial_tcp_4`` and ``reduce_binomial_tcp_4``
force the Bruck Allgather, the Bruck Alltoall, the k-nomial Bcast and the binomial Reduce over TCP on 4 ranks (each
only on 3 ranks over TCP before); ``barrier_bruck_tcp_4`` ignores n and is the series chosen before measuring as one
with no change expected; the 137·2^k grid (a 3-rank default Gather, never on a non-2^k grid before) and the four
loaded series, whose 1-minute load average was raised by two busy loops started a minute before the sweep, are
described in ``fixtures/real_thirtyninth/TRUTH.md``).

The fortieth set (``fixtures/real_fortieth/mpi/``, measured for a thirty-eighth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortieth/mpi/fortieth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series scan_tcp_5 \
        scatter_tcp_5 alltoallv_tcp_5 reduce_eager18k5_4 allgatherv_eager26k5_3 exscan_eager41k5_4 \
        bcast_eager59k5_3 scatter_tcp_eager5k5_4 reduce_tcp_eager7k5_3 alltoall_tcp_eager9k5_4 \
        allgather_ring_tcp_4 allgatherv_ring_tcp_4 reduce_scatter_ring_tcp_4 scatter_binomial_tcp_4 \
        barrier_double_ring_tcp_4
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortieth/mpi/enneatriacontahecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series alltoall_3 \
        --sizes $(python -c "print(*[139 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortieth/mpi/loaded40 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        allgatherv_tcp_eager11k5_2 reduce_eager34k5_2 gather_eager50k5_2 scatterv_eager22k5_2

(``scan_tcp_5``, ``scatter_tcp_5`` and ``alltoallv_tcp_5`` run the default selection over TCP with its defaults
on 5 ranks (Scan, Scatter and Alltoallv never over TCP on 5 ranks before); ``reduce_eager18k5_4``,
``allgatherv_eager26k5_3``, ``exscan_eager41k5_4`` and ``bcast_eager59k5_3`` the default selection with the
shared-memory eager limits 18944, 27136, 42496 and 60928 (half-KiB values not used before),
``scatter_tcp_eager5k5_4``, ``reduce_tcp_eager7k5_3`` and ``alltoall_tcp_eager9k5_4`` over TCP with the TCP eager
limits 5632, 7680 and 9728 (half-KiB TCP limits not used before: only 4608, 6656, 8704 and 10752 were);
``allgather_ring_tcp_4``, ``allgatherv_ring_tcp_4``, ``reduce_scatter_ring_tcp_4`` and ``scatter_binomial_tcp_4``
force the ring Allgather, the ring Allgatherv, the ring Reduce_scatter and the binomial Scatter over TCP on 4
ranks (each only on 3 ranks over TCP before); ``barrier_double_ring_tcp_4`` ignores n and is the series chosen
before measuring as one with no change expected; the 139·2^k grid (a 3-rank default Alltoall, never on a
non-2^k grid before) and the four loaded series, whose 1-minute load average was raised by two busy loops started
a minute before the sweep, are described in ``fixtures/real_fortieth/TRUTH.md``).

The forty-first set (``fixtures/real_fortyfirst/mpi/``, measured for a thirty-ninth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyfirst/mpi/fortyfirst \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series exscan_tcp_5 \
        scatterv_tcp_5 reduce_scatter_block_tcp_5 allreduce_eager32k5_4 gather_eager43k5_3 \
        alltoallv_eager53k5_4 scatterv_eager47k5_3 bcast_tcp_eager12k5_4 gather_tcp_eager13k5_3 \
        allreduce_tcp_eager14k5_4 bcast_scatter_allgather_tcp_4 alltoallv_pairwise_tcp_4 exscan_recdbl_tcp_4 \
        gather_linear_sync_tcp_4 barrier_linear_tcp_4
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyfirst/mpi/enneatetracontahecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allgatherv_3 \
        --sizes $(python -c "print(*[149 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyfirst/mpi/loaded41 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        scan_tcp_eager15k5_2 bcast_eager37k5_2 alltoall_eager55k5_2 allgather_eager62k5_2

(``exscan_tcp_5``, ``scatterv_tcp_5`` and ``reduce_scatter_block_tcp_5`` run the default selection over TCP with
its defaults on 5 ranks (Exscan, Scatterv and Reduce_scatter_block never over TCP on 5 ranks before);
``allreduce_eager32k5_4``, ``gather_eager43k5_3``, ``alltoallv_eager53k5_4`` and ``scatterv_eager47k5_3`` the
default selection with the shared-memory eager limits 33280, 44544, 54784 and 48640 (half-KiB values not used
before), ``bcast_tcp_eager12k5_4``, ``gather_tcp_eager13k5_3`` and ``allreduce_tcp_eager14k5_4`` over TCP with
the TCP eager limits 12800, 13824 and 14848 (half-KiB TCP limits not used before: only 4608, 5632, 6656, 7680,
8704, 9728, 10752 and 11776 were); ``bcast_scatter_allgather_tcp_4`` forces the scatter-allgather Bcast over TCP
on 4 ranks (over TCP only on 3 before), ``alltoallv_pairwise_tcp_4``, ``exscan_recdbl_tcp_4`` and
``gather_linear_sync_tcp_4`` force the pairwise Alltoallv, the recursive-doubling Exscan and the linear Gather
with synchronisation over TCP (never forced over TCP before); ``barrier_linear_tcp_4`` (the linear Barrier,
never over TCP before) ignores n and is the series chosen before measuring as one with no change expected;
the 149·2^k grid (a 3-rank default Allgatherv, never on a non-2^k grid before) and the four loaded series,
whose 1-minute load average was raised by two busy loops started a minute before the sweep, are described in
``fixtures/real_fortyfirst/TRUTH.md``).

The forty-second set (``fixtures/real_fortysecond/mpi/``, measured for a fortieth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortysecond/mpi/fortysecond \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allgatherv_tcp_5 \
        reduce_scatter_tcp_5 sendrecv_ring_tcp_5 alltoall_eager48k5_3 reduce_eager51k5_4 scan_eager58k5_3 \
        allgather_eager63k5_4 scatter_tcp_eager16k5_4 alltoallv_tcp_eager17k5_3 bcast_tcp_eager18k5_3 \
        allgatherv_bruck_tcp_4 alltoallv_linear_tcp_4 scan_recdbl_tcp_4 exscan_linear_tcp_4 barrier_recdbl_tcp_3
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortysecond/mpi/henpentacontahecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series scatterv_3 \
        --sizes $(python -c "print(*[151 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortysecond/mpi/loaded42 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        reduce_tcp_eager19k5_2 gather_eager4k5_2 alltoallv_eager5k5_2 allgatherv_eager6k5_2

(``allgatherv_tcp_5``, ``reduce_scatter_tcp_5`` and ``sendrecv_ring_tcp_5`` run the default selection over TCP
with its defaults on 5 ranks (Allgatherv, Reduce_scatter and the Sendrecv ring never over TCP on 5 ranks
before); ``alltoall_eager48k5_3``, ``reduce_eager51k5_4``, ``scan_eager58k5_3`` and ``allgather_eager63k5_4``
the default selection with the shared-memory eager limits 49664, 52736, 59904 and 65024 (the last half-KiB
values between 32 KiB and 64 KiB not used before), ``scatter_tcp_eager16k5_4``, ``alltoallv_tcp_eager17k5_3``
and ``bcast_tcp_eager18k5_3`` over TCP with the TCP eager limits 16896, 17920 and 18944 (half-KiB TCP limits
not used before: only 4608-15872 in half-KiB steps were); ``allgatherv_bruck_tcp_4``,
``alltoallv_linear_tcp_4``, ``scan_recdbl_tcp_4`` and ``exscan_linear_tcp_4`` force the Bruck Allgatherv, the
basic linear Alltoallv, the recursive-doubling Scan and the linear Exscan over TCP on 4 ranks (never forced
over TCP before); ``barrier_recdbl_tcp_3`` (the recursive-doubling Barrier, over TCP only on 4 ranks before)
ignores n and is the series chosen before measuring as one with no change expected; the 151·2^k grid (a 3-rank
default Scatterv, never on a non-2^k grid before) and the four loaded series (the shared-memory limits 4608,
5632 and 6656, half-KiB values between 4 KiB and 8 KiB not used before, and the TCP limit 19968), whose
1-minute load average was raised by two busy loops started a minute before the sweep, are described in
``fixtures/real_fortysecond/TRUTH.md``).

The forty-third set (``fixtures/real_fortythird/mpi/``, measured for a forty-first out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortythird/mpi/fortythird \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series iallreduce_tcp_5 \
        allreduce_tcp_6 bcast_tcp_6 allreduce_tcp_eager21k5_3 gather_tcp_eager22k5_4 alltoall_tcp_eager23k5_3 \
        scan_tcp_eager24k5_4 allgather_tcp_eager25k5_3 allgather_recdbl_tcp_4 reduce_scatter_butterfly_tcp_4 \
        scatter_linear_nb_tcp_4 allreduce_segring_tcp_4 bcast_bintree_tcp_4 reduce_inorder_binary_tcp_4 \
        barrier_bruck_tcp_5
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortythird/mpi/heptapentacontahecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series reduce_scatter_block_3 \
        --sizes $(python -c "print(*[157 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortythird/mpi/loaded43 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        allreduce_tcp_eager20k5_2 bcast_eager2k5_2 scan_eager3k5_2 alltoall_eager7k5_2

(``iallreduce_tcp_5`` runs the default selection over TCP with its defaults on 5 ranks (the Iallreduce never
over TCP on 5 ranks before: on 2, 3 and 4), ``allreduce_tcp_6`` and ``bcast_tcp_6`` on 6 ranks (no series ran
over TCP on 6 ranks before); ``allreduce_tcp_eager21k5_3``, ``gather_tcp_eager22k5_4``,
``alltoall_tcp_eager23k5_3``, ``scan_tcp_eager24k5_4`` and ``allgather_tcp_eager25k5_3`` run over TCP with the
TCP eager limits 22016, 23040, 24064, 25088 and 26112 (half-KiB TCP limits not used before: only 4608-19968 in
half-KiB steps were); ``allgather_recdbl_tcp_4``, ``reduce_scatter_butterfly_tcp_4``,
``scatter_linear_nb_tcp_4``, ``allreduce_segring_tcp_4``, ``bcast_bintree_tcp_4`` and
``reduce_inorder_binary_tcp_4`` force the recursive-doubling Allgather, the butterfly Reduce_scatter, the
non-blocking linear Scatter, the segmented-ring Allreduce, the binary-tree Bcast and the in-order binary Reduce
over TCP on 4 ranks (never forced over TCP before); ``barrier_bruck_tcp_5`` (the Bruck Barrier, over TCP only on
3 and 4 ranks before) ignores n and is the series chosen before measuring as one with no change expected; the
157·2^k grid (a 3-rank default Reduce_scatter_block, never on a non-2^k grid before) and the four loaded series
(the shared-memory limits 2560, 3584 and 7680, the last half-KiB values below 8 KiB not used before, and the TCP
limit 20992), whose 1-minute load average was raised by two busy loops started a minute before the sweep, are
described in ``fixtures/real_fortythird/TRUTH.md``).

The forty-fourth set (``fixtures/real_fortyfourth/mpi/``, measured for a forty-second out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyfourth/mpi/fortyfourth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series gather_tcp_6 \
        allgather_tcp_6 reduce_tcp_6 reduce_tcp_eager26k5_3 bcast_tcp_eager27k5_4 allgatherv_tcp_eager28k5_3 \
        reduce_scatter_tcp_eager29k5_4 exscan_tcp_eager30k5_3 allreduce_nonoverlap_tcp_4 alltoall_linsync_tcp_4 \
        bcast_chain_tcp_4 reduce_binary_tcp_4 gather_linear_tcp_4 scan_linear_tcp_4 barrier_tcp_5
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyfourth/mpi/trihexacontahecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series scatter_4 \
        --sizes $(python -c "print(*[163 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyfourth/mpi/loaded44 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        gather_tcp_eager31k5_2 allgather_eager1k25_2 reduce_eager2k25_2 exscan_eager3k25_2

(``gather_tcp_6``, ``allgather_tcp_6`` and ``reduce_tcp_6`` run the default selection over TCP with its
defaults on 6 ranks (Gather, Allgather and Reduce over TCP only on 2-5 ranks before; only Allreduce and Bcast
ran over TCP on 6 ranks); ``reduce_tcp_eager26k5_3``, ``bcast_tcp_eager27k5_4``, ``allgatherv_tcp_eager28k5_3``,
``reduce_scatter_tcp_eager29k5_4`` and ``exscan_tcp_eager30k5_3`` run over TCP with the TCP eager limits 27136,
28160, 29184, 30208 and 31232 (half-KiB TCP limits not used before: only 4608-26112 in half-KiB steps were);
``allreduce_nonoverlap_tcp_4``, ``alltoall_linsync_tcp_4``, ``bcast_chain_tcp_4``, ``reduce_binary_tcp_4``,
``gather_linear_tcp_4`` and ``scan_linear_tcp_4`` force the nonoverlapping Allreduce, the linear-sync Alltoall,
the chain Bcast, the binary-tree Reduce, the basic linear Gather and the linear Scan over TCP on 4 ranks (never
forced over TCP before); ``barrier_tcp_5`` (the default Barrier, over TCP only on 2, 3 and 4 ranks before)
ignores n and is the series chosen before measuring as one with no change expected; the 163·2^k grid (a 4-rank
default Scatter, never on a non-2^k grid before) and the four loaded series (the TCP limit 32256, a half-KiB
TCP limit not used before, and the shared-memory limits 1280, 2304 and 3328, quarter-KiB values never used:
every half-KiB value from 512 to 65536 but the default 4096 was, so none was left below 8 KiB, and of the
odd multiples of 256 only 768 was), whose 1-minute load average was raised by two busy loops started a
minute before the sweep, are described in ``fixtures/real_fortyfourth/TRUTH.md``).

The forty-fifth set (``fixtures/real_fortyfifth/mpi/``, measured for a forty-third out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyfifth/mpi/fortyfifth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series scatter_tcp_6 \
        alltoall_tcp_6 scan_tcp_6 allreduce_tcp_eager32k5_3 gather_tcp_eager33k5_4 scatter_tcp_eager34k5_3 \
        alltoall_tcp_eager35k5_4 scan_tcp_eager36k5_3 allreduce_linear_tcp_4 alltoall_linear_tcp_4 \
        bcast_splitbintree_tcp_4 reduce_chain_tcp_4 allgather_neighbor_tcp_4 scan_recdbl_6 barrier_tcp_6
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyfifth/mpi/heptahexacontahecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series reduce_4 \
        --sizes $(python -c "print(*[167 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyfifth/mpi/loaded45 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        scan_tcp_eager37k5_2 bcast_eager1k75_2 allreduce_eager2k75_2 gather_eager3k75_2

(``scatter_tcp_6``, ``alltoall_tcp_6`` and ``scan_tcp_6`` run the default selection over TCP with its
defaults on 6 ranks (Scatter, Alltoall and Scan over TCP only on 2-5 ranks before; only Allgather, Allreduce,
Bcast, Gather and Reduce ran over TCP on 6 ranks); ``allreduce_tcp_eager32k5_3``, ``gather_tcp_eager33k5_4``,
``scatter_tcp_eager34k5_3``, ``alltoall_tcp_eager35k5_4`` and ``scan_tcp_eager36k5_3`` run over TCP with the
TCP eager limits 33280, 34304, 35328, 36352 and 37376 (half-KiB TCP limits above 32 KiB not used before: only
4608-32256 in half-KiB steps and the whole-KiB limits from 32768 to 64512 were); ``allreduce_linear_tcp_4``,
``alltoall_linear_tcp_4``, ``bcast_splitbintree_tcp_4``, ``reduce_chain_tcp_4`` and ``allgather_neighbor_tcp_4``
force the basic linear Allreduce, the basic linear Alltoall, the split-binary-tree Bcast, the chain Reduce and
the neighbor-exchange Allgather over TCP on 4 ranks (never forced over TCP before); ``scan_recdbl_6`` forces
the recursive-doubling Scan over shared memory on 6 ranks (forced on 2-5 ranks before; no Scan algorithm was
forced on 6); ``barrier_tcp_6`` (the default Barrier, over TCP only on 2-5 ranks before) ignores n and is the
series chosen before measuring as one with no change expected; the 167·2^k grid (a 4-rank default Reduce,
never on a non-2^k grid before) and the four loaded series (the TCP limit 38400, a half-KiB TCP limit not
used before, and the shared-memory limits 1792, 2816 and 3840, quarter-KiB values never used: of the odd
multiples of 256 below 8 KiB only 768, 1280, 2304 and 3328 were), whose 1-minute load average was raised by
two busy loops started a minute before the sweep, are described in ``fixtures/real_fortyfifth/TRUTH.md``).

The forty-sixth set (``fixtures/real_fortysixth/mpi/``, measured for a forty-fourth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortysixth/mpi/fortysixth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series exscan_tcp_6 \
        reduce_scatter_tcp_6 allgatherv_tcp_6 bcast_tcp_eager38k5_3 reduce_tcp_eager39k5_4 \
        allgather_tcp_eager40k5_3 exscan_tcp_eager41k5_4 gather_tcp_eager42k5_3 reduce_rabenseifner_tcp_4 \
        bcast_pipeline_tcp_4 reduce_scatter_block_recdbl_tcp_4 reduce_scatter_rechalving_tcp_4 \
        allgatherv_neighbor_tcp_4 exscan_recdbl_6 barrier_tcp_7
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortysixth/mpi/triheptacontahecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allreduce_4 \
        --sizes $(python -c "print(*[173 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortysixth/mpi/loaded46 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        allreduce_tcp_eager43k5_2 scatter_eager4k25_2 alltoall_eager4k75_2 reduce_scatter_eager5k25_2

(``exscan_tcp_6``, ``reduce_scatter_tcp_6`` and ``allgatherv_tcp_6`` run the default selection over TCP with
its defaults on 6 ranks (Exscan, Reduce_scatter and Allgatherv over TCP only on 2-5 ranks before; only
Allgather, Allreduce, Alltoall, Barrier, Bcast, Gather, Reduce, Scan and Scatter ran over TCP on 6 ranks);
``bcast_tcp_eager38k5_3``, ``reduce_tcp_eager39k5_4``, ``allgather_tcp_eager40k5_3``, ``exscan_tcp_eager41k5_4``
and ``gather_tcp_eager42k5_3`` run over TCP with the TCP eager limits 39424, 40448, 41472, 42496 and 43520
(half-KiB TCP limits not used before: only 4608-38400 in half-KiB steps and the whole-KiB limits from 32768 to
64512 were); ``reduce_rabenseifner_tcp_4``, ``bcast_pipeline_tcp_4``, ``reduce_scatter_block_recdbl_tcp_4``,
``reduce_scatter_rechalving_tcp_4`` and ``allgatherv_neighbor_tcp_4`` force the Rabenseifner Reduce, the
pipelined Bcast (8 KiB segments), the recursive-doubling Reduce_scatter_block, the recursive-halving
Reduce_scatter and the neighbor-exchange Allgatherv over TCP on 4 ranks (never forced over TCP before);
``exscan_recdbl_6`` forces the recursive-doubling Exscan over shared memory on 6 ranks (forced on 2-5 ranks
before; no Exscan algorithm was forced on 6); ``barrier_tcp_7`` (the default Barrier; no series ran over TCP
on 7 ranks before, the Barrier over TCP only on 2-6) ignores n and is the series chosen before measuring as
one with no change expected; the 173·2^k grid (a 4-rank default Allreduce, never on a non-2^k grid before:
the default Allreduce ran on non-2^k grids only on 2 and 3 ranks; no earlier grid used 173) and the four
loaded series (the TCP limit 44544, a half-KiB TCP limit not used before, and the shared-memory limits 4352,
4864 and 5376, odd multiples of 256 never used: of the odd multiples of 256 below 8 KiB only 768, 1280, 1792,
2304, 2816, 3328 and 3840 were), whose 1-minute load average was raised by two busy loops started a minute
before the sweep, are described in ``fixtures/real_fortysixth/TRUTH.md``).

The forty-seventh set (``fixtures/real_fortyseventh/mpi/``, measured for a forty-fifth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyseventh/mpi/fortyseventh \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series scatterv_tcp_6 \
        reduce_scatter_block_tcp_6 alltoallv_tcp_6 scan_tcp_eager44k5_3 allreduce_tcp_eager45k5_4 \
        scatter_tcp_eager46k5_3 alltoall_tcp_eager47k5_4 reduce_scatter_tcp_eager48k5_3 allgather_linear_tcp_4 \
        bcast_linear_tcp_4 reduce_pipeline_tcp_4 scatter_linear_tcp_4 reduce_scatter_nonoverlapping_tcp_4 \
        allreduce_ring_6 barrier_recdbl_tcp_5
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyseventh/mpi/enneaheptacontahecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series bcast_4 \
        --sizes $(python -c "print(*[179 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyseventh/mpi/loaded47 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        bcast_tcp_eager49k5_2 gather_eager5k75_2 allgather_eager6k25_2 scan_eager6k75_2

(``scatterv_tcp_6``, ``reduce_scatter_block_tcp_6`` and ``alltoallv_tcp_6`` run the default selection over TCP
with its defaults on 6 ranks (Scatterv, Reduce_scatter_block and Alltoallv over TCP only on 2-5 ranks before;
only Allgather, Allgatherv, Allreduce, Alltoall, Barrier, Bcast, Exscan, Gather, Reduce, Reduce_scatter, Scan
and Scatter ran over TCP on 6 ranks); ``scan_tcp_eager44k5_3``, ``allreduce_tcp_eager45k5_4``,
``scatter_tcp_eager46k5_3``, ``alltoall_tcp_eager47k5_4`` and ``reduce_scatter_tcp_eager48k5_3`` run over TCP
with the TCP eager limits 45568, 46592, 47616, 48640 and 49664 (half-KiB TCP limits not used before: only
4608-44544 in half-KiB steps and the whole-KiB limits from 32768 to 64512 were); ``allgather_linear_tcp_4``,
``bcast_linear_tcp_4``, ``reduce_pipeline_tcp_4``, ``scatter_linear_tcp_4`` and
``reduce_scatter_nonoverlapping_tcp_4`` force the basic linear Allgather, the basic linear Bcast, the pipelined
Reduce (4 KiB segments), the basic linear Scatter and the non-overlapping Reduce_scatter over TCP on 4 ranks
(never forced over TCP before); ``allreduce_ring_6`` forces the ring Allreduce over shared memory on 6 ranks
(forced on 2-5 ranks before; no Allreduce algorithm was forced on 6); ``barrier_recdbl_tcp_5`` (the
recursive-doubling Barrier forced over TCP on 5 ranks; forced on 3 and 4 ranks only before, no Barrier algorithm
but the Bruck one was forced on 5 over TCP) ignores n and is the series chosen before measuring as one with no
change expected; the 179·2^k grid (a 4-rank default Bcast, never on a non-2^k grid before: the default Bcast ran
on a non-2^k grid only on 2 ranks; no earlier grid used 179) and the four loaded series (the TCP limit 50688,
a half-KiB TCP limit not used before, and the shared-memory limits 5888, 6400 and 6912, odd multiples of 256
never used: of the odd multiples of 256 below 8 KiB only 768-5376 were), whose 1-minute load average was raised
by two busy loops started a minute before the sweep, are described in ``fixtures/real_fortyseventh/TRUTH.md``).

The forty-eighth set (``fixtures/real_fortyeighth/mpi/``, measured for a forty-sixth out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyeighth/mpi/fortyeighth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series bcast_tcp_7 \
        reduce_tcp_7 allreduce_tcp_7 gather_tcp_eager50k5_3 reduce_tcp_eager51k5_4 allgather_tcp_eager52k5_3 \
        exscan_tcp_eager53k5_4 bcast_tcp_eager54k5_3 allgatherv_gatherv_bcast_tcp_4 bcast_sagring_tcp_4 \
        reduce_linear_tcp_4 reduce_scatter_block_linear_tcp_4 reduce_scatter_block_butterfly_tcp_4 \
        allgather_ring_6 barrier_double_ring_tcp_5
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyeighth/mpi/henogdoecontahecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series alltoall_4 \
        --sizes $(python -c "print(*[181 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyeighth/mpi/loaded48 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        alltoall_tcp_eager55k5_2 reduce_eager7k25_2 allreduce_eager7k75_2 exscan_eager8k25_2

(``bcast_tcp_7``, ``reduce_tcp_7`` and ``allreduce_tcp_7`` run the default selection over TCP with its defaults
on 7 ranks (Bcast, Reduce and Allreduce over TCP only on 2-6 ranks before; only the Barrier ran over TCP on 7
ranks); ``gather_tcp_eager50k5_3``, ``reduce_tcp_eager51k5_4``, ``allgather_tcp_eager52k5_3``,
``exscan_tcp_eager53k5_4`` and ``bcast_tcp_eager54k5_3`` run over TCP with the TCP eager limits 51712, 52736,
53760, 54784 and 55808 (half-KiB TCP limits not used before: only 4608-50688 in half-KiB steps and the whole-KiB
limits from 32768 to 64512 were); ``allgatherv_gatherv_bcast_tcp_4``, ``bcast_sagring_tcp_4``,
``reduce_linear_tcp_4``, ``reduce_scatter_block_linear_tcp_4`` and ``reduce_scatter_block_butterfly_tcp_4``
force the gatherv + bcast Allgatherv, the scatter-allgather-ring Bcast, the linear Reduce, the basic linear
Reduce_scatter_block and the butterfly Reduce_scatter_block over TCP on 4 ranks (never forced over TCP before);
``allgather_ring_6`` forces the ring Allgather over shared memory on 6 ranks (forced on 2-5 ranks before; on 6
only the neighbour-exchange Allgather was forced); ``barrier_double_ring_tcp_5`` (the double-ring Barrier forced
over TCP on 5 ranks; over TCP it was forced on 3 and 4 ranks only, on 5 over shared memory) ignores n and is the
series chosen before measuring as one with no change expected; the 181·2^k grid (a 4-rank default Alltoall,
never on a non-2^k grid before: the default Alltoall ran on non-2^k grids only on 2 and 3 ranks; no earlier grid
used 181) and the four loaded series (the TCP limit 56832, a half-KiB TCP limit not used before, the
shared-memory limits 7424 and 7936, the last odd multiples of 256 below 8 KiB never used (768-6912 were), and
8448, an odd multiple of 256 between 8 and 16 KiB never used (none was)), whose 1-minute load average was raised
by two busy loops started a minute before the sweep, are described in ``fixtures/real_fortyeighth/TRUTH.md``).

The forty-ninth set (``fixtures/real_fortyninth/mpi/``, measured for a forty-seventh out-of-sample score)
was measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyninth/mpi/fortyninth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series gather_tcp_7 \
        allgather_tcp_7 scatter_tcp_7 allreduce_tcp_eager56k5_3 scatter_tcp_eager57k5_4 scan_tcp_eager58k5_3 \
        alltoall_tcp_eager59k5_3 reduce_scatter_block_tcp_eager60k5_4 gather_linear_tcp_3 bcast_binomial_tcp_3 \
        reduce_chain_tcp_3 allgatherv_bruck_tcp_3 alltoallv_pairwise_tcp_3 reduce_binomial_6 barrier_tree_tcp_5
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyninth/mpi/henenneacontahecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series gather_4 \
        --sizes $(python -c "print(*[191 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fortyninth/mpi/loaded49 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        scatter_tcp_eager61k5_2 gather_eager8k75_2 bcast_eager9k25_2 scan_eager9k75_2

(``gather_tcp_7``, ``allgather_tcp_7`` and ``scatter_tcp_7`` run the default selection over TCP with its
defaults on 7 ranks (Gather, Allgather and Scatter over TCP only on 2-6 ranks before; only the Barrier, Bcast,
Reduce and Allreduce ran over TCP on 7 ranks); ``allreduce_tcp_eager56k5_3``, ``scatter_tcp_eager57k5_4``,
``scan_tcp_eager58k5_3``, ``alltoall_tcp_eager59k5_3`` and ``reduce_scatter_block_tcp_eager60k5_4`` run over
TCP with the TCP eager limits 57856, 58880, 59904, 60928 and 61952 (half-KiB TCP limits not used before: only
4608-56832 in half-KiB steps and the whole-KiB limits from 32768 to 64512 were); ``gather_linear_tcp_3``,
``bcast_binomial_tcp_3``, ``reduce_chain_tcp_3``, ``allgatherv_bruck_tcp_3`` and ``alltoallv_pairwise_tcp_3``
force the basic linear Gather, the binomial Bcast, the chain Reduce, the Bruck Allgatherv and the pairwise
Alltoallv over TCP on 3 ranks (forced over TCP only on 4 ranks before); ``reduce_binomial_6`` forces the
binomial Reduce over shared memory on 6 ranks (forced on 2-5 ranks before; on 6 only the binary Reduce was
forced); ``barrier_tree_tcp_5`` (the tree Barrier forced over TCP on 5 ranks; over TCP it was forced on 4
ranks only, on 3-5 over shared memory) ignores n and is the series chosen before measuring as one with no
change expected; the 191·2^k grid (a 4-rank default Gather, never on a non-2^k grid before: the default Gather
ran on non-2^k grids only on 2 and 3 ranks; no earlier grid used 191) and the four loaded series (the TCP limit
62976, a half-KiB TCP limit not used before, and the shared-memory limits 8960, 9472 and 9984, odd multiples of
256 between 8 and 16 KiB never used (of those only 8448 was)), whose 1-minute load average was raised by two
busy loops started a minute before the sweep, are described in ``fixtures/real_fortyninth/TRUTH.md``).

The fiftieth set (``fixtures/real_fiftieth/mpi/``, measured for a forty-eighth out-of-sample score) was
measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fiftieth/mpi/fiftieth \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allgatherv_tcp_7 \
        scatterv_tcp_7 exscan_tcp_7 allgather_tcp_eager62k5_3 bcast_tcp_eager64k5_5 gather_tcp_eager65k5_3 \
        exscan_tcp_eager66k5_4 reduce_scatter_tcp_eager67k5_3 gather_binomial_tcp_5 scatter_binomial_tcp_5 \
        allreduce_ring_tcp_5 alltoall_pairwise_tcp_5 reduce_scatter_ring_tcp_5 scatter_binomial_6 barrier_tree_tcp_3
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fiftieth/mpi/triaenneacontahecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series allgather_4 \
        --sizes $(python -c "print(*[193 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fiftieth/mpi/loaded50 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        allreduce_tcp_eager68k5_2 reduce_eager10k25_2 allgather_eager10k75_2 alltoall_eager11k25_2

(``allgatherv_tcp_7``, ``scatterv_tcp_7`` and ``exscan_tcp_7`` run the default selection over TCP with its
defaults on 7 ranks (Allgatherv, Scatterv and Exscan over TCP only on 2-6 ranks before; only the Barrier, Bcast,
Reduce, Allreduce, Gather, Allgather and Scatter ran over TCP on 7 ranks); ``allgather_tcp_eager62k5_3``,
``bcast_tcp_eager64k5_5``, ``gather_tcp_eager65k5_3``, ``exscan_tcp_eager66k5_4`` and
``reduce_scatter_tcp_eager67k5_3`` run over TCP with the TCP eager limits 64000, 66048, 67072, 68096 and 69120
(64000 is the last half-KiB TCP limit below 64 KiB, the others half-KiB TCP limits above 64 KiB: none was used
before; only 4608-62976 in half-KiB steps, the whole-KiB limits from 32768 to 64512 and 131072 were);
``gather_binomial_tcp_5``, ``scatter_binomial_tcp_5``, ``allreduce_ring_tcp_5``, ``alltoall_pairwise_tcp_5`` and
``reduce_scatter_ring_tcp_5`` force the binomial Gather, the binomial Scatter, the ring Allreduce, the pairwise
Alltoall and the ring Reduce_scatter over TCP on 5 ranks (forced over TCP only on 3 and 4 ranks before);
``scatter_binomial_6`` forces the binomial Scatter over shared memory on 6 ranks (forced on 2-5 ranks before);
``barrier_tree_tcp_3`` (the tree Barrier forced over TCP on 3 ranks; over TCP it was forced on 4 and 5 ranks
only, on 3-5 over shared memory) ignores n and is the series chosen before measuring as one with no change
expected; the 193·2^k grid (a 4-rank default Allgather, never on a non-2^k grid before: the default Allgather ran
on non-2^k grids only on 2 ranks; no earlier grid used 193) and the four loaded series (the TCP limit 70144, a
half-KiB TCP limit above 64 KiB not used before, and the shared-memory limits 10496, 11008 and 11520, odd
multiples of 256 between 8 and 16 KiB never used (of those only 8448-9984 were)), whose 1-minute load average
was raised by two busy loops started a minute before the sweep, are described in
``fixtures/real_fiftieth/TRUTH.md``).

The fifty-first set (``fixtures/real_fiftyfirst/mpi/``, measured for a forty-ninth out-of-sample score) was
measured with

    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fiftyfirst/mpi/fiftyfirst \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series scan_tcp_7 \
        reduce_scatter_tcp_7 reduce_scatter_block_tcp_7 bcast_tcp_eager69k5_3 gather_tcp_eager70k5_4 \
        allreduce_tcp_eager71k5_3 scan_tcp_eager72k5_4 alltoall_tcp_eager73k5_3 gather_binomial_tcp_6 \
        scatter_binomial_tcp_6 allreduce_ring_tcp_6 alltoall_pairwise_tcp_6 reduce_scatter_ring_tcp_6 \
        scatter_binomial_7 barrier_tree_tcp_6
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fiftyfirst/mpi/heptaenneacontahecaton \
        --label "shared (no hogs; the lead's and other helpers' jobs on the machine)" --series bcast_3 \
        --sizes $(python -c "print(*[197 * 2 ** k for k in range(17)])")
    python benchmarks/segmentation/real/measure_mpi.py --out fixtures/real_fiftyfirst/mpi/loaded51 \
        --label "loaded (2 busy-loop hogs + the lead's and other helpers' jobs)" --hogs 2 --series \
        reduce_tcp_eager74k5_2 bcast_eager11k75_2 gather_eager12k25_2 scan_eager12k75_2

(``scan_tcp_7``, ``reduce_scatter_tcp_7`` and ``reduce_scatter_block_tcp_7`` run the default selection over TCP
with its defaults on 7 ranks (Scan, Reduce_scatter and Reduce_scatter_block over TCP only on 2-6 ranks before;
only the Barrier, Bcast, Reduce, Allreduce, Gather, Allgather, Scatter, Allgatherv, Scatterv and Exscan ran over
TCP on 7 ranks); ``bcast_tcp_eager69k5_3``, ``gather_tcp_eager70k5_4``, ``allreduce_tcp_eager71k5_3``,
``scan_tcp_eager72k5_4`` and ``alltoall_tcp_eager73k5_3`` run over TCP with the TCP eager limits 71168, 72192,
73216, 74240 and 75264 (half-KiB TCP limits above 64 KiB: none was used before; only 4608-64000 in half-KiB
steps, 66048-70144, the whole-KiB limits from 32768 to 64512 and 131072 were); ``gather_binomial_tcp_6``,
``scatter_binomial_tcp_6``, ``allreduce_ring_tcp_6``, ``alltoall_pairwise_tcp_6`` and
``reduce_scatter_ring_tcp_6`` force the binomial Gather, the binomial Scatter, the ring Allreduce, the pairwise
Alltoall and the ring Reduce_scatter over TCP on 6 ranks (forced over TCP only on 3-5 ranks before; no algorithm
was forced over TCP on 6 ranks); ``scatter_binomial_7`` forces the binomial Scatter over shared memory on 7 ranks
(forced on 2-6 ranks before); ``barrier_tree_tcp_6`` (the tree Barrier forced over TCP on 6 ranks; over TCP it
was forced on 3-5 ranks only, on 3-5 over shared memory) ignores n and is the series chosen before measuring as
one with no change expected; the 197·2^k grid (a 3-rank default Bcast, never on a non-2^k grid before: the
default Bcast ran on non-2^k grids only on 2 and 4 ranks; no earlier grid used 197) and the four loaded series
(the TCP limit 76288, a half-KiB TCP limit above 64 KiB not used before, and the shared-memory limits 12032,
12544 and 13056, odd multiples of 256 between 8 and 16 KiB never used (of those only 8448-11520 were)), whose
1-minute load average was raised by two busy loops started a minute before the sweep, are described in
``fixtures/real_fiftyfirst/TRUTH.md``).

(``allreduce_5`` and ``bcast_6`` run 5 and 6 ranks on the 2 cores; ``allreduce_rabenseifner_4`` fixes
the tuned Allreduce to Rabenseifner at every size; ``pingpong_eager1k_2`` lowers the shared-memory
eager limit to 1024.)

(``sendrecv_ring_3``: every rank sends n bytes to the next rank and receives n bytes from the
previous one in one MPI_Sendrecv; ``reduce_rabenseifner_2``, ``allgather_ring_4`` and
``bcast_pipeline_3`` fix the tuned component to one algorithm at every size, the pipeline cut into
8 KiB segments; ``pingpong_eager64k_2`` raises the shared-memory eager limit to 65536.)

(``ipingpong_2`` is the ping-pong with MPI_Isend/MPI_Irecv + MPI_Wait, rank 0 posting its receive
before it sends; ``bcast_scatter_allgather_4`` and ``allreduce_recdbl_3`` fix the tuned component to
one algorithm at every size; ``pingpong_eager2k_2`` lowers the shared-memory eager limit to 2048.)

(Reduce_scatter_block sends n bytes per rank and returns each rank its n-byte block of the sum;
``allreduce_ring_4`` fixes the tuned Allreduce to the ring algorithm at every size.)

(Alltoall, Gather and Scatter move n bytes per rank pair; Sendrecv exchanges n bytes between the
ranks 0 and 1 at once; ``pingpong_nocma_2`` and ``pingpong_eager16k_2`` are the ping-pong with
other shared-memory settings.)

How a value is obtained. Each of the ``--runs`` repetitions is one independent
``mpirun --oversubscribe -n K`` of this script in worker mode (new processes, new placement), so
the repetitions carry the run-to-run noise. The runs of all series are interleaved, so a slow phase
of the shared machine spreads over the series instead of shifting one. Inside a run, for each size
(ascending): ``--warmup`` untimed calls, then an inner loop of timed calls; the repetition's value
is the MEDIAN over the inner loop.

* ping-pong: rank 0 sends n bytes to rank 1, which sends them back; one call = half the round trip,
  timed on rank 0 (no barrier between round trips).
* collectives: every call starts after a barrier; one call's time is the maximum over the ranks
  (the slowest rank finishes the collective).

The inner loop has ``--iterations`` calls up to 64 KiB and fewer for larger messages (a fixed time
budget per size, at least 10 calls). Buffers are numpy uint8 arrays (MPI_BYTE); Allreduce uses
MPI_SUM on bytes; Allgather sends n bytes per rank.

``--hogs H`` starts H busy-loop processes for the duration of the sweep (the "loaded" set) and
ends them afterwards; the load average (1 min) is recorded before and after every run, in the
header of each file.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

TCP = ("--mca", "btl", "self,tcp")  # TCP over the loopback device instead of shared memory


def forced(collective: str, algorithm: int, *more: str) -> tuple[str, ...]:
    """mpirun arguments fixing ``collective``'s algorithm: the tuned component's decision rules
    switched off (it obeys a forced algorithm only then), and ``more`` arguments."""
    return ("--mca", "coll_tuned_use_dynamic_rules", "1", "--mca", f"coll_tuned_{collective}_algorithm",
            str(algorithm), *more)


def vader_eager(limit: int) -> tuple[str, ...]:
    """mpirun arguments setting the shared-memory eager -> rendezvous limit (default 4096)."""
    return ("--mca", "btl_vader_eager_limit", str(limit))


def tcp_eager(limit: int) -> tuple[str, ...]:
    """mpirun arguments running over TCP with its eager limit set (default 65536) and its first
    rendezvous fragment with it (which may not exceed the eager limit)."""
    return (*TCP, "--mca", "btl_tcp_eager_limit", str(limit), "--mca", "btl_tcp_rndv_eager_limit", str(limit))


# shared memory without the kernel-assisted single copy (CMA): rendezvous messages go through the
# shared-memory fragments, copied twice
NO_SINGLE_COPY = ("--mca", "btl_vader_single_copy_mechanism", "none")
EAGER_16K = vader_eager(16384)  # moves the eager -> rendezvous switch
EAGER_8K = vader_eager(8192)
EAGER_32K = vader_eager(32768)
# 4 = ring
ALLREDUCE_RING = forced("allreduce", 4)
EAGER_2K = vader_eager(2048)
# 3 = recursive doubling (with 3 ranks: not a power of two, one rank folds into another first)
ALLREDUCE_RECURSIVE_DOUBLING = forced("allreduce", 3)
# 8 = scatter_allgather (binomial scatter of n/ranks blocks, then an allgather)
BCAST_SCATTER_ALLGATHER = forced("bcast", 8)
EAGER_64K = vader_eager(65536)
# 7 = Rabenseifner (reduce-scatter by recursive halving, then a binomial gather)
REDUCE_RABENSEIFNER = forced("reduce", 7)
# 4 = ring
ALLGATHER_RING = forced("allgather", 4)
# 3 = pipeline, cut into 8 KiB segments (the default segment size 0 would send each message whole)
BCAST_PIPELINE_8K = forced("bcast", 3, "--mca", "coll_tuned_bcast_algorithm_segmentsize", "8192")
# 6 = Rabenseifner (reduce-scatter by recursive halving, then an allgather by recursive doubling)
ALLREDUCE_RABENSEIFNER = forced("allreduce", 6)
EAGER_1K = vader_eager(1024)
# 2 = Bruck (ceil(log2 p) steps, blocks rotated at the end)
ALLGATHER_BRUCK = forced("allgather", 2)
# 2 = pairwise (p - 1 steps of one send and one receive each)
ALLTOALL_PAIRWISE = forced("alltoall", 2)
EAGER_512 = vader_eager(512)
# 1 = basic linear (the root sends each rank its block in turn)
SCATTER_LINEAR = forced("scatter", 1)
# 3 = modified Bruck (ceil(log2 p) steps, blocks rotated locally before and after)
ALLTOALL_BRUCK = forced("alltoall", 3)
# 3 = linear with synchronisation (the root sends each rank a zero-byte go-ahead, then receives in two parts)
GATHER_LINEAR_SYNC = forced("gather", 3)
EAGER_12K = vader_eager(12288)  # not a power of two: between 8 KiB and 16 KiB
TCP_EAGER_16K = tcp_eager(16384)
# 3 = ring (p - 1 steps, each rank reduces one block and passes it on)
REDUCE_SCATTER_RING = forced("reduce_scatter", 3)
# 2 = binomial tree (the blocks travel up a tree towards the root, doubling at each level)
GATHER_BINOMIAL = forced("gather", 2)
# 5 = neighbor exchange (p/2 steps between alternating neighbours; an even number of ranks)
ALLGATHER_NEIGHBOR = forced("allgather", 5)
# 2 = recursive doubling
EXSCAN_RECURSIVE_DOUBLING = forced("exscan", 2)
EAGER_6K = vader_eager(6144)  # not a power of two: between 4 KiB and 8 KiB
EAGER_24K = vader_eager(24576)  # between 16 KiB and 32 KiB
EAGER_3K = vader_eager(3072)  # between 2 KiB and 4 KiB: on a finer grid than 2^k
TCP_EAGER_32K = tcp_eager(32768)
# 2 = recursive doubling (with 3 ranks: not a power of two)
REDUCE_SCATTER_BLOCK_RECURSIVE_DOUBLING = forced("reduce_scatter_block", 2)
# 7 = k-nomial tree
BCAST_KNOMIAL = forced("bcast", 7)
# 5 = segmented ring (the ring with every block cut into segments)
ALLREDUCE_SEGMENTED_RING = forced("allreduce", 5)
# 6 = in-order binary tree (the operands combined in rank order)
REDUCE_IN_ORDER_BINARY = forced("reduce", 6)
# 3 = recursive doubling (a power-of-two number of ranks)
ALLGATHER_RECURSIVE_DOUBLING = forced("allgather", 3)
EAGER_1536 = vader_eager(1536)  # between 1 KiB and 2 KiB
EAGER_48K = vader_eager(49152)  # between 32 KiB and 64 KiB
TCP_EAGER_8K = tcp_eager(8192)
# 4 = linear with synchronisation (linear exchange with a bounded number of requests in flight)
ALLTOALL_LINEAR_SYNC = forced("alltoall", 4)
# 2 = chain (the message passed from rank to rank, not segmented: segment size 0)
BCAST_CHAIN = forced("bcast", 2)
# 3 = pipeline, cut into 4 KiB segments (the default segment size 0 would send each message whole)
REDUCE_PIPELINE_4K = forced("reduce", 3, "--mca", "coll_tuned_reduce_algorithm_segmentsize", "4096")
# 2 = nonoverlapping (a Reduce to rank 0, then a Bcast)
ALLREDUCE_NONOVERLAPPING = forced("allreduce", 2)
# the shared-memory inline-send limit raised from 256 to 1024 (messages up to it are copied into the fragment)
INLINE_1K = ("--mca", "btl_vader_max_inline_send", "1024")
TCP_EAGER_4K = tcp_eager(4096)
# 1 = basic linear (a linear Reduce to rank 0, then a linear Bcast)
ALLREDUCE_BASIC_LINEAR = forced("allreduce", 1)
# 1 = basic linear (every rank sends to and receives from every other rank at once)
ALLTOALL_BASIC_LINEAR = forced("alltoall", 1)
EAGER_20K = vader_eager(20480)  # between 16 KiB and 32 KiB, not 24576 as before
# the shared-memory inline-send limit lowered from 256 to 128
INLINE_128 = ("--mca", "btl_vader_max_inline_send", "128")
TCP_EAGER_2K = tcp_eager(2048)
# 1 = basic linear (every rank sends its block to the root in turn)
GATHER_BASIC_LINEAR = forced("gather", 1)
# 6 = binomial tree (not segmented: segment size 0)
BCAST_BINOMIAL = forced("bcast", 6)
EAGER_40K = vader_eager(40960)  # between 32 KiB and 64 KiB, not 49152 as before
TCP_EAGER_128K = tcp_eager(131072)
TCP_EAGER_24K = tcp_eager(24576)  # between 16 KiB and 32 KiB
# 5 = binary tree (not segmented: segment size 0)
BCAST_BINARY_TREE = forced("bcast", 5)
# 5 = binomial tree (not segmented: segment size 0)
REDUCE_BINOMIAL = forced("reduce", 5)
# 1 = basic linear (a Gather to rank 0, then a Bcast of the whole result)
ALLGATHER_BASIC_LINEAR = forced("allgather", 1)
# 2 = binomial tree (the root's blocks travel down a tree, halving at each level)
SCATTER_BINOMIAL = forced("scatter", 2)
# 2 = recursive halving
REDUCE_SCATTER_RECURSIVE_HALVING = forced("reduce_scatter", 2)
EAGER_768 = vader_eager(768)  # between 512 B and 1 KiB
TCP_EAGER_12K = tcp_eager(12288)  # between 8 KiB and 16 KiB
# 1 = basic linear (the root sends to every rank in turn)
BCAST_BASIC_LINEAR = forced("bcast", 1)
# 4 = split binary tree (each half of the message down its own subtree, then exchanged)
BCAST_SPLIT_BINARY_TREE = forced("bcast", 4)
# 9 = scatter + ring allgather
BCAST_SCATTER_ALLGATHER_RING = forced("bcast", 9)
# 1 = linear (every rank sends to the root)
REDUCE_LINEAR = forced("reduce", 1)
# 2 = chain
REDUCE_CHAIN = forced("reduce", 2)
# 4 = binary tree
REDUCE_BINARY = forced("reduce", 4)
# 2 = Bruck
ALLGATHERV_BRUCK = forced("allgatherv", 2)
# 2 = pairwise exchange
ALLTOALLV_PAIRWISE = forced("alltoallv", 2)
# 3 = recursive halving
REDUCE_SCATTER_BLOCK_RECURSIVE_HALVING = forced("reduce_scatter_block", 3)
# 3 = linear with non-blocking sends from the root
SCATTER_LINEAR_NB = forced("scatter", 3)
EAGER_10K = vader_eager(10240)  # between 8 KiB and 16 KiB, not 12288 as before
TCP_EAGER_48K = tcp_eager(49152)  # between 32 KiB and 64 KiB
# 3 = ring
ALLGATHERV_RING = forced("allgatherv", 3)
# 4 = neighbor exchange (even rank counts)
ALLGATHERV_NEIGHBOR = forced("allgatherv", 4)
# 1 = basic linear (every pair at once, non-blocking)
ALLTOALLV_BASIC_LINEAR = forced("alltoallv", 1)
# 1 = non-overlapping (Reduce, then Scatterv)
REDUCE_SCATTER_NONOVERLAPPING = forced("reduce_scatter", 1)
# 4 = butterfly
REDUCE_SCATTER_BLOCK_BUTTERFLY = forced("reduce_scatter_block", 4)
# 2 = recursive doubling
SCAN_RECURSIVE_DOUBLING = forced("scan", 2)
# 1 = linear
EXSCAN_LINEAR = forced("exscan", 1)
# 4 = Bruck
BARRIER_BRUCK = forced("barrier", 4)
EAGER_5K = vader_eager(5120)  # between 4 KiB and 8 KiB, not 6144 as before
TCP_EAGER_6K = tcp_eager(6144)  # between 4 KiB and 8 KiB
# 5 = two proc (2 ranks only)
ALLGATHERV_TWO_PROC = forced("allgatherv", 5)
# 6 = two proc (2 ranks only)
ALLGATHER_TWO_PROC = forced("allgather", 6)
# 1 = basic linear
REDUCE_SCATTER_BLOCK_BASIC_LINEAR = forced("reduce_scatter_block", 1)
# 1 = linear
SCAN_LINEAR = forced("scan", 1)
# 2 = double ring
BARRIER_DOUBLE_RING = forced("barrier", 2)
EAGER_14K = vader_eager(14336)  # between 8 KiB and 16 KiB, not 10240 or 12288 as before
TCP_EAGER_10K = tcp_eager(10240)  # between 8 KiB and 16 KiB, not 12288 as before
# 5 = two proc (2 ranks only)
ALLTOALL_TWO_PROC = forced("alltoall", 5)
# 4 = butterfly
REDUCE_SCATTER_BUTTERFLY = forced("reduce_scatter", 4)
# 1 = default (a Gatherv to rank 0, then a Bcast of the whole result)
ALLGATHERV_GATHERV_BCAST = forced("allgatherv", 1)
# 1 = linear (every rank enters the Barrier at rank 0, which then releases them)
BARRIER_LINEAR = forced("barrier", 1)
EAGER_7K = vader_eager(7168)  # between 4 KiB and 8 KiB, not 5120 or 6144 as before
TCP_EAGER_20K = tcp_eager(20480)  # between 16 KiB and 32 KiB, not 24576 as before
# 3 = recursive doubling (never forced before)
BARRIER_RECURSIVE_DOUBLING = forced("barrier", 3)
EAGER_28K = vader_eager(28672)  # between 16 KiB and 32 KiB, not 20480 or 24576 as before
TCP_EAGER_14K = tcp_eager(14336)  # between 8 KiB and 16 KiB, not 10240 or 12288 as before
# 6 = tree (never forced before)
BARRIER_TREE = forced("barrier", 6)
EAGER_36K = vader_eager(36864)  # between 32 KiB and 64 KiB, not 40960 or 49152 as before
EAGER_11K = vader_eager(11264)  # between 8 KiB and 16 KiB, not 10240, 12288 or 14336 as before
TCP_EAGER_28K = tcp_eager(28672)  # between 16 KiB and 32 KiB, not 20480 or 24576 as before
EAGER_44K = vader_eager(45056)  # between 32 KiB and 64 KiB, not 36864, 40960 or 49152 as before
EAGER_13K = vader_eager(13312)  # between 8 KiB and 16 KiB, not 10240, 11264, 12288 or 14336 as before
TCP_EAGER_40K = tcp_eager(40960)  # between 32 KiB and 64 KiB, not 32768 or 49152 as before
EAGER_52K = vader_eager(53248)  # between 32 KiB and 64 KiB, not 36864, 40960, 45056 or 49152 as before
EAGER_9K = vader_eager(9216)  # between 8 KiB and 16 KiB, not 10240, 11264, 12288, 13312 or 14336 as before
TCP_EAGER_18K = tcp_eager(18432)  # between 16 KiB and 32 KiB, not 20480, 24576 or 28672 as before
EAGER_22K = vader_eager(22528)  # between 16 KiB and 32 KiB, not 20480, 24576 or 28672 as before
EAGER_15K = vader_eager(15360)  # between 8 KiB and 16 KiB, not 9216, 10240, 11264, 12288, 13312 or 14336 as before
TCP_EAGER_56K = tcp_eager(57344)  # between 32 KiB and 64 KiB, not 32768, 40960 or 49152 as before
EAGER_26K = vader_eager(26624)  # between 16 KiB and 32 KiB, not 20480, 22528, 24576 or 28672 as before
TCP_EAGER_44K = tcp_eager(45056)  # between 32 KiB and 64 KiB, not 32768, 40960, 49152 or 57344 as before
EAGER_18K = vader_eager(18432)  # between 16 KiB and 32 KiB, not 20480, 22528, 24576 or 28672 as before
EAGER_30K = vader_eager(30720)  # between 16 KiB and 32 KiB, not 18432, 20480, 22528, 24576, 26624 or 28672 as before
TCP_EAGER_36K = tcp_eager(36864)  # between 32 KiB and 64 KiB, not 32768, 40960, 45056, 49152 or 57344 as before
EAGER_38K = vader_eager(38912)  # between 32 KiB and 64 KiB, not 36864, 40960, 45056, 49152 or 53248 as before
EAGER_34K = vader_eager(34816)  # between 32 KiB and 64 KiB, not 36864, 38912, 40960, 45056, 49152 or 53248 as before
TCP_EAGER_60K = tcp_eager(61440)  # between 32 KiB and 64 KiB, not 32768, 36864, 40960, 45056, 49152 or 57344 as before
EAGER_42K = vader_eager(43008)  # between 32 KiB and 64 KiB, not 36864, 38912, 40960, 45056, 49152 or 53248 as before
EAGER_46K = vader_eager(47104)  # between 32 KiB and 64 KiB, not 36864, 38912, 40960, 45056, 49152 or 53248 as before
TCP_EAGER_52K = tcp_eager(53248)  # between 32 KiB and 64 KiB, not 32768, 36864, 40960, 45056, 49152 or 57344 as before
EAGER_50K = vader_eager(51200)  # between 32 KiB and 64 KiB, not 34816, 36864, 38912, 40960, 43008, 45056, 47104, 49152 or 53248 as before
TCP_EAGER_38K = tcp_eager(38912)  # between 32 KiB and 64 KiB, not 32768, 36864, 40960, 45056, 49152, 53248, 57344 or 61440 as before
EAGER_54K = vader_eager(55296)  # between 32 KiB and 64 KiB, not 34816, 36864, 38912, 40960, 43008, 45056, 47104, 49152 or 53248 as before
EAGER_58K = vader_eager(59392)  # between 32 KiB and 64 KiB, not 34816, 36864, 38912, 40960, 43008, 45056, 47104, 49152 or 53248 as before
TCP_EAGER_46K = tcp_eager(47104)  # between 32 KiB and 64 KiB, not 32768, 36864, 40960, 45056, 49152, 53248, 57344 or 61440 as before
TCP_EAGER_42K = tcp_eager(43008)  # between 32 KiB and 64 KiB, not 32768, 36864, 40960, 45056, 49152, 53248, 57344 or 61440 as before
EAGER_56K = vader_eager(57344)  # between 32 KiB and 64 KiB, not 34816, 36864, ..., 55296, 59392 or 65536 as before
TCP_EAGER_50K = tcp_eager(51200)  # between 32 KiB and 64 KiB, not 32768, 36864, ..., 49152, 53248, 57344 or 61440 as before
EAGER_60K = vader_eager(61440)  # between 32 KiB and 64 KiB, not 34816, 36864, ..., 55296, 59392 or 65536 as before
EAGER_62K = vader_eager(63488)  # between 32 KiB and 64 KiB, not 34816, 36864, ..., 55296, 59392 or 65536 as before
TCP_EAGER_54K = tcp_eager(55296)  # between 32 KiB and 64 KiB, not 32768, 36864, ..., 49152, 53248, 57344 or 61440 as before
TCP_EAGER_34K = tcp_eager(34816)  # between 32 KiB and 64 KiB, not 32768, 36864, ..., 49152, 53248, 57344 or 61440 as before
# 5 = two processes (never forced before; only for 2 ranks)
BARRIER_TWO_PROC = forced("barrier", 5)
EAGER_43K = vader_eager(44032)  # between 32 KiB and 64 KiB, not 34816, 36864, ..., 43008, 45056, ... or 65536 as before
EAGER_35K = vader_eager(35840)  # between 32 KiB and 64 KiB, not 34816, 36864, ..., 63488 or 65536 as before
EAGER_27K = vader_eager(27648)  # between 16 KiB and 32 KiB, not 18432, 20480, ..., 26624, 28672 or 30720 as before
TCP_EAGER_26K = tcp_eager(26624)  # between 16 KiB and 32 KiB, not 16384, 18432, 20480, 24576, 28672 or 32768 as before
TCP_EAGER_30K = tcp_eager(30720)  # between 16 KiB and 32 KiB, not 16384, 18432, 20480, 24576, 28672 or 32768 as before
EAGER_61K = vader_eager(62464)  # between 32 KiB and 64 KiB, not 34816, 36864, ..., 61440, 63488 or 65536 as before
EAGER_39K = vader_eager(39936)  # between 32 KiB and 64 KiB, not 34816, 36864, 38912, 40960, ... or 65536 as before
TCP_EAGER_62K = tcp_eager(63488)  # between 32 KiB and 64 KiB, not 32768, 34816, ..., 57344, 61440 or 65536 as before
TCP_EAGER_58K = tcp_eager(59392)  # between 32 KiB and 64 KiB, not 32768, 34816, ..., 57344, 61440 or 65536 as before
EAGER_45K = vader_eager(46080)  # between 32 KiB and 64 KiB, not 34816, ..., 44032, 45056, 47104, ... or 65536 as before
EAGER_21K = vader_eager(21504)  # between 16 KiB and 32 KiB, not 18432, 20480, 22528, 24576, ... or 30720 as before
EAGER_25K = vader_eager(25600)  # between 16 KiB and 32 KiB, not 18432, ..., 24576, 26624, 27648, ... or 30720 as before
EAGER_33K = vader_eager(33792)  # between 32 KiB and 64 KiB, not 34816, 35840, 36864, ... or 65536 as before
EAGER_49K = vader_eager(50176)  # between 32 KiB and 64 KiB, not 34816, ..., 49152, 51200, ... or 65536 as before
TCP_EAGER_22K = tcp_eager(22528)  # between 16 KiB and 32 KiB, not 16384, 18432, 20480, 24576, 26624, ... as before
TCP_EAGER_41K = tcp_eager(41984)  # between 32 KiB and 64 KiB, not 32768, ..., 40960, 43008, ... or 65536 as before
EAGER_57K = vader_eager(58368)  # between 32 KiB and 64 KiB, not 34816, ..., 57344, 59392, ... or 65536 as before
EAGER_53K = vader_eager(54272)  # between 32 KiB and 64 KiB, not 34816, ..., 53248, 55296, ... or 65536 as before
TCP_EAGER_37K = tcp_eager(37888)  # between 32 KiB and 64 KiB, not 32768, ..., 36864, 38912, ... or 65536 as before
TCP_EAGER_45K = tcp_eager(46080)  # between 32 KiB and 64 KiB, not 32768, ..., 45056, 47104, ... or 65536 as before
EAGER_29K = vader_eager(29696)  # between 16 KiB and 32 KiB, not 18432, ..., 28672, 30720 or 32768 as before
EAGER_47K = vader_eager(48128)  # between 32 KiB and 64 KiB, not 34816, ..., 47104, 49152, ... or 65536 as before
EAGER_17K = vader_eager(17408)  # between 16 KiB and 32 KiB, not 18432, 20480, ... or 30720 as before
EAGER_55K = vader_eager(56320)  # between 32 KiB and 64 KiB, not 34816, ..., 55296, 57344, ... or 65536 as before
EAGER_23K = vader_eager(23552)  # between 16 KiB and 32 KiB, not 18432, ..., 22528, 24576, ... or 30720 as before
TCP_EAGER_19K = tcp_eager(19456)  # between 16 KiB and 32 KiB, not 16384, 18432, 20480, ... or 32768 as before
TCP_EAGER_33K = tcp_eager(33792)  # between 32 KiB and 64 KiB, not 32768, 34816, ... or 65536 as before
EAGER_31K = vader_eager(31744)  # between 16 KiB and 32 KiB, not 18432, ..., 30720 or 32768 as before
EAGER_41K = vader_eager(41984)  # between 32 KiB and 64 KiB, not 34816, ..., 40960, 43008, ... or 65536 as before
TCP_EAGER_25K = tcp_eager(25600)  # between 16 KiB and 32 KiB, not 16384, ..., 24576, 26624, ... or 32768 as before
TCP_EAGER_49K = tcp_eager(50176)  # between 32 KiB and 64 KiB, not 32768, ..., 49152, 51200, ... or 65536 as before
EAGER_37K = vader_eager(37888)  # between 32 KiB and 64 KiB, not 34816, ..., 36864, 38912, ... or 65536 as before
EAGER_19K = vader_eager(19456)  # between 16 KiB and 32 KiB, not 17408, 18432, 20480, ... or 32768 as before
EAGER_51K = vader_eager(52224)  # between 32 KiB and 64 KiB, not 34816, ..., 51200, 53248, ... or 65536 as before
EAGER_59K = vader_eager(60416)  # between 32 KiB and 64 KiB, not 34816, ..., 59392, 61440, ... or 65536 as before
EAGER_63K = vader_eager(64512)  # between 32 KiB and 64 KiB, not 34816, ..., 63488 or 65536 as before
TCP_EAGER_21K = tcp_eager(21504)  # between 16 KiB and 32 KiB, not 16384, ..., 20480, 22528, ... or 32768 as before
TCP_EAGER_43K = tcp_eager(44032)  # between 32 KiB and 64 KiB, not 32768, ..., 43008, 45056, ... or 65536 as before
TCP_EAGER_27K = tcp_eager(27648)  # between 16 KiB and 32 KiB, not 16384, ..., 26624, 28672, ... or 32768 as before
TCP_EAGER_29K = tcp_eager(29696)  # between 16 KiB and 32 KiB, not 16384, ..., 28672, 30720, ... or 32768 as before
TCP_EAGER_35K = tcp_eager(35840)  # between 32 KiB and 64 KiB, not 32768, ..., 34816, 36864, ... or 65536 as before
TCP_EAGER_17K = tcp_eager(17408)  # between 16 KiB and 32 KiB, not 16384, 18432, ... or 32768 as before
# half-KiB shared-memory limits: every whole-KiB limit from 5 KiB to 64 KiB was used by an earlier set
EAGER_23K5 = vader_eager(24064)  # between 16 KiB and 32 KiB, between 23552 and 24576 as before
EAGER_40K5 = vader_eager(41472)  # between 32 KiB and 64 KiB, between 40960 and 41984 as before
EAGER_12K5 = vader_eager(12800)  # between 8 KiB and 16 KiB, between 12288 and 13312 as before
EAGER_56K5 = vader_eager(57856)  # between 32 KiB and 64 KiB, between 57344 and 58368 as before
EAGER_31K5 = vader_eager(32256)  # between 16 KiB and 32 KiB, between 31744 and 32768 as before
TCP_EAGER_23K = tcp_eager(23552)  # between 16 KiB and 32 KiB, not 22528, 24576, ... or 32768 as before
TCP_EAGER_47K = tcp_eager(48128)  # between 32 KiB and 64 KiB, not 47104, 49152, ... or 65536 as before
TCP_EAGER_53K = tcp_eager(54272)  # between 32 KiB and 64 KiB, not 53248, 55296, ... or 65536 as before
TCP_EAGER_61K = tcp_eager(62464)  # between 32 KiB and 64 KiB, not 61440, 63488 or 65536 as before
EAGER_20K5 = vader_eager(20992)  # between 16 KiB and 32 KiB, between 20480 and 21504 as before
EAGER_45K5 = vader_eager(46592)  # between 32 KiB and 64 KiB, between 46080 and 47104 as before
EAGER_9K5 = vader_eager(9728)  # between 8 KiB and 16 KiB, between 9216 and 10240 as before
EAGER_52K5 = vader_eager(53760)  # between 32 KiB and 64 KiB, between 53248 and 54272 as before
EAGER_27K5 = vader_eager(28160)  # between 16 KiB and 32 KiB, between 27648 and 28672 as before
TCP_EAGER_31K = tcp_eager(31744)  # between 16 KiB and 32 KiB, not 30720 or 32768 as before
TCP_EAGER_51K = tcp_eager(52224)  # between 32 KiB and 64 KiB, not 51200 or 53248 as before
TCP_EAGER_59K = tcp_eager(60416)  # between 32 KiB and 64 KiB, not 59392 or 61440 as before
TCP_EAGER_39K = tcp_eager(39936)  # between 32 KiB and 64 KiB, not 38912 or 40960 as before
EAGER_17K5 = vader_eager(17920)  # between 16 KiB and 32 KiB, between 17408 and 18432 as before
EAGER_42K5 = vader_eager(43520)  # between 32 KiB and 64 KiB, between 43008 and 44032 as before
EAGER_11K5 = vader_eager(11776)  # between 8 KiB and 16 KiB, between 11264 and 12288 as before
EAGER_35K5 = vader_eager(36352)  # between 32 KiB and 64 KiB, between 35840 and 36864 as before
EAGER_24K5 = vader_eager(25088)  # between 16 KiB and 32 KiB, between 24576 and 25600 as before
EAGER_33K5 = vader_eager(34304)  # between 32 KiB and 64 KiB, between 33792 and 34816 as before
EAGER_13K5 = vader_eager(13824)  # between 8 KiB and 16 KiB, between 13312 and 14336 as before
TCP_EAGER_55K = tcp_eager(56320)  # between 32 KiB and 64 KiB, not 55296 or 57344 as before
TCP_EAGER_57K = tcp_eager(58368)  # between 32 KiB and 64 KiB, not 57344 or 59392 as before
TCP_EAGER_63K = tcp_eager(64512)  # between 32 KiB and 64 KiB, not 63488 as before
EAGER_14K5 = vader_eager(14848)  # between 8 KiB and 16 KiB, between 14336 and 15360 as before
EAGER_29K5 = vader_eager(30208)  # between 16 KiB and 32 KiB, between 29696 and 30720 as before
EAGER_38K5 = vader_eager(39424)  # between 32 KiB and 64 KiB, between 38912 and 39936 as before
EAGER_49K5 = vader_eager(50688)  # between 32 KiB and 64 KiB, between 50176 and 51200 as before
EAGER_19K5 = vader_eager(19968)  # between 16 KiB and 32 KiB, between 19456 and 20480 as before
EAGER_10K5 = vader_eager(10752)  # between 8 KiB and 16 KiB, between 10240 and 11264 as before
EAGER_60K5 = vader_eager(61952)  # between 32 KiB and 64 KiB, between 61440 and 62464 as before
TCP_EAGER_15K = tcp_eager(15360)  # between 8 KiB and 16 KiB, not 14336 or 16384 as before
TCP_EAGER_11K = tcp_eager(11264)  # between 8 KiB and 16 KiB, not 10240 or 12288 as before
TCP_EAGER_13K = tcp_eager(13312)  # between 8 KiB and 16 KiB, not 12288 or 14336 as before
EAGER_15K5 = vader_eager(15872)  # between 8 KiB and 16 KiB, between 15360 and 16384 as before
EAGER_21K5 = vader_eager(22016)  # between 16 KiB and 32 KiB, between 21504 and 22528 as before
EAGER_36K5 = vader_eager(37376)  # between 32 KiB and 64 KiB, between 36864 and 37888 as before
EAGER_54K5 = vader_eager(55808)  # between 32 KiB and 64 KiB, between 55296 and 56320 as before
EAGER_25K5 = vader_eager(26112)  # between 16 KiB and 32 KiB, between 25600 and 26624 as before
EAGER_8K5 = vader_eager(8704)  # between 8 KiB and 16 KiB, between 8192 and 9216 as before
EAGER_46K5 = vader_eager(47616)  # between 32 KiB and 64 KiB, between 47104 and 48128 as before
TCP_EAGER_9K = tcp_eager(9216)  # between 8 KiB and 16 KiB, not 8192 or 10240 as before
TCP_EAGER_7K = tcp_eager(7168)  # between 4 KiB and 8 KiB, not 6144 or 8192 as before
TCP_EAGER_5K = tcp_eager(5120)  # between 4 KiB and 8 KiB, not 4096 or 6144 as before
EAGER_16K5 = vader_eager(16896)  # between 16 KiB and 32 KiB, between 16384 and 17408 as before
EAGER_28K5 = vader_eager(29184)  # between 16 KiB and 32 KiB, between 28672 and 29696 as before
EAGER_39K5 = vader_eager(40448)  # between 32 KiB and 64 KiB, between 39936 and 40960 as before
EAGER_57K5 = vader_eager(58880)  # between 32 KiB and 64 KiB, between 58368 and 59392 as before
EAGER_30K5 = vader_eager(31232)  # between 16 KiB and 32 KiB, between 30720 and 31744 as before
EAGER_44K5 = vader_eager(45568)  # between 32 KiB and 64 KiB, between 45056 and 46080 as before
EAGER_61K5 = vader_eager(62976)  # between 32 KiB and 64 KiB, between 62464 and 63488 as before
TCP_EAGER_6K5 = tcp_eager(6656)  # between 4 KiB and 8 KiB, between 6144 and 7168 as before (a half-KiB TCP limit)
TCP_EAGER_4K5 = tcp_eager(4608)  # between 4 KiB and 8 KiB, between 4096 and 5120 as before (a half-KiB TCP limit)
TCP_EAGER_8K5 = tcp_eager(8704)  # between 8 KiB and 16 KiB, between 8192 and 9216 as before (a half-KiB TCP limit)
TCP_EAGER_10K5 = tcp_eager(10752)  # between 8 KiB and 16 KiB, between 10240 and 11264 as before (half-KiB TCP)
EAGER_18K5 = vader_eager(18944)  # between 16 KiB and 32 KiB, between 18432 and 19456 as before
EAGER_26K5 = vader_eager(27136)  # between 16 KiB and 32 KiB, between 26624 and 27648 as before
EAGER_41K5 = vader_eager(42496)  # between 32 KiB and 64 KiB, between 41984 and 43008 as before
EAGER_59K5 = vader_eager(60928)  # between 32 KiB and 64 KiB, between 60416 and 61440 as before
EAGER_34K5 = vader_eager(35328)  # between 32 KiB and 64 KiB, between 34816 and 35840 as before
EAGER_50K5 = vader_eager(51712)  # between 32 KiB and 64 KiB, between 51200 and 52224 as before
EAGER_22K5 = vader_eager(23040)  # between 16 KiB and 32 KiB, between 22528 and 23552 as before
TCP_EAGER_5K5 = tcp_eager(5632)  # between 4 KiB and 8 KiB, between 5120 and 6144 as before (a half-KiB TCP limit)
TCP_EAGER_7K5 = tcp_eager(7680)  # between 4 KiB and 8 KiB, between 7168 and 8192 as before (a half-KiB TCP limit)
TCP_EAGER_9K5 = tcp_eager(9728)  # between 8 KiB and 16 KiB, between 9216 and 10240 as before (a half-KiB TCP limit)
TCP_EAGER_11K5 = tcp_eager(11776)  # between 8 KiB and 16 KiB, between 11264 and 12288 as before (half-KiB TCP)
EAGER_32K5 = vader_eager(33280)  # between 32 KiB and 64 KiB, between 32768 and 33792 as before
EAGER_43K5 = vader_eager(44544)  # between 32 KiB and 64 KiB, between 44032 and 45056 as before
EAGER_53K5 = vader_eager(54784)  # between 32 KiB and 64 KiB, between 54272 and 55296 as before
EAGER_47K5 = vader_eager(48640)  # between 32 KiB and 64 KiB, between 48128 and 49152 as before
EAGER_37K5 = vader_eager(38400)  # between 32 KiB and 64 KiB, between 37888 and 38912 as before
EAGER_55K5 = vader_eager(56832)  # between 32 KiB and 64 KiB, between 56320 and 57344 as before
EAGER_62K5 = vader_eager(64000)  # between 32 KiB and 64 KiB, between 63488 and 64512 as before
TCP_EAGER_12K5 = tcp_eager(12800)  # between 8 KiB and 16 KiB, between 12288 and 13312 as before (half-KiB TCP)
TCP_EAGER_13K5 = tcp_eager(13824)  # between 8 KiB and 16 KiB, between 13312 and 14336 as before (half-KiB TCP)
TCP_EAGER_14K5 = tcp_eager(14848)  # between 8 KiB and 16 KiB, between 14336 and 15360 as before (half-KiB TCP)
TCP_EAGER_15K5 = tcp_eager(15872)  # between 8 KiB and 16 KiB, between 15360 and 16384 as before (half-KiB TCP)
EAGER_48K5 = vader_eager(49664)  # between 32 KiB and 64 KiB, between 49152 and 50176 as before
EAGER_51K5 = vader_eager(52736)  # between 32 KiB and 64 KiB, between 52224 and 53248 as before
EAGER_58K5 = vader_eager(59904)  # between 32 KiB and 64 KiB, between 59392 and 60416 as before
EAGER_63K5 = vader_eager(65024)  # between 32 KiB and 64 KiB, between 64512 and 65536 as before
EAGER_4K5 = vader_eager(4608)  # between 4 KiB and 8 KiB, between 4096 (the default) and 5120 as before
EAGER_5K5 = vader_eager(5632)  # between 4 KiB and 8 KiB, between 5120 and 6144 as before
EAGER_6K5 = vader_eager(6656)  # between 4 KiB and 8 KiB, between 6144 and 7168 as before
TCP_EAGER_16K5 = tcp_eager(16896)  # between 16 KiB and 32 KiB, between 16384 and 17408 as before (half-KiB TCP)
TCP_EAGER_17K5 = tcp_eager(17920)  # between 16 KiB and 32 KiB, between 17408 and 18432 as before (half-KiB TCP)
TCP_EAGER_18K5 = tcp_eager(18944)  # between 16 KiB and 32 KiB, between 18432 and 19456 as before (half-KiB TCP)
TCP_EAGER_19K5 = tcp_eager(19968)  # between 16 KiB and 32 KiB, between 19456 and 20480 as before (half-KiB TCP)
EAGER_2K5 = vader_eager(2560)  # between 2 KiB and 4 KiB, between 2048 and 3072 as before
EAGER_3K5 = vader_eager(3584)  # between 2 KiB and 4 KiB, between 3072 and 4096 (the default) as before
EAGER_7K5 = vader_eager(7680)  # between 4 KiB and 8 KiB, between 7168 and 8192 as before
TCP_EAGER_20K5 = tcp_eager(20992)  # between 16 KiB and 32 KiB, between 20480 and 21504 as before (half-KiB TCP)
TCP_EAGER_21K5 = tcp_eager(22016)  # between 16 KiB and 32 KiB, between 21504 and 22528 as before (half-KiB TCP)
TCP_EAGER_22K5 = tcp_eager(23040)  # between 16 KiB and 32 KiB, between 22528 and 23552 as before (half-KiB TCP)
TCP_EAGER_23K5 = tcp_eager(24064)  # between 16 KiB and 32 KiB, between 23552 and 24576 as before (half-KiB TCP)
TCP_EAGER_24K5 = tcp_eager(25088)  # between 16 KiB and 32 KiB, between 24576 and 25600 as before (half-KiB TCP)
TCP_EAGER_25K5 = tcp_eager(26112)  # between 16 KiB and 32 KiB, between 25600 and 26624 as before (half-KiB TCP)
TCP_EAGER_26K5 = tcp_eager(27136)  # between 16 KiB and 32 KiB, between 26624 and 27648 as before (half-KiB TCP)
TCP_EAGER_27K5 = tcp_eager(28160)  # between 16 KiB and 32 KiB, between 27648 and 28672 as before (half-KiB TCP)
TCP_EAGER_28K5 = tcp_eager(29184)  # between 16 KiB and 32 KiB, between 28672 and 29696 as before (half-KiB TCP)
TCP_EAGER_29K5 = tcp_eager(30208)  # between 16 KiB and 32 KiB, between 29696 and 30720 as before (half-KiB TCP)
TCP_EAGER_30K5 = tcp_eager(31232)  # between 16 KiB and 32 KiB, between 30720 and 31744 as before (half-KiB TCP)
TCP_EAGER_31K5 = tcp_eager(32256)  # between 16 KiB and 32 KiB, between 31744 and 32768 as before (half-KiB TCP)
EAGER_1K25 = vader_eager(1280)  # between 1 KiB and 2 KiB, between 1024 and 1536 as before (a quarter-KiB value)
EAGER_2K25 = vader_eager(2304)  # between 2 KiB and 4 KiB, between 2048 and 2560 as before (a quarter-KiB value)
EAGER_3K25 = vader_eager(3328)  # between 2 KiB and 4 KiB, between 3072 and 3584 as before (a quarter-KiB value)
TCP_EAGER_32K5 = tcp_eager(33280)  # between 32 KiB and 64 KiB, between 32768 and 33792 as before (half-KiB TCP)
TCP_EAGER_33K5 = tcp_eager(34304)  # between 32 KiB and 64 KiB, between 33792 and 34816 as before (half-KiB TCP)
TCP_EAGER_34K5 = tcp_eager(35328)  # between 32 KiB and 64 KiB, between 34816 and 35840 as before (half-KiB TCP)
TCP_EAGER_35K5 = tcp_eager(36352)  # between 32 KiB and 64 KiB, between 35840 and 36864 as before (half-KiB TCP)
TCP_EAGER_36K5 = tcp_eager(37376)  # between 32 KiB and 64 KiB, between 36864 and 37888 as before (half-KiB TCP)
TCP_EAGER_37K5 = tcp_eager(38400)  # between 32 KiB and 64 KiB, between 37888 and 38912 as before (half-KiB TCP)
EAGER_1K75 = vader_eager(1792)  # between 1 KiB and 2 KiB, between 1536 and 2048 as before (a quarter-KiB value)
EAGER_2K75 = vader_eager(2816)  # between 2 KiB and 4 KiB, between 2560 and 3072 as before (a quarter-KiB value)
EAGER_3K75 = vader_eager(3840)  # between 2 KiB and 4 KiB, between 3584 and 4096 as before (a quarter-KiB value)
TCP_EAGER_38K5 = tcp_eager(39424)  # between 32 KiB and 64 KiB, between 38912 and 39936 as before (half-KiB TCP)
TCP_EAGER_39K5 = tcp_eager(40448)  # between 32 KiB and 64 KiB, between 39936 and 40960 as before (half-KiB TCP)
TCP_EAGER_40K5 = tcp_eager(41472)  # between 32 KiB and 64 KiB, between 40960 and 41984 as before (half-KiB TCP)
TCP_EAGER_41K5 = tcp_eager(42496)  # between 32 KiB and 64 KiB, between 41984 and 43008 as before (half-KiB TCP)
TCP_EAGER_42K5 = tcp_eager(43520)  # between 32 KiB and 64 KiB, between 43008 and 44032 as before (half-KiB TCP)
TCP_EAGER_43K5 = tcp_eager(44544)  # between 32 KiB and 64 KiB, between 44032 and 45056 as before (half-KiB TCP)
EAGER_4K25 = vader_eager(4352)  # between 4 KiB and 8 KiB, between 4096 and 4608 as before (a quarter-KiB value)
EAGER_4K75 = vader_eager(4864)  # between 4 KiB and 8 KiB, between 4608 and 5120 as before (a quarter-KiB value)
EAGER_5K25 = vader_eager(5376)  # between 4 KiB and 8 KiB, between 5120 and 5632 as before (a quarter-KiB value)
TCP_EAGER_44K5 = tcp_eager(45568)  # between 32 KiB and 64 KiB, between 45056 and 46080 as before (half-KiB TCP)
TCP_EAGER_45K5 = tcp_eager(46592)  # between 32 KiB and 64 KiB, between 46080 and 47104 as before (half-KiB TCP)
TCP_EAGER_46K5 = tcp_eager(47616)  # between 32 KiB and 64 KiB, between 47104 and 48128 as before (half-KiB TCP)
TCP_EAGER_47K5 = tcp_eager(48640)  # between 32 KiB and 64 KiB, between 48128 and 49152 as before (half-KiB TCP)
TCP_EAGER_48K5 = tcp_eager(49664)  # between 32 KiB and 64 KiB, between 49152 and 50176 as before (half-KiB TCP)
TCP_EAGER_49K5 = tcp_eager(50688)  # between 32 KiB and 64 KiB, between 50176 and 51200 as before (half-KiB TCP)
EAGER_5K75 = vader_eager(5888)  # between 4 KiB and 8 KiB, between 5632 and 6144 as before (a quarter-KiB value)
EAGER_6K25 = vader_eager(6400)  # between 4 KiB and 8 KiB, between 6144 and 6656 as before (a quarter-KiB value)
EAGER_6K75 = vader_eager(6912)  # between 4 KiB and 8 KiB, between 6656 and 7168 as before (a quarter-KiB value)
TCP_EAGER_50K5 = tcp_eager(51712)  # between 32 KiB and 64 KiB, between 51200 and 52224 as before (half-KiB TCP)
TCP_EAGER_51K5 = tcp_eager(52736)  # between 32 KiB and 64 KiB, between 52224 and 53248 as before (half-KiB TCP)
TCP_EAGER_52K5 = tcp_eager(53760)  # between 32 KiB and 64 KiB, between 53248 and 54272 as before (half-KiB TCP)
TCP_EAGER_53K5 = tcp_eager(54784)  # between 32 KiB and 64 KiB, between 54272 and 55296 as before (half-KiB TCP)
TCP_EAGER_54K5 = tcp_eager(55808)  # between 32 KiB and 64 KiB, between 55296 and 56320 as before (half-KiB TCP)
TCP_EAGER_55K5 = tcp_eager(56832)  # between 32 KiB and 64 KiB, between 56320 and 57344 as before (half-KiB TCP)
EAGER_7K25 = vader_eager(7424)  # between 4 KiB and 8 KiB, between 7168 and 7680 as before (a quarter-KiB value)
EAGER_7K75 = vader_eager(7936)  # between 4 KiB and 8 KiB, between 7680 and 8192 as before (a quarter-KiB value)
EAGER_8K25 = vader_eager(8448)  # between 8 KiB and 16 KiB, between 8192 and 8704 as before (a quarter-KiB value)
TCP_EAGER_56K5 = tcp_eager(57856)  # between 32 KiB and 64 KiB, between 57344 and 58368 as before (half-KiB TCP)
TCP_EAGER_57K5 = tcp_eager(58880)  # between 32 KiB and 64 KiB, between 58368 and 59392 as before (half-KiB TCP)
TCP_EAGER_58K5 = tcp_eager(59904)  # between 32 KiB and 64 KiB, between 59392 and 60416 as before (half-KiB TCP)
TCP_EAGER_59K5 = tcp_eager(60928)  # between 32 KiB and 64 KiB, between 60416 and 61440 as before (half-KiB TCP)
TCP_EAGER_60K5 = tcp_eager(61952)  # between 32 KiB and 64 KiB, between 61440 and 62464 as before (half-KiB TCP)
TCP_EAGER_61K5 = tcp_eager(62976)  # between 32 KiB and 64 KiB, between 62464 and 63488 as before (half-KiB TCP)
EAGER_8K75 = vader_eager(8960)  # between 8 KiB and 16 KiB, between 8704 and 9216 as before (a quarter-KiB value)
EAGER_9K25 = vader_eager(9472)  # between 8 KiB and 16 KiB, between 9216 and 9728 as before (a quarter-KiB value)
EAGER_9K75 = vader_eager(9984)  # between 8 KiB and 16 KiB, between 9728 and 10240 as before (a quarter-KiB value)
TCP_EAGER_62K5 = tcp_eager(64000)  # between 32 KiB and 64 KiB, between 63488 and 64512 as before (half-KiB TCP)
TCP_EAGER_64K5 = tcp_eager(66048)  # between 64 KiB and 128 KiB, between 65536 and 66560 as before (half-KiB TCP)
TCP_EAGER_65K5 = tcp_eager(67072)  # between 64 KiB and 128 KiB, between 66560 and 67584 as before (half-KiB TCP)
TCP_EAGER_66K5 = tcp_eager(68096)  # between 64 KiB and 128 KiB, between 67584 and 68608 as before (half-KiB TCP)
TCP_EAGER_67K5 = tcp_eager(69120)  # between 64 KiB and 128 KiB, between 68608 and 69632 as before (half-KiB TCP)
TCP_EAGER_68K5 = tcp_eager(70144)  # between 64 KiB and 128 KiB, between 69632 and 70656 as before (half-KiB TCP)
EAGER_10K25 = vader_eager(10496)  # between 8 KiB and 16 KiB, between 10240 and 10752 as before (a quarter-KiB value)
EAGER_10K75 = vader_eager(11008)  # between 8 KiB and 16 KiB, between 10752 and 11264 as before (a quarter-KiB value)
EAGER_11K25 = vader_eager(11520)  # between 8 KiB and 16 KiB, between 11264 and 11776 as before (a quarter-KiB value)
TCP_EAGER_69K5 = tcp_eager(71168)  # between 64 KiB and 128 KiB, between 70656 and 71680 as before (half-KiB TCP)
TCP_EAGER_70K5 = tcp_eager(72192)  # between 64 KiB and 128 KiB, between 71680 and 72704 as before (half-KiB TCP)
TCP_EAGER_71K5 = tcp_eager(73216)  # between 64 KiB and 128 KiB, between 72704 and 73728 as before (half-KiB TCP)
TCP_EAGER_72K5 = tcp_eager(74240)  # between 64 KiB and 128 KiB, between 73728 and 74752 as before (half-KiB TCP)
TCP_EAGER_73K5 = tcp_eager(75264)  # between 64 KiB and 128 KiB, between 74752 and 75776 as before (half-KiB TCP)
TCP_EAGER_74K5 = tcp_eager(76288)  # between 64 KiB and 128 KiB, between 75776 and 76800 as before (half-KiB TCP)
EAGER_11K75 = vader_eager(12032)  # between 8 KiB and 16 KiB, between 11776 and 12288 as before (a quarter-KiB value)
EAGER_12K25 = vader_eager(12544)  # between 8 KiB and 16 KiB, between 12288 and 12800 as before (a quarter-KiB value)
EAGER_12K75 = vader_eager(13056)  # between 8 KiB and 16 KiB, between 12800 and 13312 as before (a quarter-KiB value)
SERIES = {
    # file stem: (kernel, ranks, extra mpirun arguments)
    "pingpong_2": ("pingpong", 2, ()),
    "allreduce_2": ("allreduce", 2, ()),
    "allreduce_4": ("allreduce", 4, ()),
    "bcast_4": ("bcast", 4, ()),
    "allgather_4": ("allgather", 4, ()),
    # not in the default set:
    "reduce_2": ("reduce", 2, ()),
    "bcast_2": ("bcast", 2, ()),
    "allgather_2": ("allgather", 2, ()),
    "pingpong_tcp_2": ("pingpong", 2, TCP),
    "allreduce_tcp_2": ("allreduce", 2, TCP),
    # the held-back set (fixtures/real_holdout/mpi/hold):
    "alltoall_2": ("alltoall", 2, ()),
    "alltoall_3": ("alltoall", 3, ()),
    "gather_3": ("gather", 3, ()),
    "gather_4": ("gather", 4, ()),
    "scatter_3": ("scatter", 3, ()),
    "scatter_4": ("scatter", 4, ()),
    "reduce_3": ("reduce", 3, ()),
    "allreduce_3": ("allreduce", 3, ()),
    "sendrecv_2": ("sendrecv", 2, ()),
    "bcast_3": ("bcast", 3, ()),
    "pingpong_nocma_2": ("pingpong", 2, NO_SINGLE_COPY),
    "pingpong_eager16k_2": ("pingpong", 2, EAGER_16K),
    # the third set (fixtures/real_third/mpi/third), measured before anyone modeled it:
    "allgather_3": ("allgather", 3, ()),
    "alltoall_4": ("alltoall", 4, ()),
    "scan_3": ("scan", 3, ()),
    "reduce_scatter_block_2": ("reduce_scatter_block", 2, ()),
    "reduce_scatter_block_3": ("reduce_scatter_block", 3, ()),
    "bcast_tcp_2": ("bcast", 2, TCP),
    "pingpong_eager8k_2": ("pingpong", 2, EAGER_8K),
    "pingpong_eager32k_2": ("pingpong", 2, EAGER_32K),
    "allreduce_ring_4": ("allreduce", 4, ALLREDUCE_RING),
    # the fourth set (fixtures/real_fourth/mpi/fourth), measured before anyone modeled it:
    "exscan_3": ("exscan", 3, ()),
    "allgather_tcp_2": ("allgather", 2, TCP),
    "reduce_4": ("reduce", 4, ()),
    "bcast_scatter_allgather_4": ("bcast", 4, BCAST_SCATTER_ALLGATHER),
    "allreduce_recdbl_3": ("allreduce", 3, ALLREDUCE_RECURSIVE_DOUBLING),
    "ipingpong_2": ("ipingpong", 2, ()),
    "gather_2": ("gather", 2, ()),
    "pingpong_eager2k_2": ("pingpong", 2, EAGER_2K),
    # the fifth set (fixtures/real_fifth/mpi/fifth), measured before anyone modeled it:
    "sendrecv_ring_3": ("sendrecv_ring", 3, ()),
    "alltoall_tcp_2": ("alltoall", 2, TCP),
    "reduce_rabenseifner_2": ("reduce", 2, REDUCE_RABENSEIFNER),
    "allgather_ring_4": ("allgather", 4, ALLGATHER_RING),
    "bcast_pipeline_3": ("bcast", 3, BCAST_PIPELINE_8K),
    "scan_2": ("scan", 2, ()),
    "gather_tcp_4": ("gather", 4, TCP),
    "pingpong_eager64k_2": ("pingpong", 2, EAGER_64K),
    # the sixth set (fixtures/real_sixth/mpi/sixth), measured before anyone modeled it: more ranks
    # than any earlier set (5 and 6 on 2 cores) and kernels not measured with these rank counts
    "allreduce_5": ("allreduce", 5, ()),
    "bcast_6": ("bcast", 6, ()),
    "reduce_scatter_block_4": ("reduce_scatter_block", 4, ()),
    "exscan_2": ("exscan", 2, ()),
    "scatter_2": ("scatter", 2, ()),
    "allreduce_rabenseifner_4": ("allreduce", 4, ALLREDUCE_RABENSEIFNER),
    "pingpong_eager1k_2": ("pingpong", 2, EAGER_1K),
    # the seventh set (fixtures/real_seventh/mpi/seventh), measured before anyone modeled it: kernels
    # with rank counts, forced algorithms, eager limits and the TCP BTL not combined before
    "gather_5": ("gather", 5, ()),
    "scan_4": ("scan", 4, ()),
    "allgather_bruck_3": ("allgather", 3, ALLGATHER_BRUCK),
    "alltoall_pairwise_5": ("alltoall", 5, ALLTOALL_PAIRWISE),
    "reduce_tcp_2": ("reduce", 2, TCP),
    "bcast_eager512_3": ("bcast", 3, EAGER_512),
    "allreduce_eager8k_2": ("allreduce", 2, EAGER_8K),
    "sendrecv_ring_5": ("sendrecv_ring", 5, ()),
    # eighth set (a sixth out-of-sample score)
    "alltoall_6": ("alltoall", 6, ()),
    "scatter_linear_4": ("scatter", 4, SCATTER_LINEAR),
    "allgather_ring_3": ("allgather", 3, ALLGATHER_RING),
    "reduce_scatter_block_5": ("reduce_scatter_block", 5, ()),
    "scan_5": ("scan", 5, ()),
    "alltoall_tcp_3": ("alltoall", 3, TCP),
    "gather_tcp_3": ("gather", 3, TCP),
    "bcast_eager2k_4": ("bcast", 4, EAGER_2K),
    # ninth set (a seventh out-of-sample score): kernels not measured before (the v-variants, a
    # non-blocking collective, a local reduction without communication), 6 and 7 ranks, forced
    # algorithms, eager limits and the single-copy setting not used before
    "allgatherv_3": ("allgatherv", 3, ()),
    "scatterv_4": ("scatterv", 4, ()),
    "iallreduce_2": ("iallreduce", 2, ()),
    "reduce_local_2": ("reduce_local", 2, ()),
    "bcast_7": ("bcast", 7, ()),
    "allreduce_6": ("allreduce", 6, ()),
    "alltoall_bruck_4": ("alltoall", 4, ALLTOALL_BRUCK),
    "gather_linsync_4": ("gather", 4, GATHER_LINEAR_SYNC),
    "bcast_nocma_3": ("bcast", 3, NO_SINGLE_COPY),
    "pingpong_tcp_eager16k_2": ("pingpong", 2, TCP_EAGER_16K),
    "reduce_eager12k_3": ("reduce", 3, EAGER_12K),
    "allgatherv_2": ("allgatherv", 2, ()),
    # tenth set (an eighth out-of-sample score): kernels not measured before (Reduce_scatter with equal
    # counts, a Barrier whose time cannot depend on n), rank counts, forced algorithms, eager limits and
    # TCP settings not used before
    "exscan_recdbl_4": ("exscan", 4, EXSCAN_RECURSIVE_DOUBLING),
    "allgather_5": ("allgather", 5, ()),
    "reduce_5": ("reduce", 5, ()),
    "reduce_scatter_ring_4": ("reduce_scatter", 4, REDUCE_SCATTER_RING),
    "gather_binomial_3": ("gather", 3, GATHER_BINOMIAL),
    "allgather_neighbor_4": ("allgather", 4, ALLGATHER_NEIGHBOR),
    "allreduce_eager6k_4": ("allreduce", 4, EAGER_6K),
    "alltoall_eager24k_3": ("alltoall", 3, EAGER_24K),
    "scan_tcp_3": ("scan", 3, TCP),
    "scatter_tcp_eager32k_2": ("scatter", 2, TCP_EAGER_32K),
    "barrier_3": ("barrier", 3, ()),
    "pingpong_eager3k_2": ("pingpong", 2, EAGER_3K),
    # eleventh set (a ninth out-of-sample score): rank counts, forced algorithms, eager limits and TCP
    # settings not used before, and a second kernel that cannot depend on n (Barrier with 4 ranks)
    "allgather_6": ("allgather", 6, ()),
    "scan_6": ("scan", 6, ()),
    "reduce_scatter_block_recdbl_3": ("reduce_scatter_block", 3, REDUCE_SCATTER_BLOCK_RECURSIVE_DOUBLING),
    "bcast_knomial_4": ("bcast", 4, BCAST_KNOMIAL),
    "allreduce_segring_3": ("allreduce", 3, ALLREDUCE_SEGMENTED_RING),
    "reduce_inorder_binary_4": ("reduce", 4, REDUCE_IN_ORDER_BINARY),
    "allgather_recdbl_4": ("allgather", 4, ALLGATHER_RECURSIVE_DOUBLING),
    "pingpong_eager1536_2": ("pingpong", 2, EAGER_1536),
    "scatter_eager48k_3": ("scatter", 3, EAGER_48K),
    "sendrecv_tcp_eager8k_2": ("sendrecv", 2, TCP_EAGER_8K),
    "barrier_4": ("barrier", 4, ()),
    "alltoall_5": ("alltoall", 5, ()),
    "reduce_scatter_2": ("reduce_scatter", 2, ()),
    "ipingpong_eager48k_2": ("ipingpong", 2, EAGER_48K),
    # twelfth set (a tenth out-of-sample score): rank counts, forced algorithms, an inline-send limit, a
    # TCP eager limit not used before, and a third kernel that cannot depend on n (Barrier with 5 ranks)
    "gather_6": ("gather", 6, ()),
    "scatter_5": ("scatter", 5, ()),
    "exscan_5": ("exscan", 5, ()),
    "reduce_6": ("reduce", 6, ()),
    "allreduce_7": ("allreduce", 7, ()),
    "alltoall_linsync_4": ("alltoall", 4, ALLTOALL_LINEAR_SYNC),
    "bcast_chain_4": ("bcast", 4, BCAST_CHAIN),
    "reduce_pipeline_3": ("reduce", 3, REDUCE_PIPELINE_4K),
    "allreduce_nonoverlap_4": ("allreduce", 4, ALLREDUCE_NONOVERLAPPING),
    "pingpong_inline1k_2": ("pingpong", 2, INLINE_1K),
    "sendrecv_tcp_eager4k_2": ("sendrecv", 2, TCP_EAGER_4K),
    "barrier_5": ("barrier", 5, ()),
    # thirteenth set (an eleventh out-of-sample score): rank counts, forced algorithms, an inline-send limit,
    # eager limits not used before, and a fourth kernel that cannot depend on n (Barrier with 2 ranks)
    "allgatherv_4": ("allgatherv", 4, ()),
    "scatterv_3": ("scatterv", 3, ()),
    "iallreduce_3": ("iallreduce", 3, ()),
    "reduce_scatter_3": ("reduce_scatter", 3, ()),
    "bcast_5": ("bcast", 5, ()),
    "allreduce_linear_4": ("allreduce", 4, ALLREDUCE_BASIC_LINEAR),
    "alltoall_linear_3": ("alltoall", 3, ALLTOALL_BASIC_LINEAR),
    "sendrecv_eager20k_2": ("sendrecv", 2, EAGER_20K),
    "pingpong_inline128_2": ("pingpong", 2, INLINE_128),
    "pingpong_tcp_eager2k_2": ("pingpong", 2, TCP_EAGER_2K),
    "barrier_2": ("barrier", 2, ()),
    # fourteenth set (a twelfth out-of-sample score): rank counts, forced algorithms, shared-memory and TCP eager
    # limits not used before, and a fifth kernel that cannot depend on n (Barrier with 6 ranks)
    "scatterv_2": ("scatterv", 2, ()),
    "allgatherv_5": ("allgatherv", 5, ()),
    "iallreduce_4": ("iallreduce", 4, ()),
    "reduce_scatter_5": ("reduce_scatter", 5, ()),
    "gather_linear_4": ("gather", 4, GATHER_BASIC_LINEAR),
    "bcast_binomial_3": ("bcast", 3, BCAST_BINOMIAL),
    "pingpong_eager40k_2": ("pingpong", 2, EAGER_40K),
    "pingpong_tcp_eager128k_2": ("pingpong", 2, TCP_EAGER_128K),
    "sendrecv_tcp_eager24k_2": ("sendrecv", 2, TCP_EAGER_24K),
    "barrier_6": ("barrier", 6, ()),
    # fifteenth set (a thirteenth out-of-sample score): a kernel not measured before (Alltoallv with equal
    # counts), rank counts, forced algorithms, shared-memory and TCP eager limits not used before, and
    # Sendrecv over TCP (measured on small sizes only, where no change is expected)
    "alltoallv_3": ("alltoallv", 3, ()),
    "exscan_6": ("exscan", 6, ()),
    "scatterv_5": ("scatterv", 5, ()),
    "reduce_scatter_block_6": ("reduce_scatter_block", 6, ()),
    "allgatherv_6": ("allgatherv", 6, ()),
    "bcast_bintree_5": ("bcast", 5, BCAST_BINARY_TREE),
    "reduce_binomial_4": ("reduce", 4, REDUCE_BINOMIAL),
    "allgather_linear_3": ("allgather", 3, ALLGATHER_BASIC_LINEAR),
    "scatter_binomial_4": ("scatter", 4, SCATTER_BINOMIAL),
    "reduce_scatter_rechalving_4": ("reduce_scatter", 4, REDUCE_SCATTER_RECURSIVE_HALVING),
    "bcast_eager768_2": ("bcast", 2, EAGER_768),
    "allreduce_tcp_eager12k_2": ("allreduce", 2, TCP_EAGER_12K),
    "alltoallv_2": ("alltoallv", 2, ()),
    "sendrecv_tcp_2": ("sendrecv", 2, TCP),
    # sixteenth set (a fourteenth out-of-sample score): forced algorithms, shared-memory and TCP eager
    # limits and rank counts not used before, and a Barrier on 7 ranks (n ignored: no change expected)
    "bcast_linear_3": ("bcast", 3, BCAST_BASIC_LINEAR),
    "bcast_splitbintree_4": ("bcast", 4, BCAST_SPLIT_BINARY_TREE),
    "bcast_sagring_6": ("bcast", 6, BCAST_SCATTER_ALLGATHER_RING),
    "reduce_linear_3": ("reduce", 3, REDUCE_LINEAR),
    "reduce_chain_5": ("reduce", 5, REDUCE_CHAIN),
    "reduce_binary_6": ("reduce", 6, REDUCE_BINARY),
    "allgatherv_bruck_4": ("allgatherv", 4, ALLGATHERV_BRUCK),
    "alltoallv_pairwise_4": ("alltoallv", 4, ALLTOALLV_PAIRWISE),
    "reduce_scatter_block_rechalving_4": ("reduce_scatter_block", 4, REDUCE_SCATTER_BLOCK_RECURSIVE_HALVING),
    "scatter_linearnb_3": ("scatter", 3, SCATTER_LINEAR_NB),
    "allreduce_eager10k_3": ("allreduce", 3, EAGER_10K),
    "bcast_tcp_eager48k_2": ("bcast", 2, TCP_EAGER_48K),
    "gather_7": ("gather", 7, ()),
    "barrier_7": ("barrier", 7, ()),
    "alltoallv_4": ("alltoallv", 4, ()),
    # seventeenth set (a fifteenth out-of-sample score): forced algorithms, shared-memory and TCP eager
    # limits and rank counts not used before, and a Bruck Barrier on 3 ranks (n ignored: no change expected)
    "allgatherv_ring_3": ("allgatherv", 3, ALLGATHERV_RING),
    "allgatherv_neighbor_4": ("allgatherv", 4, ALLGATHERV_NEIGHBOR),
    "alltoallv_linear_3": ("alltoallv", 3, ALLTOALLV_BASIC_LINEAR),
    "reduce_scatter_nonoverlap_3": ("reduce_scatter", 3, REDUCE_SCATTER_NONOVERLAPPING),
    "reduce_scatter_block_butterfly_4": ("reduce_scatter_block", 4, REDUCE_SCATTER_BLOCK_BUTTERFLY),
    "scan_recdbl_3": ("scan", 3, SCAN_RECURSIVE_DOUBLING),
    "exscan_linear_4": ("exscan", 4, EXSCAN_LINEAR),
    "gather_binomial_5": ("gather", 5, GATHER_BINOMIAL),
    "allgather_neighbor_6": ("allgather", 6, ALLGATHER_NEIGHBOR),
    "allgather_eager5k_3": ("allgather", 3, EAGER_5K),
    "scatterv_tcp_eager6k_2": ("scatterv", 2, TCP_EAGER_6K),
    "iallreduce_5": ("iallreduce", 5, ()),
    "sendrecv_ring_4": ("sendrecv_ring", 4, ()),
    "barrier_bruck_3": ("barrier", 3, BARRIER_BRUCK),
    "exscan_4": ("exscan", 4, ()),
    # eighteenth set (a sixteenth out-of-sample score): forced algorithms, shared-memory and TCP eager
    # limits and rank counts in combinations not used before, and a double-ring Barrier on 4 ranks (n
    # ignored: no change expected)
    "allgatherv_twoproc_2": ("allgatherv", 2, ALLGATHERV_TWO_PROC),
    "allgather_twoproc_2": ("allgather", 2, ALLGATHER_TWO_PROC),
    "alltoallv_pairwise_3": ("alltoallv", 3, ALLTOALLV_PAIRWISE),
    "reduce_scatter_ring_3": ("reduce_scatter", 3, REDUCE_SCATTER_RING),
    "reduce_scatter_block_linear_5": ("reduce_scatter_block", 5, REDUCE_SCATTER_BLOCK_BASIC_LINEAR),
    "scan_linear_4": ("scan", 4, SCAN_LINEAR),
    "exscan_recdbl_3": ("exscan", 3, EXSCAN_RECURSIVE_DOUBLING),
    "gather_linear_sync_3": ("gather", 3, GATHER_LINEAR_SYNC),
    "bcast_scatter_allgather_ring_3": ("bcast", 3, BCAST_SCATTER_ALLGATHER_RING),
    "allreduce_ring_3": ("allreduce", 3, ALLREDUCE_RING),
    "alltoall_linear_sync_3": ("alltoall", 3, ALLTOALL_LINEAR_SYNC),
    "allgather_eager14k_2": ("allgather", 2, EAGER_14K),
    "reduce_tcp_eager10k_2": ("reduce", 2, TCP_EAGER_10K),
    "barrier_double_ring_4": ("barrier", 4, BARRIER_DOUBLE_RING),
    # nineteenth set (a seventeenth out-of-sample score): forced algorithms (three never forced before),
    # shared-memory and TCP eager limits and rank counts in combinations not used before, and a linear
    # Barrier on 3 ranks (n ignored: no change expected)
    "alltoall_twoproc_2": ("alltoall", 2, ALLTOALL_TWO_PROC),
    "reduce_scatter_butterfly_4": ("reduce_scatter", 4, REDUCE_SCATTER_BUTTERFLY),
    "allgatherv_gatherbcast_3": ("allgatherv", 3, ALLGATHERV_GATHERV_BCAST),
    "allreduce_recdbl_4": ("allreduce", 4, ALLREDUCE_RECURSIVE_DOUBLING),
    "bcast_knomial_3": ("bcast", 3, BCAST_KNOMIAL),
    "reduce_binomial_5": ("reduce", 5, REDUCE_BINOMIAL),
    "gather_binomial_4": ("gather", 4, GATHER_BINOMIAL),
    "scatter_binomial_3": ("scatter", 3, SCATTER_BINOMIAL),
    "scan_recdbl_4": ("scan", 4, SCAN_RECURSIVE_DOUBLING),
    "exscan_linear_3": ("exscan", 3, EXSCAN_LINEAR),
    "alltoallv_linear_4": ("alltoallv", 4, ALLTOALLV_BASIC_LINEAR),
    "reduce_scatter_block_rechalving_2": ("reduce_scatter_block", 2, REDUCE_SCATTER_BLOCK_RECURSIVE_HALVING),
    "pingpong_eager7k_2": ("pingpong", 2, EAGER_7K),
    "alltoall_tcp_eager20k_2": ("alltoall", 2, TCP_EAGER_20K),
    "barrier_linear_3": ("barrier", 3, BARRIER_LINEAR),
    # twentieth set (an eighteenth out-of-sample score): forced algorithms with rank counts not combined
    # before (eight 2-rank series, where the inline-send step and the eager switch both show), a shared-memory
    # eager limit and a TCP eager limit not used before (the latter with the non-blocking ping-pong, never
    # run over TCP), and a recursive-doubling Barrier on 4 ranks (n ignored: no change expected)
    "allreduce_segring_4": ("allreduce", 4, ALLREDUCE_SEGMENTED_RING),
    "bcast_chain_3": ("bcast", 3, BCAST_CHAIN),
    "reduce_linear_2": ("reduce", 2, REDUCE_LINEAR),
    "allgather_recdbl_2": ("allgather", 2, ALLGATHER_RECURSIVE_DOUBLING),
    "alltoall_pairwise_2": ("alltoall", 2, ALLTOALL_PAIRWISE),
    "gather_linear_2": ("gather", 2, GATHER_BASIC_LINEAR),
    "scatter_linear_2": ("scatter", 2, SCATTER_LINEAR),
    "reduce_scatter_nonoverlap_2": ("reduce_scatter", 2, REDUCE_SCATTER_NONOVERLAPPING),
    "reduce_scatter_block_linear_3": ("reduce_scatter_block", 3, REDUCE_SCATTER_BLOCK_BASIC_LINEAR),
    "scan_linear_2": ("scan", 2, SCAN_LINEAR),
    "exscan_recdbl_2": ("exscan", 2, EXSCAN_RECURSIVE_DOUBLING),
    "allgatherv_bruck_3": ("allgatherv", 3, ALLGATHERV_BRUCK),
    "sendrecv_eager28k_2": ("sendrecv", 2, EAGER_28K),
    "ipingpong_tcp_eager14k_2": ("ipingpong", 2, TCP_EAGER_14K),
    "barrier_recdbl_4": ("barrier", 4, BARRIER_RECURSIVE_DOUBLING),
    # twenty-first set (a nineteenth out-of-sample score): forced algorithms with rank counts not combined
    # before, the default selection on 3-5 ranks for collectives not measured so before, a shared-memory and a
    # TCP eager limit not used before, and a tree Barrier on 3 ranks (n ignored: no change expected)
    "allreduce_recdbl_2": ("allreduce", 2, ALLREDUCE_RECURSIVE_DOUBLING),
    "bcast_binomial_4": ("bcast", 4, BCAST_BINOMIAL),
    "reduce_binomial_3": ("reduce", 3, REDUCE_BINOMIAL),
    "allgather_bruck_4": ("allgather", 4, ALLGATHER_BRUCK),
    "alltoall_linear_sync_2": ("alltoall", 2, ALLTOALL_LINEAR_SYNC),
    "gather_binomial_2": ("gather", 2, GATHER_BINOMIAL),
    "scatter_binomial_2": ("scatter", 2, SCATTER_BINOMIAL),
    "reduce_scatter_block_recdbl_2": ("reduce_scatter_block", 2, REDUCE_SCATTER_BLOCK_RECURSIVE_DOUBLING),
    "scan_recdbl_2": ("scan", 2, SCAN_RECURSIVE_DOUBLING),
    "exscan_linear_2": ("exscan", 2, EXSCAN_LINEAR),
    "reduce_scatter_4": ("reduce_scatter", 4, ()),
    "alltoallv_5": ("alltoallv", 5, ()),
    "scatterv_eager36k_3": ("scatterv", 3, EAGER_36K),
    "allgather_tcp_eager28k_2": ("allgather", 2, TCP_EAGER_28K),
    "barrier_tree_3": ("barrier", 3, BARRIER_TREE),
    # its loaded 2-rank series
    "allreduce_nonoverlap_2": ("allreduce", 2, ALLREDUCE_NONOVERLAPPING),
    "bcast_binarytree_2": ("bcast", 2, BCAST_BINARY_TREE),
    "reduce_scatter_ring_2": ("reduce_scatter", 2, REDUCE_SCATTER_RING),
    "pingpong_eager11k_2": ("pingpong", 2, EAGER_11K),
    # twenty-second set (a twentieth out-of-sample score): forced algorithms with rank counts not combined
    # before, the default selection on 6 ranks for Scatterv and Alltoallv (never measured so), a shared-memory and
    # a TCP eager limit not used before, and a Bruck Barrier on 5 ranks (n ignored: no change expected)
    "allreduce_ring_2": ("allreduce", 2, ALLREDUCE_RING),
    "bcast_knomial_2": ("bcast", 2, BCAST_KNOMIAL),
    "reduce_chain_3": ("reduce", 3, REDUCE_CHAIN),
    "allgather_ring_2": ("allgather", 2, ALLGATHER_RING),
    "alltoall_bruck_3": ("alltoall", 3, ALLTOALL_BRUCK),
    "gather_linear_sync_2": ("gather", 2, GATHER_LINEAR_SYNC),
    "reduce_scatter_block_butterfly_2": ("reduce_scatter_block", 2, REDUCE_SCATTER_BLOCK_BUTTERFLY),
    "scan_linear_3": ("scan", 3, SCAN_LINEAR),
    "exscan_recdbl_5": ("exscan", 5, EXSCAN_RECURSIVE_DOUBLING),
    "reduce_scatter_butterfly_2": ("reduce_scatter", 2, REDUCE_SCATTER_BUTTERFLY),
    "scatterv_6": ("scatterv", 6, ()),
    "alltoallv_6": ("alltoallv", 6, ()),
    "gather_eager44k_3": ("gather", 3, EAGER_44K),
    "reduce_scatter_tcp_eager40k_2": ("reduce_scatter", 2, TCP_EAGER_40K),
    "barrier_bruck_5": ("barrier", 5, BARRIER_BRUCK),
    # its loaded series
    "allreduce_segring_2": ("allreduce", 2, ALLREDUCE_SEGMENTED_RING),
    "gather_linear_3": ("gather", 3, GATHER_BASIC_LINEAR),
    "alltoall_pairwise_3": ("alltoall", 3, ALLTOALL_PAIRWISE),
    "pingpong_eager13k_2": ("pingpong", 2, EAGER_13K),
    # twenty-third set (a twenty-first out-of-sample score): forced algorithms with rank counts not combined
    # before, a shared-memory and a TCP eager limit not used before, and a double-ring Barrier on 3 ranks
    # (n ignored: no change expected)
    "allreduce_linear_3": ("allreduce", 3, ALLREDUCE_BASIC_LINEAR),
    "bcast_pipeline_2": ("bcast", 2, BCAST_PIPELINE_8K),
    "bcast_splitbintree_3": ("bcast", 3, BCAST_SPLIT_BINARY_TREE),
    "reduce_rabenseifner_3": ("reduce", 3, REDUCE_RABENSEIFNER),
    "reduce_binary_3": ("reduce", 3, REDUCE_BINARY),
    "allgather_bruck_2": ("allgather", 2, ALLGATHER_BRUCK),
    "alltoall_linear_2": ("alltoall", 2, ALLTOALL_BASIC_LINEAR),
    "scatter_linear_nb_2": ("scatter", 2, SCATTER_LINEAR_NB),
    "scatter_binomial_5": ("scatter", 5, SCATTER_BINOMIAL),
    "reduce_scatter_rechalving_3": ("reduce_scatter", 3, REDUCE_SCATTER_RECURSIVE_HALVING),
    "scan_recdbl_5": ("scan", 5, SCAN_RECURSIVE_DOUBLING),
    "allgatherv_ring_2": ("allgatherv", 2, ALLGATHERV_RING),
    "reduce_eager52k_2": ("reduce", 2, EAGER_52K),
    "gather_tcp_eager18k_2": ("gather", 2, TCP_EAGER_18K),
    "barrier_double_ring_3": ("barrier", 3, BARRIER_DOUBLE_RING),
    # its loaded series
    "bcast_binomial_2": ("bcast", 2, BCAST_BINOMIAL),
    "reduce_scatter_block_linear_2": ("reduce_scatter_block", 2, REDUCE_SCATTER_BLOCK_BASIC_LINEAR),
    "sendrecv_eager9k_2": ("sendrecv", 2, EAGER_9K),
    "allgather_linear_2": ("allgather", 2, ALLGATHER_BASIC_LINEAR),
    # twenty-fourth set (a twenty-second out-of-sample score): forced algorithms with rank counts not combined
    # before, a shared-memory and a TCP eager limit not used before (with Scan and Exscan, never run with one),
    # and a tree Barrier on 4 ranks (n ignored: no change expected)
    "allreduce_rabenseifner_3": ("allreduce", 3, ALLREDUCE_RABENSEIFNER),
    "bcast_scatter_allgather_2": ("bcast", 2, BCAST_SCATTER_ALLGATHER),
    "bcast_bintree_3": ("bcast", 3, BCAST_BINARY_TREE),
    "reduce_inorder_binary_3": ("reduce", 3, REDUCE_IN_ORDER_BINARY),
    "reduce_pipeline_2": ("reduce", 2, REDUCE_PIPELINE_4K),
    "allgather_neighbor_2": ("allgather", 2, ALLGATHER_NEIGHBOR),
    "alltoall_bruck_2": ("alltoall", 2, ALLTOALL_BRUCK),
    "gather_linear_sync_5": ("gather", 5, GATHER_LINEAR_SYNC),
    "scatter_linear_3": ("scatter", 3, SCATTER_LINEAR),
    "reduce_scatter_butterfly_3": ("reduce_scatter", 3, REDUCE_SCATTER_BUTTERFLY),
    "reduce_scatter_block_rechalving_3": ("reduce_scatter_block", 3, REDUCE_SCATTER_BLOCK_RECURSIVE_HALVING),
    "exscan_linear_5": ("exscan", 5, EXSCAN_LINEAR),
    "scan_eager22k_2": ("scan", 2, EAGER_22K),
    "exscan_tcp_eager56k_2": ("exscan", 2, TCP_EAGER_56K),
    "barrier_tree_4": ("barrier", 4, BARRIER_TREE),
    # its loaded series
    "allreduce_rabenseifner_2": ("allreduce", 2, ALLREDUCE_RABENSEIFNER),
    "alltoallv_pairwise_2": ("alltoallv", 2, ALLTOALLV_PAIRWISE),
    "bcast_linear_2": ("bcast", 2, BCAST_BASIC_LINEAR),
    "ipingpong_eager15k_2": ("ipingpong", 2, EAGER_15K),
    # twenty-fifth set (a twenty-third out-of-sample score): forced algorithms with rank counts not combined
    # before, a shared-memory and a TCP eager limit not used before (with Alltoallv and Reduce_scatter_block,
    # never run with one), and a Bruck Barrier on 4 ranks (n ignored: no change expected)
    "allreduce_nonoverlap_3": ("allreduce", 3, ALLREDUCE_NONOVERLAPPING),
    "bcast_chain_2": ("bcast", 2, BCAST_CHAIN),
    "bcast_splitbintree_2": ("bcast", 2, BCAST_SPLIT_BINARY_TREE),
    "reduce_binary_2": ("reduce", 2, REDUCE_BINARY),
    "reduce_chain_4": ("reduce", 4, REDUCE_CHAIN),
    "allgather_linear_4": ("allgather", 4, ALLGATHER_BASIC_LINEAR),
    "alltoall_linear_4": ("alltoall", 4, ALLTOALL_BASIC_LINEAR),
    "gather_linear_5": ("gather", 5, GATHER_BASIC_LINEAR),
    "scatter_linear_nb_4": ("scatter", 4, SCATTER_LINEAR_NB),
    "reduce_scatter_nonoverlap_4": ("reduce_scatter", 4, REDUCE_SCATTER_NONOVERLAPPING),
    "reduce_scatter_block_butterfly_3": ("reduce_scatter_block", 3, REDUCE_SCATTER_BLOCK_BUTTERFLY),
    "allgatherv_bruck_2": ("allgatherv", 2, ALLGATHERV_BRUCK),
    "alltoallv_eager26k_2": ("alltoallv", 2, EAGER_26K),
    "reduce_scatter_block_tcp_eager44k_2": ("reduce_scatter_block", 2, TCP_EAGER_44K),
    "barrier_bruck_4": ("barrier", 4, BARRIER_BRUCK),
    # its loaded series
    "allreduce_linear_2": ("allreduce", 2, ALLREDUCE_BASIC_LINEAR),
    "reduce_binomial_2": ("reduce", 2, REDUCE_BINOMIAL),
    "allgatherv_neighbor_2": ("allgatherv", 2, ALLGATHERV_NEIGHBOR),
    "pingpong_eager18k_2": ("pingpong", 2, EAGER_18K),
    # twenty-sixth set (a twenty-fourth out-of-sample score): forced algorithms with rank counts not combined
    # before, a shared-memory and a TCP eager limit not used before (with Exscan, never run with a shared-memory
    # one, and Scan, never run with a TCP one), and a linear Barrier on 4 ranks (n ignored: no change expected)
    "allreduce_ring_5": ("allreduce", 5, ALLREDUCE_RING),
    "bcast_bintree_4": ("bcast", 4, BCAST_BINARY_TREE),
    "bcast_scatter_allgather_3": ("bcast", 3, BCAST_SCATTER_ALLGATHER),
    "reduce_linear_4": ("reduce", 4, REDUCE_LINEAR),
    "reduce_inorder_binary_2": ("reduce", 2, REDUCE_IN_ORDER_BINARY),
    "allgather_bruck_5": ("allgather", 5, ALLGATHER_BRUCK),
    "allgatherv_ring_4": ("allgatherv", 4, ALLGATHERV_RING),
    "alltoall_pairwise_4": ("alltoall", 4, ALLTOALL_PAIRWISE),
    "scatter_linear_5": ("scatter", 5, SCATTER_LINEAR),
    "reduce_scatter_rechalving_2": ("reduce_scatter", 2, REDUCE_SCATTER_RECURSIVE_HALVING),
    "reduce_scatter_block_recdbl_4": ("reduce_scatter_block", 4, REDUCE_SCATTER_BLOCK_RECURSIVE_DOUBLING),
    "scan_linear_5": ("scan", 5, SCAN_LINEAR),
    "exscan_eager30k_2": ("exscan", 2, EAGER_30K),
    "scan_tcp_eager36k_2": ("scan", 2, TCP_EAGER_36K),
    "barrier_linear_4": ("barrier", 4, BARRIER_LINEAR),
    # its loaded series
    "reduce_chain_2": ("reduce", 2, REDUCE_CHAIN),
    "alltoallv_linear_2": ("alltoallv", 2, ALLTOALLV_BASIC_LINEAR),
    "bcast_sagring_2": ("bcast", 2, BCAST_SCATTER_ALLGATHER_RING),
    "ipingpong_eager38k_2": ("ipingpong", 2, EAGER_38K),
    # twenty-seventh set (a twenty-fifth out-of-sample score): forced algorithms with rank counts not combined
    # before, a shared-memory and a TCP eager limit not used before (with Allgatherv, never run with a
    # shared-memory one, and Alltoallv, never run with a TCP one), and a recursive-doubling Barrier on 3 ranks
    # (n ignored: no change expected)
    "allreduce_recdbl_5": ("allreduce", 5, ALLREDUCE_RECURSIVE_DOUBLING),
    "bcast_knomial_5": ("bcast", 5, BCAST_KNOMIAL),
    "bcast_linear_4": ("bcast", 4, BCAST_BASIC_LINEAR),
    "reduce_rabenseifner_4": ("reduce", 4, REDUCE_RABENSEIFNER),
    "reduce_binary_4": ("reduce", 4, REDUCE_BINARY),
    "allgather_linear_5": ("allgather", 5, ALLGATHER_BASIC_LINEAR),
    "allgatherv_bruck_5": ("allgatherv", 5, ALLGATHERV_BRUCK),
    "alltoall_bruck_5": ("alltoall", 5, ALLTOALL_BRUCK),
    "alltoallv_pairwise_5": ("alltoallv", 5, ALLTOALLV_PAIRWISE),
    "scatter_linear_nb_5": ("scatter", 5, SCATTER_LINEAR_NB),
    "reduce_scatter_ring_5": ("reduce_scatter", 5, REDUCE_SCATTER_RING),
    "reduce_scatter_block_linear_4": ("reduce_scatter_block", 4, REDUCE_SCATTER_BLOCK_BASIC_LINEAR),
    "allgatherv_eager34k_2": ("allgatherv", 2, EAGER_34K),
    "alltoallv_tcp_eager60k_2": ("alltoallv", 2, TCP_EAGER_60K),
    "barrier_recdbl_3": ("barrier", 3, BARRIER_RECURSIVE_DOUBLING),
    # its loaded series
    "allgatherv_gatherv_bcast_2": ("allgatherv", 2, ALLGATHERV_GATHERV_BCAST),
    "sendrecv_eager42k_2": ("sendrecv", 2, EAGER_42K),
    "reduce_scatter_block_eager46k_2": ("reduce_scatter_block", 2, EAGER_46K),
    "pingpong_tcp_eager52k_2": ("pingpong", 2, TCP_EAGER_52K),
    # twenty-eighth set (a twenty-sixth out-of-sample score): forced algorithms with rank counts not combined
    # before, a shared-memory and a TCP eager limit not used before (with Reduce_scatter, never run with a
    # shared-memory one, and Allgatherv, never run over TCP), and a double-ring Barrier on 5 ranks (n ignored: no
    # change expected)
    "allreduce_linear_5": ("allreduce", 5, ALLREDUCE_BASIC_LINEAR),
    "allreduce_segring_5": ("allreduce", 5, ALLREDUCE_SEGMENTED_RING),
    "bcast_chain_5": ("bcast", 5, BCAST_CHAIN),
    "bcast_binomial_5": ("bcast", 5, BCAST_BINOMIAL),
    "reduce_inorder_binary_5": ("reduce", 5, REDUCE_IN_ORDER_BINARY),
    "allgather_ring_5": ("allgather", 5, ALLGATHER_RING),
    "allgatherv_ring_5": ("allgatherv", 5, ALLGATHERV_RING),
    "allgatherv_gatherv_bcast_4": ("allgatherv", 4, ALLGATHERV_GATHERV_BCAST),
    "alltoall_linear_sync_5": ("alltoall", 5, ALLTOALL_LINEAR_SYNC),
    "alltoallv_linear_5": ("alltoallv", 5, ALLTOALLV_BASIC_LINEAR),
    "reduce_scatter_nonoverlap_5": ("reduce_scatter", 5, REDUCE_SCATTER_NONOVERLAPPING),
    "reduce_scatter_block_butterfly_5": ("reduce_scatter_block", 5, REDUCE_SCATTER_BLOCK_BUTTERFLY),
    "reduce_scatter_eager50k_2": ("reduce_scatter", 2, EAGER_50K),
    "allgatherv_tcp_eager38k_2": ("allgatherv", 2, TCP_EAGER_38K),
    "barrier_double_ring_5": ("barrier", 5, BARRIER_DOUBLE_RING),
    # its loaded series
    "gather_eager54k_2": ("gather", 2, EAGER_54K),
    "scatterv_eager58k_2": ("scatterv", 2, EAGER_58K),
    "reduce_tcp_eager46k_2": ("reduce", 2, TCP_EAGER_46K),
    "exscan_tcp_eager42k_2": ("exscan", 2, TCP_EAGER_42K),
    # twenty-ninth set (a twenty-seventh out-of-sample score): forced algorithms with rank counts not combined
    # before, a shared-memory and a TCP eager limit not used before (with the non-blocking Allreduce, never run with
    # an eager limit, and the 3-rank Sendrecv ring, never run over TCP), and a tree Barrier on 5 ranks (n ignored:
    # no change expected)
    "allreduce_nonoverlap_5": ("allreduce", 5, ALLREDUCE_NONOVERLAPPING),
    "allreduce_rabenseifner_5": ("allreduce", 5, ALLREDUCE_RABENSEIFNER),
    "alltoall_linear_5": ("alltoall", 5, ALLTOALL_BASIC_LINEAR),
    "bcast_linear_5": ("bcast", 5, BCAST_BASIC_LINEAR),
    "bcast_splitbintree_5": ("bcast", 5, BCAST_SPLIT_BINARY_TREE),
    "bcast_scatter_allgather_5": ("bcast", 5, BCAST_SCATTER_ALLGATHER),
    "reduce_linear_5": ("reduce", 5, REDUCE_LINEAR),
    "reduce_rabenseifner_5": ("reduce", 5, REDUCE_RABENSEIFNER),
    "reduce_scatter_rechalving_5": ("reduce_scatter", 5, REDUCE_SCATTER_RECURSIVE_HALVING),
    "reduce_scatter_butterfly_5": ("reduce_scatter", 5, REDUCE_SCATTER_BUTTERFLY),
    "reduce_scatter_block_recdbl_5": ("reduce_scatter_block", 5, REDUCE_SCATTER_BLOCK_RECURSIVE_DOUBLING),
    "allgatherv_gatherv_bcast_5": ("allgatherv", 5, ALLGATHERV_GATHERV_BCAST),
    "iallreduce_eager56k_2": ("iallreduce", 2, EAGER_56K),
    "sendrecv_ring_tcp_eager50k_3": ("sendrecv_ring", 3, TCP_EAGER_50K),
    "barrier_tree_5": ("barrier", 5, BARRIER_TREE),
    # its loaded series
    "alltoallv_eager60k_2": ("alltoallv", 2, EAGER_60K),
    "scan_eager62k_2": ("scan", 2, EAGER_62K),
    "scatter_tcp_eager54k_2": ("scatter", 2, TCP_EAGER_54K),
    "allgather_tcp_eager34k_2": ("allgather", 2, TCP_EAGER_34K),
    # thirtieth set (a twenty-eighth out-of-sample score): forced algorithms with rank counts not combined before,
    # shared-memory and TCP eager limits not used before (with the 3-rank Sendrecv ring, Allgatherv on 3 and Scatterv
    # on 4 ranks, never run with an eager limit; with Reduce on 3 ranks and the non-blocking Allreduce, never run over
    # TCP), Bcast and Allreduce on 3 ranks over TCP, and the two-process Barrier on 2 ranks (n ignored: no change
    # expected)
    "bcast_sagring_5": ("bcast", 5, BCAST_SCATTER_ALLGATHER_RING),
    "bcast_sagring_4": ("bcast", 4, BCAST_SCATTER_ALLGATHER_RING),
    "bcast_pipeline_5": ("bcast", 5, BCAST_PIPELINE_8K),
    "reduce_binary_5": ("reduce", 5, REDUCE_BINARY),
    "reduce_pipeline_5": ("reduce", 5, REDUCE_PIPELINE_4K),
    "reduce_pipeline_4": ("reduce", 4, REDUCE_PIPELINE_4K),
    "reduce_scatter_block_rechalving_5": ("reduce_scatter_block", 5, REDUCE_SCATTER_BLOCK_RECURSIVE_HALVING),
    "sendrecv_ring_eager43k_3": ("sendrecv_ring", 3, EAGER_43K),
    "allgatherv_eager35k_3": ("allgatherv", 3, EAGER_35K),
    "scatterv_eager27k_4": ("scatterv", 4, EAGER_27K),
    "reduce_tcp_eager26k_3": ("reduce", 3, TCP_EAGER_26K),
    "iallreduce_tcp_eager30k_2": ("iallreduce", 2, TCP_EAGER_30K),
    "bcast_tcp_3": ("bcast", 3, TCP),
    "allreduce_tcp_3": ("allreduce", 3, TCP),
    "barrier_twoproc_2": ("barrier", 2, BARRIER_TWO_PROC),
    # its loaded series
    "allreduce_eager61k_2": ("allreduce", 2, EAGER_61K),
    "bcast_eager39k_2": ("bcast", 2, EAGER_39K),
    "gather_tcp_eager62k_2": ("gather", 2, TCP_EAGER_62K),
    "alltoall_tcp_eager58k_2": ("alltoall", 2, TCP_EAGER_58K),
    # thirty-first set (a twenty-ninth out-of-sample score): the 8 KiB pipeline Bcast on 4 ranks (earlier on 2, 3
    # and 5), the first forced algorithms over TCP and with a raised shared-memory eager limit, the default selection
    # on rank counts (6) or transports (TCP on 3 and 4 ranks) or with eager limits on rank counts not measured with
    # it before, and the linear Barrier on 5 ranks (n ignored: no change expected)
    "bcast_pipeline_4": ("bcast", 4, BCAST_PIPELINE_8K),
    "allreduce_ring_tcp_3": ("allreduce", 3, (*ALLREDUCE_RING, *TCP)),
    "bcast_binomial_tcp_4": ("bcast", 4, (*BCAST_BINOMIAL, *TCP)),
    "alltoall_pairwise_eager45k_4": ("alltoall", 4, (*ALLTOALL_PAIRWISE, *EAGER_45K)),
    "scatter_binomial_eager21k_3": ("scatter", 3, (*SCATTER_BINOMIAL, *EAGER_21K)),
    "scatter_6": ("scatter", 6, ()),
    "reduce_scatter_6": ("reduce_scatter", 6, ()),
    "allgather_tcp_3": ("allgather", 3, TCP),
    "scatter_tcp_4": ("scatter", 4, TCP),
    "exscan_eager25k_3": ("exscan", 3, EAGER_25K),
    "reduce_scatter_eager33k_4": ("reduce_scatter", 4, EAGER_33K),
    "gather_eager49k_5": ("gather", 5, EAGER_49K),
    "allgatherv_tcp_eager22k_3": ("allgatherv", 3, TCP_EAGER_22K),
    "alltoallv_tcp_eager41k_2": ("alltoallv", 2, TCP_EAGER_41K),
    "barrier_linear_5": ("barrier", 5, BARRIER_LINEAR),
    # its loaded series
    "reduce_eager57k_2": ("reduce", 2, EAGER_57K),
    "reduce_scatter_block_eager53k_2": ("reduce_scatter_block", 2, EAGER_53K),
    "scan_tcp_eager37k_2": ("scan", 2, TCP_EAGER_37K),
    "exscan_tcp_eager45k_2": ("exscan", 2, TCP_EAGER_45K),
    # thirty-second set (a thirtieth out-of-sample score): the default selection over TCP on rank counts not measured
    # with it before (Alltoall on 4, Reduce_scatter_block, Iallreduce and Alltoallv on 3, Scatterv on 2 ranks), with
    # raised eager limits on rank counts or collectives not measured with them before, forced algorithms over TCP
    # (Bruck Allgather on 3, recursive-doubling Allreduce on 4) and with a raised eager limit (binomial Reduce on 3),
    # and the default Barrier over TCP on 3 ranks (n ignored: no change expected)
    "alltoall_tcp_4": ("alltoall", 4, TCP),
    "reduce_scatter_block_tcp_3": ("reduce_scatter_block", 3, TCP),
    "iallreduce_tcp_3": ("iallreduce", 3, TCP),
    "alltoallv_tcp_3": ("alltoallv", 3, TCP),
    "scatterv_tcp_2": ("scatterv", 2, TCP),
    "exscan_eager29k_4": ("exscan", 4, EAGER_29K),
    "allgatherv_eager47k_4": ("allgatherv", 4, EAGER_47K),
    "scatterv_eager17k_5": ("scatterv", 5, EAGER_17K),
    "sendrecv_ring_eager55k_4": ("sendrecv_ring", 4, EAGER_55K),
    "gather_tcp_eager19k_3": ("gather", 3, TCP_EAGER_19K),
    "bcast_tcp_eager33k_3": ("bcast", 3, TCP_EAGER_33K),
    "allgather_bruck_tcp_3": ("allgather", 3, (*ALLGATHER_BRUCK, *TCP)),
    "allreduce_recdoubling_tcp_4": ("allreduce", 4, (*ALLREDUCE_RECURSIVE_DOUBLING, *TCP)),
    "reduce_binomial_eager23k_3": ("reduce", 3, (*REDUCE_BINOMIAL, *EAGER_23K)),
    "barrier_tcp_3": ("barrier", 3, TCP),
    # its loaded series
    "allgather_eager31k_2": ("allgather", 2, EAGER_31K),
    "alltoall_eager41k_2": ("alltoall", 2, EAGER_41K),
    "sendrecv_tcp_eager25k_2": ("sendrecv", 2, TCP_EAGER_25K),
    "ipingpong_tcp_eager49k_2": ("ipingpong", 2, TCP_EAGER_49K),
    # thirty-third set (a thirty-first out-of-sample score): the default selection over TCP on rank counts not
    # measured with it before (Reduce_scatter, Exscan, Allgatherv and the Sendrecv ring on 3, Scan on 4 ranks), with
    # raised eager limits on rank counts or collectives not measured with them before, forced algorithms over TCP
    # (binomial Scatter and Gather on 3), and the default Barrier over TCP on 2 ranks (n ignored: no change expected)
    "reduce_scatter_tcp_3": ("reduce_scatter", 3, TCP),
    "scan_tcp_4": ("scan", 4, TCP),
    "exscan_tcp_3": ("exscan", 3, TCP),
    "allgatherv_tcp_3": ("allgatherv", 3, TCP),
    "sendrecv_ring_tcp_3": ("sendrecv_ring", 3, TCP),
    "iallreduce_eager37k_3": ("iallreduce", 3, EAGER_37K),
    "scan_eager19k_3": ("scan", 3, EAGER_19K),
    "reduce_scatter_block_eager51k_3": ("reduce_scatter_block", 3, EAGER_51K),
    "alltoallv_eager59k_4": ("alltoallv", 4, EAGER_59K),
    "reduce_tcp_eager21k_4": ("reduce", 4, TCP_EAGER_21K),
    "allreduce_tcp_eager43k_3": ("allreduce", 3, TCP_EAGER_43K),
    "alltoall_tcp_eager27k_3": ("alltoall", 3, TCP_EAGER_27K),
    "scatter_binomial_tcp_3": ("scatter", 3, (*SCATTER_BINOMIAL, *TCP)),
    "gather_binomial_tcp_3": ("gather", 3, (*GATHER_BINOMIAL, *TCP)),
    "barrier_tcp_2": ("barrier", 2, TCP),
    # its loaded series
    "bcast_eager63k_2": ("bcast", 2, EAGER_63K),
    "pingpong_tcp_eager29k_2": ("pingpong", 2, TCP_EAGER_29K),
    "scan_tcp_eager35k_2": ("scan", 2, TCP_EAGER_35K),
    "allgatherv_tcp_eager17k_2": ("allgatherv", 2, TCP_EAGER_17K),
    # thirty-fourth set (a thirty-second out-of-sample score): the default selection over TCP on rank counts not
    # measured with it before (Reduce, Scatter and Scatterv on 3, Allgather on 4, Alltoallv on 2 ranks), with raised
    # eager limits on rank counts or collectives not measured with them before, forced algorithms over TCP (binomial
    # Reduce and pairwise Alltoall on 3), and the default Barrier over TCP on 4 ranks (n ignored: no change expected)
    "reduce_tcp_3": ("reduce", 3, TCP),
    "allgather_tcp_4": ("allgather", 4, TCP),
    "scatter_tcp_3": ("scatter", 3, TCP),
    "alltoallv_tcp_2": ("alltoallv", 2, TCP),
    "scatterv_tcp_3": ("scatterv", 3, TCP),
    "reduce_scatter_eager23k5_3": ("reduce_scatter", 3, EAGER_23K5),
    "scan_eager40k5_4": ("scan", 4, EAGER_40K5),
    "gather_eager12k5_4": ("gather", 4, EAGER_12K5),
    "alltoall_eager56k5_4": ("alltoall", 4, EAGER_56K5),
    "scan_tcp_eager23k_3": ("scan", 3, TCP_EAGER_23K),
    "reduce_scatter_block_tcp_eager47k_3": ("reduce_scatter_block", 3, TCP_EAGER_47K),
    "bcast_tcp_eager53k_4": ("bcast", 4, TCP_EAGER_53K),
    "reduce_binomial_tcp_3": ("reduce", 3, (*REDUCE_BINOMIAL, *TCP)),
    "alltoall_pairwise_tcp_3": ("alltoall", 3, (*ALLTOALL_PAIRWISE, *TCP)),
    "barrier_tcp_4": ("barrier", 4, TCP),
    # its loaded series
    "scatter_eager31k5_2": ("scatter", 2, EAGER_31K5),
    "ipingpong_tcp_2": ("ipingpong", 2, TCP),
    "exscan_tcp_2": ("exscan", 2, TCP),
    "sendrecv_tcp_eager61k_2": ("sendrecv", 2, TCP_EAGER_61K),
    # thirty-fifth set (a thirty-third out-of-sample score): the default selection over TCP on rank counts not
    # measured with it before (Gather and Reduce_scatter on 2, Exscan, Scatterv and the Sendrecv ring on 4 ranks),
    # raised eager limits on rank counts or collectives not measured with one before, forced algorithms over TCP
    # (ring Allgather and ring Reduce_scatter on 3), and the Bruck Barrier over TCP on 3 (n ignored: no change expected)
    "gather_tcp_2": ("gather", 2, TCP),
    "reduce_scatter_tcp_2": ("reduce_scatter", 2, TCP),
    "exscan_tcp_4": ("exscan", 4, TCP),
    "scatterv_tcp_4": ("scatterv", 4, TCP),
    "sendrecv_ring_tcp_4": ("sendrecv_ring", 4, TCP),
    "allgather_eager20k5_4": ("allgather", 4, EAGER_20K5),
    "alltoallv_eager45k5_3": ("alltoallv", 3, EAGER_45K5),
    "reduce_scatter_block_eager9k5_4": ("reduce_scatter_block", 4, EAGER_9K5),
    "scatter_eager52k5_4": ("scatter", 4, EAGER_52K5),
    "allgather_tcp_eager31k_3": ("allgather", 3, TCP_EAGER_31K),
    "allreduce_tcp_eager51k_4": ("allreduce", 4, TCP_EAGER_51K),
    "gather_tcp_eager59k_4": ("gather", 4, TCP_EAGER_59K),
    "allgather_ring_tcp_3": ("allgather", 3, (*ALLGATHER_RING, *TCP)),
    "reduce_scatter_ring_tcp_3": ("reduce_scatter", 3, (*REDUCE_SCATTER_RING, *TCP)),
    "barrier_bruck_tcp_3": ("barrier", 3, (*BARRIER_BRUCK, *TCP)),
    # its loaded series
    "gather_eager27k5_2": ("gather", 2, EAGER_27K5),
    "reduce_scatter_block_tcp_2": ("reduce_scatter_block", 2, TCP),
    "iallreduce_tcp_2": ("iallreduce", 2, TCP),
    "allgatherv_tcp_eager39k_2": ("allgatherv", 2, TCP_EAGER_39K),
    # thirty-sixth set (a thirty-fourth out-of-sample score): the default selection over TCP on rank counts not
    # measured with it before (Allreduce, Allgatherv, Alltoallv, Reduce_scatter_block and Bcast on 4 ranks), raised
    # eager limits on rank counts or collectives not measured with one before, forced algorithms over TCP
    # (recursive-doubling Allreduce and Bruck Alltoall on 3), and the recursive-doubling Barrier over TCP on 4 (n
    # ignored: no change expected)
    "allreduce_tcp_4": ("allreduce", 4, TCP),
    "allgatherv_tcp_4": ("allgatherv", 4, TCP),
    "alltoallv_tcp_4": ("alltoallv", 4, TCP),
    "reduce_scatter_block_tcp_4": ("reduce_scatter_block", 4, TCP),
    "bcast_tcp_4": ("bcast", 4, TCP),
    "reduce_eager17k5_4": ("reduce", 4, EAGER_17K5),
    "iallreduce_eager42k5_4": ("iallreduce", 4, EAGER_42K5),
    "scan_eager11k5_3": ("scan", 3, EAGER_11K5),
    "allgather_eager35k5_3": ("allgather", 3, EAGER_35K5),
    "alltoall_tcp_eager55k_4": ("alltoall", 4, TCP_EAGER_55K),
    "exscan_tcp_eager57k_3": ("exscan", 3, TCP_EAGER_57K),
    "scatterv_tcp_eager63k_3": ("scatterv", 3, TCP_EAGER_63K),
    "allreduce_recursive_doubling_tcp_3": ("allreduce", 3, (*ALLREDUCE_RECURSIVE_DOUBLING, *TCP)),
    "alltoall_bruck_tcp_3": ("alltoall", 3, (*ALLTOALL_BRUCK, *TCP)),
    "barrier_recursive_doubling_tcp_4": ("barrier", 4, (*BARRIER_RECURSIVE_DOUBLING, *TCP)),
    # its loaded series
    "scan_tcp_2": ("scan", 2, TCP),
    "alltoallv_eager24k5_2": ("alltoallv", 2, EAGER_24K5),
    "allreduce_eager33k5_2": ("allreduce", 2, EAGER_33K5),
    "scatterv_eager13k5_2": ("scatterv", 2, EAGER_13K5),
    # thirty-seventh set (a thirty-fifth out-of-sample score): the default selection over TCP on a rank count not
    # measured with it before (Iallreduce, Reduce and Reduce_scatter on 4 ranks), half-KiB shared-memory eager limits
    # and TCP eager limits below 16 KiB on collectives and rank counts not measured with them, forced algorithms over
    # TCP (ring Allgatherv and k-nomial Bcast on 3, binomial Gather and ring Allreduce on 4), and the double-ring
    # Barrier over TCP on 3 (n ignored: no change expected)
    "iallreduce_tcp_4": ("iallreduce", 4, TCP),
    "reduce_tcp_4": ("reduce", 4, TCP),
    "reduce_scatter_tcp_4": ("reduce_scatter", 4, TCP),
    "gather_eager14k5_3": ("gather", 3, EAGER_14K5),
    "allgatherv_eager29k5_4": ("allgatherv", 4, EAGER_29K5),
    "reduce_scatter_block_eager38k5_3": ("reduce_scatter_block", 3, EAGER_38K5),
    "exscan_eager49k5_4": ("exscan", 4, EAGER_49K5),
    "allgather_tcp_eager15k_4": ("allgather", 4, TCP_EAGER_15K),
    "scatterv_tcp_eager11k_4": ("scatterv", 4, TCP_EAGER_11K),
    "scan_tcp_eager13k_4": ("scan", 4, TCP_EAGER_13K),
    "allgatherv_ring_tcp_3": ("allgatherv", 3, (*ALLGATHERV_RING, *TCP)),
    "bcast_knomial_tcp_3": ("bcast", 3, (*BCAST_KNOMIAL, *TCP)),
    "gather_binomial_tcp_4": ("gather", 4, (*GATHER_BINOMIAL, *TCP)),
    "allreduce_ring_tcp_4": ("allreduce", 4, (*ALLREDUCE_RING, *TCP)),
    "barrier_double_ring_tcp_3": ("barrier", 3, (*BARRIER_DOUBLE_RING, *TCP)),
    # its loaded series
    "scatter_tcp_2": ("scatter", 2, TCP),
    "gather_eager19k5_2": ("gather", 2, EAGER_19K5),
    "exscan_eager10k5_2": ("exscan", 2, EAGER_10K5),
    "alltoall_eager60k5_2": ("alltoall", 2, EAGER_60K5),
    # thirty-eighth set (a thirty-sixth out-of-sample score): the default selection over TCP on 5 ranks (never over
    # TCP before: Allreduce, Bcast and Gather), half-KiB shared-memory eager limits and TCP eager limits of 5, 7 and
    # 9 KiB (never TCP limits before) on collectives and rank counts not measured with them, forced algorithms over
    # TCP (pairwise Alltoall, Rabenseifner Allreduce and recursive-halving Reduce_scatter_block on 4, scatter-allgather
    # Bcast on 3), and the tree Barrier over TCP on 4 (n ignored: no change expected)
    "allreduce_tcp_5": ("allreduce", 5, TCP),
    "bcast_tcp_5": ("bcast", 5, TCP),
    "gather_tcp_5": ("gather", 5, TCP),
    "scatter_eager15k5_4": ("scatter", 4, EAGER_15K5),
    "alltoallv_eager21k5_3": ("alltoallv", 3, EAGER_21K5),
    "bcast_eager36k5_4": ("bcast", 4, EAGER_36K5),
    "allreduce_eager54k5_3": ("allreduce", 3, EAGER_54K5),
    "exscan_tcp_eager9k_4": ("exscan", 4, TCP_EAGER_9K),
    "alltoallv_tcp_eager7k_3": ("alltoallv", 3, TCP_EAGER_7K),
    "scan_tcp_eager5k_3": ("scan", 3, TCP_EAGER_5K),
    "alltoall_pairwise_tcp_4": ("alltoall", 4, (*ALLTOALL_PAIRWISE, *TCP)),
    "allreduce_rabenseifner_tcp_4": ("allreduce", 4, (*ALLREDUCE_RABENSEIFNER, *TCP)),
    "reduce_scatter_block_rechalving_tcp_4": ("reduce_scatter_block", 4,
                                              (*REDUCE_SCATTER_BLOCK_RECURSIVE_HALVING, *TCP)),
    "bcast_scatter_allgather_tcp_3": ("bcast", 3, (*BCAST_SCATTER_ALLGATHER, *TCP)),
    "barrier_tree_tcp_4": ("barrier", 4, (*BARRIER_TREE, *TCP)),
    # its loaded series
    "allgatherv_tcp_2": ("allgatherv", 2, TCP),
    "reduce_eager25k5_2": ("reduce", 2, EAGER_25K5),
    "bcast_eager8k5_2": ("bcast", 2, EAGER_8K5),
    "sendrecv_eager46k5_2": ("sendrecv", 2, EAGER_46K5),
    # thirty-ninth set (a thirty-seventh out-of-sample score): the default selection over TCP on 5 ranks (never over
    # TCP before: Allgather, Reduce and Alltoall), half-KiB shared-memory eager limits and half-KiB TCP eager limits
    # of 4.5, 6.5 and 8.5 KiB (never TCP limits before) on collectives and rank counts not measured with them, forced
    # algorithms over TCP on 4 ranks (Bruck Allgather, Bruck Alltoall, k-nomial Bcast, binomial Reduce), and the
    # Bruck Barrier over TCP on 4 (n ignored: no change expected)
    "allgather_tcp_5": ("allgather", 5, TCP),
    "reduce_tcp_5": ("reduce", 5, TCP),
    "alltoall_tcp_5": ("alltoall", 5, TCP),
    "scatterv_eager16k5_4": ("scatterv", 4, EAGER_16K5),
    "reduce_scatter_eager28k5_3": ("reduce_scatter", 3, EAGER_28K5),
    "gather_eager39k5_4": ("gather", 4, EAGER_39K5),
    "scan_eager57k5_3": ("scan", 3, EAGER_57K5),
    "allreduce_tcp_eager6k5_3": ("allreduce", 3, TCP_EAGER_6K5),
    "bcast_tcp_eager4k5_4": ("bcast", 4, TCP_EAGER_4K5),
    "allgather_tcp_eager8k5_3": ("allgather", 3, TCP_EAGER_8K5),
    "allgather_bruck_tcp_4": ("allgather", 4, (*ALLGATHER_BRUCK, *TCP)),
    "alltoall_bruck_tcp_4": ("alltoall", 4, (*ALLTOALL_BRUCK, *TCP)),
    "bcast_knomial_tcp_4": ("bcast", 4, (*BCAST_KNOMIAL, *TCP)),
    "reduce_binomial_tcp_4": ("reduce", 4, (*REDUCE_BINOMIAL, *TCP)),
    "barrier_bruck_tcp_4": ("barrier", 4, (*BARRIER_BRUCK, *TCP)),
    # its loaded series
    "gather_tcp_eager10k5_2": ("gather", 2, TCP_EAGER_10K5),
    "allreduce_eager30k5_2": ("allreduce", 2, EAGER_30K5),
    "alltoallv_eager44k5_2": ("alltoallv", 2, EAGER_44K5),
    "scan_eager61k5_2": ("scan", 2, EAGER_61K5),
    # fortieth set (a thirty-eighth out-of-sample score): the default selection over TCP on 5 ranks (never over TCP
    # on 5 ranks before: Scan, Scatter and Alltoallv), half-KiB shared-memory eager limits and half-KiB TCP eager
    # limits of 5.5, 7.5 and 9.5 KiB (never used before) on collectives and rank counts not measured with them,
    # forced algorithms over TCP on 4 ranks (ring Allgather, ring Allgatherv, ring Reduce_scatter, binomial
    # Scatter), and the double-ring Barrier over TCP on 4 (n ignored: no change expected)
    "scan_tcp_5": ("scan", 5, TCP),
    "scatter_tcp_5": ("scatter", 5, TCP),
    "alltoallv_tcp_5": ("alltoallv", 5, TCP),
    "reduce_eager18k5_4": ("reduce", 4, EAGER_18K5),
    "allgatherv_eager26k5_3": ("allgatherv", 3, EAGER_26K5),
    "exscan_eager41k5_4": ("exscan", 4, EAGER_41K5),
    "bcast_eager59k5_3": ("bcast", 3, EAGER_59K5),
    "scatter_tcp_eager5k5_4": ("scatter", 4, TCP_EAGER_5K5),
    "reduce_tcp_eager7k5_3": ("reduce", 3, TCP_EAGER_7K5),
    "alltoall_tcp_eager9k5_4": ("alltoall", 4, TCP_EAGER_9K5),
    "allgather_ring_tcp_4": ("allgather", 4, (*ALLGATHER_RING, *TCP)),
    "allgatherv_ring_tcp_4": ("allgatherv", 4, (*ALLGATHERV_RING, *TCP)),
    "reduce_scatter_ring_tcp_4": ("reduce_scatter", 4, (*REDUCE_SCATTER_RING, *TCP)),
    "scatter_binomial_tcp_4": ("scatter", 4, (*SCATTER_BINOMIAL, *TCP)),
    "barrier_double_ring_tcp_4": ("barrier", 4, (*BARRIER_DOUBLE_RING, *TCP)),
    # its loaded series
    "allgatherv_tcp_eager11k5_2": ("allgatherv", 2, TCP_EAGER_11K5),
    "reduce_eager34k5_2": ("reduce", 2, EAGER_34K5),
    "gather_eager50k5_2": ("gather", 2, EAGER_50K5),
    "scatterv_eager22k5_2": ("scatterv", 2, EAGER_22K5),
    # forty-first set (a thirty-ninth out-of-sample score): the default selection over TCP on 5 ranks (never over
    # TCP on 5 ranks before: Exscan, Scatterv and Reduce_scatter_block), half-KiB shared-memory eager limits and
    # half-KiB TCP eager limits of 12.5, 13.5 and 14.5 KiB (never used before) on collectives and rank counts not
    # measured with them, forced algorithms over TCP on 4 ranks (scatter-allgather Bcast, over TCP only on 3
    # before; pairwise Alltoallv, recursive-doubling Exscan, linear Gather with synchronisation, never over TCP),
    # and the linear Barrier over TCP on 4 (n ignored: no change expected)
    "exscan_tcp_5": ("exscan", 5, TCP),
    "scatterv_tcp_5": ("scatterv", 5, TCP),
    "reduce_scatter_block_tcp_5": ("reduce_scatter_block", 5, TCP),
    "allreduce_eager32k5_4": ("allreduce", 4, EAGER_32K5),
    "gather_eager43k5_3": ("gather", 3, EAGER_43K5),
    "alltoallv_eager53k5_4": ("alltoallv", 4, EAGER_53K5),
    "scatterv_eager47k5_3": ("scatterv", 3, EAGER_47K5),
    "bcast_tcp_eager12k5_4": ("bcast", 4, TCP_EAGER_12K5),
    "gather_tcp_eager13k5_3": ("gather", 3, TCP_EAGER_13K5),
    "allreduce_tcp_eager14k5_4": ("allreduce", 4, TCP_EAGER_14K5),
    "bcast_scatter_allgather_tcp_4": ("bcast", 4, (*BCAST_SCATTER_ALLGATHER, *TCP)),
    "alltoallv_pairwise_tcp_4": ("alltoallv", 4, (*ALLTOALLV_PAIRWISE, *TCP)),
    "exscan_recdbl_tcp_4": ("exscan", 4, (*EXSCAN_RECURSIVE_DOUBLING, *TCP)),
    "gather_linear_sync_tcp_4": ("gather", 4, (*GATHER_LINEAR_SYNC, *TCP)),
    "barrier_linear_tcp_4": ("barrier", 4, (*BARRIER_LINEAR, *TCP)),
    # its loaded series
    "scan_tcp_eager15k5_2": ("scan", 2, TCP_EAGER_15K5),
    "bcast_eager37k5_2": ("bcast", 2, EAGER_37K5),
    "alltoall_eager55k5_2": ("alltoall", 2, EAGER_55K5),
    "allgather_eager62k5_2": ("allgather", 2, EAGER_62K5),
    # forty-second set (a fortieth out-of-sample score): the default selection over TCP on 5 ranks (never over TCP
    # on 5 ranks before: Allgatherv, Reduce_scatter and the Sendrecv ring), the last unused half-KiB shared-memory
    # eager limits between 32 KiB and 64 KiB and half-KiB TCP eager limits of 16.5, 17.5 and 18.5 KiB (never used
    # before) on collectives and rank counts not measured with them, forced algorithms over TCP on 4 ranks (Bruck
    # Allgatherv, basic linear Alltoallv, recursive-doubling Scan, linear Exscan, never forced over TCP before),
    # and the recursive-doubling Barrier over TCP on 3 (over TCP only on 4 before; n ignored: no change expected)
    "allgatherv_tcp_5": ("allgatherv", 5, TCP),
    "reduce_scatter_tcp_5": ("reduce_scatter", 5, TCP),
    "sendrecv_ring_tcp_5": ("sendrecv_ring", 5, TCP),
    "alltoall_eager48k5_3": ("alltoall", 3, EAGER_48K5),
    "reduce_eager51k5_4": ("reduce", 4, EAGER_51K5),
    "scan_eager58k5_3": ("scan", 3, EAGER_58K5),
    "allgather_eager63k5_4": ("allgather", 4, EAGER_63K5),
    "scatter_tcp_eager16k5_4": ("scatter", 4, TCP_EAGER_16K5),
    "alltoallv_tcp_eager17k5_3": ("alltoallv", 3, TCP_EAGER_17K5),
    "bcast_tcp_eager18k5_3": ("bcast", 3, TCP_EAGER_18K5),
    "allgatherv_bruck_tcp_4": ("allgatherv", 4, (*ALLGATHERV_BRUCK, *TCP)),
    "alltoallv_linear_tcp_4": ("alltoallv", 4, (*ALLTOALLV_BASIC_LINEAR, *TCP)),
    "scan_recdbl_tcp_4": ("scan", 4, (*SCAN_RECURSIVE_DOUBLING, *TCP)),
    "exscan_linear_tcp_4": ("exscan", 4, (*EXSCAN_LINEAR, *TCP)),
    "barrier_recdbl_tcp_3": ("barrier", 3, (*BARRIER_RECURSIVE_DOUBLING, *TCP)),
    # its loaded series
    "reduce_tcp_eager19k5_2": ("reduce", 2, TCP_EAGER_19K5),
    "gather_eager4k5_2": ("gather", 2, EAGER_4K5),
    "alltoallv_eager5k5_2": ("alltoallv", 2, EAGER_5K5),
    "allgatherv_eager6k5_2": ("allgatherv", 2, EAGER_6K5),
    # forty-third set (a forty-first out-of-sample score): the default selection over TCP on 5 ranks (the Iallreduce,
    # never over TCP on 5 ranks before) and on 6 (no series over TCP on 6 ranks before: Allreduce, Bcast), half-KiB
    # TCP eager limits of 21.5-25.5 KiB (never used before) on collectives and rank counts not measured with them,
    # forced algorithms over TCP on 4 ranks (recursive-doubling Allgather, butterfly Reduce_scatter, non-blocking
    # linear Scatter, segmented-ring Allreduce, binary-tree Bcast, in-order binary Reduce, never forced over TCP
    # before), and the Bruck Barrier over TCP on 5 (over TCP only on 3 and 4 before; n ignored: no change expected)
    "iallreduce_tcp_5": ("iallreduce", 5, TCP),
    "allreduce_tcp_6": ("allreduce", 6, TCP),
    "bcast_tcp_6": ("bcast", 6, TCP),
    "allreduce_tcp_eager21k5_3": ("allreduce", 3, TCP_EAGER_21K5),
    "gather_tcp_eager22k5_4": ("gather", 4, TCP_EAGER_22K5),
    "alltoall_tcp_eager23k5_3": ("alltoall", 3, TCP_EAGER_23K5),
    "scan_tcp_eager24k5_4": ("scan", 4, TCP_EAGER_24K5),
    "allgather_tcp_eager25k5_3": ("allgather", 3, TCP_EAGER_25K5),
    "allgather_recdbl_tcp_4": ("allgather", 4, (*ALLGATHER_RECURSIVE_DOUBLING, *TCP)),
    "reduce_scatter_butterfly_tcp_4": ("reduce_scatter", 4, (*REDUCE_SCATTER_BUTTERFLY, *TCP)),
    "scatter_linear_nb_tcp_4": ("scatter", 4, (*SCATTER_LINEAR_NB, *TCP)),
    "allreduce_segring_tcp_4": ("allreduce", 4, (*ALLREDUCE_SEGMENTED_RING, *TCP)),
    "bcast_bintree_tcp_4": ("bcast", 4, (*BCAST_BINARY_TREE, *TCP)),
    "reduce_inorder_binary_tcp_4": ("reduce", 4, (*REDUCE_IN_ORDER_BINARY, *TCP)),
    "barrier_bruck_tcp_5": ("barrier", 5, (*BARRIER_BRUCK, *TCP)),
    # its loaded series
    "allreduce_tcp_eager20k5_2": ("allreduce", 2, TCP_EAGER_20K5),
    "bcast_eager2k5_2": ("bcast", 2, EAGER_2K5),
    "scan_eager3k5_2": ("scan", 2, EAGER_3K5),
    "alltoall_eager7k5_2": ("alltoall", 2, EAGER_7K5),
    # forty-fourth set (a forty-second out-of-sample score): the default selection over TCP on 6 ranks (Gather,
    # Allgather, Reduce: over TCP on 2-5 ranks before; only Allreduce and Bcast ran over TCP on 6), half-KiB TCP
    # eager limits of 26.5-30.5 KiB (never used before) on collectives and rank counts not measured with them,
    # forced algorithms over TCP on 4 ranks (nonoverlapping Allreduce, linear-sync Alltoall, chain Bcast, binary
    # Reduce, basic linear Gather, linear Scan, never forced over TCP before), and the default Barrier over TCP on 5
    # (the default Barrier over TCP only on 2-4 before; n ignored: no change expected)
    "gather_tcp_6": ("gather", 6, TCP),
    "allgather_tcp_6": ("allgather", 6, TCP),
    "reduce_tcp_6": ("reduce", 6, TCP),
    "reduce_tcp_eager26k5_3": ("reduce", 3, TCP_EAGER_26K5),
    "bcast_tcp_eager27k5_4": ("bcast", 4, TCP_EAGER_27K5),
    "allgatherv_tcp_eager28k5_3": ("allgatherv", 3, TCP_EAGER_28K5),
    "reduce_scatter_tcp_eager29k5_4": ("reduce_scatter", 4, TCP_EAGER_29K5),
    "exscan_tcp_eager30k5_3": ("exscan", 3, TCP_EAGER_30K5),
    "allreduce_nonoverlap_tcp_4": ("allreduce", 4, (*ALLREDUCE_NONOVERLAPPING, *TCP)),
    "alltoall_linsync_tcp_4": ("alltoall", 4, (*ALLTOALL_LINEAR_SYNC, *TCP)),
    "bcast_chain_tcp_4": ("bcast", 4, (*BCAST_CHAIN, *TCP)),
    "reduce_binary_tcp_4": ("reduce", 4, (*REDUCE_BINARY, *TCP)),
    "gather_linear_tcp_4": ("gather", 4, (*GATHER_BASIC_LINEAR, *TCP)),
    "scan_linear_tcp_4": ("scan", 4, (*SCAN_LINEAR, *TCP)),
    "barrier_tcp_5": ("barrier", 5, TCP),
    # its loaded series
    "gather_tcp_eager31k5_2": ("gather", 2, TCP_EAGER_31K5),
    "allgather_eager1k25_2": ("allgather", 2, EAGER_1K25),
    "reduce_eager2k25_2": ("reduce", 2, EAGER_2K25),
    "exscan_eager3k25_2": ("exscan", 2, EAGER_3K25),
    # forty-fifth set (a forty-third out-of-sample score): the default selection over TCP on 6 ranks (Scatter,
    # Alltoall, Scan: over TCP on 2-5 ranks before), half-KiB TCP eager limits of 32.5-36.5 KiB (never used
    # before) on collectives and rank counts not measured with them, forced algorithms over TCP on 4 ranks (basic
    # linear Allreduce and Alltoall, split-binary-tree Bcast, chain Reduce, neighbor-exchange Allgather, never
    # forced over TCP before), the recursive-doubling Scan forced on 6 ranks (no Scan algorithm forced on 6
    # before) and the default Barrier over TCP on 6 (the default Barrier over TCP only on 2-5 before; n ignored:
    # no change expected)
    "scatter_tcp_6": ("scatter", 6, TCP),
    "alltoall_tcp_6": ("alltoall", 6, TCP),
    "scan_tcp_6": ("scan", 6, TCP),
    "allreduce_tcp_eager32k5_3": ("allreduce", 3, TCP_EAGER_32K5),
    "gather_tcp_eager33k5_4": ("gather", 4, TCP_EAGER_33K5),
    "scatter_tcp_eager34k5_3": ("scatter", 3, TCP_EAGER_34K5),
    "alltoall_tcp_eager35k5_4": ("alltoall", 4, TCP_EAGER_35K5),
    "scan_tcp_eager36k5_3": ("scan", 3, TCP_EAGER_36K5),
    "allreduce_linear_tcp_4": ("allreduce", 4, (*ALLREDUCE_BASIC_LINEAR, *TCP)),
    "alltoall_linear_tcp_4": ("alltoall", 4, (*ALLTOALL_BASIC_LINEAR, *TCP)),
    "bcast_splitbintree_tcp_4": ("bcast", 4, (*BCAST_SPLIT_BINARY_TREE, *TCP)),
    "reduce_chain_tcp_4": ("reduce", 4, (*REDUCE_CHAIN, *TCP)),
    "allgather_neighbor_tcp_4": ("allgather", 4, (*ALLGATHER_NEIGHBOR, *TCP)),
    "scan_recdbl_6": ("scan", 6, SCAN_RECURSIVE_DOUBLING),
    "barrier_tcp_6": ("barrier", 6, TCP),
    # its loaded series
    "scan_tcp_eager37k5_2": ("scan", 2, TCP_EAGER_37K5),
    "bcast_eager1k75_2": ("bcast", 2, EAGER_1K75),
    "allreduce_eager2k75_2": ("allreduce", 2, EAGER_2K75),
    "gather_eager3k75_2": ("gather", 2, EAGER_3K75),
    # forty-sixth set (a forty-fourth out-of-sample score): the default selection over TCP on 6 ranks (Exscan,
    # Reduce_scatter, Allgatherv: over TCP on 2-5 ranks before), half-KiB TCP eager limits of 38.5-42.5 KiB
    # (never used before) on collectives and rank counts not measured with them, forced algorithms over TCP on 4
    # ranks (Rabenseifner Reduce, pipelined Bcast, recursive-doubling Reduce_scatter_block, recursive-halving
    # Reduce_scatter, neighbor-exchange Allgatherv, never forced over TCP before), the recursive-doubling Exscan
    # forced on 6 ranks (no Exscan algorithm forced on 6 before) and the default Barrier over TCP on 7 (no series
    # over TCP on 7 before; n ignored: no change expected)
    "exscan_tcp_6": ("exscan", 6, TCP),
    "reduce_scatter_tcp_6": ("reduce_scatter", 6, TCP),
    "allgatherv_tcp_6": ("allgatherv", 6, TCP),
    "bcast_tcp_eager38k5_3": ("bcast", 3, TCP_EAGER_38K5),
    "reduce_tcp_eager39k5_4": ("reduce", 4, TCP_EAGER_39K5),
    "allgather_tcp_eager40k5_3": ("allgather", 3, TCP_EAGER_40K5),
    "exscan_tcp_eager41k5_4": ("exscan", 4, TCP_EAGER_41K5),
    "gather_tcp_eager42k5_3": ("gather", 3, TCP_EAGER_42K5),
    "reduce_rabenseifner_tcp_4": ("reduce", 4, (*REDUCE_RABENSEIFNER, *TCP)),
    "bcast_pipeline_tcp_4": ("bcast", 4, (*BCAST_PIPELINE_8K, *TCP)),
    "reduce_scatter_block_recdbl_tcp_4": ("reduce_scatter_block", 4,
                                          (*REDUCE_SCATTER_BLOCK_RECURSIVE_DOUBLING, *TCP)),
    "reduce_scatter_rechalving_tcp_4": ("reduce_scatter", 4, (*REDUCE_SCATTER_RECURSIVE_HALVING, *TCP)),
    "allgatherv_neighbor_tcp_4": ("allgatherv", 4, (*ALLGATHERV_NEIGHBOR, *TCP)),
    "exscan_recdbl_6": ("exscan", 6, EXSCAN_RECURSIVE_DOUBLING),
    "barrier_tcp_7": ("barrier", 7, TCP),
    # its loaded series
    "allreduce_tcp_eager43k5_2": ("allreduce", 2, TCP_EAGER_43K5),
    "scatter_eager4k25_2": ("scatter", 2, EAGER_4K25),
    "alltoall_eager4k75_2": ("alltoall", 2, EAGER_4K75),
    "reduce_scatter_eager5k25_2": ("reduce_scatter", 2, EAGER_5K25),
    # forty-seventh set (a forty-fifth out-of-sample score): the default selection over TCP on 6 ranks (Scatterv,
    # Reduce_scatter_block, Alltoallv: over TCP on 2-5 ranks before), half-KiB TCP eager limits of 44.5-48.5 KiB
    # (never used before) on collectives and rank counts not measured with them, forced algorithms over TCP on 4
    # ranks (basic linear Allgather, Bcast and Scatter, pipelined Reduce, non-overlapping Reduce_scatter, never
    # forced over TCP before), the ring Allreduce forced on 6 ranks (no Allreduce algorithm forced on 6 before)
    # and the recursive-doubling Barrier over TCP on 5 (never forced on 5 before; n ignored: no change expected)
    "scatterv_tcp_6": ("scatterv", 6, TCP),
    "reduce_scatter_block_tcp_6": ("reduce_scatter_block", 6, TCP),
    "alltoallv_tcp_6": ("alltoallv", 6, TCP),
    "scan_tcp_eager44k5_3": ("scan", 3, TCP_EAGER_44K5),
    "allreduce_tcp_eager45k5_4": ("allreduce", 4, TCP_EAGER_45K5),
    "scatter_tcp_eager46k5_3": ("scatter", 3, TCP_EAGER_46K5),
    "alltoall_tcp_eager47k5_4": ("alltoall", 4, TCP_EAGER_47K5),
    "reduce_scatter_tcp_eager48k5_3": ("reduce_scatter", 3, TCP_EAGER_48K5),
    "allgather_linear_tcp_4": ("allgather", 4, (*ALLGATHER_BASIC_LINEAR, *TCP)),
    "bcast_linear_tcp_4": ("bcast", 4, (*BCAST_BASIC_LINEAR, *TCP)),
    "reduce_pipeline_tcp_4": ("reduce", 4, (*REDUCE_PIPELINE_4K, *TCP)),
    "scatter_linear_tcp_4": ("scatter", 4, (*SCATTER_LINEAR, *TCP)),
    "reduce_scatter_nonoverlapping_tcp_4": ("reduce_scatter", 4, (*REDUCE_SCATTER_NONOVERLAPPING, *TCP)),
    "allreduce_ring_6": ("allreduce", 6, ALLREDUCE_RING),
    "barrier_recdbl_tcp_5": ("barrier", 5, (*BARRIER_RECURSIVE_DOUBLING, *TCP)),
    # its loaded series
    "bcast_tcp_eager49k5_2": ("bcast", 2, TCP_EAGER_49K5),
    "gather_eager5k75_2": ("gather", 2, EAGER_5K75),
    "allgather_eager6k25_2": ("allgather", 2, EAGER_6K25),
    "scan_eager6k75_2": ("scan", 2, EAGER_6K75),
    # forty-eighth set (a forty-sixth out-of-sample score): the default selection over TCP on 7 ranks (Bcast,
    # Reduce, Allreduce: over TCP on 2-6 ranks before; only the Barrier ran over TCP on 7), half-KiB TCP eager
    # limits of 50.5-54.5 KiB (never used before) on collectives and rank counts not measured with them, forced
    # algorithms over TCP on 4 ranks (the gatherv + bcast Allgatherv, the scatter-allgather-ring Bcast, the linear
    # Reduce, the basic linear and the butterfly Reduce_scatter_block, never forced over TCP before), the ring
    # Allgather forced on 6 ranks (on 2-5 before) and the double-ring Barrier over TCP on 5 (forced over TCP on 3
    # and 4 only before; n ignored: no change expected)
    "bcast_tcp_7": ("bcast", 7, TCP),
    "reduce_tcp_7": ("reduce", 7, TCP),
    "allreduce_tcp_7": ("allreduce", 7, TCP),
    "gather_tcp_eager50k5_3": ("gather", 3, TCP_EAGER_50K5),
    "reduce_tcp_eager51k5_4": ("reduce", 4, TCP_EAGER_51K5),
    "allgather_tcp_eager52k5_3": ("allgather", 3, TCP_EAGER_52K5),
    "exscan_tcp_eager53k5_4": ("exscan", 4, TCP_EAGER_53K5),
    "bcast_tcp_eager54k5_3": ("bcast", 3, TCP_EAGER_54K5),
    "allgatherv_gatherv_bcast_tcp_4": ("allgatherv", 4, (*ALLGATHERV_GATHERV_BCAST, *TCP)),
    "bcast_sagring_tcp_4": ("bcast", 4, (*BCAST_SCATTER_ALLGATHER_RING, *TCP)),
    "reduce_linear_tcp_4": ("reduce", 4, (*REDUCE_LINEAR, *TCP)),
    "reduce_scatter_block_linear_tcp_4": ("reduce_scatter_block", 4, (*REDUCE_SCATTER_BLOCK_BASIC_LINEAR, *TCP)),
    "reduce_scatter_block_butterfly_tcp_4": ("reduce_scatter_block", 4, (*REDUCE_SCATTER_BLOCK_BUTTERFLY, *TCP)),
    "allgather_ring_6": ("allgather", 6, ALLGATHER_RING),
    "barrier_double_ring_tcp_5": ("barrier", 5, (*BARRIER_DOUBLE_RING, *TCP)),
    # its loaded series
    "alltoall_tcp_eager55k5_2": ("alltoall", 2, TCP_EAGER_55K5),
    "reduce_eager7k25_2": ("reduce", 2, EAGER_7K25),
    "allreduce_eager7k75_2": ("allreduce", 2, EAGER_7K75),
    "exscan_eager8k25_2": ("exscan", 2, EAGER_8K25),
    # forty-ninth set (a forty-seventh out-of-sample score): the default selection over TCP on 7 ranks (Gather,
    # Allgather, Scatter: over TCP on 2-6 ranks before; only the Barrier, Bcast, Reduce and Allreduce ran over TCP
    # on 7), half-KiB TCP eager limits of 56.5-60.5 KiB (never used before) on collectives and rank counts not
    # measured with them, forced algorithms over TCP on 3 ranks (the basic linear Gather, the binomial Bcast, the
    # chain Reduce, the Bruck Allgatherv, the pairwise Alltoallv: forced over TCP only on 4 ranks before), the
    # binomial Reduce forced on 6 ranks (on 2-5 before) and the tree Barrier over TCP on 5 (forced over TCP on 4
    # only before; n ignored: no change expected)
    "gather_tcp_7": ("gather", 7, TCP),
    "allgather_tcp_7": ("allgather", 7, TCP),
    "scatter_tcp_7": ("scatter", 7, TCP),
    "allreduce_tcp_eager56k5_3": ("allreduce", 3, TCP_EAGER_56K5),
    "scatter_tcp_eager57k5_4": ("scatter", 4, TCP_EAGER_57K5),
    "scan_tcp_eager58k5_3": ("scan", 3, TCP_EAGER_58K5),
    "alltoall_tcp_eager59k5_3": ("alltoall", 3, TCP_EAGER_59K5),
    "reduce_scatter_block_tcp_eager60k5_4": ("reduce_scatter_block", 4, TCP_EAGER_60K5),
    "gather_linear_tcp_3": ("gather", 3, (*GATHER_BASIC_LINEAR, *TCP)),
    "bcast_binomial_tcp_3": ("bcast", 3, (*BCAST_BINOMIAL, *TCP)),
    "reduce_chain_tcp_3": ("reduce", 3, (*REDUCE_CHAIN, *TCP)),
    "allgatherv_bruck_tcp_3": ("allgatherv", 3, (*ALLGATHERV_BRUCK, *TCP)),
    "alltoallv_pairwise_tcp_3": ("alltoallv", 3, (*ALLTOALLV_PAIRWISE, *TCP)),
    "reduce_binomial_6": ("reduce", 6, REDUCE_BINOMIAL),
    "barrier_tree_tcp_5": ("barrier", 5, (*BARRIER_TREE, *TCP)),
    # its loaded series
    "scatter_tcp_eager61k5_2": ("scatter", 2, TCP_EAGER_61K5),
    "gather_eager8k75_2": ("gather", 2, EAGER_8K75),
    "bcast_eager9k25_2": ("bcast", 2, EAGER_9K25),
    "scan_eager9k75_2": ("scan", 2, EAGER_9K75),
    # fiftieth set (a forty-eighth out-of-sample score): the default selection over TCP on 7 ranks (Allgatherv,
    # Scatterv, Exscan: over TCP on 2-6 ranks before), the last half-KiB TCP eager limit below 64 KiB and half-KiB
    # TCP eager limits of 64.5-67.5 KiB (never used before) on collectives and rank counts not measured with them,
    # forced algorithms over TCP on 5 ranks (the binomial Gather, the binomial Scatter, the ring Allreduce, the
    # pairwise Alltoall, the ring Reduce_scatter: forced over TCP only on 3 and 4 ranks before), the binomial
    # Scatter forced on 6 ranks (on 2-5 before) and the tree Barrier over TCP on 3 (forced over TCP on 4 and 5 only
    # before; n ignored: no change expected)
    "allgatherv_tcp_7": ("allgatherv", 7, TCP),
    "scatterv_tcp_7": ("scatterv", 7, TCP),
    "exscan_tcp_7": ("exscan", 7, TCP),
    "allgather_tcp_eager62k5_3": ("allgather", 3, TCP_EAGER_62K5),
    "bcast_tcp_eager64k5_5": ("bcast", 5, TCP_EAGER_64K5),
    "gather_tcp_eager65k5_3": ("gather", 3, TCP_EAGER_65K5),
    "exscan_tcp_eager66k5_4": ("exscan", 4, TCP_EAGER_66K5),
    "reduce_scatter_tcp_eager67k5_3": ("reduce_scatter", 3, TCP_EAGER_67K5),
    "gather_binomial_tcp_5": ("gather", 5, (*GATHER_BINOMIAL, *TCP)),
    "scatter_binomial_tcp_5": ("scatter", 5, (*SCATTER_BINOMIAL, *TCP)),
    "allreduce_ring_tcp_5": ("allreduce", 5, (*ALLREDUCE_RING, *TCP)),
    "alltoall_pairwise_tcp_5": ("alltoall", 5, (*ALLTOALL_PAIRWISE, *TCP)),
    "reduce_scatter_ring_tcp_5": ("reduce_scatter", 5, (*REDUCE_SCATTER_RING, *TCP)),
    "scatter_binomial_6": ("scatter", 6, SCATTER_BINOMIAL),
    "barrier_tree_tcp_3": ("barrier", 3, (*BARRIER_TREE, *TCP)),
    # its loaded series
    "allreduce_tcp_eager68k5_2": ("allreduce", 2, TCP_EAGER_68K5),
    "reduce_eager10k25_2": ("reduce", 2, EAGER_10K25),
    "allgather_eager10k75_2": ("allgather", 2, EAGER_10K75),
    "alltoall_eager11k25_2": ("alltoall", 2, EAGER_11K25),
    # fifty-first set (a forty-ninth out-of-sample score): the default selection over TCP on 7 ranks (Scan,
    # Reduce_scatter, Reduce_scatter_block: over TCP on 2-6 ranks before), half-KiB TCP eager limits of 69.5-73.5 KiB
    # (never used before) on collectives and rank counts not measured with them, forced algorithms over TCP on 6
    # ranks (the binomial Gather, the binomial Scatter, the ring Allreduce, the pairwise Alltoall, the ring
    # Reduce_scatter: forced over TCP only on 3-5 ranks before), the binomial Scatter forced on 7 ranks (on 2-6
    # before) and the tree Barrier over TCP on 6 (forced over TCP on 3-5 only before; n ignored: no change expected)
    "scan_tcp_7": ("scan", 7, TCP),
    "reduce_scatter_tcp_7": ("reduce_scatter", 7, TCP),
    "reduce_scatter_block_tcp_7": ("reduce_scatter_block", 7, TCP),
    "bcast_tcp_eager69k5_3": ("bcast", 3, TCP_EAGER_69K5),
    "gather_tcp_eager70k5_4": ("gather", 4, TCP_EAGER_70K5),
    "allreduce_tcp_eager71k5_3": ("allreduce", 3, TCP_EAGER_71K5),
    "scan_tcp_eager72k5_4": ("scan", 4, TCP_EAGER_72K5),
    "alltoall_tcp_eager73k5_3": ("alltoall", 3, TCP_EAGER_73K5),
    "gather_binomial_tcp_6": ("gather", 6, (*GATHER_BINOMIAL, *TCP)),
    "scatter_binomial_tcp_6": ("scatter", 6, (*SCATTER_BINOMIAL, *TCP)),
    "allreduce_ring_tcp_6": ("allreduce", 6, (*ALLREDUCE_RING, *TCP)),
    "alltoall_pairwise_tcp_6": ("alltoall", 6, (*ALLTOALL_PAIRWISE, *TCP)),
    "reduce_scatter_ring_tcp_6": ("reduce_scatter", 6, (*REDUCE_SCATTER_RING, *TCP)),
    "scatter_binomial_7": ("scatter", 7, SCATTER_BINOMIAL),
    "barrier_tree_tcp_6": ("barrier", 6, (*BARRIER_TREE, *TCP)),
    # its loaded series
    "reduce_tcp_eager74k5_2": ("reduce", 2, TCP_EAGER_74K5),
    "bcast_eager11k75_2": ("bcast", 2, EAGER_11K75),
    "gather_eager12k25_2": ("gather", 2, EAGER_12K25),
    "scan_eager12k75_2": ("scan", 2, EAGER_12K75),
}
DEFAULT_SERIES = ["pingpong_2", "allreduce_2", "allreduce_4", "bcast_4", "allgather_4"]
REGION = {"pingpong": "PingPong", "allreduce": "MPI_Allreduce", "bcast": "MPI_Bcast", "allgather": "MPI_Allgather",
          "reduce": "MPI_Reduce", "alltoall": "MPI_Alltoall", "gather": "MPI_Gather", "scatter": "MPI_Scatter",
          "sendrecv": "MPI_Sendrecv", "scan": "MPI_Scan", "reduce_scatter_block": "MPI_Reduce_scatter_block",
          "exscan": "MPI_Exscan", "ipingpong": "PingPong_Isend_Irecv", "sendrecv_ring": "MPI_Sendrecv_ring",
          "allgatherv": "MPI_Allgatherv", "scatterv": "MPI_Scatterv", "iallreduce": "MPI_Iallreduce",
          "reduce_local": "MPI_Reduce_local", "reduce_scatter": "MPI_Reduce_scatter", "barrier": "MPI_Barrier",
          "alltoallv": "MPI_Alltoallv"}
SIZES = [2 ** k for k in range(23)]


def inner_iterations(n: int, iterations: int) -> int:
    """Timed calls per size: ``iterations`` up to 64 KiB, then halving with each doubling (>= 10)."""
    if n <= 65536:
        return iterations
    return max(10, iterations * 65536 // n)


def worker(kernel: str, iterations: int, warmup: int, sizes: list[int]) -> None:
    import numpy as np
    from mpi4py import MPI

    comm = MPI.COMM_WORLD
    rank, size = comm.Get_rank(), comm.Get_size()
    largest = max(sizes)
    per_rank = kernel in ("allgather", "alltoall", "gather", "scatter", "allgatherv", "scatterv",
                          "alltoallv")  # n bytes per rank
    send_per_rank = kernel in ("alltoall", "scatter", "reduce_scatter_block", "scatterv", "reduce_scatter",
                               "alltoallv")
    send = np.full(largest * (size if send_per_rank else 1), rank % 251, dtype=np.uint8)
    recv = np.empty(largest * (size if per_rank else 1), dtype=np.uint8)

    def call(n):
        if kernel == "pingpong":
            if rank == 0:
                comm.Send([send[:n], MPI.BYTE], dest=1, tag=1)
                comm.Recv([recv[:n], MPI.BYTE], source=1, tag=2)
            elif rank == 1:
                comm.Recv([recv[:n], MPI.BYTE], source=0, tag=1)
                comm.Send([send[:n], MPI.BYTE], dest=0, tag=2)
        elif kernel == "ipingpong":  # non-blocking: rank 0 posts its receive before it sends
            if rank == 0:
                received = comm.Irecv([recv[:n], MPI.BYTE], source=1, tag=2)
                comm.Isend([send[:n], MPI.BYTE], dest=1, tag=1).Wait()
                received.Wait()
            elif rank == 1:
                comm.Irecv([recv[:n], MPI.BYTE], source=0, tag=1).Wait()
                comm.Isend([send[:n], MPI.BYTE], dest=0, tag=2).Wait()
        elif kernel == "allreduce":
            comm.Allreduce([send[:n], MPI.BYTE], [recv[:n], MPI.BYTE], op=MPI.SUM)
        elif kernel == "bcast":
            comm.Bcast([send[:n] if rank == 0 else recv[:n], MPI.BYTE], root=0)
        elif kernel == "allgather":
            comm.Allgather([send[:n], MPI.BYTE], [recv[:n * size], MPI.BYTE])
        elif kernel == "reduce":
            comm.Reduce([send[:n], MPI.BYTE], [recv[:n], MPI.BYTE], op=MPI.SUM, root=0)
        elif kernel == "alltoall":
            comm.Alltoall([send[:n * size], MPI.BYTE], [recv[:n * size], MPI.BYTE])
        elif kernel == "gather":
            comm.Gather([send[:n], MPI.BYTE], [recv[:n * size], MPI.BYTE] if rank == 0 else None, root=0)
        elif kernel == "scatter":
            comm.Scatter([send[:n * size], MPI.BYTE] if rank == 0 else None, [recv[:n], MPI.BYTE], root=0)
        elif kernel == "sendrecv":
            partner = rank ^ 1  # pairs (0, 1), (2, 3), ...; a rank without a partner exchanges with itself
            partner = partner if partner < size else rank
            comm.Sendrecv([send[:n], MPI.BYTE], dest=partner, sendtag=3, recvbuf=[recv[:n], MPI.BYTE],
                          source=partner, recvtag=3)
        elif kernel == "sendrecv_ring":  # every rank sends to the next and receives from the previous one
            comm.Sendrecv([send[:n], MPI.BYTE], dest=(rank + 1) % size, sendtag=4,
                          recvbuf=[recv[:n], MPI.BYTE], source=(rank - 1) % size, recvtag=4)
        elif kernel == "scan":
            comm.Scan([send[:n], MPI.BYTE], [recv[:n], MPI.BYTE], op=MPI.SUM)
        elif kernel == "exscan":  # rank 0's receive buffer is undefined by the standard, it is still passed
            comm.Exscan([send[:n], MPI.BYTE], [recv[:n], MPI.BYTE], op=MPI.SUM)
        elif kernel == "reduce_scatter_block":  # every rank gets its n-byte block of the sum
            comm.Reduce_scatter_block([send[:n * size], MPI.BYTE], [recv[:n], MPI.BYTE], op=MPI.SUM)
        elif kernel == "allgatherv":  # equal counts: the same data as Allgather through the v-interface
            comm.Allgatherv([send[:n], MPI.BYTE],
                            [recv[:n * size], [n] * size, [r * n for r in range(size)], MPI.BYTE])
        elif kernel == "scatterv":  # equal counts: the same data as Scatter through the v-interface
            comm.Scatterv([send[:n * size], [n] * size, [r * n for r in range(size)], MPI.BYTE]
                          if rank == 0 else None, [recv[:n], MPI.BYTE], root=0)
        elif kernel == "alltoallv":  # equal counts: the same data as Alltoall through the v-interface
            counts, displacements = [n] * size, [r * n for r in range(size)]
            comm.Alltoallv([send[:n * size], counts, displacements, MPI.BYTE],
                           [recv[:n * size], counts, displacements, MPI.BYTE])
        elif kernel == "iallreduce":  # non-blocking, waited for at once: the libnbc schedule, no overlap
            comm.Iallreduce([send[:n], MPI.BYTE], [recv[:n], MPI.BYTE], op=MPI.SUM).Wait()
        elif kernel == "reduce_local":  # the sum of n bytes into a local buffer, no communication
            MPI.SUM.Reduce_local([send[:n], MPI.BYTE], [recv[:n], MPI.BYTE])
        elif kernel == "reduce_scatter":  # equal counts: every rank gets its n-byte block of the sum
            comm.Reduce_scatter([send[:n * size], MPI.BYTE], [recv[:n], MPI.BYTE], recvcounts=[n] * size,
                                op=MPI.SUM)
        elif kernel == "barrier":  # n is ignored: a series whose time cannot depend on the message size
            comm.Barrier()
        else:
            raise SystemExit(f"unknown kernel {kernel!r}")

    medians = []
    for n in sizes:
        count = inner_iterations(n, iterations)
        for _ in range(warmup):
            call(n)
        local = np.empty(count)
        if kernel in ("pingpong", "ipingpong"):
            comm.Barrier()
            for i in range(count):
                start = MPI.Wtime()
                call(n)
                local[i] = (MPI.Wtime() - start) / 2
            per_call = local
        else:
            for i in range(count):
                comm.Barrier()
                start = MPI.Wtime()
                call(n)
                local[i] = MPI.Wtime() - start
            per_call = np.empty(count) if rank == 0 else None
            comm.Reduce(local, per_call, op=MPI.MAX, root=0)
        if rank == 0:
            medians.append(float(np.median(per_call)) * 1e6)
    if rank == 0:
        print("RESULT " + json.dumps(medians), flush=True)


def run_once(kernel: str, ranks: int, extra: tuple, args) -> list[float]:
    command = [args.mpirun, "--oversubscribe", "-n", str(ranks), *extra]
    if os.geteuid() == 0:
        command.append("--allow-run-as-root")
    command += [sys.executable, str(Path(__file__).resolve()), "--worker", kernel,
                "--iterations", str(args.iterations), "--warmup", str(args.warmup),
                "--sizes", *map(str, args.sizes)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=args.timeout)
    if done.returncode != 0:
        raise SystemExit(f"mpirun -n {ranks} {kernel} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    line = next(line for line in done.stdout.splitlines() if line.startswith("RESULT "))
    return json.loads(line[len("RESULT "):])


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def write_series(path: Path, kernel: str, ranks: int, runs: list[list[float]], header: list[str],
                 sizes: list[int] = SIZES) -> None:
    lines = [f"# {line}" for line in header]
    lines += ["PARAMETER n", "POINTS " + " ".join(str(n) for n in sizes), "",
              f"REGION {REGION[kernel]}", "METRIC time"]
    for i, _ in enumerate(sizes):
        lines.append("DATA " + " ".join(f"{run[i]:.4g}" for run in runs))
    path.write_text("\n".join(lines) + "\n")


def start_hogs(count: int) -> list[subprocess.Popen]:
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", metavar="KERNEL", help=argparse.SUPPRESS)
    parser.add_argument("--series", nargs="+", choices=sorted(SERIES), default=DEFAULT_SERIES)
    parser.add_argument("--runs", type=int, default=5, help="independent mpirun runs (the repetitions)")
    parser.add_argument("--iterations", type=int, default=200, help="timed calls per size up to 64 KiB")
    parser.add_argument("--warmup", type=int, default=10, help="untimed calls before each size")
    parser.add_argument("--hogs", type=int, default=0, help="busy-loop processes running during the sweep")
    parser.add_argument("--label", default="idle", help="condition named in the file header")
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--mpirun", default=shutil.which("mpirun") or "mpirun")
    parser.add_argument("--out", type=Path, required=False, help="directory for the Extra-P text files")
    parser.add_argument("--sizes", type=int, nargs="+", default=SIZES,
                        help="message sizes in bytes (default 2^0 ... 2^22)")
    args = parser.parse_args(argv)
    if len(set(args.sizes)) != len(args.sizes) or min(args.sizes) < 1:
        parser.error(f"--sizes: distinct positive sizes needed, got {args.sizes}")
    args.sizes = sorted(args.sizes)
    if args.worker:
        worker(args.worker, args.iterations, args.warmup, args.sizes)
        return 0
    if args.out is None:
        parser.error("--out is required")
    args.out.mkdir(parents=True, exist_ok=True)
    import mpi4py

    version = subprocess.run([args.mpirun, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    started = datetime.datetime.now(datetime.timezone.utc)
    hogs = start_hogs(args.hogs)
    runs = {stem: [] for stem in args.series}
    loads = {stem: [] for stem in args.series}
    try:
        time.sleep(2 if hogs else 0)
        for run in range(args.runs):
            for stem in args.series:
                kernel, ranks, extra = SERIES[stem]
                before = os.getloadavg()[0]
                t0 = time.time()
                runs[stem].append(run_once(kernel, ranks, extra, args))
                after = os.getloadavg()[0]
                loads[stem].append((before, after))
                print(f"run {run + 1}/{args.runs} {stem}: {time.time() - t0:.1f} s, load {before:.2f} -> {after:.2f}; "
                      f"n=1: {runs[stem][-1][0]:.3g} us, n=4M: {runs[stem][-1][-1]:.4g} us", flush=True)
    finally:
        for hog in hogs:
            hog.terminate()
        for hog in hogs:
            hog.wait()
    for stem in args.series:
        kernel, ranks, extra = SERIES[stem]
        load_text = ", ".join(f"{a:.2f}->{b:.2f}" for a, b in loads[stem])
        header = [
            f"{REGION[kernel]} time per call [us] vs message size n [bytes], {ranks} ranks, condition: {args.label}",
            f"{version}, mpi4py {mpi4py.__version__}, Python {platform.python_version()}, "
            f"mpirun --oversubscribe -n {ranks}" + "".join(f" {word}" for word in extra),
            f"host: {cpu_name()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}",
            f"date: {started:%Y-%m-%d %H:%M} UTC; busy-loop hogs during the sweep: {args.hogs}",
            f"load average (1 min) before->after each run: {load_text}",
            f"each DATA value = one independent mpirun run: median over {args.iterations} timed calls "
            f"(fewer above 64 KiB, >= 10) after {args.warmup} warm-up calls",
            "ping-pong: half round trip on rank 0; collectives: barrier before each call, max over ranks",
            "measured by benchmarks/segmentation/real/measure_mpi.py",
        ]
        path = args.out / f"{stem}.txt"
        write_series(path, kernel, ranks, runs[stem], header, args.sizes)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
