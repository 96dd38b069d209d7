"""A series validated in a batch of many gets the same result, bit for bit, as validated alone:
every sum over points or candidates in the fit runs in a fixed order per series
(``extrap_segmented.expectations.fit.sum_last``), not through batch-shaped BLAS or einsum kernels."""
from __future__ import annotations

import numpy as np
import pytest

from extrap_segmented.expectations.fit import fit_candidates, sum_last
from extrap_segmented.expectations.search_space import build_search_space
from extrap_segmented.expectations.validation import ScalabilityValidator


def _series(rng, x, count, repetitions):
    shapes = [x, x * np.log2(x), x ** 2, np.ones_like(x), np.sqrt(x), x ** 1.5]
    rows = []
    for i in range(count):
        base = rng.uniform(0.5, 50) * shapes[i % len(shapes)] + rng.uniform(0, 5)
        rows.append(base[:, None] * (1 + rng.normal(0, 0.05, size=(len(x), repetitions))))
    return np.array(rows)


@pytest.mark.parametrize("options", [{}, {"weighting": "none"}, {"criterion": "ftest"},
                                     {"expectation": "O(p^2)", "aggregation": "mean"},
                                     {"verdict_rule": "weights"}])
@pytest.mark.parametrize("repetitions", [1, 5])
def test_a_series_in_a_batch_equals_the_series_alone(options, repetitions):
    rng = np.random.default_rng(11 + repetitions)
    x = np.array([4.0, 8, 16, 32, 64, 128, 256])
    Y = _series(rng, x, 60, repetitions)
    validator = ScalabilityValidator(**options)
    batch = validator.validate_many(x, Y)
    for i in range(0, len(Y), 7):
        alone = validator.validate_many(x, Y[i:i + 1])[0]
        assert batch[i].to_dict() == alone.to_dict()
        assert repr(batch[i].model) == repr(alone.model)  # every float of the fit (repr: exact, NaN-safe)
    # a different batch (other neighbours, other size) changes nothing either
    assert [r.to_dict() for r in validator.validate_many(x, Y[::-1])][::-1] == [r.to_dict() for r in batch]


def test_candidate_fits_do_not_depend_on_the_batch():
    rng = np.random.default_rng(5)
    x = np.array([2.0, 4, 8, 16, 32, 64])
    terms = list(build_search_space("O(p)").terms)
    Y = rng.lognormal(size=(40, len(x))) * x
    W = rng.uniform(0.5, 2, size=Y.shape)
    for weights in (None, W):
        many = fit_candidates(x, Y, terms, weights)
        for i in (0, 17, 39):
            one = fit_candidates(x, Y[i:i + 1], terms, None if weights is None else weights[i:i + 1])
            for name in ("constant", "coefficient", "rss", "adjusted_r2", "r2", "tss"):
                assert np.array_equal(getattr(many, name)[i], getattr(one, name)[0], equal_nan=True), name


def test_sum_last_adds_in_order():
    A = np.array([[1e16, 1.0, -1e16, 1.0], [0.1, 0.2, 0.3, 0.4]])
    assert sum_last(A).tolist() == [((1e16 + 1.0) - 1e16) + 1.0, ((0.1 + 0.2) + 0.3) + 0.4]
    assert sum_last(np.zeros((3, 0))).tolist() == [0.0, 0.0, 0.0]


def test_large_batches_are_validated_in_parts_with_the_same_results(monkeypatch):
    """Memory grows with functions x candidates x points; a batch larger than BATCH_ELEMENTS is
    validated in parts, which changes no result (each series' result depends on its row only)."""
    import tracemalloc
    from extrap_segmented.expectations import validation
    rng = np.random.default_rng(3)
    x = np.array([4.0, 8, 16, 32, 64, 128, 256])
    Y = _series(rng, x, 40, 3)
    whole = ScalabilityValidator("O(p^4)").validate_many(np.repeat(x, 3), Y.reshape(40, -1))
    monkeypatch.setattr(validation, "BATCH_ELEMENTS", 2000)  # parts of about three series
    parts = ScalabilityValidator("O(p^4)").validate_many(np.repeat(x, 3), Y.reshape(40, -1))
    assert [r.to_dict() for r in parts] == [r.to_dict() for r in whole]
    # 400 series in an expectation-tailored space of O(p^64), 1,025 candidate terms: bounded by the
    # parts (2^20 values), 120 MiB traced in one batch
    Y = np.repeat(x[None, :], 400, axis=0) * (1 + 0.05 * rng.standard_normal((400, len(x))))
    monkeypatch.setattr(validation, "BATCH_ELEMENTS", 1 << 20)
    tracemalloc.start()
    ScalabilityValidator("O(p^64)", search="expectation").validate_many(x, Y)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 80 << 20, peak
