"""How often smooth growth out of a flat part gets a switch right after growth starts (false).

    python benchmarks/segmentation/excess_null.py [--series 300] [--seed 3]

Every other size of a message-size sweep (2^0, 2^2, … 2^22 and 2^1, 2^3, … 2^21, the grids on
which :func:`~extrap_segmented.segmentation.trend.excess_jumps` judges gaps): a flat level 1, then
growth 1 + a·(x / x0)^p with no switch (x0 from 2^6 to 2^16, p from 0.7 to 1.3, a from 0.3 to 3:
α + β·x and its neighbours), 5 repetitions, each multiplied by exp(N(0, σ)), in 30 % of the sizes
one repetition 1.5–3× slower (a busy core), aligned by rank as the modeler does with Extra-P's
summaries (as ``segmentation_limits.py``). Per noise level and z² limit of the rule: the share of
series in which the trend search reports a change that the rule put there (it reports none
with the rule switched off), and the share with any change at all. Any change is false here;
the rule's share is what it adds. This characterises the rule; its limit (``GROWTH_JUMP_F_LIMIT``)
came from the real sweeps (docs/segmentation.md).
"""
from __future__ import annotations

import argparse
import time
from unittest import mock

import numpy as np

from extrap_segmented.segmentation import trend
from extrap_segmented.segmentation.noise import robust_point, with_ranks_aligned
from extrap_segmented.segmentation.trend import TrendBreakSearch

NOISE = (0.01, 0.03, 0.05, 0.1, 0.2)
LIMITS = (4.0, 6.0, trend.GROWTH_JUMP_F_LIMIT)


def sweep(rng: np.random.Generator, sigma: float) -> tuple[np.ndarray, np.ndarray]:
    """One smooth sweep at every other size (from 1 B or 2 B): sizes and repetitions (sizes × 5)."""
    x = 2.0 ** np.arange(rng.integers(0, 2), 23, 2)
    truth = 1.0 + rng.uniform(0.3, 3.0) * (x / 2.0 ** rng.integers(6, 17)) ** rng.uniform(0.7, 1.3)
    values = truth[:, None] * np.exp(rng.normal(0, sigma, (len(x), 5)))
    slow = rng.random(len(x)) < 0.3
    values[slow, 0] *= rng.uniform(1.5, 3.0, slow.sum())
    return x, values


def changes(x: np.ndarray, values: np.ndarray) -> list[int]:
    """The changes the trend search reports on a sweep, given as the modeler gives it from summaries."""
    center, noise, reps = map(np.array, zip(*[robust_point(v) for v in values]))
    center, noise = with_ranks_aligned(values, center, noise)
    search = TrendBreakSearch().fit(x, center, noise=noise, repetitions=reps, runs=(values, False))
    return list(search.breakpoints_[:-1])


def cell(sigma: float, f_limit: float, series: int, seed: int) -> tuple[float, float]:
    """(% of series with a change the rule added, % with any change) at noise ``sigma``."""
    rng = np.random.default_rng(seed)
    judge = trend.excess_jumps
    at_limit = mock.patch.object(trend, "excess_jumps", lambda u, v, s, least, rise, _: judge(u, v, s, least, rise,
                                                                                            f_limit))
    switched_off = mock.patch.object(trend, "excess_jumps", lambda *args: [])
    added = anything = 0
    for _ in range(series):
        x, values = sweep(rng, sigma)
        with at_limit:
            found = changes(x, values)
        anything += bool(found)
        if found:
            with switched_off:
                added += changes(x, values) != found
    return 100.0 * added / series, 100.0 * anything / series


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--series", type=int, default=300)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    if args.series < 1:
        parser.error(f"--series: must be an integer >= 1, got {args.series}")
    start = time.perf_counter()
    print(f"seed {args.seed}, {args.series} smooth series per cell (every other size, no switch); "
          "% of series with a false change the rule added / with any false change")
    print("| noise σ | " + " | ".join(f"z² > {limit:g}" for limit in LIMITS) + " |")
    print("|---|" + "---|" * len(LIMITS))
    for sigma in NOISE:
        cells = [cell(sigma, limit, args.series, args.seed) for limit in LIMITS]
        print(f"| {100 * sigma:g} % | " + " | ".join(f"{a:.1f} / {b:.1f}" for a, b in cells) + " |")
    print(f"wall time: {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
