"""Seeded synthetic measurement series with known change points (the paper's Section 4.1 protocol).

A series is either drawn from one random PMNF function (unsegmented) or split between two
independent random functions (segmented). Index convention as in `segmentation.window`:
``breakpoints`` is sorted, ends with ``n``; segment ``i`` is ``x[breakpoints[i-1]:breakpoints[i]]``.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.pmnf.terms import DEFAULT_EXPONENTS, evaluate_terms

Function = tuple[float, tuple[tuple[float, float, float], ...]]
"""``(c0, ((c1, i, j), ...))``: ``c0 + sum c * p^i * log2(p)^j``."""

LAYOUTS = ("linear", "pow2")
"""``linear``: p = 1, 2, …, n; ``pow2``: p = 2, 4, …, 2**n."""


@dataclass(frozen=True)
class SyntheticSeries:
    """One generated series.

    Attributes:
        x: parameter values, increasing.
        y: noisy values (the mean of the repetitions).
        breakpoints: true breakpoints, ``[n]`` for an unsegmented series, ``[k, n]`` when points
            ``0..k-1`` come from the first function and ``k..n-1`` from the second.
        functions: per segment ``(c0, ((c1, i, j), ...))`` meaning ``c0 + sum c * p^i * log2(p)^j``.
        truth: the noise-free values.
        samples: (repetitions, n) noisy values of each repetition; ``y`` is their mean.
    """
    x: np.ndarray
    y: np.ndarray
    breakpoints: list[int]
    functions: tuple[Function, ...]
    truth: np.ndarray | None = None
    samples: np.ndarray | None = None


def layout_values(layout: str, n: int) -> np.ndarray:
    """Returns the ``n`` parameter values of ``layout`` (one of `LAYOUTS`)."""
    if layout == "linear":
        return np.arange(1, n + 1, dtype=float)
    if layout == "pow2":
        return 2.0 ** np.arange(1, n + 1)
    raise InvalidInputError(f"unknown layout {layout!r}; valid layouts: {', '.join(LAYOUTS)}")


def random_function(rng: np.random.Generator, in_search_space: bool = True) -> Function:
    """Draws ``(c0, terms)``: one term of Extra-P's search space, or (outside) 1–2 terms with
    exponents i ~ U(0, 3), j ∈ {0, 1, 2} that Extra-P's search space generally cannot match."""
    c0 = rng.uniform(1.0, 100.0) if rng.random() < 0.8 else 0.0
    if in_search_space:
        i, j = DEFAULT_EXPONENTS[rng.integers(len(DEFAULT_EXPONENTS))]
        return c0, ((10 ** rng.uniform(-2, 1), float(i), float(j)),)
    count = 1 + int(rng.random() < 0.5)
    terms = tuple((10 ** rng.uniform(-2, 1), round(rng.uniform(0, 3), 3), float(rng.integers(3)))
                  for _ in range(count))
    return c0, terms


def evaluate_function(function: Function, x: np.ndarray) -> np.ndarray:
    """Evaluates a ``(c0, terms)`` function at ``x``."""
    c0, terms = function
    exponents = np.array([(i, j) for _, i, j in terms], dtype=float)
    coefficients = np.array([c for c, _, _ in terms])
    return c0 + coefficients @ evaluate_terms(x, exponents)


def make_series(n_left: int, n_right: int = 0, *, layout: str = "linear", noise: float = 0.0,
                in_search_space: bool = True, seed: int | np.random.Generator | None = None,
                repetitions: int = 1) -> SyntheticSeries:
    """Generates one series of ``n_left + n_right`` points.

    Args:
        n_left: points from the first function.
        n_right: points from a second, independent function (0: unsegmented series).
        layout: one of `LAYOUTS`.
        noise: relative noise level; each value is multiplied by ``1 + U(-noise, noise)``.
        in_search_space: draw functions from Extra-P's search space or outside it.
        seed: int or ``numpy.random.Generator``.
        repetitions: noisy repetitions of each value (independent noise); ``y`` is their mean.

    Returns:
        `SyntheticSeries`.

    Raises:
        InvalidInputError: negative counts, fewer than 2 points, noise outside [0, 1), fewer
            than 1 repetition.
    """
    if n_left < 1 or n_right < 0 or n_left + n_right < 2:
        raise InvalidInputError(f"need n_left ≥ 1, n_right ≥ 0 and ≥ 2 points, got {n_left} and {n_right}")
    if not 0 <= noise < 1:
        raise InvalidInputError(f"noise must be in [0, 1), got {noise!r}")
    if int(repetitions) != repetitions or repetitions < 1:
        raise InvalidInputError(f"repetitions must be an integer ≥ 1, got {repetitions!r}")
    rng = np.random.default_rng(seed)
    n = n_left + n_right
    x = layout_values(layout, n)
    first = random_function(rng, in_search_space)
    y = evaluate_function(first, x)
    functions = (first,)
    breakpoints = [n]
    if n_right:
        second = random_function(rng, in_search_space)
        y[n_left:] = evaluate_function(second, x[n_left:])
        functions = (first, second)
        breakpoints = [n_left, n]
    samples = y * (1 + rng.uniform(-noise, noise, (int(repetitions), n)))
    return SyntheticSeries(x=x, y=samples.mean(axis=0), breakpoints=breakpoints, functions=functions, truth=y,
                           samples=samples)


def paper_example() -> SyntheticSeries:
    """The paper's worked example: ``p²`` for p ≤ 5, ``30 + p`` for p = 6…10 (p = 6 lies on both).

    Returns:
        `SyntheticSeries` with breakpoints ``[5, 10]``.
    """
    x = np.arange(1, 11, dtype=float)
    y = np.where(x <= 5, x ** 2, 30 + x)
    return SyntheticSeries(x=x, y=y, breakpoints=[5, 10], truth=y, samples=y[None, :],
                           functions=((0.0, ((1.0, 2.0, 0.0),)), (30.0, ((1.0, 1.0, 0.0),))))


def smooth_misfit(x: np.ndarray, truth: np.ndarray) -> float:
    """Relative RMS error by which the best smooth single function misses a noise-free series.

    The smooth single function is a constant plus one or two terms of Extra-P's search space, or
    one term with a continuous exponent, fitted by relative least squares
    (:class:`~extrap_segmented.segmentation.costs.SmoothFitCost`). A change is *visible* at
    noise level ``noise`` when this misfit is at least twice ``noise`` (the benchmark's
    definition).
    """
    from extrap_segmented.segmentation.costs import SmoothFitCost
    cost = SmoothFitCost().fit(np.asarray(x, dtype=float), np.asarray(truth, dtype=float))
    return float(np.sqrt(cost.errors([0], [len(x)])[0] / len(x)))
