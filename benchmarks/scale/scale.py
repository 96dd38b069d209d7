#!/usr/bin/env python3
"""Time and peak memory against size: stock ``extrap --cube`` + default modeler, ours in-process (jobs=1 and
all cores) and on Dask (LocalCluster of 2 workers, the client's peak memory), same files, same run.

    python benchmarks/scale/scale.py [--sizes 256x500,1024x2000,4096x1000] [--points 8 --metrics 2]
                                     [--out docs/img/scale] [--keep DIR]

For every size ``RANKSxCALLPATHS`` the set is generated with ``fixtures/generate_fixtures.py --large``
(seeded; 1 repetition), then every configuration runs once as its own process (``/usr/bin/time``
gives wall time and peak resident memory; for the Dask runs the client reports its own peak, the
workers are other processes). The in-process and Dask outputs of the same modeler are compared
byte for byte. Prints a markdown table, writes ``scale.json`` and a log-log plot ``scale.png``.
"""
from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def _generator():
    spec = importlib.util.spec_from_file_location("generate_fixtures", REPO / "fixtures" / "generate_fixtures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _timed(args: list[str]) -> dict:
    """Runs ``args`` under /usr/bin/time; wall seconds, peak RSS bytes, stdout digest, stderr."""
    run = subprocess.run(["/usr/bin/time", "-f", "@@ %e %M", *args], capture_output=True, text=True,
                         cwd=tempfile.gettempdir())
    if run.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed: {run.stderr[-2000:]}")
    wall, rss_kib = re.findall(r"@@ ([\d.]+) (\d+)", run.stderr)[-1]
    result = {"seconds": float(wall), "peak_bytes": int(rss_kib) * 1024,
              "digest": hashlib.sha256(run.stdout.encode()).hexdigest()[:16], "kernels": run.stdout.count("Model:")}
    client = re.search(r"client peak memory: (\d+) bytes", run.stderr)
    if client:
        result["client_peak_bytes"] = int(client.group(1))
        result["to_client_bytes"] = int(re.search(r"sent to the client: (\d+) bytes", run.stderr).group(1))
    return result


def configurations(path: Path, cores: int) -> dict[str, list[str]]:
    extrap, ours = str(BIN / "extrap"), str(BIN / "extrap-segmented")
    common = ["--disable-progress", "--print", "all"]
    runs = {"stock --cube default": [extrap, "--cube", str(path), "--modeler", "default", *common]}
    for modeler in ("segmented", "clustered"):
        for jobs in (1, cores):
            runs[f"{modeler} jobs={jobs}"] = [extrap, "--cube-ranks", str(path), "--modeler", modeler,
                                              "--options", f"jobs={jobs}", *common]
        runs[f"{modeler} dask 2 workers"] = [ours, "run", "--cube-ranks", str(path), "--modeler", modeler,
                                             "--scheduler", "local", "--workers", "2", "--stats", *common]
    return runs


def plot(results: list[dict], out: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from matplotlib.ticker import NullFormatter

    results = sorted(results, key=lambda r: r["ranks"] * r["callpaths"])
    names = list(dict.fromkeys(n for r in results for n in r["runs"]))
    fig, (ax_t, ax_m) = plt.subplots(1, 2, figsize=(10, 4))
    for name in names:
        having = [r for r in results if name in r["runs"]]
        x = [r["ranks"] * r["callpaths"] for r in having]
        ax_t.plot(x, [r["runs"][name]["seconds"] for r in having], marker="o", label=name)
        key = "client_peak_bytes" if "dask" in name else "peak_bytes"
        ax_m.plot(x, [r["runs"][name].get(key, r["runs"][name]["peak_bytes"]) / 1e9 for r in having], marker="o",
                  label=name + (" (client)" if "dask" in name else ""))
    x = [r["ranks"] * r["callpaths"] for r in results]
    for r in results:  # the product hides which dimension grew: per-kernel costs follow the call paths
        ax_t.annotate(f"{r['ranks']}x{r['callpaths']}", (r["ranks"] * r["callpaths"], 4), fontsize=6, rotation=90,
                      ha="center", va="bottom", color="grey")
    # slope 1 (cost proportional to ranks x call paths) through the first stock time, for reading the slopes
    first = results[0]["runs"].get("stock --cube default", {}).get("seconds", 1.0)
    ax_t.plot([x[0], x[-1]], [first, first * x[-1] / x[0]], "k:", label="slope 1")
    ax_m.plot(x, [r["raw_bytes"] / 1e9 for r in results], "k--", label="raw float64 per-rank values")
    for ax, label in ((ax_t, "wall time [s]"), (ax_m, "peak memory [GB]")):
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("ranks x call paths (8 points, 2 metrics)")
        ax.set_ylabel(label)
        ax.grid(True, which="both", alpha=0.3)
        ax.xaxis.set_minor_formatter(NullFormatter())
    ax_m.legend(fontsize=7)
    ax_t.legend(fontsize=7)
    ax_t.set_title("time (shared 2-core machine)")
    ax_m.set_title("peak memory")
    fig.tight_layout()
    fig.savefig(out / "scale.png", dpi=90)
    plt.close(fig)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="256x500,1024x500,1024x2000,4096x1000")
    parser.add_argument("--points", type=int, default=8)
    parser.add_argument("--metrics", type=int, default=2)
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "img" / "scale")
    parser.add_argument("--only", default="", help="comma-separated run names to keep (default: all)")
    parser.add_argument("--replot", nargs="+", type=Path, metavar="JSON",
                        help="only draw the plot of earlier scale.json files (merged) into --out")
    args = parser.parse_args()
    if args.replot:
        plot([r for path in args.replot for r in json.loads(path.read_text())], args.out)
        return 0
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    args.out.mkdir(parents=True, exist_ok=True)
    generate = _generator().generate_large
    results = []
    for size in args.sizes.split(","):
        ranks, callpaths = map(int, size.split("x"))
        with tempfile.TemporaryDirectory(prefix="scale-") as tmp:
            path = Path(tmp) / "bench"
            generate(path, points=args.points, ranks=ranks, n_paths=callpaths, n_metrics=args.metrics,
                     repetitions=1)
            row = {"ranks": ranks, "callpaths": callpaths, "points": args.points, "metrics": args.metrics,
                   "raw_bytes": args.points * ranks * callpaths * args.metrics * 8, "runs": {}}
            for name, command in configurations(path, cores).items():
                if args.only and name not in args.only.split(","):
                    continue
                row["runs"][name] = _timed(command)
                print(f"{ranks}x{callpaths} {name}: {row['runs'][name]}", file=sys.stderr, flush=True)
            results.append(row)
            (args.out / "scale.json").write_text(json.dumps(results, indent=1))
    names = list(results[0]["runs"])
    print("| ranks x call paths | raw per-rank MB | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 2) + "|")
    for r in results:
        stock = r["runs"].get("stock --cube default", {}).get("seconds")
        cells = []
        for name in names:
            run = r["runs"][name]
            text = f"{run['seconds']:.1f} s"
            if stock and name != "stock --cube default":
                text += f" ({run['seconds'] / stock:.2f}x)"
            memory = run.get("client_peak_bytes", run["peak_bytes"])
            text += f", {memory / 1e9:.2f} GB" + (" client" if "client_peak_bytes" in run else "")
            cells.append(text)
        print(f"| {r['ranks']} x {r['callpaths']} | {r['raw_bytes'] / 1e6:.0f} | " + " | ".join(cells) + " |")
    for r in results:
        for modeler in ("segmented", "clustered"):
            digests = {n: run["digest"] for n, run in r["runs"].items() if n.startswith(modeler)}
            print(f"{r['ranks']}x{r['callpaths']} {modeler}: outputs identical for jobs and Dask: "
                  f"{len(set(digests.values())) == 1} {digests}")
    plot(results, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
