"""``extrap-validate``'s batch path: one vectorised fit per (expectation, options, parameter values),
the same results as one fit per function, and a bad kernel isolated from its batch."""
from __future__ import annotations

import numpy as np

from extrap_segmented.adapters.expectations.validate_cli import validate_rows
from extrap_segmented.expectations.config import ExpectationEntry
from extrap_segmented.expectations.validation import ScalabilityValidator


def _rows(count=60, seed=0):
    rng = np.random.default_rng(seed)
    p = np.repeat([8, 16, 32, 64, 128, 256.0], 3)
    entry = ExpectationEntry(name="*", callpath="*", metric="*", expectation="O(p)")
    rows = []
    for i in range(count):
        e = (0.5, 1.0, 1.5)[i % 3]
        y = (1 + 0.01 * p ** e) * (1 + 0.05 * rng.standard_normal(p.size))
        rows.append((f"f{i}", entry, f"f{i}", "time", p, y, "O(p)", "p"))
    return rows


def test_batch_equals_one_fit_per_function():
    rows = _rows()
    batched = list(validate_rows(rows))
    assert len(batched) == len(rows)
    for (label, entry, _, _, x, y, expectation, variable), out in zip(rows, batched):
        alone = ScalabilityValidator(expectation, variable=variable, **entry.validator_options()).fit(x, y).result_
        result = out[1]
        assert out[0] == label and out[2] is None
        assert (result.verdict, result.row()["model"], result.row()["range"]) == \
            (alone.verdict, alone.row()["model"], alone.row()["range"])
    verdicts = {r[1].verdict for r in batched}
    assert len(verdicts) >= 2  # the data are not all alike


def test_bad_kernel_is_isolated_from_its_batch():
    rows = _rows(10)
    bad = list(rows[4])
    bad[5] = np.where(np.arange(bad[5].size) < 3, np.nan, bad[5])  # no value at p = 8
    rows[4] = tuple(bad)
    out = list(validate_rows(rows))
    assert out[4][1] is None and "contain NaN" in str(out[4][2])
    assert all(o[1] is not None and o[2] is None for i, o in enumerate(out) if i != 4)
