"""Accuracy of the per-rank classifier: the new default ("adaptive") against the paper's rule, same run.

Generated spreads (seeded; every case one configuration of one kernel, values > 0):

* **continuous**: log-normal per-rank values, sigma 0.1-0.6, 16 to 4,096 ranks; repetition noise 2 %.
  Fragmented = split into more than two classes (outliers not counted as classes).
* **separated**: k = 2..5 classes, each rank ``center * exp(noise * z)`` (z standard normal,
  noise 1-8 %), at least two ranks per class; classes are placed so that the empty gap between
  adjacent classes (largest rank median of one to smallest of the next, log scale) is 3-6x the
  noise. Exact = the labels equal the true classes (up to nothing: classes are numbered ascending).
* **mixture**: 1-3 separated classes (32 to 4,096 ranks) plus 1-3 outlier ranks, each 1.5-5x above
  the largest class (or as far below the smallest), mutually at least 20 % and 6x the noise apart. Exact = classes
  exact and every outlier labelled -1 (adaptive) / in a class of its own (paper rule and Ckmeans,
  which have no outliers; judged leniently).
* 1-5 repetitions per case: rank values are medians of repetitions with noise/2 repetition noise.

With ``ckwrap`` installed (``pip install ckwrap``), Ckmeans.1d.dp with its BIC model selection on the
log values runs in the same loop as a third classifier (the alternative the issue names).

Run: python benchmarks/clustering/clustering_accuracy.py [--cases N] [--png-dir docs/img/clustering]
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from extrap_segmented.clustering.classify import classify_ranks

RANKS = (16, 64, 256, 1024, 4096)


def _repetitions(rng, rank_values, noise, repetitions):
    """(repetitions, ranks) with multiplicative noise whose per-rank median is exactly ``rank_values``."""
    matrix = rank_values[None, :] * np.exp(rng.normal(0, noise, (repetitions, rank_values.size)))
    return matrix / np.median(matrix, axis=0) * rank_values


def continuous(rng):
    n, sigma, reps = int(rng.choice(RANKS)), rng.uniform(0.1, 0.6), int(rng.integers(1, 6))
    values = np.exp(rng.normal(0, sigma, n)) * 10 ** rng.uniform(-6, 3)
    return _repetitions(rng, values, 0.02, reps), None, dict(n=n, sigma=sigma, reps=reps)


def _classes(rng, n, k, noise):
    """Per-rank log values of k classes with empty gaps of 3-6x noise, true labels ascending."""
    sizes = np.full(k, 2) + rng.multinomial(n - 2 * k, rng.dirichlet(np.ones(k)))
    labels = np.repeat(np.arange(k), sizes)
    logs = rng.normal(0, noise, n)
    top = -np.inf
    for c in range(k):
        members = labels == c
        if c:
            logs[members] += top + rng.uniform(3, 6) * noise - logs[members].min()
        top = logs[members].max()
    return logs, labels


def separated(rng):
    n, k, noise, reps = int(rng.choice(RANKS)), int(rng.integers(2, 6)), rng.uniform(0.01, 0.08), \
        int(rng.integers(1, 6))
    logs, labels = _classes(rng, n, k, noise)
    perm = rng.permutation(n)
    values = np.exp(logs[perm] + rng.uniform(-10, 5))
    return _repetitions(rng, values, noise / 2, reps), labels[perm], dict(n=n, k=k, noise=noise, reps=reps)


def mixture(rng):
    n, k, noise, reps = int(rng.choice(RANKS[1:])), int(rng.integers(1, 4)), rng.uniform(0.01, 0.08), \
        int(rng.integers(1, 6))
    n_out = int(rng.integers(1, 4))
    logs, labels = _classes(rng, n, k, noise)
    high = rng.random() < 0.5
    factors = np.log(1.5) + np.cumsum(np.concatenate(([0.0], rng.uniform(max(np.log(1.2), 6 * noise), 0.6, n_out - 1))))
    factors = np.minimum(factors, np.log(5.0))
    outliers = logs.max() + factors if high else logs.min() - factors
    logs = np.concatenate((logs, outliers))
    labels = np.concatenate((labels if high else labels + 0, np.full(n_out, -1)))
    perm = rng.permutation(logs.size)
    values = np.exp(logs[perm] + rng.uniform(-10, 5))
    return _repetitions(rng, values, noise / 2, reps), labels[perm], dict(n=n, k=k, noise=noise, reps=reps,
                                                                          outliers=n_out)


try:  # optional: the alternative the issue suggests, compared in the same run when installed
    import ckwrap

    def ckmeans_labels(matrix, k_max=9):
        """Optimal 1-D k-means of the log rank medians, k (1..k_max) chosen by ckwrap's BIC; no outliers."""
        logs = np.log(np.median(matrix, axis=0))
        if np.ptp(logs) == 0:
            return np.zeros(logs.size, dtype=np.int64)
        return np.asarray(ckwrap.ckmeans(logs, (1, min(k_max, logs.size))).labels, dtype=np.int64)
except ImportError:
    ckmeans_labels = None


def n_classes(labels):
    return int(np.unique(labels[labels >= 0]).size)


def exact(labels, truth, lenient_outliers=False):
    """Same partition as ``truth`` (outliers -1); lenient: an outlier may instead be a class of one."""
    if lenient_outliers:
        out = truth < 0
        alone = np.array([np.count_nonzero(labels == labels[i]) == 1 for i in np.flatnonzero(out)], dtype=bool)
        if not alone.all():
            return False
        keep = ~out
        _, remapped = np.unique(labels[keep], return_inverse=True)
        return np.array_equal(remapped, truth[keep])
    return np.array_equal(labels, truth)


def evaluate(cases, seed=2026):
    rng = np.random.default_rng(seed)
    modes = {"adaptive (default)": dict(mode="adaptive"), "paper rule (10 %)": dict(mode="paper")}
    if ckmeans_labels is not None:
        modes["Ckmeans.1d.dp + BIC, log scale (ckwrap)"] = dict(mode="ckmeans")
    rows = {name: dict(frag=0, cont=0, exact=0, sep=0, mix_exact=0, mix=0, found=0, planted=0, false_out=0,
                       ranks_clean=0, time=0.0, by_sigma={}, by_ranks={}, by_k={}) for name in modes}
    failures = []
    for kind, make, count in (("continuous", continuous, cases), ("separated", separated, cases),
                              ("mixture", mixture, cases)):
        for _ in range(count):
            matrix, truth, info = make(rng)
            for name, options in modes.items():
                start = time.perf_counter()
                labels = (ckmeans_labels(matrix) if options["mode"] == "ckmeans"
                          else classify_ranks(matrix, **options))
                row = rows[name]
                row["time"] += time.perf_counter() - start
                paper = options["mode"] != "adaptive"  # classifiers without outliers: judged leniently
                if kind == "continuous":
                    row["cont"] += 1
                    row["frag"] += n_classes(labels) > 2
                    bucket = row["by_sigma"].setdefault(round(min(info["sigma"], 0.599) // 0.1 / 10, 1), [0, 0])
                    bucket[0] += n_classes(labels) > 2
                    bucket[1] += 1
                    row["false_out"] += np.count_nonzero(labels < 0)
                    row["ranks_clean"] += labels.size
                elif kind == "separated":
                    row["sep"] += 1
                    ok = exact(labels, truth)
                    row["exact"] += ok
                    for key, value in (("by_ranks", info["n"]), ("by_k", info["k"])):
                        bucket = row[key].setdefault(value, [0, 0])
                        bucket[0] += ok
                        bucket[1] += 1
                    row["false_out"] += np.count_nonzero(labels < 0)
                    row["ranks_clean"] += labels.size
                    if not ok and not paper:
                        failures.append((kind, info, n_classes(labels)))
                else:
                    row["mix"] += 1
                    ok = exact(labels, truth, lenient_outliers=paper)
                    row["mix_exact"] += ok
                    row["found"] += np.count_nonzero(labels[truth < 0] < 0)
                    row["planted"] += np.count_nonzero(truth < 0)
                    if not ok and not paper:
                        failures.append((kind, info, n_classes(labels)))
    return rows, failures


def speed(repeat=3):
    rng = np.random.default_rng(0)
    values = rng.choice([1.0, 1.5, 2.0, 3.0], size=1_000_000) * np.exp(rng.normal(0, 0.01, 1_000_000))
    best = {}
    for mode in ("adaptive", "paper"):
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            classify_ranks(values, mode=mode)
            times.append(time.perf_counter() - start)
        best[mode] = min(times)
    if ckmeans_labels is not None:
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            ckmeans_labels(values[None, :])
            times.append(time.perf_counter() - start)
        best["Ckmeans.1d.dp + BIC (ckwrap, k <= 9)"] = min(times)
    return best


def plot_cases(directory):
    """Sorted per-rank values of three generated cases, colored by class, adaptive vs paper rule."""
    from pathlib import Path

    import matplotlib
    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    rng = np.random.default_rng(7)
    logs = rng.normal(0, 0.5, 256)
    continuous_case = np.exp(logs)[None, :] * np.exp(rng.normal(0, 0.02, (3, 256)))
    class_logs, _ = _classes(rng, 256, 4, 0.015)
    separated_case = np.exp(class_logs)[None, :]
    mix_logs, _ = _classes(rng, 128, 2, 0.05)
    mix_logs = np.concatenate((mix_logs, mix_logs.max() + np.log([1.8, 3.0])))
    mixture_case = np.exp(mix_logs)[None, :] * np.exp(rng.normal(0, 0.01, (2, mix_logs.size)))
    cases = [("continuous: log-normal sigma 0.5, 256 ranks", continuous_case),
             ("4 classes, noise 1.5 %, gaps 3-6x noise", separated_case),
             ("2 classes (noise 5 %) + 2 outlier ranks", mixture_case)]
    fig = Figure(figsize=(11, 7.5))
    axes = fig.subplots(len(cases), 2, squeeze=False)
    colors = matplotlib.colormaps["tab10"]
    for row, (title, matrix) in enumerate(cases):
        values = np.median(matrix, axis=0)
        order = np.argsort(values)
        for column, mode in enumerate(("adaptive", "paper")):
            ax = axes[row, column]
            labels = classify_ranks(matrix, mode=mode)[order]
            x = np.arange(values.size)
            kept = labels >= 0
            ax.scatter(x[kept], values[order][kept], s=7, c=[colors(l % 10) for l in labels[kept]])
            if (~kept).any():
                ax.scatter(x[~kept], values[order][~kept], s=40, marker="x", color="black", label="outlier (-1)")
                ax.legend(fontsize=7, loc="upper left")
            ax.set_yscale("log")
            name = "adaptive (default)" if mode == "adaptive" else "paper rule (10 %)"
            ax.set_title(f"{title}\n{name}: {n_classes(labels)} classes, {np.count_nonzero(~kept)} outliers",
                         fontsize=8)
            ax.tick_params(labelsize=7)
            ax.set_xlabel("ranks, sorted by value", fontsize=7)
    fig.tight_layout()
    path = Path(directory) / "clustering_cases.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    print(f"\nwrote {path}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=1000, help="cases per kind (default 1000)")
    parser.add_argument("--failures", action="store_true", help="list the adaptive mode's failed cases")
    parser.add_argument("--png-dir", help="write example plots (clustering_cases.png) into this directory")
    args = parser.parse_args(argv)
    rows, failures = evaluate(args.cases)
    print(f"{args.cases} cases per kind (seed 2026)\n")
    print("| classifier | continuous fragmented (> 2 classes) | separated exact | mixture exact | "
          "outliers found | ranks wrongly set aside (continuous + separated) | time [s] |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, r in rows.items():
        print(f"| {name} | {100 * r['frag'] / r['cont']:.1f} % | {100 * r['exact'] / r['sep']:.1f} % | "
              f"{100 * r['mix_exact'] / r['mix']:.1f} % | {r['found']} of {r['planted']} | "
              f"{r['false_out']} of {r['ranks_clean']} | {r['time']:.2f} |")
    best = speed()
    print("\n| 1,000,000 values (4 classes, 1 % noise) | best of 3 [s] | target < 0.5 s |")
    print("|---|---:|---|")
    for mode, seconds in best.items():
        print(f"| {mode} | {seconds:.3f} | {'met' if seconds < 0.5 else 'NOT met'} |")
    print("\n| classifier | fragmented, by log-normal sigma " +
          " | ".join(f"{b:.1f}-{b + 0.1:.1f}" for b in sorted(rows[next(iter(rows))]["by_sigma"])) + " |")
    print("|---|" + "---:|" * (len(rows[next(iter(rows))]["by_sigma"]) + 0))
    for name, r in rows.items():
        print(f"| {name} | " + " | ".join(f"{100 * a / b:.1f} %" for _, (a, b) in sorted(r["by_sigma"].items())) + " |")
    for key, title in (("by_ranks", "ranks"), ("by_k", "classes k")):
        keys = sorted(rows[next(iter(rows))][key])
        print(f"\n| separated exact, by {title} | " + " | ".join(str(k) for k in keys) + " |")
        print("|---|" + "---:|" * len(keys))
        for name, r in rows.items():
            print(f"| {name} | " + " | ".join(f"{100 * r[key][k][0] / r[key][k][1]:.1f} %" for k in keys) + " |")
    if args.png_dir:
        plot_cases(args.png_dir)
    if args.failures:
        for failure in failures:
            print(failure)


if __name__ == "__main__":
    main()
