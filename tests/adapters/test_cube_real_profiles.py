"""Aggregate equality with Extra-P's --cube on real Score-P profiles, when some are available.

No package on PyPI that we checked ships real Score-P ``.cubex`` files in its sdist (pycubexr 0.0.2,
1.0.0 and 2.1.1, extrap 4.0.0 and 4.2.5, cubex 0.1, llnl-hatchet 2026.2.0, llnl-thicket 2026.1.1), and
measured data may not be committed here. Point ``EXTRAP_SEGMENTED_REAL_CUBE_DIR`` at a directory of
Extra-P-style Score-P experiment directories (``<set>/<app>.p8.r1/profile.cubex``) to run this test.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from test_cube_rank_reader import assert_same_aggregates


def _real_sets():
    root = os.environ.get("EXTRAP_SEGMENTED_REAL_CUBE_DIR")
    if not root:
        return []
    return sorted(p for p in Path(root).iterdir() if p.is_dir() and any(p.glob("*/*.cubex")))


@pytest.fixture(scope="session")
def real_cube_sets():
    sets = _real_sets()
    if not sets:
        pytest.skip("no real Score-P profiles: none of the checked PyPI sdists ships any, and measured data is not "
                    "committed; set EXTRAP_SEGMENTED_REAL_CUBE_DIR to a directory of experiment directories")
    return sets


@pytest.mark.parametrize("scaling", ["weak", "strong"])
@pytest.mark.parametrize("inclusive", [False, True])
def test_aggregates_equal_stock_reader_on_real_profiles(real_cube_sets, scaling, inclusive):
    for directory in real_cube_sets:
        assert_same_aggregates(directory, scaling, inclusive)
