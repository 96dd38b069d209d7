"""``search_ranges``: the segments of one series in one vectorized call, each with the hypothesis its
own ``search`` chooses and costs equal to rounding (the padding of shorter segments reorders sums)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extrap_segmented.pmnf.search import search, search_ranges

REAL = Path(__file__).resolve().parents[3] / "fixtures" / "real"

FIELDS = ("intercept", "coefficient", "mean", "constant_cost", "rss", "nrss", "rrss", "re", "smape", "ar2")


def _assert_as_alone(x, y, ranges, **options):
    batched = search_ranges(x, y, ranges, **options)
    assert len(batched) == len(ranges)
    for (a, b), fits in zip(ranges, batched):
        alone = search(x[a:b], y[a:b], **options)
        assert fits.term[0] == alone.term[0], (a, b)
        for name in FIELDS:  # 1e-9 relative: the padding changes the last bits only (1e-12 seen)
            np.testing.assert_allclose(getattr(fits, name), getattr(alone, name), rtol=1e-9, atol=0.0, err_msg=name)


@pytest.mark.parametrize("crossvalidation", [True, False])
def test_each_segment_gets_the_hypothesis_of_its_own_search(crossvalidation):
    # a real sweep (the means, as Extra-P's default modeler fits them) cut where the segmented
    # modeler cuts it: the 4-rank Bcast's inline step (256|512 B) and eager switch (2048|4096 B)
    lines = (REAL / "mpi" / "idle" / "bcast_4.txt").read_text().splitlines()
    x = np.array([float(v) for v in next(line for line in lines if line.startswith("POINTS")).split()[1:]])
    y = np.array([np.mean([float(v) for v in line.split()[1:]]) for line in lines if line.startswith("DATA")])
    _assert_as_alone(x, y, [(0, 9), (9, 12), (12, 23)], crossvalidation=crossvalidation)
    assert search_ranges(x, y, []) == []


@settings(max_examples=60, deadline=None)
@given(st.integers(9, 40), st.lists(st.integers(3, 12), min_size=1, max_size=4), st.integers(0, 2 ** 31 - 1))
def test_segments_of_random_series_get_their_own_hypotheses(n, lengths, seed):
    rng = np.random.default_rng(seed)
    x = np.sort(rng.uniform(1, 4096, n))
    y = rng.uniform(0.5, 3) * x ** rng.uniform(0, 1.5) * np.exp(rng.normal(0, 0.05, n)) + rng.uniform(0, 5)
    bounds = np.minimum(np.cumsum([0] + lengths), n)
    ranges = [(int(a), int(b)) for a, b in zip(bounds, bounds[1:]) if b - a >= 3]
    _assert_as_alone(x, y, ranges)
