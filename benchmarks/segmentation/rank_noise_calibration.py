"""Calibrates the rank alignment's noise factors (``RANK_NOISE_FACTORS``, ``RANK_POOLED_FACTORS``
of `extrap_segmented.segmentation.noise`) by simulation.

    python benchmarks/segmentation/rank_noise_calibration.py [--series 1500] [--seed 2]

Series of 23 sizes, each with r independent log-normal repetitions of relative size σ (no step, no
run offsets: the case where the rank alignment must not make the noise look smaller than it is).
Per r and σ, the factor is the standard deviation of the rank-aligned value of a point (over the
sizes, averaged over the series) divided by the typical uncalibrated noise estimate (its median
over the sizes, averaged over the series): from the point's own residuals and from the residuals
pooled over ``RANK_RADIUS`` sizes on each side. With the factors in force, the last two columns
are the typical calibrated noise over that standard deviation (1.00: as large as the true noise;
the noise used is the larger of the two estimates, so somewhat above 1).
"""
from __future__ import annotations

import argparse

import numpy as np

from extrap_segmented.segmentation import noise as noise_module

SIGMAS = (0.02, 0.05, 0.1, 0.2)
SIZES = 23


def calibrate(ranks: int, sigma: float, series: int, rng: np.random.Generator) -> tuple[float, float, float, float]:
    """(own factor, pooled factor, calibrated own noise / sd, calibrated noise used / sd)."""
    spread, own, pooled, used = [], [], [], []
    for _ in range(series):
        values = np.exp(rng.normal(0.0, sigma, (SIZES, ranks)))
        center, own_noise, pooled_noise = noise_module.rank_fit(values)
        spread.append(np.std(np.log(center)))
        own.append(np.median(own_noise))  # a point's typical estimate: the MAD of a few residuals is skewed
        pooled.append(np.median(pooled_noise))
        used.append(np.median(noise_module.rank_aligned_points(values)[1]))
    sd = float(np.mean(spread))
    own_factor, pooled_factor = sd / float(np.mean(own)), sd / float(np.mean(pooled))
    calibrated_own = noise_module.RANK_NOISE_FACTORS[ranks] * float(np.mean(own)) / sd
    return own_factor, pooled_factor, calibrated_own, float(np.mean(used)) / sd


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--series", type=int, default=1500, help="series per cell (default 1500)")
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args(argv)
    if args.series < 2:
        parser.error(f"--series must be at least 2, got {args.series}")
    rng = np.random.default_rng(args.seed)
    print("| r | σ | own factor | pooled factor | in force (own / pooled) | own noise / sd | noise used / sd |")
    print("|---|---|---|---|---|---|---|")
    for ranks in sorted(noise_module.RANK_NOISE_FACTORS):
        for sigma in SIGMAS:
            own_factor, pooled_factor, own_ratio, used_ratio = calibrate(ranks, sigma, args.series, rng)
            in_force = f"{noise_module.RANK_NOISE_FACTORS[ranks]:.2f} / {noise_module.RANK_POOLED_FACTORS[ranks]:.2f}"
            print(f"| {ranks} | {sigma:g} | {own_factor:.2f} | {pooled_factor:.2f} | {in_force} | {own_ratio:.2f} | "
                  f"{used_ratio:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
