"""Measures MPI_Allreduce over message size × ranks and writes an Extra-P text experiment.

    python benchmarks/segmentation/mpi_size_ranks_sweep.py fixtures/series/openmpi_allreduce_size_ranks.txt

Needs Open MPI (Debian: openmpi-bin libopenmpi-dev) and mpi4py. Runs ``mpirun --oversubscribe``
once per rank count; each run times ``Allreduce`` of float64 buffers from 8 B to 1 MiB (the time
of one call: the median over a batch of calls, a batch lasting about 20 ms), REPETITIONS batches
per point, the slowest rank's time per batch. Parameters: ``p`` (ranks) and ``n`` (message
bytes).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

RANKS = (2, 3, 4, 5, 6, 8)
SIZES = tuple(8 * 2 ** k for k in range(0, 18))  # 8 B … 1 MiB
REPETITIONS = 5


def worker() -> None:
    import time

    import numpy as np
    from mpi4py import MPI
    comm = MPI.COMM_WORLD
    out = {}
    for size in SIZES:
        send = np.ones(size // 8)
        receive = np.empty_like(send)
        for _ in range(3):  # warm-up (connections, buffers)
            comm.Allreduce(send, receive)
        # every rank must make the same number of calls: rank 0 decides it from 5 timed calls
        started = time.perf_counter()
        for _ in range(5):
            comm.Allreduce(send, receive)
        per_call = (time.perf_counter() - started) / 5
        calls = comm.bcast(int(min(200, max(5, 0.02 / max(per_call, 1e-9)))), root=0)
        runs = []
        for _ in range(REPETITIONS):
            comm.Barrier()
            times = []
            for _ in range(calls):
                t = time.perf_counter()
                comm.Allreduce(send, receive)
                times.append(time.perf_counter() - t)
            runs.append(comm.allreduce(float(np.median(times)), op=MPI.MAX))  # the slowest rank's
        out[size] = runs
    if comm.rank == 0:
        print(json.dumps(out))


def main(path: str) -> None:
    lines = ["PARAMETER p", "PARAMETER n", "",
             "POINTS " + " ".join(f"( {p} {n} )" for p in RANKS for n in SIZES), "",
             "REGION MPI_Allreduce", "METRIC time"]
    data = {}
    for p in RANKS:
        done = subprocess.run(["mpirun", "--oversubscribe", "--allow-run-as-root", "-np", str(p), sys.executable,
                               __file__, "--worker"], capture_output=True, text=True, check=True,
                              env={**os.environ, "OMPI_MCA_rmaps_base_oversubscribe": "1"})
        data[p] = json.loads(done.stdout.strip().splitlines()[-1])
        print(f"p={p}: {data[p][str(SIZES[0])][0] * 1e6:.1f} µs at 8 B, {data[p][str(SIZES[-1])][0] * 1e3:.2f} ms at "
              f"1 MiB", file=sys.stderr)
    for p in RANKS:
        for n in SIZES:
            lines.append("DATA " + " ".join(f"{v:.6g}" for v in data[p][str(n)]))
    Path(path).write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        worker()
    else:
        main(sys.argv[1] if len(sys.argv) > 1 else "mpi_allreduce_size_ranks.txt")
