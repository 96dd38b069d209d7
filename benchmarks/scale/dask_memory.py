#!/usr/bin/env python3
"""Peak memory of the Dask client of ``extrap-segmented run`` against the number of ranks, with
``--save-experiment``, next to in-process ``extrap --cube-ranks`` (and, given ``--before-bin``, the previous
version's client) in the same run; then a deep call tree through both paths.

    python benchmarks/scale/dask_memory.py [--ranks 1024,4096,16384] [--callpaths 1000] [--deep 1500]
                                           [--before-bin DIR] [--in-process-limit-gb 12] [--out FILE.json]

Per number of ranks a set of 8 points x CALLPATHS call paths x 2 metrics x 1 repetition is generated
(``fixtures/generate_fixtures.py --large``, seeded) into a temporary directory, and

* ``extrap-segmented run --cube-ranks SET --scheduler local --workers 2 --modeler clustered --print all --stats
  --save-experiment F``: wall time (``/usr/bin/time``, start-up and cluster start included), the client's
  peak resident memory (``--stats``: ``ru_maxrss`` of the client process, the LocalCluster's scheduler
  included), each worker's peak, the saved file's size;
* the same with the executables in ``--before-bin`` (a venv of the previous version), if given;
* ``extrap --cube-ranks SET --modeler clustered --print all --save-experiment F`` in process (its peak: the
  largest ``ru_maxrss`` of the process and its children), where the per-rank values fit
  ``--in-process-limit-gb`` / 3.

Checks in the same run: the printed text of Dask and in-process equal within 1e-9 (tests/approx_text.py);
every per-rank array of the two saved files equal (read back with Extra-P's ``ValueReader``, in the order of
the saved measurements). The set and the saved files are deleted after each size. Prints a markdown table.

Deep tree (``--deep LEVELS``, 0 to skip): a chain of LEVELS nested calls, 5 points x 4 ranks, modeled with
``--modeler segmented`` in process and on Dask (2 workers); wall times and whether the outputs agree.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
POINTS, METRICS = 8, 2


def _module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _timed(args: list, cwd: Path, timeout: float = 3600) -> dict:
    """Runs ``args`` under /usr/bin/time: wall seconds, peak RSS bytes (process or largest child), output."""
    started = time.perf_counter()
    try:
        run = subprocess.run(["/usr/bin/time", "-f", "@@ %e %M", *map(str, args)], capture_output=True, text=True,
                             cwd=cwd, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"failed": f"no result within {timeout:.0f} s", "seconds": time.perf_counter() - started}
    found = re.findall(r"@@ ([\d.]+) (\d+)", run.stderr)
    result = {"seconds": float(found[-1][0]) if found else time.perf_counter() - started,
              "peak_bytes": int(found[-1][1]) * 1024 if found else 0, "stdout": run.stdout}
    if run.returncode != 0:
        last = [line for line in run.stderr.splitlines()
                if line.strip() and not line.startswith(("@@", "Command exited with non-zero status"))]
        result["failed"] = last[-1][:200] if last else f"exit code {run.returncode}"
    stats = re.search(r"per-rank values read: (\d+) bytes.*?sent to the client: (\d+) bytes.*?"
                      r"client peak memory: (\d+) bytes(?:; worker peak memory: ([\d, ]+) bytes)?", run.stderr)
    if stats:
        result["raw_bytes"], result["to_client_bytes"], result["client_peak_bytes"] = map(int, stats.groups()[:3])
        result["worker_peak_bytes"] = [int(w) for w in (stats.group(4) or "").split(",") if w.strip()]
    return result


def _saved_values(path: Path):
    """(call path, metric, coordinate, values) of every measurement of a saved experiment, in file order;
    values is an exception where Extra-P's reader fails on the reference."""
    from extrap.fileio.values_io import ValueReader
    with zipfile.ZipFile(path) as file:
        data = json.loads(file.read("experiment.json"))
        with ValueReader(file) as reader:
            for callpath, by_metric in data["measurements"].items():
                for metric, measurements in by_metric.items():
                    for m in measurements:
                        reference = m.get("values")
                        try:
                            values = None if reference is None else reader.read_values(*reference)
                        except Exception as error:  # Extra-P's reader on a wrong reference: struct.error
                            values = error
                        yield callpath, metric, tuple(m["coordinate"]), values


def compare_saved(ours: Path, theirs: Path) -> str:
    """'N arrays equal' or what differs (per-rank values of two saved experiments, streamed)."""
    equal, problems = 0, []
    for a, b in zip(_saved_values(ours), _saved_values(theirs)):
        if a[:3] != b[:3]:
            return f"measurement order differs at {a[:3]} / {b[:3]}"
        for name, values in (("Dask", a[3]), ("in-process", b[3])):
            if isinstance(values, Exception):
                problems.append(f"{name} file: {a[0]} [{a[1]}] at {a[2]} unreadable ({type(values).__name__})")
        if not isinstance(a[3], Exception) and not isinstance(b[3], Exception):
            if a[3] is None or b[3] is None:
                problems.append(f"{a[0]} [{a[1]}] at {a[2]}: values missing")
            elif a[3].shape == b[3].shape and np.array_equal(a[3], b[3], equal_nan=True):
                equal += 1
            else:
                problems.append(f"{a[0]} [{a[1]}] at {a[2]}: values differ")
    return f"{equal} arrays equal" + (f"; {len(problems)} not: {'; '.join(problems[:3])}" if problems else "")


def text_agreement(a: str, b: str) -> str:
    approx = _module("approx_text", REPO / "tests" / "approx_text.py")
    try:
        approx.assert_text_close(a, b)
    except AssertionError as error:
        return "differs: " + str(error).splitlines()[0][:160]
    return "equal (1e-9)"


def run_size(ranks: int, callpaths: int, work: Path, before_bin, limit_bytes: float) -> dict:
    generator = _module("generate_fixtures", REPO / "fixtures" / "generate_fixtures.py")
    data = work / f"set{ranks}"
    generator.generate_large(data, points=POINTS, ranks=ranks, n_paths=callpaths, n_metrics=METRICS, repetitions=1)
    row = {"ranks": ranks, "callpaths": callpaths}
    try:
        common = ["--cube-ranks", data, "--modeler", "clustered", "--disable-progress", "--print", "all"]
        dask = ["run", *common, "--scheduler", "local", "--workers", "2", "--stats"]
        row["dask"] = _timed([BIN / "extrap-segmented", *dask, "--save-experiment", work / "dask.extra-p"], work)
        row["dask"]["saved_bytes"] = (work / "dask.extra-p").stat().st_size if (work / "dask.extra-p").exists() else 0
        raw = row["dask"].get("raw_bytes") or POINTS * METRICS * ranks * callpaths * 8
        row["raw_bytes"] = raw
        if before_bin:
            row["before"] = _timed([Path(before_bin) / "extrap-segmented", *dask, "--save-experiment",
                                    work / "before.extra-p"], work)
            row["before"]["saved_bytes"] = (work / "before.extra-p").stat().st_size \
                if (work / "before.extra-p").exists() else 0
            (work / "before.extra-p").unlink(missing_ok=True)
        if 3 * raw <= limit_bytes:
            row["in_process"] = _timed([BIN / "extrap", *common, "--save-experiment", work / "local.extra-p"], work)
            if "failed" not in row["in_process"] and "failed" not in row["dask"]:
                row["text"] = text_agreement(row["dask"]["stdout"], row["in_process"]["stdout"])
                row["values"] = compare_saved(work / "dask.extra-p", work / "local.extra-p")
            row["in_process"]["saved_bytes"] = (work / "local.extra-p").stat().st_size \
                if (work / "local.extra-p").exists() else 0
    finally:
        shutil.rmtree(data, ignore_errors=True)
        for name in ("dask.extra-p", "local.extra-p", "before.extra-p"):
            (work / name).unlink(missing_ok=True)
    for run in ("dask", "before", "in_process"):
        row.get(run, {}).pop("stdout", None)
    return row


def run_deep(levels: int, work: Path, before_bin) -> dict:
    from extrap_segmented.cube.writer import make_location_table, write_cubex
    data = work / "deep"
    paths = ["main"]
    for i in range(1, levels):
        paths.append(f"{paths[-1]}->f{i}")
    for p in (2, 4, 8, 16, 32):
        values = np.random.default_rng(p).random((levels, 4)) * p + 1
        write_cubex(data / f"app.p{p}.r1" / "profile.cubex", callpaths=paths, values={"time": values},
                    locations=make_location_table(4))
    common = ["--cube-ranks", data, "--modeler", "segmented", "--disable-progress", "--print", "{callpath}: {model}"]
    row = {"levels": levels}
    try:
        row["in_process"] = _timed([BIN / "extrap", *common], work)
        row["dask"] = _timed([BIN / "extrap-segmented", "run", *common, "--workers", "2"], work)
        if before_bin:
            row["before"] = _timed([Path(before_bin) / "extrap-segmented", "run", *common, "--workers", "2"], work,
                                   timeout=900)
        if "failed" not in row["in_process"] and "failed" not in row["dask"]:
            row["text"] = text_agreement(row["dask"]["stdout"], row["in_process"]["stdout"])
    finally:
        shutil.rmtree(data, ignore_errors=True)
    for run in ("dask", "before", "in_process"):
        row.get(run, {}).pop("stdout", None)
    return row


def _mb(n) -> str:
    return f"{n / 1e6:,.0f}" if n else "-"


def _cell(run: dict, key: str = "client_peak_bytes") -> str:
    if not run:
        return "not run"
    if "failed" in run:
        return f"failed after {run['seconds']:.0f} s: {run['failed']}"
    saved = f", saved {_mb(run['saved_bytes'])} MB" if "saved_bytes" in run else ""
    return f"{_mb(run.get(key, run.get('peak_bytes')))} MB, {run['seconds']:.1f} s{saved}"


def table(rows: list, deep) -> str:
    lines = ["| ranks | raw per-rank MB | Dask client peak (ratio to raw) | Dask workers' peaks MB | Dask wall s "
             "| saved MB | before: client peak, wall, saved | in-process peak, wall, saved | text Dask = in-process "
             "| saved values Dask = in-process |", "|" + "---|" * 10]
    for r in rows:
        dask = r["dask"]
        ratio = f" ({dask['client_peak_bytes'] / r['raw_bytes']:.2f}x)" if dask.get("client_peak_bytes") else ""
        lines.append(
            f"| {r['ranks']:,} | {_mb(r['raw_bytes'])} | {_mb(dask.get('client_peak_bytes'))} MB{ratio} "
            f"| {', '.join(_mb(w) for w in dask.get('worker_peak_bytes', [])) or '-'} "
            f"| {dask['seconds']:.1f}{' (' + dask['failed'] + ')' if 'failed' in dask else ''} "
            f"| {_mb(dask.get('saved_bytes'))} | {_cell(r.get('before'))} "
            f"| {_cell(r.get('in_process'), 'peak_bytes')} | {r.get('text', '-')} | {r.get('values', '-')} |")
    if deep:
        lines += ["", "| call-tree depth | in-process extrap --cube-ranks | Dask (2 workers) | before: Dask "
                      "| text Dask = in-process |", "|---|---|---|---|---|",
                  f"| {deep['levels']:,} | {_cell(deep['in_process'], 'peak_bytes')} | {_cell(deep['dask'], 'peak_bytes')} "
                  f"| {_cell(deep.get('before'), 'peak_bytes')} | {deep.get('text', '-')} |"]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ranks", default="1024,4096,16384", help="numbers of ranks (comma-separated)")
    parser.add_argument("--callpaths", type=int, default=1000)
    parser.add_argument("--deep", type=int, default=1500, help="call-tree depth of the deep set (0: skip)")
    parser.add_argument("--before-bin", help="bin directory of a venv with the previous version installed")
    parser.add_argument("--in-process-limit-gb", type=float, default=12.0,
                        help="run in-process extrap only where 3x the per-rank values fit (default %(default)s GB)")
    parser.add_argument("--work", type=Path, default=None, help="directory for the generated sets (default: temp)")
    parser.add_argument("--out", type=Path, help="write the results as JSON")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="dask_memory.", dir=args.work))
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load = os.getloadavg()[0]
    try:
        rows = []
        for ranks in [int(r) for r in args.ranks.split(",") if r]:
            rows.append(run_size(ranks, args.callpaths, work, args.before_bin, args.in_process_limit_gb * 1e9))
            print(f"{ranks} ranks done: {json.dumps(rows[-1])}", file=sys.stderr, flush=True)
        deep = run_deep(args.deep, work, args.before_bin) if args.deep else None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{started}, load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end; "
          f"{POINTS} points x {args.callpaths} call paths x {METRICS} metrics x 1 repetition, Clustered modeler\n")
    print(table(rows, deep))
    if args.out:
        args.out.write_text(json.dumps({"started": started, "sizes": rows, "deep": deep}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
