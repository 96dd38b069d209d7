"""How far a smooth PMNF function comes to a kink: the bounds behind ``trend.KINK_RISE`` and ``trend.ONSET_RISE``.

    python benchmarks/segmentation/kink_bound.py [--grid 80]

A kink (:func:`~extrap_segmented.segmentation.trend.kinks`) is a gap where the series leaves a flat
gap (log-log slope within ``KINK_FLAT`` of 0) with a rise that does not steepen after it. For
c + a·t1(x) + b·t2(x) — c 0 or 1, t1 and t2 any two terms of Extra-P's search space (each scaled
to 1 at the largest size), a and b on a log grid over 10^-8 … 10^8 — over several size layouts,
this prints the largest slope rise and the largest jump of a gap that has a flat gap before it and
(a) no steeper gap after it (the rule), or (b) a gap after it at most ``LOOSER`` steeper (a looser
rule, not used). A kink needs a rise of at least ``KINK_RISE`` and a jump of at least ×1.2; a
smooth function that came close would be a false change on noiseless data. The same for steep
kinks (:func:`~extrap_segmented.segmentation.trend.steep_kinks`): the gap before rises at a slope up
to ``ONSET_SLOPE`` and starts at x > 1 (c), or anywhere (d), against ``ONSET_RISE``.
"""
from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import numpy as np

from extrap_segmented.pmnf.terms import default_exponents, evaluate_terms
from extrap_segmented.segmentation.trend import KINK_FLAT, KINK_RISE, ONSET_RISE, ONSET_SLOPE

LOOSER = 0.1
"""How much steeper the gap after a kink may be in the looser rule of column (b)."""

LAYOUTS = {"doubling from 1": 2.0 ** np.arange(0, 23), "doubling from 2": 2.0 ** np.arange(1, 23),
           "×4 from 1": 4.0 ** np.arange(0, 12), "×4 from 2": 2 * 4.0 ** np.arange(0, 11),
           "×8 from 1": 8.0 ** np.arange(0, 8), "1, 2, …, 23": np.arange(1, 24.0),
           "×1.25 from 100": 100 * 1.25 ** np.arange(0, 20)}


def worst(x: np.ndarray, grid: int, steeper: Sequence[float], highest: float = KINK_FLAT,
          from_above_one: bool = False) -> list[tuple[float, float]]:
    """Per allowance in ``steeper``: (largest slope rise, largest jump factor) of a gap after a flat
    gap (log-log slope from −``KINK_FLAT`` to ``highest``; if ``from_above_one``, starting at x > 1)
    whose next gap is at most that much steeper, over all functions of the grid (evaluated once for
    all allowances)."""
    exponents = default_exponents()
    terms = np.nan_to_num(evaluate_terms(x, exponents), nan=0.0, posinf=0.0)
    terms = terms / np.maximum(terms.max(axis=1, keepdims=True), 1e-300)
    width = np.diff(np.log(x))
    coefficients = 10 ** np.linspace(-8, 8, grid)
    rise, jump_factor = [0.0] * len(steeper), [0.0] * len(steeper)
    for first in terms:
        for constant in (1.0, 0.0):
            # (grid, grid, terms, sizes): a·t1 + b·t2 for every a, b and second term
            y = constant + coefficients[:, None, None, None] * first + coefficients[None, :, None, None] * terms
            positive = np.all(y > 0, axis=-1)
            v = np.log(np.where(y > 0, y, 1.0))
            jump = np.diff(v, axis=-1)
            slope = jump / width
            before, at, after = slope[..., :-2], slope[..., 1:-1], slope[..., 2:]
            flat = (before >= -KINK_FLAT) & (before <= highest) & positive[..., None]
            if from_above_one:
                flat &= x[:-3] > 1
            for k, allowance in enumerate(steeper):
                shape = flat & (after <= at + allowance)
                if shape.any():
                    rise[k] = max(rise[k], float(np.max((at - before)[shape])))
                    jump_factor[k] = max(jump_factor[k], float(np.exp(np.max(jump[..., 1:-1][shape]))))
    return list(zip(rise, jump_factor))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--grid", type=int, default=80, help="grid points per coefficient (default 80)")
    args = parser.parse_args(argv)
    if args.grid < 2:
        parser.error(f"--grid: must be an integer >= 2, got {args.grid}")
    start = time.perf_counter()
    print(f"largest slope rise and jump of a smooth function after a flat gap (|slope| ≤ {KINK_FLAT}); "
          f"a kink needs a rise ≥ {KINK_RISE} and a jump ≥ ×1.2")
    print(f"| sizes | (a) gap after no steeper: rise | jump | (b) gap after ≤ {LOOSER} steeper: rise | jump |")
    print("|---|---|---|---|---|")
    for name, x in LAYOUTS.items():
        strict, loose = worst(x, args.grid, (0.0, LOOSER))
        print(f"| {name} | {strict[0]:.4f} | ×{strict[1]:.3f} | {loose[0]:.4f} | ×{loose[1]:.3f} |")
    print(f"\nsteep kinks: the same after a gap of slope {-KINK_FLAT} … {ONSET_SLOPE}, the gap after no steeper; "
          f"a steep kink needs a rise ≥ {ONSET_RISE} and the gap before starting at x > 1")
    print("| sizes | (c) from x > 1: rise | jump | (d) from x = 1 too: rise | jump |")
    print("|---|---|---|---|---|")
    for name, x in LAYOUTS.items():
        (above,) = worst(x, args.grid, (0.0,), ONSET_SLOPE, from_above_one=True)
        (anywhere,) = worst(x, args.grid, (0.0,), ONSET_SLOPE)
        print(f"| {name} | {above[0]:.4f} | ×{above[1]:.3f} | {anywhere[0]:.4f} | ×{anywhere[1]:.3f} |")
    print(f"wall time: {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
