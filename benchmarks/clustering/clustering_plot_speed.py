"""Seconds per ``plot_dir`` PNG of the Clustered modeler: the drawing before issue 16 against the current one,
same inputs, same run (target: <= 0.1 s per plot).

The inputs are what the modeler hands to ``extrap_segmented/adapters/clustering/plots.py`` for every kernel of the committed
fixtures (stencil2d-ps: 30 configurations of up to 256 ranks; gather-switch-p: 8 configurations of up to
1,024 ranks) plus a synthetic 8 x 16,384-rank kernel. The previous drawing (``tight_layout``, one Axes per
configuration) is loaded from git (``--before``, default the commit before the change); both are called
with the same arguments in one process, after one warm-up plot each (the first plot of a process also loads
fonts: reported separately).

Run: python benchmarks/clustering/clustering_plot_speed.py [--kernels N] [--before COMMIT]
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import types
import warnings
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[2]
BEFORE = "bc26422"  # main before the fast drawing


def load_before(commit: str):
    """The drawing module as it was at ``commit`` (None without git)."""
    try:
        source = subprocess.run(["git", "show", f"{commit}:extrap_segmented/clustering/plot.py"], cwd=REPO,
                                check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    module = types.ModuleType("plot_before")
    exec(compile(source, f"{commit}:plot.py", "exec"), module.__dict__)
    return module


def captured_inputs(fixture: str, limit: int) -> list:
    """Per kernel the arguments of both plots, as ``plots.plot_kernel`` builds them."""
    from extrap.modelers.model_generator import ModelGenerator
    from extrap_segmented.adapters.clustering import kernel as kernel_module, plots
    from extrap_segmented.adapters.cube.reader import CubeRankReader

    calls = []
    original = kernel_module.plot_kernel
    kernel_module.plot_kernel = lambda *args: calls.append(args)  # benchmark only: record, draw later
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            experiment = CubeRankReader().read_experiment(str(REPO / "fixtures" / "cube" / fixture))
            generator = ModelGenerator(experiment, modeler="clustered")
            generator.modeler.jobs = 1
            generator.modeler.plot_dir = tempfile.mkdtemp()
            generator.model_all()
    finally:
        kernel_module.plot_kernel = original
    inputs = []
    for _, callpath, metric, model, primary, configurations, coordinates, names in calls[:limit]:
        n = len(coordinates[0])
        values, counts = plots.cluster_plot_data(model, n - 1), plots.cluster_plot_data(model, 0)
        labels = plots._names(names, n)
        strips = ((primary, [c.labels for c in configurations], [c.names for c in configurations],
                   [str(tuple(c)) for c in coordinates], f"{callpath} ({metric}): per-rank values by cluster",
                   str(metric)), {"points": [tuple(map(float, c)) for c in coordinates], "parameter_names": labels})
        models = ((values, plots._axis_label(labels, n - 1, plots._held(values, n)), str(metric),
                   f"{callpath} ({metric}): clusters and models"),
                  {"count_clusters": counts, "count_xlabel": plots._axis_label(labels, 0, plots._held(counts, n))})
        inputs.append((strips, models))
    return inputs


def synthetic_inputs() -> list:
    """One kernel: 8 configurations of 16,384 ranks in 3 classes plus 2 outliers."""
    rng = np.random.default_rng(0)
    primary, labels, names = [], [], []
    for j in range(8):
        lab = rng.choice(3, 16384, p=[0.8, 0.15, 0.05])
        values = np.array([1.0, 1.5, 2.2])[lab] * (1 + 0.01 * j) * rng.uniform(0.99, 1.01, 16384)
        lab[:2], values[:2] = -1, 5.0
        primary.append(values), labels.append(lab), names.append(["C1", "C2", "C3"])
    points = [(2.0 ** (7 + j),) for j in range(8)]
    strips = ((primary, labels, names, [str(p) for p in points], "synthetic (time): per-rank values by cluster",
               "time"), {"points": points, "parameter_names": ["p"]})
    return [(strips, None)]


def time_plots(module, inputs, directory: Path, new: bool) -> dict:
    """Seconds per strip PNG and per models PNG (first call of each excluded as warm-up)."""
    times = {"ranks": [], "clusters": []}
    for k, (strips, models) in enumerate(inputs):
        args, options = strips
        start = time.perf_counter()
        module.plot_configuration_strips(directory / f"{k}-ranks.png", *args, **(options if new else {}))
        times["ranks"].append(time.perf_counter() - start)
        if models is not None:
            args, options = models
            start = time.perf_counter()
            module.plot_cluster_models(directory / f"{k}-clusters.png", *args, **options)
            times["clusters"].append(time.perf_counter() - start)
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kernels", type=int, default=8, help="kernels per fixture (default 8)")
    parser.add_argument("--before", default=BEFORE, help=f"commit of the previous drawing (default {BEFORE})")
    parser.add_argument("--keep", help="directory to keep the PNGs in (default: a temporary one)")
    arguments = parser.parse_args()
    from extrap_segmented.clustering import plot as current
    before = load_before(arguments.before)
    cases = [("stencil2d-ps (30 configurations, <= 256 ranks)", captured_inputs("stencil2d-ps", arguments.kernels)),
             ("gather-switch-p (8 configurations, <= 1,024 ranks)",
              captured_inputs("gather-switch-p", arguments.kernels)),
             ("synthetic (8 configurations, 16,384 ranks)", synthetic_inputs())]
    root = Path(arguments.keep or tempfile.mkdtemp())
    print("| kernels | plot | before [s/plot, median] | now [s/plot, median] | now, max | target <= 0.1 s |")
    print("|---|---|---:|---:|---:|---|")
    for name, inputs in cases:
        results = {}
        for label, module, new in (("before", before, False), ("now", current, True)):
            if module is None:
                continue
            directory = root / label / name.split()[0]
            directory.mkdir(parents=True, exist_ok=True)
            time_plots(module, inputs[:1], directory, new)  # warm-up (fonts, caches)
            results[label] = time_plots(module, inputs, directory, new)
        for plot in ("ranks", "clusters"):
            now = results["now"][plot]
            if not now:
                continue
            old = results.get("before", {}).get(plot)
            old_text = f"{statistics.median(old):.3f}" if old else "n/a"
            print(f"| {name}: {len(now)} | {plot} | {old_text} | {statistics.median(now):.3f} | {max(now):.3f} | "
                  f"{'met' if max(now) <= 0.1 else 'NOT met'} |")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "from extrap_segmented.clustering import plot as p; import numpy as np; "
                    "import tempfile; p.plot_configuration_strips(tempfile.mktemp(suffix='.png'), [np.arange(9.0)], "
                    "[np.zeros(9, int)], [['C1']], ['x'])"], check=True)
    print(f"\nfirst plot of a fresh process (imports, fonts) incl. interpreter start: "
          f"{time.perf_counter() - start:.2f} s")
    print(f"PNGs in {root}")


if __name__ == "__main__":
    main()
