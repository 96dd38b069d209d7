"""benchmarks/segmentation/real/measure_mpi.py: every series names a region, the new kernels run under mpirun."""
import importlib.util
import shutil

import pytest

from conftest import load_script


@pytest.fixture(scope="module")
def measure():
    return load_script("benchmarks/segmentation/real/measure_mpi.py")


def test_every_series_has_a_region_and_the_third_set_moves_the_switches(measure):
    assert {kernel for kernel, _, _ in measure.SERIES.values()} <= set(measure.REGION)
    # the third set's eager limits and fixed algorithm reach mpirun as MCA options
    assert measure.SERIES["pingpong_eager8k_2"][2] == ("--mca", "btl_vader_eager_limit", "8192")
    assert measure.SERIES["pingpong_eager32k_2"][2] == ("--mca", "btl_vader_eager_limit", "32768")
    ring = measure.SERIES["allreduce_ring_4"][2]
    assert ring[ring.index("coll_tuned_allreduce_algorithm") + 1] == "4"
    assert ring[ring.index("coll_tuned_use_dynamic_rules") + 1] == "1"


def test_the_fourth_set_fixes_its_algorithms_and_eager_limit(measure):
    assert measure.SERIES["pingpong_eager2k_2"][2] == ("--mca", "btl_vader_eager_limit", "2048")
    for stem, name, algorithm in (("allreduce_recdbl_3", "coll_tuned_allreduce_algorithm", "3"),
                                  ("bcast_scatter_allgather_4", "coll_tuned_bcast_algorithm", "8")):
        extra = measure.SERIES[stem][2]
        assert extra[extra.index(name) + 1] == algorithm
        assert extra[extra.index("coll_tuned_use_dynamic_rules") + 1] == "1"  # else the forced choice is ignored
    assert measure.SERIES["allgather_tcp_2"][2] == measure.TCP


def test_the_fifth_set_fixes_its_algorithms_segment_size_and_eager_limit(measure):
    assert measure.SERIES["pingpong_eager64k_2"][2] == ("--mca", "btl_vader_eager_limit", "65536")
    for stem, name, algorithm in (("reduce_rabenseifner_2", "coll_tuned_reduce_algorithm", "7"),
                                  ("allgather_ring_4", "coll_tuned_allgather_algorithm", "4"),
                                  ("bcast_pipeline_3", "coll_tuned_bcast_algorithm", "3")):
        extra = measure.SERIES[stem][2]
        assert extra[extra.index(name) + 1] == algorithm
        assert extra[extra.index("coll_tuned_use_dynamic_rules") + 1] == "1"
    pipeline = measure.SERIES["bcast_pipeline_3"][2]
    assert pipeline[pipeline.index("coll_tuned_bcast_algorithm_segmentsize") + 1] == "8192"
    assert measure.SERIES["alltoall_tcp_2"][2] == measure.SERIES["gather_tcp_4"][2] == measure.TCP


def _forced(measure, stem, parameter):
    """The algorithm a series forces with ``parameter`` (the tuned component only obeys with
    dynamic rules on)."""
    extra = measure.SERIES[stem][2]
    assert extra[extra.index("coll_tuned_use_dynamic_rules") + 1] == "1"
    return extra[extra.index(parameter) + 1]


def _shared_eager(measure, stem):
    """The kernel, rank count and shared-memory eager limit of a series whose only setting is that
    limit."""
    kernel, ranks, extra = measure.SERIES[stem]
    assert len(extra) == 3 and extra[:2] == ("--mca", "btl_vader_eager_limit"), stem
    return kernel, ranks, extra[2]


def _tcp_eager(measure, stem):
    """The kernel, rank count and TCP eager limit of a series over TCP; its first rendezvous
    fragment is set with the eager limit (it may not exceed it)."""
    kernel, ranks, extra = measure.SERIES[stem]
    assert extra[:3] == measure.TCP
    limit = extra[extra.index("btl_tcp_eager_limit") + 1]
    assert extra[extra.index("btl_tcp_rndv_eager_limit") + 1] == limit
    return kernel, ranks, limit


def test_the_sixth_set_fixes_its_algorithm_eager_limit_and_rank_counts(measure):
    assert measure.SERIES["pingpong_eager1k_2"][2] == ("--mca", "btl_vader_eager_limit", "1024")
    assert _forced(measure, "allreduce_rabenseifner_4", "coll_tuned_allreduce_algorithm") == "6"
    assert measure.SERIES["allreduce_5"][:2] == ("allreduce", 5)
    assert measure.SERIES["bcast_6"][:2] == ("bcast", 6)


def test_the_seventh_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    assert _shared_eager(measure, "bcast_eager512_3") == ("bcast", 3, "512")
    assert _shared_eager(measure, "allreduce_eager8k_2") == ("allreduce", 2, "8192")
    _assert_default_over_tcp(measure, (("reduce_tcp_2", "reduce", 2),))
    assert _forced(measure, "allgather_bruck_3", "coll_tuned_allgather_algorithm") == "2"
    assert _forced(measure, "alltoall_pairwise_5", "coll_tuned_alltoall_algorithm") == "2"
    assert measure.SERIES["gather_5"][:2] == ("gather", 5)
    assert measure.SERIES["scan_4"][:2] == ("scan", 4)
    assert measure.SERIES["sendrecv_ring_5"][:2] == ("sendrecv_ring", 5)


def test_the_eighth_set_fixes_its_algorithms_eager_limit_transport_and_rank_counts(measure):
    assert _shared_eager(measure, "bcast_eager2k_4") == ("bcast", 4, "2048")
    _assert_default_over_tcp(measure, (("alltoall_tcp_3", "alltoall", 3), ("gather_tcp_3", "gather", 3)))
    assert _forced(measure, "scatter_linear_4", "coll_tuned_scatter_algorithm") == "1"
    assert _forced(measure, "allgather_ring_3", "coll_tuned_allgather_algorithm") == "4"
    assert measure.SERIES["alltoall_6"][:2] == ("alltoall", 6)
    assert measure.SERIES["reduce_scatter_block_5"][:2] == ("reduce_scatter_block", 5)
    assert measure.SERIES["scan_5"][:2] == ("scan", 5)


def test_the_ninth_set_fixes_its_algorithms_eager_limits_transport_copy_mechanism_and_rank_counts(measure):
    assert _forced(measure, "alltoall_bruck_4", "coll_tuned_alltoall_algorithm") == "3"
    assert _forced(measure, "gather_linsync_4", "coll_tuned_gather_algorithm") == "3"
    assert _shared_eager(measure, "reduce_eager12k_3") == ("reduce", 3, "12288")
    assert measure.SERIES["bcast_nocma_3"] == ("bcast", 3, ("--mca", "btl_vader_single_copy_mechanism", "none"))
    # the first rendezvous fragment may not exceed the eager limit: both are lowered together
    assert _tcp_eager(measure, "pingpong_tcp_eager16k_2") == ("pingpong", 2, "16384")
    assert measure.SERIES["bcast_7"][:2] == ("bcast", 7)
    assert measure.SERIES["allreduce_6"][:2] == ("allreduce", 6)
    assert {measure.REGION[measure.SERIES[stem][0]] for stem in
            ("allgatherv_3", "scatterv_4", "iallreduce_2", "reduce_local_2")} == {
        "MPI_Allgatherv", "MPI_Scatterv", "MPI_Iallreduce", "MPI_Reduce_local"}


def test_the_tenth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    assert _forced(measure, "exscan_recdbl_4", "coll_tuned_exscan_algorithm") == "2"
    assert _forced(measure, "reduce_scatter_ring_4", "coll_tuned_reduce_scatter_algorithm") == "3"
    assert _forced(measure, "gather_binomial_3", "coll_tuned_gather_algorithm") == "2"
    assert _forced(measure, "allgather_neighbor_4", "coll_tuned_allgather_algorithm") == "5"
    # neighbor exchange needs an even number of ranks (OpenMPI falls back to ring otherwise)
    assert measure.SERIES["allgather_neighbor_4"][1] % 2 == 0
    assert _shared_eager(measure, "allreduce_eager6k_4") == ("allreduce", 4, "6144")
    assert _shared_eager(measure, "alltoall_eager24k_3") == ("alltoall", 3, "24576")
    assert _shared_eager(measure, "pingpong_eager3k_2") == ("pingpong", 2, "3072")
    _assert_default_over_tcp(measure, (("scan_tcp_3", "scan", 3),))
    assert _tcp_eager(measure, "scatter_tcp_eager32k_2") == ("scatter", 2, "32768")
    assert measure.SERIES["allgather_5"][:2] == ("allgather", 5)
    assert measure.SERIES["reduce_5"][:2] == ("reduce", 5)
    assert {measure.REGION[measure.SERIES[stem][0]] for stem in ("reduce_scatter_ring_4", "barrier_3")} == {
        "MPI_Reduce_scatter", "MPI_Barrier"}


def test_the_eleventh_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    assert _forced(measure, "reduce_scatter_block_recdbl_3", "coll_tuned_reduce_scatter_block_algorithm") == "2"
    assert _forced(measure, "bcast_knomial_4", "coll_tuned_bcast_algorithm") == "7"
    assert _forced(measure, "allreduce_segring_3", "coll_tuned_allreduce_algorithm") == "5"
    assert _forced(measure, "reduce_inorder_binary_4", "coll_tuned_reduce_algorithm") == "6"
    assert _forced(measure, "allgather_recdbl_4", "coll_tuned_allgather_algorithm") == "3"
    # recursive doubling Allgather needs a power-of-two number of ranks (OpenMPI falls back otherwise)
    ranks = measure.SERIES["allgather_recdbl_4"][1]
    assert ranks & (ranks - 1) == 0
    assert _shared_eager(measure, "pingpong_eager1536_2") == ("pingpong", 2, "1536")
    assert _shared_eager(measure, "scatter_eager48k_3") == ("scatter", 3, "49152")
    assert _shared_eager(measure, "ipingpong_eager48k_2") == ("ipingpong", 2, "49152")
    assert _tcp_eager(measure, "sendrecv_tcp_eager8k_2") == ("sendrecv", 2, "8192")
    for stem, kernel, ranks in (("allgather_6", "allgather", 6), ("scan_6", "scan", 6), ("barrier_4", "barrier", 4),
                                ("alltoall_5", "alltoall", 5), ("reduce_scatter_2", "reduce_scatter", 2)):
        assert measure.SERIES[stem] == (kernel, ranks, ())


def test_the_twelfth_set_fixes_its_algorithms_inline_and_eager_limits_transport_and_rank_counts(measure):
    assert _forced(measure, "alltoall_linsync_4", "coll_tuned_alltoall_algorithm") == "4"
    assert _forced(measure, "bcast_chain_4", "coll_tuned_bcast_algorithm") == "2"
    assert _forced(measure, "reduce_pipeline_3", "coll_tuned_reduce_algorithm") == "3"
    assert _forced(measure, "allreduce_nonoverlap_4", "coll_tuned_allreduce_algorithm") == "2"
    pipeline = measure.SERIES["reduce_pipeline_3"][2]
    assert pipeline[pipeline.index("coll_tuned_reduce_algorithm_segmentsize") + 1] == "4096"
    assert measure.SERIES["pingpong_inline1k_2"] == ("pingpong", 2, ("--mca", "btl_vader_max_inline_send", "1024"))
    assert _tcp_eager(measure, "sendrecv_tcp_eager4k_2") == ("sendrecv", 2, "4096")
    for stem, kernel, ranks in (("gather_6", "gather", 6), ("scatter_5", "scatter", 5), ("exscan_5", "exscan", 5),
                                ("reduce_6", "reduce", 6), ("allreduce_7", "allreduce", 7),
                                ("barrier_5", "barrier", 5)):
        assert measure.SERIES[stem] == (kernel, ranks, ())


def test_the_thirteenth_set_fixes_its_algorithms_inline_and_eager_limits_transport_and_rank_counts(measure):
    assert _forced(measure, "allreduce_linear_4", "coll_tuned_allreduce_algorithm") == "1"
    assert _forced(measure, "alltoall_linear_3", "coll_tuned_alltoall_algorithm") == "1"
    assert _shared_eager(measure, "sendrecv_eager20k_2") == ("sendrecv", 2, "20480")
    assert measure.SERIES["pingpong_inline128_2"] == ("pingpong", 2, ("--mca", "btl_vader_max_inline_send", "128"))
    assert _tcp_eager(measure, "pingpong_tcp_eager2k_2") == ("pingpong", 2, "2048")
    for stem, kernel, ranks in (("allgatherv_4", "allgatherv", 4), ("scatterv_3", "scatterv", 3),
                                ("iallreduce_3", "iallreduce", 3), ("reduce_scatter_3", "reduce_scatter", 3),
                                ("bcast_5", "bcast", 5), ("barrier_2", "barrier", 2)):
        assert measure.SERIES[stem] == (kernel, ranks, ())


def test_the_fourteenth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    assert _forced(measure, "gather_linear_4", "coll_tuned_gather_algorithm") == "1"
    assert _forced(measure, "bcast_binomial_3", "coll_tuned_bcast_algorithm") == "6"
    assert _shared_eager(measure, "pingpong_eager40k_2") == ("pingpong", 2, "40960")
    assert _tcp_eager(measure, "pingpong_tcp_eager128k_2") == ("pingpong", 2, "131072")
    assert _tcp_eager(measure, "sendrecv_tcp_eager24k_2") == ("sendrecv", 2, "24576")
    for stem, kernel, ranks in (("scatterv_2", "scatterv", 2), ("allgatherv_5", "allgatherv", 5),
                                ("iallreduce_4", "iallreduce", 4), ("reduce_scatter_5", "reduce_scatter", 5),
                                ("barrier_6", "barrier", 6)):
        assert measure.SERIES[stem] == (kernel, ranks, ())


def test_the_fifteenth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    assert _forced(measure, "bcast_bintree_5", "coll_tuned_bcast_algorithm") == "5"
    assert _forced(measure, "reduce_binomial_4", "coll_tuned_reduce_algorithm") == "5"
    assert _forced(measure, "allgather_linear_3", "coll_tuned_allgather_algorithm") == "1"
    assert _forced(measure, "scatter_binomial_4", "coll_tuned_scatter_algorithm") == "2"
    assert _forced(measure, "reduce_scatter_rechalving_4", "coll_tuned_reduce_scatter_algorithm") == "2"
    assert _shared_eager(measure, "bcast_eager768_2") == ("bcast", 2, "768")
    assert _tcp_eager(measure, "allreduce_tcp_eager12k_2") == ("allreduce", 2, "12288")
    assert measure.SERIES["sendrecv_tcp_2"] == ("sendrecv", 2, measure.TCP)
    for stem, kernel, ranks in (("alltoallv_3", "alltoallv", 3), ("alltoallv_2", "alltoallv", 2),
                                ("exscan_6", "exscan", 6), ("scatterv_5", "scatterv", 5),
                                ("reduce_scatter_block_6", "reduce_scatter_block", 6), ("allgatherv_6", "allgatherv", 6)):
        assert measure.SERIES[stem] == (kernel, ranks, ())


def _assert_forced(measure, rows):
    """Each ``(stem, kernel, ranks, algorithm)``: the series runs ``kernel`` on ``ranks`` ranks with the
    tuned component fixed to ``algorithm`` for that collective (kernel names are the collectives')."""
    for stem, kernel, ranks, algorithm in rows:
        assert measure.SERIES[stem][:2] == (kernel, ranks), stem
        assert _forced(measure, stem, f"coll_tuned_{kernel}_algorithm") == algorithm, stem


def _assert_default_settings(measure, rows):
    """Each ``(stem, kernel, ranks)``: the series runs ``kernel`` on ``ranks`` ranks with no extra settings."""
    for stem, kernel, ranks in rows:
        assert measure.SERIES[stem] == (kernel, ranks, ()), stem


def _assert_default_over_tcp(measure, rows):
    """Each ``(stem, kernel, ranks)``: the series runs ``kernel`` on ``ranks`` ranks over TCP with its
    default settings (no other setting)."""
    for stem, kernel, ranks in rows:
        assert measure.SERIES[stem] == (kernel, ranks, measure.TCP), stem


def _assert_forced_over_tcp(measure, stems):
    """Each series of ``stems`` ends its settings with TCP: a forced algorithm and the transport both
    reach mpirun."""
    for stem in stems:
        assert measure.SERIES[stem][2][-3:] == measure.TCP, stem


def test_the_sixteenth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("bcast_linear_3", "bcast", 3, "1"), ("bcast_splitbintree_4", "bcast", 4, "4"),
                             ("bcast_sagring_6", "bcast", 6, "9"), ("reduce_linear_3", "reduce", 3, "1"),
                             ("reduce_chain_5", "reduce", 5, "2"), ("reduce_binary_6", "reduce", 6, "4"),
                             ("allgatherv_bruck_4", "allgatherv", 4, "2"),
                             ("alltoallv_pairwise_4", "alltoallv", 4, "2"),
                             ("reduce_scatter_block_rechalving_4", "reduce_scatter_block", 4, "3"),
                             ("scatter_linearnb_3", "scatter", 3, "3")))
    assert _shared_eager(measure, "allreduce_eager10k_3") == ("allreduce", 3, "10240")
    assert _tcp_eager(measure, "bcast_tcp_eager48k_2") == ("bcast", 2, "49152")
    _assert_default_settings(measure, (("gather_7", "gather", 7), ("barrier_7", "barrier", 7),
                                       ("alltoallv_4", "alltoallv", 4)))


def test_the_seventeenth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allgatherv_ring_3", "allgatherv", 3, "3"),
                             ("allgatherv_neighbor_4", "allgatherv", 4, "4"),
                             ("alltoallv_linear_3", "alltoallv", 3, "1"),
                             ("reduce_scatter_nonoverlap_3", "reduce_scatter", 3, "1"),
                             ("reduce_scatter_block_butterfly_4", "reduce_scatter_block", 4, "4"),
                             ("scan_recdbl_3", "scan", 3, "2"), ("exscan_linear_4", "exscan", 4, "1"),
                             ("gather_binomial_5", "gather", 5, "2"), ("allgather_neighbor_6", "allgather", 6, "5"),
                             ("barrier_bruck_3", "barrier", 3, "4")))
    assert _shared_eager(measure, "allgather_eager5k_3") == ("allgather", 3, "5120")
    assert _tcp_eager(measure, "scatterv_tcp_eager6k_2") == ("scatterv", 2, "6144")
    _assert_default_settings(measure, (("iallreduce_5", "iallreduce", 5), ("sendrecv_ring_4", "sendrecv_ring", 4),
                                       ("exscan_4", "exscan", 4)))


def test_the_eighteenth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allgatherv_twoproc_2", "allgatherv", 2, "5"),
                             ("allgather_twoproc_2", "allgather", 2, "6"),
                             ("alltoallv_pairwise_3", "alltoallv", 3, "2"),
                             ("reduce_scatter_ring_3", "reduce_scatter", 3, "3"),
                             ("reduce_scatter_block_linear_5", "reduce_scatter_block", 5, "1"),
                             ("scan_linear_4", "scan", 4, "1"), ("exscan_recdbl_3", "exscan", 3, "2"),
                             ("gather_linear_sync_3", "gather", 3, "3"),
                             ("bcast_scatter_allgather_ring_3", "bcast", 3, "9"),
                             ("allreduce_ring_3", "allreduce", 3, "4"), ("alltoall_linear_sync_3", "alltoall", 3, "4"),
                             ("barrier_double_ring_4", "barrier", 4, "2")))
    assert _shared_eager(measure, "allgather_eager14k_2") == ("allgather", 2, "14336")
    assert _tcp_eager(measure, "reduce_tcp_eager10k_2") == ("reduce", 2, "10240")
    # the grid series and the first two loaded series of the set run the default settings, the other two
    # loaded series a raised eager limit and a forced Rabenseifner Reduce
    _assert_default_settings(measure, (("gather_4", "gather", 4), ("allgather_3", "allgather", 3),
                                       ("scan_3", "scan", 3)))
    assert _shared_eager(measure, "sendrecv_eager20k_2") == ("sendrecv", 2, "20480")
    _assert_forced(measure, (("reduce_rabenseifner_2", "reduce", 2, "7"),))


def test_the_nineteenth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("alltoall_twoproc_2", "alltoall", 2, "5"),
                             ("reduce_scatter_butterfly_4", "reduce_scatter", 4, "4"),
                             ("allgatherv_gatherbcast_3", "allgatherv", 3, "1"),
                             ("allreduce_recdbl_4", "allreduce", 4, "3"), ("bcast_knomial_3", "bcast", 3, "7"),
                             ("reduce_binomial_5", "reduce", 5, "5"), ("gather_binomial_4", "gather", 4, "2"),
                             ("scatter_binomial_3", "scatter", 3, "2"), ("scan_recdbl_4", "scan", 4, "2"),
                             ("exscan_linear_3", "exscan", 3, "1"), ("alltoallv_linear_4", "alltoallv", 4, "1"),
                             ("reduce_scatter_block_rechalving_2", "reduce_scatter_block", 2, "3"),
                             ("barrier_linear_3", "barrier", 3, "1")))
    assert _shared_eager(measure, "pingpong_eager7k_2") == ("pingpong", 2, "7168")
    assert _tcp_eager(measure, "alltoall_tcp_eager20k_2") == ("alltoall", 2, "20480")
    # the grid series runs the default settings; the loaded series two-proc, shared-memory and TCP eager limits
    _assert_default_settings(measure, (("alltoall_2", "alltoall", 2),))
    _assert_forced(measure, (("allgather_twoproc_2", "allgather", 2, "6"),))
    assert _shared_eager(measure, "pingpong_eager2k_2") == ("pingpong", 2, "2048")
    assert _shared_eager(measure, "bcast_eager768_2") == ("bcast", 2, "768")
    assert _tcp_eager(measure, "sendrecv_tcp_eager4k_2") == ("sendrecv", 2, "4096")


def test_the_twentieth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allreduce_segring_4", "allreduce", 4, "5"), ("bcast_chain_3", "bcast", 3, "2"),
                             ("reduce_linear_2", "reduce", 2, "1"), ("allgather_recdbl_2", "allgather", 2, "3"),
                             ("alltoall_pairwise_2", "alltoall", 2, "2"), ("gather_linear_2", "gather", 2, "1"),
                             ("scatter_linear_2", "scatter", 2, "1"),
                             ("reduce_scatter_nonoverlap_2", "reduce_scatter", 2, "1"),
                             ("reduce_scatter_block_linear_3", "reduce_scatter_block", 3, "1"),
                             ("scan_linear_2", "scan", 2, "1"), ("exscan_recdbl_2", "exscan", 2, "2"),
                             ("allgatherv_bruck_3", "allgatherv", 3, "2"), ("barrier_recdbl_4", "barrier", 4, "3")))
    assert _shared_eager(measure, "sendrecv_eager28k_2") == ("sendrecv", 2, "28672")
    assert _tcp_eager(measure, "ipingpong_tcp_eager14k_2") == ("ipingpong", 2, "14336")
    # the grid series runs the default settings; the loaded series two-proc, recursive halving, shared-memory
    # and TCP eager limits
    _assert_default_settings(measure, (("scatter_2", "scatter", 2),))
    _assert_forced(measure, (("allgatherv_twoproc_2", "allgatherv", 2, "5"),
                             ("reduce_scatter_block_rechalving_2", "reduce_scatter_block", 2, "3")))
    assert _shared_eager(measure, "pingpong_eager7k_2") == ("pingpong", 2, "7168")
    assert _tcp_eager(measure, "reduce_tcp_eager10k_2") == ("reduce", 2, "10240")


def test_the_twentyfirst_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allreduce_recdbl_2", "allreduce", 2, "3"), ("bcast_binomial_4", "bcast", 4, "6"),
                             ("reduce_binomial_3", "reduce", 3, "5"), ("allgather_bruck_4", "allgather", 4, "2"),
                             ("alltoall_linear_sync_2", "alltoall", 2, "4"), ("gather_binomial_2", "gather", 2, "2"),
                             ("scatter_binomial_2", "scatter", 2, "2"),
                             ("reduce_scatter_block_recdbl_2", "reduce_scatter_block", 2, "2"),
                             ("scan_recdbl_2", "scan", 2, "2"), ("exscan_linear_2", "exscan", 2, "1"),
                             ("barrier_tree_3", "barrier", 3, "6")))
    # the default selection on 4 and 5 ranks, and on 3 ranks with a shared-memory eager limit
    _assert_default_settings(measure, (("reduce_scatter_4", "reduce_scatter", 4), ("alltoallv_5", "alltoallv", 5)))
    assert _shared_eager(measure, "scatterv_eager36k_3") == ("scatterv", 3, "36864")
    assert _tcp_eager(measure, "allgather_tcp_eager28k_2") == ("allgather", 2, "28672")
    # the grid series runs the default settings; the loaded series non-overlapping, binary tree, ring and a
    # shared-memory eager limit
    _assert_default_settings(measure, (("reduce_2", "reduce", 2),))
    _assert_forced(measure, (("allreduce_nonoverlap_2", "allreduce", 2, "2"), ("bcast_binarytree_2", "bcast", 2, "5"),
                             ("reduce_scatter_ring_2", "reduce_scatter", 2, "3")))
    assert _shared_eager(measure, "pingpong_eager11k_2") == ("pingpong", 2, "11264")


def test_the_twentysecond_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allreduce_ring_2", "allreduce", 2, "4"), ("bcast_knomial_2", "bcast", 2, "7"),
                             ("reduce_chain_3", "reduce", 3, "2"), ("allgather_ring_2", "allgather", 2, "4"),
                             ("alltoall_bruck_3", "alltoall", 3, "3"), ("gather_linear_sync_2", "gather", 2, "3"),
                             ("reduce_scatter_block_butterfly_2", "reduce_scatter_block", 2, "4"),
                             ("scan_linear_3", "scan", 3, "1"), ("exscan_recdbl_5", "exscan", 5, "2"),
                             ("reduce_scatter_butterfly_2", "reduce_scatter", 2, "4"),
                             ("barrier_bruck_5", "barrier", 5, "4")))
    # the default selection on 6 ranks, and on 3 ranks with a shared-memory eager limit
    _assert_default_settings(measure, (("scatterv_6", "scatterv", 6), ("alltoallv_6", "alltoallv", 6)))
    assert _shared_eager(measure, "gather_eager44k_3") == ("gather", 3, "45056")
    assert _tcp_eager(measure, "reduce_scatter_tcp_eager40k_2") == ("reduce_scatter", 2, "40960")
    # the grid series runs the default settings; the loaded series segmented ring, linear, pairwise and a
    # shared-memory eager limit
    _assert_default_settings(measure, (("bcast_2", "bcast", 2),))
    _assert_forced(measure, (("allreduce_segring_2", "allreduce", 2, "5"), ("gather_linear_3", "gather", 3, "1"),
                             ("alltoall_pairwise_3", "alltoall", 3, "2")))
    assert _shared_eager(measure, "pingpong_eager13k_2") == ("pingpong", 2, "13312")


def test_the_twentythird_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allreduce_linear_3", "allreduce", 3, "1"), ("bcast_pipeline_2", "bcast", 2, "3"),
                             ("bcast_splitbintree_3", "bcast", 3, "4"), ("reduce_rabenseifner_3", "reduce", 3, "7"),
                             ("reduce_binary_3", "reduce", 3, "4"), ("allgather_bruck_2", "allgather", 2, "2"),
                             ("alltoall_linear_2", "alltoall", 2, "1"), ("scatter_linear_nb_2", "scatter", 2, "3"),
                             ("scatter_binomial_5", "scatter", 5, "2"),
                             ("reduce_scatter_rechalving_3", "reduce_scatter", 3, "2"),
                             ("scan_recdbl_5", "scan", 5, "2"), ("allgatherv_ring_2", "allgatherv", 2, "3"),
                             ("barrier_double_ring_3", "barrier", 3, "2")))
    # the pipeline Bcast is cut into 8 KiB segments, as where it was forced before
    assert measure.SERIES["bcast_pipeline_2"][2][-2:] == ("coll_tuned_bcast_algorithm_segmentsize", "8192")
    # the default selection on 2 ranks with a shared-memory eager limit, and over TCP with a TCP eager limit
    assert _shared_eager(measure, "reduce_eager52k_2") == ("reduce", 2, "53248")
    assert _tcp_eager(measure, "gather_tcp_eager18k_2") == ("gather", 2, "18432")
    # the grid series runs the default settings; the loaded series binomial, basic linear (twice) and a
    # shared-memory eager limit
    _assert_default_settings(measure, (("allgather_2", "allgather", 2),))
    _assert_forced(measure, (("bcast_binomial_2", "bcast", 2, "6"),
                             ("reduce_scatter_block_linear_2", "reduce_scatter_block", 2, "1"),
                             ("allgather_linear_2", "allgather", 2, "1")))
    assert _shared_eager(measure, "sendrecv_eager9k_2") == ("sendrecv", 2, "9216")


def test_the_twentyfourth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allreduce_rabenseifner_3", "allreduce", 3, "6"),
                             ("bcast_scatter_allgather_2", "bcast", 2, "8"), ("bcast_bintree_3", "bcast", 3, "5"),
                             ("reduce_inorder_binary_3", "reduce", 3, "6"), ("reduce_pipeline_2", "reduce", 2, "3"),
                             ("allgather_neighbor_2", "allgather", 2, "5"), ("alltoall_bruck_2", "alltoall", 2, "3"),
                             ("gather_linear_sync_5", "gather", 5, "3"), ("scatter_linear_3", "scatter", 3, "1"),
                             ("reduce_scatter_butterfly_3", "reduce_scatter", 3, "4"),
                             ("reduce_scatter_block_rechalving_3", "reduce_scatter_block", 3, "3"),
                             ("exscan_linear_5", "exscan", 5, "1"), ("barrier_tree_4", "barrier", 4, "6")))
    # the pipeline Reduce is cut into 4 KiB segments, as where it was forced before
    assert measure.SERIES["reduce_pipeline_2"][2][-2:] == ("coll_tuned_reduce_algorithm_segmentsize", "4096")
    # the default selection on 2 ranks with a shared-memory eager limit, and over TCP with a TCP eager limit
    assert _shared_eager(measure, "scan_eager22k_2") == ("scan", 2, "22528")
    assert _tcp_eager(measure, "exscan_tcp_eager56k_2") == ("exscan", 2, "57344")
    # the grid series runs the default settings; the loaded series Rabenseifner, pairwise, basic linear and a
    # shared-memory eager limit with the non-blocking ping-pong
    _assert_default_settings(measure, (("allgatherv_2", "allgatherv", 2),))
    _assert_forced(measure, (("allreduce_rabenseifner_2", "allreduce", 2, "6"),
                             ("alltoallv_pairwise_2", "alltoallv", 2, "2"), ("bcast_linear_2", "bcast", 2, "1")))
    assert _shared_eager(measure, "ipingpong_eager15k_2") == ("ipingpong", 2, "15360")


def test_the_twentyfifth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allreduce_nonoverlap_3", "allreduce", 3, "2"), ("bcast_chain_2", "bcast", 2, "2"),
                             ("bcast_splitbintree_2", "bcast", 2, "4"), ("reduce_binary_2", "reduce", 2, "4"),
                             ("reduce_chain_4", "reduce", 4, "2"), ("allgather_linear_4", "allgather", 4, "1"),
                             ("alltoall_linear_4", "alltoall", 4, "1"), ("gather_linear_5", "gather", 5, "1"),
                             ("scatter_linear_nb_4", "scatter", 4, "3"),
                             ("reduce_scatter_nonoverlap_4", "reduce_scatter", 4, "1"),
                             ("reduce_scatter_block_butterfly_3", "reduce_scatter_block", 3, "4"),
                             ("allgatherv_bruck_2", "allgatherv", 2, "2"), ("barrier_bruck_4", "barrier", 4, "4")))
    # the default selection on 2 ranks with a shared-memory eager limit, and over TCP with a TCP eager limit
    assert _shared_eager(measure, "alltoallv_eager26k_2") == ("alltoallv", 2, "26624")
    assert _tcp_eager(measure, "reduce_scatter_block_tcp_eager44k_2") == ("reduce_scatter_block", 2, "45056")
    # the grid series runs the default settings; the loaded series basic linear, binomial, neighbor exchange and
    # a shared-memory eager limit with the blocking ping-pong
    _assert_default_settings(measure, (("sendrecv_2", "sendrecv", 2),))
    _assert_forced(measure, (("allreduce_linear_2", "allreduce", 2, "1"), ("reduce_binomial_2", "reduce", 2, "5"),
                             ("allgatherv_neighbor_2", "allgatherv", 2, "4")))
    assert _shared_eager(measure, "pingpong_eager18k_2") == ("pingpong", 2, "18432")


def test_the_twentysixth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allreduce_ring_5", "allreduce", 5, "4"), ("bcast_bintree_4", "bcast", 4, "5"),
                             ("bcast_scatter_allgather_3", "bcast", 3, "8"), ("reduce_linear_4", "reduce", 4, "1"),
                             ("reduce_inorder_binary_2", "reduce", 2, "6"), ("allgather_bruck_5", "allgather", 5, "2"),
                             ("allgatherv_ring_4", "allgatherv", 4, "3"), ("alltoall_pairwise_4", "alltoall", 4, "2"),
                             ("scatter_linear_5", "scatter", 5, "1"),
                             ("reduce_scatter_rechalving_2", "reduce_scatter", 2, "2"),
                             ("reduce_scatter_block_recdbl_4", "reduce_scatter_block", 4, "2"),
                             ("scan_linear_5", "scan", 5, "1"), ("barrier_linear_4", "barrier", 4, "1")))
    # the default selection on 2 ranks with a shared-memory eager limit, and over TCP with a TCP eager limit
    assert _shared_eager(measure, "exscan_eager30k_2") == ("exscan", 2, "30720")
    assert _tcp_eager(measure, "scan_tcp_eager36k_2") == ("scan", 2, "36864")
    # the grid series runs the default settings; the loaded series chain, basic linear, scatter-allgather ring and
    # a shared-memory eager limit with the non-blocking ping-pong
    _assert_default_settings(measure, (("ipingpong_2", "ipingpong", 2),))
    _assert_forced(measure, (("reduce_chain_2", "reduce", 2, "2"), ("alltoallv_linear_2", "alltoallv", 2, "1"),
                             ("bcast_sagring_2", "bcast", 2, "9")))
    assert _shared_eager(measure, "ipingpong_eager38k_2") == ("ipingpong", 2, "38912")

def test_the_twentyseventh_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allreduce_recdbl_5", "allreduce", 5, "3"), ("bcast_knomial_5", "bcast", 5, "7"),
                             ("bcast_linear_4", "bcast", 4, "1"), ("reduce_rabenseifner_4", "reduce", 4, "7"),
                             ("reduce_binary_4", "reduce", 4, "4"), ("allgather_linear_5", "allgather", 5, "1"),
                             ("allgatherv_bruck_5", "allgatherv", 5, "2"), ("alltoall_bruck_5", "alltoall", 5, "3"),
                             ("alltoallv_pairwise_5", "alltoallv", 5, "2"),
                             ("scatter_linear_nb_5", "scatter", 5, "3"),
                             ("reduce_scatter_ring_5", "reduce_scatter", 5, "3"),
                             ("reduce_scatter_block_linear_4", "reduce_scatter_block", 4, "1"),
                             ("barrier_recdbl_3", "barrier", 3, "3")))
    # the default selection on 2 ranks with a shared-memory eager limit, and over TCP with a TCP eager limit
    assert _shared_eager(measure, "allgatherv_eager34k_2") == ("allgatherv", 2, "34816")
    assert _tcp_eager(measure, "alltoallv_tcp_eager60k_2") == ("alltoallv", 2, "61440")
    # the grid series runs the default settings; the loaded series gatherv-bcast Allgatherv, shared-memory eager
    # limits with Sendrecv and Reduce_scatter_block, and a TCP eager limit with the ping-pong
    _assert_default_settings(measure, (("reduce_scatter_2", "reduce_scatter", 2),))
    _assert_forced(measure, (("allgatherv_gatherv_bcast_2", "allgatherv", 2, "1"),))
    assert _shared_eager(measure, "sendrecv_eager42k_2") == ("sendrecv", 2, "43008")
    assert _shared_eager(measure, "reduce_scatter_block_eager46k_2") == ("reduce_scatter_block", 2, "47104")
    assert _tcp_eager(measure, "pingpong_tcp_eager52k_2") == ("pingpong", 2, "53248")


def test_the_twentyeighth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allreduce_linear_5", "allreduce", 5, "1"), ("allreduce_segring_5", "allreduce", 5, "5"),
                             ("bcast_chain_5", "bcast", 5, "2"), ("bcast_binomial_5", "bcast", 5, "6"),
                             ("reduce_inorder_binary_5", "reduce", 5, "6"), ("allgather_ring_5", "allgather", 5, "4"),
                             ("allgatherv_ring_5", "allgatherv", 5, "3"),
                             ("allgatherv_gatherv_bcast_4", "allgatherv", 4, "1"),
                             ("alltoall_linear_sync_5", "alltoall", 5, "4"),
                             ("alltoallv_linear_5", "alltoallv", 5, "1"),
                             ("reduce_scatter_nonoverlap_5", "reduce_scatter", 5, "1"),
                             ("reduce_scatter_block_butterfly_5", "reduce_scatter_block", 5, "4"),
                             ("barrier_double_ring_5", "barrier", 5, "2")))
    # the default selection on 2 ranks with a shared-memory eager limit, and over TCP with a TCP eager limit
    assert _shared_eager(measure, "reduce_scatter_eager50k_2") == ("reduce_scatter", 2, "51200")
    assert _tcp_eager(measure, "allgatherv_tcp_eager38k_2") == ("allgatherv", 2, "38912")
    # the grid series runs the default settings; the loaded series shared-memory eager limits with Gather and
    # Scatterv, and TCP eager limits with Reduce and Exscan
    _assert_default_settings(measure, (("scan_2", "scan", 2),))
    assert _shared_eager(measure, "gather_eager54k_2") == ("gather", 2, "55296")
    assert _shared_eager(measure, "scatterv_eager58k_2") == ("scatterv", 2, "59392")
    assert _tcp_eager(measure, "reduce_tcp_eager46k_2") == ("reduce", 2, "47104")
    assert _tcp_eager(measure, "exscan_tcp_eager42k_2") == ("exscan", 2, "43008")


def test_the_twentyninth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allreduce_nonoverlap_5", "allreduce", 5, "2"),
                             ("allreduce_rabenseifner_5", "allreduce", 5, "6"),
                             ("alltoall_linear_5", "alltoall", 5, "1"), ("bcast_linear_5", "bcast", 5, "1"),
                             ("bcast_splitbintree_5", "bcast", 5, "4"), ("bcast_scatter_allgather_5", "bcast", 5, "8"),
                             ("reduce_linear_5", "reduce", 5, "1"), ("reduce_rabenseifner_5", "reduce", 5, "7"),
                             ("reduce_scatter_rechalving_5", "reduce_scatter", 5, "2"),
                             ("reduce_scatter_butterfly_5", "reduce_scatter", 5, "4"),
                             ("reduce_scatter_block_recdbl_5", "reduce_scatter_block", 5, "2"),
                             ("allgatherv_gatherv_bcast_5", "allgatherv", 5, "1"),
                             ("barrier_tree_5", "barrier", 5, "6")))
    # the non-blocking Allreduce on 2 ranks with a shared-memory eager limit, and the 3-rank ring over TCP with a
    # TCP eager limit
    assert _shared_eager(measure, "iallreduce_eager56k_2") == ("iallreduce", 2, "57344")
    assert _tcp_eager(measure, "sendrecv_ring_tcp_eager50k_3") == ("sendrecv_ring", 3, "51200")
    # the grid series runs the default settings; the loaded series shared-memory eager limits with Alltoallv and
    # Scan, and TCP eager limits with Scatter and Allgather
    _assert_default_settings(measure, (("gather_2", "gather", 2),))
    assert _shared_eager(measure, "alltoallv_eager60k_2") == ("alltoallv", 2, "61440")
    assert _shared_eager(measure, "scan_eager62k_2") == ("scan", 2, "63488")
    assert _tcp_eager(measure, "scatter_tcp_eager54k_2") == ("scatter", 2, "55296")
    assert _tcp_eager(measure, "allgather_tcp_eager34k_2") == ("allgather", 2, "34816")


def test_the_thirtieth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("bcast_sagring_5", "bcast", 5, "9"), ("bcast_sagring_4", "bcast", 4, "9"),
                             ("bcast_pipeline_5", "bcast", 5, "3"), ("reduce_binary_5", "reduce", 5, "4"),
                             ("reduce_pipeline_5", "reduce", 5, "3"), ("reduce_pipeline_4", "reduce", 4, "3"),
                             ("reduce_scatter_block_rechalving_5", "reduce_scatter_block", 5, "3"),
                             ("barrier_twoproc_2", "barrier", 2, "5")))
    # the pipelines cut the message into 8 KiB (Bcast) and 4 KiB (Reduce) segments
    assert _forced(measure, "bcast_pipeline_5", "coll_tuned_bcast_algorithm_segmentsize") == "8192"
    assert _forced(measure, "reduce_pipeline_5", "coll_tuned_reduce_algorithm_segmentsize") == "4096"
    assert _forced(measure, "reduce_pipeline_4", "coll_tuned_reduce_algorithm_segmentsize") == "4096"
    # shared-memory eager limits with the 3-rank ring, Allgatherv on 3 and Scatterv on 4 ranks; TCP eager limits with
    # Reduce on 3 ranks and the non-blocking Allreduce; Bcast and Allreduce on 3 ranks over TCP with its defaults
    assert _shared_eager(measure, "sendrecv_ring_eager43k_3") == ("sendrecv_ring", 3, "44032")
    assert _shared_eager(measure, "allgatherv_eager35k_3") == ("allgatherv", 3, "35840")
    assert _shared_eager(measure, "scatterv_eager27k_4") == ("scatterv", 4, "27648")
    assert _tcp_eager(measure, "reduce_tcp_eager26k_3") == ("reduce", 3, "26624")
    assert _tcp_eager(measure, "iallreduce_tcp_eager30k_2") == ("iallreduce", 2, "30720")
    _assert_default_over_tcp(measure, (("bcast_tcp_3", "bcast", 3), ("allreduce_tcp_3", "allreduce", 3)))
    # the grid series runs the default settings; the loaded series shared-memory eager limits with Allreduce and
    # Bcast, and TCP eager limits with Gather and Alltoall
    _assert_default_settings(measure, (("scatterv_2", "scatterv", 2),))
    assert _shared_eager(measure, "allreduce_eager61k_2") == ("allreduce", 2, "62464")
    assert _shared_eager(measure, "bcast_eager39k_2") == ("bcast", 2, "39936")
    assert _tcp_eager(measure, "gather_tcp_eager62k_2") == ("gather", 2, "63488")
    assert _tcp_eager(measure, "alltoall_tcp_eager58k_2") == ("alltoall", 2, "59392")


def test_the_thirtyfirst_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("bcast_pipeline_4", "bcast", 4, "3"), ("allreduce_ring_tcp_3", "allreduce", 3, "4"),
                             ("bcast_binomial_tcp_4", "bcast", 4, "6"),
                             ("alltoall_pairwise_eager45k_4", "alltoall", 4, "2"),
                             ("scatter_binomial_eager21k_3", "scatter", 3, "2"), ("barrier_linear_5", "barrier", 5, "1")))
    assert _forced(measure, "bcast_pipeline_4", "coll_tuned_bcast_algorithm_segmentsize") == "8192"
    # forced algorithms over TCP and with a raised shared-memory eager limit: both settings reach mpirun
    _assert_forced_over_tcp(measure, ("allreduce_ring_tcp_3", "bcast_binomial_tcp_4"))
    assert measure.SERIES["alltoall_pairwise_eager45k_4"][2][-3:] == ("--mca", "btl_vader_eager_limit", "46080")
    assert measure.SERIES["scatter_binomial_eager21k_3"][2][-3:] == ("--mca", "btl_vader_eager_limit", "21504")
    # the default selection on 6 ranks, over TCP on 3 and 4 ranks, and with eager limits on 3, 4 and 5 ranks (shared
    # memory) or 3 and 2 ranks (TCP); the grid series runs the default settings
    _assert_default_settings(measure, (("scatter_6", "scatter", 6), ("reduce_scatter_6", "reduce_scatter", 6),
                                       ("iallreduce_2", "iallreduce", 2)))
    _assert_default_over_tcp(measure, (("allgather_tcp_3", "allgather", 3), ("scatter_tcp_4", "scatter", 4)))
    assert _shared_eager(measure, "exscan_eager25k_3") == ("exscan", 3, "25600")
    assert _shared_eager(measure, "reduce_scatter_eager33k_4") == ("reduce_scatter", 4, "33792")
    assert _shared_eager(measure, "gather_eager49k_5") == ("gather", 5, "50176")
    assert _tcp_eager(measure, "allgatherv_tcp_eager22k_3") == ("allgatherv", 3, "22528")
    assert _tcp_eager(measure, "alltoallv_tcp_eager41k_2") == ("alltoallv", 2, "41984")
    # the loaded series: shared-memory eager limits with Reduce and Reduce_scatter_block, TCP ones with Scan and Exscan
    assert _shared_eager(measure, "reduce_eager57k_2") == ("reduce", 2, "58368")
    assert _shared_eager(measure, "reduce_scatter_block_eager53k_2") == ("reduce_scatter_block", 2, "54272")
    assert _tcp_eager(measure, "scan_tcp_eager37k_2") == ("scan", 2, "37888")
    assert _tcp_eager(measure, "exscan_tcp_eager45k_2") == ("exscan", 2, "46080")


def test_the_thirtysecond_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allgather_bruck_tcp_3", "allgather", 3, "2"),
                             ("allreduce_recdoubling_tcp_4", "allreduce", 4, "3"),
                             ("reduce_binomial_eager23k_3", "reduce", 3, "5")))
    # forced algorithms over TCP and with a raised shared-memory eager limit: both settings reach mpirun
    _assert_forced_over_tcp(measure, ("allgather_bruck_tcp_3", "allreduce_recdoubling_tcp_4"))
    assert measure.SERIES["reduce_binomial_eager23k_3"][2][-3:] == ("--mca", "btl_vader_eager_limit", "23552")
    # the default selection over TCP on 4, 3 and 2 ranks (the Barrier is the no-change series), with shared-memory
    # eager limits on 4 and 5 ranks or TCP ones on 3; the grid series runs the default settings
    _assert_default_over_tcp(measure, (("alltoall_tcp_4", "alltoall", 4),
                                       ("reduce_scatter_block_tcp_3", "reduce_scatter_block", 3),
                                       ("iallreduce_tcp_3", "iallreduce", 3), ("alltoallv_tcp_3", "alltoallv", 3),
                                       ("scatterv_tcp_2", "scatterv", 2), ("barrier_tcp_3", "barrier", 3)))
    _assert_default_settings(measure, (("exscan_2", "exscan", 2),))
    assert _shared_eager(measure, "exscan_eager29k_4") == ("exscan", 4, "29696")
    assert _shared_eager(measure, "allgatherv_eager47k_4") == ("allgatherv", 4, "48128")
    assert _shared_eager(measure, "scatterv_eager17k_5") == ("scatterv", 5, "17408")
    assert _shared_eager(measure, "sendrecv_ring_eager55k_4") == ("sendrecv_ring", 4, "56320")
    assert _tcp_eager(measure, "gather_tcp_eager19k_3") == ("gather", 3, "19456")
    assert _tcp_eager(measure, "bcast_tcp_eager33k_3") == ("bcast", 3, "33792")
    # the loaded series: shared-memory eager limits with Allgather and Alltoall, TCP ones with Sendrecv and Ipingpong
    assert _shared_eager(measure, "allgather_eager31k_2") == ("allgather", 2, "31744")
    assert _shared_eager(measure, "alltoall_eager41k_2") == ("alltoall", 2, "41984")
    assert _tcp_eager(measure, "sendrecv_tcp_eager25k_2") == ("sendrecv", 2, "25600")
    assert _tcp_eager(measure, "ipingpong_tcp_eager49k_2") == ("ipingpong", 2, "50176")


def test_the_thirtythird_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("scatter_binomial_tcp_3", "scatter", 3, "2"),
                             ("gather_binomial_tcp_3", "gather", 3, "2")))
    # forced algorithms over TCP: both settings reach mpirun
    _assert_forced_over_tcp(measure, ("scatter_binomial_tcp_3", "gather_binomial_tcp_3"))
    # the default selection over TCP on 3, 4 and 2 ranks (the Barrier is the no-change series), with shared-memory
    # eager limits on 3 and 4 ranks or TCP ones on 3 and 4; the grid series runs the default settings
    _assert_default_over_tcp(measure, (("reduce_scatter_tcp_3", "reduce_scatter", 3), ("scan_tcp_4", "scan", 4),
                                       ("exscan_tcp_3", "exscan", 3), ("allgatherv_tcp_3", "allgatherv", 3),
                                       ("sendrecv_ring_tcp_3", "sendrecv_ring", 3), ("barrier_tcp_2", "barrier", 2)))
    _assert_default_settings(measure, (("alltoall_2", "alltoall", 2),))
    assert _shared_eager(measure, "iallreduce_eager37k_3") == ("iallreduce", 3, "37888")
    assert _shared_eager(measure, "scan_eager19k_3") == ("scan", 3, "19456")
    assert _shared_eager(measure, "reduce_scatter_block_eager51k_3") == ("reduce_scatter_block", 3, "52224")
    assert _shared_eager(measure, "alltoallv_eager59k_4") == ("alltoallv", 4, "60416")
    assert _tcp_eager(measure, "reduce_tcp_eager21k_4") == ("reduce", 4, "21504")
    assert _tcp_eager(measure, "allreduce_tcp_eager43k_3") == ("allreduce", 3, "44032")
    assert _tcp_eager(measure, "alltoall_tcp_eager27k_3") == ("alltoall", 3, "27648")
    # the loaded series: a shared-memory eager limit with Bcast, TCP ones with Pingpong, Scan and Allgatherv
    assert _shared_eager(measure, "bcast_eager63k_2") == ("bcast", 2, "64512")
    assert _tcp_eager(measure, "pingpong_tcp_eager29k_2") == ("pingpong", 2, "29696")
    assert _tcp_eager(measure, "scan_tcp_eager35k_2") == ("scan", 2, "35840")
    assert _tcp_eager(measure, "allgatherv_tcp_eager17k_2") == ("allgatherv", 2, "17408")


def test_the_thirtyfourth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("reduce_binomial_tcp_3", "reduce", 3, "5"),
                             ("alltoall_pairwise_tcp_3", "alltoall", 3, "2")))
    # forced algorithms over TCP: both settings reach mpirun
    _assert_forced_over_tcp(measure, ("reduce_binomial_tcp_3", "alltoall_pairwise_tcp_3"))
    # the default selection over TCP on 3, 4 and 2 ranks (the 4-rank Barrier is the no-change series), with
    # half-KiB shared-memory eager limits on 3 and 4 ranks or TCP ones on 3 and 4; the grid series runs the
    # default settings
    _assert_default_over_tcp(measure, (("reduce_tcp_3", "reduce", 3), ("allgather_tcp_4", "allgather", 4),
                                       ("scatter_tcp_3", "scatter", 3), ("alltoallv_tcp_2", "alltoallv", 2),
                                       ("scatterv_tcp_3", "scatterv", 3), ("barrier_tcp_4", "barrier", 4)))
    _assert_default_settings(measure, (("alltoallv_2", "alltoallv", 2),))
    assert _shared_eager(measure, "reduce_scatter_eager23k5_3") == ("reduce_scatter", 3, "24064")
    assert _shared_eager(measure, "scan_eager40k5_4") == ("scan", 4, "41472")
    assert _shared_eager(measure, "gather_eager12k5_4") == ("gather", 4, "12800")
    assert _shared_eager(measure, "alltoall_eager56k5_4") == ("alltoall", 4, "57856")
    assert _tcp_eager(measure, "scan_tcp_eager23k_3") == ("scan", 3, "23552")
    assert _tcp_eager(measure, "reduce_scatter_block_tcp_eager47k_3") == ("reduce_scatter_block", 3, "48128")
    assert _tcp_eager(measure, "bcast_tcp_eager53k_4") == ("bcast", 4, "54272")
    # the loaded series: a shared-memory eager limit with Scatter, TCP defaults with Ipingpong and Exscan, a TCP
    # eager limit with Sendrecv
    assert _shared_eager(measure, "scatter_eager31k5_2") == ("scatter", 2, "32256")
    _assert_default_over_tcp(measure, (("ipingpong_tcp_2", "ipingpong", 2), ("exscan_tcp_2", "exscan", 2)))
    assert _tcp_eager(measure, "sendrecv_tcp_eager61k_2") == ("sendrecv", 2, "62464")


def test_the_thirtyfifth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allgather_ring_tcp_3", "allgather", 3, "4"),
                             ("reduce_scatter_ring_tcp_3", "reduce_scatter", 3, "3"),
                             ("barrier_bruck_tcp_3", "barrier", 3, "4")))
    # forced algorithms over TCP (the 3-rank Bruck Barrier is the no-change series): both settings reach mpirun
    _assert_forced_over_tcp(measure, ("allgather_ring_tcp_3", "reduce_scatter_ring_tcp_3", "barrier_bruck_tcp_3"))
    # the default selection over TCP on 2 and 4 ranks, with half-KiB shared-memory eager limits on 3 and 4 ranks or
    # TCP ones on 3 and 4; the grid series runs the default settings
    _assert_default_over_tcp(measure, (("gather_tcp_2", "gather", 2), ("reduce_scatter_tcp_2", "reduce_scatter", 2),
                                       ("exscan_tcp_4", "exscan", 4), ("scatterv_tcp_4", "scatterv", 4),
                                       ("sendrecv_ring_tcp_4", "sendrecv_ring", 4)))
    _assert_default_settings(measure, (("reduce_scatter_block_2", "reduce_scatter_block", 2),))
    assert _shared_eager(measure, "allgather_eager20k5_4") == ("allgather", 4, "20992")
    assert _shared_eager(measure, "alltoallv_eager45k5_3") == ("alltoallv", 3, "46592")
    assert _shared_eager(measure, "reduce_scatter_block_eager9k5_4") == ("reduce_scatter_block", 4, "9728")
    assert _shared_eager(measure, "scatter_eager52k5_4") == ("scatter", 4, "53760")
    assert _tcp_eager(measure, "allgather_tcp_eager31k_3") == ("allgather", 3, "31744")
    assert _tcp_eager(measure, "allreduce_tcp_eager51k_4") == ("allreduce", 4, "52224")
    assert _tcp_eager(measure, "gather_tcp_eager59k_4") == ("gather", 4, "60416")
    # the loaded series: a shared-memory eager limit with Gather, TCP defaults with Reduce_scatter_block and
    # Iallreduce, a TCP eager limit with Allgatherv
    assert _shared_eager(measure, "gather_eager27k5_2") == ("gather", 2, "28160")
    _assert_default_over_tcp(measure, (("reduce_scatter_block_tcp_2", "reduce_scatter_block", 2),
                                       ("iallreduce_tcp_2", "iallreduce", 2)))
    assert _tcp_eager(measure, "allgatherv_tcp_eager39k_2") == ("allgatherv", 2, "39936")


def test_the_thirtysixth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allreduce_recursive_doubling_tcp_3", "allreduce", 3, "3"),
                             ("alltoall_bruck_tcp_3", "alltoall", 3, "3"),
                             ("barrier_recursive_doubling_tcp_4", "barrier", 4, "3")))
    # forced algorithms over TCP (the 4-rank recursive-doubling Barrier is the no-change series): both settings
    # reach mpirun
    _assert_forced_over_tcp(measure, ("allreduce_recursive_doubling_tcp_3", "alltoall_bruck_tcp_3",
                                      "barrier_recursive_doubling_tcp_4"))
    # the default selection over TCP on 4 ranks, with half-KiB shared-memory eager limits on 3 and 4 ranks or TCP
    # ones on 3 and 4; the grid series runs the default settings
    _assert_default_over_tcp(measure, (("allreduce_tcp_4", "allreduce", 4), ("allgatherv_tcp_4", "allgatherv", 4),
                                       ("alltoallv_tcp_4", "alltoallv", 4),
                                       ("reduce_scatter_block_tcp_4", "reduce_scatter_block", 4),
                                       ("bcast_tcp_4", "bcast", 4)))
    _assert_default_settings(measure, (("reduce_scatter_2", "reduce_scatter", 2),))
    assert _shared_eager(measure, "reduce_eager17k5_4") == ("reduce", 4, "17920")
    assert _shared_eager(measure, "iallreduce_eager42k5_4") == ("iallreduce", 4, "43520")
    assert _shared_eager(measure, "scan_eager11k5_3") == ("scan", 3, "11776")
    assert _shared_eager(measure, "allgather_eager35k5_3") == ("allgather", 3, "36352")
    assert _tcp_eager(measure, "alltoall_tcp_eager55k_4") == ("alltoall", 4, "56320")
    assert _tcp_eager(measure, "exscan_tcp_eager57k_3") == ("exscan", 3, "58368")
    assert _tcp_eager(measure, "scatterv_tcp_eager63k_3") == ("scatterv", 3, "64512")
    # the loaded series: TCP defaults with Scan, shared-memory eager limits with Alltoallv, Allreduce and Scatterv
    _assert_default_over_tcp(measure, (("scan_tcp_2", "scan", 2),))
    assert _shared_eager(measure, "alltoallv_eager24k5_2") == ("alltoallv", 2, "25088")
    assert _shared_eager(measure, "allreduce_eager33k5_2") == ("allreduce", 2, "34304")
    assert _shared_eager(measure, "scatterv_eager13k5_2") == ("scatterv", 2, "13824")


def test_the_thirtyseventh_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allgatherv_ring_tcp_3", "allgatherv", 3, "3"), ("bcast_knomial_tcp_3", "bcast", 3, "7"),
                             ("gather_binomial_tcp_4", "gather", 4, "2"), ("allreduce_ring_tcp_4", "allreduce", 4, "4"),
                             ("barrier_double_ring_tcp_3", "barrier", 3, "2")))
    # forced algorithms over TCP (the 3-rank double-ring Barrier is the no-change series): both settings reach mpirun
    _assert_forced_over_tcp(measure, ("allgatherv_ring_tcp_3", "bcast_knomial_tcp_3", "gather_binomial_tcp_4",
                                      "allreduce_ring_tcp_4", "barrier_double_ring_tcp_3"))
    # the default selection over TCP on 4 ranks, with half-KiB shared-memory eager limits on 3 and 4 ranks or TCP
    # ones below 16 KiB on 4; the grid series (a 3-rank Sendrecv ring) runs the default settings
    _assert_default_over_tcp(measure, (("iallreduce_tcp_4", "iallreduce", 4), ("reduce_tcp_4", "reduce", 4),
                                       ("reduce_scatter_tcp_4", "reduce_scatter", 4)))
    _assert_default_settings(measure, (("sendrecv_ring_3", "sendrecv_ring", 3),))
    assert _shared_eager(measure, "gather_eager14k5_3") == ("gather", 3, "14848")
    assert _shared_eager(measure, "allgatherv_eager29k5_4") == ("allgatherv", 4, "30208")
    assert _shared_eager(measure, "reduce_scatter_block_eager38k5_3") == ("reduce_scatter_block", 3, "39424")
    assert _shared_eager(measure, "exscan_eager49k5_4") == ("exscan", 4, "50688")
    assert _tcp_eager(measure, "allgather_tcp_eager15k_4") == ("allgather", 4, "15360")
    assert _tcp_eager(measure, "scatterv_tcp_eager11k_4") == ("scatterv", 4, "11264")
    assert _tcp_eager(measure, "scan_tcp_eager13k_4") == ("scan", 4, "13312")
    # the loaded series: TCP defaults with Scatter, shared-memory eager limits with Gather, Exscan and Alltoall
    _assert_default_over_tcp(measure, (("scatter_tcp_2", "scatter", 2),))
    assert _shared_eager(measure, "gather_eager19k5_2") == ("gather", 2, "19968")
    assert _shared_eager(measure, "exscan_eager10k5_2") == ("exscan", 2, "10752")
    assert _shared_eager(measure, "alltoall_eager60k5_2") == ("alltoall", 2, "61952")


def test_the_thirtyeighth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("alltoall_pairwise_tcp_4", "alltoall", 4, "2"),
                             ("allreduce_rabenseifner_tcp_4", "allreduce", 4, "6"),
                             ("reduce_scatter_block_rechalving_tcp_4", "reduce_scatter_block", 4, "3"),
                             ("bcast_scatter_allgather_tcp_3", "bcast", 3, "8"),
                             ("barrier_tree_tcp_4", "barrier", 4, "6")))
    # forced algorithms over TCP (the 4-rank tree Barrier is the no-change series): both settings reach mpirun
    _assert_forced_over_tcp(measure, ("alltoall_pairwise_tcp_4", "allreduce_rabenseifner_tcp_4",
                                      "reduce_scatter_block_rechalving_tcp_4", "bcast_scatter_allgather_tcp_3",
                                      "barrier_tree_tcp_4"))
    # the default selection over TCP on 5 ranks, with half-KiB shared-memory eager limits on 3 and 4 ranks or TCP
    # ones of 5-9 KiB on 3 and 4; the grid series (a 3-rank Reduce) runs the default settings
    _assert_default_over_tcp(measure, (("allreduce_tcp_5", "allreduce", 5), ("bcast_tcp_5", "bcast", 5),
                                       ("gather_tcp_5", "gather", 5)))
    _assert_default_settings(measure, (("reduce_3", "reduce", 3),))
    assert _shared_eager(measure, "scatter_eager15k5_4") == ("scatter", 4, "15872")
    assert _shared_eager(measure, "alltoallv_eager21k5_3") == ("alltoallv", 3, "22016")
    assert _shared_eager(measure, "bcast_eager36k5_4") == ("bcast", 4, "37376")
    assert _shared_eager(measure, "allreduce_eager54k5_3") == ("allreduce", 3, "55808")
    assert _tcp_eager(measure, "exscan_tcp_eager9k_4") == ("exscan", 4, "9216")
    assert _tcp_eager(measure, "alltoallv_tcp_eager7k_3") == ("alltoallv", 3, "7168")
    assert _tcp_eager(measure, "scan_tcp_eager5k_3") == ("scan", 3, "5120")
    # the loaded series: TCP defaults with Allgatherv, shared-memory eager limits with Reduce, Bcast and Sendrecv
    _assert_default_over_tcp(measure, (("allgatherv_tcp_2", "allgatherv", 2),))
    assert _shared_eager(measure, "reduce_eager25k5_2") == ("reduce", 2, "26112")
    assert _shared_eager(measure, "bcast_eager8k5_2") == ("bcast", 2, "8704")
    assert _shared_eager(measure, "sendrecv_eager46k5_2") == ("sendrecv", 2, "47616")


def test_the_thirtyninth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allgather_bruck_tcp_4", "allgather", 4, "2"),
                             ("alltoall_bruck_tcp_4", "alltoall", 4, "3"),
                             ("bcast_knomial_tcp_4", "bcast", 4, "7"),
                             ("reduce_binomial_tcp_4", "reduce", 4, "5"),
                             ("barrier_bruck_tcp_4", "barrier", 4, "4")))
    # forced algorithms over TCP (the 4-rank Bruck Barrier is the no-change series): both settings reach mpirun
    _assert_forced_over_tcp(measure, ("allgather_bruck_tcp_4", "alltoall_bruck_tcp_4", "bcast_knomial_tcp_4",
                                      "reduce_binomial_tcp_4", "barrier_bruck_tcp_4"))
    # the default selection over TCP on 5 ranks, with half-KiB shared-memory eager limits on 3 and 4 ranks or
    # half-KiB TCP ones of 4.5-8.5 KiB on 3 and 4; the grid series (a 3-rank Gather) runs the default settings
    _assert_default_over_tcp(measure, (("allgather_tcp_5", "allgather", 5), ("reduce_tcp_5", "reduce", 5),
                                       ("alltoall_tcp_5", "alltoall", 5)))
    _assert_default_settings(measure, (("gather_3", "gather", 3),))
    assert _shared_eager(measure, "scatterv_eager16k5_4") == ("scatterv", 4, "16896")
    assert _shared_eager(measure, "reduce_scatter_eager28k5_3") == ("reduce_scatter", 3, "29184")
    assert _shared_eager(measure, "gather_eager39k5_4") == ("gather", 4, "40448")
    assert _shared_eager(measure, "scan_eager57k5_3") == ("scan", 3, "58880")
    assert _tcp_eager(measure, "allreduce_tcp_eager6k5_3") == ("allreduce", 3, "6656")
    assert _tcp_eager(measure, "bcast_tcp_eager4k5_4") == ("bcast", 4, "4608")
    assert _tcp_eager(measure, "allgather_tcp_eager8k5_3") == ("allgather", 3, "8704")
    # the loaded series: a half-KiB TCP eager limit with Gather, shared-memory ones with Allreduce, Alltoallv and Scan
    assert _tcp_eager(measure, "gather_tcp_eager10k5_2") == ("gather", 2, "10752")
    assert _shared_eager(measure, "allreduce_eager30k5_2") == ("allreduce", 2, "31232")
    assert _shared_eager(measure, "alltoallv_eager44k5_2") == ("alltoallv", 2, "45568")
    assert _shared_eager(measure, "scan_eager61k5_2") == ("scan", 2, "62976")


def test_the_fortieth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allgather_ring_tcp_4", "allgather", 4, "4"),
                             ("allgatherv_ring_tcp_4", "allgatherv", 4, "3"),
                             ("reduce_scatter_ring_tcp_4", "reduce_scatter", 4, "3"),
                             ("scatter_binomial_tcp_4", "scatter", 4, "2"),
                             ("barrier_double_ring_tcp_4", "barrier", 4, "2")))
    # forced algorithms over TCP (the 4-rank double-ring Barrier is the no-change series): both settings reach mpirun
    _assert_forced_over_tcp(measure, ("allgather_ring_tcp_4", "allgatherv_ring_tcp_4", "reduce_scatter_ring_tcp_4",
                                      "scatter_binomial_tcp_4", "barrier_double_ring_tcp_4"))
    # the default selection over TCP on 5 ranks, with half-KiB shared-memory eager limits on 3 and 4 ranks or
    # half-KiB TCP ones of 5.5-9.5 KiB on 3 and 4; the grid series (a 3-rank Alltoall) runs the default settings
    _assert_default_over_tcp(measure, (("scan_tcp_5", "scan", 5), ("scatter_tcp_5", "scatter", 5),
                                       ("alltoallv_tcp_5", "alltoallv", 5)))
    _assert_default_settings(measure, (("alltoall_3", "alltoall", 3),))
    assert _shared_eager(measure, "reduce_eager18k5_4") == ("reduce", 4, "18944")
    assert _shared_eager(measure, "allgatherv_eager26k5_3") == ("allgatherv", 3, "27136")
    assert _shared_eager(measure, "exscan_eager41k5_4") == ("exscan", 4, "42496")
    assert _shared_eager(measure, "bcast_eager59k5_3") == ("bcast", 3, "60928")
    assert _tcp_eager(measure, "scatter_tcp_eager5k5_4") == ("scatter", 4, "5632")
    assert _tcp_eager(measure, "reduce_tcp_eager7k5_3") == ("reduce", 3, "7680")
    assert _tcp_eager(measure, "alltoall_tcp_eager9k5_4") == ("alltoall", 4, "9728")
    # the loaded series: a half-KiB TCP eager limit with Allgatherv, shared-memory ones with Reduce, Gather, Scatterv
    assert _tcp_eager(measure, "allgatherv_tcp_eager11k5_2") == ("allgatherv", 2, "11776")
    assert _shared_eager(measure, "reduce_eager34k5_2") == ("reduce", 2, "35328")
    assert _shared_eager(measure, "gather_eager50k5_2") == ("gather", 2, "51712")
    assert _shared_eager(measure, "scatterv_eager22k5_2") == ("scatterv", 2, "23040")


def test_the_fortyfirst_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("bcast_scatter_allgather_tcp_4", "bcast", 4, "8"),
                             ("alltoallv_pairwise_tcp_4", "alltoallv", 4, "2"),
                             ("exscan_recdbl_tcp_4", "exscan", 4, "2"),
                             ("gather_linear_sync_tcp_4", "gather", 4, "3"),
                             ("barrier_linear_tcp_4", "barrier", 4, "1")))
    # forced algorithms over TCP (the 4-rank linear Barrier is the no-change series): both settings reach mpirun
    _assert_forced_over_tcp(measure, ("bcast_scatter_allgather_tcp_4", "alltoallv_pairwise_tcp_4",
                                      "exscan_recdbl_tcp_4", "gather_linear_sync_tcp_4", "barrier_linear_tcp_4"))
    # the default selection over TCP on 5 ranks, with half-KiB shared-memory eager limits on 3 and 4 ranks or
    # half-KiB TCP ones of 12.5-14.5 KiB on 3 and 4; the grid series (a 3-rank Allgatherv) runs the default settings
    _assert_default_over_tcp(measure, (("exscan_tcp_5", "exscan", 5), ("scatterv_tcp_5", "scatterv", 5),
                                       ("reduce_scatter_block_tcp_5", "reduce_scatter_block", 5)))
    _assert_default_settings(measure, (("allgatherv_3", "allgatherv", 3),))
    assert _shared_eager(measure, "allreduce_eager32k5_4") == ("allreduce", 4, "33280")
    assert _shared_eager(measure, "gather_eager43k5_3") == ("gather", 3, "44544")
    assert _shared_eager(measure, "alltoallv_eager53k5_4") == ("alltoallv", 4, "54784")
    assert _shared_eager(measure, "scatterv_eager47k5_3") == ("scatterv", 3, "48640")
    assert _tcp_eager(measure, "bcast_tcp_eager12k5_4") == ("bcast", 4, "12800")
    assert _tcp_eager(measure, "gather_tcp_eager13k5_3") == ("gather", 3, "13824")
    assert _tcp_eager(measure, "allreduce_tcp_eager14k5_4") == ("allreduce", 4, "14848")
    # the loaded series: a half-KiB TCP eager limit with Scan, shared-memory ones with Bcast, Alltoall, Allgather
    assert _tcp_eager(measure, "scan_tcp_eager15k5_2") == ("scan", 2, "15872")
    assert _shared_eager(measure, "bcast_eager37k5_2") == ("bcast", 2, "38400")
    assert _shared_eager(measure, "alltoall_eager55k5_2") == ("alltoall", 2, "56832")
    assert _shared_eager(measure, "allgather_eager62k5_2") == ("allgather", 2, "64000")


def test_the_fortysecond_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allgatherv_bruck_tcp_4", "allgatherv", 4, "2"),
                             ("alltoallv_linear_tcp_4", "alltoallv", 4, "1"),
                             ("scan_recdbl_tcp_4", "scan", 4, "2"),
                             ("exscan_linear_tcp_4", "exscan", 4, "1"),
                             ("barrier_recdbl_tcp_3", "barrier", 3, "3")))
    # forced algorithms over TCP (the 3-rank recursive-doubling Barrier is the no-change series): both settings
    # reach mpirun
    _assert_forced_over_tcp(measure, ("allgatherv_bruck_tcp_4", "alltoallv_linear_tcp_4", "scan_recdbl_tcp_4",
                                      "exscan_linear_tcp_4", "barrier_recdbl_tcp_3"))
    # the default selection over TCP on 5 ranks, with half-KiB shared-memory eager limits on 3 and 4 ranks or
    # half-KiB TCP ones of 16.5-18.5 KiB on 3 and 4; the grid series (a 3-rank Scatterv) runs the default settings
    _assert_default_over_tcp(measure, (("allgatherv_tcp_5", "allgatherv", 5),
                                       ("reduce_scatter_tcp_5", "reduce_scatter", 5),
                                       ("sendrecv_ring_tcp_5", "sendrecv_ring", 5)))
    _assert_default_settings(measure, (("scatterv_3", "scatterv", 3),))
    assert _shared_eager(measure, "alltoall_eager48k5_3") == ("alltoall", 3, "49664")
    assert _shared_eager(measure, "reduce_eager51k5_4") == ("reduce", 4, "52736")
    assert _shared_eager(measure, "scan_eager58k5_3") == ("scan", 3, "59904")
    assert _shared_eager(measure, "allgather_eager63k5_4") == ("allgather", 4, "65024")
    assert _tcp_eager(measure, "scatter_tcp_eager16k5_4") == ("scatter", 4, "16896")
    assert _tcp_eager(measure, "alltoallv_tcp_eager17k5_3") == ("alltoallv", 3, "17920")
    assert _tcp_eager(measure, "bcast_tcp_eager18k5_3") == ("bcast", 3, "18944")
    # the loaded series: a half-KiB TCP eager limit with Reduce, half-KiB shared-memory ones between 4 KiB and
    # 8 KiB with Gather, Alltoallv and Allgatherv
    assert _tcp_eager(measure, "reduce_tcp_eager19k5_2") == ("reduce", 2, "19968")
    assert _shared_eager(measure, "gather_eager4k5_2") == ("gather", 2, "4608")
    assert _shared_eager(measure, "alltoallv_eager5k5_2") == ("alltoallv", 2, "5632")
    assert _shared_eager(measure, "allgatherv_eager6k5_2") == ("allgatherv", 2, "6656")


def test_the_fortythird_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allgather_recdbl_tcp_4", "allgather", 4, "3"),
                             ("reduce_scatter_butterfly_tcp_4", "reduce_scatter", 4, "4"),
                             ("scatter_linear_nb_tcp_4", "scatter", 4, "3"),
                             ("allreduce_segring_tcp_4", "allreduce", 4, "5"),
                             ("bcast_bintree_tcp_4", "bcast", 4, "5"),
                             ("reduce_inorder_binary_tcp_4", "reduce", 4, "6"),
                             ("barrier_bruck_tcp_5", "barrier", 5, "4")))
    # forced algorithms over TCP (the 5-rank Bruck Barrier is the no-change series): both settings reach mpirun
    _assert_forced_over_tcp(measure, ("allgather_recdbl_tcp_4", "reduce_scatter_butterfly_tcp_4",
                                      "scatter_linear_nb_tcp_4", "allreduce_segring_tcp_4", "bcast_bintree_tcp_4",
                                      "reduce_inorder_binary_tcp_4", "barrier_bruck_tcp_5"))
    # the default selection over TCP on 5 and 6 ranks, with half-KiB TCP eager limits of 21.5-25.5 KiB on 3 and 4;
    # the grid series (a 3-rank Reduce_scatter_block) runs the default settings
    _assert_default_over_tcp(measure, (("iallreduce_tcp_5", "iallreduce", 5),
                                       ("allreduce_tcp_6", "allreduce", 6),
                                       ("bcast_tcp_6", "bcast", 6)))
    _assert_default_settings(measure, (("reduce_scatter_block_3", "reduce_scatter_block", 3),))
    assert _tcp_eager(measure, "allreduce_tcp_eager21k5_3") == ("allreduce", 3, "22016")
    assert _tcp_eager(measure, "gather_tcp_eager22k5_4") == ("gather", 4, "23040")
    assert _tcp_eager(measure, "alltoall_tcp_eager23k5_3") == ("alltoall", 3, "24064")
    assert _tcp_eager(measure, "scan_tcp_eager24k5_4") == ("scan", 4, "25088")
    assert _tcp_eager(measure, "allgather_tcp_eager25k5_3") == ("allgather", 3, "26112")
    # the loaded series: a half-KiB TCP eager limit with Allreduce, half-KiB shared-memory ones below 8 KiB with
    # Bcast, Scan and Alltoall
    assert _tcp_eager(measure, "allreduce_tcp_eager20k5_2") == ("allreduce", 2, "20992")
    assert _shared_eager(measure, "bcast_eager2k5_2") == ("bcast", 2, "2560")
    assert _shared_eager(measure, "scan_eager3k5_2") == ("scan", 2, "3584")
    assert _shared_eager(measure, "alltoall_eager7k5_2") == ("alltoall", 2, "7680")


def test_the_fortyfourth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allreduce_nonoverlap_tcp_4", "allreduce", 4, "2"),
                             ("alltoall_linsync_tcp_4", "alltoall", 4, "4"),
                             ("bcast_chain_tcp_4", "bcast", 4, "2"),
                             ("reduce_binary_tcp_4", "reduce", 4, "4"),
                             ("gather_linear_tcp_4", "gather", 4, "1"),
                             ("scan_linear_tcp_4", "scan", 4, "1")))
    # forced algorithms over TCP: both settings reach mpirun
    _assert_forced_over_tcp(measure, ("allreduce_nonoverlap_tcp_4", "alltoall_linsync_tcp_4", "bcast_chain_tcp_4",
                                      "reduce_binary_tcp_4", "gather_linear_tcp_4", "scan_linear_tcp_4"))
    # the default selection over TCP on 6 ranks and the 5-rank default Barrier over TCP (the no-change series),
    # with half-KiB TCP eager limits of 26.5-30.5 KiB on 3 and 4; the grid series (a 4-rank Scatter) runs the
    # default settings
    _assert_default_over_tcp(measure, (("gather_tcp_6", "gather", 6),
                                       ("allgather_tcp_6", "allgather", 6),
                                       ("reduce_tcp_6", "reduce", 6),
                                       ("barrier_tcp_5", "barrier", 5)))
    _assert_default_settings(measure, (("scatter_4", "scatter", 4),))
    assert _tcp_eager(measure, "reduce_tcp_eager26k5_3") == ("reduce", 3, "27136")
    assert _tcp_eager(measure, "bcast_tcp_eager27k5_4") == ("bcast", 4, "28160")
    assert _tcp_eager(measure, "allgatherv_tcp_eager28k5_3") == ("allgatherv", 3, "29184")
    assert _tcp_eager(measure, "reduce_scatter_tcp_eager29k5_4") == ("reduce_scatter", 4, "30208")
    assert _tcp_eager(measure, "exscan_tcp_eager30k5_3") == ("exscan", 3, "31232")
    # the loaded series: a half-KiB TCP eager limit with Gather, quarter-KiB shared-memory ones below 4 KiB with
    # Allgather, Reduce and Exscan
    assert _tcp_eager(measure, "gather_tcp_eager31k5_2") == ("gather", 2, "32256")
    assert _shared_eager(measure, "allgather_eager1k25_2") == ("allgather", 2, "1280")
    assert _shared_eager(measure, "reduce_eager2k25_2") == ("reduce", 2, "2304")
    assert _shared_eager(measure, "exscan_eager3k25_2") == ("exscan", 2, "3328")


def test_the_fortyfifth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allreduce_linear_tcp_4", "allreduce", 4, "1"),
                             ("alltoall_linear_tcp_4", "alltoall", 4, "1"),
                             ("bcast_splitbintree_tcp_4", "bcast", 4, "4"),
                             ("reduce_chain_tcp_4", "reduce", 4, "2"),
                             ("allgather_neighbor_tcp_4", "allgather", 4, "5"),
                             ("scan_recdbl_6", "scan", 6, "2")))
    # forced algorithms over TCP: both settings reach mpirun; the 6-rank recursive-doubling Scan runs over
    # shared memory
    _assert_forced_over_tcp(measure, ("allreduce_linear_tcp_4", "alltoall_linear_tcp_4", "bcast_splitbintree_tcp_4",
                                      "reduce_chain_tcp_4", "allgather_neighbor_tcp_4"))
    assert "btl" not in measure.SERIES["scan_recdbl_6"][2]
    # the default selection over TCP on 6 ranks and the 6-rank default Barrier over TCP (the no-change series),
    # with half-KiB TCP eager limits of 32.5-36.5 KiB on 3 and 4; the grid series (a 4-rank Reduce) runs the
    # default settings
    _assert_default_over_tcp(measure, (("scatter_tcp_6", "scatter", 6),
                                       ("alltoall_tcp_6", "alltoall", 6),
                                       ("scan_tcp_6", "scan", 6),
                                       ("barrier_tcp_6", "barrier", 6)))
    _assert_default_settings(measure, (("reduce_4", "reduce", 4),))
    assert _tcp_eager(measure, "allreduce_tcp_eager32k5_3") == ("allreduce", 3, "33280")
    assert _tcp_eager(measure, "gather_tcp_eager33k5_4") == ("gather", 4, "34304")
    assert _tcp_eager(measure, "scatter_tcp_eager34k5_3") == ("scatter", 3, "35328")
    assert _tcp_eager(measure, "alltoall_tcp_eager35k5_4") == ("alltoall", 4, "36352")
    assert _tcp_eager(measure, "scan_tcp_eager36k5_3") == ("scan", 3, "37376")
    # the loaded series: a half-KiB TCP eager limit with Scan, quarter-KiB shared-memory ones below 4 KiB with
    # Bcast, Allreduce and Gather
    assert _tcp_eager(measure, "scan_tcp_eager37k5_2") == ("scan", 2, "38400")
    assert _shared_eager(measure, "bcast_eager1k75_2") == ("bcast", 2, "1792")
    assert _shared_eager(measure, "allreduce_eager2k75_2") == ("allreduce", 2, "2816")
    assert _shared_eager(measure, "gather_eager3k75_2") == ("gather", 2, "3840")

def test_the_fortysixth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("reduce_rabenseifner_tcp_4", "reduce", 4, "7"),
                             ("bcast_pipeline_tcp_4", "bcast", 4, "3"),
                             ("reduce_scatter_block_recdbl_tcp_4", "reduce_scatter_block", 4, "2"),
                             ("reduce_scatter_rechalving_tcp_4", "reduce_scatter", 4, "2"),
                             ("allgatherv_neighbor_tcp_4", "allgatherv", 4, "4"),
                             ("exscan_recdbl_6", "exscan", 6, "2")))
    # forced algorithms over TCP: both settings reach mpirun (the pipelined Bcast with its 8 KiB segments); the
    # 6-rank recursive-doubling Exscan runs over shared memory
    _assert_forced_over_tcp(measure, ("reduce_rabenseifner_tcp_4", "bcast_pipeline_tcp_4",
                                      "reduce_scatter_block_recdbl_tcp_4", "reduce_scatter_rechalving_tcp_4",
                                      "allgatherv_neighbor_tcp_4"))
    assert _forced(measure, "bcast_pipeline_tcp_4", "coll_tuned_bcast_algorithm_segmentsize") == "8192"
    assert "btl" not in measure.SERIES["exscan_recdbl_6"][2]
    # the default selection over TCP on 6 ranks and the 7-rank default Barrier over TCP (the no-change series),
    # with half-KiB TCP eager limits of 38.5-42.5 KiB on 3 and 4; the grid series (a 4-rank Allreduce) runs the
    # default settings
    _assert_default_over_tcp(measure, (("exscan_tcp_6", "exscan", 6),
                                       ("reduce_scatter_tcp_6", "reduce_scatter", 6),
                                       ("allgatherv_tcp_6", "allgatherv", 6),
                                       ("barrier_tcp_7", "barrier", 7)))
    _assert_default_settings(measure, (("allreduce_4", "allreduce", 4),))
    assert _tcp_eager(measure, "bcast_tcp_eager38k5_3") == ("bcast", 3, "39424")
    assert _tcp_eager(measure, "reduce_tcp_eager39k5_4") == ("reduce", 4, "40448")
    assert _tcp_eager(measure, "allgather_tcp_eager40k5_3") == ("allgather", 3, "41472")
    assert _tcp_eager(measure, "exscan_tcp_eager41k5_4") == ("exscan", 4, "42496")
    assert _tcp_eager(measure, "gather_tcp_eager42k5_3") == ("gather", 3, "43520")
    # the loaded series: a half-KiB TCP eager limit with Allreduce, odd multiples of 256 between 4 and 8 KiB as
    # shared-memory limits with Scatter, Alltoall and Reduce_scatter
    assert _tcp_eager(measure, "allreduce_tcp_eager43k5_2") == ("allreduce", 2, "44544")
    assert _shared_eager(measure, "scatter_eager4k25_2") == ("scatter", 2, "4352")
    assert _shared_eager(measure, "alltoall_eager4k75_2") == ("alltoall", 2, "4864")
    assert _shared_eager(measure, "reduce_scatter_eager5k25_2") == ("reduce_scatter", 2, "5376")


def test_the_fortyseventh_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allgather_linear_tcp_4", "allgather", 4, "1"),
                             ("bcast_linear_tcp_4", "bcast", 4, "1"),
                             ("reduce_pipeline_tcp_4", "reduce", 4, "3"),
                             ("scatter_linear_tcp_4", "scatter", 4, "1"),
                             ("reduce_scatter_nonoverlapping_tcp_4", "reduce_scatter", 4, "1"),
                             ("allreduce_ring_6", "allreduce", 6, "4"),
                             ("barrier_recdbl_tcp_5", "barrier", 5, "3")))
    # forced algorithms over TCP: both settings reach mpirun (the pipelined Reduce with its 4 KiB segments); the
    # 6-rank ring Allreduce runs over shared memory
    _assert_forced_over_tcp(measure, ("allgather_linear_tcp_4", "bcast_linear_tcp_4", "reduce_pipeline_tcp_4",
                                      "scatter_linear_tcp_4", "reduce_scatter_nonoverlapping_tcp_4",
                                      "barrier_recdbl_tcp_5"))
    assert _forced(measure, "reduce_pipeline_tcp_4", "coll_tuned_reduce_algorithm_segmentsize") == "4096"
    assert "btl" not in measure.SERIES["allreduce_ring_6"][2]
    # the default selection over TCP on 6 ranks, with half-KiB TCP eager limits of 44.5-48.5 KiB on 3 and 4;
    # the grid series (a 4-rank Bcast) runs the default settings
    _assert_default_over_tcp(measure, (("scatterv_tcp_6", "scatterv", 6),
                                       ("reduce_scatter_block_tcp_6", "reduce_scatter_block", 6),
                                       ("alltoallv_tcp_6", "alltoallv", 6)))
    _assert_default_settings(measure, (("bcast_4", "bcast", 4),))
    assert _tcp_eager(measure, "scan_tcp_eager44k5_3") == ("scan", 3, "45568")
    assert _tcp_eager(measure, "allreduce_tcp_eager45k5_4") == ("allreduce", 4, "46592")
    assert _tcp_eager(measure, "scatter_tcp_eager46k5_3") == ("scatter", 3, "47616")
    assert _tcp_eager(measure, "alltoall_tcp_eager47k5_4") == ("alltoall", 4, "48640")
    assert _tcp_eager(measure, "reduce_scatter_tcp_eager48k5_3") == ("reduce_scatter", 3, "49664")
    # the loaded series: a half-KiB TCP eager limit with Bcast, odd multiples of 256 between 4 and 8 KiB as
    # shared-memory limits with Gather, Allgather and Scan
    assert _tcp_eager(measure, "bcast_tcp_eager49k5_2") == ("bcast", 2, "50688")
    assert _shared_eager(measure, "gather_eager5k75_2") == ("gather", 2, "5888")
    assert _shared_eager(measure, "allgather_eager6k25_2") == ("allgather", 2, "6400")
    assert _shared_eager(measure, "scan_eager6k75_2") == ("scan", 2, "6912")


def test_the_fortyeighth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("allgatherv_gatherv_bcast_tcp_4", "allgatherv", 4, "1"),
                             ("bcast_sagring_tcp_4", "bcast", 4, "9"),
                             ("reduce_linear_tcp_4", "reduce", 4, "1"),
                             ("reduce_scatter_block_linear_tcp_4", "reduce_scatter_block", 4, "1"),
                             ("reduce_scatter_block_butterfly_tcp_4", "reduce_scatter_block", 4, "4"),
                             ("allgather_ring_6", "allgather", 6, "4"),
                             ("barrier_double_ring_tcp_5", "barrier", 5, "2")))
    # forced algorithms over TCP: both settings reach mpirun; the 6-rank ring Allgather runs over shared memory
    _assert_forced_over_tcp(measure, ("allgatherv_gatherv_bcast_tcp_4", "bcast_sagring_tcp_4", "reduce_linear_tcp_4",
                                      "reduce_scatter_block_linear_tcp_4", "reduce_scatter_block_butterfly_tcp_4",
                                      "barrier_double_ring_tcp_5"))
    assert "btl" not in measure.SERIES["allgather_ring_6"][2]
    # the default selection over TCP on 7 ranks, with half-KiB TCP eager limits of 50.5-54.5 KiB on 3 and 4;
    # the grid series (a 4-rank Alltoall) runs the default settings
    _assert_default_over_tcp(measure, (("bcast_tcp_7", "bcast", 7),
                                       ("reduce_tcp_7", "reduce", 7),
                                       ("allreduce_tcp_7", "allreduce", 7)))
    _assert_default_settings(measure, (("alltoall_4", "alltoall", 4),))
    assert _tcp_eager(measure, "gather_tcp_eager50k5_3") == ("gather", 3, "51712")
    assert _tcp_eager(measure, "reduce_tcp_eager51k5_4") == ("reduce", 4, "52736")
    assert _tcp_eager(measure, "allgather_tcp_eager52k5_3") == ("allgather", 3, "53760")
    assert _tcp_eager(measure, "exscan_tcp_eager53k5_4") == ("exscan", 4, "54784")
    assert _tcp_eager(measure, "bcast_tcp_eager54k5_3") == ("bcast", 3, "55808")
    # the loaded series: a half-KiB TCP eager limit with Alltoall, odd multiples of 256 between 7 and 8.5 KiB as
    # shared-memory limits with Reduce, Allreduce and Exscan
    assert _tcp_eager(measure, "alltoall_tcp_eager55k5_2") == ("alltoall", 2, "56832")
    assert _shared_eager(measure, "reduce_eager7k25_2") == ("reduce", 2, "7424")
    assert _shared_eager(measure, "allreduce_eager7k75_2") == ("allreduce", 2, "7936")
    assert _shared_eager(measure, "exscan_eager8k25_2") == ("exscan", 2, "8448")


def test_the_fortyninth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("gather_linear_tcp_3", "gather", 3, "1"),
                             ("bcast_binomial_tcp_3", "bcast", 3, "6"),
                             ("reduce_chain_tcp_3", "reduce", 3, "2"),
                             ("allgatherv_bruck_tcp_3", "allgatherv", 3, "2"),
                             ("alltoallv_pairwise_tcp_3", "alltoallv", 3, "2"),
                             ("reduce_binomial_6", "reduce", 6, "5"),
                             ("barrier_tree_tcp_5", "barrier", 5, "6")))
    # forced algorithms over TCP: both settings reach mpirun; the 6-rank binomial Reduce runs over shared memory
    _assert_forced_over_tcp(measure, ("gather_linear_tcp_3", "bcast_binomial_tcp_3", "reduce_chain_tcp_3",
                                      "allgatherv_bruck_tcp_3", "alltoallv_pairwise_tcp_3", "barrier_tree_tcp_5"))
    assert "btl" not in measure.SERIES["reduce_binomial_6"][2]
    # the default selection over TCP on 7 ranks, with half-KiB TCP eager limits of 56.5-60.5 KiB on 3 and 4;
    # the grid series (a 4-rank Gather) runs the default settings
    _assert_default_over_tcp(measure, (("gather_tcp_7", "gather", 7),
                                       ("allgather_tcp_7", "allgather", 7),
                                       ("scatter_tcp_7", "scatter", 7)))
    _assert_default_settings(measure, (("gather_4", "gather", 4),))
    assert _tcp_eager(measure, "allreduce_tcp_eager56k5_3") == ("allreduce", 3, "57856")
    assert _tcp_eager(measure, "scatter_tcp_eager57k5_4") == ("scatter", 4, "58880")
    assert _tcp_eager(measure, "scan_tcp_eager58k5_3") == ("scan", 3, "59904")
    assert _tcp_eager(measure, "alltoall_tcp_eager59k5_3") == ("alltoall", 3, "60928")
    assert _tcp_eager(measure, "reduce_scatter_block_tcp_eager60k5_4") == ("reduce_scatter_block", 4, "61952")
    # the loaded series: a half-KiB TCP eager limit with Scatter, odd multiples of 256 between 8.5 and 10 KiB as
    # shared-memory limits with Gather, Bcast and Scan
    assert _tcp_eager(measure, "scatter_tcp_eager61k5_2") == ("scatter", 2, "62976")
    assert _shared_eager(measure, "gather_eager8k75_2") == ("gather", 2, "8960")
    assert _shared_eager(measure, "bcast_eager9k25_2") == ("bcast", 2, "9472")
    assert _shared_eager(measure, "scan_eager9k75_2") == ("scan", 2, "9984")


def test_the_fiftieth_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("gather_binomial_tcp_5", "gather", 5, "2"),
                             ("scatter_binomial_tcp_5", "scatter", 5, "2"),
                             ("allreduce_ring_tcp_5", "allreduce", 5, "4"),
                             ("alltoall_pairwise_tcp_5", "alltoall", 5, "2"),
                             ("reduce_scatter_ring_tcp_5", "reduce_scatter", 5, "3"),
                             ("scatter_binomial_6", "scatter", 6, "2"),
                             ("barrier_tree_tcp_3", "barrier", 3, "6")))
    # forced algorithms over TCP: both settings reach mpirun; the 6-rank binomial Scatter runs over shared memory
    _assert_forced_over_tcp(measure, ("gather_binomial_tcp_5", "scatter_binomial_tcp_5", "allreduce_ring_tcp_5",
                                      "alltoall_pairwise_tcp_5", "reduce_scatter_ring_tcp_5", "barrier_tree_tcp_3"))
    assert "btl" not in measure.SERIES["scatter_binomial_6"][2]
    # the default selection over TCP on 7 ranks, with half-KiB TCP eager limits of 62.5-67.5 KiB on 3-5;
    # the grid series (a 4-rank Allgather) runs the default settings
    _assert_default_over_tcp(measure, (("allgatherv_tcp_7", "allgatherv", 7),
                                       ("scatterv_tcp_7", "scatterv", 7),
                                       ("exscan_tcp_7", "exscan", 7)))
    _assert_default_settings(measure, (("allgather_4", "allgather", 4),))
    assert _tcp_eager(measure, "allgather_tcp_eager62k5_3") == ("allgather", 3, "64000")
    assert _tcp_eager(measure, "bcast_tcp_eager64k5_5") == ("bcast", 5, "66048")
    assert _tcp_eager(measure, "gather_tcp_eager65k5_3") == ("gather", 3, "67072")
    assert _tcp_eager(measure, "exscan_tcp_eager66k5_4") == ("exscan", 4, "68096")
    assert _tcp_eager(measure, "reduce_scatter_tcp_eager67k5_3") == ("reduce_scatter", 3, "69120")
    # the loaded series: a half-KiB TCP eager limit above 64 KiB with Allreduce, odd multiples of 256 between 10
    # and 11.5 KiB as shared-memory limits with Reduce, Allgather and Alltoall
    assert _tcp_eager(measure, "allreduce_tcp_eager68k5_2") == ("allreduce", 2, "70144")
    assert _shared_eager(measure, "reduce_eager10k25_2") == ("reduce", 2, "10496")
    assert _shared_eager(measure, "allgather_eager10k75_2") == ("allgather", 2, "11008")
    assert _shared_eager(measure, "alltoall_eager11k25_2") == ("alltoall", 2, "11520")


def test_the_fiftyfirst_set_fixes_its_algorithms_eager_limits_transport_and_rank_counts(measure):
    _assert_forced(measure, (("gather_binomial_tcp_6", "gather", 6, "2"),
                             ("scatter_binomial_tcp_6", "scatter", 6, "2"),
                             ("allreduce_ring_tcp_6", "allreduce", 6, "4"),
                             ("alltoall_pairwise_tcp_6", "alltoall", 6, "2"),
                             ("reduce_scatter_ring_tcp_6", "reduce_scatter", 6, "3"),
                             ("scatter_binomial_7", "scatter", 7, "2"),
                             ("barrier_tree_tcp_6", "barrier", 6, "6")))
    # forced algorithms over TCP: both settings reach mpirun; the 7-rank binomial Scatter runs over shared memory
    _assert_forced_over_tcp(measure, ("gather_binomial_tcp_6", "scatter_binomial_tcp_6", "allreduce_ring_tcp_6",
                                      "alltoall_pairwise_tcp_6", "reduce_scatter_ring_tcp_6", "barrier_tree_tcp_6"))
    assert "btl" not in measure.SERIES["scatter_binomial_7"][2]
    # the default selection over TCP on 7 ranks, with half-KiB TCP eager limits of 69.5-73.5 KiB on 3 and 4;
    # the grid series (a 3-rank Bcast) runs the default settings
    _assert_default_over_tcp(measure, (("scan_tcp_7", "scan", 7),
                                       ("reduce_scatter_tcp_7", "reduce_scatter", 7),
                                       ("reduce_scatter_block_tcp_7", "reduce_scatter_block", 7)))
    _assert_default_settings(measure, (("bcast_3", "bcast", 3),))
    assert _tcp_eager(measure, "bcast_tcp_eager69k5_3") == ("bcast", 3, "71168")
    assert _tcp_eager(measure, "gather_tcp_eager70k5_4") == ("gather", 4, "72192")
    assert _tcp_eager(measure, "allreduce_tcp_eager71k5_3") == ("allreduce", 3, "73216")
    assert _tcp_eager(measure, "scan_tcp_eager72k5_4") == ("scan", 4, "74240")
    assert _tcp_eager(measure, "alltoall_tcp_eager73k5_3") == ("alltoall", 3, "75264")
    # the loaded series: a half-KiB TCP eager limit above 64 KiB with Reduce, odd multiples of 256 between 11.5
    # and 13 KiB as shared-memory limits with Bcast, Gather and Scan
    assert _tcp_eager(measure, "reduce_tcp_eager74k5_2") == ("reduce", 2, "76288")
    assert _shared_eager(measure, "bcast_eager11k75_2") == ("bcast", 2, "12032")
    assert _shared_eager(measure, "gather_eager12k25_2") == ("gather", 2, "12544")
    assert _shared_eager(measure, "scan_eager12k75_2") == ("scan", 2, "13056")

def test_repeated_or_non_positive_sizes_are_refused(measure, capsys):
    with pytest.raises(SystemExit) as raised:
        measure.main(["--out", "unused", "--sizes", "4", "4"])
    assert raised.value.code == 2
    assert "--sizes: distinct positive sizes" in capsys.readouterr().err


needs_mpi = pytest.mark.skipif(shutil.which("mpirun") is None or importlib.util.find_spec("mpi4py") is None,
                               reason="needs OpenMPI's mpirun and mpi4py")


def _measured(measure, tmp_path, stems: dict[str, str], sizes=None, given=None) -> dict[str, tuple[str, list]]:
    """Runs the series ``stems`` ({file stem: region}) twice at ``sizes`` (passed as ``given``, in
    that order; the script's own sizes if None) and checks every file: its region, the sizes
    written in order, one positive value per size and run. Per stem its text and rows."""
    arguments = ["--out", str(tmp_path), "--runs", "2", "--iterations", "2", "--warmup", "0", "--series", *stems]
    if sizes is not None:
        arguments += ["--sizes", *map(str, sizes if given is None else given)]
    assert measure.main(arguments) == 0
    written = {}
    for stem, region in stems.items():
        text = (tmp_path / f"{stem}.txt").read_text()
        assert f"REGION {region}" in text
        if sizes is not None:
            assert "POINTS " + " ".join(map(str, sizes)) in text
        rows = [line.split()[1:] for line in text.splitlines() if line.startswith("DATA ")]
        assert len(rows) == len(measure.SIZES if sizes is None else sizes) and all(len(row) == 2 for row in rows)
        assert all(float(v) > 0 for row in rows for v in row)
        written[stem] = text, rows
    return written


@pytest.mark.slow
@needs_mpi
def test_scan_and_reduce_scatter_block_write_one_value_per_size_and_run(measure, tmp_path):
    written = _measured(measure, tmp_path, {"scan_3": "MPI_Scan", "reduce_scatter_block_2": "MPI_Reduce_scatter_block"})
    for _, rows in written.values():
        # 4 MiB through a reduction takes longer than the fastest size, in each run (not than 1 B:
        # with 3 ranks on 2 busy cores one size can take a scheduler time slice, 8 ms at 1 B seen)
        for run in range(2):
            times = [float(row[run]) for row in rows]
            assert times[-1] > min(times)


@pytest.mark.slow
@needs_mpi
def test_exscan_and_nonblocking_pingpong_measure_the_sizes_given(measure, tmp_path):
    sizes = [1, 3, 45, 1448, 65536]  # half-octave sizes, not powers of two, given out of order
    _measured(measure, tmp_path, {"exscan_3": "MPI_Exscan", "ipingpong_2": "PingPong_Isend_Irecv"}, sizes,
              given=list(reversed(sizes)))


@pytest.mark.slow
@needs_mpi
def test_the_sendrecv_ring_passes_through_three_ranks_on_a_three_times_power_of_two_grid(measure, tmp_path):
    written = _measured(measure, tmp_path, {"sendrecv_ring_3": "MPI_Sendrecv_ring"}, [3, 96, 3072, 98304])
    assert "-n 3" in written["sendrecv_ring_3"][0]


@pytest.mark.slow
@needs_mpi
def test_the_ninth_sets_new_kernels_write_one_positive_value_per_size_and_run(measure, tmp_path):
    # 11 * 2^k: not powers of two, so the v-variants' counts and displacements vary
    _measured(measure, tmp_path, {"allgatherv_3": "MPI_Allgatherv", "scatterv_4": "MPI_Scatterv",
                                  "iallreduce_2": "MPI_Iallreduce", "reduce_local_2": "MPI_Reduce_local"},
              [11, 704, 45056])


@pytest.mark.slow
@needs_mpi
def test_the_tenth_sets_new_kernels_write_one_positive_value_per_size_and_run(measure, tmp_path):
    # 13 * 2^k: Reduce_scatter's equal counts are not powers of two
    _measured(measure, tmp_path, {"reduce_scatter_ring_4": "MPI_Reduce_scatter", "barrier_3": "MPI_Barrier"},
              [13, 832, 53248])


@pytest.mark.slow
@needs_mpi
def test_the_fifteenth_sets_alltoallv_writes_one_positive_value_per_size_and_run(measure, tmp_path):
    # 29 * 2^k: the v-interface's counts and displacements are not powers of two
    _measured(measure, tmp_path, {"alltoallv_3": "MPI_Alltoallv"}, [29, 1856, 118784])
