"""Grid search behind the default detection's smooth-function comparison (core only, no Extra-P).

Runs `ChangePointSearch` (default "test" mode) on the protocol of `segmentation_accuracy.py`
(10 points, 5 + 5 when segmented, noise 0–15 %, both layouts, functions inside and outside
Extra-P's search space; plus 3+3 … 4+5 splits at 5 % noise), on seeds *other* than the
benchmark's, records per data set the statistics of the first detection, and re-decides offline
for several variants of the rule:

* ``none``: the one- vs two-segment test alone (``compare_smooth=False``);
* ``F``: two segments must also beat the smooth single function (`segment_costs.SmoothFitCost`)
  by the F limit;
* ``F+E r``: and, for the noisy rule, the smooth function's relative RMS error must exceed
  r × the error limit (the default is r = 0.5);

and the near-noise-free rule with or without its minimum of 3 residual degrees of freedom.
Prints max false positives at noise ≤ 5 % (out-of-space / in-space / point splits) and the
in-space correct % averaged over noise and layouts.

Usage:
    python benchmarks/segmentation/segmentation_grid.py [--seeds 79 80] [--datasets 1000]
"""
import argparse
import sys
import time

import numpy as np

from extrap_segmented.segmentation.search import ChangePointSearch
from extrap_segmented.segmentation.synthetic import make_series

NOISES = (0.0, 0.02, 0.05, 0.10, 0.15)
LAYOUTS = ("linear", "pow2")
SPLITS = ((3, 3), (3, 4), (4, 4), (4, 5))
MIN_RELATIVE_ERROR, F_LIMIT, EXACT_ERROR, EXACT_F = 0.06, 10.0, 0.005, 1e4


def record(series, cell):
    # the smallest minimum (n ≥ 6 gives ≥ 2), so the smooth statistics exist whenever a rule may fire
    search = ChangePointSearch(compare_smooth=True, exact_min_dof=2).fit(series.x, series.y)
    stats = search.statistics_[0]
    return dict(cell, seg=len(series.breakpoints) == 2, n=len(series.x), e1=stats["relative_error"], f1=stats["f"],
                fs=stats.get("f_smooth", np.nan), es=stats.get("smooth_relative_error", np.nan))


def collect(seed, count):
    rows = []
    for layout in LAYOUTS:
        for noise in NOISES:
            for space in (True, False):
                rng = np.random.default_rng([seed, LAYOUTS.index(layout), int(noise * 100), space])
                cell = dict(layout=layout, noise=noise, space=space, split="5+5", seed=seed)
                for _ in range(count):
                    rows.append(record(make_series(10, 0, layout=layout, noise=noise, in_search_space=space,
                                                   seed=rng), cell))
                    rows.append(record(make_series(5, 5, layout=layout, noise=noise, in_search_space=space,
                                                   seed=rng), cell))
        for left, right in SPLITS:
            rng = np.random.default_rng([seed, 7, LAYOUTS.index(layout), left, right])
            cell = dict(layout=layout, noise=0.05, space=True, split=f"{left}+{right}", seed=seed)
            for _ in range(count):
                rows.append(record(make_series(left + right, 0, layout=layout, noise=0.05, seed=rng), cell))
                rows.append(record(make_series(left, right, layout=layout, noise=0.05, seed=rng), cell))
    return rows


def decide(r, variant, exact_min_dof):
    noisy = r["e1"] > MIN_RELATIVE_ERROR and r["f1"] > F_LIMIT
    exact = r["n"] - 4 >= exact_min_dof and r["e1"] > EXACT_ERROR and r["f1"] > EXACT_F
    if variant == "none":
        return noisy or exact
    ratio = float(variant.split()[1]) if variant.startswith("F+E") else 0.0
    noisy = noisy and r["fs"] > F_LIMIT and r["es"] > ratio * MIN_RELATIVE_ERROR
    exact = exact and r["fs"] > EXACT_F
    return noisy or exact


def evaluate(rows, variant, exact_min_dof):
    cells = {}
    for r in rows:
        key = (r["seed"], r["layout"], r["noise"], r["space"], r["split"])
        flagged = decide(r, variant, exact_min_dof)
        fp, fn, count = cells.get(key, (0, 0, 0))
        cells[key] = (fp + (flagged and not r["seg"]), fn + (r["seg"] and not flagged), count + (not r["seg"]))
    fp_out = max(100 * fp / c for (_, _, nz, sp, spl), (fp, _, c) in cells.items() if nz <= .05 and not sp)
    fp_in = max(100 * fp / c for (_, _, nz, sp, spl), (fp, _, c) in cells.items()
                if nz <= .05 and sp and spl == "5+5")
    fp_split = max(100 * fp / c for (*_, spl), (fp, _, c) in cells.items() if spl != "5+5")
    correct = np.mean([100 - 50 * (fp + fn) / c for (_, _, _, sp, spl), (fp, fn, c) in cells.items()
                       if sp and spl == "5+5"])
    return fp_out, fp_in, fp_split, correct


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[79, 80])
    parser.add_argument("--datasets", type=int, default=1000, help="data sets per cell and kind and seed")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rows = [r for seed in args.seeds for r in collect(seed, args.datasets)]
    print(f"seeds {args.seeds}, {args.datasets} unsegmented + {args.datasets} segmented data sets per cell and seed")
    print("| rule | exact rule min dof | max FP ≤ 5 % out-of-space | in-space | point splits | correct in-space |")
    print("|---|---|---|---|---|---|")
    for variant in ("none", "F", "F+E 0.4", "F+E 0.5", "F+E 0.6"):
        for dof in (2, 3):
            fp_out, fp_in, fp_split, correct = evaluate(rows, variant, dof)
            print(f"| {variant} | {dof} | {fp_out:.1f} | {fp_in:.1f} | {fp_split:.1f} | {correct:.2f} |")
    print(f"wall time: {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
