"""benchmarks/segmentation/real/measure_mpi.py: every series names a region, the new kernels run under mpirun."""
import importlib.util
import shutil

import pytest

from conftest import REPO_ROOT


@pytest.fixture(scope="module")
def measure():
    spec = importlib.util.spec_from_file_location("measure_mpi", REPO_ROOT / "benchmarks" / "segmentation" / "real"
                                                  / "measure_mpi.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_series_has_a_region_and_the_third_set_moves_the_switches(measure):
    assert {kernel for kernel, _, _ in measure.SERIES.values()} <= set(measure.REGION)
    # the third set's eager limits and fixed algorithm reach mpirun as MCA options
    assert measure.SERIES["pingpong_eager8k_2"][2] == ("--mca", "btl_vader_eager_limit", "8192")
    assert measure.SERIES["pingpong_eager32k_2"][2] == ("--mca", "btl_vader_eager_limit", "32768")
    ring = measure.SERIES["allreduce_ring_4"][2]
    assert ring[ring.index("coll_tuned_allreduce_algorithm") + 1] == "4"
    assert ring[ring.index("coll_tuned_use_dynamic_rules") + 1] == "1"


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("mpirun") is None or importlib.util.find_spec("mpi4py") is None,
                    reason="needs OpenMPI's mpirun and mpi4py")
def test_scan_and_reduce_scatter_block_write_one_value_per_size_and_run(measure, tmp_path):
    assert measure.main(["--out", str(tmp_path), "--runs", "2", "--iterations", "2", "--warmup", "0",
                         "--series", "scan_3", "reduce_scatter_block_2"]) == 0
    for stem, region in (("scan_3", "MPI_Scan"), ("reduce_scatter_block_2", "MPI_Reduce_scatter_block")):
        text = (tmp_path / f"{stem}.txt").read_text()
        assert f"REGION {region}" in text
        rows = [line.split()[1:] for line in text.splitlines() if line.startswith("DATA ")]
        assert len(rows) == len(measure.SIZES) and all(len(row) == 2 for row in rows)
        values = [float(v) for row in rows for v in row]
        assert all(v > 0 for v in values)
        # 4 MiB through a reduction takes longer than 1 byte, in each run
        assert all(float(rows[-1][i]) > float(rows[0][i]) for i in range(2))
