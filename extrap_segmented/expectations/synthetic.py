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
