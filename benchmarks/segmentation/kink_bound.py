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
to ``ONSET_SLOPE`` and starts at x > 1 (c), or anywhere (d), against ``ONSET_RISE``. And for
growth onsets (:func:`~extrap_segmented.segmentation.trend.growth_onsets`): how far below the bound
set by the sizes after it the last flat size of such a function lies (e), against the
``min_relative_change`` (×1.1) an onset needs; and for onsets out of a climbing part
(:func:`~extrap_segmented.segmentation.trend.climbing_onsets`), the flat part's level the line
through it, the largest ratio of that miss to the one such an onset needs at its gap (f). And for
switches right after growth starts (:func:`~extrap_segmented.segmentation.trend.excess_jumps`, sizes
at least ``WIDE_GAP`` apart): the largest ratio of the excess's log-log slope over a gap to its
slope over the gap after (g), against ``GROWTH_JUMP`` (1.4) that such a switch needs.
"""
from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import numpy as np

from extrap_segmented.pmnf.terms import default_exponents, evaluate_terms
from extrap_segmented.segmentation.trend import (GROWTH_JUMP, KINK_FLAT, KINK_RISE, MIN_RELATIVE_CHANGE, ONSET_POINTS,
                                                 ONSET_RISE, ONSET_SLOPE, STANDOUT_JUMP, STANDOUT_STEP, climb_misses,
                                                 climb_needed, excess_slopes, onset_misses)

LOOSER = 0.1
"""How much steeper the gap after a kink may be in the looser rule of column (b)."""

LAYOUTS = {"doubling from 1": 2.0 ** np.arange(0, 23), "doubling from 2": 2.0 ** np.arange(1, 23),
           "×4 from 1": 4.0 ** np.arange(0, 12), "×4 from 2": 2 * 4.0 ** np.arange(0, 11),
           "×8 from 1": 8.0 ** np.arange(0, 8), "1, 2, …, 23": np.arange(1, 24.0),
           "×1.25 from 100": 100 * 1.25 ** np.arange(0, 20)}


def grid_functions(x: np.ndarray, grid: int):
    """Per term t1 of Extra-P's search space and constant c (1 or 0): log(c + a·t1 + b·t2) at the
    sizes ``x`` for every a, b of a log grid over 10^-8 … 10^8 and every term t2, an array (grid,
    grid, terms, sizes), each term scaled to 1 at the largest size (0 where the function is not
    positive), and whether the function is positive at every size (grid, grid, terms)."""
    terms = np.nan_to_num(evaluate_terms(x, default_exponents()), nan=0.0, posinf=0.0)
    terms = terms / np.maximum(terms.max(axis=1, keepdims=True), 1e-300)
    coefficients = 10 ** np.linspace(-8, 8, grid)
    for first in terms:
        for constant in (1.0, 0.0):
            y = constant + coefficients[:, None, None, None] * first + coefficients[None, :, None, None] * terms
            yield np.log(np.where(y > 0, y, 1.0)), np.all(y > 0, axis=-1)


def onset_worst(x: np.ndarray, grid: int, misses=onset_misses, needed: np.ndarray | float = 1.0) -> float:
    """The largest relative miss (see :func:`~extrap_segmented.segmentation.trend.onset_misses`, or
    ``misses``) of the functions of the grid at the sizes ``x``, divided by ``needed`` (per gap),
    where the shape of a growth onset holds; 0 where it never does."""
    largest = 0.0
    for v, positive in grid_functions(x, grid):
        for rows, fine in zip(v, positive):  # one coefficient a at a time: a batch that stays in cache
            miss, _ = misses(np.log(x), rows, 0.0, np.log1p(STANDOUT_STEP))
            largest = max(largest, float(np.max(np.where(fine[..., None] & np.isfinite(miss), miss / needed,
                                                         -np.inf))))
    return largest


def excess_worst(x: np.ndarray, grid: int) -> float:
    """The largest ratio of the excess's log-log slope over a gap to its slope over the gap after
    (see :func:`~extrap_segmented.segmentation.trend.excess_slopes`) of the functions of the grid at
    the sizes ``x`` where the shape of a switch right after growth starts holds; 0 where it never
    does."""
    def ratios(u: np.ndarray, v: np.ndarray, sigma: float, _least: float) -> tuple[np.ndarray, np.ndarray]:
        at, after, variance = excess_slopes(u, v, sigma, np.log(STANDOUT_JUMP), MIN_RELATIVE_CHANGE)
        with np.errstate(divide="ignore", invalid="ignore"):  # NaN where the shape does not hold
            return at / after, variance

    return onset_worst(x, grid, ratios)


def worst(x: np.ndarray, grid: int, steeper: Sequence[float], highest: float = KINK_FLAT,
          from_above_one: bool = False) -> list[tuple[float, float]]:
    """Per allowance in ``steeper``: (largest slope rise, largest jump factor) of a gap after a flat
    gap (log-log slope from −``KINK_FLAT`` to ``highest``; if ``from_above_one``, starting at x > 1)
    whose next gap is at most that much steeper, over all functions of the grid (evaluated once for
    all allowances)."""
    width = np.diff(np.log(x))
    rise, jump_factor = [0.0] * len(steeper), [0.0] * len(steeper)
    for v, positive in grid_functions(x, grid):
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
    least = MIN_RELATIVE_CHANGE
    print(f"\ngrowth onsets: the largest relative miss of the last flat size below the bound the "
          f"{ONSET_POINTS} sizes after it set; an onset needs a miss ≥ {least} (min_relative_change)")
    print("| sizes | (e) largest miss |")
    print("|---|---|")
    for name, x in LAYOUTS.items():
        print(f"| {name} | {onset_worst(x, args.grid):.4f} |")
    print("\nonsets out of a climbing part (the level the line through it): the largest ratio of that miss to "
          "the miss needed at its gap (min_relative_change × (width / log 2)^CLIMB_WIDTH_POWER); below 1 none is one")
    print("| sizes | (f) largest miss / needed |")
    print("|---|---|")
    for name, x in LAYOUTS.items():
        needed = climb_needed(np.log(x), least)
        print(f"| {name} | {onset_worst(x, args.grid, climb_misses, needed):.4f} |")
    print(f"\nswitches right after growth starts (sizes at least ×3 apart): the largest ratio of the excess's "
          f"log-log slope over a gap to its slope over the gap after; a switch needs ≥ {GROWTH_JUMP}")
    print("| sizes | (g) largest slope ratio |")
    print("|---|---|")
    for name, x in LAYOUTS.items():
        print(f"| {name} | {excess_worst(x, args.grid):.4f} |")
    print(f"wall time: {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
