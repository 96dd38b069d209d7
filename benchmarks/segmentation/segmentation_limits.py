"""Where the trend detection stops seeing changes: step size against noise level.

    python benchmarks/segmentation/segmentation_limits.py [--series 40] [--seed 5] [--run-spread 0.1]

A message-size sweep as the real ones (23 sizes 2^0 … 2^22, 5 repetitions per size): flat, then a
step by a factor ``s`` between 2^8 and 2^9 (the short-message limit of the real ping-pong), then
flat again; each repetition multiplied by exp(N(0, σ)) (log-normal noise of relative size σ), and
in 30 % of the sizes one repetition 1.5–3× slower (a busy core). Per cell: the share of series in
which the change is found at its interval, and the share with any other (false) change. Step 1.0
is the flat series (false changes only). The detection gets what the modeler gets from Extra-P's
summaries: values in no known order, aligned by rank
(:func:`~extrap_segmented.segmentation.noise.with_ranks_aligned`). ``--run-spread S`` also makes
whole runs slower or faster (repetition r multiplied by exp(N(0, S)) at every size, as in the
real sweeps, where each repetition is one ``mpirun``) and gives the detection what the modeler gets from kept values
(``extrap --keep-values``): the points with the runs' offsets removed
(:func:`~extrap_segmented.segmentation.noise.with_runs_aligned`). This characterises the
detector; it was not used to set any of its options (those came from the real sweeps,
docs/segmentation.md).
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from extrap_segmented.segmentation.noise import robust_point, with_ranks_aligned, with_runs_aligned
from extrap_segmented.segmentation.trend import TrendBreakSearch

STEPS = (1.0, 1.05, 1.1, 1.2, 1.5, 2.0, 3.0)
NOISE = (0.005, 0.01, 0.02, 0.05, 0.1, 0.2)


def cell(step: float, sigma: float, series: int, rng: np.random.Generator,
         run_spread: float = 0.0) -> tuple[float, float]:
    x = 2.0 ** np.arange(23)
    b = 9
    found = false = 0
    for _ in range(series):
        truth = np.where(np.arange(23) < b, 1.0, step)
        values = truth[:, None] * np.exp(rng.normal(0, sigma, (23, 5)))
        slow = rng.random(23) < 0.3
        values[slow, 0] *= rng.uniform(1.5, 3.0, slow.sum())
        if run_spread:
            values *= np.exp(rng.normal(0, run_spread, 5))[None, :]
        center, noise, reps = map(np.array, zip(*[robust_point(v) for v in values]))
        if run_spread:
            center, noise = with_runs_aligned(values, center, noise)
        else:  # what the modeler gets from Extra-P's summaries: values in no known order
            center, noise = with_ranks_aligned(values, center, noise)
        # and the repetitions, in their runs' order or in none, as the modeler passes them
        breaks = TrendBreakSearch().fit(x, center, noise=noise, repetitions=reps,
                                        runs=(values, bool(run_spread))).breakpoints_[:-1]
        found += step != 1.0 and b in breaks
        false += any(c != b or step == 1.0 for c in breaks)
    return 100.0 * found / series, 100.0 * false / series


def _spread(text: str) -> float:
    """A run spread σ: a finite number ≥ 0 (argparse reports anything else as bad input, exit 2)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not (np.isfinite(value) and value >= 0):
        raise argparse.ArgumentTypeError(f"must be a finite number >= 0, got {text!r}")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--series", type=int, default=40)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--run-spread", type=_spread, default=0.0,
                        help="σ of whole runs' log offsets, removed as from kept values (default 0: none)")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    start = time.perf_counter()
    print(f"seed {args.seed}, {args.series} series per cell, run spread {args.run_spread:g}; found % / false %")
    print("| noise σ | " + " | ".join(f"step ×{s:g}" for s in STEPS) + " |")
    print("|---|" + "---|" * len(STEPS))
    for sigma in NOISE:
        cells = [cell(s, sigma, args.series, rng, args.run_spread) for s in STEPS]
        print(f"| {100 * sigma:g} % | " + " | ".join(
            (f"– / {f:.0f}" if s == 1.0 else f"{d:.0f} / {f:.0f}") for s, (d, f) in zip(STEPS, cells)) + " |")
    print(f"wall time: {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
