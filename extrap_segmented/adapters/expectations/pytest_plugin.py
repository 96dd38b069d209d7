"""pytest plugin ``extrap_expectations``: assert measured scaling against a big-O expectation.

    def test_sort_scales(assert_scaling):
        assert_scaling((my_sort, [2**k for k in range(10, 16)]), "O(n log n)")

    def test_allreduce(assert_scaling):
        assert_scaling({8: [1.2, 1.3], 16: [1.5, 1.4], ...}, "O(log p)", aggregation="q1")

A failing assertion prints the table row (expectation, model, adjusted R², δ, verdict) and the
deviation limits. Loaded by every pytest run where extrap-segmented is installed, so this module
imports neither numpy nor Extra-P at import time.
"""
from __future__ import annotations

import pytest

_FAIL_ON_CHOICES = ("no-match", "approximate", "inconclusive", "never")


def pytest_addoption(parser):
    group = parser.getgroup("extrap-expectations", "scaling expectations (extrap-segmented)")
    group.addoption("--extrap-aggregation", action="store", default="median",
                    help="aggregation of repetitions for assert_scaling: mean, median, min or q1 "
                         "(default: median)")
    group.addoption("--extrap-fail-on", action="store", default="no-match",
                    help="verdicts that fail assert_scaling: no-match, approximate, inconclusive or "
                         "never (default: no-match)")
    group.addoption("--extrap-repetitions", action="store", type=int, default=5,
                    help="repetitions per parameter value when assert_scaling times a callable (default: 5)")


def _parse_fail_on(value: str) -> set:
    items = {v.strip() for v in str(value).split(",") if v.strip()}
    bad = items - set(_FAIL_ON_CHOICES)
    if bad:
        raise pytest.UsageError(f"--extrap-fail-on: unknown value(s) {sorted(bad)}; "
                                f"use {', '.join(_FAIL_ON_CHOICES)}")
    return set() if "never" in items else items


def pytest_configure(config):
    config.addinivalue_line("markers", "scaling: test asserts measured scaling (extrap-segmented)")
    _parse_fail_on(config.getoption("--extrap-fail-on"))


class ScalingAssertionError(AssertionError):
    """Raised by ``assert_scaling``; ``result`` holds the ValidationResult."""

    def __init__(self, message, result=None):
        super().__init__(message)
        self.result = result


def _measurements_to_arrays(measurements):
    import numpy as np
    if isinstance(measurements, dict):
        xs, ys = [], []
        for x, values in measurements.items():
            values = np.atleast_1d(np.asarray(values, dtype=float))
            xs.extend([float(x)] * values.size)
            ys.extend(values.tolist())
        return np.array(xs), np.array(ys)
    if isinstance(measurements, tuple) and len(measurements) == 2 and callable(measurements[0]):
        raise TypeError("callables are timed by assert_scaling itself")
    x, y = measurements
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if y.ndim == 2:  # (points, repetitions)
        return np.repeat(x, y.shape[1]), y.ravel()
    return x, y


def time_callable(function, values, repetitions: int = 5):
    """Wall-clock seconds of ``function(value)`` for each value, ``repetitions`` times each."""
    import time
    xs, ys = [], []
    for value in values:
        function(value)  # warm-up
        for _ in range(repetitions):
            start = time.perf_counter()
            function(value)
            ys.append(time.perf_counter() - start)
            xs.append(float(value))
    return xs, ys


def check_scaling(measurements, expectation, *, fail_on=("no-match",), repetitions=5, **options):
    """Validates and raises :class:`ScalingAssertionError` on a verdict in ``fail_on``.

    Args:
        measurements: ``{x: value or [repetitions]}``, ``(x, y)`` arrays (``y`` may be
            (points, repetitions)), or ``(callable, parameter values)`` to time the callable.
        expectation: e.g. ``"O(n log n)"``.
        fail_on: verdicts that fail: ``no-match``, ``approximate``, ``inconclusive``.
        repetitions: timing repetitions for a callable.
        **options: keyword options of ScalabilityValidator (deviation, upper_bound, aggregation, ...).

    Returns:
        The ValidationResult.
    """
    from extrap_segmented.expectations.validation import format_adjusted_r2, validate_series
    if isinstance(measurements, tuple) and len(measurements) == 2 and callable(measurements[0]):
        x, y = time_callable(measurements[0], list(measurements[1]), repetitions)
    else:
        x, y = _measurements_to_arrays(measurements)
    result = validate_series(x, y, expectation, **options)
    failing = {"no-match": "no match", "approximate": "approximate", "inconclusive": "inconclusive"}
    if any(result.verdict == failing[f] for f in fail_on if f in failing):
        row = result.row()
        r2 = format_adjusted_r2(row["adjusted_r2"])
        changes = "; ".join(c.describe(result.variable) for c in result.changes)
        raise ScalingAssertionError(
            f"scaling does not meet {row['expectation']}: {result.verdict}"
            + (f" (changes {changes})" if changes else "") + "\n"
            f"  expectation  model  adj. R²  δ  verdict\n"
            f"  {row['expectation']}  {row['model']}  {r2}  {row['divergence']}  {result.verdict}\n"
            f"  model: {row['formula']}\n"
            f"  divergence δ = G/E = {row['divergence']}, deviation limits "
            f"{row['deviation_limits'][0]} … {row['deviation_limits'][1]}\n"
            f"  indistinguishable: {row['range']}"
            + (f"\n  changes: {changes} (JSON: {row['changes']})" if changes else "")
            + "".join(f"\n  note: {note}" for note in result.notes), result)
    return result


@pytest.fixture
def assert_scaling(request):
    """Fixture returning ``assert_scaling(measurements, expectation, **options)`` (see check_scaling)."""
    config = request.config
    defaults = {"aggregation": config.getoption("--extrap-aggregation")}
    fail_on = _parse_fail_on(config.getoption("--extrap-fail-on"))
    repetitions = config.getoption("--extrap-repetitions")

    def _assert(measurements, expectation, **options):
        __tracebackhide__ = True
        merged = {**defaults, **options}
        merged.setdefault("fail_on", fail_on)
        merged.setdefault("repetitions", repetitions)
        return check_scaling(measurements, expectation, **merged)

    return _assert


@pytest.fixture
def scaling(assert_scaling):
    """Alias of :func:`assert_scaling`."""
    return assert_scaling
