"""Measure MPI collective latencies over the number of ranks with OpenMPI and mpi4py (real data).

    apt-get install -y openmpi-bin libopenmpi-dev && pip install mpi4py
    python benchmarks/expectations/mpi_latency_sweep.py --out fixtures/series/openmpi_oversubscribed.txt \\
        [--ranks 2 4 8 16 32 64] [--runs 5] [--iterations 200]

Each run is one ``mpirun --oversubscribe -np P`` of this script in worker mode. A worker times
every collective ``--iterations`` times after ``--warmup`` untimed calls, small messages (8
doubles), each call started right after a barrier (Hoefler et al.'s synchronised start, without
the clock-offset window: the barrier's own skew is part of what is measured). The time of one
call is the maximum over the ranks; the run reports, per collective, the median over the
iterations. The ``--runs`` independent runs at each P are the repetitions of the Extra-P text
file written to ``--out`` (one ``DATA`` line per P, microseconds), so the file carries the
run-to-run noise, which the within-run iterations do not show. ``--raw`` keeps a JSON with every
run's median, quartiles and minimum for reference.

Collectives: Barrier, Bcast, Reduce, Allreduce, Gather, Allgather, Alltoall (as in the
scalability-validation paper, Section 3.1) and a binary-tree broadcast built from point-to-point
messages (the paper's litmus test, "Bcast (BT)").

What oversubscribing does: with P ranks on C cores (here C = 2), only C ranks run at a time.
Open MPI switches to ``mpi_yield_when_idle`` when it sees oversubscription, so a rank that waits
in a blocking call yields its core; a collective still needs every rank to be scheduled for each
of its steps, so from P > C on the latency is dominated by the operating system's scheduler
(a few microseconds per context switch, up to a time slice when a rank is preempted), not by the
algorithm or the network (shared memory here). The series therefore show how these collectives
scale *on an oversubscribed node*, which is real but not what the algorithms' big-O describes;
docs/expectations.md reads them that way.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

COLLECTIVES = ("MPI_Barrier", "MPI_Bcast", "MPI_Reduce", "MPI_Allreduce", "MPI_Gather", "MPI_Allgather",
               "MPI_Alltoall", "Bcast_BT")


def worker(iterations: int, warmup: int, count: int) -> None:
    import numpy as np
    from mpi4py import MPI

    comm = MPI.COMM_WORLD
    rank, size = comm.Get_rank(), comm.Get_size()
    send = np.full(count, float(rank))
    recv = np.empty(count)
    gathered = np.empty(count * size)
    all_send = np.full(count * size, float(rank))

    def bcast_bt():
        # binary tree rooted at 0: receive from the parent, send to both children
        if rank:
            comm.Recv(recv, source=(rank - 1) // 2, tag=7)
        for child in (2 * rank + 1, 2 * rank + 2):
            if child < size:
                comm.Send(send, dest=child, tag=7)

    operations = {
        "MPI_Barrier": comm.Barrier,
        "MPI_Bcast": lambda: comm.Bcast(send, root=0),
        "MPI_Reduce": lambda: comm.Reduce(send, recv, op=MPI.SUM, root=0),
        "MPI_Allreduce": lambda: comm.Allreduce(send, recv, op=MPI.SUM),
        "MPI_Gather": lambda: comm.Gather(send, gathered, root=0),
        "MPI_Allgather": lambda: comm.Allgather(send, gathered),
        "MPI_Alltoall": lambda: comm.Alltoall(all_send, gathered),
        "Bcast_BT": bcast_bt,
    }
    result = {}
    for name in COLLECTIVES:
        operation = operations[name]
        for _ in range(warmup):
            comm.Barrier()
            operation()
        local = np.empty(iterations)
        for i in range(iterations):
            comm.Barrier()
            start = MPI.Wtime()
            operation()
            local[i] = MPI.Wtime() - start
        slowest = np.empty(iterations) if rank == 0 else None
        comm.Reduce(local, slowest, op=MPI.MAX, root=0)
        if rank == 0:
            us = slowest * 1e6
            q1, median, q3 = np.percentile(us, [25, 50, 75])
            result[name] = {"median": float(median), "q1": float(q1), "q3": float(q3), "min": float(us.min())}
    if rank == 0:
        print("RESULT " + json.dumps({"ranks": size, "collectives": result}), flush=True)


def run_once(ranks: int, args) -> dict:
    command = [args.mpirun, "--oversubscribe", "-np", str(ranks)]
    if os.geteuid() == 0:
        command.append("--allow-run-as-root")
    command += [sys.executable, str(Path(__file__).resolve()), "--worker", "--iterations", str(args.iterations),
                "--warmup", str(args.warmup), "--count", str(args.count)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=args.timeout)
    if done.returncode != 0:
        raise SystemExit(f"mpirun -np {ranks} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    line = next(line for line in done.stdout.splitlines() if line.startswith("RESULT "))
    return json.loads(line[len("RESULT "):])


def write_text(path: Path, ranks, runs, header) -> None:
    lines = [f"# {line}" for line in header] + ["PARAMETER p", "POINTS " + " ".join(str(p) for p in ranks), ""]
    for name in COLLECTIVES:
        lines += [f"REGION {name}", "METRIC time"]
        for p in ranks:
            lines.append("DATA " + " ".join(f"{run['collectives'][name]['median']:.4g}" for run in runs[p]))
        lines.append("")
    path.write_text("\n".join(lines))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--ranks", type=int, nargs="+", default=[2, 4, 8, 16, 32, 64])
    parser.add_argument("--runs", type=int, default=5, help="independent mpirun runs per number of ranks")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--count", type=int, default=8, help="doubles per rank and message")
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--mpirun", default=shutil.which("mpirun") or "mpirun")
    parser.add_argument("--out", type=Path, help="Extra-P text file (medians per run, microseconds)")
    parser.add_argument("--raw", type=Path, help="JSON with every run's statistics")
    parser.add_argument("--merge", type=Path, action="append", default=[],
                        help="--raw JSON of an earlier sweep whose runs are added (more values of P)")
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.iterations, args.warmup, args.count)
        return 0
    runs = {p: [] for p in args.ranks}
    started = time.time()
    # runs interleaved over the numbers of ranks, so that a slow phase of the shared machine
    # spreads over all points instead of shifting one
    for run in range(args.runs):
        for p in args.ranks:
            runs[p].append(run_once(p, args))
            load = os.getloadavg()[0]
            print(f"run {run + 1}/{args.runs} p={p}: "
                  + ", ".join(f"{k.replace('MPI_', '')} {v['median']:.1f}"
                              for k, v in runs[p][-1]["collectives"].items())
                  + f" us (load {load:.2f}, {time.time() - started:.0f} s)", flush=True)
    for earlier in args.merge:
        for p, previous in json.loads(earlier.read_text()).items():
            runs.setdefault(int(p), []).extend(previous)
    ranks = sorted(runs)
    version = subprocess.run([args.mpirun, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    header = [f"MPI collective latency [us], {version}, mpi4py, {os.cpu_count()} cores, --oversubscribe",
              f"median over {args.iterations} calls (max over ranks, after a barrier) per run; "
              f"{args.runs} independent runs per point are the repetitions; {args.count} doubles per message",
              "measured by benchmarks/expectations/mpi_latency_sweep.py"]
    if args.out:
        write_text(args.out, ranks, runs, header)
        print(f"wrote {args.out}")
    if args.raw:
        args.raw.write_text(json.dumps({str(p): runs[p] for p in ranks}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
