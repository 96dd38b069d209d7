"""Calibrates ``noise_factor`` of the default detection by simulation (repetitions reveal the noise).

With repetitions, the error limit is ``noise_factor`` × pooled robust noise of the means ×
sqrt(F_0.99(n − 2, dof)) (`extrap_segmented.segmentation.noise`). This script draws unsegmented
and segmented series on the paper's protocol (10 points, 5 + 5 when segmented, layouts 1…10 and
2…1024, functions from Extra-P's search space and, for the false-positive side, also outside it),
each value the mean of r repetitions with uniform relative noise ±x, and re-decides every series
for a grid of factors with the search's own decision (`SignificanceSearch._test_decision` on the
whole series, the smooth fit computed once per series). It prints, per factor, the largest
false-positive rate over the cells with noise ≤ 5 % and r = 2…10 (target ≤ 1 %) and the share of
*visible* changes flagged (the best smooth single function misses the noise-free series by ≥ 2×
the noise level). The default factor is the smallest with max FP ≤ 1 % on this run and on a
second seed.

Usage:
    .venv/bin/python benchmarks/segmentation/segmentation_calibration.py [--datasets N] [--seed S]
"""
import argparse
import sys
import time

import numpy as np

from extrap_segmented.segmentation.noise import repetition_noise
from extrap_segmented.segmentation.significance import SignificanceSearch
from extrap_segmented.segmentation.synthetic import make_series, smooth_misfit
from extrap_segmented.segmentation.window import split_candidates

FACTORS = (0.6, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.5, 2.0)
NOISES = (0.005, 0.01, 0.02, 0.05)
REPETITIONS = (2, 3, 5, 10)
LAYOUTS = ("linear", "pow2")


class _Memo:
    """Caches a cost's ``errors`` (the smooth fit of one series is needed once, not per factor)."""

    def __init__(self, cost):
        self.cost, self.cache = cost, {}

    def errors(self, starts, stops):
        key = (tuple(starts), tuple(stops))
        if key not in self.cache:
            self.cache[key] = self.cost.errors(starts, stops)
        return self.cache[key]


def flags(series):
    """Per factor of FACTORS: would the whole series be segmented?"""
    noise, reps = repetition_noise(series.samples.T)
    search = SignificanceSearch(max_change_points=0).fit(series.x, series.y, noise=noise, repetitions=reps)
    n = len(series.x)
    candidates = split_candidates(0, n, search.min_segment_size)
    bounds = [(0, n)] + [(0, b) for b, _ in candidates] + [(b - s, n) for b, s in candidates]
    costs = search.cost_.errors([a for a, _ in bounds], [b for _, b in bounds])
    k = len(candidates)
    one, two = costs[0], costs[1:1 + k] + costs[1 + k:]
    search.smooth_cost_ = _Memo(search.smooth_cost_)
    result = []
    for factor in FACTORS:
        search.noise_factor = factor
        result.append(search._test_decision(one, two, 0, n)[0])
    return np.array(result)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--datasets", type=int, default=400, help="series per cell and kind")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    fp_rows, detection = [], {f: [0, 0] for f in FACTORS}
    for layout in LAYOUTS:
        for noise in NOISES:
            for r in REPETITIONS:
                for space in (True, False):
                    rng = np.random.default_rng([args.seed, LAYOUTS.index(layout), int(noise * 1000), r, space])
                    fp = np.zeros(len(FACTORS))
                    for _ in range(args.datasets):
                        fp += flags(make_series(10, 0, layout=layout, noise=noise, in_search_space=space, seed=rng,
                                                repetitions=r))
                        if space:
                            seg = make_series(5, 5, layout=layout, noise=noise, seed=rng, repetitions=r)
                            if smooth_misfit(seg.x, seg.truth) >= 2 * noise:
                                hit = flags(seg)
                                for f, h in zip(FACTORS, hit):
                                    detection[f][0] += h
                                    detection[f][1] += 1
                    fp_rows.append(((layout, noise, r, "in" if space else "out"), 100 * fp / args.datasets))
    print(f"seed {args.seed}, {args.datasets} unsegmented (+ {args.datasets} segmented in-space) series per cell")
    print("\nfalse positives % per cell and noise_factor")
    print("| layout | noise | r | space | " + " | ".join(f"k={f:g}" for f in FACTORS) + " |")
    print("|---|---|---|---|" + "---|" * len(FACTORS))
    for (layout, noise, r, space), fp in fp_rows:
        print(f"| {layout} | {noise:.1%} | {r} | {space} | " + " | ".join(f"{v:.2f}" for v in fp) + " |")
    print("\n| noise_factor | max FP % in-space | max FP % outside the space | visible changes flagged % |")
    print("|---|---|---|---|")
    for i, f in enumerate(FACTORS):
        fin = max(fp[i] for key, fp in fp_rows if key[3] == "in")
        fout = max(fp[i] for key, fp in fp_rows if key[3] == "out")
        hit, total = detection[f]
        print(f"| {f:g} | {fin:.2f} | {fout:.2f} | {100 * hit / max(total, 1):.2f} ({total} sets) |")
    print(f"\nwall time: {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
