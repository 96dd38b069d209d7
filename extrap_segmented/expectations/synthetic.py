"""Seeded synthetic scaling series for testing and benchmarking expectation validation.

The paper's MPI study in miniature: costs ``c0 + c1·g(p)`` for known ``g`` measured at
``p = 2^3 … 2^12`` with ``repetitions`` noisy repetitions each (multiplicative Gaussian noise of
relative standard deviation ``noise``). The constant ``c0`` is drawn between 0 and ``g`` at the
smallest scale, so the growing term always matters.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from extrap_segmented.expectations.complexity import ComplexityTerm, parse_expectation
from extrap_segmented.exceptions import InvalidInputError

MPI_FUNCTIONS = ("O(log p)", "O(p)", "O(p log p)", "O(p^1.5)")
DEFAULT_SCALES = 2.0 ** np.arange(3, 13)


@dataclass
class SyntheticCases:
    """Generated series: ``values[i]`` has shape (points, repetitions) and follows ``truths[i]``.

    Attributes:
        x: parameter values, shape (points,).
        values: shape (cases, points, repetitions).
        truths: true leading term of each case.
        expectations: expectation text each case is validated against.
    """

    x: np.ndarray
    values: np.ndarray
    truths: list
    expectations: list


def scaling_series(term, x, *, noise=0.05, repetitions=5, constant=None, coefficient=1.0, rng=None):
    """One noisy series ``(constant + coefficient·term(x))·(1 + noise·N(0,1))``, shape (n, r).

    Raises:
        InvalidInputError: negative noise or fewer than one repetition.
    """
    if noise < 0 or repetitions < 1:
        raise InvalidInputError(f"noise must be >= 0 and repetitions >= 1, got {noise}, {repetitions}")
    rng = np.random.default_rng(rng)
    term = term if isinstance(term, ComplexityTerm) else parse_expectation(term).term
    x = np.asarray(x, dtype=float)
    g = term.evaluate(x)
    if constant is None:
        constant = rng.uniform(0, 1) * g[0]
    clean = constant + coefficient * g
    return clean[:, None] * (1 + noise * rng.standard_normal((len(x), repetitions)))


def generate_cases(n_cases=1000, *, functions=MPI_FUNCTIONS, expectations=MPI_FUNCTIONS, noise=0.05,
                   repetitions=5, x=DEFAULT_SCALES, seed=0) -> SyntheticCases:
    """``n_cases`` series with a true function and an expectation each drawn uniformly."""
    rng = np.random.default_rng(seed)
    truths = [parse_expectation(f).term for f in functions]
    x = np.asarray(x, dtype=float)
    values = np.empty((n_cases, len(x), repetitions))
    chosen_truths, chosen_expectations = [], []
    for i in range(n_cases):
        t = truths[rng.integers(len(truths))]
        chosen_truths.append(t)
        chosen_expectations.append(expectations[rng.integers(len(expectations))])
        values[i] = scaling_series(t, x, noise=noise, repetitions=repetitions, rng=rng)
    return SyntheticCases(x, values, chosen_truths, chosen_expectations)


REALISTIC_FUNCTIONS = ("O(1)", "O(log p)", "O(p^0.5)", "O(p)", "O(p log p)", "O(p^1.5)", "O(p^2)")
REALISTIC_EXPECTATIONS = ("O(log p)", "O(p)", "O(p log p)")


@dataclass
class RealisticCase:
    """One realistic series: ``values`` has shape (points, repetitions); ``noise`` is the relative
    noise at the smallest scale, ``step`` the factor of a level shift (1: none), ``outliers`` the
    number of repetitions hit by an outlier."""

    x: np.ndarray
    values: np.ndarray
    truth: ComplexityTerm
    expectation: str
    noise: float
    step: float
    outliers: int


def realistic_cases(n_cases=2000, *, functions=REALISTIC_FUNCTIONS, expectations=REALISTIC_EXPECTATIONS,
                    noise=None, seed=0, step_probability=0.15, outlier_probability=0.25,
                    floor: float = 3.0) -> list:
    """Series as measured on real machines, for benchmarking verdicts.

    * 5-8 power-of-two scales starting at 4, 8 or 16, with 3-5 repetitions;
    * cost ``c0 + c1·g(p)`` with ``c0`` up to ``floor`` x the term at the smallest scale (latency
      floors; the larger, the less the growth shows on few points);
    * multiplicative noise of 2-20 % (or ``noise``) at the smallest scale that grows with p, up to
      twice that at the largest (contention);
    * with ``step_probability``, a level shift of 1.1-1.4x from a random scale on (protocol or
      algorithm switch); with ``outlier_probability``, one or two repetitions 1.5-4x too slow.
    """
    rng = np.random.default_rng(seed)
    truths = [parse_expectation(f).term for f in functions]
    cases = []
    for _ in range(n_cases):
        n = int(rng.integers(5, 9))
        x = 2.0 ** (int(rng.integers(2, 5)) + np.arange(n))
        reps = int(rng.integers(3, 6))
        truth = truths[rng.integers(len(truths))]
        g = truth.evaluate(x)
        clean = rng.uniform(0, floor) * g[0] + g
        level = float(rng.uniform(0.02, 0.20)) if noise is None else float(noise)
        sigma = level * (1 + rng.uniform(0, 1) * np.log2(x / x[0]) / np.log2(x[-1] / x[0]))
        step = 1.0
        if rng.uniform() < step_probability:
            step = float(rng.uniform(1.1, 1.4))
            clean = np.where(np.arange(n) >= rng.integers(1, n), clean * step, clean)
        values = clean[:, None] * (1 + sigma[:, None] * rng.standard_normal((n, reps)))
        outliers = 0
        if rng.uniform() < outlier_probability:
            outliers = int(rng.integers(1, 3))
            for _ in range(outliers):
                values[rng.integers(n), rng.integers(reps)] *= rng.uniform(1.5, 4.0)
        cases.append(RealisticCase(x, np.abs(values), truth, expectations[rng.integers(len(expectations))],
                                   level, step, outliers))
    return cases
