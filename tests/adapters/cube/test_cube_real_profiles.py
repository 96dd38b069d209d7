"""--cube-ranks against Extra-P's --cube and Cube's own CSV export, on real Score-P profiles.

Measured data may not be committed here, so this runs only when ``EXTRAP_SEGMENTED_REAL_CUBE_DIR``
points at a directory of Extra-P-style experiment directories (``<set>/<app>.p8.r1/profile.cubex``),
e.g. the one ``python benchmarks/cube/cube_real_profiles.py --prepare <pycubexr git dir> <dir>`` builds
from pycubexr's repository (docs/cube.md, "Real Score-P profiles"). ``excl.csv``/``incl.csv`` next to
a profile (Cube's export of every value) are compared as well. The layouts found there are rebuilt
with the writer in ``tests/unit/cube/test_cube_real_layouts.py`` so that CI covers them without real data.
"""
from __future__ import annotations

import csv
import os
import warnings
from pathlib import Path

import numpy as np
import pytest
from pycubexr import CubexParser

from extrap_segmented.cube.directory import parse_run_name
from extrap_segmented.cube.profile import read_cubex
from test_cube_rank_reader import aggregate_differences

EXTREMUM_DTYPES = {"MINDOUBLE": np.minimum, "MAXDOUBLE": np.maximum}


def _real_sets():
    root = os.environ.get("EXTRAP_SEGMENTED_REAL_CUBE_DIR")
    if not root:
        return []
    return sorted(p for p in Path(root).iterdir() if p.is_dir() and any(p.glob("*/*.cubex")))


@pytest.fixture(scope="session")
def real_cube_sets():
    sets = _real_sets()
    if not sets:
        pytest.skip("no real Score-P profiles (measured data is not committed); set EXTRAP_SEGMENTED_REAL_CUBE_DIR "
                    "to a directory of experiment directories, see docs/cube.md")
    return sets


def _preorder(cube):
    out = []

    def walk(cnode, prefix):
        path = f"{prefix}->{cnode.region.name}" if prefix else cnode.region.name
        out.append((cnode, path))
        for child in cnode.get_children():
            walk(child, path)
    for root in cube.get_root_cnodes():
        walk(root, "")
    return out


def cube_rule_inclusive(profile: Path, metric: str) -> dict[str, list[np.ndarray]]:
    """Inclusive values of a MIN/MAXDOUBLE metric computed as CubeLib does (extremum over the stored
    values of the subtree, unlisted cnodes neutral), from pycubexr's parse of the file: an
    implementation independent of the reader under test. Returns call path -> per-location rows."""
    with CubexParser(str(profile)) as cube:
        info = cube.get_metric_by_name(metric)
        values = cube.get_metric_values(info, cache=False)
        op = EXTREMUM_DTYPES[info.data_type]

        def inclusive(cnode):
            row = None
            if cnode.id in values.cnode_indices:
                row = np.asarray(values.cnode_values(cnode).astype(float))
            for child in cnode.get_children():
                sub = inclusive(child)
                if sub is not None:
                    row = sub if row is None else op(row, sub)
            return row
        out: dict[str, list[np.ndarray]] = {}
        for cnode, path in _preorder(cube):
            if cnode.id in values.cnode_indices:
                out.setdefault(path, []).append(inclusive(cnode))
    return out


@pytest.mark.parametrize("scaling", ["weak", "strong"])
@pytest.mark.parametrize("inclusive", [False, True])
def test_aggregates_equal_stock_reader_on_real_profiles(real_cube_sets, scaling, inclusive):
    """Bit-for-bit equal aggregates, except inclusive MIN/MAXDOUBLE values where pycubexr departs from
    Cube: there our per-location values must be Cube's, recomputed independently."""
    for directory in real_cube_sets:
        files = sorted(directory.glob("*/*.cubex"))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            dtypes = {m.name: m.dtype for m in read_cubex(files[0]).metrics}
        stock, ours, differences = aggregate_differences(directory, scaling, inclusive)
        unexplained = [d for d in differences if not (inclusive and dtypes.get(d[0][1].name) in EXTREMUM_DTYPES)]
        assert not unexplained, (directory.name, unexplained[:5])
        for (callpath, metric) in {d[0] for d in differences}:
            for m in ours.measurements[(callpath, metric)]:
                runs = [f for f in files if _point_of(f, directory) == m.coordinate.as_tuple()]
                expected = [row for f in runs for row in cube_rule_inclusive(f, metric.name)[callpath.name]]
                np.testing.assert_array_equal(m.values, np.asarray(expected), err_msg=f"{directory.name} {callpath}")


def _point_of(run: Path, directory: Path) -> tuple:
    """Coordinate of a run: the values of the parameters that vary in ``directory``."""
    names, values = parse_run_name(run.parent.name)
    all_values = [parse_run_name(f.parent.name)[1] for f in directory.glob("*/*.cubex")]
    varying = [i for i in range(len(names)) if len({tuple(v)[i] for v in all_values}) > 1]
    return tuple(float(values[i]) for i in varying)


def _csv(path: Path):
    with open(path) as f:
        rows = list(csv.reader(f))
    return [h.strip() for h in rows[0]], np.array([[float(x) for x in r] for r in rows[1:]])


@pytest.mark.parametrize("kind", ["excl", "incl"])
def test_values_equal_cube_csv_export(real_cube_sets, kind):
    """Every value read equals Cube's CSV export (printed with 6 significant digits for some columns);
    metrics without data in the file are zero in the export."""
    compared = 0
    for export in sorted(p for d in real_cube_sets for p in d.glob(f"*/{kind}.csv")):
        profile = next(export.parent.glob("*.cubex"))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ours = read_cubex(profile, inclusive=kind == "incl")
        header, data = _csv(export)
        with CubexParser(str(profile)) as cube:
            row_of = {cnode.id: i for i, (cnode, _) in enumerate(_preorder(cube))}
            col_of = {loc.id: j for j, loc in enumerate(cube.get_locations())}
        rows = np.array([row_of[int(c)] for c in data[:, 0]])
        cols = np.array([col_of[int(t)] for t in data[:, 1]])
        for k, name in enumerate(header[2:], start=2):
            truth = np.zeros((len(ours.callpaths), len(ours.locations)))
            truth[rows, cols] = data[:, k]
            values = ours.values.get(name, np.zeros_like(truth))
            np.testing.assert_allclose(values, truth, rtol=5e-6, atol=1e-12, err_msg=f"{export} {name}")
            compared += truth.size
    if not compared:
        pytest.skip(f"no {kind}.csv next to the real profiles")
