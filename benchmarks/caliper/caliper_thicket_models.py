#!/usr/bin/env python3
"""Models of Thicket's public MPI scaling data with this package, compared with Thicket's ``model_extrap``.

Data (not committed): LLNL/thicket ``thicket/tests/data/mpi_scaling_cali/`` — LULESH profiles at
27, 64, 125, 216 and 343 ranks, written by Caliper's ``spot`` configuration (Min/Max/Avg time per
rank and Total time of every region). Point the script at that directory (or set
``EXTRAP_SEGMENTED_THICKET_DATA``); without it the script says so and exits 0.

It prints, in one run:

1. reading time of ``--caliper`` (caliper-reader + arrays) against ``Thicket.from_caliperreader``;
2. the models of the main regions (largest average time per rank at 343 ranks) for
   ``Avg time/rank``, from ``extrap --caliper`` (Extra-P's default modeler) and from Thicket's
   ``Modeling.produce_models`` on the same files, with their values at 343 and 1000 ranks;
3. the imbalance (max/avg) models of the same regions, and what segmented, clustered (per-rank
   summary) and expectation (``O(log p)`` for MPI calls, ``O(1)`` for the rest) say through
   :func:`extrap_segmented.adapters.thicket.bridge.model_thicket`;
4. with ``--plot FILE``: a PNG of measured Min/Avg/Max per rank and the models, and the imbalance.

``--large N`` also times reading one synthetic per-rank profile of N ranks x 500 regions.

Usage::

    python benchmarks/caliper/caliper_thicket_models.py <thicket checkout>/thicket/tests/data/mpi_scaling_cali \
        --plot docs/img/caliper/lulesh_mpi_scaling.png
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np

MPI_PREFIX = "MPI_"


def _best(function, rounds: int = 3) -> tuple[float, object]:
    best, result = math.inf, None
    for _ in range(rounds):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def _text(model, name: str) -> str:
    from extrap_segmented.adapters.clustering.text import readable_function
    return readable_function(model.hypothesis.function, [name]) if model is not None else "-"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="?", default=os.environ.get("EXTRAP_SEGMENTED_THICKET_DATA", ""),
                        help="the mpi_scaling_cali directory (default: $EXTRAP_SEGMENTED_THICKET_DATA)")
    parser.add_argument("--regions", type=int, default=8, help="main regions shown (default: %(default)s)")
    parser.add_argument("--plot", type=Path, help="write the figure here (PNG)")
    parser.add_argument("--large", type=int, default=0, metavar="RANKS",
                        help="also time one synthetic per-rank profile of RANKS ranks x 500 regions")
    args = parser.parse_args(argv)
    data = Path(args.data) if args.data else None
    if data is None or not data.is_dir() or not list(data.glob("*.cali")):
        print(f"skipped: Thicket's mpi_scaling_cali data not found ({args.data or 'no path given'}); fetch "
              "LLNL/thicket and pass thicket/tests/data/mpi_scaling_cali")
        return 0
    try:
        import thicket  # noqa: F401
        from thicket.model_extrap import Modeling
    except ImportError:
        print('skipped: llnl-thicket is not installed (pip install "extrap-segmented[thicket]")')
        return 0
    warnings.simplefilter("ignore")
    from extrap.entities.callpath import Callpath
    from extrap.entities.metric import Metric
    from extrap.modelers.model_generator import ModelGenerator

    from extrap_segmented.adapters.caliper.reader import read_caliper_experiment
    from extrap_segmented.adapters.thicket.bridge import model_thicket
    from extrap_segmented.caliper.series import read_caliper

    files = sorted(data.glob("*.cali"))
    print(f"data: {data} ({len(files)} profiles)\n")

    # 1. reading
    ours, series = _best(lambda: read_caliper(data))
    theirs, _ = _best(lambda: thicket.Thicket.from_caliperreader([str(f) for f in files], disable_tqdm=True))
    print("| reader | read time (s), best of 3 |\n|---|---|")
    print(f"| --caliper arrays (read_caliper) | {ours:.3f} |\n| Thicket.from_caliperreader | {theirs:.3f} |\n")

    # 2. models: extrap --caliper (default modeler) against Thicket's Modeling
    experiment = read_caliper_experiment(data, parameters="jobsize")
    generator = ModelGenerator(experiment, modeler="default")
    generator.model_all()
    avg = series.values["Avg time/rank"]
    last = avg[-1][:, :, 0].mean(axis=1)
    order = [c for c in np.argsort(-last) if not np.isnan(last[c])][: args.regions]
    regions = [series.callpaths[c] for c in order]
    tk = thicket.Thicket.from_caliperreader([str(f) for f in files], disable_tqdm=True)
    Modeling(tk, "jobsize", chosen_metrics=["Avg time/rank", "Max time/rank"]).produce_models(add_stats=False)
    stats = tk.statsframe.dataframe
    by_path = {}
    for node in stats.index:
        path = "->".join(n.frame["name"] for n in node.paths()[0])
        by_path[path] = node
    print("| region | Avg time/rank at 27 / 343 ranks (s) | extrap --caliper model | Thicket model_extrap | "
          "both at 343 | both at 1000 |\n|---|---|---|---|---|---|")
    agree = 0
    for path, c in zip(regions, order):
        mine = generator.models[(Callpath(path), Metric("Avg time/rank"))]
        theirs_model = stats.at[by_path[path], "Avg time/rank_extrap-model"].mdl
        values = [mine.hypothesis.function.evaluate(p) for p in (343.0, 1000.0)]
        reference = [theirs_model.hypothesis.function.evaluate(p) for p in (343.0, 1000.0)]
        same = all(math.isclose(a, b, rel_tol=1e-9) for a, b in zip(values, reference))
        agree += same
        print(f"| {path.split('->')[-1]} | {avg[0][c, 0, 0]:.3g} / {avg[-1][c, 0, 0]:.3g} | "
              f"{_text(mine, 'p')} | {_text(theirs_model, 'p')} | {values[0]:.4g} / {reference[0]:.4g} | "
              f"{values[1]:.4g} / {reference[1]:.4g}{'' if same else ' (differ)'} |")
    print(f"\nsame model function (evaluated at 343 and 1000 ranks, rel. 1e-9): {agree} of {len(regions)} regions\n")

    # 3. imbalance and this package's modelers through the Thicket bridge
    start = time.perf_counter()
    results = {name: model_thicket(tk, "jobsize", modeler=name, metrics=["Avg time/rank"],
                                   options=None if name != "expectation" else {"expectation": "O(1)"})
               for name in ("default", "segmented", "clustered", "expectation")}
    logp = model_thicket(tk, "jobsize", modeler="expectation", metrics=["Avg time/rank"], imbalance=False,
                         options={"expectation": "O(log jobsize)"})
    elapsed = time.perf_counter() - start
    rows = {"->".join(n.frame["name"] for n in node.paths()[0]): node for node in results["default"].index}
    imbalance = "Imbalance time/rank (max/avg)"
    print("| region | max/avg at 27 ... 343 ranks | imbalance model | clustered (summary) at 343 | "
          "segmented | expectation |\n|---|---|---|---|---|---|")
    for path, c in zip(regions, order):
        node = rows[path]
        ratios = [series.values[imbalance][i][c, 0, 0] for i in range(len(series.points))]
        clustered = results["clustered"].at[node, "Avg time/rank_extrap"]
        pattern = next((n for n in getattr(clustered, "notes", []) if n.startswith("per configuration")), "")
        at_last = pattern.rsplit(";", 1)[-1].split(" at ")[0].strip() if pattern else "-"
        last_label = next((part.split(" at ")[0].strip() for part in pattern.split(": ", 1)[-1].split("; ")
                           if "=343" in part), at_last)
        segments = results["segmented"].at[node, "Avg time/rank_change_points"]
        mpi = path.split("->")[-1].startswith(MPI_PREFIX)
        verdict = (logp if mpi else results["expectation"]).at[node, "Avg time/rank_verdict"]
        print(f"| {path.split('->')[-1]} | {' '.join(f'{r:.3g}' for r in ratios)} | "
              f"{_text(results['default'].at[node, imbalance + '_extrap'], 'p')} | {last_label} | "
              f"{'change ' + str(segments) if segments else 'no change'} | "
              f"{'O(log p)' if mpi else 'O(1)'}: {verdict} |")
    print(f"\nfour modelers + one expectation run through model_thicket: {elapsed:.2f} s")

    if args.plot:
        _plot(args.plot, series, regions, order, generator, results["default"], rows, imbalance)
        print(f"wrote {args.plot}")
    if args.large:
        _large(args.large)
    return 0


def _plot(target: Path, series, regions, order, generator, default, rows, imbalance) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from extrap.entities.callpath import Callpath
    from extrap.entities.metric import Metric

    # three regions of different character: a compute phase, the phase with a few slow ranks, the collective
    wanted = ("LagrangeNodal", "CalcVolumeForceForElems", "MPI_Allreduce")
    shown = [next(r for r in regions if r.split("->")[-1] == w) for w in wanted
             if any(r.split("->")[-1] == w for r in regions)] or regions[:3]
    x = np.array([p[0] for p in series.points])
    grid = np.geomspace(x.min(), x.max() * 1.5, 100)
    figure, axes = plt.subplots(2, 2, figsize=(10, 7.5))
    axes = axes.ravel()

    def ranks_axis(axis):
        axis.set_xscale("log")
        axis.set_xticks(x, [f"{v:g}" for v in x])
        axis.minorticks_off()
        axis.set_xlabel("ranks (jobsize)")
        axis.grid(alpha=0.3)

    for axis, path in zip(axes, shown):
        c = series.callpaths.index(path)
        for name, color in (("Min time/rank", "tab:green"), ("Avg time/rank", "tab:blue"),
                            ("Max time/rank", "tab:red")):
            y = [series.values[name][i][c, 0, 0] for i in range(len(x))]
            axis.plot(x, y, "o", color=color, label=f"{name} (measured)")
            model = generator.models[(Callpath(path), Metric(name))]
            axis.plot(grid, [model.hypothesis.function.evaluate(g) for g in grid], "-", color=color, alpha=0.7)
        ranks_axis(axis)
        axis.set_title(path.split("->")[-1], fontsize=10)
        axis.set_ylabel("time per rank (s)")
    axes[0].legend(fontsize=7)
    axis = axes[-1]
    for path in shown:
        c = series.callpaths.index(path)
        y = [series.values[imbalance][i][c, 0, 0] for i in range(len(x))]
        line, = axis.plot(x, y, "o", label=path.split("->")[-1])
        model = default.at[rows[path], imbalance + "_extrap"]
        axis.plot(grid, [model.hypothesis.function.evaluate(g) for g in grid], "-", color=line.get_color(),
                  alpha=0.7)
    ranks_axis(axis)
    axis.set_title("Imbalance time/rank (max/avg) and its models", fontsize=10)
    axis.axhline(1.0, color="grey", linewidth=0.8)
    axis.legend(fontsize=7)
    figure.suptitle("LULESH, Thicket's mpi_scaling_cali: measured (dots) and Extra-P default models (lines)",
                    fontsize=11)
    figure.tight_layout()
    target.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(target, dpi=90)


def _large(ranks: int) -> None:
    import caliperreader
    import thicket

    from extrap_segmented.caliper.profile import read_cali
    from extrap_segmented.caliper.writer import write_cali
    regions = 500
    paths = ["main"] + [f"main->r{i // 50}->k{i}" for i in range(regions - 1)]
    values = np.random.default_rng(1).uniform(0.5, 1.5, size=(len(paths), ranks))
    with tempfile.TemporaryDirectory() as directory:
        target = Path(directory) / "large.cali"
        write_cali(target, paths, {"sum#time.duration": values}, ranks=list(range(ranks)),
                   globals={"mpi.world.size": ranks}, channel=None)
        size = target.stat().st_size / 1e6
        ours, _ = _best(lambda: read_cali(target), rounds=3)
        parse, _ = _best(lambda: caliperreader.CaliperReader().read(str(target)), rounds=3)
        try:
            theirs, _ = _best(lambda: thicket.Thicket.from_caliperreader([str(target)], disable_tqdm=True), rounds=3)
            theirs_text = f"{theirs:.2f}"
        except Exception as error:  # Hatchet's per-rank reading fails on some layouts
            theirs_text = f"failed ({type(error).__name__})"
    records = len(paths) * ranks
    print(f"\nper-rank profile: {ranks} ranks x {len(paths)} regions = {records} records, {size:.1f} MB")
    print("| reader | time (s) | records/s |\n|---|---|---|")
    print(f"| read_cali (caliper-reader + arrays) | {ours:.2f} | {records / ours:,.0f} |")
    print(f"| caliper-reader's CaliperReader.read alone | {parse:.2f} | {records / parse:,.0f} |")
    print(f"| Thicket.from_caliperreader | {theirs_text} | |")


if __name__ == "__main__":
    sys.exit(main())
